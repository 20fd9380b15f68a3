//! Per-seat views (hidden militia values, units under Gather/Muster/Alert
//! markers and the deck order stay hidden), the map for the browser, and the
//! sampler of hidden information for the AI.

use crate::map::{map, Kind as RegionKind};
use crate::state::*;
use engine::Drawing;
use engine::{Board, Fact, Procedure, Seat, Stage, Strength, Title, Viewer, Views};
use rand_chacha::ChaCha8Rng;
use revroad::board::{label, Drawn, MarkerKind};
use revroad::facts;
use revroad::table::{self, Counter};
use serde_json::{json, Value};

fn kind_name(k: Kind) -> &'static str {
    match k {
        Kind::Regular => "regular",
        Kind::Cannon => "cannon",
        Kind::BritishLeader | Kind::PatriotLeader => "leader",
        Kind::Militia => "militia",
        Kind::Minuteman => "minuteman",
        Kind::Nightrider => "nightrider",
        Kind::SonOfLiberty => "son-of-liberty",
    }
}

impl Views for B2c {
    fn view(&self, viewer: Viewer) -> Value {
        let m = map();
        let mut pieces = Vec::new();
        // 4.8 the Moved and Fired status of the pieces this viewer sees.
        let mut status = Vec::new();
        for (i, p) in self.pieces.iter().enumerate() {
            if !p.on_map() {
                continue;
            }
            let special = matches!(p.kind, Kind::Nightrider | Kind::SonOfLiberty);
            // 4.3 units under a marker: the opponent sees only the marker,
            // until the game is over and every counter is shown.
            if p.under && !special && viewer != Some(PATRIOT) && self.core.outcome.is_none() {
                continue;
            }
            let state = if p.under {
                "inactive"
            } else if p.hidden {
                "hidden"
            } else {
                match (p.kind, p.flipped) {
                    (Kind::Nightrider | Kind::SonOfLiberty, true) => "captured",
                    (k, true) if k.leader() => "wounded",
                    (k, false) if k.leader() => "healthy",
                    (_, true) => "broken",
                    _ => "unbroken",
                }
            };
            if p.moved || p.fired {
                status.push((p.loc, p.side(), p.moved, p.fired));
            }
            let kind = if p.hidden { "hidden" } else { kind_name(p.kind) };
            let states = table::states(state, &[(p.moved, "moved"), (p.fired, "fired")]);
            let name = match p.kind {
                Kind::Regular => "Regular",
                Kind::Cannon => "Field Cannon",
                Kind::Militia => "Militia",
                Kind::Minuteman => "Minuteman",
                _ => p.name(),
            };
            let value = (p.kind == Kind::Militia && !p.hidden).then_some(Strength { now: p.value, max: 2 });
            pieces.push(table::piece(
                m,
                Counter {
                    id: self.piece_id(i as u8),
                    region: p.loc,
                    side: p.side(),
                    name,
                    kind,
                    value,
                    value_hidden: p.hidden,
                    states,
                },
            ));
        }
        let mut markers = table::Markers::new(m, MARKERS);
        for r in m.regions() {
            let mut put = |kind, value| markers.put(r, kind, None, value);
            match self.gather[r as usize] {
                Gather::Gather => put("gather", None),
                Gather::Muster => put("muster", None),
                Gather::None => {}
            }
            if self.alert & (1 << r) != 0 {
                put("alert", None);
            }
            if self.arms & (1 << r) != 0 {
                // 4.7 a numbered marker is worth its number; a plain one 1 VP (or as 14.5 says).
                let value = match m.area(r).ha {
                    1 => None,
                    ha => Some(i64::from(ha - 10)),
                };
                put("hidden-arms", value);
            }
            if self.searched & (1 << r) != 0 {
                put("searched", None);
            }
            if self.ambush & (1 << r) != 0 {
                put("ambush", None);
            }
            if self.snipe & (1 << r) != 0 {
                put("snipe", None);
            }
        }
        // 6.11 a Hinder marker shows the turns it stays (2, then 1).
        for (h, state) in self.hinder.iter().enumerate() {
            if let Hinder::Map(r, turns) = state {
                markers.put(*r, HINDER_NAMES[h], None, Some(i64::from(*turns)));
            }
        }
        // 4.8 one Moved, Fired or Moved/Fired Marker per region and side,
        // only for pieces shown above: units under a Gather, Muster or
        // Alert marker stay unseen by the British (4.3).
        for (r, side, moved, fired) in status {
            markers.put_status(r, side, moved, fired);
        }
        let card = self.card.map(|n| {
            let c = revroad::cards::card(n);
            json!({"number": n, "british": c.british, "patriot": c.patriot, "hash": c.hash})
        });
        let intel: Vec<u8> = match viewer {
            Some(s) => self.deck.peek(self.known[s as usize] as usize).to_vec(),
            None => Vec::new(),
        };
        let hinder: Vec<Value> = self
            .hinder
            .iter()
            .enumerate()
            .map(|(h, s)| {
                let where_ = match s {
                    Hinder::Available => "available".to_string(),
                    Hinder::Track => "turn-track".to_string(),
                    Hinder::Map(r, _) => m.id(*r).to_string(),
                };
                json!({"marker": HINDER_NAMES[h], "at": where_})
            })
            .collect();
        let reinforcements = self.pieces.iter().filter(|p| p.loc == WAITING).count();
        json!({
            "scenario": self.scenario,
            "turn": self.turn,
            "last_turn": self.last_turn,
            "phase": self.phase,
            "card": card,
            "deck": self.deck.draw.len(),
            "discard": self.deck.discard,
            "intel": intel,
            "actions": {"british": self.actions[0], "patriot": self.actions[1]},
            "reserve": {"british": self.reserve[0], "patriot": self.reserve[1]},
            "vp": {"british": self.vp[0] as f64 / 2.0, "patriot": self.vp[1] as f64 / 2.0},
            "shot": self.shot,
            "concord_entered": self.concord_entered,
            "percy_award": self.percy_award,
            "percy_turn": self.opts.percy_turn,
            "reinforcements_waiting": reinforcements,
            "militia_pool": self.pool.counts,
            "hinder": hinder,
            "outcome": self.core.outcome,
            "facts": self.facts(viewer),
            "board": Board {
                markers: markers.done(),
                pieces,
                hands: Vec::new(),
                in_play: Vec::new(),
            },
        })
    }

