//! 15.0 Combat: the combat sub-phase of an operations phase. Every square
//! holding combat units of both sides is a battle (15.21, 15.22), but a
//! siege, where combat is optional (23.23); the forces are revealed (15.1,
//! 27.1), the defender may withdraw (15.5), the attacker picks the table
//! (15.6), the defender his one multiple (15.74), the leaders modify the
//! die (15.8) and the result is applied at once (15.9): losses, retreats
//! (ruling fiw #4), leaders killed (17.4). Then the Capture Table for the
//! loser's markers (22.6), the Balance of Power (4.1), and at the end of
//! the sub-phase the capture of leaders left alone with the enemy (17.4,
//! 17.41, 17.42) and the destruction of markers (22.5). The tables
//! themselves are in `combat.rs`.

use crate::actions::{Action, Piece};
use crate::balance::Favours;
use crate::civilization::{Capture, Marker};
use crate::combat::{self, Crt, Loss, SideResult};
use crate::forces::UnitType;
use crate::frames::Frame;
use crate::map::{Colony, Navy, Settlement, Sq, Touch, Works};
use crate::state::{enemy, side_name, Base, Fiw, LeaderId, Place, UnitId};
use crate::tables::tables;
use crate::terrain::{Defender, ROWS};
use engine::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The combat sub-phase of the phasing `seat` (12.0): its battles square by
/// square, then what happens at its end.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Combats {
    pub seat: Seat,
    /// 15.22 the squares attacked (or, 23.23, left alone) this sub-phase:
    /// one attack per square.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fought: Vec<Sq>,
    pub stage: After,
}

/// Where the combat sub-phase stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum After {
    /// 15.21 the next battle.
    Battles,
    /// 17.4 the next enemy leader left alone with the phasing side's units.
    Captures,
    /// 17.41 the leader escapes: his owner picks among the nearest squares
    /// (ruling fiw #32).
    Escape(LeaderId),
    /// 17.42 the leader was captured by Indians: execute him or not.
    Execute(LeaderId),
    /// 22.5 the phasing player may destroy markers.
    Destroy,
}

impl Combats {
    /// The seat deciding now, if any.
    pub fn seat(&self) -> Option<Seat> {
        match self.stage {
            After::Battles | After::Captures => None,
            // Only the phasing side's enemy's leaders are captured (17.4).
            After::Escape(_) => Some(enemy(self.seat)),
            After::Execute(_) | After::Destroy => Some(self.seat),
        }
    }
}

/// One battle (15.1).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Battle {
    pub sq: Sq,
    /// 15.0 the phasing player.
    pub attacker: Seat,
    /// 23.2 a siege square: some units there are inside the fortress.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub siege: bool,
    pub stage: Stage,
    /// 15.6 the table in use.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crt: Option<Crt>,
    /// 15.74 the defender's one multiple: a row of [`ROWS`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub feature: Option<u8>,
    /// 15.9 what is left to apply of the result, in its order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub effects: Vec<Effect>,
    /// 4.1 per side, the regimental equivalents (in thirds, ruling fiw
    /// #23) of its non-Indian combat units eliminated in this combat.
    #[serde(default)]
    pub lost: [u32; 2],
    /// The seat whose decision the battle waits for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decide: Option<Seat>,
    /// 12.3 the attacker's units that operate by attacking in a 4th-phase
    /// siege without having moved: they roll winter attrition when the
    /// combat is over (ruling fiw #48).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attrition: Vec<UnitId>,
    /// 26.0 the legions that have had their choice of heavy or light for
    /// this combat: once each, as while forming (ruling fiw #49); the
    /// attacker's that formed a force this phase chose then (ruling fiw
    /// #13).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub switched: Vec<UnitId>,
}

/// The steps of 15.1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// 23.23 the attacker decides whether to attack in a siege square.
    Siege,
    /// 15.1 all attacking and defending units are revealed.
    Reveal,
    /// 15.5 the defender may withdraw.
    Withdraw,
    /// 15.6 the attacker's table.
    Crt,
    /// 15.74 the defender's multiple.
    Defend,
    /// 15.7, 15.8 the odds and the die.
    Roll,
    /// 15.9 the result's effects, in order.
    Apply,
    /// 22.6, 4.1 after the battle.
    Over,
}

/// Why a force may not retreat or withdraw into a square (ruling fiw #4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RetreatBar {
    /// Not one square away.
    Far,
    /// 13.2 across a vertex, and not every piece is light.
    Vertex,
    /// Enemy combat units are there.
    Enemy,
    /// 5.3 Florida while Spain is neutral.
    Florida,
    /// 13.71 all water, or an all-water side or vertex, for land units.
    Water,
    /// 20.1, 20.2 where its naval units may not sail.
    NoSailing,
}

/// One effect of a result on one side (15.9, `combat::CODES`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Effect {
    /// Units of printed strength `owe` more, the owner choosing.
    Half { side: Seat, owe: u32 },
    /// The whole force.
    All(Seat),
    /// 17.4 all its leaders.
    Leaders(Seat),
    /// A one-square retreat (ruling fiw #4).
    Retreat(Seat),
}

impl Battle {
    /// The seat deciding now, if any.
    pub fn seat(&self) -> Option<Seat> {
        self.decide
    }

    pub fn defender(&self) -> Seat {
        enemy(self.attacker)
    }
}

/// The pieces that retreat together (ruling fiw #4).
struct Group {
    units: Vec<UnitId>,
    leaders: Vec<LeaderId>,
    /// Every piece is light (13.2: it may cross a vertex).
    light: bool,
    /// Every unit is naval (20.1: it sails, never marches).
    naval: bool,
}

/// The stable ids of the combat actions.
pub fn write_id(a: Action, out: &mut dyn fmt::Write) -> fmt::Result {
    match a {
        Action::Attack(sq) => write!(out, "attack-{sq}"),
        Action::NoAttack(sq) => write!(out, "no-attack-{sq}"),
        Action::Withdraw(sq) => write!(out, "withdraw-{sq}"),
        Action::Stand => out.write_str("stand"),
        Action::Crt(Crt::Linear) => out.write_str("crt-linear"),
        Action::Crt(Crt::Raid) => out.write_str("crt-raid"),
        Action::Defend(i) => write!(out, "defend-{}", ROWS[usize::from(i)].0),
        Action::Lose(u) => write!(out, "lose-u{u}"),
        Action::Retreat(sq) => write!(out, "retreat-{sq}"),
        Action::Escape(sq) => write!(out, "escape-{sq}"),
        Action::Execute => out.write_str("execute"),
        Action::Spare => out.write_str("spare"),
        Action::Destroy(sq, m) => write!(out, "destroy-{sq}-{}", crate::movement::marker_word(m)),
        Action::EndCombat => out.write_str("end-combat"),
        _ => unreachable!("only combat actions"),
    }
}

/// A row of the Terrain Effects Chart in words: "wilderness terrain",
/// "the fortress".
fn feature_words(i: u8) -> String {
    match ROWS[usize::from(i)] {
        (id, crate::terrain::Kind::Terrain) => format!("{id} terrain"),
        (id, _) => format!("the {id}"),
    }
}

fn crt_name(c: Crt) -> &'static str {
    match c {
        Crt::Linear => "Linear",
        Crt::Raid => "Raid",
    }
}

fn row_index(id: &str) -> u8 {
    ROWS.iter().position(|(r, _)| *r == id).expect("a row of the chart") as u8
}

fn navy(kind: UnitType) -> Navy {
    if kind == UnitType::Fleet {
        Navy::Fleet
    } else {
        Navy::Flotilla
    }
}

impl Fiw {
    /// 15.21 the combat sub-phase begins.
    pub fn begin_combat(&mut self, seat: Seat) {
        self.stack.push(Frame::Combats(Combats {
            seat,
            fought: Vec::new(),
            stage: After::Battles,
        }));
    }

    /// 27.1 (2) the square of the battle under way, if any.
    pub fn battle_square(&self) -> Option<Sq> {
        self.stack.iter().rev().find_map(|f| match f {
            Frame::Battle(b) => Some(b.sq),
            _ => None,
        })
    }

