//! 3.1 Normal Game Turn Sequence of Play, and the dispatch of every
//! decision to the procedure on top of the frame stack.

use crate::actions::Action;
use crate::forces::{AMERICAN, BRITISH};
use crate::frames::Frame;
use crate::scenario::Scenario;
use crate::state::{Gml, Phase, Place};
use crate::tables::tables;
use engine::{Procedure, Prompt, Seat, SeatSet};

impl Procedure for Gml {
    type Action = Action;

    fn acting(&self) -> SeatSet {
        if self.core.outcome.is_some() {
            return SeatSet::default();
        }
        match self.frame_seat() {
            Some(s) => SeatSet::one(s),
            None => SeatSet::default(),
        }
    }

    fn prompt(&self, _seat: Seat) -> Prompt {
        let (text, rule): (String, &str) = match self.stack.last() {
            Some(&Frame::Deploy { line, arrival, .. }) => {
                let l = self.line(line, arrival);
                let what = if arrival { "a reinforcement" } else { "a set-up line" };
                (
                    format!("Choose the space of {what}: {}", self.line_words(l)),
                    self.scenario.info().rule,
                )
            }
            Some(Frame::Command { .. }) => (
                "Roll on the Command Table, or activate a single unit or leader".into(),
                "4.0",
            ),
            Some(Frame::Activations { left, opponent, .. }) => {
                let whose = if *opponent { " (the opponent's roll, 4.1)" } else { "" };
                (format!("Activate a leader or a unit: {left} left{whose}"), "4.0")
            }
            Some(&Frame::Form { leader, .. }) => (
                format!(
                    "Form {}'s command: units in his space (6.14) and leaders under him (5.4); now {}",
                    self.leader(leader).name,
                    self.command_words(leader, true)
                ),
                "6.14",
            ),
            Some(Frame::Orders(_)) => ("Move a group or a unit, entrench, or end the activation".into(), "6.0"),
            Some(Frame::Move(m)) => (
                format!(
                    "Move {}: {} movement point{} left",
                    // (mid-sentence: "Move the PA Militia")
                    self.group_name(&m.leaders, &m.units).replacen("The ", "the ", 1),
                    half(m.left),
                    if m.left == 2 { "" } else { "s" }
                ),
                "6.1",
            ),
            Some(&Frame::Fort { space, .. }) => (
                format!("Your units in {}: go inside the fort?", self.space_name(space)),
                "6.6",
            ),
            // Where: two regions may raise militia in one phase (9.1).
            Some(Frame::Raise {
                seat,
                left,
                rule,
                states,
            }) => {
                // 9.4 only the states with a counter left (the others
                // offer no space).
                let names: Vec<&str> = states
                    .iter()
                    .filter(|&&st| self.pool_militia(*seat, st).is_some())
                    .map(|&st| tables().map.states[st as usize].name.as_str())
                    .collect();
                (
                    format!(
                        "Place {} in {}",
                        engine::log::count(left, "militia unit"),
                        engine::log::alternatives(&names)
                    ),
                    rule.as_str(),
                )
            }
            Some(&Frame::Relocate { leader, .. }) => {
                (format!("Place {} with friendly units", self.leader(leader).name), "5.6")
            }
            Some(Frame::Supply(c)) => (
                format!(
                    "Choose the units supplied automatically in {}: {} more",
                    self.space_name(c.space),
                    c.free as usize - c.chosen.len()
                ),
                if c.seat == AMERICAN { "10.1" } else { "10.2" },
            ),
            Some(&Frame::Naval { sailing, rolled, .. }) => {
                let transport = if rolled {
                    format!(
                        "{sailing} may sail on transports",
                        sailing = engine::log::count(sailing, "more land unit")
                    )
                } else {
                    "the first land unit to sail rolls for how many may (7.2)".into()
                };
                (
                    format!("Naval movement: set sail with a fleet or a land unit in port ({transport}), or end it"),
                    "7.0",
                )
            }
            Some(Frame::Voyage(v)) => {
                let board = if self.boarders(v).next().is_some() {
                    "; a leader in port may go aboard first"
                } else {
                    ""
                };
                (
                    format!(
                        "The {}'s voyage: {} left; sail on, enter a port or end it{board}",
                        self.unit_name(v.unit),
                        engine::log::count(v.left, "movement point")
                    ),
                    "7.1",
                )
            }
            Some(&Frame::Withdraw { space, .. }) => (
                format!(
                    "Enemy units entered {}: withdraw American units from it, or stay",
                    self.space_name(space)
                ),
                "6.3",
            ),
            Some(&Frame::Interrupt { pending, .. }) => (
                format!(
                    "The enemy is about to enter {}: interrupt its move with a reserve, or let it go on",
                    self.space_name(pending)
                ),
                "6.21",
            ),
            Some(Frame::Combats(_) | Frame::Battle(_) | Frame::Overrun { .. }) => self.combat_prompt(),
            Some(&Frame::Sink { zone, hits, .. }) => (
                format!(
                    "The enemy fleets hit your transports in {} {hits}: choose the units lost",
                    tables().map.zones[zone as usize].name,
                    hits = engine::log::count(hits, "time")
                ),
                "8.17",
            ),
            _ => ("Waiting".into(), "3.1"),
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
            Some(Frame::Deploy { spaces, .. }) | Some(Frame::Relocate { spaces, .. }) => {
                out.extend(spaces.iter().map(|&s| Action::Place(s)))
            }
            Some(Frame::Move(m)) => self.move_legal(m, out),
            Some(Frame::Fort { units, .. }) => {
                out.extend([Action::Yes, Action::No]);
                if units.len() > 1 {
                    out.extend(units.iter().map(|&u| Action::Inside(u)));
                }
            }
            Some(Frame::Raise { states, .. }) => self.raise_legal(seat, states, out),
            Some(Frame::Withdraw { .. } | Frame::Interrupt { .. }) => self.reaction_legal(out),
            Some(&Frame::Naval { sailing, rolled, .. }) => {
                self.naval_legal(seat, if rolled { sailing } else { u8::MAX }, out)
            }
            Some(Frame::Voyage(v)) => self.voyage_legal(v, out),
            Some(Frame::Supply(c)) => self.supply_legal(c, out),
            Some(&Frame::Sink { zone, .. }) => self.sink_legal(seat, zone, out),
            Some(Frame::Combats(_) | Frame::Battle(_) | Frame::Overrun { .. }) => self.combat_legal(out),
            Some(_) => self.activation_frame_legal(seat, out),
            None => {}
        }
    }

