//! 18.0 Supply: the Line of Supply Length Chart (`data/supply-line.tsv`,
//! reconstructed): how far a line of supply reaches from a magazine
//! (18.61), step by step across square sides.

use crate::state::side_name;
use engine::table::{self, TableError};
use std::path::Path;

const SUPPLY_LINE_TSV: &str = include_str!("../data/supply-line.tsv");
/// The file `--data` may replace.
pub const FILE: &str = "supply-line.tsv";

/// One step of a line of supply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Directly along a road, river, lake coast or trail (13.5).
    Road,
    River,
    LakeCoast,
    Trail,
    /// Any other step across a square side.
    Overland,
}

const ITEMS: [&str; 6] = ["road", "river", "lake-coast", "trail", "overland", "limit"];

/// 18.61 the Line of Supply Length Chart.
#[derive(Clone, Debug)]
pub struct SupplyLine {
    /// Each step's length, in [`Step`] order.
    pub steps: [u32; 5],
    /// The longest line.
    pub limit: u32,
}

impl SupplyLine {
    pub fn read(dir: Option<&Path>) -> Result<SupplyLine, TableError> {
        let t = table::read(dir, FILE, SUPPLY_LINE_TSV, &["item", "value"])?;
        let mut values: [Option<u32>; 6] = [None; 6];
        for row in t.rows() {
            let i = row.one_of("item", &ITEMS.map(|w| (w, w)))?;
            let slot = &mut values[ITEMS.iter().position(|w| *w == i).expect("an item")];
            if slot.is_some() {
                return Err(row.error("item", "each item once"));
            }
            *slot = Some(row.range("value", 1..=30)?);
        }
        let mut got = [0; 6];
        for (i, v) in values.iter().enumerate() {
            got[i] = v.ok_or_else(|| t.error(format!("a line '{}' (18.61)", ITEMS[i]), "none"))?;
        }
        Ok(SupplyLine {
            steps: [got[0], got[1], got[2], got[3], got[4]],
            limit: got[5],
        })
    }

    /// 18.61 the length of a line made of `steps`.
    pub fn length(&self, steps: &[Step]) -> u32 {
        steps.iter().map(|&s| self.steps[s as usize]).sum()
    }

    /// 18.61 whether a line of these steps reaches its magazine; the path
    /// itself avoids enemy combat units and prohibited squares.
    // ruling: fiw #19
    pub fn reaches(&self, steps: &[Step]) -> bool {
        self.length(steps) <= self.limit
    }
}

