//! Games in play: rebuilt from their stored events by replay and cached in
//! memory, one lock per game; seats and their tokens; computer seats; with
//! PostgreSQL, other processes' moves refresh the cache ([`Registry::on_notice`]).

use crate::bot;
use crate::limits::{Counter, Full, Guard, Limits, Rates};
use crate::store::{DbError, Event, EventKind, GameRow, SeatRow, Store};
use engine::{AnyGame, Setup, TitleEntry};
use serde_json::{json, Value};
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::{Duration, Instant};
use subtle::ConstantTimeEq;
use tokio::sync::{broadcast, Notify, Semaphore};

/// Games waiting in the computer players' queue beyond which a new game
/// with a computer seat is refused (503, nothing stored). A game already in
/// play is always queued (at most once: the queue holds game ids, not moves).
pub const QUEUE_CAP: usize = 256;

/// The least time between two computer moves of one game in which no seat is
/// played by a person (two computer seats): it plays at a watchable pace and
/// goes back to the end of the queue after each move, so it never holds a
/// worker for long. A person waiting for the computer gets its moves at once.
pub const BOT_PACE: Duration = Duration::from_millis(500);

/// How long a computer seat waits before trying again after its move could
/// not be stored (the database did not answer).
pub const BOT_RETRY: Duration = Duration::from_secs(2);

/// Games the expiry of idle games deletes at most in one sweep
/// ([`Registry::expire`]): each is one transaction of its own, so a sweep
/// never holds the store for long.
pub const EXPIRE_BATCH: usize = 100;
/// Between two sweeps of the expiry (the first runs at start-up)...
pub const EXPIRE_EVERY: Duration = Duration::from_secs(600);
/// ...or after a sweep that found a whole batch, so that a backlog drains
/// in bounded steps.
pub const EXPIRE_AGAIN: Duration = Duration::from_secs(10);

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
    /// The game changed: each listener is told its own move number
    /// ([`Seen::of`]), and only `only` is told when the change was a step of
    /// that seat's secret draft.
    Changed {
        seen: Seen,
        only: Option<String>,
    },
    Chat(i64),
}

impl Notice {
    /// Every listener refetches (seats claimed, a rematch, a rebuild).
    pub fn to_all(seen: &Seen) -> Notice {
        Notice::Changed {
            seen: seen.clone(),
            only: None,
        }
    }
}

/// How many stored events each viewer has seen: its move number, in every
/// answer and notice of the API. Ruling fiw #30 keeps purchases secret until
/// both sides reveal them; the steps of a secret draft (an action or undo
/// while the seats draft, [`engine::AnyGame::independent`], the last still
/// drafting too, that leaves who acts and any draw offer as they were)
/// reach no other seat, so they are counted for their own seat alone. A viewer's number grows only when what it may
/// see may have changed, and tells nothing of the others' drafts: how many
/// steps, undone or not, or when.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seen {
    /// Events every viewer sees.
    public: u64,
    /// Per seat, the steps of its own drafts.
    own: Vec<(String, u64)>,
}

impl Seen {
    /// The move number of a seat, or of the spectator (`None`).
    pub fn of(&self, seat: Option<&str>) -> u64 {
        self.public + seat.map_or(0, |s| self.own(s))
    }

    fn own(&self, seat: &str) -> u64 {
        self.own.iter().find(|(s, _)| s == seat).map_or(0, |(_, n)| *n)
    }

    /// Every event counted, whoever sees it.
    fn events(&self) -> u64 {
        self.public + self.own.iter().map(|(_, n)| n).sum::<u64>()
    }

    fn count(&mut self, only: Option<&str>) {
        match only {
            None => self.public += 1,
            Some(s) => match self.own.iter_mut().find(|(o, _)| o == s) {
                Some((_, n)) => *n += 1,
                None => self.own.push((s.to_string(), 1)),
            },
        }
    }

    /// One fewer where [`Seen::count`] counted one (an action taken back).
    fn uncount(&mut self, only: Option<&str>) {
        let n = match only {
            None => &mut self.public,
            Some(s) => match self.own.iter_mut().find(|(o, _)| o == s) {
                Some((_, n)) => n,
                None => return,
            },
        };
        *n = n.saturating_sub(1);
    }

    /// The one seat that alone may see what changed since `before`; `None`
    /// when any other viewer may.
    fn only_since(&self, before: &Seen) -> Option<String> {
        if self.public != before.public {
            return None;
        }
        let mut moved = self.own.iter().filter(|(s, n)| *n != before.own(s));
        match (moved.next(), moved.next()) {
            (Some((s, _)), None) => Some(s.clone()),
            _ => None,
        }
    }
}

pub struct Live {
    pub row: GameRow,
    pub seats: Vec<SeatRow>,
    pub game: Box<dyn AnyGame>,
    /// Events stored so far (their place in the store; each viewer's move
    /// number is its own, [`Live::seq_of`]).
    pub seq: u64,
    /// What each viewer has seen of them.
    seen: Seen,
    /// `seen` as the listeners were last told it.
    announced: Seen,
    /// The computer could not move here (no legal action, a refused choice,
    /// a fault in the rules): it stops trying and says it is not thinking,
    /// until the game is rebuilt (a restart) or a person moves.
    pub computer_failed: bool,
    /// A referee entered dice or draws for some move: the game says so to
    /// anyone who looks.
    pub refereed: bool,
    /// The most moves it may store ([`Limits::moves_per_game`]; set by
    /// whoever caches or creates it, unbounded in a replay of its past): at
    /// it the game is stopped ([`Live::status`]).
    pub moves_max: u64,
    /// Per seat whose last offer of a draw was declined, how many actions
    /// it saw standing then ([`Live::standing`]): it may offer again once
    /// more stand ([`Live::may_offer_draw`]). Kept by [`Live::apply`], so a
    /// rebuild has it too.
    declined: Vec<(String, u64)>,
    /// The actions standing (taken and not taken back), counted as `seen`
    /// counts events: a step of a seat's secret draft for that seat alone.
    /// The game's own count ([`engine::AnyGame::action_count`]) holds the
    /// other seats' secret steps, which a seat's answers must not reflect
    /// (audit 6).
    standing: Seen,
    /// Per seat, the moves it took back ([`Live::undos`]).
    undos: Vec<(String, u64)>,
}

pub struct Entry {
    pub live: tokio::sync::Mutex<Live>,
    pub tx: broadcast::Sender<Notice>,
    /// When it was last asked for, in seconds since the registry started
    /// (the cache evicts the least recently used, [`Registry::sweep`]).
    used: AtomicU64,
}

impl Entry {
    fn new(live: Live, now: u64) -> Arc<Entry> {
        Arc::new(Entry {
            live: tokio::sync::Mutex::new(live),
            tx: broadcast::channel(64).0,
            used: AtomicU64::new(now),
        })
    }
}

/// How long a game handed to the computer players counts for its client
/// before the pool holds it ([`Registry::may_hand_over`]): the time a
/// request takes to store it.
pub const HAND_OVER_GRACE: Duration = Duration::from_secs(60);

/// How long a live-update ticket ([`Registry::ticket`]) may wait to be used.
pub const TICKET_TTL: Duration = Duration::from_secs(60);
/// Tickets not yet used, at most (beyond it a new one is refused).
pub const TICKETS_MAX: usize = 10_000;
/// Unused tickets one token may hold (a new one drops its oldest).
pub const TICKETS_PER_TOKEN: usize = 4;
/// Unused tickets one client address may hold, whatever its tokens (a new
/// one drops its oldest): four times the live-update streams it may open.
pub const TICKETS_PER_CLIENT: usize = 64;

/// A single-use pass to a game's live updates: the stream's URL carries it
/// instead of the seat's token (URLs end up in proxy logs).
struct Ticket {
    game: String,
    token: String,
    /// Who asked for it ([`crate::limits::subscriber`]).
    client: IpAddr,
    expires: Instant,
}

/// Make room for one more ticket among those `mine` picks: at most `keep`
/// stay, the oldest go.
fn drop_oldest(tickets: &mut HashMap<String, Ticket>, keep: usize, mine: impl Fn(&Ticket) -> bool) {
    let mut held: Vec<(Instant, String)> = tickets
        .iter()
        .filter(|(_, k)| mine(k))
        .map(|(id, k)| (k.expires, id.clone()))
        .collect();
    if held.len() >= keep {
        held.sort();
        for (_, id) in &held[..=held.len() - keep] {
            tickets.remove(id);
        }
    }
}

#[derive(Debug)]
pub enum LoadError {
    NotFound,
    Db(DbError),
    /// Made under other rules or data: the message names both.
    Rules(String),
    /// A stored event does not replay: the message names it (for the log).
    Replay(String),
    /// The rebuilds at once are taken, and stayed so for the wait allowed
    /// ([`Limits::rebuilds_at_once`]).
    Busy,
    /// The request's token or invite code opens none of the game's seats.
    Forbidden,
}

