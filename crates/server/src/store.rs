//! Event-sourced storage, in SQLite (here) or PostgreSQL ([`crate::pg`]): a game is its `games` row (title,
//! scenario, options, seed) and its append-only `actions` rows; seats hold
//! the invite tokens; chat and private notes are kept beside them.
//!
//! Every write that belongs to one request happens in one transaction, and the
//! `UNIQUE(game_id, seq)` constraint serializes concurrent writers of a game.

use rusqlite::{params, Connection, OptionalExtension};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// Where games are stored: a SQLite file (the default) or a PostgreSQL URL.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DbSpec {
    Sqlite(PathBuf),
    Postgres(String),
}

impl DbSpec {
    /// `postgres://...` or `postgresql://...` is PostgreSQL; anything else is
    /// the path of a SQLite file.
    pub fn parse(s: &str) -> DbSpec {
        if s.starts_with("postgres://") || s.starts_with("postgresql://") {
            DbSpec::Postgres(s.to_string())
        } else {
            DbSpec::Sqlite(PathBuf::from(s))
        }
    }
}

impl std::fmt::Display for DbSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DbSpec::Sqlite(p) => write!(f, "{}", p.display()),
            // Never print a password.
            DbSpec::Postgres(url) => {
                let (scheme, rest) = url.split_once("://").unwrap_or(("", url));
                match rest.split_once('@') {
                    Some((userinfo, host)) if userinfo.contains(':') => {
                        let user = userinfo.split(':').next().unwrap_or("");
                        write!(f, "{scheme}://{user}:***@{host}")
                    }
                    _ => write!(f, "{url}"),
                }
            }
        }
    }
}

#[derive(Debug)]
pub enum DbError {
    Sqlite(rusqlite::Error),
    Postgres(tokio_postgres::Error),
    /// Another writer stored that sequence number first (`UNIQUE(game_id,
    /// seq)`): nothing was stored.
    Conflict,
    /// A row that cannot be read back.
    Corrupt(String),
}

impl std::fmt::Display for DbError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DbError::Sqlite(e) => write!(f, "{e}"),
            DbError::Postgres(e) => match e.as_db_error() {
                Some(d) => write!(f, "{}: {}", d.severity(), d.message()),
                None => write!(f, "{e}"),
            },
            DbError::Conflict => write!(f, "another writer stored that move first"),
            DbError::Corrupt(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for DbError {}

impl From<rusqlite::Error> for DbError {
    fn from(e: rusqlite::Error) -> Self {
        if let rusqlite::Error::SqliteFailure(f, _) = &e {
            if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
                || f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY
            {
                return DbError::Conflict;
            }
        }
        DbError::Sqlite(e)
    }
}

impl From<tokio_postgres::Error> for DbError {
    fn from(e: tokio_postgres::Error) -> Self {
        if e.code() == Some(&tokio_postgres::error::SqlState::UNIQUE_VIOLATION) {
            return DbError::Conflict;
        }
        DbError::Postgres(e)
    }
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id       TEXT PRIMARY KEY,
    title    TEXT NOT NULL,
    scenario TEXT NOT NULL,
    options  TEXT NOT NULL,          -- JSON object
    seed     TEXT NOT NULL,          -- u64 as decimal text (does not fit SQLite's i64)
    status   TEXT NOT NULL,          -- active | over
    created  INTEGER NOT NULL,       -- unix seconds
    rules    TEXT NOT NULL DEFAULT ''  -- rules version (and data digest) it was made with
);
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat    TEXT NOT NULL,           -- seat name; '' for the spectator link
    kind    TEXT NOT NULL,           -- me | invite | hotseat | computer | spectator
    token   TEXT,                    -- 128-bit random, hex; NULL for computer seats
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq     INTEGER NOT NULL,        -- 1, 2, 3... per game
    seat    TEXT NOT NULL,
    kind    TEXT NOT NULL,           -- act | undo | resign
    action  TEXT NOT NULL,           -- action id ('' for undo and resign)
    dice    TEXT NOT NULL,           -- JSON array of scripted dice (referee mode), usually []
    created INTEGER NOT NULL,
    UNIQUE (game_id, seq)
);
CREATE TABLE IF NOT EXISTS chat (
    game_id TEXT NOT NULL REFERENCES games(id),
    n       INTEGER NOT NULL,
    seat    TEXT NOT NULL,
    text    TEXT NOT NULL,
    created INTEGER NOT NULL,
    UNIQUE (game_id, n)
);
CREATE TABLE IF NOT EXISTS notes (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat    TEXT NOT NULL,
    text    TEXT NOT NULL,
    updated INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
";

#[derive(Clone, Debug, PartialEq)]
pub struct GameRow {
    pub id: String,
    pub title: String,
    pub scenario: String,
    pub options: BTreeMap<String, String>,
    pub seed: u64,
    pub status: String,
    pub created: i64,
    /// The rules version (and `--data` digest) the game was made with
    /// (`engine::data::rules_stamp`); empty for games stored before it was.
    pub rules: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SeatRow {
    /// Empty for the spectator link.
    pub seat: String,
    pub kind: String,
    pub token: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    Act,
    Undo,
    Resign,
}

impl EventKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EventKind::Act => "act",
            EventKind::Undo => "undo",
            EventKind::Resign => "resign",
        }
    }
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "act" => EventKind::Act,
            "undo" => EventKind::Undo,
            "resign" => EventKind::Resign,
            _ => return None,
        })
    }
}

