//! The contract every title implements.

use crate::{Dice, Log};
use rand_chacha::ChaCha8Rng;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::{self, Debug};

/// A seat is an index into `TitleInfo::seats`.
pub type Seat = u8;

/// Who looks at the game: one seat, or a spectator who sees nothing hidden.
pub type Viewer = Option<Seat>;

/// A set of seats (bit i = seat i), for decisions taken by several seats at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeatSet(pub u8);

impl SeatSet {
    pub const NONE: SeatSet = SeatSet(0);
    pub fn one(s: Seat) -> Self {
        SeatSet(1 << s)
    }
    pub fn with(self, s: Seat) -> Self {
        SeatSet(self.0 | (1 << s))
    }
    pub fn without(self, s: Seat) -> Self {
        SeatSet(self.0 & !(1 << s))
    }
    pub fn contains(self, s: Seat) -> bool {
        self.0 & (1 << s) != 0
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..8u8).filter(move |&s| self.contains(s))
    }
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct ScenarioInfo {
    pub key: &'static str,
    pub name: &'static str,
    pub rule: &'static str,
    /// A solitaire scenario: the side its one player takes.
    pub solo: Option<Solo>,
}

/// A solitaire scenario's player and how the game plays the other side.
#[derive(Clone, Copy, Debug, Serialize, PartialEq)]
pub struct Solo {
    /// The seat the player takes (the scenario's name says which).
    pub player: &'static str,
    /// The option (key and value) under which the game itself plays the
    /// other seats, which then never act (e.g. `bot` = `sheet`, the
    /// solitaire bot sheets of Revolution Road).
    pub bot_option: (&'static str, &'static str),
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct OptionInfo {
    pub key: &'static str,
    /// Allowed values; the first is the default.
    pub values: &'static [&'static str],
    pub help: &'static str,
    /// Values that need another option's value: `(value, other key, other
    /// value)`. A set-up that breaks one is refused ([`Setup::validate`]),
    /// as an unknown value is, rather than played otherwise than asked.
    pub needs: &'static [(&'static str, &'static str, &'static str)],
}

impl OptionInfo {
    /// An optional rule that is either played or not: `off` (the default) or `on`.
    pub const fn switch(key: &'static str, help: &'static str) -> OptionInfo {
        OptionInfo {
            key,
            values: &["off", "on"],
            help,
            needs: &[],
        }
    }
}

#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct TitleInfo {
    pub key: &'static str,
    pub name: &'static str,
    pub seats: &'static [&'static str],
    pub scenarios: &'static [ScenarioInfo],
    pub options: &'static [OptionInfo],
    /// Changes whenever rules or data change how a game plays; saved games
    /// record it so a replay knows which rules made them.
    pub rules_version: &'static str,
    /// The files `--data DIR` may replace (see [`Title::use_data_dir`]); a
    /// save file records those a game was made with.
    pub data_files: &'static [&'static str],
    /// The levels of a result, the least first (FIW 29.22: draw, colonial,
    /// continental, imperial); empty when the title has none.
    pub victory_levels: &'static [&'static str],
    /// The section under which the players may agree to a draw (FIW 29.3
    /// Concession), `None` where the rules do not provide one
    /// ([`crate::Session::offer_draw`]). An agreed draw is of the least
    /// victory level, so a title with levels and agreed draws lists its
    /// draw first.
    pub agreed_draw: Option<&'static str>,
}

impl TitleInfo {
    pub fn seat(&self, name: &str) -> Option<Seat> {
        self.seats.iter().position(|s| *s == name).map(|i| i as Seat)
    }
    pub fn seat_name(&self, s: Seat) -> &'static str {
        self.seats[s as usize]
    }

    /// What the fields promise one another (a test checks every title's):
    /// an agreed draw ends the game at the least victory level, so a title
    /// with both lists a level named "draw" first.
    pub fn check(&self) -> Result<(), String> {
        match (self.agreed_draw, self.victory_levels.first()) {
            (Some(rule), Some(&least)) if least != "draw" => Err(format!(
                "{}: the players may agree to a draw ({rule}) but the least victory level is {least:?}, not \"draw\"",
                self.key
            )),
            _ => Ok(()),
        }
    }
}

/// What a new game is made from: with the action list, all a game is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Setup {
    pub scenario: String,
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    pub seed: u64,
    /// Referee mode: what the set-up draws (a first deal of cards), by
    /// name, in the order it draws them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub draws: Vec<String>,
}

