//! The decisions a seat takes, as the engine sees them: small choices with
//! stable ids ("deploy-1206", "form-1108", "add-u12", "step-1107", "halt").

use crate::frames::Frame;
use crate::map::Sq;
use crate::state::{side_name, Fiw, LeaderId, Place, UnitId};
use engine::{ActionInfo, Describe, Seat};
use std::fmt;

/// A piece a force is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Piece {
    Unit(UnitId),
    Leader(LeaderId),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// 35.x put the set-up line's next piece in a square; `light` its
    /// light face (35.3 4.0).
    Deploy { sq: Sq, light: bool },
    /// 7.2 make this seat the first player.
    First(Seat),
    /// 11.3 form a force of pieces that start in this square or box.
    Form(Place),
    /// 11.3 a piece joins the force being formed.
    Add(Piece),
    /// A piece leaves the force being formed.
    Remove(Piece),
    /// 26.0 a legion of the force is light (or heavy again).
    Light(UnitId),
    /// 12.2 the force sets out (paying a supply point after the first
    /// phase, 18.2).
    Go,
    /// 13.1 enter a neighbouring square.
    Step(Sq),
    /// 11.3 leave a piece in the present square.
    Drop(Piece),
    /// The force's move ends here.
    Halt,
    /// The movement sub-phase ends.
    EndMovement,
    /// 14.4 place the next unit an invasion raised in this square.
    Raise(Sq),
    /// 18.33 spend a supply point for the units of this square beyond its
    /// forage value.
    Provision(Sq),
    /// 18.4 this unit, out of supply, is eliminated.
    Starve(UnitId),
    /// 25.4 this Indian unit goes home.
    Home(UnitId),
}

impl Fiw {
    pub fn piece_id(&self, p: Piece) -> String {
        match p {
            Piece::Unit(u) => format!("u{u}"),
            Piece::Leader(l) => format!("l{l}"),
        }
    }

    pub fn piece_name(&self, p: Piece) -> String {
        match p {
            Piece::Unit(u) => self.unit_name(u),
            Piece::Leader(l) => self.leader(l).name.clone(),
        }
    }

    pub fn place_id(&self, at: Place) -> String {
        match at {
            Place::Sq(sq) => sq.to_string(),
            Place::Base(b) => match b {
                crate::state::Base::Britain => "britain".into(),
                crate::state::Base::France => "france".into(),
                crate::state::Base::WestIndies => "west-indies".into(),
            },
            Place::Pool => "leaders".into(),
            Place::Prisoner => "prisoners".into(),
            Place::Gone => "gone".into(),
        }
    }

