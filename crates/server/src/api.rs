//! The JSON API (documented in `openapi.json`, served at `/api/openapi.json`).
//!
//! A request names a game by id and a seat by its token (header
//! `Authorization: Bearer TOKEN` only: never in a URL). Every view and log is
//! filtered here for the token's seat; a spectator token sees only what is
//! public. Errors are `{"error": "..."}` with 400 (malformed body or path,
//! or a text holding a control or invisible formatting character,
//! [`plain_text`]), 403 (no or wrong token, a spectator acting, or a write from a page of
//! another site), 404, 405, 409 (stale `seq_seen`; the body has the current
//! `seq`), 408 (a body slower than --body-timeout), 413 (body over 64 KiB), 415 (a write whose body is not
//! `application/json`), 421 (a `Host` that is not the server's), 422 (refused
//! by the rules, with the engine's reason; a move in a game stopped at
//! `--moves-per-game`), 429 (a limit of [`crate::limits`]: a rate, undos
//! per seat, computers-only games or replays per address; the message says
//! which), 503 (a new game with a computer seat while the
//! computer players' queue is full, [`games::QUEUE_CAP`]; a live stream on
//! one game more than the cache may hold, [`Registry::open_stream`]);
//! nothing is stored when a request fails. Computer seats move after the
//! answer ([`games::Bots`]): `"thinking": true` while one must act. The
//! cross-site and hosting checks are in [`crate::hosting`].

use crate::bot;
use crate::games::{self, Entry, HandOver, Lane, Live, LoadError, Notice, Registry, Who};
use crate::hosting::{self, Site};
use crate::limits::{client_addr, Peer};
use crate::store::{DbError, Event, EventKind, GameRow, SeatRow};
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequest, FromRequestParts, Path, Query, Request, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{middleware, Json, Router};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::convert::Infallible;
use std::sync::Arc;
use tower_http::catch_panic::CatchPanicLayer;
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
    /// What `/metrics` asks of a caller that is not local ([`crate::ops`]).
    pub metrics_token: Option<Arc<String>>,
}

impl AppState {
    /// The app over `reg`, answering to the names of [`crate::DEFAULT_ADDR`]
    /// (see [`Site::default`]); [`AppState::with_site`] changes them.
    pub fn new(reg: Arc<Registry>) -> Self {
        AppState {
            reg,
            site: Arc::new(Site::default()),
            metrics_token: None,
        }
    }

    pub fn with_metrics_token(self, token: Option<String>) -> Self {
        AppState {
            metrics_token: token.map(Arc::new),
            ..self
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
        .route(
            "/api/games/open",
            post(open_save).layer(DefaultBodyLimit::max(SAVE_BYTES_MAX)),
        )
        .route("/api/games/{id}", get(get_game))
        .route("/api/games/{id}/legal", get(get_legal))
        .route("/api/games/{id}/why/{target}", get(get_why))
        .route("/api/games/{id}/at/{seq}", get(get_at))
        .route("/api/games/{id}/log-moves", get(get_log_moves))
        .route("/api/games/{id}/actions", post(post_action))
        .route("/api/games/{id}/undo", post(post_undo))
        .route("/api/games/{id}/resign", post(post_resign))
        .route("/api/games/{id}/draw", post(post_draw))
        .route("/api/games/{id}/chat", get(get_chat).post(post_chat))
        .route("/api/games/{id}/notes", get(get_notes).put(put_notes))
        .route("/api/games/{id}/events", get(crate::live::events))
        .route("/api/games/{id}/live", get(crate::live::websocket))
        .route("/api/games/{id}/ticket", post(post_ticket))
        .route("/api/games/{id}/claim", post(post_claim))
        .route("/api/games/{id}/invite", post(post_invite))
        .route("/api/games/{id}/rematch", post(post_rematch))
        .route("/api/games/{id}/record", get(get_record))
        .route("/api/games/{id}/save", get(get_save))
        .route("/api/my-games", post(my_games))
        .route("/healthz", get(healthz))
        .route("/metrics", get(crate::ops::metrics))
        .fallback(api_not_found)
        // On every route (an unknown one stays 404); before the method is
        // matched, so a non-JSON write with a method the route does not take
        // is 415 rather than 405 (with JSON, 405).
        .route_layer(middleware::from_fn_with_state(state.clone(), hosting::guard_writes))
        .layer(middleware::from_fn(hosting::json_errors))
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        // Answers carry tokens, invite links, a seat's hidden view and, in
        // a save, both sides' secrets: kept in no browser's or proxy's
        // cache (audit 4). The live-update stream keeps its own no-cache.
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ));
    crate::web::routes()
        .merge(api)
        .layer(middleware::from_fn_with_state(state.clone(), hosting::check_host))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(CatchPanicLayer::custom(panicked))
        .layer(middleware::from_fn(crate::ops::observe))
        .with_state(state)
}

/// A panic that escaped a handler (the rules' own are caught where they
/// change a game, [`Live::guarded`]): 500 for that request, the server goes
/// on.
fn panicked(p: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let why = p
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    tracing::error!("a request panicked: {why}");
    metrics::counter!("powderhorn_request_panics_total").increment(1);
    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "server error: the request failed").into_response()
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
        tracing::error!("{msg}");
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, format!("server error: {msg}"))
    }
    /// 429 with how long to wait, for the limit named in `what`.
    fn too_many(what: String, wait_secs: u64) -> Self {
        Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!("{what}: try again in {wait_secs} s"),
        )
    }
    fn busy(msg: impl Into<String>) -> Self {
        Self::new(StatusCode::SERVICE_UNAVAILABLE, msg)
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
            LoadError::Rules(e) => ApiError::internal(e),
            LoadError::Busy => ApiError::busy("the server is rebuilding other games: try again in a moment"),
            LoadError::Forbidden => ApiError::forbidden(),
            LoadError::Replay(e) => {
                // The stored moves are the game's secrets: the operator's
                // log has them, not the answer (given before any token).
                tracing::error!("a stored game does not rebuild: {e}");
                ApiError::internal(
                    "this game cannot be rebuilt on this server: a stored move no longer replays \
                     (the server's log says which)",
                )
            }
        }
    }
}

async fn api_not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no such API route (see /api/openapi.json)")
}

/// A JSON body: 413 over the limit, 400 with serde's message when malformed,
/// 408 when it takes longer than [`crate::Limits::body_timeout`] to arrive.
/// The content type was checked before ([`hosting::guard_writes`]: 415).
pub struct Body<T>(pub T);

impl<T: DeserializeOwned> FromRequest<AppState> for Body<T> {
    type Rejection = ApiError;
    async fn from_request(req: Request, st: &AppState) -> Result<Self, ApiError> {
        let bytes = body_bytes(req, st).await?;
        parse_body(&bytes).map(Body)
    }
}

/// A request's body as it came: 413 over the limit, 408 when it takes
/// longer than [`crate::Limits::body_timeout`] to arrive.
async fn body_bytes(req: Request, st: &AppState) -> Result<Bytes, ApiError> {
    let deadline = st.reg.limits.body_timeout();
    tokio::time::timeout(deadline, Bytes::from_request(req, st))
        .await
        .map_err(|_| {
            ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                format!("the request's body took more than {} s to arrive", deadline.as_secs()),
            )
        })?
        .map_err(|e| ApiError::new(e.status(), e.body_text()))
}

/// A JSON body: 400 with serde's message when malformed.
fn parse_body<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(bytes)
        .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, format!("malformed JSON body: {e}")))
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

/// The caller's link token, from `Authorization: Bearer T` only: a token
/// in a URL ends up in proxy logs and browser history (the live-update
/// stream, which EventSource opens without headers, takes a single-use
/// ticket instead, [`post_ticket`]).
pub struct Token(pub(crate) Option<String>);

impl<S: Send + Sync> FromRequestParts<S> for Token {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Infallible> {
        let bearer = parts
            .headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .map(|t| t.trim().to_string());
        Ok(Token(bearer))
    }
}

/// The client address a request counts under ([`crate::limits::client_addr`]).
pub struct Client(pub std::net::IpAddr);

