//! 5.2 Perform Actions: the Action menu with each Action's prerequisites
//! (6.1-6.15), Reserve Actions, Plan (6.13, ruling b2c #12), Gather
//! Intelligence (6.14, ruling b2c #13) and Pass (6.15).

use crate::actions::Action;
use crate::frames::{Charge, ChargeStage, Combat, CombatStage, Frame, Search};
use crate::map::{map, Region, Regions};
use crate::state::*;
use crate::why::Bar;
use engine::{Describe, Seat};
use revroad::board::Counts;
use revroad::why::Shared;

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
        let boston = m.boston;
        let s = Scan::new(self, seat);
        let patriot_ambush = seat == PATRIOT && self.shot;
        let has = |mask: u64, r: Region| mask & (1 << r) != 0;
        for r in members(s.candidates(seat).into()) {
            // 3.0 nothing in Boston may be targeted by a Patriot Action.
            if s.attack_bar(seat, r).is_none() {
                out.push(Action::Attack(r));
            }
            if s.assault_bar(seat, r).is_none() {
                for &f in m.neighbours(r) {
                    if has(s.assault, f) {
                        out.push(Action::Assault(f, r));
                    }
                }
            }
            if seat == BRITISH && has(s.theirs, r) && has(s.leader, r) && has(s.charge, r) {
                out.push(Action::Charge(r));
            }
            if s.move_bar(r).is_none() {
                out.push(Action::Move(r));
            }
            if seat == PATRIOT && s.assemble_possible(r) {
                out.push(Action::Assemble(r));
            }
            if patriot_ambush && r != boston {
                if self.ambush & (1 << r) == 0 && s.ambush[r] >= 2 {
                    out.push(Action::Ambush(r));
                }
                if self.snipe & (1 << r) == 0 && s.snipe[r] >= 4 {
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
        // 4.4, 6.12 by piece: each piece is in one of the two sets at most.
        for i in members(s.sol_move | s.escape) {
            out.push(if s.sol_move & bit(i) != 0 {
                Action::MoveSol(i)
            } else {
                Action::Escape(i)
            });
        }
        self.hinder_legal(seat, out);
        // 6.12 Call to Arms (setup.rs free_riders, without collecting them).
        if s.riders {
            out.push(Action::CallToArms);
        }
        if !self.intel_used[seat as usize] {
            out.push(Action::Intel);
        }
    }

    /// 3.0: Patriots never enter Boston, nor Charlestown while it holds an unbroken Regular.
    pub fn may_enter(&self, seat: Seat, r: Region) -> bool {
        self.entry_bar(seat, r).is_none()
    }

    /// 3.0 what forbids `seat` to enter `r` (`may_enter`).
    pub(crate) fn entry_bar(&self, seat: Seat, r: Region) -> Option<Bar> {
        entry_bar(seat, r, || self.unbroken_regulars(r) > 0)
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
        if self.core.log.enabled() {
            let label = self.describe(seat, &a).label;
            let who = revroad::log::side(seat);
            let how = if reserve { " (Reserve Action)" } else { "" };
            self.core.log.say("5.2", || format!("{who}: {label}{how}"));
        }
        match a {
            Action::Attack(r) => self.begin_combat(seat, r, NO_REGION),
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
                self.core.log.say("6.13", || "Plan: one more Reserve Action.".into());
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
        self.core.dice.reveal();
        self.core.log.tell(seat, "6.14", || {
            let cards: Vec<String> = seen
                .iter()
                .map(|&n| {
                    let c = revroad::cards::card(n);
                    format!(
                        "card {n} (British {}, Patriot {}, {})",
                        c.british,
                        c.patriot,
                        engine::log::count(c.hash, "hash mark")
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

/// 3.0 what forbids `seat` to enter `r`, given whether `r` holds an
/// unbroken Regular (asked of Charlestown only).
fn entry_bar(seat: Seat, r: Region, regular: impl FnOnce() -> bool) -> Option<Bar> {
    let m = map();
    if !m.area(r).on_map() {
        Some(Bar::OffMap)
    } else if seat != PATRIOT {
        None
    } else if r == m.boston {
        Some(Bar::Boston)
    } else if r == m.charlestown && regular() {
        Some(Bar::Charlestown)
    } else {
        None
    }
}

/// Per-region facts for the Action menu, one bit per region (the map has fewer than 64).
#[derive(Default)]
pub(crate) struct Scan {
    /// Active combatants of the seat, of the enemy.
    mine: Regions,
    theirs: Regions,
    /// Units able to Attack (6.1: unbroken military, no Fired marker) and to Assault (6.2: no Moved marker either).
    attack: Regions,
    assault: Regions,
    /// Combatants without a Moved marker (6.4, 6.5); for the Patriots split into broken military units and the rest (4.1).
    movers: Regions,
    broken_movers: Regions,
    sound_movers: Regions,
    /// Active British Regulars, broken or not (4.1 bars broken Patriots from them).
    regulars: Regions,
    /// 6.3 a British leader, and an unbroken Regular that neither moved nor fired.
    leader: Regions,
    charge: Regions,
    /// 6.8 a leader not yet used to rally, and a broken military unit.
    rally: Regions,
    broken: Regions,
    /// 6.9 an active unbroken Regular (also 3.0's guard of Charlestown), and an uncaptured Son of Liberty (active or not).
    search: Regions,
    sol: Regions,
    /// 6.6, 6.7 moved unbroken Regulars, and those (with leaders) that marched two regions.
    ambush: Counts,
    snipe: Counts,
    /// 4.4, 6.12 (Patriots): Sons of Liberty free to move; captured Nightriders and Sons of Liberty able to escape;
    /// an active Nightrider free to ride.
    sol_move: Set,
    escape: Set,
    riders: bool,
}

impl Scan {
    pub(crate) fn new(g: &B2c, seat: Seat) -> Scan {
        let mut s = Scan::default();
        let patriot = seat == PATRIOT;
        for (i, p) in g.pieces.iter().enumerate() {
            let on_map = p.on_map();
            if matches!(p.kind, Kind::Nightrider | Kind::SonOfLiberty) {
                if p.kind == Kind::SonOfLiberty && !p.flipped && on_map {
                    s.sol |= 1 << p.loc;
                }
                if patriot && p.flipped && on_map && !(p.kind == Kind::SonOfLiberty && p.since == g.turn) {
                    s.escape |= bit(i as u8);
                }
                if patriot && !p.flipped && !p.moved && !p.under && on_map {
                    if p.kind == Kind::SonOfLiberty {
                        s.sol_move |= bit(i as u8);
                    } else {
                        s.riders = true;
                    }
                }
            }
            if p.under || !on_map {
                continue;
            }
            let b = 1u64 << p.loc;
            let ours = p.side() == seat;
            if p.kind.combatant() {
                if ours {
                    s.mine |= b;
                    if !p.moved {
                        s.movers |= b;
                        if p.kind.military() && p.flipped {
                            s.broken_movers |= b;
                        } else {
                            s.sound_movers |= b;
                        }
                    }
                } else {
                    s.theirs |= b;
                }
            }
            if p.side() == BRITISH && p.kind == Kind::Regular {
                s.regulars |= b;
                if !p.flipped {
                    s.search |= b;
                }
            }
            if !ours {
                if patriot && p.moved && !p.flipped {
                    if p.kind == Kind::Regular {
                        s.ambush.add(p.loc);
                    }
                    if matches!(p.kind, Kind::Regular | Kind::BritishLeader) && p.marched >= 2 && p.march_end == p.loc {
                        s.snipe.add(p.loc);
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

    /// The regions any Action of the menu may name, ascending: every Action
    /// needs an enemy (6.1-6.3, 6.6, 6.7), a mover in or next to it (6.4, 6.5),
    /// a broken unit with a leader (6.8) or an unbroken Regular (6.9).
    fn candidates(&self, seat: Seat) -> u64 {
        let m = map();
        let assemble = if seat == PATRIOT {
            members(self.movers.into()).fold(0, |a, f| a | m.near(f))
        } else {
            0
        };
        self.theirs | self.movers | assemble | self.rally & self.broken | self.search
    }

    /// `B2c::may_enter` from the scanned Regulars.
    fn may_enter(&self, seat: Seat, r: Region) -> bool {
        self.entry_bar(seat, r).is_none()
    }

    /// `B2c::entry_bar` from the scanned Regulars.
    fn entry_bar(&self, seat: Seat, r: Region) -> Option<Bar> {
        entry_bar(seat, r, || self.search & (1 << r) != 0)
    }

    /// 3.0, 6.1 what forbids `seat` to Attack in `r`.
    pub(crate) fn attack_bar(&self, seat: Seat, r: Region) -> Option<Bar> {
        let has = |mask: u64| mask & (1 << r) != 0;
        if seat == PATRIOT && r == map().boston {
            Some(Bar::BostonTarget)
        } else if !has(self.theirs) {
            Some(Bar::NoEnemy)
        } else if !has(self.mine) {
            Some(Bar::NoUnits)
        } else if !has(self.attack) {
            Some(Bar::NoAttackers)
        } else {
            None
        }
    }

    /// 3.0, 6.2 what forbids `seat` any Assault into `r` (with no bar, each
    /// neighbour holding units able to assault may launch one).
    pub(crate) fn assault_bar(&self, seat: Seat, r: Region) -> Option<Bar> {
        if seat == PATRIOT && r == map().boston {
            Some(Bar::BostonTarget)
        } else if self.theirs & (1 << r) == 0 {
            Some(Bar::Shared(Shared::NoEnemy))
        } else if self.assault & map().near(r) == 0 {
            Some(Bar::Shared(Shared::NoAssaulters))
        } else {
            self.entry_bar(seat, r)
        }
    }

    /// 6.4 what forbids `seat` a Move Action from `r`.
    pub(crate) fn move_bar(&self, r: Region) -> Option<Bar> {
        let has = |mask: u64| mask & (1 << r) != 0;
        if has(self.movers) {
            None
        } else if has(self.mine) {
            Some(Bar::AllMoved)
        } else {
            Some(Bar::NothingToMove)
        }
    }

    /// 6.5 (ruling b2c #14) may a Patriot unit assemble into `target`: `group_may_enter`
    /// for one unit at a time, from the masks. A broken military unit (never a leader)
    /// keeps away from Regulars and moves only toward Concord (4.1); any other always may.
    fn assemble_possible(&self, target: Region) -> bool {
        let m = map();
        let regulars = self.regulars & (1 << target) != 0;
        self.may_enter(PATRIOT, target)
            && (self.sound_movers & m.near(target) != 0
                || !regulars && self.broken_movers & m.concordward[target as usize] != 0)
    }
}
