//! 16.0 Negotiations: the Negotiation Table (`data/negotiation.tsv`,
//! reconstructed), one part for colonial capitals and one for Indian
//! villages, read by the differential of the two sides' totals (16.1).

use crate::dice::{RollRows, DIE};
use engine::table::{self, Row, TableError};
use std::path::Path;

const NEGOTIATION_TSV: &str = include_str!("../data/negotiation.tsv");
/// The file `--data` may replace.
pub const FILE: &str = "negotiation.tsv";

/// 16.0-16.34 why negotiations may not be opened at a place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TalksBar {
    /// 16.0 only in a colonial capital or an Indian village.
    NotCapitalOrVillage,
    /// 16.31 one attempt against a square a phase.
    Tried,
    /// 16.33 not where enemy combat units are.
    EnemyUnits,
    /// 16.34 not in Florida until Spain is a belligerent.
    NeutralFlorida,
    /// 16.2 the French never open in a British colonial capital.
    BritishCapital,
    /// 16.0 a leader of the seat must be in the square.
    NoLeader,
}

/// 16.0 where negotiations take place.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    /// A colonial capital: status and reinforcements.
    Capital,
    /// An Indian village: Indian units.
    Village,
}

/// One result of the table (the file's header says what each does).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Nothing,
    /// 5.24, 5.25 the colony's status shifts the negotiator's way.
    Shift,
    /// As `Shift`, plus a free militia regiment in his own colony (10.5).
    ShiftAndMilitia,
    /// 17.4 the negotiating leader is eliminated.
    LeaderEliminated,
    /// 10.4 that many Indian units on the negotiator's side.
    Indians(u8),
    /// 25.1 one Indian unit on the enemy's side.
    EnemyIndians,
}

/// The differential columns, lowest first: the first is "or less", the
/// last "or more".
pub const DIFFERENTIALS: [&str; 8] = ["-1", "0", "+1", "+2", "+3", "+4", "+5", "+6"];
const LOWEST: i32 = -1;

/// 16.1 the Negotiation Table.
#[derive(Clone, Debug)]
pub struct NegotiationTable {
    pub capital: RollRows<[Outcome; 8]>,
    pub village: RollRows<[Outcome; 8]>,
}

fn outcome(row: &Row, column: &str, target: Target) -> Result<Outcome, TableError> {
    let (words, expected): (&[(&str, Outcome)], _) = match target {
        Target::Capital => (
            &[
                ("-", Outcome::Nothing),
                ("S", Outcome::Shift),
                ("S+", Outcome::ShiftAndMilitia),
                ("L", Outcome::LeaderEliminated),
            ],
            "one of - S S+ L (a capital)",
        ),
        Target::Village => (
            &[
                ("-", Outcome::Nothing),
                ("1", Outcome::Indians(1)),
                ("2", Outcome::Indians(2)),
                ("L", Outcome::LeaderEliminated),
                ("E", Outcome::EnemyIndians),
            ],
            "one of - 1 2 L E (a village)",
        ),
    };
    let cell = row.str(column);
    words
        .iter()
        .find(|(w, _)| *w == cell)
        .map(|&(_, o)| o)
        .ok_or_else(|| row.error(column, expected))
}

impl NegotiationTable {
    pub fn read(dir: Option<&Path>) -> Result<NegotiationTable, TableError> {
        let mut columns = vec!["target", "roll"];
        columns.extend(DIFFERENTIALS);
        let t = table::read(dir, FILE, NEGOTIATION_TSV, &columns)?;
        let targets = [("capital", Target::Capital), ("village", Target::Village)];
        for row in t.rows() {
            row.one_of("target", &targets)?;
        }
        let part = |target: Target| {
            let rows = t.rows().filter(move |r| r.one_of("target", &targets) == Ok(target));
            RollRows::read_rows(&t, rows, DIE, |row| {
                let mut cells = [Outcome::Nothing; 8];
                for (cell, column) in cells.iter_mut().zip(DIFFERENTIALS) {
                    *cell = outcome(row, column, target)?;
                }
                Ok(cells)
            })
        };
        Ok(NegotiationTable {
            capital: part(Target::Capital)?,
            village: part(Target::Village)?,
        })
    }

    /// 16.1 the result of a differential and an unmodified roll.
    pub fn result(&self, target: Target, differential: i32, roll: u8) -> Outcome {
        let rows = match target {
            Target::Capital => &self.capital,
            Target::Village => &self.village,
        };
        let column = (differential.clamp(LOWEST, LOWEST + DIFFERENTIALS.len() as i32 - 1) - LOWEST) as usize;
        rows.get(i32::from(roll))[column]
    }
}

