//! 6.1 Volley Fire, 6.3 Cannonade, 6.4 Bombard, 6.9 Snipe, 7.0 hits, 7.2
//! line of sight at run time, 3.1/3.3 terrain modifiers, 8.0 dice caps.

use crate::actions::Action;
use crate::map::{Kind, Region, Special};
use crate::state::*;
use crate::why::Bar;
use engine::Seat;

impl Bh {
    /// 7.2 / ruling bh #23: the stored line, and units in same-elevation lines.
    pub fn sees(&self, a: Region, b: Region) -> bool {
        self.sees_past(a, b, self.military())
    }

    /// `sees` with the regions holding military units (`units`, one bit each) worked out once by the caller.
    fn sees_past(&self, a: Region, b: Region, units: u64) -> bool {
        self.sight_bar(a, b, units).is_none()
    }

    /// 7.2 / ruling bh #6, #23 what blocks the line of sight from `a` to
    /// `b`: the terrain, or military units (`units`) between regions of the
    /// same elevation.
    pub(crate) fn sight_bar(&self, a: Region, b: Region, units: u64) -> Option<Bar> {
        let map = self.map();
        if map.adjacent(a, b) {
            return None;
        }
        // 3.2 the Muster Box is off the map, next to the Neck only (ruling bh #41).
        if a == map.muster() || b == map.muster() {
            return Some(Bar::OffMap);
        }
        let Some(s) = map.sight(a, b) else {
            return Some(Bar::NoSight);
        };
        if s.blocked {
            return Some(Bar::NoSight);
        }
        let e = map.area(a).elevation;
        // 7.2: units on the hilltops see over the units on lower ground.
        let screened = e == map.area(b).elevation
            && s.through
                .iter()
                .any(|&r| (e < 2 || map.area(r).elevation == 2) && units & bit(r) != 0);
        screened.then_some(Bar::Screened)
    }

    /// 3.1, 3.3, ruling bh #5: the modifier used when `target` is fired at
    /// (`volley`) or assaulted from `from`.
    pub fn terrain(&self, from: Region, target: Region, volley: bool) -> i8 {
        let map = self.map();
        let (f, t) = (map.area(from), map.area(target));
        let printed = if volley { t.volley } else { t.assault };
        if t.special == Special::Redoubt {
            return printed;
        }
        if f.kind == Kind::Hilltop {
            return 0;
        }
        let brown = |k: Kind| matches!(k, Kind::Slope | Kind::Ridge);
        if brown(t.kind) && brown(f.kind) && map.adjacent(from, target) {
            return 0;
        }
        if matches!(t.special, Special::Fence | Special::Wall) {
            return if t.faces.contains(&from) { printed } else { 0 };
        }
        if t.kind == Kind::Town && printed == 0 {
            return if volley { -1 } else { 1 };
        }
        printed
    }

    /// 8.0 the Patriot dice caps, applied after terrain (FAQ).
    pub fn cap(&self, seat: Seat, dice: i32) -> u8 {
        let mut d = dice.max(0);
        if seat == PATRIOT {
            if self.ammo == 0 {
                d = d.min(2);
            } else if self.ammo <= 12 {
                d = d.min(3);
            }
        }
        d as u8
    }

    /// 8.0 Patriot ammunition spent.
    pub fn spend_ammo(&mut self, n: u8) {
        self.ammo = self.ammo.saturating_sub(n);
        let a = self.ammo;
        self.core.log.say("8.0", || format!("Patriot ammunition: {a}."));
    }

    /// Dice of a firing group: (total, militia part) after 4.1's pairing of
    /// "0" militia with healthy leaders; 4.3 / ruling bh #10 British cannons
    /// without ammunition roll nothing; 12.3 #1 only two fire in town.
    pub fn firepower(&mut self, pieces: &[PieceId], region: Region) -> (i32, i32) {
        for &i in pieces {
            self.reveal(i);
        }
        let mut list: Vec<PieceId> = pieces
            .iter()
            .copied()
            .filter(|&i| {
                let p = self.p(i);
                p.military() && !(p.side == BRITISH && p.unit == Unit::Cannon && !self.ammo_arrived)
            })
            .collect();
        if self.two_fire_in_town(region) && list.len() > 2 {
            list.sort_by_key(|&i| std::cmp::Reverse(self.strength(i)));
            list.truncate(2);
        }
        let mut total = 0i32;
        let mut militia = 0i32;
        let mut zeros = 0i32;
        for &i in &list {
            let s = self.strength(i) as i32;
            total += s;
            let p = self.p(i);
            if p.unit == Unit::Militia {
                militia += s;
                if s == 0 && !p.flipped {
                    zeros += 1;
                }
            }
        }
        if let Some(&first) = list.first() {
            let side = self.p(first).side;
            let leaders = self
                .side_at(region, side)
                .filter(|&i| self.p(i).unit == Unit::Leader && !self.p(i).flipped)
                .count() as i32;
            let paired = zeros.min(leaders);
            total += paired;
            militia += paired;
        }
        (total, militia)
    }

