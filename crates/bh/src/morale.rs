//! 9.0-9.4 Morale, panic and demoralization; 6.7 Rally and 12.2 the solitaire Rally; 7.0 the effect of a hit.

use crate::actions::Action;
use crate::map::Region;
use crate::state::*;
use engine::Seat;

impl Bh {
    /// 7.0 a hit flips a healthy piece and removes a flipped one (ruling bh #9: militia are revealed).
    pub fn take_hit(&mut self, i: PieceId) {
        self.reveal(i);
        let (name, at, m) = (self.label(i), self.p(i).loc, self.map());
        if self.p(i).flipped {
            self.core.log.say_at(
                "7.0",
                || m.path(&[at]),
                || format!("{name} in {} is eliminated.", m.name(at)),
            );
            self.eliminate(i);
        } else {
            self.pm(i).flipped = true;
            self.core.log.say_at(
                "7.0",
                || m.path(&[at]),
                || format!("{name} in {} is hit and flipped.", m.name(at)),
            );
            // 9.0 broken unit, wounded leader, damaged cannon (ruling bh #20): one space.
            self.morale_down(self.p(i).side, 1);
        }
    }

    /// 9.0 a unit destroyed costs one space, a leader killed two.
    pub fn eliminate(&mut self, i: PieceId) {
        let (side, leader) = (self.p(i).side, self.p(i).unit == Unit::Leader);
        let p = self.pm(i);
        p.loc = DESTROYED;
        p.panic = false;
        self.morale_down(side, if leader { 2 } else { 1 });
    }

    pub fn morale_down(&mut self, side: Seat, n: u8) {
        let s = side as usize;
        self.morale[s] = self.morale[s].saturating_sub(n);
        if self.morale[s] == 0 && !self.demoralized[s] {
            self.demoralize(side);
        }
    }

    /// 9.0 / ruling bh #20: morale never exceeds 24.
    pub fn morale_up(&mut self, side: Seat) {
        let s = side as usize;
        self.morale[s] = (self.morale[s] + 1).min(24);
    }

    /// 9.2, 9.3 demoralization: reserve actions lost; Patriot militia fall back once.
    fn demoralize(&mut self, side: Seat) {
        let s = side as usize;
        self.demoralized[s] = true;
        self.reserve[s] = 0;
        let rule = if side == PATRIOT { "9.2" } else { "9.3" };
        self.core
            .log
            .say(rule, || format!("{} are demoralized.", revroad::log::the_side(side)));
        if side == PATRIOT {
            let militia: Vec<PieceId> = (0..self.pieces.len() as PieceId)
                .filter(|&i| self.p(i).side == PATRIOT && self.p(i).unit == Unit::Militia && self.p(i).on_map())
                .collect();
            self.toward_muster(&militia, 3);
        }
        self.check_mutual_demoralization();
    }

    /// 9.1 regions where militia stand next to a British unit.
    pub fn panic_regions(&self) -> Vec<Region> {
        let map = self.map();
        let (patriots, british) = (self.occupied(PATRIOT), self.units_in(BRITISH));
        map.land()
            .filter(|&r| {
                patriots & bit(r) != 0
                    && map.neighbours(r).iter().any(|&b| british & bit(b) != 0)
                    && self
                        .side_at(r, PATRIOT)
                        .any(|i| self.p(i).unit == Unit::Militia && !self.p(i).panic)
            })
            .collect()
    }

    /// 9.1 the courage check of the chosen region.
    pub fn panic(&mut self, r: Region) {
        let m = self.map();
        self.core.log.say_at(
            "9.1",
            || m.path(&[r]),
            || format!("The militia in {} check for panic.", m.name(r)),
        );
        let militia: Vec<PieceId> = self
            .side_at(r, PATRIOT)
            .filter(|&i| self.p(i).unit == Unit::Militia && !self.p(i).flipped)
            .collect();
        for i in militia {
            self.reveal(i);
            let roll = self.core.dice.d6();
            let strength = self.strength(i);
            let total = roll + strength;
            let label = self.label(i);
            self.core.log.roll_at(
                "9.1",
                &[roll],
                || m.path(&[r]),
                || {
                    format!(
                        "{label}: {roll} + {strength} = {total}, 4 or less panics: {}.",
                        if total <= 4 { "panics" } else { "holds" }
                    )
                },
            );
            if total <= 4 {
                self.pm(i).flipped = true;
                self.pm(i).panic = true;
                // Ruling bh #20: each panic break counts.
                self.morale_down(PATRIOT, 1);
            }
        }
        let broken: Vec<PieceId> = self
            .side_at(r, PATRIOT)
            .filter(|&i| {
                let p = self.p(i);
                p.flipped && matches!(p.unit, Unit::Militia | Unit::Minuteman)
            })
            .collect();
        for &i in &broken {
            self.pm(i).panic = true;
        }
        self.toward_muster(&broken, 3);
    }

