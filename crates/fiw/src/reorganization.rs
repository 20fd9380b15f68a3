//! 19.0 Reorganization and 26.0 Legions: while a force forms at the start
//! of its operation, three detachments become a regiment, three regiments
//! a brigade, two regular line regiments and a light one a legion, and
//! back (the counters must be in the mix, 10.72). It costs no movement
//! points; in a later phase the force pays its supply point when it sets
//! out (12.2), and a force that reorganized must set out. A unit made by
//! combining is not broken down again while the force forms, nor one made
//! by breaking down combined: undo is the way back, and forming ends
//! (ruling fiw #49). A force that has no move to make forms only to
//! reorganize: a besieged garrison's (23.24) or one in a home base (21.1;
//! ruling fiw #74, #75, `movement.rs` `stays`). A unit also breaks down in
//! provisioning, so that only part of it starves (18.4, `supply.rs`).

use crate::actions::Action;
use crate::forces::{Face, Forces, Nation, Size, UnitType};
use crate::frames::Frame;
use crate::movement::Force;
use crate::state::{side_name, Fiw, Place, UnitId};
use crate::tables::tables;

/// A reorganization: the units that go, and the counters that come (with
/// the face each shows).
type Change = (Vec<UnitId>, Vec<(UnitId, bool)>);

/// Ruling fiw #33: units that may combine: one side, nation, type, and
/// provincials one colony.
fn kin(a: &Face, b: &Face) -> bool {
    a.side == b.side && a.nation == b.nation && a.regular == b.regular && a.home == b.home && a.kind == b.kind
}

/// The next echelon up (19.0): detachment to regiment, regiment to brigade.
fn larger(s: Size) -> Option<Size> {
    match s {
        Size::Detachment => Some(Size::Regiment),
        Size::Regiment => Some(Size::Brigade),
        _ => None,
    }
}

fn smaller(s: Size) -> Option<Size> {
    match s {
        Size::Regiment => Some(Size::Detachment),
        Size::Brigade => Some(Size::Regiment),
        _ => None,
    }
}

/// 19.0 per counter design and face shown (front, back): the designs with
/// a face the one shown breaks down into, kin one echelon below (none for
/// a legion, which breaks down into line and light regiments).
pub(crate) fn breakdown_designs(f: &Forces) -> Vec<[Vec<u16>; 2]> {
    let into = |face: &Face| -> Vec<u16> {
        let Some(size) = smaller(face.size).filter(|_| face.kind != UnitType::Legion) else {
            return Vec::new();
        };
        (0..f.counters.len() as u16)
            .filter(|&d| {
                f.faces_of(&f.counters[d as usize])
                    .any(|x| kin(x, face) && x.size == size)
            })
            .collect()
    };
    f.counters
        .iter()
        .map(|c| {
            [
                into(&f.faces[c.front]),
                c.back.map_or_else(Vec::new, |b| into(&f.faces[b])),
            ]
        })
        .collect()
}

impl Fiw {
    /// Counters of the pool (or among `freed`, which go back to it now)
    /// able to show faces `like` picks, one each, turned to them: `n` of
    /// them, or none if the mix lacks some. Each pick takes the lowest id
    /// that fits and is not taken yet, as a scan of the whole mix per pick
    /// would; one pass in id order, giving each counter to the first
    /// unfilled pick it fits, takes the same counters.
    fn counters_for(&self, like: &[&dyn Fn(&Face) -> bool], freed: &[UnitId]) -> Option<Vec<(UnitId, bool)>> {
        let f = &tables().forces;
        let mut out: Vec<Option<(UnitId, bool)>> = vec![None; like.len()];
        let mut left = like.len();
        // Per counter design and pick, whether a face fits: asked once a
        // design, not once a counter.
        let mut fits: Vec<Option<bool>> = vec![None; f.counters.len() * like.len()];
        let mut candidates: Vec<UnitId> = freed.to_vec();
        candidates.sort_unstable();
        let mut pooled = self.units_in(Place::Pool).peekable();
        let mut freed = candidates.into_iter().peekable();
        while left > 0 {
            // The next counter in id order, from the freed or the pool.
            let u = match (freed.peek(), pooled.peek()) {
                (Some(&a), Some(&b)) if a < b => freed.next(),
                (Some(_), None) => freed.next(),
                (_, Some(_)) => pooled.next(),
                (None, None) => None,
            }?;
            let c = self.units[u as usize].counter as usize;
            let counter = &f.counters[c];
            let pick = (0..like.len()).find(|&i| {
                out[i].is_none() && *fits[c * like.len() + i].get_or_insert_with(|| f.faces_of(counter).any(like[i]))
            });
            if let Some(i) = pick {
                out[i] = Some((u, !like[i](&f.faces[counter.front])));
                left -= 1;
            }
        }
        out.into_iter().collect()
    }

