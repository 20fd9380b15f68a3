//! 3.0 Game Map: the regions between Boston and Concord and their borders,
//! loaded from `data/regions.tsv` and `data/borders.tsv` (reconstructed from
//! real geography; every row says why). Distances in region steps toward
//! Concord, Boston and Lexington are computed from the graph.

use std::sync::OnceLock;

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
static MAP: OnceLock<Map> = OnceLock::new();

/// `--data DIR`: `regions.tsv` and/or `borders.tsv` found there replace the
/// reconstructed ones. The map must keep the regions the rules name.
pub fn use_data_dir(dir: &std::path::Path) -> Result<(), String> {
    let read = |name: &str, embedded: &'static str| match std::fs::read_to_string(dir.join(name)) {
        Ok(text) => (text, true),
        Err(_) => (embedded.to_string(), false),
    };
    let (regions, a) = read("regions.tsv", REGIONS_TSV);
    let (borders, b) = read("borders.tsv", BORDERS_TSV);
    if !a && !b {
        return Ok(());
    }
    let map = Map::parse(&regions, &borders).map_err(|e| format!("{}: {e}", dir.display()))?;
    for id in ["box-top", "box-left", "box-bottom"] {
        map.by_id(id)
            .ok_or_else(|| format!("the map needs the Nightrider box '{id}' (6.12)"))?;
    }
    MAP.set(map)
        .map_err(|_| "the map is already in use: --data must come before any game is made".to_string())
}

fn parse_regions(text: &str) -> Result<Vec<RegionInfo>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 9 {
            return Err(format!("regions line {}: 9 fields expected", i + 1));
        }
        let num = |s: &str| {
            s.parse::<f64>()
                .map_err(|_| format!("regions line {}: bad number '{s}'", i + 1))
        };
        let kind = match f[4] {
            "town" => Kind::Town,
            "open" => Kind::Open,
            "alert" => Kind::Alert,
            "box" => Kind::Box,
            k => return Err(format!("regions line {}: unknown kind '{k}'", i + 1)),
        };
        let mut edges = 0;
        for e in f[6].split(',') {
            edges |= match e {
                "top" => TOP,
                "left" => LEFT,
                "bottom" => BOTTOM,
                "-" => 0,
                x => return Err(format!("regions line {}: unknown edge '{x}'", i + 1)),
            };
        }
        let mut r = RegionInfo {
            id: f[0].to_string(),
            name: f[1].to_string(),
            lat: num(f[2])?,
            lon: num(f[3])?,
            kind,
            town: f[5] == "yes",
            edges,
            muster: false,
            ha: 0,
            landing: false,
            alert: false,
            minutemen: 0,
            leader: None,
            provenance: f[8].to_string(),
        };
        for icon in f[7].split(',') {
            match icon {
                "-" | "leader=-" => {}
                "muster" => r.muster = true,
                "ha" => r.ha = 1,
                "landing" => r.landing = true,
                "alert" => r.alert = true,
                x if x.starts_with("ha") => {
                    r.ha = 10
                        + x[2..]
                            .parse::<u8>()
                            .map_err(|_| format!("regions line {}: bad '{x}'", i + 1))?
                }
                x if x.starts_with("mm=") => {
                    r.minutemen = x[3..]
                        .parse()
                        .map_err(|_| format!("regions line {}: bad '{x}'", i + 1))?
                }
                x if x.starts_with("leader=") => r.leader = Some(x[7..].to_string()),
                x => return Err(format!("regions line {}: unknown icon '{x}'", i + 1)),
            }
        }
        out.push(r);
    }
    Ok(out)
}

fn parse_borders(text: &str, regions: &[RegionInfo]) -> Result<Vec<Border>, String> {
    let find = |id: &str, i: usize| {
        regions
            .iter()
            .position(|r| r.id == id)
            .map(|p| p as Region)
            .ok_or_else(|| format!("borders line {}: unknown region '{id}'", i + 1))
    };
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        if f.len() < 5 {
            return Err(format!("borders line {}: 5 fields expected", i + 1));
        }
        let water = match f[3] {
            "none" => Water::None,
            "stream" => Water::Stream,
            "river" => Water::River,
            w => return Err(format!("borders line {}: unknown water '{w}'", i + 1)),
        };
        let road = f[2] == "yes";
        if water == Water::River && !road {
            return Err(format!(
                "borders line {}: a dark-blue border without a road is not a border (3.0)",
                i + 1
            ));
        }
        out.push(Border {
            a: find(f[0], i)?,
            b: find(f[1], i)?,
            road,
            water,
            provenance: f[4].to_string(),
        });
    }
    Ok(out)
}

impl Map {
    pub fn parse(regions: &str, borders: &str) -> Result<Map, String> {
        let regions = parse_regions(regions)?;
        let borders = parse_borders(borders, &regions)?;
        let n = regions.len();
        if n > 64 {
            return Err("at most 64 regions".into());
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
                .ok_or_else(|| format!("the map needs a region '{id}'"))
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
                return Err(format!("region '{}' cannot reach Concord", r.id));
            }
        }
        Ok(map)
    }

    pub fn get() -> &'static Map {
        MAP.get_or_init(|| Map::parse(REGIONS_TSV, BORDERS_TSV).expect("embedded map is valid"))
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
