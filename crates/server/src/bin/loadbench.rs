//! Load benchmark (not a test): the server in-process on a loopback port, and
//! many concurrent games, each played by its own client thread sending random
//! legal actions over HTTP. Reports actions per second and the latency of
//! `POST /api/games/{id}/actions` (p50, p99).
//!
//! Before the play, the raw rate of one-row SQLite transactions (WAL,
//! `synchronous=FULL`) on a file in the bench database's folder: what one
//! fsync per action would allow on this machine, the yardstick of the
//! server's actions per second. After it, the CPU time per accepted action:
//! of the whole process, and of the server alone (the process less the
//! client threads, which each read their own CPU time when they end).
//!
//! With `--computer-games N`, N games between two `computer:hard` seats play
//! (at the server's pace for computers-only games) on the server's computer
//! players' pool while the clients play: the latency the clients see then is
//! that of a server whose cores are busy thinking.
//!
//!     cargo run --release -p server --bin loadbench -- [--games 50] [--actions 40] [--seconds 60] [--computer-games 0] [--db FILE|postgres://...]
//!
//! Without `--db` the games go to a SQLite file in a temporary folder (deleted
//! after). Bounded: at most `games * actions` actions and `--seconds` of play.

use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How long the raw transaction rate is measured.
const RAW_SECONDS: f64 = 2.0;

struct Args {
    games: usize,
    actions: usize,
    seconds: u64,
    computer_games: usize,
    db: Option<String>,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        games: 50,
        actions: 40,
        seconds: 60,
        computer_games: 0,
        db: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(k) = it.next() {
        let mut v = || it.next().ok_or_else(|| format!("{k} needs a value"));
        match k.as_str() {
            "--games" => a.games = v()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--actions" => a.actions = v()?.parse().map_err(|e| format!("--actions: {e}"))?,
            "--seconds" => a.seconds = v()?.parse().map_err(|e| format!("--seconds: {e}"))?,
            "--computer-games" => a.computer_games = v()?.parse().map_err(|e| format!("--computer-games: {e}"))?,
            "--db" => a.db = Some(v()?),
            "-h" | "--help" => {
                println!("loadbench [--games N] [--actions N per game] [--seconds S] [--computer-games N] [--db FILE|postgres://...]");
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

/// Sequential `BEGIN; INSERT one row; COMMIT` for [`RAW_SECONDS`] on a
/// fresh SQLite file in `dir` (WAL, `synchronous=FULL`, as the server's
/// store): transactions per second.
fn raw_txn_rate(dir: &Path) -> Result<f64, rusqlite::Error> {
    let file = dir.join(format!("raw-txn-{}.db", std::process::id()));
    let rate = (|| {
        let conn = rusqlite::Connection::open(&file)?;
        let _: String = conn.query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))?;
        conn.execute_batch("PRAGMA synchronous=FULL; CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL);")?;
        let (mut begin, mut insert, mut commit) = (
            conn.prepare("BEGIN")?,
            conn.prepare("INSERT INTO t (v) VALUES ('liberty/1775 british act a-move')")?,
            conn.prepare("COMMIT")?,
        );
        let t0 = Instant::now();
        let mut n = 0u64;
        while t0.elapsed().as_secs_f64() < RAW_SECONDS {
            begin.execute([])?;
            insert.execute([])?;
            commit.execute([])?;
            n += 1;
        }
        Ok(n as f64 / t0.elapsed().as_secs_f64())
    })();
    for ext in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{ext}", file.display()));
    }
    rate
}

/// CPU time (user + system) of the whole process so far, from
/// `/proc/self/stat` (fields 14 and 15, in clock ticks of 1/100 s).
fn process_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The command name (field 2) may hold spaces: count from its ')'.
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split(' ').collect();
    let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// CPU time of the calling thread so far, in nanoseconds (the first field of
/// `/proc/thread-self/schedstat`; finer than `stat`'s ticks, which would be
/// off by up to 10 ms for each of a hundred client threads).
fn thread_cpu() -> Option<Duration> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    Some(Duration::from_nanos(s.split_whitespace().next()?.parse().ok()?))
}

