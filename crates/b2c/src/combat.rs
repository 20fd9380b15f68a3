//! 7.0 How to Conduct Combat (6.1 Attack, 6.2 Assault), 7.1 Retreats
//! (before combat, OpFire 7.1.3, after combat 7.1.4), applying hits,
//! hidden militia revealed from the draw pool (4.1, ruling b2c #25), the
//! field cannon in combat (4.1, ruling b2c #2, #4) and 6.3 Charge.

use crate::actions::Action;
use crate::frames::*;
use crate::map::{map, Region};
use crate::state::*;
use engine::Seat;
use revroad::sheet::SheetBot;

impl B2c {
    /// 4.1 a hidden militia's value is drawn at random when it must be known
    /// (ruling b2c #25: drawn now, never fixed earlier; none left: it vanishes).
    pub fn reveal(&mut self, p: PieceId) {
        match self.pool.draw(&mut self.core.dice) {
            Some(v) => {
                let pc = self.pm(p);
                pc.hidden = false;
                pc.value = v;
                let at = map().name(pc.loc).to_string();
                self.core
                    .log
                    .say("4.1", || format!("A hidden militia in {at} is revealed: strength {v}."));
            }
            None => {
                let pc = self.pm(p);
                pc.hidden = false;
                pc.loc = VANISHED;
                self.core
                    .log
                    .say("4.1", || "A hidden militia is removed: the draw pool is empty.".into());
            }
        }
    }

    /// 4.1, 4.2 one hit: unbroken/healthy flips, broken/wounded is removed; the cannon is destroyed.
    pub fn apply_hit(&mut self, p: PieceId) {
        if self.piece(p).hidden {
            self.reveal(p);
            if self.piece(p).loc == VANISHED {
                return;
            }
        }
        let label = if self.core.log.enabled() {
            self.piece_name(p)
        } else {
            String::new()
        };
        let at = self.piece(p).loc;
        let pc = self.pm(p);
        let what = if pc.kind == Kind::Cannon || pc.flipped {
            pc.loc = DESTROYED;
            pc.under = false;
            if pc.kind.leader() {
                "killed"
            } else {
                "destroyed"
            }
        } else {
            pc.flipped = true;
            if pc.kind.leader() {
                "wounded"
            } else {
                "broken"
            }
        };
        self.core.log.say_at(
            "4.1",
            || map().path(&[at]),
            || format!("{label} in {}: {what}.", map().name(at)),
        );
    }

    fn hit_candidates(&self, h: &Hits) -> Set {
        let valid = |s: Set| {
            members(s)
                .filter(|&p| {
                    let pc = self.piece(p);
                    pc.active()
                        && pc.side() == h.seat
                        && pc.kind.combatant()
                        && match h.kind {
                            HitKind::Hit => true,
                            HitKind::Break => pc.kind.military() && !pc.flipped,
                            HitKind::Flip => !pc.flipped && pc.kind != Kind::Cannon,
                        }
                })
                .fold(0, |a, p| a | bit(p))
        };
        // 7.0 the units that took part come first; a leader may take a hit
        // at any time, but once no such unit is left any unit there may.
        let first = valid(h.first);
        if members(first).any(|p| !self.piece(p).kind.leader()) {
            first
        } else {
            valid(h.rest)
        }
    }

    pub fn hits_legal(&self, h: &Hits, out: &mut Vec<Action>) {
        out.extend(members(self.hit_candidates(h)).map(Action::Pick));
    }

    pub fn hits_act(&mut self, a: Action) {
        if let Action::Pick(p) = a {
            if let Some(Frame::Hits(h)) = self.frames.last_mut() {
                h.n -= 1;
            }
            self.apply_hit(p);
        }
    }

    pub fn hits_auto(&mut self) -> bool {
        let Some(Frame::Hits(h)) = self.frames.last() else {
            return false;
        };
        if h.n == 0 || self.hit_candidates(h) == 0 {
            self.frames.pop();
            return true;
        }
        false
    }

    pub fn combat_seat(&self, c: &Combat) -> Option<Seat> {
        if let Some(s) = c.ask {
            return Some(s);
        }
        match c.stage {
            CombatStage::SelectAttackers | CombatStage::Mode | CombatStage::OpFire => Some(c.attacker),
            CombatStage::SelectDefenders => Some(other(c.attacker)),
            CombatStage::Advance => Some(BRITISH),
            _ => None,
        }
    }

    pub fn combat_prompt(&self, c: &Combat) -> String {
        let at = &map().name(c.region);
        if c.ask.is_some() {
            return format!("Combat in {at}: re-roll a missed die (14.1)?");
        }
        match c.stage {
            CombatStage::SelectAttackers => format!("Choose the units attacking in {at}, then done"),
            CombatStage::SelectDefenders => format!("Choose the units defending in {at}, then done"),
            CombatStage::Mode => "Simultaneous combat or Defensive Fire?".into(),
            CombatStage::OpFire => self.opfire_prompt(c),
            CombatStage::Advance => "Choose the units going with the field cannon, then where it advances (4.1)".into(),
            _ => String::new(),
        }
    }

