//! The fourth hostile-client audit: what a stranger with curl and a script
//! could take of the server that the earlier audits left open. Each test
//! failed before its fix (see the comments at the fixes in src/).
mod common;
use common::*;
use futures_util::StreamExt;
use http_body_util::BodyExt;
use server::store::{Event, EventKind};
use server::Limits;
use std::time::{Duration, Instant};
use tokio::io::AsyncWriteExt;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// A WebSocket's client sends nothing but control frames, yet the server
/// took frames up to tungstenite's default of 16 MiB: the header of one
/// (14 bytes) made it reserve the whole payload's room at once and then
/// wait for it, until the keep-alive gave up (45 s). Sixteen sockets per
/// address, 256 MiB for a few hundred bytes sent. A frame over the
/// client's message bound is now refused at its header.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_frame_header_over_the_bound_closes_the_socket_at_once() {
    let db = TestDb::sqlite();
    let (addr, app) = serve(&db.spec, Limits::default()).await;
    let g = create(&app, "me", "hotseat", 8).await;
    let (st, t) = post(&app, &g.id, "ticket", &g.british, json!({})).await;
    assert_eq!(st, StatusCode::OK, "{t}");
    let req = format!(
        "ws://{addr}/api/games/{}/live?ticket={}",
        g.id,
        t["ticket"].as_str().unwrap()
    )
    .into_client_request()
    .unwrap();
    let (mut ws, _) = tokio_tungstenite::connect_async(req).await.unwrap();
    // The notice on connecting.
    let first = tokio::time::timeout(Duration::from_secs(5), ws.next()).await.unwrap();
    assert!(matches!(first, Some(Ok(_))), "{first:?}");
    // A masked binary frame's header that announces 15 MiB, and nothing more.
    let mut header = vec![0x82u8, 0x80 | 127];
    header.extend_from_slice(&(15u64 << 20).to_be_bytes());
    header.extend_from_slice(&[1, 2, 3, 4]);
    match ws.get_mut() {
        tokio_tungstenite::MaybeTlsStream::Plain(tcp) => {
            tcp.write_all(&header).await.unwrap();
            tcp.flush().await.unwrap();
        }
        _ => unreachable!("a plain socket"),
    }
    let closed = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            match ws.next().await {
                None | Some(Err(_)) | Some(Ok(tokio_tungstenite::tungstenite::Message::Close(_))) => return,
                Some(Ok(_)) => {}
            }
        }
    })
    .await;
    assert!(
        closed.is_ok(),
        "the server still waits for the payload of a 15 MiB frame from a client that may send 1 KiB messages"
    );
}

/// Every request is counted in `/metrics` under its method; any token is a
/// method in HTTP, and each new one was a new series kept for the life of
/// the process (the recorder's memory and every scrape's size grew with
/// each request of a script making methods up). Methods HTTP does not
/// define are now counted as one.
#[tokio::test]
async fn made_up_methods_do_not_grow_the_metrics() {
    let db = TestDb::sqlite();
    let (app, _) = app_with(&db.spec, Limits::default()).await;
    for i in 0..50 {
        let req = Request::builder()
            .method(format!("AUDITMETHOD{i}").as_str())
            .uri("/api/titles")
            .body(Body::empty())
            .unwrap();
        let resp = app.clone().oneshot(req).await.unwrap();
        assert_eq!(resp.status(), StatusCode::METHOD_NOT_ALLOWED);
    }
    let req = Request::builder().uri("/metrics").body(Body::empty()).unwrap();
    let resp = app.clone().oneshot(req).await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    let text = String::from_utf8(resp.into_body().collect().await.unwrap().to_bytes().to_vec()).unwrap();
    let series = text.lines().filter(|l| l.contains("AUDITMETHOD")).count();
    assert_eq!(series, 0, "a series per made-up method:\n{text}");
}

