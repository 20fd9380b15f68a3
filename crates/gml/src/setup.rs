//! 12.x3 Deployment and 12.x4 scheduled reinforcements: every counter of
//! the mix starts in the pool; each line of the scenario's table is placed
//! in order, its seat choosing the space where the line leaves a choice.

use crate::forces::BRITISH;
use crate::frames::Frame;
use crate::map::{SpaceId, Terrain};
use crate::scenario::{Line, Piece, Scenario, Where, Works};
use crate::state::{General, Gml, Held, LeaderId, Phase, Place, Unit, Units};
use crate::tables::tables;
use engine::{Core, Setup};

impl Gml {
    /// A new game of the setup's scenario, before any step.
    pub fn start(setup: &Setup) -> Gml {
        let t = tables();
        let scenario = Scenario::from_key(&setup.scenario).expect("the setup was validated");
        let spec = scenario.spec();
        let units = t.forces.unit_rows().map(Unit::new).collect();
        let leaders = t
            .forces
            .leaders
            .iter()
            .map(|_| General {
                at: Place::Pool,
                under: None,
                done: false,
                sailed: false,
                reserve: false,
                spent: 0,
            })
            .collect();
        let turn = t
            .turns
            .iter()
            .position(|x| x.id == spec.first)
            .expect("the scenario's first turn is on the track (tests/scenarios.rs)") as u16;
        let mut g = Gml {
            core: Core::new(setup),
            scenario,
            turn,
            phase: Phase::Deployment,
            activations: 0,
            units: Units::new(units),
            leaders,
            held: vec![Held::default(); t.map.spaces.len()],
            razed: Vec::new(),
            called: Vec::new(),
            at_sea: Vec::new(),
            in_port: Vec::new(),
            stack: Vec::new(),
            // 5.5 the players agreed to use the special leader abilities.
            abilities: crate::abilities::Abilities::new(setup.flag("abilities")),
        };
        // In the order printed: the last line is on top of the stack last;
        // after each seat's last line its leaders take their commands (5.2,
        // ruling gml #46).
        for line in (0..spec.deployment.len()).rev() {
            let seat = spec.deployment[line].seat;
            if spec.deployment[line + 1..].iter().all(|l| l.seat != seat) {
                g.stack.push(Frame::Muster {
                    seat,
                    formed: Vec::new(),
                });
            }
            g.stack.push(Frame::Deploy {
                seat,
                line: line as u8,
                arrival: false,
                spaces: Vec::new(),
            });
        }
        g
    }

