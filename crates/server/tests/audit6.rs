//! The sixth hostile-client audit of the server (docs: the server README's
//! limits): computers-only games bounded per address and in all, a restart
//! included; chat counted per address and the text an address stores
//! bounded; one replay at a time per address; IPv6 counted per /56.

mod common;
use common::*;
use server::limits::Limits;
use std::time::Duration;

const A: &str = "192.0.2.1:4000";
const B: &str = "192.0.2.2:4000";
const C: &str = "192.0.2.3:4000";

/// Finding 1: one address made 16 games of `computer:hard` against itself,
/// which kept every other person's computer opponent waiting for minutes,
/// and a restart resumed them all. Computers-only games are now bounded per
/// address (429) and in all (503), and a restart resumes no more than the
/// bound, which the resumed games fill as new ones would. A game with a
/// person in it is not held to these bounds.
// rule: none (server)
#[tokio::test]
async fn computers_only_games_are_bounded_per_address_and_in_all_a_restart_too() {
    let db = TestDb::sqlite();
    let limits = Limits {
        computers_only_games_per_address: 2,
        computers_only_games: 3,
        ..Limits::default()
    };
    let (app, st) = app_with(&db.spec, limits.clone()).await;
    st.reg.bots.set_pace(Duration::from_secs(3600));
    for _ in 0..2 {
        let (code, v) = create_from(&app, A, "computer:hard", "computer:hard").await;
        assert_eq!(code, StatusCode::CREATED, "{v}");
    }
    let (code, v) = create_from(&app, A, "computer:hard", "computer:hard").await;
    assert_eq!(code, StatusCode::TOO_MANY_REQUESTS, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("2 games of computers only playing already"),
        "{v}"
    );
    let (code, v) = create_from(&app, A, "me", "computer:hard").await;
    assert_eq!(code, StatusCode::CREATED, "a person's game is not held to it: {v}");
    let (code, v) = create_from(&app, B, "computer", "computer").await;
    assert_eq!(code, StatusCode::CREATED, "{v}");
    let (code, v) = create_from(&app, C, "computer", "computer").await;
    assert_eq!(code, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("the server plays 3 games of computers only"),
        "{v}"
    );

    // A restart with a lower bound resumes that many, which count.
    drop((app, st));
    let limits = Limits {
        computers_only_games: 2,
        ..limits
    };
    let (app, st) = app_with(&db.spec, limits).await;
    st.reg.bots.set_pace(Duration::from_secs(3600));
    assert_eq!(st.reg.resume().await, 2, "the oldest, up to the bound");
    let (code, v) = create_from(&app, C, "computer", "computer").await;
    assert_eq!(code, StatusCode::SERVICE_UNAVAILABLE, "resumed games count: {v}");
    assert!(v["error"].as_str().unwrap().contains("plays 2 games"), "{v}");
}

/// Finding 4: chat was counted per seat only, so one address posted as
/// many messages a minute as it had seats, in games it made 20 a minute.
/// It is counted per address too, and the bytes of chat and notes an
/// address stores a minute are bounded (notes by what they grow).
// rule: none (server)
#[tokio::test]
async fn chat_and_notes_are_bounded_per_address() {
    let db = TestDb::sqlite();
    let limits = Limits {
        chat_per_minute_per_address: 3,
        text_kib_per_minute: 4,
        ..Limits::default()
    };
    let (app, _) = app_with(&db.spec, limits).await;
    let mut games = Vec::new();
    for _ in 0..2 {
        let (code, v) = create_from(&app, A, "me", "hotseat").await;
        assert_eq!(code, StatusCode::CREATED, "{v}");
        let token = |seat| seat_entry(&v, seat)["token"].as_str().unwrap().to_string();
        games.push((
            v["id"].as_str().unwrap().to_string(),
            token("british"),
            token("american"),
        ));
    }
    let chat = |id: &str| format!("/api/games/{id}/chat");
    let (g1, g2) = (&games[0], &games[1]);
    for (id, token) in [(&g1.0, &g1.1), (&g1.0, &g1.2), (&g2.0, &g2.1)] {
        let (code, v) = call_from(&app, A, "POST", &chat(id), Some(token), Some(json!({"text": "hi"}))).await;
        assert_eq!(code, StatusCode::OK, "{v}");
    }
    let (code, v) = call_from(&app, A, "POST", &chat(&g2.0), Some(&g2.2), Some(json!({"text": "hi"}))).await;
    assert_eq!(code, StatusCode::TOO_MANY_REQUESTS, "a fourth seat of the address: {v}");
    assert!(v["error"].as_str().unwrap().contains("from one address"), "{v}");
    let (code, v) = call_from(&app, B, "POST", &chat(&g2.0), Some(&g2.2), Some(json!({"text": "hi"}))).await;
    assert_eq!(code, StatusCode::OK, "another address: {v}");

    // 4 KiB of text a minute: notes of 3,000 bytes, saved again unchanged
    // (nothing more stored), then 3,000 more in the other game.
    let notes = |id: &str| format!("/api/games/{id}/notes");
    let text = json!({"text": "x".repeat(3000)});
    for _ in 0..2 {
        let (code, v) = call_from(&app, B, "PUT", &notes(&g1.0), Some(&g1.1), Some(text.clone())).await;
        assert_eq!(code, StatusCode::OK, "{v}");
    }
    let (code, v) = call_from(&app, B, "PUT", &notes(&g2.0), Some(&g2.1), Some(text.clone())).await;
    assert_eq!(code, StatusCode::TOO_MANY_REQUESTS, "{v}");
    assert!(v["error"].as_str().unwrap().contains("KiB of chat and notes"), "{v}");
    let (_, v) = call(&app, "GET", &notes(&g2.0), Some(&g2.1), None).await;
    assert_eq!(v["text"], "", "nothing stored");
}

