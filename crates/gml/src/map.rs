//! 2.1 Game Map: the spaces and communication lines of the North and South
//! maps, the states and the six regions they form (9.x), and the maritime
//! zones of naval movement (7.x). The printed maps are not in the rulebook:
//! `data/*.tsv` reconstruct them from real geography, every row saying why
//! (data/README-map.md), and `--data` may replace them with a printed
//! game's values.

use engine::table::{self, Table, TableError};
use std::collections::{HashMap, VecDeque};
use std::path::Path;

/// A space's index in [`Map::spaces`].
pub type SpaceId = u16;
/// A maritime zone's index in [`Map::zones`].
pub type ZoneId = u16;
/// A state's index in [`Map::states`].
pub type StateId = u8;

/// Which of the two maps a space is printed on (12.x: each battle
/// scenario uses one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sheet {
    North,
    South,
}

/// Terrain Effects Table: a space is clear, a fort or a swamp; a city with
/// victory points is marked by [`Space::vp`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Terrain {
    Clear,
    Fort,
    Swamp,
}

/// 6.16 communication lines, and 6.19 the river crossing where no line
/// joins two contiguous spaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LineKind {
    TollRoad,
    Road,
    Trail,
    River,
    /// 6.19: contiguous across a river, without a communication line.
    Crossing,
}

impl LineKind {
    /// 6.16 and the Terrain Effects Table: the cost in half movement points
    /// (a toll road costs ½). `None` for a 6.19 crossing, which takes the
    /// unit's entire movement capacity.
    pub fn half_points(self) -> Option<u8> {
        match self {
            LineKind::TollRoad => Some(1),
            LineKind::Road | LineKind::River => Some(2),
            LineKind::Trail => Some(4),
            LineKind::Crossing => None,
        }
    }

    /// A communication line (6.16), not a mere crossing (6.19): supply
    /// paths and "connected" spaces follow lines (ruling gml #29).
    pub fn is_line(self) -> bool {
        self != LineKind::Crossing
    }

    pub fn word(self) -> &'static str {
        LINE_KINDS.iter().find(|(_, k)| *k == self).map_or("", |(w, _)| w)
    }

    /// The line as a player reads it: "toll road", "trail".
    pub fn name(self) -> &'static str {
        match self {
            LineKind::TollRoad => "toll road",
            other => other.word(),
        }
    }
}

/// 9.1 the six regions the Militia Table rolls for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Region {
    Canada,
    NewEngland,
    MiddleAtlantic,
    SouthCentral,
    South,
    Northwest,
}

impl Region {
    pub const ALL: [Region; 6] = [
        Region::Canada,
        Region::NewEngland,
        Region::MiddleAtlantic,
        Region::SouthCentral,
        Region::South,
        Region::Northwest,
    ];

