//! Live updates: after every stored move a `changed` {seq} notice (and one
//! on connecting; `seq` is the listener's own move number, and a step of a
//! seat's secret draft is told to that seat alone, [`games::Seen`]), after every chat message a `chat` {n}; the client then
//! refetches what it shows. Two transports carry the same notices:
//! - a WebSocket (`GET /api/games/{id}/live`), the browser's: a browser
//!   keeps at most six HTTP/1.1 connections per host, shared by all its tabs,
//!   so a seventh tab with a server-sent event stream would wait for one to
//!   close; WebSockets are not counted in that pool;
//! - server-sent events (`GET /api/games/{id}/events`), for API clients.
//!
//! Both open with a single-use ticket (`POST /api/games/{id}/ticket`, the
//! seat token in its header, never in an address) and count against the
//! connections allowed per game and per client address (429). A followed
//! game stays in memory, so no more games than the cache holds
//! (`--cached-games`) are followed at once: a stream on one more is
//! refused (503). Each stream's TCP connection counts against the server's
//! connections too, in all and per address, for as long as it is open
//! ([`crate::listen`]).

use crate::api::{entry, ApiError, ApiPath, AppState, Client, Key, Token};
use crate::games::{self, Notice};
use crate::limits::Guard;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::{self, Stream, StreamExt};
use serde::Deserialize;
use serde_json::json;
use std::convert::Infallible;
use std::net::IpAddr;
use std::time::{Duration, Instant};
use tokio::sync::broadcast::{self, error::RecvError};

/// A ping this often keeps a WebSocket through proxies; a peer that has
/// answered nothing for three of them is gone, and its slot is freed.
const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// The client sends nothing but control frames: a larger message closes it.
const CLIENT_MESSAGE_MAX: usize = 1024;

#[derive(Deserialize)]
pub struct TicketQuery {
    ticket: Option<String>,
}

/// A counted live-update connection: its slots in the per-game and
/// per-address limits are freed when it is dropped.
type Counted = (Guard<String>, Guard<IpAddr>);

/// A listener: the notices to come, whose they are (its seat, `None` for
/// the spectator) and its slot.
struct Listener {
    rx: broadcast::Receiver<Notice>,
    seat: Option<String>,
    _counted: Counted,
}

/// Redeem the ticket and take a slot: the listener and its move number now.
async fn open(st: &AppState, id: &str, addr: IpAddr, ticket: Option<String>) -> Result<(Listener, u64), ApiError> {
    let refused = || {
        ApiError::new(
            StatusCode::FORBIDDEN,
            "open the live updates with a fresh ticket (POST /api/games/{id}/ticket): \
             this one is missing, used, expired or for another game",
        )
    };
    let token = ticket.and_then(|t| st.reg.redeem(id, &t)).ok_or_else(refused)?;
    let e = entry(st, id, Key::Token(&Token(Some(token.clone())))).await?;
    let (rx, seat, seq) = {
        let live = e.live.lock().await;
        let who = live.who(&token).ok_or_else(refused)?;
        let seat = who.seat().map(str::to_string);
        let seq = live.seq_of(seat.as_deref());
        (e.tx.subscribe(), seat, seq)
    };
    let counted = st.reg.open_stream(id, addr).map_err(|why| match why {
        games::StreamRefused::Game(n) => ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!("this game has {n} live-update connections open already"),
        ),
        games::StreamRefused::Address(n) => ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!("your address has {n} live-update connections open already: close some tabs"),
        ),
        games::StreamRefused::Games(n) => ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server follows {n} games with live updates already, as many as it keeps in memory: \
                 try again in a minute (reloading the page shows the game as it is)"
            ),
        ),
    })?;
    Ok((
        Listener {
            rx,
            seat,
            _counted: counted,
        },
        seq,
    ))
}

