//! Text renderings shared by the commands and interactive play.

use engine::{AnyGame, Entry};
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

/// What is asked now: the outcome, or one line per seat that must act with its prompt.
pub fn asked(game: &dyn AnyGame) -> Vec<String> {
    if let Some(o) = outcome(game) {
        return vec![o];
    }
    let mut lines = Vec::new();
    for seat in game.to_act() {
        match game.prompt(seat) {
            Ok(Some(p)) => lines.push(format!("{seat} to act: {}{}", p.text, rule_suffix(&p.rule))),
            _ => lines.push(format!("{seat} to act")),
        }
    }
    if lines.is_empty() {
        lines.push("nobody must act".to_string());
    }
    lines
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

/// A generic readable rendering of a view: one `key: value` line per top-level
/// key (year, turn and phase first), nested objects indented, arrays of
/// scalars on one line and arrays of objects one compact item a line.
pub fn view(v: &Value) -> String {
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

    #[test]
    fn views_render_key_value_lines() {
        let v = json!({"year": 1776, "phase": "move", "cards": ["a", "b"],
                       "blocks": [{"id": "x", "str": 3}], "score": {"british": 2}, "hidden": null});
        let text = view(&v);
        assert!(text.starts_with("year: 1776\nphase: move\n"), "{text}");
        assert!(text.contains("cards: [a, b]\n"));
        assert!(text.contains("blocks: (1)\n  - {id: x, str: 3}\n"));
        assert!(text.contains("score:\n  british: 2\n"));
        assert!(text.contains("hidden: -\n"));
        assert_eq!(when(&v).unwrap(), "year: 1776  phase: move");
        assert_eq!(when(&json!({"x": 1})), None);
    }
}
