//! Crash test: the real `powderhorn serve` gets streams of legal moves from
//! client threads (several games at once) and is killed with SIGKILL in the
//! middle of them; restarted on the same database, it must hold every move it
//! acknowledged, in order, and replay them; then again, for [`ROUNDS`]
//! rounds. Over SQLite (a temporary file) and over PostgreSQL (the database
//! in `POWDERHORN_TEST_PG`, which `./test.sh` starts; skipped without it).
//!
//! SIGKILL loses what the process had not yet handed to the kernel, so this
//! catches an answer sent before its transaction's commit (not a missing
//! fsync, which only a power cut would show).
//!
//! Also here, with real processes: a second server on one SQLite file is
//! refused, host names, and two servers sharing one PostgreSQL database.

use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

struct Server {
    child: Child,
    base: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn agent() -> ureq::Agent {
    ureq::AgentBuilder::new().timeout(Duration::from_secs(20)).build()
}

fn start(db: &str) -> Server {
    start_with(db, &[])
}

fn start_with(db: &str, extra: &[&str]) -> Server {
    let port = free_port();
    let child = Command::new(env!("CARGO_BIN_EXE_powderhorn"))
        .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--db", db])
        .args(extra)
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("start powderhorn serve");
    let server = Server {
        child,
        base: format!("http://127.0.0.1:{port}"),
    };
    let t0 = Instant::now();
    loop {
        if agent().get(&format!("{}/api/titles", server.base)).call().is_ok() {
            return server;
        }
        assert!(t0.elapsed() < Duration::from_secs(30), "the server did not come up");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn get(a: &ureq::Agent, url: &str, token: &str) -> Result<Value, String> {
    a.get(url)
        .set("Authorization", &format!("Bearer {token}"))
        .call()
        .map_err(|e| e.to_string())?
        .into_json()
        .map_err(|e| e.to_string())
}

/// (seq after the move, seat, action) of every acknowledged move.
type Acked = Arc<Mutex<Vec<(u64, String, String)>>>;

/// Play random legal moves until the server stops answering.
fn player(base: String, id: String, seats: Vec<(String, String)>, acked: Acked) {
    let a = agent();
    let mut rng = rand::rngs::StdRng::seed_from_u64(99);
    let mut seq = 0;
    loop {
        let mut pick = None;
        for (seat, token) in &seats {
            let Ok(l) = get(&a, &format!("{base}/api/games/{id}/legal"), token) else {
                return;
            };
            let legal = l["legal"].as_array().cloned().unwrap_or_default();
            if !legal.is_empty() {
                let act = legal[rng.gen_range(0..legal.len())]["id"].as_str().unwrap().to_string();
                pick = Some((seat.clone(), token.clone(), act));
                break;
            }
        }
        let Some((seat, token, action)) = pick else { return };
        let r = a
            .post(&format!("{base}/api/games/{id}/actions"))
            .set("Authorization", &format!("Bearer {token}"))
            .send_json(json!({"seq_seen": seq, "action_id": action}));
        let Ok(r) = r else { return };
        let Ok(v) = r.into_json::<Value>() else { return };
        seq = v["seq"].as_u64().expect("seq");
        acked.lock().unwrap().push((seq, seat, action));
        if v["status"] == "over" {
            return;
        }
    }
}

fn stored_events(db: &str, id: &str) -> Vec<server::store::Event> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let store = server::store::Store::open(&server::store::DbSpec::parse(db))
            .await
            .unwrap();
        store.game(id).await.unwrap().expect("the game is stored").2
    })
}

/// What the database holds once it stops changing: PostgreSQL finishes a
/// COMMIT it received before the server was killed, so a read right after
/// the kill may come before the last acknowledged-or-not move lands (seen
/// on a loaded machine).
fn settled_events(db: &str, id: &str) -> Vec<server::store::Event> {
    let mut events = stored_events(db, id);
    for _ in 0..30 {
        std::thread::sleep(Duration::from_millis(100));
        let now = stored_events(db, id);
        if now.len() == events.len() {
            return now;
        }
        events = now;
    }
    events
}

