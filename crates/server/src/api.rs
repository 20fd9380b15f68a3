//! The JSON API (documented in `openapi.json`, served at `/api/openapi.json`).
//!
//! A request names a game by id and a seat by its token (header
//! `Authorization: Bearer TOKEN` or `?token=TOKEN`). Every view and log is
//! filtered here for the token's seat; a spectator token sees only what is
//! public. Errors are `{"error": "..."}` with 400 (malformed body or path),
//! 403 (no or wrong token, a spectator acting, or a write from a page of
//! another site), 404, 405, 409 (stale `seq_seen`; the body has the current
//! `seq`), 413 (body over 64 KiB), 415 (a write whose body is not
//! `application/json`), 421 (a `Host` that is not the server's), 422 (refused
//! by the rules, with the engine's reason), 503 (a new game with a computer
//! seat while the computer players' queue is full, [`games::QUEUE_CAP`]);
//! nothing is stored when a request fails. Computer seats move after the
//! answer ([`games::Bots`]): `"thinking": true` while one must act. The
//! cross-site and hosting checks are in [`crate::hosting`].

use crate::games::{self, Entry, Live, LoadError, Notice, Registry, Who};
use crate::hosting::{self, Site};
use crate::store::{DbError, Event, EventKind, GameRow, SeatRow};
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequest, FromRequestParts, Path, Query, Request, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{middleware, Json, Router};
use futures_util::stream::{self, Stream, StreamExt};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::convert::Infallible;
use std::sync::Arc;
use tower_http::set_header::SetResponseHeaderLayer;

/// Largest request body accepted.
pub const BODY_LIMIT: usize = 64 * 1024;
pub const CHAT_MAX: usize = 2000;
pub const NOTES_MAX: usize = 32 * 1024;
/// Who plays a seat; "computer" is the random bot, "computer:LEVEL" the AI
/// (easy, normal, hard, greedy; see crates/ai).
pub const SEAT_KINDS: &[&str] = &[
    "me",
    "invite",
    "computer",
    "computer:easy",
    "computer:normal",
    "computer:hard",
    "computer:greedy",
    "hotseat",
];

pub const OPENAPI: &str = include_str!("openapi.json");

#[derive(Clone)]
pub struct AppState {
    pub reg: Arc<Registry>,
    /// The host names the server answers to ([`crate::hosting`]).
    pub site: Arc<Site>,
}

impl AppState {
    /// The app over `reg`, answering to the names of [`crate::DEFAULT_ADDR`]
    /// (see [`Site::default`]); [`AppState::with_site`] changes them.
    pub fn new(reg: Arc<Registry>) -> Self {
        AppState {
            reg,
            site: Arc::new(Site::default()),
        }
    }

    pub fn with_site(self, site: Site) -> Self {
        AppState {
            site: Arc::new(site),
            ..self
        }
    }
}

/// How long `/healthz` waits for the database.
pub const HEALTH_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

pub fn app(state: AppState) -> Router {
    let api = Router::new()
        .route("/api/openapi.json", get(openapi))
        .route("/api/titles", get(titles))
        .route("/api/titles/{title}/map", get(title_map))
        .route("/api/games", post(create_game))
        .route("/api/games/{id}", get(get_game))
        .route("/api/games/{id}/legal", get(get_legal))
        .route("/api/games/{id}/at/{seq}", get(get_at))
        .route("/api/games/{id}/actions", post(post_action))
        .route("/api/games/{id}/undo", post(post_undo))
        .route("/api/games/{id}/resign", post(post_resign))
        .route("/api/games/{id}/chat", get(get_chat).post(post_chat))
        .route("/api/games/{id}/notes", get(get_notes).put(put_notes))
        .route("/api/games/{id}/events", get(events))
        .route("/api/my-games", post(my_games))
        .route("/healthz", get(healthz))
        .fallback(api_not_found)
        // On every route (an unknown one stays 404); before the method is
        // matched, so a non-JSON write with a method the route does not take
        // is 415 rather than 405 (with JSON, 405).
        .route_layer(middleware::from_fn_with_state(state.clone(), hosting::guard_writes))
        .layer(middleware::from_fn(hosting::json_errors))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ));
    crate::web::routes()
        .merge(api)
        .layer(middleware::from_fn_with_state(state.clone(), hosting::check_host))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(state)
}