    fn perform(&mut self, seat: Seat, a: Action) {
        match self.stack.last() {
            Some(&Frame::Deploy { line, arrival, .. }) => {
                let Action::Place(s) = a else {
                    unreachable!("only legal actions reach perform")
                };
                self.stack.pop();
                self.place_line(line, arrival, s);
            }
            Some(&Frame::Relocate { leader, .. }) => {
                let Action::Place(s) = a else {
                    unreachable!("only legal actions reach perform")
                };
                self.stack.pop();
                self.relocate(leader, s);
            }
            Some(Frame::Move(_)) => self.move_perform(a),
            Some(Frame::Fort { .. }) => self.fort_perform(a),
            Some(Frame::Raise { .. }) => self.raise_perform(a),
            Some(Frame::Withdraw { .. } | Frame::Interrupt { .. }) => self.reaction_perform(a),
            Some(Frame::Naval { .. }) => self.naval_perform(seat, a),
            Some(Frame::Voyage(_)) => self.voyage_perform(a),
            Some(Frame::Supply(_)) => self.supply_perform(a),
            Some(Frame::Sink { .. }) => self.sink_perform(a),
            Some(Frame::Combats(_) | Frame::Battle(_) | Frame::Overrun { .. }) => self.combat_perform(a),
            Some(_) => self.activation_perform(seat, a),
            None => unreachable!("nobody acts on an empty stack"),
        }
    }

