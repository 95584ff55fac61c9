//! Account pages: signing in and out, changing one's own password, and the administrator's
//! pages (the user list, new accounts, password reset, disable, enable). Each that ends
//! sessions does so on the server (see `services::sessions`).

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::{Chrome, Empty, page, redirect_with_flash};
use crate::error::AppError;
use crate::services::accounts::{self, PasswordChange};
use crate::vocab::UserId;
use crate::web::AppState;
use crate::web::i18n::{LANG_COOKIE, Lang};
use crate::web::session::{
    Admin, CsrfForm, CsrfToken, CurrentUser, MaybeUser, account_deps, cleared_session_cookie,
    fresh_csrf_cookie, session_cookie,
};

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
    let outcome =
        accounts::login(&account_deps(&state), &form.username, &form.password, &peer).await;
    match outcome {
        Ok(session) => {
            // No page asked for (the form's default is `/`): the user's own working page.
            let next = match safe_next(form.next.as_deref()) {
                n if n == "/" => state
                    .keys
                    .verify(&session.token)
                    .map(|c| super::landing_for(&c))
                    .unwrap_or(n),
                n => n,
            };
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
        accounts::logout(&account_deps(&state), &u.sid).await?;
    }
    let mut res = redirect_with_flash("/", &crate::web::pages::flash_key("flash-signed-out", &[]));
    let _ = res.add_cookie(&cleared_session_cookie(state.settings.secure_cookies));
    let _ = res.add_cookie(&fresh_csrf_cookie(state.settings.secure_cookies));
    Ok(res)
}

#[derive(Template)]
#[template(path = "account.html")]
struct AccountPage {
    chrome: Chrome,
    error: Option<String>,
    error_field: String,
    /// The language form's refusal, if it was refused.
    lang_error: Option<String>,
    /// The account's own language code, empty when not chosen.
    user_language: String,
}

impl AccountPage {
    fn new(chrome: Chrome) -> Self {
        let user_language = chrome
            .user
            .as_ref()
            .and_then(|u| u.lang.clone())
            .unwrap_or_default();
        Self {
            chrome,
            error: None,
            error_field: String::new(),
            lang_error: None,
            user_language,
        }
    }
}

fn peer(req: &HttpRequest) -> String {
    req.peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_default()
}

/// `GET /account`.
pub async fn account_page(
    req: HttpRequest,
    user: CurrentUser,
    csrf: CsrfToken,
) -> Result<HttpResponse, AppError> {
    let chrome = Chrome::new(&req, Some(user.0), &csrf);
    let p = AccountPage::new(chrome.clone());
    page(&p, &chrome, actix_web::http::StatusCode::OK)
}

/// The language form's field: a catalogue code, or empty for "not chosen".
#[derive(Deserialize)]
pub struct LanguageForm {
    language: String,
}

/// `POST /account/language`: the caller's own language for the pages (issue 15). Anything but
/// `en`, `id`, `fr` or empty is refused with the form shown again and nothing stored.
pub async fn set_language(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    form: CsrfForm<LanguageForm>,
) -> Result<HttpResponse, AppError> {
    let code = form.0.language.trim().to_owned();
    let chosen = match code.as_str() {
        "" => None,
        c => match Lang::parse(c) {
            Some(l) => Some(l),
            None => {
                let chrome = Chrome::new(&req, Some(user.0), &csrf);
                let mut p = AccountPage::new(chrome.clone());
                p.lang_error = Some(chrome.t1("account-language-refused", "value", &code));
                return page(&p, &chrome, actix_web::http::StatusCode::BAD_REQUEST);
            }
        },
    };
    let uid = user.0.uid;
    state
        .db(move |conn| {
            crate::db::users::set_language(conn, uid, chosen.map(Lang::code))?;
            Ok(())
        })
        .await?;
    // The session cache holds the old setting: forget it so the next page is in the new one.
    state.sessions.forget_user(uid);
    Ok(redirect_with_flash(
        "/account",
        &super::flash_key("account-language-saved", &[]),
    ))
}

/// Where the switcher may send the visitor back to.
#[derive(Deserialize)]
pub struct SwitchQuery {
    next: Option<String>,
}

