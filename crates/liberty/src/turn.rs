//! The sequence of play (Game Turns, 3.0-7.0; Winter Turn, 11.0): what
//! happens next when no decision is pending, and the dispatch of decisions.

use crate::actions::Action;
use crate::blocks;
use crate::blocks::{Block, BRITISH};
use crate::state::{other, Frame, Liberty, Moving, Weather, NOT_MOVED};
use engine::{Procedure, Prompt, Seat, SeatSet};
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    Cards,
    Weather,
    Supply,
    Actions1,
    Actions2,
    Battles,
    EndTurn,
    Winter,
    NewYear,
}

impl Procedure for Liberty {
    type Action = Action;

    fn acting(&self) -> SeatSet {
        let one = SeatSet::one;
        match self.frames.last() {
            None => SeatSet::NONE,
            Some(f) => match f {
                Frame::CardPlay => (0..2)
                    .filter(|&s| self.played[s as usize].is_none())
                    .fold(SeatSet::NONE, SeatSet::with),
                Frame::Offer { from, .. } => one(1 - from),
                Frame::Initiative => one(blocks::BRITISH),
                Frame::Supply { seat, .. }
                | Frame::Actions { seat, .. }
                | Frame::Group { seat, .. }
                | Frame::Pin { seat, .. }
                | Frame::MainAttack { seat, .. }
                | Frame::Deploy { seat, .. }
                | Frame::ForceMarch { seat }
                | Frame::Draw { seat }
                | Frame::Disband { seat }
                | Frame::Attrition { seat } => one(*seat),
                Frame::BattleOrder { .. } => one(self.player1),
                Frame::Battle(_) => one(self.battle_seat()),
                Frame::WinterExchange { done } => {
                    (0..2).filter(|&s| !done[s as usize]).fold(SeatSet::NONE, SeatSet::with)
                }
            },
        }
    }

    /// One automatic step of the frame on top; false when a seat decides.
    fn step(&mut self) -> bool {
        // By reference, copying only small fields: cloning a Battle frame each
        // pass was a measurable share of a playout.
        match self.frames.last() {
            Some(&Frame::ForceMarch { seat }) => {
                self.frames.pop();
                self.roll_force_marches(seat);
            }
            Some(&Frame::Draw { seat }) => {
                self.frames.pop();
                self.draw_replacement(seat);
            }
            Some(Frame::Battle(_)) => {
                if !self.battle_step() {
                    return false;
                }
            }
            Some(&Frame::Actions {
                seat,
                left,
                replaced,
                closed,
            }) => {
                // Ends by itself when "end actions" is all that is left.
                if left > 0 && ((!replaced && self.any_group(seat)) || self.can_replace(seat)) {
                    return false;
                }
                if left > 0 && !closed {
                    self.passed_over(seat);
                }
                if closed {
                    self.frames.pop();
                } else {
                    self.close_movement(seat);
                }
            }
            Some(&Frame::Group { current, .. }) if self.no_more_steps() => {
                // Only "stop" (a moving block) or "end group" (no block left) remains.
                if current.is_some() {
                    self.stop_current();
                } else {
                    self.end_group();
                }
            }
            Some(&Frame::Supply { seat, given, .. }) => {
                // Ends by itself when "done" is all that is left.
                if self.supply_takers(seat, given).next().is_some() {
                    return false;
                }
                self.passed_over(seat);
                self.frames.pop();
                if given == 0 {
                    self.no_supply_step(seat, true);
                }
            }
            Some(Frame::BattleOrder { .. }) => {
                if self.battle_hexes().len() > 1 {
                    return false;
                }
                self.frames.pop();
                let all = self.battle_hexes();
                self.push_battles(&all);
            }
            Some(&Frame::Disband { seat }) => {
                if (0..self.loc.len() as Block).any(|b| Liberty::side_of(b) == seat && self.may_disband(b)) {
                    return false;
                }
                self.passed_over(seat);
                self.frames.pop();
            }
            Some(&Frame::Attrition { seat }) => {
                // 11.4 blocks beyond supply with no choice of which go at once.
                let forced = self.forced_attrition_all(seat);
                if !forced.is_empty() {
                    for b in forced {
                        self.eliminate(b);
                    }
                    return true;
                }
                if self.attrition_pending(seat) {
                    return false;
                }
                self.passed_over(seat);
                self.frames.pop();
            }
            Some(&Frame::WinterExchange { mut done }) => {
                // A seat with no offer to make is done at once.
                for seat in 0..2 {
                    let mut v = Vec::new();
                    self.winter_exchange_legal(seat, done, &mut v);
                    done[seat as usize] |= v.len() <= 1;
                }
                if done == [true, true] {
                    self.frames.pop();
                } else {
                    if let Some(Frame::WinterExchange { done: d }) = self.frames.last_mut() {
                        *d = done;
                    }
                    return false;
                }
            }
            Some(_) => return false,
            None => self.next_stage(),
        }
        true
    }

