//! 8.0 A, 8.11 Maritime combat as the battle scenarios meet it. Only the
//! British have fleets there (12.23, 12.33), so the one maritime combat that
//! can arise is a phasing side's fleets against enemy land units on
//! transports left at sea (7.3 lets a unit that sailed this phase end it in
//! a maritime zone) with no enemy fleet beside them: 8.17, the transports
//! are targets, eliminated by a hit (ruling gml #56). Fleet against fleet
//! (8.12's wind and further rounds, 8.14 in port) and interception (7.4)
//! need two navies: the campaign's.

use crate::actions::Action;
use crate::forces::Kind;
use crate::frames::Frame;
use crate::map::ZoneId;
use crate::state::{is_land, Gml, Place, UnitId};
use crate::tables::tables;
use engine::Seat;

impl Gml {
    /// The units of `seat` in maritime zone `z` that `pick` keeps.
    fn in_zone(&self, z: ZoneId, seat: Seat, pick: impl Fn(&Gml, UnitId) -> bool) -> Vec<UnitId> {
        self.units
            .in_place(Place::Zone(z))
            .filter(|&u| self.side(u) == seat && pick(self, u))
            .collect()
    }

    /// The land units of `seat` on transports in zone `z`.
    fn transports_in(&self, z: ZoneId, seat: Seat) -> Vec<UnitId> {
        self.in_zone(z, seat, |g, u| is_land(g.counters(u)))
    }

    /// 8.0 A at the start of `seat`'s Combat Phase, before the land
    /// combats: in each maritime zone where its fleets meet enemy
    /// transports and no enemy fleet, 8.11 "the player in phase rolls a die
    /// and adds one to the result for each naval unit he has more than the
    /// other player": 10 or more, combat. It lasts one round (8.12 step 6:
    /// the enemy has no naval unit on the Battle Panel, and the transports
    /// roll no dice, 8.17); every fleet fires, hitting on its combat value
    /// or less (8.13), and each hit eliminates a transported unit, their
    /// owner choosing which. No choice is asked of the phasing player: the
    /// roll costs his fleets nothing.
    pub(crate) fn maritime_combats(&mut self, seat: Seat) {
        let enemy = 1 - seat;
        let mut choices = Vec::new();
        for z in 0..tables().map.zones.len() as ZoneId {
            if self.units.in_place(Place::Zone(z)).next().is_none() {
                continue;
            }
            let naval = |g: &Gml, u: UnitId| g.counters(u).kind == Kind::Naval;
            let fleets = self.in_zone(z, seat, naval);
            let transports = self.transports_in(z, enemy);
            if fleets.is_empty() || transports.is_empty() || !self.in_zone(z, enemy, naval).is_empty() {
                continue;
            }
            let zone = tables().map.zones[z as usize].name.clone();
            let die = self.core.dice.roll(10);
            let total = die + fleets.len() as u8;
            self.core.log.roll("8.11", &[die], || {
                let outcome = if total >= 10 { "combat" } else { "no combat" };
                format!(
                    "Maritime combat in {zone}: {die} + {} = {total}, {outcome}",
                    engine::log::count(fleets.len(), "fleet")
                )
            });
            if total < 10 {
                continue;
            }
            let mut hits = 0u8;
            let mut dice = Vec::new();
            for &f in &fleets {
                let c = self.counters(f);
                let value = if self.units[f as usize].reduced {
                    c.reduced
                } else {
                    c.combat
                };
                let d = self.core.dice.roll(10);
                dice.push(d);
                hits += u8::from(d <= value);
            }
            self.core.log.roll("8.13", &dice, || {
                format!(
                    "The fleets fire on the transports: {hits} (8.17)",
                    hits = engine::log::count(hits, "hit")
                )
            });
            if hits as usize >= transports.len() {
                for u in transports {
                    self.sink(u);
                }
            } else if hits > 0 {
                choices.push(Frame::Sink {
                    seat: enemy,
                    zone: z,
                    hits,
                });
            }
        }
        // The first zone's choice on top.
        self.stack.extend(choices.into_iter().rev());
    }

    /// 8.17 a transported unit hit at sea is eliminated; a leader aboard is
    /// lost with it (ruling gml #51).
    fn sink(&mut self, u: UnitId) {
        let name = self.unit_name(u);
        let aboard = self.aboard(u);
        self.lift(u, self.eliminated_to(u));
        self.core
            .log
            .say("8.17", || format!("The {name}'s transports are sunk: eliminated"));
        self.lost_aboard(aboard, "8.17");
    }

    /// 8.13 the owner of the transports in `zone` chooses which take the
    /// hits.
    pub(crate) fn sink_legal(&self, seat: Seat, zone: ZoneId, out: &mut Vec<Action>) {
        out.extend(self.transports_in(zone, seat).into_iter().map(Action::Hit));
    }

    pub(crate) fn sink_perform(&mut self, a: Action) {
        let (Action::Hit(u), Some(Frame::Sink { hits, .. })) = (a, self.stack.last_mut()) else {
            unreachable!("only a transport takes a hit here");
        };
        *hits -= 1;
        if *hits == 0 {
            self.stack.pop();
        }
        self.sink(u);
    }
}
