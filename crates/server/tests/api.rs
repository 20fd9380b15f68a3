//! The server in-process: create, play, refuse, filter, restart; every test
//! runs over SQLite (a temporary file) and over PostgreSQL (the database named
//! by `POWDERHORN_TEST_PG`, which `./test.sh` starts; without it the
//! PostgreSQL variants say they are skipped and pass).

mod common;
use common::*;
use http_body_util::BodyExt;
use rand::{Rng, SeedableRng};

async fn card_phase_refusals_and_restart(db: &str) {
    let app = app_at(db).await;
    let g = create(&app, "me", "invite", 7).await;

    let b = state(&app, &g, &g.british).await;
    assert_eq!(b["seq"], 0);
    assert_eq!(b["seat"], "british");
    assert_eq!(b["scenario"], "1775");
    assert_eq!(
        b["scenario_name"], "The 1775 campaign game",
        "the header's name for the scenario"
    );
    assert!(b["seed"].is_null(), "the seed must stay secret while the game is on");
    assert!(b["prompt"]["rule"].is_string());
    let b_card = first_legal(&b);
    assert!(b_card.starts_with("card-"), "{b_card}");

    // Wrong token, no token, a spectator acting: 403.
    let (st, _) = act(&app, &g, "00000000000000000000000000000000", 0, &b_card).await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    let (st, _) = call(&app, "GET", &format!("/api/games/{}", g.id), None, None).await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    let (st, _) = act(&app, &g, &g.spectator, 0, &b_card).await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    // Unknown game: 404.
    let (st, _) = call(&app, "GET", "/api/games/ffffffffffffffff", Some(&g.british), None).await;
    assert_eq!(st, StatusCode::NOT_FOUND);

    // Malformed JSON: 400 with a message; a huge body: 413.
    let uri = format!("/api/games/{}/actions", g.id);
    let (st, v) = raw(&app, "POST", &uri, Some(&g.british), b"{\"seq_seen\": 0,".to_vec()).await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    assert!(v["error"].as_str().unwrap().contains("JSON"), "{v}");
    let (st, _) = raw(&app, "POST", &uri, Some(&g.british), b"{\"seq_seen\": \"x\"}".to_vec()).await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    let huge = format!("{{\"seq_seen\":0,\"action_id\":\"{}\"}}", "x".repeat(100 * 1024));
    let (st, _) = raw(&app, "POST", &uri, Some(&g.british), huge.into_bytes()).await;
    assert_eq!(st, StatusCode::PAYLOAD_TOO_LARGE);

    // Illegal: 422 with the engine's reason, nothing stored.
    let (st, v) = act(&app, &g, &g.british, 0, "card-nonsense").await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(v["error"].as_str().unwrap().contains("not a legal action"), "{v}");
    assert_eq!(state(&app, &g, &g.british).await["seq"], 0);

    // Both seats play the card phase.
    let (st, v) = act(&app, &g, &g.british, 0, &b_card).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["seq"], 1);
    // The American has not seen the British card: it is face down.
    let a = state(&app, &g, &g.american).await;
    assert_eq!(a["view"]["played"]["british"], "face-down");
    let a_card = first_legal(&a);
    assert!(a_card.starts_with("card-"), "{a_card}");
    // Stale seq: 409 with the current seq.
    let (st, v) = act(&app, &g, &g.american, 0, &a_card).await;
    assert_eq!(st, StatusCode::CONFLICT);
    assert_eq!(v["seq"], 1);
    let (st, v) = act(&app, &g, &g.american, 1, &a_card).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["seq"], 2);
    let after = state(&app, &g, &g.british).await;
    assert_ne!(after["view"]["phase"], Value::Null);
    assert!(after["log"].as_array().unwrap().iter().any(|e| e["rule"].is_string()));

    // A new server over the same file: everything is there.
    let before_b = state(&app, &g, &g.british).await;
    let before_a = state(&app, &g, &g.american).await;
    drop(app);
    let app2 = app_at(db).await;
    let b2 = state(&app2, &g, &g.british).await;
    let a2 = state(&app2, &g, &g.american).await;
    assert_eq!(b2, before_b);
    assert_eq!(a2, before_a);
    // And play goes on from it.
    let s = if b2["legal"].as_array().unwrap().is_empty() {
        (&g.american, a2)
    } else {
        (&g.british, b2)
    };
    let (st, v) = act(&app2, &g, s.0, 2, &first_legal(&s.1)).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["seq"], 3);
}

/// Random legal play from both seats: neither seat's state, nor the
/// spectator's, ever names a hidden block of the other side.
async fn views_never_name_hidden_enemy_blocks(db: &str) {
    let app = app_at(db).await;
    let g = create(&app, "hotseat", "hotseat", 11).await;
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    let mut seq = 0u64;
    for _ in 0..120 {
        let b = state(&app, &g, &g.british).await;
        let a = state(&app, &g, &g.american).await;
        let s = state(&app, &g, &g.spectator).await;
        assert_eq!(s["seat"], Value::Null);
        assert!(s["legal"].as_array().unwrap().is_empty());
        assert!(s["view"]["hand"].is_null());
        // Everything each seat is sent: view, log, prompt and legal actions.
        for (who, st, enemy) in [("american", &a, 0u8), ("british", &b, 1u8)] {
            let text = st.to_string();
            let l = leaked(&text, enemy, &shown_ids(st));
            assert!(l.is_empty(), "{who} view names hidden enemy blocks {l:?}");
        }
        let text = json!([s["view"], s["log"]]).to_string();
        for side in [0, 1] {
            let l = leaked(&text, side, &shown_ids(&s));
            assert!(l.is_empty(), "the spectator's view names hidden blocks {l:?}");
        }
        for b in s["view"]["board"]["pieces"].as_array().unwrap() {
            let Some(id) = b["id"].as_str() else {
                continue; // a back: only its side
            };
            if id.starts_with("b-") || id.starts_with("a-") {
                let revealed = b["states"].as_array().is_some_and(|s| s.contains(&json!("revealed")));
                assert!(
                    revealed || b["space"] == "prisoner",
                    "spectator sees unrevealed block {b}"
                );
            }
        }
        if b["status"] == "over" {
            break;
        }
        let (tok, st) = if !b["legal"].as_array().unwrap().is_empty() {
            (&g.british, &b)
        } else {
            (&g.american, &a)
        };
        let legal = st["legal"].as_array().unwrap();
        assert!(!legal.is_empty(), "somebody must be able to act: {}", st["to_act"]);
        let pick = legal[rng.gen_range(0..legal.len())]["id"].as_str().unwrap().to_string();
        let (code, v) = act(&app, &g, tok, seq, &pick).await;
        assert_eq!(code, StatusCode::OK, "{pick}: {v}");
        seq = v["seq"].as_u64().unwrap();
    }
    assert!(seq > 20, "the game went on ({seq} moves)");
}

/// Issue 19: a game's state sends each log entry's map spaces (`path`), so
/// the browser can draw the last moves: a movement from its first space to
/// its last, told to the other seat and the spectator too.
async fn a_movements_log_entry_carries_its_path(db: &str) {
    let app = app_at(db).await;
    let g = create(&app, "hotseat", "hotseat", 11).await;
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut seq = 0u64;
    for _ in 0..200 {
        let b = state(&app, &g, &g.british).await;
        let a = state(&app, &g, &g.american).await;
        let s = state(&app, &g, &g.spectator).await;
        let moves = |st: &Value| -> Vec<Value> {
            st["log"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|e| e["path"].as_array().is_some_and(|p| p.len() >= 2))
                .cloned()
                .collect()
        };
        if let Some(e) = moves(&s).first() {
            let path: Vec<&str> = e["path"]
                .as_array()
                .unwrap()
                .iter()
                .map(|x| x.as_str().unwrap())
                .collect();
            assert!(path.iter().all(|id| !id.is_empty()), "{e}");
            let text = e["text"].as_str().unwrap();
            assert!(
                (text.contains(" from ") && text.contains(" to ")) || text.contains(" with "),
                "{e}"
            );
            // Both seats read a line of that movement with the same path.
            for st in [&a, &b] {
                assert!(moves(st).iter().any(|x| x["path"] == e["path"]), "{}", st["log"]);
            }
            return;
        }
        let (tok, st) = if !b["legal"].as_array().unwrap().is_empty() {
            (&g.british, &b)
        } else {
            (&g.american, &a)
        };
        let legal = st["legal"].as_array().unwrap();
        let pick = legal[rng.gen_range(0..legal.len())]["id"].as_str().unwrap().to_string();
        let (code, v) = act(&app, &g, tok, seq, &pick).await;
        assert_eq!(code, StatusCode::OK, "{pick}: {v}");
        seq = v["seq"].as_u64().unwrap();
    }
    panic!("no movement in 200 moves");
}

