//! 7.4 Retreats, 7.5 Regrouping and 8.5 Sea Retreats: where a block may go.

use crate::blocks::{self, Block, Nation};
use crate::map::{Hex, SideTerrain, Terrain};
use crate::state::{bit, other, Liberty};
use crate::why::Bar;
use engine::Seat;

/// Why a block leaves a battle hex: the rules differ (7.4 vs 7.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    Retreat,
    Regroup,
}

impl Liberty {
    /// A hex a retreat or regroup may pass through or end in: free of enemy
    /// blocks, not a battle hex, friendly or (for passing, and for a retreat's
    /// end) neutral (5.3, 7.4, 7.5; stored control, ruling liberty #5).
    fn open_for(&self, seat: Seat, h: Hex, end: bool, why: Leave) -> bool {
        if self.has(h, other(seat)) || self.map().spaces[h as usize].terrain != Terrain::Land {
            return false;
        }
        match (why, end) {
            (Leave::Regroup, true) => self.friendly(h, seat),
            _ => self.friendly(h, seat) || self.neutral(h),
        }
    }

    /// Hexsides a block may leave the battle hex by (7.4): the attacker only
    /// by hexsides its side used to attack; the defender not by those, unless
    /// it entered by that hexside after the attacker. Regroups: any (7.5).
    fn may_leave_by(&self, seat: Seat, hex: Hex, side: u16, why: Leave) -> bool {
        if why == Leave::Regroup {
            return true;
        }
        let Some(a) = self.attack_at(hex) else { return true };
        let last = a.entries.iter().rev().find(|e| e.0 == side).map(|e| e.1);
        if seat == a.attacker {
            last == Some(seat)
        } else {
            last.is_none_or(|s| s == seat)
        }
    }

    /// What forbids block `b` leaving a battle (or passing on) into `n`
    /// across `side` (None: nothing), under `uses` (hexside counts of this
    /// round or regroup); `first`: the step out of the battle hex. The one
    /// check of `land_escapes` and of "why not?".
    pub(crate) fn escape_bar(
        &self,
        b: Block,
        why: Leave,
        uses: &[(u16, u8)],
        first: bool,
        n: Hex,
        side: u16,
    ) -> Option<Bar> {
        let info = blocks::info(b);
        let seat = info.side;
        let map = self.map();
        let hs = &map.sides[side as usize];
        let used = uses.iter().find(|u| u.0 == side).map_or(0, |u| u.1);
        Some(if !hs.ground {
            Bar::NoLandCrossing
        } else if used >= hs.limit() {
            Bar::RetreatHexsideLimit(hs.limit())
        } else if first && !self.may_leave_by(seat, self.loc[b as usize], side, why) {
            let attacker = self.attack_at(self.loc[b as usize]).is_some_and(|a| a.attacker == seat);
            if attacker {
                Bar::AttackerRetreatSide
            } else {
                Bar::DefenderRetreatSide
            }
        } else if info.is_indian() && !map.spaces[n as usize].wilderness {
            Bar::IndiansWilderness
        } else if self.contested(n) {
            Bar::IntoBattleHex
        } else if !self.open_for(seat, n, false, why) {
            Bar::RetreatIntoEnemy
        } else {
            return None;
        })
    }

    /// Ground destinations with the hexsides crossed (one path each), under
    /// `uses` (hexside counts of this round or regroup).
    pub fn land_escapes(&self, b: Block, why: Leave, uses: &[(u16, u8)]) -> Vec<(Hex, Vec<u16>)> {
        let info = blocks::info(b);
        let seat = info.side;
        let map = self.map();
        let hex = self.loc[b as usize];
        let used = |s: u16| uses.iter().find(|u| u.0 == s).map_or(0, |u| u.1);
        let mut out: Vec<(Hex, Vec<u16>)> = Vec::new();
        let mut frontier: Vec<(Hex, Vec<u16>)> = vec![(hex, Vec::new())];
        for step in 1..=info.moves {
            let mut next = Vec::new();
            for (h, path) in &frontier {
                for &(n, side) in &map.spaces[*h as usize].adj {
                    let hs = &map.sides[side as usize];
                    if n == hex || out.iter().any(|o| o.0 == n) {
                        continue;
                    }
                    if self.escape_bar(b, why, uses, step == 1, n, side).is_some() {
                        continue;
                    }
                    let mut p = path.clone();
                    p.push(side);
                    if self.open_for(seat, n, true, why) {
                        out.push((n, p.clone()));
                    }
                    let stops = hs.terrain != SideTerrain::Clear && !hs.river && !info.is_indian();
                    if !stops {
                        next.push((n, p));
                    }
                }
            }
            frontier = next;
        }
        // 7.4 / 7.5 only blocks that entered by river may leave by river.
        if self.by_river & bit(b) != 0 {
            for (dest, sides) in map.river_moves(hex) {
                // A two-hex river move passes through the hex after the first side.
                let s0 = &map.sides[sides[0] as usize];
                let first = if s0.a == hex { s0.b } else { s0.a };
                let path_ok = [first, *dest].iter().all(|&h| {
                    !self.contested(h)
                        && self.open_for(seat, h, h == *dest, why)
                        && (!info.is_indian() || map.spaces[h as usize].wilderness)
                });
                let ok = path_ok
                    && sides.iter().all(|&s| used(s) < map.sides[s as usize].limit())
                    && self.may_leave_by(seat, hex, sides[0], why)
                    && !out.iter().any(|o| o.0 == *dest);
                if ok {
                    out.push((*dest, sides.clone()));
                }
            }
        }
        out
    }

