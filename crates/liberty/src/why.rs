//! "Why not?": the rule that forbids a move or a deployment a player points
//! at. Each [`Bar`] is returned by the same check that decides the legal
//! actions (`step_bar`, `move_bar`, `deploy_bar`), so the two never disagree;
//! here they are put into the rulebook's words. Answered for Group Moves
//! (picking a block, moving it), deploying a replacement, and retreats.

use crate::actions::Action;
use crate::battle::Battle;
use crate::blocks::{self, Block, Nation};
use crate::map::{Hex, Side};
use crate::retreat::Leave;
use crate::state::{Frame, Liberty, Moving, Weather};
use engine::{Forbidden, Seat};

/// One hex of overland movement being tried.
#[derive(Clone, Copy, Debug)]
pub struct Step {
    pub seat: Seat,
    pub block: Block,
    /// Where the Group Move began.
    pub origin: Hex,
    /// Where the block is now.
    pub pos: Hex,
    pub to: Hex,
    pub side: Side,
}

/// What forbids a move or a deployment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bar {
    NoLandCrossing,
    NotLand,
    HexsideLimit(u8),
    PinnedSide,
    IndiansWilderness,
    Weather,
    SeaAttackAlone,
    /// The block has used its movement rate and its force march.
    Spent,
    ByRiver,
    WarshipsBySea,
    NoSeaMovement,
    OutOfReach,
    Moved,
    Pinned,
    FrenchEntry,
    Nowhere,
    NotInGroup,
    AtlanticOnly,
    NotSupplyTown,
    NotFriendly,
    BattleHex,
    OneReplacementPerTown,
    WestIndies,
    MilitiaOnly,
    IndianHomeFirst,
    IndianNeutralWilderness,
    IndianHomeOnly,
    RetreatHexsideLimit(u8),
    AttackerRetreatSide,
    DefenderRetreatSide,
    IntoBattleHex,
    RetreatIntoEnemy,
    RetreatOutOfReach,
    /// 9.1 two blocks a West Indies port before French Entry.
    WestIndiesStacking,
    /// 9.1 / ruling liberty #19 the British stay out of the French port before French Entry.
    WestIndiesPort,
    /// 5.4 an enemy block in this choke point closes the bay.
    ChokePoint(Hex),
    /// 5.7 / 8.4 ground blocks sail into an enemy hex only in a warship's Sea Attack.
    SeaAttackNeedsWarship,
    /// 8.4 three ground blocks a Sea Attack.
    SeaAttackFull,
    /// 9.1 from a West Indies port: the other port or the Atlantic.
    FromWestIndies,
    /// 5.1 not next to it, and 5.7 sea movement leaves from a port.
    NotAPort,
    /// 5.7 ground blocks leave by sea from a friendly port.
    SeaFromEnemyPort,
    /// 5.1 not next to it, and 5.7 ground blocks go by sea only via the Atlantic box.
    ViaAtlantic,
    /// 8.1 a warship's move on the map.
    WarshipReach,
}

