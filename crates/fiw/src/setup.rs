//! 35.x set-up: a new game's state, and the set-up lines whose square is
//! the owner's choice, placed one piece at a time (the side that sets up
//! first places all its lines first, in the printed order but for the
//! leaders of "any French occupied squares", placed last: `placing_order`).

use crate::civilization::Marker;
use crate::forces::{Lightness, Size, BRITISH, FRENCH};
use crate::frames::Frame;
use crate::map::{Colony, Settlement, Sq, Works};
use crate::scenario::{self, Mark, Scenario, Spec, What, Where};
use crate::state::{enemy, side_name, Civ, Fiw, General, Occupancy, Phase, Place, Status, Sub, Unit, UnitId, Units};
use crate::tables::tables;
use engine::{Core, Seat, Setup};

impl Fiw {
    pub fn start(setup: &Setup) -> Fiw {
        let scenario = match setup.scenario.as_str() {
            "on-to-quebec" => Scenario::OnToQuebec,
            other => panic!("no scenario {other:?} (the catalog checks the name first)"),
        };
        let end = agreed_end(setup);
        let spec = scenario::spec(scenario);
        let f = &tables().forces;
        let mut units = Vec::new();
        for (i, c) in f.counters.iter().enumerate() {
            for _ in 0..c.count {
                units.push(Unit::new(i as u16));
            }
        }
        let mut leaders = Vec::new();
        for (i, l) in f.leaders.iter().enumerate() {
            let at = if spec.dead.contains(&l.id.as_str()) {
                Place::Gone
            } else if spec.prisoners.contains(&l.id.as_str()) {
                Place::Prisoner
            } else {
                Place::Pool
            };
            for _ in 0..l.count {
                leaders.push(General {
                    leader: i as u8,
                    side: l.side.unwrap_or(FRENCH),
                    at,
                    ops: 0,
                    moved: false,
                    inside: false,
                });
            }
        }
        let status = Colony::ALL
            .iter()
            .map(|c| {
                if *c == Colony::Florida {
                    Status::Neutral
                } else if spec.active.contains(c) {
                    Status::Active
                } else {
                    Status::Passive
                }
            })
            .collect();
        let mut g = Fiw {
            core: Core::new(setup),
            scenario,
            turn: 1,
            phase: Phase::Deployment(spec.first),
            sub: Sub::Movement,
            first: spec.first,
            initiative: spec.first,
            // 35.4 2.0 the players agreed to play on to 1762.
            extended: setup.flag("extended"),
            end,
            historic_spain: setup.flag("historic-spain"),
            units: Units::new(units),
            leaders,
            status,
            civs: Vec::new(),
            massacres: Vec::new(),
            balance: crate::balance::Index::new(spec.balance).expect("35.x starts on a space of the index"),
            treasury: spec.treasury,
            supply: spec.supply,
            war: spec.war,
            spain: false,
            stack: Vec::new(),
            drafts: None,
            // 35.3 7.2 the Seven Years War Breaks Out event is in effect.
            happened: if spec.war {
                vec!["seven-years-war".into()]
            } else {
                Vec::new()
            },
            this_turn: Vec::new(),
        };
        g.place_marks(spec);
        g.core.log.say("35.3", || {
            format!("{}: the French set up first, then the British.", INFOS_NAME)
        });
        if let Some(year) = end {
            g.core.log.say("35.4", || {
                format!("The players have agreed to end the game after {year} (35.4 1.0).")
            });
        }
        for seat in [spec.first, enemy(spec.first)] {
            for i in placing_order(spec, seat).into_iter().rev() {
                g.stack.push(Frame::Deploy {
                    seat,
                    line: i as u8,
                    left: amount(spec.lines[i].what),
                });
            }
        }
        // The first side's lines on top.
        let first: Vec<Frame> = g.stack.drain(..).collect();
        let (mine, theirs): (Vec<Frame>, Vec<Frame>) = first.into_iter().partition(|fr| fr.seat() == Some(spec.first));
        g.stack = theirs;
        g.stack.extend(mine);
        g
    }

