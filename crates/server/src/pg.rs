//! Event-sourced storage in PostgreSQL (`powderhorn serve --db postgres://...`):
//! the same tables as SQLite ([`crate::store`]), shared by any number of
//! server processes.
//!
//! * `UNIQUE(game_id, seq)` serializes writers across processes: the loser of
//!   a race gets [`DbError::Conflict`], reloads the game and answers 409.
//! * Every append runs `pg_notify('powderhorn', '<game_id>:<seq>')` in its
//!   transaction (delivered on commit). [`spawn_listener`] keeps one
//!   connection per process on `LISTEN powderhorn`; a notice for a cached
//!   game that this process has not seen reloads it and pushes `changed` to
//!   its server-sent-event clients. Chat lines send
//!   `'<game_id>:chat:<n>:<process>'`.
//!
//! Client crate: `tokio-postgres`, not the blocking `postgres`. The server is
//! async (axum on tokio) and the blocking crate drives its own runtime with
//! `block_on`, which panics when called from a tokio worker thread; with
//! tokio-postgres the handlers simply await their queries, and LISTEN is a
//! stream of the connection's messages rather than a polling thread.

use crate::games::Registry;
use crate::store::{ChatLine, DbError, Event, EventKind, GameRow, SeatRow, StoredGame};
use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Weak;
use std::time::Duration;
use tokio::sync::{Mutex, MutexGuard};
use tokio_postgres::{AsyncMessage, Client, NoTls};

/// Connections per process (the per-game lock already serializes a game's
/// writes, so this bounds how many games write at once).
pub const POOL_SIZE: usize = 8;
/// The NOTIFY channel.
pub const CHANNEL: &str = "powderhorn";

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id       TEXT PRIMARY KEY,
    title    TEXT NOT NULL,
    scenario TEXT NOT NULL,
    options  TEXT NOT NULL,
    seed     TEXT NOT NULL,
    status   TEXT NOT NULL,
    created  BIGINT NOT NULL
);
-- Rules version (and data digest) a game was made with; '' for older games.
ALTER TABLE games ADD COLUMN IF NOT EXISTS rules TEXT NOT NULL DEFAULT '';
-- The dice commitment's salt ('' for older games), whether the creator chose
-- the seed, and the rematch made of this game ('' none).
ALTER TABLE games ADD COLUMN IF NOT EXISTS salt TEXT NOT NULL DEFAULT '';
ALTER TABLE games ADD COLUMN IF NOT EXISTS seed_chosen INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN IF NOT EXISTS rematch TEXT NOT NULL DEFAULT '';
-- What a list of games shows without rebuilding one (who acts, move
-- numbers, outcome: JSON), '' for games stored before it was.
ALTER TABLE games ADD COLUMN IF NOT EXISTS summary TEXT NOT NULL DEFAULT '';
-- Who made it (the address the per-address limits count), while in play.
ALTER TABLE games ADD COLUMN IF NOT EXISTS creator TEXT NOT NULL DEFAULT '';
CREATE TABLE IF NOT EXISTS seats (
    game_id TEXT NOT NULL REFERENCES games(id),
    pos     INTEGER NOT NULL,
    seat    TEXT NOT NULL,
    kind    TEXT NOT NULL,
    token   TEXT,
    PRIMARY KEY (game_id, seat)
);
-- An invited seat's invite code (its token is set when the code is claimed).
ALTER TABLE seats ADD COLUMN IF NOT EXISTS invite TEXT;
CREATE TABLE IF NOT EXISTS actions (
    game_id TEXT NOT NULL REFERENCES games(id),
    seq     BIGINT NOT NULL,
    seat    TEXT NOT NULL,
    kind    TEXT NOT NULL,
    action  TEXT NOT NULL,
    dice    TEXT NOT NULL,
    created BIGINT NOT NULL,
    UNIQUE (game_id, seq)
);
CREATE TABLE IF NOT EXISTS chat (
    game_id TEXT NOT NULL REFERENCES games(id),
    n       BIGINT NOT NULL,
    seat    TEXT NOT NULL,
    text    TEXT NOT NULL,
    created BIGINT NOT NULL,
    UNIQUE (game_id, n)
);
CREATE TABLE IF NOT EXISTS notes (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat    TEXT NOT NULL,
    text    TEXT NOT NULL,
    updated BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
";

/// `games.touched` added to a database made before it (in the schema's
/// transaction), from when each game was last used.
const TOUCHED_MIGRATION: &str = "
ALTER TABLE games ADD COLUMN touched BIGINT NOT NULL DEFAULT 0;
UPDATE games SET touched = GREATEST(created,
    COALESCE((SELECT MAX(created) FROM actions a WHERE a.game_id = games.id), 0),
    COALESCE((SELECT MAX(created) FROM chat c WHERE c.game_id = games.id), 0),
    COALESCE((SELECT MAX(updated) FROM notes n WHERE n.game_id = games.id), 0));
";

/// Mark game `$1` as used at `$2`, to the hour ([`crate::store::Store::touch`]).
const TOUCH: &str = "UPDATE games SET touched = $2 WHERE id = $1 AND touched < $2::BIGINT - 3600";

async fn connect(url: &str) -> Result<Client, DbError> {
    let (client, conn) = tokio_postgres::connect(url, NoTls).await?;
    tokio::spawn(async move {
        if let Err(e) = conn.await {
            tracing::warn!("PostgreSQL connection closed: {e}");
        }
    });
    Ok(client)
}

/// A small pool of connections, each reopened when it was closed (the
/// database restarted).
pub struct PgStore {
    url: String,
    conns: Vec<Mutex<Option<PgConn>>>,
    next: AtomicUsize,
}

/// A connection and its prepared append statement.
pub struct PgConn {
    client: Client,
    append: Option<tokio_postgres::Statement>,
}

const APPEND: &str = "
WITH ins AS (
    INSERT INTO actions (game_id, seq, seat, kind, action, dice, created)
    SELECT $1, t.seq, t.seat, t.kind, t.action, t.dice, $7
    FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[]) AS t(seq, seat, kind, action, dice)
    RETURNING 1
), upd AS (
    -- touched to the hour, the creator forgotten at the end: unchanged
    -- values leave the expiry's indexes alone (a HOT update).
    UPDATE games SET status = $8, summary = $11,
        touched = CASE WHEN touched < $7::BIGINT - 3600 THEN $7 ELSE touched END,
        creator = CASE WHEN $8 = 'over' THEN '' ELSE creator END WHERE id = $1 RETURNING 1
)
SELECT pg_notify($9, $10), (SELECT count(*) FROM ins), (SELECT count(*) FROM upd)";

