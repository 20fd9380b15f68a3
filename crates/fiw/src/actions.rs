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
    /// 35.3 4.4 put the line's next provincial regiment in a square broken
    /// down into three detachments (19.1: the scenario allows it).
    DeployBroken { sq: Sq, light: bool },
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
    /// 19.0 combine this unit with two alike of the force into the next
    /// echelon.
    Combine(UnitId),
    /// 19.0, 26.0 a legion from this light regiment and two line regiments.
    FormLegion(UnitId),
    /// 19.0 break this unit down into the echelon below.
    BreakDown(UnitId),
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
    /// 10.0 recruit a unit of this face (its index in the mix's faces).
    Recruit(u16),
    /// 18.1 buy a supply point.
    BuySupply,
    /// 22.1 build a civilization marker.
    Build(crate::civilization::Marker),
    /// 17.5 recruit a leader of the box (his row in `leaders.tsv`).
    Appoint(u8),
    /// Where the purchase just chosen goes (10.7); undo drops it (ruling
    /// fiw #49).
    At(Place),
    /// 10.8 disband a unit or remove a marker on the map: which is chosen
    /// next.
    Disband,
    /// 10.8 this friendly unit on the map is disbanded.
    DisbandUnit(UnitId),
    /// 10.8 this friendly civilization marker is removed.
    DisbandMarker(Sq, crate::civilization::Marker),
    /// 24.4 flip this militia detachment to its regiment side.
    Flip(UnitId),
    /// 17.42 return this captured enemy leader to his side.
    Release(crate::state::LeaderId),
    /// The purchases are done (ruling fiw #30: revealed when both are).
    Commit,
    /// 8.1 the piece, square or colony an event asks for.
    Pick(crate::events::Choice),
    /// Let an optional event pass; 16.1 do not counter a negotiation.
    Decline,
    /// 16.1 negotiate in a square (at its village, or its capital) with a
    /// leader there.
    Negotiate { sq: Sq, village: bool, leader: LeaderId },
    /// 16.1 pounds added to a negotiation or a counter.
    Spend(u8),
    /// 16.1 counter the enemy's negotiation with a leader in the square.
    Counter(LeaderId),
    /// End the present step (the seat's negotiations).
    Done,
    /// 20.21 form a naval force of fleets or flotillas that start in this
    /// square or home base.
    FormNaval(Place),
    /// 20.31 a land unit or leader of the same place boards the naval
    /// force being formed.
    Embark(Piece),
    /// 20.21 the naval force sets out (12.2 paying a supply point after
    /// the first phase; 20.33 embarking off a non-port coast costs 4 MP).
    SetSail,
    /// 20.21 enter a neighbouring navigable square; 21.1 enter or leave a
    /// home base.
    Sail(Place),
    /// 23.23 attack in this siege square.
    Attack(Sq),
    /// 23.23 leave this siege alone this phase.
    NoAttack(Sq),
    /// 15.5 withdraw before combat into this square.
    Withdraw(Sq),
    /// 15.5 stand and fight.
    Stand,
    /// 15.6 use this Combat Results Table.
    Crt(crate::combat::Crt),
    /// 15.74 defend with the multiples of this row of `terrain::ROWS`.
    Defend(u8),
    /// 15.9 lose this unit toward a loss of half.
    Lose(UnitId),
    /// 15.9 retreat into this square (ruling fiw #4).
    Retreat(Sq),
    /// 17.41 the escaping leader goes to this square.
    Escape(Sq),
    /// 17.42 execute the leader the Indians captured.
    Execute,
    /// 17.42 keep him prisoner.
    Spare,
    /// 22.5 destroy this civilization marker.
    Destroy(Sq, crate::civilization::Marker),
    /// 22.5 destroy nothing more: the combat sub-phase ends.
    EndCombat,
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

    /// The seat a purchase label is for: the one still drafting (both
    /// draft at once; labels depend only on the asking seat's draft).
    fn purchasing_seat(&self) -> Seat {
        self.drafts
            .as_ref()
            .and_then(|d| d.drafting().iter().next())
            .unwrap_or(self.first)
    }

    /// An event's choice as `seat` reads it. 27.1, 27.3: an enemy piece
    /// the seat may not examine is named no further than what it sees of
    /// it and the event's condition tells (its side, square, and that it
    /// is an Indian unit or a leader); its square is the target, as the
    /// board shows no such piece.
    fn pick_words(&self, seat: Seat, c: crate::events::Choice) -> (String, Option<String>, Option<&'static str>) {
        use crate::events::Choice;
        let event = match self.stack.last() {
            Some(Frame::EventChoice { event, .. }) => crate::events::event_name(event),
            _ => String::new(),
        };
        let hidden = |p: Piece, at: Place| match at {
            Place::Sq(sq) if self.hidden_from(p, seat) => Some(sq),
            _ => None,
        };
        match c {
            Choice::Unit(u) => {
                let at = self.units[u as usize].at();
                let (what, target) = match hidden(Piece::Unit(u), at) {
                    Some(sq) => {
                        let kind = if self.is_indian(u) { "Indian unit" } else { "unit" };
                        (format!("a {} {kind}", side_name(self.side(u))), sq.to_string())
                    }
                    None => (self.unit_name(u), self.piece_id(Piece::Unit(u))),
                };
                (
                    format!("{event}: {what} in {}", self.place_name(at)),
                    Some(target),
                    Some("Pick a unit (8.1)"),
                )
            }
            Choice::Leader(l) => {
                let g = &self.leaders[l as usize];
                let (label, target) = match hidden(Piece::Leader(l), g.at) {
                    Some(sq) => (
                        format!("{event}: a {} leader in {}", side_name(g.side), self.sq_name(sq)),
                        sq.to_string(),
                    ),
                    None => (
                        format!("{event}: {}", self.leader(l).name),
                        self.piece_id(Piece::Leader(l)),
                    ),
                };
                (label, Some(target), Some("Pick a leader (8.1)"))
            }
            Choice::Sq(sq) => (
                format!("{event}: {}", self.sq_name(sq)),
                Some(sq.to_string()),
                Some("Pick a square (8.1)"),
            ),
            Choice::Colony(i) => (
                format!("{event}: {}", crate::map::Colony::ALL[i as usize].name()),
                None,
                None,
            ),
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
            Action::DeployBroken { sq: s, light } => {
                let face = if light { " on their light faces" } else { "" };
                let what = match self.stack.last() {
                    Some(&Frame::Deploy { line, .. }) => self.line_words(line),
                    _ => "a regiment".into(),
                };
                (
                    format!(
                        "Set up {what} broken down into three detachments{face} in {} (35.3 4.4)",
                        self.sq_name(s)
                    ),
                    sq(s),
                    Some("Set up broken down (35.3 4.4)"),
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
            Action::Combine(u) => (
                format!("Combine the {} with two alike (19.0)", self.unit_name(u)),
                Some(self.piece_id(Piece::Unit(u))),
                Some("Combine (19.0)"),
            ),
            Action::FormLegion(u) => (
                format!(
                    "Form a legion of the {} and two line regiments (19.0, 26.0)",
                    self.unit_name(u)
                ),
                Some(self.piece_id(Piece::Unit(u))),
                Some("Form a legion (26.0)"),
            ),
            Action::BreakDown(u) => (
                match self.stack.last() {
                    Some(Frame::Provision { .. }) => {
                        format!("Break the {} down, to starve only part of it (18.4)", self.unit_name(u))
                    }
                    _ => format!("Break the {} down (19.0)", self.unit_name(u)),
                },
                Some(self.piece_id(Piece::Unit(u))),
                Some("Break down (19.0)"),
            ),
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
            Action::Halt => (self.halt_label(), None, None),
            Action::EndMovement => ("End the movement sub-phase (12.1)".into(), None, None),
            Action::At(at) => (
                self.purchase_label(self.purchasing_seat(), a),
                Some(self.place_id(at)),
                Some("Place the purchase (10.7)"),
            ),
            Action::Pick(c) => {
                let seat = match self.stack.last() {
                    Some(&Frame::EventChoice { seat, .. }) => seat,
                    _ => self.first,
                };
                self.pick_words(seat, c)
            }
            Action::Decline => match self.stack.last() {
                Some(Frame::Talks(_)) => ("Do not counter (16.1)".into(), None, None),
                _ => ("Let it pass".into(), None, None),
            },
            Action::Negotiate { sq: s, village, leader } => {
                let what = if village { "Indian village" } else { "capital" };
                (
                    format!(
                        "Negotiate in {} ({what}) with {} (diplomacy {}) (16.1)",
                        self.sq_name(s),
                        self.leader(leader).name,
                        self.diplomacy(leader, village)
                    ),
                    sq(s),
                    Some("Negotiate (16.1)"),
                )
            }
            Action::Spend(n) => (
                format!("Add {n} (16.1)", n = engine::log::count(n, "pound")),
                None,
                None,
            ),
            Action::Counter(l) => (
                format!("Counter with {} (16.1)", self.leader(l).name),
                Some(self.piece_id(Piece::Leader(l))),
                Some("Counter (16.1)"),
            ),
            Action::Done => ("End my negotiations (16.0)".into(), None, None),
            // Some sixty recruits a side: grouped by kind, the purchase
            // screen's groups open one at a time.
            Action::Recruit(face) => (
                self.purchase_label(self.purchasing_seat(), a),
                None,
                Some(recruit_group(&crate::tables::tables().forces.faces[usize::from(face)])),
            ),
            Action::Appoint(_) => (
                self.purchase_label(self.purchasing_seat(), a),
                None,
                Some("Recruit a leader (17.5)"),
            ),
            Action::BuySupply | Action::Build(_) | Action::Commit => {
                (self.purchase_label(self.purchasing_seat(), a), None, None)
            }
            Action::Disband => (self.purchase_label(self.purchasing_seat(), a), None, None),
            Action::DisbandUnit(u) => (
                self.purchase_label(self.purchasing_seat(), a),
                Some(self.piece_id(Piece::Unit(u))),
                Some("Disband (10.8)"),
            ),
            Action::DisbandMarker(s, _) => (
                self.purchase_label(self.purchasing_seat(), a),
                sq(s),
                Some("Remove a marker (10.8)"),
            ),
            Action::Flip(u) => (
                self.purchase_label(self.purchasing_seat(), a),
                Some(self.piece_id(Piece::Unit(u))),
                Some("Flip a militia detachment (24.4)"),
            ),
            Action::Release(l) => (
                self.purchase_label(self.purchasing_seat(), a),
                Some(self.piece_id(Piece::Leader(l))),
                Some("Release a prisoner (17.42)"),
            ),
            Action::FormNaval(at) => (
                format!("Form a naval force in {} (20.21)", self.place_name(at)),
                Some(self.place_id(at)),
                Some("Form a naval force (20.21)"),
            ),
            Action::Embark(p) => (
                format!("Embark {} (20.31){}", self.piece_name(p), self.embark_words()),
                Some(self.piece_id(p)),
                Some("Embark (20.31)"),
            ),
            Action::SetSail => (self.set_sail_label(), None, None),
            Action::Sail(to) => (self.sail_label(to), Some(self.place_id(to)), Some("Sail (20.21)")),
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
            a => self.combat_describe(a),
        }
    }
}

impl Describe for Fiw {
    fn describe(&self, seat: Seat, a: &Action) -> ActionInfo {
        let (label, target, group) = match a {
            Action::At(_) | Action::Recruit(_) | Action::BuySupply | Action::Build(_) | Action::Appoint(_) => {
                let (_, t, g) = self.describe_action(*a);
                (self.purchase_label(seat, *a), t, g)
            }
            Action::BreakDown(_) if matches!(self.stack.last(), Some(Frame::Purchases)) => {
                let (_, t, g) = self.describe_action(*a);
                (self.purchase_label(seat, *a), t, g)
            }
            // 27.1 the seat reads the pieces it may examine by name.
            Action::Pick(c) => self.pick_words(seat, *c),
            _ => self.describe_action(*a),
        };
        let mut id = String::new();
        write_id(self, *a, &mut id).expect("writing to a String");
        ActionInfo {
            id,
            label,
            // A group is of places or pieces to pick on the map, but for the
            // recruits, which are many and have none.
            group: group
                .filter(|_| target.is_some() || matches!(a, Action::Recruit(_) | Action::Appoint(_)))
                .map(str::to_string),
            target,
            warning: self.warning(*a),
            irreversible: match (self.stack.last(), a) {
                (Some(Frame::Force(f)), Action::Step(sq)) => self.reveals(f.seat, *sq),
                (Some(Frame::Raise { seat, .. }), Action::Raise(sq)) => self.reveals(*seat, *sq),
                _ => false,
            },
        }
    }

    fn write_id(&self, _seat: Seat, a: &Action, out: &mut dyn fmt::Write) -> fmt::Result {
        write_id(self, *a, out)
    }

    fn why_not(&self, seat: Seat, target: &str) -> Vec<engine::Forbidden> {
        Fiw::why_not(self, seat, target)
    }
}

/// 10.6 the kind of recruit, as the purchase screen groups them.
fn recruit_group(face: &crate::forces::Face) -> &'static str {
    use crate::forces::UnitType;
    match face.kind {
        UnitType::Fleet | UnitType::Riverine => "Recruit naval units (10.6)",
        UnitType::Militia => "Recruit militia (10.6)",
        _ if face.regular => "Recruit regulars (10.6)",
        _ => "Recruit provincials and others (10.6)",
    }
}

