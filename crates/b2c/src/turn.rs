//! 5.0 Turn Sequence: 5.1 Obtain Action Points, 5.2 Perform Actions (who
//! goes first, alternation, Reserve Actions), 5.3 End Turn (ruling b2c #23),
//! and the advance loop that runs every automatic step.

use crate::actions::Action;
use crate::frames::{Frame, Ride};
use crate::map::{map, Region};
use crate::state::*;
use engine::{Procedure, Prompt, Seat, SeatSet};
use revroad::sheet::SheetBot;

impl Procedure for B2c {
    type Action = Action;

    fn acting(&self) -> SeatSet {
        match self.frames.last() {
            Some(f) => self.frame_seat(f).map_or(SeatSet::NONE, SeatSet::one),
            None => SeatSet::NONE,
        }
    }

    fn prompt(&self, _seat: Seat) -> Prompt {
        let (text, rule) = match self.frames.last() {
            Some(Frame::Menu { reserve, .. }) => (
                if *reserve {
                    "Choose the Action to perform with a Reserve Action".to_string()
                } else {
                    format!("Choose an Action ({} left)", self.actions[self.last_actor as usize])
                },
                "5.2",
            ),
            Some(Frame::Ride(r)) => (
                match r.riders.first() {
                    Some(&p) => format!(
                        "{}: {} left",
                        self.piece_label(p),
                        engine::log::count(r.ap, "Activity Point")
                    ),
                    None => "Call to Arms".into(),
                },
                "6.12",
            ),
            Some(Frame::Move(m)) if m.at == NO_REGION => {
                let from = map().name(m.from);
                let text = if m.group != 0 {
                    format!("Choose more units in {from} to move with them, then done")
                } else if m.done == 0 {
                    format!("Choose units in {from} to move together, then done (done with none spends the Action)")
                } else {
                    format!("Choose other units in {from} to move together, or done to end the Move")
                };
                (text, "6.4")
            }
            Some(Frame::Move(m)) => (format!("Move the group on from {}", map().name(m.at)), "6.4"),
            Some(Frame::SolMove { piece, left }) => (
                format!(
                    "Move {} ({} left)",
                    self.piece_label(*piece),
                    engine::log::count(*left, "region")
                ),
                "4.4",
            ),
            Some(Frame::Assemble { target, .. }) => (
                format!("Choose units to assemble in {}, then done", map().name(*target)),
                "6.5",
            ),
            Some(Frame::FreeMove { cur, left, .. }) => (
                format!(
                    "Free move of {} ({} left)",
                    self.piece_label(*cur),
                    engine::log::count(*left, "region")
                ),
                "4.3",
            ),
            Some(Frame::Hits(h)) => (
                format!(
                    "Apply {}",
                    engine::log::count(
                        h.n,
                        if h.kind == crate::frames::HitKind::Break {
                            "break"
                        } else {
                            "hit"
                        }
                    )
                ),
                h.rule.as_str(),
            ),
            Some(Frame::Combat(c)) => (self.combat_prompt(c), "7.0"),
            Some(Frame::Retreat(r)) => (
                if r.stage == crate::frames::RetreatStage::Pick && r.mode == crate::frames::RetreatMode::Charge {
                    // 6.3 the broken units are already chosen: they must go.
                    if r.picked == 0 {
                        "Choose up to two leaders to retreat (6.3), then done".to_string()
                    } else {
                        "The broken units must retreat (6.3): choose up to two leaders to go with them, then done"
                            .to_string()
                    }
                } else if r.stage == crate::frames::RetreatStage::Pick {
                    "Choose units to retreat, then done".to_string()
                } else if r.stage == crate::frames::RetreatStage::Escort {
                    "Choose the moved militia accompanied by leaders and minutemen (7.1.2)".to_string()
                } else if r.forced != NO_REGION {
                    // 7.1.4 an Assault's attackers retreat whence they came.
                    format!(
                        "Choose where the retreat goes: back to {}, where the Assault came from (7.1.4)",
                        map().name(r.forced)
                    )
                } else {
                    // 7.1 "towards", as the crow flies (ruling #34).
                    let home = if r.seat == PATRIOT { "Concord" } else { "Boston" };
                    format!("Choose where the retreat goes: towards {home} as the crow flies, if possible")
                },
                "7.1",
            ),
            Some(Frame::Ambush { .. }) => ("Choose the two moved Regulars to ambush".into(), "6.6"),
            Some(Frame::Search(_)) => ("Pay 1 VP to draw another card for the capture?".into(), "8.2"),
            // 8.2 after a failed capture the Patriots may move the Son of
            // Liberty (optional); 6.10 an escaped piece goes next door.
            Some(Frame::Place { piece, optional, .. }) => {
                let p = self.piece(*piece);
                let at = map().name(p.loc.min(map().len() as u8 - 1));
                if *optional {
                    (
                        format!("Move {} to a region adjacent to {at}, or leave him there", p.name()),
                        "8.2",
                    )
                } else {
                    (format!("Place {} in a region adjacent to {at}", p.name()), "6.10")
                }
            }
            Some(Frame::Rally { left, .. }) => (format!("Choose a broken unit to rally ({left} left)"), "6.8"),
            Some(Frame::Escort { piece, .. }) => (
                format!("Escort {} toward Boston, or stop", self.piece_label(*piece)),
                "5.3",
            ),
            _ => (String::new(), ""),
        };
        Prompt {
            text,
            rule: rule.to_string(),
        }
    }

