//! 8.0 Random Events: the roll for columns, the roll on each, 8.2's
//! repeats, and the events' effects.

mod common;

use common::*;
use engine::prelude::*;
use fiw::actions::Action;
use fiw::balance::Index;
use fiw::events::Choice;
use fiw::frames::Frame;
use fiw::state::{Fiw, Place};

/// Turn 2, just before the events: the first-player choice is pending.
fn turn_two(setup: impl Fn(&mut Fiw)) -> Fiw {
    let mut g = cleared(BRITISH);
    setup(&mut g);
    to_next_turn(&mut g);
    assert!(matches!(g.stack.last(), Some(Frame::ChooseFirst { .. })));
    g
}

fn choose_first(g: &mut Fiw) {
    let Some(Frame::ChooseFirst { seat }) = g.stack.last().cloned() else {
        panic!()
    };
    act(g, seat, Action::First(BRITISH));
}

#[test]
fn the_rulebook_example_moderately_pro_french_six_becomes_five_b_and_d() {
    // rule: fiw 8.1, 4.2
    let mut g = turn_two(|g| {
        put_leader(g, "montcalm", "quebec");
        put(g, "fr-bearn", "quebec");
    });
    g.balance = Index::new(-8).unwrap();
    // The columns roll, B, D; then the income rolls.
    g.core.dice.script([6, 4, 2, 3, 3]);
    choose_first(&mut g);
    assert!(logged(&g, "6-1 = 5, columns B and D"), "{:?}", g.stack.last());
    assert!(logged(&g, "Column B, roll 4: Hurricane"));
    assert!(logged(&g, "Column D, roll 2: French Leader Relieved"));
    assert!(logged(&g, "Hurricane: no fleet at sea"));
    // The British pick a named French leader on the map: Montcalm.
    let Some(Frame::EventChoice { seat, options, .. }) = g.stack.last().cloned() else {
        panic!("a choice: {:?}", g.stack.last())
    };
    assert_eq!(seat, BRITISH);
    let Choice::Leader(l) = options[0] else { panic!() };
    assert!(g.leader(l).answers_to("montcalm"));
    act(&mut g, BRITISH, Action::Pick(options[0]));
    assert_eq!(g.leaders[l as usize].at, Place::Gone);
}

#[test]
fn an_event_rolled_twice_in_a_turn_is_no_event_the_second_time() {
    // rule: fiw 8.2
    let mut g = turn_two(|_| {});
    // +3 is mild: no modifier. 4 gives A and B; A5 Parliament Votes
    // Supplies, B3 Good Harvest.
    g.core.dice.script([4, 5, 3, 3, 3]);
    let (t, s) = (g.treasury, g.supply);
    choose_first(&mut g);
    assert!(g.treasury[BRITISH as usize] >= t[BRITISH as usize] + 5);
    assert_eq!(g.supply, [s[0] + 2, s[1] + 2]);
    // The harvest again this turn: no event.
    let s = g.supply;
    let top = g.stack.pop();
    g.stack.push(Frame::Events {
        roller: FRENCH,
        queue: vec!["good-harvest".into()],
    });
    g.advance();
    assert_eq!(g.supply, s);
    assert!(logged(&g, "Good Harvest: it happened already this turn; no event."));
    if let Some(f) = top {
        g.stack.push(f);
    }
}

#[test]
fn once_only_events_and_their_conditions() {
    // rule: fiw 8.2, 8.3, 5.3, 28.1
    let mut g = turn_two(|_| {});
    // A2: the Seven Years War, already in effect in 35.3 (7.2): no event.
    // The second column roll would be A again only with a 2-3: use 3 (A alone).
    g.core.dice.script([3, 2, 3, 3]);
    choose_first(&mut g);
    assert!(logged(
        &g,
        "Seven Years War Breaks Out: it is in effect already; no event."
    ));
    // A1 Spain enters: it requires the war, which is on: Florida is at war.
    let mut g = turn_two(|_| {});
    g.core.dice.script([3, 1, 3, 3]);
    choose_first(&mut g);
    assert!(g.spain);
    assert_eq!(g.status(fiw::map::Colony::Florida), fiw::state::Status::Active);
}

