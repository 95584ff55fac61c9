//! The pages' languages: English, Indonesian and French (issue 15, Languages).
//!
//! Every piece of text a page shows comes from a Fluent catalogue, one file per language
//! (`locales/<code>/main.ftl`), embedded in the binary at compile time. Templates ask the page's
//! `Chrome` for it (`{{ chrome.t("key") }}`, `{{ chrome.t1("key", "name", value) }}`); Rust code
//! that writes text for a page uses [`Lang::t`] / [`Lang::t_args`]. The language of a request is
//! chosen once, in this order: the signed-in user's own setting, the event's default (on a page
//! that belongs to an event), the visitor's `arbiter_lang` cookie (the header's switcher), the
//! browser's `Accept-Language`, English.

use std::borrow::Cow;
use std::collections::{BTreeSet, HashMap};
use std::sync::OnceLock;

use actix_web::HttpRequest;
use actix_web::http::header;
use fluent_syntax::ast;
use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader, langid, static_loader};

static_loader! {
    static LOCALES = {
        locales: "./locales",
        fallback_language: "en",
        // Pages are HTML: no Unicode isolation marks around arguments (they would show up in
        // copied text and in tests' text matching).
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

static EN: LanguageIdentifier = langid!("en");
static ID: LanguageIdentifier = langid!("id");
static FR: LanguageIdentifier = langid!("fr");

/// The cookie the language switcher sets for visitors (and signed-in users without a setting).
pub const LANG_COOKIE: &str = "arbiter_lang";

/// A language the pages are available in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// English (the fallback).
    #[default]
    En,
    /// Bahasa Indonesia.
    Id,
    /// Français.
    Fr,
}

impl Lang {
    /// Every language, in the order the switcher lists them.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Id, Lang::Fr];

    /// The BCP 47 code (`<html lang>`, the stored setting, the cookie).
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Id => "id",
            Lang::Fr => "fr",
        }
    }

    /// The language's own name, as the switcher shows it.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Id => "Bahasa Indonesia",
            Lang::Fr => "Français",
        }
    }

    /// A stored or submitted code; `None` for anything else (refused, never guessed).
    pub fn parse(code: &str) -> Option<Lang> {
        match code {
            "en" => Some(Lang::En),
            "id" => Some(Lang::Id),
            "fr" => Some(Lang::Fr),
            _ => None,
        }
    }

    fn id(self) -> &'static LanguageIdentifier {
        match self {
            Lang::En => &EN,
            Lang::Id => &ID,
            Lang::Fr => &FR,
        }
    }

    /// The text of `key`. A key missing from the catalogues (which the catalogue test forbids)
    /// shows as the key itself rather than failing the page.
    pub fn t(self, key: &str) -> String {
        LOCALES
            .try_lookup(self.id(), key)
            .unwrap_or_else(|| key.to_owned())
    }

    /// The text of `key` with named arguments; an argument that reads as a whole number is
    /// passed as a number, so the catalogue can choose plural forms.
    pub fn t_args(self, key: &str, args: &[(&str, String)]) -> String {
        self.try_t_args(key, args).unwrap_or_else(|| key.to_owned())
    }

    fn try_t_args(self, key: &str, args: &[(&str, String)]) -> Option<String> {
        let map: HashMap<Cow<'static, str>, FluentValue> = args
            .iter()
            .map(|(k, v)| {
                let value = match v.parse::<i64>() {
                    Ok(n) => FluentValue::from(n),
                    Err(_) => FluentValue::from(v.clone()),
                };
                (Cow::Owned((*k).to_owned()), value)
            })
            .collect();
        LOCALES.try_lookup_with_args(self.id(), key, &map)
    }

    /// Whether `key` is in this language's catalogue and formats (Fluent reports a message
    /// with a missing argument as not found, so every argument name the catalogues use, read
    /// from their parsed text, is given).
    pub fn has(self, key: &str) -> bool {
        let args: Vec<(&str, String)> = argument_names()
            .iter()
            .map(|n| (n.as_str(), "1".to_owned()))
            .collect();
        self.try_t_args(key, &args).is_some()
    }

    /// The first language of an `Accept-Language` header we have, by the header's weights.
    pub fn from_accept_language(value: &str) -> Option<Lang> {
        let mut ranked: Vec<(f32, usize, Lang)> = value
            .split(',')
            .enumerate()
            .filter_map(|(i, part)| {
                let mut bits = part.trim().split(';');
                let tag = bits.next()?.trim().to_ascii_lowercase();
                let q = bits
                    .find_map(|b| b.trim().strip_prefix("q="))
                    .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())?;
                let primary = tag.split('-').next()?;
                // `in` is the old code for Indonesian, still sent by some Android browsers.
                let lang = match primary {
                    "in" => Some(Lang::Id),
                    p => Lang::parse(p),
                }?;
                (q > 0.0).then_some((q, i, lang))
            })
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
        ranked.first().map(|r| r.2)
    }

    /// The visitor's own choice without an account setting: the switcher's cookie, else the
    /// browser's `Accept-Language`, else English.
    pub fn from_request(req: &HttpRequest) -> Lang {
        req.cookie(LANG_COOKIE)
            .and_then(|c| Lang::parse(c.value()))
            .or_else(|| {
                req.headers()
                    .get(header::ACCEPT_LANGUAGE)
                    .and_then(|v| v.to_str().ok())
                    .and_then(Lang::from_accept_language)
            })
            .unwrap_or_default()
    }
}

/// The catalogues' text, as `static_loader!` embeds it (read again here for their syntax tree).
const SOURCES: [&str; 3] = [
    include_str!("../../locales/en/main.ftl"),
    include_str!("../../locales/id/main.ftl"),
    include_str!("../../locales/fr/main.ftl"),
];

