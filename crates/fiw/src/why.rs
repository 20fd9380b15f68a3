//! "Why not?": the rule that forbids what a player points at, in the
//! rulebook's words. Each reason comes from the check that decides the
//! legal actions (`deploy_squares` with `admits`, `held` and the cover
//! rule; `step_cost`, `entry_bar` and the force's steps; `unready` behind
//! `free_pieces` and `movement_legal`; `recruit_bar` behind
//! `recruit_places`), so the two never disagree. Answered for the set-up
//! (35.3), forming a force and moving it by land (11.3, 12.0, 13.x),
//! boarding and sailing a naval force (20.x: `forming_legal`, `sail_bar`),
//! placing a recruit (10.1-10.3, 10.71), opening negotiations (16.0-16.34)
//! a battle's withdrawal or retreat (15.5, 15.9: `retreat_bar`), an
//! escaping leader's square (17.41: `nearest_friends`) and a random
//! event's choice (8.1, 17.4, 17.5, 25.1: `event_bar`). Only the asking seat's own pieces
//! are named: an enemy piece is "not yours" and no more (27.1).

use crate::actions::Piece;
use crate::battle::{After, Battle, Effect, RetreatBar, Stage};
use crate::events::{Choice, EventBar};
use crate::forces::{Nation, UnitType, BRITISH};
use crate::frames::Frame;
use crate::map::{Colony, Route, Sq, Touch};
use crate::movement::{half, Entry, Force, Unready};
use crate::naval::{NavalForce, SailBar};
use crate::negotiations::TalksBar;
use crate::recruiting::{Pending, RecruitBar};
use crate::scenario::{self, Where};
use crate::setup::{captured_squares, place_sq, Held};
use crate::state::{enemy, side_name, Base, Fiw, Place, UnitId};
use crate::tables::tables;
use engine::{Describe, Forbidden, Procedure, Seat};

impl Fiw {
    /// [`engine::Describe::why_not`] for the French & Indian War: the set-up,
    /// land and naval forces, recruits' placement, negotiations and a
    /// battle's withdrawal, retreat, loss of half and legions' switch
    /// (26.0); nothing for other decisions.
    pub fn why_not(&self, seat: Seat, target: &str) -> Vec<Forbidden> {
        if !self.acting().contains(seat) {
            return Vec::new();
        }
        let sq = Sq::parse(target);
        let rules = match self.stack.last() {
            Some(&Frame::Deploy { line, .. }) => sq.map(|s| self.deploy_why(seat, line, s)).unwrap_or_default(),
            Some(Frame::Movement { passed, .. }) => match sq {
                // ruling: fiw #49
                Some(s) if passed.contains(&Place::Sq(s)) => vec![Forbidden::new(
                    "11.3",
                    format!(
                        "you formed a force in {} and let it go unmoved this sub-phase: undo to form it again",
                        self.sq_name(s)
                    ),
                )],
                Some(s) => self.form_why(seat, s),
                // ruling: fiw #94
                None if self.gales()
                    && [Base::Britain, Base::France, Base::WestIndies]
                        .iter()
                        .any(|&b| self.place_id(Place::Base(b)) == target) =>
                {
                    vec![Forbidden::new(
                        "8.1",
                        "Atlantic Gales: no naval unit may enter or leave a home base this turn",
                    )]
                }
                None => Vec::new(),
            },
            Some(Frame::Force(f)) if f.seat == seat => match (self.piece_of(target), sq) {
                (Some(p), _) if !f.moving => self.add_why(f, p),
                (Some(p), _) => self.drop_why(f, p),
                (None, Some(_)) if self.stays(f) => vec![self.stays_why(f)],
                (None, Some(s)) if !f.moving => vec![self.not_set_out(f, s)],
                (None, Some(s)) => self.step_why(f, s),
                (None, None) => Vec::new(),
            },
            Some(Frame::Naval(f)) if f.seat == seat => match (self.piece_of(target), sq) {
                (Some(p), _) if !f.moving => self.board_why(f, p),
                (None, Some(s)) if f.moving => self.sail_why(f, s),
                _ => Vec::new(),
            },
            Some(Frame::Combats(c)) => match (c.stage, sq) {
                (After::Escape(l), Some(s)) if self.leaders[l as usize].side == seat => self.escape_why(l, s),
                _ => Vec::new(),
            },
            Some(Frame::Battle(b)) if b.decide == Some(seat) => match (b.stage, b.effects.first(), sq) {
                (Stage::Withdraw, _, Some(s)) => self.retreat_why(b, seat, s, "15.5"),
                (Stage::Apply, Some(&Effect::Retreat(side)), Some(s)) if side == seat => {
                    self.retreat_why(b, seat, s, "15.9")
                }
                (Stage::Apply, Some(&Effect::Half { side, .. }), _) if side == seat => self
                    .piece_of(target)
                    .map(|p| self.loss_why(b, seat, p))
                    .unwrap_or_default(),
                (Stage::Siege | Stage::Crt | Stage::Defend, _, None) => self
                    .piece_of(target)
                    .map(|p| self.switch_why(b, seat, p))
                    .unwrap_or_default(),
                _ => Vec::new(),
            },
            Some(Frame::EventChoice { seat: s, event, .. }) if *s == seat => self.event_why(seat, event, target),
            Some(Frame::Negotiations { tried, .. }) => sq.map(|s| self.talks_why(seat, tried, s)).unwrap_or_default(),
            Some(Frame::Purchases) => match (self.drafts.as_ref().map(|d| d.draft(seat)), sq) {
                (Some(p), Some(s)) => match p.pending {
                    Some(Pending::Unit(face)) => self
                        .recruit_bar(seat, face, p, s)
                        .map(|bar| recruit_words(self, seat, face, s, bar))
                        .into_iter()
                        .collect(),
                    _ => Vec::new(),
                },
                _ => Vec::new(),
            },
            _ => Vec::new(),
        };
        // Never refuse what a legal action points at (the engine's harness
        // checks it; the reasons above come from the same checks).
        if rules.is_empty() || self.pointed_at(seat, target) {
            return Vec::new();
        }
        rules
    }