// ---------------------------------------------------------------- errors

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub msg: String,
    pub seq: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, msg: impl Into<String>) -> Self {
        ApiError {
            status,
            msg: msg.into(),
            seq: None,
        }
    }
    fn forbidden() -> Self {
        Self::new(
            StatusCode::FORBIDDEN,
            "this link does not open that game (wrong or missing token)",
        )
    }
    fn refused(msg: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, msg)
    }
    fn internal(msg: impl std::fmt::Display) -> Self {
        eprintln!("powderhorn server: {msg}");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, format!("server error: {msg}"))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({"error": self.msg});
        if let Some(s) = self.seq {
            body["seq"] = json!(s);
        }
        (self.status, Json(body)).into_response()
    }
}

impl From<LoadError> for ApiError {
    fn from(e: LoadError) -> Self {
        match e {
            LoadError::NotFound => ApiError::new(StatusCode::NOT_FOUND, "no such game"),
            LoadError::Db(e) => ApiError::internal(e),
            LoadError::Replay(e) => ApiError::internal(e),
        }
    }
}

async fn api_not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no such API route (see /api/openapi.json)")
}

/// A JSON body: 413 over the limit, 400 with serde's message when malformed.
/// The content type was checked before ([`hosting::guard_writes`]: 415).
pub struct Body<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Body<T> {
    type Rejection = ApiError;
    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|e| ApiError::new(e.status(), e.body_text()))?;
        serde_json::from_slice(&bytes)
            .map(Body)
            .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, format!("malformed JSON body: {e}")))
    }
}

/// Path parameters, with a JSON 400 (axum's `Path` answers in plain text)
/// when one does not parse, e.g. a negative move number.
pub struct ApiPath<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned + Send> FromRequestParts<S> for ApiPath<T> {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        Path::<T>::from_request_parts(parts, state)
            .await
            .map(|Path(t)| ApiPath(t))
            .map_err(|e| ApiError::new(e.status(), e.body_text()))
    }
}

// ---------------------------------------------------------------- helpers

#[derive(Deserialize, Default)]
struct TokenQuery {
    token: Option<String>,
}

/// The caller's link token: `Authorization: Bearer T`, else `?token=T`
/// (EventSource cannot send headers).
pub struct Token(Option<String>);

impl<S: Send + Sync> FromRequestParts<S> for Token {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Infallible> {
        let bearer = parts
            .headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(|t| t.trim().to_string());
        let query = || {
            Query::<TokenQuery>::try_from_uri(&parts.uri)
                .ok()
                .and_then(|q| q.0.token)
        };
        Ok(Token(bearer.or_else(query)))
    }
}

async fn entry(st: &AppState, id: &str) -> Result<Arc<Entry>, ApiError> {
    if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(LoadError::NotFound.into());
    }
    Ok(st.reg.get(id).await?)
}

fn who(live: &Live, token: &Token) -> Result<Who, ApiError> {
    let t = token.0.as_deref().ok_or_else(ApiError::forbidden)?;
    live.who(t).ok_or_else(ApiError::forbidden)
}

fn seat_of(live: &Live, token: &Token) -> Result<String, ApiError> {
    match who(live, token)? {
        Who::Seat(s) => Ok(s),
        Who::Spectator => Err(ApiError::new(StatusCode::FORBIDDEN, "a spectator link cannot do that")),
    }
}

fn stale(live: &Live, seen: u64) -> ApiError {
    ApiError {
        status: StatusCode::CONFLICT,
        msg: format!(
            "the game has moved on (you saw move {seen}, it is at {}): reload and try again",
            live.seq
        ),
        seq: Some(live.seq),
    }
}

/// The game and the caller's seat in it (for chat and notes).
async fn seat_in(st: &AppState, id: &str, token: &Token) -> Result<(Arc<Entry>, String), ApiError> {
    let e = entry(st, id).await?;
    let seat = seat_of(&*e.live.lock().await, token)?;
    Ok((e, seat))
}