    /// 23.22 enemy combat units first enter a fortress square holding
    /// `seat`'s enemy's combat units: those units and leaders are inside
    /// the fortress, a siege (ruling fiw #17). Only the side holding the
    /// fortress (22.4) has units inside it: enemy pieces already in its
    /// square (a fleet that took no marker, #9) are no garrison, and the
    /// battle with them is an ordinary one (ruling fiw #83).
    pub fn invest(&mut self, seat: Seat, sq: Sq) {
        let besieged = enemy(seat);
        // ruling: fiw #83
        if self.works(sq) != Some((Works::Fortress, besieged)) || !self.has_units(sq, besieged) {
            return;
        }
        // A landing after the fleet that carried it began the siege.
        if self.side_at(sq, besieged).any(|u| self.units[u as usize].inside) {
            return;
        }
        // ruling: fiw #17
        let units: Vec<UnitId> = self.side_at(sq, besieged).collect();
        for u in units {
            self.units[u as usize].inside = true;
        }
        let leaders: Vec<LeaderId> = self.side_leaders_at(sq, besieged).collect();
        for l in leaders {
            self.leaders[l as usize].inside = true;
        }
        let at = self.sq_name(sq);
        self.core.log.say_at(
            "23.2",
            || vec![sq.to_string()],
            || format!("The {} in the fortress of {at} are besieged.", side_name(besieged)),
        );
    }

    /// One automatic step of the combat frames; false when a seat must
    /// decide.
    pub fn combat_step(&mut self) -> bool {
        match self.stack.last() {
            Some(Frame::Battle(b)) if b.decide.is_none() => self.battle_step(),
            Some(Frame::Combats(c)) if c.seat().is_none() => self.combats_step(),
            _ => return false,
        }
        true
    }

    fn battle(&self) -> &Battle {
        match self.stack.last() {
            Some(Frame::Battle(b)) => b,
            _ => unreachable!("a battle is under way"),
        }
    }

    fn combats(&self) -> &Combats {
        match self.stack.last() {
            Some(Frame::Combats(c)) => c,
            _ => unreachable!("the combat sub-phase is under way"),
        }
    }

    fn set_battle(&mut self, b: Battle) {
        *self.stack.last_mut().expect("the battle") = Frame::Battle(Box::new(b));
    }

    fn set_combats(&mut self, c: Combats) {
        *self.stack.last_mut().expect("the sub-phase") = Frame::Combats(c);
    }

    // ----- the sub-phase -----

    /// 15.21, 15.22 the next square holding combat units of both sides and
    /// not yet attacked this sub-phase.
    fn next_battle(&self, c: &Combats) -> Option<Sq> {
        // ruling: fiw #16 (combat units only: a leader alone never attacks)
        crate::units::squares(&self.units)
            .find(|&sq| !c.fought.contains(&sq) && self.has_units(sq, c.seat) && self.has_units(sq, enemy(c.seat)))
    }

    /// 17.4 the next enemy leader in a square with the phasing side's
    /// combat units and none of his own beside him (17.43: combat units
    /// only). 23.22, 23.24 a besieged garrison shields only the leaders
    /// inside with it: one outside its fortress with no friendly combat
    /// unit outside stands alone among the besiegers (ruling fiw #82, as
    /// #76 for an escaping leader).
    fn next_capture(&self, seat: Seat) -> Option<LeaderId> {
        // ruling: fiw #16
        // ruling: fiw #2 (3.1's "leader captures (rule 16.41)" are 17.41's;
        // its massacres are optional rule 31, not in play)
        (0..self.leaders.len() as LeaderId).find(|&l| {
            let g = &self.leaders[l as usize];
            let Place::Sq(sq) = g.at else { return false };
            // ruling: fiw #82
            let inside = self.shut_in(Piece::Leader(l));
            let shielded = self.side_at(sq, g.side).any(|u| self.shut_in(Piece::Unit(u)) == inside);
            g.side != seat && self.has_units(sq, seat) && !shielded
        })
    }

    /// 22.5 the markers the phasing player may destroy: in squares his
    /// combat units occupy (ruling fiw #26), as in 22.4 land combat units
    /// (ruling fiw #84: naval units alone take no marker, #9, nor destroy
    /// one), and not in sieges: a fortress with a garrison inside (ruling
    /// fiw #83, #17).
    pub fn destroyable(&self, seat: Seat) -> Vec<(Sq, Marker)> {
        let mut out: Vec<(Sq, Marker)> = Vec::new();
        for c in &self.civs {
            // ruling: fiw #26, #84
            let occupied = self.side_at(c.sq, seat).any(|u| self.occupier(u) && !self.is_naval(u));
            // ruling: fiw #83
            if occupied && !self.besieged(c.sq) && !out.contains(&(c.sq, c.kind)) {
                out.push((c.sq, c.kind));
            }
        }
        out
    }

    fn combats_step(&mut self) {
        let mut c = self.combats().clone();
        match c.stage {
            After::Battles => match self.next_battle(&c) {
                Some(sq) => {
                    c.fought.push(sq);
                    let siege = self.fortified(sq) == Some(Works::Fortress)
                        && self.units_at(sq).any(|u| self.units[u as usize].inside);
                    self.set_combats(c.clone());
                    self.stack.push(Frame::Battle(Box::new(Battle {
                        sq,
                        attacker: c.seat,
                        siege,
                        // ruling: fiw #17
                        stage: if siege { Stage::Siege } else { Stage::Reveal },
                        crt: None,
                        feature: None,
                        effects: Vec::new(),
                        lost: [0, 0],
                        decide: siege.then_some(c.seat),
                        attrition: Vec::new(),
                        // ruling: fiw #13
                        switched: self.formed_legions(sq, c.seat),
                    })));
                    return;
                }
                None => c.stage = After::Captures,
            },
            After::Captures => match self.next_capture(c.seat) {
                Some(l) => {
                    if let Some(next) = self.capture(c.seat, l) {
                        c.stage = next;
                    }
                }
                None => {
                    if self.destroyable(c.seat).is_empty() {
                        // 22.5 nothing to destroy: the phasing seat is not
                        // asked. Whether it could destroy rests on its
                        // face-down units (a fleet or a regiment in a
                        // port, 27.1), so the enemy learns it here: an
                        // undo barrier, or the enemy's last choice (a
                        // withdrawal, an escape) could be taken back
                        // knowing it.
                        self.core.dice.reveal();
                        self.stack.pop();
                        return;
                    }
                    c.stage = After::Destroy;
                }
            },
            After::Escape(_) | After::Execute(_) | After::Destroy => unreachable!("decisions"),
        }
        self.set_combats(c);
    }

    /// 17.41 the capture roll for a leader: he escapes (his owner choosing
    /// among the nearest squares if several: the next stage), a named
    /// leader is captured (17.42: the Indians' captor may then execute
    /// him), a brigadier or chief eliminated.
    fn capture(&mut self, seat: Seat, l: LeaderId) -> Option<After> {
        let Place::Sq(sq) = self.leaders[l as usize].at else {
            unreachable!("a leader on the map")
        };
        let leader = self.leader(l);
        // 25.3 an Indian leader's diplomacy counts only in Indian villages.
        let diplomacy = if leader.side.is_none() && tables().map.village(sq).is_none() {
            0
        } else {
            leader.diplomacy
        };
        let total = leader.military + diplomacy;
        let roll = self.core.dice.d6();
        let (name, at) = (leader.name.clone(), self.sq_name(sq));
        let them = side_name(seat);
        if roll <= total {
            self.core.log.roll_at(
                "17.41",
                &[roll],
                || vec![sq.to_string()],
                || {
                    format!(
                        "{name}, alone with {them} units in {at}, rolls {roll} against {total} \
                         (military {} + diplomacy {diplomacy}) and escapes.",
                        leader.military
                    )
                },
            );
            let nearest = self.nearest_friends(self.leaders[l as usize].side, sq);
            return match nearest.as_slice() {
                [] => {
                    let base = if self.leaders[l as usize].side == crate::forces::BRITISH {
                        Base::Britain
                    } else {
                        Base::France
                    };
                    self.escape_to(l, Place::Base(base));
                    None
                }
                [one] => {
                    self.escape_to(l, Place::Sq(*one));
                    None
                }
                _ => Some(After::Escape(l)),
            };
        }
        if !leader.named() {
            self.leaders[l as usize].at = Place::Pool;
            self.leaders[l as usize].inside = false;
            self.core.log.roll_at(
                "17.41",
                &[roll],
                || vec![sq.to_string()],
                || {
                    format!(
                        "The {name}, alone with {them} units in {at}, rolls {roll} against {total} \
                         and is eliminated (17.44: he may be recruited again)."
                    )
                },
            );
            return None;
        }
        self.leaders[l as usize].at = Place::Prisoner;
        self.leaders[l as usize].inside = false;
        self.core.log.roll_at(
            "17.41",
            &[roll],
            || vec![sq.to_string()],
            || format!("{name}, alone with {them} units in {at}, rolls {roll} against {total} and is captured."),
        );
        self.balance_change("leader-eliminated", seat, 1, || format!("{name} is captured"));
        // 17.42 only when every capturing unit is an Indian.
        let indians = self.side_at(sq, seat).all(|u| self.is_indian(u));
        indians.then_some(After::Execute(l))
    }

