//! "Why not?" (issue 18 item 12): the rule that forbids what a player
//! points at. Each [`Bar`] is returned by the same check that decides the
//! legal actions (`entry_bar`, `enter_bar`, `march_bar`, `step_bar` of a
//! move; `attack_bar`, `assault_bar`, `move_bar` of the Action menu), so
//! the two never disagree; here they are put into the rulebook's words.
//! Answered for the Action menu's Attack (6.1), Assault (6.2) and Move
//! (6.4) on a region, for each step of a moving group (3.0, 4.1,
//! 6.4-6.4.2, 6.11, 9.0, 11.0, 15.2), of Hancock and Adams (4.4, 14.3,
//! `sol_bar`) and of the minutemen's free move (4.3, 3.0).

use crate::frames::Frame;
use crate::map::{map, Region};
use crate::menu::Scan;
use crate::state::*;
use engine::{Forbidden, Seat};
use revroad::why::{self as shared, Book, Shared};

/// What forbids a move or an Action in a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bar {
    /// A rule both books have (3.0 adjacency, 4.1 heading, 6.2 Assault).
    Shared(Shared),
    /// 3.0 the region is a box off the map.
    OffMap,
    /// 3.0 Patriot units may not enter Boston,
    Boston,
    /// nor Charlestown while it holds an unbroken Regular,
    Charlestown,
    /// nor target British units in Boston.
    BostonTarget,
    /// 4.1 broken Patriot units never enter British Regulars,
    BrokenIntoRegulars,
    /// broken Regulars without a leader never enter Minutemen.
    BrokenIntoMinutemen,
    /// 6.4 the stop rule stopped the group (ruling b2c #1).
    Stopped,
    /// 6.11 the Hinder Movement marker stopped the British.
    Hindered,
    /// 9.0 the group landed: no further move this turn.
    Landed,
    /// 9.0 no landing but from Boston on the first turn, before any step.
    NoLanding,
    /// 6.4.1 the group scouted off the road: one region only.
    Scouted,
    /// 6.4.2 a March goes along a connected road.
    OffRoad,
    /// 6.4.2 two road regions and the force march's third are done.
    MarchOver,
    /// 6.4.2 no force march without an unbroken unit to break (ruling b2c #15).
    NoForce,
    /// 15.2 no force march in the solitaire scenarios.
    SoloNoForce,
    /// 11.0 a broken Regular of Smith's force: one region a Move Action.
    Slowed,
    /// 4.4, 14.3 Hancock or Adams has moved as far as he may,
    SolMoved,
    /// 4.4 and crosses a stream without a road only as his whole move.
    Stream,
    /// 6.1 no enemy units to attack in the region,
    NoEnemy,
    /// none of the seat's units there,
    NoUnits,
    /// or none of them able to attack.
    NoAttackers,
    /// 6.4 every unit of the seat in the region has a Moved marker,
    AllMoved,
    /// or it has none there.
    NothingToMove,
}

