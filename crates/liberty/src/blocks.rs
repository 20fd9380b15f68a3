//! 2.0 Armies: the order of battle, from `data/blocks.tsv`.

use serde::{Deserialize, Serialize};
use std::sync::OnceLock;

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
}

#[derive(Debug, thiserror::Error)]
#[error("blocks.tsv line {line}: {why}")]
pub struct BlockError {
    pub line: usize,
    pub why: String,
}

pub fn parse(text: &str) -> Result<Vec<BlockInfo>, BlockError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        if raw.trim().is_empty() || raw.starts_with('#') {
            continue;
        }
        let err = |why: String| BlockError { line, why };
        let f: Vec<&str> = raw.split('\t').collect();
        if f.len() < 9 {
            return Err(err(format!("expected 10 columns, found {}", f.len())));
        }
        let num = |s: &str, what: &str, lo: u8, hi: u8| -> Result<u8, BlockError> {
            s.parse::<u8>()
                .ok()
                .filter(|v| (lo..=hi).contains(v))
                .ok_or_else(|| err(format!("{what} must be {lo}..{hi}, not '{s}'")))
        };
        let word = |s: &str| serde_json::Value::String(s.to_string());
        let side = match f[1] {
            "british" => BRITISH,
            "american" => AMERICAN,
            s => return Err(err(format!("side must be british or american, not '{s}'"))),
        };
        let nation: Nation =
            serde_json::from_value(word(f[2])).map_err(|_| err(format!("unknown nation '{}'", f[2])))?;
        let kind: Kind = serde_json::from_value(word(f[3])).map_err(|_| err(format!("unknown kind '{}'", f[3])))?;
        let class = match f[6] {
            "A" => 0,
            "B" => 1,
            "C" => 2,
            s => return Err(err(format!("class must be A, B or C, not '{s}'"))),
        };
        if out.iter().any(|b: &BlockInfo| b.id == f[0]) {
            return Err(err(format!("duplicate block id '{}'", f[0])));
        }
        out.push(BlockInfo {
            id: f[0].to_string(),
            side,
            nation,
            kind,
            name: f[4].to_string(),
            moves: num(f[5], "move", 1, 3)?,
            class,
            fire: num(f[7], "fire", 1, 6)?,
            max: num(f[8], "max strength", 2, 4)?,
            note: f.get(9).unwrap_or(&"").to_string(),
        });
    }
    if out.len() > 64 {
        return Err(BlockError {
            line: 0,
            why: "at most 64 blocks".into(),
        });
    }
    Ok(out)
}

/// The order of battle in use (see [`crate::use_data_dir`]).
pub(crate) static BLOCKS: OnceLock<Vec<BlockInfo>> = OnceLock::new();

pub fn embedded() -> &'static [BlockInfo] {
    BLOCKS.get_or_init(|| parse(include_str!("../data/blocks.tsv")).expect("embedded blocks.tsv is valid"))
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

/// Blocks in the embedded order of battle (2.0: 25 a side).
pub fn embedded_count() -> usize {
    include_str!("../data/blocks.tsv")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .count()
}
