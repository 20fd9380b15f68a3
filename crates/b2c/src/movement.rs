//! 6.4 Movement (6.4.1 Scout, 6.4.2 March and force march), the stop rule
//! (ruling b2c #1), the field cannon moving (4.1), the first-turn landing
//! (9.0), Sons of Liberty moves (4.4), 6.5 Assemble, the minutemen's free
//! move at muster (4.3), and opportunity fire during movement (14.2, 15.2).

use crate::actions::Action;
use crate::frames::{Frame, HitKind, Hits, Move};
use crate::map::{map, Border, Region, Water};
use crate::state::*;
use crate::why::Bar;
use engine::Seat;
use revroad::why::Shared;

/// What a moving group may still do, found once for all its next steps.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reach {
    /// 11.0 a broken Regular of Smith's force is in it.
    slowed: bool,
    /// 6.4.2 how many regions it may move in all.
    max: u8,
    /// A leader in it, a broken unit it must lead (4.1).
    traits: (bool, bool),
}

impl B2c {
    pub fn begin_move(&mut self, seat: Seat, from: Region) {
        self.frames.push(Frame::Move(Move {
            seat,
            from,
            group: 0,
            at: NO_REGION,
            steps: 0,
            march: true,
            stopped: false,
            cannon_used: false,
            opfired: 0,
            ophits: 0,
            done: 0,
            pending: None,
        }));
    }

    /// 9.0 British units may land from Boston on the first turn (15.2: Percy on turn 8).
    fn landing_allowed(&self, mv: &Move) -> bool {
        self.landing_bar(mv).is_none()
    }

    /// 9.0, 15.2 what forbids the moving group `mv` a landing: only British
    /// units leaving Boston, before any step, on the first turn (Percy's
    /// turn 8 in the solitaire scenarios).
    pub(crate) fn landing_bar(&self, mv: &Move) -> Option<Bar> {
        let m = map();
        let turn_ok = if self.solo() { self.turn == 8 } else { self.turn == 1 };
        (!(mv.seat == BRITISH && mv.from == m.boston && mv.steps == 0 && turn_ok)).then_some(Bar::NoLanding)
    }

    fn group_has(&self, group: Set, f: impl Fn(&Piece) -> bool) -> bool {
        members(group).any(|p| f(self.piece(p)))
    }

    /// 11.0 a broken Regular of Smith's force after Concord: one region per Move Action, no March.
    fn slowed(&self, p: &Piece) -> bool {
        self.concord_entered && p.kind == Kind::Regular && p.flipped && !p.percy
    }

    /// May the whole group step from `at` into `to` (3.0, 4.1)?
    pub fn group_may_enter(&self, seat: Seat, group: Set, at: Region, to: Region) -> bool {
        self.enter_bar(seat, self.traits(seat, group), at, to).is_none()
    }

    /// What 4.1 asks of a moving group: (a leader in it, a broken unit it must lead).
    fn traits(&self, seat: Seat, group: Set) -> (bool, bool) {
        let leader = self.group_has(group, |p| p.kind.leader());
        let broken = if seat == PATRIOT {
            self.group_has(group, |p| p.kind.military() && p.flipped)
        } else {
            self.group_has(group, |p| p.kind == Kind::Regular && p.flipped)
        };
        (leader, broken)
    }

