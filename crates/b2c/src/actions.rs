//! 6.0 Player Actions as the engine sees them: small, enumerable choices with
//! stable ids (choose a region, choose units one at a time then "done").

use crate::frames::{CombatStage, Frame};
use crate::map::{map, Region};
use crate::state::{members, B2c, Kind, PieceId, BRITISH, HINDER_NAMES, NO_REGION, PATRIOT};
use engine::{ActionInfo, Describe, Seat};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    // 6.x the Action menu
    Attack(Region),
    Assault(Region, Region),
    Charge(Region),
    Move(Region),
    MoveSol(PieceId),
    Assemble(Region),
    Ambush(Region),
    Snipe(Region),
    Rally(Region),
    Search(Region),
    Escape(PieceId),
    HinderPlace(u8, Region),
    HinderRemove(u8),
    CallToArms,
    Plan,
    Intel,
    Pass,
    /// 5.2 spend a Reserve Action for the next Action.
    Reserve,
    // decisions inside an Action
    Pick(PieceId),
    Drop(PieceId),
    Done,
    Step(Region),
    /// Naval landing (9.0).
    Land(Region),
    /// Nightrider leaving a region with an unbroken Regular: pay 1 more Activity Point (6.12).
    Evade(Region),
    /// ... or risk the capture roll.
    Risk(Region),
    Flip,
    Leave(u8),
    /// ... riding off the map from a region with an unbroken Regular, risking the capture roll (6.12).
    RiskLeave(u8),
    Alert(Region),
    Go(Region),
    Yes,
    No,
    Simultaneous,
    Defensive,
}

impl B2c {
    pub fn piece_id(&self, p: PieceId) -> String {
        let pc = self.piece(p);
        if pc.name != crate::state::NO_NAME {
            return pc.name().to_lowercase();
        }
        let k = match pc.kind {
            Kind::Regular if pc.percy => "percy-regular",
            Kind::Regular => "regular",
            Kind::Cannon => "cannon",
            Kind::Militia => "militia",
            Kind::Minuteman => "minuteman",
            _ => "piece",
        };
        format!("{k}-{p}")
    }

    pub fn piece_label(&self, p: PieceId) -> String {
        let loc = self.piece(p).loc.min(map().len() as u8 - 1);
        format!("{} in {}", self.piece_name(p), map().name(loc))
    }

    /// A piece as the log names it, wherever it stands: "Smith (wounded)".
    pub fn piece_name(&self, p: PieceId) -> String {
        let pc = self.piece(p);
        let state = match (pc.kind, pc.flipped) {
            (Kind::Militia, _) if pc.hidden => " (hidden)".to_string(),
            (Kind::Militia, false) => format!(" ({})", pc.value),
            (k, true) if k.leader() => " (wounded)".into(),
            (Kind::Nightrider | Kind::SonOfLiberty, true) => " (captured)".into(),
            (_, true) => " (broken)".into(),
            _ => String::new(),
        };
        let base = if pc.name != crate::state::NO_NAME {
            pc.name().to_string()
        } else {
            match pc.kind {
                Kind::Regular if pc.percy => "Regular (Percy)".into(),
                Kind::Regular => "Regular".into(),
                Kind::Cannon => "Field Cannon".into(),
                Kind::Militia => "Militia".into(),
                Kind::Minuteman => "Minuteman".into(),
                _ => "piece".into(),
            }
        };
        format!("{base}{state}")
    }

    /// The region an action points at (its `ActionInfo::target`): the one
    /// it names, or where the piece it names stands; none off the map.
    pub fn target(&self, a: &Action) -> Option<Region> {
        let r = match *a {
            Action::Attack(r)
            | Action::Assault(_, r)
            | Action::Charge(r)
            | Action::Move(r)
            | Action::Assemble(r)
            | Action::Ambush(r)
            | Action::Snipe(r)
            | Action::Rally(r)
            | Action::Search(r)
            | Action::HinderPlace(_, r)
            | Action::Step(r)
            | Action::Land(r)
            | Action::Evade(r)
            | Action::Risk(r)
            | Action::Alert(r)
            | Action::Go(r) => r,
            Action::MoveSol(p) | Action::Escape(p) | Action::Pick(p) | Action::Drop(p) => self.piece(p).loc,
            Action::HinderRemove(h) => self.hinder_at(h)?,
            Action::CallToArms
            | Action::Plan
            | Action::Intel
            | Action::Pass
            | Action::Reserve
            | Action::Done
            | Action::Flip
            | Action::Leave(_)
            | Action::RiskLeave(_)
            | Action::Yes
            | Action::No
            | Action::Simultaneous
            | Action::Defensive => return None,
        };
        ((r as usize) < map().len()).then_some(r)
    }

