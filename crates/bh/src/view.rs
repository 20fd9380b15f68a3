//! Views (what each seat may see) and resampled worlds for the AI; the
//! stacking test of the invariants (`Game::check`, in `lib.rs`).
//!
//! Hidden from both seats: the order of the draw pile, and the strength of
//! every militia unit not yet revealed (ruling bh #9: it is drawn from the
//! pool only when needed, so no seat — nor the state — knows it before).

use crate::map::Region;
use crate::state::*;
use engine::prelude::*;
use engine::{Board, Fact, Seat, Stage, Strength, Viewer};
use rand_chacha::ChaCha8Rng;
use revroad::board::MarkerKind;
use revroad::facts;
use revroad::table::{self, Counter};
use serde_json::{json, Value};

impl Views for Bh {
    fn view(&self, viewer: Viewer) -> Value {
        let map = self.map();
        let seats = Bh::info().seats;
        let mut pieces = Vec::new();
        for (i, p) in self.pieces.iter().enumerate() {
            if !p.on_map() {
                continue;
            }
            let kind = match (p.unit, p.strength) {
                (Unit::Militia, None) => "hidden",
                (Unit::Regular, _) => "regular",
                (Unit::Marine, _) => "marine",
                (Unit::Cannon, _) => "cannon",
                (Unit::Minuteman, _) => "minuteman",
                (Unit::Militia, _) => "militia",
                (Unit::Leader, _) => "leader",
            };
            // A damaged cannon shows as broken (on its flipped side; ruling bh #20).
            let state = match (p.unit, p.flipped) {
                (Unit::Leader, true) => "wounded",
                (Unit::Leader, false) => "healthy",
                (_, true) => "broken",
                _ => "unbroken",
            };
            let states = table::states(
                state,
                &[
                    (p.moved, "moved"),
                    (p.fired, "fired"),
                    (p.rallied, "rallied"),
                    (p.panic, "panicked"),
                ],
            );
            let name = match p.unit {
                Unit::Regular => "Regular",
                Unit::Marine => "Marine",
                Unit::Cannon => "Cannon",
                Unit::Minuteman => "Minuteman",
                Unit::Militia => "Militia",
                Unit::Leader => &p.name,
            };
            pieces.push(table::piece(
                map,
                Counter {
                    id: format!("piece-{i}"),
                    region: p.loc,
                    side: p.side,
                    name,
                    kind,
                    value: match (p.unit, p.strength) {
                        (Unit::Militia, Some(s)) => Some(Strength { now: s, max: 2 }),
                        _ => None,
                    },
                    value_hidden: p.unit == Unit::Militia && p.strength.is_none(),
                    states,
                },
            ));
        }
        let mut markers = table::Markers::new(map, MARKERS);
        for r in map.land() {
            if self.is_ablaze(r) {
                markers.put(r, "ablaze", None, None);
            }
        }
        markers.put(self.fleet, "fleet", None, None);
        // 4.4 the battery never moves (a map from --data may lack its box).
        if let Some(r) = map.region("copps-hill") {
            markers.put(r, "battery", None, None);
        }
        for z in &map.zones {
            for &s in &z.areas {
                if self.released & bit(s) != 0 {
                    markers.put(s, "staged", None, None);
                }
            }
        }
        for i in 0..self.pieces.len() as PieceId {
            let p = self.p(i);
            if p.on_map() && p.panic {
                markers.put(p.loc, "panic", None, None);
            }
        }
        // 4.10 Moved and Fired markers, one per region and side; a leader's
        // Rallied marker (6.7) where none of them is.
        for p in self.pieces.iter().filter(|p| p.on_map()) {
            if p.moved || p.fired {
                markers.put_status(p.loc, p.side, p.moved, p.fired);
            } else if p.rallied {
                markers.put_once(p.loc, "rallied", p.side);
            }
        }
        let card = self.card.map(|n| {
            let c = revroad::cards::card(n);
            json!({"number": n, "british": c.british, "patriot": c.patriot})
        });
        let to_act: Vec<&str> = self.acting().iter().map(|s| seats[s as usize]).collect();
        json!({
            "title": "bh",
            "scenario": self.setup.scenario,
            "turn": self.turn,
            "turns": self.turns,
            "phase": self.phase,
            "to_act": to_act,
            "card": card,
            "deck": {"draw": self.deck.draw.len(), "discard": self.deck.discard},
            "actions": {"british": self.ap[0], "patriot": self.ap[1]},
            "reserve": {"british": self.reserve[0], "patriot": self.reserve[1]},
            "vp": {"british": self.vp(BRITISH), "patriot": self.vp(PATRIOT)},
            "ammo": self.ammo,
            "morale": {"british": self.morale[0], "patriot": self.morale[1]},
            "demoralized": {"british": self.demoralized[0], "patriot": self.demoralized[1]},
            "british_ammo_arrived": self.ammo_arrived,
            "militia_pool": self.pool.counts,
            "objective": self.objective.as_ref().map(|o| json!({
                "number": o.number, "goals": o.goals, "zones": o.zones, "turns": o.turns})),
            "board": Board {
                markers: markers.done(),
                pieces,
                hands: Vec::new(),
                in_play: Vec::new(),
            },
            // The top frame's prompt (one seat decides at a time; it does not depend on the seat).
            "prompt": self.prompt(self.actor().unwrap_or(self.to_move)),
            "outcome": self.core.outcome,
            "facts": self.facts(viewer),
        })
    }

