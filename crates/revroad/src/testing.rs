//! What both games' tests share (the `testing` feature: b2c and bh take
//! revroad with it as a dev-dependency). Each game's `tests/support` names
//! its seats and pieces over these.

use crate::sheet::SheetBot;
use engine::{Forbidden, Game, Seat, Setup, Title, WhyNot};
use std::path::PathBuf;

/// The facts panel of `viewer`'s view, as "label: value (rule)" lines.
pub fn facts<G: Game>(g: &G, viewer: Option<Seat>) -> Vec<String> {
    let v = g.view(viewer);
    let facts: Vec<engine::Fact> = serde_json::from_value(v["facts"].clone()).expect("facts parse");
    facts
        .iter()
        .map(|f| format!("{}: {} ({})", f.label, f.value, f.rule))
        .collect()
}

/// The table of `viewer`'s view (`engine::Board`, its `board`).
pub fn view_board<G: Game>(g: &G, viewer: Option<Seat>) -> engine::Board {
    serde_json::from_value(g.view(viewer)["board"].clone()).expect("the view's board parses")
}

/// The ids of `seat`'s legal actions.
pub fn ids<G: Game>(g: &G, seat: Seat) -> Vec<String> {
    engine::described(g, seat).into_iter().map(|a| a.id).collect()
}

/// The legal action `id` of `seat` as the clients see it (label, warning...);
/// panics with the legal ids if there is none.
pub fn info<G: Game>(g: &G, seat: Seat, id: &str) -> engine::ActionInfo {
    engine::described(g, seat)
        .into_iter()
        .find(|a| a.id == id)
        .unwrap_or_else(|| panic!("{id} is not legal; legal: {:?}", ids(g, seat)))
}

/// Apply the action with this id for `seat`; panics with the legal ids if refused.
pub fn act<G: Game>(g: &mut G, seat: Seat, id: &str) {
    match engine::find_action(g, seat, id) {
        Ok(a) => engine::apply(g, seat, &a).expect("a legal action applies"),
        Err(e) => panic!("{id}: {e}; legal: {:?}", ids(g, seat)),
    }
}

