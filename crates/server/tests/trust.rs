//! Seats that belong to their players, dice both can trust, and the limits
//! of what one visitor may take (issue 17). Over SQLite and PostgreSQL where
//! the store takes part.

mod common;
use common::*;
use server::Limits;

async fn invites_are_claimed_once(db: &str) {
    let app = app_at(db).await;
    let body = json!({"scenario": "liberty/1775", "seats": {"british": "me", "american": "invite"}});
    let (st, v) = call(&app, "POST", "/api/games", None, Some(body)).await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let british = seat_entry(&v, "british")["token"].as_str().unwrap().to_string();
    let spectator = v["spectator"]["token"].as_str().unwrap().to_string();
    // The creator's answer holds no token of the invited seat.
    let invited = seat_entry(&v, "american");
    assert!(invited["token"].is_null() && invited["url"].is_null(), "{invited}");
    let first_link = invited["invite_url"].as_str().unwrap().to_string();
    // The creator's page shows the link while it is not claimed; a
    // spectator's does not.
    let (_, mine) = call(&app, "GET", &format!("/api/games/{id}"), Some(&british), None).await;
    assert_eq!(seat_entry(&mine, "american")["invite_url"], first_link.as_str());
    assert_eq!(seat_entry(&mine, "american")["claimed"], false);
    let (_, spec) = call(&app, "GET", &format!("/api/games/{id}"), Some(&spectator), None).await;
    assert!(seat_entry(&spec, "american")["invite_url"].is_null(), "{spec}");
    // The creator replaces the invite: the first link no longer opens it.
    let (st, r) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/invite"),
        Some(&british),
        Some(json!({"seat": "american"})),
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{r}");
    let link = r["invite_url"].as_str().unwrap().to_string();
    assert_ne!(link, first_link);
    let (st, r) = claim(&app, &first_link).await;
    assert_eq!(st, StatusCode::FORBIDDEN, "{r}");
    // A spectator may not replace it.
    let (st, _) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/invite"),
        Some(&spectator),
        Some(json!({"seat": "american"})),
    )
    .await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    // The guest claims it, once.
    let (st, r) = claim(&app, &link).await;
    assert_eq!(st, StatusCode::OK, "{r}");
    assert_eq!(r["seat"], "american");
    let guest = r["token"].as_str().unwrap().to_string();
    let (st, r) = claim(&app, &link).await;
    assert_eq!(st, StatusCode::CONFLICT, "{r}");
    assert!(r["error"].as_str().unwrap().contains("taken"), "{r}");
    // No token the creator ever received acts for the American seat.
    for t in [&british, &spectator] {
        let (_, s) = call(&app, "GET", &format!("/api/games/{id}"), Some(t), None).await;
        assert_ne!(s["seat"], "american");
    }
    let (_, s) = call(&app, "GET", &format!("/api/games/{id}"), Some(&guest), None).await;
    assert_eq!(s["seat"], "american");
    // Claimed, it can no longer be replaced, and the creator sees no link.
    let (st, _) = call(
        &app,
        "POST",
        &format!("/api/games/{id}/invite"),
        Some(&british),
        Some(json!({"seat": "american"})),
    )
    .await;
    assert_eq!(st, StatusCode::CONFLICT);
    let (_, mine) = call(&app, "GET", &format!("/api/games/{id}"), Some(&british), None).await;
    assert_eq!(seat_entry(&mine, "american")["claimed"], true);
    assert!(seat_entry(&mine, "american")["invite_url"].is_null());
    // The claim survives a restart (it is stored).
    let app = app_at(db).await;
    let (st, s) = call(&app, "GET", &format!("/api/games/{id}"), Some(&guest), None).await;
    assert_eq!(st, StatusCode::OK, "{s}");
    assert_eq!(s["seat"], "american");
}
both!(invites_are_claimed_once);

async fn dice_are_committed_and_verify(db: &str) {
    let app = app_at(db).await;
    // A chosen seed is refused when another person plays.
    let body = json!({"scenario": "liberty/1775", "seed": 5, "seats": {"british": "me", "american": "invite"}});
    let (st, v) = call(&app, "POST", "/api/games", None, Some(body)).await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("seed"), "{v}");
    // Against the computer it is allowed, and says so.
    let chosen = create(&app, "me", "computer", 5).await;
    let s = state(&app, &chosen, &chosen.british).await;
    assert_eq!(s["dice"]["seed_chosen"], true);
    // An invited game: a commitment, no seed, until the end.
    let g = create(&app, "me", "invite", 0).await;
    let s = state(&app, &g, &g.american).await;
    let commitment = s["dice"]["commitment"].as_str().unwrap().to_string();
    assert_eq!(commitment.len(), 64);
    assert_eq!(s["dice"]["seed_chosen"], false);
    assert!(s["dice"]["seed"].is_null() && s["dice"]["salt"].is_null(), "{s}");
    let (st, _) = call(
        &app,
        "GET",
        &format!("/api/games/{}/record", g.id),
        Some(&g.american),
        None,
    )
    .await;
    assert_eq!(st, StatusCode::CONFLICT, "no record (with the seed) before the end");
    // Play a little, then resign.
    for _ in 0..6 {
        let b = state(&app, &g, &g.british).await;
        let (tok, s) = if b["legal"].as_array().unwrap().is_empty() {
            (&g.american, state(&app, &g, &g.american).await)
        } else {
            (&g.british, b)
        };
        let (st, v) = act(&app, &g, tok, s["seq"].as_u64().unwrap(), &first_legal(&s)).await;
        assert_eq!(st, StatusCode::OK, "{v}");
    }
    let seq = state(&app, &g, &g.british).await["seq"].as_u64().unwrap();
    let (st, _) = post(&app, &g.id, "resign", &g.british, json!({"seq_seen": seq})).await;
    assert_eq!(st, StatusCode::OK);
    let s = state(&app, &g, &g.spectator).await;
    assert_eq!(s["dice"]["commitment"], commitment.as_str());
    let (seed, salt) = (s["dice"]["seed"].as_str().unwrap(), s["dice"]["salt"].as_str().unwrap());
    assert_eq!(server::seeds::commitment(salt, seed.parse().unwrap()), commitment);
    // The record verifies; a changed seed, move or outcome does not.
    let (st, rec) = call(
        &app,
        "GET",
        &format!("/api/games/{}/record", g.id),
        Some(&g.spectator),
        None,
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{rec}");
    let record: server::seeds::Record = serde_json::from_value(rec.clone()).unwrap();
    let ok = server::seeds::verify(&record).expect("the record verifies");
    assert_eq!(ok.moves, 7);
    let mut bad = record.clone();
    bad.seed = (seed.parse::<u64>().unwrap() ^ 1).to_string();
    assert!(server::seeds::verify(&bad).unwrap_err().contains("commitment"));
    let mut bad = record.clone();
    bad.outcome["reason"] = json!("american resigned");
    assert!(server::seeds::verify(&bad).unwrap_err().contains("outcome"));
    let mut bad = record.clone();
    bad.events[0].action = "no-such-action".into();
    assert!(server::seeds::verify(&bad).is_err());
}
both!(dice_are_committed_and_verify);

