//! What a seat sees: Give Me Liberty!'s counters are face up and the
//! battle scenarios hide nothing, so every seat and a spectator read the
//! same view.

use crate::forces::{kind_word, Nationality};
use crate::frames::Frame;
use crate::map::SpaceId;
use crate::state::{is_land, Gml, LeaderId, Phase, Place};
use crate::tables::tables;
use engine::{Board, Face, Fact, Game, Procedure, Seat, Stage, Strength, Viewer, Views};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::borrow::Cow;

impl Views for Gml {
    fn view(&self, viewer: Viewer) -> Value {
        let to_act: Vec<&str> = self.acting().iter().map(crate::seat_name).collect();
        json!({
            "title": "gml",
            "scenario": self.scenario.info().key,
            "turn": self.turn_name(),
            "phase": self.phase.name(),
            "to_act": to_act,
            "prompt": self.frame_seat().map(|s| self.prompt(s)),
            "outcome": self.core.outcome,
            "facts": self.facts(viewer),
            "board": self.board(),
        })
    }

    fn stage(&self) -> Stage {
        let turn = format!(
            "{}, turn {} of {}",
            self.turn_name(),
            self.turn_index() + 1,
            self.turns()
        );
        let rule = match self.phase {
            Phase::Deployment => self.scenario.info().rule,
            _ => "3.1",
        };
        Stage {
            turn: Fact::new("Turn", turn, "3.0"),
            phase: Fact::new("Phase", self.phase.name(), rule),
        }
    }

    /// Nothing is hidden: only the dice are reseeded.
    fn determinize(&self, _observer: Seat, rng: &mut ChaCha8Rng) -> Gml {
        let mut g = self.clone();
        g.core.dice.reseed(rng);
        g
    }
}

fn nation_word(n: Nationality) -> &'static str {
    match n {
        Nationality::American => "american",
        Nationality::French => "french",
        Nationality::British => "british",
        Nationality::Hessian => "hessian",
        Nationality::Tory => "tory",
        Nationality::Indian => "indian",
    }
}

/// How far a unit's nearness to a goal reaches ([`Gml::score`]): about
/// two turns' march on roads.
const NEAR_STEPS: f64 = 8.0;

impl Gml {
    pub fn facts(&self, _viewer: Viewer) -> Vec<Fact> {
        let info = self.scenario.info();
        let mut out = vec![Fact::new("Scenario", info.name, info.rule)];
        let Stage { turn, phase } = self.stage();
        out.extend([turn, phase]);
        if let Some(Frame::Activations { left, .. }) =
            self.stack.iter().rev().find(|f| matches!(f, Frame::Activations { .. }))
        {
            out.push(Fact::new("Activations left", left.to_string(), "4.0"));
        }
        out.extend(self.battle_fact());
        out.push(self.key_spaces_fact());
        out
    }

    /// 12.x5 who controls each key space now (12.0: control lasts once the
    /// units have left, so the map alone does not tell). The victory rule is
    /// the scenario's section and 5 (12.2: 12.25).
    fn key_spaces_fact(&self) -> Fact {
        let map = &tables().map;
        let mut by: [Vec<&str>; 3] = Default::default();
        for id in self.scenario.spec().victory.spaces() {
            let s = map
                .space(id)
                .expect("victory spaces are on the map (tests/scenarios.rs)");
            let i = self.controller(s).map_or(2, usize::from);
            by[i].push(map.get(s).name.as_str());
        }
        let sides = [crate::side_name(0), crate::side_name(1), "no one's"];
        let words: Vec<String> = (0..3)
            .filter(|&i| !by[i].is_empty())
            .map(|i| format!("{}: {}", sides[i], engine::log::list(&by[i])))
            .collect();
        Fact {
            label: "Key spaces".into(),
            value: format!("{} ({})", words.join("; "), self.scenario.spec().victory.goal()),
            rule: Cow::Owned(format!("{}5", self.scenario.info().rule)),
        }
    }

