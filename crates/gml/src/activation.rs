//! 4.0 Activation, 4.1 the Command Table, 5.2-5.7 who commands whom, and
//! 6.0's orders: each activated piece moves, entrenches or stays (ruling
//! gml #2: one activation is one leader with his whole command, or one
//! leaderless unit).

use crate::actions::Action;
use crate::command::CommandResult;
use crate::forces::{Kind, Nationality, BRITISH};
use crate::frames::{Frame, Move, Orders};
use crate::state::{is_land, Gml, LeaderId, Phase, Place, UnitId};
use crate::tables::tables;
use engine::Seat;

impl Gml {
    /// 5.4 a leader's stars (12.3's note: Clinton is a three-star general
    /// in the Southern Campaign; 5.5 Howe's successor is one too).
    pub fn rank(&self, l: LeaderId) -> u8 {
        let leader = self.leader(l);
        if (self.scenario == crate::scenario::Scenario::Southern1780 && leader.id == "clinton") || self.promoted(l) {
            3
        } else {
            leader.rank
        }
    }

    /// 5.7 whether a leader may control a unit.
    pub fn may_command(&self, l: LeaderId, u: UnitId) -> bool {
        let c = self.counters(u);
        let leader = self.leader(l);
        let nation = c.nationality.expect("units have a nationality");
        match leader.nationality {
            Nationality::American => match nation {
                Nationality::American | Nationality::Indian => true,
                Nationality::French => self.rank(l) == 3 || self.commands_french(l),
                _ => false,
            },
            Nationality::French => {
                nation == Nationality::French || (nation == Nationality::American && c.kind == Kind::Continental)
            }
            Nationality::British => matches!(
                nation,
                Nationality::British | Nationality::Indian | Nationality::Tory | Nationality::Hessian
            ),
            Nationality::Hessian => matches!(nation, Nationality::Hessian | Nationality::Indian),
            _ => false,
        }
    }

    /// 5.4, 5.7 (ruling gml #5) whether `sub` may serve under `l` now.
    pub fn may_subordinate(&self, l: LeaderId, sub: LeaderId) -> bool {
        let (top, low) = (self.leader(l), self.leader(sub));
        let nations = match (top.nationality, low.nationality) {
            (a, b) if a == b => true,
            (Nationality::American, Nationality::French) => self.rank(l) == 3,
            (Nationality::British, Nationality::Hessian) => true,
            _ => false,
        };
        if !nations || self.in_chain_of(sub, l) {
            return false;
        }
        // 5.4 the leaders under `l` now, and their ranks.
        let (mut under, mut all_one) = (0, true);
        for o in (0..self.leaders.len() as LeaderId).filter(|&o| self.leaders[o as usize].under == Some(l)) {
            under += 1;
            all_one &= self.rank(o) == 1;
        }
        match (self.rank(l), self.rank(sub)) {
            // One two-star, or up to two one-stars.
            (3, 2) => under == 0,
            (3, 1) => under <= 1 && all_one,
            (2, 1) => under == 0,
            _ => false,
        }
    }

    /// Whether `l` is `top` or serves in his chain of command, however far
    /// down (`chain(top)` holds him).
    fn in_chain_of(&self, top: LeaderId, l: LeaderId) -> bool {
        std::iter::successors(Some(l), |&x| self.leaders[x as usize].under)
            .take(self.leaders.len())
            .any(|x| x == top)
    }