    /// The units of the force that would join `u` to make the next echelon
    /// (two more alike), if any.
    fn partners(&self, f: &Force, u: UnitId) -> Option<Vec<UnitId>> {
        let face = self.face(u);
        if f.broken.contains(&u) {
            return None;
        }
        let mut v: Vec<UnitId> = f
            .units
            .iter()
            .copied()
            .filter(|&x| x != u && !f.broken.contains(&x))
            .filter(|&x| kin(self.face(x), face) && self.face(x).size == face.size)
            .take(2)
            .collect();
        (v.len() == 2).then(|| {
            v.insert(0, u);
            v
        })
    }

    /// 19.0 combining `u` with two alike: the pieces that go and the
    /// counter that comes.
    fn combination(&self, f: &Force, u: UnitId) -> Option<Change> {
        let face = self.face(u);
        let size = larger(face.size)?;
        let parts = self.partners(f, u)?;
        let want = |x: &Face| kin(x, face) && x.size == size;
        let made = self.counters_for(&[&want], &parts)?;
        Some((parts, made))
    }

    /// 19.0, 26.0 a legion from a regular light regiment `u` and two
    /// regular line regiments of its nation (ruling fiw #33).
    fn legion(&self, f: &Force, u: UnitId) -> Option<Change> {
        let face = self.face(u);
        if !(face.regular && face.kind == UnitType::Light && face.size == Size::Regiment) || f.broken.contains(&u) {
            return None;
        }
        let line: Vec<UnitId> = f
            .units
            .iter()
            .copied()
            .filter(|&x| !f.broken.contains(&x))
            .filter(|&x| {
                let g = self.face(x);
                g.regular && g.kind == UnitType::Line && g.size == Size::Regiment && g.nation == face.nation
            })
            .take(2)
            .collect();
        if line.len() < 2 {
            return None;
        }
        let parts = vec![u, line[0], line[1]];
        let nation = face.nation;
        let side = face.side;
        let want = |x: &Face| x.kind == UnitType::Legion && x.nation == nation && x.side == side;
        let made = self.counters_for(&[&want], &parts)?;
        Some((parts, made))
    }

    /// 19.0 breaking `u` down: three of the echelon below; a legion into
    /// its two line regiments and its light one.
    pub(crate) fn breakdown(&self, u: UnitId) -> Option<Change> {
        let face = self.face(u);
        let made = if face.kind == UnitType::Legion {
            let nation: Nation = face.nation;
            let line =
                move |x: &Face| x.regular && x.kind == UnitType::Line && x.size == Size::Regiment && x.nation == nation;
            let light = move |x: &Face| {
                x.regular && x.kind == UnitType::Light && x.size == Size::Regiment && x.nation == nation
            };
            self.counters_for(&[&line, &line, &light], &[u])?
        } else {
            let size = smaller(face.size)?;
            let want = |x: &Face| kin(x, face) && x.size == size;
            self.counters_for(&[&want, &want, &want], &[u])?
        };
        Some((vec![u], made))
    }