    /// 5.4 Naval Choke Points: an enemy block in Yorktown (Dover) closes the
    /// Chesapeake (Delaware) ports to sea movement, retreats included.
    fn sea_closed(&self, seat: Seat, port: Hex) -> bool {
        self.map()
            .chokepoints
            .iter()
            .any(|c| c.closes.contains(&port) && self.has(c.hex, other(seat)))
    }

    /// Where a retreat or regroup by sea may go from `hex`: the Atlantic box
    /// (retreats only, 7.5), unless the port is closed (5.4); from a West Indies
    /// port also the other one if friendly and free of enemy blocks (9.1).
    fn sea_destinations(&self, seat: Seat, hex: Hex, why: Leave) -> Vec<Hex> {
        let map = self.map();
        let mut out = Vec::new();
        if why == Leave::Retreat && !self.sea_closed(seat, hex) {
            out.push(map.atlantic);
        }
        if map.west_indies.contains(&hex) {
            out.extend(
                map.west_indies
                    .iter()
                    .copied()
                    .filter(|&w| w != hex && self.friendly(w, seat) && !self.has(w, other(seat))),
            );
        }
        out
    }

    /// 8.1 / 8.5 / 9.1 / ruling liberty #14: a warship leaves by sea (see
    /// `sea_destinations`) or to a friendly port free of enemy blocks within
    /// two hexes, ignoring hexside limits and the hexsides the enemy
    /// warships entered by (8.5 "even via a sea hexside used by enemy
    /// warships", ruling liberty #33).
    pub fn warship_escapes(&self, b: Block, why: Leave) -> Vec<Hex> {
        let seat = Liberty::side_of(b);
        let map = self.map();
        let hex = self.loc[b as usize];
        let mut out = self.sea_destinations(seat, hex, why);
        if map.west_indies.contains(&hex) {
            return out;
        }
        for (h, _, _) in self.warship_reach(seat, hex, 2) {
            if self.friendly(h, seat) && !self.has(h, other(seat)) && !self.contested(h) {
                out.push(h);
            }
        }
        out
    }

    /// 8.5 where a ground block may retreat by sea, when a friendly warship
    /// retreated this round; on land that warship must have been unopposed; at
    /// most three ground blocks a round. American and Indian blocks never go by
    /// sea (5.7).
    pub fn sea_escape(&self, b: Block, warship_left: bool, unopposed: bool, sea_retreats: u8) -> Vec<Hex> {
        let at_sea = self.at_sea & bit(b) != 0;
        if !self.goes_by_sea(b) || !warship_left || sea_retreats >= 3 || (!at_sea && !unopposed) {
            return Vec::new();
        }
        self.sea_destinations(Liberty::side_of(b), self.loc[b as usize], Leave::Retreat)
    }

    /// 5.7 ground blocks that may move by sea: not American or Indian.
    pub fn goes_by_sea(&self, b: Block) -> bool {
        let info = blocks::info(b);
        !info.is_warship() && !matches!(info.nation, Nation::American | Nation::Indian)
    }

    /// 7.5 regroup destinations (ruling liberty #16: up to the move rating
    /// along a path free of enemy blocks and battle hexes, ending in a
    /// Friendly hex; by river only if the block entered by river); ground
    /// blocks may also regroup between the West Indies ports (9.1), never to
    /// the Atlantic box.
    pub fn regroup_destinations(&self, b: Block, uses: &[(u16, u8)]) -> Vec<Hex> {
        if blocks::info(b).is_warship() {
            return self.warship_escapes(b, Leave::Regroup);
        }
        let mut out: Vec<Hex> = self
            .land_escapes(b, Leave::Regroup, uses)
            .into_iter()
            .map(|x| x.0)
            .collect();
        if self.goes_by_sea(b) {
            out.extend(self.sea_destinations(Liberty::side_of(b), self.loc[b as usize], Leave::Regroup));
        }
        out
    }
}
