//! 15.0 Combat: the two Combat Results Tables, Linear and Raid
//! (`data/crt-linear.tsv`, `data/crt-raid.tsv`), the odds (15.7), the
//! choice of table (15.6) and the leaders' die roll modifier (15.8).

use crate::dice::RollRows;
use engine::table::{self, Row, TableError};
use std::path::Path;

const LINEAR_TSV: &str = include_str!("../data/crt-linear.tsv");
const RAID_TSV: &str = include_str!("../data/crt-raid.tsv");
/// The files `--data` may replace.
pub const FILES: [&str; 2] = ["crt-linear.tsv", "crt-raid.tsv"];

/// 15.6 the two tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Crt {
    Linear,
    Raid,
}

/// 15.72, 15.73 the odds columns, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Odds {
    OneToThree,
    OneToTwo,
    OneToOne,
    ThreeToTwo,
    TwoToOne,
    ThreeToOne,
    FourToOne,
}

/// The columns' headers, in [`Odds`] order.
pub const ODDS: [(&str, Odds); 7] = [
    ("1:3", Odds::OneToThree),
    ("1:2", Odds::OneToTwo),
    ("1:1", Odds::OneToOne),
    ("1.5:1", Odds::ThreeToTwo),
    ("2:1", Odds::TwoToOne),
    ("3:1", Odds::ThreeToOne),
    ("4:1", Odds::FourToOne),
];

/// 15.71 the odds of `attack` against the multiplied `defence`: a
/// stronger attacker's ratio rounds down (14 to 5 is 2:1), a stronger
/// defender's rounds up (6 to 10 is 1:2); 15.73 1.5:1 from half as much
/// again to less than twice; 15.72 beyond the table, its last column.
pub fn odds(attack: u32, defence: u32) -> Odds {
    if attack >= defence {
        // A force without defending strength is as weak as can be.
        let defence = defence.max(1);
        match attack / defence {
            0 | 1 if 2 * attack >= 3 * defence => Odds::ThreeToTwo,
            0 | 1 => Odds::OneToOne,
            2 => Odds::TwoToOne,
            3 => Odds::ThreeToOne,
            _ => Odds::FourToOne,
        }
    } else {
        match defence.div_ceil(attack.max(1)) {
            2 => Odds::OneToTwo,
            _ => Odds::OneToThree,
        }
    }
}

/// 15.61-15.63 the tables the attacker may use, from the printed combat
/// factors of his heavy and light units: at least half heavy, Linear; at
/// least half light, Raid; exactly half each, either.
pub fn tables_allowed(heavy: u32, light: u32) -> &'static [Crt] {
    match heavy.cmp(&light) {
        std::cmp::Ordering::Greater => &[Crt::Linear],
        std::cmp::Ordering::Less => &[Crt::Raid],
        std::cmp::Ordering::Equal => &[Crt::Linear, Crt::Raid],
    }
}

/// 15.8 the die roll modifier: the attacker adds one leader's military
/// rating, the defender subtracts one; each side uses its best (the rule
/// lets it pick any one, and a higher rating only helps it).
pub fn leader_drm(attackers: &[u8], defenders: &[u8]) -> i32 {
    let best = |ratings: &[u8]| i32::from(ratings.iter().copied().max().unwrap_or(0));
    best(attackers) - best(defenders)
}

/// 23.27 the attacker's multiple for siege trains: doubled once when he
/// brings more siege trains than the defender has, and only against a fort
/// or fortress (ruling fiw #18).
pub fn siege_multiple(attacking_trains: u32, defending_trains: u32, fortified: bool) -> u32 {
    // ruling: fiw #18
    if fortified && attacking_trains > defending_trains {
        2
    } else {
        1
    }
}

/// What a result does to one side's units.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Loss {
    None,
    /// Units whose printed strength totals at least half the force's,
    /// rounded up, the owner choosing.
    Half,
    /// The whole force.
    All,
}

/// A result's effect on one side: losses first, then the retreat (15.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideResult {
    pub loss: Loss,
    pub retreat: bool,
}

impl SideResult {
    /// Gone or out of the square (11.5).
    pub fn leaves(self) -> bool {
        self.loss == Loss::All || self.retreat
    }

    /// Whether the result touches this side at all.
    pub fn harmed(self) -> bool {
        self.loss != Loss::None || self.retreat
    }
}

