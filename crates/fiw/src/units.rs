//! The counters and where each one is (2.0), kept in an
//! [`engine::roster::Roster`] so that "who is here?" reads a list.

use crate::map::{Sq, COLUMNS, ROWS};
use crate::state::{is_false, is_zero, Base, Place};
use engine::roster::{Placed, Roster};
use serde::{Deserialize, Serialize};

/// One counter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    /// Its design in [`crate::forces::Forces::counters`].
    pub counter: u16,
    /// Showing its back face (2.33 back printing; 25.1 an Indian unit on
    /// its British side).
    #[serde(default, skip_serializing_if = "is_false")]
    pub back: bool,
    /// Where it is: read with [`Unit::at`], changed only by `Units::place`
    /// so that the lists of who is where stay true.
    at: Place,
    /// 12.2 the operations phases (bit 1 << phase) in which it operated
    /// this turn.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub ops: u8,
    /// 14.2 it moved in the present movement sub-phase.
    #[serde(default, skip_serializing_if = "is_false")]
    pub moved: bool,
    /// 23.22 inside the fortress of its square (it was there before the
    /// enemy came: a siege).
    #[serde(default, skip_serializing_if = "is_false")]
    pub inside: bool,
    /// 26.0 a legion fighting and moving as a light unit.
    #[serde(default, skip_serializing_if = "is_false")]
    pub as_light: bool,
}

impl Unit {
    /// A counter of design `counter`, front face up, in the counter mix.
    pub fn new(counter: u16) -> Unit {
        Unit {
            counter,
            back: false,
            at: Place::Pool,
            ops: 0,
            moved: false,
            inside: false,
            as_light: false,
        }
    }

    pub fn at(&self) -> Place {
        self.at
    }
}

pub const SQUARES: usize = COLUMNS as usize * ROWS as usize;

impl Placed for Unit {
    type Place = Place;

    /// Every square, the three boxes, the pool, prisoners and the dead.
    fn slot(at: Place) -> usize {
        match at {
            Place::Sq(sq) => sq.index(),
            Place::Base(Base::Britain) => SQUARES,
            Place::Base(Base::France) => SQUARES + 1,
            Place::Base(Base::WestIndies) => SQUARES + 2,
            Place::Pool => SQUARES + 3,
            Place::Prisoner => SQUARES + 4,
            Place::Gone => SQUARES + 5,
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
/// each place (`engine::roster`).
pub type Units = Roster<Unit>;

/// The squares with counters in them, in map order.
pub fn squares(units: &Units) -> impl Iterator<Item = Sq> + '_ {
    (0..SQUARES).filter(|&s| units.occupied(s)).map(Sq::from_index)
}