    /// 3.0, 4.1 what forbids a group of the given `traits` (a leader in it,
    /// a broken unit it must lead) to step from `at` into `to`: the check of
    /// every move and Assemble, and of their "why not?".
    pub(crate) fn enter_bar(&self, seat: Seat, (leader, broken): (bool, bool), at: Region, to: Region) -> Option<Bar> {
        let m = map();
        if let Some(bar) = self.entry_bar(seat, to) {
            return Some(bar);
        }
        if seat == PATRIOT {
            if broken {
                // 4.1 broken Patriots: never into British Regulars; without a leader only toward Concord.
                if self.count(to, BRITISH, |p| p.kind == Kind::Regular) > 0 {
                    return Some(Bar::BrokenIntoRegulars);
                }
                if !leader && !m.toward_concord(at, to) {
                    return Some(Bar::Shared(Shared::Heading));
                }
            }
        } else if broken && !leader {
            // 4.1 broken Regulars without a leader: not into Minutemen, only toward Boston.
            if self.count(to, PATRIOT, |p| p.kind == Kind::Minuteman) > 0 {
                return Some(Bar::BrokenIntoMinutemen);
            }
            if !m.toward_boston(at, to) {
                return Some(Bar::Shared(Shared::Heading));
            }
        }
        None
    }

    /// What the moving group `mv` may still do, found once for all its next steps.
    pub(crate) fn reach(&self, mv: &Move) -> Reach {
        let slowed = self.group_has(mv.group, |p| self.slowed(p));
        let max = if slowed {
            1
        } else if self.can_force(mv.group) {
            3
        } else {
            2
        };
        Reach {
            slowed,
            max,
            traits: self.traits(mv.seat, mv.group),
        }
    }

    /// 6.4, 6.4.1, 6.4.2, 11.0 what forbids the moving group `mv` any step
    /// further, wherever to: it has stopped, or moved as far as it may.
    pub(crate) fn march_bar(&self, mv: &Move, reach: Reach) -> Option<Bar> {
        let m = map();
        if mv.stopped {
            return Some(if mv.march {
                if mv.seat == BRITISH && self.hinder_at(HINDER_MOVEMENT) == Some(mv.at) {
                    Bar::Hindered
                } else {
                    Bar::Stopped
                }
            } else if mv.steps == 1 && mv.from == m.boston && m.area(mv.at).landing {
                Bar::Landed
            } else {
                Bar::Scouted
            });
        }
        (mv.steps >= reach.max).then_some(match reach.max {
            1 => Bar::Slowed,
            2 if self.solo() => Bar::SoloNoForce,
            2 => Bar::NoForce,
            _ => Bar::MarchOver,
        })
    }

    /// 3.0, 4.1, 6.4.2, 11.0 what forbids the moving group `mv`, which may
    /// go on ([`B2c::march_bar`]), to step into `to` across `border` (`None`:
    /// not adjacent).
    pub(crate) fn step_bar(&self, mv: &Move, reach: Reach, to: Region, border: Option<&Border>) -> Option<Bar> {
        let Some(b) = border else {
            return Some(Bar::Shared(Shared::NotAdjacent));
        };
        if mv.steps > 0 {
            if reach.slowed {
                return Some(Bar::Slowed);
            }
            if !mv.march || !b.road {
                return Some(Bar::OffRoad);
            }
        }
        self.enter_bar(mv.seat, reach.traits, mv.at, to)
    }

