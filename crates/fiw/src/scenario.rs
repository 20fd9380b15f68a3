//! 35.0 Scenarios: each one's length, starting Balance of Power, colony
//! status, treasuries, supply points, markers and set-up lines, as
//! printed. So far 35.3 On to Quebec (issue 21); 35.1 and 35.2 come with
//! the optional rules.

use crate::forces::{Face, Lightness, Nation, Size, UnitType, BRITISH, FRENCH};
use crate::map::Colony;
use engine::{ScenarioInfo, Seat};
use serde::{Deserialize, Serialize};
use UnitType::*;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scenario {
    /// 35.3 On to Quebec, 1759-60.
    OnToQuebec,
}

pub static INFOS: [ScenarioInfo; 1] = [ScenarioInfo {
    key: "on-to-quebec",
    name: "On to Quebec (1759-60)",
    rule: "35.3",
    solo: None,
}];

/// Units a set-up line asks for: a counter of the mix must show a face
/// that fits (35.x lines name side, nationality, regular or provincial,
/// colony, type and size).
#[derive(Clone, Copy, Debug)]
pub struct Need {
    pub side: Seat,
    pub nation: Nation,
    /// `None`: regular or provincial.
    pub regular: Option<bool>,
    pub home: Option<&'static str>,
    pub types: &'static [UnitType],
    pub size: Size,
    /// `None`: either face ("either type").
    pub light: Option<bool>,
    pub n: u8,
}

impl Need {
    pub fn fits(&self, f: &Face) -> bool {
        f.side == self.side
            && f.nation == self.nation
            && self.regular.is_none_or(|r| r == f.regular)
            && self.home.is_none_or(|h| f.home.as_deref() == Some(h))
            && self.types.contains(&f.kind)
            && f.size == self.size
            && self.light.is_none_or(|l| (f.light == Lightness::Light) == l)
    }
}

fn nation(side: Seat) -> Nation {
    if side == BRITISH {
        Nation::British
    } else {
        Nation::French
    }
}

/// European regulars (2.4) of a side.
pub fn regular(side: Seat, types: &'static [UnitType], size: Size, n: u8) -> Need {
    Need {
        side,
        nation: nation(side),
        regular: Some(true),
        home: None,
        types,
        size,
        light: Some(types == [Light]),
        n,
    }
}

/// Provincial units of a colony (2.11); `[Line, Light]` is "either type".
pub fn provincial(side: Seat, home: &'static str, types: &'static [UnitType], size: Size, n: u8) -> Need {
    let light = match types {
        [Line] | [Dragoons] | [Engineers] => Some(false),
        [Light] | [Militia] | [Rangers] => Some(true),
        _ => None,
    };
    Need {
        side,
        nation: nation(side),
        regular: Some(false),
        home: Some(home),
        types,
        size,
        light,
        n,
    }
}

pub fn militia(side: Seat, home: &'static str, n: u8) -> Need {
    provincial(side, home, &[Militia], Size::Regiment, n)
}

fn spanish(need: Need) -> Need {
    Need {
        nation: Nation::Spanish,
        ..need
    }
}

/// Where a set-up line puts its pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    /// A place of `places.tsv` by id.
    At(&'static str),
    /// One of these places, the owner's choice.
    OneOf(&'static [&'static str]),
    /// Any land square of a colony ("Massachusetts: ...").
    In(Colony),
    /// "Any French cities, towns, forts in New France": the colony's
    /// places of these kinds that the side holds.
    Posts {
        colony: Colony,
        cities: bool,
        towns: bool,
        forts: bool,
    },
    /// "Any Indian village in New France"; "any Indian villages in French
    /// territory" (New France and Louisiana).
    Villages(&'static [Colony]),
    /// "Any French occupied squares" (ruling fiw #26: a non-Indian combat
    /// unit's; placed after the side's other lines, `setup.rs`
    /// `placing_order`, so that any square its set-up occupies is open).
    Occupied,
}