impl FromRequestParts<AppState> for Client {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, st: &AppState) -> Result<Self, Infallible> {
        let peer = parts.extensions.get::<Peer>().copied();
        Ok(Client(client_addr(peer, &parts.headers, &st.reg.limits)))
    }
}

/// What a request opens a game with.
pub(crate) enum Key<'a> {
    /// A seat's or the spectator's token (`Authorization: Bearer`).
    Token(&'a Token),
    /// An invited seat's code.
    Invite(&'a str),
}

/// The game `id`, for a request that opens it with `key`. A game not in
/// memory is rebuilt only once the key opens one of its stored seats: a
/// stranger with a game's id (it is in the page's path, so in logs and
/// Referer headers; the token never leaves the browser) cannot make the
/// server replay it.
pub(crate) async fn entry(st: &AppState, id: &str, key: Key<'_>) -> Result<Arc<Entry>, ApiError> {
    entry_id_ok(id)?;
    if st.reg.in_memory(id).is_none() {
        let (_, seats) = st
            .reg
            .store
            .head(id)
            .await
            .map_err(ApiError::internal)?
            .ok_or(LoadError::NotFound)?;
        let opens = match key {
            Key::Token(t) => t.0.as_deref().and_then(|t| games::who_in(&seats, t)).is_some(),
            Key::Invite(code) => games::invited_in(&seats, code).is_some(),
        };
        if !opens {
            return Err(LoadError::Forbidden.into());
        }
    }
    Ok(st.reg.get(id).await?)
}

/// A game id is 1 to 64 letters and digits (anything else is no game).
fn entry_id_ok(id: &str) -> Result<(), ApiError> {
    if id.is_empty() || id.len() > 64 || !id.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return Err(LoadError::NotFound.into());
    }
    Ok(())
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

fn stale(live: &Live, seen: u64, seat: &str) -> ApiError {
    let now = live.seq_of(Some(seat));
    ApiError {
        status: StatusCode::CONFLICT,
        msg: format!("the game has moved on (you saw move {seen}, it is at {now}): reload and try again"),
        seq: Some(now),
    }
}

/// The game and the caller's seat in it (for chat and notes).
async fn seat_in(st: &AppState, id: &str, token: &Token) -> Result<(Arc<Entry>, String), ApiError> {
    let e = entry(st, id, Key::Token(token)).await?;
    let seat = seat_of(&*e.live.lock().await, token)?;
    Ok((e, seat))
}

/// The seat of a request that changes the game: the token's seat, acting on
/// the current move number, in a game not over.
fn mover(live: &Live, token: &Token, seen: u64) -> Result<String, ApiError> {
    let seat = seat_of(live, token)?;
    if seen != live.seq_of(Some(&seat)) {
        return Err(stale(live, seen, &seat));
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
/// first, the answer is 409 stale with the mover's new `seq` (`seen`: its
/// number before the move).
async fn commit(
    st: &AppState,
    entry: &Entry,
    live: &mut Live,
    events: Vec<Event>,
    mover: &str,
    seen: u64,
) -> Result<(), ApiError> {
    match st.reg.commit(entry, live, events).await {
        Ok(()) => Ok(()),
        Err(DbError::Conflict) => Err(stale(live, seen, mover)),
        Err(e) => Err(ApiError::internal(format!("could not store the move: {e}"))),
    }
}

/// Everything a seat (or the spectator) may see of a game.
pub fn state_json(live: &Live, who: &Who) -> Value {
    let seat = who.seat();
    let over = live.is_over();
    let playing = live.in_play();
    let info = live.game.info();
    let (prompt, legal, can_undo) = match seat {
        Some(s) if playing => (
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
        "map": crate::maps::drawing(info.key).is_some(),
        "scenario": live.row.scenario,
        "scenario_name": scenario_name(info, &live.row.scenario),
        "options": live.row.options,
        "created": live.row.created,
        "seq": live.seq_of(seat),
        "seat": seat,
        "seats": seats_json(live, who),
        "status": live.status(),
        // Why a "stopped" game is (null otherwise).
        "stopped_reason": live.stopped_reason(),
        "to_act": if playing { live.game.to_act() } else { Vec::new() },
        "prompt": prompt,
        "legal": legal,
        "can_undo": can_undo,
        "view": live.game.view(seat).unwrap_or(Value::Null),
        "log": live.game.log(seat).unwrap_or_default(),
        "outcome": live.outcome_json(),
        // 29.3 Concession (FIW): the section under which the players may
        // agree to a draw (null where the rules have none), the seat
        // whose offer stands and the seat that declined the last one.
        "agreed_draw": info.agreed_draw,
        "draw_offer": live.game.draw_offer(),
        "draw_declined": live.game.draw_declined(),
        // Whether this seat may offer a draw now: not while its declined
        // offer has seen no move since (`Live::may_offer_draw`).
        "may_offer_draw": seat.is_some_and(|s| live.may_offer_draw(s).is_ok()),
        "thinking": live.thinking(),
        // The seed fixes every future die: shown only once the game is over.
        "seed": if over { Some(live.row.seed.to_string()) } else { None },
        "dice": crate::seeds::dice_json(&live.row, over, live.refereed),
        "rematch": (!live.row.rematch.is_empty() && seat.is_some()).then(|| json!({"id": live.row.rematch})),
    })
}

/// The seats as `who` may see them: an invited seat says whether it was
/// claimed, and to the creator (only) its invite link while it is not.
fn seats_json(live: &Live, who: &Who) -> Vec<Value> {
    let creator = live.is_creator(who);
    live.seats
        .iter()
        .filter(|s| s.kind != "spectator")
        .map(|s| {
            let mut v = json!({"seat": s.seat, "kind": s.kind});
            if s.kind == "invite" {
                let open = s.token.is_none();
                v["claimed"] = json!(!open);
                if let (true, true, Some(code)) = (creator, open, &s.invite) {
                    v["invite_url"] = json!(invite_url(&live.row.id, code));
                }
            }
            v
        })
        .collect()
}

fn play_url(id: &str, token: &str) -> String {
    format!("/play/{id}#{token}")
}

/// The link that claims an invited seat ([`post_claim`]).
fn invite_url(id: &str, code: &str) -> String {
    format!("/play/{id}#invite={code}")
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
    tracing::warn!("/healthz: {down}");
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
                "options": i.options, "rules_version": i.rules_version, "agreed_draw": i.agreed_draw,
                "map": crate::maps::drawing(i.key).is_some(),
            })
        })
        .collect();
    Json(json!({"titles": list, "seat_kinds": SEAT_KINDS}))
}

async fn title_map(ApiPath(title): ApiPath<String>) -> Result<Json<&'static engine::Drawing>, ApiError> {
    crate::maps::drawing(&title)
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

/// [`Limits::games_per_minute`](crate::Limits): new games and rematches
/// alike.
fn may_create(st: &AppState, addr: std::net::IpAddr) -> Result<(), ApiError> {
    st.reg.rates.games.check(&addr).map_err(|wait| {
        ApiError::too_many(
            format!(
                "at most {} new games a minute from one address",
                st.reg.rates.games.allowed()
            ),
            wait,
        )
    })
}

/// [`Limits::computer_games_per_address`](crate::Limits), and for a game of
/// computers only `computers_only_games_per_address` and
/// `computers_only_games`.
fn may_hand_over(st: &AppState, client: std::net::IpAddr, id: &str, lane: Lane) -> Result<(), ApiError> {
    st.reg.may_hand_over(client, id, lane).map_err(|refused| match refused {
        HandOver::Address(n) => ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "your address has {n} games in the computer players' hands already: \
                 wait for their moves, or for those games to end"
            ),
        ),
        HandOver::ComputersOnlyAddress(n) => ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "your address has {n} games of computers only playing already, the most one address may: \
                 wait for one to end"
            ),
        ),
        HandOver::ComputersOnly(n) => ApiError::busy(format!(
            "the server plays {n} games of computers only already, the most it may: try again later"
        )),
    })
}