    /// Whether a unit can break down now ([`Fiw::breakdown`]): three
    /// counters able to show the face below it are in the pool, or two
    /// and its own. The pool is counted once per call of the closure's
    /// maker; a legion asks the mix itself.
    pub(crate) fn breaks_down(&self) -> impl FnMut(UnitId) -> bool + '_ {
        let t = tables();
        let mut pool: Option<Vec<u16>> = None;
        move |u| {
            let unit = &self.units[u as usize];
            if self.face(u).kind == UnitType::Legion {
                return self.breakdown(u).is_some();
            }
            let into = &t.breakdowns[unit.counter as usize][usize::from(unit.back)];
            if into.is_empty() {
                return false;
            }
            let pool = pool.get_or_insert_with(|| {
                let mut n = vec![0u16; t.forces.counters.len()];
                for x in self.units_in(Place::Pool) {
                    n[self.units[x as usize].counter as usize] += 1;
                }
                n
            });
            let own = usize::from(into.contains(&unit.counter));
            own + into.iter().map(|&d| usize::from(pool[d as usize])).sum::<usize>() >= 3
        }
    }

    pub fn reorganization_legal(&self, f: &Force, out: &mut Vec<Action>) {
        out.extend(self.reorganizations(f));
    }

    /// The force's reorganizations, worked out as they are asked for (a
    /// force that only may form to reorganize asks whether there is one).
    pub(crate) fn reorganizations<'a>(&'a self, f: &'a Force) -> impl Iterator<Item = Action> + 'a {
        let mut breaks_down = self.breaks_down();
        f.units.iter().flat_map(move |&u| {
            let combine = self.partners(f, u).is_some_and(|p| p[0] == u) && self.combination(f, u).is_some();
            let legion = self.legion(f, u).is_some();
            let down = breaks_down(u) && !f.combined.contains(&u);
            [
                combine.then_some(Action::Combine(u)),
                legion.then_some(Action::FormLegion(u)),
                down.then_some(Action::BreakDown(u)),
            ]
            .into_iter()
            .flatten()
        })
    }

    pub fn reorganize(&mut self, a: Action) {
        let Some(Frame::Force(f)) = self.stack.last() else {
            unreachable!("reorganizing a force")
        };
        let mut f: Force = (**f).clone();
        let change = match a {
            Action::Combine(u) => self.combination(&f, u),
            Action::FormLegion(u) => self.legion(&f, u),
            Action::BreakDown(u) => self.breakdown(u),
            _ => unreachable!("only reorganizations"),
        }
        .expect("a legal reorganization");
        for &u in &change.0 {
            f.units.retain(|&x| x != u);
            f.combined.retain(|&x| x != u);
            f.broken.retain(|&x| x != u);
        }
        let marks = if matches!(a, Action::BreakDown(_)) {
            &mut f.broken
        } else {
            &mut f.combined
        };
        marks.extend(change.1.iter().map(|&(u, _)| u));
        f.units.extend(change.1.iter().map(|&(u, _)| u));
        f.reorganized = true;
        self.change_units(f.seat, f.from, change, "19.0");
        *self.stack.last_mut().expect("the force") = Frame::Force(Box::new(f));
    }

    /// The counters of a reorganization change places: those that go to
    /// the pool, those that come to `at` (19.0; 18.4 breaking down to
    /// starve), in the log.
    pub(crate) fn change_units(&mut self, seat: engine::Seat, at: Place, (gone, made): Change, rule: &'static str) {
        let before: Vec<String> = gone.iter().map(|&u| self.unit_name(u)).collect();
        // 23.24 besieged units may not leave the fortress by reorganizing;
        // and the units replaced, of the garrison or the besiegers, end no
        // siege (23.26) by going to the mix: the units made stand in their
        // place (ruling fiw #74).
        let inside = gone.iter().any(|&u| self.units[u as usize].inside);
        for &u in &gone {
            self.units.place(u, Place::Pool);
            self.units[u as usize].as_light = false;
            self.units[u as usize].inside = false;
        }
        for &(u, back) in &made {
            self.place_unit(u, at);
            let unit = &mut self.units[u as usize];
            unit.back = back;
            unit.ops = 0;
            unit.inside = inside;
        }
        let after: Vec<String> = made.iter().map(|&(u, _)| self.unit_name(u)).collect();
        let here = self.place_name(at);
        self.core.log.apart(
            seat,
            rule,
            &[],
            Vec::new,
            || {
                format!(
                    "Reorganization in {here}: {} become {}.",
                    engine::log::list(&before),
                    engine::log::list(&after)
                )
            },
            || format!("The {} reorganize units in {here}.", side_name(seat)),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::state::{Fiw, Place, UnitId};
    use engine::prelude::*;
    use engine::Setup;

    /// `breaks_down`'s count of the pool answers as `breakdown`'s search
    /// of the mix does, for every unit on the map, at every step of
    /// seeded random games.
    #[test]
    fn counting_the_pool_agrees_with_searching_the_mix() {
        // rule: fiw 19.0, 10.72
        let mut seen = [0u32; 2];
        for seed in 1..=3u64 {
            let mut g = Fiw::new(&Setup::new("on-to-quebec", seed));
            g.advance();
            let mut pick = seed;
            let mut v = Vec::new();
            for _ in 0..1500 {
                let Some(seat) = g.to_act().iter().next() else { break };
                {
                    let mut breaks_down = g.breaks_down();
                    for u in 0..g.units.len() as UnitId {
                        if matches!(g.units[u as usize].at(), Place::Sq(_)) {
                            let can = breaks_down(u);
                            assert_eq!(can, g.breakdown(u).is_some(), "seed {seed}, unit {u}");
                            seen[usize::from(can)] += 1;
                        }
                    }
                }
                v.clear();
                g.legal(seat, &mut v);
                pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let a = v[(pick >> 33) as usize % v.len()];
                g.apply_legal(seat, &a);
            }
        }
        assert!(seen[0] > 0 && seen[1] > 0, "both answers met: {seen:?}");
    }
}
