//! The table as every client reads it (`engine::Board`, issue 19's board
//! contract) for both games: counters with their full names, and the
//! markers of a view by their names in the map's key.

use crate::board::{Board, MarkerKind, Region};
use crate::SEATS;
use engine::{Face, Marker, Piece, Seat, Strength};
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

/// A view's markers, each by the name and rule of its kind in the map's
/// key (`kinds`), in the order they are put.
pub struct Markers<'a> {
    board: &'a Board,
    kinds: &'a [MarkerKind],
    list: Vec<Marker>,
}

impl<'a> Markers<'a> {
    pub fn new(board: &'a Board, kinds: &'a [MarkerKind]) -> Markers<'a> {
        Markers {
            board,
            kinds,
            list: Vec::new(),
        }
    }

    /// A marker of `kind` (one of the key's) in `region`, belonging to
    /// `side` if it is one side's, with the number printed on it if any
    /// (after its name: "Hidden Arms Marker 5").
    pub fn put(&mut self, region: Region, kind: &str, side: Option<Seat>, value: Option<i64>) {
        // The key names every marker a view shows (a client draws it by its
        // entry): a kind not in it is a bug in the title.
        let key = self
            .kinds
            .iter()
            .find(|k| k.kind == kind)
            .unwrap_or_else(|| panic!("marker kind '{kind}' is not in the map's key"));
        let name = match value {
            Some(v) => format!("{} {v}", key.name),
            None => key.name.to_string(),
        };
        self.list.push(Marker {
            space: self.board.id(region).to_string(),
            space_name: self.board.name(region).to_string(),
            kind: key.kind.to_string(),
            name,
            side: side.map(|s| SEATS[s as usize].to_string()),
            value,
            rule: Cow::Borrowed(key.rule),
        });
    }

    /// b2c 4.8, bh 4.10 the Moved, Fired or Moved/Fired Marker of a piece
    /// in `region` of `side` that `moved` and/or `fired` this turn: one per
    /// region and side, as "units with similar status may be stacked or
    /// grouped near each other, thus requiring the use of only one Marker"
    /// (b2c 4.8). The caller passes only pieces the viewer sees, so a
    /// marker never tells of a piece hidden from it.
    pub fn put_status(&mut self, region: Region, side: Seat, moved: bool, fired: bool) {
        let kind = match (moved, fired) {
            (true, true) => "moved-fired",
            (true, false) => "moved",
            (false, true) => "fired",
            (false, false) => return,
        };
        self.put_once(region, kind, side);
    }

    /// A marker of `kind` belonging to `side` in `region`, unless one is there already.
    pub fn put_once(&mut self, region: Region, kind: &str, side: Seat) {
        let (space, owner) = (self.board.id(region), SEATS[side as usize]);
        let there = self
            .list
            .iter()
            .any(|m| m.space == space && m.kind == kind && m.side.as_deref() == Some(owner));
        if !there {
            self.put(region, kind, Some(side), None);
        }
    }

    pub fn done(self) -> Vec<Marker> {
        self.list
    }
}
