//! 20.0 Naval Operations and 21.0 Base Areas: naval forces of fleets and
//! flotillas formed in a square or a home base (20.21), the land units and
//! leaders they carry (20.3, 20.32 capacity, 20.33 embarking), their moves
//! square by square at one movement point a navigable square (20.1, 20.2,
//! 20.21, no leader bonus 20.8), entering and leaving the home bases by
//! the map's edges (21.1-21.22), blocking (20.22, 13.32, 21.13), debarking
//! at the end of every naval move (20.4, 20.41), the supply point of a
//! later operations phase (12.2, ruling fiw #5) and winter attrition
//! (12.3).
//!
//! Transported land units and leaders travel with their naval units: their
//! place is the naval force's square or home base while it moves, and the
//! view shows them "embarked" (20.31: "placing the land units under the
//! fleet units"). They land where the move ends.

use crate::actions::{Action, Piece};
use crate::forces::{Nation, UnitType};
use crate::frames::Frame;
use crate::map::{Colony, Navy, Sq, Terrain};
use crate::movement::{half, seen_force};
use crate::state::{enemy, side_name, Base, Fiw, LeaderId, Place, UnitId};
use crate::tables::tables;
use engine::{Fact, Seat};
use serde::{Deserialize, Serialize};

/// 20.32 a naval unit carries four regiments, in thirds of a regiment
/// (ruling fiw #23: [`crate::forces::Size::thirds`]).
const CAPACITY: u32 = 12;
/// 20.33, 20.41 embarking off a non-port coast and debarking away from a
/// friendly port: four movement points, in halves.
const SHORE: u8 = 8;
/// 20.21 a navigable square entered: one movement point, in halves.
pub(crate) const SQUARE: u8 = 2;

/// Why a naval force may not sail into a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SailBar {
    /// 13.72 Florida while Spain is neutral.
    NeutralFlorida,
    /// 20.1, 20.2 this naval unit may not stand in the square.
    Unnavigable(UnitId),
    /// 20.21 no water this naval unit may sail joins the two squares.
    NoWater(UnitId),
    /// 20.22, ruling fiw #22 enemy land units block riverine units.
    Blocked,
}

/// A naval force being formed, then moving (20.21, 20.3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NavalForce {
    pub seat: Seat,
    /// Where it formed (20.31: where everything it carries starts).
    pub from: Place,
    /// Where it is now.
    pub at: Place,
    /// Its fleets and flotillas.
    pub navy: Vec<UnitId>,
    /// 20.3 the land units it carries.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cargo: Vec<UnitId>,
    /// 20.32 the leaders it carries.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leaders: Vec<LeaderId>,
    /// It has set sail: forming is over.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub moving: bool,
    /// Movement points left, in halves (as a land force's).
    #[serde(default)]
    pub left: u8,
    /// 21.22 it has entered or left a home base this phase.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub crossed: bool,
    /// The pieces taken off while forming, which do not come back (undo
    /// does), so that forming always ends (ruling fiw #49).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left_out: Vec<Piece>,
    /// 11.3 the naval units dropped off on the way: they still set the
    /// force's movement factor and roll for winter attrition.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dropped: Vec<UnitId>,
    /// 20.22 shores it tried to enter and found held by enemy land units
    /// it could not see (27.1): they stay closed to it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub turned_back: Vec<Sq>,
}

impl NavalForce {
    /// Whether a piece is one of the force's, naval or carried.
    pub fn has(&self, p: Piece) -> bool {
        match p {
            Piece::Unit(u) => self.navy.contains(&u) || self.cargo.contains(&u),
            Piece::Leader(l) => self.leaders.contains(&l),
        }
    }

    /// Whether a piece travels embarked (20.31): carried by a force that
    /// has set sail.
    pub fn carries(&self, p: Piece) -> bool {
        self.moving
            && match p {
                Piece::Unit(u) => self.cargo.contains(&u),
                Piece::Leader(l) => self.leaders.contains(&l),
            }
    }

    pub fn pieces(&self) -> impl Iterator<Item = Piece> + '_ {
        self.navy
            .iter()
            .chain(&self.cargo)
            .map(|&u| Piece::Unit(u))
            .chain(self.leaders.iter().map(|&l| Piece::Leader(l)))
    }

    fn loaded(&self) -> bool {
        !self.cargo.is_empty() || !self.leaders.is_empty()
    }
}

impl Fiw {
    /// 20.31 a piece that travels embarked on a moving naval force: its
    /// place is the force's.
    pub fn embarked(&self, p: Piece) -> bool {
        self.stack
            .iter()
            .any(|fr| matches!(fr, Frame::Naval(f) if f.carries(p)))
    }

