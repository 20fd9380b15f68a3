//! 8.0 Random Events: the first roll, modified by the balance of power,
//! picks the columns (`data/event-columns.tsv`); an unmodified roll on each
//! picks the event (`data/events.tsv`). Both reconstructed around 8.1's
//! example and the events the rules name.

use crate::dice::{RollRows, DIE};
use crate::forces::{BRITISH, FRENCH};
use engine::table::{self, TableError};
use engine::Seat;
use std::path::Path;

const COLUMNS_TSV: &str = include_str!("../data/event-columns.tsv");
const EVENTS_TSV: &str = include_str!("../data/events.tsv");
/// The files `--data` may replace.
pub const FILES: [&str; 2] = ["event-columns.tsv", "events.tsv"];

/// 8.1 the table's columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Column {
    A,
    B,
    C,
    D,
}

const LETTERS: [(&str, Column); 4] = [("A", Column::A), ("B", Column::B), ("C", Column::C), ("D", Column::D)];

/// Whom an event concerns (8.1: "either or both players regardless of who
/// rolled").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Concerns {
    British,
    French,
    Both,
    /// The player who rolled.
    Roller,
}

/// One cell of the table.
#[derive(Clone, Debug)]
pub struct Event {
    pub id: String,
    pub name: String,
    /// 8.2 at most once a game.
    pub once: bool,
    /// An event that must have happened first, else No Event.
    pub requires: Option<String>,
    pub concerns: Concerns,
    pub effect: String,
    pub reason: String,
}

/// The Random Events Table.
#[derive(Clone, Debug)]
pub struct EventTable {
    /// 8.1 the columns each modified first roll gives, in order.
    pub columns: RollRows<Vec<Column>>,
    /// Column by column, rolls 1 to 6.
    events: Vec<Event>,
}

/// 8.1 who rolls: the British on odd turns, the French on even ones,
/// counted from the scenario's first turn (ruling fiw #31).
pub fn roller(turn: u32) -> Seat {
    // ruling: fiw #31
    if turn % 2 == 1 {
        BRITISH
    } else {
        FRENCH
    }
}

impl EventTable {
    pub fn read(dir: Option<&Path>) -> Result<EventTable, TableError> {
        let t = table::read(dir, FILES[0], COLUMNS_TSV, &["roll", "columns"])?;
        let columns = RollRows::read(&t, -3..=10, |row| {
            let mut cols = Vec::new();
            for letter in row.str("columns").split_whitespace() {
                let Some(&(_, c)) = LETTERS.iter().find(|(l, _)| *l == letter) else {
                    return Err(row.part_error("columns", "columns A B C D, space-separated", letter));
                };
                if cols.contains(&c) {
                    return Err(row.part_error("columns", "each column once", letter));
                }
                cols.push(c);
            }
            if cols.is_empty() {
                return Err(row.error("columns", "one or more of A B C D"));
            }
            Ok(cols)
        })?;
        let names = ["column", "roll", "id", "name", "once", "requires", "side", "effect"];
        let t = table::read(dir, FILES[1], EVENTS_TSV, &names)?;
        let mut cells: Vec<Option<Event>> = vec![None; 4 * 6];
        for row in t.rows() {
            let column = row.one_of("column", &LETTERS)?;
            let roll: i32 = row.range("roll", DIE)?;
            let slot = &mut cells[column as usize * 6 + (roll - 1) as usize];
            if slot.is_some() {
                let cell = format!("{}{}", row.str("column"), row.str("roll"));
                return Err(row.line_error("each column and roll once", cell));
            }
            if row.opt("id").is_none() || row.opt("name").is_none() {
                return Err(row.line_error("an id and a name", "an empty cell"));
            }
            let concerns = [
                ("british", Concerns::British),
                ("french", Concerns::French),
                ("both", Concerns::Both),
                ("roller", Concerns::Roller),
            ];
            *slot = Some(Event {
                id: row.str("id").to_string(),
                name: row.str("name").to_string(),
                once: row.flag("once")?,
                requires: row.opt("requires").map(str::to_string),
                concerns: row.one_of("side", &concerns)?,
                effect: row.str("effect").to_string(),
                reason: row.reason().to_string(),
            });
        }
        let mut events = Vec::with_capacity(cells.len());
        for (i, cell) in cells.into_iter().enumerate() {
            let missing = || t.error(format!("an event for {}{}", LETTERS[i / 6].0, i % 6 + 1), "none");
            events.push(cell.ok_or_else(missing)?);
        }
        for e in &events {
            if let Some(other) = events
                .iter()
                .find(|o| o.id == e.id && (o.name != e.name || o.once != e.once))
            {
                return Err(t.error(
                    format!("one name and once flag for the event {}", e.id),
                    other.name.clone(),
                ));
            }
            if let Some(r) = &e.requires {
                if !events.iter().any(|o| &o.id == r) {
                    return Err(t.error(format!("{}'s requirement to be an event of the table", e.id), r.clone()));
                }
            }
        }
        Ok(EventTable { columns, events })
    }

