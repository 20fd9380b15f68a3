//! 6.5 Land Move, 6.6 Naval Move, 6.8 Reorganize the Line, 6.10 Land
//! Troops, 3.4 the Charlestown Neck courage check, 3.5 Staging Areas.

use crate::actions::Action;
use crate::map::Region;
use crate::state::*;
use crate::why::Bar;
use engine::Seat;
use revroad::board::{Counts, Regions};
use revroad::why::Shared;

/// One side's view of who stands where, built once per legal-action query.
#[derive(Default)]
pub(crate) struct Occupancy {
    /// Military units of the side per region.
    count: Counts,
    /// Of those, the ones that may still move (6.8).
    leavers: Counts,
    mine: Regions,
    enemy: Regions,
    /// Regions holding unbroken enemy military units (6.5).
    unbroken: Regions,
}

/// The limits of a Land Move that a "why not?" search lifts, to find
/// which one keeps a region out of reach (none: the move itself).
#[derive(Clone, Copy)]
pub(crate) struct Relax {
    /// Past the three regions (four for leaders alone).
    pub range: bool,
    /// On through regions where these stops would end the move.
    pub stops: &'static [Bar],
}

impl Relax {
    pub const NONE: Relax = Relax {
        range: false,
        stops: &[],
    };
}

impl Bh {
    /// 3.5 / ruling bh #4: pieces may leave a Staging Area once its Staging Number was met.
    pub fn staging_released(&self, r: Region, seat: Seat) -> bool {
        seat == PATRIOT || self.map().zone_of_staging(r).is_none() || self.released & bit(r) != 0
    }

    /// 3.5 / ruling bh #4: mark the Staging Areas that now hold their
    /// Staging Number of British military units. `Procedure::step` calls it
    /// before every decision of a seat or a bot, so every way in counts (Land
    /// Troops, Land Move, Reorganize, a retreat, leaving a fire) and a
    /// released area stays so.
    pub fn update_released(&mut self) {
        // 6.8 trading places is one move: an area reorganized into counts
        // once the Action is done (stacking is checked then too, ruling bh #19).
        if matches!(self.frames.last(), Some(Frame::Reorganize { .. })) {
            return;
        }
        let map = self.map();
        let pending = map.staging_mask() & !self.released;
        if pending == 0 {
            return;
        }
        // Every decision of every playout comes here: the cheap tests first
        // (a piece off the map lies past every region bit).
        let mut count = Counts::default();
        for p in &self.pieces {
            if in_region(p.loc) && pending >> p.loc & 1 != 0 && p.side == BRITISH && p.military() {
                count.add(p.loc);
            }
        }
        for z in &map.zones {
            for &r in &z.areas {
                if count[r] >= z.staging {
                    self.released |= bit(r);
                }
            }
        }
    }

    fn movable(&self, i: PieceId) -> bool {
        let p = self.p(i);
        p.on_map() && !p.moved && !p.panic
    }

    /// 4.1, 9.2, ruling bh #11: where a restricted piece must head, and the
    /// rule that sends it there.
    fn heading(&self, i: PieceId, group_has_leader: bool) -> Option<(Region, Bar)> {
        let p = self.p(i);
        let map = self.map();
        if p.side == PATRIOT && p.unit == Unit::Militia && self.demoralized[PATRIOT as usize] {
            return Some((map.muster(), Bar::Demoralized));
        }
        if p.military() && p.flipped && !group_has_leader {
            let home = if p.side == PATRIOT {
                map.muster()
            } else if p.home != NO_REGION {
                p.home
            } else {
                map.zone(2).areas[0]
            };
            return Some((home, Bar::Shared(Shared::Heading)));
        }
        None
    }

    /// One pass over the pieces: `side`'s military units per region, movable
    /// military units per region, and where the enemy stands.
    pub(crate) fn occupancy(&self, side: Seat) -> Occupancy {
        let foe = other(side);
        let mut o = Occupancy::default();
        for p in self.pieces.iter().filter(|p| p.on_map()) {
            if p.side == side {
                o.mine |= bit(p.loc);
                if p.military() {
                    o.count.add(p.loc);
                    if !p.moved && !p.panic {
                        o.leavers.add(p.loc);
                    }
                }
            } else if p.side == foe {
                o.enemy |= bit(p.loc);
                if p.military() && !p.flipped {
                    o.unbroken |= bit(p.loc);
                }
            }
        }
        o
    }

