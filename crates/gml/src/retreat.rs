//! 8.25 Retreats, 8.251 Retreat Priorities and 8.252 Retreat Restrictions
//! (ruling gml #18): a retreat takes all of a side's remaining units
//! (routing militia apart) to one space connected by a communication line;
//! point 3 needs at least three retreating units and a space holding
//! exactly one enemy unit.

use crate::combat::{Battle, Fight, Stage};
use crate::map::SpaceId;
use crate::state::{Gml, LeaderId, Place, UnitId};
use crate::tables::tables;
use engine::Seat;

impl Gml {
    /// 8.251 the spaces a retreat may aim at: connected by a line, in play,
    /// from which no enemy unit entered the combat, and holding what `fits`.
    fn retreat_targets(&self, b: &Battle, seat: Seat, fits: impl Fn(SpaceId) -> bool) -> Vec<SpaceId> {
        let enemy = 1 - seat;
        tables()
            .map
            .neighbours(b.space)
            .iter()
            .filter(|&&(n, k)| k.is_line() && self.in_play(n) && !b.from[enemy as usize].contains(&n) && fits(n))
            .map(|&(n, _)| n)
            .collect()
    }

    /// 8.251 point 1: connected spaces without enemy units, from which no
    /// enemy unit entered the combat.
    pub fn retreat_spaces(&self, b: &Battle, seat: Seat) -> Vec<SpaceId> {
        self.retreat_targets(b, seat, |n| !self.has_land(n, 1 - seat))
    }

    /// 8.251 point 3: connected spaces holding exactly one enemy unit, from
    /// which no enemy unit entered the combat.
    pub fn breakout_spaces(&self, b: &Battle, seat: Seat) -> Vec<SpaceId> {
        self.retreat_targets(b, seat, |n| self.land_at(n, 1 - seat).count() == 1)
    }

    /// 8.25 the priorities in order: point 1 if it can, else point 2, else
    /// point 3; units that cannot retreat are eliminated.
    pub(crate) fn start_retreat(&mut self, b: &mut Battle, seat: Seat, units: Vec<UnitId>, routing: bool) {
        if !routing {
            b.units[seat as usize].clear();
        }
        let mut p1 = self.retreat_spaces(b, seat);
        // 8.252 all the units that retreat from a combat go to the same space.
        if let Some(s) = b.retreated[seat as usize] {
            if p1.contains(&s) {
                p1 = vec![s];
            }
        }
        // The spaces of point 1, else (after point 2) of point 3, and
        // whether they are point 3's.
        let spaces = if !p1.is_empty() {
            Some((p1, false))
        } else if !routing && self.take_shelter(b, seat, &units) {
            b.stage = Stage::Shelter { seat: 1 - seat };
            return;
        } else if units.len() >= 3 {
            Some((self.breakout_spaces(b, seat), true)).filter(|(p3, _)| !p3.is_empty())
        } else {
            None
        };
        if let Some((options, step3)) = spaces {
            b.stage = Stage::Retreat {
                seat,
                units,
                routing,
                options,
                step3,
            };
            return;
        }
        let (who, n) = (self.units_words(&units), units.len());
        self.core.log.say("8.25", || {
            format!(
                "{who} cannot retreat and {} eliminated from the game",
                if n == 1 { "is" } else { "are" }
            )
        });
        // 8.25 "Units that cannot retreat are eliminated from the game"
        // (ruling gml #26).
        for u in units {
            self.remove_from_game(b, u);
        }
        b.stage = Stage::AfterMorale;
    }

    /// 8.251 point 2: whether a unit may retreat into the fort, and into
    /// the trench, of the battle's space.
    fn shelter(&self, b: &Battle, seat: Seat) -> impl Fn(UnitId) -> (bool, bool) {
        let fort = self.has_fort(b.space) && !self.land_at(b.space, 1 - seat).any(|u| self.units[u as usize].inside);
        let trench = !(b.trench_razed && seat == b.defender());
        let (inside0, trench0) = (b.inside0.clone(), b.trench0.clone());
        move |u: UnitId| (fort && inside0.contains(&u), trench && trench0.contains(&u))
    }

