//! Revolution Road, Part One: From Boston to Concord (rulebook Part One),
//! rules-enforced. Rule numbers cite `shared/rulebooks/revolution-road.txt`
//! lines 1-840; rulings cite `docs/rulings.md` ("ruling b2c #N").

pub mod actions;
pub mod bot;
pub mod combat;
pub mod frames;
pub mod hinder;
pub mod map;
pub mod menu;
pub mod movement;
pub mod nightriders;
pub mod sandbox;
pub mod search;
pub mod setup;
pub mod skirmish;
pub mod state;
pub mod turn;
pub mod victory;
pub mod view;
pub mod vp;
pub mod why;

pub use actions::Action;
pub use state::B2c;
pub use view::drawing;

use engine::{Core, Game, OptionInfo, Seat, Setup, Title, TitleInfo};

static INFO: TitleInfo = TitleInfo {
    key: "b2c",
    name: "Revolution Road: From Boston to Concord",
    seats: revroad::SEATS,
    scenarios: &revroad::Scenario::infos([
        ("From Boston to Concord (two players, 12 turns)", "15.1"),
        ("British player vs Patriot bot (turns 8-12)", "15.3"),
        ("Patriot player vs British bot (turns 8-12)", "15.4"),
    ]),
    options: &[
        OptionInfo::switch(
            "leader-rerolls",
            "14.1 a side with a healthy leader in the combat may re-roll one die per Attack or Assault",
        ),
        OptionInfo::switch(
            "opfire-movement",
            "14.2 moving through a region with an unbroken enemy piece draws a die: 6 is a hit",
        ),
        OptionInfo::switch("hobbled-sol", "14.3 Hancock and Adams move one region instead of two"),
        OptionInfo::switch("militia-minutemen", "14.4 militia hit on 6 only, minutemen on 5-6"),
        OptionInfo {
            key: "hidden-arms",
            values: &["standard", "none", "any-hash", "hash-count"],
            help: "14.5 what an unsearched plain Hidden Arms marker is worth at the end",
            needs: &[],
        },
        OptionInfo {
            key: "percy-turn",
            values: &["9", "8"],
            help: "12.0 and FAQ: the turn Percy's reinforcements enter Boston",
            needs: &[],
        },
        revroad::sheet::BOT_OPTION,
    ],
    rules_version: "b2c-11",
    data_files: &["regions.tsv", "borders.tsv", "vp.tsv", "cards.tsv"],
    victory_levels: &[],
    agreed_draw: None,
};

pub fn seat_name(s: Seat) -> &'static str {
    INFO.seats[s as usize]
}

impl Title for B2c {
    fn info() -> &'static TitleInfo {
        &INFO
    }

    fn drawing() -> Option<engine::Drawing> {
        Some(view::drawing())
    }

    /// Every reconstructed data item with its reasoning (data-provenance.md),
    /// with the shared cards'.
    fn provenance() -> Vec<(String, String)> {
        let mut v = map::map().provenance();
        v.extend(vp::provenance());
        v.push((
            "bot-sheets".into(),
            "reconstructed: the printed British and Patriot bot sheets (15.3, 15.4) are not in the rulebook; \
             src/bot.rs orders priorities from each scenario's objectives and exclusive rules (15.2)"
                .into(),
        ));
        v.extend(revroad::cards::provenance());
        v
    }

    /// `--data DIR`: `regions.tsv`, `borders.tsv`, `vp.tsv` (this crate) and
    /// `cards.tsv` (shared with Bunker Hill) replace the reconstructed data;
    /// every file is read and checked before any is used, so that a bad
    /// one changes nothing.
    fn use_data_dir(dir: &std::path::Path) -> Result<(), String> {
        let cards = revroad::cards::read_data_dir(dir)?;
        let map = map::read_data_dir(dir)?;
        let vp = vp::read_data_dir(dir)?;
        cards.install();
        map.install();
        vp.install();
        Ok(())
    }
}

impl Game for B2c {
    fn new(setup: &Setup) -> Self {
        let mut g = B2c::start(setup);
        g.advance();
        g
    }

    fn core(&self) -> &Core {
        &self.core
    }

    fn core_mut(&mut self) -> &mut Core {
        &mut self.core
    }

    /// VP margin with pending hidden-arms and Percy VP, and the march on Concord (11.0).
    fn evaluate(&self, seat: Seat) -> f64 {
        self.score(seat)
    }

    /// Every piece in one place, markers where they belong, tracks in range.
    fn check(&self) -> Result<(), String> {
        use state::*;
        let m = map::map();
        let mut revealed = [0usize; 3];
        for (i, p) in self.pieces.iter().enumerate() {
            if !(p.on_map() || [WAITING, DESTROYED, TAKEN, VANISHED].contains(&p.loc)) {
                return Err(format!("piece {i} at no place ({})", p.loc));
            }
            if p.under
                && !(p.on_map() && (self.gather[p.loc as usize] != Gather::None || self.alert & (1 << p.loc) != 0))
            {
                return Err(format!("piece {i} under a marker that is not there"));
            }
            if p.hidden && p.kind != Kind::Militia {
                return Err(format!("piece {i} hidden but not militia"));
            }
            if p.kind == Kind::Militia && !p.hidden && p.loc != VANISHED {
                if p.value > 2 {
                    return Err(format!("militia {i} of strength {}", p.value));
                }
                revealed[p.value as usize] += 1;
            }
            if p.on_map() && p.side() == state::PATRIOT && p.loc == m.boston && p.kind != Kind::Nightrider {
                return Err(format!("Patriot piece {i} in Boston (3.0)"));
            }
        }
        for (s, n) in revealed.iter().enumerate() {
            if n + self.pool.counts[s] as usize != revroad::MilitiaPool::B2C.counts[s] as usize {
                return Err(format!("militia of strength {s}: pool and map do not add up"));
            }
        }
        if self.actions.iter().any(|&a| a > 5) || self.reserve.iter().any(|&r| r > 2) {
            return Err("action or reserve track out of range".into());
        }
        if self.deck.draw.len() + self.deck.discard.len() != setup::deck_cards(self.scenario).len() {
            return Err("cards lost from the deck".into());
        }
        if self.arms & self.searched != 0 {
            return Err("a Hidden Arms marker both searched and not".into());
        }
        Ok(())
    }
}
