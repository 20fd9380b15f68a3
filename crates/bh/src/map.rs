//! 2.0, 3.0-3.5 The map of the Charlestown peninsula, loaded from the data
//! files in `data/` (reconstructed: see `data/README.md`) onto the shared
//! [`Board`].

use crate::state::Goal;
use engine::data::{self, Loaded, Staged};
use engine::table::{self, Table, TableError};
use std::collections::HashMap;
use std::ops::Deref;
use std::path::Path;
use std::sync::OnceLock;

use engine::Drawing;
pub use revroad::board::{bit, regions_in, Board, Region, Regions, BORDER_COLUMNS};
use revroad::board::{label, Drawn, Water};

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

/// What this game's map says of an area beyond the board's id and name.
#[derive(Clone, Debug)]
pub struct Area {
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

/// The board with this game's areas (derefs to [`Board`] for ids,
/// neighbours and distances: land steps, the Muster Box included).
#[derive(Debug)]
pub struct Map {
    board: Board,
    pub areas: Vec<Area>,
    pub zones: Vec<Zone>,
    pub vp: HashMap<String, (f64, String)>,
    /// Row-major n x n; `None` where either end is not a land region.
    pub sight: Vec<Option<Sight>>,
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

impl Deref for Map {
    type Target = Board;
    fn deref(&self) -> &Board {
        &self.board
    }
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

/// The map's files, which `--data` may replace.
const FILES: [&str; 6] = [
    "regions.tsv",
    "borders.tsv",
    "zones.tsv",
    "vp.tsv",
    "drawing.tsv",
    "los.tsv",
];
const REGION_COLUMNS: &[&str] = &[
    "id",
    "name",
    "kind",
    "elevation",
    "lat",
    "lon",
    "volley",
    "assault",
    "special",
    "faces",
    "bombard",
];
const ZONE_COLUMNS: &[&str] = &["zone", "transport", "staging", "areas"];
const VP_COLUMNS: &[&str] = &["item", "vp"];
const DRAWING_COLUMNS: &[&str] = &["id", "x", "y"];

static MAP: Loaded<Map> = Loaded::new("the map");

/// `--data DIR`: read the map files found in `dir` (regions, borders, zones,
/// vp, drawing, los `.tsv`), the embedded ones standing in for the others,
/// and check them; installed, the map serves every game after. Every area of
/// the embedded map must still be there (the scenarios name them).
pub fn read_data_dir(dir: &Path) -> Result<Staged<Map>, String> {
    if !data::overrides(dir, &FILES) {
        return MAP.stage(None);
    }
    // The areas first: the other files name them.
    let ids = |dir| -> Result<Vec<String>, TableError> {
        let regions = table::read(dir, "regions.tsv", REGIONS_TSV, REGION_COLUMNS)?;
        Ok(regions.rows().map(|r| r.str("id").to_string()).collect())
    };
    let given = ids(Some(dir)).map_err(|e| e.to_string())?;
    let embedded = ids(None).expect("embedded regions.tsv is valid");
    if let Some(id) = embedded.iter().find(|id| !given.contains(id)) {
        let file = dir.join("regions.tsv").display().to_string();
        return Err(format!("{file}: the scenarios need the area '{id}'"));
    }
    MAP.stage(Some(Map::read(Some(dir)).map_err(|e| e.to_string())?))
}

/// Whether the map was already loaded (a game made, or `--data` given).
pub fn in_use() -> bool {
    MAP.current().is_some()
}

const KINDS: &[(&str, Kind)] = &[
    ("open", Kind::Open),
    ("town", Kind::Town),
    ("hilltop", Kind::Hilltop),
    ("slope", Kind::Slope),
    ("ridge", Kind::Ridge),
    ("box", Kind::Box),
    ("fleet", Kind::Fleet),
    ("zone", Kind::Zone),
    ("water", Kind::Water),
];
const SPECIALS: &[(&str, Special)] = &[
    ("", Special::None),
    ("redoubt", Special::Redoubt),
    ("fence", Special::Fence),
    ("wall", Special::Wall),
    ("ndw", Special::Works),
];
const BOMBARDS: &[(&str, Option<Target>)] = &[
    ("", None),
    ("harbor", Some(Target::Harbor)),
    ("mystic", Some(Target::Mystic)),
    ("charles", Some(Target::Charles)),
];

impl Map {
    /// The embedded map (parsed once), or the one `--data` installed.
    pub fn get() -> &'static Map {
        MAP.get(|| Map::read(None).expect("embedded map data is valid"))
    }

