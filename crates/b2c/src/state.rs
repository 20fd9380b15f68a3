//! The game state: pieces in one array, markers per region, tracks, the deck,
//! and the stack of frames that holds the pending decision (ARCHITECTURE.md, "The frame stack").

use crate::map::Region;
use engine::{Core, Seat};
use revroad::{Deck, MilitiaPool};
use serde::{Deserialize, Serialize};

pub use revroad::board::{in_region, DESTROYED, NO_REGION, WAITING};
pub use revroad::{other, PieceId, BRITISH, PATRIOT};

/// A captured Nightrider or Son of Liberty that reached Boston (5.3).
pub const TAKEN: u8 = 253;
/// A hidden militia marker removed when the pool was empty (ruling b2c #25).
pub const VANISHED: u8 = 252;

/// How saves name the places off the map. b2c's numbers for them never
/// changed, so an old save's numbers read as they are.
pub enum Places {}

impl revroad::board::OffMap for Places {
    const NAMES: &'static [(u8, &'static str)] = &[
        (WAITING, "waiting"),
        (DESTROYED, "destroyed"),
        (TAKEN, "taken"),
        (VANISHED, "vanished"),
    ];
}

/// A set of pieces, bit i = piece i.
pub type Set = u128;

pub fn bit(p: PieceId) -> Set {
    1u128 << p
}

/// The pieces of `s` in ascending order, one step per member (it runs in every legal-move scan).
pub fn members(mut s: Set) -> impl Iterator<Item = PieceId> {
    std::iter::from_fn(move || {
        let i = s.trailing_zeros() as PieceId;
        (s != 0).then(|| {
            s &= s - 1;
            i
        })
    })
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    Regular,
    Cannon,
    BritishLeader,
    Militia,
    Minuteman,
    PatriotLeader,
    Nightrider,
    SonOfLiberty,
}

impl Kind {
    pub fn side(self) -> Seat {
        match self {
            Kind::Regular | Kind::Cannon | Kind::BritishLeader => BRITISH,
            _ => PATRIOT,
        }
    }
    /// 4.1 military units that count for strength and stops (the cannon has
    /// none; 7.1.3 counts it by name, ruling b2c #27).
    pub fn military(self) -> bool {
        matches!(self, Kind::Regular | Kind::Militia | Kind::Minuteman)
    }
    pub fn leader(self) -> bool {
        matches!(self, Kind::BritishLeader | Kind::PatriotLeader)
    }
    /// Pieces that fight, move with the Move Action and take hits.
    pub fn combatant(self) -> bool {
        !matches!(self, Kind::Nightrider | Kind::SonOfLiberty)
    }
}

/// Names of the named pieces (index in `Piece::name`).
pub const NAMES: &[&str] = &[
    "Smith",
    "Pitcairn",
    "Percy",
    "Revere",
    "Dawes",
    "Prescott",
    "Hancock",
    "Adams",
    "Warren",
    "Heath",
    "Putnam",
    "Buttrick",
    "Baldwin",
    "Barrett",
    "Pickering",
    "Davis",
    "Frye",
    "Parker",
];
pub const SMITH: u8 = 0;
pub const PITCAIRN: u8 = 1;
pub const PERCY: u8 = 2;
pub const REVERE: u8 = 3;
pub const DAWES: u8 = 4;
pub const PRESCOTT: u8 = 5;
pub const NO_NAME: u8 = 255;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Piece {
    pub kind: Kind,
    pub name: u8,
    #[serde(
        serialize_with = "revroad::board::save_place::<Places, _>",
        deserialize_with = "revroad::board::load_place::<Places, _>"
    )]
    pub loc: u8,
    /// Broken unit, wounded leader, captured Nightrider or Son of Liberty.
    pub flipped: bool,
    /// A hidden-value militia marker (4.1): its value is drawn when needed.
    pub hidden: bool,
    /// Militia strength 0-2 once known.
    pub value: u8,
    /// Under a Gather, Muster or Alert marker: inactive (4.3, ruling b2c #8).
    pub under: bool,
    pub moved: bool,
    pub fired: bool,
    pub rallied: bool,
    /// Percy's reinforcements (black dot, 12.0): exempt from 11.0.
    pub percy: bool,
    /// Road regions covered by this turn's March (6.7, ruling b2c #16) and
    /// where it ended: a retreat or an advance since takes the piece away
    /// from that region, and the March no longer counts for a Snipe there.
    pub marched: u8,
    pub march_end: u8,
    /// Turn a Nightrider left the map (6.12), or a Son of Liberty was captured (6.10).
    pub since: u8,
}

