//! The Terrain Effects Chart against 13.x, 15.74, 15.75, 18.32 and 20.63.

use fiw::terrain::{Cost, Defender, Kind, TerrainEffects, ROWS};

const HEAVY_5: Defender = Defender {
    strength: 5,
    light: false,
    naval: false,
};
const LIGHT_4: Defender = Defender {
    strength: 4,
    light: true,
    naval: false,
};

#[test]
fn heavy_and_light_multiples_in_wilderness() {
    // rule: fiw 15.75
    let t = TerrainEffects::embedded();
    assert_eq!(
        t.defence("wilderness", &[HEAVY_5, LIGHT_4]),
        13,
        "5 not doubled + 4 doubled"
    );
    // 15.75 "rivers don't increase the defender's strength": a river is no multiple.
    assert!(t.get("river").heavy.is_none() && t.get("river").light.is_none());
}

#[test]
fn one_multiple_at_most_tripled() {
    // rule: fiw 15.74
    let t = TerrainEffects::embedded();
    for e in &t.rows {
        for m in [e.heavy, e.light].into_iter().flatten() {
            assert!((1..=3).contains(&m), "{}: x{m}", e.id);
        }
    }
    // Doubled and tripled both occur.
    assert!(t.rows.iter().any(|e| e.heavy == Some(2)) && t.rows.iter().any(|e| e.heavy == Some(3)));
    // One multiple, the defender's best: a fortress in the mountains triples, not x9 or x6.
    let (id, strength) = t.best_defence(&["mountain", "fortress"], &[HEAVY_5, LIGHT_4]);
    assert_eq!((id, strength), ("fortress", 27));
    let (id, strength) = t.best_defence(&["wilderness", "town"], &[LIGHT_4]);
    assert_eq!(strength, 8, "{id}: either doubles a light unit");
}

#[test]
fn naval_units_are_never_multiplied() {
    // rule: fiw 20.63
    let t = TerrainEffects::embedded();
    let fleet = Defender {
        strength: 4,
        light: false,
        naval: true,
    };
    assert_eq!(t.defence("fortress", &[fleet, HEAVY_5]), 4 + 15);
}

#[test]
fn routes_and_prohibited_terrain() {
    // rule: fiw 13.51, 13.52, 13.53, 13.71
    let t = TerrainEffects::embedded();
    for light in [false, true] {
        assert_eq!(t.cost("road", light), Cost::Halves(1), "13.51 one-half");
        assert_eq!(t.cost("river", light), Cost::Halves(1), "13.52 one-half");
        assert_eq!(t.cost("lake-coast", light), Cost::Halves(1), "13.52 one-half");
        assert_eq!(t.cost("trail", light), Cost::Halves(2), "13.53 one point");
        assert_eq!(t.cost("sea", light), Cost::Prohibited);
        assert_eq!(t.cost("lake", light), Cost::Prohibited);
    }
}

#[test]
fn light_units_move_at_least_as_easily() {
    // rule: fiw 17.9, 13.2
    let t = TerrainEffects::embedded();
    for (id, kind) in ROWS {
        if kind != Kind::Terrain || t.cost(id, false) == Cost::Prohibited {
            continue;
        }
        let (Cost::Halves(heavy), Cost::Halves(light)) = (t.cost(id, false), t.cost(id, true)) else {
            panic!("{id}: a cost for both")
        };
        assert!(light <= heavy, "{id}");
    }
    assert!(
        matches!((t.cost("wilderness", false), t.cost("wilderness", true)), (Cost::Halves(h), Cost::Halves(l)) if l < h)
    );
}

#[test]
fn forage_values() {
    // rule: fiw 18.32, 10.71
    let t = TerrainEffects::embedded();
    // Ruling fiw #20: all-sea squares forage 0.
    assert_eq!(t.forage("sea", &[]), 0);
    // 18.32: wilderness and rough feed little (one Indian or light detachment forages there free).
    assert!(t.forage("wilderness", &[]) <= 1 && t.forage("rough", &[]) <= 1);
    // 10.71 recruits are placed in cities and towns up to the forage value: at least one.
    assert!(t.forage("wilderness", &["town"]) >= 1);
    assert!(t.forage("clear", &["city"]) > t.forage("clear", &[]));
    // A fort adds no forage of its own.
    assert_eq!(t.forage("wilderness", &["fort"]), t.forage("wilderness", &[]));
}