impl Bar {
    fn forbidden(self, g: &Liberty, block: Block, at: Hex) -> Forbidden {
        let name = Liberty::name(block);
        let here = || g.hex_name(at);
        let (rule, reason): (&'static str, String) = match self {
            Bar::NoLandCrossing => ("5.1", format!("no land movement crosses the hexside into {} (sea or lake)", here())),
            Bar::NotLand => ("5.7", format!("{} is not a land hex: only sea movement goes there", here())),
            Bar::HexsideLimit(n) => (
                "5.2",
                format!("Hexside Limits: {n} of your blocks have crossed that hexside this Game Turn, so it is closed to your movement"),
            ),
            Bar::PinnedSide => (
                "5.4",
                "Pinning: unpinned blocks cannot move across any hexside used by the pinning blocks".into(),
            ),
            Bar::IndiansWilderness => ("2.25", format!("Indians are restricted to Wilderness hexes; {} is not one", here())),
            Bar::Weather => (
                "4.0",
                format!(
                    "Weather: no attacks within or from the {} this turn (entering {} would be an attack)",
                    if g.weather == Weather::North { "North" } else { "South" },
                    here()
                ),
            ),
            Bar::SeaAttackAlone => ("8.4", "a Sea Attack can never be combined with any other attack".into()),
            Bar::Spent => (
                "5.1",
                format!(
                    "{name} has moved its full rate of {} hexes, and a force march adds only one (5.5)",
                    blocks::info(block).moves
                ),
            ),
            Bar::ByRiver => ("5.6", format!("{name} moved by river: a river move is its whole move")),
            Bar::WarshipsBySea => ("2.24", "warships move only by sea".into()),
            Bar::NoSeaMovement => ("5.7", "American blocks and Indians cannot use sea movement".into()),
            Bar::OutOfReach => (
                "5.1",
                format!(
                    "{} is not next to {}, where {name} is, and no river move (5.6) or sea move (5.7) of {name} goes there",
                    here(),
                    g.hex_name(g.loc[block as usize])
                ),
            ),
            Bar::Moved => ("5.1", format!("{name} has moved: blocks move once per Game Turn")),
            Bar::Pinned => ("5.4", format!("{name} is pinned by the attacking blocks and cannot move")),
            Bar::FrenchEntry => ("9.0", "French blocks cannot move before French Entry".into()),
            Bar::Nowhere => ("5.1", format!("{name} has no hex it may move to")),
            Bar::NotInGroup => (
                "5.1",
                format!("a Group Move moves blocks of one hex; {name} is not in it"),
            ),
            Bar::AtlanticOnly => (
                if matches!(blocks::info(block).nation, Nation::French) { "6.2" } else { "6.1" },
                format!("{name} must be deployed in the Atlantic box"),
            ),
            Bar::NotSupplyTown => ("6.0", format!("replacements are deployed in supply towns; {} is not one", here())),
            Bar::NotFriendly => (
                "5.3",
                format!("{} is not a friendly town (hex control changes only at the end of a Game Turn)", here()),
            ),
            Bar::BattleHex => ("6.0", format!("blocks cannot be deployed into Battle Hexes or where enemy blocks are: {}", here())),
            Bar::OneReplacementPerTown => ("6.1", format!("a maximum of one replacement per hex: {} has one this turn", here())),
            Bar::WestIndies => ("9.1", "replacements are not deployed in the West Indies".into()),
            Bar::MilitiaOnly => ("6.2", format!("only Militia can be deployed in a friendly Red supply town such as {}", here())),
            Bar::IndianHomeFirst => ("10.0", format!("{name} must be deployed in its own town, which is friendly and free of enemy blocks")),
            Bar::IndianNeutralWilderness => (
                "10.0",
                format!("with its own town lost, {name} deploys in a neutral Wilderness hex next to it free of enemy blocks; {} is not", here()),
            ),
            Bar::IndianHomeOnly => ("10.0", format!("{name} is deployed in its own town if possible, otherwise in a neutral hex next to it")),
            Bar::RetreatHexsideLimit(n) => (
                "7.4",
                format!("terrain hexside limits for Retreats apply to each Combat Round: {n} of your blocks have retreated across that hexside this round"),
            ),
            Bar::AttackerRetreatSide => ("7.4", "the Attacker can only retreat via hexside(s) used to attack into the hex".into()),
            Bar::DefenderRetreatSide => (
                "7.4",
                "the Defender may not retreat through hexsides that were used by the Attacker to enter the hex".into(),
            ),
            Bar::IntoBattleHex => ("7.4", format!("blocks never retreat into or through an existing Battle Hex: {}", here())),
            Bar::RetreatIntoEnemy => (
                "7.4",
                format!("blocks retreat only into or through Friendly or Neutral hexes free of enemy blocks; {} is not one (5.3)", here()),
            ),
            Bar::RetreatOutOfReach => (
                "7.4",
                format!("{name} retreats its full move of {} hexes at most, by open hexes: it cannot reach {}", blocks::info(block).moves, here()),
            ),
            Bar::WestIndiesStacking => (
                "9.1",
                format!("before French Entry, stacking in each West Indies port is limited to two blocks: {} holds two of yours", here()),
            ),
            Bar::WestIndiesPort => (
                "9.1",
                format!("before French Entry the British cannot enter {} (the British cannot initiate French Entry; ruling liberty #19)", here()),
            ),
            Bar::ChokePoint(c) => (
                "5.4",
                format!(
                    "Naval Choke Points: an enemy block in {} closes the bay's ports to sea movement, {} among them",
                    g.hex_name(c),
                    // The port sailed to, or else the one sailed from.
                    if g.closed_by(Liberty::side_of(block), at) == Some(c) {
                        here()
                    } else {
                        g.hex_name(g.loc[block as usize])
                    }
                ),
            ),
            Bar::SeaAttackNeedsWarship => (
                "8.4",
                format!(
                    "{} is an enemy hex: ground blocks sail only to a friendly port containing no enemy blocks (5.7); \
                     a Sea Attack must include a warship, which sails there first in this Group Move",
                    here()
                ),
            ),
            Bar::SeaAttackFull => (
                "8.4",
                format!("the maximum number of ground blocks for one Sea Attack is three: {} has three", here()),
            ),
            Bar::FromWestIndies => (
                "9.1",
                "from a West Indies port, blocks move by sea only to the other West Indies port or the Atlantic box".into(),
            ),
            Bar::NotAPort => (
                "5.1",
                format!(
                    "{} is not next to {from}, and sea movement (5.7) leaves only from a port; {from} is not one",
                    here(),
                    from = g.hex_name(g.loc[block as usize])
                ),
            ),
            Bar::SeaFromEnemyPort => (
                "5.7",
                format!(
                    "sea movement by ground blocks leaves from a friendly port; {} is not friendly (hex control changes only at the end of a Game Turn)",
                    g.hex_name(g.loc[block as usize])
                ),
            ),
            Bar::ViaAtlantic => (
                "5.1",
                format!(
                    "{} is not next to {from}, and all sea movement by ground blocks is conducted via the Atlantic box (5.7): \
                     from {from} only to the Atlantic",
                    here(),
                    from = g.hex_name(g.loc[block as usize])
                ),
            ),
            Bar::WarshipReach => (
                "8.1",
                format!(
                    "{} is out of reach of {name}: warships move to the Atlantic, or two hexes on the map (a third by force march, 5.5) \
                     across sea hexsides, ending in a port and stopping where they enter an enemy hex",
                    here()
                ),
            ),
        };
        Forbidden::new(rule, reason)
    }
}

