//! What the server keeps, and for how long: who made a computers-only game
//! is stored with it, so a restart counts it against that address again;
//! games left idle expire (`--expire-idle-days`), games being played or
//! watched never do, finished games are kept unless the operator says
//! otherwise (`--expire-finished-days`); an older database opens, and its
//! games are judged by when they were last used. Each test runs on SQLite
//! and on a PostgreSQL database of its own (the expiry sweeps every game of
//! its database, which must not be the other tests' shared one: `pg_own`).

mod common;
use common::*;
use server::limits::Limits;
use std::time::Duration;

const DAY: i64 = 86_400;
const A: &str = "192.0.2.1:4000";
const B: &str = "192.0.2.2:4000";

/// Run SQL on the database directly (what an operator's tool or an older
/// server would do).
async fn sql(db: &str, statements: &str) {
    if db.starts_with("postgres") {
        let (client, conn) = tokio_postgres::connect(db, tokio_postgres::NoTls).await.unwrap();
        tokio::spawn(conn);
        client.batch_execute(statements).await.unwrap();
    } else {
        let conn = rusqlite::Connection::open(db).unwrap();
        conn.busy_timeout(Duration::from_secs(5)).unwrap();
        conn.execute_batch(statements).unwrap();
    }
}

/// One number that SQL reads from the database directly.
async fn sql_number(db: &str, query: &str) -> i64 {
    if db.starts_with("postgres") {
        let (client, conn) = tokio_postgres::connect(db, tokio_postgres::NoTls).await.unwrap();
        tokio::spawn(conn);
        client.query_one(query, &[]).await.unwrap().get(0)
    } else {
        let conn = rusqlite::Connection::open(db).unwrap();
        conn.query_row(query, [], |r| r.get(0)).unwrap()
    }
}

/// A hot-seat game made from A: its id and both seats' tokens (British
/// first).
async fn hotseat(app: &Router) -> (String, [String; 2]) {
    let (code, v) = create_from(app, A, "me", "hotseat").await;
    assert_eq!(code, StatusCode::CREATED, "{v}");
    let token = |seat| seat_entry(&v, seat)["token"].as_str().unwrap().to_string();
    (
        v["id"].as_str().unwrap().to_string(),
        [token("british"), token("american")],
    )
}

/// One legal move of whichever seat is to act.
async fn one_move(app: &Router, id: &str, tokens: &[String; 2]) {
    for token in tokens {
        let s = game_state(app, id, token).await;
        if s["legal"].as_array().is_some_and(|l| !l.is_empty()) {
            let (code, v) = act_in(app, id, token, s["seq"].as_u64().unwrap(), &first_legal(&s)).await;
            assert_eq!(code, StatusCode::OK, "{v}");
            return;
        }
    }
    panic!("no seat of game {id} may act");
}

/// Audit 6 left this: a restart counted the resumed computers-only games
/// toward the server's total but for no address, since nothing stored who
/// made them, so their maker could start as many again. The creating
/// address is stored with the game and counted again when it is resumed.
// rule: none (server)
async fn a_restart_counts_computers_only_games_for_their_maker(db: &str) {
    let limits = Limits {
        computers_only_games_per_address: 2,
        ..Limits::default()
    };
    let (app, st) = app_with(db, limits.clone()).await;
    st.reg.bots.set_pace(Duration::from_secs(3600));
    for _ in 0..2 {
        let (code, v) = create_from(&app, A, "computer", "computer").await;
        assert_eq!(code, StatusCode::CREATED, "{v}");
    }
    drop((app, st));

    let (app, st) = app_with(db, limits).await;
    st.reg.bots.set_pace(Duration::from_secs(3600));
    assert_eq!(st.reg.resume().await, 2);
    let (code, v) = create_from(&app, A, "computer", "computer").await;
    assert_eq!(
        code,
        StatusCode::TOO_MANY_REQUESTS,
        "the maker's third, after a restart: {v}"
    );
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("2 games of computers only playing already"),
        "{v}"
    );
    let (code, v) = create_from(&app, B, "computer", "computer").await;
    assert_eq!(code, StatusCode::CREATED, "another address: {v}");
}
both!(a_restart_counts_computers_only_games_for_their_maker, pg_own);