/// 16.1 one negotiation under way.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Talks {
    /// The phasing (negotiating) seat.
    pub seat: engine::Seat,
    pub sq: crate::map::Sq,
    /// At the village rather than the capital of the square.
    pub village: bool,
    pub leader: crate::state::LeaderId,
    /// The pounds the negotiator added, once chosen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pounds: Option<u8>,
    /// The countering leader, once the other side chose to counter (16.1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counter: Option<crate::state::LeaderId>,
    /// The other side decided whether to counter.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub answered: bool,
}

impl crate::state::Fiw {
    /// 16.3, 25.3 a leader's diplomacy where he negotiates: an Indian
    /// leader's only in a village.
    pub fn diplomacy(&self, l: crate::state::LeaderId, village: bool) -> u8 {
        let leader = self.leader(l);
        if leader.side.is_none() && !village {
            0
        } else {
            leader.diplomacy
        }
    }

    /// 16.0-16.34 where a seat may open negotiations now, and with whom:
    /// (square, village or capital, leader).
    pub fn negotiation_openings(
        &self,
        seat: engine::Seat,
        tried: &[crate::map::Sq],
    ) -> Vec<(crate::map::Sq, bool, crate::state::LeaderId)> {
        let m = &crate::tables::tables().map;
        let mut out = Vec::new();
        for p in &m.places {
            if self.talks_bar(seat, tried, p).is_some() {
                continue;
            }
            let village = p.tribe.is_some();
            for l in self.side_leaders_at(p.sq, seat) {
                if !out.contains(&(p.sq, village, l)) {
                    out.push((p.sq, village, l));
                }
            }
        }
        out
    }

    /// 16.0-16.34 why a seat may not open negotiations at a place of the
    /// map now (the first condition it fails; `None` when it may): the
    /// check behind [`Fiw::negotiation_openings`] and "why not?".
    pub(crate) fn talks_bar(
        &self,
        seat: engine::Seat,
        tried: &[crate::map::Sq],
        p: &crate::map::Place,
    ) -> Option<TalksBar> {
        use crate::map::{Colony, Empire};
        let colony = crate::tables::tables().map.colony(p.sq);
        let village = p.tribe.is_some();
        if !village && !p.capital {
            return Some(TalksBar::NotCapitalOrVillage);
        }
        if tried.contains(&p.sq) {
            return Some(TalksBar::Tried);
        }
        // 16.34 first: neutral Spanish units in Florida are nobody's (5.3).
        if colony == Some(Colony::Florida) && !self.spain {
            return Some(TalksBar::NeutralFlorida);
        }
        if self.has_units(p.sq, crate::state::enemy(seat)) {
            return Some(TalksBar::EnemyUnits);
        }
        if !village && seat == crate::forces::FRENCH && colony.and_then(|c| c.empire()) == Some(Empire::British) {
            return Some(TalksBar::BritishCapital);
        }
        if self.side_leaders_at(p.sq, seat).next().is_none() {
            return Some(TalksBar::NoLeader);
        }
        None
    }

    pub fn negotiations_legal(
        &self,
        seat: engine::Seat,
        tried: &[crate::map::Sq],
        out: &mut Vec<crate::actions::Action>,
    ) {
        use crate::actions::Action;
        for (sq, village, leader) in self.negotiation_openings(seat, tried) {
            out.push(Action::Negotiate { sq, village, leader });
        }
        out.push(Action::Done);
    }

    /// The most pounds a leader may add (16.1: up to his diplomacy; 16.32
    /// none with a 0; 9.32 no more than the treasury).
    fn max_pounds(&self, seat: engine::Seat, l: crate::state::LeaderId, village: bool) -> u8 {
        self.diplomacy(l, village)
            .min(self.treasury[seat as usize].min(u16::from(u8::MAX)) as u8)
    }

    pub fn talks_legal(&self, t: &Talks, out: &mut Vec<crate::actions::Action>) {
        use crate::actions::Action;
        match (t.pounds, t.answered, t.counter) {
            (None, _, _) => out.extend((0..=self.max_pounds(t.seat, t.leader, t.village)).map(Action::Spend)),
            (Some(_), false, _) => {
                let other = crate::state::enemy(t.seat);
                out.extend(self.side_leaders_at(t.sq, other).map(Action::Counter));
                out.push(Action::Decline);
            }
            (Some(_), true, Some(c)) => {
                let other = crate::state::enemy(t.seat);
                out.extend((0..=self.max_pounds(other, c, t.village)).map(Action::Spend));
            }
            (Some(_), true, None) => {}
        }
    }

