//! The Administration phase (ruling fiw #1 step 14), its five steps in
//! order: 14.1 magazines of besieged fortresses (and spent ones) removed;
//! 14.2 each friendly Indian force checked on the Indian Table (25.4);
//! 14.3 the thirteen colonies not under invasion become passive (5.22);
//! 14.4 British provincials (and provincial leaders, 17.6) of passive
//! colonies outside them return to the pool; 14.5 French and Spanish
//! militia of passive colonies outside them likewise, and French militia
//! outside the French colonies are eliminated (24.2).

use crate::civilization::Marker;
use crate::forces::{Nation, UnitType, BRITISH};
use crate::frames::Frame;
use crate::indians::{Condition, Outcome};
use crate::map::{Colony, Sq};
use crate::state::{enemy, side_name, Fiw, Phase, Place, Status, UnitId};
use crate::tables::tables;
use engine::log::capitalised;
use engine::Seat;

impl Fiw {
    /// Ruling fiw #1 step 14: the Administration phase, from its first step.
    pub fn administration(&mut self) {
        // ruling: fiw #1
        let name = self.phase.name();
        self.core.log.say("3.1", || name);
        self.remove_magazines();
        self.indian_checks(None);
    }

    /// Step 14.1 every magazine in a fortress under siege is removed, and
    /// (18.62, ruling fiw #7) every magazine outside a city or town used
    /// this turn.
    fn remove_magazines(&mut self) {
        let mut gone: Vec<(Sq, Seat, bool)> = Vec::new();
        // ruling: fiw #7
        for c in &self.civs {
            if c.kind != Marker::Magazine {
                continue;
            }
            if self.besieged(c.sq) {
                gone.push((c.sq, c.side, true));
            } else if c.used {
                gone.push((c.sq, c.side, false));
            }
        }
        self.civs
            .retain(|c| !(c.kind == Marker::Magazine && gone.iter().any(|g| g.0 == c.sq && g.1 == c.side)));
        for (sq, side, siege) in gone {
            let (at, side) = (self.sq_name(sq), side_name(side));
            if siege {
                self.core.log.say("3.1", || {
                    format!("The {side} magazine in the fortress of {at}, under siege, is removed (step 14.1).")
                });
            } else {
                self.core.log.say("18.62", || {
                    format!("The {side} magazine in {at}, used this turn, is expended and removed.")
                });
            }
        }
    }

    /// The squares of the 14.2 checks, in order: the first player's, then
    /// the second's, each square once, those after `after`.
    fn indian_squares(&self, after: Option<(Seat, Sq)>) -> Vec<(Seat, Sq)> {
        let order = [self.first, self.second()];
        let rank = |seat: Seat| order.iter().position(|&s| s == seat).unwrap_or(0);
        let mut out: Vec<(Seat, Sq)> = crate::units::squares(&self.units)
            .flat_map(|sq| {
                self.units_at(sq)
                    .filter(|&u| self.is_indian(u))
                    .map(move |u| (self.side(u), sq))
            })
            .collect();
        out.sort_by_key(|&(seat, sq)| (rank(seat), sq.index()));
        out.dedup();
        if let Some((seat, sq)) = after {
            out.retain(|&(s, q)| (rank(s), q.index()) > (rank(seat), sq.index()));
        }
        out
    }

    /// Step 14.2, 25.4: each square of a player's Indian units rolls once
    /// on the Indian Table; stops where the owner chooses the unit that
    /// goes home, then steps 14.3-14.5.
    fn indian_checks(&mut self, after: Option<(Seat, Sq)>) {
        for (seat, sq) in self.indian_squares(after) {
            if self.indian_table(seat, sq) {
                self.stack.push(Frame::GoHome { seat, sq });
                return;
            }
        }
        self.close_administration();
    }

