//! The counter mix and the leaders against what the rules print and what
//! the three scenarios (35.1-35.3) set up.

use engine::Seat;
use fiw::forces::{Face, Forces, Lightness, Nation, Size, UnitType, BRITISH, FRENCH};
use UnitType::*;

/// Units a set-up line asks for: every one must find its own counter.
#[derive(Clone, Copy)]
struct Need {
    side: Seat,
    nation: Nation,
    /// `None`: regular or provincial.
    regular: Option<bool>,
    home: Option<&'static str>,
    types: &'static [UnitType],
    size: Size,
    /// `None`: either side of the counter ("either type").
    light: Option<bool>,
    combat: Option<u8>,
    n: u32,
}

impl Need {
    fn fits(&self, f: &Face) -> bool {
        f.side == self.side
            && f.nation == self.nation
            && self.regular.is_none_or(|r| r == f.regular)
            && self.home.is_none_or(|h| f.home.as_deref() == Some(h))
            && self.types.contains(&f.kind)
            && f.size == self.size
            && self.light.is_none_or(|l| (f.light == Lightness::Light) == l)
            && self.combat.is_none_or(|c| f.combat == c)
    }
}

fn regular(side: Seat, types: &'static [UnitType], size: Size, n: u32) -> Need {
    let nation = if side == BRITISH {
        Nation::British
    } else {
        Nation::French
    };
    let light = Some(types == [Light]);
    Need {
        side,
        nation,
        regular: Some(true),
        home: None,
        types,
        size,
        light,
        combat: None,
        n,
    }
}

fn provincial(side: Seat, home: &'static str, types: &'static [UnitType], size: Size, n: u32) -> Need {
    let light = match types {
        [Line] | [Dragoons] => Some(false),
        [Light] | [Militia] | [Rangers] => Some(true),
        _ => None,
    };
    Need {
        side,
        nation: if side == BRITISH {
            Nation::British
        } else {
            Nation::French
        },
        regular: Some(false),
        home: Some(home),
        types,
        size,
        light,
        combat: None,
        n,
    }
}

fn militia(side: Seat, home: &'static str, n: u32) -> Need {
    provincial(side, home, &[Militia], Size::Regiment, n)
}

fn indians(side: Seat, n: u32) -> Need {
    Need {
        side,
        nation: Nation::Indian,
        regular: Some(false),
        home: None,
        types: &[Indians],
        size: Size::Warband,
        light: Some(true),
        combat: None,
        n,
    }
}

/// 35.1-35.3 5.0: the Spanish set-up, the same in every scenario.
fn spanish() -> Vec<Need> {
    let mut line = regular(FRENCH, &[Line], Size::Regiment, 2);
    line.nation = Nation::Spanish;
    let light = Need {
        nation: Nation::Spanish,
        regular: None,
        home: None,
        ..regular(FRENCH, &[Light], Size::Regiment, 1)
    };
    let mut m = militia(FRENCH, "florida", 3);
    m.nation = Nation::Spanish;
    vec![line, light, m]
}

/// The British colonies' militia the three scenarios all set up (35.x 3.4/4.4).
fn colonial_militia(skip: &[&str]) -> Vec<Need> {
    let one = [
        "rhode-island",
        "new-hampshire",
        "pennsylvania",
        "maryland",
        "new-jersey",
        "delaware",
        "virginia",
        "north-carolina",
        "south-carolina",
        "georgia",
        "nova-scotia",
    ];
    let mut v: Vec<Need> = one
        .iter()
        .filter(|c| !skip.contains(c))
        .map(|c| militia(BRITISH, c, 1))
        .collect();
    v.push(militia(BRITISH, "massachusetts", 3));
    v.push(militia(BRITISH, "connecticut", 2));
    v.push(militia(BRITISH, "new-york", 2));
    v.push(provincial(BRITISH, "hudsons-bay", &[Militia], Size::Detachment, 1));
    v
}

fn scenario_1() -> Vec<Need> {
    use Size::*;
    let mut v = vec![
        // 3.3 British European units.
        regular(BRITISH, &[Line], Regiment, 2),
        regular(BRITISH, &[SiegeTrain], Regiment, 1),
        regular(BRITISH, &[Fleet], Squadron, 2),
        regular(BRITISH, &[Line], Detachment, 7),
        // 3.4 British provincial units.
        provincial(BRITISH, "massachusetts", &[Line], Regiment, 1),
        provincial(BRITISH, "massachusetts", &[Light], Regiment, 1),
        provincial(BRITISH, "virginia", &[Light], Regiment, 1),
        // 4.3 French European units.
        regular(FRENCH, &[Line], Regiment, 2),
        regular(FRENCH, &[SiegeTrain], Regiment, 3),
        regular(FRENCH, &[Fleet], Squadron, 1),
        regular(FRENCH, &[Line], Detachment, 6),
        regular(FRENCH, &[Light], Detachment, 12),
        regular(FRENCH, &[Light], Regiment, 1),
        // 4.4 French provincial units.
        militia(FRENCH, "new-france", 4),
        militia(FRENCH, "louisiana", 2),
        provincial(FRENCH, "new-france", &[Light], Regiment, 1),
        provincial(FRENCH, "new-france", &[Militia], Detachment, 4),
        provincial(FRENCH, "louisiana", &[Militia], Detachment, 3),
        // 4.5 one "4-6" Indian unit at Fort Duquesne.
        Need {
            combat: Some(4),
            ..indians(FRENCH, 1)
        },
    ];
    v.extend(colonial_militia(&[]));
    v.extend(spanish());
    v
}

