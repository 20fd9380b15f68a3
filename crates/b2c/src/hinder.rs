//! 6.11 Hinder Actions: placing a Hinder marker and removing the opponent's.

use crate::actions::Action;
use crate::map::{map, Region};
use crate::state::*;
use engine::Seat;

impl B2c {
    /// 15.2 in the solitaire scenarios a Hinder marker goes between a British force and Lexington.
    fn between_british_and_lexington(&self, r: Region) -> bool {
        let m = map();
        let lex = m.lexington;
        let here = self.british_regions();
        (0..m.len() as Region).any(|b| {
            here & (1 << b) != 0
                && m.region(b).on_map()
                && m.dist(b, lex) > m.dist(r, lex)
                && m.dist(b, r) as u16 + m.dist(r, lex) as u16 == m.dist(b, lex) as u16
        })
    }

    pub fn hinder_legal(&self, seat: Seat, out: &mut Vec<Action>) {
        let m = map();
        for h in 0..3u8 {
            if hinder_owner(h) == seat {
                if self.hinder[h as usize] != Hinder::Available {
                    continue;
                }
                for r in 0..m.len() as Region {
                    let ok = match h {
                        HINDER_MOVEMENT => m.region(r).on_map(),
                        HINDER_SEARCH => self.arms & (1 << r) != 0,
                        _ => self.gather[r as usize] != Gather::None,
                    };
                    // 15.2 every Patriot Hinder marker of the solitaire scenarios.
                    let placed_ok = !self.solo() || seat != PATRIOT || self.between_british_and_lexington(r);
                    if ok && placed_ok {
                        out.push(Action::HinderPlace(h, r));
                    }
                }
            } else if self.hinder_at(h).is_some() {
                out.push(Action::HinderRemove(h));
            }
        }
    }

    pub fn hinder_place(&mut self, h: u8, r: Region) {
        self.hinder[h as usize] = Hinder::Map(r, 2);
    }

    /// Removed markers wait on the next turn space (6.11).
    pub fn hinder_remove(&mut self, h: u8) {
        self.hinder[h as usize] = Hinder::Track;
    }
}
