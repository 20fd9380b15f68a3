//! The game state: every counter and leader and where it is, the colonies'
//! status, the civilization markers, the treasuries and supply points, the
//! Balance of Power, the turn, and the stack of pending procedures
//! (ARCHITECTURE.md, "The frame stack").

use crate::balance::Index;
use crate::civilization::Marker;
use crate::forces::{Face, Leader, Nation, UnitType, BRITISH, FRENCH};
use crate::frames::Frame;
use crate::map::{Colony, Empire, Settlement, Sq, Terrain, Works};
use crate::scenario::Scenario;
use crate::tables::tables;
use engine::{Core, Seat};
use serde::{Deserialize, Serialize};

pub use crate::units::{Unit, Units};

/// A counter's index in [`Fiw::units`]: one per counter of the mix (10.72).
pub type UnitId = u16;
/// A leader counter's index in [`Fiw::leaders`].
pub type LeaderId = u8;

/// 2.15, 21.0 the boxes off the map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Base {
    /// 21.0 the British Home Base (Great Britain, 10.1).
    Britain,
    /// 21.0 the French Home Base.
    France,
    /// 10.3 the West Indies box (ruling fiw #21).
    WestIndies,
}

impl Base {
    pub fn name(self) -> &'static str {
        match self {
            Base::Britain => "British Home Base",
            Base::France => "French Home Base",
            Base::WestIndies => "West Indies",
        }
    }

    /// 21.21 whose units may enter it.
    pub fn side(self) -> Seat {
        match self {
            Base::Britain => BRITISH,
            Base::France | Base::WestIndies => FRENCH,
        }
    }
}

/// Where a piece is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Place {
    /// 10.72 in the counter mix: available to recruit (10.73: eliminated
    /// units come back here), or 2.15 a leader in the Leader box.
    Pool,
    Base(Base),
    Sq(Sq),
    /// 17.42 a leader held by the enemy (units are never taken prisoner:
    /// ruling fiw #4).
    Prisoner,
    /// 17.44 a named leader eliminated: out of the game for good.
    Gone,
}

/// One leader counter.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct General {
    /// Its row in `leaders.tsv`.
    pub leader: u8,
    /// The side he serves: fixed for British and French leaders; an
    /// Indian chief serves the side of the Indians he is placed with
    /// (17.7, 25.1).
    pub side: Seat,
    pub at: Place,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub ops: u8,
    #[serde(default, skip_serializing_if = "is_false")]
    pub moved: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub inside: bool,
}

/// 5.0 a colony's status.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    Passive,
    Active,
    /// 5.3 Florida before Spain enters the war.
    Neutral,
}

impl Status {
    pub const ALL: [Status; 3] = [Status::Active, Status::Passive, Status::Neutral];

    /// The Colony Control Chart's word for it.
    pub fn word(self) -> &'static str {
        match self {
            Status::Active => "active",
            Status::Passive => "passive",
            Status::Neutral => "neutral",
        }
    }
}

/// 2.34, 22.0 a civilization marker on the map; forts and fortresses
/// printed on the map are kept the same way (22.61, 23.1: they are
/// captured and destroyed alike).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Civ {
    pub kind: Marker,
    pub sq: Sq,
    /// Whose it is (22.4: it changes hands with the square).
    pub side: Seat,
    /// Printed on the map rather than built (22.61).
    #[serde(default, skip_serializing_if = "is_false")]
    pub printed: bool,
    /// 18.62 a magazine outside a city or town used this turn: removed in
    /// the administration phase (ruling fiw #7).
    #[serde(default, skip_serializing_if = "is_false")]
    pub used: bool,
}

pub(crate) fn is_false(b: &bool) -> bool {
    !*b
}

pub(crate) fn is_zero(n: &u8) -> bool {
    *n == 0
}

/// 3.1 the phases of a turn in the order of ruling fiw #1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// 35.x the set-up's choices, the first seat to set up first.
    Deployment(Seat),
    Initiative,
    RandomEvents,
    Negotiations(Seat),
    IncomeExpenditure,
    /// 12.0 the `round`-th (1-4) operations phase of `seat`.
    Operations {
        round: u8,
        seat: Seat,
    },
    /// 18.3 the seat's provisioning (ruling fiw #1: step 13).
    Provisioning(Seat),
    /// Ruling fiw #1 step 14, 14.1-14.5.
    Administration,
    BalanceOfPower,
    EndOfTurn,
}

