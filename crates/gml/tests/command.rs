//! The Command Table as printed.

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
    let dir = std::env::temp_dir().join(format!("gml-command-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let head = "die\tactivations\topponent\treroll\n";
    std::fs::write(dir.join("command.tsv"), format!("{head}1\t2\t1\tyes\n")).unwrap();
    let e = CommandTable::read(Some(&dir)).unwrap_err().to_string();
    assert!(e.contains("line 2") && e.contains("a mix"), "{e}");
    std::fs::write(dir.join("command.tsv"), format!("{head}1\t2\t0\tno\n")).unwrap();
    let e = CommandTable::read(Some(&dir)).unwrap_err().to_string();
    assert!(e.contains("none for 2"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}
