//! Every data file is a table the engine reads, every row says why its
//! values are what they are (shared/docs/data-provenance.md), and a bad
//! `--data` file is refused with its file and line, changing nothing.

use fiw::tables::{self, Tables, FILES};
use std::path::{Path, PathBuf};

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
}

#[test]
fn every_data_file_is_a_table_whose_rows_say_why() {
    let files = engine::table::reasoned_files(&data_dir()).unwrap_or_else(|e| panic!("{e}"));
    let mut replaceable: Vec<String> = FILES.iter().map(|f| f.to_string()).collect();
    replaceable.sort();
    assert_eq!(files, replaceable, "the files --data may replace are the data files");
}

#[test]
fn the_embedded_tables_load() {
    Tables::read(None).unwrap();
}

/// A folder holding one data file, `name`, with the embedded text edited.
fn override_dir(tag: &str, name: &str, edit: impl Fn(&str) -> String) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fiw-data-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(data_dir().join(name)).unwrap();
    std::fs::write(dir.join(name), edit(&text)).unwrap();
    dir
}

#[test]
fn a_bad_override_names_its_file_and_line_and_changes_nothing() {
    // rule: fiw 15.74, 11.5
    type Edit = fn(&str) -> String;
    let cases: [(&str, Edit, &str); 4] = [
        // 15.74: never more than tripled.
        (
            "terrain-effects.tsv",
            |t| t.replace("fortress\tfeature\t\t\t3\t3", "fortress\tfeature\t\t\t4\t3"),
            "column 'heavy'",
        ),
        // Not a result of the tables.
        (
            "crt-raid.tsv",
            |t| t.replace("0\tAL*\tAL*", "0\tXX\tAL*"),
            "column '1:3'",
        ),
        // A roll missing.
        (
            "crt-linear.tsv",
            |t| {
                t.lines()
                    .filter(|l| !l.starts_with("3\t"))
                    .collect::<Vec<_>>()
                    .join("\n")
            },
            "column 'roll'",
        ),
        // A leader row with no military rating.
        (
            "leaders.tsv",
            |t| t.replace("Jeffery Amherst\t\t2\t", "Jeffery Amherst\t\tx\t"),
            "column 'military'",
        ),
    ];
    let before = tables::tables().terrain.get("fortress").heavy;
    for (i, (file, edit, column)) in cases.into_iter().enumerate() {
        let dir = override_dir(&format!("bad{i}"), file, edit);
        let err = tables::use_data_dir(&dir).unwrap_err();
        assert!(
            err.starts_with(&dir.join(file).display().to_string()),
            "names the file: {err}"
        );
        assert!(
            err.contains(" line ") && err.contains(column),
            "names line and column: {err}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
    // Nothing changed: the embedded tables are still those in use.
    assert_eq!(tables::tables().terrain.get("fortress").heavy, before);
    assert_eq!(tables::tables().forces.leader("amherst").unwrap().military, 2);
}

#[test]
fn a_folder_without_table_files_changes_nothing() {
    let dir = std::env::temp_dir().join(format!("fiw-data-empty-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    tables::use_data_dir(&dir).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}