    /// Whether a legal action of the seat names this target.
    fn pointed_at(&self, seat: Seat, target: &str) -> bool {
        let mut legal = Vec::new();
        self.legal_for(seat, &mut legal);
        legal
            .iter()
            .any(|a| Describe::describe(self, seat, a).target.as_deref() == Some(target))
    }

    /// The piece an id ("u12", "l3") names.
    fn piece_of(&self, id: &str) -> Option<Piece> {
        if let Some(n) = id.strip_prefix('u') {
            let u = n.parse().ok()?;
            return ((u as usize) < self.units.len()).then_some(Piece::Unit(u));
        }
        let l = id.strip_prefix('l')?.parse().ok()?;
        ((l as usize) < self.leaders.len()).then_some(Piece::Leader(l))
    }

    fn piece_at(&self, p: Piece) -> Place {
        match p {
            Piece::Unit(u) => self.units[u as usize].at(),
            Piece::Leader(l) => self.leaders[l as usize].at,
        }
    }

    /// 35.3 why the set-up line's next piece may not go to `sq`: the
    /// checks of [`Fiw::deploy_squares`] in its order (the places the line
    /// names, then the squares the enemy holds or has captured, then the
    /// cover rule).
    fn deploy_why(&self, seat: Seat, line: u8, sq: Sq) -> Vec<Forbidden> {
        let spec = scenario::spec(self.scenario);
        let at = spec.lines[line as usize].at;
        let occ = self.occupancy();
        let here = self.sq_name(sq);
        if !self.admits(at, sq, |s| occ.occupies(s, seat)) {
            let reason = if at == Where::Occupied {
                format!(
                    "the line sets up in \"any {} occupied squares\": no {} unit occupies {here} \
                     (Indians and neutral Spanish units do not, ruling fiw #26)",
                    side_name(seat),
                    side_name(seat)
                )
            } else if self.fortress_not_fort(at, sq) {
                // ruling: fiw #77
                format!(
                    "{here} is not a place the line names: {}; {here} holds a fortress, not a fort, and a city \
                     with a fortress takes only the lines that name cities (ruling fiw #77)",
                    self.line_words(line)
                )
            } else {
                format!("{here} is not a place the line names: {}", self.line_words(line))
            };
            return vec![Forbidden::new("35.3", reason)];
        }
        match self.held(seat, line, sq, &occ, &captured_squares(spec)) {
            Some(Held::Enemy) => {
                return vec![Forbidden::new(
                    "35.3",
                    format!(
                        "{} units hold {here}: the set-up places a side's pieces where the enemy is not",
                        side_name(enemy(seat))
                    ),
                )]
            }
            Some(Held::Captured) => {
                let frontenac = spec
                    .captured
                    .iter()
                    .any(|&p| p == "fort-frontenac" && place_sq(p) == sq);
                let reason = if frontenac {
                    "Fort Frontenac is not French occupied; neither player may place units in it".to_string()
                } else {
                    format!("{here} is not French occupied; the British have captured it")
                };
                return vec![Forbidden::new("35.3 3.0", reason)];
            }
            None => {}
        }
        if self.deploy_squares(seat, line).contains(&sq) {
            return Vec::new();
        }
        // What is left of deploy_squares' filters: the cover rule.
        let needed: Vec<String> = self
            .uncovered_posts(&occ)
            .into_iter()
            .filter(|&p| p != sq)
            .map(|p| self.sq_name(p))
            .collect();
        vec![Forbidden::new(
            "35.3 3.0",
            format!(
                "French must have at least one unit deployed per French city, town and fort: with this piece in {here}, \
                 the pieces still to place could not cover every post still without one ({})",
                engine::log::list(&needed)
            ),
        )]
    }

    /// 35.3 3.4 (ruling fiw #77) whether `sq` is refused to a line of
    /// forts (and not cities) of its colony only for holding a fortress.
    fn fortress_not_fort(&self, at: Where, sq: Sq) -> bool {
        matches!(at, Where::Posts { colony, cities: false, forts: true, .. }
            if tables().map.colony(sq) == Some(colony))
            && self.fortified(sq) == Some(crate::map::Works::Fortress)
    }