async fn rematches_go_only_to_the_players(db: &str) {
    let app = app_at(db).await;
    let g = create(&app, "me", "invite", 0).await;
    let (st, _) = post(&app, &g.id, "rematch", &g.british, json!({})).await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "not before the end");
    let (st, _) = post(&app, &g.id, "resign", &g.american, json!({"seq_seen": 0})).await;
    assert_eq!(st, StatusCode::OK);
    let (st, _) = post(&app, &g.id, "rematch", &g.spectator, json!({})).await;
    assert_eq!(st, StatusCode::FORBIDDEN, "a spectator cannot ask for one");
    let (st, r) = post(&app, &g.id, "rematch", &g.american, json!({})).await;
    assert_eq!(st, StatusCode::CREATED, "{r}");
    let new_id = r["id"].as_str().unwrap().to_string();
    // The asker plays the other side; the invite is not in its answer.
    assert_eq!(seat_entry(&r, "british")["kind"], "me");
    assert!(seat_entry(&r, "british")["token"].is_string());
    assert_eq!(seat_entry(&r, "american")["kind"], "invite");
    assert!(seat_entry(&r, "american")["invite_url"].is_null() && seat_entry(&r, "american")["token"].is_null());
    // Only the other player sees the invite; not the spectator, not the chat.
    let s = state(&app, &g, &g.british).await;
    let url = s["rematch"]["invite_url"]
        .as_str()
        .expect("the opponent's rematch link")
        .to_string();
    assert_eq!(s["rematch"]["id"], new_id.as_str());
    let s = state(&app, &g, &g.spectator).await;
    assert!(s["rematch"].is_null(), "{}", s["rematch"]);
    let s = state(&app, &g, &g.american).await;
    assert!(s["rematch"]["invite_url"].is_null());
    let (_, chat) = call(
        &app,
        "GET",
        &format!("/api/games/{}/chat", g.id),
        Some(&g.spectator),
        None,
    )
    .await;
    assert_eq!(chat["messages"], json!([]));
    let (st, _) = post(&app, &g.id, "rematch", &g.british, json!({})).await;
    assert_eq!(st, StatusCode::CONFLICT, "one rematch per game");
    let (st, c) = claim(&app, &url).await;
    assert_eq!(st, StatusCode::OK, "{c}");
    assert_eq!(c["seat"], "american");
    assert_eq!(state(&app, &g, &g.british).await["rematch"]["claimed"], true);
}
both!(rematches_go_only_to_the_players);

/// One client gathering many tokens (a game gives three) holds at most
/// `TICKETS_PER_CLIENT` unused live-update tickets, its oldest dropped
/// first; another client's are not touched. An IPv6 client is its /64.
#[tokio::test]
async fn one_client_holds_a_bounded_share_of_the_live_update_tickets() {
    use server::games::TICKETS_PER_CLIENT;
    let (_, st) = app_with(&TestDb::sqlite().spec, Limits::default()).await;
    let reg = &st.reg;
    let here = |n: u16| std::net::IpAddr::V6(std::net::Ipv6Addr::new(0x2001, 0xdb8, 0, 7, 0, 0, 0, n));
    let other: std::net::IpAddr = "203.0.113.9".parse().unwrap();
    let theirs = reg.ticket("g1", "their-token", other).unwrap();
    let mine: Vec<String> = (0..=TICKETS_PER_CLIENT)
        .map(|i| reg.ticket("g1", &format!("token-{i}"), here(i as u16)).unwrap())
        .collect();
    assert_eq!(reg.redeem("g1", &mine[0]), None, "the oldest was dropped");
    assert_eq!(reg.redeem("g1", &mine[1]).as_deref(), Some("token-1"));
    assert_eq!(
        reg.redeem("g1", &mine[TICKETS_PER_CLIENT]).as_deref(),
        Some(format!("token-{TICKETS_PER_CLIENT}").as_str())
    );
    assert_eq!(reg.redeem("g1", &theirs).as_deref(), Some("their-token"));
}

