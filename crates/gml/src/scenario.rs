//! 12.0 Battle Scenarios: each one's turns, regions, deployment (12.x3),
//! reinforcements (12.x4) and victory spaces (12.x5), as printed. Place and
//! turn names follow ruling gml #34 (one id each: "11 June" is June II).

use crate::forces::{Counters, Kind, Nationality, AMERICAN, BRITISH};
use crate::map::{Map, Region, Sheet, Space};
use crate::militia::Presence;
use engine::{ScenarioInfo, Seat};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scenario {
    /// 12.1 Invasion of Canada.
    Canada,
    /// 12.2 Saratoga, 1777.
    Saratoga,
    /// 12.3 Southern Campaign, 1780.
    Southern1780,
    /// 12.4 Greene's Campaign in the Carolinas.
    Greene,
}

/// Where a deployment or a reinforcement goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    At(&'static str),
    /// "Any space adjacent to Georgetown" (12.33).
    Adjacent(&'static str),
    /// "1 space north of Ticonderoga" (12.13): a neighbour further north.
    NorthOf(&'static str),
    /// "1 space south of West Point in NJ" (12.23).
    SouthOfIn(&'static str, &'static str),
    /// "Within 2 spaces of New York City" (12.23), "within 2 connected
    /// spaces" (12.43): by communication lines, the space itself included.
    Within(&'static str, u8),
    /// "Any space of the South Carolina swamp" (12.33).
    SwampOf(&'static str),
    /// "Any space of South Carolina" (12.34).
    StateOf(&'static str),
    /// "Any space of the Atlantic region" (12.24, ruling gml #34).
    RegionOf(Region),
    /// 12.14 "any space adjacent to the San Lorenzo River": a space on
    /// one of its banks (`bank` in spaces.tsv), a port or not.
    StLawrence,
}

/// What a line of a deployment names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    Leader(&'static str),
    /// `n` counters of a kind; militia and Tories of a state; an Indian
    /// unit of a tribe.
    Units {
        n: u8,
        kind: Kind,
        nationality: Nationality,
        home: Option<&'static str>,
        experienced: bool,
    },
}

impl Spec {
    /// 12.x2 a space the scenario plays in: on its map, not a box, in a
    /// region in play.
    pub fn in_play(&self, map: &Map, space: &Space) -> bool {
        space.sheet == self.sheet && !space.boxed && map.region(space).is_some_and(|r| self.regions.contains(&r))
    }
}

impl Piece {
    /// Whether a counter is one of the `Units` a line of `seat` names.
    pub fn fits(&self, seat: Seat, c: &Counters) -> bool {
        match *self {
            Piece::Leader(_) => false,
            Piece::Units {
                kind,
                nationality,
                home,
                experienced,
                ..
            } => {
                c.side == Some(seat)
                    && c.kind == kind
                    && c.nationality == Some(nationality)
                    && c.home.as_deref() == home
                    && c.experienced == experienced
            }
        }
    }
}

/// How the deployed units stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Works {
    Open,
    /// "(entrenched)", 6.4.
    Entrenched,
    /// "(in fort)", 6.6.
    InFort,
}

/// One line of a deployment or reinforcement table.
#[derive(Clone, Copy, Debug)]
pub struct Line {
    pub seat: Seat,
    pub at: Where,
    pub pieces: &'static [Piece],
    pub works: Works,
}

/// A reinforcement of 12.x4: the line arrives in its side's Reinforcement
/// Phase of the named turn (ruling gml #36).
#[derive(Clone, Copy, Debug)]
pub struct Arrival {
    pub turn: &'static str,
    pub line: Line,
}

/// Who rolls on the Militia Table for which region, and in which column:
/// the one the map gives, or one the scenario fixes (12.14 B, 12.24).
#[derive(Clone, Copy, Debug)]
pub struct MilitiaRoll {
    pub seat: Seat,
    pub region: Region,
    pub column: Option<Presence>,
}

/// How a scenario is won (12.x5).
#[derive(Clone, Copy, Debug)]
pub enum Victory {
    /// 12.15: the Americans win at the end of any turn holding every one;
    /// else the British at the end.
    AmericanHoldsAll(&'static [&'static str]),
    /// 12.25: the British win at the end of any turn holding `n` of them;
    /// else the Americans.
    BritishHolds(u8, &'static [&'static str]),
    /// 12.35: British `n` of them at the end of any turn; Americans `m`
    /// of them at the end of the game; neither, a draw.
    Either {
        british: u8,
        american: u8,
        spaces: &'static [&'static str],
    },
    /// 12.45: at the end of the last turn only, the Americans win holding
    /// any one; else the British.
    AmericanHoldsAnyAtEnd(&'static [&'static str]),
}

