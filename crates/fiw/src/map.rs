//! 2.1 The map: a square grid over eastern North America, its colonies
//! (2.11, 5.x), terrain (2.12), places, roads, rivers and trails (13.5),
//! coasts, lakes and sea squares (13.7, 20-21). The printed map is not in
//! the rulebook: `data/squares.tsv`, `places.tsv` and `links.tsv`
//! reconstruct it from real geography, every row saying why
//! (`data/README-map.md`), and `--data` may replace them with a printed
//! game's values.
//!
//! The grid is fixed here, not in the data: squares of [`SIDE_KM`] laid in
//! the projection every map shares ([`engine::drawing::lambert`]), turned
//! [`ROTATION_DEG`] so that the Atlantic coast runs up the map. A square
//! is named by its column (west to east) and row (north to south), four
//! digits `CCRR`, as a player reads them off the map's edges.

use engine::drawing::lambert;
use engine::table::{self, Row, Table, TableError};
use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::path::Path;

/// 2.5 "Each square is about 150 kilometers across."
pub const SIDE_KM: f64 = 150.0;
/// Columns, numbered 01 (west) to 22 (the east edge, all sea: 21.11).
pub const COLUMNS: u8 = 22;
/// Rows, numbered 01 (James Bay) to 23 (the Florida Keys and the Straits).
pub const ROWS: u8 = 23;
/// The grid's up is turned this far clockwise from north at 75°W, so that
/// the coast from Georgia to Maine runs up the map and New York City,
/// Perth Amboy, Philadelphia and Newcastle fall in four squares (map
/// errata; README-map.md "The grid").
pub const ROTATION_DEG: f64 = 12.0;
/// Grid coordinates (km, `u` along the rows, `v` down the columns) of the
/// north-west corner of square 0101.
const U0: f64 = -1625.0;
const V0: f64 = -1700.0;

/// A square of the grid: column 1-22 west to east, row 1-23 north to
/// south. Displayed and parsed as four digits, `CCRR` ("1211").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sq {
    pub col: u8,
    pub row: u8,
}

/// How two squares touch (13.2): across a side, or only at a vertex.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Touch {
    Side,
    Vertex,
}

impl Sq {
    /// The square at this column and row, if it is on the map.
    pub fn new(col: u8, row: u8) -> Option<Sq> {
        ((1..=COLUMNS).contains(&col) && (1..=ROWS).contains(&row)).then_some(Sq { col, row })
    }

    /// Reads a `CCRR` id.
    pub fn parse(id: &str) -> Option<Sq> {
        if id.len() != 4 || !id.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        Sq::new(id[..2].parse().ok()?, id[2..].parse().ok()?)
    }

    /// Squares between two, a diagonal step counting one (a king's moves).
    pub fn king_moves(self, to: Sq) -> u8 {
        self.col.abs_diff(to.col).max(self.row.abs_diff(to.row))
    }

    /// Its place in row-major order (0101, 0201, ... 2223).
    pub fn index(self) -> usize {
        (self.row as usize - 1) * COLUMNS as usize + self.col as usize - 1
    }

    pub fn from_index(i: usize) -> Sq {
        Sq {
            col: (i % COLUMNS as usize) as u8 + 1,
            row: (i / COLUMNS as usize) as u8 + 1,
        }
    }

    /// Every square of the map, row by row.
    pub fn all() -> impl Iterator<Item = Sq> {
        (0..COLUMNS as usize * ROWS as usize).map(Sq::from_index)
    }

    /// The centre in the projection's km (east and south of 39°N 75°W, as
    /// [`lambert`] gives them).
    pub fn centre_km(self) -> (f64, f64) {
        let u = U0 + (self.col as f64 - 0.5) * SIDE_KM;
        let v = V0 + (self.row as f64 - 0.5) * SIDE_KM;
        from_grid(u, v)
    }

    /// The square holding this point of the projection, if on the map.
    pub fn at_km(x: f64, y: f64) -> Option<Sq> {
        let (u, v) = to_grid(x, y);
        let col = ((u - U0) / SIDE_KM).floor() + 1.0;
        let row = ((v - V0) / SIDE_KM).floor() + 1.0;
        if (1.0..=COLUMNS as f64).contains(&col) && (1.0..=ROWS as f64).contains(&row) {
            Sq::new(col as u8, row as u8)
        } else {
            None
        }
    }

    /// The square holding this place of the earth, if on the map.
    pub fn of(lat: f64, lon: f64) -> Option<Sq> {
        let (x, y) = lambert(lat, lon);
        Sq::at_km(x, y)
    }

    /// The squares across its sides (13.1).
    pub fn orthogonal(self) -> impl Iterator<Item = Sq> {
        self.around(&[(0, -1), (1, 0), (0, 1), (-1, 0)])
    }

    /// The squares across its vertices (13.2: light units only).
    pub fn diagonal(self) -> impl Iterator<Item = Sq> {
        self.around(&[(1, -1), (1, 1), (-1, 1), (-1, -1)])
    }

