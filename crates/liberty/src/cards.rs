//! 3.0 Cards: the deck, the Card Phase, Player 1, and Supply cards (3.3).

use crate::actions::Action;
use crate::blocks::{self, Block, Kind, BRITISH};
use crate::state::{bit, Frame, Liberty, Loc, PRISONER};
use engine::Seat;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Card {
    A1,
    A2,
    A3,
    /// Supply card giving two steps.
    S2,
    /// Supply card giving three steps.
    S3,
}

impl Card {
    pub fn key(self) -> &'static str {
        match self {
            Card::A1 => "a1",
            Card::A2 => "a2",
            Card::A3 => "a3",
            Card::S2 => "s2",
            Card::S3 => "s3",
        }
    }
    pub fn label(self) -> &'static str {
        match self {
            Card::A1 => "Action 1",
            Card::A2 => "Action 2",
            Card::A3 => "Action 3",
            Card::S2 => "Supply (2 steps)",
            Card::S3 => "Supply (3 steps)",
        }
    }
    /// 3.1 Actions the card gives (a Supply card gives none: ruling liberty #1).
    pub fn actions(self) -> u8 {
        match self {
            Card::A1 => 1,
            Card::A2 => 2,
            Card::A3 => 3,
            _ => 0,
        }
    }
    pub fn supply_steps(self) -> u8 {
        match self {
            Card::S2 => 2,
            Card::S3 => 3,
            _ => 0,
        }
    }
    pub fn is_supply(self) -> bool {
        self.supply_steps() > 0
    }
}

/// 3.0 Card Mix: 6 Action 1, 8 Action 2, 6 Action 3, 5 Supply. The split of
/// the Supply cards into 2- and 3-step cards is reconstructed (3 + 2): the
/// rulebook gives only "either two or three steps".
pub fn full_deck() -> Vec<Card> {
    let mut d = Vec::with_capacity(25);
    d.extend([Card::A1; 6]);
    d.extend([Card::A2; 8]);
    d.extend([Card::A3; 6]);
    d.extend([Card::S2; 3]);
    d.extend([Card::S3; 2]);
    d
}

impl Liberty {
    /// 3.0 At the beginning of each Year all cards are shuffled and dealt:
    /// five each, three each in 1775 (12.0 Special Rules).
    pub fn deal(&mut self) {
        let n = if self.year == 1775 { 3 } else { 5 };
        self.turns_in_year = n as u8;
        self.deck = full_deck();
        self.core.dice.shuffle(&mut self.deck);
        // A referee names the cards of a physical deal by key, British hand first.
        for k in 0..2 * n {
            let deck = &self.deck[k..];
            match self.core.dice.scripted_draw(deck.len(), |i, key| deck[i].key() == key) {
                Some(i) => self.deck.swap(k, k + i),
                None => break,
            }
        }
        for s in 0..2 {
            let hand: Vec<Card> = self.deck.drain(..n).collect();
            self.hands[s] = hand;
            self.hands[s].sort();
        }
        let year = self.year;
        self.core.log.say("3.0", || {
            format!("Year {year}: the cards are shuffled and {n} dealt to each player.")
        });
    }

    pub fn card_phase_legal(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.played[seat as usize].is_some() {
            return;
        }
        let hand = &self.hands[seat as usize];
        for (i, c) in hand.iter().enumerate() {
            if i == 0 || hand[i - 1] != *c {
                out.push(Action::PlayCard(*c));
            }
        }
        self.offer_legal(seat, out);
    }

    /// 11.5 one block-for-block offer per seat per Card Phase or Winter Turn
    /// (ruling liberty #23).
    pub fn offer_legal(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.offered[seat as usize] {
            return;
        }
        let prisoners = |side: Seat| {
            (0..self.loc.len() as Block)
                .filter(move |&b| self.loc[b as usize] == PRISONER && Liberty::side_of(b) == side)
        };
        let mine: Vec<Block> = prisoners(seat).collect();
        if mine.is_empty() {
            return;
        }
        for give in prisoners(1 - seat) {
            out.extend(mine.iter().map(|&get| Action::Offer { give, get }));
        }
    }

    pub fn play_card(&mut self, seat: Seat, c: Card) {
        let hand = &mut self.hands[seat as usize];
        let i = hand.iter().position(|x| *x == c).expect("legal card is in hand");
        hand.remove(i);
        self.played[seat as usize] = Some(c);
        let side = crate::side_name(seat);
        self.core.log.apart(
            seat,
            "3.1",
            &[],
            Vec::new,
            || format!("You play {} face down.", c.label()),
            || format!("{side} plays a card face down."),
        );
        if self.played.iter().all(Option::is_some) {
            self.frames.pop();
            self.reveal_cards();
        }
    }