    /// The seat that decides next in a negotiation.
    pub fn talks_seat(t: &Talks) -> engine::Seat {
        if t.pounds.is_some() {
            crate::state::enemy(t.seat)
        } else {
            t.seat
        }
    }

    /// Whether the other side may counter (a leader of its in the square).
    fn may_counter(&self, t: &Talks) -> bool {
        self.side_leaders_at(t.sq, crate::state::enemy(t.seat)).next().is_some()
    }

    pub fn talks_perform(&mut self, a: crate::actions::Action) {
        use crate::actions::Action;
        use crate::frames::Frame;
        let Some(Frame::Talks(t)) = self.stack.last() else {
            unreachable!()
        };
        let mut t: Talks = (**t).clone();
        match a {
            Action::Spend(n) if t.pounds.is_none() => {
                self.treasury[t.seat as usize] -= u16::from(n);
                t.pounds = Some(n);
                if !self.may_counter(&t) {
                    t.answered = true;
                }
            }
            Action::Counter(l) => {
                t.counter = Some(l);
                t.answered = true;
            }
            Action::Decline => t.answered = true,
            Action::Spend(n) => {
                let other = crate::state::enemy(t.seat);
                self.treasury[other as usize] -= u16::from(n);
                self.stack.pop();
                self.resolve_talks(&t, n);
                return;
            }
            _ => unreachable!("only legal actions reach perform"),
        }
        if t.answered && t.counter.is_none() {
            self.stack.pop();
            self.resolve_talks(&t, 0);
        } else {
            *self.stack.last_mut().expect("the talks") = Frame::Talks(Box::new(t));
        }
    }

    /// 16.1 the totals, the differential and the roll on the table, and
    /// what the result does.
    fn resolve_talks(&mut self, t: &Talks, counter_pounds: u8) {
        use crate::state::{enemy, side_name, Place, Status};
        let tables = crate::tables::tables();
        let other = enemy(t.seat);
        let offered = [
            ("diplomacy", i32::from(self.diplomacy(t.leader, t.village)), false),
            ("", i32::from(t.pounds.unwrap_or(0)), true),
            (
                "Balance of Power",
                i32::from(tables.balance.negotiation(self.balance, t.seat)),
                false,
            ),
        ];
        let countered = [
            (
                "diplomacy",
                t.counter.map_or(0, |c| i32::from(self.diplomacy(c, t.village))),
                false,
            ),
            ("", i32::from(counter_pounds), true),
            // 16.1 the defensive total is the counter's, and only a side
            // with a leader in the square counters: its Balance of Power
            // bonus (4.2) defends only then.
            // ruling: fiw #93
            (
                "Balance of Power",
                t.counter
                    .map_or(0, |_| i32::from(tables.balance.negotiation(self.balance, other))),
                false,
            ),
        ];
        let (offence, defence) = (total(&offered), total(&countered));
        let differential = offence - defence;
        // 16.1 the players check each other's totals: each says its parts.
        let (offered, countered) = (parts(&offered), parts(&countered));
        let roll = self.core.dice.d6();
        let target = if t.village { Target::Village } else { Target::Capital };
        let outcome = tables.negotiation.result(target, differential, roll);
        let at = self.sq_name(t.sq);
        // The leader is designated openly, face-down or not: his diplomacy
        // is in the totals both players check (ruling fiw #62).
        let who = self.leader(t.leader).name.clone();
        let side = side_name(t.seat);
        self.core.log.roll("16.1", &[roll], || {
            format!(
                "{who} negotiates for the {side} in {at}: {offence}{offered} against {defence}{countered}, differential {differential:+}, roll {roll}: {}.",
                match outcome {
                    Outcome::Nothing => "no effect".to_string(),
                    Outcome::Shift => "the colony's status shifts".into(),
                    Outcome::ShiftAndMilitia => "the colony's status shifts, and a militia regiment".into(),
                    Outcome::LeaderEliminated => format!("{who} is eliminated"),
                    Outcome::Indians(n) => format!("{} {}", engine::log::count(n, "Indian unit"), if n == 1 { "joins" } else { "join" }),
                    Outcome::EnemyIndians => "an Indian unit joins the enemy".into(),
                }
            )
        });
        let colony = tables.map.colony(t.sq);
        match outcome {
            Outcome::Nothing => {}
            Outcome::Shift | Outcome::ShiftAndMilitia => {
                let Some(c) = colony else { return };
                let owner = self.owner(c);
                if owner == Some(t.seat) && self.status(c) == Status::Passive {
                    self.set_status(c, Status::Active);
                    self.core.log.say("5.24", || format!("{} becomes active.", c.name()));
                } else if owner == Some(other) && self.status(c) == Status::Active && c != crate::map::Colony::Florida {
                    // 5.3 Florida is neutral or active, never passive.
                    self.set_status(c, Status::Passive);
                    self.core.log.say("5.25", || format!("{} becomes passive.", c.name()));
                } else {
                    let now = self.status(c).word();
                    self.core
                        .log
                        .say("5.24", || format!("{} stays {now}: no change.", c.name()));
                }
                if outcome == Outcome::ShiftAndMilitia && owner == Some(t.seat) {
                    self.free_militia(t.seat, c, t.sq);
                }
            }
            Outcome::LeaderEliminated => {
                // 17.44 named leaders never return; brigadiers and chiefs may.
                self.leaders[t.leader as usize].at = if self.leader(t.leader).named() {
                    Place::Gone
                } else {
                    Place::Pool
                };
            }
            Outcome::Indians(n) => {
                for _ in 0..n {
                    self.indian_joins(t.seat, t.sq, "10.4");
                }
            }
            Outcome::EnemyIndians => self.indian_joins(other, t.sq, "25.1"),
        }
    }

