//! The French & Indian War (`fiw`): the struggle for North America 1754-63
//! on a square grid. Rulebook: `shared/rulebooks/french-and-indian-war.txt`,
//! with the map errata and Q&A at its top.
//!
//! In progress (issue 21): the reconstructed map (`data/README-map.md`)
//! and tables (`data/README.md`) are loaded and checked; the rules that use
//! them come next. The README's status table lists the rules still missing.

pub mod balance;
pub mod civilization;
pub mod combat;
pub mod dice;
pub mod drawing;
pub mod events;
pub mod forces;
pub mod income;
pub mod indians;
pub mod map;
pub mod negotiations;
pub mod supply;
pub mod tables;
pub mod terrain;