    /// 6.7 regions with a broken unit that may be rallied (12.2: no leader needed in solitaire).
    pub fn rally_regions(&self, seat: Seat) -> Vec<Region> {
        self.rally_froms(seat, &self.board()).collect()
    }

    /// `rally_regions` one by one, so that `can` stops at the first.
    pub(crate) fn rally_froms(&self, seat: Seat, board: &Board) -> impl Iterator<Item = Region> + '_ {
        let map = self.map();
        let s = seat as usize;
        let broken = if self.demoralized[s] { 0 } else { board.broken[s] };
        let led = if self.solo() { u64::MAX } else { board.leading[s] };
        map.land()
            .chain(std::iter::once(map.muster()))
            .filter(move |&r| broken & led & bit(r) != 0)
    }
}

impl Piece {
    pub(crate) fn rallyable(&self) -> bool {
        self.flipped && self.military() && self.unit != Unit::Cannon && !self.panic
    }

    pub(crate) fn can_lead_rally(&self) -> bool {
        self.unit == Unit::Leader && !self.rallied
    }
}

impl Bh {
    pub fn legal_rally(&self, out: &mut Vec<Action>) {
        let seat = self.to_move;
        match self.frames.last() {
            Some(Frame::Rally { region: None, .. }) => {
                out.extend(self.rally_regions(seat).into_iter().map(Action::Region))
            }
            Some(Frame::Rally { region: Some(r), done }) => {
                if self.side_at(*r, seat).any(|i| self.p(i).can_lead_rally()) {
                    out.extend(
                        self.side_at(*r, seat)
                            .filter(|&i| self.p(i).rallyable())
                            .map(Action::Piece),
                    );
                }
                if *done > 0 {
                    out.push(Action::Choice(Choice::Done));
                }
            }
            Some(Frame::SoloRally {
                region,
                units,
                activating,
            }) => out.extend(
                self.solo_rally_choices(*region, units, *activating)
                    .into_iter()
                    .map(Action::Piece),
            ),
            _ => {}
        }
    }

    pub fn perform_rally(&mut self, a: Action) {
        let seat = self.to_move;
        match a {
            Action::Region(r) => {
                if self.solo() {
                    self.frames.pop();
                    self.start_solo_rally(seat, r);
                } else if let Some(Frame::Rally { region, .. }) = self.frames.last_mut() {
                    *region = Some(r);
                }
            }
            Action::Piece(i) => {
                let r = self.p(i).loc;
                let leader = self
                    .side_at(r, seat)
                    .find(|&j| self.p(j).can_lead_rally())
                    .expect("a leader to rally");
                self.pm(leader).rallied = true;
                self.rally(i, Some(leader));
                let more = self.side_at(r, seat).any(|j| self.p(j).can_lead_rally())
                    && self.side_at(r, seat).any(|j| self.p(j).rallyable());
                if let Some(Frame::Rally { done, .. }) = self.frames.last_mut() {
                    *done += 1;
                }
                if !more {
                    self.frames.pop();
                }
            }
            _ => {
                self.frames.pop();
            }
        }
    }

    /// 6.7 a broken unit rallies, by `leader` if one rallies it.
    fn rally(&mut self, i: PieceId, leader: Option<PieceId>) {
        self.pm(i).flipped = false;
        let name = self.label(i);
        match leader.map(|l| self.label(l)) {
            Some(by) => self.core.log.say("6.7", || format!("{by} rallies {name}.")),
            None => self.core.log.say("6.7", || format!("{name} rallies.")),
        }
        self.morale_up(self.p(i).side);
    }
}

