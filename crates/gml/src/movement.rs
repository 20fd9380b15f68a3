//! 6.1 General Movement Rules, 6.6 Forts, 6.7 the Initial Militia Call and
//! 5.6 the casualty check of a leader left alone.

use crate::actions::Action;
use crate::forces::{Counters, Nationality, AMERICAN, BRITISH};
use crate::frames::{Frame, Move};
use crate::map::{LineKind, SpaceId, StateId, ZoneId};
use crate::state::{is_land, Gml, LeaderId, Place, UnitId};
use crate::tables::tables;
use engine::{Forbidden, Seat};

/// 6.7 a British or Hessian land unit (Tories and Indians call no militia).
pub fn calls_militia(c: &Counters) -> bool {
    is_land(c) && matches!(c.nationality, Some(Nationality::British | Nationality::Hessian))
}

impl Gml {
    /// A space the scenario plays in: on its map, not a box, in a region
    /// in play (12.x2).
    pub fn in_play(&self, s: SpaceId) -> bool {
        tables().in_play[self.scenario as usize][s as usize]
    }

    /// A maritime zone the scenario sails on: one printed on its map. "Only
    /// the North (South) map is used" (12.12, 12.22, 12.32, 12.42) keeps
    /// ships and transports off the other map's sea too (ruling gml #75).
    pub fn zone_in_play(&self, z: ZoneId) -> bool {
        tables().map.zones[z as usize].sheet == self.scenario.spec().sheet
    }

    /// 6.18 enemy land units in the space that stop a mover: any not
    /// entrenched and not inside a fort. Only entering a space stops: units
    /// starting in an enemy-occupied space may always leave it (ruling gml
    /// #9, "their units"), so the space a move starts from is never checked.
    pub fn stops(&self, s: SpaceId, seat: Seat) -> bool {
        self.land_at(s, 1 - seat).any(|u| {
            let unit = &self.units[u as usize];
            !unit.entrenched && !unit.inside
        })
    }

    pub(crate) fn move_legal(&self, m: &Move, out: &mut Vec<Action>) {
        for &(n, kind) in tables().map.neighbours(m.at) {
            if self.step_bar(m, n, kind).is_none() {
                out.push(Action::Step(n));
            }
        }
        // 6.13 a unit separates anywhere on the way, free, and stays
        // (ruling gml #52).
        if m.units.len() + m.leaders.len() > 1 {
            out.extend(m.units.iter().map(|&u| Action::Drop(u)));
        }
        out.push(Action::Done);
    }

    /// How the moving group enters the neighbouring space `n` and what it
    /// costs, in a player's words: "by trail (2 MP)", "across the river
    /// (its whole move)" (6.16, 6.17, 6.19), as `step_to` will spend it.
    pub fn step_words(&self, m: &Move, n: SpaceId) -> String {
        let Some(kind) = tables().map.between(m.at, n) else {
            return String::new();
        };
        match kind.half_points() {
            Some(cost) if cost <= m.left => format!("by {} ({} MP)", kind.name(), crate::turn::half(cost)),
            Some(_) => format!("by {} (its whole move)", kind.name()),
            None => "across the river (its whole move)".to_string(),
        }
    }

    /// The rule that bars the moving group from the neighbouring space `n`
    /// (by a line of `kind`), if any: what `move_legal` and "why not?"
    /// both read.
    pub fn step_bar(&self, m: &Move, n: SpaceId, kind: LineKind) -> Option<Forbidden> {
        if !self.in_play(n) {
            return Some(Forbidden::new(
                self.scenario.info().rule,
                "outside the scenario's map: only the regions it names are in play",
            ));
        }
        let enemy = self.has_land(n, 1 - m.seat);
        if m.units.is_empty() && enemy && !self.has_land(n, m.seat) {
            // ruling: gml #50
            return Some(Forbidden::new(
                "5.6",
                "a leader moving without units may not enter a space of enemy land units where his side has none",
            ));
        }
        // Ruling gml #8: both exceptions only as the piece's whole move
        // (nothing spent yet this turn, #59), and the move ends there.
        match kind.half_points() {
            None if m.moved => Some(Forbidden::new(
                "6.19",
                "a river crossing without a line takes the whole movement capacity: only as the turn's first move",
            )),
            None if enemy => Some(Forbidden::new(
                "6.19",
                "This movement cannot be carried out if the space it wants to enter is occupied by the enemy.",
            )),
            // 6.17 what the allowance pays, or any one space as a whole move.
            Some(cost) if cost > m.left && m.moved => Some(Forbidden::new(
                "6.17",
                format!(
                    "Units may not enter a space if they do not have enough movement points to do so: it costs {}, {} left this turn",
                    crate::turn::half(cost),
                    crate::turn::half(m.left)
                ),
            )),
            _ => None,
        }
    }