/// A rebuild's outcome, as every request waiting for it gets it.
type Loaded = Result<Arc<Entry>, Arc<LoadError>>;

/// A game being rebuilt ([`Registry::get`]): its entry of the loading map
/// goes when the rebuild ends, however it ends (a panic too, so that later
/// requests do not wait on a rebuild that will never answer).
struct Loading(Arc<Registry>, String);

impl Drop for Loading {
    fn drop(&mut self) {
        let mut loading = self.0.loading.lock().unwrap_or_else(|e| e.into_inner());
        loading.remove(&self.1);
        // A burst's room is not kept once it is over.
        if loading.is_empty() {
            loading.shrink_to_fit();
        }
    }
}

impl LoadError {
    /// The same refusal for another request waiting on the same rebuild
    /// (a database error keeps its message).
    fn shared(&self) -> LoadError {
        match self {
            LoadError::NotFound => LoadError::NotFound,
            LoadError::Db(e) => LoadError::Db(DbError::Corrupt(e.to_string())),
            LoadError::Rules(s) => LoadError::Rules(s.clone()),
            LoadError::Replay(s) => LoadError::Replay(s.clone()),
            LoadError::Busy => LoadError::Busy,
            LoadError::Forbidden => LoadError::Forbidden,
        }
    }
}

/// The seat (or spectator) this token opens among a game's seats,
/// compared in constant time against every token.
pub fn who_in(seats: &[SeatRow], token: &str) -> Option<Who> {
    let mut found = None;
    for s in seats {
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

/// The invited seat this invite code opens among a game's seats (compared
/// in constant time), whether or not it has been claimed.
pub fn invited_in<'a>(seats: &'a [SeatRow], code: &str) -> Option<&'a SeatRow> {
    let mut found = None;
    for s in seats {
        let Some(c) = &s.invite else { continue };
        if bool::from(c.as_bytes().ct_eq(code.as_bytes())) {
            found = Some(s);
        }
    }
    found
}

pub fn title_entry(key: &str) -> Option<TitleEntry> {
    catalog::title(key)
}

/// Apply one stored event to a game being rebuilt or played.
pub fn apply_event(game: &mut dyn AnyGame, e: &Event) -> Result<(), String> {
    match e.kind {
        EventKind::Act => game
            .act(&e.seat, &e.action, &e.dice, &e.draws)
            .map_err(|r| r.to_string()),
        EventKind::Undo => game.undo(&e.seat),
        EventKind::Resign => game.resign(&e.seat).map_err(|r| r.to_string()),
        EventKind::Draw => game.offer_draw(&e.seat).map_err(|r| r.to_string()),
        EventKind::Decline => game.decline_draw(&e.seat).map_err(|r| r.to_string()),
    }
}

/// Why a stored game cannot be rebuilt here: it was made under other rules
/// or data (unknown for games stored before they were recorded).
pub fn other_rules(row: &GameRow) -> Option<String> {
    let here = title_entry(&row.title).map(|e| engine::data::rules_stamp((e.info)()))?;
    (!row.rules.is_empty() && row.rules != here).then(|| {
        format!(
            "game {} was made with rules '{}'; this server has '{here}'",
            row.id, row.rules
        )
    })
}

impl Live {
    pub fn new_game(row: GameRow, seats: Vec<SeatRow>) -> Result<Live, String> {
        let entry = title_entry(&row.title).ok_or_else(|| format!("unknown title '{}'", row.title))?;
        let setup = Setup {
            scenario: row.scenario.clone(),
            options: row.options.clone(),
            seed: row.seed,
            draws: Vec::new(),
        };
        let game = (entry.new)(setup).map_err(|e| e.to_string())?;
        Ok(Live {
            row,
            seats,
            game,
            seq: 0,
            seen: Seen::default(),
            announced: Seen::default(),
            computer_failed: false,
            refereed: false,
            moves_max: u64::MAX,
            declined: Vec::new(),
            standing: Seen::default(),
            undos: Vec::new(),
        })
    }