    /// 7.1.3 the question of opportunity fire, with its dice (one per
    /// retreating military unit and healthy leader; half, rounded up, when
    /// the British fire), its hits (each 6), and, for the British before
    /// the Shot, that firing is the Shot Heard 'Round the World (10.0).
    fn opfire_prompt(&self, c: &Combat) -> String {
        let n = self.opfire_dice(c);
        let how = if c.attacker == BRITISH {
            "half the retreating units and healthy leaders, rounded up"
        } else {
            "one per retreating unit and healthy leader"
        };
        let shot = if c.attacker == BRITISH && !self.shot {
            "; it fires the Shot Heard 'Round the World (10.0)"
        } else {
            ""
        };
        format!(
            "Opportunity fire on the troops retreating from {} (7.1.3)? {} ({how}), a hit on each 6{shot}",
            map().name(c.region),
            revroad::log::dice(n)
        )
    }

    fn attack_candidates(&self, c: &Combat) -> Set {
        let assault = c.from != NO_REGION;
        let src = if assault { c.from } else { c.region };
        let has_regular = members(c.attackers).any(|p| self.piece(p).kind == Kind::Regular);
        self.set_at(src, c.attacker, |p| {
            let fresh = !(p.fired || assault && p.moved);
            fresh
                && match p.kind {
                    Kind::Regular | Kind::Militia | Kind::Minuteman => !p.flipped,
                    Kind::Cannon => has_regular,
                    Kind::BritishLeader | Kind::PatriotLeader => assault,
                    _ => false,
                }
        }) & !c.attackers
    }

    pub fn combat_legal(&self, c: &Combat, out: &mut Vec<Action>) {
        if c.ask.is_some() {
            out.extend([Action::Yes, Action::No]);
            return;
        }
        match c.stage {
            CombatStage::SelectAttackers => {
                out.extend(members(self.attack_candidates(c)).map(Action::Pick));
                if members(c.attackers).any(|p| self.piece(p).kind.military()) {
                    out.push(Action::Done);
                }
            }
            CombatStage::SelectDefenders => {
                let cands =
                    self.set_at(c.region, other(c.attacker), |p| p.kind.military() && !p.flipped) & !c.defenders;
                out.extend(members(cands).map(Action::Pick));
                out.push(Action::Done);
            }
            CombatStage::Mode => out.extend([Action::Simultaneous, Action::Defensive]),
            CombatStage::OpFire => out.extend([Action::Yes, Action::No]),
            // 4.1, ruling b2c #4: the British choose which attackers go along, at least one Regular.
            CombatStage::Advance => {
                let m = map();
                let free = self.set_at(c.region, BRITISH, |p| p.kind != Kind::Cannon) & c.attackers & !c.advancing;
                out.extend(members(free).map(Action::Pick));
                if members(c.advancing).any(|p| self.piece(p).kind == Kind::Regular) {
                    for &n in m.neighbours(c.region) {
                        if m.area(n).on_map() {
                            out.push(Action::Go(n));
                        }
                    }
                }
                out.push(Action::No);
            }
            _ => {}
        }
    }

    fn combat_mut(&mut self) -> &mut Combat {
        match self.frames.last_mut() {
            Some(Frame::Combat(c)) => c,
            _ => unreachable!("combat frame on top"),
        }
    }

