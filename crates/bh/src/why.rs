//! "Why not?" (issue 18 item 12): the rule that forbids what a player
//! points at. Each [`Bar`] is returned by the same check that decides the
//! legal actions (`move_from_bar`, `enter_bar` and `stop_bar` of a Land
//! Move; `assault_from_bar` and `assault_bar` of an Assault; those of a
//! Volley Fire), so the two
//! never disagree; here they are put into the rulebook's words. Answered
//! for a Land Move's region and destination (3.0-3.5, 4.1, 6.5, 9.2), an
//! Assault's region and target (3.2, 3.5, 6.2, 8.0), and a Volley Fire's
//! region and target (`volley_from_bar`, `volley_bar`, `sight_bar`: 3.2,
//! 6.1, 7.2, 8.0).

use crate::map::Region;
use crate::movement::Relax;
use crate::state::*;
use engine::{Forbidden, Seat};
use revroad::why::{self as shared, Book, Shared};

/// What forbids a move or an Assault.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bar {
    /// A rule both books have (3.0 adjacency, 4.1 heading, 6.2 Assault).
    Shared(Shared),
    /// 3.0 not a land area.
    NotLand,
    /// 3.5 no Patriot pieces in a Landing Zone.
    Zone,
    /// 3.2 no British pieces in the Muster Box,
    MusterBritish,
    /// and nothing there is attacked or targeted.
    MusterTarget,
    /// 6.5 no unit enters a region on fire.
    Ablaze,
    /// 6.5 never into enemy counters (ruling bh #18).
    Enemy,
    /// 3.0, 6.5 three military units a region.
    Stacking,
    /// 9.2 demoralized militia move only toward the Muster Box.
    Demoralized,
    /// 6.5 a move stops next to unbroken enemy units,
    StopNextToEnemy,
    /// 3.3 the British stop in a town region,
    StopInTown,
    /// 3.2 and a move ends in the Muster Box.
    StopInMuster,
    /// 6.5 three regions (four for leaders alone): the range given.
    Range(u8),
    /// 6.5 every way there passes regions the group may not enter.
    NoWay,
    /// 6.5 no counters of the seat in the region,
    NothingToMove,
    /// 6.10 counters in a Landing Zone land by Land Troops,
    FromZone,
    /// 3.5 a Staging Area short of its Staging Number (ruling bh #4),
    Staging,
    /// 6.5, 9.1 every counter there has moved or panicked,
    AllMoved,
    /// 6.5 or none has a region to enter.
    Stuck,
    /// 8.0 no Patriot Assault at Ammo 0.
    NoAmmo,
    /// 6.2 no region next to it may be assaulted,
    NoTarget,
    /// or not this one, whose healthy units outnumber the assault.
    Outnumbered,
    /// 7.2 (ruling bh #23) Landing Zones are never targets.
    NotTarget,
    /// 6.1 no enemy counters to fire on in the target,
    NoFoe,
    /// 6.1 no units able to fire in the region,
    NoFirers,
    /// or no target in range and sight.
    NoVolleyTarget,
    /// 6.1 targets up to two regions away,
    OutOfRange,
    /// 8.0 only adjacent ones at Ammo 0 (Patriot).
    AdjacentOnly,
    /// 7.2 (ruling bh #6) the terrain blocks the line of sight,
    NoSight,
    /// or military units between regions of the same elevation do (ruling bh #23);
    Screened,
    /// 3.2 the off-map Muster Box sees only the Neck (ruling bh #41).
    OffMap,
}

/// The stops a "why not?" search lifts (`Relax::stops`).
const STOPS: &[Bar] = &[Bar::StopNextToEnemy, Bar::StopInTown, Bar::StopInMuster];

