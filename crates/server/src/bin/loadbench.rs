//! Load benchmark (not a test): the server in-process on a loopback port, and
//! many concurrent games, each played by its own client thread sending random
//! legal actions over HTTP. Reports actions per second and the latency of
//! `POST /api/games/{id}/actions` (p50, p99).
//!
//!     cargo run --release -p server --bin loadbench -- [--games 50] [--actions 40] [--seconds 60] [--db FILE|postgres://...]
//!
//! Without `--db` the games go to a SQLite file in a temporary folder (deleted
//! after). Bounded: at most `games * actions` actions and `--seconds` of play.

use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

struct Args {
    games: usize,
    actions: usize,
    seconds: u64,
    db: Option<String>,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        games: 50,
        actions: 40,
        seconds: 60,
        db: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(k) = it.next() {
        let mut v = || it.next().ok_or_else(|| format!("{k} needs a value"));
        match k.as_str() {
            "--games" => a.games = v()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--actions" => a.actions = v()?.parse().map_err(|e| format!("--actions: {e}"))?,
            "--seconds" => a.seconds = v()?.parse().map_err(|e| format!("--seconds: {e}"))?,
            "--db" => a.db = Some(v()?),
            "-h" | "--help" => {
                println!("loadbench [--games N] [--actions N per game] [--seconds S] [--db FILE|postgres://...]");
                std::process::exit(0);
            }
            _ => return Err(format!("unknown argument '{k}'")),
        }
    }
    if a.games == 0 || a.games > 1000 || a.actions == 0 || a.seconds == 0 {
        return Err("--games is 1..=1000; --actions and --seconds are at least 1".into());
    }
    Ok(a)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// One game played to `actions` actions (or the deadline); the latencies of
/// its accepted actions.
fn play(base: &str, n: usize, actions: usize, stop: &AtomicBool) -> Result<Vec<Duration>, String> {
    let agent = ureq::AgentBuilder::new().timeout(Duration::from_secs(30)).build();
    let err = |e: ureq::Error| match e {
        ureq::Error::Status(code, r) => format!("HTTP {code}: {}", r.into_string().unwrap_or_default()),
        e => e.to_string(),
    };
    let created: Value = agent
        .post(&format!("{base}/api/games"))
        .send_json(json!({"scenario": "liberty/1775", "seed": 1000 + n as u64,
                          "seats": {"british": "hotseat", "american": "hotseat"}}))
        .map_err(err)?
        .into_json()
        .map_err(|e| e.to_string())?;
    let id = created["id"].as_str().ok_or("no id")?.to_string();
    let tokens: Vec<String> = created["seats"]
        .as_array()
        .ok_or("no seats")?
        .iter()
        .filter_map(|s| s["token"].as_str().map(str::to_string))
        .collect();
    let mut rng = rand::rngs::StdRng::seed_from_u64(n as u64);
    let mut lat = Vec::with_capacity(actions);
    let mut seq = created["seq"].as_u64().unwrap_or(0);
    while lat.len() < actions && !stop.load(Ordering::Relaxed) {
        let mut pick = None;
        for t in &tokens {
            let l: Value = agent
                .get(&format!("{base}/api/games/{id}/legal"))
                .set("Authorization", &format!("Bearer {t}"))
                .call()
                .map_err(err)?
                .into_json()
                .map_err(|e| e.to_string())?;
            let legal = l["legal"].as_array().cloned().unwrap_or_default();
            seq = l["seq"].as_u64().unwrap_or(seq);
            if !legal.is_empty() {
                let a = legal[rng.gen_range(0..legal.len())]["id"]
                    .as_str()
                    .unwrap_or("")
                    .to_string();
                pick = Some((t.clone(), a));
                break;
            }
        }
        let Some((t, action)) = pick else { break }; // game over
        let t0 = Instant::now();
        let r: Value = agent
            .post(&format!("{base}/api/games/{id}/actions"))
            .set("Authorization", &format!("Bearer {t}"))
            .send_json(json!({"seq_seen": seq, "action_id": action}))
            .map_err(err)?
            .into_json()
            .map_err(|e| e.to_string())?;
        lat.push(t0.elapsed());
        seq = r["seq"].as_u64().unwrap_or(seq + 1);
        if r["status"] == "over" {
            break;
        }
    }
    Ok(lat)
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("loadbench: {e}");
            std::process::exit(2);
        }
    };
    let tmp = std::env::temp_dir().join(format!("powderhorn-loadbench-{}", std::process::id()));
    let db = args.db.clone().unwrap_or_else(|| {
        std::fs::create_dir_all(&tmp).expect("temp folder");
        tmp.join("games.db").to_string_lossy().into_owned()
    });
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let addr = rt.block_on(async {
        let state = server::open(&db).await.unwrap_or_else(|e| {
            eprintln!("loadbench: {e}");
            std::process::exit(1);
        });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind loopback");
        let addr = listener.local_addr().expect("addr");
        let state = state.with_site(server::hosting::Site::new(addr, &[]).expect("site"));
        tokio::spawn(async move { axum::serve(listener, server::app(state)).await });
        addr
    });
    let base = format!("http://{addr}");
    let backend = if db.starts_with("postgres") {
        "PostgreSQL"
    } else {
        "SQLite"
    };
    println!(
        "loadbench: {} games x {} actions, {backend} ({}), server on {base}, {} cores",
        args.games,
        args.actions,
        server::store::DbSpec::parse(&db),
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
    );
    let stop = Arc::new(AtomicBool::new(false));
    let t0 = Instant::now();
    let handles: Vec<_> = (0..args.games)
        .map(|n| {
            let (base, stop) = (base.clone(), stop.clone());
            let actions = args.actions;
            std::thread::spawn(move || play(&base, n, actions, &stop))
        })
        .collect();
    let deadline = t0 + Duration::from_secs(args.seconds);
    while handles.iter().any(|h| !h.is_finished()) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    stop.store(true, Ordering::Relaxed);
    let mut lat = Vec::new();
    let mut errors = 0;
    for h in handles {
        match h.join() {
            Ok(Ok(l)) => lat.extend(l),
            Ok(Err(e)) => {
                errors += 1;
                eprintln!("loadbench: a game failed: {e}");
            }
            Err(_) => errors += 1,
        }
    }
    let wall = t0.elapsed();
    lat.sort();
    println!(
        "{backend}: {} actions in {:.2} s = {:.0} actions/s; POST action latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {errors} failed games",
        lat.len(),
        wall.as_secs_f64(),
        lat.len() as f64 / wall.as_secs_f64(),
        ms(percentile(&lat, 0.50)),
        ms(percentile(&lat, 0.99)),
        ms(lat.last().copied().unwrap_or_default()),
    );
    rt.shutdown_timeout(Duration::from_secs(1));
    if args.db.is_none() {
        let _ = std::fs::remove_dir_all(&tmp);
    }
    if errors > 0 {
        std::process::exit(1);
    }
}