    fn legal_for(&self, seat: Seat, out: &mut Vec<Action>) {
        let Some(f) = self.frames.last() else { return };
        match f {
            Frame::CardPlay => self.card_phase_legal(seat, out),
            Frame::Offer { .. } => out.extend([Action::Accept, Action::Decline]),
            Frame::Initiative => out.extend([Action::GoFirst, Action::GoSecond]),
            Frame::Supply { given, .. } => self.supply_legal(seat, *given, out),
            Frame::Actions { left, replaced, .. } => self.actions_legal(seat, *left, *replaced, out),
            Frame::Group {
                origin,
                current,
                sailed,
                ..
            } => self.group_legal(seat, *origin, *current, sailed, out),
            Frame::Pin { hex, .. } => self.pin_legal(seat, *hex, out),
            Frame::MainAttack { hex, .. } => {
                if let Some(a) = self.attack_at(*hex) {
                    for side in self.main_options(a) {
                        out.push(Action::Main { hex: *hex, side });
                    }
                }
            }
            Frame::Deploy { block, .. } => {
                let mut hexes = Vec::new();
                self.deploy_hexes(*block, &mut hexes);
                out.extend(hexes.into_iter().map(Action::Deploy));
            }
            Frame::BattleOrder { chosen } => {
                for h in self.battle_hexes() {
                    if !chosen.contains(&h) {
                        out.push(Action::Battle(h));
                    }
                }
            }
            Frame::Battle(_) => self.battle_legal(seat, out),
            Frame::Disband { .. } => self.disband_legal(seat, out),
            Frame::Attrition { .. } => self.attrition_legal(seat, out),
            Frame::WinterExchange { done } => self.winter_exchange_legal(seat, *done, out),
            Frame::ForceMarch { .. } | Frame::Draw { .. } => {}
        }
    }

    fn perform(&mut self, seat: Seat, a: Action) {
        self.mover = seat;
        match a {
            Action::PlayCard(c) => self.play_card(seat, c),
            Action::Offer { give, get } => self.offer(seat, give, get),
            Action::Accept => self.answer_offer(true),
            Action::Decline => self.answer_offer(false),
            Action::NoOffer => {
                if let Some(Frame::WinterExchange { done }) = self.frames.last_mut() {
                    done[seat as usize] = true;
                }
            }
            Action::GoFirst | Action::GoSecond => {
                self.frames.pop();
                self.player1 = if a == Action::GoFirst { BRITISH } else { 1 };
                self.announce_player1("3.1");
            }
            Action::SupplyStep(b) => self.supply_step(b),
            Action::SupplyDone => {
                if let Some(&Frame::Supply { given: 0, .. }) = self.frames.last() {
                    self.no_supply_step(seat, false);
                }
                self.frames.pop();
            }
            Action::DisbandDone => {
                self.frames.pop();
            }
            Action::EndGroup => self.end_group(),
            Action::RegroupDone => self.end_battle(),
            Action::Group(h) => self.start_group(seat, h),
            Action::Replace => self.replace(seat),
            Action::EndActions => {
                if let Some(Frame::Actions { left, .. }) = self.frames.last_mut() {
                    *left = 0;
                }
            }
            Action::Pick(b) => self.pick(b),
            Action::Step(h) => self.step_to(h),
            Action::River(h) => self.river(h),
            Action::Sail(h) => self.sail(h),
            Action::Stop => self.stop_current(),
            Action::Pin(b) => self.pin(b),
            Action::Main { hex, side } => self.declare_main(hex, side),
            Action::Deploy(h) => {
                if let Some(Frame::Deploy { block, .. }) = self.frames.last() {
                    let b = *block;
                    self.deploy(b, h);
                }
            }
            Action::Battle(h) => self.order_battle(h),
            Action::MilitiaC2(c2) => self.declare_militia(c2),
            Action::Fire(b) => self.fire(b, false),
            Action::Charge(b) => self.fire(b, true),
            Action::Hold(b) => self.hold(b),
            Action::Retreat(b, h) => self.retreat(b, h),
            Action::Hit(b) => self.choose_hit(b),
            Action::Regroup(b, h) => self.regroup(b, h),
            Action::Disband(b) => self.disband(b),
            Action::Eliminate(b) => self.eliminate(b),
        }
    }

