//! 4.0 Balance of Power: the index (no zero space, 4.0; at most 18 either
//! way, 4.3), its mild, moderate and strong bands (`data/balance.tsv`,
//! reconstructed) with what each gives (7.0, 8.1, 9.1, 16.1, 29.1), and the
//! chart of actions that shift it (`data/balance-changes.tsv`, 4.1).

use crate::forces::{BRITISH, FRENCH};
use engine::table::{self, TableError};
use engine::Seat;
use std::path::Path;

const BANDS_TSV: &str = include_str!("../data/balance.tsv");
const CHANGES_TSV: &str = include_str!("../data/balance-changes.tsv");
/// The files `--data` may replace.
pub const FILES: [&str; 2] = ["balance.tsv", "balance-changes.tsv"];

/// 4.3 the index's extreme, either way.
pub const EXTREME: u8 = 18;

/// A position on the index: positive pro-British, negative pro-French,
/// never zero (4.0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "i8", into = "i8")]
pub struct Index(i8);

impl TryFrom<i8> for Index {
    type Error = String;
    fn try_from(v: i8) -> Result<Index, String> {
        Index::new(v).ok_or_else(|| format!("no space {v} on the Balance of Power Index (4.0, 4.3)"))
    }
}

impl From<Index> for i8 {
    fn from(i: Index) -> i8 {
        i.0
    }
}

impl Index {
    /// A space of the index; `None` for zero or beyond 18 (4.0, 4.3).
    pub fn new(value: i8) -> Option<Index> {
        (value != 0 && value.unsigned_abs() <= EXTREME).then_some(Index(value))
    }

    pub fn value(self) -> i8 {
        self.0
    }

    /// 7.0 the side the index favours: British from +1, French from -1.
    pub fn favours(self) -> Seat {
        if self.0 > 0 {
            BRITISH
        } else {
            FRENCH
        }
    }

    /// How far from the centre: 1 to 18.
    pub fn spaces(self) -> u8 {
        self.0.unsigned_abs()
    }

    /// How the index moved from `before` to here after a shift of `by`
    /// toward `whom` ("the British"), in words: "shifts 2 toward the
    /// British (+5)", or, cut by the extreme (4.3), "shifts 1 of its 2
    /// toward the British, to its extreme (+18)" and "stays at its extreme
    /// (+18)".
    pub fn shift_words(self, before: Index, by: u8, whom: &str) -> String {
        // Spaces along the track, which has no zero space.
        let moved = if (before.0 > 0) == (self.0 > 0) {
            before.0.abs_diff(self.0)
        } else {
            before.spaces() + self.spaces() - 1
        };
        let now = self.0;
        if moved == by {
            format!("shifts {by} toward {whom} ({now:+})")
        } else if moved == 0 {
            format!("stays at its extreme ({now:+}, 4.3)")
        } else {
            format!("shifts {moved} of its {by} toward {whom}, to its extreme ({now:+}, 4.3)")
        }
    }

    /// 4.0, 4.3 moved `by` spaces toward `side`: from +1 straight to -1
    /// and back, and no further than 18.
    pub fn shift(self, by: u8, toward: Seat) -> Index {
        let step: i8 = if toward == BRITISH { 1 } else { -1 };
        let mut v = self.0;
        for _ in 0..by {
            v += step;
            if v == 0 {
                v += step;
            }
            v = v.clamp(-(EXTREME as i8), EXTREME as i8);
        }
        Index(v)
    }
}

/// 4.0 how strongly a side is favoured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Degree {
    Mild,
    Moderate,
    Strong,
}

/// One band of the index, the same on either side of the centre.
#[derive(Clone, Debug)]
pub struct Band {
    pub from: u8,
    pub to: u8,
    pub degree: Degree,
    /// 8.1 added to the first events roll when pro-British, subtracted
    /// when pro-French.
    pub event_drm: u8,
    /// 9.1 added to both players' Home Government rolls.
    pub income_drm: u8,
    /// 4.2, 16.1 added to the favoured side's negotiation total.
    pub negotiation: u8,
    /// 29.1 victory points to the favoured side.
    pub victory: u8,
    pub reason: String,
}

/// Whom a change favours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Favours {
    /// The side that did it.
    Actor,
    /// Its enemy.
    Opponent,
}

/// 4.1 one line of the chart beside the index.
#[derive(Clone, Debug)]
pub struct Change {
    pub id: String,
    /// 4.11 the city an `occupy` line is about.
    pub city: Option<String>,
    pub shift: u8,
    pub favours: Favours,
    pub reason: String,
}

/// The changes the rules look up, which any chart must have.
pub const CHANGES: [&str; 7] = [
    "occupy",
    "units-eliminated",
    "leader-eliminated",
    "fortress-captured",
    "leader-executed",
    "massacre",
    "atrocity",
];

