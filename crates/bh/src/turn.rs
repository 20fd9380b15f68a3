//! 5.0-5.3 The turn sequence: who acts, and every automatic step
//! (reinforcements, card, ammo roll, panic, passes, end of turn, fire) that
//! `Procedure::step` (actions.rs) dispatches to.

use crate::map::Region;
use crate::state::*;
use engine::Seat;

impl Bh {
    /// The seat that must act now.
    pub fn actor(&self) -> Option<Seat> {
        if self.core.outcome.is_some() {
            return None;
        }
        Some(match self.frames.last()? {
            Frame::SetupBritish { .. }
            | Frame::ChooseObjective { .. }
            | Frame::ChooseGoals { .. }
            | Frame::ChooseZones { .. }
            | Frame::ReinforceZone { .. }
            | Frame::Panic
            | Frame::Spread { .. }
            | Frame::FinalFire { .. } => BRITISH,
            Frame::SetupPatriot { .. } | Frame::ChooseFocus | Frame::ExtraDie => PATRIOT,
            Frame::Hits { owner, .. } => *owner,
            Frame::Displace { region } => {
                let i = self.at(*region).next()?;
                self.p(i).side
            }
            Frame::Flee { piece, .. } | Frame::Overflow { piece, .. } => self.p(*piece).side,
            Frame::Assault(a) => match a.stage {
                AStage::AttackerRetreat => a.attacker,
                _ => other(a.attacker),
            },
            _ => self.to_move,
        })
    }

    /// 10.0 once the game is over no procedure is left pending: the frames
    /// go (also one pushed after the game ended, e.g. by the hit that ended
    /// it) and the phase is Over. Called at the end of `Procedure::perform`,
    /// and of `Procedure::step` unless the step waits for a seat.
    pub(crate) fn close_if_over(&mut self) {
        if self.core.outcome.is_some() {
            self.frames.clear();
            self.phase = Phase::Over;
        }
    }

    /// The next phase, when no procedure is pending.
    pub(crate) fn next_phase(&mut self) {
        match self.phase {
            Phase::Setup => {
                self.phase = Phase::Reinforce;
                self.reinforcements();
            }
            Phase::Reinforce => {
                self.phase = Phase::Panic;
                self.card_and_ammo();
                if self.morale[PATRIOT as usize] <= 12 && !self.panic_regions().is_empty() {
                    self.frames.push(Frame::Panic);
                }
            }
            Phase::Panic => {
                self.phase = Phase::Actions;
                self.first_player();
                self.frames.push(Frame::Actions);
            }
            Phase::Actions => {
                self.phase = Phase::BritishFire;
                self.start_final_fire();
            }
            Phase::BritishFire => {
                self.phase = Phase::EndTurn;
                self.end_turn();
            }
            Phase::EndTurn => {
                // 12.4 / ruling bh #37: fire spreading at 5.3 can complete the bot's objective.
                self.check_sudden_end();
                if self.phase != Phase::EndTurn {
                    return;
                }
                if self.turn >= self.turns {
                    self.end_game();
                } else {
                    self.turn += 1;
                    self.phase = Phase::Reinforce;
                    self.reinforcements();
                }
            }
            Phase::Final => self.finish(),
            Phase::Over => {}
        }
    }

    /// ruling bh #21 (2)-(3): 5.1 draw the card, set the Action Tracks, 4.3 ammo roll.
    fn card_and_ammo(&mut self) {
        let card = self.deck.draw(&mut self.core.dice);
        self.card = Some(card.number);
        for s in [BRITISH, PATRIOT] {
            let base = if s == BRITISH { card.british } else { card.patriot };
            // 9.2, 9.3 a demoralized side receives one Action less.
            self.ap[s as usize] = base.saturating_sub(self.demoralized[s as usize] as u8);
        }
        self.hot_shot_done = false;
        let (t, b, p) = (self.turn, self.ap[0], self.ap[1]);
        self.core.log.say("5.1", || {
            format!(
                "Turn {t}: card {} gives the British {b} and the Patriots {p} Actions",
                card.number
            )
        });
        if self.turn >= 4 && !self.ammo_arrived && self.british_cannons_exist() {
            let r = self.core.dice.d6();
            self.ammo_arrived = r + self.turn >= 10;
            let ok = self.ammo_arrived;
            self.core.log.roll("4.3", &[r], || {
                format!(
                    "Ammo roll {r} + turn {t} = {}, needs 10 or more: {}.",
                    r + t,
                    if ok {
                        "the right ammunition arrives"
                    } else {
                        "still the wrong ammunition"
                    }
                )
            });
        }
    }

