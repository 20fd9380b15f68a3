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

pub use actions::Action;
pub use state::Bh;

use engine::{Game, OptionInfo, Prompt, ScenarioInfo, Seat, Setup, TitleInfo};

static INFO: TitleInfo = TitleInfo {
    key: "bh",
    name: "Revolution Road: Bunker Hill",
    seats: &["british", "patriot"],
    scenarios: &[
        ScenarioInfo {
            key: "standard",
            name: "Bunker Hill (two players, 10 turns)",
            rule: "12.1",
        },
        ScenarioInfo {
            key: "solo-british",
            name: "Solitaire: British against the Patriot bot",
            rule: "12.3",
        },
        ScenarioInfo {
            key: "solo-patriot",
            name: "Solitaire: Patriot against the British bot",
            rule: "12.4",
        },
    ],
    options: &[
        OptionInfo::switch("redoubt-wall", "11.1 Redoubt and Wall Defensive Positions: the first British hit there is ignored"),
        OptionInfo {
            key: "ammo",
            values: &["standard", "more-options"],
            help:
                "11.2 More Patriot Ammunition Options: an extra Volley die for 1 ammo, defend on 4-6 for 2 or 3-6 for 4",
        },
        OptionInfo {
            key: "landing-zones",
            values: &["standard", "optional"],
            help: "11.3 Optional British Landing Zones: turn 3 and 6 reinforcements in any landing zone",
        },
        OptionInfo::switch(
            "final-fire",
            "12.4 British Final Fire after each turn's actions (Patriot solitaire only): the rulebook names it without \
             defining it, so it is off by default (ruling bh #25); on plays the reconstruction of ruling bh #29",
        ),
        revroad::sheet::BOT_OPTION,
    ],
    rules_version: "bh-6",
    data_files: &["regions.tsv", "borders.tsv", "zones.tsv", "vp.tsv", "drawing.tsv", "los.tsv", "cards.tsv"],
};

pub fn info() -> &'static TitleInfo {
    &INFO
}

/// Every reconstructed data item with its reasoning, and the cards used.
pub fn provenance() -> Vec<(String, String)> {
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
/// found in `dir` replace the reconstructed ones; all are checked before
/// any is used, and on error nothing changes.
pub fn use_data_dir(dir: &std::path::Path) -> Result<(), String> {
    let map = map::read_data_dir(dir)?;
    if map.is_some() && map::in_use() {
        return Err("the map is already in use: --data must come before any game is made".into());
    }
    revroad::cards::use_data_dir(dir)?;
    map.map_or(Ok(()), map::install)
}

/// The area map for the browser's generic renderer.
pub fn map_json() -> serde_json::Value {
    map::Map::get().to_json()
}

impl Game for Bh {
    type Action = Action;

    engine::state_accessors!();
    engine::procedure_methods!();
    engine::title_methods!();

    fn new(setup: &Setup) -> Self {
        Bh::start(setup)
    }

    fn prompt(&self, _seat: Seat) -> Prompt {
        self.prompt_for()
    }

    /// VP margin, hill control, morale (see `view::score`).
    fn evaluate(&self, seat: Seat) -> f64 {
        self.score(seat)
    }
}
