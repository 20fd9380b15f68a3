//! What the two games of Revolution Road share: the 22-card deck that sets
//! each turn's actions and decides searches and captures, and the militia
//! draw pool behind hidden militia values, the solitaire bot sheets'
//! procedure, and who acts first in a turn. Each game's rules live in its own
//! crate (`b2c`, `bh`).

pub mod board;
pub mod cards;
pub mod militia;
pub mod sheet;
#[cfg(feature = "testing")]
pub mod testing;
pub mod turn;

pub use cards::{Card, Deck};
pub use militia::MilitiaPool;

use engine::Seat;
use serde::{Deserialize, Serialize};

/// Index of a piece in a game's list of pieces (each game has well under
/// 256; b2c's sets of pieces are `u128` masks).
pub type PieceId = u8;

/// The two sides, seats in this order in both games.
pub const BRITISH: Seat = 0;
pub const PATRIOT: Seat = 1;

/// The other side.
pub fn other(s: Seat) -> Seat {
    1 - s
}

/// The three scenarios of each game (b2c 15.1-15.4, bh 12.1-12.4): two
/// players, or one player against the other side's bot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scenario {
    Standard,
    SoloBritish,
    SoloPatriot,
}

impl Scenario {
    /// From a scenario key ("standard", "solo-british", "solo-patriot"),
    /// already validated against the title's scenario list.
    pub fn from_key(key: &str) -> Scenario {
        match key {
            "solo-british" => Scenario::SoloBritish,
            "solo-patriot" => Scenario::SoloPatriot,
            _ => Scenario::Standard,
        }
    }

    pub fn solo(self) -> bool {
        self != Scenario::Standard
    }

    /// The seat a bot sheet plays (b2c 15.3, 15.4; bh 12.3, 12.4): in a
    /// solitaire scenario with the `bot` option at `sheet`, the side the
    /// player does not.
    pub fn bot_seat(self, sheet: bool) -> Option<Seat> {
        match self {
            _ if !sheet => None,
            Scenario::SoloBritish => Some(PATRIOT),
            Scenario::SoloPatriot => Some(BRITISH),
            Scenario::Standard => None,
        }
    }
}
