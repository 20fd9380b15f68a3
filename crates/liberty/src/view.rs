//! 2.0 Fog-of-War: what each seat may see, and worlds resampled for a seat.

use crate::blocks::{self, Block, Kind, Nation};
use crate::state::Weather;
use crate::state::{bit, other, Frame, Liberty, Loc, FRENCH_POOL, POOL, PRISONER};
use engine::{Board, Card, Face, Fact, Hand, Marker, Piece, Seat, Stage, Strength, Title, Viewer, Views};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

impl Views for Liberty {
    fn view(&self, viewer: Viewer) -> Value {
        let seats = Liberty::info().seats;
        // The blocks, face up or on their backs (2.0), control (5.3) and the
        // battle (7.0) are all on the board.
        let played: Vec<Value> = (0..2)
            .map(|s| match self.played[s] {
                None => Value::Null,
                Some(c) if viewer == Some(s as Seat) || self.played.iter().all(Option::is_some) => json!(c.key()),
                Some(_) => json!("face-down"),
            })
            .collect();
        let to_act: Vec<&str> = engine::Game::to_act(self).iter().map(|s| seats[s as usize]).collect();
        json!({
            "title": "liberty",
            "year": self.year,
            "turn": self.turn,
            "turns_in_year": self.turns_in_year,
            "phase": self.phase_name(),
            "player1": seats[self.player1 as usize],
            "weather": self.weather,
            "french_entered": self.french_entered,
            "british_supply_points": self.british_supply(),
            "to_act": to_act,
            "hand": viewer.map(|v| self.hands[v as usize].iter().map(|c| c.key()).collect::<Vec<_>>()),
            "hand_counts": {"british": self.hands[0].len(), "american": self.hands[1].len()},
            "played": {"british": played[0], "american": played[1]},
            "outcome": self.core.outcome,
            "facts": self.facts(viewer),
            "board": self.board(viewer),
        })
    }

    /// 2.0 Fog of war. A world consistent with what `observer` has seen: the
    /// other side's hidden blocks trade identities within their kind (warship,
    /// Indian, French, other) and get random strengths, its hand and the deck
    /// are redealt, and the dice reseeded.
    /// 3.0 The Game Turn (or 11.0 the Winter Turn) and its phase.
    fn stage(&self) -> Stage {
        let phase = self.phase_name();
        // 11.0 the Winter Turn follows the year's last Game Turn: the turn
        // count is past the year's until the new year begins.
        let turn = if phase == "winter" || self.turn > self.turns_in_year {
            Fact::new("Year", format!("{}, Winter Turn", self.year), "11.0")
        } else {
            Fact::new(
                "Year",
                format!("{}, Game Turn {} of {}", self.year, self.turn, self.turns_in_year),
                "3.0",
            )
        };
        let (name, rule) = match phase {
            "cards" => ("Card play", "3.1"),
            "supply" => ("Supply cards", "3.3"),
            "actions" => ("Actions", "5.0"),
            "battles" => ("Battles", "7.0"),
            "winter" => ("Winter", "11.0"),
            _ => ("The game is over", "11.1"),
        };
        Stage {
            turn,
            phase: Fact::new("Phase", name, rule),
        }
    }

