//! The procedures that can pause for a decision, as serializable frames on a
//! stack (ARCHITECTURE.md, "The frame stack").

use crate::map::Region;
use crate::state::{PieceId, Set};
use engine::Seat;
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Frame {
    /// 5.2 the seat chooses its next Action.
    Menu {
        seat: Seat,
        reserve: bool,
    },
    /// 6.12 Call to Arms: Nightriders spend Activity Points one at a time.
    Ride(Ride),
    /// 6.4 a Move Action from one region, one group at a time.
    Move(Move),
    /// 6.4 Sons of Liberty moving (4.4).
    SolMove {
        piece: PieceId,
        left: u8,
    },
    /// 6.5 Assemble into `target`.
    Assemble {
        target: Region,
        picked: Set,
    },
    /// 4.3 free move of minutemen at muster.
    FreeMove {
        units: Set,
        cur: u8,
        left: u8,
    },
    /// Apply `n` hits: participants first (7.0).
    Hits(Hits),
    /// 6.1, 6.2, 7.0 an Attack or Assault.
    Combat(Box<Combat>),
    Retreat(Retreat),
    Charge(Charge),
    Search(Search),
    /// A piece placed in an adjacent region or left (6.10 escape, 8.2 failed capture).
    Place {
        seat: Seat,
        piece: PieceId,
        optional: bool,
    },
    /// 5.3 captured pieces escorted toward Boston, up to two regions.
    Escort {
        piece: PieceId,
        left: u8,
    },
    /// 5.3 the end-of-turn steps after the escorts.
    EndTurn,
    /// 6.8 the owner chooses which broken units the leaders rally, `left` more.
    Rally {
        seat: Seat,
        region: Region,
        left: u8,
        /// Units the owner already chose and rallied (the summary counts them).
        #[serde(default, skip_serializing_if = "is_zero")]
        picked: u8,
    },
    /// 6.6 the Patriots choose the two moved Regulars they ambush.
    Ambush {
        region: Region,
        picked: Set,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ride {
    /// Riders still to act, in order.
    pub riders: Vec<PieceId>,
    pub ap: u8,
    pub free: bool,
    /// The current rider already removed an Alert marker in this activation (ruling b2c #10).
    pub alerted: bool,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Move {
    pub seat: Seat,
    pub from: Region,
    pub group: Set,
    /// Where the group stands now (NO_REGION while choosing).
    pub at: Region,
    pub steps: u8,
    /// The group moves along roads (March); false after a Scout step.
    pub march: bool,
    /// Must stop: Scout step, stop rule, Hinder Movement, landing.
    pub stopped: bool,
    /// The cannon already broke a unit during this Move Action (4.1).
    pub cannon_used: bool,
    /// 15.2: Patriot regions that already fired, and hits scored, this Move Action.
    pub opfired: u64,
    pub ophits: u8,
    /// Units already moved in this Action (all get Moved markers).
    pub done: Set,
    /// 14.2: the step the group takes once the hit of the opportunity fire
    /// its leaving drew is taken (`B2c::move_auto`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<Region>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HitKind {
    /// Any hit (combat, OpFire, Snipe, retreat penalties).
    Hit,
    /// Break one unbroken unit (cannon, force march).
    Break,
    /// Break an unbroken Regular or wound a healthy leader (6.7 Snipe).
    Flip,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hits {
    pub seat: Seat,
    pub n: u8,
    pub first: Set,
    pub rest: Set,
    pub kind: HitKind,
    pub rule: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum CombatStage {
    SelectAttackers,
    RetreatBefore,
    AfterRetreat,
    OpFire,
    Advance,
    Cannon,
    SelectDefenders,
    Mode,
    DefenderFires,
    AttackerFires,
    BothFire,
    RetreatAttacker,
    RetreatDefender,
    Finish,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Combat {
    pub attacker: Seat,
    pub region: Region,
    /// The Assault's origin (6.2), or NO_REGION for an Attack.
    pub from: Region,
    pub stage: CombatStage,
    pub attackers: Set,
    pub defenders: Set,
    pub retreated: Set,
    pub cannon: bool,
    pub simultaneous: bool,
    /// Dice rolled (10.0 the Shot).
    pub rolled: bool,
    /// Hits each side took (7.1.4).
    pub took: [bool; 2],
    /// Units that rolled dice: they get Fired markers (7.0 Important).
    pub contributed: Set,
    /// 14.1: the side may still re-roll one die this combat.
    pub reroll: [bool; 2],
    /// The last roll of each side: (die, lowest hit) per die.
    pub roll: [Option<Vec<(u8, u8)>>; 2],
    /// A seat is asked whether to re-roll a missed die (14.1).
    pub ask: Option<Seat>,
    /// 4.1 the units chosen to go with the cannon's advance (ruling b2c #4).
    #[serde(default)]
    pub advancing: Set,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RetreatMode {
    /// 7.1.1, 7.1.2 before combat (defender).
    Before,
    /// 7.1.4 after combat.
    After,
    /// 6.3 broken units (and up to two leaders) after a Charge.
    Charge,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum RetreatStage {
    Pick,
    Dest,
    MovedHit,
    /// 7.1.2 the Patriots choose which moved militia their leaders and minutemen accompany.
    Escort,
    Moving,
    Arrived,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Retreat {
    pub seat: Seat,
    pub mode: RetreatMode,
    pub region: Region,
    /// Region the retreat may not enter (the Assault's origin), or the only one it may (attacker after an Assault).
    pub banned: Region,
    pub forced: Region,
    pub candidates: Set,
    pub picked: Set,
    pub dest: Region,
    pub stage: RetreatStage,
    /// 7.1.2 the moved militia chosen to be accompanied.
    #[serde(default)]
    pub escorted: Set,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChargeStage {
    BritishHit,
    PatriotHits,
    Retreat,
    Done,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Charge {
    pub region: Region,
    pub british: Set,
    pub cannon: bool,
    pub stage: ChargeStage,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Search {
    pub region: Region,
    /// Sons of Liberty still to be searched for.
    pub sol: Vec<PieceId>,
    /// The current SoL's last draw failed: the British may pay 1 VP to draw again (8.2).
    pub failed: Option<u8>,
    pub arms_done: bool,
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}
