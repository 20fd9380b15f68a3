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
pub mod limits;
pub mod listen;
pub mod live;
pub mod maps;
pub mod ops;
pub mod pg;
pub mod seeds;
pub mod store;
pub mod web;

use std::net::SocketAddr;
use std::path::Path;
use std::sync::Arc;

pub use api::{app, AppState};
pub use limits::Limits;

pub type BoxError = Box<dyn std::error::Error + Send + Sync>;

pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";
pub const DEFAULT_DB: &str = "powderhorn.db";

/// How `powderhorn serve` was asked to run.
#[derive(Clone, Debug)]
pub struct Config {
    pub addr: String,
    /// A SQLite file or a `postgres://` URL.
    pub db: String,
    /// The `--host` names.
    pub hosts: Vec<String>,
    pub limits: Limits,
    /// What `/metrics` asks of callers ([`ops`]).
    pub metrics_token: Option<String>,
}

impl Config {
    /// The defaults of `powderhorn serve` (127.0.0.1:8080, powderhorn.db).
    pub fn new(addr: &str, db: &str) -> Config {
        Config {
            addr: addr.to_string(),
            db: db.to_string(),
            hosts: Vec::new(),
            limits: Limits::default(),
            metrics_token: None,
        }
    }
}

/// The application over a database with the default [`Limits`].
pub async fn open(db: &str) -> Result<AppState, BoxError> {
    open_with(db, Limits::default()).await
}

/// The application over a database: a SQLite file path (created if missing)
/// or a `postgres://` URL (see [`store::DbSpec::parse`]). With PostgreSQL a
/// listener task follows the other server processes' moves. The cache is
/// swept every minute ([`games::Registry::sweep`]), and idle games expire
/// ([`games::Registry::expire`], at once and every 10 minutes).
pub async fn open_with(db: &str, limits: Limits) -> Result<AppState, BoxError> {
    ops::recorder();
    let spec = store::DbSpec::parse(db);
    let store = store::Store::open(&spec)
        .await
        .map_err(|e| format!("cannot open database {spec}: {e}"))?;
    let reg = games::Registry::with_limits(store, limits);
    if let store::DbSpec::Postgres(url) = &spec {
        pg::spawn_listener(url.clone(), Arc::downgrade(&reg));
    }
    reg.spawn_sweeper();
    reg.spawn_expirer();
    Ok(AppState::new(reg))
}

/// Serve the site and the API until the process is stopped. The server
/// answers to the host names of its address (with `localhost` and the
/// loopback addresses when it listens on them) and to those of `hosts`
/// ([`hosting::Site`]). A SQLite file is locked for the life of the process:
/// a second server on it is refused ([`hosting::lock_sqlite`]). Connections
/// are bounded by [`listen`].
pub async fn serve(cfg: &Config) -> Result<(), BoxError> {
    let addr: SocketAddr = cfg
        .addr
        .parse()
        .map_err(|e| format!("bad address '{}': {e}", cfg.addr))?;
    // Check the names before anything else is done.
    hosting::Site::new(addr, &cfg.hosts)?;
    let _lock = match store::DbSpec::parse(&cfg.db) {
        store::DbSpec::Sqlite(p) if p != Path::new(":memory:") => Some(hosting::lock_sqlite(&p)?),
        _ => None,
    };
    ops::init_logging();
    let state = open_with(&cfg.db, cfg.limits.clone()).await?;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let local = listener.local_addr()?;
    // Port 0 means a port chosen by the system: the names carry the real one.
    let site = hosting::Site::new(local, &cfg.hosts)?;
    println!(
        "Powderhorn is at http://{local}/ (games are stored in {}; host names {}; Ctrl-C stops it)",
        store::DbSpec::parse(&cfg.db),
        site.hosts().join(", ")
    );
    let state = state.with_site(site).with_metrics_token(cfg.metrics_token.clone());
    // Games of computers only would otherwise wait for a visitor.
    let reg = state.reg.clone();
    tokio::spawn(async move { reg.resume().await });
    listen::serve(listener, app(state), &cfg.limits).await?;
    Ok(())
}

/// [`serve`] on a new multi-threaded tokio runtime (for the CLI).
pub fn run(cfg: &Config) -> Result<(), BoxError> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(serve(cfg))
}
