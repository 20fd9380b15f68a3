//! 3.1 the Income/Expenditure Phase: 9.1 income (the Home Government
//! Table and the economic squares), then 9.2, 10.0, 18.1, 22.1 and 17.5
//! the purchases: recruits, supply points, civilization markers and
//! leaders, which both players build at once in secret and reveal
//! together (ruling fiw #30, `engine::Drafts`).

use crate::actions::Action;
use crate::civilization::Marker;
use crate::forces::{Face, Nation, Size, UnitType, BRITISH, FRENCH};
use crate::frames::Frame;
use crate::income::{Item, Origin, Power};
use crate::map::{Colony, Empire, Sq};
use crate::movement::marker_word;
use crate::state::{side_name, Base, Civ, Fiw, LeaderId, Place, Status, UnitId};
use crate::tables::tables;
use engine::{Drafts, Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// One purchase.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Buy {
    /// 10.0 a recruit: a face of the mix (its index in `Forces::faces`) and
    /// where it is placed (10.7).
    Unit { face: u16, at: Place },
    /// 18.1 one supply point.
    Supply,
    /// 22.1 a civilization marker.
    Marker { kind: Marker, sq: Sq },
    /// 17.5 a leader of the Leader box (his row in `leaders.tsv`).
    Leader { leader: u8, at: Place },
    /// 10.8 a friendly unit on the map disbanded: back to the counter mix,
    /// not eliminated, at no cost.
    Disband(UnitId),
    /// 10.8 a friendly civilization marker removed from the map, at no
    /// cost.
    Dismantle { kind: Marker, sq: Sq },
    /// 24.4 a militia detachment on the map flipped to its regiment side,
    /// for the regiment's full cost.
    Flip(UnitId),
    /// 10.8 a friendly unit on the map broken down into the echelon below
    /// (19.0's counters), at no cost.
    BreakDown(UnitId),
    /// 17.42 a captured enemy leader returned to his side, at no cost: to
    /// his home base (ruling fiw #32).
    Release(LeaderId),
}

/// Why a recruit may not be placed in a square ([`Fiw::recruit_bar`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecruitBar {
    /// 10.1-10.3 regulars of this kind (fleets, Spanish regulars) go to
    /// the home base only.
    HomeBox,
    /// 10.1, 10.2 this many regular regiments a turn on the map, all bought.
    Limit(u8),
    /// 10.1-10.3 not a city or town square.
    NotTown,
    /// 20.2 a flotilla's square: not one flotillas may sail in.
    NotNavigable,
    /// 10.1-10.3 not in a colony of the recruit's (regulars: of the
    /// seat's empire; provincials: their own colony).
    NotOwnColony,
    /// Enemy units are in the square.
    Enemy,
    /// 10.1-10.3 no unit of the recruit's nation occupies it.
    NotOccupied,
    /// 10.71 the square's forage value of new regiments placed already:
    /// `placed` in thirds of a regiment (ruling fiw #23), `forage` in
    /// regiments.
    Forage { placed: u32, forage: u8 },
}

/// A purchase chosen whose place is still to choose.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pending {
    Unit(u16),
    Marker(Marker),
    Leader(u8),
    /// 10.8 the unit or marker to disband is still to choose.
    Disband,
}

/// A seat's purchases this turn, secret until both commit.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Purchases {
    pub buys: Vec<Buy>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending: Option<Pending>,
}

impl Fiw {
    /// 9.1 the pounds the economic squares yield a seat (ruling fiw #25:
    /// each trading or manufacturing symbol in a square the seat occupies
    /// yields 1 in its own active colony or disputed land, ½ in its own
    /// passive colony or an enemy's; summed, then rounded down once;
    /// massacred squares nothing).
    pub fn square_income(&self, seat: Seat) -> u32 {
        let m = &tables().map;
        let occ = self.occupancy();
        let mut halves = 0;
        for s in &m.squares {
            let symbols = u32::from(s.trading) + u32::from(s.manufacturing);
            if symbols == 0 || self.massacred(s.sq) || !occ.occupies(s.sq, seat) {
                continue;
            }
            // ruling: fiw #25
            let full = match s.colony {
                None | Some(Colony::Disputed) => true,
                Some(c) => self.owner(c) == Some(seat) && self.status(c) == Status::Active,
            };
            halves += symbols * if full { 2 } else { 1 };
        }
        halves / 2
    }

    /// 9.1 the income phase: each player rolls on the Home Government
    /// Table (the war column once the Seven Years War is on; the index's
    /// modifier) and adds the economic squares.
    pub fn collect_income(&mut self) {
        let t = tables();
        for seat in [self.first, self.second()] {
            let roll = self.core.dice.d6();
            let drm = t.balance.income_drm(self.balance);
            let power = if seat == BRITISH { Power::British } else { Power::French };
            let home = u32::from(t.home_government.income(power, self.war, i32::from(roll) + drm));
            let squares = self.square_income(seat);
            // 28.2 the French player rolls for Spain's income too: its die
            // is shown beside his own, for the British to check.
            let spanish = (seat == FRENCH && self.spain).then(|| {
                let r = self.core.dice.d6();
                (
                    r,
                    u32::from(t.home_government.income(Power::Spanish, self.war, i32::from(r) + drm)),
                )
            });
            let total = home + squares + spanish.map_or(0, |(_, n)| n);
            self.treasury[seat as usize] = self.treasury[seat as usize].saturating_add(total as u16);
            let now = self.treasury[seat as usize];
            let side = side_name(seat);
            let dice: Vec<u8> = std::iter::once(roll).chain(spanish.map(|(r, _)| r)).collect();
            self.core.log.roll("9.1", &dice, || {
                format!("{side} income: Home Government {home} (roll {roll}{drm:+}), economic squares {squares}{}: £{total}, treasury £{now}.",
                    spanish.map_or(String::new(), |(r, n)| format!(", Spain {n} (roll {r}{drm:+})")))
            });
        }
        self.drafts = Some(Drafts::new(SeatSet(0b11)));
        self.stack.push(Frame::Purchases);
    }

