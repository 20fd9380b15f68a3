//! The typed parts of a seat's view that every client reads alike, whatever
//! the title (issue 19's board contract). A title's `Views::view` puts its
//! [`Fact`]s under `facts` and its [`Board`] under `board`; the browser and
//! the terminal show them without knowing the title, and the conformance
//! harness checks that every view of every step parses into [`TableView`].

use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// One line of the facts panel, in the rulebook's words: "Year" — "1775,
/// Winter turn" (11.0). Never a raw key or an enum's name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fact {
    pub label: Cow<'static, str>,
    pub value: String,
    /// The section that defines it; empty when none does.
    #[serde(default, skip_serializing_if = "str::is_empty")]
    pub rule: Cow<'static, str>,
}

impl Fact {
    pub fn new(label: impl Into<Cow<'static, str>>, value: impl Into<String>, rule: &'static str) -> Fact {
        Fact {
            label: label.into(),
            value: value.into(),
            rule: Cow::Borrowed(rule),
        }
    }
}

/// What a seat sees on the table: the pieces, the markers and the hands.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    pub pieces: Vec<Piece>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub markers: Vec<Marker>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hands: Vec<Hand>,
    /// The map spaces the scenario plays on, when that is not the whole
    /// drawing (a Give Me Liberty! scenario uses one of two maps and some
    /// of its regions): what a client frames. Empty: the whole map.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub in_play: Vec<String>,
}

/// Which side of a piece the viewer sees.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Face {
    /// Its face: name, strength and rating as printed.
    Up,
    /// Its back: only its side (a block standing up, a counter face down).
    Back,
}

/// A piece, or on its back several alike in one space ([`Piece::count`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Piece {
    /// The id actions name it by; none on a back (the viewer cannot tell
    /// which piece it is).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The space it stands in: a map space's id, or a box off the map
    /// ("pool", "prisoner").
    pub space: String,
    /// That space's name as the rulebook writes it.
    pub space_name: String,
    /// The seat it belongs to.
    pub side: String,
    pub face: Face,
    /// The full name as printed ("Washington", "Regular", "Militia"); on a
    /// back, what the back shows ("block": with the side, "British block").
    pub name: String,
    /// The title's key for its kind, for a client's drawing ("leader",
    /// "infantry", "militia"); none on a back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
    /// Its nation when not its side's own (Liberty's French blocks), drawn
    /// in that nation's colour.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nation: Option<String>,
    /// Current and full strength, where the rules count steps or values.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strength: Option<Strength>,
    /// The combat rating as printed ("C3").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<String>,
    /// Its states in the rulebook's words ("broken", "moved", "fired").
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub states: Vec<Cow<'static, str>>,
    /// How many alike this entry stands for (backs in one space).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub count: u32,
}

fn one() -> u32 {
    1
}

fn is_one(n: &u32) -> bool {
    *n == 1
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Strength {
    pub now: u8,
    pub max: u8,
}

/// A marker on a space: control, a Gather marker, hidden arms...
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Marker {
    pub space: String,
    pub space_name: String,
    /// The title's key for the kind, for a client's icon ("gather").
    pub kind: String,
    /// Its name in the rulebook's words ("Gather marker").
    pub name: String,
    /// The seat it belongs to or favours, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    /// A number printed on it (a Hidden Arms marker's 5).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<i64>,
    /// The section that defines it.
    #[serde(default, skip_serializing_if = "str::is_empty")]
    pub rule: Cow<'static, str>,
}

/// A seat's hand: its cards when the viewer may see them, else their count.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hand {
    pub seat: String,
    pub count: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<Vec<Card>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    pub id: String,
    pub name: String,
}

/// Where the game stands in its sequence of play, as the facts panel names
/// it: the turn ("1776, Game Turn 2 of 5") and the phase within it
/// ("Battles"). Public in every title, and among every view's facts (the
/// conformance harness checks it): replay steps by it, a turn beginning
/// where `turn` changes and a phase where either changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stage {
    pub turn: Fact,
    pub phase: Fact,
}

/// The parts of every title's view that clients read alike; the rest of the
/// view is the title's own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableView {
    pub facts: Vec<Fact>,
    pub board: Board,
}