    /// The scenario line a `Deploy` frame places.
    pub fn line(&self, line: u8, arrival: bool) -> &'static Line {
        let spec = self.scenario.spec();
        if arrival {
            &spec.arrivals[line as usize].line
        } else {
            &spec.deployment[line as usize]
        }
    }

    /// Where a line may go: the spaces of the scenario's map its words
    /// allow, without enemy land units (a reinforcement whose space is held
    /// by the enemy enters by a free neighbour, 12.34; 12.14's Clinton by
    /// any space on a bank of the St. Lawrence, a port or not).
    pub fn line_spaces(&self, line: &Line, arrival: bool) -> Vec<SpaceId> {
        let m = &tables().map;
        let spec = self.scenario.spec();
        let enemy = 1 - line.seat;
        let free = |s: SpaceId| !self.has_land(s, enemy);
        let id = |name: &str| {
            m.space(name)
                .expect("scenario spaces are on the map (tests/scenarios.rs)")
        };
        let on_sheet = |s: SpaceId| m.get(s).sheet == spec.sheet && !m.get(s).boxed;
        let lat = |s: SpaceId| m.get(s).lat;
        let state = |st: &str| m.states.iter().position(|x| x.id == st).map(|i| i as u8);
        let all = || (0..m.spaces.len() as SpaceId).filter(|&s| on_sheet(s));
        let mut out: Vec<SpaceId> = match line.at {
            Where::At(name) => {
                let s = id(name);
                if free(s) || !arrival {
                    vec![s]
                } else if self.scenario == Scenario::Canada {
                    self.line_spaces(
                        &Line {
                            at: Where::StLawrence,
                            ..*line
                        },
                        arrival,
                    )
                } else {
                    m.neighbours(s).iter().map(|&(n, _)| n).collect()
                }
            }
            Where::Adjacent(name) => m.neighbours(id(name)).iter().map(|&(n, _)| n).collect(),
            Where::NorthOf(name) => {
                let s = id(name);
                m.neighbours(s)
                    .iter()
                    .map(|&(n, _)| n)
                    .filter(|&n| lat(n) > lat(s))
                    .collect()
            }
            Where::SouthOfIn(name, st) => {
                let s = id(name);
                m.neighbours(s)
                    .iter()
                    .map(|&(n, _)| n)
                    .filter(|&n| lat(n) < lat(s) && Some(m.get(n).state) == state(st))
                    .collect()
            }
            Where::Within(name, n) => {
                let steps = m.steps(id(name), |k| k.is_line());
                all().filter(|&s| steps[s as usize] <= n as u16).collect()
            }
            Where::SwampOf(st) => all()
                .filter(|&s| m.get(s).terrain == Terrain::Swamp && Some(m.get(s).state) == state(st))
                .collect(),
            Where::StateOf(st) => all().filter(|&s| Some(m.get(s).state) == state(st)).collect(),
            Where::RegionOf(r) => all().filter(|&s| m.region(m.get(s)) == Some(r)).collect(),
            Where::StLawrence => all().filter(|&s| m.get(s).bank).collect(),
        };
        // A set-up choice never takes a space the scenario gives the enemy
        // by name (docs/rulings.md, 12.x3): Putnam "within 2 spaces of New
        // York City" (12.23) in New York would leave Howe's army no space.
        let enemy_named = |s: SpaceId| {
            !arrival
                && spec
                    .deployment
                    .iter()
                    .any(|l| l.seat == enemy && matches!(l.at, Where::At(name) if id(name) == s))
        };
        out.retain(|&s| on_sheet(s) && free(s) && !enemy_named(s));
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Put a line's pieces in a space, from the pool.
    pub fn deploy(&mut self, line: &Line, s: SpaceId) {
        let t = tables();
        let (mut names, mut placed) = (Vec::new(), Vec::new());
        // 5.2 (ruling gml #46) the line's units are placed under its first
        // leader, as far as he may command them: his command is formed
        // from there at the muster.
        let mut head: Option<LeaderId> = None;
        for piece in line.pieces {
            match *piece {
                Piece::Leader(id) => {
                    let l = t
                        .forces
                        .leaders
                        .iter()
                        .position(|x| x.id == id)
                        .expect("scenario leaders exist (tests/scenarios.rs)");
                    self.leaders[l].at = Place::Space(s);
                    names.push(t.forces.leaders[l].name.clone());
                    head = head.or(Some(l as LeaderId));
                }
                Piece::Units { n, .. } => {
                    for _ in 0..n {
                        let fits = |u: usize| piece.fits(line.seat, &t.forces.counters[self.units[u].row as usize]);
                        // An arrival takes the counters set aside for it
                        // (reserve_arrivals), else the pool's.
                        let u = (0..self.units.len())
                            .find(|&u| self.units[u].at() == Place::Later && fits(u))
                            .or_else(|| (0..self.units.len()).find(|&u| self.units[u].at() == Place::Pool && fits(u)))
                            .expect("the mix holds every scenario's units (tests/scenarios.rs)");
                        self.units.place(u as u16, Place::Space(s));
                        let room = head.filter(|&l| {
                            self.force(l).count() < self.command_value(l) as usize && self.may_command(l, u as u16)
                        });
                        let unit = &mut self.units[u];
                        unit.entrenched = line.works == Works::Entrenched;
                        unit.inside = line.works == Works::InFort;
                        unit.leader = room;
                        placed.push(u as u16);
                    }
                }
            }
        }
        self.mark_control(s);
        let who = crate::side_name(line.seat);
        let works = match line.works {
            // Ruling gml #58: a line not "in fort" sets up outside.
            Works::Open => "",
            Works::Entrenched => " (entrenched)",
            Works::InFort => " (in the fort)",
        };
        let place = self.space_name(s);
        names.extend(self.units_counted(&placed, true));
        self.core.log.say(self.scenario.info().rule, || {
            format!("{who}: {} in {place}{works}", engine::log::list(&names))
        });
    }

    /// A line placed in `s`; a scheduled arrival with units checks an enemy
    /// leader alone there (5.6, ruling gml #6), and one of British or
    /// Hessian units entering a state for the first time calls its militia
    /// (6.7, ruling gml #36), as a landing does.
    ///
    /// 5.6 checks a leader alone "in a space entered by enemy units": a
    /// leader arriving without units (12.24 Morgan and Lincoln, 12.34
    /// Gates and Sumter) is no unit and checks nobody (ruling gml #6, #61);
    /// he takes his command as he is placed (#46, #61).
    pub(crate) fn place_line(&mut self, line: u8, arrival: bool, s: SpaceId) {
        let l = self.line(line, arrival);
        self.deploy(l, s);
        let units = l
            .pieces
            .iter()
            .any(|p| matches!(*p, Piece::Units { n, kind, .. } if n > 0 && kind != crate::forces::Kind::Naval));
        if arrival && units {
            self.check_lone_leaders(s, l.seat);
        }
        if arrival && l.seat == crate::forces::BRITISH {
            let regular = self.land_at(s, l.seat).any(|u| self.is_regular_british(u));
            self.first_entry(s, regular);
        }
    }

    /// After the last line: 6.7 Massachusetts and every state already
    /// holding British or Hessian units have had their initial militia
    /// call (ruling gml #36).
    pub fn deployed(&mut self) {
        let m = &tables().map;
        let mut called = vec![m.states.iter().position(|x| x.id == "ma").expect("Massachusetts") as u8];
        for u in 0..self.units.len() as u16 {
            if let Place::Space(s) = self.units[u as usize].at() {
                if self.side(u) == BRITISH && crate::movement::calls_militia(self.counters(u)) {
                    called.push(m.get(s).state);
                }
            }
        }
        called.sort_unstable();
        called.dedup();
        self.called = called;
        self.reserve_arrivals();
    }
}
