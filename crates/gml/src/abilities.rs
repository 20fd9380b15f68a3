//! 5.5 Special Leader Abilities (optional: the `abilities` option, off by
//! default), as the Special Leader Abilities Tables give them. The chapter
//! modules call in here at the points the tables name:
//!
//! - William Alexander: a drink roll as he enters a land combat
//!   (`combat.rs` `open_battle`), his removal roll at its end
//!   (`finish_battle`).
//! - William Campbell: +1 command with militia only (`activation.rs`
//!   forming), +1 movement for a group setting out in the Northwest
//!   Territories (`set_out`).
//! - George Rogers Clark: +2 offensive in the Northwest Territories or
//!   against Indians only (`combat.rs` `leader_points`).
//! - Louis Duportail: commands French units (`activation.rs` `may_command`).
//! - John Burgoyne: his units move one less (`set_out`).
//! - Henry Clinton: his force may retreat (8.25) before step 4 (ruling gml
//!   #33).
//! - Charles Grey, Friedrich Baum: a roll before a combat they attack in
//!   that silences one side's first round (`fire`).
//! - William Howe: a roll when he is activated (`activation.rs`), and his
//!   recall at the first American greater victory (`judge`, 8.27).
//!
//! Never in the battle scenarios (ruling gml #33): the abilities that act
//! only in a Strategic Interface, which these scenarios do not have (12.0;
//! 11.x and 13.x are the campaign's): Ethan Allen's loyalty, Arnold's
//! treason, Gates's promotion, Carleton's resignation, Cornwallis's recall,
//! Hamilton's Indian alliance (11.5) and von Heister's health (rolled at
//! each Interface from Autumn 1780). Grant and Knyphausen have none; 11.6's
//! checks of leaders without ability text are not made. None of these has
//! code.
//!
//! Every ability acts in a land combat of 8.2 only, never in a 6.5 overrun
//! or an 8.251 point 3 round (ruling gml #42).

use crate::combat::{Battle, Fight, Stage};
use crate::forces::{Kind, AMERICAN, BRITISH};
use crate::map::{Region, SpaceId};
use crate::state::{Gml, LeaderId, Place, UnitId};
use crate::tables::tables;
use engine::Seat;
use serde::{Deserialize, Serialize};

/// 5.5 the option and what the abilities remember.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Abilities {
    /// The players use the abilities (option `abilities`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub on: bool,
    /// Howe's activation failed: he does not move this turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub idle: Vec<LeaderId>,
    /// The first American greater victory has been won (Howe's recall is
    /// rolled only then).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub greater: bool,
    /// Howe's successor, a three-star general from then on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chief: Option<LeaderId>,
}

impl Abilities {
    pub fn new(on: bool) -> Abilities {
        Abilities {
            on,
            ..Abilities::default()
        }
    }

    /// Saved games of the default rules keep their shape.
    pub fn is_off(&self) -> bool {
        *self == Abilities::default()
    }
}

/// Howe's possible successors (the table's order).
const SUCCESSORS: [&str; 3] = ["cornwallis", "clinton", "burgoyne"];
/// Those whose presence makes Alexander's drinking his undoing.
const SUPERIORS: [&str; 3] = ["washington", "gates", "schuyler"];

impl Gml {
    /// The leader has this id and the abilities are in play.
    fn is(&self, l: LeaderId, id: &str) -> bool {
        self.abilities.on && self.leader(l).id == id
    }

    /// The leader `id` if the abilities are in play and he is on the map.
    fn present(&self, id: &str) -> Option<LeaderId> {
        (0..self.leaders.len() as LeaderId)
            .find(|&l| self.is(l, id))
            .filter(|&l| matches!(self.leaders[l as usize].at, Place::Space(_)))
    }

    /// Campbell and Clark: the Northwest Territories.
    fn in_northwest(s: SpaceId) -> bool {
        let map = &tables().map;
        map.state(map.get(s)).region == Some(Region::Northwest)
    }

    /// 5.5 Howe's successor is a three-star general.
    pub fn promoted(&self, l: LeaderId) -> bool {
        self.abilities.chief == Some(l)
    }

    /// 5.2, 5.5 the units a leader may control: Campbell one more when the
    /// land units of his side in his space are all militia.
    pub fn command_value(&self, l: LeaderId) -> u8 {
        // ruling: gml #45
        let base = self.leader(l).command;
        let Place::Space(s) = self.leaders[l as usize].at else {
            return base;
        };
        let side = self.leader(l).side;
        let mut units = self.land_at(s, side).peekable();
        let militia = units.peek().is_some() && units.all(|u| self.counters(u).kind == Kind::Militia);
        base + u8::from(self.is(l, "campbell") && militia)
    }

