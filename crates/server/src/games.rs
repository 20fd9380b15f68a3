//! Games in play: rebuilt from their stored events by replay and cached in
//! memory, one lock per game; seats and their tokens; computer seats; with
//! PostgreSQL, other processes' moves refresh the cache ([`Registry::on_notice`]).

use crate::bot;
use crate::store::{DbError, Event, EventKind, GameRow, SeatRow, Store};
use engine::{AnyGame, Setup, TitleEntry};
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use subtle::ConstantTimeEq;
use tokio::sync::broadcast;

/// How many bot moves one request may make at most (a game between two
/// computer seats is played out at once; this only guards against a title
/// that never ends).
pub const MAX_BOT_MOVES: usize = 200_000;

/// What a token stands for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Who {
    Seat(String),
    Spectator,
}

impl Who {
    pub fn seat(&self) -> Option<&str> {
        match self {
            Who::Seat(s) => Some(s),
            Who::Spectator => None,
        }
    }
}

/// A push to the game's live listeners.
#[derive(Clone, Debug)]
pub enum Notice {
    Changed(u64),
    Chat(i64),
}

pub struct Live {
    pub row: GameRow,
    pub seats: Vec<SeatRow>,
    pub game: Box<dyn AnyGame>,
    /// Events stored so far (the sequence number the clients see).
    pub seq: u64,
    /// The seat that resigned, if one did.
    pub resigned: Option<String>,
}

pub struct Entry {
    pub live: tokio::sync::Mutex<Live>,
    pub tx: broadcast::Sender<Notice>,
}

#[derive(Debug)]
pub enum LoadError {
    NotFound,
    Db(DbError),
    Replay(String),
}

pub fn title_entry(key: &str) -> Option<TitleEntry> {
    catalog::title(key)
}

/// Apply one stored event to a game being rebuilt or played.
pub fn apply_event(game: &mut dyn AnyGame, resigned: &mut Option<String>, e: &Event) -> Result<(), String> {
    match e.kind {
        EventKind::Act => game.act(&e.seat, &e.action, &e.dice).map_err(|r| r.to_string()),
        EventKind::Undo => game.undo(&e.seat),
        EventKind::Resign => {
            *resigned = Some(e.seat.clone());
            Ok(())
        }
    }
}

impl Live {
    pub fn new_game(row: GameRow, seats: Vec<SeatRow>) -> Result<Live, String> {
        let entry = title_entry(&row.title).ok_or_else(|| format!("unknown title '{}'", row.title))?;
        let setup = Setup {
            scenario: row.scenario.clone(),
            options: row.options.clone(),
            seed: row.seed,
        };
        let game = (entry.new)(setup).map_err(|e| e.to_string())?;
        Ok(Live {
            row,
            seats,
            game,
            seq: 0,
            resigned: None,
        })
    }

    /// Rebuild a game from its stored rows by replaying its events.
    /// Only under the rules and data it was made with (unknown for games
    /// stored before they were recorded).
    pub fn replay(row: GameRow, seats: Vec<SeatRow>, events: &[Event]) -> Result<Live, String> {
        let here = title_entry(&row.title).map(|e| engine::data::rules_stamp((e.info)()));
        if let Some(here) = here.filter(|h| !row.rules.is_empty() && row.rules != *h) {
            return Err(format!(
                "game {} was made with rules '{}'; this server has '{here}'",
                row.id, row.rules
            ));
        }
        let mut live = Live::new_game(row, seats)?;
        for (i, e) in events.iter().enumerate() {
            apply_event(&mut *live.game, &mut live.resigned, e).map_err(|why| {
                format!(
                    "event {} ({} {:?} {}) does not replay: {why}",
                    i + 1,
                    e.seat,
                    e.kind,
                    e.action
                )
            })?;
            live.seq += 1;
        }
        Ok(live)
    }

    pub fn is_over(&self) -> bool {
        self.resigned.is_some() || self.game.outcome().is_some()
    }

    pub fn status(&self) -> &'static str {
        if self.is_over() {
            "over"
        } else {
            "active"
        }
    }

    /// The seat (or spectator) this token opens, compared in constant time
    /// against every token of the game.
    pub fn who(&self, token: &str) -> Option<Who> {
        let mut found = None;
        for s in &self.seats {
            let Some(t) = &s.token else { continue };
            let eq: bool = t.as_bytes().ct_eq(token.as_bytes()).into();
            if eq {
                found = Some(if s.kind == "spectator" {
                    Who::Spectator
                } else {
                    Who::Seat(s.seat.clone())
                });
            }
        }
        found
    }

    pub fn seat_kind(&self, seat: &str) -> Option<&str> {
        self.seats.iter().find(|s| s.seat == seat).map(|s| s.kind.as_str())
    }

    /// The outcome with seat names: the rules' outcome, or a resignation.
    pub fn outcome_json(&self) -> Value {
        if let Some(r) = &self.resigned {
            let seats = self.game.info().seats;
            let others: Vec<&str> = seats.iter().copied().filter(|s| s != r).collect();
            let winner = if others.len() == 1 { Some(others[0]) } else { None };
            return json!({"winner": winner, "reason": format!("{r} resigned"), "rule": ""});
        }
        match self.game.outcome() {
            None => Value::Null,
            Some(o) => json!({
                "winner": o.winner.map(|w| self.game.info().seat_name(w)),
                "reason": o.reason,
                "rule": o.rule,
            }),
        }
    }

    /// Let the computer seats move while one of them must act; the moves
    /// made are appended to `events`.
    pub fn run_bots(&mut self, events: &mut Vec<Event>) {
        let mut rng = rand::thread_rng();
        for _ in 0..MAX_BOT_MOVES {
            if self.is_over() {
                return;
            }
            let Some(seat) = self
                .game
                .to_act()
                .into_iter()
                .find(|s| self.seat_kind(s).is_some_and(is_computer))
            else {
                return;
            };
            let level = self.seat_kind(seat).and_then(|k| k.strip_prefix("computer:"));
            let Some(action) = bot::choose_action(&*self.game, seat, level, &mut rng) else {
                return;
            };
            if self.game.act(seat, &action, &[]).is_err() {
                return;
            }
            events.push(Event::of(seat.to_string(), EventKind::Act, action));
        }
    }
}