impl Victory {
    /// 12.x5 the conditions in a player's words, for the key spaces' fact
    /// (docs/rulings.md, 12.35: the American condition there is judged at
    /// the end of the game).
    pub fn goal(self) -> String {
        match self {
            Victory::AmericanHoldsAll(s) => format!(
                "the Americans win holding all {} at the end of any turn, else the British",
                s.len()
            ),
            Victory::BritishHolds(n, s) => format!(
                "the British win holding {n} of the {} at the end of any turn, else the Americans",
                s.len()
            ),
            Victory::Either { british, american, .. } => format!(
                "the British win holding {british} at the end of any turn, the Americans holding {american} at the end of the game, else a draw"
            ),
            Victory::AmericanHoldsAnyAtEnd(_) => {
                "the Americans win holding any of them at the end of the game, else the British".into()
            }
        }
    }

    /// The key spaces whose control decides.
    pub fn spaces(self) -> &'static [&'static str] {
        match self {
            Victory::AmericanHoldsAll(s) | Victory::BritishHolds(_, s) | Victory::AmericanHoldsAnyAtEnd(s) => s,
            Victory::Either { spaces, .. } => spaces,
        }
    }
}

pub struct Spec {
    pub scenario: Scenario,
    /// 12.x2 the one map in use.
    pub sheet: Sheet,
    pub first: &'static str,
    pub last: &'static str,
    pub regions: &'static [Region],
    pub deployment: &'static [Line],
    pub arrivals: &'static [Arrival],
    pub militia: &'static [MilitiaRoll],
    pub victory: Victory,
}

const fn leader(id: &'static str) -> Piece {
    Piece::Leader(id)
}

const fn pieces(n: u8, kind: Kind, nationality: Nationality, home: Option<&'static str>, experienced: bool) -> Piece {
    Piece::Units {
        n,
        kind,
        nationality,
        home,
        experienced,
    }
}

const fn units(n: u8, kind: Kind, nationality: Nationality) -> Piece {
    pieces(n, kind, nationality, None, false)
}

const fn veterans(n: u8, kind: Kind, nationality: Nationality) -> Piece {
    pieces(n, kind, nationality, None, true)
}

const fn continentals(n: u8) -> Piece {
    units(n, Kind::Continental, Nationality::American)
}

const fn british(n: u8) -> Piece {
    units(n, Kind::British, Nationality::British)
}

const fn hessians(n: u8) -> Piece {
    units(n, Kind::Hessian, Nationality::Hessian)
}

const fn artillery(nationality: Nationality) -> Piece {
    units(1, Kind::Artillery, nationality)
}

/// Rebel militia of a state.
const fn militia(n: u8, state: &'static str) -> Piece {
    pieces(n, Kind::Militia, Nationality::American, Some(state), false)
}

/// Tory militia of a state ("1 NY Militia" on the British side).
const fn tories(n: u8, state: &'static str) -> Piece {
    pieces(n, Kind::Tory, Nationality::Tory, Some(state), false)
}

const fn indian(tribe: &'static str) -> Piece {
    pieces(1, Kind::Indian, Nationality::Indian, Some(tribe), false)
}

const fn line(seat: Seat, at: Where, pieces: &'static [Piece], works: Works) -> Line {
    Line {
        seat,
        at,
        pieces,
        works,
    }
}

/// Who rolls for a region, in the column the map gives (`None`) or the
/// one the scenario fixes.
const fn roll(seat: Seat, region: Region, column: Option<Presence>) -> MilitiaRoll {
    MilitiaRoll { seat, region, column }
}

use Where::*;
use Works::{Entrenched, InFort, Open};

const A: Seat = AMERICAN;
const B: Seat = BRITISH;

/// 12.34, 12.44: both sides roll for the South and South-Central regions,
/// in the columns the map gives.
const SOUTHERN_MILITIA: &[MilitiaRoll] = &[
    roll(B, Region::South, None),
    roll(B, Region::SouthCentral, None),
    roll(A, Region::South, None),
    roll(A, Region::SouthCentral, None),
];