    /// 5.7, 5.5 Duportail commands French units as well as American ones.
    pub fn commands_french(&self, l: LeaderId) -> bool {
        self.is(l, "duportail")
    }

    /// 6.12, 5.5 a unit's movement allowance: one less under Burgoyne's
    /// command (his own force or a subordinate's).
    pub fn unit_movement(&self, u: UnitId) -> u8 {
        // ruling: gml #45
        let base = self.counters(u).movement;
        let Some(b) = self.present("burgoyne") else {
            return base;
        };
        let under = self.units[u as usize]
            .leader
            .is_some_and(|l| self.chain(b).contains(&l));
        base - u8::from(under && base > 1)
    }

    /// 6.12, 5.5 Campbell's group moves one more when it sets out in the
    /// Northwest Territories.
    pub fn group_movement_bonus(&self, leaders: &[LeaderId], at: SpaceId) -> u8 {
        u8::from(leaders.iter().any(|&l| self.is(l, "campbell")) && Self::in_northwest(at))
    }

    /// 5.1, 5.5 Clark's offensive value is 2 better in the Northwest
    /// Territories or when he attacks Indian units only: in an 8.2 land
    /// combat, not an overrun or a point 3 retreat's round (ruling gml #42).
    pub fn offensive_bonus(&self, b: &Battle, l: LeaderId) -> u8 {
        if b.fight != Fight::Combat || !self.is(l, "clark") {
            return 0;
        }
        let defenders = &b.units[b.defender() as usize];
        let indians = !defenders.is_empty() && defenders.iter().all(|&u| self.counters(u).kind == Kind::Indian);
        if Self::in_northwest(b.space) || indians {
            2
        } else {
            0
        }
    }

    /// A 5.5 roll, logged with the ability's rule: true on `at_least` or
    /// more, the outcome `yes`, else `no`.
    fn ability_roll(&mut self, who: &str, at_least: u8, yes: &str, no: &str) -> bool {
        let die = self.core.dice.roll(10);
        let hit = die >= at_least;
        let what = if hit { yes } else { no };
        self.core.log.roll("5.5", &[die], || format!("{who}: {die}, {what}"));
        hit
    }

    /// 4.0, 5.5 an attempt to activate Howe: on 9-10 he does not move this
    /// turn and the activation is not spent (ruling gml #43). True when he
    /// stays.
    pub(crate) fn howe_stays(&mut self, l: LeaderId) -> bool {
        // ruling: gml #43
        if !self.is(l, "howe") {
            return false;
        }
        if !self.ability_roll(
            "William Howe is to move",
            9,
            "he does not move this turn; the activation may be used by another leader or unit",
            "he moves",
        ) {
            return false;
        }
        self.abilities.idle.push(l);
        self.leaders[l as usize].done = true;
        true
    }

    /// 3.1 a new turn: Howe may be activated again.
    pub(crate) fn new_turn_abilities(&mut self) {
        self.abilities.idle.clear();
    }

    /// 8.2 steps 1-3, 5.5 the rolls as a land combat begins: Alexander's
    /// drink, Grey's surprise, Baum's confusion.
    pub(crate) fn combat_abilities(&mut self, b: &mut Battle) {
        // ruling: gml #42
        if !self.abilities.on || b.fight != Fight::Combat {
            return;
        }
        let (att, def) = (b.attacker as usize, b.defender() as usize);
        if let Some(&l) = b.leaders[AMERICAN as usize].iter().find(|&&l| self.is(l, "alexander")) {
            let who = format!("{} enters combat", self.leader(l).name);
            if self.ability_roll(
                &who,
                8,
                "he has had too much to drink and may not use his attack or defense values",
                "sober",
            ) {
                b.unfit.push(l);
            }
        }
        if b.leaders[att].iter().any(|&l| self.is(l, "grey"))
            && self.ability_roll(
                "Charles Grey attacks",
                9,
                "he surprises the defenders, who do not fire in the first round",
                "no surprise",
            )
        {
            // Ruling gml #42: the attacker's round is round one, the
            // defenders' step 5 fire skipped.
            b.silent
                .extend(b.units[def].iter().chain(&b.ships[def]).chain(&b.marker));
        }
        if let [l] = b.leaders[att][..] {
            let force = self.bonus_units(b, l);
            if self.is(l, "baum")
                && !force.is_empty()
                && self.ability_roll(
                    "Friedrich Baum attacks with his command alone",
                    6,
                    "the Americans fire in the first round, but his units may not",
                    "his units fire as usual",
                )
            {
                b.silent.extend(force);
            }
        }
    }