    /// 3.2, 3.5, 4.1, 6.5, 9.2 what forbids the group (`mil` military units,
    /// its restricted pieces heading to `heads`) to step from `cur` into `b`
    /// (ruling bh #18): the check of every Land Move and of its "why not?".
    pub(crate) fn enter_bar(
        &self,
        o: &Occupancy,
        side: Seat,
        mil: usize,
        heads: &[(Region, Bar)],
        cur: Region,
        b: Region,
    ) -> Option<Bar> {
        let map = self.map();
        if !(map.area(b).is_land() || (b == map.muster() && side == PATRIOT)) {
            Some(self.off_land(side, b))
        } else if self.is_ablaze(b) {
            Some(Bar::Ablaze)
        } else if o.enemy & bit(b) != 0 {
            Some(Bar::Enemy)
        } else if !(mil == 0 || self.unlimited(b, side) || o.count[b] as usize + mil <= 3) {
            Some(Bar::Stacking)
        } else {
            heads
                .iter()
                .find(|&&(h, _)| map.dist(b, h) >= map.dist(cur, h))
                .map(|&(_, bar)| bar)
        }
    }

    /// 3.2, 3.5, 6.5 why `side` does not Land Move into `b`, no land region.
    fn off_land(&self, side: Seat, b: Region) -> Bar {
        let map = self.map();
        if b == map.muster() {
            Bar::MusterBritish
        } else if side == PATRIOT && map.zone_at(b).is_some() {
            Bar::Zone
        } else {
            Bar::NotLand
        }
    }

    /// 6.5, 3.3, 3.2 what ends a move entering `b`: the British stop in a
    /// town region, a Patriot in the Muster Box, anyone next to unbroken enemy units.
    pub(crate) fn stop_bar(&self, o: &Occupancy, side: Seat, b: Region) -> Option<Bar> {
        let map = self.map();
        if side == BRITISH && map.is_town(b) {
            Some(Bar::StopInTown)
        } else if b == map.muster() {
            Some(Bar::StopInMuster)
        } else if map.near(b) & o.unbroken != 0 {
            Some(Bar::StopNextToEnemy)
        } else {
            None
        }
    }

    /// Military units in the group and where its restricted pieces must head.
    pub(crate) fn group_limits(&self, group: &[PieceId]) -> (usize, Vec<(Region, Bar)>) {
        let mil = group.iter().filter(|&&i| self.p(i).military()).count();
        let leader = group.iter().any(|&i| self.p(i).unit == Unit::Leader);
        (mil, group.iter().filter_map(|&i| self.heading(i, leader)).collect())
    }

    /// 6.5 whether the group can go anywhere: any first step will do.
    fn can_move(&self, o: &Occupancy, from: Region, group: &[PieceId]) -> bool {
        let side = self.p(group[0]).side;
        let (mil, heads) = self.group_limits(group);
        self.map()
            .neighbours(from)
            .iter()
            .any(|&b| self.enter_bar(o, side, mil, &heads, from, b).is_none())
    }

    /// 6.5 every region the group can reach (ruling bh #18).
    pub fn destinations(&self, from: Region, group: &[PieceId]) -> Vec<Region> {
        self.land_reach(from, group, Relax::NONE)
    }

    /// 6.5 the regions the group reaches from `from`, each step one that
    /// `enter_bar` allows, going on from a region within its range where
    /// `stop_bar` does not stop it; `relax` lifts the range or some stops
    /// (the "why not?" asks which limit keeps a region out of reach).
    pub(crate) fn land_reach(&self, from: Region, group: &[PieceId], relax: Relax) -> Vec<Region> {
        let map = self.map();
        let side = self.p(group[0]).side;
        let (mil, heads) = self.group_limits(group);
        let max = if mil > 0 { 3 } else { 4 };
        let o = self.occupancy(side);
        let enter = |cur, b| self.enter_bar(&o, side, mil, &heads, cur, b).is_none();
        let go_on = |b, steps| {
            (relax.range || steps < max) && self.stop_bar(&o, side, b).is_none_or(|s| relax.stops.contains(&s))
        };
        map.spread(from, enter, go_on).into_iter().map(|(b, _)| b).collect()
    }

    /// Whether some piece in `r` can still move.
    fn any_mover(&self, o: &Occupancy, r: Region, seat: Seat) -> bool {
        self.mover_bar(o, r, seat).is_none()
    }