    fn around(self, steps: &'static [(i8, i8)]) -> impl Iterator<Item = Sq> {
        steps.iter().filter_map(move |&(dc, dr)| {
            Sq::new(
                (self.col as i8 + dc).try_into().ok()?,
                (self.row as i8 + dr).try_into().ok()?,
            )
        })
    }

    /// Which of the eight squares around this one `other` is (0-8, 4 for
    /// the square itself), for tables kept per square and direction;
    /// `None` when they do not touch.
    fn towards(self, other: Sq) -> Option<usize> {
        let dc = other.col as i8 - self.col as i8;
        let dr = other.row as i8 - self.row as i8;
        ((-1..=1).contains(&dc) && (-1..=1).contains(&dr) && (dc, dr) != (0, 0))
            .then(|| ((dc + 1) * 3 + dr + 1) as usize)
    }

    /// Whether and how `other` touches this square.
    pub fn touch(self, other: Sq) -> Option<Touch> {
        let dc = (self.col as i8 - other.col as i8).abs();
        let dr = (self.row as i8 - other.row as i8).abs();
        match (dc, dr) {
            (1, 0) | (0, 1) => Some(Touch::Side),
            (1, 1) => Some(Touch::Vertex),
            _ => None,
        }
    }

    /// 21.11: the east map edge.
    pub fn on_east_edge(self) -> bool {
        self.col == COLUMNS
    }

    /// Ruling fiw #21: the south map edge, from which the French West
    /// Indies box is entered as well as from the east edge.
    pub fn on_south_edge(self) -> bool {
        self.row == ROWS
    }
}

/// Saved as its `CCRR` id.
impl serde::Serialize for Sq {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Sq {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Sq, D::Error> {
        let id = String::deserialize(d)?;
        Sq::parse(&id).ok_or_else(|| serde::de::Error::custom(format!("not a square of the map: {id:?}")))
    }
}

impl fmt::Display for Sq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}{:02}", self.col, self.row)
    }
}

fn rotation() -> (f64, f64) {
    let r = ROTATION_DEG.to_radians();
    (r.cos(), r.sin())
}

/// Projection km (x east, y south) to grid km (u along a row, v down a column).
fn to_grid(x: f64, y: f64) -> (f64, f64) {
    let (c, s) = rotation();
    (c * x + s * y, -s * x + c * y)
}

fn from_grid(u: f64, v: f64) -> (f64, f64) {
    let (c, s) = rotation();
    (c * u - s * v, s * u + c * v)
}

/// 2.4, 5.1-5.4: the colonies and territories of the map, and the
/// disputed land that belongs to none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colony {
    NewFrance,
    Louisiana,
    Massachusetts,
    NewHampshire,
    RhodeIsland,
    Connecticut,
    NewYork,
    NewJersey,
    Pennsylvania,
    Delaware,
    Maryland,
    Virginia,
    NorthCarolina,
    SouthCarolina,
    Georgia,
    HudsonsBay,
    Newfoundland,
    NovaScotia,
    Florida,
    /// 5.4 "All other territory is disputed, meaning it belongs to no one."
    Disputed,
}

/// 2.4: the empire a colony belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Empire {
    British,
    French,
    Spanish,
}

/// Each colony's data id, name as the rules write it, and the abbreviation
/// its units carry (2.11, 2.33).
const COLONIES: &[(&str, Colony, &str, &str)] = &[
    ("new-france", Colony::NewFrance, "New France", "NF"),
    ("louisiana", Colony::Louisiana, "Louisiana", "L"),
    ("massachusetts", Colony::Massachusetts, "Massachusetts", "MA"),
    ("new-hampshire", Colony::NewHampshire, "New Hampshire", "NH"),
    ("rhode-island", Colony::RhodeIsland, "Rhode Island", "RI"),
    ("connecticut", Colony::Connecticut, "Connecticut", "CT"),
    ("new-york", Colony::NewYork, "New York", "NY"),
    ("new-jersey", Colony::NewJersey, "New Jersey", "NJ"),
    ("pennsylvania", Colony::Pennsylvania, "Pennsylvania", "PA"),
    ("delaware", Colony::Delaware, "Delaware", "DE"),
    ("maryland", Colony::Maryland, "Maryland", "MD"),
    ("virginia", Colony::Virginia, "Virginia", "VA"),
    ("north-carolina", Colony::NorthCarolina, "North Carolina", "NC"),
    ("south-carolina", Colony::SouthCarolina, "South Carolina", "SC"),
    ("georgia", Colony::Georgia, "Georgia", "GA"),
    ("hudsons-bay", Colony::HudsonsBay, "Hudson's Bay", "HB"),
    ("newfoundland", Colony::Newfoundland, "Newfoundland", "NFLD"),
    ("nova-scotia", Colony::NovaScotia, "Nova Scotia", "NS"),
    ("florida", Colony::Florida, "Florida", "FL"),
    ("disputed", Colony::Disputed, "Disputed", ""),
];

