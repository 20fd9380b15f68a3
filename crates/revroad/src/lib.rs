//! What the two games of Revolution Road share: the 22-card deck that sets
//! each turn's actions and decides searches and captures, and the militia
//! draw pool behind hidden militia values. Each game's rules live in its own
//! crate (`b2c`, `bh`).

pub mod cards;
pub mod militia;

pub use cards::{Card, Deck};
pub use militia::MilitiaPool;
