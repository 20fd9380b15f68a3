//! The game state: every counter and leader and where it is, what each
//! space remembers (control, works, the initial militia call), the turn,
//! and the stack of pending procedures (ARCHITECTURE.md, "The frame stack").

use crate::forces::{Counters, Kind, Leader, Nationality, AMERICAN, BRITISH};
use crate::frames::Frame;
use crate::map::{SpaceId, StateId, ZoneId};
use crate::scenario::Scenario;
use crate::tables::tables;
use engine::roster::{Placed, Roster};
use engine::{Core, Seat};
use serde::{Deserialize, Serialize};

/// A counter's index in [`Gml::units`]: one per counter of the mix.
pub type UnitId = u16;
/// A leader's index in [`Gml::leaders`], as in `leaders.tsv`.
pub type LeaderId = u8;

/// Where a counter or a leader is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Place {
    /// Off the map and available (ruling gml #26: eliminated units come back
    /// here).
    Pool,
    /// A reinforcement the scenario brings on later (12.14, 12.24, 12.34).
    Later,
    Space(SpaceId),
    /// At sea in a maritime zone (7.x).
    Zone(ZoneId),
    /// 5.6 a leader taken by the enemy (11.8).
    Captured,
    /// 5.6 a leader wounded, in his side's container.
    Wounded,
    /// 5.6 a dead leader; 8.2 step 7 an Indian unit that fled: out of the
    /// game for good.
    Gone,
}

/// One counter of the mix.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    /// Its row in `counters.tsv`.
    pub row: u8,
    /// Where it is: read with [`Unit::at`], changed only by `Units::place`
    /// so that the lists of who is where stay true.
    at: Place,
    /// 8.22 on its reduced side (only during a combat: every unit turns
    /// back when the combat ends).
    #[serde(default, skip_serializing_if = "is_false")]
    pub reduced: bool,
    /// 6.4 under a trench marker.
    #[serde(default, skip_serializing_if = "is_false")]
    pub entrenched: bool,
    /// 6.6 inside the fort of its space (ruling gml #14).
    #[serde(default, skip_serializing_if = "is_false")]
    pub inside: bool,
    /// 5.2 the leader whose force it is part of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub leader: Option<LeaderId>,
    /// Activated in this phase (ruling gml #2: once per player-turn), or
    /// sailed in it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub done: bool,
    /// Done in this phase by sailing, which is no activation (7.0, ruling
    /// gml #20).
    #[serde(default, skip_serializing_if = "is_false")]
    pub sailed: bool,
    /// 6.13 separated from a moving group this turn: it joins no other
    /// stack until the turn ends (ruling gml #52), out-of-phase
    /// activations (4.1) too.
    #[serde(default, skip_serializing_if = "is_false")]
    pub separated: bool,
    /// 6.17 half movement points spent this turn, in any phase (ruling
    /// gml #59); `u8::MAX`: all of them.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub spent: u8,
    /// The space it entered its present one from in this player-turn (its
    /// own side's or, by a 4.1 activation or a 6.2 reserve, the enemy's),
    /// and by which line (8.251 retreats; the Terrain Effects Table's
    /// river; ruling gml #67).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entered: Option<(SpaceId, crate::map::LineKind)>,
    /// 8.15 it landed from the sea in this phase in a port held by enemy
    /// land units: it makes the amphibious assault there (8.0 C).
    #[serde(default, skip_serializing_if = "is_false")]
    pub assault: bool,
}

impl Unit {
    /// A counter of row `row`, in the pool.
    pub fn new(row: u8) -> Unit {
        Unit {
            row,
            at: Place::Pool,
            reduced: false,
            entrenched: false,
            inside: false,
            leader: None,
            done: false,
            sailed: false,
            separated: false,
            spent: 0,
            entered: None,
            assault: false,
        }
    }

    pub fn at(&self) -> Place {
        self.at
    }
}

impl Placed for Unit {
    type Place = Place;

    fn slot(at: Place) -> usize {
        match at {
            Place::Pool => 0,
            Place::Later => 1,
            Place::Captured => 2,
            Place::Wounded => 3,
            Place::Gone => 4,
            // Interleaved: both counts come from the data.
            Place::Space(s) => 5 + 2 * s as usize,
            Place::Zone(z) => 6 + 2 * z as usize,
        }
    }

    fn at(&self) -> Place {
        self.at
    }

    fn set_at(&mut self, at: Place) {
        self.at = at;
    }
}

/// Every counter of the mix, indexed by [`UnitId`], with the counters of
/// each place (`engine::roster`): "who is here?" reads a list instead of
/// the whole mix, most of which waits in the pool.
pub type Units = Roster<Unit>;