    pub fn combat_act(&mut self, a: Action) {
        let c = self.combat_mut().clone();
        if let Some(s) = c.ask {
            if a == Action::Yes {
                self.reroll_one(s);
            }
            let c = self.combat_mut();
            c.ask = None;
            c.reroll[s as usize] = false;
            return;
        }
        match (c.stage, a) {
            (CombatStage::SelectAttackers, Action::Pick(p)) => self.combat_mut().attackers |= bit(p),
            (CombatStage::SelectAttackers, _) => {
                for p in members(c.attackers) {
                    if self.piece(p).hidden {
                        self.reveal(p);
                    }
                    if c.from != NO_REGION {
                        self.pm(p).loc = c.region;
                    }
                }
                let cannon = if c.attacker == BRITISH {
                    members(c.attackers).any(|p| self.piece(p).kind == Kind::Cannon)
                } else {
                    self.count(c.region, BRITISH, |p| p.kind == Kind::Cannon) > 0
                };
                let cm = self.combat_mut();
                cm.cannon = cannon;
                cm.stage = CombatStage::RetreatBefore;
            }
            (CombatStage::SelectDefenders, Action::Pick(p)) => self.combat_mut().defenders |= bit(p),
            (CombatStage::SelectDefenders, _) => {
                for p in members(c.defenders) {
                    if self.piece(p).hidden {
                        self.reveal(p);
                    }
                }
                self.combat_mut().stage = CombatStage::Mode;
            }
            (CombatStage::Mode, _) => {
                // 7.0 the attacker's choice, told to all (a bot seat's own
                // line says it, with its reason).
                if self.core.log.enabled() && self.bot_seat() != Some(c.attacker) {
                    self.log_mode(&c, a == Action::Simultaneous);
                }
                self.combat_act_mode(&c, a);
            }
            (CombatStage::OpFire, Action::Yes) => self.opfire(&c),
            (CombatStage::OpFire, _) => self.combat_mut().stage = self.after_opfire(&c),
            (CombatStage::Advance, Action::Pick(p)) => self.combat_mut().advancing |= bit(p),
            (CombatStage::Advance, Action::Go(r)) => {
                for p in members(self.set_at(c.region, BRITISH, |_| true) & (c.advancing | self.cannon_set(c.region))) {
                    let pc = self.pm(p);
                    pc.loc = r;
                    pc.moved = true;
                }
                self.core.log.say_at(
                    "4.1",
                    || map().path(&[c.region, r]),
                    || {
                        format!(
                            "The cannon advances from {} to {}.",
                            map().name(c.region),
                            map().name(r)
                        )
                    },
                );
                self.combat_mut().stage = CombatStage::Finish;
            }
            (CombatStage::Advance, _) => self.combat_mut().stage = CombatStage::Finish,
            _ => {}
        }
    }

    /// 7.0 the attacker chooses Simultaneous combat (one hit on his side
    /// first) or to face Defensive Fire.
    fn combat_act_mode(&mut self, c: &Combat, a: Action) {
        if a == Action::Simultaneous {
            let cm = self.combat_mut();
            cm.simultaneous = true;
            cm.took[c.attacker as usize] = true;
            cm.stage = CombatStage::BothFire;
            let rest = self.hittable(c.region, c.attacker);
            let leaders = self.set_at(c.region, c.attacker, |p| p.kind.leader());
            self.push_hits(c.attacker, 1, c.attackers | leaders, rest, HitKind::Hit, "7.0");
        } else {
            self.combat_mut().stage = CombatStage::DefenderFires;
        }
    }

    /// 7.0 the attacker's choice of Simultaneous combat or Defensive Fire, told to all.
    fn log_mode(&mut self, c: &Combat, simultaneous: bool) {
        let who = revroad::log::the_side(c.attacker);
        let at = map().name(c.region);
        self.core.log.say_at(
            "7.0",
            || map().path(&[c.region]),
            || {
                if simultaneous {
                    format!("{who} choose Simultaneous combat in {at} and take one hit first.")
                } else {
                    format!("{who} face Defensive Fire in {at}: the defenders fire first.")
                }
            },
        );
    }

    /// 4.1 the field cannon's break before combat, told to all.
    fn log_cannon_break(&mut self, r: Region) {
        self.core.log.say_at(
            "4.1",
            || map().path(&[r]),
            || {
                format!(
                    "The field cannon in {} breaks one militia before combat; the Patriots choose which.",
                    map().name(r)
                )
            },
        );
    }

    fn cannon_set(&self, r: Region) -> Set {
        self.set_at(r, BRITISH, |p| p.kind == Kind::Cannon)
    }

    fn after_opfire(&self, c: &Combat) -> CombatStage {
        if c.attacker == BRITISH && c.cannon && members(c.attackers).any(|p| self.piece(p).loc == c.region) {
            CombatStage::Advance
        } else {
            CombatStage::Finish
        }
    }

    /// 7.1.3 Opportunity Fire on troops that all retreated before combat:
    /// one die per retreating military unit, the Field Cannon among them
    /// (ruling b2c #27), and per healthy leader.
    /// 7.1.3 the dice of opportunity fire: one per active unit, field cannon
    /// and unwounded leader that retreated (half, rounded up, for the British).
    pub(crate) fn opfire_dice(&self, c: &Combat) -> usize {
        let count = members(c.retreated)
            .filter(|&p| {
                let pc = self.piece(p);
                pc.active() && (pc.kind.military() || pc.kind == Kind::Cannon || pc.kind.leader() && !pc.flipped)
            })
            .count();
        if c.attacker == BRITISH {
            count.div_ceil(2)
        } else {
            count
        }
    }