    /// 17.41 the squares with the leader's side's combat units nearest to
    /// `from`: fewest squares, a diagonal step counting one (ruling fiw
    /// #32), counting only [`Fiw::escape_friend`]s.
    pub(crate) fn nearest_friends(&self, side: Seat, from: Sq) -> Vec<Sq> {
        // ruling: fiw #32
        let distance = |s: Sq| s.king_moves(from);
        let mut squares = self.unit_squares(|u| self.escape_friend(u, side));
        let Some(best) = squares.iter().map(|&s| distance(s)).min() else {
            return Vec::new();
        };
        squares.retain(|&s| distance(s) == best);
        squares
    }

    /// 17.41 a unit of a stack an escaping leader may be placed on: 5.3,
    /// 28.1 neutral Spanish units are no friends of the French; 23.22,
    /// 23.24 a besieged garrison is none either: he may not enter its
    /// fortress, and beside it he would stand among the besiegers (ruling
    /// fiw #76). A relief force beside it is a stack outside the fortress.
    pub(crate) fn escape_friend(&self, u: UnitId, side: Seat) -> bool {
        // ruling: fiw #76
        self.usable(u, side) && !self.shut_in(Piece::Unit(u))
    }

    /// 17.41 the escaping leader is placed with his friends (with none on
    /// the map, in his side's home base).
    fn escape_to(&mut self, l: LeaderId, to: Place) {
        let g = &mut self.leaders[l as usize];
        g.at = to;
        g.inside = false;
        let (name, there) = (self.leader(l).name.clone(), self.place_name(to));
        self.core.log.say("17.41", || format!("{name} escapes to {there}."));
    }

    /// The legal actions of the sub-phase's decisions.
    pub fn combats_legal(&self, c: &Combats, out: &mut Vec<Action>) {
        match c.stage {
            After::Escape(l) => {
                if let Place::Sq(sq) = self.leaders[l as usize].at {
                    let side = self.leaders[l as usize].side;
                    out.extend(self.nearest_friends(side, sq).into_iter().map(Action::Escape));
                }
            }
            After::Execute(_) => out.extend([Action::Execute, Action::Spare]),
            After::Destroy => {
                out.extend(
                    self.destroyable(c.seat)
                        .into_iter()
                        .map(|(sq, m)| Action::Destroy(sq, m)),
                );
                out.push(Action::EndCombat);
            }
            After::Battles | After::Captures => {}
        }
    }

    fn combats_perform(&mut self, a: Action) {
        let mut c = self.combats().clone();
        match (c.stage, a) {
            (After::Escape(l), Action::Escape(sq)) => {
                self.escape_to(l, Place::Sq(sq));
                c.stage = After::Captures;
            }
            (After::Execute(l), Action::Execute) => {
                // 17.42 permanently eliminated.
                self.leaders[l as usize].at = Place::Gone;
                let name = self.leader(l).name.clone();
                let side = self.leaders[l as usize].side;
                self.core.log.say("17.42", || format!("The Indians execute {name}."));
                self.balance_change("leader-executed", enemy(side), 1, || format!("{name} is executed"));
                c.stage = After::Captures;
            }
            (After::Execute(l), Action::Spare) => {
                let name = self.leader(l).name.clone();
                self.core.log.say("17.42", || format!("{name} is kept prisoner."));
                c.stage = After::Captures;
            }
            (After::Destroy, Action::Destroy(sq, kind)) => {
                let i = self
                    .civs
                    .iter()
                    .position(|x| x.sq == sq && x.kind == kind)
                    .expect("a legal marker");
                let gone = self.civs.remove(i);
                let (side, at) = (side_name(gone.side), self.sq_name(sq));
                let word = crate::movement::marker_word(kind);
                self.core.log.say_at(
                    "22.5",
                    || vec![sq.to_string()],
                    || format!("The {} destroy the {side} {word} in {at}.", side_name(c.seat)),
                );
                if self.destroyable(c.seat).is_empty() {
                    self.stack.pop();
                    return;
                }
            }
            (After::Destroy, Action::EndCombat) => {
                self.stack.pop();
                return;
            }
            _ => unreachable!("only legal actions reach perform"),
        }
        self.set_combats(c);
    }

    // ----- one battle -----

    /// 23.2 the side whose units are inside the fortress of a siege square.
    fn besieged_side(&self, b: &Battle) -> Option<Seat> {
        if !b.siege {
            return None;
        }
        self.units_at(b.sq)
            .find(|&u| self.units[u as usize].inside)
            .map(|u| self.side(u))
    }

    /// 23.22 the besieged attack out of their fortress: the besiegers
    /// defend as in a settlement square.
    /// 15.74, 22.4 the fort or fortress of the square if it is the
    /// defender's: a marker serves the side that holds it, never units of
    /// the enemy raised or standing beside it (ruling fiw #64).
    /// The works the defender holds: a fortress only with some of them
    /// inside it (23.25: a relief force gains nothing from it).
    fn defenders_works(&self, b: &Battle) -> Option<Works> {
        self.works(b.sq)
            .filter(|&(_, side)| side == b.defender())
            .map(|(w, _)| w)
            .filter(|&w| {
                w != Works::Fortress || self.side_at(b.sq, b.defender()).any(|u| self.units[u as usize].inside)
            })
    }

    fn sally(&self, b: &Battle) -> bool {
        self.besieged_side(b) == Some(b.attacker)
    }

    fn strength(&self, units: impl Iterator<Item = UnitId>) -> u32 {
        units.map(|u| u32::from(self.face(u).combat)).sum()
    }

    fn force_words(&self, sq: Sq, side: Seat) -> String {
        let mut names: Vec<String> = self.side_at(sq, side).map(|u| self.unit_name(u)).collect();
        names.extend(self.side_leaders_at(sq, side).map(|l| self.leader(l).name.clone()));
        engine::log::list(&names)
    }

    /// 15.1, 27.1 (2) every unit of the battle is revealed.
    fn reveal(&mut self, b: &Battle) {
        // Only words: a playout with its log off skips the unit names.
        if !self.core.log.enabled() {
            return;
        }
        let sq = b.sq;
        let (att, def) = (b.attacker, b.defender());
        let at = self.sq_name(sq);
        let (a_words, d_words) = (self.force_words(sq, att), self.force_words(sq, def));
        let (a_str, d_str) = (
            self.strength(self.side_at(sq, att)),
            self.strength(self.side_at(sq, def)),
        );
        self.core.log.say_at(
            "15.1",
            || vec![sq.to_string()],
            || {
                format!(
                    "Combat in {at}: the {} attack with {a_words} (strength {a_str}); the {} defend with \
                     {d_words} (strength {d_str}).",
                    side_name(att),
                    side_name(def)
                )
            },
        );
    }

    /// 15.5 the squares the defender may withdraw into: when none of his
    /// units is shut in a fortress (23.24) and his slowest combat unit's
    /// printed movement factor is higher than the attacker's fastest
    /// (ruling fiw #15), a one-square retreat of his choice (ruling fiw #4).
    pub fn withdrawals(&self, b: &Battle) -> Vec<Sq> {
        let (att, def) = (b.attacker, b.defender());
        if self.side_at(b.sq, def).any(|u| self.units[u as usize].inside) {
            return Vec::new();
        }
        // ruling: fiw #15
        let slowest = self.side_at(b.sq, def).map(|u| self.face(u).movement).min();
        let fastest = self.side_at(b.sq, att).map(|u| self.face(u).movement).max();
        match (slowest, fastest) {
            (Some(s), Some(f)) if s > f => {}
            _ => return Vec::new(),
        }
        let group = self.retreat_group(b.sq, def);
        // Ruling fiw #91: a withdrawal is chosen, and militia bound to a
        // colony may never leave it (13.8, 24.1); nor may the provincials
        // of a passive colony (5.26, ruling fiw #28, #96).
        // ruling: fiw #96
        self.retreat_squares(b.sq, def, &group)
            .into_iter()
            .filter(|&to| self.kept_out(&group.units, to).is_empty())
            .collect()
    }

