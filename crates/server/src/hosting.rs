//! Cross-site and hosting defences, as middleware around the router
//! ([`crate::app`]), and the lock that keeps one server process per SQLite
//! file.
//!
//! * **Host** ([`check_host`]): a request whose `Host` header (or, without
//!   one, the authority of an HTTP/2 request's URI) is not one of the
//!   [`Site`]'s names is refused with 421, JSON under `/api`, a short text
//!   page elsewhere: a page of another site whose name was made to resolve to
//!   this server (DNS rebinding) cannot read or drive it. A request with no
//!   host at all is let through: browsers, the only clients a foreign page can
//!   drive, always send one; HTTP/1.0 tools and the in-process tests
//!   (`tower::ServiceExt::oneshot` on [`crate::app`]) do not. `/healthz` is
//!   not checked (load balancers probe it by address; it says only "ok").
//! * **Writes** ([`guard_writes`]): every POST/PUT/PATCH/DELETE to an `/api`
//!   route (unknown routes are 404 and change nothing) needs `Content-Type:
//!   application/json` (415 otherwise: the content types an HTML form or a
//!   "simple" cross-site `fetch` may send without a CORS preflight are
//!   refused, and the server grants no CORS), and an `Origin` header, when
//!   there is one, must name one of the site's hosts (403).
//! * **JSON errors** ([`json_errors`]): every error answer under `/api` has a
//!   `{"error": "..."}` body, also those axum makes itself (405, path and body
//!   rejections).

use crate::api::ApiError;
use crate::AppState;
use axum::extract::{Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::fs::File;
use std::io::{Read, Seek, Write};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

/// The host names (`host` or `host:port`, lower case, as a browser's address
/// bar shows them and sends them in `Host` and `Origin`) that this server
/// answers to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Site {
    hosts: Vec<String>,
}

impl Site {
    /// The names of a server listening on `addr`: `addr` itself and, for a
    /// loopback or unspecified (0.0.0.0, [::]) address, `localhost:PORT`,
    /// `127.0.0.1:PORT` and `[::1]:PORT`; then every name of `extra` (the
    /// `--host` flags).
    pub fn new(addr: SocketAddr, extra: &[String]) -> Result<Site, String> {
        let port = addr.port();
        let mut hosts = vec![addr.to_string()];
        if addr.ip().is_loopback() || addr.ip().is_unspecified() {
            for h in ["localhost", "127.0.0.1", "[::1]"] {
                hosts.push(format!("{h}:{port}"));
            }
        }
        for h in extra {
            hosts.push(parse_host(h)?);
        }
        // A name given with the scheme's default port is also its bare name:
        // browsers leave the default port out of Host and Origin.
        for h in hosts.clone() {
            if let Some(bare) = h.strip_suffix(":80").or_else(|| h.strip_suffix(":443")) {
                hosts.push(bare.to_string());
            }
        }
        let mut seen = std::collections::BTreeSet::new();
        hosts.retain(|h| seen.insert(h.clone()));
        Ok(Site { hosts })
    }

    /// The site of a server on `addr` (`host:port`) with the extra names.
    pub fn for_addr(addr: &str, extra: &[String]) -> Result<Site, String> {
        let addr: SocketAddr = addr.parse().map_err(|e| format!("bad address '{addr}': {e}"))?;
        Site::new(addr, extra)
    }

    pub fn hosts(&self) -> &[String] {
        &self.hosts
    }

    /// Whether `authority` (a `Host` header, `host[:port]`) is one of ours.
    pub fn accepts(&self, authority: &str) -> bool {
        let a = authority.trim().to_ascii_lowercase();
        self.hosts.contains(&a)
    }

    /// Whether an `Origin` header value (`scheme://host[:port]`) names one of
    /// our hosts. `null` (sandboxed frames, `file:` pages) never does.
    pub fn accepts_origin(&self, origin: &str) -> bool {
        match origin.trim().split_once("://") {
            Some((scheme, rest)) if !scheme.is_empty() && !rest.is_empty() && !rest.contains('/') => self.accepts(rest),
            _ => false,
        }
    }
}

