//! 8.0 Combat (D and E, the land combats), 8.2 Land Combat and its steps
//! 1-12, 8.21 Combat Value Modifiers, 8.22 Combat Results, 8.23 Militia
//! and Combat, 8.24 Naval Units and Land Combat, 8.26 Forts and Trenches,
//! 8.27 Greater Victory and 8.28 Ascension; 6.5 Overrun (ruling gml #13)
//! and the one round of an 8.251 point 3 retreat use the same Battle Panel.
//! Retreats themselves (8.25-8.252) are in `retreat.rs`.

use crate::actions::Action;
use crate::forces::{Kind, AMERICAN, BRITISH};
use crate::frames::Frame;
use crate::map::{LineKind, SpaceId, Terrain};
use crate::state::{is_land, Gml, LeaderId, Place, UnitId};
use crate::tables::tables;
use engine::Seat;
use serde::{Deserialize, Serialize};

fn is_false(b: &bool) -> bool {
    !*b
}

/// 8.0 D, E the land combats of a Combat Phase: every space where both
/// sides have land units, the mandatory ones first, then those the
/// attacker chooses among.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Combats {
    /// The attacker: the phasing seat, or the mover of a 4.1 out-of-phase
    /// activation (ruling gml #3).
    pub seat: Seat,
    /// Ruling gml #3: only the combats the 4.1 activations caused (spaces
    /// where a unit of `seat` that moved meets the enemy).
    #[serde(default, skip_serializing_if = "is_false")]
    pub movers: bool,
    /// With `movers`: the seat's units that had moved earlier in the
    /// player-turn (an earlier 4.1 activation or 6.2 reserve). Their
    /// entries still count for 8.251 (ruling gml #67), but their combats
    /// were offered when they moved: not this frame's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub earlier: Vec<UnitId>,
    /// Spaces fought or skipped already.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub done: Vec<SpaceId>,
}

/// What a Battle Panel is set up for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fight {
    /// 8.2 a land combat.
    Combat,
    /// 6.5 one first-round sequence of a stack of 5 or more against a lone
    /// enemy unit (ruling gml #13).
    Overrun,
    /// 8.251 point 3: two retreating units fight one round against the
    /// enemy unit of the space they retreat into, from `from`.
    Breakout { from: SpaceId },
}

/// Where a battle stands: a decision or an automatic step.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// 5.1, 5.3, 8.21 (1) a leader gives his points one at a time to units
    /// of his command chain (ruling gml #4).
    Bonus {
        seat: Seat,
        leader: LeaderId,
        left: u8,
    },
    /// 5.5 Clinton's force may retreat before step 4 (ruling gml #33).
    Evade {
        seat: Seat,
    },
    /// 8.2 step 4 the attacker designates artillery to fire at the works.
    Bombard {
        chosen: Vec<UnitId>,
    },
    /// 8.2 step 5 the defender fires first in round one.
    DefenderFires,
    /// 8.2 step 6 then the attacker.
    AttackerFires,
    /// 8.2 step 11 from round two both fire before any hit is applied.
    BothFire,
    /// 8.22 the seat turns or eliminates units for its hits.
    Hits {
        seat: Seat,
    },
    /// 8.2 steps 7-8, 8.23 Indian and militia morale.
    Morale,
    /// Routed experienced militia retreat; then the combat goes on or ends.
    AfterMorale,
    /// 8.2 steps 9-10 remain in combat or retreat, defender first.
    Stay {
        seat: Seat,
    },
    /// 8.251 the retreating units' destination (point 1, or point 3).
    Retreat {
        seat: Seat,
        units: Vec<UnitId>,
        routing: bool,
        options: Vec<SpaceId>,
        step3: bool,
    },
    /// 8.251 point 3 the two units that fight.
    Pick {
        seat: Seat,
        units: Vec<UnitId>,
        routing: bool,
        dest: SpaceId,
        picked: Vec<UnitId>,
    },
    /// 8.251 point 3 waiting on the one round's outcome.
    Breakout {
        seat: Seat,
        units: Vec<UnitId>,
        routing: bool,
        dest: SpaceId,
    },
    /// 8.251 point 2 the opponent of the side that took shelter continues
    /// or ends the combat.
    Shelter {
        seat: Seat,
    },
    /// 8.27 greater victory judged, 8.28 the winner may promote a unit.
    End,
    Ascend {
        seat: Seat,
    },
    /// 8.22 every unit turns back; 8.24, 5.6, 9.2 what follows the combat.
    Finish,
}

/// A combat on the Battle Panel (8.2 steps 1-3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Battle {
    pub space: SpaceId,
    pub attacker: Seat,
    pub fight: Fight,
    pub round: u8,
    pub stage: Stage,
    /// Land units on the panel, by seat.
    pub units: [Vec<UnitId>; 2],
    /// 8.24 naval units in a port space, by seat.
    pub ships: [Vec<UnitId>; 2],
    pub leaders: [Vec<LeaderId>; 2],
    /// 8.22 the units turned back when the combat ends (retreated too).
    pub all: Vec<UnitId>,
    /// 8.21 (1) the leaders' points each unit got (ruling gml #4).
    pub bonus: Vec<(UnitId, u8)>,
    /// Leaders still to give their points.
    pub queue: Vec<LeaderId>,
    /// 8.26 units that benefit from the works they were in at the start
    /// (or retreated into, 8.251 point 2).
    pub sheltered: Vec<UnitId>,
    /// Units inside the fort, and entrenched, at the start (8.251 point 2).
    pub inside0: Vec<UnitId>,
    pub trench0: Vec<UnitId>,
    /// 8.2 step 4 the defender's trench is destroyed.
    pub trench_razed: bool,
    pub fort_hits: u8,
    /// Attackers that entered the space by a river line (Terrain Effects Table).
    pub river: Vec<UnitId>,
    /// 8.251 the spaces each side's units entered the combat from.
    pub from: [Vec<SpaceId>; 2],
    /// Artillery that fired at the works in step 4 (it does not fire in step 6).
    pub bombarded: Vec<UnitId>,
    /// Hits each seat must still apply.
    pub hits: [u8; 2],
    /// 8.2 step 7 a side took a hit this round; 8.23 a militia unit did.
    pub struck: [bool; 2],
    pub militia_struck: [bool; 2],
    /// 8.23 experienced militia that routed, to retreat.
    pub routed: [Vec<UnitId>; 2],
    /// 8.252 where a side's retreating units went.
    pub retreated: [Option<SpaceId>; 2],
    /// The side that retreated (8.27).
    pub quit: Option<Seat>,
    /// 8.27 the conditions held at the start (ruling gml #24).
    pub greater: bool,
    /// 8.16 the port's Naval Defense marker, fighting for the defender in
    /// an amphibious assault (ruling gml #23).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub marker: Option<UnitId>,
    /// 5.5 leaders who may not use their values in this combat (Alexander's
    /// drink).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unfit: Vec<LeaderId>,
    /// 5.5 units that do not fire in the first round (Grey's surprise,
    /// Baum's confusion).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub silent: Vec<UnitId>,
}

impl Battle {
    pub fn defender(&self) -> Seat {
        1 - self.attacker
    }
}

/// The Battle Panel's space of a unit: what its value is after 8.21.
/// 8.21 (4) units carrying out an amphibious assault.
const ASSAULT: i16 = -1;

fn clamp(v: i16) -> u8 {
    v.clamp(1, 7) as u8
}

/// A militia unit for 8.23: rebel or Tory militia (ruling gml #17).
pub fn is_militia(k: Kind) -> bool {
    matches!(k, Kind::Militia | Kind::Tory)
}

