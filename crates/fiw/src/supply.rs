//! 18.0 Supply: the Line of Supply Length Chart (`data/supply-line.tsv`,
//! reconstructed): how far a line of supply reaches from a magazine
//! (18.61), step by step across square sides.

use engine::table::{self, TableError};
use std::path::Path;

const SUPPLY_LINE_TSV: &str = include_str!("../data/supply-line.tsv");
/// The file `--data` may replace.
pub const FILE: &str = "supply-line.tsv";

/// One step of a line of supply.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// Directly along a road, river, lake coast or trail (13.5).
    Road,
    River,
    LakeCoast,
    Trail,
    /// Any other step across a square side.
    Overland,
}

const ITEMS: [&str; 6] = ["road", "river", "lake-coast", "trail", "overland", "limit"];

/// 18.61 the Line of Supply Length Chart.
#[derive(Clone, Debug)]
pub struct SupplyLine {
    /// Each step's length, in [`Step`] order.
    pub steps: [u32; 5],
    /// The longest line.
    pub limit: u32,
}

impl SupplyLine {
    pub fn read(dir: Option<&Path>) -> Result<SupplyLine, TableError> {
        let t = table::read(dir, FILE, SUPPLY_LINE_TSV, &["item", "value"])?;
        let mut values: [Option<u32>; 6] = [None; 6];
        for row in t.rows() {
            let i = row.one_of("item", &ITEMS.map(|w| (w, w)))?;
            let slot = &mut values[ITEMS.iter().position(|w| *w == i).expect("an item")];
            if slot.is_some() {
                return Err(row.error("item", "each item once"));
            }
            *slot = Some(row.range("value", 1..=30)?);
        }
        let mut got = [0; 6];
        for (i, v) in values.iter().enumerate() {
            got[i] = v.ok_or_else(|| t.error(format!("a line '{}' (18.61)", ITEMS[i]), "none"))?;
        }
        Ok(SupplyLine {
            steps: [got[0], got[1], got[2], got[3], got[4]],
            limit: got[5],
        })
    }

    /// 18.61 the length of a line made of `steps`.
    pub fn length(&self, steps: &[Step]) -> u32 {
        steps.iter().map(|&s| self.steps[s as usize]).sum()
    }

    /// 18.61 whether a line of these steps reaches its magazine; the path
    /// itself avoids enemy combat units and prohibited squares.
    // ruling: fiw #19
    pub fn reaches(&self, steps: &[Step]) -> bool {
        self.length(steps) <= self.limit
    }
}

impl crate::state::Fiw {
    /// 18.61 the friendly magazine a line of supply from `sq` reaches, if
    /// any: across square sides, each step as long as the chart says
    /// (ruling fiw #19: never into enemy combat units or prohibited
    /// squares; the force's own square may hold the enemy).
    pub fn supply_line(&self, sq: crate::map::Sq, seat: engine::Seat) -> Option<crate::map::Sq> {
        use crate::map::{Colony, Route, Sq};
        let m = &crate::tables::tables().map;
        let chart = &crate::tables::tables().supply_line;
        let magazine = |s: Sq| {
            self.civs
                .iter()
                .any(|c| c.sq == s && c.side == seat && c.kind == crate::civilization::Marker::Magazine)
        };
        let mut best = vec![u32::MAX; m.squares.len()];
        best[sq.index()] = 0;
        let mut queue = std::collections::BinaryHeap::new();
        queue.push(std::cmp::Reverse((0u32, sq.index())));
        while let Some(std::cmp::Reverse((d, i))) = queue.pop() {
            let s = Sq::from_index(i);
            if d > best[i] {
                continue;
            }
            if magazine(s) {
                return Some(s);
            }
            for (n, route) in m.land_steps(s, false) {
                // ruling: fiw #19
                if self.has_units(n, crate::state::enemy(seat)) || (m.colony(n) == Some(Colony::Florida) && !self.spain)
                {
                    continue;
                }
                let step = match route {
                    Route::Road => Step::Road,
                    Route::River => Step::River,
                    Route::LakeCoast => Step::LakeCoast,
                    Route::Trail => Step::Trail,
                    Route::Overland => Step::Overland,
                };
                let nd = d + chart.steps[step as usize];
                if nd <= chart.limit && nd < best[n.index()] {
                    best[n.index()] = nd;
                    queue.push(std::cmp::Reverse((nd, n.index())));
                }
            }
        }
        None
    }

    /// 18.62 a magazine outside a city or town is spent once used this
    /// turn (removed in the administration phase, ruling fiw #7).
    pub fn use_magazine(&mut self, sq: crate::map::Sq) {
        if self.settlement(sq).is_some() {
            return;
        }
        for c in self.civs.iter_mut() {
            if c.sq == sq && c.kind == crate::civilization::Marker::Magazine {
                c.used = true;
            }
        }
    }
}
