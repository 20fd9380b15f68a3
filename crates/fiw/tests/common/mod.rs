//! What the rule tests share: a game of On to Quebec past its set-up, an
//! emptied map, pieces put where a test needs them, actions by id.
#![allow(dead_code, unused_imports)]

use engine::prelude::*;
use engine::{Seat, Setup};
use fiw::actions::{Action, Piece};
use fiw::civilization::Marker;
use fiw::frames::Frame;
use fiw::map::{Colony, Sq, Terrain};
use fiw::state::{Civ, Fiw, Place, UnitId};
use fiw::tables::tables;

pub use fiw::forces::{BRITISH, FRENCH};

/// On to Quebec with its set-up played (each choice the first one
/// offered) and `first` chosen as first player: the first player's 1st
/// movement sub-phase.
pub fn started(first: Seat) -> Fiw {
    started_with_seed(7, first)
}

/// The same from the game's seed `seed`.
pub fn started_with_seed(seed: u64, first: Seat) -> Fiw {
    let mut g = Fiw::new(&Setup::new("on-to-quebec", seed));
    while let Some(Frame::Deploy { seat, .. }) = g.stack.last().cloned() {
        let mut v = Vec::new();
        g.legal(seat, &mut v);
        g.apply_legal(seat, &v[0]);
    }
    let Some(Frame::ChooseFirst { seat }) = g.stack.last().cloned() else {
        panic!("the initiative phase follows the set-up")
    };
    g.apply_legal(seat, &Action::First(first));
    assert!(matches!(g.stack.last(), Some(Frame::Movement { seat, .. }) if *seat == first));
    g
}

/// The same with every piece off the map (in the pool) and no markers
/// but the printed works.
pub fn cleared(first: Seat) -> Fiw {
    let mut g = started(first);
    for u in 0..g.units.len() as UnitId {
        g.units.place(u, Place::Pool);
    }
    for l in &mut g.leaders {
        if matches!(l.at, Place::Sq(_)) {
            l.at = Place::Pool;
        }
    }
    g.civs.retain(|c| c.printed);
    g
}

/// The income/expenditure phase of turn 1 on an emptied map with only
/// units of these faces put in these places (none lost on the way), the
/// treasuries and supply points full.
pub fn purchasing(units: &[(&str, &str)]) -> Fiw {
    let mut g = cleared(BRITISH);
    for (face, at) in units {
        put(&mut g, face, at);
    }
    g.stack.clear();
    g.collect_income();
    g.treasury = [200, 200];
    g.supply = [20, 20];
    g
}

/// On to Quebec with nothing set up: every counter in the pool, the
/// printed works and the scenario's markers on the map, no frame pending.
pub fn blank(seed: u64) -> Fiw {
    let mut g = Fiw::new(&Setup::new("on-to-quebec", seed));
    g.stack.clear();
    // The lines that set up by themselves (ruling fiw #90) go back.
    for u in 0..g.units.len() as UnitId {
        g.units.place(u, Place::Pool);
    }
    for l in &mut g.leaders {
        if matches!(l.at, Place::Sq(_)) {
            l.at = Place::Pool;
        }
    }
    g
}

/// The square of a square id ("1109") or of a named place ("albany").
pub fn sq(id: &str) -> Sq {
    Sq::parse(id)
        .or_else(|| tables().map.place(id).map(|p| p.sq))
        .unwrap_or_else(|| panic!("no square or place {id}"))
}

/// Where a piece is put: a square or place id, a square, or any place.
pub trait Where {
    /// The place meant.
    fn place(self) -> Place;
}

impl<T: AsRef<str> + ?Sized> Where for &T {
    fn place(self) -> Place {
        Place::Sq(sq(self.as_ref()))
    }
}

impl Where for Sq {
    fn place(self) -> Place {
        Place::Sq(self)
    }
}

impl Where for Place {
    fn place(self) -> Place {
        self
    }
}

/// A counter of the pool showing face `face` (an id of counters.tsv), put
/// in a square (or a base).
pub fn put(g: &mut Fiw, face: &str, at: impl Where) -> UnitId {
    let f = &tables().forces;
    let u = g
        .units_in(Place::Pool)
        .find(|&u| {
            let c = &f.counters[g.units[u as usize].counter as usize];
            f.faces_of(c).any(|x| x.id == face)
        })
        .unwrap_or_else(|| panic!("no {face} left in the pool"));
    let c = &f.counters[g.units[u as usize].counter as usize];
    g.units[u as usize].back = f.faces[c.front].id != face;
    g.units.place(u, at.place());
    u
}

