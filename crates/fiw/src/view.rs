//! What a seat sees. 27.0 Fog o' War: enemy blocks and leaders stand face
//! down, seen only as how many stand where, unless 27.1 lets the seat
//! examine them; markers are always seen (27.2). Treasuries and supply
//! points are open (ruling fiw #35: 9.0's secrecy is an option not yet
//! offered).

use crate::actions::Piece;
use crate::forces::{BRITISH, FRENCH};
use crate::frames::Frame;
use crate::map::Sq;
use crate::state::{enemy, side_name, type_word, Fiw, LeaderId, Phase, Place, Status};
use crate::tables::tables;
use engine::{Board, Face, Fact, Procedure, Seat, Stage, Strength, Viewer, Views};
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::borrow::Cow;

impl Views for Fiw {
    fn view(&self, viewer: Viewer) -> Value {
        let to_act: Vec<&str> = self.acting().iter().map(crate::seat_name).collect();
        // The prompt may name the seat's own hidden pieces (27.3): only the
        // seat asked reads it.
        let prompt = self
            .stack
            .last()
            .and_then(Frame::seat)
            .filter(|&s| viewer == Some(s))
            .map(|s| self.prompt(s));
        json!({
            "title": "fiw",
            "scenario": crate::scenario::INFOS[0].key,
            "turn": self.turn,
            "year": self.year(),
            "phase": self.playing().name(),
            "to_act": to_act,
            "prompt": prompt,
            "outcome": self.core.outcome,
            "facts": self.facts(viewer),
            "board": self.board(viewer),
        })
    }

    fn stage(&self) -> Stage {
        let phase = match self.playing() {
            p @ Phase::Operations { .. } => format!("{}, {}", p.name(), self.sub.name()),
            p => p.name(),
        };
        let rule = match self.phase {
            Phase::Deployment(_) => "35.3",
            _ => "3.1",
        };
        Stage {
            turn: Fact::new(
                "Turn",
                format!("{} (turn {} of {})", self.year(), self.turn, self.last_turn()),
                "3.1",
            ),
            phase: Fact::new("Phase", phase, rule),
        }
    }

    /// 27.0 a world the observer cannot tell from this one: the enemy's
    /// face-down pieces change identity among themselves where the
    /// observer cannot examine them, and the dice are reseeded.
    fn determinize(&self, observer: Seat, rng: &mut ChaCha8Rng) -> Fiw {
        self.trades(observer).draw(self, observer, rng)
    }

    /// Which pieces may trade identities is worked out once per state: the
    /// AI draws thousands of worlds from one.
    fn sampler(&self, observer: Seat) -> engine::Sampler<Fiw> {
        let trades = self.trades(observer);
        Box::new(move |g: &Fiw, rng: &mut ChaCha8Rng| trades.draw(g, observer, rng))
    }
}

/// A counter's identity: its design, whether it shows its back, whether
/// (a legion) it fights as light.
type Identity = (u16, bool, bool);

/// The pieces hidden from an observer, grouped by what it sees of them:
/// each group's identities are dealt out among its pieces at random.
struct Trades {
    /// Unit ids, and the identities they hold.
    groups: Vec<(Vec<u16>, Vec<Identity>)>,
    /// Leader ids, and the leaders they are.
    leaders: (Vec<LeaderId>, Vec<u8>),
}

impl Trades {
    /// A world drawn from `from`, the state these trades were found in.
    fn draw(&self, from: &Fiw, observer: Seat, rng: &mut ChaCha8Rng) -> Fiw {
        let mut g = from.clone();
        g.core.dice.reseed(rng);
        // The observer's own log: not the enemy's private lines (rules
        // fiw-15: the AI's sampled worlds held them all).
        g.core.log.keep_visible(Some(observer));
        // Ruling fiw #30: the other side's purchases are unknown until
        // both are revealed; an empty draft is one it could have made.
        if let Some(d) = &mut g.drafts {
            d.resample(observer, |_| crate::recruiting::Purchases::default());
        }
        for (units, identities) in &self.groups {
            let mut dealt = identities.clone();
            dealt.shuffle(rng);
            for (&u, (counter, back, as_light)) in units.iter().zip(dealt) {
                let a = &mut g.units[u as usize];
                a.counter = counter;
                a.back = back;
                a.as_light = as_light;
            }
        }
        let (leaders, who) = &self.leaders;
        let mut who = who.clone();
        who.shuffle(rng);
        for (&l, w) in leaders.iter().zip(who) {
            g.leaders[l as usize].leader = w;
        }
        g
    }
}