/// CPU time of this process's threads named `name` (the server's SQLite
/// writer thread), from their `schedstat`.
fn threads_cpu(name: &str) -> Duration {
    let mut total = Duration::ZERO;
    for task in std::fs::read_dir("/proc/self/task").into_iter().flatten().flatten() {
        let comm = std::fs::read_to_string(task.path().join("comm")).unwrap_or_default();
        if comm.trim_end() == name {
            let s = std::fs::read_to_string(task.path().join("schedstat")).unwrap_or_default();
            let ns = s.split_whitespace().next().and_then(|n| n.parse().ok()).unwrap_or(0);
            total += Duration::from_nanos(ns);
        }
    }
    total
}

/// A counter's or a histogram's `_sum`/`_count` value in the Prometheus
/// rendering (0 when absent).
fn metric(text: &str, name: &str) -> f64 {
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.trim().parse().ok())
        .unwrap_or(0.0)
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
    // Each seat's token by seat name.
    let tokens: Vec<(String, String)> = created["seats"]
        .as_array()
        .ok_or("no seats")?
        .iter()
        .filter_map(|s| Some((s["seat"].as_str()?.to_string(), s["token"].as_str()?.to_string())))
        .collect();
    let token_of = |seat: &str| tokens.iter().find(|(s, _)| s == seat).map(|(_, t)| t.clone());
    let mut rng = rand::rngs::StdRng::seed_from_u64(n as u64);
    let mut lat = Vec::with_capacity(actions);
    let mut seq = created["seq"].as_u64().unwrap_or(0);
    // As a client of the API plays: the move's answer says who acts next and
    // gives the mover's next choices when it is still to act; otherwise the
    // choices of the seat to act are asked for.
    let seats = |v: &Value| -> Vec<String> {
        v.as_array()
            .map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_string)).collect())
            .unwrap_or_default()
    };
    let mut to_act = seats(&created["to_act"]);
    let mut next: Option<(String, Vec<Value>)> = None;
    while lat.len() < actions && !stop.load(Ordering::Relaxed) {
        let (t, legal) = match next.take() {
            Some(n) => n,
            None => {
                let Some(seat) = to_act.first() else { break }; // game over
                let t = token_of(seat).ok_or("no token for the seat to act")?;
                let l: Value = agent
                    .get(&format!("{base}/api/games/{id}/legal"))
                    .set("Authorization", &format!("Bearer {t}"))
                    .call()
                    .map_err(err)?
                    .into_json()
                    .map_err(|e| e.to_string())?;
                seq = l["seq"].as_u64().unwrap_or(seq);
                (t, l["legal"].as_array().cloned().unwrap_or_default())
            }
        };
        if legal.is_empty() {
            return Err(format!("{} has no legal action though it is to act", to_act.join("+")));
        }
        let action = legal[rng.gen_range(0..legal.len())]["id"]
            .as_str()
            .unwrap_or("")
            .to_string();
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
        to_act = seats(&r["to_act"]);
        let mine = r["legal"].as_array().cloned().unwrap_or_default();
        if !mine.is_empty() {
            next = Some((t, mine));
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
    // Before the server starts, so nothing else runs meanwhile.
    let raw_dir = match &args.db {
        Some(d) if !d.starts_with("postgres") => Path::new(d)
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."))
            .to_path_buf(),
        _ => {
            std::fs::create_dir_all(&tmp).expect("temp folder");
            tmp.clone()
        }
    };
    let raw = raw_txn_rate(&raw_dir).unwrap_or_else(|e| {
        eprintln!("loadbench: the raw transaction rate in {}: {e}", raw_dir.display());
        0.0
    });
    // The server's metrics (group commit: transactions and jobs per commit).
    let metrics = server::ops::recorder();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    let addr = rt.block_on(async {
        // One client address creates every game: no creation rate limit.
        let limits = server::Limits {
            games_per_minute: u32::MAX,
            connections_per_address: 100_000,
            computer_games_per_address: u64::MAX,
            computers_only_games_per_address: u64::MAX,
            computers_only_games: u64::MAX,
            ..Default::default()
        };
        let state = server::open_with(&db, limits.clone()).await.unwrap_or_else(|e| {
            eprintln!("loadbench: {e}");
            std::process::exit(1);
        });
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind loopback");
        let addr = listener.local_addr().expect("addr");
        let state = state.with_site(server::hosting::Site::new(addr, &[]).expect("site"));
        // The server's own accept loop (timeouts, connection caps), as `serve` runs it.
        tokio::spawn(async move { server::listen::serve(listener, server::app(state), &limits).await });
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
    println!(
        "raw one-row txn/s: {raw:.0} (SQLite, WAL, synchronous=FULL, sequential, in {})",
        raw_dir.display()
    );
    let agent = ureq::AgentBuilder::new().timeout(Duration::from_secs(30)).build();
    for _ in 0..args.computer_games {
        let body =
            json!({"scenario": "liberty/1775", "seats": {"british": "computer:hard", "american": "computer:hard"}});
        if let Err(e) = agent.post(&format!("{base}/api/games")).send_json(body) {
            eprintln!("loadbench: a computer game was not created: {e}");
        }
    }
    if args.computer_games > 0 {
        println!(
            "{} computer:hard games against themselves play meanwhile",
            args.computer_games
        );
    }
    let stop = Arc::new(AtomicBool::new(false));
    let (cpu0, main0, writer0) = (process_cpu(), thread_cpu(), threads_cpu("sqlite-writer"));
    let before = metrics.render();
    let t0 = Instant::now();
    // Each client thread answers its latencies and its own CPU time.
    let handles: Vec<_> = (0..args.games)
        .map(|n| {
            let (base, stop) = (base.clone(), stop.clone());
            let actions = args.actions;
            std::thread::spawn(move || (play(&base, n, actions, &stop), thread_cpu()))
        })
        .collect();
    let deadline = t0 + Duration::from_secs(args.seconds);
    while handles.iter().any(|h| !h.is_finished()) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    stop.store(true, Ordering::Relaxed);
    let mut lat = Vec::new();
    let mut errors = 0;
    let mut clients_cpu = Some(Duration::ZERO);
    for h in handles {
        match h.join() {
            Ok((played, cpu)) => {
                clients_cpu = clients_cpu.zip(cpu).map(|(a, b)| a + b);
                match played {
                    Ok(l) => lat.extend(l),
                    Err(e) => {
                        errors += 1;
                        eprintln!("loadbench: a game failed: {e}");
                    }
                }
            }
            Err(_) => errors += 1,
        }
    }
    let wall = t0.elapsed();
    let (cpu1, main1, writer1) = (process_cpu(), thread_cpu(), threads_cpu("sqlite-writer"));
    let after = metrics.render();
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
    let rate = lat.len() as f64 / wall.as_secs_f64();
    if raw > 0.0 {
        println!("accepted actions/s / raw txn/s = {:.2}", rate / raw);
    }
    let per_action = |d: Duration| d.as_secs_f64() * 1e6 / lat.len().max(1) as f64;
    match (cpu0, cpu1, main0, main1, clients_cpu) {
        (Some(c0), Some(c1), Some(m0), Some(m1), Some(clients)) => {
            let all = c1.saturating_sub(c0);
            // The clients and the bench's own main thread (which only waits).
            let bench = clients + m1.saturating_sub(m0);
            println!(
                "CPU per action µs: {:.0} server, of which {:.0} its SQLite writer thread ({:.0} whole process, of which {:.0} the in-process HTTP clients); {:.2} s CPU in {:.2} s",
                per_action(all.saturating_sub(bench)),
                per_action(writer1.saturating_sub(writer0)),
                per_action(all),
                per_action(bench),
                all.as_secs_f64(),
                wall.as_secs_f64(),
            );
        }
        _ => println!("CPU per action: unknown (no /proc)"),
    }
    let delta = |name: &str| metric(&after, name) - metric(&before, name);
    let commits = delta("powderhorn_db_commits_total");
    if commits > 0.0 {
        println!(
            "SQLite commits: {commits:.0}, {:.1} writes per commit on average",
            delta("powderhorn_db_commit_batch_size_sum") / delta("powderhorn_db_commit_batch_size_count").max(1.0)
        );
    }
    rt.shutdown_timeout(Duration::from_secs(1));
    if args.db.is_none() {
        let _ = std::fs::remove_dir_all(&tmp);
    }
    if errors > 0 {
        std::process::exit(1);
    }
}
