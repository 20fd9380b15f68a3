//! 13.0 Determining Victory (with 11.0's automatic victory, 4.7 hidden arms,
//! 12.0 Percy, 14.5 hidden-arms variants) and the 15.2 solitaire victory
//! with its end-of-game attrition rolls; the AI's evaluation.

use crate::setup::deck_cards;
use crate::state::*;
use crate::vp::value;
use engine::{Outcome, Seat};

impl B2c {
    pub fn game_end(&mut self) {
        self.phase = Phase::Over;
        self.frames.clear();
        if self.solo() {
            self.solo_end();
        } else {
            self.standard_end();
        }
    }

    fn finish(&mut self, winner: Seat, reason: String, rule: &'static str) {
        self.core.log.say(rule, || reason.clone());
        self.core.outcome = Some(Outcome {
            winner: Some(winner),
            level: None,
            reason,
            rule: rule.to_string(),
        });
    }

    /// Casualty and capture VP at the end of the standard game (4.1, 4.2, 4.4; vp.tsv).
    fn casualty_vp(&self) -> [i32; 2] {
        let m = crate::map::map();
        let c = crate::vp::casualties();
        let mut v = [0i32; 2];
        for p in &self.pieces {
            let dead = p.loc == DESTROYED;
            let shown = p.on_map() && m.area(p.loc).on_map();
            let (to, pts) = match (p.kind, dead, p.flipped && shown) {
                (Kind::Regular, true, _) => (PATRIOT, c.regular_destroyed),
                (Kind::Regular, false, true) => (PATRIOT, c.regular_broken),
                (Kind::Cannon, true, _) => (PATRIOT, c.cannon_destroyed),
                (Kind::BritishLeader, true, _) => (PATRIOT, c.leader_killed),
                (Kind::BritishLeader, false, true) => (PATRIOT, c.leader_wounded),
                (Kind::Militia | Kind::Minuteman, true, _) => (BRITISH, c.patriot_destroyed),
                (Kind::Militia | Kind::Minuteman, false, true) => (BRITISH, c.patriot_broken),
                (Kind::PatriotLeader, true, _) => (BRITISH, c.leader_killed),
                (Kind::PatriotLeader, false, true) => (BRITISH, c.leader_wounded),
                (Kind::SonOfLiberty, _, _) if p.loc == TAKEN || p.flipped && p.on_map() => (BRITISH, c.sol_captured),
                (Kind::Nightrider, _, _) if p.loc == TAKEN || p.flipped && p.on_map() => {
                    (BRITISH, c.nightrider_captured)
                }
                _ => continue,
            };
            v[to as usize] += pts;
        }
        v
    }

    /// 4.7 and 14.5: the Patriots' VP for unsearched Hidden Arms markers.
    fn arms_vp(&mut self) -> i32 {
        let m = crate::map::map();
        let mut cards = deck_cards(self.scenario);
        self.core.dice.shuffle(&mut cards);
        let mut next = cards.into_iter().cycle();
        let mut v = 0;
        for r in 0..m.len() {
            if self.arms & (1 << r) == 0 {
                continue;
            }
            let info = m.area(r as u8);
            if info.ha != 1 {
                v += info.ha_value() as i32;
                continue;
            }
            v += match self.opts.hidden_arms {
                1 => 0,
                2 => (revroad::cards::card(next.next().expect("cards")).hash > 0) as i32,
                3 => revroad::cards::card(next.next().expect("cards")).hash as i32,
                _ => 1,
            };
        }
        v
    }

    fn standard_end(&mut self) {
        if !self.concord_entered {
            self.finish(
                PATRIOT,
                "No unbroken Regular reached Concord: automatic Patriot victory.".into(),
                "11.0",
            );
            return;
        }
        let arms = self.arms_vp();
        self.add_vp(PATRIOT, arms, "4.7", "unsearched Hidden Arms markers");
        if !self.percy_award {
            self.add_vp(
                PATRIOT,
                value("percy-failed"),
                "12.0",
                "Percy never reached Lexington in strength",
            );
        }
        let c = self.casualty_vp();
        self.add_vp(BRITISH, c[0], "13.0", "Patriot casualties and captured pieces");
        self.add_vp(PATRIOT, c[1], "13.0", "British casualties");
        let (b, p) = (self.vp[0] / 2, self.vp[1] / 2);
        let w = if self.vp[0] >= self.vp[1] { BRITISH } else { PATRIOT };
        self.finish(
            w,
            format!("Victory points: British {b}, Patriots {p} (a tie goes to the British)."),
            "13.0",
        );
    }

