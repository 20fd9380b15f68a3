//! Give Me Liberty! (`gml`): the American Revolution 1775-81 on two
//! point-to-point maps. Rulebook: `shared/rulebooks/give-me-liberty.txt`, a
//! translation; where a translator's note flags a typo, the evident intent
//! is implemented and recorded in docs/rulings.md.
//!
//! In progress (issue 20): the four battle scenarios (12.x) set up and play
//! their turns: command and activation, land movement, forts, the initial
//! militia call, naval movement, transport, blockade and amphibious
//! assault (7.x, 8.15-8.17), land combat with retreats and overruns
//! (8.2-8.28, 6.5), reinforcements, supply and victory, and the optional
//! special leader abilities (5.5, option `abilities`). The README's status table
//! lists the rules still missing.

pub mod abilities;
pub mod actions;
pub mod activation;
pub mod combat;
pub mod command;
pub mod drawing;
pub mod forces;
pub mod frames;
pub mod map;
pub mod maritime;
pub mod militia;
pub mod movement;
pub mod naval;
pub mod reaction;
pub mod reinforcement;
pub mod retreat;
pub mod scenario;
pub mod setup;
pub mod state;
pub mod supply;
pub mod tables;
pub mod terrain;
pub mod turn;
pub mod turns;
pub mod victory;
pub mod view;
pub mod why;

pub use actions::Action;
pub use state::Gml;

use engine::{Core, Game, Seat, Setup, Title, TitleInfo};

static INFO: TitleInfo = TitleInfo {
    key: "gml",
    name: "Give Me Liberty!",
    seats: &["british", "american"],
    scenarios: &scenario::INFOS,
    options: &[engine::OptionInfo::switch(
        "abilities",
        "5.5 Special leader abilities (optional)",
    )],
    rules_version: "gml-27",
    data_files: &[
        "states.tsv",
        "spaces.tsv",
        "lines.tsv",
        "zones.tsv",
        "zone-links.tsv",
        "counters.tsv",
        "leaders.tsv",
        "militia.tsv",
        "initial-call.tsv",
        "command.tsv",
        "turns.tsv",
        "supply.tsv",
        "terrain-effects.tsv",
    ],
    victory_levels: &[],
    agreed_draw: None,
};

pub fn seat_name(s: Seat) -> &'static str {
    INFO.seats[s as usize]
}

/// A side as the log and the prompts write it ("British", "American").
pub fn side_name(s: Seat) -> &'static str {
    if s == forces::BRITISH {
        "British"
    } else {
        "American"
    }
}

/// A side's people, as a sentence's subject names them ("the British",
/// "the Americans").
pub fn side_people(s: Seat) -> &'static str {
    if s == forces::BRITISH {
        "British"
    } else {
        "Americans"
    }
}

impl Title for Gml {
    fn info() -> &'static TitleInfo {
        &INFO
    }

    fn drawing() -> Option<engine::Drawing> {
        Some(drawing::drawing(&tables::tables().map))
    }

    fn provenance() -> Vec<(String, String)> {
        let t = tables::tables();
        let mut v = t.map.provenance();
        v.extend(t.forces.provenance());
        v
    }

    fn use_data_dir(dir: &std::path::Path) -> Result<(), String> {
        tables::use_data_dir(dir)
    }
}

impl Game for Gml {
    fn new(setup: &Setup) -> Self {
        let mut g = Gml::start(setup);
        g.advance();
        g
    }

    fn core(&self) -> &Core {
        &self.core
    }

    fn core_mut(&mut self) -> &mut Core {
        &mut self.core
    }

    fn check(&self) -> Result<(), String> {
        self.invariants()
    }

    fn evaluate(&self, seat: Seat) -> f64 {
        self.score(seat)
    }
}