    fn purchases(&self, seat: Seat) -> &Purchases {
        self.drafts.as_ref().expect("the purchases are open").draft(seat)
    }

    /// 9.2, 10.6, 18.1, 22.1 what a seat's purchases cost in pounds and
    /// supply points.
    pub fn cost_of(&self, p: &Purchases) -> (u32, u32) {
        self.cost_of_buys(p.buys.iter())
    }

    /// [`Fiw::cost_of`] a list of purchases.
    fn cost_of_buys<'a>(&self, buys: impl Iterator<Item = &'a Buy>) -> (u32, u32) {
        let e = &tables().expenditure;
        let f = &tables().forces;
        let (mut pounds, mut sp, mut points) = (0u32, 0u32, 0u32);
        for b in buys {
            match b {
                Buy::Unit { face, .. } => {
                    let face = &f.faces[*face as usize];
                    let origin = if face.regular {
                        Origin::Regular
                    } else {
                        Origin::Provincial
                    };
                    pounds += e
                        .cost(Item::Unit(face.kind), Some(origin))
                        .map_or(0, |c| u32::from(c.pounds));
                }
                Buy::Supply => points += 1,
                Buy::Marker { kind, .. } => {
                    let c = e.cost(marker_item(*kind), None).expect("markers are priced");
                    pounds += u32::from(c.pounds);
                    sp += u32::from(c.supply);
                }
                Buy::Leader { leader, .. } => pounds += leader_price(*leader),
                Buy::Disband(_) | Buy::Dismantle { .. } | Buy::Release(_) | Buy::BreakDown(_) => {}
                Buy::Flip(u) => pounds += self.regiment_cost(*u),
            }
        }
        pounds += e.supply_points(0, points);
        (pounds, sp)
    }

    /// The pounds and supply points a draft leaves: the points it buys
    /// pay for its markers too (18.1, 22.1: all bought in the one phase;
    /// ruling fiw #73; rules fiw-15: only the points held before counted).
    fn left_after(&self, seat: Seat, p: &Purchases) -> (i64, i64) {
        self.left_after_buys(seat, p.buys.iter())
    }

    /// [`Fiw::left_after`] a list of purchases.
    fn left_after_buys<'a>(&self, seat: Seat, buys: impl Iterator<Item = &'a Buy> + Clone) -> (i64, i64) {
        let (pounds, sp) = self.cost_of_buys(buys.clone());
        let bought = buys.filter(|b| matches!(b, Buy::Supply)).count() as i64;
        (
            i64::from(self.treasury[seat as usize]) - i64::from(pounds),
            i64::from(self.supply[seat as usize]) + bought - i64::from(sp),
        )
    }

    fn affordable(&self, seat: Seat, p: &Purchases, extra: Buy) -> bool {
        // The draft with the extra purchase, not copied: asked for every
        // face of the mix in each list of legal purchases.
        let (pounds, sp) = self.left_after_buys(seat, p.buys.iter().chain([&extra]));
        // 9.32 no deficit spending; 18.21 never below zero supply points.
        pounds >= 0 && sp >= 0
    }

    /// Per face, the counters in the pool able to show it (front or back).
    fn pool_faces(&self) -> Vec<u16> {
        let f = &tables().forces;
        let mut shown = vec![0u16; f.faces.len()];
        for u in self.units_in(Place::Pool) {
            let c = &f.counters[self.units[u as usize].counter as usize];
            shown[c.front] += 1;
            if let Some(back) = c.back.filter(|&b| b != c.front) {
                shown[back] += 1;
            }
        }
        shown
    }

    /// 10.72 counters able to show a face still in the pool (`pool`, from
    /// [`Fiw::pool_faces`]), less those bought (on either face of the same
    /// counter).
    fn left_in_mix(face: u16, p: &Purchases, pool: &[u16]) -> usize {
        let f = &tables().forces;
        let shows = |c: &crate::forces::Counter, face: u16| c.front == face as usize || c.back == Some(face as usize);
        let design = |face: u16| f.counters.iter().position(|c| shows(c, face));
        let mine = design(face);
        let bought = p
            .buys
            .iter()
            .filter(|b| matches!(b, Buy::Unit { face: x, .. } if design(*x) == mine))
            .count();
        usize::from(pool[face as usize]).saturating_sub(bought)
    }

    /// The faces a seat may recruit (ruling fiw #24: regiments only, but
    /// engineers, printed only as detachments, at that size; no Indians
    /// 10.4, no legions or brigades 19.0; Spanish units only once Spain is
    /// in the war, 10.3).
    fn recruitable(&self, seat: Seat, face: &Face) -> bool {
        face.side == seat
            && face.nation != Nation::Indian
            && (matches!(face.size, Size::Regiment | Size::Squadron) || face.kind == UnitType::Engineers)
            && face.kind != UnitType::Legion
            && (face.nation != Nation::Spanish || self.spain)
    }

    /// 10.1-10.3, 10.7 where a recruit of this face may go: a regular's
    /// home base, and the cities and towns [`Fiw::recruit_bar`] leaves open.
    fn recruit_places(&self, seat: Seat, face_ix: u16, p: &Purchases) -> Vec<Place> {
        let mut out: Vec<Place> = recruit_base(seat, face_ix).map(Place::Base).into_iter().collect();
        out.extend(
            tables()
                .towns
                .iter()
                .filter(|&&sq| self.recruit_bar(seat, face_ix, p, sq).is_none())
                .map(|&sq| Place::Sq(sq)),
        );
        out
    }

    /// Whether [`Fiw::recruit_places`] has any place: a regular's home
    /// base, or the first city or town that admits it.
    fn recruit_placeable(&self, seat: Seat, face_ix: u16, p: &Purchases) -> bool {
        recruit_base(seat, face_ix).is_some()
            || tables()
                .towns
                .iter()
                .any(|&sq| self.recruit_bar(seat, face_ix, p, sq).is_none())
    }

    /// 10.1-10.3, 10.71 why a recruit of this face may not be placed in a
    /// square (the first condition it fails; `None` when it may).
    pub(crate) fn recruit_bar(&self, seat: Seat, face_ix: u16, p: &Purchases, sq: Sq) -> Option<RecruitBar> {
        let f = &tables().forces.faces[face_ix as usize];
        let m = &tables().map;
        let colony = m.colony(sq);
        if f.regular {
            // 10.1 up to three British, 10.2 one French regular regiment a
            // turn in an occupied own city or town (35.3 has no exception).
            if f.kind == UnitType::Fleet || f.nation == Nation::Spanish {
                return Some(RecruitBar::HomeBox);
            }
            let limit = if seat == BRITISH { 3 } else { 1 };
            let counted = |face: u16| {
                let f = &tables().forces.faces[face as usize];
                f.regular && f.size == Size::Regiment
            };
            let on_map = p
                .buys
                .iter()
                .filter(|b| matches!(b, Buy::Unit { at: Place::Sq(_), face } if counted(*face)))
                .count();
            if f.size == Size::Regiment && on_map >= limit {
                return Some(RecruitBar::Limit(limit as u8));
            }
        }
        if self.settlement(sq).is_none() {
            return Some(RecruitBar::NotTown);
        }
        // 20.2 a flotilla stands only where flotillas may sail.
        if f.kind == UnitType::Riverine && !m.flotilla_navigable(sq) {
            return Some(RecruitBar::NotNavigable);
        }
        if f.regular {
            let empire = if seat == BRITISH {
                Empire::British
            } else {
                Empire::French
            };
            if colony.and_then(|c| c.empire()) != Some(empire) {
                return Some(RecruitBar::NotOwnColony);
            }
        } else {
            // 10.1-10.3 provincials in a city or town of their own colony
            // (10.2 "in the colony of the same name": 5.21 lets French ones
            // serve in either French colony, not be recruited there; ruling
            // fiw #66).
            if colony.map(|c| c.id()) != f.home.as_deref() {
                return Some(RecruitBar::NotOwnColony);
            }
        }
        // 10.1-10.3 a city or town its own nation occupies ("British",
        // "French", "Spanish occupied": a Spanish unit for Spanish recruits).
        if colony.and_then(|c| self.owner(c)) != Some(seat) {
            return Some(RecruitBar::NotOwnColony);
        }
        if self.has_units(sq, crate::state::enemy(seat)) {
            return Some(RecruitBar::Enemy);
        }
        if !self.side_at(sq, seat).any(|u| self.face(u).nation == f.nation) {
            return Some(RecruitBar::NotOccupied);
        }
        // 10.71 up to the square's forage value of new regiments, in
        // regimental equivalents (ruling fiw #23: an engineer detachment is
        // a third); 31.35 none in a massacred square.
        let thirds = |face: u16| tables().forces.faces[face as usize].size.thirds();
        let placed: u32 = p
            .buys
            .iter()
            .filter_map(|b| match *b {
                Buy::Unit { face, at: Place::Sq(x) } if x == sq => Some(thirds(face)),
                _ => None,
            })
            .sum();
        let forage = self.forage_value(sq);
        (placed + thirds(face_ix) > 3 * u32::from(forage)).then_some(RecruitBar::Forage { placed, forage })
    }

    /// Ruling fiw #34 the squares where the seat may build a marker of any
    /// kind: a friendly combat unit there (5.3 not a neutral Spanish one),
    /// and no enemy unit or marker. Found once for the four kinds of
    /// [`Fiw::marker_squares`]: the purchases' legal actions ask for each.
    fn marker_sites(&self, seat: Seat) -> Vec<Sq> {
        self.unit_squares(|u| self.usable(u, seat))
            .into_iter()
            .filter(|&sq| {
                // ruling: fiw #34
                !self.has_units(sq, crate::state::enemy(seat))
                    && !self.civs.iter().any(|c| c.sq == sq && c.side != seat)
                    && !self.terrain(sq).is_water()
            })
            .collect()
    }

    /// 22.1, 22.11-22.13, 22.7 the squares a marker may be built in: of the
    /// seat's [`Fiw::marker_sites`], those where this kind may stand, with
    /// an engineer for fortresses and trails.
    fn marker_squares(&self, seat: Seat, kind: Marker, p: &Purchases, sites: &[Sq]) -> Vec<Sq> {
        let by_engineer = |k: Marker| matches!(k, Marker::Fortress | Marker::Trail);
        let engineers = |sq: Sq| {
            self.side_at(sq, seat)
                .filter(|&u| self.face(u).kind == UnitType::Engineers)
                .count()
        };
        let bought = |sq: Sq| {
            p.buys.iter().filter_map(move |b| match *b {
                Buy::Marker { kind, sq: s } if s == sq => Some(kind),
                _ => None,
            })
        };
        sites
            .iter()
            .copied()
            // 22.11 never a fort and a fortress in one square: one of the
            // two bought there a turn (a fortress replaces a standing fort;
            // ruling fiw #65).
            .filter(|&sq| match kind {
                Marker::Fort => self.fortified(sq).is_none() && !bought(sq).any(|k| k == Marker::Fortress),
                Marker::Fortress => {
                    self.fortified(sq) != Some(crate::map::Works::Fortress) && !bought(sq).any(|k| k == Marker::Fort)
                }
                Marker::Magazine => self.civ(sq, Marker::Magazine).is_none(),
                Marker::Trail => self.civ(sq, Marker::Trail).is_none(),
            })
            // 22.11 one of each type in a square; 22.7 a fortress or a trail
            // needs an engineer there, and each engineer builds one type a
            // turn: two engineers may build both.
            .filter(|&sq| {
                !bought(sq).any(|k| k == kind)
                    && (!by_engineer(kind) || bought(sq).filter(|&k| by_engineer(k)).count() < engineers(sq))
            })
            .collect()
    }

    /// 17.5, ruling fiw #37 where a recruited leader goes: a square with a
    /// friendly combat unit (5.3: not a neutral Spanish one), or the home
    /// base; a chief with friendly Indians (17.7).
    fn leader_places(&self, seat: Seat, leader: u8) -> Vec<Place> {
        let l = &tables().forces.leaders[leader as usize];
        let chief = l.side.is_none();
        let mut out: Vec<Place> = self
            .unit_squares(|u| self.usable(u, seat) && (!chief || self.is_indian(u)))
            .into_iter()
            .filter(|&sq| !self.has_units(sq, crate::state::enemy(seat)))
            .map(Place::Sq)
            .collect();
        if !chief {
            out.push(Place::Base(if seat == BRITISH { Base::Britain } else { Base::France }));
        }
        out
    }

    /// Whether [`Fiw::leader_places`] has any place: a leader always has
    /// his home base, so only a chief's squares are searched.
    fn leader_placeable(&self, seat: Seat, leader: u8) -> bool {
        tables().forces.leaders[leader as usize].side.is_some() || !self.leader_places(seat, leader).is_empty()
    }

    /// The leaders of the box a seat may recruit (ruling fiw #37): his own
    /// side's, one counter a row at a time; chiefs serve either side.
    fn recruitable_leaders(&self, seat: Seat, p: &Purchases) -> Vec<u8> {
        let f = &tables().forces;
        let mut rows: Vec<u8> = Vec::new();
        for g in &self.leaders {
            let l = &f.leaders[g.leader as usize];
            if g.at != Place::Pool || !(l.side == Some(seat) || l.side.is_none()) || rows.contains(&g.leader) {
                continue;
            }
            let in_box = self
                .leaders
                .iter()
                .filter(|x| x.leader == g.leader && x.at == Place::Pool)
                .count();
            let bought = p
                .buys
                .iter()
                .filter(|b| matches!(b, Buy::Leader { leader, .. } if *leader == g.leader))
                .count();
            if in_box > bought {
                rows.push(g.leader);
            }
        }
        rows
    }

    /// Whether a draft already names a unit (10.8, 24.4: once each).
    fn drafted(p: &Purchases, u: UnitId) -> bool {
        p.buys
            .iter()
            .any(|b| matches!(b, Buy::Disband(x) | Buy::Flip(x) | Buy::BreakDown(x) if *x == u))
    }

    /// 10.8 the friendly units on the map the seat may break down: those
    /// 19.0 would, with the counters in the mix now (5.3: no neutral
    /// Spanish unit).
    fn breakable(&self, seat: Seat, p: &Purchases) -> Vec<UnitId> {
        let mut can = self.breaks_down();
        self.unit_squares(|u| self.usable(u, seat))
            .into_iter()
            .flat_map(|sq| self.units_at(sq).collect::<Vec<_>>())
            .filter(|&u| self.usable(u, seat) && !Fiw::drafted(p, u) && can(u))
            .collect()
    }

    /// 10.8 the friendly units on the map the seat may disband (5.3: no
    /// neutral Spanish unit).
    fn disbandable(&self, seat: Seat, p: &Purchases) -> Vec<UnitId> {
        (0..self.units.len() as UnitId)
            .filter(|&u| {
                self.usable(u, seat) && matches!(self.units[u as usize].at(), Place::Sq(_)) && !Fiw::drafted(p, u)
            })
            .collect()
    }

    /// 10.8 the friendly civilization markers on the map the seat may
    /// remove (the forts and fortresses printed on the map are no markers).
    fn dismantlable(&self, seat: Seat, p: &Purchases) -> Vec<(Sq, Marker)> {
        self.civs
            .iter()
            .filter(|c| c.side == seat && !c.printed)
            .filter(|c| {
                !p.buys
                    .iter()
                    .any(|b| matches!(b, Buy::Dismantle { kind, sq } if *kind == c.kind && *sq == c.sq))
            })
            .map(|c| (c.sq, c.kind))
            .collect()
    }

    /// 24.4 the seat's militia detachments on the map whose counters have
    /// a regiment side (5.3: no neutral Spanish one).
    fn flippable(&self, seat: Seat, p: &Purchases) -> Vec<UnitId> {
        let f = &tables().forces;
        (0..self.units.len() as UnitId)
            .filter(|&u| {
                let unit = &self.units[u as usize];
                let front = &f.faces[f.counters[unit.counter as usize].front];
                self.usable(u, seat)
                    && matches!(unit.at(), Place::Sq(_))
                    && unit.back
                    && front.kind == UnitType::Militia
                    && front.size == Size::Regiment
                    && !Fiw::drafted(p, u)
            })
            .collect()
    }

    /// 24.4 the full cost of the regiment on the front of a unit's counter.
    fn regiment_cost(&self, u: UnitId) -> u32 {
        // ruling: fiw #24
        let f = &tables().forces;
        let front = &f.faces[f.counters[self.units[u as usize].counter as usize].front];
        let origin = if front.regular {
            Origin::Regular
        } else {
            Origin::Provincial
        };
        tables()
            .expenditure
            .cost(Item::Unit(front.kind), Some(origin))
            .map_or(0, |c| u32::from(c.pounds))
    }

    /// 10.8 a unit disbanded at the reveal: back to the counter mix, not
    /// eliminated; the enemy learns no more of it than he may examine
    /// (27.1).
    fn disband_unit(&mut self, seat: Seat, u: UnitId) {
        let Place::Sq(sq) = self.units[u as usize].at() else {
            unreachable!("only units on the map are disbanded")
        };
        let (side, name, told, at) = (side_name(seat), self.unit_name(u), self.told(u), self.sq_name(sq));
        self.to_pool(u);
        self.core.log.apart(
            seat,
            "10.8",
            &[],
            || vec![sq.to_string()],
            || format!("The {side} disband the {name} in {at}: it returns to the counter mix."),
            || format!("The {side} disband {told} in {at}."),
        );
    }

    /// 10.8 a marker removed at the reveal (27.2: markers are seen).
    fn dismantle(&mut self, seat: Seat, kind: Marker, sq: Sq) {
        self.civs.retain(|c| !(c.sq == sq && c.kind == kind && c.side == seat));
        let (side, word, at) = (side_name(seat), marker_word(kind), self.sq_name(sq));
        self.core.log.say_at(
            "10.8",
            || vec![sq.to_string()],
            || format!("The {side} remove their {word} in {at}."),
        );
    }

    /// 24.4 a militia detachment flipped to its regiment side at the
    /// reveal; the enemy learns no more of it than he may examine (27.1).
    fn flip(&mut self, seat: Seat, u: UnitId) {
        let Place::Sq(sq) = self.units[u as usize].at() else {
            unreachable!("only detachments on the map are flipped")
        };
        let (side, told, at) = (side_name(seat), self.told(u), self.sq_name(sq));
        self.units[u as usize].back = false;
        let name = self.unit_name(u);
        self.core.log.apart(
            seat,
            "24.4",
            &[],
            || vec![sq.to_string()],
            || format!("The militia detachment in {at} is flipped to its regiment side: {name}."),
            || format!("The {side} spend pounds on {told} in {at}."),
        );
    }

    pub fn purchases_legal(&self, seat: Seat, out: &mut Vec<Action>) {
        let p = self.purchases(seat);
        match p.pending {
            Some(Pending::Unit(face)) => {
                out.extend(self.recruit_places(seat, face, p).into_iter().map(Action::At));
                return;
            }
            Some(Pending::Marker(kind)) => {
                out.extend(
                    self.marker_squares(seat, kind, p, &self.marker_sites(seat))
                        .into_iter()
                        .map(|s| Action::At(Place::Sq(s))),
                );
                return;
            }
            Some(Pending::Leader(l)) => {
                out.extend(self.leader_places(seat, l).into_iter().map(Action::At));
                return;
            }
            Some(Pending::Disband) => {
                out.extend(self.disbandable(seat, p).into_iter().map(Action::DisbandUnit));
                out.extend(
                    self.dismantlable(seat, p)
                        .into_iter()
                        .map(|(sq, kind)| Action::DisbandMarker(sq, kind)),
                );
                return;
            }
            None => {}
        }
        let f = &tables().forces;
        let pool = self.pool_faces();
        for (i, face) in f.faces.iter().enumerate() {
            let i = i as u16;
            if self.recruitable(seat, face)
                && Fiw::left_in_mix(i, p, &pool) > 0
                && self.affordable(
                    seat,
                    p,
                    Buy::Unit {
                        face: i,
                        at: Place::Pool,
                    },
                )
                && self.recruit_placeable(seat, i, p)
            {
                out.push(Action::Recruit(i));
            }
        }
        if self.affordable(seat, p, Buy::Supply) {
            out.push(Action::BuySupply);
        }
        let mut sites = None;
        for kind in [Marker::Fort, Marker::Fortress, Marker::Magazine, Marker::Trail] {
            let probe = Buy::Marker {
                kind,
                sq: Sq { col: 1, row: 1 },
            };
            if self.affordable(seat, p, probe)
                && !self
                    .marker_squares(seat, kind, p, sites.get_or_insert_with(|| self.marker_sites(seat)))
                    .is_empty()
            {
                out.push(Action::Build(kind));
            }
        }
        for u in self.flippable(seat, p) {
            if self.affordable(seat, p, Buy::Flip(u)) {
                out.push(Action::Flip(u));
            }
        }
        out.extend(self.breakable(seat, p).into_iter().map(Action::BreakDown));
        out.extend(self.releasable(seat, p).into_iter().map(Action::Release));
        if !self.disbandable(seat, p).is_empty() || !self.dismantlable(seat, p).is_empty() {
            out.push(Action::Disband);
        }
        for l in self.recruitable_leaders(seat, p) {
            if self.affordable(
                seat,
                p,
                Buy::Leader {
                    leader: l,
                    at: Place::Pool,
                },
            ) && self.leader_placeable(seat, l)
            {
                out.push(Action::Appoint(l));
            }
        }
        out.push(Action::Commit);
    }

    pub fn purchases_perform(&mut self, seat: Seat, a: Action) {
        let drafts = self.drafts.as_mut().expect("the purchases are open");
        let p = drafts.draft_mut(seat);
        match a {
            Action::Recruit(face) => p.pending = Some(Pending::Unit(face)),
            Action::Build(kind) => p.pending = Some(Pending::Marker(kind)),
            Action::Appoint(l) => p.pending = Some(Pending::Leader(l)),
            Action::Disband => p.pending = Some(Pending::Disband),
            Action::BuySupply => p.buys.push(Buy::Supply),
            Action::DisbandUnit(u) => {
                p.pending = None;
                p.buys.push(Buy::Disband(u));
            }
            Action::DisbandMarker(sq, kind) => {
                p.pending = None;
                p.buys.push(Buy::Dismantle { kind, sq });
            }
            Action::Flip(u) => p.buys.push(Buy::Flip(u)),
            Action::BreakDown(u) => p.buys.push(Buy::BreakDown(u)),
            Action::Release(l) => p.buys.push(Buy::Release(l)),
            Action::At(at) => {
                let buy = match p.pending.take().expect("a place is chosen for a pending purchase") {
                    Pending::Unit(face) => Buy::Unit { face, at },
                    Pending::Marker(kind) => {
                        let Place::Sq(sq) = at else {
                            unreachable!("markers go on the map")
                        };
                        Buy::Marker { kind, sq }
                    }
                    Pending::Leader(leader) => Buy::Leader { leader, at },
                    Pending::Disband => unreachable!("a disband names its unit or marker"),
                };
                p.buys.push(buy);
            }
            Action::Commit => {
                let last = self.drafts.as_mut().expect("open").commit(seat, &mut self.core.dice);
                let side = side_name(seat);
                self.core
                    .log
                    .say("9.2", || format!("The {side} have made their purchases."));
                if last {
                    self.reveal_purchases();
                }
            }
            _ => unreachable!("only legal actions reach perform"),
        }
    }

    /// Both drafts revealed (ruling fiw #30): each side's purchases are
    /// made, the initiative player's first (7.3: "in the event of a
    /// dispute, the player with the initiative goes first").
    fn reveal_purchases(&mut self) {
        let drafts = self.drafts.clone().expect("open");
        self.stack.pop();
        // ruling: fiw #30
        for seat in [self.initiative, crate::state::enemy(self.initiative)] {
            let p = drafts.draft(seat).clone();
            let (pounds, sp) = self.cost_of(&p);
            self.treasury[seat as usize] -= pounds as u16;
            let side = side_name(seat);
            let (mut bought, mut told): (Vec<String>, Vec<String>) = (Vec::new(), Vec::new());
            // A break-down takes its parts from the counter mix after the
            // recruits, which the draft counted against it (10.72).
            let (parts, rest): (Vec<&Buy>, Vec<&Buy>) = p.buys.iter().partition(|b| matches!(b, Buy::BreakDown(_)));
            for b in rest.into_iter().chain(parts) {
                if let Some((own, theirs)) = self.make(seat, b) {
                    bought.push(own);
                    told.push(theirs);
                }
            }
            // ruling: fiw #73: after the points bought are in.
            self.supply[seat as usize] -= sp as u16;
            let (left, sp_now) = (self.treasury[seat as usize], self.supply[seat as usize]);
            let spent = |items: &[String]| {
                if items.is_empty() && pounds == 0 {
                    format!("The {side} buy nothing (treasury £{left}).")
                } else if items.is_empty() {
                    format!("The {side} spend £{pounds} (treasury £{left}, {sp_now} supply points).")
                } else {
                    format!(
                        "The {side} spend £{pounds}: {} (treasury £{left}, {sp_now} supply points).",
                        engine::log::list(items)
                    )
                }
            };
            // 27.1, 27.3 the enemy reads a recruit or leader as the board
            // shows it to him.
            self.core
                .log
                .apart(seat, "9.2", &[], Vec::new, || spent(&bought), || spent(&told));
        }
    }

    /// Carries out one purchase; its words for the log, the buyer's and
    /// the enemy's (27.1: a recruit as the enemy sees it; disbanding and
    /// flipping log their own).
    fn make(&mut self, seat: Seat, b: &Buy) -> Option<(String, String)> {
        let f = &tables().forces;
        match *b {
            Buy::Unit { face, at } => {
                let u = self
                    .units_in(Place::Pool)
                    .find(|&u| {
                        let c = &f.counters[self.units[u as usize].counter as usize];
                        c.front == face as usize || c.back == Some(face as usize)
                    })
                    .expect("the draft counted the mix");
                let c = &f.counters[self.units[u as usize].counter as usize];
                self.units[u as usize].back = c.front != face as usize;
                self.place_unit(u, at);
                self.units[u as usize].ops = 0;
                let at = self.place_name(at);
                Some((
                    format!("{} in {at}", self.unit_name(u)),
                    format!("{} in {at}", self.told(u)),
                ))
            }
            Buy::Supply => {
                self.supply[seat as usize] += 1;
                Some(both("a supply point".into()))
            }
            Buy::Marker { kind, sq } => {
                if kind == Marker::Fortress {
                    // 22.11 a fortress replaces a fort.
                    self.civs.retain(|c| !(c.sq == sq && c.kind == Marker::Fort));
                }
                self.civs.push(Civ {
                    kind,
                    sq,
                    side: seat,
                    printed: false,
                    used: false,
                });
                Some(both(format!("a {} in {}", marker_word(kind), self.sq_name(sq))))
            }
            Buy::Leader { leader, at } => {
                let Some(id) = (0..self.leaders.len())
                    .find(|&l| self.leaders[l].leader == leader && self.leaders[l].at == Place::Pool)
                else {
                    // Chiefs serve either side (17.7): the other side took the
                    // last one (7.3: the initiative player's purchases first).
                    let refund = self.cost_of(&Purchases {
                        buys: vec![b.clone()],
                        pending: None,
                    });
                    self.treasury[seat as usize] += refund.0 as u16;
                    return Some((
                        format!("no {} (the last was taken; refunded)", f.leaders[leader as usize].name),
                        "nothing for a leader (refunded)".into(),
                    ));
                };
                self.leaders[id].at = at;
                self.leaders[id].side = seat;
                let (name, shown) = (&f.leaders[leader as usize].name, self.leader_told(id as LeaderId));
                let at = self.place_name(at);
                Some((format!("{name} in {at}"), format!("{shown} in {at}")))
            }
            Buy::Disband(u) => {
                self.disband_unit(seat, u);
                None
            }
            Buy::Dismantle { kind, sq } => {
                self.dismantle(seat, kind, sq);
                None
            }
            Buy::BreakDown(u) => {
                let Place::Sq(sq) = self.units[u as usize].at() else {
                    unreachable!("only units on the map are broken down")
                };
                match self.breakdown(u) {
                    Some(change) => self.change_units(seat, Place::Sq(sq), change, "10.8"),
                    // ruling: fiw #24 (the other side's purchases, made
                    // first, or another break-down took the counters)
                    None => {
                        let (unit, at) = (self.unit_name(u), self.sq_name(sq));
                        self.core.log.tell(seat, "10.72", || {
                            format!("The {unit} in {at} is not broken down: the counter mix no longer holds its parts.")
                        });
                    }
                }
                None
            }
            Buy::Flip(u) => {
                self.flip(seat, u);
                None
            }
            Buy::Release(l) => {
                let side = self.leaders[l as usize].side;
                let home = Place::Base(if side == BRITISH { Base::Britain } else { Base::France });
                self.leaders[l as usize].at = home;
                self.leaders[l as usize].inside = false;
                Some(both(format!(
                    "the release of {}, who returns to the {}",
                    self.leader(l).name,
                    self.place_name(home)
                )))
            }
        }
    }

    /// 17.42 the captured enemy leaders the seat holds and has not yet
    /// released in this draft (ruling fiw #32: their return is the
    /// captor's to offer in the recruiting phase; terms are the players'
    /// own, agreed outside the game).
    fn releasable(&self, seat: Seat, p: &Purchases) -> Vec<LeaderId> {
        (0..self.leaders.len() as LeaderId)
            .filter(|&l| {
                let g = &self.leaders[l as usize];
                g.at == Place::Prisoner && g.side == crate::state::enemy(seat) && !p.buys.contains(&Buy::Release(l))
            })
            .collect()
    }

    /// The label of a purchase action, with its price.
    /// The purchase `seat` has chosen and not yet placed, if any.
    pub fn pending(&self, seat: Seat) -> Option<Pending> {
        self.drafts
            .as_ref()
            .filter(|d| d.drafting().contains(seat))?
            .draft(seat)
            .pending
    }

    /// What the seat is asked while a purchase waits for its place (10.7)
    /// or a unit or marker to disband (10.8); undo drops it (ruling fiw #49).
    pub fn pending_words(&self, seat: Seat) -> String {
        let chosen = match self.pending(seat) {
            Some(Pending::Unit(face)) => Action::Recruit(face),
            Some(Pending::Marker(kind)) => Action::Build(kind),
            Some(Pending::Leader(l)) => Action::Appoint(l),
            Some(Pending::Disband) | None => {
                return "Choose the unit or marker to disband (10.8), or undo to choose another purchase".into()
            }
        };
        format!(
            "{}: choose where it goes (10.7), or undo to choose another purchase",
            self.purchase_label(seat, chosen)
        )
    }

    pub fn purchase_label(&self, seat: Seat, a: Action) -> String {
        let e = &tables().expenditure;
        let f = &tables().forces;
        match a {
            Action::Recruit(face) => {
                let face = &f.faces[face as usize];
                let origin = if face.regular {
                    Origin::Regular
                } else {
                    Origin::Provincial
                };
                let price = e.cost(Item::Unit(face.kind), Some(origin)).map_or(0, |c| c.pounds);
                // 2.32 "+" light (a legion chooses when it is formed, 26.0).
                let sep = if face.light == crate::forces::Lightness::Light {
                    '+'
                } else {
                    '-'
                };
                format!(
                    "Recruit {} {}{sep}{} (£{price}, 10.6)",
                    crate::state::face_words(face),
                    face.combat,
                    face.movement
                )
            }
            Action::BuySupply => {
                let bought = self.drafts.as_ref().map_or(0, |d| {
                    d.draft(seat).buys.iter().filter(|b| matches!(b, Buy::Supply)).count() as u32
                });
                let price = e.supply_points(bought, 1);
                format!("Buy a supply point (£{price}, 18.1)")
            }
            Action::Build(kind) => {
                let c = e.cost(marker_item(kind), None).expect("priced");
                let sp = if c.supply > 0 {
                    format!(" and {} SP", c.supply)
                } else {
                    String::new()
                };
                format!("Build a {} (£{}{sp}, 22.1)", marker_word(kind), c.pounds)
            }
            Action::Appoint(l) => format!("Recruit {} (£{}, 17.5)", f.leaders[l as usize].name, leader_price(l)),
            Action::Disband => "Disband a unit or marker on the map (10.8)".into(),
            Action::DisbandUnit(u) => format!(
                "Disband the {} in {} (10.8: not eliminated, no cost)",
                self.unit_name(u),
                self.place_name(self.units[u as usize].at())
            ),
            Action::DisbandMarker(sq, kind) => {
                format!("Remove the {} in {} (10.8)", marker_word(kind), self.sq_name(sq))
            }
            Action::BreakDown(u) => format!(
                "Break the {} in {} down (10.8: no cost)",
                self.unit_name(u),
                self.place_name(self.units[u as usize].at())
            ),
            Action::Flip(u) => format!(
                "Flip the {} in {} to its regiment side (£{}, 24.4)",
                self.unit_name(u),
                self.place_name(self.units[u as usize].at()),
                self.regiment_cost(u)
            ),
            Action::At(at) => format!(
                "Place {} in {}",
                if matches!(self.pending(seat), Some(Pending::Leader(_))) {
                    "him"
                } else {
                    "it"
                },
                self.place_name(at)
            ),
            // 17.42 he goes back to his own side.
            Action::Release(l) => format!(
                "Release the prisoner {} to the {} (17.42; free, terms are yours to agree)",
                self.leader(l).name,
                side_name(self.leaders[l as usize].side)
            ),
            Action::Commit => "Done: reveal my purchases when both are done (ruling fiw #30)".into(),
            _ => String::new(),
        }
    }

    /// What a seat's draft shows it: its purchases and what they leave.
    pub fn purchases_fact(&self, seat: Seat) -> Option<String> {
        let d = self.drafts.as_ref()?;
        let p = d.draft(seat);
        let (pounds, sp) = self.left_after(seat, p);
        let f = &tables().forces;
        let items: Vec<String> = p
            .buys
            .iter()
            .map(|b| match b {
                // "RI militia", "RI line": the name alone is shared by faces.
                Buy::Unit { face, at } => {
                    let words = crate::state::face_words(&f.faces[*face as usize]);
                    format!("{words} in {}", self.place_name(*at))
                }
                Buy::Supply => "1 SP".into(),
                Buy::Marker { kind, sq } => format!("{} in {}", marker_word(*kind), self.sq_name(*sq)),
                Buy::Leader { leader, at } => {
                    format!("{} in {}", f.leaders[*leader as usize].name, self.place_name(*at))
                }
                Buy::Disband(u) => format!(
                    "disband {} in {}",
                    self.unit_name(*u),
                    self.place_name(self.units[*u as usize].at())
                ),
                Buy::Dismantle { kind, sq } => format!("remove the {} in {}", marker_word(*kind), self.sq_name(*sq)),
                Buy::Flip(u) => format!("{} to its regiment side", self.unit_name(*u)),
                Buy::BreakDown(u) => format!(
                    "break down {} in {}",
                    self.unit_name(*u),
                    self.place_name(self.units[*u as usize].at())
                ),
                Buy::Release(l) => format!("release {}", self.leader(*l).name),
            })
            .collect();
        Some(format!(
            "{} (leaves £{pounds}, {sp} SP)",
            if items.is_empty() {
                "nothing yet".into()
            } else {
                engine::log::list(counted(&items))
            }
        ))
    }
}