/// The seat of a request that changes the game: the token's seat, acting on
/// the current move number, in a game not over.
fn mover(live: &Live, token: &Token, seen: u64) -> Result<String, ApiError> {
    let seat = seat_of(live, token)?;
    if seen != live.seq {
        return Err(stale(live, seen));
    }
    if live.is_over() {
        return Err(ApiError::refused("the game is over"));
    }
    Ok(seat)
}

/// Store the events just applied to `live` ([`Registry::commit`]: the
/// listeners are told, a computer seat that must act next is queued). On
/// failure the game is rebuilt from what the store holds; when another writer
/// (another server process on the same database) stored that move number
/// first, the answer is 409 stale with the new `seq`.
async fn commit(st: &AppState, entry: &Entry, live: &mut Live, events: Vec<Event>) -> Result<(), ApiError> {
    let seen = live.seq;
    match st.reg.commit(entry, live, events).await {
        Ok(()) => Ok(()),
        Err(DbError::Conflict) => Err(stale(live, seen)),
        Err(e) => Err(ApiError::internal(format!("could not store the move: {e}"))),
    }
}

/// Everything a seat (or the spectator) may see of a game.
pub fn state_json(live: &Live, who: &Who) -> Value {
    let seat = who.seat();
    let over = live.is_over();
    let info = live.game.info();
    let (prompt, legal, can_undo) = match seat {
        Some(s) if !over => (
            live.game.prompt(s).ok().flatten(),
            live.game.legal(s).unwrap_or_default(),
            live.game.can_undo(s),
        ),
        _ => (None, Vec::new(), false),
    };
    json!({
        "id": live.row.id,
        "title": info.key,
        "title_name": info.name,
        "scenario": live.row.scenario,
        "options": live.row.options,
        "created": live.row.created,
        "seq": live.seq,
        "seat": seat,
        "seats": live.seats.iter().filter(|s| s.kind != "spectator")
            .map(|s| json!({"seat": s.seat, "kind": s.kind})).collect::<Vec<_>>(),
        "status": live.status(),
        "to_act": if over { Vec::new() } else { live.game.to_act() },
        "prompt": prompt,
        "legal": legal,
        "can_undo": can_undo,
        "view": live.game.view(seat).unwrap_or(Value::Null),
        "log": live.game.log(seat).unwrap_or_default(),
        "outcome": live.outcome_json(),
        "thinking": live.thinking(),
        // The seed fixes every future die: shown only once the game is over.
        "seed": if over { Some(live.row.seed.to_string()) } else { None },
    })
}

fn play_url(id: &str, token: &str) -> String {
    format!("/play/{id}#{token}")
}

// ---------------------------------------------------------------- handlers

async fn openapi() -> Response {
    ([(header::CONTENT_TYPE, "application/json")], OPENAPI).into_response()
}

/// 200 `{"status": "ok"}` when the database answers a trivial query within
/// [`HEALTH_TIMEOUT`], else 503 (the reason goes to the log, not to the
/// unauthenticated caller).
async fn healthz(State(st): State<AppState>) -> Response {
    let down = match tokio::time::timeout(HEALTH_TIMEOUT, st.reg.store.ping()).await {
        Ok(Ok(())) => return Json(json!({"status": "ok"})).into_response(),
        Ok(Err(e)) => format!("the database does not answer: {e}"),
        Err(_) => format!("the database did not answer within {} s", HEALTH_TIMEOUT.as_secs()),
    };
    eprintln!("powderhorn server: /healthz: {down}");
    (
        StatusCode::SERVICE_UNAVAILABLE,
        Json(json!({"status": "unavailable", "error": "the database does not answer"})),
    )
        .into_response()
}

async fn titles() -> Json<Value> {
    let list: Vec<Value> = catalog::titles()
        .iter()
        .map(|t| {
            let i = (t.info)();
            json!({
                "key": i.key, "name": i.name, "seats": i.seats, "scenarios": i.scenarios,
                "options": i.options, "rules_version": i.rules_version,
                "map": crate::maps::map_json(i.key).is_some(),
            })
        })
        .collect();
    Json(json!({"titles": list, "seat_kinds": SEAT_KINDS}))
}