    /// x.7 the scenario's markers, and the forts and fortresses printed on
    /// the map (ruling fiw #34: a printed work is its colony's side's;
    /// set-up in it changes that in [`Fiw::settle_works`]; ruling fiw #78:
    /// one in disputed land is British, [`Fiw::owner_at_start`]).
    fn place_marks(&mut self, spec: &Spec) {
        let m = &tables().map;
        let destroyed: Vec<Sq> = spec
            .marks
            .iter()
            .filter_map(|k| match k {
                Mark::Destroyed(p) => Some(place_sq(p)),
                _ => None,
            })
            .collect();
        for p in &m.places {
            let Some(works) = p.works else { continue };
            if destroyed.contains(&p.sq) {
                continue;
            }
            // 35.3 3.0 "the British have captured them": a place listed as
            // captured is the other side's from the start of the set-up.
            let captured = spec.captured.iter().any(|c| place_sq(c) == p.sq);
            let side = if captured {
                enemy(spec.first)
            } else {
                self.owner_at_start(m.colony(p.sq))
            };
            self.civs.push(Civ {
                kind: if works == Works::Fortress {
                    Marker::Fortress
                } else {
                    Marker::Fort
                },
                sq: p.sq,
                side,
                printed: true,
                used: false,
            });
        }
        for k in spec.marks {
            match *k {
                Mark::Magazine(side, p) => self.civs.push(Civ {
                    kind: Marker::Magazine,
                    sq: place_sq(p),
                    side,
                    printed: false,
                    used: false,
                }),
                Mark::Fort(side, p) => {
                    if self.fortified(place_sq(p)).is_none() {
                        self.civs.push(Civ {
                            kind: Marker::Fort,
                            sq: place_sq(p),
                            side,
                            printed: false,
                            used: false,
                        });
                    }
                }
                // ruling: fiw #46 (rule 31 is optional and not in play)
                Mark::Massacre(_) | Mark::Destroyed(_) => {}
            }
        }
    }

    /// 5.1-5.3 who holds a colony's printed works at the start (Spain's
    /// are the French player's to set up, 35.x 5.0).
    /// 5.4, 22.4, 35.3 (ruling fiw #78) a printed work in disputed land,
    /// which "belongs to no one", is British: a work is its builder's, and
    /// the one nobody sets up in, Fort Loudoun (0615), South Carolina built
    /// in 1756 and held until August 1760. (Fort Duquesne, in disputed land
    /// too, goes to the side set up in it, [`Fiw::settle_works`]: the
    /// British in 35.3.) A work on no colony's land (a `--data` map may
    /// print one anywhere) is British by the same rule, never a panic.
    fn owner_at_start(&self, c: Option<Colony>) -> Seat {
        match c.and_then(Colony::empire) {
            Some(crate::map::Empire::British) => BRITISH,
            Some(crate::map::Empire::French | crate::map::Empire::Spanish) => FRENCH,
            // ruling: fiw #78 (disputed land: the builder's, British)
            None => BRITISH,
        }
    }

    /// Ruling fiw #34: a printed work belongs to the side set up in it.
    pub fn settle_works(&mut self) {
        let occ = self.occupancy();
        for c in &mut self.civs {
            for seat in [BRITISH, FRENCH] {
                if occ.has_units(c.sq, seat) && !occ.has_units(c.sq, enemy(seat)) {
                    c.side = seat;
                }
            }
        }
    }