    /// 15.2 the solitaire victory points, in half points: (British, Patriot).
    /// One pass over the pieces (the AI scores every playout with it).
    pub fn solo_points(&self) -> [i32; 2] {
        let m = crate::map::map();
        let lex = m.lexington;
        let mut v = [0i32; 2];
        let mut casualties = 0i32; // half points
                                   // Lexington: Regulars, unbroken Regulars, Patriot combatants, Patriot strength (hidden militia count 1).
        let (mut regs, mut bsp, mut pats, mut psp) = (0, 0i32, 0, 0i32);
        let mut regions = 0u64;
        for (i, p) in self.pieces.iter().enumerate() {
            let on_map = p.on_map();
            if on_map && p.side() == BRITISH {
                regions |= 1 << p.loc;
            }
            if p.loc == lex && !p.under {
                if p.side() == BRITISH {
                    if p.kind == Kind::Regular {
                        regs += 1;
                        bsp += 2 * i32::from(!p.flipped);
                    }
                } else {
                    pats += usize::from(p.kind.combatant());
                    psp += if p.hidden { 1 } else { self.strength(i as u8) as i32 };
                }
            }
            if !p.kind.combatant() {
                continue;
            }
            let gain = other(p.side()) as usize;
            if p.loc == DESTROYED {
                v[gain] += 2;
                if p.side() == BRITISH && p.kind == Kind::Regular {
                    casualties += 4;
                }
            } else if on_map && p.flipped && p.kind.military() {
                v[gain] += 1;
                if p.side() == BRITISH {
                    casualties += 1;
                }
            }
        }
        casualties -= 2 * self.reserve[BRITISH as usize] as i32;
        if casualties > 12 {
            v[PATRIOT as usize] += 4;
        }
        if regs > 0 {
            v[BRITISH as usize] += if pats == 0 {
                8
            } else if bsp > 2 * psp {
                6
            } else {
                4
            };
        }
        if regions.count_ones() == 1 {
            v[BRITISH as usize] += 4;
        } else {
            v[PATRIOT as usize] += 4;
        }
        v
    }

    fn solo_end(&mut self) {
        // Attrition: wounded leaders die on 6; broken British units on 6, broken Patriot units on 5-6.
        for p in 0..self.pieces.len() as u8 {
            let pc = *self.piece(p);
            if !pc.on_map() || !pc.flipped || !pc.kind.combatant() {
                continue;
            }
            let need = if pc.kind.leader() || pc.side() == BRITISH { 6 } else { 5 };
            let d = self.core.dice.d6();
            let label = if self.core.log.enabled() {
                self.piece_name(p)
            } else {
                String::new()
            };
            if d >= need {
                self.pm(p).loc = DESTROYED;
            }
            let m = crate::map::map();
            self.core.log.roll_at(
                "15.2",
                &[d],
                || m.path(&[pc.loc]),
                || {
                    format!(
                        "Attrition for {label} in {}: {d}, {} removes it: {}.",
                        m.name(pc.loc),
                        revroad::log::at_least(need),
                        if d >= need { "removed" } else { "it stays" }
                    )
                },
            );
        }
        for p in 0..self.pieces.len() as u8 {
            if self.piece(p).hidden && self.piece(p).loc == crate::map::map().lexington {
                self.reveal(p);
            }
        }
        self.vp = self.solo_points();
        let (b, p) = (self.vp[0] as f64 / 2.0, self.vp[1] as f64 / 2.0);
        let w = if self.vp[0] >= self.vp[1] { BRITISH } else { PATRIOT };
        self.finish(
            w,
            format!("Solitaire victory points: British {b}, Patriots {p} (ruling b2c #26: a tie goes to the British)."),
            "15.2",
        );
    }

    /// The AI's score of a cut-off game for `seat`, in [0, 1].
    pub fn score(&self, seat: Seat) -> f64 {
        if let Some(o) = &self.core.outcome {
            return o.value_for(seat);
        }
        let british = if self.solo() {
            let v = self.solo_points();
            let margin = (v[0] - v[1]) as f64 / 2.0;
            1.0 / (1.0 + (-margin / 3.0).exp())
        } else {
            let m = crate::map::map();
            let pending: i32 = (0..m.len())
                .filter(|&r| self.arms & (1 << r) != 0)
                .map(|r| m.area(r as u8).ha_value() as i32)
                .sum();
            let c = self.casualty_vp();
            let percy = if self.percy_award { 0.0 } else { 3.0 };
            let margin = (self.vp[0] - self.vp[1]) as f64 / 2.0 - pending as f64 - percy + (c[0] - c[1]) as f64;
            let p = 1.0 / (1.0 + (-margin / 5.0).exp());
            if self.concord_entered {
                p
            } else {
                let d = self
                    .pieces
                    .iter()
                    .filter(|q| q.kind == Kind::Regular && !q.flipped && q.on_map() && m.area(q.loc).on_map())
                    .map(|q| m.dist(q.loc, m.concord) as f64)
                    .fold(20.0, f64::min);
                // Every region nearer Concord counts, more so as the turns run out (11.0).
                let turns = (13 - self.turn as i32).max(1) as f64;
                let reach = (1.0 - d / (2.0 * turns + 2.0).min(12.0)).clamp(0.0, 1.0);
                p * reach * reach
            }
        };
        if seat == BRITISH {
            british
        } else {
            1.0 - british
        }
    }
}