    fn step(&mut self) -> bool {
        if self.core.outcome.is_some() {
            return false;
        }
        match self.stack.last_mut() {
            Some(Frame::Deploy {
                line, arrival, spaces, ..
            }) if spaces.is_empty() => {
                let (line, arrival) = (*line, *arrival);
                let l = self.line(line, arrival);
                let choices = self.line_spaces(l, arrival);
                match choices.as_slice() {
                    [] => {
                        self.stack.pop();
                        let words = self.line_words(l);
                        self.core.log.say(self.scenario.info().rule, || {
                            format!("No space is free for {words}: it does not enter")
                        });
                    }
                    [one] => {
                        self.stack.pop();
                        self.place_line(line, arrival, *one);
                    }
                    _ => {
                        if let Some(Frame::Deploy { spaces, .. }) = self.stack.last_mut() {
                            *spaces = choices;
                        }
                        return false;
                    }
                }
                true
            }
            // Every piece of the activation has had its order, or is gone
            // (6.21: a reserve's combat took it off the map).
            Some(Frame::Orders(o)) => {
                let (units, leaders) = (&self.units, &self.leaders);
                o.units.retain(|&u| matches!(units[u as usize].at(), Place::Space(_)));
                o.leaders.retain(|&l| matches!(leaders[l as usize].at, Place::Space(_)));
                if o.leaders.is_empty() && o.units.is_empty() {
                    let seat = o.seat;
                    self.stack.pop();
                    // ruling: gml #71
                    self.check_stranded_leaders(seat, None);
                    return true;
                }
                false
            }
            // 6.21 the interrupted group resumes once the reserve's actions
            // are over, without what its combat took away (eliminated,
            // captured or retreated): with nobody left the move is over.
            Some(Frame::Move(m)) => {
                let here = Place::Space(m.at);
                let (units, leaders) = (&self.units, &self.leaders);
                m.units.retain(|&u| units[u as usize].at() == here);
                m.leaders.retain(|&l| leaders[l as usize].at == here);
                if m.leaders.is_empty() && m.units.is_empty() {
                    self.stack.pop();
                    return true;
                }
                false
            }
            Some(&mut Frame::Reroll { seat }) => {
                self.stack.pop();
                self.command_roll(seat);
                true
            }
            Some(&mut Frame::Fort {
                space,
                seat,
                entry,
                ref mut units,
            }) => {
                // A combat before the question (a reserve's, 6.21) may have
                // taken some of the units away: they are asked no more.
                let here = Place::Space(space);
                let all = &self.units;
                units.retain(|&u| all[u as usize].at() == here);
                // 6.6 only one side may be inside: the enemy went in first.
                if units.is_empty() || self.land_at(space, 1 - seat).any(|u| self.units[u as usize].inside) {
                    self.stack.pop();
                    if entry {
                        self.overrun_or_arrive(space);
                    }
                    return true;
                }
                false
            }
            Some(Frame::Supply(_)) => self.supply_step(),
            Some(Frame::Muster { .. }) => self.muster_step(),
            Some(Frame::Raise { .. }) | Some(Frame::Activations { .. }) | Some(Frame::Naval { .. }) => {
                let seat = self.frame_seat().expect("these frames have a seat");
                let mut legal = Vec::new();
                self.legal_for(seat, &mut legal);
                if legal.iter().all(|a| *a == Action::Done) {
                    self.stack.pop();
                    return true;
                }
                false
            }
            Some(Frame::Combats(_) | Frame::Battle(_) | Frame::Overrun { .. }) => self.combat_step(),
            Some(_) => false,
            None => {
                self.next_phase();
                true
            }
        }
    }
}

/// Half points as the rules write them: "2", "1½".
pub(crate) fn half(h: u8) -> String {
    match (h / 2, h % 2) {
        (0, 1) => "½".into(),
        (n, 1) => format!("{n}½"),
        (n, _) => n.to_string(),
    }
}

impl Gml {
    /// The seat the top frame waits on.
    pub fn frame_seat(&self) -> Option<Seat> {
        match self.stack.last()? {
            Frame::Deploy { seat, .. }
            | Frame::Command { seat }
            | Frame::Reroll { seat }
            | Frame::Activations { seat, .. }
            | Frame::Form { seat, .. }
            | Frame::Muster { seat, .. }
            | Frame::Orders(crate::frames::Orders { seat, .. })
            | Frame::Move(crate::frames::Move { seat, .. })
            | Frame::Fort { seat, .. }
            | Frame::Raise { seat, .. }
            | Frame::Naval { seat, .. }
            | Frame::Voyage(crate::naval::Voyage { seat, .. })
            | Frame::Supply(crate::supply::Check { seat, .. })
            | Frame::Sink { seat, .. } => Some(*seat),
            Frame::Relocate { leader, .. } => Some(self.leader(*leader).side),
            Frame::Withdraw { window, .. } => window.acting().iter().next(),
            Frame::Interrupt { window, .. } => window.acting().iter().next(),
            Frame::Combats(_) | Frame::Battle(_) | Frame::Overrun { .. } => self.combat_seat(),
        }
    }

