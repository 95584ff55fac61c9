//! Server-rendered pages (askama), one module per audience: the table's tablet and the match
//! scoreboard (`table`), the PIC (`pic`), the committee (`committee`), the director
//! (`director`), captains and the public (`public`), and accounts (`account`).
//!
//! This module holds what every page shares: the `Chrome` (the signed-in user, role-aware
//! navigation, the CSRF token for its forms and a one-shot flash message) and the helpers that
//! render a page or a live fragment. Pages call services for their data; they neither query
//! `db` nor touch the match desk's internals, and the URLs they answer are listed in the one
//! route table (`web::routes`), not here.

pub mod account;
pub mod analysis;
pub mod board_view;
pub mod committee;
pub mod director;
pub mod duplicate;
pub mod duplicate_phone;
pub mod duplicate_print;
pub mod individual;
pub mod individual_desk;
pub mod individual_phone;
pub mod individual_public;
pub mod online;
pub mod pic;
pub mod public;
pub mod table;

use actix_web::cookie::Cookie;
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse};
use askama::Template;
use serde::Deserialize;

use crate::auth::Claims;
use crate::error::AppError;
use crate::vocab::{EventId, Role, TagScope};
use crate::web::i18n::Lang;
use crate::web::session::CsrfToken;

const FLASH_COOKIE: &str = "arbiter_flash";

/// A link in the header.
#[derive(Debug, Clone)]
pub struct NavLink {
    /// Where it goes.
    pub href: String,
    /// What it says.
    pub label: String,
}

impl NavLink {
    fn new(href: impl Into<String>, label: impl Into<String>) -> Self {
        Self {
            href: href.into(),
            label: label.into(),
        }
    }
}

/// The header links for a signed-in user, from the role tags in their session: each role sees
/// only the pages it may use (a table device has no use for the events list, which refuses it).
fn nav_for(user: &Claims, lang: Lang) -> Vec<NavLink> {
    let t = |key: &str| lang.t(key);
    let mut nav = vec![NavLink::new("/", t("nav-home"))];
    // The events list answers administrators and directors only (`rounds::directed_events`).
    if user.adm || user.roles.iter().any(|t| t.role == Role::Director) {
        nav.push(NavLink::new("/events", t("nav-events")));
    }
    // With roles in several events, each link says which event it is for.
    let mut events: Vec<EventId> = user.roles.iter().filter_map(|t| t.event).collect();
    events.sort_unstable();
    events.dedup();
    let label = |key: &str, event: Option<EventId>| {
        let text = lang.t(key);
        if events.len() > 1 {
            let e = event.map(|e| e.to_string()).unwrap_or_default();
            lang.t_args("nav-in-event", &[("link", text), ("event", e)])
        } else {
            text
        }
    };
    for tag in &user.roles {
        let e = tag.event;
        // A grant in every event (no event in the tag) has no event page to link to; a table
        // device's and a captain's links do not need one.
        let event = || e.map(|e| e.to_string()).unwrap_or_default();
        let links = match (tag.role, tag.scope) {
            (Role::Table, TagScope::Table(_)) => {
                vec![NavLink::new("/table", label("nav-my-table", e))]
            }
            (Role::Pic, TagScope::Event) if e.is_some() => vec![NavLink::new(
                format!("/events/{}/pic", event()),
                label("nav-challenges", e),
            )],
            (Role::Committee, TagScope::Event) if e.is_some() => {
                vec![NavLink::new(
                    format!("/events/{}/committee", event()),
                    label("nav-committee", e),
                )]
            }
            // The director may also stand in for the PIC and the committee (README, Security).
            (Role::Director, TagScope::Event) if e.is_some() => vec![
                NavLink::new(format!("/events/{}", event()), label("nav-event-desk", e)),
                NavLink::new(
                    format!("/events/{}/pic", event()),
                    label("nav-challenges", e),
                ),
                NavLink::new(
                    format!("/events/{}/committee", event()),
                    label("nav-committee", e),
                ),
            ],
            (Role::Captain, TagScope::Team(team)) => vec![
                NavLink::new(
                    format!("/events/{}/standings", event()),
                    label("nav-standings", e),
                ),
                NavLink::new(format!("/teams/{team}"), label("nav-my-team", e)),
            ],
            _ => continue,
        };
        for link in links {
            if !nav.iter().any(|n| n.href == link.href) {
                nav.push(link);
            }
        }
    }
    // Online play (issue 17): every signed-in person may play; a table device is an event's
    // shared tablet, not a player, and keeps its header to the table.
    if !user.roles.iter().any(|t| t.role == Role::Table) {
        nav.push(NavLink::new("/online", t("nav-online")));
    }
    if user.adm {
        nav.push(NavLink::new("/admin/users", t("nav-users")));
    }
    nav.push(NavLink::new("/account", t("nav-account")));
    nav
}

