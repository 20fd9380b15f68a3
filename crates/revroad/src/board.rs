//! b2c 3.0 / bh 3.0 The area map both games are played on: regions named by
//! id, the borders between them and their kinds, distances in region steps,
//! and sets of regions as bit masks. Each game's map adds what is its own
//! (b2c's icons and map edges, bh's elevations, line of sight and Landing
//! Zones) over one [`Board`].

use engine::drawing::{bounds_around, Drawing, Geometry, KeyEntry, Label, Link, MarkerShape, PieceStyle, Space};
use engine::table::{Row, Table, TableError};
use std::collections::HashMap;

/// Index of a region, in the order of the regions file.
pub type Region = u8;

/// A set of regions, one bit each (a map has at most 64 regions).
pub type Regions = u64;

/// The distance between regions no path joins.
pub const FAR: u8 = 255;

/// No region: a frame's origin or destination not yet chosen or not
/// applying (an Attack has no Assault origin), a unit without a home.
pub const NO_REGION: Region = 255;

/// Where a piece is before it enters the game: a reinforcement on the Turn
/// Track until its turn (b2c 12.0, bh 12.1 set-up B), a set-up piece not
/// yet placed.
pub const WAITING: u8 = 254;

/// Where a destroyed unit or a killed leader goes: "removed from the map"
/// (b2c 4.1, 4.2), "removed from play" (bh 4.1, 4.2), worth VP to the
/// opponent.
pub const DESTROYED: u8 = 255;

/// Whether a piece's place is a region of the map: the places off it lie
/// past every region index.
pub fn in_region(place: u8) -> bool {
    place < Regions::BITS as u8
}

/// A title's places off the map as its saves name them. A save writes a
/// piece's place as a region index or one of these names, so that the
/// numbers the code uses for them never reach a save.
pub trait OffMap {
    /// Each place off the map and its name ([`WAITING`] and [`DESTROYED`]
    /// first, then the title's own).
    const NAMES: &'static [(u8, &'static str)];
    /// The numbers saves wrote before they named these places, and the
    /// place each meant (saves still load).
    const OLD_NUMBERS: &'static [(u8, u8)] = &[];
}

/// Serde `serialize_with` for a piece's place (see [`OffMap`]).
pub fn save_place<T: OffMap, S: serde::Serializer>(place: &u8, s: S) -> Result<S::Ok, S::Error> {
    match T::NAMES.iter().find(|(p, _)| p == place) {
        Some((_, name)) => s.serialize_str(name),
        None => s.serialize_u8(*place),
    }
}

/// Serde `deserialize_with` for a piece's place: a region index, a name of
/// [`OffMap::NAMES`] or an old number of [`OffMap::OLD_NUMBERS`].
pub fn load_place<'de, T: OffMap, D: serde::Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    struct Place<T>(std::marker::PhantomData<T>);
    impl<T: OffMap> serde::de::Visitor<'_> for Place<T> {
        type Value = u8;
        fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
            f.write_str("a region index or the name of a place off the map")
        }
        fn visit_u64<E: serde::de::Error>(self, n: u64) -> Result<u8, E> {
            let n = u8::try_from(n).map_err(|_| E::custom(format!("no place {n}")))?;
            Ok(T::OLD_NUMBERS.iter().find(|(old, _)| *old == n).map_or(n, |&(_, p)| p))
        }
        fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<u8, E> {
            T::NAMES
                .iter()
                .find(|(_, n)| *n == name)
                .map(|&(p, _)| p)
                .ok_or_else(|| E::custom(format!("no place off the map named '{name}'")))
        }
    }
    d.deserialize_any(Place::<T>(std::marker::PhantomData))
}

/// The set of the one region `r`.
pub fn bit(r: Region) -> Regions {
    1 << r
}

/// A count per region, beside the [`Regions`] masks of a legal-action scan
/// (units of a side in each region, pieces there that may still move...).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counts([u8; Regions::BITS as usize]);

impl Default for Counts {
    fn default() -> Counts {
        Counts([0; Regions::BITS as usize])
    }
}

impl Counts {
    /// One more in `r`.
    pub fn add(&mut self, r: Region) {
        self.0[r as usize] += 1;
    }
}

impl std::ops::Index<Region> for Counts {
    type Output = u8;
    fn index(&self, r: Region) -> &u8 {
        &self.0[r as usize]
    }
}

