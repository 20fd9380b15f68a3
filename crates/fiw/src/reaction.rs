//! 14.0 Invasion Reaction: after the phasing player's movement sub-phase
//! the other player raises militia and supply points in each of his
//! colonies that enemy combat units invaded (14.1, 14.31-14.33), and
//! Indians in each invaded Indian village (14.34), then places them
//! (14.4) where he chooses.

use crate::forces::{Nation, Size, UnitType, BRITISH, FRENCH};
use crate::frames::Frame;
use crate::map::{Colony, Settlement, Sq, Terrain};
use crate::state::{enemy, side_name, Fiw, Place, UnitId};
use crate::tables::tables;
use engine::log::capitalised;
use engine::Seat;

/// A small count in words, as the rulebook writes it ("two regiments").
pub fn count(n: usize, one: &str, many: &str) -> String {
    const WORDS: [&str; 7] = ["no", "one", "two", "three", "four", "five", "six"];
    let word = WORDS.get(n).map_or_else(|| n.to_string(), |w| (*w).to_string());
    format!("{word} {}", if n == 1 { one } else { many })
}

impl Fiw {
    /// 14.0 the reacting player's (the non-phasing one's) invasion reaction
    /// at the end of `phasing`'s movement sub-phase.
    pub fn invasion_reaction(&mut self, phasing: Seat) {
        let seat = enemy(phasing);
        let m = &tables().map;
        // 14.2, ruling fiw #9: only land combat units that moved in this
        // movement sub-phase and ended it there (naval units alone invade
        // nothing, as they activate nothing); French-controlled Indians and
        // Spanish units are French (their side).
        // ruling: fiw #9
        let arrived_where = |keep: &dyn Fn(UnitId) -> bool| {
            let mut at: Vec<Sq> = (0..self.units.len() as UnitId)
                .filter(|&u| self.units[u as usize].moved && self.side(u) == phasing && keep(u))
                .filter_map(|u| match self.units[u as usize].at() {
                    Place::Sq(sq) => Some(sq),
                    _ => None,
                })
                .collect();
            at.sort();
            at.dedup();
            at
        };
        let arrived = arrived_where(&|u| !self.is_naval(u));
        // 14.1 each of the reacting player's colonies with enemy combat units.
        let colonies: Vec<Colony> = Colony::ALL
            .into_iter()
            .filter(|&c| self.owner(c) == Some(seat) && arrived.iter().any(|&sq| m.colony(sq) == Some(c)))
            .collect();
        // 14.1, 10.4 each Indian village with enemy non-Indian combat units,
        // if that is an invasion: 14.1 judges invasion by colony, so a
        // village in the invaders' own colonies does not react.
        // ruling: fiw #92
        let villages: Vec<Sq> = arrived_where(&|u| !self.is_indian(u) && !self.is_naval(u))
            .into_iter()
            .filter(|&sq| m.village(sq).is_some() && m.colony(sq).and_then(|c| self.owner(c)) != Some(phasing))
            .collect();
        if colonies.is_empty() && villages.is_empty() {
            return;
        }
        let side = side_name(seat);
        self.core
            .log
            .say("14.0", || format!("{side} Invasion Reaction Sub-Phase."));
        let mut frames = Vec::new();
        for c in colonies {
            if let Some(f) = self.militia_reaction(seat, c) {
                frames.push(f);
            }
        }
        for sq in villages {
            self.indian_reaction(seat, sq);
        }
        // The first colony's placements on top.
        self.stack.extend(frames.into_iter().rev());
        self.settle_raise();
    }