impl PgConn {
    async fn append_statement(&mut self) -> Result<tokio_postgres::Statement, DbError> {
        if let Some(st) = &self.append {
            return Ok(st.clone());
        }
        let st = self.client.prepare(APPEND).await?;
        self.append = Some(st.clone());
        Ok(st)
    }
}

pub struct Pooled<'a>(MutexGuard<'a, Option<PgConn>>);

impl Deref for Pooled<'_> {
    type Target = PgConn;
    fn deref(&self) -> &PgConn {
        self.0.as_ref().expect("connected")
    }
}

impl DerefMut for Pooled<'_> {
    fn deref_mut(&mut self) -> &mut PgConn {
        self.0.as_mut().expect("connected")
    }
}

impl Deref for PgConn {
    type Target = Client;
    fn deref(&self) -> &Client {
        &self.client
    }
}

impl DerefMut for PgConn {
    fn deref_mut(&mut self) -> &mut Client {
        &mut self.client
    }
}

impl PgStore {
    pub async fn connect(url: &str) -> Result<PgStore, DbError> {
        let mut first = connect(url).await?;
        {
            // Several processes (or tests) may start at once: CREATE TABLE IF
            // NOT EXISTS is not safe against itself without a lock.
            let tx = first.transaction().await?;
            tx.execute("SELECT pg_advisory_xact_lock(7261533)", &[]).await?;
            tx.batch_execute(SCHEMA).await?;
            let has_touched = tx
                .query_opt(
                    "SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() \
                     AND table_name = 'games' AND column_name = 'touched'",
                    &[],
                )
                .await?
                .is_some();
            if !has_touched {
                // As in SQLite: older games were last used at their last
                // move, chat line or note, else when made.
                tx.batch_execute(TOUCHED_MIGRATION).await?;
            }
            tx.batch_execute(crate::store::IDLE_INDEXES).await?;
            tx.commit().await?;
        }
        let mut conns = vec![Mutex::new(Some(PgConn {
            client: first,
            append: None,
        }))];
        conns.extend((1..POOL_SIZE).map(|_| Mutex::new(None)));
        Ok(PgStore {
            url: url.to_string(),
            conns,
            next: AtomicUsize::new(0),
        })
    }

