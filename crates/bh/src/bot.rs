//! 12.3, 12.4 the solitaire bots. The printed "Bunker Hill Solitaire" bot
//! sheets are not in the rulebook; these priorities are reconstructed from
//! each scenario's objectives (12.2-12.4): the British bot (12.4) lands in its
//! rolled objective's zones and takes the objective regions, the Patriot bot
//! (12.3) holds the works, shoots the British in range and feeds threatened
//! objective regions. Each priority is tried in order; the first that yields
//! candidates decides, ties broken with the game's own dice so a replay stays
//! exact. Every decision is logged with its priority and reason.

use crate::actions::Action;
use crate::map::Region;
use crate::state::*;
use engine::prelude::*;
use engine::Seat;
use revroad::sheet::{self, SheetBot};

/// A priority of a bot sheet: why, and the candidates it proposes among the legal actions.
pub struct Rule {
    pub reason: &'static str,
    pick: Pick,
}

enum Pick {
    /// The Action when it is legal and worth it (see `Bh::when`).
    When(Act, fn(&Bh, Seat) -> bool),
    Among(fn(&Bh, Seat, &[Action]) -> Vec<Action>),
}

impl Rule {
    /// Take the Action `act` when `worth` it, asked only once `act` is legal.
    const fn when(reason: &'static str, act: Act, worth: fn(&Bh, Seat) -> bool) -> Rule {
        Rule {
            reason,
            pick: Pick::When(act, worth),
        }
    }

    const fn new(reason: &'static str, pick: fn(&Bh, Seat, &[Action]) -> Vec<Action>) -> Rule {
        Rule {
            reason,
            pick: Pick::Among(pick),
        }
    }

    /// The candidates this rule proposes among `legal`.
    fn candidates(&self, g: &Bh, seat: Seat, legal: &[Action]) -> Vec<Action> {
        match self.pick {
            Pick::When(act, worth) => g.when(seat, legal, act, || worth(g, seat)),
            Pick::Among(pick) => pick(g, seat, legal),
        }
    }
}

/// 12.4 the British bot sheet (reconstructed): the objective first, then the
/// fire that wears the defenders down; it never upgrades (12.4).
pub const BRITISH_SHEET: &[Rule] = &[
    Rule::when("assault an objective region at good odds", Act::Assault, |g, s| {
        g.assaults(s).iter().any(|&(f, t)| g.is_goal(t) && g.good_odds(s, f, t))
    }),
    Rule::when("volley fire at Patriots next to our lines", Act::Volley, |g, s| {
        g.volleys(s).iter().any(|&(f, t)| g.map().adjacent(f, t))
    }),
    Rule::when("advance on the objective", Act::LandMove, |g, s| {
        !g.movers_from(s).is_empty()
    }),
    Rule::when("land troops in the objective's zones", Act::LandTroops, |_, _| true),
    Rule::when("rally broken units where a leader stands", Act::Rally, |g, s| {
        g.rally_worth(s, true)
    }),
    Rule::when("bombard a defended objective region", Act::Bombard, |g, _| {
        (0..2).any(|f| !g.bombard_goals(f).is_empty())
    }),
    Rule::when(
        "sail the fleet to bombard a defended objective region",
        Act::NavalMove,
        |g, _| g.fleet_box_for_goals().is_some(),
    ),
    Rule::when("cannonade a defended objective region", Act::Cannonade, |g, s| {
        g.cannonades(s).iter().any(|&(_, t)| g.is_goal(t))
    }),
    Rule::when("assault Patriots at good odds", Act::Assault, |g, s| {
        g.assaults(s).iter().any(|&(f, t)| g.good_odds(s, f, t))
    }),
    Rule::when("rally broken units", Act::Rally, |g, s| g.rally_worth(s, false)),
    Rule::when("volley fire at Patriots in range", Act::Volley, |g, s| {
        !g.volleys(s).is_empty()
    }),
    Rule::when("cannonade Patriots in sight", Act::Cannonade, |_, _| true),
    Rule::when("hold a Reserve Action", Act::Plan, |_, _| true),
    Rule::new("pass: nothing useful left", |g, s, l| g.pass(s, l)),
];