impl Gml {
    /// The battle on top of the stack.
    pub fn battle(&self) -> Option<&Battle> {
        match self.stack.last() {
            Some(Frame::Battle(b)) => Some(b),
            _ => None,
        }
    }

    /// The battle being fought, wherever it stands in the stack (a retreat's
    /// or a reaction's frames may lie above it).
    pub fn fought(&self) -> Option<&Battle> {
        self.stack.iter().rev().find_map(|f| match f {
            Frame::Battle(b) => Some(&**b),
            _ => None,
        })
    }

    /// Runs `f` on the top battle taken off the stack, then puts it back
    /// under whatever `f` pushed.
    pub(crate) fn with_battle<R>(&mut self, f: impl FnOnce(&mut Gml, &mut Battle) -> R) -> R {
        let i = self.stack.len() - 1;
        let Some(Frame::Battle(mut b)) = self.stack.pop() else {
            unreachable!("a Battle frame is on top");
        };
        let r = f(self, &mut b);
        self.stack.insert(i, Frame::Battle(b));
        r
    }

    /// 8.0 the Combat Phase (3.1 C, G): the land combats D, then E.
    pub(crate) fn enter_combat(&mut self, seat: Seat) {
        self.stack.push(Frame::Combats(Combats {
            seat,
            movers: false,
            earlier: Vec::new(),
            done: Vec::new(),
        }));
    }

    /// Ruling gml #3 (6.21: a reserve's too): the combats an out-of-phase
    /// move of the seat causes, fought once it ends. The seat's units that
    /// entered their spaces earlier in the player-turn are not its movers;
    /// `movers` are, for a move already made (a reserve's).
    pub(crate) fn movers_combats(&self, seat: Seat, movers: &[UnitId]) -> Combats {
        let earlier = self
            .units
            .iter()
            .enumerate()
            .map(|(u, unit)| (u as UnitId, unit))
            .filter(|&(u, unit)| unit.entered.is_some() && self.side(u) == seat && !movers.contains(&u))
            .map(|(u, _)| u)
            .collect();
        Combats {
            seat,
            movers: true,
            earlier,
            done: Vec::new(),
        }
    }

    /// Spaces still to fight: (mandatory, voluntary).
    pub fn combat_spaces(&self, c: &Combats) -> (Vec<SpaceId>, Vec<SpaceId>) {
        let n = tables().map.spaces.len();
        // Per space and seat: has land units, all of them sheltered.
        let mut has = vec![[false; 2]; n];
        let mut all_in = vec![[true; 2]; n];
        let mut moved = vec![false; n];
        let mut assault = vec![false; n];
        for (u, unit) in self.units.iter().enumerate() {
            let Place::Space(s) = unit.at() else { continue };
            let c2 = self.counters(u as UnitId);
            if !is_land(c2) {
                continue;
            }
            let seat = self.side(u as UnitId) as usize;
            has[s as usize][seat] = true;
            if !unit.entrenched && !unit.inside {
                all_in[s as usize][seat] = false;
            }
            if seat == c.seat as usize && unit.entered.is_some() && !c.earlier.contains(&(u as UnitId)) {
                moved[s as usize] = true;
            }
            if seat == c.seat as usize && unit.assault {
                assault[s as usize] = true;
            }
        }
        // 8.0 C the amphibious assaults come first and are fought whatever
        // the works: landing was the choice (8.15, ruling gml #23).
        let (mut assaults, mut mandatory, mut voluntary) = (Vec::new(), Vec::new(), Vec::new());
        for s in 0..n {
            let sid = s as SpaceId;
            if !(has[s][0] && has[s][1]) || c.done.contains(&sid) || (c.movers && !moved[s]) {
                continue;
            }
            if assault[s] {
                assaults.push(sid);
            } else if all_in[s][0] || all_in[s][1] {
                voluntary.push(sid);
            } else {
                mandatory.push(sid);
            }
        }
        assaults.extend(mandatory);
        (assaults, voluntary)
    }

    /// 8.15 the seat's units that landed in the space for an amphibious
    /// assault.
    fn assaulting(&self, space: SpaceId, seat: Seat) -> bool {
        self.land_at(space, seat).any(|u| self.units[u as usize].assault)
    }

    /// The Combats frame's automatic step: the next mandatory combat, or
    /// the end when no combat is left to choose.
    fn combats_step(&mut self) -> bool {
        let Some(Frame::Combats(c)) = self.stack.last() else {
            unreachable!("a Combats frame is on top");
        };
        let c = c.clone();
        let (mandatory, voluntary) = self.combat_spaces(&c);
        if let Some(&s) = mandatory.first() {
            if let Some(Frame::Combats(c)) = self.stack.last_mut() {
                c.done.push(s);
            }
            let place = self.space_name(s);
            let what = if self.assaulting(s, c.seat) {
                "Amphibious assault on {place} (8.0 C)"
            } else {
                "Mandatory combat in {place} (8.0 D)"
            };
            self.core.log.say("8.0", || what.replace("{place}", place));
            self.start_combat(s, c.seat);
            return true;
        }
        if voluntary.is_empty() {
            self.stack.pop();
            return true;
        }
        false
    }

    /// 8.2 steps 1-3: every unit of both sides in the space on the panel.
    pub fn start_combat(&mut self, space: SpaceId, attacker: Seat) {
        let mut units = [Vec::new(), Vec::new()];
        let mut ships = [Vec::new(), Vec::new()];
        for u in self.units_at(space) {
            let c = self.counters(u);
            match c.side {
                Some(s) if is_land(c) => units[s as usize].push(u),
                Some(s) if c.kind == Kind::Naval => ships[s as usize].push(u),
                _ => {}
            }
        }
        let mut leaders = [Vec::new(), Vec::new()];
        for l in self.leaders_at(space) {
            leaders[self.leader(l).side as usize].push(l);
        }
        self.open_battle(space, attacker, Fight::Combat, units, ships, leaders);
    }

