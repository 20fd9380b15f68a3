//! The golden corpus: stored games of every scenario and option set, played
//! by the bots, that every change must replay identically (issue 18).
//!
//! Each file under `tests/golden/TITLE/` is a header line (JSON: the setup,
//! the bots that chose the moves, the rules version) and then one line per
//! action: seat, action id, and two digests of what every viewer (each seat
//! and the spectator) could see just before it, plus a last line with the
//! digests after the final action.
//! - the **play** digest covers what the rules decide: who must act, every
//!   seat's legal action ids, the outcome;
//! - the **show** digest covers how it reads: every viewer's view, new log
//!   entries, prompts and action labels.
//!
//! A difference is either a bug or a deliberate change:
//! - `POWDERHORN_GOLDEN=show cargo test -p catalog --release --test golden`
//!   rewrites the show digests only, and still fails on any play difference
//!   (a change of wording or of the view's shape);
//! - `POWDERHORN_GOLDEN=all ...` plays every game again with its bots (a rule
//!   change: raise the title's rules version and name the ruling in the
//!   commit, which holds nothing but the regenerated corpus).

use ai::{BotSpec, Observation};
use engine::{described, Game, Seat, Session, Setup, Viewer};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The games of the corpus: (scenario, options, bot per seat, seeds).
type Spec = (
    &'static str,
    &'static [(&'static str, &'static str)],
    [&'static str; 2],
    &'static [u64],
);

const LIBERTY: &[Spec] = &[
    ("1775", &[], ["random", "random"], &[1, 2, 3, 4]),
    ("1775", &[], ["greedy", "random"], &[1]),
    ("1775", &[], ["random", "greedy"], &[2]),
    ("1775", &[], ["ismcts:easy", "greedy"], &[1]),
    ("1775", &[("british-initiative", "on")], ["random", "random"], &[5]),
    ("1775", &[("militia-firepower", "on")], ["random", "random"], &[6]),
    ("1775", &[("bayonet", "on")], ["random", "random"], &[7]),
    ("1775", &[("pursuit", "on")], ["random", "random"], &[8]),
    (
        "1775",
        &[
            ("british-initiative", "on"),
            ("militia-firepower", "on"),
            ("bayonet", "on"),
            ("pursuit", "on"),
        ],
        ["greedy", "greedy"],
        &[9],
    ),
];

const REVROAD_SOLO: [&str; 2] = ["solo-british", "solo-patriot"];

const B2C: &[Spec] = &[
    ("standard", &[], ["random", "random"], &[1, 2, 3, 4]),
    ("standard", &[], ["greedy", "random"], &[1]),
    ("standard", &[], ["random", "greedy"], &[2]),
    ("standard", &[], ["ismcts:easy", "greedy"], &[1]),
    ("standard", &[("leader-rerolls", "on")], ["random", "random"], &[5]),
    ("standard", &[("opfire-movement", "on")], ["random", "random"], &[6]),
    ("standard", &[("hobbled-sol", "on")], ["random", "random"], &[7]),
    ("standard", &[("militia-minutemen", "on")], ["random", "random"], &[8]),
    ("standard", &[("hidden-arms", "none")], ["random", "random"], &[9]),
    ("standard", &[("hidden-arms", "any-hash")], ["random", "random"], &[10]),
    (
        "standard",
        &[("hidden-arms", "hash-count")],
        ["random", "random"],
        &[11],
    ),
    ("standard", &[("percy-turn", "8")], ["random", "random"], &[12]),
    (
        "standard",
        &[
            ("leader-rerolls", "on"),
            ("opfire-movement", "on"),
            ("hobbled-sol", "on"),
            ("militia-minutemen", "on"),
        ],
        ["greedy", "greedy"],
        &[13],
    ),
    (REVROAD_SOLO[0], &[], ["random", "random"], &[1, 2, 3]),
    (REVROAD_SOLO[0], &[], ["greedy", "random"], &[4]),
    (REVROAD_SOLO[0], &[("bot", "seat")], ["random", "random"], &[5]),
    (REVROAD_SOLO[0], &[("bot", "seat")], ["ismcts:easy", "greedy"], &[6]),
    (REVROAD_SOLO[1], &[], ["random", "random"], &[1, 2, 3]),
    (REVROAD_SOLO[1], &[], ["random", "greedy"], &[4]),
    (REVROAD_SOLO[1], &[("bot", "seat")], ["random", "random"], &[5]),
    (REVROAD_SOLO[1], &[("bot", "seat")], ["greedy", "ismcts:easy"], &[6]),
];

const BH: &[Spec] = &[
    ("standard", &[], ["random", "random"], &[1, 2, 3, 4]),
    ("standard", &[], ["greedy", "random"], &[1]),
    ("standard", &[], ["random", "greedy"], &[2]),
    ("standard", &[], ["ismcts:easy", "greedy"], &[1]),
    ("standard", &[("redoubt-wall", "on")], ["random", "random"], &[5]),
    ("standard", &[("ammo", "more-options")], ["random", "random"], &[6]),
    ("standard", &[("landing-zones", "optional")], ["random", "random"], &[7]),
    (
        "standard",
        &[
            ("redoubt-wall", "on"),
            ("ammo", "more-options"),
            ("landing-zones", "optional"),
        ],
        ["greedy", "greedy"],
        &[8],
    ),
    (REVROAD_SOLO[0], &[], ["random", "random"], &[1, 2, 3]),
    (REVROAD_SOLO[0], &[], ["greedy", "random"], &[4]),
    (REVROAD_SOLO[0], &[("bot", "seat")], ["random", "random"], &[5]),
    (REVROAD_SOLO[0], &[("bot", "seat")], ["ismcts:easy", "greedy"], &[6]),
    (REVROAD_SOLO[1], &[], ["random", "random"], &[1, 2, 3]),
    (REVROAD_SOLO[1], &[], ["random", "greedy"], &[4]),
    (REVROAD_SOLO[1], &[("final-fire", "on")], ["random", "random"], &[5]),
    (REVROAD_SOLO[1], &[("bot", "seat")], ["random", "random"], &[6]),
    (
        REVROAD_SOLO[1],
        &[("bot", "seat"), ("final-fire", "on")],
        ["greedy", "ismcts:easy"],
        &[7],
    ),
];

const GML: &[Spec] = &[
    ("canada", &[], ["random", "random"], &[1, 2]),
    ("canada", &[], ["greedy", "random"], &[3]),
    ("saratoga", &[], ["random", "random"], &[1, 2]),
    ("saratoga", &[], ["random", "greedy"], &[3]),
    ("southern-1780", &[], ["random", "random"], &[1, 2]),
    ("southern-1780", &[], ["greedy", "greedy"], &[3]),
    ("greene", &[], ["random", "random"], &[1, 2]),
    ("greene", &[], ["ismcts:easy", "greedy"], &[3]),
    ("saratoga", &[("abilities", "on")], ["random", "random"], &[4]),
];

const FIW: &[Spec] = &[
    ("on-to-quebec", &[], ["random", "random"], &[1, 2]),
    ("on-to-quebec", &[], ["greedy", "random"], &[3]),
    ("on-to-quebec", &[("extended", "on")], ["random", "random"], &[4]),
    (
        "on-to-quebec",
        &[("extended", "on"), ("historic-spain", "on")],
        ["random", "random"],
        &[5],
    ),
    // 35.4 1.0 ended by agreement (ruling fiw #79).
    ("on-to-quebec", &[("end", "1759")], ["random", "random"], &[6]),
    (
        "on-to-quebec",
        &[("extended", "on"), ("end", "1760")],
        ["random", "random"],
        &[7],
    ),
    (
        "on-to-quebec",
        &[("extended", "on"), ("end", "1761")],
        ["random", "random"],
        &[8],
    ),
];

/// A game of the corpus longer than this is cut off (none is today).
const MAX_ACTIONS: usize = 20_000;

#[derive(Clone, Serialize, Deserialize)]
struct Header {
    title: String,
    rules_version: String,
    setup: Setup,
    bots: Vec<String>,
}

/// One stored action, with the digests of what was seen before it.
#[derive(Clone)]
struct Step {
    seat: String,
    action: String,
    play: String,
    show: String,
}

struct GoldenFile {
    header: Header,
    steps: Vec<Step>,
    /// The digests after the last action.
    end: (String, String),
}

impl GoldenFile {
    fn parse(path: &Path) -> GoldenFile {
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let mut lines = text.lines();
        let header: Header = serde_json::from_str(lines.next().expect("a header line"))
            .unwrap_or_else(|e| panic!("{}: bad header: {e}", path.display()));
        let mut steps = Vec::new();
        let mut end = None;
        for (i, line) in lines.enumerate() {
            let f: Vec<&str> = line.split('\t').collect();
            match f[..] {
                [seat, action, play, show] => steps.push(Step {
                    seat: seat.into(),
                    action: action.into(),
                    play: play.into(),
                    show: show.into(),
                }),
                ["end", play, show] => end = Some((play.to_string(), show.to_string())),
                _ => panic!("{} line {}: bad step '{line}'", path.display(), i + 2),
            }
        }
        let end = end.unwrap_or_else(|| panic!("{}: no end line", path.display()));
        GoldenFile { header, steps, end }
    }

    fn write(&self, path: &Path) {
        let mut out = serde_json::to_string(&self.header).expect("header serializes");
        out.push('\n');
        for s in &self.steps {
            writeln!(out, "{}\t{}\t{}\t{}", s.seat, s.action, s.play, s.show).unwrap();
        }
        writeln!(out, "end\t{}\t{}", self.end.0, self.end.1).unwrap();
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, out).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes[..8].iter().map(|b| format!("{b:02x}")).collect()
}

/// The digests of what every viewer sees in a session now. `logged` holds,
/// per viewer, how many log entries it has already been shown.
fn digests<G: Game>(s: &Session<G>, logged: &mut [usize]) -> (String, String) {
    let g = s.state();
    let info = G::info();
    let mut play = Sha256::new();
    let mut show = Sha256::new();
    let feed = |h: &mut Sha256, part: &str| {
        h.update((part.len() as u64).to_le_bytes());
        h.update(part.as_bytes());
    };
    let to_act: Vec<Seat> = g.to_act().iter().collect();
    feed(&mut play, &format!("{to_act:?}"));
    // Who won, how greatly and by which rule are play; the words of the
    // reason are what is seen.
    // (No outcome feeds "null" to play, as before the reason moved.)
    let outcome = g.outcome();
    feed(
        &mut play,
        &serde_json::to_string(&outcome.map(|o| (o.winner, &o.level, &o.rule))).unwrap(),
    );
    if let Some(o) = outcome {
        feed(&mut show, &o.reason);
    }
    let viewers: Vec<Viewer> = std::iter::once(None)
        .chain((0..info.seats.len() as Seat).map(Some))
        .collect();
    for (i, &v) in viewers.iter().enumerate() {
        feed(&mut show, &g.view(v).to_string());
        let entries: Vec<_> = g.log().visible(v).collect();
        feed(
            &mut show,
            &serde_json::to_string(&entries[logged[i].min(entries.len())..]).unwrap(),
        );
        logged[i] = entries.len();
        if let Some(seat) = v {
            if to_act.contains(&seat) {
                feed(&mut show, &serde_json::to_string(&g.prompt(seat)).unwrap());
                for a in described(g, seat) {
                    feed(&mut play, &a.id);
                    feed(&mut show, &serde_json::to_string(&a).unwrap());
                }
            }
        }
    }
    (hex(&play.finalize()), hex(&show.finalize()))
}

/// Play a new game with its bots, recording each action and what was seen.
fn generate<G: Game>(setup: Setup, bots: &[&str]) -> GoldenFile {
    let info = G::info();
    let specs: Vec<BotSpec> = bots.iter().map(|b| BotSpec::parse(b).unwrap()).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(setup.seed ^ 0x601d);
    let mut s = Session::<G>::new(setup.clone()).expect("a valid scenario");
    let mut logged = vec![0; info.seats.len() + 1];
    let mut steps = Vec::new();
    while s.state().outcome().is_none() && steps.len() < MAX_ACTIONS {
        let (play, show) = digests(&s, &mut logged);
        let to_act: Vec<Seat> = s.state().to_act().iter().collect();
        let seat = to_act[rng.gen_range(0..to_act.len())];
        let obs = Observation::new(s.state(), seat);
        let a = specs[seat as usize].choose(&obs, rng.gen(), 1);
        let id = s.state().describe(seat, &a).id;
        s.act(seat, &id, &[]).expect("a bot's action is legal");
        steps.push(Step {
            seat: info.seat_name(seat).into(),
            action: id,
            play,
            show,
        });
    }
    let end = digests(&s, &mut logged);
    GoldenFile {
        header: Header {
            title: info.key.into(),
            rules_version: info.rules_version.into(),
            setup,
            bots: bots.iter().map(|b| b.to_string()).collect(),
        },
        steps,
        end,
    }
}

/// What a replay found: the first difference in play (who acts, the legal
/// ids, the outcome, a refused action), the first in what is seen, and the
/// file as this replay sees it (written back by `POWDERHORN_GOLDEN=show`,
/// only where play is the same all through: a difference in play after
/// one in wording is still a difference in play).
struct Replayed {
    play: Option<String>,
    show: Option<String>,
    file: GoldenFile,
}

fn replay<G: Game>(f: &GoldenFile) -> Replayed {
    let mut s = Session::<G>::new(f.header.setup.clone()).expect("a valid scenario");
    let mut logged = vec![0; G::info().seats.len() + 1];
    let (mut first_play, mut first_show): (Option<String>, Option<String>) = (None, None);
    let mut steps = Vec::new();
    for (i, step) in f.steps.iter().enumerate() {
        let (play, show) = digests(&s, &mut logged);
        let at = format!("step {i} ({} {})", step.seat, step.action);
        if play != step.play {
            first_play.get_or_insert(format!("{at}: who acts, the legal ids or the outcome differ"));
        } else if show != step.show {
            first_show.get_or_insert(format!("{at}: a view, the log, a prompt or a label differs"));
        }
        let seat = Session::<G>::seat(&step.seat).expect("a seat of the title");
        if let Err(e) = s.act(seat, &step.action, &[]) {
            first_play.get_or_insert(format!("{at}: refused: {e}"));
            break;
        }
        steps.push(Step {
            play,
            show,
            ..step.clone()
        });
    }
    let end = digests(&s, &mut logged);
    if end.0 != f.end.0 {
        first_play.get_or_insert("after the last action: who acts, the legal ids or the outcome differ".into());
    } else if end.1 != f.end.1 {
        first_show.get_or_insert("after the last action: what is seen differs".into());
    }
    Replayed {
        play: first_play,
        show: first_show,
        file: GoldenFile {
            header: f.header.clone(),
            steps,
            end,
        },
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Check,
    Show,
    All,
}

fn mode() -> Mode {
    match std::env::var("POWDERHORN_GOLDEN").as_deref() {
        Err(_) | Ok("") => Mode::Check,
        Ok("show") => Mode::Show,
        Ok("all") => Mode::All,
        Ok(other) => panic!("POWDERHORN_GOLDEN={other}: use show (wording) or all (a rule change)"),
    }
}

/// `standard.hidden-arms=none.random-vs-random.9.golden`
fn file_name(spec: &Spec, seed: u64) -> String {
    let (scenario, options, bots, _) = spec;
    let mut parts = vec![scenario.to_string()];
    if !options.is_empty() {
        parts.push(
            options
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join("+"),
        );
    }
    parts.push(bots.join("-vs-").replace(':', "_"));
    parts.push(seed.to_string());
    format!("{}.golden", parts.join("."))
}

/// Every scenario and every non-default option value is played by some game.
fn covers_every_option_set<G: Game>(specs: &[Spec]) -> Vec<String> {
    let info = G::info();
    let mut missing = Vec::new();
    for sc in info.scenarios {
        if !specs.iter().any(|s| s.0 == sc.key) {
            missing.push(format!("scenario {}", sc.key));
        }
    }
    for o in info.options {
        for v in &o.values[1..] {
            if !specs.iter().any(|s| s.1.contains(&(o.key, *v))) {
                missing.push(format!("option {}={v}", o.key));
            }
        }
    }
    missing
}

fn corpus<G: Game>(specs: &[Spec]) {
    let info = G::info();
    let mode = mode();
    let missing = covers_every_option_set::<G>(specs);
    assert!(
        missing.is_empty(),
        "{}: no golden game plays {}",
        info.key,
        missing.join(", ")
    );
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/golden")
        .join(info.key);
    let mut expected: BTreeMap<String, (Setup, [&str; 2])> = BTreeMap::new();
    for spec in specs {
        for &seed in spec.3 {
            let mut setup = Setup::new(spec.0, seed);
            setup.options = spec.1.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
            setup.validate(info).expect("a valid option set");
            expected.insert(file_name(spec, seed), (setup, spec.2));
        }
    }
    if mode == Mode::All {
        let _ = std::fs::remove_dir_all(&dir);
        for (name, (setup, bots)) in &expected {
            generate::<G>(setup.clone(), bots).write(&dir.join(name));
        }
        return;
    }
    let mut stored: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e} (make the corpus: POWDERHORN_GOLDEN=all)", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    stored.sort();
    let names: Vec<String> = stored
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    let mut failures = Vec::new();
    for name in expected.keys().filter(|n| !names.contains(n)) {
        failures.push(format!(
            "{name}: in the list of golden games but not stored (POWDERHORN_GOLDEN=all)"
        ));
    }
    for (path, name) in stored.iter().zip(&names) {
        let Some((setup, bots)) = expected.get(name) else {
            failures.push(format!("{name}: stored but not in the list of golden games"));
            continue;
        };
        let f = GoldenFile::parse(path);
        if f.header.title != info.key || &f.header.setup != setup || f.header.bots != bots.map(String::from) {
            failures.push(format!("{name}: its header does not match its name"));
            continue;
        }
        if f.header.rules_version != info.rules_version {
            failures.push(format!(
                "{name}: made with rules {}, this build has {} (a rule change regenerates the corpus: POWDERHORN_GOLDEN=all)",
                f.header.rules_version, info.rules_version
            ));
            continue;
        }
        let r = replay::<G>(&f);
        match (r.play, r.show) {
            (None, None) => {}
            (None, Some(_)) if mode == Mode::Show => r.file.write(path),
            (Some(d), _) | (None, Some(d)) => failures.push(format!("{name}: {d}")),
        }
    }
    assert!(
        failures.is_empty(),
        "{}: the golden corpus does not replay:\n{}",
        info.key,
        failures.join("\n")
    );
}

#[test]
fn liberty_golden_games_replay_identically() {
    corpus::<liberty::Liberty>(LIBERTY);
}

#[test]
fn b2c_golden_games_replay_identically() {
    corpus::<b2c::B2c>(B2C);
}

#[test]
fn bh_golden_games_replay_identically() {
    corpus::<bh::Bh>(BH);
}

#[test]
fn gml_golden_games_replay_identically() {
    corpus::<gml::Gml>(GML);
}

#[test]
fn fiw_golden_games_replay_identically() {
    corpus::<fiw::Fiw>(FIW);
}