impl Setup {
    pub fn new(scenario: &str, seed: u64) -> Self {
        Setup {
            scenario: scenario.to_string(),
            options: BTreeMap::new(),
            seed,
            draws: Vec::new(),
        }
    }

    /// Check the scenario and options against the title, filling defaults.
    pub fn validate(&mut self, info: &TitleInfo) -> Result<(), SetupError> {
        if !info.scenarios.iter().any(|s| s.key == self.scenario) {
            return Err(SetupError::UnknownScenario(self.scenario.clone()));
        }
        for (k, v) in &self.options {
            let opt = info
                .options
                .iter()
                .find(|o| o.key == k)
                .ok_or_else(|| SetupError::UnknownOption(k.clone()))?;
            if !opt.values.contains(&v.as_str()) {
                return Err(SetupError::BadOptionValue(k.clone(), v.clone(), opt.values.join("|")));
            }
        }
        for o in info.options {
            self.options
                .entry(o.key.to_string())
                .or_insert_with(|| o.values[0].to_string());
        }
        for o in info.options {
            let value = self.options[o.key].as_str();
            for &(v, key, wanted) in o.needs {
                if v == value && self.option(key) != Some(wanted) {
                    return Err(SetupError::OptionNeeds(
                        o.key.into(),
                        v.into(),
                        key.into(),
                        wanted.into(),
                    ));
                }
            }
        }
        Ok(())
    }

    pub fn option(&self, key: &str) -> Option<&str> {
        self.options.get(key).map(String::as_str)
    }

    pub fn flag(&self, key: &str) -> bool {
        matches!(self.option(key), Some("on" | "yes" | "true"))
    }
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum SetupError {
    #[error("unknown scenario '{0}'")]
    UnknownScenario(String),
    #[error("unknown option '{0}'")]
    UnknownOption(String),
    #[error("option '{0}' cannot be '{1}' (allowed: {2})")]
    BadOptionValue(String, String, String),
    #[error("option '{0}' = '{1}' needs option '{2}' = '{3}'")]
    OptionNeeds(String, String, String, String),
    #[error("the set-up cannot draw {0}")]
    BadDraw(String),
}

/// What a seat is asked now.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Prompt {
    pub text: String,
    pub rule: String,
}

/// An action as a caller sees it: stable id, label, and the map element it points at.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct ActionInfo {
    pub id: String,
    pub label: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
    /// A risk or a cost the rules attach to this action, said before it
    /// is taken (a client asks to confirm): e.g. a force march's loss roll.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warning: Option<String>,
    /// The kind of choice, for actions that differ only in what they point
    /// at: the label without its target ("Place hinder-muster (6.11)" for
    /// every "Place hinder-muster in X (6.11)"). A client shows many of one
    /// group as a single choice made on the map, or, for a group with no
    /// target at all (FIW's recruits, by kind), as a list that opens. A
    /// group's members all have a target or none has (the conformance
    /// harness checks it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// Certain to be beyond undo (it rolls dice or draws), so a client asks
    /// before taking it on a single click such as one on the map. Set only
    /// where the seat's own view makes it certain; the conformance harness
    /// checks that such an action ends the seat's undo.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub irreversible: bool,
}

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Outcome {
    /// `None` is a draw.
    pub winner: Option<Seat>,
    /// How great the result is, one of the title's
    /// [`TitleInfo::victory_levels`] (FIW 29.22: a draw, or a colonial,
    /// continental or imperial victory); `None` for a title without levels.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
    pub reason: String,
    pub rule: String,
}