/// Where a user lands after signing in without asking for a page: their own working page. An
/// administrator and a director of every event get the events list; then, in this order, the
/// event directed, the PIC's queue, the committee's register, the captain's team, the table's
/// tablet; anyone else the home page. With a role in several events, the newest event's page.
pub fn landing_for(user: &Claims) -> String {
    if user.adm {
        return "/events".into();
    }
    // The newest event's grant of `role` (a grant in every event counts as the newest).
    let find = |role: Role| {
        user.roles
            .iter()
            .filter(|t| t.role == role)
            .max_by_key(|t| t.event.map_or(i64::MAX, |e| e.0))
    };
    if let Some(t) = find(Role::Director) {
        return match t.event {
            Some(e) => format!("/events/{e}"),
            None => "/events".into(),
        };
    }
    for (role, page) in [(Role::Pic, "pic"), (Role::Committee, "committee")] {
        if let Some(e) = find(role).and_then(|t| t.event) {
            return format!("/events/{e}/{page}");
        }
    }
    if let Some(TagScope::Team(team)) = find(Role::Captain).map(|t| t.scope) {
        return format!("/teams/{team}");
    }
    if find(Role::Table).is_some() {
        return "/table".into();
    }
    "/".into()
}

/// The parts of the layout every page shares.
#[derive(Debug, Clone, Default)]
pub struct Chrome {
    /// Signed-in user, if any.
    pub user: Option<Claims>,
    /// CSRF token for the page's forms.
    pub csrf: String,
    /// One-shot message from the previous action.
    pub flash: Option<String>,
    /// Links this user may follow.
    pub nav: Vec<NavLink>,
    /// The language of the page (see `web::i18n` for how it is chosen).
    pub lang: Lang,
    /// This page's path and query (where the language switcher comes back to).
    pub here: String,
    /// Whether `lang` is the signed-in user's own setting (an event's default does not
    /// override it).
    pub lang_is_users: bool,
}

impl Chrome {
    /// The layout of a page drawn for nobody in particular in `lang` (a fragment rendered once
    /// for every reader of that language, outside any request).
    pub fn anonymous(lang: Lang) -> Self {
        let mut chrome = Self {
            user: None,
            csrf: String::new(),
            flash: None,
            nav: Vec::new(),
            here: "/".into(),
            lang,
            lang_is_users: false,
        };
        chrome.relabel();
        chrome
    }

    /// The layout for `user`, reading (and so consuming) the flash cookie.
    pub fn new(req: &HttpRequest, user: Option<Claims>, csrf: &CsrfToken) -> Self {
        let users = user
            .as_ref()
            .and_then(|u| u.lang.as_deref())
            .and_then(Lang::parse);
        let lang = users.unwrap_or_else(|| Lang::from_request(req));
        let flash = req
            .cookie(FLASH_COOKIE)
            .and_then(|c| decode_hex(c.value()))
            .filter(|s| !s.is_empty());
        let mut chrome = Self {
            user,
            csrf: csrf.0.clone(),
            flash,
            nav: Vec::new(),
            here: here(req),
            lang,
            lang_is_users: users.is_some(),
        };
        chrome.relabel();
        chrome
    }

