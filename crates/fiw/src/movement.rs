//! 11.3 and 13.0 Movement: forces formed of pieces that start together,
//! moving square by square at the slowest piece's rate (with one leader's
//! bonus, 17.21), paying the Terrain Effects Chart's costs or the roads',
//! rivers' and trails' (13.5); light forces across vertices (13.2); the
//! supply point of a later operations phase (12.2, 18.2); winter attrition
//! (12.3); invasion activating a colony (5.24) and markers changing hands
//! (22.4) as the force enters.

use crate::actions::{Action, Piece};
use crate::civilization::Marker;
use crate::forces::{Face, Nation, UnitType, BRITISH};
use crate::frames::Frame;
use crate::map::{Colony, Route, Sq};
use crate::state::{enemy, side_name, Base, Fiw, LeaderId, Phase, Place, Status, UnitId};
use crate::tables::tables;
use crate::terrain::Cost;
use engine::Seat;
use serde::{Deserialize, Serialize};

/// A force being formed, then moving (11.3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Force {
    pub seat: Seat,
    /// Where it formed.
    pub from: Place,
    /// Where it is now.
    pub at: Place,
    /// The units still moving with it.
    pub units: Vec<UnitId>,
    pub leaders: Vec<LeaderId>,
    /// Every unit that set out with it, and those its reorganization made
    /// and left out (12.3 winter attrition, 19.0).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<UnitId>,
    /// It has set out: forming is over.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub moving: bool,
    /// Movement points left, in halves (13.51: a road costs one-half).
    #[serde(default)]
    pub left: u8,
    /// 17.21 the leader whose military rating the units add; he may not
    /// be dropped off.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonus: Option<LeaderId>,
    /// 13.2 every piece is light: it may cross vertices and pays the light
    /// rates (ruling fiw #11).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub light: bool,
    /// 19.0 it reorganized while forming: it must set out.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reorganized: bool,
    /// The squares entered.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub path: Vec<Sq>,
    /// While forming, each choice is made once, so that forming always
    /// ends (undo takes one back): the pieces left out again, the legions
    /// switched, the units combined and those broken down (19.0; ruling
    /// fiw #49).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left_out: Vec<Piece>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub switched: Vec<UnitId>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub combined: Vec<UnitId>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub broken: Vec<UnitId>,
}

impl Force {
    /// A force of no pieces yet, forming in `at`.
    pub fn new(seat: Seat, at: Place) -> Force {
        Force {
            seat,
            from: at,
            at,
            units: Vec::new(),
            leaders: Vec::new(),
            members: Vec::new(),
            moving: false,
            left: 0,
            bonus: None,
            light: false,
            reorganized: false,
            path: Vec::new(),
            left_out: Vec::new(),
            switched: Vec::new(),
            combined: Vec::new(),
            broken: Vec::new(),
        }
    }

    pub fn pieces(&self) -> impl Iterator<Item = Piece> + '_ {
        self.units
            .iter()
            .map(|&u| Piece::Unit(u))
            .chain(self.leaders.iter().map(|&l| Piece::Leader(l)))
    }

    pub fn has(&self, p: Piece) -> bool {
        match p {
            Piece::Unit(u) => self.units.contains(&u),
            Piece::Leader(l) => self.leaders.contains(&l),
        }
    }
}

/// What keeps a piece out of an operation ([`Fiw::unready`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unready {
    /// Another side's piece.
    NotYours,
    /// 12.0 it has operated in this phase already.
    Operated,
    /// 5.3 a Spanish unit while Spain is neutral.
    Neutral,
    /// 23.24 shut in a besieged fortress.
    Besieged,
}

/// What keeps a moving force out of a square ([`Fiw::entry_bar`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// 13.72 Florida while it is neutral.
    NeutralFlorida,
    /// 13.8, 24.1, 24.3, 5.26 this unit may not leave this colony.
    Bound(UnitId, Colony),
}

impl Fiw {
    /// The operations phase under way (1-4), if any.
    pub fn round(&self) -> Option<u8> {
        match self.phase {
            Phase::Operations { round, .. } => Some(round),
            _ => None,
        }
    }

    pub(crate) fn round_bit(&self) -> u8 {
        1 << self.round().unwrap_or(1)
    }

    /// Whether a piece may take part in a land force now: [`Fiw::ready`],
    /// and not a naval unit (20.21: naval units move as their own forces,
    /// `naval.rs`).
    pub fn may_operate(&self, seat: Seat, p: Piece) -> bool {
        match p {
            // The face read once (the bots' playouts ask this of every
            // piece on the map at each step of a movement sub-phase).
            Piece::Unit(u) => {
                let face = self.face(u);
                !face.kind.naval() && self.unit_unready(seat, u, face).is_none()
            }
            Piece::Leader(_) => self.ready(seat, p),
        }
    }

    /// Whether a piece may take part in an operation now: the seat's, not
    /// yet operated in this phase (12.0: one operation a phase), not shut
    /// in a besieged fortress (23.24), not Spanish while Spain is neutral
    /// (5.3: neither side may "use Spanish units" until it enters the war).
    pub fn ready(&self, seat: Seat, p: Piece) -> bool {
        self.unready(seat, p).is_none()
    }

