//! Text renderings shared by the commands and interactive play.

use engine::{AnyGame, Entry, Piece, TableView};
use serde_json::Value;
use std::fmt::Write;

/// A log entry: `text  [rule R] (dice d,d,d)`, leaving out what it lacks.
pub fn entry(e: &Entry) -> String {
    let mut s = e.text.clone();
    if !e.rule.is_empty() {
        let _ = write!(s, "  [rule {}]", e.rule);
    }
    if !e.dice.is_empty() {
        let dice: Vec<String> = e.dice.iter().map(u8::to_string).collect();
        let _ = write!(s, " (dice {})", dice.join(","));
    }
    s
}

/// `game over: british wins — reason  [rule R]`, with the victory level in
/// brackets for a title that has levels (`french wins (continental)`), or
/// `None` while the game goes on.
pub fn outcome(game: &dyn AnyGame) -> Option<String> {
    let o = game.outcome()?;
    let mut who = match game.winner_name() {
        Some(w) => format!("{w} wins"),
        None => "draw".to_string(),
    };
    if let Some(level) = &o.level {
        let _ = write!(who, " ({level})");
    }
    let mut s = format!("game over: {who} — {}", o.reason);
    if !o.rule.is_empty() {
        let _ = write!(s, "  [rule {}]", o.rule);
    }
    Some(s)
}

/// What is asked now: the outcome, or one line per seat that must act, with
/// its prompt for the seat `viewer` only. A prompt is its seat's own: FIW's
/// secret purchases list the seat's draft in it (ruling fiw #30), and
/// `act --as french` printed the British one.
pub fn asked(game: &dyn AnyGame, viewer: Option<&str>) -> Vec<String> {
    if let Some(o) = outcome(game) {
        return vec![o];
    }
    let mut lines = Vec::new();
    for seat in game.to_act() {
        match game.prompt(seat) {
            Ok(Some(p)) if viewer == Some(seat) => {
                lines.push(format!("{seat} to act: {}{}", p.text, rule_suffix(&p.rule)))
            }
            _ => lines.push(format!("{seat} to act")),
        }
    }
    if lines.is_empty() {
        lines.push("nobody must act".to_string());
    }
    lines
}

/// The standing offer of a draw (FIW 29.3) and how to answer it.
pub fn draw_offer(game: &dyn AnyGame) -> Option<String> {
    let by = game.draw_offer()?;
    let rule = game.info().agreed_draw.unwrap_or_default();
    let others: Vec<&str> = game.info().seats.iter().copied().filter(|s| *s != by).collect();
    let seat = if others.len() == 1 { others[0] } else { "SEAT" };
    Some(format!(
        "draw offered by {by}{}: {} accepts with `draw --as {seat}`, declines with `--decline`; a move lapses it",
        rule_suffix(rule),
        others.join(" or ")
    ))
}

/// A legal action as `legal` lists it: its id and label, and what the
/// rules warn of before it is taken (the browser asks to confirm it).
pub fn choice(a: &engine::ActionInfo) -> String {
    match &a.warning {
        Some(w) => format!("{} {}  [warning: {w}]", a.id, a.label),
        None => format!("{} {}", a.id, a.label),
    }
}

pub fn rule_suffix(rule: &str) -> String {
    if rule.is_empty() {
        String::new()
    } else {
        format!("  [rule {rule}]")
    }
}

/// The view keys that say where the game stands, in this order.
const WHEN_KEYS: [&str; 3] = ["year", "turn", "phase"];

/// `year: 1776  turn: 3  phase: movement` from those view keys that exist.
pub fn when(view: &Value) -> Option<String> {
    let parts: Vec<String> = WHEN_KEYS
        .iter()
        .filter_map(|k| {
            view.get(*k)
                .filter(|v| !v.is_null())
                .map(|v| format!("{k}: {}", scalar(v)))
        })
        .collect();
    (!parts.is_empty()).then(|| parts.join("  "))
}

/// A seat's view as a player reads it: the facts, then each space with its
/// pieces and markers, then the hands (engine::TableView, which every
/// title's view holds); a view without it falls back to [`raw`].
pub fn view(v: &Value) -> String {
    match serde_json::from_value::<TableView>(v.clone()) {
        Ok(t) => table(&t),
        Err(_) => raw(v),
    }
}

