//! Who is asking: session tokens from the `Authorization: Bearer` header (API clients, tablets)
//! or the HttpOnly session cookie (browsers), and CSRF protection for cookie-authenticated writes.
//!
//! CSRF: every browser gets a random seed in an HttpOnly, SameSite=Strict cookie; every form
//! carries `csrf` = HMAC(secret, seed). A page on another site can neither read the seed nor
//! compute the token, so its forged POST is refused. Scripts on our own pages send the token in
//! the `X-CSRF-Token` header. Bearer-token requests need no CSRF token: browsers never attach
//! that header on their own.

use std::future::{Ready, ready};

use actix_web::body::MessageBody;
use actix_web::cookie::{Cookie, SameSite};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{FromRequest, HttpMessage, HttpRequest, web};
use futures_util::future::LocalBoxFuture;
use serde::de::DeserializeOwned;

use super::AppState;
use crate::auth::Claims;
use crate::error::AppError;

/// Name of the session cookie (a JWT).
pub const SESSION_COOKIE: &str = "arbiter_session";
/// Name of the CSRF seed cookie.
pub const CSRF_COOKIE: &str = "arbiter_csrf";
/// Header that carries the CSRF token for scripted requests.
pub const CSRF_HEADER: &str = "x-csrf-token";

fn state(req: &HttpRequest) -> Result<&AppState, AppError> {
    req.app_data::<web::Data<AppState>>()
        .map(|d| d.get_ref())
        .ok_or_else(|| AppError::internal("application state missing"))
}

/// The CSRF seed of this browser: from its cookie, or the fresh one the middleware made for it.
#[derive(Debug, Clone)]
struct CsrfSeed(String);

fn csrf_seed(req: &HttpRequest) -> Option<String> {
    if let Some(seed) = req.extensions().get::<CsrfSeed>() {
        return Some(seed.0.clone());
    }
    req.cookie(CSRF_COOKIE).map(|c| c.value().to_owned())
}

/// Middleware: gives every browser a CSRF seed cookie on its first visit.
pub async fn ensure_csrf_cookie(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let fresh = if req.cookie(CSRF_COOKIE).is_none() {
        let seed = crate::auth::random_token(16);
        req.extensions_mut().insert(CsrfSeed(seed.clone()));
        Some(seed)
    } else {
        None
    };
    let secure = req
        .app_data::<web::Data<AppState>>()
        .is_some_and(|s| s.settings.secure_cookies);
    let mut res = next.call(req).await?;
    if let Some(seed) = fresh {
        let cookie = Cookie::build(CSRF_COOKIE, seed)
            .path("/")
            .http_only(true)
            .secure(secure)
            .same_site(SameSite::Strict)
            .finish();
        res.response_mut().add_cookie(&cookie)?;
    }
    Ok(res)
}

/// The CSRF token to put in this page's forms.
#[derive(Debug, Clone)]
pub struct CsrfToken(pub String);

impl FromRequest for CsrfToken {
    type Error = AppError;
    type Future = Ready<Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        ready(state(req).map(|s| CsrfToken(s.keys.csrf_token(&csrf_seed(req).unwrap_or_default()))))
    }
}

fn csrf_valid(req: &HttpRequest, token: &str) -> Result<bool, AppError> {
    let seed = req
        .cookie(CSRF_COOKIE)
        .map(|c| c.value().to_owned())
        .unwrap_or_default();
    Ok(state(req)?.keys.csrf_ok(&seed, token))
}

fn csrf_refused() -> AppError {
    AppError::Forbidden(
        "This form has expired or came from another site (missing or wrong CSRF token). \
         Reload the page and try again."
            .into(),
    )
}

/// How the caller proved who they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AuthVia {
    /// `Authorization: Bearer`.
    Bearer,
    /// The session cookie.
    Cookie,
}

fn bearer(req: &HttpRequest) -> Option<&str> {
    req.headers()
        .get(actix_web::http::header::AUTHORIZATION)?
        .to_str()
        .ok()?
        .strip_prefix("Bearer ")
        .map(str::trim)
}

/// Marks a request routed into the API scope (see [`api_scope`]): CSRF and content rules are
/// decided by the route that matched, not by how the path was spelled.
#[derive(Debug, Clone, Copy)]
pub struct ApiRequest;