/// Stored moves of game `id`, made here and committed as the server stores
/// them (a long game without as many requests): an action picked by a
/// simple generator, taken back and made again up to 999 times where it
/// may be (a long replay of a short game), until the game has `n` moves.
async fn play_many(st: &server::AppState, id: &str, n: usize) -> u64 {
    let entry = st.reg.in_memory(id).expect("in memory");
    let mut live = entry.live.lock().await;
    let mut pick: u64 = 7;
    let mut batch = Vec::new();
    let mut made = 0;
    while made < n && !live.is_over() {
        let seat = live.game.to_act()[0].to_string();
        let legal = live.game.legal(&seat).unwrap();
        pick = pick.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        let act = Event::of(
            seat.clone(),
            EventKind::Act,
            legal[(pick >> 33) as usize % legal.len()].id.clone(),
        );
        for again in 0..1000 {
            live.apply(&act).unwrap();
            batch.push(act.clone());
            made += 1;
            if again == 999 || !live.game.can_undo(&seat) || made >= n {
                break;
            }
            let undo = Event::of(seat.clone(), EventKind::Undo, String::new());
            live.apply(&undo).unwrap();
            batch.push(undo);
            made += 1;
        }
        if batch.len() >= 5000 {
            st.reg
                .commit(&entry, &mut live, std::mem::take(&mut batch))
                .await
                .unwrap();
        }
    }
    st.reg.commit(&entry, &mut live, batch).await.unwrap();
    live.seq_of(Some("british"))
}

