//! Dice both players can trust. The seed fixes every die and card of a game,
//! so the server draws it (a chosen seed is accepted only when every seat
//! that a person plays is the creator's, [`seed_policy`], and the game then
//! says so). At creation every seat sees a commitment, the SHA-256 of a
//! random salt and the seed ([`commitment`]); when the game ends the seed
//! and the salt are shown, and the game's record ([`record`], `GET
//! /api/games/{id}/record`) lets anyone check, with `powderhorn verify`
//! ([`verify`]), that the seed is the one committed to and that the stored
//! moves replay from it to the outcome the server announced.

use crate::games::{replay_guarded, Live};
use crate::store::{Event, EventKind, GameRow, SeatRow};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};
use std::collections::BTreeMap;

/// The record's format name (raised when its fields change meaning).
pub const RECORD_FORMAT: &str = "powderhorn-record/1";

/// `hex(SHA-256("powderhorn-seed:" salt ":" seed))`, the seed in decimal.
pub fn commitment(salt: &str, seed: u64) -> String {
    let digest = Sha256::digest(format!("powderhorn-seed:{salt}:{seed}").as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// A fresh salt: 128 random bits in hex.
pub fn new_salt() -> String {
    crate::games::new_token()
}

/// Whether the creator may choose the seed with these seat kinds: only when
/// no seat is played by somebody else (an invited friend).
pub fn seed_policy<'a>(mut kinds: impl Iterator<Item = &'a str>) -> Result<(), String> {
    if kinds.any(|k| k == "invite") {
        return Err(
            "a game with an invited player gets its seed from the server (so that neither player \
                    can know the dice beforehand): leave the seed out"
                .into(),
        );
    }
    Ok(())
}

/// What `state_json` says of the dice: the commitment always, the seed and
/// salt once the game is over, and whether a referee entered dice or draws
/// (referee mode: then the seed did not decide them all).
pub fn dice_json(row: &GameRow, over: bool, refereed: bool) -> Value {
    let committed = !row.salt.is_empty();
    serde_json::json!({
        "refereed": refereed,
        "commitment": committed.then(|| commitment(&row.salt, row.seed)),
        "seed_chosen": row.seed_chosen,
        "seed": over.then(|| row.seed.to_string()),
        "salt": (over && committed).then(|| row.salt.clone()),
    })
}

/// One stored event in a record.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct RecordEvent {
    pub seat: String,
    pub kind: String,
    #[serde(default)]
    pub action: String,
    #[serde(default)]
    pub dice: Vec<u8>,
    /// A referee's draws, by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub draws: Vec<String>,
}

/// A finished game, as `GET /api/games/{id}/record` gives it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Record {
    pub format: String,
    pub id: String,
    pub title: String,
    pub scenario: String,
    pub options: BTreeMap<String, String>,
    pub rules: String,
    /// Decimal (a u64 does not fit every JSON reader's numbers).
    pub seed: String,
    pub salt: String,
    pub commitment: String,
    pub seed_chosen: bool,
    pub events: Vec<RecordEvent>,
    /// The outcome the server announced (`Live::outcome_json`).
    pub outcome: Value,
}

/// The record of a finished game from its stored rows.
pub fn record(row: &GameRow, events: &[Event], outcome: Value) -> Record {
    Record {
        format: RECORD_FORMAT.into(),
        id: row.id.clone(),
        title: row.title.clone(),
        scenario: row.scenario.clone(),
        options: row.options.clone(),
        rules: row.rules.clone(),
        seed: row.seed.to_string(),
        salt: row.salt.clone(),
        commitment: if row.salt.is_empty() {
            String::new()
        } else {
            commitment(&row.salt, row.seed)
        },
        seed_chosen: row.seed_chosen,
        events: events
            .iter()
            .map(|e| RecordEvent {
                seat: e.seat.clone(),
                kind: e.kind.as_str().into(),
                action: e.action.clone(),
                dice: e.dice.clone(),
                draws: e.draws.clone(),
            })
            .collect(),
        outcome,
    }
}

/// What [`verify`] found.
#[derive(Debug)]
pub struct Verified {
    pub moves: usize,
    pub outcome: Value,
}

/// Check a record: the seed is the one committed to, the moves replay from
/// it under this build's rules, and they end in the outcome announced.
pub fn verify(r: &Record) -> Result<Verified, String> {
    if r.format != RECORD_FORMAT {
        return Err(format!(
            "not a game record of format {RECORD_FORMAT} (format '{}')",
            r.format
        ));
    }
    let seed: u64 = r
        .seed
        .parse()
        .map_err(|_| format!("the seed '{}' is not a number", r.seed))?;
    if r.salt.is_empty() || r.commitment.is_empty() {
        return Err("this game was made before dice were committed to: there is nothing to check".into());
    }
    let want = commitment(&r.salt, seed);
    if want != r.commitment.to_ascii_lowercase() {
        return Err(format!(
            "the seed and salt do not match the commitment: SHA-256 gives {want}, the game showed {}",
            r.commitment
        ));
    }
    let mut events = Vec::with_capacity(r.events.len());
    for (i, e) in r.events.iter().enumerate() {
        let kind = EventKind::parse(&e.kind).ok_or_else(|| format!("move {}: unknown kind '{}'", i + 1, e.kind))?;
        events.push(Event {
            seat: e.seat.clone(),
            kind,
            action: e.action.clone(),
            dice: e.dice.clone(),
            draws: e.draws.clone(),
        });
    }
    let row = GameRow {
        id: r.id.clone(),
        title: r.title.clone(),
        scenario: r.scenario.clone(),
        options: r.options.clone(),
        seed,
        rules: r.rules.clone(),
        salt: r.salt.clone(),
        seed_chosen: r.seed_chosen,
        ..GameRow::default()
    };
    let live: Live = replay_guarded(row, Vec::<SeatRow>::new(), &events)?;
    let outcome = live.outcome_json();
    if !live.is_over() {
        return Err(format!("the {} moves replay but the game is not over", events.len()));
    }
    if outcome != r.outcome {
        return Err(format!(
            "the moves replay to another outcome: {outcome} (the server announced {})",
            r.outcome
        ));
    }
    Ok(Verified {
        moves: events.len(),
        outcome,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_is_sha256_of_salt_and_seed() {
        // sha256("powderhorn-seed:ab:7"), computed independently with
        // `printf 'powderhorn-seed:ab:7' | sha256sum`.
        assert_eq!(
            commitment("ab", 7),
            "a667ddd22b0c384b021360db517062db0b4221371579cef1291af70c51134b99"
        );
        assert_ne!(commitment("ab", 7), commitment("ab", 8));
    }

    #[test]
    fn a_chosen_seed_is_refused_with_an_invited_player() {
        assert!(seed_policy(["me", "computer:hard"].into_iter()).is_ok());
        assert!(seed_policy(["hotseat", "hotseat"].into_iter()).is_ok());
        assert!(seed_policy(["me", "invite"].into_iter()).is_err());
    }
}