    /// Sets up the Battle Panel and pushes it.
    pub(crate) fn open_battle(
        &mut self,
        space: SpaceId,
        attacker: Seat,
        fight: Fight,
        units: [Vec<UnitId>; 2],
        ships: [Vec<UnitId>; 2],
        leaders: [Vec<LeaderId>; 2],
    ) {
        let defender = 1 - attacker;
        let mut from = [Vec::new(), Vec::new()];
        let mut river = Vec::new();
        match fight {
            Fight::Breakout { from: f } => {
                from[attacker as usize].push(f);
                if tables().map.between(f, space) == Some(LineKind::River) {
                    river.extend(units[attacker as usize].iter().copied());
                }
            }
            _ => {
                for seat in [BRITISH, AMERICAN] {
                    for &u in &units[seat as usize] {
                        if let Some((f, kind)) = self.units[u as usize].entered {
                            if !from[seat as usize].contains(&f) {
                                from[seat as usize].push(f);
                            }
                            if seat == attacker && kind == LineKind::River {
                                river.push(u);
                            }
                        }
                    }
                }
            }
        }
        let at_space = |g: &Gml, u: UnitId| g.units[u as usize].at() == Place::Space(space);
        let mut inside0 = Vec::new();
        let mut trench0 = Vec::new();
        for seat in [BRITISH, AMERICAN] {
            for &u in &units[seat as usize] {
                if !at_space(self, u) {
                    continue;
                }
                if self.units[u as usize].inside && self.has_fort(space) {
                    inside0.push(u);
                }
                if self.units[u as usize].entrenched {
                    trench0.push(u);
                }
            }
        }
        // 8.26 only the defender's units in works at the start benefit.
        let sheltered: Vec<UnitId> = units[defender as usize]
            .iter()
            .copied()
            .filter(|u| inside0.contains(u) || trench0.contains(u))
            .collect();
        // 8.27 judged at the start (ruling gml #24).
        let greater = fight == Fight::Combat && {
            let ok = |seat: Seat| {
                let us = &units[seat as usize];
                let key = if seat == BRITISH {
                    [Kind::British, Kind::Hessian]
                } else {
                    [Kind::Continental, Kind::Continental]
                };
                !leaders[seat as usize].is_empty()
                    && us.len() >= 4
                    && us.iter().any(|&u| key.contains(&self.counters(u).kind))
            };
            ok(BRITISH) && ok(AMERICAN)
        };
        // 8.16 the marker is "used in any combat where the defender …
        // begins the combat with ships in port": an amphibious assault on
        // a port his fleets are in, never a land combat beside them, nor
        // a landing where he has no ships (ruling gml #68).
        let marker = if fight == Fight::Combat
            && self.assaulting(space, attacker)
            && !self.fleets_at(space, defender).is_empty()
        {
            self.naval_defense(space)
        } else {
            None
        };
        let queue: Vec<LeaderId> = [attacker, defender]
            .iter()
            .flat_map(|&seat| leaders[seat as usize].iter().copied())
            .collect();
        let mut all: Vec<UnitId> = Vec::new();
        match fight {
            // The retreating fighters belong to the combat they leave.
            Fight::Breakout { .. } => all.extend(units[defender as usize].iter().copied()),
            _ => {
                all.extend(units[0].iter().copied());
                all.extend(units[1].iter().copied());
            }
        }
        let b = Battle {
            space,
            attacker,
            fight,
            round: 1,
            stage: Stage::DefenderFires,
            units,
            ships,
            leaders,
            all,
            bonus: Vec::new(),
            queue,
            sheltered,
            inside0,
            trench0,
            trench_razed: false,
            fort_hits: 0,
            river,
            from,
            bombarded: Vec::new(),
            hits: [0, 0],
            struck: [false; 2],
            militia_struck: [false; 2],
            routed: [Vec::new(), Vec::new()],
            retreated: [None, None],
            quit: None,
            greater,
            marker,
            unfit: Vec::new(),
            silent: Vec::new(),
        };
        // Each leader with the units of his own force (ruling gml #4: his
        // points reach his command's units only), and those in none.
        let words = |seat: Seat| {
            let units = &b.units[seat as usize];
            let mut w = engine::log::count(units.len(), "unit");
            let ships = b.ships[seat as usize].len();
            if ships > 0 {
                w.push_str(&format!(" and {}", engine::log::count(ships, "naval unit")));
            }
            let leaders = &b.leaders[seat as usize];
            if !leaders.is_empty() {
                let own = |l: Option<LeaderId>| units.iter().filter(|&&u| self.units[u as usize].leader == l).count();
                let mut parts: Vec<String> = leaders
                    .iter()
                    .map(|&l| match own(Some(l)) {
                        0 => format!("{} commanding none", self.leader(l).name),
                        k => format!("{} commanding {k}", self.leader(l).name),
                    })
                    .collect();
                let loose = units.len() - leaders.iter().map(|&l| own(Some(l))).sum::<usize>();
                if loose > 0 {
                    parts.push(format!("{loose} in no leader's force"));
                }
                w.push_str(&format!(" ({})", parts.join(", ")));
            }
            w
        };
        let (what, rule) = match fight {
            Fight::Combat if b.marker.is_some() => ("Amphibious assault", "8.15"),
            Fight::Combat => ("Land combat", "8.2"),
            Fight::Overrun => ("Overrun", "6.5"),
            Fight::Breakout { .. } => ("A retreat into an enemy space", "8.251"),
        };
        let text = format!(
            "{what} in {}: the {} attack with {}; the {} defend with {}",
            self.space_name(space),
            crate::side_people(attacker),
            words(attacker),
            crate::side_people(defender),
            words(defender)
        );
        self.core.log.say(rule, || text);
        if let Some(m) = b.marker {
            let v = self.printed_value(m);
            self.core.log.say("8.16", || {
                format!("The port's Naval Defense marker ({v}) fights for the defenders; the landed units fight at -1 (8.21)")
            });
        }
        if b.greater {
            self.core.log.say("8.27", || {
                "Both sides have a leader and four land units, British or Hessian and Continental units: a greater victory is possible".into()
            });
        }
        self.stack.push(Frame::Battle(Box::new(b)));
        self.with_battle(|g, b| {
            g.combat_abilities(b);
            g.next_bonus(b)
        });
    }

    /// 5.1, 5.3: a leader's points for this combat (5.5: none for a
    /// drunk Alexander, 2 more for Clark).
    fn leader_points(&self, b: &Battle, l: LeaderId) -> u8 {
        let leader = self.leader(l);
        if self.unfit(b, l) {
            0
        } else if leader.side == b.attacker {
            leader.offensive + self.offensive_bonus(b, l)
        } else {
            leader.defensive
        }
    }

    /// Ruling gml #4: the units on the panel under the leader's own
    /// command chain.
    pub fn bonus_units(&self, b: &Battle, l: LeaderId) -> Vec<UnitId> {
        let chain = self.chain(l);
        let seat = self.leader(l).side as usize;
        b.units[seat]
            .iter()
            .copied()
            .filter(|&u| self.units[u as usize].leader.is_some_and(|x| chain.contains(&x)))
            .collect()
    }

    /// The next leader to give his points, or step 4.
    fn next_bonus(&mut self, b: &mut Battle) {
        while let Some(l) = (!b.queue.is_empty()).then(|| b.queue.remove(0)) {
            let points = self.leader_points(b, l);
            if points == 0 || self.bonus_units(b, l).is_empty() {
                continue;
            }
            b.stage = Stage::Bonus {
                seat: self.leader(l).side,
                leader: l,
                left: points,
            };
            return;
        }
        b.stage = self.evade_stage(b).unwrap_or_else(|| self.after_bonus(b));
    }

    pub(crate) fn after_bonus(&self, b: &Battle) -> Stage {
        let guns = b.units[b.attacker as usize]
            .iter()
            .any(|&u| self.counters(u).kind == Kind::Artillery);
        if b.fight == Fight::Combat && guns && self.works_target(b).is_some() {
            Stage::Bombard { chosen: Vec::new() }
        } else {
            Stage::DefenderFires
        }
    }

