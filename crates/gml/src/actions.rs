//! The decisions a seat takes, as the engine sees them: small choices with
//! stable ids ("activate-washington", "step-albany", "done").

use crate::frames::Frame;
use crate::map::SpaceId;
use crate::state::{Gml, LeaderId, Place, UnitId};
use crate::tables::tables;
use engine::{ActionInfo, Describe, Seat};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Choose a space (a set-up line's, a militia unit's, a leader's 5.6).
    Place(SpaceId),
    /// 4.0 roll on the Command Table.
    Roll,
    /// 4.0 activate one unit or leader instead of rolling.
    Single,
    /// 4.0 activate a leader and his command.
    Activate(LeaderId),
    /// 6.15 activate a unit on its own.
    ActivateUnit(UnitId),
    /// 6.14 a unit in the leader's space joins the force of a leader of
    /// the activated command (the second), a subordinate's too (5.4).
    Join(UnitId, LeaderId),
    /// A unit of the command's forces stays out of this activation.
    Leave(UnitId),
    /// 5.4 a leader in the space serves under one of the activated
    /// leader's command (the second).
    Subordinate(LeaderId, LeaderId),
    /// 5.4 a leader serving in the command being formed leaves it, his own
    /// force and subordinates with him (ruling gml #72).
    Release(LeaderId),
    /// 6.12 a leader's group sets out.
    Move(LeaderId),
    /// 6.15 a unit moves on its own.
    MoveUnit(UnitId),
    /// 6.4 a unit entrenches.
    Entrench(UnitId),
    /// 6.6 one unit of those asked goes inside the fort; the others are
    /// asked again ("inside or outside the fort, or both").
    Inside(UnitId),
    /// 6.16 move on to a neighbouring space.
    Step(SpaceId),
    /// 6.13 a unit separates from the moving group and stays.
    Drop(UnitId),
    /// 6.2 a leader and his command go into reserve.
    Reserve(LeaderId),
    /// 6.21 a reserve interrupts the enemy's move.
    Interrupt(LeaderId),
    /// 6.3 an American unit withdraws to a space.
    Withdraw(UnitId, SpaceId),
    /// 7.0 a fleet, or a land unit on transports, sets sail.
    Sail(UnitId),
    /// 7.2 a leader goes aboard with the land unit setting sail (ruling
    /// gml #51).
    Board(LeaderId),
    /// 7.1 sail into a maritime zone.
    Sea(crate::map::ZoneId),
    /// 7.1 enter a port; a transported unit lands there (7.2).
    Land(SpaceId),
    /// Let the enemy's move go on (a reaction window).
    Decline,
    /// 8.0 E fight the voluntary combat in a space.
    Attack(SpaceId),
    /// 5.1, 5.3, 8.21 a leader's point to a unit (ruling gml #4).
    Bonus(UnitId),
    /// 8.2 step 4 an artillery unit fires at the trench or fort.
    Bombard(UnitId),
    /// 8.22 a unit takes a hit.
    Hit(UnitId),
    /// 8.2 steps 9-10 remain in combat; 8.251 point 2 continue it.
    Continue,
    /// 8.2 steps 9-10 retreat (8.25).
    Retreat,
    /// 8.251 retreat to a space.
    RetreatTo(SpaceId),
    /// 8.251 point 3 one of the two units that fight.
    Fighter(UnitId),
    /// 8.28 replace a unit with an experienced one.
    Promote(UnitId),
    Yes,
    No,
    /// 10.1, 10.2 a unit out of supply is one of those supplied
    /// automatically.
    Supply(UnitId),
    /// End the current choice (forming, orders, a move, the activations).
    Done,
}

impl Gml {
    /// A counter's id: its kind, home or tribe and number ("militia-ma-3",
    /// "british-12").
    pub fn unit_id(&self, u: UnitId) -> String {
        let c = self.counters(u);
        let kind = crate::forces::kind_word(c.kind);
        let ex = if c.experienced { "-ex" } else { "" };
        match &c.home {
            Some(h) => format!("{kind}-{h}{ex}-{u}"),
            None => format!("{kind}{ex}-{u}"),
        }
    }

    /// A counter as the log names it: "MA Militia", "experienced British unit".
    pub fn unit_name(&self, u: UnitId) -> String {
        crate::forces::counter_name(self.counters(u))
    }

