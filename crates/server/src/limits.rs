//! What one visitor may take of the server: every resource a stranger can
//! consume has a bound here, each a `serve` flag with its default
//! ([`Limits`]), each refused with a JSON error that says which limit and
//! stores nothing.
//!
//! * Rates ([`Rates`]): games created per client address and chat messages
//!   per seat, per minute (governor's keyed GCRA limiters: a burst of the
//!   whole minute's allowance, then one more every `60 / n` seconds).
//! * Time: games not over and unused for `--expire-idle-days` are deleted
//!   ([`crate::games::Registry::expire`]).
//! * Totals: chat bytes per game, games cached in memory (idle ones are
//!   evicted, [`crate::games::Registry::sweep`]; a game followed by a live
//!   stream is not, so games followed at once are bounded by the cache's
//!   size too), replays of past positions and rebuilds of games at once.
//! * Connections ([`Counter`]): live-update streams per game and per
//!   address; TCP connections in all and per address, a WebSocket's for as
//!   long as it is open, with header-read and idle timeouts
//!   ([`crate::listen`]), and a deadline for a request's body
//!   ([`crate::api::Body`]).
//!
//! The client address is the TCP peer's, or, with `--forwarded-for` (behind
//! a reverse proxy on this machine), the last address of the proxy's
//! `X-Forwarded-For` header ([`client_addr`]).

