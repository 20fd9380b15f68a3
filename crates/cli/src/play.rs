//! Interactive play on a line-based terminal: the human seat(s) type a number
//! or an action id; every other seat is a seeded bot (uniformly random by
//! default; greedy or the tree search with `--opponent`). Works with piped
//! input (lines read are echoed then, so the transcript reads well); end of
//! input quits like `q`.

use crate::commands::{fresh_seed, start};
use crate::{render, store};
use ai::{AiEntry, BotSpec};
use anyhow::{anyhow, bail, Result};
use engine::AnyGame;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

const HELP: &str =
    "type a number or an action id; u undo, l log, v view, q quit, resign, draw (offer or accept one), decline";

/// What `powderhorn play` was asked for.
pub struct Config {
    /// TITLE/SCENARIO.
    pub scenario: String,
    /// The human's seat, or `hotseat`.
    pub who: String,
    pub seed: Option<u64>,
    pub options: Vec<(String, String)>,
    /// Where to save on quitting or at the end.
    pub save: Option<PathBuf>,
    /// The bot of the other seats (see [`BotSpec::parse`]).
    pub opponent: String,
    /// Repeat each line read (when the input is not a terminal).
    pub echo: bool,
}

pub fn play(cfg: Config, mut input: impl BufRead, mut out: impl Write) -> Result<()> {
    let Config {
        scenario,
        who,
        seed,
        options,
        save,
        opponent,
        echo,
    } = cfg;
    let opponent = BotSpec::parse(&opponent).map_err(|e| anyhow!("--opponent: {e}"))?;
    let save = save.as_deref();
    let seed = seed.unwrap_or_else(fresh_seed);
    let mut game = start(&scenario, seed, options, &[])?;
    let info = game.info();
    let humans: Vec<&str> = if who == "hotseat" {
        info.seats.to_vec()
    } else if let Some(s) = info.seats.iter().find(|s| **s == who) {
        vec![*s]
    } else {
        bail!("unknown seat '{who}' (choose {} or hotseat)", info.seats.join(", "));
    };
    let ai = match &opponent {
        BotSpec::Random => None,
        _ => Some(catalog::ai(info.key).ok_or_else(|| anyhow!("no {opponent} bot for {} yet", info.key))?),
    };
    let bot = Bot {
        spec: opponent,
        ai,
        trees: std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    writeln!(out, "{scenario}: {} with seed {seed}; you play {who}", info.name)?;
    if who != "hotseat" {
        writeln!(out, "the other side is played by the {} bot", bot.spec)?;
    }
    writeln!(out, "{HELP}")?;
    let mut bot_rng = ChaCha8Rng::seed_from_u64(seed ^ 0x0b07_5eed);
    let mut show_menu = true;
    loop {
        if let Some(o) = render::outcome(game.as_ref()) {
            writeln!(out, "{o}")?;
            return finish(game.as_ref(), save, &mut out);
        }
        let to_act = game.to_act();
        if to_act.is_empty() {
            bail!("no seat must act and the game has no outcome");
        }
        let Some(seat) = to_act.iter().copied().find(|s| humans.contains(s)) else {
            bot_turn(game.as_mut(), &bot, &to_act, humans[0], &mut bot_rng, &mut out)?;
            show_menu = true;
            continue;
        };
        let actions = game.legal(seat)?;
        if show_menu {
            menu(game.as_ref(), seat, &actions, &mut out)?;
            show_menu = false;
        }
        write!(out, "{seat}> ")?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            writeln!(out)?;
            return finish(game.as_ref(), save, &mut out);
        }
        let line = line.trim();
        if echo {
            writeln!(out, "{line}")?;
        }
        match line {
            "" => {}
            "q" => return finish(game.as_ref(), save, &mut out),
            "u" => match game.undo(seat) {
                Ok(()) => {
                    writeln!(out, "undone")?;
                    show_menu = true;
                }
                Err(e) => writeln!(out, "cannot undo: {e}")?,
            },
            "l" => {
                for e in game.log(Some(seat))? {
                    writeln!(out, "{}", render::entry(&e))?;
                }
            }
            "v" => write!(out, "{}", render::view(&game.view(Some(seat))?))?,
            "?" | "h" | "help" => writeln!(out, "{HELP}")?,
            "resign" => match game.resign(seat) {
                Ok(()) => {}
                Err(e) => writeln!(out, "cannot resign: {e}")?,
            },
            "draw" => {
                if let Err(e) = game.offer_draw(seat) {
                    writeln!(out, "cannot offer a draw: {e}")?;
                } else if game.draw_offer().is_some() {
                    answer_draw(game.as_mut(), &bot, &humans, &mut bot_rng, &mut out)?;
                }
            }
            "decline" => match game.decline_draw(seat) {
                Ok(()) => writeln!(out, "declined")?,
                Err(e) => writeln!(out, "cannot decline: {e}")?,
            },
            _ => {
                let chosen = match line.parse::<usize>() {
                    Ok(n) if (1..=actions.len()).contains(&n) => Some(&actions[n - 1]),
                    Ok(_) => None,
                    Err(_) => actions.iter().find(|a| a.id == line),
                };
                let Some(a) = chosen else {
                    writeln!(out, "no such action '{line}' ({HELP})")?;
                    continue;
                };
                let before = game.log(Some(seat))?.len();
                match game.act(seat, &a.id, &[], &[]) {
                    Ok(()) => {
                        for e in game.log(Some(seat))?.iter().skip(before) {
                            writeln!(out, "  {}", render::entry(e))?;
                        }
                        show_menu = true;
                    }
                    Err(e) => writeln!(out, "refused: {e}")?,
                }
            }
        }
    }
}