/// The regions of a set, in index order.
pub fn regions_in(mut set: Regions) -> impl Iterator<Item = Region> {
    std::iter::from_fn(move || {
        let r = set.trailing_zeros();
        set &= set.wrapping_sub(1);
        (r < 64).then_some(r as Region)
    })
}

/// b2c 3.0 the water a border crosses: a stream (light blue) or a river
/// (dark blue, a border only where a road crosses it); in Bunker Hill a
/// river is a shore to a Landing Zone or between Fleet Boxes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Water {
    None,
    Stream,
    River,
}

impl Water {
    /// Its name in the data files and for the browser.
    pub const fn key(self) -> &'static str {
        match self {
            Water::None => "none",
            Water::Stream => "stream",
            Water::River => "river",
        }
    }
}

/// How the browser draws one region (`engine::drawing::Space`).
pub struct Drawn {
    pub x: f64,
    pub y: f64,
    /// The title's key for its terrain ("town", "open", "hill"...).
    pub terrain: &'static str,
    pub town: bool,
    /// A box beside the map (a track, a Fleet Box) rather than a region.
    pub boxed: bool,
    /// What the rules attach to it, in words ("Muster Area (4.3)").
    pub notes: Vec<String>,
}

/// A kind of marker the view's `markers` list holds, for the browser's map:
/// a short `symbol` in a `colour` on the map, and its rulebook `name`,
/// `rule` and what it does in the map's key.
pub struct MarkerKind {
    pub kind: &'static str,
    pub symbol: &'static str,
    pub colour: &'static str,
    pub name: &'static str,
    pub rule: &'static str,
    pub text: &'static str,
}

impl MarkerKind {
    /// b2c 4.8, bh 4.10 the Moved Marker, drawn as both games draw it;
    /// `rule` and `text` say what it means in the title's book.
    pub const fn moved(rule: &'static str, text: &'static str) -> MarkerKind {
        MarkerKind {
            kind: "moved",
            symbol: "Mv",
            colour: "#546e7a",
            name: "Moved Marker",
            rule,
            text,
        }
    }

    /// b2c 4.8, bh 4.10 the Fired Marker (see [`MarkerKind::moved`]).
    pub const fn fired(rule: &'static str, text: &'static str) -> MarkerKind {
        MarkerKind {
            kind: "fired",
            symbol: "Fd",
            colour: "#6a1b9a",
            name: "Fired Marker",
            rule,
            text,
        }
    }

    /// b2c 4.8, bh 4.10 the Moved/Fired Marker, on the back of both (see
    /// [`MarkerKind::moved`]).
    pub const fn moved_fired(rule: &'static str, text: &'static str) -> MarkerKind {
        MarkerKind {
            kind: "moved-fired",
            symbol: "M/F",
            colour: "#37474f",
            name: "Moved/Fired Marker",
            rule,
            text,
        }
    }

    fn entry(&self) -> KeyEntry {
        KeyEntry {
            kind: self.kind.into(),
            shape: MarkerShape::Chip,
            symbol: self.symbol.into(),
            name: self.name.into(),
            colour: self.colour.into(),
            rule: self.rule.into(),
            text: self.text.into(),
        }
    }
}

/// One border between two regions, as the borders file gives it.
#[derive(Clone, Debug)]
pub struct Border {
    pub a: Region,
    pub b: Region,
    pub road: bool,
    pub water: Water,
    pub provenance: String,
}

/// The columns a regions file must have for the board; a game adds its own.
pub const REGION_COLUMNS: &[&str] = &["id", "name"];
/// The columns of a borders file (with a reason column).
pub const BORDER_COLUMNS: &[&str] = &["a", "b", "road", "water"];
const WATERS: &[(&str, Water)] = &[
    (Water::None.key(), Water::None),
    (Water::Stream.key(), Water::Stream),
    (Water::River.key(), Water::River),
];

/// The regions and borders of one game's map.
#[derive(Clone, Debug)]
pub struct Board {
    ids: Vec<String>,
    names: Vec<String>,
    by_id: HashMap<String, Region>,
    borders: Vec<Border>,
    /// The neighbours of each region, and the index of the border to each.
    adj: Vec<Vec<Region>>,
    crossing: Vec<Vec<usize>>,
    near: Vec<Regions>,
    /// dist[a][b] in region steps ([`FAR`]: no path).
    dist: Vec<Vec<u8>>,
}

