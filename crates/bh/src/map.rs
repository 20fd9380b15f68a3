//! 2.0, 3.0-3.5 The map of the Charlestown peninsula, loaded from the data
//! files in `data/` (reconstructed: see `data/README.md`).

use crate::state::Goal;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::OnceLock;

/// Index of an area in `Map::areas`.
pub type Region = u8;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Open,
    /// 3.3 one of the ten Charlestown regions.
    Town,
    /// 3.0 Moulton's (1), Breed's (2) and Bunker Hill (3).
    Hilltop,
    /// 3.0 brown regions adjacent to a hilltop.
    Slope,
    /// 3.0 brown regions not adjacent to a hilltop.
    Ridge,
    /// 3.2 the Muster Box, Copp's Hill, labels.
    Box,
    /// 3.0 Fleet Boxes.
    Fleet,
    /// 3.5 Landing Zones.
    Zone,
    /// Water drawn for line of sight only.
    Water,
}

/// 3.1 terrain features that change how modifiers apply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    None,
    Redoubt,
    Fence,
    Wall,
    Works,
}

/// 6.4 the three Bombard target areas, named after the Fleet Box that uses them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Harbor,
    Mystic,
    Charles,
}

#[derive(Clone, Debug)]
pub struct Area {
    pub id: String,
    pub name: String,
    pub kind: Kind,
    pub elevation: u8,
    pub lat: f64,
    pub lon: f64,
    /// Geographic position in drawing units (line of sight, 7.2).
    pub x: f64,
    pub y: f64,
    /// Schematic position the browser draws (data/drawing.tsv), spread for legibility.
    pub draw: (f64, f64),
    pub draw_provenance: String,
    /// 3.1 Volley Fire modifier (dice for the firer into this region).
    pub volley: i8,
    /// 3.1 Assault modifier (dice for the defender in this region).
    pub assault: i8,
    pub special: Special,
    /// Rail fence / stone wall: the regions from which its modifiers apply.
    pub faces: Vec<Region>,
    pub bombard: Option<Target>,
    pub provenance: String,
}

impl Area {
    pub fn is_land(&self) -> bool {
        matches!(
            self.kind,
            Kind::Open | Kind::Town | Kind::Hilltop | Kind::Slope | Kind::Ridge
        )
    }
}

#[derive(Clone, Debug)]
pub struct Zone {
    pub region: Region,
    pub number: u8,
    /// 3.5 pieces moved per Land Troops.
    pub transport: u8,
    /// 3.5 military units needed before pieces leave a Staging Area.
    pub staging: u8,
    pub areas: Vec<Region>,
    pub provenance: String,
}

/// 7.2 one line of sight between two land regions.
#[derive(Clone, Debug, PartialEq)]
pub struct Sight {
    /// Blocked by terrain whatever the units (elevation, blind region, towns).
    pub blocked: bool,
    /// The regions the line crosses between the two centres (ruling bh #23).
    pub through: Vec<Region>,
}

#[derive(Debug)]
pub struct Map {
    pub areas: Vec<Area>,
    pub adj: Vec<Vec<Region>>,
    pub zones: Vec<Zone>,
    pub vp: HashMap<String, (f64, String)>,
    /// Land steps between regions (255 = unreachable), the Muster Box included.
    pub dist: Vec<Vec<u8>>,
    /// Row-major n x n; `None` where either end is not a land region.
    pub sight: Vec<Option<Sight>>,
    by_id: HashMap<String, Region>,
    muster: Region,
    neck: Region,
    /// The land regions in index order, and the Landing Zone (index in
    /// `zones`) of each Staging Area: the hot path looks them up, never searches.
    land: Vec<Region>,
    land_mask: u64,
    staging: Vec<Option<usize>>,
    staging_mask: u64,
    /// `hill`'s answers, looked up once.
    hills: OnceLock<[Vec<Region>; 3]>,
    /// `goal_mask`'s answers, worked out once.
    goal_masks: OnceLock<[u64; 5]>,
}

