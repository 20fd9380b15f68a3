//! 5.0 Movement: group moves (5.1), hexside limits (5.2), pinning (5.4),
//! force marching (5.5), river (5.6) and sea movement (5.7), warship
//! movement (8.1), sea attacks (8.4) and the West Indies (9.1).

use crate::actions::Action;
use crate::blocks::{self, Block, Nation};
use crate::map::{Hex, Side, SideTerrain, Terrain, Zone};
use crate::state::{bit, other, Attack, Frame, Liberty, Moving, Weather, BY_SEA, POOL};
use crate::why::{Bar, Step};
use engine::Seat;

impl Liberty {
    fn may_move(&self, b: Block) -> bool {
        self.on_map(b) && self.move_bar(b).is_none()
    }

    /// What forbids a block on the map to move this turn: it moved (5.1),
    /// it is pinned (5.4), or it is French before French Entry (9.0, ruling
    /// liberty #19).
    pub(crate) fn move_bar(&self, b: Block) -> Option<Bar> {
        if self.moved & bit(b) != 0 {
            Some(Bar::Moved)
        } else if self.pinned & bit(b) != 0 {
            Some(Bar::Pinned)
        } else if !self.french_entered && blocks::info(b).is_french() {
            Some(Bar::FrenchEntry)
        } else {
            None
        }
    }

    /// 5.4 blocks that attacking blocks in `h` pin: one per attacking block
    /// (ruling liberty #6: reserves, warships and Sea-Attack blocks at sea
    /// included: every attacking block standing in the hex counts).
    pub fn pin_count(&self, h: Hex, seat: Seat) -> u8 {
        match self.attack_at(h) {
            Some(a) if a.attacker != seat => self.count[h as usize][other(seat) as usize],
            _ => 0,
        }
    }

    pub fn actions_legal(&self, seat: Seat, left: u8, replaced: bool, out: &mut Vec<Action>) {
        if left > 0 && !replaced {
            // Hexes with blocks free to move, and how many.
            let mut groups: Vec<(Hex, u8)> = Vec::new();
            for b in 0..self.loc.len() as Block {
                if Liberty::side_of(b) == seat && self.may_move(b) {
                    let h = self.loc[b as usize];
                    match groups.iter_mut().find(|g| g.0 == h) {
                        Some(g) => g.1 += 1,
                        None => groups.push((h, 1)),
                    }
                }
            }
            for (h, movable) in groups {
                if self.pin_hexes.contains(&h) || movable > self.pin_count(h, seat) {
                    out.push(Action::Group(h));
                }
            }
        }
        if left > 0 && self.can_replace(seat) {
            out.push(Action::Replace);
        }
        out.push(Action::EndActions);
    }

    /// Whether some group may move (what `actions_legal` offers as Group
    /// actions), stopping at the first found.
    pub fn any_group(&self, seat: Seat) -> bool {
        (0..self.loc.len() as Block).any(|b| {
            if Liberty::side_of(b) != seat || !self.may_move(b) {
                return false;
            }
            let h = self.loc[b as usize];
            let pins = self.pin_count(h, seat);
            pins == 0
                || self.pin_hexes.contains(&h)
                || self.side_blocks_at(h, seat).filter(|&x| self.may_move(x)).count() > pins as usize
        })
    }

    /// 5.1 start a Group Move (one Action), naming pinned blocks first (5.4;
    /// ruling liberty #6: Player 2 names them before moving any block out of
    /// the hex, and the choice is final).
    pub fn start_group(&mut self, seat: Seat, h: Hex) {
        if let Some(Frame::Actions { left, .. }) = self.frames.last_mut() {
            *left -= 1;
        }
        self.frames.push(Frame::Group {
            seat,
            origin: h,
            current: None,
            sailed: Vec::new(),
            gone: 0,
        });
        let pins = self.pin_count(h, seat);
        if pins > 0 && !self.pin_hexes.contains(&h) {
            self.pin_hexes.push(h);
            self.frames.push(Frame::Pin {
                seat,
                hex: h,
                left: pins,
            });
        }
    }

    /// 5.4 the blocks the defender may name as pinned: unmoved ones only; a
    /// reinforcement cannot move again and so cannot stand in for one that
    /// could (ruling liberty #33).
    pub fn pin_legal(&self, seat: Seat, h: Hex, out: &mut Vec<Action>) {
        for b in self.side_blocks_at(h, seat) {
            if self.pinned & bit(b) == 0 && self.moved & bit(b) == 0 {
                out.push(Action::Pin(b));
            }
        }
    }

