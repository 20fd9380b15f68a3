//! 2.2 Game Counters and 5.0 Leaders: the counter mix and every leader's
//! values, from `data/counters.tsv` and `data/leaders.tsv` (reconstructed:
//! the rulebook prints the unit types' values but neither the mix nor any
//! leader's; every row says why, data/README-units.md).

use engine::table::{self, Row, Table, TableError};
use engine::Seat;
use std::path::Path;

/// The seats: `british` and `american`.
pub const BRITISH: Seat = 0;
pub const AMERICAN: Seat = 1;

const SIDES: &[(&str, Seat)] = &[("british", BRITISH), ("american", AMERICAN)];

/// 2.2 the nationalities the counters' colours show (5.7 limits who may
/// command whom by them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Nationality {
    American,
    French,
    British,
    Hessian,
    Tory,
    Indian,
}

const NATIONALITIES: &[(&str, Nationality)] = &[
    ("american", Nationality::American),
    ("french", Nationality::French),
    ("british", Nationality::British),
    ("hessian", Nationality::Hessian),
    ("tory", Nationality::Tory),
    ("indian", Nationality::Indian),
];

/// 2.2 the unit types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// Rebel militia.
    Militia,
    /// Tory militia.
    Tory,
    Continental,
    British,
    Hessian,
    French,
    Artillery,
    Naval,
    Indian,
    /// 8.16 the Naval Defense marker of a port.
    NavalDefense,
}

const KINDS: &[(&str, Kind)] = &[
    ("militia", Kind::Militia),
    ("tory", Kind::Tory),
    ("continental", Kind::Continental),
    ("british", Kind::British),
    ("hessian", Kind::Hessian),
    ("french", Kind::French),
    ("artillery", Kind::Artillery),
    ("naval", Kind::Naval),
    ("indian", Kind::Indian),
    ("naval-defense", Kind::NavalDefense),
];

/// One row of the counter mix: `count` like counters.
#[derive(Clone, Debug)]
pub struct Counters {
    pub kind: Kind,
    /// None for the Naval Defense markers, which serve either side.
    pub side: Option<Seat>,
    pub nationality: Option<Nationality>,
    /// The state a militia or Tory counter is raised in (9.4), or an
    /// Indian counter's tribe (11.5).
    pub home: Option<String>,
    /// 2.2 "EX", 8.28.
    pub experienced: bool,
    pub count: u8,
    /// 2.2 the full side's combat value, and the reduced side's (8.13, 8.22).
    pub combat: u8,
    pub reduced: u8,
    pub movement: u8,
    pub provenance: String,
}

/// 5.0 a leader's values.
#[derive(Clone, Debug)]
pub struct Leader {
    pub id: String,
    pub name: String,
    pub side: Seat,
    pub nationality: Nationality,
    /// 5.1 added to his attacking units, 5.3 to his defending units.
    pub offensive: u8,
    pub defensive: u8,
    /// 5.2 the units he may control.
    pub command: u8,
    /// 5.4 stars, 1 to 3.
    pub rank: u8,
    pub provenance: String,
}

/// The counter mix and the leaders.
#[derive(Clone, Debug)]
pub struct Forces {
    pub counters: Vec<Counters>,
    pub leaders: Vec<Leader>,
}

const COUNTERS_TSV: &str = include_str!("../data/counters.tsv");
const LEADERS_TSV: &str = include_str!("../data/leaders.tsv");
/// The files `--data` may replace.
pub const FILES: [&str; 2] = ["counters.tsv", "leaders.tsv"];
const COUNTER_COLUMNS: &[&str] = &[
    "kind",
    "side",
    "nationality",
    "state",
    "experienced",
    "count",
    "combat",
    "reduced",
    "movement",
];
const LEADER_COLUMNS: &[&str] = &[
    "id",
    "name",
    "side",
    "nationality",
    "offensive",
    "command",
    "defensive",
    "rank",
];

fn optional<T: Copy>(row: &Row, column: &str, choices: &[(&str, T)]) -> Result<Option<T>, TableError> {
    match row.opt(column) {
        None => Ok(None),
        Some(_) => row.one_of(column, choices).map(Some),
    }
}

fn parse_counters(t: &Table) -> Result<Vec<Counters>, TableError> {
    let mut out = Vec::new();
    for row in t.rows() {
        let c = Counters {
            kind: row.one_of("kind", KINDS)?,
            side: optional(&row, "side", SIDES)?,
            nationality: optional(&row, "nationality", NATIONALITIES)?,
            home: row.opt("state").map(str::to_string),
            experienced: row.flag("experienced")?,
            count: row.range("count", 1..=60)?,
            combat: row.range("combat", 1..=7)?,
            reduced: row.range("reduced", 0..=7)?,
            movement: row.range("movement", 0..=6)?,
            provenance: row.reason().to_string(),
        };
        if c.reduced >= c.combat {
            return Err(row.error("reduced", "less than the full side's combat value (8.22)"));
        }
        if c.kind != Kind::NavalDefense && (c.side.is_none() || c.nationality.is_none()) {
            return Err(row.line_error("a side and a nationality for a unit", "none"));
        }
        out.push(c);
    }
    Ok(out)
}