pub static SCENARIOS: [Spec; 4] = [
    Spec {
        scenario: Scenario::Canada,
        sheet: Sheet::North,
        first: "1775-sep-1",
        last: "1776-jun-2",
        regions: &[Region::MiddleAtlantic, Region::Canada, Region::NewEngland],
        deployment: &[
            line(
                A,
                At("falmouth"),
                &[leader("arnold"), militia(1, "ma"), militia(1, "ri")],
                Open,
            ),
            line(
                A,
                NorthOf("ticonderoga"),
                &[leader("montgomery"), leader("allen"), militia(1, "ma")],
                Open,
            ),
            // 12.13 "1 Continental Army unit" as printed, though 13.3's
            // same line has artillery (ruling gml #62).
            line(
                A,
                At("ticonderoga"),
                &[leader("knox"), militia(1, "ny"), continentals(1)],
                Open,
            ),
            // 12.13 "1 Canada Militia": the Militia Table's note, experienced
            // Tory militia (data/README-units.md).
            line(
                B,
                At("quebec"),
                &[
                    veterans(1, Kind::Tory, Nationality::Tory),
                    artillery(Nationality::British),
                ],
                Entrenched,
            ),
            line(B, At("montreal"), &[leader("carleton"), british(1)], Entrenched),
            line(B, At("st-johns"), &[british(1)], Entrenched),
        ],
        arrivals: &[Arrival {
            turn: "1776-may-1",
            line: line(B, At("quebec"), &[leader("clinton"), british(2)], Open),
        }],
        militia: &[
            roll(B, Region::Canada, None),
            roll(A, Region::NewEngland, Some(Presence::SomeCities)),
            roll(A, Region::MiddleAtlantic, Some(Presence::None)),
        ],
        victory: Victory::AmericanHoldsAll(&["quebec", "montreal"]),
    },
    Spec {
        scenario: Scenario::Saratoga,
        sheet: Sheet::North,
        first: "1777-may-1",
        last: "1777-nov-1",
        regions: &[Region::Canada, Region::MiddleAtlantic, Region::NewEngland],
        deployment: &[
            line(
                A,
                At("ticonderoga"),
                &[leader("schuyler"), leader("arnold"), continentals(2)],
                Open,
            ),
            line(A, At("west-point"), &[continentals(1)], InFort),
            line(A, At("fort-stanwix"), &[leader("herkimer"), militia(2, "ny")], InFort),
            line(
                A,
                Within("new-york", 2),
                &[leader("putnam"), continentals(1)],
                Entrenched,
            ),
            line(
                A,
                SouthOfIn("west-point", "nj"),
                &[
                    leader("washington"),
                    leader("sullivan"),
                    leader("wayne"),
                    leader("alexander"),
                    continentals(4),
                    artillery(Nationality::American),
                ],
                Entrenched,
            ),
            line(A, At("philadelphia"), &[militia(1, "pa")], Open),
            line(
                B,
                At("oswego"),
                &[leader("st-leger"), indian("mohawk"), british(1), hessians(1)],
                Open,
            ),
            line(
                B,
                At("st-johns"),
                &[
                    leader("burgoyne"),
                    leader("baum"),
                    british(1),
                    artillery(Nationality::British),
                    hessians(1),
                    indian("abenaki"),
                ],
                Open,
            ),
            line(
                B,
                At("new-york"),
                &[
                    leader("howe"),
                    leader("clinton"),
                    leader("cornwallis"),
                    leader("knyphausen"),
                    leader("grant"),
                    hessians(4),
                    british(8),
                    veterans(1, Kind::British, Nationality::British),
                    tories(2, "ny"),
                    artillery(Nationality::British),
                    units(2, Kind::Naval, Nationality::British),
                ],
                Open,
            ),
        ],
        arrivals: &[
            Arrival {
                turn: "1777-jul-1",
                line: line(A, RegionOf(Region::MiddleAtlantic), &[leader("morgan")], Open),
            },
            Arrival {
                turn: "1777-aug-1",
                line: line(A, RegionOf(Region::NewEngland), &[leader("lincoln")], Open),
            },
        ],
        militia: &[
            roll(B, Region::Canada, None),
            roll(B, Region::MiddleAtlantic, None),
            roll(A, Region::MiddleAtlantic, None),
            roll(A, Region::NewEngland, Some(Presence::SomeCities)),
        ],
        victory: Victory::BritishHolds(
            5,
            &[
                "philadelphia",
                "new-york",
                "west-point",
                "albany",
                "fort-stanwix",
                "ticonderoga",
            ],
        ),
    },
    Spec {
        scenario: Scenario::Southern1780,
        sheet: Sheet::South,
        first: "1780-jan",
        last: "1780-oct-2",
        regions: &[Region::South, Region::SouthCentral],
        deployment: &[
            line(A, Adjacent("georgetown"), &[militia(1, "sc")], Open),
            line(
                A,
                At("charleston"),
                &[
                    leader("lincoln"),
                    artillery(Nationality::American),
                    militia(1, "nc"),
                    militia(1, "sc"),
                    continentals(3),
                ],
                Entrenched,
            ),
            line(A, SwampOf("sc"), &[leader("marion"), militia(1, "sc")], Open),
            line(A, At("thicketty-fort"), &[militia(1, "sc")], Open),
            line(
                B,
                At("savannah"),
                &[
                    leader("clinton"),
                    leader("cornwallis"),
                    leader("tarleton"),
                    british(6),
                    hessians(1),
                    artillery(Nationality::British),
                    tories(1, "ny"),
                    tories(1, "sc"),
                    tories(1, "nc"),
                    units(2, Kind::Naval, Nationality::British),
                ],
                Open,
            ),
        ],
        arrivals: &[
            Arrival {
                turn: "1780-mar-1",
                line: line(A, At("alexandria"), &[continentals(1)], Open),
            },
            Arrival {
                turn: "1780-jun-2",
                line: line(
                    A,
                    At("hillsborough"),
                    &[leader("kalb"), continentals(1), militia(1, "md")],
                    Open,
                ),
            },
            Arrival {
                turn: "1780-jul-1",
                line: line(A, At("hillsborough"), &[leader("gates")], Open),
            },
            Arrival {
                turn: "1780-aug-1",
                line: line(A, StateOf("sc"), &[leader("sumter")], Open),
            },
        ],
        militia: SOUTHERN_MILITIA,
        victory: Victory::Either {
            british: 6,
            american: 3,
            spaces: &[
                "charleston",
                "savannah",
                "augusta",
                "ninety-six",
                "camden",
                "charlotte",
                "hillsborough",
                "wilmington",
            ],
        },
    },
    Spec {
        scenario: Scenario::Greene,
        sheet: Sheet::South,
        first: "1780-dec",
        last: "1781-apr-2",
        regions: &[Region::South, Region::SouthCentral],
        deployment: &[
            line(A, Within("charlotte", 1), &[leader("greene"), continentals(2)], Open),
            line(A, SwampOf("sc"), &[leader("marion"), militia(1, "sc")], Open),
            line(
                A,
                At("thicketty-fort"),
                &[leader("morgan"), continentals(1), militia(1, "nc")],
                Open,
            ),
            line(A, Within("ninety-six", 2), &[militia(1, "sc")], Open),
            line(A, Within("hillsborough", 2), &[militia(2, "nc")], Open),
            line(
                B,
                Within("camden", 1),
                &[leader("cornwallis"), british(4), hessians(1), tories(1, "sc")],
                Open,
            ),
            line(
                B,
                At("camden"),
                &[leader("tarleton"), british(2), artillery(Nationality::British)],
                Open,
            ),
            line(B, At("wilmington"), &[tories(1, "nc")], Entrenched),
            line(B, At("georgetown"), &[tories(1, "sc")], Entrenched),
            line(B, At("ninety-six"), &[british(1), tories(1, "ga")], Entrenched),
            line(B, At("augusta"), &[british(1)], Entrenched),
            line(B, At("charleston"), &[british(1)], Entrenched),
            line(B, At("savannah"), &[tories(1, "ga")], Entrenched),
        ],
        arrivals: &[],
        militia: SOUTHERN_MILITIA,
        victory: Victory::AmericanHoldsAnyAtEnd(&["camden", "savannah", "augusta", "charleston", "ninety-six"]),
    },
];

/// The scenarios as the title lists them, in the order of [`SCENARIOS`].
pub const INFOS: [ScenarioInfo; 4] = [
    ScenarioInfo {
        key: "canada",
        name: "Invasion of Canada, 1775-76 (17 turns)",
        rule: "12.1",
        solo: None,
    },
    ScenarioInfo {
        key: "saratoga",
        name: "Saratoga, 1777 (13 turns)",
        rule: "12.2",
        solo: None,
    },
    ScenarioInfo {
        key: "southern-1780",
        name: "Southern Campaign, 1780 (18 turns)",
        rule: "12.3",
        solo: None,
    },
    ScenarioInfo {
        key: "greene",
        name: "Greene's Campaign in the Carolinas, 1780-81 (7 turns)",
        rule: "12.4",
        solo: None,
    },
];

impl Scenario {
    pub fn spec(self) -> &'static Spec {
        &SCENARIOS[self as usize]
    }

    pub fn info(self) -> &'static ScenarioInfo {
        &INFOS[self as usize]
    }

    pub fn from_key(key: &str) -> Option<Scenario> {
        INFOS.iter().position(|i| i.key == key).map(|i| SCENARIOS[i].scenario)
    }
}
