//! Every decision a Liberty player can take, with stable ids and labels.

use crate::blocks::{self, Block};
use crate::cards::Card;
use crate::map::Hex;
use crate::state::Liberty;
use engine::{ActionInfo, Describe, Seat};
use serde::{Deserialize, Serialize};
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// 3.1 play a card face down.
    PlayCard(Card),
    /// 11.5 offer to give back `give` (an enemy prisoner) for `get` (an own prisoner).
    Offer {
        give: Block,
        get: Block,
    },
    Accept,
    Decline,
    /// 3.1 British Initiative Option.
    GoFirst,
    GoSecond,
    /// 3.3 add one step to a block.
    SupplyStep(Block),
    SupplyDone,
    /// 5.1 start a Group Move from a space.
    Group(Hex),
    /// 6.0 draw a replacement.
    Replace,
    EndActions,
    /// 5.1 choose the next block of the group to move.
    Pick(Block),
    /// 5.1 / 5.5 move the current block one hex.
    Step(Hex),
    /// 5.6 river move of the current block to a hex 1-2 hexes along a river.
    River(Hex),
    /// 5.7 / 8.1 / 8.4 / 9.1 sea move, warship move or sea attack to a space.
    Sail(Hex),
    /// The current block stops here.
    Stop,
    EndGroup,
    /// 5.4 pin this defending block.
    Pin(Block),
    /// 7.22 declare the Main Attack hexside (or BY_SEA) for the battle at `hex`.
    Main {
        hex: Hex,
        side: u16,
    },
    /// 6.1 / 6.2 deploy the drawn replacement here.
    Deploy(Hex),
    /// 7.1 fight the battle at this hex next.
    Battle(Hex),
    /// Optional rule: defending militia fire C2 in round 1 (true) or normally.
    MilitiaC2(bool),
    /// 7.31 fire.
    Fire(Block),
    /// Optional rule: bayonet charge in round 2.
    Charge(Block),
    /// 8.4 a block that cannot fire (sea attack not yet landed) stays put.
    Hold(Block),
    /// 7.4 / 8.5 retreat to this space.
    Retreat(Block, Hex),
    /// 7.32 the owner picks which of the tied strongest blocks takes the hit.
    Hit(Block),
    /// 7.5 regroup a block.
    Regroup(Block, Hex),
    RegroupDone,
    /// 11.3 disband a block to the pool.
    Disband(Block),
    DisbandDone,
    /// 11.4 eliminate a block beyond winter supply.
    Eliminate(Block),
    /// 11.5 make no (more) exchange offers now.
    NoOffer,
}

fn bid(b: Block) -> &'static str {
    &blocks::info(b).id
}

impl Liberty {
    pub fn hex_id(&self, h: Hex) -> &'static str {
        &self.map().spaces[h as usize].id
    }
}

impl Liberty {
    /// 5.5 whether this step or warship move goes beyond the moving block's
    /// move rating (a force march), and the block; the same reckoning as
    /// `step_to` and `sail`.
    fn force_march(&self, a: &Action) -> Option<Block> {
        let Some(crate::state::Frame::Group { current: Some(m), .. }) = self.frames.last() else {
            return None;
        };
        let info = blocks::info(m.block);
        let fm = match *a {
            Action::Step(_) => m.steps + 1 > info.moves,
            // 8.1 a warship's move on the map: two hexes, a third by force march.
            Action::Sail(h) => {
                let (map, pos) = (self.map(), self.loc[m.block as usize]);
                let by_sea = pos == map.atlantic || map.west_indies.contains(&pos) || h == map.atlantic;
                info.is_warship()
                    && !by_sea
                    && self
                        .warship_reach(Liberty::side_of(m.block), pos, info.moves + 1)
                        .iter()
                        .any(|&(x, d, _)| x == h && d > info.moves)
            }
            _ => false,
        };
        fm.then_some(m.block)
    }

