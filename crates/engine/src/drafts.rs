//! Secret commitments built in many steps by several seats at once: FIW 3.1
//! (the Income/Expenditure Phase, both players recruit simultaneously) and
//! 16.1 (pounds written down in secret and revealed together).
//!
//! Each seat builds and revises its own draft over many actions, sees no
//! other draft, and commits; when the last seat commits, every draft is
//! revealed at once. A title keeps a [`Drafts`] in its state, answers
//! [`crate::Procedure::acting`] with [`Drafts::drafting`] and
//! [`crate::Procedure::independent`] with true while it does, so that
//! [`crate::Session`] gives each seat its own undo. The undo rule: a seat
//! takes back only its own steps, the others' stay as they are; a seat that
//! committed may take the commit back, and then its steps, while another
//! seat still drafts (as a player at the table may until all are shown);
//! the reveal is an undo barrier for every seat.

use crate::{Dice, Seat, SeatSet, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::json;

/// One draft per seat of a commitment made by several seats at once, each
/// hidden from the other seats until all have committed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Drafts<D> {
    /// Indexed by seat; a seat that takes no part keeps the default.
    drafts: Vec<D>,
    /// The seats that take part.
    seats: SeatSet,
    /// Those that have committed (public: a player announces it).
    committed: SeatSet,
}

impl<D: Clone + Default + Serialize> Drafts<D> {
    /// Empty drafts for `seats`, none committed.
    pub fn new(seats: SeatSet) -> Self {
        let len = seats.iter().last().map_or(0, |s| s as usize + 1);
        Drafts {
            drafts: vec![D::default(); len],
            seats,
            committed: SeatSet::NONE,
        }
    }

    /// The seats still drafting (none once revealed): what the title's
    /// `acting` is while the drafts are open.
    pub fn drafting(&self) -> SeatSet {
        SeatSet(self.seats.0 & !self.committed.0)
    }

    /// Whether every seat has committed, and so every draft is shown.
    pub fn revealed(&self) -> bool {
        self.committed == self.seats
    }

    /// `seat`'s draft. A title reads another seat's only once
    /// [`Drafts::revealed`], or where nothing reaches a viewer (the
    /// invariants).
    pub fn draft(&self, seat: Seat) -> &D {
        &self.drafts[seat as usize]
    }

    /// `seat`'s draft, for its own actions while it drafts.
    pub fn draft_mut(&mut self, seat: Seat) -> &mut D {
        debug_assert!(self.drafting().contains(seat), "seat {seat} is not drafting");
        &mut self.drafts[seat as usize]
    }

    /// Seal `seat`'s draft. True when it was the last: every draft is now
    /// revealed, and the reveal is recorded on `dice` (an undo barrier).
    pub fn commit(&mut self, seat: Seat, dice: &mut Dice) -> bool {
        self.committed = self.committed.with(seat);
        let all = self.revealed();
        if all {
            dice.reveal();
        }
        all
    }

    /// What `viewer` may see: who has committed, its own draft, and the
    /// others' (null) only once revealed. A spectator sees drafts only then.
    pub fn view(&self, viewer: Viewer) -> serde_json::Value {
        let drafts: Vec<Option<&D>> = (0..self.drafts.len() as Seat)
            .map(|s| (self.revealed() || viewer == Some(s)).then(|| self.draft(s)))
            .collect();
        json!({"committed": self.committed, "drafts": drafts})
    }

    /// For `determinize`: every draft `observer` may not see replaced by
    /// `sample(seat)`, which must be a draft that seat could have built
    /// from what `observer` knows (the title's invariants hold).
    pub fn resample(&mut self, observer: Seat, mut sample: impl FnMut(Seat) -> D) {
        if self.revealed() {
            return;
        }
        for s in self.seats.without(observer).iter() {
            self.drafts[s as usize] = sample(s);
        }
    }
}