    /// 11.3, 12.0, 12.2 why no force may form in `sq` now: the seat's
    /// pieces there, each of which [`Fiw::may_operate`] refuses, or the
    /// supply point of a later phase ([`Fiw::may_set_out`]).
    fn form_why(&self, seat: Seat, sq: Sq) -> Vec<Forbidden> {
        let at = Place::Sq(sq);
        let here = self.sq_name(sq);
        let pieces: Vec<Piece> = self
            .units_in(at)
            .filter(|&u| self.side(u) == seat)
            .map(Piece::Unit)
            .chain(
                self.leaders_in(at)
                    .filter(|&l| self.leaders[l as usize].side == seat)
                    .map(Piece::Leader),
            )
            .collect();
        if pieces.is_empty() {
            return vec![Forbidden::new(
                "11.3",
                format!(
                    "units moving together as a force must begin that movement phase in the same square: you have no units or leaders in {here}"
                ),
            )];
        }
        if pieces.iter().any(|&p| self.may_operate(seat, p)) {
            if self.may_set_out(seat, Some(at)) {
                return Vec::new();
            }
            // ruling: fiw #5
            return vec![Forbidden::new(
                "12.2",
                format!(
                    "in order for a force to conduct operations in the 2nd, 3rd and 4th phases, the player must expend one supply point per force: \
                     you have none left, and {here} traces no line of supply to a friendly magazine (18.61)"
                ),
            )];
        }
        let mut out: Vec<Forbidden> = Vec::new();
        let stopped = self.has_units(sq, enemy(seat))
            && pieces.iter().any(|&p| match p {
                Piece::Unit(u) => self.units[u as usize].moved,
                Piece::Leader(l) => self.leaders[l as usize].moved,
            });
        if stopped {
            out.push(Forbidden::new(
                "13.32",
                format!("units must stop when entering a square containing enemy combat units: your force stopped in {here}"),
            ));
        }
        for &p in &pieces {
            let f = match self.unready(seat, p) {
                Some(why) => unready_words(self, p, why),
                None => Forbidden::new(
                    "20.21",
                    format!(
                        "a naval unit may not be part of the same force for movement as land units: the {} moves in a naval force",
                        self.piece_name(p)
                    ),
                ),
            };
            if !out.iter().any(|o| o.rule == f.rule) {
                out.push(f);
            }
        }
        out
    }

    /// Why a piece does not join a force formed in `from`: it is the
    /// enemy's (not named, 27.1), or it stands elsewhere (`rule`, `start`).
    fn not_here(
        &self,
        why: Option<Unready>,
        from: Place,
        p: Piece,
        rule: &'static str,
        start: &str,
    ) -> Option<Forbidden> {
        if why == Some(Unready::NotYours) {
            return Some(unready_words(self, p, Unready::NotYours));
        }
        let at = self.piece_at(p);
        (at != from).then(|| {
            Forbidden::new(
                rule,
                format!(
                    "{start}: the {} is in {}, not in {}",
                    self.piece_name(p),
                    self.place_name(at),
                    self.place_name(from)
                ),
            )
        })
    }

    /// 11.2, 11.3, 12.0 why a piece may not join the force being formed:
    /// the checks of `free_pieces` (in the force's square, and
    /// [`Fiw::may_operate`]).
    fn add_why(&self, f: &Force, p: Piece) -> Vec<Forbidden> {
        let why = self.unready(f.seat, p);
        let start = "units moving together as a force must begin that movement phase in the same square";
        if let Some(bar) = self.not_here(why, f.from, p, "11.3", start) {
            return vec![bar];
        }
        let name = self.piece_name(p);
        if let Piece::Unit(u) = p {
            if self.is_naval(u) {
                return vec![Forbidden::new(
                    "20.21",
                    format!("a naval unit may not be part of the same force for movement as land units: the {name} moves in a naval force"),
                )];
            }
        }
        if let Some(w) = why {
            return vec![unready_words(self, p, w)];
        }
        if self.garrison_force(f) {
            return vec![Forbidden::new(
                "23.25",
                format!(
                    "relief forces form a force separate from the besieged force: the {name} is outside the fortress"
                ),
            )];
        }
        if f.left_out.contains(&p) {
            // ruling: fiw #49
            return vec![Forbidden::new(
                "11.3",
                format!("you left the {name} out of this force: undo to take it back"),
            )];
        }
        Vec::new()
    }

    /// 11.3, 17.21 why a piece may not be dropped off by the moving force
    /// (`force_legal`'s conditions).
    fn drop_why(&self, f: &Force, p: Piece) -> Vec<Forbidden> {
        if !f.has(p) {
            if self.unready(f.seat, p) == Some(Unready::NotYours) {
                return vec![unready_words(self, p, Unready::NotYours)];
            }
            return vec![Forbidden::new(
                "11.3",
                format!(
                    "a force may not pick up additional units in the course of an operation: the {} is not in the moving force",
                    self.piece_name(p)
                ),
            )];
        }
        let name = self.piece_name(p);
        let reason = if f.path.is_empty() {
            (
                "11.3",
                format!(
                    "a force may drop off units in the squares it enters: it has not left {} yet",
                    self.place_name(f.at)
                ),
            )
        } else if f.bonus.map(Piece::Leader) == Some(p) {
            (
                "17.21",
                format!("the {name} gives the force his movement bonus: he must move with the force and may not be dropped off anywhere along the route"),
            )
        } else if f.pieces().count() <= 1 {
            (
                "11.3",
                format!("the {name} is the whole force: halt to end its move here"),
            )
        } else {
            return Vec::new();
        };
        vec![Forbidden::new(reason.0, reason.1)]
    }

