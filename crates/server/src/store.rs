//! Event-sourced storage, in SQLite (here) or PostgreSQL ([`crate::pg`]): a game is its `games` row (title,
//! scenario, options, seed) and its append-only `actions` rows; seats hold
//! the invite tokens; chat and private notes are kept beside them.
//!
//! Every write that belongs to one request happens in one transaction (or,
//! in SQLite, one savepoint), and the `UNIQUE(game_id, seq)` constraint
//! serializes concurrent writers of a game.
//!
//! # SQLite: the writer thread and group commit
//!
//! SQLite calls block (a commit waits for an fsync), so none runs on the
//! async runtime's threads. One thread, `sqlite-writer`, owns the write
//! connection and takes its work from a channel: each write is a job holding
//! a closure and a oneshot sender for its answer. The writer takes one job,
//! then every job already waiting (up to 256), and runs them in ONE
//! transaction, each in its own savepoint, so that a job that fails (a
//! conflict on a move number) is rolled back alone and answers its error
//! while the others are kept. It commits once (`synchronous=FULL`: the WAL is
//! fsynced) and only then answers the jobs: an acknowledged write is on disk,
//! and one fsync serves every writer that was waiting for the previous one
//! (group commit: the busier the server, the bigger the batches). A job is
//! queued when its method is called, and a caller that stops waiting does
//! not cancel it: once queued, it is committed.
//!
//! Reads go to separate connections on tokio's blocking threads (WAL lets
//! them read the last commit while the writer writes), except for an
//! in-memory database, which is private to its one connection: there the
//! writer runs the reads too, after its batch's commit.

use rusqlite::{params, Connection, OptionalExtension};
use std::collections::BTreeMap;
use std::future::Future;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Mutex};
use tokio::sync::oneshot;

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
    status   TEXT NOT NULL,          -- active | stopped (at --moves-per-game) | over | gone (being deleted)
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
    kind    TEXT NOT NULL,           -- act | undo | resign | draw (offer or accept) | decline
    action  TEXT NOT NULL,           -- action id ('' for the others)
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

/// The partial indexes [`IDLE_GAMES`] walks (both backends).
pub const IDLE_INDEXES: &str = "
CREATE INDEX IF NOT EXISTS games_unfinished_touched ON games (touched) WHERE status <> 'over';
CREATE INDEX IF NOT EXISTS games_finished_touched ON games (touched) WHERE status = 'over';
";

/// When a game stored before `touched` was last used (SQLite's many-argument
/// `max`; PostgreSQL's `GREATEST`, [`crate::pg`]).
const TOUCHED_BACKFILL_SQLITE: &str = "UPDATE games SET touched = max(created, \
     COALESCE((SELECT MAX(created) FROM actions a WHERE a.game_id = games.id), 0), \
     COALESCE((SELECT MAX(created) FROM chat c WHERE c.game_id = games.id), 0), \
     COALESCE((SELECT MAX(updated) FROM notes n WHERE n.game_id = games.id), 0));";

/// After a move, three statements, each writing only when it must: the
/// summary (changed by every move); the status, and the creator's address
/// forgotten once the game is over (it is kept only to count games in play,
/// [`GameRow::creator`]), only when the status changes; when the game was
/// last used, to the hour (plenty for an expiry counted in days). SQLite
/// rewrites an index whenever a statement sets a column it (or its `WHERE`)
/// names, so setting `status` or `touched` at every move would rewrite the
/// expiry's indexes at every move.
const APPEND_SQLITE: [&str; 3] = [
    "UPDATE games SET summary = ?3 WHERE id = ?1",
    "UPDATE games SET status = ?2, creator = CASE WHEN ?2 = 'over' THEN '' ELSE creator END \
     WHERE id = ?1 AND status NOT IN (?2, 'gone')",
    "UPDATE games SET touched = ?4 WHERE id = ?1 AND touched < ?4 - 3600 AND status <> 'gone'",
];

/// Mark game `?1` as used at `?2`, to the hour (SQLite; [`Store::touch`]).
const TOUCH_SQLITE: &str = "UPDATE games SET touched = ?2 WHERE id = ?1 AND touched < ?2 - 3600 AND status <> 'gone'";

/// The most rows one job of a deletion removes (SQLite,
/// [`SqliteStore::delete_some`]): each job holds the writer, and with it
/// every other game's moves, for that long (a few ms; a 40,000-move game
/// deleted in one job held it 53-68 ms, session 43).
const DELETE_CHUNK: usize = 2000;

/// A game whose deletion began: out of reach at once (`status` 'gone':
/// [`read_head`] and [`TOUCH_SQLITE`] pass it by, an append cannot bring it
/// back), its seats gone in the same job, and last used at `i64::MIN`
/// (`?2`), so that it stays idle ([`STILL_IDLE`]) under any
/// `--expire-idle-days` and the next sweep lists it first ([`IDLE_GAMES`]),
/// which finishes a deletion a crash cut short.
const GONE_SQLITE: &str =
    "UPDATE games SET status = 'gone', touched = ?2, creator = '' WHERE id = ?1 AND status <> 'gone'";

/// The bytes of chat a game holds (SQLite).
const CHAT_BYTES_SQLITE: &str = "SELECT COALESCE(SUM(length(CAST(text AS BLOB))), 0) FROM chat WHERE game_id = ?1";

/// Games in play whose every seat is a computer and which have stored
/// fewer than `$1` moves (`--moves-per-game`), oldest first, at most `$2`
/// (both backends). By their moves, not only their status: a game stopped
/// at the bound was stored "active" before it was "stopped" (audit 5), and
/// one stopped under a lower bound has room again under a higher one. The
/// count is the index of `UNIQUE (game_id, seq)`'s last entry.
pub const COMPUTER_GAMES: &str = "SELECT id FROM games g WHERE status IN ('active', 'stopped') \
     AND NOT EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.kind <> 'spectator' \
     AND s.kind NOT LIKE 'computer%') \
     AND COALESCE((SELECT MAX(seq) FROM actions a WHERE a.game_id = g.id), 0) < $1 \
     ORDER BY created LIMIT $2";

/// Games whose last use ([`Store::touch`]: created, a move, a chat line,
/// notes, opened) is older than `$1` and which are not over, or which are
/// over and older than `$2` (`--expire-finished-days`; `i64::MIN` when
/// finished games are kept), oldest first, at most `$3` (both backends; each
/// half walks its own partial index, so finished games kept forever cost
/// the sweep nothing).
pub const IDLE_GAMES: &str = "SELECT id FROM (\
     SELECT id, touched FROM (SELECT id, touched FROM games WHERE status <> 'over' AND touched < $1 \
     ORDER BY touched LIMIT $3) AS unfinished \
     UNION ALL SELECT id, touched FROM (SELECT id, touched FROM games WHERE status = 'over' AND touched < $2 \
     ORDER BY touched LIMIT $3) AS finished) AS idle ORDER BY touched LIMIT $3";

/// The condition under which [`IDLE_GAMES`] picked a game, checked again as
/// it is deleted (a move or an opening since then keeps it).
pub const STILL_IDLE: &str = "((status <> 'over' AND touched < $2) OR (status = 'over' AND touched < $3))";

/// The tables holding a game's rows, in the order they are deleted (the
/// game's row last: the others refer to it).
pub const GAME_TABLES: [&str; 4] = ["seats", "notes", "chat", "actions"];

