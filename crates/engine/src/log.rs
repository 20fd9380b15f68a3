//! The game log: entries a player can read, each with the rule it follows,
//! the dice rolled and an audience, so a seat's log is filtered like its view.

use crate::Seat;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Audience {
    All,
    Seat(Seat),
    /// Everyone but the seat, spectators too: what the others may know of
    /// an event the seat reads in full (`Log::apart`), so nobody reads it twice.
    Others(Seat),
}

impl Audience {
    /// Whether `viewer` (`None`: a spectator) may read an entry for this audience.
    pub fn admits(self, viewer: Option<Seat>) -> bool {
        match self {
            Audience::All => true,
            Audience::Seat(s) => Some(s) == viewer,
            Audience::Others(s) => Some(s) != viewer,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Entry {
    pub text: String,
    /// Borrowed when a title cites a section by a literal: no allocation
    /// per entry on the path of every move.
    #[serde(default, skip_serializing_if = "str::is_empty")]
    pub rule: Cow<'static, str>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<u8>,
    pub audience: Audience,
    /// The ids of the map spaces the entry happened in, for the browser to
    /// draw: one is a place (a battle, a loss), two or more a movement from
    /// the first to the last through the others.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub path: Vec<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Log {
    /// Bots switch the log off in playouts: texts are never formatted then.
    #[serde(skip, default = "yes")]
    on: bool,
    /// Shared, not copied, by a copy of the log (a world resampled for a
    /// seat, a copy of the state kept for undo): an entry never changes.
    entries: Vec<Arc<Entry>>,
}

fn yes() -> bool {
    true
}

impl Default for Log {
    fn default() -> Self {
        Log {
            on: true,
            entries: Vec::new(),
        }
    }
}

impl Log {
    pub fn set_enabled(&mut self, on: bool) {
        self.on = on;
    }

    pub fn enabled(&self) -> bool {
        self.on
    }

    /// Add an entry for everyone; the text is only built when the log is on.
    pub fn say(&mut self, rule: impl Into<Cow<'static, str>>, text: impl FnOnce() -> String) {
        self.push(Audience::All, rule, &[], Vec::new, text);
    }

    /// Add an entry for everyone that happened in the spaces `path` gives
    /// (see [`Entry::path`]); neither is built when the log is off.
    pub fn say_at(
        &mut self,
        rule: impl Into<Cow<'static, str>>,
        path: impl FnOnce() -> Vec<String>,
        text: impl FnOnce() -> String,
    ) {
        self.push(Audience::All, rule, &[], path, text);
    }

    /// Add an entry with the dice that were rolled.
    pub fn roll(&mut self, rule: impl Into<Cow<'static, str>>, dice: &[u8], text: impl FnOnce() -> String) {
        self.push(Audience::All, rule, dice, Vec::new, text);
    }

    /// Add an entry with the dice rolled in the spaces `path` gives.
    pub fn roll_at(
        &mut self,
        rule: impl Into<Cow<'static, str>>,
        dice: &[u8],
        path: impl FnOnce() -> Vec<String>,
        text: impl FnOnce() -> String,
    ) {
        self.push(Audience::All, rule, dice, path, text);
    }

    /// Add an entry only `seat` may read.
    pub fn tell(&mut self, seat: Seat, rule: impl Into<Cow<'static, str>>, text: impl FnOnce() -> String) {
        self.push(Audience::Seat(seat), rule, &[], Vec::new, text);
    }

    /// One event told two ways: `own` to `seat`, who may know more (its
    /// hidden blocks by name), `others` to everyone else; each reads one line.
    pub fn apart(
        &mut self,
        seat: Seat,
        rule: impl Into<Cow<'static, str>> + Clone,
        dice: &[u8],
        path: impl FnOnce() -> Vec<String>,
        own: impl FnOnce() -> String,
        others: impl FnOnce() -> String,
    ) {
        if self.on {
            let path = path();
            self.push(Audience::Seat(seat), rule.clone(), dice, || path.clone(), own);
            self.push(Audience::Others(seat), rule, dice, || path, others);
        }
    }

    pub fn push(
        &mut self,
        audience: Audience,
        rule: impl Into<Cow<'static, str>>,
        dice: &[u8],
        path: impl FnOnce() -> Vec<String>,
        text: impl FnOnce() -> String,
    ) {
        if self.on {
            self.entries.push(Arc::new(Entry {
                text: text(),
                rule: rule.into(),
                dice: dice.to_vec(),
                audience,
                path: path(),
            }));
        }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Drop the entries after the first `len` (undo of the actions that wrote them).
    pub fn truncate(&mut self, len: usize) {
        self.entries.truncate(len);
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Drop the entries `viewer` may not read (for worlds resampled for a seat).
    pub fn keep_visible(&mut self, viewer: Option<Seat>) {
        self.entries.retain(|e| e.audience.admits(viewer));
    }

    /// The entries `viewer` may read (`None` is the spectator: public entries only).
    pub fn visible(&self, viewer: Option<Seat>) -> impl Iterator<Item = &Entry> {
        self.entries
            .iter()
            .map(Arc::as_ref)
            .filter(move |e| e.audience.admits(viewer))
    }
}

/// A number of things as a line says it: "1 hit", "3 hits", "0 hits",
/// "2 British Artilleries" (English's regular plurals: the nouns the titles
/// count have no other).
pub fn count(n: impl fmt::Display, noun: &str) -> String {
    let n = n.to_string();
    if n == "1" {
        return format!("1 {noun}");
    }
    let consonant_y = noun.ends_with('y') && !noun[..noun.len() - 1].ends_with(['a', 'e', 'i', 'o', 'u']);
    if consonant_y {
        format!("{n} {}ies", &noun[..noun.len() - 1])
    } else if noun.ends_with(['s', 'x']) || noun.ends_with("ch") || noun.ends_with("sh") {
        format!("{n} {noun}es")
    } else {
        format!("{n} {noun}s")
    }
}

/// A text begun as a sentence is: "British unit" → "British unit",
/// "attack (6.1)" → "Attack (6.1)".
pub fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map_or_else(String::new, |first| first.to_uppercase().chain(c).collect())
}

/// Names as a log line lists them: "Howe", "Howe and Grant", "Howe, Grant and Clinton".
pub fn list<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> String {
    joined(items, " and ")
}

/// Choices as a prompt offers them: "Virginia, North Carolina or South Carolina".
pub fn alternatives<S: AsRef<str>>(items: impl IntoIterator<Item = S>) -> String {
    joined(items, " or ")
}

fn joined<S: AsRef<str>>(items: impl IntoIterator<Item = S>, last: &str) -> String {
    let items: Vec<S> = items.into_iter().collect();
    let mut out = String::new();
    for (i, s) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(if i + 1 == items.len() { last } else { ", " });
        }
        out.push_str(s.as_ref());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(log: &Log, viewer: Option<Seat>) -> Vec<&str> {
        log.visible(viewer).map(|e| e.text.as_str()).collect()
    }

    #[test]
    fn an_event_told_apart_is_one_line_for_each_reader() {
        let mut log = Log::default();
        let path = || vec!["boston".to_string(), "cambridge".to_string()];
        log.apart(0, "5.1", &[], path, || "Howe moves".into(), || "A block moves".into());
        assert_eq!(texts(&log, Some(0)), ["Howe moves"]);
        assert_eq!(texts(&log, Some(1)), ["A block moves"]);
        assert_eq!(texts(&log, None), ["A block moves"]);
        assert!(log.visible(Some(1)).all(|e| e.path == ["boston", "cambridge"]));
        let mut theirs = log.clone();
        theirs.keep_visible(Some(1));
        assert_eq!(texts(&theirs, Some(1)), ["A block moves"]);
    }

    #[test]
    fn counts_say_one_thing_or_many() {
        assert_eq!(count(1u8, "hit"), "1 hit");
        assert_eq!(count(0usize, "hit"), "0 hits");
        assert_eq!(count(3i32, "naval unit"), "3 naval units");
        assert_eq!(count(2, "British Artillery"), "2 British Artilleries");
        assert_eq!(count(2, "day"), "2 days");
        assert_eq!(count(2, "march"), "2 marches");
    }

    #[test]
    fn a_sentence_begins_with_a_capital() {
        assert_eq!(capitalised("attack (6.1)"), "Attack (6.1)");
        assert_eq!(capitalised("British unit"), "British unit");
        assert_eq!(capitalised("île aux Noix"), "Île aux Noix");
        assert_eq!(capitalised(""), "");
    }

    #[test]
    fn names_are_listed_with_and() {
        assert_eq!(list(["Howe"]), "Howe");
        assert_eq!(list(["Howe", "Grant"]), "Howe and Grant");
        assert_eq!(list(["Howe", "Grant", "Clinton"]), "Howe, Grant and Clinton");
    }

    #[test]
    fn alternatives_are_listed_with_or() {
        assert_eq!(alternatives(["Virginia"]), "Virginia");
        assert_eq!(alternatives(["Virginia", "Georgia"]), "Virginia or Georgia");
        assert_eq!(alternatives(["VA", "NC", "SC"]), "VA, NC or SC");
        assert_eq!(alternatives(Vec::<&str>::new()), "");
    }

    #[test]
    fn nothing_is_built_when_the_log_is_off() {
        let mut log = Log::default();
        log.set_enabled(false);
        log.say_at(
            "7.1",
            || unreachable!("no path built"),
            || unreachable!("no text built"),
        );
        log.apart(0, "7.1", &[3], || unreachable!(), || unreachable!(), || unreachable!());
        assert!(log.is_empty());
    }

    /// Entries saved before `path` and `Others` existed still load; an
    /// entry without a path writes none.
    #[test]
    fn the_path_is_optional_in_json() {
        let old: Entry = serde_json::from_str(r#"{"text":"Battle","rule":"7.1","audience":"all"}"#).unwrap();
        assert!(old.path.is_empty());
        assert!(!serde_json::to_string(&old).unwrap().contains("path"));
        let mut log = Log::default();
        log.say_at("7.1", || vec!["boston".into()], || "Battle in Boston".into());
        let json = serde_json::to_value(log.visible(None).next().unwrap()).unwrap();
        assert_eq!(json["path"], serde_json::json!(["boston"]));
        let others = serde_json::to_value(Audience::Others(1)).unwrap();
        assert_eq!(others, serde_json::json!({"others": 1}));
    }
}
