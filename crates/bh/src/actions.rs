//! The actions a seat may take, their ids and labels, and the sequence of
//! play (`Procedure`): who decides, what they may do, the dispatch of a
//! chosen action to the procedure (frame) it answers, and of an automatic
//! step to the phase or frame that resolves it (turn.rs).

use crate::map::Region;
use crate::state::*;
use engine::prelude::*;
use engine::{ActionInfo, Prompt, Seat, SeatSet};
use revroad::sheet::SheetBot;
use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// 6.0 take an Action (one Action Point).
    Act(Act),
    /// 5.2 take an Action with a Reserve Action.
    Reserve(Act),
    /// 5.2 the free pass (ruling bh #2).
    FreePass,
    /// 12.3 raise the British objective.
    Upgrade,
    Region(Region),
    HotShot(Region),
    Piece(PieceId),
    Choice(Choice),
    Objective(u8),
    Goal(Goal),
    Focus(Goal),
    Zone(u8),
}

impl Procedure for Bh {
    type Action = Action;

    fn acting(&self) -> SeatSet {
        match self.actor() {
            Some(s) => SeatSet::one(s),
            None => SeatSet::NONE,
        }
    }

    fn prompt(&self, _seat: Seat) -> Prompt {
        let (text, rule) = match self.frames.last() {
            None => ("the game is over".to_string(), "10.0"),
            Some(f) => match f {
                Frame::SetupBritish { left } => (
                    format!("place a Regular in a Zone 2 Staging Area ({left} left)"),
                    "12.1",
                ),
                Frame::SetupPatriot { left } => (format!("place {} (12.1)", self.label(left[0])), "12.1"),
                Frame::ChooseObjective { .. } => ("choose the British objective".into(), "12.3"),
                Frame::ChooseGoals { .. } => ("choose an objective to pursue".into(), "12.3"),
                Frame::ChooseZones { .. } => ("choose a landing zone".into(), "12.3"),
                Frame::ChooseFocus => ("choose the Patriot defense focus".into(), "12.4"),
                Frame::ReinforceZone { .. } => ("choose the reinforcements' Landing Zone".into(), "12.1"),
                Frame::Panic => ("choose the region whose militia check for panic".into(), "9.1"),
                Frame::Actions => (
                    format!(
                        "turn {}: choose an Action ({} left, opponent {})",
                        self.turn,
                        self.ap[self.to_move as usize],
                        self.ap[other(self.to_move) as usize]
                    ),
                    "5.2",
                ),
                Frame::Hits { region, left, .. } => (
                    format!(
                        "assign {left} in {}",
                        self.map().name(*region),
                        left = engine::log::count(left, "hit")
                    ),
                    "7.0",
                ),
                Frame::Displace { region } => (
                    match self.at(*region).next() {
                        Some(i) => format!("move {} out of the fire in {}", self.label(i), self.map().name(*region)),
                        None => format!("move a piece out of the fire in {}", self.map().name(*region)),
                    },
                    "6.4",
                ),
                Frame::Spread { .. } => ("choose where the fire spreads".into(), "5.3"),
                Frame::ExtraDie => ("spend one ammunition for an extra die?".into(), "11.2"),
                Frame::Volley { from: None, .. } => ("Volley Fire: choose the region that fires".into(), "6.1"),
                Frame::Volley {
                    from: Some(f),
                    target: None,
                    ..
                } => (
                    format!(
                        "Volley Fire from {}: choose the target (adjacent: hits on 5 or 6; two regions away: on 6)",
                        self.map().name(*f)
                    ),
                    "6.1",
                ),
                Frame::Volley {
                    from: Some(f),
                    target: Some(t),
                    chosen,
                } => (
                    format!(
                        "Volley Fire from {} at {}: choose the units that fire ({}), then done",
                        self.map().name(*f),
                        self.map().name(*t),
                        if chosen.is_empty() {
                            "at least one"
                        } else {
                            "more, or done to fire"
                        }
                    ),
                    "6.1",
                ),
                Frame::AssaultSelect { from, target, .. } => (
                    format!(
                        "Assault: choose region, target and units{}",
                        self.picking_note(*from, target.is_some())
                    ),
                    "6.2",
                ),
                Frame::Assault(a) => self.assault_prompt(a),
                Frame::Cannonade { .. } => ("Cannonade: choose cannons and target".into(), "6.3"),
                Frame::Bombard { firer } => (
                    format!(
                        "Bombard with the {}",
                        if *firer == 0 { "fleet" } else { "Copp's Hill Battery" }
                    ),
                    "6.4",
                ),
                Frame::Move { from, choosing, .. } => (
                    format!(
                        "Land Move: choose region, pieces and destination{}",
                        self.picking_note(*from, !choosing)
                    ),
                    "6.5",
                ),
                Frame::Naval => ("move the fleet".into(), "6.6"),
                Frame::Rally { .. } => ("Rally: choose region and units".into(), "6.7"),
                Frame::SoloRally {
                    region,
                    units,
                    activating: true,
                } => (
                    format!(
                        "Rally in {}: choose the broken units activated to rally (three in a Staging Area; {} left)",
                        self.map().name(*region),
                        3 - units.len()
                    ),
                    "12.2",
                ),
                Frame::SoloRally { region, .. } => (
                    match self.next_rally_leader(*region, self.to_move) {
                        Some(l) => format!(
                            "Rally in {}: choose the broken unit {} rallies{}; those left roll for themselves",
                            self.map().name(*region),
                            self.label(l),
                            if self.p(l).flipped { " on 4-6" } else { "" }
                        ),
                        None => format!("Rally in {}", self.map().name(*region)),
                    },
                    "12.2",
                ),
                Frame::Reorganize { .. } => ("Reorganize the Line: choose regions and pieces".into(), "6.8"),
                Frame::Snipe => ("Snipe: choose the target region".into(), "6.9"),
                Frame::Land { .. } => ("Land Troops: choose zone, staging area and units".into(), "6.10"),
                Frame::AfterAction => ("".into(), "5.2"),
                Frame::Flee { piece, left } => (
                    format!(
                        "{} runs toward the Muster Box: choose the next region ({left} left)",
                        self.label(*piece)
                    ),
                    "9.1",
                ),
                Frame::Overflow { piece, .. } => (
                    format!(
                        "{} finds {} full: choose the region one further",
                        self.label(*piece),
                        self.map().name(self.p(*piece).loc)
                    ),
                    "7.1",
                ),
                Frame::FinalFire { from: None, .. } => (
                    "British Final Fire: choose a region to fire from, or done".into(),
                    "12.4",
                ),
                Frame::FinalFire { from: Some(_), .. } => {
                    ("British Final Fire: choose the adjacent target".into(), "12.4")
                }
            },
        };
        Prompt {
            text: engine::log::capitalised(&text),
            rule: rule.to_string(),
        }
    }