    /// 10.5 a free militia regiment of a colony placed in its capital.
    fn free_militia(&mut self, seat: engine::Seat, c: crate::map::Colony, sq: crate::map::Sq) {
        let u = (0..self.units.len() as u16).find(|&u| {
            let unit = &self.units[u as usize];
            let f = &crate::tables::tables().forces;
            let counter = &f.counters[unit.counter as usize];
            let front = &f.faces[counter.front];
            unit.at() == crate::state::Place::Pool
                && front.side == seat
                && front.kind == crate::forces::UnitType::Militia
                && front.size == crate::forces::Size::Regiment
                && front.home.as_deref() == Some(c.id())
        });
        let Some(u) = u else {
            self.core.log.say("10.72", || {
                format!("No {} militia regiment is left in the counter mix.", c.name())
            });
            return;
        };
        self.place_unit(u, crate::state::Place::Sq(sq));
        self.units[u as usize].back = false;
        let (unit, at) = (self.unit_name(u), self.sq_name(sq));
        self.core.log.say("10.5", || format!("{unit} is raised in {at}."));
    }

    /// 25.1 an Indian unit drawn at random from the pool, placed on
    /// `seat`'s side in a square.
    pub fn indian_joins(&mut self, seat: engine::Seat, sq: crate::map::Sq, rule: &'static str) {
        let pool: Vec<u16> = (0..self.units.len() as u16)
            .filter(|&u| self.units[u as usize].at() == crate::state::Place::Pool && self.is_indian(u))
            .collect();
        if pool.is_empty() {
            self.core
                .log
                .say("10.72", || "No Indian unit is left in the counter mix.".into());
            return;
        }
        let u = pool[self.core.dice.pick(pool.len())];
        self.place_unit(u, crate::state::Place::Sq(sq));
        self.units[u as usize].back = seat == crate::forces::BRITISH;
        let (unit, at, side) = (self.unit_name(u), self.sq_name(sq), crate::state::side_name(seat));
        self.core.log.apart(
            seat,
            rule,
            &[],
            || vec![sq.to_string()],
            || format!("{unit} joins the {side} in {at}."),
            || format!("An Indian unit joins the {side} in {at}."),
        );
    }
}

/// A negotiation total from its parts (name, value, in pounds).
fn total(parts: &[(&str, i32, bool)]) -> i32 {
    parts.iter().map(|p| p.1).sum()
}

/// " (diplomacy 3, £2)": a total's parts that count, none for a bare 0.
fn parts(parts: &[(&str, i32, bool)]) -> String {
    let words: Vec<String> = parts
        .iter()
        .filter(|p| p.1 != 0)
        .map(|&(name, v, pounds)| {
            if pounds {
                format!("£{v}")
            } else {
                format!("{name} {v}")
            }
        })
        .collect();
    if words.is_empty() {
        String::new()
    } else {
        format!(" ({})", words.join(", "))
    }
}