    /// The layout of a page that belongs to an event: the event's default language applies
    /// unless the signed-in user chose their own.
    pub fn in_event(mut self, event_language: Option<&str>) -> Self {
        let lang = self.lang_in_event(event_language);
        if lang != self.lang {
            self.lang = lang;
            self.relabel();
        }
        self
    }

    /// The language of this reader on a page of an event whose default is `event_language`.
    pub fn lang_in_event(&self, event_language: Option<&str>) -> Lang {
        match event_language.and_then(Lang::parse) {
            Some(l) if !self.lang_is_users => l,
            _ => self.lang,
        }
    }

    /// The header's links and the flash message, in the page's language.
    fn relabel(&mut self) {
        self.nav = match &self.user {
            Some(u) => nav_for(u, self.lang),
            None => vec![NavLink::new("/", self.lang.t("nav-home"))],
        };
    }

    /// The flash message in the page's language.
    pub fn flash_text(&self) -> Option<String> {
        self.flash.as_deref().map(|f| flash_text(self.lang, f))
    }

    /// A service's or the rules' English refusal in the page's language, without its rule ID
    /// (`web::messages`); text the catalogues do not know as written.
    pub fn msg(&self, english: &str) -> String {
        localise(self.lang, english)
    }

    /// The rule ID a refusal names (`rule T7: …` gives `T7`), shown small beside its words;
    /// empty if it names none.
    pub fn rule_of(&self, english: &str) -> String {
        crate::web::messages::rule_of(english)
            .unwrap_or_default()
            .to_owned()
    }

    /// The catalogue's text for `key` in the page's language.
    pub fn t(&self, key: &str) -> String {
        self.lang.t(key)
    }

    /// The catalogue's text for `key` with one named argument.
    pub fn t1(&self, key: &str, name: &str, value: impl std::fmt::Display) -> String {
        self.lang.t_args(key, &[(name, value.to_string())])
    }

    /// The catalogue's text for `key` with two named arguments.
    pub fn t2(
        &self,
        key: &str,
        n1: &str,
        v1: impl std::fmt::Display,
        n2: &str,
        v2: impl std::fmt::Display,
    ) -> String {
        self.lang
            .t_args(key, &[(n1, v1.to_string()), (n2, v2.to_string())])
    }

    /// The catalogue's text for `key` with three named arguments.
    #[allow(clippy::too_many_arguments)]
    pub fn t3(
        &self,
        key: &str,
        n1: &str,
        v1: impl std::fmt::Display,
        n2: &str,
        v2: impl std::fmt::Display,
        n3: &str,
        v3: impl std::fmt::Display,
    ) -> String {
        self.lang.t_args(
            key,
            &[
                (n1, v1.to_string()),
                (n2, v2.to_string()),
                (n3, v3.to_string()),
            ],
        )
    }

    /// The languages the switcher offers, with whether each is the page's.
    pub fn languages(&self) -> Vec<(&'static str, &'static str, bool)> {
        Lang::ALL
            .iter()
            .map(|l| (l.code(), l.native_name(), *l == self.lang))
            .collect()
    }

    /// The player-facing words for refused commands, as JSON for `static/app.js` (which shows
    /// them next to the control that was refused).
    pub fn refusals_json(&self) -> String {
        crate::web::i18n::refusals_json(self.lang)
    }

    /// A minimal layout for error pages, which may be rendered outside any handler.
    pub fn for_error(req: &HttpRequest) -> Self {
        // Only a session this request already checked: a token's signature alone may belong
        // to a session that has ended.
        let user = super::session::identified(req);
        let users = user
            .as_ref()
            .and_then(|u| u.lang.as_deref())
            .and_then(Lang::parse);
        let lang = users.unwrap_or_else(|| Lang::from_request(req));
        Self {
            user,
            nav: vec![NavLink::new("/", lang.t("nav-home"))],
            here: here(req),
            lang,
            lang_is_users: users.is_some(),
            ..Self::default()
        }
    }
}