async fn computer_seat_moves_and_my_games(db: &str) {
    let (app, app_state) = app_and_state(db).await;
    let g = create(&app, "me", "computer", 3).await;
    assert_eq!(g.american, "", "computer seats have no token");
    // The computer plays its card (simultaneous decision) outside the
    // request: wait for it.
    let b = computer_done(&app, &g, &g.british).await;
    let seq = b["seq"].as_u64().unwrap();
    assert_eq!(seq, 1);
    assert_eq!(b["view"]["played"]["american"], "face-down");
    let (st, v) = act(&app, &g, &g.british, seq, &first_legal(&b)).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["seq"], seq + 1, "the answer holds the human's move only");
    let b = computer_done(&app, &g, &g.british).await;
    // After the human's move the computer went on until the British must act.
    assert!(b["to_act"].as_array().unwrap().iter().any(|s| s == "british") || b["status"] == "over");

    let (st, v) = call(
        &app,
        "POST",
        "/api/my-games",
        None,
        Some(json!({"games": [{"id": g.id, "token": g.british}, {"id": g.id, "token": "bad"}, {"id": "nope", "token": "x"}]})),
    )
    .await;
    assert_eq!(st, StatusCode::OK);
    let list = v["games"].as_array().unwrap();
    assert_eq!(list.len(), 1);
    assert_eq!(list[0]["seat"], "british");
    assert_eq!(list[0]["title"], "liberty");
    assert_eq!(list[0]["scenario_name"], "The 1775 campaign game");

    // Two computers: the game is played out (here without the pace).
    app_state.reg.bots.set_pace(std::time::Duration::ZERO);
    let v = create_raw(&app, "computer", "computer", 9).await;
    assert_eq!(v["seq"], 0);
    assert_eq!(v["thinking"], true);
    let spectator = v["spectator"]["token"].as_str().unwrap();
    let id = v["id"].as_str().unwrap();
    let end = wait_for(&app, id, spectator, 120, |v| v["status"] == "over").await;
    assert_eq!(end["thinking"], false);
}

/// An AI seat (crates/ai) plays through the same path as the random one.
async fn ai_seat_plays(db: &str) {
    let app = app_at(db).await;
    let g = create(&app, "me", "computer:easy", 5).await;
    assert_eq!(g.american, "", "computer seats have no token");
    let b = computer_done(&app, &g, &g.british).await;
    assert_eq!(b["view"]["played"]["american"], "face-down", "the AI played its card");
    let seq = b["seq"].as_u64().unwrap();
    let (st, v) = act(&app, &g, &g.british, seq, &first_legal(&b)).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    let b = computer_done(&app, &g, &g.british).await;
    assert!(b["to_act"].as_array().unwrap().iter().any(|s| s == "british") || b["status"] == "over");
    let (st, _) = call(
        &app,
        "POST",
        "/api/games",
        None,
        Some(json!({"scenario": "liberty/1775", "seats": {"british": "me", "american": "computer:genius"}})),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "unknown AI levels are refused");
}

/// The issue: two games between `computer:hard` seats used to freeze the
/// server for minutes. Now each create answers at once (move 0, thinking),
/// and other requests, that game's own state included, answer while the
/// computers think.
async fn hard_computers_do_not_hold_the_server(db: &str) {
    let app = app_at(db).await;
    let mut games = Vec::new();
    for seed in [21, 22] {
        let v = prompt(create_raw(&app, "computer:hard", "computer:hard", seed)).await;
        assert_eq!(v["seq"], 0, "{v}");
        assert_eq!(v["thinking"], true, "{v}");
        games.push(v);
    }
    let (st, _) = prompt(call(&app, "GET", "/api/titles", None, None)).await;
    assert_eq!(st, StatusCode::OK);
    for v in &games {
        let uri = format!("/api/games/{}", v["id"].as_str().unwrap());
        let (st, s) = prompt(call(&app, "GET", &uri, v["spectator"]["token"].as_str(), None)).await;
        assert_eq!(st, StatusCode::OK, "{s}");
        assert_eq!(s["thinking"], true, "a game between computers thinks until it ends");
    }
    // A person against the hard computer: the create answers before it moved.
    let v = prompt(create_raw(&app, "me", "computer:hard", 23)).await;
    assert_eq!(v["seq"], 0);
    assert_eq!(v["thinking"], true);
    let (st, _) = prompt(call(&app, "GET", "/api/titles", None, None)).await;
    assert_eq!(st, StatusCode::OK);
}

/// A person's move against the computer is answered at once (it holds that
/// move only); the computer's reply is stored later.
async fn the_computer_replies_after_the_answer(db: &str) {
    let app = app_at(db).await;
    let g = create(&app, "me", "computer:easy", 31).await;
    let mut replied = 0;
    for _ in 0..40 {
        let b = computer_done(&app, &g, &g.british).await;
        if b["status"] == "over" {
            break;
        }
        let seq = b["seq"].as_u64().unwrap();
        let (st, v) = prompt(act(&app, &g, &g.british, seq, &first_legal(&b))).await;
        assert_eq!(st, StatusCode::OK, "{v}");
        assert_eq!(v["seq"], seq + 1, "{v}");
        if v["thinking"] == true {
            let later = wait_for(&app, &g.id, &g.british, 60, |s| s["seq"].as_u64().unwrap() > seq + 1).await;
            assert!(later["log"].as_array().unwrap().len() > b["log"].as_array().unwrap().len());
            replied += 1;
            if replied == 3 {
                break;
            }
        }
    }
    assert!(replied > 0, "the computer had to reply at least once");
}

/// Two computer seats: the game goes on by itself, at the pace, and every
/// move is stored (a restarted server reads the same game); a game whose
/// computer must act when it is loaded from the store is queued on load.
async fn two_computers_play_at_a_pace(db: &str) {
    let app = app_at(db).await;
    let v = create_raw(&app, "computer", "computer", 41).await;
    let id = v["id"].as_str().unwrap().to_string();
    let spectator = v["spectator"]["token"].as_str().unwrap().to_string();
    let start = std::time::Instant::now();
    let s = wait_for(&app, &id, &spectator, 30, |s| s["seq"].as_u64().unwrap() >= 3).await;
    let elapsed = start.elapsed().as_millis() as u64;
    let seq = s["seq"].as_u64().unwrap();
    assert!(
        elapsed >= 2 * 500 - 50,
        "three moves take two pauses at least ({elapsed} ms)"
    );
    assert!(
        seq <= elapsed / 500 + 2,
        "{seq} moves in {elapsed} ms: faster than the pace"
    );
    // Another server over the same database: the moves are stored, and the
    // game, loaded there, is played there too.
    let (other, other_state) = app_and_state(db).await;
    let stored = wait_for(&other, &id, &spectator, 5, |_| true).await;
    assert!(stored["seq"].as_u64().unwrap() >= seq);
    drop(app);
    other_state.reg.bots.set_pace(std::time::Duration::ZERO);
    let later = stored["seq"].as_u64().unwrap() + 5;
    wait_for(&other, &id, &spectator, 30, |s| {
        s["status"] == "over" || s["seq"].as_u64().unwrap() >= later
    })
    .await;
}

