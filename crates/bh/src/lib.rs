//! Revolution Road, Part Two: Bunker Hill (rulebook Part Two, lines 841-1613
//! of `shared/rulebooks/revolution-road.txt`), rules-enforced. Rule numbers
//! cite that part; rulings cite `docs/rulings.md` as `ruling bh #N`.

pub mod actions;
pub mod assault;
pub mod bot;
pub mod combat;
pub mod los;
pub mod map;
pub mod morale;
pub mod movement;
pub mod sandbox;
pub mod setup;
pub mod solo;
pub mod state;
pub mod turn;
pub mod victory;
pub mod view;
pub mod why;

pub use actions::Action;
pub use state::Bh;

use crate::state::*;
use engine::{Core, Game, OptionInfo, Seat, Setup, Title, TitleInfo};

static INFO: TitleInfo = TitleInfo {
    key: "bh",
    name: "Revolution Road: Bunker Hill",
    seats: revroad::SEATS,
    scenarios: &revroad::Scenario::infos([
        ("Bunker Hill (two players, 10 turns)", "12.1"),
        ("Solitaire: British against the Patriot bot", "12.3"),
        ("Solitaire: Patriot against the British bot", "12.4"),
    ]),
    options: &[
        OptionInfo::switch("redoubt-wall", "11.1 Redoubt and Wall Defensive Positions: the first British hit there is ignored"),
        OptionInfo {
            key: "ammo",
            values: &["standard", "more-options"],
            help:
                "11.2 More Patriot Ammunition Options: an extra Volley die for 1 ammo, defend on 4-6 for 2 or 3-6 for 4",
                needs: &[],
        },
        OptionInfo {
            key: "landing-zones",
            values: &["standard", "optional"],
            help: "11.3 Optional British Landing Zones: turn 3 and 6 reinforcements in any landing zone",
            needs: &[],
        },
        OptionInfo::switch(
            "final-fire",
            "12.4 British Final Fire after each turn's actions (Patriot solitaire only): the rulebook names it without \
             defining it, so it is off by default (ruling bh #25); on plays the reconstruction of ruling bh #29",
        ),
        revroad::sheet::BOT_OPTION,
    ],
    rules_version: "bh-13",
    data_files: &["regions.tsv", "borders.tsv", "zones.tsv", "vp.tsv", "drawing.tsv", "los.tsv", "cards.tsv"],
    victory_levels: &[],
    agreed_draw: None,
};

impl Title for Bh {
    fn info() -> &'static TitleInfo {
        &INFO
    }

    /// The area map for the browser's generic renderer.
    fn drawing() -> Option<engine::Drawing> {
        Some(crate::map::Map::get().drawing())
    }

    /// Every reconstructed data item with its reasoning, and the cards used.
    fn provenance() -> Vec<(String, String)> {
        let mut v = map::Map::get().provenance();
        v.push((
            "bot-sheets".into(),
            "reconstructed: the printed British and Patriot bot sheets (12.3, 12.4) are not in the rulebook; \
             src/bot.rs orders priorities from each scenario's objectives (12.2-12.4)"
                .into(),
        ));
        v.extend(
            revroad::cards::provenance()
                .into_iter()
                .filter(|(k, _)| setup::DECK.iter().any(|n| k.starts_with(&format!("card {n}:")))),
        );
        v
    }

    /// `--data DIR`: map files (see [`map::read_data_dir`]) and `cards.tsv`
    /// found in `dir` replace the reconstructed ones; all are read and
    /// checked before any is used, and on error nothing changes.
    fn use_data_dir(dir: &std::path::Path) -> Result<(), String> {
        let map = map::read_data_dir(dir)?;
        let cards = revroad::cards::read_data_dir(dir)?;
        map.install();
        cards.install();
        Ok(())
    }
}

impl Game for Bh {
    fn new(setup: &Setup) -> Self {
        Bh::start(setup)
    }

    fn core(&self) -> &Core {
        &self.core
    }

    fn core_mut(&mut self) -> &mut Core {
        &mut self.core
    }

    fn check(&self) -> Result<(), String> {
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
            // 9.4 may end the game inside an Assault, leaving both sides in its
            // region (ruling #37); no other ending does.
            let ended_inside = self.core.outcome.is_some() && self.mutually_demoralized();
            if both
                && in_assault != Some(r)
                && !ended_inside
                && !self.frames.iter().any(|f| matches!(f, Frame::Displace { .. }))
            {
                return Err(format!("both sides in {} outside an Assault", map.id(r)));
            }
            for side in [BRITISH, PATRIOT] {
                let limit = if in_assault == Some(r) || self.reorganizing(r) {
                    6
                } else {
                    3
                };
                // 7.1 "temporarily over-stacking while moving units through
                // regions": a piece whose run or retreat goes on past this
                // full region (its frame waiting for the owner's pick of
                // where, ruling #33) does not count against it.
                let passing = self
                    .frames
                    .iter()
                    .filter(|f| match f {
                        Frame::Overflow { piece, .. } | Frame::Flee { piece, .. } => {
                            let p = self.p(*piece);
                            p.on_map() && p.loc == r && p.side == side && p.military()
                        }
                        _ => false,
                    })
                    .count();
                if !self.unlimited(r, side) && self.units(r, side) > limit + passing {
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

    /// VP margin, hill regions, morale and casualties, squashed into [0, 1].
    fn evaluate(&self, seat: Seat) -> f64 {
        if let Some(o) = &self.core.outcome {
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