/// 12.3 the Patriot bot sheet (reconstructed): hold the works and make the
/// British pay for every region.
pub const PATRIOT_SHEET: &[Rule] = &[
    Rule::when("volley fire at British next to our lines", Act::Volley, |g, s| {
        g.volleys(s).iter().any(|&(f, t)| g.map().adjacent(f, t))
    }),
    Rule::when("pull units out of the fire's way", Act::LandMove, |g, s| {
        !g.fire_escapes(s).is_empty()
    }),
    Rule::when("assault broken British", Act::Assault, |g, s| {
        g.assaults(s).iter().any(|&(_, t)| !g.unbroken_units(t, BRITISH))
    }),
    Rule::when("snipe a British leader", Act::Snipe, |g, _| {
        !g.leader_snipes().is_empty()
    }),
    Rule::when("rally broken units where a leader stands", Act::Rally, |g, s| {
        g.rally_worth(s, true)
    }),
    Rule::when("reinforce a threatened objective region", Act::LandMove, |g, s| {
        !g.movers_from(s).is_empty()
    }),
    Rule::when("rally broken units", Act::Rally, |g, s| g.rally_worth(s, false)),
    Rule::when(
        "volley fire at British in range while the powder lasts",
        Act::Volley,
        |g, s| g.ammo > 12 && !g.volleys(s).is_empty(),
    ),
    // 12.3 scores a broken unit 1/2 VP and the Snipe costs no powder (6.9):
    // the one shot the Patriots have at landing parties that burn the town
    // from beyond their fire. A wounded leader scores nothing (12.2), so
    // this comes after the leaders and the powder-spending fire.
    Rule::when("snipe British units near the town", Act::Snipe, |_, _| true),
    Rule::when("hold a Reserve Action", Act::Plan, |_, _| true),
    Rule::new("pass: nothing useful left", |g, s, l| g.pass(s, l)),
];