    pub fn embedded() -> EventTable {
        EventTable::read(None).expect("the embedded Random Events Table is valid (tests/events.rs)")
    }

    /// 8.1 the columns the modified first roll designates.
    pub fn columns_for(&self, modified_roll: i32) -> &[Column] {
        self.columns.get(modified_roll)
    }

    /// 8.1 the event of `column` for an unmodified roll of 1-6.
    pub fn event(&self, column: Column, roll: u8) -> &Event {
        assert!((1..=6).contains(&roll), "a natural die roll, not {roll}");
        &self.events[column as usize * 6 + usize::from(roll) - 1]
    }

    /// Every event with its column and roll.
    pub fn events(&self) -> impl Iterator<Item = (Column, u8, &Event)> + '_ {
        self.events
            .iter()
            .enumerate()
            .map(|(i, e)| (LETTERS[i / 6].1, (i % 6 + 1) as u8, e))
    }
}

/// What an event asks a player to pick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Choice {
    Unit(crate::state::UnitId),
    Leader(crate::state::LeaderId),
    Sq(crate::map::Sq),
    /// A colony by its index in `Colony::ALL`.
    Colony(u8),
}

impl crate::state::Fiw {
    /// 8.1 the Random Events Phase: the roller (ruling fiw #31) rolls once
    /// for the columns, modified by the Balance of Power, then once on each
    /// column; the events are applied in that order.
    pub fn roll_events(&mut self) {
        let t = &crate::tables::tables().events;
        let seat = roller(u32::from(self.turn));
        let roll = self.core.dice.d6();
        let drm = crate::tables::tables().balance.event_drm(self.balance);
        let modified = i32::from(roll) + drm;
        let columns = t.columns_for(modified).to_vec();
        let side = crate::state::side_name(seat);
        let names: Vec<String> = columns.iter().map(|c| format!("{c:?}")).collect();
        self.core.log.roll("8.1", &[roll], || {
            format!(
                "The {side} roll for random events: {roll}{drm:+} = {modified}, {} {}.",
                if names.len() == 1 { "column" } else { "columns" },
                engine::log::list(&names)
            )
        });
        let mut queue = Vec::new();
        for c in columns {
            let r = self.core.dice.d6();
            let e = t.event(c, r);
            let name = e.name.clone();
            self.core
                .log
                .roll("8.1", &[r], || format!("Column {c:?}, roll {r}: {name}."));
            queue.push(e.id.clone());
        }
        queue.reverse();
        self.stack.push(crate::frames::Frame::Events { roller: seat, queue });
    }

