//! The SQLite store under concurrent writers (its writer thread groups them
//! into shared transactions, see `src/store.rs`): every append is answered,
//! a lost race answers `Conflict` and stores nothing, and what was answered
//! is there after reopening. Over a file and over `:memory:`.

use server::store::{DbError, DbSpec, Event, EventKind, GameRow, Store};
use std::sync::Arc;

fn row(id: &str) -> GameRow {
    GameRow {
        id: id.into(),
        title: "t".into(),
        scenario: "liberty/1775".into(),
        seed: 1,
        status: "active".into(),
        ..GameRow::default()
    }
}

fn ev(game: usize, n: usize) -> Event {
    Event::of("british".into(), EventKind::Act, format!("g{game}-m{n}"))
}

const GAMES: usize = 40;
const MOVES: usize = 25;

/// `GAMES` tasks, each appending `MOVES` moves to its own game, one at a
/// time (as the per-game lock does); all at once.
async fn play_many(store: Arc<Store>) {
    for g in 0..GAMES {
        store.create(&row(&format!("g{g}")), &[], &[]).await.unwrap();
    }
    let tasks: Vec<_> = (0..GAMES)
        .map(|g| {
            let store = store.clone();
            tokio::spawn(async move {
                for n in 0..MOVES {
                    let status = if n + 1 == MOVES { "over" } else { "active" };
                    store
                        .append(&format!("g{g}"), n as u64, &[ev(g, n)], status, "")
                        .await
                        .unwrap();
                }
            })
        })
        .collect();
    for t in tasks {
        t.await.unwrap();
    }
}

async fn check_many(store: &Store) {
    for g in 0..GAMES {
        let (row, _, events) = store.game(&format!("g{g}")).await.unwrap().unwrap();
        assert_eq!(row.status, "over");
        assert_eq!(events, (0..MOVES).map(|n| ev(g, n)).collect::<Vec<_>>(), "game {g}");
        assert_eq!(store.seq(&format!("g{g}")).await.unwrap(), MOVES as u64);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_appends_all_land_in_a_file_and_stay() {
    let dir = tempfile::tempdir().unwrap();
    let spec = DbSpec::parse(dir.path().join("games.db").to_str().unwrap());
    let store = Arc::new(Store::open(&spec).await.unwrap());
    play_many(store.clone()).await;
    check_many(&store).await;
    drop(store);
    check_many(&Store::open(&spec).await.unwrap()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn concurrent_appends_all_land_in_memory() {
    let store = Arc::new(Store::in_memory().unwrap());
    play_many(store.clone()).await;
    check_many(&store).await;
}

/// Two appends at the same place, at once, many times over (in one batch or
/// in two): one wins, the other answers `Conflict`, only the winner is stored.
async fn races(store: Arc<Store>) {
    for i in 0..30 {
        let id = format!("race{i}");
        store.create(&row(&id), &[], &[]).await.unwrap();
        store.append(&id, 0, &[ev(i, 0)], "active", "").await.unwrap();
        let (s1, s2) = (store.clone(), store.clone());
        let (id1, id2) = (id.clone(), id.clone());
        let a = tokio::spawn(async move { s1.append(&id1, 1, &[ev(i, 1), ev(i, 2)], "active", "").await });
        let b = tokio::spawn(async move { s2.append(&id2, 1, &[ev(i, 10)], "over", "").await });
        let (a, b) = (a.await.unwrap(), b.await.unwrap());
        let (_, _, events) = store.game(&id).await.unwrap().unwrap();
        match (a, b) {
            (Ok(()), Err(DbError::Conflict)) => assert_eq!(events, [ev(i, 0), ev(i, 1), ev(i, 2)]),
            (Err(DbError::Conflict), Ok(())) => assert_eq!(events, [ev(i, 0), ev(i, 10)]),
            other => panic!("race {i}: {other:?}"),
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn of_two_appends_at_one_place_one_wins_in_a_file() {
    let dir = tempfile::tempdir().unwrap();
    let spec = DbSpec::parse(dir.path().join("games.db").to_str().unwrap());
    races(Arc::new(Store::open(&spec).await.unwrap())).await;
}

#[tokio::test]
async fn of_two_appends_at_one_place_one_wins_in_memory() {
    races(Arc::new(Store::in_memory().unwrap())).await;
}

/// A current-thread runtime (as `#[tokio::test]`) drives the store too, and
/// reads see every write answered before them.
#[tokio::test]
async fn reads_see_the_writes_answered_before_them() {
    let dir = tempfile::tempdir().unwrap();
    let spec = DbSpec::parse(dir.path().join("games.db").to_str().unwrap());
    let memory = DbSpec::parse(":memory:");
    for store in [
        Store::open(&spec).await.unwrap(),
        Store::in_memory().unwrap(),
        Store::open(&memory).await.unwrap(),
    ] {
        store.ping().await.unwrap();
        store.create(&row("r"), &[], &[]).await.unwrap();
        for n in 0..10 {
            store.append("r", n, &[ev(0, n as usize)], "active", "").await.unwrap();
            assert_eq!(store.seq("r").await.unwrap(), n + 1);
        }
        store.set_notes("r", "british", "plan").await.unwrap();
        assert_eq!(store.notes("r", "british").await.unwrap(), "plan");
        assert_eq!(store.add_chat("r", "british", "hi", 1000, "").await.unwrap(), Some(1));
        assert_eq!(store.chat("r", 0, 10).await.unwrap()[0].text, "hi");
        assert!(store.game("none").await.unwrap().is_none());
    }
}