    async fn conn(&self) -> Result<Pooled<'_>, DbError> {
        let n = self.conns.len();
        let start = self.next.fetch_add(1, Ordering::Relaxed);
        let mut guard = None;
        for i in 0..n {
            if let Ok(g) = self.conns[(start + i) % n].try_lock() {
                guard = Some(g);
                break;
            }
        }
        let mut g = match guard {
            Some(g) => g,
            None => self.conns[start % n].lock().await,
        };
        if g.as_ref().is_none_or(|c| c.client.is_closed()) {
            *g = Some(PgConn {
                client: connect(&self.url).await?,
                append: None,
            });
        }
        Ok(Pooled(g))
    }

    pub async fn create(&self, g: &GameRow, seats: &[SeatRow], events: &[Event]) -> Result<(), DbError> {
        let mut c = self.conn().await?;
        let tx = c.transaction().await?;
        insert_game(&tx, g, seats, events).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Store a rematch of game `old` and mark `old` as having it, in one
    /// transaction: [`DbError::Conflict`] (nothing stored) if `old` has one.
    pub async fn create_rematch(&self, old: &str, g: &GameRow, seats: &[SeatRow]) -> Result<(), DbError> {
        let mut c = self.conn().await?;
        let tx = c.transaction().await?;
        insert_game(&tx, g, seats, &[]).await?;
        let n = tx
            .execute(
                "UPDATE games SET rematch = $2 WHERE id = $1 AND rematch = ''",
                &[&old, &g.id],
            )
            .await?;
        if n != 1 {
            return Err(DbError::Conflict);
        }
        notify_meta(&tx, old).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Give an unclaimed invited seat its token, if `code` is its invite
    /// code now; `false` when it was claimed (or is not an invited seat, or
    /// its code was replaced). Other processes reload the game.
    pub async fn claim(&self, game: &str, seat: &str, code: &str, token: &str) -> Result<bool, DbError> {
        let mut c = self.conn().await?;
        let tx = c.transaction().await?;
        let n = tx
            .execute(
                "UPDATE seats SET token = $3 WHERE game_id = $1 AND seat = $2 AND token IS NULL AND invite = $4",
                &[&game, &seat, &token, &code],
            )
            .await?;
        notify_meta(&tx, game).await?;
        tx.commit().await?;
        Ok(n == 1)
    }

    /// A new invite code for an unclaimed invited seat (the old one no
    /// longer opens it); `false` when the seat was claimed.
    pub async fn set_invite(&self, game: &str, seat: &str, code: &str) -> Result<bool, DbError> {
        let mut c = self.conn().await?;
        let tx = c.transaction().await?;
        let n = tx
            .execute(
                "UPDATE seats SET invite = $3 WHERE game_id = $1 AND seat = $2 AND token IS NULL AND invite IS NOT NULL",
                &[&game, &seat, &code],
            )
            .await?;
        notify_meta(&tx, game).await?;
        tx.commit().await?;
        Ok(n == 1)
    }

    /// One statement, prepared once per connection: one round trip, atomic
    /// on its own (the insert, the status and the notice commit together).
    pub async fn append(
        &self,
        game: &str,
        after: u64,
        events: &[Event],
        status: &str,
        summary: &str,
    ) -> Result<(), DbError> {
        let mut c = self.conn().await?;
        let st = c.append_statement().await?;
        let seqs: Vec<i64> = (0..events.len()).map(|i| (after + i as u64 + 1) as i64).collect();
        let seats: Vec<&str> = events.iter().map(|e| e.seat.as_str()).collect();
        let kinds: Vec<&str> = events.iter().map(|e| e.kind.as_str()).collect();
        let actions: Vec<&str> = events.iter().map(|e| e.action.as_str()).collect();
        let dice: Vec<String> = events.iter().map(Event::scripted_text).collect();
        let payload = format!("{game}:{}", after + events.len() as u64);
        c.client
            .query(
                &st,
                &[
                    &game,
                    &seqs,
                    &seats,
                    &kinds,
                    &actions,
                    &dice,
                    &crate::store::now(),
                    &status,
                    &CHANNEL,
                    &payload,
                    &summary,
                ],
            )
            .await?;
        Ok(())
    }

    pub async fn computer_games(&self, limit: i64, moves_max: i64) -> Result<Vec<String>, DbError> {
        let c = self.conn().await?;
        let rows = c.query(crate::store::COMPUTER_GAMES, &[&moves_max, &limit]).await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    pub async fn touch(&self, ids: &[String], now: i64) -> Result<(), DbError> {
        let c = self.conn().await?;
        c.execute(
            "UPDATE games SET touched = $2 WHERE id = ANY($1) AND touched < $2::BIGINT - 3600",
            &[&ids, &now],
        )
        .await?;
        Ok(())
    }

    pub async fn mark_used(&self, id: &str, now: i64) -> Result<bool, DbError> {
        let c = self.conn().await?;
        // Always the row (an unchanged `touched` keeps it a HOT update): it
        // waits for a deletion under way, and then finds no game.
        let n = c
            .execute(
                "UPDATE games SET touched = CASE WHEN touched < $2::BIGINT - 3600 THEN $2 ELSE touched END \
                 WHERE id = $1",
                &[&id, &now],
            )
            .await?;
        Ok(n > 0)
    }

    pub async fn idle_games(&self, idle_before: i64, over_before: i64, limit: i64) -> Result<Vec<String>, DbError> {
        let c = self.conn().await?;
        let rows = c
            .query(crate::store::IDLE_GAMES, &[&idle_before, &over_before, &limit])
            .await?;
        Ok(rows.iter().map(|r| r.get(0)).collect())
    }

    /// The game's row locked first: a move, chat line or touch of another
    /// process waits for the deletion (and then finds no game), or comes
    /// first and keeps it.
    pub async fn delete_idle(&self, id: &str, idle_before: i64, over_before: i64) -> Result<bool, DbError> {
        let mut c = self.conn().await?;
        let tx = c.transaction().await?;
        let still = tx
            .query_opt(
                &format!(
                    "SELECT 1 FROM games WHERE id = $1 AND {} FOR UPDATE",
                    crate::store::STILL_IDLE
                ),
                &[&id, &idle_before, &over_before],
            )
            .await?
            .is_some();
        if !still {
            return Ok(false);
        }
        for table in crate::store::GAME_TABLES {
            tx.execute(&format!("DELETE FROM {table} WHERE game_id = $1"), &[&id])
                .await?;
        }
        tx.execute("DELETE FROM games WHERE id = $1", &[&id]).await?;
        tx.commit().await?;
        Ok(true)
    }

    pub async fn ping(&self) -> Result<(), DbError> {
        let c = self.conn().await?;
        c.query_one("SELECT EXISTS (SELECT 1 FROM games)", &[]).await?;
        Ok(())
    }

    pub async fn seq(&self, id: &str) -> Result<u64, DbError> {
        let c = self.conn().await?;
        let row = c
            .query_one("SELECT COALESCE(MAX(seq), 0) FROM actions WHERE game_id = $1", &[&id])
            .await?;
        Ok(row.get::<_, i64>(0) as u64)
    }

    pub async fn game(&self, id: &str) -> Result<Option<StoredGame>, DbError> {
        let mut c = self.conn().await?;
        // One snapshot for the three reads.
        let tx = snapshot(&mut c).await?;
        let Some((game, seats)) = read_head(&tx, id).await? else {
            return Ok(None);
        };
        let bad = |what: &str| DbError::Corrupt(format!("game {id}: bad {what}"));
        let rows = tx
            .query(
                "SELECT seq, seat, kind, action, dice FROM actions WHERE game_id = $1 ORDER BY seq",
                &[&id],
            )
            .await?;
        tx.commit().await?;
        let mut events = Vec::with_capacity(rows.len());
        for (i, r) in rows.iter().enumerate() {
            if r.get::<_, i64>(0) != i as i64 + 1 {
                return Err(bad("action sequence"));
            }
            let kind: &str = r.get(2);
            let (dice, draws) = Event::parse_scripted(r.get(4)).ok_or_else(|| bad("dice"))?;
            events.push(Event {
                seat: r.get(1),
                kind: EventKind::parse(kind).ok_or_else(|| bad("action kind"))?,
                action: r.get(3),
                dice,
                draws,
            });
        }
        Ok(Some((game, seats, events)))
    }

    pub async fn chat(&self, game: &str, after: i64, limit: usize) -> Result<Vec<ChatLine>, DbError> {
        let c = self.conn().await?;
        let rows = c
            .query(
                "SELECT n, seat, text, created FROM chat WHERE game_id = $1 AND n > $2 ORDER BY n LIMIT $3",
                &[&game, &after, &(limit as i64)],
            )
            .await?;
        Ok(rows
            .iter()
            .map(|r| ChatLine {
                n: r.get(0),
                seat: r.get(1),
                text: r.get(2),
                created: r.get(3),
            })
            .collect())
    }

    pub async fn head(&self, id: &str) -> Result<Option<(GameRow, Vec<SeatRow>)>, DbError> {
        let mut c = self.conn().await?;
        let tx = snapshot(&mut c).await?;
        let head = read_head(&tx, id).await?;
        tx.commit().await?;
        Ok(head)
    }

    pub async fn add_chat(
        &self,
        game: &str,
        seat: &str,
        text: &str,
        cap: usize,
        origin: &str,
    ) -> Result<Option<i64>, DbError> {
        let mut c = self.conn().await?;
        let tx = c.transaction().await?;
        // The game's row locked: posts to one game, from any process, take
        // their turns, so that neither the room left nor the next number is
        // taken twice.
        if tx
            .query_opt("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", &[&game])
            .await?
            .is_none()
        {
            return Err(DbError::Corrupt(format!("game {game}: no such game")));
        }
        let row = tx
            .query_one(
                "SELECT COALESCE(SUM(octet_length(text)), 0)::BIGINT, COALESCE(MAX(n), 0) + 1 FROM chat WHERE game_id = $1",
                &[&game],
            )
            .await?;
        let (used, n): (i64, i64) = (row.get(0), row.get(1));
        if used as usize + text.len() > cap {
            return Ok(None);
        }
        tx.execute(
            "INSERT INTO chat (game_id, n, seat, text, created) VALUES ($1,$2,$3,$4,$5)",
            &[&game, &n, &seat, &text, &crate::store::now()],
        )
        .await?;
        tx.execute(TOUCH, &[&game, &crate::store::now()]).await?;
        let payload = format!("{game}:chat:{n}:{origin}");
        tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload]).await?;
        tx.commit().await?;
        Ok(Some(n))
    }

    pub async fn notes(&self, game: &str, seat: &str) -> Result<String, DbError> {
        let c = self.conn().await?;
        Ok(c.query_opt(
            "SELECT text FROM notes WHERE game_id = $1 AND seat = $2",
            &[&game, &seat],
        )
        .await?
        .map(|r| r.get(0))
        .unwrap_or_default())
    }

    pub async fn set_notes(&self, game: &str, seat: &str, text: &str) -> Result<(), DbError> {
        let mut c = self.conn().await?;
        let tx = c.transaction().await?;
        let now = crate::store::now();
        tx.execute(
            "INSERT INTO notes (game_id, seat, text, updated) VALUES ($1,$2,$3,$4)
             ON CONFLICT (game_id, seat) DO UPDATE SET text = excluded.text, updated = excluded.updated",
            &[&game, &seat, &text, &now],
        )
        .await?;
        tx.execute(TOUCH, &[&game, &now]).await?;
        tx.commit().await?;
        Ok(())
    }
}

