//! 7.0 Battles: sequence (7.1), rounds (7.2, 7.21), reserves (7.22), fire
//! (7.31), hit allocation (7.32), retreats and regroups (7.4, 7.5), naval
//! battles, shore bombardment and sea attacks (8.2-8.5), and the optional
//! rules (militia firepower, bayonet charges, pursuit round).

use crate::actions::Action;
use crate::blocks::{self, Block};
use crate::map::Hex;
use crate::retreat::Leave;
use crate::state::{bit, other, Frame, Liberty, BY_SEA, NOT_MOVED};
use engine::Seat;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Not yet begun: blocks are revealed when it starts.
    Start,
    /// Optional rule: the defender declares militia firepower.
    Militia,
    /// Combat turns in A, B, C order, defender first (7.21).
    Round,
    /// 7.32 hits wait for the owner to choose among tied strongest blocks.
    Hits { seat: Seat },
    /// Blocks in `mask` must retreat (end of round 3, reserves of a lost battle).
    Retreat { seat: Seat, mask: u64 },
    /// 7.5 the victor may regroup.
    Regroup { seat: Seat },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Battle {
    pub hex: Hex,
    pub attacker: Seat,
    pub stage: Stage,
    pub round: u8,
    /// Current combat turn group: 0..6 = A def, A att, B def, B att, C def, C att.
    pub turn: u8,
    pub acted: u64,
    pub reserve: u64,
    pub militia_c2: u64,
    pub charged: u64,
    /// The round the sea-attack blocks landed in (8.4), 0 if not yet.
    pub landed: u8,
    pub hits: u8,
    pub hitter: Block,
    /// Per side: hexside uses by retreats this round or by the regroup
    /// (5.2 limits are per player; ruling liberty #4).
    pub uses: [Vec<(u16, u8)>; 2],
    /// 8.5 per side: a warship retreated this round, and while unopposed.
    pub warship_left: [bool; 2],
    pub unopposed_left: [bool; 2],
    pub sea_retreats: [u8; 2],
    pub winner: Option<Seat>,
}

impl Battle {
    /// Retreat counts start afresh each Combat Round and for each forced
    /// retreat or regroup (5.2, 8.5; ruling liberty #4).
    fn fresh_counts(&mut self) {
        self.uses = Default::default();
        self.warship_left = [false; 2];
        self.unopposed_left = [false; 2];
        self.sea_retreats = [0; 2];
    }
}

fn class_of(t: u8) -> u8 {
    t / 2
}

impl Liberty {
    fn battle(&self) -> &Battle {
        match self.frames.last() {
            Some(Frame::Battle(b)) => b,
            _ => unreachable!("a battle is being fought"),
        }
    }

    fn battle_mut(&mut self) -> &mut Battle {
        match self.frames.last_mut() {
            Some(Frame::Battle(b)) => b,
            _ => unreachable!("a battle is being fought"),
        }
    }

    pub fn new_battle(&self, hex: Hex) -> Battle {
        let attacker = self.attack_at(hex).map_or(self.player1, |a| a.attacker);
        Battle {
            hex,
            attacker,
            stage: Stage::Start,
            round: 1,
            turn: 0,
            acted: 0,
            reserve: 0,
            militia_c2: 0,
            charged: 0,
            landed: 0,
            hits: 0,
            hitter: 0,
            uses: Default::default(),
            warship_left: [false; 2],
            unopposed_left: [false; 2],
            sea_retreats: [0; 2],
            winner: None,
        }
    }

    /// Every battle hex this turn (7.1).
    pub fn battle_hexes(&self) -> Vec<Hex> {
        // From the blocks' places, not every space: asked at each turn's end.
        let atlantic = self.map().atlantic;
        let mut v: Vec<Hex> = Vec::new();
        for &h in &self.loc {
            if (h as usize) < self.count.len() && h != atlantic && self.contested(h) && !v.contains(&h) {
                v.push(h);
            }
        }
        v.sort_unstable();
        v
    }

