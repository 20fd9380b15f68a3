//! The one reader of every title's data files: tab-separated tables with a
//! header row of named columns, read through the `csv` crate.
//!
//! A file is UTF-8 text; lines starting with `#` are comments and empty lines
//! are skipped (a line of spaces is a row of one cell); the first other line
//! names the columns; every row has as many cells as the header (a ragged row
//! is an error); cells are trimmed;
//! there is no quoting, so a `"` is an ordinary character (notes quote
//! names). Besides the columns a title requires, a table may have one
//! *reason* column, named by one of [`REASON_COLUMNS`], which says why a
//! reconstructed value is what it is; [`Row::reason`] reads it. Any other
//! column is an error, so that a misspelt column is never silently ignored.
//!
//! Every error is a [`TableError`] naming the file, the line, the column and
//! what was expected. A title reads each of its files with [`read`]: the file
//! of that name in the `--data` directory when there is one, else the
//! embedded text; [`crate::data::DataOverride`] digests the same files.

use std::fmt;
use std::ops::RangeInclusive;
use std::path::Path;
use std::str::FromStr;

/// Names a table's reason column may have: the titles' data files call it
/// `note` or `provenance`; `reason` is the generic name.
pub const REASON_COLUMNS: &[&str] = &["note", "provenance", "reason"];

/// A fault in a data file: where it is and what was expected there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableError {
    /// The file as the title names it, or its path when `--data` gave it.
    pub file: String,
    /// 1-based line in the file; `None` for a fault of the whole file.
    pub line: Option<usize>,
    /// The column of the faulty cell, if the fault is in one cell.
    pub column: Option<String>,
    /// What the file should have there, e.g. "one of land|sea".
    pub expected: String,
    /// What it has: the cell's text when `column` is set (shown quoted),
    /// else a description.
    pub found: String,
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if let Some(line) = self.line {
            write!(f, " line {line}")?;
        }
        if let Some(column) = &self.column {
            write!(f, ", column '{column}'")?;
        }
        write!(f, ": expected {}, found ", self.expected)?;
        match (&self.column, self.found.as_str()) {
            (Some(_), "") => write!(f, "an empty cell"),
            (Some(_), cell) => write!(f, "'{cell}'"),
            (None, what) => write!(f, "{what}"),
        }
    }
}

impl std::error::Error for TableError {}

/// A parsed data file: its header and its rows, each with its line number.
#[derive(Clone, Debug)]
pub struct Table {
    file: String,
    header: Vec<String>,
    reason: Option<usize>,
    rows: Vec<(usize, csv::StringRecord)>,
}

impl Table {
    /// Parses `text`, named `file` in errors. `columns` are the columns the
    /// title reads, in any order; the header must name each of them, and may
    /// add one reason column ([`REASON_COLUMNS`]) and nothing else.
    pub fn parse(file: &str, text: &str, columns: &[&str]) -> Result<Table, TableError> {
        // An editor's byte-order mark is not part of the first column's name.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        // csv reads a last comment line without its newline as a record.
        let ended;
        let text = if text.is_empty() || text.ends_with('\n') {
            text
        } else {
            ended = format!("{text}\n");
            &ended
        };
        let mut reader = csv::ReaderBuilder::new()
            .delimiter(b'\t')
            .comment(Some(b'#'))
            .quoting(false)
            .trim(csv::Trim::All)
            .flexible(false)
            // The header is read as the first record, so that it gets a line
            // number and the ragged-row check like any other row.
            .has_headers(false)
            .from_reader(text.as_bytes());
        // csv's positions point where it started reading, before the comment
        // and empty lines it skipped, so a record's own line is counted here:
        // the line of the last byte it consumed (its terminator).
        let mut lines = LineCounter::default();
        let mut records = Vec::new();
        let mut record = csv::StringRecord::new();
        loop {
            let read = reader.read_record(&mut record);
            let line = lines.line_of_last(text, reader.position().byte() as usize);
            let fail = |expected: String, found: String| TableError {
                file: file.to_string(),
                line: Some(line),
                column: None,
                expected,
                found,
            };
            match read {
                Ok(true) => records.push((line, record.clone())),
                Ok(false) => break,
                Err(e) => {
                    return Err(match e.kind() {
                        csv::ErrorKind::UnequalLengths { expected_len, len, .. } => fail(
                            format!("{expected_len} tab-separated cells, as in the header"),
                            len.to_string(),
                        ),
                        _ => fail("a tab-separated table".into(), e.to_string()),
                    })
                }
            }
        }
        let mut records = records.into_iter();
        let Some((header_line, head)) = records.next() else {
            return Err(TableError {
                file: file.to_string(),
                line: None,
                column: None,
                expected: format!("a header row naming the columns {}", columns.join(" ")),
                found: "none".into(),
            });
        };
        let header: Vec<String> = head.iter().map(String::from).collect();
        let header_error = |column: Option<&str>, expected: String, found: String| TableError {
            file: file.to_string(),
            line: Some(header_line),
            column: column.map(String::from),
            expected,
            found,
        };
        for c in columns {
            if !header.iter().any(|h| h == c) {
                return Err(header_error(
                    None,
                    format!("a column '{c}' in the header"),
                    format!("the columns {}", header.join(" ")),
                ));
            }
        }
        let mut reason = None;
        for (i, h) in header.iter().enumerate() {
            if header[..i].contains(h) {
                return Err(header_error(Some(h), "each column once".into(), h.clone()));
            }
            if REASON_COLUMNS.contains(&h.as_str()) {
                if reason.is_some() {
                    return Err(header_error(
                        Some(h),
                        format!("at most one reason column ({})", REASON_COLUMNS.join("|")),
                        h.clone(),
                    ));
                }
                reason = Some(i);
            } else if !columns.contains(&h.as_str()) {
                return Err(header_error(
                    Some(h),
                    format!(
                        "one of the columns {} or a reason column ({})",
                        columns.join("|"),
                        REASON_COLUMNS.join("|")
                    ),
                    h.clone(),
                ));
            }
        }
        Ok(Table {
            file: file.to_string(),
            header,
            reason,
            rows: records.collect(),
        })
    }