    /// The squares a set-up line may put its next piece in.
    pub fn deploy_squares(&self, seat: Seat, line: u8) -> Vec<Sq> {
        let spec = scenario::spec(self.scenario);
        let l = &spec.lines[line as usize];
        let m = &tables().map;
        let occ = self.occupancy();
        let captured = captured_squares(spec);
        let open = |sq: &Sq| self.held(seat, line, *sq, &occ, &captured).is_none();
        let mut out: Vec<Sq> = match l.at {
            Where::At(p) => vec![place_sq(p)],
            Where::OneOf(ps) => ps.iter().map(|p| place_sq(p)).collect(),
            Where::In(c) => m.squares_of(c).collect(),
            // Only a city's, a town's or a fort's square is a post: those
            // squares of the colony, not all of them, are asked.
            Where::Posts { colony: c, .. } => m
                .places
                .iter()
                .filter(|p| p.settlement.is_some())
                .map(|p| p.sq)
                .chain(self.civs.iter().map(|civ| civ.sq))
                .filter(|&sq| m.colony(sq) == Some(c))
                .collect(),
            Where::Villages(colonies) => colonies.iter().flat_map(|&c| m.squares_of(c)).collect(),
            Where::Occupied => Sq::all().collect(),
        };
        // Ruling fiw #26: "occupied" is a non-Indian combat unit's, and
        // neutral Spain's units occupy for nobody (5.3).
        out.retain(|&sq| self.admits(l.at, sq, |sq| occ.occupies(sq, seat)));
        out.sort();
        out.dedup();
        out.retain(open);
        // Ruling fiw #95: only units that occupy cover a post, so Indians
        // are neither held to the cover rule nor counted for it.
        if seat == FRENCH && matches!(l.what, What::Units(_)) {
            let needed = self.uncovered_posts(&occ);
            if !needed.is_empty() {
                // Which posts each line still to place may reach, once.
                let reach: Vec<(u8, u8, Vec<usize>)> = self
                    .stack
                    .iter()
                    .rev()
                    .filter_map(|fr| match *fr {
                        Frame::Deploy {
                            seat: FRENCH,
                            line: l,
                            left,
                        } => Some((l, left)),
                        _ => None,
                    })
                    .filter(|&(l, _)| matches!(spec.lines[l as usize].what, What::Units(_)))
                    .map(|(l, left)| (l, left, self.line_reach(l, &needed)))
                    .collect();
                // A matching that covers every post with this piece off
                // them covers all but one with it on that one: when a
                // square off the posts keeps the cover, every square does,
                // and one matching answers for all of them.
                if !still_covers(&reach, line, None, needed.len()) {
                    out.retain(|&sq| {
                        let taken = needed.iter().position(|&p| p == sq);
                        taken.is_some() && still_covers(&reach, line, taken, needed.len())
                    });
                }
            }
        }
        out
    }

    /// 35.3 3.0 why a square is closed to a set-up line that does not name
    /// one place: the enemy's units hold it, or (for the side that sets up
    /// first, the French) it is a place the British have captured
    /// (`captured`: [`captured_squares`]); `None` when it is open.
    pub(crate) fn held(&self, seat: Seat, line: u8, sq: Sq, occ: &Occupancy, captured: &[Sq]) -> Option<Held> {
        let spec = scenario::spec(self.scenario);
        if matches!(spec.lines[line as usize].at, Where::At(_)) {
            return None;
        }
        // 35.3 3.0 the French may not set up in the places the British hold.
        if occ.has_units(sq, enemy(seat)) {
            Some(Held::Enemy)
        } else if seat == spec.first && captured.contains(&sq) {
            Some(Held::Captured)
        } else {
            None
        }
    }

    /// 35.3 3.0 "French must have at least one unit deployed per French
    /// city, town and fort" not captured: those still without one. The
    /// captured ones "are not French occupied": the unit deployed occupies
    /// the post, and Indians occupy nothing (ruling fiw #26, #95).
    pub(crate) fn uncovered_posts(&self, occ: &Occupancy) -> Vec<Sq> {
        let spec = scenario::spec(self.scenario);
        let m = &tables().map;
        let captured = captured_squares(spec);
        let mut v: Vec<Sq> = m
            .places
            .iter()
            .filter(|p| matches!(m.colony(p.sq), Some(Colony::NewFrance | Colony::Louisiana)))
            .filter(|p| p.settlement.is_some() || (p.works.is_some() && self.fortified(p.sq).is_some()))
            .map(|p| p.sq)
            // ruling: fiw #95
            .filter(|sq| !captured.contains(sq) && !occ.occupies(*sq, FRENCH))
            .collect();
        v.sort();
        v.dedup();
        v
    }

    /// Which of `posts` a line's pieces may be placed in at all (ignoring
    /// the cover rule): anywhere a friendly unit may yet stand for
    /// "occupied". The places a line names are looked up once for all the
    /// posts, not once a post.
    fn line_reach(&self, line: u8, posts: &[Sq]) -> Vec<usize> {
        let at = scenario::spec(self.scenario).lines[line as usize].at;
        let named: Vec<Sq> = match at {
            Where::At(p) => vec![place_sq(p)],
            Where::OneOf(ps) => ps.iter().map(|p| place_sq(p)).collect(),
            _ => Vec::new(),
        };
        (0..posts.len())
            .filter(|&i| match at {
                Where::At(_) | Where::OneOf(_) => named.contains(&posts[i]),
                _ => self.admits(at, posts[i], |_| true),
            })
            .collect()
    }