    fn in_hex(&self, hex: Hex, seat: Seat) -> impl Iterator<Item = Block> + '_ {
        self.side_blocks_at(hex, seat)
    }

    /// 7.22 Combat Reserves and 8.4 landings, and the reveal (7.1).
    pub fn begin_battle(&mut self) {
        let mut bt = self.battle().clone();
        let hex = bt.hex;
        let d = other(bt.attacker);
        let main = self.attack_at(hex).and_then(|a| a.main).or_else(|| {
            let a = self.attack_at(hex)?;
            self.main_options(a).first().copied()
        });
        let sea = self.attack_at(hex).is_some_and(|a| a.sea.is_some());
        for b in self.blocks_at(hex).collect::<Vec<_>>() {
            let e = self.entry[b as usize];
            let s = Liberty::side_of(b);
            // Attacker blocks not across the Main Attack hexside; blocks of Player 2
            // reinforcing a battle Player 1 started (7.22).
            let reserve = if s == bt.attacker {
                e != NOT_MOVED && Some(e) != main
            } else {
                e != NOT_MOVED && s != self.player1 && bt.attacker == self.player1
            };
            if reserve {
                bt.reserve |= bit(b);
            } else {
                self.revealed |= bit(b);
            }
        }
        // 8.4 attacking ground blocks stay aboard while enemy warships are
        // present: those fighting round 1, not a reserve, which "may not fire
        // ... or take hits until the second combat round" (7.22) and arrives
        // only then (the Movement Diagram's Sea Attack on New York). Counting
        // it kept the landing aboard against no one, and told the attacker a
        // hidden reserve held a warship.
        // ruling: liberty #25
        let defender_ships = self
            .in_hex(hex, d)
            .any(|b| blocks::info(b).is_warship() && bt.reserve & bit(b) == 0);
        if sea {
            for b in self.in_hex(hex, bt.attacker).collect::<Vec<_>>() {
                if !blocks::info(b).is_warship() && self.entry[b as usize] == BY_SEA {
                    if defender_ships {
                        self.at_sea |= bit(b);
                    } else {
                        bt.landed = 1;
                    }
                }
            }
        }
        self.core.dice.reveal();
        let place = self.hex_name(hex);
        let att = crate::side_name(bt.attacker);
        let shown: Vec<String> = self
            .blocks_at(hex)
            .filter(|&b| self.revealed & bit(b) != 0)
            .map(|b| self.block_label(&bt, b))
            .collect();
        self.core.log.say_at(
            "7.1",
            || Liberty::path(&[hex]),
            || format!("Battle in {place}, {att} attacking: {}.", shown.join(", ")),
        );
        let militia = self.opts.militia_firepower
            && self
                .in_hex(hex, d)
                .any(|b| bt.reserve & bit(b) == 0 && blocks::info(b).is_militia_foot());
        bt.stage = if militia { Stage::Militia } else { Stage::Round };
        *self.battle_mut() = bt;
    }

    /// A block in battle `bt` as the log names it: the rating it fights
    /// with this round (the letter decides when it fires, 7.21), and why
    /// when that is not the printed one: "Mohawk B2 (3, own town)",
    /// "Harcourt C2 (3, landing)".
    pub fn block_label(&self, bt: &Battle, b: Block) -> String {
        let (rated, why) = self.rated(bt, b);
        let why = if why.is_empty() {
            String::new()
        } else {
            format!(", {why}")
        };
        format!("{rated} ({}{why})", self.strength[b as usize])
    }

    /// A block's name with the rating it fights with this round, and why
    /// that is not the printed one ("" when it is): ("Mohawk B2", "own town").
    fn rated(&self, bt: &Battle, b: Block) -> (String, &'static str) {
        let i = blocks::info(b);
        let (class, fire) = (self.class(bt, b), self.fire_rating(bt, b, false));
        let why = if self.at_sea & bit(b) != 0 {
            // 8.4 aboard: it fires only once landed.
            "aboard"
        } else if class != i.class {
            "landing"
        } else if fire == i.fire {
            ""
        } else if i.is_indian() && bt.round == 4 {
            "pursuit"
        } else if i.is_indian() {
            "own town"
        } else {
            "militia option"
        };
        (format!("{} {}{}", i.name, (b'A' + class) as char, fire), why)
    }

    /// The last round: 3, or 4 with the pursuit option (7.2).
    fn last_round(&self) -> u8 {
        if self.opts.pursuit {
            4
        } else {
            3
        }
    }

    fn active(&self, bt: &Battle, b: Block) -> bool {
        !(bt.round == 1 && bt.reserve & bit(b) != 0)
    }

    /// Effective combat letter (0 A, 1 B, 2 C): 8.4 dragoons landing from a sea
    /// attack are C in their landing round (ruling liberty #12).
    fn class(&self, bt: &Battle, b: Block) -> u8 {
        let i = blocks::info(b);
        if i.is_dragoon()
            && bt.landed == bt.round
            && self.entry[b as usize] == BY_SEA
            && Liberty::side_of(b) == bt.attacker
        {
            2
        } else {
            i.class
        }
    }

    /// Effective fire rating (2.12, 2.25, optional rules).
    fn fire_rating(&self, bt: &Battle, b: Block, charge: bool) -> u8 {
        let i = blocks::info(b);
        if charge {
            return if i.kind == blocks::Kind::Guards { 5 } else { 3 };
        }
        if i.is_indian() {
            if bt.round == 4 {
                return 3;
            }
            return if self.indian_home(b) == Some(bt.hex) { 2 } else { 1 };
        }
        if bt.round == 1 && bt.militia_c2 & bit(b) != 0 {
            return 2;
        }
        i.fire
    }

    /// 8.4 while enemy warships oppose a sea attack, ground blocks neither fire nor take hits.
    fn naval_phase(&self, bt: &Battle) -> bool {
        self.in_hex(bt.hex, bt.attacker).any(|b| self.at_sea & bit(b) != 0)
    }

    /// A block that must retreat on its combat turn (optional rules; pursuit).
    fn must_retreat(&self, bt: &Battle, b: Block) -> bool {
        (bt.round == 2 && bt.militia_c2 & bit(b) != 0)
            || (bt.round == 3 && bt.charged & bit(b) != 0)
            || (bt.round == 4 && Liberty::side_of(b) == bt.attacker && !self.warships_yield(bt))
    }

    /// 8.2, 8.6 / ruling liberty #14: defending warships alone facing
    /// attacking ground blocks are the side that leaves when the rounds run
    /// out (with the pursuit option, after round 4, which the attackers
    /// fight on instead of retreating).
    /// 8.4 the attacking ground blocks must be ashore: blocks of a Sea Attack
    /// still aboard "remain aboard ... until enemy naval opposition is
    /// defeated. This may delay a landing ... (there are only three rounds of
    /// battle)": while the defending warships hold the sea the landing fails
    /// and the attacker retreats (7.2), its blocks aboard with its warships.
    pub(crate) fn warships_yield(&self, bt: &Battle) -> bool {
        let only_ships = |s: Seat| self.in_hex(bt.hex, s).all(|b| blocks::info(b).is_warship());
        only_ships(other(bt.attacker))
            && self
                .in_hex(bt.hex, bt.attacker)
                .any(|b| !blocks::info(b).is_warship() && self.at_sea & bit(b) == 0)
    }

    fn retreat_options(&self, bt: &Battle, b: Block) -> Vec<Hex> {
        let seat = Liberty::side_of(b);
        let i = blocks::info(b);
        if i.is_warship() {
            return self.warship_escapes(b, Leave::Retreat);
        }
        let s = seat as usize;
        let mut v: Vec<Hex> = Vec::new();
        if self.at_sea & bit(b) == 0 {
            v.extend(
                self.land_escapes(b, Leave::Retreat, &bt.uses[s])
                    .into_iter()
                    .map(|x| x.0),
            );
        }
        v.extend(self.sea_escape(b, bt.warship_left[s], bt.unopposed_left[s], bt.sea_retreats[s]));
        v
    }

    /// 8.5 a ground block may yet leave by sea: a friendly warship still in the
    /// hex can retreat first (unopposed, unless the block is still aboard).
    fn may_follow_ship(&self, bt: &Battle, b: Block) -> bool {
        let seat = Liberty::side_of(b);
        let ships = |s: Seat| self.in_hex(bt.hex, s).any(|x| blocks::info(x).is_warship());
        self.goes_by_sea(b)
            && bt.sea_retreats[seat as usize] < 3
            && ships(seat)
            && (self.at_sea & bit(b) != 0 || !ships(other(seat)))
    }

    /// 8.4 a block that cannot fire yet need not retreat: a ground block while
    /// enemy warships oppose a sea attack (aboard only while a friendly
    /// warship stays with it).
    fn may_hold(&self, bt: &Battle, b: Block) -> bool {
        let seat = Liberty::side_of(b);
        !self.can_fire(bt, b)
            && !self.must_retreat(bt, b)
            && (self.at_sea & bit(b) == 0 || self.in_hex(bt.hex, seat).any(|x| blocks::info(x).is_warship()))
    }

    /// The block stays without firing (see `may_hold`).
    pub fn hold(&mut self, b: Block) {
        self.battle_mut().acted |= bit(b);
        let (who, hex) = (self.block_label(self.battle(), b), self.battle().hex);
        self.core.log.say_at(
            "8.4",
            || Liberty::path(&[hex]),
            || format!("{who} holds: it cannot fire yet."),
        );
    }

    /// Blocks of the current combat turn group that have not acted.
    fn candidates<'a>(&'a self, bt: &'a Battle) -> (Seat, impl Iterator<Item = Block> + 'a) {
        let seat = if bt.turn.is_multiple_of(2) {
            other(bt.attacker)
        } else {
            bt.attacker
        };
        let c = class_of(bt.turn);
        // Lazy: `battle_seat` (asked at every decision) needs only the seat.
        let v = self
            .in_hex(bt.hex, seat)
            .filter(move |&b| bt.acted & bit(b) == 0 && self.active(bt, b) && self.class(bt, b) == c);
        (seat, v)
    }

    fn can_fire(&self, bt: &Battle, b: Block) -> bool {
        !self.must_retreat(bt, b)
            && self.at_sea & bit(b) == 0
            && (blocks::info(b).is_warship() || !self.naval_phase(bt))
    }

    pub fn battle_legal(&self, seat: Seat, out: &mut Vec<Action>) {
        let bt = self.battle();
        match bt.stage {
            Stage::Militia => {
                out.push(Action::MilitiaC2(true));
                out.push(Action::MilitiaC2(false));
            }
            Stage::Round => {
                let (_, cands) = self.candidates(bt);
                for b in cands {
                    if self.can_fire(bt, b) {
                        out.push(Action::Fire(b));
                        if self.opts.bayonet && bt.round == 2 && blocks::info(b).can_charge() {
                            out.push(Action::Charge(b));
                        }
                    }
                    let retreats = self.retreat_options(bt, b);
                    if !retreats.is_empty() && self.may_hold(bt, b) {
                        out.push(Action::Hold(b));
                    }
                    for h in retreats {
                        out.push(Action::Retreat(b, h));
                    }
                }
            }
            Stage::Hits { .. } => {
                for b in self.hit_choices(bt) {
                    out.push(Action::Hit(b));
                }
            }
            Stage::Retreat { mask, .. } => {
                for b in self.in_hex(bt.hex, seat).filter(|b| mask & bit(*b) != 0) {
                    for h in self.retreat_options(bt, b) {
                        out.push(Action::Retreat(b, h));
                    }
                }
            }
            Stage::Regroup { .. } => {
                for b in self.in_hex(bt.hex, seat) {
                    for h in self.regroup_destinations(b, &bt.uses[seat as usize]) {
                        out.push(Action::Regroup(b, h));
                    }
                }
                out.push(Action::RegroupDone);
            }
            Stage::Start => {}
        }
    }

    pub fn battle_seat(&self) -> Seat {
        let bt = self.battle();
        match bt.stage {
            Stage::Militia => other(bt.attacker),
            Stage::Round => self.candidates(bt).0,
            Stage::Hits { seat } | Stage::Retreat { seat, .. } | Stage::Regroup { seat } => seat,
            Stage::Start => bt.attacker,
        }
    }

    pub fn declare_militia(&mut self, c2: bool) {
        let hex = self.battle().hex;
        let d = other(self.battle().attacker);
        let reserve = self.battle().reserve;
        let mask = if c2 {
            self.in_hex(hex, d)
                .filter(|&b| reserve & bit(b) == 0 && blocks::info(b).is_militia_foot())
                .fold(0, |m, b| m | bit(b))
        } else {
            0
        };
        let bt = self.battle_mut();
        bt.militia_c2 = mask;
        bt.stage = Stage::Round;
        self.core.log.say_at(
            "Optional rules",
            || Liberty::path(&[hex]),
            || {
                let who = if d == blocks::BRITISH {
                    "loyalist foot"
                } else {
                    "militia"
                };
                if c2 {
                    format!(
                        "The defending {who} will fire C2 in round 1, then must retreat in round 2 unless their side wins the battle."
                    )
                } else {
                    format!("The defending {who} fight normally (C1).")
                }
            },
        );
    }

    /// 7.32 targets for a hit from `hitter` (ruling liberty #13).
    fn targets(&self, bt: &Battle, hitter: Block) -> Vec<Block> {
        let seat = Liberty::side_of(hitter);
        let enemy: Vec<Block> = self
            .in_hex(bt.hex, other(seat))
            .filter(|&b| self.active(bt, b) && self.at_sea & bit(b) == 0)
            .collect();
        let ship = |b: &Block| blocks::info(*b).is_warship();
        let enemy_ships = enemy.iter().any(ship);
        let own_ships = self
            .in_hex(bt.hex, seat)
            .any(|b| self.active(bt, b) && blocks::info(b).is_warship());
        let naval = self.naval_phase(bt);
        if ship(&hitter) {
            // 8.4 no shore bombardment while enemy warships (even in reserve)
            // oppose a sea attack.
            let opposed = naval && self.in_hex(bt.hex, other(seat)).any(|b| ship(&b));
            if enemy_ships || opposed {
                enemy.into_iter().filter(ship).collect()
            } else {
                enemy
            }
        } else if own_ships && enemy_ships {
            enemy.into_iter().filter(|b| !ship(b)).collect()
        } else if naval {
            enemy.into_iter().filter(ship).collect()
        } else {
            enemy
        }
    }

    fn strongest(&self, v: &[Block]) -> Vec<Block> {
        let max = v.iter().map(|&b| self.strength[b as usize]).max().unwrap_or(0);
        v.iter()
            .copied()
            .filter(|&b| self.strength[b as usize] == max)
            .collect()
    }

    fn hit_choices(&self, bt: &Battle) -> Vec<Block> {
        self.strongest(&self.targets(bt, bt.hitter))
    }

    /// 7.31 Fire Combat: a die per strength point; each roll at or under the
    /// rating hits.
    pub fn fire(&mut self, b: Block, charge: bool) {
        let bt = self.battle().clone();
        let rating = self.fire_rating(&bt, b, charge);
        let n = self.strength[b as usize];
        let rolls: Vec<u8> = (0..n).map(|_| self.core.dice.d6()).collect();
        let hits = rolls.iter().filter(|&&r| r <= rating).count() as u8;
        let who = self.block_label(&bt, b);
        let letter = (b'A' + self.class(&bt, b)) as char;
        let need = if rating == 1 {
            "1".to_string()
        } else {
            format!("1-{rating}")
        };
        self.core.log.roll_at(
            "7.31",
            &rolls,
            || Liberty::path(&[bt.hex]),
            || {
                format!(
                    "{who}{} fires at {letter}{rating}, needs {need} to hit: {hits} hit{}.",
                    if charge { " charges with the bayonet and" } else { "" },
                    if hits == 1 { "" } else { "s" }
                )
            },
        );
        let bt = self.battle_mut();
        bt.acted |= bit(b);
        if charge {
            bt.charged |= bit(b);
        }
        bt.hits = hits;
        bt.hitter = b;
        self.apply_hits();
    }

    /// 7.32 each hit goes to the strongest enemy block; the owner picks among ties.
    fn apply_hits(&mut self) {
        while self.battle().hits > 0 {
            let bt = self.battle().clone();
            let t = self.targets(&bt, bt.hitter);
            let strongest = self.strongest(&t);
            // Ruling liberty #13: such a hit is lost whichever block the owner picks.
            let lost = blocks::info(bt.hitter).is_warship()
                && strongest
                    .iter()
                    .all(|&b| !blocks::info(b).is_warship() && self.strength[b as usize] == 1);
            match strongest.len() {
                0 => {
                    let n = bt.hits;
                    self.core.log.say_at(
                        "7.32",
                        || Liberty::path(&[bt.hex]),
                        || {
                            format!(
                                "{} {} no target.",
                                engine::log::count(n, "hit"),
                                if n == 1 { "finds" } else { "find" }
                            )
                        },
                    );
                    self.battle_mut().hits = 0;
                }
                1 => self.take_hit(strongest[0]),
                _ if lost => self.take_hit(strongest[0]),
                _ => {
                    self.battle_mut().stage = Stage::Hits {
                        seat: Liberty::side_of(strongest[0]),
                    };
                    return;
                }
            }
        }
        self.battle_mut().stage = Stage::Round;
    }

    /// 7.32 One hit on `b`; 8.3 shore bombardment cannot reduce a ground block below 1.
    pub fn take_hit(&mut self, b: Block) {
        let (hitter, hex) = (self.battle().hitter, self.battle().hex);
        self.battle_mut().hits -= 1;
        let at = || Liberty::path(&[hex]);
        if blocks::info(hitter).is_warship() && !blocks::info(b).is_warship() && self.strength[b as usize] == 1 {
            self.core.log.say_at("8.3", at, || {
                "Shore bombardment cannot eliminate a block at strength 1: the hit is lost.".into()
            });
            return;
        }
        let (rated, why) = self.rated(self.battle(), b);
        let label = if why.is_empty() {
            rated
        } else {
            format!("{rated} ({why})")
        };
        let before = self.strength[b as usize];
        // 2.11 below strength 1 the block is captured. The line gives the
        // strength before and after, so neither is taken for the other.
        let captured = self.reduce(b);
        self.core.log.say_at("7.32", at, || {
            if captured {
                format!("{label} takes a hit at strength {before} and is captured.")
            } else {
                format!("{label} takes a hit: strength {before} to {}.", before - 1)
            }
        });
    }

    pub fn choose_hit(&mut self, b: Block) {
        self.take_hit(b);
        self.apply_hits();
    }

    /// 7.4 a block retreats (during a round, or when forced).
    pub fn retreat(&mut self, b: Block, to: Hex) {
        let seat = Liberty::side_of(b);
        let bt = self.battle().clone();
        let map = self.map();
        let info = blocks::info(b);
        if !info.is_warship() && to != map.atlantic && !map.west_indies.contains(&to) {
            self.count_crossings(b, Leave::Retreat, to);
        } else if info.is_warship() {
            let opposed = self.in_hex(bt.hex, other(seat)).any(|x| blocks::info(x).is_warship());
            let bt = self.battle_mut();
            bt.warship_left[seat as usize] = true;
            bt.unopposed_left[seat as usize] |= !opposed;
        } else {
            self.battle_mut().sea_retreats[seat as usize] += 1;
        }
        self.log_leaving(b, "7.4", "retreats", to);
        self.place(b, to);
        self.revealed &= !bit(b);
        self.at_sea &= !bit(b);
        let bt = self.battle_mut();
        bt.acted |= bit(b);
        if let Stage::Retreat { mask, .. } = &mut bt.stage {
            *mask &= !bit(b);
        }
    }

    /// Count the hexsides a ground block crosses on its way to `to` (5.2).
    fn count_crossings(&mut self, b: Block, why: Leave, to: Hex) {
        let s = Liberty::side_of(b) as usize;
        let path = self
            .land_escapes(b, why, &self.battle().uses[s])
            .into_iter()
            .find(|x| x.0 == to)
            .map(|x| x.1)
            .unwrap_or_default();
        let uses = &mut self.battle_mut().uses[s];
        for side in path {
            match uses.iter_mut().find(|u| u.0 == side) {
                Some(u) => u.1 += 1,
                None => uses.push((side, 1)),
            }
        }
    }

    pub fn regroup(&mut self, b: Block, to: Hex) {
        if !blocks::info(b).is_warship() {
            self.count_crossings(b, Leave::Regroup, to);
        }
        self.log_leaving(b, "7.5", "regroups", to);
        self.place(b, to);
        self.revealed &= !bit(b);
    }

    /// Log a block leaving the battle: named to all if it is revealed, else
    /// only to its owner (7.22 reserves of a battle ended in round 1 stay hidden).
    fn log_leaving(&mut self, b: Block, rule: &'static str, verb: &str, to: Hex) {
        let (who, from, place) = (
            self.block_label(self.battle(), b),
            self.hex_name(self.battle().hex),
            self.hex_name(to),
        );
        let hex = self.battle().hex;
        let path = || Liberty::path(&[hex, to]);
        let seat = Liberty::side_of(b);
        let line = |who: &str| format!("{who} {verb} from {from} to {place}.");
        if self.revealed & bit(b) != 0 {
            self.core.log.say_at(rule, path, || line(&who));
        } else {
            let a_block = crate::a_block(seat);
            let others = || format!("{}{}", a_block[..1].to_uppercase(), &line(a_block)[1..]);
            self.core.log.apart(seat, rule, &[], path, || line(&who), others);
        }
    }

    /// Automatic battle steps until a decision is needed or the battle is over
    /// (then the frame is popped). Called by the advance loop.
    pub fn battle_step(&mut self) -> bool {
        match self.battle().stage {
            Stage::Start => {
                self.begin_battle();
                return true;
            }
            Stage::Militia | Stage::Hits { .. } => return false,
            Stage::Regroup { seat } => {
                let mut v = Vec::new();
                self.battle_legal(seat, &mut v);
                if v.len() > 1 {
                    return false;
                }
                self.end_battle();
                return true;
            }
            Stage::Retreat { seat, mask } => {
                // Blocks that cannot retreat are captured (7.4; ruling liberty #15).
                let bt = self.battle();
                let hex = bt.hex;
                let stuck: Vec<Block> = self
                    .in_hex(hex, seat)
                    .filter(|&b| {
                        mask & bit(b) != 0 && self.retreat_options(bt, b).is_empty() && !self.may_follow_ship(bt, b)
                    })
                    .collect();
                for &b in &stuck {
                    self.capture(b);
                    self.core.log.say_at(
                        "7.4",
                        || Liberty::path(&[hex]),
                        || format!("{} cannot retreat and is captured.", Liberty::name(b)),
                    );
                }
                let left = self.in_hex(hex, seat).any(|b| mask & bit(b) != 0);
                if left {
                    return !stuck.is_empty();
                }
                self.conclude(other(seat));
                return true;
            }
            Stage::Round => {}
        }
        // A copy: comparing with it tells whether `naval_outcome` changed the battle.
        let mut bt = self.battle().clone();
        if let Some(w) = self.decided(&bt) {
            self.conclude(w);
            return true;
        }
        self.naval_outcome(&bt);
        if *self.battle() != bt {
            return true;
        }
        // Blocks with no choice act at once: at sea with no way out, or obliged
        // to retreat with nowhere to go (captured).
        let (any, stuck) = {
            let mut cands = self.candidates(&bt).1.peekable();
            let any = cands.peek().is_some();
            (
                any,
                cands.find(|&b| !self.can_fire(&bt, b) && self.retreat_options(&bt, b).is_empty()),
            )
        };
        if !any {
            bt.turn += 1;
            if bt.turn == 6 {
                return self.end_round(bt);
            }
            *self.battle_mut() = bt;
            return true;
        }
        let Some(b) = stuck else { return false };
        if self.must_retreat(&bt, b) {
            self.capture(b);
            self.core.log.say_at(
                "7.4",
                || Liberty::path(&[bt.hex]),
                || format!("{} must retreat and cannot: it is captured.", Liberty::name(b)),
            );
        }
        self.battle_mut().acted |= bit(b);
        true
    }

    /// The side left alone in the hex wins; in round 1 a side with only
    /// reserves left loses (ruling liberty #8).
    fn decided(&self, bt: &Battle) -> Option<Seat> {
        let a = bt.attacker;
        let d = other(a);
        let any = |s: Seat| self.in_hex(bt.hex, s).any(|b| self.active(bt, b));
        match (any(a), any(d)) {
            (false, _) => Some(d),
            (true, false) => Some(a),
            _ => None,
        }
    }

    /// 8.4 landings and failed sea attacks.
    fn naval_outcome(&mut self, bt: &Battle) {
        if !self.naval_phase(bt) {
            return;
        }
        let a = bt.attacker;
        let has_ships = |s: Seat| self.in_hex(bt.hex, s).any(|b| blocks::info(b).is_warship());
        if !has_ships(other(a)) {
            for b in self.in_hex(bt.hex, a).collect::<Vec<_>>() {
                self.at_sea &= !bit(b);
            }
            let round = bt.round;
            self.battle_mut().landed = round;
            self.core.log.say_at(
                "8.4",
                || Liberty::path(&[bt.hex]),
                || "The enemy warships are gone: the attacking blocks land.".into(),
            );
        } else if !has_ships(a) && !bt.warship_left[a as usize] {
            // Defeated, not withdrawn: blocks aboard a retreating warship follow it (8.5).
            let to = self.failed_landing_return(bt.hex, a);
            let place = self.hex_name(to);
            for b in self.in_hex(bt.hex, a).collect::<Vec<_>>() {
                if self.at_sea & bit(b) != 0 {
                    self.at_sea &= !bit(b);
                    self.revealed &= !bit(b);
                    self.place(b, to);
                    let (hex, name) = (bt.hex, Liberty::name(b));
                    if self.reduce(b) {
                        self.core.log.say_at(
                            "8.4",
                            || Liberty::path(&[hex]),
                            || format!("{name} loses its last step and is captured."),
                        );
                    } else {
                        self.core.log.say_at(
                            "8.4",
                            || Liberty::path(&[hex, to]),
                            || format!("{name} loses a step and returns to {place}."),
                        );
                    }
                }
            }
        }
    }

    /// 8.4 "(exception 9.1)": the blocks of a failed Sea Attack go back to
    /// the Atlantic, or to the West Indies port they sailed from when one port
    /// attacked the other, unless the enemy now holds it (rule 8.4's further
    /// decision in docs/rulings.md).
    fn failed_landing_return(&self, hex: Hex, attacker: Seat) -> Hex {
        let map = self.map();
        match self.attack_at(hex).and_then(|a| a.sea) {
            Some(from) if map.west_indies.contains(&from) && !self.has(from, other(attacker)) => from,
            _ => map.atlantic,
        }
    }

    fn end_round(&mut self, mut bt: Battle) -> bool {
        let last = self.last_round();
        if bt.round < last {
            bt.round += 1;
            bt.turn = 0;
            bt.acted = 0;
            bt.fresh_counts();
            let round = bt.round;
            if round == 2 {
                // 7.22 reserves are revealed at the beginning of round 2.
                for b in self.blocks_at(bt.hex).collect::<Vec<_>>() {
                    self.revealed |= bit(b);
                }
                if bt.reserve != 0 {
                    self.core.dice.reveal();
                    let shown: Vec<String> = self
                        .blocks_at(bt.hex)
                        .filter(|&b| bt.reserve & bit(b) != 0)
                        .map(|b| self.block_label(&bt, b))
                        .collect();
                    self.core.log.say_at(
                        "7.22",
                        || Liberty::path(&[bt.hex]),
                        || format!("Reserves join the battle: {}.", shown.join(", ")),
                    );
                }
            }
            // Optional rule: round 4 is the pursuit round, said as such.
            let (rule, line) = match round {
                4 if self.warships_yield(&bt) => (
                    "Optional rules",
                    "Combat round 4, the pursuit round: the defending warships stand alone against ground blocks, \
                     so both sides fight it, then the warships leave (ruling liberty #14)."
                        .to_string(),
                ),
                4 => (
                    "Optional rules",
                    "Combat round 4, the pursuit round: the defender fires; the attacker must retreat.".to_string(),
                ),
                _ => ("7.21", format!("Combat round {round}.")),
            };
            self.core.log.say_at(rule, || Liberty::path(&[bt.hex]), || line);
            *self.battle_mut() = bt;
            return true;
        }
        // 7.2 after the last round the attacker retreats; 8.6 / ruling liberty #14:
        // warships alone facing ground blocks retreat instead.
        let yields = self.warships_yield(&bt);
        let seat = if yields { other(bt.attacker) } else { bt.attacker };
        let mask = self.in_hex(bt.hex, seat).fold(0, |m, b| m | bit(b));
        let ships = engine::log::list(self.in_hex(bt.hex, seat).map(Liberty::name));
        let place = self.hex_name(bt.hex);
        let (rule, line) = if yields {
            (
                "8.6",
                format!(
                    "The battle is not decided after {last} rounds: warships alone cannot hold {place} \
                     against ground blocks (8.2), so {ships} must leave."
                ),
            )
        } else {
            (
                "7.2",
                format!(
                    "The battle is not decided after {last} rounds: {} must retreat.",
                    crate::side_name(seat)
                ),
            )
        };
        self.core.log.say_at(rule, || Liberty::path(&[bt.hex]), || line);
        bt.stage = Stage::Retreat { seat, mask };
        bt.fresh_counts();
        *self.battle_mut() = bt;
        true
    }

    /// The battle is won by `w`: the loser's reserves retreat (7.22), then the
    /// victor may regroup (7.5).
    fn conclude(&mut self, w: Seat) {
        let mut bt = self.battle().clone();
        bt.winner = Some(w);
        let l = other(w);
        let mask = self.in_hex(bt.hex, l).fold(0, |m, b| m | bit(b));
        if mask != 0 && !matches!(bt.stage, Stage::Retreat { .. }) {
            // 7.22 said when it happens: only reserves are left (ruling liberty #8).
            let (place, hex, n) = (self.hex_name(bt.hex), bt.hex, mask.count_ones());
            let side = crate::side_name(l);
            let line = match (bt.round, n) {
                (1, 1) => format!("{side} has no block left fighting in {place} in round 1: the battle is lost, and its reserve must retreat."),
                (1, _) => format!("{side} has no block left fighting in {place} in round 1: the battle is lost, and its reserves must retreat."),
                _ => format!("{side} loses the battle in {place}: its blocks left there must retreat."),
            };
            self.core.log.say_at("7.22", || Liberty::path(&[hex]), || line);
            bt.stage = Stage::Retreat { seat: l, mask };
            bt.fresh_counts();
            *self.battle_mut() = bt;
            return;
        }
        let (place, hex) = (self.hex_name(bt.hex), bt.hex);
        self.core.log.say_at(
            "7.5",
            || Liberty::path(&[hex]),
            || format!("{} wins the battle in {place}.", crate::side_name(w)),
        );
        bt.stage = Stage::Regroup { seat: w };
        bt.fresh_counts();
        *self.battle_mut() = bt;
    }

    pub fn end_battle(&mut self) {
        let hex = self.battle().hex;
        for b in self.blocks_at(hex).collect::<Vec<_>>() {
            self.revealed &= !bit(b);
        }
        self.frames.pop();
    }

    /// Sandbox (tests, referee set-ups): the block `id`, already put in its
    /// hex, entered it this turn from the neighbouring place `from`, or by sea
    /// ("sea"). As in movement (5.4, 7.22), the first side to enter a hex held
    /// by the other registers the attack, its first entry being the Main Attack.
    pub fn entered(&mut self, id: &str, from: &str) -> Block {
        let b = blocks::by_id(id).unwrap_or_else(|| panic!("no block '{id}'"));
        let hex = self.loc[b as usize];
        // "sea" is from the Atlantic; a box's name (a West Indies port) also by sea.
        let map = self.map();
        let f = if from == "sea" {
            map.atlantic
        } else {
            Liberty::place_named(from)
        };
        let by_sea = f == map.atlantic || map.west_indies.contains(&f);
        let via = if by_sea {
            BY_SEA
        } else {
            map.side_between(f, hex)
                .unwrap_or_else(|| panic!("{from} is not next to {}", self.hex_name(hex)))
        };
        let seat = Liberty::side_of(b);
        self.entry[b as usize] = via;
        self.moved |= bit(b);
        match self.attack_at_mut(hex) {
            Some(a) => a.entries.push((via, seat)),
            None => self.attacks.push(crate::state::Attack {
                hex,
                attacker: seat,
                opposed: true,
                entries: vec![(via, seat)],
                main: Some(via),
                sea: by_sea.then_some(f),
            }),
        }
        b
    }

    /// 7.1 battle order, then one Battle frame per hex (first on top): Player
    /// 1 orders all battles before the first is revealed (ruling liberty #17).
    pub fn order_battle(&mut self, h: Hex) {
        let all = self.battle_hexes();
        let done = match self.frames.last_mut() {
            Some(Frame::BattleOrder { chosen }) => {
                chosen.push(h);
                (chosen.len() + 1 >= all.len()).then(|| chosen.clone())
            }
            _ => None,
        };
        if let Some(mut chosen) = done {
            self.frames.pop();
            for x in all {
                if !chosen.contains(&x) {
                    chosen.push(x);
                }
            }
            self.push_battles(&chosen);
        }
    }

    pub fn push_battles(&mut self, order: &[Hex]) {
        for &h in order.iter().rev() {
            let bt = self.new_battle(h);
            self.frames.push(Frame::Battle(Box::new(bt)));
        }
    }
}