#[tokio::test]
async fn live_updates_take_a_single_use_ticket() {
    let db = TestDb::sqlite();
    let app = app_at(&db.spec).await;
    let g = create(&app, "me", "hotseat", 3).await;
    let open = |uri: String| {
        let app = app.clone();
        async move {
            app.oneshot(Request::get(uri).body(Body::empty()).unwrap())
                .await
                .unwrap()
                .status()
        }
    };
    // A token in the URL opens nothing (it would end up in proxy logs).
    assert_eq!(
        open(format!("/api/games/{}/events?token={}", g.id, g.british)).await,
        StatusCode::FORBIDDEN
    );
    let (st, t) = post(&app, &g.id, "ticket", &g.british, json!({})).await;
    assert_eq!(st, StatusCode::OK, "{t}");
    let ticket = t["ticket"].as_str().unwrap();
    assert_ne!(ticket, g.british);
    assert_eq!(
        open(format!("/api/games/{}/events?ticket={ticket}", g.id)).await,
        StatusCode::OK
    );
    assert_eq!(
        open(format!("/api/games/{}/events?ticket={ticket}", g.id)).await,
        StatusCode::FORBIDDEN,
        "once"
    );
    let (st, _) = call(
        &app,
        "POST",
        &format!("/api/games/{}/ticket", g.id),
        None,
        Some(json!({})),
    )
    .await;
    assert_eq!(st, StatusCode::FORBIDDEN, "a ticket needs the seat's token");
    let other = create(&app, "me", "hotseat", 4).await;
    let (_, t) = post(&app, &other.id, "ticket", &other.british, json!({})).await;
    let ticket = t["ticket"].as_str().unwrap();
    assert_eq!(
        open(format!("/api/games/{}/events?ticket={ticket}", g.id)).await,
        StatusCode::FORBIDDEN,
        "for its game only"
    );
}

#[tokio::test]
async fn games_per_address_per_minute() {
    let db = TestDb::sqlite();
    let (app, _) = app_with(
        &db.spec,
        Limits {
            games_per_minute: 2,
            ..Limits::default()
        },
    )
    .await;
    let body = json!({"scenario": "liberty/1775", "seats": {"british": "me", "american": "computer"}});
    for _ in 0..2 {
        let (st, v) = call(&app, "POST", "/api/games", None, Some(body.clone())).await;
        assert_eq!(st, StatusCode::CREATED, "{v}");
    }
    let (st, v) = call(&app, "POST", "/api/games", None, Some(body.clone())).await;
    assert_eq!(st, StatusCode::TOO_MANY_REQUESTS, "{v}");
    assert!(v["error"].as_str().unwrap().contains("try again in"), "{v}");
    // Another address has its own allowance.
    let req = Request::post("/api/games")
        .header("content-type", "application/json")
        .extension(server::limits::Peer("192.0.2.7:4000".parse().unwrap()))
        .body(Body::from(body.to_string()))
        .unwrap();
    assert_eq!(app.clone().oneshot(req).await.unwrap().status(), StatusCode::CREATED);
}

#[tokio::test]
async fn chat_limits_and_pages() {
    let db = TestDb::sqlite();
    let limits = Limits {
        chat_per_minute: 5,
        chat_bytes_per_game: 1000,
        ..Limits::default()
    };
    let (app, _) = app_with(&db.spec, limits).await;
    let g = create(&app, "me", "hotseat", 3).await;
    let chat = format!("/api/games/{}/chat", g.id);
    for i in 0..5 {
        let (st, v) = call(
            &app,
            "POST",
            &chat,
            Some(&g.british),
            Some(json!({"text": format!("m{i}")})),
        )
        .await;
        assert_eq!(st, StatusCode::OK, "{v}");
    }
    let (st, v) = call(&app, "POST", &chat, Some(&g.british), Some(json!({"text": "one more"}))).await;
    assert_eq!(st, StatusCode::TOO_MANY_REQUESTS, "{v}");
    // The other seat has its own allowance, until the game's chat is full.
    let (st, _) = call(
        &app,
        "POST",
        &chat,
        Some(&g.american),
        Some(json!({"text": "a".repeat(900)})),
    )
    .await;
    assert_eq!(st, StatusCode::OK);
    let (st, v) = call(
        &app,
        "POST",
        &chat,
        Some(&g.american),
        Some(json!({"text": "a".repeat(200)})),
    )
    .await;
    assert_eq!(st, StatusCode::INSUFFICIENT_STORAGE, "{v}");
    // Read in pages.
    let (_, p) = call(&app, "GET", &format!("{chat}?limit=2"), Some(&g.spectator), None).await;
    assert_eq!(p["messages"].as_array().unwrap().len(), 2);
    assert_eq!(p["more"], true);
    let last = p["messages"][1]["n"].as_i64().unwrap();
    let (_, p) = call(
        &app,
        "GET",
        &format!("{chat}?after={last}&limit=200"),
        Some(&g.spectator),
        None,
    )
    .await;
    assert_eq!(p["messages"].as_array().unwrap().len(), 4);
    assert_eq!(p["more"], false);
    let (st, _) = call(&app, "GET", &format!("{chat}?limit=100000"), Some(&g.spectator), None).await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn live_update_streams_are_bounded() {
    let db = TestDb::sqlite();
    let limits = Limits {
        streams_per_game: 3,
        streams_per_address: 2,
        ..Limits::default()
    };
    let (app, st) = app_with(&db.spec, limits).await;
    let g = create(&app, "me", "hotseat", 3).await;
    let open = |from: &'static str| {
        let (app, g_id, tok) = (app.clone(), g.id.clone(), g.british.clone());
        async move {
            let (_, t) = call(
                &app,
                "POST",
                &format!("/api/games/{g_id}/ticket"),
                Some(&tok),
                Some(json!({})),
            )
            .await;
            let req = Request::get(format!(
                "/api/games/{g_id}/events?ticket={}",
                t["ticket"].as_str().unwrap()
            ))
            .extension(server::limits::Peer(from.parse().unwrap()))
            .body(Body::empty())
            .unwrap();
            app.oneshot(req).await.unwrap()
        }
    };
    let a1 = open("192.0.2.1:1").await;
    let a2 = open("192.0.2.1:2").await;
    assert_eq!((a1.status(), a2.status()), (StatusCode::OK, StatusCode::OK));
    assert_eq!(
        open("192.0.2.1:3").await.status(),
        StatusCode::TOO_MANY_REQUESTS,
        "per address"
    );
    let b1 = open("192.0.2.2:1").await;
    assert_eq!(b1.status(), StatusCode::OK);
    assert_eq!(
        open("192.0.2.3:1").await.status(),
        StatusCode::TOO_MANY_REQUESTS,
        "per game"
    );
    assert_eq!(st.reg.streams_open(), 3);
    // A closed stream frees its place.
    drop(a1);
    assert_eq!(st.reg.streams_open(), 2);
    assert_eq!(open("192.0.2.3:1").await.status(), StatusCode::OK);
    drop((a2, b1));
}

