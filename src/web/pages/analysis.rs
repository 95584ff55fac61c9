//! The analysis pages: a finished online game's moves against the top play
//! (`/online/games/{id}/analysis`, public like the game), and the same for a GCG record
//! pasted or uploaded at `/analyze` (signed-in accounts; a refused record comes back in the
//! form with the reader's line and reason).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse, web};
use askama::Template;
use serde::Deserialize;

use super::{Chrome, page};
use crate::error::AppError;
use crate::rules::analysis::Analysis;
use crate::services::analysis;
use crate::vocab::OnlineGameId;
use crate::web::AppState;
use crate::web::session::{CsrfForm, CsrfToken, CurrentUser, MaybeUser};

#[derive(Template)]
#[template(path = "analysis/online.html")]
struct OnlinePage {
    chrome: Chrome,
    id: OnlineGameId,
    analysis: Analysis,
}

#[derive(Template)]
#[template(path = "analysis/upload.html")]
struct UploadPage {
    chrome: Chrome,
    gcg: String,
    error: Option<String>,
    result: Option<Analysis>,
}

/// `GET /online/games/{id}/analysis`.
pub async fn online_game(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: MaybeUser,
    csrf: CsrfToken,
    id: web::Path<OnlineGameId>,
) -> Result<HttpResponse, AppError> {
    let id = *id;
    let analysis = crate::web::api::analysis::analyse_online(&state, id).await?;
    let chrome = Chrome::new(&req, user.0, &csrf);
    page(
        &OnlinePage {
            chrome: chrome.clone(),
            id,
            analysis,
        },
        &chrome,
        StatusCode::OK,
    )
}

/// `GET /analyze`.
pub async fn form(
    req: HttpRequest,
    user: CurrentUser,
    csrf: CsrfToken,
) -> Result<HttpResponse, AppError> {
    let chrome = Chrome::new(&req, Some(user.0), &csrf);
    page(
        &UploadPage {
            chrome: chrome.clone(),
            gcg: String::new(),
            error: None,
            result: None,
        },
        &chrome,
        StatusCode::OK,
    )
}

/// The `/analyze` form's field.
#[derive(Debug, Deserialize)]
pub struct AnalyzeForm {
    #[serde(default)]
    gcg: String,
}

/// `POST /analyze`: the analysis under the form, or the form again with the refusal.
pub async fn upload(
    req: HttpRequest,
    state: web::Data<AppState>,
    user: CurrentUser,
    csrf: CsrfToken,
    form: CsrfForm<AnalyzeForm>,
) -> Result<HttpResponse, AppError> {
    let gcg = form.0.gcg;
    let (lexicons, text) = (state.lexicons.clone(), gcg.clone());
    let done = web::block(move || analysis::upload(&lexicons, &text))
        .await
        .map_err(AppError::internal)?;
    let chrome = Chrome::new(&req, Some(user.0), &csrf);
    let (status, error, result) = match done {
        Ok(a) => (StatusCode::OK, None, Some(a)),
        Err(e @ AppError::BadRequest { .. }) => {
            let status = actix_web::ResponseError::status_code(&e);
            (status, Some(e.public_message()), None)
        }
        Err(e) => return Err(e),
    };
    // A record too large to analyse is not shown back in full either.
    let gcg = if gcg.len() > crate::rules::analysis::MAX_BYTES {
        String::new()
    } else {
        gcg
    };
    page(
        &UploadPage {
            chrome: chrome.clone(),
            gcg,
            error,
            result,
        },
        &chrome,
        status,
    )
}