    /// Applies the next event of the queue; true if one was applied (or
    /// asked for a choice).
    pub fn next_event(&mut self) {
        let Some(crate::frames::Frame::Events { roller, queue }) = self.stack.last_mut() else {
            unreachable!("called on the events frame")
        };
        let roller = *roller;
        let Some(id) = queue.pop() else {
            self.stack.pop();
            return;
        };
        let t = &crate::tables::tables().events;
        let e = t
            .events()
            .find(|(_, _, e)| e.id == id)
            .map(|(_, _, e)| e)
            .expect("queued from the table");
        // 8.2 a second roll of the same event in a turn is No Event; a
        // once-only event or one whose condition has not happened is too.
        if self.this_turn.contains(&id)
            || (e.once && self.happened.contains(&id))
            || e.requires.as_ref().is_some_and(|r| !self.happened.contains(r))
        {
            let name = e.name.clone();
            // Why, in the player's terms (a scenario may start with it in
            // effect, 35.3 7.2).
            let why = if self.this_turn.contains(&id) {
                "it happened already this turn"
            } else if e.once && self.happened.contains(&id) {
                "it is in effect already"
            } else {
                "it cannot happen yet"
            };
            self.core.log.say("8.2", || format!("{name}: {why}; no event."));
            return;
        }
        self.this_turn.push(id.clone());
        if !self.happened.contains(&id) {
            self.happened.push(id.clone());
        }
        self.apply_event(&id, roller);
    }

    /// The candidates an event offers the seat: those without a bar.
    fn event_options(&self, id: &str, seat: Seat, candidates: impl Iterator<Item = Choice>) -> Vec<Choice> {
        candidates.filter(|&c| self.event_bar(id, seat, c).is_none()).collect()
    }

    /// Why the event `id` does not offer `c` to `seat` (the effect text of
    /// `data/events.tsv`, condition by condition): for its choices and for
    /// "why not?" alike. `None`: it is offered.
    pub(crate) fn event_bar(&self, id: &str, seat: Seat, c: Choice) -> Option<EventBar> {
        use crate::forces::UnitType;
        use crate::state::{enemy, Place, Status};
        let on_map = |at: Place| matches!(at, Place::Sq(_));
        let bar = match (id, c) {
            ("smallpox" | "desertion", Choice::Unit(u)) => {
                if self.side(u) != seat {
                    EventBar::NotYours
                } else if !self.usable(u, seat) {
                    EventBar::Neutral
                } else if !on_map(self.units[u as usize].at()) {
                    EventBar::OffMap
                } else if id == "smallpox" && !self.is_indian(u) {
                    EventBar::NotIndian
                } else if id == "desertion" && self.face(u).kind != UnitType::Militia {
                    EventBar::NotMilitia
                } else {
                    return None;
                }
            }
            // 25.1
            ("indians-change-sides", Choice::Unit(u)) => {
                if self.side(u) == seat {
                    EventBar::NotYours
                } else if !self.is_indian(u) {
                    EventBar::NotIndian
                } else {
                    match self.units[u as usize].at() {
                        Place::Sq(sq) if self.side_at(sq, enemy(seat)).any(|x| !self.is_indian(x)) => {
                            EventBar::Escorted
                        }
                        Place::Sq(_) => return None,
                        _ => EventBar::OffMap,
                    }
                }
            }
            // 25.1
            ("french-war-party" | "iroquois-council" | "trade-goods", Choice::Sq(sq)) => {
                let m = &crate::tables::tables().map;
                if !m.places_in(sq).any(|p| p.tribe.is_some()) {
                    EventBar::NoVillage
                } else if id != "trade-goods" && self.has_units(sq, enemy(seat)) {
                    EventBar::EnemyUnits
                } else if id == "iroquois-council"
                    && m.colony(sq).and_then(|c| c.empire()) != Some(crate::map::Empire::British)
                {
                    EventBar::NotBritishColony
                } else if id == "trade-goods" && self.side_leaders_at(sq, seat).next().is_none() {
                    EventBar::NoLeader
                } else if self.pool_indians().next().is_none() {
                    EventBar::NoIndianLeft
                } else {
                    return None;
                }
            }
            // 17.4
            ("british-leader-recalled" | "french-leader-relieved", Choice::Leader(l)) => {
                let g = &self.leaders[l as usize];
                if g.side != enemy(seat) {
                    EventBar::NotYours
                } else if !on_map(g.at) {
                    EventBar::OffMap
                } else if self.hidden_from(crate::actions::Piece::Leader(l), seat) {
                    // 27.3 a face-down leader may be picked: who he is is
                    // seen only once he is drawn (event_pick).
                    return None;
                } else if !self.leader(l).named() {
                    EventBar::Unnamed
                } else if self.leader(l).side.is_none() {
                    // Ruling fiw #67: the Crown recalls, and France
                    // relieves, its own commanders: an Indian leader serving
                    // the enemy (17.7) is neither.
                    EventBar::IndianLeader
                } else {
                    return None;
                }
            }
            // 17.5
            ("new-commander", Choice::Leader(l)) => {
                if self.leader(l).side != Some(seat) {
                    EventBar::NotYours
                } else if self.leaders[l as usize].at != Place::Pool {
                    EventBar::NotInLeaderBox
                } else if !self.leader(l).named() {
                    EventBar::Unnamed
                } else {
                    return None;
                }
            }
            // 5.24
            ("colonies-rally", Choice::Colony(i)) => {
                let colony = crate::map::Colony::ALL[i as usize];
                if self.owner(colony) != Some(seat) {
                    EventBar::NotYours
                } else if self.status(colony) != Status::Passive {
                    EventBar::NotPassive
                } else {
                    return None;
                }
            }
            _ => EventBar::NotAsked,
        };
        Some(bar)
    }