    /// What a retreat of the side's units in the battle would cost, for
    /// the choice that orders it: the units it would eliminate (8.25,
    /// 8.251 points 2 and 3), none when point 1 has a space or point 3
    /// may be tried.
    pub fn retreat_losses(&self, b: &Battle, seat: Seat) -> Vec<UnitId> {
        let units = &b.units[seat as usize];
        if !self.retreat_spaces(b, seat).is_empty() {
            return Vec::new();
        }
        let into = self.shelter(b, seat);
        if units.iter().any(|&u| into(u) != (false, false)) {
            return units.iter().copied().filter(|&u| into(u) == (false, false)).collect();
        }
        if units.len() >= 3 && !self.breakout_spaces(b, seat).is_empty() {
            return Vec::new();
        }
        units.clone()
    }

    /// 8.251 point 2: units that entered the combat from a fort or trench
    /// of the space, still standing, retreat into it and benefit from it;
    /// the others of the side, which cannot follow them, are eliminated
    /// (8.252: all go to the same space). Routing militia leave the combat
    /// and never take this way. True if any took shelter.
    fn take_shelter(&mut self, b: &mut Battle, seat: Seat, units: &[UnitId]) -> bool {
        let space = b.space;
        let into = self.shelter(b, seat);
        if !units.iter().any(|&u| {
            let (f, t) = into(u);
            f || t
        }) {
            return false;
        }
        let mut sheltered = 0;
        for &u in units {
            match into(u) {
                (false, false) => {
                    let name = self.unit_name(u);
                    self.core.log.say("8.252", || {
                        format!("The {name} cannot follow into the works and is eliminated from the game")
                    });
                    // 8.25: it cannot retreat (ruling gml #26).
                    self.remove_from_game(b, u);
                }
                (f, t) => {
                    let unit = &mut self.units[u as usize];
                    unit.inside |= f;
                    unit.entrenched |= t;
                    if !b.sheltered.contains(&u) {
                        b.sheltered.push(u);
                    }
                    b.units[seat as usize].push(u);
                    sheltered += 1;
                }
            }
        }
        let place = self.space_name(space);
        self.core.log.say("8.251", || {
            format!(
                "{sheltered} {} into the works of {place} (8.251 point 2)",
                if sheltered == 1 { "retreats" } else { "retreat" },
                sheltered = engine::log::count(sheltered, "unit")
            )
        });
        true
    }

    /// A destination chosen: point 1 moves there, point 3 picks its two
    /// fighters first.
    pub(crate) fn retreat_to(
        &mut self,
        b: &mut Battle,
        seat: Seat,
        units: Vec<UnitId>,
        routing: bool,
        s: SpaceId,
        step3: bool,
    ) {
        if step3 {
            b.stage = Stage::Pick {
                seat,
                units,
                routing,
                dest: s,
                picked: Vec::new(),
            };
            return;
        }
        self.move_retreat(b, seat, &units, s, routing);
        b.stage = Stage::AfterMorale;
    }

    /// The retreating units (and, for a side's retreat, its leaders) move.
    fn move_retreat(&mut self, b: &mut Battle, seat: Seat, units: &[UnitId], s: SpaceId, routing: bool) {
        let kind = tables().map.between(b.space, s).expect("a connected space");
        let from = Place::Space(b.space);
        let leaders: Vec<LeaderId> = if routing {
            Vec::new()
        } else {
            b.leaders[seat as usize]
                .iter()
                .copied()
                .filter(|&l| self.leaders[l as usize].at == from)
                .collect()
        };
        let mut moved = 0;
        for &u in units {
            if self.units[u as usize].at() != from {
                continue;
            }
            self.units.place(u, Place::Space(s));
            let unit = &mut self.units[u as usize];
            unit.entrenched = false;
            unit.inside = false;
            unit.entered = Some((b.space, kind));
            if unit.leader.is_some_and(|l| !leaders.contains(&l)) {
                unit.leader = None;
            }
            b.units[seat as usize].retain(|&x| x != u);
            moved += 1;
        }
        for &l in &leaders {
            self.leaders[l as usize].at = Place::Space(s);
        }
        b.retreated[seat as usize] = Some(s);
        let (place, what) = (self.space_name(s), if routing { "rout" } else { "retreat" });
        let who = crate::side_name(seat);
        self.core.log.say("8.251", || {
            format!(
                "{} {}{} to {place}",
                engine::log::count(moved, &format!("{who} unit")),
                what,
                if moved == 1 { "s" } else { "" }
            )
        });
        self.mark_control(s);
        // 5.6 an enemy leader alone there is checked.
        self.check_lone_leaders(s, seat);
        // 6.7 "whenever a British or Hessian unit enters a state for the
        // first time": by retreat too (ruling gml #36).
        let regular = units
            .iter()
            .any(|&u| self.units[u as usize].at() == Place::Space(s) && self.is_regular_british(u));
        self.first_entry(s, regular);
    }

