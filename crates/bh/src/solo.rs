//! 12.2-12.4 the solitaire scenarios: objectives, their upgrades and the set-ups they imply.

use crate::actions::Action;
use crate::map::Region;
use crate::setup::{bot_objective, british_objective};
use crate::state::*;
use revroad::board::{bit, Regions};

impl Bh {
    /// 12.3 an upgrade must lengthen the game ("may not downgrade").
    pub fn can_upgrade(&self) -> bool {
        self.objective.as_ref().is_some_and(|o| o.turns < 9)
    }

    pub fn perform_objective(&mut self, a: Action) {
        let top = self.frames.pop().expect("an objective frame");
        match (top, a) {
            (Frame::ChooseFocus, Action::Focus(g)) => {
                // 12.4: the Patriot guesses, then the bot's objective is rolled.
                self.solo_patriot_setup(g);
                let roll = self.core.dice.d6();
                self.objective = Some(bot_objective(roll));
                self.core
                    .log
                    .roll("12.4", &[roll], || format!("The British objective is #{roll}."));
                self.solo_british_setup();
            }
            (Frame::ChooseObjective { upgrade }, Action::Choice(Choice::Roll)) => {
                let roll = self.core.dice.d6();
                self.core
                    .log
                    .roll("12.3", &[roll], || format!("Objective rolled: #{roll}."));
                self.objective_number(roll, upgrade);
            }
            (Frame::ChooseObjective { upgrade }, Action::Objective(n)) => self.objective_number(n, upgrade),
            (
                Frame::ChooseGoals {
                    number,
                    mut goals,
                    upgrade,
                },
                Action::Goal(g),
            ) => {
                goals.push(g);
                let want = if number == 6 { 3 } else { 2 };
                if goals.len() < want {
                    self.frames.push(Frame::ChooseGoals { number, goals, upgrade });
                    return;
                }
                let mut obj = british_objective(number);
                obj.goals = goals;
                if number == 6 {
                    // 12.3 #6: three zones at the start; one more added on an upgrade.
                    let (zones, want) = match (&self.objective, upgrade) {
                        (Some(o), true) => (o.zones.clone(), o.zones.len() as u8 + 1),
                        _ => (vec![], 3),
                    };
                    self.objective = Some(Objective {
                        zones: zones.clone(),
                        ..obj
                    });
                    self.frames.push(Frame::ChooseZones { zones, want });
                    if upgrade {
                        self.turns = 9;
                    }
                    return;
                }
                self.set_objective(obj, upgrade);
            }
            (Frame::ChooseZones { mut zones, want }, Action::Zone(z)) => {
                zones.push(z);
                if (zones.len() as u8) < want {
                    self.frames.push(Frame::ChooseZones { zones, want });
                    return;
                }
                let mut obj = self.objective.clone().expect("objective being set");
                let upgrade = self.phase != Phase::Setup;
                obj.zones = zones;
                self.set_objective(obj, upgrade);
            }
            (f, a) => unreachable!("{a:?} in {f:?}"),
        }
    }

    fn objective_number(&mut self, n: u8, upgrade: bool) {
        match n {
            4..=6 => {
                let goals = match n {
                    4 => vec![Goal::Bunker],
                    5 => vec![Goal::Neck],
                    _ => vec![],
                };
                self.frames.push(Frame::ChooseGoals {
                    number: n,
                    goals,
                    upgrade,
                });
            }
            _ => self.set_objective(british_objective(n), upgrade),
        }
    }