    /// A world consistent with what `_observer` saw: the draw pile is
    /// reshuffled (nobody has seen it) and the dice reseeded. Unknown militia
    /// have no value in the state, so they stay undrawn (ruling bh #9).
    /// 5.0 The segment of the turn's sequence.
    fn stage(&self) -> Stage {
        let (segment, rule) = match self.phase {
            Phase::Setup => ("Set-up", "12.1"),
            Phase::Reinforce => ("Obtain Action Points", "5.1"),
            Phase::Panic => ("Patriot Panic", "9.1"),
            Phase::Actions => ("Perform Actions", "5.2"),
            Phase::BritishFire => ("British Final Fire", "12.4"),
            Phase::EndTurn => ("End Turn", "5.3"),
            Phase::Final => ("End of the game", "5.3"),
            Phase::Over => ("The game is over", "10.0"),
        };
        facts::stage(self.turn, self.turns, segment, rule)
    }

    fn determinize(&self, _observer: Seat, rng: &mut ChaCha8Rng) -> Bh {
        let mut g = self.clone();
        g.core.dice.reseed(rng);
        g.deck.resample(0, &mut g.core.dice);
        g
    }
}

impl Bh {
    /// The side panel's facts, in the rulebook's words (issue 19). Bunker
    /// Hill has no private cards: every seat, and a spectator, reads the
    /// same lines (the unrevealed militia strengths are in none of them).
    pub fn facts(&self, _viewer: Viewer) -> Vec<Fact> {
        let map = self.map();
        let mut out = facts::scenario(
            Bh::info().scenarios,
            self.scenario,
            self.scenario.bot_seat(self.opts.bot),
        );
        if let Some(o) = &self.objective {
            let goals: Vec<&str> = o.goals.iter().map(|g| goal_name(*g)).collect();
            let value = format!("#{}: {}", o.number, goals.join(", "));
            out.push(Fact::new("British objective", value, "12.3"));
        }
        let Stage { turn, phase } = self.stage();
        out.extend([turn, phase]);
        if let Some((step, rule)) = self.frames.last().and_then(step) {
            out.push(Fact::new("Action", step, rule));
        }
        out.extend(facts::to_act(self.acting()));
        out.extend(facts::turn_card(self.card, false));
        out.extend(facts::tracks(self.ap, self.reserve));
        out.push(facts::victory_points([self.vp(BRITISH), self.vp(PATRIOT)], "10.0"));
        out.push(Fact::new(
            "Patriot ammunition",
            format!("{} on the Ammo Track", self.ammo),
            "8.0",
        ));
        out.push(Fact::new("Morale", facts::both(self.morale), "9.0"));
        let demoralized = match self.demoralized {
            [true, true] => Some(("British and Patriot", "9.4")),
            [true, false] => Some(("British", "9.3")),
            [false, true] => Some(("Patriot", "9.2")),
            [false, false] => None,
        };
        if let Some((who, rule)) = demoralized {
            out.push(Fact::new("Demoralized", who, rule));
        }
        let cannon = if self.ammo_arrived {
            "the right ammunition has arrived"
        } else {
            "Wrong Ammo: no British cannon fire in battle until it arrives"
        };
        out.push(Fact::new("British cannon ammunition", cannon, "4.3"));
        out.push(Fact::new("Naval Fleet", map.name(self.fleet), "4.5"));
        out.push(facts::piles(self.deck.draw.len(), self.deck.discard.len()));
        let mut groups: Vec<(u8, Seat, usize)> = Vec::new();
        for p in self
            .pieces
            .iter()
            .filter(|p| p.loc == WAITING && p.arrives > self.turn && p.arrives <= self.turns)
        {
            match groups.iter_mut().find(|g| (g.0, g.1) == (p.arrives, p.side)) {
                Some(g) => g.2 += 1,
                None => groups.push((p.arrives, p.side, 1)),
            }
        }
        groups.sort_unstable();
        out.extend(facts::reinforcements(&groups, "12.1"));
        out
    }