fn scenario_2() -> Vec<Need> {
    use Size::*;
    let either: &[UnitType] = &[Line, Light];
    let mut v = vec![
        // 3.3
        regular(BRITISH, &[Line], Regiment, 5),
        regular(BRITISH, &[SiegeTrain], Regiment, 1),
        regular(BRITISH, &[Fleet], Squadron, 2),
        regular(BRITISH, &[Line], Detachment, 5),
        // 3.4
        provincial(BRITISH, "massachusetts", &[Line], Regiment, 2),
        provincial(BRITISH, "massachusetts", &[Rangers], Regiment, 1),
        provincial(BRITISH, "connecticut", &[Line], Regiment, 2),
        provincial(BRITISH, "new-york", &[Light], Regiment, 1),
        provincial(BRITISH, "new-york", either, Regiment, 1),
        provincial(BRITISH, "new-jersey", either, Regiment, 1),
        provincial(BRITISH, "new-hampshire", &[Rangers], Regiment, 1),
        provincial(BRITISH, "new-york", &[Line], Regiment, 1),
        provincial(BRITISH, "virginia", &[Light], Regiment, 1),
        // 4.3
        regular(FRENCH, &[Line], Regiment, 12),
        regular(FRENCH, &[Light], Regiment, 3),
        regular(FRENCH, &[SiegeTrain], Regiment, 5),
        regular(FRENCH, &[Engineers], Detachment, 1),
        regular(FRENCH, &[Fleet], Squadron, 1),
        regular(FRENCH, &[Line], Detachment, 6),
        regular(FRENCH, &[Light], Detachment, 12),
        // 4.4
        militia(FRENCH, "new-france", 5),
        militia(FRENCH, "louisiana", 2),
        provincial(FRENCH, "new-france", &[Line], Regiment, 1),
        provincial(FRENCH, "new-france", &[Light], Regiment, 1),
        provincial(FRENCH, "new-france", &[Militia], Detachment, 2),
        provincial(FRENCH, "louisiana", &[Militia], Detachment, 3),
        // 4.5 Ticonderoga, Fort Duquesne, a village.
        indians(FRENCH, 3),
    ];
    v.extend(colonial_militia(&[]));
    v.extend(spanish());
    v
}

fn scenario_3() -> Vec<Need> {
    use Size::*;
    let either: &[UnitType] = &[Line, Light];
    let mut v = vec![
        // 3.3
        regular(FRENCH, &[Line], Regiment, 13),
        regular(FRENCH, &[Light], Regiment, 4),
        regular(FRENCH, &[SiegeTrain], Regiment, 3),
        regular(FRENCH, &[Engineers], Detachment, 1),
        regular(FRENCH, &[Line], Detachment, 6),
        regular(FRENCH, &[Light], Detachment, 12),
        // 3.4
        militia(FRENCH, "new-france", 5),
        provincial(FRENCH, "new-france", &[Militia], Detachment, 1),
        militia(FRENCH, "louisiana", 3),
        provincial(FRENCH, "louisiana", &[Militia], Detachment, 3),
        provincial(FRENCH, "new-france", &[Light], Regiment, 1),
        provincial(FRENCH, "new-france", &[Dragoons], Regiment, 1),
        provincial(FRENCH, "new-france", &[Line], Regiment, 1),
        provincial(FRENCH, "louisiana", &[Light], Regiment, 1),
        // 3.5 and 4.5: any counter serves either side (25.1).
        indians(FRENCH, 3),
        indians(BRITISH, 1),
        // 4.3
        regular(BRITISH, &[Grenadiers], Regiment, 1),
        regular(BRITISH, &[Line], Regiment, 15),
        regular(BRITISH, &[Light], Regiment, 6),
        regular(BRITISH, &[SiegeTrain], Regiment, 4),
        regular(BRITISH, &[Engineers], Detachment, 1),
        regular(BRITISH, &[Fleet], Squadron, 3),
        regular(BRITISH, &[Line], Detachment, 5),
        // 4.4
        provincial(BRITISH, "massachusetts", &[Rangers], Regiment, 1),
        provincial(BRITISH, "massachusetts", &[Engineers], Detachment, 1),
        provincial(BRITISH, "massachusetts", &[Line], Regiment, 1),
        provincial(BRITISH, "connecticut", either, Regiment, 2),
        provincial(BRITISH, "new-york", either, Regiment, 3),
        provincial(BRITISH, "massachusetts", either, Regiment, 2),
        provincial(BRITISH, "new-hampshire", &[Rangers], Regiment, 1),
        provincial(BRITISH, "pennsylvania", either, Regiment, 1),
        provincial(BRITISH, "connecticut", &[Line], Regiment, 1),
        provincial(BRITISH, "new-york", &[Line], Regiment, 1),
        provincial(BRITISH, "virginia", &[Light], Regiment, 1),
    ];
    v.extend(colonial_militia(&[]));
    v.extend(spanish());
    v
}