    fn determinize(&self, observer: Seat, rng: &mut ChaCha8Rng) -> Liberty {
        let mut g = self.clone();
        let e = other(observer);
        let category = |b: Block| {
            let i = blocks::info(b);
            match (i.kind, i.nation) {
                (Kind::Warship, _) => 0,
                (Kind::Indian, _) => 1,
                (_, Nation::French) => 2,
                _ => 3,
            }
        };
        // A block the other side drew but has not deployed yet (6.0) is dealt an
        // identity with the rest, then made deployable and full strength below.
        let drawn = self.drawn_block().filter(|d| d.0 == e).map(|d| d.1);
        let moving = self.moving_block();
        let gone = self.frames.iter().fold(0, |m, f| match f {
            Frame::Group { gone, .. } => m | gone,
            _ => m,
        });
        // What the observer sees of a hidden block: where it stands, how it
        // moved this turn (and in the group moving now) and whether it is
        // moving now, not who it is.
        let seen = |b: Block| {
            let flags = [
                self.moved,
                self.force_marched,
                self.by_river,
                self.pinned,
                self.at_sea,
                gone,
            ]
            .map(|m| m & bit(b) != 0);
            (
                self.loc[b as usize],
                self.entry[b as usize],
                flags,
                Some(b) == moving,
                Some(b) == drawn,
            )
        };
        let mut perm: Vec<Block> = (0..self.loc.len() as Block).collect();
        let mut hidden_on_map = Vec::new();
        for cat in 0..4 {
            // The identities in play are known to the observer (all but the
            // visible ones); they are dealt to the places in the order the
            // observer sees them, so the world drawn depends on the generator
            // and the observer's information only (a canonical sampler).
            let mut slots: Vec<Block> = (0..self.loc.len() as Block)
                .filter(|&b| {
                    Liberty::side_of(b) == e
                        && category(b) == cat
                        && !self.visible(Some(observer), b)
                        && (self.on_map(b) || self.loc[b as usize] == POOL)
                })
                .collect();
            let mut ids = slots.clone();
            for i in (1..ids.len()).rev() {
                ids.swap(i, rng.gen_range(0..=i));
            }
            slots.sort_by_key(|&b| seen(b));
            for (s, id) in slots.iter().zip(ids) {
                perm[*s as usize] = id;
                if self.on_map(*s) {
                    hidden_on_map.push(id);
                }
            }
        }
        g.relabel(&perm);
        // Fog of war: a hidden block's strength is unknown to the observer, so
        // each is drawn anew, uniformly from 1 to the identity's maximum.
        for b in hidden_on_map {
            g.strength[b as usize] = rng.gen_range(1..=blocks::info(b).max);
        }
        if let Some(d) = drawn.map(|d| perm[d as usize]) {
            let deployable = |b: Block| {
                let mut hexes = Vec::new();
                g.deploy_hexes(b, &mut hexes);
                !hexes.is_empty()
            };
            let alike: Vec<Block> = (0..self.loc.len() as Block)
                .filter(|&b| {
                    g.loc[b as usize] == POOL && Liberty::side_of(b) == e && category(b) == category(d) && deployable(b)
                })
                .collect();
            let pick = if alike.is_empty() {
                d
            } else {
                alike[rng.gen_range(0..alike.len())]
            };
            g.strength[d as usize] = 0;
            g.strength[pick as usize] = blocks::info(pick).max;
            for f in &mut g.frames {
                if let Frame::Deploy { block, .. } = f {
                    *block = pick;
                }
            }
        }
        // Hands: the other side's cards (and a face-down card) with the deck.
        let face_down = self.played[e as usize].is_some() && self.played[observer as usize].is_none();
        let mut unseen: Vec<_> = self.hands[e as usize].iter().chain(self.deck.iter()).copied().collect();
        if face_down {
            unseen.extend(self.played[e as usize]);
        }
        unseen.sort();
        for i in (1..unseen.len()).rev() {
            unseen.swap(i, rng.gen_range(0..=i));
        }
        if face_down {
            g.played[e as usize] = unseen.pop();
        }
        let n = self.hands[e as usize].len();
        g.hands[e as usize] = unseen.drain(..n).collect();
        g.hands[e as usize].sort();
        g.deck = unseen;
        g.core.dice.reseed(rng);
        g.core.log.keep_visible(Some(observer));
        g
    }
}

impl Liberty {
    /// Whether `viewer` sees block `b` face up. Once the game is over every
    /// block stands face up for everyone, as the players turn them at the
    /// table to see what they faced.
    pub fn visible(&self, viewer: Viewer, b: Block) -> bool {
        let loc = self.loc[b as usize];
        viewer == Some(Liberty::side_of(b))
            || self.revealed & bit(b) != 0
            || loc == PRISONER
            || loc == FRENCH_POOL
            || self.core.outcome.is_some()
    }

    fn loc_id(&self, l: Loc) -> String {
        match l {
            POOL => "pool".into(),
            FRENCH_POOL => "french-pool".into(),
            PRISONER => "prisoner".into(),
            h => self.hex_id(h).into(),
        }
    }