#[tokio::test]
async fn replays_are_bounded() {
    let db = TestDb::sqlite();
    let (app, _) = app_with(
        &db.spec,
        Limits {
            replays_at_once: 0,
            ..Limits::default()
        },
    )
    .await;
    let g = create(&app, "me", "hotseat", 3).await;
    let (st, v) = call(
        &app,
        "GET",
        &format!("/api/games/{}/at/0", g.id),
        Some(&g.british),
        None,
    )
    .await;
    assert_eq!(st, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    let (app, _) = app_with(&db.spec, Limits::default()).await;
    let (st, v) = call(
        &app,
        "GET",
        &format!("/api/games/{}/at/0", g.id),
        Some(&g.british),
        None,
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{v}");
}

#[tokio::test]
async fn the_cache_is_bounded_and_rebuilds() {
    let db = TestDb::sqlite();
    let (app, st) = app_with(
        &db.spec,
        Limits {
            cached_games: 2,
            ..Limits::default()
        },
    )
    .await;
    let mut games = Vec::new();
    for seed in 0..5 {
        games.push(create(&app, "me", "hotseat", seed).await);
    }
    assert!(st.reg.cached_count() <= 2, "{} cached", st.reg.cached_count());
    for g in &games {
        let s = state(&app, g, &g.british).await;
        assert_eq!(s["id"], g.id.as_str(), "an evicted game is rebuilt from the store");
        assert!(st.reg.cached_count() <= 2);
    }
    // Idle games go too.
    let (_, st2) = app_with(
        &db.spec,
        Limits {
            idle_game_minutes: 1,
            ..Limits::default()
        },
    )
    .await;
    st2.reg.get(&games[0].id).await.unwrap();
    assert_eq!(st2.reg.sweep(), 0, "not yet idle");
}

#[tokio::test]
async fn metrics_are_for_the_operator() {
    let db = TestDb::sqlite();
    let (app, _) = app_with(&db.spec, Limits::default()).await;
    create(&app, "me", "hotseat", 3).await;
    let get = |fwd: bool, bearer: Option<&str>| {
        let mut req = Request::get("/metrics").extension(server::limits::Peer("127.0.0.1:9".parse().unwrap()));
        if fwd {
            req = req.header("x-forwarded-for", "203.0.113.5");
        }
        if let Some(b) = bearer {
            req = req.header("authorization", format!("Bearer {b}"));
        }
        let app = app.clone();
        async move {
            let r = app.oneshot(req.body(Body::empty()).unwrap()).await.unwrap();
            let st = r.status();
            let b = http_body_util::BodyExt::collect(r.into_body())
                .await
                .unwrap()
                .to_bytes();
            (st, String::from_utf8_lossy(&b).into_owned())
        }
    };
    let (st, text) = get(false, None).await;
    assert_eq!(st, StatusCode::OK);
    assert!(text.contains("powderhorn_games_cached"), "{text}");
    assert_eq!(get(true, None).await.0, StatusCode::FORBIDDEN, "not through a proxy");
    let (app2, _) = {
        let s = server::open_with(&db.spec, Limits::default())
            .await
            .unwrap()
            .with_metrics_token(Some("s3cret".into()));
        (server::app(s.clone()), s)
    };
    let req = |b: &str| {
        Request::get("/metrics")
            .header("x-forwarded-for", "203.0.113.5")
            .header("authorization", format!("Bearer {b}"))
            .body(Body::empty())
            .unwrap()
    };
    assert_eq!(
        app2.clone().oneshot(req("s3cret")).await.unwrap().status(),
        StatusCode::OK
    );
    assert_eq!(
        app2.clone().oneshot(req("guess")).await.unwrap().status(),
        StatusCode::FORBIDDEN
    );
}

/// The accept loop on a real socket: a silent connection is closed after the
/// header timeout, an idle keep-alive one after the idle timeout, and one
/// address may hold only so many.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_time_out_and_are_capped() {
    use std::io::{Read, Write};
    let db = TestDb::sqlite();
    let limits = Limits {
        header_timeout: 1,
        idle_timeout: 2,
        connections_per_address: 3,
        ..Limits::default()
    };
    let st = server::open_with(&db.spec, limits.clone()).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let site = server::hosting::Site::new(addr, &[]).unwrap();
    tokio::spawn(async move { server::listen::serve(listener, server::app(st.with_site(site)), &limits).await });
    let closed_within = |mut s: std::net::TcpStream, secs: u64| {
        s.set_read_timeout(Some(std::time::Duration::from_secs(secs))).unwrap();
        let mut buf = Vec::new();
        // Ok(_) at end of stream: the server closed it; Err: still open.
        s.read_to_end(&mut buf).is_ok()
    };
    let silent = std::net::TcpStream::connect(addr).unwrap();
    let t = std::time::Instant::now();
    assert!(
        tokio::task::spawn_blocking(move || closed_within(silent, 5))
            .await
            .unwrap(),
        "a silent connection is closed"
    );
    assert!(t.elapsed() < std::time::Duration::from_secs(4));
    // One request, then idle.
    let mut idle = std::net::TcpStream::connect(addr).unwrap();
    write!(idle, "GET /healthz HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    assert!(
        tokio::task::spawn_blocking(move || closed_within(idle, 8))
            .await
            .unwrap(),
        "an idle connection is closed"
    );
    // The fourth connection from one address is closed at once.
    let held: Vec<_> = (0..3).map(|_| std::net::TcpStream::connect(addr).unwrap()).collect();
    std::thread::sleep(std::time::Duration::from_millis(200));
    let fourth = std::net::TcpStream::connect(addr).unwrap();
    let t = std::time::Instant::now();
    assert!(tokio::task::spawn_blocking(move || closed_within(fourth, 5))
        .await
        .unwrap());
    assert!(
        t.elapsed() < std::time::Duration::from_millis(900),
        "closed before the header timeout"
    );
    drop(held);
}

/// A request body dripped a byte at a time is cut off at the body timeout
/// (408), however often its bytes come: it cannot hold its connection.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dripped_body_is_cut_off_at_the_body_timeout() {
    use std::io::{Read, Write};
    let db = TestDb::sqlite();
    let limits = Limits {
        body_timeout: 1,
        ..Limits::default()
    };
    let st = server::open_with(&db.spec, limits.clone()).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let site = server::hosting::Site::new(addr, &[]).unwrap();
    tokio::spawn(async move { server::listen::serve(listener, server::app(st.with_site(site)), &limits).await });
    let answer = tokio::task::spawn_blocking(move || {
        let mut s = std::net::TcpStream::connect(addr).unwrap();
        write!(
            s,
            "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n{{"
        )
        .unwrap();
        let start = std::time::Instant::now();
        // A space every 200 ms, well inside any idle timeout, for 5 s at most.
        s.set_read_timeout(Some(std::time::Duration::from_millis(200))).unwrap();
        let mut got = Vec::new();
        while start.elapsed() < std::time::Duration::from_secs(5) {
            if s.write_all(b" ").is_err() {
                break;
            }
            let mut buf = [0u8; 1024];
            match s.read(&mut buf) {
                Ok(0) => break,
                Ok(n) => got.extend_from_slice(&buf[..n]),
                Err(_) if !got.is_empty() => break,
                Err(_) => {}
            }
        }
        (String::from_utf8_lossy(&got).to_string(), start.elapsed())
    })
    .await
    .unwrap();
    assert!(answer.0.starts_with("HTTP/1.1 408"), "{answer:?}");
    assert!(answer.0.contains("body took more than 1 s"), "{answer:?}");
    assert!(answer.1 < std::time::Duration::from_secs(3), "{answer:?}");
}

