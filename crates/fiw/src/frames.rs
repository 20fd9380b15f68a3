//! The procedures that can pause for a decision, as serializable frames on a
//! stack (ARCHITECTURE.md, "The frame stack").

use engine::Seat;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Frame {
    /// 35.x a set-up line with `left` pieces still to place, each in a
    /// square of the seat's choice.
    Deploy { seat: Seat, line: u8, left: u8 },
    /// 7.2 the favoured player makes himself or the other first player.
    ChooseFirst { seat: Seat },
    /// 12.0, 13.0 the movement sub-phase: the seat forms a force or ends.
    /// `passed`, `passed_naval`: where it formed a land or naval force and
    /// let it go unmoved; it does not form one there again this sub-phase
    /// (undo takes the choice back), so that the sub-phase always ends
    /// (ruling fiw #49).
    Movement {
        seat: Seat,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        passed: Vec<crate::state::Place>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        passed_naval: Vec<crate::state::Place>,
    },
    /// 11.3, 13.x a force being formed, then moving square by square.
    Force(Box<crate::movement::Force>),
    /// 3.1 the Income/Expenditure Phase: both seats draft their purchases
    /// at once (`Fiw::drafts`).
    Purchases,
    /// 8.1 the events rolled this turn, applied one by one (last first).
    Events { roller: Seat, queue: Vec<String> },
    /// 16.0 the seat's negotiations phase; `tried` the squares already
    /// negotiated in (16.31).
    Negotiations { seat: Seat, tried: Vec<crate::map::Sq> },
    /// 16.1 one negotiation.
    Talks(Box<crate::negotiations::Talks>),
    /// 8.1 an event's choice for `seat` (`optional`: it may let it pass).
    EventChoice {
        seat: Seat,
        event: String,
        options: Vec<crate::events::Choice>,
        optional: bool,
    },
    /// 20.21 a naval force being formed, then moving square by square.
    Naval(Box<crate::naval::NavalForce>),
    /// 15.0, 17.4, 22.5 the combat sub-phase of the phasing seat.
    Combats(crate::battle::Combats),
    /// 15.1 one battle.
    Battle(Box<crate::battle::Battle>),
    /// 14.4 the militia an invasion raised, placed one by one where the
    /// reacting seat chooses; `placed`: the regimental thirds already put
    /// in each square this time (ruling fiw #23).
    Raise {
        seat: Seat,
        units: Vec<crate::state::UnitId>,
        placed: Vec<(crate::map::Sq, u8)>,
    },
    /// 18.33, 18.4 a square whose units exceed its forage value: the seat
    /// spends a supply point or chooses the units that starve.
    Provision { seat: Seat, sq: crate::map::Sq },
    /// 25.4 the Indian Table sends one of the seat's Indian units in `sq`
    /// home, the owner's choice.
    GoHome { seat: Seat, sq: crate::map::Sq },
}

impl Frame {
    /// The seat that decides on this frame.
    pub fn seat(&self) -> Option<Seat> {
        match self {
            Frame::Deploy { seat, .. } | Frame::ChooseFirst { seat } | Frame::Movement { seat, .. } => Some(*seat),
            Frame::Force(f) => Some(f.seat),
            Frame::Purchases | Frame::Events { .. } => None,
            Frame::EventChoice { seat, .. } | Frame::Negotiations { seat, .. } => Some(*seat),
            Frame::Talks(t) => Some(crate::state::Fiw::talks_seat(t)),
            Frame::Naval(f) => Some(f.seat),
            Frame::Combats(c) => c.seat(),
            Frame::Battle(b) => b.seat(),
            Frame::Raise { seat, .. } | Frame::Provision { seat, .. } | Frame::GoHome { seat, .. } => Some(*seat),
        }
    }
}
