//! A title's counters and where each one is, with the counters of each
//! place kept as a list while they move. The rules ask "who is here?" far
//! more often than counters move, and answering by scanning the whole mix
//! (most of it in the pool) was most of a bot's time in the titles with
//! large counter mixes.
//!
//! A title gives its counter type [`Placed`]: where a counter is, and the
//! slot (a small index) of each place. A [`Roster`] reads as the slice of
//! counters (`roster[u].field`), edits fields in place, and moves a counter
//! only by [`Roster::place`], which keeps the lists. Each list is in id
//! order, the order a scan of the mix gives, so code that scanned before
//! sees the same counters in the same order. It serializes as the plain
//! list of counters and rebuilds the lists when read.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::ops::{Deref, DerefMut};

/// A counter's index in its roster.
pub type CounterId = u16;

/// No counter: the end of a list.
const NONE: CounterId = CounterId::MAX;

/// A counter that stands in one place at a time.
pub trait Placed {
    type Place: Copy + PartialEq;
    /// The slot of a place: a small index (the roster keeps a list head
    /// for every slot up to the highest used); two places never share one.
    fn slot(at: Self::Place) -> usize;
    fn at(&self) -> Self::Place;
    /// Only [`Roster::place`] calls this: a counter moved otherwise drops
    /// out of its lists (the title's invariants run [`Roster::check`]).
    fn set_at(&mut self, at: Self::Place);
}

/// Every counter of a mix, indexed by [`CounterId`], and each place's list.
#[derive(Clone, Debug)]
pub struct Roster<T> {
    list: Vec<T>,
    /// Per slot: its first counter.
    first: Vec<CounterId>,
    /// Per counter: the next and the previous counter in its place.
    next: Vec<CounterId>,
    prev: Vec<CounterId>,
}

impl<T: Placed> Roster<T> {
    /// Panics on more counters than ids: a title's data (checked by its
    /// tests); a save file is refused by [`Roster::deserialize`] instead.
    pub fn new(list: Vec<T>) -> Roster<T> {
        let n = list.len();
        assert!(n < NONE as usize, "more counters than ids");
        let slots = list.iter().map(|c| T::slot(c.at()) + 1).max().unwrap_or(0);
        let mut roster = Roster {
            list,
            first: vec![NONE; slots],
            next: vec![NONE; n],
            prev: vec![NONE; n],
        };
        // Linking from the last id down puts each list in id order.
        for u in (0..n as CounterId).rev() {
            let s = T::slot(roster.list[u as usize].at());
            roster.next[u as usize] = roster.first[s];
            if roster.first[s] != NONE {
                roster.prev[roster.first[s] as usize] = u;
            }
            roster.first[s] = u;
        }
        roster
    }

    /// Moves a counter to `to`.
    pub fn place(&mut self, u: CounterId, to: T::Place) {
        let i = u as usize;
        let from = self.list[i].at();
        if from == to {
            return;
        }
        let (before, after) = (self.prev[i], self.next[i]);
        match before {
            NONE => self.first[T::slot(from)] = after,
            b => self.next[b as usize] = after,
        }
        if after != NONE {
            self.prev[after as usize] = before;
        }
        self.list[i].set_at(to);
        let s = T::slot(to);
        if s >= self.first.len() {
            self.first.resize(s + 1, NONE);
        }
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
    pub fn in_place(&self, at: T::Place) -> InPlace<'_> {
        self.in_slot(T::slot(at))
    }

