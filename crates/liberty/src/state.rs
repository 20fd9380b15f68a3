//! The game state: index arrays over blocks and spaces, with counts kept up
//! to date, the frame stack of pending procedures, cards, dice and log.

use crate::blocks::{self, Block, BRITISH};
use crate::cards::Card;
use crate::map::{Hex, Map, Side};
use engine::{Core, Log, Seat};
use serde::{Deserialize, Serialize};

/// Where a block is: a map space (hex or box) or one of these.
pub type Loc = u16;
/// Face-down in its owner's replacement pool (6.0).
pub const POOL: Loc = 0xFFF0;
/// French blocks kept aside before French Entry (12.0, 9.0).
pub const FRENCH_POOL: Loc = 0xFFF1;
/// Captured: a prisoner of the other side (2.11, 11.5).
pub const PRISONER: Loc = 0xFFF2;

/// Marks an entry made by sea (Atlantic box, West Indies) rather than a hexside.
pub const BY_SEA: u16 = 0xFFFE;
pub const NOT_MOVED: u16 = 0xFFFF;

pub fn other(s: Seat) -> Seat {
    1 - s
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Weather {
    /// 4.0 [1] no attacks within or from the North.
    North,
    /// 4.0 [2] no attacks within or from the South (or West Indies).
    South,
    Fair,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    pub british_initiative: bool,
    pub militia_firepower: bool,
    pub bayonet: bool,
    pub pursuit: bool,
}

/// An attack registered in a hex this Game Turn (5.4 "Attacking", 7.22).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Attack {
    pub hex: Hex,
    pub attacker: Seat,
    /// Whether the other side had blocks there when the attack was made.
    pub opposed: bool,
    /// Entries by hexside (or BY_SEA), in order, with the side that used them (7.4).
    pub entries: Vec<(u16, Seat)>,
    /// The Main Attack hexside (7.22), once declared.
    pub main: Option<u16>,
    /// A Sea Attack (8.4), with the box it sailed from: the Atlantic, or a
    /// West Indies port attacking the other one (9.1).
    pub sea: Option<Hex>,
}

/// The procedures that may wait for a decision, as a stack (top = current).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Frame {
    /// 3.1 both players choose a card face down (simultaneous).
    CardPlay,
    /// 11.5 an exchange offer waits for the other seat's answer.
    Offer { from: Seat, give: Block, get: Block },
    /// 3.1 British Initiative Option: the British choose to go first or second.
    Initiative,
    /// 3.3 the player of a Supply card adds steps.
    Supply { seat: Seat, left: u8, given: u64 },
    /// 3.1-3.2 a player's Actions: moves, then replacements.
    Actions {
        seat: Seat,
        left: u8,
        replaced: bool,
        /// Movement is over (force marches rolled, main attacks declared).
        closed: bool,
    },
    /// 5.5 roll for each force-marching block of `seat` (automatic).
    ForceMarch { seat: Seat },
    /// 6.0 draw a replacement block (automatic).
    Draw { seat: Seat },
    /// 5.1 one Group Move from `origin`; `current` is the block moving now.
    Group {
        seat: Seat,
        origin: Hex,
        current: Option<Moving>,
        /// Ports this group opened a Sea Attack on (8.4).
        sailed: Vec<Hex>,
        /// The blocks that left `origin` in this group, for its log lines
        /// (none in a save written before it was kept).
        #[serde(default)]
        gone: u64,
    },
    /// 5.4 the defender names the pinned blocks in `hex` before moving any out.
    Pin { seat: Seat, hex: Hex, left: u8 },
    /// 7.22 the attacker declares the Main Attack hexside in `hex`.
    MainAttack { seat: Seat, hex: Hex },
    /// 6.0 a drawn replacement waits to be deployed.
    Deploy { seat: Seat, block: Block },
    /// 7.1 Player 1 orders the battles.
    BattleOrder { chosen: Vec<Hex> },
    /// 7.0 a battle in progress.
    Battle(Box<crate::battle::Battle>),
    /// 11.3 disbanding (British first).
    Disband { seat: Seat },
    /// 11.4 winter attrition: the owner removes blocks beyond supply.
    Attrition { seat: Seat },
    /// 11.5 exchange offers in the Winter Turn.
    WinterExchange { done: [bool; 2] },
}

