//! "Why not?": the rule that forbids the space a player points at while a
//! group moves (6.16-6.19, rulings gml #8, #50, #59), from the check that
//! decides the legal steps (`step_bar`), so that the two never disagree.
//! Other decisions are not explained.

use crate::frames::Frame;
use crate::state::Gml;
use crate::tables::tables;
use engine::{Forbidden, Game, Seat};

impl Gml {
    /// [`engine::Describe::why_not`] for Give Me Liberty!.
    pub fn why_not(&self, seat: Seat, target: &str) -> Vec<Forbidden> {
        if !self.to_act().contains(seat) {
            return Vec::new();
        }
        let map = &tables().map;
        match (self.stack.last(), map.space(target)) {
            (Some(Frame::Move(m)), Some(n)) if m.seat == seat => {
                match map.neighbours(m.at).iter().find(|&&(x, _)| x == n) {
                    Some(&(_, kind)) => self.step_bar(m, n, kind).into_iter().collect(),
                    None if n == m.at => Vec::new(),
                    None => vec![Forbidden::new(
                        "6.16",
                        format!(
                            "{} is not next to {}: a group pays the cost of the communication line that connects the space it is in with the space it is heading to",
                            self.space_name(n),
                            self.space_name(m.at)
                        ),
                    )],
                }
            }
            _ => Vec::new(),
        }
    }
}