    pub(crate) fn move_perform(&mut self, a: Action) {
        let Some(Frame::Move(m)) = self.stack.last_mut() else {
            unreachable!("a Move frame is on top");
        };
        match a {
            Action::Done => self.end_move(),
            Action::Drop(u) => {
                m.units.retain(|&x| x != u);
                let (seat, at) = (m.seat, m.at);
                self.units[u as usize].leader = None;
                self.units[u as usize].separated = true;
                let name = self.unit_name(u);
                self.core.log.say("6.13", || format!("The {name} stays behind"));
                // 6.6 (ruling gml #14) its move ends in a fort space: inside
                // or outside, as for a group ending its move there.
                if self.has_fort(at) && !self.inside_fort(at, 1 - seat) {
                    self.stack.push(Frame::Fort {
                        seat,
                        space: at,
                        units: vec![u],
                        entry: false,
                    });
                }
            }
            Action::Step(n) => self.try_step(n),
            _ => unreachable!("only legal actions reach perform"),
        }
    }

    /// 6.16 the group enters a neighbouring space, then 6.3 the Americans
    /// there may withdraw before the entry's effects.
    pub(crate) fn step_to(&mut self, n: SpaceId) {
        let Some(Frame::Move(m)) = self.stack.last_mut() else {
            unreachable!("a Move frame is on top");
        };
        let from = m.at;
        let kind = tables().map.between(from, n).expect("a neighbour");
        let cost = kind.half_points();
        let whole = !matches!(cost, Some(c) if c <= m.left);
        m.left = if whole { 0 } else { m.left - cost.unwrap_or(0) };
        m.moved = true;
        m.at = n;
        let m = m.clone();
        // A whole move (6.17's one space, 6.19's crossing: "its entire
        // movement capacity") spends the turn's allowance (ruling gml #59).
        self.spend(&m, if whole { u8::MAX } else { cost.unwrap_or(0) });
        for &u in &m.units {
            self.units.place(u, Place::Space(n));
            let unit = &mut self.units[u as usize];
            unit.entrenched = false;
            unit.inside = false;
            unit.entered = Some((from, kind));
        }
        for &l in &m.leaders {
            self.leaders[l as usize].at = Place::Space(n);
        }
        self.mark_control(from);
        self.mark_control(n);
        // 5.6 (ruling gml #71) a leader the group leaves among enemy units
        // is checked; where his owner escapes him to waits under the move.
        let depth = self.stack.len();
        self.check_stranded_leaders(m.seat, Some(from));
        let relocations: Vec<Frame> = self.stack.drain(depth..).collect();
        self.stack.splice(depth - 1..depth - 1, relocations);
        let who = self.group_name(&m.leaders, &m.units);
        let (fname, nname) = (self.space_name(from), self.space_name(n));
        let rule = match kind {
            LineKind::Crossing => "6.19",
            _ if whole => "6.17",
            _ => "6.16",
        };
        self.core.log.say(rule, || {
            let how = match kind {
                LineKind::Crossing => "across the river, its whole move".to_string(),
                _ if whole => format!("by {}, its whole move", kind.name()),
                _ => format!("by {}", kind.name()),
            };
            let moves = if Self::group_plural(&m.leaders, &m.units) {
                "move"
            } else {
                "moves"
            };
            format!("{who} {moves} from {fname} to {nname} {how}")
        });
        if !self.offer_withdrawal(n) {
            self.after_entry();
        }
    }