/// Decisions inside an Action or a procedure, the same for both bots: every
/// choice the game asks of the bot's seat (landings, targets, withdrawals,
/// retreats, the panic region, the fire's spread) is made here.
pub const WITHIN_ACTION: &[Rule] = &[
    Rule::new("fire at the best target in reach", |g, s, l| g.fire_pick(s, l)),
    Rule::new("assault where the odds are best", |g, s, l| match g.frames.last() {
        Some(Frame::AssaultSelect { from: None, .. }) => best_region(l, |r| {
            g.assault_targets(s, r)
                .into_iter()
                .map(|t| g.assault_value(s, r, t))
                .max()
                .unwrap_or(i32::MIN)
        }),
        Some(Frame::AssaultSelect {
            from: Some(f),
            target: None,
            ..
        }) => best_region(l, |t| g.assault_value(s, *f, t)),
        _ => Vec::new(),
    }),
    Rule::new("commit every fit unit", |g, _, l| {
        let committing = match g.frames.last() {
            Some(Frame::Volley { target: Some(_), .. })
            | Some(Frame::AssaultSelect { target: Some(_), .. })
            | Some(Frame::Land { area: Some(_), .. }) => true,
            Some(Frame::Move {
                from: Some(_),
                any,
                choosing: false,
                ..
            }) => !any,
            _ => false,
        };
        if !committing {
            return Vec::new();
        }
        // Out of the fire's way everything goes; otherwise only fit units.
        let escaping = matches!(g.frames.last(), Some(Frame::Move { from: Some(f), .. }) if g.endangered(*f));
        let fit = keep(l, |a| matches!(a, Action::Piece(i) if escaping || g.fit(*i)));
        // Fighting units before leaders, so a capped group is not filled with leaders.
        best(fit, |a| match a {
            Action::Piece(i) => g.p(*i).military() as i32,
            _ => 0,
        })
        .into_iter()
        .take(1)
        .collect()
    }),
    Rule::new("the group is complete", |g, _, l| match g.frames.last() {
        Some(Frame::Move { any: true, .. }) => keep(l, |a| *a == Action::Choice(Choice::Skip)),
        Some(Frame::Volley { .. } | Frame::AssaultSelect { .. } | Frame::Move { .. } | Frame::Land { .. }) => {
            keep(l, |a| *a == Action::Choice(Choice::Done))
        }
        _ => Vec::new(),
    }),
    Rule::new("march where the objective is nearest", |g, s, l| {
        match g.frames.last() {
            Some(Frame::Move { from: None, .. }) => {
                let escapes = g.fire_escapes(s);
                let from = if escapes.is_empty() { g.movers_from(s) } else { escapes };
                keep(l, |a| matches!(a, Action::Region(r) if from.contains(r)))
            }
            Some(Frame::Move { choosing: true, .. }) => {
                let targets = g.march_targets(s);
                best_region(l, |r| -(g.endangered(r) as i32 * 100 + g.steps_to(&targets, r) as i32))
            }
            _ => Vec::new(),
        }
    }),
    Rule::new("land where the objective is nearest", |g, s, l| match g.frames.last() {
        // The zone with the most units still afloat.
        Some(Frame::Land { zone: None, .. }) => best(l.to_vec(), |a| match a {
            Action::Zone(z) => g.units(g.map().zone(*z).region, BRITISH) as i32,
            _ => i32::MIN,
        }),
        Some(Frame::Land { area: None, .. }) => {
            let targets = g.march_targets(s);
            best_region(l, |r| -(g.steps_to(&targets, r) as i32))
        }
        _ => Vec::new(),
    }),
    Rule::new("rally where the most units are broken", |g, s, l| {
        match g.frames.last() {
            Some(Frame::Rally { region: None, .. }) => best_region(l, |r| g.broken_here(r, s) as i32),
            _ => Vec::new(),
        }
    }),
    Rule::new("bombard the defended objective", |g, _, l| match g.frames.last() {
        Some(Frame::Bombard { firer }) => {
            let goals = g.bombard_goals(*firer);
            if !goals.is_empty() {
                goals
            } else {
                keep(l, |a| matches!(a, Action::Region(_)))
            }
        }
        _ => Vec::new(),
    }),
    Rule::new("snipe at a leader, else anyone", |g, _, l| match g.frames.last() {
        Some(Frame::Snipe) => {
            let leaders = g.leader_snipes();
            let c = keep(l, |a| matches!(a, Action::Region(r) if leaders.contains(r)));
            if c.is_empty() {
                l.to_vec()
            } else {
                c
            }
        }
        _ => Vec::new(),
    }),
    Rule::new("hold the ground", |g, s, l| match g.frames.last() {
        Some(Frame::Assault(a)) if a.stage == AStage::Withdraw => keep(l, |x| *x == Action::Choice(Choice::Done)),
        Some(Frame::Assault(a)) if a.stage == AStage::DefenderRetreat => {
            // Only broken defenders fall back; the fit ones stay.
            let c = keep(
                l,
                |x| matches!(x, Action::Piece(i) if g.p(*i).flipped && g.p(*i).side == s),
            );
            if c.is_empty() {
                keep(l, |x| *x == Action::Choice(Choice::Done))
            } else {
                c.into_iter().take(1).collect()
            }
        }
        _ => Vec::new(),
    }),
    Rule::new("fire in defence while the powder lasts", |g, _, l| {
        match g.frames.last() {
            Some(Frame::Assault(a)) if a.stage == AStage::DefenceChoice => {
                let c = if g.ammo >= 2 { Choice::Fire } else { Choice::Hold };
                keep(l, |x| *x == Action::Choice(c))
            }
            Some(Frame::ExtraDie) => keep(l, |x| *x == Action::Choice(Choice::NoExtra)),
            _ => Vec::new(),
        }
    }),
    Rule::new("fight on unless outnumbered", |g, _, l| match g.frames.last() {
        Some(Frame::Assault(a)) if a.stage == AStage::AttackerRetreat => {
            let ours = g.healthy_units(a.at, a.attacker);
            let theirs = g.healthy_units(a.at, other(a.attacker));
            let c = if ours > 0 && ours >= theirs {
                Choice::FightOn
            } else {
                Choice::Retreat
            };
            keep(l, |x| *x == Action::Choice(c))
        }
        _ => Vec::new(),
    }),
    Rule::new("fall back to join friends", |g, s, l| match g.frames.last() {
        Some(Frame::Assault(_) | Frame::Displace { .. }) => best_region(l, |r| g.units(r, s) as i32),
        _ => Vec::new(),
    }),
    Rule::new("run where there is room", |g, s, l| match g.frames.last() {
        Some(Frame::Flee { .. } | Frame::Overflow { .. }) => best_region(l, |r| g.room(r, s).min(3) as i32),
        _ => Vec::new(),
    }),
    Rule::new("test the region with the most militia", |g, _, l| {
        match g.frames.last() {
            Some(Frame::Panic) => best_region(l, |r| {
                g.side_at(r, PATRIOT).filter(|&i| g.p(i).unit == Unit::Militia).count() as i32
            }),
            _ => Vec::new(),
        }
    }),
    Rule::new("spread the fire onto the Patriots", |g, _, l| match g.frames.last() {
        Some(Frame::Spread { .. }) => best_region(l, |r| g.side_at(r, PATRIOT).count() as i32),
        _ => Vec::new(),
    }),
    Rule::new("sail where the objective is in range", |g, _, l| {
        match g.frames.last() {
            Some(Frame::Naval) => keep(l, |a| g.fleet_box_for_goals().map(Action::Region) == Some(*a)),
            _ => Vec::new(),
        }
    }),
    // Ruling bh #45: activate the units likeliest to rally alone, and let
    // each leader rally the one least likely to; ties by the lowest id.
    Rule::new(
        "activate the likeliest to rally alone; leaders rally the least likely",
        |g, _, l| match g.frames.last() {
            Some(Frame::SoloRally { activating, .. }) => {
                let mut units: Vec<PieceId> = l
                    .iter()
                    .filter_map(|a| match a {
                        Action::Piece(i) => Some(*i),
                        _ => None,
                    })
                    .collect();
                units.sort_by_key(|&i| {
                    let need = g.rally_alone_need(i);
                    (if *activating { need } else { 6 - need }, i)
                });
                units.first().map(|&i| vec![Action::Piece(i)]).unwrap_or_default()
            }
            _ => Vec::new(),
        },
    ),
];