/// 12.0 the sub-phases of an operations phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Sub {
    Movement,
    InvasionReaction,
    Combat,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Fiw {
    #[serde(flatten)]
    pub core: Core,
    pub scenario: Scenario,
    /// 1 for the scenario's first turn (ruling fiw #31).
    pub turn: u8,
    pub phase: Phase,
    pub sub: Sub,
    /// 7.2 the first player of this turn.
    pub first: Seat,
    /// 7.1 the player the Balance of Power favoured in this turn's
    /// initiative phase: he goes first in simultaneous steps (7.3).
    #[serde(default)]
    pub initiative: Seat,
    /// 35.4 2.0 the extended scenario: play ends in 1762 instead.
    #[serde(default, skip_serializing_if = "is_false")]
    pub extended: bool,
    /// 35.4 1.0 (ruling fiw #79) the year the players agreed before play
    /// to end the game after (option `end`), if they did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end: Option<u16>,
    /// 8.3 Spain enters the war in 1761 with no random events rolled then
    /// (an option of the variable scenario length, 35.4).
    #[serde(default, skip_serializing_if = "is_false")]
    pub historic_spain: bool,
    pub units: Units,
    pub leaders: Vec<General>,
    /// Per colony, in [`Colony::ALL`] order.
    pub status: Vec<Status>,
    pub civs: Vec<Civ>,
    /// 31.0 massacred squares.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub massacres: Vec<Sq>,
    /// 4.0
    pub balance: Index,
    /// 9.3 pounds, per seat.
    pub treasury: [u16; 2],
    /// 18.1 supply points, per seat.
    pub supply: [u16; 2],
    /// 8.0 the Seven Years War has broken out (Home Government column).
    pub war: bool,
    /// 5.3, 28.1 Spain is in the war.
    pub spain: bool,
    pub stack: Vec<Frame>,
    /// 8.2 the events that happened this game (for once-only events and
    /// those that require another).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub happened: Vec<String>,
    /// 8.2 the events of this turn (a second roll of one is No Event;
    /// Harsh Winter and Atlantic Gales last the turn).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub this_turn: Vec<String>,
    /// 3.1 the Income/Expenditure Phase's secret purchases (ruling fiw #30).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drafts: Option<engine::Drafts<crate::recruiting::Purchases>>,
}

/// 2.4 the other seat.
pub fn enemy(seat: Seat) -> Seat {
    1 - seat
}

pub fn side_name(seat: Seat) -> &'static str {
    if seat == BRITISH {
        "British"
    } else {
        "French"
    }
}

impl Phase {
    /// The phase as 3.1 names it.
    pub fn name(self) -> String {
        match self {
            Phase::Deployment(s) => format!("{} set-up", side_name(s)),
            Phase::Initiative => "Initiative Phase".into(),
            Phase::RandomEvents => "Random Events Phase".into(),
            Phase::Negotiations(s) => format!("{} Negotiations", side_name(s)),
            Phase::IncomeExpenditure => "Income/Expenditure Phase".into(),
            Phase::Operations { round, seat } => {
                let nth = ["1st", "2nd", "3rd", "4th"][usize::from(round.clamp(1, 4) - 1)];
                format!("{} {nth} Operations Phase", side_name(seat))
            }
            Phase::Provisioning(s) => format!("{} Provisioning Phase", side_name(s)),
            Phase::Administration => "Administration Phase".into(),
            Phase::BalanceOfPower => "Balance of Power Phase".into(),
            Phase::EndOfTurn => "End of Turn".into(),
        }
    }
}

impl Sub {
    pub fn name(self) -> &'static str {
        match self {
            Sub::Movement => "Movement Sub-Phase",
            Sub::InvasionReaction => "Invasion Reaction Sub-Phase",
            Sub::Combat => "Combat Sub-Phase",
        }
    }
}