async fn create_game(
    State(st): State<AppState>,
    Client(addr): Client,
    Body(req): Body<CreateReq>,
) -> Result<Response, ApiError> {
    may_create(&st, addr)?;
    let (entry, scenario) = catalog::scenario(&req.scenario).map_err(|e| ApiError::refused(e.to_string()))?;
    let info = (entry.info)();
    let kinds = seat_kinds(info, &req.seats)?;
    if req.seed.is_some() {
        crate::seeds::seed_policy(kinds.iter().map(|(_, k)| k.as_str())).map_err(ApiError::refused)?;
    }
    let live = new_live(&st, addr, info, scenario, req.options, req.seed, &kinds)?;
    st.reg
        .store
        .create(&live.row, &live.seats, &[])
        .await
        .map_err(|e| ApiError::internal(format!("could not store the game: {e}")))?;
    let body = created_json(&live);
    // Queued for the computer if one of its seats must act first.
    st.reg.insert(live, addr);
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

/// Who plays each seat of `info`, checked: every seat named, a known kind.
fn seat_kinds(
    info: &'static engine::TitleInfo,
    seats: &BTreeMap<String, String>,
) -> Result<Vec<(&'static str, String)>, ApiError> {
    for s in seats.keys() {
        if !info.seats.contains(&s.as_str()) {
            return Err(ApiError::refused(format!(
                "'{s}' is not a seat of {} (seats: {})",
                info.name,
                info.seats.join(", ")
            )));
        }
    }
    let mut kinds = Vec::new();
    for &s in info.seats {
        let kind = seats
            .get(s)
            .ok_or_else(|| ApiError::refused(format!("say who plays {s}: one of {}", SEAT_KINDS.join(", "))))?;
        if !SEAT_KINDS.contains(&kind.as_str()) {
            return Err(ApiError::refused(format!(
                "seat kind '{kind}' for {s} is not one of {}",
                SEAT_KINDS.join(", ")
            )));
        }
        kinds.push((s, kind.clone()));
    }
    Ok(kinds)
}

/// Most bytes of a save file opened on the server (its state holds the
/// whole log), and most actions it may hold.
pub const SAVE_BYTES_MAX: usize = 2 * 1024 * 1024;
pub const SAVE_ACTIONS_MAX: usize = 20_000;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OpenReq {
    /// A save file as the CLI writes it and `GET .../save` gives it.
    save: engine::SaveFile,
    /// seat name -> me | hotseat | computer (never invite).
    seats: BTreeMap<String, String>,
}

/// A game continued or reviewed from a save file (play by e-mail): checked
/// as the CLI loads it (replayed and compared), then stored as if played
/// here. The file holds both sides' secrets, so no seat is invited.
async fn open_save(State(st): State<AppState>, Client(addr): Client, body: Request) -> Result<Response, ApiError> {
    // The limit before the body is read, and the body parsed only within a
    // rebuild slot (audit 4): a save's `state` is a `serde_json::Value`,
    // some 16 bytes of memory per byte of `[[],[],...]`, and its 2 MiB were
    // parsed as they came in, malformed ones never counted against the
    // limit, as many at once as a client had connections.
    may_create(&st, addr)?;
    let bytes = body_bytes(body, &st).await?;
    // Loading the save and replaying it is a rebuild: on a thread of its
    // own, within --rebuilds-at-once.
    let slot = st.reg.rebuild_slot().await.ok_or(LoadError::Busy)?;
    let state = st.clone();
    let (live, events) = tokio::task::spawn_blocking(move || {
        let _slot = slot;
        let req: OpenReq = parse_body(&bytes)?;
        drop(bytes);
        opened(&state, addr, req)
    })
    .await
    .map_err(|e| ApiError::internal(format!("the save file's replay stopped: {e}")))??;
    st.reg
        .store
        .create(&live.row, &live.seats, &events)
        .await
        .map_err(|e| ApiError::internal(format!("could not store the game: {e}")))?;
    let body = created_json(&live);
    st.reg.insert(live, addr);
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

/// [`open_save`]'s game: the save loaded, checked and replayed as the
/// server stores it (its moves as events).
fn opened(st: &AppState, addr: std::net::IpAddr, req: OpenReq) -> Result<(Live, Vec<Event>), ApiError> {
    let save = req.save;
    if save.actions.len() > SAVE_ACTIONS_MAX {
        return Err(ApiError::refused(format!(
            "a save file opened here holds at most {SAVE_ACTIONS_MAX} actions"
        )));
    }
    may_open_moves(st, addr, save.actions.len())?;
    if !save.setup.draws.is_empty() {
        return Err(ApiError::refused(
            "this game's first deal was entered by a referee (new --draw): continue it with the CLI",
        ));
    }
    let game = catalog::load(&save).map_err(|e| ApiError::refused(format!("the save file does not load: {e}")))?;
    let info = game.info();
    let kinds = seat_kinds(info, &req.seats)?;
    if kinds.iter().any(|(_, k)| k == "invite") {
        return Err(ApiError::refused(
            "a save file holds both sides' secrets: open it with seats of your own (me, hotseat, computer), \
             never an invited one",
        ));
    }
    let setup = save.setup;
    let live = new_live(st, addr, info, setup.scenario, setup.options, Some(setup.seed), &kinds)?;
    let resigned = save.resigned.map(|s| Event::of(s, EventKind::Resign, String::new()));
    // An agreed draw is stored as an offer and its acceptance (the save
    // does not say who offered: either way the game ends alike).
    let drawn: Vec<String> = match save.agreed_draw {
        true => info.seats.iter().take(2).map(|s| s.to_string()).collect(),
        false => save.draw_offer.into_iter().collect(),
    };
    let draws = drawn.into_iter().map(|s| Event::of(s, EventKind::Draw, String::new()));
    let events: Vec<Event> = save
        .actions
        .into_iter()
        .map(|r| Event {
            dice: r.dice,
            draws: r.draws,
            ..Event::of(r.seat, EventKind::Act, r.action)
        })
        .chain(resigned)
        .chain(draws)
        .collect();
    let mut live = Live::replay(live.row, live.seats, &events).map_err(ApiError::refused)?;
    live.moves_max = st.reg.limits.moves_per_game;
    live.row.status = live.status().to_string();
    live.row.summary = live.summary();
    Ok((live, events))
}

/// [`Limits::opened_moves_per_hour`](crate::Limits): the moves a save file
/// stores count against the address that opens it, before its replay. Audit
/// 7: twenty saves of 20,000 moves a minute, one request each, stored
/// 400,000 moves a minute (some 40 MB) for one address, which the proxy's
/// request rate does not bound.
fn may_open_moves(st: &AppState, addr: std::net::IpAddr, moves: usize) -> Result<(), ApiError> {
    let rate = &st.reg.rates.opened;
    let allowed = rate.allowed();
    let Some(n) = u32::try_from(moves).ok().filter(|n| *n <= allowed) else {
        return Err(ApiError::refused(format!(
            "this server opens save files of at most {allowed} moves an hour per address"
        )));
    };
    rate.check_n(&addr, n).map_err(|wait| {
        ApiError::too_many(
            format!("at most {allowed} moves an hour from save files opened by one address"),
            wait,
        )
    })
}

/// A new game (not yet stored) with these seat kinds: a token for every
/// seat a person plays but the invited ones, which get an invite code; a
/// spectator link; the seed drawn here unless `seed` was chosen (allowed by
/// [`crate::seeds::seed_policy`]), and a salt for its commitment.
fn new_live(
    st: &AppState,
    client: std::net::IpAddr,
    info: &'static engine::TitleInfo,
    scenario: String,
    options: BTreeMap<String, String>,
    seed: Option<u64>,
    kinds: &[(&str, String)],
) -> Result<Live, ApiError> {
    let mut seats: Vec<SeatRow> = kinds
        .iter()
        .map(|(s, kind)| {
            let invite = kind == "invite";
            SeatRow {
                seat: s.to_string(),
                kind: kind.clone(),
                token: (!games::is_computer(kind) && !invite).then(games::new_token),
                invite: invite.then(games::new_token),
            }
        })
        .collect();
    seats.push(SeatRow {
        seat: String::new(),
        kind: "spectator".into(),
        token: Some(games::new_token()),
        invite: None,
    });
    let row = GameRow {
        id: games::new_game_id(),
        title: info.key.to_string(),
        scenario,
        options,
        seed: seed.unwrap_or_else(|| rand::Rng::gen(&mut rand::thread_rng())),
        status: "active".into(),
        created: crate::store::now(),
        rules: engine::data::rules_stamp(info),
        salt: crate::seeds::new_salt(),
        seed_chosen: seed.is_some(),
        rematch: String::new(),
        summary: String::new(),
        // Already the subscriber's block ([`Client`]).
        creator: client.to_string(),
    };
    let mut live = Live::new_game(row, seats).map_err(ApiError::refused)?;
    // The computer players are busy: refuse before anything is stored.
    if live.seats.iter().any(|s| games::is_computer(&s.kind)) {
        if st.reg.bots.full() {
            return Err(ApiError::busy("the computer players are busy: try again in a minute"));
        }
        may_hand_over(st, client, &live.row.id, Lane::of(&live))?;
    }
    live.moves_max = st.reg.limits.moves_per_game;
    // Store the options with their defaults filled in.
    live.row.options = live.game.setup().options.clone();
    live.row.status = live.status().to_string();
    live.row.summary = live.summary();
    Ok(live)
}

/// The answer to the creator of a game: the links of the seats it holds,
/// and of the invited seats (each claimed once by whoever opens it).
fn created_json(live: &Live) -> Value {
    let id = &live.row.id;
    let seat_links: Vec<Value> = live
        .seats
        .iter()
        .filter(|s| s.kind != "spectator")
        .map(|s| {
            json!({
                "seat": s.seat, "kind": s.kind, "token": s.token,
                "url": s.token.as_ref().map(|t| play_url(id, t)),
                "invite_url": s.invite.as_ref().map(|c| invite_url(id, c)),
            })
        })
        .collect();
    let spectator = live
        .seats
        .iter()
        .find(|s| s.kind == "spectator")
        .and_then(|s| s.token.clone())
        .unwrap_or_default();
    json!({
        "id": id,
        "seq": live.seq_of(None),
        "status": live.status(),
        "thinking": live.thinking(),
        "to_act": if live.in_play() { live.game.to_act() } else { Vec::new() },
        "seats": seat_links,
        "spectator": {"token": spectator, "url": play_url(id, &spectator)},
        "dice": crate::seeds::dice_json(&live.row, false, live.refereed),
    })
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ClaimReq {
    invite: String,
}

/// Claim an invited seat with its invite code: the first caller gets the
/// seat's token (nobody had one before: not the creator either); the code
/// then says the seat is taken.
async fn post_claim(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    Body(req): Body<ClaimReq>,
) -> Result<Json<Value>, ApiError> {
    let e = entry(&st, &id, Key::Invite(&req.invite)).await?;
    let mut live = e.live.lock().await;
    let not_opened = || {
        ApiError::new(
            StatusCode::FORBIDDEN,
            "this invite link does not open a seat of this game (the game's creator may have replaced it \
             with a new one)",
        )
    };
    let (seat, claimed) = match live.invited(&req.invite) {
        None => return Err(not_opened()),
        Some(s) => (s.seat.clone(), s.token.is_some()),
    };
    let taken = || {
        ApiError::new(
            StatusCode::CONFLICT,
            format!("the {seat} seat has been taken: this invite link was used already"),
        )
    };
    if claimed {
        return Err(taken());
    }
    let token = games::new_token();
    // The store checks the code too: the cached game may hold one the
    // creator has replaced (its request gone before the cache was told, or
    // the replacement made by another server process), and a replaced link
    // opens nothing (audit 4).
    let stored = st
        .reg
        .store
        .claim(&id, &seat, &req.invite, &token)
        .await
        .map_err(ApiError::internal)?;
    if !stored {
        st.reg.reload(&mut live).await;
        if live.invited(&req.invite).is_none_or(|s| s.seat != seat) {
            return Err(not_opened());
        }
        return Err(taken());
    }
    if let Some(s) = live.seats.iter_mut().find(|s| s.seat == seat) {
        s.token = Some(token.clone());
    }
    let _ = e.tx.send(live.notice_to_all());
    Ok(Json(
        json!({"seat": seat, "token": token, "url": play_url(&id, &token)}),
    ))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct InviteReq {
    seat: String,
}

/// The creator replaces an unclaimed invite with a new link (the old one
/// no longer opens the seat).
async fn post_invite(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    token: Token,
    Body(req): Body<InviteReq>,
) -> Result<Json<Value>, ApiError> {
    let e = entry(&st, &id, Key::Token(&token)).await?;
    let mut live = e.live.lock().await;
    let w = who(&live, &token)?;
    if !live.is_creator(&w) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "only the game's creator may replace an invite",
        ));
    }
    let Some(s) = live.seats.iter().find(|s| s.seat == req.seat && s.kind == "invite") else {
        return Err(ApiError::refused(format!(
            "{} is not an invited seat of this game",
            req.seat
        )));
    };
    let taken = ApiError::new(
        StatusCode::CONFLICT,
        format!(
            "the {} seat has been taken: its invite can no longer be replaced",
            req.seat
        ),
    );
    if s.token.is_some() {
        return Err(taken);
    }
    let code = games::new_token();
    if !st
        .reg
        .store
        .set_invite(&id, &req.seat, &code)
        .await
        .map_err(ApiError::internal)?
    {
        st.reg.reload(&mut live).await;
        return Err(taken);
    }
    if let Some(s) = live.seats.iter_mut().find(|s| s.seat == req.seat) {
        s.invite = Some(code.clone());
    }
    Ok(Json(json!({"seat": req.seat, "invite_url": invite_url(&id, &code)})))
}

/// A rematch of a finished game, asked by one of its players: the same
/// scenario and options with the sides swapped and a new seed. The asker
/// plays the other side (with a token in the answer); a computer opponent
/// keeps its kind, and a hot-seat one too when the asker made the game; an
/// opponent played by another person
/// gets an invite that only that player sees, in the old game's state
/// (`rematch.invite_url`), never in the chat that spectators read.
async fn post_rematch(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    Client(addr): Client,
    token: Token,
) -> Result<Response, ApiError> {
    may_create(&st, addr)?;
    let e = entry(&st, &id, Key::Token(&token)).await?;
    let mut live = e.live.lock().await;
    let asker = seat_of(&live, &token)?;
    if !live.is_over() {
        return Err(ApiError::refused("a rematch is made once the game is over"));
    }
    if !live.row.rematch.is_empty() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            format!("a rematch of this game was made already (game {})", live.row.rematch),
        ));
    }
    let info = live.game.info();
    let other = |s: &str| info.seats.iter().copied().find(|x| *x != s).unwrap_or(info.seats[0]);
    // A hot-seat opponent is the asker's own only when the asker made the
    // game: an invited guest's hot-seat opponent is the creator, who gets
    // an invite (the guest took both seats of the rematch, audit 4).
    let creator = live.is_creator(&Who::Seat(asker.clone()));
    let mut kinds: Vec<(&str, String)> = Vec::new();
    for &new_seat in info.seats {
        let old_seat = other(new_seat);
        let old_kind = live.seat_kind(old_seat).unwrap_or("invite");
        let kind = if old_seat == asker {
            if old_kind == "hotseat" {
                "hotseat"
            } else {
                "me"
            }
        } else if games::is_computer(old_kind) || (old_kind == "hotseat" && creator) {
            old_kind
        } else {
            "invite"
        };
        kinds.push((new_seat, kind.to_string()));
    }
    let (_, scenario) = catalog::scenario(&format!("{}/{}", info.key, live.row.scenario))
        .map_err(|e| ApiError::refused(e.to_string()))?;
    let next = new_live(&st, addr, info, scenario, live.row.options.clone(), None, &kinds)?;
    match st.reg.store.create_rematch(&id, &next.row, &next.seats).await {
        Ok(()) => {}
        Err(DbError::Conflict) => {
            st.reg.reload(&mut live).await;
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "a rematch of this game was made already",
            ));
        }
        Err(e) => return Err(ApiError::internal(format!("could not store the rematch: {e}"))),
    }
    live.row.rematch = next.row.id.clone();
    let _ = e.tx.send(live.notice_to_all());
    // The asker's answer: its own links; an invite code goes to its player.
    let mut body = created_json(&next);
    if let Some(seats) = body["seats"].as_array_mut() {
        for s in seats {
            s["invite_url"] = Value::Null;
        }
    }
    drop(live);
    st.reg.insert(next, addr);
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

