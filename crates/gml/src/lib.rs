//! Give Me Liberty! (`gml`): the American Revolution 1775-81 on two
//! point-to-point maps. Rulebook: `shared/rulebooks/give-me-liberty.txt`, a
//! translation; where a translator's note flags a typo, the evident intent
//! is implemented and recorded in docs/rulings.md.
//!
//! In progress (issue 20): the maps ([`map`]) are here; the rules, the
//! scenarios and the title's entry in the catalog come next.

pub mod command;
pub mod drawing;
pub mod forces;
pub mod map;
pub mod militia;
pub mod turns;
