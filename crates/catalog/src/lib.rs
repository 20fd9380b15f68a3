//! Every title Powderhorn offers, for callers that handle them alike.

use engine::{AnyGame, SaveError, SaveFile, Setup, TitleEntry, TitleInfo};

/// All titles, in the order menus show them.
pub fn titles() -> Vec<TitleEntry> {
    vec![
        TitleEntry::of::<liberty::Liberty>(),
        TitleEntry::of::<b2c::B2c>(),
        TitleEntry::of::<bh::Bh>(),
        TitleEntry::of::<gml::Gml>(),
        TitleEntry::of::<fiw::Fiw>(),
        #[cfg(feature = "testkit")]
        TitleEntry::of::<engine::testkit::muster::Muster>(),
        #[cfg(feature = "testkit")]
        TitleEntry::of::<engine::testkit::raid::Raid>(),
    ]
}

/// The bots and the simulator for a title.
pub fn ai(key: &str) -> Option<ai::AiEntry> {
    match key {
        "liberty" => Some(ai::AiEntry::of::<liberty::Liberty>()),
        "b2c" => Some(ai::AiEntry::of::<b2c::B2c>()),
        "bh" => Some(ai::AiEntry::of::<bh::Bh>()),
        "gml" => Some(ai::AiEntry::of::<gml::Gml>()),
        "fiw" => Some(ai::AiEntry::of::<fiw::Fiw>()),
        #[cfg(feature = "testkit")]
        "muster" => Some(ai::AiEntry::of::<engine::testkit::muster::Muster>()),
        #[cfg(feature = "testkit")]
        "raid" => Some(ai::AiEntry::of::<engine::testkit::raid::Raid>()),
        _ => None,
    }
}

pub fn title(key: &str) -> Option<TitleEntry> {
    titles().into_iter().find(|t| (t.info)().key == key)
}

#[derive(Debug, PartialEq)]
pub enum CatalogError {
    UnknownTitle(String),
    UnknownScenario(String),
}

impl std::fmt::Display for CatalogError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let keys: Vec<String> = titles()
            .iter()
            .flat_map(|t| {
                let i: &TitleInfo = (t.info)();
                i.scenarios.iter().map(move |s| format!("{}/{}", i.key, s.key))
            })
            .collect();
        match self {
            CatalogError::UnknownTitle(t) => write!(f, "unknown title '{t}' (known: {})", keys.join(", ")),
            CatalogError::UnknownScenario(s) => write!(f, "unknown scenario '{s}' (known: {})", keys.join(", ")),
        }
    }
}

impl std::error::Error for CatalogError {}

/// Split "liberty/1775" into its title entry and scenario key.
pub fn scenario(path: &str) -> Result<(TitleEntry, String), CatalogError> {
    let (t, s) = path
        .split_once('/')
        .ok_or_else(|| CatalogError::UnknownScenario(path.to_string()))?;
    let entry = title(t).ok_or_else(|| CatalogError::UnknownTitle(t.to_string()))?;
    if !(entry.info)().scenarios.iter().any(|x| x.key == s) {
        return Err(CatalogError::UnknownScenario(path.to_string()));
    }
    Ok((entry, s.to_string()))
}

/// Load a save file of any title.
pub fn load(save: &SaveFile) -> Result<Box<dyn AnyGame>, SaveError> {
    (entry_of(save)?.load)(save)
}

/// A save file's moves under this build's rules (`Session::trace`).
pub fn trace(save: &SaveFile) -> Result<Vec<String>, SaveError> {
    (entry_of(save)?.trace)(save)
}

fn entry_of(save: &SaveFile) -> Result<TitleEntry, SaveError> {
    title(&save.title).ok_or_else(|| SaveError::WrongTitle {
        found: save.title.clone(),
        expected: titles().iter().map(|t| (t.info)().key).collect::<Vec<_>>().join(" or "),
    })
}

/// Start a new game of "title/scenario".
pub fn new_game(
    path: &str,
    setup: impl FnOnce(String) -> Setup,
) -> Result<Box<dyn AnyGame>, Box<dyn std::error::Error>> {
    let (entry, s) = scenario(path)?;
    Ok((entry.new)(setup(s))?)
}
