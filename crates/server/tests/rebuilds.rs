//! Rebuilds of games not in memory (`Registry::get`): one for every request
//! that wants a game, its outcome shared, bounded in time, for key holders
//! only, and nothing left behind by requests that go away. Found by the
//! third hostile-client audit (session 32); a binary of its own for the
//! allocation count.
mod common;
use common::*;
use server::store::{Event, EventKind};
use server::Limits;
use std::alloc::{GlobalAlloc, Layout, System};
use std::future::Future;
use std::sync::atomic::{AtomicIsize, Ordering};
use std::time::{Duration, Instant};

/// The tests of this file one at a time (the allocation count below is the
/// process's).
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// Bytes allocated and not yet freed, in the whole process.
static LIVE_BYTES: AtomicIsize = AtomicIsize::new(0);
struct Counting;
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        let p = System.alloc(l);
        if !p.is_null() {
            LIVE_BYTES.fetch_add(l.size() as isize, Ordering::Relaxed);
        }
        p
    }
    unsafe fn alloc_zeroed(&self, l: Layout) -> *mut u8 {
        let p = System.alloc_zeroed(l);
        if !p.is_null() {
            LIVE_BYTES.fetch_add(l.size() as isize, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        System.dealloc(p, l);
        LIVE_BYTES.fetch_sub(l.size() as isize, Ordering::Relaxed);
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, new: usize) -> *mut u8 {
        let q = System.realloc(p, l, new);
        if !q.is_null() {
            LIVE_BYTES.fetch_add(new as isize - l.size() as isize, Ordering::Relaxed);
        }
        q
    }
}
#[global_allocator]
static ALLOC: Counting = Counting;

async fn app_with(db: &str, limits: Limits) -> (Router, server::AppState) {
    let st = server::open_with(db, limits).await.expect("open db");
    (server::app(st.clone()), st)
}

/// `--rebuild-wait` bounds a request's wait: requests at once for one game
/// out of memory share one rebuild and its refusal, all answered 503 after
/// about one wait (they had queued one after another, the k-th answered
/// after k waits).
async fn requests_for_one_game_share_one_rebuild_and_its_refusal(db: &str) {
    let limits = Limits {
        // As trust.rs's rebuilds_are_bounded: every rebuild permit taken.
        rebuilds_at_once: 0,
        rebuild_wait: 1,
        ..Limits::default()
    };
    let _serial = SERIAL.lock().await;
    let (app, st) = app_with(db, limits).await;
    let g = create(&app, "me", "hotseat", 3).await;
    st.reg.evict(&g.id);
    let start = Instant::now();
    let mut asking = tokio::task::JoinSet::new();
    for _ in 0..6 {
        let (app, g) = (app.clone(), g.clone());
        asking.spawn(async move {
            let (code, _) = call(&app, "GET", &format!("/api/games/{}", g.id), Some(&g.british), None).await;
            (code, start.elapsed())
        });
    }
    let answers = asking.join_all().await;
    assert!(
        answers.iter().all(|(c, _)| *c == StatusCode::SERVICE_UNAVAILABLE),
        "{answers:?}"
    );
    let slowest = answers.iter().map(|(_, t)| *t).max().unwrap();
    assert!(
        slowest < Duration::from_millis(2500),
        "--rebuild-wait is 1 s, yet the slowest of 6 requests at once for one game waited {slowest:?}: {answers:?}"
    );
}
both!(requests_for_one_game_share_one_rebuild_and_its_refusal);

/// A move that loses a race with another writer (another server process on
/// the same database) reloads the game (`Registry::reload`) holding the
/// game's lock: its wait for a rebuild is bounded by `--rebuild-wait` too
/// (then the game is evicted), so neither the mover nor the game's other
/// requests hang when the rebuilds are all taken.
async fn a_reload_after_a_lost_race_waits_no_longer_than_a_rebuild(db: &str) {
    let limits = Limits {
        rebuilds_at_once: 0,
        rebuild_wait: 1,
        ..Limits::default()
    };
    let _serial = SERIAL.lock().await;
    let (app, st) = app_with(db, limits).await;
    let g = create(&app, "me", "hotseat", 3).await;
    let b = state(&app, &g, &g.british).await;
    let seat = b["to_act"][0].as_str().unwrap().to_string();
    let token = if seat == "british" { &g.british } else { &g.american };
    let s = state(&app, &g, token).await;
    let action = first_legal(&s);
    // The other process stores the move first.
    let n = st.reg.store.seq(&g.id).await.unwrap();
    st.reg
        .store
        .append(
            &g.id,
            n,
            &[Event::of(seat.clone(), EventKind::Act, action.clone())],
            "active",
            "",
        )
        .await
        .unwrap();
    let mover = {
        let (app, g, token, action) = (app.clone(), g.clone(), token.clone(), action.clone());
        let seq = s["seq"].as_u64().unwrap();
        tokio::spawn(async move { act(&app, &g, &token, seq, &action).await })
    };
    let answered = tokio::time::timeout(Duration::from_secs(5), mover).await;
    assert!(
        answered.is_ok(),
        "the losing move was not answered within 5 s (its reload waits for a permit without bound)"
    );
    let page = tokio::time::timeout(
        Duration::from_secs(5),
        call(&app, "GET", &format!("/api/games/{}", g.id), Some(&g.spectator), None),
    )
    .await;
    assert!(page.is_ok(), "the game's page was not answered within 5 s");
}
both!(a_reload_after_a_lost_race_waits_no_longer_than_a_rebuild);

/// Poll `f` once, then drop it (a request whose client went away: hyper
/// drops the handler's future).
async fn poll_once_and_drop<F: Future>(f: F) {
    let mut f = std::pin::pin!(f);
    std::future::poll_fn(|cx| {
        let _ = f.as_mut().poll(cx);
        std::task::Poll::Ready(())
    })
    .await;
}

/// The bytes allocated once the spawned loads are done (the count stops
/// moving), waiting 10 s at most.
async fn settled() -> isize {
    let mut last = LIVE_BYTES.load(Ordering::Relaxed);
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(200)).await;
        let now = LIVE_BYTES.load(Ordering::Relaxed);
        if (now - last).abs() < 4096 {
            return now;
        }
        last = now;
    }
    last
}

