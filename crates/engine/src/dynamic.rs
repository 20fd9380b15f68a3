//! A type-erased game for callers that handle every title alike (the CLI,
//! the server): seat names and action ids in, JSON out.

use crate::conformance::{random_playout, session_playout};
use crate::game::{described, ActionInfo, Game, Outcome, Prompt, Refusal, Setup, TitleInfo};
use crate::log::Entry;
use crate::session::{SaveError, SaveFile, Session};
use crate::why::WhyNot;
use crate::SetupError;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

pub trait AnyGame: Send {
    fn info(&self) -> &'static TitleInfo;
    fn setup(&self) -> &Setup;
    /// Names of the seats that must act now.
    fn to_act(&self) -> Vec<&'static str>;
    /// Whether the seats acting now decide side by side on secret drafts
    /// ([`crate::Procedure::independent`]): an action or undo that leaves
    /// who acts unchanged reaches no other seat.
    fn independent(&self) -> bool;
    fn prompt(&self, seat: &str) -> Result<Option<Prompt>, Refusal>;
    fn legal(&self, seat: &str) -> Result<Vec<ActionInfo>, Refusal>;
    /// "Why not?" for a space or piece id at the seat's current decision.
    fn why_not(&self, seat: &str, target: &str) -> Result<WhyNot, Refusal>;
    /// Apply an action; `dice` and `draws` are a referee's (empty in play).
    fn act(&mut self, seat: &str, id: &str, dice: &[u8], draws: &[String]) -> Result<(), Refusal>;
    fn resign(&mut self, seat: &str) -> Result<(), Refusal>;
    /// Offer a draw, or accept the other seat's ([`Session::offer_draw`]).
    fn offer_draw(&mut self, seat: &str) -> Result<(), Refusal>;
    fn decline_draw(&mut self, seat: &str) -> Result<(), Refusal>;
    /// The seat whose offer of a draw stands.
    fn draw_offer(&self) -> Option<&'static str>;
    /// The seat that declined the last offer ([`Session::draw_declined`]).
    fn draw_declined(&self) -> Option<&'static str>;
    fn can_undo(&self, seat: &str) -> bool;
    fn undo(&mut self, seat: &str) -> Result<(), String>;
    /// `None` is the spectator.
    fn view(&self, viewer: Option<&str>) -> Result<serde_json::Value, Refusal>;
    fn log(&self, viewer: Option<&str>) -> Result<Vec<Entry>, Refusal>;
    /// How many log entries the viewer may read, without copying them.
    fn log_len(&self, viewer: Option<&str>) -> Result<usize, Refusal>;
    /// The turn and phase now (public).
    fn stage(&self) -> crate::Stage;
    fn outcome(&self) -> Option<Outcome>;
    fn winner_name(&self) -> Option<&'static str>;
    fn action_count(&self) -> usize;
    fn save(&self) -> SaveFile;
}

impl<G: Game> AnyGame for Session<G> {
    fn info(&self) -> &'static TitleInfo {
        G::info()
    }
    fn setup(&self) -> &Setup {
        Session::setup(self)
    }
    fn to_act(&self) -> Vec<&'static str> {
        let info = G::info();
        self.state().to_act().iter().map(|s| info.seat_name(s)).collect()
    }
    fn independent(&self) -> bool {
        self.state().independent()
    }
    fn prompt(&self, seat: &str) -> Result<Option<Prompt>, Refusal> {
        let s = Self::seat(seat)?;
        Ok(self.state().to_act().contains(s).then(|| self.state().prompt(s)))
    }
    fn legal(&self, seat: &str) -> Result<Vec<ActionInfo>, Refusal> {
        Ok(described(self.state(), Self::seat(seat)?))
    }
    fn why_not(&self, seat: &str, target: &str) -> Result<WhyNot, Refusal> {
        Ok(crate::why::why_not(self.state(), Self::seat(seat)?, target))
    }
    fn act(&mut self, seat: &str, id: &str, dice: &[u8], draws: &[String]) -> Result<(), Refusal> {
        let s = Self::seat(seat)?;
        Session::act_scripted(self, s, id, dice, draws)
    }
    fn resign(&mut self, seat: &str) -> Result<(), Refusal> {
        let s = Self::seat(seat)?;
        Session::resign(self, s)
    }
    fn offer_draw(&mut self, seat: &str) -> Result<(), Refusal> {
        let s = Self::seat(seat)?;
        Session::offer_draw(self, s)
    }
    fn decline_draw(&mut self, seat: &str) -> Result<(), Refusal> {
        let s = Self::seat(seat)?;
        Session::decline_draw(self, s)
    }
    fn draw_offer(&self) -> Option<&'static str> {
        Session::draw_offer(self).map(|s| G::info().seat_name(s))
    }
    fn draw_declined(&self) -> Option<&'static str> {
        Session::draw_declined(self).map(|s| G::info().seat_name(s))
    }
    fn can_undo(&self, seat: &str) -> bool {
        Self::seat(seat).is_ok_and(|s| Session::can_undo(self, s))
    }
    fn undo(&mut self, seat: &str) -> Result<(), String> {
        let s = Self::seat(seat).map_err(|e| e.to_string())?;
        Session::undo(self, s).map_err(|e| e.to_string())
    }
    fn view(&self, viewer: Option<&str>) -> Result<serde_json::Value, Refusal> {
        let v = viewer.map(Self::seat).transpose()?;
        Ok(self.state().view(v))
    }
    fn log(&self, viewer: Option<&str>) -> Result<Vec<Entry>, Refusal> {
        let v = viewer.map(Self::seat).transpose()?;
        Ok(self.state().log().visible(v).cloned().collect())
    }
    fn log_len(&self, viewer: Option<&str>) -> Result<usize, Refusal> {
        let v = viewer.map(Self::seat).transpose()?;
        Ok(self.state().log().visible(v).count())
    }
    fn stage(&self) -> crate::Stage {
        self.state().stage()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.state().outcome().cloned()
    }
    fn winner_name(&self) -> Option<&'static str> {
        let w = self.state().outcome()?.winner?;
        Some(G::info().seat_name(w))
    }
    fn action_count(&self) -> usize {
        self.actions().len()
    }
    fn save(&self) -> SaveFile {
        Session::save(self)
    }
}

