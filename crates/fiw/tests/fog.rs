//! 27.0 Fog o' War: what each seat may examine of the other's pieces.

mod common;

use common::*;
use engine::prelude::*;
use engine::{Describe, Views};
use engine::{Face, TableView, Viewer};
use fiw::actions::{Action, Piece};
use fiw::frames::Frame;
use fiw::map::Sq;
use fiw::scenario::What;
use fiw::state::{Phase, Place};
use fiw::tables::tables;
use fiw::Fiw;

fn board(g: &fiw::Fiw, viewer: Viewer) -> engine::Board {
    let v: TableView = serde_json::from_value(g.view(viewer)).unwrap();
    v.board
}

#[test]
fn enemy_blocks_stand_face_down_unless_a_friendly_piece_shares_the_square() {
    // rule: fiw 27.1, 27.3, 2.3
    let mut g = cleared(BRITISH);
    put(&mut g, "fr-bearn", "1208");
    put_leader(&mut g, "montcalm", "1208");
    let b = board(&g, Some(BRITISH));
    let at: Vec<_> = b.pieces.iter().filter(|p| p.space == "1208").collect();
    assert!(at
        .iter()
        .all(|p| p.face == Face::Back && p.id.is_none() && p.name.is_empty()));
    assert_eq!(
        at.iter().map(|p| p.count).sum::<u32>(),
        2,
        "the British see how many stand there"
    );
    // The colours tell a French regular block (2.3).
    assert!(at
        .iter()
        .any(|p| p.nation.as_deref() == Some("french") && p.kind.as_deref() == Some("regular")));
    // The French see their own.
    assert!(board(&g, Some(FRENCH))
        .pieces
        .iter()
        .any(|p| p.space == "1208" && p.face == Face::Up && p.name == "Bearn"));
    // A British unit in the square examines them (27.1 (1)).
    put(&mut g, "br-light", "1208");
    let b = board(&g, Some(BRITISH));
    assert!(b
        .pieces
        .iter()
        .filter(|p| p.space == "1208")
        .all(|p| p.face == Face::Up));
}

#[test]
fn an_enemy_force_in_a_friendly_city_or_town_is_seen() {
    // rule: fiw 27.1
    let mut g = cleared(BRITISH);
    put(&mut g, "br-line", "montreal");
    let b = board(&g, Some(FRENCH));
    assert!(b.pieces.iter().any(|p| p.space == "1107" && p.face == Face::Up));
    put(&mut g, "br-line", "1208");
    let b = board(&g, Some(FRENCH));
    assert!(b.pieces.iter().any(|p| p.space == "1208" && p.face == Face::Back));
}

#[test]
fn markers_are_always_seen() {
    // rule: fiw 27.2
    let g = started(BRITISH);
    let b = board(&g, Some(BRITISH));
    assert!(b
        .markers
        .iter()
        .any(|m| m.space == "1208" && m.kind == "magazine" && m.side.as_deref() == Some("french")));
}

#[test]
fn the_set_up_log_does_not_name_the_enemy_s_units() {
    // rule: fiw 27.1
    let g = started(BRITISH);
    let british: Vec<String> = g.log().visible(Some(BRITISH)).map(|e| e.text.clone()).collect();
    // 27.1 the French set-up is behind its screen: the British read that
    // it is done, not where each piece went.
    assert!(
        british.iter().any(|t| t.starts_with("The French have set up:")),
        "{british:?}"
    );
    assert!(!british.iter().any(|t| t.starts_with("A French")), "{british:?}");
    assert!(!british.iter().any(|t| t.contains("Bearn") || t.contains("Montcalm")));
    let french: Vec<String> = g.log().visible(Some(FRENCH)).map(|e| e.text.clone()).collect();
    assert!(french.iter().any(|t| t.contains("Montcalm sets up in Quebec")));
}