impl Board {
    /// The board of a regions file (its `id` and `name` columns, each id
    /// once) and a borders file ([`BORDER_COLUMNS`], each border once).
    /// Distances are measured from the regions `from` accepts, along paths
    /// that enter only regions `through` accepts: each game says where its
    /// units may stand and move.
    pub fn read(
        regions: &Table,
        borders: &Table,
        from: impl Fn(Region) -> bool,
        through: impl Fn(Region) -> bool,
    ) -> Result<Board, TableError> {
        let mut ids = Vec::new();
        let mut names = Vec::new();
        let mut by_id = HashMap::new();
        for row in regions.rows() {
            if ids.len() == Regions::BITS as usize {
                return Err(row.line_error("at most 64 regions", "a 65th"));
            }
            let id = row.str("id");
            if by_id.insert(id.to_string(), ids.len() as Region).is_some() {
                return Err(row.error("id", "each region once"));
            }
            ids.push(id.to_string());
            names.push(row.str("name").to_string());
        }
        let mut board = Board {
            adj: vec![Vec::new(); ids.len()],
            crossing: vec![Vec::new(); ids.len()],
            near: vec![0; ids.len()],
            ids,
            names,
            by_id,
            borders: Vec::new(),
            dist: Vec::new(),
        };
        for row in borders.rows() {
            let (a, b) = (board.find(&row, "a")?, board.find(&row, "b")?);
            if board.adjacent(a, b) {
                return Err(row.line_error("each border once", format!("{} - {} again", row.str("a"), row.str("b"))));
            }
            for (x, y) in [(a, b), (b, a)] {
                board.adj[x as usize].push(y);
                board.crossing[x as usize].push(board.borders.len());
                board.near[x as usize] |= bit(y);
            }
            board.borders.push(Border {
                a,
                b,
                road: row.flag("road")?,
                water: row.one_of("water", WATERS)?,
                provenance: row.reason().to_string(),
            });
        }
        board.dist = (0..board.len() as Region)
            .map(|r| board.distances(r, &from, &through))
            .collect();
        Ok(board)
    }

    /// Steps from `start` to every region.
    fn distances(&self, start: Region, from: impl Fn(Region) -> bool, through: impl Fn(Region) -> bool) -> Vec<u8> {
        let mut d = vec![FAR; self.len()];
        if from(start) {
            d[start as usize] = 0;
            for (r, steps) in self.spread(start, |_, b| through(b), |_, _| true) {
                d[r as usize] = steps;
            }
        }
        d
    }

    /// The regions reached from `start` breadth first, each once with its
    /// fewest steps, in the order reached (`start` itself left out): a step
    /// from one region to the next is taken when `enter(from, to)` allows
    /// it, and the search goes on from a region reached in `steps` when
    /// `go_on(region, steps)` says so.
    pub fn spread(
        &self,
        start: Region,
        mut enter: impl FnMut(Region, Region) -> bool,
        mut go_on: impl FnMut(Region, u8) -> bool,
    ) -> Vec<(Region, u8)> {
        let mut seen = bit(start);
        let mut out = Vec::new();
        let mut queue = std::collections::VecDeque::from([(start, 0u8)]);
        while let Some((r, steps)) = queue.pop_front() {
            for &b in self.neighbours(r) {
                if seen & bit(b) != 0 || !enter(r, b) {
                    continue;
                }
                seen |= bit(b);
                out.push((b, steps + 1));
                if go_on(b, steps + 1) {
                    queue.push_back((b, steps + 1));
                }
            }
        }
        out
    }

    pub fn len(&self) -> usize {
        self.ids.len()
    }

    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// Every region, in index order.
    pub fn regions(&self) -> impl Iterator<Item = Region> {
        0..self.len() as Region
    }

    /// The region's id in the data files ("lexington").
    pub fn id(&self, r: Region) -> &str {
        &self.ids[r as usize]
    }

    /// The ids of regions, a log entry's path (`engine::Entry::path`).
    pub fn path(&self, regions: &[Region]) -> Vec<String> {
        regions.iter().map(|&r| self.id(r).to_string()).collect()
    }

    /// The region's name as the log and the map show it ("Lexington").
    pub fn name(&self, r: Region) -> &str {
        &self.names[r as usize]
    }

    /// The region with this id.
    pub fn region(&self, id: &str) -> Option<Region> {
        self.by_id.get(id).copied()
    }

    /// The region with this id; panics on an id not in the data (rules code
    /// names only regions the data must have).
    pub fn r(&self, id: &str) -> Region {
        self.region(id)
            .unwrap_or_else(|| panic!("map data lacks region '{id}'"))
    }

