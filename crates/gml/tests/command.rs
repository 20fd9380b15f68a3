//! The Command Table as printed.

mod common;

use gml::command::{CommandResult::*, CommandTable};

#[test]
fn every_die_result_of_the_command_table() {
    // rule: gml 4.1
    let t = CommandTable::embedded();
    let printed = [
        Activations(2),
        Activations(3),
        None,
        Opponent(1),
        Activations(1),
        Activations(4),
        Activations(2),
        Opponent(2),
        Activations(5),
        Activations(6),
    ];
    for (die, want) in (1..=10).zip(printed) {
        assert_eq!(t.result(die), want, "die {die}");
    }
}

#[test]
fn a_table_missing_a_result_or_mixing_them_is_refused() {
    let dir = common::DataDir::new("command");
    let head = "die\tactivations\topponent\treroll\n";
    let read = |row: &str| {
        CommandTable::read(Some(dir.write("command.tsv", &format!("{head}{row}\n"))))
            .unwrap_err()
            .to_string()
    };
    let e = read("1\t2\t1\tyes");
    assert!(e.contains("line 2") && e.contains("a mix"), "{e}");
    let e = read("1\t2\t0\tno");
    assert!(e.contains("none for 2"), "{e}");
}