    fn british_cannons_exist(&self) -> bool {
        self.pieces.iter().any(|p| p.side == BRITISH && p.unit == Unit::Cannon)
    }

    /// 5.2 who performs the first Action of the turn.
    fn first_player(&mut self) {
        self.free_passed = None;
        self.to_move = revroad::turn::first_to_act(self.ap, &mut self.core.dice, &mut self.core.log);
    }

    /// One automatic step for the top frame; false when a seat must decide.
    pub(crate) fn step_frame(&mut self, f: Frame) -> bool {
        match f {
            Frame::Actions => {
                if self.ap == [0, 0] {
                    // 5.2 the Action Phase ends when both tracks are at zero.
                    self.frames.pop();
                    return true;
                }
                let me = self.to_move;
                if self.ap[me as usize] == 0 {
                    // Ruling bh #2: at zero a player may only pass.
                    self.to_move = other(me);
                    self.free_passed = Some(me);
                    return true;
                }
                false
            }
            Frame::AfterAction => {
                self.frames.pop();
                self.to_move = other(self.to_move);
                self.free_passed = None;
                self.check_sudden_end();
                true
            }
            Frame::Hits { .. } => self.hits_step(),
            Frame::Assault(_) => self.assault_step(),
            Frame::Displace { region } => self.displace_step(region),
            Frame::Flee { piece, left } => self.flee_step(piece, left),
            Frame::Overflow { piece, at, origin } => self.overflow_step(piece, at, origin),
            Frame::Spread { from, choosing } => self.spread_step(from, choosing),
            Frame::SoloRally {
                region,
                units,
                activating,
            } => self.solo_rally_step(region, &units, activating),
            Frame::FinalFire { from: None, fired } => {
                if self.final_fire_regions(fired).is_empty() {
                    self.frames.pop();
                    return true;
                }
                false
            }
            Frame::Panic => {
                if self.panic_regions().is_empty() {
                    self.frames.pop();
                    return true;
                }
                false
            }
            _ => false,
        }
    }

    /// 9.4: both sides demoralized.
    pub fn mutually_demoralized(&self) -> bool {
        self.demoralized == [true, true]
    }

    /// 9.4 Mutual Demoralization: "the game immediately ends", even inside an
    /// Assault whose hits are not yet all taken.
    pub fn check_mutual_demoralization(&mut self) {
        if self.core.outcome.is_none() && self.mutually_demoralized() {
            self.core
                .log
                .say("9.4", || "Both sides are demoralized: the game ends.".into());
            self.finish();
        }
    }

    /// 9.4 mutual demoralization; 12.4 the British bot reached its objectives.
    /// Ruling bh #37: 12.4 is checked when an Action is complete (and after the
    /// 5.3 fire spread), never inside one: an Assault that takes the last
    /// defender still takes its own hits and settles who stays.
    pub fn check_sudden_end(&mut self) {
        self.check_mutual_demoralization();
        if self.core.outcome.is_none() && self.scenario == Scenario::SoloPatriot && self.objective_achieved() {
            self.core.log.say("12.4", || {
                "The British have achieved their objectives: the game ends.".into()
            });
            self.end_game();
        }
    }

    /// The end of the game, at the last turn's end or when 12.4's objective
    /// is met (ruling bh #46: not after 9.4's "immediately"): the rest of the
    /// turn is not played; 5.3's end-of-game fire roll, pieces leave the new
    /// fires (ruling bh #12), then 10.0 victory (`Phase::Final`).
    fn end_game(&mut self) {
        self.frames.clear();
        self.phase = Phase::Final;
        self.final_fire();
        if self.frames.is_empty() {
            self.finish();
        }
    }