use axum::http::HeaderMap;
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::collections::HashMap;
use std::hash::Hash;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The server's limits (`powderhorn serve --help` lists them with their
/// defaults; the server README explains them).
#[derive(Clone, Debug, clap::Args)]
pub struct Limits {
    /// Games a client address may create per minute.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    pub games_per_minute: u32,
    /// Chat messages a seat may post per minute.
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    pub chat_per_minute: u32,
    /// Chat messages one client address may post per minute, in all its
    /// games and seats.
    #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u32).range(1..))]
    pub chat_per_minute_per_address: u32,
    /// KiB of text (chat messages, and what notes grow by) one client
    /// address may store per minute, in all its games and seats (a burst of
    /// the whole minute's allowance).
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..))]
    pub text_kib_per_minute: u32,
    /// Moves one client address may store per hour by opening save files
    /// (`POST /api/games/open`; a burst of the whole hour's allowance, and a
    /// save of more moves than that is refused): each file stores up to
    /// 20,000 moves in one request, which a proxy's request rate does not
    /// bound.
    #[arg(long, default_value_t = 40_000, value_parser = clap::value_parser!(u32).range(1..))]
    pub opened_moves_per_hour: u32,
    /// Saves of its private notes a seat may make per minute (the page
    /// saves them when typing pauses).
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u32).range(1..))]
    pub notes_per_minute: u32,
    /// Games one client address may have in the computer players' hands at
    /// once (each computers-only game until it ends, each game with a
    /// person while the computer thinks): beyond it a new game with a
    /// computer seat, or a move that hands a game to the computer, is
    /// refused with 429.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..))]
    pub computer_games_per_address: u64,
    /// Games of computers only (no person in them) one client address may
    /// have playing at once: each holds the computer players until it ends.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    pub computers_only_games_per_address: u64,
    /// Games of computers only this server plays at once, whoever made
    /// them (those a restart resumes count too): beyond it a new one is
    /// refused with 503. Whatever their number, they think at most 2 s a
    /// move, on at most half the computer players' workers, after every
    /// game a person waits in.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..))]
    pub computers_only_games: u64,
    /// Total bytes of chat a game may hold.
    #[arg(long, default_value_t = 256 * 1024)]
    pub chat_bytes_per_game: usize,
    /// Moves a game may store (actions, undos, draw offers and answers):
    /// every rebuild of a game (opening it, the replay slider, its record)
    /// replays them all. At the bound the game is "stopped": a seat may
    /// still resign, a computer seat stops, and a restart does not resume
    /// it (with a higher bound it goes on).
    #[arg(long, default_value_t = 40_000, value_parser = clap::value_parser!(u64).range(1..))]
    pub moves_per_game: u64,
    /// Moves a seat may take back in one game: beyond it its undo is
    /// refused with 429, so that acting and taking back cannot fill the
    /// game up to `--moves-per-game` (each is a stored move).
    #[arg(long, default_value_t = 1000)]
    pub undos_per_seat: u64,
    /// Live-update connections (WebSockets and server-sent event streams)
    /// open at once on one game. A followed game stays in memory: games
    /// followed at once are at most `--cached-games`, and a stream on one
    /// more is refused with 503.
    #[arg(long, default_value_t = 32)]
    pub streams_per_game: usize,
    /// Live-update connections open at once from one client address.
    #[arg(long, default_value_t = 16)]
    pub streams_per_address: usize,
    /// TCP connections open at once (beyond it, new ones wait to be
    /// accepted). A WebSocket's connection counts for as long as it is open.
    #[arg(long, default_value_t = 4096)]
    pub connections: usize,
    /// TCP connections open at once from one client address (beyond it, new
    /// ones are closed at once), WebSockets' included. With
    /// `--forwarded-for` a reverse proxy on this machine is not held to it
    /// (its address is every visitor's): only to `--connections`.
    #[arg(long, default_value_t = 64)]
    pub connections_per_address: usize,
    /// Seconds a connection may take to send a request's headers (a silent
    /// new connection is closed after it).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    pub header_timeout: u64,
    /// Seconds a request may take to send its body once its headers are in
    /// (a body dripped a byte at a time would otherwise hold its connection
    /// for as long as it pleased); beyond it the answer is 408.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..))]
    pub body_timeout: u64,
    /// Seconds a connection may stay idle, neither sending nor receiving (a
    /// live-update stream is never idle: it sends a keep-alive every 15 s).
    #[arg(long, default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..))]
    pub idle_timeout: u64,
    /// Games kept in memory; beyond it the least recently used idle games
    /// are dropped (and rebuilt from the database when next opened). A game
    /// followed by a live-update stream is not dropped, so no more games
    /// than this may be followed at once: a stream on one more is refused
    /// with 503 (the cache holds at most these, and the games requests and
    /// the computer players are using at that moment).
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..))]
    pub cached_games: u64,
    /// Minutes after which a game nobody opened or watched is dropped from
    /// memory.
    #[arg(long, default_value_t = 30, value_parser = clap::value_parser!(u64).range(1..))]
    pub idle_game_minutes: u64,
    /// Days after which a game that is not over and that nobody used (no
    /// move, chat line, note, nor opening it) is deleted with all its rows;
    /// a game being played or watched never is. Swept at start-up and every
    /// 10 minutes, at most 100 games a sweep. 1 to 36500 (a century: in
    /// effect, keep them).
    // Negative numbers are taken as values and parsed signed, to be refused
    // by the range ("-1 is not in 1..=36500"), not as an unknown flag or
    // "invalid digit".
    #[arg(long, default_value_t = 90, allow_negative_numbers = true,
          value_parser = clap::builder::RangedI64ValueParser::<u64>::new().range(1..=36_500))]
    pub expire_idle_days: u64,
    /// Days after which a finished game nobody used is deleted too; 0 (the
    /// default) keeps finished games, whose records `powderhorn verify`
    /// checks and whose replays players link to. At most 36500.
    #[arg(long, default_value_t = 0, allow_negative_numbers = true,
          value_parser = clap::builder::RangedI64ValueParser::<u64>::new().range(0..=36_500))]
    pub expire_finished_days: u64,
    /// Replays of past positions (the replay slider) computed at once; more
    /// are refused with 503.
    #[arg(long, default_value_t = 2)]
    pub replays_at_once: usize,
    /// Of those, replays one client address may have running at once (its
    /// next is refused with 429, not the other addresses').
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    pub replays_per_address: u64,
    /// Games not in memory rebuilt from the database at once (each replays
    /// every stored move, on a thread of its own); more wait their turn, and
    /// after `--rebuild-wait` seconds are answered 503.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..))]
    pub rebuilds_at_once: u64,
    /// Seconds a request may wait for a rebuild to start (see
    /// `--rebuilds-at-once`).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..))]
    pub rebuild_wait: u64,
    /// Take the client address from the last entry of `X-Forwarded-For` when
    /// the connection comes from a loopback address (a reverse proxy on this
    /// machine); without it every client behind the proxy shares its limits.
    #[arg(long)]
    pub forwarded_for: bool,
    /// The IPv6 prefix counted as one client address by every per-address
    /// limit: 56, the block home ISPs commonly give a customer, who may
    /// draw fresh addresses and /64s from it at will (64 counts each /64
    /// apart; 48 a whole site).
    #[arg(long, default_value_t = 56, value_parser = clap::value_parser!(u8).range(32..=64))]
    pub ipv6_prefix: u8,
}

impl Default for Limits {
    fn default() -> Self {
        Limits::from_flags(&[]).expect("the defaults are valid")
    }
}

