//! The game log: entries a player can read, each with the rule it follows,
//! the dice rolled and an audience, so a seat's log is filtered like its view.

use crate::Seat;
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::sync::Arc;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Audience {
    All,
    Seat(Seat),
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
        self.push(Audience::All, rule, Vec::new(), text);
    }

    /// Add an entry with the dice that were rolled.
    pub fn roll(&mut self, rule: impl Into<Cow<'static, str>>, dice: &[u8], text: impl FnOnce() -> String) {
        self.push(Audience::All, rule, dice.to_vec(), text);
    }

    /// Add an entry only `seat` may read.
    pub fn tell(&mut self, seat: Seat, rule: impl Into<Cow<'static, str>>, text: impl FnOnce() -> String) {
        self.push(Audience::Seat(seat), rule, Vec::new(), text);
    }

    pub fn push(
        &mut self,
        audience: Audience,
        rule: impl Into<Cow<'static, str>>,
        dice: Vec<u8>,
        text: impl FnOnce() -> String,
    ) {
        if self.on {
            self.entries.push(Arc::new(Entry {
                text: text(),
                rule: rule.into(),
                dice,
                audience,
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
        self.entries.retain(|e| match e.audience {
            Audience::All => true,
            Audience::Seat(s) => Some(s) == viewer,
        });
    }

    /// The entries `viewer` may read (`None` is the spectator: public entries only).
    pub fn visible(&self, viewer: Option<Seat>) -> impl Iterator<Item = &Entry> {
        self.entries.iter().map(Arc::as_ref).filter(move |e| match e.audience {
            Audience::All => true,
            Audience::Seat(s) => Some(s) == viewer,
        })
    }
}
