//! 10.0 Determining Victory; 12.2-12.4 solitaire objectives and victory points.

use crate::map::Region;
use crate::state::*;
use engine::Seat;

impl Bh {
    /// Held for scoring: unbroken military units of `side` and no enemy
    /// pieces (ruling bh #22; 12.3 "a leader cannot hold a region on his own").
    pub fn holds(&self, r: Region, side: Seat) -> bool {
        self.held(side) & bit(r) != 0
    }

    /// The regions `side` holds, one bit each (`holds`).
    fn held(&self, side: Seat) -> u64 {
        self.unbroken_in(side) & !self.units_in(other(side))
    }

    /// Ruling bh #22: hilltop regions held by a side.
    pub fn hill_regions(&self, side: Seat) -> usize {
        let (map, held) = (self.map(), self.held(side));
        ["moultons", "breeds", "bunker"]
            .iter()
            .flat_map(|h| map.hill(h).iter().copied())
            .filter(|&r| held & bit(r) != 0)
            .count()
    }

    /// 12.3 an objective region is captured when the British hold it; a
    /// burning town region counts too under "Clear and/or Burn Charlestown"
    /// alone (ruling bh #35: #1 scores regions "burned or captured", #6
    /// only regions "captured").
    fn captured_count(&self, goal: Goal) -> usize {
        let burn = goal == Goal::Charlestown && self.objective.as_ref().is_some_and(Objective::burns_town);
        let fire = if burn { self.ablaze } else { 0 };
        ((self.held(BRITISH) | fire) & goal.mask()).count_ones() as usize
    }

    /// 12.3 / 12.4 every objective met.
    pub fn objective_achieved(&self) -> bool {
        let Some(obj) = &self.objective else { return false };
        !obj.goals.is_empty()
            && obj.goals.iter().all(|&g| {
                let n = self.captured_count(g);
                if g == Goal::Charlestown {
                    n >= 6
                } else {
                    n == g.mask().count_ones() as usize
                }
            })
    }

    /// 12.3 the objective's victory points for the British.
    fn objective_vp(&self) -> f64 {
        let Some(obj) = &self.objective else { return 0.0 };
        let mut vp = 0.0;
        let mut any = false;
        for &g in &obj.goals {
            let n = self.captured_count(g);
            any |= n > 0;
            // 12.3 #1: 1 VP at six town regions, 1 more for each over six.
            // Every other objective, #6 and a Charlestown taken as the other
            // objective of #4 or #5 too, scores each region captured at its
            // rate (ruling bh #35).
            if obj.burns_town() {
                if n >= 6 {
                    vp += 1.0 + (n - 6) as f64;
                }
            } else {
                vp += (n * obj.per_region as usize) as f64;
            }
        }
        if !any {
            // 12.2: ignored if an unbroken British unit is adjacent to an objective.
            let (map, unbroken) = (self.map(), self.unbroken_in(BRITISH));
            let near = obj
                .goals
                .iter()
                .flat_map(|g| regions_in(g.mask()))
                .any(|r| map.neighbours(r).iter().any(|&b| unbroken & bit(b) != 0));
            if !near {
                vp -= if obj.number == 6 && self.scenario == Scenario::SoloBritish {
                    2.0
                } else {
                    1.0
                };
            }
        }
        vp
    }

    fn objective_none_captured(&self) -> bool {
        self.objective
            .as_ref()
            .is_some_and(|o| o.goals.iter().all(|&g| self.captured_count(g) == 0))
    }