impl crate::state::Fiw {
    /// 18.61 the friendly magazine a line of supply from a force in `sq`
    /// reaches, if any: across square sides, each step as long as the
    /// chart says (ruling fiw #19: never into enemy combat units or
    /// prohibited squares; the force's own square may hold the enemy). The
    /// force is one outside any fortress there: where the seat is besieged
    /// it is the relief force (23.25), to which the magazine inside the
    /// fortress is closed; the garrison's is [`Fiw::garrison_line`].
    /// Among those in reach, the one its use costs least (ruling fiw #72;
    /// rules fiw-15: the nearest, so a field magazine was spent beside a
    /// city's that never is): in a city or town (18.62: never expended),
    /// then one already used this turn, then the nearest.
    pub fn supply_line(&self, sq: crate::map::Sq, seat: engine::Seat) -> Option<crate::map::Sq> {
        use crate::map::{Colony, Route, Sq};
        let garrisoned = self.garrisoned(sq, seat);
        let m = &crate::tables::tables().map;
        let chart = &crate::tables::tables().supply_line;
        // Per square, what using its magazine costs: 0 never spent (a city
        // or town), 1 spent already, 2 spent by this use.
        // ruling: fiw #72
        let mut magazine: Vec<Option<u8>> = vec![None; m.squares.len()];
        for c in &self.civs {
            if c.side == seat && c.kind == crate::civilization::Marker::Magazine && !(garrisoned && c.sq == sq) {
                let cost = match (self.settlement(c.sq).is_some(), c.used) {
                    (true, _) => 0,
                    (false, true) => 1,
                    (false, false) => 2,
                };
                let at = &mut magazine[c.sq.index()];
                *at = Some(at.map_or(cost, |a| a.min(cost)));
            }
        }
        if magazine.iter().all(Option::is_none) {
            return None;
        }
        let mut found: Option<(u8, Sq)> = None;
        // One pass over the occupied squares rather than one per square
        // searched; their lists skip the counters off the map (most of the
        // mix, which a scan of every unit read on each call).
        let mut blocked = vec![false; m.squares.len()];
        for s in crate::units::squares(&self.units) {
            blocked[s.index()] = self.units_at(s).any(|u| self.side(u) != seat);
        }
        // Only a trail marker makes an overland step a trail (ruling fiw
        // #12): without one on the map no step asks for them.
        let trails = self.civs.iter().any(|c| c.kind == crate::civilization::Marker::Trail);
        let mut best = vec![u32::MAX; m.squares.len()];
        best[sq.index()] = 0;
        let mut queue = std::collections::BinaryHeap::new();
        queue.push(std::cmp::Reverse((0u32, sq.index())));
        while let Some(std::cmp::Reverse((d, i))) = queue.pop() {
            let s = Sq::from_index(i);
            if d > best[i] {
                continue;
            }
            if let Some(cost) = magazine[i] {
                // Nearer first: a later one must cost less to be taken.
                if found.is_none_or(|(c, _)| cost < c) {
                    found = Some((cost, s));
                }
                if cost == 0 {
                    break;
                }
            }
            for n in s.orthogonal() {
                let route = match m.land_route(s, n) {
                    Some(route) => route,
                    // Ruling fiw #80: a force on a water square (a fleet at
                    // sea, with what it carries) traces its line out across
                    // a side onto land, as overland; #19 bars only entering
                    // water.
                    None if s == sq && m.square(s).terrain.is_water() && !m.square(n).terrain.is_water() => {
                        Route::Overland
                    }
                    None => continue,
                };
                // ruling: fiw #19
                if blocked[n.index()] || (m.colony(n) == Some(Colony::Florida) && !self.spain) {
                    continue;
                }
                let route = if trails { self.marked_route(s, n, route) } else { route };
                let step = match route {
                    Route::Road => Step::Road,
                    Route::River => Step::River,
                    Route::LakeCoast => Step::LakeCoast,
                    Route::Trail => Step::Trail,
                    Route::Overland => Step::Overland,
                };
                let nd = d + chart.steps[step as usize];
                if nd <= chart.limit && nd < best[n.index()] {
                    best[n.index()] = nd;
                    queue.push(std::cmp::Reverse((nd, n.index())));
                }
            }
        }
        found.map(|(_, s)| s)
    }

    /// A besieged garrison traces no line of supply out through its
    /// besiegers: only a magazine inside its fortress supplies it (18.62;
    /// ruling fiw #54, after the FAQ: it lives on supply points, 18.33).
    pub fn garrison_line(&self, sq: crate::map::Sq, seat: engine::Seat) -> Option<crate::map::Sq> {
        // ruling: fiw #54
        let own =
            |c: &crate::state::Civ| c.sq == sq && c.side == seat && c.kind == crate::civilization::Marker::Magazine;
        (self.garrisoned(sq, seat) && self.civs.iter().any(own)).then_some(sq)
    }

    /// 23.2 the seat has a besieged garrison in `sq`.
    pub fn garrisoned(&self, sq: crate::map::Sq, seat: engine::Seat) -> bool {
        self.besieged(sq) && self.side_at(sq, seat).any(|u| self.units[u as usize].inside)
    }

    /// 23.25, 18.61 which of the seat's two forces in a square of its
    /// besieged fortress a line of supply feeds: the garrison, the relief
    /// force; neither elsewhere (one force: `supply_line` there).
    fn fed_forces(&self, sq: crate::map::Sq, seat: engine::Seat) -> [bool; 2] {
        if !self.garrisoned(sq, seat) {
            return [false; 2];
        }
        [
            self.garrison_line(sq, seat).is_some(),
            self.supply_line(sq, seat).is_some(),
        ]
    }

    /// 23.25 the seat has a relief force beside its besieged garrison.
    fn relieved(&self, sq: crate::map::Sq, seat: engine::Seat) -> bool {
        self.side_at(sq, seat)
            .any(|u| !self.units[u as usize].inside && self.usable(u, seat))
    }

    /// 18.62 a magazine outside a city or town is spent once used this
    /// turn (removed in the administration phase, ruling fiw #7).
    pub fn use_magazine(&mut self, sq: crate::map::Sq) {
        if self.settlement(sq).is_some() {
            return;
        }
        for c in self.civs.iter_mut() {
            if c.sq == sq && c.kind == crate::civilization::Marker::Magazine {
                c.used = true;
            }
        }
    }
}

