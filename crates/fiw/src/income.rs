//! 9.0 Income & Pounds: the Home Government Income Table
//! (`data/home-government.tsv`, 9.1, 28.2) and the Expenditure Table
//! (`data/expenditure.tsv`, 9.2, 10.6, 18.1, 22.1, 31.4, 17.5), both
//! reconstructed but for the supply points' prices (18.1).

use crate::dice::RollRows;
use crate::forces::{UnitType, TYPES};
use engine::table::{self, TableError};
use std::path::Path;

const HOME_TSV: &str = include_str!("../data/home-government.tsv");
const EXPENDITURE_TSV: &str = include_str!("../data/expenditure.tsv");
/// The files `--data` may replace.
pub const FILES: [&str; 2] = ["home-government.tsv", "expenditure.tsv"];

/// Who rolls on the Home Government table: Spain's income is rolled by the
/// French player once Spain is at war (28.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Power {
    British,
    French,
    Spanish,
}

const HOME_COLUMNS: [&str; 5] = ["british", "british-war", "french", "french-war", "spanish"];

/// 9.1 the Home Government Income Table.
#[derive(Clone, Debug)]
pub struct HomeGovernment {
    /// Pounds per roll, in [`HOME_COLUMNS`] order.
    pub rows: RollRows<[u8; 5]>,
}

impl HomeGovernment {
    pub fn read(dir: Option<&Path>) -> Result<HomeGovernment, TableError> {
        let mut columns = vec!["roll"];
        columns.extend(HOME_COLUMNS);
        let t = table::read(dir, FILES[0], HOME_TSV, &columns)?;
        let rows = RollRows::read(&t, -3..=10, |row| {
            let mut pounds = [0; 5];
            for (p, c) in pounds.iter_mut().zip(HOME_COLUMNS) {
                *p = row.range(c, 0..=99)?;
            }
            Ok(pounds)
        })?;
        Ok(HomeGovernment { rows })
    }

    /// 9.1 the pounds for a modified roll; `war`: the Seven Years War has
    /// broken out (Spain is only ever at war).
    pub fn income(&self, power: Power, war: bool, roll: i32) -> u8 {
        let column = match (power, war) {
            (Power::British, false) => 0,
            (Power::British, true) => 1,
            (Power::French, false) => 2,
            (Power::French, true) => 3,
            (Power::Spanish, _) => 4,
        };
        self.rows.get(roll)[column]
    }
}

/// Regular (European, 2.4) or provincial (raised in a colony, 2.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    Regular,
    Provincial,
}

/// 10.7 where a purchase is placed (the file's header explains each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    HomeBase,
    OwnCityTown,
    Pool,
    FriendlySquare,
    EngineerSquare,
    MassacreSquare,
    Leader,
}

/// What can be bought.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Item {
    Unit(UnitType),
    /// 18.1 the first 10 of a turn, and the 11th and later.
    SupplyPoint,
    SupplyPointExtra,
    Fort,
    Fortress,
    Magazine,
    Trail,
    /// 31.4 removing a Massacre marker.
    Massacre,
    LeaderNamed,
    LeaderBrigadier,
    LeaderChief,
}

const OTHER_ITEMS: [(&str, Item); 10] = [
    ("supply-point", Item::SupplyPoint),
    ("supply-point-extra", Item::SupplyPointExtra),
    ("fort", Item::Fort),
    ("fortress", Item::Fortress),
    ("magazine", Item::Magazine),
    ("trail", Item::Trail),
    ("massacre", Item::Massacre),
    ("leader-named", Item::LeaderNamed),
    ("leader-brigadier", Item::LeaderBrigadier),
    ("leader-chief", Item::LeaderChief),
];

/// One line of the Expenditure Table.
#[derive(Clone, Debug)]
pub struct Cost {
    pub item: Item,
    /// For units: regular or provincial; `None`: any.
    pub origin: Option<Origin>,
    pub pounds: u8,
    pub supply: u8,
    pub placement: Placement,
    pub reason: String,
}