impl Limits {
    /// The limits these `serve` flags give (the others at their defaults).
    pub fn from_flags(flags: &[&str]) -> Result<Limits, clap::Error> {
        use clap::Parser;
        #[derive(Parser)]
        struct Just {
            #[command(flatten)]
            limits: Limits,
        }
        Ok(Just::try_parse_from(std::iter::once("serve").chain(flags.iter().copied()))?.limits)
    }

    pub fn header_timeout(&self) -> Duration {
        Duration::from_secs(self.header_timeout)
    }
    pub fn body_timeout(&self) -> Duration {
        Duration::from_secs(self.body_timeout)
    }
    pub fn idle_timeout(&self) -> Duration {
        Duration::from_secs(self.idle_timeout)
    }
    pub fn rebuild_wait(&self) -> Duration {
        Duration::from_secs(self.rebuild_wait)
    }
    pub fn idle_game(&self) -> Duration {
        Duration::from_secs(self.idle_game_minutes * 60)
    }
}

/// A per-minute (or per-hour) rate for each key.
pub struct Rate<K: Hash + Eq + Clone> {
    limiter: DefaultKeyedRateLimiter<K>,
    allowed: u32,
}

impl<K: Hash + Eq + Clone> Rate<K> {
    pub fn per_minute(n: u32) -> Self {
        let n = NonZeroU32::new(n.max(1)).expect("at least 1");
        Rate {
            limiter: RateLimiter::keyed(Quota::per_minute(n)),
            allowed: n.get(),
        }
    }

    pub fn per_hour(n: u32) -> Self {
        let n = NonZeroU32::new(n.max(1)).expect("at least 1");
        Rate {
            limiter: RateLimiter::keyed(Quota::per_hour(n)),
            allowed: n.get(),
        }
    }

    /// `Err(seconds to wait)` when `key` has used its allowance.
    pub fn check(&self, key: &K) -> Result<(), u64> {
        self.limiter.check_key(key).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            wait.as_secs() + 1
        })
    }

    /// [`Rate::check`] for `n` of the key's allowance at once (`n` over a
    /// whole period's allowance never passes: `Err` of a minute).
    pub fn check_n(&self, key: &K, n: u32) -> Result<(), u64> {
        let Some(n) = NonZeroU32::new(n) else {
            return Ok(());
        };
        match self.limiter.check_key_n(key, n) {
            Ok(Ok(())) => Ok(()),
            Ok(Err(not_until)) => Err(not_until.wait_time_from(DefaultClock::default().now()).as_secs() + 1),
            Err(_) => Err(60),
        }
    }

    /// The allowance of a minute (of an hour: [`Rate::per_hour`]).
    pub fn allowed(&self) -> u32 {
        self.allowed
    }

    /// Forget keys whose allowance is whole again (memory stays bounded by
    /// the keys active in the last minute).
    pub fn forget_idle(&self) {
        self.limiter.retain_recent();
        self.limiter.shrink_to_fit();
    }

    pub fn keys(&self) -> usize {
        self.limiter.len()
    }
}

/// The rate limits of a server.
pub struct Rates {
    pub games: Rate<IpAddr>,
    /// Keyed by game id and seat.
    pub chat: Rate<(String, String)>,
    /// Chat messages per client address, whatever its games: a seat's own
    /// rate alone let one address post as many as it had seats (audit 6).
    pub chat_by_address: Rate<IpAddr>,
    /// Bytes of chat and notes stored per client address.
    pub text: Rate<IpAddr>,
    /// Keyed by game id and seat.
    pub notes: Rate<(String, String)>,
    /// Moves stored by opening save files, per client address (per hour).
    pub opened: Rate<IpAddr>,
}

impl Rates {
    pub fn new(l: &Limits) -> Self {
        Rates {
            games: Rate::per_minute(l.games_per_minute),
            chat: Rate::per_minute(l.chat_per_minute),
            chat_by_address: Rate::per_minute(l.chat_per_minute_per_address),
            text: Rate::per_minute(l.text_kib_per_minute.saturating_mul(1024)),
            notes: Rate::per_minute(l.notes_per_minute),
            opened: Rate::per_hour(l.opened_moves_per_hour),
        }
    }

    pub fn forget_idle(&self) {
        self.games.forget_idle();
        self.chat.forget_idle();
        self.chat_by_address.forget_idle();
        self.text.forget_idle();
        self.notes.forget_idle();
        self.opened.forget_idle();
    }
}

