//! 6.0 Player Actions as the engine sees them: small, enumerable choices with
//! stable ids (choose a region, choose units one at a time then "done").

use crate::map::{map, Region};
use crate::state::{B2c, Kind, HINDER_NAMES};
use engine::ActionInfo;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    // 6.x the Action menu
    Attack(Region),
    Assault(Region, Region),
    Charge(Region),
    Move(Region),
    MoveSol(u8),
    Assemble(Region),
    Ambush(Region),
    Snipe(Region),
    Rally(Region),
    Search(Region),
    Escape(u8),
    HinderPlace(u8, Region),
    HinderRemove(u8),
    CallToArms,
    Plan,
    Intel,
    Pass,
    /// 5.2 spend a Reserve Action for the next Action.
    Reserve,
    // decisions inside an Action
    Pick(u8),
    Drop(u8),
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
    pub fn piece_id(&self, p: u8) -> String {
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

    pub fn piece_label(&self, p: u8) -> String {
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
                Kind::Minuteman => "Minutemen".into(),
                _ => "piece".into(),
            }
        };
        format!(
            "{base}{state} in {}",
            map().region(pc.loc.min(map().len() as u8 - 1)).name
        )
    }

    pub fn describe_action(&self, a: &Action) -> ActionInfo {
        let m = map();
        let id = |r: Region| m.id(r).to_string();
        let name = |r: Region| m.region(r).name.clone();
        let (i, label, target) = match *a {
            Action::Attack(r) => (
                format!("attack-{}", id(r)),
                format!("Attack in {} (6.1)", name(r)),
                Some(r),
            ),
            Action::Assault(f, t) => (
                format!("assault-{}-to-{}", id(f), id(t)),
                format!("Assault from {} into {} (6.2)", name(f), name(t)),
                Some(t),
            ),
            Action::Charge(r) => (
                format!("charge-{}", id(r)),
                format!("Charge in {} (6.3)", name(r)),
                Some(r),
            ),
            Action::Move(r) => (
                format!("move-{}", id(r)),
                format!("Move units from {} (6.4)", name(r)),
                Some(r),
            ),
            Action::MoveSol(p) => (
                format!("move-{}", self.piece_id(p)),
                format!("Move {} (4.4)", self.piece_label(p)),
                Some(self.piece(p).loc),
            ),
            Action::Assemble(r) => (
                format!("assemble-{}", id(r)),
                format!("Assemble in {} (6.5)", name(r)),
                Some(r),
            ),
            Action::Ambush(r) => (
                format!("ambush-{}", id(r)),
                format!("Ambush in {} (6.6)", name(r)),
                Some(r),
            ),
            Action::Snipe(r) => (
                format!("snipe-{}", id(r)),
                format!("Snipe in {} (6.7)", name(r)),
                Some(r),
            ),
            Action::Rally(r) => (
                format!("rally-{}", id(r)),
                format!("Rally in {} (6.8)", name(r)),
                Some(r),
            ),
            Action::Search(r) => (
                format!("search-{}", id(r)),
                format!("Search / Capture in {} (6.9)", name(r)),
                Some(r),
            ),
            Action::Escape(p) => (
                format!("escape-{}", self.piece_id(p)),
                format!("Escape attempt: {} (6.10)", self.piece_label(p)),
                Some(self.piece(p).loc),
            ),
            Action::HinderPlace(h, r) => (
                format!("{}-{}", HINDER_NAMES[h as usize], id(r)),
                format!("Place {} in {} (6.11)", HINDER_NAMES[h as usize], name(r)),
                Some(r),
            ),
            Action::HinderRemove(h) => (
                format!("remove-{}", HINDER_NAMES[h as usize]),
                format!("Remove the {} marker (6.11)", HINDER_NAMES[h as usize]),
                self.hinder_at(h),
            ),
            Action::CallToArms => ("call-to-arms".into(), "Call to Arms (6.12)".into(), None),
            Action::Plan => ("plan".into(), "Plan: gain a Reserve Action (6.13)".into(), None),
            Action::Intel => (
                "gather-intelligence".into(),
                "Gather Intelligence: look at the top two cards (6.14)".into(),
                None,
            ),
            Action::Pass => ("pass".into(), "Pass (6.15)".into(), None),
            Action::Reserve => (
                "use-reserve".into(),
                "Use a Reserve Action for this Action (5.2)".into(),
                None,
            ),
            Action::Pick(p) => (
                format!("pick-{}", self.piece_id(p)),
                format!("Choose {}", self.piece_label(p)),
                Some(self.piece(p).loc),
            ),
            Action::Drop(p) => (
                format!("drop-{}", self.piece_id(p)),
                format!("Leave {} here (6.4.2)", self.piece_label(p)),
                Some(self.piece(p).loc),
            ),
            Action::Done => ("done".into(), "Done".into(), None),
            Action::Step(r) => (format!("to-{}", id(r)), format!("Move to {}", name(r)), Some(r)),
            Action::Land(r) => (format!("land-{}", id(r)), format!("Land at {} (9.0)", name(r)), Some(r)),
            Action::Evade(r) => (
                format!("evade-to-{}", id(r)),
                format!(
                    "Ride to {}, evading the British for 1 more Activity Point (6.12)",
                    name(r)
                ),
                Some(r),
            ),
            Action::Risk(r) => (
                format!("risk-to-{}", id(r)),
                format!("Ride to {}, risking the capture roll (6.12)", name(r)),
                Some(r),
            ),
            Action::Flip => (
                "alert-town".into(),
                "Alert the town: flip its Gather marker (6.12)".into(),
                None,
            ),
            Action::Leave(e) | Action::RiskLeave(e) => {
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
                let (pre, how) = match (a, guarded) {
                    (Action::RiskLeave(_), _) => ("risk-", ", risking the capture roll"),
                    (_, true) => ("", ", evading the British for 1 more Activity Point"),
                    _ => ("", ""),
                };
                (
                    format!("{pre}leave-{edge}"),
                    format!("Ride off the {edge} edge to its Nightrider box{how} (6.12)"),
                    None,
                )
            }
            Action::Alert(r) => (
                format!("remove-alert-{}", id(r)),
                format!("Remove the Alert marker at {} (4.6)", name(r)),
                Some(r),
            ),
            Action::Go(r) => (format!("go-{}", id(r)), format!("To {}", name(r)), Some(r)),
            Action::Yes => ("yes".into(), "Yes".into(), None),
            Action::No => ("no".into(), "No".into(), None),
            Action::Simultaneous => (
                "simultaneous".into(),
                "Simultaneous combat: take one hit first (7.0)".into(),
                None,
            ),
            Action::Defensive => ("defensive-fire".into(), "Face Defensive Fire (7.0)".into(), None),
        };
        ActionInfo {
            id: i,
            label,
            target: target.filter(|&r| (r as usize) < m.len()).map(|r| m.id(r).to_string()),
        }
    }
}
