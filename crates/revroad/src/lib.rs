//! What the two games of Revolution Road share: the 22-card deck that sets
//! each turn's actions and decides searches and captures, and the militia
//! draw pool behind hidden militia values, the solitaire bot sheets'
//! procedure, who acts first in a turn, and what both games' "why not?"
//! answers share. Each game's rules live in its own crate (`b2c`, `bh`).

pub mod board;
pub mod cards;
pub mod facts;
pub mod log;
pub mod militia;
pub mod sheet;
pub mod table;
#[cfg(feature = "testing")]
pub mod testing;
pub mod turn;
pub mod why;

pub use cards::{Card, Deck};
pub use militia::MilitiaPool;

use engine::{ScenarioInfo, Seat, Solo};
use serde::{Deserialize, Serialize};

/// Index of a piece in a game's list of pieces (each game has well under
/// 256; b2c's sets of pieces are `u128` masks).
pub type PieceId = u8;

/// The two sides, seats in this order in both games.
pub const BRITISH: Seat = 0;
pub const PATRIOT: Seat = 1;
/// The seats' names, in seat order.
pub const SEATS: &[&str] = &["british", "patriot"];

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
    pub const ALL: [Scenario; 3] = [Scenario::Standard, Scenario::SoloBritish, Scenario::SoloPatriot];

    pub const fn key(self) -> &'static str {
        match self {
            Scenario::Standard => "standard",
            Scenario::SoloBritish => "solo-british",
            Scenario::SoloPatriot => "solo-patriot",
        }
    }

    /// A title's scenario list: the name and rule it gives each scenario,
    /// in the order of [`Scenario::ALL`]; a solitaire scenario's player
    /// faces the other side's bot sheet ([`sheet::BOT_OPTION`] at `sheet`).
    pub const fn infos(names_and_rules: [(&'static str, &'static str); 3]) -> [ScenarioInfo; 3] {
        let [(n0, r0), (n1, r1), (n2, r2)] = names_and_rules;
        let [s0, s1, s2] = Scenario::ALL;
        [s0.info(n0, r0), s1.info(n1, r1), s2.info(n2, r2)]
    }

    const fn info(self, name: &'static str, rule: &'static str) -> ScenarioInfo {
        let solo = match self.player() {
            Some(player) => Some(Solo {
                player: SEATS[player as usize],
                bot_option: (sheet::BOT_OPTION.key, "sheet"),
            }),
            None => None,
        };
        ScenarioInfo {
            key: self.key(),
            name,
            rule,
            solo,
        }
    }

    /// From a scenario key, already validated against the title's scenario list.
    pub fn from_key(key: &str) -> Scenario {
        Scenario::ALL
            .into_iter()
            .find(|s| s.key() == key)
            .unwrap_or(Scenario::Standard)
    }

    pub fn solo(self) -> bool {
        self != Scenario::Standard
    }

    /// The side a solitaire scenario's player takes.
    pub const fn player(self) -> Option<Seat> {
        match self {
            Scenario::SoloBritish => Some(BRITISH),
            Scenario::SoloPatriot => Some(PATRIOT),
            Scenario::Standard => None,
        }
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