    fn legal_for(&self, seat: Seat, out: &mut Vec<Action>) {
        if self.actor() != Some(seat) {
            return;
        }
        let Some(f) = self.frames.last() else { return };
        match f {
            Frame::SetupBritish { .. } => {
                for &r in &self.map().zone(2).areas {
                    out.push(Action::Region(r));
                }
            }
            Frame::SetupPatriot { left } => {
                let i = left[0];
                for r in self.patriot_setup_regions() {
                    if !self.p(i).military() || self.room(r, PATRIOT) > 0 {
                        out.push(Action::Region(r));
                    }
                }
            }
            Frame::ChooseObjective { upgrade } => {
                let now = self.objective.as_ref().map(|o| o.turns).unwrap_or(0);
                for n in 1..=6 {
                    if crate::setup::british_objective(n).turns > now {
                        out.push(Action::Objective(n));
                    }
                }
                if !upgrade {
                    out.push(Action::Choice(Choice::Roll));
                }
            }
            Frame::ChooseGoals { number, goals, .. } => {
                for g in Goal::ALL {
                    let taken = goals.contains(&g);
                    let fixed = match number {
                        4 => g == Goal::Bunker,
                        5 => g == Goal::Neck,
                        _ => false,
                    };
                    if !taken && !fixed {
                        out.push(Action::Goal(g));
                    }
                }
            }
            Frame::ChooseZones { zones, .. } => {
                for z in 1..=6u8 {
                    if !zones.contains(&z) {
                        out.push(Action::Zone(z));
                    }
                }
            }
            Frame::ChooseFocus => {
                for g in [Goal::Charlestown, Goal::Works, Goal::Breeds, Goal::Bunker] {
                    out.push(Action::Focus(g));
                }
            }
            Frame::ReinforceZone { zones, .. } => out.extend(zones.iter().map(|&z| Action::Zone(z))),
            Frame::Panic => out.extend(self.panic_regions().into_iter().map(Action::Region)),
            Frame::Actions => self.legal_actions(seat, out),
            Frame::Spread { choosing: Some(r), .. } => {
                out.extend(self.spread_targets(*r).into_iter().map(Action::Region))
            }
            Frame::Displace { region } => {
                if let Some(i) = self.at(*region).next() {
                    out.extend(self.displace_targets(i).into_iter().map(Action::Region));
                }
            }
            Frame::Hits { .. } => self.legal_hits(out),
            Frame::ExtraDie => {
                out.push(Action::Choice(Choice::ExtraDie));
                out.push(Action::Choice(Choice::NoExtra));
            }
            Frame::Volley { .. } | Frame::AssaultSelect { .. } | Frame::Cannonade { .. } | Frame::Bombard { .. } => {
                self.legal_combat(out)
            }
            Frame::Snipe => out.extend(self.snipe_targets().into_iter().map(Action::Region)),
            Frame::Assault(a) => self.legal_assault(a, out),
            Frame::Move { .. } | Frame::Reorganize { .. } | Frame::Land { .. } | Frame::Naval => {
                self.legal_movement(out)
            }
            Frame::Rally { .. } | Frame::SoloRally { .. } => self.legal_rally(out),
            Frame::FinalFire { from, fired } => self.legal_final_fire(*from, *fired, out),
            Frame::Flee { piece, left } => out.extend(self.flee_options(*piece, *left).into_iter().map(Action::Region)),
            Frame::Overflow { piece, at, origin } => {
                let p = self.p(*piece);
                out.extend(
                    self.overflow_options(p.side, p.loc, *at, *origin)
                        .into_iter()
                        .map(Action::Region),
                )
            }
            Frame::AfterAction | Frame::Spread { choosing: None, .. } => {}
        }
    }