/// Middleware on the `/api/v1` scope: marks its requests as API requests.
pub async fn api_scope(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    req.extensions_mut().insert(ApiRequest);
    next.call(req).await
}

/// Whether the route that matched this request is in the API scope.
pub fn is_api(req: &HttpRequest) -> bool {
    req.extensions().get::<ApiRequest>().is_some()
}

/// Who this request is, once worked out (extractors and error pages share it).
#[derive(Debug, Clone)]
struct Identified(Option<(Claims, AuthVia)>);

/// Reads the caller's identity: a token with a valid signature whose server-side session is
/// still open, for an enabled account. A bad bearer token is an error (the client meant to sign
/// in); a bad, expired or ended cookie session just means "signed out". The administrator flag
/// in the returned claims is the database's, not the token's.
fn identify(
    req: &HttpRequest,
) -> LocalBoxFuture<'static, Result<Option<(Claims, AuthVia)>, AppError>> {
    let req = req.clone();
    Box::pin(async move {
        if let Some(known) = req.extensions().get::<Identified>() {
            return Ok(known.0.clone());
        }
        let st = req
            .app_data::<web::Data<AppState>>()
            .cloned()
            .ok_or_else(|| AppError::internal("application state missing"))?;
        let (claims, via) = if let Some(token) = bearer(&req) {
            let claims = st
                .keys
                .verify(token)
                .map_err(|e| AppError::Unauthorized(e.to_string()))?;
            (claims, AuthVia::Bearer)
        } else if req
            .headers()
            .contains_key(actix_web::http::header::AUTHORIZATION)
        {
            return Err(AppError::Unauthorized(
                "the Authorization header must be `Bearer <token>`".into(),
            ));
        } else {
            match req
                .cookie(SESSION_COOKIE)
                .and_then(|c| st.keys.verify(c.value()).ok())
            {
                Some(c) => (c, AuthVia::Cookie),
                None => {
                    req.extensions_mut().insert(Identified(None));
                    return Ok(None);
                }
            }
        };
        let account = match st.sessions.get(&claims.sid) {
            Some(cached) => cached,
            None => {
                let (cache, sid, uid) = (st.sessions.clone(), claims.sid.clone(), claims.uid);
                let now = st.clock.now();
                st.db(move |conn| cache.load(conn, &sid, uid, now)).await?
            }
        };
        let found = account.map(|a| {
            let mut claims = claims;
            claims.adm = a.is_admin;
            claims.name = a.username;
            claims.lang = a.language;
            (claims, via)
        });
        if found.is_none() && via == AuthVia::Bearer {
            return Err(AppError::Unauthorized(
                "this session has ended; sign in again".into(),
            ));
        }
        req.extensions_mut().insert(Identified(found.clone()));
        Ok(found)
    })
}

/// The signed-in user as already identified for this request (error pages), if any.
pub fn identified(req: &HttpRequest) -> Option<Claims> {
    req.extensions()
        .get::<Identified>()
        .and_then(|i| i.0.as_ref().map(|(c, _)| c.clone()))
}

/// The caller, if signed in.
#[derive(Debug, Clone)]
pub struct MaybeUser(pub Option<Claims>);

impl FromRequest for MaybeUser {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let who = identify(req);
        Box::pin(async move { Ok(MaybeUser(who.await?.map(|(c, _)| c))) })
    }
}

/// A signed-in caller; 401 otherwise. A write to the API authenticated by the cookie must also
/// carry the CSRF token header (forms on pages carry theirs in [`CsrfForm`]).
#[derive(Debug, Clone)]
pub struct CurrentUser(pub Claims);

impl FromRequest for CurrentUser {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let who = identify(req);
        let req = req.clone();
        Box::pin(async move {
            let Some((claims, via)) = who.await? else {
                return Err(AppError::Unauthorized("sign in first".into()));
            };
            let writes = !matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
            if via == AuthVia::Cookie && writes && is_api(&req) {
                let token = req
                    .headers()
                    .get(CSRF_HEADER)
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or_default();
                if !csrf_valid(&req, token)? {
                    return Err(csrf_refused());
                }
            }
            Ok(CurrentUser(claims))
        })
    }
}