    /// Apply one event to the game and count who may see it ([`Seen`]):
    /// the one way an event reaches a game, in play and in replay.
    pub fn apply(&mut self, e: &Event) -> Result<(), String> {
        let step = matches!(e.kind, EventKind::Act | EventKind::Undo) && self.game.independent();
        let offers = |g: &dyn AnyGame| (g.draw_offer(), g.draw_declined());
        let before = step.then(|| (self.game.to_act(), offers(&*self.game)));
        let declined = (e.kind == EventKind::Decline).then(|| self.game.draw_offer()).flatten();
        apply_event(&mut *self.game, e)?;
        if let Some(offerer) = declined {
            self.declined.retain(|(s, _)| s != offerer);
            self.declined
                .push((offerer.to_string(), self.standing.of(Some(offerer))));
        }
        // The seat's own while it drafts, alone or beside others (the last
        // to commit drafts in secret too), unless the step changed what
        // others see: who acts, or a draw offer it lapsed.
        let own = before.is_some_and(|(to_act, offer)| {
            to_act.contains(&e.seat.as_str()) && self.game.to_act() == to_act && offers(&*self.game) == offer
        });
        let only = own.then_some(e.seat.as_str());
        self.seen.count(only);
        match e.kind {
            EventKind::Act => self.standing.count(only),
            EventKind::Undo => {
                self.standing.uncount(only);
                match self.undos.iter_mut().find(|(s, _)| *s == e.seat) {
                    Some((_, n)) => *n += 1,
                    None => self.undos.push((e.seat.clone(), 1)),
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// How many moves `seat` has taken back in this game (its undos stored).
    pub fn undos(&self, seat: &str) -> u64 {
        self.undos.iter().find(|(s, _)| s == seat).map_or(0, |(_, n)| *n)
    }

    /// The move number `seat` (`None`: the spectator) knows ([`Seen`]).
    pub fn seq_of(&self, seat: Option<&str>) -> u64 {
        self.seen.of(seat)
    }

    /// The notice of what changed since the listeners were last told.
    pub fn notice(&mut self) -> Notice {
        let only = self.seen.only_since(&self.announced);
        self.announced = self.seen.clone();
        Notice::Changed {
            seen: self.seen.clone(),
            only,
        }
    }

    /// A notice that makes every listener refetch (seats claimed, a
    /// rematch, a rebuild).
    pub fn notice_to_all(&mut self) -> Notice {
        self.announced = self.seen.clone();
        Notice::to_all(&self.seen)
    }

    /// Rebuild a game from its stored rows by replaying its events.
    /// Only under the rules and data it was made with (unknown for games
    /// stored before they were recorded).
    pub fn replay(row: GameRow, seats: Vec<SeatRow>, events: &[Event]) -> Result<Live, String> {
        Live::replay_with(row, seats, events, |_| Ok(true))
    }

    /// [`Live::replay`], calling `after` once the game is made and after
    /// each event; the replay stops early where `after` says false.
    pub fn replay_with(
        row: GameRow,
        seats: Vec<SeatRow>,
        events: &[Event],
        mut after: impl FnMut(&Live) -> Result<bool, String>,
    ) -> Result<Live, String> {
        other_rules(&row).map_or(Ok(()), Err)?;
        let mut live = Live::new_game(row, seats)?;
        if !after(&live)? {
            return Ok(live);
        }
        for (i, e) in events.iter().enumerate() {
            live.apply(e).map_err(|why| {
                format!(
                    "event {} ({} {:?} {}) does not replay: {why}",
                    i + 1,
                    e.seat,
                    e.kind,
                    e.action
                )
            })?;
            live.seq += 1;
            live.refereed |= e.scripted();
            if !after(&live)? {
                break;
            }
        }
        live.announced = live.seen.clone();
        Ok(live)
    }

    pub fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// Run `f` on the game (a move, an undo), catching a panic in the
    /// title's rules: `Err` with its message, and the game must then be
    /// rebuilt from the store ([`Registry::rebuild`]), its state being
    /// whatever the panic left.
    pub fn guarded<T>(&mut self, f: impl FnOnce(&mut Live) -> T) -> Result<T, String> {
        std::panic::catch_unwind(AssertUnwindSafe(|| f(self))).map_err(|p| {
            p.downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "(no message)".into())
        })
    }

    /// "over" once it ended; "stopped" while it is not over but holds its
    /// [`Live::moves_max`] moves (the events applied, stored or being
    /// stored with this status): nobody may move (the computer neither), a
    /// seat may still resign, and a restart does not resume it; else
    /// "active". Stored with every move, so that lists and the restart's
    /// [`Store::computer_games`] see it without a rebuild.
    pub fn status(&self) -> &'static str {
        if self.is_over() {
            "over"
        } else if self.room() == 0 {
            "stopped"
        } else {
            "active"
        }
    }

    /// How many more moves the game may store ([`Live::moves_max`]).
    pub fn room(&self) -> u64 {
        self.moves_max.saturating_sub(self.seen.events())
    }

    /// Whether a seat may act (or undo, or offer a draw) now: not once the
    /// game is over or stopped.
    pub fn in_play(&self) -> bool {
        self.status() == "active"
    }

    /// Why a stopped game is: what its players are told.
    pub fn stopped_reason(&self) -> Option<String> {
        (self.status() == "stopped").then(|| {
            format!(
                "this game has stored its {} moves, the most a game may on this server: it may only be \
                 resigned (a computer seat stops)",
                self.moves_max
            )
        })
    }

    /// Whether `seat` may offer a draw now: not when its last offer was
    /// declined and no action it may see has been made since that still
    /// stands (an action taken back does not count; the other seats'
    /// secret draft steps neither, which it must not learn of), so that it
    /// cannot offer again
    /// and again, each offer to a computer a fresh judgement, until one
    /// accepts. Nor when the computer would answer and the game has no
    /// room for both moves under [`Live::moves_max`]: the offer and its
    /// answer are stored together. Accepting the other seat's offer is
    /// always open.
    pub fn may_offer_draw(&self, seat: &str) -> Result<(), String> {
        if let Some((_, at)) = self.declined.iter().find(|(s, _)| s == seat) {
            if self.standing.of(Some(seat)) <= *at {
                return Err(format!(
                    "{seat}'s last offer of a draw was declined: it may be offered again once a move has been made"
                ));
            }
        }
        let computer = self.seats.iter().any(|s| s.seat != seat && is_computer(&s.kind));
        if computer && self.room() < 2 {
            // Not how many it holds: that counts the other seats' secret
            // draft steps.
            return Err(format!(
                "no room for an offer of a draw and the computer's answer: this game may store {} moves and \
                 is one short of them",
                self.moves_max
            ));
        }
        Ok(())
    }

    /// The seat (or spectator) this token opens ([`who_in`]).
    pub fn who(&self, token: &str) -> Option<Who> {
        who_in(&self.seats, token)
    }

    /// What a list of games shows of this one without rebuilding it, as
    /// stored with every move ([`GameRow::summary`]): who acts, each
    /// viewer's move number (a seat's own, [`Live::seq_of`]; the
    /// spectator's under ""), the outcome.
    pub fn summary(&self) -> String {
        self.summary_json().to_string()
    }

    /// [`Live::summary`] before it is written out.
    pub fn summary_json(&self) -> Value {
        let mut seen = serde_json::Map::new();
        seen.insert(String::new(), self.seq_of(None).into());
        for seat in self.game.info().seats {
            seen.insert(seat.to_string(), self.seq_of(Some(seat)).into());
        }
        let to_act = if self.in_play() { self.game.to_act() } else { Vec::new() };
        json!({"to_act": to_act, "seen": seen, "outcome": self.outcome_json()})
    }

    /// The invited seat this invite code opens (compared in constant time),
    /// whether or not it has been claimed.
    pub fn invited(&self, code: &str) -> Option<&SeatRow> {
        invited_in(&self.seats, code)
    }

    /// Whether this token is one the game's creator holds: a seat played
    /// "me" or "hotseat" (the creator may manage the invites).
    pub fn is_creator(&self, who: &Who) -> bool {
        who.seat()
            .and_then(|s| self.seat_kind(s))
            .is_some_and(|k| k == "me" || k == "hotseat")
    }

    pub fn seat_kind(&self, seat: &str) -> Option<&str> {
        self.seats.iter().find(|s| s.seat == seat).map(|s| s.kind.as_str())
    }

    /// The outcome with seat names (a resignation and an agreed draw are
    /// ones too: `Session::resign`, `Session::offer_draw`).
    pub fn outcome_json(&self) -> Value {
        match self.game.outcome() {
            None => Value::Null,
            Some(o) => json!({
                "winner": o.winner.map(|w| self.game.info().seat_name(w)),
                "level": o.level,
                "reason": o.reason,
                "rule": o.rule,
            }),
        }
    }

    /// The computer seat that must act now (the first, when several do),
    /// with its AI level (`None`: random); `None` when no computer must act.
    pub fn bot_to_act(&self) -> Option<(&'static str, Option<String>)> {
        if !self.in_play() || self.computer_failed {
            return None;
        }
        let seat = self
            .game
            .to_act()
            .into_iter()
            .find(|s| self.seat_kind(s).is_some_and(is_computer))?;
        let level = self
            .seat_kind(seat)
            .and_then(|k| k.strip_prefix("computer:"))
            .map(str::to_string);
        Some((seat, level))
    }

    /// Whether a computer seat must act now (it is thinking, or queued to).
    pub fn thinking(&self) -> bool {
        self.bot_to_act().is_some()
    }

    /// Whether every seat is played by the computer (its moves are paced).
    pub fn computers_only(&self) -> bool {
        self.seats
            .iter()
            .filter(|s| s.kind != "spectator")
            .all(|s| is_computer(&s.kind))
    }
}

/// Whether a seat kind is played by the server.
pub fn is_computer(kind: &str) -> bool {
    kind == "computer" || kind.starts_with("computer:")
}

/// Which of the computer players' queues a game waits in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// A person plays in it and waits for the computer's move: served first.
    Person,
    /// Every seat is a computer (a game to watch): served only when no
    /// person's game waits, on a share of the workers ([`Bots::take`]).
    ComputersOnly,
}

impl Lane {
    pub fn of(live: &Live) -> Lane {
        match live.computers_only() {
            true => Lane::ComputersOnly,
            false => Lane::Person,
        }
    }
}

/// The computer players: two queues of game ids (each game at most once,
/// whether waiting, being played or pausing between paced moves), a
/// person's games before the computers-only ones, and a bounded pool of
/// workers that take one computer move of one game at a time
/// ([`Registry::bot_move`]). Computers-only games hold at most half the
/// workers (one at least) and think briefly ([`bot::WATCHED_THINK`]), so
/// that any number of them delay a person's game by one short move at most
/// (audit 6: sixteen `computer:hard` games of one address, in one queue
/// with the rest, kept a person waiting minutes for each move).
pub struct Bots {
    state: Mutex<BotQueue>,
    wake: Notify,
    /// One permit per worker: as many as the machine has cores.
    workers: Arc<Semaphore>,
    /// The workers computers-only games may hold at once.
    shared: Arc<Semaphore>,
    /// Computers-only games held at once ([`Limits::computers_only_games`]).
    alone_most: usize,
    /// Between two moves of a computers-only game ([`BOT_PACE`]).
    pace: Mutex<Duration>,
    started: std::sync::Once,
}

#[derive(Default)]
struct BotQueue {
    /// A person's games waiting, per client address that handed them over,
    /// served in turns by address ([`BotQueue::turns`]): one address posing
    /// as a person in many games against `computer:hard` delays another
    /// person by one of its moves, not by one per game.
    person: HashMap<IpAddr, VecDeque<String>>,
    /// The addresses with a person's game waiting, in the order they are
    /// served.
    turns: VecDeque<IpAddr>,
    /// Who handed each held person's game over (its place when requeued).
    owner: HashMap<String, IpAddr>,
    computers_only: VecDeque<String>,
    /// Every game in the pool's hands: waiting, being played or pausing.
    held: HashMap<String, Lane>,
    /// Computers-only games beyond [`Bots::alone_most`], not held: stored
    /// before a restart and opened by a link, they wait for one to end.
    parked: VecDeque<String>,
}

impl BotQueue {
    /// Put a held game at the end of its queue.
    fn enqueue(&mut self, id: String, lane: Lane) {
        match lane {
            Lane::Person => {
                let by = self.owner.get(&id).copied().unwrap_or(NOBODY);
                let games = self.person.entry(by).or_default();
                if games.is_empty() {
                    self.turns.push_back(by);
                }
                games.push_back(id);
            }
            Lane::ComputersOnly => self.computers_only.push_back(id),
        }
    }

    /// The next person's game: the first of the address whose turn it is,
    /// which then goes to the back of the turns if it has more.
    fn next_person(&mut self) -> Option<String> {
        let by = self.turns.pop_front()?;
        let games = self.person.get_mut(&by)?;
        let id = games.pop_front();
        if games.is_empty() {
            self.person.remove(&by);
        } else {
            self.turns.push_back(by);
        }
        id
    }

    fn persons_waiting(&self) -> usize {
        self.person.values().map(VecDeque::len).sum()
    }
}

/// The address of a person's game whose hand-over nobody recorded (loaded
/// with the computer to act, stored before its maker was): they share one
/// turn.
const NOBODY: IpAddr = IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED);

impl Bots {
    fn new(alone_most: usize) -> Self {
        Self::with_workers(std::thread::available_parallelism().map_or(1, |n| n.get()), alone_most)
    }

    fn with_workers(n: usize, alone_most: usize) -> Self {
        Bots {
            state: Mutex::new(BotQueue::default()),
            wake: Notify::new(),
            workers: Arc::new(Semaphore::new(n)),
            shared: Arc::new(Semaphore::new((n / 2).max(1))),
            alone_most,
            pace: Mutex::new(BOT_PACE),
            started: std::sync::Once::new(),
        }
    }