    /// The battle being fought (7.0), once it has begun.
    fn shown_battle(&self) -> Option<&crate::battle::Battle> {
        self.frames.iter().rev().find_map(|f| match f {
            Frame::Battle(bt) if bt.stage != crate::battle::Stage::Start => Some(bt.as_ref()),
            _ => None,
        })
    }

    /// 7.22 Combat Reserves and 8.4 Sea Attacks: the public marks of block
    /// `b` in the battle being fought, shown on its face or its back alike.
    /// "in reserve": it crossed a hexside other than the Main Attack's, or is
    /// Player 2's reinforcement of Player 1's battle, and waits for round 2
    /// (7.22: "Reserve blocks are not revealed until the beginning of Combat
    /// Round 2"; which blocks they are follows from the hexsides they crossed
    /// and the Main Attack declared, both seen at the table). "aboard": a
    /// Sea-Attack ground block still on its transports (8.4), in sight at sea.
    /// Neither says which block it is, nor its strength.
    fn battle_marks(&self, b: Block) -> Vec<std::borrow::Cow<'static, str>> {
        let mut marks = Vec::new();
        if let Some(bt) = self.shown_battle() {
            let l = self.loc[b as usize];
            if l == bt.hex && bt.round == 1 && bt.reserve & bit(b) != 0 {
                marks.push("in reserve".into());
            }
        }
        if self.at_sea & bit(b) != 0 && self.on_map(b) {
            marks.push("aboard".into());
        }
        marks
    }

    /// 5.4 Pinning: where the defender has named pinned blocks this Game
    /// Turn, how many of them stand there still (on their backs to the
    /// attacker, who saw them set apart). Chosen by the defender and seen at
    /// the table, the count says nothing of which blocks they are (ruling
    /// liberty #31).
    fn pin_markers(&self) -> impl Iterator<Item = Marker> + '_ {
        self.pin_hexes.iter().filter_map(|&h| {
            let mut pinned = self.blocks_at(h).filter(|&b| self.pinned & bit(b) != 0).peekable();
            let side = Liberty::side_of(*pinned.peek()?);
            let n = pinned.count();
            Some(Marker {
                space: self.hex_id(h).to_string(),
                space_name: self.hex_name(h),
                kind: "pinned".into(),
                name: format!("{} pinned", engine::log::count(n, "block")),
                side: Some(Liberty::info().seats[side as usize].to_string()),
                value: Some(n as i64),
                rule: "5.4".into(),
            })
        })
    }

    /// The table as every client reads it (engine::Board): blocks face up
    /// with strength and rating, others on their backs counted per hex
    /// (2.0), control of hexes (5.3), pins (5.4) and the hands (3.0).
    fn board(&self, viewer: Viewer) -> Board {
        let seats = Liberty::info().seats;
        let (mut pieces, mut backs): (Vec<Piece>, Vec<Piece>) = (Vec::new(), Vec::new());
        for b in 0..self.loc.len() as Block {
            let l = self.loc[b as usize];
            let side = seats[Liberty::side_of(b) as usize].to_string();
            if self.visible(viewer, b) {
                let i = blocks::info(b);
                let mut states = Vec::new();
                // 2.2 / 2.13 its type and move, for its owner only: the other
                // side's view of it (face up in a battle) stays as it was.
                if viewer == Some(Liberty::side_of(b)) || l == PRISONER {
                    states.push(i.type_name().into());
                }
                if viewer == Some(Liberty::side_of(b)) {
                    states.push(format!("move {}", i.moves).into());
                }
                // 11.5 a prisoner: what an exchange would return (its type above,
                // its rating, and the strength it may come back at, 6.0).
                if l == PRISONER {
                    states.push("captured".into());
                    states.push(format!("{}{}", i.class_letter(), i.fire).into());
                    states.push(format!("strength up to {}", i.max).into());
                }
                if self.revealed & bit(b) != 0 {
                    states.push("revealed".into());
                }
                if self.moved & bit(b) != 0 {
                    states.push("moved".into());
                }
                // 5.4 which of the blocks face up are the pinned ones.
                if self.pinned & bit(b) != 0 && self.on_map(b) {
                    states.push("pinned".into());
                }
                states.extend(self.battle_marks(b));
                pieces.push(Piece {
                    id: Some(i.id.clone()),
                    space: self.loc_id(l),
                    space_name: self.hex_name(l),
                    side,
                    face: Face::Up,
                    name: i.name.clone(),
                    kind: Some(i.kind.key().to_string()),
                    nation: (!matches!(i.nation, Nation::British | Nation::American))
                        .then(|| format!("{:?}", i.nation).to_lowercase()),
                    // A block off the map has no strength until it enters.
                    // A captured block has none either (11.5: it is a prisoner).
                    strength: (l != POOL && l != FRENCH_POOL && l != PRISONER).then_some(Strength {
                        now: self.strength[b as usize],
                        max: i.max,
                    }),
                    rating: Some(format!("{}{}", i.class_letter(), i.fire)),
                    states,
                    count: 1,
                });
            } else {
                let space = self.loc_id(l);
                // Backs alike to the viewer share a pile: same side, place and
                // public marks (7.22 in reserve, 8.4 aboard).
                let states = self.battle_marks(b);
                match backs
                    .iter_mut()
                    .find(|p| p.side == side && p.space == space && p.states == states)
                {
                    Some(p) => p.count += 1,
                    None => backs.push(Piece {
                        id: None,
                        space,
                        space_name: self.hex_name(l),
                        name: "block".into(),
                        side,
                        face: Face::Back,
                        kind: None,
                        nation: None,
                        strength: None,
                        rating: None,
                        states,
                        count: 1,
                    }),
                }
            }
        }
        // In an order that says nothing of which blocks they are.
        backs.sort_by(|a, b| (&a.side, &a.space, &a.states).cmp(&(&b.side, &b.space, &b.states)));
        pieces.append(&mut backs);
        let markers = (0..self.control.len())
            .filter(|&h| self.control[h] < 2)
            .map(|h| {
                let s = self.control[h];
                Marker {
                    space: self.hex_id(h as u16).to_string(),
                    space_name: self.hex_name(h as Loc),
                    kind: "control".into(),
                    name: format!("{} control", crate::side_name(s)),
                    side: Some(seats[s as usize].to_string()),
                    value: None,
                    rule: "5.3".into(),
                }
            })
            .chain(self.shown_battle().map(|bt| bt.hex).map(|h| Marker {
                space: self.hex_id(h).to_string(),
                space_name: self.hex_name(h as Loc),
                kind: "battle".into(),
                name: "Battle".into(),
                side: None,
                value: None,
                rule: "7.0".into(),
            }))
            .chain(self.pin_markers())
            .collect();
        let hands = (0..2)
            .map(|s| {
                let hand = &self.hands[s as usize];
                Hand {
                    seat: seats[s as usize].to_string(),
                    count: hand.len() as u32,
                    cards: (viewer == Some(s)).then(|| {
                        hand.iter()
                            .map(|c| Card {
                                id: c.key().to_string(),
                                name: c.label().to_string(),
                            })
                            .collect()
                    }),
                }
            })
            .collect();
        Board {
            pieces,
            markers,
            hands,
            in_play: Vec::new(),
        }
    }

    /// The facts panel, in the rulebook's words.
    fn facts(&self, viewer: Viewer) -> Vec<Fact> {
        let side = |s: Seat| crate::side_name(s);
        let phase = self.phase_name();
        let Stage {
            turn,
            phase: phase_fact,
        } = self.stage();
        let mut facts = vec![turn, phase_fact];
        if phase != "cards" && phase != "winter" && phase != "over" {
            facts.push(Fact::new("Player 1", side(self.player1), "3.1"));
            let weather = match self.weather {
                Weather::North => "no attacks within or from the North",
                Weather::South => "no attacks within or from the South",
                Weather::Fair => "fair, no effects",
            };
            facts.push(Fact::new("Weather", weather, "4.0"));
        }
        facts.push(Fact::new(
            "British supply points",
            format!("{} (30 win at a Winter Turn)", self.british_supply()),
            "11.1",
        ));
        let french = if self.french_entered {
            "entered the war"
        } else {
            "not yet in the war"
        };
        facts.push(Fact::new("The French", french, "9.0"));
        let shown = |s: usize| match self.played[s] {
            None => "not played yet",
            Some(c) if viewer == Some(s as Seat) || self.played.iter().all(Option::is_some) => c.label(),
            Some(_) => "face down",
        };
        if self.played.iter().any(Option::is_some) {
            facts.push(Fact::new(
                "Cards played",
                format!("British {}, American {}", shown(0), shown(1)),
                "3.1",
            ));
        }
        facts.push(Fact::new(
            "Cards in hand",
            format!("British {}, American {}", self.hands[0].len(), self.hands[1].len()),
            "3.0",
        ));
        if let Some(v) = viewer {
            let hand: Vec<&str> = self.hands[v as usize].iter().map(|c| c.label()).collect();
            let hand = if hand.is_empty() {
                "empty".to_string()
            } else {
                hand.join(", ")
            };
            facts.push(Fact::new("Your hand", hand, "3.0"));
        }
        if let Some(bt) = self.shown_battle() {
            let value = format!(
                "{}, {} attacking, round {}",
                self.hex_name(bt.hex),
                side(bt.attacker),
                bt.round
            );
            facts.push(Fact::new("Battle", value, "7.0"));
        }
        facts
    }

    pub fn phase_name(&self) -> &'static str {
        match self.frames.last() {
            None => "over",
            Some(f) => match f {
                // 11.5 an exchange offered in the Winter Turn is part of it.
                Frame::Offer { .. } if self.frames.iter().any(|f| matches!(f, Frame::WinterExchange { .. })) => {
                    "winter"
                }
                Frame::CardPlay | Frame::Offer { .. } | Frame::Initiative => "cards",
                Frame::Supply { .. } => "supply",
                Frame::Actions { .. }
                | Frame::Group { .. }
                | Frame::Pin { .. }
                | Frame::MainAttack { .. }
                | Frame::Deploy { .. }
                | Frame::ForceMarch { .. }
                | Frame::Draw { .. } => "actions",
                Frame::BattleOrder { .. } | Frame::Battle(_) => "battles",
                Frame::Disband { .. } | Frame::Attrition { .. } | Frame::WinterExchange { .. } => "winter",
            },
        }
    }

    /// Move every per-block datum of slot `b` to identity `perm[b]`.
    fn relabel(&mut self, perm: &[Block]) {
        let n = perm.len();
        let src = self.clone();
        let mv = |m: u64| {
            (0..n).fold(0u64, |acc, b| {
                if m & bit(b as Block) != 0 {
                    acc | bit(perm[b])
                } else {
                    acc
                }
            })
        };
        for (b, &id) in perm.iter().enumerate() {
            let to = id as usize;
            self.loc[to] = src.loc[b];
            self.entry[to] = src.entry[b];
            let max = blocks::info(id).max;
            self.strength[to] = if src.strength[b] == 0 {
                0
            } else {
                src.strength[b].min(max)
            };
        }
        self.moved = mv(src.moved);
        self.revealed = mv(src.revealed);
        self.force_marched = mv(src.force_marched);
        self.by_river = mv(src.by_river);
        self.pinned = mv(src.pinned);
        self.at_sea = mv(src.at_sea);
        let map_block = |b: &mut Block| *b = perm[*b as usize];
        for f in &mut self.frames {
            match f {
                Frame::Group { current, gone, .. } => {
                    if let Some(m) = current {
                        map_block(&mut m.block);
                    }
                    *gone = mv(*gone);
                }
                Frame::Deploy { block, .. } => map_block(block),
                Frame::Supply { given, .. } => *given = mv(*given),
                Frame::Battle(bt) => {
                    bt.acted = mv(bt.acted);
                    bt.reserve = mv(bt.reserve);
                    bt.militia_c2 = mv(bt.militia_c2);
                    bt.charged = mv(bt.charged);
                    map_block(&mut bt.hitter);
                    if let crate::battle::Stage::Retreat { mask, .. } = &mut bt.stage {
                        *mask = mv(*mask);
                    }
                }
                _ => {}
            }
        }
    }
}
