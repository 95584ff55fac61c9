//! Sessions and accounts in the JSON API: signing in (a bearer token) and out, who am I,
//! changing one's password, and the administrator's account actions. The pages in
//! `web::pages::account` do the same for browsers.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;

use crate::error::AppError;
use crate::services::accounts::{self, PasswordChange};
use crate::vocab::UserId;
use crate::web::AppState;
use crate::web::session::{Admin, CurrentUser, account_deps};

/// Body of `POST /api/v1/auth/token`.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct TokenRequest {
    /// The account's name.
    username: String,
    /// Its password.
    password: String,
}

/// `POST /api/v1/auth/token`.
#[utoipa::path(
    post,
    path = "/api/v1/auth/token",
    operation_id = "issueToken",
    summary = "Sign in: a Bearer token",
    description = "Each failure counts against the username and against the address, separately; once either has failed too often the answer is 429 with `Retry-After` (seconds) and the password is not checked. Successes count against nothing. A disabled account gets 403 (only with the right password). The message never says whether the name or the password was wrong.",
    request_body = TokenRequest,
    responses(
        (status = 200, description = "Signed in.", body = crate::services::accounts::Session),
        super::responses::SignInErrors,
    ),
    security(()),
)]
pub async fn issue_token(
    req: HttpRequest,
    state: web::Data<AppState>,
    body: web::Json<TokenRequest>,
) -> Result<HttpResponse, AppError> {
    let peer = req
        .peer_addr()
        .map(|a| a.ip().to_string())
        .unwrap_or_default();
    let session =
        accounts::login(&account_deps(&state), &body.username, &body.password, &peer).await?;
    Ok(HttpResponse::Ok().json(session))
}

/// `GET /api/v1/me`.
#[utoipa::path(
    get,
    path = "/api/v1/me",
    operation_id = "me",
    summary = "The caller and their roles",
    responses(
        (status = 200, description = "The account.", body = crate::services::accounts::UserView),
        super::responses::MeErrors,
    ),
)]
pub async fn me(state: web::Data<AppState>, user: CurrentUser) -> Result<HttpResponse, AppError> {
    let id = user.0.uid;
    let view = state.db(move |conn| accounts::user_view(conn, id)).await?;
    Ok(HttpResponse::Ok().json(view))
}

/// `POST /api/v1/auth/logout`: ends the caller's session; its token is refused from now on.
#[utoipa::path(
    post,
    path = "/api/v1/auth/logout",
    operation_id = "logout",
    summary = "Sign out: end this token's session",
    description = "The session ends on the server: the token (as Bearer or cookie) is refused from now on. Other sessions of the account go on.",
    responses(
        (status = 204, description = "Signed out."),
        super::responses::SessionErrors,
    ),
)]
pub async fn logout(
    state: web::Data<AppState>,
    user: CurrentUser,
) -> Result<HttpResponse, AppError> {
    accounts::logout(&account_deps(&state), &user.0.sid).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// `POST /api/v1/me/password`: `{current_password, new_password}`; the caller's other sessions
/// end, this one goes on.
#[utoipa::path(
    post,
    path = "/api/v1/me/password",
    operation_id = "changePassword",
    summary = "Change one's own password",
    description = "Checks the current password (throttled like a sign-in). The account's other sessions end; this one goes on.",
    request_body = crate::services::accounts::PasswordChange,
    responses(
        (status = 204, description = "Changed."),
        super::responses::PasswordErrors,
    ),
)]
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
    accounts::change_own_password(&account_deps(&state), &user.0, body.into_inner(), &peer).await?;
    Ok(HttpResponse::NoContent().finish())
}

/// `GET /api/v1/users`: every account with its roles (administrators only).
#[utoipa::path(
    get,
    path = "/api/v1/users",
    operation_id = "listUsers",
    summary = "Every account with its roles (administrators)",
    responses(
        (status = 200, description = "The accounts.", body = Vec<crate::services::accounts::UserView>),
        super::responses::SessionErrors,
    ),
)]
pub async fn list_users(
    state: web::Data<AppState>,
    _admin: Admin,
) -> Result<HttpResponse, AppError> {
    let users = state.db(accounts::list_users).await?;
    Ok(HttpResponse::Ok().json(users))
}

/// Body of a password reset.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ResetRequest {
    /// The new password (8 to 256 characters).
    new_password: String,
}

/// `POST /api/v1/users/{id}/password`: an administrator sets the password; every session of
/// that account ends.
#[utoipa::path(
    post,
    path = "/api/v1/users/{id}/password",
    operation_id = "resetPassword",
    summary = "Set an account's password (administrators)",
    description = "Every session of the account ends.",
    params(
        ("id" = i64, Path, description = "User id."),
    ),
    request_body = ResetRequest,
    responses(
        (status = 204, description = "Set."),
        super::responses::AccountErrors,
    ),
)]
pub async fn reset_password(
    state: web::Data<AppState>,
    admin: Admin,
    id: web::Path<UserId>,
    body: web::Json<ResetRequest>,
) -> Result<HttpResponse, AppError> {
    let body = body.into_inner();
    accounts::reset_password(
        &account_deps(&state),
        admin.0.uid,
        id.into_inner(),
        body.new_password,
    )
    .await?;
    Ok(HttpResponse::NoContent().finish())
}

/// `POST /api/v1/users/{id}/disable`: the account cannot sign in and its sessions end at once.
#[utoipa::path(
    post,
    path = "/api/v1/users/{id}/disable",
    operation_id = "disableUser",
    summary = "Disable an account (administrators)",
    description = "The account cannot sign in, and its sessions end at once. An administrator cannot disable their own account (409).",
    params(
        ("id" = i64, Path, description = "User id."),
    ),
    responses(
        (status = 200, description = "The account.", body = crate::services::accounts::UserView),
        super::responses::DisableErrors,
    ),
)]
pub async fn disable(
    state: web::Data<AppState>,
    admin: Admin,
    id: web::Path<UserId>,
) -> Result<HttpResponse, AppError> {
    let u =
        accounts::set_disabled(&account_deps(&state), admin.0.uid, id.into_inner(), true).await?;
    Ok(HttpResponse::Ok().json(u))
}

/// `POST /api/v1/users/{id}/enable`.
#[utoipa::path(
    post,
    path = "/api/v1/users/{id}/enable",
    operation_id = "enableUser",
    summary = "Enable a disabled account (administrators)",
    params(
        ("id" = i64, Path, description = "User id."),
    ),
    responses(
        (status = 200, description = "The account.", body = crate::services::accounts::UserView),
        super::responses::AccountErrors,
    ),
)]
pub async fn enable(
    state: web::Data<AppState>,
    admin: Admin,
    id: web::Path<UserId>,
) -> Result<HttpResponse, AppError> {
    let u =
        accounts::set_disabled(&account_deps(&state), admin.0.uid, id.into_inner(), false).await?;
    Ok(HttpResponse::Ok().json(u))
}