impl Outcome {
    /// The result for `seat` as `Game::evaluate` scores it: 1 won, 0 lost,
    /// 0.5 drawn.
    pub fn value_for(&self, seat: Seat) -> f64 {
        match self.winner {
            Some(w) if w == seat => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// What every game carries, whatever its title: its log, its dice and,
/// once it is over, its outcome. A title's state holds one, flattened into
/// its JSON (`#[serde(flatten)] core: Core`), and hands it to the engine
/// through [`Game::core`].
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Core {
    pub outcome: Option<Outcome>,
    pub dice: Dice,
    pub log: Log,
}

impl Core {
    /// The core of a new game: dice seeded from the setup, with the
    /// set-up's scripted draws queued.
    pub fn new(setup: &Setup) -> Self {
        let mut dice = Dice::seeded(setup.seed);
        dice.script_draws(setup.draws.iter().cloned());
        Core {
            outcome: None,
            dice,
            log: Log::default(),
        }
    }

    /// End the game.
    pub fn finish(&mut self, winner: Option<Seat>, reason: impl Into<String>, rule: &str) {
        self.outcome = Some(Outcome {
            winner,
            level: None,
            reason: reason.into(),
            rule: rule.to_string(),
        });
    }

    /// End the game with a result of this level (one of the title's
    /// [`TitleInfo::victory_levels`]).
    pub fn finish_at(&mut self, winner: Option<Seat>, level: &str, reason: impl Into<String>, rule: &str) {
        self.finish(winner, reason, rule);
        if let Some(o) = &mut self.outcome {
            o.level = Some(level.to_string());
        }
    }
}

/// What a title is apart from any one game: its metadata, its data and its
/// map. Implemented once per title, in the crate's `lib.rs`.
pub trait Title: 'static {
    fn info() -> &'static TitleInfo;

    /// The map as every client draws it (its geometry, spaces with drawing
    /// coordinates, links, labels and the key of its markers); `None` when
    /// the title has no map. The harness checks it holds together.
    fn drawing() -> Option<crate::Drawing> {
        None
    }

    /// Every reconstructed data item (a value the rulebook does not print)
    /// with the reason for it, for `powderhorn data provenance`.
    fn provenance() -> Vec<(String, String)> {
        Vec::new()
    }

    /// `--data DIR`: data files found in `dir` replace the reconstructed
    /// ones (a printed game's values). Called before any game is made; on
    /// error nothing changes. A title without data files accepts any folder.
    fn use_data_dir(dir: &std::path::Path) -> Result<(), String> {
        let _ = dir;
        Ok(())
    }
}

/// The sequence of play: who decides, what they may do, and what follows by
/// itself. A title implements it where it keeps its dispatch (its
/// `turn.rs`), usually over a stack of frames: [`Procedure::step`] looks at
/// the top frame and either resolves what needs no decision or stops for
/// one. The engine calls only the provided methods of [`Game`] on it.
pub trait Procedure: Sized {
    /// One decision of a seat. Equality is what makes an action legal: the
    /// engine looks it up in [`Procedure::legal_for`]'s list.
    type Action: Clone + Debug + PartialEq + Send + Sync;

    /// Seats that must decide now, were the game not over.
    fn acting(&self) -> SeatSet;

    /// What `seat`, one of [`Procedure::acting`], is asked now.
    fn prompt(&self, seat: Seat) -> Prompt;

    /// Every legal action of `seat`, one of [`Procedure::acting`], appended
    /// to `out`, each once. It may depend only on what `seat` may know
    /// (the conformance harness checks it in resampled worlds).
    fn legal_for(&self, seat: Seat, out: &mut Vec<Self::Action>);

    /// Apply one of [`Procedure::legal_for`]'s actions.
    fn perform(&mut self, seat: Seat, action: Self::Action);

    /// True while the seats in [`Procedure::acting`] decide side by side,
    /// each on its own secret draft (a [`crate::Drafts`]): until an action
    /// changes who acts, it changes nothing any other seat may see or do
    /// (its view, its log, its legal actions). [`crate::Session`] then keeps
    /// an undo sequence per seat, and the conformance harness checks the
    /// promise. False (the default): when several seats act at once, each
    /// action is an undo barrier.
    fn independent(&self) -> bool {
        false
    }

    /// Resolve one automatic step (a die to roll, a phase to begin, a frame
    /// to close); false when a seat must decide before anything else can
    /// happen. Called until it returns false or the game is over.
    fn step(&mut self) -> bool {
        false
    }
}

/// How an action reads: its stable id and a label for a player. In a
/// title's `actions.rs`.
pub trait Describe: Procedure {
    /// Id, label and target of an action legal for `seat` now. The id is
    /// stable across versions (save files name actions by it), unique among
    /// the seat's legal actions, lowercase words and digits joined by '-'.
    fn describe(&self, seat: Seat, action: &Self::Action) -> ActionInfo;

    /// The id of [`Describe::describe`], written to `out` without its
    /// label: the move a caller names is looked up through it, so a title
    /// writes it without allocating (the default describes the action). The
    /// conformance harness checks that the two agree.
    fn write_id(&self, seat: Seat, action: &Self::Action, out: &mut dyn fmt::Write) -> fmt::Result {
        out.write_str(&self.describe(seat, action).id)
    }

    /// "Why not?": the rules that forbid `seat`, at its current decision,
    /// what it would try with `target` (a space or piece id, as
    /// [`ActionInfo::target`] names them: move a block there, deploy
    /// there...), each with its section and the reason in the rulebook's
    /// words. A title answers through the same checks as `legal_for`, so
    /// that it never refuses a target some legal action points at (the
    /// conformance harness checks it, [`crate::why`]). Empty where the title
    /// does not explain this decision or target (the default).
    fn why_not(&self, _seat: Seat, _target: &str) -> Vec<crate::why::Forbidden> {
        Vec::new()
    }
}

/// What a seat may know. In a title's `view.rs`.
pub trait Views: Sized {
    /// Everything `viewer` may know, and nothing more.
    fn view(&self, viewer: Viewer) -> serde_json::Value;

    /// The turn and phase now, the same two facts every view lists: cheap,
    /// for a replay to find where each turn and phase begins.
    fn stage(&self) -> crate::Stage;

    /// A full state consistent with all `observer` has seen, with every
    /// hidden thing resampled and a fresh generator (so no future die is
    /// foreseen), and a log holding only the entries `observer` may read
    /// ([`crate::log::Log::keep_visible`]): the worlds the AI searches and
    /// the harness's leak check (which checks the log too).
    fn determinize(&self, observer: Seat, rng: &mut ChaCha8Rng) -> Self;

    /// [`Views::determinize`] of this state for `observer`, many times over
    /// (the AI samples thousands of worlds per decision): a title whose
    /// sampling works something out from the state alone (which pieces
    /// may trade places) does it here, once, and the sampler only draws.
    /// The sampler is called with this state and no other; it returns what
    /// `determinize` would, generator for generator.
    fn sampler(&self, observer: Seat) -> Sampler<Self>
    where
        Self: 'static,
    {
        Box::new(move |g: &Self, rng: &mut ChaCha8Rng| g.determinize(observer, rng))
    }
}

/// Worlds sampled from one state ([`Views::sampler`]).
pub type Sampler<G> = Box<dyn Fn(&G, &mut ChaCha8Rng) -> G + Send + Sync>;

/// A title's game: the contract every title implements, as [`Title`],
/// [`Procedure`], [`Describe`] and [`Views`] and the few methods here.
/// Callers use the provided methods ([`Game::to_act`], [`Game::legal`],
/// [`Game::apply_legal`], ...) and go through [`apply`] or
/// [`crate::Session`], never through the parts.
pub trait Game:
    Title + Procedure + Describe + Views + Clone + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// How many times the named bot levels' iterations (`ismcts:easy`,
    /// `normal`, `hard`) a title's search takes: more than one for a title
    /// whose moves are built of many small decisions, each searched alone.
    const SEARCH_SCALE: u32 = 1;

    /// A new game; `setup` has been validated against `info()`.
    fn new(setup: &Setup) -> Self;

    fn core(&self) -> &Core;
    fn core_mut(&mut self) -> &mut Core;

    /// The title's invariants (every piece in one place, strengths in range...).
    fn check(&self) -> Result<(), String>;

    /// How well `seat` stands, in [0, 1] (1 = won, 0 = lost): the score of a
    /// cut-off playout for the AI, from what the title values (victory points,
    /// control, strength).
    fn evaluate(&self, seat: Seat) -> f64;

    /// [`Game::evaluate`] of every seat, `out[seat]`: the same values, for a
    /// title whose seats' scores share their work (counted once here).
    fn evaluate_all(&self, out: &mut [f64]) {
        for (v, seat) in out.iter_mut().zip(0..) {
            *v = self.evaluate(seat);
        }
    }

    /// Whether `action` presses a proposal the other seat declined, nothing
    /// having changed since (Liberty's exchange offers, 11.5): legal, but a
    /// bot never takes it while it has another choice, as a player across
    /// the table would not ask again. Reads only what `seat` knows.
    fn presses(&self, _seat: Seat, _action: &Self::Action) -> bool {
        false
    }

    /// Seats that must act now (none once the game is over).
    fn to_act(&self) -> SeatSet {
        if self.outcome().is_some() {
            SeatSet::NONE
        } else {
            self.acting()
        }
    }

    /// Every legal action for `seat`, appended to `out` (none if it need not act).
    fn legal(&self, seat: Seat, out: &mut Vec<Self::Action>) {
        if self.to_act().contains(seat) {
            self.legal_for(seat, out);
        }
    }

    /// Apply an action known to be legal, then every automatic step up to
    /// the next decision. Callers go through [`crate::apply`].
    fn apply_legal(&mut self, seat: Seat, action: &Self::Action) {
        self.perform(seat, action.clone());
        self.advance();
    }

    /// Run automatic steps until a seat must decide or the game is over.
    fn advance(&mut self) {
        while self.outcome().is_none() && self.step() {}
    }

    fn outcome(&self) -> Option<&Outcome> {
        self.core().outcome.as_ref()
    }
    fn log(&self) -> &Log {
        &self.core().log
    }
    fn log_mut(&mut self) -> &mut Log {
        &mut self.core_mut().log
    }
    fn dice(&self) -> &Dice {
        &self.core().dice
    }
    fn dice_mut(&mut self) -> &mut Dice {
        &mut self.core_mut().dice
    }
}

/// Why an action was refused. The state is unchanged whenever this is returned.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum Refusal {
    #[error("the game is over")]
    GameOver,
    #[error("it is not {0}'s turn to act")]
    NotYourTurn(String),
    #[error("'{0}' is not a legal action for {1} now")]
    NotLegal(String, String),
    #[error("unknown seat '{0}'")]
    UnknownSeat(String),
    /// Referee mode: a draw given for the action cannot be made, or more
    /// dice are given than it rolls.
    #[error("{0}")]
    BadDraw(String),
    /// A draw offered or answered in a title whose rules have no draw by
    /// agreement ([`TitleInfo::agreed_draw`]).
    #[error("the rules of {0} provide no draw by agreement")]
    NoAgreedDraw(String),
    #[error("{0} has offered a draw already: it stands until the other side answers or a move is played")]
    DrawOffered(String),
    #[error("no draw is offered to {0}")]
    NoDrawOffer(String),
}