    /// Victory points of `seat` as the game stands (10.0; schedule in data/vp.tsv).
    pub fn vp(&self, seat: Seat) -> f64 {
        let map = self.map();
        let foe = other(seat);
        let mut vp = 0.0;
        // The schedule is looked up once, not per piece.
        let [killed, destroyed, wounded, broken] =
            ["leader-killed", "unit-destroyed", "leader-wounded", "unit-broken"].map(|k| map.vp(k));
        for p in self.pieces.iter().filter(|p| p.side == foe) {
            match (p.loc, p.unit, p.flipped) {
                (DESTROYED, Unit::Leader, _) => vp += killed,
                (DESTROYED, _, _) => vp += destroyed,
                (WAITING, _, _) => {}
                (_, Unit::Leader, true) if !self.solo() => vp += wounded,
                (_, Unit::Leader, _) => {}
                (_, _, true) => vp += broken,
                // 12.2: 1/2 VP for each panicked unit too.
                (_, _, false) if p.panic && self.solo() => vp += broken,
                _ => {}
            }
        }
        // 12.2's solitaire schedule takes a VP from the Patriots only
        // (ruling bh #39).
        if self.demoralized[seat as usize] && !(self.solo() && seat == BRITISH) {
            vp += map.vp("demoralized");
        }
        if seat == PATRIOT && self.ammo == 0 {
            vp += map.vp("patriot-ammo-out");
        }
        if self.solo() {
            if seat == BRITISH {
                vp += self.objective_vp();
            } else if self.scenario == Scenario::SoloPatriot && self.objective_none_captured() {
                // 12.4: 1 VP to the Patriot if no objective region is captured,
                // beside 12.2's VP off the British (ruling bh #40).
                vp += 1.0;
            }
            return vp;
        }
        let held = self.held(seat);
        for (hill, key) in [
            ("moultons", "hill-moultons"),
            ("breeds", "hill-breeds"),
            ("bunker", "hill-bunker"),
        ] {
            if map.hill(hill).iter().all(|&r| held & bit(r) != 0) {
                vp += map.vp(key);
            }
        }
        if seat == BRITISH {
            let ablaze = map.land().filter(|&r| self.is_ablaze(r)).count();
            vp += ablaze.saturating_sub(5) as f64 * map.vp("ablaze-over-5");
        }
        vp
    }

    /// 12.2 "0 VP for wounded leaders that survive attrition rolls": at the
    /// end of a solitaire game each wounded leader on the map rolls and dies
    /// of his wounds on a 6, as From Boston to Concord's 15.2 gives the roll
    /// (ruling bh #42). He dies after the battle, so no morale is lost; 12.2
    /// scores broken and panicked units at 1/2 VP, and they do not roll.
    fn solitaire_attrition(&mut self) {
        for i in 0..self.pieces.len() as PieceId {
            let p = self.p(i);
            if p.unit != Unit::Leader || !p.flipped || !p.on_map() {
                continue;
            }
            let (name, at, m) = (self.label(i), p.loc, self.map());
            let d = self.core.dice.d6();
            self.core.log.roll_at(
                "12.2",
                &[d],
                || m.path(&[at]),
                || {
                    format!(
                        "Attrition for the wounded {name} in {}: {d}, {} kills him: {}.",
                        m.name(at),
                        revroad::log::at_least(6),
                        if d == 6 { "he dies of his wounds" } else { "he survives" }
                    )
                },
            );
            if d == 6 {
                self.pm(i).loc = DESTROYED;
            }
        }
    }

    /// 10.0 more victory points wins; a tie goes to the side holding more hill regions, else the Patriot.
    pub fn finish(&mut self) {
        if self.core.outcome.is_some() {
            return;
        }
        if self.solo() {
            self.solitaire_attrition();
        }
        let (b, p) = (self.vp(BRITISH), self.vp(PATRIOT));
        let (winner, why) = if b > p {
            (BRITISH, format!("British {b} VP to Patriot {p}"))
        } else if p > b {
            (PATRIOT, format!("Patriot {p} VP to British {b}"))
        } else if self.hill_regions(BRITISH) > self.hill_regions(PATRIOT) {
            (BRITISH, format!("{b} VP each; the British hold more hill regions"))
        } else {
            (
                PATRIOT,
                format!("{b} VP each; the British do not hold more hill regions"),
            )
        };
        self.core.log.say("10.0", || format!("Game over: {why}"));
        self.core.finish(Some(winner), why, "10.0");
        self.phase = Phase::Over;
        self.frames.clear();
    }
}