    fn opfire(&mut self, c: &Combat) {
        let n = self.opfire_dice(c);
        let gone: Vec<u8> = members(c.retreated).filter(|&p| self.piece(p).active()).collect();
        let dice: Vec<u8> = (0..n).map(|_| self.core.dice.d6()).collect();
        let hits = dice.iter().filter(|&&d| d == 6).count() as u8;
        self.core.log.roll_at(
            "7.1.3",
            &dice,
            || map().path(&[c.region]),
            || {
                format!(
                    "Opportunity fire on the troops retreating from {}: {}, needs 6 to hit: {hits}.",
                    map().name(c.region),
                    revroad::log::dice(dice.len()),
                    hits = engine::log::count(hits, "hit")
                )
            },
        );
        // 7.1.3 "all units that attacked receive a Fired Marker": the
        // cannon among them.
        // ruling: b2c #33
        for p in members(c.attackers) {
            if self.piece(p).kind.military() || self.piece(p).kind == Kind::Cannon {
                self.pm(p).fired = true;
            }
        }
        let next = self.after_opfire(c);
        self.combat_mut().stage = next;
        self.fire_shot(c.attacker, true, "opportunity fire on retreating troops");
        let set = gone.iter().fold(0, |s, &p| s | bit(p));
        self.push_hits(other(c.attacker), hits, set, 0, HitKind::Hit, "7.1.3");
    }

    /// Dice of a side's participants: (die faces to roll, lowest hit) (4.1, 7.0, 14.4).
    fn dice_for(&self, side: Seat, set: Set, region: Region) -> (Vec<u8>, Set) {
        let mut needs = Vec::new();
        let mut rolled = 0;
        let mut leaders = self.healthy_patriot_leaders(region);
        let militia_need = if self.opts.militia_minutemen { 6 } else { 5 };
        for p in members(set) {
            let pc = self.piece(p);
            if !pc.active() || pc.loc != region || pc.side() != side || pc.flipped {
                continue;
            }
            let need = match pc.kind {
                Kind::Regular => 4,
                Kind::Minuteman => 5,
                Kind::Militia => militia_need,
                _ => continue,
            };
            // A die per strength point, a "0" militia's 1 with a leader (4.1).
            let points = self.combat_points(p, &mut leaders);
            needs.extend(std::iter::repeat_n(need, usize::from(points)));
            if points > 0 {
                rolled |= bit(p);
            }
        }
        (needs, rolled)
    }

    fn roll_side(&mut self, c: &Combat, side: Seat) {
        let set = if side == c.attacker { c.attackers } else { c.defenders };
        let (needs, rolled) = self.dice_for(side, set, c.region);
        let roll: Vec<(u8, u8)> = needs.iter().map(|&n| (self.core.dice.d6(), n)).collect();
        if !roll.is_empty() {
            let faces: Vec<u8> = roll.iter().map(|r| r.0).collect();
            let hits = roll.iter().filter(|(d, n)| d >= n).count();
            let who = revroad::log::the_side(side);
            self.core.log.roll_at(
                "7.0",
                &faces,
                || map().path(&[c.region]),
                || {
                    format!(
                        "{who} roll {} in {}, {}: {hits}.",
                        revroad::log::dice(faces.len()),
                        map().name(c.region),
                        revroad::log::needs(&needs),
                        hits = engine::log::count(hits, "hit")
                    )
                },
            );
        }
        let can = self.opts.leader_rerolls
            && c.reroll[side as usize]
            && roll.iter().any(|(d, n)| d < n)
            && self.count(c.region, side, |p| p.kind.leader() && !p.flipped) > 0;
        let cm = self.combat_mut();
        cm.contributed |= rolled;
        if !roll.is_empty() {
            cm.rolled = true;
        }
        cm.roll[side as usize] = Some(roll);
        if can && cm.ask.is_none() {
            cm.ask = Some(side);
        }
    }

    /// 14.1 re-roll the missed die most likely to hit.
    fn reroll_one(&mut self, side: Seat) {
        let d = self.core.dice.d6();
        let cm = self.combat_mut();
        let region = cm.region;
        let mut need = 6;
        if let Some(roll) = cm.roll[side as usize].as_mut() {
            if let Some(i) = (0..roll.len())
                .filter(|&i| roll[i].0 < roll[i].1)
                .min_by_key(|&i| roll[i].1)
            {
                roll[i].0 = d;
                need = roll[i].1;
            }
        }
        self.core.log.roll_at(
            "14.1",
            &[d],
            || map().path(&[region]),
            || {
                format!(
                    "A leader re-rolls a missed die: {d}, needs {} to hit: {}.",
                    revroad::log::at_least(need),
                    if d >= need { "a hit" } else { "a miss" }
                )
            },
        );
    }

    /// 7.1.2, 11.0 a retreating unit's die: a 6 is a hit. Logged with
    /// `who` retreats from `region`; returns whether it hit.
    fn retreat_roll(&mut self, rule: &'static str, region: Region, who: impl FnOnce() -> String) -> bool {
        let d = self.core.dice.d6();
        self.core.log.roll_at(
            rule,
            &[d],
            || map().path(&[region]),
            || {
                format!(
                    "{} retreats: {d}, a 6 is a hit: {}.",
                    who(),
                    if d == 6 { "hit" } else { "no hit" }
                )
            },
        );
        d == 6
    }

