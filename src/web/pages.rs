//! Server-rendered pages (askama). Every page embeds a `Chrome`: the signed-in user, role-aware
//! navigation, the CSRF token for its forms and a one-shot flash message.

use actix_web::cookie::Cookie;
use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use askama_web::WebTemplate;
use serde::Deserialize;

use super::AppState;
use super::session::{
    Admin, CsrfForm, CsrfToken, MaybeUser, cleared_session_cookie, fresh_csrf_cookie,
    session_cookie,
};
use crate::auth::Claims;
use crate::error::AppError;
use crate::services::accounts;
use crate::vocab::{EventId, Role, TagScope};

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

/// The header links for a signed-in user, from the role tags in their session.
fn nav_for(user: &Claims) -> Vec<NavLink> {
    let mut nav = vec![NavLink::new("/", "Home"), NavLink::new("/events", "Events")];
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
        // A grant in every event (no event in the tag) has no page of its own to link to,
        // except a table device's and a captain's.
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
            (Role::Director, TagScope::Event) if e.is_some() => {
                vec![NavLink::new(
                    format!("/events/{}", event()),
                    label("Event desk", e),
                )]
            }
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

#[derive(Template, WebTemplate)]
#[template(path = "home.html")]
struct HomePage {
    chrome: Chrome,
}

/// `GET /`.
pub async fn home(
    req: HttpRequest,
    user: MaybeUser,
    csrf: CsrfToken,
) -> Result<HttpResponse, AppError> {
    let chrome = Chrome::new(&req, user.0, &csrf);
    page(
        &HomePage {
            chrome: chrome.clone(),
        },
        &chrome,
        actix_web::http::StatusCode::OK,
    )
}

#[derive(Template)]
#[template(path = "login.html")]
struct LoginPage {
    chrome: Chrome,
    username: String,
    next: String,
    error: Option<String>,
}

#[derive(Deserialize)]
pub struct NextQuery {
    next: Option<String>,
}

/// Only same-site paths may be redirected to after login: one leading `/` followed by
/// printable ASCII. Browsers drop tabs and newlines from a `Location` (so `/\t/evil.example`
/// becomes `//evil.example`, another site) and read `/\\` as `//`; a control character in a
/// header is also not sendable at all.
pub fn safe_next(next: Option<&str>) -> String {
    match next {
        Some(n)
            if n.starts_with('/')
                && !n.starts_with("//")
                && n.chars().all(|c| c.is_ascii_graphic() && c != '\\') =>
        {
            n.to_owned()
        }
        _ => "/".to_owned(),
    }
}

/// `GET /login`.
pub async fn login_form(
    req: HttpRequest,
    user: MaybeUser,
    csrf: CsrfToken,
    q: web::Query<NextQuery>,
) -> Result<HttpResponse, AppError> {
    let chrome = Chrome::new(&req, user.0, &csrf);
    let p = LoginPage {
        chrome: chrome.clone(),
        username: String::new(),
        next: safe_next(q.next.as_deref()),
        error: None,
    };
    page(&p, &chrome, actix_web::http::StatusCode::OK)
}

/// The login form's fields.
#[derive(Deserialize)]
pub struct LoginForm {
    username: String,
    password: String,
    next: Option<String>,
}

/// `POST /login`: on success a session cookie and a redirect; on failure the form again, with
/// one message that does not say which part was wrong.
pub async fn login(
    req: HttpRequest,
    state: web::Data<AppState>,
    csrf: CsrfToken,
    form: CsrfForm<LoginForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.0;
    let peer = req
        .peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_default();
    let outcome = accounts::login(&state, &form.username, &form.password, &peer).await;
    match outcome {
        Ok(session) => {
            let next = safe_next(form.next.as_deref());
            Ok(HttpResponse::SeeOther()
                .insert_header((header::LOCATION, next))
                .cookie(session_cookie(
                    session.token,
                    state.settings.session_hours,
                    state.settings.secure_cookies,
                ))
                // A new CSRF seed for the new session (see `fresh_csrf_cookie`).
                .cookie(fresh_csrf_cookie(state.settings.secure_cookies))
                .finish())
        }
        Err(
            e @ (AppError::Unauthorized(_)
            | AppError::Forbidden(_)
            | AppError::TooManyRequests { .. }),
        ) => {
            let status = actix_web::ResponseError::status_code(&e);
            let chrome = Chrome::new(&req, None, &csrf);
            let p = LoginPage {
                chrome: chrome.clone(),
                username: form.username,
                next: safe_next(form.next.as_deref()),
                error: Some(e.public_message()),
            };
            let mut res = page(&p, &chrome, status)?;
            if let AppError::TooManyRequests { retry_after, .. } = e
                && let Ok(v) = header::HeaderValue::from_str(&retry_after.to_string())
            {
                res.headers_mut().insert(header::RETRY_AFTER, v);
            }
            Ok(res)
        }
        Err(e) => Err(e),
    }
}

/// `POST /logout`: ends the session on the server (its token stops working everywhere, cookie
/// or Bearer) and clears the cookie.
pub async fn logout(
    state: web::Data<AppState>,
    user: MaybeUser,
    _form: CsrfForm<Empty>,
) -> Result<HttpResponse, AppError> {
    if let Some(u) = &user.0 {
        accounts::logout(&state, &u.sid).await?;
    }
    let mut res = redirect_with_flash("/", "You are signed out.");
    let _ = res.add_cookie(&cleared_session_cookie(state.settings.secure_cookies));
    let _ = res.add_cookie(&fresh_csrf_cookie(state.settings.secure_cookies));
    Ok(res)
}

/// A form with no fields but its CSRF token.
#[derive(Deserialize)]
pub struct Empty {}

#[derive(Template)]
#[template(path = "admin_users.html")]
struct UsersPage {
    chrome: Chrome,
    users: Vec<accounts::UserView>,
    form_username: String,
    error: Option<String>,
    error_field: String,
}

/// `GET /admin/users`.
pub async fn users_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    admin: Admin,
    csrf: CsrfToken,
) -> Result<HttpResponse, AppError> {
    let users = state.db(accounts::list_users).await?;
    let chrome = Chrome::new(&req, Some(admin.0), &csrf);
    let p = UsersPage {
        chrome: chrome.clone(),
        users,
        form_username: String::new(),
        error: None,
        error_field: String::new(),
    };
    page(&p, &chrome, actix_web::http::StatusCode::OK)
}

