//! The catalogues and the templates (issue 15, Languages): every key a template or the code
//! uses is in all three catalogues, the catalogues hold the same keys, and no template holds
//! text outside a catalogue key. README, "Languages", says how to fix what this reports.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use arbiter::web::i18n::{Lang, MESSAGES, SCRIPT_KEYS};
use arbiter::web::messages::{all_refusals, translate};

const LANGS: [&str; 3] = ["en", "id", "fr"];

fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            files(&p, ext, out);
        } else if p.extension().is_some_and(|e| e == ext) {
            out.push(p);
        }
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The message ids a catalogue defines (`key = …` at the start of a line).
fn catalogue_keys(lang: &str) -> BTreeSet<String> {
    let text = fs::read_to_string(root().join("locales").join(lang).join("main.ftl")).unwrap();
    text.lines()
        .filter_map(|l| {
            let (k, _) = l.split_once(" =")?;
            let ok = !k.is_empty()
                && k.chars().next().is_some_and(|c| c.is_ascii_lowercase())
                && k.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
            ok.then(|| k.to_owned())
        })
        .collect()
}

/// The first string argument of every call of one of `calls` (`chrome.t1("key", …)`).
fn string_args(text: &str, calls: &[&str]) -> Vec<String> {
    let mut keys = Vec::new();
    for call in calls {
        let needle = format!("{call}(\"");
        let mut rest = text;
        while let Some(i) = rest.find(&needle) {
            // A call, not the end of a longer name (`data_t(` is not `t(`).
            let before = rest[..i].chars().last();
            let after = &rest[i + needle.len()..];
            if !before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_')
                && let Some(end) = after.find('"')
            {
                keys.push(after[..end].to_owned());
            }
            rest = after;
        }
    }
    keys
}

/// Every key the templates and the code ask for, with where.
fn used_keys() -> Vec<(String, String)> {
    let mut used = Vec::new();
    let mut templates = Vec::new();
    files(&root().join("templates"), "html", &mut templates);
    for t in &templates {
        let text = fs::read_to_string(t).unwrap();
        for k in string_args(&text, &["chrome.t", "chrome.t1", "chrome.t2", "chrome.t3"]) {
            used.push((k, t.display().to_string()));
        }
    }
    let mut sources = Vec::new();
    files(&root().join("src"), "rs", &mut sources);
    for s in &sources {
        let text = fs::read_to_string(s).unwrap();
        let calls = [".t", "t_args", "flash_key", "label", ".t1", ".t2", ".t3"];
        for k in string_args(&text, &calls) {
            // Only catalogue-shaped strings: `label("…")` also names other things.
            if k.contains('-')
                && k.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
            {
                used.push((k, s.display().to_string()));
            }
        }
    }
    for k in SCRIPT_KEYS {
        used.push(((*k).to_owned(), "web::i18n::SCRIPT_KEYS".into()));
    }
    for (_, k) in MESSAGES {
        used.push(((*k).to_owned(), "web::i18n::MESSAGES".into()));
    }
    for (_, k) in all_refusals() {
        used.push(((*k).to_owned(), "web::messages".into()));
    }
    used
}

#[test]
fn every_key_used_is_in_every_catalogue() {
    let used = used_keys();
    assert!(used.len() > 300, "the scan found only {} uses", used.len());
    let mut missing = Vec::new();
    for lang in LANGS {
        let keys = catalogue_keys(lang);
        for (k, at) in &used {
            if !keys.contains(k) {
                missing.push(format!(
                    "{k} (used in {at}) is missing from locales/{lang}/main.ftl"
                ));
            }
        }
    }
    missing.dedup();
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    // And the loader really has them (the file parsed, no key dropped by a syntax error).
    for lang in Lang::ALL {
        for (k, at) in &used {
            assert!(lang.has(k), "{k} (used in {at}) does not load in {lang}");
        }
    }
}

#[test]
fn the_catalogues_hold_the_same_keys() {
    let en = catalogue_keys("en");
    assert!(en.len() > 250);
    for lang in ["id", "fr"] {
        let other = catalogue_keys(lang);
        let only_en: Vec<_> = en.difference(&other).collect();
        let only_other: Vec<_> = other.difference(&en).collect();
        assert!(only_en.is_empty(), "missing from {lang}: {only_en:?}");
        assert!(
            only_other.is_empty(),
            "only in {lang}, not in en: {only_other:?}"
        );
    }
}

