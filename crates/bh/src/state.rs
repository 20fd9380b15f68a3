//! The game state: pieces in index arrays, tracks, markers and the stack of
//! pending procedures (frames).

use crate::map::{Map, Region};
use engine::{Core, Seat, Setup};
use revroad::board::Regions;
pub use revroad::board::{bit, in_region, regions_in, DESTROYED, NO_REGION, WAITING};
use revroad::{Deck, MilitiaPool};
use serde::{Deserialize, Serialize};
use std::sync::Arc;

pub use revroad::{other, PieceId, BRITISH, PATRIOT};

/// How saves name the places off the map. Saves before the names held
/// 255 for a piece not yet in play and 254 for one destroyed.
pub enum Places {}

impl revroad::board::OffMap for Places {
    const NAMES: &'static [(u8, &'static str)] = &[(WAITING, "waiting"), (DESTROYED, "destroyed")];
    const OLD_NUMBERS: &'static [(u8, u8)] = &[(255, WAITING), (254, DESTROYED)];
}

/// 4.1, 4.2 the kinds of counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    Regular,
    Marine,
    Cannon,
    Minuteman,
    Militia,
    Leader,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    pub unit: Unit,
    pub side: Seat,
    /// Shared, so that copying a state (every search iteration) copies no text.
    pub name: Arc<str>,
    #[serde(
        serialize_with = "revroad::board::save_place::<Places, _>",
        deserialize_with = "revroad::board::load_place::<Places, _>"
    )]
    pub loc: u8,
    /// Broken unit, wounded leader, damaged cannon (4.1, 4.2).
    pub flipped: bool,
    /// 4.1 a militia unit's strength once revealed (ruling bh #9); `None` is unknown.
    pub strength: Option<u8>,
    pub moved: bool,
    pub fired: bool,
    pub rallied: bool,
    /// 9.1 Panic marker.
    pub panic: bool,
    /// Ruling bh #11: the Staging Area a British unit landed in.
    pub home: u8,
    /// Landed this turn (12.2: no sniping of leaders making a water landing).
    pub landed: bool,
    /// Turn of arrival (0 = at start).
    pub arrives: u8,
}

impl Piece {
    pub fn military(&self) -> bool {
        self.unit != Unit::Leader
    }
    pub fn on_map(&self) -> bool {
        in_region(self.loc)
    }
}

pub use revroad::Scenario;

/// 11.2 the ammunition options.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opts {
    pub redoubt_wall: bool,
    pub more_ammo: bool,
    pub any_zone: bool,
    /// 12.3, 12.4 option `bot`: the game plays the solitaire bot's seat by its sheet (`sheet`), or the seat is an ordinary one (`seat`).
    pub bot: bool,
    /// 12.4 option `final-fire` (ruling bh #29; off by default, ruling #25).
    #[serde(default)]
    pub final_fire: bool,
}

/// 12.3, 12.4 the British objectives of the solitaire scenarios.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Goal {
    Charlestown,
    Works,
    Breeds,
    Bunker,
    Neck,
}