    fn describe_action(&self, a: Action) -> (String, Option<String>, Option<&'static str>) {
        let sq = |s: Sq| Some(s.to_string());
        match a {
            Action::Deploy { sq: s, light } => {
                let face = if light { " on its light face" } else { "" };
                let what = match self.stack.last() {
                    Some(&Frame::Deploy { line, .. }) => self.line_words(line),
                    _ => "a piece".into(),
                };
                (
                    format!("Set up {what}{face} in {} (35.3)", self.sq_name(s)),
                    sq(s),
                    Some(if light {
                        "Set up on the light face (35.3)"
                    } else {
                        "Set up (35.3)"
                    }),
                )
            }
            Action::First(s) => (format!("The {} player goes first (7.2)", side_name(s)), None, None),
            Action::Form(at) => (
                format!("Form a force in {} (11.3)", self.place_name(at)),
                Some(self.place_id(at)),
                Some("Form a force (11.3)"),
            ),
            Action::Add(p) => (
                format!("Add {} to the force (11.3)", self.piece_name(p)),
                Some(self.piece_id(p)),
                Some("Add to the force (11.3)"),
            ),
            Action::Remove(p) => (
                format!("Leave {} out of the force", self.piece_name(p)),
                Some(self.piece_id(p)),
                Some("Leave out of the force"),
            ),
            Action::Light(u) => {
                let now = if self.units[u as usize].as_light {
                    "heavy"
                } else {
                    "light"
                };
                (
                    format!("The {} acts as {now} (26.0)", self.unit_name(u)),
                    Some(self.piece_id(Piece::Unit(u))),
                    Some("Switch a legion (26.0)"),
                )
            }
            Action::Go => (self.go_label(), None, None),
            Action::Step(s) => {
                let cost = self.step_cost_words(s);
                (
                    format!("Move to {} ({cost})", self.sq_name(s)),
                    sq(s),
                    Some("Move (13.1)"),
                )
            }
            Action::Drop(p) => (
                format!("Leave {} here (11.3)", self.piece_name(p)),
                Some(self.piece_id(p)),
                Some("Leave here (11.3)"),
            ),
            Action::Halt => ("End this force's move".into(), None, None),
            Action::EndMovement => ("End the movement sub-phase (12.1)".into(), None, None),
            Action::Raise(s) => {
                let what = match self.stack.last() {
                    Some(Frame::Raise { units, .. }) if !units.is_empty() => self.unit_name(units[0]),
                    _ => "militia".into(),
                };
                (
                    format!("Raise the {what} in {} (14.4)", self.sq_name(s)),
                    sq(s),
                    Some("Raise militia (14.4)"),
                )
            }
            Action::Provision(s) => {
                let words = match self.stack.last() {
                    Some(&Frame::Provision { seat, .. }) => self.provision_words(s, seat),
                    _ => String::new(),
                };
                (
                    format!(
                        "Expend a supply point to provision the units in {}: {words} (18.33)",
                        self.sq_name(s)
                    ),
                    sq(s),
                    Some("Provision (18.33)"),
                )
            }
            Action::Starve(u) => (
                format!("The {} starves and is eliminated (18.4)", self.unit_name(u)),
                Some(self.piece_id(Piece::Unit(u))),
                Some("Starve (18.4)"),
            ),
            Action::Home(u) => (
                format!("The {} goes home to the pool (25.4)", self.unit_name(u)),
                Some(self.piece_id(Piece::Unit(u))),
                Some("Goes home (25.4)"),
            ),
        }
    }
}

impl Describe for Fiw {
    fn describe(&self, _seat: Seat, a: &Action) -> ActionInfo {
        let (label, target, group) = self.describe_action(*a);
        let mut id = String::new();
        write_id(self, *a, &mut id).expect("writing to a String");
        ActionInfo {
            id,
            label,
            group: target.as_ref().and(group.map(str::to_string)),
            target,
            warning: self.warning(*a),
            irreversible: false,
        }
    }

    fn write_id(&self, _seat: Seat, a: &Action, out: &mut dyn fmt::Write) -> fmt::Result {
        write_id(self, *a, out)
    }
}

fn write_id(g: &Fiw, a: Action, out: &mut dyn fmt::Write) -> fmt::Result {
    let piece = |p: Piece| match p {
        Piece::Unit(u) => format!("u{u}"),
        Piece::Leader(l) => format!("l{l}"),
    };
    match a {
        Action::Deploy { sq, light: false } => write!(out, "deploy-{sq}"),
        Action::Deploy { sq, light: true } => write!(out, "deploy-{sq}-light"),
        Action::First(s) => write!(out, "first-{}", crate::seat_name(s)),
        Action::Form(at) => write!(out, "form-{}", g.place_id(at)),
        Action::Add(p) => write!(out, "add-{}", piece(p)),
        Action::Remove(p) => write!(out, "remove-{}", piece(p)),
        Action::Light(u) => write!(out, "light-u{u}"),
        Action::Go => out.write_str("go"),
        Action::Step(sq) => write!(out, "step-{sq}"),
        Action::Drop(p) => write!(out, "drop-{}", piece(p)),
        Action::Halt => out.write_str("halt"),
        Action::EndMovement => out.write_str("end-movement"),
        Action::Raise(sq) => write!(out, "raise-{sq}"),
        Action::Provision(sq) => write!(out, "provision-{sq}"),
        Action::Starve(u) => write!(out, "starve-u{u}"),
        Action::Home(u) => write!(out, "home-u{u}"),
    }
}