async fn title_map(ApiPath(title): ApiPath<String>) -> Result<Json<&'static Value>, ApiError> {
    crate::maps::map_json(&title)
        .map(Json)
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, format!("no map for title '{title}'")))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CreateReq {
    /// "liberty/1775"
    scenario: String,
    #[serde(default)]
    options: BTreeMap<String, String>,
    seed: Option<u64>,
    /// seat name -> me | invite | computer | hotseat
    seats: BTreeMap<String, String>,
}

async fn create_game(State(st): State<AppState>, Body(req): Body<CreateReq>) -> Result<Response, ApiError> {
    let (entry, scenario) = catalog::scenario(&req.scenario).map_err(|e| ApiError::refused(e.to_string()))?;
    let info = (entry.info)();
    for s in req.seats.keys() {
        if !info.seats.contains(&s.as_str()) {
            return Err(ApiError::refused(format!(
                "'{s}' is not a seat of {} (seats: {})",
                info.name,
                info.seats.join(", ")
            )));
        }
    }
    let mut seats = Vec::new();
    for &s in info.seats {
        let kind = req
            .seats
            .get(s)
            .ok_or_else(|| ApiError::refused(format!("say who plays {s}: one of {}", SEAT_KINDS.join(", "))))?;
        if !SEAT_KINDS.contains(&kind.as_str()) {
            return Err(ApiError::refused(format!(
                "seat kind '{kind}' for {s} is not one of {}",
                SEAT_KINDS.join(", ")
            )));
        }
        seats.push(SeatRow {
            seat: s.to_string(),
            kind: kind.clone(),
            token: (!games::is_computer(kind)).then(games::new_token),
        });
    }
    seats.push(SeatRow {
        seat: String::new(),
        kind: "spectator".into(),
        token: Some(games::new_token()),
    });
    let seed = req.seed.unwrap_or_else(|| rand::Rng::gen(&mut rand::thread_rng()));
    let row = GameRow {
        id: games::new_game_id(),
        title: info.key.to_string(),
        scenario,
        options: req.options,
        seed,
        status: "active".into(),
        created: crate::store::now(),
        rules: engine::data::rules_stamp(info),
    };
    // The computer players are busy: refuse before anything is stored.
    if seats.iter().any(|s| games::is_computer(&s.kind)) && st.reg.bots.full() {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the computer players are busy: try again in a minute",
        ));
    }
    let mut live = Live::new_game(row, seats).map_err(ApiError::refused)?;
    // Store the options with their defaults filled in.
    live.row.options = live.game.setup().options.clone();
    live.row.status = live.status().to_string();
    st.reg
        .store
        .create(&live.row, &live.seats, &[])
        .await
        .map_err(|e| ApiError::internal(format!("could not store the game: {e}")))?;
    let id = live.row.id.clone();
    let seat_links: Vec<Value> = live
        .seats
        .iter()
        .filter(|s| s.kind != "spectator")
        .map(|s| {
            json!({
                "seat": s.seat, "kind": s.kind, "token": s.token,
                "url": s.token.as_ref().map(|t| play_url(&id, t)),
            })
        })
        .collect();
    let spectator = live
        .seats
        .iter()
        .find(|s| s.kind == "spectator")
        .and_then(|s| s.token.clone())
        .unwrap_or_default();
    let body = json!({
        "id": id,
        "seq": live.seq,
        "status": live.status(),
        "thinking": live.thinking(),
        "seats": seat_links,
        "spectator": {"token": spectator, "url": play_url(&id, &spectator)},
    });
    // Queued for the computer if one of its seats must act first.
    st.reg.insert(live);
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

async fn get_game(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    token: Token,
) -> Result<Json<Value>, ApiError> {
    let e = entry(&st, &id).await?;
    let live = e.live.lock().await;
    let w = who(&live, &token)?;
    Ok(Json(state_json(&live, &w)))
}

async fn get_legal(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    token: Token,
) -> Result<Json<Value>, ApiError> {
    let e = entry(&st, &id).await?;
    let live = e.live.lock().await;
    let seat = seat_of(&live, &token)?;
    let legal = if live.is_over() {
        Vec::new()
    } else {
        live.game.legal(&seat).unwrap_or_default()
    };
    Ok(Json(json!({"seq": live.seq, "seat": seat, "legal": legal})))
}