    /// 11.3 a square pointed at before the force sets out.
    fn not_set_out(&self, f: &Force, sq: Sq) -> Forbidden {
        let first = if f.units.is_empty() && f.leaders.is_empty() {
            "add its pieces, then set out"
        } else {
            "set out first"
        };
        Forbidden::new(
            "11.3",
            format!(
                "the force forming in {} has not set out: {first}, then move it square by square to {}",
                self.place_name(f.from),
                self.sq_name(sq)
            ),
        )
    }

    /// 19.0 why a force formed only to reorganize moves nowhere
    /// ([`Fiw::stays`]).
    fn stays_why(&self, f: &Force) -> Forbidden {
        let here = self.place_name(f.from);
        match f.from {
            Place::Base(_) => Forbidden::new(
                "21.1",
                format!("units enter or leave home bases via sea movement: this force formed in {here} only to reorganize"),
            ),
            _ => Forbidden::new(
                "23.24",
                format!("besieged units may not exit the fortress: the garrison of {here} formed this force only to reorganize"),
            ),
        }
    }

    /// 13.1, 13.2, 13.6, 13.7x, 13.8 why the moving force may not step to
    /// `to`: `force_legal`'s conditions in order (a neighbour across a
    /// side, or a vertex for a light force; a land route; its cost within
    /// the points left; [`Fiw::entry_bar`]).
    fn step_why(&self, f: &Force, to: Sq) -> Vec<Forbidden> {
        let Place::Sq(at) = f.at else { return Vec::new() };
        let (here, there) = (self.sq_name(at), self.sq_name(to));
        let m = &tables().map;
        let bar = |rule: &'static str, reason: String| vec![Forbidden::new(rule, reason)];
        if to == at {
            return bar("13.1", format!("the force is in {there}: halt to end its move here"));
        }
        match at.touch(to) {
            None => {
                return bar(
                    "13.1",
                    format!("a force moves from contiguous square to contiguous square: {there} is not next to {here}"),
                )
            }
            Some(Touch::Vertex) if !f.light => {
                // ruling: fiw #11
                return bar(
                    "13.2",
                    format!(
                        "{there} is across a vertex of {here}: only light units (light leaders, light infantry, legions, militia and Indians) \
                         may move across the vertices of squares, and not every piece of this force is light"
                    ),
                );
            }
            Some(_) => {}
        }
        let water = |s: Sq| self.terrain(s).is_water();
        let Some(route) = m.land_route(at, to) else {
            let what = if water(to) {
                format!("{there} is all sea or lake")
            } else {
                format!("the way from {here} to {there} crosses all water")
            };
            return bar(
                "13.71",
                format!("units may not enter all-sea/lake squares or cross all-sea/lake square sides unless moving via naval movement: {what}"),
            );
        };
        let Some(cost) = self.step_cost(f, at, to, route) else {
            return bar(
                "13.71",
                format!("{there} is prohibited terrain for land units on the Terrain Effects Chart"),
            );
        };
        if cost > f.left {
            let how = match route {
                Route::Road => "along the road".to_string(),
                Route::River => "along the river".to_string(),
                Route::LakeCoast => "along the Great Lake coast".to_string(),
                Route::Trail => "along the trail".to_string(),
                Route::Overland => format!("overland into {} terrain", self.terrain(to).id()),
            };
            return bar(
                "13.6",
                format!(
                    "a force moves as long as it has sufficient movement points to expend: entering {there} {how} costs {} and the force has {} left",
                    half(cost),
                    half(f.left)
                ),
            );
        }
        match self.entry_bar(f, to) {
            Some(Entry::NeutralFlorida) => bar("13.72", "units may never enter Florida when it is neutral".into()),
            Some(Entry::Bound(u, home)) => vec![bound_words(self, u, home, &format!("enter {there}"))],
            None => Vec::new(),
        }
    }

    /// 20.31, 20.32 why a piece may not board the naval force being formed
    /// (`forming_legal`'s conditions), or why a naval unit may not be
    /// left out of it.
    fn board_why(&self, f: &NavalForce, p: Piece) -> Vec<Forbidden> {
        let why = self.unready(f.seat, p);
        let start = "both the naval unit and the land unit must start the movement in the same square or home base";
        if let Some(bar) = self.not_here(why, f.from, p, "20.31", start) {
            return vec![bar];
        }
        let name = self.piece_name(p);
        let carried = |u: UnitId| self.face(u).size.thirds();
        let load = self.load(&f.cargo);
        let bulky = |cargo: &[UnitId]| cargo.iter().filter(|&&u| self.bulky(u)).count();
        // ruling: fiw #68
        let one_each = |n: usize, with: &str| {
            Forbidden::new(
                "20.31",
                format!(
                    "land units are placed under the fleet units, four regiments (or equivalent) under each: a brigade or legion needs a naval unit of its own, and {n} would carry {} of them{with}",
                    bulky(&f.cargo) + usize::from(with.is_empty())
                , n = engine::log::count(n, "naval unit")),
            )
        };
        if let Piece::Unit(u) = p {
            if f.navy.contains(&u) && Fiw::capacity(f.navy.len() - 1) < load {
                return vec![Forbidden::new(
                    "20.32",
                    format!(
                        "a naval unit may transport four regiments (or equivalent): without the {name} the force could carry {} and it carries {}",
                        regiments(Fiw::capacity(f.navy.len() - 1)),
                        regiments(load)
                    ),
                )];
            }
            if f.navy.contains(&u) && bulky(&f.cargo) > f.navy.len() - 1 {
                return vec![one_each(f.navy.len() - 1, &format!(" without the {name}"))];
            }
        }
        if f.has(p) {
            return Vec::new();
        }
        if let Some(w) = why {
            return vec![unready_words(self, p, w)];
        }
        if f.left_out.contains(&p) {
            // ruling: fiw #49
            return vec![Forbidden::new(
                "20.31",
                format!("you left the {name} out of this naval force: undo to take it back"),
            )];
        }
        let Piece::Unit(u) = p else {
            return self.first_the_navy(f, &name);
        };
        if self.is_naval(u) {
            return Vec::new();
        }
        if let Some(home) = self.bound_to(u) {
            return vec![bound_words(self, u, home, "put to sea")];
        }
        if f.navy.is_empty() {
            return self.first_the_navy(f, &name);
        }
        if load + carried(u) > Fiw::capacity(f.navy.len()) {
            return vec![Forbidden::new(
                "20.32",
                format!(
                    "a naval unit may transport four regiments (or equivalent): the force's {} {} {}, {} aboard, and the {name} would add {}",
                    engine::log::count(f.navy.len(), "naval unit"),
                    if f.navy.len() == 1 { "carries" } else { "carry" },
                    regiments(Fiw::capacity(f.navy.len())),
                    regiments(load),
                    regiments(carried(u))
                ),
            )];
        }
        if self.bulky(u) && bulky(&f.cargo) >= f.navy.len() {
            return vec![one_each(f.navy.len(), "")];
        }
        Vec::new()
    }