/// The rematch as the old game's seat `seat` sees it: its id, the seat it
/// plays there (the other side), and the link that claims that seat if it
/// was invited and has not been claimed yet. `None` without a rematch.
fn rematch_of(live: &Live, seat: &str) -> Option<(String, &'static str)> {
    if live.row.rematch.is_empty() {
        return None;
    }
    let new_seat = live.game.info().seats.iter().copied().find(|x| *x != seat)?;
    Some((live.row.rematch.clone(), new_seat))
}

async fn rematch_json(st: &AppState, id: &str, new_seat: &str) -> Value {
    let mut v = json!({"id": id, "seat": new_seat});
    if let Ok(next) = st.reg.get(id).await {
        let next = next.live.lock().await;
        if let Some(s) = next.seats.iter().find(|s| s.seat == new_seat && s.kind == "invite") {
            v["claimed"] = json!(s.token.is_some());
            if let (None, Some(code)) = (&s.token, &s.invite) {
                v["invite_url"] = json!(invite_url(id, code));
            }
        }
    }
    v
}

/// The record of a finished game ([`crate::seeds::Record`]): seed, salt,
/// commitment and every stored move, for `powderhorn verify`.
async fn get_record(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    token: Token,
) -> Result<Json<crate::seeds::Record>, ApiError> {
    let e = entry(&st, &id, Key::Token(&token)).await?;
    let outcome = {
        let live = e.live.lock().await;
        who(&live, &token)?;
        if !live.is_over() {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "the record (with the seed, which fixes every die) is given once the game is over",
            ));
        }
        live.outcome_json()
    };
    let (row, _, events) = st
        .reg
        .store
        .game(&id)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| ApiError::from(LoadError::NotFound))?;
    Ok(Json(crate::seeds::record(&row, &events, outcome)))
}