    /// 27.1, 27.3 how a choice's piece looks to a seat that may not
    /// examine it: its square, whether it is a leader, and its block's
    /// colours (2.3; every face-down leader looks alike). `None`: the seat
    /// may examine it, or it is no piece.
    pub(crate) fn unseen_look(&self, seat: engine::Seat, c: Choice) -> Option<(crate::map::Sq, bool, (&str, &str))> {
        use crate::actions::Piece;
        use crate::state::Place;
        let (piece, at, look) = match c {
            Choice::Unit(u) => (Piece::Unit(u), self.units[u as usize].at(), self.colours(u)),
            Choice::Leader(l) => (Piece::Leader(l), self.leaders[l as usize].at, ("leader", "")),
            Choice::Sq(_) | Choice::Colony(_) => return None,
        };
        match at {
            Place::Sq(sq) if self.hidden_from(piece, seat) => Some((sq, matches!(c, Choice::Leader(_)), look)),
            _ => None,
        }
    }

    /// 27.1 the choices as the seat sees them: enemy pieces it may not
    /// examine that look alike in one square are one choice, which of them
    /// being drawn when it is picked ([`Fiw::event_pick`]); a choice names
    /// no piece the seat could not tell apart. The pieces it may examine
    /// come first, in their order; the look-alikes after them, in the
    /// order of their squares and looks, so that where a choice stands
    /// tells nothing of the counter behind it (rules fiw-15: they came in
    /// the order of the hidden counters).
    fn as_seen(&self, seat: engine::Seat, options: Vec<Choice>) -> Vec<Choice> {
        let mut seen = Vec::new();
        let mut unseen = Vec::new();
        for c in options {
            match self.unseen_look(seat, c) {
                Some(look) if unseen.iter().any(|&(l, _)| l == look) => {}
                Some(look) => unseen.push((look, c)),
                None => seen.push(c),
            }
        }
        unseen.sort_by(|a, b| a.0.cmp(&b.0));
        seen.extend(unseen.into_iter().map(|(_, c)| c));
        seen
    }

