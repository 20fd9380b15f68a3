//! A small title for testing callers of the engine (the engine's own tests,
//! the bots): two seats each hold a secret number from 1 to 6, take turns
//! adding 1 or 2 to a pending count (several steps before rolling), then roll
//! a die: at or above their secret, the pending count is banked. The first to
//! 12 banked wins, clearly when 6 ahead, else narrowly (victory levels). The
//! opponent's secret is the hidden information, and `determinize` resamples it
//! from the generator alone (a canonical sampler), so two states a seat cannot
//! tell apart give it identical observations.
//! Built only with the `testkit` feature, with two more test titles:
//! [`muster`] (secret commitments built by both seats at once) and [`raid`]
//! (reaction windows inside a move).

pub mod muster;
pub mod raid;

use crate::{
    ActionInfo, Board, Core, Describe, Fact, Game, OptionInfo, Procedure, Prompt, ScenarioInfo, Seat, SeatSet, Setup,
    Stage, Title, TitleInfo, Viewer, Views,
};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use serde_json::json;

/// The one scenario of each test title.
const STANDARD: &[ScenarioInfo] = &[ScenarioInfo {
    key: "std",
    name: "Standard",
    rule: "1",
    solo: None,
}];

/// `seat`'s share of the two seats' scores, even at 0 to 0: how each test
/// title evaluates a position.
fn share(scores: [u8; 2], seat: Seat) -> f64 {
    let [a, b] = scores.map(f64::from);
    (f64::from(scores[seat as usize]) + 1.0) / (a + b + 2.0)
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Toy {
    pub turn: Seat,
    pub secret: [u8; 2],
    pub pending: u8,
    pub banked: [u8; 2],
    /// The planted faults of options `leak` and `idle` (for the harness's
    /// own tests).
    pub leak: bool,
    #[serde(default)]
    pub idle: bool,
    #[serde(flatten)]
    pub core: Core,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Act {
    Add(u8),
    Roll,
}

static INFO: TitleInfo = TitleInfo {
    key: "toy",
    name: "Toy",
    seats: &["north", "south"],
    scenarios: STANDARD,
    options: &[
        OptionInfo {
            key: "goal",
            values: &["12", "20"],
            help: "points to win",
            needs: &[],
        },
        OptionInfo::switch(
            "leak",
            "a planted fault: adding tells the seat the other's secret, yet can be undone",
        ),
        OptionInfo::switch(
            "idle",
            "a planted fault: adding 0 is offered, which changes nothing, so a seat may go round in circles",
        ),
    ],
    rules_version: "toy-1",
    data_files: &["toy.tsv"],
    victory_levels: &["narrow", "clear"],
    agreed_draw: None,
};

impl Title for Toy {
    fn info() -> &'static TitleInfo {
        &INFO
    }
}

impl Procedure for Toy {
    type Action = Act;

    fn acting(&self) -> SeatSet {
        SeatSet::one(self.turn)
    }
    fn prompt(&self, _seat: Seat) -> Prompt {
        Prompt {
            text: "add or roll".into(),
            rule: "1".into(),
        }
    }
    fn legal_for(&self, _seat: Seat, out: &mut Vec<Act>) {
        if self.pending < 4 {
            out.extend([Act::Add(1), Act::Add(2)]);
            if self.idle {
                out.push(Act::Add(0));
            }
        }
        out.push(Act::Roll);
    }
    fn perform(&mut self, seat: Seat, a: Act) {
        let core = &mut self.core;
        match a {
            Act::Add(n) => {
                self.pending += n;
                core.log.tell(seat, "1", || format!("pending {}", self.pending));
                if self.leak {
                    let other = self.secret[1 - seat as usize];
                    core.log.tell(seat, "1", || format!("the other secret is {other}"));
                }
            }
            Act::Roll => {
                let r = core.dice.d6();
                let gain = if r >= self.secret[seat as usize] {
                    self.pending
                } else {
                    0
                };
                self.banked[seat as usize] += gain;
                core.log.roll("2", &[r], || format!("banks {gain}"));
                self.pending = 0;
                self.turn = 1 - seat;
                if self.banked[seat as usize] >= 12 {
                    // 6 points ahead or more is a clear win, else a narrow one.
                    let lead = self.banked[seat as usize].saturating_sub(self.banked[1 - seat as usize]);
                    let level = if lead >= 6 { "clear" } else { "narrow" };
                    core.finish_at(Some(seat), level, "12 points", "3");
                }
            }
        }
    }
}

impl Describe for Toy {
    fn describe(&self, _seat: Seat, a: &Act) -> ActionInfo {
        let id = match a {
            Act::Add(n) => format!("add-{n}"),
            Act::Roll => "roll".into(),
        };
        ActionInfo {
            label: id.clone(),
            id,
            target: None,
            warning: None,
            irreversible: matches!(a, Act::Roll),
            group: None,
        }
    }
}

impl Views for Toy {
    fn view(&self, viewer: Viewer) -> serde_json::Value {
        let Stage { turn, phase } = self.stage();
        let banked = Fact::new("Banked", format!("{} to {}", self.banked[0], self.banked[1]), "3");
        let facts = [turn, phase, banked];
        json!({"banked": self.banked, "pending": self.pending, "secret": viewer.map(|v| self.secret[v as usize]),
               "facts": facts, "board": Board::default()})
    }
    /// A turn is one seat's, its phases how much it has at stake.
    fn stage(&self) -> Stage {
        let name = Self::info().seat_name(self.turn);
        Stage {
            turn: Fact::new("Turn", name, "1"),
            phase: Fact::new("Pending", self.pending.to_string(), "1"),
        }
    }
    fn determinize(&self, observer: Seat, rng: &mut ChaCha8Rng) -> Self {
        let mut g = self.clone();
        g.secret[1 - observer as usize] = rng.gen_range(1..=6);
        g.core.dice.reseed(rng);
        g.core.log.keep_visible(Some(observer));
        g
    }
}

impl Game for Toy {
    fn new(setup: &Setup) -> Self {
        let mut core = Core::new(setup);
        let secret = [core.dice.d6(), core.dice.d6()];
        Toy {
            turn: 0,
            secret,
            pending: 0,
            banked: [0, 0],
            leak: setup.flag("leak"),
            idle: setup.flag("idle"),
            core,
        }
    }
    fn core(&self) -> &Core {
        &self.core
    }
    fn core_mut(&mut self) -> &mut Core {
        &mut self.core
    }
    fn evaluate(&self, seat: Seat) -> f64 {
        share(self.banked, seat)
    }
    fn check(&self) -> Result<(), String> {
        if self.secret.iter().all(|s| (1..=6).contains(s)) {
            Ok(())
        } else {
            Err("secret out of range".into())
        }
    }
}