    /// Why a piece may not take part in an operation now, the first of
    /// [`Fiw::ready`]'s conditions it fails ("why not?" names it); `None`
    /// when it may.
    pub(crate) fn unready(&self, seat: Seat, p: Piece) -> Option<Unready> {
        match p {
            Piece::Unit(u) => self.unit_unready(seat, u, self.face(u)),
            Piece::Leader(l) => {
                let g = &self.leaders[l as usize];
                if g.side != seat {
                    Some(Unready::NotYours)
                } else if g.ops & self.round_bit() != 0 {
                    Some(Unready::Operated)
                } else if self.shut_in(p) {
                    Some(Unready::Besieged)
                } else {
                    None
                }
            }
        }
    }

    /// [`Fiw::unready`] of a unit showing `face`.
    pub(crate) fn unit_unready(&self, seat: Seat, u: UnitId, face: &Face) -> Option<Unready> {
        if face.side != seat {
            Some(Unready::NotYours)
        } else if self.units[u as usize].ops & self.round_bit() != 0 {
            Some(Unready::Operated)
        } else if !self.spain && face.nation == Nation::Spanish {
            Some(Unready::Neutral)
        } else if self.shut_in(Piece::Unit(u)) {
            Some(Unready::Besieged)
        } else {
            None
        }
    }

    /// 23.24 a piece shut in a besieged fortress.
    pub(crate) fn shut_in(&self, p: Piece) -> bool {
        let (inside, at) = match p {
            Piece::Unit(u) => (self.units[u as usize].inside, self.units[u as usize].at()),
            Piece::Leader(l) => (self.leaders[l as usize].inside, self.leaders[l as usize].at),
        };
        inside && matches!(at, Place::Sq(sq) if self.besieged(sq))
    }

    /// Whether a land piece may join a force of the seat's besieged garrison
    /// (`garrison`) or any other force: [`Fiw::ready`] but for the siege,
    /// which shuts the garrison in and out of the others' forces (23.24,
    /// 23.25); 20.21 naval units move in naval forces.
    fn joins(&self, seat: Seat, p: Piece, garrison: bool) -> bool {
        let fits = match self.unready(seat, p) {
            None => !garrison,
            Some(Unready::Besieged) => garrison,
            Some(_) => false,
        };
        fits && !matches!(p, Piece::Unit(u) if self.is_naval(u))
    }

    /// 23.24 the force is a besieged garrison's.
    pub(crate) fn garrison_force(&self, f: &Force) -> bool {
        f.pieces().any(|p| self.shut_in(p))
    }

    /// 19.0 the force has no move to make and forms only to reorganize: a
    /// besieged garrison's, which may not exit its fortress (23.24; ruling
    /// fiw #74), or one in a home base, left only by sea (21.1; ruling fiw
    /// #75).
    pub(crate) fn stays(&self, f: &Force) -> bool {
        matches!(f.from, Place::Base(_)) || self.garrison_force(f)
    }

    /// The seat's pieces in `at` that may form a force: its besieged
    /// garrison's (`garrison`), or any other.
    fn free_pieces(&self, seat: Seat, at: Place, garrison: bool) -> Vec<Piece> {
        let units = self.units_in(at).map(Piece::Unit);
        let leaders = self.leaders_in(at).map(Piece::Leader);
        units
            .chain(leaders)
            .filter(|&p| self.joins(seat, p, garrison))
            .collect()
    }

    /// The pieces that may join the force forming: those of its kind; while
    /// it has none, in a besieged fortress's square, those of each kind
    /// that could pay to operate, the garrison's only with a
    /// reorganization to make (23.25: a relief force beside it is a force
    /// apart). Elsewhere the place was offered only if its pieces could pay.
    fn candidates(&self, f: &Force) -> Vec<Piece> {
        if let Some(p) = f.pieces().next() {
            return self.free_pieces(f.seat, f.from, self.shut_in(p));
        }
        if !matches!(f.from, Place::Sq(sq) if self.besieged(sq)) {
            return self.free_pieces(f.seat, f.from, false);
        }
        let mut v = Vec::new();
        if self.may_pay(f.seat, f.from, false) {
            v = self.free_pieces(f.seat, f.from, false);
        }
        if self.reorganizes(f.seat, f.from, true) {
            v.extend(self.free_pieces(f.seat, f.from, true));
        }
        v
    }

    /// 19.0 whether the seat's pieces in `at` (its besieged garrison's when
    /// `garrison`) have a reorganization to make and could pay for the
    /// operation (12.2).
    fn reorganizes(&self, seat: Seat, at: Place, garrison: bool) -> bool {
        if !self.may_pay(seat, at, garrison) {
            return false;
        }
        let mut f = Force::new(seat, at);
        f.units = self
            .free_pieces(seat, at, garrison)
            .into_iter()
            .filter_map(|p| match p {
                Piece::Unit(u) => Some(u),
                Piece::Leader(_) => None,
            })
            .collect();
        let any = self.reorganizations(&f).next().is_some();
        any
    }