#[derive(Clone, Debug, Default, PartialEq)]
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
    pub salt: String,
    pub seed_chosen: bool,
    pub rematch: String,
    /// What a list of games shows of this one without rebuilding it
    /// ([`crate::games::Live::summary`]: who acts, each viewer's move
    /// number, the outcome), stored with every move; empty for games stored
    /// before it was.
    pub summary: String,
    /// Who made it: the client address as the per-address limits count it
    /// ([`crate::limits::subscriber`]), kept while the game is in play (it
    /// is emptied when the game ends) so that a restart counts its
    /// computers-only games against their maker again; empty for games
    /// stored before it was.
    pub creator: String,
}

impl GameRow {
    /// [`GameRow::creator`] as stored: forgotten for a game stored over
    /// (an opened save file of a finished game).
    pub fn creator_kept(&self) -> &str {
        if self.status == "over" {
            ""
        } else {
            &self.creator
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct SeatRow {
    /// Empty for the spectator link.
    pub seat: String,
    pub kind: String,
    pub token: Option<String>,
    pub invite: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventKind {
    Act,
    Undo,
    Resign,
    /// A seat offers a draw, or accepts the other's offer (FIW 29.3,
    /// `Session::offer_draw`).
    Draw,
    /// A seat declines the other's offer of a draw.
    Decline,
}

impl EventKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EventKind::Act => "act",
            EventKind::Undo => "undo",
            EventKind::Resign => "resign",
            EventKind::Draw => "draw",
            EventKind::Decline => "decline",
        }
    }
    pub fn parse(s: &str) -> Option<Self> {
        Some(match s {
            "act" => EventKind::Act,
            "undo" => EventKind::Undo,
            "resign" => EventKind::Resign,
            "draw" => EventKind::Draw,
            "decline" => EventKind::Decline,
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
    /// A referee's dice and draws for the action (usually none).
    pub dice: Vec<u8>,
    pub draws: Vec<String>,
}

impl Event {
    /// An event of a seat with no scripted dice (`action` empty but for Act).
    pub fn of(seat: String, kind: EventKind, action: String) -> Self {
        Event {
            seat,
            kind,
            action,
            dice: Vec::new(),
            draws: Vec::new(),
        }
    }

    /// Whether a referee entered dice or draws for it.
    pub fn scripted(&self) -> bool {
        !self.dice.is_empty() || !self.draws.is_empty()
    }

    /// The `dice` column: a JSON array of the scripted dice, or, when the
    /// event names draws too, `{"dice": [...], "draws": [...]}` (older rows
    /// are all arrays: no column was added).
    pub fn scripted_text(&self) -> String {
        let v = if self.draws.is_empty() {
            serde_json::json!(self.dice)
        } else {
            serde_json::json!({"dice": self.dice, "draws": self.draws})
        };
        v.to_string()
    }

    /// The dice and draws of a `dice` column ([`Event::scripted_text`]).
    pub fn parse_scripted(text: &str) -> Option<(Vec<u8>, Vec<String>)> {
        #[derive(serde::Deserialize)]
        #[serde(untagged)]
        enum Scripted {
            Dice(Vec<u8>),
            Both { dice: Vec<u8>, draws: Vec<String> },
        }
        match serde_json::from_str(text).ok()? {
            Scripted::Dice(d) => Some((d, Vec::new())),
            Scripted::Both { dice, draws } => Some((dice, draws)),
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

/// The storage backend. An enum rather than a trait object: `async fn` in
/// traits cannot be used through `dyn`.
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
            Store::Sqlite(s) => s.create(g, seats, events).await,
            Store::Postgres(p) => p.create(g, seats, events).await,
        }
    }

    /// Append events after `after` (the number of events stored so far), and
    /// set the game's status and summary ([`GameRow::summary`]), in one
    /// transaction. [`DbError::Conflict`] (and nothing stored) if another
    /// writer got there first. PostgreSQL also sends `NOTIFY powderhorn,
    /// '<game_id>:<seq>'` on commit.
    pub async fn append(
        &self,
        game: &str,
        after: u64,
        events: &[Event],
        status: &str,
        summary: &str,
    ) -> Result<(), DbError> {
        match self {
            Store::Sqlite(s) => s.append(game, after, events, status, summary).await,
            Store::Postgres(p) => p.append(game, after, events, status, summary).await,
        }
    }

    pub async fn game(&self, id: &str) -> Result<Option<StoredGame>, DbError> {
        match self {
            Store::Sqlite(s) => s.game(id).await,
            Store::Postgres(p) => p.game(id).await,
        }
    }

    /// The number of events stored for a game (0 if there is none).
    pub async fn seq(&self, id: &str) -> Result<u64, DbError> {
        match self {
            Store::Sqlite(s) => s.seq(id).await,
            Store::Postgres(p) => p.seq(id).await,
        }
    }

    pub async fn chat(&self, game: &str, after: i64, limit: usize) -> Result<Vec<ChatLine>, DbError> {
        match self {
            Store::Sqlite(s) => s.chat(game, after, limit).await,
            Store::Postgres(p) => p.chat(game, after, limit).await,
        }
    }

    /// A game's row and seats, without its moves (`POST /api/my-games`).
    pub async fn head(&self, id: &str) -> Result<Option<(GameRow, Vec<SeatRow>)>, DbError> {
        match self {
            Store::Sqlite(s) => s.head(id).await,
            Store::Postgres(p) => p.head(id).await,
        }
    }

    pub async fn create_rematch(&self, old: &str, g: &GameRow, seats: &[SeatRow]) -> Result<(), DbError> {
        match self {
            Store::Sqlite(s) => s.create_rematch(old, g, seats).await,
            Store::Postgres(p) => p.create_rematch(old, g, seats).await,
        }
    }

    /// Give an unclaimed invited seat `token`, if `code` is its invite code
    /// now (a replaced code claims nothing); `false` otherwise.
    pub async fn claim(&self, game: &str, seat: &str, code: &str, token: &str) -> Result<bool, DbError> {
        match self {
            Store::Sqlite(s) => s.claim(game, seat, code, token).await,
            Store::Postgres(p) => p.claim(game, seat, code, token).await,
        }
    }

    pub async fn set_invite(&self, game: &str, seat: &str, code: &str) -> Result<bool, DbError> {
        match self {
            Store::Sqlite(s) => s.set_invite(game, seat, code).await,
            Store::Postgres(p) => p.set_invite(game, seat, code).await,
        }
    }

    /// Add a chat line, its number, unless the game's chat would then hold
    /// more than `cap` bytes (`None`, nothing stored): the check and the
    /// insert are one step, so posts at once cannot pass the cap together.
    /// `origin` goes into PostgreSQL's notice so that the process that wrote
    /// it does not announce it twice.
    pub async fn add_chat(
        &self,
        game: &str,
        seat: &str,
        text: &str,
        cap: usize,
        origin: &str,
    ) -> Result<Option<i64>, DbError> {
        match self {
            Store::Sqlite(s) => s.add_chat(game, seat, text, cap).await,
            Store::Postgres(p) => p.add_chat(game, seat, text, cap, origin).await,
        }
    }

    pub async fn notes(&self, game: &str, seat: &str) -> Result<String, DbError> {
        match self {
            Store::Sqlite(s) => s.notes(game, seat).await,
            Store::Postgres(p) => p.notes(game, seat).await,
        }
    }

    pub async fn set_notes(&self, game: &str, seat: &str, text: &str) -> Result<(), DbError> {
        match self {
            Store::Sqlite(s) => s.set_notes(game, seat, text).await,
            Store::Postgres(p) => p.set_notes(game, seat, text).await,
        }
    }

    /// The ids of at most `limit` games in play whose every seat is a
    /// computer and which have stored fewer than `moves_max` moves (oldest
    /// first, [`COMPUTER_GAMES`]): nobody will open them to wake them up
    /// after a restart, so the server does
    /// ([`crate::games::Registry::resume`]).
    pub async fn computer_games(&self, limit: usize, moves_max: u64) -> Result<Vec<String>, DbError> {
        let (limit, moves_max) = (
            i64::try_from(limit).unwrap_or(i64::MAX),
            i64::try_from(moves_max).unwrap_or(i64::MAX),
        );
        match self {
            Store::Sqlite(s) => s.computer_games(limit, moves_max).await,
            Store::Postgres(p) => p.computer_games(limit, moves_max).await,
        }
    }

    /// Mark games as used at `now` (unix seconds), so that the expiry of
    /// idle games ([`Store::idle_games`]) passes them by: the games this
    /// process holds (a game it opens: [`Store::mark_used`]). Moves, chat
    /// and notes touch their game as they are stored.
    pub async fn touch(&self, ids: &[String], now: i64) -> Result<(), DbError> {
        if ids.is_empty() {
            return Ok(());
        }
        match self {
            Store::Sqlite(s) => s.touch(ids, now).await,
            Store::Postgres(p) => p.touch(ids, now).await,
        }
    }

    /// Mark game `id` as used at `now` as it is opened ([`Registry::get`]),
    /// before it is read: whether it is still stored. The expiry deletes
    /// only a game still unused, checked in the deletion's own transaction
    /// ([`Store::delete_idle`]), so a game is either gone before this (then
    /// `false`) or kept: never deleted from under the rebuild that opens
    /// it, in this process or another over the same PostgreSQL.
    ///
    /// [`Registry::get`]: crate::games::Registry::get
    pub async fn mark_used(&self, id: &str, now: i64) -> Result<bool, DbError> {
        match self {
            Store::Sqlite(s) => s.mark_used(id, now).await,
            Store::Postgres(p) => p.mark_used(id, now).await,
        }
    }

    /// At most `limit` games, oldest first, last used before `idle_before`
    /// and not over, or over and last used before `over_before` (`None`:
    /// finished games are kept), [`IDLE_GAMES`].
    pub async fn idle_games(
        &self,
        idle_before: i64,
        over_before: Option<i64>,
        limit: usize,
    ) -> Result<Vec<String>, DbError> {
        let over_before = over_before.unwrap_or(i64::MIN);
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        match self {
            Store::Sqlite(s) => s.idle_games(idle_before, over_before, limit).await,
            Store::Postgres(p) => p.idle_games(idle_before, over_before, limit).await,
        }
    }

    /// Delete game `id` with all its rows if it is still idle by the same
    /// bounds ([`STILL_IDLE`]: a move or an opening since it was listed
    /// keeps it). Whether it was deleted. PostgreSQL deletes it in one
    /// transaction, which holds that game's row and no other game's; SQLite's
    /// one writer would hold every game's moves meanwhile, so there a long
    /// game goes a chunk at a time ([`SqliteStore::delete_some`]), out of
    /// reach from the first.
    pub async fn delete_idle(&self, id: &str, idle_before: i64, over_before: Option<i64>) -> Result<bool, DbError> {
        let over_before = over_before.unwrap_or(i64::MIN);
        match self {
            Store::Sqlite(s) => s.delete_idle(id, idle_before, over_before).await,
            Store::Postgres(p) => p.delete_idle(id, idle_before, over_before).await,
        }
    }

    /// A trivial query on the `games` table (for `/healthz`): the database
    /// answers and holds the schema.
    pub async fn ping(&self) -> Result<(), DbError> {
        match self {
            Store::Sqlite(s) => s.ping().await,
            Store::Postgres(p) => p.ping().await,
        }
    }
}

/// SQLite in one file (WAL, `synchronous=FULL`), never used from the async
/// runtime's threads: writes go to the writer thread (group commit, see the
/// module doc), reads to a small pool of read connections on tokio's blocking
/// threads. An in-memory database (`:memory:`) is private to its connection,
/// so there the writer thread's connection does the reads too.
pub struct SqliteStore {
    /// `None` only while dropping (closing it stops the writer).
    jobs: Option<mpsc::Sender<Job>>,
    reads: Reads,
    writer: Option<std::thread::JoinHandle<()>>,
    /// Transactions committed by the writer (the tests check the grouping).
    #[cfg_attr(not(test), allow(dead_code))]
    commits: Arc<AtomicU64>,
}

/// The most jobs in one transaction: bounds what one batch adds to the
/// latency of its first job.
const MAX_BATCH: usize = 256;

/// Read connections kept open between reads (more are opened when needed).
const MAX_IDLE_READERS: usize = 4;

/// Enough for every statement below, so none is parsed twice.
const STATEMENT_CACHE: usize = 32;

/// A request to the writer thread.
enum Job {
    /// Runs in the batch's transaction, in a savepoint of its own.
    Write(Box<dyn Write>),
    /// Runs after the batch's commit, outside any transaction (in-memory
    /// stores, and the tests' pause).
    Read(Read),
}

/// A read run by the writer thread; it sends its own answer.
type Read = Box<dyn FnOnce(&Connection) + Send>;

/// A write waiting for its batch's commit: [`Write::run`] does the work and
/// keeps its outcome, [`Write::answer`] sends it once the batch is committed
/// (or the commit's error if it was not).
trait Write: Send {
    /// Whether it succeeded (else its savepoint is rolled back).
    fn run(&mut self, conn: &Connection) -> bool;
    fn answer(self: Box<Self>, commit: Result<(), &DbError>);
}

struct Pending<T, F> {
    work: Option<F>,
    outcome: Option<Result<T, DbError>>,
    reply: oneshot::Sender<Result<T, DbError>>,
}

impl<T, F> Write for Pending<T, F>
where
    T: Send,
    F: FnOnce(&Connection) -> Result<T, DbError> + Send,
{
    fn run(&mut self, conn: &Connection) -> bool {
        let outcome = self
            .work
            .take()
            .map_or_else(|| Err(gone()), |work| guarded(|| work(conn)));
        let ok = outcome.is_ok();
        self.outcome = Some(outcome);
        ok
    }

    fn answer(self: Box<Self>, commit: Result<(), &DbError>) {
        let answer = match (self.outcome, commit) {
            (Some(Ok(v)), Ok(())) => Ok(v),
            // Its own failure (a conflict...): its savepoint was rolled back.
            (Some(Err(e)), _) => Err(e),
            (_, Err(e)) => Err(copy_error(e)),
            (None, Ok(())) => Err(gone()),
        };
        // The caller may have stopped waiting; what is committed stays.
        let _ = self.reply.send(answer);
    }
}

enum Reads {
    /// Read connections to the file (WAL: readers see every committed
    /// transaction and do not wait for the writer).
    Pool(Arc<ReadPool>),
    /// Through the writer thread (in-memory databases).
    Writer,
}

struct ReadPool {
    path: PathBuf,
    idle: Mutex<Vec<Connection>>,
}

impl ReadPool {
    fn run<T>(&self, f: impl FnOnce(&Connection) -> Result<T, DbError>) -> Result<T, DbError> {
        let idle = self.idle.lock().unwrap_or_else(|e| e.into_inner()).pop();
        let conn = match idle {
            Some(c) => c,
            None => open_reader(&self.path)?,
        };
        let out = f(&conn);
        let mut idle = self.idle.lock().unwrap_or_else(|e| e.into_inner());
        if idle.len() < MAX_IDLE_READERS {
            idle.push(conn);
        }
        out
    }
}

fn open_reader(path: &Path) -> Result<Connection, DbError> {
    let conn = Connection::open(path)?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
    conn.execute_batch("PRAGMA query_only=ON;")?;
    Ok(conn)
}

/// What one job of a deletion did ([`SqliteStore::delete_some`]).
enum Deletion {
    /// The game is not idle (any more): nothing deleted.
    Kept,
    /// Marked gone, and some of its rows deleted: more are left.
    Begun,
    /// Deleted with all its rows.
    Done,
}

/// An error of the store's own (not from SQLite), as a SQLite error `code`.
fn failure(code: std::ffi::c_int, msg: &str) -> DbError {
    DbError::Sqlite(rusqlite::Error::SqliteFailure(
        rusqlite::ffi::Error::new(code),
        Some(msg.into()),
    ))
}

/// The error of a job whose thread stopped before answering (the writer
/// thread died, or a read panicked).
fn gone() -> DbError {
    failure(
        rusqlite::ffi::SQLITE_ABORT,
        "the SQLite thread stopped before answering",
    )
}

/// Run a job's closure; a panic in it fails that job alone, not the writer
/// thread (and with it every later write).
fn guarded<T>(f: impl FnOnce() -> Result<T, DbError>) -> Result<T, DbError> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(f))
        .unwrap_or_else(|_| Err(failure(rusqlite::ffi::SQLITE_ABORT, "a database job panicked")))
}

/// The commit's error again, for each job of the batch (errors are not `Clone`).
fn copy_error(e: &DbError) -> DbError {
    match e {
        DbError::Sqlite(rusqlite::Error::SqliteFailure(f, msg)) => {
            DbError::Sqlite(rusqlite::Error::SqliteFailure(*f, msg.clone()))
        }
        DbError::Conflict => DbError::Conflict,
        e => failure(rusqlite::ffi::SQLITE_ERROR, &e.to_string()),
    }
}

pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// `:memory:` or a `file:` URI of an in-memory database.
fn is_in_memory(path: &Path) -> bool {
    let p = path.to_string_lossy();
    p.is_empty() || p == ":memory:" || (p.starts_with("file:") && (p.contains(":memory:") || p.contains("mode=memory")))
}

impl SqliteStore {
    pub fn open(path: &Path) -> Result<SqliteStore, DbError> {
        let conn = Connection::open(path)?;
        let reads = if is_in_memory(path) {
            Reads::Writer
        } else {
            Reads::Pool(Arc::new(ReadPool {
                path: path.to_path_buf(),
                idle: Mutex::new(Vec::new()),
            }))
        };
        Self::start(conn, reads)
    }

    pub fn in_memory() -> Result<SqliteStore, DbError> {
        Self::start(Connection::open_in_memory()?, Reads::Writer)
    }

    /// Set the write connection up (here, so that errors reach the caller)
    /// and hand it to the writer thread.
    fn start(conn: Connection, reads: Reads) -> Result<SqliteStore, DbError> {
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.set_prepared_statement_cache_capacity(STATEMENT_CACHE);
        // WAL, and an fsync of it at every commit: an acknowledged write
        // survives a crash of the process or of the machine.
        let _: String = conn.query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))?;
        conn.execute_batch("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON;")?;
        conn.execute_batch(SCHEMA)?;
        // Databases made before the rules column: add it (empty = unknown).
        let has_rules = conn
            .prepare("SELECT 1 FROM pragma_table_info('games') WHERE name = 'rules'")?
            .exists([])?;
        if !has_rules {
            conn.execute_batch("ALTER TABLE games ADD COLUMN rules TEXT NOT NULL DEFAULT ''")?;
        }
        for (table, col, ty) in [
            ("games", "salt", "TEXT NOT NULL DEFAULT ''"),
            ("games", "seed_chosen", "INTEGER NOT NULL DEFAULT 0"),
            ("games", "rematch", "TEXT NOT NULL DEFAULT ''"),
            ("games", "summary", "TEXT NOT NULL DEFAULT ''"),
            ("games", "creator", "TEXT NOT NULL DEFAULT ''"),
            ("seats", "invite", "TEXT"),
        ] {
            let has = conn
                .prepare(&format!(
                    "SELECT 1 FROM pragma_table_info('{table}') WHERE name = '{col}'"
                ))?
                .exists([])?;
            if !has {
                conn.execute_batch(&format!("ALTER TABLE {table} ADD COLUMN {col} {ty}"))?;
            }
        }
        let has_touched = conn
            .prepare("SELECT 1 FROM pragma_table_info('games') WHERE name = 'touched'")?
            .exists([])?;
        if !has_touched {
            // Older games were last used at their last move, chat line or
            // note, else when made: not all at once, and not at 0 (which
            // would expire them all at the first sweep).
            conn.execute_batch(&format!(
                "BEGIN; ALTER TABLE games ADD COLUMN touched INTEGER NOT NULL DEFAULT 0; {TOUCHED_BACKFILL_SQLITE} COMMIT;"
            ))?;
        }
        conn.execute_batch(IDLE_INDEXES)?;
        let (jobs, queue) = mpsc::channel();
        let commits = Arc::new(AtomicU64::new(0));
        let writer = {
            let commits = commits.clone();
            std::thread::Builder::new()
                .name("sqlite-writer".into())
                .spawn(move || run_writer(conn, queue, &commits))
                .map_err(|e| {
                    failure(
                        rusqlite::ffi::SQLITE_ERROR,
                        &format!("cannot start the SQLite writer: {e}"),
                    )
                })?
        };
        Ok(SqliteStore {
            jobs: Some(jobs),
            reads,
            writer: Some(writer),
            commits,
        })
    }

