//! 10.0 Supply: in the Supply Phase every land unit traces a line to a
//! source (10.1 Americans: a VP city within 5 connected spaces; 10.2
//! British: a port they control within 4; 10.3 not a blockaded one) or
//! seeks supply on the Supply Table (`data/supply.tsv`, ruling gml #30).
//!
//! Order (ruling gml #29): both sides' supply status is fixed first, for
//! every space, before any roll; then the British resolve theirs and the
//! Americans theirs (3.1 puts the British part of the turn first; with
//! the status fixed, the order only orders the dice). Each space's units
//! out of supply are resolved in space order: 3 of them (2 for Americans
//! entrenched with enemy land units present, fixed with the status) are
//! supplied automatically, their owner choosing which when the choice
//! matters, and every other unit rolls.

use crate::actions::Action;
use crate::forces::{Counters, Kind, Nationality, AMERICAN, BRITISH};
use crate::frames::Frame;
use crate::map::SpaceId;
use crate::state::{is_land, Gml, Place, UnitId};
use crate::tables::tables;
use engine::table::{self, TableError};
use engine::Seat;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::Path;

/// The Supply Table: per unit type, the highest d10 roll with which a
/// unit seeking supply survives.
#[derive(Clone, Debug)]
pub struct SupplyTable {
    success: HashMap<String, u8>,
}

const SUPPLY_TSV: &str = include_str!("../data/supply.tsv");
/// The file `--data` may replace.
pub const FILE: &str = "supply.tsv";
/// Every row the table must have: one per land unit type of the mix.
pub const ROWS: [&str; 17] = [
    "continental",
    "continental-exp",
    "artillery-american",
    "militia",
    "militia-exp",
    "british",
    "british-exp",
    "hessian",
    "hessian-exp",
    "artillery-british",
    "artillery-hessian",
    "tory",
    "tory-exp",
    "indian",
    "french",
    "french-exp",
    "artillery-french",
];

/// The Supply Table row of a counter: its kind, `-exp` when experienced,
/// artillery by nationality; none for naval units (10.0).
pub fn row_key(c: &Counters) -> Option<String> {
    let exp = if c.experienced { "-exp" } else { "" };
    let kind = match c.kind {
        Kind::Naval | Kind::NavalDefense => return None,
        Kind::Artillery => {
            let n = match c.nationality? {
                Nationality::American => "american",
                Nationality::British => "british",
                Nationality::Hessian => "hessian",
                Nationality::French => "french",
                Nationality::Tory | Nationality::Indian => return None,
            };
            return Some(format!("artillery-{n}"));
        }
        Kind::Indian => return Some("indian".into()),
        k => crate::forces::kind_word(k),
    };
    Some(format!("{kind}{exp}"))
}

impl SupplyTable {
    pub fn read(dir: Option<&Path>) -> Result<SupplyTable, TableError> {
        let t = table::read(dir, FILE, SUPPLY_TSV, &["unit", "success"])?;
        let mut success = HashMap::new();
        for row in t.rows() {
            let unit = row.str("unit");
            if !ROWS.contains(&unit) {
                return Err(row.error("unit", format!("one of {}", ROWS.join(", "))));
            }
            let n = row.range("success", 1..=10)?;
            if success.insert(unit.to_string(), n).is_some() {
                return Err(row.error("unit", "a unit listed once"));
            }
        }
        for r in ROWS {
            if !success.contains_key(r) {
                return Err(t.error(format!("a row for {r} (10.1, 10.2)"), "none"));
            }
        }
        Ok(SupplyTable { success })
    }

    pub fn embedded() -> SupplyTable {
        SupplyTable::read(None).expect("the embedded Supply Table is valid (tests/supply.rs)")
    }

    /// 10.1, 10.2 the highest roll with which the unit is supplied; `None`
    /// for a unit that never checks supply (naval units, 10.0).
    pub fn success(&self, c: &Counters) -> Option<u8> {
        row_key(c).map(|k| self.success[&k])
    }
}

/// The units of one side in one space that cannot trace supply, fixed
/// when the Supply Phase begins (ruling gml #29).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Check {
    pub seat: Seat,
    pub space: SpaceId,
    /// Its land units there, in counter order.
    pub units: Vec<UnitId>,
    /// 10.1, 10.2 how many are supplied automatically: 3, or 2.
    pub free: u8,
    /// Those the owner has chosen so far to be supplied automatically.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub chosen: Vec<UnitId>,
}

impl Check {
    /// The units not (yet) chosen.
    pub fn rest(&self) -> impl Iterator<Item = UnitId> + '_ {
        self.units.iter().copied().filter(|u| !self.chosen.contains(u))
    }
}

fn rule(seat: Seat) -> &'static str {
    if seat == AMERICAN {
        "10.1"
    } else {
        "10.2"
    }
}

fn side_word(seat: Seat) -> &'static str {
    if seat == AMERICAN {
        "American"
    } else {
        "British"
    }
}

