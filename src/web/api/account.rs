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

/// Body of `POST /api/v1/users`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct NewUserRequest {
    /// Login name: 3-40 letters, digits, `.`, `-`, `_`; not taken.
    username: String,
    /// Password (8 to 256 characters).
    password: String,
    /// A site administrator (default: no).
    #[serde(default)]
    is_admin: bool,
}

/// `POST /api/v1/users`: an administrator creates an account (the `/admin/users` form's API).
#[utoipa::path(
    post,
    path = "/api/v1/users",
    operation_id = "createUser",
    summary = "Create an account (administrators)",
    description = "A taken name is 409; a bad name or password is 400 naming the field. Roles are granted per event (`POST /api/v1/events/{id}/grants`); a director may also create accounts for their own event (`POST /api/v1/events/{id}/accounts`).",
    request_body = NewUserRequest,
    responses(
        (status = 201, description = "Created.", body = crate::services::accounts::UserView),
        super::responses::CreateAccountErrors,
    ),
)]
pub async fn create_user(
    state: web::Data<AppState>,
    _admin: Admin,
    body: web::Json<NewUserRequest>,
) -> Result<HttpResponse, AppError> {
    let body = body.into_inner();
    let now = state.clock.now();
    let u = state
        .db(move |conn| {
            let u =
                accounts::create_user(conn, now, &body.username, &body.password, body.is_admin)?;
            accounts::user_view(conn, u.id)
        })
        .await?;
    Ok(HttpResponse::Created().json(u))
}

/// `GET /api/v1/users/{id}`.
#[utoipa::path(
    get,
    path = "/api/v1/users/{id}",
    operation_id = "showUser",
    summary = "One account with its roles (administrators)",
    params(
        ("id" = i64, Path, description = "User id."),
    ),
    responses(
        (status = 200, description = "The account.", body = crate::services::accounts::UserView),
        super::responses::AccountErrors,
    ),
)]
pub async fn show_user(
    state: web::Data<AppState>,
    _admin: Admin,
    id: web::Path<UserId>,
) -> Result<HttpResponse, AppError> {
    let id = id.into_inner();
    let u = state
        .db(move |conn| {
            crate::db::users::find(conn, id)?
                .ok_or_else(|| AppError::not_found(format!("no account {id}")))?;
            accounts::user_view(conn, id)
        })
        .await?;
    Ok(HttpResponse::Ok().json(u))
}

/// Body of `POST /api/v1/me/language` and `POST /api/v1/events/{id}/language`.
#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LanguageRequest {
    /// `en`, `id` or `fr`; `null` (or absent) for "not chosen".
    #[serde(default)]
    #[schema(example = "fr")]
    pub language: Option<String>,
}

impl LanguageRequest {
    /// The language named, refused (400 naming `language`) unless it is one the pages speak.
    pub fn parse(&self) -> Result<Option<crate::web::i18n::Lang>, AppError> {
        match self.language.as_deref().map(str::trim) {
            None | Some("") => Ok(None),
            Some(c) => crate::web::i18n::Lang::parse(c).map(Some).ok_or_else(|| {
                AppError::field(
                    "language",
                    format!("no pages in language {c:?}: choose en, id or fr"),
                )
            }),
        }
    }
}

/// `POST /api/v1/me/language`: the caller's own page language (the account page's setting).
#[utoipa::path(
    post,
    path = "/api/v1/me/language",
    operation_id = "setMyLanguage",
    summary = "Set the caller's page language",
    description = "It comes before an event's default language and the browser's. Anything but `en`, `id`, `fr` or null is 400 and changes nothing.",
    request_body = LanguageRequest,
    responses(
        (status = 200, description = "The account.", body = crate::services::accounts::UserView),
        super::responses::MeErrors,
    ),
)]
pub async fn set_language(
    state: web::Data<AppState>,
    user: CurrentUser,
    body: web::Json<LanguageRequest>,
) -> Result<HttpResponse, AppError> {
    let chosen = body.parse()?;
    let uid = user.0.uid;
    let u = state
        .db(move |conn| {
            crate::db::users::set_language(conn, uid, chosen.map(crate::web::i18n::Lang::code))?;
            accounts::user_view(conn, uid)
        })
        .await?;
    // The session cache holds the old setting: forget it so the next page is in the new one.
    state.sessions.forget_user(uid);
    Ok(HttpResponse::Ok().json(u))
}
