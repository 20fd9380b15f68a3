//! 11.0 Wintering: victory (11.1), French entry (9.0, 11.2), Indian towns
//! (10.0), disbanding (11.3), winter attrition (11.4), prisoner exchange (11.5).

use crate::actions::Action;
use crate::blocks::{self, Block, Nation, AMERICAN, BRITISH};
use crate::map::Hex;
use crate::state::{other, Frame, Liberty, FRENCH_POOL, POOL, PRISONER};
use engine::{Outcome, Seat};

impl Liberty {
    /// 11.1 Victory. Returns true when the game is over.
    pub fn check_victory(&mut self) -> bool {
        let sp = self.british_supply();
        let year = self.year;
        self.core.log.say("11.1", || {
            format!("Winter {year}: the British control {sp} supply points.")
        });
        let (winner, reason) = if sp >= 30 {
            (BRITISH, format!("The British control {sp} supply points (30 or more)."))
        } else if sp < 12 {
            (
                AMERICAN,
                format!("The British control only {sp} supply points (fewer than 12)."),
            )
        } else if year >= 1783 {
            (AMERICAN, "1783 ends without a British victory.".to_string())
        } else {
            return false;
        };
        self.core.log.say("11.1", || reason.clone());
        self.core.outcome = Some(Outcome {
            winner: Some(winner),
            level: None,
            reason,
            rule: "11.1".into(),
        });
        self.frames.clear();
        true
    }

    /// 9.0 / 11.2 from the end of 1776, 2d6 of 8 or more brings the French in.
    pub fn french_entry_roll(&mut self) {
        if self.year == 1775 || self.french_entered {
            return;
        }
        let r = [self.core.dice.d6(), self.core.dice.d6()];
        let total = r[0] + r[1];
        let enters = total >= 8;
        self.core.log.roll("9.0", &r, || {
            format!(
                "French Entry roll: {total}, needs 8 or more{}.",
                if enters {
                    ": France enters the war"
                } else {
                    ", no entry"
                }
            )
        });
        if enters {
            self.french_entered = true;
            for b in 0..self.loc.len() as Block {
                if self.loc[b as usize] == FRENCH_POOL {
                    self.loc[b as usize] = POOL;
                }
            }
        }
    }

    /// 10.0 / ruling liberty #20: an Indian whose town holds an enemy block at
    /// the end of the year is captured (even from the pool); the occupiers disband.
    pub fn indian_towns(&mut self) {
        for b in 0..self.loc.len() as Block {
            if !blocks::info(b).is_indian() || self.loc[b as usize] == PRISONER {
                continue;
            }
            let Some(home) = self.indian_home(b) else { continue };
            if self.has(home, AMERICAN) {
                self.capture(b);
                let n = self.count[home as usize][AMERICAN as usize];
                for x in self.side_blocks_at(home, AMERICAN).collect::<Vec<_>>() {
                    self.to_pool(x);
                }
                self.core.log.say_at(
                    "10.0",
                    || Liberty::path(&[home]),
                    || {
                        format!(
                            "The {} town is occupied: the Indian block is captured and the {n} American block{} there disband{}.",
                            Liberty::name(b),
                            if n == 1 { "" } else { "s" },
                            if n == 1 { "s" } else { "" },
                        )
                    },
                );
            }
        }
    }

    /// 11.3 where a block may disband.
    pub fn may_disband(&self, b: Block) -> bool {
        let info = blocks::info(b);
        // ruling: liberty #19 French blocks are not the American's to use before
        // French Entry: disbanding would put them in the American pool.
        if !self.on_map(b) || (info.is_french() && !self.french_entered) {
            return false;
        }
        let h = self.loc[b as usize];
        let map = self.map();
        if h == map.atlantic {
            return true;
        }
        match info.nation {
            Nation::American | Nation::Loyalist | Nation::Indian => map.town(h).is_some(),
            _ => {
                // On or adjacent to a friendly port that no choke point closes;
                // "friendly" is stored control (ruling liberty #5): in the Wintering
                // Diagram, blue New Brunswick serves the British block at West Point
                // only because British blocks occupy it (1.2).
                let open = |p: Hex| {
                    map.is_port(p)
                        && self.friendly(p, info.side)
                        && !map
                            .chokepoints
                            .iter()
                            .any(|c| c.closes.contains(&p) && self.has(c.hex, other(info.side)))
                };
                // ruling: liberty #32 adjacent across a hexside ground blocks cross.
                open(h)
                    || map.spaces[h as usize]
                        .adj
                        .iter()
                        .any(|&(n, s)| map.sides[s as usize].ground && open(n))
            }
        }
    }

