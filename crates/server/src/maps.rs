//! Each title's map as every client draws it (`Title::drawing`), built once.

use engine::Drawing;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The map of a title, or `None` if the title has no map.
pub fn drawing(title: &str) -> Option<&'static Drawing> {
    static MAPS: OnceLock<BTreeMap<&'static str, Drawing>> = OnceLock::new();
    MAPS.get_or_init(|| {
        catalog::titles()
            .into_iter()
            .filter_map(|t| Some(((t.info)().key, (t.drawing)()?)))
            .collect()
    })
    .get(title)
}