    /// 20.21 the places where the seat may form a naval force: a square or
    /// home base with a naval unit that may operate, whose force could set
    /// out (12.2, ruling fiw #5).
    pub fn naval_forms(&self, seat: Seat, passed: &[Place], out: &mut Vec<Action>) {
        let mut places: Vec<Place> = Vec::new();
        for u in 0..self.units.len() as UnitId {
            let at = self.units[u as usize].at();
            if matches!(at, Place::Sq(_) | Place::Base(_)) && !places.contains(&at) {
                // The face read once.
                let face = self.face(u);
                if face.kind.naval() && self.unit_unready(seat, u, face).is_none() {
                    places.push(at);
                }
            }
        }
        places.sort_by_key(|p| match p {
            Place::Sq(sq) => (0, sq.index()),
            Place::Base(b) => (1, *b as usize),
            _ => (2, 0),
        });
        // 8.1 under Atlantic Gales a naval force in a home base could go
        // nowhere: none forms there (its supply point would be spent for
        // nothing).
        out.extend(
            places
                .into_iter()
                .filter(|&at| !passed.contains(&at) && self.may_set_sail(seat, at))
                .filter(|at| !(self.gales() && matches!(at, Place::Base(_))))
                .map(Action::FormNaval),
        );
    }

    /// 8.1 Atlantic Gales blow this turn: no naval unit enters or leaves a
    /// home base (21.1).
    pub fn gales(&self) -> bool {
        self.this_turn.iter().any(|e| e == "atlantic-gales")
    }

    /// 12.2, 18.2, ruling fiw #5: a naval force may set out in the 1st
    /// phase, or later if its side has a supply point to spend or it traces
    /// a line of supply to a magazine.
    fn may_set_sail(&self, seat: Seat, at: Place) -> bool {
        // ruling: fiw #5
        self.round() == Some(1)
            || self.supply[seat as usize] > 0
            || matches!(at, Place::Sq(sq) if self.supply_line(sq, seat).is_some())
    }

    pub fn form_naval(&mut self, seat: Seat, at: Place) {
        self.stack.push(Frame::Naval(Box::new(NavalForce {
            seat,
            from: at,
            at,
            navy: Vec::new(),
            cargo: Vec::new(),
            leaders: Vec::new(),
            moving: false,
            left: 0,
            crossed: false,
            left_out: Vec::new(),
            dropped: Vec::new(),
            turned_back: Vec::new(),
        })));
    }

    /// 20.32 what the naval units may carry, in thirds of a regiment.
    pub(crate) fn capacity(navy: usize) -> u32 {
        CAPACITY * navy as u32
    }

    /// 20.32, ruling fiw #23: the regimental equivalents carried, in thirds.
    pub(crate) fn load(&self, cargo: &[UnitId]) -> u32 {
        // ruling: fiw #23
        cargo.iter().map(|&u| self.face(u).size.thirds()).sum()
    }

    /// 20.31 a land unit is carried under one naval unit: one filling more
    /// than half a naval unit's room (a brigade or legion, three regiments
    /// of four) needs a naval unit of its own.
    pub(crate) fn bulky(&self, u: UnitId) -> bool {
        self.face(u).size.thirds() * 2 > CAPACITY
    }

    /// 20.31, 20.32 whether `navy` naval units carry `cargo`: four regiments
    /// (or equivalent) under each, so at most one bulky unit each and the
    /// regiments in all within four each (ruling fiw #68; rules fiw-15: the
    /// room was pooled, and three fleets carried three brigades and a
    /// legion). With regiments and detachments filling any room left, the
    /// two bounds are exact.
    pub(crate) fn fits(&self, navy: usize, cargo: impl IntoIterator<Item = UnitId>) -> bool {
        // ruling: fiw #68
        let (mut load, mut bulky) = (0, 0);
        for u in cargo {
            load += self.face(u).size.thirds();
            bulky += usize::from(self.bulky(u));
        }
        load <= Fiw::capacity(navy) && bulky <= navy
    }

    /// 20.3 whether a land unit may board: 20.51 naval units are never
    /// carried; a unit that may not leave its colony (13.8, 24.1, 24.3,
    /// 5.26) does not put to sea.
    pub(crate) fn may_embark(&self, u: UnitId) -> bool {
        !self.is_naval(u) && self.bound_to(u).is_none()
    }