    fn first_the_navy(&self, f: &NavalForce, name: &str) -> Vec<Forbidden> {
        if !f.navy.is_empty() {
            return Vec::new();
        }
        vec![Forbidden::new(
            "20.31",
            format!("the fleet picks up the land units and then moves: choose the force's naval units before the {name} boards"),
        )]
    }

    /// 20.1, 20.2, 20.21, 20.22 why the moving naval force may not sail
    /// into `to` ([`Fiw::sail_bar`], then the points left).
    fn sail_why(&self, f: &NavalForce, to: Sq) -> Vec<Forbidden> {
        let Place::Sq(at) = f.at else { return Vec::new() };
        let (here, there) = (self.sq_name(at), self.sq_name(to));
        let bar = |rule: &'static str, reason: String| vec![Forbidden::new(rule, reason)];
        if to == at {
            return bar("20.4", format!("the force is in {there}: halt to end its move here"));
        }
        if at.touch(to).is_none() {
            return bar(
                "20.21",
                format!("naval units pay one movement point for every navigable square entered: {there} is not next to {here}"),
            );
        }
        let kind = |u: UnitId| {
            if self.face(u).kind == UnitType::Fleet {
                "fleet"
            } else {
                "flotilla"
            }
        };
        match self.sail_bar(f, at, to) {
            Some(SailBar::NeutralFlorida) => bar("13.72", "units may never enter Florida when it is neutral".into()),
            Some(SailBar::Unnavigable(u)) if self.face(u).kind == UnitType::Fleet => bar(
                "20.1",
                format!(
                    "fleets may move into only fleet-navigable squares (port, coast and all-sea squares): {there} is none, and the {} is a fleet",
                    self.unit_name(u)
                ),
            ),
            Some(SailBar::Unnavigable(u)) => bar(
                "20.2",
                format!(
                    "flotillas may move into only flotilla-navigable squares (port, coast, great lake and river squares), never the open sea: {there} is none, and the {} is a flotilla",
                    self.unit_name(u)
                ),
            ),
            Some(SailBar::NoWater(u)) => bar(
                "20.21",
                format!("no water a {} may sail joins {here} and {there}", kind(u)),
            ),
            // ruling: fiw #22
            Some(SailBar::Blocked) => bar(
                "20.22",
                format!(
                    "enemy land units on a port or coastal square block movement into the square by riverine units but not fleets: {there} holds enemy land units"
                ),
            ),
            None if crate::naval::SQUARE > f.left => bar(
                "20.21",
                format!(
                    "naval units always pay one movement point for every navigable square entered: the force has {} left",
                    half(f.left)
                ),
            ),
            None => Vec::new(),
        }
    }
}

/// Regimental equivalents, from thirds of a regiment.
fn regiments(thirds: u32) -> String {
    match (thirds / 3, thirds % 3) {
        (r, 0) => engine::log::count(r, "regiment"),
        (0, d) => engine::log::count(d, "detachment"),
        (r, d) => format!(
            "{} and {}",
            engine::log::count(r, "regiment"),
            engine::log::count(d, "detachment")
        ),
    }
}

/// Why a unit bound to its colony may not do `what` (13.8, 24.1, 24.3,
/// ruling fiw #28).
fn bound_words(g: &Fiw, u: UnitId, home: Colony, what: &str) -> Forbidden {
    let name = g.unit_name(u);
    let face = g.face(u);
    if face.kind == UnitType::Militia && face.nation == Nation::Spanish {
        Forbidden::new(
            "24.3",
            format!("Spanish militia may never exit Florida: the {name} may not {what}"),
        )
    } else if face.kind == UnitType::Militia {
        Forbidden::new(
            "13.8",
            format!(
                "British militia may never leave their own particular colony: the {name} must stay in {} (24.1)",
                home.name()
            ),
        )
    } else {
        // ruling: fiw #28
        Forbidden::new(
            "5.26",
            format!(
                "{} is passive: units of the colony located outside of it are removed from the map, so the {name} may not leave it",
                home.name()
            ),
        )
    }
}