    /// The unit's name with what tells it from alike units beside it
    /// (ruling gml #60): reduced, its works, its leader, and `more` (its
    /// value in a battle): "NC Militia (entrenched, under Nathanael
    /// Greene, value 7)".
    fn unit_told_apart(&self, u: UnitId, more: Option<String>) -> String {
        let how: Vec<String> = self.standing(u).into_iter().chain(more).collect();
        let name = self.unit_name(u);
        if how.is_empty() {
            name
        } else {
            format!("{name} ({})", how.join(", "))
        }
    }

    /// What sets a unit apart from others of its kind in a space, as the
    /// board and the choices name it: reduced (8.13, 8.22), entrenched (6.4),
    /// inside the fort (6.6), under a leader (5.2).
    pub fn standing(&self, u: UnitId) -> Vec<String> {
        let piece = &self.units[u as usize];
        [
            piece.reduced.then(|| "reduced".to_string()),
            piece.entrenched.then(|| "entrenched".to_string()),
            piece.inside.then(|| "inside the fort".to_string()),
            piece.leader.map(|l| format!("under {}", self.leader(l).name)),
        ]
        .into_iter()
        .flatten()
        .collect()
    }

    pub fn space_id(&self, s: SpaceId) -> &'static str {
        &tables().map.get(s).id
    }

    pub fn space_name(&self, s: SpaceId) -> &'static str {
        &tables().map.get(s).name
    }

    fn describe_action(&self, a: Action) -> (String, Option<String>, Option<&'static str>) {
        let space = |s: SpaceId| Some(self.space_id(s).to_string());
        let unit = |u: UnitId| Some(self.unit_id(u));
        let leader = |l: LeaderId| Some(self.leader(l).id.clone());
        match a {
            Action::Place(s) => {
                let what = match self.stack.last() {
                    Some(Frame::Raise { .. }) => "Place a militia unit",
                    Some(Frame::Relocate { leader, .. }) => {
                        return (
                            format!("Place {} in {} (5.6)", self.leader(*leader).name, self.space_name(s)),
                            space(s),
                            Some("Place the leader (5.6)"),
                        )
                    }
                    _ => "Deploy",
                };
                (format!("{what} in {}", self.space_name(s)), space(s), Some(what))
            }
            Action::Roll => ("Roll on the Command Table (4.1)".into(), None, None),
            Action::Single => ("Activate a single unit or leader (4.0)".into(), None, None),
            Action::Activate(l) => (
                format!("Activate {} and his command (4.0)", self.leader(l).name),
                leader(l),
                Some("Activate a leader (4.0)"),
            ),
            // Where it stands: alike units wait in several spaces.
            Action::ActivateUnit(u) => (
                match self.units[u as usize].at() {
                    Place::Space(s) => format!(
                        "Activate the {} in {} alone (6.15)",
                        self.unit_name(u),
                        self.space_name(s)
                    ),
                    _ => format!("Activate the {} alone (6.15)", self.unit_name(u)),
                },
                unit(u),
                Some("Activate a unit (6.15)"),
            ),
            Action::Join(u, l) => match self.units[u as usize]
                .leader
                .filter(|&x| self.leaders[x as usize].at == self.leaders[l as usize].at)
            {
                Some(from) => (
                    format!(
                        "Hand the {} from {} to {} (5.4)",
                        self.unit_name(u),
                        self.leader(from).name,
                        self.leader(l).name
                    ),
                    unit(u),
                    Some("Hand a unit to another leader (5.4)"),
                ),
                None => (
                    format!(
                        "Add the {} to {}'s force (6.14)",
                        self.unit_name(u),
                        self.leader(l).name
                    ),
                    unit(u),
                    Some("Add a unit (6.14)"),
                ),
            },
            Action::Leave(u) => (
                format!("Leave the {} out of the force (6.14)", self.unit_told_apart(u, None)),
                unit(u),
                Some("Leave a unit out (6.14)"),
            ),
            Action::Subordinate(l, to) => (
                format!("Place {} under {} (5.4)", self.leader(l).name, self.leader(to).name),
                leader(l),
                Some("Place a leader under command (5.4)"),
            ),
            Action::Release(l) => (
                format!(
                    "Release {} from {}'s command (5.4)",
                    self.leader(l).name,
                    self.leader(self.leaders[l as usize].under.expect("he serves")).name
                ),
                leader(l),
                Some("Release a leader (5.4)"),
            ),
            Action::Move(l) => (
                format!("Move {}'s group (6.12)", self.leader(l).name),
                leader(l),
                Some("Move a group (6.12)"),
            ),
            Action::MoveUnit(u) => (
                format!("Move the {} on its own (6.15)", self.unit_name(u)),
                unit(u),
                Some("Move a unit alone (6.15)"),
            ),
            Action::Entrench(u) => (
                format!("Entrench the {} (6.4)", self.unit_name(u)),
                unit(u),
                Some("Entrench (6.4)"),
            ),
            Action::Inside(u) => (
                format!(
                    "Send the {} inside the fort, the others to choose after (6.6)",
                    self.unit_name(u)
                ),
                unit(u),
                Some("Send one unit inside (6.6)"),
            ),
            Action::Step(s) => (
                match self.stack.last() {
                    Some(Frame::Move(m)) => format!("Move to {} {}", self.space_name(s), self.step_words(m, s)),
                    _ => format!("Move to {}", self.space_name(s)),
                },
                space(s),
                Some("Move to"),
            ),
            Action::Drop(u) => (
                format!("Leave the {} here (6.13)", self.unit_name(u)),
                unit(u),
                Some("Leave a unit here (6.13)"),
            ),
            Action::Reserve(l) => (
                match self.staying_behind(l) {
                    0 => format!("Place {} and his command in reserve (6.2)", self.leader(l).name),
                    n => format!(
                        "Place {} in reserve: {} that entrenched {} his command (6.2)",
                        self.leader(l).name,
                        engine::log::count(n, "unit"),
                        if n == 1 { "leaves" } else { "leave" }
                    ),
                },
                leader(l),
                Some("Place in reserve (6.2)"),
            ),
            Action::Interrupt(l) => (
                format!("Interrupt the move with {}'s reserve (6.21)", self.leader(l).name),
                leader(l),
                Some("Move a reserve (6.21)"),
            ),
            Action::Withdraw(u, s) => (
                format!(
                    "Withdraw the {} to {} (6.3)",
                    self.unit_told_apart(u, None),
                    self.space_name(s)
                ),
                space(s),
                Some("Withdraw (6.3)"),
            ),
            Action::Decline => match self.stack.last() {
                Some(Frame::Interrupt { .. }) => ("Let the move go on (6.21)".into(), None, None),
                _ => ("Stay: let the move go on (6.3)".into(), None, None),
            },
            // Where it lies: alike units wait in several ports (Oswego, New York).
            Action::Sail(u) => (
                match self.units[u as usize].at() {
                    Place::Space(s) => format!("Sail with the {} from {} (7.0)", self.unit_name(u), self.space_name(s)),
                    _ => format!("Sail with the {} (7.0)", self.unit_name(u)),
                },
                unit(u),
                Some("Sail (7.0)"),
            ),
            Action::Board(l) => {
                let Some(Frame::Voyage(v)) = self.stack.last() else {
                    unreachable!("a leader boards on a voyage")
                };
                (
                    format!(
                        "{} goes aboard with the {} (7.2)",
                        self.leader(l).name,
                        self.unit_name(v.unit)
                    ),
                    leader(l),
                    Some("Go aboard (7.2)"),
                )
            }
            Action::Sea(z) => (
                format!("Sail to {} (7.1)", tables().map.zones[z as usize].name),
                Some(tables().map.zones[z as usize].id.clone()),
                Some("Sail to a zone (7.1)"),
            ),
            Action::Land(s) => (
                format!("Enter port at {} (7.1)", self.space_name(s)),
                space(s),
                Some("Enter port (7.1)"),
            ),
            Action::Supply(u) => {
                let rule = if self.side(u) == crate::forces::AMERICAN {
                    "10.1"
                } else {
                    "10.2"
                };
                (
                    format!("Supply the {} automatically ({rule})", self.unit_told_apart(u, None)),
                    unit(u),
                    Some("Supply automatically"),
                )
            }
            Action::Attack(s) => (
                format!("Fight the combat in {} (8.0 E)", self.space_name(s)),
                space(s),
                Some("Fight a combat (8.0 E)"),
            ),
            // Its value now and with the point (8.21's 1-7 bounds the sum:
            // a point past 7 counts only against a minus).
            Action::Bonus(u) => (
                match self.battle() {
                    Some(b) => format!(
                        "Add a point to the {} ({} → {}) (8.21)",
                        self.unit_name(u),
                        self.combat_value(b, u),
                        self.combat_value_with(b, u, 1)
                    ),
                    None => format!("Add a point to the {} (8.21)", self.unit_name(u)),
                },
                unit(u),
                Some("Add a leader's point (8.21)"),
            ),
            Action::Bombard(u) => (
                format!("The {} fires at the works (8.2 step 4)", self.unit_name(u)),
                unit(u),
                Some("Fire at the works (8.2)"),
            ),
            Action::Hit(u) if matches!(self.stack.last(), Some(Frame::Sink { .. })) => (
                format!("The {} is lost with its transports (8.17)", self.unit_name(u)),
                unit(u),
                Some("Lose a unit at sea (8.17)"),
            ),
            Action::Hit(u) => (
                {
                    let value = self.battle().map(|b| format!("value {}", self.combat_value(b, u)));
                    let name = self.unit_told_apart(u, value);
                    if self.units[u as usize].reduced {
                        format!("The {name} takes the hit and is eliminated (8.22)")
                    } else {
                        format!("The {name} takes the hit (8.22)")
                    }
                },
                unit(u),
                Some("Take a hit (8.22)"),
            ),
            Action::Continue => {
                let text = match self.stack.last() {
                    Some(Frame::Battle(b)) if matches!(b.stage, crate::combat::Stage::Shelter { .. }) => {
                        "Continue the combat (8.251)"
                    }
                    Some(Frame::Battle(b)) if matches!(b.stage, crate::combat::Stage::Evade { .. }) => {
                        "Fight the combat (5.5)"
                    }
                    _ => "Remain in combat (8.2)",
                };
                (text.into(), None, None)
            }
            Action::Retreat => {
                let text = match self.stack.last() {
                    Some(Frame::Battle(b)) if matches!(b.stage, crate::combat::Stage::Evade { .. }) => {
                        "Retreat before combat (5.5, 8.25)".to_string()
                    }
                    // Say what the retreat would cost: units with nowhere to
                    // go leave the game (8.25, ruling gml #26).
                    Some(Frame::Battle(b)) => {
                        let lost = match b.stage {
                            crate::combat::Stage::Stay { seat } => self.retreat_losses(b, seat),
                            _ => Vec::new(),
                        };
                        if lost.is_empty() {
                            "Retreat (8.25)".to_string()
                        } else {
                            format!(
                                "Retreat (8.25): {} would be eliminated from the game, with nowhere to go",
                                self.units_words(&lost)
                            )
                        }
                    }
                    _ => "Retreat (8.25)".to_string(),
                };
                (text, None, None)
            }
            Action::RetreatTo(s) => (
                format!("Retreat to {} (8.251)", self.space_name(s)),
                space(s),
                Some("Retreat to (8.251)"),
            ),
            Action::Fighter(u) => (
                format!("The {} fights its way in (8.251)", self.unit_name(u)),
                unit(u),
                Some("Fight the enemy unit (8.251)"),
            ),
            Action::Promote(u) => (
                format!("Replace the {} with an experienced unit (8.28)", self.unit_name(u)),
                unit(u),
                Some("Ascension (8.28)"),
            ),
            Action::Yes | Action::No => {
                let yes = a == Action::Yes;
                let text = match self.stack.last() {
                    Some(Frame::Fort { .. }) if yes => "Go inside the fort (6.6)",
                    Some(Frame::Fort { .. }) => "Stay outside the fort (6.6)",
                    Some(Frame::Overrun { .. }) if yes => "Carry out an overrun (6.5)",
                    Some(Frame::Overrun { .. }) => "No overrun (6.5)",
                    _ if yes => "Yes",
                    _ => "No",
                };
                (text.into(), None, None)
            }
            Action::Done => {
                let text = match self.stack.last() {
                    Some(Frame::Form { .. }) => "Done forming the command (6.14)",
                    Some(Frame::Orders(_)) => "End this activation",
                    Some(Frame::Move(_)) => "Stop here",
                    Some(Frame::Activations { left, .. }) if *left > 0 => {
                        return (format!("End the activations ({left} left unused)"), None, None)
                    }
                    Some(Frame::Activations { .. }) => "End the activations",
                    Some(Frame::Naval { .. }) => "End naval movement (7.0)",
                    Some(Frame::Voyage(_)) => "End this voyage",
                    Some(Frame::Combats(_)) => "Fight no more combats (8.0 E)",
                    Some(Frame::Battle(_)) => match self.battle().map(|b| &b.stage) {
                        Some(crate::combat::Stage::Bombard { .. }) => "Done designating artillery (8.2 step 4)",
                        Some(crate::combat::Stage::Shelter { .. }) => "End the combat (8.251)",
                        _ => "No ascension (8.28)",
                    },
                    _ => "Done",
                };
                (text.into(), None, None)
            }
        }
    }
}