    /// 25.4 one roll on the Indian Table for the seat's Indians in `sq`;
    /// true when the owner is to choose the one that goes home.
    fn indian_table(&mut self, seat: Seat, sq: Sq) -> bool {
        let t = &tables().indians;
        let mut conditions = Vec::new();
        if self.side_leaders_at(sq, seat).next().is_some() {
            conditions.push(Condition::Leader);
        }
        if tables().map.village(sq).is_some() {
            conditions.push(Condition::Village);
        }
        let roll = self.core.dice.d6();
        let outcome = t.result(roll, &conditions);
        let drm: i32 = t
            .modifiers
            .iter()
            .filter(|(c, _)| conditions.contains(c))
            .map(|(_, m)| m)
            .sum();
        let mods: Vec<String> = conditions
            .iter()
            .map(|c| match c {
                Condition::Leader => "leader",
                Condition::Village => "village",
            })
            .map(String::from)
            .collect();
        let indians: Vec<UnitId> = self.side_at(sq, seat).filter(|&u| self.is_indian(u)).collect();
        let (side, at) = (side_name(seat), self.sq_name(sq));
        let modified = if drm == 0 {
            String::new()
        } else {
            format!(" ({drm:+} {}: {})", engine::log::list(&mods), i32::from(roll) + drm)
        };
        let result = match outcome {
            Outcome::Stay => "they stay".to_string(),
            Outcome::OneHome => "one unit goes home".to_string(),
            Outcome::AllHome if indians.len() == 1 => "the unit goes home".to_string(),
            Outcome::AllHome => format!("all {} units go home", indians.len()),
        };
        self.core.log.roll_at(
            "25.4",
            &[roll],
            || vec![sq.to_string()],
            || format!("The {side} Indians in {at} roll {roll}{modified} on the Indian Table: {result}."),
        );
        match outcome {
            Outcome::Stay => false,
            Outcome::AllHome => {
                for u in indians {
                    self.go_home(u);
                }
                false
            }
            Outcome::OneHome => {
                let mut designs: Vec<u16> = indians.iter().map(|&u| self.units[u as usize].counter).collect();
                designs.sort();
                designs.dedup();
                if designs.len() > 1 {
                    return true;
                }
                if let Some(&u) = indians.first() {
                    self.go_home(u);
                }
                false
            }
        }
    }

    /// 25.4 an Indian unit goes home: back to the pool, not eliminated.
    fn go_home(&mut self, u: UnitId) {
        let Place::Sq(sq) = self.units[u as usize].at() else {
            unreachable!("Indians on the map go home")
        };
        let seat = self.side(u);
        let (name, told, at) = (self.unit_name(u), self.told(u), self.sq_name(sq));
        self.to_pool(u);
        self.core.log.apart(
            seat,
            "25.4",
            &[],
            || vec![sq.to_string()],
            || format!("{name} in {at}: the unit goes home to the pool."),
            || format!("{} in {at}: the unit goes home to the pool.", capitalised(&told)),
        );
    }

    /// 25.4 the owner's choice of the Indian unit that goes home; the
    /// checks go on.
    pub fn send_home(&mut self, u: UnitId) {
        let Some(Frame::GoHome { seat, sq }) = self.stack.pop() else {
            unreachable!("sending home only on a go-home frame")
        };
        self.go_home(u);
        self.indian_checks(Some((seat, sq)));
    }

    /// Steps 14.3-14.5, then the Balance of Power phase.
    fn close_administration(&mut self) {
        // Which units go shows the enemy their colonies: no undo reaches
        // back past it.
        self.core.dice.reveal();
        self.passive_colonies();
        self.remove_provincials();
        self.remove_militia();
        self.phase = Phase::BalanceOfPower;
    }

    /// 5.22 a colony is under invasion while enemy land combat units
    /// stand in it: naval units alone invade nothing, as their entering
    /// activates nothing (5.24, ruling fiw #9, #98).
    pub fn under_invasion(&self, c: Colony) -> bool {
        let Some(owner) = self.owner(c) else { return false };
        let m = &tables().map;
        // ruling: fiw #98
        crate::units::squares(&self.units)
            .filter(|&sq| m.colony(sq) == Some(c))
            .any(|sq| {
                self.units_at(sq)
                    .any(|u| self.side(u) == enemy(owner) && !self.is_naval(u))
            })
    }

    /// Step 14.3, 5.22, 5.25: every active colony of the thirteen not
    /// under invasion becomes passive (ruling fiw #40: Hudson's Bay, Nova
    /// Scotia and Newfoundland stay active, 5.23).
    fn passive_colonies(&mut self) {
        for c in Colony::ALL {
            // ruling: fiw #40
            if c.is_thirteen() && self.status(c) == Status::Active && !self.under_invasion(c) {
                self.set_status(c, Status::Passive);
                self.core.log.say("5.22", || {
                    format!("{} is not under invasion and becomes passive (step 14.3).", c.name())
                });
            }
        }
    }

    /// Whether a unit or leader of `home` stands outside it: on a square
    /// of another colony, or in a home base (rules fiw-15: a home base had
    /// counted as nowhere, so provincials parked there outlasted a passive
    /// turn).
    fn outside(&self, at: Place, home: Colony) -> bool {
        // ruling: fiw #71
        match at {
            Place::Sq(sq) => tables().map.colony(sq) != Some(home),
            Place::Base(_) => true,
            Place::Pool | Place::Prisoner | Place::Gone => false,
        }
    }

    /// The squares a log line about a piece at `at` points to.
    fn squares(at: Place) -> Vec<String> {
        match at {
            Place::Sq(sq) => vec![sq.to_string()],
            _ => Vec::new(),
        }
    }