    /// What the seat(s) to act are asked now, with the rule it comes from.
    fn prompt(&self, _seat: Seat) -> Prompt {
        let (text, rule): (String, &str) = match self.frames.last() {
            None => ("The game is over.".into(), "11.1"),
            Some(f) => match f {
                Frame::CardPlay => ("Play a card face down (or offer a prisoner exchange).".into(), "3.1"),
                Frame::Offer { give, get, .. } => (
                    format!(
                        "Your opponent offers to return your {} for their {}: accept or decline.",
                        Liberty::prisoner_label(*give),
                        Liberty::prisoner_label(*get)
                    ),
                    "11.5",
                ),
                Frame::Initiative => (
                    "The Action cards are equal: choose to go first or second.".into(),
                    "3.1",
                ),
                Frame::Supply { left, .. } => (
                    format!(
                        "Add up to {left}, one per block.",
                        left = engine::log::count(left, "supply step")
                    ),
                    "3.3",
                ),
                Frame::Actions {
                    seat, left, replaced, ..
                } => {
                    // Only what `actions_legal` offers now.
                    let mut may = Vec::new();
                    if *left > 0 && !*replaced && self.any_group(*seat) {
                        may.push("move a group");
                    }
                    if *left > 0 && self.can_replace(*seat) {
                        may.push("draw a replacement");
                    }
                    let may = match may[..] {
                        [] => "end your actions".to_string(),
                        [one] => format!("{one} or end your actions"),
                        _ => format!("{}, or end your actions", may.join(", ")),
                    };
                    let actions = if *left == 1 { "Action" } else { "Actions" };
                    (format!("{left} {actions} left: {may}."), "3.1")
                }
                // 5.1 a Group Move of no block still spends its Action (ruling
                // liberty #29): said while nothing has moved.
                Frame::Group {
                    origin,
                    current: None,
                    gone: 0,
                    ..
                } => (
                    format!(
                        "Group Move from {}: choose a block to move, or end the group move \
                         (with no block moved, the Action is still spent).",
                        self.hex_name(*origin)
                    ),
                    "5.1",
                ),
                Frame::Group {
                    origin, current: None, ..
                } => (
                    format!(
                        "Group Move from {}: choose a block to move, or end the group move.",
                        self.hex_name(*origin)
                    ),
                    "5.1",
                ),
                // A block chosen but not moved yet has no "stop": taking the
                // choice back (undo) leaves it where it is.
                Frame::Group { current: Some(m), .. } if m.steps == 0 => (
                    format!(
                        "Move {} (in {}): choose where it goes, or undo to leave it where it is.",
                        Liberty::name(m.block),
                        self.hex_name(self.loc[m.block as usize])
                    ),
                    "5.1",
                ),
                Frame::Group { current: Some(m), .. } => (
                    format!(
                        "Move {} (now in {}): step on, move by river or sea, or stop.",
                        Liberty::name(m.block),
                        self.hex_name(self.loc[m.block as usize])
                    ),
                    "5.1",
                ),
                Frame::Pin { hex, left, .. } => (
                    format!(
                        "Name {left} more of your blocks in {} as pinned by the attackers.",
                        self.hex_name(*hex)
                    ),
                    "5.4",
                ),
                Frame::MainAttack { hex, .. } => (
                    format!(
                        "Declare the Main Attack hexside of the battle in {}.",
                        self.hex_name(*hex)
                    ),
                    "7.22",
                ),
                Frame::Deploy { block, .. } => (format!("Deploy {}.", Liberty::name(*block)), "6.0"),
                Frame::BattleOrder { .. } => ("Choose the next battle to fight.".into(), "7.1"),
                Frame::Battle(bt) => {
                    let place = self.hex_name(bt.hex);
                    match bt.stage {
                        crate::battle::Stage::Militia => (
                            format!(
                                "Battle in {place}: declare whether your {} fire C2 in round 1.",
                                if bt.attacker == BRITISH { "militia" } else { "loyalist foot" }
                            ),
                            "Optional rules",
                        ),
                        crate::battle::Stage::Hits { .. } => (
                            format!("Battle in {place}: choose which of your tied strongest blocks takes the hit."),
                            "7.32",
                        ),
                        // Why they must go: the battle lost in round 1 (7.22), or
                        // the rounds run out (7.2; 8.6 warships alone).
                        crate::battle::Stage::Retreat { seat, .. } => match bt.winner {
                            // 7.22 "Reserve blocks must retreat ... if the battle
                            // ends in Combat Round 1" (ruling liberty #8).
                            Some(_) if bt.round == 1 => (
                                format!(
                                    "Battle in {place} is lost in round 1: your blocks that fought it are gone, \
                                     so your reserves, which had not joined it yet, must retreat."
                                ),
                                "7.22",
                            ),
                            Some(_) => (
                                format!("Battle in {place} is lost: your blocks left in it must retreat."),
                                "7.22",
                            ),
                            None if seat != bt.attacker => (
                                format!("Battle in {place}: warships alone cannot hold against ground blocks: retreat them."),
                                "8.6",
                            ),
                            None => (
                                format!("Battle in {place} is not decided after the last round: retreat your blocks."),
                                "7.2",
                            ),
                        },
                        crate::battle::Stage::Regroup { .. } => (
                            format!("You won the battle in {place}: regroup blocks, or finish."),
                            "7.5",
                        ),
                        // Optional rule: in the pursuit round the attacker only retreats.
                        _ if bt.round == 4 && !self.warships_yield(bt) => {
                            if self.battle_seat() == bt.attacker {
                                (
                                    format!("Battle in {place}, pursuit round (4): the attacker must retreat; retreat a block."),
                                    "Optional rules",
                                )
                            } else {
                                (
                                    format!("Battle in {place}, pursuit round (4): fire or retreat with a block; the attacker must retreat."),
                                    "Optional rules",
                                )
                            }
                        }
                        _ => (
                            format!("Battle in {place}, round {}: fire or retreat with a block.", bt.round),
                            "7.21",
                        ),
                    }
                }
                Frame::Disband { .. } => ("Disband blocks, or finish.".into(), "11.3"),
                Frame::Attrition { seat } => (self.attrition_prompt(*seat), "11.4"),
                Frame::WinterExchange { .. } => ("Offer a prisoner exchange, or make none.".into(), "11.5"),
                Frame::ForceMarch { .. } | Frame::Draw { .. } => ("Rolling the dice.".into(), "5.5"),
            },
        };
        Prompt {
            text,
            rule: rule.to_string(),
        }
    }
}