#[test]
fn translations_are_translated() {
    // A catalogue copied without translating would pass the key checks: most sentences must
    // differ from the English (names, codes and numbers may not).
    for lang in [Lang::Id, Lang::Fr] {
        let keys = catalogue_keys("en");
        let same = keys
            .iter()
            // Messages with arguments are compared with their arguments given.
            .filter(|k| {
                let args = [("n", "2".to_owned()), ("name", "X".to_owned())];
                Lang::En.t(k) == lang.t(k)
                    && Lang::En.t_args(k, &args) == lang.t_args(k, &args)
                    && Lang::En.t(k) != **k
            })
            .count();
        assert!(
            same * 5 < keys.len(),
            "{same} of {} keys read the same in {lang}",
            keys.len()
        );
    }
}

/// Literal text that is not a language's words: rule IDs, a lexicon's name, data formats.
const ALLOWED: &[&str] = &[
    "CSW21",                                              // a lexicon's name, as example
    "team,player1,player2,captain[,reserve1,reserve2]",   // the CSV's column names (the format)
    r#"{"clock": {"side_ms": 1500000}}"#,                 // an overrides example (JSON)
    r#"{"turn_ms": 120000, "solo": {"enabled": false}}"#, // Duplicate options (JSON)
    "8H", // a Duplicate reference, as example (column 8 down, or row 8 across in GCG)
];

/// Whether a piece of a template's text (expressions removed) shows words to a reader.
fn is_words(text: &str) -> bool {
    let t = text.trim();
    if t.is_empty() || ALLOWED.contains(&t) {
        return false;
    }
    // A rule ID beside a heading (`T19`, `N9`, `T17d`).
    let rule_id = t.len() <= 4
        && t.starts_with(|c: char| c.is_ascii_uppercase())
        && t[1..].starts_with(|c: char| c.is_ascii_digit());
    !rule_id && t.chars().any(char::is_alphabetic)
}

/// `text` with `{{ … }}`, `{% … %}` and `{# … #}` blanked out.
fn strip_expressions(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    loop {
        let next = ["{{", "{%", "{#"]
            .iter()
            .filter_map(|o| rest.find(o).map(|i| (i, *o)))
            .min();
        let Some((i, open)) = next else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..i]);
        let close = match open {
            "{{" => "}}",
            "{%" => "%}",
            _ => "#}",
        };
        match rest[i..].find(close) {
            Some(j) => {
                out.push(' ');
                rest = &rest[i + j + close.len()..];
            }
            None => return out,
        }
    }
}

/// The user-visible literals in one template: text between tags and the attributes a reader
/// sees or hears (placeholder, title, aria-label, alt, data-confirm, a submit input's value).
fn literals(template: &str) -> Vec<String> {
    let mut found = Vec::new();
    // Attributes first, on the source (expressions inside attribute values are fine).
    for attr in ["placeholder", "title", "aria-label", "alt", "data-confirm"] {
        for quote in ['"', '\''] {
            let needle = format!(" {attr}={quote}");
            let mut rest = template;
            while let Some(i) = rest.find(&needle) {
                let after = &rest[i + needle.len()..];
                let value = after.split(quote).next().unwrap_or_default();
                if is_words(&strip_expressions(value)) {
                    found.push(format!("{attr}={value}"));
                }
                rest = after;
            }
        }
    }
    let stripped = strip_expressions(template);
    for tag in stripped.split('<').skip(1) {
        let (inside, text) = tag.split_once('>').unwrap_or((tag, ""));
        let button_input = inside.starts_with("input")
            && (inside.contains("type=\"submit\"") || inside.contains("type=\"button\""));
        if button_input && let Some(v) = inside.split("value=\"").nth(1) {
            let v = v.split('"').next().unwrap_or_default();
            if is_words(v) {
                found.push(format!("value={v}"));
            }
        }
        // `<code>` holds data formats; `<script>`/`<style>` hold no text for readers.
        let in_code = inside.starts_with("code");
        if !in_code && is_words(text) {
            found.push(text.trim().to_owned());
        }
    }
    found
}

#[test]
fn no_template_holds_an_untranslated_literal() {
    let mut templates = Vec::new();
    files(&root().join("templates"), "html", &mut templates);
    assert!(templates.len() >= 28);
    let mut bad = Vec::new();
    for t in &templates {
        for l in literals(&fs::read_to_string(t).unwrap()) {
            bad.push(format!("{}: {l:?}", t.display()));
        }
    }
    assert!(
        bad.is_empty(),
        "untranslated text in templates (put it in locales/*/main.ftl and use chrome.t):\n{}",
        bad.join("\n")
    );
}