    /// The region's name as the rules write it.
    pub fn name(self) -> &'static str {
        match self {
            Region::Canada => "Canada",
            Region::NewEngland => "New England",
            Region::MiddleAtlantic => "Middle Atlantic",
            Region::SouthCentral => "South-Central",
            Region::South => "South",
            Region::Northwest => "Northwest",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZoneKind {
    Sea,
    River,
    Lake,
}

#[derive(Clone, Debug)]
pub struct State {
    pub id: String,
    pub name: String,
    /// None for the states of the off-map boxes (Halifax, Florida, the
    /// Caribbean), which no region counts.
    pub region: Option<Region>,
    pub provenance: String,
}

#[derive(Clone, Debug)]
pub struct Space {
    pub id: String,
    pub name: String,
    pub sheet: Sheet,
    pub lat: f64,
    pub lon: f64,
    pub terrain: Terrain,
    /// Victory points of a VP city (Terrain Effects Table, 13.41); 0 if none.
    pub vp: u8,
    /// 7.1 the maritime zone a port opens on.
    pub port: Option<ZoneId>,
    pub state: StateId,
    /// 11.x the Hampshire Grants.
    pub grants: bool,
    /// 11.5 the tribe of an Indian settlement.
    pub tribe: Option<String>,
    /// An off-map box (Halifax, the Caribbean, Florida: 9.5, 11.41).
    pub boxed: bool,
    /// On a bank of the St. Lawrence (12.14), a port or not.
    pub bank: bool,
    pub provenance: String,
}

#[derive(Clone, Debug)]
pub struct Line {
    pub a: SpaceId,
    pub b: SpaceId,
    pub kind: LineKind,
    pub provenance: String,
}

#[derive(Clone, Debug)]
pub struct Zone {
    pub id: String,
    pub name: String,
    pub kind: ZoneKind,
    /// The map the zone is printed on: its ports' (a zone is checked to
    /// have ports, all on one map). A scenario played on one map sails on
    /// its zones only (12.x2, ruling gml #75).
    pub sheet: Sheet,
    pub lat: f64,
    pub lon: f64,
    pub provenance: String,
}

/// Both maps, their states and their maritime zones.
#[derive(Clone, Debug)]
pub struct Map {
    pub states: Vec<State>,
    pub spaces: Vec<Space>,
    pub lines: Vec<Line>,
    pub zones: Vec<Zone>,
    /// 7.1 which zones a ship may sail between, with the reasons.
    pub zone_links: Vec<(ZoneId, ZoneId, String)>,
    /// Per space, its neighbours and the kind of what joins them.
    adjacent: Vec<Vec<(SpaceId, LineKind)>>,
    by_id: HashMap<String, SpaceId>,
    /// Steps between every two spaces over lines and crossings, row by row
    /// (`u16::MAX` where none reaches): the bots' sense of distance.
    apart: Vec<u16>,
    /// Per state, its spaces in id order.
    in_state: Vec<Vec<SpaceId>>,
    /// The port spaces (7.2), in id order.
    pub ports: Vec<SpaceId>,
}

const STATES_TSV: &str = include_str!("../data/states.tsv");
const SPACES_TSV: &str = include_str!("../data/spaces.tsv");
const LINES_TSV: &str = include_str!("../data/lines.tsv");
const ZONES_TSV: &str = include_str!("../data/zones.tsv");
const ZONE_LINKS_TSV: &str = include_str!("../data/zone-links.tsv");

/// The map's files, which `--data` may replace.
pub const FILES: [&str; 5] = ["states.tsv", "spaces.tsv", "lines.tsv", "zones.tsv", "zone-links.tsv"];

const STATE_COLUMNS: &[&str] = &["id", "name", "region"];
const SPACE_COLUMNS: &[&str] = &[
    "id", "name", "map", "lat", "lon", "terrain", "vp", "port", "state", "grants", "tribe", "boxed", "bank",
];
const LINE_COLUMNS: &[&str] = &["a", "b", "kind"];
const ZONE_COLUMNS: &[&str] = &["id", "name", "kind", "lat", "lon"];
const ZONE_LINK_COLUMNS: &[&str] = &["a", "b"];

pub(crate) const REGIONS: &[(&str, Option<Region>)] = &[
    ("canada", Some(Region::Canada)),
    ("new-england", Some(Region::NewEngland)),
    ("middle-atlantic", Some(Region::MiddleAtlantic)),
    ("south-central", Some(Region::SouthCentral)),
    ("south", Some(Region::South)),
    ("northwest", Some(Region::Northwest)),
    ("-", None),
];
const SHEETS: &[(&str, Sheet)] = &[("north", Sheet::North), ("south", Sheet::South)];
const TERRAINS: &[(&str, Terrain)] = &[
    ("clear", Terrain::Clear),
    ("fort", Terrain::Fort),
    ("swamp", Terrain::Swamp),
];
const LINE_KINDS: &[(&str, LineKind)] = &[
    ("toll-road", LineKind::TollRoad),
    ("road", LineKind::Road),
    ("trail", LineKind::Trail),
    ("river", LineKind::River),
    ("crossing", LineKind::Crossing),
];
const ZONE_KINDS: &[(&str, ZoneKind)] = &[
    ("sea", ZoneKind::Sea),
    ("river", ZoneKind::River),
    ("lake", ZoneKind::Lake),
];

/// Places the scenarios and the rules name (12.x, 7.1), which any map,
/// reconstructed or printed, must have.
pub const NAMED: &[&str] = &[
    "quebec",
    "montreal",
    "st-johns",
    "ticonderoga",
    "falmouth",
    "new-york",
    "west-point",
    "fort-stanwix",
    "albany",
    "philadelphia",
    "oswego",
    "savannah",
    "charleston",
    "augusta",
    "ninety-six",
    "camden",
    "charlotte",
    "hillsborough",
    "wilmington",
    "georgetown",
    "thicketty-fort",
    "alexandria",
];

/// Reads the rows' ids, each once.
fn ids(table: &Table, column: &str) -> Result<HashMap<String, u16>, TableError> {
    let mut out = HashMap::new();
    for (i, row) in table.rows().enumerate() {
        let id = row.id(column)?;
        if out.insert(id.clone(), i as u16).is_some() {
            return Err(row.error(column, "an id not used by an earlier row"));
        }
    }
    Ok(out)
}

fn latitude(row: &table::Row) -> Result<(f64, f64), TableError> {
    Ok((row.range("lat", 20.0..=60.0)?, row.range("lon", -100.0..=-50.0)?))
}

impl Map {
    /// The spaces of a state, in id order.
    pub fn spaces_of(&self, st: StateId) -> &[SpaceId] {
        &self.in_state[st as usize]
    }

    /// 9.1 the states of a region.
    pub fn states_in(&self, region: Region) -> impl Iterator<Item = StateId> + '_ {
        (0..self.states.len() as StateId).filter(move |&st| self.states[st as usize].region == Some(region))
    }

    /// The maps from the files in `dir` (the `--data` folder), the
    /// embedded files standing in for those it lacks.
    pub fn read(dir: Option<&Path>) -> Result<Map, TableError> {
        Map::parse(
            &table::read(dir, "states.tsv", STATES_TSV, STATE_COLUMNS)?,
            &table::read(dir, "spaces.tsv", SPACES_TSV, SPACE_COLUMNS)?,
            &table::read(dir, "lines.tsv", LINES_TSV, LINE_COLUMNS)?,
            &table::read(dir, "zones.tsv", ZONES_TSV, ZONE_COLUMNS)?,
            &table::read(dir, "zone-links.tsv", ZONE_LINKS_TSV, ZONE_LINK_COLUMNS)?,
        )
    }

    /// The embedded, reconstructed maps.
    pub fn embedded() -> Map {
        Map::read(None).expect("the embedded map is valid (tests/map.rs)")
    }

    pub fn parse(
        state_table: &Table,
        space_table: &Table,
        line_table: &Table,
        zone_table: &Table,
        zone_link_table: &Table,
    ) -> Result<Map, TableError> {
        let state_ids = ids(state_table, "id")?;
        let mut states = Vec::new();
        for row in state_table.rows() {
            states.push(State {
                id: row.str("id").to_string(),
                name: row.str("name").to_string(),
                region: row.one_of("region", REGIONS)?,
                provenance: row.reason().to_string(),
            });
        }
        let zone_ids = ids(zone_table, "id")?;
        let mut zones = Vec::new();
        for row in zone_table.rows() {
            let (lat, lon) = latitude(&row)?;
            zones.push(Zone {
                id: row.str("id").to_string(),
                name: row.str("name").to_string(),
                kind: row.one_of("kind", ZONE_KINDS)?,
                // Set from the zone's ports below.
                sheet: Sheet::North,
                lat,
                lon,
                provenance: row.reason().to_string(),
            });
        }
        let mut zone_links = Vec::new();
        for row in zone_link_table.rows() {
            let end = |c: &str| {
                zone_ids
                    .get(row.str(c))
                    .copied()
                    .ok_or_else(|| row.error(c, "a zone of zones.tsv"))
            };
            let (a, b) = (end("a")?, end("b")?);
            if a == b || zone_links.iter().any(|&(x, y, _)| (x, y) == (a, b) || (x, y) == (b, a)) {
                return Err(row.line_error("two different zones, linked once", "a repeated or looping link"));
            }
            zone_links.push((a, b, row.reason().to_string()));
        }
        let by_id: HashMap<String, SpaceId> = ids(space_table, "id")?;
        let mut spaces = Vec::new();
        for row in space_table.rows() {
            // The drawing and the actions name zones and spaces alike.
            if zone_ids.contains_key(row.str("id")) {
                return Err(row.error("id", "an id no maritime zone has"));
            }
            let (lat, lon) = latitude(&row)?;
            let port = match row.opt("port") {
                None => None,
                Some(z) => Some(
                    *zone_ids
                        .get(z)
                        .ok_or_else(|| row.error("port", "empty or a zone of zones.tsv"))?,
                ),
            };
            let state = *state_ids
                .get(row.str("state"))
                .ok_or_else(|| row.error("state", "a state of states.tsv"))? as StateId;
            spaces.push(Space {
                id: row.str("id").to_string(),
                name: row.str("name").to_string(),
                sheet: row.one_of("map", SHEETS)?,
                lat,
                lon,
                terrain: row.one_of("terrain", TERRAINS)?,
                vp: row.range("vp", 0..=9)?,
                port,
                state,
                grants: row.flag("grants")?,
                tribe: row.opt("tribe").map(str::to_string),
                boxed: row.flag("boxed")?,
                bank: row.flag("bank")?,
                provenance: row.reason().to_string(),
            });
        }
        let mut lines: Vec<Line> = Vec::new();
        let mut adjacent = vec![Vec::new(); spaces.len()];
        for row in line_table.rows() {
            let end = |c: &str| {
                by_id
                    .get(row.str(c))
                    .copied()
                    .ok_or_else(|| row.error(c, "a space of spaces.tsv"))
            };
            let (a, b) = (end("a")?, end("b")?);
            let kind = row.one_of("kind", LINE_KINDS)?;
            if a == b || adjacent[a as usize].iter().any(|&(n, _)| n == b) {
                return Err(row.line_error("two different spaces, joined once", "a repeated or looping line"));
            }
            adjacent[a as usize].push((b, kind));
            adjacent[b as usize].push((a, kind));
            lines.push(Line {
                a,
                b,
                kind,
                provenance: row.reason().to_string(),
            });
        }
        let mut map = Map {
            states,
            spaces,
            lines,
            zones,
            zone_links,
            adjacent,
            by_id,
            apart: Vec::new(),
            in_state: Vec::new(),
            ports: Vec::new(),
        };
        map.in_state = (0..map.states.len() as StateId)
            .map(|st| {
                (0..map.spaces.len() as SpaceId)
                    .filter(|&x| map.get(x).state == st)
                    .collect()
            })
            .collect();
        map.ports = (0..map.spaces.len() as SpaceId)
            .filter(|&x| map.get(x).port.is_some())
            .collect();
        map.apart = (0..map.spaces.len() as SpaceId)
            .flat_map(|s| map.steps(s, |_| true))
            .collect();
        for id in NAMED {
            if map.space(id).is_none() {
                return Err(space_table.error(format!("a space '{id}', which the rules name"), "none"));
            }
        }
        for (z, zone) in map.zones.iter_mut().enumerate() {
            let mut sheets = map
                .spaces
                .iter()
                .filter(|s| s.port == Some(z as ZoneId))
                .map(|s| s.sheet);
            let first = sheets
                .next()
                .ok_or_else(|| zone_table.error(format!("a port of spaces.tsv on zone '{}'", zone.id), "none"))?;
            if sheets.any(|s| s != first) {
                return Err(zone_table.error(
                    format!("the ports of zone '{}' all on one map", zone.id),
                    "ports on both maps",
                ));
            }
            zone.sheet = first;
        }
        // Every space on the maps can be reached over land from New York.
        let reach = map.steps(map.space("new-york").expect("named"), |_| true);
        if let Some(s) = (0..map.spaces.len()).find(|&s| !map.spaces[s].boxed && reach[s] == u16::MAX) {
            return Err(space_table.error(
                "every space on the maps joined by lines or crossings to the rest",
                format!("'{}' cut off", map.spaces[s].id),
            ));
        }
        for r in Region::ALL {
            if !map.spaces.iter().any(|s| s.vp > 0 && map.region(s) == Some(r)) {
                return Err(space_table.error(
                    format!("a city with victory points in the {} region (9.1)", r.name()),
                    "none",
                ));
            }
        }
        Ok(map)
    }

    /// The space with this id.
    pub fn space(&self, id: &str) -> Option<SpaceId> {
        self.by_id.get(id).copied()
    }

    pub fn get(&self, s: SpaceId) -> &Space {
        &self.spaces[s as usize]
    }

    /// The spaces next to `s`, each with what joins them.
    pub fn neighbours(&self, s: SpaceId) -> &[(SpaceId, LineKind)] {
        &self.adjacent[s as usize]
    }

    /// What joins `a` and `b`, if they are neighbours.
    pub fn between(&self, a: SpaceId, b: SpaceId) -> Option<LineKind> {
        self.neighbours(a).iter().find(|&&(n, _)| n == b).map(|&(_, k)| k)
    }

    /// 9.1 the region of a space, through its state; none for a box.
    pub fn region(&self, s: &Space) -> Option<Region> {
        self.states[s.state as usize].region
    }

    pub fn state(&self, s: &Space) -> &State {
        &self.states[s.state as usize]
    }

    /// Steps from `from` to every space over what `through` lets pass
    /// (`u16::MAX` where none reaches): "within 2 spaces" (12.x) and the
    /// supply paths of 10.x count them.
    pub fn steps(&self, from: SpaceId, through: impl Fn(LineKind) -> bool) -> Vec<u16> {
        let mut dist = vec![u16::MAX; self.spaces.len()];
        dist[from as usize] = 0;
        let mut queue = VecDeque::from([from]);
        while let Some(s) = queue.pop_front() {
            for &(n, kind) in self.neighbours(s) {
                if through(kind) && dist[n as usize] == u16::MAX {
                    dist[n as usize] = dist[s as usize] + 1;
                    queue.push_back(n);
                }
            }
        }
        dist
    }

    /// Steps from `a` to `b` over lines and crossings (`u16::MAX` where
    /// none reaches).
    pub fn apart(&self, a: SpaceId, b: SpaceId) -> u16 {
        self.apart[a as usize * self.spaces.len() + b as usize]
    }

    /// Every reconstructed item with its reason.
    pub fn provenance(&self) -> Vec<(String, String)> {
        let mut v = Vec::new();
        for s in &self.states {
            v.push((format!("state {}", s.id), s.provenance.clone()));
        }
        for s in &self.spaces {
            v.push((format!("space {}", s.id), s.provenance.clone()));
        }
        for l in &self.lines {
            let (a, b) = (&self.get(l.a).id, &self.get(l.b).id);
            v.push((format!("{} {a}-{b}", l.kind.word()), l.provenance.clone()));
        }
        for z in &self.zones {
            v.push((format!("zone {}", z.id), z.provenance.clone()));
        }
        for (a, b, why) in &self.zone_links {
            let (a, b) = (&self.zones[*a as usize].id, &self.zones[*b as usize].id);
            v.push((format!("zone link {a}-{b}"), why.clone()));
        }
        v
    }
}
