//! The browser's live updates over a WebSocket (`/api/games/{id}/live`), on
//! a real socket: a notice on connecting and after each move, a ticket that
//! serves once, a foreign page refused, slots counted per address and freed
//! when a tab closes; and more tabs of one browser than its six HTTP/1.1
//! connections per host, each with its updates.

mod common;
use common::*;
use futures_util::{SinkExt, StreamExt};
use server::limits::Limits;
use tokio_tungstenite::tungstenite::{client::IntoClientRequest, Message};

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Open the WebSocket with `origin`; the HTTP status when refused.
async fn connect(addr: std::net::SocketAddr, id: &str, ticket: &str, origin: &str) -> Result<Ws, u16> {
    let mut req = format!("ws://{addr}/api/games/{id}/live?ticket={ticket}")
        .into_client_request()
        .unwrap();
    req.headers_mut().insert("origin", origin.parse().unwrap());
    match tokio_tungstenite::connect_async(req).await {
        Ok((ws, _)) => Ok(ws),
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => Err(r.status().as_u16()),
        Err(e) => panic!("{e}"),
    }
}

/// The next notice, within 5 s.
async fn notice(ws: &mut Ws) -> Value {
    loop {
        let m = tokio::time::timeout(std::time::Duration::from_secs(5), ws.next())
            .await
            .expect("a notice within 5 s")
            .expect("the socket is open")
            .unwrap();
        if let Message::Text(t) = m {
            return serde_json::from_str(&t).unwrap();
        }
    }
}

// rule: none (server)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_carries_the_notices_and_is_counted() {
    let db = TestDb::sqlite();
    let limits = Limits {
        streams_per_address: 9,
        ..Limits::default()
    };
    let (addr, app) = serve(&db.spec, limits).await;
    let own = format!("http://{addr}");
    let g = create(&app, "me", "hotseat", 8).await;

    let t = ticket(&app, &g.id, &g.american).await;
    assert_eq!(
        connect(addr, &g.id, &t, "http://evil.example").await.err(),
        Some(403),
        "a foreign page"
    );
    let t = ticket(&app, &g.id, &g.american).await;
    let mut ws = connect(addr, &g.id, &t, &own).await.unwrap();
    assert_eq!(notice(&mut ws).await, json!({"event": "changed", "seq": 0}));
    assert_eq!(
        connect(addr, &g.id, &t, &own).await.err(),
        Some(403),
        "a ticket serves once"
    );

    // A move by the other seat, a chat line: a notice each.
    let s = state(&app, &g, &g.british).await;
    let (st, v) = act(&app, &g, &g.british, 0, &first_legal(&s)).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(notice(&mut ws).await, json!({"event": "changed", "seq": 1}));
    let (st, v) = post(&app, &g.id, "chat", &g.british, json!({"text": "hello"})).await;
    assert_eq!(st, StatusCode::OK, "{v}");
    assert_eq!(notice(&mut ws).await["event"], "chat");

    // Eight more tabs of this browser: nine in all, more than the six
    // HTTP/1.1 connections a browser keeps per host, each with its notice.
    let mut tabs = vec![ws];
    for _ in 0..8 {
        let t = ticket(&app, &g.id, &g.british).await;
        let mut ws = connect(addr, &g.id, &t, &own).await.unwrap();
        assert_eq!(notice(&mut ws).await["event"], "changed");
        tabs.push(ws);
    }
    // The tenth is over this address's limit; closing a tab frees a slot.
    let t = ticket(&app, &g.id, &g.british).await;
    assert_eq!(connect(addr, &g.id, &t, &own).await.err(), Some(429));
    let mut closed = tabs.pop().unwrap();
    closed.close(None).await.unwrap();
    while closed.next().await.is_some() {}
    let start = std::time::Instant::now();
    loop {
        let t = ticket(&app, &g.id, &g.british).await;
        match connect(addr, &g.id, &t, &own).await {
            Ok(ws) => {
                tabs.push(ws);
                break;
            }
            Err(429) if start.elapsed() < std::time::Duration::from_secs(5) => {
                tokio::time::sleep(std::time::Duration::from_millis(50)).await
            }
            Err(e) => panic!("the freed slot was not given back: {e}"),
        }
    }
    // A tab that talks is closed (the client only listens).
    let ws = tabs.last_mut().unwrap();
    notice(ws).await;
    ws.send(Message::Text("hello".into())).await.unwrap();
    let end = tokio::time::timeout(std::time::Duration::from_secs(5), async {
        while let Some(Ok(m)) = ws.next().await {
            if let Message::Close(_) = m {
                return;
            }
        }
    });
    end.await.expect("closed by the server");
}