/// One cell of a Combat Results Table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CombatResult {
    /// As printed: "AE", "DD", "BB"... without the star.
    pub code: &'static str,
    pub attacker: SideResult,
    pub defender: SideResult,
    /// 17.4 "all leaders eliminated": those of every side harmed.
    pub leaders_eliminated: bool,
}

const fn side(loss: Loss, retreat: bool) -> SideResult {
    SideResult { loss, retreat }
}

const UNTOUCHED: SideResult = side(Loss::None, false);

/// The results the tables may print (11.5: each ends with one side gone
/// or retreated).
pub const CODES: [(&str, SideResult, SideResult); 7] = [
    ("AE", side(Loss::All, false), UNTOUCHED),
    ("AL", side(Loss::Half, true), UNTOUCHED),
    ("AR", side(Loss::None, true), UNTOUCHED),
    ("DR", UNTOUCHED, side(Loss::None, true)),
    ("DL", UNTOUCHED, side(Loss::Half, true)),
    ("DD", UNTOUCHED, side(Loss::All, false)),
    // 15.9 in the order given: the attacker's half, then the defender.
    ("BB", side(Loss::Half, false), side(Loss::All, false)),
];

impl CombatResult {
    fn parse(row: &Row, column: &str) -> Result<CombatResult, TableError> {
        let cell = row.str(column);
        let (code, star) = match cell.strip_suffix('*') {
            Some(code) => (code, true),
            None => (cell, false),
        };
        let Some(&(code, attacker, defender)) = CODES.iter().find(|(c, _, _)| *c == code) else {
            let codes: Vec<&str> = CODES.iter().map(|(c, _, _)| *c).collect();
            return Err(row.error(column, format!("one of {}, each optionally with *", codes.join("|"))));
        };
        Ok(CombatResult {
            code,
            attacker,
            defender,
            leaders_eliminated: star,
        })
    }

    /// 11.5 one side or the other is eliminated or retreated.
    pub fn ends_battle(&self) -> bool {
        self.attacker.leaves() || self.defender.leaves()
    }

    /// 32.1 a garrison that refused the honours of war turns a DD into BB.
    pub fn refused_honours(self) -> CombatResult {
        if self.code != "DD" {
            return self;
        }
        let &(code, attacker, defender) = CODES.iter().find(|(c, _, _)| *c == "BB").expect("BB is a code");
        CombatResult {
            code,
            attacker,
            defender,
            ..self
        }
    }
}

/// One Combat Results Table: a row per modified roll, a column per odds.
#[derive(Clone, Debug)]
pub struct ResultsTable {
    pub rows: RollRows<[CombatResult; 7]>,
}

/// 15.1 both tables.
#[derive(Clone, Debug)]
pub struct CombatTables {
    pub linear: ResultsTable,
    pub raid: ResultsTable,
}

fn read_table(dir: Option<&Path>, file: &str, embedded: &'static str) -> Result<ResultsTable, TableError> {
    let mut columns = vec!["roll"];
    columns.extend(ODDS.iter().map(|(c, _)| *c));
    let t = table::read(dir, file, embedded, &columns)?;
    let rows = RollRows::read(&t, -3..=10, |row| {
        let mut cells = Vec::with_capacity(ODDS.len());
        for (column, _) in ODDS {
            let result = CombatResult::parse(row, column)?;
            if !result.ends_battle() {
                return Err(row.error(column, "a result that leaves one side gone or retreated (11.5)"));
            }
            cells.push(result);
        }
        Ok(cells.try_into().expect("one result per odds column"))
    })?;
    Ok(ResultsTable { rows })
}

impl CombatTables {
    pub fn read(dir: Option<&Path>) -> Result<CombatTables, TableError> {
        Ok(CombatTables {
            linear: read_table(dir, FILES[0], LINEAR_TSV)?,
            raid: read_table(dir, FILES[1], RAID_TSV)?,
        })
    }

    pub fn embedded() -> CombatTables {
        CombatTables::read(None).expect("the embedded Combat Results Tables are valid (tests/combat.rs)")
    }

    pub fn table(&self, crt: Crt) -> &ResultsTable {
        match crt {
            Crt::Linear => &self.linear,
            Crt::Raid => &self.raid,
        }
    }

    /// 15.1 cross-index the modified roll with the odds column.
    pub fn result(&self, crt: Crt, odds: Odds, roll: i32) -> CombatResult {
        self.table(crt).rows.get(roll)[odds as usize]
    }
}
