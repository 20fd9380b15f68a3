//! The French & Indian War (`fiw`): the struggle for North America 1754-63
//! on a square grid. Rulebook: `shared/rulebooks/french-and-indian-war.txt`,
//! with the map errata and Q&A at its top.
//!
//! In progress (issue 21): the reconstructed map and tables. The README's
//! status table lists the rules still missing.

pub mod map;