async fn insert_game(
    tx: &tokio_postgres::Transaction<'_>,
    g: &GameRow,
    seats: &[SeatRow],
    events: &[Event],
) -> Result<(), DbError> {
    tx.execute(
        "INSERT INTO games (id, title, scenario, options, seed, status, created, rules, salt, seed_chosen, rematch, summary, \
         creator, touched) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14)",
        &[
            &g.id,
            &g.title,
            &g.scenario,
            &serde_json::to_string(&g.options).expect("options serialize"),
            &g.seed.to_string(),
            &g.status,
            &g.created,
            &g.rules,
            &g.salt,
            &(g.seed_chosen as i32),
            &g.rematch,
            &g.summary,
            &g.creator_kept(),
            // Stored now is used now, whatever `created` says.
            &crate::store::now(),
        ],
    )
    .await?;
    for (i, s) in seats.iter().enumerate() {
        tx.execute(
            "INSERT INTO seats (game_id, pos, seat, kind, token, invite) VALUES ($1,$2,$3,$4,$5,$6)",
            &[&g.id, &(i as i32), &s.seat, &s.kind, &s.token, &s.invite],
        )
        .await?;
    }
    insert_events(tx, &g.id, 0, events).await
}

/// Tell the other processes that a game's seats or rematch changed (they
/// reload it: `'<game_id>:meta'`).
async fn notify_meta(tx: &tokio_postgres::Transaction<'_>, game: &str) -> Result<(), DbError> {
    let payload = format!("{game}:meta");
    tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload]).await?;
    Ok(())
}