/// Gives every needed unit its own counter (either face), by augmenting
/// paths; returns the needs left without one.
fn unmatched(forces: &Forces, needs: &[Need]) -> Vec<String> {
    // One slot per counter.
    let mut slots: Vec<Vec<&Face>> = Vec::new();
    for c in &forces.counters {
        for _ in 0..c.count {
            slots.push(forces.faces_of(c).collect());
        }
    }
    let units: Vec<(usize, &Need)> = needs
        .iter()
        .enumerate()
        .flat_map(|(i, n)| (0..n.n).map(move |_| (i, n)))
        .collect();
    let mut owner: Vec<Option<usize>> = vec![None; slots.len()];
    fn augment(
        u: usize,
        units: &[(usize, &Need)],
        slots: &[Vec<&Face>],
        owner: &mut [Option<usize>],
        seen: &mut [bool],
    ) -> bool {
        for s in 0..slots.len() {
            if seen[s] || !slots[s].iter().any(|f| units[u].1.fits(f)) {
                continue;
            }
            seen[s] = true;
            if owner[s].is_none_or(|o| augment(o, units, slots, owner, seen)) {
                owner[s] = Some(u);
                return true;
            }
        }
        false
    }
    let mut missing = Vec::new();
    for u in 0..units.len() {
        let mut seen = vec![false; slots.len()];
        if !augment(u, &units, &slots, &mut owner, &mut seen) {
            let n = units[u].1;
            missing.push(format!(
                "need #{}: {:?} {:?} {:?} {:?}",
                units[u].0, n.nation, n.home, n.types, n.size
            ));
        }
    }
    missing
}

#[test]
fn every_scenario_set_up_fits_in_the_counter_mix() {
    // rule: fiw 10.72, 35.1, 35.2, 35.3
    let f = Forces::embedded();
    for (name, needs) in [("35.1", scenario_1()), ("35.2", scenario_2()), ("35.3", scenario_3())] {
        let missing = unmatched(&f, &needs);
        assert!(missing.is_empty(), "{name}: no counter for {missing:?}");
    }
    // The matching is not vacuous: one more grenadier regiment than the mix holds does not fit.
    let grenadiers = f.count(|c| c.kind == Grenadiers && c.side == BRITISH);
    let too_many = vec![regular(BRITISH, &[Grenadiers], Size::Regiment, grenadiers + 1)];
    assert_eq!(unmatched(&f, &too_many).len(), 1);
}

#[test]
fn every_leader_the_rules_and_scenarios_name_exists_on_his_side() {
    // rule: fiw 2.31, 17.1
    let f = Forces::embedded();
    let british = [
        "Aber",
        "Abercromby",
        "Loudon",
        "Amherst",
        "Moncton",
        "Bouquet",
        "Bouget",
        "Monro",
        "Braddock",
        "Rogers",
        "Shirley",
        "Dinw",
        "Dinwiddie",
        "Dinwiddy",
        "Washing",
        "Washington",
        "Howe",
        "Wolfe",
        "Johnson",
    ];
    let french = [
        "Bougain",
        "Bougainville",
        "De Vill",
        "De Villieres",
        "Druc",
        "Drucour",
        "Drucor",
        "De Bour",
        "De Bourlamaque",
        "Lang",
        "Langlade",
        "De Ker",
        "De Kerlerec",
        "Marin",
        "De Levis",
        "Mont",
        "Moncalm",
        "Montcalm",
        "De Vaud",
        "De Vaudrielle",
        "de Vaudreil",
        "Picquet",
    ];
    for (names, side) in [
        (&british[..], Some(BRITISH)),
        (&french[..], Some(FRENCH)),
        (&["Pontiac", "Chief"][..], None),
    ] {
        for n in names {
            let l = f.leader(n).unwrap_or_else(|| panic!("no leader '{n}'"));
            assert_eq!(l.side, side, "{n}");
        }
    }
    for side in [BRITISH, FRENCH] {
        let brigadiers: Vec<_> = f
            .leaders
            .iter()
            .filter(|l| l.name == "Brigadier" && l.side == Some(side))
            .collect();
        assert_eq!(brigadiers.len(), 1, "one generic brigadier row per side");
        assert!(!brigadiers[0].named(), "17.8 brigadiers may be recruited again");
    }
    assert!(f.leader("wolfe").unwrap().named());
}