    /// 14.31-14.33 the militia and supply points an invaded colony gives
    /// its owner; the militia wait in a frame to be placed (14.4).
    fn militia_reaction(&mut self, seat: Seat, c: Colony) -> Option<Frame> {
        let m = &tables().map;
        let invader = side_name(enemy(seat));
        let side = side_name(seat);
        let (n, size, rule, held) = if seat == BRITISH {
            // 14.31, ruling fiw #44: a detachment where the rule says so.
            // ruling: fiw #44
            match c {
                Colony::Massachusetts | Colony::Connecticut | Colony::NewYork => (2, Size::Regiment, "14.31", None),
                Colony::HudsonsBay | Colony::NovaScotia | Colony::Newfoundland => (1, Size::Detachment, "14.31", None),
                _ => (1, Size::Regiment, "14.31", None),
            }
        } else {
            // 14.32 per French-occupied city; 14.33 per Spanish-occupied
            // city of Florida.
            let spanish = c == Colony::Florida;
            let mut cities: Vec<Sq> = m
                .places
                .iter()
                .filter(|p| p.settlement == Some(Settlement::City) && m.colony(p.sq) == Some(c))
                .map(|p| p.sq)
                .collect();
            cities.sort();
            cities.dedup();
            cities.retain(|&sq| {
                if spanish {
                    self.side_at(sq, FRENCH).any(|u| self.face(u).nation == Nation::Spanish)
                } else {
                    self.occupies(sq, FRENCH)
                }
            });
            let names: Vec<String> = cities.iter().map(|&sq| self.sq_name(sq)).collect();
            let (who, rule) = if spanish {
                ("Spanish", "14.33")
            } else {
                ("French", "14.32")
            };
            let held = if names.is_empty() {
                format!("the {who} occupy no city there")
            } else {
                format!("the {who} occupy {}", engine::log::list(&names))
            };
            (cities.len(), Size::Regiment, rule, Some(held))
        };
        // One supply point with each unit (14.31-14.33).
        let sp = n;
        let what = match size {
            Size::Detachment => count(n, "militia detachment", "militia detachments"),
            _ => count(n, "militia regiment", "militia regiments"),
        };
        let points = count(sp, "supply point", "supply points");
        self.supply[seat as usize] += sp as u16;
        let colony = c.name();
        let held = held.map_or(String::new(), |h| format!("; {h}"));
        self.core.log.say(rule, || {
            format!("{invader} units invade {colony}{held}: the {side} receive {what} and {points}.")
        });
        let mut units: Vec<UnitId> = Vec::new();
        for _ in 0..n {
            match self.pool_militia(c, size, &units) {
                Some(u) => units.push(u),
                None => {
                    let short = n - units.len();
                    let what = count(short, "counter", "counters");
                    self.core.log.say("10.72", || {
                        format!("The counter mix has no {colony} militia left: {what} short.")
                    });
                    break;
                }
            }
        }
        (!units.is_empty()).then(|| Frame::Raise {
            seat,
            units,
            placed: Vec::new(),
        })
    }

    /// 10.72 a militia counter of the colony in the pool, turned to the
    /// face of `size` (24.4: a regiment's back is its detachment).
    fn pool_militia(&mut self, c: Colony, size: Size, taken: &[UnitId]) -> Option<UnitId> {
        let f = &tables().forces;
        let u = self.units_in(Place::Pool).find(|&u| {
            let front = &f.faces[f.counters[self.units[u as usize].counter as usize].front];
            !taken.contains(&u) && front.kind == UnitType::Militia && front.home.as_deref() == Some(c.id())
        })?;
        let counter = &f.counters[self.units[u as usize].counter as usize];
        let back = size != f.faces[counter.front].size && counter.back.is_some_and(|b| f.faces[b].size == size);
        self.units[u as usize].back = back;
        Some(u)
    }

    /// 14.34 the reacting player rolls for an invaded Indian village: 4-5
    /// one Indian unit, 6 two, drawn at random from the pool and set on his
    /// side in the village (25.1, ruling fiw #10).
    fn indian_reaction(&mut self, seat: Seat, sq: Sq) {
        // A village drawn without its name on the map goes by its id.
        let village = tables().map.village(sq).map_or_else(
            || self.sq_name(sq),
            |p| {
                if p.name.is_empty() {
                    capitalised(&p.id)
                } else {
                    p.name.clone()
                }
            },
        );
        let roll = self.core.dice.d6();
        let n = match roll {
            1..=3 => 0,
            4 | 5 => 1,
            _ => 2,
        };
        let side = side_name(seat);
        let what = if n == 0 {
            "no effect".to_string()
        } else {
            format!("place {}", count(n, "Indian unit", "Indian units"))
        };
        self.core.log.roll_at(
            "14.34",
            &[roll],
            || vec![sq.to_string()],
            || format!("The {side} roll {roll} for the invaded Indian village of {village}: {what}."),
        );
        let f = &tables().forces;
        for _ in 0..n {
            let pool: Vec<UnitId> = self.pool_indians().collect();
            if pool.is_empty() {
                self.core.log.say("10.72", || {
                    "The counter mix has no Indian unit left in the pool.".into()
                });
                return;
            }
            // 25.1 drawn at random (a scripted draw names the face or the
            // nation).
            let i = self.core.dice.draw(pool.len(), |i, name| {
                let front = &f.faces[f.counters[self.units[pool[i] as usize].counter as usize].front];
                front.id == name || front.home.as_deref() == Some(name)
            });
            let u = pool[i];
            // ruling: fiw #10; placed, it enters nothing (ruling fiw #60)
            self.place_unit(u, Place::Sq(sq));
            let unit = &mut self.units[u as usize];
            unit.back = seat == BRITISH;
            unit.ops = 0;
            unit.moved = false;
            unit.inside = false;
            let name = self.unit_name(u);
            let at = self.sq_name(sq);
            // 27.1 the invaders in the village examine it.
            self.core.log.say_at(
                "14.4",
                || vec![sq.to_string()],
                || format!("An Indian unit drawn at random, {name}, joins the {side} in {at}."),
            );
        }
    }

