//! The bots: legal, reproducible, blind to hidden information; the simulator:
//! shards merge, Wilson intervals, greedy beats random.

use ai::sim::{parse_shard, play_one, shard_range};
use ai::{ismcts, merge, simulate, wilson, BotSpec, Budget, Observation, SimConfig};
use engine::prelude::*;
use engine::testkit::{Act, Toy};
use engine::Setup;
use liberty::Liberty;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

/// A game of `scenario` after `steps` random actions.
fn after<G: Game>(scenario: &str, seed: u64, steps: usize) -> G {
    let mut setup = Setup::new(scenario, seed);
    setup.validate(G::info()).unwrap();
    let mut g = G::new(&setup);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    engine::conformance::random_playout(&mut g, &mut rng, steps);
    g
}

fn liberty_after(seed: u64, steps: usize) -> Liberty {
    after("1775", seed, steps)
}

fn small(iterations: u32) -> BotSpec {
    BotSpec::Ismcts {
        level: iterations.to_string(),
        budget: Budget {
            iterations,
            max_time: Duration::MAX,
            playout: ai::PLAYOUT,
        },
    }
}

#[test]
fn specs_parse_and_print() {
    for s in [
        "random",
        "greedy",
        "ismcts:easy",
        "ismcts:normal",
        "ismcts:hard",
        "ismcts:500",
    ] {
        assert_eq!(BotSpec::parse(s).unwrap().to_string(), s);
    }
    for bad in ["", "ismcts:0", "ismcts:fast", "mcts", "random:1"] {
        assert!(BotSpec::parse(bad).is_err(), "{bad}");
    }
}

#[test]
fn every_bot_chooses_a_legal_action() {
    let bots = [BotSpec::Random, BotSpec::Greedy, small(60)];
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for (k, steps) in [0usize, 7, 40, 150, 260].into_iter().enumerate() {
        let g = liberty_after(k as u64 + 1, steps);
        if g.outcome().is_some() {
            continue;
        }
        for seat in g.to_act().iter() {
            let obs = Observation::new(&g, seat);
            for bot in &bots {
                let a = bot.choose(&obs, rng.gen(), 2);
                let mut copy = g.clone();
                engine::apply(&mut copy, seat, &a).unwrap_or_else(|e| panic!("{bot} chose {a:?}: {e}"));
            }
        }
    }
}

#[test]
fn choices_repeat_for_a_seed_and_tree_count() {
    let g = liberty_after(5, 30);
    let seat = g.to_act().iter().next().unwrap();
    let obs = Observation::new(&g, seat);
    let spec = small(300);
    let BotSpec::Ismcts { budget, .. } = &spec else {
        unreachable!()
    };
    for trees in [1, 2, 3] {
        let a = ismcts::search(&obs, budget, 11, trees);
        let b = ismcts::search(&obs, budget, 11, trees);
        assert_eq!((a.best, &a.visits), (b.best, &b.visits), "{trees} trees");
        assert_eq!(a.iterations, b.iterations);
        assert!(a.iterations <= 300);
    }
    assert_eq!(spec.choose(&obs, 9, 2), spec.choose(&obs, 9, 2));
    assert_eq!(BotSpec::Greedy.choose(&obs, 9, 1), BotSpec::Greedy.choose(&obs, 9, 1));
}

// engine::testkit::Toy's sampler is canonical (the opponent's secret comes
// from the generator alone), so a bot that reads nothing but its
// observation must choose alike in two states the observer cannot tell apart.

#[test]
fn search_reads_nothing_hidden() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut differ = 0;
    for seed in 0..20 {
        let mut g = Toy::new(&Setup::new("std", seed));
        g.apply_legal(0, &Act::Add(2));
        g.apply_legal(0, &Act::Roll);
        // A world south cannot tell from the true one: north's secret resampled.
        let g2 = g.determinize(1, &mut rng);
        if g.secret[0] != g2.secret[0] {
            differ += 1;
        }
        for bot in [BotSpec::Random, BotSpec::Greedy, small(400)] {
            for trees in [1, 2] {
                let a = bot.choose(&Observation::new(&g, 1), seed, trees);
                let b = bot.choose(&Observation::new(&g2, 1), seed, trees);
                assert_eq!(a, b, "{bot} with {trees} trees, seed {seed}");
            }
        }
    }
    assert!(differ > 10, "the hidden secrets should differ in most pairs");
}