/// A game of two computers goes on after a restart without anyone opening
/// it (`Registry::resume`, which `serve` runs at start); games with a
/// person wait for that person.
#[tokio::test]
async fn computers_only_games_resume_after_a_restart() {
    let db = TestDb::sqlite();
    let id = {
        let (app, st) = app_with(&db.spec, Limits::default()).await;
        st.reg.bots.set_pace(std::time::Duration::from_secs(3600));
        let v = create_raw(&app, "computer", "computer", 41).await;
        create(&app, "me", "computer", 42).await;
        v["id"].as_str().unwrap().to_string()
    };
    let (_, st) = app_with(&db.spec, Limits::default()).await;
    st.reg.bots.set_pace(std::time::Duration::ZERO);
    assert_eq!(st.reg.cached_count(), 0);
    assert_eq!(st.reg.resume().await, 1, "only the computers' game");
    let store = &st.reg.store;
    let start = std::time::Instant::now();
    while store.seq(&id).await.unwrap() < 5 {
        assert!(
            start.elapsed() < std::time::Duration::from_secs(30),
            "the computers did not play on"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// One token holding many unused tickets keeps only the newest few: it
/// cannot use up the server's tickets.
#[tokio::test]
async fn a_token_keeps_only_its_newest_tickets() {
    let db = TestDb::sqlite();
    let app = app_at(&db.spec).await;
    let g = create(&app, "me", "hotseat", 3).await;
    let mut tickets = Vec::new();
    for _ in 0..10 {
        let (_, t) = post(&app, &g.id, "ticket", &g.british, json!({})).await;
        tickets.push(t["ticket"].as_str().unwrap().to_string());
    }
    let open = |t: &str| {
        let req = Request::get(format!("/api/games/{}/events?ticket={t}", g.id))
            .body(Body::empty())
            .unwrap();
        let app = app.clone();
        async move { app.oneshot(req).await.unwrap().status() }
    };
    assert_eq!(open(&tickets[0]).await, StatusCode::FORBIDDEN, "the oldest was dropped");
    let n = server::games::TICKETS_PER_TOKEN;
    assert_eq!(open(&tickets[10 - n]).await, StatusCode::OK);
    assert_eq!(open(&tickets[10 - n - 1]).await, StatusCode::FORBIDDEN);
}

/// A game created from the TCP peer `peer` (as `listen` marks it): the status.
async fn create_from(app: &Router, peer: &str) -> StatusCode {
    create_seats_from(app, peer, "me", "hotseat").await
}

async fn create_seats_from(app: &Router, peer: &str, british: &str, american: &str) -> StatusCode {
    let body = json!({"scenario": "liberty/1775", "seats": {"british": british, "american": american}});
    let req = Request::post("/api/games")
        .header("content-type", "application/json")
        .extension(server::limits::Peer(peer.parse().unwrap()))
        .body(Body::from(serde_json::to_vec(&body).unwrap()))
        .unwrap();
    app.clone().oneshot(req).await.unwrap().status()
}

/// One client may have only so many games in the computer players' hands
/// (a computers-only game until it ends): beyond it a new game with a
/// computer seat, and a move in one, are refused (429) and nothing is
/// stored; another client is not held up. Found by a hostile-client audit
/// (session 30): one client could fill the queue everybody shares.
#[tokio::test]
async fn one_client_has_a_bounded_share_of_the_computer_players() {
    let db = TestDb::sqlite();
    let limits = Limits {
        computer_games_per_address: 2,
        ..Limits::default()
    };
    let (app, st) = app_with(&db.spec, limits).await;
    let g = create(&app, "me", "computer", 5).await;
    let s = computer_done(&app, &g, &g.british).await;
    // Computers-only games stay in the computers' hands at this pace.
    st.reg.bots.set_pace(std::time::Duration::from_secs(3600));
    create_raw(&app, "computer", "computer", 6).await;
    create_raw(&app, "computer", "computer:easy", 7).await;
    let body = json!({"scenario": "liberty/1775", "seats": {"british": "computer", "american": "me"}});
    let (code, v) = call(&app, "POST", "/api/games", None, Some(body)).await;
    assert_eq!(code, StatusCode::TOO_MANY_REQUESTS, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("2 games in the computer players' hands"),
        "{v}"
    );
    assert_eq!(
        create_seats_from(&app, "192.0.2.50:4000", "computer", "computer").await,
        StatusCode::CREATED,
        "another client"
    );
    let seq = s["seq"].as_u64().unwrap();
    let (code, v) = act(&app, &g, &g.british, seq, &first_legal(&s)).await;
    assert_eq!(code, StatusCode::TOO_MANY_REQUESTS, "{v}");
    assert_eq!(
        state(&app, &g, &g.british).await["seq"].as_u64(),
        Some(seq),
        "nothing stored"
    );
}

/// An IPv6 client is given a whole /64 and may draw fresh addresses from it
/// at will: with `--ipv6-prefix 64` every per-address limit counts the /64
/// (an IPv4-mapped address counts as its IPv4 one). Found by a
/// hostile-client audit (session 30): one /64 made twice the games a minute
/// one address may. The default, /56, is in audit6.rs.
#[tokio::test]
async fn an_ipv6_client_counts_as_its_slash_64() {
    let db = TestDb::sqlite();
    let limits = Limits {
        games_per_minute: 2,
        ipv6_prefix: 64,
        ..Limits::default()
    };
    let (app, _) = app_with(&db.spec, limits).await;
    assert_eq!(create_from(&app, "[2001:db8:1:2::1]:4000").await, StatusCode::CREATED);
    assert_eq!(create_from(&app, "[2001:db8:1:2::2]:4000").await, StatusCode::CREATED);
    assert_eq!(
        create_from(&app, "[2001:db8:1:2:ffff::3]:4000").await,
        StatusCode::TOO_MANY_REQUESTS,
        "the same /64"
    );
    assert_eq!(
        create_from(&app, "[2001:db8:1:3::1]:4000").await,
        StatusCode::CREATED,
        "another /64"
    );
    assert_eq!(create_from(&app, "[::ffff:192.0.2.9]:4000").await, StatusCode::CREATED);
    assert_eq!(create_from(&app, "192.0.2.9:4000").await, StatusCode::CREATED);
    assert_eq!(
        create_from(&app, "[::ffff:192.0.2.9]:5000").await,
        StatusCode::TOO_MANY_REQUESTS,
        "an IPv4-mapped address is its IPv4 one"
    );
}

/// A seat may not grow its game's stored history without bound by acting
/// and taking back (each a stored move): at `moves_per_game` it may only
/// resign. Found by a hostile-client audit (session 30).
#[tokio::test]
async fn a_game_stores_at_most_its_moves_then_may_only_be_resigned() {
    let db = TestDb::sqlite();
    let limits = Limits {
        moves_per_game: 6,
        ..Limits::default()
    };
    let (app, _) = app_with(&db.spec, limits).await;
    let g = create(&app, "me", "hotseat", 7).await;
    let mut refused = None;
    for _ in 0..10 {
        let s = state(&app, &g, &g.british).await;
        let token = if s["to_act"][0] == "british" {
            &g.british
        } else {
            &g.american
        };
        let mover = state(&app, &g, token).await;
        let seq = mover["seq"].as_u64().unwrap();
        // At the bound the game is stopped and offers no move: one is tried anyway.
        let action = mover["legal"][0]["id"].as_str().unwrap_or("end-actions");
        let (st, v) = act(&app, &g, token, seq, action).await;
        if st != StatusCode::OK {
            refused = Some((seq, st, v, token.clone()));
            break;
        }
    }
    let (seq, st, v, token) = refused.expect("refused at the bound");
    assert_eq!((seq, st), (6, StatusCode::UNPROCESSABLE_ENTITY), "{v}");
    assert!(v["error"].as_str().unwrap().contains("may only be resigned"), "{v}");
    let (st, v) = post(&app, &g.id, "resign", &token, json!({"seq_seen": seq})).await;
    assert_eq!(st, StatusCode::OK, "{v}");
}

/// A seat's notes are saved at most `notes_per_minute` times a minute (each
/// save writes up to 32 KiB to the database). Found by a hostile-client
/// audit (session 30): 500 saves in 21 ms were all accepted.
#[tokio::test]
async fn notes_saves_are_rate_limited() {
    let db = TestDb::sqlite();
    let limits = Limits {
        notes_per_minute: 3,
        ..Limits::default()
    };
    let (app, _) = app_with(&db.spec, limits).await;
    let g = create(&app, "me", "hotseat", 7).await;
    let notes = format!("/api/games/{}/notes", g.id);
    for i in 0..3 {
        let (st, v) = call(
            &app,
            "PUT",
            &notes,
            Some(&g.british),
            Some(json!({"text": format!("plan {i}")})),
        )
        .await;
        assert_eq!(st, StatusCode::OK, "{v}");
    }
    let (st, v) = call(&app, "PUT", &notes, Some(&g.british), Some(json!({"text": "plan 4"}))).await;
    assert_eq!(st, StatusCode::TOO_MANY_REQUESTS, "{v}");
    let (_, v) = call(&app, "GET", &notes, Some(&g.british), None).await;
    assert_eq!(v["text"], "plan 2", "the refused save changed nothing");
    // The other seat has its own allowance.
    let (st, _) = call(&app, "PUT", &notes, Some(&g.american), Some(json!({"text": "mine"}))).await;
    assert_eq!(st, StatusCode::OK);
}

/// A seat posts a chat message and saves notes holding a NUL character
/// (valid JSON, `\u0000`). The server must either keep them or refuse them
/// as a client error; it must not fail with a 500 (PostgreSQL's TEXT
/// cannot hold a NUL, SQLite's can).
// rule: none (server)
async fn text_with_a_nul_is_not_a_server_error(db: &str) {
    let app = app_at(db).await;
    let g = create(&app, "me", "hotseat", 3).await;
    let chat = post(&app, &g.id, "chat", &g.british, json!({"text": "hi\u{0}there"})).await;
    let notes = call(
        &app,
        "PUT",
        &format!("/api/games/{}/notes", g.id),
        Some(&g.british),
        Some(json!({"text": "a\u{0}b"})),
    )
    .await;
    for (what, (st, v)) in [("chat", &chat), ("notes", &notes)] {
        assert!(
            st.is_success() || st.is_client_error(),
            "{what}: {st} {v} (chat {}, notes {})",
            chat.0,
            notes.0
        );
    }
}
both!(text_with_a_nul_is_not_a_server_error);

/// One client sends many requests for new computers-only games at once.
/// `--computer-games-per-address` (here 1) must hold however the requests
/// interleave: at most one game is created, the others are refused (429).
// rule: none (server)
#[tokio::test]
async fn the_computer_games_cap_holds_against_requests_at_once() {
    let db = TestDb::sqlite();
    let limits = Limits {
        computer_games_per_address: 1,
        ..Limits::default()
    };
    let st = server::open_with(&db.spec, limits).await.expect("open db");
    st.reg.bots.set_pace(std::time::Duration::from_secs(3600));
    let app = server::app(st.clone());
    let mut tries = tokio::task::JoinSet::new();
    for i in 0..8u64 {
        let app = app.clone();
        tries.spawn(async move {
            let body = json!({"scenario": "liberty/1775", "seed": 100 + i,
                              "seats": {"british": "computer", "american": "computer"}});
            call(&app, "POST", "/api/games", None, Some(body)).await
        });
    }
    let answers = tries.join_all().await;
    let created = answers.iter().filter(|(s, _)| *s == StatusCode::CREATED).count();
    let refused = answers
        .iter()
        .filter(|(s, _)| *s == StatusCode::TOO_MANY_REQUESTS)
        .count();
    assert_eq!(
        (created, refused),
        (1, 7),
        "games made past the cap: {:?}",
        answers.iter().map(|(s, _)| s.as_u16()).collect::<Vec<_>>()
    );
}

/// The games a list names, as the list gives each: (seat, move number,
/// who acts, whether it is the caller's turn).
async fn listed(app: &Router, games: &[(&str, &str)]) -> Vec<(Value, Value, Value, Value)> {
    let games: Vec<Value> = games.iter().map(|(id, t)| json!({"id": id, "token": t})).collect();
    let (st, v) = call(app, "POST", "/api/my-games", None, Some(json!({ "games": games }))).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["seat"].clone(),
                g["seq"].clone(),
                g["to_act"].clone(),
                g["your_turn"].clone(),
            )
        })
        .collect()
}