fn keep(legal: &[Action], f: impl Fn(&Action) -> bool) -> Vec<Action> {
    legal.iter().copied().filter(|a| f(a)).collect()
}

/// The candidates with the largest key.
fn best(c: Vec<Action>, key: impl Fn(&Action) -> i32) -> Vec<Action> {
    let top = c.iter().map(&key).max().unwrap_or(i32::MIN);
    c.into_iter().filter(|a| key(a) == top).collect()
}

/// The region choices among the legal actions with the largest key: the
/// shared scan-and-pick of every region decision.
fn best_region(legal: &[Action], key: impl Fn(Region) -> i32) -> Vec<Action> {
    let c = keep(legal, |a| matches!(a, Action::Region(_)));
    best(c, |a| match a {
        Action::Region(r) => key(*r),
        _ => i32::MIN,
    })
}

impl SheetBot for Bh {
    /// 12.4 the British bot, 12.3 the Patriot bot.
    const SECTIONS: [&'static str; 2] = ["12.4", "12.3"];

    /// The seat the bot plays (12.3 the Patriots, 12.4 the British), with option bot=sheet.
    fn bot_seat(&self) -> Option<Seat> {
        self.scenario.bot_seat(self.opts.bot)
    }

    fn bot_choice(&mut self) -> Option<sheet::Choice<Action>> {
        let seat = self.bot_seat()?;
        if self.actor() != Some(seat) {
            return None;
        }
        let mut legal = Vec::new();
        self.legal_for(seat, &mut legal);
        if legal.is_empty() {
            return None;
        }
        let sheet = match (self.frames.last(), seat) {
            (Some(Frame::Actions), BRITISH) => BRITISH_SHEET,
            (Some(Frame::Actions), _) => PATRIOT_SHEET,
            _ => WITHIN_ACTION,
        };
        let proposal = sheet::propose(sheet, &legal, |r| r.candidates(self, seat, &legal), |r| r.reason);
        Some(proposal.pick(&mut self.core.dice))
    }
}

impl Bh {
    /// The Action `act` if legal and `worth` it: with a Reserve Action on the
    /// last Action of the turn (5.2), so reserves are not left unused. The
    /// worth is asked only of a legal Action (it may cost a search).
    fn when(&self, seat: Seat, legal: &[Action], act: Act, worth: impl FnOnce() -> bool) -> Vec<Action> {
        let reserve = Action::Reserve(act);
        let reserved = self.ap[seat as usize] == 1 && legal.contains(&reserve);
        if !(reserved || legal.contains(&Action::Act(act))) || !worth() {
            return Vec::new();
        }
        if reserved {
            return vec![reserve];
        }
        keep(legal, |a| *a == Action::Act(act))
    }

