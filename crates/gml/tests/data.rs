//! Every data file, loaded by the rules or not yet, is a table the engine
//! reads, and every row says why its values are what they are
//! (shared/docs/data-provenance.md).

#[test]
fn every_data_file_is_a_table_whose_rows_say_why() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    let files = engine::table::reasoned_files(&dir).unwrap_or_else(|e| panic!("{e}"));
    assert!(files.len() >= 15, "{files:?}");
}
