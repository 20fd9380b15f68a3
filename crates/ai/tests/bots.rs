//! The bots: legal, reproducible, blind to hidden information; the simulator:
//! shards merge, Wilson intervals, greedy beats random.

use ai::sim::{parse_shard, play_one, shard_range};
use ai::{ismcts, merge, simulate, wilson, BotSpec, Budget, Observation, SimConfig};
use engine::{Dice, Game, Log, Outcome, Prompt, Seat, SeatSet, Setup, TitleInfo, Viewer};
use liberty::Liberty;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use std::time::Duration;

fn liberty_after(seed: u64, steps: usize) -> Liberty {
    let mut setup = Setup::new("1775", seed);
    setup.validate(Liberty::info()).unwrap();
    let mut g = Liberty::new(&setup);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    engine::conformance::random_playout(&mut g, &mut rng, steps);
    g
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
        assert_eq!(a.iterations, 300);
    }
    assert_eq!(spec.choose(&obs, 9, 2), spec.choose(&obs, 9, 2));
    assert_eq!(BotSpec::Greedy.choose(&obs, 9, 1), BotSpec::Greedy.choose(&obs, 9, 1));
}

// A toy game of hidden cards whose sampler is canonical (a function of the
// observer's information and the generator only), so a bot that reads
// nothing but its observation must choose alike in two states the observer
// cannot tell apart.

static TOY: TitleInfo = TitleInfo {
    key: "toy",
    name: "Higher card",
    seats: &["north", "south"],
    scenarios: &[engine::ScenarioInfo {
        key: "1",
        name: "one",
        rule: "",
    }],
    options: &[],
    rules_version: "toy-1",
};

/// Each seat holds 3 of cards 0..8 (3 unseen); in turn each plays a card
/// face up, or passes; after 3 rounds the higher total of played cards wins.
#[derive(Clone, Debug, Serialize, Deserialize)]
struct Toy {
    hands: [Vec<u8>; 2],
    played: [Vec<u8>; 2],
    turn: u8,
    round: u8,
    outcome: Option<Outcome>,
    log: Log,
    dice: Dice,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Play {
    Card(u8),
    Pass,
}

impl Game for Toy {
    type Action = Play;
    fn info() -> &'static TitleInfo {
        &TOY
    }
    fn new(setup: &Setup) -> Self {
        let mut dice = Dice::seeded(setup.seed);
        let mut cards: Vec<u8> = (0..9).collect();
        dice.shuffle(&mut cards);
        Toy {
            hands: [cards[0..3].to_vec(), cards[3..6].to_vec()],
            played: [vec![], vec![]],
            turn: 0,
            round: 0,
            outcome: None,
            log: Log::default(),
            dice,
        }
    }
    fn to_act(&self) -> SeatSet {
        if self.outcome.is_some() {
            SeatSet::NONE
        } else {
            SeatSet::one(self.turn)
        }
    }
    fn prompt(&self, _: Seat) -> Prompt {
        Prompt {
            text: "play".into(),
            rule: String::new(),
        }
    }
    fn legal(&self, seat: Seat, out: &mut Vec<Play>) {
        if self.to_act().contains(seat) {
            let mut h = self.hands[seat as usize].clone();
            h.sort();
            out.extend(h.into_iter().map(Play::Card));
            out.push(Play::Pass);
        }
    }
    fn apply_legal(&mut self, seat: Seat, a: &Play) {
        if let Play::Card(c) = a {
            self.hands[seat as usize].retain(|x| x != c);
            self.played[seat as usize].push(*c);
        }
        self.turn = 1 - self.turn;
        if self.turn == 0 {
            self.round += 1;
        }
        if self.round == 3 {
            let t: Vec<u32> = self.played.iter().map(|p| p.iter().map(|&c| c as u32).sum()).collect();
            self.outcome = Some(Outcome {
                winner: (t[0] != t[1]).then_some(if t[0] > t[1] { 0 } else { 1 }),
                reason: "totals".into(),
                rule: String::new(),
            });
        }
    }
    fn describe(&self, _: Seat, a: &Play) -> engine::ActionInfo {
        let id = match a {
            Play::Card(c) => format!("card-{c}"),
            Play::Pass => "pass".into(),
        };
        engine::ActionInfo {
            id: id.clone(),
            label: id,
            target: None,
        }
    }
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }
    fn view(&self, viewer: Viewer) -> serde_json::Value {
        let hand = viewer.map(|s| {
            let mut h = self.hands[s as usize].clone();
            h.sort();
            h
        });
        serde_json::json!({"hand": hand, "played": self.played, "turn": self.turn, "round": self.round})
    }
    fn log(&self) -> &Log {
        &self.log
    }
    fn log_mut(&mut self) -> &mut Log {
        &mut self.log
    }
    fn dice(&self) -> &Dice {
        &self.dice
    }
    fn dice_mut(&mut self) -> &mut Dice {
        &mut self.dice
    }
    fn determinize(&self, observer: Seat, rng: &mut ChaCha8Rng) -> Self {
        let mut g = self.clone();
        let other = 1 - observer as usize;
        let seen: Vec<u8> = self.hands[observer as usize]
            .iter()
            .chain(self.played.iter().flatten())
            .copied()
            .collect();
        // Canonical: the unseen cards in order, then shuffled by `rng`.
        let mut unseen: Vec<u8> = (0..9).filter(|c| !seen.contains(c)).collect();
        for i in (1..unseen.len()).rev() {
            unseen.swap(i, rng.gen_range(0..=i));
        }
        g.hands[other] = unseen[..self.hands[other].len()].to_vec();
        g.dice.reseed(rng);
        g
    }
    fn check(&self) -> Result<(), String> {
        Ok(())
    }
    fn evaluate(&self, seat: Seat) -> f64 {
        match &self.outcome {
            Some(o) => match o.winner {
                Some(w) if w == seat => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            },
            None => 0.5,
        }
    }
}

#[test]
fn search_reads_nothing_hidden() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut differ = 0;
    for seed in 0..20 {
        let g = Toy::new(&Setup::new("1", seed));
        // A world south cannot tell from the true one: north's hand resampled.
        let g2 = g.determinize(1, &mut rng);
        let g = {
            let mut g = g;
            g.apply_legal(0, &Play::Pass);
            g
        };
        let g2 = {
            let mut g2 = g2;
            g2.apply_legal(0, &Play::Pass);
            g2
        };
        if g.hands[0] != g2.hands[0] {
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
    assert!(differ > 10, "the hidden hands should differ in most pairs");
}

#[test]
fn search_finds_the_winning_card() {
    // South plays the game's last card: only the 8 wins (4 + 8 > 5 + 6),
    // the 7 draws.
    let mut g = Toy::new(&Setup::new("1", 4));
    g.hands = [vec![0], vec![1, 7, 8]];
    g.played = [vec![5, 6], vec![4]];
    g.round = 2;
    g.turn = 1;
    let a = small(500).choose(&Observation::new(&g, 1), 1, 1);
    assert_eq!(a, Play::Card(8));
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
    assert!(merge(vec![whole, other]).is_err());
    let svg = ai::svg::chart(&merged).unwrap();
    assert!(
        svg.starts_with("<svg") && svg.contains("win rates"),
        "{}",
        &svg[..100.min(svg.len())]
    );
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