#[test]
fn the_even_turn_is_rolled_by_the_french() {
    // rule: fiw 8.1
    let mut g = turn_two(|_| {});
    g.core.dice.script([6, 6, 3, 3]);
    choose_first(&mut g);
    assert!(logged(&g, "The French roll for random events"));
}

#[test]
fn regiments_from_britain_arrive_at_no_cost() {
    // rule: fiw 10.5
    let mut g = turn_two(|_| {});
    let britain = Place::Base(fiw::state::Base::Britain);
    let (before, treasury) = (g.units_in(britain).count(), g.treasury);
    // The French roll (turn 2): 6 gives column D alone; D3 Regiments from
    // Britain.
    g.core.dice.script([6, 3]);
    choose_first(&mut g);
    assert!(logged(&g, "Column D, roll 3: Regiments from Britain."));
    let arrived: Vec<_> = g.units_in(britain).collect();
    assert_eq!(arrived.len(), before + 1);
    assert_eq!(g.face(arrived[0]).id, "br-line");
    assert_eq!(g.treasury, treasury, "nothing paid for it");
}

/// The event choice on top: its seat and options.
fn choice(g: &Fiw) -> (engine::Seat, Vec<Choice>) {
    match g.stack.last() {
        Some(Frame::EventChoice { seat, options, .. }) => (*seat, options.clone()),
        other => panic!("an event choice: {other:?}"),
    }
}

/// What `seat` reads of the log.
fn read(g: &Fiw, seat: engine::Seat) -> Vec<String> {
    g.log().visible(Some(seat)).map(|e| e.text.clone()).collect()
}

#[test]
fn smallpox_and_desertion_ask_the_initiative_player_first() {
    // rule: fiw 7.3
    let mut g = cleared(BRITISH);
    let br = put(&mut g, "abenaki-br", "1109");
    let fr = put(&mut g, "abenaki-fr", "1107");
    events_now(&mut g, BRITISH, &["smallpox"]);
    // The British are first player, the French have the initiative.
    let (seat, options) = choice(&g);
    assert_eq!(seat, FRENCH, "the initiative player chooses first");
    assert_eq!(options, [Choice::Unit(fr)]);
    act(&mut g, FRENCH, Action::Pick(Choice::Unit(fr)));
    assert_eq!(choice(&g), (BRITISH, vec![Choice::Unit(br)]));
}

#[test]
fn the_enemy_reads_only_what_it_sees_of_a_unit_lost_to_smallpox_or_desertion() {
    // rule: fiw 27.1, 8.1
    let mut g = cleared(BRITISH);
    let fr = put(&mut g, "abenaki-fr", "1107");
    let name = g.unit_name(fr);
    events_now(&mut g, FRENCH, &["smallpox"]);
    act(&mut g, FRENCH, Action::Pick(Choice::Unit(fr)));
    assert_eq!(g.units[fr as usize].at(), Place::Pool);
    let british = read(&g, BRITISH);
    assert!(british.iter().all(|t| !t.contains(&name)), "{british:?}");
    assert!(
        british
            .iter()
            .any(|t| t.contains("the French lose a French Indian unit in Montreal")),
        "{british:?}"
    );
    assert!(
        read(&g, FRENCH).iter().any(|t| t.contains(&name)),
        "the French know their own"
    );

    let mut g = cleared(BRITISH);
    let fr = put(&mut g, "nf-militia", "1107");
    let name = g.unit_name(fr);
    events_now(&mut g, FRENCH, &["desertion"]);
    act(&mut g, FRENCH, Action::Pick(Choice::Unit(fr)));
    let british = read(&g, BRITISH);
    assert!(british.iter().all(|t| !t.contains(&name)), "{british:?}");
    assert!(
        british
            .iter()
            .any(|t| t.contains("a French militia unit in Montreal / St. Jeans goes home")),
        "{british:?}"
    );
}

