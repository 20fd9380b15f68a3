//! 6.2 Assault and 7.1 Retreat.

use crate::actions::Action;
use crate::combat::needs;
use crate::map::Region;
use crate::state::*;
use crate::why::Bar;
use engine::Seat;
use revroad::why::Shared;

impl Bh {
    fn can_assault(&self, i: PieceId) -> bool {
        self.p(i).assaults()
    }

    pub(crate) fn assault_strength(&self, seat: Seat, from: Region) -> usize {
        let n = self
            .side_at(from, seat)
            .filter(|&i| self.can_assault(i) && self.p(i).military())
            .count();
        n.min(3)
    }

    /// 8.0 with no ammunition the British may assault whatever the numbers.
    fn numbers_ok(&self, seat: Seat, attackers: usize, at: Region) -> bool {
        (seat == BRITISH && self.ammo == 0) || attackers >= self.healthy_units(at, other(seat))
    }

    pub fn assault_targets(&self, seat: Seat, from: Region) -> Vec<Region> {
        self.assault_reach(
            seat,
            from,
            self.assault_strength(seat, from),
            self.occupied(other(seat)),
        )
        .collect()
    }

    /// `assault_targets` for `n` attackers, among the regions `foe`.
    fn assault_reach(&self, seat: Seat, from: Region, n: usize, foe: u64) -> impl Iterator<Item = Region> + '_ {
        let map = self.map();
        map.neighbours(from)
            .iter()
            .copied()
            .filter(move |&t| self.assault_bar(seat, from, n, foe, t).is_none())
    }

    /// 3.0, 3.2, 3.5, 6.2 what forbids `n` attackers of `seat` in `from` to
    /// Assault `t`, the regions `foe` holding enemy pieces: the check of
    /// `assault_targets` and of its "why not?".
    pub(crate) fn assault_bar(&self, seat: Seat, from: Region, n: usize, foe: u64, t: Region) -> Option<Bar> {
        let map = self.map();
        if !map.adjacent(from, t) {
            Some(Bar::Shared(Shared::NotAdjacent))
        } else if !map.area(t).is_land() {
            Some(if t == map.muster() {
                Bar::MusterTarget
            } else if seat == PATRIOT && map.zone_at(t).is_some() {
                Bar::Zone
            } else {
                Bar::NotLand
            })
        } else if foe & bit(t) == 0 {
            Some(Bar::Shared(Shared::NoEnemy))
        } else if !self.numbers_ok(seat, n, t) {
            Some(Bar::Outnumbered)
        } else {
            None
        }
    }

    /// 3.5, 6.2, 8.0 what forbids `seat` to launch an Assault from `r`, the
    /// regions `able` holding its units able to assault, `foe` its enemy's
    /// pieces (as [`Board`] has them).
    pub(crate) fn assault_from_bar(&self, seat: Seat, able: u64, foe: u64, r: Region) -> Option<Bar> {
        if seat == PATRIOT && self.ammo == 0 {
            Some(Bar::NoAmmo)
        } else if able & bit(r) == 0 || !self.map().acts_from(r) {
            // 3.2 a land region or the Muster Box, next to the Neck (ruling bh #41).
            Some(Bar::Shared(Shared::NoAssaulters))
        } else if !self.staging_released(r, seat) {
            Some(Bar::Staging)
        } else {
            let n = self.assault_strength(seat, r);
            let none = self.assault_reach(seat, r, n, foe).next().is_none();
            none.then_some(Bar::NoTarget)
        }
    }

    /// 6.2 regions that may launch an Assault (8.0 not by the Patriot without
    /// ammunition; ruling bh #4 not from an unreleased Staging Area).
    pub fn assault_regions(&self, seat: Seat) -> Vec<Region> {
        self.assault_froms(seat, &self.board()).collect()
    }

    /// `assault_regions` one by one, so that `can` stops at the first.
    pub(crate) fn assault_froms(&self, seat: Seat, board: &Board) -> impl Iterator<Item = Region> + '_ {
        let able = if seat == PATRIOT && self.ammo == 0 {
            0
        } else {
            board.assaulting[seat as usize]
        };
        let (all, foe) = (board.assaulting[seat as usize], board.occupied[other(seat) as usize]);
        self.map()
            .fronts_in(able)
            .filter(move |&r| self.assault_from_bar(seat, all, foe, r).is_none())
    }

    pub fn legal_assault_select(&self, out: &mut Vec<Action>) {
        let seat = self.to_move;
        let Some(Frame::AssaultSelect { from, target, chosen }) = self.frames.last() else {
            return;
        };
        match (from, target) {
            (None, _) => out.extend(self.assault_regions(seat).into_iter().map(Action::Region)),
            (Some(f), None) => out.extend(self.assault_targets(seat, *f).into_iter().map(Action::Region)),
            (Some(f), Some(t)) => {
                let mil = chosen.iter().filter(|&&i| self.p(i).military()).count();
                for i in self.side_at(*f, seat) {
                    if self.can_assault(i) && !chosen.contains(&i) && (!self.p(i).military() || mil < 3) {
                        out.push(Action::Piece(i));
                    }
                }
                if mil > 0 && self.numbers_ok(seat, mil, *t) {
                    out.push(Action::Choice(Choice::Done));
                }
            }
        }
    }

    pub fn perform_assault_select(&mut self, a: Action) {
        let seat = self.to_move;
        let Some(Frame::AssaultSelect { from, target, chosen }) = self.frames.last_mut() else {
            return;
        };
        match (a, *from, *target) {
            (Action::Region(r), None, _) => *from = Some(r),
            (Action::Region(r), Some(_), None) => *target = Some(r),
            (Action::Piece(i), _, _) => chosen.push(i),
            _ => {
                let (f, t, mut chosen) = (from.expect("from"), target.expect("target"), chosen.clone());
                self.frames.pop();
                if seat == PATRIOT {
                    self.spend_ammo(1);
                }
                if self.core.log.enabled() {
                    let (m, who) = (self.map(), revroad::log::the_side(seat));
                    let what = revroad::log::pieces(chosen.iter().map(|&i| self.label(i)));
                    self.core.log.say_at(
                        "6.2",
                        || m.path(&[f, t]),
                        || format!("{who} assault {} from {} with {what}.", m.name(t), m.name(f)),
                    );
                }
                // 3.4 militia assaulting the Neck from the Muster Box enter it
                // under the Charles River guns too (ruling bh #41); 6.2 "if
                // the attacker ever has less healthy units than the defender,
                // the Assault ends" before it begins.
                let back = self.neck_courage(f, &chosen);
                if !back.is_empty() {
                    chosen.retain(|i| !back.contains(i));
                    let mil = chosen.iter().filter(|&&i| self.p(i).military()).count();
                    if mil == 0 || !self.numbers_ok(seat, mil, t) {
                        for &i in &chosen {
                            let p = self.pm(i);
                            p.moved = true;
                            p.fired = true;
                        }
                        let name = self.map().name(t).to_string();
                        self.core.log.say("6.2", || {
                            format!("Too few cross the Neck: the Assault on {name} ends before it begins.")
                        });
                        return;
                    }
                }
                // 9.1 panicked units that are assaulted are destroyed.
                let panicked: Vec<PieceId> = self.side_at(t, other(seat)).filter(|&i| self.p(i).panic).collect();
                for i in panicked {
                    self.eliminate(i);
                }
                let withdraw = other(seat) == PATRIOT && !self.withdrawable(t, f, &[]).is_empty();
                self.frames.push(Frame::Assault(Box::new(Assault {
                    from: f,
                    at: t,
                    attacker: seat,
                    stage: if withdraw {
                        AStage::Withdraw
                    } else {
                        AStage::DefenceChoice
                    },
                    picked: vec![],
                    def_hit: 5,
                    held: false,
                    attackers: chosen.clone(),
                })));
                if !withdraw {
                    self.enter_assault();
                }
            }
        }
    }

    fn assault(&self) -> &Assault {
        match self.frames.last() {
            Some(Frame::Assault(a)) => a,
            _ => unreachable!("assault frame on top"),
        }
    }

    fn assault_mut(&mut self) -> &mut Assault {
        match self.frames.last_mut() {
            Some(Frame::Assault(a)) => a,
            _ => unreachable!("assault frame on top"),
        }
    }

    /// 6.2 the assaulting units move into the target region.
    fn enter_assault(&mut self) {
        let (at, list) = (self.assault().at, self.assault().attackers.clone());
        for i in list {
            self.pm(i).loc = at;
        }
        if self.units(at, other(self.assault().attacker)) == 0 {
            self.assault_mut().stage = AStage::End;
        }
    }

    /// 7.1 / FAQ: Minutemen and leaders may withdraw before combat, each
    /// unbroken Minuteman or healthy leader taking one Militia with it.
    fn withdrawable(&self, at: Region, origin: Region, picked: &[PieceId]) -> Vec<PieceId> {
        let pairs = picked
            .iter()
            .filter(|&&i| {
                let p = self.p(i);
                !p.flipped && matches!(p.unit, Unit::Minuteman | Unit::Leader)
            })
            .count();
        let militia = picked.iter().filter(|&&i| self.p(i).unit == Unit::Militia).count();
        self.side_at(at, PATRIOT)
            .filter(|&i| !picked.contains(&i))
            .filter(|&i| match self.p(i).unit {
                Unit::Minuteman | Unit::Leader => true,
                Unit::Militia => militia < pairs,
                _ => false,
            })
            .filter(|&i| !self.retreat_targets(i, at, origin).is_empty())
            .collect()
    }

    /// Ruling bh #16: where a defender retreats — away from the Assault.
    pub fn retreat_targets(&self, i: PieceId, at: Region, origin: Region) -> Vec<Region> {
        let map = self.map();
        let p = self.p(i);
        let ok = |b: Region| {
            self.open_to(p.side, b, origin)
                && (!p.military() || self.room(b, p.side) > 0 || self.overflow(p.side, b, at, origin).is_some())
        };
        let all: Vec<Region> = map.neighbours(at).iter().copied().filter(|&b| ok(b)).collect();
        let rear: Vec<Region> = all
            .iter()
            .copied()
            .filter(|&b| origin == NO_REGION || !map.adjacent(b, origin))
            .collect();
        if rear.is_empty() {
            all
        } else {
            rear
        }
    }

    fn open_to(&self, side: Seat, b: Region, origin: Region) -> bool {
        let map = self.map();
        (map.area(b).is_land() || (b == map.muster() && side == PATRIOT))
            && b != origin
            && !self.is_ablaze(b)
            && !self.has(b, other(side))
    }

    /// 7.1 a retreater may go one region further when the first is full.
    pub fn overflow(&self, side: Seat, b: Region, at: Region, origin: Region) -> Option<Region> {
        self.overflow_options(side, b, at, origin).first().copied()
    }

    /// 7.1 the regions one further than the full region `b` with room.
    pub fn overflow_options(&self, side: Seat, b: Region, at: Region, origin: Region) -> Vec<Region> {
        self.map()
            .neighbours(b)
            .iter()
            .copied()
            .filter(|&c| c != at && self.open_to(side, c, origin) && self.room(c, side) > 0)
            .collect()
    }

    /// 7.1, ruling bh #33: a piece that entered the full region it stands in
    /// goes one region further, the owner choosing when there is a choice.
    pub(crate) fn overflow_step(&mut self, piece: PieceId, at: Region, origin: Region) -> bool {
        let options = self.overflow_options(self.p(piece).side, self.p(piece).loc, at, origin);
        if options.len() > 1 {
            return false;
        }
        self.frames.pop();
        match options.first() {
            Some(&c) => self.pm(piece).loc = c,
            None => {
                // The room beyond was taken by a piece retreating with it: nowhere to go.
                let name = self.label(piece);
                self.core
                    .log
                    .say("7.1", || format!("{name} has nowhere to retreat and is lost"));
                self.eliminate(piece);
            }
        }
        true
    }

    pub fn legal_assault(&self, a: &Assault, out: &mut Vec<Action>) {
        match a.stage {
            AStage::Withdraw => {
                out.extend(
                    self.withdrawable(a.at, a.from, &a.picked)
                        .into_iter()
                        .map(Action::Piece),
                );
                out.push(Action::Choice(Choice::Done));
            }
            AStage::WithdrawTo | AStage::DefenderRetreatTo => {
                let i = a.picked[0];
                out.extend(self.retreat_targets(i, a.at, a.from).into_iter().map(Action::Region));
            }
            AStage::LeadersRetreatTo => {
                if let Some((_, targets)) = self.lone_leaders(a) {
                    out.extend(targets.into_iter().map(Action::Region));
                }
            }
            AStage::DefenceChoice => {
                out.push(Action::Choice(Choice::Fire));
                out.push(Action::Choice(Choice::Hold));
                if self.opts.more_ammo && self.ammo >= 4 {
                    out.push(Action::Choice(Choice::Fire4));
                }
                if self.opts.more_ammo && self.ammo >= 6 {
                    out.push(Action::Choice(Choice::Fire3));
                }
                // 11.2 "hits on 4-6 when defending an Assault": also for a
                // defender who holds the free fire (8.0) and fights the
                // rounds after it (ruling bh #15; rules bh-10: only with
                // the free fire).
                if self.opts.more_ammo && self.ammo >= 3 {
                    out.push(Action::Choice(Choice::Hold4));
                }
                if self.opts.more_ammo && self.ammo >= 5 {
                    out.push(Action::Choice(Choice::Hold3));
                }
            }
            AStage::AttackerRetreat => {
                // 7.1 some or all may fall back to the region the Assault began from.
                out.extend(self.side_at(a.at, a.attacker).map(Action::Piece));
                out.push(Action::Choice(Choice::Retreat));
                out.push(Action::Choice(Choice::FightOn));
            }
            AStage::DefenderRetreat => {
                let def = other(a.attacker);
                for i in self.side_at(a.at, def) {
                    if !a.picked.contains(&i) && !self.retreat_targets(i, a.at, a.from).is_empty() {
                        out.push(Action::Piece(i));
                    }
                }
                out.push(Action::Choice(Choice::Done));
            }
            _ => {}
        }
    }

    pub fn perform_assault(&mut self, act: Action) {
        let a = self.assault().clone();
        match (a.stage, act) {
            (AStage::Withdraw | AStage::DefenderRetreat, Action::Piece(i)) => self.assault_mut().picked.push(i),
            (AStage::Withdraw, _) => {
                if a.picked.is_empty() {
                    self.assault_mut().stage = AStage::DefenceChoice;
                    self.enter_assault();
                } else {
                    self.assault_mut().stage = AStage::WithdrawTo;
                }
            }
            (AStage::DefenderRetreat, _) => {
                self.assault_mut().stage = if a.picked.is_empty() {
                    AStage::Round
                } else {
                    AStage::DefenderRetreatTo
                };
            }
            (AStage::WithdrawTo | AStage::DefenderRetreatTo, Action::Region(r)) => {
                // FAQ: all to the same region unless stacking prohibits it.
                let mut rest = Vec::new();
                let mut further = Vec::new();
                for &i in &a.picked {
                    let side = self.p(i).side;
                    let fits = !self.p(i).military() || self.room(r, side) > 0;
                    if !fits && self.overflow(side, r, a.at, a.from).is_none() {
                        rest.push(i);
                        continue;
                    }
                    if !fits {
                        further.push(i);
                    }
                    self.pm(i).loc = r;
                    // 4.10 a unit that withdrew before combat took no part
                    // in it: no Fired marker (ruling bh #39).
                    self.pm(i).fired |= a.stage == AStage::DefenderRetreatTo;
                }
                if self.core.log.enabled() {
                    let moved: Vec<PieceId> = a.picked.iter().copied().filter(|i| !rest.contains(i)).collect();
                    let what = revroad::log::pieces(moved.iter().map(|&i| self.label(i)));
                    let m = self.map();
                    self.core.log.say_at(
                        "7.1",
                        || m.path(&[a.at, r]),
                        || format!("{what} retreat from {} to {}.", m.name(a.at), m.name(r)),
                    );
                }
                rest.retain(|&i| !self.retreat_targets(i, a.at, a.from).is_empty());
                let withdraw = a.stage == AStage::WithdrawTo;
                let m = self.assault_mut();
                m.picked = rest;
                if m.picked.is_empty() {
                    if withdraw {
                        m.stage = AStage::DefenceChoice;
                        self.enter_assault();
                    } else {
                        m.stage = AStage::AfterRound;
                    }
                }
                for i in further {
                    self.frames.push(Frame::Overflow {
                        piece: i,
                        at: a.at,
                        origin: a.from,
                    });
                }
            }
            (AStage::LeadersRetreatTo, Action::Region(r)) => {
                for i in self.lone_leaders(&a).map(|l| l.0).unwrap_or_default() {
                    self.pm(i).loc = r;
                }
                let m = self.map();
                self.core.log.say_at(
                    "6.2",
                    || m.path(&[a.at, r]),
                    || format!("The defeated leaders retreat from {} to {}.", m.name(a.at), m.name(r)),
                );
                self.assault_mut().stage = AStage::End;
            }
            (AStage::DefenceChoice, Action::Choice(c)) => {
                // Ruling bh #15: defending costs 1, the free fire 1 more; 11.2 2 or 4 more,
                // with the free fire or holding it.
                let (cost, hit) = match c {
                    Choice::Hold => (1, 0),
                    Choice::Fire4 => (4, 4),
                    Choice::Fire3 => (6, 3),
                    Choice::Hold4 => (3, 4),
                    Choice::Hold3 => (5, 3),
                    _ => (2, 5),
                };
                self.spend_ammo(cost);
                let m = self.assault_mut();
                m.def_hit = hit;
                m.held = matches!(c, Choice::Hold4 | Choice::Hold3);
                m.stage = AStage::DefenceFire;
            }
            (AStage::AttackerRetreat, Action::Piece(i)) => {
                self.pm(i).loc = a.from;
                if self.units(a.at, a.attacker) == 0 {
                    self.attacker_back();
                    self.assault_mut().stage = AStage::End;
                }
            }
            (AStage::AttackerRetreat, Action::Choice(Choice::Retreat)) => {
                self.core
                    .log
                    .say("7.1", || "The attacker breaks off the Assault.".into());
                self.attacker_back();
                self.assault_mut().stage = AStage::End;
            }
            (AStage::AttackerRetreat, _) => {
                let def = other(a.attacker);
                let any = self
                    .side_at(a.at, def)
                    .any(|i| !self.retreat_targets(i, a.at, a.from).is_empty());
                let m = self.assault_mut();
                m.picked.clear();
                m.stage = if any { AStage::DefenderRetreat } else { AStage::Round };
            }
            (s, act) => unreachable!("{act:?} at {s:?}"),
        }
    }

    fn attacker_back(&mut self) {
        let a = self.assault().clone();
        for i in self.side_at(a.at, a.attacker).collect::<Vec<_>>() {
            self.pm(i).loc = a.from;
        }
    }

    /// Defender dice (6.2: strength plus the Assault modifier) and hit number.
    fn defence_dice(&mut self, a: &Assault, hit: u8) -> Vec<(u8, u8)> {
        let def = other(a.attacker);
        let pieces: Vec<PieceId> = self.side_at(a.at, def).collect();
        let (total, militia) = self.firepower(&pieces, a.at);
        let mut dice = total + self.terrain(a.from, a.at, false) as i32;
        if def == BRITISH && self.demoralized[0] {
            dice -= 1;
        }
        let dice = self.cap(def, dice);
        self.pools(def, dice, total - militia, hit)
    }

    fn attack_dice(&mut self, a: &Assault) -> Vec<(u8, u8)> {
        let pieces: Vec<PieceId> = self.side_at(a.at, a.attacker).collect();
        let (total, militia) = self.firepower(&pieces, a.at);
        let mut dice = total;
        if a.attacker == BRITISH && self.demoralized[0] {
            dice -= 1;
        }
        let dice = self.cap(a.attacker, dice);
        self.pools(a.attacker, dice, total - militia, 5)
    }

    /// Decided: one side has no military units left, or the attacker is outnumbered.
    fn assault_decided(&mut self) -> bool {
        let a = self.assault().clone();
        let def = other(a.attacker);
        if self.units(a.at, def) == 0 || self.units(a.at, a.attacker) == 0 {
            if self.units(a.at, a.attacker) == 0 {
                self.attacker_back();
            }
            self.assault_mut().stage = AStage::End;
            return true;
        }
        if !self.numbers_ok(a.attacker, self.healthy_units(a.at, a.attacker), a.at) {
            self.core
                .log
                .say("6.2", || "The attacker is outnumbered and falls back.".into());
            self.attacker_back();
            self.assault_mut().stage = AStage::End;
            return true;
        }
        false
    }

    pub fn assault_step(&mut self) -> bool {
        let a = self.assault().clone();
        let def = other(a.attacker);
        match a.stage {
            AStage::Withdraw => {
                if self.withdrawable(a.at, a.from, &a.picked).is_empty() && a.picked.is_empty() {
                    self.assault_mut().stage = AStage::DefenceChoice;
                    self.enter_assault();
                    return true;
                }
                false
            }
            AStage::DefenceChoice => {
                if def == BRITISH {
                    self.assault_mut().stage = AStage::DefenceFire;
                    return true;
                }
                false
            }
            AStage::DefenceFire => {
                if a.def_hit > 0 && !a.held {
                    let pools = self.defence_dice(&a, a.def_hit);
                    let (hits, rolls) = self.roll(&pools);
                    let m = self.map();
                    self.core.log.roll_at(
                        "6.2",
                        &rolls,
                        || m.path(&[a.at]),
                        || {
                            format!(
                                "Free defensive fire: {}, {}: {hits}.",
                                revroad::log::dice(rolls.len()),
                                needs(&pools),
                                hits = engine::log::count(hits, "hit")
                            )
                        },
                    );
                    self.assault_mut().stage = AStage::AfterDefence;
                    self.push_hits(a.at, def, hits, HitMode::Any, false);
                } else {
                    self.core.log.say("8.0", || "The defenders hold their fire.".into());
                    self.assault_mut().stage = AStage::AfterDefence;
                }
                true
            }
            // 6.2, 7.1 after the free defensive round as after any round,
            // either side may retreat (ruling bh #39); a defender holding
            // his fire fought no round.
            AStage::AfterDefence | AStage::AfterRound => {
                if !self.assault_decided() {
                    let held = a.def_hit == 0 || a.held;
                    self.assault_mut().stage = if a.stage == AStage::AfterDefence && held {
                        AStage::Round
                    } else {
                        AStage::AttackerRetreat
                    };
                }
                true
            }
            AStage::Round => {
                if self.assault_decided() {
                    return true;
                }
                let att = self.attack_dice(&a);
                let dhit = if a.def_hit == 0 { 5 } else { a.def_hit };
                let defp = self.defence_dice(&a, dhit);
                let n = |p: &[(u8, u8)]| p.iter().map(|x| x.0).sum::<u8>();
                if n(&att) == 0 && n(&defp) == 0 {
                    // Ruling bh #14: nobody rolls, the attacker returns.
                    self.core
                        .log
                        .say("6.2", || "No dice on either side: the Assault ends.".into());
                    self.attacker_back();
                    self.assault_mut().stage = AStage::End;
                    return true;
                }
                let (ah, ar) = self.roll(&att);
                let (dh, dr) = self.roll(&defp);
                let m = self.map();
                for (who, pools, rolls, hits) in [("attacker", &att, &ar, ah), ("defender", &defp, &dr, dh)] {
                    if rolls.is_empty() {
                        continue;
                    }
                    self.core.log.roll_at(
                        "6.2",
                        rolls,
                        || m.path(&[a.at]),
                        || {
                            format!(
                                "The {who} rolls {}, {}: {hits}.",
                                revroad::log::dice(rolls.len()),
                                needs(pools),
                                hits = engine::log::count(hits, "hit")
                            )
                        },
                    );
                }
                self.assault_mut().stage = AStage::AfterRound;
                self.push_hits(a.at, def, dh, HitMode::Any, false);
                self.push_hits(a.at, a.attacker, ah, HitMode::Any, false);
                true
            }
            AStage::End => {
                if self.lone_leaders(&a).is_some_and(|l| l.1.len() > 1) {
                    self.assault_mut().stage = AStage::LeadersRetreatTo;
                    return true;
                }
                self.frames.pop();
                self.end_assault(&a);
                true
            }
            _ => false,
        }
    }

    /// 6.2 / ruling bh #16: the defender's leaders left without units in the
    /// Assault region, with the regions they may retreat to (all go together:
    /// leaders ignore stacking, so they share their targets).
    fn lone_leaders(&self, a: &Assault) -> Option<(Vec<PieceId>, Vec<Region>)> {
        let def = other(a.attacker);
        if self.units(a.at, def) > 0 || self.units(a.at, a.attacker) == 0 {
            return None;
        }
        let leaders: Vec<PieceId> = self.side_at(a.at, def).collect();
        let targets = self.retreat_targets(*leaders.first()?, a.at, a.from);
        Some((leaders, targets))
    }

    /// 6.2 markers; the loser's leaders left alone retreat (their owner chose
    /// where when there was a choice) or are lost.
    fn end_assault(&mut self, a: &Assault) {
        let def = other(a.attacker);
        for &i in &a.attackers {
            if self.p(i).on_map() {
                let p = self.pm(i);
                p.moved = true;
                p.fired = true;
            }
        }
        for i in self.side_at(a.at, def).collect::<Vec<_>>() {
            self.pm(i).fired = true;
        }
        for side in [def, a.attacker] {
            if self.units(a.at, side) == 0 && self.units(a.at, other(side)) > 0 {
                for i in self.side_at(a.at, side).collect::<Vec<_>>() {
                    let origin = if side == a.attacker { NO_REGION } else { a.from };
                    match self.retreat_targets(i, a.at, origin).first() {
                        Some(&r) if side == def => self.pm(i).loc = r,
                        _ if side == a.attacker => self.pm(i).loc = a.from,
                        _ => self.eliminate(i),
                    }
                }
            }
        }
        let name = self.map().name(a.at).to_string();
        self.core.log.say("6.2", || format!("The Assault on {name} is over."));
    }
}

impl Piece {
    /// 6.2 may take part in an Assault: not moved, fired or panicked, and not
    /// a broken unit (wounded leaders and damaged cannons may).
    pub(crate) fn assaults(&self) -> bool {
        !self.moved
            && !self.fired
            && !self.panic
            && (self.unit == Unit::Leader || !self.flipped || self.unit == Unit::Cannon)
    }
}
