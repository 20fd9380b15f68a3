//! What the server's integration tests share: a database per test over
//! SQLite and PostgreSQL, requests to the in-process app, games.
#![allow(dead_code)]

pub use axum::body::Body;
pub use axum::http::{Request, StatusCode};
pub use axum::Router;
use http_body_util::BodyExt;
pub use serde_json::{json, Value};
pub use tower::ServiceExt;

/// A database for one test: a SQLite file in a temporary folder, or the
/// shared PostgreSQL test database (games have random ids, so tests running
/// at once do not meet).
pub struct TestDb {
    pub spec: String,
    _dir: Option<tempfile::TempDir>,
}

impl TestDb {
    pub fn sqlite() -> TestDb {
        let dir = tempfile::tempdir().unwrap();
        TestDb {
            spec: dir.path().join("games.db").to_string_lossy().into_owned(),
            _dir: Some(dir),
        }
    }

    /// None (and a note on stdout) when `POWDERHORN_TEST_PG` is not set.
    pub fn postgres() -> Option<TestDb> {
        match std::env::var("POWDERHORN_TEST_PG") {
            Ok(url) if !url.is_empty() => Some(TestDb { spec: url, _dir: None }),
            _ => {
                println!("skipped: POWDERHORN_TEST_PG not set");
                None
            }
        }
    }
}

/// The shared PostgreSQL test database ([`TestDb::postgres`]), for
/// [`both!`].
pub async fn pg_shared() -> Option<TestDb> {
    TestDb::postgres()
}