#[test]
fn the_bots_sample_only_which_block_is_which_the_mix_being_open() {
    // rule: fiw 27.1, 27.3, 10.72
    // ruling: fiw #63
    use engine::game::Views;
    use rand::SeedableRng;
    let mut g = cleared(BRITISH);
    let squares = ["1208", "1308", "1108"];
    for (face, at) in ["fr-bearn", "fr-guy", "fr-ang"].into_iter().zip(squares) {
        put(&mut g, face, at);
    }
    let designs = |g: &fiw::Fiw| {
        let mut v: Vec<u16> = g.units.iter().map(|u| u.counter).collect();
        v.sort_unstable();
        v
    };
    let at = |g: &fiw::Fiw, sq: &str| -> Vec<u16> {
        g.units_at(common::sq(sq))
            .map(|u| g.units[u as usize].counter)
            .collect()
    };
    let mut moved = false;
    for seed in 0..20 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let w = g.determinize(BRITISH, &mut rng);
        // The mix is the same: the pool, and so what stands on the map.
        assert_eq!(designs(&w), designs(&g));
        moved |= squares.iter().any(|sq| at(&w, sq) != at(&g, sq));
        // The French know their own.
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let own = g.determinize(FRENCH, &mut rng);
        assert!(squares.iter().all(|sq| at(&own, sq) == at(&g, sq)));
    }
    assert!(moved, "the British cannot tell which French regular is where");
    // The bots' sampler, which groups the blocks once for many worlds,
    // draws the worlds determinize draws, seed for seed.
    let sample = g.sampler(BRITISH);
    for seed in 0..20 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let w = g.determinize(BRITISH, &mut rng);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let s = sample(&g, &mut rng);
        assert_eq!(serde_json::to_value(&s).unwrap(), serde_json::to_value(&w).unwrap());
    }
}

/// What `seat` reads of the log.
fn read(g: &Fiw, seat: engine::Seat) -> Vec<String> {
    g.log().visible(Some(seat)).map(|e| e.text.clone()).collect()
}

/// The seat's legal actions as it gets them: ids and labels, in order.
fn offered(g: &Fiw, seat: engine::Seat) -> Vec<(String, String)> {
    legal(g, seat)
        .iter()
        .map(|a| {
            let info = g.describe(seat, a);
            (info.id, info.label)
        })
        .collect()
}

/// A board entry's space, side, kind, nation and count.
type Entry = (String, String, Option<String>, Option<String>, u32);

/// How many face-down blocks of each look the seat sees per space, sorted:
/// the board with its order taken out.
fn counts(g: &Fiw, seat: engine::Seat) -> Vec<Entry> {
    let v: engine::TableView = serde_json::from_value(g.view(Some(seat))).unwrap();
    let mut out: Vec<_> = v
        .board
        .pieces
        .iter()
        .map(|p| {
            (
                p.space.clone(),
                p.side.clone(),
                p.kind.clone(),
                p.nation.clone(),
                p.count,
            )
        })
        .collect();
    out.sort();
    out
}

/// The pieces of the seat's board as it lists them, in its order: space,
/// face, look and count.
fn listed(g: &Fiw, seat: engine::Seat) -> Vec<String> {
    let v: engine::TableView = serde_json::from_value(g.view(Some(seat))).unwrap();
    v.board
        .pieces
        .iter()
        .map(|p| {
            format!(
                "{} {:?} {} {:?} {:?} x{}",
                p.space, p.face, p.name, p.kind, p.nation, p.count
            )
        })
        .collect()
}

/// 27.1 "A player may examine enemy and neutral units only under the
/// following circumstances: 1) if he has a friendly unit in the same
/// square; 2) during combat; 3) if some random event allows it; and 4) when
/// an enemy force is in the same square as a friendly city or town."
///
/// Two French regular regiments stand face down in two squares (Ticonderoga and Fort
/// Frontenac, no British city or town); which
/// is where the British may not know. The British view lists the face-down
/// blocks in the order of the counters' ids (`view.rs` `board`: the `backs`
/// groups are made while looping over the units by id, and the unit id is
/// the counter's design, `setup.rs` `Unit::new(i)`), so swapping the two
/// regiments changes the British view.
#[test]
fn the_board_lists_face_down_blocks_in_the_order_of_their_counters() {
    // rule: fiw 27.1
    // ruling: fiw #35
    let build = |first: &str, second: &str| {
        let mut g = cleared(BRITISH);
        put(&mut g, first, "1208");
        put(&mut g, second, "1008");
        g
    };
    let a = build("fr-bearn", "fr-guy");
    let b = build("fr-guy", "fr-bearn");
    assert_eq!(
        counts(&a, BRITISH),
        counts(&b, BRITISH),
        "the same blocks stand in the same squares"
    );
    assert_eq!(
        listed(&a, BRITISH),
        listed(&b, BRITISH),
        "the British view tells which French regiment stands where"
    );
    assert_eq!(a.view(Some(BRITISH)), b.view(Some(BRITISH)));
}