// Liberty's sampler is canonical too (2.0 Fog of war: the other side's hidden
// blocks get identities and strengths from the generator and what the seat
// has seen), so the same holds in a real title: a world the seat cannot tell
// from the true one gives the same choices.
/// In games of `scenario` after some random actions, a world the acting seat
/// cannot tell from the true one gives every bot the same choice; `hidden`
/// reads what the sampler redraws, which should differ in most pairs.
fn assert_search_reads_nothing_hidden<G: Game, H: PartialEq>(scenario: &str, hidden: fn(&G) -> H) {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut differ = 0;
    for seed in 0..6 {
        let g: G = after(scenario, seed, 40 + 10 * seed as usize);
        let Some(seat) = (0..2).find(|&s| g.to_act().contains(s)) else {
            continue;
        };
        let g2 = g.determinize(seat, &mut rng);
        if hidden(&g) != hidden(&g2) {
            differ += 1;
        }
        for bot in [BotSpec::Random, BotSpec::Greedy, small(300)] {
            let a = bot.choose(&Observation::new(&g, seat), seed, 1);
            let b = bot.choose(&Observation::new(&g2, seat), seed, 1);
            assert_eq!(a, b, "{scenario}: {bot}, seed {seed}");
        }
    }
    assert!(
        differ >= 4,
        "{scenario}: the hidden information should differ in most pairs"
    );
}

// rule: liberty 2.0
#[test]
fn search_reads_nothing_hidden_in_liberty() {
    assert_search_reads_nothing_hidden::<Liberty, _>("1775", |g| (g.loc.clone(), g.strength.clone(), g.hands.clone()));
}

// A seat's judgement of the position (whether a bot takes a draw, FIW
// 29.3) reads only its observation too: alike in a world it cannot tell
// from the true one, for the seat to act and the other alike.
// rule: liberty 2.0
#[test]
fn a_judgement_reads_nothing_hidden() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    for seed in 0..6 {
        let g = liberty_after(seed, 40 + 10 * seed as usize);
        for seat in 0..2 {
            let g2 = g.determinize(seat, &mut rng);
            let judged = ai::judge(&g, seat, ai::JUDGE_WORLDS, seed);
            assert!((0.0..=1.0).contains(&judged), "{judged}");
            assert_eq!(
                judged,
                ai::judge(&g2, seat, ai::JUDGE_WORLDS, seed),
                "seed {seed}, seat {seat}"
            );
        }
    }
}

// The Revolution Road samplers are canonical too: the unseen cards are put
// in order before the shuffle (revroad::cards::Deck::resample).
#[test]
fn search_reads_nothing_hidden_in_revolution_road() {
    assert_search_reads_nothing_hidden::<b2c::B2c, _>("standard", |g| g.deck.draw.clone());
    assert_search_reads_nothing_hidden::<bh::Bh, _>("standard", |g| g.deck.draw.clone());
}

// engine::testkit::Muster: both seats draft an order at once, each in
// secret, over several actions. The search of one seat must not read the
// other's draft in progress (a world resampled for it gives the same choice),
// and bots play such games, and engine::testkit::Raid's reaction windows,
// to their end.
#[test]
fn search_while_both_seats_draft_reads_nothing_hidden() {
    use engine::testkit::muster::{Muster, MusterAct};
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut differ = 0;
    for seed in 0..8 {
        let mut g = Muster::new(&Setup::new("std", seed));
        // The British draft a few steps, uncommitted; the French choose.
        let mut r = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..1 + seed % 3 {
            let mut legal = Vec::new();
            g.legal(0, &mut legal);
            legal.retain(|a| *a != MusterAct::Commit);
            if let Some(a) = legal.get(r.gen_range(0..legal.len().max(1))) {
                g.apply_legal(0, a);
            }
        }
        assert_eq!(g.to_act(), engine::SeatSet(0b11), "both seats still draft");
        let g2 = g.determinize(1, &mut rng);
        if g.orders.draft(0) != g2.orders.draft(0) {
            differ += 1;
        }
        for bot in [BotSpec::Random, BotSpec::Greedy, small(300)] {
            let a = bot.choose(&Observation::new(&g, 1), seed, 1);
            let b = bot.choose(&Observation::new(&g2, 1), seed, 1);
            assert_eq!(a, b, "{bot}, seed {seed}");
        }
    }
    assert!(differ >= 4, "the British drafts should differ in most pairs");
}

#[test]
fn bots_play_drafts_and_reaction_windows_to_the_end() {
    use engine::testkit::{muster::Muster, raid::Raid};
    let setup = Setup::new("std", 7);
    let bots = [small(200), BotSpec::Greedy];
    for game in 0..3 {
        for r in [
            play_one::<Muster>(&setup, &bots, 2_000, game),
            play_one::<Raid>(&setup, &bots, 2_000, game),
        ] {
            assert!(!r.reason.starts_with("cut off"), "game {game}: {}", r.reason);
            assert!(r.decisions > 0, "game {game}: the bots had choices to make");
        }
    }
}

