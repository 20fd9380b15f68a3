//! The browser client (`web/` at the workspace root), embedded in the binary.

use crate::api::AppState;
use axum::extract::Path;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tower_http::set_header::SetResponseHeaderLayer;

/// (file name, content type, contents)
pub const FILES: &[(&str, &str, &str)] = &[
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../../../web/index.html"),
    ),
    (
        "game.html",
        "text/html; charset=utf-8",
        include_str!("../../../web/game.html"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../../../web/style.css"),
    ),
    (
        "common.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/common.js"),
    ),
    (
        "home.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/home.js"),
    ),
    (
        "game.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/game.js"),
    ),
    (
        "board.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/board.js"),
    ),
    (
        "geometry.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/geometry.js"),
    ),
    (
        "mapview.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/mapview.js"),
    ),
    (
        "layout.js",
        "text/javascript; charset=utf-8",
        include_str!("../../../web/layout.js"),
    ),
    ("favicon.svg", "image/svg+xml", include_str!("../../../web/favicon.svg")),
];

/// With `POWDERHORN_WEB_DIR` set, the client's files are read from that
/// folder on every request (for working on the client without rebuilding).
fn from_dir(name: &str) -> Option<String> {
    let dir = std::env::var_os("POWDERHORN_WEB_DIR")?;
    std::fs::read_to_string(std::path::Path::new(&dir).join(name)).ok()
}

fn file(name: &str) -> Response {
    match FILES.iter().find(|f| f.0 == name) {
        Some((name, ty, body)) => (
            [(header::CONTENT_TYPE, *ty), (header::CACHE_CONTROL, "no-cache")],
            from_dir(name).unwrap_or_else(|| body.to_string()),
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found").into_response(),
    }
}

/// The policy of every page: only this site's scripts, styles and API, and
/// never inside a frame of another page (`frame-ancestors 'none'`, with
/// `X-Frame-Options: DENY` for older browsers): no clickjacking of the
/// game's buttons.
pub const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; \
                       connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

pub fn routes() -> Router<AppState> {
    let set = |name, value| SetResponseHeaderLayer::overriding(name, HeaderValue::from_static(value));
    Router::new()
        .route("/", get(|| async { file("index.html") }))
        .route("/play/{id}", get(|| async { file("game.html") }))
        .route(
            "/static/{name}",
            get(|Path(name): Path<String>| async move { file(&name) }),
        )
        .layer(set(header::CONTENT_SECURITY_POLICY, CSP))
        .layer(set(header::X_FRAME_OPTIONS, "DENY"))
        .layer(set(header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .layer(set(header::REFERRER_POLICY, "no-referrer"))
}