/// A site administrator (as the database says now); 401 or 403 otherwise.
#[derive(Debug, Clone)]
pub struct Admin(pub Claims);

impl FromRequest for Admin {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let user = CurrentUser::from_request(req, payload);
        Box::pin(async move {
            let u = user.await?;
            if u.0.adm {
                Ok(Admin(u.0))
            } else {
                Err(AppError::Forbidden(
                    "only an administrator may do this".into(),
                ))
            }
        })
    }
}

/// A fresh CSRF seed cookie, set at sign-in so a seed planted in the browser before (whose
/// token the planter could have read) is not the one the session uses.
pub fn fresh_csrf_cookie(secure: bool) -> Cookie<'static> {
    Cookie::build(CSRF_COOKIE, crate::auth::random_token(16))
        .path("/")
        .http_only(true)
        .secure(secure)
        .same_site(SameSite::Strict)
        .finish()
}

/// Refuses a body sent with a content type other than `expected` (a cross-site form can send
/// only `application/x-www-form-urlencoded`, `multipart/form-data` and `text/plain`).
pub fn require_content_type(req: &HttpRequest, expected: &[&str]) -> Result<(), AppError> {
    let ct = req
        .headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let essence = ct
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    if expected.contains(&essence.as_str()) {
        Ok(())
    } else {
        Err(AppError::bad_request(format!(
            "send the body as {}",
            expected.join(" or ")
        )))
    }
}

/// A URL-encoded form whose CSRF token has been checked. The form's own fields are
/// deserialized into `T`; the `csrf` field is consumed here.
#[derive(Debug)]
pub struct CsrfForm<T>(pub T);

impl<T: DeserializeOwned + 'static> FromRequest for CsrfForm<T> {
    type Error = AppError;
    type Future = LocalBoxFuture<'static, Result<Self, AppError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        let body = web::Bytes::from_request(&req, payload);
        Box::pin(async move {
            let body = body.await.map_err(|e| {
                if e.as_response_error().status_code()
                    == actix_web::http::StatusCode::PAYLOAD_TOO_LARGE
                {
                    AppError::PayloadTooLarge("the form is too large".into())
                } else {
                    AppError::bad_request(format!("the form could not be read: {e}"))
                }
            })?;
            let pairs: Vec<(String, String)> = serde_urlencoded::from_bytes(&body)
                .map_err(|e| AppError::bad_request(format!("the form could not be read: {e}")))?;
            let token = pairs
                .iter()
                .find(|(k, _)| k == "csrf")
                .map(|(_, v)| v.as_str())
                .unwrap_or_default();
            if !csrf_valid(&req, token)? {
                return Err(csrf_refused());
            }
            serde_urlencoded::from_bytes::<T>(&body)
                .map(CsrfForm)
                .map_err(|e| form_error(&e.to_string()))
        })
    }
}

/// Turns serde's "missing field `x`" into a message about field `x`.
fn form_error(msg: &str) -> AppError {
    let field = msg
        .split('`')
        .nth(1)
        .map(str::to_owned)
        .filter(|f| !f.is_empty());
    match field {
        Some(f) => AppError::field(&f, format!("field `{f}`: {msg}")),
        None => AppError::bad_request(format!("the form is not valid: {msg}")),
    }
}

/// The cookie that holds a session token.
pub fn session_cookie(token: String, max_age_hours: i64, secure: bool) -> Cookie<'static> {
    Cookie::build(SESSION_COOKIE, token)
        .path("/")
        .http_only(true)
        .secure(secure)
        .same_site(SameSite::Strict)
        .max_age(actix_web::cookie::time::Duration::hours(max_age_hours))
        .finish()
}

/// A cookie that removes the session cookie.
pub fn cleared_session_cookie(secure: bool) -> Cookie<'static> {
    let mut c = session_cookie(String::new(), 0, secure);
    c.make_removal();
    c
}

/// What the account service needs of the server's state (it never sees `AppState` itself).
pub fn account_deps(state: &AppState) -> crate::services::accounts::Deps<'_> {
    crate::services::accounts::Deps {
        pool: &state.pool,
        throttle: &state.throttle,
        keys: &state.keys,
        sessions: &state.sessions,
        clock: state.clock.as_ref(),
        session_hours: state.settings.session_hours,
    }
}
