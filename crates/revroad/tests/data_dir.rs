//! `--data DIR` for the Revolution Road cards (a process of its own: the
//! cards, once read, stay for the process).

use revroad::cards;

const HEADER: &str = "number\tbritish\tpatriot\thash\tprovenance\n";

fn deck(numbers: std::ops::RangeInclusive<u8>, row: &str) -> String {
    let rows: String = numbers.map(|n| format!("{n}\t{row}\n")).collect();
    format!("{HEADER}{rows}")
}

#[test]
fn a_printed_deck_replaces_the_cards_and_a_bad_one_changes_nothing() {
    let dir = std::env::temp_dir().join(format!("revroad-cards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("cards.tsv").display().to_string();
    // No cards.tsv: nothing changes.
    cards::read_data_dir(&dir).unwrap().install();
    // A deck missing card 22 is refused.
    std::fs::write(dir.join("cards.tsv"), deck(1..=21, "2\t2\t1\tprinted")).unwrap();
    let e = cards::read_data_dir(&dir).err().unwrap();
    assert_eq!(
        e,
        format!("{path}: expected a row for card 22 (2.0: 22 cards), found none")
    );
    // A bad cell is named by file, line and column.
    let bad = deck(1..=22, "2\t2\t1\tprinted").replace("\n7\t2\t2\t1", "\n7\t2\t6\t1");
    std::fs::write(dir.join("cards.tsv"), bad).unwrap();
    let e = cards::read_data_dir(&dir).err().unwrap();
    assert_eq!(
        e,
        format!("{path} line 8, column 'patriot': expected a number from 0 to 5, found '6'")
    );
    // A file without its header row is refused too.
    let headless = deck(1..=22, "2\t2\t1\tprinted").replacen(HEADER, "", 1);
    std::fs::write(dir.join("cards.tsv"), headless).unwrap();
    let e = cards::read_data_dir(&dir).err().unwrap();
    assert!(e.contains("line 1: expected a column 'number' in the header"), "{e}");
    // A whole printed deck is used (so no bad one was), and the same one
    // again is fine.
    std::fs::write(dir.join("cards.tsv"), deck(1..=22, "2\t2\t1\tprinted")).unwrap();
    cards::read_data_dir(&dir).unwrap().install();
    cards::read_data_dir(&dir).unwrap().install();
    assert!(cards::cards()
        .iter()
        .all(|c| c.british == 2 && c.provenance == "printed"));
    // Another deck after that is refused.
    std::fs::write(dir.join("cards.tsv"), deck(1..=22, "3\t3\t0\tother")).unwrap();
    assert!(cards::read_data_dir(&dir).err().unwrap().contains("already in use"));
    std::fs::remove_dir_all(&dir).unwrap();
}
