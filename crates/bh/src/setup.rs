//! 12.1 set-up, 12.2 solitaire set-up and reinforcements, 12.3/12.4 objectives.
//! 2.0 and 5.1 send the set-up to "11.1" / "11.0", the optional rules: read
//! 12.1 / 12.0 (ruling bh #1).

use crate::map::{self, Region};
use crate::state::*;
use engine::{Core, Game, Seat, Setup};
use revroad::{Deck, MilitiaPool};

/// 12.1 the ten Bunker Hill cards.
pub const DECK: [u8; 10] = [1, 6, 8, 10, 11, 12, 13, 14, 16, 17];

const PATRIOT_LEADERS: [&str; 5] = ["Prescott", "Putnam", "Knowlton", "Ward", "Callender"];

/// 12.3/12.4 Patriot defense set-ups: region and pieces (C cannon, M minuteman, m militia, L leader).
fn focus_layout(goal: Goal) -> &'static [(&'static str, &'static str)] {
    match goal {
        Goal::Charlestown => &[
            ("ndw-north", "M"),
            ("ndw-south", "Mm"),
            ("breeds-redoubt", "mML"),
            ("breeds-south", "CML"),
            ("breeds-slope-west", "mML"),
            ("town-meeting", "mML"),
            ("town-square", "mML"),
        ],
        Goal::Works => &[
            ("bunker-south", "M"),
            ("mystic-beach", "mML"),
            ("breeds-slope-north", "mML"),
            ("ndw-south", "CML"),
            ("ndw-north", "mML"),
            ("breeds-redoubt", "mML"),
            ("breeds-south", "mM"),
        ],
        Goal::Breeds => &[
            ("ndw-north", "M"),
            ("ndw-south", "Mm"),
            ("breeds-slope-north", "mML"),
            ("breeds-redoubt", "CML"),
            ("breeds-south", "mML"),
            ("breeds-slope-west", "mML"),
            ("town-main", "mML"),
        ],
        Goal::Bunker | Goal::Neck => &[
            ("neck", "m"),
            ("bunker-center", "CML"),
            ("bunker-north", "mML"),
            ("bunker-south", "mML"),
            ("ndw-south", "M"),
            ("ndw-north", "mML"),
            ("breeds-redoubt", "mML"),
            ("breeds-south", "mM"),
        ],
    }
}

/// 12.3 the six British objectives: goals, turns and landing zones.
pub fn british_objective(number: u8) -> Objective {
    let (goals, turns, zones): (Vec<Goal>, u8, Vec<u8>) = match number {
        1 => (vec![Goal::Charlestown], 5, vec![5, 6]),
        2 => (vec![Goal::Works], 6, vec![2, 3]),
        3 => (vec![Goal::Breeds], 7, vec![3, 4]),
        4 => (vec![Goal::Bunker], 8, vec![1, 2]),
        5 => (vec![Goal::Neck], 8, vec![1, 2]),
        _ => (vec![], 9, vec![]),
    };
    Objective {
        number,
        goals,
        turns,
        zones,
        per_region: if number == 6 { 1 } else { 2 },
    }
}

/// 12.4 the British bot's objective by die roll.
pub fn bot_objective(roll: u8) -> Objective {
    let (goals, turns, zones) = match roll {
        1 => (vec![Goal::Charlestown], 5, vec![5, 6]),
        2 => (vec![Goal::Works], 6, vec![2, 3]),
        3 | 4 => (vec![Goal::Breeds], 7, vec![3, 4]),
        5 => (vec![Goal::Breeds, Goal::Neck], 8, vec![1, 2]),
        _ => (vec![Goal::Bunker], 9, vec![1, 2]),
    };
    Objective {
        number: roll,
        goals,
        turns,
        zones,
        per_region: 2,
    }
}

impl Bh {
    /// 12.1-12.4 a new game: the deck, the counters and the scenario's
    /// set-up (12.1 where 2.0 and 5.1 say 11.1, ruling bh #1), then every
    /// automatic step up to the first decision.
    pub fn start(setup: &Setup) -> Bh {
        let scenario = Scenario::from_key(&setup.scenario);
        let opts = Opts {
            redoubt_wall: setup.flag("redoubt-wall"),
            final_fire: setup.flag("final-fire"),
            more_ammo: setup.option("ammo") == Some("more-options"),
            any_zone: setup.option("landing-zones") == Some("optional"),
            bot: revroad::sheet::sheet_plays(setup),
        };
        let mut core = Core::new(setup);
        // 12.2 "cards containing hash-marks are ignored" in the solitaire scenarios.
        let cards: Vec<u8> = DECK
            .iter()
            .copied()
            .filter(|&n| scenario == Scenario::Standard || revroad::cards::card(n).hash == 0)
            .collect();
        let deck = Deck::shuffled(cards, &mut core.dice);
        let map = map::Map::get();
        let mut g = Bh {
            scenario,
            opts,
            phase: Phase::Setup,
            turn: 1,
            turns: 10,
            deck,
            card: None,
            ap: [0, 0],
            reserve: [0, 0],
            to_move: BRITISH,
            free_passed: None,
            ammo: 24,
            morale: [24, 24],
            demoralized: [false, false],
            ammo_arrived: false,
            fleet: map.r("fleet-harbor"),
            ablaze: 0,
            hot_shot_done: false,
            released: 0,
            pieces: Vec::new(),
            pool: MilitiaPool::B2C,
            objective: None,
            frames: Vec::new(),
            core,
            setup: setup.clone(),
        };
        g.patriot_roster();
        match scenario {
            Scenario::Standard => g.standard_setup(),
            Scenario::SoloBritish => g.frames.push(Frame::ChooseObjective { upgrade: false }),
            Scenario::SoloPatriot => g.frames.push(Frame::ChooseFocus),
        }
        g.advance();
        g
    }