    fn perform(&mut self, seat: Seat, action: Action) {
        match (self.frames.last().cloned(), action) {
            (Some(Frame::Actions), Action::Act(act)) => {
                self.ap[seat as usize] -= 1;
                self.start_action(seat, act);
            }
            (Some(Frame::Actions), Action::Reserve(act)) => {
                self.reserve[seat as usize] -= 1;
                self.core.log.say("5.2", || {
                    format!("{} use a Reserve Action.", revroad::log::the_side(seat))
                });
                self.start_action(seat, act);
            }
            (Some(Frame::Actions), Action::FreePass) => {
                self.core
                    .log
                    .say("5.2", || format!("{} pass.", revroad::log::the_side(seat)));
                self.free_passed = Some(seat);
                self.to_move = other(seat);
            }
            (Some(Frame::Actions), Action::Upgrade) => self.frames.push(Frame::ChooseObjective { upgrade: true }),
            (Some(Frame::SetupBritish { left }), Action::Region(r)) => {
                let i = (0..self.pieces.len() as PieceId)
                    .find(|&i| self.p(i).side == BRITISH && self.p(i).loc == WAITING && self.p(i).arrives == 0)
                    .expect("a Regular left to place");
                self.pm(i).loc = r;
                self.pm(i).home = r;
                self.frames.pop();
                if left > 1 {
                    self.frames.push(Frame::SetupBritish { left: left - 1 });
                }
            }
            (Some(Frame::SetupPatriot { mut left }), Action::Region(r)) => {
                let i = left.remove(0);
                self.pm(i).loc = r;
                self.frames.pop();
                if !left.is_empty() {
                    self.frames.push(Frame::SetupPatriot { left });
                }
            }
            (Some(Frame::ReinforceZone { pieces, .. }), Action::Zone(z)) => {
                self.frames.pop();
                let r = self.map().zone(z).region;
                for i in pieces {
                    self.pm(i).loc = r;
                }
                self.core
                    .log
                    .say("12.1", || format!("British reinforcements in Landing Zone {z}"));
            }
            (Some(Frame::Panic), Action::Region(r)) => {
                self.frames.pop();
                self.panic(r);
            }
            (Some(Frame::Spread { from, .. }), Action::Region(r)) => {
                self.frames.pop();
                self.frames.push(Frame::Spread { from, choosing: None });
                self.ignite(r, "5.3");
            }
            (Some(Frame::Displace { region }), Action::Region(r)) => {
                let i = self.at(region).next().expect("a piece to move");
                let full = self.p(i).military() && self.room(r, self.p(i).side) == 0;
                self.pm(i).loc = r;
                let (name, m) = (self.label(i), self.map());
                self.core.log.say_at(
                    "6.4",
                    || m.path(&[region, r]),
                    || format!("{name} leaves the fire in {} for {}.", m.name(region), m.name(r)),
                );
                if full {
                    // Ruling bh #12: over-stacked, it moves on as in 7.1.
                    self.frames.push(Frame::Overflow {
                        piece: i,
                        at: region,
                        origin: NO_REGION,
                    });
                }
            }
            (Some(Frame::Hits { .. }), Action::Piece(i)) => self.assign_hit(i),
            (Some(Frame::ExtraDie), Action::Choice(c)) => {
                self.frames.pop();
                self.volley_extra(c == Choice::ExtraDie);
            }
            (Some(Frame::ChooseObjective { .. } | Frame::ChooseGoals { .. } | Frame::ChooseZones { .. }), a)
            | (Some(Frame::ChooseFocus), a) => self.perform_objective(a),
            (
                Some(
                    Frame::Volley { .. }
                    | Frame::AssaultSelect { .. }
                    | Frame::Cannonade { .. }
                    | Frame::Bombard { .. },
                ),
                a,
            )
            | (Some(Frame::Snipe), a) => self.perform_combat(a),
            (Some(Frame::Assault(_)), a) => self.perform_assault(a),
            (Some(Frame::Move { .. } | Frame::Reorganize { .. } | Frame::Land { .. } | Frame::Naval), a) => {
                self.perform_movement(a)
            }
            (Some(Frame::Rally { .. }), a) => self.perform_rally(a),
            (Some(Frame::SoloRally { .. }), a) => self.perform_solo_rally(a),
            (Some(Frame::FinalFire { .. }), a) => self.perform_final_fire(a),
            (Some(Frame::Flee { .. }), Action::Region(b)) => self.flee_to(b),
            (Some(Frame::Overflow { piece, .. }), Action::Region(c)) => {
                self.frames.pop();
                self.pm(piece).loc = c;
            }
            (f, a) => unreachable!("action {a:?} is not legal in {f:?}"),
        }
        self.close_if_over();
    }