/// A move's answer says who acts next and carries the mover's own next
/// choices (the same as `GET .../legal` would give), never the other seat's.
async fn a_move_answers_who_acts_and_the_movers_choices(db: &str) {
    let app = app_at(db).await;
    let g = create(&app, "hotseat", "hotseat", 11).await;
    let (st, created) = call(
        &app,
        "POST",
        "/api/games",
        None,
        Some(json!({"scenario": "liberty/1775", "seed": 11,
                                "seats": {"british": "hotseat", "american": "hotseat"}})),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{created}");
    // A new game's answer says who acts first.
    let id = created["id"].as_str().unwrap();
    let t = created["seats"][0]["token"].as_str().unwrap();
    let (_, first) = call(&app, "GET", &format!("/api/games/{id}"), Some(t), None).await;
    assert!(!first["to_act"].as_array().unwrap().is_empty());
    assert_eq!(created["to_act"], first["to_act"]);
    let token = |seat: &str| if seat == "british" { &g.british } else { &g.american };
    let mut rng = rand::rngs::StdRng::seed_from_u64(11);
    let (mut kept, mut switched) = (0, 0);
    for seq in 0..60u64 {
        let before = state(&app, &g, &g.british).await;
        let mover = before["to_act"][0].as_str().expect("someone acts").to_string();
        let legal = state(&app, &g, token(&mover)).await["legal"]
            .as_array()
            .unwrap()
            .clone();
        let pick = legal[rng.gen_range(0..legal.len())]["id"].as_str().unwrap().to_string();
        let (st, r) = act(&app, &g, token(&mover), seq, &pick).await;
        assert_eq!(st, StatusCode::OK, "{r}");
        let after = state(&app, &g, token(&mover)).await;
        assert_eq!(r["to_act"], after["to_act"], "move {seq}");
        // The mover's legal actions now, as its own state gives them; empty
        // when it is not to act (nothing of the other seat's choices).
        assert_eq!(r["legal"], after["legal"], "move {seq}");
        let still = r["to_act"].as_array().unwrap().iter().any(|s| s == mover.as_str());
        assert_eq!(still, !r["legal"].as_array().unwrap().is_empty(), "move {seq}: {r}");
        if still {
            kept += 1
        } else {
            switched += 1
        }
    }
    assert!(
        kept > 0 && switched > 0,
        "both cases were played: {kept} kept, {switched} switched"
    );
}

/// "Why not?" over the API: a bad target is 400, a spectator 403, a seat
/// not to act is told so, and nothing changes.
async fn why_not_answers_for_the_seat(db: &str) {
    let app = app_at(db).await;
    let g = create(&app, "hotseat", "hotseat", 7).await;
    let uri = |t: &str| format!("/api/games/{}/why/{t}", g.id);
    let (st, v) = call(&app, "GET", &uri("boston"), Some(&g.british), None).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    // At the card play no action points at a space.
    assert_eq!(v["answer"], "unexplained", "{v}");
    let (st, v) = call(&app, "GET", &uri("no%20such"), Some(&g.british), None).await;
    assert_eq!(st, StatusCode::BAD_REQUEST, "{v}");
    let (st, _) = call(&app, "GET", &uri("boston"), Some(&g.spectator), None).await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    let card = first_legal(&state(&app, &g, &g.british).await);
    let (st, _) = act(&app, &g, &g.british, 0, &card).await;
    assert_eq!(st, StatusCode::OK);
    let (_, v) = call(&app, "GET", &uri("boston"), Some(&g.british), None).await;
    assert_eq!(v["answer"], "not-now", "{v}");
    assert_eq!(v["seq"], 1);
    assert_eq!(state(&app, &g, &g.british).await["seq"], 1);
}

/// Referee mode over the API: in a game whose players are all the
/// creator's, a move may carry the dice a physical game rolled and what it
/// drew; the game says so, and they replay after a restart. With an
/// invited player they are refused and nothing is stored.
async fn a_referee_enters_dice_and_draws(db: &str) {
    let app = app_at(db).await;
    let g = create(&app, "hotseat", "hotseat", 7).await;
    let card = |s: &Value| first_legal(s);
    let b = card(&state(&app, &g, &g.british).await);
    let (st, v) = act(&app, &g, &g.british, 0, &b).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    // The second card reveals both; Player 2 then rolls the weather (4.0):
    // a 1 is a storm in the North.
    let a = card(&state(&app, &g, &g.american).await);
    let uri = format!("/api/games/{}/actions", g.id);
    let body = |dice: Value, draws: Value| json!({"seq_seen": 1, "action_id": a, "dice": dice, "draws": draws});
    // A die out of range, and a draw this move cannot make: refused, nothing stored.
    let (st, v) = call(
        &app,
        "POST",
        &uri,
        Some(&g.american),
        Some(body(json!([7, 0]), json!([]))),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    let (st, v) = call(
        &app,
        "POST",
        &uri,
        Some(&g.american),
        Some(body(json!([1]), json!(["a-morgan"]))),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("fewer than the draws given"),
        "{v}"
    );
    let s = state(&app, &g, &g.american).await;
    assert_eq!(s["seq"], 1);
    assert_eq!(s["dice"]["refereed"], false);
    let (st, v) = call(&app, "POST", &uri, Some(&g.american), Some(body(json!([1]), json!([])))).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    let s = state(&app, &g, &g.spectator).await;
    assert_eq!(s["view"]["weather"], "north", "{}", s["view"]);
    assert_eq!(s["dice"]["refereed"], true);
    // After a restart the stored dice replay.
    drop(app);
    let app = app_at(db).await;
    let s = state(&app, &g, &g.spectator).await;
    assert_eq!((s["seq"].as_u64(), &s["view"]["weather"]), (Some(2), &json!("north")));
    assert_eq!(s["dice"]["refereed"], true);

    // With an invited player the server rolls.
    let g = create(&app, "me", "invite", 7).await;
    let b = card(&state(&app, &g, &g.british).await);
    let uri = format!("/api/games/{}/actions", g.id);
    let req = json!({"seq_seen": 0, "action_id": b, "dice": [6]});
    let (st, v) = call(&app, "POST", &uri, Some(&g.british), Some(req)).await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("referee"), "{v}");
    assert_eq!(state(&app, &g, &g.british).await["seq"], 0);
}

async fn create_refusals(db: &str) {
    let app = app_at(db).await;
    for body in [
        json!({"scenario": "liberty/1492", "seats": {"british": "me", "american": "me"}}),
        json!({"scenario": "liberty/1775", "seats": {"british": "me"}}),
        json!({"scenario": "liberty/1775", "seats": {"british": "me", "american": "robot"}}),
        json!({"scenario": "liberty/1775", "seats": {"british": "me", "american": "me", "french": "me"}}),
        json!({"scenario": "liberty/1775", "options": {"bayonet": "maybe"}, "seats": {"british": "me", "american": "me"}}),
    ] {
        let (st, v) = call(&app, "POST", "/api/games", None, Some(body.clone())).await;
        assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{body}: {v}");
        assert!(v["error"].is_string());
    }
    let (st, _) = call(&app, "POST", "/api/games", None, Some(json!({"scenario": 5}))).await;
    assert_eq!(st, StatusCode::BAD_REQUEST);
    let (st, v) = call(&app, "GET", "/api/titles", None, None).await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(v["titles"][0]["key"], "liberty");
}

async fn undo_resign_chat_notes(db: &str) {
    let app = app_at(db).await;
    let g = create(&app, "me", "invite", 21).await;
    // Undo with nothing to undo: 422, nothing stored.
    let (st, v) = call(
        &app,
        "POST",
        &format!("/api/games/{}/undo", g.id),
        Some(&g.british),
        Some(json!({"seq_seen": 0})),
    )
    .await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{v}");

    // Chat: seats speak, everyone with a link reads; spectators may not speak.
    let chat = format!("/api/games/{}/chat", g.id);
    let (st, _) = call(
        &app,
        "POST",
        &chat,
        Some(&g.british),
        Some(json!({"text": "Good luck"})),
    )
    .await;
    assert_eq!(st, StatusCode::OK);
    let (st, _) = call(&app, "POST", &chat, Some(&g.spectator), Some(json!({"text": "hi"}))).await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    let (st, _) = call(&app, "POST", &chat, Some(&g.american), Some(json!({"text": "  "}))).await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    let (st, v) = call(&app, "GET", &chat, Some(&g.spectator), None).await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(v["messages"][0]["text"], "Good luck");
    assert_eq!(v["messages"][0]["seat"], "british");

    // Notes are private to a seat.
    let notes = format!("/api/games/{}/notes", g.id);
    let (st, _) = call(
        &app,
        "PUT",
        &notes,
        Some(&g.british),
        Some(json!({"text": "hold Boston"})),
    )
    .await;
    assert_eq!(st, StatusCode::OK);
    let (_, v) = call(&app, "GET", &notes, Some(&g.british), None).await;
    assert_eq!(v["text"], "hold Boston");
    let (_, v) = call(&app, "GET", &notes, Some(&g.american), None).await;
    assert_eq!(v["text"], "");
    let (st, _) = call(&app, "GET", &notes, Some(&g.spectator), None).await;
    assert_eq!(st, StatusCode::FORBIDDEN);

    // Resign: the other side wins, the seed is shown, no more moves.
    let resign = format!("/api/games/{}/resign", g.id);
    let (st, v) = call(&app, "POST", &resign, Some(&g.american), Some(json!({"seq_seen": 0}))).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["outcome"]["winner"], "british");
    let b = state(&app, &g, &g.british).await;
    assert_eq!(b["status"], "over");
    assert!(b["seed"].is_string(), "the seed is shown once the game is over");
    assert_eq!(b["seed"], b["dice"]["seed"]);
    assert!(b["legal"].as_array().unwrap().is_empty());
    // The log says so; every block stands face up for both once it is over.
    assert!(b["log"].to_string().contains("American resigns."), "{}", b["log"]);
    assert_eq!(b["outcome"]["reason"], "American resigned");
    let a = state(&app, &g, &g.american).await;
    let backs: Vec<&Value> = a["view"]["board"]["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["face"] == "back")
        .collect();
    assert!(backs.is_empty(), "no hidden block left: {backs:?}");
    let (st, _) = act(&app, &g, &g.british, 1, "card-a2").await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY);
    drop(app);
    let app = app_at(db).await;
    let b = state(&app, &g, &g.spectator).await;
    assert_eq!(b["outcome"]["winner"], "british");
    let (_, v) = call(&app, "GET", &chat, Some(&g.american), None).await;
    assert_eq!(v["messages"].as_array().unwrap().len(), 1);
}

async fn undo_within_a_decision_sequence(db: &str) {
    let app = app_at(db).await;
    let g = create(&app, "hotseat", "hotseat", 4).await;
    // Play until some seat can undo, then undo and check the seq and view.
    let mut rng = rand::rngs::StdRng::seed_from_u64(1);
    let mut seq = 0;
    for _ in 0..400 {
        let b = state(&app, &g, &g.british).await;
        let a = state(&app, &g, &g.american).await;
        for (tok, s) in [(&g.british, &b), (&g.american, &a)] {
            if s["can_undo"] == true {
                let (st, v) = call(
                    &app,
                    "POST",
                    &format!("/api/games/{}/undo", g.id),
                    Some(tok),
                    Some(json!({"seq_seen": seq})),
                )
                .await;
                assert_eq!(st, StatusCode::OK, "{v}");
                assert_eq!(v["seq"], seq + 1);
                return;
            }
        }
        let (tok, s) = if b["legal"].as_array().unwrap().is_empty() {
            (&g.american, a)
        } else {
            (&g.british, b)
        };
        let legal = s["legal"].as_array().unwrap();
        let pick = legal[rng.gen_range(0..legal.len())]["id"].as_str().unwrap().to_string();
        let (_, v) = act(&app, &g, tok, seq, &pick).await;
        seq = v["seq"].as_u64().unwrap();
    }
    panic!("no undoable moment in 400 moves");
}