    fn send(&self, job: Job) -> Result<(), DbError> {
        let jobs = self.jobs.as_ref().ok_or_else(gone)?;
        jobs.send(job).map_err(|_| gone())
    }

    /// Queue a write for the writer thread (at once, not when the future is
    /// first polled); the future is its answer, after its batch's commit.
    fn write<T, F>(&self, work: F) -> impl Future<Output = Result<T, DbError>>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, DbError> + Send + 'static,
    {
        let (reply, answer) = oneshot::channel();
        let sent = self.send(Job::Write(Box::new(Pending {
            work: Some(work),
            outcome: None,
            reply,
        })));
        async move {
            sent?;
            answer.await.map_err(|_| gone())?
        }
    }

    /// Run a read on a blocking thread (or on the writer's connection for an
    /// in-memory store); it sees every write acknowledged before it.
    fn read<T, F>(&self, f: F) -> impl Future<Output = Result<T, DbError>>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, DbError> + Send + 'static,
    {
        let (reply, answer) = oneshot::channel();
        let sent = match &self.reads {
            Reads::Pool(pool) => {
                let pool = pool.clone();
                tokio::task::spawn_blocking(move || {
                    let _ = reply.send(pool.run(f));
                });
                Ok(())
            }
            Reads::Writer => self.send(Job::Read(Box::new(move |conn| {
                let _ = reply.send(f(conn));
            }))),
        };
        async move {
            sent?;
            answer.await.map_err(|_| gone())?
        }
    }