    /// 8.251 point 3: the two fight one round against the enemy unit.
    pub(crate) fn breakout(
        &mut self,
        b: &mut Battle,
        seat: Seat,
        units: Vec<UnitId>,
        routing: bool,
        dest: SpaceId,
        picked: Vec<UnitId>,
    ) {
        let enemy = 1 - seat;
        b.stage = Stage::Breakout {
            seat,
            units,
            routing,
            dest,
        };
        let mut fighters = [Vec::new(), Vec::new()];
        fighters[seat as usize] = picked;
        fighters[enemy as usize] = self.land_at(dest, enemy).collect();
        // The round's 8.21 (1) leader values (ruling gml #18): the
        // retreating side's leaders, who go with its retreat, add their
        // Offensive Value (a drunk Alexander still nothing, 5.5); the enemy
        // unit's leaders their Defensive Value.
        let mut leaders = [Vec::new(), Vec::new()];
        if !routing {
            let from = Place::Space(b.space);
            leaders[seat as usize] = b.leaders[seat as usize]
                .iter()
                .copied()
                .filter(|&l| self.leaders[l as usize].at == from && !self.unfit(b, l))
                .collect();
        }
        leaders[enemy as usize] = self
            .leaders_at(dest)
            .filter(|&l| self.leader(l).side == enemy)
            .collect();
        // 8.24 the enemy's fleets in the port take part.
        let mut ships = [Vec::new(), Vec::new()];
        ships[enemy as usize] = self.fleets_at(dest, enemy);
        self.open_battle(dest, seat, Fight::Breakout { from: b.space }, fighters, ships, leaders);
    }

    /// 8.251 point 3 after the round: the enemy unit gone (eliminated or
    /// routed), the retreating units enter. Else "the retreating units may
    /// not enter the space", and as "a 'Step 3' retreat may only be
    /// attempted at the end of each combat round", they stay in the combat
    /// and may try again at the end of a later round (ruling gml #18);
    /// routing militia, who cannot stay, are eliminated.
    pub(crate) fn breakout_done(
        &mut self,
        b: &mut Battle,
        seat: Seat,
        units: Vec<UnitId>,
        routing: bool,
        dest: SpaceId,
    ) {
        let here: Vec<UnitId> = units
            .into_iter()
            .filter(|&u| self.units[u as usize].at() == Place::Space(b.space))
            .collect();
        if self.has_land(dest, 1 - seat) && !routing {
            let place = self.space_name(dest);
            self.core.log.say("8.251", || {
                format!("The enemy unit holds {place}: the retreating units may not enter it, and stay in the combat (a point 3 retreat may be tried again at the end of a later round)")
            });
            b.units[seat as usize].extend(here);
            b.quit = None;
            b.stage = self.stayed(b, seat);
            return;
        } else if self.has_land(dest, 1 - seat) {
            let place = self.space_name(dest);
            let n = here.len();
            self.core.log.say("8.251", || {
                format!("The enemy unit holds {place}: the {n} routing units may not enter and are eliminated from the game")
            });
            // 8.25: they cannot retreat (ruling gml #26).
            for u in here {
                self.remove_from_game(b, u);
            }
        } else {
            self.move_retreat(b, seat, &here, dest, routing);
        }
        b.stage = Stage::AfterMorale;
    }
}