/// South (secret 1: every roll banks) needs 2 more points, north only 1.
/// Adding first wins for sure; rolling with nothing pending hands north the
/// turn and a chance to win.
fn south_to_win() -> Toy {
    let mut g = Toy::new(&Setup::new("std", 4));
    g.secret = [3, 1];
    g.banked = [11, 10];
    g.turn = 1;
    g
}

#[test]
fn search_avoids_the_losing_roll() {
    let g = south_to_win();
    let a = small(500).choose(&Observation::new(&g, 1), 1, 1);
    assert_ne!(a, Act::Roll);
}

#[test]
fn search_stops_once_the_choice_is_decided() {
    // Adding wins at once, so one root action soon leads by
    // more than the iterations left and the rest of the budget is not spent.
    let g = south_to_win();
    let budget = Budget {
        iterations: 5_000,
        max_time: Duration::MAX,
        playout: ai::PLAYOUT,
    };
    let r = ismcts::search(&Observation::new(&g, 1), &budget, 3, 1);
    assert!(r.iterations < 5_000, "ran the whole budget: {r:?}");
    let lead = r.visits[r.best]
        - r.visits
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != r.best)
            .map(|(_, &v)| v)
            .max()
            .unwrap();
    assert!(
        u64::from(lead) > 5_000 - r.iterations,
        "stopped while still open: {r:?}"
    );
}

#[test]
fn wilson_interval() {
    assert_eq!(wilson(0, 0), (0.0, 1.0));
    let (lo, hi) = wilson(50, 100);
    assert!((lo - 0.4038).abs() < 1e-3 && (hi - 0.5962).abs() < 1e-3, "{lo} {hi}");
    let (lo, hi) = wilson(0, 10);
    assert!(lo == 0.0 && (hi - 0.2775).abs() < 1e-3, "{hi}");
    let (lo, hi) = wilson(10, 10);
    assert!((lo - 0.7225).abs() < 1e-3 && (hi - 1.0).abs() < 1e-12, "{lo} {hi}");
    let (lo, hi) = wilson(180, 200);
    assert!(lo < 0.9 && 0.9 < hi && (lo - 0.8506).abs() < 1e-3, "{lo} {hi}");
}

#[test]
fn shards_cover_every_game_once() {
    assert_eq!(parse_shard("2/3"), Ok((2, 3)));
    for bad in ["0/3", "4/3", "1", "a/b", "1/0"] {
        assert!(parse_shard(bad).is_err(), "{bad}");
    }
    for games in [0, 1, 7, 10] {
        let mut all: Vec<usize> = (1..=3).flat_map(|i| shard_range(games, Some((i, 3)))).collect();
        all.sort();
        assert_eq!(all, (0..games).collect::<Vec<_>>());
    }
}

fn config(games: usize, seats: Vec<BotSpec>, threads: usize, shard: Option<(usize, usize)>) -> SimConfig {
    SimConfig {
        scenario: "liberty/1775".into(),
        setup: Setup::new("1775", 100),
        games,
        seats,
        threads,
        shard,
        max_actions: 20_000,
        save_games: None,
    }
}

#[test]
fn shards_merge_into_the_whole_run() {
    let seats = vec![BotSpec::Random, BotSpec::Greedy];
    let whole = simulate::<Liberty>(&config(6, seats.clone(), 2, None), &|_| {}).unwrap();
    assert_eq!(whole.games, 6);
    assert_eq!(whole.wins.values().sum::<usize>() + whole.draws, 6);
    let a = simulate::<Liberty>(&config(6, seats.clone(), 1, Some((1, 2))), &|_| {}).unwrap();
    let b = simulate::<Liberty>(&config(6, seats.clone(), 2, Some((2, 2))), &|_| {}).unwrap();
    assert_eq!((a.games, b.games, a.shard.as_deref()), (3, 3, Some("1/2")));
    // Through JSON, as the files are.
    let back = |r: &ai::SimResults| serde_json::from_str(&serde_json::to_string(r).unwrap()).unwrap();
    let merged = merge(vec![back(&b), back(&a)]).unwrap();
    assert_eq!(merged, whole);
    // The same games again are fine; another run is refused.
    assert_eq!(merge(vec![back(&a), back(&whole)]).unwrap(), whole);
    let other = simulate::<Liberty>(&config(2, vec![BotSpec::Random, BotSpec::Random], 1, None), &|_| {}).unwrap();
    assert!(merge(vec![whole.clone(), other]).is_err());
    // The results name the rules they were played under; shards played
    // under other rules (an older build) are refused with that reason.
    assert_eq!(whole.rules, Liberty::info().rules_version);
    let older = ai::SimResults {
        rules: "liberty-1".into(),
        ..a.clone()
    };
    let err = merge(vec![back(&b), older]).unwrap_err();
    assert!(err.contains("other rules") && err.contains("liberty-1"), "{err}");
    let svg = ai::svg::chart(&merged).unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("win rates"),
        "{}",
        &svg[..100.min(svg.len())]
    );
}