impl Colony {
    /// Every colony and territory of 2.4 and 5.1-5.3, then Disputed.
    pub const ALL: [Colony; 20] = [
        Colony::NewFrance,
        Colony::Louisiana,
        Colony::Massachusetts,
        Colony::NewHampshire,
        Colony::RhodeIsland,
        Colony::Connecticut,
        Colony::NewYork,
        Colony::NewJersey,
        Colony::Pennsylvania,
        Colony::Delaware,
        Colony::Maryland,
        Colony::Virginia,
        Colony::NorthCarolina,
        Colony::SouthCarolina,
        Colony::Georgia,
        Colony::HudsonsBay,
        Colony::Newfoundland,
        Colony::NovaScotia,
        Colony::Florida,
        Colony::Disputed,
    ];

    fn row(self) -> &'static (&'static str, Colony, &'static str, &'static str) {
        COLONIES.iter().find(|c| c.1 == self).expect("every colony is listed")
    }

    /// Its id in the data files ("new-york").
    pub fn id(self) -> &'static str {
        self.row().0
    }

    pub fn name(self) -> &'static str {
        self.row().2
    }

    /// The abbreviation on its provincial units (2.11: "NY"); empty for
    /// Disputed.
    pub fn abbr(self) -> &'static str {
        self.row().3
    }

    /// 2.4, 5.1-5.3: whose colony it is; none for disputed land (5.4).
    pub fn empire(self) -> Option<Empire> {
        match self {
            Colony::NewFrance | Colony::Louisiana => Some(Empire::French),
            Colony::Florida => Some(Empire::Spanish),
            Colony::Disputed => None,
            _ => Some(Empire::British),
        }
    }

    /// 5.2, 5.22: one of the thirteen Anglo-American colonies (not Hudson's
    /// Bay, Newfoundland or Nova Scotia).
    pub fn is_thirteen(self) -> bool {
        self.empire() == Some(Empire::British)
            && !matches!(self, Colony::HudsonsBay | Colony::Newfoundland | Colony::NovaScotia)
    }
}

/// 2.12 and the Terrain Effects Chart: the terrain of a square. `Sea` and
/// `Lake` are the all-water squares of 13.71.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    Clear,
    /// The settled (settlement) squares of 14.4, 23.22, 30.1 and 31.1.
    Settled,
    Wilderness,
    Rough,
    Mountain,
    Sea,
    Lake,
}

const TERRAINS: &[(&str, Terrain)] = &[
    ("clear", Terrain::Clear),
    ("settled", Terrain::Settled),
    ("wilderness", Terrain::Wilderness),
    ("rough", Terrain::Rough),
    ("mountain", Terrain::Mountain),
    ("sea", Terrain::Sea),
    ("lake", Terrain::Lake),
];

impl Terrain {
    /// Its id in the data files and the Terrain Effects table.
    pub fn id(self) -> &'static str {
        TERRAINS.iter().find(|t| t.1 == self).map_or("", |t| t.0)
    }

    /// 13.71: an all-sea or all-lake square.
    pub fn is_water(self) -> bool {
        matches!(self, Terrain::Sea | Terrain::Lake)
    }
}

/// The bodies of water a square touches or is part of: the seas that
/// fleets sail (20.1) and the Great Lakes of 13.52 and 20.2. Naval units
/// pass between two squares only over a body both touch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Water {
    Atlantic,
    BayOfFundy,
    GulfOfStLawrence,
    ChesapeakeBay,
    GulfOfMexico,
    HudsonBay,
    LakeSuperior,
    LakeMichigan,
    LakeHuron,
    LakeErie,
    LakeOntario,
}

const WATERS: &[(&str, Water)] = &[
    ("atlantic", Water::Atlantic),
    ("bay-of-fundy", Water::BayOfFundy),
    ("gulf-of-st-lawrence", Water::GulfOfStLawrence),
    ("chesapeake-bay", Water::ChesapeakeBay),
    ("gulf-of-mexico", Water::GulfOfMexico),
    ("hudson-bay", Water::HudsonBay),
    ("lake-superior", Water::LakeSuperior),
    ("lake-michigan", Water::LakeMichigan),
    ("lake-huron", Water::LakeHuron),
    ("lake-erie", Water::LakeErie),
    ("lake-ontario", Water::LakeOntario),
];

impl Water {
    pub fn id(self) -> &'static str {
        WATERS.iter().find(|w| w.1 == self).map_or("", |w| w.0)
    }

    /// 13.52, 20.2: one of the Great Lakes (else a sea).
    pub fn is_great_lake(self) -> bool {
        matches!(
            self,
            Water::LakeSuperior | Water::LakeMichigan | Water::LakeHuron | Water::LakeErie | Water::LakeOntario
        )
    }
}

