//! What both games' logs share (issue 19): the sides as the books name
//! them, a group of pieces told by count and name, and what a die needs.

use engine::Seat;

/// A side as the books name it: "British", "Patriot".
pub fn side(s: Seat) -> &'static str {
    ["British", "Patriot"][s as usize]
}

/// A side as the subject of a log line: "The British", "The Patriots".
pub fn the_side(s: Seat) -> &'static str {
    ["The British", "The Patriots"][s as usize]
}

/// A group of pieces by their labels: the one piece's label, or how many
/// with each label ("3 pieces (Smith and Regular ×2)").
pub fn pieces<S: AsRef<str>>(labels: impl IntoIterator<Item = S>) -> String {
    let mut counted: Vec<(S, usize)> = Vec::new();
    for l in labels {
        match counted.iter_mut().find(|(x, _)| x.as_ref() == l.as_ref()) {
            Some((_, n)) => *n += 1,
            None => counted.push((l, 1)),
        }
    }
    let total: usize = counted.iter().map(|(_, n)| n).sum();
    let each = counted.iter().map(|(l, n)| match n {
        1 => l.as_ref().to_string(),
        _ => format!("{} ×{n}", l.as_ref()),
    });
    match total {
        1 => engine::log::list(each),
        _ => format!("{total} pieces ({})", engine::log::list(each)),
    }
}

/// A number of dice: "1 die", "3 dice".
pub fn dice(n: impl Into<usize>) -> String {
    match n.into() {
        1 => "1 die".into(),
        n => format!("{n} dice"),
    }
}

/// The faces a die needs when it needs `n` or more: "6", "5 or 6", "4-6".
pub fn at_least(n: u8) -> String {
    match n {
        6.. => "6".into(),
        5 => "5 or 6".into(),
        _ => format!("{}-6", n.max(1)),
    }
}

/// What each die of a roll needed to hit, given each die's lowest hit:
/// "needs 4-6 to hit", or "2 need 4-6, 1 needs 5 or 6 to hit".
pub fn needs(lowest: &[u8]) -> String {
    let mut groups: Vec<(u8, usize)> = Vec::new();
    for &n in lowest {
        match groups.iter_mut().find(|g| g.0 == n) {
            Some(g) => g.1 += 1,
            None => groups.push((n, 1)),
        }
    }
    match groups.as_slice() {
        [(n, _)] => format!("needs {} to hit", at_least(*n)),
        _ => {
            let each: Vec<String> = groups
                .iter()
                .map(|(n, k)| format!("{k} {} {}", if *k == 1 { "needs" } else { "need" }, at_least(*n)))
                .collect();
            format!("{} to hit", each.join(", "))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_and_needs_read_as_sentences() {
        assert_eq!(pieces(["Smith"]), "Smith");
        assert_eq!(
            pieces(["Smith", "Regular", "Regular"]),
            "3 pieces (Smith and Regular ×2)"
        );
        assert_eq!(needs(&[4, 4]), "needs 4-6 to hit");
        assert_eq!(needs(&[4, 4, 5]), "2 need 4-6, 1 needs 5 or 6 to hit");
        assert_eq!(needs(&[4, 5, 5]), "1 needs 4-6, 2 need 5 or 6 to hit");
        assert_eq!(
            (dice(1usize), dice(0usize), dice(3usize)),
            ("1 die".into(), "0 dice".to_string(), "3 dice".to_string())
        );
        assert_eq!(needs(&[6]), "needs 6 to hit");
        assert_eq!((side(1), the_side(1)), ("Patriot", "The Patriots"));
    }
}