impl Liberty {
    /// [`engine::Describe::why_not`] for Liberty: Group Moves and
    /// deployments.
    pub fn why_not(&self, seat: Seat, target: &str) -> Vec<Forbidden> {
        let hex = || self.map().ids.get(target).copied();
        match self.frames.last() {
            Some(Frame::Group {
                seat: s,
                origin,
                current: None,
                sailed,
                ..
            }) if *s == seat => {
                let Some(b) = blocks::by_id(target) else {
                    return Vec::new();
                };
                let bar = if Liberty::side_of(b) != seat {
                    None
                } else if self.loc[b as usize] != *origin {
                    let moved = self.moved & crate::state::bit(b) != 0;
                    Some(if moved { Bar::Moved } else { Bar::NotInGroup })
                } else if let Some(bar) = self.move_bar(b) {
                    Some(bar)
                } else {
                    (!self.can_go(seat, *origin, Moving { block: b, steps: 0 }, sailed)).then_some(Bar::Nowhere)
                };
                bar.map(|bar| bar.forbidden(self, b, *origin)).into_iter().collect()
            }
            Some(Frame::Group {
                seat: s,
                origin,
                current: Some(m),
                sailed,
                ..
            }) if *s == seat => hex()
                .map(|h| self.move_bars(seat, *origin, *m, sailed, h))
                .unwrap_or_default()
                .into_iter()
                .map(|bar| bar.forbidden(self, m.block, hex().unwrap_or(*origin)))
                .collect(),
            Some(Frame::Deploy { seat: s, block }) if *s == seat => hex()
                .and_then(|h| Some((h, self.deploy_bar(*block, h)?)))
                .map(|(h, bar)| bar.forbidden(self, *block, h))
                .into_iter()
                .collect(),
            Some(Frame::Battle(bt)) => self.retreat_bars(seat, bt, hex()),
            Some(&Frame::Actions {
                seat: s,
                left,
                replaced,
                ..
            }) if s == seat => {
                // A hex, or one of the seat's blocks on the map (its hex).
                let h = hex().or_else(|| {
                    blocks::by_id(target)
                        .filter(|&b| Liberty::side_of(b) == seat && self.on_map(b))
                        .map(|b| self.loc[b as usize])
                });
                h.and_then(|h| self.group_bar(seat, h, left, replaced))
                    .into_iter()
                    .collect()
            }
            _ => Vec::new(),
        }
    }

    /// Why `seat` may not start a Group Move from `h` now: the same checks
    /// as `actions_legal` (3.1 an Action left, 3.2 moves before
    /// replacements, 5.1 blocks free to move, 5.4 pinned, 9.0 French).
    fn group_bar(&self, seat: Seat, h: Hex, left: u8, replaced: bool) -> Option<Forbidden> {
        let mut legal = Vec::new();
        self.actions_legal(seat, left, replaced, &mut legal);
        if legal.contains(&Action::Group(h)) {
            return None;
        }
        let place = self.hex_name(h);
        let mine: Vec<Block> = self.side_blocks_at(h, seat).collect();
        Some(if left == 0 {
            Forbidden::new("3.1", "you have no Action left: each Group Move is one Action")
        } else if replaced {
            Forbidden::new(
                "3.2",
                "you have drawn a replacement: moves come first, so no Group Move follows a replacement",
            )
        } else if mine.is_empty() {
            Forbidden::new(
                "5.1",
                format!("a Group Move moves your blocks from one hex; you have none in {place}"),
            )
        } else if mine.iter().all(|&b| self.moved & crate::state::bit(b) != 0) {
            Forbidden::new(
                "5.1",
                format!("your blocks in {place} have moved: blocks move once per Game Turn"),
            )
        } else if !self.french_entered && mine.iter().all(|&b| blocks::info(b).is_french()) {
            Forbidden::new("9.0", "French blocks cannot move before French Entry")
        } else {
            let pins = self.pin_count(h, seat);
            let free = mine.iter().filter(|&&b| self.move_bar(b).is_none()).count();
            Forbidden::new(
                "5.4",
                format!(
                    "Pinning: the enemy attacks {place} with {}, which pin as many of your blocks; \
                     of your {} there, {} free to move, so all are pinned",
                    engine::log::count(pins, "block"),
                    mine.len(),
                    match free {
                        0 => "none is".to_string(),
                        1 => "only 1 is".to_string(),
                        n => format!("only {n} are"),
                    },
                ),
            )
        })
    }