/// A draw just offered (29.3): a seat the bot plays answers at once, from its
/// own judgement of the position (`ai::judge`: below `ai::DRAW` it accepts;
/// the random bot declines); between humans the offer waits.
fn answer_draw(
    game: &mut dyn AnyGame,
    bot: &Bot,
    humans: &[&str],
    rng: &mut ChaCha8Rng,
    out: &mut impl Write,
) -> Result<()> {
    let offerer = game.draw_offer().expect("an offer stands");
    let other = game
        .info()
        .seats
        .iter()
        .copied()
        .find(|s| *s != offerer && !humans.contains(s));
    let Some(other) = other else {
        writeln!(
            out,
            "draw offered: the other side types draw to accept or decline (it lapses at the next move)"
        )?;
        return Ok(());
    };
    let judged = match &bot.ai {
        Some(ai) => (ai.judge)(&game.save(), other, rng.gen()).map_err(|e| anyhow!("{e}"))?,
        None => 1.0,
    };
    if judged < ai::DRAW {
        game.offer_draw(other)?;
    } else {
        game.decline_draw(other)?;
        writeln!(out, "{other} (bot) declines the draw")?;
    }
    Ok(())
}

/// The seat's situation, its prompt and its numbered legal actions.
fn menu(game: &dyn AnyGame, seat: &str, actions: &[engine::ActionInfo], out: &mut impl Write) -> Result<()> {
    writeln!(out)?;
    if let Some(by) = game.draw_offer().filter(|by| *by != seat) {
        let rule = game.info().agreed_draw.unwrap_or_default();
        writeln!(
            out,
            "{by} offers a draw ({rule}): type draw to accept, decline to decline"
        )?;
    }
    if let Some(when) = render::when(&game.view(Some(seat))?) {
        writeln!(out, "{when}")?;
    }
    match game.prompt(seat)? {
        Some(p) => writeln!(out, "{seat}: {}{}", p.text, render::rule_suffix(&p.rule))?,
        None => writeln!(out, "{seat}:")?,
    }
    for (i, a) in actions.iter().enumerate() {
        writeln!(out, "  {:>3}. {}  ({})", i + 1, a.label, a.id)?;
        if let Some(w) = &a.warning {
            writeln!(out, "       warning: {w}")?;
        }
    }
    Ok(())
}

/// The bot of the seats no human plays.
struct Bot {
    spec: BotSpec,
    /// The title's typed bots (`None` for the random bot, which needs none).
    ai: Option<AiEntry>,
    /// Search trees (root parallelism): one per core.
    trees: usize,
}

/// One action by a seat the bot plays; shows what `watcher` may read of it.
fn bot_turn(
    game: &mut dyn AnyGame,
    bot: &Bot,
    to_act: &[&str],
    watcher: &str,
    rng: &mut ChaCha8Rng,
    out: &mut impl Write,
) -> Result<()> {
    let seat = to_act[rng.gen_range(0..to_act.len())];
    let actions = game.legal(seat)?;
    if actions.is_empty() {
        bail!("{seat} must act but has no legal action");
    }
    let a = match &bot.ai {
        None => &actions[rng.gen_range(0..actions.len())],
        Some(ai) => {
            let id = (ai.choose)(&game.save(), seat, &bot.spec, rng.gen(), bot.trees).map_err(|e| anyhow!("{e}"))?;
            actions
                .iter()
                .find(|a| a.id == id)
                .ok_or_else(|| anyhow!("the bot chose '{id}', which is not legal"))?
        }
    };
    let before = game.log(Some(watcher))?.len();
    game.act(seat, &a.id, &[], &[])?;
    // The label may name a hidden block: the watcher reads only its own log.
    writeln!(out, "{seat} (bot) acts")?;
    for e in game.log(Some(watcher))?.iter().skip(before) {
        writeln!(out, "  {}", render::entry(e))?;
    }
    Ok(())
}

fn finish(game: &dyn AnyGame, save: Option<&Path>, out: &mut impl Write) -> Result<()> {
    if let Some(path) = save {
        store::write(path, game)?;
        writeln!(out, "saved to {} ({} actions)", path.display(), game.action_count())?;
    }
    Ok(())
}