    /// Hits scored by `side`'s roll go to the other side: participants first (7.0).
    fn resolve(&mut self, side: Seat) -> Option<Hits> {
        let c = self.combat_mut();
        let hits = c.roll[side as usize]
            .take()
            .map_or(0, |r| r.iter().filter(|(d, n)| d >= n).count()) as u8;
        let target = other(side);
        let first = if target == c.attacker { c.attackers } else { c.defenders };
        let region = c.region;
        if hits == 0 {
            return None;
        }
        c.took[target as usize] = true;
        // 7.0 a leader may take a hit even while other units are present.
        let leaders = self.set_at(region, target, |p| p.kind.leader());
        Some(Hits {
            seat: target,
            n: hits,
            first: first | leaders,
            rest: self.hittable(region, target),
            kind: HitKind::Hit,
            rule: "7.0".into(),
        })
    }

    fn second_ask(&mut self, side: Seat) -> bool {
        let c = self.combat_mut().clone();
        let can = self.opts.leader_rerolls
            && c.reroll[side as usize]
            && c.roll[side as usize]
                .as_ref()
                .is_some_and(|r| r.iter().any(|(d, n)| d < n))
            && self.count(c.region, side, |p| p.kind.leader() && !p.flipped) > 0;
        if can {
            self.combat_mut().ask = Some(side);
        }
        can
    }

    pub fn combat_auto(&mut self) -> bool {
        let c = self.combat_mut().clone();
        if c.ask.is_some() {
            return false;
        }
        let def = other(c.attacker);
        match c.stage {
            CombatStage::RetreatBefore => {
                let cands = self.hittable(c.region, def);
                self.combat_mut().stage = CombatStage::AfterRetreat;
                self.push_retreat(def, RetreatMode::Before, c.region, c.from, NO_REGION, cands, 0);
            }
            CombatStage::AfterRetreat => {
                let left = self.hittable(c.region, def);
                self.combat_mut().stage = if left == 0 {
                    if c.retreated != 0 {
                        CombatStage::OpFire
                    } else {
                        CombatStage::Finish
                    }
                } else {
                    CombatStage::Cannon
                };
            }
            CombatStage::Cannon => {
                self.combat_mut().stage = CombatStage::SelectDefenders;
                // Ruling b2c #2: a cannon that retreated before combat takes
                // no part in it and breaks nothing.
                let gun = self.cannon_set(c.region);
                if c.cannon && gun != 0 {
                    let militia = self.set_at(c.region, PATRIOT, |p| p.kind == Kind::Militia && !p.flipped);
                    if militia != 0 {
                        // 4.8 "Units may only ... participate in combat once each
                        // turn", 4.1 "only break one unit when involved in combat":
                        // the break is the cannon's part in this combat, as dice
                        // are a unit's (7.0), so it takes a Fired marker at the
                        // conclusion and joins no other Attack or Assault this
                        // turn (6.1).
                        // ruling: b2c #33
                        self.combat_mut().contributed |= gun;
                        self.log_cannon_break(c.region);
                    }
                    self.push_hits(PATRIOT, 1, militia, 0, HitKind::Break, "4.1");
                }
            }
            CombatStage::DefenderFires => {
                if c.roll[def as usize].is_none() {
                    self.roll_side(&c, def);
                } else {
                    self.combat_mut().stage = CombatStage::AttackerFires;
                    let h = self.resolve(def);
                    self.frames.extend(h.map(Frame::Hits));
                }
            }
            CombatStage::AttackerFires => {
                if c.roll[c.attacker as usize].is_none() {
                    self.roll_side(&c, c.attacker);
                } else {
                    self.combat_mut().stage = CombatStage::RetreatAttacker;
                    let h = self.resolve(c.attacker);
                    self.frames.extend(h.map(Frame::Hits));
                }
            }
            CombatStage::BothFire => {
                if c.roll[0].is_none() && c.roll[1].is_none() {
                    self.roll_side(&c, c.attacker);
                    let c2 = self.combat_mut().clone();
                    self.roll_side(&c2, def);
                } else if !self.second_ask(def) && !self.second_ask(c.attacker) {
                    self.combat_mut().stage = CombatStage::RetreatAttacker;
                    let on_defender = self.resolve(c.attacker);
                    let on_attacker = self.resolve(def);
                    self.frames.extend(on_defender.map(Frame::Hits));
                    self.frames.extend(on_attacker.map(Frame::Hits));
                }
            }
            // 7.1.4 retreat after combat (ruling b2c #21): a side that took any
            // hit may retreat, the attacker first; `retreat_dests` applies
            // only 3.0's entry bars and 7.1's direction, not 4.1's bans on
            // broken units (those are for moves).
            CombatStage::RetreatAttacker => {
                self.combat_mut().stage = CombatStage::RetreatDefender;
                let mine = self.hittable(c.region, c.attacker);
                if c.took[c.attacker as usize] && mine != 0 {
                    self.push_retreat(c.attacker, RetreatMode::After, c.region, NO_REGION, c.from, mine, 0);
                }
            }
            CombatStage::RetreatDefender => {
                self.combat_mut().stage = CombatStage::Finish;
                let theirs = self.hittable(c.region, def);
                if c.took[def as usize] && theirs != 0 {
                    self.push_retreat(def, RetreatMode::After, c.region, c.from, NO_REGION, theirs, 0);
                }
            }
            CombatStage::Finish => {
                self.frames.pop();
                for p in members(c.contributed) {
                    self.pm(p).fired = true;
                }
                if c.from != NO_REGION {
                    for p in members(c.attackers) {
                        self.pm(p).moved = true;
                    }
                }
                if c.rolled {
                    self.fire_shot(c.attacker, true, "shots were fired in combat");
                }
            }
            _ => return false,
        }
        true
    }