    /// The movement sub-phase's choices: a square to form a force in, or
    /// the end.
    pub fn movement_legal(&self, seat: Seat, passed: &[Place], passed_naval: &[Place], out: &mut Vec<Action>) {
        // The squares with a piece that may operate: one pass over the
        // pieces, none asked about once its square is in, the squares kept
        // as bits (the bots' playouts ask this at every step of a movement
        // sub-phase).
        let mut marked = [0u64; crate::units::SQUARES.div_ceil(64)];
        let units = (0..self.units.len() as UnitId).map(|u| (Piece::Unit(u), self.units[u as usize].at()));
        let leaders = (0..self.leaders.len() as LeaderId).map(|l| (Piece::Leader(l), self.leaders[l as usize].at));
        for (p, at) in units.chain(leaders) {
            if let Place::Sq(sq) = at {
                let (word, bit) = (sq.index() / 64, 1u64 << (sq.index() % 64));
                if marked[word] & bit == 0 && self.may_operate(seat, p) {
                    marked[word] |= bit;
                }
            }
        }
        // In map order.
        let mut places: Vec<Place> = Vec::new();
        for (w, &bits) in marked.iter().enumerate() {
            let mut rest = bits;
            while rest != 0 {
                places.push(Place::Sq(Sq::from_index(w * 64 + rest.trailing_zeros() as usize)));
                rest &= rest - 1;
            }
        }
        // (The places passed first: a line of supply is a search.)
        places.retain(|at| !passed.contains(at) && self.may_set_out(seat, Some(*at)));
        // 19.0 a besieged garrison, or units in a home base, may form a
        // force only to reorganize (ruling fiw #74, #75).
        let fortresses = self.civs.iter().filter(|c| c.kind == Marker::Fortress).map(|c| c.sq);
        let garrisons: Vec<Sq> = fortresses
            .filter(|&sq| {
                self.units_at(sq)
                    .any(|u| self.shut_in(Piece::Unit(u)) && self.side(u) == seat)
            })
            .collect();
        for at in garrisons.into_iter().map(Place::Sq) {
            if !passed.contains(&at) && !places.contains(&at) && self.reorganizes(seat, at, true) {
                places.push(at);
            }
        }
        places.sort_by_key(|p| match p {
            Place::Sq(sq) => sq.index(),
            _ => usize::MAX,
        });
        for b in [Base::Britain, Base::France, Base::WestIndies].map(Place::Base) {
            if !passed.contains(&b) && self.reorganizes(seat, b, false) {
                places.push(b);
            }
        }
        out.extend(places.into_iter().map(Action::Form));
        self.naval_forms(seat, passed_naval, out);
        out.push(Action::EndMovement);
    }

    /// 12.2, 18.2, ruling fiw #5: a force may set out in the 1st phase, or
    /// later if it traces a line of supply to a magazine or its side has a
    /// supply point to spend.
    pub(crate) fn may_set_out(&self, seat: Seat, at: Option<Place>) -> bool {
        let Some(at @ Place::Sq(_)) = at else { return false };
        self.may_pay(seat, at, false)
    }

    /// 12.2 whether the seat's force in `at` (its besieged garrison when
    /// `garrison`: a sally, ruling fiw #48, or a reorganization, #74) may
    /// operate: free in the 1st phase, else paid by a supply point or a
    /// magazine (ruling fiw #5).
    pub(crate) fn may_pay(&self, seat: Seat, at: Place, garrison: bool) -> bool {
        self.round() == Some(1) || self.supply[seat as usize] > 0 || self.operation_line(at, seat, garrison).is_some()
    }

    /// 18.61 the magazine an operation of the seat's force in `at` may
    /// draw on: a besieged garrison's only inside its fortress (ruling fiw
    /// #54), any other force's at the end of its line of supply; none for
    /// a force in a home base, off the map (18.42: automatic supply there
    /// feeds it but pays for no operation).
    pub(crate) fn operation_line(&self, at: Place, seat: Seat, garrison: bool) -> Option<Sq> {
        let Place::Sq(sq) = at else { return None };
        if garrison {
            self.garrison_line(sq, seat)
        } else {
            self.supply_line(sq, seat)
        }
    }

    /// 12.2 a force operating in the 2nd to 4th phase (its besieged
    /// garrison when `garrison`): it draws on a magazine its line of supply
    /// reaches, or its side spends a supply point (ruling fiw #5).
    pub(crate) fn supply_operation(&mut self, seat: Seat, from: Place, garrison: bool) {
        if let Some(mag) = self.operation_line(from, seat, garrison) {
            // ruling: fiw #5
            self.use_magazine(mag);
            let (at, here) = self.log_words(|| (self.sq_name(mag), self.place_name(from)));
            self.core.log.say("18.61", || {
                format!("The force in {here} draws on the magazine in {at}.")
            });
        } else {
            // ruling: fiw #5
            self.supply[seat as usize] -= 1;
            let left = self.supply[seat as usize];
            let (side, here) = (side_name(seat), self.log_words(|| self.place_name(from)));
            self.core.log.say("12.2", || {
                format!("The {side} spend a supply point for a force in {here} ({left} left).")
            });
        }
    }