/// The game as the save file the CLI reads (`powderhorn load`, `play`):
/// play by e-mail, or review it offline. It holds the whole state, both
/// sides' secrets included, so it is given to a player while the game goes
/// on only where nobody was invited (every human seat is the creator's);
/// to anyone with the game's link once it is over.
async fn get_save(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    token: Token,
) -> Result<Json<engine::SaveFile>, ApiError> {
    let e = entry(&st, &id, Key::Token(&token)).await?;
    let live = e.live.lock().await;
    let w = who(&live, &token)?;
    let invited = live.seats.iter().any(|s| s.kind == "invite");
    if !live.is_over() && (invited || w.seat().is_none()) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "a save file holds both sides' secrets: it is given once the game is over, or during a game \
             whose seats are all yours",
        ));
    }
    Ok(Json(live.game.save()))
}

async fn get_game(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    token: Token,
) -> Result<Json<Value>, ApiError> {
    let e = entry(&st, &id, Key::Token(&token)).await?;
    let (mut v, rematch) = {
        let live = e.live.lock().await;
        let w = who(&live, &token)?;
        (state_json(&live, &w), w.seat().and_then(|s| rematch_of(&live, s)))
    };
    if let Some((next, seat)) = rematch {
        v["rematch"] = rematch_json(&st, &next, seat).await;
    }
    Ok(Json(v))
}

async fn get_legal(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    token: Token,
) -> Result<Json<Value>, ApiError> {
    let e = entry(&st, &id, Key::Token(&token)).await?;
    let live = e.live.lock().await;
    let seat = seat_of(&live, &token)?;
    let legal = if live.in_play() {
        live.game.legal(&seat).unwrap_or_default()
    } else {
        Vec::new()
    };
    Ok(Json(
        json!({"seq": live.seq_of(Some(&seat)), "seat": seat, "legal": legal}),
    ))
}

/// "Why not?": for a space or piece id, the token's seat's legal actions
/// that point at it, or the rules that forbid what it would do there.
async fn get_why(
    State(st): State<AppState>,
    ApiPath((id, target)): ApiPath<(String, String)>,
    token: Token,
) -> Result<Json<Value>, ApiError> {
    if target.is_empty() || target.len() > 64 || !target.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "a target is a space or piece id: letters, digits and '-', at most 64",
        ));
    }
    let e = entry(&st, &id, Key::Token(&token)).await?;
    let live = e.live.lock().await;
    let seat = seat_of(&live, &token)?;
    let answer = live
        .game
        .why_not(&seat, &target)
        .map_err(|r| ApiError::refused(r.to_string()))?;
    let mut v = serde_json::to_value(answer).map_err(ApiError::internal)?;
    v["seq"] = json!(live.seq_of(Some(&seat)));
    v["seat"] = json!(seat);
    v["target"] = json!(target);
    Ok(Json(v))
}

/// A game's stored past, for a replay: who asks, the move the game is at
/// for it (its [`Live::seq_of`], checked by `check`, whose refusal is passed
/// on), and the events stored up to now. A replay costs a read of the whole game and its rules'
/// time: a few at once (the slot is held while the replay lasts), off the
/// async threads.
struct Past {
    who: Who,
    now: u64,
    row: GameRow,
    seats: Vec<SeatRow>,
    events: Vec<Event>,
    slot: ReplaySlot,
}

/// A replay's place among those at once ([`crate::Limits::replays_at_once`])
/// and among its client's ([`crate::Limits::replays_per_address`]), held
/// while it runs.
struct ReplaySlot {
    _all: tokio::sync::OwnedSemaphorePermit,
    _mine: crate::limits::Guard<std::net::IpAddr>,
}

async fn stored_past(
    st: &AppState,
    id: &str,
    addr: std::net::IpAddr,
    token: &Token,
    check: impl FnOnce(u64) -> Result<(), ApiError>,
) -> Result<Past, ApiError> {
    let e = entry(st, id, Key::Token(token)).await?;
    let (who, now, stored) = {
        let live = e.live.lock().await;
        let w = who(&live, token)?;
        let now = live.seq_of(w.seat());
        (w, now, live.seq)
    };
    check(now)?;
    // One client's replays first, so that it cannot take every slot (audit 6).
    let mine = st.reg.replays_by_address.enter(addr).ok_or_else(|| {
        ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "your address is replaying past positions already: try again when that replay is done",
        )
    })?;
    let all =
        st.reg.replays.clone().try_acquire_owned().map_err(|_| {
            ApiError::busy("the server is replaying other games' past positions: try again in a moment")
        })?;
    let slot = ReplaySlot { _all: all, _mine: mine };
    let (row, seats, mut events) = st
        .reg
        .store
        .game(id)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| ApiError::from(LoadError::NotFound))?;
    // What was stored while the game's lock was let go is not the caller's.
    events.truncate(stored as usize);
    Ok(Past {
        who,
        now,
        row,
        seats,
        events,
        slot,
    })
}

/// For each log entry the caller may read, the move after which it was
/// written: where a click on a log line replays to (the game as the caller
/// last saw it, even if a move lands meanwhile); and the moves where each
/// turn and phase began, for replay by turn and phase.
async fn get_log_moves(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    Client(addr): Client,
    token: Token,
) -> Result<Json<Value>, ApiError> {
    let p = stored_past(&st, &id, addr, &token, |_| Ok(())).await?;
    let seat = p.who.seat().map(str::to_string);
    let (row, seats, evs, now, slot) = (p.row, p.seats, p.events, p.now, p.slot);
    // The slot goes with the replay, not with this request's future: a
    // client that hangs up does not stop the blocking thread (audit 4).
    let index = tokio::task::spawn_blocking(move || {
        let _slot = slot;
        games::replay_index(row, seats, &evs, seat.as_deref())
    })
    .await
    .map_err(ApiError::internal)?
    .map_err(|e| ApiError::from(LoadError::Replay(e)))?;
    Ok(Json(
        json!({"id": id, "seq": now, "moves": index.moves, "stages": index.stages}),
    ))
}