/// 27.3 "Leaders may be placed face down. They may be examined if any of
/// the conditions of 27.1 pertain."
///
/// The same for face-down leaders: Montcalm and de Levis in two squares,
/// then swapped. The British view orders the two "French leader" blocks by
/// the leaders' ids, so it names who is where.
#[test]
fn the_board_lists_face_down_leaders_in_the_order_of_their_counters() {
    // rule: fiw 27.3
    // rule: fiw 27.1
    let build = |first: &str, second: &str| {
        let mut g = cleared(BRITISH);
        put_leader(&mut g, first, "1208");
        put_leader(&mut g, second, "1008");
        g
    };
    let a = build("montcalm", "de-levis");
    let b = build("de-levis", "montcalm");
    assert_eq!(counts(&a, BRITISH), counts(&b, BRITISH));
    assert_eq!(
        listed(&a, BRITISH),
        listed(&b, BRITISH),
        "the British view tells which French leader stands where"
    );
    assert_eq!(a.view(Some(BRITISH)), b.view(Some(BRITISH)));
}

/// 27.1 (see above) and 8.1: Indians Change Sides lets the roller pick an
/// enemy Indian unit; one he may not examine is offered by its square
/// ("pick-1107-unit", ruling: the choice names it as the board shows it).
///
/// The choices come in the order of the units' ids (`events.rs`
/// `apply_event` over `0..units.len()`, `as_seen` keeping that order), so
/// with a face-down Indian in Montreal and another in square 1008, the
/// order of the British choices says which tribe stands where.
#[test]
fn an_event_s_choices_come_in_the_order_of_the_hidden_counters() {
    // rule: fiw 27.1
    // rule: fiw 8.1
    // rule: fiw 25.1
    let build = |first: &str, second: &str| {
        let mut g = cleared(BRITISH);
        put(&mut g, first, "1107");
        put(&mut g, second, "1008");
        events_now(&mut g, BRITISH, &["indians-change-sides"]);
        assert!(matches!(g.stack.last(), Some(Frame::EventChoice { seat, .. }) if *seat == BRITISH));
        g
    };
    let a = build("abenaki-fr", "ottawa-fr");
    let b = build("ottawa-fr", "abenaki-fr");
    assert_eq!(counts(&a, BRITISH), counts(&b, BRITISH));
    let (x, y) = (offered(&a, BRITISH), offered(&b, BRITISH));
    let mut sorted = (x.clone(), y.clone());
    sorted.0.sort();
    sorted.1.sort();
    assert_eq!(sorted.0, sorted.1, "the same choices");
    assert_eq!(x, y, "their order tells which Indian stands where");
}

