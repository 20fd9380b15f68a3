//! 7.0 Naval Movement: 3.1 B.1 and F.1-2, before the activations, the
//! phasing side's fleets move and land units sail from port (7.2, the
//! Naval Transport roll saying how many); 7.1 costs; 7.3 what is at sea at
//! the end of the phase; 7.5 fleets blockading enemy ports; 8.15 landing
//! in a port held by enemy land units for an amphibious assault. Only the
//! British have fleets in the battle scenarios (12.23, 12.33), so no
//! interception (7.4) or fleet combat (8.12-8.14) can arise in them: a
//! fleet never meets an enemy one, and a transport never passes one
//! unescorted. A fleet may still find enemy transports left at sea
//! (`maritime.rs`).

use crate::actions::Action;
use crate::forces::Kind;
use crate::frames::Frame;
use crate::map::{SpaceId, ZoneId};
use crate::state::{is_land, Gml, LeaderId, Place, UnitId};
use crate::tables::tables;
use engine::Seat;
use serde::{Deserialize, Serialize};

/// A piece's place at sea or in port on a voyage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Berth {
    Port(SpaceId),
    Sea(ZoneId),
}

/// One unit's voyage (7.1: 1 point a zone, 1 to enter and 1 to leave a
/// port; a fleet has its movement value, a transported unit 4, 7.2).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Voyage {
    pub seat: Seat,
    pub unit: UnitId,
    pub at: Berth,
    pub left: u8,
    /// The port it sails from (ruling gml #63).
    pub port: Option<SpaceId>,
}

/// 7.2 the transport limit of a land unit at sea.
const TRANSPORT_MOVE: u8 = 4;

impl Gml {
    /// The seat's fleets, and its land units in ports, that may sail now:
    /// each once a phase; a land unit only from the port it stood in at
    /// the start of the turn (7.2, `in_port`; ruling gml #20) and while the
    /// roll allows.
    /// A leader sails only aboard with a land unit (`Action::Board`,
    /// ruling gml #51). A piece sails from port only when it can leave it
    /// (ruling gml #63).
    pub(crate) fn naval_legal(&self, seat: Seat, sailing: u8, out: &mut Vec<Action>) {
        let m = &tables().map;
        // Only pieces at sea or in ports may sail: their lists, in id order.
        let zones = (0..m.zones.len() as ZoneId).map(Place::Zone);
        let ports = m.ports.iter().map(|&s| Place::Space(s));
        for u in self.units.in_places(zones.chain(ports)) {
            let unit = &self.units[u as usize];
            let c = self.counters(u);
            if unit.done || c.side != Some(seat) {
                continue;
            }
            let land = is_land(c);
            let sails = match unit.at() {
                Place::Zone(_) => true,
                Place::Space(s) => {
                    let may = match land {
                        true => sailing > 0 && self.in_port.contains(&(u, s)),
                        false => c.kind == Kind::Naval,
                    };
                    let leaves = |z| self.may_enter(seat, land, Place::Zone(z)) && self.voyage_moves(u) > 0;
                    may && m.get(s).port.is_some_and(leaves)
                }
                _ => false,
            };
            if sails {
                out.push(Action::Sail(u));
            }
        }
        out.push(Action::Done);
    }

    /// 7.2 "the unit must be in a port at the start of the turn": the land
    /// units in port spaces now, when a turn begins (its first Command
    /// Phase, the British one, or 12.11's American one). A unit that
    /// reaches a port later in the turn (a 6.3 withdrawal, a 6.2 reserve
    /// move, a 4.1 activation or an 8.25 retreat in the enemy's half, a 6.7
    /// or 9.4 placement) does not sail before the next turn (ruling gml #20).
    pub fn note_in_port(&mut self) {
        let m = &tables().map;
        let ports = m.ports.iter().map(|&s| Place::Space(s));
        self.in_port = self
            .units
            .in_places(ports)
            .into_iter()
            .filter(|&u| is_land(self.counters(u)))
            .map(|u| match self.units[u as usize].at() {
                Place::Space(s) => (u, s),
                _ => unreachable!("listed in a port"),
            })
            .collect();
    }

