//! Where the server asks a bot for a move.

use engine::AnyGame;
use rand::Rng;

/// The action id the computer plays for `seat` now, or `None` if it has none.
///
/// `level` None is the uniformly random bot; otherwise an AI level of
/// `crates/ai` ("easy", "normal", "hard", "greedy"), which is given the seat's
/// legal actions and a sampler of hidden information, never the true state.
pub fn choose_action(game: &dyn AnyGame, seat: &str, level: Option<&str>, rng: &mut impl Rng) -> Option<String> {
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
    match ai {
        Some((entry, spec)) => (entry.choose)(&game.save(), seat, &spec, rng.gen(), 2).ok(),
        None => Some(legal[rng.gen_range(0..legal.len())].id.clone()),
    }
}
