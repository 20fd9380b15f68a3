//! 15.3, 15.4 the solitaire bots: their priorities on built positions, and whole games played with only the human seat.

mod support;
use b2c::actions::Action;
use b2c::state::*;
use b2c::B2c;
use engine::prelude::*;
use revroad::sheet::SheetBot;
use revroad::testing::bot_pick;
use support::*;

fn bot_log(g: &B2c) -> String {
    g.log()
        .visible(None)
        .filter(|e| e.text.contains(" bot: "))
        .last()
        .map(|e| e.text.clone())
        .unwrap_or_default()
}

// rule: b2c 15.3
#[test]
fn patriot_bot_strikes_weakened_british_and_says_why() {
    let mut g = board_with("solo-british", &[]);
    g.shot = true;
    for _ in 0..3 {
        let u = g.put(Kind::Regular, "fiske-hill");
        g.pm(u).flipped = true;
    }
    g.put(Kind::Regular, "fiske-hill");
    g.put(Kind::Minuteman, "lincoln");
    g.put_militia(2, "lincoln");
    g.give(P, 0, 3);
    let (a, n) = bot_pick(&mut g);
    assert_eq!(a, Action::Assault(r("lincoln"), r("fiske-hill")));
    assert_eq!(n, 3);
    assert!(g.bot_step());
    let text = bot_log(&g);
    assert!(text.starts_with("Patriot bot: "), "{text}");
    assert!(text.contains("(priority 3: strike weakened British)"), "{text}");
}

// rule: b2c 15.3, 6.6
#[test]
fn patriot_bot_ambushes_moved_regulars_first() {
    let mut g = board_with("solo-british", &[]);
    g.shot = true;
    for _ in 0..2 {
        let u = g.put(Kind::Regular, "meriams-corner");
        g.pm(u).moved = true;
    }
    g.put(Kind::Minuteman, "meriams-corner");
    g.give(P, 0, 3);
    let (a, n) = bot_pick(&mut g);
    assert_eq!((a, n), (Action::Ambush(r("meriams-corner")), 1));
}

// rule: b2c 15.3, 15.2, 6.11
#[test]
fn patriot_bot_hinders_the_road_to_lexington_next_to_the_british() {
    let mut g = board_with("solo-british", &[]);
    for _ in 0..4 {
        g.put(Kind::Regular, "concord");
    }
    g.put(Kind::Minuteman, "woburn-road");
    g.give(P, 0, 3);
    let c = g.bot_choice().unwrap();
    let (a, n, why) = (c.action, c.priority, c.reason);
    assert_eq!(n, 5, "{why}");
    assert_eq!(a, Action::HinderPlace(HINDER_MOVEMENT, r("meriams-corner")));
}

// rule: b2c 15.3
#[test]
fn patriot_bot_closes_on_the_british_and_stops_next_to_them() {
    let mut g = board_with("solo-british", &[]);
    g.hinder = [Hinder::Track; 3];
    for _ in 0..4 {
        g.put(Kind::Regular, "concord");
    }
    let m = g.put(Kind::Minuteman, "lexington");
    g.give(P, 0, 1);
    g.advance();
    assert!(g.outcome().is_none());
    let d = b2c::map::map().dist(g.piece(m).loc, r("concord"));
    assert_eq!(d, 1, "the minuteman is now next to Concord ({})", at(&g, m));
    assert!(!g.to_act().contains(P), "the bot seat never acts by itself");
}

// rule: b2c 15.4, 6.8
#[test]
fn british_bot_rallies_before_marching() {
    let mut g = board_with("solo-patriot", &[]);
    g.put_named(Kind::BritishLeader, "Smith", "concord");
    let u = g.put(Kind::Regular, "concord");
    g.pm(u).flipped = true;
    g.put(Kind::Regular, "concord");
    g.give(B, 3, 0);
    let (a, n) = bot_pick(&mut g);
    assert_eq!((a, n), (Action::Rally(r("concord")), 1));
}

// rule: b2c 15.4
#[test]
fn british_bot_marches_the_whole_force_toward_lexington() {
    let mut g = board_with("solo-patriot", &[]);
    g.turn = 9;
    let u: Vec<u8> = (0..3).map(|_| g.put(Kind::Regular, "concord")).collect();
    g.put(Kind::Minuteman, "watertown");
    g.give(B, 1, 1);
    let (a, n) = bot_pick(&mut g);
    assert_eq!((a, n), (Action::Move(r("concord")), 3));
    g.advance();
    let m = b2c::map::map();
    let to_lex = |g: &B2c, p: u8| m.dist(g.piece(p).loc, m.lexington);
    assert!(to_lex(&g, u[0]) < m.dist(r("concord"), m.lexington), "nearer Lexington");
    assert!(
        u.iter().all(|&p| g.piece(p).loc == g.piece(u[0]).loc),
        "the force stays together"
    );
    assert!(g.to_act().contains(P), "the human Patriot acts next");
    assert!(bot_log(&g).starts_with("British bot: "));
}

// rule: b2c 15.3
#[test]
fn a_whole_solo_british_game_plays_out_against_the_patriot_bot() {
    revroad::testing::solo_game_plays_out::<B2c>("solo-british", B, 3);
}

// rule: b2c 15.4
#[test]
fn a_whole_solo_patriot_game_plays_out_against_the_british_bot() {
    revroad::testing::solo_game_plays_out::<B2c>("solo-patriot", P, 5);
}

// rule: b2c 15.3
#[test]
fn with_bot_seat_the_side_is_an_ordinary_seat() {
    revroad::testing::bot_seat_is_an_ordinary_seat::<B2c>(2000);
}

/// The audit of rules b2c-5 (sb.json, turn 8): twice every British piece
/// retreated before combat and the Patriot bot turned down the free
/// Opportunity Fire, judged from one sample without a 6. The sheet
/// (reconstructed) now always fires: the dice cost it nothing.
// rule: b2c 15.3, 7.1.3
#[test]
fn patriot_bot_always_fires_on_british_retreating_before_combat() {
    let mut g = board_with("solo-british", &[("bot", "seat")]);
    g.shot = true;
    let mm = g.put(Kind::Minuteman, "lincoln");
    let m = g.put_militia(2, "lincoln");
    let u = regulars(&mut g, 2, "lincoln");
    attack(&mut g, P, "lincoln", &[mm, m]);
    choose(&mut g, B, &u);
    let to = ids(&g, B)[0].clone();
    act(&mut g, B, &to);
    assert_eq!(ids(&g, P), ["yes", "no"]);
    g.opts.bot = true;
    let (a, n) = bot_pick(&mut g);
    assert_eq!((a, n), (Action::Yes, 3), "within an Action, priority 3");
    assert!(g.bot_step());
    let text = bot_log(&g);
    assert!(text.contains("fire on the retreating British"), "{text}");
}
