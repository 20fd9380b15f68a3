//! Map data for the browser's renderers: each title's `Game::map_json`,
//! built once.

use serde_json::Value;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The map of a title as JSON, or `None` if the title has no map renderer.
pub fn map_json(title: &str) -> Option<&'static Value> {
    static MAPS: OnceLock<BTreeMap<&'static str, Value>> = OnceLock::new();
    MAPS.get_or_init(|| {
        catalog::titles()
            .into_iter()
            .filter_map(|t| Some(((t.info)().key, (t.map_json)()?)))
            .collect()
    })
    .get(title)
}
