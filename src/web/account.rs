//! Account pages: changing one's own password, and the administrator's actions on other
//! accounts (password reset, disable, enable). Each ends sessions on the server (see
//! `services::sessions`).

use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::AppState;
use super::pages::{Chrome, Empty, page, redirect_with_flash};
use super::session::{Admin, CsrfForm, CsrfToken, CurrentUser};
use crate::error::AppError;
use crate::services::accounts::{self, PasswordChange};
use crate::vocab::UserId;

/// The account pages.
pub fn routes(cfg: &mut web::ServiceConfig) {
    cfg.route("/account", web::get().to(account_page))
        .route("/account/password", web::post().to(change_password))
        .route("/admin/users/{id}/password", web::post().to(reset_password))
        .route("/admin/users/{id}/disable", web::post().to(disable))
        .route("/admin/users/{id}/enable", web::post().to(enable));
}

#[derive(Template)]
#[template(path = "account.html")]
struct AccountPage {
    chrome: Chrome,
    error: Option<String>,
    error_field: String,
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
    let p = AccountPage {
        chrome: chrome.clone(),
        error: None,
        error_field: String::new(),
    };
    page(&p, &chrome, actix_web::http::StatusCode::OK)
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
    match accounts::change_own_password(&state, &user.0, change, &peer(&req)).await {
        Ok(()) => Ok(redirect_with_flash(
            "/account",
            "Password changed. Your other sessions have ended.",
        )),
        Err(e @ (AppError::BadRequest { .. } | AppError::TooManyRequests { .. })) => {
            let status = actix_web::ResponseError::status_code(&e);
            let field = match &e {
                AppError::BadRequest { field, .. } => field.clone().unwrap_or_default(),
                _ => String::new(),
            };
            let chrome = Chrome::new(&req, Some(user.0), &csrf);
            let p = AccountPage {
                chrome: chrome.clone(),
                error: Some(e.public_message()),
                error_field: field,
            };
            page(&p, &chrome, status)
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
    accounts::reset_password(&state, admin.0.uid, id.into_inner(), form.0.new_password).await?;
    Ok(redirect_with_flash(
        "/admin/users",
        "Password set. The account's sessions have ended.",
    ))
}

/// `POST /admin/users/{id}/disable`: the account's sessions end at once.
pub async fn disable(
    state: web::Data<AppState>,
    admin: Admin,
    id: web::Path<UserId>,
    _form: CsrfForm<Empty>,
) -> Result<HttpResponse, AppError> {
    let u = accounts::set_disabled(&state, admin.0.uid, id.into_inner(), true).await?;
    Ok(redirect_with_flash(
        "/admin/users",
        &format!("Account {} disabled; its sessions have ended.", u.username),
    ))
}

/// `POST /admin/users/{id}/enable`.
pub async fn enable(
    state: web::Data<AppState>,
    admin: Admin,
    id: web::Path<UserId>,
    _form: CsrfForm<Empty>,
) -> Result<HttpResponse, AppError> {
    let u = accounts::set_disabled(&state, admin.0.uid, id.into_inner(), false).await?;
    Ok(redirect_with_flash(
        "/admin/users",
        &format!("Account {} enabled.", u.username),
    ))
}