    /// What entering a space sets off, for the group on top of the stack:
    /// 5.6, 6.6, 6.5, then 6.18 and 6.7 (`arrive`).
    pub(crate) fn after_entry(&mut self) {
        let Some(Frame::Move(m)) = self.stack.last() else {
            unreachable!("a Move frame is on top");
        };
        let m = m.clone();
        let n = m.at;
        // A leader alone is no unit (ruling gml #6): his entry sets off
        // neither of these, which 5.6 and 6.6 give to "units" entering.
        if m.units.is_empty() {
            return self.overrun_or_arrive(n);
        }
        // 5.6 an enemy leader alone there is checked when units enter; he
        // stops nobody (ruling gml #6).
        let enemy = 1 - m.seat;
        self.check_lone_leaders(n, m.seat);
        // 6.6 (ruling gml #14) the enemy outside a fort may go inside
        // first (joining any of theirs inside): before an overrun, which
        // spares a unit in a fort (6.5). Only when units enter (rules
        // gml-26: a leader walking in alone had asked it).
        if self.has_fort(n) && !self.inside_fort(n, m.seat) {
            let outside: Vec<UnitId> = self
                .land_at(n, enemy)
                .filter(|&u| !self.units[u as usize].inside)
                .collect();
            if !outside.is_empty() {
                self.stack.push(Frame::Fort {
                    seat: enemy,
                    space: n,
                    units: outside,
                    entry: true,
                });
                return;
            }
        }
        self.overrun_or_arrive(n);
    }

    /// 6.5 (ruling gml #13) an overrun is offered first; the move resumes
    /// in `arrive` once it is decided. Only to "the player performing the
    /// phase": not to a reserve moving in the enemy's (6.21).
    pub(crate) fn overrun_or_arrive(&mut self, n: SpaceId) {
        let (seat, units, reserve) = self
            .stack
            .iter()
            .rev()
            .find_map(|f| match f {
                Frame::Move(m) => Some((m.seat, m.units.len(), m.reserve)),
                _ => None,
            })
            .expect("a Move frame");
        // ruling: gml #13
        if reserve || !self.offer_overrun(seat, units, n) {
            self.arrive(n);
        }
    }

    /// What entering a space sets off, once the enemy's fort choice and
    /// any overrun are decided: 6.18 the stop, 6.7 the militia call.
    pub(crate) fn arrive(&mut self, n: SpaceId) {
        // A 5.6 relocation the entry set off may stand above the move.
        let base = self
            .stack
            .iter()
            .rposition(|f| matches!(f, Frame::Move(_)))
            .expect("a Move frame");
        let Frame::Move(m) = &self.stack[base] else {
            unreachable!("found above");
        };
        let m = m.clone();
        let who = self.group_name(&m.leaders, &m.units);
        let nname = self.space_name(n);
        let mut stop = m.left == 0;
        if self.stops(n, m.seat) {
            stop = true;
            // 6.18 "may not move further that turn" (6.5: a failed overrun
            // ends "their movement for the turn"), not even when activated
            // again (ruling gml #59).
            self.spend(&m, u8::MAX);
            self.core.log.say("6.18", || {
                let stops = if Self::group_plural(&m.leaders, &m.units) {
                    "stop"
                } else {
                    "stops"
                };
                format!("{who} {stops}: enemy units in {nname}")
            });
        }
        // 6.7 the first British or Hessian unit in a state calls its militia.
        let regular = m.seat == BRITISH && m.units.iter().any(|&u| self.is_regular_british(u));
        if self.first_entry(n, regular) {
            stop = true;
        }
        if stop {
            // Whatever the entry set off is resolved first.
            let Frame::Move(m) = self.stack.remove(base) else {
                unreachable!("the Move frame is under what it pushed")
            };
            let after = self.move_ended(m);
            for f in after.into_iter().rev() {
                self.stack.insert(base, f);
            }
        }
    }

    /// 6.17 (ruling gml #59) the group's pieces spend `halves` of their
    /// turn's allowance (`u8::MAX`: all of it).
    fn spend(&mut self, m: &Move, halves: u8) {
        for &u in &m.units {
            let spent = &mut self.units[u as usize].spent;
            *spent = spent.saturating_add(halves);
        }
        for &l in &m.leaders {
            let spent = &mut self.leaders[l as usize].spent;
            *spent = spent.saturating_add(halves);
        }
    }

    /// The move ends: 6.6 the movers may go inside a fort no enemy holds.
    pub(crate) fn end_move(&mut self) {
        let Some(Frame::Move(m)) = self.stack.pop() else {
            unreachable!("a Move frame is on top");
        };
        let after = self.move_ended(m);
        self.stack.extend(after);
    }