    pub fn form(&mut self, seat: Seat, at: Place) {
        self.stack.push(Frame::Force(Box::new(Force::new(seat, at))));
    }

    pub fn force_legal(&self, f: &Force, out: &mut Vec<Action>) {
        if !f.moving {
            // A force that reorganized must set out (19.0): its last piece
            // stays.
            let last = f.reorganized && f.pieces().count() == 1;
            for p in self.candidates(f) {
                if f.has(p) {
                    if !last {
                        out.push(Action::Remove(p));
                    }
                } else if !f.left_out.contains(&p) {
                    // ruling: fiw #49
                    out.push(Action::Add(p));
                }
            }
            for &u in &f.units {
                if self.at_will(u) && !f.switched.contains(&u) {
                    out.push(Action::Light(u));
                }
            }
            self.reorganization_legal(f, out);
            if (!f.units.is_empty() || !f.leaders.is_empty()) && (f.reorganized || !self.stays(f)) {
                out.push(Action::Go);
            }
            if !f.reorganized {
                out.push(Action::Halt);
            }
            return;
        }
        if !matches!(f.at, Place::Sq(_)) || self.stays(f) {
            out.push(Action::Halt);
            return;
        }
        out.extend(self.steps(f).map(Action::Step));
        if !f.path.is_empty() {
            for p in f.pieces() {
                if Some(p) != f.bonus.map(Piece::Leader) && f.pieces().count() > 1 {
                    out.push(Action::Drop(p));
                }
            }
        }
        out.push(Action::Halt);
    }

    /// 13.1, 13.5 the cost in half points of a step, by the route it
    /// follows (ruling fiw #12), else the entered square's terrain; `None`
    /// where land units may not go (13.71).
    pub fn step_cost(&self, f: &Force, from: Sq, to: Sq, route: Route) -> Option<u8> {
        let t = &tables().terrain;
        let id = match self.marked_route(from, to, route) {
            Route::Road => "road",
            Route::River => "river",
            Route::LakeCoast => "lake-coast",
            Route::Trail => "trail",
            Route::Overland => self.terrain(to).id(),
        };
        match t.cost(id, f.light) {
            Cost::Halves(h) => Some(h),
            Cost::Prohibited => None,
        }
    }

    /// 22.2 a trail marker makes its square a trail square, linked to the
    /// adjacent trail or road squares (ruling fiw #12): a step the map
    /// leaves overland between two such squares, one of them marked,
    /// follows a trail; for movement and for lines of supply (18.61).
    pub(crate) fn marked_route(&self, from: Sq, to: Sq, route: Route) -> Route {
        // Only an overland step can become a trail: most steps skip the
        // marker scans.
        if route != Route::Overland {
            return route;
        }
        let (a, b) = (self.trail_marked(from), self.trail_marked(to));
        let m = &tables().map;
        let track = |marked: bool, sq: Sq| marked || m.on_track(sq);
        if (a || b) && track(a, from) && track(b, to) {
            Route::Trail
        } else {
            route
        }
    }

    /// 22.2 a trail marker makes its square a trail square (ruling fiw #12).
    fn trail_marked(&self, sq: Sq) -> bool {
        self.civ(sq, Marker::Trail).is_some()
    }

    /// 13.72, 13.8, 24.1, 24.3 and ruling fiw #28: whether every piece of
    /// the force may enter a square.
    fn may_enter(&self, f: &Force, to: Sq) -> bool {
        self.entry_bar(f, to).is_none()
    }

    /// What keeps the force out of a square ([`Fiw::may_enter`]'s
    /// conditions, the first it fails): neutral Florida (13.72), or a unit
    /// bound to its colony; `None` when every piece may enter.
    pub(crate) fn entry_bar(&self, f: &Force, to: Sq) -> Option<Entry> {
        let m = &tables().map;
        let colony = m.colony(to);
        if colony == Some(Colony::Florida) && !self.spain {
            return Some(Entry::NeutralFlorida);
        }
        f.units.iter().find_map(|&u| match self.bound_to(u) {
            Some(home) if colony != Some(home) => Some(Entry::Bound(u, home)),
            _ => None,
        })
    }

    /// The colony a unit may not leave: British militia always (13.8,
    /// 24.1), Spanish militia (24.3), British provincials while their
    /// colony is passive (5.26, ruling fiw #28).
    pub fn bound_to(&self, u: UnitId) -> Option<Colony> {
        let face = self.face(u);
        let home = face
            .home
            .as_deref()
            .and_then(|h| Colony::ALL.into_iter().find(|c| c.id() == h))?;
        let british = face.side == BRITISH && face.nation == Nation::British;
        if face.kind == UnitType::Militia && (british || face.nation == Nation::Spanish) {
            return Some(home);
        }
        // ruling: fiw #28
        if british && !face.regular && self.status(home) == Status::Passive {
            return Some(home);
        }
        None
    }