impl Liberty {
    /// A seat's decision that ends by itself because the seat has nothing it
    /// may do. Whether it has depends on its hidden blocks (their nation,
    /// their strength, the pool), so when this follows the other seat's
    /// action, that seat learns something, as across a table the player says
    /// "nothing to disband": a reveal, and the mover cannot take back the
    /// action that led here.
    fn passed_over(&mut self, seat: Seat) {
        if seat != self.mover {
            self.core.dice.reveal();
        }
    }

    /// Only "stop" (a moving block) or "end group" (no block can go) is left.
    fn no_more_steps(&self) -> bool {
        match self.frames.last() {
            Some(Frame::Group {
                seat,
                origin,
                current: Some(m),
                sailed,
                ..
            }) => !self.can_go(*seat, *origin, *m, sailed),
            Some(Frame::Group {
                seat, origin, sailed, ..
            }) => !self
                .side_blocks_at(*origin, *seat)
                .any(|b| self.can_go(*seat, *origin, Moving { block: b, steps: 0 }, sailed)),
            _ => false,
        }
    }

    fn next_stage(&mut self) {
        match self.stage {
            Stage::Cards => {
                // 3.0 each Game Turn begins with card play: said in the log.
                let (year, turn, of) = (self.year, self.turn, self.turns_in_year);
                self.core
                    .log
                    .say("3.0", || format!("{year}, Game Turn {turn} of {of} begins."));
                self.played = [None, None];
                self.offered = [false, false];
                self.frames.push(Frame::CardPlay);
                self.stage = Stage::Weather;
            }
            Stage::Weather => {
                // 4.0 Player 2 rolls one die.
                let r = self.core.dice.d6();
                self.weather = match r {
                    1 => Weather::North,
                    2 => Weather::South,
                    _ => Weather::Fair,
                };
                let p2 = crate::side_name(other(self.player1));
                self.core.log.roll("4.0", &[r], || {
                    format!(
                        "{p2} rolls {r} for weather (1 North, 2 South, 3-6 none): {}.",
                        match r {
                            1 => "no attacks within or from the North",
                            2 => "no attacks within or from the South",
                            _ => "no weather effects",
                        }
                    )
                });
                self.stage = Stage::Supply;
            }
            Stage::Supply => {
                // 3.3 Supply cards are resolved first; British first if both.
                for s in [1, 0] {
                    let c = self.played[s as usize].expect("cards were played");
                    if c.is_supply() {
                        self.frames.push(Frame::Supply {
                            seat: s,
                            left: c.supply_steps(),
                            given: 0,
                        });
                    }
                }
                self.stage = Stage::Actions1;
            }
            Stage::Actions1 | Stage::Actions2 => {
                let seat = if self.stage == Stage::Actions1 {
                    self.player1
                } else {
                    other(self.player1)
                };
                let n = self.played[seat as usize].map_or(0, |c| c.actions());
                if n > 0 {
                    self.frames.push(Frame::Actions {
                        seat,
                        left: n,
                        replaced: false,
                        closed: false,
                    });
                }
                self.stage = if self.stage == Stage::Actions1 {
                    Stage::Actions2
                } else {
                    Stage::Battles
                };
            }
            Stage::Battles => {
                if !self.battle_hexes().is_empty() {
                    self.frames.push(Frame::BattleOrder { chosen: Vec::new() });
                }
                self.stage = Stage::EndTurn;
            }
            Stage::EndTurn => self.end_turn(),
            Stage::Winter => self.winter(),
            Stage::NewYear => {
                // Ruling liberty #5: the Winter Turn ends like a Game Turn;
                // its disbanding and attrition vacate hexes (5.3, 1.2).
                self.control_change();
                self.year += 1;
                self.turn = 1;
                self.deal();
                self.stage = Stage::Cards;
            }
        }
    }

