//! 3.1 the Sequence of Play, in the order of ruling fiw #1, and the
//! dispatch of every decision to the procedure on top of the frame stack.

use crate::actions::Action;
use crate::forces::{BRITISH, FRENCH};
use crate::frames::Frame;
use crate::scenario;
use crate::state::{enemy, side_name, Fiw, Phase, Sub};
use crate::tables::tables;
use engine::{Procedure, Prompt, Seat, SeatSet};

impl Procedure for Fiw {
    type Action = Action;

    fn acting(&self) -> SeatSet {
        if self.core.outcome.is_some() {
            return SeatSet::default();
        }
        if let (Some(Frame::Purchases), Some(d)) = (self.stack.last(), &self.drafts) {
            return d.drafting();
        }
        match self.stack.last().and_then(Frame::seat) {
            Some(s) => SeatSet::one(s),
            None => SeatSet::default(),
        }
    }

    /// Ruling fiw #30: both seats draft their purchases at once.
    fn independent(&self) -> bool {
        matches!(self.stack.last(), Some(Frame::Purchases))
    }

    fn prompt(&self, seat: Seat) -> Prompt {
        let (text, rule): (String, &str) = match self.stack.last() {
            Some(Frame::Purchases) if self.pending(seat).is_some() => (self.pending_words(seat), "10.7"),
            Some(&Frame::Deploy { line, left, .. }) => {
                (format!("Set up {} ({left} to place)", self.line_words(line)), "35.3")
            }
            Some(Frame::ChooseFirst { .. }) => (
                "The Balance of Power favours you: choose the first player of this turn".into(),
                "7.2",
            ),
            Some(Frame::Movement { .. }) => ("Form a force to move, or end the movement sub-phase".into(), "12.1"),
            Some(Frame::Force(f)) if !f.moving => ("Choose the pieces of the force, then set out".into(), "11.3"),
            Some(Frame::Force(f)) => (
                format!("Move the force: {} left", crate::movement::points_words(f.left)),
                "13.1",
            ),
            Some(Frame::EventChoice { event, .. }) => (format!("{}: choose", crate::events::event_name(event)), "8.1"),
            Some(Frame::Events { .. }) => ("Random events".into(), "8.1"),
            Some(Frame::Negotiations { .. }) => (
                "Negotiate with a leader in a colonial capital or an Indian village, or end your negotiations".into(),
                "16.1",
            ),
            Some(Frame::Talks(t)) if t.pounds.is_none() => (
                format!(
                    "{}: add pounds to the negotiation (up to his diplomacy)",
                    self.leader(t.leader).name
                ),
                "16.1",
            ),
            Some(Frame::Talks(t)) if !t.answered => (
                format!(
                    "The enemy negotiates in {}: counter with a leader there?",
                    self.sq_name(t.sq)
                ),
                "16.1",
            ),
            Some(Frame::Talks(_)) => ("Add pounds to the counter (up to his diplomacy)".into(), "16.1"),
            // What is bought and left, where the choices are (the facts
            // say it too, a phone's page further down).
            Some(Frame::Purchases) => (
                format!(
                    "Buy recruits, supply points, markers and leaders in secret, then Done. So far: {}",
                    self.purchases_fact(seat).unwrap_or_default()
                ),
                "9.2",
            ),
            Some(Frame::Naval(f)) if !f.moving => (
                "Choose the naval units, then the land units and leaders to embark, then set sail".into(),
                "20.31",
            ),
            Some(Frame::Naval(f)) => (
                format!("Move the naval force: {} left", crate::movement::points_words(f.left)),
                "20.21",
            ),
            Some(Frame::Combats(_) | Frame::Battle(_)) => self.combat_prompt(),
            Some(Frame::Raise { .. }) => (self.raise_prompt(), "14.4"),
            Some(&Frame::Provision { sq, .. }) => (
                format!(
                    "The units in {} exceed its forage value: expend a supply point, or choose the units that starve",
                    self.sq_name(sq)
                ),
                "18.3",
            ),
            Some(Frame::GoHome { .. }) => (self.home_prompt(), "25.4"),
            None => ("Waiting".into(), "3.1"),
        };
        Prompt {
            text,
            rule: rule.to_string(),
        }
    }