    /// 35.x whether a set-up place names `sq`: a listed place, a land
    /// square of a colony, its cities, towns or forts, a French Indian
    /// village, or a square `occupied` says friendly units hold.
    /// 35.3 3.4, 2.34, 22.11, 23.0 (ruling fiw #77) a line's "forts" are
    /// the squares where a fort stands, never a fortress: a city with a
    /// fortress (Quebec, New Orleans) takes only the lines that name
    /// cities, and a square holding a fort is a fort whatever else it holds
    /// (Mobile, a city with a fort; Montreal, whose square holds the St.
    /// Jeans fort).
    pub(crate) fn admits(&self, at: Where, sq: Sq, occupied: impl Fn(Sq) -> bool) -> bool {
        let m = &tables().map;
        match at {
            Where::At(p) => place_sq(p) == sq,
            Where::OneOf(ps) => ps.iter().any(|p| place_sq(p) == sq),
            Where::In(c) => m.colony(sq) == Some(c) && !self.terrain(sq).is_water(),
            Where::Posts {
                colony,
                cities,
                towns,
                forts,
            } => {
                m.colony(sq) == Some(colony)
                    && ((cities && m.settlement(sq) == Some(Settlement::City))
                        || (towns && m.settlement(sq) == Some(Settlement::Town))
                        // ruling: fiw #77 (a fortress is no fort)
                        || (forts && self.fortified(sq) == Some(Works::Fort)))
            }
            Where::Villages(colonies) => m.village(sq).is_some() && m.colony(sq).is_some_and(|c| colonies.contains(&c)),
            Where::Occupied => occupied(sq),
        }
    }

    /// The set-up line's next piece: a counter of the pool that fits, a
    /// leader, or an Indian unit drawn at random (25.1).
    pub fn deploy(&mut self, seat: Seat, line: u8, sq: Sq, back: bool) {
        let spec = scenario::spec(self.scenario);
        let l = &spec.lines[line as usize];
        match l.what {
            What::Leader(name) => {
                let id = self
                    .pool_leader(name)
                    .expect("the set-up's leaders are in the box (tests)");
                self.leaders[id as usize].at = Place::Sq(sq);
                self.leaders[id as usize].side = seat;
                let who = self.leader(id).name.clone();
                let at = self.sq_name(sq);
                self.placed(seat, sq, || format!("{who} sets up in {at}."));
            }
            What::Units(need) => {
                let u = self
                    .pool_unit(&need, back)
                    .expect("the mix holds every set-up (tests/forces.rs)");
                self.place_unit(u, Place::Sq(sq));
                let name = self.unit_name(u);
                let at = self.sq_name(sq);
                let side = side_name(seat);
                self.placed(seat, sq, || format!("{side} {name} sets up in {at}."));
            }
            What::Indians { side, .. } => {
                let pool: Vec<UnitId> = self.pool_indians().collect();
                let i = self.core.dice.pick(pool.len());
                let u = pool[i];
                self.place_unit(u, Place::Sq(sq));
                let unit = &mut self.units[u as usize];
                // 25.1 the front is French, the back British.
                unit.back = side == BRITISH;
                let name = self.unit_name(u);
                let at = self.sq_name(sq);
                self.placed(seat, sq, || {
                    format!("An Indian unit drawn at random, {name}, sets up in {at} (25.1).")
                });
            }
        }
        self.side_set_up(seat);
    }

    /// The side whose set-up is under way: 27.1, 27.3 its placements are
    /// its own until it has finished, when the enemy sees its blocks all at
    /// once (as behind a screen); seen one by one, in the scenario's
    /// printed order of lines, they told which leader and which unit went
    /// where (rules fiw-15).
    pub fn setting_up(&self) -> Option<Seat> {
        match (self.phase, self.stack.last()) {
            (Phase::Deployment(_), Some(&Frame::Deploy { seat, .. })) => Some(seat),
            _ => None,
        }
    }

    /// A set-up placement, told to its side alone ([`Fiw::setting_up`]).
    fn placed(&mut self, seat: Seat, sq: Sq, own: impl FnOnce() -> String) {
        self.core.log.push(
            engine::log::Audience::Seat(seat),
            "35.3",
            &[],
            || vec![sq.to_string()],
            own,
        );
    }

