//! Views (what each seat may see), resampled worlds for the AI, the
//! evaluation of a position and the invariants.
//!
//! Hidden from both seats: the order of the draw pile, and the strength of
//! every militia unit not yet revealed (ruling bh #9: it is drawn from the
//! pool only when needed, so no seat — nor the state — knows it before).

use crate::map::Region;
use crate::state::*;
use engine::{Seat, Viewer};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

impl Bh {
    pub fn render_view(&self, _viewer: Viewer) -> Value {
        let map = self.map();
        let seats = crate::info().seats;
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
            // A damaged cannon shows as broken (its strength is in the label).
            let state = match (p.unit, p.flipped) {
                (Unit::Leader, true) => "wounded",
                (Unit::Leader, false) => "healthy",
                (_, true) => "broken",
                _ => "unbroken",
            };
            let label = match (p.unit, p.strength) {
                (Unit::Militia, Some(s)) => format!("M{s}"),
                (Unit::Militia, None) => "M?".into(),
                (Unit::Regular, _) => "Reg".into(),
                (Unit::Marine, _) => "Mar".into(),
                (Unit::Cannon, _) => format!("Gun {}", if p.flipped { 1 } else { 2 }),
                (Unit::Minuteman, _) => "MM".into(),
                (Unit::Leader, _) => p.name.to_string(),
            };
            pieces.push(json!({
                "id": format!("piece-{i}"), "region": map.id(p.loc), "side": seats[p.side as usize],
                "kind": kind, "label": label, "state": state, "name": p.name,
                "moved": p.moved, "fired": p.fired, "rallied": p.rallied, "panic": p.panic,
            }));
        }
        let mut markers = Vec::new();
        for r in map.land() {
            if self.is_ablaze(r) {
                markers.push(json!({"region": map.id(r), "kind": "ablaze", "label": "Ablaze"}));
            }
        }
        markers.push(json!({"region": map.id(self.fleet), "kind": "fleet", "label": "Fleet"}));
        markers.push(json!({"region": "copps-hill", "kind": "battery", "label": "Battery"}));
        for z in &map.zones {
            for &s in &z.areas {
                if self.released & bit(s) != 0 {
                    markers.push(json!({"region": map.id(s), "kind": "staged", "label": "Staged"}));
                }
            }
        }
        for i in 0..self.pieces.len() as u16 {
            let p = self.p(i);
            if p.on_map() && p.panic {
                markers.push(json!({"region": map.id(p.loc), "kind": "panic", "label": "Panic"}));
            }
        }
        // 4.10 Moved and Fired markers, one per region and side.
        let mut seen = Vec::new();
        for p in self
            .pieces
            .iter()
            .filter(|p| p.on_map() && (p.moved || p.fired || p.rallied))
        {
            let kind = match (p.moved, p.fired) {
                (true, true) => "moved-fired",
                (true, false) => "moved",
                (false, true) => "fired",
                _ => "rallied",
            };
            if !seen.contains(&(p.loc, p.side, kind)) {
                seen.push((p.loc, p.side, kind));
                markers.push(
                    json!({"region": map.id(p.loc), "kind": kind, "side": seats[p.side as usize],
                                    "label": kind.replace('-', "/")}),
                );
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
            "pieces": pieces,
            "markers": markers,
            "prompt": self.prompt_for(),
            "outcome": self.outcome,
        })
    }

    /// A world consistent with what `_observer` saw: the draw pile is
    /// reshuffled (nobody has seen it) and the dice reseeded. Unknown militia
    /// have no value in the state, so they stay undrawn (ruling bh #9).
    pub fn sample_for(&self, _observer: Seat, rng: &mut ChaCha8Rng) -> Bh {
        let mut g = self.clone();
        g.dice.reseed(rng);
        let Bh { deck, dice, .. } = &mut g;
        deck.resample(0, dice);
        g
    }

    pub fn invariants(&self) -> Result<(), String> {
        let map = self.map();
        let in_assault = self.frames.iter().find_map(|f| match f {
            Frame::Assault(a) => Some(a.at),
            _ => None,
        });
        for (i, p) in self.pieces.iter().enumerate() {
            if p.on_map() && p.loc as usize >= map.len() {
                return Err(format!("piece {i} in no region"));
            }
            if p.on_map() && self.is_ablaze(p.loc) && !self.frames.iter().any(|f| matches!(f, Frame::Displace { .. })) {
                return Err(format!("piece {i} stands in a burning region"));
            }
            if p.unit != Unit::Militia && p.strength.is_some() {
                return Err(format!("piece {i} has a militia value"));
            }
        }
        for r in map.land() {
            let both = self.has(r, BRITISH) && self.has(r, PATRIOT);
            if both && in_assault != Some(r) && !self.frames.iter().any(|f| matches!(f, Frame::Displace { .. })) {
                return Err(format!("both sides in {} outside an Assault", map.id(r)));
            }
            for side in [BRITISH, PATRIOT] {
                let limit = if in_assault == Some(r) || self.reorganizing(r) {
                    6
                } else {
                    3
                };
                if !self.unlimited(r, side) && self.units(r, side) > limit {
                    return Err(format!("{} over-stacked in {}", Bh::seat_name(side), map.id(r)));
                }
            }
        }
        let known: usize = self
            .pieces
            .iter()
            .filter(|p| p.unit == Unit::Militia && p.strength.is_some())
            .count();
        if known + self.pool.total() != 21 {
            return Err("militia pool and revealed militia do not add up to 21".into());
        }
        if self.ammo > 24 || self.morale.iter().any(|&m| m > 24) {
            return Err("a track above 24".into());
        }
        if self.reserve.iter().any(|&r| r > 2) {
            return Err("more than two reserve actions".into());
        }
        if self.deck.draw.len() + self.deck.discard.len() != if self.solo() { 7 } else { 10 } {
            return Err("cards lost from the deck".into());
        }
        Ok(())
    }

    fn reorganizing(&self, r: Region) -> bool {
        self.frames
            .iter()
            .any(|f| matches!(f, Frame::Reorganize { a: Some(a), b: Some(b), .. } if *a == r || *b == r))
            || self.frames.iter().any(|f| {
                matches!(
                    f,
                    Frame::Hits { .. } | Frame::Displace { .. } | Frame::Flee { .. } | Frame::Overflow { .. }
                )
            })
    }

    /// VP margin, hill regions, morale and casualties, squashed into [0, 1].
    pub fn score(&self, seat: Seat) -> f64 {
        if let Some(o) = &self.outcome {
            return o.value_for(seat);
        }
        let foe = other(seat);
        let margin = self.vp(seat) - self.vp(foe);
        let hills = self.hill_regions(seat) as f64 - self.hill_regions(foe) as f64;
        let morale = (self.morale[seat as usize] as f64 - self.morale[foe as usize] as f64) / 24.0;
        let x = margin * 0.35 + hills * 0.25 + morale;
        1.0 / (1.0 + (-x).exp())
    }
}