    pub fn naval_legal(&self, f: &NavalForce, out: &mut Vec<Action>) {
        if !f.moving {
            self.forming_legal(f, out);
            return;
        }
        out.extend(self.sail_options(f).into_iter().map(|(to, _)| Action::Sail(to)));
        // 11.3 a naval unit may be dropped off when the others carry the
        // cargo (ruling fiw #69; rules fiw-15: a naval force could drop
        // nothing).
        if f.navy.len() > 1 && self.fits(f.navy.len() - 1, f.cargo.iter().copied()) {
            out.extend(f.navy.iter().map(|&u| Action::Drop(Piece::Unit(u))));
        }
        out.push(Action::Halt);
    }

    /// 20.31, 20.32: the naval units of the place, then the land units and
    /// leaders starting there, within the capacity of the naval units
    /// chosen.
    fn forming_legal(&self, f: &NavalForce, out: &mut Vec<Action>) {
        let cargo = || f.cargo.iter().copied();
        for u in self.units_in(f.from) {
            let p = Piece::Unit(u);
            if !self.ready(f.seat, p) || f.left_out.contains(&p) {
                continue;
            }
            if self.is_naval(u) {
                if !f.navy.contains(&u) {
                    out.push(Action::Add(p));
                } else if self.fits(f.navy.len() - 1, cargo()) {
                    out.push(Action::Remove(p));
                }
            } else if f.cargo.contains(&u) {
                out.push(Action::Remove(p));
            } else if !f.navy.is_empty() && self.may_embark(u) && self.fits(f.navy.len(), cargo().chain([u])) {
                out.push(Action::Embark(p));
            }
        }
        for l in self.leaders_in(f.from) {
            let p = Piece::Leader(l);
            if f.left_out.contains(&p) {
                continue;
            }
            if f.leaders.contains(&l) {
                out.push(Action::Remove(p));
            } else if !f.navy.is_empty() && self.ready(f.seat, p) {
                out.push(Action::Embark(p));
            }
        }
        if !f.navy.is_empty() {
            out.push(Action::SetSail);
        }
        out.push(Action::Halt);
    }

    /// 20.34 the force's movement allowance in halves: its slowest naval
    /// unit's factor, those dropped off included (11.3). 20.8 leaders give
    /// no bonus to fleets at sea; a force of flotillas takes one leader's
    /// military rating, as any force (17.21; ruling fiw #70; rules fiw-15:
    /// no naval force had it).
    fn naval_allowance(&self, f: &NavalForce) -> u8 {
        let navy = || f.navy.iter().chain(&f.dropped);
        let slowest = navy().map(|&u| self.face(u).movement).min().unwrap_or(0);
        let fleet = navy().any(|&u| self.face(u).kind == UnitType::Fleet);
        // ruling: fiw #70
        let bonus = match fleet {
            true => 0,
            false => f
                .leaders
                .iter()
                .filter(|&&l| self.leader(l).side.is_some())
                .map(|&l| self.leader(l).military)
                .max()
                .unwrap_or(0),
        };
        (slowest + bonus) * 2
    }

    /// 21.11, 21.12, ruling fiw #21: entering or leaving a home base costs
    /// half the fleet's movement allowance.
    fn crossing(&self, f: &NavalForce) -> u8 {
        self.naval_allowance(f) / 2
    }

    /// 21.11, 21.12, ruling fiw #21: the sea squares a base is reached by.
    fn edge(b: Base) -> Vec<Sq> {
        let m = &tables().map;
        match b {
            Base::Britain | Base::France => m.home_base_edge().collect(),
            // ruling: fiw #21
            Base::WestIndies => m.west_indies_edge().collect(),
        }
    }

    /// Where the force may sail next and what it costs, in halves.
    fn sail_options(&self, f: &NavalForce) -> Vec<(Place, u8)> {
        let mut out = Vec::new();
        match f.at {
            Place::Sq(at) => {
                for n in at.orthogonal().chain(at.diagonal()) {
                    if self.may_sail(f, at, n) {
                        out.push((Place::Sq(n), SQUARE));
                    }
                }
                if !f.crossed {
                    for b in [Base::Britain, Base::France, Base::WestIndies] {
                        if Fiw::edge(b).contains(&at) && self.may_enter_base(f, b) {
                            out.push((Place::Base(b), self.crossing(f)));
                        }
                    }
                }
            }
            // 21.22 a force that entered a base stays there this phase.
            Place::Base(b) if !f.crossed => {
                for n in Fiw::edge(b) {
                    if self.may_be_in(f, n) {
                        out.push((Place::Sq(n), self.crossing(f)));
                    }
                }
            }
            _ => {}
        }
        // 8.1 Atlantic Gales: no naval unit enters or leaves a home base this turn.
        if self.gales() {
            out.retain(|(to, _)| !matches!(to, Place::Base(_)) && !matches!(f.at, Place::Base(_)));
        }
        out.retain(|&(_, cost)| cost <= f.left);
        out
    }