    fn legal_for(&self, seat: Seat, out: &mut Vec<Action>) {
        if !self.acting().contains(seat) {
            return;
        }
        match self.stack.last() {
            Some(&Frame::Deploy { line, .. }) => {
                let either = self.either_face(line);
                let broken = self.broken_down(line).is_some();
                for sq in self.deploy_squares(seat, line) {
                    out.push(Action::Deploy { sq, light: false });
                    if either {
                        out.push(Action::Deploy { sq, light: true });
                    }
                    if broken {
                        out.push(Action::DeployBroken { sq, light: false });
                        if either {
                            out.push(Action::DeployBroken { sq, light: true });
                        }
                    }
                }
            }
            Some(Frame::ChooseFirst { .. }) => out.extend([Action::First(BRITISH), Action::First(FRENCH)]),
            Some(Frame::Movement {
                seat,
                passed,
                passed_naval,
            }) => self.movement_legal(*seat, passed, passed_naval, out),
            Some(Frame::Force(f)) => self.force_legal(f, out),
            Some(Frame::Purchases) => self.purchases_legal(seat, out),
            Some(Frame::EventChoice { options, optional, .. }) => {
                out.extend(options.iter().map(|&c| Action::Pick(c)));
                if *optional {
                    out.push(Action::Decline);
                }
            }
            Some(Frame::Events { .. }) => {}
            Some(Frame::Negotiations { seat, tried }) => self.negotiations_legal(*seat, tried, out),
            Some(Frame::Talks(t)) => self.talks_legal(t, out),
            Some(Frame::Naval(f)) => self.naval_legal(f, out),
            Some(Frame::Combats(c)) => self.combats_legal(c, out),
            Some(Frame::Battle(b)) => self.battle_legal(b, out),
            Some(Frame::Raise { units, placed, .. }) => {
                if let Some(&u) = units.first() {
                    out.extend(self.raise_squares(u, placed).into_iter().map(Action::Raise));
                }
            }
            Some(&Frame::Provision { seat, sq }) => {
                if self.supply[seat as usize] > 0 {
                    out.push(Action::Provision(sq));
                }
                out.extend(self.to_feed(sq, seat).map(Action::Starve));
                let surplus = self.ration(sq, seat).surplus();
                out.extend(
                    self.to_feed(sq, seat)
                        .filter(|&u| self.breaks_to_starve(u, surplus))
                        .map(Action::BreakDown),
                );
            }
            Some(&Frame::GoHome { seat, sq }) => {
                out.extend(self.side_at(sq, seat).filter(|&u| self.is_indian(u)).map(Action::Home));
            }
            None => {}
        }
    }

    fn perform(&mut self, seat: Seat, a: Action) {
        match (self.stack.last(), a) {
            (
                Some(&Frame::Deploy { line, left, .. }),
                Action::Deploy { sq, light } | Action::DeployBroken { sq, light },
            ) => {
                if left <= 1 {
                    self.stack.pop();
                } else if let Some(Frame::Deploy { left, .. }) = self.stack.last_mut() {
                    *left -= 1;
                }
                if matches!(a, Action::DeployBroken { .. }) {
                    self.deploy_broken(seat, line, sq, light);
                } else {
                    self.deploy(seat, line, sq, light);
                }
            }
            (Some(Frame::ChooseFirst { .. }), Action::First(s)) => {
                self.stack.pop();
                self.first = s;
                self.core.log.say("7.2", || {
                    format!("The {} player is first player this turn.", side_name(s))
                });
            }
            (Some(Frame::Movement { .. }), Action::Form(at)) => self.form(seat, at),
            (Some(Frame::Movement { .. }), Action::EndMovement) => {
                self.stack.pop();
            }
            (Some(Frame::Movement { .. }), Action::FormNaval(at)) => self.form_naval(seat, at),
            (Some(Frame::Force(_)), a) => self.force_perform(a),
            (Some(Frame::Purchases), a) => self.purchases_perform(seat, a),
            (Some(Frame::EventChoice { .. }), Action::Pick(c)) => self.event_pick(Some(c)),
            (Some(Frame::EventChoice { .. }), Action::Decline) => self.event_pick(None),
            (Some(Frame::Negotiations { .. }), Action::Negotiate { sq, village, leader }) => {
                if let Some(Frame::Negotiations { tried, .. }) = self.stack.last_mut() {
                    tried.push(sq);
                }
                self.stack.push(Frame::Talks(Box::new(crate::negotiations::Talks {
                    seat,
                    sq,
                    village,
                    leader,
                    pounds: None,
                    counter: None,
                    answered: false,
                })));
            }
            (Some(Frame::Negotiations { .. }), Action::Done) => {
                self.stack.pop();
            }
            (Some(Frame::Talks(_)), a) => self.talks_perform(a),
            (Some(Frame::Naval(_)), a) => self.naval_perform(a),
            (Some(Frame::Combats(_) | Frame::Battle(_)), a) => self.combat_perform(a),
            (Some(Frame::Raise { .. }), Action::Raise(sq)) => self.raise(sq),
            (Some(Frame::Provision { .. }), Action::Provision(sq)) => self.provision(sq),
            (Some(Frame::Provision { .. }), Action::Starve(u)) => self.starve(u),
            (Some(Frame::Provision { .. }), Action::BreakDown(u)) => self.break_down_to_starve(u),
            (Some(Frame::GoHome { .. }), Action::Home(u)) => self.send_home(u),
            _ => unreachable!("only legal actions reach perform"),
        }
    }