    /// End of a Game Turn: control changes (5.3) and per-turn counts reset.
    fn end_turn(&mut self) {
        self.control_change();
        self.moved = 0;
        self.pinned = 0;
        self.by_river = 0;
        self.at_sea = 0;
        self.force_marched = 0;
        self.pin_hexes.clear();
        self.deployed.clear();
        self.attacks.clear();
        self.entry.iter_mut().for_each(|e| *e = NOT_MOVED);
        self.side_use.iter_mut().for_each(|u| *u = [0, 0]);
        self.played = [None, None];
        self.turn += 1;
        self.stage = if self.turn > self.turns_in_year {
            Stage::Winter
        } else {
            Stage::Cards
        };
    }

    /// 11.4 the hexes where the player picks the blocks lost, and how many.
    fn attrition_prompt(&self, seat: Seat) -> String {
        let hexes: Vec<String> = self
            .attrition_choices(seat)
            .into_iter()
            .map(|h| format!("{} ({} too many)", self.hex_name(h), self.winter_excess(h, seat).0))
            .collect();
        format!(
            "Beyond the winter supply limit in {}: choose a block to lose there, one at a time.",
            engine::log::list(hexes.iter().map(String::as_str))
        )
    }

    /// 5.3 control is recomputed (ruling liberty #5), and each town that
    /// changes hands is said in the log: control is public, and a vacant
    /// enemy town taken (or one vacated and reverted) moves supply points.
    fn control_change(&mut self) {
        let before = self.control.clone();
        self.recompute_control();
        if !self.core.log.enabled() {
            return;
        }
        let map = self.map();
        for (h, &was) in before.iter().enumerate() {
            let now = self.control[h];
            let Some(town) = map.town(h as crate::map::Hex) else {
                continue;
            };
            if was == now {
                continue;
            }
            let name = self.hex_name(h as crate::map::Hex);
            let value = match town.value {
                0 => String::new(),
                v => format!(" (supply value {v})"),
            };
            let whose = |c: u8| match c {
                0 | 1 => format!("{}-controlled", crate::side_name(c as Seat)),
                _ => "neutral".to_string(),
            };
            let (from, to) = (whose(was), whose(now));
            self.core.log.say_at(
                "5.3",
                || Liberty::path(&[h as crate::map::Hex]),
                || format!("{name}{value} changes hands: {from} before, {to} now."),
            );
        }
    }

    /// 11.0 the winter actions in their exact order.
    fn winter(&mut self) {
        if self.check_victory() {
            return;
        }
        let year = self.year;
        self.core.log.say("11.0", || format!("{year}, Winter Turn begins."));
        self.french_entry_roll();
        self.indian_towns();
        self.disband_atlantic();
        self.offered = [false, false];
        self.frames.push(Frame::WinterExchange { done: [false, false] });
        self.frames.push(Frame::Attrition { seat: 1 });
        self.frames.push(Frame::Attrition { seat: BRITISH });
        self.frames.push(Frame::Disband { seat: 1 });
        self.frames.push(Frame::Disband { seat: BRITISH });
        self.stage = Stage::NewYear;
    }
}