    /// The whole map from the files in `dir` (the `--data` folder), the
    /// embedded files standing in for those it lacks. A changed map without
    /// its own `los.tsv` gets its line of sight computed afresh.
    pub fn read(dir: Option<&Path>) -> Result<Map, TableError> {
        let mut m = Map::read_without_sight(dir)?;
        let given = |files: &[&str]| dir.is_some_and(|d| data::overrides(d, files));
        m.sight = if given(&["regions.tsv", "borders.tsv"]) && !given(&["los.tsv"]) {
            crate::los::compute(&m)
        } else {
            crate::los::parse(&m, &table::read(dir, "los.tsv", LOS_TSV, crate::los::COLUMNS)?)?
        };
        Ok(m)
    }

    /// The map without its line of sight, which `los` makes of it.
    pub fn read_without_sight(dir: Option<&Path>) -> Result<Map, TableError> {
        let mut m = Map::parse(
            &table::read(dir, "regions.tsv", REGIONS_TSV, REGION_COLUMNS)?,
            &table::read(dir, "borders.tsv", BORDERS_TSV, BORDER_COLUMNS)?,
            &table::read(dir, "zones.tsv", ZONES_TSV, ZONE_COLUMNS)?,
            &table::read(dir, "vp.tsv", VP_TSV, VP_COLUMNS)?,
        )?;
        m.set_drawing(&table::read(dir, "drawing.tsv", DRAWING_TSV, DRAWING_COLUMNS)?)?;
        Ok(m)
    }

    /// The schematic drawing positions: one row per area, every area once.
    fn set_drawing(&mut self, drawing: &Table) -> Result<(), TableError> {
        let mut seen = vec![false; self.areas.len()];
        let span = 0.0..=WIDTH.max(HEIGHT);
        for row in drawing.rows() {
            let r = self.board.find(&row, "id")?;
            let a = &mut self.areas[r as usize];
            a.draw = (row.range("x", span.clone())?, row.range("y", span.clone())?);
            a.draw_provenance = row.reason().to_string();
            seen[r as usize] = true;
        }
        match seen.iter().position(|s| !s) {
            Some(r) => Err(drawing.error(format!("a row for '{}'", self.id(r as Region)), "none")),
            None => Ok(()),
        }
    }

