//! 1.0 Mapboard: the hex map, loaded from `data/hexes.tsv`, `data/hexsides.tsv`
//! and `data/rivers.tsv` (reconstructed; see `data/README.md`).
//!
//! API CONTRACT (used by the rules modules; keep signatures stable):

use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;
use std::path::Path;
use std::sync::OnceLock;

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

/// A map data error, naming the file and line (1-based; 0 = whole file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapError {
    pub file: String,
    pub line: usize,
    pub msg: String,
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "{}:{}: {}", self.file, self.line, self.msg)
        } else {
            write!(f, "{}: {}", self.file, self.msg)
        }
    }
}

impl std::error::Error for MapError {}

fn err(file: &str, line: usize, msg: impl Into<String>) -> MapError {
    MapError {
        file: file.to_string(),
        line,
        msg: msg.into(),
    }
}

/// Data rows of a TSV file: skips blank and `#` lines, checks the header.
fn rows<'a>(file: &str, text: &'a str, header: &[&str]) -> Result<Vec<(usize, Vec<&'a str>)>, MapError> {
    let mut out = Vec::new();
    let mut seen_header = false;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        if !seen_header {
            if cols != header {
                return Err(err(
                    file,
                    i + 1,
                    format!(
                        "bad header: expected {:?}, found {:?}",
                        header.join(" "),
                        cols.join(" ")
                    ),
                ));
            }
            seen_header = true;
            continue;
        }
        if cols.len() != header.len() {
            return Err(err(
                file,
                i + 1,
                format!("expected {} tab-separated columns, found {}", header.len(), cols.len()),
            ));
        }
        out.push((i + 1, cols.into_iter().map(str::trim).collect()));
    }
    if !seen_header {
        return Err(err(file, 0, "missing header line"));
    }
    Ok(out)
}

const HEX_HEADER: &[&str] = &[
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
    "note",
];
const SIDE_HEADER: &[&str] = &["a", "b", "terrain", "ground", "naval", "note"];
const RIVER_HEADER: &[&str] = &["river", "hexes", "note"];

fn yes_no(file: &str, line: usize, what: &str, v: &str) -> Result<bool, MapError> {
    match v {
        "yes" => Ok(true),
        "no" => Ok(false),
        _ => Err(err(file, line, format!("bad {what} {v:?} (expected yes or no)"))),
    }
}

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
pub fn parse(hexes: &str, hexsides: &str, rivers: &str) -> Result<Map, MapError> {
    parse_named(("hexes.tsv", hexes), ("hexsides.tsv", hexsides), ("rivers.tsv", rivers))
}

/// Load the map from `dir`: each of hexes.tsv, hexsides.tsv, rivers.tsv that
/// exists in `dir` overrides the embedded file (the `--data DIR` option).
/// The map in use: the embedded one, or an override installed by
/// [`crate::use_data_dir`] before the first game.
pub(crate) static MAP: OnceLock<Map> = OnceLock::new();

pub fn load_dir(dir: &Path) -> Result<Map, MapError> {
    let read = |name: &str, embedded: &'static str| -> Result<(String, String), MapError> {
        let p = dir.join(name);
        if p.exists() {
            let label = p.display().to_string();
            let text = std::fs::read_to_string(&p).map_err(|e| err(&label, 0, format!("cannot read: {e}")))?;
            Ok((label, text))
        } else {
            Ok((name.to_string(), embedded.to_string()))
        }
    };
    let h = read("hexes.tsv", HEXES_TSV)?;
    let s = read("hexsides.tsv", HEXSIDES_TSV)?;
    let r = read("rivers.tsv", RIVERS_TSV)?;
    parse_named((&h.0, &h.1), (&s.0, &s.1), (&r.0, &r.1))
}