impl Piece {
    pub fn new(kind: Kind, name: u8, loc: u8) -> Piece {
        Piece {
            kind,
            name,
            loc,
            flipped: false,
            hidden: false,
            value: 0,
            under: false,
            moved: false,
            fired: false,
            rallied: false,
            percy: false,
            marched: 0,
            march_end: NO_REGION,
            since: 0,
        }
    }
    pub fn side(&self) -> Seat {
        self.kind.side()
    }
    pub fn on_map(&self) -> bool {
        in_region(self.loc)
    }
    /// In play and not under a marker (ruling b2c #8).
    pub fn active(&self) -> bool {
        self.on_map() && !self.under
    }
    pub fn name(&self) -> &'static str {
        NAMES.get(self.name as usize).copied().unwrap_or("")
    }
}

pub use revroad::Scenario;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub leader_rerolls: bool,
    pub opfire_movement: bool,
    pub hobbled_sol: bool,
    pub militia_minutemen: bool,
    /// 14.5: 0 standard, 1 none, 2 any-hash, 3 hash-count.
    pub hidden_arms: u8,
    pub percy_turn: u8,
    /// 15.3, 15.4 the game plays the solitaire bot's seat (option bot=sheet).
    pub bot: bool,
}

/// The three Hinder markers (6.11).
pub const HINDER_MOVEMENT: u8 = 0;
pub const HINDER_SEARCH: u8 = 1;
pub const HINDER_MUSTER: u8 = 2;
pub const HINDER_NAMES: [&str; 3] = ["hinder-movement", "hinder-search", "hinder-muster"];