impl Gml {
    /// 7.5, 10.3 a blockaded port may not be a source of supply: one where
    /// enemy naval units blockade (ruling gml #22). It holds for both
    /// sides: the British draw supply from ports, the Americans from VP
    /// cities, several of which are ports (Charleston, Savannah,
    /// Wilmington, Philadelphia, New York, Quebec, Montreal) that a
    /// British fleet may blockade.
    pub fn blockaded(&self, port: SpaceId, seat: Seat) -> bool {
        self.units_at(port).any(|u| self.side(u) != seat && self.blockading(u))
    }

    /// 10.1, 10.2 a space the seat's units may draw supply from: in play,
    /// without enemy land units (the source is part of the path, and a
    /// shared space is uncontrolled, ruling gml #29); for the Americans a
    /// VP city not under enemy control (British, Hessian or Tory: the
    /// supply memory, in which Indians never count); for the British a
    /// port they control (Tories count, 10.2); for either side not a
    /// blockaded port (10.3, ruling gml #22).
    pub fn supply_source(&self, s: SpaceId, seat: Seat) -> bool {
        !self.has_land(s, 1 - seat) && self.free_source(s, seat)
    }

    /// `supply_source` for a space known to hold no enemy land units: its
    /// supply memory is then its supply controller.
    fn free_source(&self, s: SpaceId, seat: Seat) -> bool {
        let space = tables().map.get(s);
        let held = self.held[s as usize].supply;
        let source = if seat == AMERICAN {
            space.vp > 0 && held != Some(BRITISH)
        } else {
            space.port.is_some() && held == Some(BRITISH)
        };
        source && self.in_play(s) && !self.blockaded(s, seat)
    }

    /// 10.1, 10.2 whether the seat's land units in `from` trace supply:
    /// a source within 5 (Americans) or 4 (British) steps along
    /// communication lines (ruling gml #29), through spaces in play
    /// without enemy land units; the units' own space is not part of the
    /// path, the source is.
    pub fn traces_supply(&self, from: SpaceId, seat: Seat) -> bool {
        let enemy = self.land_spaces(1 - seat);
        self.traces_with(from, seat, &enemy, &self.steps_to_source(seat, &enemy))
    }

    /// Per space, whether the seat has land units there.
    pub(crate) fn land_spaces(&self, seat: Seat) -> Vec<bool> {
        let mut out = vec![false; tables().map.spaces.len()];
        for u in &self.units {
            let c = &tables().forces.counters[u.row as usize];
            if let Place::Space(s) = u.at() {
                if is_land(c) && c.side == Some(seat) {
                    out[s as usize] = true;
                }
            }
        }
        out
    }

    /// 10.1, 10.2 the path's reach (5 steps for the Americans, 4 for the
    /// British).
    fn supply_radius(seat: Seat) -> u8 {
        if seat == AMERICAN {
            5
        } else {
            4
        }
    }

    /// Per space a supply line may pass (in play, no enemy land units), the
    /// fewest steps along communication lines from it to a source of the
    /// seat's through such spaces; `u8::MAX` where that is more than the
    /// path's reach less one (the step out of the units' own space). One
    /// search back from every source answers for every space at once.
    fn steps_to_source(&self, seat: Seat, enemy: &[bool]) -> Vec<u8> {
        let m = &tables().map;
        let passable = |s: SpaceId| !enemy[s as usize] && self.in_play(s);
        let mut steps = vec![u8::MAX; m.spaces.len()];
        let mut queue = std::collections::VecDeque::new();
        for s in 0..m.spaces.len() as SpaceId {
            if passable(s) && self.free_source(s, seat) {
                steps[s as usize] = 0;
                queue.push_back(s);
            }
        }
        let last = Self::supply_radius(seat) - 1;
        while let Some(s) = queue.pop_front() {
            let d = steps[s as usize];
            if d >= last {
                continue;
            }
            for &(n, kind) in m.neighbours(s) {
                if kind.is_line() && steps[n as usize] == u8::MAX && passable(n) {
                    steps[n as usize] = d + 1;
                    queue.push_back(n);
                }
            }
        }
        steps
    }

    /// `traces_supply` given the enemy's land spaces and `steps_to_source`:
    /// the units' own space a source, or a neighbour along a line within
    /// the reach less one.
    fn traces_with(&self, from: SpaceId, seat: Seat, enemy: &[bool], steps: &[u8]) -> bool {
        let last = Self::supply_radius(seat) - 1;
        (!enemy[from as usize] && self.free_source(from, seat))
            || tables()
                .map
                .neighbours(from)
                .iter()
                .any(|&(n, kind)| kind.is_line() && steps[n as usize] <= last)
    }