    /// A world consistent with what `observer` saw: the draw pile below the
    /// cards it has seen is reshuffled, and the generator is fresh. Hidden
    /// militia have no value until revealed (ruling b2c #25), and what lies
    /// under each marker is fixed by the set-up's icons, so nothing else is hidden.
    /// 5.0 The segment of the turn: Perform Actions until the End Turn.
    fn stage(&self) -> Stage {
        let (segment, rule) = match (self.phase, self.frames.last()) {
            (Phase::PreGame, _) => ("Call to Arms before Turn 1", "9.0"),
            (Phase::Over, _) => ("The game is over", "13.0"),
            (_, Some(Frame::Escort { .. } | Frame::EndTurn)) => ("End Turn", "5.3"),
            _ => ("Perform Actions", "5.2"),
        };
        facts::stage(self.turn, self.last_turn, segment, rule)
    }

    fn determinize(&self, observer: Seat, rng: &mut ChaCha8Rng) -> B2c {
        let mut g = self.clone();
        g.core.dice.reseed(rng);
        g.deck.resample(g.known[observer as usize] as usize, &mut g.core.dice);
        let other_seat = other(observer) as usize;
        g.known[other_seat] = g.known[other_seat].min(g.known[observer as usize]);
        g.core.log.keep_visible(Some(observer));
        g
    }
}