    /// Store a new game with its seats and the events already played (bots).
    pub fn create(
        &self,
        g: &GameRow,
        seats: &[SeatRow],
        events: &[Event],
    ) -> impl Future<Output = Result<(), DbError>> {
        let (g, seats, events) = (g.clone(), seats.to_vec(), events.to_vec());
        self.write(move |conn| insert_game(conn, &g, &seats, &events))
    }

    pub fn create_rematch(
        &self,
        old: &str,
        g: &GameRow,
        seats: &[SeatRow],
    ) -> impl Future<Output = Result<(), DbError>> {
        let (old, g, seats) = (old.to_string(), g.clone(), seats.to_vec());
        self.write(move |conn| {
            insert_game(conn, &g, &seats, &[])?;
            let n = conn
                .prepare_cached("UPDATE games SET rematch = ?2 WHERE id = ?1 AND rematch = ''")?
                .execute(params![old, g.id])?;
            if n != 1 {
                return Err(DbError::Conflict);
            }
            Ok(())
        })
    }

    pub fn claim(
        &self,
        game: &str,
        seat: &str,
        code: &str,
        token: &str,
    ) -> impl Future<Output = Result<bool, DbError>> {
        let (game, seat, code, token) = (game.to_string(), seat.to_string(), code.to_string(), token.to_string());
        self.write(move |conn| {
            Ok(conn
                .prepare_cached(
                    "UPDATE seats SET token = ?3 WHERE game_id = ?1 AND seat = ?2 AND token IS NULL AND invite = ?4",
                )?
                .execute(params![game, seat, token, code])?
                == 1)
        })
    }