/// 27.1 (see above). 18.32 "Each square on the map has a forage value ...
/// the number of regimental equivalents that may be supplied through
/// foraging." 18.33 "One SP expended in a square can supply all friendly
/// units in the square in excess of the forage value." 19.0 / ruling fiw
/// #23: a detachment is a third of a regiment.
///
/// Two British stacks of two face-down regular blocks each, in two squares
/// of forage 1: in one position the regiments stand in X and the
/// detachments in Y, in the other the reverse. The British spend one
/// supply point either way (the total is open, ruling fiw #35), but the
/// public log names the square that forages and the square the point is
/// spent on, so the French learn which stack is made of regiments (the
/// size of face-down units).
#[test]
fn the_provisioning_log_tells_the_size_of_face_down_stacks() {
    // rule: fiw 27.1
    // rule: fiw 18.3
    // rule: fiw 18.32
    // rule: fiw 18.33
    let m = &tables().map;
    let probe = blank(1);
    let open: Vec<Sq> = Sq::all()
        .filter(|&s| {
            probe.forage_value(s) == 1
                && (3..=19).contains(&s.col)
                && (3..=20).contains(&s.row)
                && m.places_in(s).next().is_none()
                && !probe.terrain(s).is_water()
                && m.colony(s).is_some_and(|c| probe.owner(c) == Some(BRITISH))
        })
        .take(2)
        .collect();
    assert_eq!(open.len(), 2, "two open squares of forage 1");
    let (x, y) = (open[0], open[1]);
    let build = |regiments: Sq, detachments: Sq| {
        let mut g = blank(1);
        g.civs.retain(|c| c.kind != fiw::civilization::Marker::Magazine);
        for _ in 0..2 {
            put(&mut g, "br-line", regiments);
            put(&mut g, "br-line-det", detachments);
        }
        g.first = BRITISH;
        g.supply[BRITISH as usize] = 5;
        g.phase = Phase::Provisioning(BRITISH);
        g.provisioning(BRITISH);
        let Some(&Frame::Provision { sq, .. }) = g.stack.last() else {
            panic!("the regiments' square asks for a supply point: {:?}", g.stack.last())
        };
        assert_eq!(sq, regiments);
        act(&mut g, BRITISH, Action::Provision(sq));
        g
    };
    let (a, b) = (build(x, y), build(y, x));
    assert_eq!(counts(&a, FRENCH), counts(&b, FRENCH), "two British blocks in each");
    assert_eq!(a.supply, b.supply, "one supply point spent either way");
    assert_eq!(
        read(&a, FRENCH),
        read(&b, FRENCH),
        "the French log tells which stack exceeds its forage"
    );
}

/// 27.1, 27.3 (see above). `Views::determinize`: "A full state consistent
/// with all `observer` has seen, with every hidden thing resampled" (the
/// worlds the AI searches). The set-up log names each French piece to the
/// French alone ("Montcalm sets up in Quebec"); a world sampled for the
/// British must not carry those lines. Fiw's `determinize` clones the
/// log whole (the other titles' call `log.keep_visible(Some(observer))`),
/// so the British sample holds the French player's private log: where
/// Montcalm, and every French unit, stands.
#[test]
fn a_world_sampled_for_a_seat_keeps_the_enemy_s_private_log() {
    // rule: fiw 27.1
    // rule: fiw 27.3
    use rand::SeedableRng;
    let g = started(BRITISH);
    assert!(read(&g, FRENCH)
        .iter()
        .any(|t| t.contains("Montcalm sets up in Quebec")));
    assert!(!read(&g, BRITISH).iter().any(|t| t.contains("Montcalm")));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let w = g.determinize(BRITISH, &mut rng);
    let leaked: Vec<String> = w
        .log()
        .visible(Some(FRENCH))
        .map(|e| e.text.clone())
        .filter(|t| t.contains("Montcalm"))
        .collect();
    assert!(
        leaked.is_empty(),
        "the British sample carries the French private log: {leaked:?}"
    );
    assert_eq!(
        w.log().len(),
        g.log().visible(Some(BRITISH)).count(),
        "the sampled world's log is the British log, no more"
    );
}