    fn legal_for(&self, seat: Seat, out: &mut Vec<Action>) {
        match self.frames.last() {
            Some(Frame::Menu { reserve, .. }) => self.menu_legal(seat, *reserve, out),
            Some(Frame::Ride(r)) => self.ride_legal(r, out),
            Some(Frame::Move(m)) => self.move_legal(m, out),
            Some(Frame::SolMove { piece, left }) => self.sol_legal(*piece, *left, out),
            Some(Frame::Assemble { target, picked }) => self.assemble_legal(*target, *picked, out),
            Some(Frame::FreeMove { cur, left, .. }) => self.free_legal(*cur, *left, out),
            Some(Frame::Hits(h)) => self.hits_legal(h, out),
            Some(Frame::Combat(c)) => self.combat_legal(c, out),
            Some(Frame::Retreat(r)) => self.retreat_legal(r, out),
            Some(Frame::Search(_)) => out.extend([Action::Yes, Action::No]),
            Some(Frame::Ambush { region, picked }) => self.ambush_legal(*region, *picked, out),
            Some(Frame::Place { piece, optional, .. }) => self.place_legal(*piece, *optional, out),
            Some(Frame::Escort { piece, left }) => self.escort_legal(*piece, *left, out),
            Some(Frame::Rally { seat, region, .. }) => {
                out.extend(members(self.rally_candidates(*region, *seat)).map(Action::Pick))
            }
            _ => {}
        }
    }

    fn perform(&mut self, seat: Seat, a: Action) {
        match self.frames.last() {
            Some(Frame::Menu { .. }) => self.menu_act(seat, a),
            Some(Frame::Ride(_)) => self.ride_act(a),
            Some(Frame::Move(_)) => self.move_act(a),
            Some(Frame::SolMove { .. }) => self.sol_act(a),
            Some(Frame::Assemble { .. }) => self.assemble_act(a),
            Some(Frame::FreeMove { .. }) => self.free_act(a),
            Some(Frame::Hits(_)) => self.hits_act(a),
            Some(Frame::Combat(_)) => self.combat_act(a),
            Some(Frame::Retreat(_)) => self.retreat_act(a),
            Some(Frame::Search(_)) => self.search_act(a),
            Some(Frame::Ambush { .. }) => self.ambush_act(a),
            Some(Frame::Place { .. }) => self.place_act(a),
            Some(Frame::Escort { .. }) => self.escort_act(a),
            Some(Frame::Rally { .. }) => self.rally_act(a),
            _ => {}
        }
        self.checks();
    }

