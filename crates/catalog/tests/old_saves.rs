//! Save files written by earlier builds still load: each title's stored
//! games in `tests/saves/` (written before engine v2 flattened the log,
//! dice and outcome into `engine::Core`) replay to the state they hold.
//! A rules change that leaves a save's moves untouched relabels its
//! `rules_version` (bh-6 to bh-7: ruling bh #37 acts only on a later
//! Assault; bh-7 to bh-8: ruling bh #38 acts only on a fall back inside
//! an Assault; bh-8 to bh-9, b2c-3 to b2c-4 and liberty-3 to liberty-4,
//! the audits of session 30, and b2c-4 to b2c-5, 14.2 with option
//! opfire-movement (off in this save), touch none of these saves' moves;
//! nor do session 40's liberty-6, b2c-6 and bh-11: a reserve warship
//! against a Sea Attack, the cannon's one combat and solitaire Opportunity
//! Fire, solitaire attrition at the end), nor session 41's b2c-7 and b2c-8
//! (towards as the crow flies, a Move that ends by itself) and liberty-7
//! (winter attrition asks only where there is a choice), nor session 42's
//! b2c-9 (a Move's group sets out once every unit is chosen: this save
//! stops with units of Boston still to choose), nor session 43's b2c-10 (an
//! Assemble carries itself out once every unit is chosen: this save has no
//! Assemble), nor session 46's bh-12 (a demoralized Patriot over the dice
//! cap keeps his best dice: no Patriot in this save is demoralized), nor
//! session 46's b2c-11 (the cannon retreats only with a Regular, a Rally
//! spends the leaders who rally most first: this save has no retreat and
//! no Rally), nor session 47's bh-13 (the solitaire Rally's picks are the
//! owner's, 5.3's end-of-game fire follows 12.4's sudden end: this save has
//! no Rally and does not end); one that changes them replaces the save.

#[test]
fn saves_written_by_earlier_builds_load() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/saves");
    let mut titles = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        let save = engine::parse_save(&text).unwrap();
        let game = catalog::load(&save).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert_eq!(game.action_count(), save.actions.len());
        assert!(game.action_count() > 0, "{}: a game with moves", path.display());
        titles.push(save.title);
    }
    titles.sort();
    assert_eq!(titles, ["b2c", "bh", "liberty"]);
}
