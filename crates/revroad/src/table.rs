//! The table as every client reads it (`engine::Board`, issue 19's board
//! contract) for both games: counters with their full names, and the
//! markers of a view by their names in the map's key.

use crate::board::{Board, MarkerKind, Region};
use crate::SEATS;
use engine::{Face, Marker, Piece, Seat, Strength};
use serde_json::Value;
use std::borrow::Cow;

/// A counter in `region`: face up with its full `name`, its value where it
/// has one (a militia's 0-2), and its states in the rulebook's words; face
/// down (`value_hidden`) a militia whose value is not drawn yet.
pub struct Counter<'a> {
    pub id: String,
    pub region: Region,
    pub side: Seat,
    pub name: &'a str,
    /// The title's key for its kind ("leader", "militia").
    pub kind: &'a str,
    pub value: Option<Strength>,
    pub value_hidden: bool,
    pub states: Vec<Cow<'static, str>>,
}

/// A counter's states in the rulebook's words: its side's `state` unless
/// it is the ordinary one, then each marker-like flag that is set.
pub fn states(state: &'static str, flags: &[(bool, &'static str)]) -> Vec<Cow<'static, str>> {
    let ordinary = matches!(state, "unbroken" | "healthy" | "hidden");
    (!ordinary)
        .then_some(state)
        .into_iter()
        .chain(flags.iter().filter(|f| f.0).map(|f| f.1))
        .map(Cow::Borrowed)
        .collect()
}

pub fn piece(board: &Board, c: Counter) -> Piece {
    Piece {
        id: Some(c.id),
        space: board.id(c.region).to_string(),
        space_name: board.name(c.region).to_string(),
        side: SEATS[c.side as usize].to_string(),
        face: if c.value_hidden { Face::Back } else { Face::Up },
        name: if c.value_hidden {
            format!("{}, value not yet drawn", c.name)
        } else {
            c.name.to_string()
        },
        kind: Some(c.kind.to_string()),
        nation: None,
        strength: c.value,
        rating: None,
        states: c.states,
        count: 1,
    }
}

/// The view's `markers` (each `{region, kind, label, side?, value?}`) by
/// the names and rules of the map's key (`kinds`); a marker's number
/// follows its name ("Hidden Arms Marker 5").
pub fn markers(board: &Board, view_markers: &[Value], kinds: &[MarkerKind]) -> Vec<Marker> {
    view_markers
        .iter()
        .filter_map(|m| {
            let space = m["region"].as_str()?;
            let region = board.region(space)?;
            let kind = m["kind"].as_str()?;
            let known = kinds.iter().find(|k| k.kind == kind);
            let value = m.get("value").and_then(Value::as_i64);
            let mut name = known.map_or_else(
                || m["label"].as_str().unwrap_or(kind).to_string(),
                |k| k.name.to_string(),
            );
            if let Some(v) = value {
                name = format!("{name} {v}");
            }
            Some(Marker {
                space: space.to_string(),
                space_name: board.name(region).to_string(),
                kind: kind.to_string(),
                name,
                side: m["side"].as_str().map(str::to_string),
                value,
                rule: known.map_or(Cow::Borrowed(""), |k| Cow::Borrowed(k.rule)),
            })
        })
        .collect()
}