/// 27.3 "Leaders may be placed face down." 27.1 (see above). 35.3 3.3 "Any
/// French occupied squares: leaders Bougainville, de Villieres."
///
/// The set-up is played line by line in the scenario's printed order; had
/// the British read each French placement as it happened ("A French
/// leader sets up in ..."), the order of the lines would say which leader
/// went where: Bougainville's line comes first (rules fiw-15 did). Placing Bougainville in X
/// and de Villiers in Y, or the other way round, leaves the same blocks on
/// the British board but not the same British log. (The same holds for
/// the lines of units that differ only in size or type: "two heavy
/// infantry regiments; three heavy infantry detachments; six light
/// infantry detachments" in any New France post.)
#[test]
fn the_set_up_log_s_order_tells_which_face_down_leader_went_where() {
    // rule: fiw 27.3
    // rule: fiw 27.1
    // rule: fiw 35.3
    let spec = fiw::scenario::spec(fiw::scenario::Scenario::OnToQuebec);
    let line_of = |name: &str| {
        spec.lines
            .iter()
            .position(|l| matches!(l.what, What::Leader(n) if n == name))
            .expect("a set-up line") as u8
    };
    let (bougainville, villiers) = (line_of("bougainville"), line_of("de-villiers"));
    assert_eq!(villiers, bougainville + 1, "one line after the other");
    let deploy_first = |g: &mut Fiw| {
        let seat = match g.stack.last() {
            Some(&Frame::Deploy { seat, .. }) => seat,
            other => panic!("a set-up step: {other:?}"),
        };
        let v = legal(g, seat);
        g.apply_legal(seat, &v[0]);
    };
    let at_line = |g: &Fiw| match g.stack.last() {
        Some(&Frame::Deploy { line, seat, .. }) => Some((line, seat)),
        _ => None,
    };
    let squares = |g: &Fiw| -> Vec<Sq> {
        legal(g, FRENCH)
            .into_iter()
            .filter_map(|a| match a {
                Action::Deploy { sq, light: false } => Some(sq),
                _ => None,
            })
            .collect()
    };
    let mut g = Fiw::new(&engine::Setup::new("on-to-quebec", 7));
    while at_line(&g).is_some_and(|(l, _)| l != bougainville) {
        deploy_first(&mut g);
    }
    let opts = squares(&g);
    assert!(opts.len() >= 2, "{opts:?}");
    let (x, y) = (opts[0], opts[1]);
    let play = |order: [Sq; 2]| {
        let mut g = g.clone();
        for sq in order {
            act(&mut g, FRENCH, Action::Deploy { sq, light: false });
        }
        // The rest of the French set-up, each choice the first offered.
        while at_line(&g).is_some_and(|(_, s)| s == FRENCH) {
            deploy_first(&mut g);
        }
        g
    };
    let (a, b) = (play([x, y]), play([y, x]));
    assert_eq!(
        counts(&a, BRITISH),
        counts(&b, BRITISH),
        "the same blocks in the same squares"
    );
    let leaders = |g: &Fiw| -> Vec<String> { read(g, BRITISH).into_iter().filter(|t| t.contains("leader")).collect() };
    assert_eq!(
        leaders(&a),
        leaders(&b),
        "the British log tells where Bougainville and de Villiers set up"
    );
    assert_eq!(read(&a, BRITISH), read(&b, BRITISH));
}

/// The naval force on top of the stack.
fn naval(g: &Fiw) -> &fiw::naval::NavalForce {
    match g.stack.last() {
        Some(Frame::Naval(f)) => f,
        other => panic!("no naval force on top: {other:?}"),
    }
}

/// 27.1 (see above). 20.22 "Naval units block enemy movement. Enemy land
/// units on a port or coastal square block movement into the square by
/// riverine units but not fleets." 2.3: a French regular block looks the
/// same whether it is a regiment or a fleet.
///
/// A British flotilla below Quebec: with a face-down French regiment in
/// Quebec it may not sail in, with a face-down French fleet it may. The
/// British board is the same; their list of moves is not, and tells a
/// land unit from a fleet without examining the block (rules fiw-15). The
/// step is offered either way; tried against the regiment, the flotilla is
/// turned back and stays where it was, the shore closed to it.
#[test]
fn a_flotilla_s_moves_tell_a_face_down_regiment_from_a_fleet() {
    // rule: fiw 27.1
    // rule: fiw 20.22
    // ruling: fiw #22
    let build = |french: &str| {
        let mut g = cleared(BRITISH);
        let flotilla = put(&mut g, "br-riverine", "1106");
        put(&mut g, french, "1206");
        act(&mut g, BRITISH, Action::FormNaval(Place::Sq(sq("1106"))));
        act(&mut g, BRITISH, Action::Add(Piece::Unit(flotilla)));
        act(&mut g, BRITISH, Action::SetSail);
        g
    };
    let (a, b) = (build("fr-bearn"), build("fr-fleet"));
    assert_eq!(
        counts(&a, BRITISH),
        counts(&b, BRITISH),
        "one French regular block in Quebec either way"
    );
    assert_eq!(
        offered(&a, BRITISH),
        offered(&b, BRITISH),
        "the British moves tell what the block in Quebec is"
    );
    let mut g = a;
    let flotilla = naval(&g).navy[0];
    act(&mut g, BRITISH, Action::Sail(Place::Sq(sq("1206"))));
    assert_eq!(g.units[flotilla as usize].at(), Place::Sq(sq("1106")), "turned back");
    assert!(
        !offered(&g, BRITISH).iter().any(|(id, _)| id == "sail-1206"),
        "{:?}",
        offered(&g, BRITISH)
    );
    assert!(read(&g, FRENCH).iter().any(|t| t.contains("turned back from Quebec")));
}