    pub fn set_invite(&self, game: &str, seat: &str, code: &str) -> impl Future<Output = Result<bool, DbError>> {
        let (game, seat, code) = (game.to_string(), seat.to_string(), code.to_string());
        self.write(move |conn| {
            Ok(conn
                .prepare_cached(
                    "UPDATE seats SET invite = ?3 WHERE game_id = ?1 AND seat = ?2 AND token IS NULL AND invite IS NOT NULL",
                )?
                .execute(params![game, seat, code])?
                == 1)
        })
    }

    /// Append events after `after` (the number of events stored so far), and set
    /// the game's status and summary. Fails with [`DbError::Conflict`] (and
    /// stores nothing) if another writer got there first.
    pub fn append(
        &self,
        game: &str,
        after: u64,
        events: &[Event],
        status: &str,
        summary: &str,
    ) -> impl Future<Output = Result<(), DbError>> {
        let (game, events) = (game.to_string(), events.to_vec());
        let (status, summary) = (status.to_string(), summary.to_string());
        self.write(move |conn| {
            insert_events(conn, &game, after, &events)?;
            let t = now();
            for sql in APPEND_SQLITE {
                let mut st = conn.prepare_cached(sql)?;
                // Each statement names only some of the four parameters.
                for (i, v) in [&game as &dyn rusqlite::ToSql, &status, &summary, &t]
                    .into_iter()
                    .enumerate()
                {
                    if st.parameter_name(i + 1).is_some() {
                        st.raw_bind_parameter(i + 1, v)?;
                    }
                }
                st.raw_execute()?;
            }
            Ok(())
        })
    }

    pub fn head(&self, id: &str) -> impl Future<Output = Result<Option<(GameRow, Vec<SeatRow>)>, DbError>> {
        let id = id.to_string();
        self.read(move |conn| {
            let tx = conn.unchecked_transaction()?;
            let head = read_head(&tx, &id);
            tx.finish()?;
            head
        })
    }

    pub fn computer_games(&self, limit: i64, moves_max: i64) -> impl Future<Output = Result<Vec<String>, DbError>> {
        self.read(move |conn| {
            let mut st = conn.prepare_cached(COMPUTER_GAMES)?;
            let ids = st.query_map([moves_max, limit], |r| r.get(0))?;
            Ok(ids.collect::<Result<_, _>>()?)
        })
    }

    pub fn touch(&self, ids: &[String], now: i64) -> impl Future<Output = Result<(), DbError>> {
        let ids = ids.to_vec();
        self.write(move |conn| {
            let mut st = conn.prepare_cached(TOUCH_SQLITE)?;
            for id in &ids {
                st.execute(params![id, now])?;
            }
            Ok(())
        })
    }

    pub fn mark_used(&self, id: &str, now: i64) -> impl Future<Output = Result<bool, DbError>> {
        let id = id.to_string();
        // One job of the writer, as the deletion is.
        self.write(move |conn| {
            if conn.prepare_cached(TOUCH_SQLITE)?.execute(params![id, now])? > 0 {
                return Ok(true);
            }
            Ok(conn
                .prepare_cached("SELECT 1 FROM games WHERE id = ?1 AND status <> 'gone'")?
                .exists([&id])?)
        })
    }

    pub fn idle_games(
        &self,
        idle_before: i64,
        over_before: i64,
        limit: i64,
    ) -> impl Future<Output = Result<Vec<String>, DbError>> {
        self.read(move |conn| {
            let mut st = conn.prepare_cached(IDLE_GAMES)?;
            // By name: SQLite numbers `$N` parameters by first appearance.
            let ids = st.query_map(
                &[
                    ("$1", &idle_before as &dyn rusqlite::ToSql),
                    ("$2", &over_before),
                    ("$3", &limit),
                ],
                |r| r.get(0),
            )?;
            Ok(ids.collect::<Result<_, _>>()?)
        })
    }

    /// [`Store::delete_idle`]: [`SqliteStore::delete_some`] until done.
    pub async fn delete_idle(&self, id: &str, idle_before: i64, over_before: i64) -> Result<bool, DbError> {
        loop {
            match self.delete_some(id, idle_before, over_before).await? {
                Deletion::Kept => return Ok(false),
                Deletion::Begun => {}
                Deletion::Done => return Ok(true),
            }
        }
    }

    /// One job of a deletion: if game `id` is still idle (nothing else
    /// writes between the check and the deletion), mark it gone
    /// ([`GONE_SQLITE`]) and delete at most [`DELETE_CHUNK`] of its rows,
    /// and its `games` row once no other is left. A game marked gone stays
    /// idle, so the next job (or, after a crash, the next sweep) goes on.
    fn delete_some(
        &self,
        id: &str,
        idle_before: i64,
        over_before: i64,
    ) -> impl Future<Output = Result<Deletion, DbError>> {
        let id = id.to_string();
        self.write(move |conn| {
            let idle = conn
                .prepare_cached(&format!("SELECT 1 FROM games WHERE id = $1 AND {STILL_IDLE}"))?
                .exists(&[
                    ("$1", &id as &dyn rusqlite::ToSql),
                    ("$2", &idle_before),
                    ("$3", &over_before),
                ])?;
            if !idle {
                return Ok(Deletion::Kept);
            }
            conn.prepare_cached(GONE_SQLITE)?.execute(params![id, i64::MIN])?;
            let mut room = DELETE_CHUNK;
            for table in GAME_TABLES {
                room -= conn
                    .prepare_cached(&format!(
                        "DELETE FROM {table} WHERE rowid IN (SELECT rowid FROM {table} WHERE game_id = ?1 LIMIT ?2)"
                    ))?
                    .execute(params![id, room as i64])?;
                if room == 0 {
                    return Ok(Deletion::Begun);
                }
            }
            conn.prepare_cached("DELETE FROM games WHERE id = ?1")?.execute([&id])?;
            Ok(Deletion::Done)
        })
    }

    pub fn ping(&self) -> impl Future<Output = Result<(), DbError>> {
        self.read(|conn| {
            conn.prepare_cached("SELECT EXISTS (SELECT 1 FROM games)")?
                .query_row([], |r| r.get::<_, i64>(0))?;
            Ok(())
        })
    }