    #[allow(clippy::too_many_arguments)]
    pub fn push_retreat(
        &mut self,
        seat: Seat,
        mode: RetreatMode,
        region: Region,
        banned: Region,
        forced: Region,
        candidates: Set,
        picked: Set,
    ) {
        self.frames.push(Frame::Retreat(Retreat {
            seat,
            mode,
            region,
            banned,
            forced,
            candidates,
            picked,
            dest: NO_REGION,
            stage: RetreatStage::Pick,
            escorted: 0,
        }));
    }

    /// 7.1 where a retreat may go: adjacent, not the Assault's origin, toward
    /// Concord (Patriots; 15.2 also toward Lexington from Concord) or Boston (British) if possible,
    /// "toward" as the crow flies (ruling b2c #34).
    pub fn retreat_dests(&self, r: &Retreat) -> Vec<Region> {
        let m = map();
        if r.forced != NO_REGION {
            return vec![r.forced];
        }
        let all: Vec<Region> = m
            .neighbours(r.region)
            .iter()
            .copied()
            .filter(|&n| n != r.banned && self.may_enter(r.seat, n))
            .collect();
        let toward: Vec<Region> = all
            .iter()
            .copied()
            .filter(|&n| {
                if r.seat == PATRIOT {
                    m.toward_concord(r.region, n)
                        || self.solo() && r.region == m.concord && m.nearer(r.region, n, m.lexington)
                } else {
                    m.toward_boston(r.region, n)
                }
            })
            .collect();
        if toward.is_empty() {
            all
        } else {
            toward
        }
    }

    pub fn retreat_legal(&self, r: &Retreat, out: &mut Vec<Action>) {
        match r.stage {
            RetreatStage::Pick => {
                let leaders = members(r.picked).filter(|&p| self.piece(p).kind.leader()).count();
                if r.mode != RetreatMode::Charge || leaders < 2 {
                    let left = r.candidates & !r.picked;
                    // 4.1 the cannon "must always be accompanied by a British
                    // Regular when moving": it retreats only once one is chosen.
                    // ruling: b2c #38
                    let escorted = members(r.picked).any(|p| self.piece(p).kind == Kind::Regular);
                    out.extend(
                        members(left)
                            .filter(|&p| {
                                let pc = self.piece(p);
                                pc.active() && pc.loc == r.region && (pc.kind != Kind::Cannon || escorted)
                            })
                            .map(Action::Pick),
                    );
                }
                out.push(Action::Done);
            }
            RetreatStage::Dest => out.extend(self.retreat_dests(r).into_iter().map(Action::Go)),
            RetreatStage::Escort => {
                let (militia, _) = self.escort_choice(r);
                out.extend(members(militia & !r.escorted).map(Action::Pick));
            }
            _ => {}
        }
    }

    fn retreat_mut(&mut self) -> &mut Retreat {
        match self.frames.last_mut() {
            Some(Frame::Retreat(r)) => r,
            _ => unreachable!("retreat frame on top"),
        }
    }

    pub fn retreat_act(&mut self, a: Action) {
        let r = self.retreat_mut();
        match a {
            Action::Pick(p) if r.stage == RetreatStage::Escort => r.escorted |= bit(p),
            Action::Pick(p) => r.picked |= bit(p),
            Action::Go(d) => {
                r.dest = d;
                r.stage = RetreatStage::MovedHit;
            }
            _ => {
                if r.picked == 0 {
                    r.stage = RetreatStage::Arrived;
                } else {
                    r.stage = RetreatStage::Dest;
                }
            }
        }
    }