/// `GET .../log-moves`: for each log line a seat reads, the move after which
/// it was written (a click on the line replays to it), undo included; each
/// seat's list is as long as its own log, and a replay to that move shows
/// the line, one move earlier does not. And where each turn and phase began.
async fn each_log_line_names_the_move_that_wrote_it(db: &str) {
    let app = app_at(db).await;
    let g = create(&app, "hotseat", "hotseat", 4).await;
    let mut rng = rand::rngs::StdRng::seed_from_u64(2);
    let mut seq = 0;
    let mut undone = false;
    while seq < 40 {
        let b = state(&app, &g, &g.british).await;
        let a = state(&app, &g, &g.american).await;
        let (tok, s) = if b["legal"].as_array().unwrap().is_empty() {
            (&g.american, a)
        } else {
            (&g.british, b)
        };
        if s["can_undo"] == true && !undone && seq > 10 {
            let (st, v) = post(&app, &g.id, "undo", tok, json!({"seq_seen": seq})).await;
            assert_eq!(st, StatusCode::OK, "{v}");
            seq = v["seq"].as_u64().unwrap();
            undone = true;
            continue;
        }
        let legal = s["legal"].as_array().unwrap();
        let pick = legal[rng.gen_range(0..legal.len())]["id"].as_str().unwrap().to_string();
        let (_, v) = act(&app, &g, tok, seq, &pick).await;
        seq = v["seq"].as_u64().unwrap();
    }
    assert!(undone, "an undo was tried");
    for tok in [&g.british, &g.american, &g.spectator] {
        let (st, v) = call(&app, "GET", &format!("/api/games/{}/log-moves", g.id), Some(tok), None).await;
        assert_eq!(st, StatusCode::OK, "{v}");
        let moves: Vec<u64> = serde_json::from_value(v["moves"].clone()).unwrap();
        let log = state(&app, &g, tok).await["log"].as_array().unwrap().clone();
        assert_eq!(moves.len(), log.len());
        assert!(moves.windows(2).all(|w| w[0] <= w[1]) && moves.iter().all(|&m| m <= seq));
        for i in [1, log.len() / 2, log.len() - 1] {
            let then = log_at(&app, &g.id, tok, moves[i]).await;
            assert_eq!(then.get(i), Some(&log[i]), "line {i} stands at move {}", moves[i]);
            if moves[i] > 0 {
                let before = log_at(&app, &g.id, tok, moves[i] - 1).await;
                assert!(before.get(i) != Some(&log[i]), "line {i} was not there before");
            }
        }
        // Replay by turn and phase: each stage begins where the facts panel's
        // Year or Phase changes, and only there.
        let stages = v["stages"].as_array().unwrap();
        assert_eq!(stages[0]["seq"], 0);
        assert!(stages.len() >= 2, "40 moves of Liberty cross a phase: {stages:?}");
        for (k, st) in stages.iter().enumerate() {
            let at = st["seq"].as_u64().unwrap();
            let facts = facts_at(&app, &g.id, tok, at).await;
            assert!(
                facts.contains(&(String::from("Year"), st["turn"].as_str().unwrap().to_string())),
                "{st}"
            );
            assert!(
                facts.contains(&(String::from("Phase"), st["phase"].as_str().unwrap().to_string())),
                "{st}"
            );
            if at > 0 {
                let before = facts_at(&app, &g.id, tok, at - 1).await;
                let year_phase = |f: &Vec<(String, String)>| {
                    f.iter()
                        .filter(|(l, _)| l == "Year" || l == "Phase")
                        .cloned()
                        .collect::<Vec<_>>()
                };
                assert_ne!(year_phase(&before), year_phase(&facts), "stage {k} begins at move {at}");
                assert_eq!(
                    st["new_turn"],
                    before
                        .iter()
                        .all(|(l, v)| l != "Year" || v != st["turn"].as_str().unwrap())
                );
            }
            if let Some(next) = stages.get(k + 1) {
                assert!(next["seq"].as_u64().unwrap() > at);
            }
        }
    }
    let (st, _) = call(
        &app,
        "GET",
        &format!("/api/games/{}/log-moves", g.id),
        Some("nope"),
        None,
    )
    .await;
    assert_eq!(st, StatusCode::FORBIDDEN);
}

/// The facts panel's (label, value) pairs a seat read after move `seq`.
async fn facts_at(app: &Router, id: &str, token: &str, seq: u64) -> Vec<(String, String)> {
    let (st, v) = call(app, "GET", &format!("/api/games/{id}/at/{seq}"), Some(token), None).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    let facts = v["view"]["facts"].as_array().unwrap();
    facts
        .iter()
        .map(|f| (f["label"].as_str().unwrap().into(), f["value"].as_str().unwrap().into()))
        .collect()
}

/// The log a seat read after move `seq` (`GET .../at/SEQ`).
async fn log_at(app: &Router, id: &str, token: &str, seq: u64) -> Vec<Value> {
    let (st, v) = call(app, "GET", &format!("/api/games/{id}/at/{seq}"), Some(token), None).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    v["log"].as_array().unwrap().clone()
}