    /// 27.1 the piece a pick of an unseen look-alike stands for: drawn
    /// among the event's look-alike choices in its square.
    fn unseen_pick(&mut self, seat: engine::Seat, event: &str, choice: Choice) -> Choice {
        let Some(look) = self.unseen_look(seat, choice) else {
            return choice;
        };
        let (sq, leader, _) = look;
        let here: Vec<Choice> = if leader {
            self.leaders_in(crate::state::Place::Sq(sq))
                .map(Choice::Leader)
                .collect()
        } else {
            self.units_at(sq).map(Choice::Unit).collect()
        };
        let alike: Vec<Choice> = self
            .event_options(event, seat, here.into_iter())
            .into_iter()
            .filter(|&c| self.unseen_look(seat, c) == Some(look))
            .collect();
        let names: Vec<String> = alike
            .iter()
            .map(|&c| match c {
                Choice::Unit(u) => self.face(u).id.clone(),
                Choice::Leader(l) => self.leader(l).id.clone(),
                _ => String::new(),
            })
            .collect();
        alike[self.core.dice.draw(alike.len(), |i, name| names[i] == name)]
    }

    fn event_choice(&mut self, seat: engine::Seat, event: &str, options: Vec<Choice>, optional: bool) {
        let options = self.as_seen(seat, options);
        if options.is_empty() {
            // Which side it spares: the other may still have to choose.
            let side = crate::state::side_name(seat);
            self.core.log.say("8.1", || {
                format!("{}: the {side} have no piece it applies to.", event_name(event))
            });
            return;
        }
        self.stack.push(crate::frames::Frame::EventChoice {
            seat,
            event: event.to_string(),
            options,
            optional,
        });
    }