#[test]
fn the_literal_check_finds_literals() {
    // The detector itself: each of these must be caught, and the translated forms must not.
    let caught = [
        "<p>Hello</p>",
        "<button>Save {{ x }}</button>",
        r#"<input placeholder="new password">"#,
        r#"<a title="Open it">x</a>"#,
        r#"<span aria-label="score">1</span>"#,
        r#"<form data-confirm="Sure?"></form>"#,
        r#"<input type="submit" value="Send">"#,
        "<h1>{{ name }} plays</h1>",
    ];
    for c in caught {
        assert!(!literals(c).is_empty(), "not caught: {c}");
    }
    let fine = [
        r#"<p>{{ chrome.t("x-y") }}</p>"#,
        r#"<input placeholder="{{ chrome.t("x-y") }}" name="tiles">"#,
        "<small>T19</small>",
        "<code>team,player1,player2,captain[,reserve1,reserve2]</code>",
        "<td>{{ a }} – {{ b }}</td>",
        "{# a comment with words #}<p>{% if x %}{{ y }}{% endif %}</p>",
    ];
    for f in fine {
        assert!(
            literals(f).is_empty(),
            "wrongly caught in {f}: {:?}",
            literals(f)
        );
    }
}

/// The `#[error("…")]` texts of a source file, each with its `{…}` parts filled with `X`.
fn error_texts(path: &str) -> Vec<String> {
    let text = fs::read_to_string(root().join(path)).unwrap();
    let mut out = Vec::new();
    let mut rest = text.as_str();
    while let Some(i) = rest.find("#[error(") {
        rest = &rest[i + "#[error(".len()..];
        // `#[error(transparent)]` has no words of its own.
        if !rest.trim_start().starts_with('"') {
            continue;
        }
        let Some(start) = rest.find('"') else { break };
        let Some(len) = rest[start + 1..].find('"') else {
            break;
        };
        let shape = &rest[start + 1..start + 1 + len];
        let mut filled = String::new();
        let mut inside = false;
        for c in shape.chars() {
            match c {
                '{' => inside = true,
                '}' => {
                    inside = false;
                    filled.push('X');
                }
                c if !inside => filled.push(c),
                _ => {}
            }
        }
        out.push(filled);
    }
    out
}

#[test]
fn every_refusal_of_the_rules_core_has_words_in_every_language() {
    // Typed refusals whose text is only a wrapper around another (checked as that one).
    const WRAPPERS: &[&str] = &[
        "match: X",
        "ruleset: X",
        "invalid command: X",
        "rule N5: X",
        "rule N9: X",
        "rule X: X",
        "rule D5: X",
        "game: X",
        "players: X",
        "settings: X",
        "X",
    ];
    // Every typed refusal of the rules core, whichever format it belongs to.
    let mut modules = Vec::new();
    files(&root().join("src/rules"), "rs", &mut modules);
    let mut texts: Vec<String> = modules
        .iter()
        .flat_map(|m| error_texts(m.strip_prefix(root()).unwrap().to_str().unwrap()))
        .filter(|t| !t.starts_with("internal error"))
        .collect();
    assert!(texts.len() > 120, "found only {} refusals", texts.len());
    // The reasons the wrappers carry (`Hold`, `Slip`, `Lifecycle` in a game).
    let game = fs::read_to_string(root().join("src/rules/game/error.rs")).unwrap();
    assert!(game.contains("Hold(&'static str)") && game.contains("Slip(&'static str)"));
    let mut sources = Vec::new();
    files(&root().join("src/rules/game"), "rs", &mut sources);
    for s in &sources {
        let text = fs::read_to_string(s).unwrap();
        for k in string_args(&text, &["Hold", "Slip", "Lifecycle"]) {
            texts.push(k);
        }
    }
    let mut missing = Vec::new();
    for t in texts.iter().filter(|t| !WRAPPERS.contains(&t.as_str())) {
        for lang in [Lang::En, Lang::Id, Lang::Fr] {
            match translate(lang, t) {
                Some(words) if lang == Lang::En || !t.contains(&words) => {}
                other => missing.push(format!("{t:?} in {lang}: {other:?}")),
            }
        }
    }
    assert!(
        missing.is_empty(),
        "refusals without words (add them to web::messages::REFUSALS):\n{}",
        missing.join("\n")
    );
}