    /// The id and the label of a Nightrider's ride off an edge (6.12):
    /// "risk-" when it risks the capture roll; the label says whether a
    /// British Regular where it stands makes it pay 1 more Activity Point.
    fn leave(&self, e: u8, risk: bool) -> (&'static str, &'static str, &'static str) {
        let edge = match e {
            crate::map::TOP => "top",
            crate::map::LEFT => "left",
            _ => "bottom",
        };
        let guarded = match self.frames.last() {
            Some(crate::frames::Frame::Ride(r)) => r
                .riders
                .first()
                .is_some_and(|&p| self.unbroken_regulars(self.piece(p).loc) > 0),
            _ => false,
        };
        let (pre, how) = match (risk, guarded) {
            (true, _) => ("risk-", ", risking the capture roll"),
            (_, true) => ("", ", evading the British for 1 more Activity Point"),
            _ => ("", ""),
        };
        (pre, edge, how)
    }
}

impl B2c {
    /// Whether the seat is asked to take opportunity fire (7.1.3).
    /// The combat whose opportunity fire is asked for (7.1.3), if any.
    fn opfire_asked(&self) -> Option<&crate::frames::Combat> {
        match self.frames.last() {
            Some(Frame::Combat(c)) if c.stage == CombatStage::OpFire && c.ask.is_none() => Some(c),
            _ => None,
        }
    }

    /// What a step costs or sets off, said before it is taken: 6.4.2 a
    /// force march breaks a unit; 10.0 The Shot Heard 'Round the World: a
    /// Patriot attack that rolls the game's first dice (opportunity fire
    /// included) gives the British VP, and British opportunity fire (7.1.3)
    /// fires the Shot.
    fn warning(&self, seat: Seat, a: &Action) -> Option<String> {
        if let Some(unbroken) = self.force_march(a) {
            let breaks = match members(unbroken).collect::<Vec<_>>()[..] {
                [p] => format!("{} breaks", self.piece_name(p)),
                _ => format!(
                    "one of its {} unbroken military units breaks (you choose which)",
                    unbroken.count_ones()
                ),
            };
            return Some(format!(
                "Force march (6.4.2): the group goes on to a third road region, and {breaks} \
                 at the end of the march."
            ));
        }
        if *a == Action::Yes && seat == BRITISH && !self.shot && self.opfire_asked().is_some() {
            return Some(
                "No shot has been fired yet: British opportunity fire is the Shot Heard 'Round the World \
                 (7.1.3, 10.0), and from then on the Patriots may Ambush (6.6) and Snipe (6.7)."
                    .into(),
            );
        }
        let first = match a {
            Action::Attack(_) | Action::Assault(..) => true,
            Action::Yes => self.opfire_asked().is_some(),
            _ => false,
        };
        (first && seat == PATRIOT && !self.shot && !self.solo()).then(|| {
            format!(
                "No shot has been fired yet: if dice are rolled, the Patriots fire first and the British score {} VP (10.0).",
                crate::vp::value("first-shot")
            )
        })
    }
}

impl B2c {
    /// What "done" does where it is offered: in a Move Action (6.4) it sets
    /// the chosen group out, stops it, or ends the Action (moving nothing
    /// spends it all the same); in Assemble (6.5) likewise.
    fn done_label(&self) -> String {
        match self.frames.last() {
            Some(Frame::Move(mv)) if mv.at != NO_REGION && mv.steps == 0 => "Done: the group stays".into(),
            Some(Frame::Move(mv)) if mv.at != NO_REGION => format!("Done: the group stops in {}", map().name(mv.at)),
            Some(Frame::Move(mv)) if mv.group != 0 => "Done: the chosen units move together".into(),
            Some(Frame::Move(mv)) if mv.done == 0 => "Move nothing: the Action is spent (6.4)".into(),
            Some(Frame::Move(_)) => "Done: end the Move Action".into(),
            Some(Frame::Assemble { picked: 0, .. }) => "Assemble nothing: the Action is spent (6.5)".into(),
            // 6.12 a rider's unspent Activity Points are lost; 4.4, 4.3 a move may stop short.
            Some(Frame::Ride(r)) => match r.riders.first() {
                Some(&p) if r.ap > 0 && !map().area(self.piece(p).loc).on_map() => {
                    format!("Done: {} removes no Alert marker", self.piece_name(p))
                }
                Some(&p) if r.ap > 0 => format!(
                    "Done: {} rides no further ({} unused)",
                    self.piece_name(p),
                    engine::log::count(r.ap, "Activity Point")
                ),
                _ => "Done".into(),
            },
            Some(&Frame::SolMove { piece, .. }) => format!("Done: {} moves no further", self.piece_name(piece)),
            Some(&Frame::FreeMove { cur, .. }) if cur != NO_REGION => {
                format!("Done: end the free move of {}", self.piece_label(cur))
            }
            _ => "Done".into(),
        }
    }
}