    /// 20.1, 20.2: every naval unit of the force may stand in a square:
    /// fleets in port, coast and all-sea squares, flotillas never at sea;
    /// 13.72 never in neutral Florida.
    fn may_be_in(&self, f: &NavalForce, sq: Sq) -> bool {
        self.stand_bar(f, sq).is_none()
    }

    /// What keeps the force out of a square it might stand in
    /// ([`Fiw::may_be_in`]).
    pub(crate) fn stand_bar(&self, f: &NavalForce, sq: Sq) -> Option<SailBar> {
        let m = &tables().map;
        if m.colony(sq) == Some(Colony::Florida) && !self.spain {
            return Some(SailBar::NeutralFlorida);
        }
        f.navy
            .iter()
            .find(|&&u| match self.face(u).kind {
                UnitType::Fleet => !m.square(sq).fleet_navigable(),
                _ => !m.flotilla_navigable(sq) || self.terrain(sq) == Terrain::Sea,
            })
            .map(|&u| SailBar::Unnavigable(u))
    }

    /// 20.1, 20.2, 20.21, 20.22: whether every naval unit of the force may
    /// sail from `at` into `to`.
    fn may_sail(&self, f: &NavalForce, at: Sq, to: Sq) -> bool {
        self.sail_bar(f, at, to).is_none()
    }

    /// What keeps the force from sailing from `at` into `to`
    /// ([`Fiw::may_sail`]), in the order the rules are checked.
    pub(crate) fn sail_bar(&self, f: &NavalForce, at: Sq, to: Sq) -> Option<SailBar> {
        let m = &tables().map;
        if let Some(bar) = self.stand_bar(f, to) {
            return Some(bar);
        }
        let stranded = f.navy.iter().find(|&&u| match self.face(u).kind {
            UnitType::Fleet => !m.naval_step(Navy::Fleet, at, to),
            _ => !m.naval_step(Navy::Flotilla, at, to),
        });
        if let Some(&u) = stranded {
            return Some(SailBar::NoWater(u));
        }
        // 20.22 only a port or coastal square held by enemy land units
        // blocks flotillas; "coastal" is the map's sea coast (20.1, 20.2
        // name coast and Great Lake squares apart): a river or Great Lake
        // square is entered, and the force stops there (13.32).
        // ruling: fiw #22
        // 27.1 by the land units the seat can see there: a face-down block
        // may be a fleet, so the step is offered and tried (`sail`); a
        // shore found held stays closed (rules fiw-15: the offer told a
        // regiment from a fleet).
        let seen = |u: UnitId| !self.hidden_from(Piece::Unit(u), f.seat);
        let held = self.held_shore(f, to, seen) || f.turned_back.contains(&to);
        held.then_some(SailBar::Blocked)
    }

    /// 20.22 whether enemy land units that `pick` keeps hold `to`'s shore
    /// against the force: a port or sea-coast square, and the force has a
    /// flotilla.
    fn held_shore(&self, f: &NavalForce, to: Sq, pick: impl Fn(UnitId) -> bool) -> bool {
        let riverine = f.navy.iter().any(|&u| self.face(u).kind == UnitType::Riverine);
        let square = tables().map.square(to);
        let shore = !self.terrain(to).is_water() && (square.port || square.coastal());
        riverine && shore && self.side_at(to, enemy(f.seat)).any(|u| !self.is_naval(u) && pick(u))
    }

    /// 21.21, ruling fiw #21: only British units and leaders enter the
    /// British home base, only French ones France, French and Spanish ones
    /// the West Indies.
    fn may_enter_base(&self, f: &NavalForce, b: Base) -> bool {
        let fits = |u: UnitId| match (b, self.face(u).nation) {
            (Base::Britain, Nation::British) | (Base::France, Nation::French) => true,
            // ruling: fiw #21
            (Base::WestIndies, Nation::French | Nation::Spanish) => true,
            _ => false,
        };
        f.navy.iter().chain(&f.cargo).all(|&u| fits(u))
            && f.leaders.iter().all(|&l| self.leader(l).side == Some(b.side()))
    }

