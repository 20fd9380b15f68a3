//! Dice and other chance: a seeded generator kept in the game state, and a
//! script (a queue of given results) for tests and for referee mode, where the
//! dice of a physical game are entered by hand.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Dice {
    rng: ChaCha8Rng,
    script: VecDeque<u8>,
    /// Rolls, shuffles, draws and reveals so far: the undo barrier counter.
    events: u64,
}

impl Dice {
    pub fn seeded(seed: u64) -> Self {
        Dice {
            rng: ChaCha8Rng::seed_from_u64(seed),
            script: VecDeque::new(),
            events: 0,
        }
    }

    /// Queue given results; they are used before the generator, in order.
    pub fn script(&mut self, rolls: impl IntoIterator<Item = u8>) {
        self.script.extend(rolls);
    }

    pub fn scripted_left(&self) -> usize {
        self.script.len()
    }

    /// One die with `sides` faces, 1..=sides. A scripted value out of range
    /// is clamped into it (the CLI validates scripted dice before queueing).
    pub fn roll(&mut self, sides: u8) -> u8 {
        self.events += 1;
        match self.script.pop_front() {
            Some(v) => v.clamp(1, sides),
            None => self.rng.gen_range(1..=sides),
        }
    }

    pub fn d6(&mut self) -> u8 {
        self.roll(6)
    }

    /// Shuffle a deck, a pool or a cup (never scripted: tests set decks directly).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        self.events += 1;
        for i in (1..items.len()).rev() {
            let j = self.rng.gen_range(0..=i);
            items.swap(i, j);
        }
    }

    /// Uniform index below `n` (a blind draw from a cup or pool of `n`).
    pub fn pick(&mut self, n: usize) -> usize {
        self.events += 1;
        self.rng.gen_range(0..n)
    }

    /// Record that hidden information was revealed (an undo barrier).
    pub fn reveal(&mut self) {
        self.events += 1;
    }

    pub fn events(&self) -> u64 {
        self.events
    }

    /// Replace the generator with a fresh one, so that a sampled world cannot
    /// foresee the true game's future dice (determinization for the AI).
    pub fn reseed(&mut self, rng: &mut impl Rng) {
        self.rng = ChaCha8Rng::seed_from_u64(rng.gen());
        self.script.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_comes_first_then_seeded_rolls_repeat() {
        let mut a = Dice::seeded(7);
        a.script([3, 5]);
        assert_eq!((a.d6(), a.d6()), (3, 5));
        let mut b = Dice::seeded(7);
        let rest_a: Vec<u8> = (0..20).map(|_| a.d6()).collect();
        let rest_b: Vec<u8> = (0..20).map(|_| b.d6()).collect();
        assert_eq!(rest_a, rest_b);
        assert!(rest_a.iter().all(|&r| (1..=6).contains(&r)));
        assert_eq!(a.events(), 22);
    }

    #[test]
    fn reseed_changes_future_and_drops_script() {
        let mut a = Dice::seeded(1);
        let mut b = a.clone();
        b.script([6, 6, 6]);
        b.reseed(&mut ChaCha8Rng::seed_from_u64(99));
        assert_eq!(b.scripted_left(), 0);
        let ra: Vec<u8> = (0..30).map(|_| a.d6()).collect();
        let rb: Vec<u8> = (0..30).map(|_| b.d6()).collect();
        assert_ne!(ra, rb);
    }
}