/// A block moving within a Group Move (5.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Moving {
    pub block: Block,
    pub steps: u8,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Liberty {
    pub opts: Options,
    pub year: u16,
    pub turn: u8,
    pub turns_in_year: u8,
    pub loc: Vec<Loc>,
    pub strength: Vec<u8>,
    /// Per space and side: how many blocks stand there (kept up to date).
    pub count: Vec<[u8; 2]>,
    /// Stored control per space (5.3): 0 British, 1 American, 2 neutral.
    pub control: Vec<u8>,
    /// Bit sets over blocks.
    pub moved: u64,
    pub revealed: u64,
    pub force_marched: u64,
    pub by_river: u64,
    pub pinned: u64,
    /// Hexes where the defender has named its pinned blocks this turn (5.4).
    pub pin_hexes: Vec<Hex>,
    pub at_sea: u64,
    /// Per block: the hexside (or BY_SEA) it crossed into its hex this turn.
    pub entry: Vec<u16>,
    /// Per hexside: blocks each side moved across it this Game Turn (5.2).
    pub side_use: Vec<[u8; 2]>,
    /// Hexes where each side deployed a replacement this turn (ruling liberty #18).
    pub deployed: Vec<Hex>,
    pub attacks: Vec<Attack>,
    pub french_entered: bool,
    pub deck: Vec<Card>,
    pub hands: [Vec<Card>; 2],
    pub played: [Option<Card>; 2],
    pub player1: Seat,
    pub weather: Weather,
    /// 11.5 an offer already made this phase, per seat.
    pub offered: [bool; 2],
    /// 11.5 per seat: the prisoners both sides held (`Liberty::prisoners`)
    /// when the other seat last declined its offer. For the bots only
    /// (`Game::presses`: a bot does not ask again before a prisoner is
    /// taken or given back), never read by the rules, so not saved:
    /// replaying the moves rebuilds it. Public, as the answer is.
    #[serde(skip)]
    pub declined: [Option<u64>; 2],
    /// The hexes each block of the Group Move under way has entered, in
    /// order: the way its log line's arrow goes (`end_group`). Kept only
    /// while the log is; a save from before it, or mid-move, draws the
    /// rest of that move straight.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub routes: Vec<(Block, Vec<Hex>)>,
    pub frames: Vec<Frame>,
    /// Where the sequence of play resumes when the frame stack is empty.
    pub stage: crate::turn::Stage,
    /// The seat whose action the automatic steps now follow (see
    /// `Liberty::passed_over`): set by each action before its steps, so it
    /// is not part of the saved state.
    #[serde(skip)]
    pub mover: Seat,
    /// Log, dice and outcome.
    #[serde(flatten)]
    pub core: Core,
}

pub fn bit(b: Block) -> u64 {
    1u64 << b
}