/// The rules of a "why not?" refusal (panics on any other answer).
pub fn refusal(w: WhyNot) -> Vec<Forbidden> {
    match w {
        WhyNot::Forbidden { rules } => rules,
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// The first rule of a "why not?" refusal is `rule`, and its reason says `words`.
pub fn refused_by(w: WhyNot, rule: &str, words: &str) {
    let f = refusal(w).remove(0);
    assert_eq!(f.rule, rule, "{}", f.reason);
    assert!(f.reason.contains(words), "{}", f.reason);
}

/// "Why not?" answered that the legal action `id` points there.
pub fn answered_legal(w: &WhyNot, id: &str) -> bool {
    matches!(w, WhyNot::Legal { actions } if actions.iter().any(|a| a.id == id))
}

/// Every log entry everyone may see, as text.
pub fn log_texts<G: Game>(g: &G) -> Vec<String> {
    g.log().visible(None).map(|e| e.text.clone()).collect()
}

/// The solitaire bot's choice now and the priority (1-based) that made it.
pub fn bot_pick<G: SheetBot>(g: &mut G) -> (G::Action, usize) {
    let c = g.bot_choice().expect("the bot acts");
    (c.action, c.priority)
}

/// A new game of `scenario` with `options`.
pub fn new_game<G: Game>(scenario: &str, seed: u64, options: &[(&str, &str)]) -> G {
    let mut s = Setup::new(scenario, seed);
    for (k, v) in options {
        s.options.insert(k.to_string(), v.to_string());
    }
    s.validate(G::info()).expect("a valid setup");
    G::new(&s)
}

/// b2c 15.3, 15.4 / bh 12.3, 12.4: a solitaire game plays out against the
/// bot, which gives its reasons in the log, and plays it again the same (its
/// ties use the game's dice).
pub fn solo_game_plays_out<G: Game>(scenario: &str, human: Seat, seed: u64) {
    let (g, log) = play_solo::<G>(scenario, human, seed);
    assert!(g.outcome().is_some());
    let bot = if human == crate::BRITISH {
        "Patriot bot: "
    } else {
        "British bot: "
    };
    assert!(log.iter().filter(|t| t.starts_with(bot)).count() > 5);
    let (_, again) = play_solo::<G>(scenario, human, seed);
    assert_eq!(log, again, "the bot's ties use the game's dice: a replay is exact");
}

/// A solitaire game played to its end with only `human` acting (by a fixed
/// stride through the legal actions, so that the game has fighting in it);
/// the bot's seat never appears to act. Returns the game and its log texts.
pub fn play_solo<G: Game>(scenario: &str, human: Seat, seed: u64) -> (G, Vec<String>) {
    let mut g: G = new_game(scenario, seed, &[]);
    let mut n = 0;
    while g.outcome().is_none() {
        let seats = g.to_act();
        assert!(!seats.contains(1 - human), "the bot's seat never acts");
        assert!(seats.contains(human));
        let mut legal = Vec::new();
        g.legal(human, &mut legal);
        let a = legal[(n * 7 + 3) % legal.len()].clone();
        engine::apply(&mut g, human, &a).unwrap();
        n += 1;
        assert!(n < 20_000, "the game ends");
    }
    let log = log_texts(&g);
    (g, log)
}

/// With the `bot` option at `seat`, the solitaire-british scenario's
/// Patriot side is an ordinary seat: it acts within `moves` moves, and no
/// bot decision is logged.
pub fn bot_seat_is_an_ordinary_seat<G: Game>(moves: usize) {
    let mut g: G = new_game("solo-british", 1, &[("bot", "seat")]);
    let mut patriot_acted = false;
    for _ in 0..moves {
        if g.outcome().is_some() {
            break;
        }
        let seat = g.to_act().iter().next().unwrap();
        patriot_acted |= seat == crate::PATRIOT;
        let mut legal = Vec::new();
        g.legal(seat, &mut legal);
        engine::apply(&mut g, seat, &legal[legal.len() / 2]).unwrap();
    }
    assert!(patriot_acted);
    assert!(!g.log().visible(None).any(|e| e.text.contains("bot:")));
}

/// A scratch folder for a title's `--data DIR` tests, removed when dropped.
pub struct DataDir(pub PathBuf);

impl DataDir {
    /// An empty folder named for `title` and this process.
    pub fn new(title: &str) -> DataDir {
        let dir = std::env::temp_dir().join(format!("{title}-data-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        DataDir(dir)
    }

    pub fn write(&self, file: &str, text: &str) {
        std::fs::write(self.0.join(file), text).unwrap();
    }

    pub fn remove(&self, file: &str) {
        std::fs::remove_file(self.0.join(file)).unwrap();
    }

    /// Why `G` refuses the folder, with the folder's path left out of the
    /// file names (`vp.tsv line 3, ...`).
    pub fn refusal<G: Title>(&self) -> String {
        let err = G::use_data_dir(&self.0).expect_err("the folder is refused");
        err.replace(&format!("{}{}", self.0.display(), std::path::MAIN_SEPARATOR), "")
    }

    /// Write `file` and say why `G` refuses the folder.
    pub fn refused<G: Title>(&self, file: &str, text: &str) -> String {
        self.write(file, text);
        self.refusal::<G>()
    }

    /// A good deck beside the file at fault: card 1 gives each side one
    /// Action instead of three; see [`deck_unchanged`].
    pub fn write_deck(&self) {
        let deck = include_str!("../data/cards.tsv").replace("\n1\t3\t3\t0\t", "\n1\t1\t1\t0\t");
        self.write("cards.tsv", &deck);
    }
}

impl Drop for DataDir {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

/// The deck of a refused folder ([`DataDir::write_deck`]) is not used.
pub fn deck_unchanged() {
    assert_eq!(
        crate::cards::card(1).british,
        3,
        "the deck of the refused folder is not used"
    );
}
