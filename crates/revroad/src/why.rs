//! "Why not?" (issue 18 item 12) for both games: a seat points at a region
//! and asks why it may not act there. Each game's legality checks return a
//! small bar (`Option<Bar>`) that its legal-action generator and its
//! `why_not` both call, so the two never disagree; this module holds what
//! the two games share: the bars both books have ([`Shared`]), their
//! wording in each book ([`Book`]), and the guard that a region some legal
//! action points at is never explained as forbidden ([`refused`]).

use crate::board::{Board, Region};
use crate::PATRIOT;
use engine::{Forbidden, Procedure, Seat};

/// The book a wording is taken from: the two games number most rules
/// alike but word them for their own maps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Book {
    /// Part One, From Boston to Concord.
    B2c,
    /// Part Two, Bunker Hill.
    Bh,
}

/// A rule both books have, forbidding a move or an Assault.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shared {
    /// b2c 3.0 / bh 3.0 movement between regions is allowed only if they
    /// are adjacent.
    NotAdjacent,
    /// b2c 4.1 / bh 4.1 a broken unit moving without a leader moves only
    /// toward its rear; this step does not.
    Heading,
    /// b2c 6.2 / bh 6.2 the target of an Assault must hold enemy units.
    NoEnemy,
    /// b2c 6.2 / bh 6.2 no region next to the target holds units of the
    /// seat able to assault (unbroken, without a Moved or Fired marker).
    NoAssaulters,
}

impl Shared {
    /// The rule and its words, for `seat` moving or assaulting from `at`
    /// (named `from`) into `to` (named `into`).
    pub fn forbidden(self, book: Book, seat: Seat, from: &str, into: &str) -> Forbidden {
        match (self, book) {
            (Shared::NotAdjacent, _) => Forbidden::new(
                "3.0",
                format!(
                    "{into} does not share a border with {from}: regions sharing a common border are adjacent, \
                     and movement between regions is allowed only if they are adjacent"
                ),
            ),
            (Shared::Heading, Book::B2c) if seat == PATRIOT => Forbidden::new(
                "4.1",
                format!(
                    "broken Patriot units moving without a leader may only move towards Concord; {into} is \
                     no nearer it than {from} as the crow flies (ruling #34)"
                ),
            ),
            (Shared::Heading, Book::B2c) => Forbidden::new(
                "4.1",
                format!(
                    "broken British Regulars without a leader may only move towards Boston; {into} is \
                     no nearer it than {from} as the crow flies (ruling #34)"
                ),
            ),
            (Shared::Heading, Book::Bh) if seat == PATRIOT => Forbidden::new(
                "4.1",
                format!(
                    "broken Patriot units moving without a leader may only move towards Charlestown Neck \
                     (the Muster Box); {into} is not nearer"
                ),
            ),
            (Shared::Heading, Book::Bh) => Forbidden::new(
                "4.1",
                format!(
                    "broken British units moving without a leader may only move toward their staging area; \
                     {into} is not nearer"
                ),
            ),
            (Shared::NoEnemy, Book::B2c) => Forbidden::new(
                "6.2",
                format!("an Assault moves units to an adjacent region containing enemy units; {into} has none"),
            ),
            (Shared::NoEnemy, Book::Bh) => Forbidden::new(
                "6.2",
                format!("the target of the Assault must be an adjacent region with enemy counters; {into} has none"),
            ),
            (Shared::NoAssaulters, Book::B2c) => Forbidden::new(
                "6.2",
                format!(
                    "no region next to {into} holds units of yours that may assault: the assaulting units \
                     must not have a Fired, Moved, or Moved/Fired Marker, and broken units are incapable of \
                     combat Actions (4.1)"
                ),
            ),
            (Shared::NoAssaulters, Book::Bh) => Forbidden::new(
                "6.2",
                format!(
                    "{from} holds no units of yours that may assault: only counters that have not moved or \
                     fired may use the Assault Action, and broken units are not counted"
                ),
            ),
        }
    }
}

/// The side's name as the books write it.
pub fn side(seat: Seat) -> &'static str {
    crate::log::side(seat)
}

/// The region `target` names when `seat` has something to explain there:
/// `None` when it names no region, or some legal action of `seat` points
/// at it (`target_of` gives an action's region, as its `ActionInfo::target`
/// does), for then nothing there is forbidden.
pub fn refused<G: Procedure>(
    g: &G,
    seat: Seat,
    board: &Board,
    target: &str,
    target_of: impl Fn(&G::Action) -> Option<Region>,
) -> Option<Region> {
    let r = board.region(target)?;
    let mut legal = Vec::new();
    g.legal_for(seat, &mut legal);
    (!legal.iter().any(|a| target_of(a) == Some(r))).then_some(r)
}

/// The answer for a list of bars: each put into words once (two checks may
/// meet the same rule), in the order given.
pub fn answer<B: Copy + PartialEq>(bars: &[B], words: impl Fn(B) -> Forbidden) -> Vec<Forbidden> {
    let mut out: Vec<Forbidden> = Vec::new();
    for (i, &b) in bars.iter().enumerate() {
        let f = words(b);
        if !bars[..i].contains(&b) && !out.contains(&f) {
            out.push(f);
        }
    }
    out
}