/// Open things counted per key, with a cap: [`Counter::enter`] gives a guard
/// that counts one until dropped.
pub struct Counter<K: Hash + Eq + Clone + Send + 'static> {
    open: Mutex<HashMap<K, usize>>,
    cap: usize,
}

impl<K: Hash + Eq + Clone + Send + 'static> Counter<K> {
    pub fn new(cap: usize) -> Arc<Self> {
        Arc::new(Counter {
            open: Mutex::new(HashMap::new()),
            cap,
        })
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<K, usize>> {
        self.open.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// One more open for `key`, or `None` when it has `cap` open already.
    pub fn enter(self: &Arc<Self>, key: K) -> Option<Guard<K>> {
        self.enter_within(key, usize::MAX).ok()
    }

    /// One more open for `key`, unless it has `cap` open already, or it has
    /// none and `keys_max` other keys have some (the keys with something
    /// open are bounded too: [`crate::games::Registry::open_stream`]).
    pub fn enter_within(self: &Arc<Self>, key: K, keys_max: usize) -> Result<Guard<K>, Full> {
        let mut m = self.map();
        let n = m.get(&key).copied().unwrap_or(0);
        if n >= self.cap {
            return Err(Full::Key);
        }
        if n == 0 && m.len() >= keys_max {
            return Err(Full::Keys);
        }
        m.insert(key.clone(), n + 1);
        Ok(Guard {
            counter: self.clone(),
            key,
        })
    }

    /// The keys with something open.
    pub fn keys(&self) -> usize {
        self.map().len()
    }

    pub fn open(&self, key: &K) -> usize {
        self.map().get(key).copied().unwrap_or(0)
    }

    pub fn total(&self) -> usize {
        self.map().values().sum()
    }
}

/// Why [`Counter::enter_within`] refused.
#[derive(Debug, PartialEq, Eq)]
pub enum Full {
    /// The key has its `cap` open.
    Key,
    /// The key has none open, and the most keys that may have some do.
    Keys,
}

/// Counts one open thing until dropped.
pub struct Guard<K: Hash + Eq + Clone + Send + 'static> {
    counter: Arc<Counter<K>>,
    key: K,
}

impl<K: Hash + Eq + Clone + Send + 'static> Drop for Guard<K> {
    fn drop(&mut self) {
        let mut m = self.counter.map();
        if let Some(n) = m.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                m.remove(&self.key);
            }
        }
    }
}

/// The TCP peer of a request, put in its extensions by [`crate::listen`].
/// In-process requests (the tests) have none and count as 0.0.0.0.
#[derive(Clone, Copy, Debug)]
pub struct Peer(pub SocketAddr);

/// The client address a request is counted under (see the module's
/// documentation).
pub fn client_addr(peer: Option<Peer>, headers: &HeaderMap, limits: &Limits) -> IpAddr {
    let (forwarded_for, prefix) = (limits.forwarded_for, limits.ipv6_prefix);
    let ip = peer.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |p| p.0.ip());
    if forwarded_for && ip.is_loopback() {
        let last = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .filter_map(|a| a.trim().parse::<IpAddr>().ok())
            .next_back();
        if let Some(a) = last {
            return subscriber(a, prefix);
        }
    }
    subscriber(ip, prefix)
}

