//! 2.3 Playing Pieces and 17.0 Leaders: the counter mix (`data/counters.tsv`,
//! 10.72: a design limit) and every leader's ratings (`data/leaders.tsv`).
//! Both reconstructed: the rulebook lists the unit types, abbreviations and
//! leaders' names but prints neither the counter sheet nor the ratings
//! (data/README.md).

use engine::table::{self, Row, Table, TableError};
use engine::Seat;
use std::path::Path;

/// The seats: `british` and `french` (Spanish units are French-controlled,
/// 28.1).
pub const BRITISH: Seat = 0;
pub const FRENCH: Seat = 1;

const SIDES: [(&str, Seat); 2] = [("british", BRITISH), ("french", FRENCH)];

/// 2.11, 2.4, 5.1-5.3 the colonies whose provincial and militia units and
/// leaders the mix names.
pub const COLONIES: [&str; 19] = [
    "massachusetts",
    "rhode-island",
    "connecticut",
    "new-hampshire",
    "new-york",
    "pennsylvania",
    "maryland",
    "new-jersey",
    "delaware",
    "virginia",
    "north-carolina",
    "south-carolina",
    "georgia",
    "hudsons-bay",
    "nova-scotia",
    "newfoundland",
    "new-france",
    "louisiana",
    "florida",
];

/// 2.3 the unit colours' nations.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nation {
    British,
    French,
    Spanish,
    Indian,
}

const NATIONS: [(&str, Nation); 4] = [
    ("british", Nation::British),
    ("french", Nation::French),
    ("spanish", Nation::Spanish),
    ("indian", Nation::Indian),
];

/// 2.33 the combat unit types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitType {
    Line,
    Light,
    Grenadiers,
    Rangers,
    Militia,
    Dragoons,
    Indians,
    SiegeTrain,
    Engineers,
    Legion,
    Fleet,
    Riverine,
}

/// The types' words in the data files.
pub const TYPES: [(&str, UnitType); 12] = [
    ("line", UnitType::Line),
    ("light", UnitType::Light),
    ("grenadiers", UnitType::Grenadiers),
    ("rangers", UnitType::Rangers),
    ("militia", UnitType::Militia),
    ("dragoons", UnitType::Dragoons),
    ("indians", UnitType::Indians),
    ("siege-train", UnitType::SiegeTrain),
    ("engineers", UnitType::Engineers),
    ("legion", UnitType::Legion),
    ("fleet", UnitType::Fleet),
    ("riverine", UnitType::Riverine),
];

impl UnitType {
    /// 20.0 fleets and flotillas.
    pub fn naval(self) -> bool {
        matches!(self, UnitType::Fleet | UnitType::Riverine)
    }
}

/// 2.33 unit sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    Detachment,
    /// An Indian unit ("| = Detachment or Indian Warband").
    Warband,
    Regiment,
    Brigade,
    Legion,
    /// 2.33 "Naval units are squadrons".
    Squadron,
}

const SIZES: [(&str, Size); 6] = [
    ("detachment", Size::Detachment),
    ("warband", Size::Warband),
    ("regiment", Size::Regiment),
    ("brigade", Size::Brigade),
    ("legion", Size::Legion),
    ("squadron", Size::Squadron),
];

impl Size {
    /// 10.71, 18.32, 20.32 regimental equivalents, in thirds: detachment
    /// and warband 1/3, regiment and squadron 1, brigade and legion 3
    /// (ruling fiw #23).
    pub fn thirds(self) -> u32 {
        // ruling: fiw #23
        match self {
            Size::Detachment | Size::Warband => 1,
            Size::Regiment | Size::Squadron => 3,
            Size::Brigade | Size::Legion => 9,
        }
    }
}

/// Regimental equivalents counted in thirds, as a number: "0", "⅔",
/// "1⅓".
pub fn thirds_number(t: u32) -> String {
    let frac = ["", "⅓", "⅔"][(t % 3) as usize];
    match t / 3 {
        0 if frac.is_empty() => "0".into(),
        0 => frac.into(),
        n => format!("{n}{frac}"),
    }
}

/// 2.32 heavy or light; 26.0 a legion is either at will.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lightness {
    Heavy,
    Light,
    Either,
}

/// One printed face of a counter.
#[derive(Clone, Debug)]
pub struct Face {
    pub id: String,
    pub side: Seat,
    pub nation: Nation,
    /// 2.4 European regulars.
    pub regular: bool,
    /// A provincial or militia unit's colony, an Indian unit's nation.
    pub home: Option<String>,
    pub kind: UnitType,
    pub size: Size,
    /// 2.32 a printed "+" (ruling fiw #13).
    pub light: Lightness,
    pub combat: u8,
    pub movement: u8,
    /// 2.33 the printed abbreviation.
    pub name: String,
    pub reason: String,
}