    /// 10.0 the Supply Phase begins: every space's status is fixed for
    /// both sides (ruling gml #29), then the checks are stacked, British
    /// first.
    pub(crate) fn supply_phase(&mut self) {
        let mut checks = Vec::new();
        for seat in [BRITISH, AMERICAN] {
            let enemy = self.land_spaces(1 - seat);
            let steps = self.steps_to_source(seat, &enemy);
            let mut at: Vec<(SpaceId, Vec<UnitId>)> = Vec::new();
            for u in 0..self.units.len() as UnitId {
                let c = self.counters(u);
                // Ruling gml #47: a land unit at sea is aboard its
                // transports, which carry its supply; 7.3 bounds its stay.
                let Place::Space(s) = self.units[u as usize].at() else {
                    continue;
                };
                // 10.0 leaders and naval units do not check supply.
                if !is_land(c) || c.side != Some(seat) {
                    continue;
                }
                match at.iter_mut().find(|(x, _)| *x == s) {
                    Some((_, v)) => v.push(u),
                    None => at.push((s, vec![u])),
                }
            }
            at.sort_by_key(|(s, _)| *s);
            for (s, units) in at {
                if self.traces_with(s, seat, &enemy, &steps) {
                    continue;
                }
                // 10.1 two when the American force is entrenched (every
                // unit of it under a trench marker) with enemy land units
                // present.
                let dug_in =
                    seat == AMERICAN && enemy[s as usize] && units.iter().all(|&u| self.units[u as usize].entrenched);
                let free: u8 = if dug_in { 2 } else { 3 };
                let (n, place) = (units.len(), self.space_name(s));
                self.core.log.say(rule(seat), || {
                    let auto = if n <= free as usize {
                        "all are supplied automatically".to_string()
                    } else {
                        format!("{free} are supplied automatically, the others roll")
                    };
                    // (not "1 British unit": a Tory militia is the
                    // British side's too)
                    format!(
                        "{}: {} in {place} cannot trace supply: {auto}",
                        engine::log::capitalised(side_word(seat)),
                        engine::log::count(n, "unit")
                    )
                });
                if n > free as usize {
                    checks.push(Check {
                        seat,
                        space: s,
                        units,
                        free,
                        chosen: Vec::new(),
                    });
                }
            }
        }
        for c in checks.into_iter().rev() {
            self.stack.push(Frame::Supply(c));
        }
    }

    /// Whether the owner has a real choice left: more units than places,
    /// and units that differ. 10.1, 10.2 "the player selects which 3 units
    /// are automatically supplied": two counters of one row are alike only
    /// if they also stand alike, under a trench marker or not, inside the
    /// fort or not, in the same leader's force (ruling gml #60; rules
    /// gml-16: the row alone was compared, so the first three in counter
    /// order were taken and an entrenched unit could be made to roll).
    pub fn supply_choice(&self, c: &Check) -> bool {
        let left = (c.free as usize).saturating_sub(c.chosen.len());
        let rest: Vec<UnitId> = c.rest().collect();
        let like = |u: UnitId| {
            let unit = &self.units[u as usize];
            (unit.row, unit.entrenched, unit.inside, unit.leader)
        };
        left > 0 && rest.len() > left && rest.iter().any(|&u| like(u) != like(rest[0]))
    }

    pub(crate) fn supply_legal(&self, c: &Check, out: &mut Vec<Action>) {
        if self.supply_choice(c) {
            out.extend(c.rest().map(Action::Supply));
        }
    }

    pub(crate) fn supply_perform(&mut self, a: Action) {
        let (Action::Supply(u), Some(Frame::Supply(c))) = (a, self.stack.last_mut()) else {
            unreachable!("only legal actions reach perform")
        };
        c.chosen.push(u);
    }

    /// Resolves the check on top once no choice is left: the first units
    /// fill the automatic places, every other one rolls.
    pub(crate) fn supply_step(&mut self) -> bool {
        let Some(Frame::Supply(c)) = self.stack.last() else {
            unreachable!("a Supply frame is on top")
        };
        if self.supply_choice(c) {
            return false;
        }
        let Some(Frame::Supply(mut c)) = self.stack.pop() else {
            unreachable!("a Supply frame is on top")
        };
        while c.chosen.len() < c.free as usize {
            let next = c.rest().next().expect("more units than automatic places");
            c.chosen.push(next);
        }
        self.resolve_supply(&c);
        true
    }

    fn resolve_supply(&mut self, c: &Check) {
        let r = rule(c.seat);
        let place = self.space_name(c.space);
        let names: Vec<String> = c.chosen.iter().map(|&u| self.unit_name(u)).collect();
        self.core.log.say(r, || {
            format!("Supplied automatically in {place}: {}", engine::log::list(&names))
        });
        let rolling: Vec<UnitId> = c.rest().collect();
        for u in rolling {
            let need = tables()
                .supply
                .success(self.counters(u))
                .expect("land units have a Supply Table row");
            let die = self.core.dice.roll(10);
            let name = self.unit_name(u);
            let ok = die <= need;
            self.core.log.roll(r, &[die], || {
                let fate = if ok { "supplied" } else { "eliminated from the game" };
                format!("The {name} in {place} seeks supply: {die}, needs {need} or less: {fate}")
            });
            if !ok {
                // 10.1's example, 10.2 "elimination and removal from the
                // game" (ruling gml #26).
                self.lift(u, Place::Gone);
            }
        }
        self.mark_control(c.space);
    }
}
