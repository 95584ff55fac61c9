//! Issue 15, Languages: the pages' language comes from the user's own setting, else the
//! event's default (on the event's pages), else the switcher's cookie, else the browser's
//! `Accept-Language`, else English; a language the catalogues do not have is refused.

use crate::helpers::{Client, Hall, PASSWORD, TestApp};

fn hall() -> Hall {
    TestApp::builder().spawn().hall().build()
}

fn signed_in(h: &Hall, username: &str) -> Client {
    let mut c = h.app.client();
    assert_eq!(c.login_form(username, PASSWORD).status, 303);
    c
}

/// A page fetched with an `Accept-Language` header: its status and HTML.
fn get_in(c: &mut Client, path: &str, accept: &str) -> (u16, String) {
    let (res, body) = c.get_bytes(path, &[("Accept-Language", accept)]);
    (res.status, String::from_utf8(body).unwrap())
}

fn html_lang(html: &str) -> &str {
    html.split_once("<html lang=\"")
        .and_then(|(_, r)| r.split_once('"'))
        .map(|(l, _)| l)
        .expect("an <html lang>")
}

#[test]
fn accept_language_chooses_the_language_the_first_time_and_the_switcher_cookie_beats_it() {
    let h = hall();
    let mut c = h.app.client();
    let (_, fr) = get_in(&mut c, "/login", "fr-FR,fr;q=0.9,en;q=0.5");
    assert_eq!(html_lang(&fr), "fr");
    assert!(
        fr.contains("Se connecter") && fr.contains("Mot de passe"),
        "{fr}"
    );
    let (_, id) = get_in(&mut c, "/login", "id-ID,id;q=0.9");
    assert_eq!(html_lang(&id), "id");
    assert!(id.contains("Masuk") && id.contains("Kata sandi"), "{id}");
    // A language we do not have: English.
    let (_, de) = get_in(&mut c, "/login", "de-DE,de;q=0.9");
    assert_eq!(html_lang(&de), "en");
    assert!(de.contains("Sign in"));

    // The switcher stores a cookie and goes back where it was; the cookie beats the header.
    let res = c.get("/lang/id?next=/login");
    assert_eq!(res.status, 303);
    assert_eq!(res.header("location"), Some("/login"));
    let (_, page) = get_in(&mut c, "/login", "fr");
    assert_eq!(html_lang(&page), "id");
    // An unknown language is refused and changes nothing; a foreign `next` goes home.
    assert_eq!(c.get("/lang/de?next=/login").status, 404);
    let (_, page) = get_in(&mut c, "/login", "fr");
    assert_eq!(html_lang(&page), "id");
    let res = c.get("/lang/fr?next=//evil.example/");
    assert_eq!(res.header("location"), Some("/"));
}

#[test]
fn a_users_own_language_applies_on_every_page_and_a_bad_one_is_refused() {
    let h = hall();
    let mut c = signed_in(&h, "pic");
    let csrf = c.csrf_from("/account");
    // Refused: a language the catalogues do not have. The form says why; nothing is stored.
    let res = c.post_form("/account/language", &[("csrf", &csrf), ("language", "de")]);
    assert_eq!(res.status, 400);
    assert!(
        res.body
            .contains("&#34;de&#34; is not a language of the pages"),
        "{}",
        res.body
    );
    assert!(res.body.contains("aria-invalid=\"true\""));
    let (_, page) = get_in(&mut c, "/account", "en");
    assert_eq!(html_lang(&page), "en");
    assert!(!page.contains("value=\"de\""));

    let res = c.post_form("/account/language", &[("csrf", &csrf), ("language", "fr")]);
    assert_eq!(res.status, 303, "{}", res.body);
    // At once, and over the browser's own choice: the account page and the PIC's queue.
    let (_, page) = get_in(&mut c, "/account", "id");
    assert_eq!(html_lang(&page), "fr");
    assert!(page.contains("Langue enregistrée."), "the flash, in French");
    assert!(page.contains("<option value=\"fr\" selected>"));
    let (status, pic) = get_in(&mut c, &format!("/events/{}/pic", h.event_id), "id");
    assert_eq!(status, 200);
    assert_eq!(html_lang(&pic), "fr");
    assert!(pic.contains("Contestations") && pic.contains("Aucune contestation en cours."));

    // The user's setting beats the event's default; clearing it lets the event decide.
    let mut d = signed_in(&h, "director");
    let dc = d.csrf_from(&format!("/events/{}", h.event_id));
    let res = d.post_form(
        &format!("/events/{}/language", h.event_id),
        &[("csrf", &dc), ("language", "id")],
    );
    assert_eq!(res.status, 303, "{}", res.body);
    let (_, pic) = get_in(&mut c, &format!("/events/{}/pic", h.event_id), "en");
    assert_eq!(html_lang(&pic), "fr");
    let res = c.post_form("/account/language", &[("csrf", &csrf), ("language", "")]);
    assert_eq!(res.status, 303);
    let (_, pic) = get_in(&mut c, &format!("/events/{}/pic", h.event_id), "en");
    assert_eq!(html_lang(&pic), "id");
    assert!(pic.contains("Tantangan"), "{pic}");
}