    /// What a player should know before an action that costs more than its
    /// label says (the browser asks to confirm it, the CLI prints it): a
    /// force march's roll (5.5) first, then the end of the Actions that the
    /// action forces (3.1, 5.1), and Actions given up unused (3.1).
    fn warning(&self, seat: Seat, a: &Action) -> Option<String> {
        if *a == Action::EndActions {
            return self.unused_actions().map(|n| {
                format!(
                    "{} unused: ending your Actions loses {} (3.1). {}",
                    engine::log::count(n, "Action"),
                    if n == 1 { "it" } else { "them" },
                    self.after_actions(seat, self)
                )
            });
        }
        let forced = self.forced_end(seat, a);
        match (self.force_march_warning(a), forced) {
            (Some(f), Some(e)) => Some(format!("{f} {e}")),
            (f, e) => f.or(e),
        }
    }

    /// 3.1 the Actions the seat still has and would give up by ending them.
    fn unused_actions(&self) -> Option<u8> {
        match self.frames.last() {
            Some(&crate::state::Frame::Actions { left, .. }) if left > 0 => Some(left),
            _ => None,
        }
    }

    /// 3.1 / 5.1 an action of a Group Move (or a replacement's deployment,
    /// 6.0) after which the game ends the Group Move and the Actions by
    /// itself: no block of the group can go on and no Action is left (or
    /// nothing is left to do with one). That happens at once, beyond undo:
    /// the other player's Actions or the battles follow (blocks revealed,
    /// dice). Said only when it happens: the action is tried on a copy
    /// without the log (`lookahead`), whose automatic steps run while this
    /// seat's Group Move or Actions last.
    fn forced_end(&self, seat: Seat, a: &Action) -> Option<String> {
        use crate::state::Frame;
        match self.frames.last() {
            Some(Frame::Group { seat: s, .. } | Frame::Deploy { seat: s, .. }) if *s == seat => {}
            _ => return None,
        }
        if matches!(a, Action::Pick(_)) {
            return None;
        }
        let left = self.frames.iter().rev().find_map(|f| match f {
            Frame::Actions { seat: s, left, .. } if *s == seat => Some(*left),
            _ => None,
        })?;
        let mut g = self.lookahead();
        engine::Procedure::perform(&mut g, seat, *a);
        loop {
            match g.frames.last() {
                Some(
                    Frame::Group { seat: s, .. }
                    | Frame::Actions {
                        seat: s, closed: false, ..
                    },
                ) if *s == seat => {
                    if !engine::Procedure::step(&mut g) {
                        return None;
                    }
                }
                _ => break,
            }
        }
        // The Actions closed: movement is over (7.22 Main Attacks, 5.5 rolls).
        let closed = g
            .frames
            .iter()
            .any(|f| matches!(f, Frame::ForceMarch { seat: s } if *s == seat))
            || !g
                .frames
                .iter()
                .any(|f| matches!(f, Frame::Actions { seat: s, .. } if *s == seat));
        if !closed {
            return None;
        }
        let why = if left == 0 {
            "This is your last Action: when it is made, your Group Move and your Actions end by themselves".to_string()
        } else {
            format!(
                "Nothing else can move or be replaced after this: your Actions end by themselves ({} unused)",
                engine::log::count(left, "Action")
            )
        };
        Some(format!("{why}. {}", self.after_actions(seat, &g)))
    }

    /// What follows the end of `seat`'s Actions (3.0 sequence of play), told
    /// from public facts: the played cards, and the battle hexes in `after`
    /// (the position once the Actions are over).
    fn after_actions(&self, seat: Seat, after: &Liberty) -> String {
        let other = crate::state::other(seat);
        let theirs = self.played[other as usize].map_or(0, |c| c.actions());
        let next = if self.stage == crate::turn::Stage::Actions2 && seat == self.player1 && theirs > 0 {
            format!("the {} Actions follow", crate::side_name(other))
        } else if !after.battle_hexes().is_empty() {
            "the battles begin (blocks are revealed, dice are rolled)".to_string()
        } else {
            "the Game Turn ends".to_string()
        };
        format!("Then {next}. This cannot be undone.")
    }

