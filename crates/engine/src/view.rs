//! The typed parts of a seat's view that every client reads alike, whatever
//! the title (issue 19: the board contract grows here). A title's
//! `Views::view` puts them under their keys; the browser and the terminal
//! show them without knowing the title.

use serde::{Deserialize, Serialize};
use std::borrow::Cow;

/// One line of the facts panel, in the rulebook's words: "Year" — "1775,
/// Winter turn" (11.0). Never a raw key or an enum's name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fact {
    pub label: Cow<'static, str>,
    pub value: String,
    /// The section that defines it; empty when none does.
    #[serde(default, skip_serializing_if = "str::is_empty")]
    pub rule: Cow<'static, str>,
}

impl Fact {
    pub fn new(label: impl Into<Cow<'static, str>>, value: impl Into<String>, rule: &'static str) -> Fact {
        Fact {
            label: label.into(),
            value: value.into(),
            rule: Cow::Borrowed(rule),
        }
    }
}
