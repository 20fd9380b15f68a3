//! The seventh hostile-client audit of the server (docs: the server
//! README's limits): the moves an address stores by opening save files.

mod common;
use common::*;
use server::limits::Limits;

const A: &str = "192.0.2.1:4000";
const B: &str = "192.0.2.2:4000";

/// A save file of game `id` after `moves` first legal moves, made from A.
async fn save_of(app: &Router, moves: usize) -> Value {
    let (code, v) = create_from(app, A, "me", "hotseat").await;
    assert_eq!(code, StatusCode::CREATED, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let tokens: Vec<String> = ["british", "american"]
        .map(|s| seat_entry(&v, s)["token"].as_str().unwrap().to_string())
        .into();
    for _ in 0..moves {
        let mut moved = false;
        for token in &tokens {
            let s = game_state(app, &id, token).await;
            if s["legal"].as_array().is_some_and(|l| !l.is_empty()) {
                let (code, v) = act_in(app, &id, token, s["seq"].as_u64().unwrap(), &first_legal(&s)).await;
                assert_eq!(code, StatusCode::OK, "{v}");
                moved = true;
                break;
            }
        }
        assert!(moved, "no seat of game {id} may act");
    }
    let (code, save) = call(app, "GET", &format!("/api/games/{id}/save"), Some(&tokens[0]), None).await;
    assert_eq!(code, StatusCode::OK, "{save}");
    save
}

/// Finding 1: a save file stores up to 20,000 moves in one request, and an
/// address could open 20 a minute (`--games-per-minute`): 400,000 moves, some
/// 40 MB, a minute, which the proxy's request rate does not bound (the
/// README's disk estimate counted one move a request). The moves opened
/// now count against the address, `--opened-moves-per-hour`: beyond them
/// 429 and nothing stored; a save of more than the hour's allowance is
/// refused (422); another address is not held up.
// rule: none (server)
#[tokio::test]
async fn the_moves_an_address_opens_from_save_files_are_bounded() {
    let db = TestDb::sqlite();
    let limits = Limits {
        opened_moves_per_hour: 5,
        ..Limits::default()
    };
    let (app, _st) = app_with(&db.spec, limits).await;
    let save = save_of(&app, 3).await;
    assert_eq!(save["actions"].as_array().unwrap().len(), 3);
    let body = json!({"save": save, "seats": {"british": "hotseat", "american": "hotseat"}});
    let open = |peer| call_from(&app, peer, "POST", "/api/games/open", None, Some(body.clone()));
    let (code, v) = open(A).await;
    assert_eq!(code, StatusCode::CREATED, "{v}");
    let (code, v) = open(A).await;
    assert_eq!(code, StatusCode::TOO_MANY_REQUESTS, "3 more of 5 an hour: {v}");
    assert!(v["error"].as_str().unwrap().contains("5 moves an hour"), "{v}");
    let (code, v) = open(B).await;
    assert_eq!(code, StatusCode::CREATED, "another address: {v}");

    let big = save_of(&app, 6).await;
    let body = json!({"save": big, "seats": {"british": "hotseat", "american": "hotseat"}});
    let (code, v) = call_from(&app, "192.0.2.3:4000", "POST", "/api/games/open", None, Some(body)).await;
    assert_eq!(code, StatusCode::UNPROCESSABLE_ENTITY, "over the hour's allowance: {v}");
    assert!(v["error"].as_str().unwrap().contains("at most 5 moves"), "{v}");
}