    pub fn seq(&self, id: &str) -> impl Future<Output = Result<u64, DbError>> {
        let id = id.to_string();
        self.read(move |conn| {
            let n: i64 = conn
                .prepare_cached("SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = ?1")?
                .query_row([id], |r| r.get(0))?;
            Ok(n as u64)
        })
    }

    pub fn game(&self, id: &str) -> impl Future<Output = Result<Option<StoredGame>, DbError>> {
        let id = id.to_string();
        self.read(move |conn| {
            // One read transaction: the row, seats and events of one moment.
            let tx = conn.unchecked_transaction()?;
            let game = read_game(&tx, &id);
            tx.finish()?;
            game
        })
    }

    pub fn chat(&self, game: &str, after: i64, limit: usize) -> impl Future<Output = Result<Vec<ChatLine>, DbError>> {
        let game = game.to_string();
        self.read(move |conn| {
            let mut st = conn.prepare_cached(
                "SELECT n, seat, text, created FROM chat WHERE game_id = ?1 AND n > ?2 ORDER BY n LIMIT ?3",
            )?;
            let rows = st.query_map(params![game, after, limit as i64], |r| {
                Ok(ChatLine {
                    n: r.get(0)?,
                    seat: r.get(1)?,
                    text: r.get(2)?,
                    created: r.get(3)?,
                })
            })?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
    }

    pub fn add_chat(
        &self,
        game: &str,
        seat: &str,
        text: &str,
        cap: usize,
    ) -> impl Future<Output = Result<Option<i64>, DbError>> {
        let (game, seat, text) = (game.to_string(), seat.to_string(), text.to_string());
        // On the writer, so that neither the next number nor the room left
        // can be taken twice.
        self.write(move |conn| {
            let used: i64 = conn
                .prepare_cached(CHAT_BYTES_SQLITE)?
                .query_row([&game], |r| r.get(0))?;
            if used as usize + text.len() > cap {
                return Ok(None);
            }
            let n: i64 = conn
                .prepare_cached("SELECT COALESCE(MAX(n), 0) + 1 FROM chat WHERE game_id = ?1")?
                .query_row([&game], |r| r.get(0))?;
            let t = now();
            conn.prepare_cached("INSERT INTO chat (game_id, n, seat, text, created) VALUES (?1,?2,?3,?4,?5)")?
                .execute(params![game, n, seat, text, t])?;
            conn.prepare_cached(TOUCH_SQLITE)?.execute(params![game, t])?;
            Ok(Some(n))
        })
    }

    pub fn notes(&self, game: &str, seat: &str) -> impl Future<Output = Result<String, DbError>> {
        let (game, seat) = (game.to_string(), seat.to_string());
        self.read(move |conn| {
            Ok(conn
                .prepare_cached("SELECT text FROM notes WHERE game_id = ?1 AND seat = ?2")?
                .query_row([game, seat], |r| r.get(0))
                .optional()?
                .unwrap_or_default())
        })
    }

    pub fn set_notes(&self, game: &str, seat: &str, text: &str) -> impl Future<Output = Result<(), DbError>> {
        let (game, seat, text) = (game.to_string(), seat.to_string(), text.to_string());
        self.write(move |conn| {
            conn.prepare_cached(
                "INSERT INTO notes (game_id, seat, text, updated) VALUES (?1,?2,?3,?4)
                 ON CONFLICT (game_id, seat) DO UPDATE SET text = excluded.text, updated = excluded.updated",
            )?
            .execute(params![game, seat, text, now()])?;
            conn.prepare_cached(TOUCH_SQLITE)?.execute(params![game, now()])?;
            Ok(())
        })
    }

    /// Stop the writer until the returned sender is dropped (or sent to):
    /// jobs queued meanwhile wait, and then go in one batch.
    #[cfg(test)]
    fn pause(&self) -> std::sync::mpsc::Sender<()> {
        let (resume, wait) = mpsc::channel::<()>();
        let (paused, is_paused) = mpsc::channel();
        self.send(Job::Read(Box::new(move |_| {
            let _ = paused.send(());
            let _ = wait.recv();
        })))
        .unwrap();
        is_paused.recv().unwrap();
        resume
    }

    #[cfg(test)]
    fn commits(&self) -> u64 {
        self.commits.load(Ordering::SeqCst)
    }
}

impl Drop for SqliteStore {
    /// Close the queue and wait for the writer to finish what is queued, so
    /// the file is closed when the store is gone.
    fn drop(&mut self) {
        self.jobs = None;
        if let Some(w) = self.writer.take() {
            let _ = w.join();
        }
    }
}

/// The writer thread: take a job, then every job already waiting (up to
/// [`MAX_BATCH`]); run the writes in one transaction, each in its own
/// savepoint; commit; answer them; then run the reads. Ends when the store is
/// dropped.
fn run_writer(conn: Connection, queue: mpsc::Receiver<Job>, commits: &AtomicU64) {
    let mut writes: Vec<Box<dyn Write>> = Vec::new();
    let mut reads: Vec<Read> = Vec::new();
    while let Ok(first) = queue.recv() {
        let mut next = Some(first);
        while let Some(job) = next {
            match job {
                Job::Write(w) => writes.push(w),
                Job::Read(r) => reads.push(r),
            }
            next = if writes.len() + reads.len() < MAX_BATCH {
                queue.try_recv().ok()
            } else {
                None
            };
        }
        if !writes.is_empty() {
            let result = write_batch(&conn, &mut writes);
            if result.is_ok() {
                commits.fetch_add(1, Ordering::SeqCst);
                metrics::counter!("powderhorn_db_commits_total").increment(1);
                metrics::histogram!("powderhorn_db_commit_batch_size").record(writes.len() as f64);
            } else if !conn.is_autocommit() {
                let _ = conn.execute_batch("ROLLBACK");
            }
            for w in writes.drain(..) {
                w.answer(result.as_ref().map(|_| ()));
            }
        }
        for r in reads.drain(..) {
            // A panic drops its reply: that caller gets `gone`.
            let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| r(&conn)));
        }
    }
}

/// One transaction for the batch, one savepoint per job: a job that fails (a
/// conflict on `UNIQUE(game_id, seq)`) is rolled back alone and the others
/// are committed. An error here fails the whole batch: nothing was stored.
fn write_batch(conn: &Connection, batch: &mut [Box<dyn Write>]) -> Result<(), DbError> {
    let run = |sql: &str| -> Result<(), DbError> {
        conn.prepare_cached(sql)?.execute([])?;
        Ok(())
    };
    run("BEGIN IMMEDIATE")?;
    for job in batch.iter_mut() {
        run("SAVEPOINT job")?;
        if !job.run(conn) {
            if conn.is_autocommit() {
                // SQLite rolled the whole transaction back (I/O error, disk
                // full...): the earlier jobs are lost too.
                return Err(failure(
                    rusqlite::ffi::SQLITE_ABORT,
                    "the transaction was rolled back by an error of another write",
                ));
            }
            run("ROLLBACK TO job")?;
        }
        run("RELEASE job")?;
    }
    // synchronous=FULL: the WAL is on disk when this returns.
    run("COMMIT")
}