/// The units a square's forage or supply must feed, as 18.3 counts them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ration {
    /// The seat's units there, in thirds of a regiment (ruling fiw #23),
    /// less the one unit 18.32 feeds for free.
    pub need: u32,
    /// 18.32 the forage value in thirds.
    pub forage: u32,
}

impl Ration {
    /// 18.33 the thirds beyond the forage value.
    pub fn surplus(self) -> u32 {
        self.need.saturating_sub(self.forage)
    }
}

impl crate::state::Fiw {
    /// 18.32 a square's forage value: the Terrain Effects Chart's for its
    /// terrain, or its city's or town's when higher; 0 for all-sea and
    /// all-lake squares (ruling fiw #20) and massacred squares (31.33).
    pub fn forage_value(&self, sq: crate::map::Sq) -> u8 {
        use crate::map::Settlement;
        if self.massacred(sq) {
            return 0;
        }
        let features: &[&str] = match self.settlement(sq) {
            Some(Settlement::City) => &["city"],
            Some(Settlement::Town) => &["town"],
            None => &[],
        };
        // ruling: fiw #20
        crate::tables::tables().terrain.forage(self.terrain(sq).id(), features)
    }

    /// 18.31-18.32 what a seat's units in a square must eat: every unit
    /// counts (leaders do not, 18.31; naval units do, 20.7), in regimental
    /// equivalents (ruling fiw #23), but one Indian unit or one light
    /// infantry detachment forages for free in wilderness and rough;
    /// besiegers forage as in a settlement square (23.22).
    pub fn ration(&self, sq: crate::map::Sq, seat: engine::Seat) -> Ration {
        use crate::forces::{Size, UnitType};
        use crate::map::Terrain;
        // ruling: fiw #23
        // ruling: fiw #20
        let units: Vec<crate::state::UnitId> = self.to_feed(sq, seat).collect();
        let need: u32 = units.iter().map(|&u| self.face(u).size.thirds()).sum();
        // 23.22 besiegers forage as if in a settlement square (the
        // settled row, as they defend: ruling fiw #14), so without 18.32's
        // free forager of the wilderness and rough country.
        // A relief force beside its garrison (23.25) is no besieger.
        let besieging = self.besieged(sq) && !self.garrisoned(sq, seat);
        let wild = matches!(self.terrain(sq), Terrain::Wilderness | Terrain::Rough) && !besieging;
        let free = wild
            && units.iter().any(|&u| {
                let f = self.face(u);
                self.is_indian(u) || (f.kind == UnitType::Light && f.size == Size::Detachment)
            });
        let forage = if besieging && !self.massacred(sq) {
            crate::tables::tables().terrain.forage("settled", &[])
        } else {
            self.forage_value(sq)
        };
        Ration {
            need: need - u32::from(free),
            forage: u32::from(forage) * 3,
        }
    }