impl Goal {
    pub const ALL: [Goal; 5] = [Goal::Charlestown, Goal::Works, Goal::Breeds, Goal::Bunker, Goal::Neck];
    pub fn key(self) -> &'static str {
        match self {
            Goal::Charlestown => "charlestown",
            Goal::Works => "works",
            Goal::Breeds => "breeds",
            Goal::Bunker => "bunker",
            Goal::Neck => "neck",
        }
    }
    /// `regions` of the map in use, one bit each.
    pub fn mask(self) -> u64 {
        Map::get().goal_mask(self)
    }

    pub fn regions(self, map: &Map) -> Vec<Region> {
        match self {
            Goal::Charlestown => map.land().filter(|&r| map.is_town(r)).collect(),
            Goal::Works => vec![map.r("ndw-north"), map.r("ndw-south")],
            Goal::Breeds => map.hill("breeds").to_vec(),
            Goal::Bunker => map.hill("bunker").to_vec(),
            Goal::Neck => vec![map.neck()],
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Objective {
    /// 12.3's number (1-6) or, in 12.4, the die roll.
    pub number: u8,
    pub goals: Vec<Goal>,
    pub turns: u8,
    pub zones: Vec<u8>,
    /// VP per objective region captured (12.3 #6: 1; otherwise 2).
    pub per_region: u8,
}

impl Objective {
    /// 12.3, 12.4 #1 "Clear and/or Burn Charlestown": the one objective that
    /// scores burning town regions, 1 VP at six and 1 more for each over six
    /// (ruling bh #35).
    pub fn burns_town(&self) -> bool {
        self.number == 1
    }
}

/// Top-level actions (6.1-6.12).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Act {
    Volley,
    Assault,
    Cannonade,
    Bombard,
    LandMove,
    NavalMove,
    Rally,
    Reorganize,
    Snipe,
    LandTroops,
    Plan,
    Pass,
}

impl Act {
    pub const ALL: [Act; 12] = [
        Act::Volley,
        Act::Assault,
        Act::Cannonade,
        Act::Bombard,
        Act::LandMove,
        Act::NavalMove,
        Act::Rally,
        Act::Reorganize,
        Act::Snipe,
        Act::LandTroops,
        Act::Plan,
        Act::Pass,
    ];
    pub fn key(self) -> &'static str {
        match self {
            Act::Volley => "volley-fire",
            Act::Assault => "assault",
            Act::Cannonade => "cannonade",
            Act::Bombard => "bombard",
            Act::LandMove => "land-move",
            Act::NavalMove => "naval-move",
            Act::Rally => "rally",
            Act::Reorganize => "reorganize",
            Act::Snipe => "snipe",
            Act::LandTroops => "land-troops",
            Act::Plan => "plan",
            Act::Pass => "pass",
        }
    }
    /// The Action as the book names it (6.0).
    pub fn name(self) -> &'static str {
        match self {
            Act::Volley => "Volley Fire",
            Act::Assault => "Assault",
            Act::Cannonade => "Cannonade",
            Act::Bombard => "Bombard",
            Act::LandMove => "Land Move",
            Act::NavalMove => "Naval Move",
            Act::Rally => "Rally",
            Act::Reorganize => "Reorganize",
            Act::Snipe => "Snipe",
            Act::LandTroops => "Land Troops",
            Act::Plan => "Plan",
            Act::Pass => "Pass",
        }
    }
    pub fn rule(self) -> &'static str {
        match self {
            Act::Volley => "6.1",
            Act::Assault => "6.2",
            Act::Cannonade => "6.3",
            Act::Bombard => "6.4",
            Act::LandMove => "6.5",
            Act::NavalMove => "6.6",
            Act::Rally => "6.7",
            Act::Reorganize => "6.8",
            Act::Snipe => "6.9",
            Act::LandTroops => "6.10",
            Act::Plan => "6.11",
            Act::Pass => "6.12",
        }
    }
}

/// Named answers to small questions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Choice {
    Done,
    Skip,
    Fire,
    Hold,
    /// 11.2 hit on 4-6 when defending (two ammo).
    Fire4,
    /// 11.2 hit on 3-6 when defending (four ammo).
    Fire3,
    /// 8.0 hold the free fire, 11.2 and hit on 4-6 in the rounds after it
    /// (two ammo; rules bh-10).
    Hold4,
    /// 8.0 hold the free fire, 11.2 and hit on 3-6 in the rounds after it (four ammo).
    Hold3,
    ExtraDie,
    NoExtra,
    Retreat,
    FightOn,
    Roll,
}