    /// Step 14.4, 5.26, 17.6: British provincial units and provincial
    /// leaders of passive colonies outside their colony return to the pool
    /// (ruling fiw #39: not eliminated; #41: here, not at once).
    fn remove_provincials(&mut self) {
        // ruling: fiw #39
        // ruling: fiw #41
        // ruling: fiw #43: British militia are no provincials, and never
        // leave their colony (13.8, 24.1).
        for u in self.by_place() {
            let f = self.face(u);
            let provincial =
                f.side == BRITISH && f.nation == Nation::British && !f.regular && f.kind != UnitType::Militia;
            let Some(home) = self.home_colony(u) else { continue };
            if provincial && self.status(home) == Status::Passive && self.outside(self.units[u as usize].at(), home) {
                self.remove_unit(u, "5.26", "returns to the pool: its colony is passive (step 14.4)");
            }
        }
        let mut leaders: Vec<u8> = (0..self.leaders.len() as u8).collect();
        leaders.sort_by_key(|&l| (self.leaders[l as usize].at, l));
        for l in leaders {
            let g = &self.leaders[l as usize];
            let Some(home) = self
                .leader(l)
                .colony
                .as_deref()
                .and_then(|h| Colony::ALL.into_iter().find(|c| c.id() == h))
            else {
                continue;
            };
            if g.side != BRITISH || self.status(home) != Status::Passive || !self.outside(g.at, home) {
                continue;
            }
            let place = g.at;
            let hidden = self.hidden_from(crate::actions::Piece::Leader(l), enemy(BRITISH));
            self.leaders[l as usize].at = Place::Pool;
            self.leaders[l as usize].moved = false;
            self.leaders[l as usize].inside = false;
            let (name, at, colony) = (self.leader(l).name.clone(), self.place_name(place), home.name());
            // 27.3 a face-down leader is named to his own side only.
            let others = if hidden {
                format!("A British leader in {at} returns to the Leader box: his colony is passive (step 14.4).")
            } else {
                format!("{name}, in {at}, returns to the Leader box: {colony} is passive (step 14.4).")
            };
            self.core.log.apart(
                BRITISH,
                "17.6",
                &[],
                || Self::squares(place),
                || format!("{name}, in {at}, returns to the Leader box: {colony} is passive (step 14.4)."),
                || others,
            );
        }
    }

    /// Step 14.5: French and Spanish militia of passive colonies outside
    /// their colony return to the pool (their provincials stay: the step's
    /// "but not provincial units" and 5.21 over 5.26, ruling fiw #61); French militia outside the French
    /// colonies are eliminated, with no effect on the Balance of Power
    /// (24.2, ruling fiw #8).
    fn remove_militia(&mut self) {
        let m = &tables().map;
        for u in self.by_place() {
            let f = self.face(u);
            // ruling: fiw #61
            if f.kind != UnitType::Militia || !matches!(f.nation, Nation::French | Nation::Spanish) {
                continue;
            }
            let colony = match self.units[u as usize].at() {
                Place::Sq(sq) => m.colony(sq),
                // Rules fiw-15: militia in a home base are outside their
                // colony too.
                Place::Base(_) => None,
                Place::Pool | Place::Prisoner | Place::Gone => continue,
            };
            let Some(home) = self.home_colony(u) else { continue };
            if f.nation == Nation::French && !matches!(colony, Some(Colony::NewFrance | Colony::Louisiana)) {
                // ruling: fiw #8
                self.remove_unit(
                    u,
                    "24.2",
                    "is outside French territory and eliminated, with no Balance of Power effect (step 14.5)",
                );
                continue;
            }
            // ruling: fiw #45: Florida is never passive (5.3) and Spanish
            // militia never leave it (24.3): for them this never fires.
            if self.status(home) == Status::Passive && colony != Some(home) {
                self.remove_unit(u, "5.26", "returns to the pool: its colony is passive (step 14.5)");
            }
        }
    }

    /// The units by their places, then ids: removals logged in this order
    /// tell the enemy nothing of which counter stood where, the pool they
    /// go to being open (27.1, ruling #63; rules fiw-15: in id order).
    fn by_place(&self) -> Vec<UnitId> {
        let mut units: Vec<UnitId> = (0..self.units.len() as UnitId).collect();
        units.sort_by_key(|&u| (self.units[u as usize].at(), u));
        units
    }

    /// A unit leaves the map for the pool, logged with `why`.
    fn remove_unit(&mut self, u: UnitId, rule: &'static str, why: &str) {
        let place = self.units[u as usize].at();
        let seat = self.side(u);
        let (name, told, at) = (self.unit_name(u), self.told(u), self.place_name(place));
        self.to_pool(u);
        self.core.log.apart(
            seat,
            rule,
            &[],
            || Self::squares(place),
            || format!("The {name} in {at} {why}."),
            || format!("{} in {at} {why}.", capitalised(&told)),
        );
    }

    /// The prompt of a go-home frame.
    pub fn home_prompt(&self) -> String {
        match self.stack.last() {
            Some(&Frame::GoHome { sq, .. }) => format!(
                "The Indian Table sends one of your Indian units in {} home: choose which",
                self.sq_name(sq)
            ),
            _ => "Choose the Indian unit that goes home".into(),
        }
    }
}