    /// 5.0-5.3 the next phase when no procedure is pending, else the top
    /// frame's automatic step (turn.rs); when that waits for a seat, the
    /// solitaire bot plays if the seat is its own.
    fn step(&mut self) -> bool {
        let more = match self.frames.last().cloned() {
            None => {
                self.next_phase();
                true
            }
            Some(f) => {
                self.step_frame(f) || {
                    // A seat decides next, on the board as it now
                    // stands: every way into a Staging Area counts (3.5).
                    self.update_released();
                    // 12.3, 12.4 the bot plays its seat here, so it never appears in to_act().
                    self.bot_step()
                }
            }
        };
        if more {
            self.close_if_over();
        }
        more
    }
}

impl Bh {
    /// 5.2 what the active player may do on his opportunity.
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Action>) {
        let (a, o) = (self.ap[seat as usize], self.ap[other(seat) as usize]);
        let board = self.board();
        let able = Act::ALL.map(|act| self.can_on(act, seat, &board).then_some(act));
        out.extend(able.iter().flatten().map(|&act| Action::Act(act)));
        // 5.2 Reserve Actions: not ahead, or on the last Action.
        if self.reserve[seat as usize] > 0 && (a <= o || a == 1) {
            let reserve = able
                .iter()
                .flatten()
                .filter(|act| !matches!(act, Act::Plan | Act::Pass));
            out.extend(reserve.map(|&act| Action::Reserve(act)));
        }
        // Ruling bh #2: a free pass only when not ahead, and not right after the opponent's.
        if a <= o && self.free_passed != Some(other(seat)) {
            out.push(Action::FreePass);
        }
        if self.scenario == Scenario::SoloBritish && seat == BRITISH && self.can_upgrade() {
            out.push(Action::Upgrade);
        }
    }

    /// Whether `act` has at least one complete way to be carried out.
    pub fn can(&self, act: Act, seat: Seat) -> bool {
        self.can_on(act, seat, &self.board())
    }

    /// `can` with the board worked out once for the whole menu.
    fn can_on(&self, act: Act, seat: Seat, board: &Board) -> bool {
        let s = seat as usize;
        match act {
            Act::Volley => self.volley_froms(seat, board).next().is_some(),
            Act::Assault => self.assault_froms(seat, board).next().is_some(),
            Act::Cannonade => self.cannon_froms(seat, board).next().is_some(),
            Act::Bombard => seat == BRITISH && (0..2).any(|f| self.bombard_choices(f).next().is_some()),
            Act::LandMove => self.move_froms(seat).next().is_some(),
            Act::NavalMove => seat == BRITISH,
            Act::Rally => self.rally_froms(seat, board).next().is_some(),
            Act::Reorganize => self.reorganize_froms(seat).next().is_some(),
            Act::Snipe => seat == PATRIOT && self.ammo > 12 && self.snipe_at(board).next().is_some(),
            Act::LandTroops => seat == BRITISH && self.landing_choices().next().is_some(),
            // 6.11 only on the last Action; 9.2/9.3 not when demoralized; two at most.
            Act::Plan => self.ap[s] == 1 && !self.demoralized[s] && self.reserve[s] < 2,
            Act::Pass => true,
        }
    }

    fn start_action(&mut self, seat: Seat, act: Act) {
        self.frames.push(Frame::AfterAction);
        let who = revroad::log::side(seat);
        self.core
            .log
            .say(act.rule(), || format!("{who} Action: {}.", act.name()));
        match act {
            Act::Volley => self.frames.push(Frame::Volley {
                from: None,
                target: None,
                chosen: vec![],
            }),
            Act::Assault => self.frames.push(Frame::AssaultSelect {
                from: None,
                target: None,
                chosen: vec![],
            }),
            Act::Cannonade => self.frames.push(Frame::Cannonade {
                region: None,
                any: false,
            }),
            Act::Bombard => self.frames.push(Frame::Bombard { firer: 0 }),
            Act::LandMove => self.frames.push(Frame::Move {
                from: None,
                group: vec![],
                any: false,
                choosing: false,
            }),
            Act::NavalMove => self.frames.push(Frame::Naval),
            Act::Rally => self.frames.push(Frame::Rally { region: None, done: 0 }),
            Act::Reorganize => self.frames.push(Frame::Reorganize {
                a: None,
                b: None,
                picked: vec![],
            }),
            Act::Snipe => self.frames.push(Frame::Snipe),
            Act::LandTroops => self.frames.push(Frame::Land {
                zone: None,
                area: None,
                group: vec![],
            }),
            Act::Plan => {
                // 6.11 one Reserve Action; the player's Actions end.
                self.reserve[seat as usize] += 1;
            }
            Act::Pass => {}
        }
        if matches!(self.frames.last(), Some(Frame::Bombard { .. })) && self.bombard_choices(0).next().is_none() {
            self.frames.pop();
            self.frames.push(Frame::Bombard { firer: 1 });
        }
    }

    /// The region an action points at (its `ActionInfo::target`): the one
    /// it names, where the piece it names stands, a Landing Zone's region.
    pub fn target(&self, action: &Action) -> Option<Region> {
        match *action {
            Action::Region(r) | Action::HotShot(r) => Some(r),
            Action::Piece(i) => Some(self.p(i).loc).filter(|&l| in_region(l)),
            Action::Zone(z) => Some(self.map().zone(z).region),
            Action::Act(_)
            | Action::Reserve(_)
            | Action::FreePass
            | Action::Upgrade
            | Action::Choice(_)
            | Action::Objective(_)
            | Action::Goal(_)
            | Action::Focus(_) => None,
        }
    }

    /// A region as a choice names it: a Volley Fire target says its range,
    /// the die faces that hit and the terrain modifier (6.1, 3.1).
    fn region_label(&self, r: Region) -> String {
        let map = self.map();
        match self.frames.last() {
            Some(Frame::Volley {
                from: Some(f),
                target: None,
                ..
            }) => {
                let (range, need) = if map.adjacent(*f, r) {
                    ("adjacent", 5)
                } else {
                    ("two regions away", 6)
                };
                let terrain = match self.terrain(*f, r, true) {
                    0 => "no terrain modifier".to_string(),
                    m => format!("terrain {m:+} {} (3.1)", if m.abs() == 1 { "die" } else { "dice" }),
                };
                // 9.2, 9.3 a demoralized side's fire.
                let morale = match self.to_move {
                    PATRIOT if self.demoralized[PATRIOT as usize] => ", militia hit on 6 only (9.2)",
                    BRITISH if self.demoralized[BRITISH as usize] => ", 1 die fewer (9.3)",
                    _ => "",
                };
                format!(
                    "{}: {range}, hits on {}, {terrain}{morale}",
                    map.name(r),
                    revroad::log::at_least(need)
                )
            }
            _ => map.name(r).to_string(),
        }
    }

    /// A piece as a choice names it ([`Bh::pick_label`]); in a Reorganize
    /// the Line (6.8), where it goes.
    fn piece_choice(&self, i: PieceId) -> String {
        match self.frames.last() {
            Some(Frame::Reorganize {
                a: Some(a), b: Some(b), ..
            }) => {
                let map = self.map();
                let to = if self.p(i).loc == *a { *b } else { *a };
                format!(
                    "{} from {} to {}",
                    self.pick_label(i),
                    map.name(self.p(i).loc),
                    map.name(to)
                )
            }
            _ => self.pick_label(i),
        }
    }

    /// 3.4 the Neck crossing, told while pieces are `picking` from `from`.
    fn picking_note(&self, from: Option<Region>, picking: bool) -> &'static str {
        match from {
            Some(f) if picking => self.neck_note(f),
            _ => "",
        }
    }

    /// What the seat decides at this stage of an Assault, and the rule.
    fn assault_prompt(&self, a: &Assault) -> (String, &'static str) {
        let map = self.map();
        let at = &map.name(a.at);
        let (what, rule) = match a.stage {
            AStage::Withdraw => ("pick the pieces that withdraw before combat, then done".into(), "7.1"),
            AStage::WithdrawTo | AStage::DefenderRetreatTo => (
                format!(
                    "choose where the {} go, together",
                    engine::log::count(a.picked.len(), "picked piece")
                ),
                "7.1",
            ),
            AStage::LeadersRetreatTo => ("choose where the leaders left without units retreat".into(), "6.2"),
            AStage::DefenceChoice => (
                "fire back at the attackers, or hold (both cost ammunition)".into(),
                "8.0",
            ),
            AStage::AttackerRetreat => (
                format!(
                    "pick attackers to fall back to {}, retreat them all, or fight on",
                    map.name(a.from)
                ),
                "7.1",
            ),
            AStage::DefenderRetreat => ("pick the defenders that retreat, then done".into(), "7.1"),
            _ => ("combat".into(), "6.2"),
        };
        (format!("Assault on {at}: {what}"), rule)
    }
}

