//! 29.0 Victory Conditions: each side's victory points at the end of play
//! and the level of the result.

use crate::forces::{BRITISH, FRENCH};
use crate::map::{Empire, Map, Settlement, Sq};
use crate::state::{side_name, Fiw};
use crate::tables::tables;
use engine::Seat;

/// 29.22 the levels, least first, with the difference each starts at.
pub const LEVELS: [(&str, u32); 4] = [("draw", 0), ("colonial", 20), ("continental", 60), ("imperial", 100)];

/// 29.1 a side's victory points, item by item.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Score {
    pub objectives: u32,
    pub symbols: u32,
    pub balance: u32,
    pub pounds: u32,
}

impl Score {
    pub fn total(&self) -> u32 {
        self.objectives + self.symbols + self.balance + self.pounds
    }
}

impl Fiw {
    /// 29.11 whether a seat's objectives in a square count: it controls
    /// it (ruling fiw #26) and it is not massacred. No siege is on where a
    /// side controls: control means no enemy unit in the square (23.2).
    fn counts(&self, o: &crate::state::Occupancy, sq: Sq, seat: Seat) -> bool {
        o.controls(sq, seat) && !self.massacred(sq)
    }

    /// 29.1 a seat's victory points now.
    pub fn score_of(&self, seat: Seat) -> Score {
        self.score_with(&self.occupancy(), seat)
    }

    /// 29.1 both seats' victory points now, counting who stands where once.
    pub fn scores(&self) -> [Score; 2] {
        let o = self.occupancy();
        [self.score_with(&o, BRITISH), self.score_with(&o, FRENCH)]
    }

    fn score_with(&self, o: &crate::state::Occupancy, seat: Seat) -> Score {
        let t = tables();
        let held = |items: &[(Sq, u32)]| -> u32 {
            items
                .iter()
                .filter(|(sq, _)| self.counts(o, *sq, seat))
                .map(|(_, points)| points)
                .sum()
        };
        let (objectives, symbols) = (held(&t.objectives), held(&t.symbols));
        let balance = u32::from(t.balance.victory(self.balance, seat));
        // ruling: fiw #27 (pounds add, a tenth rounded up)
        let pounds = u32::from(self.treasury[seat as usize]).div_ceil(10);
        Score {
            objectives,
            symbols,
            balance,
            pounds,
        }
    }

    /// 29.2 the end of play: the difference of the totals names the
    /// winner and the level.
    pub fn victory(&mut self) {
        let [b, f] = self.scores();
        let (bt, ft) = (b.total(), f.total());
        for (seat, s) in [(BRITISH, &b), (FRENCH, &f)] {
            self.core.log.say("29.1", || {
                format!(
                    "{}: {} victory points (objectives {}, symbols {}, Balance of Power {}, pounds {}).",
                    side_name(seat),
                    s.total(),
                    s.objectives,
                    s.symbols,
                    s.balance,
                    s.pounds
                )
            });
        }
        let diff = bt.abs_diff(ft);
        let level = LEVELS.iter().rev().find(|l| diff >= l.1).expect("0 starts the draw").0;
        let winner = (level != "draw").then_some(if bt > ft { BRITISH } else { FRENCH });
        let reason = match winner {
            None => format!("{bt} to {ft}: a difference of {diff} is a draw (29.22)"),
            Some(w) => format!(
                "{bt} to {ft}: the {} win a {level} victory by {diff} (29.22)",
                side_name(w)
            ),
        };
        self.core.finish_at(winner, level, reason, "29.2");
    }
}

/// 29.1 the places worth points, each with its square and points, in the
/// map's order: Quebec, New Orleans, St. Augustine, Montreal, the British
/// colonial capitals and the other cities. A capital that is a city
/// scores as a capital only: "city not named above" is read as one not
/// counted above (ruling fiw #59).
pub fn objectives(map: &Map) -> Vec<(Sq, u32)> {
    let points = |place: &crate::map::Place| match place.id.as_str() {
        "quebec" => 10,
        "new-orleans" => 8,
        "st-augustine" => 5,
        "montreal" => 2,
        // ruling: fiw #59
        _ if place.capital && map.colony(place.sq).and_then(|c| c.empire()) == Some(Empire::British) => 2,
        _ if place.settlement == Some(Settlement::City) => 1,
        _ => 0,
    };
    map.places
        .iter()
        .map(|p| (p.sq, points(p)))
        .filter(|&(_, points)| points > 0)
        .collect()
}

/// 29.1 the squares printed with trading or manufacturing symbols, each
/// with its points (one a symbol).
pub fn symbols(map: &Map) -> Vec<(Sq, u32)> {
    map.squares
        .iter()
        .map(|s| (s.sq, u32::from(s.trading) + u32::from(s.manufacturing)))
        .filter(|&(_, points)| points > 0)
        .collect()
}