    fn step(&mut self) -> bool {
        if self.core.outcome.is_some() {
            return false;
        }
        if let Some(Frame::Combats(_) | Frame::Battle(_)) = self.stack.last() {
            return self.combat_step();
        }
        match self.stack.last() {
            Some(Frame::Events { .. }) => self.next_event(),
            Some(&Frame::Deploy { seat, line, .. }) => {
                // 35.3 a set-up line whose next piece has one place and one
                // face left decides nothing: it sets up without a click
                // (ruling fiw #90). Not a line drawn at random (25.1): the
                // draw would ride on the seat's previous action and its undo.
                let drawn = matches!(
                    scenario::spec(self.scenario).lines[line as usize].what,
                    scenario::What::Indians { .. }
                );
                // A line of either face or broken down offers two actions
                // a square, never one alone: its squares are not searched
                // here as well as for the choice.
                if drawn || self.either_face(line) || self.broken_down(line).is_some() {
                    return false;
                }
                let mut legal = Vec::new();
                self.legal_for(seat, &mut legal);
                match legal[..] {
                    [only] => self.perform(seat, only),
                    _ => return false,
                }
            }
            Some(Frame::Talks(t)) => {
                // 16.1, 16.32 a leader who may add no pound is not asked
                // to add none.
                let seat = Self::talks_seat(t);
                let mut legal = Vec::new();
                self.legal_for(seat, &mut legal);
                match legal[..] {
                    [only @ Action::Spend(0)] => self.perform(seat, only),
                    _ => return false,
                }
            }
            Some(_) => return false,
            None => self.next_phase(),
        }
        true
    }
}

/// 35.4 2.0 "Players can agree to end a scenario in 1762 instead."
pub const EXTENDED_END: u16 = 1762;

/// 8.3 the year Spain historically entered the war.
const HISTORIC_SPAIN: u16 = 1761;