impl Gml {
    /// What a player should know before taking an action that costs more
    /// than its label says (the browser asks to confirm it).
    fn warning(&self, a: Action) -> Option<String> {
        match (a, self.stack.last()) {
            (Action::Done, Some(Frame::Activations { left, .. })) if *left > 0 => Some(format!(
                "{} unused: ending the activations loses {}",
                engine::log::count(*left, "activation"),
                if *left == 1 { "it" } else { "them" }
            )),
            (Action::Bombard(_), Some(Frame::Battle(b))) => self.lone_gun_at_a_fort(b),
            _ => None,
        }
    }
}

impl Describe for Gml {
    fn describe(&self, _seat: Seat, a: &Action) -> ActionInfo {
        let (label, target, group) = self.describe_action(*a);
        let irreversible = matches!(a, Action::Roll);
        let mut id = String::new();
        write_id(self, *a, &mut id).expect("writing to a String");
        ActionInfo {
            id,
            label,
            group: target.as_ref().and(group.map(str::to_string)),
            target,
            warning: self.warning(*a),
            irreversible,
        }
    }

    fn write_id(&self, _seat: Seat, a: &Action, out: &mut dyn fmt::Write) -> fmt::Result {
        write_id(self, *a, out)
    }

    fn why_not(&self, seat: Seat, target: &str) -> Vec<engine::Forbidden> {
        Gml::why_not(self, seat, target)
    }
}