/// Why a piece may not operate now, in the rulebook's words; an enemy
/// piece is not named (27.1).
fn unready_words(g: &Fiw, p: Piece, why: Unready) -> Forbidden {
    match why {
        Unready::NotYours => Forbidden::new(
            "11.2",
            "a player may combine units into the same force provided they are all under his control: that piece is the enemy's",
        ),
        Unready::Operated => Forbidden::new(
            "12.0",
            format!(
                "each unit may participate in up to four operations phases per turn, up to one per operations phase: the {} has operated in this phase",
                g.piece_name(p)
            ),
        ),
        Unready::Neutral => Forbidden::new(
            "5.3",
            "neither side may use Spanish units until the Spain Enters Seven Years War event occurs",
        ),
        Unready::Besieged => Forbidden::new(
            "23.24",
            format!("besieged units may not exit the fortress: the {} is besieged", g.piece_name(p)),
        ),
    }
}

impl Fiw {
    /// 16.0-16.34 why the seat may not open negotiations in `sq`: the
    /// check behind [`Fiw::negotiation_openings`] for each capital and
    /// village of the square (it may hold both).
    fn talks_why(&self, seat: Seat, tried: &[Sq], sq: Sq) -> Vec<Forbidden> {
        let here = self.sq_name(sq);
        let neither = || {
            Forbidden::new(
                "16.0",
                format!("negotiations are conducted in a colonial capital or an Indian village: {here} has neither"),
            )
        };
        let mut out: Vec<Forbidden> = Vec::new();
        for p in tables().map.places_in(sq) {
            let Some(bar) = self.talks_bar(seat, tried, p) else {
                continue;
            };
            let f = match bar {
                TalksBar::NotCapitalOrVillage => neither(),
                TalksBar::Tried => Forbidden::new(
                    "16.31",
                    format!("negotiations were attempted in {here} this phase: one attempt against a square a phase"),
                ),
                TalksBar::EnemyUnits => Forbidden::new(
                    "16.33",
                    format!(
                        "{} combat units are in {here}: no negotiations in a square with enemy combat units",
                        side_name(enemy(seat))
                    ),
                ),
                TalksBar::NeutralFlorida => Forbidden::new(
                    "16.34",
                    format!("{here} is in Florida: no negotiations there until Spain is a belligerent"),
                ),
                TalksBar::BritishCapital => Forbidden::new(
                    "16.2",
                    format!(
                        "{} is a British colonial capital: the French may not initiate negotiations there, only counter British ones",
                        p.name
                    ),
                ),
                TalksBar::NoLeader => Forbidden::new(
                    "16.0",
                    format!(
                        "no {} leader is in {here}: a leader in the square conducts the negotiations",
                        side_name(seat)
                    ),
                ),
            };
            if !out.contains(&f) {
                out.push(f);
            }
        }
        // A square without places; or one whose only words are "neither"
        // beside a real reason of its capital or village.
        if out.is_empty() {
            out.push(neither());
        } else if out.len() > 1 {
            out.retain(|f| *f != neither());
        }
        out
    }
}