    /// The data rows, in file order.
    pub fn rows(&self) -> impl ExactSizeIterator<Item = Row<'_>> + '_ {
        self.rows.iter().map(move |(line, record)| Row {
            table: self,
            line: *line,
            record,
        })
    }

    /// An error about the file as a whole, such as a row it lacks.
    pub fn error(&self, expected: impl Into<String>, found: impl Into<String>) -> TableError {
        TableError {
            file: self.file.clone(),
            line: None,
            column: None,
            expected: expected.into(),
            found: found.into(),
        }
    }

    fn index(&self, column: &str) -> usize {
        // Parse checked the title's columns are present, so a miss here is
        // the title asking for a column it did not declare.
        self.header
            .iter()
            .position(|h| h == column)
            .unwrap_or_else(|| panic!("{}: column '{column}' was not declared to Table::parse", self.file))
    }
}

/// Reads the data file `name`: the file in `dir` (the `--data` directory)
/// when it is there, else the `embedded` text. Errors name the file by its
/// path when it came from `dir`.
pub fn read(dir: Option<&Path>, name: &str, embedded: &'static str, columns: &[&str]) -> Result<Table, TableError> {
    // `is_file`, as `DataOverride::read` decides which files to digest.
    match dir.map(|d| d.join(name)).filter(|p| p.is_file()) {
        Some(path) => {
            let file = path.display().to_string();
            let text = std::fs::read_to_string(&path).map_err(|e| TableError {
                file: file.clone(),
                line: None,
                column: None,
                expected: "a readable UTF-8 text file".into(),
                found: e.to_string(),
            })?;
            Table::parse(&file, &text, columns)
        }
        None => Table::parse(name, embedded, columns),
    }
}

/// Every `.tsv` file of a title's data folder read as a table of the
/// columns its header names, each row with a reason (data-provenance.md:
/// every reconstructed value says why): the files' names, sorted, or the
/// first fault. The titles' tests run it over their `data/` folder.
pub fn reasoned_files(dir: &Path) -> Result<Vec<String>, String> {
    let mut names = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        if path.extension().is_none_or(|e| e != "tsv") {
            continue;
        }
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{name}: {e}"))?;
        let header = text
            .lines()
            .find(|l| !l.starts_with('#') && !l.trim().is_empty())
            .unwrap_or("");
        let columns: Vec<&str> = header
            .split('\t')
            .map(str::trim)
            .filter(|c| !REASON_COLUMNS.contains(c))
            .collect();
        let table = Table::parse(&name, &text, &columns).map_err(|e| e.to_string())?;
        if table.rows().next().is_none() {
            return Err(format!("{name} has no rows"));
        }
        if let Some(row) = table.rows().find(|r| r.reason().is_empty()) {
            return Err(format!("{name} line {} does not say why (no reason)", row.line()));
        }
        names.push(name);
    }
    names.sort();
    Ok(names)
}