impl Fiw {
    /// The face a unit shows.
    pub fn face(&self, u: UnitId) -> &'static Face {
        let f = &tables().forces;
        let unit = &self.units[u as usize];
        let c = &f.counters[unit.counter as usize];
        let i = if unit.back { c.back.unwrap_or(c.front) } else { c.front };
        &f.faces[i]
    }

    pub fn leader(&self, l: LeaderId) -> &'static Leader {
        &tables().forces.leaders[self.leaders[l as usize].leader as usize]
    }

    /// 25.1 the side a unit serves: its face's (an Indian counter's front
    /// is French, its back British).
    pub fn side(&self, u: UnitId) -> Seat {
        self.face(u).side
    }

    /// 2.32, 13.2, 26.0 a light unit (ruling fiw #13).
    pub fn is_light(&self, u: UnitId) -> bool {
        match self.face(u).light {
            crate::forces::Lightness::Light => true,
            crate::forces::Lightness::Heavy => false,
            crate::forces::Lightness::Either => self.units[u as usize].as_light,
        }
    }

    /// 26.0 heavy or light at its owner's direction: a legion (ruling fiw
    /// #13).
    pub fn at_will(&self, u: UnitId) -> bool {
        self.face(u).light == crate::forces::Lightness::Either
    }

    pub fn is_naval(&self, u: UnitId) -> bool {
        self.face(u).kind.naval()
    }

    pub fn is_indian(&self, u: UnitId) -> bool {
        self.face(u).nation == Nation::Indian
    }

    pub fn is_militia(&self, u: UnitId) -> bool {
        self.face(u).kind == UnitType::Militia
    }

    /// The units in a square, in counter order.
    pub fn units_at(&self, sq: Sq) -> impl Iterator<Item = UnitId> + '_ {
        self.units_in(Place::Sq(sq))
    }

    pub fn units_in(&self, at: Place) -> impl Iterator<Item = UnitId> + '_ {
        self.units.in_place(at)
    }

    /// 25.1 the Indian units left in the counter mix.
    pub fn pool_indians(&self) -> impl Iterator<Item = UnitId> + '_ {
        self.units_in(Place::Pool).filter(|&u| self.is_indian(u))
    }

    /// A seat's units in a square.
    pub fn side_at(&self, sq: Sq, seat: Seat) -> impl Iterator<Item = UnitId> + '_ {
        self.units_at(sq).filter(move |&u| self.side(u) == seat)
    }

    pub fn leaders_in(&self, at: Place) -> impl Iterator<Item = LeaderId> + '_ {
        (0..self.leaders.len() as LeaderId).filter(move |&l| self.leaders[l as usize].at == at)
    }

    pub fn side_leaders_at(&self, sq: Sq, seat: Seat) -> impl Iterator<Item = LeaderId> + '_ {
        self.leaders_in(Place::Sq(sq))
            .filter(move |&l| self.leaders[l as usize].side == seat)
    }

    /// 2.4 a seat has combat units in a square.
    pub fn has_units(&self, sq: Sq, seat: Seat) -> bool {
        self.side_at(sq, seat).next().is_some()
    }

    /// Ruling fiw #26: a seat occupies a square with at least one friendly
    /// non-Indian combat unit (income 9.1, the cities of 4.11, victory
    /// 29.11).
    pub fn occupies(&self, sq: Sq, seat: Seat) -> bool {
        self.side_at(sq, seat).any(|u| self.occupier(u))
    }

    /// Ruling fiw #26, 5.3, 28.1 a unit that occupies its square for its
    /// side: a non-Indian combat unit, and not a Spanish one while Spain is
    /// neutral (its units are French-controlled only once it is at war).
    pub fn occupier(&self, u: UnitId) -> bool {
        self.occupies_for(self.face(u))
    }

    /// [`Fiw::occupier`] of a unit showing `face`.
    fn occupies_for(&self, face: &Face) -> bool {
        face.nation != Nation::Indian && (self.spain || face.nation != Nation::Spanish)
    }

    /// 5.3, 28.1 whether `seat` may use a unit: one of its side, and a
    /// Spanish unit only once Spain is at war ("neither side may ... use
    /// Spanish units until" it enters; then they are French controlled;
    /// ruling fiw #55).
    pub fn usable(&self, u: UnitId, seat: Seat) -> bool {
        self.side(u) == seat && (self.spain || self.face(u).nation != Nation::Spanish)
    }

    /// 29.11 the seat controls a square's objectives: it occupies it, the
    /// enemy has no unit there, and no siege is on (ruling fiw #26).
    pub fn controls(&self, sq: Sq, seat: Seat) -> bool {
        self.occupies(sq, seat) && !self.has_units(sq, enemy(seat))
    }

    /// 23.2 a fortress square where both sides have units: a siege.
    pub fn besieged(&self, sq: Sq) -> bool {
        self.fortified(sq) == Some(Works::Fortress)
            && self.has_units(sq, BRITISH)
            && self.has_units(sq, FRENCH)
            // Ruling fiw #17: the siege ends when the last of the garrison
            // goes, whatever takes it away; a relief force left beside the
            // besiegers is no garrison (23.25).
            && self.units_at(sq).any(|u| self.units[u as usize].inside)
    }

    /// Moves a unit: the one way a unit changes place, so that a siege its
    /// going ends is over at once (23.26), and markers its side leaves
    /// among enemy units change hands (ruling fiw #97).
    pub(crate) fn place_unit(&mut self, u: UnitId, to: Place) {
        let from = self.units[u as usize].at();
        self.units.place(u, to);
        if let (Place::Sq(sq), true) = (from, from != to) {
            self.one_fewer(sq, self.side(u));
        }
    }

    /// `side` has a unit fewer in `sq` (moved away, or gone over to the
    /// enemy, 25.1): a siege that has lost its garrison or its besiegers is
    /// over (23.26), and the markers of a side with no combat unit left
    /// there among the enemy's change hands (ruling fiw #97).
    pub(crate) fn one_fewer(&mut self, sq: Sq, side: Seat) {
        // A battle there settles both at its end (22.6, 23.26).
        if self.battle_square() == Some(sq) {
            return;
        }
        if self.fortified(sq) == Some(Works::Fortress) && !self.besieged(sq) {
            self.free_garrison(sq);
        }
        self.left_to_the_enemy(sq, side);
    }

    /// 22.4 the last combat unit of `side` has left `sq`, outside a battle
    /// (starved, 18.4; lost to winter attrition, 12.3, or an event; gone
    /// home, 25.4; removed, 5.26; disbanded, 10.8; or marched out, 13.34),
    /// and enemy land combat units stand there: its markers are abandoned
    /// to units already in the square, who capture them as if they had
    /// just entered (ruling fiw #97: a garrison gone from its besieged
    /// fortress leaves the fortress to the besiegers). Naval units alone
    /// take nothing (ruling fiw #9, #86).
    fn left_to_the_enemy(&mut self, sq: Sq, side: Seat) {
        // ruling: fiw #97
        if self.has_units(sq, side) || !self.civs.iter().any(|c| c.sq == sq && c.side == side) {
            return;
        }
        let taker = enemy(side);
        if self.side_at(sq, taker).any(|v| !self.is_naval(v)) {
            self.take_markers(taker, sq);
        }
    }

    /// 23.26 the siege of `sq` is over (all the besiegers or the besieged
    /// gone): nobody there is inside the fortress any more, so that a
    /// later siege counts everyone then in the square as its garrison
    /// (23.22). A battle there frees them at its end instead.
    pub(crate) fn free_garrison(&mut self, sq: Sq) {
        for u in self.units_at(sq).collect::<Vec<_>>() {
            self.units[u as usize].inside = false;
        }
        for l in self.leaders_in(Place::Sq(sq)).collect::<Vec<_>>() {
            self.leaders[l as usize].inside = false;
        }
    }

    /// The fort or fortress standing in a square (printed and not
    /// destroyed, or built), and whose it is.
    pub fn works(&self, sq: Sq) -> Option<(Works, Seat)> {
        self.civs.iter().find_map(|c| match c.kind {
            Marker::Fort if c.sq == sq => Some((Works::Fort, c.side)),
            Marker::Fortress if c.sq == sq => Some((Works::Fortress, c.side)),
            _ => None,
        })
    }

    pub fn fortified(&self, sq: Sq) -> Option<Works> {
        self.works(sq).map(|w| w.0)
    }

    /// A seat's civilization marker of a kind in a square.
    pub fn civ(&self, sq: Sq, kind: Marker) -> Option<&Civ> {
        self.civs.iter().find(|c| c.sq == sq && c.kind == kind)
    }

    pub fn massacred(&self, sq: Sq) -> bool {
        self.massacres.contains(&sq)
    }

    pub fn status(&self, c: Colony) -> Status {
        self.status[colony_index(c)]
    }

    pub fn set_status(&mut self, c: Colony, s: Status) {
        self.status[colony_index(c)] = s;
    }

    /// The side a colony belongs to (5.1-5.3: Spain's Florida is the
    /// French player's once Spain is in the war, 28.1).
    pub fn owner(&self, c: Colony) -> Option<Seat> {
        match c.empire()? {
            Empire::British => Some(BRITISH),
            Empire::French => Some(FRENCH),
            Empire::Spanish => self.spain.then_some(FRENCH),
        }
    }

    /// 10.1, 14.4: the square's city or town.
    pub fn settlement(&self, sq: Sq) -> Option<Settlement> {
        tables().map.settlement(sq)
    }

    pub fn terrain(&self, sq: Sq) -> Terrain {
        tables().map.square(sq).terrain
    }

    /// The square's name for the log: its places, or "square CCRR".
    pub fn sq_name(&self, sq: Sq) -> String {
        let names: Vec<&str> = tables()
            .map
            .places_in(sq)
            .filter(|p| !p.name.is_empty())
            .map(|p| p.name.as_str())
            .collect();
        if names.is_empty() {
            // The colony decides invasions, activation and militia borders
            // (5.24, 14.1, 24.1): a bare grid number hid it.
            match tables().map.colony(sq) {
                // 5.4 disputed territory belongs to no colony.
                Some(crate::map::Colony::Disputed) => format!("square {sq} in disputed territory"),
                Some(c) => format!("square {sq} in {}", c.name()),
                None => format!("square {sq}"),
            }
        } else {
            names.join(" / ")
        }
    }

    /// A piece's name for the log, as a player reads the counter: 2.32's
    /// "+" marks a light unit ("PA militia 2+5"), which moves diagonally
    /// and fights on the Raid table (ruling fiw #13).
    pub fn unit_name(&self, u: UnitId) -> String {
        let f = self.face(u);
        let sep = if self.is_light(u) { '+' } else { '-' };
        format!("{} {}{sep}{}", face_words(f), f.combat, f.movement)
    }

    /// Words for the log (names of squares and pieces), worked out only
    /// while it is kept: the bots' playouts run with it off, and building
    /// the words was a share of their moves' time.
    pub(crate) fn log_words<T: Default>(&self, words: impl FnOnce() -> T) -> T {
        if self.core.log.enabled() {
            words()
        } else {
            T::default()
        }
    }

    /// The place a piece is at, in words.
    pub fn place_name(&self, at: Place) -> String {
        match at {
            Place::Sq(sq) => self.sq_name(sq),
            Place::Base(b) => b.name().into(),
            Place::Pool => "the pool".into(),
            Place::Prisoner => "prison".into(),
            Place::Gone => "out of play".into(),
        }
    }
}

