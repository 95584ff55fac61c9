//! Static files, compiled into the binary so the server needs no asset directory and no CDN.

use actix_web::http::header;
use actix_web::{HttpResponse, web};

use crate::error::AppError;

const FILES: &[(&str, &str, &[u8])] = &[
    (
        "app.css",
        "text/css; charset=utf-8",
        include_bytes!("../../static/app.css"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../static/app.js"),
    ),
    (
        "duplicate.css",
        "text/css; charset=utf-8",
        include_bytes!("../../static/duplicate.css"),
    ),
    (
        "duplicate.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../static/duplicate.js"),
    ),
    (
        "online.css",
        "text/css; charset=utf-8",
        include_bytes!("../../static/online.css"),
    ),
    (
        "online.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../static/online.js"),
    ),
    (
        "individual.css",
        "text/css; charset=utf-8",
        include_bytes!("../../static/individual.css"),
    ),
    (
        "individual_director.css",
        "text/css; charset=utf-8",
        include_bytes!("../../static/individual_director.css"),
    ),
    (
        "individual_phone.js",
        "text/javascript; charset=utf-8",
        include_bytes!("../../static/individual_phone.js"),
    ),
    (
        "favicon.svg",
        "image/svg+xml",
        include_bytes!("../../static/favicon.svg"),
    ),
];

/// `GET /static/{file}`.
pub async fn serve(file: web::Path<String>) -> Result<HttpResponse, AppError> {
    let (_, mime, body) = FILES
        .iter()
        .find(|(name, _, _)| *name == file.as_str())
        .ok_or_else(|| AppError::not_found("no such file"))?;
    Ok(HttpResponse::Ok()
        .content_type(*mime)
        .insert_header((header::CACHE_CONTROL, "public, max-age=3600"))
        .body(*body))
}
