//! Powderhorn's game-agnostic core. See `docs/architecture.md`.
//!
//! A title implements [`Game`]; callers go through [`apply`] (the single
//! legality check), [`Session`] (event-sourced play with undo and save files)
//! or [`AnyGame`] (type-erased, JSON in and out).

pub mod conformance;
pub mod data;
pub mod dice;
pub mod dynamic;
pub mod game;
pub mod log;
pub mod session;
#[cfg(feature = "testkit")]
pub mod testkit;

pub use dice::Dice;
pub use dynamic::{AnyGame, TitleEntry};
pub use game::{
    action_id, apply, described, find_action, ActionInfo, Game, OptionInfo, Outcome, Prompt, Refusal, ScenarioInfo,
    Seat, SeatSet, Setup, SetupError, TitleInfo, Viewer,
};
pub use log::{Audience, Entry, Log};
pub use session::{parse_save, Record, SaveError, SaveFile, Session, UndoError};

// For `title_methods!`, so that a title's crate need not name them.
#[doc(hidden)]
pub use {rand_chacha, serde_json};
