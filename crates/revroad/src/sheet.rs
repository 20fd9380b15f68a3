//! The solitaire bot sheets' common procedure (b2c 15.3, 15.4; bh 12.3,
//! 12.4). A sheet is an ordered list of priorities; the first that proposes
//! candidates among the legal actions decides, ties broken with the game's
//! own dice so that a replay stays exact. Each game writes its own
//! priorities (the printed sheets are not in the rulebook).

use engine::{Dice, Game, Log, OptionInfo, Seat, Setup};

/// The solitaire scenarios' `bot` option, the same in both games.
pub const BOT_OPTION: OptionInfo = OptionInfo {
    key: "bot",
    values: &["sheet", "seat"],
    help: "solitaire scenarios only (ignored in standard): sheet = the game plays the bot's side by its \
           (reconstructed) sheet, each decision logged with its reason; seat = the side is an ordinary seat, \
           for a player or the tree search",
    needs: &[],
};

/// Whether the game plays a solitaire scenario's bot side by its sheet:
/// [`BOT_OPTION`] at `sheet`, its default.
pub fn sheet_plays(setup: &Setup) -> bool {
    setup.option(BOT_OPTION.key) != Some("seat")
}

/// A priority's proposal: the candidates, the priority's place on the sheet
/// (1-based) and why it chose them.
pub struct Proposal<A> {
    candidates: Vec<A>,
    pub priority: usize,
    pub reason: &'static str,
}

/// What the sheet decided.
pub struct Choice<A> {
    pub action: A,
    pub priority: usize,
    pub reason: &'static str,
}

/// The first priority of `sheet` (each read by `candidates` and `reason`)
/// with candidates among `legal`; when none has any, the first legal action
/// (a sheet always answers). `legal` must not be empty.
pub fn propose<R, A: Copy + PartialEq>(
    sheet: &[R],
    legal: &[A],
    mut candidates: impl FnMut(&R) -> Vec<A>,
    reason: impl Fn(&R) -> &'static str,
) -> Proposal<A> {
    for (i, rule) in sheet.iter().enumerate() {
        let mut c = candidates(rule);
        c.retain(|a| legal.contains(a));
        if !c.is_empty() {
            return Proposal {
                candidates: c,
                priority: i + 1,
                reason: reason(rule),
            };
        }
    }
    Proposal {
        candidates: vec![legal[0]],
        priority: sheet.len() + 1,
        reason: "the first legal choice",
    }
}

impl<A: Copy> Proposal<A> {
    /// One of the candidates: the game's dice break a tie (no die is used for one).
    pub fn pick(self, dice: &mut Dice) -> Choice<A> {
        let n = self.candidates.len();
        let k = if n > 1 { dice.pick(n) } else { 0 };
        Choice {
            action: self.candidates[k],
            priority: self.priority,
            reason: self.reason,
        }
    }
}

impl<A> Choice<A> {
    /// The log line of the decision, e.g. "British bot: Pass (priority 7: pass)".
    pub fn explain(&self, bot: &str, label: &str) -> String {
        format!("{bot}: {label} (priority {}: {})", self.priority, self.reason)
    }

    /// Log the decision of the bot playing `seat` (0 British, 1 Patriot),
    /// citing its sheet's section, `sections[seat]`.
    pub fn log(&self, log: &mut Log, seat: Seat, sections: [&'static str; 2], label: &str) {
        let bot = if seat == 0 { "British bot" } else { "Patriot bot" };
        log.say(sections[seat as usize], || self.explain(bot, label));
    }
}

/// A game whose solitaire bot plays its seat by a sheet, inside the game's
/// automatic steps (so that seat never appears in `to_act`).
pub trait SheetBot: Game {
    /// The sheets' sections the log cites: the British bot's, the Patriot bot's.
    const SECTIONS: [&'static str; 2];

    /// The seat the bot plays, if any (see [`crate::Scenario::bot_seat`]).
    fn bot_seat(&self) -> Option<Seat>;

    /// The bot's choice now with the priority that made it, or None if the
    /// bot need not act.
    fn bot_choice(&mut self) -> Option<Choice<Self::Action>>;

    /// One bot decision, logged with its reason; false when the bot need not act.
    fn bot_step(&mut self) -> bool {
        let Some(choice) = self.bot_choice() else {
            return false;
        };
        let seat = self.bot_seat().expect("a bot that chooses plays a seat");
        if self.core().log.enabled() {
            let label = self.describe(seat, &choice.action).label;
            choice.log(&mut self.core_mut().log, seat, Self::SECTIONS, &label);
        }
        self.perform(seat, choice.action);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A test priority: its reason and its candidates among a legal list.
    type Rule = (&'static str, fn(&[u8]) -> Vec<u8>);

    const SHEET: &[Rule] = &[
        ("nothing", |_| Vec::new()),
        ("the evens", |l| l.iter().copied().filter(|a| a % 2 == 0).collect()),
        ("anything", |l| l.to_vec()),
    ];

    fn choose(legal: &[u8], dice: &mut Dice) -> Choice<u8> {
        propose(SHEET, legal, |r| (r.1)(legal), |r| r.0).pick(dice)
    }

    #[test]
    fn the_first_priority_with_candidates_decides() {
        let mut dice = Dice::seeded(1);
        let c = choose(&[1, 2, 3, 4], &mut dice);
        assert_eq!((c.priority, c.reason), (2, "the evens"));
        assert!([2, 4].contains(&c.action));
        let picks: std::collections::BTreeSet<u8> = (0..20).map(|_| choose(&[1, 2, 3, 4], &mut dice).action).collect();
        assert_eq!(picks, [2, 4].into(), "the dice break the tie both ways");
        let c = choose(&[1, 3], &mut dice);
        assert_eq!((c.priority, c.reason), (3, "anything"));
    }

    #[test]
    fn a_single_candidate_uses_no_die_and_illegal_proposals_are_dropped() {
        let mut dice = Dice::seeded(1);
        let before = dice.events();
        let c = propose(SHEET, &[5, 6], |r| (r.1)(&[5, 6, 8]), |r| r.0).pick(&mut dice);
        assert_eq!((c.action, c.priority), (6, 2));
        assert_eq!(dice.events(), before);
        assert_eq!(
            c.explain("Patriot bot", "six"),
            "Patriot bot: six (priority 2: the evens)"
        );
    }

    #[test]
    fn an_empty_sheet_takes_the_first_legal_action() {
        let mut dice = Dice::seeded(1);
        let c = propose(&SHEET[..1], &[7, 9], |r| (r.1)(&[7, 9]), |r| r.0).pick(&mut dice);
        assert_eq!((c.action, c.priority, c.reason), (7, 2, "the first legal choice"));
    }
}