    /// One automatic step of the frame on top (or the next step of the
    /// turn), or a decision of the bot's seat; false when a seat decides.
    fn step(&mut self) -> bool {
        let progressed = match self.frames.last() {
            None => {
                self.next_step();
                true
            }
            Some(Frame::Ride(_)) => self.ride_auto(),
            Some(Frame::Move(_)) => self.move_auto(),
            Some(Frame::Assemble { .. }) => self.assemble_auto(),
            Some(Frame::FreeMove { .. }) => self.free_auto(),
            Some(Frame::Hits(_)) => self.hits_auto(),
            Some(Frame::Combat(_)) => self.combat_auto(),
            Some(Frame::Retreat(_)) => self.retreat_auto(),
            Some(Frame::Charge(_)) => self.charge_auto(),
            Some(Frame::Search(_)) => self.search_auto(),
            Some(Frame::Ambush { .. }) => self.ambush_auto(),
            Some(Frame::Place { piece, optional, .. }) => {
                let (p, o) = (*piece, *optional);
                let mut v = Vec::new();
                self.place_legal(p, o, &mut v);
                if v.is_empty() {
                    self.frames.pop();
                    true
                } else {
                    false
                }
            }
            Some(Frame::Escort { piece, .. }) => {
                let p = *piece;
                if !self.piece(p).flipped || !self.piece(p).on_map() {
                    self.frames.pop();
                    true
                } else {
                    false
                }
            }
            Some(Frame::Rally { .. }) => self.rally_auto(),
            Some(Frame::EndTurn) => {
                self.frames.pop();
                self.next_turn();
                true
            }
            Some(_) => false,
        };
        // 15.3, 15.4 the bot plays its seat here, so it never appears in to_act().
        if !progressed && !self.bot_step() {
            return false;
        }
        self.checks();
        true
    }
}

impl B2c {
    /// Who must decide in this frame, or None when it runs by itself.
    pub(crate) fn frame_seat(&self, f: &Frame) -> Option<Seat> {
        match f {
            Frame::Menu { seat, .. } | Frame::Move(crate::frames::Move { seat, .. }) | Frame::Place { seat, .. } => {
                Some(*seat)
            }
            Frame::Ride(r) => (!r.riders.is_empty()).then_some(PATRIOT),
            Frame::SolMove { .. } | Frame::Assemble { .. } => Some(PATRIOT),
            Frame::Ambush { picked, .. } => (picked.count_ones() < 2).then_some(PATRIOT),
            Frame::FreeMove { cur, .. } => (*cur != NO_REGION).then_some(PATRIOT),
            Frame::Hits(h) => Some(h.seat),
            Frame::Combat(c) => self.combat_seat(c),
            Frame::Retreat(r) => Some(r.seat),
            Frame::Search(s) => s.failed.map(|_| BRITISH),
            Frame::Escort { .. } => Some(BRITISH),
            Frame::Rally { seat, .. } => Some(*seat),
            Frame::Charge(_) | Frame::EndTurn => None,
        }
    }

    /// Nothing pending: the pre-game action is over, or the next Action (5.2), or the end of the turn.
    fn next_step(&mut self) {
        match self.phase {
            Phase::PreGame => {
                self.phase = Phase::Actions;
                self.start_turn();
            }
            Phase::Actions => {
                if self.actions == [0, 0] {
                    self.end_turn();
                    return;
                }
                let o = other(self.last_actor);
                let seat = if self.actions[o as usize] > 0 {
                    o
                } else {
                    self.last_actor
                };
                self.last_actor = seat;
                self.frames.push(Frame::Menu { seat, reserve: false });
            }
            Phase::Over => {}
        }
    }

    /// 5.1 Obtain Action Points, with Percy's arrival (12.0), Prescott (6.12)
    /// and the solitaire reinforcements (15.2) at the start of the turn.
    pub fn start_turn(&mut self) {
        let m = map();
        if !self.solo() && self.turn == self.opts.percy_turn {
            for p in self.pieces.iter_mut().filter(|p| p.loc == WAITING) {
                p.loc = m.boston;
            }
            self.core
                .log
                .say("12.0", || "Percy's reinforcements enter the game in Boston.".into());
        }
        if self.riders_lost != 0 && self.riders_lost < self.turn && !self.prescott_free {
            self.free_prescott();
        }
        if self.deck.draw.is_empty() {
            self.known = [0, 0];
        }
        let card = self.deck.draw(&mut self.core.dice);
        let (b, pa, hash, n) = (card.british, card.patriot, card.hash, card.number);
        self.known = [self.known[0].saturating_sub(1), self.known[1].saturating_sub(1)];
        self.card = Some(n);
        self.actions = [b, pa];
        self.intel_used = [false, false];
        let turn = self.turn;
        self.core.log.say("5.1", || {
            format!(
                "Turn {turn}: card {n} gives the British {b} and the Patriots {pa} Actions ({}).",
                engine::log::count(hash, "hash mark")
            )
        });
        if self.solo() && hash > 0 {
            self.reinforce();
        }
        let first = revroad::turn::first_to_act(self.actions, &mut self.core.dice, &mut self.core.log);
        self.last_actor = other(first);
    }