/// One row of a game's event list.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    pub seat: String,
    pub kind: EventKind,
    pub action: String,
    pub dice: Vec<u8>,
}

impl Event {
    /// An event of a seat with no scripted dice (`action` empty but for Act).
    pub fn of(seat: String, kind: EventKind, action: String) -> Self {
        Event {
            seat,
            kind,
            action,
            dice: Vec::new(),
        }
    }
}

#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct ChatLine {
    pub n: i64,
    pub seat: String,
    pub text: String,
    pub created: i64,
}

/// A game as stored: its row, its seats and its events in order.
pub type StoredGame = (GameRow, Vec<SeatRow>, Vec<Event>);

/// The storage backend. An enum rather than a trait object: the PostgreSQL
/// methods are `async` (tokio-postgres), the SQLite ones are plain calls on
/// a local file, and `async fn` in traits cannot be used through `dyn`.
pub enum Store {
    Sqlite(SqliteStore),
    Postgres(crate::pg::PgStore),
}

impl Store {
    pub async fn open(spec: &DbSpec) -> Result<Store, DbError> {
        Ok(match spec {
            DbSpec::Sqlite(p) => Store::Sqlite(SqliteStore::open(p)?),
            DbSpec::Postgres(url) => Store::Postgres(crate::pg::PgStore::connect(url).await?),
        })
    }

    pub fn in_memory() -> Result<Store, DbError> {
        Ok(Store::Sqlite(SqliteStore::in_memory()?))
    }

    pub fn is_postgres(&self) -> bool {
        matches!(self, Store::Postgres(_))
    }

    /// Store a new game with its seats and the events already played (bots).
    pub async fn create(&self, g: &GameRow, seats: &[SeatRow], events: &[Event]) -> Result<(), DbError> {
        match self {
            Store::Sqlite(s) => s.create(g, seats, events),
            Store::Postgres(p) => p.create(g, seats, events).await,
        }
    }

    /// Append events after `after` (the number of events stored so far), and
    /// set the game's status, in one transaction. [`DbError::Conflict`] (and
    /// nothing stored) if another writer got there first. PostgreSQL also
    /// sends `NOTIFY powderhorn, '<game_id>:<seq>'` on commit.
    pub async fn append(&self, game: &str, after: u64, events: &[Event], status: &str) -> Result<(), DbError> {
        match self {
            Store::Sqlite(s) => s.append(game, after, events, status),
            Store::Postgres(p) => p.append(game, after, events, status).await,
        }
    }

    pub async fn game(&self, id: &str) -> Result<Option<StoredGame>, DbError> {
        match self {
            Store::Sqlite(s) => s.game(id),
            Store::Postgres(p) => p.game(id).await,
        }
    }

    /// The number of events stored for a game (0 if there is none).
    pub async fn seq(&self, id: &str) -> Result<u64, DbError> {
        match self {
            Store::Sqlite(s) => s.seq(id),
            Store::Postgres(p) => p.seq(id).await,
        }
    }

    pub async fn chat(&self, game: &str) -> Result<Vec<ChatLine>, DbError> {
        match self {
            Store::Sqlite(s) => s.chat(game),
            Store::Postgres(p) => p.chat(game).await,
        }
    }