/// The replay slider: the token's seat's (or the spectator's) view and log
/// as they were after the first `seq` stored events, replayed from the
/// stored actions. Never the true state, never a prompt to act.
async fn get_at(
    State(st): State<AppState>,
    ApiPath((id, seq)): ApiPath<(String, u64)>,
    Client(addr): Client,
    token: Token,
) -> Result<Json<Value>, ApiError> {
    let p = stored_past(&st, &id, addr, &token, |now| {
        if seq > now {
            return Err(ApiError::new(
                StatusCode::NOT_FOUND,
                format!("the game is at move {now}: there is no move {seq} yet"),
            ));
        }
        Ok(())
    })
    .await?;
    let (w, now) = (p.who, p.now);
    let (row, seats, evs, slot) = (p.row, p.seats, p.events, p.slot);
    // Up to the caller's move `seq` and not a step beyond: none of another
    // seat's draft steps that followed it (they would change nothing the
    // caller sees, but they are not its to replay).
    let viewer = w.seat().map(str::to_string);
    let upto = move |l: &Live| Ok(l.seq_of(viewer.as_deref()) < seq);
    // The slot goes with the replay, not with this request's future: a
    // client that hung up gave it back while the blocking thread replayed
    // on, so that a script asking and hanging up ran any number of replays
    // at once (audit 4).
    let past = tokio::task::spawn_blocking(move || {
        let _slot = slot;
        games::replay_guarded_with(row, seats, &evs, upto)
    })
    .await
    .map_err(ApiError::internal)?
    .map_err(|e| ApiError::from(LoadError::Replay(e)))?;
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
    /// Referee mode: the dice a physical game rolled for the action, and
    /// what it drew, by name.
    #[serde(default)]
    dice: Vec<u8>,
    #[serde(default)]
    draws: Vec<String>,
}

/// At most this many dice and draws entered for one action.
const MAX_SCRIPTED: usize = 64;

impl ActReq {
    /// A referee's dice and draws are taken only in a game whose players
    /// are all the creator's (as a chosen seed, [`crate::seeds::seed_policy`]):
    /// with an invited player they would decide the other's fate.
    fn check_scripted(&self, live: &Live) -> Result<(), ApiError> {
        if self.dice.is_empty() && self.draws.is_empty() {
            return Ok(());
        }
        crate::seeds::seed_policy(live.seats.iter().map(|s| s.kind.as_str())).map_err(|_| {
            ApiError::refused(
                "dice and draws are entered only in a game whose players are all yours (referee mode): \
                 with an invited player the server rolls",
            )
        })?;
        if self.dice.len() > MAX_SCRIPTED || self.draws.len() > MAX_SCRIPTED {
            return Err(ApiError::refused(format!(
                "at most {MAX_SCRIPTED} dice and {MAX_SCRIPTED} draws"
            )));
        }
        if let Some(d) = self.dice.iter().find(|d| !(1..=20).contains(*d)) {
            return Err(ApiError::refused(format!("a die shows 1 to 20, not {d}")));
        }
        if let Some(d) = self.draws.iter().find(|d| d.is_empty() || d.len() > 64) {
            return Err(ApiError::refused(format!(
                "a draw names a block or card in 1 to 64 characters: '{d}'"
            )));
        }
        Ok(())
    }
}

/// What every request that changes a game shares: under the game's lock,
/// check the mover (`mover`) and, when `bounded`, that the game is not
/// stopped for want of room for more moves ([`Live::status`],
/// [`crate::Limits::moves_per_game`]), let `change` make its events,
/// store them, and answer with `reply` of the stored game and the mover's
/// seat.
async fn change_game(
    st: &AppState,
    id: &str,
    token: &Token,
    seq_seen: u64,
    bounded: bool,
    change: impl Fn(&mut Live, String) -> Result<Vec<Event>, ApiError> + Send + 'static,
    reply: impl FnOnce(&Live, &str) -> Value + Send + 'static,
) -> Result<Json<Value>, ApiError> {
    // In a task of its own: a client that hangs up must not cancel the
    // request between storing the move and counting it in the cached game.
    let (st, id, token) = (st.clone(), id.to_string(), Token(token.0.clone()));
    tokio::spawn(async move {
        let e = entry(&st, &id, Key::Token(&token)).await?;
        let mut live = e.live.lock().await;
        let seat = mover(&live, &token, seq_seen)?;
        if let Some(why) = live.stopped_reason().filter(|_| bounded) {
            return Err(ApiError::refused(why));
        }
        let seen = live.seq_of(Some(&seat));
        let mut again = true;
        loop {
            let events = match live.guarded(|l| change(l, seat.clone())) {
                Ok(events) => events?,
                Err(panic) => {
                    // Nothing was stored; the cached game is rebuilt from the store.
                    tracing::error!("game {id}: the rules panicked: {panic}");
                    st.reg.rebuild(&mut live).await;
                    return Err(ApiError::new(
                        StatusCode::INTERNAL_SERVER_ERROR,
                        "server error: the rules failed on that move; nothing was stored and the game is as it was",
                    ));
                }
            };
            match commit(&st, &e, &mut live, events, &seat, seen).await {
                // Another server process stored a step first that the mover
                // cannot see (another seat's secret draft): its game is as
                // it saw it, so the move is made again on the stored game,
                // once, and the mover learns nothing of the step.
                Err(stale) if again && stale.status == StatusCode::CONFLICT && live.seq_of(Some(&seat)) == seen => {
                    again = false;
                }
                done => {
                    done?;
                    return Ok(Json(reply(&live, &seat)));
                }
            }
        }
    })
    .await
    .map_err(|e| ApiError::internal(format!("the move failed: {e}")))?
}

async fn post_action(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    Client(addr): Client,
    token: Token,
    Body(req): Body<ActReq>,
) -> Result<Json<Value>, ApiError> {
    let seq_seen = req.seq_seen;
    let hand_over = st.clone();
    let act = move |live: &mut Live, seat: String| {
        let computer = live.seats.iter().any(|s| games::is_computer(&s.kind));
        if computer {
            may_hand_over(&hand_over, addr, &live.row.id, Lane::Person)?;
        }
        #[cfg(feature = "fault-injection")]
        if let Some(real) = req.action_id.strip_prefix("fault-after:") {
            let _ = live.game.act(&seat, real, &[], &[]);
            panic!("injected fault after {real}");
        }
        req.check_scripted(live)?;
        let event = Event {
            dice: req.dice.clone(),
            draws: req.draws.clone(),
            ..Event::of(seat, EventKind::Act, req.action_id.clone())
        };
        live.apply(&event).map_err(ApiError::refused)?;
        if computer {
            hand_over
                .reg
                .handed_over(&live.row.id, addr, Lane::Person, live.thinking());
        }
        Ok(vec![event])
    };
    // The computer's reply, if it must make one, comes later (live update).
    // Who acts next, and the mover's own next choices when it is still to
    // act (a multi-step move): the client needs no second request for them,
    // and they are the mover's own, so nothing hidden goes with them.
    let reply = |live: &Live, mover: &str| {
        let (to_act, legal) = match live.in_play() {
            true => (live.game.to_act(), live.game.legal(mover).unwrap_or_default()),
            false => (Vec::new(), Vec::new()),
        };
        json!({"seq": live.seq_of(Some(mover)), "status": live.status(), "thinking": live.thinking(),
               "to_act": to_act, "legal": legal})
    };
    change_game(&st, &id, &token, seq_seen, true, act, reply).await
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
    let most = st.reg.limits.undos_per_seat;
    let undo = move |live: &mut Live, seat: String| {
        // Each undo and the action it takes back are two stored moves: a
        // seat acting and taking back without end filled its game up to
        // --moves-per-game and stopped it, unseen by the other seat during
        // a secret draft (audit 6).
        if live.undos(&seat) >= most {
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "{seat} has taken back {most} moves in this game, the most a seat may on this server: \
                     it may go on playing, but no more undo"
                ),
            ));
        }
        let event = Event::of(seat, EventKind::Undo, String::new());
        live.apply(&event).map_err(ApiError::refused)?;
        Ok(vec![event])
    };
    let reply = |live: &Live, seat: &str| json!({"seq": live.seq_of(Some(seat))});
    change_game(&st, &id, &token, req.seq_seen, true, undo, reply).await
}