    /// 15.2 Reinforcements: one hidden militia where a die says, if the pool can back it.
    fn reinforce(&mut self) {
        let hidden = self.pieces.iter().filter(|p| p.hidden && p.on_map()).count();
        if self.pool.total() <= hidden {
            return;
        }
        let d = self.core.dice.d6();
        let ids = ["concord", "lincoln", "lexington", "menotomy", "cambridge", "watertown"];
        let r = map().region(ids[d as usize - 1]).expect("15.2 regions exist");
        let mut p = Piece::new(Kind::Militia, NO_NAME, r);
        p.hidden = true;
        self.pieces.push(p);
        self.core.log.roll_at(
            "15.2",
            &[d],
            || map().path(&[r]),
            || {
                let table: Vec<String> = ids
                    .iter()
                    .enumerate()
                    .filter_map(|(i, id)| Some(format!("{} {}", i + 1, map().name(map().region(id)?))))
                    .collect();
                format!(
                    "Patriot reinforcement: {d} ({}): a hidden militia in {}.",
                    table.join(", "),
                    map().name(r)
                )
            },
        );
    }

    pub fn free_prescott(&mut self) {
        self.prescott_free = true;
        for p in self.pieces.iter_mut() {
            if p.kind == Kind::Nightrider && p.name == PRESCOTT {
                p.under = false;
            }
        }
        self.core.log.say("6.12", || "Samuel Prescott is available.".into());
    }

    /// 5.3 End Turn, in the order of ruling b2c #23 (Muster markers held by
    /// an unbroken Regular or a Hinder Muster marker only, ruling b2c #6).
    fn end_turn(&mut self) {
        let m = map();
        // (1) 4.5 remove Muster markers without an unbroken Regular or a Hinder Muster marker
        // (ruling b2c #6: "British Regular" means unbroken; a broken one holds no Muster marker).
        for r in 0..m.len() as Region {
            if self.gather[r as usize] == Gather::Muster
                && self.unbroken_regulars(r) == 0
                && self.hinder_at(HINDER_MUSTER) != Some(r)
            {
                self.gather[r as usize] = Gather::None;
                for p in self.pieces.iter_mut().filter(|p| p.loc == r) {
                    p.under = false;
                }
                if r == m.lexington && !self.prescott_free {
                    self.prescott_free = true;
                }
                self.core.log.say("4.5", || {
                    format!("The Muster marker at {} is removed: its units are active.", m.name(r))
                });
            }
        }
        // (2)-(4) 6.11 Hinder markers.
        for h in self.hinder.iter_mut() {
            *h = match *h {
                Hinder::Track | Hinder::Map(_, 1) => Hinder::Available,
                Hinder::Map(r, _) => Hinder::Map(r, 1),
                Hinder::Available => Hinder::Available,
            };
        }
        // (5) markers.
        for p in self.pieces.iter_mut() {
            p.moved = false;
            p.fired = false;
            p.rallied = false;
            p.marched = 0;
        }
        self.ambush = 0;
        self.snipe = 0;
        // 6.12 Prescott comes the turn after Revere and Dawes are both captured.
        if self.riders_lost == 0 && !self.prescott_free {
            let lost = self
                .pieces
                .iter()
                .filter(|p| p.kind == Kind::Nightrider && p.name != PRESCOTT && (p.flipped || p.loc == TAKEN))
                .count();
            if lost == 2 {
                self.riders_lost = self.turn;
            }
        }
        // (6) captured pieces toward Boston; (7) EndTurn advances.
        self.frames.push(Frame::EndTurn);
        for p in (0..self.pieces.len() as u8).rev() {
            let pc = self.piece(p);
            if matches!(pc.kind, Kind::Nightrider | Kind::SonOfLiberty)
                && pc.flipped
                && pc.on_map()
                && map().area(pc.loc).on_map()
            {
                self.frames.push(Frame::Escort { piece: p, left: 2 });
            }
        }
    }