/// 12.2 solitaire Rally (ruling bh #45): healthy leaders rally one unit
/// each, wounded leaders on 4-6, the units left broken roll for themselves;
/// three units at most are activated in a Staging Area. The owner picks
/// which units, asked only when the choice can matter.
impl Bh {
    fn start_solo_rally(&mut self, seat: Seat, r: Region) {
        let broken: Vec<PieceId> = self.side_at(r, seat).filter(|&i| self.p(i).rallyable()).collect();
        // 12.2 "only three British units at a time may be activated to rally" in a Staging Area.
        let activating = self.map().zone_of_staging(r).is_some() && broken.len() > 3;
        self.frames.push(Frame::SoloRally {
            region: r,
            units: if activating { vec![] } else { broken },
            activating,
        });
    }

    /// The leader who rallies next in `r`: the healthy ones first (12.2).
    pub fn next_rally_leader(&self, r: Region, seat: Seat) -> Option<PieceId> {
        let leaders = || self.side_at(r, seat).filter(|&i| self.p(i).can_lead_rally());
        leaders().find(|&i| !self.p(i).flipped).or_else(|| leaders().next())
    }

    /// The activated units still broken.
    fn still_broken(&self, units: &[PieceId]) -> Vec<PieceId> {
        units.iter().copied().filter(|&i| self.p(i).flipped).collect()
    }

    /// The units a seat may pick now in a solitaire Rally: to activate, or
    /// for the next leader to rally.
    pub fn solo_rally_choices(&self, region: Region, units: &[PieceId], activating: bool) -> Vec<PieceId> {
        if activating {
            let seat = self.to_move;
            return self
                .side_at(region, seat)
                .filter(|&i| self.p(i).rallyable() && !units.contains(&i))
                .collect();
        }
        self.still_broken(units)
    }

    /// The automatic part of a solitaire Rally; false when the owner must
    /// pick: the three activated, or the unit a leader rallies when two or
    /// more are left and the healthy leaders cannot rally them all.
    pub(crate) fn solo_rally_step(&mut self, region: Region, units: &[PieceId], activating: bool) -> bool {
        if activating {
            return false;
        }
        let seat = self.to_move;
        let broken = self.still_broken(units);
        let leader = self.next_rally_leader(region, seat).filter(|_| !broken.is_empty());
        let Some(l) = leader else {
            self.frames.pop();
            self.rally_alone(&broken);
            return true;
        };
        let healthy = self
            .side_at(region, seat)
            .filter(|&i| self.p(i).can_lead_rally() && !self.p(i).flipped)
            .count();
        if broken.len() == 1 || healthy >= broken.len() {
            self.lead_rally(l, broken[0]);
            return true;
        }
        false
    }

    pub(crate) fn perform_solo_rally(&mut self, a: Action) {
        let (
            Some(Frame::SoloRally {
                region,
                units,
                activating,
            }),
            Action::Piece(i),
        ) = (self.frames.last_mut(), a)
        else {
            unreachable!("a unit picked in a solitaire Rally")
        };
        if *activating {
            units.push(i);
            *activating = units.len() < 3;
            return;
        }
        let r = *region;
        let l = self.next_rally_leader(r, self.to_move).expect("a leader to rally");
        self.lead_rally(l, i);
    }

    /// 12.2 leader `l` rallies unit `i`: a healthy one surely, a wounded one
    /// on 4-6 (else the unit stays broken and rolls for itself).
    fn lead_rally(&mut self, l: PieceId, i: PieceId) {
        self.pm(l).rallied = true;
        if self.p(l).flipped {
            let roll = self.core.dice.d6();
            let (by, name) = (self.label(l), self.label(i));
            self.core.log.roll("12.2", &[roll], || {
                format!("{by} tries to rally {name}, needs 4-6: {roll}.")
            });
            if roll < 4 {
                return;
            }
        }
        self.rally(i, Some(l));
    }

    /// 12.2 what a broken unit without a leader needs to rally: Marines
    /// 3-6, Minutemen and Regulars 5-6, militia 6.
    pub fn rally_alone_need(&self, i: PieceId) -> u8 {
        match self.p(i).unit {
            Unit::Marine => 3,
            Unit::Militia => 6,
            _ => 5,
        }
    }

    fn rally_alone(&mut self, broken: &[PieceId]) {
        for &i in broken {
            let need = self.rally_alone_need(i);
            let roll = self.core.dice.d6();
            let name = self.label(i);
            self.core.log.roll("12.2", &[roll], || {
                format!("{name} tries to rally, needs {}: {roll}.", revroad::log::at_least(need))
            });
            if roll >= need {
                self.rally(i, None);
            }
        }
    }
}