/// What a set-up line places.
#[derive(Clone, Copy, Debug)]
pub enum What {
    Units(Need),
    Leader(&'static str),
    /// 25.1 Indian units drawn at random and set on `side`'s face.
    Indians {
        side: Seat,
        n: u8,
    },
}

#[derive(Clone, Copy, Debug)]
pub struct Line {
    pub seat: Seat,
    pub at: Where,
    pub what: What,
}

/// The markers a scenario places (x.7).
#[derive(Clone, Copy, Debug)]
pub enum Mark {
    Magazine(Seat, &'static str),
    Fort(Seat, &'static str),
    /// 31.0 only with the optional rule (ruling fiw #46).
    Massacre(&'static str),
    /// 35.3 3.7 "Destroyed in Fort Frontenac": its printed fort is gone
    /// and no unit sets up there (ruling fiw #34).
    Destroyed(&'static str),
}

/// A scenario as printed.
pub struct Spec {
    /// 1.0 the years played.
    pub years: std::ops::RangeInclusive<u16>,
    /// 2.0
    pub balance: i8,
    /// The side that sets up first.
    pub first: Seat,
    /// x.1 the colonies active at the start (all others passive; Florida
    /// neutral, 5.3).
    pub active: &'static [Colony],
    /// x.2 treasuries and x.6 supply points, per seat.
    pub treasury: [u16; 2],
    pub supply: [u16; 2],
    pub lines: &'static [Line],
    pub marks: &'static [Mark],
    /// Leaders who start as the enemy's prisoners (35.3 3.8).
    pub prisoners: &'static [&'static str],
    /// Leaders permanently eliminated (35.3 4.8).
    pub dead: &'static [&'static str],
    /// The first side's places "listed as captured" (35.3 3.0): it must
    /// not set up there, and need not hold them. Most the enemy holds;
    /// Fort Frontenac, destroyed, nobody holds.
    pub captured: &'static [&'static str],
    /// 7.2 the Seven Years War event is in effect.
    pub war: bool,
    /// 7.1 the phases skipped on the first turn: random events and
    /// negotiations, and in 35.3 income/expenditure too.
    pub first_turn_income: bool,
}

const fn at(seat: Seat, place: &'static str, what: What) -> Line {
    Line {
        seat,
        at: Where::At(place),
        what,
    }
}

const fn line(seat: Seat, at: Where, what: What) -> Line {
    Line { seat, at, what }
}

const fn within(seat: Seat, colony: Colony, what: What) -> Line {
    line(seat, Where::In(colony), what)
}

/// 35.x "every city, town (and fort) of a colony".
const fn posts(colony: Colony, cities: bool, towns: bool, forts: bool) -> Where {
    Where::Posts {
        colony,
        cities,
        towns,
        forts,
    }
}

const fn leader(name: &'static str) -> What {
    What::Leader(name)
}

const NEW_FRANCE_POSTS: Where = posts(Colony::NewFrance, true, true, true);
const LOUISIANA_POSTS: Where = posts(Colony::Louisiana, true, true, true);

/// The set-up lines can't be `const` (they call `regular`...), so each
/// scenario's lines are built once.
pub fn spec(s: Scenario) -> &'static Spec {
    static ON_TO_QUEBEC: std::sync::OnceLock<Spec> = std::sync::OnceLock::new();
    match s {
        Scenario::OnToQuebec => ON_TO_QUEBEC.get_or_init(on_to_quebec),
    }
}

/// 35.3 Scenario 3: On to Quebec.
fn on_to_quebec() -> Spec {
    use Size::*;
    use What::Units;
    let (b, f) = (BRITISH, FRENCH);
    let either: &'static [UnitType] = &[Line, Light];
    let lines = vec![
        // 3.3 French European units.
        at(f, "quebec", leader("de-vaudreuil")),
        at(f, "quebec", leader("montcalm")),
        at(f, "quebec", Units(regular(f, &[Line], Regiment, 6))),
        at(f, "quebec", Units(regular(f, &[Light], Regiment, 1))),
        at(f, "quebec", Units(regular(f, &[SiegeTrain], Regiment, 1))),
        at(f, "montreal", leader("de-levis")),
        at(f, "montreal", Units(regular(f, &[Line], Regiment, 1))),
        at(f, "fort-niagara", Units(regular(f, &[Line], Regiment, 1))),
        at(f, "ticonderoga", leader("de-bourlamaque")),
        at(f, "ticonderoga", Units(regular(f, &[Line], Regiment, 2))),
        at(f, "ticonderoga", Units(regular(f, &[Light], Regiment, 1))),
        at(f, "ticonderoga", Units(regular(f, &[SiegeTrain], Regiment, 1))),
        at(f, "ticonderoga", Units(regular(f, &[Engineers], Detachment, 1))),
        line(
            f,
            Where::OneOf(&["fort-niagara", "fort-detroit", "fort-vincennes"]),
            Units(regular(f, &[Light], Regiment, 1)),
        ),
        line(f, Where::Villages(&[Colony::NewFrance]), leader("picquet")),
        at(f, "new-orleans", leader("de-kerlerec")),
        at(f, "new-orleans", Units(regular(f, &[Line], Regiment, 1))),
        at(f, "new-orleans", Units(regular(f, &[SiegeTrain], Regiment, 1))),
        line(f, NEW_FRANCE_POSTS, Units(regular(f, &[Line], Regiment, 2))),
        line(f, NEW_FRANCE_POSTS, Units(regular(f, &[Line], Detachment, 3))),
        line(f, NEW_FRANCE_POSTS, Units(regular(f, &[Light], Detachment, 6))),
        line(f, LOUISIANA_POSTS, Units(regular(f, &[Light], Regiment, 1))),
        line(f, LOUISIANA_POSTS, Units(regular(f, &[Line], Detachment, 3))),
        line(f, LOUISIANA_POSTS, Units(regular(f, &[Light], Detachment, 6))),
        line(f, Where::Occupied, leader("bougainville")),
        line(f, Where::Occupied, leader("de-villiers")),
        // 3.4 French provincial units.
        at(f, "quebec", Units(militia(f, "new-france", 1))),
        at(f, "trois-rivieres", Units(militia(f, "new-france", 1))),
        at(f, "montreal", Units(militia(f, "new-france", 1))),
        at(f, "st-jeans", Units(militia(f, "new-france", 1))),
        at(f, "new-orleans", Units(militia(f, "louisiana", 1))),
        at(f, "mobile", Units(militia(f, "louisiana", 1))),
        at(
            f,
            "ticonderoga",
            Units(provincial(f, "new-france", &[Light], Regiment, 1)),
        ),
        line(
            f,
            posts(Colony::NewFrance, true, true, false),
            Units(provincial(f, "new-france", &[Dragoons], Regiment, 1)),
        ),
        line(
            f,
            posts(Colony::NewFrance, true, true, false),
            Units(provincial(f, "new-france", &[Line], Regiment, 1)),
        ),
        line(f, TOWNS_FORTS_NF, leader("langlade")),
        line(f, TOWNS_FORTS_NF, leader("marin")),
        line(f, TOWNS_FORTS_NF, Units(militia(f, "new-france", 1))),
        line(
            f,
            TOWNS_FORTS_NF,
            Units(provincial(f, "new-france", &[Militia], Detachment, 1)),
        ),
        line(
            f,
            TOWNS_FORTS_LA,
            Units(provincial(f, "louisiana", &[Light], Regiment, 1)),
        ),
        line(f, TOWNS_FORTS_LA, Units(militia(f, "louisiana", 1))),
        line(
            f,
            TOWNS_FORTS_LA,
            Units(provincial(f, "louisiana", &[Militia], Detachment, 3)),
        ),
        // 3.5 French controlled Indians.
        at(f, "ticonderoga", What::Indians { side: f, n: 1 }),
        line(
            f,
            Where::Villages(&[Colony::NewFrance, Colony::Louisiana]),
            What::Indians { side: f, n: 2 },
        ),
        // 5.0 Spanish, set up by the French.
        at(f, "st-augustine", Units(spanish(regular(f, &[Line], Regiment, 1)))),
        at(
            f,
            "st-augustine",
            Units(Need {
                regular: None,
                ..spanish(provincial(f, "florida", &[Light], Regiment, 1))
            }),
        ),
        at(f, "st-augustine", Units(spanish(militia(f, "florida", 1)))),
        at(f, "san-marcos", Units(spanish(militia(f, "florida", 1)))),
        at(f, "pensacola", Units(spanish(regular(f, &[Line], Regiment, 1)))),
        at(f, "pensacola", Units(spanish(militia(f, "florida", 1)))),
        // 4.3 British European units.
        at(b, "louisbourg", leader("wolfe")),
        at(b, "louisbourg", leader("monckton")),
        at(b, "louisbourg", Units(regular(b, &[Grenadiers], Regiment, 1))),
        at(b, "louisbourg", Units(regular(b, &[Line], Regiment, 8))),
        at(b, "louisbourg", Units(regular(b, &[Light], Regiment, 2))),
        at(b, "louisbourg", Units(regular(b, &[SiegeTrain], Regiment, 2))),
        at(b, "louisbourg", Units(regular(b, &[Engineers], Detachment, 1))),
        at(b, "louisbourg", Units(regular(b, &[Fleet], Squadron, 2))),
        at(b, "halifax", Units(regular(b, &[Line], Regiment, 1))),
        at(b, "fort-william-henry", leader("amherst")),
        at(b, "fort-william-henry", Units(regular(b, &[Line], Regiment, 4))),
        at(b, "fort-william-henry", Units(regular(b, &[Light], Regiment, 1))),
        at(b, "fort-william-henry", Units(regular(b, &[SiegeTrain], Regiment, 1))),
        at(b, "fort-schuyler", leader("british-brigadier")),
        at(b, "fort-schuyler", Units(regular(b, &[Line], Regiment, 2))),
        at(b, "fort-schuyler", Units(regular(b, &[Light], Regiment, 1))),
        at(b, "fort-schuyler", Units(regular(b, &[SiegeTrain], Regiment, 1))),
        at(b, "carlisle", leader("bouquet")),
        at(b, "carlisle", Units(regular(b, &[Light], Regiment, 1))),
        at(b, "fort-duquesne", Units(regular(b, &[Light], Regiment, 1))),
        line(
            b,
            Where::OneOf(&["new-york", "halifax"]),
            Units(regular(b, &[Fleet], Squadron, 1)),
        ),
        within(b, Colony::Massachusetts, Units(regular(b, &[Line], Detachment, 1))),
        within(b, Colony::Virginia, Units(regular(b, &[Line], Detachment, 1))),
        within(b, Colony::SouthCarolina, Units(regular(b, &[Line], Detachment, 1))),
        within(b, Colony::HudsonsBay, Units(regular(b, &[Line], Detachment, 1))),
        within(b, Colony::Newfoundland, Units(regular(b, &[Line], Detachment, 1))),
        // 4.4 British provincial units (4.0: provincial infantry on either face).
        at(
            b,
            "louisbourg",
            Units(provincial(b, "massachusetts", &[Rangers], Regiment, 1)),
        ),
        at(
            b,
            "louisbourg",
            Units(provincial(b, "massachusetts", &[Engineers], Detachment, 1)),
        ),
        at(
            b,
            "fort-gaspereau",
            Units(provincial(b, "massachusetts", either, Regiment, 1)),
        ),
        at(b, "fort-william-henry", leader("rogers")),
        at(
            b,
            "fort-william-henry",
            Units(provincial(b, "connecticut", either, Regiment, 2)),
        ),
        at(
            b,
            "fort-william-henry",
            Units(provincial(b, "new-york", either, Regiment, 1)),
        ),
        at(
            b,
            "fort-william-henry",
            Units(provincial(b, "massachusetts", either, Regiment, 1)),
        ),
        at(
            b,
            "fort-william-henry",
            Units(provincial(b, "new-hampshire", &[Rangers], Regiment, 1)),
        ),
        at(
            b,
            "fort-schuyler",
            Units(provincial(b, "new-york", either, Regiment, 2)),
        ),
        at(b, "carlisle", Units(provincial(b, "pennsylvania", either, Regiment, 1))),
        within(
            b,
            Colony::HudsonsBay,
            Units(provincial(b, "hudsons-bay", &[Militia], Detachment, 1)),
        ),
        at(b, "halifax", Units(militia(b, "nova-scotia", 1))),
        within(b, Colony::Massachusetts, leader("shirley")),
        line(
            b,
            Where::In(Colony::Massachusetts),
            Units(provincial(b, "massachusetts", either, Regiment, 1)),
        ),
        within(b, Colony::Massachusetts, Units(militia(b, "massachusetts", 3))),
        within(b, Colony::RhodeIsland, Units(militia(b, "rhode-island", 1))),
        line(
            b,
            Where::In(Colony::Connecticut),
            Units(provincial(b, "connecticut", either, Regiment, 1)),
        ),
        within(b, Colony::Connecticut, Units(militia(b, "connecticut", 2))),
        line(
            b,
            Where::In(Colony::NewHampshire),
            Units(militia(b, "new-hampshire", 1)),
        ),
        within(b, Colony::NewYork, leader("johnson")),
        line(
            b,
            Where::In(Colony::NewYork),
            Units(provincial(b, "new-york", either, Regiment, 1)),
        ),
        within(b, Colony::NewYork, Units(militia(b, "new-york", 2))),
        within(b, Colony::Pennsylvania, Units(militia(b, "pennsylvania", 1))),
        within(b, Colony::Maryland, Units(militia(b, "maryland", 1))),
        within(b, Colony::NewJersey, Units(militia(b, "new-jersey", 1))),
        within(b, Colony::Delaware, Units(militia(b, "delaware", 1))),
        within(b, Colony::Virginia, leader("washington")),
        within(b, Colony::Virginia, leader("dinwiddie")),
        line(
            b,
            Where::In(Colony::Virginia),
            Units(provincial(b, "virginia", either, Regiment, 1)),
        ),
        within(b, Colony::Virginia, Units(militia(b, "virginia", 1))),
        line(
            b,
            Where::In(Colony::NorthCarolina),
            Units(militia(b, "north-carolina", 1)),
        ),
        within(b, Colony::SouthCarolina, Units(militia(b, "south-carolina", 1))),
        within(b, Colony::Georgia, Units(militia(b, "georgia", 1))),
        // 4.5 British controlled Indians.
        at(b, "fort-schuyler", What::Indians { side: b, n: 1 }),
    ];
    Spec {
        years: 1759..=1760,
        balance: 3,
        first: FRENCH,
        active: &[
            Colony::NewFrance,
            Colony::Louisiana,
            Colony::Massachusetts,
            Colony::NewHampshire,
            Colony::RhodeIsland,
            Colony::Connecticut,
            Colony::NewYork,
            Colony::NewJersey,
            Colony::Pennsylvania,
            Colony::HudsonsBay,
            Colony::NovaScotia,
            Colony::Newfoundland,
        ],
        treasury: [10, 5],
        supply: [10, 5],
        lines: Vec::leak(lines),
        marks: &[
            Mark::Magazine(FRENCH, "quebec"),
            Mark::Magazine(FRENCH, "montreal"),
            Mark::Magazine(FRENCH, "new-orleans"),
            Mark::Magazine(FRENCH, "ticonderoga"),
            Mark::Massacre("oswego"),
            Mark::Destroyed("fort-frontenac"),
            Mark::Magazine(FRENCH, "st-augustine"),
            Mark::Magazine(BRITISH, "halifax"),
            Mark::Magazine(BRITISH, "new-york"),
            Mark::Magazine(BRITISH, "fort-william-henry"),
            Mark::Magazine(BRITISH, "carlisle"),
            Mark::Massacre("fort-gaspereau"),
            Mark::Fort(BRITISH, "carlisle"),
        ],
        prisoners: &["drucour"],
        dead: &["braddock", "monro"],
        captured: &["louisbourg", "fort-gaspereau", "fort-duquesne", "fort-frontenac"],
        war: true,
        first_turn_income: false,
    }
}

const TOWNS_FORTS_NF: Where = posts(Colony::NewFrance, false, true, true);
const TOWNS_FORTS_LA: Where = posts(Colony::Louisiana, false, true, true);