/// Who stands where, counted once for the loops that ask it of every
/// square (victory, the set-up's choices).
pub struct Occupancy {
    /// Per square: each seat's units, then each seat's units that occupy
    /// for it ([`Fiw::occupier`]).
    counts: Vec<[u16; 4]>,
}

impl Occupancy {
    pub fn has_units(&self, sq: Sq, seat: Seat) -> bool {
        self.counts[sq.index()][seat as usize] > 0
    }

    pub fn occupies(&self, sq: Sq, seat: Seat) -> bool {
        self.counts[sq.index()][2 + seat as usize] > 0
    }

    /// 29.11 as [`Fiw::controls`].
    pub fn controls(&self, sq: Sq, seat: Seat) -> bool {
        self.occupies(sq, seat) && !self.has_units(sq, enemy(seat))
    }
}

impl Fiw {
    /// The squares holding units that `keep` accepts, in map order, each
    /// once.
    pub fn unit_squares(&self, keep: impl Fn(UnitId) -> bool) -> Vec<Sq> {
        crate::units::squares(&self.units)
            .filter(|&sq| self.units_at(sq).any(&keep))
            .collect()
    }

    pub fn occupancy(&self) -> Occupancy {
        let mut counts = vec![[0u16; 4]; tables().map.squares.len()];
        for sq in crate::units::squares(&self.units) {
            let c = &mut counts[sq.index()];
            for u in self.units_at(sq) {
                // Each face read once: the bots score every playout with this.
                let face = self.face(u);
                let s = face.side as usize;
                c[s] += 1;
                if self.occupies_for(face) {
                    c[2 + s] += 1;
                }
            }
        }
        Occupancy { counts }
    }
}