fn write_id(g: &Gml, a: Action, out: &mut dyn fmt::Write) -> fmt::Result {
    match a {
        Action::Place(s) => write!(out, "place-{}", g.space_id(s)),
        Action::Roll => out.write_str("roll"),
        Action::Single => out.write_str("single"),
        Action::Activate(l) => write!(out, "activate-{}", g.leader(l).id),
        Action::ActivateUnit(u) => write!(out, "activate-{}", g.unit_id(u)),
        Action::Join(u, l) => write!(out, "join-{}-to-{}", g.unit_id(u), g.leader(l).id),
        Action::Leave(u) => write!(out, "leave-{}", g.unit_id(u)),
        Action::Subordinate(l, to) => write!(out, "subordinate-{}-to-{}", g.leader(l).id, g.leader(to).id),
        Action::Release(l) => write!(out, "release-{}", g.leader(l).id),
        Action::Move(l) => write!(out, "move-{}", g.leader(l).id),
        Action::MoveUnit(u) => write!(out, "move-{}", g.unit_id(u)),
        Action::Entrench(u) => write!(out, "entrench-{}", g.unit_id(u)),
        Action::Inside(u) => write!(out, "inside-{}", g.unit_id(u)),
        Action::Step(s) => write!(out, "step-{}", g.space_id(s)),
        Action::Drop(u) => write!(out, "drop-{}", g.unit_id(u)),
        Action::Reserve(l) => write!(out, "reserve-{}", g.leader(l).id),
        Action::Interrupt(l) => write!(out, "interrupt-{}", g.leader(l).id),
        Action::Withdraw(u, s) => write!(out, "withdraw-{}-to-{}", g.unit_id(u), g.space_id(s)),
        Action::Decline => out.write_str("decline"),
        Action::Sail(u) => write!(out, "sail-{}", g.unit_id(u)),
        Action::Board(l) => write!(out, "board-{}", g.leader(l).id),
        Action::Sea(z) => write!(out, "sea-{}", tables().map.zones[z as usize].id),
        Action::Land(s) => write!(out, "land-{}", g.space_id(s)),
        Action::Supply(u) => write!(out, "supply-{}", g.unit_id(u)),
        Action::Attack(s) => write!(out, "fight-{}", g.space_id(s)),
        Action::Bonus(u) => write!(out, "bonus-{}", g.unit_id(u)),
        Action::Bombard(u) => write!(out, "bombard-{}", g.unit_id(u)),
        Action::Hit(u) => write!(out, "hit-{}", g.unit_id(u)),
        Action::Continue => out.write_str("continue"),
        Action::Retreat => out.write_str("retreat"),
        Action::RetreatTo(s) => write!(out, "retreat-{}", g.space_id(s)),
        Action::Fighter(u) => write!(out, "breakout-{}", g.unit_id(u)),
        Action::Promote(u) => write!(out, "promote-{}", g.unit_id(u)),
        Action::Yes => out.write_str("yes"),
        Action::No => out.write_str("no"),
        Action::Done => out.write_str("done"),
    }
}
