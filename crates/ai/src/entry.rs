//! The bots and the simulator for callers that hold games type-erased (the
//! CLI, the server): function pointers made for one title's type.

use crate::sim::{simulate, Progress, SimConfig, SimResults};
use crate::timing::{time_decisions, Timing};
use crate::{BotSpec, Observation};
use engine::{Game, SaveFile, Seat, Setup};

#[derive(Clone, Copy)]
pub struct AiEntry {
    /// The id of the action the bot chooses for `seat` in the saved game's
    /// current state (`seed` for reproducibility, `trees` for root parallelism).
    pub choose: fn(save: &SaveFile, seat: &str, bot: &BotSpec, seed: u64, trees: usize) -> Result<String, String>,
    /// [`crate::judge`] of the saved game's current state by `seat`
    /// ([`crate::JUDGE_WORLDS`] worlds from `seed`): whether a bot takes a
    /// draw.
    pub judge: fn(save: &SaveFile, seat: &str, seed: u64) -> Result<f64, String>,
    pub simulate: fn(cfg: &SimConfig, progress: Progress) -> Result<SimResults, String>,
    /// Decision times of a bot in every seat: (setup, bot, games, trees, most decisions).
    pub timing: fn(setup: &Setup, bot: &BotSpec, games: usize, trees: usize, most: usize) -> Result<Timing, String>,
}

impl AiEntry {
    pub fn of<G: Game>() -> Self {
        AiEntry {
            choose: choose::<G>,
            judge: judge::<G>,
            simulate: simulate::<G>,
            timing: time_decisions::<G>,
        }
    }
}

/// The saved game's state and the seat named.
fn state_of<G: Game>(save: &SaveFile, seat: &str) -> Result<(G, Seat), String> {
    let info = G::info();
    if save.title != info.key {
        return Err(format!("this save is for '{}', not '{}'", save.title, info.key));
    }
    let s = info.seat(seat).ok_or_else(|| format!("unknown seat '{seat}'"))?;
    let game: G = serde_json::from_value(save.state.clone()).map_err(|e| e.to_string())?;
    Ok((game, s))
}

fn judge<G: Game>(save: &SaveFile, seat: &str, seed: u64) -> Result<f64, String> {
    let (game, s) = state_of::<G>(save, seat)?;
    Ok(crate::judge(&game, s, crate::JUDGE_WORLDS, seed))
}

fn choose<G: Game>(save: &SaveFile, seat: &str, bot: &BotSpec, seed: u64, trees: usize) -> Result<String, String> {
    let (game, s) = state_of::<G>(save, seat)?;
    if game.outcome().is_some() || !game.to_act().contains(s) {
        return Err(format!("{seat} need not act now"));
    }
    let obs = Observation::new(&game, s);
    let a = bot.choose(&obs, seed, trees);
    Ok(game.describe(s, &a).id)
}