/// The address a per-client limit counts: an IPv6 client is its block of
/// `prefix` bits ([`Limits::ipv6_prefix`]), the block one subscriber is
/// given and may draw fresh addresses from at will (an IPv4-mapped address
/// is its IPv4 one).
pub fn subscriber(ip: IpAddr, prefix: u8) -> IpAddr {
    match ip {
        IpAddr::V6(a) => match a.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let mask = u128::MAX.checked_shl(128 - u32::from(prefix.min(128))).unwrap_or(0);
                IpAddr::V6(std::net::Ipv6Addr::from(u128::from(a) & mask))
            }
        },
        v4 => v4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_flags_defaults() {
        let l = Limits::default();
        assert_eq!(l.games_per_minute, 20);
        assert_eq!(l.header_timeout(), Duration::from_secs(10));
        assert!(!l.forwarded_for);
    }

    /// Audit of session 41's retention flags: nonsense is refused at start
    /// with the flag and its range named; `-1` was "unexpected argument".
    // rule: none (server)
    #[test]
    fn the_expiry_flags_refuse_nonsense_naming_their_range() {
        for (flag, value, range) in [
            ("--expire-idle-days", "-1", "1..=36500"),
            ("--expire-idle-days", "0", "1..=36500"),
            ("--expire-idle-days", "36501", "1..=36500"),
            ("--expire-idle-days", "99999999999999999999", "1..=36500"),
            ("--expire-finished-days", "-5", "0..=36500"),
            ("--expire-finished-days", "1000000", "0..=36500"),
        ] {
            let e = Limits::from_flags(&[flag, value]).unwrap_err();
            assert_eq!(e.kind(), clap::error::ErrorKind::ValueValidation, "{flag} {value}: {e}");
            let text = e.to_string();
            assert!(text.contains(flag) && text.contains(value), "{flag} {value}: {text}");
            assert!(
                text.contains(range) || text.contains("too large"),
                "{flag} {value}: {text}"
            );
        }
        let l = Limits::from_flags(&["--expire-idle-days", "36500", "--expire-finished-days", "0"]).unwrap();
        assert_eq!((l.expire_idle_days, l.expire_finished_days), (36_500, 0));
        let l = Limits::default();
        assert_eq!((l.expire_idle_days, l.expire_finished_days), (90, 0));
    }

    #[test]
    fn a_rate_allows_its_minute_then_refuses() {
        let r = Rate::per_minute(3);
        let k = "a".to_string();
        for _ in 0..3 {
            assert!(r.check(&k).is_ok());
        }
        let wait = r.check(&k).unwrap_err();
        assert!((1..=21).contains(&wait), "{wait}");
        assert!(r.check(&"b".to_string()).is_ok(), "another key has its own allowance");
    }

    #[test]
    fn a_rate_in_bytes_takes_several_at_once() {
        let r = Rate::per_minute(100);
        let k = "a".to_string();
        assert!(r.check_n(&k, 60).is_ok());
        assert!(r.check_n(&k, 60).is_err(), "over what is left of the minute");
        assert!(r.check_n(&k, 40).is_ok());
        assert_eq!(r.check_n(&"b".to_string(), 101), Err(60), "over a whole minute's");
    }

    #[test]
    fn an_ipv6_subscriber_is_its_prefix() {
        let a: IpAddr = "2001:db8:1:2ff:1:2:3:4".parse().unwrap();
        assert_eq!(subscriber(a, 56), "2001:db8:1:200::".parse::<IpAddr>().unwrap());
        assert_eq!(subscriber(a, 64), "2001:db8:1:2ff::".parse::<IpAddr>().unwrap());
        let v4: IpAddr = "::ffff:192.0.2.9".parse().unwrap();
        assert_eq!(subscriber(v4, 56), "192.0.2.9".parse::<IpAddr>().unwrap());
    }

    #[test]
    fn a_counter_caps_and_releases() {
        let c = Counter::new(2);
        let a = c.enter(1).unwrap();
        let _b = c.enter(1).unwrap();
        assert!(c.enter(1).is_none());
        assert!(c.enter(2).is_some());
        drop(a);
        assert_eq!(c.open(&1), 1);
        assert!(c.enter(1).is_some());
    }

    #[test]
    fn a_counter_may_bound_its_keys_too() {
        let c = Counter::new(2);
        let a = c.enter_within(1, 2).unwrap();
        let _b = c.enter_within(2, 2).unwrap();
        assert_eq!(c.enter_within(3, 2).err(), Some(Full::Keys), "a third key");
        let a2 = c.enter_within(1, 2).unwrap();
        assert_eq!(c.enter_within(1, 2).err(), Some(Full::Key), "a key's cap");
        assert_eq!(c.keys(), 2);
        drop((a, a2));
        assert_eq!(c.keys(), 1, "a key with nothing open is no key");
        assert!(c.enter_within(3, 2).is_ok());
    }

    #[test]
    fn the_forwarded_address_is_taken_only_from_a_local_proxy() {
        let mut h = HeaderMap::new();
        h.insert("x-forwarded-for", "203.0.113.9, 198.51.100.7".parse().unwrap());
        let local = Some(Peer("127.0.0.1:5000".parse().unwrap()));
        let remote = Some(Peer("192.0.2.1:5000".parse().unwrap()));
        let (on, off) = (
            Limits {
                forwarded_for: true,
                ..Limits::default()
            },
            Limits::default(),
        );
        assert_eq!(client_addr(local, &h, &on), "198.51.100.7".parse::<IpAddr>().unwrap());
        assert_eq!(client_addr(local, &h, &off), "127.0.0.1".parse::<IpAddr>().unwrap());
        assert_eq!(client_addr(remote, &h, &on), "192.0.2.1".parse::<IpAddr>().unwrap());
    }
}