impl Choice {
    pub fn key(self) -> &'static str {
        match self {
            Choice::Done => "done",
            Choice::Skip => "skip",
            Choice::Fire => "fire",
            Choice::Hold => "hold-fire",
            Choice::Fire4 => "fire-4-6",
            Choice::Fire3 => "fire-3-6",
            Choice::Hold4 => "hold-fire-4-6",
            Choice::Hold3 => "hold-fire-3-6",
            Choice::ExtraDie => "extra-die",
            Choice::NoExtra => "no-extra-die",
            Choice::Retreat => "retreat",
            Choice::FightOn => "fight-on",
            Choice::Roll => "roll",
        }
    }

    /// What the choice does, for the player: an Assault's defence names its
    /// hits and its ammunition (8.0, 11.2, ruling bh #15); the others their key.
    pub fn label(self) -> String {
        match self {
            Choice::Hold => "hold fire (1 ammunition)".into(),
            Choice::Fire => "fire back, hitting on 5-6 (2 ammunition)".into(),
            Choice::Fire4 => "fire back, hitting on 4-6 (4 ammunition, 11.2)".into(),
            Choice::Fire3 => "fire back, hitting on 3-6 (6 ammunition, 11.2)".into(),
            Choice::Hold4 => "hold fire, then hit on 4-6 (3 ammunition, 11.2)".into(),
            Choice::Hold3 => "hold fire, then hit on 3-6 (5 ammunition, 11.2)".into(),
            c => c.key().replace('-', " "),
        }
    }
}