/// How a catalog knows a title without knowing its types.
#[derive(Clone, Copy)]
pub struct TitleEntry {
    pub info: fn() -> &'static TitleInfo,
    pub new: fn(Setup) -> Result<Box<dyn AnyGame>, SetupError>,
    pub load: fn(&SaveFile) -> Result<Box<dyn AnyGame>, SaveError>,
    /// [`Session::trace`]: the save's moves under this build's rules.
    pub trace: fn(&SaveFile) -> Result<Vec<String>, SaveError>,
    /// Play `games` random games from `setup` (seeds setup.seed, +1, ...) with
    /// typed actions and the log off; returns the actions applied per game.
    pub random_games: fn(&Setup, usize) -> Result<Vec<usize>, SetupError>,
    /// The same random games, each action taken by its id through
    /// [`Session::act`] with the log on: the path of every CLI and server move.
    pub session_games: fn(&Setup, usize) -> Result<Vec<usize>, SetupError>,
    /// One game of the conformance harness with every check, from this
    /// (validated) setup, within this many actions (`powderhorn fuzz`).
    pub check_game: fn(&Setup, usize) -> Result<usize, crate::conformance::Failure>,
    pub drawing: fn() -> Option<crate::Drawing>,
    pub provenance: fn() -> Vec<(String, String)>,
    pub use_data_dir: fn(&std::path::Path) -> Result<(), String>,
}

impl TitleEntry {
    pub fn of<G: Game>() -> Self {
        TitleEntry {
            info: G::info,
            new: |setup| Ok(Box::new(Session::<G>::new(setup)?)),
            load: |save| Ok(Box::new(Session::<G>::load(save)?)),
            trace: Session::<G>::trace,
            random_games: |setup, games| {
                let mut setup = setup.clone();
                setup.validate(G::info())?;
                Ok((0..games as u64)
                    .map(|i| {
                        let s = Setup {
                            seed: setup.seed + i,
                            ..setup.clone()
                        };
                        let mut g = G::new(&s);
                        g.log_mut().set_enabled(false);
                        let mut rng = ChaCha8Rng::seed_from_u64(s.seed);
                        random_playout(&mut g, &mut rng, usize::MAX)
                    })
                    .collect())
            },
            session_games: |setup, games| {
                let mut setup = setup.clone();
                setup.validate(G::info())?;
                (0..games as u64)
                    .map(|i| {
                        let mut s = Session::<G>::new(Setup {
                            seed: setup.seed + i,
                            ..setup.clone()
                        })?;
                        let mut rng = ChaCha8Rng::seed_from_u64(setup.seed + i);
                        Ok(session_playout(&mut s, &mut rng))
                    })
                    .collect()
            },
            check_game: crate::conformance::check_game::<G>,
            drawing: G::drawing,
            provenance: G::provenance,
            use_data_dir: crate::data::use_data_dir::<G>,
        }
    }
}
