//! Crash test: the real `powderhorn serve` gets a stream of legal moves from a
//! client thread and is killed with SIGKILL in the middle of it; restarted on
//! the same database, it must hold every move it acknowledged, in order, and
//! replay them. Over SQLite (a temporary file) and over PostgreSQL (the
//! database in `POWDERHORN_TEST_PG`, which `./test.sh` starts; skipped
//! without it).

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
    let port = free_port();
    let child = Command::new(env!("CARGO_BIN_EXE_powderhorn"))
        .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--db", db])
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

fn crash_keeps_every_acknowledged_move(db: &str) {
    let first = start(db);
    let a = agent();
    let created: Value = a
        .post(&format!("{}/api/games", first.base))
        .send_json(json!({"scenario": "liberty/1775", "seed": 4242,
                          "seats": {"british": "invite", "american": "hotseat"}}))
        .unwrap()
        .into_json()
        .unwrap();
    let id = created["id"].as_str().unwrap().to_string();
    let seats: Vec<(String, String)> = created["seats"]
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
    let acked: Acked = Arc::default();
    let t = {
        let (base, id, seats, acked) = (first.base.clone(), id.clone(), seats.clone(), acked.clone());
        std::thread::spawn(move || player(base, id, seats, acked))
    };
    // Kill it at some moment in the stream (the player is always mid-request).
    let want = 25 + rand::random::<usize>() % 25;
    let t0 = Instant::now();
    while acked.lock().unwrap().len() < want && !t.is_finished() {
        assert!(t0.elapsed() < Duration::from_secs(120), "too slow");
        std::thread::sleep(Duration::from_millis(2));
    }
    drop(first); // SIGKILL (Child::kill), then wait
    t.join().unwrap();
    let acked = acked.lock().unwrap().clone();
    assert!(acked.len() >= want, "the game went on long enough");

    // What the database holds: every acknowledged move, in order (and maybe
    // one more, stored but killed before its answer).
    let events = stored_events(db, &id);
    let last = acked.last().unwrap().0 as usize;
    assert!(events.len() >= last, "{} stored, {last} acknowledged", events.len());
    assert!(events.len() <= last + 1, "{} stored, {last} acknowledged", events.len());
    for (seq, seat, action) in &acked {
        let e = &events[*seq as usize - 1];
        assert_eq!((&e.seat, &e.action), (seat, action), "move {seq}");
    }

    // A restarted server replays them and play goes on.
    let second = start(db);
    let (_, token) = &seats[0];
    let s = get(&a, &format!("{}/api/games/{id}", second.base), token).unwrap();
    assert_eq!(s["seq"].as_u64().unwrap() as usize, events.len());
    for (_, token) in &seats {
        let s = get(&a, &format!("{}/api/games/{id}", second.base), token).unwrap();
        if let Some(l) = s["legal"].as_array().filter(|l| !l.is_empty()) {
            let r: Value = a
                .post(&format!("{}/api/games/{id}/actions", second.base))
                .set("Authorization", &format!("Bearer {token}"))
                .send_json(json!({"seq_seen": s["seq"], "action_id": l[0]["id"]}))
                .unwrap()
                .into_json()
                .unwrap();
            assert_eq!(r["seq"].as_u64().unwrap() as usize, events.len() + 1);
            return;
        }
    }
    panic!("nobody can move after the restart");
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