#[test]
fn indians_change_sides_names_only_the_indians_the_roller_may_examine() {
    // rule: fiw 27.1, 25.1
    let mut g = cleared(BRITISH);
    let alone = put(&mut g, "abenaki-fr", "1107");
    let watched = put(&mut g, "ottawa-fr", "1008");
    put(&mut g, "br-line", "1008");
    let (hidden, seen) = (g.unit_name(alone), g.unit_name(watched));
    events_now(&mut g, BRITISH, &["indians-change-sides"]);
    let (seat, options) = choice(&g);
    assert_eq!(seat, BRITISH);
    assert_eq!(options.len(), 2, "{options:?}");
    let l = label(&g, BRITISH, Action::Pick(Choice::Unit(alone)));
    assert!(!l.contains(&hidden), "{l}");
    assert!(l.contains("a French Indian unit in Montreal"), "{l}");
    let target = engine::Describe::describe(&g, BRITISH, &Action::Pick(Choice::Unit(alone))).target;
    assert_eq!(target.as_deref(), Some("1107"), "the square, not the hidden piece");
    // 27.1 (1) a British unit shares the other's square.
    let l = label(&g, BRITISH, Action::Pick(Choice::Unit(watched)));
    assert!(l.contains(&seen), "{l}");
}

#[test]
fn a_leader_event_names_only_the_leaders_the_picker_may_examine() {
    // rule: fiw 27.3, 27.1, 17.4
    let mut g = cleared(BRITISH);
    let hidden = put_leader(&mut g, "montcalm", "1206");
    let seen = put_leader(&mut g, "de-levis", "1008");
    put(&mut g, "br-line", "1008");
    events_now(&mut g, FRENCH, &["french-leader-relieved"]);
    let (seat, options) = choice(&g);
    assert_eq!(seat, BRITISH);
    assert!(options.contains(&Choice::Leader(hidden)), "{options:?}");
    let l = label(&g, BRITISH, Action::Pick(Choice::Leader(hidden)));
    assert!(!l.contains("Montcalm"), "{l}");
    assert!(l.contains("a French leader in Quebec"), "{l}");
    let l = label(&g, BRITISH, Action::Pick(Choice::Leader(seen)));
    assert!(l.contains(&g.leader(seen).name), "{l}");
}

#[test]
fn unseen_look_alikes_are_one_choice_and_the_pick_is_drawn_among_them() {
    // rule: fiw 27.1, 25.1
    let mut g = cleared(BRITISH);
    let first = put(&mut g, "abenaki-fr", "1107");
    let second = put(&mut g, "ottawa-fr", "1107");
    events_now(&mut g, BRITISH, &["indians-change-sides"]);
    let (_, options) = choice(&g);
    assert_eq!(
        options.len(),
        1,
        "two face-down Indian blocks in Montreal look alike: {options:?}"
    );
    let ids: Vec<String> = legal(&g, BRITISH)
        .iter()
        .map(|a| engine::Describe::describe(&g, BRITISH, a).id)
        .collect();
    assert!(ids.contains(&"pick-1107-unit".to_string()), "{ids:?}");
    assert!(
        ids.iter()
            .all(|id| !id.contains(&format!("u{first}")) && !id.contains(&format!("u{second}"))),
        "{ids:?}"
    );
    // The referee names the drawn block; it goes over, the other stays.
    g.core.dice.script_draws([g.face(second).id.clone()]);
    act(&mut g, BRITISH, Action::Pick(options[0]));
    assert_eq!((g.side(first), g.side(second)), (FRENCH, BRITISH));
}

#[test]
fn a_face_down_leader_may_be_picked_and_a_brigadier_drawn_is_no_effect() {
    // rule: fiw 17.4, 27.3, 8.1
    // ruling: fiw #51
    let mut g = cleared(BRITISH);
    let brigadier = put_leader(&mut g, "french-brigadier", "1206");
    events_now(&mut g, FRENCH, &["french-leader-relieved"]);
    let (seat, options) = choice(&g);
    assert_eq!(
        (seat, options.clone()),
        (BRITISH, vec![Choice::Leader(brigadier)]),
        "face down: he may be named"
    );
    act(&mut g, BRITISH, Action::Pick(options[0]));
    assert_eq!(
        g.leaders[brigadier as usize].at,
        fiw::state::Place::Sq(sq("1206")),
        "no effect"
    );
    assert!(logged(&g, "no named leader: no effect"));
}