    /// 7.2 the roll for the land units that may sail, made once the first
    /// land unit would sail: "the result is the number of units that may
    /// move out from the port" (ruling #54; rules gml-14: a reconstructed
    /// table had halved it).
    pub(crate) fn transport_roll(&mut self) -> u8 {
        let die = self.core.dice.roll(10);
        self.core.log.roll("7.2", &[die], || {
            format!(
                "Naval transport: {die} may sail from port",
                die = engine::log::count(die, "land unit")
            )
        });
        die
    }

    pub(crate) fn naval_perform(&mut self, seat: Seat, a: Action) {
        let Some(&Frame::Naval { rolled, .. }) = self.stack.last() else {
            unreachable!("a Naval frame is on top");
        };
        let u = match a {
            Action::Done => {
                self.stack.pop();
                return;
            }
            Action::Sail(u) => u,
            _ => unreachable!("only legal actions reach perform"),
        };
        let land = is_land(self.counters(u));
        if land && matches!(self.units[u as usize].at(), Place::Space(_)) {
            let n = if rolled { None } else { Some(self.transport_roll()) };
            let Some(Frame::Naval { sailing, rolled, .. }) = self.stack.last_mut() else {
                unreachable!()
            };
            if let Some(n) = n {
                *rolled = true;
                *sailing = n;
            }
            if *sailing == 0 {
                return;
            }
            *sailing -= 1;
        }
        let unit = &mut self.units[u as usize];
        unit.done = true;
        unit.sailed = true;
        // It leaves port unactivated (7.0), out of its leader's force; a
        // leader may go aboard with it (ruling gml #51). One at sea keeps
        // the leader aboard.
        if matches!(unit.at(), Place::Space(_)) {
            unit.leader = None;
        }
        unit.entrenched = false;
        unit.inside = false;
        let (at, port) = match unit.at() {
            Place::Space(s) => (Berth::Port(s), Some(s)),
            Place::Zone(z) => (Berth::Sea(z), None),
            _ => unreachable!("only pieces on the board sail"),
        };
        let left = self.voyage_moves(u);
        self.stack.push(Frame::Voyage(Voyage {
            seat,
            unit: u,
            at,
            left,
            port,
        }));
    }

    /// 7.1, 7.2 the movement points of a voyage.
    fn voyage_moves(&self, u: UnitId) -> u8 {
        match is_land(self.counters(u)) {
            true => TRANSPORT_MOVE,
            false => self.counters(u).movement,
        }
    }

    /// Ruling gml #51: the leaders who may go aboard the voyage's land unit
    /// before it leaves port (of its side, there, not acted in the phase).
    pub(crate) fn boarders<'a>(&'a self, v: &'a Voyage) -> impl Iterator<Item = LeaderId> + 'a {
        let port = match v.at {
            Berth::Port(s) if is_land(self.counters(v.unit)) && self.units[v.unit as usize].leader.is_none() => Some(s),
            _ => None,
        };
        port.into_iter().flat_map(move |s| {
            self.leaders_at(s).filter(move |&l| {
                let g = &self.leaders[l as usize];
                self.leader(l).side == v.seat && !g.done && !g.reserve
            })
        })
    }

    /// Ruling gml #51: the leader aboard a unit at sea (its leader, standing
    /// where it stands).
    pub(crate) fn aboard(&self, u: UnitId) -> Option<LeaderId> {
        let unit = &self.units[u as usize];
        unit.leader.filter(|&l| self.leaders[l as usize].at == unit.at())
    }