async fn static_site_map_and_openapi(db: &str) {
    let app = app_at(db).await;
    let (st, v) = call(&app, "GET", "/api/openapi.json", None, None).await;
    assert_eq!(st, StatusCode::OK);
    assert_eq!(v["openapi"], "3.0.3");
    assert!(v["paths"]["/api/games/{id}/actions"]["post"].is_object());
    let (st, v) = call(&app, "GET", "/api/titles/liberty/map", None, None).await;
    assert_eq!(st, StatusCode::OK);
    let map: engine::Drawing = serde_json::from_value(v).expect("the typed map contract");
    map.check().unwrap();
    assert!(map
        .spaces
        .iter()
        .any(|s| s.name == "Boston" && s.features.contains(&"port".to_string())));
    assert!(map.links.iter().any(|l| l.kinds == ["forest"]));
    assert!(map.lines.iter().any(|l| l.kind == "river"));
    assert!(map.geography.is_some_and(|g| !g.coast.is_empty()));
    for title in ["b2c", "bh"] {
        let (st, v) = call(&app, "GET", &format!("/api/titles/{title}/map"), None, None).await;
        assert_eq!(st, StatusCode::OK);
        let map: engine::Drawing = serde_json::from_value(v).expect("the typed map contract");
        assert_eq!(map.geometry, engine::drawing::Geometry::Area);
    }
    let (st, _) = call(&app, "GET", "/api/titles/nope/map", None, None).await;
    assert_eq!(st, StatusCode::NOT_FOUND);
    for path in [
        "/",
        "/play/abc",
        "/static/game.js",
        "/static/board.js",
        "/static/geometry.js",
        "/static/style.css",
    ] {
        let resp = app
            .clone()
            .oneshot(Request::get(path).body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(resp.status(), StatusCode::OK, "{path}");
    }
    let (st, _) = call(&app, "GET", "/static/secret.txt", None, None).await;
    assert_eq!(st, StatusCode::NOT_FOUND);
}

async fn live_events_announce_moves(db: &str) {
    let app = app_at(db).await;
    let g = create(&app, "me", "invite", 8).await;
    let (st, _) = call(&app, "GET", &format!("/api/games/{}/events", g.id), Some("bad"), None).await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    let resp = app
        .clone()
        .oneshot(
            Request::get(events_uri(&app, &g.id, &g.american).await)
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    assert!(resp.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/event-stream"));
    let mut body = resp.into_body();
    let first = body.frame().await.unwrap().unwrap().into_data().unwrap();
    let first = String::from_utf8_lossy(&first).to_string();
    assert!(
        first.contains("event: changed") && first.contains("\"seq\":0"),
        "{first}"
    );
    let b = state(&app, &g, &g.british).await;
    act(&app, &g, &g.british, 0, &first_legal(&b)).await;
    let next = tokio::time::timeout(std::time::Duration::from_secs(5), body.frame())
        .await
        .expect("a notice in time")
        .unwrap()
        .unwrap()
        .into_data()
        .unwrap();
    let next = String::from_utf8_lossy(&next).to_string();
    assert!(next.contains("\"seq\":1"), "{next}");
}

/// Two server processes over one database (two apps in one test process):
/// the second writer of a move number gets 409 and the new state; with
/// PostgreSQL the first one's live listeners hear of the other's move
/// (LISTEN/NOTIFY).
async fn two_servers_one_database(db: &str) {
    let a = app_at(db).await;
    let b = app_at(db).await;
    let g = create(&a, "hotseat", "hotseat", 13).await;
    let sa = state(&a, &g, &g.british).await;
    let sb = state(&b, &g, &g.british).await;
    assert_eq!(sa, sb);
    let resp = a
        .clone()
        .oneshot(
            Request::get(events_uri(&a, &g.id, &g.american).await)
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    let mut events = resp.into_body();
    let first = events.frame().await.unwrap().unwrap().into_data().unwrap();
    assert!(String::from_utf8_lossy(&first).contains("\"seq\":0"));

    let card = first_legal(&sb);
    let (st, v) = act(&b, &g, &g.british, 0, &card).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["seq"], 1);
    if db.starts_with("postgres") {
        let next = tokio::time::timeout(std::time::Duration::from_secs(10), events.frame())
            .await
            .expect("server A hears of server B's move")
            .unwrap()
            .unwrap()
            .into_data()
            .unwrap();
        let next = String::from_utf8_lossy(&next).to_string();
        assert!(next.contains("\"seq\":1"), "{next}");
    }
    // Server A may not have heard (SQLite): its write of move 1 loses anyway.
    let (st, v) = act(&a, &g, &g.british, 0, &card).await;
    assert_eq!(st, StatusCode::CONFLICT, "{v}");
    assert_eq!(v["seq"], 1);
    assert_eq!(state(&a, &g, &g.british).await, state(&b, &g, &g.british).await);
    // Both go on from the same state.
    let am = state(&a, &g, &g.american).await;
    let (st, v) = act(&a, &g, &g.american, 1, &first_legal(&am)).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(state(&a, &g, &g.british).await["seq"], 2);
}

/// A stored liberty/1775 game row (seed 7) with a random id, made under `rules`.
fn liberty_row(rules: &str) -> server::store::GameRow {
    server::store::GameRow {
        id: format!("t{:015x}", rand::random::<u64>() >> 4),
        title: "liberty".into(),
        scenario: "1775".into(),
        options: Default::default(),
        seed: 7,
        status: "active".into(),
        created: 1,
        rules: rules.into(),
        ..Default::default()
    }
}

/// The store itself: `UNIQUE(game_id, seq)` refuses a second move 1.
async fn store_refuses_a_second_writer(db: &str) {
    use server::store::{DbError, DbSpec, Event, EventKind, GameRow, SeatRow, Store};
    let store = Store::open(&DbSpec::parse(db)).await.unwrap();
    let row = GameRow {
        seed: u64::MAX,
        ..liberty_row("liberty-0")
    };
    let id = row.id.clone();
    let seats = vec![SeatRow {
        seat: "british".into(),
        kind: "hotseat".into(),
        token: Some("ab".into()),
        invite: None,
    }];
    store.create(&row, &seats, &[]).await.unwrap();
    // A referee's draws are stored with the dice (in the same column).
    let ev = |a: &str| Event {
        seat: "british".into(),
        kind: EventKind::Act,
        action: a.into(),
        dice: vec![3, 4],
        draws: if a == "three" { vec!["a-morgan".into()] } else { vec![] },
    };
    store.append(&id, 0, &[ev("one")], "active", "").await.unwrap();
    match store.append(&id, 0, &[ev("two")], "active", "").await {
        Err(DbError::Conflict) => {}
        other => panic!("expected a conflict, got {other:?}"),
    }
    store
        .append(&id, 1, &[ev("two"), ev("three")], "over", "")
        .await
        .unwrap();
    let (g, s, events) = store.game(&id).await.unwrap().unwrap();
    assert_eq!(
        g,
        GameRow {
            status: "over".into(),
            ..row
        }
    );
    assert_eq!(s, seats);
    assert_eq!(events, vec![ev("one"), ev("two"), ev("three")]);
    assert_eq!(store.seq(&id).await.unwrap(), 3);
    assert!(store.game("nosuchgame").await.unwrap().is_none());
    // A game created with its moves (a save opened) keeps their draws too
    // (PostgreSQL's creation had stored the dice alone).
    let opened = liberty_row("liberty-0");
    store.create(&opened, &seats, &[ev("one"), ev("three")]).await.unwrap();
    let (_, _, events) = store.game(&opened.id).await.unwrap().unwrap();
    assert_eq!(events, vec![ev("one"), ev("three")], "a created game's draws");
}

/// A stored game made under other rules (or data) is refused with a message
/// naming both, not replayed as if nothing had changed; one made before the
/// rules were recorded (empty) still loads.
async fn games_made_under_other_rules_are_refused(db: &str) {
    use server::store::{DbSpec, SeatRow, Store};
    let store = Store::open(&DbSpec::parse(db)).await.unwrap();
    let app = app_at(db).await;
    let mut ids = Vec::new();
    for rules in ["liberty-0", ""] {
        let row = liberty_row(rules);
        let id = row.id.clone();
        let token = format!("{:032x}", rand::random::<u128>());
        let seats = vec![SeatRow {
            seat: "british".into(),
            kind: "hotseat".into(),
            token: Some(token.clone()),
            invite: None,
        }];
        store.create(&row, &seats, &[]).await.unwrap();
        ids.push((id, token));
    }
    let (old, token) = &ids[0];
    let (st, v) = call(&app, "GET", &format!("/api/games/{old}"), Some(token), None).await;
    assert_eq!(st, StatusCode::INTERNAL_SERVER_ERROR, "{v}");
    let msg = v.to_string();
    assert!(
        msg.contains("made with rules 'liberty-0'")
            && msg.contains(<liberty::Liberty as engine::Title>::info().rules_version),
        "{msg}"
    );
    let (unknown, token) = &ids[1];
    let (st, v) = call(&app, "GET", &format!("/api/games/{unknown}"), Some(token), None).await;
    assert_eq!(st, StatusCode::OK, "{v}");
}

/// A SQLite database made before games recorded their rules gains the
/// column on opening; its games load as before (rules unknown).
#[tokio::test]
async fn an_older_sqlite_database_gains_the_rules_column() {
    use server::store::{DbSpec, Store};
    let db = TestDb::sqlite();
    {
        let conn = rusqlite::Connection::open(&db.spec).unwrap();
        conn.execute_batch(
            "CREATE TABLE games (id TEXT PRIMARY KEY, title TEXT NOT NULL, scenario TEXT NOT NULL,
                 options TEXT NOT NULL, seed TEXT NOT NULL, status TEXT NOT NULL, created INTEGER NOT NULL);
             INSERT INTO games VALUES ('old', 'liberty', '1775', '{}', '7', 'active', 1);",
        )
        .unwrap();
    }
    let store = Store::open(&DbSpec::parse(&db.spec)).await.unwrap();
    let (row, _, _) = store.game("old").await.unwrap().unwrap();
    assert_eq!((row.seed, row.rules.as_str()), (7, ""));
    // Opening it again does not add the column twice.
    drop(store);
    Store::open(&DbSpec::parse(&db.spec)).await.unwrap();
}

// ---------------------------------------------------------------- cross-site and hosting

/// A request with the given headers (no Authorization, no content type
/// unless given): status, headers and the body as JSON (or `{"raw": text}`).
async fn send(
    app: &Router,
    method: &str,
    uri: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (StatusCode, axum::http::HeaderMap, Value) {
    let mut req = Request::builder().method(method).uri(uri);
    for (k, v) in headers {
        req = req.header(*k, *v);
    }
    let resp = app
        .clone()
        .oneshot(req.body(Body::from(body.to_string())).unwrap())
        .await
        .unwrap();
    let (status, headers) = (resp.status(), resp.headers().clone());
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    let v = serde_json::from_slice(&bytes).unwrap_or_else(|_| json!({"raw": String::from_utf8_lossy(&bytes)}));
    (status, headers, v)
}

/// How many games the database holds with this seed (seeds are random per
/// test, so tests running at once on PostgreSQL do not meet).
async fn games_with_seed(db: &str, seed: u64) -> i64 {
    if db.starts_with("postgres") {
        let (client, conn) = tokio_postgres::connect(db, tokio_postgres::NoTls).await.unwrap();
        tokio::spawn(conn);
        let row = client
            .query_one("SELECT count(*) FROM games WHERE seed = $1", &[&seed.to_string()])
            .await
            .unwrap();
        row.get(0)
    } else {
        let conn = rusqlite::Connection::open(db).unwrap();
        conn.query_row("SELECT count(*) FROM games WHERE seed = ?1", [seed.to_string()], |r| {
            r.get(0)
        })
        .unwrap()
    }
}

fn new_game_body(seed: u64) -> String {
    json!({"scenario": "liberty/1775", "seed": seed, "seats": {"british": "me", "american": "hotseat"}}).to_string()
}

fn is_json_error(h: &axum::http::HeaderMap, v: &Value) -> bool {
    h["content-type"].to_str().unwrap().starts_with("application/json") && v["error"].is_string()
}

/// A cross-site HTML form or "simple" fetch can send text/plain, form
/// encodings or no content type without a CORS preflight: every write
/// under /api refuses them with 415 and stores nothing.
async fn writes_accept_only_json(db: &str) {
    let app = app_at(db).await;
    let seed = rand::random::<u64>() >> 1;
    let body = new_game_body(seed);
    for ct in [
        Some("text/plain"),
        Some("text/plain;charset=UTF-8"),
        Some("application/x-www-form-urlencoded"),
        Some("multipart/form-data; boundary=x"),
        Some("application/jsonx"),
        None,
    ] {
        let headers: Vec<(&str, &str)> = ct.iter().map(|c| ("content-type", *c)).collect();
        let (st, h, v) = send(&app, "POST", "/api/games", &headers, &body).await;
        assert_eq!(st, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{ct:?}: {v}");
        assert!(is_json_error(&h, &v), "{ct:?}: {v}");
    }
    assert_eq!(games_with_seed(db, seed).await, 0, "nothing stored");

    // The other writes too: the game and its chat and notes stay as they were.
    let g = create(&app, "me", "invite", seed).await;
    let b = state(&app, &g, &g.british).await;
    let auth = format!("Bearer {}", g.british);
    let writes = [
        (
            "POST",
            format!("/api/games/{}/actions", g.id),
            json!({"seq_seen": 0, "action_id": first_legal(&b)}),
        ),
        ("POST", format!("/api/games/{}/resign", g.id), json!({"seq_seen": 0})),
        ("POST", format!("/api/games/{}/draw", g.id), json!({"seq_seen": 0})),
        ("POST", format!("/api/games/{}/chat", g.id), json!({"text": "hello"})),
        (
            "PUT",
            format!("/api/games/{}/notes", g.id),
            json!({"text": "secret plan"}),
        ),
        ("POST", "/api/my-games".to_string(), json!({"games": []})),
    ];
    for (method, uri, body) in &writes {
        let headers = [("authorization", auth.as_str()), ("content-type", "text/plain")];
        let (st, h, v) = send(&app, method, uri, &headers, &body.to_string()).await;
        assert_eq!(st, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{method} {uri}: {v}");
        assert!(is_json_error(&h, &v), "{v}");
    }
    let after = state(&app, &g, &g.british).await;
    assert_eq!((&after["seq"], &after["status"]), (&json!(0), &json!("active")));
    let (_, v) = call(
        &app,
        "GET",
        &format!("/api/games/{}/chat", g.id),
        Some(&g.british),
        None,
    )
    .await;
    assert_eq!(v["messages"], json!([]));
    let (_, v) = call(
        &app,
        "GET",
        &format!("/api/games/{}/notes", g.id),
        Some(&g.british),
        None,
    )
    .await;
    assert_eq!(v["text"], "");

    // application/json with parameters (and in any case) is JSON.
    let (st, _, v) = send(
        &app,
        "POST",
        "/api/games",
        &[("content-type", "Application/JSON; charset=utf-8")],
        &new_game_body(seed),
    )
    .await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    let (act_uri, act_body) = (&writes[0].1, writes[0].2.to_string());
    let headers = [
        ("authorization", auth.as_str()),
        ("content-type", "application/json;charset=utf-8"),
    ];
    let (st, _, v) = send(&app, "POST", act_uri, &headers, &act_body).await;
    assert_eq!(st, StatusCode::OK, "{v}");
}

/// A write whose Origin is not this server's is refused (403, nothing
/// stored); one from the server's own pages, or without Origin, goes on.
async fn writes_from_other_sites_are_refused(db: &str) {
    let app = app_at(db).await;
    let seed = rand::random::<u64>() >> 1;
    let body = new_game_body(seed);
    for origin in [
        "https://evil.example",
        "http://127.0.0.1:8081",
        "http://127.0.0.1:8080.evil.example",
        "http://localhost",
        "null",
        "127.0.0.1:8080",
    ] {
        let headers = [("content-type", "application/json"), ("origin", origin)];
        let (st, h, v) = send(&app, "POST", "/api/games", &headers, &body).await;
        assert_eq!(st, StatusCode::FORBIDDEN, "{origin}: {v}");
        assert!(is_json_error(&h, &v), "{v}");
    }
    assert_eq!(games_with_seed(db, seed).await, 0, "nothing stored");

    let g = create(&app, "me", "invite", seed).await;
    let b = state(&app, &g, &g.british).await;
    let auth = format!("Bearer {}", g.british);
    let act_uri = format!("/api/games/{}/actions", g.id);
    let act_body = json!({"seq_seen": 0, "action_id": first_legal(&b)}).to_string();
    let evil = [
        ("authorization", auth.as_str()),
        ("content-type", "application/json"),
        ("origin", "https://evil.example"),
    ];
    let (st, _, v) = send(&app, "POST", &act_uri, &evil, &act_body).await;
    assert_eq!(st, StatusCode::FORBIDDEN, "{v}");
    let notes = format!("/api/games/{}/notes", g.id);
    let (st, _, _) = send(&app, "PUT", &notes, &evil, &json!({"text": "x"}).to_string()).await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    assert_eq!(state(&app, &g, &g.british).await["seq"], 0);
    // Reading from another site is not a write (and CORS lets no page read it).
    let (st, _, _) = send(&app, "GET", &format!("/api/games/{}", g.id), &evil, "").await;
    assert_eq!(st, StatusCode::OK);

    // Same origin: the server's own pages, by each of its names.
    for (host, origin) in [
        ("127.0.0.1:8080", "http://127.0.0.1:8080"),
        ("localhost:8080", "http://localhost:8080"),
        ("[::1]:8080", "http://[::1]:8080"),
    ] {
        let headers = [("host", host), ("content-type", "application/json"), ("origin", origin)];
        let (st, _, v) = send(&app, "POST", "/api/games", &headers, &new_game_body(seed)).await;
        assert_eq!(st, StatusCode::CREATED, "{origin}: {v}");
    }
    let same = [
        ("host", "127.0.0.1:8080"),
        ("authorization", auth.as_str()),
        ("content-type", "application/json"),
        ("origin", "http://127.0.0.1:8080"),
    ];
    let (st, _, v) = send(&app, "POST", &act_uri, &same, &act_body).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["seq"], 1);
}

/// DNS rebinding: a request for a host name that is not the server's is
/// refused (421: JSON under /api, a text page elsewhere), and nothing is
/// stored. No Host at all (not a browser; the in-process tests) is served.
async fn host_must_be_the_servers(db: &str) {
    let app = app_at(db).await;
    let seed = rand::random::<u64>() >> 1;
    for host in ["evil.example", "evil.example:8080", "127.0.0.1:9999", "localhost"] {
        let (st, h, v) = send(&app, "GET", "/api/titles", &[("host", host)], "").await;
        assert_eq!(st, StatusCode::MISDIRECTED_REQUEST, "{host}: {v}");
        assert!(is_json_error(&h, &v), "{v}");
        let headers = [("host", host), ("content-type", "application/json")];
        let (st, _, _) = send(&app, "POST", "/api/games", &headers, &new_game_body(seed)).await;
        assert_eq!(st, StatusCode::MISDIRECTED_REQUEST, "{host}");
        for page in ["/", "/play/abc", "/static/game.js"] {
            let (st, h, v) = send(&app, "GET", page, &[("host", host)], "").await;
            assert_eq!(st, StatusCode::MISDIRECTED_REQUEST, "{host} {page}");
            assert!(h["content-type"].to_str().unwrap().starts_with("text/plain"), "{page}");
            assert!(v["raw"].as_str().unwrap().contains("--host"), "{v}");
        }
    }
    assert_eq!(games_with_seed(db, seed).await, 0, "nothing stored");
    for host in ["127.0.0.1:8080", "localhost:8080", "LocalHost:8080", "[::1]:8080"] {
        let (st, _, v) = send(&app, "GET", "/api/titles", &[("host", host)], "").await;
        assert_eq!(st, StatusCode::OK, "{host}: {v}");
        let (st, _, _) = send(&app, "GET", "/", &[("host", host)], "").await;
        assert_eq!(st, StatusCode::OK, "{host}");
    }
    let (st, _, _) = send(&app, "GET", "/api/titles", &[], "").await;
    assert_eq!(st, StatusCode::OK, "no Host header: served");
    // The health check answers whatever the name (probes use the address).
    let (st, _, v) = send(&app, "GET", "/healthz", &[("host", "10.1.2.3:8080")], "").await;
    assert_eq!(st, StatusCode::OK, "{v}");

    // A public name (--host), behind a TLS proxy: its Host and its Origin.
    let site = server::hosting::Site::for_addr("127.0.0.1:8080", &["Powderhorn.Example.org".into()]).unwrap();
    let app = server::app(server::open(db).await.unwrap().with_site(site));
    let public = [
        ("host", "powderhorn.example.org"),
        ("content-type", "application/json"),
        ("origin", "https://powderhorn.example.org"),
    ];
    let (st, _, v) = send(&app, "POST", "/api/games", &public, &new_game_body(seed)).await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    // A proxy that sends the upstream address as Host: the Origin decides.
    let proxied = [
        ("host", "127.0.0.1:8080"),
        ("content-type", "application/json"),
        ("origin", "https://powderhorn.example.org"),
    ];
    let (st, _, v) = send(&app, "POST", "/api/games", &proxied, &new_game_body(seed)).await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    let (st, _, _) = send(&app, "GET", "/", &[("host", "other.example.org")], "").await;
    assert_eq!(st, StatusCode::MISDIRECTED_REQUEST);
    let foreign = [
        ("host", "powderhorn.example.org"),
        ("content-type", "application/json"),
        ("origin", "https://other.example.org"),
    ];
    let (st, _, _) = send(&app, "POST", "/api/games", &foreign, &new_game_body(seed)).await;
    assert_eq!(st, StatusCode::FORBIDDEN);
    assert_eq!(games_with_seed(db, seed).await, 2);
}

#[test]
fn host_names_are_checked_and_completed() {
    use server::hosting::Site;
    let s = Site::for_addr("0.0.0.0:8080", &["play.example.org:443".into(), "lan-box:8080".into()]).unwrap();
    for h in [
        "0.0.0.0:8080",
        "localhost:8080",
        "127.0.0.1:8080",
        "[::1]:8080",
        "play.example.org:443",
        "play.example.org",
        "lan-box:8080",
    ] {
        assert!(s.accepts(h), "{h}");
    }
    assert!(!s.accepts("lan-box"));
    assert!(s.accepts_origin("https://play.example.org"));
    assert!(!s.accepts_origin("https://play.example.org.evil"));
    // Not loopback: only the address itself and the names given.
    let s = Site::for_addr("192.168.1.5:80", &[]).unwrap();
    assert!(s.accepts("192.168.1.5:80") && s.accepts("192.168.1.5"));
    assert!(!s.accepts("localhost:80"));
    for bad in ["https://play.example.org", "play.example.org/", "", "a b"] {
        let e = Site::for_addr("127.0.0.1:8080", &[bad.into()]).unwrap_err();
        assert!(e.contains("--host"), "{e}");
    }
}

/// Pages may not be framed by another site; API answers are never sniffed.
async fn security_headers(db: &str) {
    let app = app_at(db).await;
    for page in ["/", "/play/abc", "/static/game.js", "/static/style.css", "/static/nope"] {
        let (_, h, _) = send(&app, "GET", page, &[], "").await;
        let csp = h["content-security-policy"].to_str().unwrap();
        assert!(csp.contains("frame-ancestors 'none'"), "{page}: {csp}");
        assert!(csp.contains("script-src 'self'"), "{page}: {csp}");
        assert_eq!(h["x-frame-options"], "DENY", "{page}");
        assert_eq!(h["x-content-type-options"], "nosniff", "{page}");
    }
    let g = create(&app, "me", "invite", 2).await;
    let auth = format!("Bearer {}", g.british);
    for (method, uri, headers) in [
        ("GET", "/api/titles".to_string(), vec![]),
        ("GET", "/api/openapi.json".to_string(), vec![]),
        (
            "GET",
            format!("/api/games/{}", g.id),
            vec![("authorization", auth.as_str())],
        ),
        ("GET", format!("/api/games/{}", g.id), vec![]),
        ("GET", "/api/nope".to_string(), vec![]),
        ("GET", "/api/games".to_string(), vec![]),
        ("POST", "/api/games".to_string(), vec![("content-type", "text/plain")]),
        ("GET", "/api/titles".to_string(), vec![("host", "evil.example")]),
        ("GET", "/healthz".to_string(), vec![]),
    ] {
        let (st, h, _) = send(&app, method, &uri, &headers, "").await;
        assert_eq!(h["x-content-type-options"], "nosniff", "{method} {uri} ({st})");
    }
}

/// (method, URI, headers, body, expected status)
type ErrorCase<'a> = (&'a str, String, &'a [(&'a str, &'a str)], String, StatusCode);

/// Every error under /api is `{"error": ...}`, also those axum makes: a
/// path parameter that does not parse, a method the route does not take, a
/// body over the limit, an unknown route.
async fn api_errors_are_json(db: &str) {
    let app = app_at(db).await;
    let g = create(&app, "me", "invite", 6).await;
    let auth = format!("Bearer {}", g.british);
    let json_body: &[(&str, &str)] = &[("authorization", auth.as_str()), ("content-type", "application/json")];
    let none: &[(&str, &str)] = &[];
    let huge = json!({"seq_seen": 0, "action_id": "x".repeat(100 * 1024)}).to_string();
    let cases: Vec<ErrorCase> = vec![
        (
            "GET",
            "/api/games/x/at/-1".into(),
            none,
            String::new(),
            StatusCode::BAD_REQUEST,
        ),
        (
            "GET",
            format!("/api/games/{}/at/-1", g.id),
            json_body,
            String::new(),
            StatusCode::BAD_REQUEST,
        ),
        (
            "GET",
            format!("/api/games/{}/at/99999999999999999999999", g.id),
            json_body,
            String::new(),
            StatusCode::BAD_REQUEST,
        ),
        (
            "GET",
            "/api/games".into(),
            none,
            String::new(),
            StatusCode::METHOD_NOT_ALLOWED,
        ),
        (
            "DELETE",
            format!("/api/games/{}", g.id),
            json_body,
            "{}".into(),
            StatusCode::METHOD_NOT_ALLOWED,
        ),
        (
            "PUT",
            format!("/api/games/{}/chat", g.id),
            json_body,
            "{}".into(),
            StatusCode::METHOD_NOT_ALLOWED,
        ),
        (
            "GET",
            format!("/api/games/{}/actions", g.id),
            json_body,
            String::new(),
            StatusCode::METHOD_NOT_ALLOWED,
        ),
        (
            "POST",
            format!("/api/games/{}/actions", g.id),
            json_body,
            huge,
            StatusCode::PAYLOAD_TOO_LARGE,
        ),
        (
            "POST",
            format!("/api/games/{}/actions", g.id),
            json_body,
            "[1,".into(),
            StatusCode::BAD_REQUEST,
        ),
        (
            "GET",
            "/api/nope/nope".into(),
            none,
            String::new(),
            StatusCode::NOT_FOUND,
        ),
    ];
    for (method, uri, headers, body, want) in cases {
        let (st, h, v) = send(&app, method, &uri, headers, &body).await;
        assert_eq!(st, want, "{method} {uri}: {v}");
        assert!(is_json_error(&h, &v), "{method} {uri}: {v}");
        if want == StatusCode::METHOD_NOT_ALLOWED {
            assert!(v["error"].as_str().unwrap().contains(method), "{v}");
            assert!(h.contains_key("allow"), "405 keeps its Allow header");
        }
    }
    let (_, _, v) = send(&app, "GET", "/api/games/x/at/-1", &[], "").await;
    assert!(v["error"].as_str().unwrap().contains("-1"), "{v}");
    assert_eq!(state(&app, &g, &g.british).await["seq"], 0);
}

/// `/healthz`: 200 `{"status": "ok"}` while the database answers.
async fn healthz_answers(db: &str) {
    let app = app_at(db).await;
    let (st, h, v) = send(&app, "GET", "/healthz", &[], "").await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert!(h["content-type"].to_str().unwrap().starts_with("application/json"));
    assert_eq!(v, json!({"status": "ok"}));
}

/// `/healthz` is 503 (JSON) when the database does not answer its query,
/// and 200 again once it does.
#[tokio::test]
async fn healthz_is_503_when_the_database_does_not_answer() {
    let db = TestDb::sqlite();
    let app = app_at(&db.spec).await;
    let (st, _, _) = send(&app, "GET", "/healthz", &[], "").await;
    assert_eq!(st, StatusCode::OK);
    let other = rusqlite::Connection::open(&db.spec).unwrap();
    other.execute_batch("ALTER TABLE games RENAME TO games_away").unwrap();
    let (st, h, v) = send(&app, "GET", "/healthz", &[], "").await;
    assert_eq!(st, StatusCode::SERVICE_UNAVAILABLE, "{v}");
    assert!(is_json_error(&h, &v), "{v}");
    assert_eq!(v["status"], "unavailable");
    other.execute_batch("ALTER TABLE games_away RENAME TO games").unwrap();
    let (st, _, v) = send(&app, "GET", "/healthz", &[], "").await;
    assert_eq!(st, StatusCode::OK, "{v}");
}

/// The lock of a SQLite file is exclusive (the real two processes are in
/// crates/cli/tests/crash.rs) and is given back when its holder ends.
#[test]
fn the_sqlite_lock_is_exclusive() {
    let db = TestDb::sqlite();
    let path = std::path::Path::new(&db.spec);
    let first = server::hosting::lock_sqlite(path).unwrap();
    assert_eq!(first.path, server::hosting::lock_path(path));
    let e = server::hosting::lock_sqlite(path)
        .err()
        .expect("a second lock is refused");
    assert!(
        e.contains("already serving") && e.contains(&std::process::id().to_string()),
        "{e}"
    );
    drop(first);
    server::hosting::lock_sqlite(path).expect("free again");
}

// Each test over SQLite and over PostgreSQL.
both!(card_phase_refusals_and_restart);
both!(views_never_name_hidden_enemy_blocks);
both!(a_movements_log_entry_carries_its_path);
both!(computer_seat_moves_and_my_games);
both!(ai_seat_plays);
both!(hard_computers_do_not_hold_the_server);
both!(the_computer_replies_after_the_answer);
both!(two_computers_play_at_a_pace);
both!(a_move_answers_who_acts_and_the_movers_choices);
both!(why_not_answers_for_the_seat);
both!(a_referee_enters_dice_and_draws);
both!(create_refusals);
both!(undo_resign_chat_notes);
both!(undo_within_a_decision_sequence);
both!(static_site_map_and_openapi);
both!(each_log_line_names_the_move_that_wrote_it);
both!(live_events_announce_moves);
both!(two_servers_one_database);
both!(store_refuses_a_second_writer);
both!(games_made_under_other_rules_are_refused);

/// A stored game whose moves no longer replay answers 500 without naming
/// them (the stored moves are the game's secrets; the server's log has
/// them); a request without a token of the game is refused before any
/// rebuild.
async fn a_game_that_does_not_replay_names_no_stored_move(db: &str) {
    use server::store::{DbSpec, Event, EventKind, SeatRow, Store};
    let store = Store::open(&DbSpec::parse(db)).await.unwrap();
    let app = app_at(db).await;
    let row = liberty_row("");
    let id = row.id.clone();
    let seat = SeatRow {
        seat: "british".into(),
        kind: "me".into(),
        token: Some("a-token".into()),
        invite: None,
    };
    store.create(&row, &[seat], &[]).await.unwrap();
    let secret = Event::of("british".into(), EventKind::Act, "place-secret-block-in-boston".into());
    store.append(&id, 0, &[secret], "active", "").await.unwrap();
    let (st, v) = call(&app, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(st, StatusCode::FORBIDDEN, "{v}");
    let (st, v) = call(&app, "GET", &format!("/api/games/{id}"), Some("a-token"), None).await;
    assert_eq!(st, StatusCode::INTERNAL_SERVER_ERROR, "{v}");
    let msg = v.to_string();
    assert!(
        msg.contains("no longer replays") && !msg.contains("secret-block"),
        "{msg}"
    );
}
both!(a_game_that_does_not_replay_names_no_stored_move);
both!(writes_accept_only_json);
both!(writes_from_other_sites_are_refused);
both!(host_must_be_the_servers);
both!(security_headers);
both!(api_errors_are_json);
both!(healthz_answers);

/// The save file (`GET .../save`): the CLI's format, loadable and opened
/// again as a game (`POST /api/games/open`); refused while an invited game
/// goes on (it holds both sides' secrets) and to a spectator of a game not
/// over; given to anyone with the link once it is over.
// rule: none (server)
async fn the_save_file_is_given_only_where_it_reveals_nothing(db: &str) {
    let app = app_at(db).await;
    let mine = create(&app, "me", "hotseat", 21).await;
    let s = state(&app, &mine, &mine.british).await;
    let (st, _) = act(&app, &mine, &mine.british, 0, &first_legal(&s)).await;
    assert_eq!(st, StatusCode::OK);
    let (st, save) = call(
        &app,
        "GET",
        &format!("/api/games/{}/save", mine.id),
        Some(&mine.british),
        None,
    )
    .await;
    assert_eq!(st, StatusCode::OK, "{save}");
    let file: engine::SaveFile = serde_json::from_value(save).unwrap();
    assert_eq!(file.actions.len(), 1);
    let loaded = catalog::load(&file).expect("the CLI can load it");
    assert_eq!(loaded.action_count(), 1);
    let (st, _) = call(
        &app,
        "GET",
        &format!("/api/games/{}/save", mine.id),
        Some(&mine.spectator),
        None,
    )
    .await;
    assert_eq!(st, StatusCode::CONFLICT, "a spectator before the end");

    // Opened again (play by e-mail): a new game at the same move, its seats
    // this player's; never with an invited seat; a tampered file refused.
    let seats = json!({"british": "hotseat", "american": "hotseat"});
    let body = json!({"save": file, "seats": seats});
    let (st, v) = call(&app, "POST", "/api/games/open", None, Some(body.clone())).await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    let opened = v["id"].as_str().unwrap();
    let token = seat_entry(&v, "american")["token"].as_str().unwrap();
    let (_, o) = call(&app, "GET", &format!("/api/games/{opened}"), Some(token), None).await;
    assert_eq!(o["seq"], 1);
    assert_eq!(
        o["view"],
        state(&app, &mine, &mine.american).await["view"],
        "the same position"
    );
    let mut invited = body.clone();
    invited["seats"]["american"] = json!("invite");
    let (st, v) = call(&app, "POST", "/api/games/open", None, Some(invited)).await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("secrets"), "{v}");
    let mut tampered = body.clone();
    tampered["save"]["state"]["year"] = json!(1781);
    let (st, v) = call(&app, "POST", "/api/games/open", None, Some(tampered)).await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("does not load"), "{v}");

    let invited = create(&app, "me", "invite", 22).await;
    for token in [&invited.british, &invited.american, &invited.spectator] {
        let (st, v) = call(
            &app,
            "GET",
            &format!("/api/games/{}/save", invited.id),
            Some(token),
            None,
        )
        .await;
        assert_eq!(st, StatusCode::CONFLICT, "{v}");
        assert!(v["error"].as_str().unwrap().contains("secrets"), "{v}");
    }
    let (st, _) = post(&app, &invited.id, "resign", &invited.american, json!({"seq_seen": 0})).await;
    assert_eq!(st, StatusCode::OK);
    let (st, save) = call(
        &app,
        "GET",
        &format!("/api/games/{}/save", invited.id),
        Some(&invited.spectator),
        None,
    )
    .await;
    assert_eq!(st, StatusCode::OK, "once over");
    let file: engine::SaveFile = serde_json::from_value(save).unwrap();
    assert_eq!(file.resigned.as_deref(), Some("american"));
    assert!(
        catalog::load(&file).unwrap().outcome().is_some(),
        "it loads to the resignation"
    );
}
both!(the_save_file_is_given_only_where_it_reveals_nothing);

/// 29.3 Concession: a seat offers a draw, which stands in every state until
/// the other seat declines or accepts it or a move is played; accepted, the
/// game ends drawn at the level "draw" and stays so after a restart and in
/// its save file. A spectator may not offer, nor anyone in a title whose
/// rules have no draw by agreement.
// rule: fiw 29.3
async fn draws_by_agreement(db: &str) {
    let app = app_at(db).await;
    let (id, british, french, spectator) = create_fiw(&app, "hotseat", "hotseat", 3).await;
    let draw = |token: String, seq: u64, decline: bool| {
        let (app, id) = (app.clone(), id.clone());
        async move { post(&app, &id, "draw", &token, json!({"seq_seen": seq, "decline": decline})).await }
    };
    let s = game_state(&app, &id, &spectator).await;
    assert_eq!(s["agreed_draw"], "29.3");
    assert_eq!(s["draw_offer"], Value::Null);
    let (st, v) = draw(spectator.clone(), 0, false).await;
    assert_eq!(st, StatusCode::FORBIDDEN, "{v}");

    // Offered, then declined: nothing else changes.
    let (st, v) = draw(british.clone(), 0, false).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!((v["seq"].as_u64(), &v["draw_offer"]), (Some(1), &json!("british")));
    for token in [&british, &french, &spectator] {
        assert_eq!(game_state(&app, &id, token).await["draw_offer"], "british");
    }
    let (st, v) = draw(british.clone(), 1, false).await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("offered a draw already"), "{v}");
    let (st, v) = draw(british.clone(), 1, true).await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "not one's own offer: {v}");
    let (st, v) = draw(french.clone(), 1, true).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(
        (v["seq"].as_u64(), &v["draw_offer"], &v["status"]),
        (Some(2), &Value::Null, &json!("active"))
    );
    // The offerer (and anyone watching) is told who declined.
    for token in [&british, &spectator] {
        assert_eq!(game_state(&app, &id, token).await["draw_declined"], "french");
    }
    let (st, _) = draw(french.clone(), 2, true).await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "nothing to decline");

    // A move lapses an offer.
    let (st, _) = draw(french.clone(), 2, false).await;
    assert_eq!(st, StatusCode::OK);
    let f = game_state(&app, &id, &french).await;
    assert_eq!(f["to_act"], json!(["french"]), "the French set up first (35.3)");
    let (st, v) = act_in(&app, &id, &french, 3, &first_legal(&f)).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(game_state(&app, &id, &british).await["draw_offer"], Value::Null);

    // Offered and accepted: drawn.
    let (st, _) = draw(french.clone(), 4, false).await;
    assert_eq!(st, StatusCode::OK);
    let (st, v) = draw(british.clone(), 5, false).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    let drawn = json!({"winner": null, "level": "draw", "reason": "drawn by agreement", "rule": "29.3"});
    assert_eq!(v["outcome"], drawn);
    assert_eq!(v["status"], "over");
    let b = game_state(&app, &id, &british).await;
    assert!(
        b["log"].to_string().contains("The players agree to a draw."),
        "{}",
        b["log"]
    );
    let (st, _) = draw(french.clone(), 6, false).await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "the game is over");

    // Replayed from the store after a restart; kept in the save file.
    drop(app);
    let app = app_at(db).await;
    let s = game_state(&app, &id, &spectator).await;
    assert_eq!(
        (&s["outcome"], &s["seq"], &s["draw_offer"]),
        (&drawn, &json!(6), &Value::Null)
    );
    let (st, save) = call(&app, "GET", &format!("/api/games/{id}/save"), Some(&spectator), None).await;
    assert_eq!(st, StatusCode::OK, "{save}");
    let file: engine::SaveFile = serde_json::from_value(save).unwrap();
    assert!(file.agreed_draw);
    assert_eq!(
        catalog::load(&file).unwrap().outcome().unwrap().level.as_deref(),
        Some("draw")
    );
    // Opened again as a new game, it is drawn there too.
    let body = json!({"save": file, "seats": {"british": "hotseat", "french": "hotseat"}});
    let (st, v) = call(&app, "POST", "/api/games/open", None, Some(body)).await;
    assert_eq!(st, StatusCode::CREATED, "{v}");
    let opened = game_state(
        &app,
        v["id"].as_str().unwrap(),
        v["spectator"]["token"].as_str().unwrap(),
    )
    .await;
    assert_eq!(opened["outcome"], drawn);

    // Liberty's rules have no draw by agreement.
    let g = create(&app, "hotseat", "hotseat", 4).await;
    assert_eq!(state(&app, &g, &g.british).await["agreed_draw"], Value::Null);
    let (st, v) = post(&app, &g.id, "draw", &g.british, json!({"seq_seen": 0})).await;
    assert_eq!(st, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(v["error"].as_str().unwrap().contains("no draw by agreement"), "{v}");
}
both!(draws_by_agreement);

