//! 6.0 Replacements: drawing from the pool and deploying (6.1, 6.2, 10.0).

use crate::blocks::{self, Block, Kind, Nation};
use crate::map::{Colour, Hex};
use crate::state::{other, Frame, Liberty, POOL};
use crate::why::Bar;
use engine::Seat;

impl Liberty {
    /// 12.0 Special Rules: the British cannot draw replacements in 1775.
    pub fn can_replace(&self, seat: Seat) -> bool {
        !(seat == blocks::BRITISH && self.year == 1775)
            && (0..self.loc.len() as Block).any(|b| self.loc[b as usize] == POOL && Liberty::side_of(b) == seat)
    }

    /// Where a drawn block may be deployed (6.1, 6.2, 10.0; ruling liberty #18).
    pub fn deploy_hexes(&self, b: Block, out: &mut Vec<Hex>) {
        let map = self.map();
        let candidates: &[Hex] = match blocks::info(b).nation {
            Nation::British | Nation::Hessian | Nation::French => std::slice::from_ref(&map.atlantic),
            Nation::Loyalist | Nation::American => &map.town_hexes,
            Nation::Indian => {
                let Some(home) = self.indian_home(b) else { return };
                out.extend(std::iter::once(home).filter(|&h| self.deploy_bar(b, h).is_none()));
                let adj = map.spaces[home as usize].adj.iter().map(|a| a.0);
                out.extend(adj.filter(|&h| self.deploy_bar(b, h).is_none()));
                return;
            }
        };
        out.extend(candidates.iter().copied().filter(|&h| self.deploy_bar(b, h).is_none()));
    }

    /// What forbids deploying the drawn block `b` in `h` (None: nothing);
    /// the one check of `deploy_hexes` and of "why not?".
    pub(crate) fn deploy_bar(&self, b: Block, h: Hex) -> Option<Bar> {
        let info = blocks::info(b);
        let map = self.map();
        let seat = info.side;
        match info.nation {
            // 6.1 British (and Hessians) in the Atlantic; 6.2 French likewise.
            Nation::British | Nation::Hessian | Nation::French => (h != map.atlantic).then_some(Bar::AtlanticOnly),
            Nation::Loyalist | Nation::American => {
                let bar = if map.town(h).is_none_or(|t| t.value < 1) {
                    Bar::NotSupplyTown
                } else if !self.friendly(h, seat) {
                    Bar::NotFriendly
                } else if self.has(h, other(seat)) {
                    Bar::BattleHex
                } else if self.deployed.contains(&h) {
                    Bar::OneReplacementPerTown
                } else if map.west_indies.contains(&h) {
                    Bar::WestIndies
                } else if seat == blocks::AMERICAN
                    // 6.2 only Militia in a friendly red (or orange) town.
                    && map.town(h).is_some_and(|t| t.colour != Colour::Blue)
                    && !matches!(info.kind, Kind::Militia | Kind::MilitiaDragoon)
                {
                    Bar::MilitiaOnly
                } else {
                    return None;
                };
                Some(bar)
            }
            Nation::Indian => {
                // 6.1 own town if friendly and free of enemy blocks; 10.0 else a
                // neutral adjacent (wilderness) hex.
                let home = self.indian_home(b)?;
                let home_open = self.friendly(home, seat) && !self.has(home, other(seat));
                let next_to_home = map.spaces[home as usize].adj.iter().any(|a| a.0 == h);
                if h == home {
                    (!home_open).then_some(Bar::IndianNeutralWilderness)
                } else if !next_to_home {
                    Some(Bar::IndianHomeOnly)
                } else if home_open {
                    Some(Bar::IndianHomeFirst)
                } else {
                    let ok = self.neutral(h) && !self.has(h, other(seat)) && map.spaces[h as usize].wilderness;
                    (!ok).then_some(Bar::IndianNeutralWilderness)
                }
            }
        }
    }

    pub fn deploy(&mut self, b: Block, h: Hex) {
        self.place(b, h);
        if h != self.map().atlantic {
            self.deployed.push(h);
        }
        self.frames.pop();
        let place = self.hex_name(h);
        let seat = Liberty::side_of(b);
        let side = crate::side_name(seat);
        self.core.log.apart(
            seat,
            "6.0",
            &[],
            || Liberty::path(&[h]),
            || format!("{side} deploys {} in {place}.", Liberty::name(b)),
            || format!("{side} deploys a replacement in {place}."),
        );
    }

    /// 3.1 a Replacement costs an Action; 3.2 moves come first.
    pub fn replace(&mut self, seat: Seat) {
        if let Some(Frame::Actions { left, replaced, .. }) = self.frames.last_mut() {
            *left -= 1;
            *replaced = true;
        }
        self.frames.push(Frame::Draw { seat });
        self.close_movement(seat);
    }
}