/// Ruling fiw #63, 2.3, 20.1: a French regular block looks the same whether
/// it is a regiment or a fleet, so the worlds the British bots sample trade
/// the two where each could stand in the other's place (two ports), and
/// never put a regiment at sea.
#[test]
fn the_bots_cannot_tell_a_face_down_fleet_from_a_regiment_in_port() {
    // rule: fiw 27.1, 2.3
    // ruling: fiw #63
    use engine::game::Views;
    use rand::SeedableRng;
    let map = &tables().map;
    let ports: Vec<Sq> = map
        .squares
        .iter()
        .filter(|s| s.port && s.colony.is_some() && s.terrain != fiw::map::Terrain::Sea && s.fleet_navigable())
        .map(|s| s.sq)
        .collect();
    let sea = map
        .squares
        .iter()
        .find(|s| s.terrain == fiw::map::Terrain::Sea && s.fleet_navigable())
        .expect("a sea square")
        .sq;
    let mut g = cleared(BRITISH);
    // Two ports alike where the British examine nothing (27.1).
    let room = |sq: Sq| (map.flotilla_navigable(sq), map.square(sq).terrain.is_water());
    let unseen: Vec<Sq> = ports.into_iter().filter(|&sq| !g.examines(BRITISH, sq)).collect();
    let a = unseen[0];
    let b = *unseen[1..]
        .iter()
        .find(|&&b| room(b) == room(a))
        .expect("two ports alike");
    put(&mut g, "fr-bearn", &a.to_string());
    put(&mut g, "fr-fleet", &b.to_string());
    let afloat = put(&mut g, "fr-fleet", &sea.to_string());
    let naval_at = |w: &Fiw, sq: Sq| w.units_at(sq).any(|u| w.is_naval(u));
    assert!(!naval_at(&g, a) && naval_at(&g, b));
    assert!(!g.examines(BRITISH, a) && !g.examines(BRITISH, b));
    let mut traded = false;
    for seed in 0..40 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let w = g.determinize(BRITISH, &mut rng);
        traded |= naval_at(&w, a);
        assert!(w.is_naval(afloat), "a block at sea is naval in every world");
        w.invariants().unwrap();
    }
    assert!(
        traded,
        "the British bots knew which face-down French block in port is the fleet"
    );
}

#[test]
fn an_indian_piece_says_whose_it_is() {
    // rule: fiw 25.1, 27.1
    // A British and a French Ottawa in one square: face up to both seats
    // (each has a unit there), each named with its side; a lone French
    // Ojibwa elsewhere stays a nameless block to the British.
    let mut g = cleared(BRITISH);
    put(&mut g, "ottawa-br", "1208");
    put(&mut g, "ottawa-fr", "1208");
    put(&mut g, "ojibwa-fr", "0808");
    for seat in [BRITISH, FRENCH] {
        let b = board(&g, Some(seat));
        let mut names: Vec<&str> = b
            .pieces
            .iter()
            .filter(|p| p.space == "1208")
            .map(|p| p.name.as_str())
            .collect();
        names.sort();
        assert_eq!(names, ["Ottawa (British)", "Ottawa (French)"]);
    }
    let b = board(&g, Some(BRITISH));
    assert!(b
        .pieces
        .iter()
        .filter(|p| p.space == "0808")
        .all(|p| p.face == Face::Back && p.name.is_empty()));
}