    /// The force's movement allowance in half points: its slowest unit's
    /// factor plus one leader's military rating (17.21; an Indian leader
    /// only for Indians, 17.7), or for leaders alone the slowest leader's
    /// own factor (ruling fiw #52: leaders keep pace with their units); and
    /// the leader who gives the bonus.
    pub fn allowance(&self, f: &Force) -> (u8, Option<LeaderId>) {
        let all_indian = !f.units.is_empty() && f.units.iter().all(|&u| self.is_indian(u));
        let bonus = f
            .leaders
            .iter()
            .copied()
            .filter(|&l| self.leader(l).side.is_some() || all_indian)
            .max_by_key(|&l| (self.leader(l).military, std::cmp::Reverse(l)))
            // 17.21 a leader rated 0 provides no bonus, so nothing binds him.
            .filter(|&l| !f.units.is_empty() && self.leader(l).military > 0);
        let plus = bonus.map_or(0, |l| self.leader(l).military);
        // ruling: fiw #52
        let slowest = match f.units.iter().map(|&u| self.face(u).movement + plus).min() {
            Some(m) => m,
            None => f.leaders.iter().map(|&l| self.leader(l).movement).min().unwrap_or(0),
        };
        (slowest * 2, bonus)
    }

    /// 13.2, ruling fiw #11: a light force is light in every piece.
    fn all_light(&self, f: &Force) -> bool {
        f.units.iter().all(|&u| self.is_light(u)) && f.leaders.iter().all(|&l| self.leader(l).light)
    }

    pub fn force_perform(&mut self, a: Action) {
        let Some(Frame::Force(f)) = self.stack.last_mut() else {
            unreachable!("force actions only on a force")
        };
        match a {
            Action::Add(Piece::Unit(u)) => f.units.push(u),
            Action::Add(Piece::Leader(l)) => f.leaders.push(l),
            Action::Remove(p) => {
                match p {
                    Piece::Unit(u) => f.units.retain(|&x| x != u),
                    Piece::Leader(l) => f.leaders.retain(|&x| x != l),
                }
                f.left_out.push(p);
            }
            Action::Light(u) => {
                f.switched.push(u);
                let unit = &mut self.units[u as usize];
                unit.as_light = !unit.as_light;
            }
            Action::Combine(_) | Action::FormLegion(_) | Action::BreakDown(_) => self.reorganize(a),
            Action::Go => self.set_out(),
            Action::Step(to) => self.step_to(to),
            Action::Drop(p) => self.drop_off(p),
            Action::Halt => self.halt(),
            _ => unreachable!("only legal actions reach perform"),
        }
        // 13.1 a force that can pay for no further step ends its move by
        // itself: the mover would only click Halt.
        // Only a move under way can be spent: the check is skipped for the
        // other force actions (apply's hot path).
        let moved = matches!(a, Action::Go | Action::Step(_) | Action::Drop(_));
        if moved && matches!(self.stack.last(), Some(Frame::Force(f)) if self.spent(f)) {
            self.halt();
        }
    }

    /// 13.1, 11.3 the moving force has no step it may take and pay for,
    /// now or after dropping pieces off: left behind, a heavy piece could
    /// leave a light force that pays less and crosses vertices (13.2), a
    /// bound unit a force that may leave its colony (13.8). So the
    /// smallest forces its drops may leave are tried: each piece alone,
    /// with the leader who gives the bonus, who may not be dropped (17.21).
    /// Its drops at the end of its move would leave every piece where it
    /// stands anyway. What decides it is the mover's own force and the
    /// map: the opponent's view is the same whether the move ends by
    /// itself or at the mover's click, and the mover acts next either way
    /// (the 4th phase's winter attrition is a roll, so an undo barrier, as
    /// after a click).
    fn spent(&self, f: &Force) -> bool {
        if !f.moving || self.can_step(f) {
            return false;
        }
        if f.path.is_empty() || f.pieces().count() < 2 {
            return true;
        }
        !f.pieces().any(|p| {
            let mut part = Force::new(f.seat, f.at);
            part.left = f.left;
            for q in [Some(p), f.bonus.map(Piece::Leader)].into_iter().flatten() {
                match q {
                    Piece::Unit(u) => part.units.push(u),
                    Piece::Leader(l) if !part.leaders.contains(&l) => part.leaders.push(l),
                    Piece::Leader(_) => {}
                }
            }
            part.light = self.all_light(&part);
            self.can_step(&part)
        })
    }

    /// 13.1 whether the moving force has a step it may take and pay for.
    fn can_step(&self, f: &Force) -> bool {
        self.steps(f).next().is_some()
    }

    /// 13.1, 13.2, 13.71, 13.72, 13.8 the squares the moving force may
    /// step into with the points it has left.
    fn steps<'a>(&'a self, f: &'a Force) -> impl Iterator<Item = Sq> + 'a {
        let at = match (f.at, self.stays(f)) {
            (Place::Sq(at), false) => Some(at),
            _ => None,
        };
        at.into_iter().flat_map(move |at| {
            tables()
                .map
                .land_steps(at, f.light)
                .into_iter()
                .filter(move |&(n, route)| {
                    self.step_cost(f, at, n, route).is_some_and(|c| c <= f.left) && self.may_enter(f, n)
                })
                .map(|(n, _)| n)
        })
    }