fn table(t: &TableView) -> String {
    let mut out = String::new();
    for f in &t.facts {
        let _ = writeln!(out, "{}: {}{}", f.label, f.value, rule_suffix(&f.rule));
    }
    // Spaces in the order the title lists their pieces, then markers' own.
    type Items = Vec<(String, usize)>;
    let mut spaces: Vec<(&str, &str, Items)> = Vec::new();
    fn slot<'a>(spaces: &mut Vec<(&'a str, &'a str, Items)>, id: &'a str, name: &'a str) -> usize {
        match spaces.iter().position(|s| s.0 == id) {
            Some(i) => i,
            None => {
                spaces.push((id, name, Vec::new()));
                spaces.len() - 1
            }
        }
    }
    for p in &t.board.pieces {
        let i = slot(&mut spaces, &p.space, &p.space_name);
        spaces[i].2.push((piece(p), p.count as usize));
    }
    for m in &t.board.markers {
        let i = slot(&mut spaces, &m.space, &m.space_name);
        spaces[i].2.push((format!("[{}]{}", m.name, section(&m.rule)), 1));
    }
    if !spaces.is_empty() {
        out.push('\n');
    }
    for (_, name, items) in &spaces {
        let _ = writeln!(out, "{}: {}", engine::log::capitalised(name), alike(items).join("; "));
    }
    if !t.board.hands.is_empty() {
        out.push('\n');
    }
    for h in &t.board.hands {
        let seat = engine::log::capitalised(&h.seat);
        match &h.cards {
            Some(cards) if cards.is_empty() => {
                let _ = writeln!(out, "{seat}'s hand: no cards");
            }
            Some(cards) => {
                let names: Vec<&str> = cards.iter().map(|c| c.name.as_str()).collect();
                let _ = writeln!(out, "{seat}'s hand: {}", names.join(", "));
            }
            None => {
                let _ = writeln!(out, "{seat}'s hand: {}, face down", engine::log::count(h.count, "card"));
            }
        }
    }
    out
}

/// Items written alike counted once, their counts added, in their first
/// order: `7 × British Regular` (two piles of 2 alike backs: `4 × ...`).
fn alike(items: &[(String, usize)]) -> Vec<String> {
    let mut counted: Vec<(&String, usize)> = Vec::new();
    for (item, k) in items {
        match counted.iter_mut().find(|(i, _)| *i == item) {
            Some((_, n)) => *n += k,
            None => counted.push((item, *k)),
        }
    }
    counted
        .into_iter()
        .map(|(i, n)| if n > 1 { format!("{n} × {i}") } else { i.clone() })
        .collect()
}

/// `British Washington 3/4 C3 (moved)`, or `American block`: a piece (or each of a pile of alike backs, `alike` counts them), with
/// its nation where not its side's (Liberty's French blocks, FIW's
/// Spanish) and, on a back that shows no name, its kind (FIW 2.3: "French
/// regular", "Spanish provincial").
fn piece(p: &Piece) -> String {
    // A back's nation may only repeat its kind (FIW's leaders' backs have
    // a leader's colour), and a name may say its nation already (Give Me
    // Liberty!'s "Mohawk Indian unit"): then the side. Liberty's Loyalist foot
    // and Indians read "Loyalist Peters", "Indian Cherokee".
    let nation = p.nation.as_deref().filter(|n| {
        let back = p.name.is_empty() && Some(*n) == p.kind.as_deref();
        !back && !p.name.to_lowercase().contains(&n.to_lowercase())
    });
    let side = engine::log::capitalised(nation.unwrap_or(&p.side));
    let name = match (p.name.as_str(), &p.kind) {
        ("", Some(kind)) => kind.as_str(),
        ("", None) => "piece",
        (name, _) => name,
    };
    // (Give Me Liberty!'s "British unit", "experienced British unit" say
    // their side already.)
    let mut s = if name.starts_with(&format!("{side} ")) || name.contains(&format!(" {side} ")) {
        name.to_string()
    } else {
        format!("{side} {name}")
    };
    if let Some(st) = p.strength {
        let _ = write!(s, " {}/{}", st.now, st.max);
    }
    if let Some(r) = &p.rating {
        let _ = write!(s, " {r}");
    }
    if !p.states.is_empty() {
        let _ = write!(s, " ({})", p.states.join(", "));
    }
    s
}

fn section(rule: &str) -> String {
    if rule.is_empty() {
        String::new()
    } else {
        format!(" ({rule})")
    }
}

/// A generic readable rendering of any JSON view: one `key: value` line per
/// top-level key (year, turn and phase first), nested objects indented,
/// arrays of scalars on one line and arrays of objects one compact item a
/// line.
pub fn raw(v: &Value) -> String {
    let mut out = String::new();
    match v {
        Value::Object(map) => {
            let first = WHEN_KEYS.iter().filter_map(|k| map.get_key_value(*k));
            let rest = map.iter().filter(|(k, _)| !WHEN_KEYS.contains(&k.as_str()));
            for (k, val) in first.chain(rest) {
                field(&mut out, 0, k, val);
            }
        }
        other => out.push_str(&serde_json::to_string_pretty(other).unwrap_or_default()),
    }
    out
}