    /// Whether `Game::check` allows six units in `r`: it is one of the two
    /// regions of a Reorganize the Line.
    pub(crate) fn reorganizing(&self, r: Region) -> bool {
        self.frames
            .iter()
            .any(|f| matches!(f, Frame::Reorganize { a: Some(a), b: Some(b), .. } if *a == r || *b == r))
    }
}

/// 12.3 the British Objectives, as the rulebook names them.
fn goal_name(g: Goal) -> &'static str {
    match g {
        Goal::Charlestown => "Clear and/or Burn Charlestown",
        Goal::Works => "Capture Northern Defense Works",
        Goal::Breeds => "Capture Breed's Hill",
        Goal::Bunker => "Capture Bunker Hill",
        Goal::Neck => "Capture the Charlestown Neck",
    }
}

/// The Action or step under way, by the rulebook's name for it.
fn step(f: &Frame) -> Option<(&'static str, &'static str)> {
    Some(match f {
        Frame::ChooseObjective { .. } | Frame::ChooseGoals { .. } | Frame::ChooseZones { .. } => {
            ("Choose the British Objective", "12.3")
        }
        Frame::ChooseFocus => ("Choose the Patriot defense", "12.4"),
        Frame::ReinforceZone { .. } => ("Choose the reinforcements' Landing Zone", "12.1"),
        Frame::Volley { .. } => ("Volley Fire", "6.1"),
        Frame::Assault(_) | Frame::AssaultSelect { .. } => ("Assault", "6.2"),
        Frame::Cannonade { .. } => ("Cannonade", "6.3"),
        Frame::Bombard { .. } => ("Bombard", "6.4"),
        Frame::Move { .. } => ("Land Move", "6.5"),
        Frame::Naval => ("Naval Move", "6.6"),
        Frame::Rally { .. } => ("Rally", "6.7"),
        Frame::SoloRally { .. } => ("Rally", "12.2"),
        Frame::Reorganize { .. } => ("Reorganize the Line", "6.8"),
        Frame::Snipe => ("Snipe", "6.9"),
        Frame::Land { .. } => ("Land Troops", "6.10"),
        Frame::Hits { .. } => ("Hits", "7.0"),
        Frame::Displace { .. } => ("Ablaze: pieces move out", "4.6"),
        Frame::Spread { .. } => ("The fire spreads", "5.3"),
        Frame::ExtraDie => ("More Patriot Ammunition", "11.2"),
        Frame::Flee { .. } => ("Patriot Panic", "9.1"),
        Frame::Overflow { .. } => ("Retreat", "7.1"),
        Frame::FinalFire { .. } => ("British Final Fire", "12.4"),
        _ => return None,
    })
}

/// The markers of the view, for the map's key.
pub const MARKERS: &[MarkerKind] = &[
    MarkerKind {
        kind: "ablaze",
        symbol: "Fire",
        colour: "#d84315",
        name: "Ablaze Marker",
        rule: "4.6",
        text: "This town region is on fire (the Hot Shot of a Bombard, 6.4).",
    },
    MarkerKind {
        kind: "fleet",
        symbol: "Flt",
        colour: "#1a4f8b",
        name: "Naval Fleet",
        rule: "4.5",
        text: "The British fleet: a Bombard targets the area linked to the Fleet Box it is in.",
    },
    MarkerKind {
        kind: "battery",
        symbol: "Bat",
        colour: "#5d4037",
        name: "Copp's Hill Battery",
        rule: "4.4",
        text: "Fires with the Bombard Action, at units or with Hot Shot at Charlestown; it never moves.",
    },
    MarkerKind {
        kind: "staged",
        symbol: "St",
        colour: "#00796b",
        name: "Staging Number met",
        rule: "3.5",
        text: "Enough pieces arrived in this Staging Area: a Move may activate it without counting them again.",
    },
    MarkerKind {
        kind: "panic",
        symbol: "P",
        colour: "#c62828",
        name: "Panic Marker",
        rule: "4.9",
        text: "Panicked Patriot militia are here (Patriot morale 12 or less, 9.1).",
    },
    MarkerKind::moved("4.10", "This side's pieces here moved this turn."),
    MarkerKind::fired("4.10", "This side's pieces here took part in combat this turn."),
    MarkerKind::moved_fired(
        "4.10",
        "This side's pieces here moved and took part in combat this turn.",
    ),
    MarkerKind {
        kind: "rallied",
        symbol: "R",
        colour: "#2e7d32",
        name: "Rallied Marker",
        rule: "6.7",
        text: "A leader here rallied a broken unit this turn (a leader rallies once a turn).",
    },
];