impl Bar {
    /// The rule and its words for `seat`, acting from `at` into `to`.
    fn forbidden(self, seat: Seat, at: Region, to: Region) -> Forbidden {
        let m = map();
        let (here, there) = (m.name(at), m.name(to));
        let (rule, reason): (&'static str, String) = match self {
            Bar::Shared(s) => return s.forbidden(Book::B2c, seat, here, there),
            Bar::OffMap => ("3.0", format!("{there} is a box off the map, not a region units move into")),
            Bar::Boston => ("3.0", "Patriot units may not enter the Boston region".into()),
            Bar::Charlestown => (
                "3.0",
                "Patriot units may not enter the Charlestown region if it contains any unbroken British Regulars"
                    .into(),
            ),
            Bar::BostonTarget => (
                "3.0",
                "British units in the Boston region may not be targeted by any Patriot Action".into(),
            ),
            Bar::BrokenIntoRegulars => (
                "4.1",
                format!("broken Patriot units may not voluntarily enter a region containing British Regulars, as {there} does"),
            ),
            Bar::BrokenIntoMinutemen => (
                "4.1",
                format!(
                    "broken British Regulars without a leader may not voluntarily enter an area containing \
                     Minutemen units, as {there} does"
                ),
            ),
            Bar::Stopped if seat == BRITISH => (
                "6.4",
                format!(
                    "the group has stopped in {here}: British units must stop when entering a region that \
                     contains unbroken Patriot military units (not leaders) that number greater than or equal \
                     to half the number of all British Regulars in the region"
                ),
            ),
            Bar::Stopped => (
                "6.4",
                format!(
                    "the group has stopped in {here}: Patriot units must stop when entering a region that \
                     contains any British Regulars (even broken ones) that number greater than or equal to half \
                     the number of all unbroken Patriot military units"
                ),
            ),
            Bar::Hindered => (
                "6.11",
                format!(
                    "British units moving into an area with the Hinder Movement Marker must end their move in \
                     that region: it is in {here}"
                ),
            ),
            Bar::Landed => ("9.0", "units landing in these regions may not move further during the turn".into()),
            Bar::NoLanding => (
                "9.0",
                format!(
                    "during the first turn only (turn 8 in the solitaire scenarios, 15.2), a Move action may \
                     transport British units from Boston across the Charles River to land in {there}"
                ),
            ),
            Bar::Scouted => (
                "6.4.1",
                format!(
                    "the group left the road into {here}: units that Scout may move to any adjacent region, \
                     one only; only a March goes on, along a connected road (6.4.2)"
                ),
            ),
            Bar::OffRoad => (
                "6.4.2",
                format!(
                    "units that March must move along a connected road and may not leave the road; no road \
                     joins {here} and {there}"
                ),
            ),
            Bar::MarchOver => (
                "6.4.2",
                "units that March may move up to two regions and force march along the road to a third; the group \
                 has moved three"
                    .into(),
            ),
            Bar::NoForce => (
                "6.4.2",
                "units that March may move up to two regions; a force march to a third costs breaking one moving \
                 unit, and the group has no unbroken military unit to break (ruling b2c #15)"
                    .into(),
            ),
            Bar::SoloNoForce => (
                "15.2",
                "British may not force march and are limited to a maximum move of two regions along a road".into(),
            ),
            Bar::Slowed => (
                "11.0",
                "once Concord is entered, any broken British Regular of Smith's force may only move one area per \
                 Move Action, and may not use March movement"
                    .into(),
            ),
            Bar::SolMoved => (
                "4.4",
                "Hancock and Adams may move up to a maximum of two regions (one when hobbled, 14.3), and cross \
                 a stream without a road only as their whole move (ruling b2c #9): this move is over"
                    .into(),
            ),
            Bar::Stream => (
                "4.4",
                format!(
                    "crossing a light blue stream border without a road, Sons of Liberty may only move a total \
                     of one region (they must begin their move on one stream side and move to the directly \
                     opposite stream side): {there} lies across one from {here}"
                ),
            ),
            Bar::NoEnemy => (
                "6.1",
                format!("the Attack Action attacks enemy units in the same region; {there} has none"),
            ),
            Bar::NoUnits => (
                "6.1",
                format!("the Attack Action uses your units in one selected region; {there} has none active"),
            ),
            Bar::NoAttackers => (
                "6.1",
                format!(
                    "attacking units must not have a Fired Marker, and broken units are incapable of combat \
                     Actions (4.1): none of yours in {there} may attack"
                ),
            ),
            Bar::AllMoved => (
                "6.4",
                format!(
                    "the Movement Action moves units that do not already have a Moved Marker; yours in {there} \
                     all have one"
                ),
            ),
            Bar::NothingToMove => (
                "6.4",
                format!(
                    "the Movement Action moves your Leaders or Military Units in one selected region; {there} \
                     has none of yours free to act (units under Gather, Muster or Alert Markers may not be \
                     activated, 4.3)"
                ),
            ),
        };
        Forbidden::new(rule, reason)
    }
}

impl B2c {
    /// [`engine::Describe::why_not`] for b2c: a region of the Action menu
    /// (Attack, Assault, Move) and a moving group's next region.
    pub fn why_not(&self, seat: Seat, target: &str) -> Vec<Forbidden> {
        let m = map();
        if !engine::Game::to_act(self).contains(seat) {
            return Vec::new();
        }
        let Some(r) = shared::refused(self, seat, m, target, |a| self.target(a)) else {
            return Vec::new();
        };
        match self.frames.last() {
            Some(Frame::Menu { seat: s, .. }) if *s == seat => {
                let scan = Scan::new(self, seat);
                let bars: Vec<Bar> = [scan.attack_bar(seat, r), scan.assault_bar(seat, r), scan.move_bar(r)]
                    .into_iter()
                    .flatten()
                    .collect();
                shared::answer(&bars, |b| b.forbidden(seat, r, r))
            }
            Some(Frame::Move(mv)) if mv.seat == seat && mv.at != NO_REGION && r != mv.at => {
                let reach = self.reach(mv);
                let bar = self
                    .march_bar(mv, reach)
                    .or_else(|| self.step_bar(mv, reach, r, m.border(mv.at, r)));
                // 9.0 a naval landing region out of a step's reach: the landing is the way there.
                let landing = m.area(r).landing && mv.seat == BRITISH && mv.from == m.boston;
                let bars: Vec<Bar> = landing
                    .then(|| self.landing_bar(mv))
                    .flatten()
                    .into_iter()
                    .chain(bar)
                    .collect();
                shared::answer(&bars, |b| b.forbidden(seat, mv.at, r))
            }
            Some(&Frame::SolMove { piece, left }) if seat == PATRIOT => {
                let at = self.piece(piece).loc;
                let bar = (r != at).then(|| self.sol_bar(left, r, m.border(at, r))).flatten();
                bar.map(|b| b.forbidden(seat, at, r)).into_iter().collect()
            }
            Some(&Frame::FreeMove { cur, left, .. }) if seat == PATRIOT && cur != NO_REGION && left > 0 => {
                let at = self.piece(cur).loc;
                let bar = if r == at {
                    None
                } else if !m.adjacent(at, r) {
                    Some(Bar::Shared(Shared::NotAdjacent))
                } else {
                    self.entry_bar(PATRIOT, r)
                };
                bar.map(|b| b.forbidden(seat, at, r)).into_iter().collect()
            }
            _ => Vec::new(),
        }
    }
}