    pub fn naval_perform(&mut self, a: Action) {
        let Some(Frame::Naval(f)) = self.stack.last_mut() else {
            unreachable!("naval actions only on a naval force")
        };
        match a {
            Action::Add(Piece::Unit(u)) => f.navy.push(u),
            Action::Embark(Piece::Unit(u)) => f.cargo.push(u),
            Action::Embark(Piece::Leader(l)) => f.leaders.push(l),
            Action::Remove(p) => {
                match p {
                    Piece::Unit(u) => {
                        f.navy.retain(|&x| x != u);
                        f.cargo.retain(|&x| x != u);
                    }
                    Piece::Leader(l) => f.leaders.retain(|&x| x != l),
                }
                f.left_out.push(p);
            }
            Action::Drop(p @ Piece::Unit(u)) => {
                f.navy.retain(|&x| x != u);
                f.dropped.push(u);
                let (seat, at) = (f.seat, f.at);
                self.dropped_off(seat, p, at);
            }
            Action::SetSail => self.set_sail(),
            Action::Sail(to) => self.sail(to),
            Action::Halt => self.naval_halt(),
            _ => unreachable!("only legal actions reach perform"),
        }
    }

    /// 20.33 embarking costs nothing from a port or home base, four
    /// movement points from any other square.
    fn embark_cost(&self, f: &NavalForce) -> u8 {
        let free = match f.from {
            Place::Sq(sq) => tables().map.square(sq).port,
            _ => true,
        };
        if f.loaded() && !free {
            SHORE
        } else {
            0
        }
    }

    /// 20.21 the naval force sets out: 12.2 in a later phase it pays a
    /// supply point unless a line of supply reaches it (ruling fiw #5);
    /// 20.33 embarking off a non-port coast costs four movement points.
    fn set_sail(&mut self) {
        let Some(Frame::Naval(f)) = self.stack.last() else {
            unreachable!()
        };
        let mut f = (**f).clone();
        let round = self.round().unwrap_or(1);
        let here = self.place_name(f.from);
        if round > 1 {
            let line = match f.from {
                Place::Sq(sq) => self.supply_line(sq, f.seat),
                _ => None,
            };
            match line {
                Some(mag) => {
                    // ruling: fiw #5
                    self.use_magazine(mag);
                    let at = self.sq_name(mag);
                    self.core.log.say("18.61", || {
                        format!("The naval force in {here} draws on the magazine in {at}.")
                    });
                }
                None => {
                    // ruling: fiw #5
                    self.supply[f.seat as usize] -= 1;
                    let left = self.supply[f.seat as usize];
                    let side = side_name(f.seat);
                    self.core.log.say("12.2", || {
                        format!("The {side} spend a supply point for a naval force in {here} ({left} left).")
                    });
                }
            }
        }
        let embark = self.embark_cost(&f);
        f.left = self.naval_allowance(&f).saturating_sub(embark);
        f.moving = true;
        let pieces: Vec<Piece> = f.pieces().collect();
        let names = self.set_out_pieces(&pieces);
        let n = pieces.len();
        let mp = half(f.left);
        let cost = if embark > 0 {
            format!(" (embarking off the coast cost {})", half(embark))
        } else {
            String::new()
        };
        let path = self.place_id(f.from);
        self.core.log.apart(
            f.seat,
            "20.21",
            &[],
            || vec![path],
            || {
                format!(
                    "A naval force sets out from {here} with {mp} movement points{cost}: {}.",
                    engine::log::list(&names)
                )
            },
            || format!("{} sets out from {here}.", seen_force(f.seat, true, n)),
        );
        *self.stack.last_mut().expect("the naval force") = Frame::Naval(Box::new(f));
    }