    /// 15.61-15.63 the tables the attacker may use, by his units' printed
    /// factors, heavy against light (legions as declared, 26.0).
    pub fn crts(&self, b: &Battle) -> &'static [Crt] {
        let (heavy, light) = self.printed_factors(b);
        combat::tables_allowed(heavy, light)
    }

    /// The attacker's printed combat factors, heavy and light.
    fn printed_factors(&self, b: &Battle) -> (u32, u32) {
        // ruling: fiw #13
        let (mut heavy, mut light) = (0, 0);
        for u in self.side_at(b.sq, b.attacker) {
            let f = u32::from(self.face(u).combat);
            if self.is_light(u) {
                light += f;
            } else {
                heavy += f;
            }
        }
        (heavy, light)
    }

    /// Why the attacker's tables are what `crts` says, in the rulebook's
    /// terms, with the section that decides (15.61, 15.62 or 15.63): a
    /// player offered one table, or told he must use it, sees why.
    pub fn crt_basis(&self, b: &Battle) -> (String, &'static str) {
        let (heavy, light) = self.printed_factors(b);
        let total = heavy + light;
        let share = |n: u32| {
            if n == total {
                format!("all {total}")
            } else {
                format!("{n} of the {total}")
            }
        };
        match heavy.cmp(&light) {
            std::cmp::Ordering::Greater => (format!("{} printed combat factors are heavy", share(heavy)), "15.61"),
            std::cmp::Ordering::Less => (format!("{} printed combat factors are light", share(light)), "15.62"),
            std::cmp::Ordering::Equal => (
                format!("heavy and light units have {heavy} printed combat factors each"),
                "15.63",
            ),
        }
    }

    /// 15.74 the defender's strength under one terrain or feature: each
    /// unit takes its heavy or light multiple (ruling fiw #14; naval units
    /// never, 20.63); a relief force gains nothing from the fortress (23.25).
    fn defence_with(&self, b: &Battle, id: &str) -> u32 {
        let t = &tables().terrain;
        self.side_at(b.sq, b.defender())
            .map(|u| {
                let d = Defender {
                    strength: u32::from(self.face(u).combat),
                    light: self.is_light(u),
                    naval: self.is_naval(u),
                };
                // 23.25 only those inside the fortress have it.
                let multiple = if id == "fortress" && !self.units[u as usize].inside {
                    1
                } else {
                    t.multiple(id, d)
                };
                d.strength * multiple
            })
            .sum()
    }

    /// 15.74 the defender's choices, each a row of [`ROWS`] with the
    /// strength it gives: the square's terrain, its city or town, its fort
    /// or fortress; besiegers attacked by the besieged only a settlement
    /// square's (23.22, ruling fiw #14).
    pub fn defence_choices(&self, b: &Battle) -> Vec<(u8, u32)> {
        let mut ids: Vec<&str> = Vec::new();
        if self.sally(b) {
            // ruling: fiw #14
            ids.push("settled");
        } else {
            ids.push(self.terrain(b.sq).id());
            match self.settlement(b.sq) {
                Some(Settlement::City) => ids.push("city"),
                Some(Settlement::Town) => ids.push("town"),
                None => {}
            }
            match self.defenders_works(b) {
                Some(Works::Fort) => ids.push("fort"),
                Some(Works::Fortress) => ids.push("fortress"),
                None => {}
            }
        }
        ids.into_iter()
            .map(|id| (row_index(id), self.defence_with(b, id)))
            .collect()
    }

    /// 26.0 "That choice may be made and changed at any time in the
    /// turn": the legions of `side` not yet switched in this combat: the
    /// attacker's before the table is chosen (15.6 reads heavy and light),
    /// the defender's before the multiple (15.74 multiplies them
    /// differently) (ruling fiw #13).
    pub(crate) fn switchable(&self, b: &Battle, side: Seat) -> Vec<UnitId> {
        self.side_at(b.sq, side)
            .filter(|&u| self.at_will(u) && !b.switched.contains(&u))
            .collect()
    }

    /// Ruling fiw #13: the legions of `side` in `sq` that formed a force
    /// this phase (12.2: they operated), which chose heavy or light then.
    fn formed_legions(&self, sq: Sq, side: Seat) -> Vec<UnitId> {
        let bit = self.round_bit();
        self.side_at(sq, side)
            .filter(|&u| self.at_will(u) && self.units[u as usize].ops & bit != 0)
            .collect()
    }

    /// The choices that differ: one per strength, the first giving it (its
    /// label and log line name the others, `same_defence`).
    fn distinct_defences(&self, b: &Battle) -> Vec<(u8, u32)> {
        let mut out: Vec<(u8, u32)> = Vec::new();
        for (i, s) in self.defence_choices(b) {
            if !out.iter().any(|&(_, t)| t == s) {
                out.push((i, s));
            }
        }
        out
    }

    /// 15.8 the one leader of a side who modifies the die: the best
    /// military rating there (a lower one never helps his side, so the
    /// choice is made for the player, as `combat::leader_drm`), among
    /// those who may lead its units: an Indian leader only an all-Indian
    /// force (17.7, 25.3), nobody naval units alone (20.8).
    fn battle_leader(&self, sq: Sq, side: Seat) -> Option<LeaderId> {
        let units: Vec<UnitId> = self.side_at(sq, side).collect();
        if units.iter().all(|&u| self.is_naval(u)) {
            return None;
        }
        let all_indian = units.iter().all(|&u| self.is_indian(u));
        self.side_leaders_at(sq, side)
            .filter(|&l| self.leader(l).side.is_some() || all_indian)
            .max_by_key(|&l| (self.leader(l).military, std::cmp::Reverse(l)))
    }

    fn battle_step(&mut self) {
        let mut b = self.battle().clone();
        match b.stage {
            Stage::Siege => unreachable!("a decision"),
            Stage::Reveal => {
                self.reveal(&b);
                b.stage = Stage::Withdraw;
            }
            Stage::Withdraw => {
                if self.withdrawals(&b).is_empty() {
                    b.stage = Stage::Crt;
                } else {
                    b.decide = Some(b.defender());
                }
            }
            Stage::Crt => match self.crts(&b) {
                [only] if self.switchable(&b, b.attacker).is_empty() => {
                    b.crt = Some(*only);
                    let name = crt_name(*only);
                    let (why, rule) = self.crt_basis(&b);
                    self.core.log.say(rule, || {
                        format!(
                            "The {} must use the {name} Combat Results Table: {why}.",
                            side_name(b.attacker)
                        )
                    });
                    b.stage = Stage::Defend;
                }
                _ => b.decide = Some(b.attacker),
            },
            Stage::Defend => {
                let choices = self.distinct_defences(&b);
                if choices.len() > 1 || !self.switchable(&b, b.defender()).is_empty() {
                    b.decide = Some(b.defender());
                } else {
                    let (i, s) = choices[0];
                    b.feature = Some(i);
                    self.log_defence(&b, i, s);
                    b.stage = Stage::Roll;
                }
            }
            Stage::Roll => {
                self.roll_battle(&mut b);
                b.stage = Stage::Apply;
            }
            Stage::Apply => self.apply_next(&mut b),
            Stage::Over => {
                self.stack.pop();
                self.end_battle(&b);
                // ruling: fiw #48
                let left: Vec<UnitId> = b
                    .attrition
                    .iter()
                    .copied()
                    .filter(|&u| self.units[u as usize].at() == Place::Sq(b.sq))
                    .collect();
                self.winter_attrition(b.attacker, &left);
                return;
            }
        }
        self.set_battle(b);
    }

    fn log_defence(&mut self, b: &Battle, i: u8, strength: u32) {
        let def = side_name(b.defender());
        // 20.63 naval units alone take no multiple.
        if self.side_at(b.sq, b.defender()).all(|u| self.is_naval(u)) {
            self.core.log.say("20.63", || {
                format!("The {def} naval units defend at their printed strength (20.63): strength {strength}.")
            });
            return;
        }
        if !self.core.log.enabled() {
            return;
        }
        let same = self.same_defence(b, i);
        self.core.log.say("15.74", || {
            format!(
                "The {def} defend with the multiples of {}{same}: strength {strength}.",
                feature_words(i)
            )
        });
    }

    /// The other rows of the square that give the strength row `i` gives,
    /// in words (" (the town gives the same)"), or nothing: they are not
    /// offered (`distinct_defences`), and this says where they went.
    fn same_defence(&self, b: &Battle, i: u8) -> String {
        let choices = self.defence_choices(b);
        let Some(&(_, s)) = choices.iter().find(|&&(j, _)| j == i) else {
            return String::new();
        };
        let same: Vec<String> = choices
            .iter()
            .filter(|&&(j, t)| j != i && t == s)
            .map(|&(j, _)| feature_words(j))
            .collect();
        match same.len() {
            0 => String::new(),
            1 => format!(" ({} gives the same)", same[0]),
            _ => format!(" ({} give the same)", engine::log::list(same)),
        }
    }

    /// 15.7, 15.8 the odds, the leaders' modifier and the die; the result
    /// becomes the effects to apply in its order (15.9).
    fn roll_battle(&mut self, b: &mut Battle) {
        let sq = b.sq;
        let (att, def) = (b.attacker, b.defender());
        let trains = |g: &Fiw, s: Seat| {
            g.side_at(sq, s)
                .filter(|&u| g.face(u).kind == UnitType::SiegeTrain)
                .count() as u32
        };
        let printed = self.strength(self.side_at(sq, att));
        // 23.27: against a fort or fortress only, not when the besieged sally.
        let fortified = self.defenders_works(b).is_some() && !self.sally(b);
        // ruling: fiw #18
        let multiple = combat::siege_multiple(trains(self, att), trains(self, def), fortified);
        let attack = printed * multiple;
        let feature = ROWS[usize::from(b.feature.expect("the defence chosen"))].0;
        let defence = self.defence_with(b, feature);
        let odds = combat::odds(attack, defence);
        let leaders = [self.battle_leader(sq, att), self.battle_leader(sq, def)];
        let rating = |l: Option<LeaderId>| l.map(|l| self.leader(l).military).into_iter().collect::<Vec<u8>>();
        let drm = combat::leader_drm(&rating(leaders[0]), &rating(leaders[1]));
        let crt = b.crt.expect("the table chosen");
        let die = self.core.dice.d6();
        let roll = i32::from(die) + drm;
        let result = tables().combat.result(crt, odds, roll);
        let column = combat::ODDS.iter().find(|(_, o)| *o == odds).map_or("", |(c, _)| c);
        // A leader rated 0 modifies nothing (15.8): not named.
        let lead = |l: Option<LeaderId>, sign: char| {
            l.filter(|&l| self.leader(l).military > 0).map_or(String::new(), |l| {
                format!(", {} {sign}{}", self.leader(l).name, self.leader(l).military)
            })
        };
        let (a_lead, d_lead) = (lead(leaders[0], '+'), lead(leaders[1], '-'));
        let doubled = if multiple > 1 {
            " (doubled by siege trains, 23.27)"
        } else {
            ""
        };
        // Whose: "*" takes the leaders of each side the result harms, said
        // only of a side with a leader there.
        let star = if result.leaders_eliminated {
            let harmed: Vec<&str> = [(att, result.attacker), (def, result.defender)]
                .into_iter()
                .filter(|&(side, r)| r.harmed() && self.side_leaders_at(sq, side).next().is_some())
                .map(|(side, _)| crate::state::side_name(side))
                .collect();
            if harmed.is_empty() {
                String::new()
            } else {
                format!(", the {} leaders eliminated", engine::log::list(&harmed))
            }
        } else {
            String::new()
        };
        // (At a line's start: "Square 0818 (Georgia): ...".)
        let at = engine::log::capitalised(&self.sq_name(sq));
        self.core.log.roll_at(
            "15.7",
            &[die],
            || vec![sq.to_string()],
            || {
                format!(
                    "{at}: {attack}{doubled} against {defence}, odds {column} on the {} table; die {die}{a_lead}{d_lead}: \
                     {roll}, {}{star}.",
                    crt_name(crt),
                    result.code
                )
            },
        );
        for (side, r) in [(att, result.attacker), (def, result.defender)] {
            self.push_effects(b, side, r, result.leaders_eliminated);
        }
    }

    fn push_effects(&self, b: &mut Battle, side: Seat, r: SideResult, star: bool) {
        match r.loss {
            Loss::None => {}
            Loss::Half => {
                let owe = self.strength(self.side_at(b.sq, side)).div_ceil(2);
                b.effects.push(Effect::Half { side, owe });
            }
            Loss::All => b.effects.push(Effect::All(side)),
        }
        if star && r.harmed() {
            b.effects.push(Effect::Leaders(side));
        }
        if r.retreat {
            b.effects.push(Effect::Retreat(side));
        }
    }

    /// 15.9 the next effect of the result, or a decision for it.
    fn apply_next(&mut self, b: &mut Battle) {
        let Some(&effect) = b.effects.first() else {
            b.stage = Stage::Over;
            return;
        };
        let sq = b.sq;
        match effect {
            Effect::Half { side, owe } => {
                let units: Vec<UnitId> = self.side_at(sq, side).collect();
                if owe == 0 || units.is_empty() {
                    b.effects.remove(0);
                } else if units.iter().all(|&u| self.alike(u, units[0])) {
                    // Alike units: nothing to choose.
                    self.lose(b, units[0]);
                } else {
                    b.decide = Some(side);
                }
            }
            Effect::All(side) => {
                let units: Vec<UnitId> = self.side_at(sq, side).collect();
                self.eliminate(b, &units, "15.9");
                b.effects.remove(0);
            }
            Effect::Leaders(side) => {
                let leaders: Vec<LeaderId> = self.side_leaders_at(sq, side).collect();
                for l in leaders {
                    self.leader_killed(l);
                }
                b.effects.remove(0);
            }
            Effect::Retreat(side) => {
                let group = self.retreat_group(sq, side);
                if self.side_at(sq, side).any(|u| self.units[u as usize].inside) {
                    let at = self.sq_name(sq);
                    self.core.log.say("23.21", || {
                        format!("The {} in the fortress of {at} ignore the retreat.", side_name(side))
                    });
                }
                if group.units.is_empty() && group.leaders.is_empty() {
                    b.effects.remove(0);
                    return;
                }
                let squares = self.retreat_squares(sq, side, &group);
                // 24.1 militia bound to their colony with none of it to
                // go to, and nobody else: no square makes a difference.
                if group.leaders.is_empty()
                    && squares
                        .iter()
                        .all(|&to| self.bound_out(&group.units, to).len() == group.units.len())
                    && !squares.is_empty()
                {
                    let at = self.sq_name(sq);
                    self.core.log.say("24.1", || {
                        format!(
                            "The {} militia in {at} cannot retreat out of their colony.",
                            side_name(side)
                        )
                    });
                    self.eliminate(b, &group.units, "24.1");
                    b.effects.remove(0);
                    return;
                }
                match squares.as_slice() {
                    [] => {
                        // ruling: fiw #4
                        self.no_retreat(b, side, &group);
                        b.effects.remove(0);
                    }
                    [one] => {
                        let one = *one;
                        self.retreat_to(b, side, one, "15.9");
                        b.effects.remove(0);
                    }
                    _ => b.decide = Some(side),
                }
            }
        }
    }

    /// Two units whose loss is the same: one face, both inside the fortress
    /// or both outside.
    fn alike(&self, u: UnitId, v: UnitId) -> bool {
        self.face(u).id == self.face(v).id && self.units[u as usize].inside == self.units[v as usize].inside
    }

    /// 15.9 one unit toward a loss of half.
    fn lose(&mut self, b: &mut Battle, u: UnitId) {
        let Some(Effect::Half { side, owe }) = b.effects.first().copied() else {
            unreachable!("a loss of half under way")
        };
        let strength = u32::from(self.face(u).combat);
        self.eliminate(b, &[u], "15.9");
        b.effects[0] = Effect::Half {
            side,
            owe: owe.saturating_sub(strength),
        };
    }

    /// Units out of the battle to the pool (10.73: they may be recruited
    /// again), counted for the Balance of Power.
    fn eliminate(&mut self, b: &mut Battle, units: &[UnitId], rule: &'static str) {
        if units.is_empty() {
            return;
        }
        let names: Vec<String> = units.iter().map(|&u| self.unit_name(u)).collect();
        let side = self.side(units[0]);
        for &u in units {
            if !self.is_indian(u) {
                b.lost[self.side(u) as usize] += self.face(u).size.thirds();
            }
            self.place_unit(u, Place::Pool);
            let unit = &mut self.units[u as usize];
            unit.inside = false;
            unit.moved = false;
            unit.back = false;
            unit.as_light = false;
        }
        let at = self.sq_name(b.sq);
        let sq = b.sq;
        let verb = if names.len() == 1 { "is" } else { "are" };
        self.core.log.say_at(
            rule,
            || vec![sq.to_string()],
            || {
                format!(
                    "{} of the {} {verb} eliminated in {at}.",
                    engine::log::list(&names),
                    side_name(side)
                )
            },
        );
    }

    /// 17.4 a leader killed in combat: a named leader for good (17.44),
    /// a brigadier or chief back to the Leader box.
    fn leader_killed(&mut self, l: LeaderId) {
        let named = self.leader(l).named();
        let g = &mut self.leaders[l as usize];
        g.at = if named { Place::Gone } else { Place::Pool };
        g.inside = false;
        let side = g.side;
        let name = self.leader(l).name.clone();
        if named {
            // One line: the shift's, which names him, else his own.
            if !self.balance_change("leader-eliminated", enemy(side), 1, || format!("{name} is killed")) {
                self.core.log.say("17.44", || format!("{name} is killed."));
            }
        } else {
            self.core.log.say("17.44", || {
                format!(
                    "The {} {name} is eliminated (he may be recruited again).",
                    side_name(side)
                )
            });
        }
    }

    /// Ruling fiw #4: the pieces of a side that retreat: its units outside
    /// a fortress (23.21) with the leaders outside it; its leaders alone if
    /// it has no unit left in the square.
    fn retreat_group(&self, sq: Sq, side: Seat) -> Group {
        let units: Vec<UnitId> = self
            .side_at(sq, side)
            .filter(|&u| !self.units[u as usize].inside)
            .collect();
        let alone = !self.has_units(sq, side);
        let leaders = if units.is_empty() && !alone {
            Vec::new()
        } else {
            self.side_leaders_at(sq, side)
                .filter(|&l| !self.leaders[l as usize].inside)
                .collect()
        };
        let light = units.iter().all(|&u| self.is_light(u)) && leaders.iter().all(|&l| self.leader(l).light);
        let naval = !units.is_empty() && units.iter().all(|&u| self.is_naval(u));
        Group {
            units,
            leaders,
            light,
            naval,
        }
    }

    /// Ruling fiw #4: the squares a force may retreat (or withdraw) into:
    /// one square away, across a vertex only if every piece is light (13.2),
    /// free of enemy combat units, and not prohibited: land units not into
    /// water (13.71), naval units only where they sail (20.1, 20.2), nobody
    /// into Florida while Spain is neutral (5.3). (24.1 British militia may
    /// go, but are eliminated instead: `retreat_to`.)
    fn retreat_squares(&self, sq: Sq, side: Seat, g: &Group) -> Vec<Sq> {
        sq.orthogonal()
            .chain(sq.diagonal())
            .filter(|&to| self.retreat_bar(sq, side, g, to).is_none())
            .collect()
    }

    /// The units of `side` that would retreat or withdraw from the battle.
    pub(crate) fn battle_group(&self, b: &Battle, side: Seat) -> Vec<UnitId> {
        self.retreat_group(b.sq, side).units
    }

    /// Why the force of `side` in the battle may not retreat or withdraw
    /// into `to`: for "why not?".
    pub(crate) fn battle_retreat_bar(&self, b: &Battle, side: Seat, to: Sq) -> Option<RetreatBar> {
        let g = self.retreat_group(b.sq, side);
        self.retreat_bar(b.sq, side, &g, to)
    }

    /// Why the group may not retreat from `sq` into `to` (the first
    /// condition of [`Fiw::retreat_squares`] it fails), for the legal
    /// actions and "why not?" alike.
    fn retreat_bar(&self, sq: Sq, side: Seat, g: &Group, to: Sq) -> Option<RetreatBar> {
        // ruling: fiw #4
        let m = &tables().map;
        match sq.touch(to) {
            None => return Some(RetreatBar::Far),
            Some(Touch::Side) => {}
            Some(_) if g.light => {}
            Some(_) => return Some(RetreatBar::Vertex),
        }
        if self.has_units(to, enemy(side)) {
            return Some(RetreatBar::Enemy);
        }
        if !self.spain && m.colony(to) == Some(Colony::Florida) {
            return Some(RetreatBar::Florida);
        }
        let closed = g.units.iter().any(|&u| {
            if self.is_naval(u) {
                !m.naval_step(navy(self.face(u).kind), sq, to)
            } else {
                m.land_route(sq, to).is_none()
            }
        });
        if closed || (!g.naval && !g.leaders.is_empty() && m.land_route(sq, to).is_none()) {
            return Some(if g.naval {
                RetreatBar::NoSailing
            } else {
                RetreatBar::Water
            });
        }
        None
    }

    /// Ruling fiw #4, 10.73: nowhere to retreat: the units are eliminated
    /// to the pool, as any loss (34.1's prisoners are an optional rule, not
    /// in play); the leaders stay (17.4).
    fn no_retreat(&mut self, b: &mut Battle, side: Seat, g: &Group) {
        let at = self.sq_name(b.sq);
        // ruling: fiw #4
        self.core.log.say("15.9", || {
            format!(
                "The {} in {at} have nowhere to retreat and are eliminated (ruling fiw #4).",
                side_name(side)
            )
        });
        self.eliminate(b, &g.units, "15.9");
    }

    /// Ruling fiw #4, 15.5: the force goes one square; 24.1, 24.3 militia
    /// that would leave their colony are eliminated instead. 5.24 combat
    /// units retreating or withdrawing into a passive enemy colony enter
    /// it: it becomes active (22.4 markers there change hands, as on any
    /// entry).
    fn retreat_to(&mut self, b: &mut Battle, side: Seat, to: Sq, rule: &'static str) {
        if self.reveals(side, to) {
            // 27.1 as a step: the square's face-down leaders, or the
            // retreating pieces in an enemy city, are shown.
            self.core.dice.reveal();
        }
        let g = self.retreat_group(b.sq, side);
        let stay = self.bound_out(&g.units, to);
        let go: Vec<UnitId> = g.units.iter().copied().filter(|u| !stay.contains(u)).collect();
        let mut names: Vec<String> = go.iter().map(|&u| self.unit_name(u)).collect();
        names.extend(g.leaders.iter().map(|&l| self.leader(l).name.clone()));
        for &u in &go {
            self.place_unit(u, Place::Sq(to));
            let unit = &mut self.units[u as usize];
            unit.inside = false;
        }
        for &l in &g.leaders {
            let leader = &mut self.leaders[l as usize];
            leader.at = Place::Sq(to);
            leader.inside = false;
        }
        let (from, here, there) = (b.sq, self.sq_name(b.sq), self.sq_name(to));
        let verb = if rule == "15.5" { "withdraw" } else { "retreat" };
        // (Nobody goes when only militia bound elsewhere were to: 24.1.)
        if !names.is_empty() {
            self.core.log.say_at(
                rule,
                || vec![from.to_string(), to.to_string()],
                || {
                    format!(
                        "The {} {verb} from {here} to {there}: {}.",
                        side_name(side),
                        engine::log::list(&names)
                    )
                },
            );
        }
        // ruling: fiw #9 (combat units, not leaders or naval units alone)
        if go.iter().any(|&u| !self.is_naval(u)) {
            self.entered(side, to);
        }
        self.eliminate(b, &stay, "24.1");
    }

    /// 24.1, 24.3 the militia among `units` bound to a colony `to` is not
    /// in: they may not go there, and are eliminated instead.
    pub(crate) fn bound_out(&self, units: &[UnitId], to: Sq) -> Vec<UnitId> {
        let mut out = self.kept_out(units, to);
        out.retain(|&u| self.is_militia(u));
        out
    }

    /// 13.8, 24.1, 24.3, 5.26 the units among `units` that may not leave
    /// their colony for `to` of their own choosing: bound militia, and
    /// British provincials of a passive colony (ruling fiw #28).
    pub(crate) fn kept_out(&self, units: &[UnitId], to: Sq) -> Vec<UnitId> {
        let colony = tables().map.colony(to);
        units
            .iter()
            .copied()
            .filter(|&u| self.bound_to(u).is_some_and(|home| colony != Some(home)))
            .collect()
    }

    /// 12.2 the attacker's units in a siege square that have not operated
    /// in this phase: attacking is their operation.
    fn siege_stationary(&self, b: &Battle) -> Vec<UnitId> {
        let bit = self.round_bit();
        self.side_at(b.sq, b.attacker)
            .filter(|&u| self.units[u as usize].ops & bit == 0)
            .collect()
    }

    /// 12.2 (ruling fiw #48): the attacker may not attack in the siege:
    /// units there that have not operated would operate by attacking, and
    /// in the 2nd to 4th phase no supply point or magazine pays for it.
    fn siege_unpaid(&self, b: &Battle) -> bool {
        // ruling: fiw #48
        !self.siege_stationary(b).is_empty() && !self.may_pay(b.attacker, Place::Sq(b.sq), self.sally(b))
    }

    /// 12.2, 12.3 units attacking in a siege without having moved operate:
    /// in the 2nd to 4th phase they pay as one force (a supply point, or a
    /// magazine in reach), and in the 4th they roll winter attrition when
    /// the combat is over (ruling fiw #48). Elsewhere the battle is
    /// mandatory (15.21, 14.4: the enemy was raised into their square) and
    /// no operation of units that did not move: they pay nothing and roll
    /// no attrition (ruling fiw #58).
    fn siege_operation(&mut self, b: &mut Battle) {
        let stationary = self.siege_stationary(b);
        if stationary.is_empty() {
            return;
        }
        let bit = self.round_bit();
        for &u in &stationary {
            self.units[u as usize].ops |= bit;
        }
        let round = self.round().unwrap_or(1);
        if round > 1 {
            // ruling: fiw #48
            let sally = self.sally(b);
            self.supply_operation(b.attacker, Place::Sq(b.sq), sally);
        }
        if round == 4 {
            b.attrition = stationary;
        }
    }

    /// The legal actions of a battle's decision.
    pub fn battle_legal(&self, b: &Battle, out: &mut Vec<Action>) {
        match (b.stage, b.effects.first()) {
            (Stage::Siege, _) => {
                if !self.siege_unpaid(b) {
                    out.push(Action::Attack(b.sq));
                }
                out.push(Action::NoAttack(b.sq));
            }
            (Stage::Withdraw, _) => {
                out.extend(self.withdrawals(b).into_iter().map(Action::Withdraw));
                out.push(Action::Stand);
            }
            (Stage::Crt, _) => {
                out.extend(self.crts(b).iter().map(|&c| Action::Crt(c)));
                out.extend(self.switchable(b, b.attacker).into_iter().map(Action::Light));
            }
            (Stage::Defend, _) => {
                out.extend(self.distinct_defences(b).into_iter().map(|(i, _)| Action::Defend(i)));
                out.extend(self.switchable(b, b.defender()).into_iter().map(Action::Light));
            }
            (Stage::Apply, Some(&Effect::Half { side, .. })) => out.extend(self.side_at(b.sq, side).map(Action::Lose)),
            (Stage::Apply, Some(&Effect::Retreat(side))) => {
                let g = self.retreat_group(b.sq, side);
                out.extend(self.retreat_squares(b.sq, side, &g).into_iter().map(Action::Retreat));
            }
            _ => {}
        }
    }

    fn battle_perform(&mut self, a: Action) {
        let mut b = self.battle().clone();
        b.decide = None;
        match (b.stage, a) {
            (Stage::Siege, Action::Attack(_)) => {
                let at = self.sq_name(b.sq);
                self.core.log.say("23.23", || {
                    format!("The {} attack in the siege of {at}.", side_name(b.attacker))
                });
                self.siege_operation(&mut b);
                b.stage = Stage::Reveal;
            }
            (Stage::Siege, Action::NoAttack(_)) => {
                let at = self.sq_name(b.sq);
                self.core.log.say("23.23", || {
                    format!("The {} leave the siege of {at} alone.", side_name(b.attacker))
                });
                self.stack.pop();
                return;
            }
            (Stage::Withdraw, Action::Withdraw(to)) => {
                let def = b.defender();
                self.retreat_to(&mut b, def, to, "15.5");
                b.stage = Stage::Over;
            }
            (Stage::Withdraw, Action::Stand) => {
                let def = side_name(b.defender());
                self.core.log.say("15.5", || format!("The {def} stand and fight."));
                b.stage = Stage::Crt;
            }
            (Stage::Crt, Action::Crt(c)) => {
                b.crt = Some(c);
                let att = side_name(b.attacker);
                let (why, rule) = self.crt_basis(&b);
                // With one table allowed the attacker was asked only for his
                // legions (26.0): he uses it rather than chooses it.
                let does = if self.crts(&b).len() == 1 { "use" } else { "choose" };
                self.core.log.say(rule, || {
                    format!("The {att} {does} the {} Combat Results Table: {why}.", crt_name(c))
                });
                b.stage = Stage::Defend;
            }
            (Stage::Crt | Stage::Defend, Action::Light(u)) => {
                b.switched.push(u);
                let unit = &mut self.units[u as usize];
                unit.as_light = !unit.as_light;
                let now = if unit.as_light { "light" } else { "heavy" };
                let does = if b.stage == Stage::Crt { "attacks" } else { "defends" };
                let name = self.unit_name(u);
                self.core.log.say("26.0", || format!("The {name} {does} as {now}."));
            }
            (Stage::Defend, Action::Defend(i)) => {
                b.feature = Some(i);
                let s = self.defence_with(&b, ROWS[usize::from(i)].0);
                self.log_defence(&b, i, s);
                b.stage = Stage::Roll;
            }
            (Stage::Apply, Action::Lose(u)) => self.lose(&mut b, u),
            (Stage::Apply, Action::Retreat(to)) => {
                let Some(Effect::Retreat(side)) = b.effects.first().copied() else {
                    unreachable!("a retreat under way")
                };
                self.retreat_to(&mut b, side, to, "15.9");
                b.effects.remove(0);
            }
            _ => unreachable!("only legal actions reach perform"),
        }
        self.set_battle(b);
    }

    /// A combat decision.
    pub fn combat_perform(&mut self, a: Action) {
        match self.stack.last() {
            Some(Frame::Battle(_)) => self.battle_perform(a),
            Some(Frame::Combats(_)) => self.combats_perform(a),
            _ => unreachable!("combat actions on combat frames"),
        }
    }

    /// After the battle: 4.1 the units each side lost shift the Balance of
    /// Power; 22.6 the winner rolls for the loser's markers if land combat
    /// units of his remain (ruling fiw #86); 23.26 a siege ends when one
    /// side is gone.
    fn end_battle(&mut self, b: &Battle) {
        let t = tables();
        for side in [b.attacker, b.defender()] {
            // 3 regimental equivalents (9 thirds) a space, rounded down.
            let times = (b.lost[side as usize] / 9) as u8;
            let n = b.lost[side as usize];
            let who = side_name(side);
            self.balance_change("units-eliminated", enemy(side), times, || {
                format!(
                    "The {who} lost {} regimental equivalents",
                    crate::forces::thirds_number(n)
                )
            });
        }
        let sq = b.sq;
        let (a, d) = (self.has_units(sq, b.attacker), self.has_units(sq, b.defender()));
        // 23.26 a siege ends with one side's units gone, or both sides'.
        if !(a && d) {
            self.free_garrison(sq);
        }
        if a == d {
            return;
        }
        let winner = if a { b.attacker } else { b.defender() };
        // ruling: fiw #86 (22.6's "combat units remaining" as 22.4's and
        // 22.5's: naval units alone take no marker, #9, #84)
        if self.side_at(sq, winner).all(|u| self.is_naval(u)) {
            return;
        }
        // 22.6, 22.61 each marker (printed forts and fortresses too) of the loser.
        let mut i = 0;
        while i < self.civs.len() {
            let c = &self.civs[i];
            if c.sq != sq || c.side == winner {
                i += 1;
                continue;
            }
            let kind = c.kind;
            let roll = self.core.dice.d6();
            let result = t.capture.result(kind, roll);
            let (word, at) = (crate::movement::marker_word(kind), self.sq_name(sq));
            let them = side_name(winner);
            match result {
                Capture::Captured => {
                    self.civs[i].side = winner;
                    self.core.log.roll_at(
                        "22.6",
                        &[roll],
                        || vec![sq.to_string()],
                        || format!("Capture Table {roll}: the {them} capture the {word} in {at}."),
                    );
                    if kind == Marker::Fortress {
                        self.balance_change("fortress-captured", winner, 1, || {
                            format!("The {them} take the fortress of {at}")
                        });
                    }
                    i += 1;
                }
                Capture::Destroyed => {
                    self.civs.remove(i);
                    self.core.log.roll_at(
                        "22.6",
                        &[roll],
                        || vec![sq.to_string()],
                        || format!("Capture Table {roll}: the {word} in {at} is destroyed."),
                    );
                }
            }
        }
    }

    /// 4.1 a line of the Balance of Power chart (`balance-changes.tsv`),
    /// `times` over, for what `actor` did.
    /// Whether the index moved (and the log said so).
    pub fn balance_change(&mut self, id: &str, actor: Seat, times: u8, what: impl FnOnce() -> String) -> bool {
        let c = tables()
            .balance
            .change(id, None)
            .expect("the chart has every change the rules look up (balance::CHANGES)");
        let toward = match c.favours {
            Favours::Actor => actor,
            Favours::Opponent => enemy(actor),
        };
        let by = c.shift.saturating_mul(times);
        if by == 0 {
            return false;
        }
        let before = self.balance;
        self.balance = self.balance.shift(by, toward);
        let after = self.balance;
        self.core.log.say("4.1", || {
            let whom = format!("the {}", side_name(toward));
            format!(
                "{}: the Balance of Power {}.",
                what(),
                after.shift_words(before, by, &whom)
            )
        });
        true
    }

    /// The prompt of a combat decision, and its rule.
    pub fn combat_prompt(&self) -> (String, &'static str) {
        match self.stack.last() {
            Some(Frame::Battle(b)) => {
                let at = self.sq_name(b.sq);
                match (b.stage, b.effects.first()) {
                    // The prompt says why "attack" is missing: "why not?"
                    // answers for squares, and the siege's square is the
                    // target of "leave it alone" too.
                    (Stage::Siege, _) if self.siege_unpaid(b) => (
                        format!(
                            "Siege of {at}: attacking would be an operation of your units there that have not \
                             operated this phase, and no supply point or magazine in reach pays for it (ruling \
                             #48): leave it alone this phase"
                        ),
                        "12.2",
                    ),
                    (Stage::Siege, _) => (format!("Siege of {at}: attack, or leave it alone this phase"), "23.23"),
                    (Stage::Withdraw, _) => (format!("Attacked in {at}: withdraw before combat, or stand"), "15.5"),
                    (Stage::Crt, _) => {
                        let (why, rule) = self.crt_basis(b);
                        (format!("Combat in {at}: choose the Combat Results Table ({why})"), rule)
                    }
                    (Stage::Defend, _) => (
                        format!("Combat in {at}: choose the one terrain or feature that multiplies your defence"),
                        "15.74",
                    ),
                    (Stage::Apply, Some(Effect::Half { owe, .. })) => (
                        format!(
                            "Combat in {at}: choose the units you lose ({} still to lose)",
                            engine::log::count(owe, "strength point")
                        ),
                        "15.9",
                    ),
                    (Stage::Apply, Some(Effect::Retreat(_))) => (
                        format!("Combat in {at}: choose the square your force retreats into"),
                        "15.9",
                    ),
                    _ => (format!("Combat in {at}"), "15.1"),
                }
            }
            Some(Frame::Combats(c)) => match c.stage {
                After::Escape(l) => (
                    format!(
                        "{} escapes: choose the nearest square with your combat units he goes to",
                        self.leader(l).name
                    ),
                    "17.41",
                ),
                After::Execute(l) => (
                    format!(
                        "Your Indians captured {}: execute him, or keep him prisoner",
                        self.leader(l).name
                    ),
                    "17.42",
                ),
                _ => (
                    "Destroy civilization markers in squares you occupy, or end the combat sub-phase".into(),
                    "22.5",
                ),
            },
            _ => ("Combat".into(), "15.0"),
        }
    }

    /// The label, target and group of a combat action.
    pub fn combat_describe(&self, a: Action) -> (String, Option<String>, Option<&'static str>) {
        let sq = |s: Sq| Some(s.to_string());
        // An action toward a square: "{words} {square} ({rule})".
        let toward = |words: &str, s: Sq, group: &'static str| {
            let rule = &group[group.rfind('(').unwrap_or(0)..];
            (format!("{words} {} {rule}", self.sq_name(s)), sq(s), Some(group))
        };
        match a {
            Action::Attack(s) => {
                let (label, target, group) = toward("Attack in the siege of", s, "Attack in a siege (23.23)");
                // Ruling fiw #48: attacking is the stationary units'
                // operation, with its price (session 38's audit).
                match self.stack.last() {
                    Some(Frame::Battle(b)) if !self.siege_stationary(b).is_empty() && self.round().unwrap_or(1) > 1 => {
                        let side = b.attacker;
                        let paid = self.operation_line(Place::Sq(b.sq), side, self.sally(b)).is_none();
                        let what = format!("Attack in the siege of {}", self.sq_name(s));
                        (self.operation_label(&what, paid, Some("23.23")), target, group)
                    }
                    _ => (label, target, group),
                }
            }
            Action::NoAttack(s) => (
                format!("Leave the siege of {} alone this phase (23.23)", self.sq_name(s)),
                sq(s),
                Some("Leave a siege alone (23.23)"),
            ),
            Action::Withdraw(s) => toward("Withdraw before combat to", s, "Withdraw (15.5)"),
            Action::Stand => ("Stand and fight (15.5)".into(), None, None),
            Action::Crt(c) => {
                let rule = match self.stack.last() {
                    Some(Frame::Battle(b)) => self.crt_basis(b).1,
                    _ => "15.6",
                };
                (
                    format!("Use the {} Combat Results Table ({rule})", crt_name(c)),
                    None,
                    None,
                )
            }
            Action::Defend(i) => {
                let id = ROWS[usize::from(i)].0;
                let (s, same) = match self.stack.last() {
                    Some(Frame::Battle(b)) => (self.defence_with(b, id), self.same_defence(b, i)),
                    _ => (0, String::new()),
                };
                (
                    format!(
                        "Defend with the multiples of {}{same}: strength {s} (15.74)",
                        feature_words(i)
                    ),
                    None,
                    None,
                )
            }
            Action::Lose(u) => (
                format!("Lose {} (15.9)", self.unit_name(u)),
                Some(self.piece_id(Piece::Unit(u))),
                Some("Lose (15.9)"),
            ),
            Action::Retreat(s) => {
                let (label, target, group) = toward("Retreat to", s, "Retreat (15.9)");
                // 24.1 who would be lost by going there.
                let lost = match self.stack.last() {
                    Some(Frame::Battle(b)) => b
                        .decide
                        .map(|side| self.bound_out(&self.retreat_group(b.sq, side).units, s))
                        .unwrap_or_default(),
                    _ => Vec::new(),
                };
                if lost.is_empty() {
                    (label, target, group)
                } else {
                    let names: Vec<String> = lost.iter().map(|&u| self.unit_name(u)).collect();
                    (
                        format!(
                            "{label}: {} may not leave {} and {} eliminated (24.1)",
                            engine::log::list(&names),
                            if lost.len() == 1 { "its colony" } else { "their colony" },
                            if lost.len() == 1 { "is" } else { "are" }
                        ),
                        target,
                        group,
                    )
                }
            }
            Action::Escape(s) => toward("Escape to", s, "Escape (17.41)"),
            Action::Execute => ("Execute the captured leader (17.42)".into(), None, None),
            Action::Spare => ("Keep the captured leader prisoner (17.42)".into(), None, None),
            Action::Destroy(s, m) => (
                format!(
                    "Destroy the {} in {} (22.5)",
                    crate::movement::marker_word(m),
                    self.sq_name(s)
                ),
                sq(s),
                Some("Destroy a marker (22.5)"),
            ),
            Action::EndCombat => (
                "Destroy nothing more: end the combat sub-phase (22.5)".into(),
                None,
                None,
            ),
            _ => unreachable!("only combat actions"),
        }
    }
}