    /// What follows the end of a move, the first to happen first: 6.21 a
    /// reserve that entered an enemy space fights at once; 6.6 the movers
    /// may go inside a fort no enemy holds (joining any friendly units
    /// inside).
    fn move_ended(&self, m: Move) -> Vec<Frame> {
        let mut after = Vec::new();
        if self.has_fort(m.at) && !self.inside_fort(m.at, 1 - m.seat) && !m.units.is_empty() {
            after.push(Frame::Fort {
                seat: m.seat,
                space: m.at,
                units: m.units.clone(),
                entry: false,
            });
        }
        if let Some(f) = self.reserve_combat(&m) {
            after.push(f);
        }
        after
    }

    /// 6.6 some unit of the seat is inside the space's fort (only one
    /// side's may be).
    pub fn inside_fort(&self, s: SpaceId, seat: Seat) -> bool {
        self.units_at(s)
            .any(|u| self.side(u) == seat && self.units[u as usize].inside)
    }

    pub(crate) fn fort_perform(&mut self, a: Action) {
        if let Action::Inside(u) = a {
            let Some(Frame::Fort { seat, space, units, .. }) = self.stack.last_mut() else {
                unreachable!("a Fort frame is on top");
            };
            // Offered while two or more are asked: one at least remains.
            units.retain(|&x| x != u);
            let (seat, space) = (*seat, *space);
            let (who, place) = (crate::side_name(seat), self.space_name(space));
            self.units[u as usize].inside = true;
            let name = self.unit_name(u);
            self.core
                .log
                .say("6.6", || format!("{who}: the {name} goes inside the fort of {place}"));
            return;
        }
        let Some(Frame::Fort {
            seat,
            space,
            units,
            entry,
        }) = self.stack.pop()
        else {
            unreachable!("a Fort frame is on top");
        };
        let place = self.space_name(space);
        let who = crate::side_name(seat);
        if a == Action::Yes && !self.inside_fort(space, 1 - seat) {
            for &u in &units {
                self.units[u as usize].inside = true;
            }
            self.core.log.say("6.6", || {
                let n = units.len();
                let go = if n == 1 { "goes" } else { "go" };
                format!(
                    "{who}: {} {go} inside the fort of {place}",
                    engine::log::count(n, "unit")
                )
            });
        } else {
            self.core.log.say("6.6", || {
                format!("The {} stay outside the fort of {place}", crate::side_people(seat))
            });
        }
        if entry {
            self.overrun_or_arrive(space);
        }
    }

    /// 6.7 the American player places the state's Initial Militia Call.
    /// 6.7 (ruling gml #36) British or Hessian units (`regular`) entering
    /// `s`'s state for the first time, by land, from the sea or as a
    /// scheduled arrival: whether its militia were called (its state in
    /// play). Tories call no militia (ruling gml #41: 6.7 names "British or
    /// Hessian" units; they do trigger 6.3's withdrawal, ruling gml #12).
    pub(crate) fn first_entry(&mut self, s: SpaceId, regular: bool) -> bool {
        let state = tables().map.get(s).state;
        if !regular || self.called.contains(&state) {
            return false;
        }
        self.called.push(state);
        if !self.in_play(s) {
            return false;
        }
        self.call_militia(state);
        true
    }

    pub(crate) fn call_militia(&mut self, state: StateId) {
        let st = &tables().map.states[state as usize];
        let n = tables().militia.initial_call(&st.id).unwrap_or(0);
        self.core.log.say("6.7", || {
            format!(
                "British units enter {} for the first time: its militia are called ({n})",
                st.name
            )
        });
        if n == 0 {
            return;
        }
        let mut places = Vec::new();
        self.raise_legal(AMERICAN, &[state], &mut places);
        if places.is_empty() {
            // 6.7 "(if available)".
            self.core.log.say("6.7", || {
                format!(
                    "None can be placed: no {} militia counter is left, or no space free of enemy units",
                    st.name
                )
            });
            return;
        }
        self.stack.push(Frame::Raise {
            seat: AMERICAN,
            states: vec![state],
            left: n,
            rule: "6.7".into(),
        });
    }