    /// 20.21 one step: a navigable square for one movement point, or
    /// 21.11, 21.12 into or out of a home base for half the allowance.
    fn sail(&mut self, to: Place) {
        let Some(Frame::Naval(f)) = self.stack.last() else {
            unreachable!()
        };
        let mut f = (**f).clone();
        let cost = self
            .sail_options(&f)
            .into_iter()
            .find(|o| o.0 == to)
            .map(|o| o.1)
            .expect("a legal step");
        if let Place::Sq(sq) = to {
            if self.reveals(f.seat, sq) {
                self.core.dice.reveal();
            }
            // 20.22 the shore proves held by land units it could not see:
            // the force stays where it was, at no cost (27.1).
            if self.held_shore(&f, sq, |_| true) {
                let (side, there) = (side_name(f.seat), self.sq_name(sq));
                self.core.log.say("20.22", || {
                    format!(
                        "A {side} naval force with flotillas is turned back from {there}: enemy land units hold it."
                    )
                });
                f.turned_back.push(sq);
                *self.stack.last_mut().expect("the naval force") = Frame::Naval(Box::new(f));
                return;
            }
        }
        let from = f.at;
        f.left -= cost;
        f.at = to;
        // 21.22 entering or leaving a base is once a phase.
        f.crossed |= matches!(from, Place::Base(_)) || matches!(to, Place::Base(_));
        self.step_pieces(&f.pieces().collect::<Vec<_>>(), to);
        let seat = f.seat;
        let side = side_name(seat);
        let (there, was) = (self.place_name(to), self.place_name(from));
        let n = f.pieces().count();
        let left = crate::movement::points_words(f.left);
        let (rule, own, others) = match (from, to) {
            (Place::Base(_), _) => (
                "21.1",
                format!("The naval force leaves the {was} and enters the map at {there} ({left} left)."),
                format!(
                    "{} leaves the {was} and enters the map at {there}.",
                    seen_force(seat, true, n)
                ),
            ),
            (_, Place::Base(_)) => (
                "21.1",
                format!("The naval force sails off the map into the {there}."),
                format!("{} sails off the map into the {there}.", seen_force(seat, true, n)),
            ),
            _ => (
                "20.21",
                format!("The naval force sails to {there} ({left} left)."),
                format!("{} sails to {there}.", seen_force(seat, true, n)),
            ),
        };
        let path = vec![self.place_id(from), self.place_id(to)];
        self.core.log.apart(seat, rule, &[], || path, || own, || others);
        let alone = matches!(to, Place::Sq(sq) if !self.side_at(sq, seat).any(|u| !f.has(Piece::Unit(u))));
        *self.stack.last_mut().expect("the naval force") = Frame::Naval(Box::new(f));
        // 13.32, 20.22 (ruling fiw #22), 21.13: a force entering a square
        // with enemy combat units stops there.
        if let Place::Sq(sq) = to {
            if self.has_units(sq, enemy(seat)) {
                // ruling: fiw #22
                self.core.log.say("20.22", || {
                    format!("The {side} naval force stops in {there}: enemy units are there.")
                });
                // ruling: fiw #17 (naval units besiege as land units do)
                if alone {
                    self.invest(seat, sq);
                }
                self.naval_halt();
            }
        }
    }

    /// 20.41 what debarking where the force stands costs, in halves: nothing
    /// in a home base or a port held by another friendly unit, four
    /// movement points on any other land square; `None` at sea or on a
    /// lake (20.4: only onto land squares or a home base). A naval unit the
    /// force dropped off came with it and holds no port for it (ruling fiw
    /// #81); "occupied" is ruling fiw #26's: friendly Indians alone hold
    /// no port for it either (ruling fiw #85).
    fn debark_cost(&self, f: &NavalForce) -> Option<u8> {
        match f.at {
            Place::Base(_) => Some(0),
            Place::Sq(sq) if self.terrain(sq).is_water() => None,
            Place::Sq(sq) => {
                // ruling: fiw #81, #85
                let held = self
                    .side_at(sq, f.seat)
                    .any(|u| self.occupier(u) && !f.has(Piece::Unit(u)) && !f.dropped.contains(&u));
                Some(if tables().map.square(sq).port && held { 0 } else { SHORE })
            }
            _ => None,
        }
    }

    /// 20.4 whether the embarked pieces can land where the force stands.
    fn can_land(&self, f: &NavalForce) -> bool {
        self.debark_cost(f).is_some_and(|c| c <= f.left)
    }

    /// 20.4 the naval move ends: the land units and leaders disembark, or
    /// are eliminated if they cannot; 12.3 in a 4th phase the combat units
    /// roll for winter attrition (ruling fiw #6).
    fn naval_halt(&mut self) {
        let Some(Frame::Naval(f)) = self.stack.pop() else {
            unreachable!()
        };
        if !f.moving {
            if let Some(Frame::Movement { passed_naval, .. }) = self.stack.last_mut() {
                passed_naval.push(f.from);
            }
            return;
        }
        let mut members = [f.navy.as_slice(), &f.dropped].concat();
        if f.loaded() {
            if self.can_land(&f) {
                self.debark(&f);
                members.extend(&f.cargo);
            } else {
                self.lost_at_sea(&f);
            }
        }
        if self.round() == Some(4) {
            self.winter_attrition(f.seat, &members);
        }
    }