    /// After a placement: once the side has none left, its set-up is shown.
    fn side_set_up(&mut self, seat: Seat) {
        if self.setting_up() != Some(seat) {
            let n = self
                .units
                .iter()
                .enumerate()
                .filter(|&(u, unit)| matches!(unit.at(), Place::Sq(_)) && self.side(u as UnitId) == seat)
                .count();
            let side = side_name(seat);
            self.core
                .log
                .say("35.3", || format!("The {side} have set up: {n} blocks on the map."));
        }
    }

    /// 35.3 4.4 "British Provincial Units. These units may be broken down
    /// in initial deployment" (19.1: the scenario allows it): for a line
    /// of British provincial regiments, what three detachments of the same
    /// kind need, if the counter mix still holds three.
    pub fn broken_down(&self, line: u8) -> Option<scenario::Need> {
        let l = &scenario::spec(self.scenario).lines[line as usize];
        let What::Units(need) = l.what else { return None };
        if need.side != BRITISH || need.regular != Some(false) || need.size != Size::Regiment {
            return None;
        }
        let need = scenario::Need {
            size: Size::Detachment,
            n: 3,
            ..need
        };
        let f = &tables().forces;
        let fit = self
            .units_in(Place::Pool)
            .filter(|&u| {
                f.faces_of(&f.counters[self.units[u as usize].counter as usize])
                    .any(|x| need.fits(x))
            })
            .count();
        (fit >= 3).then_some(need)
    }

    /// 35.3 4.4 the line's next regiment set up as three detachments.
    pub fn deploy_broken(&mut self, seat: Seat, line: u8, sq: Sq, back: bool) {
        let need = self.broken_down(line).expect("offered only when the mix holds three");
        let mut names = Vec::new();
        for _ in 0..need.n {
            let u = self.pool_unit(&need, back).expect("three counted");
            self.place_unit(u, Place::Sq(sq));
            names.push(self.unit_name(u));
        }
        let (at, side) = (self.sq_name(sq), side_name(seat));
        self.placed(seat, sq, || {
            format!(
                "{side} {} set up in {at}, a regiment broken down (4.4).",
                engine::log::list(&names)
            )
        });
        self.side_set_up(seat);
    }

    /// A leader of this name in the Leader box.
    pub fn pool_leader(&self, name: &str) -> Option<u8> {
        (0..self.leaders.len() as u8)
            .find(|&l| self.leaders[l as usize].at == Place::Pool && self.leader(l).answers_to(name))
    }

    /// A counter of the pool with a face that fits, turned to it; with
    /// `back`, the light face of an "either type" line.
    pub fn pool_unit(&mut self, need: &scenario::Need, back: bool) -> Option<UnitId> {
        let f = &tables().forces;
        // The pool's list is in id order, as the scan of the mix was.
        let (u, turn) = self.units_in(Place::Pool).find_map(|u| {
            let c = &f.counters[self.units[u as usize].counter as usize];
            let front_fits = need.fits(&f.faces[c.front]);
            let back_fits = c.back.is_some_and(|b| need.fits(&f.faces[b]));
            match (front_fits, back_fits) {
                (true, true) => Some((u, back)),
                (true, false) => Some((u, false)),
                (false, true) => Some((u, true)),
                (false, false) => None,
            }
        })?;
        self.units[u as usize].back = turn;
        Some(u)
    }

    /// Whether the line's next piece may show either face (35.3 4.0:
    /// British provincial infantry regiments).
    pub fn either_face(&self, line: u8) -> bool {
        let l = &scenario::spec(self.scenario).lines[line as usize];
        match l.what {
            What::Units(need) => need.light.is_none() || (l.seat == BRITISH && provincial_infantry(&need)),
            _ => false,
        }
    }

    /// The set-up is over: works change hands with their garrison, and
    /// the first turn begins.
    pub fn end_setup(&mut self) {
        self.settle_works();
        self.core.log.say("35.3", || "Both sides are set up.".into());
        self.phase = Phase::Initiative;
    }
}

/// Why a square is closed to a set-up line ([`Fiw::held`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Held {
    /// Enemy units are there.
    Enemy,
    /// 35.3 3.0 a place the British have captured.
    Captured,
}