fn parse_leaders(t: &Table) -> Result<Vec<Leader>, TableError> {
    let mut out: Vec<Leader> = Vec::new();
    for row in t.rows() {
        let id = row.str("id");
        if out.iter().any(|l| l.id == id) {
            return Err(row.error("id", "a leader not listed before"));
        }
        out.push(Leader {
            id: id.to_string(),
            name: row.str("name").to_string(),
            side: row.one_of("side", SIDES)?,
            nationality: row.one_of("nationality", NATIONALITIES)?,
            offensive: row.range("offensive", 0..=6)?,
            defensive: row.range("defensive", 0..=6)?,
            command: row.range("command", 0..=12)?,
            rank: row.range("rank", 1..=3)?,
            provenance: row.reason().to_string(),
        });
    }
    Ok(out)
}

impl Forces {
    /// The mix's row of every counter, in unit id order: each row's
    /// counters side by side, the rows in the file's order.
    pub fn unit_rows(&self) -> impl Iterator<Item = u8> + '_ {
        self.counters
            .iter()
            .enumerate()
            .flat_map(|(row, c)| std::iter::repeat_n(row as u8, c.count as usize))
    }

    /// The files in `dir` (the `--data` folder), the embedded ones standing
    /// in for those it lacks.
    pub fn read(dir: Option<&Path>) -> Result<Forces, TableError> {
        Ok(Forces {
            counters: parse_counters(&table::read(dir, "counters.tsv", COUNTERS_TSV, COUNTER_COLUMNS)?)?,
            leaders: parse_leaders(&table::read(dir, "leaders.tsv", LEADERS_TSV, LEADER_COLUMNS)?)?,
        })
    }

    pub fn embedded() -> Forces {
        Forces::read(None).expect("the embedded counter mix is valid (tests/forces.rs)")
    }

    pub fn leader(&self, id: &str) -> Option<&Leader> {
        self.leaders.iter().find(|l| l.id == id)
    }

    /// How many counters of the mix `like` matches.
    pub fn count(&self, like: impl Fn(&Counters) -> bool) -> u32 {
        self.counters.iter().filter(|c| like(c)).map(|c| c.count as u32).sum()
    }

    /// Every reconstructed item with its reason.
    pub fn provenance(&self) -> Vec<(String, String)> {
        let mut v: Vec<(String, String)> = self
            .leaders
            .iter()
            .map(|l| (format!("leader {}", l.id), l.provenance.clone()))
            .collect();
        for c in &self.counters {
            let home = c.home.as_deref().map(|h| format!(" {h}")).unwrap_or_default();
            let ex = if c.experienced { " experienced" } else { "" };
            v.push((format!("counters {:?}{home}{ex}", c.kind), c.provenance.clone()));
        }
        v
    }
}

/// A kind's word in `counters.tsv` and in action ids.
pub fn kind_word(kind: Kind) -> &'static str {
    KINDS.iter().find(|(_, k)| *k == kind).map_or("unit", |(w, _)| w)
}

/// A counter as the rules name it: "MA Militia", "NY Tory Militia",
/// "experienced British unit", "Hessian Artillery", "Mohawk Indian unit"
/// (12.23's "1 Mohawk Indian": one counter, named as one so that every
/// verb agrees).
pub fn counter_name(c: &Counters) -> String {
    let home = |h: &Option<String>| match h.as_deref() {
        Some(h) if h.len() == 2 => h.to_uppercase(),
        Some(h) => {
            let mut cs = h.chars();
            cs.next()
                .map(|f| f.to_uppercase().chain(cs).collect())
                .unwrap_or_default()
        }
        None => String::new(),
    };
    let ex = if c.experienced { "experienced " } else { "" };
    let nation = match c.nationality {
        Some(Nationality::American) => "Continental",
        Some(Nationality::French) => "French",
        Some(Nationality::Hessian) => "Hessian",
        _ => "British",
    };
    match c.kind {
        Kind::Militia if c.experienced => "experienced Militia".into(),
        Kind::Militia => format!("{} Militia", home(&c.home)),
        Kind::Tory if c.experienced => "experienced Tory Militia".into(),
        Kind::Tory => format!("{} Tory Militia", home(&c.home)),
        Kind::Continental => format!("{ex}Continental unit"),
        Kind::British => format!("{ex}British unit"),
        Kind::Hessian => format!("{ex}Hessian unit"),
        Kind::French => format!("{ex}French unit"),
        Kind::Artillery => format!("{nation} Artillery"),
        Kind::Naval => format!("{nation} fleet"),
        Kind::Indian => format!("{} Indian unit", home(&c.home)),
        Kind::NavalDefense => "Naval Defense marker".into(),
    }
}