    /// 5.5 a force march is said before it is taken, with the roll it costs,
    /// wherever it is offered (a step, a warship's move on the map).
    fn force_march_warning(&self, a: &Action) -> Option<String> {
        let b = self.force_march(a)?;
        let what = match *a {
            Action::Sail(_) => "sails one hex beyond its move",
            _ => "goes one hex beyond its move",
        };
        // Back into the hex its move began in: legal (ruling liberty #28), and rarely meant.
        let back = match *a {
            Action::Step(h) if self.back_home(h) => format!(" It ends where it began, in {}.", self.hex_name(h)),
            _ => String::new(),
        };
        Some(format!(
            "Force march (5.5): {} {what}. After all movement it rolls a die: \
             1-3 loses a step (a block of strength 1 is captured).{back}",
            Liberty::name(b)
        ))
    }

    /// 5.1 `h` is the hex the Group Move being made began in (ruling liberty #28).
    fn back_home(&self, h: Hex) -> bool {
        matches!(self.frames.last(), Some(crate::state::Frame::Group { origin, .. }) if *origin == h)
    }

    /// 5.1 the Group Move being made has moved no block yet.
    fn nothing_moved(&self) -> bool {
        matches!(self.frames.last(), Some(crate::state::Frame::Group { gone: 0, .. }))
    }

    /// 7.22 a Main Attack choice: how its blocks came in and which they are
    /// (the attacker's own), so that a land and a sea entry are told apart.
    fn main_label(&self, at: Hex, side: u16) -> String {
        let (place, from) = (self.hex_name(at), self.entry_phrase(at, side));
        let seat = self.attack_at(at).map_or(self.player1, |a| a.attacker);
        let names = engine::log::list(
            self.side_blocks_at(at, seat)
                .filter(|&b| self.entry[b as usize] == side)
                .map(Liberty::name),
        );
        format!("Main Attack on {place} {from}: {names}")
    }
}

/// Optional rule "Militia and Loyalist Firepower": the defending blocks it
/// binds, as their side calls them (ruling liberty #22).
fn militia(seat: Seat) -> &'static str {
    if seat == blocks::BRITISH {
        "Loyalist foot"
    } else {
        "Militia"
    }
}

/// The kind of choice of an action that differs from others only in what
/// it points at (`ActionInfo::group`).
fn group(a: &Action) -> Option<&'static str> {
    Some(match a {
        Action::SupplyStep(_) => "Add a supply step (3.3)",
        Action::Group(_) => "Move a group (5.1)",
        Action::Pick(_) => "Move a block (5.1)",
        Action::Step(_) => "Step to a hex (5.1)",
        Action::River(_) => "Move by river (5.6)",
        Action::Sail(_) => "Go by sea (5.7)",
        Action::Pin(_) => "Pin a block (5.4)",
        Action::Main { .. } => "Main Attack (7.22)",
        Action::Deploy(_) => "Deploy a replacement (6.0)",
        Action::Battle(_) => "Fight a battle next (7.1)",
        Action::Fire(_) => "Fire (7.31)",
        Action::Charge(_) => "Charge with the bayonet",
        Action::Hold(_) => "Hold: do not fire yet (8.4)",
        Action::Retreat(..) => "Retreat (7.4)",
        Action::Hit(_) => "Take the hit (7.32)",
        Action::Regroup(..) => "Regroup (7.5)",
        Action::Disband(_) => "Disband (11.3)",
        Action::Eliminate(_) => "Lose to winter attrition (11.4)",
        _ => return None,
    })
}