    /// 3.1 / 3.3 reveal; the highest Action card is Player 1, British win ties;
    /// a Supply card makes its player Player 1; two Supply cards: British.
    fn reveal_cards(&mut self) {
        self.core.dice.reveal();
        let [b, a] = [self.played[0].unwrap(), self.played[1].unwrap()];
        self.core.log.say("3.1", || {
            format!("Cards revealed: British {}, American {}.", b.label(), a.label())
        });
        self.player1 = match (b.is_supply(), a.is_supply()) {
            (true, _) => BRITISH,
            (false, true) => 1,
            _ if a.actions() > b.actions() => 1,
            _ => BRITISH,
        };
        if self.opts.british_initiative && !b.is_supply() && !a.is_supply() && a == b {
            self.frames.push(Frame::Initiative);
            return;
        }
        self.announce_player1("3.1");
    }

    pub fn announce_player1(&mut self, rule: &'static str) {
        let p1 = self.player1;
        self.core
            .log
            .say(rule, || format!("{} is Player 1 this turn.", crate::side_name(p1)));
    }

    pub fn supply_legal(&self, seat: Seat, given: u64, out: &mut Vec<Action>) {
        out.extend(self.supply_takers(seat, given).map(Action::SupplyStep));
        out.push(Action::SupplyDone);
    }

    /// 3.3 the blocks of `seat` that may still take a step of this card.
    pub fn supply_takers(&self, seat: Seat, given: u64) -> impl Iterator<Item = Block> + '_ {
        (0..self.loc.len() as Block)
            .filter(move |&b| Liberty::side_of(b) == seat && given & bit(b) == 0 && self.can_take_supply(b))
    }

    /// 3.3 / 9.1 / 10.0 who may take a Supply-card step (ruling liberty #2):
    /// a friendly block below its maximum in a town of value 1+ its side
    /// controls, in the Atlantic box or a West Indies port, or an Indian in its
    /// own town; French blocks only after French Entry (ruling liberty #19).
    pub fn can_take_supply(&self, b: Block) -> bool {
        let info = blocks::info(b);
        let h = self.loc[b as usize];
        if !self.on_map(b) || self.strength[b as usize] >= info.max {
            return false;
        }
        if info.is_french() && !self.french_entered {
            return false;
        }
        let map = self.map();
        if h == map.atlantic || map.west_indies.contains(&h) {
            return true;
        }
        // 3.3 "Supply cards may *also* be used on Indians in their own town
        // hex": besides, not instead of, the friendly Supply Towns every
        // friendly block may take a step in (an Indian in Montreal or Québec,
        // wilderness towns, as well).
        if info.kind == Kind::Indian && self.indian_home(b) == Some(h) {
            return true;
        }
        map.town(h).is_some_and(|t| t.value >= 1) && self.friendly(h, info.side)
    }

    pub fn supply_step(&mut self, b: Block) {
        self.strength[b as usize] += 1;
        let (s, at) = (self.strength[b as usize], self.loc[b as usize]);
        let seat = Liberty::side_of(b);
        let (place, a_block) = (self.hex_name(at), crate::a_block(seat));
        self.core.log.apart(
            seat,
            "3.3",
            &[],
            || Liberty::path(&[at]),
            || format!("Supply: {} in {place} gains a step (now {s}).", Liberty::name(b)),
            || format!("Supply: {a_block} in {place} gains a step."),
        );
        if let Some(Frame::Supply { left, given, .. }) = self.frames.last_mut() {
            *left -= 1;
            *given |= bit(b);
            if *left == 0 {
                self.frames.pop();
            }
        }
    }

    /// 3.3 a Supply card that added no step says so when it closes: its
    /// owner reads whether no block could take one (`forced`); the other
    /// side reads the same line either way, as whether a block could depends
    /// on hidden strengths (2.0).
    pub fn no_supply_step(&mut self, seat: Seat, forced: bool) {
        let side = crate::side_name(seat);
        self.core.log.apart(
            seat,
            "3.3",
            &[],
            Vec::new,
            || {
                if forced {
                    let indians = if seat == BRITISH { ", or an Indian in its own town" } else { "" };
                    format!(
                        "Your Supply card adds no step: no block of yours can take one \
                         (below its maximum in a friendly Supply Town, the Atlantic box or a West Indies port{indians})."
                    )
                } else {
                    "You add no supply step.".into()
                }
            },
            || format!("{side}'s Supply card adds no step."),
        );
    }

    /// The town an Indian block belongs to (10.0): the town named like the block.
    pub fn indian_home(&self, b: Block) -> Option<Loc> {
        self.map().by_name(&blocks::info(b).name)
    }
}