impl Bh {
    /// The rule and its words for `seat`, acting from `at` into `to`.
    fn forbidden(&self, bar: Bar, seat: Seat, at: Region, to: Region) -> Forbidden {
        let map = self.map();
        let (here, there) = (map.name(at), map.name(to));
        let (rule, reason): (&'static str, String) = match bar {
            Bar::Shared(s) => return s.forbidden(Book::Bh, seat, here, there),
            Bar::NotLand => (
                "3.0",
                format!("{there} is not a land area: land areas are on the Charlestown Peninsula itself"),
            ),
            Bar::Zone => ("3.5", "Patriot pieces are not allowed in a Landing Zone".into()),
            Bar::MusterBritish => (
                "3.2",
                "any number of Patriot pieces are allowed in the muster box; no British pieces are allowed".into(),
            ),
            Bar::MusterTarget => ("3.2", "units in the Muster Box may not be attacked or targeted".into()),
            Bar::OffMap => (
                "3.2",
                format!(
                    "the Muster Box is an off-map area considered adjacent to the Charlestown Neck: from it \
                     the Neck is in sight, {there} is not (ruling bh #41)"
                ),
            ),
            Bar::Ablaze => (
                "6.5",
                format!("no unit may enter any Charlestown region that is on fire (containing an Ablaze Marker), as {there} is"),
            ),
            Bar::Enemy => (
                "6.5",
                format!("enemy counters hold {there}: a Land Move never enters them (ruling bh #18); an Assault (6.2) does"),
            ),
            Bar::Stacking => (
                "6.5",
                format!(
                    "each player may have a maximum of three military units including cannon in a land area \
                     (leaders are not counted), and may not move through other units if at any time it would \
                     cause an over-stacked condition: the group would over-stack {there}"
                ),
            ),
            Bar::Demoralized => (
                "9.2",
                format!(
                    "since the Patriot Demoralization, Militia activated for movement may only move towards the \
                     Muster Box; {there} is not nearer"
                ),
            ),
            Bar::StopNextToEnemy => (
                "6.5",
                format!(
                    "counters must stop when moving to a region that is adjacent to enemy units (unbroken \
                     military units, ruling bh #18): every way to {there} within reach passes one"
                ),
            ),
            Bar::StopInTown => (
                "3.3",
                format!("British counters must stop when they enter a town region: every way to {there} within reach passes one"),
            ),
            Bar::StopInMuster => ("3.2", "a move ends on entering the Muster Box".into()),
            Bar::Range(3) => ("6.5", format!("units may move up to three regions: {there} is further")),
            Bar::Range(_) => ("6.5", format!("leaders may move up to four regions: {there} is further")),
            Bar::NoWay => (
                "6.5",
                format!(
                    "no way to {there} is open: each passes enemy counters, fire or a region the group would \
                     over-stack, or leads away from where its broken or demoralized units must head (4.1, 9.2)"
                ),
            ),
            Bar::NothingToMove => (
                "6.5",
                format!("a Land Move starts in a region that has your counters; {there} has none"),
            ),
            Bar::FromZone => (
                "6.10",
                "counters in a Landing Zone reach land by the Land Troops Action, not a Land Move".into(),
            ),
            Bar::Staging => (
                "3.5",
                format!(
                    "pieces leave a Staging Area only once it has held its Staging Number of military units \
                     (ruling bh #4); {there} has not yet"
                ),
            ),
            Bar::AllMoved => (
                "6.5",
                format!(
                    "counters that have not moved may move; yours in {there} have all moved or panicked \
                     (9.1: panicked units may not be activated by any Action)"
                ),
            ),
            Bar::Stuck => (
                "6.5",
                format!(
                    "none of your counters in {there} has a region it may enter: each neighbour is enemy-held, \
                     on fire, full, or off its way back"
                ),
            ),
            Bar::NoAmmo => (
                "8.0",
                "when the Ammo Marker reaches 0 the Patriot may not use the Assault Action to attack".into(),
            ),
            Bar::NoTarget => (
                "6.2",
                format!(
                    "the target of the Assault must be an adjacent region with enemy counters, with as many \
                     healthy units in the Assault as healthy units defending: no region next to {there} qualifies"
                ),
            ),
            Bar::Outnumbered => {
                let (n, d) = (self.assault_strength(seat, at), self.healthy_units(to, other(seat)));
                (
                    "6.2",
                    format!(
                        "there must be as many healthy units in the Assault as healthy units defending (broken \
                         units and leaders are not counted): {n} of yours in {here} against {d} in {there}"
                    ),
                )
            }
            Bar::NotTarget => (
                "7.2",
                format!("{there} is no land region: Landing Zones and the Muster Box are never targets (ruling bh #23)"),
            ),
            Bar::NoFoe => ("6.1", format!("Volley Fire fires on enemy counters; {there} has none")),
            Bar::NoFirers => (
                "6.1",
                format!("units that have already fired may not use Volley Fire; {there} has none of yours able to fire"),
            ),
            Bar::NoVolleyTarget => (
                "6.1",
                format!(
                    "Volley Fire fires on enemy counters in a region up to two regions away that the firing \
                     region can see (7.2): none is, from {there}"
                ),
            ),
            Bar::OutOfRange => (
                "6.1",
                format!(
                    "Volley Fire fires on enemy counters in a region up to two regions away; {there} is {} \
                     from {here}",
                    map.dist(at, to)
                ),
            ),
            Bar::AdjacentOnly => (
                "8.0",
                "when the Ammo Marker reaches 0 the Patriot may only Volley Fire into an adjacent region".into(),
            ),
            Bar::NoSight => (
                "7.2",
                format!(
                    "{here} has no line of sight to {there}: the line passes higher ground or a blind region, \
                     or goes through a town region (units may fire into but not through town regions, ruling \
                     bh #6)"
                ),
            ),
            Bar::Screened => (
                "7.2",
                format!(
                    "regions of the same elevation have no LOS to each other through a region containing any \
                     military units (ruling bh #23): units stand between {here} and {there}"
                ),
            ),
        };
        Forbidden::new(rule, reason)
    }