/// A leader of the box put in a square.
pub fn put_leader(g: &mut Fiw, name: &str, at: impl Where) -> u8 {
    let l = g
        .pool_leader(name)
        .unwrap_or_else(|| panic!("{name} is not in the box"));
    g.leaders[l as usize].at = at.place();
    l
}

/// A built marker of `side` (neither printed nor used) put in a square.
pub fn put_marker(g: &mut Fiw, kind: Marker, at: Sq, side: Seat) -> &mut Civ {
    g.civs.push(Civ {
        kind,
        sq: at,
        side,
        printed: false,
        used: false,
    });
    g.civs.last_mut().expect("just pushed")
}

/// The first land square of `terrain` with nothing printed in it, well
/// inside the map, in a colony `colony` accepts, its eight neighbours alike
/// and joined to it over land.
pub fn open_square(terrain: Terrain, colony: impl Fn(Colony) -> bool) -> Sq {
    let m = &tables().map;
    let ok = |s: Sq| m.colony(s).is_some_and(&colony) && !m.square(s).terrain.is_water();
    Sq::all()
        .find(|&s| {
            m.square(s).terrain == terrain
                && (3..=19).contains(&s.col)
                && (3..=20).contains(&s.row)
                && ok(s)
                && m.places_in(s).next().is_none()
                && s.orthogonal().chain(s.diagonal()).count() == 8
                && s.orthogonal()
                    .chain(s.diagonal())
                    .all(|n| ok(n) && m.land_route(s, n).is_some())
        })
        .unwrap_or_else(|| panic!("an open {terrain:?} square"))
}

/// The legal actions of a seat.
pub fn legal(g: &Fiw, seat: Seat) -> Vec<Action> {
    let mut v = Vec::new();
    g.legal(seat, &mut v);
    v
}

/// Takes the action if it is legal (panics otherwise, listing them).
pub fn act(g: &mut Fiw, seat: Seat, a: Action) {
    let v = legal(g, seat);
    assert!(v.contains(&a), "{a:?} is not legal; legal: {v:?}");
    g.apply_legal(seat, &a);
}

/// The units as pieces of a force.
pub fn pieces(units: &[UnitId]) -> Vec<Piece> {
    units.iter().map(|&u| Piece::Unit(u)).collect()
}

/// Forms a force of these pieces in a square, not yet set out.
pub fn form(g: &mut Fiw, seat: Seat, at: impl Where, pieces: &[Piece]) {
    act(g, seat, Action::Form(at.place()));
    for &p in pieces {
        act(g, seat, Action::Add(p));
    }
}

/// Forms a force of these pieces in a square and sets it out.
pub fn set_out(g: &mut Fiw, seat: Seat, at: impl Where, pieces: &[Piece]) {
    form(g, seat, at, pieces);
    act(g, seat, Action::Go);
}

/// Whether some log entry everyone reads contains `text`.
pub fn logged(g: &Fiw, text: &str) -> bool {
    g.log().visible(None).any(|e| e.text.contains(text))
}

/// Ends the turn's operations phases without moving anyone: to the next
/// turn's first-player choice, or the end.
pub fn to_next_turn(g: &mut Fiw) {
    let turn = g.turn;
    idle_until(g, |g| {
        g.turn > turn && matches!(g.stack.last(), Some(Frame::ChooseFirst { .. }))
    });
}

/// Plays on without moving anyone (every movement sub-phase ended, no
/// purchases, first offered choice elsewhere, the British first) until
/// `stop` holds or the game ends.
pub fn idle_until(g: &mut Fiw, stop: impl Fn(&Fiw) -> bool) {
    while g.core.outcome.is_none() && !stop(g) {
        let seat = g.to_act().iter().next().expect("someone acts");
        let v = legal(g, seat);
        // Whatever ends a step without doing anything, else the first choice.
        let idle = [
            Action::EndMovement,
            Action::Commit,
            Action::Done,
            Action::EndCombat,
            Action::Decline,
            Action::First(BRITISH),
        ];
        let a = idle.into_iter().find(|a| v.contains(a)).unwrap_or(v[0]);
        act(g, seat, a);
    }
}