impl Default for Site {
    /// The names of [`crate::DEFAULT_ADDR`] (127.0.0.1:8080 and its loopback
    /// aliases): what [`crate::open`] gives an in-process app.
    fn default() -> Site {
        Site::for_addr(crate::DEFAULT_ADDR, &[]).expect("the default address parses")
    }
}

/// A `--host` value: `name` or `name:port`, without scheme or path.
fn parse_host(h: &str) -> Result<String, String> {
    let h = h.trim().to_ascii_lowercase();
    let ok =
        !h.is_empty() && !h.contains("://") && h.bytes().all(|b| b.is_ascii_alphanumeric() || b"-.:[]_".contains(&b));
    if !ok {
        return Err(format!(
            "--host '{h}': give a host name as the browser's address bar shows it, \
             'name' or 'name:port' (e.g. powderhorn.example.org), without http:// or a path"
        ));
    }
    Ok(h)
}

fn is_api(path: &str) -> bool {
    path == "/api" || path.starts_with("/api/")
}

/// The request's host: the `Host` header, else the URI's authority (HTTP/2),
/// else none. `Err` when the header is not text.
fn request_host(req: &Request) -> Option<Result<String, ()>> {
    match req.headers().get(header::HOST) {
        Some(v) => Some(v.to_str().map(str::to_string).map_err(|_| ())),
        None => req.uri().authority().map(|a| Ok(a.as_str().to_string())),
    }
}

/// 421 for a request whose Host is not one of the site's names (see the
/// module's documentation).
pub async fn check_host(State(st): State<AppState>, req: Request, next: Next) -> Response {
    let path = req.uri().path();
    if path == "/healthz" {
        return next.run(req).await;
    }
    let api = is_api(path);
    let host = match request_host(&req) {
        None => return next.run(req).await,
        Some(Ok(h)) if st.site.accepts(&h) => return next.run(req).await,
        Some(Ok(h)) => h,
        Some(Err(())) => "(not text)".to_string(),
    };
    let shown: String = host.chars().take(100).collect();
    let msg = format!(
        "this Powderhorn server does not answer to the host name '{shown}'; \
         its operator can add the name with `powderhorn serve --host NAME`"
    );
    if api {
        let mut r = ApiError::new(StatusCode::MISDIRECTED_REQUEST, msg).into_response();
        r.headers_mut().insert(
            header::X_CONTENT_TYPE_OPTIONS,
            header::HeaderValue::from_static("nosniff"),
        );
        r
    } else {
        (
            StatusCode::MISDIRECTED_REQUEST,
            [
                (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            ],
            format!("421 Misdirected Request\n\n{msg}.\n"),
        )
            .into_response()
    }
}

/// Whether a request's content type is `application/json` (with any
/// parameters, e.g. `; charset=utf-8`).
fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|t| t.trim().eq_ignore_ascii_case("application/json"))
}

/// The checks of a request that may change something (POST, PUT, PATCH,
/// DELETE under `/api`), before its body is read: 403 for a foreign
/// `Origin`, 415 for a body that is not `application/json`.
pub async fn guard_writes(State(st): State<AppState>, req: Request, next: Next) -> Response {
    if !matches!(
        *req.method(),
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    ) {
        return next.run(req).await;
    }
    if let Some(origin) = req.headers().get(header::ORIGIN) {
        let ok = origin.to_str().is_ok_and(|o| st.site.accepts_origin(o));
        if !ok {
            let shown: String = String::from_utf8_lossy(origin.as_bytes()).chars().take(100).collect();
            return ApiError::new(
                StatusCode::FORBIDDEN,
                format!("requests from pages of another site ({shown}) are refused"),
            )
            .into_response();
        }
    }
    if !is_json(req.headers()) {
        let got = req
            .headers()
            .get(header::CONTENT_TYPE)
            .map(|v| format!("'{}'", String::from_utf8_lossy(v.as_bytes())))
            .unwrap_or_else(|| "none".into());
        return ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            format!("send the body as JSON with Content-Type: application/json (the content type was {got})"),
        )
        .into_response();
    }
    next.run(req).await
}

