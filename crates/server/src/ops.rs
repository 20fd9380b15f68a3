//! What the person running the server sees: one structured log line per
//! request (method, route, status, latency: the route's pattern, never the
//! request's path or query, so no token or ticket is ever logged) and
//! Prometheus text metrics at `GET /metrics`.
//!
//! Metrics are recorded with the `metrics` facade wherever they happen
//! (requests here; commits and their batch sizes in [`crate::store`];
//! connections in [`crate::listen`]); the gauges of the server's state
//! (games cached, the computer players' queue, live-update streams) are read
//! when `/metrics` is asked. `/metrics` answers a request carrying
//! `Authorization: Bearer` the `--metrics-token`, or, without that flag, a
//! request from a loopback address that no proxy forwarded (no
//! `X-Forwarded-For`): a reverse proxy never exposes it by accident.

use crate::api::ApiError;
use crate::limits::Peer;
use crate::AppState;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use metrics::SharedString;
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use std::sync::OnceLock;
use std::time::Instant;
use subtle::ConstantTimeEq;

/// Log lines to stderr, filtered by `POWDERHORN_LOG` (tracing's
/// `EnvFilter` syntax, e.g. `warn` or `server=debug`; default `info`).
pub fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_env("POWDERHORN_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr)
        .try_init();
}

/// The process's metrics recorder (installed on first use).
pub fn recorder() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let b = PrometheusBuilder::new()
            .set_buckets(&[
                0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0, 2.0, 5.0,
            ])
            .and_then(|b| {
                b.set_buckets_for_metric(
                    metrics_exporter_prometheus::Matcher::Full("powderhorn_db_commit_batch_size".into()),
                    &[1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0],
                )
            })
            .expect("buckets are not empty");
        match b.install_recorder() {
            Ok(h) => h,
            // Another recorder is installed (an embedding program's): render
            // ours anyway, recorded into nothing.
            Err(_) => PrometheusBuilder::new().build_recorder().handle(),
        }
    })
}

/// Log and count every request (a layer on the whole router).
pub async fn observe(req: Request, next: Next) -> Response {
    let start = Instant::now();
    let method = method_label(req.method());
    let route = req
        .extensions()
        .get::<MatchedPath>()
        .map_or(SharedString::const_str("(no route)"), |p| {
            SharedString::from_owned(p.as_str().to_string())
        });
    let resp = next.run(req).await;
    let status = resp.status();
    let secs = start.elapsed().as_secs_f64();
    tracing::info!(
        method = &*method,
        route = &*route,
        status = status.as_u16(),
        latency_ms = format_args!("{:.2}", secs * 1000.0),
        "request"
    );
    let status = label(status.as_str());
    metrics::counter!("powderhorn_requests_total", "method" => method, "route" => route.clone(), "status" => status)
        .increment(1);
    metrics::histogram!("powderhorn_request_seconds", "route" => route).record(secs);
    resp
}

/// A request's method as a metric label: any token is a method in HTTP,
/// and each label value is a series the recorder keeps for the life of the
/// process, so the methods HTTP does not define count as one, "other"
/// (audit 4: a script making methods up grew the memory and every scrape
/// without bound).
fn method_label(m: &axum::http::Method) -> SharedString {
    use axum::http::Method;
    const DEFINED: [Method; 9] = [
        Method::GET,
        Method::HEAD,
        Method::POST,
        Method::PUT,
        Method::PATCH,
        Method::DELETE,
        Method::OPTIONS,
        Method::CONNECT,
        Method::TRACE,
    ];
    match DEFINED.contains(m) {
        true => label(m.as_str()),
        false => SharedString::const_str("other"),
    }
}

/// A method or status as a metric label: the common ones without an
/// allocation per request.
fn label(s: &str) -> SharedString {
    const COMMON: [&str; 12] = [
        "GET", "POST", "PUT", "DELETE", "200", "201", "400", "403", "404", "409", "422", "429",
    ];
    match COMMON.iter().find(|c| **c == s) {
        Some(c) => SharedString::const_str(c),
        None => SharedString::from_owned(s.to_string()),
    }
}

fn allowed(st: &AppState, peer: Option<Peer>, headers: &HeaderMap) -> bool {
    match &st.metrics_token {
        Some(want) => headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .is_some_and(|t| bool::from(t.trim().as_bytes().ct_eq(want.as_bytes()))),
        None => {
            let local = peer.is_none_or(|p| p.0.ip().is_loopback());
            local && !headers.contains_key("x-forwarded-for")
        }
    }
}

/// `GET /metrics`: Prometheus text.
pub async fn metrics(State(st): State<AppState>, req: Request) -> Response {
    let peer = req.extensions().get::<Peer>().copied();
    if !allowed(&st, peer, req.headers()) {
        return ApiError::new(
            StatusCode::FORBIDDEN,
            "metrics are for the server's operator: ask from this machine, or with --metrics-token",
        )
        .into_response();
    }
    let handle = recorder();
    metrics::gauge!("powderhorn_games_cached").set(st.reg.cached_count() as f64);
    metrics::counter!("powderhorn_games_rebuilt_total").absolute(st.reg.rebuilt_count());
    metrics::counter!("powderhorn_games_expired_total").absolute(st.reg.expired_count());
    metrics::gauge!("powderhorn_bot_queue").set(st.reg.bots.waiting() as f64);
    metrics::gauge!("powderhorn_live_streams").set(st.reg.streams_open() as f64);
    metrics::gauge!("powderhorn_games_followed").set(st.reg.games_followed() as f64);
    handle.run_upkeep();
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8")],
        handle.render(),
    )
        .into_response()
}