    /// 7.1 the next leg of a voyage. Ruling gml #63: a voyage leaves its
    /// port, and a transported unit lands in another one. 7.2's roll is
    /// of the units that "may move out from the port": one that ended its
    /// voyage where it began, or sailed out only to land back, would have
    /// spent a place of the roll and broken up its force (6.13) and its
    /// entrenchment for no move at all.
    pub(crate) fn voyage_legal(&self, v: &Voyage, out: &mut Vec<Action>) {
        let m = &tables().map;
        let land = is_land(self.counters(v.unit));
        out.extend(self.boarders(v).map(Action::Board));
        if v.left > 0 {
            match v.at {
                Berth::Port(s) => {
                    if let Some(z) = m.get(s).port {
                        if self.may_enter(v.seat, land, Place::Zone(z)) {
                            out.push(Action::Sea(z));
                        }
                    }
                }
                Berth::Sea(z) => {
                    for &(a, b, _) in &m.zone_links {
                        let other = if a == z {
                            b
                        } else if b == z {
                            a
                        } else {
                            continue;
                        };
                        if self.may_enter(v.seat, land, Place::Zone(other)) {
                            out.push(Action::Sea(other));
                        }
                    }
                    // A port held by enemy land units too: a fleet
                    // blockades it (7.5), a transported unit lands for an
                    // amphibious assault (8.15).
                    for s in 0..m.spaces.len() as SpaceId {
                        if m.get(s).port == Some(z)
                            && self.in_play(s)
                            && self.may_enter(v.seat, land, Place::Space(s))
                            && !(land && v.port == Some(s))
                        {
                            out.push(Action::Land(s));
                        }
                    }
                }
            }
        }
        let unmoved = v.left == self.voyage_moves(v.unit);
        if !(unmoved && matches!(v.at, Berth::Port(_))) {
            out.push(Action::Done);
        }
    }

    /// 7.5 a naval unit in a port the enemy holds or controls blockades it
    /// (ruling gml #22).
    pub fn blockading(&self, u: UnitId) -> bool {
        let Place::Space(s) = self.units[u as usize].at() else {
            return false;
        };
        let enemy = 1 - self.side(u);
        self.counters(u).kind == Kind::Naval && (self.has_land(s, enemy) || self.supply_controller(s) == Some(enemy))
    }

    /// The seat's naval units in a zone or port.
    fn fleets(&self, seat: Seat, at: Place) -> usize {
        self.units
            .in_place(at)
            .filter(|&u| self.counters(u).kind == Kind::Naval && self.side(u) == seat)
            .count()
    }

    /// 7.2 a transported unit passes a zone or enters a port where enemy
    /// naval units are only with at least as many friendly ones there, 7.5
    /// blockades a port only with more. A fleet never enters where enemy
    /// fleets are: that would be interception or naval combat (7.4, 8.1),
    /// which the battle scenarios never need (only the British have fleets).
    /// No zone of the map not in use is entered (ruling gml #75).
    fn may_enter(&self, seat: Seat, land: bool, at: Place) -> bool {
        if matches!(at, Place::Zone(z) if !self.zone_in_play(z)) {
            return false;
        }
        let enemy = self.fleets(1 - seat, at);
        if enemy == 0 {
            return true;
        }
        if !land {
            return false;
        }
        let friends = self.fleets(seat, at);
        match at {
            Place::Space(s) if self.has_land(s, 1 - seat) => friends > enemy,
            _ => friends >= enemy,
        }
    }

    pub(crate) fn voyage_perform(&mut self, a: Action) {
        let Some(Frame::Voyage(v)) = self.stack.last() else {
            unreachable!("a Voyage frame is on top");
        };
        let u = v.unit;
        // Ruling gml #51: the leader aboard goes where the unit goes.
        let aboard = self.aboard(u);
        let to = match a {
            Action::Board(l) => return self.go_aboard(u, l),
            Action::Sea(z) => Berth::Sea(z),
            Action::Land(s) => Berth::Port(s),
            Action::Done => {
                self.stack.pop();
                return;
            }
            _ => unreachable!("only legal actions reach perform"),
        };
        let Some(Frame::Voyage(v)) = self.stack.last_mut() else {
            unreachable!("a Voyage frame is on top");
        };
        v.left -= 1;
        let left = std::mem::replace(&mut v.at, to);
        let place = match to {
            Berth::Sea(z) => Place::Zone(z),
            Berth::Port(s) => Place::Space(s),
        };
        self.units.place(u, place);
        if let Some(l) = aboard {
            self.leaders[l as usize].at = place;
        }
        let name = self.unit_name(u);
        match to {
            Berth::Sea(z) => {
                let zone = &tables().map.zones[z as usize].name;
                self.core.log.say("7.1", || format!("The {name} sails to {zone}"));
                if let Berth::Port(p) = left {
                    // 9.2 the side left alone in the port holds it.
                    self.mark_control(p);
                    // 5.6 the leaders its last unit left ashore among enemy
                    // land units are alone there: checked (rulings gml
                    // #70, #71).
                    self.check_stranded_leaders(self.side(u), Some(p));
                }
            }
            Berth::Port(s) => {
                let port = self.space_name(s);
                self.core.log.say("7.1", || format!("The {name} enters port at {port}"));
                if is_land(self.counters(u)) {
                    // 7.2 a transported unit lands and its voyage ends;
                    // the militia of a state it enters first are called
                    // (6.7, ruling gml #36).
                    self.stack.pop();
                    self.landed(u, s);
                    return;
                }
                self.mark_control(s);
            }
        }
    }