#[test]
fn printed_ratings_are_kept() {
    // rule: fiw 17.21, 35.3
    let f = Forces::embedded();
    assert_eq!(
        f.leader("Washington").unwrap().military,
        1,
        "17.21 Washington's military value of 1"
    );
    let b = f.leader("british-brigadier").unwrap();
    assert_eq!((b.military, b.diplomacy), (1, 0), "35.3 4.3 'Brigadier (1-0)'");
    // 16.32 a leader with a 0 diplomacy value exists (it still negotiates).
    assert!(f.leaders.iter().any(|l| l.diplomacy == 0));
}

#[test]
fn provincial_leaders_belong_to_the_colonies_the_scenarios_put_them_in() {
    // rule: fiw 17.6
    let f = Forces::embedded();
    for (id, colony) in [
        ("shirley", "massachusetts"),
        ("washington", "virginia"),
        ("dinwiddie", "virginia"),
        ("johnson", "new-york"),
        ("rogers", "new-hampshire"),
        ("langlade", "new-france"),
        ("marin", "new-france"),
    ] {
        assert_eq!(f.leader(id).unwrap().colony.as_deref(), Some(colony), "{id}");
    }
    assert_eq!(f.leader("wolfe").unwrap().colony, None);
}

#[test]
fn unit_values_match_the_rules_examples() {
    // rule: fiw 15.75, 11.3, 17.21
    let f = Forces::embedded();
    let face = |id: &str| f.faces.iter().find(|x| x.id == id).unwrap();
    // 15.75 a heavy regiment of 5 and a light regiment of 4.
    assert_eq!((face("br-line").combat, face("br-light").combat), (5, 4));
    // 11.3 light infantry moves 6, an infantry regiment 5; 17.21 a British infantry regiment 4.
    assert_eq!(face("br-light").movement, 6);
    assert_eq!(face("ma-infantry").movement, 5);
    assert_eq!(face("br-line").movement, 4);
}

#[test]
fn light_units_and_backs_follow_the_rules() {
    // rule: fiw 2.32, 2.33, 13.2, 24.4, 25.1, 26.0
    let f = Forces::embedded();
    for face in &f.faces {
        let light = face.light == Lightness::Light;
        match face.kind {
            // 13.2 light infantry, militia and Indians are light; ruling fiw #13 rangers too.
            Light | Militia | Indians | Rangers => assert!(light, "{}", face.id),
            Legion => assert_eq!(face.light, Lightness::Either, "{}", face.id),
            _ => assert!(!light, "{}", face.id),
        }
    }
    for c in &f.counters {
        let front = &f.faces[c.front];
        let Some(b) = c.back else { continue };
        let back = &f.faces[b];
        match front.kind {
            // 25.1 one side French-, the other British-controlled.
            Indians => assert_ne!(front.side, back.side),
            // 24.4 a militia detachment flips to its regiment side.
            Militia => assert_eq!((front.size, back.size), (Size::Regiment, Size::Detachment)),
            // 35.1 3.0 provincial infantry on its heavy or light side.
            Line => assert_eq!((back.kind, back.light, front.regular), (Light, Lightness::Light, false)),
            k => panic!("{}: no back expected for {k:?}", front.id),
        }
    }
}

#[test]
fn brigades_and_legions_are_their_regiments() {
    // rule: fiw 19.0
    let f = Forces::embedded();
    let face = |id: &str| f.faces.iter().find(|x| x.id == id).unwrap();
    assert_eq!(face("br-brigade").combat, 3 * face("br-line").combat);
    assert_eq!(
        face("br-comb").combat,
        2 * face("br-line").combat + face("br-light").combat
    );
    assert_eq!(Size::Brigade.thirds(), 3 * Size::Regiment.thirds());
    assert_eq!(Size::Regiment.thirds(), 3 * Size::Detachment.thirds());
}

#[test]
fn provincials_have_a_colony_regulars_none() {
    // rule: fiw 2.11, 5.21
    let f = Forces::embedded();
    for face in &f.faces {
        assert_eq!(face.home.is_none(), face.regular, "{}", face.id);
    }
    // Every British colony of 2.4 has militia to raise (14.31).
    for colony in &fiw::forces::COLONIES[..16] {
        assert!(
            f.count(|x| x.kind == Militia && x.home.as_deref() == Some(colony)) > 0,
            "{colony}"
        );
    }
}