/// The index's bands and the chart of changes.
#[derive(Clone, Debug)]
pub struct BalanceTables {
    pub bands: Vec<Band>,
    pub changes: Vec<Change>,
}

impl BalanceTables {
    pub fn read(dir: Option<&Path>) -> Result<BalanceTables, TableError> {
        let columns = [
            "from",
            "to",
            "degree",
            "event-drm",
            "income-drm",
            "negotiation",
            "victory",
        ];
        let t = table::read(dir, FILES[0], BANDS_TSV, &columns)?;
        let degrees = [
            ("mild", Degree::Mild),
            ("moderate", Degree::Moderate),
            ("strong", Degree::Strong),
        ];
        let mut bands: Vec<Band> = Vec::new();
        for row in t.rows() {
            let next = bands.last().map_or(1, |b| b.to + 1);
            let from = row.range("from", 1..=EXTREME)?;
            if from != next {
                return Err(row.error("from", format!("{next} (the bands follow each other from 1)")));
            }
            let degree = row.one_of("degree", &degrees)?;
            if degree != degrees[bands.len().min(2)].1 {
                return Err(row.error("degree", "mild, moderate and strong, in that order (4.0)"));
            }
            bands.push(Band {
                from,
                to: row.range("to", from..=EXTREME)?,
                degree,
                event_drm: row.range("event-drm", 0..=3)?,
                income_drm: row.range("income-drm", 0..=3)?,
                negotiation: row.range("negotiation", 0..=6)?,
                victory: row.range("victory", 0..=30)?,
                reason: row.reason().to_string(),
            });
        }
        if bands.len() != 3 || bands[2].to != EXTREME {
            return Err(t.error(
                "three bands, mild, moderate, strong, from 1 to 18 (4.0, 4.3)",
                "other bands",
            ));
        }
        let t = table::read(dir, FILES[1], CHANGES_TSV, &["id", "city", "shift", "favours"])?;
        let mut changes: Vec<Change> = Vec::new();
        for row in t.rows() {
            let id = row.str("id");
            if !CHANGES.contains(&id) {
                return Err(row.error("id", format!("one of {}", CHANGES.join("|"))));
            }
            let city = row.opt("city").map(str::to_string);
            if (id == "occupy") != city.is_some() {
                return Err(row.error("city", "a city on occupy lines only (4.11)"));
            }
            if changes.iter().any(|c| c.id == id && c.city == city) {
                return Err(row.line_error("each change once", format!("{id} {}", city.unwrap_or_default())));
            }
            changes.push(Change {
                id: id.to_string(),
                city,
                shift: row.range("shift", 1..=EXTREME)?,
                favours: row.one_of("favours", &[("actor", Favours::Actor), ("opponent", Favours::Opponent)])?,
                reason: row.reason().to_string(),
            });
        }
        for id in CHANGES {
            if !changes.iter().any(|c| c.id == id) {
                return Err(t.error(format!("a line '{id}' (4.1)"), "none"));
            }
        }
        Ok(BalanceTables { bands, changes })
    }

    pub fn embedded() -> BalanceTables {
        BalanceTables::read(None).expect("the embedded balance of power tables are valid (tests/balance.rs)")
    }

    /// The band the index stands in.
    pub fn band(&self, index: Index) -> &Band {
        let s = index.spaces();
        self.bands
            .iter()
            .find(|b| (b.from..=b.to).contains(&s))
            .expect("the bands cover 1 to 18 (checked when read)")
    }

    /// 8.1 the modifier to the first Random Events roll.
    pub fn event_drm(&self, index: Index) -> i32 {
        let m = i32::from(self.band(index).event_drm);
        if index.favours() == BRITISH {
            m
        } else {
            -m
        }
    }

    /// 9.1 the modifier to either player's Home Government Income roll.
    pub fn income_drm(&self, index: Index) -> i32 {
        i32::from(self.band(index).income_drm)
    }

    /// 4.2, 16.1 what `side` adds to its negotiation total.
    pub fn negotiation(&self, index: Index, side: Seat) -> u8 {
        if index.favours() == side {
            self.band(index).negotiation
        } else {
            0
        }
    }

    /// 29.1 the victory points `side` scores for the index's final position.
    pub fn victory(&self, index: Index, side: Seat) -> u8 {
        if index.favours() == side {
            self.band(index).victory
        } else {
            0
        }
    }

    /// 4.1 a line of the chart; `city` for 4.11's occupy lines.
    pub fn change(&self, id: &str, city: Option<&str>) -> Option<&Change> {
        self.changes.iter().find(|c| c.id == id && c.city.as_deref() == city)
    }
}