/// A new, empty database in the test cluster, for [`both!`]: for tests
/// that touch every game of their database (the expiry), which must not be
/// the other tests' shared one.
pub async fn pg_own() -> Option<TestDb> {
    let shared = TestDb::postgres()?;
    let (client, conn) = tokio_postgres::connect(&shared.spec, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(conn);
    let name = format!("ph_own_{:016x}", rand::random::<u64>());
    client.batch_execute(&format!("CREATE DATABASE {name}")).await.unwrap();
    let (base, _) = shared.spec.rsplit_once('/').unwrap();
    Some(TestDb {
        spec: format!("{base}/{name}"),
        _dir: None,
    })
}

/// `both!(name)`: run `async fn name(db: &str)` as `name::sqlite` and
/// `name::postgres`, the latter on the shared test database;
/// `both!(name, pg_own)` on a database of its own.
#[macro_export]
macro_rules! both {
    ($name:ident) => {
        $crate::both!($name, pg_shared);
    };
    ($name:ident, $pg:ident) => {
        mod $name {
            #[tokio::test]
            async fn sqlite() {
                let db = super::TestDb::sqlite();
                super::$name(&db.spec).await
            }
            #[tokio::test]
            async fn postgres() {
                let Some(db) = super::$pg().await else {
                    return;
                };
                super::$name(&db.spec).await
            }
        }
    };
}

pub async fn app_at(db: &str) -> Router {
    server::app(server::open(db).await.expect("open db"))
}

/// The app and its state (to change the computer's pace).
pub async fn app_and_state(db: &str) -> (Router, server::AppState) {
    let st = server::open(db).await.expect("open db");
    (server::app(st.clone()), st)
}

/// Poll the game as `token` until `done` holds (the computer moves outside
/// the requests); panics after `secs` seconds.
pub async fn wait_for(app: &Router, id: &str, token: &str, secs: u64, done: impl Fn(&Value) -> bool) -> Value {
    let start = std::time::Instant::now();
    loop {
        let (st, v) = call(app, "GET", &format!("/api/games/{id}"), Some(token), None).await;
        assert_eq!(st, StatusCode::OK, "{v}");
        if done(&v) {
            return v;
        }
        assert!(
            start.elapsed() < std::time::Duration::from_secs(secs),
            "gave up waiting after {secs} s: seq {} thinking {}",
            v["seq"],
            v["thinking"]
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// Until no computer seat must act.
pub async fn computer_done(app: &Router, g: &Game, token: &str) -> Value {
    wait_for(app, &g.id, token, 60, |v| v["thinking"] == false).await
}

/// Within 5 s (a request the computer's thinking must not hold up).
pub async fn prompt<T>(f: impl std::future::Future<Output = T>) -> T {
    tokio::time::timeout(std::time::Duration::from_secs(5), f)
        .await
        .expect("answered within 5 s")
}

/// A new game between two seats of these kinds; the created answer.
pub async fn create_raw(app: &Router, british: &str, american: &str, seed: u64) -> Value {
    let body = json!({"scenario": "liberty/1775", "seed": seed, "seats": {"british": british, "american": american}});
    let (st, v) = call(app, "POST", "/api/games", None, Some(body)).await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    v
}

pub async fn raw(app: &Router, method: &str, uri: &str, token: Option<&str>, body: Vec<u8>) -> (StatusCode, Value) {
    let mut req = Request::builder().method(method).uri(uri);
    if let Some(t) = token {
        req = req.header("authorization", format!("Bearer {t}"));
    }
    req = req.header("content-type", "application/json");
    let resp = app.clone().oneshot(req.body(Body::from(body)).unwrap()).await.unwrap();
    let status = resp.status();
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    let v = serde_json::from_slice(&bytes).unwrap_or_else(|_| json!({"raw": String::from_utf8_lossy(&bytes)}));
    (status, v)
}

pub async fn call(
    app: &Router,
    method: &str,
    uri: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let bytes = body.map(|b| serde_json::to_vec(&b).unwrap()).unwrap_or_default();
    raw(app, method, uri, token, bytes).await
}

#[derive(Clone)]
pub struct Game {
    pub id: String,
    pub british: String,
    pub american: String,
    pub spectator: String,
}

/// A game of Liberty 1775 between seats of these kinds, with `seed` unless
/// a seat is invited (the server draws the seed then); invited seats are
/// claimed through their invite links, as the invited player's browser does.
pub async fn create(app: &Router, british: &str, american: &str, seed: u64) -> Game {
    let mut body = json!({"scenario": "liberty/1775", "seats": {"british": british, "american": american}});
    if british != "invite" && american != "invite" {
        body["seed"] = json!(seed);
    }
    let (st, v) = call(app, "POST", "/api/games", None, Some(body)).await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let mut tokens = Vec::new();
    for seat in ["british", "american"] {
        let s = seat_entry(&v, seat);
        let token = match s["invite_url"].as_str() {
            Some(url) => claim(app, url).await.1["token"].as_str().unwrap().to_string(),
            None => s["token"].as_str().unwrap_or("").to_string(),
        };
        tokens.push(token);
    }
    let g = Game {
        id,
        british: tokens[0].clone(),
        american: tokens[1].clone(),
        spectator: v["spectator"]["token"].as_str().unwrap().to_string(),
    };
    assert_eq!(v["spectator"]["url"], format!("/play/{}#{}", g.id, g.spectator));
    g
}

/// A game of The French & Indian War's On to Quebec between seats of these
/// kinds, with `seed`: its id and the tokens of the British, the French
/// (empty for a computer) and the spectator.
pub async fn create_fiw(app: &Router, british: &str, french: &str, seed: u64) -> (String, String, String, String) {
    let body = json!({"scenario": "fiw/on-to-quebec", "seed": seed, "seats": {"british": british, "french": french}});
    let (st, v) = call(app, "POST", "/api/games", None, Some(body)).await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    let token = |seat| seat_entry(&v, seat)["token"].as_str().unwrap_or("").to_string();
    let id = v["id"].as_str().unwrap().to_string();
    (
        id,
        token("british"),
        token("french"),
        v["spectator"]["token"].as_str().unwrap().to_string(),
    )
}

/// A move of game `id` as `token`, which saw move `seq`.
pub async fn act_in(app: &Router, id: &str, token: &str, seq: u64, action: &str) -> (StatusCode, Value) {
    let body = json!({"seq_seen": seq, "action_id": action});
    call(
        app,
        "POST",
        &format!("/api/games/{id}/actions"),
        Some(token),
        Some(body),
    )
    .await
}

/// Game `id` as `token` sees it.
pub async fn game_state(app: &Router, id: &str, token: &str) -> Value {
    let (st, v) = call(app, "GET", &format!("/api/games/{id}"), Some(token), None).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    v
}

/// A seat's entry in the answer of `POST /api/games`.
pub fn seat_entry<'a>(created: &'a Value, seat: &str) -> &'a Value {
    created["seats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["seat"] == seat)
        .unwrap()
}

/// Open an invite link (`/play/ID#invite=CODE`): the claim's answer.
pub async fn claim(app: &Router, url: &str) -> (StatusCode, Value) {
    let (path, code) = url.split_once("#invite=").expect("an invite link");
    let id = path.trim_start_matches("/play/");
    call(
        app,
        "POST",
        &format!("/api/games/{id}/claim"),
        None,
        Some(json!({"invite": code})),
    )
    .await
}

pub async fn state(app: &Router, g: &Game, token: &str) -> Value {
    let (st, v) = call(app, "GET", &format!("/api/games/{}", g.id), Some(token), None).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    v
}

pub async fn act(app: &Router, g: &Game, token: &str, seq: u64, action: &str) -> (StatusCode, Value) {
    call(
        app,
        "POST",
        &format!("/api/games/{}/actions", g.id),
        Some(token),
        Some(json!({"seq_seen": seq, "action_id": action})),
    )
    .await
}

pub fn first_legal(s: &Value) -> String {
    s["legal"][0]["id"].as_str().expect("a legal action").to_string()
}

/// Ids of the blocks of `side` that `text` names, other than those the view shows.
pub fn leaked(text: &str, side: u8, shown: &[String]) -> Vec<String> {
    liberty::blocks::embedded()
        .iter()
        .filter(|b| b.side == side && !shown.contains(&b.id))
        .filter(|b| {
            text.match_indices(b.id.as_str()).any(|(i, m)| {
                let after = text[i + m.len()..].chars().next();
                !matches!(after, Some(c) if c.is_ascii_alphanumeric() || c == '-')
            })
        })
        .map(|b| b.id.clone())
        .collect()
}

/// The ids of the pieces a state's view shows face up (a back has none).
pub fn shown_ids(s: &Value) -> Vec<String> {
    s["view"]["board"]["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["face"] == "up")
        .map(|p| p["id"].as_str().unwrap().to_string())
        .collect()
}

/// The URI of a game's live updates, with a fresh ticket for `token`.
pub async fn events_uri(app: &Router, id: &str, token: &str) -> String {
    let (st, t) = call(
        app,
        "POST",
        &format!("/api/games/{id}/ticket"),
        Some(token),
        Some(json!({})),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{t}");
    format!("/api/games/{id}/events?ticket={}", t["ticket"].as_str().unwrap())
}

/// `POST /api/games/{id}/{what}` with a JSON body, as `token`.
pub async fn post(app: &Router, id: &str, what: &str, token: &str, body: Value) -> (StatusCode, Value) {
    call(app, "POST", &format!("/api/games/{id}/{what}"), Some(token), Some(body)).await
}

/// A server on a real loopback port; its app, for the other requests.
pub async fn serve(db: &str, limits: server::limits::Limits) -> (std::net::SocketAddr, Router) {
    let st = server::open_with(db, limits.clone()).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = server::app(st.with_site(server::hosting::Site::new(addr, &[]).unwrap()));
    let served = app.clone();
    tokio::spawn(async move { server::listen::serve(listener, served, &limits).await });
    (addr, app)
}

/// The app over `db` with `limits`, and its state (the registry, for
/// tests that look inside).
pub async fn app_with(db: &str, limits: server::limits::Limits) -> (Router, server::AppState) {
    let st = server::open_with(db, limits).await.expect("open db");
    (server::app(st.clone()), st)
}

/// A fresh live-update ticket for `token`.
pub async fn ticket(app: &Router, id: &str, token: &str) -> String {
    let (st, t) = post(app, id, "ticket", token, json!({})).await;
    assert_eq!(st, StatusCode::OK, "{t}");
    t["ticket"].as_str().unwrap().to_string()
}

/// A request from the TCP peer `peer` (as `listen` marks it).
pub async fn call_from(
    app: &Router,
    peer: &str,
    method: &str,
    uri: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let mut req = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .extension(server::limits::Peer(peer.parse().unwrap()));
    if let Some(t) = token {
        req = req.header("authorization", format!("Bearer {t}"));
    }
    let bytes = body.map(|b| serde_json::to_vec(&b).unwrap()).unwrap_or_default();
    let resp = app.clone().oneshot(req.body(Body::from(bytes)).unwrap()).await.unwrap();
    let status = resp.status();
    let bytes = http_body_util::BodyExt::collect(resp.into_body())
        .await
        .unwrap()
        .to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
}

/// A game of Liberty between these seats, made from `peer`.
pub async fn create_from(app: &Router, peer: &str, british: &str, american: &str) -> (StatusCode, Value) {
    let body = json!({"scenario": "liberty/1775", "seats": {"british": british, "american": american}});
    call_from(app, peer, "POST", "/api/games", None, Some(body)).await
}