fn provincial_infantry(need: &scenario::Need) -> bool {
    need.regular == Some(false)
        && need.size == crate::forces::Size::Regiment
        && need
            .types
            .iter()
            .any(|t| matches!(t, crate::forces::UnitType::Line | crate::forces::UnitType::Light))
        && tables()
            .forces
            .faces
            .iter()
            .any(|f| need.fits(f) && f.light != Lightness::Either)
}

const INFOS_NAME: &str = "On to Quebec (35.3)";

/// 35.4 1.0 "By mutual agreement, players may decide to end a scenario at
/// the end of any year" (ruling fiw #79): the year the option `end` names,
/// agreed before play as 35.4 2.0's `extended` is; `None` to play the
/// scenario out. The option lists only years the scenario plays, and
/// declares that 1761 needs the extended scenario (`Setup::validate`).
fn agreed_end(setup: &Setup) -> Option<u16> {
    setup.option("end").and_then(|v| v.parse().ok())
}

/// The order in which a side places its set-up lines: as printed, but
/// 35.3 3.3's "Any French occupied squares" lines last. A side sets up
/// all its pieces before the other (3.0, 4.0), in no order the rules set,
/// so a leader may join any square its whole set-up occupies, not only
/// those the lines printed before his hold (a set-up placing Trois
/// Rivieres's 3.4 militia regiment alone there had kept Bougainville and
/// de Villiers out of it).
fn placing_order(spec: &Spec, seat: Seat) -> Vec<usize> {
    let mut order: Vec<usize> = (0..spec.lines.len()).filter(|&i| spec.lines[i].seat == seat).collect();
    // A stable sort: the printed order otherwise.
    order.sort_by_key(|&i| spec.lines[i].at == Where::Occupied);
    order
}

/// How many pieces a line places.
fn amount(w: What) -> u8 {
    match w {
        What::Units(n) => n.n,
        What::Leader(_) => 1,
        What::Indians { n, .. } => n,
    }
}

/// The square of a place the scenarios name.
pub fn place_sq(id: &str) -> Sq {
    tables()
        .map
        .place(id)
        .unwrap_or_else(|| panic!("the scenarios name places of places.tsv: {id}"))
        .sq
}

/// 35.3 3.0 the squares of the places the first side to set up finds
/// captured, looked up once for all the squares a set-up line asks about.
pub(crate) fn captured_squares(spec: &Spec) -> Vec<Sq> {
    spec.captured.iter().map(|p| place_sq(p)).collect()
}

/// Whether, after the next piece of `line` goes to the post `taken` (if it
/// is one), the French pieces still to place can cover every other
/// uncovered post, one each (a matching of pieces to posts). `reach`: each
/// line still to place, its pieces left and the posts it may reach.
fn still_covers(reach: &[(u8, u8, Vec<usize>)], line: u8, taken: Option<usize>, posts: usize) -> bool {
    let mut pieces: Vec<Vec<usize>> = Vec::new();
    for (l, left, r) in reach {
        let n = if *l == line { left - 1 } else { *left };
        let r: Vec<usize> = r.iter().copied().filter(|&i| Some(i) != taken).collect();
        for _ in 0..n {
            pieces.push(r.clone());
        }
    }
    let need = posts - usize::from(taken.is_some());
    // The matching runs over post indices; a taken post is never reached.
    matching(&pieces, posts) == need
}

/// The size of a maximum matching of pieces (each with the posts it may
/// reach) to `n` posts (augmenting paths).
fn matching(pieces: &[Vec<usize>], n: usize) -> usize {
    fn augment(p: usize, pieces: &[Vec<usize>], owner: &mut [Option<usize>], seen: &mut [bool]) -> bool {
        for &q in &pieces[p] {
            if seen[q] {
                continue;
            }
            seen[q] = true;
            if owner[q].is_none_or(|o| augment(o, pieces, owner, seen)) {
                owner[q] = Some(p);
                return true;
            }
        }
        false
    }
    let mut owner = vec![None; n];
    let mut size = 0;
    for p in 0..pieces.len() {
        let mut seen = vec![false; n];
        if augment(p, pieces, &mut owner, &mut seen) {
            size += 1;
        }
    }
    size
}
