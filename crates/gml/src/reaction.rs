//! The reactions inside the enemy's move (engine reaction windows): 6.2
//! reserve movement interrupting it, and 6.3 the American retreat option.

use crate::actions::Action;
use crate::forces::{Kind, Nationality, AMERICAN, BRITISH};
use crate::frames::{Frame, Move};
use crate::map::SpaceId;
use crate::state::{Gml, LeaderId, Place, UnitId};
use crate::tables::tables;
use engine::{Reply, Seat, Window};

impl Gml {
    /// 6.2 the seat's leaders in reserve, not yet moved.
    fn reserves(&self, seat: Seat) -> Vec<LeaderId> {
        (0..self.leaders.len() as LeaderId)
            .filter(|&l| {
                let g = &self.leaders[l as usize];
                g.reserve && matches!(g.at, Place::Space(_)) && self.leader(l).side == seat
            })
            .collect()
    }

    /// 6.21 a step of a move: the enemy's reserves may interrupt it before
    /// the group enters `n` (ruling gml #10, #11: any enemy move, a
    /// reserve's included, never a friendly one); else the step is taken.
    pub(crate) fn try_step(&mut self, n: SpaceId) {
        let Some(Frame::Move(m)) = self.stack.last() else {
            unreachable!("a Move frame is on top");
        };
        let enemy = 1 - m.seat;
        match Window::offer(enemy, self.reserves(enemy)) {
            Some(window) => {
                let (who, place) = (self.group_name(&m.leaders, &m.units), self.space_name(n));
                let is = if Self::group_plural(&m.leaders, &m.units) {
                    "are"
                } else {
                    "is"
                };
                self.core.log.say("6.21", || {
                    format!("{who} {is} about to enter {place}: the enemy's reserves may move")
                });
                self.stack.push(Frame::Interrupt { window, pending: n });
            }
            None => self.step_to(n),
        }
    }

    /// 6.3 the American units a British-side entry lets withdraw, each to
    /// a line-connected space without enemy units (ruling gml #12: any
    /// British-side land unit but Indians triggers it; Continentals and
    /// rebel militia, entrenched ones too, each decide alone).
    fn withdrawals(&self, n: SpaceId, movers: &[UnitId]) -> Vec<(UnitId, SpaceId)> {
        let triggers = movers.iter().any(|&u| {
            let c = self.counters(u);
            self.side(u) == BRITISH && crate::state::is_land(c) && c.nationality != Some(Nationality::Indian)
        });
        if !triggers {
            return Vec::new();
        }
        let mut out = Vec::new();
        for u in self.land_at(n, AMERICAN) {
            // "Continental Army or rebel militia": the Continental Army's
            // artillery too (12.23, 12.33 name it so; ruling gml #57).
            let c = self.counters(u);
            let continental = c.kind == Kind::Artillery && c.nationality == Some(Nationality::American);
            if !(matches!(c.kind, Kind::Continental | Kind::Militia) || continental) {
                continue;
            }
            for &(to, kind) in tables().map.neighbours(n) {
                if kind.is_line() && self.in_play(to) && !self.has_land(to, BRITISH) {
                    out.push((u, to));
                }
            }
        }
        out
    }

    /// After a British-side group entered `n`: open the 6.3 window if the
    /// Americans there may withdraw. Whether they did is settled before the
    /// entry's effects (6.18, 6.5).
    pub(crate) fn offer_withdrawal(&mut self, n: SpaceId) -> bool {
        let Some(Frame::Move(m)) = self.stack.last() else {
            return false;
        };
        match Window::offer(AMERICAN, self.withdrawals(n, &m.units)) {
            Some(window) => {
                self.stack.push(Frame::Withdraw { window, space: n });
                true
            }
            None => false,
        }
    }

    pub(crate) fn reaction_legal(&self, out: &mut Vec<Action>) {
        match self.stack.last() {
            Some(Frame::Withdraw { window, .. }) => out.extend(window.replies().map(|r| match r {
                Reply::Decline => Action::Decline,
                Reply::React((u, to)) => Action::Withdraw(u, to),
            })),
            Some(Frame::Interrupt { window, .. }) => out.extend(window.replies().map(|r| match r {
                Reply::Decline => Action::Decline,
                Reply::React(l) => Action::Interrupt(l),
            })),
            _ => {}
        }
    }