    /// The counters in a slot, in id order.
    pub fn in_slot(&self, slot: usize) -> InPlace<'_> {
        InPlace {
            next: &self.next,
            at: self.first.get(slot).copied().unwrap_or(NONE),
        }
    }

    /// The counters of several places, in id order (the order a scan of
    /// the whole roster meets them in, so that a title's games do not
    /// depend on which way it asks).
    pub fn in_places(&self, places: impl IntoIterator<Item = T::Place>) -> Vec<CounterId> {
        let mut out: Vec<CounterId> = places.into_iter().flat_map(|at| self.in_place(at)).collect();
        out.sort_unstable();
        out
    }

    /// Whether any counter stands in the slot.
    pub fn occupied(&self, slot: usize) -> bool {
        self.first.get(slot).is_some_and(|&u| u != NONE)
    }

    /// The lists hold exactly the counters where each one is.
    pub fn check(&self) -> Result<(), String>
    where
        T: Clone,
    {
        let fresh = Roster::new(self.list.clone());
        // Heads of slots emptied since may remain, as NONE.
        let heads = self
            .first
            .iter()
            .enumerate()
            .all(|(s, &u)| fresh.first.get(s).copied().unwrap_or(NONE) == u);
        if heads && fresh.first.len() <= self.first.len() && (&fresh.next, &fresh.prev) == (&self.next, &self.prev) {
            Ok(())
        } else {
            Err("the lists of counters by place disagree with where the counters are".into())
        }
    }
}

/// The counters of one place.
pub struct InPlace<'a> {
    next: &'a [CounterId],
    at: CounterId,
}

impl Iterator for InPlace<'_> {
    type Item = CounterId;

    fn next(&mut self) -> Option<CounterId> {
        let u = self.at;
        if u == NONE {
            return None;
        }
        self.at = self.next[u as usize];
        Some(u)
    }
}

/// Read as the slice of counters.
impl<T> Deref for Roster<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.list
    }
}

/// The fields besides the place may be edited in place.
impl<T> DerefMut for Roster<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.list
    }
}

impl<'a, T> IntoIterator for &'a Roster<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.list.iter()
    }
}

impl<'a, T> IntoIterator for &'a mut Roster<T> {
    type Item = &'a mut T;
    type IntoIter = std::slice::IterMut<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.list.iter_mut()
    }
}

impl<T: Serialize> Serialize for Roster<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.list.serialize(s)
    }
}

impl<'de, T: Placed + Deserialize<'de>> Deserialize<'de> for Roster<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Roster<T>, D::Error> {
        let list = Vec::<T>::deserialize(d)?;
        if list.len() >= NONE as usize {
            return Err(serde::de::Error::custom("more counters than ids"));
        }
        Ok(Roster::new(list))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    struct Token(u8);

    impl Placed for Token {
        type Place = u8;
        fn slot(at: u8) -> usize {
            at as usize
        }
        fn at(&self) -> u8 {
            self.0
        }
        fn set_at(&mut self, at: u8) {
            self.0 = at;
        }
    }

    fn scan(r: &Roster<Token>, at: u8) -> Vec<CounterId> {
        (0..r.len() as CounterId).filter(|&u| r[u as usize].0 == at).collect()
    }

    #[test]
    fn lists_follow_moves_in_id_order() {
        let mut r = Roster::new([0, 1, 0, 2, 1, 0].map(Token).to_vec());
        assert_eq!(r.in_place(0).collect::<Vec<_>>(), [0, 2, 5]);
        for (u, to) in [(2, 1), (0, 3), (5, 1), (2, 0), (1, 1), (4, 3), (4, 3)] {
            r.place(u, to);
            for at in 0..4 {
                assert_eq!(r.in_place(at).collect::<Vec<_>>(), scan(&r, at), "after {u} to {to}");
            }
            r.check().unwrap();
        }
        assert!(r.occupied(2));
        assert_eq!(r.in_places([3, 1]), [0, 1, 4, 5]);
        r.place(3, 0);
        assert!(!r.occupied(2));
        assert_eq!(r.in_place(0).collect::<Vec<_>>(), [2, 3]);
    }

    #[test]
    fn a_counter_moved_behind_the_roster_fails_the_check() {
        let mut r = Roster::new([0, 1].map(Token).to_vec());
        r[0].set_at(1);
        assert!(r.check().is_err());
    }

    #[test]
    fn it_reads_and_writes_as_the_plain_list() {
        let r = Roster::new([3, 1, 3].map(Token).to_vec());
        let text = serde_json::to_string(&r).unwrap();
        assert_eq!(text, "[3,1,3]");
        let back: Roster<Token> = serde_json::from_str(&text).unwrap();
        assert_eq!(back.in_place(3).collect::<Vec<_>>(), [0, 2]);
    }
}