    /// 5.4 Pinning: the defender chooses which blocks are pinned.
    pub fn pin(&mut self, b: Block) {
        self.pinned |= bit(b);
        let seat = Liberty::side_of(b);
        self.core
            .log
            .tell(seat, "5.4", || format!("{} is pinned.", Liberty::name(b)));
        if let Some(Frame::Pin { left, .. }) = self.frames.last_mut() {
            *left -= 1;
            if *left == 0 {
                self.frames.pop();
                self.core
                    .log
                    .say("5.4", || "The defender names its pinned blocks.".into());
            }
        }
    }

    pub fn group_legal(&self, seat: Seat, origin: Hex, current: Option<Moving>, sailed: &[Hex], out: &mut Vec<Action>) {
        match current {
            None => {
                for b in self.side_blocks_at(origin, seat) {
                    // Only blocks with somewhere to go, so that picking is never a
                    // dead end (a picked block is taken back with undo, not "stop").
                    if self.can_go(seat, origin, Moving { block: b, steps: 0 }, sailed) {
                        out.push(Action::Pick(b));
                    }
                }
                out.push(Action::EndGroup);
            }
            Some(m) => {
                let info = blocks::info(m.block);
                let pos = self.loc[m.block as usize];
                if m.steps == 0 {
                    out.extend(self.sails(seat, m.block, sailed).map(Action::Sail));
                    if !info.is_warship() {
                        out.extend(self.river_moves(seat, m.block, origin).map(Action::River));
                    }
                }
                if !info.is_warship() {
                    out.extend(self.steps(seat, m.block, origin, pos, m.steps).map(Action::Step));
                }
                if m.steps > 0 {
                    out.push(Action::Stop);
                }
            }
        }
    }

    /// Whether a block (picked or moving) has a step, river move or sea move
    /// left; stops at the first found (this runs for every block of a group
    /// at each decision).
    pub fn can_go(&self, seat: Seat, origin: Hex, m: Moving, sailed: &[Hex]) -> bool {
        if m.steps == 0 && !self.may_move(m.block) {
            return false;
        }
        let warship = blocks::info(m.block).is_warship();
        if !warship
            && self
                .steps(seat, m.block, origin, self.loc[m.block as usize], m.steps)
                .next()
                .is_some()
        {
            return true;
        }
        if m.steps > 0 {
            return false;
        }
        if !warship && self.river_moves(seat, m.block, origin).next().is_some() {
            return true;
        }
        self.sails(seat, m.block, sailed).next().is_some()
    }

    /// 4.0 no attacks within or from the weather zone: an attack is refused if
    /// its target or any hex it comes from (the group's origin, the hex it
    /// attacks from) is in the zone. Sea Attacks pass only their destination
    /// (ruling liberty #3; 5.4 note on Baltimore and Philadelphia).
    /// Joining one's own battle is an attack too: its hex holds the enemy
    /// (ruling liberty #33).
    fn weather_forbids(&self, from: &[Hex], to: Hex) -> bool {
        let zone = match self.weather {
            Weather::North => Zone::North,
            Weather::South => Zone::South,
            Weather::Fair => return false,
        };
        let spaces = &self.map().spaces;
        std::iter::once(&to)
            .chain(from)
            .any(|&x| spaces[x as usize].zone == Some(zone))
    }

    /// 5.4 "Attacking": moving into an enemy-occupied hex or an enemy town.
    /// 1.6 the Atlantic box: "Both players may have any number of blocks
    /// located in the Atlantic box. No combat is allowed": sailing into it
    /// beside enemy blocks is no attack (and pins none of them, 5.4).
    pub fn is_attack(&self, seat: Seat, h: Hex) -> bool {
        h != self.map().atlantic
            && (self.has(h, other(seat)) || (self.map().town(h).is_some() && self.friendly(h, other(seat))))
    }

    /// 5.4 the hexsides the attackers used to enter `origin`: its unpinned
    /// defenders may not leave by them.
    pub(crate) fn pin_sides(&self, seat: Seat, origin: Hex) -> Vec<u16> {
        if self.pin_count(origin, seat) == 0 {
            return Vec::new();
        }
        self.attack_at(origin)
            .map(|a| a.entries.iter().filter(|e| e.1 != seat).map(|e| e.0).collect())
            .unwrap_or_default()
    }

    /// 5.1 / 5.5 a block that has used its movement: its rate, plus one hex
    /// of force march; a river move is a whole move (5.6).
    pub(crate) fn spent(&self, b: Block, steps: u8) -> bool {
        steps > blocks::info(b).moves || self.by_river & bit(b) != 0
    }