async fn post_resign(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    token: Token,
    Body(req): Body<SeqReq>,
) -> Result<Json<Value>, ApiError> {
    let resign = |live: &mut Live, seat: String| {
        let event = Event::of(seat, EventKind::Resign, String::new());
        live.apply(&event).map_err(ApiError::refused)?;
        Ok(vec![event])
    };
    let reply = |live: &Live, seat: &str| json!({"seq": live.seq_of(Some(seat)), "outcome": live.outcome_json()});
    change_game(&st, &id, &token, req.seq_seen, false, resign, reply).await
}

#[derive(Deserialize)]
struct DrawReq {
    seq_seen: u64,
    /// Decline the other seat's offer instead of offering or accepting.
    #[serde(default)]
    decline: bool,
}

/// 29.3 Concession (FIW): offer a draw, accept the other seat's standing
/// offer (the game ends drawn), or decline it. A computer seat offered a
/// draw answers in the same request ([`bot::accepts_draw`]), its answer
/// stored as its own event. A seat whose offer was declined offers again
/// only once a move has been made ([`Live::may_offer_draw`]).
async fn post_draw(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    token: Token,
    Body(req): Body<DrawReq>,
) -> Result<Json<Value>, ApiError> {
    let draw = move |live: &mut Live, seat: String| {
        let kind = if req.decline {
            EventKind::Decline
        } else {
            EventKind::Draw
        };
        // A new offer (not an acceptance of the other seat's): not again
        // at once after a refusal, which the computer judged afresh each
        // time until one accepted (audit 5), nor past the game's bound.
        let offers = kind == EventKind::Draw && live.game.draw_offer().is_none();
        if offers {
            live.may_offer_draw(&seat).map_err(ApiError::refused)?;
        }
        let info = live.game.info();
        let computer = info
            .seats
            .iter()
            .copied()
            .find(|s| *s != seat && live.seat_kind(s).is_some_and(games::is_computer));
        let event = Event::of(seat.clone(), kind, String::new());
        live.apply(&event).map_err(ApiError::refused)?;
        let mut events = vec![event];
        if let (Some(bot), Some(_)) = (computer, live.game.draw_offer()) {
            let kind = match bot::accepts_draw(&*live.game, bot, &mut rand::thread_rng()) {
                true => EventKind::Draw,
                false => EventKind::Decline,
            };
            let answer = Event::of(bot.to_string(), kind, String::new());
            // The offer just made stands: either answer is taken (were it
            // not, the panic rebuilds the game from the store).
            live.apply(&answer).expect("another seat answers a standing offer");
            events.push(answer);
        }
        Ok(events)
    };
    let reply = |live: &Live, seat: &str| {
        json!({"seq": live.seq_of(Some(seat)), "status": live.status(), "outcome": live.outcome_json(),
               "draw_offer": live.game.draw_offer(), "draw_declined": live.game.draw_declined()})
    };
    change_game(&st, &id, &token, req.seq_seen, true, draw, reply).await
}

/// Text a player writes (a chat message, notes) holds no control character
/// but line breaks and tabs (PostgreSQL stores no NUL, and none has a use
/// in a message), and no invisible formatting character (Unicode's Cf):
/// bidirectional overrides, embeddings and isolates (U+202A..U+202E,
/// U+2066..U+2069) and marks (U+200E, U+200F, U+061C) make a line read
/// otherwise than it is written, and zero-width characters, the byte-order
/// mark and tags hide text in it (audit 5). Refused with 400 naming the
/// character, nothing stored. Taken: the zero-width non-joiner and joiner
/// (U+200C, U+200D), which Persian and the Indic scripts need and which
/// join emoji (a family), and the tags of the flags of England, Scotland and
/// Wales after U+1F3F4 ([`FLAG_TAGS`]), the only flags made of tags.
/// Refused too: the line and paragraph separators (U+2028, U+2029), line
/// breaks that a page need not show as one, and a variation selector that
/// follows no character or another selector (a run of them hides bytes);
/// one after a character, as in a red heart, is taken.
fn plain_text(text: &str, what: &str) -> Result<(), ApiError> {
    let Some(c) = hidden_char(text) else {
        return Ok(());
    };
    let kind = match c.is_control() {
        true => "the control character",
        false => "the invisible formatting character",
    };
    Err(ApiError::new(
        StatusCode::BAD_REQUEST,
        format!(
            "{what} may not hold {kind} U+{:04X}: control characters but line breaks and tabs, and characters \
             that change the direction of text or hide it, are refused",
            u32::from(c)
        ),
    ))
}

/// The tags that follow U+1F3F4 in the flags of England, Scotland and
/// Wales (tag letters, then the cancel tag U+E007F).
const FLAG_TAGS: [&str; 3] = [
    "\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
    "\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
    "\u{E0067}\u{E0062}\u{E0077}\u{E006C}\u{E0073}\u{E007F}",
];

/// The first character of `text` that [`plain_text`] refuses.
fn hidden_char(text: &str) -> Option<char> {
    let mut rest = text;
    // Whether a variation selector may follow: one chooses how the
    // character before it looks (an emoji's colour), more say nothing and
    // can carry hidden bytes.
    let mut selectable = false;
    while let Some(c) = rest.chars().next() {
        rest = &rest[c.len_utf8()..];
        if c == '\u{1F3F4}' {
            if let Some(tags) = FLAG_TAGS.iter().find(|t| rest.starts_with(*t)) {
                rest = &rest[tags.len()..];
            }
        } else if (c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
            || is_format(c)
            || matches!(c, '\u{2028}' | '\u{2029}')
            || (is_variation_selector(c) && !selectable)
        {
            return Some(c);
        }
        selectable = !is_variation_selector(c);
    }
    None
}

/// U+FE00..U+FE0F and U+E0100..U+E01EF.
fn is_variation_selector(c: char) -> bool {
    matches!(u32::from(c), 0xFE00..=0xFE0F | 0xE0100..=0xE01EF)
}

/// Whether `c` is of Unicode's general category Cf (format, Unicode 16),
/// but for the zero-width non-joiner and joiner ([`plain_text`]).
fn is_format(c: char) -> bool {
    matches!(
        u32::from(c),
        0x00AD
            | 0x0600..=0x0605
            | 0x061C
            | 0x06DD
            | 0x070F
            | 0x0890..=0x0891
            | 0x08E2
            | 0x180E
            | 0x200B
            | 0x200E..=0x200F
            | 0x202A..=0x202E
            | 0x2060..=0x2064
            | 0x2066..=0x206F
            | 0xFEFF
            | 0xFFF9..=0xFFFB
            | 0x110BD
            | 0x110CD
            | 0x13430..=0x1343F
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0001
            | 0xE0020..=0xE007F
    )
}

/// Messages read at once at most ([`get_chat`]).
pub const CHAT_PAGE_MAX: usize = 200;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ChatQuery {
    /// Messages numbered above this one (0: from the first).
    #[serde(default)]
    after: i64,
    /// At most this many (default and most [`CHAT_PAGE_MAX`]).
    limit: Option<usize>,
}

/// A page of the chat: the messages numbered above `after`, oldest first,
/// at most `limit`; `more` says whether later ones remain.
async fn get_chat(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    token: Token,
    q: Result<Query<ChatQuery>, axum::extract::rejection::QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let Query(q) = q.map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, e.body_text()))?;
    let limit = q.limit.unwrap_or(CHAT_PAGE_MAX);
    if limit == 0 || limit > CHAT_PAGE_MAX {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("limit is 1 to {CHAT_PAGE_MAX}"),
        ));
    }
    let e = entry(&st, &id, Key::Token(&token)).await?;
    {
        let live = e.live.lock().await;
        who(&live, &token)?;
    }
    let mut lines = st
        .reg
        .store
        .chat(&id, q.after, limit + 1)
        .await
        .map_err(ApiError::internal)?;
    let more = lines.len() > limit;
    lines.truncate(limit);
    Ok(Json(json!({"messages": lines, "more": more})))
}

