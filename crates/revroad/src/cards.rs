//! b2c 2.0, 5.1 / bh 5.1 The Revolution Road cards and the draw deck.

use engine::Dice;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::OnceLock;

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

/// Parse a cards table: `number british patriot hash provenance`, tab
/// separated, `#` comments. Errors name the line.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, String> {
    let mut cards = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        let num = |k: usize, max: u8| -> Result<u8, String> {
            let v: u8 = f
                .get(k)
                .and_then(|s| s.trim().parse().ok())
                .ok_or_else(|| format!("cards line {}: field {} is not a number", i + 1, k + 1))?;
            if v > max {
                return Err(format!("cards line {}: field {} is {v}, more than {max}", i + 1, k + 1));
            }
            Ok(v)
        };
        let card = Card {
            number: num(0, 99)?,
            british: num(1, 5)?,
            patriot: num(2, 5)?,
            hash: num(3, 9)?,
            provenance: f.get(4).unwrap_or(&"").trim().to_string(),
        };
        if cards.iter().any(|c: &Card| c.number == card.number) {
            return Err(format!("cards line {}: card {} appears twice", i + 1, card.number));
        }
        cards.push(card);
    }
    if cards.is_empty() {
        return Err("cards: no cards".into());
    }
    Ok(cards)
}

static CARDS: OnceLock<Vec<Card>> = OnceLock::new();

/// The 22 cards (reconstructed: see data/cards.tsv for the reasoning), or
/// those of `--data` (see [`use_data_dir`]).
pub fn cards() -> &'static [Card] {
    CARDS.get_or_init(|| parse_cards(CARDS_TSV).expect("embedded cards.tsv is valid"))
}

/// `--data DIR`: a `cards.tsv` in `dir` (a printed deck's values) replaces
/// the reconstructed cards for both games. It must keep the card numbers
/// the scenarios use (1-22). A folder without one changes nothing; two
/// different decks are refused, as is a deck given after a game was made.
pub fn use_data_dir(dir: &Path) -> Result<(), String> {
    let path = dir.join("cards.tsv");
    let Ok(text) = std::fs::read_to_string(&path) else {
        return Ok(());
    };
    let deck = parse_cards(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    for n in 1..=22u8 {
        if !deck.iter().any(|c| c.number == n) {
            return Err(format!("{}: card {n} is missing (2.0: 22 cards)", path.display()));
        }
    }
    match CARDS.get() {
        Some(d) if *d == deck => Ok(()),
        Some(_) => Err(format!(
            "{}: the cards are already in use (another cards.tsv, or a game already made)",
            path.display()
        )),
        None => CARDS.set(deck).map_err(|_| "the cards are already in use".to_string()),
    }
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