    /// 5.3 End Turn: markers off, panic markers removed by leaders, fire spreads.
    fn end_turn(&mut self) {
        let healthy_leaders: Vec<u8> = self
            .pieces
            .iter()
            .filter(|p| p.side == PATRIOT && p.unit == Unit::Leader && !p.flipped && p.on_map())
            .map(|p| p.loc)
            .collect();
        for p in &mut self.pieces {
            p.moved = false;
            p.fired = false;
            p.rallied = false;
            p.landed = false;
        }
        if self.morale[PATRIOT as usize] > 0 {
            // 9.1 each healthy leader may remove one Panic marker in its region.
            for r in healthy_leaders {
                if let Some(i) = (0..self.pieces.len()).find(|&i| self.pieces[i].loc == r && self.pieces[i].panic) {
                    self.pieces[i].panic = false;
                }
            }
        }
        let t = self.turn;
        self.core
            .log
            .say("5.3", || format!("End of turn {t}: markers removed."));
        // Ruling bh #12: only regions ablaze at the start of the step roll.
        let from: Vec<Region> = self
            .map()
            .land()
            .filter(|&r| self.is_ablaze(r) && !self.spread_targets(r).is_empty())
            .collect();
        if !from.is_empty() {
            self.frames.push(Frame::Spread { from, choosing: None });
        }
    }

    /// Non-ablaze town regions next to `r` (ruling bh #12: fire spreads only in town).
    pub fn spread_targets(&self, r: Region) -> Vec<Region> {
        let map = self.map();
        map.neighbours(r)
            .iter()
            .copied()
            .filter(|&b| map.is_town(b) && !self.is_ablaze(b))
            .collect()
    }

    fn spread_step(&mut self, mut from: Vec<Region>, choosing: Option<Region>) -> bool {
        if choosing.is_some() {
            return false;
        }
        self.frames.pop();
        while let Some(r) = (!from.is_empty()).then(|| from.remove(0)) {
            let targets = self.spread_targets(r);
            if targets.is_empty() {
                continue;
            }
            let roll = self.core.dice.d6();
            let m = self.map();
            self.core.log.roll_at(
                "5.3",
                &[roll],
                || m.path(&[r]),
                || {
                    format!(
                        "Fire in {}: {roll}, 5 or 6 spreads it: {}.",
                        m.name(r),
                        if roll >= 5 { "it spreads" } else { "it does not spread" }
                    )
                },
            );
            if roll >= 5 {
                if targets.len() == 1 {
                    self.frames.push(Frame::Spread { from, choosing: None });
                    self.ignite(targets[0], "5.3");
                    return true;
                }
                self.frames.push(Frame::Spread {
                    from,
                    choosing: Some(r),
                });
                return true;
            }
        }
        true
    }

    /// 4.6 a region catches fire; its pieces move out (ruling bh #12).
    pub fn ignite(&mut self, r: Region, rule: &'static str) {
        self.ablaze |= bit(r);
        let m = self.map();
        self.core
            .log
            .say_at(rule, || m.path(&[r]), || format!("{} is ablaze.", m.name(r)));
        if self.at(r).next().is_some() {
            self.frames.push(Frame::Displace { region: r });
        }
    }

    /// Where a piece leaving a burning region may go (ruling bh #12).
    pub fn displace_targets(&self, i: PieceId) -> Vec<Region> {
        let p = self.p(i);
        let map = self.map();
        map.neighbours(p.loc)
            .iter()
            .copied()
            .filter(|&b| {
                map.area(b).is_land()
                    && !self.is_ablaze(b)
                    && !self.has(b, other(p.side))
                    && (!p.military()
                        || self.room(b, p.side) > 0
                        || self.overflow(p.side, b, p.loc, NO_REGION).is_some())
            })
            .collect()
    }

    fn displace_step(&mut self, region: Region) -> bool {
        let Some(i) = self.at(region).next() else {
            self.frames.pop();
            return true;
        };
        if self.displace_targets(i).is_empty() {
            let (name, at, m) = (self.label(i), self.p(i).loc, self.map());
            self.core.log.say_at(
                "6.4",
                || m.path(&[at]),
                || format!("{name} cannot leave the fire in {} and is destroyed.", m.name(at)),
            );
            self.eliminate(i);
            return true;
        }
        false
    }

    /// 5.3 at the end of the game every town region next to a fire may catch.
    fn final_fire(&mut self) {
        let map = self.map();
        let candidates: Vec<Region> = map
            .land()
            .filter(|&r| map.is_town(r) && !self.is_ablaze(r) && map.neighbours(r).iter().any(|&b| self.is_ablaze(b)))
            .collect();
        for r in candidates {
            let roll = self.core.dice.d6();
            self.core.log.roll_at(
                "5.3",
                &[roll],
                || map.path(&[r]),
                || {
                    format!(
                        "End-of-game fire roll for {}: {roll}, 5 or 6 sets it ablaze.",
                        map.name(r)
                    )
                },
            );
            if roll >= 5 {
                self.ignite(r, "5.3");
            }
        }
    }
}