/// The simulator counts each winner's victory levels (the test title has
/// two: narrow and clear), and the table prints them.
#[test]
fn the_simulator_counts_victory_levels() {
    let cfg = SimConfig {
        scenario: "toy/std".into(),
        setup: Setup::new("std", 1),
        ..config(40, vec![BotSpec::Random, BotSpec::Random], 1, None)
    };
    let r = simulate::<Toy>(&cfg, &|_| {}).unwrap();
    let counted: usize = r.levels.values().flat_map(|l| l.values()).sum();
    assert_eq!(counted, r.games - r.draws, "every win has its level");
    for (who, levels) in &r.levels {
        assert_eq!(levels.values().sum::<usize>(), r.wins[who]);
        assert!(levels.keys().all(|l| Toy::info().victory_levels.contains(&l.as_str())));
    }
    assert!(r.results.iter().all(|g| g.level.is_some()));
    assert!(
        r.levels.values().any(|l| l.len() == 2),
        "both levels occur in 40 games: {:?}",
        r.levels
    );
    assert!(ai::sim::table(&r).contains("levels of north: "));
}

/// In Liberty as it stands random British never win against random
/// Americans (see docs/ai.md), so greedy is judged by the final position:
/// on the same seeds, a greedy seat ends better placed than a random one
/// in most games.
#[test]
fn greedy_beats_random() {
    let mut setup = Setup::new("1775", 1);
    setup.validate(Liberty::info()).unwrap();
    let (mut better, mut games) = (0, 0);
    for i in 0..12 {
        let seat = i % 2;
        let name = Liberty::info().seats[seat];
        let mut bots = vec![BotSpec::Random, BotSpec::Random];
        let random = play_one::<Liberty>(&setup, &bots, 20_000, i);
        bots[seat] = BotSpec::Greedy;
        let greedy = play_one::<Liberty>(&setup, &bots, 20_000, i);
        let score = |r: &ai::GameRecord| match &r.winner {
            Some(w) if w == name => 2.0,
            Some(_) => -1.0,
            None => 0.0,
        } + r.position[name];
        games += 1;
        if score(&greedy) > score(&random) {
            better += 1;
        }
    }
    assert!(
        better * 2 > games,
        "greedy did better than random in {better} of {games} games"
    );
}

/// A Liberty Card Phase of 1776 with two prisoners a side and nothing on
/// the map: four exchange offers open to each seat beside its cards.
fn liberty_card_phase_with_prisoners(seed: u64) -> Liberty {
    let mut g = Liberty::sandbox(seed);
    for id in ["b-grey", "b-grant", "a-ward", "a-pickens"] {
        g.capture(liberty::blocks::by_id(id).expect("a block"));
    }
    g.deal();
    g.advance();
    assert_eq!(g.phase_name(), "cards");
    g
}

/// A declined exchange offer (11.5) leaves the game as it was, so an offer
/// scores as well as the best card: the bots made the same one at every
/// Card Phase. An action that presses a declined proposal (`Game::presses`)
/// stays legal, but a bot takes another while nothing has changed.
// rule: liberty 11.5
#[test]
fn bots_do_not_press_an_exchange_offer_the_other_seat_declined() {
    use liberty::Action;
    let british = Liberty::info().seat("british").unwrap();
    let american = Liberty::info().seat("american").unwrap();
    let offers = |g: &Liberty| {
        let mut legal = Vec::new();
        g.legal(american, &mut legal);
        legal
            .into_iter()
            .filter(|a| matches!(a, Action::Offer { .. }))
            .collect::<Vec<_>>()
    };
    let (mut pressed, mut asked) = (0, 0);
    for seed in 0..12 {
        let mut g = liberty_card_phase_with_prisoners(seed);
        let first = offers(&g)[0];
        g.apply_legal(american, &first);
        g.apply_legal(british, &Action::Decline);
        // The next Card Phase: offers are open again (ruling #23).
        g.offered = [false, false];
        assert_eq!(offers(&g).len(), 4, "every offer stays legal");
        for bot in [BotSpec::Greedy, small(300)] {
            let a = bot.choose(&Observation::new(&g, american), seed, 1);
            pressed += usize::from(matches!(a, Action::Offer { .. }));
        }
        // A prisoner taken since: asking again presses nobody.
        g.capture(liberty::blocks::by_id("b-rawdon").expect("a block"));
        let a = BotSpec::Greedy.choose(&Observation::new(&g, american), seed, 1);
        asked += usize::from(matches!(a, Action::Offer { .. }));
    }
    assert_eq!(pressed, 0, "offers made again after a decline");
    assert!(asked > 0, "once a prisoner is taken the bots may offer again");
}