    /// Add a chat line; `origin` goes into PostgreSQL's notice so that the
    /// process that wrote it does not announce it twice.
    pub async fn add_chat(&self, game: &str, seat: &str, text: &str, origin: &str) -> Result<i64, DbError> {
        match self {
            Store::Sqlite(s) => s.add_chat(game, seat, text),
            Store::Postgres(p) => p.add_chat(game, seat, text, origin).await,
        }
    }

    pub async fn notes(&self, game: &str, seat: &str) -> Result<String, DbError> {
        match self {
            Store::Sqlite(s) => s.notes(game, seat),
            Store::Postgres(p) => p.notes(game, seat).await,
        }
    }

    pub async fn set_notes(&self, game: &str, seat: &str, text: &str) -> Result<(), DbError> {
        match self {
            Store::Sqlite(s) => s.set_notes(game, seat, text),
            Store::Postgres(p) => p.set_notes(game, seat, text).await,
        }
    }

    /// A trivial query on the `games` table (for `/healthz`): the database
    /// answers and holds the schema.
    pub async fn ping(&self) -> Result<(), DbError> {
        match self {
            Store::Sqlite(s) => s.ping(),
            Store::Postgres(p) => p.ping().await,
        }
    }
}

/// SQLite in one file (WAL). Calls are short local transactions and are made
/// directly from the async handlers, one connection behind a mutex.
pub struct SqliteStore {
    conn: Mutex<Connection>,
}

pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

impl SqliteStore {
    pub fn open(path: &Path) -> Result<SqliteStore, DbError> {
        Self::init(Connection::open(path)?)
    }

    pub fn in_memory() -> Result<SqliteStore, DbError> {
        Self::init(Connection::open_in_memory()?)
    }