    /// 5.1, 5.3, 5.5 a leader who may not use his values in this combat.
    pub fn unfit(&self, b: &Battle, l: LeaderId) -> bool {
        b.unfit.contains(&l)
    }

    /// 5.5, 8.25 (ruling gml #33) Clinton's force may retreat before step
    /// 4: offered when every land unit of his side on the panel is under
    /// his command and a point 1 space is open to it.
    pub(crate) fn evade_stage(&self, b: &Battle) -> Option<Stage> {
        // ruling: gml #33
        if b.fight != Fight::Combat || b.round != 1 {
            return None;
        }
        let seat: Seat = [BRITISH, AMERICAN]
            .into_iter()
            .find(|&s| b.leaders[s as usize].iter().any(|&l| self.is(l, "clinton")))?;
        let clinton = *b.leaders[seat as usize].iter().find(|&&l| self.is(l, "clinton"))?;
        let side = &b.units[seat as usize];
        let all_his = !side.is_empty() && self.bonus_units(b, clinton).len() == side.len();
        (all_his && !self.retreat_spaces(b, seat).is_empty()).then_some(Stage::Evade { seat })
    }

    /// 5.5 Clinton's force retreats before combat (ruling gml #33): an
    /// 8.25 retreat of the whole side, no combat fought, so no greater
    /// victory (ruling gml #44).
    pub(crate) fn evade(&mut self, b: &mut Battle, seat: Seat) {
        self.core
            .log
            .say("5.5", || "Henry Clinton's force retreats before combat (8.25)".into());
        // ruling: gml #44
        b.greater = false;
        b.quit = Some(seat);
        let units = b.units[seat as usize].clone();
        self.start_retreat(b, seat, units, false);
    }

    /// 5.5 at the end of a combat in which Alexander was drunk, with
    /// Washington, Gates or Schuyler of the same group (on the panel with
    /// him and in his space now, ruling gml #45): 9-10 he is removed from
    /// the game.
    pub(crate) fn alexander_after(&mut self, b: &Battle) {
        // ruling: gml #45
        let Some(&l) = b.unfit.first() else { return };
        let at = self.leaders[l as usize].at;
        let with = b.leaders[AMERICAN as usize]
            .iter()
            .find(|&&o| SUPERIORS.contains(&self.leader(o).id.as_str()) && self.leaders[o as usize].at == at);
        let (Place::Space(_), Some(&with)) = (at, with) else {
            return;
        };
        let who = format!(
            "{} was drunk in the combat, with {} in his group (9-10 removes him from the game)",
            self.leader(l).name,
            self.leader(with).name
        );
        if self.ability_roll(&who, 9, "he is removed from the game", "he stays") {
            self.release_command(l);
            self.leaders[l as usize].at = Place::Gone;
        }
    }

    /// 8.27, 5.5 the first American greater victory: with Howe on the map,
    /// 4-10 he returns to Great Britain and Cornwallis, Clinton or Burgoyne
    /// (those on the map; drawn among two or three) takes the command and
    /// three stars. The leaders do not return to their original spaces
    /// (ruling gml #33).
    pub(crate) fn american_greater_victory(&mut self) {
        if !self.abilities.on || self.abilities.greater {
            return;
        }
        // ruling: gml #44
        self.abilities.greater = true;
        let Some(howe) = self.present("howe") else { return };
        if !self.ability_roll(
            "The first American greater victory, William Howe",
            4,
            "he returns to Great Britain",
            "he keeps the command",
        ) {
            return;
        }
        self.release_command(howe);
        self.leaders[howe as usize].at = Place::Gone;
        let candidates: Vec<LeaderId> = SUCCESSORS.iter().filter_map(|id| self.present(id)).collect();
        let chief = match candidates.as_slice() {
            [] => {
                self.core.log.say("5.5", || {
                    "Neither Cornwallis, Clinton nor Burgoyne is in play: nobody takes the command".into()
                });
                return;
            }
            [one] => *one,
            _ => {
                let ids: Vec<String> = candidates.iter().map(|&c| self.leader(c).id.clone()).collect();
                let i = self.core.dice.draw(ids.len(), |i, name| ids[i] == name);
                candidates[i]
            }
        };
        self.abilities.chief = Some(chief);
        self.leaders[chief as usize].under = None;
        let name = self.leader(chief).name.clone();
        let drawn = if candidates.len() > 1 { " (drawn)" } else { "" };
        self.core.log.say("5.5", || {
            format!("{name}{drawn} becomes the British commander-in-chief, a three-star general")
        });
    }
}