/// A game's row and seats, without its moves.
fn read_head(conn: &Connection, id: &str) -> Result<Option<(GameRow, Vec<SeatRow>)>, DbError> {
    let row = conn
        .prepare_cached(
            "SELECT id, title, scenario, options, seed, status, created, rules, salt, seed_chosen, rematch, summary, \
             creator FROM games WHERE id = ?1 AND status <> 'gone'",
        )?
        .query_row([id], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, String>(2)?,
                r.get::<_, String>(3)?,
                r.get::<_, String>(4)?,
                r.get::<_, String>(5)?,
                r.get::<_, i64>(6)?,
                r.get::<_, String>(7)?,
                (
                    r.get::<_, String>(8)?,
                    r.get::<_, i64>(9)?,
                    r.get::<_, String>(10)?,
                    r.get::<_, String>(11)?,
                    r.get::<_, String>(12)?,
                ),
            ))
        })
        .optional()?;
    let Some((
        id,
        title,
        scenario,
        options,
        seed,
        status,
        created,
        rules,
        (salt, seed_chosen, rematch, summary, creator),
    )) = row
    else {
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
        salt,
        seed_chosen: seed_chosen != 0,
        rematch,
        summary,
        creator,
    };
    let mut st =
        conn.prepare_cached("SELECT seat, kind, token, invite FROM seats WHERE game_id = ?1 ORDER BY rowid")?;
    let seats = st
        .query_map([&id], |r| {
            Ok(SeatRow {
                seat: r.get(0)?,
                kind: r.get(1)?,
                token: r.get(2)?,
                invite: r.get(3)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Some((game, seats)))
}

fn read_game(conn: &Connection, id: &str) -> Result<Option<StoredGame>, DbError> {
    let Some((game, seats)) = read_head(conn, id)? else {
        return Ok(None);
    };
    let bad = |what: &str| DbError::Corrupt(format!("game {id}: bad {what}"));
    let mut st =
        conn.prepare_cached("SELECT seq, seat, kind, action, dice FROM actions WHERE game_id = ?1 ORDER BY seq")?;
    let mut events = Vec::new();
    let rows = st.query_map([&game.id], |r| {
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
        let (dice, draws) = Event::parse_scripted(&dice).ok_or_else(|| bad("dice"))?;
        events.push(Event {
            seat,
            kind: EventKind::parse(&kind).ok_or_else(|| bad("action kind"))?,
            action,
            dice,
            draws,
        });
    }
    Ok(Some((game, seats, events)))
}

fn insert_game(conn: &Connection, g: &GameRow, seats: &[SeatRow], events: &[Event]) -> Result<(), DbError> {
    conn.prepare_cached(
        "INSERT INTO games (id, title, scenario, options, seed, status, created, rules, salt, seed_chosen, rematch, summary, \
         creator, touched) VALUES (?1,?2,?3,?4,?5,?6,?7,?8,?9,?10,?11,?12,?13,?14)",
    )?
    .execute(params![
        g.id,
        g.title,
        g.scenario,
        serde_json::to_string(&g.options).expect("options serialize"),
        g.seed.to_string(),
        g.status,
        g.created,
        g.rules,
        g.salt,
        g.seed_chosen as i64,
        g.rematch,
        g.summary,
        g.creator_kept(),
        // Stored now is used now, whatever `created` says.
        now()
    ])?;
    let mut st =
        conn.prepare_cached("INSERT INTO seats (game_id, seat, kind, token, invite) VALUES (?1,?2,?3,?4,?5)")?;
    for s in seats {
        st.execute(params![g.id, s.seat, s.kind, s.token, s.invite])?;
    }
    insert_events(conn, &g.id, 0, events)
}

fn insert_events(conn: &Connection, game: &str, after: u64, events: &[Event]) -> Result<(), DbError> {
    let mut st = conn.prepare_cached(
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
            e.scripted_text(),
            t
        ])?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(id: &str) -> GameRow {
        GameRow {
            id: id.into(),
            title: "t".into(),
            scenario: "liberty/1775".into(),
            seed: 1,
            status: "active".into(),
            ..GameRow::default()
        }
    }

    fn ev(action: &str) -> Event {
        Event::of("british".into(), EventKind::Act, action.into())
    }

    /// (seq, action, status) of every stored action of `game`.
    async fn rows(store: &SqliteStore, game: &str) -> Vec<(i64, String, String)> {
        let game = game.to_string();
        store
            .read(move |conn| {
                let mut st = conn.prepare(
                    "SELECT a.seq, a.action, g.status FROM actions a JOIN games g ON g.id = a.game_id
                     WHERE a.game_id = ?1 ORDER BY a.seq",
                )?;
                let rows = st.query_map([game], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?;
                Ok(rows.collect::<Result<_, _>>()?)
            })
            .await
            .unwrap()
    }

    fn stores() -> (tempfile::TempDir, Vec<SqliteStore>) {
        let dir = tempfile::tempdir().unwrap();
        let file = SqliteStore::open(&dir.path().join("games.db")).unwrap();
        (dir, vec![file, SqliteStore::in_memory().unwrap()])
    }

    /// Audit of session 41's expiry: a million old games must not stall a
    /// sweep. Its listing walks the two partial indexes on `touched` from
    /// their oldest end (at most a batch from each), never the games table.
    // rule: none (server)
    #[tokio::test]
    async fn the_expiry_lists_the_oldest_games_through_its_indexes() {
        let (_dir, stores) = stores();
        let plan: Vec<String> = stores[0]
            .read(|conn| {
                let mut st = conn.prepare(&format!("EXPLAIN QUERY PLAN {IDLE_GAMES}"))?;
                let rows = st.query_map(
                    &[("$1", &0i64 as &dyn rusqlite::ToSql), ("$2", &0i64), ("$3", &100i64)],
                    |r| r.get::<_, String>(3),
                )?;
                Ok(rows.collect::<Result<_, _>>()?)
            })
            .await
            .unwrap();
        let text = plan.join("\n");
        for index in ["games_unfinished_touched", "games_finished_touched"] {
            assert!(
                plan.iter()
                    .any(|p| p.starts_with("SEARCH games USING INDEX") && p.contains(index)),
                "{text}"
            );
        }
        assert!(!plan.iter().any(|p| p.starts_with("SCAN games")), "{text}");
    }

    /// 100 appends queued while the writer is busy go in one transaction,
    /// and each is answered.
    #[tokio::test]
    async fn appends_waiting_together_share_one_commit() {
        let (_dir, stores) = stores();
        for store in &stores {
            for i in 0..100 {
                store.create(&row(&format!("g{i}")), &[], &[]).await.unwrap();
            }
            let before = store.commits();
            let resume = store.pause();
            let answers: Vec<_> = (0..100)
                .map(|i| store.append(&format!("g{i}"), 0, &[ev(&format!("a{i}"))], "active", &format!("s{i}")))
                .collect();
            drop(resume);
            for a in answers {
                a.await.unwrap();
            }
            assert_eq!(store.commits() - before, 1);
            for i in 0..100 {
                let g = format!("g{i}");
                assert_eq!(rows(store, &g).await, vec![(1, format!("a{i}"), "active".into())]);
                let (head, _) = store.head(&g).await.unwrap().unwrap();
                assert_eq!(head.summary, format!("s{i}"), "the summary is stored with the move");
            }
        }
    }

    /// In one batch, an append that conflicts on its second event answers
    /// `Conflict` and leaves nothing (not even its first event, nor its
    /// status); the appends before and after it are stored.
    #[tokio::test]
    async fn a_conflict_rolls_back_its_own_append_only() {
        let (_dir, stores) = stores();
        for store in &stores {
            store.create(&row("a"), &[], &[]).await.unwrap();
            store.create(&row("b"), &[], &[]).await.unwrap();
            let before = store.commits();
            let resume = store.pause();
            // Move 2 of "a" first (the schema allows the gap), then moves 1
            // and 2, which conflict on 2 after storing 1.
            let first = store.append("a", 1, &[ev("second")], "active", "");
            let loser = store.append("a", 0, &[ev("x"), ev("y")], "over", "");
            let other = store.append("b", 0, &[ev("b1"), ev("b2")], "active", "");
            drop(resume);
            first.await.unwrap();
            assert!(matches!(loser.await, Err(DbError::Conflict)));
            other.await.unwrap();
            assert_eq!(store.commits() - before, 1, "one batch");
            assert_eq!(rows(store, "a").await, vec![(2, "second".into(), "active".into())]);
            assert_eq!(
                rows(store, "b").await,
                vec![(1, "b1".into(), "active".into()), (2, "b2".into(), "active".into())]
            );
        }
    }

    /// A game played to `--moves-per-game` (40,000 moves) with seats, chat
    /// and notes, and one small game beside it, both idle since 0.
    async fn long_game(store: &SqliteStore) {
        let seats: Vec<SeatRow> = ["british", "american", ""]
            .map(|seat| SeatRow {
                seat: seat.into(),
                kind: "hotseat".into(),
                token: Some(format!("t{seat}")),
                invite: None,
            })
            .into();
        store.create(&row("long"), &seats, &[]).await.unwrap();
        store.create(&row("other"), &[], &[]).await.unwrap();
        for i in 0..40u64 {
            let moves: Vec<Event> = (0..1000).map(|j| ev(&format!("m{j}"))).collect();
            store.append("long", i * 1000, &moves, "active", "").await.unwrap();
        }
        for i in 0..100 {
            store
                .add_chat("long", "british", &format!("line {i}"), 1 << 20)
                .await
                .unwrap();
        }
        store.set_notes("long", "british", "notes").await.unwrap();
        store
            .write(|conn| Ok(conn.execute("UPDATE games SET touched = 0", [])?))
            .await
            .unwrap();
    }

    /// Measured in session 43: deleting a 40,000-move game in one writer
    /// job held every other write for its whole length (a move of another
    /// game waited 49-68 ms). Its rows now go in jobs of at most
    /// [`DELETE_CHUNK`] rows, so a move of another game waits for one chunk;
    /// the game is out of reach from the first job on. Prints what it
    /// measured (`--nocapture`): the deletion's length and the longest wait
    /// of a move of another game stored meanwhile.
    // rule: none (server)
    #[tokio::test]
    async fn a_long_game_is_deleted_without_holding_the_writer() {
        let dir = tempfile::tempdir().unwrap();
        let store = Arc::new(SqliteStore::open(&dir.path().join("games.db")).unwrap());
        long_game(&store).await;
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let writes = {
            let store = store.clone();
            tokio::spawn(async move {
                let (mut seq, mut longest) = (0, std::time::Duration::ZERO);
                tokio::pin!(stopped);
                loop {
                    let t = std::time::Instant::now();
                    store.append("other", seq, &[ev("x")], "active", "").await.unwrap();
                    longest = longest.max(t.elapsed());
                    seq += 1;
                    tokio::select! {
                        _ = &mut stopped => return (seq, longest),
                        _ = tokio::time::sleep(std::time::Duration::from_millis(2)) => {}
                    }
                }
            })
        };
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        let t = std::time::Instant::now();
        assert!(store.delete_idle("long", 1, i64::MIN).await.unwrap());
        let took = t.elapsed();
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        stop.send(()).unwrap();
        let (moves, longest) = writes.await.unwrap();
        println!("40,000-move game deleted in {took:?}; {moves} moves of another game meanwhile, the longest wait {longest:?}");
        assert!(store.head("long").await.unwrap().is_none());
        let left: i64 = store
            .read(|conn| {
                Ok(conn.query_row(
                    "SELECT (SELECT COUNT(*) FROM actions WHERE game_id = 'long') + \
                     (SELECT COUNT(*) FROM chat) + (SELECT COUNT(*) FROM notes) + (SELECT COUNT(*) FROM seats)",
                    [],
                    |r| r.get(0),
                )?)
            })
            .await
            .unwrap();
        assert_eq!(left, 0, "every row of the game is gone");
        assert_eq!(rows(&store, "other").await.len() as u64, moves);
    }

    /// A deletion cut short after its first job (a crash) leaves no half
    /// game in reach: not read, not opened, not brought back by a late move;
    /// after a restart the next sweep lists it first and finishes it, under
    /// the longest `--expire-idle-days` too.
    // rule: none (server)
    #[tokio::test]
    async fn a_deletion_cut_short_is_out_of_reach_and_finished_after_a_restart() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("games.db");
        {
            let store = SqliteStore::open(&path).unwrap();
            long_game(&store).await;
            assert!(matches!(
                store.delete_some("long", 1, i64::MIN).await.unwrap(),
                Deletion::Begun
            ));
            assert!(store.head("long").await.unwrap().is_none());
            assert!(store.game("long").await.unwrap().is_none());
            assert!(!store.mark_used("long", now()).await.unwrap());
            store.append("long", 40_000, &[ev("late")], "active", "").await.unwrap();
            assert!(
                store.head("long").await.unwrap().is_none(),
                "a late move brings it back"
            );
        }
        let store = SqliteStore::open(&path).unwrap();
        let longest = now() - 36_500 * 86_400;
        assert_eq!(store.idle_games(longest, i64::MIN, 1).await.unwrap(), ["long"]);
        assert!(store.delete_idle("long", longest, i64::MIN).await.unwrap());
        let left: i64 = store
            .read(|conn| {
                Ok(conn.query_row(
                    "SELECT (SELECT COUNT(*) FROM actions WHERE game_id = 'long') + \
                     (SELECT COUNT(*) FROM games WHERE id = 'long')",
                    [],
                    |r| r.get(0),
                )?)
            })
            .await
            .unwrap();
        assert_eq!(left, 0);
        assert!(store.head("other").await.unwrap().is_some(), "the other game stays");
    }

    /// Five chat lines posted to game "a" in one batch, with room for `cap`
    /// bytes: what each was answered.
    async fn chat_batch(store: &SqliteStore, cap: usize) -> Vec<Option<i64>> {
        store.create(&row("a"), &[], &[]).await.unwrap();
        let resume = store.pause();
        let answers: Vec<_> = (0..5)
            .map(|i| store.add_chat("a", "british", &format!("l{i}"), cap))
            .collect();
        drop(resume);
        let mut ns = Vec::new();
        for a in answers {
            ns.push(a.await.unwrap());
        }
        ns
    }

    /// Chat lines added in one batch take the numbers one after another.
    #[tokio::test]
    async fn chat_lines_of_one_batch_are_numbered_in_order() {
        let (_dir, stores) = stores();
        for store in &stores {
            assert_eq!(chat_batch(store, 1000).await, [1, 2, 3, 4, 5].map(Some));
            let lines = store.chat("a", 0, 100).await.unwrap();
            let texts: Vec<_> = lines.iter().map(|l| l.text.as_str()).collect();
            assert_eq!(texts, ["l0", "l1", "l2", "l3", "l4"]);
        }
    }

    /// Chat lines posted at once each see the room the others left: with
    /// room for three, the fourth and fifth are refused and not stored.
    #[tokio::test]
    async fn chat_lines_at_once_do_not_pass_the_cap_together() {
        let (_dir, stores) = stores();
        for store in &stores {
            assert_eq!(chat_batch(store, 6).await, [Some(1), Some(2), Some(3), None, None]);
            assert_eq!(store.chat("a", 0, 100).await.unwrap().len(), 3);
        }
    }
}