/// One data row. Cells are read by column name; a column the title did not
/// declare to [`Table::parse`] is a bug in the title and panics.
#[derive(Clone, Copy, Debug)]
pub struct Row<'a> {
    table: &'a Table,
    line: usize,
    record: &'a csv::StringRecord,
}

impl<'a> Row<'a> {
    /// The row's 1-based line in the file.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The cell as an id: lowercase words and digits joined by '-', as
    /// action ids and saves need.
    pub fn id(&self, column: &str) -> Result<String, TableError> {
        let id = self.str(column);
        let ok = !id.is_empty()
            && id.split('-').all(|w| !w.is_empty())
            && id
                .chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
        if ok {
            Ok(id.to_string())
        } else {
            Err(self.error(column, "an id of lowercase words and digits joined by '-'"))
        }
    }

    /// The cell's text (trimmed; empty for an empty cell).
    pub fn str(&self, column: &str) -> &'a str {
        &self.record[self.table.index(column)]
    }

    /// The cell's text, or `None` when the cell is empty.
    pub fn opt(&self, column: &str) -> Option<&'a str> {
        Some(self.str(column)).filter(|s| !s.is_empty())
    }

    /// The cell parsed as a `T`; the error names the type expected.
    pub fn parse<T: FromStr>(&self, column: &str) -> Result<T, TableError> {
        self.str(column)
            .parse()
            .map_err(|_| self.error(column, describe::<T>()))
    }

    /// The cell parsed as a number within `range`.
    pub fn range<T>(&self, column: &str, range: RangeInclusive<T>) -> Result<T, TableError>
    where
        T: FromStr + PartialOrd + fmt::Display,
    {
        let expected = || format!("a number from {} to {}", range.start(), range.end());
        let v: T = self.str(column).parse().map_err(|_| self.error(column, expected()))?;
        if range.contains(&v) {
            Ok(v)
        } else {
            Err(self.error(column, expected()))
        }
    }

    /// The value paired with the cell's text in `choices`; an empty text in
    /// `choices` accepts an empty cell.
    pub fn one_of<T: Copy>(&self, column: &str, choices: &[(&str, T)]) -> Result<T, TableError> {
        let cell = self.str(column);
        match choices.iter().find(|(text, _)| *text == cell) {
            Some(&(_, v)) => Ok(v),
            None => {
                let names: Vec<&str> = choices
                    .iter()
                    .map(|&(t, _)| if t.is_empty() { "(empty)" } else { t })
                    .collect();
                Err(self.error(column, format!("one of {}", names.join("|"))))
            }
        }
    }

    /// A `yes`/`no` cell.
    pub fn flag(&self, column: &str) -> Result<bool, TableError> {
        self.one_of(column, &[("yes", true), ("no", false)])
    }

    /// The reason column's text: empty when the cell is or the table has no
    /// reason column.
    pub fn reason(&self) -> &'a str {
        self.table.reason.map_or("", |i| &self.record[i])
    }

    /// An error about this row's cell in `column`, which is shown as found.
    pub fn error(&self, column: &str, expected: impl Into<String>) -> TableError {
        self.part_error(column, expected, self.str(column))
    }

    /// An error about `part` of the cell in `column`, such as one item of a
    /// list.
    pub fn part_error(&self, column: &str, expected: impl Into<String>, part: &str) -> TableError {
        TableError {
            file: self.table.file.clone(),
            line: Some(self.line),
            column: Some(column.to_string()),
            expected: expected.into(),
            found: part.to_string(),
        }
    }

    /// An error about the row as a whole, such as a repeated key.
    pub fn line_error(&self, expected: impl Into<String>, found: impl Into<String>) -> TableError {
        TableError {
            file: self.table.file.clone(),
            line: Some(self.line),
            column: None,
            expected: expected.into(),
            found: found.into(),
        }
    }
}

/// Counts lines through the text as the reader moves on.
#[derive(Default)]
struct LineCounter {
    /// Bytes counted so far, and the newlines among them.
    upto: usize,
    newlines: usize,
}

impl LineCounter {
    /// The 1-based line of the byte before `end`: the newline ending a
    /// record belongs to that record's line.
    fn line_of_last(&mut self, text: &str, end: usize) -> usize {
        let end = end.saturating_sub(1).max(self.upto);
        self.newlines += text.as_bytes()[self.upto..end].iter().filter(|&&b| b == b'\n').count();
        self.upto = end;
        self.newlines + 1
    }
}