    /// A scenario line in words: "Montgomery, Allen, 1 MA Militia".
    pub fn line_words(&self, l: &crate::scenario::Line) -> String {
        use crate::scenario::Piece;
        let t = tables();
        let words: Vec<String> = l
            .pieces
            .iter()
            .map(|p| match *p {
                Piece::Leader(id) => t
                    .forces
                    .leaders
                    .iter()
                    .find(|x| x.id == id)
                    .map_or(id.to_string(), |x| x.name.clone()),
                Piece::Units { n, kind, .. } => {
                    let like = t.forces.counters.iter().find(|c| p.fits(l.seat, c)).map_or_else(
                        || crate::forces::kind_word(kind).to_string(),
                        crate::forces::counter_name,
                    );
                    // "2 NC Militia units", not "Militias"
                    if n > 1 && like.ends_with("Militia") {
                        engine::log::count(n, &format!("{like} unit"))
                    } else {
                        engine::log::count(n, &like)
                    }
                }
            })
            .collect();
        engine::log::list(&words)
    }

    /// 3.1 the next phase, and what it starts with.
    fn next_phase(&mut self) {
        let next = match self.phase {
            Phase::Deployment => {
                self.deployed();
                // 12.11 (ruling gml #35): the British part of the first turn
                // of the Invasion of Canada is skipped.
                if self.scenario == Scenario::Canada && self.turn_index() == 0 {
                    self.core
                        .log
                        .say("12.11", || "The British part of the first turn is omitted".into());
                    Phase::Command(AMERICAN)
                } else {
                    self.phase.next()
                }
            }
            Phase::Final => {
                self.final_phase();
                if self.core.outcome.is_some() {
                    return;
                }
                self.phase.next()
            }
            phase => phase.next(),
        };
        // 7.2 a turn begins: who may sail on transports in it.
        if matches!(self.phase, Phase::Deployment | Phase::Final) {
            self.note_in_port();
        }
        self.enter(next);
    }

    /// Index of the turn within the scenario (0 for its first).
    pub fn turn_index(&self) -> u16 {
        let first = self.scenario.spec().first;
        let start = tables()
            .turns
            .iter()
            .position(|t| t.id == first)
            .expect("the first turn") as u16;
        self.turn - start
    }

    /// The scenario's number of turns.
    pub fn turns(&self) -> u16 {
        let spec = self.scenario.spec();
        let at = |id: &str| tables().turns.iter().position(|t| t.id == id).expect("scenario turns") as u16;
        at(spec.last) - at(spec.first) + 1
    }

    fn enter(&mut self, phase: Phase) {
        self.phase = phase;
        let name = phase.name();
        self.core.log.say("3.1", || name);
        match phase {
            Phase::Command(seat) => {
                for u in &mut self.units {
                    u.done = false;
                    u.sailed = false;
                    // A player-turn begins: 8.251's "entered the current
                    // combat" counts the entries from here to its Combat
                    // Phase, a 4.1 out-of-phase move's too (ruling gml #67).
                    u.entered = None;
                    u.assault = false;
                }
                for l in &mut self.leaders {
                    l.done = false;
                    l.sailed = false;
                }
                self.activations = 0;
                self.stack.push(Frame::Command { seat });
            }
            Phase::Activation(seat) => {
                for u in &mut self.units {
                    u.assault = false;
                }
                if self.activations > 0 {
                    self.stack.push(Frame::Activations {
                        seat,
                        left: self.activations,
                        opponent: false,
                    });
                }
                // 7.3 what is at sea now must reach port by the phase's end.
                self.note_at_sea(seat);
                // 3.1 B.1, F.1-2 naval movement comes first.
                self.stack.push(Frame::Naval {
                    seat,
                    sailing: 0,
                    rolled: false,
                });
            }
            // 6.22 the movement the reserves could interrupt is over;
            // 7.3 what stayed at sea too long is lost.
            Phase::Combat(seat) => {
                self.reserves_lapse(1 - seat);
                self.lost_at_sea(seat);
                self.enter_combat(seat);
                self.maritime_combats(seat);
            }
            Phase::Final => {
                self.reserves_lapse(BRITISH);
                self.reserves_lapse(AMERICAN);
                // 6.13 (ruling gml #52): the turn of a separation is over;
                // 6.17 (ruling gml #59) so is the turn's movement.
                for u in &mut self.units {
                    u.separated = false;
                    u.spent = 0;
                }
                for l in &mut self.leaders {
                    l.spent = 0;
                }
            }
            Phase::Reinforcement(seat) => {
                // 3.1 D, H: the militia rolls (9.1) before the scheduled
                // arrivals, their units placed first (reinforcement.rs).
                let raised = self.militia_rolls(seat);
                self.reinforcements(seat);
                self.place_raised(seat, &raised);
            }
            Phase::Supply => self.supply_phase(),
            Phase::Deployment => {}
        }
    }