    /// Every leader and counter on the map, face up.
    pub fn board(&self) -> Board {
        let m = &tables().map;
        let mut pieces = Vec::new();
        for l in 0..self.leaders.len() as u8 {
            let g = &self.leaders[l as usize];
            let mut states: Vec<Cow<'static, str>> = Vec::new();
            // Ruling gml #51: a leader aboard a transport is at sea.
            let (space, space_name) = match g.at {
                Place::Space(s) => (&m.get(s).id, &m.get(s).name),
                Place::Zone(z) => {
                    states.push("at sea".into());
                    (&m.zones[z as usize].id, &m.zones[z as usize].name)
                }
                _ => continue,
            };
            let leader = self.leader(l);
            if let Some(top) = g.under {
                states.push(format!("under {}", self.leader(top).name).into());
            }
            if g.sailed {
                states.push("sailed".into());
            } else if g.done {
                states.push("activated".into());
            }
            if g.reserve {
                states.push("in reserve".into());
            }
            pieces.push(engine::Piece {
                id: Some(leader.id.clone()),
                space: space.clone(),
                space_name: space_name.clone(),
                side: crate::seat_name(leader.side).into(),
                face: Face::Up,
                name: leader.name.clone(),
                kind: Some("leader".into()),
                nation: (leader.nationality != Nationality::American && leader.nationality != Nationality::British)
                    .then(|| nation_word(leader.nationality).into()),
                strength: None,
                rating: Some(format!(
                    "{}-{}-{} {}",
                    leader.offensive,
                    leader.command,
                    leader.defensive,
                    "★".repeat(self.rank(l) as usize)
                )),
                states,
                count: 1,
            });
        }
        for u in 0..self.units.len() as u16 {
            let unit = &self.units[u as usize];
            let (space, space_name) = match unit.at() {
                Place::Space(s) => (&m.get(s).id, &m.get(s).name),
                Place::Zone(z) => (&m.zones[z as usize].id, &m.zones[z as usize].name),
                _ => continue,
            };
            let c = self.counters(u);
            let mut states: Vec<Cow<'static, str>> = Vec::new();
            if matches!(unit.at(), Place::Zone(_)) && is_land(c) {
                states.push("at sea".into());
            }
            if self.blockading(u) {
                states.push("blockading".into());
            }
            if unit.assault {
                states.push("amphibious assault".into());
            }
            states.extend(self.standing(u).into_iter().map(Cow::Owned));
            if unit.sailed {
                states.push("sailed".into());
            } else if unit.done {
                states.push("activated".into());
            }
            let nation = c
                .nationality
                .filter(|n| !matches!(n, Nationality::American | Nationality::British));
            pieces.push(engine::Piece {
                id: Some(self.unit_id(u)),
                space: space.clone(),
                space_name: space_name.clone(),
                side: crate::seat_name(self.side(u)).into(),
                face: Face::Up,
                name: self.unit_name(u),
                kind: Some(kind_word(c.kind).into()),
                nation: nation.map(|n| nation_word(n).into()),
                strength: Some(Strength {
                    now: self.printed_value(u),
                    max: c.combat,
                }),
                rating: Some(format!("{}-{}", c.combat, c.movement)),
                states,
                count: 1,
            });
        }
        // 12.x2 the scenario's map and regions: the rest stays out of play.
        let in_play = (0..m.spaces.len() as SpaceId)
            .filter(|&s| self.in_play(s))
            .map(|s| m.get(s).id.clone())
            .collect();
        // 8.2 the space of the combat being fought, marked on the map.
        let markers = self
            .fought()
            .map(|b| engine::Marker {
                space: m.get(b.space).id.clone(),
                space_name: m.get(b.space).name.clone(),
                kind: "battle".into(),
                name: "Battle".into(),
                side: None,
                value: None,
                rule: "8.2".into(),
            })
            .into_iter()
            .collect();
        Board {
            pieces,
            markers,
            hands: Vec::new(),
            in_play,
        }
    }