/// Every error answer under `/api` as `{"error": "..."}`: those that are not
/// JSON already (axum's own 405, rejections) get their text wrapped.
pub async fn json_errors(req: Request, next: Next) -> Response {
    let method = req.method().clone();
    let path = req.uri().path().to_string();
    let resp = next.run(req).await;
    let status = resp.status();
    let is_error = status.is_client_error() || status.is_server_error();
    let json = resp
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !is_error || json {
        return resp;
    }
    let (parts, body) = resp.into_parts();
    let text = axum::body::to_bytes(body, 16 * 1024).await.unwrap_or_default();
    let text = String::from_utf8_lossy(&text).trim().to_string();
    let msg = if status == StatusCode::METHOD_NOT_ALLOWED {
        let allow = parts
            .headers
            .get(header::ALLOW)
            .and_then(|v| v.to_str().ok())
            .filter(|v| !v.is_empty())
            .map(|v| format!(" (it takes {v})"))
            .unwrap_or_default();
        format!("{method} is not allowed on {path}{allow}: see /api/openapi.json")
    } else if text.is_empty() {
        status.canonical_reason().unwrap_or("error").to_ascii_lowercase()
    } else {
        text
    };
    let mut out = ApiError::new(status, msg).into_response();
    for (name, value) in parts.headers.iter() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            out.headers_mut().append(name, value.clone());
        }
    }
    out
}

// ---------------------------------------------------------------- lock

/// The lock file of a SQLite database, held by one server process for its
/// whole life (released by the OS when the process ends, even when killed).
///
/// Why a lock file and not SQLite's `PRAGMA locking_mode=EXCLUSIVE`: that
/// takes the lock only at the first read or write and would keep every other
/// reader out too (backups with `sqlite3 .backup`, the crash test reading the
/// store, two stores in one test process); and a lock on the database file
/// itself is not portable (on Windows a whole-file lock blocks SQLite's own
/// byte-range locks). `std::fs::File::try_lock` (`flock` on Unix,
/// `LockFileEx` on Windows) needs no crate. The file is left in place when
/// the server stops: removing it could race with a server starting.
pub struct DbLock {
    _file: File,
    pub path: PathBuf,
}

/// `games.db` -> `games.db.lock`.
pub fn lock_path(db: &Path) -> PathBuf {
    let mut s = db.as_os_str().to_os_string();
    s.push(".lock");
    PathBuf::from(s)
}

/// Take the lock of the SQLite database `db` or say which process holds it.
pub fn lock_sqlite(db: &Path) -> Result<DbLock, String> {
    let path = lock_path(db);
    let mut file = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(false)
        .open(&path)
        .map_err(|e| format!("cannot open the lock file {}: {e}", path.display()))?;
    match file.try_lock() {
        Ok(()) => {
            // Who holds it, for the message of the next one (best effort).
            let _ = file.set_len(0);
            let _ = writeln!(file, "{}", std::process::id());
            let _ = file.flush();
            Ok(DbLock { _file: file, path })
        }
        Err(std::fs::TryLockError::WouldBlock) => {
            let mut pid = String::new();
            let _ = file.rewind();
            let _ = file.read_to_string(&mut pid);
            let pid = pid.trim();
            let who = if pid.is_empty() {
                "another powderhorn server".to_string()
            } else {
                format!("another powderhorn server (process {pid})")
            };
            Err(format!(
                "{who} is already serving the database {} (it holds {}): stop it first or give this one \
                 another --db. Two servers on one SQLite file would each serve the games they have cached \
                 and refuse each other's moves; to run several, use PostgreSQL (--db postgres://...)",
                db.display(),
                path.display()
            ))
        }
        Err(std::fs::TryLockError::Error(e)) => Err(format!("cannot lock {}: {e}", path.display())),
    }
}