    /// The region a data file names in `column`.
    pub fn find(&self, row: &Row, column: &str) -> Result<Region, TableError> {
        self.region(row.str(column))
            .ok_or_else(|| row.error(column, "a region of regions.tsv"))
    }

    /// `part` of a list in `column` of a data file, as a region.
    pub fn find_part(&self, row: &Row, column: &str, part: &str) -> Result<Region, TableError> {
        self.region(part)
            .ok_or_else(|| row.part_error(column, "a region of regions.tsv", part))
    }

    /// Every border, in file order.
    pub fn borders(&self) -> &[Border] {
        &self.borders
    }

    /// The regions adjacent to `r`, in the order of the borders file.
    pub fn neighbours(&self, r: Region) -> &[Region] {
        &self.adj[r as usize]
    }

    /// The regions adjacent to `r`, as a set (for the legal-move scans).
    pub fn near(&self, r: Region) -> Regions {
        self.near[r as usize]
    }

    pub fn adjacent(&self, a: Region, b: Region) -> bool {
        self.near[a as usize] & bit(b) != 0
    }

    /// The borders of `r`, each with the region across it, in the order of
    /// the borders file.
    pub fn borders_of(&self, r: Region) -> impl Iterator<Item = (Region, &Border)> + '_ {
        let across = self.adj[r as usize].iter().copied();
        across.zip(self.crossing[r as usize].iter().map(|&i| &self.borders[i]))
    }

    /// The border between two adjacent regions.
    pub fn border(&self, a: Region, b: Region) -> Option<&Border> {
        let i = self.adj[a as usize].iter().position(|&n| n == b)?;
        Some(&self.borders[self.crossing[a as usize][i]])
    }

    /// Region steps from `a` to `b` ([`FAR`]: no path).
    pub fn dist(&self, a: Region, b: Region) -> u8 {
        self.dist[a as usize][b as usize]
    }

    /// The data of the browser's area-map renderer: every region as `drawn`
    /// gives it, the `borders` to draw (a, b, road, water), the canvas
    /// `size` and the `labels`.
    /// The map as every client draws it: each region as `drawn` says, each
    /// border (`road`, `water`) as a link, the map's own `labels` and the
    /// key of the view's `markers`; at least `size` across.
    pub fn drawing(
        &self,
        title: &str,
        drawn: impl Fn(Region) -> Drawn,
        borders: impl Iterator<Item = (Region, Region, bool, Water)>,
        size: (f64, f64),
        labels: Vec<Label>,
        markers: &[MarkerKind],
    ) -> Drawing {
        let spaces: Vec<Space> = self
            .regions()
            .map(|r| {
                let d = drawn(r);
                let name = self.name(r);
                let mut detail = format!("{name}, {}", d.terrain.replace('-', " "));
                for n in &d.notes {
                    detail = format!("{detail}; {n}");
                }
                Space {
                    id: self.id(r).into(),
                    name: name.into(),
                    boxed: d.boxed,
                    x: d.x,
                    y: d.y,
                    terrain: d.terrain.into(),
                    features: if d.town { vec!["town".into()] } else { Vec::new() },
                    value: None,
                    colour: None,
                    label: Some(if d.boxed { 2 } else { u8::from(!d.town) }),
                    detail,
                }
            })
            .collect();
        // A region's size: the median distance between neighbouring centres.
        let land: Vec<&Space> = spaces.iter().filter(|s| !s.boxed).collect();
        let mut nearest: Vec<f64> = land
            .iter()
            .map(|s| {
                land.iter()
                    .filter(|o| o.id != s.id)
                    .map(|o| (o.x - s.x).hypot(o.y - s.y))
                    .fold(f64::MAX, f64::min)
            })
            .collect();
        nearest.sort_by(f64::total_cmp);
        let unit = nearest
            .get(nearest.len() / 2)
            .copied()
            .filter(|u| *u < f64::MAX)
            .unwrap_or(50.0);
        let corners = [(0.0, 0.0), size];
        let bounds = bounds_around(spaces.iter().map(|s| (s.x, s.y)).chain(corners), unit / 2.0);
        let links = borders
            .map(|(a, b, road, water)| Link {
                a: self.id(a).into(),
                b: self.id(b).into(),
                kinds: road
                    .then_some("road")
                    .into_iter()
                    .chain((water != Water::None).then_some(water.key()))
                    .map(str::to_string)
                    .collect(),
            })
            .collect();
        Drawing {
            title: title.into(),
            geometry: Geometry::Area,
            pieces: PieceStyle::Counter,
            unit,
            bounds,
            spaces,
            links,
            lines: Vec::new(),
            labels,
            key: markers.iter().map(MarkerKind::entry).collect(),
            geography: None,
            source: "This map is reconstructed from the rulebook's descriptions, not the publisher's map.".into(),
        }
    }
}