    fn queue(&self) -> std::sync::MutexGuard<'_, BotQueue> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Games waiting for a worker.
    pub fn waiting(&self) -> usize {
        let q = self.queue();
        q.persons_waiting() + q.computers_only.len()
    }

    /// Whether a new game with a computer seat is refused now.
    pub fn full(&self) -> bool {
        self.waiting() >= QUEUE_CAP
    }

    pub fn pace(&self) -> Duration {
        *self.pace.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Change [`BOT_PACE`] (tests play computers-only games out at 0).
    pub fn set_pace(&self, d: Duration) {
        *self.pace.lock().unwrap_or_else(|e| e.into_inner()) = d;
    }

    /// Put a game in its lane's queue unless the pool already holds it (or
    /// park a computers-only game beyond their bound); a person's game
    /// waits its address's turn (`by`: who handed it over).
    fn push(&self, id: &str, lane: Lane, by: IpAddr) {
        let mut q = self.queue();
        if q.held.contains_key(id) || q.parked.iter().any(|p| p == id) {
            return;
        }
        let alone = q.held.values().filter(|l| **l == Lane::ComputersOnly).count();
        if lane == Lane::ComputersOnly && alone >= self.alone_most {
            q.parked.push_back(id.to_string());
            return;
        }
        q.held.insert(id.to_string(), lane);
        if lane == Lane::Person {
            q.owner.insert(id.to_string(), by);
        }
        q.enqueue(id.to_string(), lane);
        drop(q);
        self.wake.notify_one();
    }

    /// A game the pool holds goes back to the end of its lane's queue.
    fn requeue(&self, id: &str) {
        let mut q = self.queue();
        let Some(&lane) = q.held.get(id) else { return };
        q.enqueue(id.to_string(), lane);
        drop(q);
        self.wake.notify_one();
    }

    /// The pool lets a game go; a computers-only game that ends lets a
    /// parked one in.
    fn release(&self, id: &str) {
        let mut q = self.queue();
        q.owner.remove(id);
        if q.held.remove(id) != Some(Lane::ComputersOnly) {
            return;
        }
        if let Some(next) = q.parked.pop_front() {
            q.held.insert(next.clone(), Lane::ComputersOnly);
            q.computers_only.push_back(next);
            drop(q);
            self.wake.notify_one();
        }
    }

    /// The next game to play: a person's first; else a computers-only one
    /// if their share of the workers has room, with the permit that counts
    /// it there until its move is made.
    fn take(&self) -> Option<(String, Option<tokio::sync::OwnedSemaphorePermit>)> {
        let mut q = self.queue();
        if let Some(id) = q.next_person() {
            return Some((id, None));
        }
        if q.computers_only.is_empty() {
            return None;
        }
        let share = self.shared.clone().try_acquire_owned().ok()?;
        q.computers_only.pop_front().map(|id| (id, Some(share)))
    }

    /// [`Bots::take`], waiting for a game (or for the computers-only
    /// share to free a place: whoever frees one wakes it).
    async fn next(&self) -> (String, Option<tokio::sync::OwnedSemaphorePermit>) {
        loop {
            if let Some(next) = self.take() {
                return next;
            }
            self.wake.notified().await;
        }
    }
}

/// What one computer move of a game came to.
enum BotStep {
    /// No computer seat must act (or the game is gone): out of the pool.
    Done,
    /// Moved, or the game changed while the computer thought: again, after
    /// this long.
    Again(Duration),
}

/// The cache of games in play, over the store, and the computer players.
pub struct Registry {
    pub store: Store,
    games: Mutex<HashMap<String, Arc<Entry>>>,
    /// This process, in PostgreSQL's chat notices (random).
    pub instance: String,
    pub bots: Arc<Bots>,
    pub limits: Limits,
    pub rates: Rates,
    /// Live-update streams open, per game and per client address.
    streams_per_game: Arc<Counter<String>>,
    streams_per_address: Arc<Counter<IpAddr>>,
    tickets: Mutex<HashMap<String, Ticket>>,
    /// Per game handed to the computer players, the client whose request
    /// did it ([`crate::limits::subscriber`]; [`Registry::may_hand_over`]).
    handed_by: Mutex<HashMap<String, Handed>>,
    /// Replays of past positions being computed ([`Limits::replays_at_once`]).
    pub replays: Arc<Semaphore>,
    /// The same, per client address ([`Limits::replays_per_address`]).
    pub replays_by_address: Arc<Counter<IpAddr>>,
    /// Games being rebuilt from the store ([`Limits::rebuilds_at_once`]).
    rebuilds: Arc<Semaphore>,
    /// Per game being rebuilt for requests, the outcome they all wait for:
    /// one rebuild, not one each ([`Registry::get`]).
    loading: Mutex<HashMap<String, tokio::sync::watch::Receiver<Option<Loaded>>>>,
    /// Games rebuilt from the store for requests since the start.
    rebuilt: AtomicU64,
    /// Games the expiry deleted since the start ([`Registry::expire`]).
    expired: AtomicU64,
    started: Instant,
    me: Weak<Registry>,
}

/// A game handed to the computer players, by whom.
struct Handed {
    client: IpAddr,
    lane: Lane,
    /// When the request under way that hands it over began (until then it
    /// is not held: [`HAND_OVER_GRACE`]).
    pending: Option<Instant>,
}

/// Why a game may not be handed to the computer players.
#[derive(Debug, PartialEq, Eq)]
pub enum HandOver {
    /// The client has this many games in their hands
    /// ([`Limits::computer_games_per_address`]).
    Address(u64),
    /// The client has this many computers-only games playing
    /// ([`Limits::computers_only_games_per_address`]).
    ComputersOnlyAddress(u64),
    /// The server plays this many computers-only games
    /// ([`Limits::computers_only_games`]).
    ComputersOnly(u64),
}

/// Why a live-update stream was not opened.
#[derive(Debug, PartialEq, Eq)]
pub enum StreamRefused {
    /// The game has its streams.
    Game(usize),
    /// The address has its streams.
    Address(usize),
    /// The game has none, and as many games as the cache may hold are
    /// followed already ([`Limits::cached_games`]).
    Games(u64),
}

impl Registry {
    pub fn new(store: Store) -> Arc<Self> {
        Self::with_limits(store, Limits::default())
    }

    pub fn with_limits(store: Store, limits: Limits) -> Arc<Self> {
        Arc::new_cyclic(|me| Registry {
            store,
            games: Mutex::new(HashMap::new()),
            instance: new_token(),
            bots: Arc::new(Bots::new(
                usize::try_from(limits.computers_only_games).unwrap_or(usize::MAX),
            )),
            rates: Rates::new(&limits),
            streams_per_game: Counter::new(limits.streams_per_game),
            streams_per_address: Counter::new(limits.streams_per_address),
            tickets: Mutex::new(HashMap::new()),
            handed_by: Mutex::new(HashMap::new()),
            replays: Arc::new(Semaphore::new(limits.replays_at_once)),
            replays_by_address: Counter::new(usize::try_from(limits.replays_per_address).unwrap_or(usize::MAX)),
            rebuilds: Arc::new(Semaphore::new(limits.rebuilds_at_once as usize)),
            loading: Mutex::new(HashMap::new()),
            rebuilt: AtomicU64::new(0),
            expired: AtomicU64::new(0),
            limits,
            started: Instant::now(),
            me: me.clone(),
        })
    }

    fn now(&self) -> u64 {
        self.started.elapsed().as_secs()
    }

    pub fn cached_count(&self) -> usize {
        self.map().len()
    }

    /// Live-update streams open on every game.
    pub fn streams_open(&self) -> usize {
        self.streams_per_game.total()
    }

    /// Games followed by a live-update stream.
    pub fn games_followed(&self) -> usize {
        self.streams_per_game.keys()
    }

    /// Count one more live-update stream on `game` from `addr`, or say which
    /// limit it would pass. A followed game is never dropped from the cache
    /// ([`Registry::sweep`]), so no more games than the cache may hold
    /// ([`Limits::cached_games`]) are followed at once: streams from many
    /// addresses on many games held any number in memory (audit 5).
    pub fn open_stream(&self, game: &str, addr: IpAddr) -> Result<(Guard<String>, Guard<IpAddr>), StreamRefused> {
        let games = self.limits.cached_games;
        let g = self
            .streams_per_game
            .enter_within(game.to_string(), usize::try_from(games).unwrap_or(usize::MAX))
            .map_err(|full| match full {
                Full::Key => StreamRefused::Game(self.limits.streams_per_game),
                Full::Keys => StreamRefused::Games(games),
            })?;
        let a = self
            .streams_per_address
            .enter(addr)
            .ok_or(StreamRefused::Address(self.limits.streams_per_address))?;
        Ok((g, a))
    }