/// One square of the map.
#[derive(Clone, Debug)]
pub struct Square {
    pub sq: Sq,
    /// 2.11, 5.x; `None` for an all-water square.
    pub colony: Option<Colony>,
    /// Its forage value follows from it (18.32: the Terrain Effects Chart,
    /// `terrain.rs`).
    pub terrain: Terrain,
    /// The seas and Great Lakes it touches, or the one it is part of.
    pub waters: Vec<Water>,
    /// 20.33, 20.41: a port (embarking and debarking cost nothing).
    pub port: bool,
    /// 9.1, 29.1: trading symbols.
    pub trading: u8,
    /// 9.1, 29.1: manufacturing symbols.
    pub manufacturing: u8,
    pub note: String,
}

impl Square {
    /// 20.1: a land square on a sea coast ("coast" squares).
    pub fn coastal(&self) -> bool {
        !self.terrain.is_water() && self.waters.iter().any(|w| !w.is_great_lake())
    }

    /// 13.52: a land square on a Great Lake coast.
    pub fn lake_coast(&self) -> bool {
        !self.terrain.is_water() && self.waters.iter().any(|w| w.is_great_lake())
    }

    /// 20.1: fleets may be in port, coast and all-sea squares.
    pub fn fleet_navigable(&self) -> bool {
        self.terrain == Terrain::Sea || self.port || self.coastal()
    }
}

/// 31.1 and 14.4: the settlement printed in a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settlement {
    City,
    Town,
}

/// 23.0: printed fortifications.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Works {
    Fort,
    Fortress,
}

const SETTLEMENTS: &[(&str, Option<Settlement>)] = &[
    ("city", Some(Settlement::City)),
    ("town", Some(Settlement::Town)),
    ("-", None),
];
const WORKS: &[(&str, Option<Works>)] = &[
    ("fort", Some(Works::Fort)),
    ("fortress", Some(Works::Fortress)),
    ("-", None),
];

/// A named place printed on the map: a city or town, a fort or fortress,
/// or an Indian village (25.2).
#[derive(Clone, Debug)]
pub struct Place {
    pub id: String,
    /// As the rules write it.
    pub name: String,
    /// Other names the rules or history give it ("Fort Saratoga").
    pub aliases: Vec<String>,
    pub sq: Sq,
    /// Where it is drawn; inside its square.
    pub lat: f64,
    pub lon: f64,
    pub settlement: Option<Settlement>,
    pub works: Option<Works>,
    /// 16.0, 29.1: the capital of its square's colony.
    pub capital: bool,
    /// 25.2: the tribe of an Indian village; `None` for other places.
    pub tribe: Option<String>,
    pub note: String,
}

/// 13.5 what joins two adjacent squares, and 13.71 the sides and vertices
/// that are all water.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum LinkKind {
    /// 13.51: ½ MP a square.
    Road,
    /// 13.52: ½ MP a square; 20.2 flotillas follow it.
    River,
    /// 13.53: 1 MP a square whatever the terrain.
    Trail,
    /// 13.71: the side or vertex between two land squares is all water
    /// (an estuary, a strait, a lake between): no land move across it.
    Water,
}

const LINK_KINDS: &[(&str, LinkKind)] = &[
    ("road", LinkKind::Road),
    ("river", LinkKind::River),
    ("trail", LinkKind::Trail),
    ("water", LinkKind::Water),
];

impl LinkKind {
    pub fn id(self) -> &'static str {
        LINK_KINDS.iter().find(|k| k.1 == self).map_or("", |k| k.0)
    }
}

#[derive(Clone, Debug)]
pub struct Link {
    pub a: Sq,
    pub b: Sq,
    pub kind: LinkKind,
    pub note: String,
}

/// 13.5: how a land step between two adjacent squares is made, which sets
/// its cost (ruling fiw #12).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// 13.51
    Road,
    /// 13.52
    River,
    /// 13.52: both squares on the same Great Lake's coast.
    LakeCoast,
    /// 13.53
    Trail,
    /// 13.1: the entered square's terrain cost.
    Overland,
}

/// 20.0: the two kinds of naval unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Navy {
    Fleet,
    Flotilla,
}

/// The map: every square, the places on it and the links between them.
#[derive(Clone, Debug)]
pub struct Map {
    /// Indexed by [`Sq::index`].
    pub squares: Vec<Square>,
    pub places: Vec<Place>,
    pub links: Vec<Link>,
    /// Per square ([`Sq::index`]) and direction ([`Sq::towards`]), the
    /// link to the square there: asked at every step of every move and
    /// line of supply, so not hashed.
    link_of: Vec<[Option<LinkKind>; 9]>,
    /// [`Map::land_route`] per square and direction, worked out once from
    /// the squares and links.
    routes: Vec<[Option<Route>; 9]>,
    /// Lowercase ids, names and aliases to places.
    /// (foldhash: the default hasher cost more than the rest of a look-up.)
    by_name: HashMap<String, usize, foldhash::fast::FixedState>,
    /// Per square ([`Sq::index`]), its places: asked in every legal-action
    /// list, so not searched.
    places_at: Vec<Vec<u16>>,
    /// Per square ([`Sq::index`]), whether a river link runs through it
    /// (20.2): the bots' determinizations ask it of every hidden block.
    rivers: Vec<bool>,
}

