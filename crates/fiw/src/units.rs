//! The counters and where each one is (2.0), with the list of the counters
//! in each place kept as they move. The rules ask "who is here?" far more
//! often than counters move, and answering it by scanning the whole mix
//! (most of it in the pool) was most of a bot's time.

use crate::map::{Sq, COLUMNS, ROWS};
use crate::state::{is_false, is_zero, Base, Place, UnitId};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::ops::{Deref, DerefMut};

/// One counter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    /// Its design in [`crate::forces::Forces::counters`].
    pub counter: u16,
    /// Showing its back face (2.33 back printing; 25.1 an Indian unit on
    /// its British side).
    #[serde(default, skip_serializing_if = "is_false")]
    pub back: bool,
    /// Where it is: read with [`Unit::at`], changed only by [`Units::place`]
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

/// No counter: the end of a list.
const NONE: UnitId = UnitId::MAX;
const SQUARES: usize = COLUMNS as usize * ROWS as usize;
/// Every square, the three boxes, the pool, prisoners and the dead.
const SLOTS: usize = SQUARES + 6;

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

/// Every counter of the mix, indexed by [`UnitId`], and the counters in
/// each place as a list in id order (the order a scan of the mix gave, so
/// games do not change). It reads and writes as the plain list.
#[derive(Clone, Debug)]
pub struct Units {
    list: Vec<Unit>,
    /// Per place: its first counter.
    first: Vec<UnitId>,
    /// Per counter: the next and the previous counter in its place.
    next: Vec<UnitId>,
    prev: Vec<UnitId>,
}

impl Units {
    pub fn new(list: Vec<Unit>) -> Units {
        let n = list.len();
        assert!(n < NONE as usize, "more counters than ids");
        let mut units = Units {
            list,
            first: vec![NONE; SLOTS],
            next: vec![NONE; n],
            prev: vec![NONE; n],
        };
        // Linking from the last id down puts each list in id order.
        for u in (0..n as UnitId).rev() {
            let s = slot(units.list[u as usize].at);
            units.next[u as usize] = units.first[s];
            if units.first[s] != NONE {
                units.prev[units.first[s] as usize] = u;
            }
            units.first[s] = u;
        }
        units
    }

    /// Moves a counter to `to`.
    pub fn place(&mut self, u: UnitId, to: Place) {
        let i = u as usize;
        if self.list[i].at == to {
            return;
        }
        let (before, after) = (self.prev[i], self.next[i]);
        match before {
            NONE => self.first[slot(self.list[i].at)] = after,
            b => self.next[b as usize] = after,
        }
        if after != NONE {
            self.prev[after as usize] = before;
        }
        self.list[i].at = to;
        let s = slot(to);
        let mut before = NONE;
        let mut after = self.first[s];
        while after != NONE && after < u {
            before = after;
            after = self.next[after as usize];
        }
        self.prev[i] = before;
        self.next[i] = after;
        match before {
            NONE => self.first[s] = u,
            b => self.next[b as usize] = u,
        }
        if after != NONE {
            self.prev[after as usize] = u;
        }
    }

    /// The counters in a place, in id order.
    pub fn in_place(&self, at: Place) -> InPlace<'_> {
        InPlace {
            next: &self.next,
            at: self.first[slot(at)],
        }
    }

    /// The squares with counters in them, in map order.
    pub fn squares(&self) -> impl Iterator<Item = Sq> + '_ {
        (0..SQUARES).filter(|&s| self.first[s] != NONE).map(Sq::from_index)
    }

    /// The lists hold exactly the counters where each one is.
    pub fn check(&self) -> Result<(), String> {
        let fresh = Units::new(self.list.clone());
        if (&fresh.first, &fresh.next, &fresh.prev) == (&self.first, &self.next, &self.prev) {
            Ok(())
        } else {
            Err("the lists of counters by place disagree with where the counters are".into())
        }
    }
}

/// The counters of one place.
pub struct InPlace<'a> {
    next: &'a [UnitId],
    at: UnitId,
}

impl Iterator for InPlace<'_> {
    type Item = UnitId;

    fn next(&mut self) -> Option<UnitId> {
        let u = self.at;
        if u == NONE {
            return None;
        }
        self.at = self.next[u as usize];
        Some(u)
    }
}

/// Read-only as a whole: a counter's place changes by [`Units::place`].
impl Deref for Units {
    type Target = [Unit];

    fn deref(&self) -> &[Unit] {
        &self.list
    }
}

/// The fields besides the place may be edited in place.
impl DerefMut for Units {
    fn deref_mut(&mut self) -> &mut [Unit] {
        &mut self.list
    }
}

impl Serialize for Units {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.list.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Units {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Units, D::Error> {
        let list = Vec::<Unit>::deserialize(d)?;
        if list.len() >= NONE as usize {
            return Err(serde::de::Error::custom("more counters than ids"));
        }
        Ok(Units::new(list))
    }
}