/// `GET /lang/{code}`: the header's language switcher. Stores the choice in a cookie (a year)
/// and goes back to the page it came from; an unknown code changes nothing.
pub async fn switch_language(
    code: web::Path<String>,
    state: web::Data<AppState>,
    q: web::Query<SwitchQuery>,
) -> Result<HttpResponse, AppError> {
    let Some(lang) = Lang::parse(&code) else {
        return Err(AppError::NotFound("no such language".into()));
    };
    let cookie = actix_web::cookie::Cookie::build(LANG_COOKIE, lang.code())
        .path("/")
        .http_only(true)
        .same_site(actix_web::cookie::SameSite::Lax)
        .secure(state.settings.secure_cookies)
        .max_age(actix_web::cookie::time::Duration::days(365))
        .finish();
    Ok(HttpResponse::SeeOther()
        .insert_header((header::LOCATION, safe_next(q.next.as_deref())))
        .cookie(cookie)
        .finish())
}

/// Fields of the password form.
#[derive(Deserialize)]
pub struct PasswordForm {
    current_password: String,
    new_password: String,
}

/// `POST /account/password`: the caller's other sessions end; this one goes on.
pub async fn change_password(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    form: CsrfForm<PasswordForm>,
) -> Result<HttpResponse, AppError> {
    let f = form.0;
    let change = PasswordChange {
        current_password: f.current_password,
        new_password: f.new_password,
    };
    match accounts::change_own_password(&account_deps(&state), &user.0, change, &peer(&req)).await {
        Ok(()) => Ok(redirect_with_flash(
            "/account",
            &crate::web::pages::flash_key("flash-password-changed", &[]),
        )),
        Err(e @ (AppError::BadRequest { .. } | AppError::TooManyRequests { .. })) => {
            let status = actix_web::ResponseError::status_code(&e);
            let field = match &e {
                AppError::BadRequest { field, .. } => field.clone().unwrap_or_default(),
                _ => String::new(),
            };
            let chrome = Chrome::new(&req, Some(user.0), &csrf);
            let mut p = AccountPage::new(chrome.clone());
            p.error = Some(super::localise(chrome.lang, &e.public_message()));
            p.error_field = field;
            page(&p, &chrome, status)
        }
        Err(e) => Err(e),
    }
}

#[derive(Template)]
#[template(path = "admin_users.html")]
struct UsersPage {
    chrome: Chrome,
    users: Vec<accounts::NamedUser>,
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
    let users = state.db(accounts::list_users_named).await?;
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
    let now = state.clock.now();
    let result = state
        .db(move |conn| accounts::create_user(conn, now, &form.username, &form.password, is_admin))
        .await;
    match result {
        Ok(u) => Ok(redirect_with_flash(
            "/admin/users",
            &crate::web::pages::flash_key("flash-account-created", &[("name", u.username.clone())]),
        )),
        Err(e @ (AppError::BadRequest { .. } | AppError::Conflict { .. })) => {
            let field = match &e {
                AppError::BadRequest { field, .. } => field.clone().unwrap_or_default(),
                _ => "username".into(),
            };
            let users = state.db(accounts::list_users_named).await?;
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

/// Fields of the administrator's password-reset form.
#[derive(Deserialize)]
pub struct ResetForm {
    new_password: String,
}

/// `POST /admin/users/{id}/password`: every session of that account ends.
pub async fn reset_password(
    state: web::Data<AppState>,
    admin: Admin,
    id: web::Path<UserId>,
    form: CsrfForm<ResetForm>,
) -> Result<HttpResponse, AppError> {
    accounts::reset_password(
        &account_deps(&state),
        admin.0.uid,
        id.into_inner(),
        form.0.new_password,
    )
    .await?;
    Ok(redirect_with_flash(
        "/admin/users",
        &crate::web::pages::flash_key("flash-password-set", &[]),
    ))
}

/// `POST /admin/users/{id}/disable`: the account's sessions end at once.
pub async fn disable(
    state: web::Data<AppState>,
    admin: Admin,
    id: web::Path<UserId>,
    _form: CsrfForm<Empty>,
) -> Result<HttpResponse, AppError> {
    let u =
        accounts::set_disabled(&account_deps(&state), admin.0.uid, id.into_inner(), true).await?;
    Ok(redirect_with_flash(
        "/admin/users",
        &crate::web::pages::flash_key("flash-account-disabled", &[("name", u.username.clone())]),
    ))
}

/// `POST /admin/users/{id}/enable`.
pub async fn enable(
    state: web::Data<AppState>,
    admin: Admin,
    id: web::Path<UserId>,
    _form: CsrfForm<Empty>,
) -> Result<HttpResponse, AppError> {
    let u =
        accounts::set_disabled(&account_deps(&state), admin.0.uid, id.into_inner(), false).await?;
    Ok(redirect_with_flash(
        "/admin/users",
        &crate::web::pages::flash_key("flash-account-enabled", &[("name", u.username.clone())]),
    ))
}
