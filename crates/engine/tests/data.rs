//! `--data DIR` is recorded in save files (its own test binary: the data in
//! use is process-wide, as it is in the `powderhorn` binary).

use engine::data::{self, DataOverride};
use engine::prelude::*;
use engine::testkit::Toy;
use engine::{SaveError, Session, Setup};

#[test]
fn a_save_records_the_data_it_was_made_with_and_refuses_other_data() {
    let dir = std::env::temp_dir().join(format!("powderhorn-data-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Only the title's own data files count; an empty folder is the embedded data.
    std::fs::write(dir.join("notes.txt"), "not data").unwrap();
    assert_eq!(DataOverride::read(&dir, &["toy.tsv"]).unwrap(), None);
    let mut s = Session::<Toy>::new(Setup::new("std", 3)).unwrap();
    s.act(0, "add-1", &[]).unwrap();
    let embedded = s.save();
    assert_eq!(embedded.data, None);
    assert!(!serde_json::to_string(&embedded).unwrap().contains("\"data\""));

    assert_eq!(data::rules_stamp(Toy::info()), Toy::info().rules_version);
    std::fs::write(dir.join("toy.tsv"), "target\t12\n").unwrap();
    data::use_data_dir::<Toy>(&dir).unwrap();
    let d = data::in_use("toy").expect("recorded");
    let stamp = data::rules_stamp(Toy::info());
    assert_eq!(stamp, format!("{} data sha256:{}", Toy::info().rules_version, d.sha256));
    assert_eq!(d.files, vec!["toy.tsv"]);
    assert_eq!(d.sha256.len(), 64);

    // A game made before --data (the embedded data) is refused, and says why.
    let e = Session::<Toy>::load(&embedded).unwrap_err();
    assert!(matches!(e, SaveError::Data { .. }), "{e}");
    let msg = e.to_string();
    assert!(
        msg.contains("the embedded data") && msg.contains("--data files toy.tsv"),
        "{msg}"
    );

    // A game made with these files saves them and loads back.
    let mut s = Session::<Toy>::new(Setup::new("std", 3)).unwrap();
    s.act(0, "add-1", &[]).unwrap();
    let save = s.save();
    assert_eq!(save.data.as_ref(), Some(&d));
    let text = serde_json::to_string(&save).unwrap();
    Session::<Toy>::load(&engine::parse_save(&text).unwrap()).unwrap();

    // Other contents under the same name: another digest, refused.
    std::fs::write(dir.join("toy.tsv"), "target\t13\n").unwrap();
    let other = DataOverride::read(&dir, &["toy.tsv"]).unwrap().unwrap();
    assert_ne!(other.sha256, d.sha256);
    let mut edited = save.clone();
    edited.data = Some(other);
    assert!(matches!(Session::<Toy>::load(&edited), Err(SaveError::Data { .. })));
    std::fs::remove_dir_all(&dir).unwrap();
}