impl Describe for Liberty {
    fn describe(&self, seat: Seat, a: &Action) -> ActionInfo {
        let name = |b: Block| Liberty::name(b).to_string();
        let hn = |h: Hex| self.hex_name(h);
        let hex = |h: Hex| Some(self.hex_id(h).to_string());
        let block = |b: Block| Some(bid(b).to_string());
        let (label, target): (String, Option<String>) = match *a {
            Action::PlayCard(c) => (format!("Play {}", c.label()), None),
            Action::Offer { give, get } => (
                format!(
                    "Offer to exchange prisoner {} for your {}",
                    Liberty::prisoner_label(give),
                    Liberty::prisoner_label(get)
                ),
                None,
            ),
            Action::Accept => ("Accept the exchange".into(), None),
            Action::Decline => ("Decline the exchange".into(), None),
            Action::NoOffer => ("Make no exchange offer".into(), None),
            Action::GoFirst => ("Be Player 1 (go first)".into(), None),
            Action::GoSecond => ("Be Player 2 (go second)".into(), None),
            Action::SupplyStep(b) => (
                format!("Add a step to {} in {}", name(b), hn(self.loc[b as usize])),
                block(b),
            ),
            Action::SupplyDone => ("Finish adding supply steps".into(), None),
            Action::Group(h) => (format!("Move a group from {}", hn(h)), hex(h)),
            Action::Replace => ("Draw a replacement block".into(), None),
            // 3.1 Actions may go unused: how many is said (and warned).
            Action::EndActions => match self.unused_actions() {
                Some(n) => (format!("End your actions ({n} left unused)"), None),
                None => ("End your actions".into(), None),
            },
            Action::Pick(b) => (format!("Move {}", name(b)), block(b)),
            Action::Step(h) => {
                // 5.1 a step back into the hex the move began in (ruling liberty #28).
                let to = if self.back_home(h) {
                    format!("Step back to {}, where its move began", hn(h))
                } else {
                    format!("Step to {}", hn(h))
                };
                let fm = if self.force_march(a).is_some() {
                    " (force march)"
                } else {
                    ""
                };
                (format!("{to}{fm}"), hex(h))
            }
            Action::River(h) => (format!("Move by river to {}", hn(h)), hex(h)),
            Action::Sail(h) if self.force_march(a).is_some() => {
                (format!("Go by sea to {} (force march)", hn(h)), hex(h))
            }
            Action::Sail(h) => (format!("Go by sea to {}", hn(h)), hex(h)),
            Action::Stop => ("Stop this block here".into(), None),
            // 5.1 a Group Move of no block is still the Action it was taken for
            // (ruling liberty #29): said before it is ended.
            Action::EndGroup if self.nothing_moved() => (
                "End this group move without moving a block (the Action is spent)".into(),
                None,
            ),
            Action::EndGroup => ("End this group move".into(), None),
            Action::Pin(b) => (format!("Pin {}", name(b)), block(b)),
            Action::Main { hex: at, side } => (self.main_label(at, side), hex(at)),
            Action::Deploy(h) => (format!("Deploy in {}", hn(h)), hex(h)),
            Action::Battle(h) => (format!("Fight the battle in {} next", hn(h)), hex(h)),
            // Optional rule: C2 in round 1 only, then a forced retreat in round 2.
            Action::MilitiaC2(true) => (
                format!(
                    "{} fire C2 in round 1, then must retreat in round 2 unless your side has won",
                    militia(seat)
                ),
                None,
            ),
            Action::MilitiaC2(false) => (format!("{} fight normally (C1)", militia(seat)), None),
            Action::Fire(b) => (format!("{} fires", name(b)), block(b)),
            Action::Charge(b) => (format!("{} charges with the bayonet", name(b)), block(b)),
            Action::Hold(b) => (format!("{} holds its ground (it cannot fire)", name(b)), block(b)),
            Action::Retreat(b, h) => (format!("{} retreats to {}", name(b), hn(h)), hex(h)),
            Action::Hit(b) => (format!("{} takes the hit", name(b)), block(b)),
            Action::Regroup(b, h) => (format!("{} regroups to {}", name(b), hn(h)), hex(h)),
            Action::RegroupDone => ("Finish regrouping".into(), None),
            Action::Disband(b) => (format!("Disband {} in {}", name(b), hn(self.loc[b as usize])), block(b)),
            Action::DisbandDone => ("Finish disbanding".into(), None),
            Action::Eliminate(b) => (format!("{} is lost to winter attrition", name(b)), block(b)),
        };
        let mut id = String::new();
        self.write_id(seat, a, &mut id).expect("a String takes any id");
        ActionInfo {
            id,
            label,
            warning: self.warning(seat, a),
            // 7.31 a block's fire rolls its dice at once.
            irreversible: matches!(a, Action::Fire(_) | Action::Charge(_)),
            group: target.as_ref().and_then(|_| group(a)).map(str::to_string),
            target,
        }
    }