/// How `computer` judges game `id` as it stands, by the bots' sampler of
/// what the seat may know, from several seeds.
async fn judged(app: &Router, id: &str, token: &str, computer: &str) -> Vec<f64> {
    let (st, save) = call(app, "GET", &format!("/api/games/{id}/save"), Some(token), None).await;
    assert_eq!(st, StatusCode::OK, "{save}");
    let file: engine::SaveFile = serde_json::from_value(save).unwrap();
    let ai = catalog::ai("fiw").unwrap();
    (0..6).map(|seed| (ai.judge)(&file, computer, seed).unwrap()).collect()
}

/// Offer `computer` a draw at move `seq` as `token`: it answers at once, as
/// its judgement says wherever every seed agrees; its answer is stored and
/// replayed after a restart. Whether it accepted.
async fn offer_to_computer(db: &str, app: &Router, id: &str, token: &str, seq: u64, computer: &str) -> bool {
    let judged = judged(app, id, token, computer).await;
    assert!(judged.iter().all(|v| (0.0..=1.0).contains(v)), "{judged:?}");
    let (st, v) = post(app, id, "draw", token, json!({"seq_seen": seq})).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(v["seq"].as_u64(), Some(seq + 2), "the offer and the answer: {v}");
    assert_eq!(v["draw_offer"], Value::Null, "answered at once");
    let accepted = v["status"] == "over";
    if judged.iter().all(|j| *j < 0.5) {
        assert!(accepted, "{computer} judges itself worse off: {judged:?}");
    }
    if judged.iter().all(|j| *j >= 0.5) {
        assert!(!accepted, "{computer} judges itself better off: {judged:?}");
    }
    let level = if accepted { json!("draw") } else { Value::Null };
    assert_eq!(v["outcome"]["level"], level, "{v}");
    let declined = if accepted { Value::Null } else { json!(computer) };
    assert_eq!(v["draw_declined"], declined, "the offerer is told of a refusal: {v}");
    let before = game_state(app, id, token).await;
    let after = game_state(&app_at(db).await, id, token).await;
    assert_eq!(
        (&after["outcome"], &after["seq"], &after["draw_declined"]),
        (&before["outcome"], &before["seq"], &before["draw_declined"]),
        "replayed"
    );
    accepted
}