    /// 12.x4 the scheduled reinforcements of this turn for the seat, and
    /// 12.24's Gates-for-Schuyler roll.
    fn reinforcements(&mut self, seat: Seat) {
        let spec = self.scenario.spec();
        let id = &tables().turns[self.turn as usize].id;
        let lines: Vec<usize> = (0..spec.arrivals.len())
            .filter(|&i| spec.arrivals[i].turn == id && spec.arrivals[i].line.seat == seat)
            .collect();
        // 5.2 (ruling gml #46, arrivals too) once placed, an arriving
        // leader takes his command as the set-up's leaders do: the Muster
        // frame below the placements passes over every other leader.
        let leaders = &tables().forces.leaders;
        let arriving: Vec<usize> = lines
            .iter()
            .flat_map(|&i| spec.arrivals[i].line.pieces)
            .filter_map(|p| match *p {
                crate::scenario::Piece::Leader(id) => leaders.iter().position(|x| x.id == id),
                _ => None,
            })
            .collect();
        if !arriving.is_empty() {
            let formed = (0..leaders.len())
                .filter(|l| !arriving.contains(l))
                .map(|l| l as u8)
                .collect();
            self.stack.push(Frame::Muster { seat, formed });
        }
        for &i in lines.iter().rev() {
            self.stack.push(Frame::Deploy {
                seat,
                line: i as u8,
                arrival: true,
                spaces: Vec::new(),
            });
        }
        if self.scenario == Scenario::Saratoga && seat == AMERICAN {
            self.gates_roll();
        }
    }

    /// 12.24 from the June II turn, a 6 or more replaces Schuyler with
    /// Gates, who takes over his space and his command: at sea too, aboard
    /// Schuyler's unit (ruling #55; rules gml-14: no roll was made while
    /// Schuyler was at sea).
    fn gates_roll(&mut self) {
        let t = &tables().forces;
        let find = |id: &str| t.leaders.iter().position(|l| l.id == id).expect("Saratoga's leaders") as u8;
        let (schuyler, gates) = (find("schuyler"), find("gates"));
        let june = tables()
            .turns
            .iter()
            .position(|t| t.id == "1777-jun-2")
            .expect("June II 1777") as u16;
        let at = self.leaders[schuyler as usize].at;
        if !matches!(at, Place::Space(_) | Place::Zone(_)) {
            return;
        }
        if self.turn < june || self.leaders[gates as usize].at != Place::Pool {
            return;
        }
        let die = self.core.dice.roll(10);
        let replaced = die >= 6;
        self.core.log.roll("12.24", &[die], || {
            if replaced {
                format!("Gates for Schuyler: {die}, Gates replaces Schuyler")
            } else {
                format!("Gates for Schuyler: {die}, Schuyler stays")
            }
        });
        if !replaced {
            return;
        }
        let old = self.leaders[schuyler as usize].clone();
        self.leaders[gates as usize].at = at;
        self.leaders[gates as usize].under = old.under;
        self.leaders[schuyler as usize].at = Place::Gone;
        self.leaders[schuyler as usize].under = None;
        for u in &mut self.units {
            if u.leader == Some(schuyler) {
                u.leader = Some(gates);
            }
        }
        for l in &mut self.leaders {
            if l.under == Some(schuyler) {
                l.under = Some(gates);
            }
        }
    }

    /// 3.1 J the end of the turn: 12.x5 victory, then the next turn.
    fn final_phase(&mut self) {
        let last = self.turn_index() + 1 == self.turns();
        if let Some((winner, why)) = self.victory(last) {
            let rule = match self.scenario {
                Scenario::Canada => "12.15",
                Scenario::Saratoga => "12.25",
                Scenario::Southern1780 => "12.35",
                Scenario::Greene => "12.45",
            };
            self.core.log.say(rule, || why.clone());
            self.core.finish(winner, why, rule);
            return;
        }
        self.turn += 1;
        self.new_turn_abilities();
        let name = self.turn_name();
        self.core.log.say("3.1", || format!("Turn {name}"));
    }
}