    /// 6.5 what keeps every piece of `seat` in `r` from moving: each has
    /// moved (or panicked, 9.1), or none has a region to enter.
    fn mover_bar(&self, o: &Occupancy, r: Region, seat: Seat) -> Option<Bar> {
        let mut free = false;
        for i in self.side_at(r, seat).filter(|&i| self.movable(i)) {
            if self.can_move(o, r, &[i]) {
                return None;
            }
            free = true;
        }
        Some(if free { Bar::Stuck } else { Bar::AllMoved })
    }

    /// 3.5, 6.5, 6.10 what forbids `seat` to Land Move from `r`.
    pub(crate) fn move_from_bar(&self, o: &Occupancy, seat: Seat, r: Region) -> Option<Bar> {
        let map = self.map();
        if o.mine & bit(r) == 0 {
            Some(Bar::NothingToMove)
        } else if !(map.area(r).is_land() || r == map.muster()) {
            Some(if map.zone_at(r).is_some() {
                Bar::FromZone
            } else {
                Bar::NothingToMove
            })
        } else if !self.staging_released(r, seat) {
            Some(Bar::Staging)
        } else {
            self.mover_bar(o, r, seat)
        }
    }

    pub fn move_regions(&self, seat: Seat) -> Vec<Region> {
        self.move_froms(seat).collect()
    }