/// Games never expired, so abandoned ones filled the disk for good. With
/// the clock moved on: nothing goes before `--expire-idle-days` (90); then
/// the idle games go with all their rows, a few at a time, whether or not
/// they had moves, chat and notes; a finished game stays (its record is
/// what `verify` checks); a game someone follows stays, even when another
/// process over the same database sweeps; with `--expire-finished-days` the
/// finished one goes too. The maker's address is stored while a game is in
/// play and forgotten when it ends.
// rule: none (server)
async fn idle_games_expire_and_games_in_use_stay(db: &str) {
    let (app, st) = app_with(db, Limits::default()).await;
    let reg = st.reg.clone();
    let (idle, idle_token) = hotseat(&app).await;
    let (used, used_token) = hotseat(&app).await;
    one_move(&app, &used, &used_token).await;
    let (code, v) = post(&app, &used, "chat", &used_token[0], json!({"text": "hello"})).await;
    assert_eq!(code, StatusCode::OK, "{v}");
    let (code, v) = call(
        &app,
        "PUT",
        &format!("/api/games/{used}/notes"),
        Some(&used_token[0]),
        Some(json!({"text": "my plan"})),
    )
    .await;
    assert_eq!(code, StatusCode::OK, "{v}");
    let (over, over_token) = hotseat(&app).await;
    let (code, v) = post(&app, &over, "resign", &over_token[0], json!({"seq_seen": 0})).await;
    assert_eq!(code, StatusCode::OK, "{v}");
    let (watched, watched_token) = hotseat(&app).await;
    let stream = app
        .clone()
        .oneshot(
            Request::get(events_uri(&app, &watched, &watched_token[0]).await)
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(stream.status(), StatusCode::OK);

    let (head, _) = reg.store.head(&idle).await.unwrap().unwrap();
    assert_eq!(head.creator, "192.0.2.1", "the maker, while the game is in play");
    let (head, _) = reg.store.head(&over).await.unwrap().unwrap();
    assert_eq!(head.creator, "", "forgotten once it is over");

    // Out of memory, as games nobody opened for half an hour are; the
    // followed one cannot be dropped.
    for id in [&idle, &used, &over] {
        reg.evict(id);
    }
    let now = server::store::now();
    assert_eq!(reg.expire(now + 89 * DAY, 100).await, 0, "not yet 90 days");
    assert_eq!(
        reg.expire(now + 91 * DAY, 1).await,
        1,
        "a sweep deletes at most its batch"
    );
    assert_eq!(reg.expire(now + 91 * DAY, 100).await, 1);
    assert_eq!(reg.expire(now + 91 * DAY, 100).await, 0);
    for (id, token) in [(&idle, &idle_token), (&used, &used_token)] {
        let (code, v) = call(&app, "GET", &format!("/api/games/{id}"), Some(&token[0]), None).await;
        assert_eq!(code, StatusCode::NOT_FOUND, "{v}");
        assert!(reg.store.head(id).await.unwrap().is_none());
    }
    assert_eq!(reg.store.seq(&used).await.unwrap(), 0, "its moves went too");
    assert!(reg.store.chat(&used, 0, 100).await.unwrap().is_empty(), "and its chat");
    assert_eq!(reg.store.notes(&used, "british").await.unwrap(), "", "and its notes");
    let (code, _) = call(
        &app,
        "GET",
        &format!("/api/games/{used}/chat"),
        Some(&used_token[0]),
        None,
    )
    .await;
    assert_eq!(code, StatusCode::NOT_FOUND);
    let (code, v) = call(
        &app,
        "GET",
        &format!("/api/games/{over}/record"),
        Some(&over_token[0]),
        None,
    )
    .await;
    assert_eq!(code, StatusCode::OK, "a finished game's record stays: {v}");
    one_move(&app, &watched, &watched_token).await;
    // Its record was just read: it is in use until dropped from memory.
    reg.evict(&over);

    // Another process over the same database, keeping finished games a
    // year: the game this one follows was marked as used by its sweep.
    let (_app2, st2) = app_with(
        db,
        Limits {
            expire_finished_days: 365,
            ..Limits::default()
        },
    )
    .await;
    let later = now + 400 * DAY;
    assert_eq!(reg.expire(later, 100).await, 0, "finished games are kept by default");
    assert_eq!(st2.reg.expire(later, 100).await, 1, "the finished one, after a year");
    assert!(st2.reg.store.head(&over).await.unwrap().is_none());
    assert!(
        st2.reg.store.head(&watched).await.unwrap().is_some(),
        "the game followed through the other process"
    );
    drop(stream);
    one_move(&app, &watched, &watched_token).await;

    let (code, text) = {
        let req = Request::get("/metrics")
            .extension(server::limits::Peer("127.0.0.1:9".parse().unwrap()))
            .body(Body::empty())
            .unwrap();
        let resp = app.clone().oneshot(req).await.unwrap();
        let status = resp.status();
        let bytes = http_body_util::BodyExt::collect(resp.into_body())
            .await
            .unwrap()
            .to_bytes();
        (status, String::from_utf8_lossy(&bytes).to_string())
    };
    assert_eq!(code, StatusCode::OK);
    assert!(text.contains("powderhorn_games_expired_total"), "{text}");
}
both!(idle_games_expire_and_games_in_use_stay, pg_own);

/// A database made before games stored their maker and when they were last
/// used opens, its games play on, and the expiry judges them by their last
/// move: not by when they were made, nor all at once.
// rule: none (server)
async fn an_older_database_opens_and_its_games_expire_by_their_last_move(db: &str) {
    let (app, st) = app_with(db, Limits::default()).await;
    let (old, old_token) = hotseat(&app).await;
    let (recent, recent_token) = hotseat(&app).await;
    for (id, token) in [(&old, &old_token), (&recent, &recent_token)] {
        one_move(&app, id, token).await;
    }
    drop((app, st));
    // Back to the older schema, games made 200 days ago and moved 100 and
    // 10 days ago.
    let now = server::store::now();
    let dropped = if db.starts_with("postgres") {
        "ALTER TABLE games DROP COLUMN touched; ALTER TABLE games DROP COLUMN creator;"
    } else {
        "DROP INDEX games_unfinished_touched; DROP INDEX games_finished_touched; \
         ALTER TABLE games DROP COLUMN touched; ALTER TABLE games DROP COLUMN creator;"
    };
    sql(
        db,
        &format!(
            "{dropped} UPDATE games SET created = {}; \
             UPDATE actions SET created = {} WHERE game_id = '{old}'; \
             UPDATE actions SET created = {} WHERE game_id = '{recent}';",
            now - 200 * DAY,
            now - 100 * DAY,
            now - 10 * DAY
        ),
    )
    .await;

    let (app, st) = app_with(db, Limits::default()).await;
    // The sweep at start-up may have done it already.
    st.reg.expire(now, 100).await;
    assert!(st.reg.store.head(&old).await.unwrap().is_none(), "idle for 100 days");
    let (head, _) = st.reg.store.head(&recent).await.unwrap().unwrap();
    assert_eq!(head.creator, "", "an older game's maker is unknown");
    one_move(&app, &recent, &recent_token).await;
    assert_eq!(game_state(&app, &recent, &recent_token[0]).await["seq"], 2);
}
both!(an_older_database_opens_and_its_games_expire_by_their_last_move, pg_own);

/// Audit of session 41's expiry: a game opened just as a sweep found it
/// idle was marked used only once rebuilt, so a sweep past its check of the
/// games this process holds (or another process's sweep) could delete it
/// from under the rebuild, and its players then played a game no longer
/// stored. Opening now marks it used before it is read, and the deletion,
/// which checks again, keeps it; a game deleted first is not opened.
// rule: none (server)
async fn a_game_opened_as_the_sweep_deletes_it_stays(db: &str) {
    let limits = Limits {
        // One rebuild at a time, taken by the test: the opening waits.
        rebuilds_at_once: 1,
        // The sweeps of the server itself leave this test's games alone.
        expire_idle_days: 36_500,
        ..Limits::default()
    };
    let (app, st) = app_with(db, limits).await;
    let reg = st.reg.clone();
    let (id, tokens) = hotseat(&app).await;
    one_move(&app, &id, &tokens).await;
    let now = server::store::now();
    let idle_before = now - 90 * DAY;
    let unused_for_100_days = format!("UPDATE games SET touched = {} WHERE id = '{id}'", now - 100 * DAY);
    let touched = format!("SELECT touched FROM games WHERE id = '{id}'");
    reg.evict(&id);
    sql(db, &unused_for_100_days).await;

    let slot = reg.rebuild_slot().await.unwrap();
    let opening = tokio::spawn({
        let (app, uri, token) = (app.clone(), format!("/api/games/{id}"), tokens[0].clone());
        async move { call(&app, "GET", &uri, Some(&token), None).await }
    });
    let start = std::time::Instant::now();
    while sql_number(db, &touched).await < idle_before {
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "the opening did not mark the game used before its rebuild"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // What a sweep does once it found the game idle and not held.
    assert!(
        !reg.store.delete_idle(&id, idle_before, None).await.unwrap(),
        "the game being opened was deleted"
    );
    drop(slot);
    let (code, v) = opening.await.unwrap();
    assert_eq!(code, StatusCode::OK, "{v}");
    one_move(&app, &id, &tokens).await;
    assert_eq!(reg.store.seq(&id).await.unwrap(), 2, "its moves are stored");

    // Deleted before it is opened: not found, nothing rebuilt.
    reg.evict(&id);
    sql(db, &unused_for_100_days).await;
    assert!(reg.store.delete_idle(&id, idle_before, None).await.unwrap());
    assert!(!reg.store.mark_used(&id, now).await.unwrap());
    let (code, _) = call(&app, "GET", &format!("/api/games/{id}"), Some(&tokens[0]), None).await;
    assert_eq!(code, StatusCode::NOT_FOUND);
}
both!(a_game_opened_as_the_sweep_deletes_it_stays, pg_own);