    pub(crate) fn reaction_perform(&mut self, a: Action) {
        match (self.stack.pop(), a) {
            (Some(Frame::Withdraw { space, .. }), Action::Withdraw(u, to)) => {
                self.units.place(u, Place::Space(to));
                let (name, from, place) = (self.unit_name(u), self.space_name(space), self.space_name(to));
                self.core
                    .log
                    .say("6.3", || format!("The {name} withdraws from {from} to {place}"));
                let kind = tables().map.between(space, to).expect("a line-connected space");
                let unit = &mut self.units[u as usize];
                unit.entrenched = false;
                unit.inside = false;
                // Ruling gml #76: 6.3's withdrawal is a retreat, an entry
                // like a move's or an 8.25 retreat's: its way in is the
                // space it left (8.251 point 1, the river's -1), not that
                // of an earlier move into the space it left.
                unit.entered = Some((space, kind));
                // Ruling gml #48: a leader goes with the last unit of his
                // command to withdraw (as with a retreat, ruling #18), his
                // subordinates with him, and so does each superior whose
                // command it was the last of; else the unit leaves his force.
                if let Some(l) = unit.leader.take() {
                    let emptied = |g: LeaderId| self.chain(g).iter().all(|&x| self.force(x).next().is_none());
                    if emptied(l) {
                        let mut top = l;
                        while let Some(up) = self.leaders[top as usize].under.filter(|&up| emptied(up)) {
                            top = up;
                        }
                        self.units[u as usize].leader = Some(l);
                        self.leaders[top as usize].under = None;
                        let going = self.chain(top);
                        for &g in &going {
                            self.leaders[g as usize].at = Place::Space(to);
                        }
                        let names: Vec<String> = going.iter().map(|&g| self.leader(g).name.clone()).collect();
                        let verb = if names.len() == 1 { "withdraws" } else { "withdraw" };
                        let place = self.space_name(to);
                        self.core.log.say("6.3", || {
                            format!("{} {verb} with it to {place}", engine::log::list(&names))
                        });
                    }
                }
                // 9.2 the side left alone in the space holds it; 5.6 a lone
                // enemy leader where it arrives is checked (ruling gml #6):
                // his owner's choice of where he escapes to waits under the
                // move the withdrawal interrupts.
                self.mark_control(space);
                self.mark_control(to);
                let depth = self.stack.len();
                self.check_lone_leaders(to, self.side(u));
                let relocations: Vec<Frame> = self.stack.drain(depth..).collect();
                let under_move = depth - 1;
                for f in relocations.into_iter().rev() {
                    self.stack.insert(under_move, f);
                }
                if !self.offer_withdrawal(space) {
                    self.after_entry();
                }
            }
            (Some(Frame::Withdraw { .. }), Action::Decline) => self.after_entry(),
            (Some(Frame::Interrupt { pending, .. }), Action::Decline) => self.step_to(pending),
            (Some(Frame::Interrupt { .. }), Action::Interrupt(l)) => {
                let seat = self.leader(l).side;
                // He moves on his own if his superior stays (6.2).
                self.leaders[l as usize].under = None;
                let group = self.chain(l);
                for &g in &group {
                    self.leaders[g as usize].reserve = false;
                }
                let units: Vec<UnitId> = group.iter().flat_map(|&g| self.force(g)).collect();
                let name = self.leader(l).name.clone();
                self.core
                    .log
                    .say("6.21", || format!("{name}'s reserve interrupts the move"));
                self.set_out(seat, group, units, true);
            }
            _ => unreachable!("only legal actions reach perform"),
        }
    }

    /// 6.21 a reserve that entered a space of enemy units neither entrenched
    /// nor in a fort fights there at once.
    pub(crate) fn reserve_combat(&self, m: &Move) -> Option<Frame> {
        (m.reserve && self.stops(m.at, m.seat)).then(|| Frame::Combats(self.movers_combats(m.seat, &m.units)))
    }

    /// 6.22 reserves the enemy did not use lapse once its movement is
    /// over, and none outlasts the turn: the leaders turn back.
    pub(crate) fn reserves_lapse(&mut self, seat: Seat) {
        for l in 0..self.leaders.len() {
            if self.leaders[l].reserve && self.leader(l as LeaderId).side == seat {
                self.leaders[l].reserve = false;
                let name = self.leader(l as LeaderId).name.clone();
                self.core.log.say("6.22", || format!("{name}'s reserve lapses"));
            }
        }
    }
}