    /// A single-use ticket to game `id`'s live updates for `token` (checked
    /// when it is used), asked by `client`, valid for [`TICKET_TTL`]; `None`
    /// when [`TICKETS_MAX`] are waiting.
    pub fn ticket(&self, id: &str, token: &str, client: IpAddr) -> Option<String> {
        let mut t = self.tickets.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        // One token, and one client however many tokens it gathers, holds a
        // few unused tickets at most (a page that reconnects uses one): its
        // oldest go first, so that one visitor cannot use up everybody's.
        let client = crate::limits::subscriber(client, self.limits.ipv6_prefix);
        drop_oldest(&mut t, TICKETS_PER_TOKEN, |k| k.token == token);
        drop_oldest(&mut t, TICKETS_PER_CLIENT, |k| k.client == client);
        if t.len() >= TICKETS_MAX {
            t.retain(|_, k| k.expires > now);
            if t.len() >= TICKETS_MAX {
                return None;
            }
        }
        let ticket = new_token();
        t.insert(
            ticket.clone(),
            Ticket {
                game: id.to_string(),
                token: token.to_string(),
                client,
                expires: now + TICKET_TTL,
            },
        );
        Some(ticket)
    }

    /// The token a ticket stands for, if it is for game `id` and not expired;
    /// the ticket is used up either way.
    pub fn redeem(&self, id: &str, ticket: &str) -> Option<String> {
        let t = self.tickets.lock().unwrap_or_else(|e| e.into_inner()).remove(ticket)?;
        (t.game == id && t.expires > Instant::now()).then_some(t.token)
    }

    /// Keep the cache within its bounds: drop the games nobody asked for in
    /// [`Limits::idle_game_minutes`], then, while more than
    /// [`Limits::cached_games`] remain, the least recently used. Only games
    /// no request, computer player or live-update stream holds are dropped
    /// (their next use rebuilds them from the store); the games streams
    /// hold are at most [`Limits::cached_games`] ([`Registry::open_stream`]).
    /// Forgets idle rate limit keys and expired tickets too. Returns the
    /// games dropped.
    pub fn sweep(&self) -> usize {
        let now = self.now();
        let idle = self.limits.idle_game().as_secs();
        let held = self.bots.queue().held.clone();
        let mut map = self.map();
        let free = |id: &String, e: &Arc<Entry>| {
            Arc::strong_count(e) == 1 && e.tx.receiver_count() == 0 && !held.contains_key(id)
        };
        let before = map.len();
        map.retain(|id, e| !(free(id, e) && now.saturating_sub(e.used.load(Ordering::Relaxed)) >= idle));
        let cap = self.limits.cached_games as usize;
        if map.len() > cap {
            let mut old: Vec<(u64, String)> = map
                .iter()
                .filter(|(id, e)| free(id, e))
                .map(|(id, e)| (e.used.load(Ordering::Relaxed), id.clone()))
                .collect();
            old.sort();
            for (_, id) in old.into_iter().take(map.len() - cap) {
                map.remove(&id);
            }
        }
        let dropped = before - map.len();
        drop(map);
        self.rates.forget_idle();
        let at = Instant::now();
        self.tickets
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .retain(|_, t| t.expires > at);
        if dropped > 0 {
            metrics::counter!("powderhorn_games_evicted_total").increment(dropped as u64);
        }
        dropped
    }

