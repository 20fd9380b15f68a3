//! A game in play: its setup, the actions applied so far, the state, and
//! undo. A game is event-sourced: setup + actions is all of it, and a save
//! file is that list plus a copy of the state to check it against.

use crate::data::{self, DataOverride};
use crate::game::{action_id, check_turn, find_in, Game, Refusal, Seat, SeatSet, Setup, SetupError};
use crate::Log;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The save format; bump on an incompatible change of the file's shape.
pub const SAVE_FORMAT: &str = "powderhorn-save";
pub const SAVE_VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    pub seat: String,
    pub action: String,
    /// Dice scripted for this action (referee mode), queued before it is applied.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dice: Vec<u8>,
    /// Draws scripted for this action (referee mode), by the drawn thing's
    /// name; the action uses every one of them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub draws: Vec<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SaveFile {
    pub format: String,
    pub version: u32,
    pub title: String,
    pub rules_version: String,
    /// The data files `--data DIR` replaced; absent for the embedded data.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<DataOverride>,
    pub setup: Setup,
    pub actions: Vec<Record>,
    /// The state after the last action, checked against a replay on load.
    pub state: serde_json::Value,
    /// The seat that resigned after the last action, if one did
    /// ([`Session::resign`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned: Option<String>,
    /// The seat whose offer of a draw stood after the last action
    /// ([`Session::offer_draw`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw_offer: Option<String>,
    /// Whether the players agreed to a draw after the last action, which
    /// ended the game ([`Session::offer_draw`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub agreed_draw: bool,
}