const SQUARES_TSV: &str = include_str!("../data/squares.tsv");
const PLACES_TSV: &str = include_str!("../data/places.tsv");
const LINKS_TSV: &str = include_str!("../data/links.tsv");

/// The map's files, which `--data` may replace.
pub const FILES: [&str; 3] = ["squares.tsv", "places.tsv", "links.tsv"];

const SQUARE_COLUMNS: &[&str] = &[
    "square",
    "colony",
    "terrain",
    "waters",
    "port",
    "trading",
    "manufacturing",
];
const PLACE_COLUMNS: &[&str] = &[
    "id",
    "name",
    "square",
    "lat",
    "lon",
    "settlement",
    "works",
    "capital",
    "tribe",
    "aliases",
];
const LINK_COLUMNS: &[&str] = &["a", "b", "kind"];

/// Places the scenarios (35.1-35.3) and the victory conditions (29.1)
/// name, which any map, reconstructed or printed, must have.
pub const NAMED: &[&str] = &[
    "Quebec",
    "Montreal",
    "Trois Rivieres",
    "St. Jeans",
    "Louisbourg",
    "Ticonderoga",
    "Fort Frontenac",
    "Fort Niagara",
    "Fort Detroit",
    "Fort Vincennes",
    "Fort Duquesne",
    "Fort Gaspereau",
    "New Orleans",
    "Mobile",
    "St. Augustine",
    "San Marcos",
    "Pensacola",
    "Halifax",
    "Fort Oswego",
    "Fort William Henry",
    "Fort Saratoga",
    "Fort Schuyler",
    "New York City",
    "Carlisle",
    "Perth Amboy",
    "Newcastle",
];

fn square_cell(row: &Row, column: &str) -> Result<Sq, TableError> {
    Sq::parse(row.str(column)).ok_or_else(|| row.error(column, "a square CCRR, column 01-22 and row 01-23"))
}

impl Map {
    /// The map from the files in `dir` (the `--data` folder), the embedded
    /// files standing in for those it lacks.
    pub fn read(dir: Option<&Path>) -> Result<Map, TableError> {
        Map::parse(
            &table::read(dir, "squares.tsv", SQUARES_TSV, SQUARE_COLUMNS)?,
            &table::read(dir, "places.tsv", PLACES_TSV, PLACE_COLUMNS)?,
            &table::read(dir, "links.tsv", LINKS_TSV, LINK_COLUMNS)?,
        )
    }

    /// The embedded, reconstructed map.
    pub fn embedded() -> Map {
        Map::read(None).expect("the embedded map is valid (tests/map.rs)")
    }

    pub fn parse(square_table: &Table, place_table: &Table, link_table: &Table) -> Result<Map, TableError> {
        let squares = Map::parse_squares(square_table)?;
        let mut map = Map {
            squares,
            places: Vec::new(),
            links: Vec::new(),
            link_of: Vec::new(),
            routes: Vec::new(),
            by_name: HashMap::default(),
            places_at: Vec::new(),
            rivers: Vec::new(),
        };
        map.parse_places(place_table)?;
        map.places_at = vec![Vec::new(); map.squares.len()];
        for (i, p) in map.places.iter().enumerate() {
            map.places_at[p.sq.index()].push(i as u16);
        }
        map.link_of = vec![[None; 9]; map.squares.len()];
        map.parse_links(link_table)?;
        map.rivers = vec![false; map.squares.len()];
        for l in map.links.iter().filter(|l| l.kind == LinkKind::River) {
            map.rivers[l.a.index()] = true;
            map.rivers[l.b.index()] = true;
        }
        map.routes = (0..map.squares.len())
            .map(|i| {
                let a = Sq::from_index(i);
                let mut routes = [None; 9];
                for b in a.orthogonal().chain(a.diagonal()) {
                    routes[a.towards(b).expect("touching")] = map.route_of(a, b);
                }
                routes
            })
            .collect();
        for name in NAMED {
            if map.place(name).is_none() {
                return Err(place_table.error(format!("a place '{name}', which the scenarios name"), "none"));
            }
        }
        for colony in Colony::ALL.into_iter().filter(|&c| c != Colony::Disputed) {
            let capitals = map
                .places
                .iter()
                .filter(|p| p.capital && map.colony(p.sq) == Some(colony))
                .count();
            if capitals != 1 {
                return Err(place_table.error(
                    format!("one capital in {} (16.0, 29.1)", colony.name()),
                    capitals.to_string(),
                ));
            }
        }
        Ok(map)
    }

