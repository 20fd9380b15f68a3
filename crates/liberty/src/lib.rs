//! Liberty: The American Revolution 1775-83 (Columbia Games), rules-enforced.
//! Rule numbers cite `shared/rulebooks/liberty.txt`; rulings cite
//! `docs/rulings.md`.

pub mod actions;
pub mod battle;
pub mod blocks;
pub mod cards;
pub mod drawing;
pub mod map;
pub mod movement;
pub mod replacements;
pub mod retreat;
pub mod sandbox;
pub mod setup;
pub mod state;
pub mod turn;
pub mod view;
pub mod why;
pub mod winter;

pub use actions::Action;
pub use drawing::drawing;
pub use state::Liberty;

use engine::{Core, Game, OptionInfo, ScenarioInfo, Seat, Setup, Title, TitleInfo};

static INFO: TitleInfo = TitleInfo {
    key: "liberty",
    name: "Liberty: The American Revolution 1775-83",
    seats: &["british", "american"],
    scenarios: &[ScenarioInfo {
        key: "1775",
        name: "The 1775 campaign game",
        rule: "12.0",
        solo: None,
    }],
    options: &[
        OptionInfo::switch(
            "british-initiative",
            "3.1 British Initiative Option: on equal Action cards the British choose to go first or second",
        ),
        OptionInfo::switch(
            "militia-firepower",
            "Optional rule: defending militia and loyalist foot may fire C2 in round 1, then withdraw",
        ),
        OptionInfo::switch(
            "bayonet",
            "Optional rule: regular foot may charge at C3 (Guards C5) in round 2, then withdraw",
        ),
        OptionInfo::switch(
            "pursuit",
            "Optional rule: a fourth, pursuit round in which the attacker retreats",
        ),
    ],
    rules_version: "liberty-7",
    data_files: &["hexes.tsv", "hexsides.tsv", "rivers.tsv", "blocks.tsv"],
    victory_levels: &[],
    agreed_draw: None,
};

pub fn seat_name(s: Seat) -> &'static str {
    INFO.seats[s as usize]
}

/// A side as the log names it ("British", "American").
pub fn side_name(s: Seat) -> &'static str {
    ["British", "American"][s as usize]
}

/// One of a side's blocks as the log tells it to those who may not see
/// which (2.0 Fog-of-War): "a British block", "an American block".
pub fn a_block(s: Seat) -> &'static str {
    ["a British block", "an American block"][s as usize]
}

impl Title for Liberty {
    fn info() -> &'static TitleInfo {
        &INFO
    }

    fn drawing() -> Option<engine::Drawing> {
        Some(drawing::drawing())
    }

    /// `--data DIR`: `hexes.tsv`, `hexsides.tsv`, `rivers.tsv` and `blocks.tsv`
    /// found in DIR replace the embedded (reconstructed) ones, so owners of the
    /// printed game can use its values. Call before the first game; a game must
    /// be replayed with the same data. On error nothing changes.
    fn use_data_dir(dir: &std::path::Path) -> Result<(), String> {
        let map = map::load_dir(dir).map_err(|e| e.to_string())?;
        let order = blocks::load(Some(dir)).map_err(|e| e.to_string())?;
        for &(id, _, place) in setup::SETUP_1775 {
            if !order.iter().any(|b| b.id == id) {
                return Err(format!(
                    "blocks.tsv has no block '{id}', which the 1775 set-up (12.0) needs"
                ));
            }
            if map.by_name(place).is_none() {
                return Err(format!(
                    "the map has no place '{place}', which the 1775 set-up (12.0) needs"
                ));
            }
        }
        let embedded = blocks::load(None).map_err(|e| e.to_string())?.len();
        if order.len() != embedded {
            return Err(format!(
                "blocks.tsv must list {embedded} blocks (2.0), not {}",
                order.len()
            ));
        }
        // Both checked before either is used: a refusal changes nothing.
        let (map, order) = (map::MAP.stage(Some(map))?, blocks::BLOCKS.stage(Some(order))?);
        map.install();
        order.install();
        Ok(())
    }

    /// Every reconstructed data item, with its reasoning (data-provenance.md).
    fn provenance() -> Vec<(String, String)> {
        let mut v = map::Map::embedded().provenance();
        for b in blocks::embedded() {
            if b.note.contains("reconstructed") {
                v.push((format!("block {} ({})", b.id, b.name), b.note.clone()));
            }
        }
        v.push((
            "supply cards".into(),
            "reconstructed: 3.0 gives 5 Supply cards of 'either two or three steps'; three give 2 steps and two give 3"
                .into(),
        ));
        v
    }
}

impl Game for Liberty {
    fn new(setup: &Setup) -> Self {
        Liberty::start(setup)
    }

    fn core(&self) -> &Core {
        &self.core
    }

    fn core_mut(&mut self) -> &mut Core {
        &mut self.core
    }

    /// 11.5 an exchange offer after the other seat declined this seat's
    /// last one, with no prisoner taken or given back since: a declined
    /// offer changes nothing the bots' evaluation sees, so their search made
    /// offers at every Card Phase, the same one again and again.
    fn presses(&self, seat: Seat, action: &Action) -> bool {
        matches!(action, Action::Offer { .. }) && self.declined[seat as usize] == Some(self.prisoners())
    }

    /// 11.1 supply points between the American (12) and British (30) lines,
    /// with a quarter weight on the strength on the map.
    fn evaluate(&self, seat: Seat) -> f64 {
        if let Some(o) = &self.core.outcome {
            return o.value_for(seat);
        }
        let sp = (self.british_supply() as f64 - 12.0) / 18.0;
        let mut strength = [0.0f64; 2];
        for b in 0..self.loc.len() as blocks::Block {
            if self.on_map(b) {
                strength[Liberty::side_of(b) as usize] += self.strength[b as usize] as f64;
            }
        }
        let share = (strength[0] + 1.0) / (strength[0] + strength[1] + 2.0);
        let british = 0.75 * sp.clamp(0.0, 1.0) + 0.25 * share;
        if seat == blocks::BRITISH {
            british
        } else {
            1.0 - british
        }
    }

    /// Every block in exactly one place, strengths in range, counts right.
    fn check(&self) -> Result<(), String> {
        let spaces = self.count.len();
        let mut count = vec![[0u8; 2]; spaces];
        for b in 0..self.loc.len() as blocks::Block {
            let l = self.loc[b as usize];
            let s = self.strength[b as usize];
            let i = blocks::info(b);
            if (l as usize) < spaces {
                count[l as usize][i.side as usize] += 1;
                if s < 1 || s > i.max {
                    return Err(format!("{} on the map at strength {s} (max {})", i.id, i.max));
                }
                if i.is_indian() && !self.map().spaces[l as usize].wilderness {
                    return Err(format!("{} outside the wilderness", i.id));
                }
            } else if ![state::POOL, state::FRENCH_POOL, state::PRISONER].contains(&l) {
                return Err(format!("{} at no place ({l})", i.id));
            }
        }
        if count != self.count {
            return Err("per-space block counts are out of date".into());
        }
        if self.hands.iter().map(Vec::len).sum::<usize>() + self.deck.len() + self.played.iter().flatten().count() > 25
        {
            return Err("more than 25 cards".into());
        }
        Ok(())
    }
}
