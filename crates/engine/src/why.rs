//! "Why not?" (issue 18 item 12): a seat points at a space or a piece and
//! asks why it may not act there. The answer is the legal actions that
//! point at it, or the rules that forbid it ([`Describe::why_not`]), or
//! that the title does not explain that decision.

use crate::game::{check_turn, described, ActionInfo, Describe, Game, Seat};
use serde::Serialize;
use std::borrow::Cow;

/// One rule that forbids what a seat tried.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Forbidden {
    /// The rulebook's section, e.g. `5.2`.
    pub rule: &'static str,
    /// Why, in the rulebook's words where it has them.
    pub reason: Cow<'static, str>,
}

impl Forbidden {
    pub fn new(rule: &'static str, reason: impl Into<Cow<'static, str>>) -> Self {
        Forbidden {
            rule,
            reason: reason.into(),
        }
    }
}

/// The answer to "why may I not act on this target?".
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "answer", rename_all = "kebab-case")]
pub enum WhyNot {
    /// It may: these legal actions point at it.
    Legal { actions: Vec<ActionInfo> },
    /// It may not, for these rules (the first is the one a player meets
    /// first; all are given).
    Forbidden { rules: Vec<Forbidden> },
    /// The seat is not to act now, or the game is over.
    NotNow { reason: String },
    /// Nothing points at it and the title does not explain this decision.
    Unexplained,
}

/// Answer "why not?" for `target` (a space or piece id) at `seat`'s
/// current decision.
pub fn why_not<G: Game>(game: &G, seat: Seat, target: &str) -> WhyNot {
    if let Err(r) = check_turn(game, seat) {
        return WhyNot::NotNow { reason: r.to_string() };
    }
    let actions: Vec<ActionInfo> = described(game, seat)
        .into_iter()
        .filter(|a| a.target.as_deref() == Some(target))
        .collect();
    if !actions.is_empty() {
        return WhyNot::Legal { actions };
    }
    match Describe::why_not(game, seat, target) {
        rules if rules.is_empty() => WhyNot::Unexplained,
        rules => WhyNot::Forbidden { rules },
    }
}

/// The harness's check: the title never forbids a target that a legal
/// action of the seat points at. `answers` are the title's for `probes`, in
/// order, and `probes` hold every target of `legal`'s actions (the harness
/// adds them before it asks).
pub(crate) fn agrees(legal: &[ActionInfo], probes: &[String], answers: &[Vec<Forbidden>]) -> Result<(), String> {
    for (t, rules) in probes.iter().zip(answers) {
        if rules.is_empty() {
            continue;
        }
        if let Some(a) = legal.iter().find(|a| a.target.as_deref() == Some(t.as_str())) {
            return Err(format!(
                "why-not: {t} is explained as forbidden ({}: {}) yet the legal action {} points at it",
                rules[0].rule, rules[0].reason, a.id
            ));
        }
    }
    Ok(())
}