impl SaveFile {
    /// A save of a game of `G` with the data in use in this run.
    pub fn of<G: Game>(setup: Setup, actions: Vec<Record>, state: serde_json::Value) -> SaveFile {
        let info = G::info();
        SaveFile {
            format: SAVE_FORMAT.to_string(),
            version: SAVE_VERSION,
            title: info.key.to_string(),
            rules_version: info.rules_version.to_string(),
            data: data::in_use(info.key),
            setup,
            actions,
            state,
            resigned: None,
            draw_offer: None,
            agreed_draw: false,
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    #[error("not a Powderhorn save file: {0}")]
    Corrupt(String),
    #[error("save file format {found} version {version} is not supported (this build reads {SAVE_FORMAT} version {SAVE_VERSION})")]
    UnknownVersion { found: String, version: u32 },
    #[error("this save is for '{found}', not '{expected}'")]
    WrongTitle { found: String, expected: String },
    #[error("this save was made with rules '{found}'; this build has '{expected}'")]
    RulesVersion { found: String, expected: String },
    #[error("this game was made with {found}, but this run uses {expected}: load it with the same --data")]
    Data { found: String, expected: String },
    #[error("bad setup in save: {0}")]
    Setup(#[from] SetupError),
    #[error("action {index} ({seat} {action}) does not replay: {why}")]
    Replay {
        index: usize,
        seat: String,
        action: String,
        why: String,
    },
    #[error("the saved state differs from the replay of its actions (the file was edited or made by other rules)")]
    Mismatch,
}

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum UndoError {
    #[error("nothing to undo for {0}: undo never goes past a die roll, a draw, a reveal or the other side's turn")]
    Nothing(String),
}

/// A game in play, with undo. Undo takes back a seat's last action within
/// its current decision sequence: never past a chance event, a reveal, the
/// end, or a change of who acts that the seat made or saw. While several
/// seats act at once on their own drafts ([`crate::Procedure::independent`]),
/// each has its own sequence: a seat's undo takes back only its own last
/// action, wherever it stands among the others' (theirs play again
/// unchanged), and their actions do not end its sequence; its commit is
/// one of its actions, until the reveal.
#[derive(Clone, Debug)]
pub struct Session<G: Game> {
    setup: Setup,
    actions: Vec<Record>,
    state: G,
    /// The actions that may be undone (indices into `actions`, ascending),
    /// each of a seat still acting, since its seat's last undo barrier.
    undoable: Vec<(usize, Seat)>,
    /// A copy of the state from before some action, at or before the first
    /// undoable one, without its log (the log only grows: undo truncates
    /// the current one). Undo restores it and plays the actions since again
    /// but the last (the game is event-sourced: they give the same state).
    /// A move then costs no copy but one every [`CHECKPOINT_EVERY`] actions.
    checkpoint: Option<Snapshot<G>>,
    /// The legal actions, kept to spare an allocation per move.
    legal: Vec<G::Action>,
    /// The seat that resigned, which ended the game.
    resigned: Option<Seat>,
    /// The seat whose offer of a draw stands ([`Session::offer_draw`]).
    draw_offer: Option<Seat>,
    /// The seat that declined the last offer, until the next offer, action
    /// or undo: the offerer is told.
    draw_declined: Option<Seat>,
    /// The players agreed to a draw, which ended the game.
    agreed_draw: bool,
}

/// Actions at the least between two copies of the state kept for undo: an
/// undo plays at most this many actions, and those of the sequence, again.
pub const CHECKPOINT_EVERY: usize = 32;

#[derive(Clone, Debug)]
struct Snapshot<G> {
    /// How many actions came before it.
    at: usize,
    state: G,
    log_len: usize,
}

impl<G: Game> Session<G> {
    pub fn new(mut setup: Setup) -> Result<Self, SetupError> {
        setup.validate(G::info())?;
        let mut state = G::new(&setup);
        let left = state.dice().scripted_draws_left();
        if let Some(name) = state.dice_mut().take_misdraw() {
            return Err(SetupError::BadDraw(format!("'{name}'")));
        }
        if left > 0 {
            return Err(SetupError::BadDraw(format!(
                "{left} of the draws given: it draws fewer"
            )));
        }
        Ok(Session {
            setup,
            actions: Vec::new(),
            state,
            undoable: Vec::new(),
            checkpoint: None,
            legal: Vec::new(),
            resigned: None,
            draw_offer: None,
            draw_declined: None,
            agreed_draw: false,
        })
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }
    pub fn state(&self) -> &G {
        &self.state
    }
    pub fn actions(&self) -> &[Record] {
        &self.actions
    }

    pub fn seat(name: &str) -> Result<Seat, Refusal> {
        G::info()
            .seat(name)
            .ok_or_else(|| Refusal::UnknownSeat(name.to_string()))
    }

    /// Apply the action with this id for this seat, after queueing `dice`.
    /// On refusal nothing changes (the dice are not queued either).
    pub fn act(&mut self, seat: Seat, id: &str, dice: &[u8]) -> Result<(), Refusal> {
        self.act_scripted(seat, id, dice, &[])
    }

    /// [`Session::act`] with the draws of a physical game too (referee
    /// mode): each names the block, card or leader drawn, in the order the
    /// action draws them. A name that cannot be drawn, or more names than
    /// the action draws, refuse the action.
    pub fn act_scripted(&mut self, seat: Seat, id: &str, dice: &[u8], draws: &[String]) -> Result<(), Refusal> {
        self.act_given(seat, id, dice, draws, true)
    }

    /// One action with the dice and draws given for it. `strict`: more
    /// dice than it rolls refuse it (a referee's typing); a record of a
    /// save made before that rule replays as it was played, the extra
    /// dice going to the rolls that followed.
    fn act_given(&mut self, seat: Seat, id: &str, dice: &[u8], draws: &[String], strict: bool) -> Result<(), Refusal> {
        // Copied only where a sequence may begin (a barrier came last), and
        // not again within CHECKPOINT_EVERY actions.
        let stale = self
            .checkpoint
            .as_ref()
            .is_none_or(|c| self.actions.len() - c.at >= CHECKPOINT_EVERY);
        let before = (self.undoable.is_empty() && stale).then(|| self.snapshot(self.actions.len()));
        let acting = self.state.to_act();
        let drafting = self.state.independent();
        let independent = acting != SeatSet::one(seat) && drafting;
        let chance = self.play(seat, id, dice, draws, strict)?;
        if let Some(c) = before {
            self.checkpoint = Some(c);
        }
        let after = self.state.to_act();
        let index = self.actions.len();
        self.actions.push(Record {
            seat: G::info().seat_name(seat).to_string(),
            action: id.to_string(),
            dice: dice.to_vec(),
            draws: draws.to_vec(),
        });
        // An offer of a draw lapses at the next action (ruling fiw #50),
        // but for a step of a secret draft, which the other seat cannot
        // see (#30): the position it sees is the one offered on.
        if !(drafting && !chance && after == acting) {
            self.draw_offer = None;
            self.draw_declined = None;
        }
        if chance || (!independent && after != SeatSet::one(seat)) {
            // Everyone has seen what happened, or the decision passed on.
            self.undoable.clear();
        } else if independent && after != acting && !self.state.independent() {
            // The drafts closed without a reveal: nobody decides alongside.
            self.undoable.clear();
        } else {
            self.undoable.push((index, seat));
        }
        Ok(())
    }

    /// Apply one action; true when chance or a reveal happened or the game
    /// ended: an undo barrier for every seat.
    fn play(&mut self, seat: Seat, id: &str, dice: &[u8], draws: &[String], strict: bool) -> Result<bool, Refusal> {
        let action = find_in(&self.state, seat, id, &mut self.legal)?;
        let events = self.state.dice().events();
        // Only a referee's draws and dice can be wrong: keep the state to go
        // back to.
        let kept = (!draws.is_empty() || (strict && !dice.is_empty())).then(|| self.state.clone());
        self.state.dice_mut().script(dice.iter().copied());
        self.state.dice_mut().script_draws(draws.iter().cloned());
        // find_in checked the turn and that the action is legal.
        self.state.apply_legal(seat, &action);
        if let Some(kept) = kept {
            let left = self.state.dice().scripted_draws_left();
            let unrolled = self.state.dice().scripted_left();
            let fault = match self.state.dice_mut().take_misdraw() {
                Some(name) => Some(format!("'{name}' cannot be drawn by {id} now")),
                None if left > 0 => Some(format!("{id} draws {} fewer than the draws given", left)),
                // Left in the script, they would decide the next rolls,
                // another seat's too.
                None if strict && unrolled > 0 => Some(format!(
                    "{id} rolls {} of the {} dice given: give only its own",
                    dice.len() - unrolled,
                    dice.len()
                )),
                None => None,
            };
            if let Some(why) = fault {
                self.state = kept;
                return Err(Refusal::BadDraw(why));
            }
        }
        Ok(self.state.dice().events() != events || self.state.outcome().is_some())
    }

    /// `seat` concedes: the game ends, won by the other seat of a two-seat
    /// title (else by nobody), and the log says so. Not an action of the
    /// rules: a caller that stores games stores the resignation itself
    /// (the server's resign event) and calls this when it replays it.
    pub fn resign(&mut self, seat: Seat) -> Result<(), Refusal> {
        if self.state.outcome().is_some() {
            return Err(Refusal::GameOver);
        }
        let info = G::info();
        let name = info.seat_name(seat);
        let side = crate::log::capitalised(name);
        let winner = (info.seats.len() == 2).then(|| 1 - seat);
        self.state.log_mut().say("", || format!("{side} resigns."));
        self.state.core_mut().finish(winner, format!("{side} resigned"), "");
        self.undoable.clear();
        self.resigned = Some(seat);
        self.draw_offer = None;
        Ok(())
    }

    /// The seat whose offer of a draw stands, if one does.
    pub fn draw_offer(&self) -> Option<Seat> {
        self.draw_offer
    }

    /// The seat that declined the last offer of a draw, until the next
    /// offer, action or undo.
    pub fn draw_declined(&self) -> Option<Seat> {
        self.draw_declined
    }

    /// 29.3 Concession (FIW; [`crate::TitleInfo::agreed_draw`]): `seat`
    /// offers a draw, or accepts the one another seat offered, which ends
    /// the game drawn (of the title's least victory level, if it has
    /// levels) and is logged. The offer stands until another seat answers
    /// or until the next action or undo (ruling fiw #50). Like a
    /// resignation, not an action of the rules: a caller that stores games
    /// stores the offer itself (the server's draw event) and calls this when
    /// it replays it; an offer is not logged.
    pub fn offer_draw(&mut self, seat: Seat) -> Result<(), Refusal> {
        let rule = self.draw_rule()?;
        match self.draw_offer {
            Some(s) if s == seat => Err(Refusal::DrawOffered(G::info().seat_name(seat).to_string())),
            Some(_) => {
                self.agree_draw(rule);
                Ok(())
            }
            None => {
                self.draw_offer = Some(seat);
                self.draw_declined = None;
                Ok(())
            }
        }
    }

    /// 29.3 Concession: `seat` declines the draw another seat offered; the
    /// game goes on. Not logged, as the offer is not.
    pub fn decline_draw(&mut self, seat: Seat) -> Result<(), Refusal> {
        self.draw_rule()?;
        match self.draw_offer {
            Some(s) if s != seat => {
                self.draw_offer = None;
                self.draw_declined = Some(seat);
                Ok(())
            }
            _ => Err(Refusal::NoDrawOffer(G::info().seat_name(seat).to_string())),
        }
    }

    /// The section of the title's draws by agreement, while the game goes on.
    fn draw_rule(&self) -> Result<&'static str, Refusal> {
        if self.state.outcome().is_some() {
            return Err(Refusal::GameOver);
        }
        G::info()
            .agreed_draw
            .ok_or_else(|| Refusal::NoAgreedDraw(G::info().name.to_string()))
    }

    /// 29.3 Concession: the players agree to a draw: the game ends.
    fn agree_draw(&mut self, rule: &'static str) {
        self.state
            .log_mut()
            .say(rule, || "The players agree to a draw.".to_string());
        let core = self.state.core_mut();
        match G::info().victory_levels.first() {
            Some(level) => core.finish_at(None, level, "drawn by agreement", rule),
            None => core.finish(None, "drawn by agreement", rule),
        }
        self.undoable.clear();
        self.draw_offer = None;
        self.agreed_draw = true;
    }

    /// Whether `seat` must act now and has an action of its current
    /// sequence to take back; or, while seats draft at once, committed its
    /// draft and may take the commit back until the last seat's reveals
    /// every draft (as a player at the table may, before all are shown).
    pub fn can_undo(&self, seat: Seat) -> bool {
        self.last_undoable(seat).is_some()
            && (check_turn(&self.state, seat).is_ok() || self.state.independent() && self.state.outcome().is_none())
    }

    /// Where `seat`'s last undoable action is in `undoable`.
    fn last_undoable(&self, seat: Seat) -> Option<usize> {
        self.undoable.iter().rposition(|&(_, s)| s == seat)
    }

    /// Take back this seat's last action within its current decision
    /// sequence; the actions of other seats after it stay (in an
    /// independent phase they do not depend on it) and play again.
    pub fn undo(&mut self, seat: Seat) -> Result<(), UndoError> {
        let at = match self.last_undoable(seat) {
            Some(at) if self.can_undo(seat) => at,
            _ => return Err(UndoError::Nothing(G::info().seat_name(seat).to_string())),
        };
        let (index, _) = self.undoable.remove(at);
        // An offer of a draw lapses at an undo as at an action (ruling fiw
        // #50), but for a step of a secret draft taken back.
        if !self.state.independent() {
            self.draw_offer = None;
            self.draw_declined = None;
        }
        for (i, _) in &mut self.undoable[at..] {
            *i -= 1;
        }
        self.actions.remove(index);
        // The actions played again from the checkpoint pass the first one
        // still undoable: the checkpoint moves there, so that the next undo
        // plays fewer again (none left: the next action makes one).
        let first = self.undoable.first().map_or(self.actions.len(), |&(i, _)| i);
        let c = self.checkpoint.take().expect("an undoable action has a checkpoint");
        let (from, moves) = (c.at, first > c.at);
        let mut log = std::mem::take(self.state.log_mut());
        log.truncate(c.log_len);
        self.state = if moves {
            c.state
        } else {
            let state = c.state.clone();
            self.checkpoint = Some(c);
            state
        };
        *self.state.log_mut() = log;
        for i in from..self.actions.len() {
            if i == first && moves {
                self.checkpoint = Some(self.snapshot(i));
            }
            let r = self.actions[i].clone();
            let seat = Self::seat(&r.seat).expect("a recorded seat");
            self.play(seat, &r.action, &r.dice, &r.draws, false)
                .expect("an action played before plays again");
        }
        Ok(())
    }

    /// `f` on the state with its log set aside (empty): for the harness's
    /// comparisons of whole states, whose cost must not grow with the log.
    pub(crate) fn without_log<R>(&mut self, f: impl FnOnce(&G) -> R) -> R {
        let log = std::mem::take(self.state.log_mut());
        let r = f(&self.state);
        *self.state.log_mut() = log;
        r
    }

    /// The state as it is after the first `at` actions, without copying its log.
    fn snapshot(&mut self, at: usize) -> Snapshot<G> {
        let log = std::mem::take(self.state.log_mut());
        let snapshot = Snapshot {
            at,
            state: self.state.clone(),
            log_len: log.len(),
        };
        *self.state.log_mut() = log;
        snapshot
    }

    pub fn save(&self) -> SaveFile {
        SaveFile {
            resigned: self.resigned.map(|s| G::info().seat_name(s).to_string()),
            draw_offer: self.draw_offer.map(|s| G::info().seat_name(s).to_string()),
            agreed_draw: self.agreed_draw,
            ..SaveFile::of::<G>(
                self.setup.clone(),
                self.actions.clone(),
                serde_json::to_value(&self.state).expect("state serializes"),
            )
        }
    }

    /// Rebuild a game from its setup and actions.
    pub fn replay(setup: Setup, records: &[Record]) -> Result<Self, SaveError> {
        Self::replay_with(setup, records, |_, _| {})
    }

    /// `replay`, calling `before` with the game and each action's index
    /// just before that action.
    fn replay_with(setup: Setup, records: &[Record], mut before: impl FnMut(&Self, usize)) -> Result<Self, SaveError> {
        let mut s = Session::new(setup)?;
        for (index, r) in records.iter().enumerate() {
            before(&s, index);
            let fail = |why: String| SaveError::Replay {
                index,
                seat: r.seat.clone(),
                action: r.action.clone(),
                why,
            };
            let seat = Self::seat(&r.seat).map_err(|e| fail(e.to_string()))?;
            s.act_given(seat, &r.action, &r.dice, &r.draws, false)
                .map_err(|e| fail(e.to_string()))?;
        }
        Ok(s)
    }

    /// Load a save: check its header, replay its actions and compare the result
    /// with the state it holds, but for the log: the replay writes it in this
    /// build's words (a wording change is no change of rules, as in the golden
    /// corpus's play and show digests).
    pub fn load(save: &SaveFile) -> Result<Self, SaveError> {
        check_header(save, G::info().key)?;
        if save.rules_version != G::info().rules_version {
            return Err(SaveError::RulesVersion {
                found: save.rules_version.clone(),
                expected: G::info().rules_version.to_string(),
            });
        }
        let data = data::in_use(G::info().key);
        if save.data != data {
            return Err(SaveError::Data {
                found: data::describe(save.data.as_ref()),
                expected: data::describe(data.as_ref()),
            });
        }
        let mut s = Self::replay(save.setup.clone(), &save.actions)?;
        if let Some(name) = &save.resigned {
            let seat = Self::seat(name).map_err(|e| SaveError::Corrupt(e.to_string()))?;
            s.resign(seat)
                .map_err(|e| SaveError::Corrupt(format!("resigned {name}: {e}")))?;
        }
        if save.agreed_draw {
            let rule = s
                .draw_rule()
                .map_err(|e| SaveError::Corrupt(format!("agreed draw: {e}")))?;
            s.agree_draw(rule);
        }
        if let Some(name) = &save.draw_offer {
            let seat = Self::seat(name).map_err(|e| SaveError::Corrupt(e.to_string()))?;
            s.offer_draw(seat)
                .map_err(|e| SaveError::Corrupt(format!("draw offered by {name}: {e}")))?;
        }
        let mut stored: G =
            serde_json::from_value(save.state.clone()).map_err(|e| SaveError::Corrupt(e.to_string()))?;
        *stored.log_mut() = Log::default();
        if s.without_log(|g| serde_json::to_value(g).ok()) != serde_json::to_value(&stored).ok() {
            return Err(SaveError::Mismatch);
        }
        Ok(s)
    }
}

impl<G: Game> Session<G> {
    /// What a save's moves meet under this build's rules, whatever rules it
    /// was saved under: a line naming those rules (`data::rules_stamp`),
    /// then per action a line of its index, seat and id and the
    /// digest of who had to act then and of each one's legal action ids in
    /// order (`play_digest`), then a line of the digest and the outcome at
    /// the end. Two builds whose traces of a game are equal play its moves
    /// alike, and a random seat's choices among them too: how a bot pairing
    /// played under one rules version is checked under the next
    /// (`tools/sims/sims.py revalidate`). Fails where a move is not legal.
    pub fn trace(save: &SaveFile) -> Result<Vec<String>, SaveError> {
        check_header(save, G::info().key)?;
        let data = data::in_use(G::info().key);
        if save.data != data {
            return Err(SaveError::Data {
                found: data::describe(save.data.as_ref()),
                expected: data::describe(data.as_ref()),
            });
        }
        let mut lines = Vec::with_capacity(save.actions.len() + 2);
        lines.push(format!("rules\t{}", data::rules_stamp(G::info())));
        let s = Self::replay_with(save.setup.clone(), &save.actions, |s, i| {
            let r = &save.actions[i];
            lines.push(format!("{i}\t{}\t{}\t{}", r.seat, r.action, play_digest(s.state())));
        })?;
        let g = s.state();
        let outcome = g.outcome().map(|o| (o.winner, &o.level, &o.rule));
        let outcome = serde_json::to_string(&outcome).expect("an outcome serializes");
        lines.push(format!("end\t{}\t{outcome}", play_digest(g)));
        Ok(lines)
    }
}

/// What the rules decide in `g` now, hashed: the seats to act and, for
/// each, its legal action ids in the order the game gives them (16 bytes of
/// SHA-256, in hex).
fn play_digest<G: Game>(g: &G) -> String {
    let mut h = Sha256::new();
    let mut legal = Vec::new();
    for seat in g.to_act().iter() {
        h.update([seat, u8::MAX]);
        legal.clear();
        g.legal(seat, &mut legal);
        for a in &legal {
            let id = action_id(g, seat, a);
            h.update((id.len() as u64).to_le_bytes());
            h.update(id.as_bytes());
        }
    }
    h.finalize()[..16].iter().map(|b| format!("{b:02x}")).collect()
}

/// Check the format fields of a save, before knowing its title's types.
pub fn check_header(save: &SaveFile, title: &str) -> Result<(), SaveError> {
    if save.format != SAVE_FORMAT || save.version != SAVE_VERSION {
        return Err(SaveError::UnknownVersion {
            found: save.format.clone(),
            version: save.version,
        });
    }
    if save.title != title {
        return Err(SaveError::WrongTitle {
            found: save.title.clone(),
            expected: title.to_string(),
        });
    }
    Ok(())
}

/// Parse a save file's text, with a clear error for anything that is not one.
pub fn parse_save(text: &str) -> Result<SaveFile, SaveError> {
    let v: serde_json::Value = serde_json::from_str(text).map_err(|e| SaveError::Corrupt(e.to_string()))?;
    let format = v.get("format").and_then(|f| f.as_str()).unwrap_or("");
    let version = v.get("version").and_then(|f| f.as_u64()).unwrap_or(0) as u32;
    if format != SAVE_FORMAT || version != SAVE_VERSION {
        return Err(SaveError::UnknownVersion {
            found: if format.is_empty() {
                "(none)".into()
            } else {
                format.into()
            },
            version,
        });
    }
    serde_json::from_value(v).map_err(|e| SaveError::Corrupt(e.to_string()))
}