/// The replay slider: the token's seat's (or the spectator's) view and log
/// as they were after the first `seq` stored events, replayed from the
/// stored actions. Never the true state, never a prompt to act.
async fn get_at(
    State(st): State<AppState>,
    ApiPath((id, seq)): ApiPath<(String, u64)>,
    token: Token,
) -> Result<Json<Value>, ApiError> {
    let e = entry(&st, &id).await?;
    let (w, now) = {
        let live = e.live.lock().await;
        (who(&live, &token)?, live.seq)
    };
    if seq > now {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            format!("the game is at move {now}: there is no move {seq} yet"),
        ));
    }
    let (row, seats, mut evs) = st
        .reg
        .store
        .game(&id)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| ApiError::from(LoadError::NotFound))?;
    evs.truncate(seq as usize);
    let past = Live::replay(row, seats, &evs).map_err(ApiError::internal)?;
    let seat = w.seat();
    let over = past.is_over();
    Ok(Json(json!({
        "id": id,
        "seq": seq,
        "current_seq": now,
        "seat": seat,
        "status": past.status(),
        "to_act": if over { Vec::new() } else { past.game.to_act() },
        "prompt": match seat {
            Some(s) if !over => past.game.prompt(s).ok().flatten(),
            _ => None,
        },
        "view": past.game.view(seat).unwrap_or(Value::Null),
        "log": past.game.log(seat).unwrap_or_default(),
        "outcome": past.outcome_json(),
    })))
}

#[derive(Deserialize)]
struct ActReq {
    seq_seen: u64,
    action_id: String,
}

/// What every request that changes a game shares: under the game's lock,
/// check the mover (`mover`), let `change` make its events, store them, and
/// answer with `reply` of the stored game.
async fn change_game(
    st: &AppState,
    id: &str,
    token: &Token,
    seq_seen: u64,
    change: impl FnOnce(&mut Live, String) -> Result<Vec<Event>, ApiError>,
    reply: impl FnOnce(&Live) -> Value,
) -> Result<Json<Value>, ApiError> {
    let e = entry(st, id).await?;
    let mut live = e.live.lock().await;
    let seat = mover(&live, token, seq_seen)?;
    let events = change(&mut live, seat)?;
    commit(st, &e, &mut live, events).await?;
    Ok(Json(reply(&live)))
}

async fn post_action(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    token: Token,
    Body(req): Body<ActReq>,
) -> Result<Json<Value>, ApiError> {
    let act = |live: &mut Live, seat: String| {
        live.game
            .act(&seat, &req.action_id, &[])
            .map_err(|r| ApiError::refused(r.to_string()))?;
        Ok(vec![Event::of(seat, EventKind::Act, req.action_id.clone())])
    };
    // The computer's reply, if it must make one, comes later (live update).
    let reply = |live: &Live| json!({"seq": live.seq, "status": live.status(), "thinking": live.thinking()});
    change_game(&st, &id, &token, req.seq_seen, act, reply).await
}

#[derive(Deserialize)]
struct SeqReq {
    seq_seen: u64,
}

async fn post_undo(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    token: Token,
    Body(req): Body<SeqReq>,
) -> Result<Json<Value>, ApiError> {
    let undo = |live: &mut Live, seat: String| {
        live.game.undo(&seat).map_err(ApiError::refused)?;
        Ok(vec![Event::of(seat, EventKind::Undo, String::new())])
    };
    let reply = |live: &Live| json!({"seq": live.seq});
    change_game(&st, &id, &token, req.seq_seen, undo, reply).await
}

async fn post_resign(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    token: Token,
    Body(req): Body<SeqReq>,
) -> Result<Json<Value>, ApiError> {
    let resign = |live: &mut Live, seat: String| {
        live.resigned = Some(seat.clone());
        Ok(vec![Event::of(seat, EventKind::Resign, String::new())])
    };
    let reply = |live: &Live| json!({"seq": live.seq, "outcome": live.outcome_json()});
    change_game(&st, &id, &token, req.seq_seen, resign, reply).await
}

async fn get_chat(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    token: Token,
) -> Result<Json<Value>, ApiError> {
    let e = entry(&st, &id).await?;
    {
        let live = e.live.lock().await;
        who(&live, &token)?;
    }
    let lines = st.reg.store.chat(&id).await.map_err(ApiError::internal)?;
    Ok(Json(json!({"messages": lines})))
}