/// A request dropped while its game loads (a client that goes away) leaves
/// nothing behind: the load runs in a task of its own, which takes its
/// entry out of the `loading` map, and the map gives back a burst's room.
/// 30,000 dropped requests keep no more memory than 30,000 answered ones.
#[tokio::test]
async fn requests_dropped_while_loading_leave_nothing_behind() {
    let _serial = SERIAL.lock().await;
    let db = TestDb::sqlite();
    let (_app, st) = app_with(&db.spec, Limits::default()).await;
    const N: usize = 30_000;
    // Answered requests for unknown games: their locks go.
    for i in 0..200 {
        let _ = st.reg.get(&format!("warm{i:012}")).await;
    }
    let before = settled().await;
    for i in 0..N {
        assert!(st.reg.get(&format!("done{i:012}")).await.is_err());
    }
    let answered = settled().await;
    for i in 0..N {
        poll_once_and_drop(st.reg.get(&format!("gone{i:012}"))).await;
    }
    let dropped = settled().await;
    let (kept_answered, kept_dropped) = (answered - before, dropped - answered);
    assert!(
        kept_dropped < 1_000_000,
        "{N} requests dropped while loading left {kept_dropped} bytes behind \
         ({N} answered ones: {kept_answered})"
    );
}

/// A request with no token (or a wrong one) for a game out of memory is
/// refused before any rebuild: the key is checked against the stored seats
/// (`api::entry`). The game's id is in its page's path (`/play/ID#token`),
/// so logs and Referer headers carry it; the token stays in the browser.
async fn a_stranger_without_a_token_rebuilds_nothing(db: &str) {
    let _serial = SERIAL.lock().await;
    let (app, st) = app_with(db, Limits::default()).await;
    let g = create(&app, "me", "hotseat", 3).await;
    st.reg.evict(&g.id);
    let before = st.reg.rebuilt_count();
    for token in [None, Some("0123456789abcdef0123456789abcdef")] {
        st.reg.evict(&g.id);
        let (code, v) = call(&app, "GET", &format!("/api/games/{}", g.id), token, None).await;
        assert_eq!(code, StatusCode::FORBIDDEN, "{v}");
    }
    assert_eq!(
        st.reg.rebuilt_count() - before,
        0,
        "requests refused for their token rebuilt the game"
    );
    assert!(
        st.reg.in_memory(&g.id).is_none(),
        "a refused request put the game back in memory"
    );
}
both!(a_stranger_without_a_token_rebuilds_nothing);