#[test]
fn pieces_arriving_face_down_in_a_home_base_are_named_to_their_side_alone() {
    // rule: fiw 27.1, 27.3, 10.5, 17.5
    let mut g = cleared(BRITISH);
    let britain = Place::Base(fiw::state::Base::Britain);
    // The queue is taken from its end: the regiment first.
    events_now(&mut g, BRITISH, &["new-commander", "british-regulars"]);
    let (seat, options) = choice(&g);
    assert_eq!(seat, BRITISH);
    let Choice::Leader(l) = options[0] else {
        panic!("{options:?}")
    };
    act(&mut g, BRITISH, Action::Pick(options[0]));
    assert_eq!(g.leaders[l as usize].at, britain);
    let regiment = g
        .units_in(britain)
        .find(|&u| g.face(u).id == "br-line")
        .expect("arrived");
    let (unit, who) = (g.unit_name(regiment), g.leader(l).name.clone());
    let french = read(&g, FRENCH);
    assert!(
        french.iter().all(|t| !t.contains(&unit) && !t.contains(&who)),
        "{french:?}"
    );
    for seen in ["a British regular unit arrives", "a British leader arrives"] {
        assert!(french.iter().any(|t| t.contains(seen)), "{seen}: {french:?}");
    }
    let british = read(&g, BRITISH);
    for own in [&unit, &who] {
        assert!(british.iter().any(|t| t.contains(own.as_str())), "{own}: {british:?}");
    }
}

/// 8.1's example names the event "French Leader Relieved" (column D, 2):
/// France relieves one of her commanders. Pontiac is an Indian leader
/// (2.31, 25.3, 17.7: Indian leaders lead only Indians), not a French one;
/// he serves whichever side his Indians are with (rulings.md, made for the
/// tables), so the event cannot reach him.
#[test]
fn french_leader_relieved_does_not_reach_pontiac() {
    // rule: fiw 8.1
    // rule: fiw 17.4, 25.3
    // ruling: fiw #67
    let mut g = cleared(BRITISH);
    let at = sq("canajoharie");
    put(&mut g, "ottawa-fr", at);
    let p = put_leader(&mut g, "pontiac", at);
    g.leaders[p as usize].side = FRENCH;
    g.stack.push(Frame::Events {
        roller: BRITISH,
        queue: vec!["french-leader-relieved".into()],
    });
    g.advance();
    if let Some(Frame::EventChoice { options, .. }) = g.stack.last() {
        assert!(
            !options.contains(&Choice::Leader(p)),
            "Pontiac offered to the British as a French leader: {options:?}"
        );
    }
    assert!(matches!(g.leaders[p as usize].at, Place::Sq(_)));
}

#[test]
fn the_french_roll_on_the_scenario_s_second_turn_and_the_british_on_its_third() {
    // rule: fiw 8.1, 35.3
    // ruling: fiw #31 the turns are the scenario's own, counted from its
    // first turn, which rolls no events (35.3 7.1): turn 2's roll is French,
    // turn 3's British, whoever is first player.
    let mut g = turn_two(|_| {});
    assert_eq!(g.turn, 2);
    assert!(logged(&g, "No random events on the first turn"));
    // 4 gives columns A and B; A2 (the war, already on) and B6 are no event.
    g.core.dice.script([4, 2, 6]);
    choose_first(&mut g);
    assert!(logged(&g, "The French roll for random events"));
    assert!(!logged(&g, "The British roll for random events"));
    // Turn 3, in the extended game (35.4 2.0; On to Quebec alone ends with
    // turn 2): the British, with the French first player.
    let mut setup = engine::Setup::new("on-to-quebec", 7);
    setup.options.insert("extended".into(), "on".into());
    let mut g = Fiw::new(&setup);
    while let Some(Frame::Deploy { seat, .. }) = g.stack.last().cloned() {
        let v = legal(&g, seat);
        act(&mut g, seat, v[0]);
    }
    idle_until(&mut g, |g| {
        g.turn == 3 && matches!(g.stack.last(), Some(Frame::ChooseFirst { .. }))
    });
    assert!(!logged(&g, "The British roll for random events"));
    let Some(Frame::ChooseFirst { seat }) = g.stack.last().cloned() else {
        panic!("turn 3's first-player choice: {:?}", g.stack.last())
    };
    g.core.dice.script([4, 2, 6]);
    act(&mut g, seat, Action::First(FRENCH));
    assert!(logged(&g, "The British roll for random events"));
}