    /// 12.3 the objective takes effect: set-up at the start, or new zones on an upgrade.
    fn set_objective(&mut self, obj: Objective, upgrade: bool) {
        let n = obj.number;
        self.core
            .log
            .say("12.3", || format!("British objective #{n}: {} turns", obj.turns));
        self.turns = obj.turns;
        let zones: Vec<u8> = obj.zones.clone();
        self.objective = Some(obj.clone());
        if upgrade {
            // Units still afloat go to the new zones, divided equally.
            let afloat: Vec<PieceId> = (0..self.pieces.len() as PieceId)
                .filter(|&i| {
                    let l = self.p(i).loc;
                    self.p(i).side == BRITISH && in_region(l) && self.map().zone_at(l).is_some()
                })
                .collect();
            for (k, i) in afloat.into_iter().enumerate() {
                self.pm(i).loc = self.map().zone(zones[k % zones.len()]).region;
            }
            return;
        }
        self.solo_british_setup();
        let focus = match n {
            1 => Goal::Charlestown,
            2 => Goal::Works,
            3 => Goal::Breeds,
            4 | 5 => Goal::Bunker,
            _ => {
                // 12.3 Any Three Objectives: roll for the Patriot set-up.
                let roll = self.core.dice.d6();
                self.core
                    .log
                    .roll("12.3", &[roll], || format!("Patriot set-up roll {roll}"));
                match roll {
                    1 | 2 => Goal::Breeds,
                    3 | 4 => Goal::Bunker,
                    5 => Goal::Charlestown,
                    _ => Goal::Works,
                }
            }
        };
        self.solo_patriot_setup(focus);
    }
}

impl Bh {
    /// 12.4 / ruling bh #29 "conduct British Final Fire" once both tracks
    /// are at zero: each British region with units still able to fire may
    /// make one free Volley Fire at an adjacent Patriot region. The rulebook
    /// never defines it, so it is played only with option `final-fire`
    /// (ruling bh #25: none by default).
    pub(crate) fn start_final_fire(&mut self) {
        if self.scenario != Scenario::SoloPatriot || !self.opts.final_fire || self.final_fire_regions(0).is_empty() {
            return;
        }
        self.to_move = BRITISH;
        self.core.log.say("12.4", || "British Final Fire".into());
        self.frames.push(Frame::FinalFire { from: None, fired: 0 });
    }

    /// Ruling bh #29: British regions with a unit able to fire and a Patriot neighbour.
    /// Ruling bh #29: the regions that may still make their one Final Fire
    /// (`fired`: those that have).
    pub fn final_fire_regions(&self, fired: Regions) -> Vec<Region> {
        self.volley_regions(BRITISH)
            .into_iter()
            .filter(|&r| fired & bit(r) == 0 && !self.final_fire_targets(r).is_empty())
            .collect()
    }

    /// Ruling bh #29: only adjacent targets (the lines in contact).
    pub fn final_fire_targets(&self, from: Region) -> Vec<Region> {
        self.volley_targets(BRITISH, from)
            .into_iter()
            .filter(|&t| self.map().adjacent(from, t))
            .collect()
    }

    pub(crate) fn legal_final_fire(&self, from: Option<Region>, fired: Regions, out: &mut Vec<Action>) {
        match from {
            None => {
                out.extend(self.final_fire_regions(fired).into_iter().map(Action::Region));
                out.push(Action::Choice(Choice::Done));
            }
            Some(f) => out.extend(self.final_fire_targets(f).into_iter().map(Action::Region)),
        }
    }

    /// Every unit of the region that may fire does (at most three from a
    /// Staging Area, ruling bh #3); no Action is spent.
    pub(crate) fn perform_final_fire(&mut self, a: Action) {
        let Some(Frame::FinalFire { from, fired }) = self.frames.pop() else {
            unreachable!("final fire frame on top")
        };
        match (from, a) {
            (None, Action::Region(r)) => self.frames.push(Frame::FinalFire { from: Some(r), fired }),
            (Some(f), Action::Region(t)) => {
                self.frames.push(Frame::FinalFire {
                    from: None,
                    fired: fired | bit(f),
                });
                let mut chosen: Vec<PieceId> = self.side_at(f, BRITISH).filter(|&i| self.can_fire(i)).collect();
                chosen.truncate(self.group_cap(f));
                self.frames.push(Frame::Volley {
                    from: Some(f),
                    target: Some(t),
                    chosen,
                });
                self.volley_extra(false);
            }
            _ => {}
        }
    }
}
