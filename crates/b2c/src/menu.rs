//! 5.2 Perform Actions: the Action menu with each Action's prerequisites
//! (6.1-6.15), Reserve Actions, Plan (6.13, ruling b2c #12), Gather
//! Intelligence (6.14, ruling b2c #13) and Pass (6.15).

use crate::actions::Action;
use crate::frames::{Charge, ChargeStage, Combat, CombatStage, Frame, Search, NONE};
use crate::map::{map, Region};
use crate::state::*;
use engine::Seat;

impl B2c {
    /// 5.2 a Reserve Action may be used when the seat has no more Actions than
    /// its opponent, or only one left.
    pub fn reserve_usable(&self, seat: Seat) -> bool {
        let (me, them) = (self.actions[seat as usize], self.actions[other(seat) as usize]);
        self.reserve[seat as usize] > 0 && me > 0 && (me <= them || me == 1)
    }

    pub fn menu_legal(&self, seat: Seat, reserve: bool, out: &mut Vec<Action>) {
        let start = out.len();
        self.real_actions(seat, out);
        let others = out.len() - start;
        if reserve {
            return;
        }
        // 6.13 Plan: on the 1 space, or when nothing but Pass is possible.
        if self.reserve[seat as usize] < 2 && (self.actions[seat as usize] == 1 || others == 0) {
            out.push(Action::Plan);
        }
        out.push(Action::Pass);
        if others > 0 && self.reserve_usable(seat) {
            out.push(Action::Reserve);
        }
    }

