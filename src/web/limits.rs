//! Time limits on request bodies: a client that sends its body too slowly gets 408 and its
//! connection is closed, instead of holding a worker's connection for as long as it likes.
//! (actix-web times out the request head by itself, `client_request_timeout`, but not the body.)
//! The limits are [`crate::config::Timeouts`].

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use actix_web::body::{BoxBody, MessageBody};
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::error::PayloadError;
use actix_web::http::StatusCode;
use actix_web::middleware::Next;
use actix_web::{HttpMessage, HttpResponse, web};
use futures_util::StreamExt;
use tokio::time::Instant;

use super::AppState;
use crate::config::Timeouts;

/// When the body must have arrived by, given what has come so far.
fn deadline(t: &Timeouts, started: Instant, received: u64) -> Instant {
    let earned = Duration::from_secs(received / t.body_min_rate.max(1));
    started + (t.request_body + earned).min(t.request_body_max)
}

/// Middleware: reads the request body under the deadline above. When it passes, reading fails
/// (whatever was reading it sees an error) and the answer becomes a 408 that closes the
/// connection.
pub async fn body_deadline(
    mut req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<BoxBody>, actix_web::Error> {
    let Some(t) = req
        .app_data::<web::Data<AppState>>()
        .map(|s| s.settings.timeouts)
    else {
        return next
            .call(req)
            .await
            .map(ServiceResponse::map_into_boxed_body);
    };
    let timed_out = Arc::new(AtomicBool::new(false));
    let flag = timed_out.clone();
    let started = Instant::now();
    let inner = req.take_payload();
    let body =
        futures_util::stream::unfold((inner, 0u64, false), move |(mut inner, received, done)| {
            let flag = flag.clone();
            async move {
                if done {
                    return None;
                }
                match tokio::time::timeout_at(deadline(&t, started, received), inner.next()).await {
                    Ok(Some(Ok(chunk))) => {
                        let received = received + chunk.len() as u64;
                        Some((Ok(chunk), (inner, received, false)))
                    }
                    Ok(Some(Err(e))) => Some((Err(e), (inner, received, true))),
                    Ok(None) => None,
                    Err(_) => {
                        flag.store(true, Ordering::Relaxed);
                        let e = std::io::Error::new(
                            std::io::ErrorKind::TimedOut,
                            "the request body did not arrive in time",
                        );
                        Some((Err(PayloadError::Io(e)), (inner, received, true)))
                    }
                }
            }
        });
    req.set_payload(Payload::Stream {
        payload: Box::pin(body),
    });
    let res = next.call(req).await?.map_into_boxed_body();
    if !timed_out.load(Ordering::Relaxed) {
        return Ok(res);
    }
    let (req, _) = res.into_parts();
    Ok(ServiceResponse::new(req, request_timeout()))
}

/// 408, closing the connection (what is left of the body is not read).
fn request_timeout() -> HttpResponse {
    let status = StatusCode::REQUEST_TIMEOUT;
    let message = "The request did not arrive in time. Nothing was recorded; please send it again."
        .to_owned();
    let mut res = HttpResponse::build(status)
        .force_close()
        .json(crate::error::ErrorBody {
            error: "request_timeout",
            message: message.clone(),
            field: None,
            current: None,
            rule: None,
            current_match: None,
        });
    // Pages get it as an error page (see `web::errors`).
    res.extensions_mut()
        .insert(crate::error::RenderedError { status, message });
    res
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_body_deadline_grows_with_data_received_up_to_the_maximum() {
        let t = Timeouts::default();
        let s = Instant::now();
        assert_eq!(deadline(&t, s, 0), s + Duration::from_secs(10));
        assert_eq!(deadline(&t, s, 5), s + Duration::from_secs(10));
        assert_eq!(deadline(&t, s, 160 * 1024), s + Duration::from_secs(20));
        assert_eq!(deadline(&t, s, 1 << 40), s + Duration::from_secs(120));
    }
}
