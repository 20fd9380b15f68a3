//! b2c 2.0, 5.1 / bh 5.1 The Revolution Road cards and the draw deck.

use engine::data::{self, Loaded, Staged};
use engine::table::{self, Table, TableError};
use engine::Dice;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// One card: each side's actions for the turn and the hash marks in the
/// black oval (the random result of b2c 8.1/8.2; ignored in Bunker Hill).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Card {
    pub number: u8,
    pub british: u8,
    pub patriot: u8,
    pub hash: u8,
    pub provenance: String,
}

const CARDS_TSV: &str = include_str!("../data/cards.tsv");

/// The deck's file, shared by both games.
pub const FILE: &str = "cards.tsv";
const COLUMNS: &[&str] = &["number", "british", "patriot", "hash"];

/// The cards of a table with the columns `number british patriot hash` and
/// a reason column. 2.0: the deck must keep the card numbers the scenarios
/// use (1-22).
pub fn parse_cards(table: &Table) -> Result<Vec<Card>, TableError> {
    let mut cards: Vec<Card> = Vec::new();
    for row in table.rows() {
        let card = Card {
            number: row.range("number", 0..=99)?,
            british: row.range("british", 0..=5)?,
            patriot: row.range("patriot", 0..=5)?,
            hash: row.range("hash", 0..=9)?,
            provenance: row.reason().to_string(),
        };
        if cards.iter().any(|c| c.number == card.number) {
            return Err(row.error("number", "each card number once"));
        }
        cards.push(card);
    }
    if let Some(n) = (1..=22u8).find(|&n| !cards.iter().any(|c| c.number == n)) {
        return Err(table.error(format!("a row for card {n} (2.0: 22 cards)"), "none"));
    }
    Ok(cards)
}

/// The deck from `cards.tsv` in `dir` (the `--data` folder), else the
/// embedded one.
pub fn read(dir: Option<&Path>) -> Result<Vec<Card>, TableError> {
    parse_cards(&table::read(dir, FILE, CARDS_TSV, COLUMNS)?)
}

static CARDS: Loaded<Vec<Card>> = Loaded::new("the deck");

/// The 22 cards (reconstructed: see data/cards.tsv for the reasoning), or
/// those of `--data` (see [`read_data_dir`]).
pub fn cards() -> &'static [Card] {
    CARDS.get(|| read(None).expect("embedded cards.tsv is valid"))
}

/// `--data DIR`: a `cards.tsv` in `dir` (a printed deck's values) replaces
/// the reconstructed cards for both games, once installed. A folder without
/// one changes nothing, and nor does the deck in use given again (both
/// games read the same folder); another deck once one is in use is refused.
pub fn read_data_dir(dir: &Path) -> Result<Staged<Vec<Card>>, String> {
    if !data::overrides(dir, &[FILE]) {
        return CARDS.stage(None);
    }
    let deck = read(Some(dir)).map_err(|e| e.to_string())?;
    let fresh = CARDS.current() != Some(&deck);
    CARDS.stage(fresh.then_some(deck))
}

/// The card with this number. Panics on a number not in the table: decks
/// are built only from the table's numbers.
pub fn card(number: u8) -> &'static Card {
    cards()
        .iter()
        .find(|c| c.number == number)
        .expect("card number from the table")
}

/// Reconstructed items for `powderhorn data provenance`.
pub fn provenance() -> Vec<(String, String)> {
    cards()
        .iter()
        .map(|c| {
            (
                format!(
                    "card {}: British {}, Patriot {}, hash marks {}",
                    c.number, c.british, c.patriot, c.hash
                ),
                c.provenance.clone(),
            )
        })
        .collect()
}

/// The draw pile (top first) and the discard pile. The order of the draw
/// pile is hidden from both seats.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deck {
    pub draw: Vec<u8>,
    pub discard: Vec<u8>,
}

impl Deck {
    /// A shuffled deck of these cards.
    pub fn shuffled(numbers: Vec<u8>, dice: &mut Dice) -> Self {
        let mut deck = Deck {
            draw: numbers,
            discard: Vec::new(),
        };
        dice.shuffle(&mut deck.draw);
        deck
    }

    /// b2c 2.0 Draw the top card onto the discard pile; if the draw pile is
    /// empty, the discard pile is reshuffled into it first.
    pub fn draw(&mut self, dice: &mut Dice) -> &'static Card {
        if self.draw.is_empty() {
            self.reshuffle(dice);
        }
        // A referee names the card drawn by its number.
        let pile = &self.draw;
        if let Some(i) = dice.scripted_draw(pile.len(), |i, number| number.parse() == Ok(pile[i])) {
            self.draw.swap(0, i);
        }
        let n = self.draw.remove(0);
        dice.reveal();
        self.discard.push(n);
        card(n)
    }

    fn reshuffle(&mut self, dice: &mut Dice) {
        self.draw.append(&mut self.discard);
        dice.shuffle(&mut self.draw);
    }

    /// The next `n` cards to be drawn, as b2c 6.14 Gather Intelligence
    /// shows them: when fewer remain, the rest come from a reshuffle that
    /// has not happened yet, so only the remaining ones are shown.
    pub fn peek(&self, n: usize) -> &[u8] {
        &self.draw[..n.min(self.draw.len())]
    }

    /// The card last drawn (the turn's card or a search draw).
    pub fn last(&self) -> Option<&'static Card> {
        self.discard.last().map(|&n| card(n))
    }

    /// For a sampled world: reshuffle the draw pile below its top `known`
    /// cards (those a seat has seen stay in place). The unseen cards are put
    /// in order first, so the world depends on the generator and on what the
    /// seat has seen only, never on the true order (a canonical sampler).
    pub fn resample(&mut self, known: usize, dice: &mut Dice) {
        let k = known.min(self.draw.len());
        self.draw[k..].sort_unstable();
        dice.shuffle(&mut self.draw[k..]);
    }
}