    /// The map of these tables (without line of sight, which `los` adds).
    fn parse(regions: &Table, borders: &Table, zones: &Table, vp: &Table) -> Result<Map, TableError> {
        let mut areas = Vec::new();
        for row in regions.rows() {
            let (lat, lon): (f64, f64) = (row.parse("lat")?, row.parse("lon")?);
            areas.push(Area {
                kind: row.one_of("kind", KINDS)?,
                elevation: row.parse("elevation")?,
                lat,
                lon,
                x: ((lon - LON0) * KX).round(),
                y: ((LAT0 - lat) * KY).round(),
                draw: (0.0, 0.0),
                draw_provenance: String::new(),
                volley: row.parse("volley")?,
                assault: row.parse("assault")?,
                special: row.one_of("special", SPECIALS)?,
                faces: Vec::new(),
                bombard: row.one_of("bombard", BOMBARDS)?,
                provenance: row.reason().into(),
            });
        }
        let muster = regions.rows().position(|row| row.str("id") == "muster-box");
        let walkable = |r: Region| areas[r as usize].is_land() || Some(r as usize) == muster;
        let board = Board::read(regions, borders, walkable, walkable)?;
        for (i, row) in regions.rows().enumerate() {
            for id in row.str("faces").split(',').filter(|s| !s.is_empty()) {
                let r = board.find_part(&row, "faces", id)?;
                // 3.1 the yellow modifiers count "from a region adjacent to
                // the rail fence or stone wall" (ruling bh #5; rules bh-10:
                // Moulton's Point field, two regions off, was listed).
                if !board.adjacent(i as Region, r) {
                    return Err(row.part_error("faces", "a region bordering it (3.1)", id));
                }
                areas[i].faces.push(r);
            }
        }
        let mut zone_list = Vec::new();
        for row in zones.rows() {
            let region = board.find(&row, "zone")?;
            let mut list = Vec::new();
            for id in row.str("areas").split(',') {
                let s = board.find_part(&row, "areas", id)?;
                if !board.adjacent(region, s) {
                    return Err(row.part_error("areas", format!("an area bordering {}", row.str("zone")), id));
                }
                list.push(s);
            }
            zone_list.push(Zone {
                region,
                number: zone_list.len() as u8 + 1,
                transport: row.parse("transport")?,
                staging: row.parse("staging")?,
                areas: list,
                provenance: row.reason().into(),
            });
        }
        if zone_list.len() != 6 {
            return Err(zones.error("six Landing Zones (3.5)", zone_list.len().to_string()));
        }
        let mut vps = HashMap::new();
        for row in vp.rows() {
            vps.insert(
                row.str("item").to_string(),
                (row.parse("vp")?, row.reason().to_string()),
            );
        }
        let needed = |id: &str, rule: &str| {
            board
                .region(id)
                .ok_or_else(|| regions.error(format!("an area '{id}' ({rule})"), "none"))
        };
        let mut m = Map {
            muster: needed("muster-box", "3.2")?,
            neck: needed("neck", "3.4")?,
            board,
            areas,
            zones: zone_list,
            vp: vps,
            sight: Vec::new(),
            land: Vec::new(),
            land_mask: 0,
            staging: Vec::new(),
            staging_mask: 0,
            hills: OnceLock::new(),
            goal_masks: OnceLock::new(),
        };
        m.land = m.regions().filter(|&r| m.area(r).is_land()).collect();
        m.land_mask = m.land.iter().fold(0, |k, &r| k | bit(r));
        m.staging = m
            .regions()
            .map(|r| m.zones.iter().position(|z| z.areas.contains(&r)))
            .collect();
        m.staging_mask = m.zones.iter().flat_map(|z| &z.areas).fold(0, |k, &r| k | bit(r));
        m.validate(regions)?;
        Ok(m)
    }

    /// 3.0, 3.3 the kinds of region the rules count on; errors name the
    /// regions file as a whole.
    fn validate(&self, regions: &Table) -> Result<(), TableError> {
        let count = |k: Kind| self.areas.iter().filter(|a| a.kind == k).count();
        for (kind, n, what) in [
            (Kind::Town, 10, "ten town regions (3.3)"),
            (Kind::Hilltop, 6, "six hilltop regions (3.0)"),
            (Kind::Ridge, 3, "three ridge lines (3.0)"),
            (Kind::Fleet, 3, "three Fleet Boxes (3.0)"),
        ] {
            if count(kind) != n {
                return Err(regions.error(what, count(kind).to_string()));
            }
        }
        for (i, a) in self.areas.iter().enumerate() {
            let near_top = self
                .neighbours(i as Region)
                .iter()
                .any(|&b| self.area(b).kind == Kind::Hilltop);
            if a.kind == Kind::Slope && !near_top {
                return Err(regions.error(
                    "every slope to border a hilltop (3.0)",
                    format!("slope {}", self.id(i as Region)),
                ));
            }
            if a.kind == Kind::Ridge && near_top {
                return Err(regions.error(
                    "no ridge line to border a hilltop (3.0)",
                    format!("ridge line {}", self.id(i as Region)),
                ));
            }
        }
        Ok(())
    }