    /// After a start: load the games in play whose every seat is a computer
    /// (the oldest, at most [`Limits::computers_only_games`]: they count
    /// there like new ones), which queues them for the computer players;
    /// games with a person in them wait until that person opens them, and
    /// games stopped at [`Limits::moves_per_game`] are left alone (they were
    /// rebuilt at every restart only for the computer to stop at once, audit
    /// 5). Returns how many were found.
    pub async fn resume(&self) -> usize {
        let most = usize::try_from(self.limits.computers_only_games).unwrap_or(usize::MAX);
        let ids = match self.store.computer_games(most, self.limits.moves_per_game).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!("could not list the computers' games to resume: {e}");
                return 0;
            }
        };
        for id in &ids {
            if let Err(e) = self.get(id).await {
                tracing::warn!("game {id} was not resumed: {e:?}");
            }
        }
        ids.len()
    }

    /// Delete the games left idle ([`Limits::expire_idle_days`]: not over,
    /// and no move, chat line, note or opening since), and, with
    /// [`Limits::expire_finished_days`], finished games as long unused:
    /// at most `batch`, oldest first, each with all its rows in one
    /// transaction. `now` is the clock's time (unix seconds; the tests pass
    /// another). A game being played or watched is never deleted: every game
    /// this process holds (cached, being rebuilt, in the computer players'
    /// hands) is first marked as used at `now`, which also keeps the games
    /// other processes on the same PostgreSQL hold when they sweep, and the
    /// deletion checks again that the game is still idle (a move or an
    /// opening meanwhile keeps it; an opening marks the game used before it
    /// reads it, [`Store::mark_used`]). Logs how many it deleted, counted
    /// in `powderhorn_games_expired_total`. Returns how many were deleted.
    pub async fn expire(&self, now: i64, batch: usize) -> usize {
        let days = |d: u64| i64::try_from(d.saturating_mul(86_400)).unwrap_or(i64::MAX);
        let idle_before = now.saturating_sub(days(self.limits.expire_idle_days));
        let over_before =
            (self.limits.expire_finished_days > 0).then(|| now.saturating_sub(days(self.limits.expire_finished_days)));
        let held = self.held_ids();
        if let Err(e) = self.store.touch(&held, now).await {
            // Without it a game in use might look idle: no sweep.
            tracing::warn!("expiry: could not mark the games in use: {e}");
            return 0;
        }
        let ids = match self.store.idle_games(idle_before, over_before, batch).await {
            Ok(ids) => ids,
            Err(e) => {
                tracing::warn!("expiry: could not list the idle games: {e}");
                return 0;
            }
        };
        let mut deleted = 0;
        for id in ids {
            // Opened since the touch above.
            if self.holds(&id) {
                continue;
            }
            match self.store.delete_idle(&id, idle_before, over_before).await {
                Ok(true) => deleted += 1,
                Ok(false) => {}
                Err(e) => tracing::warn!("expiry: could not delete game {id}: {e}"),
            }
        }
        if deleted > 0 {
            self.expired.fetch_add(deleted as u64, Ordering::Relaxed);
            tracing::info!(
                "expired {deleted} games unused for {} days (finished ones: {}){}",
                self.limits.expire_idle_days,
                match self.limits.expire_finished_days {
                    0 => "kept".to_string(),
                    d => format!("{d} days"),
                },
                if deleted >= batch {
                    format!("; more are due, the next {batch} in {} s", EXPIRE_AGAIN.as_secs())
                } else {
                    String::new()
                }
            );
        }
        deleted
    }

    /// The games this process holds: cached, being rebuilt, or in the
    /// computer players' hands (parked ones too).
    fn held_ids(&self) -> Vec<String> {
        let mut ids = self.cached_ids();
        ids.extend(self.loading.lock().unwrap_or_else(|e| e.into_inner()).keys().cloned());
        {
            let q = self.bots.queue();
            ids.extend(q.held.keys().cloned());
            ids.extend(q.parked.iter().cloned());
        }
        ids.sort();
        ids.dedup();
        ids
    }

    /// Whether this process holds game `id` ([`Registry::held_ids`]); one
    /// lock at a time.
    fn holds(&self, id: &str) -> bool {
        if self.map().contains_key(id) {
            return true;
        }
        if self.loading.lock().unwrap_or_else(|e| e.into_inner()).contains_key(id) {
            return true;
        }
        let q = self.bots.queue();
        q.held.contains_key(id) || q.parked.iter().any(|p| p == id)
    }

    /// Run [`Registry::expire`] at once and then every [`EXPIRE_EVERY`]
    /// ([`EXPIRE_AGAIN`] while a backlog drains) until the registry is
    /// dropped.
    pub fn spawn_expirer(self: &Arc<Self>) {
        let me = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                let Some(r) = me.upgrade() else { return };
                let n = r.expire(crate::store::now(), EXPIRE_BATCH).await;
                drop(r);
                tokio::time::sleep(if n >= EXPIRE_BATCH { EXPIRE_AGAIN } else { EXPIRE_EVERY }).await;
            }
        });
    }

    /// Sweep the cache every minute (and at once when it is over its bound,
    /// [`Registry::get`]) until the registry is dropped.
    pub fn spawn_sweeper(self: &Arc<Self>) {
        let me = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_secs(60)).await;
                let Some(r) = me.upgrade() else { return };
                r.sweep();
            }
        });
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Entry>>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn cached(&self, id: &str) -> Option<Arc<Entry>> {
        let e = self.map().get(id).cloned()?;
        e.used.store(self.now(), Ordering::Relaxed);
        Some(e)
    }

    /// The game with this id if it is in memory (nothing is rebuilt).
    pub fn in_memory(&self, id: &str) -> Option<Arc<Entry>> {
        self.cached(id)
    }

    /// Games rebuilt from the store for requests since the start.
    pub fn rebuilt_count(&self) -> u64 {
        self.rebuilt.load(Ordering::Relaxed)
    }

    /// Games the expiry deleted since the start (0 is shown in `/metrics`
    /// too: an alert on it needs the series before the first expiry).
    pub fn expired_count(&self) -> u64 {
        self.expired.load(Ordering::Relaxed)
    }

    /// The ids of the games in the cache.
    pub fn cached_ids(&self) -> Vec<String> {
        self.map().keys().cloned().collect()
    }

    /// The game with this id, from the cache or rebuilt from the store (and
    /// queued for the computer if one of its seats must act). Requests at
    /// once for a game not in memory share one rebuild and its outcome,
    /// refusals too; it runs in a task of its own, so that a request that
    /// goes away neither stops it nor leaves it behind.
    pub async fn get(&self, id: &str) -> Result<Arc<Entry>, LoadError> {
        if let Some(e) = self.cached(id) {
            return Ok(e);
        }
        let mut outcome = {
            let mut loading = self.loading.lock().unwrap_or_else(|e| e.into_inner());
            match loading.get(id) {
                Some(rx) => rx.clone(),
                None => {
                    let (tx, rx) = tokio::sync::watch::channel(None);
                    loading.insert(id.to_string(), rx.clone());
                    let (me, id) = (self.me.upgrade().expect("the registry is alive"), id.to_string());
                    tokio::spawn(async move {
                        let done = Loading(me.clone(), id.clone());
                        let got = me.load(&id).await.map_err(Arc::new);
                        drop(done);
                        let _ = tx.send(Some(got));
                    });
                    rx
                }
            }
        };
        let got = outcome
            .wait_for(Option::is_some)
            .await
            .map_err(|_| LoadError::Replay("the rebuild stopped".into()))?;
        match got.as_ref().expect("waited for") {
            Ok(e) => Ok(e.clone()),
            Err(e) => Err(e.shared()),
        }
    }

    /// [`Registry::get`] for a game not in memory.
    async fn load(&self, id: &str) -> Result<Arc<Entry>, LoadError> {
        // A game that is not there waits for nothing.
        if self.store.head(id).await.map_err(LoadError::Db)?.is_none() {
            return Err(LoadError::NotFound);
        }
        // Opened: marked used before it is read, so that the expiry cannot
        // delete it from under this rebuild ([`Store::mark_used`]; the
        // sweep's own check of the loading map comes too late once it is
        // past it, and does not see other processes). A store that cannot
        // write cannot delete either: then open it all the same.
        match self.store.mark_used(id, crate::store::now()).await {
            Ok(true) => {}
            Ok(false) => return Err(LoadError::NotFound),
            Err(e) => tracing::warn!("game {id}: could not mark it as used: {e}"),
        }
        // The slot before the moves: a rebuild waiting its turn holds none.
        let permit = self.rebuild_slot().await.ok_or(LoadError::Busy)?;
        let (row, seats, events) = self
            .store
            .game(id)
            .await
            .map_err(LoadError::Db)?
            .ok_or(LoadError::NotFound)?;
        if let Some(why) = other_rules(&row) {
            return Err(LoadError::Rules(why));
        }
        let mut live = rebuilt(permit, row, seats, events).await.map_err(LoadError::Replay)?;
        live.moves_max = self.limits.moves_per_game;
        self.rebuilt.fetch_add(1, Ordering::Relaxed);
        let thinking = live.thinking().then(|| Lane::of(&live));
        // Loaded with a computer to act (resumed after a restart, opened by
        // its link, rebuilt after a cache miss), a game counts for the
        // address that made it, as it did before, and a person's game waits
        // that address's turn ([`BotQueue::turns`]); a game stored before
        // its maker was (`creator` empty) counts for nobody.
        if let Some(lane) = thinking {
            if let Ok(creator) = live.row.creator.parse::<IpAddr>() {
                self.handed_over(id, creator, lane, true);
            }
        }
        // Another request may have loaded it meanwhile: keep the first.
        let (entry, full) = {
            let mut map = self.map();
            let e = map
                .entry(id.to_string())
                .or_insert_with(|| Entry::new(live, self.now()))
                .clone();
            (e, map.len() > self.limits.cached_games as usize)
        };
        if full {
            self.sweep();
        }
        if let Some(lane) = thinking {
            self.queue_bot(id, lane);
        }
        Ok(entry)
    }

    /// One of the rebuilds allowed at once, if one comes free within
    /// [`Limits::rebuild_wait`].
    pub async fn rebuild_slot(&self) -> Option<tokio::sync::OwnedSemaphorePermit> {
        tokio::time::timeout(self.limits.rebuild_wait(), self.rebuilds.clone().acquire_owned())
            .await
            .ok()
            .map(|p| p.expect("the rebuilds' semaphore is never closed"))
    }

    /// Cache a new game made by `client`, and queue it for the computer if
    /// one of its seats must act first.
    pub fn insert(&self, live: Live, client: IpAddr) -> Arc<Entry> {
        let id = live.row.id.clone();
        let thinking = live.thinking();
        let lane = Lane::of(&live);
        self.handed_over(&id, client, lane, thinking);
        let entry = Entry::new(live, self.now());
        let full = {
            let mut map = self.map();
            map.insert(id.clone(), entry.clone());
            map.len() > self.limits.cached_games as usize
        };
        if full {
            self.sweep();
        }
        if thinking {
            self.queue_bot(&id, lane);
        }
        entry
    }

    /// Whether `client` may hand game `id` (of `lane`) to the computer
    /// players: it holds fewer than [`Limits::computer_games_per_address`]
    /// other games there, so that one visitor cannot fill the queue
    /// everybody shares; and a computers-only game fewer than
    /// [`Limits::computers_only_games_per_address`] of its own and
    /// [`Limits::computers_only_games`] in all (those resumed at a start
    /// included, which count for no client).
    /// When it may, the game is counted for the client at once, held or
    /// not yet ([`HAND_OVER_GRACE`]), so that requests at once cannot all
    /// pass the check before any is counted.
    pub fn may_hand_over(&self, client: IpAddr, id: &str, lane: Lane) -> Result<(), HandOver> {
        let client = crate::limits::subscriber(client, self.limits.ipv6_prefix);
        let held = self.bots.queue().held.clone();
        let mut by = self.handed_by.lock().unwrap_or_else(|e| e.into_inner());
        by.retain(|g, h| held.contains_key(g) || h.pending.is_some_and(|t| t.elapsed() < HAND_OVER_GRACE));
        let others = || by.iter().filter(|(g, _)| *g != id);
        let count = |n: usize| n as u64;
        let n = count(others().filter(|(_, h)| h.client == client).count());
        if n >= self.limits.computer_games_per_address {
            return Err(HandOver::Address(n));
        }
        if lane == Lane::ComputersOnly {
            let alone = |h: &Handed| h.lane == Lane::ComputersOnly;
            let n = count(others().filter(|(_, h)| h.client == client && alone(h)).count());
            if n >= self.limits.computers_only_games_per_address {
                return Err(HandOver::ComputersOnlyAddress(n));
            }
            let playing = held
                .iter()
                .filter(|(g, l)| **l == Lane::ComputersOnly && *g != id)
                .count();
            let coming = others().filter(|(g, h)| alone(h) && !held.contains_key(*g)).count();
            let n = count(playing + coming);
            if n >= self.limits.computers_only_games {
                return Err(HandOver::ComputersOnly(n));
            }
        }
        let pending = Some(Instant::now());
        by.insert(id.to_string(), Handed { client, lane, pending });
        Ok(())
    }

    /// The request that [`Registry::may_hand_over`] let through is done:
    /// game `id` was handed to the computer players (it counts for the
    /// client while the pool holds it), or it was not (it counts no more).
    pub fn handed_over(&self, id: &str, client: IpAddr, lane: Lane, handed: bool) {
        let mut by = self.handed_by.lock().unwrap_or_else(|e| e.into_inner());
        match handed {
            true => {
                let client = crate::limits::subscriber(client, self.limits.ipv6_prefix);
                by.insert(
                    id.to_string(),
                    Handed {
                        client,
                        lane,
                        pending: None,
                    },
                )
            }
            false => by.remove(id),
        };
    }

    /// Queue the game for the computer players in its lane (it is played by
    /// a worker as soon as one is free; nothing happens if it is queued
    /// already). The workers start on the first call (on the caller's tokio
    /// runtime).
    pub fn queue_bot(&self, id: &str, lane: Lane) {
        self.bots.started.call_once(|| {
            tokio::spawn(dispatch(self.me.clone(), self.bots.clone()));
        });
        let by = self
            .handed_by
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(id)
            .map_or(NOBODY, |h| h.client);
        self.bots.push(id, lane, by);
    }

    /// Store the events just applied to `live`, then tell its listeners and
    /// queue it for the computer if a computer seat must act. On failure the
    /// game is rebuilt from what the store holds, so memory never runs ahead
    /// of the database ([`DbError::Conflict`]: another writer, another server
    /// process on the same database, stored that move number first). The
    /// one path to the store for people's and computers' moves alike.
    pub async fn commit(&self, entry: &Entry, live: &mut Live, events: Vec<Event>) -> Result<(), DbError> {
        if events.is_empty() {
            return Ok(());
        }
        let summary = live.summary();
        match self
            .store
            .append(&live.row.id, live.seq, &events, live.status(), &summary)
            .await
        {
            Ok(()) => {
                live.seq += events.len() as u64;
                live.refereed |= events.iter().any(Event::scripted);
                // The game changed: a computer that could not move tries again.
                live.computer_failed = false;
                let _ = entry.tx.send(live.notice());
                if live.thinking() {
                    self.queue_bot(&live.row.id, Lane::of(live));
                }
                Ok(())
            }
            Err(e) => {
                self.reload(live).await;
                let _ = entry.tx.send(live.notice());
                Err(e)
            }
        }
    }

    /// One computer move of game `id`: under the game's lock take what the
    /// bot needs (the seat's legal actions or a save of the game) and the
    /// move number; without the lock choose, on a blocking thread; under the
    /// lock again apply and store the choice if the game did not move
    /// meanwhile (else think again).
    async fn bot_move(&self, id: &str) -> BotStep {
        let Ok(entry) = self.get(id).await else {
            self.bots.release(id);
            return BotStep::Done;
        };
        let (thought, seat, seq) = {
            let mut live = entry.live.lock().await;
            let Some((seat, level)) = live.bot_to_act() else {
                self.bots.release(id);
                return BotStep::Done;
            };
            match bot::prepare(&*live.game, seat, level.as_deref(), live.computers_only()) {
                Some(t) => (t, seat, live.seq),
                None => {
                    tracing::error!("game {id}: the computer ({seat}) has no legal action");
                    live.computer_failed = true;
                    self.bots.release(id);
                    return BotStep::Done;
                }
            }
        };
        let choice = tokio::task::spawn_blocking(move || thought.choose(&mut rand::thread_rng()))
            .await
            .ok()
            .flatten();
        let mut live = entry.live.lock().await;
        let current = self.cached(id).is_some_and(|e| Arc::ptr_eq(&e, &entry));
        if !current || live.seq != seq || live.bot_to_act().map(|b| b.0) != Some(seat) {
            return BotStep::Again(Duration::ZERO);
        }
        let Some(action) = choice else {
            tracing::error!("game {id}: the computer ({seat}) chose no action");
            live.computer_failed = true;
            self.bots.release(id);
            return BotStep::Done;
        };
        let event = Event::of(seat.to_string(), EventKind::Act, action);
        match live.guarded(|l| l.apply(&event)) {
            Ok(Ok(())) => {}
            Ok(Err(why)) => {
                tracing::error!("game {id}: the computer's {} was refused: {why}", event.action);
                live.computer_failed = true;
                self.bots.release(id);
                return BotStep::Done;
            }
            Err(panic) => {
                tracing::error!(
                    "game {id}: the rules panicked on the computer's {}: {panic}",
                    event.action
                );
                self.rebuild(&mut live).await;
                live.computer_failed = true;
                self.bots.release(id);
                return BotStep::Done;
            }
        }
        match self.commit(&entry, &mut live, vec![event]).await {
            Ok(()) => {}
            Err(DbError::Conflict) => return BotStep::Again(Duration::ZERO),
            Err(e) => {
                tracing::error!("game {id}: could not store the computer's move: {e}");
                return BotStep::Again(BOT_RETRY);
            }
        }
        if live.bot_to_act().is_none() {
            // Under the game's lock: a later move queues it again.
            self.bots.release(id);
            return BotStep::Done;
        }
        let pace = if live.computers_only() {
            self.bots.pace()
        } else {
            Duration::ZERO
        };
        BotStep::Again(pace)
    }

    /// Drop a game from the cache (after a failed write, its next use replays
    /// what the store holds). Listeners are told to refetch.
    pub fn evict(&self, id: &str) {
        if let Some(e) = self.map().remove(id) {
            let _ = e.tx.send(Notice::to_all(&Seen::default()));
        }
    }

    /// Rebuild `live` from the store (after another writer won a race).
    /// Evicts the game if that fails, or if no rebuild comes free within
    /// [`Limits::rebuild_wait`] (its next use rebuilds it).
    pub async fn reload(&self, live: &mut Live) {
        let again = match self.rebuild_slot().await {
            Some(permit) => match self.store.game(&live.row.id).await.ok().flatten() {
                Some((row, seats, evs)) => rebuilt(permit, row, seats, evs).await.ok(),
                None => None,
            },
            None => None,
        };
        match again {
            Some(l) => {
                // What the listeners were told stands: the next notice
                // says what changed since, to whom (a step of another
                // process's secret draft to its seat alone).
                let announced = std::mem::take(&mut live.announced);
                *live = l;
                live.announced = announced;
                live.moves_max = self.limits.moves_per_game;
            }
            None => self.evict(&live.row.id),
        }
    }

    /// After a panic in the rules ([`Live::guarded`]): throw the cached
    /// state away and rebuild it from the store, in place, so that the
    /// requests waiting for the game's lock find the stored game (the game is
    /// evicted if it cannot be rebuilt).
    pub async fn rebuild(&self, live: &mut Live) {
        metrics::counter!("powderhorn_rules_panics_total").increment(1);
        self.reload(live).await;
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
        let _ = entry.tx.send(live.notice());
    }

    /// A PostgreSQL notice: `<game_id>:<seq>` or `<game_id>:chat:<n>:<process>`.
    pub async fn on_notice(&self, payload: &str) {
        let parts: Vec<&str> = payload.split(':').collect();
        match parts[..] {
            [id, "meta"] => {
                // Seats (a claimed invite) or the rematch changed.
                if let Some(entry) = self.cached(id) {
                    let mut live = entry.live.lock().await;
                    self.reload(&mut live).await;
                    let _ = entry.tx.send(live.notice_to_all());
                }
            }
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

/// The computer players' dispatcher: takes a worker (a permit) and the next
/// game ([`Bots::take`]: a person's first) and plays one computer move of it
/// in a task of its own; a game that must go on goes back to the end of its
/// queue (after the pace
/// of a computers-only game, without holding a worker). Ends with the
/// registry.
///
/// The workers are tokio tasks and only the choice runs on tokio's blocking
/// pool (`spawn_blocking`, at most one per permit): the store and the game's
/// lock are async, and a `Handle::block_on` from threads of our own cannot
/// drive the IO of a current-thread runtime (the tests').
async fn dispatch(reg: Weak<Registry>, bots: Arc<Bots>) {
    loop {
        let Ok(permit) = bots.workers.clone().acquire_owned().await else {
            return;
        };
        let (id, share) = bots.next().await;
        let Some(r) = reg.upgrade() else { return };
        tokio::spawn(async move {
            let (r2, id2) = (r.clone(), id.clone());
            // A panic (in the rules or the bot) lets the game go, not the worker.
            let step = tokio::spawn(async move { r2.bot_move(&id2).await })
                .await
                .unwrap_or_else(|e| {
                    tracing::error!("game {id}: the computer's move failed: {e}");
                    r.bots.release(&id);
                    BotStep::Done
                });
            drop(permit);
            if let Some(share) = share {
                // A computers-only game waiting for this place is let in.
                drop(share);
                r.bots.wake.notify_one();
            }
            match step {
                BotStep::Done => {}
                BotStep::Again(wait) => {
                    let bots = r.bots.clone();
                    drop(r);
                    if !wait.is_zero() {
                        tokio::time::sleep(wait).await;
                    }
                    bots.requeue(&id);
                }
            }
        });
    }
}

/// [`replay_guarded`] on a blocking thread, holding one of the rebuilds
/// allowed at once ([`Limits::rebuilds_at_once`]): a game of many moves holds
/// neither an async worker nor, with many asked at once, every core.
async fn rebuilt(
    permit: tokio::sync::OwnedSemaphorePermit,
    row: GameRow,
    seats: Vec<SeatRow>,
    events: Vec<Event>,
) -> Result<Live, String> {
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        replay_guarded(row, seats, &events)
    })
    .await
    .unwrap_or_else(|e| Err(format!("the rebuild stopped: {e}")))
}