impl Fiw {
    /// The set-up line in words: "2 French line regiments in any French
    /// city, town or fort of New France".
    pub fn line_words(&self, line: u8) -> String {
        let l = &scenario::spec(self.scenario).lines[line as usize];
        let what = match l.what {
            scenario::What::Leader(name) => tables()
                .forces
                .leader(name)
                .map_or(name.to_string(), |x| x.name.clone()),
            scenario::What::Units(n) => {
                let kinds: Vec<&str> = n.types.iter().map(|&t| crate::state::type_word(t)).collect();
                let home = n
                    .home
                    .and_then(|h| crate::map::Colony::ALL.into_iter().find(|c| c.id() == h))
                    .map_or(String::new(), |c| format!("{} ", c.abbr()));
                // "3 MA militia regiments": the colony's abbreviation as
                // printed, the noun in the plural.
                let noun = format!("{} {:?}", engine::log::alternatives(kinds), n.size).to_lowercase();
                format!("{} {home}{noun}{}", n.n, if n.n == 1 { "" } else { "s" })
            }
            scenario::What::Indians { n, .. } => {
                format!("{n} drawn at random", n = engine::log::count(n, "Indian unit"))
            }
        };
        let at = match l.at {
            scenario::Where::At(p) => tables().map.place(p).map_or(p.to_string(), |x| x.name.clone()),
            scenario::Where::OneOf(ps) => engine::log::alternatives(
                ps.iter()
                    .map(|p| tables().map.place(p).map_or(p.to_string(), |x| x.name.clone())),
            ),
            scenario::Where::In(c) => format!("anywhere in {}", c.name()),
            scenario::Where::Posts {
                colony,
                cities,
                towns,
                forts,
            } => {
                let kinds: Vec<&str> = [(cities, "city"), (towns, "town"), (forts, "fort")]
                    .iter()
                    .filter(|k| k.0)
                    .map(|k| k.1)
                    .collect();
                format!("any {} of {}", engine::log::alternatives(kinds), colony.name())
            }
            scenario::Where::Villages(colonies) => format!(
                "any Indian village of {}",
                engine::log::alternatives(colonies.iter().map(|c| c.name()))
            ),
            scenario::Where::Occupied => "any square the French occupy".into(),
        };
        format!("{what} ({at})")
    }

    /// The second player of this turn.
    pub fn second(&self) -> Seat {
        enemy(self.first)
    }

    /// The last turn of the scenario: its last year's, or 1762's in the
    /// extended scenario (35.4 2.0), or the year the players agreed to end
    /// after (35.4 1.0, ruling fiw #79: never later than those).
    pub fn last_turn(&self) -> u8 {
        let years = &scenario::spec(self.scenario).years;
        let printed = if self.extended { EXTENDED_END } else { *years.end() };
        // ruling: fiw #79
        let last = self.end.map_or(printed, |end| end.clamp(*years.start(), printed));
        (last - years.start() + 1) as u8
    }

    pub fn year(&self) -> u16 {
        scenario::spec(self.scenario).years.start() + u16::from(self.turn) - 1
    }

    /// Runs the step after the present one of 3.1 (ruling fiw #1),
    /// pushing the next decision.
    fn next_phase(&mut self) {
        let first_turn = self.turn == 1;
        match self.phase {
            Phase::Deployment(_) => self.end_setup(),
            Phase::Initiative => {
                // 7.1 the favoured player chooses (ruling fiw #42: 7.2).
                let favoured = self.balance.favours();
                // 7.3 he goes first in simultaneous steps.
                self.initiative = favoured;
                let (year, value) = (self.year(), self.balance.value());
                self.core.log.say("7.1", || {
                    format!(
                        "{year}: the Balance of Power ({value:+}) favours the {}.",
                        side_name(favoured)
                    )
                });
                self.stack.push(Frame::ChooseFirst { seat: favoured });
                self.phase = Phase::RandomEvents;
            }
            Phase::RandomEvents => {
                if first_turn {
                    self.core
                        .log
                        .say("35.3", || "No random events on the first turn (35.3 7.1).".into());
                } else if self.historic_spain && self.year() == HISTORIC_SPAIN {
                    self.core.log.say("8.3", || {
                        "1761: Spain enters the war in its historic year; no random events are rolled.".into()
                    });
                    if !self.spain {
                        let roller = crate::events::roller(u32::from(self.turn));
                        self.stack.push(Frame::Events {
                            roller,
                            queue: vec!["spain-enters".into()],
                        });
                    }
                } else {
                    self.roll_events();
                }
                self.phase = Phase::Negotiations(self.first);
            }
            Phase::Negotiations(s) => {
                if first_turn {
                    if s == self.first {
                        self.core
                            .log
                            .say("35.3", || "No negotiations on the first turn (35.3 7.1).".into());
                    }
                } else {
                    // Ruling fiw #29: the first player negotiates first.
                    self.core.log.say("16.0", || self.phase.name());
                    self.stack.push(Frame::Negotiations {
                        seat: s,
                        tried: Vec::new(),
                    });
                }
                self.phase = if s == self.first {
                    Phase::Negotiations(self.second())
                } else {
                    Phase::IncomeExpenditure
                };
            }
            Phase::IncomeExpenditure => {
                if first_turn && !scenario::spec(self.scenario).first_turn_income {
                    self.core.log.say("35.3", || {
                        "No income/expenditure phase on the first turn (35.3 7.1).".into()
                    });
                    self.begin_operations(1, self.first);
                } else if self.drafts.is_none() {
                    self.collect_income();
                } else {
                    self.drafts = None;
                    self.begin_operations(1, self.first);
                }
            }
            Phase::Operations { round, seat } => match self.sub {
                Sub::Movement => {
                    self.sub = Sub::InvasionReaction;
                    self.invasion_reaction(seat);
                }
                Sub::InvasionReaction => {
                    self.sub = Sub::Combat;
                    self.begin_combat(seat);
                }
                Sub::Combat => {
                    for u in self.units.iter_mut() {
                        u.moved = false;
                    }
                    for l in &mut self.leaders {
                        l.moved = false;
                    }
                    if seat == self.first {
                        self.begin_operations(round, self.second());
                    } else if round < 4 {
                        self.begin_operations(round + 1, self.first);
                    } else {
                        self.phase = Phase::Provisioning(self.first);
                    }
                }
            },
            // 18.3 (ruling fiw #1 step 13): the phase moves on once done.
            Phase::Provisioning(s) => self.provisioning(s),
            // Ruling fiw #1 step 14: the phase moves on once done.
            Phase::Administration => self.administration(),
            Phase::BalanceOfPower => {
                self.balance_of_power_phase();
                self.phase = Phase::EndOfTurn;
            }
            Phase::EndOfTurn => self.end_of_turn(),
        }
    }