/// Fields of the new-user form.
#[derive(Deserialize)]
pub struct NewUserForm {
    username: String,
    password: String,
    #[serde(default)]
    is_admin: Option<String>,
}

/// `POST /admin/users`: creates an account, or shows the form again with the reason.
pub async fn create_user(
    req: HttpRequest,
    state: web::Data<AppState>,
    admin: Admin,
    csrf: CsrfToken,
    form: CsrfForm<NewUserForm>,
) -> Result<HttpResponse, AppError> {
    let form = form.0;
    let username = form.username.clone();
    let is_admin = form.is_admin.is_some();
    let result = state
        .db(move |conn| accounts::create_user(conn, &form.username, &form.password, is_admin))
        .await;
    match result {
        Ok(u) => Ok(redirect_with_flash(
            "/admin/users",
            &format!("Account {} created.", u.username),
        )),
        Err(e @ (AppError::BadRequest { .. } | AppError::Conflict { .. })) => {
            let field = match &e {
                AppError::BadRequest { field, .. } => field.clone().unwrap_or_default(),
                _ => "username".into(),
            };
            let users = state.db(accounts::list_users).await?;
            let chrome = Chrome::new(&req, Some(admin.0), &csrf);
            let p = UsersPage {
                chrome: chrome.clone(),
                users,
                form_username: username,
                error: Some(e.public_message()),
                error_field: field,
            };
            page(&p, &chrome, actix_web::http::StatusCode::BAD_REQUEST)
        }
        Err(e) => Err(e),
    }
}