/// [`Live::replay`], a panic in the rules being an error like a refusal.
pub fn replay_guarded(row: GameRow, seats: Vec<SeatRow>, events: &[Event]) -> Result<Live, String> {
    replay_guarded_with(row, seats, events, |_| Ok(true))
}

/// [`Live::replay_with`], a panic in the rules caught as an error.
pub fn replay_guarded_with(
    row: GameRow,
    seats: Vec<SeatRow>,
    events: &[Event],
    after: impl FnMut(&Live) -> Result<bool, String>,
) -> Result<Live, String> {
    let id = row.id.clone();
    std::panic::catch_unwind(AssertUnwindSafe(|| Live::replay_with(row, seats, events, after)))
        .unwrap_or_else(|_| Err(format!("game {id} does not replay: the rules panicked")))
}

/// For each log entry `seat` may read now, the move after which it stands
/// in the log as it is now (an entry taken back by an undo and written
/// again counts from its last writing): where a click on a log line
/// replays to. It tells the seat nothing that the replay of each move
/// (`GET /api/games/ID/at/SEQ`) does not.
/// Where a replay may jump to: per log entry the seat may read, the move
/// after which it was written; and each move after which a turn or a phase
/// began (the first at move 0), with its turn and phase as the facts panel
/// words them.
#[derive(Debug, Default, serde::Serialize)]
pub struct ReplayIndex {
    pub moves: Vec<u64>,
    pub stages: Vec<StageStart>,
}

