//! 15.3, 15.4 the solitaire bots. The printed bot sheets are not in the
//! rulebook; these priorities are reconstructed from each scenario's
//! objectives (15.2) and exclusive rules: the British bot links Smith and
//! Pitcairn's force with Percy's in Lexington and avoids casualties, the
//! Patriot bot causes casualties and prevents consolidation. Each rule is
//! tried in order; the first that yields candidates decides, ties broken with
//! the game's own dice so a replay stays exact.

use crate::actions::Action;
use crate::frames::{CombatStage, Frame, Move};
use crate::map::{map, Region};
use crate::state::*;
use engine::{Procedure, Seat};
use revroad::sheet::{self, Choice, SheetBot};

/// A priority of a bot sheet: the legal actions it wants, narrowed down
/// where the sheet says which of them (most rules keep them all).
pub struct Rule {
    pub reason: &'static str,
    pub wants: fn(&B2c, &Action) -> bool,
    /// Given the legal actions and those wanted.
    pub narrow: fn(&B2c, &[Action], Vec<Action>) -> Vec<Action>,
}

impl Rule {
    const fn keep(reason: &'static str, wants: fn(&B2c, &Action) -> bool) -> Rule {
        Rule {
            reason,
            wants,
            narrow: |_, _, c| c,
        }
    }

    const fn then(self, narrow: fn(&B2c, &[Action], Vec<Action>) -> Vec<Action>) -> Rule {
        Rule { narrow, ..self }
    }

    /// The candidates this rule proposes among `legal`.
    fn candidates(&self, g: &B2c, legal: &[Action]) -> Vec<Action> {
        let wanted = legal.iter().copied().filter(|a| (self.wants)(g, a)).collect();
        (self.narrow)(g, legal, wanted)
    }
}

/// 15.4 the British bot sheet (reconstructed).
pub const BRITISH_SHEET: &[Rule] = &[
    Rule::keep("rally broken units: a rallied unit is no casualty", |_, a| {
        matches!(a, Action::Rally(_))
    }),
    Rule::keep(
        "clear Lexington: the link-up scores more with no Patriots there",
        |g, a| matches!(a, Action::Attack(r) if *r == map().lexington && g.outnumber(*r)),
    ),
    Rule::keep("march on Lexington to consolidate with Percy", |g, a| {
        let lex = map().lexington;
        matches!(a, Action::Move(r) if *r != lex && g.can_gain(*r, lex))
    }),
    Rule::keep("remove the Hinder marker from the road", |_, a| {
        matches!(a, Action::HinderRemove(_))
    }),
    Rule::keep(
        "attack a weaker Patriot stack sharing a region",
        |g, a| matches!(a, Action::Attack(r) if g.outnumber(*r)),
    ),
    Rule::keep("hold a Reserve Action: each negates one casualty", |_, a| {
        *a == Action::Plan
    }),
    Rule::keep("pass", |_, a| *a == Action::Pass),
];

/// 15.3 the Patriot bot sheet (reconstructed).
pub const PATRIOT_SHEET: &[Rule] = &[
    Rule::keep("ambush moving Regulars", |_, a| matches!(a, Action::Ambush(_))),
    Rule::keep("snipe at the marching column", |_, a| matches!(a, Action::Snipe(_))),
    Rule::keep("strike weakened British", |g, a| match *a {
        Action::Attack(r) => g.weakened(r, r),
        Action::Assault(f, r) => g.weakened(f, r),
        _ => false,
    }),
    Rule::keep("rally broken units", |_, a| matches!(a, Action::Rally(_))),
    Rule::keep("hinder the British between them and Lexington", |_, a| {
        matches!(a, Action::HinderPlace(..))
    })
    .then(|g, _, c| {
        nearest(c, |a| match a {
            Action::HinderPlace(_, r) => g.british_distance(*r),
            _ => u8::MAX,
        })
    }),
    Rule::keep("close on the British to prevent their consolidation", |g, a| match *a {
        Action::Move(r) => g.british_distance(r) > 1 && g.unbroken_patriots(r) > 0,
        Action::Assemble(r) => g.british_distance(r) == 1,
        _ => false,
    }),
    Rule::keep("save an Action for later", |_, a| *a == Action::Plan),
    Rule::keep("pass", |_, a| *a == Action::Pass),
];

/// Decisions inside an Action, the same for both bots.
pub const WITHIN_ACTION: &[Rule] = &[
    Rule::keep("commit every unit", |g, a| {
        let committing = match g.frames.last() {
            Some(Frame::Move(m)) => m.at == NO_REGION,
            Some(Frame::Combat(_) | Frame::Assemble { .. }) => true,
            _ => false,
        };
        committing && matches!(a, Action::Pick(_))
    })
    .then(|_, _, c| c.into_iter().take(1).collect()),
    Rule::keep("step toward the objective", |g, a| {
        let Some(Frame::Move(m)) = g.frames.last() else {
            return false;
        };
        g.after_step(m, a) < g.goal_distance(m.seat, m.at)
    })
    .then(|g, legal, c| {
        let Some(Frame::Move(m)) = g.frames.last() else {
            return Vec::new();
        };
        let c = nearest(c, |a| g.after_step(m, a));
        // No step nearer: the group that set out stops here.
        if c.is_empty() && m.at != NO_REGION {
            legal.iter().copied().filter(|a| *a == Action::Done).collect()
        } else {
            c
        }
    }),
    // 15.3 (reconstructed): the Patriot bot causes casualties, and
    // Opportunity Fire on troops that all retreated before combat (7.1.3) is
    // free dice at them: it costs no VP and risks no unit, only Fired markers
    // on attackers left with no British to fight in that region. Judged from
    // one sample (`best_now`), a roll without a 6 made it look worse than
    // declining (audit of rules b2c-5), so the sheet says: always fire.
    Rule::keep("fire on the retreating British: free dice (7.1.3)", |g, a| {
        *a == Action::Yes
            && g.bot_seat() == Some(PATRIOT)
            && matches!(g.frames.last(), Some(Frame::Combat(c)) if c.ask.is_none() && c.stage == CombatStage::OpFire)
    }),
    Rule::keep("best immediate result", |_, _| true).then(|g, _, c| g.best_now(&c)),
];