    fn init(conn: Connection) -> Result<SqliteStore, DbError> {
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        // WAL: a committed transaction survives a crash of the process.
        let _: String = conn.query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))?;
        conn.execute_batch("PRAGMA foreign_keys=ON;")?;
        conn.execute_batch(SCHEMA)?;
        // Databases made before the rules column: add it (empty = unknown).
        let has_rules = conn
            .prepare("SELECT 1 FROM pragma_table_info('games') WHERE name = 'rules'")?
            .exists([])?;
        if !has_rules {
            conn.execute_batch("ALTER TABLE games ADD COLUMN rules TEXT NOT NULL DEFAULT ''")?;
        }
        Ok(SqliteStore { conn: Mutex::new(conn) })
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Store a new game with its seats and the events already played (bots).
    pub fn create(&self, g: &GameRow, seats: &[SeatRow], events: &[Event]) -> Result<(), DbError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO games (id, title, scenario, options, seed, status, created, rules) VALUES (?1,?2,?3,?4,?5,?6,?7,?8)",
            params![
                g.id,
                g.title,
                g.scenario,
                serde_json::to_string(&g.options).expect("options serialize"),
                g.seed.to_string(),
                g.status,
                g.created,
                g.rules
            ],
        )?;
        for s in seats {
            tx.execute(
                "INSERT INTO seats (game_id, seat, kind, token) VALUES (?1,?2,?3,?4)",
                params![g.id, s.seat, s.kind, s.token],
            )?;
        }
        insert_events(&tx, &g.id, 0, events)?;
        Ok(tx.commit()?)
    }

    /// Append events after `after` (the number of events stored so far), and set
    /// the game's status, in one transaction. Fails (and stores nothing) if
    /// another writer got there first.
    pub fn append(&self, game: &str, after: u64, events: &[Event], status: &str) -> Result<(), DbError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        insert_events(&tx, game, after, events)?;
        tx.execute("UPDATE games SET status = ?2 WHERE id = ?1", params![game, status])?;
        Ok(tx.commit()?)
    }

    pub fn ping(&self) -> Result<(), DbError> {
        self.conn()
            .query_row("SELECT EXISTS (SELECT 1 FROM games)", [], |r| r.get::<_, i64>(0))?;
        Ok(())
    }

    pub fn seq(&self, id: &str) -> Result<u64, DbError> {
        let n: i64 = self.conn().query_row(
            "SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?1",
            [id],
            |r| r.get(0),
        )?;
        Ok(n as u64)
    }

    pub fn game(&self, id: &str) -> Result<Option<StoredGame>, DbError> {
        let conn = self.conn();
        let row = conn
            .query_row(
                "SELECT id, title, scenario, options, seed, status, created, rules FROM games WHERE id = ?1",
                [id],
                |r| {
                    Ok((
                        r.get::<_, String>(0)?,
                        r.get::<_, String>(1)?,
                        r.get::<_, String>(2)?,
                        r.get::<_, String>(3)?,
                        r.get::<_, String>(4)?,
                        r.get::<_, String>(5)?,
                        r.get::<_, i64>(6)?,
                        r.get::<_, String>(7)?,
                    ))
                },
            )
            .optional()?;
        let Some((id, title, scenario, options, seed, status, created, rules)) = row else {
            return Ok(None);
        };
        let bad = |what: &str| DbError::Corrupt(format!("game {id}: bad {what}"));
        let game = GameRow {
            options: serde_json::from_str(&options).map_err(|_| bad("options"))?,
            seed: seed.parse().map_err(|_| bad("seed"))?,
            id: id.clone(),
            title,
            scenario,
            status,
            created,
            rules,
        };
        let mut st = conn.prepare("SELECT seat, kind, token FROM seats WHERE game_id = ?1 ORDER BY rowid")?;
        let seats = st
            .query_map([&id], |r| {
                Ok(SeatRow {
                    seat: r.get(0)?,
                    kind: r.get(1)?,
                    token: r.get(2)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        let mut st =
            conn.prepare("SELECT seq, seat, kind, action, dice FROM actions WHERE game_id = ?1 ORDER BY seq")?;
        let mut events = Vec::new();
        let rows = st.query_map([&id], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, String>(4)?,
            ))
        })?;
        for (i, row) in rows.enumerate() {
            let (seq, seat, kind, action, dice) = row?;
            if seq != i as i64 + 1 {
                return Err(bad("action sequence"));
            }
            events.push(Event {
                seat,
                kind: EventKind::parse(&kind).ok_or_else(|| bad("action kind"))?,
                action,
                dice: serde_json::from_str(&dice).map_err(|_| bad("dice"))?,
            });
        }
        Ok(Some((game, seats, events)))
    }

    pub fn chat(&self, game: &str) -> Result<Vec<ChatLine>, DbError> {
        let conn = self.conn();
        let mut st = conn.prepare("SELECT n, seat, text, created FROM chat WHERE game_id = ?1 ORDER BY n")?;
        let rows = st.query_map([game], |r| {
            Ok(ChatLine {
                n: r.get(0)?,
                seat: r.get(1)?,
                text: r.get(2)?,
                created: r.get(3)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    pub fn add_chat(&self, game: &str, seat: &str, text: &str) -> Result<i64, DbError> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let n: i64 = tx.query_row(
            "SELECT COALESCE(MAX(n), 0) + 1 FROM chat WHERE game_id = ?1",
            [game],
            |r| r.get(0),
        )?;
        tx.execute(
            "INSERT INTO chat (game_id, n, seat, text, created) VALUES (?1,?2,?3,?4,?5)",
            params![game, n, seat, text, now()],
        )?;
        tx.commit()?;
        Ok(n)
    }

    pub fn notes(&self, game: &str, seat: &str) -> Result<String, DbError> {
        let conn = self.conn();
        Ok(conn
            .query_row(
                "SELECT text FROM notes WHERE game_id = ?1 AND seat = ?2",
                [game, seat],
                |r| r.get(0),
            )
            .optional()?
            .unwrap_or_default())
    }

    pub fn set_notes(&self, game: &str, seat: &str, text: &str) -> Result<(), DbError> {
        self.conn().execute(
            "INSERT INTO notes (game_id, seat, text, updated) VALUES (?1,?2,?3,?4)
             ON CONFLICT (game_id, seat) DO UPDATE SET text = excluded.text, updated = excluded.updated",
            params![game, seat, text, now()],
        )?;
        Ok(())
    }
}

fn insert_events(tx: &rusqlite::Transaction<'_>, game: &str, after: u64, events: &[Event]) -> Result<(), DbError> {
    let mut st = tx.prepare(
        "INSERT INTO actions (game_id, seq, seat, kind, action, dice, created) VALUES (?1,?2,?3,?4,?5,?6,?7)",
    )?;
    let t = now();
    for (i, e) in events.iter().enumerate() {
        st.execute(params![
            game,
            (after + i as u64 + 1) as i64,
            e.seat,
            e.kind.as_str(),
            e.action,
            serde_json::to_string(&e.dice).expect("dice serialize"),
            t
        ])?;
    }
    Ok(())
}
