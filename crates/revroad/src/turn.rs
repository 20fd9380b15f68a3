//! 5.0 Turn Sequence, alike in both games: who performs the first Action.

use crate::{BRITISH, PATRIOT};
use engine::{Dice, Log, Seat};

/// 5.2 Perform Actions: the side with more Actions (`[british, patriot]`)
/// goes first; on a tie one die decides, even the Patriots and odd the
/// British.
pub fn first_to_act(actions: [u8; 2], dice: &mut Dice, log: &mut Log) -> Seat {
    let [b, p] = actions;
    if b != p {
        return if b > p { BRITISH } else { PATRIOT };
    }
    let d = dice.d6();
    let side = if d.is_multiple_of(2) { PATRIOT } else { BRITISH };
    log.roll("5.2", &[d], || {
        format!(
            "Equal Actions: rolls {d}, even for the Patriots, odd for the British: {} act first.",
            crate::log::the_side(side)
        )
    });
    side
}

#[cfg(test)]
mod tests {
    use super::*;

    fn first(actions: [u8; 2], die: Option<u8>) -> (Seat, Vec<u8>, u64) {
        let mut dice = Dice::seeded(3);
        dice.script(die);
        let mut log = Log::default();
        let s = first_to_act(actions, &mut dice, &mut log);
        let rolled = log.visible(None).flat_map(|e| e.dice.clone()).collect();
        (s, rolled, dice.events())
    }

    // rule: b2c 5.2
    // rule: bh 5.2
    #[test]
    fn more_actions_go_first_without_a_die() {
        assert_eq!(first([3, 2], None), (BRITISH, vec![], 0));
        assert_eq!(first([1, 4], None), (PATRIOT, vec![], 0));
    }

    // rule: b2c 5.2
    // rule: bh 5.2
    #[test]
    fn a_tie_is_rolled_for_even_patriot_odd_british() {
        for d in 1..=6 {
            let side = if d % 2 == 0 { PATRIOT } else { BRITISH };
            assert_eq!(first([3, 3], Some(d)), (side, vec![d], 1), "die {d}");
        }
    }
}