/// "a whole number (u8)" for a parse error message.
fn describe<T>() -> String {
    let name = std::any::type_name::<T>();
    let short = name.rsplit("::").next().unwrap_or(name);
    match short {
        "u8" | "u16" | "u32" | "u64" | "usize" | "i8" | "i16" | "i32" | "i64" | "isize" => {
            format!("a whole number ({short})")
        }
        "f32" | "f64" => "a number".into(),
        _ => format!("a {short}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_data_folder_whose_rows_all_say_why_passes_and_one_silent_row_fails() {
        let dir = std::env::temp_dir().join(format!("table-reasons-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("a.tsv"), "x\tnote\n1\tbecause\n").unwrap();
        std::fs::write(dir.join("notes.md"), "not a table").unwrap();
        assert_eq!(reasoned_files(&dir), Ok(vec!["a.tsv".to_string()]));
        std::fs::write(dir.join("b.tsv"), "x\treason\n1\tbecause\n2\t\n").unwrap();
        let e = reasoned_files(&dir).unwrap_err();
        assert!(e.contains("b.tsv line 3"), "{e}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    const COLUMNS: &[&str] = &["hex", "terrain", "move", "port"];
    const TEXT: &str = "# a comment\n\
        hex\tterrain\tmove\tport\tnote\n\
        # another comment\n\
        0101\tland\t2\tyes\tsays \"why\"\n\
        \n\
        0102 \t sea\t3\t\t\n";

    fn table() -> Table {
        Table::parse("hexes.tsv", TEXT, COLUMNS).unwrap()
    }

    #[test]
    fn reads_named_cells_with_their_lines() {
        let t = table();
        let rows: Vec<Row> = t.rows().collect();
        assert_eq!(rows.len(), 2);
        let (a, b) = (rows[0], rows[1]);
        assert_eq!((a.line(), b.line()), (4, 6), "comment and empty lines count");
        assert_eq!(a.str("hex"), "0101");
        assert_eq!(b.str("hex"), "0102", "cells are trimmed");
        assert_eq!(a.reason(), "says \"why\"", "no quoting");
        assert_eq!(b.reason(), "");
        assert_eq!(a.parse::<u8>("move"), Ok(2));
        assert_eq!(b.range("move", 1u8..=3), Ok(3));
        assert_eq!(a.opt("port"), Some("yes"));
        assert_eq!(b.opt("port"), None);
        assert_eq!(a.flag("port"), Ok(true));
        let terrain = [("land", 'L'), ("sea", 'S')];
        assert_eq!(b.one_of("terrain", &terrain), Ok('S'));
        // columns in another order, no reason column
        let t = Table::parse("x.tsv", "move\thex\tport\tterrain\n1\t0101\tno\tland\n", COLUMNS).unwrap();
        let r = t.rows().next().unwrap();
        assert_eq!((r.str("hex"), r.reason(), r.line()), ("0101", "", 2));
        // Windows line ends, a byte-order mark, no newline at the end
        let text = "\u{feff}# c\r\nhex\tterrain\tmove\tport\r\n\r\n0101\tland\t1\tno\r\n0102\tsea\t1\tno";
        let t = Table::parse("w.tsv", text, COLUMNS).unwrap();
        let lines: Vec<(usize, &str)> = t.rows().map(|r| (r.line(), r.str("port"))).collect();
        assert_eq!(lines, [(4, "no"), (5, "no")]);
    }

    #[test]
    fn bad_values_name_file_line_column_and_expectation() {
        let t = table();
        let b = t.rows().nth(1).unwrap();
        let e = b.one_of("terrain", &[("land", 0), ("lake", 1)]).unwrap_err();
        assert_eq!(
            e.to_string(),
            "hexes.tsv line 6, column 'terrain': expected one of land|lake, found 'sea'"
        );
        assert_eq!(
            (e.line, e.column.as_deref(), e.found.as_str()),
            (Some(6), Some("terrain"), "sea")
        );
        let e = b.flag("port").unwrap_err();
        assert_eq!(
            e.to_string(),
            "hexes.tsv line 6, column 'port': expected one of yes|no, found an empty cell"
        );
        let e = b.parse::<u8>("terrain").unwrap_err();
        assert!(
            e.to_string().ends_with("expected a whole number (u8), found 'sea'"),
            "{e}"
        );
        let e = b.range("move", 1u8..=2).unwrap_err();
        assert!(
            e.to_string().ends_with("expected a number from 1 to 2, found '3'"),
            "{e}"
        );
        let e = b.one_of("port", &[("", 0), ("x", 1)]);
        assert_eq!(e, Ok(0), "an empty choice accepts an empty cell");
        let e = b.one_of("terrain", &[("", 0), ("x", 1)]).unwrap_err();
        assert!(e.to_string().contains("expected one of (empty)|x"), "{e}");
        let e = b.part_error("hex", "a known hex", "0102");
        assert_eq!(
            e.to_string(),
            "hexes.tsv line 6, column 'hex': expected a known hex, found '0102'"
        );
        let e = b.line_error("each hex once", "0102 again");
        assert_eq!(
            e.to_string(),
            "hexes.tsv line 6: expected each hex once, found 0102 again"
        );
        let e = t.error("a row for hex 0103", "none");
        assert_eq!(e.to_string(), "hexes.tsv: expected a row for hex 0103, found none");
    }

    #[test]
    fn header_faults() {
        let e = Table::parse("h.tsv", "# c\nhex\tterrain\tport\tnote\n", COLUMNS).unwrap_err();
        assert_eq!(
            e.to_string(),
            "h.tsv line 2: expected a column 'move' in the header, found the columns hex terrain port note"
        );
        let e = Table::parse("h.tsv", "hex\tterrain\tmove\tport\tcolour\n", COLUMNS).unwrap_err();
        assert_eq!((e.line, e.column.as_deref()), (Some(1), Some("colour")));
        assert!(
            e.to_string().contains("or a reason column (note|provenance|reason)"),
            "{e}"
        );
        let e = Table::parse("h.tsv", "hex\tterrain\tmove\tport\thex\n", COLUMNS).unwrap_err();
        assert!(e.to_string().contains("column 'hex': expected each column once"), "{e}");
        let e = Table::parse("h.tsv", "hex\tterrain\tmove\tport\tnote\treason\n", COLUMNS).unwrap_err();
        assert!(e.to_string().contains("at most one reason column"), "{e}");
        for empty in ["", "# only a comment\n", "# only a comment", "\n\n"] {
            let e = Table::parse("h.tsv", empty, COLUMNS).unwrap_err();
            assert_eq!(
                e.to_string(),
                "h.tsv: expected a header row naming the columns hex terrain move port, found none"
            );
        }
        let t = Table::parse("h.tsv", "hex\tterrain\tmove\tport\n", COLUMNS).unwrap();
        assert_eq!(t.rows().len(), 0, "a header alone is an empty table");
        let t = Table::parse(
            "h.tsv",
            "hex\tterrain\tmove\tport\n0101\tland\t1\tno\n# the end",
            COLUMNS,
        )
        .unwrap();
        assert_eq!(
            t.rows().len(),
            1,
            "a last comment line without its newline is a comment"
        );
    }

    #[test]
    fn ragged_rows_are_errors() {
        let text = "hex\tterrain\tmove\tport\n0101\tland\t1\tno\n# c\n0102\tland\t1\n";
        let e = Table::parse("r.tsv", text, COLUMNS).unwrap_err();
        assert_eq!(
            e.to_string(),
            "r.tsv line 4: expected 4 tab-separated cells, as in the header, found 3"
        );
        let text = "hex\tterrain\tmove\tport\n0101\tland\t1\tno\textra\n";
        let e = Table::parse("r.tsv", text, COLUMNS).unwrap_err();
        assert_eq!(e.line, Some(2));
    }

    #[test]
    fn read_prefers_the_override_file() {
        let dir = std::env::temp_dir().join(format!("engine-table-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let embedded = "hex\tterrain\tmove\tport\n0101\tland\t1\tno\n";
        let t = read(Some(&dir), "t.tsv", embedded, COLUMNS).unwrap();
        assert_eq!(t.rows().next().unwrap().str("hex"), "0101", "no file in dir: embedded");
        let t = read(None, "t.tsv", embedded, COLUMNS).unwrap();
        assert_eq!(t.rows().len(), 1);
        std::fs::write(dir.join("t.tsv"), "hex\tterrain\tmove\tport\n0202\tsea\t1\tno\n").unwrap();
        let t = read(Some(&dir), "t.tsv", embedded, COLUMNS).unwrap();
        assert_eq!(t.rows().next().unwrap().str("hex"), "0202");
        std::fs::write(dir.join("t.tsv"), "hex\tterrain\tmove\tport\n0202\tsea\tx\tno\n").unwrap();
        let t = read(Some(&dir), "t.tsv", embedded, COLUMNS).unwrap();
        let e = t.rows().next().unwrap().parse::<u8>("move").unwrap_err();
        assert_eq!(e.file, dir.join("t.tsv").display().to_string(), "the override's path");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
