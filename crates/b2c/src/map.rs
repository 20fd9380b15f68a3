//! 3.0 Game Map: the regions between Boston and Concord and their borders,
//! loaded from `data/regions.tsv` and `data/borders.tsv` (reconstructed from
//! real geography; every row says why) onto the shared [`Board`]. "Towards"
//! Concord or Boston is measured as the crow flies, an escort's way to Boston
//! in region steps over the graph (ruling b2c #34).

use engine::data::{self, Loaded, Staged};
use engine::table::{self, Table, TableError};
use std::ops::Deref;
use std::path::Path;

pub use revroad::board::{Board, Border, Region, Regions, Water, BORDER_COLUMNS, FAR};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Town,
    Open,
    /// 4.6 an off-map Alert box: units released there enter the map from it.
    Alert,
    /// 6.12 a Nightrider box on a map edge.
    Box,
}

/// Map edges a Nightrider may leave by (6.12).
pub const TOP: u8 = 1;
pub const LEFT: u8 = 2;
pub const BOTTOM: u8 = 4;

/// What this game's map says of a region beyond the board's id and name.
#[derive(Clone, Debug)]
pub struct Area {
    /// Drawing coordinates of the row's latitude and longitude ([`project`]),
    /// projected once when the map is loaded: "towards" (ruling b2c #34)
    /// compares them on every step offered.
    pub xy: (f64, f64),
    pub kind: Kind,
    pub town: bool,
    pub edges: u8,
    pub muster: bool,
    /// 4.7 Hidden Arms marker: 0 = none, 1 = plain (1 VP), 10+n = numbered n.
    pub ha: u8,
    pub landing: bool,
    pub alert: bool,
    pub minutemen: u8,
    pub leader: Option<String>,
    pub provenance: String,
}

impl Area {
    /// VP the Patriots score for this unsearched marker (4.7).
    pub fn ha_value(&self) -> u8 {
        match self.ha {
            0 => 0,
            1 => 1,
            n => n - 10,
        }
    }
    pub fn on_map(&self) -> bool {
        matches!(self.kind, Kind::Town | Kind::Open)
    }
}

/// The board with this game's regions (derefs to [`Board`] for ids,
/// neighbours and distances).
pub struct Map {
    board: Board,
    pub areas: Vec<Area>,
    /// concordward[r]: the neighbours f of r with `toward_concord(f, r)` (4.1), as a set.
    pub concordward: Vec<Regions>,
    pub boston: Region,
    pub concord: Region,
    pub lexington: Region,
    pub charlestown: Region,
}

impl Deref for Map {
    type Target = Board;
    fn deref(&self) -> &Board {
        &self.board
    }
}

const REGIONS_TSV: &str = include_str!("../data/regions.tsv");
const BORDERS_TSV: &str = include_str!("../data/borders.tsv");
/// The map's files, which `--data` may replace.
const FILES: [&str; 2] = ["regions.tsv", "borders.tsv"];
const REGION_COLUMNS: &[&str] = &["id", "name", "lat", "lon", "kind", "town", "edges", "icons"];
static MAP: Loaded<Map> = Loaded::new("the map");

/// `--data DIR`: `regions.tsv` and/or `borders.tsv` found there replace the
/// reconstructed ones, once installed. The map must keep the regions the
/// rules name.
pub fn read_data_dir(dir: &Path) -> Result<Staged<Map>, String> {
    if !data::overrides(dir, &FILES) {
        return MAP.stage(None);
    }
    let map = Map::read(Some(dir)).map_err(|e| e.to_string())?;
    for id in ["box-top", "box-left", "box-bottom"] {
        map.region(id)
            .ok_or_else(|| format!("the map needs the Nightrider box '{id}' (6.12)"))?;
    }
    MAP.stage(Some(map))
}

const KINDS: &[(&str, Kind)] = &[
    ("town", Kind::Town),
    ("open", Kind::Open),
    ("alert", Kind::Alert),
    ("box", Kind::Box),
];
const EDGES: &[(&str, u8)] = &[("top", TOP), ("left", LEFT), ("bottom", BOTTOM), ("-", 0)];

fn parse_areas(table: &Table) -> Result<Vec<Area>, TableError> {
    let mut out = Vec::new();
    for row in table.rows() {
        let mut r = Area {
            xy: project(row.parse("lat")?, row.parse("lon")?),
            kind: row.one_of("kind", KINDS)?,
            town: row.flag("town")?,
            edges: 0,
            muster: false,
            ha: 0,
            landing: false,
            alert: false,
            minutemen: 0,
            leader: None,
            provenance: row.reason().to_string(),
        };
        for e in row.str("edges").split(',') {
            r.edges |= EDGES
                .iter()
                .find(|&&(name, _)| name == e)
                .map(|&(_, bit)| bit)
                .ok_or_else(|| row.part_error("edges", "top, left, bottom or -", e))?;
        }
        for icon in row.str("icons").split(',') {
            let bad = || row.part_error("icons", "muster, ha, haN, landing, alert, mm=N, leader=NAME or -", icon);
            match icon {
                "-" | "leader=-" => {}
                "muster" => r.muster = true,
                "ha" => r.ha = 1,
                "landing" => r.landing = true,
                "alert" => r.alert = true,
                x if x.starts_with("ha") => r.ha = 10 + x[2..].parse::<u8>().map_err(|_| bad())?,
                x if x.starts_with("mm=") => r.minutemen = x[3..].parse().map_err(|_| bad())?,
                x if x.starts_with("leader=") => r.leader = Some(x[7..].to_string()),
                _ => return Err(bad()),
            }
        }
        out.push(r);
    }
    Ok(out)
}

