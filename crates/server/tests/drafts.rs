//! Seats that act at once, each on a secret draft (engine::Drafts, in the
//! engine's test title Muster, offered by the `testkit` build): over the API
//! each seat drafts, undoes its own steps past the other's and commits
//! without the other seeing any of it, until both orders are revealed
//! together.

mod common;
use common::*;
use http_body_util::BodyExt;

async fn muster(app: &axum::Router, french: &str) -> Game {
    let body = json!({"scenario": "muster/std", "seed": 5, "seats": {"british": "me", "french": french}});
    let (st, v) = call(app, "POST", "/api/games", None, Some(body)).await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    let token = |seat: &str| seat_entry(&v, seat)["token"].as_str().unwrap_or("").to_string();
    Game {
        id: v["id"].as_str().unwrap().to_string(),
        british: token("british"),
        american: token("french"),
        spectator: v["spectator"]["token"].as_str().unwrap().to_string(),
    }
}

/// What a seat may see and do: its view, its log and its legal ids.
fn seen(s: &Value) -> (Value, Value, Value) {
    let ids: Vec<&str> = s["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["id"].as_str().unwrap())
        .collect();
    (s["view"].clone(), s["log"].clone(), json!(ids))
}

async fn act_ok(app: &axum::Router, g: &Game, token: &str, action: &str) -> Value {
    let seq = state(app, g, token).await["seq"].as_u64().unwrap();
    let (st, v) = act(app, g, token, seq, action).await;
    assert_eq!(st, StatusCode::OK, "{action}: {v}");
    v
}

// rule: none (server)
async fn seats_drafting_at_once_neither_see_nor_disturb_each_other(db: &str) {
    let app = app_at(db).await;
    let g = muster(&app, "me").await;
    let (british, french) = (&g.british, &g.american);
    let s = state(&app, &g, british).await;
    assert_eq!(s["to_act"], json!(["british", "french"]), "{s}");
    let french_before = seen(&state(&app, &g, french).await);

    // The British draft: the French see and may do exactly what they did.
    let v = act_ok(&app, &g, british, "buy-militia").await;
    assert_eq!(v["to_act"], json!(["british", "french"]));
    assert_eq!(seen(&state(&app, &g, french).await), french_before);
    let spectator_before = seen(&state(&app, &g, &g.spectator).await);

    // The French draft after it; the British undo their step, which came
    // before: allowed, and the French draft stays as the French left it.
    act_ok(&app, &g, french, "buy-regular").await;
    let french_after = seen(&state(&app, &g, french).await);
    let seq = state(&app, &g, british).await["seq"].as_u64().unwrap();
    let (st, v) = post(&app, &g.id, "undo", british, json!({"seq_seen": seq})).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(seen(&state(&app, &g, french).await), french_after);
    assert_eq!(seen(&state(&app, &g, &g.spectator).await), spectator_before);
    let b = state(&app, &g, british).await;
    assert_eq!(
        b["view"]["orders"]["drafts"][0],
        json!({"regulars": 0, "militia": 0}),
        "{b}"
    );
    assert_eq!(
        b["view"]["orders"]["drafts"][1],
        Value::Null,
        "the French order is secret"
    );

    // Both commit; then both orders are shown to everyone and nobody may
    // take a step back.
    act_ok(&app, &g, british, "buy-regular").await;
    act_ok(&app, &g, french, "commit").await;
    let b = state(&app, &g, british).await;
    assert_eq!(
        b["view"]["orders"]["drafts"][1],
        Value::Null,
        "not shown before both commit"
    );
    act_ok(&app, &g, british, "commit").await;
    let log = state(&app, &g, &g.spectator).await["log"].to_string();
    assert!(log.contains("british musters 1 regulars, 0 militia"), "{log}");
    assert!(log.contains("french musters 1 regulars, 0 militia"), "{log}");
    for token in [british, french] {
        let seq = state(&app, &g, token).await["seq"].as_u64().unwrap();
        let (st, v) = post(&app, &g.id, "undo", token, json!({"seq_seen": seq})).await;
        assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    }
}
both!(seats_drafting_at_once_neither_see_nor_disturb_each_other);

// rule: none (server)
async fn the_computer_drafts_alongside_a_player_without_waiting(db: &str) {
    let app = app_at(db).await;
    let g = muster(&app, "computer:easy").await;
    // The computer commits its order while the British have not acted.
    let s = wait_for(&app, &g.id, &g.british, 60, |v| v["to_act"] == json!(["british"])).await;
    assert_eq!(s["view"]["orders"]["drafts"][1], Value::Null, "{s}");
    assert_eq!(
        s["view"]["orders"]["committed"], 0b10,
        "the French (seat bit 1) committed: {s}"
    );
    act_ok(&app, &g, &g.british, "commit").await;
    let s = wait_for(&app, &g.id, &g.british, 60, |v| v["view"]["round"] == 2).await;
    assert!(s["log"].to_string().contains("french musters"), "{s}");
}
both!(the_computer_drafts_alongside_a_player_without_waiting);

/// A list of games out of memory reads each viewer's move number from what
/// was stored with the last step: the other seat's draft steps stay out of
/// it (ruling fiw #30).
// rule: fiw 16.1
async fn a_list_of_games_out_of_memory_keeps_the_drafts_secret(db: &str) {
    let (app, server) = app_and_state(db).await;
    let g = muster(&app, "me").await;
    let start = seq(&state(&app, &g, &g.american).await);
    act_ok(&app, &g, &g.british, "buy-militia").await;
    act_ok(&app, &g, &g.british, "buy-regular").await;
    let asked: Vec<Value> = [&g.british, &g.american, &g.spectator]
        .iter()
        .map(|t| json!({"id": g.id, "token": t}))
        .collect();
    let games = json!({ "games": asked });
    let (_, mine) = call(&app, "POST", "/api/my-games", None, Some(games.clone())).await;
    let numbers: Vec<&Value> = mine["games"].as_array().unwrap().iter().map(|g| &g["seq"]).collect();
    assert_eq!(numbers, [&json!(start + 2), &json!(start), &json!(start)], "{mine}");
    server.reg.evict(&g.id);
    let (_, stored) = call(&app, "POST", "/api/my-games", None, Some(games)).await;
    assert_eq!(stored["games"], mine["games"]);
    assert!(server.reg.in_memory(&g.id).is_none(), "the list rebuilt the game");
}
both!(a_list_of_games_out_of_memory_keeps_the_drafts_secret);

/// The next frame of a server-sent event stream, if one comes within
/// `ms` milliseconds.
async fn frame(body: &mut axum::body::Body, ms: u64) -> Option<String> {
    let next = tokio::time::timeout(std::time::Duration::from_millis(ms), body.frame()).await;
    let data = next.ok()??.ok()?.into_data().ok()?;
    Some(String::from_utf8_lossy(&data).to_string())
}

fn seq(s: &Value) -> u64 {
    s["seq"].as_u64().unwrap()
}

/// Ruling fiw #30 (purchases are secret until revealed) over the API: the
/// move numbers and live updates of the other seats.
// rule: fiw 16.1
async fn a_seats_move_number_and_live_updates_tell_nothing_of_the_others_draft(db: &str) {
    let app = app_at(db).await;
    let g = muster(&app, "me").await;
    let (british, french) = (&g.british, &g.american);
    let start = seq(&state(&app, &g, french).await);
    let resp = app
        .clone()
        .oneshot(
            Request::get(events_uri(&app, &g.id, french).await)
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    let mut stream = resp.into_body();
    let first = frame(&mut stream, 5000).await.expect("a notice on connecting");
    assert!(first.contains(&format!("\"seq\":{start}")), "{first}");

    // Three steps of the British draft, one of them taken back: the British
    // count them, the French and the spectator see no number move and hear
    // nothing.
    act_ok(&app, &g, british, "buy-militia").await;
    let b = state(&app, &g, british).await;
    let (st, v) = post(&app, &g.id, "undo", british, json!({"seq_seen": seq(&b)})).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    act_ok(&app, &g, british, "buy-regular").await;
    assert_eq!(seq(&state(&app, &g, british).await), start + 3);
    assert_eq!(seq(&state(&app, &g, french).await), start);
    assert_eq!(seq(&state(&app, &g, &g.spectator).await), start);
    assert_eq!(
        frame(&mut stream, 300).await,
        None,
        "the French heard of a British draft step"
    );
    let games = json!({"games": [{"id": g.id, "token": french}, {"id": g.id, "token": british}]});
    let (_, mine) = call(&app, "POST", "/api/my-games", None, Some(games)).await;
    assert_eq!(mine["games"][0]["seq"], json!(start), "{mine}");
    assert_eq!(mine["games"][1]["seq"], json!(start + 3), "{mine}");

    // The French act on the number they saw, which is not stale.
    let (st, v) = act(&app, &g, french, start, "buy-regular").await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["seq"], json!(start + 1));
    let told = frame(&mut stream, 5000)
        .await
        .expect("the French hear of their own step");
    assert!(told.contains(&format!("\"seq\":{}", start + 1)), "{told}");

    // A commit is announced (who has committed is public).
    act_ok(&app, &g, british, "commit").await;
    let told = frame(&mut stream, 5000).await.expect("the British commit is announced");
    assert!(told.contains(&format!("\"seq\":{}", start + 2)), "{told}");
    assert_eq!(seq(&state(&app, &g, french).await), start + 2);
    assert_eq!(seq(&state(&app, &g, &g.spectator).await), start + 1);

    // The replay counts in the caller's numbers: no move beyond its own,
    // and none of the British steps shown to the French.
    let moves = call(
        &app,
        "GET",
        &format!("/api/games/{}/log-moves", g.id),
        Some(french),
        None,
    )
    .await
    .1;
    assert_eq!(moves["seq"], json!(start + 2), "{moves}");
    assert!(
        moves["moves"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m.as_u64().unwrap() <= start + 2),
        "{moves}"
    );
    let at = |token: &str, n: u64| {
        let (app, id, token) = (app.clone(), g.id.clone(), token.to_string());
        async move { call(&app, "GET", &format!("/api/games/{id}/at/{n}"), Some(&token), None).await }
    };
    let (st, _) = at(french, start + 3).await;
    assert_eq!(st, StatusCode::NOT_FOUND, "the French have seen {} moves", start + 2);
    let (st, past) = at(french, start + 1).await;
    assert_eq!(st, StatusCode::OK, "{past}");
    assert_eq!(past["view"]["orders"]["drafts"][0], Value::Null, "{past}");
    assert_eq!(
        past["view"]["orders"]["drafts"][1],
        json!({"regulars": 1, "militia": 0}),
        "{past}"
    );
    assert_eq!(past["view"]["orders"]["committed"], 0, "{past}");
    let (st, past) = at(british, start + 1).await;
    assert_eq!(st, StatusCode::OK, "{past}");
    assert_eq!(
        past["view"]["orders"]["drafts"][0],
        json!({"regulars": 0, "militia": 1}),
        "{past}"
    );

    // The reveal reaches everyone.
    act_ok(&app, &g, french, "commit").await;
    let told = frame(&mut stream, 5000).await.expect("the reveal is announced");
    assert!(told.contains(&format!("\"seq\":{}", start + 3)), "{told}");
    assert_eq!(seq(&state(&app, &g, british).await), start + 5);
    assert_eq!(seq(&state(&app, &g, &g.spectator).await), start + 2);
}
both!(a_seats_move_number_and_live_updates_tell_nothing_of_the_others_draft);

/// The French & Indian War's purchases over the API (ruling fiw #30): the
/// game played to its Income/Expenditure Phase, where both seats buy at
/// once; a British purchase and its undo move neither the French move
/// number nor their view, and the French act on the number they saw.
// rule: fiw 16.1
async fn fiw_purchases_are_secret_in_the_move_numbers(db: &str) {
    let app = app_at(db).await;
    let body = json!({"scenario": "fiw/on-to-quebec", "seed": 11, "seats": {"british": "me", "french": "hotseat"}});
    let (st, v) = call(&app, "POST", "/api/games", None, Some(body)).await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    let token = |seat: &str| seat_entry(&v, seat)["token"].as_str().unwrap().to_string();
    let g = Game {
        id: v["id"].as_str().unwrap().to_string(),
        british: token("british"),
        american: token("french"),
        spectator: v["spectator"]["token"].as_str().unwrap().to_string(),
    };
    let (british, french) = (g.british.clone(), g.american.clone());
    // Whoever must act plays its first choice other than ending its part.
    let mut steps = 0;
    let s = loop {
        let s = state(&app, &g, &g.spectator).await;
        if s["to_act"] == json!(["british", "french"]) {
            break s;
        }
        assert!(steps < 3000 && s["status"] == "active", "no purchases reached: {s}");
        let seat = s["to_act"][0].as_str().unwrap();
        let token = if seat == "british" { &british } else { &french };
        act_ok(&app, &g, token, &first_legal(&state(&app, &g, token).await)).await;
        steps += 1;
    };
    let seq_french = seq(&state(&app, &g, &french).await);
    let french_before = seen(&state(&app, &g, &french).await);
    let b = state(&app, &g, &british).await;
    let buy = b["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["id"].as_str().unwrap())
        .find(|id| *id != "commit")
        .expect("something to buy")
        .to_string();
    let v = act_ok(&app, &g, &british, &buy).await;
    assert_eq!(v["to_act"], json!(["british", "french"]), "{buy} is a draft step");
    let (st, v) = post(&app, &g.id, "undo", &british, json!({"seq_seen": seq(&v)})).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    act_ok(&app, &g, &british, &buy).await;
    assert_eq!(seq(&state(&app, &g, &french).await), seq_french, "{s}");
    assert_eq!(seen(&state(&app, &g, &french).await), french_before);
    let f = state(&app, &g, &french).await;
    let (st, v) = act(&app, &g, &french, seq_french, &first_legal(&f)).await;
    assert_eq!(st, StatusCode::OK, "acting on the number it saw: {v}");
}
both!(fiw_purchases_are_secret_in_the_move_numbers);

async fn undo_ok(app: &Router, g: &Game, token: &str) {
    let n = seq(&state(app, g, token).await);
    let (st, v) = post(app, &g.id, "undo", token, json!({"seq_seen": n})).await;
    assert_eq!(st, StatusCode::OK, "undo: {v}");
}

/// The live-update stream of `token` on `app`, its first notice read.
async fn listen(app: &Router, id: &str, token: &str) -> Body {
    let resp = app
        .clone()
        .oneshot(
            Request::get(events_uri(app, id, token).await)
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    let mut body = resp.into_body();
    frame(&mut body, 5000).await.expect("a notice on connecting");
    body
}

/// A hostile French player waits for the British to commit, then drafts
/// (buys, takes back, buys): the British, who have committed, and the
/// spectator watch their move numbers and live updates. The French order
/// is still secret (ruling fiw #30) and nothing the British or the
/// spectator may see changes, so neither number may move and neither may
/// hear of it: they must not learn how many steps the French took, or when.
// rule: none (server)
async fn the_last_drafters_steps_move_no_other_viewers_number(db: &str) {
    let app = app_at(db).await;
    let g = muster(&app, "me").await;
    let (british, french) = (&g.british, &g.american);
    act_ok(&app, &g, british, "commit").await;
    let b = state(&app, &g, british).await;
    assert_eq!(b["to_act"], json!(["french"]), "{b}");
    let (b0, s0) = (seq(&b), seq(&state(&app, &g, &g.spectator).await));
    let view0 = b["view"].clone();
    let mut stream = listen(&app, &g.id, british).await;

    act_ok(&app, &g, french, "buy-militia").await;
    undo_ok(&app, &g, french).await;
    act_ok(&app, &g, french, "buy-militia").await;

    let b = state(&app, &g, british).await;
    assert_eq!(b["view"], view0, "the British see nothing new");
    assert_eq!(
        frame(&mut stream, 500).await,
        None,
        "the British heard of the French draft steps"
    );
    assert_eq!(seq(&b), b0, "the British number counts the French draft steps");
    assert_eq!(
        seq(&state(&app, &g, &g.spectator).await),
        s0,
        "the spectator's number counts the French draft steps"
    );
}
both!(the_last_drafters_steps_move_no_other_viewers_number);

/// Two server processes on one database. The British take a step of their
/// secret draft through server A; the French, through server B, act on the
/// move number they were shown, which the British step did not move. The
/// French move must be taken (200): a 409 "you saw move N, it is at N"
/// refuses a correct request and tells the French that the British drafted.
// rule: none (server)
async fn a_draft_step_through_another_server_does_not_refuse_the_other_seat(db: &str) {
    let a = app_at(db).await;
    let b = app_at(db).await;
    let g = muster(&a, "me").await;
    let (british, french) = (&g.british, &g.american);
    let n = seq(&state(&b, &g, french).await);
    act_ok(&a, &g, british, "buy-militia").await;
    assert_eq!(seq(&state(&a, &g, french).await), n, "the French number did not move");
    let (st, v) = act(&b, &g, french, n, "buy-militia").await;
    assert_eq!(st, StatusCode::OK, "the French act on the number they saw: {v}");
}
both!(a_draft_step_through_another_server_does_not_refuse_the_other_seat);

/// Two server processes on one PostgreSQL database: the French listen to
/// server B; the British take steps of their secret draft through server A.
/// Server B rebuilds the game on A's notices, but must tell the French
/// nothing (their number does not move); the British commit, which is
/// public, reaches them.
// rule: none (server)
async fn another_servers_draft_step_is_not_announced_to_the_other_seat(db: &str) {
    if !db.starts_with("postgres") {
        return; // SQLite processes do not hear of each other's moves.
    }
    let a = app_at(db).await;
    let b = app_at(db).await;
    let g = muster(&a, "me").await;
    let (british, french) = (&g.british, &g.american);
    let n = seq(&state(&b, &g, french).await);
    let mut stream = listen(&b, &g.id, french).await;
    act_ok(&a, &g, british, "buy-militia").await;
    act_ok(&a, &g, british, "buy-militia").await;
    let told = frame(&mut stream, 3000).await;
    assert_eq!(
        told, None,
        "the French heard of the British draft steps on the other server"
    );
    act_ok(&a, &g, british, "commit").await;
    let told = frame(&mut stream, 10_000).await.expect("the commit is announced");
    assert!(told.contains(&format!("\"seq\":{}", n + 1)), "{told}");
}
both!(another_servers_draft_step_is_not_announced_to_the_other_seat);

/// The British offer a draw while both seats draft in secret; the French
/// answer with a step of their secret draft (which lapses an offer, ruling
/// fiw #50). The British, whose move number that step does not move, must
/// see their game exactly as before: an offer that vanishes under an
/// unchanged number tells them that, and when, the French drafted (and
/// their page, which refetches only on a new number, shows a stale offer).
// rule: none (server)
async fn a_secret_draft_step_changes_nothing_the_other_seat_sees(db: &str) {
    let app = app_at(db).await;
    let g = muster(&app, "me").await;
    let (british, french) = (&g.british, &g.american);
    let n = seq(&state(&app, &g, british).await);
    let (st, v) = post(&app, &g.id, "draw", british, json!({"seq_seen": n})).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    let before = state(&app, &g, british).await;
    assert_eq!(before["draw_offer"], json!("british"), "{before}");
    let spectator_before = state(&app, &g, &g.spectator).await;

    act_ok(&app, &g, french, "buy-militia").await;

    let after = state(&app, &g, british).await;
    assert_eq!(seq(&after), seq(&before), "the step is the French's own");
    assert_eq!(
        (&after["draw_offer"], &after["draw_declined"]),
        (&before["draw_offer"], &before["draw_declined"]),
        "the British see the French draft step lapse their offer"
    );
    assert_eq!(after, before);
    assert_eq!(state(&app, &g, &g.spectator).await, spectator_before);
}
both!(a_secret_draft_step_changes_nothing_the_other_seat_sees);

/// Audit 6, finding 3: acting and taking back, each a stored move, filled a
/// game up to `--moves-per-game` and stopped it, unseen by the other seat
/// while the first drafted in secret. A seat now takes back at most
/// `--undos-per-seat` moves a game (429 beyond, saying why), counted from
/// the stored moves (a rebuild keeps the count); the other seat keeps its
/// own, and the game goes on.
// rule: none (server)
async fn a_seat_takes_back_a_bounded_number_of_moves(db: &str) {
    let limits = server::limits::Limits {
        undos_per_seat: 2,
        ..server::limits::Limits::default()
    };
    let (app, st) = app_with(db, limits).await;
    let g = muster(&app, "me").await;
    let (british, french) = (&g.british, &g.american);
    for _ in 0..2 {
        act_ok(&app, &g, british, "buy-militia").await;
        undo_ok(&app, &g, british).await;
    }
    act_ok(&app, &g, british, "buy-militia").await;
    st.reg.evict(&g.id);
    let n = seq(&state(&app, &g, british).await);
    let (code, v) = post(&app, &g.id, "undo", british, json!({"seq_seen": n})).await;
    assert_eq!(code, StatusCode::TOO_MANY_REQUESTS, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("british has taken back 2 moves in this game"),
        "{v}"
    );
    assert_eq!(seq(&state(&app, &g, british).await), n, "nothing stored");
    act_ok(&app, &g, french, "buy-militia").await;
    undo_ok(&app, &g, french).await;
    act_ok(&app, &g, british, "commit").await;
}
both!(a_seat_takes_back_a_bounded_number_of_moves);

/// Audit 6, finding 5: after the French declined a British offer of a
/// draw, `may_offer_draw` compared the game's count of actions, the French
/// secret draft steps included, so the British saw it turn true at a French
/// purchase and false at its undo. What the British see of the game, every
/// field of it, must not move at the other seat's secret steps.
// rule: fiw 29.3
async fn a_declined_offer_tells_nothing_of_the_other_seats_draft(db: &str) {
    let app = app_at(db).await;
    let g = muster(&app, "me").await;
    let (british, french) = (&g.british, &g.american);
    let n = seq(&state(&app, &g, british).await);
    let (code, v) = post(&app, &g.id, "draw", british, json!({"seq_seen": n})).await;
    assert_eq!(code, StatusCode::OK, "{v}");
    let n = seq(&state(&app, &g, french).await);
    let (code, v) = post(&app, &g.id, "draw", french, json!({"seq_seen": n, "decline": true})).await;
    assert_eq!(code, StatusCode::OK, "{v}");
    let before = state(&app, &g, british).await;
    assert_eq!(before["may_offer_draw"], false, "{before}");

    act_ok(&app, &g, french, "buy-militia").await;
    assert_eq!(state(&app, &g, british).await, before, "after a French step");
    undo_ok(&app, &g, french).await;
    act_ok(&app, &g, french, "buy-regular").await;
    assert_eq!(state(&app, &g, british).await, before, "after a French undo and step");
    let n = seq(&before);
    let (code, v) = post(&app, &g.id, "draw", british, json!({"seq_seen": n})).await;
    assert_eq!(
        code,
        StatusCode::UNPROCESSABLE_ENTITY,
        "no move the British may see: {v}"
    );

    // A move of their own lets the British offer again.
    act_ok(&app, &g, british, "buy-militia").await;
    assert_eq!(state(&app, &g, british).await["may_offer_draw"], true);
}
both!(a_declined_offer_tells_nothing_of_the_other_seats_draft);