/// A list of remembered games is answered from what was stored with each
/// game's last move: the games it names are not rebuilt, and it says what
/// the game's own page would (each viewer's move number, who acts).
async fn a_list_of_games_rebuilds_none(db: &str) {
    let (app, st) = app_with(db, Limits::default()).await;
    let g = create(&app, "me", "hotseat", 3).await;
    let b = state(&app, &g, &g.british).await;
    let (code, v) = act(&app, &g, &g.british, b["seq"].as_u64().unwrap(), &first_legal(&b)).await;
    assert_eq!(code, StatusCode::OK, "{v}");
    let mut pages = Vec::new();
    for t in [&g.british, &g.american, &g.spectator] {
        pages.push(state(&app, &g, t).await);
    }
    st.reg.evict(&g.id);
    let rebuilt = st.reg.rebuilt_count();
    let mut asked = vec![
        (g.id.as_str(), g.british.as_str()),
        (g.id.as_str(), g.american.as_str()),
    ];
    asked.push((g.id.as_str(), g.spectator.as_str()));
    asked.push((g.id.as_str(), "not-a-token"));
    // The same game named many times costs no more than a row read each.
    asked.extend(std::iter::repeat_n((g.id.as_str(), g.american.as_str()), 150));
    let list = listed(&app, &asked).await;
    assert_eq!(list.len(), 153, "the wrong token is left out");
    for ((seat, seq, to_act, yours), page) in list.iter().take(3).zip(&pages) {
        assert_eq!(seq, &page["seq"], "{seat}");
        assert_eq!(to_act, &page["to_act"], "{seat}");
        let expected = seat
            .as_str()
            .is_some_and(|s| to_act.as_array().unwrap().iter().any(|a| a == s));
        assert_eq!(yours, &json!(expected), "{seat}");
    }
    assert_eq!(list[2].0, Value::Null, "the spectator link has no seat");
    assert!(st.reg.in_memory(&g.id).is_none(), "the list rebuilt the game");
    assert_eq!(st.reg.rebuilt_count(), rebuilt);
}
both!(a_list_of_games_rebuilds_none);