    /// 12.2 the force sets out: in a later phase it pays a supply point
    /// unless a line of supply reaches it (ruling fiw #5). 12.3, 19.0 the
    /// units its reorganization made and left out operate with it.
    fn set_out(&mut self) {
        let Some(Frame::Force(f)) = self.stack.last() else {
            unreachable!()
        };
        let mut f = (**f).clone();
        let round = self.round().unwrap_or(1);
        if round > 1 {
            self.supply_operation(f.seat, f.from, self.garrison_force(&f));
        }
        f.light = self.all_light(&f);
        let (left, bonus) = self.allowance(&f);
        f.left = left;
        f.bonus = bonus;
        f.moving = true;
        // 12.3 with 19.0: the force that reorganizes operates, every unit
        // the reorganization made too, even one left out of the force: it
        // stays where it was made, but it has operated this phase (12.0)
        // and in a 4th phase rolls for winter attrition with the force.
        let stay: Vec<UnitId> = f
            .combined
            .iter()
            .chain(&f.broken)
            .copied()
            .filter(|&u| !f.units.contains(&u) && self.units[u as usize].at() == f.from)
            .collect();
        f.members = f.units.iter().chain(&stay).copied().collect();
        let bit = self.round_bit();
        for &u in &stay {
            self.units[u as usize].ops |= bit;
        }
        let pieces: Vec<Piece> = f.pieces().collect();
        let names = self.set_out_pieces(&pieces);
        let n = pieces.len();
        let (at, path) = self.log_words(|| (self.place_name(f.from), self.place_id(f.from)));
        let mp = half(left);
        self.core.log.apart(
            f.seat,
            "11.3",
            &[],
            || vec![path],
            || {
                format!(
                    "A force sets out from {at} with {mp} movement points: {}.",
                    engine::log::list(&names)
                )
            },
            || format!("{} sets out from {at}.", seen_force(f.seat, false, n)),
        );
        *self.stack.last_mut().expect("the force") = Frame::Force(Box::new(f));
    }

    fn step_to(&mut self, to: Sq) {
        let Some(Frame::Force(f)) = self.stack.last() else {
            unreachable!()
        };
        let Place::Sq(from) = f.at else {
            unreachable!("moving forces are on the map")
        };
        let f = self.stepped(f, to);
        if self.reveals(f.seat, to) {
            // 27.1 the step shows hidden pieces: it cannot be taken back.
            self.core.dice.reveal();
        }
        self.step_pieces(&f.pieces().collect::<Vec<_>>(), Place::Sq(to));
        let side = side_name(f.seat);
        let (at, left) = self.log_words(|| (self.sq_name(to), points_words(f.left)));
        let n = f.units.len() + f.leaders.len();
        self.core.log.apart(
            f.seat,
            "13.1",
            &[],
            || vec![from.to_string(), to.to_string()],
            || format!("The force moves to {at} ({left} left)."),
            || format!("{} moves to {at}.", seen_force(f.seat, false, n)),
        );
        let seat = f.seat;
        let stops = self.has_units(to, enemy(seat));
        let units = f.units.clone();
        *self.stack.last_mut().expect("the force") = Frame::Force(Box::new(f));
        // ruling: fiw #9 (leaders alone take nothing)
        if !units.is_empty() {
            self.combat_units_enter(seat, to, &units);
        }
        // 13.32 units must stop on entering a square with enemy combat units.
        if stops {
            self.core.log.say("13.32", || {
                format!("The {side} force stops in {at}: enemy units are there.")
            });
            self.halt();
        }
    }

    /// The force once it has stepped into `to`, a square it may enter.
    fn stepped(&self, f: &Force, to: Sq) -> Force {
        let Place::Sq(from) = f.at else {
            unreachable!("moving forces are on the map")
        };
        let route = tables().map.land_route(from, to).expect("a legal step");
        let cost = self.step_cost(f, from, to, route).expect("a legal step");
        let mut f = f.clone();
        f.left -= cost;
        f.at = Place::Sq(to);
        f.path.push(to);
        f
    }

    /// The force once it has dropped `p` off: 11.3 it keeps the slowest
    /// factor, not the dropped piece's weight: the pieces left may all be
    /// light (13.2, ruling fiw #11).
    fn dropped(&self, f: &Force, p: Piece) -> Force {
        let mut f = f.clone();
        match p {
            Piece::Unit(u) => f.units.retain(|&x| x != u),
            Piece::Leader(l) => f.leaders.retain(|&x| x != l),
        }
        f.light = self.all_light(&f);
        f
    }

    /// Whether a step or a drop ends the force's move: it stops in a
    /// square of enemy units (13.32) or can go no further
    /// ([`Fiw::spent`]).
    fn ends_move(&self, f: &Force, a: Action) -> bool {
        match a {
            Action::Step(to) => self.has_units(to, enemy(f.seat)) || self.spent(&self.stepped(f, to)),
            Action::Drop(p) => self.spent(&self.dropped(f, p)),
            _ => false,
        }
    }

    /// 12.2 the pieces of a force setting out operate in this phase (land
    /// 11.3 and naval 20.21 alike); their names, for the log (none while
    /// it is off).
    pub(crate) fn set_out_pieces(&mut self, pieces: &[Piece]) -> Vec<String> {
        let bit = self.round_bit();
        for &p in pieces {
            match p {
                Piece::Unit(u) => self.units[u as usize].ops |= bit,
                Piece::Leader(l) => self.leaders[l as usize].ops |= bit,
            }
        }
        self.log_words(|| pieces.iter().map(|&p| self.piece_name(p)).collect())
    }

