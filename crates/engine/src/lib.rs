//! Powderhorn's game-agnostic core. See `ARCHITECTURE.md` at the repository root.
//!
//! A title implements [`Game`]; callers go through [`apply`] (the single
//! legality check), [`Session`] (event-sourced play with undo and save files)
//! or [`AnyGame`] (type-erased, JSON in and out).

pub mod conformance;
pub mod data;
pub mod dice;
pub mod drafts;
pub mod drawing;
pub mod dynamic;
pub mod game;
pub mod log;
pub mod roster;
pub mod session;
pub mod table;
#[cfg(feature = "testkit")]
pub mod testkit;
pub mod view;
pub mod why;
pub mod window;

pub use dice::Dice;
pub use drafts::Drafts;
pub use drawing::Drawing;
pub use dynamic::{AnyGame, TitleEntry};
pub use game::{
    action_id, apply, described, find_action, ActionInfo, Core, Describe, Game, OptionInfo, Outcome, Procedure, Prompt,
    Refusal, Sampler, ScenarioInfo, Seat, SeatSet, Setup, SetupError, Solo, Title, TitleInfo, Viewer, Views,
};
pub use log::{Audience, Entry, Log};
pub use session::{parse_save, Record, SaveError, SaveFile, Session, UndoError};
pub use view::{Board, Card, Face, Fact, Hand, Marker, Piece, Stage, Strength, TableView};
pub use why::{why_not, Forbidden, WhyNot};
pub use window::{Reply, Window};

/// The traits a title implements and a caller of a concrete title's methods
/// needs in scope: `use engine::prelude::*;`.
pub mod prelude {
    pub use crate::{Describe, Game, Procedure, Title, Views};
}