    /// 6.7, 9.4 where a militia unit of the seat may be placed: a space in
    /// play of one of the states, without enemy land units (an enemy
    /// leader or fleet alone does not bar it, ruling gml #49), whose state
    /// has a militia counter in the pool.
    pub(crate) fn raise_legal(&self, seat: Seat, states: &[StateId], out: &mut Vec<Action>) {
        let m = &tables().map;
        // Each state's pool looked at once, and only the states' spaces:
        // this runs in the bots' playouts.
        let open: Vec<StateId> = states
            .iter()
            .copied()
            .filter(|&st| self.pool_militia(seat, st).is_some())
            .collect();
        if open.is_empty() {
            return;
        }
        let mut places: Vec<SpaceId> = open
            .iter()
            .flat_map(|&st| m.spaces_of(st))
            .copied()
            .filter(|&s| self.in_play(s) && !self.has_land(s, 1 - seat))
            .collect();
        places.sort_unstable();
        places.dedup();
        out.extend(places.into_iter().map(Action::Place));
    }

    /// A militia counter of the state in the seat's pool (Tories for the
    /// British), the lowest id first.
    pub fn pool_militia(&self, seat: Seat, state: StateId) -> Option<UnitId> {
        tables().militia_units[seat as usize][state as usize]
            .iter()
            .copied()
            .find(|&u| self.units[u as usize].at() == Place::Pool)
    }

    pub(crate) fn raise_perform(&mut self, a: Action) {
        let Action::Place(s) = a else {
            unreachable!("only legal actions reach perform")
        };
        let Some(Frame::Raise { seat, left, rule, .. }) = self.stack.last_mut() else {
            unreachable!("a Raise frame is on top");
        };
        let seat = *seat;
        let rule = rule.clone();
        *left -= 1;
        if *left == 0 {
            self.stack.pop();
        }
        let st = tables().map.get(s).state;
        let u = self.pool_militia(seat, st).expect("legal: a counter in the pool");
        self.units.place(u, Place::Space(s));
        self.mark_control(s);
        let (name, place) = (self.unit_name(u), self.space_name(s));
        self.core.log.say(rule, || format!("The {name} is placed in {place}"));
        // 5.6 an enemy leader alone there (no unit: the space was free of
        // enemy units) is checked (rulings gml #6, #49).
        self.check_lone_leaders(s, seat);
        // 6.6 a unit now occupying a fort space: inside or outside (the
        // space holds no enemy unit, 9.4).
        if self.has_fort(s) {
            self.stack.push(Frame::Fort {
                seat,
                space: s,
                units: vec![u],
                entry: false,
            });
        }
    }

    /// 5.6 "when a leader is alone in a space entered by enemy units":
    /// each leader of the other side in `s`, where that side has no land
    /// units, is checked (ruling gml #6). `seat` is the side entering, by
    /// land (6.1), by retreat (8.25), by a landing from the sea (7.2) or
    /// by a placement (6.7, 9.4, 12.x4).
    pub(crate) fn check_lone_leaders(&mut self, s: SpaceId, seat: Seat) {
        let enemy = 1 - seat;
        if self.has_land(s, enemy) {
            return;
        }
        let lone: Vec<LeaderId> = self.leaders_at(s).filter(|&l| self.leader(l).side == enemy).collect();
        for l in lone {
            self.leader_casualty(l);
        }
    }

    /// 5.6 (rulings gml #70, #71) a leader of the seat left where enemy
    /// land units stand and his side has none (its last units marched or
    /// sailed away) is alone there and is checked, once nothing of his
    /// activation can still take him away: not while he awaits his order
    /// in an activation under way (the orders' end checks him), nor while
    /// his owner picks where a check already sends him. `only`: one space.
    pub(crate) fn check_stranded_leaders(&mut self, seat: Seat, only: Option<SpaceId>) {
        let alone = |s: SpaceId| self.has_land(s, 1 - seat) && !self.has_land(s, seat);
        // The common case, a move leaving a space without enemy units: no scan.
        if only.is_some_and(|s| !alone(s)) {
            return;
        }
        let waiting: Vec<LeaderId> = self
            .stack
            .iter()
            .flat_map(|f| match f {
                Frame::Orders(o) => o.leaders.clone(),
                Frame::Relocate { leader, .. } => vec![*leader],
                _ => Vec::new(),
            })
            .collect();
        let stranded: Vec<LeaderId> = (0..self.leaders.len() as LeaderId)
            .filter(|&l| self.leader(l).side == seat && !waiting.contains(&l))
            .filter(|&l| match self.leaders[l as usize].at {
                Place::Space(s) => only.is_none_or(|o| o == s) && alone(s),
                _ => false,
            })
            .collect();
        for l in stranded {
            self.leader_casualty(l);
        }
    }