    /// 20.4, 20.41 the carried pieces land; 5.24, 22.4 and 23.22 as any
    /// land force entering the square (20.62: combat follows where the
    /// enemy is).
    fn debark(&mut self, f: &NavalForce) {
        let seat = f.seat;
        let cost = self.debark_cost(f).unwrap_or(0);
        let names: Vec<String> = f
            .cargo
            .iter()
            .map(|&u| self.unit_name(u))
            .chain(f.leaders.iter().map(|&l| self.leader(l).name.clone()))
            .collect();
        let n = names.len();
        let there = self.place_name(f.at);
        let paid = if cost > 0 {
            format!(" for {} movement points", half(cost))
        } else {
            String::new()
        };
        let side = side_name(seat);
        let path = self.place_id(f.at);
        self.core.log.apart(
            seat,
            "20.4",
            &[],
            || vec![path],
            || format!("{} disembark at {there}{paid}.", engine::log::list(&names)),
            || {
                let who = pieces(n, side);
                let verb = if n == 1 { "disembarks" } else { "disembark" };
                format!("{}{} {verb} at {there}.", who[..1].to_uppercase(), &who[1..])
            },
        );
        if let (Place::Sq(sq), false) = (f.at, f.cargo.is_empty()) {
            // ruling: fiw #9 (combat units only), #17 (a landing besieges)
            let arrivals: Vec<UnitId> = f.navy.iter().chain(&f.cargo).copied().collect();
            self.combat_units_enter(seat, sq, &arrivals);
        }
    }

    /// 20.4 land units that cannot debark are eliminated, and so are the
    /// leaders carried with them (17.44: a named leader for good).
    fn lost_at_sea(&mut self, f: &NavalForce) {
        let seat = f.seat;
        let there = self.place_name(f.at);
        let mut names = Vec::new();
        for &u in &f.cargo {
            names.push(self.unit_name(u));
            self.to_pool(u);
        }
        for &l in &f.leaders {
            names.push(self.leader(l).name.clone());
            self.leaders[l as usize].at = if self.leader(l).named() {
                Place::Gone
            } else {
                Place::Pool
            };
        }
        let n = names.len();
        let side = side_name(seat);
        self.core.log.apart(
            seat,
            "20.4",
            &[],
            Vec::new,
            || {
                format!(
                    "Unable to debark at {there}, {} are eliminated.",
                    engine::log::list(&names)
                )
            },
            || {
                let verb = if n == 1 { "is" } else { "are" };
                format!("Unable to debark at {there}, {} {verb} eliminated.", pieces(n, side))
            },
        );
    }

    /// The label of ending a move: a naval force's says where its pieces
    /// land.
    pub fn halt_label(&self) -> String {
        match self.stack.last() {
            Some(Frame::Naval(f)) if !f.moving => "Do not form this naval force".into(),
            Some(Frame::Naval(f)) if f.loaded() => match self.debark_cost(f) {
                Some(c) if c <= f.left => format!(
                    "End the naval move: the embarked pieces land in {} ({}, 20.41)",
                    self.place_name(f.at),
                    if c == 0 {
                        "free".to_string()
                    } else {
                        format!("{} MP", half(c))
                    }
                ),
                _ => "End the naval move: the embarked pieces cannot land and are eliminated (20.4)".into(),
            },
            Some(Frame::Naval(_)) => "End this naval force's move".into(),
            Some(Frame::Force(f)) if !f.moving => "Do not form this force".into(),
            _ => "End this force's move".into(),
        }
    }