    pub fn disband_legal(&self, seat: Seat, out: &mut Vec<Action>) {
        for b in 0..self.loc.len() as Block {
            if Liberty::side_of(b) == seat && self.may_disband(b) {
                out.push(Action::Disband(b));
            }
        }
        out.push(Action::DisbandDone);
    }

    pub fn disband(&mut self, b: Block) {
        let h = self.loc[b as usize];
        let (place, seat) = (self.hex_name(h), Liberty::side_of(b));
        let side = crate::side_name(seat);
        self.core.log.apart(
            seat,
            "11.3",
            &[],
            || Liberty::path(&[h]),
            || format!("{side} disbands {} in {place}.", Liberty::name(b)),
            || format!("{side} disbands a block in {place}."),
        );
        self.to_pool(b);
    }

    /// 11.3 All units in the Atlantic box must be disbanded.
    pub fn disband_atlantic(&mut self) {
        let atl = self.map().atlantic;
        let n = self.count[atl as usize];
        for b in self.blocks_at(atl).collect::<Vec<_>>() {
            self.to_pool(b);
        }
        if n != [0, 0] {
            self.core
                .log
                .say("11.3", || "All blocks in the Atlantic are disbanded.".into());
        }
    }

    /// 11.4 blocks beyond the winter supply of `h` for `seat`, and the blocks
    /// whose loss reduces that excess (the owner picks among them).
    pub fn winter_excess(&self, h: Hex, seat: Seat) -> (u8, Vec<Block>) {
        let needy: Vec<Block> = self
            .side_blocks_at(h, seat)
            .filter(|&b| !blocks::info(b).is_indian())
            .collect();
        let e = self.excess_of(h, &needy);
        if e == 0 {
            return (0, Vec::new());
        }
        let removable = needy
            .iter()
            .copied()
            .filter(|&b| {
                let rest: Vec<Block> = needy.iter().copied().filter(|&x| x != b).collect();
                self.excess_of(h, &rest) < e
            })
            .collect();
        (e, removable)
    }

    /// Town value plus the best single leader's strength, which supplies only
    /// his own nationality, himself included (11.4; ruling liberty #21).
    fn excess_of(&self, h: Hex, needy: &[Block]) -> u8 {
        let town = self.map().town(h);
        let value = town.map_or(0, |t| t.value) as i32;
        let french = |b: Block| blocks::info(b).is_french();
        let nf = needy.iter().filter(|&&b| french(b)).count() as i32;
        let na = needy.len() as i32 - nf;
        let mut best = (na + nf - value).max(0);
        if town.is_some() {
            for &l in needy.iter().filter(|&&b| blocks::info(b).kind == blocks::Kind::Leader) {
                let cap = self.strength[l as usize] as i32;
                let (own, rest) = if french(l) { (nf, na) } else { (na, nf) };
                best = best.min(((own - cap).max(0) + rest - value).max(0));
            }
        }
        best as u8
    }

    fn attrition_hexes(&self, seat: Seat) -> Vec<Hex> {
        let mut v = Vec::new();
        for b in 0..self.loc.len() as Block {
            let h = self.loc[b as usize];
            // No excess is possible where the blocks do not outnumber the town value.
            let value = self.map().town(h).map_or(0, |t| t.value);
            if Liberty::side_of(b) == seat
                && self.on_map(b)
                && self.count[h as usize][seat as usize] > value
                && !v.contains(&h)
                && self.winter_excess(h, seat).0 > 0
            {
                v.push(h);
            }
        }
        v
    }

    /// 11.4 the blocks that must go from `h` when the owner has no choice
    /// of which: exactly one set of as many blocks as the excess brings the
    /// hex within its supply limit (a hex with no supply, say, loses all its
    /// blocks but Indians). None when there is a choice, or no excess
    /// (ruling liberty #30).
    pub fn forced_attrition(&self, h: Hex, seat: Seat) -> Option<Vec<Block>> {
        let needy: Vec<Block> = self
            .side_blocks_at(h, seat)
            .filter(|&b| !blocks::info(b).is_indian())
            .collect();
        let e = self.excess_of(h, &needy) as usize;
        if e == 0 {
            return None;
        }
        // Each loss lowers the excess by one at most: the sets of e blocks
        // whose loss leaves none, stopping at the second found.
        let mut found: Vec<Vec<Block>> = Vec::new();
        let mut pick: Vec<usize> = Vec::new();
        self.enough_losses(h, &needy, e, 0, &mut pick, &mut found);
        (found.len() == 1).then(|| found.remove(0))
    }