    pub fn retreat_auto(&mut self) -> bool {
        let r = self.retreat_mut().clone();
        let alive = members(r.picked)
            .filter(|&p| self.piece(p).active() && self.piece(p).loc == r.region)
            .fold(0, |s, p| s | bit(p));
        match r.stage {
            RetreatStage::Pick => return false,
            RetreatStage::Dest => {
                if self.retreat_dests(&r).is_empty() {
                    self.retreat_mut().picked = 0;
                    self.retreat_mut().stage = RetreatStage::Arrived;
                    return true;
                }
                return false;
            }
            RetreatStage::Escort => {
                let (militia, escorts) = self.escort_choice(&r);
                if militia.count_ones() > escorts && r.escorted.count_ones() < escorts {
                    return false;
                }
                let rs = self.retreat_mut();
                if militia.count_ones() <= escorts {
                    rs.escorted = militia;
                }
                rs.stage = RetreatStage::Moving;
            }
            RetreatStage::MovedHit => {
                let patriot = r.seat == PATRIOT && r.mode == RetreatMode::Before;
                self.retreat_mut().stage = if patriot {
                    RetreatStage::Escort
                } else {
                    RetreatStage::Moving
                };
                let moved = members(alive)
                    .filter(|&p| self.piece(p).moved)
                    .fold(0, |s, p| s | bit(p));
                if r.mode == RetreatMode::Before && moved != 0 {
                    self.push_hits(r.seat, 1, moved, 0, HitKind::Hit, "7.1.2");
                }
            }
            RetreatStage::Moving => {
                let goers = if r.mode == RetreatMode::Before {
                    self.retreat_order(&r, alive)
                } else {
                    alive
                };
                for p in members(goers) {
                    let pc = self.pm(p);
                    if pc.loc != r.region {
                        continue;
                    }
                    if r.mode == RetreatMode::Before {
                        pc.moved = true;
                    }
                    pc.loc = r.dest;
                }
                if self.core.log.enabled() {
                    let m = map();
                    let (from, to) = (m.name(r.region), m.name(r.dest));
                    // 7.1.2 "Unaccompanied broken militia may not retreat": say
                    // who stays behind, and why.
                    let stayed = members(alive & !goers).filter(|&p| {
                        let pc = self.piece(p);
                        pc.active() && pc.loc == r.region && pc.kind == Kind::Militia && pc.flipped
                    });
                    for p in stayed.collect::<Vec<_>>() {
                        let name = self.piece_name(p);
                        self.core.log.say_at(
                            "7.1.2",
                            || m.path(&[r.region]),
                            || format!("{name} stays in {from}: unaccompanied broken militia may not retreat."),
                        );
                    }
                    let who = revroad::log::the_side(r.seat);
                    if goers == 0 {
                        self.core.log.say_at(
                            "7.1",
                            || m.path(&[r.region]),
                            || format!("{who} retreat nothing from {from}."),
                        );
                    } else {
                        let what = revroad::log::pieces(members(goers).map(|p| self.piece_name(p)));
                        self.core.log.say_at(
                            "7.1",
                            || m.path(&[r.region, r.dest]),
                            || format!("{who} retreat {what} from {from} to {to}."),
                        );
                    }
                }
                let rs = self.retreat_mut();
                rs.picked = goers;
                rs.stage = RetreatStage::Arrived;
                // 7.1 entering unbroken enemy units costs one more hit.
                if goers != 0 && self.count(r.dest, other(r.seat), |p| p.kind.military() && !p.flipped) > 0 {
                    self.push_hits(r.seat, 1, goers, 0, HitKind::Hit, "7.1");
                }
            }
            RetreatStage::Arrived => {
                self.frames.pop();
                let went = members(r.picked)
                    .filter(|&p| self.piece(p).active())
                    .fold(0, |s, p| s | bit(p));
                if let Some(Frame::Combat(c)) = self.frames.last_mut() {
                    c.retreated |= went;
                }
            }
        }
        true
    }

    /// 7.1.2 the moved militia still retreating with the Patriots, and how many of them
    /// leaders and unbroken minutemen may accompany (one each).
    fn escort_choice(&self, r: &Retreat) -> (Set, u32) {
        let mut militia = 0;
        let mut escorts = 0;
        for p in members(r.picked) {
            let pc = self.piece(p);
            if !pc.active() || pc.loc != r.region || !pc.moved {
                continue;
            }
            match pc.kind {
                Kind::Militia => militia |= bit(p),
                Kind::PatriotLeader | Kind::Minuteman if !pc.flipped => escorts += 1,
                _ => {}
            }
        }
        (militia, escorts)
    }