impl Fiw {
    /// The observer's [`Trades`] in this state.
    fn trades(&self, observer: Seat) -> Trades {
        let seen = self.examined(observer);
        let hidden_from_observer = |p: Piece| self.hidden_unless(p, observer, |sq| seen[sq.index()]);
        let hidden: Vec<u16> = (0..self.units.len() as u16)
            .filter(|&u| hidden_from_observer(Piece::Unit(u)))
            .collect();
        // Ruling fiw #63: the counters off the map are open, so the hidden
        // blocks are the enemy's others; only which is which is unknown.
        // What the observer sees of a face-down block besides where it
        // stands: its colours (2.3: nation, regular or provincial), whether
        // it moved or operated. Blocks alike in those trade identities where
        // each could stand in the other's place: a fleet only where a fleet
        // may be, a flotilla where a flotilla may, a land unit on land
        // (20.1, 20.2), so that a block's navy is no more known than its
        // square tells. Those of a naval force under way keep theirs (the
        // force holds its navy and cargo apart).
        let m = &tables().map;
        let key = |x: u16| {
            let a = &self.units[x as usize];
            let afloat = self
                .stack
                .iter()
                .any(|f| matches!(f, Frame::Naval(n) if n.has(Piece::Unit(x))));
            let navy = afloat.then(|| self.face(x).kind);
            let room = match a.at() {
                Place::Sq(sq) => {
                    let water = self.terrain(sq).is_water();
                    let fleet = m.square(sq).fleet_navigable();
                    let flotilla = m.flotilla_navigable(sq) && self.terrain(sq) != crate::map::Terrain::Sea;
                    (fleet, flotilla, !water)
                }
                _ => (true, true, true),
            };
            (self.colours(x), a.ops, a.moved, a.inside, navy, room)
        };
        // Each block's look worked out once, then the blocks alike grouped.
        let mut groups: Vec<(_, Vec<u16>)> = Vec::new();
        for &u in &hidden {
            let k = key(u);
            match groups.iter_mut().find(|(g, _)| *g == k) {
                Some((_, grp)) => grp.push(u),
                None => groups.push((k, vec![u])),
            }
        }
        let identity = |u: u16| {
            let a = &self.units[u as usize];
            (a.counter, a.back, a.as_light)
        };
        let groups = groups
            .into_iter()
            .map(|(_, units)| {
                let identities = units.iter().map(|&u| identity(u)).collect();
                (units, identities)
            })
            .collect();
        let leaders: Vec<LeaderId> = (0..self.leaders.len() as LeaderId)
            .filter(|&l| self.leaders[l as usize].side != observer && hidden_from_observer(Piece::Leader(l)))
            .collect();
        let who = leaders.iter().map(|&l| self.leaders[l as usize].leader).collect();
        Trades {
            groups,
            leaders: (leaders, who),
        }
    }
}

impl Fiw {
    /// 3.1 the phase being played, as the view names it. A phase's step
    /// sets `phase` to the next one as it pushes its decisions (turn.rs
    /// `next_phase`): while the first-player choice, the random events'
    /// choices or a side's negotiations wait, `phase` already names the
    /// phase after them. The nearest such decision down the stack (under
    /// an event's choice or a negotiation's pounds) says which is played;
    /// 35.3's set-up, which side is placing (both sides' lines wait there,
    /// the placing side's on top).
    pub fn playing(&self) -> Phase {
        self.stack
            .iter()
            .rev()
            .find_map(|f| match *f {
                Frame::ChooseFirst { .. } => Some(Phase::Initiative),
                Frame::Events { .. } => Some(Phase::RandomEvents),
                Frame::Negotiations { seat, .. } => Some(Phase::Negotiations(seat)),
                Frame::Deploy { seat, .. } => Some(Phase::Deployment(seat)),
                _ => None,
            })
            .unwrap_or(self.phase)
    }