    /// Ruling gml #51: the leader goes aboard with the unit, which becomes
    /// his force (5.2) for the voyage. He has acted in the phase; what he
    /// commanded in port stays there and leaves his command (6.13), as he
    /// leaves his superior's.
    fn go_aboard(&mut self, u: UnitId, l: LeaderId) {
        let Place::Space(s) = self.leaders[l as usize].at else {
            unreachable!("a leader boards in port");
        };
        let left: Vec<UnitId> = self.force(l).collect();
        for o in left {
            self.units[o as usize].leader = None;
        }
        for g in &mut self.leaders {
            if g.under == Some(l) {
                g.under = None;
            }
        }
        let g = &mut self.leaders[l as usize];
        g.under = None;
        g.done = true;
        g.sailed = true;
        self.units[u as usize].leader = Some(l);
        let (name, unit, port) = (self.leader(l).name.clone(), self.unit_name(u), self.space_name(s));
        self.core
            .log
            .say("7.2", || format!("{name} goes aboard with the {unit} at {port}"));
    }

    fn landed(&mut self, u: UnitId, s: SpaceId) {
        // 5.6 an enemy leader alone in the port is checked, as on an entry
        // by land (ruling gml #23 waives 6.2, 6.3 and 6.6 for a landing,
        // not 5.6).
        self.check_lone_leaders(s, self.side(u));
        if self.has_land(s, 1 - self.side(u)) {
            // 8.15 the landing is the assault, fought first in the Combat
            // Phase (8.0 C; ruling gml #23).
            self.units[u as usize].assault = true;
            let place = self.space_name(s);
            self.core.log.say("8.15", || {
                format!("It lands among the enemy: an amphibious assault on {place} in the Combat Phase")
            });
        }
        self.mark_control(s);
        self.first_entry(s, self.is_regular_british(u));
    }

    /// 7.3 (ruling gml #21) the seat's naval and transported units at sea
    /// as its Activation Phase begins: those that left port before it, in
    /// an earlier phase of the seat or pushed out by 8.24 in the enemy's
    /// Combat Phase.
    pub(crate) fn note_at_sea(&mut self, seat: Seat) {
        let zones = 0..tables().map.zones.len() as ZoneId;
        let at_sea = self.units.in_places(zones.map(Place::Zone));
        self.at_sea = at_sea.into_iter().filter(|&u| self.side(u) == seat).collect();
    }

    /// 7.3 (ruling gml #21) at the end of the seat's Activation Phase its
    /// units that were at sea when the phase began and are still at sea
    /// are lost; those that left port in it may stay at sea. "The unit is
    /// eliminated": back to the pool a new piece, an Indian out of the game
    /// (rulings gml #26, #59; rules gml-27: an Indian went to the pool).
    pub(crate) fn lost_at_sea(&mut self, seat: Seat) {
        for u in std::mem::take(&mut self.at_sea) {
            if !matches!(self.units[u as usize].at(), Place::Zone(_)) || self.side(u) != seat {
                continue;
            }
            let name = self.unit_name(u);
            let aboard = self.aboard(u);
            self.lift(u, self.eliminated_to(u));
            self.core.log.say("7.3", || {
                format!("The {name} began the phase at sea and is still at sea at its end: lost")
            });
            self.lost_aboard(aboard, "7.3");
        }
    }

    /// Ruling gml #51: the leader aboard a unit lost at sea is lost with it.
    pub(crate) fn lost_aboard(&mut self, aboard: Option<LeaderId>, rule: &'static str) {
        if let Some(l) = aboard {
            self.leaders[l as usize].at = Place::Gone;
            let leader = self.leader(l).name.clone();
            self.core.log.say(rule, || format!("{leader}, aboard, is lost with it"));
        }
    }
}