/// Drops the purchase `seat` just chose, as undo would in a session.
pub fn back_out(g: &mut Fiw, seat: Seat) {
    g.drafts
        .as_mut()
        .expect("the purchases are open")
        .draft_mut(seat)
        .pending = None;
}

/// What a player reads for an action.
pub fn label(g: &Fiw, seat: Seat, a: Action) -> String {
    engine::Describe::describe(g, seat, &a).label
}

pub fn leader(g: &Fiw, name: &str) -> u8 {
    (0..g.leaders.len() as u8)
        .find(|&l| g.leader(l).answers_to(name))
        .unwrap()
}

/// Turn 2's British negotiations (the British first), on an emptied map
/// with these leaders put in these places: the game and the leaders.
pub fn british_negotiations<const N: usize>(leaders: [(&str, &str); N]) -> (Fiw, [u8; N]) {
    let mut g = cleared(BRITISH);
    for (name, at) in leaders {
        put_leader(&mut g, name, at);
    }
    to_next_turn(&mut g);
    // Random events: A2 (the war, already on) and B6: no event.
    g.core.dice.script([4, 2, 6]);
    act(&mut g, BRITISH, Action::First(BRITISH));
    assert!(matches!(g.stack.last(), Some(Frame::Negotiations { seat, .. }) if *seat == BRITISH));
    let ids = leaders.map(|(name, _)| leader(&g, name));
    (g, ids)
}

/// The events of `queue`, rolled by `roller`, happen now (the first
/// player British, the initiative French): the game after them, waiting
/// for the first choice.
pub fn events_now(g: &mut Fiw, roller: Seat, queue: &[&str]) {
    g.first = fiw::forces::BRITISH;
    g.initiative = fiw::forces::FRENCH;
    g.stack.push(Frame::Events {
        roller,
        queue: queue.iter().map(|e| e.to_string()).collect(),
    });
    g.advance();
}

/// On to Quebec with nothing on the map, in the British 1st operations
/// phase.
pub fn in_operations() -> Fiw {
    let mut g = Fiw::new(&Setup::new("on-to-quebec", 7));
    g.stack.clear();
    for u in 0..g.units.len() as UnitId {
        g.units.place(u, Place::Pool);
    }
    for u in g.units.iter_mut() {
        u.back = false;
        u.inside = false;
        u.ops = 0;
        u.moved = false;
    }
    for l in &mut g.leaders {
        if matches!(l.at, Place::Sq(_) | Place::Base(_)) {
            l.at = Place::Pool;
        }
        l.inside = false;
    }
    g.civs.clear();
    g.turn = 1;
    g.phase = fiw::state::Phase::Operations {
        round: 1,
        seat: BRITISH,
    };
    g.sub = fiw::state::Sub::Movement;
    g
}

/// The ids of `seat`'s legal actions.
pub fn ids(g: &Fiw, seat: Seat) -> Vec<String> {
    legal(g, seat).iter().map(|a| g.describe(seat, a).id).collect()
}

/// Take `seat`'s legal action with this id.
pub fn act_id(g: &mut Fiw, seat: Seat, id: &str) {
    let a = legal(g, seat)
        .into_iter()
        .find(|a| g.describe(seat, a).id == id)
        .unwrap_or_else(|| panic!("{id} is not legal: {:?}", ids(g, seat)));
    g.apply_legal(seat, &a);
}

/// A land square of Virginia with no settlement and, across a side, a land
/// square of another colony (not Florida) joined to it by land: (Virginia,
/// outside).
pub fn virginia_border() -> (Sq, Sq) {
    let m = &tables().map;
    let water = |s: Sq| m.square(s).terrain.is_water();
    Sq::all()
        .filter(|&s| m.colony(s) == Some(Colony::Virginia) && !water(s) && m.settlement(s).is_none())
        .find_map(|v| {
            v.orthogonal()
                .find(|&n| {
                    !water(n)
                        && m.land_route(v, n).is_some()
                        && m.colony(n)
                            .is_some_and(|c| c != Colony::Virginia && c != Colony::Florida)
                })
                .map(|n| (v, n))
        })
        .expect("a border of Virginia")
}
