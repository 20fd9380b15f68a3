//! Where the server asks a bot for a move.
//!
//! Choosing is split in two so that the game's lock is held only for the
//! cheap part: [`prepare`] (under the lock: the seat's legal actions or a
//! save of the game) and [`Thought::choose`] (without it, on a blocking
//! worker of [`crate::games::Bots`]: the tree search is CPU-heavy).

use engine::{AnyGame, SaveFile};
use rand::Rng;

/// What a bot needs to choose a move away from the game.
pub enum Thought {
    /// The uniformly random bot: one of these action ids.
    Random(Vec<String>),
    /// An AI level of `crates/ai` over a save of the game.
    Ai {
        save: Box<SaveFile>,
        seat: String,
        spec: ai::BotSpec,
        entry: ai::AiEntry,
    },
}

/// What the computer needs to choose for `seat` now, or `None` if it has no
/// legal action.
///
/// `level` None is the uniformly random bot; otherwise an AI level of
/// `crates/ai` ("easy", "normal", "hard", "greedy"), which is given the seat's
/// legal actions and a sampler of hidden information, never the true state.
pub fn prepare(game: &dyn AnyGame, seat: &str, level: Option<&str>) -> Option<Thought> {
    let legal = game.legal(seat).ok()?;
    if legal.is_empty() {
        return None;
    }
    let ai = level.and_then(|l| {
        let spec = if l == "greedy" {
            l.to_string()
        } else {
            format!("ismcts:{l}")
        };
        Some((catalog::ai(game.info().key)?, ai::BotSpec::parse(&spec).ok()?))
    });
    Some(match ai {
        Some((entry, spec)) => Thought::Ai {
            save: Box::new(game.save()),
            seat: seat.to_string(),
            spec,
            entry,
        },
        None => Thought::Random(legal.into_iter().map(|a| a.id).collect()),
    })
}

impl Thought {
    /// The action id chosen (CPU-heavy for the AI levels).
    pub fn choose(self, rng: &mut impl Rng) -> Option<String> {
        match self {
            Thought::Random(ids) => Some(ids[rng.gen_range(0..ids.len())].clone()),
            Thought::Ai {
                save,
                seat,
                spec,
                entry,
            } => (entry.choose)(&save, &seat, &spec, rng.gen(), 2).ok(),
        }
    }
}

/// 29.3 Concession (FIW): whether the computer playing `seat` accepts the
/// draw another seat offers: when it judges its position worse than a draw,
/// on average over worlds sampled from what the seat may know
/// ([`ai::judge`]: never the true state, so its answer tells nothing
/// hidden). It declines in a title without bots.
pub fn accepts_draw(game: &dyn AnyGame, seat: &str, rng: &mut impl Rng) -> bool {
    let Some(entry) = catalog::ai(game.info().key) else {
        return false;
    };
    (entry.judge)(&game.save(), seat, rng.gen()).is_ok_and(|v| v < ai::DRAW)
}