/// Where the services and the web layer build a refusal, with the message's English words: every
/// `AppError` built from a string literal or a `format!` literal, its `{…}` parts filled with
/// `X`. Messages passed on from elsewhere (`e.to_string()`) are that elsewhere's words; 5xx
/// messages are never shown (`AppError::public_message`).
fn service_refusals(text: &str) -> Vec<String> {
    const CALLS: &[(&str, bool)] = &[
        ("AppError::field(", true),
        ("AppError::not_found(", false),
        ("AppError::bad_request(", false),
        ("AppError::Forbidden(", false),
        ("AppError::Unauthorized(", false),
        ("AppError::NotFound(", false),
        ("AppError::PayloadTooLarge(", false),
    ];
    let mut out = Vec::new();
    let mut push_literal = |after: &str| {
        let after = after.trim_start();
        let after = after
            .strip_prefix("format!(")
            .map(str::trim_start)
            .unwrap_or(after);
        if let Some(lit) = after.strip_prefix('"') {
            out.push(fill_holes(&read_literal(lit)));
        }
    };
    for (call, named_field) in CALLS {
        let mut rest = text;
        while let Some(i) = rest.find(call) {
            rest = &rest[i + call.len()..];
            let arg = if *named_field {
                // The message is the second argument: skip the field's name.
                let mut depth = 0i32;
                let mut cut = None;
                for (j, c) in rest.char_indices() {
                    match c {
                        '(' | '[' | '{' => depth += 1,
                        ')' | ']' | '}' if depth == 0 => break,
                        ')' | ']' | '}' => depth -= 1,
                        ',' if depth == 0 => {
                            cut = Some(j + 1);
                            break;
                        }
                        _ => {}
                    }
                }
                match cut {
                    Some(j) => &rest[j..],
                    None => continue,
                }
            } else {
                rest
            };
            push_literal(arg);
        }
    }
    for variant in ["AppError::Conflict {", "AppError::Unprocessable {"] {
        let mut rest = text;
        while let Some(i) = rest.find(variant) {
            rest = &rest[i + variant.len()..];
            if let Some(m) = rest.find("message:").filter(|m| *m < 40) {
                push_literal(&rest[m + "message:".len()..]);
            }
        }
    }
    out
}

/// A Rust string literal's text from after its opening quote (escapes and `\`-newline
/// continuations read as Rust reads them).
fn read_literal(src: &str) -> String {
    let mut out = String::new();
    let mut chars = src.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' => break,
            '\\' => match chars.next() {
                Some('\n') => {
                    while chars.peek().is_some_and(|c| c.is_whitespace()) {
                        chars.next();
                    }
                }
                Some('n') => out.push('\n'),
                Some(other) => out.push(other),
                None => break,
            },
            c => out.push(c),
        }
    }
    out
}

/// `{…}` format parts filled with `X` (`{{` and `}}` are braces).
fn fill_holes(shape: &str) -> String {
    let mut filled = String::new();
    let mut chars = shape.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                filled.push('{');
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                filled.push('}');
            }
            '{' => {
                for d in chars.by_ref() {
                    if d == '}' {
                        break;
                    }
                }
                filled.push('X');
            }
            c => filled.push(c),
        }
    }
    filled
}

#[test]
fn the_refusal_finder_reads_each_way_a_refusal_is_built() {
    let src = r#"
        AppError::field("name", format!("no team {team_id}"));
        AppError::field(&format!("{a}.b"), "choose one");
        AppError::not_found("no such \
            player");
        AppError::Conflict { message: format!("round {} is {{late}}", n), current: None };
        AppError::Forbidden(msg);
    "#;
    assert_eq!(
        service_refusals(src),
        [
            "no team X",
            "choose one",
            "no such player",
            "round X is {late}"
        ]
    );
}

#[test]
fn every_refusal_of_the_services_has_words_in_every_language() {
    let mut sources = Vec::new();
    for dir in ["src/services", "src/web"] {
        files(&root().join(dir), "rs", &mut sources);
    }
    sources.push(root().join("src/text.rs"));
    sources.push(root().join("src/error.rs"));
    let mut missing = BTreeSet::new();
    let mut seen = 0;
    for s in sources.iter().filter(|s| !s.ends_with("tests.rs")) {
        let text = fs::read_to_string(s).unwrap();
        // Refusals built in a file's own tests are not shown to anyone.
        let text = text.split("#[cfg(test)]").next().unwrap_or_default();
        for t in service_refusals(text) {
            seen += 1;
            for lang in [Lang::Id, Lang::Fr] {
                match translate(lang, &t) {
                    Some(words) if !words.contains(t.trim_end_matches('.')) => {}
                    _ => {
                        let at = s.strip_prefix(root()).unwrap_or(s).display().to_string();
                        missing.insert(format!("{t:?} ({at})"));
                    }
                }
            }
        }
    }
    assert!(seen > 200, "found only {seen} refusals");
    assert!(
        missing.is_empty(),
        "{} refusals without words (add them to web::messages):\n{}",
        missing.len(),
        missing.into_iter().collect::<Vec<_>>().join("\n")
    );
}