/// The replay slider (`GET .../at/SEQ`) holds one of `--replays-at-once`
/// while it replays, but the slot belonged to the request's future: a
/// client that hung up mid-replay gave it back while the replay went on
/// on its blocking thread, so that a script asking and hanging up ran as
/// many replays at once as it liked. The slot now goes with the replay.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_replay_keeps_its_slot_when_its_client_hangs_up() {
    let db = TestDb::sqlite();
    let (app, st) = app_with(
        &db.spec,
        Limits {
            replays_at_once: 1,
            // The server's slot, not the address's share (audit6.rs).
            replays_per_address: 2,
            ..Limits::default()
        },
    )
    .await;
    let g = create(&app, "me", "hotseat", 5).await;
    let moves = play_many(&st, &g.id, 300_000).await;
    let uri = format!("/api/games/{}/at/{moves}", g.id);
    // How long one replay takes here.
    let start = Instant::now();
    let (code, v) = call(&app, "GET", &uri, Some(&g.british), None).await;
    assert_eq!(code, StatusCode::OK, "{v}");
    let whole = start.elapsed();
    assert!(
        whole > Duration::from_millis(200),
        "a replay of {moves} moves took only {whole:?}"
    );
    // Another replay, its client gone halfway.
    let asked = call(&app, "GET", &uri, Some(&g.british), None);
    assert!(
        tokio::time::timeout(whole / 2, asked).await.is_err(),
        "answered already"
    );
    assert_eq!(
        st.reg.replays.available_permits(),
        0,
        "the replay of a request dropped halfway (it runs for {:?} more) gave back its slot",
        whole / 2
    );
    let (code, v) = call(&app, "GET", &uri, Some(&g.british), None).await;
    assert_eq!(code, StatusCode::SERVICE_UNAVAILABLE, "a second replay at once: {v}");
    // The slot comes back once the replay is done.
    let start = Instant::now();
    while st.reg.replays.available_permits() == 0 {
        assert!(start.elapsed() < Duration::from_secs(30), "the slot never came back");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A save opened on the server is up to 2 MiB of JSON whose `state` is
/// kept as a `serde_json::Value`: some 16 bytes of memory per byte sent
/// (`[[],[],...]`). It was parsed as the request came in, before the
/// games-per-minute limit and outside the rebuilds at once, so that a
/// malformed save was never counted and any number were parsed at once
/// (64 connections per address, 2 GiB or so). The limit is checked first
/// and the save is parsed within a rebuild slot.
#[tokio::test]
async fn saves_are_parsed_after_the_rate_limit_and_within_the_rebuild_slots() {
    let db = TestDb::sqlite();
    let junk = || {
        let state: Vec<Value> = (0..100_000).map(|_| json!([])).collect();
        serde_json::to_vec(&json!({"save": {"state": state}, "seats": {}})).unwrap()
    };
    let (app, _) = app_with(
        &db.spec,
        Limits {
            games_per_minute: 1,
            ..Limits::default()
        },
    )
    .await;
    let mut codes = Vec::new();
    for _ in 0..3 {
        codes.push(raw(&app, "POST", "/api/games/open", None, junk()).await.0);
    }
    assert_eq!(codes[0], StatusCode::BAD_REQUEST, "{codes:?}");
    assert_eq!(
        &codes[1..],
        &[StatusCode::TOO_MANY_REQUESTS; 2],
        "malformed saves are parsed without end"
    );
    // No rebuild slot free: the save waits for one, unparsed.
    let (app, _) = app_with(
        &db.spec,
        Limits {
            rebuilds_at_once: 0,
            rebuild_wait: 1,
            ..Limits::default()
        },
    )
    .await;
    let (code, v) = raw(&app, "POST", "/api/games/open", None, junk()).await;
    assert_eq!(
        code,
        StatusCode::SERVICE_UNAVAILABLE,
        "parsed outside the rebuild slots: {v}"
    );
}

/// A rematch gives the asker the tokens of every seat it plays and keeps a
/// hot-seat opponent as such: right when the asker made the game (both
/// seats are its own), not when the asker is the invited guest of a
/// creator who played hot-seat. The guest then held both seats of the
/// rematch, and the creator, locked out of it, could ask for no other
/// (a game has one rematch).
#[tokio::test]
async fn an_invited_guest_does_not_take_the_creators_seat_in_a_rematch() {
    let db = TestDb::sqlite();
    let (app, _) = app_with(&db.spec, Limits::default()).await;
    let g = create(&app, "hotseat", "invite", 0).await;
    let s = state(&app, &g, &g.american).await;
    let (code, v) = post(&app, &g.id, "resign", &g.american, json!({"seq_seen": s["seq"]})).await;
    assert_eq!(code, StatusCode::OK, "{v}");
    let (code, r) = post(&app, &g.id, "rematch", &g.american, json!({})).await;
    assert_eq!(code, StatusCode::CREATED, "{r}");
    let tokens: Vec<&Value> = r["seats"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| !s["token"].is_null())
        .collect();
    assert_eq!(tokens.len(), 1, "the guest holds every seat of the rematch: {r}");
    // The creator is invited to the other seat.
    let mine = state(&app, &g, &g.british).await;
    let url = mine["rematch"]["invite_url"].as_str();
    assert!(
        url.is_some(),
        "the creator has no way into the rematch: {}",
        mine["rematch"]
    );
    let (code, c) = claim(&app, url.unwrap()).await;
    assert_eq!(code, StatusCode::OK, "{c}");
}

/// API answers carry tokens, invite links and, in a save, both sides'
/// secrets: none is to be kept in a browser's or a proxy's cache.
#[tokio::test]
async fn api_answers_are_not_stored_in_caches() {
    let db = TestDb::sqlite();
    let (app, _) = app_with(&db.spec, Limits::default()).await;
    let g = create(&app, "me", "invite", 0).await;
    for uri in [format!("/api/games/{}", g.id), format!("/api/games/{}/save", g.id)] {
        let req = Request::builder()
            .uri(&uri)
            .header("authorization", format!("Bearer {}", g.british))
            .body(Body::empty())
            .unwrap();
        let resp = app.clone().oneshot(req).await.unwrap();
        let cc = resp
            .headers()
            .get("cache-control")
            .map(|v| v.to_str().unwrap().to_string());
        assert_eq!(cc.as_deref(), Some("no-store"), "{uri}: {:?}", resp.status());
    }
}

/// `--moves-per-game` bounds what a game stores, so every rebuild and
/// replay of it; the computer players stored moves past it (a game of two
/// computers, which a stranger may start 16 of, played on regardless).
/// At the bound the computer now stops as a person must.
#[tokio::test]
async fn the_computer_stores_no_more_moves_than_a_game_may() {
    let db = TestDb::sqlite();
    let (app, st) = app_with(
        &db.spec,
        Limits {
            moves_per_game: 12,
            ..Limits::default()
        },
    )
    .await;
    st.reg.bots.set_pace(Duration::ZERO);
    let v = create_raw(&app, "computer", "computer", 41).await;
    let id = v["id"].as_str().unwrap().to_string();
    let spectator = v["spectator"]["token"].as_str().unwrap().to_string();
    let s = wait_for(&app, &id, &spectator, 30, |s| {
        s["thinking"] == false || s["seq"].as_u64().unwrap() > 12
    })
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let stored = st.reg.store.seq(&id).await.unwrap();
    assert!(
        stored <= 12,
        "the computers stored {stored} moves (seq {}), the bound is 12",
        s["seq"]
    );
}

/// Poll `f` once, then drop it (a request whose client went away: hyper
/// drops the handler's future).
async fn poll_once_and_drop<F: std::future::Future>(f: F) {
    let mut f = std::pin::pin!(f);
    std::future::poll_fn(|cx| {
        let _ = f.as_mut().poll(cx);
        std::task::Poll::Ready(())
    })
    .await;
}

/// A replaced invite link no longer opens its seat: so the cached game
/// said, but the store let any code claim an unclaimed invited seat. Where
/// the cached game still held the old code (the creator's replacement
/// stored, its request gone before the cache was updated; or another
/// server process replaced it and this one had not yet heard), the old
/// link, the one the creator wanted dead, took the seat. The store now
/// checks the code it holds. Over SQLite, whose writes are queued at once
/// (the request dropped after one poll has stored its replacement).
#[tokio::test]
async fn a_replaced_invite_cannot_claim_the_seat() {
    let db = TestDb::sqlite();
    let (app, st) = app_with(&db.spec, Limits::default()).await;
    let body = json!({"scenario": "liberty/1775", "seats": {"british": "me", "american": "invite"}});
    let (code, v) = call(&app, "POST", "/api/games", None, Some(body)).await;
    assert_eq!(code, StatusCode::CREATED, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let british = seat_entry(&v, "british")["token"].as_str().unwrap().to_string();
    let old_link = seat_entry(&v, "american")["invite_url"].as_str().unwrap().to_string();
    let old_code = old_link.split_once("#invite=").unwrap().1.to_string();
    // The creator replaces the link; its tab closes as the answer comes.
    let req = Request::builder()
        .method("POST")
        .uri(format!("/api/games/{id}/invite"))
        .header("authorization", format!("Bearer {british}"))
        .header("content-type", "application/json")
        .body(Body::from(json!({"seat": "american"}).to_string()))
        .unwrap();
    poll_once_and_drop(app.clone().oneshot(req)).await;
    let start = Instant::now();
    loop {
        let (_, seats) = st.reg.store.head(&id).await.unwrap().unwrap();
        let invite = seats.iter().find(|s| s.seat == "american").unwrap().invite.clone();
        if invite.as_deref() != Some(old_code.as_str()) {
            break;
        }
        assert!(
            start.elapsed() < Duration::from_secs(5),
            "the replacement was not stored"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let (code, r) = claim(&app, &old_link).await;
    assert_eq!(code, StatusCode::FORBIDDEN, "the replaced link claimed the seat: {r}");
    // The creator replaces it again and that link works.
    let (code, r) = post(&app, &id, "invite", &british, json!({"seat": "american"})).await;
    assert_eq!(code, StatusCode::OK, "{r}");
    let (code, c) = claim(&app, r["invite_url"].as_str().unwrap()).await;
    assert_eq!(code, StatusCode::OK, "{c}");
}