    fn parse_squares(t: &Table) -> Result<Vec<Square>, TableError> {
        let mut squares: Vec<Option<Square>> = vec![None; COLUMNS as usize * ROWS as usize];
        let colonies: Vec<(&str, Option<Colony>)> =
            COLONIES.iter().map(|c| (c.0, Some(c.1))).chain([("-", None)]).collect();
        for row in t.rows() {
            let sq = square_cell(&row, "square")?;
            let terrain = row.one_of("terrain", TERRAINS)?;
            let colony = row.one_of("colony", &colonies)?;
            if colony.is_none() != terrain.is_water() {
                return Err(row.error("colony", "'-' for an all-water square and only for one"));
            }
            let mut waters = Vec::new();
            for w in row.str("waters").split_whitespace() {
                let water = WATERS
                    .iter()
                    .find(|x| x.0 == w)
                    .ok_or_else(|| row.part_error("waters", "a sea or Great Lake id", w))?
                    .1;
                if waters.contains(&water) {
                    return Err(row.part_error("waters", "each water once", w));
                }
                waters.push(water);
            }
            if terrain.is_water() && waters.len() != 1 {
                return Err(row.error("waters", "the one sea or lake an all-water square is part of"));
            }
            if terrain == Terrain::Lake && !waters[0].is_great_lake()
                || terrain == Terrain::Sea && waters[0].is_great_lake()
            {
                return Err(row.error("waters", "a Great Lake for a lake square, a sea for a sea square"));
            }
            let port = row.flag("port")?;
            let square = Square {
                sq,
                colony,
                terrain,
                waters,
                port,
                trading: row.range("trading", 0..=3)?,
                manufacturing: row.range("manufacturing", 0..=3)?,
                note: row.reason().to_string(),
            };
            if port && !square.coastal() {
                return Err(row.error("port", "'no' for a square not on a sea coast (20.1)"));
            }
            // ruling: fiw #20
            if terrain.is_water() && square.trading + square.manufacturing > 0 {
                return Err(row.line_error("no symbols at sea (ruling fiw #20)", "some"));
            }
            let slot = &mut squares[sq.index()];
            if slot.is_some() {
                return Err(row.error("square", "a square not listed on an earlier line"));
            }
            *slot = Some(square);
        }
        squares
            .into_iter()
            .enumerate()
            .map(|(i, s)| s.ok_or_else(|| t.error(format!("a row for square {}", Sq::from_index(i)), "none")))
            .collect()
    }

    fn parse_places(&mut self, t: &Table) -> Result<(), TableError> {
        for row in t.rows() {
            let id = row.id("id")?;
            let sq = square_cell(&row, "square")?;
            let (lat, lon) = (row.range("lat", 20.0..=60.0)?, row.range("lon", -100.0..=-50.0)?);
            if Sq::of(lat, lon) != Some(sq) {
                return Err(row.error("lat", format!("a point inside square {sq} (its lon too)")));
            }
            if self.square(sq).terrain.is_water() {
                return Err(row.error("square", "a land square"));
            }
            let place = Place {
                id,
                name: row.str("name").to_string(),
                aliases: row
                    .str("aliases")
                    .split('|')
                    .map(str::trim)
                    .filter(|a| !a.is_empty())
                    .map(str::to_string)
                    .collect(),
                sq,
                lat,
                lon,
                settlement: row.one_of("settlement", SETTLEMENTS)?,
                works: row.one_of("works", WORKS)?,
                capital: row.flag("capital")?,
                tribe: row.opt("tribe").map(str::to_string),
                note: row.reason().to_string(),
            };
            if place.tribe.is_some() && (place.settlement.is_some() || place.capital) {
                return Err(row.error(
                    "tribe",
                    "empty for a city, town or capital (an Indian village is neither)",
                ));
            }
            if place.capital && place.settlement.is_none() {
                return Err(row.error("capital", "'no' for a place without a city or town"));
            }
            // 22.11: one fort or fortress a square; one settlement and one
            // village too, so that a square's features are its places'.
            for other in self.places.iter().filter(|p| p.sq == sq) {
                let clash = (place.works.is_some() && other.works.is_some())
                    || (place.settlement.is_some() && other.settlement.is_some())
                    || (place.tribe.is_some() && other.tribe.is_some());
                if clash {
                    return Err(row.line_error(
                        "at most one fort or fortress, one city or town and one village a square",
                        format!("'{}' already in {sq}", other.id),
                    ));
                }
            }
            let index = self.places.len();
            for name in [place.id.clone(), place.name.clone()]
                .into_iter()
                .chain(place.aliases.iter().cloned())
            {
                if let Some(&other) = self.by_name.get(&name.to_lowercase()) {
                    if other != index {
                        return Err(row.line_error(
                            "names and aliases used by one place only",
                            format!("'{name}' also names '{}'", self.places[other].id),
                        ));
                    }
                }
                self.by_name.insert(name.to_lowercase(), index);
            }
            self.places.push(place);
        }
        Ok(())
    }