#[test]
fn an_events_default_language_applies_to_its_pages_and_a_bad_one_is_refused() {
    let h = hall();
    let e = h.event_id;
    let mut d = signed_in(&h, "director");
    let dc = d.csrf_from(&format!("/events/{e}"));
    // Refused: at the form, with the field marked, and nothing stored.
    let res = d.post_form(
        &format!("/events/{e}/language"),
        &[("csrf", &dc), ("language", "xx")],
    );
    assert_eq!(res.status, 400, "{}", res.body);
    assert!(res.body.contains("no pages in language"), "{}", res.body);
    let mut visitor = h.app.client();
    let (_, page) = get_in(&mut visitor, &format!("/events/{e}/standings"), "en");
    assert_eq!(html_lang(&page), "en");

    let res = d.post_form(
        &format!("/events/{e}/language"),
        &[("csrf", &dc), ("language", "fr")],
    );
    assert_eq!(res.status, 303);
    // The event's pages, for a visitor whose browser asks for English, and the live fragment.
    let (_, page) = get_in(&mut visitor, &format!("/events/{e}/standings"), "en");
    assert_eq!(html_lang(&page), "fr");
    assert!(
        page.contains("Classement") && page.contains("Scores en direct"),
        "{page}"
    );
    let (_, frag) = get_in(&mut visitor, &format!("/events/{e}/standings/table"), "en");
    assert!(frag.contains("Équipe") && frag.contains("Écart"), "{frag}");
    // A page of no event keeps the visitor's own language.
    let (_, home) = get_in(&mut visitor, "/", "en");
    assert_eq!(html_lang(&home), "en");
    // The director's own page of the event, in the event's language too.
    let (_, desk) = get_in(&mut d, &format!("/events/{e}"), "en");
    assert_eq!(html_lang(&desk), "fr");
    assert!(desk.contains("Ajouter une équipe"));
}

#[test]
fn the_table_page_and_its_refusal_words_come_in_the_pages_language() {
    let mut h = hall();
    let m = h.new_match(1);
    let mut c = signed_in(&h, "table1");
    let (_, page) = get_in(&mut c, &format!("/matches/{m}/table"), "id");
    assert_eq!(html_lang(&page), "id");
    assert!(
        page.contains("Jalankan jam"),
        "the start button in Indonesian"
    );
    // The words app.js shows for refusals are in the page, in its language, as JSON.
    let json = page
        .split_once("<script type=\"application/json\" id=\"arbiter-text\">")
        .and_then(|(_, r)| r.split_once("</script>"))
        .map(|(j, _)| j)
        .expect("the script's words");
    let words: serde_json::Value = serde_json::from_str(json).unwrap();
    assert_eq!(
        words["js-t7-open"],
        "Masih ada tantangan terbuka: tunggu wasit."
    );
    let (_, page) = get_in(&mut c, &format!("/matches/{m}/table"), "fr");
    assert!(page.contains("Lancer les pendules"));
    assert!(
        page.contains("attendez l'arbitre")
            || page.contains("attendez l&#39;arbitre")
            || page.contains("attendez l\\u0027arbitre")
    );
}