    fn begin_operations(&mut self, round: u8, seat: Seat) {
        self.phase = Phase::Operations { round, seat };
        self.sub = Sub::Movement;
        self.core.log.say("12.0", || self.phase.name());
        self.stack.push(Frame::Movement {
            seat,
            passed: Vec::new(),
            passed_naval: Vec::new(),
        });
    }

    /// 4.11 each city of the chart occupied by the side it is not the
    /// home of shifts the index toward the occupier (ruling fiw #47). 7.3
    /// the player with the initiative makes his shifts first: where one
    /// reaches an extreme (4.3) the order tells (ruling fiw #100).
    fn balance_of_power_phase(&mut self) {
        let t = tables();
        // ruling: fiw #100
        for seat in [self.initiative, enemy(self.initiative)] {
            for c in t.balance.changes.iter().filter(|c| c.id == "occupy") {
                let Some(city) = c.city.as_deref() else { continue };
                let Some(place) = t.map.place(city) else { continue };
                let home = t.map.colony(place.sq).and_then(|col| self.owner(col));
                // ruling: fiw #47
                if Some(seat) != home && self.controls(place.sq, seat) && !self.besieged(place.sq) {
                    let before = self.balance;
                    self.balance = self.balance.shift(c.shift, seat);
                    let name = place.name.clone();
                    let after = self.balance;
                    self.core.log.say("4.11", || {
                        format!(
                            "The {} occupy {name}: the Balance of Power {}.",
                            side_name(seat),
                            after.shift_words(before, c.shift, "them")
                        )
                    });
                }
            }
        }
    }

    /// 3.1 End of Turn: the next turn, or 29.0 victory after the last.
    fn end_of_turn(&mut self) {
        if self.turn >= self.last_turn() {
            // 35.4 1.0 say why a game agreed short ends here.
            let printed = if self.extended {
                EXTENDED_END
            } else {
                *scenario::spec(self.scenario).years.end()
            };
            let year = self.year();
            if year < printed {
                self.core.log.say("35.4", || {
                    format!("The players agreed to end the game in {year}: it is scored as at the scenario's end.")
                });
            }
            self.victory();
            return;
        }
        self.turn += 1;
        self.this_turn.clear();
        for u in self.units.iter_mut() {
            u.ops = 0;
        }
        for l in &mut self.leaders {
            l.ops = 0;
        }
        let (turn, year) = (self.turn, self.year());
        self.core.log.say("3.1", || format!("Turn {turn} ({year}) begins."));
        self.phase = Phase::Initiative;
    }
}
