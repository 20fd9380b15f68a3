//! 12.0 Game Set-Up: the 1775 scenario.

use crate::blocks::{self, Block, Nation};
use crate::state::{Liberty, Options, Weather, FRENCH_POOL, NOT_MOVED, POOL};
use crate::turn::Stage;
use engine::{Core, Game, Setup};

/// 12.0 BRITISH: 1775 and AMERICAN: 1775 (block id, strength, location).
pub const SETUP_1775: &[(&str, u8, &str)] = &[
    ("b-howe", 3, "Boston"),
    ("b-grey", 3, "Boston"),
    ("b-grant", 3, "Boston"),
    ("b-ship-howe", 3, "Boston"),
    ("b-carleton", 2, "Québec"),
    ("b-fraser", 2, "Québec"),
    ("b-peters", 2, "Montreal"),
    ("b-cunningham", 2, "Norfolk"),
    ("b-butler", 2, "Fort Oswego"),
    ("b-tarleton", 2, "Wilmington"),
    ("b-ferguson", 2, "Augusta"),
    ("b-ship-hood", 3, "wi-british"),
    ("b-rawdon", 4, "wi-british"),
    ("b-cherokee", 2, "Cherokee"),
    ("b-mohawk", 2, "Mohawk"),
    ("b-shawnee", 1, "Shawnee"),
    ("a-washington", 2, "Springfield"),
    ("a-pickens", 3, "Springfield"),
    ("a-ward", 3, "Springfield"),
    ("a-putnam", 3, "Hartford"),
    ("a-gates", 3, "Fort Ticonderoga"),
    ("a-wooster", 2, "Newport"),
    ("a-stark", 3, "Portsmouth"),
    ("a-clinton", 3, "New York"),
    ("a-dickinson", 3, "New Brunswick"),
    ("a-sumter", 2, "Charleston"),
    ("f-ship-debarras", 3, "wi-french"),
    ("f-stsimon", 3, "wi-french"),
];

impl Liberty {
    pub fn start(setup: &Setup) -> Liberty {
        let map = crate::map::Map::embedded();
        let n = blocks::count();
        let mut g = Liberty {
            opts: Options {
                british_initiative: setup.flag("british-initiative"),
                militia_firepower: setup.flag("militia-firepower"),
                bayonet: setup.flag("bayonet"),
                pursuit: setup.flag("pursuit"),
            },
            year: 1775,
            turn: 1,
            turns_in_year: 3,
            loc: vec![POOL; n],
            strength: vec![0; n],
            count: vec![[0, 0]; map.spaces.len()],
            control: vec![2; map.spaces.len()],
            moved: 0,
            revealed: 0,
            force_marched: 0,
            by_river: 0,
            pinned: 0,
            pin_hexes: Vec::new(),
            at_sea: 0,
            entry: vec![NOT_MOVED; n],
            side_use: vec![[0, 0]; map.sides.len()],
            deployed: Vec::new(),
            attacks: Vec::new(),
            french_entered: false,
            deck: Vec::new(),
            hands: [Vec::new(), Vec::new()],
            played: [None, None],
            player1: 0,
            weather: Weather::Fair,
            offered: [false, false],
            declined: [None, None],
            routes: Vec::new(),
            frames: Vec::new(),
            stage: Stage::Cards,
            mover: blocks::BRITISH,
            core: Core::new(setup),
        };
        // 12.0 French blocks not in the set-up wait in the French pool.
        for b in 0..n as Block {
            if blocks::info(b).nation == Nation::French {
                g.loc[b as usize] = FRENCH_POOL;
            }
        }
        for &(id, s, place) in SETUP_1775 {
            let b = blocks::by_id(id).expect("set-up names a known block");
            let h = map.by_name(place).expect("set-up names a known place");
            g.loc[b as usize] = POOL;
            g.place(b, h);
            g.strength[b as usize] = s;
        }
        g.recompute_control();
        g.core.log.say("12.0", || "The 1775 campaign begins.".into());
        g.deal();
        g.advance();
        g
    }
}