    /// 7.1.1, 7.1.2 who goes when retreating before combat (ruling b2c #20):
    /// unmoved units freely; moved units in the prescribed order; 11.0 rolls.
    fn retreat_order(&mut self, r: &Retreat, alive: Set) -> Set {
        let mut goers = 0;
        let mut moved = Vec::new();
        for p in members(alive) {
            if self.piece(p).moved {
                moved.push(p);
            } else {
                goers |= bit(p);
            }
        }
        if r.seat == PATRIOT {
            for &p in &moved {
                if matches!(self.piece(p).kind, Kind::PatriotLeader | Kind::Minuteman) {
                    goers |= bit(p);
                }
            }
            // The militia the Patriots chose to accompany go; the others alone (7.1.2).
            let militia: Vec<u8> = moved
                .iter()
                .copied()
                .filter(|&p| self.piece(p).kind == Kind::Militia)
                .collect();
            for p in militia {
                if r.escorted & bit(p) != 0 {
                    goers |= bit(p);
                } else if !self.piece(p).flipped {
                    goers |= bit(p);
                    let name = if self.core.log.enabled() {
                        self.piece_name(p)
                    } else {
                        String::new()
                    };
                    self.core.log.say("7.1.2", || {
                        format!("{name} retreats unaccompanied: it breaks after retreating.")
                    });
                    self.apply_hit(p);
                }
            }
        } else {
            let mut escorts = 0;
            let mut regs = Vec::new();
            for &p in &moved {
                let pc = self.piece(p);
                match pc.kind {
                    Kind::Cannon => goers |= bit(p),
                    Kind::BritishLeader => {
                        goers |= bit(p);
                        if !pc.flipped {
                            escorts += 1;
                        }
                    }
                    _ => regs.push(p),
                }
            }
            regs.sort_by_key(|&p| self.piece(p).flipped);
            for p in regs {
                goers |= bit(p);
                if escorts > 0 {
                    escorts -= 1;
                } else if !self.piece(p).flipped
                    && self.retreat_roll("7.1.2", r.region, || "An unaccompanied Regular".into())
                {
                    self.apply_hit(p);
                }
            }
        }
        // 11.0 Smith's and Pitcairn's force after Concord, "in addition to"
        // the retreat rules above: who they broke or wounded rolls no more (ruling b2c #31).
        if r.seat == BRITISH && self.concord_entered {
            for p in members(goers) {
                let pc = self.piece(p);
                if !pc.percy && !pc.flipped && matches!(pc.kind, Kind::Regular | Kind::BritishLeader) {
                    // Named only when the log is on: bots' playouts build no text.
                    let name = if self.core.log.enabled() {
                        self.piece_name(p)
                    } else {
                        String::new()
                    };
                    if self.retreat_roll("11.0", r.region, || format!("{name} of the force from Concord")) {
                        self.apply_hit(p);
                    }
                }
            }
        }
        goers
            & !members(goers)
                .filter(|&p| !self.piece(p).active())
                .fold(0, |s, p| s | bit(p))
    }

    /// 6.3 Charge: one British hit, two Patriot hits (three with the cannon,
    /// ruling b2c #3), broken Patriots and up to two leaders retreat.
    pub fn charge_auto(&mut self) -> bool {
        let Some(Frame::Charge(ch)) = self.frames.last().cloned() else {
            return false;
        };
        let set_stage = |g: &mut B2c, s: ChargeStage| {
            if let Some(Frame::Charge(c)) = g.frames.last_mut() {
                c.stage = s;
            }
        };
        match ch.stage {
            ChargeStage::BritishHit => {
                set_stage(self, ChargeStage::PatriotHits);
                self.push_hits(BRITISH, 1, ch.british, 0, HitKind::Hit, "6.3");
            }
            ChargeStage::PatriotHits => {
                set_stage(self, ChargeStage::Retreat);
                // 6.3, ruling b2c #3: the cannon took part, even if it took
                // the British hit of the charge.
                let n = if ch.cannon { 3 } else { 2 };
                let pats = self.hittable(ch.region, PATRIOT);
                self.push_hits(PATRIOT, n, pats, 0, HitKind::Hit, "6.3");
            }
            ChargeStage::Retreat => {
                set_stage(self, ChargeStage::Done);
                let broken = self.set_at(ch.region, PATRIOT, |p| p.kind.military() && p.flipped);
                let leaders = self.set_at(ch.region, PATRIOT, |p| p.kind == Kind::PatriotLeader);
                if broken | leaders != 0 {
                    self.push_retreat(
                        PATRIOT,
                        RetreatMode::Charge,
                        ch.region,
                        NO_REGION,
                        NO_REGION,
                        leaders,
                        broken,
                    );
                }
            }
            ChargeStage::Done => {
                self.frames.pop();
                for p in members(ch.british) {
                    if self.piece(p).active() {
                        let pc = self.pm(p);
                        pc.moved = true;
                        pc.fired = true;
                    }
                }
            }
        }
        true
    }
}