    /// `move_regions` one by one, so that `can` stops at the first.
    pub(crate) fn move_froms(&self, seat: Seat) -> impl Iterator<Item = Region> + '_ {
        let map = self.map();
        let o = self.occupancy(seat);
        map.land()
            .chain(std::iter::once(map.muster()))
            .filter(move |&r| self.move_from_bar(&o, seat, r).is_none())
    }

    fn solo_staging(&self, r: Region) -> bool {
        self.solo() && self.map().zone_of_staging(r).is_some()
    }

    pub fn legal_movement(&self, out: &mut Vec<Action>) {
        let seat = self.to_move;
        let map = self.map();
        match self.frames.last() {
            Some(Frame::Move { from: None, .. }) => out.extend(self.move_regions(seat).into_iter().map(Action::Region)),
            Some(Frame::Move {
                from: Some(f),
                group,
                choosing: true,
                ..
            }) => out.extend(self.destinations(*f, group).into_iter().map(Action::Region)),
            Some(Frame::Move {
                from: Some(f),
                group,
                any,
                ..
            }) => {
                let mil = group.iter().filter(|&&i| self.p(i).military()).count();
                let o = self.occupancy(seat);
                let mut g = group.clone();
                for i in self.side_at(*f, seat) {
                    if group.contains(&i) || !self.movable(i) || (self.p(i).military() && mil >= 3) {
                        continue;
                    }
                    g.push(i);
                    if self.can_move(&o, *f, &g) {
                        out.push(Action::Piece(i));
                    }
                    g.pop();
                }
                if !group.is_empty() {
                    out.push(Action::Choice(Choice::Done));
                } else if *any {
                    out.push(Action::Choice(Choice::Skip));
                }
            }
            Some(Frame::Naval) => {
                out.extend(map.neighbours(self.fleet).iter().map(|&r| Action::Region(r)));
            }
            Some(Frame::Reorganize { a: None, .. }) => {
                out.extend(self.reorganize_regions(seat).into_iter().map(Action::Region))
            }
            Some(Frame::Reorganize {
                a: Some(a), b: None, ..
            }) => out.extend(self.reorganize_partners(seat, *a).into_iter().map(Action::Region)),
            Some(Frame::Reorganize {
                a: Some(a),
                b: Some(b),
                picked,
            }) => {
                let before = out.len();
                for r in [*a, *b].into_iter().filter(|&r| self.staging_released(r, seat)) {
                    let dest = if r == *a { *b } else { *a };
                    for i in self.side_at(r, seat) {
                        // 9.2 a demoralized militia moves only toward the
                        // Muster Box, in a Reorganize too (ruling bh #39).
                        let heading = self
                            .heading(i, true)
                            .is_none_or(|(home, _)| self.map().dist(dest, home) < self.map().dist(r, home));
                        if !picked.contains(&i) && self.movable(i) && heading && self.reorg_fits(dest, i, picked) {
                            out.push(Action::Piece(i));
                        }
                    }
                }
                // A region over-stacked before the Action (a run blocked on
                // its way, 9.1) may stay so when no piece can move any more.
                let stuck = out.len() == before;
                if stuck || (self.room_ok(*a, seat) && self.room_ok(*b, seat)) {
                    out.push(Action::Choice(Choice::Done));
                }
            }
            Some(Frame::Land { zone: None, .. }) => out.extend(self.landing_zones().into_iter().map(Action::Zone)),
            Some(Frame::Land {
                zone: Some(z),
                area: None,
                ..
            }) => {
                let zone = map.zone_at(*z).expect("a landing zone");
                for &s in &zone.areas {
                    if self.can_land(s) {
                        out.push(Action::Region(s));
                    }
                }
            }
            Some(Frame::Land {
                zone: Some(z), group, ..
            }) => {
                let cap = self.transport(*z);
                let mil = group.iter().filter(|&&i| self.p(i).military()).count();
                for i in self.side_at(*z, BRITISH) {
                    if !group.contains(&i) && (!self.p(i).military() || mil < cap) {
                        out.push(Action::Piece(i));
                    }
                }
                if !group.is_empty() {
                    out.push(Action::Choice(Choice::Done));
                }
            }
            _ => {}
        }
    }

    /// 3.5 transport number; 12.2 two units in zones 1 and 2 in solitaire.
    pub fn transport(&self, z: Region) -> usize {
        let zone = self.map().zone_at(z).expect("a landing zone");
        let t = zone.transport as usize;
        if self.solo() && zone.number <= 2 {
            t.max(2)
        } else {
            t
        }
    }

    /// 6.10 a Staging Area free of Patriots and fire.
    fn can_land(&self, s: Region) -> bool {
        !self.has(s, PATRIOT) && !self.is_ablaze(s)
    }

    pub fn landing_zones(&self) -> Vec<u8> {
        self.landing_choices().collect()
    }

    /// `landing_zones` one by one, so that `can` stops at the first.
    pub(crate) fn landing_choices(&self) -> impl Iterator<Item = u8> + '_ {
        self.map()
            .zones
            .iter()
            .filter(|z| self.has(z.region, BRITISH) && z.areas.iter().any(|&s| self.can_land(s)))
            .map(|z| z.number)
    }

    fn room_ok(&self, r: Region, seat: Seat) -> bool {
        self.unlimited(r, seat) || self.units(r, seat) <= 3
    }

    /// 6.8 `reorg_fits` before anything is picked, for a military unit of
    /// `side`, from the occupancy counts (anything else always fits).
    fn reorg_room_now(&self, o: &Occupancy, dest: Region, side: Seat) -> bool {
        self.unlimited(dest, side) || o.count[dest] < 3 + o.leavers[dest]
    }

    fn reorg_fits(&self, dest: Region, i: PieceId, picked: &[PieceId]) -> bool {
        let seat = self.p(i).side;
        if !self.p(i).military() || self.unlimited(dest, seat) {
            return true;
        }
        let leavers = self
            .side_at(dest, seat)
            .filter(|&j| self.p(j).military() && self.movable(j) && !picked.contains(&j))
            .count();
        self.units(dest, seat) < 3 + leavers
    }

    fn reorg_ok(&self, r: Region, enemy: u64) -> bool {
        self.map().area(r).is_land() && !self.is_ablaze(r) && enemy & bit(r) == 0
    }

    /// 6.8 / ruling bh #19 regions that may reorganize with a neighbour.
    pub fn reorganize_regions(&self, seat: Seat) -> Vec<Region> {
        self.reorganize_froms(seat).collect()
    }

    /// `reorganize_regions` one by one, so that `can` stops at the first.
    pub(crate) fn reorganize_froms(&self, seat: Seat) -> impl Iterator<Item = Region> + '_ {
        let o = self.occupancy(seat);
        self.map().land().filter(move |&r| {
            o.mine & bit(r) != 0
                && self.reorg_ok(r, o.enemy)
                && self.staging_released(r, seat)
                && self.partners(&o, seat, r).next().is_some()
        })
    }

    fn reorganize_partners(&self, seat: Seat, a: Region) -> Vec<Region> {
        self.partners(&self.occupancy(seat), seat, a).collect()
    }

    /// 6.8 neighbours of `a` that one of its movable pieces may join.
    fn partners<'a>(&'a self, o: &'a Occupancy, seat: Seat, a: Region) -> impl Iterator<Item = Region> + 'a {
        // Some movable piece fits in `b`: a leader always does, a unit if there is room.
        let (mut movers, mut leader) = (false, false);
        for i in self.side_at(a, seat).filter(|&i| self.movable(i)) {
            movers = true;
            leader |= !self.p(i).military();
        }
        self.map()
            .neighbours(a)
            .iter()
            .copied()
            // Ruling bh #4: pieces may join an unreleased Staging Area, not leave it.
            .filter(move |&b| movers && self.reorg_ok(b, o.enemy))
            .filter(move |&b| leader || self.reorg_room_now(o, b, seat))
    }

    pub fn perform_movement(&mut self, act: Action) {
        let seat = self.to_move;
        let map = self.map();
        let top = self.frames.last_mut().expect("a movement frame");
        match (top, act) {
            (Frame::Move { from: from @ None, .. }, Action::Region(r)) => *from = Some(r),
            (Frame::Move { group, .. }, Action::Piece(i)) => group.push(i),
            (Frame::Move { choosing, .. }, Action::Choice(Choice::Done)) => *choosing = true,
            (Frame::Move { .. }, Action::Choice(_)) => {
                self.frames.pop();
            }
            (
                Frame::Move {
                    from: Some(f),
                    group,
                    any,
                    choosing: true,
                },
                Action::Region(d),
            ) => {
                let (f, list) = (*f, std::mem::take(group));
                *any = true;
                if let Some(Frame::Move { choosing, .. }) = self.frames.last_mut() {
                    *choosing = false;
                }
                self.move_group(f, &list, d);
                let more = self.any_mover(&self.occupancy(seat), f, seat);
                if !more || self.solo_staging(f) {
                    self.frames.pop();
                }
            }
            (Frame::Naval, Action::Region(r)) => {
                let (m, old) = (self.map(), self.fleet);
                self.fleet = r;
                self.core.log.say_at(
                    "6.6",
                    || m.path(&[old, r]),
                    || format!("The fleet sails from the {} to the {}.", m.name(old), m.name(r)),
                );
                self.frames.pop();
            }
            (Frame::Reorganize { a: a @ None, .. }, Action::Region(r)) => *a = Some(r),
            (Frame::Reorganize { b: b @ None, .. }, Action::Region(r)) => *b = Some(r),
            (
                Frame::Reorganize {
                    a: Some(a),
                    b: Some(b),
                    picked,
                },
                Action::Piece(i),
            ) => {
                let dest = if self.pieces[i as usize].loc == *a { *b } else { *a };
                picked.push(i);
                self.pieces[i as usize].loc = dest;
            }
            (Frame::Reorganize { picked, .. }, Action::Choice(_)) => {
                let list = std::mem::take(picked);
                self.frames.pop();
                for i in list {
                    self.pm(i).moved = true;
                }
                self.core.log.say("6.8", || "The line is reorganized.".into());
            }
            (Frame::Land { zone: zone @ None, .. }, Action::Zone(n)) => {
                let z = map.zone(n);
                *zone = Some(z.region);
                if z.areas.len() == 1 {
                    if let Some(Frame::Land { area, .. }) = self.frames.last_mut() {
                        *area = Some(z.areas[0]);
                    }
                }
            }
            (Frame::Land { area: area @ None, .. }, Action::Region(r)) => *area = Some(r),
            (Frame::Land { group, .. }, Action::Piece(i)) => group.push(i),
            (
                Frame::Land {
                    area: Some(s), group, ..
                },
                Action::Choice(_),
            ) => {
                let (s, list) = (*s, std::mem::take(group));
                self.frames.pop();
                for &i in &list {
                    let p = self.pm(i);
                    p.loc = s;
                    p.moved = true;
                    p.landed = true;
                    p.home = s;
                }
                if self.core.log.enabled() {
                    let (m, what) = (self.map(), revroad::log::pieces(list.iter().map(|&i| self.label(i))));
                    self.core
                        .log
                        .say_at("6.10", || m.path(&[s]), || format!("{what} land at {}.", m.name(s)));
                }
            }
            (f, a) => unreachable!("{a:?} in {f:?}"),
        }
    }

    /// 6.5 move a group; 3.4 militia leaving the Muster Box with the fleet
    /// in the Charles River test their courage (ruling bh #8).
    pub fn move_group(&mut self, from: Region, group: &[PieceId], to: Region) {
        let map = self.map();
        let back = self.neck_courage(from, group);
        let going: Vec<PieceId> = group.iter().copied().filter(|i| !back.contains(i)).collect();
        for &i in &going {
            let p = self.pm(i);
            p.loc = to;
            p.moved = true;
        }
        if !self.core.log.enabled() {
            return;
        }
        let (fa, ta) = (map.name(from), map.name(to));
        if going.is_empty() {
            self.core.log.say_at(
                "3.4",
                || map.path(&[from]),
                || format!("Every piece turns back: none moves from {fa} to {ta}."),
            );
        } else {
            let who = revroad::log::the_side(self.p(going[0]).side);
            let what = revroad::log::pieces(going.iter().map(|&i| self.label(i)));
            self.core.log.say_at(
                "6.5",
                || map.path(&[from, to]),
                || format!("{who} move {what} from {fa} to {ta}."),
            );
        }
    }

    /// 3.4 the militia of `group` leaving the Muster Box (`from`) for the
    /// Neck, by a Land Move or an Assault on it (ruling bh #41), with the
    /// fleet in the Charles River test their courage (ruling bh #8); those
    /// that fail stay in the box with a Moved marker and are returned.
    pub fn neck_courage(&mut self, from: Region, group: &[PieceId]) -> Vec<PieceId> {
        let map = self.map();
        let mut back = Vec::new();
        if self.under_neck_guns(from) {
            // 12.2: in solitaire each leader spares one accompanying unit the
            // roll, the militia in the order picked (the prompt says so).
            let leaders: Vec<PieceId> = group
                .iter()
                .copied()
                .filter(|&i| self.solo() && self.p(i).unit == Unit::Leader)
                .collect();
            let mut spare = leaders.into_iter();
            for &i in group {
                if self.p(i).unit != Unit::Militia {
                    continue;
                }
                if let Some(l) = spare.next() {
                    let (name, by) = (self.label(i), self.label(l));
                    self.core.log.say_at(
                        "12.2",
                        || map.path(&[from]),
                        || format!("{name} crosses the Neck with {by}: no courage roll."),
                    );
                    continue;
                }
                self.reveal(i);
                let r = self.core.dice.d6();
                let total = r + self.strength(i);
                let name = self.label(i);
                let strength = self.strength(i);
                self.core.log.roll_at(
                    "3.4",
                    &[r],
                    || map.path(&[from]),
                    || {
                        format!(
                            "{name} crosses the Neck under fire: {r} + {strength} = {total}, 3 or less turns back: {}.",
                            if total <= 3 { "turns back" } else { "crosses" }
                        )
                    },
                );
                if total <= 3 {
                    self.pm(i).moved = true;
                    back.push(i);
                }
            }
        }
        back
    }

    /// 3.4 militia leaving `from` cross the Neck under the Charles River guns.
    fn under_neck_guns(&self, from: Region) -> bool {
        let map = self.map();
        from == map.muster() && self.fleet == map.r("fleet-charles")
    }

    /// What a seat picking pieces in `from` is told of the Neck crossing
    /// (3.4; 12.2 who is spared), or nothing.
    pub fn neck_note(&self, from: Region) -> &'static str {
        match (self.under_neck_guns(from), self.solo()) {
            (false, _) => "",
            (true, false) => " (the Charles River guns: each militia tests its courage at the Neck, 3.4)",
            (true, true) => {
                " (the Charles River guns: each militia tests its courage at the Neck, 3.4, but each \
                 leader picked spares one, the militia picked first, 12.2)"
            }
        }
    }

    /// 9.1, 9.2 pieces run `steps` regions toward the Muster Box, further
    /// if over-stacked; ruling bh #33: the owner picks each region of the run
    /// when there is a choice (the first piece listed runs first).
    pub fn toward_muster(&mut self, pieces: &[PieceId], steps: u8) {
        for &i in pieces.iter().rev() {
            self.frames.push(Frame::Flee { piece: i, left: steps });
        }
    }

    /// Where the piece's next step of the run may go: nearer the Muster Box,
    /// not into fire or enemy pieces; empty when the run is over.
    pub fn flee_options(&self, i: PieceId, left: u8) -> Vec<Region> {
        let p = self.p(i);
        let cur = p.loc;
        if !p.on_map() || cur == self.map().muster() {
            return Vec::new();
        }
        let overstacked = p.military() && self.run_stack(cur, i) > 3;
        if left == 0 && !overstacked {
            return Vec::new();
        }
        let open = self.run_steps(cur, p.side);
        if !p.military() {
            return open;
        }
        // 6.5 / ruling bh #33: never into a full region from which the run
        // cannot go on to room when another way is open; and the last step,
        // or one out of an over-stack, goes where there is room if it can,
        // so the run does not end over-stacked.
        let rest = left.saturating_sub(1);
        let viable: Vec<Region> = open.iter().copied().filter(|&b| self.run_fits(b, i, rest)).collect();
        let open = if viable.is_empty() { open } else { viable };
        let roomy: Vec<Region> = open.iter().copied().filter(|&b| self.run_stack(b, i) <= 3).collect();
        if (left <= 1 || overstacked) && !roomy.is_empty() {
            roomy
        } else {
            open
        }
    }

    /// The units of its side that stand, against the stacking limit of 3, in
    /// `r` with a running military unit once it is there. Ruling bh #38: the
    /// pieces of an Assault in progress (9.2 falls back inside one) still
    /// hold their places in the region they came from, to which they return
    /// if they fall back.
    fn run_stack(&self, r: Region, runner: PieceId) -> usize {
        let side = self.p(runner).side;
        if self.unlimited(r, side) {
            return 0;
        }
        let here = self.units(r, side) + usize::from(self.p(runner).loc != r);
        let held = self
            .frames
            .iter()
            .find_map(|f| match f {
                Frame::Assault(a) if a.from == r && a.attacker == side => Some(a.at),
                _ => None,
            })
            .map_or(0, |at| {
                self.side_at(at, side)
                    .filter(|&j| j != runner && self.p(j).military())
                    .count()
            });
        here + held
    }

    /// 9.1 the neighbours of `r` a run may step to: nearer the Muster Box,
    /// free of fire and of `side`'s enemies.
    fn run_steps(&self, r: Region, side: Seat) -> Vec<Region> {
        let map = self.map();
        let muster = map.muster();
        map.neighbours(r)
            .iter()
            .copied()
            .filter(|&b| {
                (map.area(b).is_land() || b == muster)
                    && map.dist(b, muster) < map.dist(r, muster)
                    && !self.is_ablaze(b)
                    && !self.has(b, other(side))
            })
            .collect()
    }

    /// Whether `runner`, a military unit, running into `b` with `left`
    /// steps still to go can end its run within the stacking limit. Every
    /// step is nearer the Muster Box, so the search is as deep as the
    /// distance to it.
    fn run_fits(&self, b: Region, runner: PieceId, left: u8) -> bool {
        let room = self.run_stack(b, runner) <= 3;
        let next = self.run_steps(b, self.p(runner).side);
        if left == 0 || next.is_empty() {
            room || next.iter().any(|&c| self.run_fits(c, runner, 0))
        } else {
            next.iter().any(|&c| self.run_fits(c, runner, left - 1))
        }
    }

    /// One step of a run: over when nowhere to go, forced when one way is
    /// open. Ruling bh #33: a unit left over-stacked with nowhere further to
    /// run is lost, as a retreater with no room is (7.1).
    pub fn flee_step(&mut self, piece: PieceId, left: u8) -> bool {
        let options = self.flee_options(piece, left);
        match options.len() {
            0 => {
                self.frames.pop();
                let p = self.p(piece);
                // A piece already lost on an earlier run (a panic run before
                // the demoralization's fall back, 9.1, 9.2) has no run left.
                if p.on_map() && p.military() && self.run_stack(p.loc, piece) > 3 {
                    let (name, at, m) = (self.label(piece), p.loc, self.map());
                    self.core.log.say_at(
                        "9.1",
                        || m.path(&[at]),
                        || format!("{name} has nowhere to run and is lost."),
                    );
                    self.eliminate(piece);
                }
                true
            }
            1 => {
                self.flee_to(options[0]);
                true
            }
            _ => false,
        }
    }

    pub fn flee_to(&mut self, b: Region) {
        if let Some(Frame::Flee { piece, left }) = self.frames.last_mut() {
            let i = *piece;
            *left = left.saturating_sub(1);
            let from = self.p(i).loc;
            self.pm(i).loc = b;
            let (name, m) = (self.label(i), self.map());
            self.core.log.say_at(
                "9.1",
                || m.path(&[from, b]),
                || format!("{name} runs from {} to {}.", m.name(from), m.name(b)),
            );
        }
    }
}