    /// What embarking costs where the naval force forms, for the embark
    /// choice: nothing in a port or home base (20.33).
    pub fn embark_words(&self) -> &'static str {
        match self.stack.last() {
            Some(Frame::Naval(f)) if matches!(f.from, Place::Sq(sq) if !tables().map.square(sq).port) => {
                ": off this coast, embarking costs the force 4 MP (20.33)"
            }
            _ => "",
        }
    }

    pub fn set_sail_label(&self) -> String {
        let Some(Frame::Naval(f)) = self.stack.last() else {
            return "Set sail".into();
        };
        let supply =
            self.round().unwrap_or(1) > 1 && !matches!(f.from, Place::Sq(sq) if self.supply_line(sq, f.seat).is_some());
        let mut label = if supply {
            "Set sail, spending a supply point (12.2)".to_string()
        } else {
            "Set sail (20.21)".to_string()
        };
        if self.embark_cost(f) > 0 {
            label.push_str(", embarking off the coast for 4 MP (20.33)");
        }
        label
    }

    pub fn sail_label(&self, to: Place) -> String {
        let Some(Frame::Naval(f)) = self.stack.last() else {
            return format!("Sail to {}", self.place_name(to));
        };
        let step = self.sail_options(f).into_iter().find(|o| o.0 == to).map(|o| o.1);
        let cost = step.map_or(String::new(), |c| format!("{} MP", half(c)));
        match (f.at, to) {
            (Place::Base(b), _) => format!(
                "Leave the {} and enter the map at {} ({cost}, 21.1)",
                b.name(),
                self.place_name(to)
            ),
            (_, Place::Base(b)) => format!("Sail off the map into the {} ({cost}, 21.1)", b.name()),
            _ => format!(
                "Sail to {} ({cost}){}",
                self.place_name(to),
                self.stop_words(f, to, step.unwrap_or(0))
            ),
        }
    }

    /// 13.32, 20.22 (ruling fiw #22), 20.62 what a step into enemy combat
    /// units (blocks the mover sees, 27.0) brings: the force stops, and
    /// what it carries lands there into a battle.
    fn stop_words(&self, f: &NavalForce, to: Place, step: u8) -> String {
        let Place::Sq(sq) = to else {
            return String::new();
        };
        if !self.has_units(sq, enemy(f.seat)) {
            return String::new();
        }
        let mut there = f.clone();
        there.at = to;
        there.left = f.left.saturating_sub(step);
        let landing = match self.debark_cost(&there) {
            Some(c) if f.loaded() && self.can_land(&there) => {
                let paid = if c == 0 {
                    "free".to_string()
                } else {
                    format!("{} MP", half(c))
                };
                format!(" and must land, {paid}, into a battle (20.62)")
            }
            _ => String::new(),
        };
        format!(": enemy units there, it stops there (20.22){landing}")
    }

    /// What the rules attach to a naval decision before it is taken.
    pub fn naval_warning(&self, a: Action) -> Option<String> {
        let Some(Frame::Naval(f)) = self.stack.last() else {
            return None;
        };
        match a {
            Action::SetSail if self.set_sail_label().contains("supply point") => {
                Some("Costs one supply point (12.2, 18.2).".into())
            }
            // The move ends there (13.32 enemy units, or no points left)
            // with what it carries unable to land: as at Halt, said
            // before the click (Wolfe's army was lost on a "(1 MP)" label).
            Action::Sail(to) if f.loaded() => {
                let cost = self.sail_options(f).into_iter().find(|o| o.0 == to)?.1;
                let mut there = f.clone();
                there.at = to;
                there.left = f.left.saturating_sub(cost);
                let stops = matches!(to, Place::Sq(sq) if self.has_units(sq, enemy(f.seat))) || there.left == 0;
                (stops && !self.can_land(&there)).then(|| {
                    "The move ends there, and the embarked land units and leaders cannot debark with the points left: they are eliminated (13.32, 20.4).".into()
                })
            }
            Action::Halt if f.moving => {
                let mut w = Vec::new();
                if f.loaded() && !self.can_land(f) {
                    w.push("The embarked land units and leaders cannot debark here and are eliminated (20.4).");
                }
                if self.round() == Some(4) {
                    w.push("Every combat unit of the force now rolls for winter attrition: a 1 eliminates it (12.3).");
                }
                (!w.is_empty()).then(|| w.join(" "))
            }
            _ => None,
        }
    }

    /// The naval force being formed or moving, for its own seat's facts.
    pub fn naval_fact(&self, viewer: Option<Seat>) -> Option<Fact> {
        let Some(Frame::Naval(f)) = self.stack.last() else {
            return None;
        };
        if Some(f.seat) != viewer {
            return None;
        }
        let navy: Vec<String> = f.navy.iter().map(|&u| self.unit_name(u)).collect();
        let carried: Vec<String> = f
            .cargo
            .iter()
            .map(|&u| self.unit_name(u))
            .chain(f.leaders.iter().map(|&l| self.leader(l).name.clone()))
            .collect();
        let load = self.load(&f.cargo);
        let room = Fiw::capacity(f.navy.len());
        let text = format!(
            "{}; carrying {} ({} of {} regiments, 20.32)",
            engine::log::list(&navy),
            if carried.is_empty() {
                "nothing".to_string()
            } else {
                engine::log::list(&carried)
            },
            crate::forces::thirds_number(load),
            room / 3
        );
        Some(Fact::new("Naval force", text, "20.3"))
    }

    /// Checks of [`Fiw::invariants`]: the pieces of a moving naval force
    /// stand where it is (20.31), and it has naval units (20.21).
    pub fn naval_invariants(&self) -> Result<(), String> {
        for fr in &self.stack {
            let Frame::Naval(f) = fr else { continue };
            if !f.moving {
                continue;
            }
            for p in f.pieces() {
                let at = match p {
                    Piece::Unit(u) => self.units[u as usize].at(),
                    Piece::Leader(l) => self.leaders[l as usize].at,
                };
                if at != f.at {
                    return Err(format!("{} of a naval force is not with it", self.piece_id(p)));
                }
            }
            if f.navy.is_empty() {
                return Err("a naval force without naval units".into());
            }
        }
        Ok(())
    }
}

/// "a British piece", "3 British pieces": what the enemy sees of a
/// force (27.0).
fn pieces(n: usize, side: &str) -> String {
    if n == 1 {
        format!("a {side} piece")
    } else {
        format!("{n} {side} pieces")
    }
}
