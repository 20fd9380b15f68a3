//! Single-observer information-set Monte Carlo tree search (SO-ISMCTS, Cowling,
//! Powley & Whitehouse 2012) with availability counts.
//!
//! One tree for the observer's information set, over the moves of every
//! seat. Each iteration samples a world for the observer (hidden things and
//! future dice resampled), walks the tree choosing among the actions legal in
//! that world by UCB1 with availability counts (an action's exploration term
//! counts the visits in which it was available, not the parent's visits),
//! adds one node, plays random actions for `Budget::playout` steps with the
//! log off, and scores the result with the title's `evaluate` for every seat.
//! Each move in the tree is credited with the score of the seat that made it.
//!
//! Nodes are keyed by the seat and the typed action; the root's children by
//! the index in the observer's legal list (identical in every sampled world).
//! Chance is folded into the transitions (open loop). When several seats act
//! at once (a face-down card play), the observer moves first in the tree, so
//! its choice never depends on the others' hidden one; forced moves (one
//! legal action) are applied without a tree node.
//!
//! Root parallelism: `trees` independent trees, each with its own generator
//! (the seed, stream t), run on rayon's pool; their root visits are summed
//! and the most visited action is chosen. A tree stops early once its most
//! visited root action can no longer be overtaken within its share of the
//! budget (with one tree the decision is exactly that of the full budget).

use crate::{Budget, Observation};
use engine::conformance::random_playout;
use engine::{Game, Seat};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::time::{Duration, Instant};

/// UCB1 exploration constant (rewards are in [0, 1]).
const EXPLORATION: f64 = 0.7;
const NONE: u32 = u32::MAX;

struct Child<A> {
    seat: Seat,
    action: A,
    node: u32,
    visits: u32,
    avail: u32,
    total: f64,
}

struct Tree<A> {
    /// Children of each node; node 0 is the root, whose children follow the
    /// observer's legal list.
    nodes: Vec<Vec<Child<A>>>,
}

/// What a search found: the root statistics per legal action.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// Index of the chosen action in the observer's legal list.
    pub best: usize,
    pub visits: Vec<u32>,
    /// Mean score of each root action for the observer.
    pub mean: Vec<f64>,
    pub iterations: u64,
    pub elapsed: Duration,
}

/// Search from the observation and return the most visited root action.
pub fn search<G: Game>(obs: &Observation<G>, budget: &Budget, seed: u64, trees: usize) -> SearchResult {
    let start = Instant::now();
    let trees = trees.max(1);
    let n = obs.legal().len();
    let share = |t: usize| {
        budget.iterations as u64 / trees as u64 + u64::from((t as u64) < budget.iterations as u64 % trees as u64)
    };
    let one = |t: usize| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(t as u64 + 1);
        run_tree(obs, budget, share(t), start, &mut rng)
    };
    let per_tree: Vec<(Vec<u32>, Vec<f64>, u64)> = if trees == 1 {
        vec![one(0)]
    } else {
        (0..trees).into_par_iter().map(one).collect()
    };
    let mut visits = vec![0u32; n];
    let mut total = vec![0.0f64; n];
    let mut iterations = 0;
    for (v, t, it) in &per_tree {
        for i in 0..n {
            visits[i] += v[i];
            total[i] += t[i];
        }
        iterations += it;
    }
    let mean: Vec<f64> = (0..n)
        .map(|i| {
            if visits[i] > 0 {
                total[i] / visits[i] as f64
            } else {
                0.0
            }
        })
        .collect();
    let mut best = 0;
    for i in 1..n {
        if (visits[i], mean[i]) > (visits[best], mean[best]) {
            best = i;
        }
    }
    SearchResult {
        best,
        visits,
        mean,
        iterations,
        elapsed: start.elapsed(),
    }
}

/// One tree: returns root visits, root total scores and iterations run.
fn run_tree<G: Game>(
    obs: &Observation<G>,
    budget: &Budget,
    iterations: u64,
    start: Instant,
    rng: &mut ChaCha8Rng,
) -> (Vec<u32>, Vec<f64>, u64) {
    let seat = obs.seat();
    let seats = G::info().seats.len();
    let root: Vec<Child<G::Action>> = obs
        .legal()
        .iter()
        .map(|a| Child {
            seat,
            action: a.clone(),
            node: NONE,
            visits: 0,
            avail: 0,
            total: 0.0,
        })
        .collect();
    let mut tree = Tree { nodes: vec![root] };
    let mut scratch = Scratch {
        legal: Vec::new(),
        known: Vec::new(),
        fresh: Vec::new(),
        path: Vec::new(),
        rewards: vec![0.0; seats],
    };
    let mut done = 0;
    while done < iterations {
        if done % 8 == 0 && (start.elapsed() >= budget.max_time || decided(&tree.nodes[0], iterations - done)) {
            break;
        }
        iterate(&mut tree, obs, budget, rng, &mut scratch);
        done += 1;
    }
    let root = &tree.nodes[0];
    (
        root.iter().map(|c| c.visits).collect(),
        root.iter().map(|c| c.total).collect(),
        done,
    )
}

