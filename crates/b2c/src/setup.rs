//! 15.1 and 15.2 set-ups, and the scenario decks (15.3, 15.4).

use crate::frames::{Frame, Ride};
use crate::map::{map, Kind as RegionKind};
use crate::state::*;
use engine::{Core, Setup};
use revroad::{cards, Deck, MilitiaPool};

/// 15.2 one region's Patriots: leaders, minutemen, broken minutemen, hidden militia, drawn militia.
type SoloRow = (&'static str, &'static [&'static str], u8, u8, u8, u8);

fn name_index(name: &str) -> u8 {
    NAMES
        .iter()
        .position(|n| *n == name)
        .unwrap_or_else(|| panic!("leader '{name}' in the map data is not a known leader")) as u8
}

/// 15.3 / 15.4 the solitaire decks: without cards giving the bot's side 5
/// actions or more actions than the player's side.
pub fn deck_cards(scenario: Scenario) -> Vec<u8> {
    cards::cards()
        .iter()
        .filter(|c| match scenario {
            Scenario::Standard => true,
            Scenario::SoloBritish => c.british < 5 && c.british <= c.patriot,
            Scenario::SoloPatriot => c.patriot < 5 && c.patriot <= c.british,
        })
        .map(|c| c.number)
        .collect()
}

impl B2c {
    pub fn start(setup: &Setup) -> B2c {
        let scenario = Scenario::from_key(&setup.scenario);
        let opts = Options {
            leader_rerolls: setup.flag("leader-rerolls"),
            opfire_movement: setup.flag("opfire-movement"),
            hobbled_sol: setup.flag("hobbled-sol"),
            militia_minutemen: setup.flag("militia-minutemen"),
            hidden_arms: match setup.option("hidden-arms") {
                Some("none") => 1,
                Some("any-hash") => 2,
                Some("hash-count") => 3,
                _ => 0,
            },
            percy_turn: if setup.option("percy-turn") == Some("8") { 8 } else { 9 },
            bot: revroad::sheet::sheet_plays(setup),
        };
        let mut core = Core::new(setup);
        let deck = Deck::shuffled(deck_cards(scenario), &mut core.dice);
        let n = map().len();
        let mut g = B2c {
            scenario,
            opts,
            pieces: Vec::new(),
            gather: vec![Gather::None; n],
            alert: 0,
            arms: 0,
            searched: 0,
            ambush: 0,
            snipe: 0,
            hinder: [Hinder::Available; 3],
            turn: 1,
            last_turn: 12,
            phase: Phase::PreGame,
            actions: [0; 2],
            reserve: [0; 2],
            vp: [0; 2],
            deck,
            known: [0; 2],
            intel_used: [false; 2],
            card: None,
            pool: MilitiaPool::B2C,
            shot: false,
            concord_entered: false,
            percy_award: false,
            british_in: 0,
            prescott_free: false,
            riders_lost: 0,
            last_actor: BRITISH,
            frames: Vec::new(),
            core,
        };
        if scenario.solo() {
            g.setup_solo();
        } else {
            g.setup_standard();
        }
        g.british_in = g.british_regions();
        g
    }

    fn add(&mut self, kind: Kind, name: u8, loc: u8) -> u8 {
        self.pieces.push(Piece::new(kind, name, loc));
        (self.pieces.len() - 1) as u8
    }

    fn hidden_militia(&mut self, loc: u8, under: bool) -> u8 {
        let p = self.add(Kind::Militia, NO_NAME, loc);
        self.pm(p).hidden = true;
        self.pm(p).under = under;
        p
    }

    /// 15.1 From Boston to Concord.
    fn setup_standard(&mut self) {
        let m = map();
        let boston = m.boston;
        for _ in 0..7 {
            self.add(Kind::Regular, NO_NAME, boston);
        }
        self.add(Kind::BritishLeader, SMITH, boston);
        self.add(Kind::BritishLeader, PITCAIRN, boston);
        for _ in 0..8 {
            let p = self.add(Kind::Regular, NO_NAME, WAITING);
            self.pm(p).percy = true;
        }
        let c = self.add(Kind::Cannon, NO_NAME, WAITING);
        self.pm(c).percy = true;
        let p = self.add(Kind::BritishLeader, PERCY, WAITING);
        self.pm(p).percy = true;
        for (i, r) in m.areas.iter().enumerate() {
            let r8 = i as u8;
            if r.ha != 0 {
                self.arms |= 1 << i;
            }
            let marker = r.muster || (r.kind == RegionKind::Alert && r.alert);
            if !marker {
                continue;
            }
            if r.muster {
                self.gather[i] = if r8 == m.charlestown {
                    Gather::Muster
                } else {
                    Gather::Gather
                };
            } else {
                self.alert |= 1 << i;
            }
            self.hidden_militia(r8, true);
            for _ in 0..r.minutemen {
                let p = self.add(Kind::Minuteman, NO_NAME, r8);
                self.pm(p).under = true;
            }
            if let Some(l) = &r.leader {
                let p = self.add(Kind::PatriotLeader, name_index(l), r8);
                self.pm(p).under = true;
            }
        }
        self.add(Kind::Nightrider, REVERE, m.charlestown);
        self.add(Kind::Nightrider, DAWES, boston);
        let lex = m.lexington;
        let p = self.add(Kind::Nightrider, PRESCOTT, lex);
        self.pm(p).under = true;
        for n in ["Hancock", "Adams"] {
            let p = self.add(Kind::SonOfLiberty, name_index(n), lex);
            self.pm(p).under = true;
        }
        self.core.log.say("15.1", || {
            "From Boston to Concord: 12 turns. Before turn 1 the Patriots take a free Call to Arms (9.0).".into()
        });
        let riders = self.free_riders();
        self.frames.push(Frame::Ride(Ride {
            riders,
            ap: 4,
            free: true,
            alerted: false,
        }));
    }

    /// 15.2 the solitaire set-up (turns 8-12).
    fn setup_solo(&mut self) {
        let m = map();
        let by = |id: &str| m.region(id).expect("15.2 regions exist");
        self.turn = 8;
        let boston = m.boston;
        let concord = m.concord;
        for _ in 0..8 {
            let p = self.add(Kind::Regular, NO_NAME, boston);
            self.pm(p).percy = true;
        }
        let c = self.add(Kind::Cannon, NO_NAME, boston);
        self.pm(c).percy = true;
        let p = self.add(Kind::BritishLeader, PERCY, boston);
        self.pm(p).percy = true;
        for i in 0..7 {
            let p = self.add(Kind::Regular, NO_NAME, concord);
            self.pm(p).flipped = i >= 3;
        }
        self.add(Kind::BritishLeader, SMITH, concord);
        self.add(Kind::BritishLeader, PITCAIRN, concord);
        // (region, leaders, minutemen, broken minutemen, hidden militia, drawn militia)
        let rows: [SoloRow; 5] = [
            ("cambridge", &["Warren", "Heath"], 0, 0, 4, 0),
            ("watertown", &["Baldwin"], 1, 0, 3, 0),
            ("lexington", &["Parker", "Putnam"], 1, 0, 3, 0),
            ("lincoln", &["Buttrick"], 2, 0, 0, 3),
            ("concord", &["Barrett", "Davis", "Frye"], 0, 2, 0, 5),
        ];
        for (id, leaders, mm, broken_mm, hidden, drawn) in rows {
            let r = by(id);
            for l in leaders {
                self.add(Kind::PatriotLeader, name_index(l), r);
            }
            for i in 0..mm + broken_mm {
                let p = self.add(Kind::Minuteman, NO_NAME, r);
                self.pm(p).flipped = i >= mm;
            }
            for _ in 0..hidden {
                self.hidden_militia(r, false);
            }
            for _ in 0..drawn {
                let v = self.pool.draw(&mut self.core.dice).expect("the pool holds 21 militia");
                let p = self.add(Kind::Militia, NO_NAME, r);
                self.pm(p).value = v;
            }
        }
        // ruling b2c #26: Concord counts as entered and the Shot as fired.
        self.concord_entered = true;
        self.shot = true;
        self.phase = Phase::Actions;
        self.core.log.say("15.2", || {
            "Solitaire set-up: turns 8-12, both forces at Concord and Boston.".into()
        });
        self.start_turn();
    }

    /// Nightriders that a Call to Arms activates now (6.12).
    pub fn free_riders(&self) -> Vec<u8> {
        (0..self.pieces.len() as u8)
            .filter(|&p| {
                let pc = self.piece(p);
                pc.kind == Kind::Nightrider && !pc.flipped && !pc.moved && pc.active()
            })
            .collect()
    }
}