    /// 13.1, 20.21 the pieces of a moving force enter `to`: they have
    /// moved (14.2) and stand outside any works there (23.22).
    pub(crate) fn step_pieces(&mut self, pieces: &[Piece], to: Place) {
        for &p in pieces {
            let (moved, inside) = match p {
                Piece::Unit(u) => {
                    self.place_unit(u, to);
                    let x = &mut self.units[u as usize];
                    (&mut x.moved, &mut x.inside)
                }
                Piece::Leader(l) => {
                    let x = &mut self.leaders[l as usize];
                    x.at = to;
                    (&mut x.moved, &mut x.inside)
                }
            };
            *moved = true;
            *inside = false;
        }
    }

    /// 27.1 whether entering `sq` shows either side pieces it could not
    /// see: the enemy's there, not examined before (1), or the mover's own
    /// in an enemy city or town (4). Such a step is an undo barrier.
    pub fn reveals(&self, seat: Seat, sq: Sq) -> bool {
        let theirs = self.has_units(sq, enemy(seat)) || self.side_leaders_at(sq, enemy(seat)).next().is_some();
        let their_town =
            self.settlement(sq).is_some() && tables().map.colony(sq).and_then(|c| self.owner(c)) == Some(enemy(seat));
        (theirs && !self.examines(seat, sq)) || their_town
    }

    /// Combat units of `seat` (`arrivals`, with any naval units that
    /// carried them) have entered `sq` by land (13.1) or landed there
    /// (20.4): [`Fiw::entered`]; and when no other unit of theirs was there,
    /// 23.22 they are the first to enter, and an enemy garrison of a
    /// fortress there is besieged (ruling fiw #17). Leaders alone enter
    /// without these effects (ruling fiw #9).
    pub(crate) fn combat_units_enter(&mut self, seat: Seat, sq: Sq, arrivals: &[UnitId]) {
        let first = !self.side_at(sq, seat).any(|u| !arrivals.contains(&u));
        self.entered(seat, sq);
        if first {
            self.invest(seat, sq);
        }
    }

    /// What entering a square does: 5.24 an enemy colony becomes active,
    /// 22.4 markers of a side with no combat unit there change hands.
    /// Units placed in a square (raised, recruited, joining by an event or
    /// a negotiation) have not entered it (ruling fiw #60).
    pub(crate) fn entered(&mut self, seat: Seat, sq: Sq) {
        if let Some(c) = tables().map.colony(sq) {
            if self.owner(c) == Some(enemy(seat)) && self.status(c) == Status::Passive {
                self.set_status(c, Status::Active);
                self.core
                    .log
                    .say("5.24", || format!("{} is invaded and becomes active.", c.name()));
            }
        }
        if !self.has_units(sq, enemy(seat)) {
            self.take_markers(seat, sq);
        }
    }

    /// 22.4 `seat`'s combat units, alone in `sq`, capture the enemy's
    /// markers there "automatically and may use it"; a fortress so taken
    /// shifts the Balance of Power as one taken on the Capture Table
    /// (ruling fiw #53).
    pub(crate) fn take_markers(&mut self, seat: Seat, sq: Sq) {
        let mut taken = Vec::new();
        for c in self.civs.iter_mut().filter(|c| c.sq == sq && c.side != seat) {
            c.side = seat;
            taken.push(c.kind);
        }
        for kind in taken {
            let at = self.sq_name(sq);
            self.core.log.say("22.4", || {
                format!("The {} take the {} in {at}.", side_name(seat), marker_word(kind))
            });
            // ruling: fiw #53
            if kind == Marker::Fortress {
                self.balance_change("fortress-captured", seat, 1, || {
                    format!("The {} take the fortress of {at}", side_name(seat))
                });
            }
        }
    }

    fn drop_off(&mut self, p: Piece) {
        let Some(Frame::Force(f)) = self.stack.last() else {
            unreachable!()
        };
        let f = self.dropped(f, p);
        let (seat, at) = (f.seat, f.at);
        *self.stack.last_mut().expect("the force") = Frame::Force(Box::new(f));
        self.dropped_off(seat, p, at);
    }

    /// 11.3 the log of a piece dropped off by a force (land or naval): the
    /// enemy reads that a piece stays, not which.
    pub(crate) fn dropped_off(&mut self, seat: Seat, p: Piece, at: Place) {
        let (name, here) = (self.piece_name(p), self.place_name(at));
        self.core.log.apart(
            seat,
            "11.3",
            &[],
            Vec::new,
            || format!("{name} stays in {here}."),
            || format!("A {} piece stays in {here}.", side_name(seat)),
        );
    }

    /// The force's move ends; 12.3 in a 4th phase its units roll for
    /// winter attrition (ruling fiw #6: at the end of its move).
    fn halt(&mut self) {
        let Some(Frame::Force(f)) = self.stack.pop() else {
            unreachable!()
        };
        if !f.moving {
            if let Some(Frame::Movement { passed, .. }) = self.stack.last_mut() {
                passed.push(f.from);
            }
            return;
        }
        if self.round() == Some(4) {
            self.winter_attrition(f.seat, &f.members);
        }
    }