    /// Every Action whose prerequisites are met (6.1-6.12, 6.14). One pass over
    /// the pieces gathers per-region facts as bit masks; the regions are then
    /// tested against them without further scans (the hot path of every playout).
    fn real_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let m = map();
        let n = m.len() as Region;
        let boston = m.boston;
        let s = Scan::new(self, seat);
        let patriot_ambush = seat == PATRIOT && self.shot;
        let has = |mask: u64, r: Region| mask & (1 << r) != 0;
        for r in 0..n {
            let on_map = m.region(r).on_map();
            let (mine, theirs) = (has(s.mine, r), has(s.theirs, r));
            // 3.0 nothing in Boston may be targeted by a Patriot Action.
            let target_ok = !(seat == PATRIOT && r == boston);
            if mine && theirs && target_ok && has(s.attack, r) {
                out.push(Action::Attack(r));
            }
            if theirs && target_ok && on_map && self.may_enter(seat, r) {
                for (f, _) in m.neighbours(r) {
                    if has(s.assault, f) {
                        out.push(Action::Assault(f, r));
                    }
                }
            }
            if seat == BRITISH && theirs && has(s.leader, r) && has(s.charge, r) {
                out.push(Action::Charge(r));
            }
            if s.movers[r as usize] != 0 {
                out.push(Action::Move(r));
            }
            if seat == PATRIOT && on_map && r != boston && self.assemble_possible(r, &s.movers) {
                out.push(Action::Assemble(r));
            }
            if patriot_ambush && r != boston {
                if self.ambush & (1 << r) == 0 && s.ambush[r as usize] >= 2 {
                    out.push(Action::Ambush(r));
                }
                if self.snipe & (1 << r) == 0 && s.snipe[r as usize] >= 4 {
                    out.push(Action::Snipe(r));
                }
            }
            if has(s.rally, r) && has(s.broken, r) {
                out.push(Action::Rally(r));
            }
            if seat == BRITISH && self.can_search(r, &s) {
                out.push(Action::Search(r));
            }
        }
        if seat == PATRIOT {
            let mut riders = false;
            for (i, p) in self.pieces.iter().enumerate() {
                let i = i as u8;
                if p.kind == Kind::SonOfLiberty && p.active() && !p.flipped && !p.moved {
                    out.push(Action::MoveSol(i));
                }
                if matches!(p.kind, Kind::Nightrider | Kind::SonOfLiberty)
                    && p.flipped
                    && p.on_map()
                    && !(p.kind == Kind::SonOfLiberty && p.since == self.turn)
                {
                    out.push(Action::Escape(i));
                }
                riders |= p.kind == Kind::Nightrider && !p.flipped && !p.moved && p.active();
            }
            self.hinder_legal(seat, out);
            // 6.12 Call to Arms (setup.rs free_riders, without collecting them).
            if riders {
                out.push(Action::CallToArms);
            }
        } else {
            self.hinder_legal(seat, out);
        }
        if !self.intel_used[seat as usize] {
            out.push(Action::Intel);
        }
    }

    /// 3.0: Patriots never enter Boston, nor Charlestown while it holds an unbroken Regular.
    pub fn may_enter(&self, seat: Seat, r: Region) -> bool {
        let m = map();
        if !m.region(r).on_map() {
            return false;
        }
        if seat == PATRIOT {
            r != m.boston && !(r == m.charlestown && self.unbroken_regulars(r) > 0)
        } else {
            true
        }
    }

    /// 6.9, 8.1, 8.2 (ruling b2c #17: any region with an unsearched marker).
    fn can_search(&self, r: Region, s: &Scan) -> bool {
        let has = |mask: u64| mask & (1 << r) != 0;
        has(s.search) && (has(self.arms) && self.hinder_at(HINDER_SEARCH) != Some(r) || has(s.sol))
    }

    pub fn menu_act(&mut self, seat: Seat, a: Action) {
        if a == Action::Reserve {
            self.frames.pop();
            self.frames.push(Frame::Menu { seat, reserve: true });
            return;
        }
        let Some(Frame::Menu { reserve, .. }) = self.frames.pop() else {
            return;
        };
        if reserve {
            self.reserve[seat as usize] -= 1;
        } else {
            self.actions[seat as usize] -= 1;
        }
        self.last_actor = seat;
        if self.log.enabled() {
            let label = self.describe_action(&a).label;
            let who = crate::seat_name(seat);
            let how = if reserve { " (Reserve Action)" } else { "" };
            self.log.say("5.2", || format!("{who}: {label}{how}"));
        }
        match a {
            Action::Attack(r) => self.begin_combat(seat, r, NONE),
            Action::Assault(f, r) => self.begin_combat(seat, r, f),
            Action::Charge(r) => {
                let british = self.set_at(r, BRITISH, |p| p.kind.combatant() && !p.moved && !p.fired);
                let cannon = self.count(r, BRITISH, |p| p.kind == Kind::Cannon && !p.moved && !p.fired) > 0;
                self.fire_shot(BRITISH, false, "the British charged");
                self.frames.push(Frame::Charge(Charge {
                    region: r,
                    british,
                    cannon,
                    stage: ChargeStage::BritishHit,
                }));
            }
            Action::Move(r) => self.begin_move(seat, r),
            Action::MoveSol(p) => {
                let left = if self.opts.hobbled_sol { 1 } else { 2 };
                self.frames.push(Frame::SolMove { piece: p, left });
            }
            Action::Assemble(r) => self.frames.push(Frame::Assemble { target: r, picked: 0 }),
            Action::Ambush(r) => self.frames.push(Frame::Ambush { region: r, picked: 0 }),
            Action::Snipe(r) => self.snipe(r),
            Action::Rally(r) => self.rally(r, seat),
            Action::Search(r) => {
                let sol = (0..self.pieces.len() as u8)
                    .filter(|&p| {
                        let pc = self.piece(p);
                        pc.kind == Kind::SonOfLiberty && pc.loc == r && !pc.flipped
                    })
                    .collect();
                self.frames.push(Frame::Search(Search {
                    region: r,
                    sol,
                    failed: None,
                    arms_done: false,
                }));
            }
            Action::Escape(p) => self.escape(p),
            Action::HinderPlace(h, r) => self.hinder_place(h, r),
            Action::HinderRemove(h) => self.hinder_remove(h),
            Action::CallToArms => self.call_to_arms(),
            Action::Plan => {
                self.reserve[seat as usize] += 1;
                self.log.say("6.13", || "Plan: one more Reserve Action.".into());
            }
            Action::Intel => self.gather_intelligence(seat),
            _ => {}
        }
    }

    /// 6.14 look at the top two cards, privately (ruling b2c #13: once per player per turn).
    fn gather_intelligence(&mut self, seat: Seat) {
        self.intel_used[seat as usize] = true;
        let seen = self.deck.peek(2).to_vec();
        self.known[seat as usize] = self.known[seat as usize].max(seen.len() as u8);
        self.dice.reveal();
        self.log.tell(seat, "6.14", || {
            let cards: Vec<String> = seen
                .iter()
                .map(|&n| {
                    let c = revroad::cards::card(n);
                    format!(
                        "card {n} (British {}, Patriot {}, {} hash marks)",
                        c.british, c.patriot, c.hash
                    )
                })
                .collect();
            format!("The next cards: {}.", cards.join(", then "))
        });
    }

    pub fn begin_combat(&mut self, seat: Seat, r: Region, from: Region) {
        self.frames.push(Frame::Combat(Box::new(Combat {
            attacker: seat,
            region: r,
            from,
            stage: CombatStage::SelectAttackers,
            attackers: 0,
            defenders: 0,
            retreated: 0,
            cannon: false,
            simultaneous: false,
            rolled: false,
            took: [false; 2],
            contributed: 0,
            reroll: [self.opts.leader_rerolls; 2],
            roll: [None, None],
            ask: None,
            advancing: 0,
        })));
    }
}

