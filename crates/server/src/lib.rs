//! Powderhorn's web server: play in the browser.
//!
//! Games are event-sourced in SQLite or PostgreSQL ([`store`], [`pg`]): a game row and one row per
//! applied action, replayed into memory on first use ([`games`]). Each seat
//! has a 128-bit random token (the invite link); a spectator link sees only
//! what is public. The JSON API ([`api`], documented at `/api/openapi.json`)
//! filters every view and log on the server for the token's seat, and pushes
//! a "changed" notice over server-sent events after each move. Computer seats
//! are played outside the requests by a bounded pool of workers
//! ([`games::Bots`]) that ask [`bot`] for each move. The browser client
//! (`web/`) is embedded in the binary ([`web`]). Cross-site and hosting defences (Host,
//! Origin and content-type checks, JSON errors, the SQLite lock) are in
//! [`hosting`].

pub mod api;
pub mod bot;
pub mod games;
pub mod hosting;
pub mod maps;
pub mod pg;
pub mod store;
pub mod web;

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

pub use api::{app, AppState};

pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";
pub const DEFAULT_DB: &str = "powderhorn.db";

/// The application over a database: a SQLite file path (created if missing)
/// or a `postgres://` URL (see [`store::DbSpec::parse`]). With PostgreSQL a
/// listener task follows the other server processes' moves.
pub async fn open(db: &str) -> Result<AppState, BoxError> {
    let spec = store::DbSpec::parse(db);
    let store = store::Store::open(&spec)
        .await
        .map_err(|e| format!("cannot open database {spec}: {e}"))?;
    let reg = games::Registry::new(store);
    if let store::DbSpec::Postgres(url) = &spec {
        pg::spawn_listener(url.clone(), Arc::downgrade(&reg));
    }
    Ok(AppState::new(reg))
}

/// Serve the site and the API on `addr` until the process is stopped. `db`
/// is a SQLite file or a `postgres://` URL. The server answers to the host
/// names of `addr` (with `localhost` and the loopback addresses when it
/// listens on them) and to those of `hosts` ([`hosting::Site`]). A SQLite
/// file is locked for the life of the process: a second server on it is
/// refused ([`hosting::lock_sqlite`]).
pub async fn serve(addr: &str, db: &str, hosts: &[String]) -> Result<(), BoxError> {
    let addr: SocketAddr = addr.parse().map_err(|e| format!("bad address '{addr}': {e}"))?;
    // Check the names before anything else is done.
    hosting::Site::new(addr, hosts)?;
    let _lock = match store::DbSpec::parse(db) {
        store::DbSpec::Sqlite(p) if p != Path::new(":memory:") => Some(hosting::lock_sqlite(&p)?),
        _ => None,
    };
    let state = open(db).await?;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let local = listener.local_addr()?;
    // Port 0 means a port chosen by the system: the names carry the real one.
    let site = hosting::Site::new(local, hosts)?;
    println!(
        "Powderhorn is at http://{local}/ (games are stored in {}; host names {}; Ctrl-C stops it)",
        store::DbSpec::parse(db),
        site.hosts().join(", ")
    );
    axum::serve(listener, app(state.with_site(site))).await?;
    Ok(())
}

/// [`serve`] on a new multi-threaded tokio runtime (for the CLI). `db` is a
/// SQLite file or a `postgres://user@host/db` URL.
pub fn run(addr: &str, db: impl AsRef<Path>, hosts: &[String]) -> Result<(), BoxError> {
    let db = db.as_ref().to_string_lossy().into_owned();
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(serve(addr, &db, hosts))
}
