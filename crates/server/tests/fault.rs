//! A panic in a title's rules (injected: the `fault-injection` build's
//! action `fault-after:ID` plays ID, then panics): the request answers 500,
//! nothing is stored, the cached game is rebuilt from the store and the
//! server goes on serving.

mod common;
use common::*;

// rule: none (server)
async fn a_panic_in_the_rules_is_a_500_and_the_game_is_rebuilt(db: &str) {
    let app = app_at(db).await;
    let g = create(&app, "me", "hotseat", 31).await;
    let before = state(&app, &g, &g.british).await;
    let seat_token = if before["to_act"][0] == "british" {
        &g.british
    } else {
        &g.american
    };
    let s = state(&app, &g, seat_token).await;
    let id = first_legal(&s);
    let (st, v) = act(
        &app,
        &g,
        seat_token,
        s["seq"].as_u64().unwrap(),
        &format!("fault-after:{id}"),
    )
    .await;
    assert_eq!(st, StatusCode::INTERNAL_SERVER_ERROR, "{v}");
    assert!(v["error"].as_str().unwrap().contains("nothing was stored"), "{v}");
    // The game is as it was stored: same move number, same choices, though
    // the rules had applied the move in memory before panicking.
    let after = state(&app, &g, seat_token).await;
    assert_eq!(after["seq"], s["seq"]);
    assert_eq!(after["legal"], s["legal"]);
    assert_eq!(after["view"], s["view"]);
    // And it can be played.
    let (st, v) = act(&app, &g, seat_token, s["seq"].as_u64().unwrap(), &id).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    // Another game is served as before.
    let other = create(&app, "me", "computer", 32).await;
    state(&app, &other, &other.british).await;
}
both!(a_panic_in_the_rules_is_a_500_and_the_game_is_rebuilt);
