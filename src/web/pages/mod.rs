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
pub mod board_view;
pub mod committee;
pub mod director;
pub mod duplicate;
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
fn nav_for(user: &Claims) -> Vec<NavLink> {
    let mut nav = vec![NavLink::new("/", "Home")];
    // The events list answers administrators and directors only (`rounds::directed_events`).
    if user.adm || user.roles.iter().any(|t| t.role == Role::Director) {
        nav.push(NavLink::new("/events", "Events"));
    }
    // With roles in several events, each link says which event it is for.
    let mut events: Vec<EventId> = user.roles.iter().filter_map(|t| t.event).collect();
    events.sort_unstable();
    events.dedup();
    let label = |text: &str, event: Option<EventId>| {
        if events.len() > 1 {
            let e = event.map(|e| e.to_string()).unwrap_or_default();
            format!("{text} · event {e}")
        } else {
            text.to_owned()
        }
    };
    for tag in &user.roles {
        let e = tag.event;
        // A grant in every event (no event in the tag) has no event page to link to; a table
        // device's and a captain's links do not need one.
        let event = || e.map(|e| e.to_string()).unwrap_or_default();
        let links = match (tag.role, tag.scope) {
            (Role::Table, TagScope::Table(_)) => {
                vec![NavLink::new("/table", label("My table", e))]
            }
            (Role::Pic, TagScope::Event) if e.is_some() => vec![NavLink::new(
                format!("/events/{}/pic", event()),
                label("Challenges", e),
            )],
            (Role::Committee, TagScope::Event) if e.is_some() => {
                vec![NavLink::new(
                    format!("/events/{}/committee", event()),
                    label("Committee", e),
                )]
            }
            // The director may also stand in for the PIC and the committee (README, Security).
            (Role::Director, TagScope::Event) if e.is_some() => vec![
                NavLink::new(format!("/events/{}", event()), label("Event desk", e)),
                NavLink::new(format!("/events/{}/pic", event()), label("Challenges", e)),
                NavLink::new(
                    format!("/events/{}/committee", event()),
                    label("Committee", e),
                ),
            ],
            (Role::Captain, TagScope::Team(team)) => vec![
                NavLink::new(
                    format!("/events/{}/standings", event()),
                    label("Standings", e),
                ),
                NavLink::new(format!("/teams/{team}"), label("My team", e)),
            ],
            _ => continue,
        };
        for link in links {
            if !nav.iter().any(|n| n.href == link.href) {
                nav.push(link);
            }
        }
    }
    if user.adm {
        nav.push(NavLink::new("/admin/users", "Users"));
    }
    nav.push(NavLink::new("/account", "Account"));
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
}

impl Chrome {
    /// The layout for `user`, reading (and so consuming) the flash cookie.
    pub fn new(req: &HttpRequest, user: Option<Claims>, csrf: &CsrfToken) -> Self {
        let flash = req
            .cookie(FLASH_COOKIE)
            .and_then(|c| decode_hex(c.value()))
            .filter(|s| !s.is_empty());
        let nav = user
            .as_ref()
            .map(nav_for)
            .unwrap_or_else(|| vec![NavLink::new("/", "Home")]);
        Self {
            user,
            csrf: csrf.0.clone(),
            flash,
            nav,
        }
    }

    /// A minimal layout for error pages, which may be rendered outside any handler.
    pub fn for_error(req: &HttpRequest) -> Self {
        // Only a session this request already checked: a token's signature alone may belong
        // to a session that has ended.
        let user = super::session::identified(req);
        Self {
            user,
            nav: vec![NavLink::new("/", "Home")],
            ..Self::default()
        }
    }
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
}

/// A form with no fields but its CSRF token.
#[derive(Deserialize)]
pub struct Empty {}