fn field(out: &mut String, depth: usize, key: &str, v: &Value) {
    let pad = "  ".repeat(depth);
    match v {
        Value::Object(map) if !map.is_empty() => {
            let _ = writeln!(out, "{pad}{key}:");
            for (k, val) in map {
                field(out, depth + 1, k, val);
            }
        }
        Value::Array(items) if items.iter().any(|i| i.is_object() || i.is_array()) => {
            let _ = writeln!(out, "{pad}{key}: ({})", items.len());
            for item in items {
                let _ = writeln!(out, "{pad}  - {}", compact(item));
            }
        }
        other => {
            let _ = writeln!(out, "{pad}{key}: {}", compact(other));
        }
    }
}

/// One line: strings unquoted, objects as `{k: v, ...}`, arrays as `[a, b]`.
pub fn compact(v: &Value) -> String {
    match v {
        Value::Array(items) => format!("[{}]", items.iter().map(compact).collect::<Vec<_>>().join(", ")),
        Value::Object(map) => format!(
            "{{{}}}",
            map.iter()
                .map(|(k, v)| format!("{k}: {}", compact(v)))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        other => scalar(other),
    }
}

fn scalar(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Null => "-".to_string(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_choice_shows_its_warning() {
        let mut a = engine::ActionInfo {
            id: "done".into(),
            label: "End the activations (5 left unused)".into(),
            target: None,
            group: None,
            warning: None,
            irreversible: false,
        };
        assert_eq!(choice(&a), "done End the activations (5 left unused)");
        a.warning = Some("5 activations unused: ending the activations loses them".into());
        assert_eq!(
            choice(&a),
            "done End the activations (5 left unused)  [warning: 5 activations unused: ending the activations loses them]"
        );
    }

    #[test]
    fn entries_show_rule_and_dice_only_when_present() {
        let mut e = Entry {
            text: "Boston besieged".into(),
            rule: "8.2".into(),
            dice: vec![3, 5, 1],
            audience: engine::Audience::All,
            path: Vec::new(),
        };
        assert_eq!(entry(&e), "Boston besieged  [rule 8.2] (dice 3,5,1)");
        e.rule = "".into();
        e.dice.clear();
        assert_eq!(entry(&e), "Boston besieged");
    }

    /// FIW's backs show no name but their colours (2.3, ruling fiw #35):
    /// the text says them, and piles of alike backs add up.
    // rule: fiw 2.3, 27.1
    #[test]
    fn backs_read_by_their_kind_and_nation() {
        let back = |kind: &str, nation: &str, count: u32| {
            json!({"space": "q", "space_name": "Quebec", "side": "french", "face": "back", "name": "",
                   "kind": kind, "nation": nation, "count": count})
        };
        let v = json!({"facts": [], "board": {"pieces": [
            back("regular", "french", 2), back("regular", "french", 2), back("leader", "leader", 1),
            back("provincial", "spanish", 1)]}});
        let text = view(&v);
        assert!(
            text.contains("Quebec: 4 × French regular; French leader; Spanish provincial"),
            "{text}"
        );
        let named = json!({"facts": [], "board": {"pieces": [
            {"space": "ny", "space_name": "New York", "side": "british", "face": "up", "name": "British unit"}]}});
        assert!(view(&named).contains("New York: British unit\n"), "{}", view(&named));
    }

    /// Liberty's Loyalist foot and Indians say their nation (audit of
    /// session 40: they read "British Peters"); a name that says it
    /// already keeps its side.
    // rule: liberty 12.0
    #[test]
    fn named_pieces_say_their_nation_once() {
        let up = |name: &str, kind: &str, nation: &str| {
            json!({"space": "c", "space_name": "Charleston", "side": "british", "face": "up", "name": name,
                   "kind": kind, "nation": nation})
        };
        let v = json!({"facts": [], "board": {"pieces": [
            up("Peters", "loyalist", "loyalist"), up("Cherokee", "indian", "indian"),
            up("Mohawk Indian unit", "indian", "indian")]}});
        let text = view(&v);
        assert!(
            text.contains("Charleston: Loyalist Peters; Indian Cherokee; British Mohawk Indian unit"),
            "{text}"
        );
    }

    #[test]
    fn views_render_key_value_lines() {
        let v = json!({"year": 1776, "phase": "move", "cards": ["a", "b"],
                       "blocks": [{"id": "x", "str": 3}], "score": {"british": 2}, "hidden": null});
        let text = raw(&v);
        assert!(text.starts_with("year: 1776\nphase: move\n"), "{text}");
        assert!(text.contains("cards: [a, b]\n"));
        assert!(text.contains("blocks: (1)\n  - {id: x, str: 3}\n"));
        assert!(text.contains("score:\n  british: 2\n"));
        assert!(text.contains("hidden: -\n"));
        assert_eq!(when(&v).unwrap(), "year: 1776  phase: move");
        assert_eq!(when(&json!({"x": 1})), None);
    }
}
