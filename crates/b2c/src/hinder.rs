//! 6.11 Hinder Actions: placing a Hinder marker and removing the opponent's.

use crate::actions::Action;
use crate::map::{map, Region};
use crate::state::*;
use engine::Seat;

impl B2c {
    /// 15.2 in the solitaire scenarios a Hinder marker goes between a British force (in `here`) and Lexington.
    fn between_british_and_lexington(here: u64, r: Region) -> bool {
        let m = map();
        let lex = m.lexington;
        members(here.into()).any(|b| {
            m.area(b).on_map()
                && m.dist(b, lex) > m.dist(r, lex)
                && m.dist(b, r) as u16 + m.dist(r, lex) as u16 == m.dist(b, lex) as u16
        })
    }

    pub fn hinder_legal(&self, seat: Seat, out: &mut Vec<Action>) {
        let m = map();
        // 15.2 every Patriot Hinder marker of the solitaire scenarios; the British regions found once.
        let between = self.solo() && seat == PATRIOT;
        let here = if between { self.british_regions() } else { 0 };
        for h in 0..3u8 {
            if hinder_owner(h) == seat {
                if self.hinder[h as usize] != Hinder::Available {
                    continue;
                }
                for r in 0..m.len() as Region {
                    let ok = match h {
                        HINDER_MOVEMENT => m.area(r).on_map(),
                        HINDER_SEARCH => self.arms & (1 << r) != 0,
                        _ => self.gather[r as usize] != Gather::None,
                    };
                    if ok && (!between || Self::between_british_and_lexington(here, r)) {
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