fn fiw_face_id(face: u16) -> &'static str {
    &crate::tables::tables().forces.faces[face as usize].id
}

fn write_id(g: &Fiw, a: Action, out: &mut dyn fmt::Write) -> fmt::Result {
    let piece = |p: Piece| match p {
        Piece::Unit(u) => format!("u{u}"),
        Piece::Leader(l) => format!("l{l}"),
    };
    match a {
        Action::Deploy { sq, light: false } => write!(out, "deploy-{sq}"),
        Action::Deploy { sq, light: true } => write!(out, "deploy-{sq}-light"),
        Action::DeployBroken { sq, light: false } => write!(out, "deploy-{sq}-broken"),
        Action::DeployBroken { sq, light: true } => write!(out, "deploy-{sq}-broken-light"),
        Action::First(s) => write!(out, "first-{}", crate::seat_name(s)),
        Action::Form(at) => write!(out, "form-{}", g.place_id(at)),
        Action::Add(p) => write!(out, "add-{}", piece(p)),
        Action::Remove(p) => write!(out, "remove-{}", piece(p)),
        Action::Light(u) => write!(out, "light-u{u}"),
        Action::Go => out.write_str("go"),
        Action::Combine(u) => write!(out, "combine-u{u}"),
        Action::FormLegion(u) => write!(out, "legion-u{u}"),
        Action::BreakDown(u) => write!(out, "break-down-u{u}"),
        Action::Step(sq) => write!(out, "step-{sq}"),
        Action::Drop(p) => write!(out, "drop-{}", piece(p)),
        Action::Halt => out.write_str("halt"),
        Action::EndMovement => out.write_str("end-movement"),
        Action::Recruit(face) => write!(out, "recruit-{}", fiw_face_id(face)),
        Action::BuySupply => out.write_str("buy-supply"),
        Action::Build(kind) => write!(out, "build-{}", crate::movement::marker_word(kind)),
        Action::Appoint(l) => write!(out, "appoint-{}", crate::tables::tables().forces.leaders[l as usize].id),
        Action::At(at) => write!(out, "at-{}", g.place_id(at)),
        Action::Commit => out.write_str("commit"),
        Action::Disband => out.write_str("disband"),
        Action::DisbandUnit(u) => write!(out, "disband-u{u}"),
        Action::DisbandMarker(sq, kind) => write!(out, "disband-{sq}-{}", crate::movement::marker_word(kind)),
        Action::Flip(u) => write!(out, "flip-u{u}"),
        Action::Release(l) => write!(out, "release-l{l}"),
        // 27.1 a piece the picker may not examine is named by its square
        // and kind (one choice per look-alike, `Fiw::as_seen`).
        Action::Pick(c) => match (g.stack.last(), c) {
            (Some(&Frame::EventChoice { seat, .. }), _) if let Some((sq, leader, _)) = g.unseen_look(seat, c) => {
                write!(out, "pick-{sq}-{}", if leader { "leader" } else { "unit" })
            }
            (_, crate::events::Choice::Unit(u)) => write!(out, "pick-u{u}"),
            (_, crate::events::Choice::Leader(l)) => write!(out, "pick-l{l}"),
            (_, crate::events::Choice::Sq(sq)) => write!(out, "pick-{sq}"),
            (_, crate::events::Choice::Colony(i)) => write!(out, "pick-{}", crate::map::Colony::ALL[i as usize].id()),
        },
        Action::Decline => out.write_str("decline"),
        Action::Negotiate { sq, village, leader } => {
            write!(
                out,
                "negotiate-{sq}-{}-l{leader}",
                if village { "village" } else { "capital" }
            )
        }
        Action::Spend(n) => write!(out, "spend-{n}"),
        Action::Counter(l) => write!(out, "counter-l{l}"),
        Action::Done => out.write_str("done"),
        Action::FormNaval(at) => write!(out, "naval-{}", g.place_id(at)),
        Action::Embark(p) => write!(out, "embark-{}", piece(p)),
        Action::SetSail => out.write_str("set-sail"),
        Action::Sail(to) => write!(out, "sail-{}", g.place_id(to)),
        Action::Raise(sq) => write!(out, "raise-{sq}"),
        Action::Provision(sq) => write!(out, "provision-{sq}"),
        Action::Starve(u) => write!(out, "starve-u{u}"),
        Action::Home(u) => write!(out, "home-u{u}"),
        a => crate::battle::write_id(a, out),
    }
}
