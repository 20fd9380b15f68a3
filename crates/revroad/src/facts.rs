//! The facts panel's lines both games show alike (issue 19), in the
//! rulebook's words: the Game Turn Track, the Action and Reserve Action
//! Tracks, the Victory Point Track, the turn's card, the draw pile, the
//! scenario and the bot sheet that plays a side, and the units still to
//! arrive. Each game's view adds its own lines around them.

use crate::{cards, Scenario};
use engine::{Fact, ScenarioInfo, Seat, SeatSet, Stage};
use std::fmt::Display;

/// A side as the rulebook names it.
pub fn side(s: Seat) -> &'static str {
    crate::log::side(s)
}

/// "British 3, Patriot 2", in seat order.
pub fn both(v: [impl Display; 2]) -> String {
    let [b, p] = v;
    format!("British {b}, Patriot {p}")
}

/// 2.0 Game Turn Track: "Turn 4 of 12".
pub fn turn(turn: u8, last: u8) -> Fact {
    Fact::new("Game Turn", format!("Turn {turn} of {last}"), "2.0")
}

/// The Game Turn and the segment of the turn's sequence (5.0) within it.
pub fn stage(turn: u8, last: u8, segment: &'static str, rule: &'static str) -> Stage {
    Stage {
        turn: self::turn(turn, last),
        phase: Fact::new("Turn segment", segment, rule),
    }
}

/// 5.1 the Action Tracks and 5.2 the Reserve Action Tracks.
pub fn tracks(actions: [u8; 2], reserve: [u8; 2]) -> [Fact; 2] {
    [
        Fact::new("Actions left", both(actions), "5.1"),
        Fact::new("Reserve Actions", both(reserve), "5.2"),
    ]
}

/// The Victory Point Track; `rule` is the title's Determining Victory.
pub fn victory_points(vp: [f64; 2], rule: &'static str) -> Fact {
    Fact::new("Victory Points", both(vp), rule)
}

/// A card in words: "Card 7: British 3 Actions, Patriot 2 Actions", with
/// its hash marks where the title reads them (b2c 8.1, 8.2).
pub fn card_words(number: u8, hash: bool) -> String {
    let c = cards::card(number);
    let actions = |n: u8| format!("{n} Action{}", if n == 1 { "" } else { "s" });
    let mut s = format!(
        "Card {}: British {}, Patriot {}",
        c.number,
        actions(c.british),
        actions(c.patriot)
    );
    if hash {
        let marks = if c.hash == 1 { "hash mark" } else { "hash marks" };
        s.push_str(&format!(", {} {marks}", c.hash));
    }
    s
}

/// 5.1 the card drawn for this turn, when one is.
pub fn turn_card(card: Option<u8>, hash: bool) -> Option<Fact> {
    card.map(|n| Fact::new("Turn card", card_words(n, hash), "5.1"))
}

/// 2.0 the Draw and Discard Area: how many cards each pile holds (never
/// the draw pile's order).
pub fn piles(draw: usize, discard: usize) -> Fact {
    Fact::new(
        "Card deck",
        format!("{draw} in the draw pile, {discard} in the discard pile"),
        "2.0",
    )
}

/// 5.2 whose decision is pending, when any seat's is.
pub fn to_act(seats: SeatSet) -> Option<Fact> {
    let names: Vec<&str> = seats.iter().map(side).collect();
    (!names.is_empty()).then(|| Fact::new("To act", names.join(", "), "5.2"))
}

/// The scenario by the title's name for it, and, when a bot sheet plays a
/// side, which one (under the scenario's own section).
pub fn scenario(infos: &'static [ScenarioInfo], scenario: Scenario, bot: Option<Seat>) -> Vec<Fact> {
    let Some(info) = infos.iter().find(|i| i.key == scenario.key()) else {
        return Vec::new();
    };
    let mut facts = vec![Fact::new("Scenario", info.name, info.rule)];
    if let Some(b) = bot {
        let value = format!("the {} side plays by its bot sheet", side(b));
        facts.push(Fact::new("Bot", value, info.rule));
    }
    facts
}

/// Units still to come: `(turn, side, count)` groups, as "Turn 9: 10
/// British units", in the order given; none gives no line.
pub fn reinforcements(groups: &[(u8, Seat, usize)], rule: &'static str) -> Option<Fact> {
    let words: Vec<String> = groups
        .iter()
        .map(|&(turn, s, n)| {
            let units = if n == 1 { "unit" } else { "units" };
            format!("Turn {turn}: {n} {} {units}", side(s))
        })
        .collect();
    (!words.is_empty()).then(|| Fact::new("Reinforcements", words.join("; "), rule))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shared_lines_read_in_words() {
        assert_eq!(turn(4, 12).value, "Turn 4 of 12");
        assert_eq!(victory_points([3.0, 4.5], "13.0").value, "British 3, Patriot 4.5");
        let r = reinforcements(&[(9, crate::BRITISH, 10), (5, crate::PATRIOT, 1)], "12.0").unwrap();
        assert_eq!(r.value, "Turn 9: 10 British units; Turn 5: 1 Patriot unit");
        assert!(reinforcements(&[], "12.0").is_none());
        let c = cards::card(18);
        assert_eq!(
            card_words(18, false),
            format!(
                "Card 18: British {} Action{}, Patriot {} Actions",
                c.british,
                if c.british == 1 { "" } else { "s" },
                c.patriot
            )
        );
    }
}