    /// For the bots: the share of the scenario's key spaces the seat holds,
    /// how near its land units stand to those it does not (each unit by
    /// its combat value: the army, not its nearest scout), and its land
    /// units against the enemy's. The nearness leads a side that must
    /// conquer (Saratoga's British, Canada's Americans) towards its goals
    /// when a playout is too short to take one. It falls by the same
    /// amount each step out to [`NEAR_STEPS`]: a step of the army must show
    /// through the noise of 30 random actions, or the search's choices are
    /// near uniform and armies stand still or wander (docs/ai.md, session
    /// 35). It weighs 0.15 against the key spaces' 0.5, so that taking a
    /// goal still outweighs the nearness its takers lose.
    pub fn score(&self, seat: Seat) -> f64 {
        if let Some(o) = self.core().outcome.as_ref() {
            return o.value_for(seat);
        }
        let spaces = self.scenario.spec().victory.spaces();
        let map = &tables().map;
        let mut goals = Vec::new();
        let mut held = 0.0;
        for id in spaces {
            let key = map
                .space(id)
                .expect("victory spaces are on the map (tests/scenarios.rs)");
            if self.controller(key) == Some(seat) {
                held += 1.0;
            } else {
                goals.push(key);
            }
        }
        // Only units on the map: a side's counters in the pool have none yet.
        let (mut mine, mut theirs) = (0.0, 0.0);
        let (mut weight, mut near) = (0.0, 0.0);
        for (u, unit) in self.units.iter().enumerate() {
            let Place::Space(s) = unit.at() else { continue };
            if self.side(u as u16) != seat {
                theirs += 1.0;
                continue;
            }
            mine += 1.0;
            if !is_land(self.counters(u as u16)) {
                continue;
            }
            let w = f64::from(self.printed_value(u as u16).max(1));
            weight += w;
            near += w * goals
                .iter()
                .map(|&k| (1.0 - f64::from(map.apart(s, k)) / NEAR_STEPS).max(0.0))
                .fold(if goals.is_empty() { 1.0 } else { 0.0 }, f64::max);
        }
        let n = spaces.len() as f64;
        let near = if weight > 0.0 { near / weight } else { 0.0 };
        let strength = if mine + theirs > 0.0 {
            mine / (mine + theirs)
        } else {
            0.5
        };
        0.1 + 0.5 * held / n + 0.15 * near + 0.25 * strength
    }

    /// What must always hold: a force stands with its leader, a subordinate
    /// with his commander, a fort holds one side only.
    pub fn invariants(&self) -> Result<(), String> {
        self.combat_invariants()?;
        self.units.check()?;
        for (u, unit) in self.units.iter().enumerate() {
            if let Some(l) = unit.leader {
                if self.leaders[l as usize].at != unit.at() {
                    return Err(format!("unit {u} is in {}'s force but not with him", self.leader(l).id));
                }
            }
            if (unit.entrenched || unit.inside) && !matches!(unit.at(), Place::Space(_)) {
                return Err(format!("unit {u} has works off the map"));
            }
        }
        for (l, g) in self.leaders.iter().enumerate() {
            if let Some(top) = g.under {
                if self.leaders[top as usize].at != g.at {
                    return Err(format!("leader {l} serves under {top} elsewhere"));
                }
            }
            // Ruling gml #51: a leader at sea is aboard with one unit, alone.
            if let Place::Zone(_) = g.at {
                let aboard = self.force(l as LeaderId).count();
                if aboard != 1 || g.under.is_some() {
                    return Err(format!(
                        "leader {l} at sea with {aboard} of his force",
                        aboard = engine::log::count(aboard, "unit")
                    ));
                }
            }
        }
        for s in 0..tables().map.spaces.len() as u16 {
            let inside: Vec<Seat> = self
                .units_at(s)
                .filter(|&u| self.units[u as usize].inside)
                .map(|u| self.side(u))
                .collect();
            if inside.windows(2).any(|w| w[0] != w[1]) {
                return Err(format!("both sides inside the fort of {}", self.space_id(s)));
            }
            if !inside.is_empty() && !self.has_fort(s) {
                return Err(format!(
                    "units inside a fort where there is none ({})",
                    self.space_id(s)
                ));
            }
        }
        Ok(())
    }
}