/// Kill-and-restart rounds on one database (each round's restarted server
/// plays the next round).
const ROUNDS: usize = 30;
/// Games played at once in a round, so that the server's writer has moves of
/// several games to commit together when it is killed.
const GAMES: usize = 4;

/// A new game of two seats: its id and (seat, token) pairs.
fn new_game(a: &ureq::Agent, base: &str, seed: u64) -> (String, Vec<(String, String)>) {
    let created: Value = a
        .post(&format!("{base}/api/games"))
        .send_json(json!({"scenario": "liberty/1775", "seed": seed,
                          "seats": {"british": "hotseat", "american": "hotseat"}}))
        .unwrap()
        .into_json()
        .unwrap();
    let id = created["id"].as_str().unwrap().to_string();
    let seats = created["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["seat"].as_str().unwrap().to_string(),
                s["token"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    (id, seats)
}

fn crash_keeps_every_acknowledged_move(db: &str) {
    let a = agent();
    let mut server = start(db);
    for round in 0..ROUNDS {
        let games: Vec<_> = (0..GAMES)
            .map(|g| new_game(&a, &server.base, 4242 + (round * GAMES + g) as u64))
            .collect();
        let players: Vec<(Acked, std::thread::JoinHandle<()>)> = games
            .iter()
            .map(|(id, seats)| {
                let acked: Acked = Arc::default();
                let (base, id, seats, acked2) = (server.base.clone(), id.clone(), seats.clone(), acked.clone());
                (acked, std::thread::spawn(move || player(base, id, seats, acked2)))
            })
            .collect();
        // Kill it at some moment in the stream (the players are always
        // mid-request).
        let want = 10 + rand::random::<usize>() % 30;
        let t0 = Instant::now();
        while players
            .iter()
            .any(|(acked, t)| acked.lock().unwrap().len() < want && !t.is_finished())
        {
            assert!(t0.elapsed() < Duration::from_secs(120), "too slow");
            std::thread::sleep(Duration::from_millis(2));
        }
        drop(server); // SIGKILL (Child::kill), then wait
        let mut stored = Vec::new();
        for ((id, _), (acked, t)) in games.iter().zip(players) {
            t.join().unwrap();
            let acked = acked.lock().unwrap().clone();
            assert!(acked.len() >= want, "round {round}: the game went on long enough");

            // What the database holds: every acknowledged move, in order (and
            // maybe one more, stored but killed before its answer).
            let events = settled_events(db, id);
            let last = acked.last().unwrap().0 as usize;
            let n = events.len();
            assert!(
                n >= last && n <= last + 1,
                "round {round}: {n} stored, {last} acknowledged"
            );
            for (seq, seat, action) in &acked {
                let e = &events[*seq as usize - 1];
                assert_eq!((&e.seat, &e.action), (seat, action), "round {round}: move {seq}");
            }
            stored.push(n);
        }

        // A restarted server replays them and play goes on.
        server = start(db);
        for ((id, seats), n) in games.iter().zip(stored) {
            let s = get(&a, &format!("{}/api/games/{id}", server.base), &seats[0].1).unwrap();
            assert_eq!(s["seq"].as_u64().unwrap() as usize, n);
            let moved = seats.iter().any(|(_, token)| {
                let s = get(&a, &format!("{}/api/games/{id}", server.base), token).unwrap();
                let Some(l) = s["legal"].as_array().filter(|l| !l.is_empty()) else {
                    return false;
                };
                let r: Value = a
                    .post(&format!("{}/api/games/{id}/actions", server.base))
                    .set("Authorization", &format!("Bearer {token}"))
                    .send_json(json!({"seq_seen": s["seq"], "action_id": l[0]["id"]}))
                    .unwrap()
                    .into_json()
                    .unwrap();
                assert_eq!(r["seq"].as_u64().unwrap() as usize, n + 1);
                true
            });
            assert!(moved, "round {round}: nobody can move after the restart");
        }
    }
}

#[test]
fn crash_sqlite() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    crash_keeps_every_acknowledged_move(db.to_str().unwrap());
}

#[test]
fn crash_postgres() {
    match std::env::var("POWDERHORN_TEST_PG") {
        Ok(url) if !url.is_empty() => crash_keeps_every_acknowledged_move(&url),
        _ => println!("skipped: POWDERHORN_TEST_PG not set"),
    }
}

/// A second `powderhorn serve` on the SQLite file of a running one exits at
/// once, non-zero, saying why; the first goes on serving (reads and writes).
#[test]
fn a_second_server_on_one_sqlite_file_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let db = db.to_str().unwrap();
    let first = start(db);
    let port = free_port();
    let mut second = Command::new(env!("CARGO_BIN_EXE_powderhorn"))
        .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--db", db])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start the second server");
    let t0 = Instant::now();
    let status = loop {
        if let Some(st) = second.try_wait().unwrap() {
            break st;
        }
        if t0.elapsed() > Duration::from_secs(30) {
            let _ = second.kill();
            let _ = second.wait();
            panic!("the second server went on serving the same SQLite file");
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let out = second.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!status.success(), "{status}: {err}");
    assert!(
        err.contains("already serving") && err.contains("games.db") && err.contains("PostgreSQL"),
        "{err}"
    );
    assert!(
        err.contains(&first.child.id().to_string()),
        "names the process that holds it: {err}"
    );

    let a = agent();
    let created: Value = a
        .post(&format!("{}/api/games", first.base))
        .send_json(json!({"scenario": "liberty/1775", "seed": 1, "seats": {"british": "me", "american": "me"}}))
        .unwrap()
        .into_json()
        .unwrap();
    let token = created["seats"][0]["token"].as_str().unwrap();
    let s = get(
        &a,
        &format!("{}/api/games/{}", first.base, created["id"].as_str().unwrap()),
        token,
    )
    .unwrap();
    assert_eq!(s["seq"], 0);
    // Once the first has stopped (even killed), the file is free again.
    drop(first);
    let again = start(db);
    let s = get(
        &a,
        &format!("{}/api/games/{}", again.base, created["id"].as_str().unwrap()),
        token,
    )
    .unwrap();
    assert_eq!(s["seq"], 0);
}