#[derive(Deserialize)]
struct TextReq {
    text: String,
}

/// [`crate::Limits::text_kib_per_minute`]: `bytes` more of chat or notes
/// from `addr`.
fn may_store_text(st: &AppState, addr: std::net::IpAddr, bytes: usize) -> Result<(), ApiError> {
    let rate = &st.reg.rates.text;
    rate.check_n(&addr, u32::try_from(bytes).unwrap_or(u32::MAX))
        .map_err(|wait| {
            ApiError::too_many(
                format!(
                    "at most {} KiB of chat and notes a minute from one address",
                    rate.allowed() / 1024
                ),
                wait,
            )
        })
}

async fn post_chat(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    Client(addr): Client,
    token: Token,
    Body(req): Body<TextReq>,
) -> Result<Json<Value>, ApiError> {
    let (e, seat) = seat_in(&st, &id, &token).await?;
    let text = req.text.trim();
    plain_text(text, "a chat message")?;
    if text.is_empty() || text.chars().count() > CHAT_MAX {
        return Err(ApiError::refused(format!(
            "a chat message has 1 to {CHAT_MAX} characters"
        )));
    }
    let rates = &st.reg.rates.chat;
    rates.check(&(id.clone(), seat.clone())).map_err(|wait| {
        ApiError::too_many(
            format!("at most {} chat messages a minute from one seat", rates.allowed()),
            wait,
        )
    })?;
    // An address has as many seats as it makes games: its own rate too.
    let rates = &st.reg.rates.chat_by_address;
    rates.check(&addr).map_err(|wait| {
        ApiError::too_many(
            format!("at most {} chat messages a minute from one address", rates.allowed()),
            wait,
        )
    })?;
    may_store_text(&st, addr, text.len())?;
    let cap = st.reg.limits.chat_bytes_per_game;
    let n = st
        .reg
        .store
        .add_chat(&id, &seat, text, cap, &st.reg.instance)
        .await
        .map_err(ApiError::internal)?
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::INSUFFICIENT_STORAGE,
                format!("this game's chat is full ({cap} bytes): no more messages can be kept"),
            )
        })?;
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
    Client(addr): Client,
    token: Token,
    Body(req): Body<TextReq>,
) -> Result<Json<Value>, ApiError> {
    let (_, seat) = seat_in(&st, &id, &token).await?;
    plain_text(&req.text, "notes")?;
    if req.text.len() > NOTES_MAX {
        return Err(ApiError::refused(format!("notes are at most {NOTES_MAX} bytes")));
    }
    let rates = &st.reg.rates.notes;
    rates
        .check(&(id.clone(), seat.clone()))
        .map_err(|wait| ApiError::too_many(format!("at most {} saves of the notes a minute", rates.allowed()), wait))?;
    // Notes are kept once per seat: only what they grow by is stored anew.
    let before = st.reg.store.notes(&id, &seat).await.map_err(ApiError::internal)?;
    may_store_text(&st, addr, req.text.len().saturating_sub(before.len()))?;
    st.reg
        .store
        .set_notes(&id, &seat, &req.text)
        .await
        .map_err(ApiError::internal)?;
    Ok(Json(json!({"ok": true})))
}

/// A single-use ticket to open the game's live updates (valid for
/// [`games::TICKET_TTL`]), for the token of the request's header.
async fn post_ticket(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    Client(addr): Client,
    token: Token,
) -> Result<Json<Value>, ApiError> {
    let e = entry(&st, &id, Key::Token(&token)).await?;
    let t = {
        let live = e.live.lock().await;
        who(&live, &token)?;
        token.0.unwrap_or_default()
    };
    let ticket = st
        .reg
        .ticket(&id, &t, addr)
        .ok_or_else(|| ApiError::busy("too many live-update tickets are waiting: try again in a minute"))?;
    Ok(Json(
        json!({"ticket": ticket, "expires_in": games::TICKET_TTL.as_secs()}),
    ))
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

/// Games one list may ask about (the rest are left out).
pub const MY_GAMES_MAX: usize = 200;

/// Games stored before their summary was, rebuilt for one list at most (the
/// others show their stored status only).
const MY_GAMES_REBUILT: usize = 4;

/// Summaries of the games whose links a browser remembers; unknown games and
/// wrong tokens are left out. A game in memory answers from there, any other
/// from the summary stored with its last move ([`GameRow::summary`]),
/// without a rebuild: a list costs a row read per game.
async fn my_games(State(st): State<AppState>, Body(req): Body<MyGamesReq>) -> Result<Json<Value>, ApiError> {
    let mut out = Vec::new();
    let mut rebuilt = 0;
    for g in req.games.iter().take(MY_GAMES_MAX) {
        if entry_id_ok(&g.id).is_err() {
            continue;
        }
        let cached = st.reg.in_memory(&g.id);
        let summary = match cached {
            Some(e) => listed_live(&e, &g.token).await,
            None => {
                // A game the store cannot read is left out, as an unknown one.
                let Ok(Some((row, seats))) = st.reg.store.head(&g.id).await else {
                    continue;
                };
                let Some(w) = games::who_in(&seats, &g.token) else {
                    continue;
                };
                match serde_json::from_str::<Value>(&row.summary) {
                    Ok(stored) => Some(listed(&row, &row.status, &w, &stored)),
                    Err(_) if rebuilt < MY_GAMES_REBUILT => {
                        rebuilt += 1;
                        match entry(&st, &g.id, Key::Token(&Token(Some(g.token.clone())))).await {
                            Ok(e) => listed_live(&e, &g.token).await,
                            Err(_) => Some(listed(&row, &row.status, &w, &Value::Null)),
                        }
                    }
                    Err(_) => Some(listed(&row, &row.status, &w, &Value::Null)),
                }
            }
        };
        if let Some(mut v) = summary {
            v["token"] = json!(g.token);
            out.push(v);
        }
    }
    Ok(Json(json!({"games": out})))
}

/// A game in memory as a list shows it, if the token opens it.
async fn listed_live(e: &Entry, token: &str) -> Option<Value> {
    let live = e.live.lock().await;
    let w = live.who(token)?;
    Some(listed(&live.row, live.status(), &w, &live.summary_json()))
}

/// A scenario's name as its title lists it, for headers and game lists
/// (the key alone, e.g. `greene`, tells a newcomer little).
fn scenario_name(info: &engine::TitleInfo, key: &str) -> Option<&'static str> {
    info.scenarios.iter().find(|s| s.key == key).map(|s| s.name)
}

/// One game of a list: its row and the viewer's part of its summary (`Null`
/// when none is stored: who acts and the move number are then unknown).
fn listed(row: &GameRow, status: &str, w: &Who, summary: &Value) -> Value {
    let to_act = summary.get("to_act").cloned().unwrap_or_else(|| json!([]));
    let seat = w.seat();
    let your_turn = seat.is_some_and(|s| to_act.as_array().is_some_and(|a| a.iter().any(|x| x == s)));
    let info = games::title_entry(&row.title).map(|t| (t.info)());
    json!({
        "id": row.id, "title": row.title, "title_name": info.map(|i| i.name),
        "scenario": row.scenario,
        "scenario_name": info.and_then(|i| scenario_name(i, &row.scenario)),
        "seat": seat, "status": status,
        "seq": summary.get("seen").and_then(|s| s.get(seat.unwrap_or(""))),
        "created": row.created, "to_act": to_act, "your_turn": your_turn,
        "outcome": summary.get("outcome").cloned().unwrap_or(Value::Null),
    })
}