    /// 12.3 every combat unit of a force that operated in a 4th phase rolls
    /// a die at the end of its move: a 1 eliminates it.
    pub(crate) fn winter_attrition(&mut self, seat: Seat, members: &[UnitId]) {
        for &u in members {
            let roll = self.core.dice.d6();
            let name = self.unit_name(u);
            // 8.1 Harsh Winter: a 1 or a 2 this turn.
            let harsh = self.this_turn.iter().any(|e| e == "harsh-winter");
            if roll == 1 || (harsh && roll == 2) {
                // 10.73 to the counter mix, inside no fortress any more.
                self.to_pool(u);
                self.core.log.apart(
                    seat,
                    "12.3",
                    &[roll],
                    Vec::new,
                    || format!("Winter attrition: {name} rolls {roll} and is eliminated."),
                    || {
                        format!(
                            "Winter attrition: a {} unit rolls {roll} and is eliminated.",
                            side_name(seat)
                        )
                    },
                );
            } else {
                self.core.log.apart(
                    seat,
                    "12.3",
                    &[roll],
                    Vec::new,
                    || format!("Winter attrition: {name} rolls {roll}, no effect."),
                    || format!("Winter attrition: a {} unit rolls {roll}, no effect.", side_name(seat)),
                );
            }
        }
    }

    /// The label of setting out, with its price.
    pub fn go_label(&self) -> String {
        let Some(Frame::Force(f)) = self.stack.last() else {
            return "Set out".into();
        };
        let paid =
            self.round().unwrap_or(1) > 1 && self.operation_line(f.from, f.seat, self.garrison_force(f)).is_none();
        self.operation_label("Set out", paid, None)
    }

    /// An operation's label with what it costs (12.2 a supply point where
    /// no magazine pays, ruling fiw #5; 12.3 winter attrition in the 4th
    /// phase): "Set out, spending a supply point (12.2)", "Attack in the
    /// siege of Quebec, then winter attrition (23.23, 12.2, 12.3)".
    pub(crate) fn operation_label(&self, what: &str, paid: bool, rule: Option<&str>) -> String {
        let cost = if paid { ", spending a supply point" } else { "" };
        let winter = self.round() == Some(4);
        let after = if winter { ", then winter attrition" } else { "" };
        let mut rules: Vec<&str> = rule.into_iter().collect();
        rules.push("12.2");
        if winter {
            rules.push("12.3");
        }
        format!("{what}{cost}{after} ({})", rules.join(", "))
    }

    pub fn step_cost_words(&self, to: Sq) -> String {
        let Some(Frame::Force(f)) = self.stack.last() else {
            return String::new();
        };
        let Place::Sq(from) = f.at else { return String::new() };
        let Some(route) = tables().map.land_route(from, to) else {
            return String::new();
        };
        match self.step_cost(f, from, to, route) {
            Some(c) => format!("{} MP", half(c)),
            None => String::new(),
        }
    }

    /// What the rules attach to an action before it is taken.
    pub fn warning(&self, a: Action) -> Option<String> {
        match a {
            Action::Go if self.go_label().contains("supply point") => {
                Some("Costs one supply point (12.2, 18.2).".into())
            }
            Action::Halt
                if self.round() == Some(4) && matches!(self.stack.last(), Some(Frame::Force(f)) if f.moving) =>
            {
                Some("Every combat unit of the force now rolls for winter attrition: a 1 eliminates it (12.3).".into())
            }
            Action::Step(_) | Action::Drop(_)
                if self.round() == Some(4)
                    && matches!(self.stack.last(), Some(Frame::Force(f)) if self.ends_move(f, a)) =>
            {
                Some(
                    "This ends the force's move: every combat unit of it then rolls for winter attrition, a 1 \
                     eliminates it (12.3)."
                        .into(),
                )
            }
            _ => self.naval_warning(a),
        }
    }
}

/// How the other side's log names a moving force it sees without its
/// contents (27.1): "A British naval force of 3 pieces".
pub fn seen_force(seat: Seat, naval: bool, pieces: usize) -> String {
    format!(
        "A {} {}force of {}",
        side_name(seat),
        if naval { "naval " } else { "" },
        engine::log::count(pieces, "piece")
    )
}

/// Half movement points as the log and prompts say them: "1 movement
/// point", "2½ movement points".
pub fn points_words(h: u8) -> String {
    format!("{} movement point{}", half(h), if h == 2 { "" } else { "s" })
}

/// Half points as a player reads them: "2½".
pub fn half(h: u8) -> String {
    if h.is_multiple_of(2) {
        (h / 2).to_string()
    } else if h == 1 {
        "½".into()
    } else {
        format!("{}½", h / 2)
    }
}

pub fn marker_word(m: Marker) -> &'static str {
    match m {
        Marker::Fort => "fort",
        Marker::Fortress => "fortress",
        Marker::Magazine => "magazine",
        Marker::Trail => "trail",
    }
}
