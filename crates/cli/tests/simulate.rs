//! `powderhorn simulate` (runs, shards, merge, chart) and `play --opponent`.

use assert_cmd::Command;
use predicates::prelude::*;
use tempfile::TempDir;

fn ph() -> Command {
    Command::cargo_bin("powderhorn").unwrap()
}

fn json(path: &std::path::Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn simulate_shards_merge_and_chart() {
    let dir = TempDir::new().unwrap();
    let p = |n: &str| dir.path().join(n);
    let run = |extra: &[&str], out: &std::path::Path| {
        ph().args(["simulate", "liberty/1775", "--games", "4", "--seed", "9"])
            .args(["--seat", "british=greedy", "--threads", "2", "--out"])
            .arg(out)
            .args(extra)
            .assert()
            .success()
            .stdout(predicate::str::contains("95% interval").and(predicate::str::contains("greedy")));
    };
    run(&[], &p("whole.json"));
    run(&["--shard", "1/2"], &p("a.json"));
    run(&["--shard", "2/2"], &p("b.json"));
    ph().args(["simulate", "merge"])
        .arg(p("b.json"))
        .arg(p("a.json"))
        .arg("--out")
        .arg(p("merged.json"))
        .arg("--svg")
        .arg(p("chart.svg"))
        .assert()
        .success()
        .stdout(predicate::str::contains("4 games"));
    let whole = json(&p("whole.json"));
    assert_eq!(whole, json(&p("merged.json")));
    assert_eq!(whole["games"], 4);
    assert_eq!(whole["seats"]["british"], "greedy");
    assert_eq!(whole["seats"]["american"], "random");
    let wins = whole["wins"]["british"].as_u64().unwrap() + whole["wins"]["american"].as_u64().unwrap();
    assert_eq!(wins + whole["draws"].as_u64().unwrap(), 4);
    assert!(std::fs::read_to_string(p("chart.svg")).unwrap().contains("<svg"));
}

/// Every simulated game can be read back: its save file replays to the
/// same end, and its log tells how it went.
#[test]
fn simulated_games_are_saved_for_reading() {
    let dir = TempDir::new().unwrap();
    let p = |n: &str| dir.path().join(n);
    ph().args([
        "simulate",
        "b2c/standard",
        "--games",
        "2",
        "--seed",
        "4",
        "--seat",
        "british=greedy",
    ])
    .arg("--out")
    .arg(p("run.json"))
    .arg("--save-games")
    .arg(p("games"))
    .assert()
    .success();
    let run = json(&p("run.json"));
    for g in run["results"].as_array().unwrap() {
        let save = p("games").join(format!("game-{}.json", g["game"]));
        let file = json(&save);
        assert_eq!(file["setup"]["seed"], g["seed"]);
        assert_eq!(
            file["actions"].as_array().unwrap().len() as u64,
            g["actions"].as_u64().unwrap()
        );
        ph().arg("verify").arg(&save).assert().success();
        let winner = g["winner"].as_str().unwrap();
        let status = String::from_utf8(
            ph().arg("status")
                .arg(&save)
                .assert()
                .success()
                .get_output()
                .stdout
                .clone(),
        )
        .unwrap();
        assert!(status.contains(&format!("game over: {winner} wins")), "{status}");
        ph().arg("log")
            .arg(&save)
            .assert()
            .success()
            .stdout(predicate::str::is_empty().not());
    }
}

#[test]
fn simulate_refuses_bad_arguments() {
    for args in [
        &["simulate", "liberty/1775", "--seat", "british=clever"][..],
        &["simulate", "liberty/1775", "--seat", "hessian=random"],
        &["simulate", "liberty/1775", "--shard", "3/2"],
        &["simulate", "nosuch/1"],
        &["simulate"],
    ] {
        ph().args(args).assert().code(1);
    }
}

#[test]
fn play_against_the_greedy_bot() {
    let dir = TempDir::new().unwrap();
    let save = dir.path().join("play.json");
    ph().args([
        "play",
        "liberty/1775",
        "--as",
        "american",
        "--seed",
        "5",
        "--opponent",
        "greedy",
        "--save",
    ])
    .arg(&save)
    .write_stdin("1\n1\n1\n")
    .assert()
    .success()
    .stdout(predicate::str::contains("played by the greedy bot"));
    ph().arg("verify").arg(&save).assert().success();
    ph().args(["play", "liberty/1775", "--as", "american", "--opponent", "genius"])
        .assert()
        .code(1)
        .stderr(predicate::str::contains("--opponent"));
}