/// A counter design: its front, its back if printed, and how many.
#[derive(Clone, Debug)]
pub struct Counter {
    /// Indices in [`Forces::faces`].
    pub front: usize,
    pub back: Option<usize>,
    pub count: u8,
}

/// 2.31, 17.0 a leader.
#[derive(Clone, Debug)]
pub struct Leader {
    pub id: String,
    /// 17.1 generic brigadiers and chiefs have several counters.
    pub count: u8,
    /// `None` for an Indian leader, who serves the side of the Indians he
    /// is with (17.7, 25.1).
    pub side: Option<Seat>,
    pub name: String,
    /// Other spellings the rulebook uses (ruling fiw #36).
    pub aliases: Vec<String>,
    /// 2.31 the left number (17.2) and the right (17.3).
    pub military: u8,
    pub diplomacy: u8,
    /// 17.9 uses the light movement rates and may move diagonally (13.2).
    pub light: bool,
    /// 17.6 a provincial leader's colony.
    pub colony: Option<String>,
    pub movement: u8,
    pub reason: String,
}

impl Leader {
    /// 17.1 historic leaders have their names on their counters.
    pub fn named(&self) -> bool {
        !matches!(self.name.as_str(), "Brigadier" | "Chief")
    }
}

/// The counter mix and the leaders.
#[derive(Clone, Debug)]
pub struct Forces {
    pub faces: Vec<Face>,
    pub counters: Vec<Counter>,
    pub leaders: Vec<Leader>,
}

const COUNTERS_TSV: &str = include_str!("../data/counters.tsv");
const LEADERS_TSV: &str = include_str!("../data/leaders.tsv");
/// The files `--data` may replace.
pub const FILES: [&str; 2] = ["counters.tsv", "leaders.tsv"];
const COUNTER_COLUMNS: &[&str] = &[
    "id", "count", "back", "side", "nation", "regular", "home", "type", "size", "light", "combat", "movement", "name",
];
const LEADER_COLUMNS: &[&str] = &[
    "id",
    "count",
    "side",
    "name",
    "aliases",
    "military",
    "diplomacy",
    "light",
    "colony",
    "movement",
];

fn face(row: &Row) -> Result<Face, TableError> {
    let f = Face {
        id: row.str("id").to_string(),
        side: row.one_of("side", &SIDES)?,
        nation: row.one_of("nation", &NATIONS)?,
        regular: row.flag("regular")?,
        home: row.opt("home").map(str::to_string),
        kind: row.one_of("type", &TYPES)?,
        size: row.one_of("size", &SIZES)?,
        light: row.one_of(
            "light",
            &[
                ("no", Lightness::Heavy),
                ("yes", Lightness::Light),
                ("either", Lightness::Either),
            ],
        )?,
        combat: row.range("combat", 1..=20)?,
        movement: row.range("movement", 1..=12)?,
        name: row.str("name").to_string(),
        reason: row.reason().to_string(),
    };
    let side_of = match f.nation {
        Nation::British => Some(BRITISH),
        Nation::French | Nation::Spanish => Some(FRENCH),
        Nation::Indian => None,
    };
    if side_of.is_some_and(|s| s != f.side) {
        return Err(row.error("side", "the nation's side (28.1: Spanish units are French)"));
    }
    let indian = f.nation == Nation::Indian;
    if indian != (f.kind == UnitType::Indians) || indian != (f.size == Size::Warband) {
        return Err(row.line_error(
            "Indian units, and only they, of type indians and size warband",
            row.str("type"),
        ));
    }
    match (&f.home, f.regular, indian) {
        (Some(_), true, _) => return Err(row.error("home", "empty for a regular unit")),
        (None, false, _) => return Err(row.error("home", "a colony (or an Indian unit's nation)")),
        (Some(h), false, false) if !COLONIES.contains(&h.as_str()) => {
            return Err(row.error("home", format!("one of {}", COLONIES.join("|"))));
        }
        _ => {}
    }
    if indian && f.regular {
        return Err(row.error("regular", "no for an Indian unit"));
    }
    // Naval units and siege trains are heavy; only legions are either.
    // ruling: fiw #13
    let heavy_only = f.kind.naval() || f.kind == UnitType::SiegeTrain;
    if (heavy_only && f.light != Lightness::Heavy) || ((f.kind == UnitType::Legion) != (f.light == Lightness::Either)) {
        return Err(row.error(
            "light",
            "no for naval units and siege trains, either for legions only (ruling fiw #13)",
        ));
    }
    if f.kind.naval() != (f.size == Size::Squadron) || (f.kind == UnitType::Legion) != (f.size == Size::Legion) {
        return Err(row.error("size", "squadron for naval units only, legion for legions only (2.33)"));
    }
    Ok(f)
}