/// A computer offered a draw answers in the same request: it accepts when
/// it judges its position (over worlds sampled from what it may know) worse
/// than a draw, else declines.
// rule: fiw 29.3
async fn a_computer_answers_an_offer_of_a_draw(db: &str) {
    let app = app_at(db).await;
    // Once the French have set up they hold their forts' victory points: a
    // French computer declines.
    let (id, british, _, _) = create_fiw(&app, "me", "computer", 8).await;
    let b = wait_for(&app, &id, &british, 60, |v| v["thinking"] == false).await;
    let seq = b["seq"].as_u64().unwrap();
    assert!(!offer_to_computer(db, &app, &id, &british, seq, "french").await);

    // A British computer accepts once the French set-up has gone far enough
    // for it to judge itself worse off.
    let (id, _, french, _) = create_fiw(&app, "computer", "me", 9).await;
    let mut seq = 0;
    while judged(&app, &id, &french, "british").await.iter().any(|j| *j >= 0.5) {
        let f = game_state(&app, &id, &french).await;
        assert_eq!(f["to_act"], json!(["french"]), "the French set-up ended first");
        let (st, v) = act_in(&app, &id, &french, seq, &first_legal(&f)).await;
        assert_eq!(st, StatusCode::OK, "{v}");
        seq += 1;
    }
    assert!(offer_to_computer(db, &app, &id, &french, seq, "british").await);
}
both!(a_computer_answers_an_offer_of_a_draw);