impl Liberty {
    pub fn map(&self) -> &'static Map {
        Map::embedded()
    }

    pub fn side_of(b: Block) -> Seat {
        blocks::info(b).side
    }

    pub fn on_map(&self, b: Block) -> bool {
        (self.loc[b as usize] as usize) < self.count.len()
    }

    /// Move a block, keeping the counts right.
    pub fn place(&mut self, b: Block, to: Loc) {
        let s = Self::side_of(b) as usize;
        let from = self.loc[b as usize];
        if (from as usize) < self.count.len() {
            self.count[from as usize][s] -= 1;
        }
        if (to as usize) < self.count.len() {
            self.count[to as usize][s] += 1;
        }
        self.loc[b as usize] = to;
    }

    pub fn blocks_at(&self, h: Loc) -> impl Iterator<Item = Block> + '_ {
        (0..self.loc.len() as Block).filter(move |&b| self.loc[b as usize] == h)
    }

    pub fn side_blocks_at(&self, h: Loc, s: Seat) -> impl Iterator<Item = Block> + '_ {
        self.blocks_at(h).filter(move |&b| Self::side_of(b) == s)
    }

    pub fn has(&self, h: Hex, s: Seat) -> bool {
        self.count[h as usize][s as usize] > 0
    }

    /// A hex with blocks of both sides: a battle hex.
    pub fn contested(&self, h: Hex) -> bool {
        self.has(h, 0) && self.has(h, 1)
    }

    /// 5.3 stored control: friendly to `s`.
    pub fn friendly(&self, h: Hex, s: Seat) -> bool {
        self.control[h as usize] == s
    }

    pub fn neutral(&self, h: Hex) -> bool {
        self.control[h as usize] == 2
    }

    /// 5.3 Hex Control, recomputed at the end of each Game Turn (ruling liberty #5):
    /// occupation beats colour; a vacated town reverts to its colour.
    pub fn recompute_control(&mut self) {
        let map = self.map();
        // Zipped rather than indexed: this runs for every hex at each turn's end.
        for ((c, n), &colour) in self.control.iter_mut().zip(&self.count).zip(&map.colour_owner) {
            *c = match *n {
                [b, 0] if b > 0 => 0,
                [0, a] if a > 0 => 1,
                _ => colour,
            };
        }
        self.control[map.atlantic as usize] = 2;
    }

    /// 11.1 supply points controlled by the British.
    pub fn british_supply(&self) -> u32 {
        let map = self.map();
        map.spaces
            .iter()
            .enumerate()
            .filter(|(h, _)| self.control[*h] == BRITISH)
            .filter_map(|(_, sp)| sp.town.as_ref().map(|t| t.value as u32))
            .sum()
    }

    /// The block a Group Move is moving now (5.1), if any.
    pub fn moving_block(&self) -> Option<Block> {
        self.frames.iter().find_map(|f| match f {
            Frame::Group { current: Some(m), .. } => Some(m.block),
            _ => None,
        })
    }

    /// A replacement drawn and not yet deployed (6.0), with its side.
    pub fn drawn_block(&self) -> Option<(Seat, Block)> {
        self.frames.iter().find_map(|f| match f {
            Frame::Deploy { seat, block } => Some((*seat, *block)),
            _ => None,
        })
    }

    pub fn attack_at(&self, h: Hex) -> Option<&Attack> {
        self.attacks.iter().find(|a| a.hex == h)
    }

    pub fn attack_at_mut(&mut self, h: Hex) -> Option<&mut Attack> {
        self.attacks.iter_mut().find(|a| a.hex == h)
    }

    pub fn use_side(&mut self, side: Side, s: Seat) {
        self.side_use[side as usize][s as usize] += 1;
    }

    pub fn top(&self) -> Option<&Frame> {
        self.frames.last()
    }

    pub fn name(b: Block) -> &'static str {
        &blocks::info(b).name
    }

    /// 11.5 a prisoner as an exchange offer weighs it: name, type, rating
    /// and the strength it may be deployed at again (6.0 full strength):
    /// "Ward (continental C1, strength up to 3)". Prisoners stand face up.
    pub fn prisoner_label(b: Block) -> String {
        let i = blocks::info(b);
        let nation = match i.nation {
            blocks::Nation::Hessian => "Hessian ",
            blocks::Nation::French => "French ",
            _ => "",
        };
        format!(
            "{} ({nation}{} {}{}, strength up to {})",
            i.name,
            i.type_name(),
            i.class_letter(),
            i.fire,
            i.max
        )
    }

    pub fn hex_name(&self, h: Loc) -> String {
        match h {
            POOL => "the replacement pool".into(),
            FRENCH_POOL => "the French pool".into(),
            PRISONER => "captivity".into(),
            _ => {
                let sp = &self.map().spaces[h as usize];
                match &sp.town {
                    Some(t) => t.name.clone(),
                    None => match sp.id.as_str() {
                        "atlantic" => "the Atlantic".into(),
                        id => format!("hex {id}"),
                    },
                }
            }
        }
    }

    /// A block loses a step; below 1 it is captured (2.11). Returns whether
    /// it was: the caller's log line says so, one line for the event.
    pub fn reduce(&mut self, b: Block) -> bool {
        let s = &mut self.strength[b as usize];
        *s -= 1;
        let captured = *s == 0;
        if captured {
            self.capture(b);
        }
        captured
    }

    /// 2.11 the block goes to captivity; the caller logs why.
    pub fn capture(&mut self, b: Block) {
        self.place(b, PRISONER);
        self.strength[b as usize] = 0;
        let m = !bit(b);
        self.revealed &= m;
        self.at_sea &= m;
        self.pinned &= m;
        self.force_marched &= m;
    }

    /// The ids of map hexes, a log entry's path (`engine::Entry::path`).
    pub fn path(hexes: &[Hex]) -> Vec<String> {
        let map = Map::embedded();
        hexes.iter().map(|&h| map.spaces[h as usize].id.clone()).collect()
    }

    /// Return a block to its owner's pool (disbanding, 11.3).
    pub fn to_pool(&mut self, b: Block) {
        self.place(b, POOL);
        self.strength[b as usize] = 0;
        self.revealed &= !bit(b);
    }

    /// A copy to look ahead on (`forced_end`, at every Group Move action
    /// described): its log empty and off, so that the copy does not cost
    /// more as the game grows. Every field is named, so that a new one is
    /// copied here too (the compiler asks for it).
    pub fn lookahead(&self) -> Liberty {
        let Liberty {
            opts,
            year,
            turn,
            turns_in_year,
            loc,
            strength,
            count,
            control,
            moved,
            revealed,
            force_marched,
            by_river,
            pinned,
            pin_hexes,
            at_sea,
            entry,
            side_use,
            deployed,
            attacks,
            french_entered,
            deck,
            hands,
            played,
            player1,
            weather,
            offered,
            declined,
            routes: _,
            frames,
            stage,
            mover,
            core: Core { outcome, dice, log: _ },
        } = self;
        let mut log = Log::default();
        log.set_enabled(false);
        Liberty {
            opts: *opts,
            year: *year,
            turn: *turn,
            turns_in_year: *turns_in_year,
            loc: loc.clone(),
            strength: strength.clone(),
            count: count.clone(),
            control: control.clone(),
            moved: *moved,
            revealed: *revealed,
            force_marched: *force_marched,
            by_river: *by_river,
            pinned: *pinned,
            pin_hexes: pin_hexes.clone(),
            at_sea: *at_sea,
            entry: entry.clone(),
            side_use: side_use.clone(),
            deployed: deployed.clone(),
            attacks: attacks.clone(),
            french_entered: *french_entered,
            deck: deck.clone(),
            hands: hands.clone(),
            played: *played,
            player1: *player1,
            weather: *weather,
            offered: *offered,
            declined: *declined,
            routes: Vec::new(),
            frames: frames.clone(),
            stage: *stage,
            mover: *mover,
            core: Core {
                outcome: outcome.clone(),
                dice: dice.clone(),
                log,
            },
        }
    }
}