/// Finding 6: one address looping replays took both of the server's
/// replay slots, and every other client was refused (503). An address now
/// runs one replay at a time (429 for its next), and others are served.
// rule: none (server)
#[tokio::test]
async fn one_address_runs_one_replay_at_a_time() {
    let db = TestDb::sqlite();
    let (app, st) = app_with(&db.spec, Limits::default()).await;
    let (_, v) = create_from(&app, A, "me", "hotseat").await;
    let (id, token) = (
        v["id"].as_str().unwrap(),
        seat_entry(&v, "british")["token"].as_str().unwrap(),
    );
    // A replay of A's under way.
    let running = st
        .reg
        .replays_by_address
        .enter(A.parse::<std::net::SocketAddr>().unwrap().ip());
    assert!(running.is_some());
    for uri in [format!("/api/games/{id}/at/0"), format!("/api/games/{id}/log-moves")] {
        let (code, v) = call_from(&app, A, "GET", &uri, Some(token), None).await;
        assert_eq!(code, StatusCode::TOO_MANY_REQUESTS, "{uri}: {v}");
        assert!(
            v["error"]
                .as_str()
                .unwrap()
                .contains("replaying past positions already"),
            "{v}"
        );
        let (code, v) = call_from(&app, B, "GET", &uri, Some(token), None).await;
        assert_eq!(code, StatusCode::OK, "another address: {uri}: {v}");
    }
    drop(running);
    let (code, v) = call_from(&app, A, "GET", &format!("/api/games/{id}/at/0"), Some(token), None).await;
    assert_eq!(code, StatusCode::OK, "once it is done: {v}");
}

/// Finding 2 and 8: an IPv6 customer is commonly given a /56 (256 /64s),
/// each /64 of which had every per-address allowance. Addresses are now
/// counted per /56 (`--ipv6-prefix`; trust.rs has /64 for operators whose
/// clients share /56s).
// rule: none (server)
#[tokio::test]
async fn an_ipv6_client_counts_as_its_slash_56() {
    let db = TestDb::sqlite();
    let limits = Limits {
        games_per_minute: 2,
        ..Limits::default()
    };
    let (app, _) = app_with(&db.spec, limits).await;
    let made = |peer: &'static str| {
        let app = app.clone();
        async move { create_from(&app, peer, "me", "hotseat").await.0 }
    };
    assert_eq!(made("[2001:db8:1:200::1]:4000").await, StatusCode::CREATED);
    assert_eq!(
        made("[2001:db8:1:2ff::2]:4000").await,
        StatusCode::CREATED,
        "another /64"
    );
    assert_eq!(
        made("[2001:db8:1:2aa:ffff::3]:4000").await,
        StatusCode::TOO_MANY_REQUESTS,
        "the same /56"
    );
    assert_eq!(
        made("[2001:db8:1:300::1]:4000").await,
        StatusCode::CREATED,
        "another /56"
    );
}