#[derive(Deserialize)]
struct TextReq {
    text: String,
}

async fn post_chat(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    token: Token,
    Body(req): Body<TextReq>,
) -> Result<Json<Value>, ApiError> {
    let (e, seat) = seat_in(&st, &id, &token).await?;
    let text = req.text.trim();
    if text.is_empty() || text.chars().count() > CHAT_MAX {
        return Err(ApiError::refused(format!(
            "a chat message has 1 to {CHAT_MAX} characters"
        )));
    }
    let n = st
        .reg
        .store
        .add_chat(&id, &seat, text, &st.reg.instance)
        .await
        .map_err(ApiError::internal)?;
    let _ = e.tx.send(Notice::Chat(n));
    Ok(Json(json!({"n": n})))
}

async fn get_notes(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    token: Token,
) -> Result<Json<Value>, ApiError> {
    let (_, seat) = seat_in(&st, &id, &token).await?;
    let text = st.reg.store.notes(&id, &seat).await.map_err(ApiError::internal)?;
    Ok(Json(json!({"text": text})))
}

async fn put_notes(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    token: Token,
    Body(req): Body<TextReq>,
) -> Result<Json<Value>, ApiError> {
    let (_, seat) = seat_in(&st, &id, &token).await?;
    if req.text.len() > NOTES_MAX {
        return Err(ApiError::refused(format!("notes are at most {NOTES_MAX} bytes")));
    }
    st.reg
        .store
        .set_notes(&id, &seat, &req.text)
        .await
        .map_err(ApiError::internal)?;
    Ok(Json(json!({"ok": true})))
}

fn sse_event(n: &Notice) -> SseEvent {
    match n {
        Notice::Changed(seq) => SseEvent::default()
            .event("changed")
            .data(json!({"seq": seq}).to_string()),
        Notice::Chat(n) => SseEvent::default().event("chat").data(json!({"n": n}).to_string()),
    }
}

/// Server-sent events: `changed` {seq} after every stored move (and once on
/// connecting), `chat` {n} after every chat message. The client refetches.
async fn events(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    token: Token,
) -> Result<Sse<impl Stream<Item = Result<SseEvent, Infallible>>>, ApiError> {
    let e = entry(&st, &id).await?;
    let (rx, seq) = {
        let live = e.live.lock().await;
        who(&live, &token)?;
        (e.tx.subscribe(), live.seq)
    };
    let first = stream::once(async move { Ok(sse_event(&Notice::Changed(seq))) });
    let rest = stream::unfold(rx, |mut rx| async move {
        loop {
            match rx.recv().await {
                Ok(n) => return Some((Ok(sse_event(&n)), rx)),
                Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => continue,
                Err(tokio::sync::broadcast::error::RecvError::Closed) => return None,
            }
        }
    });
    Ok(Sse::new(first.chain(rest)).keep_alive(KeepAlive::default()))
}

#[derive(Deserialize)]
struct MyGamesReq {
    games: Vec<MyGame>,
}

#[derive(Deserialize)]
struct MyGame {
    id: String,
    token: String,
}

/// Summaries of the games whose links a browser remembers; unknown games and
/// wrong tokens are left out.
async fn my_games(State(st): State<AppState>, Body(req): Body<MyGamesReq>) -> Result<Json<Value>, ApiError> {
    let mut out = Vec::new();
    for g in req.games.iter().take(200) {
        let Ok(e) = entry(&st, &g.id).await else { continue };
        let live = e.live.lock().await;
        let Some(w) = live.who(&g.token) else { continue };
        let to_act = if live.is_over() { Vec::new() } else { live.game.to_act() };
        let info = live.game.info();
        out.push(json!({
            "id": live.row.id, "token": g.token, "title": info.key, "title_name": info.name,
            "scenario": live.row.scenario, "seat": w.seat(), "status": live.status(), "seq": live.seq,
            "created": live.row.created, "to_act": to_act,
            "your_turn": w.seat().is_some_and(|s| to_act.contains(&s)),
            "outcome": live.outcome_json(),
        }));
    }
    Ok(Json(json!({"games": out})))
}