    /// 5.2 the free pass when allowed (it keeps the Action), else the Pass Action.
    fn pass(&self, seat: Seat, legal: &[Action]) -> Vec<Action> {
        let free = keep(legal, |a| *a == Action::FreePass);
        if free.is_empty() {
            self.when(seat, legal, Act::Pass, || true)
        } else {
            free
        }
    }

    /// 12.3, 12.4 the regions of the British objective, one bit each.
    fn goal_mask(&self) -> u64 {
        self.objective
            .as_ref()
            .map_or(0, |o| o.goals.iter().fold(0, |m, g| m | g.mask()))
    }

    pub fn is_goal(&self, r: Region) -> bool {
        self.goal_mask() & bit(r) != 0
    }

    /// 12.3 the Patriot bot's works in danger: an objective region or a
    /// defensive position (3.1) next to British units, with room for more Patriots.
    fn threatened(&self, r: Region, goals: u64, british: u64) -> bool {
        let map = self.map();
        (goals & bit(r) != 0 || map.area(r).assault > 0)
            && british & bit(r) == 0
            && !self.is_ablaze(r)
            && map.neighbours(r).iter().any(|&b| british & bit(b) != 0)
            && self.room(r, PATRIOT) > 0
    }

    /// Where the bot's marches lead: the open objective regions (British;
    /// an ablaze one cannot be entered), the threatened objective regions,
    /// else the threatened works (Patriot).
    fn march_targets(&self, seat: Seat) -> Vec<Region> {
        let map = self.map();
        let goals = self.goal_mask();
        if seat == BRITISH {
            return map
                .land()
                .filter(|&t| goals & bit(t) != 0 && !self.holds(t, BRITISH) && !self.is_ablaze(t))
                .collect();
        }
        let british = self.occupied(BRITISH);
        let works: Vec<Region> = map.land().filter(|&t| self.threatened(t, goals, british)).collect();
        let first: Vec<Region> = works.iter().copied().filter(|&t| goals & bit(t) != 0).collect();
        if first.is_empty() {
            works
        } else {
            first
        }
    }

    /// Steps from `r` to the nearest of `targets`.
    fn steps_to(&self, targets: &[Region], r: Region) -> u8 {
        targets.iter().map(|&t| self.map().dist(r, t)).min().unwrap_or(u8::MAX)
    }

    /// An unbroken military unit or a healthy leader.
    fn fit(&self, i: PieceId) -> bool {
        !self.p(i).flipped
    }

    /// Regions whose fit units can march nearer the bot's goal. They never
    /// leave an objective region (taken by the British, held by the
    /// Patriots) nor, for the Patriot, the line next to the British.
    fn movers_from(&self, seat: Seat) -> Vec<Region> {
        let map = self.map();
        let targets = self.march_targets(seat);
        let (goals, british) = (self.goal_mask(), self.occupied(BRITISH));
        self.move_regions(seat)
            .into_iter()
            .filter(|&r| {
                let line = seat == PATRIOT && map.neighbours(r).iter().any(|&b| british & bit(b) != 0);
                goals & bit(r) == 0 && !line
            })
            .filter(|&r| {
                let here = self.steps_to(&targets, r);
                self.side_at(r, seat)
                    .filter(|&i| self.fit(i) && self.p(i).military() && !self.p(i).moved && !self.p(i).panic)
                    .take(1)
                    .any(|i| {
                        self.destinations(r, &[i])
                            .into_iter()
                            .any(|d| self.steps_to(&targets, d) < here)
                    })
            })
            .collect()
    }

    /// 5.3 a town region next to a fire: it may catch at the end of the turn,
    /// and pieces hemmed in by fire are destroyed (ruling bh #12).
    fn endangered(&self, r: Region) -> bool {
        let map = self.map();
        map.is_town(r) && map.neighbours(r).iter().any(|&b| map.is_town(b) && self.is_ablaze(b))
    }