    pub fn area(&self, r: Region) -> &Area {
        &self.areas[r as usize]
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
        regions_in(mask & self.land_mask)
    }

    /// 3.2, 6.1-6.3 regions units act from against an adjacent region:
    /// the land regions and the Muster Box, "considered adjacent to the
    /// Charlestown Neck region" (ruling bh #41).
    pub fn acts_from(&self, r: Region) -> bool {
        self.area(r).is_land() || r == self.muster
    }

    /// The regions among `mask` that `acts_from` allows, in index order.
    pub fn fronts_in(&self, mask: u64) -> impl Iterator<Item = Region> {
        regions_in(mask & (self.land_mask | bit(self.muster)))
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
            .get_or_init(|| Goal::ALL.map(|g| g.regions(self).into_iter().fold(0, |m, r| m | bit(r))))[goal as usize]
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
            .regions()
            .map(|r| {
                let a = self.area(r);
                (
                    format!(
                        "area {} ({}): elevation {}, modifiers {}/{}",
                        self.id(r),
                        self.name(r),
                        a.elevation,
                        a.volley,
                        a.assault
                    ),
                    a.provenance.clone(),
                )
            })
            .collect();
        for r in self.regions() {
            let a = self.area(r);
            v.push((
                format!("drawing position {}: {}, {}", self.id(r), a.draw.0, a.draw.1),
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

    /// 3.0 the map as every client draws it, with the key of the view's markers.
    pub fn drawing(&self) -> Drawing {
        let drawn = |r| {
            let a = self.area(r);
            let mut notes = Vec::new();
            match a.special {
                Special::None => {}
                Special::Redoubt => notes.push("the Redoubt (3.1)".to_string()),
                Special::Fence => notes.push("the rail fence (3.1)".into()),
                Special::Wall => notes.push("the stone wall (3.1)".into()),
                Special::Works => notes.push("works (3.1)".into()),
            }
            if a.volley != 0 || a.assault != 0 {
                notes.push(format!("Volley Fire {:+}, Assault {:+} (3.1)", a.volley, a.assault));
            }
            if let Some(z) = self.zone_of_staging(r) {
                notes.push(format!("Staging Area of Landing Zone {} (3.5)", z.number));
            }
            if let Some(z) = self.zone_at(r) {
                notes.push(format!(
                    "Landing Zone {}: Transport Number {}, Staging Number {} (3.5)",
                    z.number, z.transport, z.staging
                ));
            }
            if a.is_land() {
                notes.push(format!("elevation {} (7.2)", a.elevation));
            }
            let (terrain, boxed) = match a.kind {
                Kind::Open => ("open", false),
                Kind::Town => ("town", false),
                Kind::Hilltop => ("hill", false),
                Kind::Slope => ("slope", false),
                Kind::Ridge => ("ridge", false),
                Kind::Box => ("box", true),
                Kind::Fleet | Kind::Zone | Kind::Water => ("water-box", true),
            };
            Drawn {
                x: a.draw.0,
                y: a.draw.1,
                terrain,
                town: a.kind == Kind::Town,
                boxed,
                notes,
            }
        };
        // Each border once; a shore (to a Landing Zone, between Fleet Boxes) is drawn as a river.
        let borders = self.regions().flat_map(|a| {
            self.neighbours(a).iter().filter(move |&&b| a < b).map(move |&b| {
                let land = self.area(a).is_land() && self.area(b).is_land();
                (a, b, false, if land { Water::None } else { Water::River })
            })
        });
        let labels = vec![
            label("Mystic River", 520.0, 30.0),
            label("Charles River", 330.0, 800.0),
            label("Boston Harbor", 1060.0, 900.0),
            label("toward Cambridge", 110.0, 335.0),
        ];
        self.board
            .drawing("bh", drawn, borders, (WIDTH, HEIGHT), labels, crate::view::MARKERS)
    }
}