    /// 8.2 step 4 what the attacker's artillery may fire at: the fort while
    /// defenders shelter inside it, else their trench.
    fn works_target(&self, b: &Battle) -> Option<&'static str> {
        let d = b.defender() as usize;
        let sheltered = |u: &&UnitId| b.sheltered.contains(u);
        if self.has_fort(b.space)
            && b.units[d]
                .iter()
                .filter(sheltered)
                .any(|&u| self.units[u as usize].inside)
        {
            Some("fort")
        } else if b.units[d]
            .iter()
            .filter(sheltered)
            .any(|&u| self.units[u as usize].entrenched)
        {
            Some("trench")
        } else {
            None
        }
    }

    /// 8.21 the unit's Combat Value on the Battle Panel: its side's value,
    /// the leaders' points, the Terrain Effects Table and the works,
    /// clamped to 1-7.
    pub fn combat_value(&self, b: &Battle, u: UnitId) -> u8 {
        self.combat_value_with(b, u, 0)
    }

    /// [`Self::combat_value`] with `extra` leader's points more (8.21): a
    /// point's worth, shown before it is added.
    pub fn combat_value_with(&self, b: &Battle, u: UnitId, extra: u8) -> u8 {
        if b.marker == Some(u) {
            // 8.14 step 3: it hits on its value or less, unmodified.
            return self.printed_value(u);
        }
        let t = &tables().terrain;
        let seat = self.side(u);
        let mut v = self.printed_value(u) as i16;
        v += b
            .bonus
            .iter()
            .filter(|(x, _)| *x == u)
            .map(|&(_, p)| p as i16)
            .sum::<i16>()
            + extra as i16;
        // The Terrain Effects Table's "all attacking units": an attacking
        // fleet on the panel (8.24) too (ruling gml #66).
        if seat == b.attacker {
            let space = tables().map.get(b.space);
            if space.vp > 0 {
                v += t.attack("vp-city") as i16;
            }
            match space.terrain {
                Terrain::Swamp => v += t.attack("swamp") as i16,
                Terrain::Clear => v += t.attack("clear") as i16,
                Terrain::Fort => {}
            }
            if b.river.contains(&u) {
                v += t.attack("river") as i16;
            }
            // 8.21 (4), 8.15 in every round of the assault's combat (ruling
            // gml #23), not in a point 3 round by land after it (8.251).
            if self.units[u as usize].assault && !matches!(b.fight, Fight::Breakout { .. }) {
                v += ASSAULT;
            }
        }
        // The fort's -2 against defenders inside it (ruling gml #15).
        if self.fort_shields(b, 1 - seat) {
            v += t.attack("fort") as i16;
        }
        v += self.works_bonus(b, u);
        clamp(v)
    }

    /// Every land unit of the side on the panel shelters inside the
    /// standing fort: only then may the fort's -2 apply, since the owner
    /// puts each hit where he likes (ruling gml #15).
    fn fort_shields(&self, b: &Battle, seat: Seat) -> bool {
        let us = &b.units[seat as usize];
        self.has_fort(b.space)
            && !us.is_empty()
            && us
                .iter()
                .all(|&u| b.sheltered.contains(&u) && self.units[u as usize].inside)
    }

    /// 8.21 (3), 8.26 +1 for a unit sheltered in works still standing (one
    /// +1 for a unit both inside and entrenched: 8.21 (3) gives one for
    /// "entrenched or in a fort"; ruling gml #15).
    fn works_bonus(&self, b: &Battle, u: UnitId) -> i16 {
        if !b.sheltered.contains(&u) {
            return 0;
        }
        let t = &tables().terrain;
        let unit = &self.units[u as usize];
        let fort = if unit.inside && self.has_fort(b.space) {
            t.defend("fort") as i16
        } else {
            0
        };
        let trench = if unit.entrenched { t.defend("trench") as i16 } else { 0 };
        fort.max(trench)
    }

    /// 8.22 the seat's units fire: a die each, a hit on the value or less.
    fn fire(&mut self, b: &Battle, seat: Seat) -> u8 {
        let mut firers: Vec<UnitId> = b.units[seat as usize]
            .iter()
            .copied()
            .filter(|u| !(b.round == 1 && b.bombarded.contains(u)))
            .collect();
        // 8.24 naval units fight alongside friendly land units on the panel.
        if !b.units[seat as usize].is_empty() {
            firers.extend(b.ships[seat as usize].iter().copied());
        }
        if seat == b.defender() {
            firers.extend(b.marker);
        }
        // 5.5 Grey's surprise, Baum's confusion.
        firers.retain(|u| !(b.round == 1 && b.silent.contains(u)));
        if firers.is_empty() {
            return 0;
        }
        let values: Vec<u8> = firers.iter().map(|&u| self.combat_value(b, u)).collect();
        let dice: Vec<u8> = firers.iter().map(|_| self.core.dice.roll(10)).collect();
        let hits = dice.iter().zip(&values).filter(|(d, v)| d <= v).count() as u8;
        let list = |xs: &[u8]| xs.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
        let text = format!(
            "The {} roll {} for units at {}: {hits} hit{}",
            crate::side_people(seat),
            list(&dice),
            list(&values),
            if hits == 1 { "" } else { "s" }
        );
        self.core.log.roll("8.22", &dice, || text);
        hits
    }

    /// A unit eliminated in combat leaves the map: back to the pool,
    /// Indians out of the game (ruling gml #26).
    pub(crate) fn eliminate(&mut self, b: &mut Battle, u: UnitId) {
        let to = self.eliminated_to(u);
        self.take_off(b, u, to);
    }

    /// 8.23, 8.25 a unit "removed from the game" (militia without
    /// experience that rout) or "eliminated from the game" (one that
    /// cannot retreat): it never comes back (ruling gml #26).
    pub(crate) fn remove_from_game(&mut self, b: &mut Battle, u: UnitId) {
        self.take_off(b, u, Place::Gone);
    }

    fn take_off(&mut self, b: &mut Battle, u: UnitId, to: Place) {
        self.lift(u, to);
        for side in &mut b.units {
            side.retain(|&x| x != u);
        }
    }

    /// Ruling gml #26: where an eliminated unit goes, the pool (9.4, 11.41
    /// place units from it again) but for Indians, out of the game (11.5).
    pub(crate) fn eliminated_to(&self, u: UnitId) -> Place {
        if self.counters(u).kind == Kind::Indian {
            Place::Gone
        } else {
            Place::Pool
        }
    }

    /// Takes a unit off the map, clearing its markers.
    pub(crate) fn lift(&mut self, u: UnitId, to: Place) {
        self.units.place(u, to);
        let unit = &mut self.units[u as usize];
        unit.reduced = false;
        unit.entrenched = false;
        unit.inside = false;
        unit.leader = None;
        unit.entered = None;
        unit.assault = false;
        // A counter placed again later is a new piece (ruling gml #59):
        // nothing of the turn of the piece it was (rules gml-27: a 6.13
        // separation stayed with the counter, raised again the same turn).
        unit.spent = 0;
        unit.done = false;
        unit.sailed = false;
        unit.separated = false;
    }

    /// 8.22 a hit: a full unit is turned, a reduced one eliminated.
    fn take_hit(&mut self, b: &mut Battle, u: UnitId) {
        if b.marker == Some(u) {
            return self.hit_marker(b, u);
        }
        let seat = self.side(u) as usize;
        b.hits[seat] = b.hits[seat].saturating_sub(1);
        b.struck[seat] = true;
        if is_militia(self.counters(u).kind) {
            b.militia_struck[seat] = true;
        }
        let name = self.unit_name(u);
        if self.units[u as usize].reduced {
            self.eliminate(b, u);
            self.core.log.say("8.22", || format!("The {name} is eliminated"));
        } else {
            self.units[u as usize].reduced = true;
            let v = self.printed_value(u);
            self.core
                .log
                .say("8.22", || format!("The {name} is turned to its reduced side ({v})"));
        }
    }

    /// 8.16 the Naval Defense marker struck: turned to its reduced side,
    /// then gone for the rest of the assault (its counter stays off the
    /// map, ready for the next one).
    fn hit_marker(&mut self, b: &mut Battle, m: UnitId) {
        let seat = b.defender() as usize;
        b.hits[seat] = b.hits[seat].saturating_sub(1);
        if self.units[m as usize].reduced {
            self.units[m as usize].reduced = false;
            b.marker = None;
            self.core
                .log
                .say("8.16", || "The Naval Defense marker is destroyed".to_string());
        } else {
            self.units[m as usize].reduced = true;
            let v = self.printed_value(m);
            self.core.log.say("8.16", || {
                format!("The Naval Defense marker is turned to its reduced side ({v})")
            });
        }
    }

    /// The pieces a seat's hits may fall on: its land units on the panel,
    /// and the defender's Naval Defense marker (8.16). Naval units are never
    /// hit in a land combat (8.24), nor the transported units' ships once
    /// landed (8.17: they are land units on the panel).
    pub fn hit_targets(&self, b: &Battle, seat: Seat) -> Vec<UnitId> {
        let mut out = b.units[seat as usize].clone();
        if seat == b.defender() {
            out.extend(b.marker);
        }
        out
    }

    /// 8.15, 8.16 the Naval Defense marker of an assaulted port: 5 for a
    /// port with a fort standing, else 4 (ruling gml #23).
    fn naval_defense(&self, space: SpaceId) -> Option<UnitId> {
        let value = if self.has_fort(space) { 5 } else { 4 };
        self.units.in_place(Place::Pool).find(|&u| {
            let c = self.counters(u);
            c.kind == Kind::NavalDefense && c.combat == value
        })
    }

    /// What follows applying a seat's hits (8.2 steps 5-6, 11).
    fn after_hits(&self, b: &Battle, seat: Seat) -> Stage {
        if b.round == 1 {
            if seat == b.attacker {
                Stage::AttackerFires
            } else {
                Stage::Morale
            }
        } else if seat == b.defender() {
            Stage::Hits { seat: b.attacker }
        } else {
            Stage::Morale
        }
    }

    /// One automatic transition of the battle; false when it waits on a
    /// decision.
    fn battle_auto(&mut self, b: &mut Battle) -> bool {
        let (att, def) = (b.attacker, b.defender());
        match b.stage.clone() {
            Stage::Bonus { leader, left, .. } => {
                let units = self.bonus_units(b, leader);
                match units.as_slice() {
                    [] => self.next_bonus(b),
                    [one] => {
                        self.give_bonus(b, leader, *one, left);
                        self.next_bonus(b);
                    }
                    _ => return false,
                }
            }
            Stage::Bombard { chosen } => {
                if self.bombard_choices(b, &chosen).next().is_some() {
                    return false;
                }
                self.bombard(b, chosen);
            }
            Stage::DefenderFires => {
                let h = self.fire(b, def);
                b.hits[att as usize] += h;
                b.stage = Stage::Hits { seat: att };
            }
            Stage::AttackerFires => {
                let h = self.fire(b, att);
                b.hits[def as usize] += h;
                b.stage = Stage::Hits { seat: def };
            }
            Stage::BothFire => {
                let hd = self.fire(b, def);
                let ha = self.fire(b, att);
                b.hits[att as usize] += hd;
                b.hits[def as usize] += ha;
                b.stage = Stage::Hits { seat: def };
            }
            Stage::Hits { seat } => {
                let s = seat as usize;
                let targets = self.hit_targets(b, seat);
                if b.hits[s] == 0 || b.units[s].is_empty() {
                    b.hits[s] = 0;
                    b.stage = self.after_hits(b, seat);
                } else if let [u] = targets.as_slice() {
                    self.take_hit(b, *u);
                } else {
                    return false;
                }
            }
            Stage::Morale => {
                self.morale(b);
                b.stage = Stage::AfterMorale;
            }
            Stage::AfterMorale => {
                for seat in [def, att] {
                    if !b.routed[seat as usize].is_empty() {
                        let units = std::mem::take(&mut b.routed[seat as usize]);
                        self.start_retreat(b, seat, units, true);
                        return true;
                    }
                }
                if b.units[0].is_empty() || b.units[1].is_empty() || b.fight != Fight::Combat {
                    b.stage = Stage::End;
                } else {
                    b.stage = Stage::Stay { seat: def };
                }
            }
            Stage::Retreat {
                seat,
                units,
                routing,
                options,
                step3,
            } => {
                let [dest] = options.as_slice() else {
                    return false;
                };
                self.retreat_to(b, seat, units, routing, *dest, step3);
            }
            Stage::Pick {
                seat,
                units,
                routing,
                dest,
                mut picked,
            } => {
                let left: Vec<UnitId> = units.iter().copied().filter(|u| !picked.contains(u)).collect();
                if picked.len() + left.len() > 2 {
                    return false;
                }
                picked.extend(left);
                self.breakout(b, seat, units, routing, dest, picked);
            }
            Stage::Breakout {
                seat,
                units,
                routing,
                dest,
            } => self.breakout_done(b, seat, units, routing, dest),
            Stage::End => self.judge(b),
            Stage::Ascend { seat } => {
                if self.promotions(b, seat).is_empty() {
                    b.stage = Stage::Finish;
                } else {
                    return false;
                }
            }
            Stage::Stay { .. } | Stage::Evade { .. } | Stage::Shelter { .. } | Stage::Finish => return false,
        }
        true
    }

    fn give_bonus(&mut self, b: &mut Battle, leader: LeaderId, u: UnitId, points: u8) {
        match b.bonus.iter_mut().find(|(x, _)| *x == u) {
            Some((_, p)) => *p += points,
            None => b.bonus.push((u, points)),
        }
        let (name, unit) = (self.leader(leader).name.clone(), self.unit_name(u));
        let rule = if self.leader(leader).side == b.attacker {
            "5.1"
        } else {
            "5.3"
        };
        self.core.log.say(rule, || {
            format!(
                "{name} adds {points} point{} to the {unit}",
                if points == 1 { "" } else { "s" }
            )
        });
    }

    /// 8.2 step 4 guns not yet designated. Ruling gml #64: a gun of Baum's
    /// command silenced by his roll (5.5, ruling #42) does not fire at the
    /// works either: step 4's fire is first-round fire.
    fn bombard_choices<'a>(&'a self, b: &'a Battle, chosen: &'a [UnitId]) -> impl Iterator<Item = UnitId> + 'a {
        b.units[b.attacker as usize].iter().copied().filter(move |&u| {
            self.counters(u).kind == Kind::Artillery && !chosen.contains(&u) && !b.silent.contains(&u)
        })
    }

    /// 8.2 step 4: "two hits on a fort" destroy it in this one step, so
    /// fewer than two guns cannot, and each designated gun gives up its
    /// first round's fire at units: said before a gun is designated.
    pub(crate) fn lone_gun_at_a_fort(&self, b: &Battle) -> Option<String> {
        let Stage::Bombard { chosen } = &b.stage else {
            return None;
        };
        let guns = chosen.len() + self.bombard_choices(b, chosen).count();
        (self.works_target(b) == Some("fort") && guns < 2).then(|| {
            "A fort falls only to two hits in this step: with one gun it cannot fall, and the gun does not fire at \
             units in the first round"
                .to_string()
        })
    }

    /// 8.2 step 4, 8.26 (ruling gml #16): each designated gun fires once at
    /// the works; a hit destroys a trench, two a fort. 8.26's "see 9.0" is
    /// this step (ruling gml #19).
    fn bombard(&mut self, b: &mut Battle, chosen: Vec<UnitId>) {
        for &g in &chosen {
            let Some(target) = self.works_target(b) else {
                let name = self.unit_name(g);
                self.core
                    .log
                    .say("8.2", || format!("The {name} has no works left to fire at"));
                continue;
            };
            let v = self.combat_value(b, g);
            let die = self.core.dice.roll(10);
            let hit = die <= v;
            let name = self.unit_name(g);
            self.core.log.roll("8.2", &[die], || {
                format!(
                    "The {name} fires at the {target}: {die} against {v}, {}",
                    if hit { "a hit" } else { "no effect" }
                )
            });
            if !hit {
                continue;
            }
            let place = self.space_name(b.space);
            if target == "trench" {
                b.trench_razed = true;
                for &u in &b.units[b.defender() as usize] {
                    self.units[u as usize].entrenched = false;
                }
                self.core
                    .log
                    .say("8.26", || format!("The trench in {place} is destroyed"));
            } else {
                b.fort_hits += 1;
                if b.fort_hits < 2 {
                    self.core.log.say("8.26", || {
                        format!("The fort of {place} stands: 1 hit, of the 2 this step needs to destroy it")
                    });
                } else {
                    self.razed.push(b.space);
                    for u in self.units_at(b.space).collect::<Vec<_>>() {
                        self.units[u as usize].inside = false;
                    }
                    self.core
                        .log
                        .say("8.26", || format!("The fort of {place} is destroyed"));
                }
            }
        }
        b.bombarded = chosen;
        b.stage = Stage::DefenderFires;
    }

    /// 8.2 step 7 (ruling gml #17): each Indian unit of a side that took a
    /// hit rolls, fleeing on 4-10; step 8, 8.23: after a militia unit of a
    /// side is reduced or eliminated, each of its militia rolls against
    /// its value, defender first.
    fn morale(&mut self, b: &mut Battle) {
        let (att, def) = (b.attacker, b.defender());
        for seat in [def, att] {
            for u in self.morale_checks(b, seat, b.struck, |k| k == Kind::Indian) {
                let die = self.core.dice.roll(10);
                let flee = die >= 4;
                let name = self.unit_name(u);
                self.core.log.roll("8.2", &[die], || {
                    if flee {
                        format!("The {name} roll {die} for morale: they flee and leave the game")
                    } else {
                        format!("The {name} roll {die} for morale: they stay")
                    }
                });
                if flee {
                    self.eliminate(b, u);
                }
            }
        }
        for seat in [def, att] {
            for u in self.morale_checks(b, seat, b.militia_struck, is_militia) {
                let die = self.core.dice.roll(10);
                let v = self.printed_value(u);
                let name = self.unit_name(u);
                let hold = die <= v;
                let ex = self.counters(u).experienced;
                self.core.log.roll("8.23", &[die], || {
                    let what = match (hold, ex) {
                        (true, _) => "it holds",
                        (false, true) => "it routs and retreats",
                        (false, false) => "it routs and is removed from the game",
                    };
                    format!("The {name} checks morale: {die} against {v}, {what}")
                });
                if hold {
                    continue;
                }
                if ex {
                    b.units[seat as usize].retain(|&x| x != u);
                    b.routed[seat as usize].push(u);
                } else {
                    // ruling: gml #26
                    self.remove_from_game(b, u);
                }
            }
        }
        b.struck = [false; 2];
        b.militia_struck = [false; 2];
    }

    /// The units of `seat` whose kind `checks` that check morale (8.2 step
    /// 7, 8.23): none unless the side is `struck`, and in a retreat's
    /// fight (8.251 point 3) only the enemy unit's. Ruling gml #65: point 3
    /// spells out that round's whole outcome (the retreating units enter
    /// if the enemy unit is eliminated or routs, else they may not), so
    /// the retreating side, already retreating, checks no morale.
    fn morale_checks(&self, b: &Battle, seat: Seat, struck: [bool; 2], checks: impl Fn(Kind) -> bool) -> Vec<UnitId> {
        let breakout = matches!(b.fight, Fight::Breakout { .. });
        if !struck[seat as usize] || (breakout && seat != b.defender()) {
            return Vec::new();
        }
        b.units[seat as usize]
            .iter()
            .copied()
            .filter(|&u| checks(self.counters(u).kind))
            .collect()
    }

    /// 8.2 steps 9-10 after `seat` has remained in the combat (or failed
    /// a point 3 retreat, 8.251): the attacker decides after the
    /// defender, then the next round.
    pub(crate) fn stayed(&mut self, b: &mut Battle, seat: Seat) -> Stage {
        if seat == b.defender() {
            Stage::Stay { seat: b.attacker }
        } else {
            b.round += 1;
            let r = b.round;
            self.core.log.say("8.2", || format!("Combat round {r}"));
            Stage::BothFire
        }
    }

    /// 8.27 who won, and whether it is a greater victory.
    fn judge(&mut self, b: &mut Battle) {
        let loser = match (b.units[0].is_empty(), b.units[1].is_empty()) {
            (true, true) => None,
            (true, false) => Some(BRITISH),
            (false, true) => Some(AMERICAN),
            (false, false) => b.quit,
        };
        let winner = loser.map(|l| 1 - l).filter(|&w| !b.units[w as usize].is_empty());
        b.stage = Stage::Finish;
        let Some(w) = winner else { return };
        let place = self.space_name(b.space);
        self.core.log.say("8.2", || {
            format!("The {} win the combat in {place}", crate::side_people(w))
        });
        if !b.greater {
            return;
        }
        self.core.log.say("8.27", || {
            format!(
                "A greater victory for the {}: the battle scenarios have no Political Track and no French entry, so nothing shifts",
                crate::side_people(w)
            )
        });
        if w == AMERICAN {
            self.american_greater_victory();
        }
        if !self.promotions(b, w).is_empty() {
            b.stage = Stage::Ascend { seat: w };
        }
    }

    /// 8.28 the winner's units on the panel that an experienced counter of
    /// the same type in the pool may replace.
    pub fn promotions(&self, b: &Battle, seat: Seat) -> Vec<UnitId> {
        b.units[seat as usize]
            .iter()
            .copied()
            .filter(|&u| self.veteran_for(u).is_some())
            .collect()
    }

    /// An experienced counter of the unit's type and nationality in the pool.
    pub fn veteran_for(&self, u: UnitId) -> Option<UnitId> {
        let c = self.counters(u);
        if c.experienced {
            return None;
        }
        self.units.in_place(Place::Pool).find(|&e| {
            let x = self.counters(e);
            x.experienced && x.kind == c.kind && x.nationality == c.nationality && x.side == c.side
        })
    }

    /// 8.28 the swap.
    fn promote(&mut self, b: &mut Battle, u: UnitId) {
        let e = self.veteran_for(u).expect("legal: a veteran in the pool");
        let old = self.units[u as usize].clone();
        self.units.place(e, old.at());
        let new = &mut self.units[e as usize];
        new.leader = old.leader;
        new.entrenched = old.entrenched;
        new.inside = old.inside;
        new.entered = old.entered;
        new.done = old.done;
        new.sailed = old.sailed;
        new.spent = old.spent;
        new.reduced = false;
        self.lift(u, Place::Pool);
        for side in &mut b.units {
            for x in side.iter_mut() {
                if *x == u {
                    *x = e;
                }
            }
        }
        let (a, z) = (self.unit_name(u), self.unit_name(e));
        self.core
            .log
            .say("8.28", || format!("Ascension: the {a} is replaced by an {z}"));
    }

    /// 8.22 every unit turns back; 8.24 naval units without land units
    /// retire to the maritime zone; 5.6 leaders left without units are
    /// checked (ruling gml #6); 9.2 control.
    fn finish_battle(&mut self) {
        let Some(Frame::Battle(b)) = self.stack.pop() else {
            unreachable!("a Battle frame is on top");
        };
        for &u in b.all.iter().chain(&b.marker) {
            let unit = &mut self.units[u as usize];
            unit.reduced = false;
            unit.assault = false;
        }
        let space = b.space;
        let port = tables().map.get(space).port;
        for seat in [BRITISH, AMERICAN] {
            if self.has_land(space, seat) {
                continue;
            }
            if let Some(z) = port {
                for &u in &b.ships[seat as usize] {
                    if self.units[u as usize].at() == Place::Space(space) {
                        self.units.place(u, Place::Zone(z));
                        let name = self.unit_name(u);
                        self.core
                            .log
                            .say("8.24", || format!("The {name} retires to the maritime zone"));
                    }
                }
            }
        }
        let place = self.space_name(space);
        match b.fight {
            // A step of the retreat from the first combat, not a combat of its own.
            Fight::Breakout { from } => {
                let from = self.space_name(from);
                self.core.log.say("8.251", || {
                    format!("The round of the retreat from {from} into {place} ends")
                });
            }
            _ => self.core.log.say("8.22", || format!("The combat in {place} ends")),
        }
        self.alexander_after(&b);
        self.mark_control(space);
        for seat in [BRITISH, AMERICAN] {
            if self.has_land(space, seat) {
                continue;
            }
            for &l in &b.leaders[seat as usize] {
                if self.leaders[l as usize].at == Place::Space(space) {
                    self.leader_casualty(l);
                }
            }
        }
    }

    /// The automatic step of the combat frames.
    pub(crate) fn combat_step(&mut self) -> bool {
        match self.stack.last() {
            Some(Frame::Combats(_)) => self.combats_step(),
            Some(Frame::Battle(b)) if b.stage == Stage::Finish => {
                self.finish_battle();
                true
            }
            Some(Frame::Battle(_)) => self.with_battle(|g, b| g.battle_auto(b)),
            Some(&Frame::Overrun {
                fought: true, space, ..
            }) => {
                self.stack.pop();
                self.overrun_done(space);
                true
            }
            _ => false,
        }
    }

    /// Who decides on the combat frames.
    pub(crate) fn combat_seat(&self) -> Option<Seat> {
        match self.stack.last()? {
            Frame::Combats(c) => Some(c.seat),
            Frame::Overrun { seat, .. } => Some(*seat),
            Frame::Battle(b) => match &b.stage {
                Stage::Bonus { seat, .. }
                | Stage::Hits { seat }
                | Stage::Stay { seat }
                | Stage::Evade { seat }
                | Stage::Retreat { seat, .. }
                | Stage::Pick { seat, .. }
                | Stage::Shelter { seat }
                | Stage::Ascend { seat } => Some(*seat),
                Stage::Bombard { .. } => Some(b.attacker),
                _ => None,
            },
            _ => None,
        }
    }

    pub(crate) fn combat_legal(&self, out: &mut Vec<Action>) {
        match self.stack.last() {
            Some(Frame::Combats(c)) => {
                let (_, voluntary) = self.combat_spaces(c);
                out.extend(voluntary.into_iter().map(Action::Attack));
                out.push(Action::Done);
            }
            Some(Frame::Overrun { .. }) => out.extend([Action::Yes, Action::No]),
            Some(Frame::Battle(b)) => match &b.stage {
                Stage::Bonus { leader, .. } => out.extend(self.bonus_units(b, *leader).into_iter().map(Action::Bonus)),
                Stage::Bombard { chosen } => {
                    out.extend(self.bombard_choices(b, chosen).map(Action::Bombard));
                    out.push(Action::Done);
                }
                Stage::Hits { seat } => out.extend(self.hit_targets(b, *seat).into_iter().map(Action::Hit)),
                Stage::Stay { .. } | Stage::Evade { .. } => out.extend([Action::Continue, Action::Retreat]),
                Stage::Retreat { options, .. } => out.extend(options.iter().map(|&s| Action::RetreatTo(s))),
                Stage::Pick { units, picked, .. } => out.extend(
                    units
                        .iter()
                        .filter(|u| !picked.contains(u))
                        .map(|&u| Action::Fighter(u)),
                ),
                Stage::Shelter { .. } => out.extend([Action::Continue, Action::Done]),
                Stage::Ascend { seat } => {
                    out.extend(self.promotions(b, *seat).into_iter().map(Action::Promote));
                    out.push(Action::Done);
                }
                _ => {}
            },
            _ => {}
        }
    }

    pub(crate) fn combat_perform(&mut self, a: Action) {
        match self.stack.last_mut() {
            Some(Frame::Combats(c)) => match a {
                Action::Attack(s) => {
                    c.done.push(s);
                    let seat = c.seat;
                    let place = self.space_name(s);
                    self.core.log.say("8.0", || {
                        format!("{} attacks in {place} (8.0 E)", crate::side_name(seat))
                    });
                    self.start_combat(s, seat);
                }
                Action::Done => {
                    let c = c.clone();
                    let (_, skipped) = self.combat_spaces(&c);
                    self.stack.pop();
                    if !skipped.is_empty() {
                        let names: Vec<&str> = skipped.iter().map(|&s| self.space_name(s)).collect();
                        self.core
                            .log
                            .say("8.0", || format!("No combat in {} (8.0 E)", engine::log::list(&names)));
                    }
                }
                _ => unreachable!("only legal actions reach perform"),
            },
            Some(Frame::Overrun { fought, space, seat }) => {
                let (space, seat) = (*space, *seat);
                if a == Action::Yes {
                    *fought = true;
                    self.start_overrun(seat, space);
                } else {
                    self.stack.pop();
                    self.arrive(space);
                }
            }
            Some(Frame::Battle(_)) => self.with_battle(|g, b| g.battle_perform(b, a)),
            _ => unreachable!("a combat frame is on top"),
        }
    }

    fn battle_perform(&mut self, b: &mut Battle, a: Action) {
        match (b.stage.clone(), a) {
            (Stage::Bonus { leader, left, seat }, Action::Bonus(u)) => {
                self.give_bonus(b, leader, u, 1);
                if left > 1 {
                    b.stage = Stage::Bonus {
                        seat,
                        leader,
                        left: left - 1,
                    };
                } else {
                    self.next_bonus(b);
                }
            }
            (Stage::Bombard { mut chosen }, Action::Bombard(u)) => {
                chosen.push(u);
                b.stage = Stage::Bombard { chosen };
            }
            (Stage::Bombard { chosen }, Action::Done) => self.bombard(b, chosen),
            (Stage::Hits { .. }, Action::Hit(u)) => self.take_hit(b, u),
            (Stage::Stay { seat }, Action::Continue) => {
                let who = crate::side_people(seat);
                self.core.log.say("8.2", || format!("The {who} remain in combat"));
                b.stage = self.stayed(b, seat);
            }
            (Stage::Evade { .. }, Action::Continue) => b.stage = self.after_bonus(b),
            (Stage::Evade { seat }, Action::Retreat) => self.evade(b, seat),
            (Stage::Stay { seat }, Action::Retreat) => {
                let who = crate::side_people(seat);
                self.core.log.say("8.25", || format!("The {who} retreat"));
                b.quit = Some(seat);
                let units = b.units[seat as usize].clone();
                self.start_retreat(b, seat, units, false);
            }
            (
                Stage::Retreat {
                    seat,
                    units,
                    routing,
                    step3,
                    ..
                },
                Action::RetreatTo(s),
            ) => self.retreat_to(b, seat, units, routing, s, step3),
            (
                Stage::Pick {
                    seat,
                    units,
                    routing,
                    dest,
                    mut picked,
                },
                Action::Fighter(u),
            ) => {
                picked.push(u);
                if picked.len() == 2 {
                    self.breakout(b, seat, units, routing, dest, picked);
                } else {
                    b.stage = Stage::Pick {
                        seat,
                        units,
                        routing,
                        dest,
                        picked,
                    };
                }
            }
            (Stage::Shelter { seat }, Action::Continue) => {
                let who = crate::side_people(seat);
                self.core.log.say("8.251", || {
                    format!("The {who} continue the combat against the units in the works")
                });
                b.quit = None;
                b.round += 1;
                b.stage = Stage::BothFire;
            }
            (Stage::Shelter { seat }, Action::Done) => {
                let who = crate::side_people(seat);
                self.core.log.say("8.251", || format!("The {who} end the combat"));
                b.stage = Stage::End;
            }
            (Stage::Ascend { .. }, Action::Promote(u)) => {
                self.promote(b, u);
                b.stage = Stage::Finish;
            }
            (Stage::Ascend { .. }, Action::Done) => b.stage = Stage::Finish,
            _ => unreachable!("only legal actions reach perform"),
        }
    }

    /// 6.5 (ruling gml #13) a group of 5 or more units entering a space
    /// with exactly one enemy unit, neither entrenched nor inside a fort,
    /// may overrun it: asks the mover. True when it asked (the move then
    /// resumes in `arrive`).
    pub(crate) fn offer_overrun(&mut self, seat: Seat, units: usize, space: SpaceId) -> bool {
        let enemy: Vec<UnitId> = self.land_at(space, 1 - seat).collect();
        let [one] = enemy.as_slice() else {
            return false;
        };
        let unit = &self.units[*one as usize];
        if units < 5 || unit.entrenched || unit.inside {
            return false;
        }
        self.stack.push(Frame::Overrun {
            seat,
            space,
            fought: false,
        });
        true
    }

    fn start_overrun(&mut self, seat: Seat, space: SpaceId) {
        let Some(Frame::Move(m)) = self.stack.iter().rev().find(|f| matches!(f, Frame::Move(_))) else {
            unreachable!("an overrun happens during a move");
        };
        let (group, group_leaders) = (m.units.clone(), m.leaders.clone());
        let mut units = [Vec::new(), Vec::new()];
        let mut ships = [Vec::new(), Vec::new()];
        let mut leaders = [Vec::new(), Vec::new()];
        units[seat as usize] = group;
        leaders[seat as usize] = group_leaders;
        units[1 - seat as usize] = self.land_at(space, 1 - seat).collect();
        ships[1 - seat as usize] = self.fleets_at(space, 1 - seat);
        leaders[1 - seat as usize] = self
            .leaders_at(space)
            .filter(|&l| self.leader(l).side != seat)
            .collect();
        self.open_battle(space, seat, Fight::Overrun, units, ships, leaders);
    }

    /// 8.24 the naval units of `seat` in a port space, which take part in
    /// a land combat there (one round of 6.5 or 8.251 point 3 too).
    pub(crate) fn fleets_at(&self, space: SpaceId, seat: Seat) -> Vec<UnitId> {
        self.units_at(space)
            .filter(|&u| {
                let c = self.counters(u);
                c.kind == Kind::Naval && c.side == Some(seat)
            })
            .collect()
    }

    /// 6.5 after the round: the enemy unit gone, the group moves on free;
    /// else it stops (6.18 in `arrive`).
    fn overrun_done(&mut self, space: SpaceId) {
        let Some(Frame::Move(m)) = self.stack.iter_mut().rev().find(|f| matches!(f, Frame::Move(_))) else {
            unreachable!("the Move frame is under the overrun");
        };
        let seat = m.seat;
        let here = |u: &UnitId, units: &[crate::state::Unit]| units[*u as usize].at() == Place::Space(space);
        let units = &self.units;
        m.units.retain(|u| here(u, units));
        let won = !self.has_land(space, 1 - seat);
        let place = self.space_name(space);
        self.core.log.say("6.5", || {
            if won {
                format!("The overrun in {place} succeeds: the group may move on")
            } else {
                format!("The overrun in {place} fails: the group stops")
            }
        });
        self.arrive(space);
    }

    /// Facts for the view: the battle under way.
    pub fn battle_fact(&self) -> Option<engine::Fact> {
        let b = self.fought()?;
        let mut text = format!("{}, round {}", self.space_name(b.space), b.round);
        if let Some(m) = b.marker {
            text += &format!(
                "; amphibious assault against the Naval Defense marker ({})",
                self.printed_value(m)
            );
        }
        Some(engine::Fact::new("Battle", text, "8.2"))
    }

    /// Combat invariants: units are reduced only during a combat, and the
    /// units on a Battle Panel stand where it is (a retreat's fighters next
    /// to it).
    pub fn combat_invariants(&self) -> Result<(), String> {
        let fighting = self.stack.iter().any(|f| matches!(f, Frame::Battle(_)));
        if !fighting {
            if let Some(u) = self.units.iter().position(|u| u.reduced) {
                return Err(format!("unit {u} is reduced outside a combat (8.22)"));
            }
        }
        for f in &self.stack {
            let Frame::Battle(b) = f else { continue };
            for seat in [BRITISH, AMERICAN] {
                for &u in &b.units[seat as usize] {
                    let Place::Space(s) = self.units[u as usize].at() else {
                        return Err(format!("unit {u} on the Battle Panel is off the map"));
                    };
                    let ok =
                        s == b.space || matches!(b.fight, Fight::Breakout { from } if from == s && seat == b.attacker);
                    if !ok {
                        return Err(format!("unit {u} on the Battle Panel of {} stands elsewhere", b.space));
                    }
                    if self.side(u) != seat {
                        return Err(format!("unit {u} on the wrong side of the Battle Panel"));
                    }
                }
            }
        }
        Ok(())
    }

    /// Prompts of the combat frames, in the rulebook's words.
    pub(crate) fn combat_prompt(&self) -> (String, &'static str) {
        match self.stack.last() {
            Some(Frame::Combats(_)) => (
                "Combat between enemy land units where one or both sides are entrenched or in a fort is voluntary: choose a combat, or fight no more".into(),
                "8.0",
            ),
            Some(&Frame::Overrun { space, .. }) => (
                format!(
                    "Your stack entered {} with 1 enemy unit: carry out an overrun?",
                    self.space_name(space)
                ),
                "6.5",
            ),
            Some(Frame::Battle(b)) => match &b.stage {
                Stage::Bonus { leader, left, .. } => {
                    let l = self.leader(*leader);
                    let (what, rule) = if l.side == b.attacker {
                        ("Offensive", "5.1")
                    } else {
                        ("Defensive", "5.3")
                    };
                    (
                        format!(
                            "{}'s {what} Combat Value: add a point to one of his units ({left} left)",
                            l.name
                        ),
                        rule,
                    )
                }
                Stage::Bombard { .. } => (
                    "The attacking player designates artillery units to fire at a trench or fort".into(),
                    "8.2",
                ),
                Stage::Hits { seat } => (
                    format!(
                        "{} hit{} to apply: turn a full-strength unit to its reduced side, or eliminate a reduced unit",
                        b.hits[*seat as usize],
                        if b.hits[*seat as usize] == 1 { "" } else { "s" }
                    ),
                    "8.22",
                ),
                Stage::Stay { seat } if *seat == b.defender() => (
                    "The defender decides whether he wishes to remain in combat or retreat".into(),
                    "8.2",
                ),
                Stage::Stay { .. } => (
                    "The attacker must decide whether to attempt to continue combat or retreat".into(),
                    "8.2",
                ),
                Stage::Evade { .. } => (
                    "Henry Clinton's units may retreat before combat, or fight".into(),
                    "5.5",
                ),
                Stage::Retreat { step3: false, .. } => (
                    "Retreat to a connected space without enemy units, from which no enemy unit entered the combat".into(),
                    "8.251",
                ),
                Stage::Retreat { .. } => (
                    "Retreat to a space containing an enemy unit, from which no enemy unit entered the combat".into(),
                    "8.251",
                ),
                Stage::Pick { dest, .. } => (
                    format!(
                        "Choose the two units that fight one combat round against the enemy unit in {}",
                        self.space_name(*dest)
                    ),
                    "8.251",
                ),
                Stage::Shelter { .. } => (
                    "The enemy retreated to the fort or trench: continue the combat (they receive its benefits), or end it".into(),
                    "8.251",
                ),
                Stage::Ascend { .. } => (
                    "Greater victory: you may replace a unit with an experienced unit of the same type".into(),
                    "8.28",
                ),
                _ => ("Combat".into(), "8.2"),
            },
            _ => ("Combat".into(), "8.0"),
        }
    }
}
