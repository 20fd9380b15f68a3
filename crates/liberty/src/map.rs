//! 1.0 Mapboard: the hex map, loaded from `data/hexes.tsv`, `data/hexsides.tsv`
//! and `data/rivers.tsv` (reconstructed; see `data/README.md`).
//!
//! API CONTRACT (used by the rules modules; keep signatures stable):

use engine::table::{self, Row, Table, TableError};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::Path;

/// Index of a space in `Map::spaces` (hexes first, then the three boxes).
pub type Hex = u16;
/// Index of a hexside in `Map::sides`.
pub type Side = u16;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Terrain {
    Land,
    Sea,
    /// Off-map box: the Atlantic (1.6) or a West Indies port (1.5).
    Box,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Colour {
    Blue,
    Red,
    Orange,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Zone {
    North,
    South,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Town {
    pub name: String,
    /// 1.2 supply value 1-4; 0 for a small unnumbered town.
    pub value: u8,
    pub colour: Colour,
    /// 1.3 anchor symbol.
    pub port: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Space {
    /// "0512" (column 05, row 12) for hexes; "atlantic", "wi-british", "wi-french" for boxes.
    pub id: String,
    pub terrain: Terrain,
    pub col: i16,
    pub row: i16,
    pub lat: f64,
    pub lon: f64,
    /// 4.0 weather zone; `None` for the Atlantic. The West Indies are South.
    pub zone: Option<Zone>,
    pub town: Option<Town>,
    /// 1.4 at least two forest hexsides (derived at load).
    pub wilderness: bool,
    /// Neighbours by hexside, with the hexside index (empty for boxes).
    pub adj: Vec<(Hex, Side)>,
    pub note: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SideTerrain {
    Clear,
    Forest,
    Marsh,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Hexside {
    pub a: Hex,
    pub b: Hex,
    pub terrain: SideTerrain,
    /// Ground blocks may cross (1.1: not an all-sea hexside).
    pub ground: bool,
    /// Warships may cross (1.1: not an all-land hexside).
    pub naval: bool,
    /// A river or lake shore runs through this hexside (5.2, 5.6).
    pub river: bool,
}

impl Hexside {
    /// 5.2 Hexside limits: clear 4, forest/marsh 2, river through forest/marsh 3.
    pub fn limit(&self) -> u8 {
        match (self.terrain, self.river) {
            (SideTerrain::Clear, _) => 4,
            (_, true) => 3,
            (_, false) => 2,
        }
    }
    /// 5.2 crossing a forest/marsh hexside stops a block (unless by river).
    pub fn stops(&self) -> bool {
        self.terrain != SideTerrain::Clear
    }
}

#[derive(Clone, Debug)]
pub struct Map {
    pub spaces: Vec<Space>,
    pub sides: Vec<Hexside>,
    /// Each river or lake shore as an ordered chain of hexes (5.6).
    pub rivers: Vec<(String, Vec<Hex>)>,
    pub atlantic: Hex,
    /// [British port, French port] (1.5, 9.1).
    pub west_indies: [Hex; 2],
    /// Yorktown and Dover (5.4 naval choke points), and the ports each closes.
    pub chokepoints: Vec<Chokepoint>,
    /// Space id -> index.
    pub ids: HashMap<String, Hex>,
    /// Town name (and box id) -> index.
    pub names: HashMap<String, Hex>,
    /// (min(a,b), max(a,b)) -> hexside index.
    pub side_index: HashMap<(Hex, Hex), Side>,
    /// 5.6 river destinations per space (precomputed), see `river_moves`.
    pub river_dest: Vec<Vec<(Hex, Vec<Side>)>>,
    /// Provenance notes of hexsides and rivers (item, note).
    pub extra_notes: Vec<(String, String)>,
    /// 1.2 who a vacant space belongs to by its town's colour: 0 British (red,
    /// orange), 1 American (blue), 2 nobody (no town, the Atlantic).
    pub colour_owner: Vec<u8>,
    /// Every port (1.3), the West Indies included, for sea movement.
    pub ports: Vec<Hex>,
    /// Every town hex (1.2), for deployment.
    pub town_hexes: Vec<Hex>,
}

#[derive(Clone, Debug)]
pub struct Chokepoint {
    pub hex: Hex,
    /// Ports inside the bay or river that the choke point closes (11.3).
    pub closes: Vec<Hex>,
}

/// The embedded (reconstructed) map data.
pub const HEXES_TSV: &str = include_str!("../data/hexes.tsv");
pub const HEXSIDES_TSV: &str = include_str!("../data/hexsides.tsv");
pub const RIVERS_TSV: &str = include_str!("../data/rivers.tsv");

/// Ids of the three off-map boxes (1.5, 1.6).
pub const ATLANTIC: &str = "atlantic";
pub const WI_BRITISH: &str = "wi-british";
pub const WI_FRENCH: &str = "wi-french";

/// Columns of the map files; each may add a `note` column (see `engine::table`).
const HEX_COLUMNS: &[&str] = &[
    "hex",
    "col",
    "row",
    "lat",
    "lon",
    "terrain",
    "zone",
    "town",
    "value",
    "colour",
    "port",
    "closed_by",
];
const SIDE_COLUMNS: &[&str] = &["a", "b", "terrain", "ground", "naval"];
const RIVER_COLUMNS: &[&str] = &["river", "hexes"];

const TERRAINS: &[(&str, Terrain)] = &[("land", Terrain::Land), ("sea", Terrain::Sea), ("box", Terrain::Box)];
const ZONES: &[(&str, Option<Zone>)] = &[("north", Some(Zone::North)), ("south", Some(Zone::South)), ("", None)];
const COLOURS: &[(&str, Colour)] = &[("blue", Colour::Blue), ("red", Colour::Red), ("orange", Colour::Orange)];
const SIDE_TERRAINS: &[(&str, SideTerrain)] = &[
    ("clear", SideTerrain::Clear),
    ("forest", SideTerrain::Forest),
    ("marsh", SideTerrain::Marsh),
];
/// The boxes, in the order they follow the hexes in `Map::spaces`.
const BOXES: [&str; 3] = [ATLANTIC, WI_BRITISH, WI_FRENCH];

/// Grid neighbours of (col,row): flat-topped hexes, odd-q (odd columns half a hex south).
pub fn grid_neighbours(col: i16, row: i16) -> [(i16, i16); 6] {
    if col & 1 == 1 {
        [
            (col, row - 1),
            (col + 1, row),
            (col + 1, row + 1),
            (col, row + 1),
            (col - 1, row + 1),
            (col - 1, row),
        ]
    } else {
        [
            (col, row - 1),
            (col + 1, row - 1),
            (col + 1, row),
            (col, row + 1),
            (col - 1, row),
            (col - 1, row - 1),
        ]
    }
}

/// Parse and validate the three map files (file names used in errors:
/// hexes.tsv, hexsides.tsv, rivers.tsv).
pub fn parse(hexes: &str, hexsides: &str, rivers: &str) -> Result<Map, TableError> {
    from_tables(
        &Table::parse("hexes.tsv", hexes, HEX_COLUMNS)?,
        &Table::parse("hexsides.tsv", hexsides, SIDE_COLUMNS)?,
        &Table::parse("rivers.tsv", rivers, RIVER_COLUMNS)?,
    )
}

/// Load the map from `dir`: each of hexes.tsv, hexsides.tsv, rivers.tsv that
/// exists in `dir` overrides the embedded file (the `--data DIR` option).
pub fn load_dir(dir: &Path) -> Result<Map, TableError> {
    let dir = Some(dir);
    from_tables(
        &table::read(dir, "hexes.tsv", HEXES_TSV, HEX_COLUMNS)?,
        &table::read(dir, "hexsides.tsv", HEXSIDES_TSV, SIDE_COLUMNS)?,
        &table::read(dir, "rivers.tsv", RIVERS_TSV, RIVER_COLUMNS)?,
    )
}

/// The map in use: the embedded one, or an override installed by
/// [`crate::use_data_dir`] before the first game.
pub(crate) static MAP: engine::data::Loaded<Map> = engine::data::Loaded::new("the map");

fn from_tables(hexes: &Table, hexsides: &Table, rivers: &Table) -> Result<Map, TableError> {
    // ---------------------------------------------------------------- hexes
    let mut grid_spaces: Vec<(Row, Space)> = Vec::new();
    let mut box_spaces: Vec<(Row, Space)> = Vec::new();
    let mut closed_by: Vec<(Row, String, String)> = Vec::new(); // (row, port id, choke town)
    for row in hexes.rows() {
        let id = row.str("hex").to_string();
        let terrain = row.one_of("terrain", TERRAINS)?;
        let zone = row.one_of("zone", ZONES)?;
        let (col, r, lat, lon) = if terrain == Terrain::Box {
            if !BOXES.contains(&id.as_str()) {
                return Err(row.error("hex", format!("a box id ({}) for a box", BOXES.join("|"))));
            }
            (0, 0, 0.0, 0.0)
        } else {
            if id.len() != 4 || !id.bytes().all(|b| b.is_ascii_digit()) {
                return Err(row.error("hex", "a hex id of 4 digits CCRR"));
            }
            let col: i16 = row.parse("col")?;
            let r: i16 = row.parse("row")?;
            if format!("{col:02}{r:02}") != id {
                return Err(row.error("hex", format!("{col:02}{r:02}, the id of col {col} row {r}")));
            }
            let lat: f64 = row.parse("lat")?;
            let lon: f64 = row.parse("lon")?;
            if zone.is_none() {
                return Err(row.error("zone", "north or south for a map hex (4.0)"));
            }
            (col, r, lat, lon)
        };
        if id == ATLANTIC && zone.is_some() {
            return Err(row.error("zone", "an empty cell: the Atlantic box has no weather zone (4.0)"));
        }
        if (id == WI_BRITISH || id == WI_FRENCH) && zone != Some(Zone::South) {
            return Err(row.error("zone", "south: the West Indies are in the South zone (4.0)"));
        }
        let town = match row.opt("town") {
            None => {
                if let Some(c) = ["value", "colour", "port", "closed_by"]
                    .into_iter()
                    .find(|c| row.opt(c).is_some())
                {
                    return Err(row.error(c, "an empty cell in a row without a town"));
                }
                None
            }
            Some(name) => {
                if terrain == Terrain::Sea {
                    return Err(row.error("town", "no town on a sea hex"));
                }
                let value = row.range("value", 0u8..=4)?;
                let colour = row.one_of("colour", COLOURS)?;
                let port = row.flag("port")?;
                if let Some(choke) = row.opt("closed_by") {
                    if !port {
                        return Err(row.error("closed_by", "an empty cell for a town that is not a port"));
                    }
                    closed_by.push((row, id.clone(), choke.to_string()));
                }
                Some(Town {
                    name: name.to_string(),
                    value,
                    colour,
                    port,
                })
            }
        };
        let space = Space {
            id,
            terrain,
            col,
            row: r,
            lat,
            lon,
            zone,
            town,
            wilderness: false,
            adj: Vec::new(),
            note: row.reason().to_string(),
        };
        if terrain == Terrain::Box {
            box_spaces.push((row, space));
        } else {
            grid_spaces.push((row, space));
        }
    }
    // hexes first (in file order), then the three boxes in a fixed order
    box_spaces.sort_by_key(|(_, s)| BOXES.iter().position(|b| *b == s.id));
    let mut spaces: Vec<Space> = Vec::new();
    // The row of each space, for the faults found once all are read.
    let mut rows: Vec<Row> = Vec::new();
    let mut ids: HashMap<String, Hex> = HashMap::new();
    let mut names: HashMap<String, Hex> = HashMap::new();
    for (row, s) in grid_spaces.into_iter().chain(box_spaces) {
        let h = spaces.len() as Hex;
        if let Some(prev) = ids.insert(s.id.clone(), h) {
            let line = rows[prev as usize].line();
            return Err(row.error("hex", format!("an id no other row has (line {line} has it)")));
        }
        if let Some(t) = &s.town {
            if let Some(prev) = names.insert(t.name.clone(), h) {
                let line = rows[prev as usize].line();
                return Err(row.error("town", format!("a town name no other hex has (line {line} has it)")));
            }
        }
        spaces.push(s);
        rows.push(row);
    }
    for b in BOXES {
        let Some(&h) = ids.get(b) else {
            return Err(hexes.error(format!("a row for the box '{b}' (1.5, 1.6)"), "none"));
        };
        let (row, town) = (rows[h as usize], spaces[h as usize].town.as_ref());
        if b != ATLANTIC {
            match town {
                None => return Err(row.error("town", "the name of the port in this box (1.5)")),
                Some(t) if !t.port => return Err(row.error("port", "yes: the West Indies boxes are ports (1.5)")),
                Some(_) => {}
            }
        } else if town.is_some() {
            return Err(row.error("town", "an empty cell: the Atlantic box is not a town (1.6)"));
        }
        if let Some(prev) = names.insert(b.to_string(), h) {
            let expected = format!("a town name other than the box ids ({})", BOXES.join("|"));
            return Err(rows[prev as usize].error("town", expected));
        }
    }
    // ------------------------------------------------------------- hexsides
    let mut pos: HashMap<(i16, i16), Hex> = HashMap::new();
    for (i, s) in spaces.iter().enumerate() {
        if s.terrain != Terrain::Box {
            pos.insert((s.col, s.row), i as Hex);
        }
    }
    let mut sides: Vec<Hexside> = Vec::new();
    let mut side_index: HashMap<(Hex, Hex), Side> = HashMap::new();
    for (i, s) in spaces.iter().enumerate() {
        if s.terrain == Terrain::Box {
            continue;
        }
        for n in grid_neighbours(s.col, s.row) {
            if let Some(&j) = pos.get(&n) {
                let (a, b) = ((i as Hex).min(j), (i as Hex).max(j));
                if side_index.contains_key(&(a, b)) {
                    continue;
                }
                let both_land =
                    spaces[a as usize].terrain == Terrain::Land && spaces[b as usize].terrain == Terrain::Land;
                side_index.insert((a, b), sides.len() as Side);
                sides.push(Hexside {
                    a,
                    b,
                    terrain: SideTerrain::Clear,
                    ground: both_land,
                    naval: !both_land,
                    river: false,
                });
            }
        }
    }
    let mut side_notes: Vec<(Side, String)> = Vec::new();
    let mut overridden: HashMap<Side, usize> = HashMap::new();
    for row in hexsides.rows() {
        let look = |column: &str| {
            ids.get(row.str(column))
                .copied()
                .filter(|&h| spaces[h as usize].terrain != Terrain::Box)
                .ok_or_else(|| row.error(column, "the id of a map hex"))
        };
        let (a, b) = (look("a")?, look("b")?);
        let Some(&si) = side_index.get(&(a.min(b), a.max(b))) else {
            return Err(row.error("b", format!("a hex adjacent to {}", row.str("a"))));
        };
        if let Some(prev) = overridden.insert(si, row.line()) {
            return Err(row.line_error(
                "each hexside on one line",
                format!("hexside {}-{} again (line {prev} gives it)", row.str("a"), row.str("b")),
            ));
        }
        let terrain = row.one_of("terrain", SIDE_TERRAINS)?;
        let ground = row.flag("ground")?;
        let naval = row.flag("naval")?;
        let sea = spaces[a as usize].terrain == Terrain::Sea || spaces[b as usize].terrain == Terrain::Sea;
        if sea && ground {
            return Err(row.error("ground", "no: the hexside touches a sea hex"));
        }
        let sd = &mut sides[si as usize];
        sd.terrain = terrain;
        sd.ground = ground;
        sd.naval = naval;
        if !row.reason().is_empty() {
            side_notes.push((si, row.reason().to_string()));
        }
    }
    // --------------------------------------------------------------- rivers
    let mut river_list: Vec<(String, Vec<Hex>)> = Vec::new();
    let mut river_notes: Vec<(String, String)> = Vec::new();
    let mut river_lines: HashMap<&str, usize> = HashMap::new();
    for row in rivers.rows() {
        let Some(name) = row.opt("river") else {
            return Err(row.error("river", "a river name"));
        };
        if let Some(prev) = river_lines.insert(name, row.line()) {
            return Err(row.error("river", format!("a name no other river has (line {prev} has it)")));
        }
        let mut chain: Vec<Hex> = Vec::new();
        for id in row.str("hexes").split_whitespace() {
            let h = ids
                .get(id)
                .copied()
                .filter(|&h| spaces[h as usize].terrain == Terrain::Land)
                .ok_or_else(|| row.part_error("hexes", "the id of a land hex", id))?;
            if chain.contains(&h) {
                return Err(row.part_error("hexes", "a hex not already in the river", id));
            }
            if let Some(&p) = chain.last() {
                if !side_index.contains_key(&(p.min(h), p.max(h))) {
                    let expected = format!("a hex adjacent to {}, the one before it", spaces[p as usize].id);
                    return Err(row.part_error("hexes", expected, id));
                }
            }
            chain.push(h);
        }
        if chain.len() < 2 {
            return Err(row.error("hexes", "at least two hex ids, separated by spaces"));
        }
        for w in chain.windows(2) {
            let si = side_index[&(w[0].min(w[1]), w[0].max(w[1]))];
            sides[si as usize].river = true;
        }
        river_notes.push((name.to_string(), row.reason().to_string()));
        river_list.push((name.to_string(), chain));
    }
    // -------------------------------------------------------------- derived
    for (si, s) in sides.iter().enumerate() {
        spaces[s.a as usize].adj.push((s.b, si as Side));
        spaces[s.b as usize].adj.push((s.a, si as Side));
    }
    for s in spaces.iter_mut() {
        let forest = s
            .adj
            .iter()
            .filter(|(_, si)| sides[*si as usize].terrain == SideTerrain::Forest)
            .count();
        s.wilderness = s.terrain == Terrain::Land && forest >= 2;
    }
    let mut river_dest: Vec<Vec<(Hex, Vec<Side>)>> = vec![Vec::new(); spaces.len()];
    let sid = |a: Hex, b: Hex| side_index[&(a.min(b), a.max(b))];
    for (_, chain) in &river_list {
        for (i, &h) in chain.iter().enumerate() {
            let mut cand: Vec<(Hex, Vec<Side>)> = Vec::new();
            if i >= 1 {
                cand.push((chain[i - 1], vec![sid(h, chain[i - 1])]));
            }
            if i >= 2 {
                cand.push((
                    chain[i - 2],
                    vec![sid(h, chain[i - 1]), sid(chain[i - 1], chain[i - 2])],
                ));
            }
            if i + 1 < chain.len() {
                cand.push((chain[i + 1], vec![sid(h, chain[i + 1])]));
            }
            if i + 2 < chain.len() {
                cand.push((
                    chain[i + 2],
                    vec![sid(h, chain[i + 1]), sid(chain[i + 1], chain[i + 2])],
                ));
            }
            let dest = &mut river_dest[h as usize];
            for (d, path) in cand {
                match dest.iter_mut().find(|(x, _)| *x == d) {
                    Some(e) if e.1.len() > path.len() => e.1 = path,
                    Some(_) => {}
                    None => dest.push((d, path)),
                }
            }
        }
    }
    // choke points
    let mut chokepoints: Vec<Chokepoint> = Vec::new();
    for (row, port_id, choke) in closed_by {
        let Some(&ch) = names.get(&choke) else {
            return Err(row.error("closed_by", "the name of a town on the map (5.4)"));
        };
        let port = ids[&port_id];
        match chokepoints.iter_mut().find(|c| c.hex == ch) {
            Some(c) => c.closes.push(port),
            None => chokepoints.push(Chokepoint {
                hex: ch,
                closes: vec![port],
            }),
        }
    }
    let colour_owner = spaces
        .iter()
        .map(|sp| match &sp.town {
            Some(t) if t.colour == Colour::Blue => 1,
            Some(_) => 0,
            None => 2,
        })
        .collect();
    let ports = (0..spaces.len() as Hex)
        .filter(|&h| spaces[h as usize].town.as_ref().is_some_and(|t| t.port))
        .collect();
    let town_hexes = (0..spaces.len() as Hex)
        .filter(|&h| spaces[h as usize].town.is_some())
        .collect();
    let mut map = Map {
        town_hexes,
        ports,
        colour_owner,
        atlantic: ids[ATLANTIC],
        west_indies: [ids[WI_BRITISH], ids[WI_FRENCH]],
        spaces,
        sides,
        rivers: river_list,
        chokepoints,
        ids,
        names,
        side_index,
        river_dest,
        extra_notes: Vec::new(),
    };
    for (si, note) in side_notes {
        let s = &map.sides[si as usize];
        let item = format!(
            "hexside {}-{}",
            map.spaces[s.a as usize].id, map.spaces[s.b as usize].id
        );
        map.extra_notes.push((item, note));
    }
    for (name, note) in river_notes {
        map.extra_notes.push((format!("river {name}"), note));
    }
    Ok(map)
}

impl Map {
    /// The embedded reconstructed map (parsed once).
    pub fn embedded() -> &'static Map {
        MAP.get(|| {
            parse(HEXES_TSV, HEXSIDES_TSV, RIVERS_TSV)
                .unwrap_or_else(|e| panic!("embedded Liberty map data is invalid: {e}"))
        })
    }

    /// Space by town name (exact spelling, e.g. "Québec") or box id.
    pub fn by_name(&self, name: &str) -> Option<Hex> {
        self.names.get(name).copied()
    }

    /// Space by id ("CCRR" or a box id).
    pub fn by_id(&self, id: &str) -> Option<Hex> {
        self.ids.get(id).copied()
    }

    pub fn space(&self, h: Hex) -> &Space {
        &self.spaces[h as usize]
    }

    pub fn side(&self, s: Side) -> &Hexside {
        &self.sides[s as usize]
    }

    /// The hexside between two adjacent hexes.
    pub fn side_between(&self, a: Hex, b: Hex) -> Option<Side> {
        self.side_index.get(&(a.min(b), a.max(b))).copied()
    }

    /// Neighbours by hexside (empty for boxes).
    pub fn neighbours(&self, h: Hex) -> &[(Hex, Side)] {
        &self.spaces[h as usize].adj
    }

    /// 5.6: hexes 1 or 2 away along one river or lake-shore chain through
    /// `from`, with the hexsides crossed in order.
    pub fn river_moves(&self, from: Hex) -> &[(Hex, Vec<Side>)] {
        self.river_dest.get(from as usize).map(|v| v.as_slice()).unwrap_or(&[])
    }

    pub fn town(&self, h: Hex) -> Option<&Town> {
        self.spaces.get(h as usize).and_then(|s| s.town.as_ref())
    }

    /// 1.3 port (the West Indies boxes are ports; the Atlantic is not).
    pub fn is_port(&self, h: Hex) -> bool {
        self.town(h).is_some_and(|t| t.port)
    }

    /// 11.3: `h` is a port or adjacent, by a ground-crossable hexside, to one.
    pub fn adjacent_port(&self, h: Hex) -> bool {
        self.is_port(h)
            || self.spaces[h as usize]
                .adj
                .iter()
                .any(|&(n, s)| self.sides[s as usize].ground && self.is_port(n))
    }

    /// 5.4/11.3: the choke point closing port `h`, if any.
    pub fn chokepoint_of(&self, h: Hex) -> Option<Hex> {
        self.chokepoints.iter().find(|c| c.closes.contains(&h)).map(|c| c.hex)
    }

    /// Number of map hexes (boxes excluded).
    pub fn hex_count(&self) -> usize {
        self.spaces.iter().filter(|s| s.terrain != Terrain::Box).count()
    }

    /// Indices of all spaces holding a town (boxes included).
    pub fn towns(&self) -> impl Iterator<Item = (Hex, &Town)> + '_ {
        self.spaces
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.town.as_ref().map(|t| (i as Hex, t)))
    }

    pub fn is_box(&self, h: Hex) -> bool {
        self.spaces[h as usize].terrain == Terrain::Box
    }

    /// Drawing coordinates of a hex centre (hex size 1 = centre to corner,
    /// y grows southward). Boxes are placed beside the grid: the Atlantic to
    /// the east, the West Indies to the south-east.
    pub fn pixel(&self, h: Hex) -> (f64, f64) {
        let s = &self.spaces[h as usize];
        if s.terrain != Terrain::Box {
            let x = 1.5 * s.col as f64;
            let y = 3f64.sqrt() * (s.row as f64 + 0.5 * (s.col & 1) as f64);
            return (x, y);
        }
        let (mut maxc, mut maxr) = (0i16, 0i16);
        for t in &self.spaces {
            if t.terrain != Terrain::Box {
                maxc = maxc.max(t.col);
                maxr = maxr.max(t.row);
            }
        }
        let x = 1.5 * (maxc as f64 + 3.0);
        let y = 3f64.sqrt() * maxr as f64;
        match s.id.as_str() {
            ATLANTIC => (x, y * 0.4),
            WI_BRITISH => (x, y * 0.8),
            _ => (x, y * 0.95),
        }
    }

    /// (item, reasoning) for every reconstructed or sourced item, from the
    /// `note` columns of the data files.
    pub fn provenance(&self) -> Vec<(String, String)> {
        let mut out = Vec::new();
        for s in &self.spaces {
            if s.note.is_empty() {
                continue;
            }
            let item = match &s.town {
                Some(t) => format!("{} {}", s.id, t.name),
                None => format!("hex {}", s.id),
            };
            out.push((item, s.note.clone()));
        }
        out.extend(self.extra_notes.iter().cloned());
        out
    }
}