impl Describe for Bh {
    fn describe(&self, seat: Seat, action: &Action) -> ActionInfo {
        let map = self.map();
        let label = match *action {
            // 6.12 the paid pass, beside 5.2's free one (rulings bh #2, #43).
            Action::Act(Act::Pass) => "pass: spend an Action and do nothing (6.12)".into(),
            Action::Act(a) => format!("{} ({})", a.key().replace('-', " "), a.rule()),
            Action::Reserve(a) => format!("{} with a Reserve Action (5.2)", a.key().replace('-', " ")),
            Action::FreePass => "pass for free: spend no Action; the opponent must take the next one (5.2)".into(),
            Action::Upgrade => "upgrade the British objective (12.3)".into(),
            Action::Region(r) => self.region_label(r),
            Action::HotShot(r) => format!("Hot Shot at {} (6.4)", map.name(r)),
            Action::Piece(i) => self.piece_choice(i),
            Action::Choice(c) => c.label(),
            Action::Objective(n) => format!("British objective #{n} (12.3)"),
            Action::Goal(g) => format!("objective: {}", g.key()),
            Action::Focus(g) => format!("defense focus: {}", g.key()),
            Action::Zone(z) => format!("Landing Zone {z}"),
        };
        let mut id = String::new();
        self.write_id(seat, action, &mut id).expect("a String takes any id");
        let target = self.target(action).map(|r| map.id(r).to_string());
        // The kind of choice of actions that differ only in their target.
        let group = match action {
            Action::Region(_) => Some("Choose a region"),
            Action::Piece(_) => Some("Choose a piece"),
            Action::HotShot(_) => Some("Hot Shot (6.4)"),
            Action::Zone(_) => Some("Choose a Landing Zone"),
            _ => None,
        };
        ActionInfo {
            id,
            label: engine::log::capitalised(&label),
            group: target.as_ref().and(group).map(str::to_string),
            target,
            warning: None,
            irreversible: false,
        }
    }

    fn why_not(&self, seat: Seat, target: &str) -> Vec<engine::Forbidden> {
        Bh::why_not(self, seat, target)
    }

    /// The action's id, stable across versions (save files name actions by
    /// it); the engine finds the action a caller names through it.
    fn write_id(&self, _seat: Seat, action: &Action, out: &mut dyn fmt::Write) -> fmt::Result {
        let map = self.map();
        match *action {
            Action::Act(a) => out.write_str(a.key()),
            Action::Reserve(a) => write!(out, "reserve-{}", a.key()),
            Action::FreePass => out.write_str("free-pass"),
            Action::Upgrade => out.write_str("upgrade-objective"),
            Action::Region(r) => out.write_str(map.id(r)),
            Action::HotShot(r) => write!(out, "hot-shot-{}", map.id(r)),
            Action::Piece(i) => write!(out, "piece-{i}"),
            Action::Choice(c) => out.write_str(c.key()),
            Action::Objective(n) => write!(out, "objective-{n}"),
            Action::Goal(g) => write!(out, "goal-{}", g.key()),
            Action::Focus(g) => write!(out, "focus-{}", g.key()),
            Action::Zone(z) => write!(out, "zone-{z}"),
        }
    }
}
