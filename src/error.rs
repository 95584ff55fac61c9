//! One error type for the whole web layer. 4xx errors carry a message meant for the person at
//! the tablet (and, for bad input, the field it is about); 5xx errors are logged with their cause
//! and shown as a plain apology. Pages get an HTML error page, `/api` gets JSON: the choice is made
//! by `web::errors::render_errors`, which sees the request path.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;

/// Everything a handler can fail with.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// Input that does not parse or breaks a rule; `field` names the offending input.
    #[error("{message}")]
    BadRequest {
        /// What is wrong, for the user.
        message: String,
        /// The form field or JSON member at fault.
        field: Option<String>,
    },
    /// Not signed in, or a bad or expired token.
    #[error("{0}")]
    Unauthorized(String),
    /// Signed in but not allowed.
    #[error("{0}")]
    Forbidden(String),
    /// No such thing.
    #[error("{0}")]
    NotFound(String),
    /// The request was decided on stale state (or raced another writer); `current` is the
    /// state now, for the client to retry on.
    #[error("{message}")]
    Conflict {
        /// What happened.
        message: String,
        /// The current state, when the caller can use it.
        current: Option<serde_json::Value>,
    },
    /// Well-formed input the server will not store (a name with control characters, a token
    /// with a NUL); `field` names it. 422.
    #[error("{message}")]
    Unprocessable {
        /// What is wrong, for the user.
        message: String,
        /// The form field or JSON member at fault.
        field: Option<String>,
    },
    /// A command sent to a match that was voided when its round was paired again (the old page
    /// of a tablet): 409 with the match the table plays now, if it has one.
    #[error("{message}")]
    Voided {
        /// What happened and where to go, for the person at the tablet.
        message: String,
        /// The table's current match in that round.
        current_match: Option<crate::vocab::MatchId>,
    },
    /// A well-formed command the rules refuse; `rule` is the rule's ID (`T9`, `N5`, …).
    #[error("{message}")]
    Rule {
        /// The rule broken.
        rule: String,
        /// What is wrong, for the user.
        message: String,
        /// The command field at fault, when the rule is about one (`words`, `tiles.A2`).
        field: Option<String>,
    },
    /// Body or upload too large.
    #[error("{0}")]
    PayloadTooLarge(String),
    /// Too many attempts; `retry_after` seconds until the next may succeed (`Retry-After`).
    #[error("{message}")]
    TooManyRequests {
        /// What to do, for the user.
        message: String,
        /// Seconds to wait.
        retry_after: u64,
    },
    /// The database cannot be reached right now.
    #[error("the database is unavailable: {0}")]
    Unavailable(String),
    /// A bug or an unexpected failure; the cause is logged, not shown.
    #[error("internal error: {0}")]
    Internal(String),
}

impl AppError {
    /// A 400 about one field.
    pub fn field(field: &str, message: impl Into<String>) -> Self {
        AppError::BadRequest {
            message: message.into(),
            field: Some(field.to_owned()),
        }
    }

    /// A ruleset that cannot be used: a value out of its range (a duration past a day, …) is a
    /// 422 naming the option (`ruleset.clock.side_ms`); overrides of the wrong shape are a 400.
    pub fn ruleset(e: &crate::rules::ruleset::RulesetError) -> Self {
        use crate::rules::ruleset::RulesetError;
        match e {
            RulesetError::Invalid { .. } => AppError::Unprocessable {
                message: e.to_string(),
                field: Some(e.field("ruleset")),
            },
            RulesetError::Shape(_) => AppError::field(&e.field("ruleset"), e.to_string()),
        }
    }

    /// A 400 not tied to one field.
    pub fn bad_request(message: impl Into<String>) -> Self {
        AppError::BadRequest {
            message: message.into(),
            field: None,
        }
    }

    /// A 404 naming what was not found.
    pub fn not_found(what: impl Into<String>) -> Self {
        AppError::NotFound(what.into())
    }

    /// A 500 for an unexpected failure.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        AppError::Internal(cause.to_string())
    }

    /// The message a user may see: 5xx details stay in the log.
    pub fn public_message(&self) -> String {
        match self {
            AppError::Internal(_) => "Something went wrong on our side. The action was not recorded; please try again.".into(),
            AppError::Unavailable(_) => "The database is unavailable right now. Nothing was recorded; please try again in a moment.".into(),
            other => other.to_string(),
        }
    }
}

/// The JSON body of every API error.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[schema(as = Error)]
pub struct ErrorBody {
    /// Machine-readable kind (`bad_request`, `conflict`, …).
    #[schema(schema_with = error_kinds)]
    pub error: &'static str,
    /// Human-readable message.
    pub message: String,
    /// The input at fault, for bad input.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// The current state, for conflicts.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current: Option<serde_json::Value>,
    /// The rule broken, for rule violations.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// For a command on a voided match: the match its table plays now.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_match: Option<crate::vocab::MatchId>,
}