/// Alike purchases once, counted, in their first order: "3 × Foot in
/// Albany, BW in British Home Base and 4 × 1 SP" reads "... and 4 SP".
fn counted(items: &[String]) -> Vec<String> {
    let mut out: Vec<(&String, usize)> = Vec::new();
    for item in items {
        match out.iter_mut().find(|(i, _)| *i == item) {
            Some((_, n)) => *n += 1,
            None => out.push((item, 1)),
        }
    }
    out.into_iter()
        .map(|(item, n)| match (item.as_str(), n) {
            (_, 1) => item.clone(),
            ("1 SP", n) => format!("{n} SP"),
            (_, n) => format!("{n} × {item}"),
        })
        .collect()
}

/// A purchase both sides read alike.
fn both(words: String) -> (String, String) {
    (words.clone(), words)
}

fn marker_item(kind: Marker) -> Item {
    match kind {
        Marker::Fort => Item::Fort,
        Marker::Fortress => Item::Fortress,
        Marker::Magazine => Item::Magazine,
        Marker::Trail => Item::Trail,
    }
}

/// 10.1-10.3 the home base a regular recruit of this face may be placed
/// in (Spanish regulars: the West Indies); provincials have none, nor
/// flotillas (20.1: the home bases are open to fleets only; 20.2).
fn recruit_base(seat: Seat, face_ix: u16) -> Option<Base> {
    let f = &tables().forces.faces[face_ix as usize];
    (f.regular && f.kind != UnitType::Riverine).then_some(match (seat, f.nation) {
        (BRITISH, _) => Base::Britain,
        (_, Nation::Spanish) => Base::WestIndies,
        _ => Base::France,
    })
}

/// 17.5 a leader's price: named, a brigadier or an Indian chief.
fn leader_price(leader: LeaderId) -> u32 {
    let l = &tables().forces.leaders[leader as usize];
    let item = if l.named() {
        Item::LeaderNamed
    } else if l.side.is_none() {
        Item::LeaderChief
    } else {
        Item::LeaderBrigadier
    };
    tables().expenditure.cost(item, None).map_or(0, |c| u32::from(c.pounds))
}