impl Fiw {
    /// 8.1 why the event being decided does not offer the piece or square
    /// `target` to the seat: [`Fiw::event_bar`], the check behind its
    /// choices. A piece the seat may not examine (27.1, 27.3) has one
    /// answer wherever it stands and whatever it is.
    fn event_why(&self, seat: Seat, id: &str, target: &str) -> Vec<Forbidden> {
        let (choice, piece) = match (self.piece_of(target), Sq::parse(target)) {
            (Some(p @ Piece::Unit(u)), _) => (Choice::Unit(u), Some(p)),
            (Some(p @ Piece::Leader(l)), _) => (Choice::Leader(l), Some(p)),
            (None, Some(sq)) => (Choice::Sq(sq), None),
            (None, None) => return Vec::new(),
        };
        let hidden = piece.is_some_and(|p| self.hidden_from(p, seat));
        let bar = match self.event_bar(id, seat, choice) {
            Some(EventBar::NotAsked) => return Vec::new(),
            // 27.1, 27.3 a face-down piece is the enemy's and no more: were
            // it offered or barred as it stands, asking id by id would tell
            // where each stands and what it is. The choices name it by its
            // square (`pick-SQ-unit`, ruling fiw #51), never by its id.
            _ if hidden => EventBar::NotYours,
            Some(bar) => bar,
            None => return Vec::new(),
        };
        let (rule, asks) = match id {
            "smallpox" => ("8.1", "one of your Indian units on the map".to_string()),
            "desertion" => ("8.1", "one of your militia units on the map".to_string()),
            "indians-change-sides" => (
                "25.1",
                format!(
                    "a {} Indian unit on the map that shares no square with {} non-Indian combat units",
                    side_name(enemy(seat)),
                    side_name(enemy(seat))
                ),
            ),
            "french-war-party" => ("25.1", "an Indian village without British combat units".to_string()),
            "iroquois-council" => (
                "25.1",
                "an Indian village in a British colony without French combat units".to_string(),
            ),
            "trade-goods" => ("25.1", "an Indian village holding one of your leaders".to_string()),
            "british-leader-recalled" | "french-leader-relieved" => {
                ("17.4", format!("a named {} leader on the map", side_name(enemy(seat))))
            }
            "new-commander" => ("17.5", "a named leader of your side in the Leader box".to_string()),
            _ => return Vec::new(),
        };
        let name = match piece {
            Some(Piece::Unit(u)) if !hidden => self.unit_name(u),
            Some(Piece::Leader(l)) if !hidden => self.leader(l).name.clone(),
            Some(Piece::Unit(_)) => "that unit".to_string(),
            Some(Piece::Leader(_)) => "that leader".to_string(),
            None => String::new(),
        };
        let there = || self.sq_name(Sq::parse(target).expect("a square target"));
        let mine = !matches!(
            id,
            "indians-change-sides" | "british-leader-recalled" | "french-leader-relieved"
        );
        let reason = match bar {
            EventBar::NotYours if mine => format!("{name} is not yours"),
            // ruling: fiw #56
            EventBar::NotYours if hidden => {
                format!("{name} stands face down: pick one on the map by the square it stands in")
            }
            EventBar::NotYours => format!("{name} is yours"),
            EventBar::OffMap => format!("{name} is not on the map"),
            EventBar::NotIndian => format!("{name} is not an Indian unit"),
            EventBar::NotMilitia => format!("{name} is not a militia unit"),
            EventBar::Neutral => return vec![unready_words(self, piece.expect("a unit's bar"), Unready::Neutral)],
            EventBar::Escorted => format!("{} non-Indian combat units share its square", side_name(enemy(seat))),
            EventBar::Unnamed => format!("{name} is not a named leader"),
            EventBar::IndianLeader => format!("{name} is an Indian leader, not a commander of the Crown or of France"),
            EventBar::NotInLeaderBox => format!("{name} is not in the Leader box"),
            EventBar::NoVillage => format!("{} has no Indian village", there()),
            EventBar::EnemyUnits => format!("{} combat units are in {}", side_name(enemy(seat)), there()),
            EventBar::NotBritishColony => format!("{} is not in a British colony", there()),
            EventBar::NoLeader => format!("no {} leader is in {}", side_name(seat), there()),
            EventBar::NoIndianLeft => "no Indian unit is left to draw".to_string(),
            EventBar::NotPassive | EventBar::NotAsked => return Vec::new(),
        };
        let event = crate::events::event_name(id);
        vec![Forbidden::new(rule, format!("{event} asks for {asks}: {reason}"))]
    }

    /// 17.41 (ruling fiw #32) why the escaping leader may not go to `to`:
    /// no friendly combat units there, or others nearer
    /// ([`Fiw::nearest_friends`], the check behind the legal squares).
    fn escape_why(&self, l: crate::state::LeaderId, to: Sq) -> Vec<Forbidden> {
        let (Place::Sq(from), side) = (self.leaders[l as usize].at, self.leaders[l as usize].side) else {
            return Vec::new();
        };
        let (there, name) = (self.sq_name(to), self.leader(l).name.clone());
        let joinable = self.units_at(to).any(|u| self.escape_friend(u, side));
        let besieged = self.units_at(to).any(|u| self.usable(u, side));
        let (rule, reason) = match self.nearest_friends(side, from).first() {
            // ruling: fiw #76
            _ if !joinable && besieged => (
                "23.24",
                format!(
                    "the {} units in {there} are besieged in its fortress, which other units of their side may not enter: \
                     {name} would stand outside it among the besiegers",
                    side_name(side)
                ),
            ),
            _ if !joinable => (
                "17.41",
                format!(
                    "no {} combat units are in {there}: {name} escapes to the nearest stack of friendly units",
                    side_name(side)
                ),
            ),
            Some(near) => (
                "17.41",
                format!(
                    "{there} is {} squares from {name}; friendly units stand {} away: he escapes to the nearest",
                    to.king_moves(from),
                    near.king_moves(from)
                ),
            ),
            None => return Vec::new(),
        };
        vec![Forbidden::new(rule, reason)]
    }

    /// 15.9 why a piece may not be the seat's next unit toward a loss of
    /// half: the owner takes it in its own combat units in the battle, the
    /// units the battle's legal losses offer.
    fn loss_why(&self, b: &Battle, seat: Seat, p: Piece) -> Vec<Forbidden> {
        let here = self.sq_name(b.sq);
        let why = match p {
            Piece::Leader(_) => {
                "a loss of half is counted in combat units' printed strength: leaders are no part of it".to_string()
            }
            Piece::Unit(u) if self.side(u) != seat => {
                format!("the {} take this loss from their own units in {here}", side_name(seat))
            }
            Piece::Unit(u) if self.units[u as usize].at() != Place::Sq(b.sq) => {
                format!("only the units in the battle at {here} take its losses")
            }
            Piece::Unit(_) => return Vec::new(),
        };
        vec![Forbidden::new("15.9", why)]
    }

    /// 26.0, ruling fiw #13: why the seat's legion in the battle may not
    /// switch heavy or light now ([`Fiw::switchable`]'s conditions).
    fn switch_why(&self, b: &Battle, seat: Seat, p: Piece) -> Vec<Forbidden> {
        let Piece::Unit(u) = p else {
            return Vec::new();
        };
        if self.side(u) != seat || self.units[u as usize].at() != Place::Sq(b.sq) || !self.at_will(u) {
            return Vec::new();
        }
        let name = self.unit_name(u);
        let why = if b.switched.contains(&u) {
            // ruling: fiw #49
            format!(
                "the {name} has had its choice of heavy or light for this combat: once, as its force formed this \
                 phase or in the battle (ruling fiw #13, #49)"
            )
        } else if b.stage == Stage::Siege {
            format!("decide on the attack first: the {name} may then switch heavy or light before the table is chosen")
        } else {
            return Vec::new();
        };
        vec![Forbidden::new("26.0", why)]
    }

