//! 12.x5 the battle scenarios' victory conditions, judged at the end of a
//! turn on the control of named spaces (12.0, 9.2, ruling gml #28).

use crate::forces::{AMERICAN, BRITISH};
use crate::scenario::Victory;
use crate::state::Gml;
use crate::tables::tables;
use engine::Seat;

impl Gml {
    /// How many of the spaces the seat controls.
    pub fn holds(&self, seat: Seat, spaces: &[&str]) -> usize {
        let m = &tables().map;
        spaces
            .iter()
            .filter(|id| {
                let s = m.space(id).expect("victory spaces are on the map (tests/scenarios.rs)");
                self.controller(s) == Some(seat)
            })
            .count()
    }

    /// "The British hold 5 of the 6 key spaces: Philadelphia, ...": how
    /// many the seat holds (`only`: "only "), and which.
    fn held_text(&self, seat: Seat, spaces: &[&str], only: &str) -> String {
        let m = &tables().map;
        let names: Vec<&str> = spaces
            .iter()
            .filter_map(|id| m.space(id))
            .filter(|&s| self.controller(s) == Some(seat))
            .map(|s| m.get(s).name.as_str())
            .collect();
        let which = if names.is_empty() {
            String::new()
        } else {
            format!(": {}", engine::log::list(&names))
        };
        format!(
            "The {} hold {only}{} of the {} key spaces{which}",
            crate::side_people(seat),
            names.len(),
            spaces.len()
        )
    }

    /// The result at the end of this turn (`last`: the scenario's last),
    /// if the game ends: the winner (none, a draw) and why.
    pub fn victory(&self, last: bool) -> Option<(Option<Seat>, String)> {
        match self.scenario.spec().victory {
            Victory::AmericanHoldsAll(spaces) => {
                if self.holds(AMERICAN, spaces) == spaces.len() {
                    Some((Some(AMERICAN), "The Americans hold Quebec and Montreal".into()))
                } else if last {
                    Some((Some(BRITISH), "The Americans did not take Quebec and Montreal".into()))
                } else {
                    None
                }
            }
            Victory::BritishHolds(n, spaces) => {
                let held = self.holds(BRITISH, spaces);
                if held >= n as usize {
                    Some((Some(BRITISH), self.held_text(BRITISH, spaces, "")))
                } else if last {
                    Some((Some(AMERICAN), self.held_text(BRITISH, spaces, "only ")))
                } else {
                    None
                }
            }
            Victory::Either {
                british,
                american,
                spaces,
            } => {
                let (b, a) = (self.holds(BRITISH, spaces), self.holds(AMERICAN, spaces));
                // The Americans can hold three of these from the first turn
                // (an empty one need only be entered, 12.0): their condition
                // is judged at the end of the game, the British one at the
                // end of any turn (docs/rulings.md, 12.35).
                if b >= british as usize {
                    Some((Some(BRITISH), self.held_text(BRITISH, spaces, "")))
                } else if last && a >= american as usize {
                    Some((Some(AMERICAN), self.held_text(AMERICAN, spaces, "")))
                } else if last {
                    Some((
                        None,
                        format!("Neither side met its conditions (British {b}, Americans {a}): a draw"),
                    ))
                } else {
                    None
                }
            }
            Victory::AmericanHoldsAnyAtEnd(spaces) => {
                if !last {
                    return None;
                }
                let a = self.holds(AMERICAN, spaces);
                if a > 0 {
                    Some((Some(AMERICAN), self.held_text(AMERICAN, spaces, "")))
                } else {
                    Some((
                        Some(BRITISH),
                        format!("The Americans hold none of the {} key spaces", spaces.len()),
                    ))
                }
            }
        }
    }
}