/// Every `$argument` any catalogue's message or term uses, from the parsed catalogues: a new
/// argument in a catalogue needs no change here.
pub fn argument_names() -> &'static BTreeSet<String> {
    static NAMES: OnceLock<BTreeSet<String>> = OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names = BTreeSet::new();
        for source in SOURCES {
            // A catalogue with syntax errors still yields the entries that parsed (the catalogue
            // test reports the ones that did not).
            let resource = match fluent_syntax::parser::parse(source) {
                Ok(r) | Err((r, _)) => r,
            };
            for entry in &resource.body {
                let (value, attributes) = match entry {
                    ast::Entry::Message(m) => (m.value.as_ref(), &m.attributes),
                    ast::Entry::Term(t) => (Some(&t.value), &t.attributes),
                    _ => continue,
                };
                value
                    .into_iter()
                    .chain(attributes.iter().map(|a| &a.value))
                    .for_each(|p| pattern_names(p, &mut names));
            }
        }
        names
    })
}

fn pattern_names(p: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for el in &p.elements {
        if let ast::PatternElement::Placeable { expression } = el {
            expression_names(expression, out);
        }
    }
}

fn expression_names(e: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::Expression::Select { selector, variants } => {
            inline_names(selector, out);
            for v in variants {
                pattern_names(&v.value, out);
            }
        }
        ast::Expression::Inline(i) => inline_names(i, out),
    }
}

fn inline_names(e: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match e {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_owned());
        }
        ast::InlineExpression::FunctionReference { arguments, .. }
        | ast::InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        } => {
            for a in &arguments.positional {
                inline_names(a, out);
            }
            for a in &arguments.named {
                inline_names(&a.value, out);
            }
        }
        ast::InlineExpression::Placeable { expression } => expression_names(expression, out),
        _ => {}
    }
}

/// The keys `static/app.js` reads from the page (`<script id="arbiter-text">`): the words for
/// refused commands and the few sentences the script writes itself.
pub const SCRIPT_KEYS: &[&str] = &[
    "js-refused",
    "js-rule",
    "js-offline",
    "js-connection-lost",
    "js-unreachable",
    "js-final-scores",
    "js-points",
    "js-t7-open",
    "js-t14-complete",
    "js-t14-opposing",
    "js-t1-turn",
    "js-t5-flag",
    "js-t17-over",
    "js-t8-again",
    "js-t13-withdrawn",
    "js-c3-first",
    "js-conflict",
    "js-forbidden",
    "js-unauthorized",
    "js-dup-refused",
    "js-dup-unreachable",
    "js-dup-recorded",
    "js-dup-warnings",
    "js-dup-zero",
    "js-dup-slip-unreachable",
];

/// [`SCRIPT_KEYS`] in `lang`, as a JSON object safe inside a `<script>` element.
pub fn refusals_json(lang: Lang) -> String {
    let map: serde_json::Map<String, serde_json::Value> = SCRIPT_KEYS
        .iter()
        .map(|k| ((*k).to_owned(), serde_json::Value::String(lang.t(k))))
        .collect();
    let mut map = map;
    map.insert(
        "refusals".to_owned(),
        crate::web::messages::refusals_for_script(lang),
    );
    // `<` escaped: no `</script>` or `<!--` can end the element early.
    serde_json::Value::Object(map)
        .to_string()
        .replace('<', "\\u003c")
}

/// Messages written in English by the services that reach a page as a flash or an error, and
/// their catalogue keys. Text not listed here is shown as written (a refusal's detail naming a
/// team or a word, which the catalogue cannot know).
pub const MESSAGES: &[(&str, &str)] = &[
    ("sign in first", "msg-sign-in-first"),
    ("only an administrator may do this", "msg-admin-only"),
    ("only the event's director may do this", "msg-director-only"),
    ("not found", "msg-not-found"),
    ("wrong username or password", "msg-wrong-login"),
    ("this session has ended; sign in again", "msg-session-ended"),
];

/// A service's English message in `lang`, where the catalogue knows it (here or, by its shape,
/// in `web::messages::REFUSALS`); other text as written.
pub fn message(lang: Lang, english: &str) -> String {
    crate::web::messages::translate(lang, english).unwrap_or_else(|| english.to_owned())
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_language_picks_the_best_language_we_have() {
        assert_eq!(
            Lang::from_accept_language("fr-FR,fr;q=0.9,en;q=0.8"),
            Some(Lang::Fr)
        );
        assert_eq!(
            Lang::from_accept_language("de-DE, id;q=0.5, en;q=0.4"),
            Some(Lang::Id)
        );
        assert_eq!(
            Lang::from_accept_language("en;q=0.2, fr;q=0.7"),
            Some(Lang::Fr)
        );
        assert_eq!(Lang::from_accept_language("in-ID"), Some(Lang::Id));
        assert_eq!(Lang::from_accept_language("de, es"), None);
        assert_eq!(Lang::from_accept_language("fr;q=0"), None);
        assert_eq!(Lang::from_accept_language(""), None);
    }

    #[test]
    fn argument_names_come_from_the_catalogues() {
        let names = argument_names();
        // Plain arguments, arguments only inside a select's variants, and a select's selector.
        for n in ["n", "name", "spread", "winner", "status", "reason"] {
            assert!(names.contains(n), "{n} not found in {names:?}");
        }
        assert!(!names.iter().any(|n| n.starts_with('$') || n.is_empty()));
    }

    #[test]
    fn codes_round_trip_and_unknown_codes_are_refused() {
        for l in Lang::ALL {
            assert_eq!(Lang::parse(l.code()), Some(l));
        }
        assert_eq!(Lang::parse("FR"), None);
        assert_eq!(Lang::parse("de"), None);
        assert_eq!(Lang::parse(""), None);
    }
}