    fn next_turn(&mut self) {
        if self.turn >= self.last_turn {
            self.game_end();
            return;
        }
        self.turn += 1;
        self.start_turn();
    }

    pub fn escort_legal(&self, p: PieceId, left: u8, out: &mut Vec<Action>) {
        let m = map();
        let at = self.piece(p).loc;
        if left > 0 {
            for &n in m.neighbours(at) {
                if m.area(n).on_map() && m.escort_toward_boston(at, n) {
                    out.push(Action::Step(n));
                }
            }
        }
        out.push(Action::Done);
    }

    fn escort_act(&mut self, a: Action) {
        let Some(Frame::Escort { piece, left }) = self.frames.last_mut() else {
            return;
        };
        let p = *piece;
        match a {
            Action::Step(r) => {
                *left -= 1;
                let m = map();
                let boston = m.boston;
                let from = self.piece(p).loc;
                // 4.4, 5.3 each step of an escort is told to both seats: the
                // Patriots plan their escape attempts (6.10) from it.
                let name = self.piece(p).name();
                self.core.log.say_at(
                    "5.3",
                    || m.path(&[from, r]),
                    || {
                        format!(
                            "The British escort captured {name} from {} to {}.",
                            m.name(from),
                            m.name(r)
                        )
                    },
                );
                let pc = self.pm(p);
                pc.under = false;
                if r == boston {
                    pc.loc = TAKEN;
                    self.frames.pop();
                    self.core.log.say("5.3", || {
                        format!("Captured {name} reaches Boston: permanently captured.")
                    });
                } else {
                    pc.loc = r;
                }
            }
            _ => {
                self.frames.pop();
            }
        }
    }

    /// Regions that hold British pieces now.
    pub fn british_regions(&self) -> u64 {
        self.british_presence().regions
    }

    /// One pass over the pieces for the checks after every step.
    fn british_presence(&self) -> BritishPresence {
        let m = map();
        let len = m.len();
        let mut b = BritishPresence {
            regions: 0,
            escorted: 0,
            cannons: 0,
            concord_regular: false,
            lexington: (false, 0, 0),
            armed: 0,
        };
        for (i, p) in self.pieces.iter().enumerate() {
            if p.loc as usize >= len {
                continue;
            }
            if p.side() != BRITISH {
                if !p.under && p.kind.military() && !p.flipped {
                    b.armed |= 1 << p.loc;
                }
                continue;
            }
            b.regions |= 1 << p.loc;
            if p.kind == Kind::Cannon {
                b.cannons |= bit(i as u8);
            } else if !p.under {
                b.escorted |= 1 << p.loc;
            }
            if p.under {
                continue;
            }
            let unbroken_regular = p.kind == Kind::Regular && !p.flipped;
            if p.loc == m.concord {
                b.concord_regular |= unbroken_regular;
            } else if p.loc == m.lexington {
                let (percy, cannons, regulars) = &mut b.lexington;
                *percy |= p.name == PERCY;
                if p.kind == Kind::Cannon {
                    *cannons |= bit(i as u8);
                }
                *regulars += usize::from(unbroken_regular);
            }
        }
        b
    }