    /// 27.1 whether a seat may examine the enemy pieces in a square: a
    /// friendly piece is there, or the square is a city or town of its
    /// own colonies (27.1 (4)).
    pub fn examines(&self, seat: Seat, sq: Sq) -> bool {
        let m = &tables().map;
        self.has_units(sq, seat)
            || self.side_leaders_at(sq, seat).next().is_some()
            // 27.1 (2) during combat.
            || self.battle_square() == Some(sq)
            || (self.settlement(sq).is_some() && m.colony(sq).and_then(|c| self.owner(c)) == Some(seat))
    }

    /// 27.1 per square ([`Sq::index`]), whether the seat may examine it, as
    /// [`Fiw::examines`] says, counted once.
    pub fn examined(&self, seat: Seat) -> Vec<bool> {
        let m = &tables().map;
        let mut seen = vec![false; m.squares.len()];
        // Only the counters on the map are read (a determinization asks
        // this; most of the mix is in the pool).
        for sq in crate::units::squares(&self.units) {
            seen[sq.index()] = self.units_at(sq).any(|u| self.side(u) == seat);
        }
        for l in self.leaders.iter().filter(|l| l.side == seat) {
            if let Place::Sq(sq) = l.at {
                seen[sq.index()] = true;
            }
        }
        if let Some(sq) = self.battle_square() {
            seen[sq.index()] = true;
        }
        for p in m.places.iter().filter(|p| p.settlement.is_some()) {
            if m.colony(p.sq).and_then(|c| self.owner(c)) == Some(seat) {
                seen[p.sq.index()] = true;
            }
        }
        seen
    }

    /// 2.3 Unit Colors: what the back of a block shows, its nation and
    /// whether it is a regular or a provincial unit; Indians have colours
    /// of their own ("light blue and green blocks"), neither.
    pub fn colours(&self, u: u16) -> (&'static str, &'static str) {
        let f = self.face(u);
        let nation = match f.nation {
            crate::forces::Nation::British => "british",
            crate::forces::Nation::French => "french",
            crate::forces::Nation::Spanish => "spanish",
            crate::forces::Nation::Indian => return ("indian", "unit"),
        };
        (nation, if f.regular { "regular" } else { "provincial" })
    }

    /// Whether a piece stands face down for `seat`: the enemy's, on the
    /// map where 27.1 does not apply, or in its home base or the pool.
    pub fn hidden_from(&self, p: Piece, seat: Seat) -> bool {
        self.hidden_unless(p, seat, |sq| self.examines(seat, sq))
    }

    /// 27.3 a leader as the enemy reads him in the log: by name where it
    /// may examine him, else as the board shows him ("a British leader";
    /// ruling fiw #57).
    pub fn leader_told(&self, l: crate::state::LeaderId) -> String {
        let side = self.leaders[l as usize].side;
        if self.hidden_from(Piece::Leader(l), crate::state::enemy(side)) {
            format!("a {} leader", side_name(side))
        } else {
            self.leader(l).name.clone()
        }
    }

    /// [`Fiw::hidden_from`] with the squares the seat examines given (by
    /// [`Fiw::examined`], for loops over every piece).
    fn hidden_unless(&self, p: Piece, seat: Seat, examines: impl Fn(Sq) -> bool) -> bool {
        let at = match p {
            Piece::Unit(u) => self.units[u as usize].at(),
            Piece::Leader(l) => self.leaders[l as usize].at,
        };
        // The place first: a counter off the map is never hidden, and a
        // determinization asks this of every counter (its face read only
        // when the place leaves the question open).
        let side = || match p {
            Piece::Unit(u) => self.side(u),
            Piece::Leader(l) => self.leaders[l as usize].side,
        };
        match at {
            Place::Sq(sq) => side() != seat && !examines(sq),
            Place::Base(_) => side() != seat,
            Place::Pool | Place::Prisoner | Place::Gone => false,
        }
    }

