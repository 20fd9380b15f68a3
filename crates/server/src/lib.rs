//! Powderhorn's web server: play in the browser.
//!
//! Games are event-sourced in SQLite or PostgreSQL ([`store`], [`pg`]): a game row and one row per
//! applied action, replayed into memory on first use ([`games`]). Each seat
//! has a 128-bit random token (the invite link); a spectator link sees only
//! what is public. The JSON API ([`api`], documented at `/api/openapi.json`)
//! filters every view and log on the server for the token's seat, and pushes
//! a "changed" notice over server-sent events after each move. Computer seats
//! are played by [`bot::choose_action`]. The browser client (`web/`) is
//! embedded in the binary ([`web`]).

pub mod api;
pub mod bot;
pub mod games;
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
    let reg = Arc::new(games::Registry::new(store));
    if let store::DbSpec::Postgres(url) = &spec {
        pg::spawn_listener(url.clone(), Arc::downgrade(&reg));
    }
    Ok(AppState::new(reg))
}

/// Serve the site and the API on `addr` until the process is stopped. `db`
/// is a SQLite file or a `postgres://` URL.
pub async fn serve(addr: &str, db: &str) -> Result<(), BoxError> {
    let state = open(db).await?;
    let addr: SocketAddr = addr.parse().map_err(|e| format!("bad address '{addr}': {e}"))?;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    println!(
        "Powderhorn is at http://{}/ (games are stored in {}; Ctrl-C stops it)",
        listener.local_addr()?,
        store::DbSpec::parse(db)
    );
    axum::serve(listener, app(state)).await?;
    Ok(())
}

/// [`serve`] on a new multi-threaded tokio runtime (for the CLI). `db` is a
/// SQLite file or a `postgres://user@host/db` URL.
pub fn run(addr: &str, db: impl AsRef<Path>) -> Result<(), BoxError> {
    let db = db.as_ref().to_string_lossy().into_owned();
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(serve(addr, &db))
}