    /// Regions in the fire's way whose pieces can get out of it.
    fn fire_escapes(&self, seat: Seat) -> Vec<Region> {
        self.move_regions(seat)
            .into_iter()
            .filter(|&r| self.endangered(r))
            .filter(|&r| {
                self.side_at(r, seat)
                    .filter(|&i| !self.p(i).moved && !self.p(i).panic)
                    .take(1)
                    .any(|i| self.destinations(r, &[i]).into_iter().any(|d| !self.endangered(d)))
            })
            .collect()
    }

    /// Every Volley Fire the seat could make with two dice or more (one die
    /// wastes the Action, and the Patriot's powder): (from, target).
    fn volleys(&self, seat: Seat) -> Vec<(Region, Region)> {
        self.volley_regions(seat)
            .into_iter()
            .flat_map(|f| self.volley_targets(seat, f).into_iter().map(move |t| (f, t)))
            .filter(|&(f, t)| self.volley_dice(seat, f, t) >= 2)
            .collect()
    }

    /// 6.1 the dice a Volley Fire from `f` at `t` would roll, as the bot reckons them.
    fn volley_dice(&self, seat: Seat, f: Region, t: Region) -> i32 {
        let firers: i32 = self
            .side_at(f, seat)
            .filter(|&i| self.can_fire(i))
            .take(self.group_cap(f).min(3))
            .map(|i| self.reckon(i))
            .sum();
        firers + self.terrain(f, t, true) as i32
    }

    fn cannonades(&self, seat: Seat) -> Vec<(Region, Region)> {
        self.cannon_regions(seat)
            .into_iter()
            .flat_map(|f| self.cannon_targets(seat, f).into_iter().map(move |t| (f, t)))
            .collect()
    }

    fn assaults(&self, seat: Seat) -> Vec<(Region, Region)> {
        self.assault_regions(seat)
            .into_iter()
            .flat_map(|f| self.assault_targets(seat, f).into_iter().map(move |t| (f, t)))
            .collect()
    }

    /// 4.1 a piece's strength as the bot reckons it: an unrevealed militia counts 1
    /// (the pool's middle value; the bot does not know it either, ruling bh #9).
    fn reckon(&self, i: PieceId) -> i32 {
        let p = self.p(i);
        if p.unit == Unit::Militia && p.strength.is_none() {
            return (!p.flipped) as i32;
        }
        if p.side == BRITISH && p.unit == Unit::Cannon && !self.ammo_arrived {
            return 0;
        }
        self.strength(i) as i32
    }

    /// 6.2 attack dice of up to three units from `f` less the defence dice in `t`.
    fn odds(&self, seat: Seat, f: Region, t: Region) -> i32 {
        let mut mine: Vec<i32> = self
            .side_at(f, seat)
            .filter(|&i| self.p(i).military() && self.fit(i) && !self.p(i).moved && !self.p(i).fired)
            .map(|i| self.reckon(i))
            .collect();
        mine.sort_unstable_by(|a, b| b.cmp(a));
        let attack: i32 = mine.iter().take(3).sum();
        let defence: i32 =
            self.side_at(t, other(seat)).map(|i| self.reckon(i)).sum::<i32>() + self.terrain(f, t, false) as i32;
        attack - defence
    }

    fn good_odds(&self, seat: Seat, f: Region, t: Region) -> bool {
        self.odds(seat, f, t) > 0
    }

    /// The sheet's aim first when the odds are good (British: an objective
    /// region; Patriot: British with no unbroken unit), then the best odds.
    fn assault_value(&self, seat: Seat, f: Region, t: Region) -> i32 {
        let odds = self.odds(seat, f, t);
        let aim = if seat == BRITISH {
            self.is_goal(t)
        } else {
            !self.unbroken_units(t, BRITISH)
        };
        (aim && odds > 0) as i32 * 100 + odds
    }

