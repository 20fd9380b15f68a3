use engine::table::Table;
use engine::Dice;
use revroad::{cards, Deck, MilitiaPool};

// rule: b2c 2.0
#[test]
fn twenty_two_cards_and_the_deck_reshuffles_its_discards() {
    assert_eq!(cards::cards().len(), 22);
    let mut dice = Dice::seeded(7);
    let mut deck = Deck::shuffled((1..=22).collect(), &mut dice);
    let mut seen: Vec<u8> = (0..22).map(|_| deck.draw(&mut dice).number).collect();
    seen.sort();
    assert_eq!(seen, (1..=22).collect::<Vec<u8>>());
    assert!(deck.draw.is_empty());
    // The next draw reshuffles the discard pile into the draw pile.
    deck.draw(&mut dice);
    assert_eq!(deck.draw.len() + deck.discard.len(), 22);
    assert_eq!(deck.discard.len(), 1);
}

// rule: b2c 6.14
#[test]
fn peek_shows_the_next_cards_in_order() {
    let mut dice = Dice::seeded(1);
    let mut deck = Deck {
        draw: vec![5, 9, 1],
        discard: vec![],
    };
    assert_eq!(deck.peek(2), &[5, 9]);
    assert_eq!(deck.draw(&mut dice).number, 5);
    assert_eq!(deck.peek(2), &[9, 1]);
    deck.resample(1, &mut dice);
    assert_eq!(deck.draw[0], 9);
}

// rule: b2c 4.1
#[test]
fn militia_pool_draws_every_unit_once() {
    let mut dice = Dice::seeded(3);
    let mut pool = MilitiaPool::B2C;
    let mut got = [0u8; 3];
    while let Some(s) = pool.draw(&mut dice) {
        got[s as usize] += 1;
    }
    assert_eq!(got, [5, 11, 5]);
    assert_eq!(pool.draw(&mut dice), None);
    assert!(pool.take(1).is_err());
}

#[test]
fn a_bad_cards_table_is_refused_with_its_line() {
    let parse = |text: &str| {
        let table = Table::parse("cards.tsv", text, &["number", "british", "patriot", "hash"])?;
        cards::parse_cards(&table)
    };
    let head = "number\tbritish\tpatriot\thash\tprovenance\n";
    let e = parse(&format!("{head}1\t3\t9\t0\tx")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "cards.tsv line 2, column 'patriot': expected a number from 0 to 5, found '9'"
    );
    let e = parse(&format!("{head}1\t3\t3\t0\tx\n1\t2\t2\t0\ty")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "cards.tsv line 3, column 'number': expected each card number once, found '1'"
    );
    let e = parse(&format!("# a comment\n{head}")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "cards.tsv: expected a row for card 1 (2.0: 22 cards), found none"
    );
    let e = parse("# only a comment\n").unwrap_err().to_string();
    assert!(e.contains("a header row"), "{e}");
}

/// A title whose saves once wrote 9 for a destroyed piece.
enum Places {}

impl revroad::board::OffMap for Places {
    const NAMES: &'static [(u8, &'static str)] = &[
        (revroad::board::WAITING, "waiting"),
        (revroad::board::DESTROYED, "destroyed"),
    ];
    const OLD_NUMBERS: &'static [(u8, u8)] = &[(9, revroad::board::DESTROYED)];
}

#[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
struct Piece {
    #[serde(
        serialize_with = "revroad::board::save_place::<Places, _>",
        deserialize_with = "revroad::board::load_place::<Places, _>"
    )]
    loc: u8,
}

#[test]
fn saves_name_the_places_off_the_map_and_read_old_numbers() {
    use revroad::board::{DESTROYED, WAITING};
    let json = |loc| serde_json::to_string(&Piece { loc }).unwrap();
    let read = |s: &str| serde_json::from_str::<Piece>(s).map(|p| p.loc);
    assert_eq!(json(3), r#"{"loc":3}"#);
    assert_eq!(json(WAITING), r#"{"loc":"waiting"}"#);
    assert_eq!(json(DESTROYED), r#"{"loc":"destroyed"}"#);
    assert_eq!(read(r#"{"loc":"destroyed"}"#).unwrap(), DESTROYED);
    assert_eq!(read(r#"{"loc":"waiting"}"#).unwrap(), WAITING);
    assert_eq!(read(r#"{"loc":9}"#).unwrap(), DESTROYED, "an old number");
    assert_eq!(read(r#"{"loc":3}"#).unwrap(), 3);
    assert!(read(r#"{"loc":"lost"}"#).is_err());
    assert!(read(r#"{"loc":300}"#).is_err());
}