    /// Ruling fiw #63: the leaders off the map, open to both players as
    /// on a table: each side's prisoners (17.42), the Leader box by side
    /// (2.15, 10.73, 17.5) and the named leaders out of the game (17.44);
    /// empty lists left out.
    fn off_map_facts(&self) -> Vec<Fact> {
        // Names in leader order, alike ones counted ("Brigadier ×3").
        let names = |keep: &dyn Fn(LeaderId) -> bool| {
            let mut counted: Vec<(&str, usize)> = Vec::new();
            for l in (0..self.leaders.len() as LeaderId).filter(|&l| keep(l)) {
                let name = self.leader(l).name.as_str();
                match counted.iter_mut().find(|c| c.0 == name) {
                    Some(c) => c.1 += 1,
                    None => counted.push((name, 1)),
                }
            }
            let words: Vec<String> = counted
                .into_iter()
                .map(|(name, n)| {
                    if n == 1 {
                        name.to_string()
                    } else {
                        format!("{name} ×{n}")
                    }
                })
                .collect();
            engine::log::list(&words)
        };
        let at = |l: LeaderId| self.leaders[l as usize].at;
        let mut lists: Vec<(String, String, &'static str)> = Vec::new();
        for seat in [BRITISH, FRENCH] {
            lists.push((
                format!("Prisoners held by the {}", side_name(seat)),
                names(&|l| at(l) == Place::Prisoner && self.leaders[l as usize].side == enemy(seat)),
                "17.42",
            ));
        }
        for (who, side) in [("British", Some(BRITISH)), ("French", Some(FRENCH)), ("Indian", None)] {
            lists.push((
                format!("Leader box, {who}"),
                names(&|l| at(l) == Place::Pool && self.leader(l).side == side),
                "2.15",
            ));
        }
        lists.push((
            "Leaders gone for good".into(),
            names(&|l| at(l) == Place::Gone),
            "17.44",
        ));
        lists
            .into_iter()
            .filter(|(_, value, _)| !value.is_empty())
            .map(|(label, value, rule)| Fact::new(label, value, rule))
            .collect()
    }

    pub fn facts(&self, viewer: Viewer) -> Vec<Fact> {
        let info = &crate::scenario::INFOS[0];
        let mut out = vec![Fact::new("Scenario", info.name, info.rule)];
        let Stage { turn, phase } = self.stage();
        out.extend([turn, phase]);
        // 7.2 chosen each turn: while the choice waits, last turn's is no answer.
        match self.stack.iter().find_map(|f| match f {
            Frame::ChooseFirst { seat } => Some(*seat),
            _ => None,
        }) {
            Some(s) => out.push(Fact::new("First player", format!("the {} choose", side_name(s)), "7.2")),
            None if !matches!(self.phase, Phase::Deployment(_) | Phase::Initiative) => {
                out.push(Fact::new("First player", side_name(self.first), "7.2"))
            }
            None => {}
        }
        let band = tables().balance.band(self.balance);
        out.push(Fact::new(
            "Balance of Power",
            format!(
                "{:+} ({} pro-{})",
                self.balance.value(),
                format!("{:?}", band.degree).to_lowercase(),
                side_name(self.balance.favours())
            ),
            "4.0",
        ));
        for seat in [BRITISH, 1] {
            out.push(Fact::new(
                format!("{} treasury", side_name(seat)),
                format!(
                    "£{}, {} supply points",
                    self.treasury[seat as usize], self.supply[seat as usize]
                ),
                "9.3",
            ));
        }
        out.extend(self.off_map_facts());
        // 2.14 the Colony Control Chart: each colony by name and status
        // (5.0: active, passive, or Florida neutral until Spain enters).
        let chart: Vec<String> = Status::ALL
            .into_iter()
            .filter_map(|status| {
                let names: Vec<&str> = crate::map::Colony::ALL
                    .iter()
                    .filter(|&&c| c != crate::map::Colony::Disputed && self.status(c) == status)
                    .map(|c| c.name())
                    .collect();
                (!names.is_empty()).then(|| format!("{}: {}", status.word(), engine::log::list(&names)))
            })
            .collect();
        out.push(Fact::new("Colony Control Chart", chart.join("; "), "2.14"));
        if let Some(Frame::Force(f)) = self.stack.last() {
            if Some(f.seat) == viewer {
                let names: Vec<String> = f.pieces().map(|p| self.piece_name(p)).collect();
                out.push(Fact::new("Force", engine::log::list(&names), "11.3"));
            }
        }
        if let Some(d) = &self.drafts {
            if let Some(mine) = viewer.and_then(|s| self.purchases_fact(s)) {
                out.push(Fact::new("Your purchases", mine, "9.2"));
            }
            let done: Vec<&str> = [BRITISH, 1]
                .into_iter()
                .filter(|&s| !d.drafting().contains(s))
                .map(side_name)
                .collect();
            let done = if done.is_empty() {
                "none yet".into()
            } else {
                engine::log::list(&done)
            };
            out.push(Fact::new("Purchases done", done, "9.2"));
        }
        out.extend(self.naval_fact(viewer));
        if self.core.outcome.is_none() && !matches!(self.phase, Phase::Deployment(_)) {
            for (seat, score) in self.scores().iter().enumerate() {
                out.push(Fact::new(
                    format!("{} victory points now", side_name(seat as Seat)),
                    score.total().to_string(),
                    "29.1",
                ));
            }
        }
        out
    }

    fn space_of(&self, at: Place) -> Option<(String, String)> {
        match at {
            Place::Sq(sq) => Some((sq.to_string(), self.sq_name(sq))),
            Place::Base(b) => Some((self.place_id(at), b.name().to_string())),
            _ => None,
        }
    }

    /// The pieces and markers as `viewer` may see them.
    pub fn board(&self, viewer: Viewer) -> Board {
        let mut pieces = Vec::new();
        let mut backs: Vec<engine::Piece> = Vec::new();
        let seen = [self.examined(0), self.examined(1)];
        let hidden_from = |p: Piece, s: Seat| self.hidden_unless(p, s, |sq| seen[s as usize][sq.index()]);
        let hidden = |p: Piece| match viewer {
            Some(s) => hidden_from(p, s),
            // A spectator sees what both seats see in common.
            None => hidden_from(p, 0) || hidden_from(p, 1),
        };
        // Face-down blocks are counted per space, side and colours (2.3).
        let mut back = |space: String, space_name: String, side: Seat, colours: (&str, &str)| {
            let kind = Some(colours.1.to_string());
            let nation = Some(colours.0.to_string());
            match backs
                .iter_mut()
                .find(|b| b.space == space && b.side == crate::seat_name(side) && b.kind == kind && b.nation == nation)
            {
                Some(b) => b.count += 1,
                None => backs.push(engine::Piece {
                    id: None,
                    space,
                    space_name,
                    side: crate::seat_name(side).into(),
                    face: Face::Back,
                    name: String::new(),
                    kind,
                    nation,
                    strength: None,
                    rating: None,
                    states: Vec::new(),
                    count: 1,
                }),
            }
        };
        // 27.1 a side setting up is behind its screen (Fiw::setting_up).
        let screened = |side: Seat| self.setting_up() == Some(side) && viewer != Some(side);
        for l in 0..self.leaders.len() as u8 {
            let g = &self.leaders[l as usize];
            let Some((space, space_name)) = self.space_of(g.at) else {
                continue;
            };
            if screened(g.side) {
                continue;
            }
            if hidden(Piece::Leader(l)) {
                back(space, space_name, g.side, ("leader", "leader"));
                continue;
            }
            let leader = self.leader(l);
            pieces.push(engine::Piece {
                id: Some(format!("l{l}")),
                space,
                space_name,
                side: crate::seat_name(g.side).into(),
                face: Face::Up,
                name: indian_named(&leader.name, leader.side.is_none(), g.side),
                kind: Some("leader".into()),
                nation: leader.side.is_none().then(|| "indian".into()),
                strength: None,
                rating: Some(format!("{}-{}", leader.military, leader.diplomacy)),
                states: self.states(g.ops, g.moved, g.inside, leader.light, self.embarked(Piece::Leader(l))),
                count: 1,
            });
        }
        for u in 0..self.units.len() as u16 {
            let unit = &self.units[u as usize];
            let Some((space, space_name)) = self.space_of(unit.at()) else {
                continue;
            };
            if screened(self.side(u)) {
                continue;
            }
            if hidden(Piece::Unit(u)) {
                back(space, space_name, self.side(u), self.colours(u));
                continue;
            }
            let f = self.face(u);
            pieces.push(engine::Piece {
                id: Some(format!("u{u}")),
                space,
                space_name,
                side: crate::seat_name(self.side(u)).into(),
                face: Face::Up,
                name: indian_named(&f.name, f.nation == crate::forces::Nation::Indian, self.side(u)),
                kind: Some(type_word(f.kind).into()),
                nation: Some(format!("{:?}", f.nation).to_lowercase()),
                strength: Some(Strength {
                    now: f.combat,
                    max: f.combat,
                }),
                rating: Some(format!(
                    "{}{}{}",
                    f.combat,
                    if self.is_light(u) { "+" } else { "-" },
                    f.movement
                )),
                states: self.states(
                    unit.ops,
                    unit.moved,
                    unit.inside,
                    self.is_light(u),
                    self.embarked(Piece::Unit(u)),
                ),
                count: 1,
            });
        }
        // In an order of what is shown, not of the counters behind it
        // (27.1; rules fiw-15: the first hidden counter of each group set
        // the order, telling which regiment stood where).
        backs.sort_by(|a, b| (&a.space, &a.side, &a.nation, &a.kind).cmp(&(&b.space, &b.side, &b.nation, &b.kind)));
        pieces.extend(backs);
        let mut markers = Vec::new();
        for c in &self.civs {
            markers.push(engine::Marker {
                space: c.sq.to_string(),
                space_name: self.sq_name(c.sq),
                kind: crate::movement::marker_word(c.kind).into(),
                name: format!(
                    "{} {}{}",
                    side_name(c.side),
                    crate::movement::marker_word(c.kind),
                    if c.used { " (used this turn)" } else { "" }
                ),
                side: Some(crate::seat_name(c.side).into()),
                value: None,
                rule: Cow::Borrowed("22.0"),
            });
        }
        for &sq in &self.massacres {
            markers.push(engine::Marker {
                space: sq.to_string(),
                space_name: self.sq_name(sq),
                kind: "massacre".into(),
                name: "Massacre".into(),
                side: None,
                value: None,
                rule: Cow::Borrowed("31.3"),
            });
        }
        Board {
            pieces,
            markers,
            hands: Vec::new(),
            in_play: Vec::new(),
        }
    }

    fn states(&self, ops: u8, moved: bool, inside: bool, light: bool, embarked: bool) -> Vec<Cow<'static, str>> {
        let mut v: Vec<Cow<'static, str>> = Vec::new();
        if light {
            v.push("light".into());
        }
        if let Some(r) = self.round() {
            if ops & (1 << r) != 0 {
                v.push("operated".into());
            }
        }
        if moved {
            v.push("moved".into());
        }
        if inside {
            v.push("inside the fortress".into());
        }
        // 20.31 carried by a naval force under way.
        if embarked {
            v.push("embarked".into());
        }
        v
    }