/// Every `error` kind an [`ErrorBody`] carries (from [`AppError`] and from `web::errors`, which
/// gives actix-web's own refusals the same body), for the API document.
pub const ERROR_KINDS: [&str; 13] = [
    "bad_request",
    "unauthorized",
    "forbidden",
    "not_found",
    "conflict",
    "match_void",
    "unprocessable",
    "rule_violation",
    "payload_too_large",
    "request_timeout",
    "too_many_requests",
    "unavailable",
    "internal",
];

/// The schema of [`ErrorBody::error`]: one of [`ERROR_KINDS`].
fn error_kinds() -> utoipa::openapi::schema::Object {
    utoipa::openapi::schema::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .enum_values(Some(ERROR_KINDS))
        .description(Some("Machine-readable kind."))
        .build()
}

/// Marks an error response so the page layer can turn it into HTML (see `web::errors`).
#[derive(Debug, Clone)]
pub struct RenderedError {
    /// HTTP status.
    pub status: StatusCode,
    /// Message for the user.
    pub message: String,
}

impl ResponseError for AppError {
    fn status_code(&self) -> StatusCode {
        match self {
            AppError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            AppError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            AppError::Forbidden(_) => StatusCode::FORBIDDEN,
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::Conflict { .. } | AppError::Voided { .. } => StatusCode::CONFLICT,
            AppError::Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::Rule { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            AppError::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let status = self.status_code();
        if status.is_server_error() {
            // Escaped: a cause may quote what the request sent.
            tracing::error!(error = %self.to_string().escape_debug(), "request failed");
        }
        let kind = match self {
            AppError::BadRequest { .. } => "bad_request",
            AppError::Unauthorized(_) => "unauthorized",
            AppError::Forbidden(_) => "forbidden",
            AppError::NotFound(_) => "not_found",
            AppError::Conflict { .. } => "conflict",
            AppError::Voided { .. } => "match_void",
            AppError::Unprocessable { .. } => "unprocessable",
            AppError::Rule { .. } => "rule_violation",
            AppError::PayloadTooLarge(_) => "payload_too_large",
            AppError::TooManyRequests { .. } => "too_many_requests",
            AppError::Unavailable(_) => "unavailable",
            AppError::Internal(_) => "internal",
        };
        let (field, current, rule) = match self {
            AppError::BadRequest { field, .. } | AppError::Unprocessable { field, .. } => {
                (field.clone(), None, None)
            }
            AppError::Conflict { current, .. } => (None, current.clone(), None),
            AppError::Rule { rule, field, .. } => (field.clone(), None, Some(rule.clone())),
            _ => (None, None, None),
        };
        let message = self.public_message();
        let mut res = HttpResponse::build(status);
        if let AppError::TooManyRequests { retry_after, .. } = self {
            res.insert_header((
                actix_web::http::header::RETRY_AFTER,
                retry_after.to_string(),
            ));
        }
        let mut res = res.json(ErrorBody {
            error: kind,
            message: message.clone(),
            field,
            current,
            rule,
            current_match: match self {
                AppError::Voided { current_match, .. } => *current_match,
                _ => None,
            },
        });
        res.extensions_mut()
            .insert(RenderedError { status, message });
        res
    }
}

impl From<crate::rules::game::RuleError> for AppError {
    fn from(e: crate::rules::game::RuleError) -> Self {
        use crate::rules::game::RuleError;
        match e {
            RuleError::Forbidden { .. } => AppError::Forbidden(e.to_string()),
            other => AppError::Rule {
                rule: other.rule().to_owned(),
                message: other.to_string(),
                field: other.field().map(str::to_owned),
            },
        }
    }
}

impl From<diesel::result::Error> for AppError {
    fn from(e: diesel::result::Error) -> Self {
        use diesel::result::{DatabaseErrorKind, Error};
        match e {
            Error::NotFound => AppError::not_found("not found"),
            Error::DatabaseError(DatabaseErrorKind::UniqueViolation, info) => AppError::Conflict {
                message: format!("that already exists ({})", info.message()),
                current: None,
            },
            Error::DatabaseError(DatabaseErrorKind::SerializationFailure, _) => {
                AppError::Conflict {
                    message: "another change was made at the same moment; please retry".into(),
                    current: None,
                }
            }
            Error::DatabaseError(DatabaseErrorKind::ClosedConnection, info) => {
                AppError::Unavailable(info.message().to_owned())
            }
            // SQLite reports a lock it waited for too long as a plain error.
            Error::DatabaseError(_, ref info) if info.message().contains("database is locked") => {
                AppError::Unavailable(info.message().to_owned())
            }
            other => AppError::internal(other),
        }
    }
}

impl From<diesel::r2d2::PoolError> for AppError {
    fn from(e: diesel::r2d2::PoolError) -> Self {
        AppError::Unavailable(e.to_string())
    }
}

impl From<actix_web::error::BlockingError> for AppError {
    fn from(e: actix_web::error::BlockingError) -> Self {
        AppError::internal(e)
    }
}