/// How hits may be assigned (7.0, 6.3, 6.4, 6.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HitMode {
    /// 7.0 any piece: healthy ones flip, flipped ones are removed.
    Any,
    /// 6.3 each hit flips a different healthy piece (ruling bh #17).
    Healthy,
    /// 6.4 only unbroken/healthy/undamaged pieces.
    Bombard,
    /// 6.9 unbroken/healthy pieces, no field cannons.
    Snipe,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AStage {
    /// 7.1 the Patriot defender picks pieces to withdraw before combat.
    Withdraw,
    WithdrawTo,
    /// 8.0 the Patriot defender decides on the free defensive fire.
    DefenceChoice,
    DefenceFire,
    AfterDefence,
    Round,
    AfterRound,
    AttackerRetreat,
    DefenderRetreat,
    DefenderRetreatTo,
    /// 6.2 / ruling bh #16: the losing defender's leaders, left without units,
    /// retreat to a region their owner picks.
    LeadersRetreatTo,
    End,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Assault {
    pub from: Region,
    pub at: Region,
    pub attacker: Seat,
    pub stage: AStage,
    /// Withdrawing or retreating pieces picked so far.
    pub picked: Vec<PieceId>,
    /// 11.2 defensive hit number (5, 4 or 3); 0 = no defensive fire.
    pub def_hit: u8,
    /// 8.0 the defender held the free fire but bought `def_hit` (4 or 3)
    /// for the rounds after it (11.2; rules bh-10).
    #[serde(default)]
    pub held: bool,
    pub attackers: Vec<PieceId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Frame {
    /// 12.1 British at start: Regulars into the Zone 2 Staging Areas.
    SetupBritish {
        left: u8,
    },
    /// 12.1 Patriot at start: place the listed pieces one by one.
    SetupPatriot {
        left: Vec<PieceId>,
    },
    /// 12.3 the British choose an objective (or roll); `upgrade` when raising it.
    ChooseObjective {
        upgrade: bool,
    },
    /// 12.3 #4/#5 "one other objective", #6 three objectives.
    ChooseGoals {
        number: u8,
        goals: Vec<Goal>,
        upgrade: bool,
    },
    /// 12.3 #6 three landing zones (or one more on an upgrade).
    ChooseZones {
        zones: Vec<u8>,
        want: u8,
    },
    /// 12.4 the Patriot defense focus.
    ChooseFocus,
    /// 12.1 / 11.3 the Landing Zone of this turn's reinforcements.
    ReinforceZone {
        pieces: Vec<PieceId>,
        zones: Vec<u8>,
    },
    /// 9.1 the British choose the panic region.
    Panic,
    /// 5.2 the active player chooses an action.
    Actions,
    /// Marks the end of an action: the turn passes on (5.2).
    AfterAction,
    Volley {
        from: Option<Region>,
        target: Option<Region>,
        chosen: Vec<PieceId>,
    },
    Assault(Box<Assault>),
    AssaultSelect {
        from: Option<Region>,
        target: Option<Region>,
        chosen: Vec<PieceId>,
    },
    Cannonade {
        region: Option<Region>,
        any: bool,
    },
    Bombard {
        firer: u8,
    },
    Move {
        from: Option<Region>,
        group: Vec<PieceId>,
        any: bool,
        choosing: bool,
    },
    Naval,
    Rally {
        region: Option<Region>,
        done: u8,
    },
    /// 12.2 solitaire Rally in `region` (ruling bh #45): in a Staging Area
    /// with more than three broken units the owner first activates three
    /// (`activating`), then picks the unit each leader rallies, healthy
    /// leaders first; `units`, the activated broken units (elsewhere all of
    /// the region's). Those still broken then roll for themselves.
    SoloRally {
        region: Region,
        units: Vec<PieceId>,
        activating: bool,
    },
    Reorganize {
        a: Option<Region>,
        b: Option<Region>,
        picked: Vec<PieceId>,
    },
    Snipe,
    Land {
        zone: Option<Region>,
        area: Option<Region>,
        group: Vec<PieceId>,
    },
    Hits {
        region: Region,
        owner: Seat,
        left: u8,
        mode: HitMode,
        hit: Vec<PieceId>,
        ranged: bool,
    },
    /// 6.4, ruling bh #12: pieces in a region that caught fire move out.
    Displace {
        region: Region,
    },
    /// 5.3 the British choose where a fire spreads.
    Spread {
        from: Vec<Region>,
        choosing: Option<Region>,
    },
    /// 11.2 the Patriot may spend ammunition for an extra Volley Fire die.
    ExtraDie,
    /// 9.1, 9.2 / ruling bh #33 a panicked or falling-back piece runs toward the Muster Box.
    Flee {
        piece: PieceId,
        left: u8,
    },
    /// 7.1, ruling bh #12, #33: a piece in a full region goes one region further.
    Overflow {
        piece: PieceId,
        at: Region,
        origin: Region,
    },
    /// 12.4 / ruling bh #29 British Final Fire: a region, then its adjacent
    /// target; `fired`, the regions that have made theirs (one each).
    FinalFire {
        from: Option<Region>,
        #[serde(default)]
        fired: Regions,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    Setup,
    /// Ruling bh #21 (1) reinforcements, then the card, ammo roll and panic.
    Reinforce,
    Panic,
    Actions,
    /// 12.4 / ruling bh #29 British Final Fire (Patriot solitaire only).
    BritishFire,
    EndTurn,
    /// 5.3 the end-of-game fire roll, then 10.0.
    Final,
    Over,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Bh {
    pub scenario: Scenario,
    pub opts: Opts,
    pub phase: Phase,
    pub turn: u8,
    pub turns: u8,
    pub deck: Deck,
    pub card: Option<u8>,
    /// 5.1 Action Tracks and 5.2 Reserve Actions.
    pub ap: [u8; 2],
    pub reserve: [u8; 2],
    pub to_move: Seat,
    /// Ruling bh #2: the seat that just passed for free (its opponent may not).
    pub free_passed: Option<Seat>,
    /// 8.0 Patriot ammunition, 9.0 morale.
    pub ammo: u8,
    pub morale: [u8; 2],
    pub demoralized: [bool; 2],
    /// 4.3 the British cannons' ammunition has arrived.
    pub ammo_arrived: bool,
    pub fleet: Region,
    /// 4.6 Ablaze markers, one bit per region.
    pub ablaze: u64,
    /// 6.4 an Ablaze marker was placed by Bombard this turn.
    pub hot_shot_done: bool,
    /// 3.5 Staging Areas whose Staging Number has been met.
    pub released: u64,
    pub pieces: Vec<Piece>,
    pub pool: MilitiaPool,
    pub objective: Option<Objective>,
    pub frames: Vec<Frame>,
    /// The outcome, the log and the dice (flattened: a save file's state
    /// keeps the keys `outcome`, `log` and `dice`).
    #[serde(flatten)]
    pub core: Core,
    pub setup: Setup,
}

/// `Bh::board`: one bit per region, per side where it says so.
#[derive(Clone, Copy, Debug, Default)]
pub struct Board {
    /// Any piece of the side.
    pub occupied: [u64; 2],
    /// Military units of either side (7.2 lines of sight).
    pub military: u64,
    /// Pieces able to fire (6.1), and among them cannons (6.3).
    pub firing: [u64; 2],
    pub guns: [u64; 2],
    /// Military units able to join an Assault (6.2).
    pub assaulting: [u64; 2],
    /// Broken units that may rally, and leaders that may rally them (6.7).
    pub broken: [u64; 2],
    pub leading: [u64; 2],
}

impl Bh {
    pub fn map(&self) -> &'static Map {
        Map::get()
    }

    pub fn solo(&self) -> bool {
        self.scenario.solo()
    }

    pub fn is_ablaze(&self, r: Region) -> bool {
        self.ablaze & bit(r) != 0
    }

    pub fn at(&self, r: Region) -> impl Iterator<Item = PieceId> + '_ {
        self.pieces
            .iter()
            .enumerate()
            .filter(move |(_, p)| p.loc == r)
            .map(|(i, _)| i as PieceId)
    }

    pub fn side_at(&self, r: Region, side: Seat) -> impl Iterator<Item = PieceId> + '_ {
        self.at(r).filter(move |&i| self.pieces[i as usize].side == side)
    }

    pub fn p(&self, i: PieceId) -> &Piece {
        &self.pieces[i as usize]
    }

    pub fn pm(&mut self, i: PieceId) -> &mut Piece {
        &mut self.pieces[i as usize]
    }

    /// Military units (cannons included) of `side` in `r` (3.0 stacking).
    pub fn units(&self, r: Region, side: Seat) -> usize {
        self.side_at(r, side).filter(|&i| self.p(i).military()).count()
    }

    /// Ruling bh #14: healthy = unbroken military units, cannons counted damaged or not.
    pub fn healthy_units(&self, r: Region, side: Seat) -> usize {
        self.side_at(r, side)
            .filter(|&i| {
                let p = self.p(i);
                p.military() && (!p.flipped || p.unit == Unit::Cannon)
            })
            .count()
    }

    /// Regions holding pieces of `side`, one bit each (a quick filter).
    pub fn occupied(&self, side: Seat) -> u64 {
        self.regions_where(|p| p.side == side)
    }

    /// Regions holding military units of either side, one bit each (7.2 lines of sight).
    pub fn military(&self) -> u64 {
        self.regions_where(Piece::military)
    }

    /// Where each side's pieces stand by what they can do now: one pass.
    pub fn board(&self) -> Board {
        let mut b = Board::default();
        for p in self.pieces.iter().filter(|p| p.on_map()) {
            let (s, at) = (p.side as usize, bit(p.loc));
            b.occupied[s] |= at;
            if p.military() {
                b.military |= at;
            }
            if self.fires(p) {
                b.firing[s] |= at;
                if p.unit == Unit::Cannon {
                    b.guns[s] |= at;
                }
            }
            if p.assaults() && p.military() {
                b.assaulting[s] |= at;
            }
            if p.rallyable() {
                b.broken[s] |= at;
            }
            if p.can_lead_rally() {
                b.leading[s] |= at;
            }
        }
        b
    }

    /// Regions holding military units of `side`, one bit each.
    pub fn units_in(&self, side: Seat) -> u64 {
        self.regions_where(|p| p.side == side && p.military())
    }

    /// Regions holding unbroken military units of `side`, one bit each.
    pub fn unbroken_in(&self, side: Seat) -> u64 {
        self.regions_where(|p| p.side == side && p.military() && !p.flipped)
    }

    /// Regions holding a piece on the map that passes `keep`, one bit each:
    /// one pass over the pieces, then a bit test per region.
    pub fn regions_where(&self, keep: impl Fn(&Piece) -> bool) -> u64 {
        self.pieces
            .iter()
            .filter(|p| p.on_map() && keep(p))
            .fold(0, |m, p| m | bit(p.loc))
    }

    pub fn has(&self, r: Region, side: Seat) -> bool {
        self.side_at(r, side).next().is_some()
    }

    /// Unbroken enemy military units (ruling bh #18: leaders do not stop movement).
    pub fn unbroken_units(&self, r: Region, side: Seat) -> bool {
        self.side_at(r, side).any(|i| {
            let p = self.p(i);
            p.military() && !p.flipped
        })
    }

    /// 3.0, 3.2, 3.5 the stacking limit for `side` in `r`.
    pub fn room(&self, r: Region, side: Seat) -> usize {
        if self.unlimited(r, side) {
            return usize::MAX / 2;
        }
        3usize.saturating_sub(self.units(r, side))
    }

    /// 3.2 the Muster Box and 3.5 British stacks in Staging Areas have no limit.
    pub fn unlimited(&self, r: Region, side: Seat) -> bool {
        let map = self.map();
        r == map.muster() || (side == BRITISH && map.zone_of_staging(r).is_some())
    }

    /// A piece as the log names it: its counter's name and number, a
    /// militia's strength (4.1) once drawn, its flipped side: "Regulars 3",
    /// "Militia 4 (strength 0)", "Militia 2 (unrevealed)", "Gage (wounded)".
    pub fn label(&self, i: PieceId) -> String {
        let p = self.p(i);
        let mut parts = Vec::new();
        match (p.unit, p.strength) {
            (Unit::Militia, Some(s)) => parts.push(format!("strength {s}")),
            (Unit::Militia, None) => parts.push("unrevealed".to_string()),
            _ => {}
        }
        parts.extend(self.flipped_word(i).map(str::to_string));
        named(&p.name, parts)
    }

    /// 4.1, 4.2 the flipped side of a piece in words, if it is flipped.
    fn flipped_word(&self, i: PieceId) -> Option<&'static str> {
        let p = self.p(i);
        p.flipped.then_some(match p.unit {
            Unit::Leader => "wounded",
            Unit::Cannon => "damaged",
            _ => "broken",
        })
    }

    /// A piece as a choice names it, so that counters of one kind can be
    /// told apart: its strength as it stands (4.1; a militia's once drawn),
    /// its flipped side, and its markers this turn (4.9 Panic, 4.10 Moved
    /// and Fired): "Regulars 3 (strength 2, moved)".
    pub fn pick_label(&self, i: PieceId) -> String {
        let p = self.p(i);
        let mut parts = Vec::new();
        match (p.unit, p.strength) {
            (Unit::Leader, _) => {}
            (Unit::Militia, None) => parts.push("strength not yet drawn".to_string()),
            // 4.3 British cannons roll no dice until their ammunition arrives.
            (Unit::Cannon, _) if p.side == BRITISH && !self.ammo_arrived => parts.push("no ammunition yet".to_string()),
            _ if p.flipped && p.unit != Unit::Cannon => {}
            _ => parts.push(format!("strength {}", self.strength(i))),
        }
        parts.extend(self.flipped_word(i).map(str::to_string));
        for (on, word) in [(p.moved, "moved"), (p.fired, "fired"), (p.panic, "panicked")] {
            if on {
                parts.push(word.to_string());
            }
        }
        named(&p.name, parts)
    }

    /// 4.1 combat strength of a piece as it stands (unknown militia count 0
    /// until revealed; callers reveal first).
    pub fn strength(&self, i: PieceId) -> u8 {
        let p = self.p(i);
        match p.unit {
            Unit::Leader => 0,
            Unit::Cannon => {
                if p.flipped {
                    1
                } else {
                    2
                }
            }
            _ if p.flipped => 0,
            Unit::Regular => 2,
            Unit::Marine => 3,
            Unit::Minuteman => 1,
            Unit::Militia => p.strength.unwrap_or(0),
        }
    }

    /// Ruling bh #9 (b2c 4.1): an unknown militia's value is drawn from the pool when needed.
    pub fn reveal(&mut self, i: PieceId) {
        if self.p(i).unit == Unit::Militia && self.p(i).strength.is_none() {
            let s = self.pool.draw(&mut self.core.dice).unwrap_or(1);
            self.pm(i).strength = Some(s);
            let name = self.p(i).name.clone();
            self.core
                .log
                .say("4.1", || format!("{name} is revealed: strength {s} (ruling bh #9)."));
        }
    }

    pub fn seat_name(s: Seat) -> &'static str {
        if s == BRITISH {
            "british"
        } else {
            "patriot"
        }
    }
}

/// "Name (a, b)", or the name alone.
fn named(name: &str, parts: Vec<String>) -> String {
    if parts.is_empty() {
        name.to_string()
    } else {
        format!("{name} ({})", parts.join(", "))
    }
}