/// Can the most visited root action still be overtaken in the iterations
/// left? If not, the rest of the budget cannot change this tree's choice, so
/// the search stops early ("smart pruning"): same decision, less time.
fn decided<A>(root: &[Child<A>], left: u64) -> bool {
    let (mut first, mut second) = (0u32, 0u32);
    for c in root {
        if c.visits > first {
            second = first;
            first = c.visits;
        } else if c.visits > second {
            second = c.visits;
        }
    }
    u64::from(first - second) > left
}

struct Scratch<A> {
    legal: Vec<A>,
    /// Children of the current node legal in this world.
    known: Vec<usize>,
    /// Legal actions of this world with no child yet.
    fresh: Vec<usize>,
    /// (node, child) pairs walked this iteration.
    path: Vec<(u32, usize)>,
    rewards: Vec<f64>,
}

/// UCB1 with availability counts over the given children (all visited).
fn ucb<A>(children: &[Child<A>], among: &[usize]) -> usize {
    let mut best = among[0];
    let mut best_value = f64::NEG_INFINITY;
    for &j in among {
        let c = &children[j];
        let v = c.total / c.visits as f64 + EXPLORATION * ((c.avail as f64).ln() / c.visits as f64).sqrt();
        if v > best_value {
            best_value = v;
            best = j;
        }
    }
    best
}

fn iterate<G: Game>(
    tree: &mut Tree<G::Action>,
    obs: &Observation<G>,
    budget: &Budget,
    rng: &mut ChaCha8Rng,
    s: &mut Scratch<G::Action>,
) {
    let seat = obs.seat();
    let mut w = obs.sample(rng);
    s.path.clear();
    s.legal.clear();
    w.legal(seat, &mut s.legal);
    if s.legal.len() != obs.legal().len() {
        // A title whose legal list depends on hidden things breaks the
        // contract; such a world teaches nothing about the root.
        return;
    }
    // The root: every legal action is available in every world.
    let root = &mut tree.nodes[0];
    s.fresh.clear();
    s.known.clear();
    for (i, c) in root.iter_mut().enumerate() {
        c.avail += 1;
        if c.visits == 0 {
            s.fresh.push(i);
        } else {
            s.known.push(i);
        }
    }
    let i = if s.fresh.is_empty() {
        ucb(root, &s.known)
    } else {
        s.fresh[rng.gen_range(0..s.fresh.len())]
    };
    w.apply_legal(seat, &s.legal[i]);
    s.path.push((0, i));
    let mut expanded = s.fresh.contains(&i);
    let mut node = child_node(tree, 0, i, expanded);
    while !expanded && w.outcome().is_none() {
        let to_act = w.to_act();
        let mover = if to_act.contains(seat) {
            seat
        } else {
            to_act.iter().next().expect("a seat must act")
        };
        s.legal.clear();
        w.legal(mover, &mut s.legal);
        if s.legal.len() == 1 {
            w.apply_legal(mover, &s.legal[0]);
            continue;
        }
        let children = &mut tree.nodes[node as usize];
        s.known.clear();
        s.fresh.clear();
        for (k, a) in s.legal.iter().enumerate() {
            match children.iter().position(|c| c.seat == mover && c.action == *a) {
                Some(j) => s.known.push(j),
                None => s.fresh.push(k),
            }
        }
        for &j in &s.known {
            children[j].avail += 1;
        }
        let j = if s.fresh.is_empty() {
            ucb(children, &s.known)
        } else {
            let k = s.fresh[rng.gen_range(0..s.fresh.len())];
            children.push(Child {
                seat: mover,
                action: s.legal[k].clone(),
                node: NONE,
                visits: 0,
                avail: 1,
                total: 0.0,
            });
            expanded = true;
            children.len() - 1
        };
        w.apply_legal(mover, &children[j].action);
        s.path.push((node, j));
        node = child_node(tree, node, j, expanded);
    }
    random_playout(&mut w, rng, budget.playout);
    w.evaluate_all(&mut s.rewards);
    for &(n, j) in &s.path {
        let c = &mut tree.nodes[n as usize][j];
        c.visits += 1;
        c.total += s.rewards[c.seat as usize];
    }
}

/// The node under child `j` of `node`, made on first descent (none is made
/// for a child just expanded: the walk stops there).
fn child_node<A>(tree: &mut Tree<A>, node: u32, j: usize, expanded: bool) -> u32 {
    if expanded {
        return NONE;
    }
    let c = tree.nodes[node as usize][j].node;
    if c != NONE {
        return c;
    }
    let id = tree.nodes.len() as u32;
    tree.nodes.push(Vec::new());
    tree.nodes[node as usize][j].node = id;
    id
}