/// The one place that checks that a seat must act and that the action is legal.
pub fn apply<G: Game>(game: &mut G, seat: Seat, action: &G::Action) -> Result<(), Refusal> {
    check_turn(game, seat)?;
    let mut legal = Vec::new();
    game.legal(seat, &mut legal);
    if !legal.contains(action) {
        return Err(Refusal::NotLegal(
            format!("{action:?}"),
            G::info().seat_name(seat).into(),
        ));
    }
    game.apply_legal(seat, action);
    Ok(())
}

pub(crate) fn check_turn<G: Game>(game: &G, seat: Seat) -> Result<(), Refusal> {
    if game.outcome().is_some() {
        return Err(Refusal::GameOver);
    }
    if !game.to_act().contains(seat) {
        return Err(Refusal::NotYourTurn(G::info().seat_name(seat).into()));
    }
    Ok(())
}

/// Find a legal action by its id.
pub fn find_action<G: Game>(game: &G, seat: Seat, id: &str) -> Result<G::Action, Refusal> {
    find_in(game, seat, id, &mut Vec::new())
}

/// [`find_action`] with a buffer for the legal actions.
pub(crate) fn find_in<G: Game>(
    game: &G,
    seat: Seat,
    id: &str,
    legal: &mut Vec<G::Action>,
) -> Result<G::Action, Refusal> {
    check_turn(game, seat)?;
    legal.clear();
    game.legal(seat, legal);
    legal
        .iter()
        .find(|a| {
            let mut m = IdMatch { rest: id };
            game.write_id(seat, a, &mut m).is_ok() && m.rest.is_empty()
        })
        .cloned()
        .ok_or_else(|| Refusal::NotLegal(id.to_string(), G::info().seat_name(seat).into()))
}

/// The id of a legal action of `seat` (as [`Describe::describe`] gives it).
pub fn action_id<G: Game>(game: &G, seat: Seat, action: &G::Action) -> String {
    let mut id = String::new();
    game.write_id(seat, action, &mut id).expect("a String takes any id");
    id
}

/// Compares an id as it is written with the one sought, and stops the
/// writing at the first difference (no id is built to compare).
struct IdMatch<'a> {
    rest: &'a str,
}

impl fmt::Write for IdMatch<'_> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.rest = self.rest.strip_prefix(s).ok_or(fmt::Error)?;
        Ok(())
    }
}

/// All legal actions of `seat`, described.
pub fn described<G: Game>(game: &G, seat: Seat) -> Vec<ActionInfo> {
    let mut legal = Vec::new();
    if game.outcome().is_none() && game.to_act().contains(seat) {
        game.legal(seat, &mut legal);
    }
    legal.iter().map(|a| game.describe(seat, a)).collect()
}