    fn apply_event(&mut self, id: &str, roller: engine::Seat) {
        use crate::forces::{Nation, UnitType, BRITISH, FRENCH};
        use crate::map::Sq;
        use crate::state::{enemy, side_name, Base, Place, Status};
        use std::collections::BTreeMap;
        let name = event_name(id);
        match id {
            "spain-enters" => {
                // 5.3, 28.1 Florida and every Spanish unit enter the war.
                self.spain = true;
                self.set_status(crate::map::Colony::Florida, Status::Active);
                self.core.log.say("28.1", || {
                    format!("{name}: Florida and the Spanish units enter the war under the French player (5.3, 28.1).")
                });
            }
            "seven-years-war" => {
                self.war = true;
                self.core.log.say("9.1", || {
                    format!("{name}: both players roll on the war columns from now on.")
                });
            }
            "parliament-votes" | "french-subsidy" => {
                let seat = if id == "parliament-votes" { BRITISH } else { FRENCH };
                self.treasury[seat as usize] += 5;
                self.core
                    .log
                    .say("9.1", || format!("{name}: the {} receive 5 pounds.", side_name(seat)));
            }
            "good-harvest" => {
                self.supply[0] += 2;
                self.supply[1] += 2;
                self.core
                    .log
                    .say("18.1", || format!("{name}: each player receives 2 supply points."));
            }
            "harsh-winter" | "atlantic-gales" => {
                self.core.log.say("8.1", || format!("{name}: in effect this turn."));
            }
            "no-event" => self.core.log.say("8.1", || format!("{name}: nothing happens.")),
            "hurricane" => {
                let m = &crate::tables::tables().map;
                let fleets: Vec<u16> = (0..self.units.len() as u16)
                    .filter(|&u| self.face(u).kind == UnitType::Fleet)
                    .filter(|&u| match self.units[u as usize].at() {
                        Place::Sq(sq) => {
                            let s = m.square(sq);
                            !s.port && (s.terrain == crate::map::Terrain::Sea || s.coastal())
                        }
                        _ => false,
                    })
                    .collect();
                if fleets.is_empty() {
                    self.core
                        .log
                        .say("8.1", || format!("{name}: no fleet at sea; no effect."));
                }
                for u in fleets {
                    let r = self.core.dice.d6();
                    let seat = self.side(u);
                    let unit = self.unit_name(u);
                    let at = self.place_name(self.units[u as usize].at());
                    let lost = r <= 3;
                    if lost {
                        self.to_pool(u);
                    }
                    let what = if lost { "is lost" } else { "rides it out" };
                    self.core.log.apart(
                        seat,
                        "8.1",
                        &[r],
                        Vec::new,
                        || format!("{name}: {unit} off {at} rolls {r} and {what}."),
                        || format!("{name}: a {} fleet off {at} rolls {r} and {what}.", side_name(seat)),
                    );
                }
            }
            "smallpox" | "desertion" => {
                // 7.3 each player chooses at once: the player with the
                // initiative goes first (pushed last, on top).
                for seat in [self.initiative, enemy(self.initiative)].into_iter().rev() {
                    let options = self.event_options(id, seat, (0..self.units.len() as u16).map(Choice::Unit));
                    self.event_choice(seat, id, options, false);
                }
            }
            "indians-change-sides" => {
                let options = self.event_options(id, roller, (0..self.units.len() as u16).map(Choice::Unit));
                self.event_choice(roller, id, options, true);
            }
            "french-war-party" | "iroquois-council" | "trade-goods" => {
                let seat = match id {
                    "french-war-party" => FRENCH,
                    "iroquois-council" => BRITISH,
                    _ => roller,
                };
                let options = self.event_options(id, seat, village_squares().into_iter().map(Choice::Sq));
                self.event_choice(seat, id, options, false);
            }
            "spies" => {
                // 27.1 (3) the roller examines every enemy unit and leader on
                // the map: reported square by square, as the board lists them.
                let mut seen: BTreeMap<String, BTreeMap<String, usize>> = BTreeMap::new();
                let mut note = |sq: Sq, name: String| {
                    *seen.entry(self.sq_name(sq)).or_default().entry(name).or_default() += 1;
                };
                for u in 0..self.units.len() as u16 {
                    if let Place::Sq(sq) = self.units[u as usize].at() {
                        if self.side(u) == enemy(roller) {
                            note(sq, self.unit_name(u));
                        }
                    }
                }
                for l in 0..self.leaders.len() as u8 {
                    if let Place::Sq(sq) = self.leaders[l as usize].at {
                        if self.leaders[l as usize].side == enemy(roller) {
                            note(sq, self.leader(l).name.clone());
                        }
                    }
                }
                let report: Vec<String> = seen
                    .iter()
                    .map(|(sq, pieces)| {
                        let pieces: Vec<String> = pieces
                            .iter()
                            .map(|(name, &n)| if n > 1 { format!("{n} × {name}") } else { name.clone() })
                            .collect();
                        format!("{sq}: {}", engine::log::list(&pieces))
                    })
                    .collect();
                let side = side_name(roller);
                self.core.log.say("27.1", || {
                    format!("{name}: the {side} examine every enemy piece on the map.")
                });
                self.core.log.tell(roller, "27.1", || {
                    if report.is_empty() {
                        "The spies report no enemy piece on the map.".to_string()
                    } else {
                        format!("The spies report: {}.", report.join("; "))
                    }
                });
            }
            "british-leader-recalled" | "french-leader-relieved" => {
                let seat = if id == "british-leader-recalled" {
                    FRENCH
                } else {
                    BRITISH
                };
                let options = self.event_options(id, seat, (0..self.leaders.len() as u8).map(Choice::Leader));
                self.event_choice(seat, id, options, false);
            }
            "british-regulars" | "french-regulars" => {
                let seat = if id == "british-regulars" { BRITISH } else { FRENCH };
                let nation = if seat == BRITISH {
                    Nation::British
                } else {
                    Nation::French
                };
                let base = if seat == BRITISH { Base::Britain } else { Base::France };
                let u = self.units_in(Place::Pool).find(|&u| {
                    let f = self.face(u);
                    f.side == seat
                        && f.nation == nation
                        && f.regular
                        && f.kind == UnitType::Line
                        && f.size == crate::forces::Size::Regiment
                });
                match u {
                    Some(u) => {
                        self.place_unit(u, Place::Base(base));
                        // 27.1 the enemy reads the block as his board shows it.
                        let (unit, told, at) = (self.unit_name(u), self.told(u), base.name());
                        self.core.log.apart(
                            seat,
                            "10.5",
                            &[],
                            Vec::new,
                            || format!("{name}: {unit} arrives in the {at}."),
                            || format!("{name}: {told} arrives in the {at}."),
                        );
                    }
                    None => self
                        .core
                        .log
                        .say("10.72", || format!("{name}: none left in the counter mix.")),
                }
            }
            "new-commander" => {
                let options = self.event_options(id, roller, (0..self.leaders.len() as u8).map(Choice::Leader));
                self.event_choice(roller, id, options, false);
            }
            "colonies-rally" => {
                let colonies = (0..crate::map::Colony::ALL.len() as u8).map(Choice::Colony);
                let options = self.event_options(id, BRITISH, colonies);
                self.event_choice(BRITISH, id, options, false);
            }
            other => self.core.log.say("8.1", || {
                format!("{other}: an event this edition does not know (a data override?); no effect.")
            }),
        }
    }