#[derive(Debug, serde::Serialize)]
pub struct StageStart {
    pub seq: u64,
    pub turn: String,
    pub phase: String,
    /// A new turn, not only a new phase of the same one.
    pub new_turn: bool,
}

pub fn replay_index(
    row: GameRow,
    seats: Vec<SeatRow>,
    events: &[Event],
    seat: Option<&str>,
) -> Result<ReplayIndex, String> {
    let mut index = ReplayIndex::default();
    let mut last: Option<engine::Stage> = None;
    replay_guarded_with(row, seats, events, |live| {
        let n = live.game.log_len(seat).map_err(|e| e.to_string())?;
        index.moves.truncate(n);
        index.moves.resize(n, live.seq_of(seat));
        let stage = live.game.stage();
        if last.as_ref() != Some(&stage) {
            index.stages.push(StageStart {
                seq: live.seq_of(seat),
                turn: stage.turn.value.clone(),
                phase: stage.phase.value.clone(),
                new_turn: last.as_ref().is_none_or(|l| l.turn != stage.turn),
            });
            last = Some(stage);
        }
        Ok(true)
    })?;
    Ok(index)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_queue_holds_a_game_once_and_is_full_at_its_cap() {
        let bots = Bots::new(1);
        bots.push("a", Lane::Person, NOBODY);
        bots.push("a", Lane::Person, NOBODY);
        assert_eq!(bots.waiting(), 1, "a game is queued once");
        for i in 1..QUEUE_CAP {
            assert!(!bots.full());
            bots.push(&format!("g{i}"), Lane::Person, NOBODY);
        }
        assert!(bots.full());
        // Taken by a worker, it is still held: queuing it again does nothing
        // until the worker lets it go.
        let (first, _) = bots.take().unwrap();
        assert_eq!(first, "a");
        bots.push("a", Lane::Person, NOBODY);
        assert_eq!(bots.waiting(), QUEUE_CAP - 1);
        bots.release("a");
        bots.push("a", Lane::Person, NOBODY);
        assert_eq!(bots.waiting(), QUEUE_CAP);
    }

    /// Audit 6: computers-only games queued first, a person's game after
    /// them is played first, and however many computers-only games wait
    /// they hold at most their share of the workers (here one of two), so a
    /// worker is free for the person's next game.
    #[test]
    fn a_persons_game_is_played_before_computers_only_ones() {
        let bots = Bots::with_workers(2, 16);
        for i in 0..16 {
            bots.push(&format!("alone{i}"), Lane::ComputersOnly, NOBODY);
        }
        bots.push("person", Lane::Person, NOBODY);
        let (id, share) = bots.take().unwrap();
        assert_eq!((id.as_str(), share.is_some()), ("person", false));
        let (id, share) = bots.take().unwrap();
        assert_eq!(id, "alone0");
        assert!(bots.take().is_none(), "a second worker for a computers-only game");
        bots.push("person2", Lane::Person, NOBODY);
        assert_eq!(bots.take().unwrap().0, "person2");
        drop(share);
        assert_eq!(bots.take().unwrap().0, "alone1", "its share came free");
        // A computers-only game played goes back to its own queue.
        bots.requeue("alone0");
        assert_eq!(bots.queue().computers_only.back().map(String::as_str), Some("alone0"));
        assert!(bots.queue().person.is_empty());
    }

    /// A computers-only game opened by its link beyond their bound (stored
    /// before a restart that resumed as many as the bound) waits, held by
    /// nobody, until one of those ends.
    #[test]
    fn a_computers_only_game_beyond_the_bound_waits_for_one_to_end() {
        let bots = Bots::with_workers(2, 1);
        bots.push("resumed", Lane::ComputersOnly, NOBODY);
        bots.push("opened", Lane::ComputersOnly, NOBODY);
        bots.push("opened", Lane::ComputersOnly, NOBODY);
        bots.push("person", Lane::Person, NOBODY);
        assert_eq!(bots.waiting(), 2, "the second computers-only game is parked");
        assert!(!bots.queue().held.contains_key("opened"));
        bots.release("person");
        assert_eq!(bots.queue().parked.len(), 1, "a person's game lets none in");
        bots.release("resumed");
        assert_eq!(bots.queue().held.get("opened"), Some(&Lane::ComputersOnly));
        assert!(bots.queue().parked.is_empty());
    }

    /// A client posing as a person in many games against the computer
    /// filled the person's queue, first come first served, ahead of
    /// everyone else's game (server-fix.md, what was left). Addresses now
    /// take turns: another person's game is next after one of its moves,
    /// however many games it has waiting, and it goes on taking its turns.
    #[test]
    fn addresses_take_turns_in_the_persons_queue() {
        let bots = Bots::with_workers(2, 16);
        let (many, one): (IpAddr, IpAddr) = ("192.0.2.1".parse().unwrap(), "192.0.2.2".parse().unwrap());
        for i in 0..16 {
            bots.push(&format!("many{i}"), Lane::Person, many);
        }
        bots.push("one", Lane::Person, one);
        assert_eq!(bots.waiting(), 17);
        let order: Vec<String> = (0..4).map(|_| bots.take().unwrap().0).collect();
        assert_eq!(order, ["many0", "one", "many1", "many2"]);
        // Played, "one" goes back to its address's turn (behind "many",
        // which is served before it again only once).
        bots.requeue("one");
        assert_eq!(bots.take().unwrap().0, "many3");
        assert_eq!(bots.take().unwrap().0, "one");
        bots.release("one");
        assert!(!bots.queue().owner.contains_key("one"), "forgotten once let go");
        assert_eq!(bots.waiting(), 12);
    }

    /// Left by session 42: after a restart a person's game loaded with the
    /// computer to act was queued for nobody (all such games sharing one
    /// turn) and counted for no address. It is queued under, and counts
    /// for, the address that made it (`games.creator`), as a computers-only
    /// game is. No worker runs here, so the queue holds what the load put
    /// there, whatever the computer's speed.
    // rule: none (server)
    #[tokio::test]
    async fn a_persons_game_loaded_for_the_computer_counts_for_its_maker() {
        use http_body_util::BodyExt;
        use tower::ServiceExt;
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("games.db").to_string_lossy().into_owned();
        let (maker, other): (IpAddr, IpAddr) = ("192.0.2.1".parse().unwrap(), "192.0.2.2".parse().unwrap());
        let limits = Limits {
            computer_games_per_address: 1,
            ..Limits::default()
        };
        let open = || async {
            let st = crate::open_with(&db, limits.clone()).await.unwrap();
            st.reg.bots.started.call_once(|| {});
            st
        };
        let st = open().await;
        let body = json!({"scenario": "liberty/1775", "seats": {"british": "computer", "american": "me"}});
        let req = axum::http::Request::post("/api/games")
            .header("content-type", "application/json")
            .extension(crate::limits::Peer((maker, 4000).into()))
            .body(axum::body::Body::from(body.to_string()))
            .unwrap();
        let resp = crate::app(st.clone()).oneshot(req).await.unwrap();
        let made: Value = serde_json::from_slice(&resp.into_body().collect().await.unwrap().to_bytes()).unwrap();
        assert_eq!(made["thinking"], true, "the computer acts first: {made}");
        let id = made["id"].as_str().unwrap().to_string();
        drop(st);

        let st = open().await;
        st.reg.get(&id).await.unwrap();
        {
            let q = st.reg.bots.queue();
            assert_eq!(q.owner.get(&id), Some(&maker), "queued for its maker, not NOBODY");
            assert_eq!(q.turns, [maker]);
        }
        assert_eq!(
            st.reg.may_hand_over(maker, "another", Lane::Person),
            Err(HandOver::Address(1)),
            "it counts for its maker"
        );
        assert_eq!(st.reg.may_hand_over(other, "another", Lane::Person), Ok(()));
    }
}
