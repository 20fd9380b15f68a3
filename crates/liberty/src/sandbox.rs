//! Positions built by hand: the rulebook's worked examples, tests, and
//! referee set-ups. Everything here goes through the same rules code.

use crate::blocks::{self, Block};
use crate::cards::Card;
use crate::map::{Hex, Map};
use crate::state::{Frame, Liberty, Weather, FRENCH_POOL, POOL};
use crate::turn::Stage;
use engine::{find_action, Game, Refusal, Seat, Setup, Title};

impl Liberty {
    /// A 1776 game with every block in its pool (French aside), no cards dealt
    /// and nothing pending.
    pub fn sandbox(seed: u64) -> Liberty {
        let mut g = Liberty::start(&Setup::new("1775", seed));
        for b in 0..g.loc.len() as Block {
            let to = if blocks::info(b).is_french() { FRENCH_POOL } else { POOL };
            g.place(b, to);
            g.strength[b as usize] = 0;
        }
        g.year = 1776;
        g.turns_in_year = 5;
        g.hands = [Vec::new(), Vec::new()];
        g.frames.clear();
        g.stage = Stage::Cards;
        g.recompute_control();
        g
    }

    /// Find a place by town name or hex id.
    pub fn place_named(name: &str) -> Hex {
        let map = Map::embedded();
        map.by_name(name)
            .or_else(|| map.by_id(name))
            .unwrap_or_else(|| panic!("no place '{name}'"))
    }

    /// Put a block (by id) at a place (town name or hex id) at a strength.
    pub fn put(&mut self, id: &str, place: &str, strength: u8) -> Block {
        let b = blocks::by_id(id).unwrap_or_else(|| panic!("no block '{id}'"));
        self.place(b, Liberty::place_named(place));
        self.strength[b as usize] = strength;
        b
    }

    /// Start a Game Turn's action phase with these cards already revealed:
    /// `seat` acts with `actions` Actions; then the turn goes on normally.
    pub fn begin_actions(&mut self, player1: Seat, seat: Seat, actions: u8) {
        self.player1 = player1;
        self.weather = Weather::Fair;
        let card = |n: u8| match n {
            1 => Card::A1,
            2 => Card::A2,
            _ => Card::A3,
        };
        self.played = [Some(card(actions.max(1))), Some(card(actions.max(1)))];
        self.stage = if seat == player1 {
            Stage::Actions2
        } else {
            Stage::Battles
        };
        self.frames.push(Frame::Actions {
            seat,
            left: actions,
            replaced: false,
            closed: false,
        });
    }

    /// Go straight to the Battle Phase.
    pub fn begin_battles(&mut self) {
        self.stage = Stage::Battles;
        self.frames.clear();
        self.advance();
    }

    /// Apply an action by id for a seat named "british" or "american".
    pub fn act(&mut self, seat: &str, id: &str) -> Result<(), Refusal> {
        let s = Liberty::info()
            .seat(seat)
            .ok_or_else(|| Refusal::UnknownSeat(seat.into()))?;
        let a = find_action(self, s, id)?;
        engine::apply(self, s, &a)
    }

    /// Ids of the legal actions of a seat.
    pub fn legal_ids(&self, seat: &str) -> Vec<String> {
        let s = Liberty::info().seat(seat).expect("known seat");
        engine::described(self, s).into_iter().map(|a| a.id).collect()
    }

    pub fn strength_of(&self, id: &str) -> u8 {
        self.strength[blocks::by_id(id).expect("known block") as usize]
    }

    pub fn where_is(&self, id: &str) -> String {
        let l = self.loc[blocks::by_id(id).expect("known block") as usize];
        match l {
            POOL => "pool".into(),
            FRENCH_POOL => "french-pool".into(),
            crate::state::PRISONER => "prisoner".into(),
            h => self.hex_name(h),
        }
    }

    /// Whether the game is waiting for this seat.
    pub fn waits_for(&self, seat: &str) -> bool {
        Liberty::info().seat(seat).is_some_and(|s| self.to_act().contains(s))
    }
}