    /// 18.31 the seat's units in a square that must be fed: neutral ones
    /// (Spain's before it is at war, 5.3; ruling fiw #55) are in automatic
    /// supply.
    pub(crate) fn to_feed(
        &self,
        sq: crate::map::Sq,
        seat: engine::Seat,
    ) -> impl Iterator<Item = crate::state::UnitId> + '_ {
        // 23.25 a force of a besieged square fed by its line is in supply.
        let fed = self.fed_forces(sq, seat);
        self.side_at(sq, seat)
            .filter(move |&u| self.usable(u, seat) && !fed[usize::from(!self.units[u as usize].inside)])
    }

    /// 18.3 the seat's provisioning phase (ruling fiw #1 step 13): every
    /// square holding its units is checked in turn.
    pub fn provisioning(&mut self, seat: engine::Seat) {
        // ruling: fiw #1
        let name = self.phase.name();
        self.core.log.say("18.3", || name);
        // What follows shows the enemy which squares are short of food:
        // no undo reaches back past it.
        self.core.dice.reveal();
        self.provision_from(seat, 0);
    }

    /// 18.3 checks the seat's squares from the `start`-th on, stopping at
    /// the first that asks a decision; at the end the next phase comes.
    fn provision_from(&mut self, seat: engine::Seat, start: usize) {
        let mut squares = self.unit_squares(|u| self.usable(u, seat));
        squares.retain(|s| s.index() >= start);
        let mut foraging: Vec<String> = Vec::new();
        for sq in squares {
            if self.garrisoned(sq, seat) {
                // 23.25 two forces: the garrison and a relief force.
                if let Some(mag) = self.garrison_line(sq, seat) {
                    self.draw_on(sq, mag, seat);
                }
                if let (Some(mag), true) = (self.supply_line(sq, seat), self.relieved(sq, seat)) {
                    self.draw_on(sq, mag, seat);
                }
                if self.to_feed(sq, seat).next().is_none() {
                    continue;
                }
            } else if let Some(mag) = self.supply_line(sq, seat) {
                self.draw_on(sq, mag, seat);
                continue;
            }
            if self.ration(sq, seat).surplus() == 0 {
                foraging.push(self.sq_name(sq));
                continue;
            }
            if self.supply[seat as usize] > 0 || self.starve_choice(sq, seat) {
                self.log_foraging(seat, &foraging);
                self.stack.push(crate::frames::Frame::Provision { seat, sq });
                return;
            }
            self.starve_surplus(sq, seat);
        }
        self.log_foraging(seat, &foraging);
        self.phase = if seat == self.first {
            crate::state::Phase::Provisioning(self.second())
        } else {
            crate::state::Phase::Administration
        };
    }

    /// 18.32 told to the owner alone (27.1: which stacks forage tells
    /// their sizes; rules fiw-15: said to everyone).
    fn log_foraging(&mut self, seat: engine::Seat, squares: &[String]) {
        if squares.is_empty() {
            return;
        }
        let list = engine::log::list(squares);
        self.core.log.tell(seat, "18.32", || {
            format!("The units in {list} forage and are in supply.")
        });
    }

    /// 18.61, 18.62 the units of a square in supply from a magazine: one
    /// outside a city or town is spent by its use, and one in a besieged
    /// fortress provisions only its own square and is spent (ruling fiw #7).
    fn draw_on(&mut self, sq: crate::map::Sq, mag: crate::map::Sq, seat: engine::Seat) {
        let (here, there) = (self.sq_name(sq), self.sq_name(mag));
        if mag == sq && self.besieged(sq) {
            // ruling: fiw #7
            for c in self.civs.iter_mut() {
                if c.sq == sq && c.side == seat && c.kind == crate::civilization::Marker::Magazine {
                    c.used = true;
                }
            }
            self.core.log.say("18.62", || {
                format!("The magazine in the besieged fortress of {here} provisions its garrison and is spent.")
            });
            return;
        }
        self.use_magazine(mag);
        let relief = self.garrisoned(sq, seat);
        self.core.log.say("18.61", || {
            if relief {
                format!("The relief force in {here} traces a line of supply to the magazine in {there}.")
            } else if mag == sq {
                format!("The units in {here} are in supply from their magazine.")
            } else {
                format!("The units in {here} trace a line of supply to the magazine in {there}.")
            }
        });
    }

    /// 18.4 whether the owner has a choice of the units that starve: the
    /// square feeds some of them and they are not all alike, or one is
    /// worth breaking down. A unit inside a besieged fortress is unlike
    /// one of its relief force: the siege ends with the garrison's last
    /// unit (23.26, ruling fiw #17), so the owner chooses (ruling fiw #54
    /// has them forage together).
    pub fn starve_choice(&self, sq: crate::map::Sq, seat: engine::Seat) -> bool {
        let mut designs: Vec<(u16, bool, bool)> = self
            .to_feed(sq, seat)
            .map(|u| {
                let unit = &self.units[u as usize];
                (unit.counter, unit.back, unit.inside)
            })
            .collect();
        designs.sort();
        designs.dedup();
        let r = self.ration(sq, seat);
        (designs.len() > 1 && r.forage > 0) || self.to_feed(sq, seat).any(|u| self.breaks_to_starve(u, r.surplus()))
    }

    /// 18.4 with no choice to make, the units beyond the forage value
    /// starve, one at a time, until the rest are fed.
    fn starve_surplus(&mut self, sq: crate::map::Sq, seat: engine::Seat) {
        while self.ration(sq, seat).surplus() > 0 {
            let Some(u) = self.to_feed(sq, seat).next() else { break };
            self.starve_unit(u);
        }
    }

    /// 18.4 a unit out of supply is eliminated (10.73: to the pool).
    fn starve_unit(&mut self, u: crate::state::UnitId) {
        let crate::state::Place::Sq(sq) = self.units[u as usize].at() else {
            unreachable!("only units on the map starve")
        };
        let seat = self.side(u);
        let (name, told, at) = (self.unit_name(u), self.told(u), self.sq_name(sq));
        self.to_pool(u);
        self.core.log.apart(
            seat,
            "18.4",
            &[],
            || vec![sq.to_string()],
            || format!("The {name} in {at} is out of supply and eliminated."),
            || {
                format!(
                    "{} in {at} is out of supply and eliminated.",
                    engine::log::capitalised(&told)
                )
            },
        );
    }

    /// A unit leaves the map for the pool (10.73), its markings cleared.
    pub fn to_pool(&mut self, u: crate::state::UnitId) {
        self.place_unit(u, crate::state::Place::Pool);
        let unit = &mut self.units[u as usize];
        unit.back = false;
        unit.ops = 0;
        unit.moved = false;
        unit.inside = false;
        unit.as_light = false;
    }

    /// 18.33 one supply point provisions every unit of the square beyond
    /// its forage value.
    pub fn provision(&mut self, sq: crate::map::Sq) {
        let Some(crate::frames::Frame::Provision { seat, .. }) = self.stack.pop() else {
            unreachable!("provisioning only on a provision frame")
        };
        self.supply[seat as usize] -= 1;
        let (side, at, left) = (side_name(seat), self.sq_name(sq), self.supply[seat as usize]);
        // 27.1 the square is the owner's to know: where a point goes tells
        // the size of a face-down stack (rules fiw-15: said to everyone).
        self.core.log.apart(
            seat,
            "18.33",
            &[],
            Vec::new,
            || format!("The {side} expend a supply point to provision the units in {at} ({left} left)."),
            || format!("The {side} expend a supply point ({left} left)."),
        );
        self.provision_from(seat, sq.index() + 1);
    }

    /// 18.4 the owner lets a unit of the square starve; once the rest are
    /// fed (or no choice is left) the next square is checked.
    pub fn starve(&mut self, u: crate::state::UnitId) {
        let Some(&crate::frames::Frame::Provision { seat, sq }) = self.stack.last() else {
            unreachable!("starving only on a provision frame")
        };
        self.starve_unit(u);
        self.provision_chosen(seat, sq);
    }

    /// After a choice in the square: the owner chooses again while a choice
    /// is left; else the rest of the surplus starves and the next square
    /// is checked.
    fn provision_chosen(&mut self, seat: engine::Seat, sq: crate::map::Sq) {
        if self.ration(sq, seat).surplus() > 0 && (self.supply[seat as usize] > 0 || self.starve_choice(sq, seat)) {
            return;
        }
        self.starve_surplus(sq, seat);
        self.stack.pop();
        self.provision_from(seat, sq.index() + 1);
    }

    /// 18.4 a unit worth breaking down to starve: larger than the surplus
    /// (starved whole it would take more than the square lacks) and with
    /// the counters of the echelon below in the mix (19.0).
    pub fn breaks_to_starve(&self, u: crate::state::UnitId, surplus: u32) -> bool {
        self.face(u).size.thirds() > surplus && self.breakdown(u).is_some()
    }

    /// 18.4 "A player may break down higher-echelon units to eliminate
    /// units due to lack of forage": the unit becomes three of the echelon
    /// below in its square (19.0), and the owner chooses again.
    pub fn break_down_to_starve(&mut self, u: crate::state::UnitId) {
        let Some(&crate::frames::Frame::Provision { seat, .. }) = self.stack.last() else {
            unreachable!("breaking down to starve only on a provision frame")
        };
        let change = self.breakdown(u).expect("legal: the counters are in the mix");
        let at = self.units[u as usize].at();
        self.change_units(seat, at, change, "18.4");
        let crate::state::Place::Sq(sq) = at else {
            unreachable!("units starve on the map")
        };
        self.provision_chosen(seat, sq);
    }

    /// The words of a provision frame's choices.
    pub fn provision_words(&self, sq: crate::map::Sq, seat: engine::Seat) -> String {
        let r = self.ration(sq, seat);
        format!(
            "{} beyond its forage value of {}",
            thirds_words(r.surplus()),
            thirds_words(r.forage)
        )
    }
}

/// Regimental equivalents in words ("1⅓ regiments").
pub fn thirds_words(t: u32) -> String {
    match t {
        0 => "no regiment".into(),
        1..=3 => format!("{} regiment", crate::forces::thirds_number(t)),
        _ => format!("{} regiments", crate::forces::thirds_number(t)),
    }
}