async fn insert_events(
    tx: &tokio_postgres::Transaction<'_>,
    game: &str,
    after: u64,
    events: &[Event],
) -> Result<(), DbError> {
    if events.is_empty() {
        return Ok(());
    }
    let st = tx
        .prepare("INSERT INTO actions (game_id, seq, seat, kind, action, dice, created) VALUES ($1,$2,$3,$4,$5,$6,$7)")
        .await?;
    let t = crate::store::now();
    for (i, e) in events.iter().enumerate() {
        let seq = (after + i as u64 + 1) as i64;
        let dice = e.scripted_text();
        tx.execute(&st, &[&game, &seq, &e.seat, &e.kind.as_str(), &e.action, &dice, &t])
            .await?;
    }
    Ok(())
}

/// Listen for other processes' moves and chat on `url` for as long as the
/// registry lives; reconnects (and then checks every cached game) when the
/// connection drops.
pub fn spawn_listener(url: String, reg: Weak<Registry>) {
    tokio::spawn(async move {
        let mut first = true;
        loop {
            if reg.strong_count() == 0 {
                return;
            }
            match listen_once(&url, &reg, first).await {
                Ok(()) => return,
                Err(e) => tracing::warn!("LISTEN {CHANNEL}: {e}; reconnecting"),
            }
            first = false;
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    });
}

/// Ok when the registry is gone; Err when the connection failed.
async fn listen_once(url: &str, reg: &Weak<Registry>, first: bool) -> Result<(), DbError> {
    let (client, mut conn) = tokio_postgres::connect(url, NoTls).await?;
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<String>();
    let driver = tokio::spawn(async move {
        loop {
            match futures_util::future::poll_fn(|cx| conn.poll_message(cx)).await {
                Some(Ok(AsyncMessage::Notification(n))) => {
                    if tx.send(n.payload().to_string()).is_err() {
                        return;
                    }
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => {
                    tracing::warn!("LISTEN connection: {e}");
                    return;
                }
                None => return,
            }
        }
    });
    client.batch_execute(&format!("LISTEN {CHANNEL}")).await?;
    if !first {
        // Notices may have been missed while disconnected.
        let Some(r) = reg.upgrade() else { return Ok(()) };
        for id in r.cached_ids() {
            if let Ok(seq) = r.store.seq(&id).await {
                r.refresh(&id, seq).await;
            }
        }
    }
    while let Some(payload) = rx.recv().await {
        let Some(r) = reg.upgrade() else {
            driver.abort();
            return Ok(());
        };
        r.on_notice(&payload).await;
    }
    drop(client);
    Err(DbError::Corrupt("the LISTEN connection closed".into()))
}

/// A read-only transaction that sees one moment of the database.
async fn snapshot(c: &mut Client) -> Result<tokio_postgres::Transaction<'_>, DbError> {
    Ok(c.build_transaction()
        .isolation_level(tokio_postgres::IsolationLevel::RepeatableRead)
        .read_only(true)
        .start()
        .await?)
}

/// A game's row and seats, without its moves.
async fn read_head(
    c: &impl tokio_postgres::GenericClient,
    id: &str,
) -> Result<Option<(GameRow, Vec<SeatRow>)>, DbError> {
    let Some(r) = c
        .query_opt(
            "SELECT id, title, scenario, options, seed, status, created, rules, salt, seed_chosen, rematch, summary, \
             creator FROM games WHERE id = $1",
            &[&id],
        )
        .await?
    else {
        return Ok(None);
    };
    let bad = |what: &str| DbError::Corrupt(format!("game {id}: bad {what}"));
    let options: String = r.get(3);
    let seed: String = r.get(4);
    let game = GameRow {
        id: r.get(0),
        title: r.get(1),
        scenario: r.get(2),
        options: serde_json::from_str(&options).map_err(|_| bad("options"))?,
        seed: seed.parse().map_err(|_| bad("seed"))?,
        status: r.get(5),
        created: r.get(6),
        rules: r.get(7),
        salt: r.get(8),
        seed_chosen: r.get::<_, i32>(9) != 0,
        rematch: r.get(10),
        summary: r.get(11),
        creator: r.get(12),
    };
    let seats = c
        .query(
            "SELECT seat, kind, token, invite FROM seats WHERE game_id = $1 ORDER BY pos",
            &[&id],
        )
        .await?
        .iter()
        .map(|r| SeatRow {
            seat: r.get(0),
            kind: r.get(1),
            token: r.get(2),
            invite: r.get(3),
        })
        .collect();
    Ok(Some((game, seats)))
}