    /// Ruling fiw #4: why the seat's force in the battle may not retreat
    /// (15.9) or withdraw (15.5) into `to`, from [`Fiw::battle_retreat_bar`],
    /// the check behind the legal retreats.
    fn retreat_why(&self, b: &Battle, seat: Seat, to: Sq, rule: &'static str) -> Vec<Forbidden> {
        let Some(bar) = self.battle_retreat_bar(b, seat, to) else {
            // ruling: fiw #91, #96 (a withdrawal is a move of the force's
            // own choosing)
            let kept = self.kept_out(&self.battle_group(b, seat), to);
            return match (rule, kept.first()) {
                ("15.5", Some(&u)) => {
                    let home = self.bound_to(u).expect("a unit kept in its colony");
                    let mut f = bound_words(self, u, home, "withdraw out of it");
                    f.reason = format!("{}; a withdrawal is a move of the force's own choosing", f.reason).into();
                    vec![f]
                }
                _ => Vec::new(),
            };
        };
        let (here, there) = (self.sq_name(b.sq), self.sq_name(to));
        let f = match bar {
            RetreatBar::Far => Forbidden::new(rule, format!("{there} is not next to {here}: a force goes one square")),
            RetreatBar::Vertex => Forbidden::new(
                "13.2",
                format!(
                    "{there} is across a corner of {here}: only a force whose every piece is light crosses a vertex"
                ),
            ),
            RetreatBar::Enemy => Forbidden::new(
                rule,
                format!(
                    "{} combat units are in {there}: a force never goes into the enemy",
                    side_name(enemy(seat))
                ),
            ),
            RetreatBar::Florida => Forbidden::new(
                "5.3",
                format!("{there} is in Florida: no one enters it while Spain is neutral"),
            ),
            RetreatBar::Water => Forbidden::new(
                "13.71",
                format!(
                    "land units and leaders cannot go from {here} to {there}: water, or an all-water side or corner"
                ),
            ),
            RetreatBar::NoSailing => {
                Forbidden::new("20.1", format!("the naval units cannot sail from {here} to {there}"))
            }
        };
        vec![f]
    }
}

/// 10.1-10.3, 10.71 a [`RecruitBar`] in the rulebook's words.
fn recruit_words(g: &Fiw, seat: Seat, face: u16, sq: Sq, bar: RecruitBar) -> Forbidden {
    let f = &tables().forces.faces[face as usize];
    let here = g.sq_name(sq);
    let (rule, nation) = match f.nation {
        Nation::Spanish => ("10.3", "Spanish"),
        _ if seat == BRITISH => ("10.1", "British"),
        _ => ("10.2", "French"),
    };
    let reason = match bar {
        RecruitBar::HomeBox if f.nation == Nation::Spanish => {
            "Spanish regulars: the French player places the units in the West Indies box".to_string()
        }
        RecruitBar::HomeBox => format!(
            "only regular regiments are recruited on the map: the {} goes to the {} holding box",
            f.name,
            if seat == BRITISH { "Great Britain" } else { "France" }
        ),
        RecruitBar::Limit(n) if seat == BRITISH => format!(
            "the British player may recruit up to three regular regiments per turn on-map: {n} are bought this turn"
        ),
        RecruitBar::Limit(_) => "the French player may recruit one regular regiment per turn on-map: it is bought this turn".into(),
        RecruitBar::NotTown => format!("recruits are placed in city or town squares: {here} has none"),
        RecruitBar::NotNavigable => {
            return Forbidden::new(
                "20.2",
                format!("flotillas move only on lakes and rivers: {here} is on neither"),
            )
        }
        RecruitBar::NotOwnColony if f.regular => {
            format!("regulars are recruited on-map in {nation}-occupied {nation} city or town squares: {here} is not in a {nation} colony")
        }
        RecruitBar::NotOwnColony => {
            let home = f
                .home
                .as_deref()
                .and_then(|h| crate::map::Colony::ALL.into_iter().find(|c| c.id() == h))
                .map_or_else(|| "its colony".to_string(), |c| c.name().to_string());
            format!(
                "provincial units are recruited in the colony of the same name: the {} {} only in {home}",
                f.name,
                crate::state::type_word(f.kind)
            )
        }
        RecruitBar::Enemy => format!("recruits are placed in {nation}-occupied squares: enemy units are in {here}"),
        RecruitBar::NotOccupied => {
            format!("recruits are placed in {nation}-occupied city or town squares: no {nation} combat unit is in {here} (leaders do not occupy, 4.11)")
        }
        RecruitBar::Forage { placed, forage } => {
            return Forbidden::new(
                "10.71",
                format!(
                    "a player may place new combat regiments in a square from one up to the square's forage value: {} placed in {here} already (a detachment is a third), its forage value is {forage}",
                    crate::supply::thirds_words(placed)
                ),
            )
        }
    };
    Forbidden::new(rule, reason)
}