/// Drawing projection: 1 unit is about 4 m; x grows east, y south.
pub const LON0: f64 = -71.100;
pub const LAT0: f64 = 42.392;
pub const KX: f64 = 20560.0;
pub const KY: f64 = 27775.0;
pub const WIDTH: f64 = 1200.0;
pub const HEIGHT: f64 = 1040.0;

pub const REGIONS_TSV: &str = include_str!("../data/regions.tsv");
pub const BORDERS_TSV: &str = include_str!("../data/borders.tsv");
pub const ZONES_TSV: &str = include_str!("../data/zones.tsv");
pub const VP_TSV: &str = include_str!("../data/vp.tsv");
pub const DRAWING_TSV: &str = include_str!("../data/drawing.tsv");
pub const LOS_TSV: &str = include_str!("../data/los.tsv");

static MAP: OnceLock<Map> = OnceLock::new();

fn need(f: &[&str], n: usize, file: &str, line: usize) -> Result<(), String> {
    if f.len() < n {
        return Err(format!("{file} line {line}: {n} fields expected"));
    }
    Ok(())
}

/// `--data DIR`: read the map files found in `dir` (regions, borders, zones,
/// vp, drawing, los `.tsv`), the embedded ones standing in for the others,
/// and check them. Every area of the embedded map must still be there (the
/// scenarios name them). Without a `los.tsv` a changed map gets its line of
/// sight computed afresh. `None` when `dir` holds no map file.
pub fn read_data_dir(dir: &std::path::Path) -> Result<Option<Map>, String> {
    let mut found = false;
    let mut read = |name: &str, embedded: &'static str| match std::fs::read_to_string(dir.join(name)) {
        Ok(text) => {
            found = true;
            (text, true)
        }
        Err(_) => (embedded.to_string(), false),
    };
    let (regions, a) = read("regions.tsv", REGIONS_TSV);
    let (borders, b) = read("borders.tsv", BORDERS_TSV);
    let (zones, _) = read("zones.tsv", ZONES_TSV);
    let (vp, _) = read("vp.tsv", VP_TSV);
    let (drawing, _) = read("drawing.tsv", DRAWING_TSV);
    let (los, l) = read("los.tsv", LOS_TSV);
    if !found {
        return Ok(None);
    }
    let at = |e: String| format!("{}: {e}", dir.display());
    let mut m = Map::parse(&regions, &borders, &zones, &vp).map_err(at)?;
    let embedded = Map::parse(REGIONS_TSV, BORDERS_TSV, ZONES_TSV, VP_TSV).expect("embedded map data is valid");
    if let Some(a) = embedded.areas.iter().find(|a| !m.by_id.contains_key(&a.id)) {
        return Err(at(format!("regions.tsv: the scenarios need the area '{}'", a.id)));
    }
    m.set_drawing(&drawing).map_err(at)?;
    m.sight = if l || !(a || b) {
        crate::los::parse(&m, &los).map_err(at)?
    } else {
        crate::los::compute(&m)
    };
    Ok(Some(m))
}

/// Whether the map was already loaded (a game made, or `--data` given).
pub fn in_use() -> bool {
    MAP.get().is_some()
}

/// Install a map read by [`read_data_dir`]; refused once a game was made.
pub fn install(map: Map) -> Result<(), String> {
    MAP.set(map)
        .map_err(|_| "the map is already in use: --data must come before any game is made".to_string())
}

fn rows(text: &str) -> impl Iterator<Item = (usize, Vec<&str>)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .skip(1)
        .map(|(i, l)| (i + 1, l.split('\t').collect()))
}