fn parse_counters(t: &Table) -> Result<(Vec<Face>, Vec<Counter>), TableError> {
    let mut faces: Vec<Face> = Vec::new();
    // Each face with its row's count and back cells, checked once all are read.
    let mut cells: Vec<(Option<u8>, Option<&str>, Row)> = Vec::new();
    for row in t.rows() {
        let f = face(&row)?;
        if faces.iter().any(|o| o.id == f.id) {
            return Err(row.error("id", "each face once"));
        }
        let count = match row.opt("count") {
            None => None,
            Some(_) => Some(row.range("count", 1..=60)?),
        };
        cells.push((count, row.opt("back"), row));
        faces.push(f);
    }
    let mut counters = Vec::new();
    let mut backs: Vec<usize> = Vec::new();
    for (i, (count, back, row)) in cells.iter().enumerate() {
        let Some(count) = *count else { continue };
        let back = match back {
            None => None,
            Some(b) => {
                let Some(j) = faces.iter().position(|f| f.id == *b) else {
                    return Err(row.error("back", "the id of a face of this file"));
                };
                if cells[j].0.is_some() || cells[j].1.is_some() || backs.contains(&j) {
                    return Err(row.error("back", "a back face: no count, no back of its own, on one counter only"));
                }
                if faces[j].side != faces[i].side && faces[i].nation != Nation::Indian {
                    return Err(row.error("back", "a face of the same side (only Indians change sides, 25.1)"));
                }
                backs.push(j);
                Some(j)
            }
        };
        counters.push(Counter { front: i, back, count });
    }
    for (j, (count, _, row)) in cells.iter().enumerate() {
        if count.is_none() && !backs.contains(&j) {
            return Err(row.error("count", "a count (1-60), or the face to be the back of another"));
        }
    }
    Ok((faces, counters))
}

fn parse_leaders(t: &Table) -> Result<Vec<Leader>, TableError> {
    let mut out: Vec<Leader> = Vec::new();
    for row in t.rows() {
        let id = row.str("id");
        let aliases: Vec<String> = row
            .str("aliases")
            .split('|')
            .filter(|a| !a.is_empty())
            .map(String::from)
            .collect();
        let known = |name: &str| out.iter().any(|l: &Leader| l.answers_to(name));
        if known(id) || aliases.iter().any(|a| known(a)) {
            return Err(row.line_error("a leader and aliases not listed before", id));
        }
        let colony = row.opt("colony").map(str::to_string);
        if colony.as_deref().is_some_and(|c| !COLONIES.contains(&c)) {
            return Err(row.error("colony", format!("empty or one of {}", COLONIES.join("|"))));
        }
        out.push(Leader {
            id: id.to_string(),
            count: row.range("count", 1..=10)?,
            side: row.one_of(
                "side",
                &[("british", Some(BRITISH)), ("french", Some(FRENCH)), ("indian", None)],
            )?,
            name: row.str("name").to_string(),
            aliases,
            military: row.range("military", 0..=5)?,
            diplomacy: row.range("diplomacy", 0..=5)?,
            light: row.flag("light")?,
            colony,
            movement: row.range("movement", 1..=12)?,
            reason: row.reason().to_string(),
        });
    }
    Ok(out)
}

impl Leader {
    /// Whether `name` is this leader's id (spaces for hyphens: "De
    /// Levis") or one of his spellings, case ignored.
    pub fn answers_to(&self, name: &str) -> bool {
        // ruling: fiw #36
        self.id.eq_ignore_ascii_case(&name.replace(' ', "-"))
            || self.aliases.iter().any(|a| a.eq_ignore_ascii_case(name))
    }
}

impl Forces {
    /// The files in `dir` (the `--data` folder), the embedded ones standing
    /// in for those it lacks.
    pub fn read(dir: Option<&Path>) -> Result<Forces, TableError> {
        let (faces, counters) = parse_counters(&table::read(dir, FILES[0], COUNTERS_TSV, COUNTER_COLUMNS)?)?;
        let leaders = parse_leaders(&table::read(dir, FILES[1], LEADERS_TSV, LEADER_COLUMNS)?)?;
        Ok(Forces {
            faces,
            counters,
            leaders,
        })
    }

    pub fn embedded() -> Forces {
        Forces::read(None).expect("the embedded counter mix is valid (tests/forces.rs)")
    }

    /// The leader with this id or spelling (ruling fiw #36).
    pub fn leader(&self, name: &str) -> Option<&Leader> {
        self.leaders.iter().find(|l| l.answers_to(name))
    }

    /// A counter's faces: its front, then its back if printed.
    pub fn faces_of(&self, c: &Counter) -> impl Iterator<Item = &Face> + '_ {
        std::iter::once(c.front).chain(c.back).map(|i| &self.faces[i])
    }

    /// 10.72 how many counters have a face `like` matches.
    pub fn count(&self, like: impl Fn(&Face) -> bool) -> u32 {
        self.counters
            .iter()
            .filter(|c| self.faces_of(c).any(&like))
            .map(|c| u32::from(c.count))
            .sum()
    }
}
