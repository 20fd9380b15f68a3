//! The rules between the crates (ARCHITECTURE.md, "Crates"), read from
//! `cargo metadata`: the engine depends on no other crate of the workspace;
//! a title depends only on the engine and on the shared crates of its
//! family; nothing below the callers depends on a caller; the bots know no
//! title. Every workspace crate that is not named here is a title, so a new
//! title is held to the rules without being listed.

use serde_json::Value;
use std::collections::BTreeMap;
use std::process::Command;

const ENGINE: &str = "engine";
/// Rules shared by several titles of one family (never a title itself).
const SHARED: &[&str] = &["revroad"];
/// The crates that hold games: they may depend on titles (except the bots).
const CALLERS: &[&str] = &["ai", "catalog", "cli", "server"];

/// Each workspace crate and the workspace crates it depends on (normal and
/// build dependencies; tests may use anything).
fn workspace_deps() -> BTreeMap<String, Vec<String>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--no-deps", "--offline"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let meta: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata prints JSON");
    let packages = meta["packages"].as_array().expect("packages");
    packages
        .iter()
        .map(|p| {
            let deps = p["dependencies"]
                .as_array()
                .expect("dependencies")
                .iter()
                .filter(|d| d["path"].is_string() && d["kind"].as_str() != Some("dev"))
                .map(|d| d["name"].as_str().expect("a name").to_string())
                .collect();
            (p["name"].as_str().expect("a name").to_string(), deps)
        })
        .collect()
}

#[test]
fn titles_depend_only_on_the_engine_and_their_shared_crates() {
    let deps = workspace_deps();
    let is_title = |c: &str| c != ENGINE && !SHARED.contains(&c) && !CALLERS.contains(&c);
    let mut faults = Vec::new();
    for (krate, uses) in &deps {
        for d in uses {
            let allowed = if krate == ENGINE {
                false
            } else if is_title(krate) || SHARED.contains(&krate.as_str()) {
                d == ENGINE || SHARED.contains(&d.as_str())
            } else if krate == "ai" {
                d == ENGINE
            } else {
                true
            };
            if !allowed {
                faults.push(format!("{krate} depends on {d}"));
            }
        }
    }
    assert!(faults.is_empty(), "crate rules broken: {}", faults.join("; "));
    let titles: Vec<&String> = deps.keys().filter(|c| is_title(c)).collect();
    assert!(titles.len() >= 3, "the workspace lists its titles: {titles:?}");
}