    /// 12.3 #1 "only two of those three units may fire" in Charlestown.
    fn two_fire_in_town(&self, r: Region) -> bool {
        self.map().is_town(r) && self.objective.as_ref().is_some_and(|o| o.goals == [Goal::Charlestown])
    }

    /// Roll dice in pools of (count, hit number); returns hits and the dice.
    pub fn roll(&mut self, pools: &[(u8, u8)]) -> (u8, Vec<u8>) {
        let mut hits = 0;
        let mut rolls = Vec::new();
        for &(n, need) in pools {
            for _ in 0..n {
                let r = self.core.dice.d6();
                if r >= need {
                    hits += 1;
                }
                rolls.push(r);
            }
        }
        (hits, rolls)
    }

    /// Split `dice` into the rest and a militia part; 9.2 demoralized militia
    /// hit on 6 only. `others` is the group's dice that are not the militia's:
    /// those kept first, as the dice a terrain modifier or an 8.0 cap takes
    /// away are the Patriot's to choose, and a die hitting on 6 alone is never
    /// the better one to keep (ruling bh #44).
    pub fn pools(&self, seat: Seat, dice: u8, others: i32, need: u8) -> Vec<(u8, u8)> {
        if seat == PATRIOT && self.demoralized[PATRIOT as usize] {
            let o = (others.max(0) as u8).min(dice);
            vec![(o, need), (dice - o, 6)]
        } else {
            vec![(dice, need)]
        }
    }

    /// 11.1 the first British hit on Patriots in the redoubt or behind the
    /// walls is ignored: "a strong defensive advantage", so not for
    /// Patriots assaulting British units there (ruling bh #39).
    pub fn covered(&self, region: Region, by: Seat) -> bool {
        self.opts.redoubt_wall
            && by == BRITISH
            && matches!(
                self.map().area(region).special,
                Special::Redoubt | Special::Fence | Special::Wall
            )
            && !self
                .frames
                .iter()
                .any(|f| matches!(f, Frame::Assault(a) if a.at == region && a.attacker == PATRIOT))
    }

    pub fn push_hits(&mut self, region: Region, by: Seat, hits: u8, mode: HitMode, ranged: bool) {
        let owner = other(by);
        let mut left = hits;
        if left > 0 && owner == PATRIOT && self.covered(region, by) {
            left -= 1;
            self.core
                .log
                .say("11.1", || "The first hit is ignored behind the works.".into());
        }
        if left > 0 || ranged {
            self.frames.push(Frame::Hits {
                region,
                owner,
                left,
                mode,
                hit: vec![],
                ranged,
            });
        }
    }

    pub(crate) fn can_fire(&self, i: PieceId) -> bool {
        self.fires(self.p(i))
    }

    /// 6.1 a piece that may fire now (4.3: British cannons once their ammunition is in).
    pub(crate) fn fires(&self, p: &Piece) -> bool {
        p.military()
            && !p.fired
            && !p.panic
            && (!p.flipped || p.unit == Unit::Cannon)
            && !(p.side == BRITISH && p.unit == Unit::Cannon && !self.ammo_arrived)
    }

    /// 6.1 regions able to fire, with at least one target.
    pub fn volley_regions(&self, seat: Seat) -> Vec<Region> {
        self.volley_froms(seat, &self.board()).collect()
    }