    /// Checks after every step: 4.3 Gather flips when the British leave
    /// (ruling b2c #6: not where a Hinder Muster marker stands), 11.0 Concord
    /// entered, 10.0 the Shot at Concord, 12.0 Percy's award (ruling b2c #24).
    pub fn checks(&mut self) {
        let m = map();
        // 4.3 musters below only uncover Patriot units: these British facts hold throughout.
        let british = self.british_presence();
        let now = british.regions;
        let left = self.british_in & !now;
        self.british_in = now;
        // A muster uncovers minutemen: `british.armed` no longer holds after one.
        let mut mustered = false;
        // Ruling b2c #6: Hinder Muster also blocks the flip when the British leave.
        if left != 0 {
            for r in 0..m.len() as Region {
                if left & (1 << r) != 0
                    && self.gather[r as usize] == Gather::Gather
                    && self.hinder_at(HINDER_MUSTER) != Some(r)
                {
                    self.core.log.say("4.3", || {
                        format!("The British left {}: its Gather marker turns to Muster.", m.name(r))
                    });
                    self.muster(r);
                    mustered = true;
                }
            }
        }
        // 4.1 the cannon alone with unbroken Patriot units is destroyed.
        let mut destroyed = 0;
        for p in members(british.cannons) {
            let r = self.piece(p).loc;
            let armed = if mustered {
                self.unbroken_patriots(r) > 0
            } else {
                british.armed & (1 << r) != 0
            };
            if british.escorted & (1 << r) == 0 && armed {
                self.pm(p).loc = DESTROYED;
                destroyed |= bit(p);
                self.core.log.say("4.1", || {
                    "The field cannon, alone with Patriot units, is destroyed.".into()
                });
            }
        }
        if !self.concord_entered && british.concord_regular {
            self.concord_entered = true;
            if !self.solo() {
                let v = crate::vp::value("concord");
                self.add_vp(BRITISH, v, "11.0", "an unbroken Regular entered Concord");
            }
        }
        if !self.shot && now & (1 << m.concord) != 0 {
            self.fire_shot(BRITISH, false, "any British unit entered Concord");
        }
        // Ruling b2c #24: Percy (healthy or wounded), the cannon and four unbroken
        // Regulars in Lexington, checked after every step, awarded once.
        let (percy, cannons, regulars) = british.lexington;
        if !self.percy_award && !self.solo() && percy && cannons & !destroyed != 0 && regulars >= 4 {
            self.percy_award = true;
            let v = crate::vp::value("percy-lexington");
            self.add_vp(
                BRITISH,
                v,
                "12.0",
                "Percy with the cannon and four unbroken Regulars in Lexington",
            );
        }
    }

    /// 4.3 a Gather marker turns to its Muster side: the minutemen under it
    /// become active with a free move (ruling b2c #7).
    pub fn muster(&mut self, r: Region) {
        self.gather[r as usize] = Gather::Muster;
        let mut units = 0;
        for (i, p) in self.pieces.iter_mut().enumerate() {
            if p.loc == r && p.under && p.kind == Kind::Minuteman {
                p.under = false;
                units |= bit(i as u8);
            }
        }
        if units != 0 {
            self.frames.push(Frame::FreeMove {
                units,
                cur: NO_REGION,
                left: 0,
            });
        }
    }

    /// 10.0 The Shot Heard 'Round the World; the British score 5 VP if a
    /// Patriot attack fires it (ruling b2c #19).
    pub fn fire_shot(&mut self, by: Seat, attack: bool, why: &str) {
        if self.shot {
            return;
        }
        self.shot = true;
        let why = why.to_string();
        self.core
            .log
            .say("10.0", || format!("The Shot Heard 'Round the World: {why}."));
        if by == PATRIOT && attack && !self.solo() {
            let v = crate::vp::value("first-shot");
            self.add_vp(BRITISH, v, "10.0", "the Patriots fired first");
        }
    }

    /// 9.0 the pre-game free Call to Arms is pushed by the set-up; this starts a paid one (6.12).
    pub fn call_to_arms(&mut self) {
        let riders = self.free_riders();
        self.frames.push(Frame::Ride(Ride {
            riders,
            ap: 4,
            free: false,
            alerted: false,
        }));
    }
}

/// Where the British are (any piece on the map), where an active piece other
/// than the cannon stands with it (4.1), and the cannons on the map; an active
/// unbroken Regular in Concord (11.0); in Lexington (12.0) active Percy, the
/// active cannons and the active unbroken Regulars; where active unbroken
/// Patriot military units stand.
struct BritishPresence {
    regions: u64,
    escorted: u64,
    cannons: Set,
    concord_regular: bool,
    lexington: (bool, Set, usize),
    armed: u64,
}
