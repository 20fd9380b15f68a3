//! Reaction windows inside a move: at a step of one seat's move, another
//! seat may react (GML 6.2 reserve movement interrupts a move, 6.3 the
//! American retreat option, 7.4 naval interception).
//!
//! A title pushes a [`Window`] frame at the step, made by [`Window::offer`]:
//! there is none when the reacting seat could only decline, so no player is
//! asked to press "no" at every step. Whether a window opens must depend
//! only on what the moving seat may know (else its opening is a reveal).
//!
//! The undo rule across a window follows from [`crate::Session`]'s (a
//! change of who acts is a barrier):
//! - a window that opens ends the mover's undo sequence: the mover cannot
//!   take back the step that opened it or any before it, whether the
//!   reacting seat reacted or declined (it decided on what it saw);
//! - a step that opens no window is no barrier: the mover may take it back;
//! - the reacting seat may take back its own reactions until another seat
//!   acts: handing the move back to the mover ends its sequence;
//! - a reaction that rolls or reveals is a barrier for everyone, as always.

use crate::{Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// A reacting seat's chance to answer a step of another seat's move: what
/// it may do besides declining (never nothing).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Window<R> {
    seat: Seat,
    options: Vec<R>,
}

/// A reacting seat's answer to a [`Window`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reply<R> {
    /// Let the move go on as it is.
    Decline,
    /// One of the reactions the window offered.
    React(R),
}

impl<R: Clone> Window<R> {
    /// A window for `seat` with these reactions, or none when there are no
    /// reactions: the seat has no choice, so it is not asked.
    pub fn offer(seat: Seat, options: Vec<R>) -> Option<Self> {
        (!options.is_empty()).then_some(Window { seat, options })
    }

    /// Who acts while the window is open: the reacting seat alone.
    pub fn acting(&self) -> SeatSet {
        SeatSet::one(self.seat)
    }

    /// The legal replies: decline, then each reaction.
    pub fn replies(&self) -> impl Iterator<Item = Reply<R>> + '_ {
        std::iter::once(Reply::Decline).chain(self.options.iter().cloned().map(Reply::React))
    }
}