/// The candidates with the smallest key.
fn nearest(c: Vec<Action>, key: impl Fn(&Action) -> u8) -> Vec<Action> {
    let best = c.iter().map(&key).min().unwrap_or(u8::MAX);
    c.into_iter().filter(|a| key(a) == best).collect()
}

impl SheetBot for B2c {
    /// 15.4 the British bot, 15.3 the Patriot bot.
    const SECTIONS: [&'static str; 2] = ["15.4", "15.3"];

    /// The seat the bot plays (15.3 the Patriots, 15.4 the British), with option bot=sheet.
    fn bot_seat(&self) -> Option<Seat> {
        self.scenario.bot_seat(self.opts.bot)
    }

    fn bot_choice(&mut self) -> Option<Choice<Action>> {
        let seat = self.bot_seat()?;
        let frame_seat = self.frames.last().and_then(|f| self.frame_seat(f))?;
        if frame_seat != seat {
            return None;
        }
        let mut legal = Vec::new();
        self.legal_for(seat, &mut legal);
        if legal.is_empty() {
            return None;
        }
        let menu = matches!(self.frames.last(), Some(Frame::Menu { .. }));
        let sheet = match (menu, seat) {
            (false, _) => WITHIN_ACTION,
            (true, BRITISH) => BRITISH_SHEET,
            (true, _) => PATRIOT_SHEET,
        };
        let proposal = sheet::propose(sheet, &legal, |r| r.candidates(self, &legal), |r| r.reason);
        Some(proposal.pick(&mut self.core.dice))
    }
}

impl B2c {
    /// Regions to the objective: Lexington for the British, the nearest British region for the Patriots.
    fn goal_distance(&self, seat: Seat, r: Region) -> u8 {
        if r == NO_REGION {
            return u8::MAX;
        }
        if seat == BRITISH {
            map().dist(r, map().lexington)
        } else {
            // Adjacent is the goal: the bot attacks by Assault, not by walking in.
            match self.british_distance(r) {
                0 => 2,
                d => d - 1,
            }
        }
    }

    /// Regions to the moving group's objective after the step or landing `a` (u8::MAX for any other action).
    fn after_step(&self, m: &Move, a: &Action) -> u8 {
        match *a {
            Action::Step(r) | Action::Land(r) => self.goal_distance(m.seat, r),
            _ => u8::MAX,
        }
    }

    /// Regions from `r` to the nearest British piece on the map.
    fn british_distance(&self, r: Region) -> u8 {
        let m = map();
        let here = self.british_regions();
        (0..m.len() as Region)
            .filter(|&b| here & (1 << b) != 0 && m.area(b).on_map())
            .map(|b| m.dist(r, b))
            .min()
            .unwrap_or(u8::MAX)
    }

    /// The British group in `r` can still get nearer `goal`.
    fn can_gain(&self, r: Region, goal: Region) -> bool {
        let m = map();
        m.area(r).on_map() && m.neighbours(r).iter().any(|&n| m.dist(n, goal) < m.dist(r, goal))
    }

    /// Unbroken Regulars in `r` at least twice the Patriots there (15.2 the 2-to-1 count).
    fn outnumber(&self, r: Region) -> bool {
        let pats = self.count(r, PATRIOT, |p| p.kind.military() && !p.flipped);
        self.unbroken_regulars(r) >= 2 * pats.max(1)
    }

    /// British in `r` weakened (broken units, or no more unbroken Regulars than Patriot units striking from `from`).
    fn weakened(&self, from: Region, r: Region) -> bool {
        let broken = self.count(r, BRITISH, |p| p.kind == Kind::Regular && p.flipped);
        let unbroken = self.unbroken_regulars(r);
        broken > unbroken || unbroken <= self.unbroken_patriots(from)
    }

    /// The choice that leaves the bot's seat best placed at once, tried on
    /// copies with fresh dice so no future die is foreseen. Dropping a unit
    /// from a group is never preferred (it would undo a choice).
    fn best_now(&self, legal: &[Action]) -> Vec<Action> {
        let Some(seat) = self.bot_seat() else {
            return Vec::new();
        };
        let c: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| !matches!(a, Action::Drop(_)))
            .collect();
        let mut scored: Vec<(Action, f64)> = c
            .into_iter()
            .map(|a| {
                let mut t = self.clone();
                t.core.log.set_enabled(false);
                t.core.dice = engine::Dice::seeded(t.core.dice.events());
                t.perform(seat, a);
                (a, t.score(seat))
            })
            .collect();
        let best = scored.iter().map(|x| x.1).fold(f64::MIN, f64::max);
        scored.retain(|x| x.1 >= best - 1e-9);
        scored.into_iter().map(|x| x.0).collect()
    }
}
