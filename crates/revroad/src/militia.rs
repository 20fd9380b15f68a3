//! b2c 4.1 The Militia Draw Pool: hidden militia values are drawn from it
//! when a unit's strength must be known (bh follows the same rule, bh ruling 9).

use engine::Dice;
use serde::{Deserialize, Serialize};

/// Numbered militia units not on the map, by strength 0, 1 and 2.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MilitiaPool {
    pub counts: [u8; 3],
}

impl MilitiaPool {
    /// b2c 15.1 "21 numbered Patriot Militia units (5-zeros, 11-ones, 5 twos)".
    pub const B2C: MilitiaPool = MilitiaPool { counts: [5, 11, 5] };

    pub fn total(&self) -> usize {
        self.counts.iter().map(|&c| c as usize).sum()
    }

    /// Draw one unit at random; `None` when the pool is empty (b2c ruling
    /// 25: the hidden marker is then removed without a unit).
    pub fn draw(&mut self, dice: &mut Dice) -> Option<u8> {
        let total = self.total();
        if total == 0 {
            return None;
        }
        let mut i = dice.pick(total);
        for (strength, c) in self.counts.iter_mut().enumerate() {
            if i < *c as usize {
                *c -= 1;
                return Some(strength as u8);
            }
            i -= *c as usize;
        }
        unreachable!("index below the total falls in one of the counts")
    }

    /// Take a unit of known strength out of the pool (set-ups that place
    /// drawn units, tests). Errs when none of that strength is left.
    pub fn take(&mut self, strength: u8) -> Result<(), String> {
        match self.counts.get_mut(strength as usize) {
            Some(c) if *c > 0 => {
                *c -= 1;
                Ok(())
            }
            _ => Err(format!("no militia of strength {strength} left in the pool")),
        }
    }
}