    pub(crate) fn add(&mut self, unit: Unit, side: Seat, name: &str, arrives: u8, loc: u8) -> PieceId {
        self.pieces.push(Piece {
            unit,
            side,
            name: name.into(),
            loc,
            flipped: false,
            strength: None,
            moved: false,
            fired: false,
            rallied: false,
            panic: false,
            home: NO_REGION,
            landed: false,
            arrives,
        });
        self.pieces.len() as PieceId - 1
    }

    fn add_many(&mut self, unit: Unit, side: Seat, n: usize, arrives: u8, loc: u8) -> Vec<PieceId> {
        let base = match unit {
            Unit::Regular => "Regulars",
            Unit::Marine => "Marines",
            Unit::Cannon => "Cannon",
            Unit::Minuteman => "Minutemen",
            Unit::Militia => "Militia",
            Unit::Leader => "Leader",
        };
        (0..n)
            .map(|_| {
                let k = self.pieces.iter().filter(|p| p.unit == unit && p.side == side).count() + 1;
                let name = format!("{base} {k}");
                self.add(unit, side, &name, arrives, loc)
            })
            .collect()
    }

    /// 12.1 Patriot counters (the same in every scenario, 12.2 B).
    pub(crate) fn patriot_roster(&mut self) {
        let muster = self.map().muster();
        self.add_many(Unit::Cannon, PATRIOT, 1, 0, WAITING);
        self.add_many(Unit::Minuteman, PATRIOT, 7, 0, WAITING);
        self.add_many(Unit::Militia, PATRIOT, 5, 0, WAITING);
        for name in PATRIOT_LEADERS {
            self.add(Unit::Leader, PATRIOT, name, 0, WAITING);
        }
        self.add_many(Unit::Militia, PATRIOT, 3, 0, muster);
        self.add(Unit::Leader, PATRIOT, "Stark", 0, muster);
        self.add(Unit::Leader, PATRIOT, "Nixon", 0, muster);
        for turn in 2..=4 {
            self.add_many(Unit::Militia, PATRIOT, 3, turn, WAITING);
        }
        // Ruling bh #24: the turn 5 "4 Militia" are unknown-strength pieces.
        self.add_many(Unit::Militia, PATRIOT, 4, 5, WAITING);
        self.add(Unit::Leader, PATRIOT, "Reed", 5, WAITING);
        self.add(Unit::Leader, PATRIOT, "Woodbridge", 5, WAITING);
    }

    /// 12.1 (ruling bh #1) British at start and reinforcements; the Patriots
    /// place theirs.
    pub(crate) fn standard_setup(&mut self) {
        let lz2 = self.map().zone(2).region;
        self.add_many(Unit::Regular, BRITISH, 5, 0, WAITING);
        self.add_many(Unit::Regular, BRITISH, 10, 0, lz2);
        self.add_many(Unit::Cannon, BRITISH, 2, 0, lz2);
        self.add(Unit::Leader, BRITISH, "Gage", 0, lz2);
        self.add(Unit::Leader, BRITISH, "Pigot", 0, lz2);
        self.add_many(Unit::Regular, BRITISH, 5, 3, WAITING);
        self.add_many(Unit::Marine, BRITISH, 2, 3, WAITING);
        self.add(Unit::Leader, BRITISH, "Howe", 3, WAITING);
        self.add(Unit::Leader, BRITISH, "Abercrombie", 3, WAITING);
        self.add_many(Unit::Regular, BRITISH, 4, 6, WAITING);
        self.add_many(Unit::Marine, BRITISH, 2, 6, WAITING);
        self.add(Unit::Leader, BRITISH, "Clinton", 6, WAITING);
        let left: Vec<PieceId> = (0..self.pieces.len() as PieceId)
            .filter(|&i| self.p(i).side == PATRIOT && self.p(i).loc == WAITING && self.p(i).arrives == 0)
            .collect();
        self.frames.push(Frame::SetupPatriot { left });
        self.frames.push(Frame::SetupBritish { left: 5 });
    }

    /// 12.1 regions where the Patriot may set up: those with a defensive
    /// modifier (3.1, or 3.3 for towns), Moulton's Hill excepted.
    pub fn patriot_setup_regions(&self) -> Vec<Region> {
        let map = self.map();
        map.land()
            .filter(|&r| {
                let a = map.area(r);
                (a.assault > 0 || map.is_town(r)) && map.id(r) != "moultons-hill"
            })
            .collect()
    }