    /// The player's pick for the event on top.
    pub fn event_pick(&mut self, choice: Option<Choice>) {
        use crate::state::{side_name, Base, Place, Status};
        let Some(crate::frames::Frame::EventChoice { seat, event, .. }) = self.stack.pop() else {
            unreachable!("a pick answers an event choice")
        };
        let name = event_name(&event);
        let side = side_name(seat);
        let Some(choice) = choice else {
            self.core.log.say("8.1", || format!("{name}: the {side} let it pass."));
            return;
        };
        let choice = self.unseen_pick(seat, &event, choice);
        match (event.as_str(), choice) {
            // 27.1 the other side reads the unit's name only if it may
            // examine it where it stood; else what the event tells: an
            // Indian (or militia) unit of the side, and where.
            ("smallpox" | "desertion", Choice::Unit(u)) => {
                let at = self.units[u as usize].at();
                let hidden = self.hidden_from(crate::actions::Piece::Unit(u), crate::state::enemy(seat));
                let (unit, there) = (self.unit_name(u), self.place_name(at));
                let seen = if hidden {
                    let kind = if event == "smallpox" { "Indian" } else { "militia" };
                    format!("a {side} {kind} unit in {there}")
                } else {
                    format!("{unit} in {there}")
                };
                self.to_pool(u);
                let (own, other) = if event == "smallpox" {
                    (
                        format!("{name}: the {side} lose {unit} in {there}."),
                        format!("{name}: the {side} lose {seen}."),
                    )
                } else {
                    (
                        format!("{name}: {unit} in {there} goes home to the pool."),
                        format!("{name}: {seen} goes home to the pool."),
                    )
                };
                let path = self.place_id(at);
                self.core.log.apart(seat, "8.1", &[], || vec![path], || own, || other);
            }
            ("indians-change-sides", Choice::Unit(u)) => {
                let was = self.side(u);
                self.units[u as usize].back = !self.units[u as usize].back;
                // ruling: fiw #99 (23.22 with its new side, outside any
                // fortress; its old side has a unit fewer there, #97)
                self.units[u as usize].inside = false;
                let unit = self.unit_name(u);
                self.core
                    .log
                    .say("25.1", || format!("{name}: {unit} goes over to the {side}."));
                if let Place::Sq(sq) = self.units[u as usize].at() {
                    self.one_fewer(sq, was);
                }
            }
            ("french-war-party" | "iroquois-council" | "trade-goods", Choice::Sq(sq)) => {
                let pool: Vec<u16> = self.pool_indians().collect();
                let u = pool[self.core.dice.pick(pool.len())];
                self.place_unit(u, Place::Sq(sq));
                self.units[u as usize].back = seat == crate::forces::BRITISH;
                let (unit, at) = (self.unit_name(u), self.sq_name(sq));
                self.core.log.apart(
                    seat,
                    "25.1",
                    &[],
                    || vec![sq.to_string()],
                    || format!("{name}: {unit} joins the {side} in {at}."),
                    || format!("{name}: an Indian unit joins the {side} in {at}."),
                );
            }
            // ruling: fiw #51, #67
            ("british-leader-recalled" | "french-leader-relieved", Choice::Leader(l))
                if !self.leader(l).named() || self.leader(l).side.is_none() =>
            {
                let (who, at) = (
                    self.leader(l).name.clone(),
                    self.place_name(self.leaders[l as usize].at),
                );
                let what = if self.leader(l).named() {
                    "an Indian leader"
                } else {
                    "no named leader"
                };
                self.core.log.say("17.4", || {
                    format!("{name}: the face-down leader picked in {at} is {who}, {what}: no effect.")
                });
            }
            ("british-leader-recalled" | "french-leader-relieved", Choice::Leader(l)) => {
                self.leaders[l as usize].at = Place::Gone;
                let who = self.leader(l).name.clone();
                self.core
                    .log
                    .say("17.4", || format!("{name}: {who} leaves the war for good."));
            }
            ("new-commander", Choice::Leader(l)) => {
                let base = if seat == crate::forces::BRITISH {
                    Base::Britain
                } else {
                    Base::France
                };
                self.leaders[l as usize].at = Place::Base(base);
                self.leaders[l as usize].side = seat;
                // 27.3 face down in the home base: the enemy reads him as his
                // board shows him.
                let (who, told, at) = (self.leader(l).name.clone(), self.leader_told(l), base.name());
                self.core.log.apart(
                    seat,
                    "17.5",
                    &[],
                    Vec::new,
                    || format!("{name}: {who} arrives in the {at}."),
                    || format!("{name}: {told} arrives in the {at}."),
                );
            }
            ("colonies-rally", Choice::Colony(i)) => {
                let c = crate::map::Colony::ALL[i as usize];
                self.set_status(c, Status::Active);
                self.core
                    .log
                    .say("5.24", || format!("{name}: {} becomes active.", c.name()));
            }
            _ => unreachable!("only offered choices are legal"),
        }
    }
}

