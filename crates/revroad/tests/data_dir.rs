//! `--data DIR` for the Revolution Road cards (a process of its own: the
//! cards, once read, stay for the process).

use revroad::cards;

#[test]
fn a_printed_deck_replaces_the_cards_and_a_bad_one_changes_nothing() {
    let dir = std::env::temp_dir().join(format!("revroad-cards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // No cards.tsv: nothing changes.
    cards::use_data_dir(&dir).unwrap();
    // A deck missing card 22 is refused.
    let short: String = (1..=21).map(|n| format!("{n}\t2\t2\t1\tprinted\n")).collect();
    std::fs::write(dir.join("cards.tsv"), &short).unwrap();
    assert!(cards::use_data_dir(&dir).unwrap_err().contains("card 22 is missing"));
    // A whole printed deck is used, and the same one again is fine.
    let full: String = (1..=22).map(|n| format!("{n}\t2\t2\t1\tprinted\n")).collect();
    std::fs::write(dir.join("cards.tsv"), &full).unwrap();
    cards::use_data_dir(&dir).unwrap();
    cards::use_data_dir(&dir).unwrap();
    assert!(cards::cards()
        .iter()
        .all(|c| c.british == 2 && c.provenance == "printed"));
    // Another deck after that is refused.
    let other: String = (1..=22).map(|n| format!("{n}\t3\t3\t0\tother\n")).collect();
    std::fs::write(dir.join("cards.tsv"), &other).unwrap();
    assert!(cards::use_data_dir(&dir).unwrap_err().contains("already in use"));
    std::fs::remove_dir_all(&dir).unwrap();
}