/// The request's path and query, for the language switcher to come back to.
fn here(req: &HttpRequest) -> String {
    req.uri()
        .path_and_query()
        .map_or_else(|| "/".to_owned(), |p| p.as_str().to_owned())
}

fn encode_hex(s: &str) -> String {
    s.bytes().map(|b| format!("{b:02x}")).collect()
}

fn decode_hex(s: &str) -> Option<String> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    let bytes: Option<Vec<u8>> = (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect();
    String::from_utf8(bytes?).ok()
}

/// Marks a flash message that is a catalogue key with arguments (`flash_key`), not text.
const FLASH_KEY: char = '\u{1}';

/// A flash message read from the catalogue on the next page, in that page's language:
/// `key` with named arguments.
pub fn flash_key(key: &str, args: &[(&str, String)]) -> String {
    let mut s = format!("{FLASH_KEY}{key}");
    for (k, v) in args {
        s.push('\u{2}');
        s.push_str(k);
        s.push('\u{3}');
        s.push_str(v);
    }
    s
}

/// The text of a flash message in `lang`: a `flash_key` is looked up; other text (a service's
/// refusal) goes through the catalogue's table of known messages.
fn flash_text(lang: Lang, flash: &str) -> String {
    let Some(rest) = flash.strip_prefix(FLASH_KEY) else {
        return crate::web::i18n::message(lang, flash);
    };
    let mut parts = rest.split('\u{2}');
    let key = parts.next().unwrap_or_default();
    let args: Vec<(&str, String)> = parts
        .filter_map(|p| p.split_once('\u{3}'))
        .map(|(k, v)| (k, v.to_owned()))
        .collect();
    lang.t_args(key, &args)
}

/// A redirect after a successful form, carrying a flash message to the next page.
pub fn redirect_with_flash(to: &str, message: &str) -> HttpResponse {
    HttpResponse::SeeOther()
        .insert_header((header::LOCATION, to))
        .cookie(
            Cookie::build(FLASH_COOKIE, encode_hex(message))
                .path("/")
                .http_only(true)
                .finish(),
        )
        .finish()
}

/// Marks the flash message as shown.
fn clear_flash(res: &mut HttpResponse, chrome: &Chrome) {
    if chrome.flash.is_some() {
        let mut c = Cookie::build(FLASH_COOKIE, "").path("/").finish();
        c.make_removal();
        let _ = res.add_cookie(&c);
    }
}

/// Renders a page, clearing a flash message it has shown.
pub fn page<T: Template>(
    t: &T,
    chrome: &Chrome,
    status: actix_web::http::StatusCode,
) -> Result<HttpResponse, AppError> {
    let html = t.render().map_err(AppError::internal)?;
    let mut res = HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(html);
    clear_flash(&mut res, chrome);
    Ok(res)
}

/// Renders a live fragment (no layout, no flash).
fn html<T: Template>(t: &T) -> Result<HttpResponse, AppError> {
    let body = t.render().map_err(AppError::internal)?;
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(body))
}

/// The error page.
#[derive(Template)]
#[template(path = "error.html")]
pub struct ErrorPage {
    /// Layout.
    pub chrome: Chrome,
    /// HTTP status.
    pub status: u16,
    /// Status name.
    pub title: String,
    /// What went wrong.
    pub message: String,
    /// The rule behind it, if it names one (shown small).
    pub rule: String,
}

/// A form with no fields but its CSRF token.
#[derive(Deserialize)]
pub struct Empty {}

/// A service's English message in `lang`, where the catalogue knows it (see
/// `web::i18n::MESSAGES`).
pub fn localise(lang: Lang, message: &str) -> String {
    crate::web::i18n::message(lang, message)
}
