//! 3.0 Game Map: the regions between Boston and Concord and their borders,
//! loaded from `data/regions.tsv` and `data/borders.tsv` (reconstructed from
//! real geography; every row says why). Distances in region steps toward
//! Concord, Boston and Lexington are computed from the graph.

use engine::table::{self, Table, TableError};
use revroad::data::{self, Loaded, Staged};
use std::path::Path;

/// Index of a region in `Map::regions`.
pub type Region = u8;

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

#[derive(Clone, Debug)]
pub struct RegionInfo {
    pub id: String,
    pub name: String,
    pub lat: f64,
    pub lon: f64,
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

impl RegionInfo {
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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Water {
    None,
    Stream,
    River,
}

#[derive(Clone, Debug)]
pub struct Border {
    pub a: Region,
    pub b: Region,
    pub road: bool,
    pub water: Water,
    pub provenance: String,
}

pub struct Map {
    pub regions: Vec<RegionInfo>,
    pub borders: Vec<Border>,
    /// adj[r] = (neighbour, border index)
    pub adj: Vec<Vec<(Region, usize)>>,
    /// dist[a][b] in region steps over on-map borders (255 = unreachable).
    pub dist: Vec<Vec<u8>>,
    /// near[r]: the neighbours of r as a bit mask, for the legal-move scans.
    pub near: Vec<u64>,
    /// concordward[r]: the neighbours f of r with `toward_concord(f, r)` (4.1), as a bit mask.
    pub concordward: Vec<u64>,
    pub boston: Region,
    pub concord: Region,
    pub lexington: Region,
    pub charlestown: Region,
}

pub const FAR: u8 = 255;

const REGIONS_TSV: &str = include_str!("../data/regions.tsv");
const BORDERS_TSV: &str = include_str!("../data/borders.tsv");
/// The map's files, which `--data` may replace.
pub const FILES: [&str; 2] = ["regions.tsv", "borders.tsv"];
const REGION_COLUMNS: &[&str] = &["id", "name", "lat", "lon", "kind", "town", "edges", "icons"];
const BORDER_COLUMNS: &[&str] = &["a", "b", "road", "water"];
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
        map.by_id(id)
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
const WATERS: &[(&str, Water)] = &[
    ("none", Water::None),
    ("stream", Water::Stream),
    ("river", Water::River),
];

fn parse_regions(table: &Table) -> Result<Vec<RegionInfo>, TableError> {
    let mut out: Vec<RegionInfo> = Vec::new();
    for row in table.rows() {
        let mut r = RegionInfo {
            id: row.str("id").to_string(),
            name: row.str("name").to_string(),
            lat: row.parse("lat")?,
            lon: row.parse("lon")?,
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
        if out.iter().any(|o| o.id == r.id) {
            return Err(row.error("id", "each region once"));
        }
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

fn parse_borders(table: &Table, regions: &[RegionInfo]) -> Result<Vec<Border>, TableError> {
    let mut out = Vec::new();
    for row in table.rows() {
        let find = |column: &str| {
            let id = row.str(column);
            regions
                .iter()
                .position(|r| r.id == id)
                .map(|p| p as Region)
                .ok_or_else(|| row.error(column, "a region of regions.tsv"))
        };
        let (road, water) = (row.flag("road")?, row.one_of("water", WATERS)?);
        if water == Water::River && !road {
            return Err(row.error(
                "road",
                "yes on a dark-blue border: without a road it is not a border (3.0)",
            ));
        }
        out.push(Border {
            a: find("a")?,
            b: find("b")?,
            road,
            water,
            provenance: row.reason().to_string(),
        });
    }
    Ok(out)
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
        let regions = parse_regions(region_table)?;
        let borders = parse_borders(border_table, &regions)?;
        let n = regions.len();
        if n > 64 {
            return Err(region_table.error("at most 64 regions", n.to_string()));
        }
        let mut adj = vec![Vec::new(); n];
        for (i, b) in borders.iter().enumerate() {
            adj[b.a as usize].push((b.b, i));
            adj[b.b as usize].push((b.a, i));
        }
        let by = |id: &str| {
            regions
                .iter()
                .position(|r| r.id == id)
                .map(|p| p as Region)
                .ok_or_else(|| region_table.error(format!("a region '{id}', which the rules name"), "none"))
        };
        let (boston, concord, lexington, charlestown) =
            (by("boston")?, by("concord")?, by("lexington")?, by("charlestown")?);
        let mut dist = vec![vec![FAR; n]; n];
        for (s, row) in dist.iter_mut().enumerate() {
            row[s] = 0;
            let mut queue = vec![s];
            let mut k = 0;
            while k < queue.len() {
                let r = queue[k];
                k += 1;
                for &(m, _) in &adj[r] {
                    if row[m as usize] == FAR && regions[m as usize].on_map() {
                        row[m as usize] = row[r] + 1;
                        queue.push(m as usize);
                    }
                }
            }
        }
        let near: Vec<u64> = adj.iter().map(|a| a.iter().fold(0, |s, &(m, _)| s | 1 << m)).collect();
        let concordward = (0..n)
            .map(|r| {
                adj[r]
                    .iter()
                    .filter(|&&(f, _)| dist[r][concord as usize] < dist[f as usize][concord as usize])
                    .fold(0, |s, &(f, _)| s | 1 << f)
            })
            .collect();
        let map = Map {
            regions,
            borders,
            adj,
            dist,
            near,
            concordward,
            boston,
            concord,
            lexington,
            charlestown,
        };
        for (i, r) in map.regions.iter().enumerate() {
            if r.on_map() && map.dist[i][concord as usize] == FAR {
                return Err(region_table.error("every region on the map to reach Concord", r.id.clone()));
            }
        }
        Ok(map)
    }

    pub fn get() -> &'static Map {
        MAP.get(|| Map::read(None).expect("embedded map is valid"))
    }

    pub fn len(&self) -> usize {
        self.regions.len()
    }

    pub fn is_empty(&self) -> bool {
        self.regions.is_empty()
    }

    pub fn id(&self, r: Region) -> &str {
        &self.regions[r as usize].id
    }

    pub fn by_id(&self, id: &str) -> Option<Region> {
        self.regions.iter().position(|r| r.id == id).map(|p| p as Region)
    }

    pub fn region(&self, r: Region) -> &RegionInfo {
        &self.regions[r as usize]
    }

    pub fn border(&self, a: Region, b: Region) -> Option<&Border> {
        self.adj[a as usize]
            .iter()
            .find(|(m, _)| *m == b)
            .map(|&(_, i)| &self.borders[i])
    }

    pub fn neighbours(&self, r: Region) -> impl Iterator<Item = (Region, &Border)> + '_ {
        self.adj[r as usize].iter().map(move |&(m, i)| (m, &self.borders[i]))
    }

    pub fn dist(&self, a: Region, b: Region) -> u8 {
        self.dist[a as usize][b as usize]
    }

    /// "Towards Concord" (4.1, 7.1): one step closer to Concord.
    pub fn toward_concord(&self, from: Region, to: Region) -> bool {
        self.dist(to, self.concord) < self.dist(from, self.concord)
    }

    /// "Towards Boston" (4.1, 5.3, 7.1): one step closer to Boston.
    pub fn toward_boston(&self, from: Region, to: Region) -> bool {
        self.dist(to, self.boston) < self.dist(from, self.boston)
    }

    /// Drawing coordinates: an equirectangular projection at 42.4°N, 2500 units per degree of latitude.
    pub fn xy(&self, r: Region) -> (f64, f64) {
        let g = &self.regions[r as usize];
        project(g.lat, g.lon)
    }

    /// Every reconstructed item with its reason.
    pub fn provenance(&self) -> Vec<(String, String)> {
        let mut v: Vec<(String, String)> = self
            .regions
            .iter()
            .map(|r| (format!("region {}", r.id), r.provenance.clone()))
            .collect();
        for b in &self.borders {
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