    fn parse_links(&mut self, t: &Table) -> Result<(), TableError> {
        for row in t.rows() {
            let (a, b) = (square_cell(&row, "a")?, square_cell(&row, "b")?);
            let kind = row.one_of("kind", LINK_KINDS)?;
            if a.touch(b).is_none() {
                return Err(row.error("b", format!("a square touching {a}")));
            }
            if self.square(a).terrain.is_water() || self.square(b).terrain.is_water() {
                return Err(row.line_error("two land squares (13.71)", "an all-water square"));
            }
            if self.link(a, b).is_some() {
                return Err(row.line_error("each pair of squares once", format!("{a}-{b} again")));
            }
            self.link_of[a.index()][a.towards(b).expect("touching")] = Some(kind);
            self.link_of[b.index()][b.towards(a).expect("touching")] = Some(kind);
            self.links.push(Link {
                a,
                b,
                kind,
                note: row.reason().to_string(),
            });
        }
        Ok(())
    }

    pub fn square(&self, sq: Sq) -> &Square {
        &self.squares[sq.index()]
    }

    /// 2.11: the colony a square is in; `None` at sea.
    pub fn colony(&self, sq: Sq) -> Option<Colony> {
        self.square(sq).colony
    }

    /// 2.11: the squares of a colony.
    pub fn squares_of(&self, colony: Colony) -> impl Iterator<Item = Sq> + '_ {
        self.squares
            .iter()
            .filter(move |s| s.colony == Some(colony))
            .map(|s| s.sq)
    }

    /// The place with this id, name or alias (any case).
    pub fn place(&self, name: &str) -> Option<&Place> {
        // The scenarios name places by their lowercase ids, asked in every
        // set-up choice: those need no lowercase copy.
        let i = if name.bytes().all(|b| b.is_ascii() && !b.is_ascii_uppercase()) {
            self.by_name.get(name)
        } else {
            self.by_name.get(&name.to_lowercase())
        };
        i.map(|&i| &self.places[i])
    }

    /// The places printed in a square.
    pub fn places_in(&self, sq: Sq) -> impl Iterator<Item = &Place> + '_ {
        self.places_at[sq.index()].iter().map(|&i| &self.places[usize::from(i)])
    }

    /// 16.0: a colony's capital.
    pub fn capital(&self, colony: Colony) -> Option<&Place> {
        self.places
            .iter()
            .find(|p| p.capital && self.colony(p.sq) == Some(colony))
    }

    /// 10.1, 14.4, 31.1: the city or town of a square.
    pub fn settlement(&self, sq: Sq) -> Option<Settlement> {
        self.places_in(sq).find_map(|p| p.settlement)
    }

    /// The squares of the cities and towns, each once, in square order.
    pub fn towns(&self) -> Vec<Sq> {
        let mut towns: Vec<Sq> = self
            .places
            .iter()
            .filter(|p| p.settlement.is_some())
            .map(|p| p.sq)
            .collect();
        towns.sort_by_key(|s| s.index());
        towns.dedup();
        towns
    }

    /// 23.0: the printed fort or fortress of a square.
    pub fn works(&self, sq: Sq) -> Option<Works> {
        self.places_in(sq).find_map(|p| p.works)
    }

    /// 25.2: the Indian village of a square.
    pub fn village(&self, sq: Sq) -> Option<&Place> {
        self.places_in(sq).find(|p| p.tribe.is_some())
    }

    /// What the data say joins two adjacent squares.
    pub fn link(&self, a: Sq, b: Sq) -> Option<LinkKind> {
        self.link_of[a.index()][a.towards(b)?]
    }

    /// 22.2 whether a printed road or trail passes through the square
    /// (trail markers link to it, ruling fiw #12).
    pub fn on_track(&self, sq: Sq) -> bool {
        sq.orthogonal()
            .chain(sq.diagonal())
            .any(|n| matches!(self.link(sq, n), Some(LinkKind::Road | LinkKind::Trail)))
    }

    /// 13.1, 13.2, 13.5, 13.71: a land step from `a` to `b` and what it
    /// follows (ruling fiw #12), or `None` when land units cannot make it:
    /// not touching, an all-water square, or an all-water side or vertex.
    /// Whether a force may cross a vertex (light units only) is the
    /// caller's.
    pub fn land_route(&self, a: Sq, b: Sq) -> Option<Route> {
        self.routes[a.index()][a.towards(b)?]
    }

    /// [`Map::land_route`] from the squares and links, for its table.
    fn route_of(&self, a: Sq, b: Sq) -> Option<Route> {
        a.touch(b)?;
        let (sa, sb) = (self.square(a), self.square(b));
        if sa.terrain.is_water() || sb.terrain.is_water() {
            return None;
        }
        // ruling: fiw #12 (a shared Great Lake's coast before a trail: its
        // half point is the cheaper; rules fiw-14).
        let coast = || sa.waters.iter().any(|w| w.is_great_lake() && sb.waters.contains(w));
        match self.link(a, b) {
            Some(LinkKind::Water) => None,
            Some(LinkKind::Road) => Some(Route::Road),
            Some(LinkKind::River) => Some(Route::River),
            Some(LinkKind::Trail) if !coast() => Some(Route::Trail),
            _ if coast() => Some(Route::LakeCoast),
            _ => Some(Route::Overland),
        }
    }

    /// The squares a land unit may step to from `sq`: across sides, and
    /// across vertices too when `diagonal` (13.2).
    pub fn land_steps(&self, sq: Sq, diagonal: bool) -> Vec<(Sq, Route)> {
        let corners = diagonal.then(|| sq.diagonal()).into_iter().flatten();
        sq.orthogonal()
            .chain(corners)
            .filter_map(|n| Some((n, self.land_route(sq, n)?)))
            .collect()
    }

    /// 20.1, 20.2, 20.21: whether a naval unit may move from `a` to `b`.
    /// Fleets cross sides between fleet-navigable squares over a sea both
    /// touch. Flotillas (ruling fiw #22: "riverine" units) move between
    /// port, coast, Great Lake and river squares over a sea or Great Lake
    /// both touch, or along a river link, which may cross a vertex where
    /// the river does.
    pub fn naval_step(&self, navy: Navy, a: Sq, b: Sq) -> bool {
        let Some(touch) = a.touch(b) else { return false };
        let (sa, sb) = (self.square(a), self.square(b));
        let shared = |lakes: bool| {
            sa.waters
                .iter()
                .any(|w| (lakes || !w.is_great_lake()) && sb.waters.contains(w))
        };
        // ruling: fiw #22
        match navy {
            Navy::Fleet => touch == Touch::Side && sa.fleet_navigable() && sb.fleet_navigable() && shared(false),
            Navy::Flotilla => self.link(a, b) == Some(LinkKind::River) || (touch == Touch::Side && shared(true)),
        }
    }

    /// 20.2: the squares flotillas may be in: port, coast, Great Lake and
    /// river squares.
    pub fn flotilla_navigable(&self, sq: Sq) -> bool {
        !self.square(sq).waters.is_empty() || self.river_square(sq)
    }

    /// 20.2: a square a river link runs through.
    pub fn river_square(&self, sq: Sq) -> bool {
        self.rivers[sq.index()]
    }

    /// 20.1: sea coast squares (land squares on a sea).
    pub fn coastal_squares(&self) -> impl Iterator<Item = Sq> + '_ {
        self.squares.iter().filter(|s| s.coastal()).map(|s| s.sq)
    }

    /// 20.33, 20.41: the ports.
    pub fn ports(&self) -> impl Iterator<Item = Sq> + '_ {
        self.squares.iter().filter(|s| s.port).map(|s| s.sq)
    }

    /// 13.71, 20.1: the all-sea squares.
    pub fn sea_squares(&self) -> impl Iterator<Item = Sq> + '_ {
        self.squares.iter().filter(|s| s.terrain == Terrain::Sea).map(|s| s.sq)
    }

    /// 21.11, 21.12: the sea squares on the east map edge, through which
    /// fleets enter and leave the British and French home bases.
    pub fn home_base_edge(&self) -> impl Iterator<Item = Sq> + '_ {
        self.sea_squares().filter(|s| s.on_east_edge())
    }

    /// Ruling fiw #21: the sea squares of the south or east edge, through
    /// which the French West Indies box is entered and left.
    pub fn west_indies_edge(&self) -> impl Iterator<Item = Sq> + '_ {
        // ruling: fiw #21
        self.sea_squares().filter(|s| s.on_east_edge() || s.on_south_edge())
    }

    /// Land steps from `from` to every square within `colony`'s squares
    /// (or any land square when `None`), across sides only; `u16::MAX`
    /// where none reaches. The map's own check that a colony's militia
    /// (13.8, 24.1) can reach all of it (tests/map.rs).
    pub fn steps(&self, from: Sq, colony: Option<Colony>) -> Vec<u16> {
        let mut dist = vec![u16::MAX; self.squares.len()];
        dist[from.index()] = 0;
        let mut queue = VecDeque::from([from]);
        while let Some(s) = queue.pop_front() {
            for (n, _) in self.land_steps(s, false) {
                let inside = colony.is_none_or(|c| self.colony(n) == Some(c));
                if inside && dist[n.index()] == u16::MAX {
                    dist[n.index()] = dist[s.index()] + 1;
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    /// Every reconstructed item with its reason.
    pub fn provenance(&self) -> Vec<(String, String)> {
        let squares = self
            .squares
            .iter()
            .map(|s| (format!("square {}", s.sq), s.note.clone()));
        let places = self.places.iter().map(|p| (format!("place {}", p.id), p.note.clone()));
        let links = self
            .links
            .iter()
            .map(|l| (format!("{} {}-{}", l.kind.id(), l.a, l.b), l.note.clone()));
        squares.chain(places).chain(links).collect()
    }
}
