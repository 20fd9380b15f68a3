//! Where the server asks a bot for a move.

use engine::AnyGame;
use rand::Rng;

/// The action id the computer plays for `seat` now, or `None` if it has none.
///
/// Today a uniformly random legal action. This is the single place to plug
/// in the AI of `crates/ai` (which should be given the seat's view and a
/// sampler of hidden information, never the true state).
pub fn choose_action(game: &dyn AnyGame, seat: &str, rng: &mut impl Rng) -> Option<String> {
    let legal = game.legal(seat).ok()?;
    if legal.is_empty() {
        return None;
    }
    Some(legal[rng.gen_range(0..legal.len())].id.clone())
}