    /// `volley_regions` one by one, so that `can` stops at the first.
    pub(crate) fn volley_froms(&self, seat: Seat, board: &Board) -> impl Iterator<Item = Region> + '_ {
        let (firing, foe, units) = (
            board.firing[seat as usize],
            board.occupied[other(seat) as usize],
            board.military,
        );
        self.map()
            .fronts_in(firing)
            .filter(move |&r| self.volley_from_bar(seat, firing, foe, units, r).is_none())
    }

    /// 6.1 what forbids `seat` a Volley Fire from `r`: the regions `firing`
    /// holding its units able to fire, `foe` its enemy's pieces, `units`
    /// military units (as [`Board`] has them).
    pub(crate) fn volley_from_bar(&self, seat: Seat, firing: u64, foe: u64, units: u64, r: Region) -> Option<Bar> {
        // 3.2, 6.1 units in a land region or in the Muster Box (ruling bh #41).
        if firing & bit(r) == 0 || !self.map().acts_from(r) {
            Some(Bar::NoFirers)
        } else {
            let none = self.volley_reach(seat, r, foe, units).next().is_none();
            none.then_some(Bar::NoVolleyTarget)
        }
    }

    /// 6.1 targets up to two regions away in sight (8.0: adjacent only at no ammunition).
    pub fn volley_targets(&self, seat: Seat, from: Region) -> Vec<Region> {
        self.volley_reach(seat, from, self.occupied(other(seat)), self.military())
            .collect()
    }

    /// `volley_targets` among the regions `foe`, lines of sight crossing `units`.
    fn volley_reach(&self, seat: Seat, from: Region, foe: u64, units: u64) -> impl Iterator<Item = Region> + '_ {
        self.map()
            .land_in(foe)
            .filter(move |&t| t != from && self.volley_bar(seat, from, foe, units, t).is_none())
    }

    /// 3.2, 6.1, 7.2, 8.0 what forbids `seat`'s Volley Fire from `from` at
    /// `t` (another region), `foe` and `units` as for `volley_reach`.
    pub(crate) fn volley_bar(&self, seat: Seat, from: Region, foe: u64, units: u64, t: Region) -> Option<Bar> {
        let map = self.map();
        let range = if seat == PATRIOT && self.ammo == 0 { 1 } else { 2 };
        if !map.area(t).is_land() {
            Some(if t == map.muster() {
                Bar::MusterTarget
            } else {
                Bar::NotTarget
            })
        } else if foe & bit(t) == 0 {
            Some(Bar::NoFoe)
        } else if map.dist(from, t) > range {
            Some(if range == 1 { Bar::AdjacentOnly } else { Bar::OutOfRange })
        } else {
            self.sight_bar(from, t, units)
        }
    }

    /// FAQ / ruling bh #3: at most three units act from a Staging Area;
    /// ruling bh #41: from the Muster Box, as unlimited, too.
    pub(crate) fn group_cap(&self, r: Region) -> usize {
        if self.map().zone_of_staging(r).is_some() || r == self.map().muster() {
            3
        } else {
            usize::MAX
        }
    }

    pub fn legal_combat(&self, out: &mut Vec<Action>) {
        let seat = self.to_move;
        match self.frames.last() {
            Some(Frame::Volley { from: None, .. }) => {
                out.extend(self.volley_regions(seat).into_iter().map(Action::Region))
            }
            Some(Frame::Volley {
                from: Some(f),
                target: None,
                ..
            }) => out.extend(self.volley_targets(seat, *f).into_iter().map(Action::Region)),
            Some(Frame::Volley {
                from: Some(f), chosen, ..
            }) => {
                let cap = self.group_cap(*f).min(if self.two_fire_in_town(*f) { 2 } else { 3 });
                if chosen.len() < cap {
                    for i in self.side_at(*f, seat) {
                        if self.can_fire(i) && !chosen.contains(&i) {
                            out.push(Action::Piece(i));
                        }
                    }
                }
                // 6.1 at least one unit fires (ruling bh #43).
                if !chosen.is_empty() {
                    out.push(Action::Choice(Choice::Done));
                }
            }
            Some(Frame::AssaultSelect { .. }) => self.legal_assault_select(out),
            Some(Frame::Cannonade { region: None, any }) => {
                out.extend(self.cannon_regions(seat).into_iter().map(Action::Region));
                if *any {
                    out.push(Action::Choice(Choice::Done));
                }
            }
            Some(Frame::Cannonade { region: Some(r), .. }) => {
                out.extend(self.cannon_targets(seat, *r).into_iter().map(Action::Region))
            }
            Some(Frame::Bombard { firer }) => {
                out.extend(self.bombard_options(*firer));
                out.push(Action::Choice(Choice::Skip));
            }
            _ => {}
        }
    }

    pub fn perform_combat(&mut self, a: Action) {
        let seat = self.to_move;
        let top = self.frames.last_mut().expect("a combat frame");
        match (top, a) {
            (Frame::Volley { from: from @ None, .. }, Action::Region(r)) => *from = Some(r),
            (
                Frame::Volley {
                    target: target @ None, ..
                },
                Action::Region(r),
            ) => *target = Some(r),
            (Frame::Volley { chosen, .. }, Action::Piece(i)) => chosen.push(i),
            (Frame::Volley { .. }, Action::Choice(Choice::Done)) => {
                if seat == PATRIOT && self.opts.more_ammo && self.ammo >= 2 {
                    self.frames.push(Frame::ExtraDie);
                } else {
                    self.volley_extra(false);
                }
            }
            (Frame::AssaultSelect { .. }, a) => self.perform_assault_select(a),
            (
                Frame::Cannonade {
                    region: region @ None, ..
                },
                Action::Region(r),
            ) => *region = Some(r),
            (Frame::Cannonade { .. }, Action::Choice(Choice::Done)) => {
                self.frames.pop();
            }
            (Frame::Cannonade { region: Some(r), .. }, Action::Region(t)) => {
                let r = *r;
                self.frames.pop();
                self.frames.push(Frame::Cannonade {
                    region: None,
                    any: true,
                });
                self.cannonade(seat, r, t);
            }
            (Frame::Bombard { firer }, a) => {
                let firer = *firer;
                self.frames.pop();
                if firer == 0 && self.bombard_choices(1).next().is_some() {
                    self.frames.push(Frame::Bombard { firer: 1 });
                }
                self.bombard(firer, a);
            }
            (Frame::Snipe, Action::Region(r)) => {
                self.frames.pop();
                self.snipe(r);
            }
            (f, a) => unreachable!("{a:?} in {f:?}"),
        }
    }

    /// 6.1 resolve a Volley Fire (11.2: with an extra die bought for one ammunition).
    pub fn volley_extra(&mut self, extra: bool) {
        let Some(Frame::Volley {
            from: Some(from),
            target: Some(target),
            chosen,
            ..
        }) = self.frames.pop()
        else {
            unreachable!("volley frame below")
        };
        let seat = self.p(chosen[0]).side;
        let (total, militia) = self.firepower(&chosen, from);
        let mut dice = total + self.terrain(from, target, true) as i32 + extra as i32;
        if seat == BRITISH && self.demoralized[0] {
            dice -= 1;
        }
        let dice = self.cap(seat, dice);
        let need = if self.map().adjacent(from, target) { 5 } else { 6 };
        let pools = self.pools(seat, dice, total - militia + extra as i32, need);
        let (hits, rolls) = self.roll(&pools);
        for &i in &chosen {
            self.pm(i).fired = true;
        }
        if seat == PATRIOT {
            self.spend_ammo(1 + extra as u8);
        }
        let m = self.map();
        self.core.log.roll_at(
            "6.1",
            &rolls,
            || m.path(&[from, target]),
            || {
                format!(
                    "Volley Fire from {} at {}: {}, {}: {hits}.",
                    m.name(from),
                    m.name(target),
                    revroad::log::dice(dice),
                    needs(&pools),
                    hits = engine::log::count(hits, "hit")
                )
            },
        );
        self.push_hits(target, seat, hits, HitMode::Any, true);
    }

    /// 6.3 regions with cannons ready to fire at something.
    pub fn cannon_regions(&self, seat: Seat) -> Vec<Region> {
        self.cannon_froms(seat, &self.board()).collect()
    }

    /// `cannon_regions` one by one, so that `can` stops at the first.
    pub(crate) fn cannon_froms(&self, seat: Seat, board: &Board) -> impl Iterator<Item = Region> + '_ {
        let (foe, units) = (board.occupied[other(seat) as usize], board.military);
        // 3.2 the Muster Box too, next to the Neck (ruling bh #41).
        self.map()
            .fronts_in(board.guns[seat as usize])
            .filter(move |&r| self.cannon_reach(r, foe, units).next().is_some())
    }

    pub fn cannon_targets(&self, seat: Seat, from: Region) -> Vec<Region> {
        self.cannon_reach(from, self.occupied(other(seat)), self.military())
            .collect()
    }

    /// `cannon_targets` among the regions `foe`, lines of sight crossing `units`.
    fn cannon_reach(&self, from: Region, foe: u64, units: u64) -> impl Iterator<Item = Region> + '_ {
        self.map()
            .land_in(foe)
            .filter(move |&t| t != from && self.sees_past(from, t, units))
    }

    /// 6.3 all ready cannons in `from` fire at `target`; terrain has no effect.
    fn cannonade(&mut self, seat: Seat, from: Region, target: Region) {
        let guns: Vec<PieceId> = self
            .side_at(from, seat)
            .filter(|&i| self.p(i).unit == Unit::Cannon && self.can_fire(i))
            .collect();
        let dice: i32 = guns.iter().map(|&i| self.strength(i) as i32).sum();
        let dice = self.cap(seat, dice);
        // Ruling bh #17: range in region steps.
        let need = if self.map().dist(from, target) <= 2 { 5 } else { 6 };
        let (hits, rolls) = self.roll(&[(dice, need)]);
        for &i in &guns {
            self.pm(i).fired = true;
        }
        let m = self.map();
        self.core.log.roll_at(
            "6.3",
            &rolls,
            || m.path(&[from, target]),
            || {
                format!(
                    "Cannonade from {} at {}: {}, needs {} to hit: {hits}.",
                    m.name(from),
                    m.name(target),
                    revroad::log::dice(dice),
                    revroad::log::at_least(need),
                    hits = engine::log::count(hits, "hit")
                )
            },
        );
        self.push_hits(target, seat, hits, HitMode::Healthy, true);
    }

    /// 6.4 what a firer may do: units in its target area with at least two
    /// healthy Patriot counters (ruling bh #13), or Hot Shot at a town region.
    pub fn bombard_options(&self, firer: u8) -> Vec<Action> {
        self.bombard_choices(firer).collect()
    }

    /// `bombard_options` one by one, so that `can` stops at the first.
    pub(crate) fn bombard_choices(&self, firer: u8) -> impl Iterator<Item = Action> + '_ {
        let area = if firer == 0 {
            self.map().fleet_target(self.fleet)
        } else {
            crate::map::Target::Harbor
        };
        self.bombard_choices_at(area)
    }

    /// `bombard_choices` of a firer whose target area is `area`.
    pub(crate) fn bombard_choices_at(&self, area: crate::map::Target) -> impl Iterator<Item = Action> + '_ {
        let map = self.map();
        let patriots = self.occupied(PATRIOT);
        map.land()
            .filter(move |&r| map.area(r).bombard == Some(area))
            .flat_map(move |r| {
                let healthy = patriots & bit(r) != 0
                    && self
                        .side_at(r, PATRIOT)
                        .filter(|&i| !self.p(i).flipped)
                        .nth(1)
                        .is_some();
                let hot_shot = map.is_town(r) && !self.is_ablaze(r) && !self.hot_shot_done;
                [
                    healthy.then_some(Action::Region(r)),
                    hot_shot.then_some(Action::HotShot(r)),
                ]
                .into_iter()
                .flatten()
            })
    }

    fn bombard(&mut self, firer: u8, a: Action) {
        let who = if firer == 0 { "the fleet" } else { "Copp's Hill Battery" };
        let cap = if firer == 0 { "The fleet" } else { "Copp's Hill Battery" };
        match a {
            Action::Region(r) => {
                let need = if self.map().zone_of_staging(r).is_some() { 5 } else { 6 };
                let (hits, rolls) = self.roll(&[(2, need)]);
                let m = self.map();
                self.core.log.roll_at(
                    "6.4",
                    &rolls,
                    || m.path(&[r]),
                    || {
                        format!(
                            "Bombard by {who} at {}: 2 dice, needs {} to hit: {hits}.",
                            m.name(r),
                            revroad::log::at_least(need),
                            hits = engine::log::count(hits, "hit")
                        )
                    },
                );
                self.push_hits(r, BRITISH, hits, HitMode::Bombard, true);
            }
            Action::HotShot(r) => {
                let (hits, rolls) = self.roll(&[(1, 4)]);
                let m = self.map();
                self.core.log.roll_at(
                    "6.4",
                    &rolls,
                    || m.path(&[r]),
                    || {
                        format!(
                            "Hot Shot by {who} at {}: needs 4-6 to set it ablaze: {}.",
                            m.name(r),
                            if hits > 0 { "it catches fire" } else { "no fire" }
                        )
                    },
                );
                if hits > 0 {
                    self.hot_shot_done = true;
                    self.ignite(r, "6.4");
                }
            }
            _ => self.core.log.say("6.4", || format!("{cap} holds fire.")),
        }
    }

    /// 6.9 / ruling bh #7: regions the Patriot may snipe at.
    pub fn snipe_targets(&self) -> Vec<Region> {
        self.snipe_at(&self.board()).collect()
    }

    /// `snipe_targets` one by one, so that `can` stops at the first.
    pub(crate) fn snipe_at(&self, board: &Board) -> impl Iterator<Item = Region> + '_ {
        let map = self.map();
        // The board tests first, the scan of the region's pieces last.
        map.land_in(board.occupied[BRITISH as usize]).filter(move |&r| {
            !self.is_ablaze(r)
                && (map.is_town(r) || map.neighbours(r).iter().any(|&b| map.is_town(b)))
                && map.neighbours(r).iter().any(|&b| map.is_town(b) && !self.is_ablaze(b))
                && self.side_at(r, BRITISH).any(|i| self.snipe_eligible(i))
        })
    }

    /// 6.9 unbroken/healthy British pieces, no cannons; 12.2 not a leader landing this turn.
    pub fn snipe_eligible(&self, i: PieceId) -> bool {
        let p = self.p(i);
        !p.flipped && p.unit != Unit::Cannon && !(self.solo() && p.unit == Unit::Leader && p.landed)
    }

    fn snipe(&mut self, r: Region) {
        let (hits, rolls) = self.roll(&[(1, 5)]);
        let m = self.map();
        self.core.log.roll_at(
            "6.9",
            &rolls,
            || m.path(&[r]),
            || {
                format!(
                    "Snipe at {}: needs 5 or 6 to hit: {hits}.",
                    m.name(r),
                    hits = engine::log::count(hits, "hit")
                )
            },
        );
        self.push_hits(r, PATRIOT, hits, HitMode::Snipe, false);
    }

    fn hit_eligible(&self, i: PieceId) -> bool {
        let Some(Frame::Hits {
            region,
            owner,
            mode,
            hit,
            ..
        }) = self.frames.last()
        else {
            return false;
        };
        let p = self.p(i);
        p.loc == *region
            && p.side == *owner
            && match mode {
                HitMode::Any => true,
                HitMode::Healthy => !p.flipped && !hit.contains(&i),
                HitMode::Bombard => !p.flipped,
                HitMode::Snipe => self.snipe_eligible(i),
            }
    }

    fn hit_candidates(&self) -> Vec<PieceId> {
        let Some(Frame::Hits { region, .. }) = self.frames.last() else {
            return vec![];
        };
        self.at(*region).filter(|&i| self.hit_eligible(i)).collect()
    }

    pub fn legal_hits(&self, out: &mut Vec<Action>) {
        out.extend(self.hit_candidates().into_iter().map(Action::Piece));
    }

    /// 7.0 the owner applies hits one by one; 12.2 solitaire: a random piece.
    pub fn hits_step(&mut self) -> bool {
        let Some(Frame::Hits {
            left,
            region,
            owner,
            ranged,
            ..
        }) = self.frames.last().cloned()
        else {
            return false;
        };
        let cands = self.hit_candidates();
        if left == 0 || cands.is_empty() {
            self.frames.pop();
            if ranged && owner == PATRIOT {
                // 9.1 panicked units that survive ranged fire run three more regions.
                let panicked: Vec<PieceId> = self.side_at(region, PATRIOT).filter(|&i| self.p(i).panic).collect();
                self.toward_muster(&panicked, 3);
            }
            return true;
        }
        if self.solo() || cands.len() == 1 {
            let k = if cands.len() == 1 {
                0
            } else {
                self.core.dice.pick(cands.len())
            };
            self.assign_hit(cands[k]);
            return true;
        }
        false
    }

    pub fn assign_hit(&mut self, i: PieceId) {
        if let Some(Frame::Hits { left, hit, .. }) = self.frames.last_mut() {
            *left -= 1;
            hit.push(i);
        }
        self.take_hit(i);
    }
}

/// What the dice of `pools` (count, lowest hit) needed to hit, for the log;
/// a terrain modifier can leave no die to roll (3.1, 6.1).
pub(crate) fn needs(pools: &[(u8, u8)]) -> String {
    let each: Vec<u8> = pools
        .iter()
        .flat_map(|&(n, need)| std::iter::repeat_n(need, n as usize))
        .collect();
    if each.is_empty() {
        return "nothing to roll".into();
    }
    revroad::log::needs(&each)
}