impl B2c {
    /// The side panel's facts, in the rulebook's words (issue 19). The
    /// cards a seat saw by Gather Intelligence are its own (6.14); nothing
    /// else here is hidden.
    pub fn facts(&self, viewer: Viewer) -> Vec<Fact> {
        let mut out = facts::scenario(
            B2c::info().scenarios,
            self.scenario,
            self.scenario.bot_seat(self.opts.bot),
        );
        let Stage { turn, phase } = self.stage();
        out.extend([turn, phase]);
        let top = self.frames.last();
        if let Some((step, rule)) = top.and_then(|f| self.step(f)) {
            out.push(Fact::new("Action", step, rule));
        }
        out.extend(facts::to_act(self.acting()));
        out.extend(facts::turn_card(self.card, true));
        out.extend(facts::tracks(self.actions, self.reserve));
        out.push(facts::victory_points(self.vp.map(|v| v as f64 / 2.0), "13.0"));
        out.push(facts::piles(self.deck.draw.len(), self.deck.discard.len()));
        if let Some(v) = viewer {
            let seen = self.deck.peek(self.known[v as usize] as usize);
            if !seen.is_empty() {
                let cards: Vec<String> = seen.iter().map(|&n| facts::card_words(n, true)).collect();
                out.push(Fact::new("Your next cards", cards.join("; then "), "6.14"));
            }
        }
        let shot = if self.shot { "fired" } else { "not yet fired" };
        out.push(Fact::new("The Shot Heard 'Round the World", shot, "10.0"));
        let concord = if self.concord_entered {
            "entered by a British Regular"
        } else {
            "not yet entered by a British Regular"
        };
        out.push(Fact::new("Concord", concord, "11.0"));
        let waiting = self.pieces.iter().filter(|p| p.loc == WAITING).count();
        out.extend(facts::reinforcements(
            &[(self.opts.percy_turn, BRITISH, waiting)][..(waiting > 0) as usize],
            "12.0",
        ));
        if self.percy_award {
            out.push(Fact::new("Percy at Lexington", "the British scored it", "12.0"));
        }
        let m = map();
        let hinder: Vec<String> = self
            .hinder
            .iter()
            .zip(["Movement", "Search", "Muster"])
            .map(|(h, name)| match h {
                Hinder::Available => format!("{name} available"),
                Hinder::Track => format!("{name} on the Turn Track"),
                Hinder::Map(r, n) => format!("{name} in {} ({n})", m.name(*r)),
            })
            .collect();
        out.push(Fact::new("Hinder markers", hinder.join(", "), "6.11"));
        out
    }

    /// The Action or step under way, by the rulebook's name for it.
    fn step(&self, f: &Frame) -> Option<(&'static str, &'static str)> {
        Some(match f {
            Frame::Ride(_) => ("Call to Arms", "6.12"),
            Frame::Move(_) | Frame::SolMove { .. } => ("Movement", "6.4"),
            Frame::Assemble { .. } => ("Assemble", "6.5"),
            Frame::FreeMove { .. } => ("Muster: Minutemen move", "4.3"),
            Frame::Hits(_) => ("Hits", "7.0"),
            Frame::Combat(c) if c.from == NO_REGION => ("Attack", "6.1"),
            Frame::Combat(_) => ("Assault", "6.2"),
            Frame::Retreat(_) => ("Retreats", "7.1"),
            Frame::Charge(_) => ("Charge", "6.3"),
            Frame::Search(_) => ("Search / Capture", "6.9"),
            Frame::Place { .. } => ("Place the piece that got away", "6.10"),
            Frame::Escort { .. } => ("Captured pieces move toward Boston", "5.3"),
            Frame::Rally { .. } => ("Rally", "6.8"),
            Frame::Ambush { .. } => ("Ambush", "6.6"),
            Frame::Menu { reserve: true, .. } => ("a Reserve Action", "5.2"),
            Frame::Menu { .. } | Frame::EndTurn => return None,
        })
    }
}

