//! Sessions and accounts in the JSON API: signing in (a bearer token) and out, who am I,
//! changing one's password, and the administrator's account actions. The pages in
//! `web::pages::account` do the same for browsers.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use crate::error::AppError;
use crate::services::accounts::{self, PasswordChange};
use crate::web::AppState;
use crate::web::session::{Admin, CurrentUser};

/// Body of `POST /api/v1/auth/token`.
#[derive(Deserialize)]
pub struct TokenRequest {
    username: String,
    password: String,
}

/// `POST /api/v1/auth/token`.
pub async fn issue_token(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<TokenRequest>,
) -> Result<HttpResponse, AppError> {
    let peer = req
        .peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_default();
    let session = accounts::login(&state, &body.username, &body.password, &peer).await?;
    Ok(HttpResponse::Ok().json(session))
}

/// `GET /api/v1/me`.
pub async fn me(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, AppError> {
    let id = user.0.uid;
    let view = state.db(move |conn| accounts::user_view(conn, id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// `POST /api/v1/auth/logout`: ends the caller's session; its token is refused from now on.
pub async fn logout(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, AppError> {
    accounts::logout(&state, &user.0.sid).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// `POST /api/v1/me/password`: `{current_password, new_password}`; the caller's other sessions
/// end, this one goes on.
pub async fn change_password(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<PasswordChange>,
) -> Result<HttpResponse, AppError> {
    let peer = req
        .peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_default();
    accounts::change_own_password(&state, &user.0, body.into_inner(), &peer).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// `GET /api/v1/users`: every account with its roles (administrators only).
pub async fn list_users(
    state: web::Data<AppState>,
    _admin: Admin,
) -> Result<HttpResponse, AppError> {
    let users = state.db(accounts::list_users).await?;
    Ok(HttpResponse::Ok().json(users))
}

/// Body of a password reset.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResetRequest {
    /// The new password (8 to 256 characters).
    new_password: String,
}

/// `POST /api/v1/users/{id}/password`: an administrator sets the password; every session of
/// that account ends.
pub async fn reset_password(
    state: web::Data<AppState>,
    admin: Admin,
    id: web::Path<i64>,
    body: web::Json<ResetRequest>,
) -> Result<HttpResponse, AppError> {
    let body = body.into_inner();
    accounts::reset_password(&state, admin.0.uid, id.into_inner(), body.new_password).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// `POST /api/v1/users/{id}/disable`: the account cannot sign in and its sessions end at once.
pub async fn disable(
    state: web::Data<AppState>,
    admin: Admin,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let u = accounts::set_disabled(&state, admin.0.uid, id.into_inner(), true).await?;
    Ok(HttpResponse::Ok().json(u))
}

/// `POST /api/v1/users/{id}/enable`.
pub async fn enable(
    state: web::Data<AppState>,
    admin: Admin,
    id: web::Path<i64>,
) -> Result<HttpResponse, AppError> {
    let u = accounts::set_disabled(&state, admin.0.uid, id.into_inner(), false).await?;
    Ok(HttpResponse::Ok().json(u))
}