    fn enough_losses(
        &self,
        h: Hex,
        needy: &[Block],
        e: usize,
        from: usize,
        pick: &mut Vec<usize>,
        found: &mut Vec<Vec<Block>>,
    ) {
        if found.len() > 1 {
            return;
        }
        if pick.len() == e {
            let rest: Vec<Block> = (0..needy.len())
                .filter(|i| !pick.contains(i))
                .map(|i| needy[i])
                .collect();
            if self.excess_of(h, &rest) == 0 {
                found.push(pick.iter().map(|&i| needy[i]).collect());
            }
            return;
        }
        for i in from..needy.len() {
            pick.push(i);
            self.enough_losses(h, needy, e, i + 1, pick, found);
            pick.pop();
        }
    }

    /// 11.4 the blocks lost with no choice of which, in every hex of `seat`.
    pub fn forced_attrition_all(&self, seat: Seat) -> Vec<Block> {
        self.attrition_hexes(seat)
            .into_iter()
            .filter_map(|h| self.forced_attrition(h, seat))
            .flatten()
            .collect()
    }

    /// 11.4 the hexes of `seat` where the owner chooses which blocks to lose
    /// (where there is no choice, the blocks go by themselves: see
    /// `forced_attrition`).
    pub fn attrition_choices(&self, seat: Seat) -> Vec<Hex> {
        self.attrition_hexes(seat)
            .into_iter()
            .filter(|&h| self.forced_attrition(h, seat).is_none())
            .collect()
    }

    pub fn attrition_legal(&self, seat: Seat, out: &mut Vec<Action>) {
        for h in self.attrition_choices(seat) {
            for b in self.winter_excess(h, seat).1 {
                out.push(Action::Eliminate(b));
            }
        }
    }

    /// Whether `seat` still has blocks beyond winter supply.
    pub fn attrition_pending(&self, seat: Seat) -> bool {
        !self.attrition_hexes(seat).is_empty()
    }

    pub fn eliminate(&mut self, b: Block) {
        let h = self.loc[b as usize];
        let place = self.hex_name(h);
        self.capture(b);
        self.core.log.say_at(
            "11.4",
            || Liberty::path(&[h]),
            || format!("Winter attrition in {place}: {} is captured.", Liberty::name(b)),
        );
    }

    /// The prisoners both sides hold, as a set of blocks.
    pub fn prisoners(&self) -> u64 {
        (0..self.loc.len() as Block)
            .filter(|&b| self.loc[b as usize] == PRISONER)
            .fold(0, |m, b| m | crate::state::bit(b))
    }

    /// 11.5 an offer waits for the other seat's answer.
    pub fn offer(&mut self, from: Seat, give: Block, get: Block) {
        self.offered[from as usize] = true;
        self.frames.push(Frame::Offer { from, give, get });
        let (g, t) = (Liberty::prisoner_label(give), Liberty::prisoner_label(get));
        self.core.log.say("11.5", || {
            format!("{} offers to return {g} for {t}.", crate::side_name(from))
        });
    }

    /// 11.5 an answer: the exchanged blocks return to their owners' pools;
    /// a declined offer is remembered with the prisoners held then.
    pub fn answer_offer(&mut self, accept: bool) {
        if let Some(Frame::Offer { from, give, get }) = self.frames.pop() {
            if accept {
                self.to_pool(give);
                self.to_pool(get);
            } else {
                self.declined[from as usize] = Some(self.prisoners());
            }
            self.core.log.say("11.5", || {
                if accept {
                    "The exchange is accepted.".into()
                } else {
                    "The exchange is declined.".into()
                }
            });
        }
    }

    pub fn winter_exchange_legal(&self, seat: Seat, done: [bool; 2], out: &mut Vec<Action>) {
        if !done[seat as usize] {
            self.offer_legal(seat, out);
            out.push(Action::NoOffer);
        }
    }
}