/// The items every table must price: what the rules buy.
const NEEDED: [Item; 10] = [
    Item::SupplyPoint,
    Item::SupplyPointExtra,
    Item::Fort,
    Item::Fortress,
    Item::Magazine,
    Item::Trail,
    Item::Massacre,
    Item::LeaderNamed,
    Item::LeaderBrigadier,
    Item::LeaderChief,
];

/// 9.2 the Expenditure Table.
#[derive(Clone, Debug)]
pub struct Expenditure {
    /// In the chart's order, leaders at the bottom.
    pub lines: Vec<Cost>,
}

fn is_leader(item: Item) -> bool {
    matches!(item, Item::LeaderNamed | Item::LeaderBrigadier | Item::LeaderChief)
}

impl Expenditure {
    pub fn read(dir: Option<&Path>) -> Result<Expenditure, TableError> {
        let columns = ["item", "origin", "pounds", "supply", "placement"];
        let t = table::read(dir, FILES[1], EXPENDITURE_TSV, &columns)?;
        let placements = [
            ("home-base", Placement::HomeBase),
            ("own-city-town", Placement::OwnCityTown),
            ("pool", Placement::Pool),
            ("friendly-square", Placement::FriendlySquare),
            ("engineer-square", Placement::EngineerSquare),
            ("massacre-square", Placement::MassacreSquare),
            ("leader", Placement::Leader),
        ];
        // ruling: fiw #24 (units by the regiment), #21 (the West Indies
        // base), #34 (marker squares), #37 (leaders from the Leader box)
        let origins = [
            ("", None),
            ("regular", Some(Origin::Regular)),
            ("provincial", Some(Origin::Provincial)),
        ];
        let mut lines: Vec<Cost> = Vec::new();
        for row in t.rows() {
            let word = row.str("item");
            let item = match (TYPES.iter().find(|(w, _)| *w == word), OTHER_ITEMS.iter().find(|(w, _)| *w == word)) {
                (Some(&(_, t)), _) => Item::Unit(t),
                (_, Some(&(_, i))) => i,
                _ => return Err(row.error("item", "a unit type of counters.tsv, supply-point(-extra), a marker, massacre or leader-named|-brigadier|-chief")),
            };
            let origin = row.one_of("origin", &origins)?;
            if origin.is_some() != matches!(item, Item::Unit(_)) && !matches!(item, Item::Unit(UnitType::Riverine)) {
                return Err(row.error("origin", "regular or provincial for a unit, empty otherwise"));
            }
            if lines.iter().any(|l| l.item == item && l.origin == origin) {
                return Err(row.line_error("each item and origin once", word));
            }
            if lines.last().is_some_and(|l| is_leader(l.item)) && !is_leader(item) {
                return Err(row.error("item", "leaders at the bottom of the chart (errata)"));
            }
            lines.push(Cost {
                item,
                origin,
                pounds: row.range("pounds", 0..=50)?,
                supply: row.range("supply", 0..=20)?,
                placement: row.one_of("placement", &placements)?,
                reason: row.reason().to_string(),
            });
        }
        for item in NEEDED {
            if !lines.iter().any(|l| l.item == item) {
                let word = OTHER_ITEMS.iter().find(|(_, i)| *i == item).map_or("", |(w, _)| w);
                return Err(t.error(format!("a line '{word}' (9.2)"), "none"));
            }
        }
        Ok(Expenditure { lines })
    }

    /// The line pricing `item`: a unit's of its origin, or one for any.
    pub fn cost(&self, item: Item, origin: Option<Origin>) -> Option<&Cost> {
        let exact = self.lines.iter().find(|l| l.item == item && l.origin == origin);
        exact.or_else(|| self.lines.iter().find(|l| l.item == item && l.origin.is_none()))
    }

    /// 18.1 the pounds for `n` more supply points when `bought` were
    /// bought already this turn: two each for the first 10, then three.
    pub fn supply_points(&self, bought: u32, n: u32) -> u32 {
        let price = |item| {
            u32::from(
                self.cost(item, None)
                    .expect("supply points are priced (checked when read)")
                    .pounds,
            )
        };
        let cheap = n.min(10u32.saturating_sub(bought));
        cheap * price(Item::SupplyPoint) + (n - cheap) * price(Item::SupplyPointExtra)
    }
}