/// Per-region facts for the Action menu, one bit per region (the map has fewer than 64).
struct Scan {
    /// Active combatants of the seat, of the enemy.
    mine: u64,
    theirs: u64,
    /// Units able to Attack (6.1: unbroken military, no Fired marker) and to Assault (6.2: no Moved marker either).
    attack: u64,
    assault: u64,
    /// Combatants without a Moved marker (6.4, 6.5), per region.
    movers: [Set; 64],
    /// 6.3 a British leader, and an unbroken Regular that neither moved nor fired.
    leader: u64,
    charge: u64,
    /// 6.8 a leader not yet used to rally, and a broken military unit.
    rally: u64,
    broken: u64,
    /// 6.9 an unbroken Regular, and an uncaptured Son of Liberty (active or not).
    search: u64,
    sol: u64,
    /// 6.6, 6.7 moved unbroken Regulars, and those (with leaders) that marched two regions.
    ambush: [u8; 64],
    snipe: [u8; 64],
}

impl Scan {
    fn new(g: &B2c, seat: Seat) -> Scan {
        let mut s = Scan {
            mine: 0,
            theirs: 0,
            attack: 0,
            assault: 0,
            movers: [0; 64],
            leader: 0,
            charge: 0,
            rally: 0,
            broken: 0,
            search: 0,
            sol: 0,
            ambush: [0; 64],
            snipe: [0; 64],
        };
        let len = map().len();
        for (i, p) in g.pieces.iter().enumerate() {
            if p.kind == Kind::SonOfLiberty && !p.flipped && (p.loc as usize) < len {
                s.sol |= 1 << p.loc;
            }
            if p.under || p.loc as usize >= len {
                continue;
            }
            let b = 1u64 << p.loc;
            let ours = p.side() == seat;
            if p.kind.combatant() {
                if ours {
                    s.mine |= b;
                    if !p.moved {
                        s.movers[p.loc as usize] |= bit(i as u8);
                    }
                } else {
                    s.theirs |= b;
                }
            }
            if p.side() == BRITISH && p.kind == Kind::Regular && !p.flipped {
                s.search |= b;
            }
            if !ours {
                if seat == PATRIOT && p.moved && !p.flipped {
                    if p.kind == Kind::Regular {
                        s.ambush[p.loc as usize] += 1;
                    }
                    if matches!(p.kind, Kind::Regular | Kind::BritishLeader) && p.marched >= 2 {
                        s.snipe[p.loc as usize] += 1;
                    }
                }
                continue;
            }
            if p.kind.military() && !p.flipped && !p.fired {
                s.attack |= b;
                if !p.moved {
                    s.assault |= b;
                }
            }
            if p.kind == Kind::BritishLeader {
                s.leader |= b;
            }
            if p.kind == Kind::Regular && !p.flipped && !p.moved && !p.fired {
                s.charge |= b;
            }
            if p.kind.leader() && !p.rallied {
                s.rally |= b;
            }
            if p.kind.military() && p.flipped {
                s.broken |= b;
            }
        }
        s
    }
}
