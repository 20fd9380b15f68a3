//! 6.6 Ambush, 6.7 Snipe, 6.8 Rally and 6.10 Escape Capture.

use crate::actions::Action;
use crate::frames::{Frame, HitKind};
use crate::map::{map, Region};
use crate::state::*;
use engine::Seat;

impl B2c {
    fn ambush_targets(&self, r: Region) -> Set {
        self.set_at(r, BRITISH, |p| p.kind == Kind::Regular && !p.flipped && p.moved)
    }

    pub fn ambush_legal(&self, r: Region, picked: Set, out: &mut Vec<crate::actions::Action>) {
        out.extend(members(self.ambush_targets(r) & !picked).map(crate::actions::Action::Pick));
    }

    pub fn ambush_act(&mut self, a: crate::actions::Action) {
        if let (Some(Frame::Ambush { picked, .. }), crate::actions::Action::Pick(p)) = (self.frames.last_mut(), a) {
            *picked |= bit(p);
        }
    }

    /// 6.6 one die at each of the two chosen Regulars: 5-6 breaks it.
    pub fn ambush_auto(&mut self) -> bool {
        let Some(&Frame::Ambush { region, picked }) = self.frames.last() else {
            return false;
        };
        if picked.count_ones() < 2 {
            return false;
        }
        self.frames.pop();
        self.ambush |= 1 << region;
        let targets: Vec<u8> = members(picked).collect();
        let dice: Vec<u8> = targets.iter().map(|_| self.core.dice.d6()).collect();
        let hits = dice.iter().filter(|&&d| d >= 5).count();
        self.core.log.roll_at(
            "6.6",
            &dice,
            || map().path(&[region]),
            || {
                format!(
                    "Ambush in {}: a die at each of 2 Regulars, 5 or 6 breaks it: {hits} broken.",
                    map().name(region)
                )
            },
        );
        for (p, d) in targets.into_iter().zip(dice) {
            if d >= 5 {
                self.apply_hit(p);
            }
        }
        true
    }

    /// 6.7 one die per unbroken Regular and healthy leader (not the cannon);
    /// each 6 breaks a Regular or wounds a leader, as the British choose (ruling b2c #16).
    pub fn snipe(&mut self, r: Region) {
        self.snipe |= 1 << r;
        let targets = self.set_at(r, BRITISH, |p| {
            (p.kind == Kind::Regular || p.kind == Kind::BritishLeader) && !p.flipped
        });
        let dice: Vec<u8> = members(targets).map(|_| self.core.dice.d6()).collect();
        let hits = dice.iter().filter(|&&d| d == 6).count() as u8;
        self.core.log.roll_at(
            "6.7",
            &dice,
            || map().path(&[r]),
            || {
                format!(
                    "Snipe at {}: {}, needs 6 to hit: {hits}.",
                    map().name(r),
                    revroad::log::dice(dice.len()),
                    hits = engine::log::count(hits, "hit")
                )
            },
        );
        self.push_hits(BRITISH, hits, targets, 0, HitKind::Flip, "6.7");
    }

    /// Units a leader rallies (6.8; 11.0 Smith and Pitcairn after Concord; 15.2).
    fn rally_capacity(&self, p: &Piece) -> usize {
        if p.side() == PATRIOT {
            return 1;
        }
        if p.name == PERCY {
            return if self.solo() && p.flipped { 1 } else { 2 };
        }
        if self.concord_entered || self.solo() {
            1
        } else {
            2
        }
    }

    /// 6.8 every unused leader in the region rallies its share of broken units;
    /// when there are more broken units than the leaders can rally, the owner chooses.
    /// Only the leaders needed take a Rally marker, those who rally most first
    /// (11.0: after Concord Percy rallies two, Smith and Pitcairn one each).
    pub fn rally(&mut self, r: Region, seat: Seat) {
        let broken = self.rally_candidates(r, seat).count_ones() as usize;
        let mut leaders: Vec<u8> = members(self.set_at(r, seat, |p| p.kind.leader() && !p.rallied)).collect();
        leaders.sort_by_key(|&l| std::cmp::Reverse(self.rally_capacity(self.piece(l))));
        let mut cap = 0;
        for l in leaders {
            if cap >= broken {
                break;
            }
            cap += self.rally_capacity(self.piece(l));
            self.pm(l).rallied = true;
        }
        self.frames.push(Frame::Rally {
            seat,
            region: r,
            left: cap as u8,
            picked: 0,
        });
    }

    pub fn rally_candidates(&self, r: Region, seat: Seat) -> Set {
        self.set_at(r, seat, |p| p.kind.military() && p.flipped)
    }

    pub fn rally_act(&mut self, a: Action) {
        if let (Action::Pick(p), Some(Frame::Rally { left, picked, .. })) = (a, self.frames.last_mut()) {
            *left -= 1;
            *picked += 1;
            self.pm(p).flipped = false;
            let label = self.piece_label(p);
            self.core.log.say("6.8", || format!("{label} is rallied."));
        }
    }

    /// Nothing to choose once the leaders are spent, or when every broken unit can be rallied.
    pub fn rally_auto(&mut self) -> bool {
        let Some(&Frame::Rally {
            seat,
            region,
            left,
            picked,
        }) = self.frames.last()
        else {
            return false;
        };
        let cands = self.rally_candidates(region, seat);
        if left > 0 && cands != 0 && cands.count_ones() > left as u32 {
            return false;
        }
        self.frames.pop();
        for p in members(cands).take(left as usize) {
            self.pm(p).flipped = false;
        }
        // 6.8 the true count: the units chosen one by one and those rallied here.
        let n = cands.count_ones().min(left as u32) + picked as u32;
        let at = map().name(region).to_string();
        self.core.log.say("6.8", || {
            format!("{n} rallied in {at}.", n = engine::log::count(n, "unit"))
        });
        true
    }

    /// 6.10 escape: 6 or more on a die, +1 per active unbroken Patriot unit, -1 per unbroken Regular there (ruling b2c #22).
    pub fn escape(&mut self, p: PieceId) {
        let at = self.piece(p).loc;
        let plus = self.unbroken_patriots(at) as i32;
        let minus = self.unbroken_regulars(at) as i32;
        let d = self.core.dice.d6();
        let total = d as i32 + plus - minus;
        let name = self.piece(p).name();
        self.core.log.roll_at(
            "6.10",
            &[d],
            || map().path(&[at]),
            || {
                format!(
                    "{name} tries to escape: {d} {plus:+} -{minus} = {total}, needs 6 or more: {}.",
                    if total >= 6 { "escapes" } else { "fails" }
                )
            },
        );
        if total >= 6 {
            let pc = self.pm(p);
            pc.flipped = false;
            pc.under = false;
            pc.moved = true;
            self.frames.push(Frame::Place {
                seat: PATRIOT,
                piece: p,
                optional: false,
            });
        }
    }
}