    /// A target's worth: adjacent first (hits on 5-6), then the objective (or,
    /// for the Patriot, the British next to the works), then more units and
    /// the terrain's extra dice.
    fn fire_value(&self, seat: Seat, f: Region, t: Region) -> i32 {
        let map = self.map();
        let near = if seat == BRITISH {
            self.is_goal(t)
        } else {
            map.neighbours(t)
                .iter()
                .any(|&b| self.is_goal(b) || (map.area(b).assault > 0 && self.has(b, PATRIOT)))
        };
        map.adjacent(f, t) as i32 * 20
            + near as i32 * 10
            + self.units(t, other(seat)) as i32
            + self.volley_dice(seat, f, t)
    }

    /// Firing choices: the region with the best target, then that target
    /// (Volley Fire, Cannonade, British Final Fire).
    fn fire_pick(&self, seat: Seat, legal: &[Action]) -> Vec<Action> {
        let targets = |f: Region| -> Vec<Region> {
            match self.frames.last() {
                Some(Frame::Volley { .. }) => self.volley_targets(seat, f),
                Some(Frame::Cannonade { .. }) => self.cannon_targets(seat, f),
                _ => self.final_fire_targets(f),
            }
        };
        let from = match self.frames.last() {
            Some(Frame::Volley { from: None, .. })
            | Some(Frame::Cannonade { region: None, .. })
            | Some(Frame::FinalFire { from: None, .. }) => None,
            Some(Frame::Volley {
                from: Some(f),
                target: None,
                ..
            })
            | Some(Frame::Cannonade { region: Some(f), .. })
            | Some(Frame::FinalFire { from: Some(f), .. }) => Some(*f),
            _ => return Vec::new(),
        };
        match from {
            None => best_region(legal, |r| {
                targets(r)
                    .into_iter()
                    .map(|t| self.fire_value(seat, r, t))
                    .max()
                    .unwrap_or(i32::MIN)
            }),
            Some(f) => best_region(legal, |t| self.fire_value(seat, f, t)),
        }
    }

    /// 6.7 a Rally worth an Action: a leader able to rally there, or (without
    /// `leader`) any broken unit that may roll.
    fn rally_worth(&self, seat: Seat, leader: bool) -> bool {
        self.rally_regions(seat).into_iter().any(|r| {
            !leader
                || self
                    .side_at(r, seat)
                    .any(|i| self.p(i).unit == Unit::Leader && !self.p(i).rallied && !self.p(i).flipped)
        })
    }

    fn broken_here(&self, r: Region, seat: Seat) -> usize {
        self.side_at(r, seat)
            .filter(|&i| {
                let p = self.p(i);
                p.flipped && p.military() && p.unit != Unit::Cannon && !p.panic
            })
            .count()
    }

    /// 6.4 the bombard choices of `firer` at the objective: units in an
    /// objective region, or Hot Shot when Charlestown is to burn.
    fn bombard_goals(&self, firer: u8) -> Vec<Action> {
        self.goal_targets(self.bombard_choices(firer))
    }

    /// The bombard choices that serve the objective: its defended regions,
    /// and Hot Shot when Charlestown is to burn.
    fn goal_targets(&self, choices: impl Iterator<Item = Action>) -> Vec<Action> {
        let burn = self.objective.as_ref().is_some_and(Objective::burns_town);
        choices
            .filter(|a| match *a {
                Action::Region(r) => self.is_goal(r),
                Action::HotShot(_) => burn,
                _ => false,
            })
            .collect()
    }

    /// 6.6 the fleet box next to the fleet's from which the fleet could
    /// bombard a defended objective region while neither gun can from where
    /// they are (the box with most such targets, the first of equals).
    pub fn fleet_box_for_goals(&self) -> Option<Region> {
        if (0..2).any(|f| !self.bombard_goals(f).is_empty()) {
            return None;
        }
        let map = self.map();
        let mut best = None;
        for &b in map.neighbours(self.fleet) {
            let n = self.goal_targets(self.bombard_choices_at(map.fleet_target(b))).len();
            if n > best.map_or(0, |(m, _)| m) {
                best = Some((n, b));
            }
        }
        best.map(|(_, b)| b)
    }

    /// 6.9 snipe targets holding a British leader the snipers may hit.
    fn leader_snipes(&self) -> Vec<Region> {
        self.snipe_targets()
            .into_iter()
            .filter(|&r| {
                self.side_at(r, BRITISH)
                    .any(|i| self.p(i).unit == Unit::Leader && self.snipe_eligible(i))
            })
            .collect()
    }
}