pub fn hinder_owner(h: u8) -> Seat {
    if h == HINDER_MUSTER {
        BRITISH
    } else {
        PATRIOT
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Hinder {
    Available,
    /// On the map at a region, showing 2 or 1.
    Map(Region, u8),
    /// Removed by the opponent: on the next turn space (6.11).
    Track,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Gather {
    None,
    Gather,
    Muster,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// 9.0 the free Call to Arms before turn 1.
    PreGame,
    Actions,
    Over,
}

pub use crate::frames::Frame;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct B2c {
    pub scenario: Scenario,
    pub opts: Options,
    pub pieces: Vec<Piece>,
    pub gather: Vec<Gather>,
    /// Regions whose Alert marker is still on its icon (4.6).
    pub alert: u64,
    /// Regions with an unsearched Hidden Arms marker (4.7).
    pub arms: u64,
    /// Regions whose Hidden Arms marker shows its Searched side.
    pub searched: u64,
    pub ambush: u64,
    pub snipe: u64,
    pub hinder: [Hinder; 3],
    pub turn: u8,
    pub last_turn: u8,
    pub phase: Phase,
    pub actions: [u8; 2],
    pub reserve: [u8; 2],
    /// Victory points in half points (15.2 counts halves).
    pub vp: [i32; 2],
    pub deck: Deck,
    /// How many cards on top of the draw pile each seat has seen (6.14).
    pub known: [u8; 2],
    pub intel_used: [bool; 2],
    pub card: Option<u8>,
    pub pool: MilitiaPool,
    pub shot: bool,
    pub concord_entered: bool,
    pub percy_award: bool,
    /// Regions holding British units after the last check (4.3 flips on their departure).
    pub british_in: u64,
    pub prescott_free: bool,
    /// Turn on which Revere and Dawes were both found captured (6.12).
    pub riders_lost: u8,
    /// Who acted last in the Action Phase (5.2 alternation).
    pub last_actor: Seat,
    pub frames: Vec<Frame>,
    /// Log, dice and outcome.
    #[serde(flatten)]
    pub core: Core,
}

impl B2c {
    pub fn piece(&self, p: PieceId) -> &Piece {
        &self.pieces[p as usize]
    }
    pub fn pm(&mut self, p: PieceId) -> &mut Piece {
        &mut self.pieces[p as usize]
    }

    pub fn solo(&self) -> bool {
        self.scenario.solo()
    }

    pub fn set_at(&self, r: Region, side: Seat, f: impl Fn(&Piece) -> bool) -> Set {
        let mut s = 0;
        for (i, p) in self.pieces.iter().enumerate() {
            if p.loc == r && !p.under && p.side() == side && f(p) {
                s |= bit(i as u8);
            }
        }
        s
    }

    pub fn count(&self, r: Region, side: Seat, f: impl Fn(&Piece) -> bool) -> usize {
        self.pieces
            .iter()
            .filter(|p| p.loc == r && !p.under && p.side() == side && f(p))
            .count()
    }

    pub fn unbroken_regulars(&self, r: Region) -> usize {
        self.count(r, BRITISH, |p| p.kind == Kind::Regular && !p.flipped)
    }

    /// Unbroken active Patriot military units (6.4 counts).
    pub fn unbroken_patriots(&self, r: Region) -> usize {
        self.count(r, PATRIOT, |p| p.kind.military() && !p.flipped)
    }

    pub fn hittable(&self, r: Region, side: Seat) -> Set {
        self.set_at(r, side, |p| p.kind.combatant())
    }

    pub fn hinder_at(&self, h: u8) -> Option<Region> {
        match self.hinder[h as usize] {
            Hinder::Map(r, _) => Some(r),
            _ => None,
        }
    }

    pub fn add_vp(&mut self, seat: Seat, whole: i32, rule: &'static str, why: &str) {
        self.vp[seat as usize] += 2 * whole;
        let name = revroad::log::side(seat);
        let why = why.to_string();
        self.core.log.say(rule, || format!("{name} {whole:+} VP: {why}"));
    }

    /// 4.1 the strength points of the active unbroken Patriot units in `r`,
    /// counted as combat counts them (`combat_points`). Hidden militia must
    /// be revealed first. 15.2 Patriot Opportunity Fire rolls from this count
    /// (ruling b2c #32).
    pub fn patriot_strength(&self, r: Region) -> usize {
        let mut leaders = self.healthy_patriot_leaders(r);
        (0..self.pieces.len() as PieceId)
            .filter(|&i| {
                let p = self.piece(i);
                p.loc == r && !p.under && p.side() == PATRIOT && p.kind.military()
            })
            .map(|i| usize::from(self.combat_points(i, &mut leaders)))
            .sum()
    }

    /// The healthy Patriot leaders in `r`, each of whom may pair with a "0"
    /// militia there (4.1).
    pub fn healthy_patriot_leaders(&self, r: Region) -> usize {
        self.count(r, PATRIOT, |p| p.kind == Kind::PatriotLeader && !p.flipped)
    }

    /// 4.1 the strength points unit `p` fights with: its strength, or 1 for an
    /// unbroken revealed "0" militia paired with one of the `leaders` healthy
    /// Patriot leaders still unpaired in its region, whom it takes (ruling
    /// b2c #5).
    pub fn combat_points(&self, p: PieceId, leaders: &mut usize) -> u8 {
        let pc = self.piece(p);
        match self.strength(p) {
            0 if pc.kind == Kind::Militia && !pc.flipped && !pc.hidden && *leaders > 0 => {
                *leaders -= 1;
                1
            }
            s => s,
        }
    }

    /// Strength in combat of an active unit (4.1); hidden militia must be revealed first.
    pub fn strength(&self, p: PieceId) -> u8 {
        let pc = self.piece(p);
        if pc.flipped {
            return 0;
        }
        match pc.kind {
            Kind::Regular => 2,
            Kind::Minuteman => 1,
            Kind::Militia => pc.value,
            _ => 0,
        }
    }
}