    /// 6.14 the units in the leader's space that may join his force, room
    /// apart: in no force of a leader there, not activated yet, not parted
    /// from him in this forming, and his to command (5.7).
    fn may_join<'a>(
        &'a self,
        leader: LeaderId,
        seat: Seat,
        parted: &'a [(UnitId, LeaderId)],
    ) -> impl Iterator<Item = UnitId> + 'a {
        let at = self.leaders[leader as usize].at;
        let s = match at {
            Place::Space(s) => Some(s),
            _ => None,
        };
        s.into_iter()
            .flat_map(move |s| self.land_at(s, seat))
            .filter(move |&u| {
                let unit = &self.units[u as usize];
                let free = unit.leader.is_none_or(|o| self.leaders[o as usize].at != at);
                free && !unit.done && !unit.separated && !parted.contains(&(u, leader)) && self.may_command(leader, u)
            })
    }

    /// 5.2, 12.x3 (ruling gml #46) the next leader of the seat's set-up to
    /// take his command: on the map with friendly land units in his
    /// space, serving under nobody, highest rank first. Each set-up line's
    /// units were placed under its first leader (`deploy`). His command is
    /// formed as the 6.14 Form step does it, through its own actions: the
    /// leaders there who may serve in his chain (5.4) first, then the
    /// units in no force that may join, in counter order, each to the
    /// first leader of the chain still without units, then to each up to
    /// his Command Value; last, each leader still without units is handed
    /// one by the leader of the chain with most, so that every leader's
    /// values count (5.1, 5.3; ruling gml #72). Where the chain has
    /// subordinates, or some units find no room, the seat decides, with
    /// the Form step's choices (Done keeps the command as offered); else
    /// the command stands.
    pub(crate) fn muster_step(&mut self) -> bool {
        // ruling: gml #46, #72
        let Some(Frame::Muster { seat, formed }) = self.stack.last() else {
            unreachable!("a Muster frame is on top");
        };
        let seat = *seat;
        let next = (0..self.leaders.len() as LeaderId)
            .filter(|l| !formed.contains(l) && self.leader(*l).side == seat)
            .filter(|&l| self.leaders[l as usize].under.is_none())
            .filter(|&l| match self.leaders[l as usize].at {
                Place::Space(s) => self.has_land(s, seat),
                _ => false,
            })
            .max_by_key(|&l| (self.rank(l), std::cmp::Reverse(l)));
        let Some(leader) = next else {
            self.stack.pop();
            return true;
        };
        if let Some(Frame::Muster { formed, .. }) = self.stack.last_mut() {
            formed.push(leader);
        }
        self.stack.push(form(seat, leader, true));
        // The offer: the Form step's own actions, as long as any is left
        // to make.
        loop {
            let mut legal = Vec::new();
            self.activation_frame_legal(seat, &mut legal);
            let chain = self.chain(leader);
            let size = |l: LeaderId| self.force(l).count();
            let from = |u: UnitId| self.units[u as usize].leader.filter(|x| chain.contains(x));
            let free = |a: &&Action| matches!(a, Action::Join(u, _) if from(*u).is_none());
            let bare = |a: &&Action| matches!(a, Action::Join(_, l) if size(*l) == 0);
            // A unit handed to a leader without one, by one with two or
            // more, the most first.
            let handed = legal
                .iter()
                .filter(|a| bare(a) && !free(a))
                .filter_map(|&a| match a {
                    Action::Join(u, _) => from(u).map(|x| (size(x), a)),
                    _ => None,
                })
                .filter(|&(n, _)| n >= 2)
                .min_by_key(|&(n, _)| std::cmp::Reverse(n))
                .map(|(_, a)| a);
            // A leader already serving under another stays there.
            let Some(a) = legal
                .iter()
                .find(|a| matches!(a, Action::Subordinate(o, _) if self.leaders[*o as usize].under.is_none()))
                .or_else(|| legal.iter().filter(free).find(bare))
                .or_else(|| legal.iter().find(free))
                .copied()
                .or(handed)
            else {
                break;
            };
            self.activation_perform(seat, a);
        }
        let chain = self.chain(leader);
        if chain.len() > 1 || chain.iter().any(|&l| self.may_join(l, seat, &[]).next().is_some()) {
            // Who serves under whom and with which units: the seat
            // chooses (5.4's example); so where units find no room.
            return true;
        }
        self.activation_perform(seat, Action::Done);
        true
    }

    /// Pieces the seat may activate: leaders on the map, and units in no
    /// leader's force, not yet activated in this phase.
    fn activation_legal(&self, seat: Seat, out: &mut Vec<Action>) {
        for l in 0..self.leaders.len() as LeaderId {
            let g = &self.leaders[l as usize];
            let idle = self.abilities.idle.contains(&l);
            if self.leader(l).side == seat && matches!(g.at, Place::Space(_)) && !g.done && !idle {
                out.push(Action::Activate(l));
            }
        }
        for u in 0..self.units.len() as UnitId {
            let unit = &self.units[u as usize];
            if matches!(unit.at(), Place::Space(_))
                && !unit.done
                && unit.leader.is_none()
                && self.side(u) == seat
                && is_land(self.counters(u))
            {
                out.push(Action::ActivateUnit(u));
            }
        }
    }

    pub(crate) fn activation_frame_legal(&self, seat: Seat, out: &mut Vec<Action>) {
        match self.stack.last() {
            Some(Frame::Command { .. }) => out.extend([Action::Roll, Action::Single]),
            Some(Frame::Activations { .. }) => {
                self.activation_legal(seat, out);
                out.push(Action::Done);
            }
            Some(Frame::Form {
                leader,
                parted,
                released,
                muster,
                ..
            }) => {
                let leader = *leader;
                let Place::Space(s) = self.leaders[leader as usize].at else {
                    return;
                };
                // 12.x3 (ruling gml #46) the set-up's command is offered
                // formed: keeping it comes first.
                if *muster {
                    out.push(Action::Done);
                }
                // 6.14, 5.4 each activated leader, a subordinate too, may
                // take units up to his own Command Value (ruling gml #5).
                let chain = self.chain(leader);
                for &l in &chain {
                    if self.force(l).count() < self.command_value(l) as usize {
                        out.extend(self.may_join(l, seat, parted).map(|u| Action::Join(u, l)));
                        // Ruling gml #72: a unit of another leader of the
                        // command may be handed to him, so that a
                        // subordinate commands units and his values count.
                        for &x in chain.iter().filter(|&&x| x != l) {
                            out.extend(
                                self.force(x)
                                    .filter(|&u| self.may_command(l, u) && !parted.contains(&(u, l)))
                                    .map(|u| Action::Join(u, l)),
                            );
                        }
                    }
                }
                out.extend(chain.iter().flat_map(|&l| self.force(l)).map(Action::Leave));
                // 5.4's example: the player places each leader; one
                // serving in the command may be released from it.
                out.extend(chain[1..].iter().map(|&o| Action::Release(o)));
                for o in self.leaders_at(s) {
                    // Ruling gml #5: a leader serving under another there,
                    // who is not activated, stays in that force.
                    let serves = self.leaders[o as usize]
                        .under
                        .is_some_and(|x| self.leaders[x as usize].at == Place::Space(s));
                    if chain.contains(&o) || self.leaders[o as usize].done || serves {
                        continue;
                    }
                    for &to in &chain {
                        if self.may_subordinate(to, o) && !released.contains(&(o, to)) {
                            out.push(Action::Subordinate(o, to));
                        }
                    }
                }
                if !*muster {
                    out.push(Action::Done);
                }
            }
            Some(Frame::Orders(o)) => {
                // 6.17 (ruling gml #59) no group sets out with its turn's
                // allowance spent: it could take no step.
                for &l in &o.leaders {
                    let (group, units) = self.group_of(o, l);
                    if self.may_set_out(&group, &units) {
                        out.push(Action::Move(l));
                    }
                }
                // 6.22 (ruling gml #10) a reserve moves only in enemy
                // movement of the same turn: none is offered where none
                // follows (the Americans' own Activation Phase).
                // Nor to a group with nothing left to move (#59).
                if self.enemy_moves_later(o.seat) {
                    out.extend(
                        o.leaders
                            .iter()
                            .copied()
                            .filter(|&l| {
                                let (group, units) = self.group_of(o, l);
                                self.may_set_out(&group, &units)
                            })
                            .map(Action::Reserve),
                    );
                }
                out.extend(
                    o.units
                        .iter()
                        .filter(|&&u| self.may_set_out(&[], &[u]))
                        .map(|&u| Action::MoveUnit(u)),
                );
                for &u in &o.units {
                    if !self.units[u as usize].entrenched {
                        out.push(Action::Entrench(u));
                    }
                }
                out.push(Action::Done);
            }
            _ => {}
        }
    }

    /// 6.0, 6.4 (ruling gml #2) how many units of a leader's command took
    /// another order in this activation (entrenched): they leave it if he
    /// moves or goes into reserve.
    pub fn staying_behind(&self, l: LeaderId) -> usize {
        let Some(Frame::Orders(o)) = self.stack.last() else {
            return 0;
        };
        self.chain(l)
            .iter()
            .flat_map(|&x| self.force(x))
            .filter(|u| !o.units.contains(u))
            .count()
    }

    /// 6.0, 6.4 the units of the leaders' forces that took another order
    /// (entrenched) leave them as the leaders move or go into reserve with
    /// `going` only.
    fn leave_behind(&mut self, leaders: &[LeaderId], going: &[UnitId]) {
        let staying: Vec<UnitId> = leaders
            .iter()
            .flat_map(|&l| self.force(l))
            .filter(|u| !going.contains(u))
            .collect();
        for u in staying {
            self.units[u as usize].leader = None;
        }
    }

    pub(crate) fn activation_perform(&mut self, seat: Seat, a: Action) {
        // 5.5 Howe may not move: the activation is not spent.
        if let (Some(Frame::Activations { .. }), Action::Activate(l)) = (self.stack.last(), a) {
            if self.howe_stays(l) {
                return;
            }
        }
        match (self.stack.last_mut(), a) {
            (Some(Frame::Command { .. }), Action::Roll) => {
                self.stack.pop();
                self.command_roll(seat);
            }
            (Some(Frame::Command { .. }), Action::Single) => {
                self.stack.pop();
                self.activations = 1;
                self.core.log.say("4.0", || {
                    format!("{} activates a single unit or leader", crate::side_name(seat))
                });
            }
            (Some(Frame::Activations { left, .. }), Action::Done) => {
                *left = 0;
                self.stack.pop();
            }
            (Some(Frame::Activations { left, .. }), Action::Activate(l)) => {
                *left -= 1;
                if *left == 0 {
                    self.stack.pop();
                }
                self.leaders[l as usize].under = None;
                let name = &self.leader(l).name;
                self.core.log.say("4.0", || format!("{name} is activated"));
                self.stack.push(form(seat, l, false));
            }
            (Some(Frame::Activations { left, .. }), Action::ActivateUnit(u)) => {
                *left -= 1;
                if *left == 0 {
                    self.stack.pop();
                }
                self.units[u as usize].done = true;
                let name = self.unit_name(u);
                self.core.log.say("6.15", || format!("The {name} is activated alone"));
                self.stack.push(Frame::Orders(Orders {
                    seat,
                    leaders: Vec::new(),
                    units: vec![u],
                }));
            }
            (Some(Frame::Form { parted, .. }), Action::Join(u, l)) => {
                // Ruling gml #72: handed from another leader of the command.
                if let Some(from) = self.units[u as usize].leader {
                    parted.push((u, from));
                }
                self.units[u as usize].leader = Some(l);
            }
            (Some(Frame::Form { released, .. }), Action::Release(o)) => {
                let from = self.leaders[o as usize]
                    .under
                    .take()
                    .expect("a leader of the command serves");
                released.push((o, from));
            }
            (Some(Frame::Form { parted, .. }), Action::Leave(u)) => {
                // Ruling gml #72: free for another leader of the command.
                if let Some(from) = self.units[u as usize].leader {
                    parted.push((u, from));
                }
                self.units[u as usize].leader = None;
            }
            (Some(Frame::Form { .. }), Action::Subordinate(o, to)) => {
                self.leaders[o as usize].under = Some(to);
            }
            (
                Some(&mut Frame::Form {
                    leader, muster: true, ..
                }),
                Action::Done,
            ) => {
                // 5.2 (ruling gml #46) the set-up's command: no activation.
                self.stack.pop();
                let chain = self.chain(leader);
                if chain.len() > 1 || self.force(leader).next().is_some() {
                    let words = self.command_words(leader, false);
                    self.core.log.say("5.2", || words);
                }
            }
            (Some(&mut Frame::Form { leader, .. }), Action::Done) => {
                self.stack.pop();
                let leaders = self.chain(leader);
                let units: Vec<UnitId> = leaders.iter().flat_map(|&l| self.force(l)).collect();
                // 6.0 one order each: a reserve (6.2) given earlier in the
                // turn gives way to this activation's.
                for &l in &leaders {
                    self.leaders[l as usize].done = true;
                    self.leaders[l as usize].reserve = false;
                }
                for &u in &units {
                    self.units[u as usize].done = true;
                }
                let names: Vec<String> = leaders
                    .iter()
                    .map(|&l| self.leader(l).name.clone())
                    .chain(units.iter().map(|&u| self.unit_name(u)))
                    .collect();
                self.core
                    .log
                    .say("6.14", || format!("Activated: {}", engine::log::list(&names)));
                self.stack.push(Frame::Orders(Orders { seat, leaders, units }));
            }
            (Some(Frame::Orders(_)), Action::Move(l)) => {
                let Some(Frame::Orders(o)) = self.stack.last() else {
                    unreachable!()
                };
                let (group, units) = self.group_of(o, l);
                let Some(Frame::Orders(o)) = self.stack.last_mut() else {
                    unreachable!()
                };
                o.leaders.retain(|x| !group.contains(x));
                o.units.retain(|u| !units.contains(u));
                self.leave_behind(&group, &units);
                self.leaders[l as usize].under = None;
                self.set_out(seat, group, units, false);
            }
            (Some(Frame::Orders(o)), Action::MoveUnit(u)) => {
                o.units.retain(|&x| x != u);
                self.units[u as usize].leader = None;
                self.set_out(seat, Vec::new(), vec![u], false);
            }
            (Some(Frame::Orders(_)), Action::Reserve(l)) => {
                let group = self.chain(l);
                let Some(Frame::Orders(o)) = self.stack.last() else {
                    unreachable!()
                };
                let units: Vec<UnitId> = group
                    .iter()
                    .flat_map(|&g| self.force(g))
                    .filter(|u| o.units.contains(u))
                    .collect();
                if let Some(Frame::Orders(o)) = self.stack.last_mut() {
                    o.leaders.retain(|x| !group.contains(x));
                    o.units.retain(|u| !units.contains(u));
                }
                self.leave_behind(&group, &units);
                self.leaders[l as usize].under = None;
                for &g in &group {
                    self.leaders[g as usize].reserve = true;
                }
                let name = self.leader(l).name.clone();
                let text = if units.is_empty() {
                    format!("{name} goes into reserve without units")
                } else {
                    format!("{name} and his command go into reserve")
                };
                self.core.log.say("6.2", || text);
            }
            (Some(Frame::Orders(o)), Action::Entrench(u)) => {
                o.units.retain(|&x| x != u);
                // 6.0 no unit does two of these: one that entrenches stays
                // in its leader's command unless he moves or goes into
                // reserve (6.2) without it (`leave_behind`).
                self.units[u as usize].entrenched = true;
                let name = self.unit_name(u);
                self.core.log.say("6.4", || format!("The {name} entrenches"));
            }
            (Some(Frame::Orders(_)), Action::Done) => {
                self.stack.pop();
                // ruling: gml #71
                self.check_stranded_leaders(seat, None);
            }
            _ => unreachable!("only legal actions reach perform"),
        }
    }

    /// 4.1 a roll on the Command Table.
    pub(crate) fn command_roll(&mut self, seat: Seat) {
        let die = self.core.dice.roll(10);
        let result = tables().command.result(die);
        let who = crate::side_name(seat);
        self.core.log.roll("4.1", &[die], || {
            let what = match result {
                CommandResult::Activations(n) => engine::log::count(n, "activation"),
                CommandResult::None => "no activation".into(),
                CommandResult::Opponent(n) => format!("the opponent activates {n}, then {who} rolls again"),
            };
            format!("{who} rolls {die} on the Command Table: {what}")
        });
        match result {
            CommandResult::Activations(n) => self.activations = n,
            // "None": no activation in the seat's own phase (ruling gml #53).
            CommandResult::None => self.activations = 0,
            CommandResult::Opponent(n) => {
                self.stack.push(Frame::Reroll { seat });
                // Ruling gml #3: the combats these moves cause are fought
                // when they end, the mover attacking.
                self.stack.push(Frame::Combats(self.movers_combats(1 - seat, &[])));
                self.stack.push(Frame::Activations {
                    seat: 1 - seat,
                    left: n,
                    opponent: true,
                });
            }
        }
    }

    /// Whether the enemy of `seat` still has movement to come in this
    /// turn: his Activation Phase, or a 4.1 activation in a Command Phase
    /// of `seat`'s that is yet to come.
    fn enemy_moves_later(&self, seat: Seat) -> bool {
        let now = self.phase.order();
        Phase::Activation(1 - seat).order() > now || Phase::Command(seat).order() > now
    }

    /// 6.12 a group sets out at the pace of its slowest unit (a leader
    /// alone: 4, 6.11), fixed for the whole move (ruling gml #7); 5.5
    /// Burgoyne's units one slower, Campbell's group in the Northwest one
    /// faster.
    /// 6.17 "never ... more movement points in a single turn than they have
    /// been assigned" (ruling gml #59): the turn holds both sides' phases,
    /// so what each piece spent earlier in it (its own phase, a 4.1
    /// activation, a 6.2 reserve move) comes off its allowance, a leader's
    /// being the group's pace.
    pub(crate) fn set_out(&mut self, seat: Seat, leaders: Vec<LeaderId>, units: Vec<UnitId>, reserve: bool) {
        let at = match (leaders.first(), units.first()) {
            (Some(&l), _) => self.leaders[l as usize].at,
            (None, Some(&u)) => self.units[u as usize].at(),
            (None, None) => return,
        };
        let Place::Space(at) = at else {
            return;
        };
        let (left, moved) = self.allowance(&leaders, &units, at);
        // Units of the group's leaders that stay behind leave their force.
        for (u, unit) in self.units.iter_mut().enumerate() {
            if unit.leader.is_some_and(|l| leaders.contains(&l)) && !units.contains(&(u as UnitId)) {
                unit.leader = None;
            }
        }
        self.stack.push(Frame::Move(Move {
            seat,
            leaders,
            units,
            at,
            left,
            // Ruling gml #8: 6.17's one space and 6.19's crossing only as
            // the turn's first move.
            moved,
            reserve,
        }));
    }

    /// 6.11, 6.12, 6.17 (rulings gml #7, #59) what a group setting out in
    /// `at` may still spend this turn, in half points, and whether any of
    /// it has moved this turn.
    fn allowance(&self, leaders: &[LeaderId], units: &[UnitId], at: crate::map::SpaceId) -> (u8, bool) {
        let bonus = self.group_movement_bonus(leaders, at);
        let pace = units.iter().map(|&u| self.unit_movement(u)).min().unwrap_or(4) + bonus;
        let allowances: Vec<(u8, u8)> = units
            .iter()
            .map(|&u| (self.unit_movement(u) + bonus, self.units[u as usize].spent))
            .chain(leaders.iter().map(|&l| (pace, self.leaders[l as usize].spent)))
            .collect();
        let left = allowances
            .iter()
            .map(|&(points, spent)| (points * 2).saturating_sub(spent))
            .min()
            .expect("a group has a piece");
        (left, allowances.iter().any(|&(_, spent)| spent > 0))
    }

    /// 6.12 the group a leader of the orders moves with: his command's
    /// leaders and those of its units still awaiting an order.
    fn group_of(&self, o: &Orders, l: LeaderId) -> (Vec<LeaderId>, Vec<UnitId>) {
        let group = self.chain(l);
        let units = o
            .units
            .iter()
            .copied()
            .filter(|&u| self.units[u as usize].leader.is_some_and(|x| group.contains(&x)))
            .collect();
        (group, units)
    }

    /// Whether a group could take a step: something left to spend, or
    /// nothing spent yet this turn (6.17's one connected space).
    fn may_set_out(&self, leaders: &[LeaderId], units: &[UnitId]) -> bool {
        let at = match (leaders.first(), units.first()) {
            (Some(&l), _) => self.leaders[l as usize].at,
            (None, Some(&u)) => self.units[u as usize].at(),
            (None, None) => return false,
        };
        let Place::Space(at) = at else {
            return false;
        };
        let (left, moved) = self.allowance(leaders, units, at);
        left > 0 || !moved
    }

    /// 6.7 the units whose entry into a state calls its militia: British
    /// or Hessian land units.
    pub fn is_regular_british(&self, u: UnitId) -> bool {
        self.side(u) == BRITISH && crate::movement::calls_militia(self.counters(u))
    }

    /// 5.2, 5.4 a command in words, each leader with his own force and
    /// whom he serves under: "Philip Schuyler 1 of 3 units; Benedict
    /// Arnold, under him, 1 of 2" while it forms (`limits`), "Philip
    /// Schuyler commands 1 Continental unit; Benedict Arnold, under him, 1
    /// Continental unit" once formed.
    pub fn command_words(&self, leader: LeaderId, limits: bool) -> String {
        let chain = self.chain(leader);
        let parts: Vec<String> = chain
            .iter()
            .enumerate()
            .map(|(i, &l)| {
                let force: Vec<UnitId> = self.force(l).collect();
                let what = if limits {
                    let of = format!("{} of {}", force.len(), self.command_value(l));
                    if i == 0 {
                        // "1 of 1 unit", "3 of 6 units"
                        let noun = engine::log::count(self.command_value(l) as usize, "unit");
                        format!("{of} {}", noun.split_once(' ').map_or("units", |(_, n)| n))
                    } else {
                        of
                    }
                } else if force.is_empty() {
                    "no unit".into()
                } else {
                    self.units_words(&force)
                };
                let name = &self.leader(l).name;
                match self.leaders[l as usize].under {
                    _ if i == 0 && limits => format!("{name} {what}"),
                    _ if i == 0 => format!("{name} commands {what}"),
                    Some(up) if up == leader => format!("{name}, under him, {what}"),
                    Some(up) => format!("{name}, under {}, {what}", self.leader(up).name),
                    None => unreachable!("a leader of the chain serves"),
                }
            })
            .collect();
        parts.join("; ")
    }

    /// Units in words, alike ones counted: "3 Continental units, 2 NY
    /// Militia units and 1 Continental Artillery".
    pub fn units_words(&self, units: &[UnitId]) -> String {
        engine::log::list(self.units_counted(units, false))
    }

    /// [`Gml::units_words`]'s parts, to list with other names; `bare`: a
    /// unit alone of its kind by its name only, as a set-up line prints
    /// it ("Barry St. Leger, Mohawk Indian unit and 2 British units").
    pub fn units_counted(&self, units: &[UnitId], bare: bool) -> Vec<String> {
        let mut names: Vec<(String, usize)> = Vec::new();
        for &u in units {
            let name = self.unit_name(u);
            match names.iter_mut().find(|(n, _)| *n == name) {
                Some((_, k)) => *k += 1,
                None => names.push((name, 1)),
            }
        }
        // "2 NY Militia units", not "2 NY Militias".
        names
            .into_iter()
            .map(|(n, k)| match k {
                1 if bare => n,
                1 => format!("1 {n}"),
                _ if n.ends_with("unit") || n.ends_with("fleet") => format!("{k} {n}s"),
                _ => format!("{k} {n} units"),
            })
            .collect()
    }
}

/// A Form step (6.14, 5.4), at the set-up's muster (ruling gml #46) or an
/// activation.
fn form(seat: Seat, leader: LeaderId, muster: bool) -> Frame {
    Frame::Form {
        seat,
        leader,
        parted: Vec::new(),
        released: Vec::new(),
        muster,
    }
}
