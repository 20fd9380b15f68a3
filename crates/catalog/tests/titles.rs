//! What every title's static description promises ([`engine::TitleInfo::check`]).

#[test]
fn every_title_describes_itself_consistently() {
    for t in catalog::titles() {
        let info = (t.info)();
        info.check().unwrap_or_else(|e| panic!("{e}"));
    }
}

/// A title whose moves are many small decisions (fiw: a force formed piece
/// by piece) searches its named levels longer; `ismcts:N` is as written.
#[test]
fn the_named_levels_search_longer_where_a_title_asks() {
    let iterations = |spec: &str, fiw: bool| {
        let bot = ai::BotSpec::parse(spec).unwrap();
        let budget = if fiw {
            bot.budget_for::<fiw::Fiw>()
        } else {
            bot.budget_for::<liberty::Liberty>()
        };
        budget.unwrap().iterations
    };
    assert_eq!(iterations("ismcts:normal", false), 2000);
    assert_eq!(iterations("ismcts:normal", true), 4000);
    assert_eq!(iterations("ismcts:easy", true), 400);
    assert_eq!(iterations("ismcts:3000", true), 3000);
    assert!(ai::BotSpec::parse("random").unwrap().budget_for::<fiw::Fiw>().is_none());
}