fn parse_named(
    (hf, hexes): (&str, &str),
    (sf, hexsides): (&str, &str),
    (rf, rivers): (&str, &str),
) -> Result<Map, MapError> {
    // ---------------------------------------------------------------- hexes
    let mut grid_spaces: Vec<(usize, Space)> = Vec::new();
    let mut box_spaces: Vec<(usize, Space)> = Vec::new();
    let mut closed_by: Vec<(usize, String, String)> = Vec::new(); // (line, port id, choke town)
    for (ln, c) in rows(hf, hexes, HEX_HEADER)? {
        let id = c[0].to_string();
        let terrain = match c[5] {
            "land" => Terrain::Land,
            "sea" => Terrain::Sea,
            "box" => Terrain::Box,
            v => return Err(err(hf, ln, format!("bad terrain {v:?} (land, sea or box)"))),
        };
        let zone = match c[6] {
            "north" => Some(Zone::North),
            "south" => Some(Zone::South),
            "" => None,
            v => return Err(err(hf, ln, format!("bad zone {v:?} (north, south or empty)"))),
        };
        let (col, row, lat, lon) = if terrain == Terrain::Box {
            if ![ATLANTIC, WI_BRITISH, WI_FRENCH].contains(&id.as_str()) {
                return Err(err(
                    hf,
                    ln,
                    format!("unknown box {id:?} (atlantic, wi-british, wi-french)"),
                ));
            }
            (0, 0, 0.0, 0.0)
        } else {
            if id.len() != 4 || !id.bytes().all(|b| b.is_ascii_digit()) {
                return Err(err(hf, ln, format!("bad hex id {id:?} (4 digits CCRR)")));
            }
            let col: i16 = c[1].parse().map_err(|_| err(hf, ln, format!("bad col {:?}", c[1])))?;
            let row: i16 = c[2].parse().map_err(|_| err(hf, ln, format!("bad row {:?}", c[2])))?;
            if format!("{col:02}{row:02}") != id {
                return Err(err(hf, ln, format!("hex id {id} does not match col {col} row {row}")));
            }
            let lat: f64 = c[3].parse().map_err(|_| err(hf, ln, format!("bad lat {:?}", c[3])))?;
            let lon: f64 = c[4].parse().map_err(|_| err(hf, ln, format!("bad lon {:?}", c[4])))?;
            if zone.is_none() {
                return Err(err(hf, ln, format!("hex {id} needs a zone (north or south)")));
            }
            (col, row, lat, lon)
        };
        if id == ATLANTIC && zone.is_some() {
            return Err(err(hf, ln, "the Atlantic box has no weather zone (4.0)"));
        }
        if (id == WI_BRITISH || id == WI_FRENCH) && zone != Some(Zone::South) {
            return Err(err(hf, ln, "the West Indies are in the South zone (4.0)"));
        }
        let town = if c[7].is_empty() {
            if !(c[8].is_empty() && c[9].is_empty() && c[10].is_empty() && c[11].is_empty()) {
                return Err(err(hf, ln, "value/colour/port/closed_by given without a town"));
            }
            None
        } else {
            if terrain == Terrain::Sea {
                return Err(err(hf, ln, format!("town {:?} on a sea hex", c[7])));
            }
            let value: u8 = match c[8].parse() {
                Ok(v) if v <= 4 => v,
                _ => return Err(err(hf, ln, format!("bad value {:?} (0-4)", c[8]))),
            };
            let colour = match c[9] {
                "blue" => Colour::Blue,
                "red" => Colour::Red,
                "orange" => Colour::Orange,
                v => return Err(err(hf, ln, format!("bad colour {v:?} (blue, red or orange)"))),
            };
            let port = yes_no(hf, ln, "port", c[10])?;
            if !c[11].is_empty() {
                if !port {
                    return Err(err(hf, ln, "closed_by given for a town that is not a port"));
                }
                closed_by.push((ln, id.clone(), c[11].to_string()));
            }
            Some(Town {
                name: c[7].to_string(),
                value,
                colour,
                port,
            })
        };
        let space = Space {
            id,
            terrain,
            col,
            row,
            lat,
            lon,
            zone,
            town,
            wilderness: false,
            adj: Vec::new(),
            note: c[12].to_string(),
        };
        if terrain == Terrain::Box {
            box_spaces.push((ln, space));
        } else {
            grid_spaces.push((ln, space));
        }
    }
    // hexes first (in file order), then the three boxes in a fixed order
    box_spaces.sort_by_key(|(_, s)| [ATLANTIC, WI_BRITISH, WI_FRENCH].iter().position(|b| *b == s.id));
    let mut spaces: Vec<Space> = Vec::new();
    let mut ids: HashMap<String, Hex> = HashMap::new();
    let mut names: HashMap<String, Hex> = HashMap::new();
    for (ln, s) in grid_spaces.into_iter().chain(box_spaces) {
        let h = spaces.len() as Hex;
        if ids.insert(s.id.clone(), h).is_some() {
            return Err(err(hf, ln, format!("duplicate hex id {}", s.id)));
        }
        if let Some(t) = &s.town {
            if names.insert(t.name.clone(), h).is_some() {
                return Err(err(hf, ln, format!("duplicate town name {:?}", t.name)));
            }
        }
        spaces.push(s);
    }
    for b in [ATLANTIC, WI_BRITISH, WI_FRENCH] {
        match ids.get(b) {
            Some(&h) => {
                if b != ATLANTIC {
                    let ok = spaces[h as usize].town.as_ref().is_some_and(|t| t.port);
                    if !ok {
                        return Err(err(hf, 0, format!("box {b} must be a port town (1.5)")));
                    }
                } else if spaces[h as usize].town.is_some() {
                    return Err(err(hf, 0, "the Atlantic box is not a town"));
                }
                if names.insert(b.to_string(), h).is_some() {
                    return Err(err(hf, 0, format!("town name {b:?} clashes with a box id")));
                }
            }
            None => return Err(err(hf, 0, format!("missing box row {b:?}"))),
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
    for (ln, c) in rows(sf, hexsides, SIDE_HEADER)? {
        let look = |id: &str| {
            ids.get(id)
                .copied()
                .filter(|&h| spaces[h as usize].terrain != Terrain::Box)
                .ok_or_else(|| err(sf, ln, format!("unknown hex id {id:?}")))
        };
        let (a, b) = (look(c[0])?, look(c[1])?);
        let key = (a.min(b), a.max(b));
        let Some(&si) = side_index.get(&key) else {
            return Err(err(sf, ln, format!("hexes {} and {} are not adjacent", c[0], c[1])));
        };
        if let Some(prev) = overridden.insert(si, ln) {
            return Err(err(
                sf,
                ln,
                format!("hexside {}-{} already given on line {prev}", c[0], c[1]),
            ));
        }
        let terrain = match c[2] {
            "clear" => SideTerrain::Clear,
            "forest" => SideTerrain::Forest,
            "marsh" => SideTerrain::Marsh,
            v => return Err(err(sf, ln, format!("bad terrain {v:?} (clear, forest or marsh)"))),
        };
        let ground = yes_no(sf, ln, "ground", c[3])?;
        let naval = yes_no(sf, ln, "naval", c[4])?;
        let sea = spaces[a as usize].terrain == Terrain::Sea || spaces[b as usize].terrain == Terrain::Sea;
        if sea && ground {
            return Err(err(sf, ln, "a hexside touching a sea hex cannot be ground yes"));
        }
        let sd = &mut sides[si as usize];
        sd.terrain = terrain;
        sd.ground = ground;
        sd.naval = naval;
        if !c[5].is_empty() {
            side_notes.push((si, c[5].to_string()));
        }
    }
    // --------------------------------------------------------------- rivers
    let mut river_list: Vec<(String, Vec<Hex>)> = Vec::new();
    let mut river_notes: Vec<(String, String)> = Vec::new();
    for (ln, c) in rows(rf, rivers, RIVER_HEADER)? {
        let name = c[0].to_string();
        if name.is_empty() {
            return Err(err(rf, ln, "empty river name"));
        }
        if river_list.iter().any(|(n, _)| *n == name) {
            return Err(err(rf, ln, format!("duplicate river {name:?}")));
        }
        let mut chain: Vec<Hex> = Vec::new();
        for id in c[1].split_whitespace() {
            let h = ids
                .get(id)
                .copied()
                .filter(|&h| spaces[h as usize].terrain == Terrain::Land)
                .ok_or_else(|| err(rf, ln, format!("river {name}: unknown or non-land hex id {id:?}")))?;
            if chain.contains(&h) {
                return Err(err(rf, ln, format!("river {name}: hex {id} repeated")));
            }
            if let Some(&p) = chain.last() {
                if !side_index.contains_key(&(p.min(h), p.max(h))) {
                    return Err(err(
                        rf,
                        ln,
                        format!(
                            "river {name}: consecutive hexes {} and {id} are not adjacent",
                            spaces[p as usize].id
                        ),
                    ));
                }
            }
            chain.push(h);
        }
        if chain.len() < 2 {
            return Err(err(rf, ln, format!("river {name}: needs at least two hexes")));
        }
        for w in chain.windows(2) {
            let si = side_index[&(w[0].min(w[1]), w[0].max(w[1]))];
            sides[si as usize].river = true;
        }
        river_notes.push((name.clone(), c[2].to_string()));
        river_list.push((name, chain));
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
    for (ln, port_id, choke) in closed_by {
        let Some(&ch) = names.get(&choke) else {
            return Err(err(hf, ln, format!("closed_by names unknown town {choke:?}")));
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
        MAP.get_or_init(|| {
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