    /// 14.4 the squares the next unit raised may be placed in: the
    /// colony's city, town and settled squares, each taking new units up
    /// to its forage value in regimental equivalents (ruling fiw #23),
    /// never a massacred one (31.35); enemy units do not bar it.
    pub fn raise_squares(&self, u: UnitId, placed: &[(Sq, u8)]) -> Vec<Sq> {
        let m = &tables().map;
        let Some(colony) = self.home_colony(u) else {
            return Vec::new();
        };
        // ruling: fiw #23
        let size = self.face(u).size.thirds();
        m.squares_of(colony)
            .filter(|&sq| {
                (m.settlement(sq).is_some() || self.terrain(sq) == Terrain::Settled)
                    && !self.terrain(sq).is_water()
                    && !self.massacred(sq)
            })
            .filter(|&sq| {
                let used: u32 = placed.iter().filter(|p| p.0 == sq).map(|p| u32::from(p.1)).sum();
                used + size <= u32::from(self.forage_value(sq)) * 3
            })
            .collect()
    }

    /// The colony a provincial or militia unit belongs to (its counter's
    /// home).
    pub fn home_colony(&self, u: UnitId) -> Option<Colony> {
        let home = self.face(u).home.as_deref()?;
        Colony::ALL.into_iter().find(|c| c.id() == home)
    }

    /// Places what needs no decision: a unit with a single square goes
    /// there, one with none stays in the pool; stops at the first choice.
    pub fn settle_raise(&mut self) {
        while let Some(Frame::Raise { units, placed, .. }) = self.stack.last() {
            let Some(&u) = units.first() else {
                self.stack.pop();
                continue;
            };
            let options = self.raise_squares(u, placed);
            match options[..] {
                [] => {
                    if let Some(Frame::Raise { units, .. }) = self.stack.last_mut() {
                        units.remove(0);
                    }
                    self.units[u as usize].back = false;
                    let name = self.unit_name(u);
                    self.core.log.say("14.4", || {
                        format!(
                            "No city, town or settled square of its colony can take the {name}: it stays in the pool."
                        )
                    });
                }
                [sq] => self.raise_at(sq),
                _ => break,
            }
        }
    }

    /// 14.4 the next unit raised is placed in `sq`, then whatever follows
    /// without a decision.
    pub fn raise(&mut self, sq: Sq) {
        self.raise_at(sq);
        self.settle_raise();
    }

    fn raise_at(&mut self, sq: Sq) {
        let Some(&Frame::Raise { seat, ref units, .. }) = self.stack.last() else {
            unreachable!("raising only on a raise frame")
        };
        let u = units[0];
        // ruling: fiw #23
        let size = self.face(u).size.thirds() as u8;
        let Some(Frame::Raise { units, placed, .. }) = self.stack.last_mut() else {
            unreachable!("raising only on a raise frame")
        };
        units.remove(0);
        match placed.iter_mut().find(|p| p.0 == sq) {
            Some(p) => p.1 += size,
            None => placed.push((sq, size)),
        }
        // ruling: fiw #17 (the first raised into an enemy-held fortress
        // square besiege it: its garrison was there first, 23.22)
        let first = !self.side_at(sq, seat).any(|x| x != u);
        if self.reveals(seat, sq) {
            // 27.1 the unit raised among enemy pieces the seat could not
            // examine shows them: the raise cannot be taken back.
            self.core.dice.reveal();
        }
        self.place_unit(u, Place::Sq(sq));
        let unit = &mut self.units[u as usize];
        unit.ops = 0;
        unit.moved = false;
        unit.inside = false;
        if first {
            self.invest(seat, sq);
        }
        let name = self.unit_name(u);
        let told = self.told(u);
        let at = self.sq_name(sq);
        // 27.1 the enemy sees a block arrive, unless he may examine it.
        self.core.log.apart(
            seat,
            "14.4",
            &[],
            || vec![sq.to_string()],
            || format!("The {name} is raised in {at}."),
            || format!("{} is raised in {at}.", capitalised(&told)),
        );
    }

    /// A unit as its enemy may name it (27.1): by its counter where he may
    /// examine it, else by its colours only (2.3).
    pub fn told(&self, u: UnitId) -> String {
        let seat = self.side(u);
        if self.hidden_from(crate::actions::Piece::Unit(u), enemy(seat)) {
            // 2.3 what the back of the block shows: its colours.
            match self.colours(u) {
                ("indian", _) => format!("an Indian unit of the {}", side_name(seat)),
                ("spanish", kind) => format!("a Spanish {kind} unit"),
                (_, kind) => format!("a {} {kind} unit", side_name(seat)),
            }
        } else {
            format!("the {}", self.unit_name(u))
        }
    }

    /// The prompt of a raise frame.
    pub fn raise_prompt(&self) -> String {
        match self.stack.last() {
            Some(Frame::Raise { units, .. }) if !units.is_empty() => format!(
                "Place the {} raised by the invasion in a city, town or settled square of its colony",
                self.unit_name(units[0])
            ),
            _ => "Place the militia raised by the invasion".into(),
        }
    }
}