    /// The action's id, stable across versions (save files name actions by
    /// it); the engine finds the action a caller names through it.
    fn write_id(&self, _seat: Seat, a: &Action, out: &mut dyn fmt::Write) -> fmt::Result {
        let h = |h: Hex| self.hex_id(h);
        match *a {
            Action::PlayCard(c) => write!(out, "card-{}", c.key()),
            Action::Offer { give, get } => write!(out, "offer-{}-for-{}", bid(give), bid(get)),
            Action::Accept => out.write_str("accept"),
            Action::Decline => out.write_str("decline"),
            Action::NoOffer => out.write_str("no-offer"),
            Action::GoFirst => out.write_str("go-first"),
            Action::GoSecond => out.write_str("go-second"),
            Action::SupplyStep(b) => write!(out, "supply-{}", bid(b)),
            Action::SupplyDone => out.write_str("supply-done"),
            Action::Group(x) => write!(out, "group-{}", h(x)),
            Action::Replace => out.write_str("replace"),
            Action::EndActions => out.write_str("end-actions"),
            Action::Pick(b) => write!(out, "pick-{}", bid(b)),
            Action::Step(x) => write!(out, "step-{}", h(x)),
            Action::River(x) => write!(out, "river-{}", h(x)),
            Action::Sail(x) => write!(out, "sail-{}", h(x)),
            Action::Stop => out.write_str("stop"),
            Action::EndGroup => out.write_str("end-group"),
            Action::Pin(b) => write!(out, "pin-{}", bid(b)),
            Action::Main { hex, side } => write!(out, "main-{}-{}", h(hex), side),
            Action::Deploy(x) => write!(out, "deploy-{}", h(x)),
            Action::Battle(x) => write!(out, "battle-{}", h(x)),
            Action::MilitiaC2(true) => out.write_str("militia-c2"),
            Action::MilitiaC2(false) => out.write_str("militia-c1"),
            Action::Fire(b) => write!(out, "fire-{}", bid(b)),
            Action::Charge(b) => write!(out, "charge-{}", bid(b)),
            Action::Hold(b) => write!(out, "hold-{}", bid(b)),
            Action::Retreat(b, x) => write!(out, "retreat-{}-{}", bid(b), h(x)),
            Action::Hit(b) => write!(out, "hit-{}", bid(b)),
            Action::Regroup(b, x) => write!(out, "regroup-{}-{}", bid(b), h(x)),
            Action::RegroupDone => out.write_str("regroup-done"),
            Action::Disband(b) => write!(out, "disband-{}", bid(b)),
            Action::DisbandDone => out.write_str("disband-done"),
            Action::Eliminate(b) => write!(out, "eliminate-{}", bid(b)),
        }
    }

    fn why_not(&self, seat: Seat, target: &str) -> Vec<engine::Forbidden> {
        Liberty::why_not(self, seat, target)
    }
}
