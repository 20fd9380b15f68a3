//! End-to-end tests of the `powderhorn` command on liberty/1775.

use assert_cmd::Command;
use predicates::prelude::*;
use std::path::{Path, PathBuf};
use tempfile::TempDir;

const SCENARIO: &str = "liberty/1775";

fn ph() -> Command {
    Command::cargo_bin("powderhorn").unwrap()
}

fn stdout(cmd: &mut Command) -> String {
    let out = cmd.assert().success().get_output().stdout.clone();
    String::from_utf8(out).unwrap()
}

/// A new game with a fixed seed in a fresh directory.
fn new_game(dir: &TempDir) -> PathBuf {
    let file = dir.path().join("game.json");
    ph().args(["new", SCENARIO, "--seed", "7", "-o"])
        .arg(&file)
        .assert()
        .success()
        .stdout(predicate::str::contains("seed 7"));
    file
}

fn arg(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The seats that must act, read from `status` (`SEAT to act...` lines).
fn to_act(file: &Path) -> Vec<String> {
    stdout(ph().args(["status", arg(file)]))
        .lines()
        .filter_map(|l| l.split_once(" to act").map(|(s, _)| s.to_string()))
        .collect()
}

fn first_legal(file: &Path, seat: &str) -> String {
    let legal = stdout(ph().args(["legal", arg(file), "--as", seat]));
    let line = legal.lines().next().expect("a seat to act has a legal action");
    line.split(' ').next().unwrap().to_string()
}

/// A seat's prompt is its own (FIW's secret purchases list the seat's
/// draft in it, ruling fiw #30): `status` and `act` print the words only
/// for the seat named with `--as`, and "SEAT to act" for the others.
#[test]
fn each_seat_reads_only_its_own_prompt() {
    let dir = TempDir::new().unwrap();
    let file = new_game(&dir);
    let seats = to_act(&file);
    assert_eq!(seats.len(), 2, "both play a card at once (3.1)");
    let plain = stdout(ph().args(["status", arg(&file)]));
    assert!(!plain.contains(" to act: "), "no seat named, no prompt: {plain}");
    let british = stdout(ph().args(["status", arg(&file), "--as", "british"]));
    assert!(british.contains("british to act: "), "{british}");
    assert!(british.lines().any(|l| l == "american to act"), "{british}");
    let id = first_legal(&file, "american");
    let acted = stdout(ph().args(["act", arg(&file), "--as", "american", &id]));
    assert!(!acted.contains("british to act: "), "{acted}");
}

#[test]
fn scenarios_lists_liberty_1775() {
    ph().arg("scenarios")
        .assert()
        .success()
        .stdout(predicate::str::is_match(r"(?m)^liberty/1775  \S.* — \S").unwrap());
}

#[test]
fn new_status_legal_act_verify() {
    let dir = TempDir::new().unwrap();
    let file = new_game(&dir);
    let status = stdout(ph().args(["status", arg(&file)]));
    assert!(status.contains("title: "), "{status}");
    assert!(status.contains("seed: 7"), "{status}");
    assert!(status.contains("actions: 0"), "{status}");
    assert!(status.contains("year: "), "{status}");
    let seats = to_act(&file);
    assert!(!seats.is_empty(), "{status}");
    let seat = &seats[0];
    let id = first_legal(&file, seat);
    ph().args(["act", arg(&file), "--as", seat, &id]).assert().success();
    assert!(stdout(ph().args(["status", arg(&file)])).contains("actions: 1"));
    ph().args(["verify", arg(&file)])
        .assert()
        .success()
        .stdout("ok: 1 actions replay to the saved state\n");
    // The other commands read the file too.
    ph().args(["log", arg(&file)]).assert().success();
    ph().args(["log", arg(&file), "--as", seat]).assert().success();
    ph().args(["view", arg(&file), "--as", seat]).assert().success();
    let json = stdout(ph().args(["view", arg(&file), "--as", "spectator", "--json"]));
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(v.is_object());
}

/// `view` reads as the table does (issue 19 item 14): the facts, each
/// space with its pieces, the hands; the other side's blocks on their backs.
// rule: liberty 2.0, 2.1, 3.0
#[test]
fn view_reads_as_the_table() {
    let dir = TempDir::new().unwrap();
    let file = new_game(&dir);
    let british = stdout(ph().args(["view", arg(&file), "--as", "british"]));
    assert!(british.starts_with("Year: 1775, Game Turn 1 of "), "{british}");
    assert!(british.contains("British's hand: "), "{british}");
    assert!(
        british.contains("American's hand: ") && british.contains("cards, face down"),
        "{british}"
    );
    // Boston's line: the British blocks by name with strength and rating,
    // and no raw key of the state.
    let json: serde_json::Value =
        serde_json::from_str(&stdout(ph().args(["view", arg(&file), "--as", "british", "--json"]))).unwrap();
    let block = json["board"]["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["space_name"] == "Boston" && p["side"] == "british")
        .expect("a British block in Boston");
    let shown = format!(
        "British {} {}/{} {}",
        block["name"].as_str().unwrap(),
        block["strength"]["now"],
        block["strength"]["max"],
        block["rating"].as_str().unwrap()
    );
    let boston = british
        .lines()
        .find(|l| l.starts_with("Boston: "))
        .expect("a line for Boston");
    assert!(boston.contains(&shown), "{shown} not in {boston}");
    assert!(
        !british.contains("\"blocks\"") && !british.contains("turns_in_year"),
        "{british}"
    );
    // The Americans see the British blocks only as blocks.
    let american = stdout(ph().args(["view", arg(&file), "--as", "american"]));
    let boston = american
        .lines()
        .find(|l| l.starts_with("Boston: "))
        .expect("a line for Boston");
    assert!(
        boston.contains("× British block") && !boston.contains(block["name"].as_str().unwrap()),
        "{boston}"
    );
}

#[test]
fn a_seat_not_to_act_has_no_legal_actions() {
    let dir = TempDir::new().unwrap();
    let file = new_game(&dir);
    let seats = to_act(&file);
    for seat in ["british", "american"] {
        let legal = stdout(ph().args(["legal", arg(&file), "--as", seat]));
        assert_eq!(legal.is_empty(), !seats.iter().any(|s| s == seat), "{seat}: {legal}");
    }
}

#[test]
fn illegal_action_exits_2_and_leaves_the_file_alone() {
    let dir = TempDir::new().unwrap();
    let file = new_game(&dir);
    let before = std::fs::read(&file).unwrap();
    let seat = to_act(&file).remove(0);
    ph().args(["act", arg(&file), "--as", &seat, "no-such-action"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a legal action"));
    let id = first_legal(&file, &seat);
    for dice in ["0", "21", "3,x", ""] {
        ph().args(["act", arg(&file), "--as", &seat, &id, "--dice", dice])
            .assert()
            .code(2)
            .stderr(predicate::str::contains("dice"));
    }
    ph().args(["act", arg(&file), "--as", "nobody", &id]).assert().code(2);
    assert_eq!(before, std::fs::read(&file).unwrap());
}

/// Referee mode: the first deal and an action's draws are entered by name;
/// a draw that cannot be made is refused and the file is left alone.
#[test]
fn referee_draws_are_entered_by_name() {
    let dir = TempDir::new().unwrap();
    let file = dir.path().join("dealt.json");
    let deal = ["s3", "a1", "a1", "a3", "s2", "a2"];
    let mut new = ph();
    new.args(["new", SCENARIO, "--seed", "7"]);
    for card in deal {
        new.args(["--draw", card]);
    }
    new.arg("-o").arg(&file).assert().success();
    let view = stdout(ph().args(["view", arg(&file), "--as", "british", "--json"]));
    let hand: serde_json::Value = serde_json::from_str(&view).unwrap();
    assert!(view.contains("s3") && hand.to_string().contains("a1"), "{view}");
    ph().args(["new", SCENARIO, "--draw", "s3", "--draw", "s3", "--draw", "s3", "-o"])
        .arg(dir.path().join("bad.json"))
        .assert()
        .failure()
        .stderr(predicate::str::contains("cannot draw 's3'"));
    assert!(!dir.path().join("bad.json").exists());

    let before = std::fs::read(&file).unwrap();
    let seat = to_act(&file).remove(0);
    let id = first_legal(&file, &seat);
    ph().args(["act", arg(&file), "--as", &seat, &id, "--draw", "a-morgan"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("fewer than the draws given"));
    assert_eq!(before, std::fs::read(&file).unwrap());
}

#[test]
fn wrong_seat_exits_2() {
    let dir = TempDir::new().unwrap();
    let file = new_game(&dir);
    let seat = to_act(&file).remove(0);
    ph().args(["undo", arg(&file), "--as", &seat])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("nothing to undo"));
    // Play first legal actions until only one seat must act; the other is refused.
    for _ in 0..200 {
        let seats = to_act(&file);
        let id = first_legal(&file, &seats[0]);
        if let [only] = seats.as_slice() {
            let other = if only == "british" { "american" } else { "british" };
            let before = std::fs::read(&file).unwrap();
            ph().args(["act", arg(&file), "--as", other, &id])
                .assert()
                .code(2)
                .stderr(predicate::str::contains(other));
            assert_eq!(before, std::fs::read(&file).unwrap());
            return;
        }
        ph().args(["act", arg(&file), "--as", &seats[0], &id])
            .assert()
            .success();
    }
    panic!("both seats had to act for 200 actions");
}

#[test]
fn corrupt_file_is_a_clear_error() {
    let dir = TempDir::new().unwrap();
    let file = dir.path().join("bad.json");
    std::fs::write(&file, "{ this is not json").unwrap();
    for cmd in ["status", "verify"] {
        ph().args([cmd, arg(&file)])
            .assert()
            .code(1)
            .stderr(predicate::str::contains("not a Powderhorn save file"));
    }
    ph().args(["status", arg(&dir.path().join("missing.json"))])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("cannot read"));
}

#[test]
fn unknown_version_is_a_clear_error() {
    let dir = TempDir::new().unwrap();
    let file = new_game(&dir);
    let mut save: serde_json::Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    save["version"] = 99.into();
    std::fs::write(&file, serde_json::to_string(&save).unwrap()).unwrap();
    ph().args(["verify", arg(&file)])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("version 99 is not supported"));
}

#[test]
fn edited_state_fails_verify() {
    let dir = TempDir::new().unwrap();
    let file = new_game(&dir);
    let mut save: serde_json::Value = serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
    save["setup"]["seed"] = 8.into();
    std::fs::write(&file, serde_json::to_string(&save).unwrap()).unwrap();
    ph().args(["verify", arg(&file)]).assert().code(1);
}

#[test]
fn unknown_scenario_lists_known_ones() {
    let dir = TempDir::new().unwrap();
    ph().args(["new", "liberty/1066", "-o", arg(&dir.path().join("g.json"))])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("liberty/1775"));
}

#[test]
fn bench_prints_actions_per_second() {
    for session in [None, Some("--session")] {
        ph().args(["bench", SCENARIO, "--games", "2"])
            .args(session)
            .assert()
            .success()
            .stdout(predicate::str::contains("games: 2").and(predicate::str::contains("actions/s: ")));
    }
}

/// `fuzz` plays games under every harness check and names the seeds played
/// and the next (to go on with a run); a failed game (here: not over within
/// 30 actions) is written as a save file that loads.
#[test]
fn fuzz_writes_the_save_file_of_a_failed_game() {
    ph().args(["fuzz", "bh/solo-patriot", "--games", "2", "--threads", "2"])
        .assert()
        .success()
        .stdout(
            predicate::str::contains("2 games")
                .and(predicate::str::contains("0 failed"))
                .and(predicate::str::contains("seeds 1 to 2, next 3")),
        );
    let dir = TempDir::new().unwrap();
    let out = dir.path().join("failures");
    ph().args(["fuzz", SCENARIO, "--games", "2", "--max-actions", "30", "--out"])
        .arg(&out)
        .assert()
        .failure()
        .stdout(predicate::str::contains("2 failed").and(predicate::str::contains("no outcome within the bound")));
    let saved = out.join("liberty-1775-seed-2.json");
    let status = stdout(ph().args(["status", arg(&saved)]));
    assert!(status.contains("actions: 30"), "{status}");
}

#[test]
fn bench_times_a_bots_decisions() {
    ph().args([
        "bench",
        "b2c/standard",
        "--bot",
        "ismcts:50",
        "--trees",
        "1",
        "--decisions",
        "5",
    ])
    .assert()
    .success()
    .stdout(predicate::str::contains("decisions timed: 5").and(predicate::str::contains("median: ")));
    ph().args(["bench", SCENARIO, "--bot", "ismcts:cleverest"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("unknown bot"));
}

/// Every scenario of every title plays random games to their end.
#[test]
fn every_scenario_plays_to_an_outcome() {
    let out = ph().arg("scenarios").output().unwrap();
    let list = String::from_utf8(out.stdout).unwrap();
    let scenarios: Vec<&str> = list.lines().filter_map(|l| l.split_whitespace().next()).collect();
    for key in [
        "liberty/1775",
        "b2c/standard",
        "b2c/solo-british",
        "bh/standard",
        "bh/solo-patriot",
    ] {
        assert!(scenarios.contains(&key), "{key} in {scenarios:?}");
    }
    for s in scenarios {
        ph().args(["bench", s, "--games", "2"])
            .assert()
            .success()
            .stdout(predicate::str::contains("games: 2"));
    }
}

#[test]
fn play_hotseat_from_piped_input() {
    let dir = TempDir::new().unwrap();
    let save = dir.path().join("play.json");
    ph().args(["play", SCENARIO, "--as", "hotseat", "--seed", "3", "--save", arg(&save)])
        .write_stdin("1\n1\nq\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("saved to"));
    ph().args(["verify", arg(&save)])
        .assert()
        .success()
        .stdout(predicate::str::contains("ok: 2 actions"));
}

#[test]
fn play_against_the_bot_until_input_ends() {
    let dir = TempDir::new().unwrap();
    let save = dir.path().join("play.json");
    ph().args([
        "play",
        SCENARIO,
        "--as",
        "american",
        "--seed",
        "5",
        "--save",
        arg(&save),
    ])
    .write_stdin("1\nl\nv\nnonsense\n1\n")
    .assert()
    .success();
    ph().args(["verify", arg(&save)]).assert().success();
}

#[test]
fn provenance_lists_items() {
    ph().args(["data", "provenance", "liberty"]).assert().success();
    ph().args(["data", "provenance", "nosuch"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("unknown title 'nosuch'"));
}

#[test]
fn a_game_made_with_data_files_loads_only_with_the_same_files() {
    let dir = TempDir::new().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    let blocks = include_str!("../../liberty/data/blocks.tsv");
    std::fs::write(data.join("blocks.tsv"), blocks).unwrap();
    let file = dir.path().join("game.json");
    ph().args(["--data", arg(&data), "new", SCENARIO, "--seed", "7", "-o", arg(&file)])
        .assert()
        .success();
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(saved.contains("\"blocks.tsv\""), "the save names the replaced file");
    ph().args(["--data", arg(&data), "status", arg(&file)])
        .assert()
        .success();
    ph().args(["status", arg(&file)]).assert().code(1).stderr(
        predicate::str::contains("made with --data files blocks.tsv")
            .and(predicate::str::contains("the embedded data")),
    );
    // Same file name, other contents: refused too.
    std::fs::write(data.join("blocks.tsv"), format!("{blocks}\n")).unwrap();
    ph().args(["--data", arg(&data), "status", arg(&file)])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("load it with the same --data"));
}

/// `why`: the legal actions that point at a space, or the rule that
/// forbids it; exit 2 when nothing is explained there.
#[test]
fn why_names_the_legal_actions_or_the_rule() {
    let dir = TempDir::new().unwrap();
    let file = new_game(&dir);
    // At the card play nothing points at a space: exit 2, file untouched.
    let before = std::fs::read(&file).unwrap();
    ph().args(["why", arg(&file), "--as", "british", "boston"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no action of british points at 'boston'"));
    assert_eq!(std::fs::read(&file).unwrap(), before);
    // Play the first legal actions until a group move can start.
    let (seat, group) = loop {
        let seat = to_act(&file).remove(0);
        let id = first_legal(&file, &seat);
        if id.starts_with("group-") {
            break (seat, id);
        }
        ph().args(["act", arg(&file), "--as", &seat, &id]).assert().success();
    };
    let origin = group.strip_prefix("group-").unwrap();
    let out = stdout(ph().args(["why", arg(&file), "--as", &seat, origin]));
    assert!(out.contains(&format!("legal: {group}")), "{out}");
    ph().args(["act", arg(&file), "--as", &seat, &group]).assert().success();
    let pick = first_legal(&file, &seat);
    ph().args(["act", arg(&file), "--as", &seat, &pick]).assert().success();
    // The West Indies are far from any block's first step.
    let out = stdout(ph().args(["why", arg(&file), "--as", &seat, "wi-french"]));
    assert!(out.starts_with("forbidden (5."), "{out}");
}

#[test]
fn resign_ends_the_game_for_the_other_side_and_rewrites_the_file() {
    let dir = TempDir::new().unwrap();
    let file = new_game(&dir);
    let out = stdout(ph().args(["resign", arg(&file), "--as", "british"]));
    assert!(out.contains("British resigns."), "{out}");
    assert!(out.contains("game over: american wins — British resigned"), "{out}");
    assert!(stdout(ph().args(["status", arg(&file)])).contains("game over: american wins"));
    ph().args(["verify", arg(&file)]).assert().success();
    let before = std::fs::read(&file).unwrap();
    ph().args(["resign", arg(&file), "--as", "american"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the game is over"));
    assert_eq!(before, std::fs::read(&file).unwrap());
}

#[test]
fn a_title_without_draws_by_agreement_refuses_one() {
    let dir = TempDir::new().unwrap();
    let file = new_game(&dir);
    let before = std::fs::read(&file).unwrap();
    ph().args(["draw", arg(&file), "--as", "british"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("provide no draw by agreement"));
    assert_eq!(before, std::fs::read(&file).unwrap());
}

/// FIW 29.3 Concession: an offer is saved and shown by `status` until the
/// other side declines or accepts it or a move lapses it; accepted, the game
/// ends drawn.
#[test]
fn draws_are_offered_declined_lapsed_and_accepted() {
    let dir = TempDir::new().unwrap();
    let file = dir.path().join("fiw.json");
    ph().args(["new", "fiw/on-to-quebec", "--seed", "3", "-o"])
        .arg(&file)
        .assert()
        .success();
    let draw = |seat: &str, decline: bool| {
        let mut cmd = ph();
        cmd.args(["draw", arg(&file), "--as", seat]);
        if decline {
            cmd.arg("--decline");
        }
        cmd
    };
    let out = stdout(&mut draw("british", false));
    assert!(out.contains("british offers a draw"), "{out}");
    let status = stdout(ph().args(["status", arg(&file)]));
    assert!(
        status.contains("draw offered by british  [rule 29.3]: french accepts with `draw --as french`"),
        "{status}"
    );
    draw("british", false)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("offered a draw already"));
    let out = stdout(&mut draw("french", true));
    assert!(out.contains("french declines the draw british offered"), "{out}");
    assert!(!stdout(ph().args(["status", arg(&file)])).contains("draw offered"));
    draw("french", true)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no draw is offered to french"));

    // A move lapses an offer.
    stdout(&mut draw("french", false));
    let seat = to_act(&file).remove(0);
    let id = first_legal(&file, &seat);
    ph().args(["act", arg(&file), "--as", &seat, &id]).assert().success();
    assert!(!stdout(ph().args(["status", arg(&file)])).contains("draw offered"));

    stdout(&mut draw("french", false));
    let out = stdout(&mut draw("british", false));
    assert!(out.contains("The players agree to a draw.  [rule 29.3]"), "{out}");
    assert!(
        out.contains("game over: draw (draw) — drawn by agreement  [rule 29.3]"),
        "{out}"
    );
    ph().args(["verify", arg(&file)])
        .assert()
        .success()
        .stdout("ok: 1 actions replay to the saved state\n");
    assert!(stdout(ph().args(["status", arg(&file)])).contains("game over: draw (draw)"));
    draw("french", false)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("the game is over"));
}

#[test]
fn play_offers_a_draw_to_the_bot_and_resigns() {
    // rule: fiw 29.3
    // The French bot judges On to Quebec's set-up above a draw: it declines;
    // the British then resign, which ends the game.
    ph().args(["play", "fiw/on-to-quebec", "--as", "british", "--seed", "5"])
        .write_stdin("draw\nresign\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("french (bot) declines the draw"))
        .stdout(predicate::str::contains("British resigned"));
    // Liberty's rules have no draw by agreement.
    ph().args(["play", SCENARIO, "--as", "british", "--seed", "5"])
        .write_stdin("draw\nq\n")
        .assert()
        .success()
        .stdout(predicate::str::contains("provide no draw by agreement"));
}
