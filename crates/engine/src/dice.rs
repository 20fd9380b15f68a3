//! Dice and other chance: a seeded generator kept in the game state, and a
//! script (a queue of given results) for tests and for referee mode, where the
//! dice and the draws of a physical game are entered by hand.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Dice {
    #[serde(with = "rng_state")]
    rng: ChaCha8Rng,
    script: VecDeque<u8>,
    /// Scripted draws, by the drawn thing's name (a block id, a card number).
    #[serde(default, skip_serializing_if = "VecDeque::is_empty")]
    draws: VecDeque<String>,
    /// A scripted draw that named nothing that could be drawn; the session
    /// refuses the action that made it.
    #[serde(skip)]
    misdrawn: Option<String>,
    /// Rolls, shuffles, draws and reveals so far: the undo barrier counter.
    events: u64,
}

impl Dice {
    pub fn seeded(seed: u64) -> Self {
        Dice {
            rng: ChaCha8Rng::seed_from_u64(seed),
            script: VecDeque::new(),
            draws: VecDeque::new(),
            misdrawn: None,
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

    /// Uniform index below `n` (a random choice no player makes, never
    /// scripted: a bot sheet's tie, a defender picked at random).
    pub fn pick(&mut self, n: usize) -> usize {
        self.events += 1;
        self.rng.gen_range(0..n)
    }

    /// Queue given draws, by name; each is used by the next draw, in order.
    pub fn script_draws(&mut self, names: impl IntoIterator<Item = String>) {
        self.draws.extend(names);
    }

    pub fn scripted_draws_left(&self) -> usize {
        self.draws.len()
    }

    /// A blind draw of one of `n` things (a block from a pool, a leader
    /// from a cup), `is(i, name)` telling whether thing `i` has that name:
    /// the next scripted draw when there is one, else one at random.
    pub fn draw(&mut self, n: usize, is: impl Fn(usize, &str) -> bool) -> usize {
        match self.scripted_draw(n, is) {
            Some(i) => {
                self.events += 1;
                i
            }
            None => self.pick(n),
        }
    }

    /// The next scripted draw among `n` things, if one is scripted: for a
    /// deck already shuffled, whose drawn card is put on top (the draw
    /// itself is the title's event: a reveal). A name that is none of them
    /// is kept as a misdraw, for the session to refuse the action.
    pub fn scripted_draw(&mut self, n: usize, is: impl Fn(usize, &str) -> bool) -> Option<usize> {
        let want = self.draws.pop_front()?;
        let found = (0..n).find(|&i| is(i, &want));
        if found.is_none() {
            self.misdrawn.get_or_insert(want);
        }
        found
    }

    /// A scripted draw that named nothing drawable, and clears it.
    pub fn take_misdraw(&mut self) -> Option<String> {
        self.misdrawn.take()
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
        self.draws.clear();
    }
}

/// The generator as rand_chacha writes it (seed, stream, word position),
/// with the word position as a u64: a game state is flattened into its
/// title's JSON (`Core`), and serde's flattening cannot carry a u128. The
/// text is the same as rand_chacha's for every position below 2^64 words,
/// which no game reaches (a billion rolls a second for 500 years), so save
/// files written before read the same.
mod rng_state {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    struct State {
        seed: [u8; 32],
        stream: u64,
        word_pos: u64,
    }

    pub fn serialize<S: Serializer>(rng: &ChaCha8Rng, s: S) -> Result<S::Ok, S::Error> {
        let word_pos = u64::try_from(rng.get_word_pos()).map_err(serde::ser::Error::custom)?;
        State {
            seed: rng.get_seed(),
            stream: rng.get_stream(),
            word_pos,
        }
        .serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<ChaCha8Rng, D::Error> {
        let st = State::deserialize(d)?;
        let mut rng = ChaCha8Rng::from_seed(st.seed);
        rng.set_stream(st.stream);
        rng.set_word_pos(u128::from(st.word_pos));
        Ok(rng)
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

    /// Save files written with rand_chacha's own format read the same.
    #[test]
    fn the_generator_is_written_as_rand_chacha_writes_it() {
        let mut d = Dice::seeded(11);
        (0..1000).for_each(|_| {
            d.d6();
        });
        let ours = serde_json::to_value(&d).unwrap();
        assert_eq!(ours["rng"], serde_json::to_value(&d.rng).unwrap());
        let mut back: Dice = serde_json::from_value(ours).unwrap();
        let next: Vec<u8> = (0..50).map(|_| d.d6()).collect();
        assert_eq!(next, (0..50).map(|_| back.d6()).collect::<Vec<_>>());
    }

    #[test]
    fn scripted_draws_come_first_and_a_wrong_name_is_a_misdraw() {
        let names = ["a", "b", "c"];
        let mut d = Dice::seeded(3);
        d.script_draws(["c".to_string(), "z".to_string()]);
        assert_eq!(d.draw(3, |i, w| names[i] == w), 2);
        assert_eq!(d.take_misdraw(), None);
        // "z" names nothing: a random draw, and the misdraw is kept.
        assert!(d.draw(3, |i, w| names[i] == w) < 3);
        assert_eq!(d.take_misdraw().as_deref(), Some("z"));
        assert_eq!(d.scripted_draw(3, |i, w| names[i] == w), None, "nothing scripted");
        assert_eq!(d.events(), 2);
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