/// 6.11 a Hinder marker as the rulebook names it.
fn hinder_name(h: u8) -> &'static str {
    ["Hinder Movement marker", "Hinder Search marker", "Hinder Muster marker"][h as usize]
}

/// The kind of choice of an action that differs from others only in its
/// target (`ActionInfo::group`): its label without the place.
fn group(a: &Action) -> Option<String> {
    let g = match *a {
        Action::Attack(_) => "Attack (6.1)",
        Action::Assault(..) => "Assault (6.2)",
        Action::Charge(_) => "Charge (6.3)",
        Action::Move(_) => "Move units (6.4)",
        Action::MoveSol(_) => "Move a unit (4.4)",
        Action::Assemble(_) => "Assemble (6.5)",
        Action::Ambush(_) => "Ambush (6.6)",
        Action::Snipe(_) => "Snipe (6.7)",
        Action::Rally(_) => "Rally (6.8)",
        Action::Search(_) => "Search / Capture (6.9)",
        Action::Escape(_) => "Escape attempt (6.10)",
        Action::HinderPlace(h, _) => return Some(format!("Place the {} (6.11)", hinder_name(h))),
        Action::Pick(_) => "Choose a unit",
        Action::Drop(_) => "Leave a unit here (6.4.2)",
        Action::Step(_) => "Move to a region",
        Action::Land(_) => "Land (9.0)",
        Action::Evade(_) => "Ride on, evading the British (6.12)",
        Action::Risk(_) => "Ride on, risking the capture roll (6.12)",
        Action::Alert(_) => "Remove an Alert marker (4.6)",
        Action::Go(_) => "Choose a region",
        _ => return None,
    };
    Some(g.into())
}

impl Describe for B2c {
    fn write_id(&self, _seat: Seat, a: &Action, out: &mut dyn fmt::Write) -> fmt::Result {
        let m = map();
        let id = |r: Region| m.id(r);
        match *a {
            Action::Attack(r) => write!(out, "attack-{}", id(r)),
            Action::Assault(f, t) => write!(out, "assault-{}-to-{}", id(f), id(t)),
            Action::Charge(r) => write!(out, "charge-{}", id(r)),
            Action::Move(r) => write!(out, "move-{}", id(r)),
            Action::MoveSol(p) => write!(out, "move-{}", self.piece_id(p)),
            Action::Assemble(r) => write!(out, "assemble-{}", id(r)),
            Action::Ambush(r) => write!(out, "ambush-{}", id(r)),
            Action::Snipe(r) => write!(out, "snipe-{}", id(r)),
            Action::Rally(r) => write!(out, "rally-{}", id(r)),
            Action::Search(r) => write!(out, "search-{}", id(r)),
            Action::Escape(p) => write!(out, "escape-{}", self.piece_id(p)),
            Action::HinderPlace(h, r) => write!(out, "{}-{}", HINDER_NAMES[h as usize], id(r)),
            Action::HinderRemove(h) => write!(out, "remove-{}", HINDER_NAMES[h as usize]),
            Action::CallToArms => out.write_str("call-to-arms"),
            Action::Plan => out.write_str("plan"),
            Action::Intel => out.write_str("gather-intelligence"),
            Action::Pass => out.write_str("pass"),
            Action::Reserve => out.write_str("use-reserve"),
            Action::Pick(p) => write!(out, "pick-{}", self.piece_id(p)),
            Action::Drop(p) => write!(out, "drop-{}", self.piece_id(p)),
            Action::Done => out.write_str("done"),
            Action::Step(r) => write!(out, "to-{}", id(r)),
            Action::Land(r) => write!(out, "land-{}", id(r)),
            Action::Evade(r) => write!(out, "evade-to-{}", id(r)),
            Action::Risk(r) => write!(out, "risk-to-{}", id(r)),
            Action::Flip => out.write_str("alert-town"),
            Action::Leave(e) | Action::RiskLeave(e) => {
                let (pre, edge, _) = self.leave(e, matches!(a, Action::RiskLeave(_)));
                write!(out, "{pre}leave-{edge}")
            }
            Action::Alert(r) => write!(out, "remove-alert-{}", id(r)),
            Action::Go(r) => write!(out, "go-{}", id(r)),
            Action::Yes => out.write_str("yes"),
            Action::No => out.write_str("no"),
            Action::Simultaneous => out.write_str("simultaneous"),
            Action::Defensive => out.write_str("defensive-fire"),
        }
    }