    /// [`engine::Describe::why_not`] for Bunker Hill: a Land Move's region
    /// and destination, an Assault's region and target.
    pub fn why_not(&self, seat: Seat, target: &str) -> Vec<Forbidden> {
        let map = self.map();
        if self.actor() != Some(seat) {
            return Vec::new();
        }
        let Some(r) = shared::refused(self, seat, map, target, |a| self.target(a)) else {
            return Vec::new();
        };
        let (at, bars) = match self.frames.last() {
            Some(Frame::Move { from: None, .. }) => (
                r,
                self.move_from_bar(&self.occupancy(seat), seat, r).into_iter().collect(),
            ),
            Some(Frame::Move {
                from: Some(f),
                group,
                choosing: true,
                ..
            }) if r != *f && !group.is_empty() => (*f, self.move_bars(*f, group, r)),
            Some(Frame::Volley { from: None, .. }) => {
                let board = self.board();
                let (firing, foe) = (board.firing[seat as usize], board.occupied[other(seat) as usize]);
                let bar = self.volley_from_bar(seat, firing, foe, board.military, r);
                (r, bar.into_iter().collect())
            }
            Some(Frame::Volley {
                from: Some(f),
                target: None,
                ..
            }) if r != *f => {
                let (foe, units) = (self.occupied(other(seat)), self.military());
                (*f, self.volley_bar(seat, *f, foe, units, r).into_iter().collect())
            }
            Some(Frame::AssaultSelect { from: None, .. }) => {
                let board = self.board();
                let (able, foe) = (board.assaulting[seat as usize], board.occupied[other(seat) as usize]);
                (r, self.assault_from_bar(seat, able, foe, r).into_iter().collect())
            }
            Some(Frame::AssaultSelect {
                from: Some(f),
                target: None,
                ..
            }) => {
                let (n, foe) = (self.assault_strength(seat, *f), self.occupied(other(seat)));
                (*f, self.assault_bar(seat, *f, n, foe, r).into_iter().collect())
            }
            _ => (r, Vec::new()),
        };
        shared::answer(&bars, |b| self.forbidden(b, seat, at, r))
    }

    /// 6.5 what keeps `b` out of the group's reach from `f`: the region
    /// itself, the step into it, or else which limit of the move (its
    /// range, its stops, the regions on the way) lifted would let it go.
    fn move_bars(&self, f: Region, group: &[PieceId], b: Region) -> Vec<Bar> {
        let map = self.map();
        let side = self.p(group[0]).side;
        let (mil, heads) = self.group_limits(group);
        let o = self.occupancy(side);
        if let Some(bar) = self.enter_bar(&o, side, mil, &[], f, b) {
            return vec![bar];
        }
        if map.adjacent(f, b) {
            return self.enter_bar(&o, side, mil, &heads, f, b).into_iter().collect();
        }
        let reached = |range, stops| self.land_reach(f, group, Relax { range, stops }).contains(&b);
        if !reached(true, STOPS) {
            return vec![Bar::NoWay];
        }
        let range = Bar::Range(if mil > 0 { 3 } else { 4 });
        if reached(true, &[]) {
            return vec![range];
        }
        // The stops keep it out of reach, perhaps the range too.
        let within = reached(false, STOPS);
        let stops = if reached(!within, &[Bar::StopNextToEnemy]) {
            vec![Bar::StopNextToEnemy]
        } else if reached(!within, &[Bar::StopInTown]) {
            vec![Bar::StopInTown]
        } else {
            vec![Bar::StopNextToEnemy, Bar::StopInTown]
        };
        if within {
            stops
        } else {
            [vec![range], stops].concat()
        }
    }
}