/// Games stored before their summary was are rebuilt for a list, a few at
/// most: the others are listed with their stored status only.
async fn a_list_rebuilds_a_few_old_games_at_most(db: &str) {
    let (app, st) = app_with(db, Limits::default()).await;
    let mut old = Vec::new();
    for seed in 0..6 {
        let g = create(&app, "me", "hotseat", seed).await;
        // As stored before the summary: no summary.
        let n = st.reg.store.seq(&g.id).await.unwrap();
        st.reg.store.append(&g.id, n, &[], "active", "").await.unwrap();
        st.reg.evict(&g.id);
        old.push(g);
    }
    let asked: Vec<(&str, &str)> = old.iter().map(|g| (g.id.as_str(), g.british.as_str())).collect();
    let list = listed(&app, &asked).await;
    assert_eq!(list.len(), 6, "every game is listed");
    let known = list.iter().filter(|(_, seq, _, _)| !seq.is_null()).count();
    assert_eq!(known, 4, "{list:?}");
    assert_eq!(st.reg.cached_count(), 4);
}
both!(a_list_rebuilds_a_few_old_games_at_most);

/// Requests at once for a game not in memory wait for one rebuild.
async fn a_game_asked_for_at_once_is_rebuilt_once(db: &str) {
    let (app, st) = app_with(db, Limits::default()).await;
    let g = create(&app, "me", "hotseat", 3).await;
    let b = state(&app, &g, &g.british).await;
    let (code, v) = act(&app, &g, &g.british, b["seq"].as_u64().unwrap(), &first_legal(&b)).await;
    assert_eq!(code, StatusCode::OK, "{v}");
    st.reg.evict(&g.id);
    let before = st.reg.rebuilt_count();
    let mut asking = tokio::task::JoinSet::new();
    for _ in 0..8 {
        let (app, g) = (app.clone(), g.clone());
        asking.spawn(async move { state(&app, &g, &g.british).await });
    }
    let pages = asking.join_all().await;
    assert!(pages
        .iter()
        .all(|p| p["seq"] == pages[0]["seq"] && p["seq"].as_u64() > Some(0)));
    assert_eq!(st.reg.rebuilt_count() - before, 1);
}
both!(a_game_asked_for_at_once_is_rebuilt_once);