    fn describe(&self, seat: Seat, a: &Action) -> ActionInfo {
        let m = map();
        let name = |r: Region| m.name(r).to_string();
        let label: String = match *a {
            Action::Attack(r) => format!("Attack in {} (6.1)", name(r)),
            Action::Assault(f, t) => format!("Assault from {} into {} (6.2)", name(f), name(t)),
            Action::Charge(r) => format!("Charge in {} (6.3)", name(r)),
            Action::Move(r) => format!("Move units from {} (6.4)", name(r)),
            Action::MoveSol(p) => format!("Move {} (4.4)", self.piece_label(p)),
            Action::Assemble(r) => format!("Assemble in {} (6.5)", name(r)),
            Action::Ambush(r) => format!("Ambush in {} (6.6)", name(r)),
            Action::Snipe(r) => format!("Snipe in {} (6.7)", name(r)),
            Action::Rally(r) => format!("Rally in {} (6.8)", name(r)),
            Action::Search(r) => format!("Search / Capture in {} (6.9)", name(r)),
            Action::Escape(p) => format!("Escape attempt: {} (6.10)", self.piece_label(p)),
            Action::HinderPlace(h, r) => format!("Place the {} in {} (6.11)", hinder_name(h), name(r)),
            Action::HinderRemove(h) => format!("Remove the {} (6.11)", hinder_name(h)),
            Action::CallToArms => "Call to Arms (6.12)".into(),
            Action::Plan => "Plan: gain a Reserve Action (6.13)".into(),
            Action::Intel => "Gather Intelligence: look at the top two cards (6.14)".into(),
            Action::Pass => "Pass (6.15)".into(),
            Action::Reserve => "Use a Reserve Action for this Action (5.2)".into(),
            Action::Pick(p) => format!("Choose {}", self.piece_label(p)),
            Action::Drop(p) => format!("Leave {} here (6.4.2)", self.piece_label(p)),
            Action::Done => self.done_label(),
            Action::Step(r) if self.force_march(a).is_some() => format!("Move to {} (force march)", name(r)),
            Action::Step(r) => format!("Move to {}", name(r)),
            Action::Land(r) => format!("Land at {} (9.0)", name(r)),
            Action::Evade(r) => format!(
                "Ride to {}, evading the British for 1 more Activity Point (6.12)",
                name(r)
            ),
            Action::Risk(r) => format!("Ride to {}, risking the capture roll (6.12)", name(r)),
            Action::Flip => "Alert the town: flip its Gather marker (6.12)".into(),
            Action::Leave(e) | Action::RiskLeave(e) => {
                let (_, edge, how) = self.leave(e, matches!(a, Action::RiskLeave(_)));
                format!("Ride off the {edge} edge to its Nightrider box{how} (6.12)")
            }
            Action::Alert(r) => format!("Remove the Alert marker at {} (4.6)", name(r)),
            Action::Go(r) => format!("To {}", name(r)),
            Action::Yes => match self.opfire_asked() {
                Some(c) => format!(
                    "Yes: fire {}, a hit on each 6 (7.1.3)",
                    revroad::log::dice(self.opfire_dice(c))
                ),
                None => "Yes".into(),
            },
            Action::No if self.opfire_asked().is_some() => "No: let them go".into(),
            Action::No => "No".into(),
            Action::Simultaneous => "Simultaneous combat: take one hit first (7.0)".into(),
            Action::Defensive => "Face Defensive Fire (7.0)".into(),
        };
        let target = self.target(a);
        ActionInfo {
            id: engine::action_id(self, seat, a),
            label,
            target: target.map(|r| m.id(r).to_string()),
            warning: self.warning(seat, a),
            // 7.1.3 opportunity fire rolls at once.
            // Dice once rolled cannot be taken back; with none to roll, "yes" can (7.1.3).
            irreversible: *a == Action::Yes && self.opfire_asked().is_some_and(|c| self.opfire_dice(c) > 0),
            // Off the map, a piece is no pick on the map.
            group: target.and_then(|_| group(a)),
        }
    }

    fn why_not(&self, seat: Seat, target: &str) -> Vec<engine::Forbidden> {
        B2c::why_not(self, seat, target)
    }
}
