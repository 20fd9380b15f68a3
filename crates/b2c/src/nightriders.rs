//! 4.4 and 6.12 the Nightriders and the Call to Arms: Activity Points,
//! alerting towns (4.3), capture rolls, leaving the map, and removing Alert
//! markers from the Nightrider boxes (4.6, ruling b2c #10, #11).

use crate::actions::Action;
use crate::frames::{Frame, Ride};
use crate::map::{map, Kind as RegionKind, Region, Water, BOTTOM, LEFT, TOP};
use crate::state::*;

/// The Nightrider box of a map edge.
fn box_of(edge: u8) -> Region {
    let id = match edge {
        TOP => "box-top",
        LEFT => "box-left",
        _ => "box-bottom",
    };
    map().region(id).expect("the map has the three Nightrider boxes")
}

impl B2c {
    fn rider_cost(&self, at: Region, to: Region) -> u8 {
        let b = map().border(at, to).expect("adjacent");
        if !b.road && b.water == Water::Stream {
            2
        } else {
            1
        }
    }

    pub fn ride_legal(&self, ride: &Ride, out: &mut Vec<Action>) {
        let Some(&p) = ride.riders.first() else {
            return;
        };
        let m = map();
        let at = self.piece(p).loc;
        let ap = ride.ap;
        if m.area(at).kind == RegionKind::Box {
            // 6.12 from the turn after it left, remove one Alert marker on its edge per Call to Arms.
            if !ride.alerted && self.piece(p).since < self.turn {
                let edge = m.area(at).edges;
                for r in 0..m.len() as Region {
                    if self.alert & (1 << r) != 0 && m.area(r).edges & edge != 0 {
                        out.push(Action::Alert(r));
                    }
                }
            }
            out.push(Action::Done);
            return;
        }
        let guarded = self.unbroken_regulars(at) > 0;
        for &n in m.neighbours(at) {
            if !m.area(n).on_map() || n == m.boston {
                continue;
            }
            let cost = self.rider_cost(at, n);
            if guarded {
                if ap > cost {
                    out.push(Action::Evade(n));
                }
                if !ride.free && ap >= cost {
                    out.push(Action::Risk(n));
                }
            } else if ap >= cost {
                out.push(Action::Step(n));
            }
        }
        if ap >= 1
            && self.gather[at as usize] == Gather::Gather
            && !guarded
            && self.hinder_at(HINDER_MUSTER) != Some(at)
        {
            out.push(Action::Flip);
        }
        // 6.12 leaving a guarded region off the map: the same election as any other departure.
        if ap >= 1 {
            for e in [TOP, LEFT, BOTTOM] {
                if m.area(at).edges & e == 0 {
                    continue;
                }
                if !guarded || ap >= 2 {
                    out.push(Action::Leave(e));
                }
                if guarded && !ride.free {
                    out.push(Action::RiskLeave(e));
                }
            }
        }
        out.push(Action::Done);
    }

    fn ride_mut(&mut self) -> &mut Ride {
        match self.frames.last_mut() {
            Some(Frame::Ride(r)) => r,
            _ => unreachable!("ride frame on top"),
        }
    }

    /// 6.12 the British capture roll: a 6 captures the rider.
    fn capture_roll(&mut self, p: PieceId) -> bool {
        let d = self.core.dice.d6();
        let (name, at) = (self.piece(p).name(), self.piece(p).loc);
        self.core.log.roll_at(
            "6.12",
            &[d],
            || map().path(&[at]),
            || {
                format!(
                    "Capture roll for {name} in {}: {d}, a 6 captures: {}.",
                    map().name(at),
                    if d == 6 {
                        "captured by a British patrol"
                    } else {
                        "rides on"
                    }
                )
            },
        );
        if d == 6 {
            self.pm(p).flipped = true;
        }
        d == 6
    }

    pub fn ride_act(&mut self, a: Action) {
        let ride = self.ride_mut().clone();
        let Some(&p) = ride.riders.first() else {
            return;
        };
        let at = self.piece(p).loc;
        match a {
            Action::Step(n) | Action::Evade(n) | Action::Risk(n) => {
                let mut cost = self.rider_cost(at, n);
                if matches!(a, Action::Evade(_)) {
                    cost += 1;
                }
                self.ride_mut().ap -= cost;
                if matches!(a, Action::Risk(_)) && self.capture_roll(p) {
                    self.ride_mut().ap = 0;
                    return;
                }
                self.pm(p).loc = n;
                let name = self.piece(p).name();
                let how = if matches!(a, Action::Evade(_)) {
                    ", evading the British for 1 more Activity Point"
                } else {
                    ""
                };
                self.core.log.say_at(
                    "6.12",
                    || map().path(&[at, n]),
                    || format!("{name} rides from {} to {}{how}.", map().name(at), map().name(n)),
                );
            }
            Action::Flip => {
                self.ride_mut().ap -= 1;
                let name = self.piece(p).name();
                self.core
                    .log
                    .say("6.12", || format!("{name} alerts {}.", map().name(at)));
                if !ride.free && self.capture_roll(p) {
                    self.ride_mut().ap = 0;
                }
                self.muster(at);
            }
            Action::Leave(e) | Action::RiskLeave(e) => {
                // Leaving a region with an unbroken Regular off the map: the evasion point, or the capture roll.
                let evade = matches!(a, Action::Leave(_)) && self.unbroken_regulars(at) > 0;
                self.ride_mut().ap -= if evade { 2 } else { 1 };
                if matches!(a, Action::RiskLeave(_)) && self.capture_roll(p) {
                    self.ride_mut().ap = 0;
                    return;
                }
                let (turn, to) = (self.turn, box_of(e));
                let pc = self.pm(p);
                pc.loc = to;
                pc.since = turn;
                let name = self.piece(p).name();
                self.core.log.say_at(
                    "6.12",
                    || map().path(&[at]),
                    || {
                        format!(
                            "{name} rides off the map from {} into the {}.",
                            map().name(at),
                            map().name(to)
                        )
                    },
                );
            }
            Action::Alert(r) => {
                self.ride_mut().alerted = true;
                self.alert &= !(1 << r);
                for q in self.pieces.iter_mut().filter(|q| q.loc == r) {
                    q.under = false;
                }
                self.core
                    .log
                    .say("4.6", || format!("The Alert marker at {} is removed.", map().name(r)));
            }
            _ => self.ride_mut().ap = 0,
        }
    }

    /// The current rider is done when out of Activity Points or captured: Moved marker, next rider.
    pub fn ride_auto(&mut self) -> bool {
        let ride = self.ride_mut().clone();
        let Some(&p) = ride.riders.first() else {
            self.frames.pop();
            return true;
        };
        let boxed = map().area(self.piece(p).loc).kind == RegionKind::Box;
        let box_done = boxed && (ride.alerted || self.piece(p).since >= self.turn);
        if ride.ap == 0 || self.piece(p).flipped || box_done {
            self.pm(p).moved = true;
            let r = self.ride_mut();
            r.riders.remove(0);
            r.ap = 4;
            r.alerted = false;
            return true;
        }
        false
    }
}