/// 3.0 the area map as every client draws it, with the key of the view's markers.
pub fn drawing() -> Drawing {
    let m = map();
    let drawn = |r| {
        let g = m.area(r);
        let (x, y) = m.xy(r);
        let mut notes = Vec::new();
        if g.muster {
            notes.push("Muster Area (4.3)".to_string());
        }
        match g.ha {
            0 => {}
            1 => notes.push("a Hidden Arms marker (4.7)".into()),
            n => notes.push(format!("Hidden Arms marker {} (4.7)", n - 10)),
        }
        if g.landing {
            notes.push("naval landing region (3.0, 9.0)".into());
        }
        let (terrain, boxed) = match g.kind {
            RegionKind::Town => ("town", false),
            RegionKind::Open => ("open", false),
            RegionKind::Alert => ("alert-box", true),
            RegionKind::Box => ("box", true),
        };
        Drawn {
            x,
            y,
            terrain,
            town: g.town,
            boxed,
            notes,
        }
    };
    let (width, height) = m
        .regions()
        .map(|r| m.xy(r))
        .fold((0.0f64, 0.0f64), |(w, h), (x, y)| (w.max(x), h.max(y)));
    let borders = m.borders().iter().map(|b| (b.a, b.b, b.road, b.water));
    let (cx, cy) = m.xy(m.concord);
    let (bx, by) = m.xy(m.boston);
    let labels = vec![
        label("toward Concord", cx, cy - 30.0),
        label("toward Boston", bx, by + 30.0),
    ];
    m.drawing("b2c", drawn, borders, (width + 40.0, height + 40.0), labels, MARKERS)
}

/// The markers of the view, for the map's key.
const MARKERS: &[MarkerKind] = &[
    MarkerKind {
        kind: "gather",
        symbol: "G",
        colour: "#8d6e63",
        name: "Gather Marker",
        rule: "4.3",
        text: "A meeting place: the Patriot units under it may not be activated until it flips to Muster.",
    },
    MarkerKind {
        kind: "muster",
        symbol: "M",
        colour: "#e09a1a",
        name: "Muster Marker",
        rule: "4.5",
        text: "Alerted: the units under it become active at the end of the turn, unless a British Regular \
               or the Hinder Muster Marker is here.",
    },
    MarkerKind {
        kind: "alert",
        symbol: "A",
        colour: "#c0571b",
        name: "Alert Marker",
        rule: "4.6",
        text: "Militia off the map edge, revealed when a Nightrider who rode off this edge is activated.",
    },
    MarkerKind {
        kind: "hidden-arms",
        symbol: "HA",
        colour: "#2e7d32",
        name: "Hidden Arms Marker",
        rule: "4.7",
        text: "An unsearched arms cache: at the end the Patriots score its number of VP (1 VP if it has none).",
    },
    MarkerKind {
        kind: "searched",
        symbol: "S",
        colour: "#6d6d6d",
        name: "Searched",
        rule: "4.7",
        text: "The British searched the hidden arms here (8.1): they score nothing more for the Patriots.",
    },
    MarkerKind {
        kind: "ambush",
        symbol: "Am",
        colour: "#7b1fa2",
        name: "Ambush Marker",
        rule: "6.6",
        text: "The Patriots ambushed moved Regulars here this turn: no second Ambush in this region.",
    },
    MarkerKind {
        kind: "snipe",
        symbol: "Sn",
        colour: "#4527a0",
        name: "Snipe Marker",
        rule: "6.7",
        text: "The Patriots sniped at the marching column here this turn: no second Snipe in this region.",
    },
    MarkerKind::moved(
        "4.8",
        "This side's units here moved this turn: they may not move again (6.4) nor Assault (6.2); \
         two unbroken moved Regulars may be Ambushed (6.6).",
    ),
    MarkerKind::fired(
        "4.8",
        "This side's units here took part in combat this turn: they may not Attack (6.1) nor Assault \
         (6.2) again, but still defend (7.0).",
    ),
    MarkerKind::moved_fired(
        "4.8",
        "This side's units here moved and took part in combat this turn: they may neither move nor attack again.",
    ),
    MarkerKind {
        kind: "hinder-movement",
        symbol: "HM",
        colour: "#1565c0",
        name: "Hinder Movement Marker",
        rule: "6.11",
        text: "British units moving in must end their move here; the number is the turns it stays.",
    },
    MarkerKind {
        kind: "hinder-search",
        symbol: "HS",
        colour: "#00838f",
        name: "Hinder Search Marker",
        rule: "6.11",
        text: "British units here may not search for hidden arms; the number is the turns it stays.",
    },
    MarkerKind {
        kind: "hinder-muster",
        symbol: "HU",
        colour: "#b71c1c",
        name: "Hinder Muster Marker",
        rule: "6.11",
        text: "The Gather or Muster Marker here may not flip nor be removed; the number is the turns it stays.",
    },
];