/// One HTTP/1.1 GET with the given Host header; the status code.
fn status_for_host(base: &str, path: &str, host: &str) -> u16 {
    use std::io::{Read, Write};
    let addr = base.trim_start_matches("http://");
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").unwrap();
    let mut resp = String::new();
    s.read_to_string(&mut resp).unwrap();
    resp.split(' ').nth(1).and_then(|c| c.parse().ok()).unwrap_or(0)
}

/// `serve --host NAME` adds a name the site answers to; others are refused
/// with 421; a malformed name stops the server at start.
#[test]
fn serve_answers_to_its_host_names_only() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("games.db");
    let db = db.to_str().unwrap();
    let server = start_with(db, &["--host", "play.example.org"]);
    let port = server.base.rsplit(':').next().unwrap().to_string();
    for (host, want) in [
        ("play.example.org", 200),
        (&*format!("127.0.0.1:{port}"), 200),
        (&*format!("localhost:{port}"), 200),
        ("other.example.org", 421),
        (&*format!("evil.example:{port}"), 421),
    ] {
        assert_eq!(status_for_host(&server.base, "/api/titles", host), want, "{host}");
        assert_eq!(status_for_host(&server.base, "/", host), want, "{host} /");
    }
    assert_eq!(status_for_host(&server.base, "/healthz", "10.0.0.7:8080"), 200);
    drop(server);

    let out = Command::new(env!("CARGO_BIN_EXE_powderhorn"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--db",
            db,
            "--host",
            "https://play.example.org/",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--host"));
}

/// Two real `powderhorn serve` processes on one PostgreSQL database: a move
/// made through one is seen by the other (its cache follows the NOTIFY) and
/// pushed to that one's live-update stream; a claim of an invite through
/// one opens the seat through the other; when both are sent the same move
/// number, one stores it and the other answers 409.
#[test]
fn two_serve_processes_share_postgres() {
    let Ok(db) = std::env::var("POWDERHORN_TEST_PG") else {
        println!("skipped: POWDERHORN_TEST_PG not set");
        return;
    };
    let (one, two) = (start(&db), start(&db));
    let a = agent();
    let created: Value = a
        .post(&format!("{}/api/games", one.base))
        .send_json(json!({"scenario": "liberty/1775", "seats": {"british": "me", "american": "invite"}}))
        .unwrap()
        .into_json()
        .unwrap();
    let id = created["id"].as_str().unwrap().to_string();
    let british = created["seats"][0]["token"].as_str().unwrap().to_string();
    let invite = created["seats"][1]["invite_url"].as_str().unwrap();
    let code = invite.split_once("#invite=").unwrap().1;
    // Claimed through the second process; the first knows the token.
    let claimed: Value = a
        .post(&format!("{}/api/games/{id}/claim", two.base))
        .send_json(json!({"invite": code}))
        .unwrap()
        .into_json()
        .unwrap();
    let american = claimed["token"].as_str().unwrap().to_string();
    let deadline = Instant::now() + Duration::from_secs(10);
    while get(&a, &format!("{}/api/games/{id}", one.base), &american).is_err() {
        assert!(
            Instant::now() < deadline,
            "the first process never learned of the claim"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // A live-update stream on the first process.
    let ticket: Value = a
        .post(&format!("{}/api/games/{id}/ticket", one.base))
        .set("Authorization", &format!("Bearer {british}"))
        .send_json(json!({}))
        .unwrap()
        .into_json()
        .unwrap();
    let stream = a
        .get(&format!(
            "{}/api/games/{id}/events?ticket={}",
            one.base,
            ticket["ticket"].as_str().unwrap()
        ))
        .call()
        .unwrap()
        .into_reader();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        use std::io::BufRead;
        for line in std::io::BufReader::new(stream).lines() {
            let Ok(line) = line else { return };
            if tx.send(line).is_err() {
                return;
            }
        }
    });
    // Both processes are sent the same first move: one stores it.
    let s = get(&a, &format!("{}/api/games/{id}", two.base), &british).unwrap();
    let token = if s["to_act"][0] == "british" {
        &british
    } else {
        &american
    };
    let s = get(&a, &format!("{}/api/games/{id}", two.base), token).unwrap();
    let action = s["legal"][0]["id"].as_str().unwrap().to_string();
    let post = |base: &str| -> u16 {
        let r = a
            .post(&format!("{base}/api/games/{id}/actions"))
            .set("Authorization", &format!("Bearer {token}"))
            .send_json(json!({"seq_seen": 0, "action_id": action}));
        match r {
            Ok(r) => r.status(),
            Err(ureq::Error::Status(c, _)) => c,
            Err(e) => panic!("{e}"),
        }
    };
    let codes = vec![post(&two.base), post(&one.base)];
    assert_eq!(
        codes,
        vec![200, 409],
        "the second process saw the first's move or lost the race"
    );
    // The first process's stream announces move 1 (stored by the second).
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let line = rx.recv_timeout(Duration::from_secs(10)).expect("a live update");
        if line.contains("\"seq\":1") {
            break;
        }
        assert!(Instant::now() < deadline, "no update for move 1");
    }
    let s = get(&a, &format!("{}/api/games/{id}", one.base), &british).unwrap();
    assert_eq!(s["seq"], 1);
}