    /// 5.6 a leader alone, or left without his units: 1-7 he joins friendly
    /// units (the nearest, his owner's choice, ruling gml #6; none:
    /// captured), 8 captured, 9 wounded, 10 killed.
    pub fn leader_casualty(&mut self, l: LeaderId) {
        let die = self.core.dice.roll(10);
        let name = self.leader(l).name.clone();
        let side = self.leader(l).side;
        self.release_command(l);
        let spaces = match die {
            1..=7 => self.nearest_friends(l, side),
            _ => Vec::new(),
        };
        let (place, what) = match (die, spaces.len()) {
            (1..=7, 0) => (Place::Captured, "no friendly units to reach: captured"),
            (1..=7, _) => (self.leaders[l as usize].at, "escapes to friendly units"),
            (8, _) => (Place::Captured, "captured"),
            (9, _) => (Place::Wounded, "wounded"),
            _ => (Place::Gone, "killed"),
        };
        self.leaders[l as usize].at = place;
        self.core
            .log
            .roll("5.6", &[die], || format!("{name}'s casualty check: {die}, {what}"));
        match spaces.as_slice() {
            [] => {}
            [one] => self.relocate(l, *one),
            _ => self.stack.push(Frame::Relocate { leader: l, spaces }),
        }
    }

    /// A leader leaving his place: his units leave his force, his
    /// subordinates his command, and he leaves his superior's and the
    /// reserve.
    pub(crate) fn release_command(&mut self, l: LeaderId) {
        for u in 0..self.units.len() {
            if self.units[u].leader == Some(l) {
                self.units[u].leader = None;
            }
        }
        for o in 0..self.leaders.len() {
            if self.leaders[o].under == Some(l) {
                self.leaders[o].under = None;
            }
        }
        self.leaders[l as usize].under = None;
        self.leaders[l as usize].reserve = false;
    }

    /// The nearest spaces in play (by communication lines) holding the
    /// side's land units.
    fn nearest_friends(&self, l: LeaderId, side: Seat) -> Vec<SpaceId> {
        let Place::Space(from) = self.leaders[l as usize].at else {
            return Vec::new();
        };
        let steps = tables().map.steps(from, |k| k.is_line());
        let friends = |s: SpaceId| s != from && self.in_play(s) && self.has_land(s, side);
        let best = (0..steps.len() as SpaceId)
            .filter(|&s| friends(s))
            .map(|s| steps[s as usize])
            .min();
        match best {
            Some(d) if d != u16::MAX => (0..steps.len() as SpaceId)
                .filter(|&s| friends(s) && steps[s as usize] == d)
                .collect(),
            _ => Vec::new(),
        }
    }

    pub(crate) fn relocate(&mut self, l: LeaderId, s: SpaceId) {
        self.leaders[l as usize].at = Place::Space(s);
        let (name, place) = (self.leader(l).name.clone(), self.space_name(s));
        self.core
            .log
            .say("5.6", || format!("{name} joins the units in {place}"));
    }

    /// "Washington with 3 units", "the MA Militia".
    /// Whether [`Gml::group_name`] names more than one, for its verb
    /// ("Howe and Clinton with 8 units move").
    pub fn group_plural(leaders: &[LeaderId], units: &[UnitId]) -> bool {
        leaders.len() > 1 || (leaders.is_empty() && units.len() > 1)
    }

    pub fn group_name(&self, leaders: &[LeaderId], units: &[UnitId]) -> String {
        let names = || engine::log::list(leaders.iter().map(|&l| self.leader(l).name.as_str()));
        match (leaders.first(), units) {
            (Some(_), []) => names(),
            (Some(_), u) => format!("{} with {}", names(), engine::log::count(u.len(), "unit")),
            (None, [u]) => format!("The {}", self.unit_name(*u)),
            (None, u) => format!("{} units", u.len()),
        }
    }
}
