//! 6.0 Replacements: drawing from the pool and deploying (6.1, 6.2, 10.0).

use crate::blocks::{self, Block, Kind, Nation};
use crate::map::{Colour, Hex};
use crate::state::{other, Frame, Liberty, POOL};
use engine::Seat;

impl Liberty {
    /// 12.0 Special Rules: the British cannot draw replacements in 1775.
    pub fn can_replace(&self, seat: Seat) -> bool {
        !(seat == blocks::BRITISH && self.year == 1775)
            && (0..self.loc.len() as Block).any(|b| self.loc[b as usize] == POOL && Liberty::side_of(b) == seat)
    }

    /// A friendly supply town free of enemy blocks with no replacement yet this turn.
    fn open_supply_town(&self, h: Hex, seat: Seat) -> bool {
        self.map().town(h).is_some_and(|t| t.value >= 1)
            && self.friendly(h, seat)
            && !self.has(h, other(seat))
            && !self.deployed.contains(&h)
            && !self.map().west_indies.contains(&h)
    }

    /// Where a drawn block may be deployed (6.1, 6.2, 10.0; ruling liberty #18).
    pub fn deploy_hexes(&self, b: Block, out: &mut Vec<Hex>) {
        let info = blocks::info(b);
        let map = self.map();
        let seat = info.side;
        match info.nation {
            // 6.1 British (and Hessians) in the Atlantic; 6.2 French likewise.
            Nation::British | Nation::Hessian | Nation::French => out.push(map.atlantic),
            Nation::Loyalist | Nation::American => {
                for &h in &map.town_hexes {
                    if !self.open_supply_town(h, seat) {
                        continue;
                    }
                    // 6.2 only Militia in a friendly red (or orange) town.
                    let enemy_colour = map.town(h).is_some_and(|t| {
                        if seat == blocks::BRITISH {
                            t.colour == Colour::Blue
                        } else {
                            t.colour != Colour::Blue
                        }
                    });
                    if enemy_colour
                        && seat == blocks::AMERICAN
                        && !matches!(info.kind, Kind::Militia | Kind::MilitiaDragoon)
                    {
                        continue;
                    }
                    out.push(h);
                }
            }
            Nation::Indian => {
                // 6.1 own town if friendly and free of enemy blocks; 10.0 else a
                // neutral adjacent (wilderness) hex.
                let Some(home) = self.indian_home(b) else { return };
                if self.friendly(home, seat) && !self.has(home, other(seat)) {
                    out.push(home);
                    return;
                }
                for &(n, _) in &map.spaces[home as usize].adj {
                    if self.neutral(n) && !self.has(n, other(seat)) && map.spaces[n as usize].wilderness {
                        out.push(n);
                    }
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
        self.core
            .log
            .tell(seat, "6.0", || format!("{} is deployed in {place}.", Liberty::name(b)));
        self.core
            .log
            .say("6.0", || format!("A replacement is deployed in {place}."));
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
