//! What every title's static description promises ([`engine::TitleInfo::check`]).

#[test]
fn every_title_describes_itself_consistently() {
    for t in catalog::titles() {
        let info = (t.info)();
        info.check().unwrap_or_else(|e| panic!("{e}"));
    }
}