/// What a listener is told: the event's name and its data.
type Told = (&'static str, serde_json::Value);

fn changed(seq: u64) -> Told {
    ("changed", json!({"seq": seq}))
}

impl Listener {
    /// The next notice for this listener; `None` once the game is dropped
    /// from memory (the client reconnects). Notices missed by a slow reader
    /// are skipped: the next one makes it refetch anyway.
    async fn next(&mut self) -> Option<Told> {
        loop {
            match self.rx.recv().await {
                Ok(Notice::Changed { seen, only }) => {
                    if only.is_none_or(|s| self.seat.as_deref() == Some(s.as_str())) {
                        return Some(changed(seen.of(self.seat.as_deref())));
                    }
                }
                Ok(Notice::Chat(n)) => return Some(("chat", json!({"n": n}))),
                Err(RecvError::Lagged(_)) => continue,
                Err(RecvError::Closed) => return None,
            }
        }
    }
}

fn sse_event((name, data): Told) -> SseEvent {
    SseEvent::default().event(name).data(data.to_string())
}

/// Server-sent events, `?ticket=` (a ticket serves once: a client that
/// reconnects asks for a new one).
pub async fn events(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    Client(addr): Client,
    Query(q): Query<TicketQuery>,
) -> Result<Sse<impl Stream<Item = Result<SseEvent, Infallible>>>, ApiError> {
    let (listener, seq) = open(&st, &id, addr, q.ticket).await?;
    let first = stream::once(async move { Ok(sse_event(changed(seq))) });
    // The listener (and its counted slot) lives as long as the stream.
    let rest = stream::unfold(listener, |mut l| async move {
        let told = l.next().await?;
        Some((Ok(sse_event(told)), l))
    });
    Ok(Sse::new(first.chain(rest)).keep_alive(KeepAlive::default()))
}

/// A notice as a WebSocket text message: `{"event": "changed", "seq": N}`
/// or `{"event": "chat", "n": N}`.
fn ws_message((name, mut data): Told) -> Message {
    data["event"] = json!(name);
    Message::Text(data.to_string().into())
}

/// The WebSocket, `?ticket=`. A page of another site may not open it (a
/// WebSocket is not bound by CORS): a foreign `Origin` is refused.
pub async fn websocket(
    State(st): State<AppState>,
    ApiPath(id): ApiPath<String>,
    Client(addr): Client,
    Query(q): Query<TicketQuery>,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Result<Response, ApiError> {
    if let Some(origin) = headers.get(header::ORIGIN) {
        if !origin.to_str().is_ok_and(|o| st.site.accepts_origin(o)) {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                "live updates are opened only by this site's own pages",
            ));
        }
    }
    // The ticket first: a used one is refused alike, upgrade or not.
    let (listener, seq) = open(&st, &id, addr, q.ticket).await?;
    let upgrade = upgrade.map_err(|e| {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            format!("this address takes a WebSocket ({e}); server-sent events are at .../events"),
        )
    })?;
    // The frame bound too (tungstenite's default is 16 MiB): a frame's
    // header makes it reserve room for the whole payload and wait for it,
    // so a 14-byte header held 16 MiB of a socket until the keep-alive gave
    // up. Over the bound a frame is refused at its header (audit 4).
    Ok(upgrade
        .max_message_size(CLIENT_MESSAGE_MAX)
        .max_frame_size(CLIENT_MESSAGE_MAX)
        .on_upgrade(move |socket| serve(socket, listener, seq))
        .into_response())
}

async fn serve(mut socket: WebSocket, mut listener: Listener, seq: u64) {
    if socket.send(ws_message(changed(seq))).await.is_err() {
        return;
    }
    let mut ping = tokio::time::interval(KEEP_ALIVE);
    ping.tick().await;
    let mut heard = Instant::now();
    loop {
        tokio::select! {
            told = listener.next() => {
                let Some(told) = told else { break };
                if socket.send(ws_message(told)).await.is_err() {
                    break;
                }
            }
            m = socket.recv() => match m {
                // Pongs (and pings, answered by the library) show it is there.
                Some(Ok(Message::Pong(_) | Message::Ping(_))) => heard = Instant::now(),
                // It has nothing to say but goodbye.
                _ => break,
            },
            _ = ping.tick() => {
                if heard.elapsed() > 3 * KEEP_ALIVE || socket.send(Message::Ping(Default::default())).await.is_err() {
                    break;
                }
            }
        }
    }
    let _ = socket.send(Message::Close(None)).await;
}