/// One leader.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct General {
    pub at: Place,
    /// 5.4 the leader who commands him.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub under: Option<LeaderId>,
    /// Activated in this phase, or sailed in it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub done: bool,
    /// Went aboard with a unit that sailed (ruling gml #51): no activation.
    #[serde(default, skip_serializing_if = "is_false")]
    pub sailed: bool,
    /// 6.2 turned to his reserve side.
    #[serde(default, skip_serializing_if = "is_false")]
    pub reserve: bool,
    /// 6.11, 6.17 half movement points spent this turn (ruling gml #59).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub spent: u8,
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// 3.1 the phases of a normal turn (the battle scenarios have no
/// Strategic Interface, 12.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// 12.x13 the set-up's choices.
    Deployment,
    Command(Seat),
    Activation(Seat),
    Combat(Seat),
    Reinforcement(Seat),
    Supply,
    Final,
}

impl Phase {
    /// 3.1 the turn after the set-up: the British player-turn, then the
    /// American, then the phases of both.
    const TURN: [Phase; 10] = [
        Phase::Command(BRITISH),
        Phase::Activation(BRITISH),
        Phase::Combat(BRITISH),
        Phase::Reinforcement(BRITISH),
        Phase::Command(AMERICAN),
        Phase::Activation(AMERICAN),
        Phase::Combat(AMERICAN),
        Phase::Reinforcement(AMERICAN),
        Phase::Supply,
        Phase::Final,
    ];

    /// Where the phase comes in the turn: the set-up 0, then 1 to 10 in
    /// the order of [`Phase::TURN`].
    pub fn order(self) -> usize {
        Self::TURN.iter().position(|&p| p == self).map_or(0, |i| i + 1)
    }

    /// The phase that follows (after the Final Phase, the next turn's first).
    pub fn next(self) -> Phase {
        Self::TURN[self.order() % Self::TURN.len()]
    }

    /// The phase as 3.1 names it.
    pub fn name(self) -> String {
        let side = crate::side_name;
        match self {
            Phase::Deployment => "Deployment".into(),
            Phase::Command(s) => format!("{} Command Phase", side(s)),
            Phase::Activation(s) => format!("{} Activation Phase", side(s)),
            Phase::Combat(s) => format!("{} Combat Phase", side(s)),
            Phase::Reinforcement(s) => format!("{} Reinforcement Phase", side(s)),
            Phase::Supply => "Supply Phase".into(),
            Phase::Final => "Final Phase".into(),
        }
    }
}

/// What a space remembers of who holds it (9.2, ruling gml #28): the last
/// side to occupy it alone with a unit able to control it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Held {
    /// For victory and the Militia Table: British or Hessian units, or
    /// American Continentals, militia, artillery or French.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vp: Option<Seat>,
    /// For supply (10.2): Tory militia count too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supply: Option<Seat>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Gml {
    #[serde(flatten)]
    pub core: Core,
    pub scenario: Scenario,
    /// Index in the turn track (`turns.tsv`).
    pub turn: u16,
    pub phase: Phase,
    /// 4.0, 4.1 the activations the Command Phase gave.
    pub activations: u8,
    pub units: Units,
    pub leaders: Vec<General>,
    /// Per space.
    pub held: Vec<Held>,
    /// 8.26 forts destroyed by artillery.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub razed: Vec<SpaceId>,
    /// 6.7 the states whose initial militia call has been made.
    pub called: Vec<StateId>,
    /// 7.3 the phasing side's units at sea when its Activation Phase
    /// began (empty outside it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub at_sea: Vec<UnitId>,
    /// 7.2 the land units in a port space when the turn began, and where:
    /// only they may sail on transports this turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub in_port: Vec<(UnitId, SpaceId)>,
    pub stack: Vec<Frame>,
    /// 5.5 the optional special leader abilities (option `abilities`).
    #[serde(default, skip_serializing_if = "crate::abilities::Abilities::is_off")]
    pub abilities: crate::abilities::Abilities,
}

/// 8.2 a land unit: everything but the naval units.
pub fn is_land(c: &Counters) -> bool {
    !matches!(c.kind, Kind::Naval | Kind::NavalDefense)
}

/// 9.2 a unit that controls a VP city for victory and militia: British or
/// Hessian units; American units but Indians.
pub fn controls_cities(c: &Counters) -> bool {
    is_land(c)
        && match c.nationality {
            Some(Nationality::British | Nationality::Hessian | Nationality::American | Nationality::French) => true,
            Some(Nationality::Tory | Nationality::Indian) | None => false,
        }
}

