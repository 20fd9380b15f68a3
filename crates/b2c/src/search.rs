//! 6.9 Search / Capture: 8.1 searching for hidden arms (hash marks less the
//! Patriot modifiers are VP), 8.2 capturing Adams and Hancock (extra draws at
//! 1 VP each, ruling b2c #18), each with its own card draw (8.0).

use crate::actions::Action;
use crate::frames::{Frame, Search};
use crate::map::{map, Region};
use crate::state::*;

impl B2c {
    /// 8.0 a card drawn for a search or capture in `r`; the seats' knowledge
    /// of the top shrinks. Returns the hash marks less the Patriot modifier
    /// of 8.1 (never below 0), and logs both so that either seat can check
    /// the result.
    pub fn draw_hash(&mut self, r: Region) -> u8 {
        if self.deck.draw.is_empty() {
            self.known = [0, 0];
        }
        let c = self.deck.draw(&mut self.core.dice);
        let (n, h) = (c.number, c.hash);
        self.known = [self.known[0].saturating_sub(1), self.known[1].saturating_sub(1)];
        let less = self.search_modifier(r);
        let net = h.saturating_sub(less);
        self.core.log.say("8.0", || {
            let marks = engine::log::count(h, "hash mark");
            match less {
                0 => format!("Card {n} drawn: {marks}."),
                _ => format!(
                    "Card {n} drawn: {marks}, -{less} for {} present (8.1): {net}.",
                    if less == 2 {
                        "militia and minutemen"
                    } else {
                        "militia or minutemen"
                    }
                ),
            }
        });
        net
    }

    /// 8.1 militia or minutemen present: -1; both: -2 (active, unbroken: FAQ).
    pub fn search_modifier(&self, r: Region) -> u8 {
        let militia = self.count(r, PATRIOT, |p| p.kind == Kind::Militia && !p.flipped) > 0;
        let mm = self.count(r, PATRIOT, |p| p.kind == Kind::Minuteman && !p.flipped) > 0;
        militia as u8 + mm as u8
    }

    fn search_mut(&mut self) -> &mut Search {
        match self.frames.last_mut() {
            Some(Frame::Search(s)) => s,
            _ => unreachable!("search frame on top"),
        }
    }

    fn try_capture(&mut self, p: PieceId, r: Region) -> bool {
        let hash = self.draw_hash(r);
        let name = self.piece(p).name();
        if hash > 0 {
            let turn = self.turn;
            let pc = self.pm(p);
            pc.flipped = true;
            pc.under = false;
            pc.since = turn;
            self.core
                .log
                .say("8.2", || format!("{name} is captured: a hash mark is left."));
            true
        } else {
            // What the draw needed, so that the line reads without the rule.
            self.core.log.say("8.2", || {
                format!("{name} is not found: a capture needs a hash mark left after the modifier.")
            });
            false
        }
    }

    pub fn search_auto(&mut self) -> bool {
        let s = self.search_mut().clone();
        let r = s.region;
        if let Some(p) = s.failed {
            if self.vp[BRITISH as usize] >= 2 {
                return false;
            }
            self.give_up(p);
            return true;
        }
        if !s.arms_done {
            self.search_mut().arms_done = true;
            // 10.0 a search or capture attempt where an active unbroken Patriot unit stands (ruling b2c #19).
            if self.unbroken_patriots(r) > 0 {
                self.fire_shot(BRITISH, false, "the British searched among armed Patriots");
            }
            let hindered = self.hinder_at(HINDER_SEARCH) == Some(r);
            if self.arms & (1 << r) != 0 && hindered {
                // 6.11 Hinder Search bars the arms search, not the capture (8.2).
                let at = map().name(r).to_string();
                self.core.log.say("6.11", || {
                    format!("The Hinder Search marker in {at} bars the search for hidden arms.")
                });
            }
            if self.arms & (1 << r) != 0 && !hindered {
                let vp = self.draw_hash(r);
                self.arms &= !(1 << r);
                self.searched |= 1 << r;
                let at = map().name(r).to_string();
                self.core.log.say("8.1", || format!("{at} is searched."));
                if vp > 0 && !self.solo() {
                    self.add_vp(BRITISH, vp as i32, "8.1", "hidden arms found");
                }
            }
            return true;
        }
        if let Some(&p) = s.sol.first() {
            self.search_mut().sol.remove(0);
            if !self.try_capture(p, r) {
                self.search_mut().failed = Some(p);
            }
            return true;
        }
        self.frames.pop();
        true
    }

    /// 8.2 every attempt failed: the Patriots may move the Son of Liberty to an adjacent region.
    fn give_up(&mut self, p: PieceId) {
        self.search_mut().failed = None;
        self.frames.push(Frame::Place {
            seat: PATRIOT,
            piece: p,
            optional: true,
        });
    }

    pub fn search_act(&mut self, a: crate::actions::Action) {
        let s = self.search_mut().clone();
        let Some(p) = s.failed else {
            return;
        };
        if a == Action::Yes {
            self.vp[BRITISH as usize] -= 2;
            self.core
                .log
                .say("8.2", || "The British pay 1 VP for another draw.".into());
            if self.try_capture(p, s.region) {
                self.search_mut().failed = None;
            }
        } else {
            self.give_up(p);
        }
    }
}
