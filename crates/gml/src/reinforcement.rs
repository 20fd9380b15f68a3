//! 9.1-9.4 militia reinforcements in each side's Reinforcement Phase.
//!
//! Order (3.1 D, H): the phasing seat first rolls for every region the
//! scenario gives it (12.x4), all the rolls before any placement (3.1 D.1
//! then D.2), each in the column the scenario fixes (12.14 B, 12.24) or
//! the one the map shows (9.1); then it places the militia raised (9.4);
//! then the scenario's scheduled arrivals come in. The militia come first
//! because 3.1 makes them the phase's steps 1 and 2 (the arrivals are the
//! scenarios' addition), and because the column is then read from the map
//! as the turn's movement and combat left it: a seat cannot shift its own
//! column by where it puts the turn's arrivals.

use crate::forces::{AMERICAN, BRITISH};
use crate::frames::Frame;
use crate::map::{Region, SpaceId, StateId};
use crate::militia::Presence;
use crate::movement::calls_militia;
use crate::scenario::Piece;
use crate::state::{Gml, Place, UnitId};
use crate::tables::tables;
use engine::Seat;

/// A Militia Table column as 9.1 names it (ruling gml #27).
pub fn column_name(p: Presence) -> &'static str {
    match p {
        Presence::None => "no British presence",
        Presence::NoCities => "British presence, no VP city controlled",
        Presence::SomeCities => "British presence, some VP cities controlled",
        Presence::AllCities => "British presence, all VP cities controlled",
    }
}

impl Gml {
    /// 9.1 the Militia Table column of a region from the map: British
    /// presence is a British or Hessian land unit in one of its spaces in
    /// play (Tories and Indians do not count); the VP cities (spaces with
    /// victory points) are counted as the British control them for the
    /// Militia Table (9.2, ruling gml #28: British or Hessian units only).
    pub fn militia_column(&self, region: Region) -> Presence {
        let m = &tables().map;
        // Only the region's spaces looked at: this runs in the bots' playouts.
        let spaces: Vec<SpaceId> = m
            .states_in(region)
            .flat_map(|st| m.spaces_of(st))
            .copied()
            .filter(|&s| self.in_play(s))
            .collect();
        let british = spaces
            .iter()
            .any(|&s| self.units_at(s).any(|u| calls_militia(self.counters(u))));
        let cities: Vec<SpaceId> = spaces.into_iter().filter(|&s| m.get(s).vp > 0).collect();
        let held = cities.iter().filter(|&&s| self.controller(s) == Some(BRITISH)).count();
        Presence::of(british, held, cities.len())
    }

    /// 3.1 D.1, H.1, 9.1, 9.3 the seat's Militia Table rolls, one per
    /// region the scenario gives it: the regions that raise a unit.
    pub(crate) fn militia_rolls(&mut self, seat: Seat) -> Vec<Region> {
        let mut raised = Vec::new();
        for line in self.scenario.spec().militia.iter().filter(|l| l.seat == seat) {
            let region = line.region;
            let (column, fixed) = match line.column {
                Some(c) => (c, true),
                None => (self.militia_column(region), false),
            };
            let row = if seat == AMERICAN { "R" } else { "T" };
            let how = if fixed {
                format!("{}, as the scenario fixes", column_name(column))
            } else {
                column_name(column).to_string()
            };
            let Some(need) = tables().militia.need(region, seat, column) else {
                // Ruling gml #27: "—" is no success; nothing to roll for.
                self.core.log.say("9.3", || {
                    format!(
                        "Militia Table, {} ({row} row, {how}): no militia can be raised",
                        region.name()
                    )
                });
                continue;
            };
            let die = self.core.dice.roll(10);
            let ok = die <= need;
            self.core.log.roll("9.3", &[die], || {
                format!(
                    "Militia Table, {} ({row} row, {how}): {die}, needs {need} or less: {}",
                    region.name(),
                    if ok { "a militia unit is raised" } else { "none" }
                )
            });
            if ok {
                raised.push(region);
            }
        }
        raised
    }

    /// 3.1 D.2, H.2, 9.4 the militia raised, one unit per region, each of
    /// a state of the region with a counter in the pool, placed in a space
    /// of its state without enemy units (ruling gml #27). Stacked above
    /// the arrivals, the first region on top.
    pub(crate) fn place_raised(&mut self, seat: Seat, raised: &[Region]) {
        let m = &tables().map;
        for &region in raised.iter().rev() {
            let states: Vec<StateId> = m.states_in(region).collect();
            let mut spaces = Vec::new();
            self.raise_legal(seat, &states, &mut spaces);
            if spaces.is_empty() {
                self.core.log.say("9.4", || {
                    format!(
                        "No militia counter of the {} region can be placed: none in the pool, or no space free of enemy units",
                        region.name()
                    )
                });
                continue;
            }
            self.stack.push(Frame::Raise {
                seat,
                states,
                left: 1,
                rule: "9.4".into(),
            });
        }
    }
}

impl Gml {
    /// 12.x4 the counters of the scheduled arrivals are set aside when the
    /// set-up is done (`Place::Later`), so that militia raised before they
    /// arrive (9.4, 6.7) cannot take them from the pool.
    pub(crate) fn reserve_arrivals(&mut self) {
        let t = tables();
        for a in self.scenario.spec().arrivals {
            for piece in a.line.pieces {
                let Piece::Units {
                    n,
                    kind,
                    nationality,
                    home,
                    experienced,
                } = *piece
                else {
                    continue;
                };
                for _ in 0..n {
                    let found = self.units.iter().position(|u| {
                        let c = &t.forces.counters[u.row as usize];
                        u.at() == Place::Pool
                            && c.side == Some(a.line.seat)
                            && c.kind == kind
                            && c.nationality == Some(nationality)
                            && c.home.as_deref() == home
                            && c.experienced == experienced
                    });
                    if let Some(u) = found {
                        self.units.place(u as UnitId, Place::Later);
                    }
                }
            }
        }
    }
}
