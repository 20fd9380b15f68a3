//! Test positions for the rulebook's examples: an empty board in the Action
//! Phase, pieces placed by hand, decks and dice set directly.

use crate::map::Region;
use crate::state::*;
use engine::prelude::*;
use engine::{Seat, Setup};

impl Bh {
    /// A game of `scenario` at the start of its Action Phase on turn 1 with
    /// every piece off the board and no reinforcements to come; `seat` acts
    /// with three Actions each. The solitaire bot stays idle (option
    /// `bot=seat`) so a test moves both sides; set `opts.bot` to let it play.
    pub fn sandbox(scenario: &str, seat: Seat) -> Bh {
        let mut g = Bh::new(&Setup::new(scenario, 1));
        g.opts.bot = false;
        for p in &mut g.pieces {
            p.loc = WAITING;
            p.arrives = 99;
        }
        g.frames = vec![Frame::Actions];
        g.phase = Phase::Actions;
        g.ap = [3, 3];
        g.to_move = seat;
        g.turn = 1;
        g.turns = 10;
        g.core.log = engine::Log::default();
        g
    }

    /// Put a piece of this kind on `region` (a spare one, or a new one).
    pub fn put(&mut self, unit: Unit, side: Seat, region: &str) -> PieceId {
        let r = self.map().r(region);
        let spare = (0..self.pieces.len() as PieceId)
            .find(|&i| self.p(i).unit == unit && self.p(i).side == side && self.p(i).loc == WAITING);
        let i = match spare {
            Some(i) => i,
            None => self.add(unit, side, &format!("{unit:?} (extra)"), 99, WAITING),
        };
        let p = self.pm(i);
        p.loc = r;
        p.flipped = false;
        p.arrives = 99;
        i
    }

    /// A militia of known strength, taken out of the draw pool.
    pub fn put_militia(&mut self, strength: u8, region: &str) -> PieceId {
        let i = self.put(Unit::Militia, PATRIOT, region);
        self.pool.take(strength).expect("strength left in the pool");
        self.pm(i).strength = Some(strength);
        i
    }

    pub fn region(&self, id: &str) -> Region {
        self.map().r(id)
    }
}

impl Bh {
    /// 5.3 the markers come off, as at the end of a turn (for tests).
    pub fn end_markers_for_test(&mut self) {
        for p in &mut self.pieces {
            p.moved = false;
            p.fired = false;
            p.rallied = false;
        }
    }
}