/// 10.2 a unit that controls a space for supply: Tories too.
pub fn controls_for_supply(c: &Counters) -> bool {
    controls_cities(c) || (is_land(c) && c.nationality == Some(Nationality::Tory))
}

impl Gml {
    pub fn counters(&self, u: UnitId) -> &'static Counters {
        &tables().forces.counters[self.units[u as usize].row as usize]
    }

    pub fn leader(&self, l: LeaderId) -> &'static Leader {
        &tables().forces.leaders[l as usize]
    }

    pub fn side(&self, u: UnitId) -> Seat {
        self.counters(u).side.expect("units have a side (forces.rs)")
    }

    /// The unit's combat value on the side it shows (2.2, 8.22).
    pub fn printed_value(&self, u: UnitId) -> u8 {
        let c = self.counters(u);
        if self.units[u as usize].reduced {
            c.reduced
        } else {
            c.combat
        }
    }

    /// The units in a space, in counter order.
    pub fn units_at(&self, s: SpaceId) -> impl Iterator<Item = UnitId> + '_ {
        self.units.in_place(Place::Space(s))
    }

    /// A seat's land units in a space.
    pub fn land_at(&self, s: SpaceId, seat: Seat) -> impl Iterator<Item = UnitId> + '_ {
        self.units_at(s)
            .filter(move |&u| self.side(u) == seat && is_land(self.counters(u)))
    }

    /// The leaders in a space.
    pub fn leaders_at(&self, s: SpaceId) -> impl Iterator<Item = LeaderId> + '_ {
        (0..self.leaders.len() as LeaderId).filter(move |&l| self.leaders[l as usize].at == Place::Space(s))
    }

    pub fn has_land(&self, s: SpaceId, seat: Seat) -> bool {
        self.land_at(s, seat).next().is_some()
    }

    /// 9.2 who controls a space for victory and the Militia Table: its
    /// last owner (ruling gml #28), but nobody while enemy land units are
    /// there ("If enemy units are present in the space, it is not
    /// controlled by either player"), Tories or Indians alone too.
    pub fn controller(&self, s: SpaceId) -> Option<Seat> {
        let owner = self.held[s as usize].vp?;
        (!self.has_land(s, 1 - owner)).then_some(owner)
    }

    /// 10.1, 10.2 who controls a space for supply.
    pub fn supply_controller(&self, s: SpaceId) -> Option<Seat> {
        if self.has_land(s, BRITISH) && self.has_land(s, AMERICAN) {
            return None;
        }
        self.held[s as usize].supply
    }

    /// 9.2 a space occupied by one side alone becomes that side's (ruling
    /// gml #28: Tory- or Indian-only occupation leaves the memory as it was
    /// for victory; Indians never control).
    pub fn mark_control(&mut self, s: SpaceId) {
        let (b, a) = (self.has_land(s, BRITISH), self.has_land(s, AMERICAN));
        let seat = match (b, a) {
            (true, false) => BRITISH,
            (false, true) => AMERICAN,
            _ => return,
        };
        let here: Vec<&Counters> = self.land_at(s, seat).map(|u| self.counters(u)).collect();
        let held = &mut self.held[s as usize];
        if here.iter().any(|c| controls_cities(c)) {
            held.vp = Some(seat);
        }
        if here.iter().any(|c| controls_for_supply(c)) {
            held.supply = Some(seat);
        }
    }

    /// 6.6 the space is a fort not destroyed.
    pub fn has_fort(&self, s: SpaceId) -> bool {
        tables().map.get(s).terrain == crate::map::Terrain::Fort && !self.razed.contains(&s)
    }

    /// The leaders a leader commands, directly or through others (5.4).
    pub fn chain(&self, l: LeaderId) -> Vec<LeaderId> {
        let mut out = vec![l];
        let mut i = 0;
        while i < out.len() {
            let top = out[i];
            out.extend((0..self.leaders.len() as LeaderId).filter(|&o| self.leaders[o as usize].under == Some(top)));
            i += 1;
        }
        out
    }

    /// The units under a leader's own command (5.2): they stand with him
    /// (`invariants`).
    pub fn force(&self, l: LeaderId) -> impl Iterator<Item = UnitId> + '_ {
        self.units
            .in_place(self.leaders[l as usize].at)
            .filter(move |&u| self.units[u as usize].leader == Some(l))
    }

    pub fn turn_name(&self) -> String {
        tables().turns[self.turn as usize].name()
    }
}