/// 3.0 a dark-blue border is one only where a road crosses it.
fn check_rivers(borders: &Table, board: &Board) -> Result<(), TableError> {
    for (row, border) in borders.rows().zip(board.borders()) {
        if border.water == Water::River && !border.road {
            return Err(row.error(
                "road",
                "yes on a dark-blue border: without a road it is not a border (3.0)",
            ));
        }
    }
    Ok(())
}

impl Map {
    /// The map from the files in `dir` (the `--data` folder), the embedded
    /// files standing in for those it lacks.
    pub fn read(dir: Option<&Path>) -> Result<Map, TableError> {
        Map::parse(
            &table::read(dir, "regions.tsv", REGIONS_TSV, REGION_COLUMNS)?,
            &table::read(dir, "borders.tsv", BORDERS_TSV, BORDER_COLUMNS)?,
        )
    }

    /// The map of these tables of regions and borders.
    pub fn parse(region_table: &Table, border_table: &Table) -> Result<Map, TableError> {
        let areas = parse_areas(region_table)?;
        let on_map = |r: Region| areas[r as usize].on_map();
        // Distances count steps over the map: from an off-map box, its first
        // step onto the map is one.
        let board = Board::read(region_table, border_table, |_| true, on_map)?;
        check_rivers(border_table, &board)?;
        let by = |id: &str| {
            board
                .region(id)
                .ok_or_else(|| region_table.error(format!("a region '{id}', which the rules name"), "none"))
        };
        let (boston, concord, lexington, charlestown) =
            (by("boston")?, by("concord")?, by("lexington")?, by("charlestown")?);
        if let Some(r) = board.regions().find(|&r| on_map(r) && board.dist(r, concord) == FAR) {
            return Err(region_table.error("every region on the map to reach Concord", board.id(r)));
        }
        let mut map = Map {
            board,
            areas,
            concordward: Vec::new(),
            boston,
            concord,
            lexington,
            charlestown,
        };
        map.concordward = map
            .regions()
            .map(|r| {
                map.neighbours(r)
                    .iter()
                    .filter(|&&f| map.toward_concord(f, r))
                    .fold(0, |s, &f| s | revroad::board::bit(f))
            })
            .collect();
        Ok(map)
    }

    pub fn get() -> &'static Map {
        MAP.get(|| Map::read(None).expect("embedded map is valid"))
    }

    /// What this game's map says of region `r`.
    pub fn area(&self, r: Region) -> &Area {
        &self.areas[r as usize]
    }

    /// "Towards" `target` in 4.1 and 7.1: `to` lies nearer to it than `from`
    /// in a straight line on the map (ruling b2c #34). Region steps would
    /// funnel the Battle Road through Boston Neck and send a retreat from
    /// Concord west to Sudbury Road.
    pub fn nearer(&self, from: Region, to: Region, target: Region) -> bool {
        let t = self.xy(target);
        let gap = |r: Region| {
            let a = self.xy(r);
            (a.0 - t.0).powi(2) + (a.1 - t.1).powi(2)
        };
        gap(to) < gap(from)
    }

    /// "Towards Concord" (4.1, 7.1), as the crow flies (ruling b2c #34).
    pub fn toward_concord(&self, from: Region, to: Region) -> bool {
        self.nearer(from, to, self.concord)
    }

    /// "Towards Boston" (4.1, 7.1), as the crow flies (ruling b2c #34).
    pub fn toward_boston(&self, from: Region, to: Region) -> bool {
        self.nearer(from, to, self.boston)
    }

    /// 5.3 an escort's step toward Boston: one region step closer, or as many
    /// steps and nearer as the crow flies (ruling b2c #34). Steps first,
    /// because a captured piece must be able to reach Boston, and the crow's
    /// line stops at Charlestown and Lechmere Point across the water; the
    /// tie-break lets the escort take the Battle Road from Concord.
    pub fn escort_toward_boston(&self, from: Region, to: Region) -> bool {
        let (a, b) = (self.dist(from, self.boston), self.dist(to, self.boston));
        b < a || b == a && self.toward_boston(from, to)
    }

    /// Drawing coordinates: an equirectangular projection at 42.4°N, 2500 units per degree of latitude.
    pub fn xy(&self, r: Region) -> (f64, f64) {
        self.area(r).xy
    }

    /// Every reconstructed item with its reason.
    pub fn provenance(&self) -> Vec<(String, String)> {
        let mut v: Vec<(String, String)> = self
            .regions()
            .map(|r| (format!("region {}", self.id(r)), self.area(r).provenance.clone()))
            .collect();
        for b in self.borders() {
            v.push((
                format!(
                    "border {}-{} (road {}, water {:?})",
                    self.id(b.a),
                    self.id(b.b),
                    if b.road { "yes" } else { "no" },
                    b.water
                ),
                b.provenance.clone(),
            ));
        }
        v
    }
}

pub const WEST: f64 = -71.43;
pub const NORTH: f64 = 42.515;
pub const SCALE: f64 = 2500.0;

pub fn project(lat: f64, lon: f64) -> (f64, f64) {
    let k = (42.4f64).to_radians().cos();
    (((lon - WEST) * k * SCALE).round(), ((NORTH - lat) * SCALE).round())
}

pub fn map() -> &'static Map {
    Map::get()
}