/// C4 Spies: the roller examines every enemy piece on the map (27.1 (3)),
/// told square by square with alike counters counted, and only to him.
#[test]
fn the_spies_report_the_enemy_square_by_square() {
    // rule: fiw 27.1, 8.1
    let mut g = turn_two(|_| {});
    let marine = put(&mut g, "fr-mar", "quebec");
    put(&mut g, "fr-mar", "quebec");
    put_leader(&mut g, "montcalm", "quebec");
    g.stack.push(Frame::Events {
        roller: BRITISH,
        queue: vec!["spies".into()],
    });
    g.advance();
    let told: Vec<String> = g
        .log()
        .visible(Some(BRITISH))
        .filter(|e| e.text.starts_with("The spies report"))
        .map(|e| e.text.clone())
        .collect();
    let [report] = &told[..] else {
        panic!("one report: {told:?}")
    };
    let report = report.trim_start_matches("The spies report: ").trim_end_matches('.');
    let quebec = report
        .split("; ")
        .find(|part| part.starts_with("Quebec"))
        .unwrap_or_else(|| panic!("{report}"));
    assert!(quebec.contains("Montcalm"), "{quebec}");
    assert!(quebec.contains(&format!("2 × {}", g.unit_name(marine))), "{quebec}");
    let squares: Vec<&str> = report.split("; ").map(|p| p.split(':').next().unwrap()).collect();
    let mut sorted = squares.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(squares, sorted, "each square once, in order");
    assert!(
        g.log()
            .visible(Some(FRENCH))
            .all(|e| !e.text.starts_with("The spies report")),
        "the report is the roller's"
    );
}

/// 8.1 Indians Change Sides with 25.1 and 23.22: an Indian unit that goes
/// over stands with its new side, outside any fortress (only "the units
/// that originally occupied the fortress square are considered to be
/// inside"). The French are left with no combat unit where it stood, so,
/// as for any side whose last combat unit leaves a square with enemy land
/// combat units (ruling fiw #97, 22.4), their markers go to the enemy
/// there (ruling fiw #99): the Ottawas alone at Fort Niagara take its fort over; the last
/// of a besieged garrison, its fortress, and the siege is over (23.26).
/// One of two leaves the siege going, and is not shut in the enemy's
/// fortress.
#[test]
fn indians_who_change_sides_leave_the_fortress_and_take_over_what_they_held() {
    // rule: fiw 25.1, 22.4, 23.22, 23.26
    // ruling: fiw #97, #99
    use fiw::actions::Piece;
    use fiw::civilization::Marker;
    let flip = |g: &mut Fiw, u: fiw::state::UnitId| {
        // Each a turn's event (8.2: twice in a turn is No Event).
        g.this_turn.clear();
        events_now(g, BRITISH, &["indians-change-sides"]);
        act(g, BRITISH, Action::Pick(Choice::Unit(u)));
        assert_eq!(g.side(u), BRITISH);
    };
    let fortress = |g: &Fiw| g.civ(sq("quebec"), Marker::Fortress).map(|c| c.side);

    // Alone in a French fort.
    let mut g = cleared(BRITISH);
    let ottawa = put(&mut g, "ottawa-fr", "fort-niagara");
    flip(&mut g, ottawa);
    assert_eq!(g.works(sq("fort-niagara")).map(|w| w.1), Some(BRITISH));

    // Two Indians besieged in Quebec: one goes over, the other holds on.
    let mut g = cleared(BRITISH);
    put(&mut g, "br-line", "quebec");
    let garrison = [put(&mut g, "ottawa-fr", "quebec"), put(&mut g, "abenaki-fr", "quebec")];
    for &u in &garrison {
        g.units[u as usize].inside = true;
    }
    assert!(g.besieged(sq("quebec")));
    flip(&mut g, garrison[0]);
    assert!(!g.units[garrison[0] as usize].inside, "outside, with the besiegers");
    assert!(
        g.ready(BRITISH, Piece::Unit(garrison[0])),
        "not shut in the French fortress"
    );
    assert!(g.besieged(sq("quebec")), "the Abenakis hold on");
    assert_eq!(fortress(&g), Some(FRENCH));
    // The last of the garrison goes over: the fortress is the besiegers'.
    let balance = g.balance.value();
    flip(&mut g, garrison[1]);
    assert!(!g.besieged(sq("quebec")));
    assert_eq!(fortress(&g), Some(BRITISH));
    assert!(g.balance.value() > balance, "a fortress captured (ruling fiw #53)");
}