/// Why an event does not offer a choice ([`crate::state::Fiw::event_bar`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum EventBar {
    /// The event asks for a piece of the other side, or a colony of the
    /// other empire (or, for the events that pick an enemy's, one's own).
    NotYours,
    OffMap,
    NotIndian,
    NotMilitia,
    /// 5.3 a Spanish unit while Spain is neutral: no one's to use.
    Neutral,
    /// 25.1 the Indian shares its square with non-Indian combat units.
    Escorted,
    NoVillage,
    EnemyUnits,
    NotBritishColony,
    NoLeader,
    NoIndianLeft,
    Unnamed,
    /// Ruling fiw #67: an Indian leader is no British or French commander.
    IndianLeader,
    NotInLeaderBox,
    NotPassive,
    /// The event asks for another kind of choice.
    NotAsked,
}

/// 25.1: the squares of Indian villages, each once, in square order.
fn village_squares() -> Vec<crate::map::Sq> {
    let m = &crate::tables::tables().map;
    let mut squares: Vec<crate::map::Sq> = m.places.iter().filter(|p| p.tribe.is_some()).map(|p| p.sq).collect();
    squares.sort();
    squares.dedup();
    squares
}

/// An event's name as the table prints it.
pub fn event_name(id: &str) -> String {
    crate::tables::tables()
        .events
        .events()
        .find(|(_, _, e)| e.id == id)
        .map_or(id.to_string(), |(_, _, e)| e.name.clone())
}