/// Whether a seat kind is played by the server.
pub fn is_computer(kind: &str) -> bool {
    kind == "computer" || kind.starts_with("computer:")
}

/// The cache of games in play, over the store.
pub struct Registry {
    pub store: Store,
    games: Mutex<HashMap<String, Arc<Entry>>>,
    /// This process, in PostgreSQL's chat notices (random).
    pub instance: String,
}

impl Registry {
    pub fn new(store: Store) -> Self {
        Registry {
            store,
            games: Mutex::new(HashMap::new()),
            instance: new_token(),
        }
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Entry>>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn cached(&self, id: &str) -> Option<Arc<Entry>> {
        self.map().get(id).cloned()
    }

    /// The ids of the games in the cache.
    pub fn cached_ids(&self) -> Vec<String> {
        self.map().keys().cloned().collect()
    }

    /// The game with this id, from the cache or rebuilt from the store.
    pub async fn get(&self, id: &str) -> Result<Arc<Entry>, LoadError> {
        if let Some(e) = self.cached(id) {
            return Ok(e);
        }
        let (row, seats, events) = self
            .store
            .game(id)
            .await
            .map_err(LoadError::Db)?
            .ok_or(LoadError::NotFound)?;
        let live = Live::replay(row, seats, &events).map_err(LoadError::Replay)?;
        // Another request may have loaded it meanwhile: keep the first.
        let entry = self
            .map()
            .entry(id.to_string())
            .or_insert_with(|| {
                Arc::new(Entry {
                    live: tokio::sync::Mutex::new(live),
                    tx: broadcast::channel(64).0,
                })
            })
            .clone();
        Ok(entry)
    }

    /// Cache a game just created and stored.
    pub fn insert(&self, live: Live) -> Arc<Entry> {
        let id = live.row.id.clone();
        let entry = Arc::new(Entry {
            live: tokio::sync::Mutex::new(live),
            tx: broadcast::channel(64).0,
        });
        self.map().insert(id, entry.clone());
        entry
    }

    /// Drop a game from the cache (after a failed write, its next use replays
    /// what the store holds). Listeners are told to refetch.
    pub fn evict(&self, id: &str) {
        if let Some(e) = self.map().remove(id) {
            let _ = e.tx.send(Notice::Changed(0));
        }
    }

    /// Rebuild `live` from the store (after another writer won a race).
    /// Evicts the game if that fails.
    pub async fn reload(&self, live: &mut Live) {
        let rebuilt = self
            .store
            .game(&live.row.id)
            .await
            .ok()
            .flatten()
            .and_then(|(row, seats, evs)| Live::replay(row, seats, &evs).ok());
        match rebuilt {
            Some(l) => *live = l,
            None => self.evict(&live.row.id),
        }
    }

    /// Another process stored the game up to `seq`: if the cached copy is
    /// behind, rebuild it and tell this process's live listeners.
    pub async fn refresh(&self, id: &str, seq: u64) {
        let Some(entry) = self.cached(id) else { return };
        let mut live = entry.live.lock().await;
        if live.seq >= seq {
            return;
        }
        self.reload(&mut live).await;
        let _ = entry.tx.send(Notice::Changed(live.seq));
    }

    /// A PostgreSQL notice: `<game_id>:<seq>` or `<game_id>:chat:<n>:<process>`.
    pub async fn on_notice(&self, payload: &str) {
        let parts: Vec<&str> = payload.split(':').collect();
        match parts[..] {
            [id, seq] => {
                if let Ok(seq) = seq.parse() {
                    self.refresh(id, seq).await;
                }
            }
            [id, "chat", n, origin] if origin != self.instance => {
                if let (Some(e), Ok(n)) = (self.cached(id), n.parse()) {
                    let _ = e.tx.send(Notice::Chat(n));
                }
            }
            _ => {}
        }
    }
}

/// 128 random bits as 32 hex digits.
pub fn new_token() -> String {
    use rand::Rng;
    format!("{:032x}", rand::thread_rng().gen::<u128>())
}

pub fn new_game_id() -> String {
    use rand::Rng;
    format!("{:016x}", rand::thread_rng().gen::<u64>())
}