    /// 6.4 the units of the Move Action's region that may still join the
    /// group being chosen: unmoved, not yet in a group of this Action, the
    /// cannon only beside a Regular (4.1).
    fn move_candidates(&self, mv: &Move) -> impl Iterator<Item = PieceId> + '_ {
        let has_regular = self.group_has(mv.group, |p| p.kind == Kind::Regular);
        let (from, seat, taken) = (mv.from, mv.seat, mv.group | mv.done);
        self.pieces.iter().enumerate().filter_map(move |(i, p)| {
            let i = i as u8;
            let ok = p.loc == from
                && !p.under
                && p.side() == seat
                && p.kind.combatant()
                && !p.moved
                && taken & bit(i) == 0
                && (p.kind != Kind::Cannon || has_regular);
            ok.then_some(i)
        })
    }

    /// 6.4.2 whether the step `a`, offered to the Move Action on top, takes
    /// its group into a third road region: a force march, which breaks one
    /// of the group's unbroken military units at the end of the march
    /// (ruling b2c #15); if so, those units (for its label and warning).
    pub(crate) fn force_march(&self, a: &Action) -> Option<Set> {
        let (Some(Frame::Move(mv)), Action::Step(_)) = (self.frames.last(), a) else {
            return None;
        };
        let unbroken = members(mv.group)
            .filter(|&p| self.piece(p).kind.military() && !self.piece(p).flipped)
            .fold(0, |s, p| s | bit(p));
        (mv.at != NO_REGION && mv.steps == 2).then_some(unbroken)
    }

    pub fn move_legal(&self, mv: &Move, out: &mut Vec<Action>) {
        let m = map();
        if mv.at == NO_REGION {
            out.extend(self.move_candidates(mv).map(Action::Pick));
            out.push(Action::Done);
            return;
        }
        if !mv.stopped {
            let reach = self.reach(mv);
            if self.march_bar(mv, reach).is_none() {
                for (n, b) in m.borders_of(mv.at) {
                    if self.step_bar(mv, reach, n, Some(b)).is_none() {
                        out.push(Action::Step(n));
                    }
                }
            }
            if self.landing_allowed(mv) {
                for r in 0..m.len() as Region {
                    if m.area(r).landing {
                        out.push(Action::Land(r));
                    }
                }
            }
            if mv.steps > 0 && mv.march && mv.group.count_ones() > 1 {
                // 4.1 the cannon never goes on without a Regular: the last
                // one stays with it (the cannon may be dropped first).
                let gun = self.group_has(mv.group, |p| p.kind == Kind::Cannon);
                let regulars = members(mv.group)
                    .filter(|&p| self.piece(p).kind == Kind::Regular)
                    .count();
                for p in members(mv.group) {
                    if !(gun && regulars == 1 && self.piece(p).kind == Kind::Regular) {
                        out.push(Action::Drop(p));
                    }
                }
            }
        }
        out.push(Action::Done);
    }

    /// 6.4.2 force march: a third road region, not in the solitaire scenarios
    /// (15.2), and only with an unbroken military unit to break (ruling b2c #15).
    fn can_force(&self, group: Set) -> bool {
        !self.solo() && self.group_has(group, |p| p.kind.military() && !p.flipped)
    }

    pub fn move_act(&mut self, a: Action) {
        let Some(Frame::Move(mv)) = self.frames.last_mut() else {
            return;
        };
        match a {
            Action::Pick(p) => mv.group |= bit(p),
            Action::Done if mv.at == NO_REGION => {
                if mv.group == 0 {
                    // 6.4 "Not all eligible units need be selected": a Move
                    // Action may move none, and is spent all the same
                    // (as a Pass, 6.15; ruling b2c #35).
                    let (seat, from, nothing) = (mv.seat, mv.from, mv.done == 0);
                    self.frames.pop();
                    if nothing {
                        let who = revroad::log::the_side(seat);
                        self.core.log.say_at(
                            "6.4",
                            || map().path(&[from]),
                            || format!("{who} move nothing from {}: the Action is spent.", map().name(from)),
                        );
                    }
                } else {
                    set_out(mv);
                }
            }
            Action::Done => self.end_group(),
            Action::Drop(p) => {
                mv.group &= !bit(p);
                mv.done |= bit(p);
                let pc = self.pm(p);
                pc.moved = true;
            }
            Action::Land(r) => {
                mv.at = r;
                mv.steps = 1;
                mv.march = false;
                mv.stopped = true;
                let (group, from) = (mv.group, mv.from);
                for p in members(group) {
                    self.pm(p).loc = r;
                }
                self.log_move("9.0", BRITISH, group, from, r, " by boat");
                self.entered(r, true);
            }
            Action::Step(r) => self.step_to(r),
            _ => {}
        }
    }

    fn step_to(&mut self, to: Region) {
        let m = map();
        let Some(Frame::Move(mv)) = self.frames.last() else {
            return;
        };
        let (seat, at, group, steps) = (mv.seat, mv.at, mv.group, mv.steps);
        // 14.2 moving through a region with an unbroken enemy piece: a
        // military unit; leaders are healthy, the cannon never unbroken (ruling b2c #30).
        if self.opts.opfire_movement
            && steps > 0
            && self.count(at, other(seat), |p| p.kind.military() && !p.flipped) > 0
        {
            let d = self.core.dice.d6();
            self.core.log.roll_at(
                "14.2",
                &[d],
                || m.path(&[at]),
                || {
                    format!(
                        "Opportunity fire in {}: {d}, needs 6 to hit: {}.",
                        m.name(at),
                        if d == 6 { "a hit" } else { "no hit" }
                    )
                },
            );
            if d == 6 {
                // "Immediately": the hit is taken before the group goes on,
                // so the stop rule and the cannon count what is left of it
                // (`move_auto` takes the step afterwards).
                if let Some(Frame::Move(mv)) = self.frames.last_mut() {
                    mv.pending = Some(to);
                }
                self.push_hits(seat, 1, group, 0, HitKind::Hit, "14.2");
                return;
            }
        }
        self.go_on(to);
    }

    /// 6.4 the group of the Move Action on top steps from where it stands
    /// into `to`.
    fn go_on(&mut self, to: Region) {
        let Some(Frame::Move(mv)) = self.frames.last() else {
            return;
        };
        let (seat, at, group, steps) = (mv.seat, mv.at, mv.group, mv.steps);
        let road = map().border(at, to).is_some_and(|b| b.road);
        for p in members(group) {
            self.pm(p).loc = to;
        }
        self.log_move("6.4", seat, group, at, to, "");
        if let Some(Frame::Move(mv)) = self.frames.last_mut() {
            mv.at = to;
            mv.steps += 1;
            if !road || steps > 0 && !mv.march {
                mv.march = false;
            }
            if !road {
                mv.stopped = true;
            }
        }
        self.entered(to, false);
    }

    /// A moving group arrives in `to`: the cannon (4.1), the stop rule
    /// (6.4, ruling b2c #1), Hinder Movement (6.11), Patriot opportunity fire (15.2).
    fn entered(&mut self, to: Region, landing: bool) {
        let Some(idx) = self.frames.iter().rposition(|f| matches!(f, Frame::Move(_))) else {
            return;
        };
        let Frame::Move(mv) = &self.frames[idx] else {
            return;
        };
        let (seat, group, cannon_used) = (mv.seat, mv.group, mv.cannon_used);
        let mut stop = false;
        let mut broken_by_cannon = 0;
        let mut cannon_now = false;
        if seat == BRITISH && !cannon_used && self.group_has(group, |p| p.kind == Kind::Cannon) {
            // 4.1 the first region with militia or minutemen, even only
            // broken ones, uses up the break (ruling b2c #2).
            let pats = self.set_at(to, PATRIOT, |p| matches!(p.kind, Kind::Militia | Kind::Minuteman));
            if pats != 0 {
                cannon_now = true;
                let unbroken = self.set_at(to, PATRIOT, |p| {
                    matches!(p.kind, Kind::Militia | Kind::Minuteman) && !p.flipped
                });
                if unbroken != 0 {
                    broken_by_cannon = 1;
                    self.push_hits(PATRIOT, 1, unbroken, 0, HitKind::Break, "4.1");
                }
            }
        }
        if seat == BRITISH {
            let regs = members(group).filter(|&p| self.piece(p).kind == Kind::Regular).count();
            let pats = self.unbroken_patriots(to).saturating_sub(broken_by_cannon);
            if pats >= 1 && 2 * pats >= regs {
                stop = true;
            }
            if self.hinder_at(HINDER_MOVEMENT) == Some(to) {
                stop = true;
                // 6.11 told to both: the marker, not the stop rule, ends this move.
                let m = map();
                self.core.log.say_at(
                    "6.11",
                    || m.path(&[to]),
                    || {
                        format!(
                            "The Hinder Movement marker in {} stops the British move there.",
                            m.name(to)
                        )
                    },
                );
            }
        } else {
            let pats = members(group)
                .filter(|&p| self.piece(p).kind.military() && !self.piece(p).flipped)
                .count();
            let regs = self.count(to, BRITISH, |p| p.kind == Kind::Regular);
            if regs >= 1 && 2 * regs >= pats {
                stop = true;
            }
        }
        if let Frame::Move(mv) = &mut self.frames[idx] {
            if cannon_now {
                mv.cannon_used = true;
            }
            if stop {
                mv.stopped = true;
            }
        }
        if seat == BRITISH && self.solo() && !landing {
            self.patriot_opfire(idx, to, group);
        }
    }

    /// 15.2 Patriot Opportunity Fire: each Patriot-occupied region in or next
    /// to `to` fires once per Move Action; at most 2 hits (ruling b2c #26).
    /// 4.1, 15.2 its dice: one per five unbroken strength points, counted as
    /// combat counts them ("0" militia paired with healthy leaders, ruling
    /// b2c #32), and one per unbroken minuteman.
    fn patriot_opfire(&mut self, idx: usize, to: Region, group: Set) {
        let m = map();
        let mut regions = vec![to];
        regions.extend(m.neighbours(to));
        let mut hits = 0u8;
        for r in regions {
            let Frame::Move(mv) = &self.frames[idx] else {
                return;
            };
            if mv.opfired & (1 << r) != 0 || mv.ophits + hits >= 2 {
                continue;
            }
            let units = self.set_at(r, PATRIOT, |p| p.kind.military());
            if units == 0 {
                continue;
            }
            for p in members(units) {
                if self.piece(p).hidden && !self.piece(p).flipped {
                    self.reveal(p);
                }
            }
            // 15.2 "unbroken Patriot Strength Points", counted as in combat:
            // a "0" militia paired with a healthy leader is worth 1 (4.1).
            // ruling: b2c #5, #32
            let sp = self.patriot_strength(r);
            let mm = self.count(r, PATRIOT, |p| p.kind == Kind::Minuteman && !p.flipped);
            let n = sp / 5 + mm;
            let dice: Vec<u8> = (0..n).map(|_| self.core.dice.d6()).collect();
            let h = dice.iter().filter(|&&d| d == 6).count() as u8;
            if let Frame::Move(mv) = &mut self.frames[idx] {
                mv.opfired |= 1 << r;
            }
            hits = (hits + h).min(2);
            if !dice.is_empty() {
                self.core.log.roll_at(
                    "15.2",
                    &dice,
                    || m.path(&[r, to]),
                    || {
                        format!(
                            "Patriot opportunity fire from {} at {}: {} and {} give {}, needs 6 to hit: {h}.",
                            m.name(r),
                            m.name(to),
                            engine::log::count(sp, "strength point"),
                            engine::log::count(mm, "unbroken minuteman").replace("minutemans", "minutemen"),
                            revroad::log::dice(dice.len()),
                            h = engine::log::count(h, "hit")
                        )
                    },
                );
            }
        }
        if let Frame::Move(mv) = &mut self.frames[idx] {
            let allowed = 2 - mv.ophits;
            hits = hits.min(allowed);
            mv.ophits += hits;
        }
        if hits > 0 {
            self.push_hits(BRITISH, hits, group, 0, HitKind::Hit, "15.2");
        }
    }

    /// The group stops: Moved markers, snipe tracking (ruling b2c #16), the
    /// force-march break (6.4.2, ruling b2c #15).
    fn end_group(&mut self) {
        let Some(Frame::Move(mv)) = self.frames.last_mut() else {
            return;
        };
        let (group, steps, march, seat) = (mv.group, mv.steps, mv.march, mv.seat);
        mv.done |= group;
        mv.group = 0;
        mv.at = NO_REGION;
        mv.steps = 0;
        mv.stopped = false;
        mv.march = true;
        for p in members(group) {
            let pc = self.pm(p);
            if steps > 0 {
                pc.moved = true;
                pc.marched = if march { steps } else { 0 };
                pc.march_end = pc.loc;
            }
        }
        if steps == 3 {
            let unbroken = members(group)
                .filter(|&p| self.piece(p).kind.military() && !self.piece(p).flipped)
                .fold(0, |s, p| s | bit(p));
            self.push_hits(seat, 1, unbroken, 0, HitKind::Break, "6.4.2");
        }
    }

    /// One step of a moving group, told to all: the pieces are on the map
    /// for both to see (a hidden militia by its label, its value unknown).
    fn log_move(&mut self, rule: &'static str, seat: Seat, group: Set, from: Region, to: Region, how: &str) {
        if !self.core.log.enabled() {
            return;
        }
        let what = revroad::log::pieces(members(group).map(|p| self.piece_name(p)));
        let (m, who) = (map(), revroad::log::the_side(seat));
        self.core.log.say_at(
            rule,
            || m.path(&[from, to]),
            || format!("{who} move {what} from {} to {}{how}.", m.name(from), m.name(to)),
        );
    }

    /// Drop group members lost to hits; an emptied group ends. 6.4 a Move
    /// Action whose groups have moved and whose region has no unit left to
    /// move ends by itself: its "done" would decide nothing (ruling b2c #35);
    /// so does the choice of a group once every unit that may join it is
    /// chosen: it sets out (ruling b2c #36).
    pub fn move_auto(&mut self) -> bool {
        let Some(Frame::Move(mv)) = self.frames.last() else {
            return false;
        };
        if mv.at == NO_REGION {
            if (mv.group != 0 || mv.done != 0) && self.move_candidates(mv).next().is_none() {
                if mv.group == 0 {
                    self.frames.pop();
                } else if let Some(Frame::Move(mv)) = self.frames.last_mut() {
                    set_out(mv);
                }
                return true;
            }
            return false;
        }
        let at = mv.at;
        let alive = members(mv.group)
            .filter(|&p| self.piece(p).loc == at)
            .fold(0, |s, p| s | bit(p));
        if alive != mv.group {
            if let Some(Frame::Move(mv)) = self.frames.last_mut() {
                mv.group = alive;
                if alive == 0 {
                    mv.at = NO_REGION;
                    mv.steps = 0;
                    mv.pending = None;
                }
            }
            return true;
        }
        // 14.2 the step its opportunity fire held up, once the hit is taken.
        if let Some(to) = mv.pending {
            if let Some(Frame::Move(mv)) = self.frames.last_mut() {
                mv.pending = None;
            }
            self.go_on(to);
            return true;
        }
        false
    }

    /// 4.4 Hancock and Adams: up to two regions (14.3: one); a stream without a
    /// road only as a one-region move (ruling b2c #9).
    pub fn sol_legal(&self, p: PieceId, left: u8, out: &mut Vec<Action>) {
        let m = map();
        let at = self.piece(p).loc;
        if left > 0 {
            for (n, b) in m.borders_of(at) {
                if self.sol_bar(left, n, Some(b)).is_none() {
                    out.push(Action::Step(n));
                }
            }
        }
        out.push(Action::Done);
    }

    /// 3.0, 4.4, 14.3 (ruling b2c #9) what forbids Hancock or Adams, with
    /// `left` regions of their move to go, to step into `n` across `border`
    /// (`None`: not adjacent).
    pub(crate) fn sol_bar(&self, left: u8, n: Region, border: Option<&Border>) -> Option<Bar> {
        let full = if self.opts.hobbled_sol { 1 } else { 2 };
        let Some(b) = border else {
            return Some(if left == 0 {
                Bar::SolMoved
            } else {
                Bar::Shared(Shared::NotAdjacent)
            });
        };
        if left == 0 {
            Some(Bar::SolMoved)
        } else if !(b.road || b.water != Water::Stream || left == full) {
            Some(Bar::Stream)
        } else {
            // 3.0 never into Boston, nor a Charlestown with unbroken Regulars.
            self.entry_bar(PATRIOT, n)
        }
    }

    pub fn sol_act(&mut self, a: Action) {
        let Some(&Frame::SolMove { piece: p, left }) = self.frames.last() else {
            return;
        };
        match a {
            Action::Step(r) => {
                let m = map();
                let at = self.piece(p).loc;
                let b = m.border(at, r).expect("adjacent");
                let stream = !b.road && b.water == Water::Stream;
                if let Some(Frame::SolMove { left: l, .. }) = self.frames.last_mut() {
                    *l = if stream { 0 } else { left - 1 };
                }
                let pc = self.pm(p);
                pc.loc = r;
                pc.under = false;
                pc.moved = true;
                self.log_move("4.4", PATRIOT, bit(p), at, r, "");
            }
            _ => {
                self.pm(p).moved = true;
                self.frames.pop();
            }
        }
    }

    /// 6.5 (ruling b2c #14) units that may assemble into `target`.
    fn assemble_candidates(&self, target: Region, picked: Set) -> impl Iterator<Item = u8> + '_ {
        let m = map();
        self.pieces.iter().enumerate().filter_map(move |(i, p)| {
            let i = i as u8;
            let ok = p.side() == PATRIOT
                && p.kind.combatant()
                && p.active()
                && !p.moved
                && picked & bit(i) == 0
                && m.border(p.loc, target).is_some()
                && self.group_may_enter(PATRIOT, bit(i) | leader_of(self, picked, p.loc), p.loc, target);
            ok.then_some(i)
        })
    }

    pub fn assemble_legal(&self, target: Region, picked: Set, out: &mut Vec<Action>) {
        out.extend(self.assemble_candidates(target, picked).map(Action::Pick));
        out.push(Action::Done);
    }

    pub fn assemble_act(&mut self, a: Action) {
        match (a, self.frames.last_mut()) {
            (Action::Pick(p), Some(Frame::Assemble { picked, .. })) => *picked |= bit(p),
            (_, Some(Frame::Assemble { .. })) => self.assemble(),
            _ => {}
        }
    }

    /// 6.5 the Action carries itself out once every unit that may assemble
    /// is chosen: its "done" was the only choice left (ruling b2c #37).
    pub fn assemble_auto(&mut self) -> bool {
        let Some(&Frame::Assemble { target, picked }) = self.frames.last() else {
            return false;
        };
        if picked == 0 || self.assemble_candidates(target, picked).next().is_some() {
            return false;
        }
        self.assemble();
        true
    }

    /// 6.5 the chosen units move into the target, each from its own region
    /// next to it.
    fn assemble(&mut self) {
        let Some(Frame::Assemble { target: t, picked: set }) = self.frames.pop() else {
            return;
        };
        if set == 0 {
            // 6.5 "all or some": none assembles, and the Action is spent.
            self.core.log.say_at(
                "6.5",
                || map().path(&[t]),
                || {
                    format!(
                        "The Patriots assemble nothing in {}: the Action is spent.",
                        map().name(t)
                    )
                },
            );
        }
        for p in members(set) {
            let from = self.piece(p).loc;
            let pc = self.pm(p);
            pc.loc = t;
            pc.moved = true;
            self.log_move("6.5", PATRIOT, bit(p), from, t, " to assemble");
        }
    }

    /// 4.3 the free move: up to two adjacent steps, obeying 3.0 and the stop rule (ruling b2c #7).
    pub fn free_legal(&self, cur: u8, left: u8, out: &mut Vec<Action>) {
        let m = map();
        if cur != NO_REGION && left > 0 {
            let at = self.piece(cur).loc;
            for &n in m.neighbours(at) {
                if self.may_enter(PATRIOT, n) {
                    out.push(Action::Step(n));
                }
            }
        }
        out.push(Action::Done);
    }

    pub fn free_act(&mut self, a: Action) {
        let Some(&Frame::FreeMove { cur: p, left, .. }) = self.frames.last() else {
            return;
        };
        let (next_cur, next_left) = match a {
            Action::Step(r) => {
                let from = self.piece(p).loc;
                self.pm(p).loc = r;
                self.log_move("4.3", PATRIOT, bit(p), from, r, "");
                // The stop rule: a lone minuteman stops at any Regular (6.4).
                let stop = self.count(r, BRITISH, |q| q.kind == Kind::Regular) > 0;
                let l = if stop { 0 } else { left - 1 };
                (if l == 0 { NO_REGION } else { p }, l)
            }
            _ => (NO_REGION, 0),
        };
        if let Some(Frame::FreeMove { cur, left, .. }) = self.frames.last_mut() {
            *cur = next_cur;
            *left = next_left;
        }
    }

    pub fn free_auto(&mut self) -> bool {
        let Some(Frame::FreeMove { units, cur, left }) = self.frames.last_mut() else {
            return false;
        };
        if *cur != NO_REGION {
            return false;
        }
        if *units == 0 {
            self.frames.pop();
            return true;
        }
        let p = units.trailing_zeros() as u8;
        *units &= !bit(p);
        *cur = p;
        *left = 2;
        if !self.piece(p).active() {
            if let Some(Frame::FreeMove { cur, .. }) = self.frames.last_mut() {
                *cur = NO_REGION;
            }
        }
        true
    }

    /// 6.10, 8.2: where a piece may be placed (adjacent, never Boston).
    pub fn place_legal(&self, p: PieceId, optional: bool, out: &mut Vec<Action>) {
        let m = map();
        let at = self.piece(p).loc;
        if self.piece(p).on_map() {
            // 3.0 (as any Patriot move) never into Boston, nor a
            // Charlestown with unbroken Regulars.
            let seat = self.piece(p).side();
            for &n in m.neighbours(at) {
                if n != m.boston && self.entry_bar(seat, n).is_none() {
                    out.push(Action::Go(n));
                }
            }
        }
        if optional && !out.is_empty() {
            out.push(Action::No);
        }
    }

    pub fn place_act(&mut self, a: Action) {
        let Some(Frame::Place { piece, optional, .. }) = self.frames.pop() else {
            return;
        };
        if let Action::Go(r) = a {
            let (seat, from) = (self.piece(piece).side(), self.piece(piece).loc);
            let pc = self.pm(piece);
            pc.loc = r;
            pc.under = false;
            pc.moved = true;
            // 8.2 the move after a failed capture (optional); 6.10 an escape.
            let rule = if optional { "8.2" } else { "6.10" };
            self.log_move(rule, seat, bit(piece), from, r, "");
        }
    }

    pub fn push_hits(&mut self, seat: Seat, n: u8, first: Set, rest: Set, kind: HitKind, rule: &str) {
        if n == 0 {
            return;
        }
        self.frames.push(Frame::Hits(Hits {
            seat,
            n,
            first,
            rest,
            kind,
            rule: rule.to_string(),
        }));
    }
}

/// 6.4 the chosen group sets out from the Move Action's region: its steps next.
fn set_out(mv: &mut Move) {
    mv.at = mv.from;
    mv.steps = 0;
    mv.march = true;
    mv.stopped = false;
}

/// A leader already picked from `loc` (a broken unit moving with him is not alone, 4.1).
fn leader_of(g: &B2c, picked: Set, loc: Region) -> Set {
    members(picked)
        .filter(|&q| g.piece(q).kind.leader() && g.piece(q).loc == loc)
        .fold(0, |s, q| s | bit(q))
}
