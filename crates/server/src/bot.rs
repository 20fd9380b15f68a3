//! Where the server asks a bot for a move.
//!
//! Choosing is split in two so that the game's lock is held only for the
//! cheap part: [`prepare`] (under the lock: the seat's legal actions or a
//! save of the game) and [`Thought::choose`] (without it, on a blocking
//! worker of [`crate::games::Bots`]: the tree search is CPU-heavy).

use engine::{AnyGame, SaveFile};
use rand::Rng;
use std::time::Duration;

/// The longest a computer seat thinks for a move of a game of computers
/// only, which nobody waits for (`computer:hard` may think 10 s where a
/// person does): such a game holds its worker briefly.
pub const WATCHED_THINK: Duration = Duration::from_secs(2);

/// The search trees of a move a person waits for, on rayon's pool (one per
/// core here). A computers-only game's move grows one, on its own blocking
/// thread: rayon's few threads, once taken by such a search for seconds,
/// would keep a person's search waiting for them.
const TREES: usize = 2;

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
        trees: usize,
    },
}

/// What the computer needs to choose for `seat` now, or `None` if it has no
/// legal action.
///
/// `level` None is the uniformly random bot; otherwise an AI level of
/// `crates/ai` ("easy", "normal", "hard", "greedy"), which is given the seat's
/// legal actions and a sampler of hidden information, never the true state.
/// In a game of computers only (`watched`) the search thinks at most
/// [`WATCHED_THINK`], on one tree.
pub fn prepare(game: &dyn AnyGame, seat: &str, level: Option<&str>, watched: bool) -> Option<Thought> {
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
        Some((entry, mut spec)) => {
            if let (true, ai::BotSpec::Ismcts { budget, .. }) = (watched, &mut spec) {
                budget.max_time = budget.max_time.min(WATCHED_THINK);
            }
            Thought::Ai {
                save: Box::new(game.save()),
                seat: seat.to_string(),
                spec,
                entry,
                trees: if watched { 1 } else { TREES },
            }
        }
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
                trees,
            } => (entry.choose)(&save, &seat, &spec, rng.gen(), trees).ok(),
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Audit 6: a `computer:hard` move of a computers-only game thinks 2 s
    /// at most, on one tree; a person's opponent keeps its 10 s and trees.
    #[test]
    fn a_computers_only_game_thinks_briefly_on_one_tree() {
        let (entry, scenario) = catalog::scenario("liberty/1775").unwrap();
        let setup = engine::Setup {
            scenario,
            options: Default::default(),
            seed: 3,
            draws: Vec::new(),
        };
        let game = (entry.new)(setup).unwrap();
        let seat = game.to_act()[0];
        let think = |watched| match prepare(&*game, seat, Some("hard"), watched) {
            Some(Thought::Ai {
                spec: ai::BotSpec::Ismcts { budget, .. },
                trees,
                ..
            }) => (budget.max_time, trees),
            _ => panic!("a tree search"),
        };
        assert_eq!(think(true), (WATCHED_THINK, 1));
        assert_eq!(think(false), (Duration::from_secs(10), TREES));
    }
}
