//! Cross-cutting response handling: error pages for people, JSON errors for programs, security
//! headers, and one log line per request with a request id.

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{HttpMessage, HttpResponse};
use askama::Template;

use crate::error::{AppError, RenderedError};

use super::pages::{Chrome, ErrorPage};

/// An id for one request, shown in logs and in the `X-Request-Id` header.
#[derive(Debug, Clone)]
pub struct RequestId(pub String);

/// Middleware: request id, access log, security headers, and HTML error pages outside `/api`.
pub async fn frame(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let id = crate::auth::random_token(6);
    req.extensions_mut().insert(RequestId(id.clone()));
    let started = std::time::Instant::now();
    let method = req.method().clone();
    let path = req.path().to_owned();
    let api = path.starts_with("/api/") || path == "/healthz";

    let res = next.call(req).await;
    let mut res = match res {
        Ok(r) => r.map_into_boxed_body(),
        // An error that escaped a handler as `actix_web::Error`: render it the same way.
        Err(e) => return Err(e),
    };

    // A request the API scope matched however its path was spelled (`/%61pi/…`) is an API
    // request too.
    let api = api || super::session::is_api(res.request());
    if api {
        res = json_error(res).await;
    } else {
        let rendered = res.response().extensions().get::<RenderedError>().cloned();
        if let Some(err) = rendered {
            let page = html_error(&err, &res);
            res = res.into_response(page);
        } else if res.status().is_client_error() || res.status().is_server_error() {
            // Errors made by actix itself (bad paths, extractor failures) before our handlers.
            let ct = res.headers().get(header::CONTENT_TYPE).cloned();
            let is_html = ct.is_some_and(|v| v.as_bytes().starts_with(b"text/html"));
            if !is_html && res.status() != StatusCode::METHOD_NOT_ALLOWED {
                let err = RenderedError {
                    status: res.status(),
                    message: res
                        .status()
                        .canonical_reason()
                        .unwrap_or("Error")
                        .to_owned(),
                };
                let page = html_error(&err, &res);
                res = res.into_response(page);
            }
        }
    }

    let headers = res.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        headers.insert(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        );
    }
    if let Ok(v) = HeaderValue::from_str(&id) {
        headers.insert(HeaderName::from_static("x-request-id"), v);
    }
    tracing::info!(
        request_id = %id,
        %method,
        // Escaped: the path is the client's.
        path = %path.escape_debug(),
        status = res.status().as_u16(),
        ms = started.elapsed().as_millis() as u64,
        "request"
    );
    Ok(res)
}

/// Errors made by actix itself under `/api` (a path segment that is not a number, a query or
/// body the extractor refused) come as plain text: give them the API's JSON error body too.
async fn json_error(res: ServiceResponse<BoxBody>) -> ServiceResponse<BoxBody> {
    let status = res.status();
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error())
        || is_json
        || res.response().extensions().get::<RenderedError>().is_some()
    {
        return res;
    }
    let (req, res) = res.into_parts();
    let (res, body) = res.into_parts();
    let text = actix_web::body::to_bytes_limited(body, 4096)
        .await
        .ok()
        .and_then(Result::ok)
        .map(|b| String::from_utf8_lossy(&b).trim().to_owned())
        .unwrap_or_default();
    let message = if text.is_empty() {
        status.canonical_reason().unwrap_or("Error").to_owned()
    } else {
        text
    };
    let error = match status.as_u16() {
        401 => "unauthorized",
        403 => "forbidden",
        404 => "not_found",
        408 => "request_timeout",
        409 => "conflict",
        413 => "payload_too_large",
        429 => "too_many_requests",
        503 => "unavailable",
        s if s >= 500 => "internal",
        _ => "bad_request",
    };
    // serde's "missing field `name`" names the input at fault.
    let field = message
        .split('`')
        .nth(1)
        .filter(|f| !f.is_empty() && status == StatusCode::BAD_REQUEST)
        .map(str::to_owned);
    let mut out = HttpResponse::build(status).json(crate::error::ErrorBody {
        error,
        message,
        field,
        current: None,
        rule: None,
        current_match: None,
    });
    for (name, value) in res.headers() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            out.headers_mut().insert(name.clone(), value.clone());
        }
    }
    ServiceResponse::new(req, out)
}

/// Scripts and styles only from our own origin (no inline script), never framed.
const SECURITY_HEADERS: [(&str, &str); 5] = [
    (
        "content-security-policy",
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
         connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'",
    ),
    ("x-content-type-options", "nosniff"),
    ("x-frame-options", "DENY"),
    ("referrer-policy", "same-origin"),
    (
        "permissions-policy",
        "camera=(), microphone=(), geolocation=()",
    ),
];

fn html_error(err: &RenderedError, res: &ServiceResponse<BoxBody>) -> HttpResponse {
    let req = res.request();
    // A page that needs a signed-in user sends the browser to the login form and back.
    if err.status == StatusCode::UNAUTHORIZED && req.method() == actix_web::http::Method::GET {
        let next = req
            .uri()
            .path_and_query()
            .map(|p| p.as_str())
            .unwrap_or("/");
        let target = format!("/login?next={}", urlencode(next));
        return HttpResponse::SeeOther()
            .insert_header((header::LOCATION, target))
            .finish();
    }
    let chrome = Chrome::for_error(req);
    // Issue 15: the status's name and a message the catalogue knows, in the page's language.
    let title = chrome.t1("error-status", "status", err.status.as_u16());
    let message = crate::web::pages::localise(chrome.lang, &err.message);
    let page = ErrorPage {
        chrome,
        status: err.status.as_u16(),
        title,
        message,
        rule: crate::web::messages::rule_of(&err.message)
            .unwrap_or_default()
            .to_owned(),
    };
    match page.render() {
        Ok(html) => HttpResponse::build(err.status)
            .content_type("text/html; charset=utf-8")
            .body(html),
        Err(e) => {
            tracing::error!(error = %e, "error page failed to render");
            HttpResponse::build(err.status)
                .content_type("text/plain; charset=utf-8")
                .body(err.message.clone())
        }
    }
}

/// Percent-encodes a string for a query parameter.
pub fn urlencode(s: &str) -> String {
    serde_urlencoded::to_string([("", s)])
        .map(|e| e.trim_start_matches('=').to_owned())
        .unwrap_or_default()
}

/// The handler for URLs that match no route.
pub async fn not_found() -> Result<HttpResponse, AppError> {
    Err(AppError::not_found("There is no page at this address."))
}