    /// 5.1 the hexes a block at `pos` may step into.
    fn steps(&self, seat: Seat, b: Block, origin: Hex, pos: Hex, steps: u8) -> impl Iterator<Item = Hex> + '_ {
        let map = self.map();
        let spent = self.spent(b, steps);
        let adj: &[(Hex, Side)] = if spent { &[] } else { &map.spaces[pos as usize].adj };
        let pin_sides = if pos == origin && !spent {
            self.pin_sides(seat, origin)
        } else {
            Vec::new()
        };
        adj.iter().filter_map(move |&(n, side)| {
            let step = Step {
                seat,
                block: b,
                origin,
                pos,
                to: n,
                side,
            };
            self.step_bar(step, &pin_sides).is_none().then_some(n)
        })
    }

    /// What forbids one hex of overland movement (None: nothing), given the
    /// hexsides pinning closes (`pin_sides`); the one check of `steps` and
    /// of "why not?".
    pub(crate) fn step_bar(&self, st: Step, pin_sides: &[u16]) -> Option<Bar> {
        let map = self.map();
        let hs = &map.sides[st.side as usize];
        let to = &map.spaces[st.to as usize];
        Some(if !hs.ground {
            Bar::NoLandCrossing
        } else if to.terrain != Terrain::Land {
            Bar::NotLand
        } else if self.side_use[st.side as usize][st.seat as usize] >= hs.limit() {
            Bar::HexsideLimit(hs.limit())
        } else if pin_sides.contains(&st.side) {
            Bar::PinnedSide
        } else if blocks::info(st.block).is_indian() && !to.wilderness {
            // 2.25 / 10.0 Indians are restricted to Wilderness hexes.
            Bar::IndiansWilderness
        } else if self.is_attack(st.seat, st.to) {
            return self.overland_attack_bar(st.seat, &[st.origin, st.pos], st.to);
        } else {
            return None;
        })
    }

    /// 4.0 / 8.4 what forbids an overland attack into `h` from `from`.
    fn overland_attack_bar(&self, seat: Seat, from: &[Hex], h: Hex) -> Option<Bar> {
        if self.weather_forbids(from, h) {
            Some(Bar::Weather)
        } else if self.sea_landers(seat, h) > 0 {
            // 8.4 a Sea Attack can never be combined with any other attack.
            Some(Bar::SeaAttackAlone)
        } else {
            None
        }
    }

    /// 5.6 River Movement: a whole move of up to two hexes along one river or
    /// lake shore; no force march; forest stops ignored (ruling liberty #10).
    fn river_moves(&self, seat: Seat, b: Block, origin: Hex) -> impl Iterator<Item = Hex> + '_ {
        let map = self.map();
        let info = blocks::info(b);
        let pin_sides = self.pin_sides(seat, origin);
        map.river_moves(origin).iter().filter_map(move |(dest, sides)| {
            let path_ok = sides.iter().all(|&s| {
                let hs = &map.sides[s as usize];
                hs.ground && self.side_use[s as usize][seat as usize] < hs.limit()
            });
            if !path_ok || pin_sides.contains(&sides[0]) || (info.is_indian() && !map.spaces[*dest as usize].wilderness)
            {
                return None;
            }
            // The hex passed through must not stop the block.
            let (mut from, mut passed) = ([origin; 2], 1);
            if sides.len() == 2 {
                let s0 = &map.sides[sides[0] as usize];
                let mid = if s0.a == origin { s0.b } else { s0.a };
                if self.is_attack(seat, mid) || (info.is_indian() && !map.spaces[mid as usize].wilderness) {
                    return None;
                }
                (from[1], passed) = (mid, 2);
            }
            if self.is_attack(seat, *dest) && self.overland_attack_bar(seat, &from[..passed], *dest).is_some() {
                return None;
            }
            Some(*dest)
        })
    }

    /// 5.4 Naval Choke Points: an enemy block in Yorktown (Dover) closes the
    /// Chesapeake (Delaware) ports to sea movement.
    fn port_closed(&self, seat: Seat, port: Hex) -> bool {
        self.closed_by(seat, port).is_some()
    }

    /// 5.4 the choke point whose enemy block closes `port` to `seat`.
    pub(crate) fn closed_by(&self, seat: Seat, port: Hex) -> Option<Hex> {
        self.map()
            .chokepoints
            .iter()
            .find(|c| c.closes.contains(&port) && self.has(c.hex, other(seat)))
            .map(|c| c.hex)
    }

    /// 9.1 West Indies stacking before French Entry, and the French port.
    fn west_indies_open(&self, seat: Seat, h: Hex) -> bool {
        let wi = self.map().west_indies;
        if !wi.contains(&h) {
            return true;
        }
        if self.french_entered {
            return true;
        }
        h == wi[seat as usize] && self.count[h as usize][seat as usize] < 2
    }

    /// 5.7 / 8.1 / 9.1 where a block may sail to, before the checks of `sails`.
    pub(crate) fn sail_dests(&self, seat: Seat, b: Block) -> Vec<Hex> {
        let info = blocks::info(b);
        let map = self.map();
        let pos = self.loc[b as usize];
        let atl = map.atlantic;
        let in_wi = map.west_indies.contains(&pos);
        // 5.7 American and Indian blocks cannot move by sea.
        if !info.is_warship() && matches!(info.nation, Nation::American | Nation::Indian) {
            return Vec::new();
        }
        let mut dests = Vec::new();
        if pos == atl || in_wi {
            if in_wi {
                // From the West Indies only to the other port or the Atlantic (9.1).
                dests.push(atl);
                dests.extend(map.west_indies.iter().filter(|&&w| w != pos));
            } else {
                dests.extend(&map.ports);
            }
        } else if map.is_port(pos) && (info.is_warship() || self.friendly(pos, seat)) && !self.port_closed(seat, pos) {
            dests.push(atl);
        }
        if info.is_warship() && !in_wi && pos != atl {
            dests.extend(
                self.warship_reach(seat, pos, info.moves + 1)
                    .into_iter()
                    .map(|(h, _, _)| h),
            );
        }
        dests
    }

    /// The sea moves open to a block; checked lazily so that `can_go` stops
    /// at the first.
    fn sails<'a>(&'a self, seat: Seat, b: Block, sailed: &'a [Hex]) -> impl Iterator<Item = Hex> + 'a {
        self.sail_dests(seat, b)
            .into_iter()
            .filter(move |&h| self.sail_bar(seat, b, h, sailed).is_none())
    }

    /// What forbids a sea move of `b` to `h`, one of its `sail_dests`
    /// (None: nothing); the one check of `sails` and of "why not?".
    pub(crate) fn sail_bar(&self, seat: Seat, b: Block, h: Hex, sailed: &[Hex]) -> Option<Bar> {
        let info = blocks::info(b);
        let map = self.map();
        let pos = self.loc[b as usize];
        let atl = map.atlantic;
        let in_wi = map.west_indies.contains(&pos);
        if h == atl {
            return None;
        }
        if !self.west_indies_open(seat, h) {
            // 9.1 before French Entry: two blocks a port; the British stay out of the French one.
            return Some(if h == map.west_indies[seat as usize] {
                Bar::WestIndiesStacking
            } else {
                Bar::WestIndiesPort
            });
        }
        if pos == atl {
            if let Some(c) = self.closed_by(seat, h) {
                return Some(Bar::ChokePoint(c));
            }
        }
        if !self.is_attack(seat, h) {
            None
        } else if info.is_warship() {
            // 8.4 "Moves by warships only are not restricted": a warship may
            // join any attack or battle of its side (it opens a Sea Attack
            // only where its side has none, see `sail`). Weather: a Sea
            // Attack by its destination (ruling liberty #3), a move on the
            // map also by the port it leaves.
            let from: &[Hex] = if pos == atl || in_wi { &[] } else { &[pos] };
            self.weather_forbids(from, h).then_some(Bar::Weather)
        } else if !sailed.contains(&h) {
            // 8.4 ground blocks join a sea attack opened by a warship of this group...
            Some(Bar::SeaAttackNeedsWarship)
        } else {
            // ... at most three.
            (self.sea_landers(seat, h) >= 3).then_some(Bar::SeaAttackFull)
        }
    }

    /// Why `b` cannot sail to `h` when `h` is no sea destination of it at
    /// all (not in `sail_dests`): None when `h` is no port or box, or `b`
    /// never sails (the reasons of overland movement apply).
    pub(crate) fn no_sail_bar(&self, seat: Seat, b: Block, h: Hex) -> Option<Bar> {
        let info = blocks::info(b);
        let map = self.map();
        let pos = self.loc[b as usize];
        let boxed = |x: Hex| x == map.atlantic || map.west_indies.contains(&x);
        if !boxed(h) && !map.is_port(h) {
            return None;
        }
        if !info.is_warship() && matches!(info.nation, Nation::American | Nation::Indian) {
            return None;
        }
        if map.west_indies.contains(&pos) {
            return Some(Bar::FromWestIndies);
        }
        if pos == map.atlantic {
            return None;
        }
        if !map.is_port(pos) {
            return Some(Bar::NotAPort);
        }
        // 5.4 the choke point closes the sea leg to the Atlantic, not a
        // warship's move on the map (rulings.md, 5.4 Naval Choke Points).
        if h == map.atlantic {
            if let Some(c) = self.closed_by(seat, pos) {
                return Some(Bar::ChokePoint(c));
            }
        }
        if info.is_warship() {
            return Some(Bar::WarshipReach);
        }
        if !self.friendly(pos, seat) {
            return Some(Bar::SeaFromEnemyPort);
        }
        Some(Bar::ViaAtlantic)
    }

    fn sea_landers(&self, seat: Seat, h: Hex) -> usize {
        self.side_blocks_at(h, seat)
            .filter(|&x| !blocks::info(x).is_warship() && self.entry[x as usize] == BY_SEA)
            .count()
    }

    /// 8.1 ports a warship reaches within `max` hexes across non-land hexsides,
    /// passing only through spaces it does not attack: (port, distance,
    /// hexside it enters by).
    pub fn warship_reach(&self, seat: Seat, from: Hex, max: u8) -> Vec<(Hex, u8, u16)> {
        let map = self.map();
        let mut seen = vec![false; map.spaces.len()];
        seen[from as usize] = true;
        let mut frontier = vec![from];
        let mut out = Vec::new();
        for d in 1..=max {
            let mut next = Vec::new();
            for &h in &frontier {
                // 5.1 / 5.4 entering an enemy hex or enemy port is attacking: stop.
                if h != from && self.is_attack(seat, h) {
                    continue;
                }
                for &(n, side) in &map.spaces[h as usize].adj {
                    if map.sides[side as usize].naval && !seen[n as usize] {
                        seen[n as usize] = true;
                        next.push(n);
                        if map.is_port(n) {
                            out.push((n, d, side));
                        }
                    }
                }
            }
            frontier = next;
        }
        out
    }

    pub fn pick(&mut self, b: Block) {
        if let Some(Frame::Group { current, .. }) = self.frames.last_mut() {
            *current = Some(Moving { block: b, steps: 0 });
        }
    }

    /// The block stops: it has moved (if it left its hex) and the group goes on.
    pub fn stop_current(&mut self) {
        if let Some(Frame::Group { current, gone, .. }) = self.frames.last_mut() {
            if let Some(m) = current.take() {
                if m.steps > 0 {
                    self.moved |= bit(m.block);
                    *gone |= bit(m.block);
                }
            }
        }
    }

    /// 5.1 the Group Move is over (one that moved no block still spent its
    /// Action: ruling liberty #29). One log line per hex its blocks went to
    /// and way they went there: how many, from where, and whether they
    /// attack (5.4) or reinforce a battle (7.22); the owner reads its
    /// blocks' names, the others a count (2.0 Fog-of-War: the blocks stand
    /// facing their owner, but every hex they pass is seen). The line's
    /// path is the way, so that its arrow follows the hexes.
    pub fn end_group(&mut self) {
        let routes = std::mem::take(&mut self.routes);
        let Some(Frame::Group { seat, origin, gone, .. }) = self.frames.pop() else {
            return;
        };
        if !self.core.log.enabled() {
            return;
        }
        let (side, from) = (crate::side_name(seat), self.hex_name(origin));
        if gone == 0 {
            self.core.log.say_at(
                "5.1",
                || Liberty::path(&[origin]),
                || format!("{side} ends the Group Move from {from} without moving a block: the Action is spent."),
            );
            return;
        }
        // The way each block went: the hexes it entered, or (unrecorded) its hex.
        let way = |b: Block| -> Vec<Hex> {
            match routes.iter().find(|(x, _)| *x == b) {
                Some((_, r)) if r.last() == Some(&self.loc[b as usize]) => r.clone(),
                _ => vec![self.loc[b as usize]],
            }
        };
        let mut lines: Vec<(Vec<Hex>, Vec<Block>)> = Vec::new();
        for b in (0..self.loc.len() as Block).filter(|&b| gone & bit(b) != 0) {
            let w = way(b);
            match lines.iter_mut().find(|(x, _)| *x == w) {
                Some((_, group)) => group.push(b),
                None => lines.push((w, vec![b])),
            }
        }
        for (w, group) in &lines {
            let to = *w.last().expect("a way ends where its blocks stand");
            // Two ways to one hex: each line names the hexes it passed.
            let twin = lines.iter().filter(|(x, _)| x.last() == Some(&to)).count() > 1;
            let via = match &w[..w.len() - 1] {
                passed if twin && !passed.is_empty() => format!(
                    " by way of {}",
                    engine::log::list(passed.iter().map(|&h| self.hex_name(h)))
                ),
                _ => String::new(),
            };
            let (rule, own, others) = self.arrival(seat, origin, to, group, &via);
            let path: Vec<Hex> = std::iter::once(origin).chain(w.iter().copied()).collect();
            self.core
                .log
                .apart(seat, rule, &[], || Liberty::path(&path), || own, || others);
        }
    }

    /// The log line of `group`, moved from `origin` to `to` (see `end_group`;
    /// `via` names the hexes it passed, or is empty), as its owner and as the
    /// others read it, with the rule it follows.
    fn arrival(&self, seat: Seat, origin: Hex, to: Hex, group: &[Block], via: &str) -> (&'static str, String, String) {
        let n = group.len();
        let names = engine::log::list(group.iter().map(|&b| Liberty::name(b)));
        let count = if n == 1 {
            "a block".to_string()
        } else {
            format!("{n} blocks")
        };
        let by = |mask: u64| group.iter().filter(move |&&b| mask & bit(b) != 0);
        let sea = group.iter().all(|&b| self.entry[b as usize] == BY_SEA);
        let river = by(self.by_river).count() == n;
        let marched: Vec<Block> = by(self.force_marched).copied().collect();
        let how = if sea {
            " by sea"
        } else if river {
            " by river"
        } else if marched.len() == n {
            " by force march"
        } else {
            ""
        };
        // A part of the group force marched: named to the owner, counted to the others.
        let (fm_own, fm_others) = if marched.is_empty() || marched.len() == n {
            (String::new(), String::new())
        } else {
            let m = marched.len();
            (
                format!(
                    " ({} by force march)",
                    engine::log::list(marched.iter().map(|&b| Liberty::name(b)))
                ),
                format!(" ({m} by force march)"),
            )
        };
        let (side, from, place) = (crate::side_name(seat), self.hex_name(origin), self.hex_name(to));
        // 5.1 out and back into the hex the move began in (ruling liberty #28):
        // said so, not "from Albany to Albany".
        let (from_to, from_only) = if to == origin {
            (format!(" out of {from} and back"), format!(", out of {from} and back"))
        } else {
            (format!(" from {from} to {place}"), format!(" from {from}"))
        };
        let attack = self.attack_at(to).filter(|_| self.is_attack(seat, to));
        // The line around what moved and its force marches: (rule, before, after, tail).
        let (rule, before, after, tail) = match attack {
            None => (
                if sea {
                    "5.7"
                } else if river {
                    "5.6"
                } else {
                    "5.1"
                },
                format!("{side} moves "),
                format!("{from_to}{how}"),
                "",
            ),
            Some(a) if a.attacker == seat && sea && a.sea.is_some() => (
                "8.4",
                format!("{side} makes a Sea Attack on {place} from {from} with "),
                String::new(),
                "",
            ),
            Some(a) if a.attacker == seat => (
                "5.4",
                format!("{side} attacks {place} from {from} with "),
                how.to_string(),
                "",
            ),
            Some(a) => (
                "7.22",
                format!("{side} reinforces the battle in {place} with "),
                format!("{from_only}{how}"),
                // 7.22 Player 2's blocks reinforcing a battle Player 1 started wait in reserve.
                if a.attacker == self.player1 {
                    ": in reserve until round 2"
                } else {
                    ""
                },
            ),
        };
        let line = |what: &str, fm: &str| format!("{before}{what}{after}{via}{fm}{tail}.");
        (rule, line(&names, &fm_own), line(&count, &fm_others))
    }

    /// `b` passes through or into `h`: a point of its route for the log.
    fn note_route(&mut self, b: Block, h: Hex) {
        if !self.core.log.enabled() {
            return;
        }
        match self.routes.iter_mut().find(|(x, _)| *x == b) {
            Some((_, route)) => route.push(h),
            None => self.routes.push((b, vec![h])),
        }
    }

    /// A block enters a hex: register an attack (5.4, 7.22; ruling liberty #9).
    /// Returns whether the block must stop.
    fn enter(&mut self, seat: Seat, b: Block, h: Hex, via: u16) -> bool {
        self.note_route(b, h);
        let enemy_here = self.has(h, other(seat));
        let sea = (via == BY_SEA).then_some(self.loc[b as usize]);
        let attack = self.is_attack(seat, h);
        self.place(b, h);
        self.entry[b as usize] = via;
        if !attack {
            if let Some(a) = self.attack_at_mut(h) {
                a.entries.push((via, seat));
            }
            return false;
        }
        match self.attack_at_mut(h) {
            None => self.attacks.push(Attack {
                hex: h,
                attacker: seat,
                opposed: enemy_here,
                entries: vec![(via, seat)],
                main: None,
                sea,
            }),
            Some(a) => {
                a.entries.push((via, seat));
                if a.attacker == seat && a.sea.is_some() && via != BY_SEA && !blocks::info(b).is_warship() {
                    // Ground blocks joining by land: the warships alone came by
                    // sea, so this is no Sea Attack (8.4) and the Main Attack is open.
                    // 8.4 "Moves by warships only are not restricted in this way":
                    // a warship sailing in along the coast joins the Sea Attack,
                    // whose blocks stay aboard while enemy warships hold the port.
                    a.sea = None;
                    a.main = None;
                }
                if a.attacker != seat && !a.opposed {
                    // Ruling liberty #9: no battle existed, so this is a new attack.
                    a.attacker = seat;
                    a.opposed = true;
                    a.main = None;
                    a.sea = sea;
                }
            }
        }
        true
    }

    fn moving(&self) -> (Seat, Moving) {
        match self.frames.last() {
            Some(Frame::Group {
                seat, current: Some(m), ..
            }) => (*seat, *m),
            _ => unreachable!("a block is moving"),
        }
    }

    fn set_steps(&mut self, steps: u8) {
        if let Some(Frame::Group { current: Some(m), .. }) = self.frames.last_mut() {
            m.steps = steps;
        }
    }

    /// 5.1 / 5.2 / 5.5 one hex of overland movement.
    pub fn step_to(&mut self, to: Hex) {
        let (seat, m) = self.moving();
        let b = m.block;
        let from = self.loc[b as usize];
        let side = self.map().side_between(from, to).expect("adjacent");
        let hs = &self.map().sides[side as usize];
        let stops_here = hs.terrain != SideTerrain::Clear && !hs.river && !blocks::info(b).is_indian();
        self.use_side(side, seat);
        let steps = m.steps + 1;
        self.set_steps(steps);
        let fm = steps > blocks::info(b).moves;
        if fm {
            self.force_marched |= bit(b);
        }
        let stop = self.enter(seat, b, to, side);
        if stop || stops_here || fm {
            self.stop_current();
        }
    }

    /// 5.6 river move.
    pub fn river(&mut self, to: Hex) {
        let (seat, m) = self.moving();
        let b = m.block;
        let from = self.loc[b as usize];
        let sides: Vec<u16> = self
            .map()
            .river_moves(from)
            .iter()
            .find(|(d, _)| *d == to)
            .map(|(_, s)| s.clone())
            .expect("legal river move");
        for &s in &sides {
            self.use_side(s, seat);
        }
        // The hexes the river passes on the way (the last one is `to`).
        let mut at = from;
        for &s in &sides[..sides.len() - 1] {
            let hs = &self.map().sides[s as usize];
            at = if hs.a == at { hs.b } else { hs.a };
            self.note_route(b, at);
        }
        self.by_river |= bit(b);
        self.set_steps(sides.len() as u8);
        self.enter(seat, b, to, *sides.last().expect("a river move crosses a hexside"));
        self.stop_current();
    }

    /// 5.7 / 8.1 / 8.4 / 9.1 a sea move, warship move or sea attack.
    pub fn sail(&mut self, to: Hex) {
        let (seat, m) = self.moving();
        let b = m.block;
        let info = blocks::info(b);
        let map = self.map();
        let from = self.loc[b as usize];
        let by_sea = from == map.atlantic || map.west_indies.contains(&from) || to == map.atlantic;
        let via = if by_sea {
            BY_SEA
        } else {
            let (_, d, side) = self
                .warship_reach(seat, from, info.moves + 1)
                .into_iter()
                .find(|x| x.0 == to)
                .expect("legal warship move");
            if d > info.moves {
                self.force_marched |= bit(b);
            }
            side
        };
        self.set_steps(1);
        // 8.4 a Sea Attack is opened by a warship from the Atlantic or the West
        // Indies against a hex where its side has neither blocks nor an attack:
        // it never reinforces a friendly hex under attack, nor combines with
        // another attack, one per target hex (ruling liberty #11). A hex the
        // enemy entered unopposed is a new attack (ruling liberty #9).
        let opens_sea_attack = info.is_warship()
            && by_sea
            && self.is_attack(seat, to)
            && !self.has(to, seat)
            && self.attack_at(to).is_none_or(|a| a.attacker != seat && !a.opposed);
        self.enter(seat, b, to, via);
        if opens_sea_attack {
            if let Some(Frame::Group { sailed, .. }) = self.frames.last_mut() {
                if !sailed.contains(&to) {
                    sailed.push(to);
                }
            }
            if let Some(a) = self.attack_at_mut(to) {
                a.sea = Some(from);
                a.main = Some(BY_SEA);
            }
        }
        self.stop_current();
    }

    /// End of a player's movement: declare Main Attacks (7.22, ruling liberty #7),
    /// then roll for force marches (5.5).
    pub fn close_movement(&mut self, seat: Seat) {
        let actions = self.frames.iter_mut().rev().find_map(|f| match f {
            Frame::Actions { closed, .. } => Some(closed),
            _ => None,
        });
        match actions {
            Some(closed) if !*closed => *closed = true,
            _ => return,
        }
        self.frames.push(Frame::ForceMarch { seat });
        let hexes: Vec<Hex> = self
            .attacks
            .iter()
            // An unopposed attack (a vacant enemy town) has no battle unless the
            // enemy enters, and then the enemy attacks (ruling liberty #9).
            .filter(|a| a.attacker == seat && a.opposed && a.main.is_none() && self.main_options(a).len() > 1)
            .map(|a| a.hex)
            .collect();
        for hex in hexes {
            self.frames.push(Frame::MainAttack { seat, hex });
        }
    }

    /// The distinct entries of the attacker's blocks still in the hex.
    pub fn main_options(&self, a: &Attack) -> Vec<u16> {
        let mut v: Vec<u16> = Vec::new();
        for b in self.side_blocks_at(a.hex, a.attacker) {
            let e = self.entry[b as usize];
            if e != crate::state::NOT_MOVED && !v.contains(&e) {
                v.push(e);
            }
        }
        v.sort();
        v
    }

    pub fn declare_main(&mut self, hex: Hex, side: u16) {
        if let Some(a) = self.attack_at_mut(hex) {
            a.main = Some(side);
        }
        self.frames.pop();
        let (place, from) = (self.hex_name(hex), self.entry_phrase(hex, side));
        self.core.log.say_at(
            "7.22",
            || Liberty::path(&[hex]),
            || {
                format!(
                    "The Main Attack on {place} is declared: the blocks that came {from}; the others wait in reserve."
                )
            },
        );
    }

    /// How blocks entered `at` by entry `side` (7.22): "by land from Boston",
    /// "by sea from hex 1707" (a warship's move on the map), "by sea" (from
    /// the Atlantic or a West Indies port), so that two entries from one
    /// place are told apart.
    pub(crate) fn entry_phrase(&self, at: Hex, side: u16) -> String {
        if side == BY_SEA {
            return "by sea".into();
        }
        let s = &self.map().sides[side as usize];
        let n = if s.a == at { s.b } else { s.a };
        let how = if self.map().spaces[n as usize].terrain == Terrain::Land {
            "by land"
        } else {
            "by sea"
        };
        format!("{how} from {}", self.hex_name(n))
    }

    /// 5.5 after all movement, 1-3 loses a step, 4-6 no loss.
    pub fn roll_force_marches(&mut self, seat: Seat) {
        for b in 0..self.loc.len() as Block {
            if self.force_marched & bit(b) != 0 && Liberty::side_of(b) == seat {
                self.force_marched &= !bit(b);
                let r = self.core.dice.d6();
                let lost = r <= 3;
                let h = self.loc[b as usize];
                let captured = lost && self.reduce(b);
                let place = self.hex_name(h);
                let result = |who: &str| {
                    let what = match (lost, captured) {
                        (false, _) => "no loss".to_string(),
                        (true, false) => "it loses a step".to_string(),
                        // Captured blocks stand face up (a prisoner is seen by all).
                        (true, true) => format!("{} loses its last step and is captured", Liberty::name(b)),
                    };
                    format!("Force march: {who} in {place} rolls {r}, 1-3 loses a step: {what}.")
                };
                self.core.log.apart(
                    seat,
                    "5.5",
                    &[r],
                    || Liberty::path(&[h]),
                    || result(Liberty::name(b)),
                    || result(crate::a_block(seat)),
                );
            }
        }
    }

    /// 6.0 draw a block at random from the pool.
    pub fn draw_replacement(&mut self, seat: Seat) {
        // Counted, then walked again to the pick: no list to allocate.
        let in_pool = |b: &Block| self.loc[*b as usize] == POOL && Liberty::side_of(*b) == seat;
        let n = (0..self.loc.len() as Block).filter(in_pool).count();
        let nth = |i: usize| {
            (0..self.loc.len() as Block)
                .filter(in_pool)
                .nth(i)
                .expect("the pick is within the pool")
        };
        // A referee names the block drawn by its id.
        let i = self.core.dice.draw(n, |i, id| blocks::info(nth(i)).id == id);
        let b = nth(i);
        self.strength[b as usize] = blocks::info(b).max;
        let side = crate::side_name(seat);
        self.core.log.apart(
            seat,
            "6.0",
            &[],
            Vec::new,
            || format!("You draw {}.", Liberty::name(b)),
            || format!("{side} draws a replacement block."),
        );
        let mut hexes = Vec::new();
        self.deploy_hexes(b, &mut hexes);
        if hexes.is_empty() {
            // Ruling liberty #18: an undeployable block returns to the pool.
            self.strength[b as usize] = 0;
            self.core
                .log
                .say("6.0", || "The block cannot be deployed and returns to the pool.".into());
        } else {
            self.frames.push(Frame::Deploy { seat, block: b });
        }
    }
}