/// The index of a colony in [`Colony::ALL`].
pub fn colony_index(c: Colony) -> usize {
    Colony::ALL
        .iter()
        .position(|&x| x == c)
        .expect("every colony is in ALL")
}

/// 2.33 the unit type in words.
/// A face's printed name and its type: "Foot line", "NY light infantry";
/// the type alone where it spells the name out ("Siege train", not "Siege
/// siege train"; "Fleet", not "Fleet fleet"; 2.33 abbreviations).
pub fn face_words(f: &crate::forces::Face) -> String {
    let kind = type_word(f.kind);
    if kind.starts_with(&f.name.to_lowercase()) {
        engine::log::capitalised(kind)
    } else {
        format!("{} {kind}", f.name)
    }
}

pub fn type_word(t: UnitType) -> &'static str {
    match t {
        UnitType::Line => "line",
        UnitType::Light => "light infantry",
        UnitType::Grenadiers => "grenadiers",
        UnitType::Rangers => "rangers",
        UnitType::Militia => "militia",
        UnitType::Dragoons => "dragoons",
        UnitType::Indians => "Indians",
        UnitType::SiegeTrain => "siege train",
        UnitType::Engineers => "engineers",
        UnitType::Legion => "legion",
        UnitType::Fleet => "fleet",
        UnitType::Riverine => "flotilla",
    }
}