/// Rebuilds at once are bounded: beyond them a request waits
/// `--rebuild-wait` and is answered 503; a game in memory still answers.
#[tokio::test]
async fn rebuilds_are_bounded() {
    let db = TestDb::sqlite();
    let limits = Limits {
        rebuilds_at_once: 0,
        rebuild_wait: 1,
        ..Limits::default()
    };
    let (app, st) = app_with(&db.spec, limits).await;
    let g = create(&app, "me", "hotseat", 3).await;
    assert_eq!(
        state(&app, &g, &g.british).await["seq"],
        0,
        "in memory since its creation"
    );
    st.reg.evict(&g.id);
    let (code, v) = call(&app, "GET", &format!("/api/games/{}", g.id), Some(&g.british), None).await;
    assert_eq!(code, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    assert!(v["error"].as_str().unwrap().contains("rebuilding"), "{v}");
    let (app, _) = app_with(&db.spec, Limits::default()).await;
    assert_eq!(state(&app, &g, &g.british).await["seq"], 0);
}

/// Chat posted at once cannot pass the game's byte cap together: the room
/// left is checked in the same step as the insert.
async fn chat_at_once_keeps_within_the_cap(db: &str) {
    let limits = Limits {
        chat_bytes_per_game: 30,
        ..Limits::default()
    };
    let (app, _) = app_with(db, limits).await;
    let g = create(&app, "me", "hotseat", 3).await;
    let mut posting = tokio::task::JoinSet::new();
    for i in 0..8 {
        let (app, g) = (app.clone(), g.clone());
        let token = if i % 2 == 0 {
            g.british.clone()
        } else {
            g.american.clone()
        };
        posting.spawn(async move {
            let uri = format!("/api/games/{}/chat", g.id);
            call(
                &app,
                "POST",
                &uri,
                Some(&token),
                Some(json!({"text": format!("ten bytes{i}")})),
            )
            .await
            .0
        });
    }
    let answers = posting.join_all().await;
    let kept = answers.iter().filter(|s| **s == StatusCode::OK).count();
    let full = answers
        .iter()
        .filter(|s| **s == StatusCode::INSUFFICIENT_STORAGE)
        .count();
    assert_eq!((kept, full), (3, 5), "{answers:?}");
    let (_, v) = call(
        &app,
        "GET",
        &format!("/api/games/{}/chat", g.id),
        Some(&g.british),
        None,
    )
    .await;
    assert_eq!(v["messages"].as_array().map(Vec::len), Some(3), "{v}");
}
both!(chat_at_once_keeps_within_the_cap);