    /// For the bots: the victory-point balance, squashed into 0..1, with
    /// a share of each objective a side does not hold for standing near it
    /// (half its points in its square, less the farther its nearest unit
    /// stands). A playout of thirty actions seldom takes a city; without
    /// the nearness the bots cannot tell a march on Quebec from a stroll.
    pub fn evaluation(&self, seat: Seat) -> f64 {
        let mut both = [0.0; 2];
        self.evaluations(&mut both);
        both[seat as usize]
    }

    /// [`Fiw::evaluation`] of both seats, `out[seat]`, counting who stands
    /// where once (the search scores every playout for both).
    pub fn evaluations(&self, out: &mut [f64]) {
        if let Some(o) = self.core.outcome.as_ref() {
            out[0] = o.value_for(0);
            out[1] = o.value_for(1);
            return;
        }
        let (o, scores) = (self.occupancy(), self.scores());
        let worth = |s: Seat| f64::from(scores[s as usize].total()) + self.nearness(&o, s);
        let w = [worth(0), worth(1)];
        for seat in 0..2 {
            out[seat] = 0.5 + 0.5 * ((w[seat] - w[1 - seat]) / 60.0).tanh();
        }
    }

    /// Half the points of each objective the seat does not hold, divided
    /// by one more than the squares (a king's move each) from its nearest
    /// unit.
    fn nearness(&self, o: &crate::state::Occupancy, seat: Seat) -> f64 {
        let squares: Vec<Sq> = crate::units::squares(&self.units)
            .filter(|&sq| o.has_units(sq, seat))
            .collect();
        tables()
            .objectives
            .iter()
            .filter(|&&(at, _)| !o.controls(at, seat))
            .filter_map(|&(at, points)| {
                let d = squares.iter().map(|&sq| sq.king_moves(at)).min()?;
                Some(0.5 * f64::from(points) / (1.0 + f64::from(d)))
            })
            .sum()
    }

