//! The accept loop: HTTP/1.1 connections to the [`crate::app`] router with
//! the bounds `axum::serve` does not set ([`Limits`]): a cap on connections
//! in all (beyond it new ones wait in the kernel's backlog) and per client
//! address (beyond it they are closed at once), a header-read timeout (a
//! silent new connection is closed after it) and an idle timeout (a
//! keep-alive connection that neither sends nor receives is closed). With
//! `--forwarded-for` a reverse proxy on this machine, whose connections are
//! every visitor's, is held to the cap in all only.
//!
//! A connection's places under both caps go with its socket ([`Held`]), so
//! that a WebSocket, which takes the socket over from the HTTP connection
//! at its upgrade, keeps them for as long as it is open: they used to be
//! given back at the upgrade, and open WebSockets counted against neither
//! cap (audit 5).
//!
//! HTTP/1.1 only: in front of the public internet a TLS reverse proxy speaks
//! HTTP/2 to browsers and HTTP/1.1 to this server (see the server README).

use crate::limits::{Counter, Guard, Limits, Peer};
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tower::ServiceExt;

/// Serve `app` on `listener` until the process ends.
pub async fn serve(listener: TcpListener, app: Router, limits: &Limits) -> io::Result<()> {
    let all = Arc::new(Semaphore::new(limits.connections.max(1)));
    let per_address = Counter::<IpAddr>::new(limits.connections_per_address.max(1));
    let (header, idle) = (limits.header_timeout(), limits.idle_timeout());
    loop {
        let permit = all
            .clone()
            .acquire_owned()
            .await
            .expect("the semaphore is never closed");
        let (stream, peer) = match listener.accept().await {
            Ok(c) => c,
            Err(e) => {
                // Out of file descriptors, or a connection reset before it
                // was accepted: wait a little rather than spin.
                tracing::warn!("accept failed: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        // A reverse proxy on this machine (--forwarded-for) brings every
        // visitor's connections: it is held to the cap in all only.
        let counted = match limits.forwarded_for && peer.ip().is_loopback() {
            true => None,
            false => match per_address.enter(crate::limits::subscriber(peer.ip(), limits.ipv6_prefix)) {
                Some(c) => Some(c),
                None => {
                    metrics::counter!("powderhorn_connections_refused_total").increment(1);
                    continue;
                }
            },
        };
        let held = Held::new(permit, counted);
        tokio::spawn(connection(stream, Peer(peer), app.clone(), header, idle, held));
    }
}

/// A connection's places under the caps, in all and per address: given
/// back when its socket is closed, which for a WebSocket is when the socket
/// ends, not when the HTTP connection hands it over.
struct Held {
    _permit: OwnedSemaphorePermit,
    /// `None` for a local reverse proxy's connection.
    _counted: Option<Guard<IpAddr>>,
}

impl Held {
    fn new(permit: OwnedSemaphorePermit, counted: Option<Guard<IpAddr>>) -> Held {
        metrics::gauge!("powderhorn_connections_open").increment(1.0);
        Held {
            _permit: permit,
            _counted: counted,
        }
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        metrics::gauge!("powderhorn_connections_open").decrement(1.0);
    }
}

/// One connection, closed once it has been idle for `idle`.
async fn connection(stream: TcpStream, peer: Peer, app: Router, header: Duration, idle: Duration, held: Held) {
    let _ = stream.set_nodelay(true);
    let start = Instant::now();
    let last = Arc::new(AtomicU64::new(0));
    let io = TokioIo::new(Tracked {
        inner: stream,
        start,
        last: last.clone(),
        _held: held,
    });
    let svc = hyper::service::service_fn(move |mut req: hyper::Request<Incoming>| {
        req.extensions_mut().insert(peer);
        app.clone().oneshot(req)
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder.timer(TokioTimer::new()).header_read_timeout(header);
    // With upgrades: a WebSocket (crate::live) takes the socket over when
    // its handshake is answered, and this connection's future ends; the
    // socket, and with it its places under the caps (`Held`), lives on in
    // the WebSocket until it closes.
    let conn = builder.serve_connection(io, svc).with_upgrades();
    tokio::pin!(conn);
    let check = (idle / 4).max(Duration::from_millis(250));
    let mut closing = false;
    loop {
        tokio::select! {
            _ = conn.as_mut() => return,
            _ = tokio::time::sleep(check), if !closing => {
                let quiet = start.elapsed().saturating_sub(Duration::from_millis(last.load(Ordering::Relaxed)));
                if quiet >= idle {
                    closing = true;
                    conn.as_mut().graceful_shutdown();
                }
            }
        }
    }
}

/// A TCP stream that notes when it last read or wrote anything (in ms since
/// `start`), holding its places under the caps until it is dropped.
struct Tracked {
    inner: TcpStream,
    start: Instant,
    last: Arc<AtomicU64>,
    _held: Held,
}

impl Tracked {
    fn touch(&self) {
        self.last
            .store(self.start.elapsed().as_millis() as u64, Ordering::Relaxed);
    }
}

impl AsyncRead for Tracked {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let r = Pin::new(&mut self.inner).poll_read(cx, buf);
        if matches!(r, Poll::Ready(Ok(()))) && buf.filled().len() > before {
            self.touch();
        }
        r
    }
}

impl AsyncWrite for Tracked {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let r = Pin::new(&mut self.inner).poll_write(cx, buf);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            self.touch();
        }
        r
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let r = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            self.touch();
        }
        r
    }
    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}
