//! The procedures that can pause for a decision, as serializable frames on a
//! stack (ARCHITECTURE.md, "The frame stack").

use crate::map::{SpaceId, StateId, ZoneId};
use crate::state::{LeaderId, UnitId};
use engine::{Seat, Window};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Frame {
    /// 12.x3, 12.x4 a line of the set-up or a reinforcement whose space is
    /// the seat's choice among `spaces`.
    Deploy {
        seat: Seat,
        /// Index in the scenario's deployment; or, with `arrival`, in its
        /// arrivals.
        line: u8,
        arrival: bool,
        spaces: Vec<SpaceId>,
    },
    /// 4.0 roll on the Command Table, or activate a single unit or leader.
    Command { seat: Seat },
    /// 4.1 the phasing seat rolls again after the opponent's activations.
    Reroll { seat: Seat },
    /// 4.0 activations left to the seat in this phase (or, `opponent`, the
    /// 4.1 out-of-phase ones).
    Activations { seat: Seat, left: u8, opponent: bool },
    /// 3.1 B.1, F.1-2 naval movement before the activations: `sailing`
    /// land units may still sail from port, once the 7.2 roll is `rolled`.
    Naval { seat: Seat, sailing: u8, rolled: bool },
    /// 7.1 one unit's voyage.
    Voyage(crate::naval::Voyage),
    /// 6.14 the activated leader gathers his force, 5.4 his subordinates.
    Form {
        seat: Seat,
        leader: LeaderId,
        /// Units parted from a leader in this forming, left out or handed
        /// to another leader of the command, with that leader, who may not
        /// take them back (ruling gml #72): so that forming always ends.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        parted: Vec<(UnitId, LeaderId)>,
        /// Leaders released from the command, with the leader each served
        /// under, whom he may not serve again in this forming.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        released: Vec<(LeaderId, LeaderId)>,
        /// 5.2, 12.x3 the command a leader takes at the end of his side's
        /// set-up (ruling gml #46): no activation follows.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        muster: bool,
    },
    /// 5.2, 12.x3 (ruling gml #46) at the end of the seat's set-up each of
    /// its leaders on the map, commander first, forms his command;
    /// `formed` those who have.
    Muster { seat: Seat, formed: Vec<LeaderId> },
    /// 6.0 each activated piece moves, entrenches or stays.
    Orders(Orders),
    /// 6.1 a group moving space by space.
    Move(Move),
    /// 6.6 the seat's units in a fort space may go inside.
    Fort {
        seat: Seat,
        space: SpaceId,
        units: Vec<UnitId>,
        /// Asked of the enemy as movers enter (ruling gml #14): the entry
        /// goes on (6.5, [`crate::Gml::arrive`]) once it is decided.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        entry: bool,
    },
    /// 6.7, 9.4 militia to place: `left` units of one of `states`, each in
    /// a space of its state without enemy units.
    Raise {
        seat: Seat,
        states: Vec<StateId>,
        left: u8,
        rule: String,
    },
    /// 6.3 the Americans in `space` may withdraw from the British-side
    /// group that entered it.
    Withdraw {
        window: Window<(UnitId, SpaceId)>,
        space: SpaceId,
    },
    /// 6.21 the enemy's reserves may interrupt a group about to enter
    /// `pending`.
    Interrupt { window: Window<LeaderId>, pending: SpaceId },
    /// 5.6 a leader placed in another space with friendly units: his
    /// owner chooses among the nearest (ruling gml #6).
    Relocate { leader: LeaderId, spaces: Vec<SpaceId> },
    /// 10.1, 10.2 a side's units out of supply in one space: the owner
    /// chooses those supplied automatically, the others roll.
    Supply(crate::supply::Check),
    /// 8.0 D, E the land combats of a Combat Phase, or those a 4.1
    /// out-of-phase activation caused (ruling gml #3).
    Combats(crate::combat::Combats),
    /// 8.2 a land combat on the Battle Panel (also a 6.5 overrun's round
    /// and an 8.251 point 3 retreat's round).
    Battle(Box<crate::combat::Battle>),
    /// 6.5 the mover may overrun the lone enemy unit in `space` (ruling
    /// gml #13); `fought` once the round is under way.
    Overrun { seat: Seat, space: SpaceId, fought: bool },
    /// 8.11, 8.17 the owner of the transports in a maritime zone chooses
    /// which of them the enemy fleets' `hits` sink.
    Sink { seat: Seat, zone: ZoneId, hits: u8 },
}

/// The pieces of one activation not yet given an order.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Orders {
    pub seat: Seat,
    pub leaders: Vec<LeaderId>,
    pub units: Vec<UnitId>,
}

/// A group on the move (6.12: at the pace of its slowest unit, fixed when
/// it sets out, ruling gml #7).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Move {
    pub seat: Seat,
    pub leaders: Vec<LeaderId>,
    pub units: Vec<UnitId>,
    pub at: SpaceId,
    /// Half movement points left (6.16: a toll road costs ½).
    pub left: u8,
    /// One of its pieces has moved this turn (6.17, 6.19 need the turn's
    /// first step: rulings gml #8, #59).
    pub moved: bool,
    /// 6.21 a reserve's move, interrupting the enemy's.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub reserve: bool,
}