    /// What must always hold: pieces on the map stand on land unless
    /// naval or embarked on a naval force under way (13.71, 20.31); a
    /// square never holds a fort and a fortress.
    pub fn invariants(&self) -> Result<(), String> {
        self.units.check()?;
        for (u, unit) in self.units.iter().enumerate() {
            if let Place::Sq(sq) = unit.at() {
                let afloat = self.is_naval(u as u16) || self.embarked(Piece::Unit(u as u16));
                if self.terrain(sq).is_water() && !afloat {
                    return Err(format!("land unit u{u} stands in the water square {sq}"));
                }
            }
        }
        self.naval_invariants()?;
        // 23.22, 23.26 inside a fortress only while its siege is on (or the
        // battle there, which ends it, is under way).
        let sieged = |at: Place| match at {
            Place::Sq(sq) => self.besieged(sq) || self.battle_square() == Some(sq),
            _ => false,
        };
        if let Some(u) = (0..self.units.len()).find(|&u| self.units[u].inside && !sieged(self.units[u].at())) {
            return Err(format!(
                "u{u} is inside a fortress of {:?}, where no siege is on",
                self.units[u].at()
            ));
        }
        if let Some(l) = (0..self.leaders.len()).find(|&l| self.leaders[l].inside && !sieged(self.leaders[l].at)) {
            return Err(format!(
                "leader {l} is inside a fortress of {:?}, where no siege is on",
                self.leaders[l].at
            ));
        }
        for c in &self.civs {
            let works = self
                .civs
                .iter()
                .filter(|d| {
                    d.sq == c.sq
                        && matches!(
                            d.kind,
                            crate::civilization::Marker::Fort | crate::civilization::Marker::Fortress
                        )
                })
                .count();
            if works > 1 {
                return Err(format!("a fort and a fortress in {} (22.11)", c.sq));
            }
        }
        Ok(())
    }
}

/// 25.1 "One side is French controlled; the other side is British
/// controlled": an Indian piece's name says whose it is ("Ottawa
/// (British)"), as its nation shows only "Indian" and the same tribes serve
/// both sides.
fn indian_named(name: &str, indian: bool, side: Seat) -> String {
    if indian {
        format!("{name} ({})", side_name(side))
    } else {
        name.to_string()
    }
}