impl Map {
    /// The embedded map (parsed once).
    pub fn get() -> &'static Map {
        MAP.get_or_init(|| {
            let mut m = Map::parse(REGIONS_TSV, BORDERS_TSV, ZONES_TSV, VP_TSV).expect("embedded map data is valid");
            m.set_drawing(DRAWING_TSV).expect("embedded drawing.tsv is valid");
            m.sight = crate::los::parse(&m, LOS_TSV).expect("embedded los.tsv is valid");
            m
        })
    }

    /// The schematic drawing positions: one row per area, every area once.
    pub fn set_drawing(&mut self, text: &str) -> Result<(), String> {
        let mut seen = vec![false; self.areas.len()];
        for (line, f) in rows(text) {
            if f.len() < 4 {
                return Err(format!("drawing.tsv line {line}: 4 fields expected"));
            }
            let r = *self
                .by_id
                .get(f[0].trim())
                .ok_or_else(|| format!("drawing.tsv line {line}: unknown area '{}'", f[0]))?;
            let num = |k: usize| {
                f[k].trim()
                    .parse::<f64>()
                    .ok()
                    .filter(|v| (0.0..=WIDTH.max(HEIGHT)).contains(v))
                    .ok_or_else(|| format!("drawing.tsv line {line}: field {} is not a position", k + 1))
            };
            let a = &mut self.areas[r as usize];
            a.draw = (num(1)?, num(2)?);
            a.draw_provenance = f[3].to_string();
            seen[r as usize] = true;
        }
        match seen.iter().position(|s| !s) {
            Some(r) => Err(format!("drawing.tsv: no position for '{}'", self.areas[r].id)),
            None => Ok(()),
        }
    }

    /// Parse the map files (without line of sight, which `los` adds).
    pub fn parse(regions: &str, borders: &str, zones: &str, vp: &str) -> Result<Map, String> {
        let mut areas = Vec::new();
        let mut by_id = HashMap::new();
        let mut faces_text = Vec::new();
        for (line, f) in rows(regions) {
            if f.len() < 12 {
                return Err(format!("regions.tsv line {line}: 12 fields expected"));
            }
            let num = |k: usize| -> Result<f64, String> {
                f[k].trim()
                    .parse::<f64>()
                    .map_err(|_| format!("regions.tsv line {line}: field {} is not a number", k + 1))
            };
            let kind = match f[2] {
                "open" => Kind::Open,
                "town" => Kind::Town,
                "hilltop" => Kind::Hilltop,
                "slope" => Kind::Slope,
                "ridge" => Kind::Ridge,
                "box" => Kind::Box,
                "fleet" => Kind::Fleet,
                "zone" => Kind::Zone,
                "water" => Kind::Water,
                k => return Err(format!("regions.tsv line {line}: unknown kind '{k}'")),
            };
            let special = match f[8] {
                "" => Special::None,
                "redoubt" => Special::Redoubt,
                "fence" => Special::Fence,
                "wall" => Special::Wall,
                "ndw" => Special::Works,
                s => return Err(format!("regions.tsv line {line}: unknown special '{s}'")),
            };
            let bombard = match f[10] {
                "" => None,
                "harbor" => Some(Target::Harbor),
                "mystic" => Some(Target::Mystic),
                "charles" => Some(Target::Charles),
                s => return Err(format!("regions.tsv line {line}: unknown bombard area '{s}'")),
            };
            let (lat, lon) = (num(4)?, num(5)?);
            if by_id.insert(f[0].to_string(), areas.len() as Region).is_some() {
                return Err(format!("regions.tsv line {line}: '{}' appears twice", f[0]));
            }
            faces_text.push(f[9].to_string());
            areas.push(Area {
                id: f[0].into(),
                name: f[1].into(),
                kind,
                elevation: num(3)? as u8,
                lat,
                lon,
                x: ((lon - LON0) * KX).round(),
                y: ((LAT0 - lat) * KY).round(),
                draw: (0.0, 0.0),
                draw_provenance: String::new(),
                volley: num(6)? as i8,
                assault: num(7)? as i8,
                special,
                faces: Vec::new(),
                bombard,
                provenance: f[11].into(),
            });
        }
        let find = |id: &str, file: &str, line: usize| -> Result<Region, String> {
            by_id
                .get(id.trim())
                .copied()
                .ok_or_else(|| format!("{file} line {line}: unknown area '{id}'"))
        };
        for (i, t) in faces_text.iter().enumerate() {
            for id in t.split(',').filter(|s| !s.is_empty()) {
                let r = find(id, "regions.tsv faces", i + 1)?;
                areas[i].faces.push(r);
            }
        }
        let n = areas.len();
        let mut adj = vec![Vec::new(); n];
        for (line, f) in rows(borders) {
            need(&f, 3, "borders.tsv", line)?;
            let (a, b) = (find(f[0], "borders.tsv", line)?, find(f[1], "borders.tsv", line)?);
            if adj[a as usize].contains(&b) {
                return Err(format!("borders.tsv line {line}: border listed twice"));
            }
            adj[a as usize].push(b);
            adj[b as usize].push(a);
        }
        let mut zone_list = Vec::new();
        for (line, f) in rows(zones) {
            need(&f, 5, "zones.tsv", line)?;
            let region = find(f[0], "zones.tsv", line)?;
            let num = |k: usize| -> Result<u8, String> {
                f[k].parse()
                    .map_err(|_| format!("zones.tsv line {line}: field {} is not a number", k + 1))
            };
            let mut list = Vec::new();
            for id in f[3].split(',') {
                let s = find(id, "zones.tsv", line)?;
                if !adj[region as usize].contains(&s) {
                    return Err(format!("zones.tsv line {line}: '{id}' does not border {}", f[0]));
                }
                list.push(s);
            }
            zone_list.push(Zone {
                region,
                number: zone_list.len() as u8 + 1,
                transport: num(1)?,
                staging: num(2)?,
                areas: list,
                provenance: f[4].into(),
            });
        }
        if zone_list.len() != 6 {
            return Err("zones.tsv: 3.5 needs six Landing Zones".into());
        }
        let mut vps = HashMap::new();
        for (line, f) in rows(vp) {
            need(&f, 3, "vp.tsv", line)?;
            let v: f64 = f[1].parse().map_err(|_| format!("vp.tsv line {line}: not a number"))?;
            vps.insert(f[0].to_string(), (v, f[2].to_string()));
        }
        let mut m = Map {
            areas,
            adj,
            zones: zone_list,
            vp: vps,
            dist: Vec::new(),
            sight: Vec::new(),
            muster: *by_id.get("muster-box").ok_or("regions.tsv: 3.2 needs 'muster-box'")?,
            neck: *by_id.get("neck").ok_or("regions.tsv: 3.4 needs 'neck'")?,
            by_id,
            land: Vec::new(),
            land_mask: 0,
            staging: Vec::new(),
            staging_mask: 0,
            hills: OnceLock::new(),
            goal_masks: OnceLock::new(),
        };
        m.land = (0..n as Region).filter(|&r| m.area(r).is_land()).collect();
        m.land_mask = m.land.iter().fold(0, |k, &r| k | crate::state::bit(r));
        m.staging = (0..n as Region)
            .map(|r| m.zones.iter().position(|z| z.areas.contains(&r)))
            .collect();
        m.staging_mask = m
            .zones
            .iter()
            .flat_map(|z| &z.areas)
            .fold(0, |k, &r| k | crate::state::bit(r));
        m.dist = (0..n as Region).map(|r| m.bfs(r)).collect();
        m.validate()?;
        Ok(m)
    }

    fn validate(&self) -> Result<(), String> {
        let count = |k: Kind| self.areas.iter().filter(|a| a.kind == k).count();
        if count(Kind::Town) != 10 {
            return Err("3.3: ten town regions expected".into());
        }
        if count(Kind::Hilltop) != 6 || count(Kind::Ridge) != 3 || count(Kind::Fleet) != 3 {
            return Err("3.0: six hilltop regions, three ridge lines and three Fleet Boxes expected".into());
        }
        for (i, a) in self.areas.iter().enumerate() {
            let near_top = self.adj[i].iter().any(|&b| self.area(b).kind == Kind::Hilltop);
            if a.kind == Kind::Slope && !near_top {
                return Err(format!("3.0: slope {} must border a hilltop", a.id));
            }
            if a.kind == Kind::Ridge && near_top {
                return Err(format!("3.0: ridge line {} must not border a hilltop", a.id));
            }
        }
        Ok(())
    }

    /// Land steps from `from` (land regions and the Muster Box only).
    fn bfs(&self, from: Region) -> Vec<u8> {
        let mut d = vec![255u8; self.areas.len()];
        if !self.walkable(from) {
            return d;
        }
        d[from as usize] = 0;
        let mut queue = std::collections::VecDeque::from([from]);
        while let Some(r) = queue.pop_front() {
            for &b in &self.adj[r as usize] {
                if self.walkable(b) && d[b as usize] == 255 {
                    d[b as usize] = d[r as usize] + 1;
                    queue.push_back(b);
                }
            }
        }
        d
    }

    fn walkable(&self, r: Region) -> bool {
        self.area(r).is_land() || r == self.muster()
    }

    pub fn area(&self, r: Region) -> &Area {
        &self.areas[r as usize]
    }

    pub fn id(&self, r: Region) -> &str {
        &self.areas[r as usize].id
    }

    pub fn region(&self, id: &str) -> Option<Region> {
        self.by_id.get(id).copied()
    }

    /// The region with this id; panics on an id not in the data (rules code
    /// names only regions the data must have).
    pub fn r(&self, id: &str) -> Region {
        self.region(id)
            .unwrap_or_else(|| panic!("map data lacks region '{id}'"))
    }

    pub fn len(&self) -> usize {
        self.areas.len()
    }

    pub fn is_empty(&self) -> bool {
        self.areas.is_empty()
    }

    pub fn adjacent(&self, a: Region, b: Region) -> bool {
        self.adj[a as usize].contains(&b)
    }

    pub fn steps(&self, a: Region, b: Region) -> u8 {
        self.dist[a as usize][b as usize]
    }

    pub fn muster(&self) -> Region {
        self.muster
    }

    pub fn neck(&self) -> Region {
        self.neck
    }

    pub fn land(&self) -> impl Iterator<Item = Region> + '_ {
        self.land.iter().copied()
    }

    /// The land regions among `mask`, in index order (as `land` filtered).
    pub fn land_in(&self, mask: u64) -> impl Iterator<Item = Region> {
        crate::state::regions_in(mask & self.land_mask)
    }

    pub fn is_town(&self, r: Region) -> bool {
        self.area(r).kind == Kind::Town
    }

    /// 3.5 every Staging Area.
    pub fn staging_mask(&self) -> u64 {
        self.staging_mask
    }

    /// 3.5 the Landing Zone whose Staging Area `r` is.
    pub fn zone_of_staging(&self, r: Region) -> Option<&Zone> {
        self.staging[r as usize].map(|z| &self.zones[z])
    }

    pub fn zone(&self, number: u8) -> &Zone {
        &self.zones[number as usize - 1]
    }

    pub fn zone_at(&self, r: Region) -> Option<&Zone> {
        self.zones.iter().find(|z| z.region == r)
    }

    /// 12.3 an objective's regions, one bit each.
    pub fn goal_mask(&self, goal: Goal) -> u64 {
        self.goal_masks
            .get_or_init(|| Goal::ALL.map(|g| g.regions(self).into_iter().fold(0, |m, r| m | crate::state::bit(r))))
            [goal as usize]
    }

    /// 3.0 the hills and their regions.
    pub fn hill(&self, name: &str) -> &[Region] {
        let hills = self.hills.get_or_init(|| {
            [
                &["moultons-hill"][..],
                &["breeds-redoubt", "breeds-south"],
                &["bunker-north", "bunker-center", "bunker-south"],
            ]
            .map(|ids| ids.iter().map(|i| self.r(i)).collect())
        });
        match name {
            "moultons" => &hills[0],
            "breeds" => &hills[1],
            _ => &hills[2],
        }
    }

    /// 7.2 / ruling bh #23 the line of sight between two land regions.
    pub fn sight(&self, a: Region, b: Region) -> Option<&Sight> {
        self.sight[a as usize * self.areas.len() + b as usize].as_ref()
    }

    pub fn fleet_target(&self, fleet: Region) -> Target {
        match self.id(fleet) {
            "fleet-mystic" => Target::Mystic,
            "fleet-charles" => Target::Charles,
            _ => Target::Harbor,
        }
    }

    pub fn vp(&self, key: &str) -> f64 {
        self.vp.get(key).map(|v| v.0).unwrap_or(0.0)
    }

    pub fn provenance(&self) -> Vec<(String, String)> {
        let mut v: Vec<(String, String)> = self
            .areas
            .iter()
            .map(|a| {
                (
                    format!(
                        "area {} ({}): elevation {}, modifiers {}/{}",
                        a.id, a.name, a.elevation, a.volley, a.assault
                    ),
                    a.provenance.clone(),
                )
            })
            .collect();
        for a in &self.areas {
            v.push((
                format!("drawing position {}: {}, {}", a.id, a.draw.0, a.draw.1),
                a.draw_provenance.clone(),
            ));
        }
        for z in &self.zones {
            v.push((
                format!("landing zone {}: {}/{}", z.number, z.transport, z.staging),
                z.provenance.clone(),
            ));
        }
        let mut keys: Vec<&String> = self.vp.keys().collect();
        keys.sort();
        for k in keys {
            v.push((format!("victory points {k}: {}", self.vp[k].0), self.vp[k].1.clone()));
        }
        v.push((
            "borders".into(),
            "reconstructed: neighbouring areas on the drawn peninsula (data/borders.tsv)".into(),
        ));
        v.push((
            "line of sight".into(),
            "7.2 applied to the reconstructed region centres (data/los.tsv, generated by los::compute)".into(),
        ));
        v
    }

    /// The generic area-map renderer's data (coordinator contract).
    pub fn to_json(&self) -> Value {
        let regions: Vec<Value> = self
            .areas
            .iter()
            .enumerate()
            .map(|(i, a)| {
                let mut icons = Vec::new();
                if a.special == Special::Redoubt {
                    icons.push("redoubt".to_string());
                }
                if a.special == Special::Fence {
                    icons.push("rail-fence".to_string());
                }
                if a.special == Special::Wall {
                    icons.push("stone-wall".to_string());
                }
                if a.special == Special::Works {
                    icons.push("works".to_string());
                }
                if a.volley != 0 || a.assault != 0 {
                    icons.push(format!("mod{}/{}", a.volley, a.assault));
                }
                if let Some(z) = self.zone_of_staging(i as Region) {
                    icons.push(format!("staging-{}", z.number));
                }
                if let Some(z) = self.zone_at(i as Region) {
                    icons.push(format!("zone-{}/{}", z.transport, z.staging));
                }
                icons.push(format!("elevation-{}", a.elevation));
                let kind = match a.kind {
                    Kind::Open => "open",
                    Kind::Town => "town",
                    Kind::Hilltop => "hill",
                    Kind::Slope => "slope",
                    Kind::Ridge => "ridge",
                    Kind::Box => "off-map",
                    Kind::Fleet | Kind::Zone | Kind::Water => "water-box",
                };
                json!({"id": a.id, "name": a.name, "x": a.draw.0, "y": a.draw.1, "town": a.kind == Kind::Town,
                       "kind": kind, "icons": icons})
            })
            .collect();
        let mut borders = Vec::new();
        for (a, list) in self.adj.iter().enumerate() {
            for &b in list {
                if (a as Region) < b {
                    let water = if self.area(a as Region).is_land() && self.area(b).is_land() {
                        "none"
                    } else {
                        "river"
                    };
                    borders.push(json!({"a": self.id(a as Region), "b": self.id(b), "road": false, "water": water}));
                }
            }
        }
        json!({
            "width": WIDTH, "height": HEIGHT, "regions": regions, "borders": borders,
            "labels": [
                {"text": "Mystic River", "x": 520, "y": 30},
                {"text": "Charles River", "x": 330, "y": 800},
                {"text": "Boston Harbor", "x": 1060, "y": 900},
                {"text": "toward Cambridge", "x": 110, "y": 335},
            ],
        })
    }
}