/// A label of the map's own, placed after the regions' names.
pub fn label(text: &str, x: f64, y: f64) -> Label {
    Label {
        text: text.into(),
        x,
        y,
        priority: 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const REGIONS: &str = "id\tname\tnote\na\tA\t\nb\tB\t\nc\tC\t\nd\tD\tan off-map box\n";
    const BORDERS: &str = "a\tb\troad\twater\na\tb\tyes\tnone\nb\tc\tno\tstream\nd\ta\tno\triver\n";

    fn board(from: impl Fn(Region) -> bool, through: impl Fn(Region) -> bool) -> Result<Board, TableError> {
        let regions = Table::parse("regions.tsv", REGIONS, REGION_COLUMNS)?;
        let borders = Table::parse("borders.tsv", BORDERS, BORDER_COLUMNS)?;
        Board::read(&regions, &borders, from, through)
    }

    #[test]
    fn regions_borders_and_distances() {
        // d is a box: measured from, never entered.
        let b = board(|_| true, |r| r != 3).unwrap();
        assert_eq!(
            (b.len(), b.id(2), b.name(2), b.region("c"), b.region("x")),
            (4, "c", "C", Some(2), None)
        );
        assert_eq!(b.neighbours(0), &[1, 3]);
        assert_eq!(regions_in(b.near(0)).collect::<Vec<_>>(), [1, 3]);
        assert!(b.adjacent(1, 2) && !b.adjacent(0, 2));
        let stream = b.border(2, 1).unwrap();
        assert_eq!(
            (stream.a, stream.b, stream.road, stream.water),
            (1, 2, false, Water::Stream)
        );
        assert_eq!(
            b.borders_of(0).map(|(r, x)| (r, x.water)).collect::<Vec<_>>(),
            [(1, Water::None), (3, Water::River)]
        );
        assert_eq!([b.dist(0, 2), b.dist(3, 2), b.dist(2, 3), b.dist(3, 3)], [2, 3, FAR, 0]);
        // Measured only from a, b, c: the box is FAR from everything, itself too.
        let b = board(|r| r != 3, |r| r != 3).unwrap();
        assert_eq!([b.dist(3, 0), b.dist(3, 3), b.dist(0, 1)], [FAR, FAR, 1]);
    }

    #[test]
    fn spread_stops_where_told() {
        let b = board(|_| true, |_| true).unwrap();
        assert_eq!(b.spread(3, |_, _| true, |_, _| true), [(0, 1), (1, 2), (2, 3)]);
        assert_eq!(b.spread(3, |_, _| true, |_, steps| steps < 2), [(0, 1), (1, 2)]);
        assert_eq!(b.spread(3, |_, to| to != 1, |_, _| true), [(0, 1)]);
        assert_eq!(b.spread(0, |_, _| true, |r, _| r != 1), [(1, 1), (3, 1)]);
    }

    #[test]
    fn bad_borders_name_their_line() {
        let regions = Table::parse("regions.tsv", REGIONS, REGION_COLUMNS).unwrap();
        let read = |text: &str| {
            let borders = Table::parse("borders.tsv", text, BORDER_COLUMNS).unwrap();
            Board::read(&regions, &borders, |_| true, |_| true)
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            read("a\tb\troad\twater\na\tx\tno\tnone\n"),
            "borders.tsv line 2, column 'b': expected a region of regions.tsv, found 'x'"
        );
        assert_eq!(
            read("a\tb\troad\twater\na\tb\tno\tnone\nb\ta\tno\tnone\n"),
            "borders.tsv line 3: expected each border once, found b - a again"
        );
        assert_eq!(
            read("a\tb\troad\twater\na\tb\tno\tlake\n"),
            "borders.tsv line 2, column 'water': expected one of none|stream|river, found 'lake'"
        );
        let twice = Table::parse("regions.tsv", "id\tname\na\tA\na\tA2\n", REGION_COLUMNS).unwrap();
        let none = Table::parse("borders.tsv", "a\tb\troad\twater\n", BORDER_COLUMNS).unwrap();
        let e = Board::read(&twice, &none, |_| true, |_| true).unwrap_err();
        assert_eq!(
            e.to_string(),
            "regions.tsv line 3, column 'id': expected each region once, found 'a'"
        );
    }
}
