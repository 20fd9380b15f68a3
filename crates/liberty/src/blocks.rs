//! 2.0 Armies: the order of battle, from `data/blocks.tsv`.

use engine::table::{self, TableError};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::Path;

pub type Block = u8;
pub const BRITISH: u8 = 0;
pub const AMERICAN: u8 = 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Nation {
    British,
    Hessian,
    Loyalist,
    Indian,
    American,
    French,
}

/// 2.2 Block Types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Leader,
    Foot,
    Light,
    Guards,
    Dragoon,
    Warship,
    Indian,
    Loyalist,
    Ranger,
    Continental,
    Rifle,
    Militia,
    MilitiaDragoon,
}

#[derive(Clone, Debug, Serialize)]
pub struct BlockInfo {
    pub id: String,
    pub side: u8,
    pub nation: Nation,
    pub kind: Kind,
    pub name: String,
    /// 2.13 movement rating.
    pub moves: u8,
    /// 2.12 combat letter: 0 = A, 1 = B, 2 = C.
    pub class: u8,
    /// 2.12 highest roll that hits.
    pub fire: u8,
    /// 2.11 maximum strength.
    pub max: u8,
    pub note: String,
}

impl BlockInfo {
    pub fn is_warship(&self) -> bool {
        self.kind == Kind::Warship
    }
    pub fn is_indian(&self) -> bool {
        self.kind == Kind::Indian
    }
    pub fn is_dragoon(&self) -> bool {
        matches!(self.kind, Kind::Dragoon | Kind::MilitiaDragoon)
    }
    pub fn is_french(&self) -> bool {
        self.nation == Nation::French
    }
    /// Optional rule "Militia and Loyalist Firepower": militia and loyalist foot
    /// (not the militia dragoon or the Loyalist Ranger; ruling liberty #22).
    pub fn is_militia_foot(&self) -> bool {
        matches!(self.kind, Kind::Militia | Kind::Loyalist)
    }
    /// Optional rule "Bayonet Charges": British, Hessian and French regular foot, and the Guards.
    pub fn can_charge(&self) -> bool {
        matches!(self.kind, Kind::Foot | Kind::Guards)
    }
    pub fn class_letter(&self) -> char {
        (b'A' + self.class) as char
    }
    /// 2.2 its type in the Order of Battle's words ("light foot", "militia
    /// dragoon"); the nation is said apart (a Hessian "foot").
    pub fn type_name(&self) -> &'static str {
        match self.kind {
            Kind::Leader => "leader",
            Kind::Foot => "foot",
            Kind::Light if self.nation == Nation::Hessian => "jaeger",
            Kind::Light => "light foot",
            Kind::Guards => "guards",
            Kind::Dragoon => "dragoon",
            Kind::Warship => "warship",
            Kind::Indian => "Indian",
            Kind::Loyalist => "loyalist foot",
            Kind::Ranger => "ranger",
            Kind::Continental => "continental",
            Kind::Rifle => "rifle corps",
            Kind::Militia => "militia foot",
            Kind::MilitiaDragoon => "militia dragoon",
        }
    }
}

impl Kind {
    /// Its key in `blocks.tsv` (the serde name), which the view gives clients.
    pub fn key(self) -> &'static str {
        KINDS.iter().find(|k| k.1 == self).map_or("block", |k| k.0)
    }
}

/// The embedded (reconstructed) order of battle.
pub const BLOCKS_TSV: &str = include_str!("../data/blocks.tsv");

/// Columns of `blocks.tsv`; it may add a `note` column (see `engine::table`).
const COLUMNS: &[&str] = &["id", "side", "nation", "kind", "name", "move", "class", "fire", "max"];

const SIDES: &[(&str, u8)] = &[("british", BRITISH), ("american", AMERICAN)];
// The names are the serde names, which `view` shows (checked by a test).
const NATIONS: &[(&str, Nation)] = &[
    ("british", Nation::British),
    ("hessian", Nation::Hessian),
    ("loyalist", Nation::Loyalist),
    ("indian", Nation::Indian),
    ("american", Nation::American),
    ("french", Nation::French),
];
const KINDS: &[(&str, Kind)] = &[
    ("leader", Kind::Leader),
    ("foot", Kind::Foot),
    ("light", Kind::Light),
    ("guards", Kind::Guards),
    ("dragoon", Kind::Dragoon),
    ("warship", Kind::Warship),
    ("indian", Kind::Indian),
    ("loyalist", Kind::Loyalist),
    ("ranger", Kind::Ranger),
    ("continental", Kind::Continental),
    ("rifle", Kind::Rifle),
    ("militia", Kind::Militia),
    ("militia-dragoon", Kind::MilitiaDragoon),
];
const CLASSES: &[(&str, u8)] = &[("A", 0), ("B", 1), ("C", 2)];

/// The order of battle: `blocks.tsv` in `dir` (the `--data DIR` option)
/// when it is there, else the embedded one.
pub fn load(dir: Option<&Path>) -> Result<Vec<BlockInfo>, TableError> {
    let table = table::read(dir, "blocks.tsv", BLOCKS_TSV, COLUMNS)?;
    let mut out: Vec<BlockInfo> = Vec::new();
    let mut lines: HashMap<&str, usize> = HashMap::new();
    for row in table.rows() {
        let id = row.str("id");
        if let Some(prev) = lines.insert(id, row.line()) {
            return Err(row.error("id", format!("an id no other block has (line {prev} has it)")));
        }
        out.push(BlockInfo {
            id: id.to_string(),
            side: row.one_of("side", SIDES)?,
            nation: row.one_of("nation", NATIONS)?,
            kind: row.one_of("kind", KINDS)?,
            name: row.str("name").to_string(),
            moves: row.range("move", 1..=3)?,
            class: row.one_of("class", CLASSES)?,
            fire: row.range("fire", 1..=6)?,
            max: row.range("max", 2..=4)?,
            note: row.reason().to_string(),
        });
    }
    // Sets of blocks are 64-bit masks (`state`).
    if out.len() > 64 {
        return Err(table.error("at most 64 blocks", format!("{} blocks", out.len())));
    }
    Ok(out)
}

/// The order of battle in use (see [`crate::use_data_dir`]).
pub(crate) static BLOCKS: engine::data::Loaded<Vec<BlockInfo>> = engine::data::Loaded::new("the order of battle");

pub fn embedded() -> &'static [BlockInfo] {
    BLOCKS.get(|| load(None).unwrap_or_else(|e| panic!("embedded Liberty blocks are invalid: {e}")))
}

pub fn info(b: Block) -> &'static BlockInfo {
    &embedded()[b as usize]
}

pub fn by_id(id: &str) -> Option<Block> {
    embedded().iter().position(|b| b.id == id).map(|i| i as Block)
}

pub fn count() -> usize {
    embedded().len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choice_names_are_the_serde_names() {
        for (name, n) in NATIONS {
            assert_eq!(serde_json::to_value(n).unwrap(), *name);
        }
        for (name, k) in KINDS {
            assert_eq!(serde_json::to_value(k).unwrap(), *name);
            assert_eq!(k.key(), *name);
        }
    }
}
