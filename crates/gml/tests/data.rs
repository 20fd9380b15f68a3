//! Every data file, loaded by the rules or not yet, is a table the engine
//! reads, and every row says why its values are what they are
//! (shared/docs/data-provenance.md).

use engine::table::Table;

#[test]
fn every_data_file_is_a_table_whose_rows_say_why() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let mut files = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "tsv") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let header = text
            .lines()
            .find(|l| !l.starts_with('#') && !l.trim().is_empty())
            .unwrap();
        let columns: Vec<&str> = header
            .split('\t')
            .map(str::trim)
            .filter(|c| !["note", "provenance", "reason"].contains(c))
            .collect();
        let name = path.file_name().unwrap().to_string_lossy();
        let table = Table::parse(&name, &text, &columns).unwrap_or_else(|e| panic!("{e}"));
        assert!(table.rows().len() > 0, "{name} has rows");
        for row in table.rows() {
            assert!(!row.reason().is_empty(), "{name} line {} says why", row.line());
        }
        files += 1;
    }
    assert!(files >= 15, "{files} files");
}
