//! Test positions for the rulebook's examples: an empty board in the Action
//! Phase, pieces put where a test wants them, the deck stacked.

use crate::frames::Frame;
use crate::map::{map, Region};
use crate::state::*;
use engine::{Seat, Setup, Title};

impl B2c {
    /// An empty board on turn 2 of `scenario` in the Action Phase: no pieces,
    /// no markers, a full militia pool, nobody to act until `give` is called.
    pub fn sandbox(scenario: &str, options: &[(&str, &str)], seed: u64) -> B2c {
        let mut s = Setup::new(scenario, seed);
        for (k, v) in options {
            s.options.insert(k.to_string(), v.to_string());
        }
        s.validate(B2c::info()).expect("valid sandbox setup");
        let mut g = B2c::start(&s);
        g.pieces.clear();
        g.frames.clear();
        g.gather.iter_mut().for_each(|x| *x = Gather::None);
        g.alert = 0;
        g.arms = 0;
        g.pool = revroad::MilitiaPool::B2C;
        g.phase = Phase::Actions;
        g.british_in = 0;
        g.shot = false;
        g.concord_entered = false;
        g.turn = 2;
        g
    }

    pub fn region_id(id: &str) -> Region {
        map().region(id).unwrap_or_else(|| panic!("no region '{id}'"))
    }

    /// Put a piece in a region (by id); named pieces by their name.
    pub fn put(&mut self, kind: Kind, region: &str) -> u8 {
        let r = Self::region_id(region);
        self.pieces.push(Piece::new(kind, NO_NAME, r));
        self.british_in = self.british_regions();
        (self.pieces.len() - 1) as u8
    }

    pub fn put_named(&mut self, kind: Kind, name: &str, region: &str) -> u8 {
        let p = self.put(kind, region);
        self.pm(p).name = NAMES.iter().position(|n| *n == name).expect("known name") as u8;
        p
    }

    /// A militia of known value, taken from the pool.
    pub fn put_militia(&mut self, value: u8, region: &str) -> u8 {
        self.pool.take(value).expect("pool has it");
        let p = self.put(Kind::Militia, region);
        self.pm(p).value = value;
        p
    }

    pub fn put_hidden(&mut self, region: &str) -> u8 {
        let p = self.put(Kind::Militia, region);
        self.pm(p).hidden = true;
        p
    }

    /// Set the Action tracks and give `seat` the next Action.
    pub fn give(&mut self, seat: Seat, british: u8, patriot: u8) {
        self.actions = [british, patriot];
        self.last_actor = seat;
        self.frames.clear();
        self.frames.push(Frame::Menu { seat, reserve: false });
    }

    /// Put these cards on top of the draw pile, in this order.
    pub fn stack_deck(&mut self, top: &[u8]) {
        self.deck.draw.retain(|c| !top.contains(c));
        self.deck.discard.retain(|c| !top.contains(c));
        let mut d = top.to_vec();
        d.append(&mut self.deck.draw);
        self.deck.draw = d;
    }
}