    /// 12.2 A British solitaire set-up in the objective's zones; 12.2 B reinforcements.
    pub fn solo_british_setup(&mut self) {
        let obj = self.objective.clone().expect("objective chosen");
        let zones: Vec<u8> = obj.zones.iter().map(|&z| self.map().zone(z).region).collect();
        let n = zones.len();
        let per = if n == 2 { 8 } else { 5 };
        for &z in &zones {
            self.add_many(Unit::Regular, BRITISH, per, 0, z);
        }
        if n == 3 {
            let k = (self.core.dice.d6() as usize - 1) / 2;
            let z = zones[k];
            self.core
                .log
                .say("12.2", || "The odd Regulars' landing zone is rolled for.".to_string());
            self.add_many(Unit::Regular, BRITISH, 1, 0, z);
        }
        self.add(Unit::Leader, BRITISH, "Gage", 0, zones[0]);
        self.add(Unit::Leader, BRITISH, "Pigot", 0, zones[1 % n]);
        if !obj.burns_town() {
            // 12.3 #1 deletes the artillery.
            self.add_many(Unit::Cannon, BRITISH, 1, 0, zones[0]);
            self.add_many(Unit::Cannon, BRITISH, 1, 0, zones[1 % n]);
        }
        self.add_many(Unit::Regular, BRITISH, 6, 3, WAITING);
        self.add_many(Unit::Marine, BRITISH, 2, 3, WAITING);
        self.add(Unit::Leader, BRITISH, "Howe", 3, WAITING);
        self.add(Unit::Leader, BRITISH, "Abercrombie", 3, WAITING);
        self.add_many(Unit::Regular, BRITISH, 4, 5, WAITING);
        self.add_many(Unit::Marine, BRITISH, 2, 5, WAITING);
        self.add(Unit::Leader, BRITISH, "Clinton", 5, WAITING);
        self.turns = obj.turns;
    }

    /// 12.3/12.4 the Patriot defense set-up for a focus.
    pub fn solo_patriot_setup(&mut self, goal: Goal) {
        let map = self.map();
        let muster = map.muster();
        for (id, what) in focus_layout(goal) {
            let r = map.r(id);
            for c in what.chars() {
                let unit = match c {
                    'C' => Unit::Cannon,
                    'M' => Unit::Minuteman,
                    'm' => Unit::Militia,
                    _ => Unit::Leader,
                };
                // The Bunker set-up names six militia: the sixth comes from the Muster Box.
                let pick = (0..self.pieces.len() as PieceId)
                    .find(|&i| {
                        let p = self.p(i);
                        p.side == PATRIOT && p.unit == unit && p.arrives == 0 && p.loc == WAITING
                    })
                    .or_else(|| {
                        (0..self.pieces.len() as PieceId).find(|&i| {
                            let p = self.p(i);
                            p.side == PATRIOT && p.unit == unit && p.loc == muster && unit == Unit::Militia
                        })
                    });
                if let Some(i) = pick {
                    self.pm(i).loc = r;
                }
            }
        }
        self.core
            .log
            .say("12.3", || format!("Patriot defense set-up: {} objective", goal.key()));
    }

    /// 12.1, 12.2 B, ruling bh #21 (1): this turn's reinforcements arrive.
    pub fn reinforcements(&mut self) {
        let muster = self.map().muster();
        let turn = self.turn;
        let arriving: Vec<PieceId> = (0..self.pieces.len() as PieceId)
            .filter(|&i| self.p(i).arrives == turn && self.p(i).loc == WAITING && turn > 0)
            .collect();
        let mut british = Vec::new();
        let mut patriots = 0;
        for i in arriving {
            if self.p(i).side == PATRIOT {
                self.pm(i).loc = muster;
                patriots += 1;
            } else {
                british.push(i);
            }
        }
        if patriots > 0 {
            self.core.log.say("12.1", || {
                format!("{patriots} Patriot reinforcements reach the Muster Box (turn {turn})")
            });
        }
        if !british.is_empty() {
            let n = british.len();
            self.core.log.say("12.1", || {
                format!("{n} British reinforcements arrive by boat (turn {turn})")
            });
        }
        if british.is_empty() {
            return;
        }
        if let Some(obj) = self.objective.clone() {
            // 12.2: divided between the objective's landing zones.
            for (k, &i) in british.iter().enumerate() {
                let z = obj.zones[k % obj.zones.len()];
                self.pm(i).loc = self.map().zone(z).region;
            }
            return;
        }
        let zones: Vec<u8> = if self.opts.any_zone {
            (1..=6).collect()
        } else if turn >= 6 {
            vec![2, 3]
        } else {
            vec![2]
        };
        if zones.len() == 1 {
            let z = self.map().zone(zones[0]).region;
            for i in british {
                self.pm(i).loc = z;
            }
        } else {
            self.frames.push(Frame::ReinforceZone { pieces: british, zones });
        }
    }
}