    /// Why no block of `seat` that may leave the battle now retreats to
    /// `h`: the reasons for the first ground block that has a choice (the
    /// same checks as `land_escapes`).
    fn retreat_bars(&self, seat: Seat, bt: &Battle, h: Option<Hex>) -> Vec<Forbidden> {
        let Some(h) = h else { return Vec::new() };
        let mut legal = Vec::new();
        engine::Procedure::legal_for(self, seat, &mut legal);
        if legal.iter().any(|a| matches!(a, Action::Retreat(_, x) if *x == h)) {
            return Vec::new();
        }
        // A block that may retreat now: it has retreats, or fires or holds instead.
        let choosing = legal.iter().find_map(|a| match *a {
            Action::Retreat(b, _) | Action::Fire(b) | Action::Hold(b) | Action::Charge(b) => Some(b),
            _ => None,
        });
        let Some(b) = choosing.filter(|&b| !blocks::info(b).is_warship() && self.at_sea & crate::state::bit(b) == 0)
        else {
            return Vec::new();
        };
        let side = self.map().spaces[bt.hex as usize]
            .adj
            .iter()
            .find(|a| a.0 == h)
            .map(|a| a.1);
        let bar = match side {
            Some(side) => self.escape_bar(b, Leave::Retreat, &bt.uses[seat as usize], true, h, side),
            None if h != bt.hex => Some(Bar::RetreatOutOfReach),
            None => None,
        };
        bar.map(|bar| bar.forbidden(self, b, h)).into_iter().collect()
    }

    /// What forbids the moving block `m` to go to `h`: empty when a step,
    /// river move or sea move takes it there, or `h` is where it is.
    fn move_bars(&self, seat: Seat, origin: Hex, m: Moving, sailed: &[Hex], h: Hex) -> Vec<Bar> {
        let b = m.block;
        let info = blocks::info(b);
        let pos = self.loc[b as usize];
        let mut legal = Vec::new();
        self.group_legal(seat, origin, Some(m), sailed, &mut legal);
        let reached = legal
            .iter()
            .any(|a| matches!(a, Action::Step(x) | Action::River(x) | Action::Sail(x) if *x == h));
        if reached || h == pos {
            return Vec::new();
        }
        let side = self.map().spaces[pos as usize]
            .adj
            .iter()
            .find(|a| a.0 == h)
            .map(|a| a.1);
        let sea_only = self.map().spaces[h as usize].terrain != crate::map::Terrain::Land;
        if sea_only && !info.is_warship() && matches!(info.nation, Nation::American | Nation::Indian) {
            return vec![Bar::NoSeaMovement];
        }
        // A port or box not reached by land: the sea move's own reason
        // (the same checks as `sails`), before the land ones.
        let by_land = side.is_some_and(|s| !info.is_warship() && self.map().sides[s as usize].ground);
        if m.steps == 0 && !by_land {
            let sea = if self.sail_dests(seat, b).contains(&h) {
                self.sail_bar(seat, b, h, sailed)
            } else {
                self.no_sail_bar(seat, b, h)
            };
            if let Some(bar) = sea {
                return vec![bar];
            }
        }
        match side {
            Some(_) if info.is_warship() => vec![Bar::WarshipsBySea],
            Some(_) if self.by_river & crate::state::bit(b) != 0 => vec![Bar::ByRiver],
            Some(_) if self.spent(b, m.steps) => vec![Bar::Spent],
            Some(side) => {
                let pin_sides = if pos == origin {
                    self.pin_sides(seat, origin)
                } else {
                    Vec::new()
                };
                let step = Step {
                    seat,
                    block: b,
                    origin,
                    pos,
                    to: h,
                    side,
                };
                self.step_bar(step, &pin_sides).into_iter().collect()
            }
            None => vec![Bar::OutOfReach],
        }
    }
}
