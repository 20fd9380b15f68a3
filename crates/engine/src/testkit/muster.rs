//! Muster: a test title of secret commitments built in many steps by both
//! seats at once (after FIW 3.1's Income/Expenditure Phase). Four rounds;
//! each begins with both seats' income, 3 pounds plus a die, rolled in the
//! open. Then both seats at once, each in secret, draft an order: buy a
//! regular (3 pounds, strength 2) or a militia (1 pound, strength 1, at most
//! 3 a round), undo a step to revise the order, and commit (no action
//! takes a purchase back: that would let a seat go round in circles, which
//! the harness forbids; undo does it). When both have
//! committed, the orders are revealed together and paid; the larger
//! strength bought takes the round's point, and what is not spent is
//! banked. After four rounds the seat with more points wins; the players
//! may agree to a draw at any time (5, after FIW 29.3).

use crate::{
    ActionInfo, Board, Core, Describe, Drafts, Fact, Game, OptionInfo, Procedure, Prompt, Seat, SeatSet, Setup, Stage,
    Title, TitleInfo, Viewer, Views,
};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use serde_json::json;

const ROUNDS: u8 = 4;
const MILITIA_PER_ROUND: u8 = 3;
const BOTH: SeatSet = SeatSet(0b11);

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Muster {
    pub round: u8,
    /// Pounds before this round's order is paid (public: income is rolled
    /// in the open).
    pub pounds: [u8; 2],
    pub points: [u8; 2],
    pub orders: Drafts<Order>,
    /// The planted fault of option `tattle` (for the harness's own tests).
    pub tattle: bool,
    /// The planted fault of option `hasty`: once one seat has committed,
    /// the other may only commit, so taking a commit back changes what the
    /// other may do.
    pub hasty: bool,
    #[serde(flatten)]
    pub core: Core,
}

/// One round's purchases of a seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Order {
    pub regulars: u8,
    pub militia: u8,
}

impl Order {
    pub fn cost(self) -> u8 {
        3 * self.regulars + self.militia
    }
    pub fn strength(self) -> u8 {
        2 * self.regulars + self.militia
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    Regular,
    Militia,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum MusterAct {
    Buy(Unit),
    Commit,
}

static INFO: TitleInfo = TitleInfo {
    key: "muster",
    name: "Muster",
    seats: &["british", "french"],
    scenarios: super::STANDARD,
    options: &[
        OptionInfo::switch(
            "tattle",
            "a planted fault: a purchase is told to both seats, so one seat's draft changes the other's log",
        ),
        OptionInfo::switch(
            "hasty",
            "a planted fault: once a seat has committed the other may only commit",
        ),
    ],
    rules_version: "muster-1",
    data_files: &[],
    victory_levels: &[],
    // The engine's one test title with draws by agreement (as FIW 29.3),
    // for the tests of `Session::offer_draw` (the engine cannot depend on fiw).
    agreed_draw: Some("5"),
};

impl Title for Muster {
    fn info() -> &'static TitleInfo {
        &INFO
    }
}

impl Muster {
    /// What `seat` has left to spend this round.
    pub fn left(&self, seat: Seat) -> u8 {
        self.pounds[seat as usize] - self.orders.draft(seat).cost()
    }

    /// Income for both.
    fn begin_round(&mut self) {
        for s in 0..2 {
            let r = self.core.dice.d6();
            self.pounds[s] += 3 + r;
            let name = INFO.seats[s];
            self.core
                .log
                .roll("2", &[r], || format!("{name} gains {} pounds", 3 + r));
        }
    }

    /// Both orders are shown: pay them, score the round, go on with new
    /// drafts.
    fn resolve(&mut self) {
        let orders = std::mem::replace(&mut self.orders, Drafts::new(BOTH));
        let [a, b] = [0, 1].map(|s| *orders.draft(s));
        for (s, o) in [a, b].into_iter().enumerate() {
            self.pounds[s] -= o.cost();
            let name = INFO.seats[s];
            self.core.log.say("4", || {
                format!("{name} musters {} regulars, {} militia", o.regulars, o.militia)
            });
        }
        if a.strength() != b.strength() {
            self.points[usize::from(b.strength() > a.strength())] += 1;
        }
        if self.round == ROUNDS {
            let [p, q] = self.points;
            let winner = (p != q).then_some(Seat::from(q > p));
            self.core.finish(winner, "the most rounds after four", "5");
        } else {
            self.round += 1;
            self.begin_round();
        }
    }
}

impl Procedure for Muster {
    type Action = MusterAct;

    fn acting(&self) -> SeatSet {
        self.orders.drafting()
    }
    fn independent(&self) -> bool {
        true
    }
    fn prompt(&self, _seat: Seat) -> Prompt {
        Prompt {
            text: "draft your order, then commit".into(),
            rule: "3".into(),
        }
    }
    fn legal_for(&self, seat: Seat, out: &mut Vec<MusterAct>) {
        let o = *self.orders.draft(seat);
        if self.hasty && self.orders.drafting() == SeatSet::one(seat) {
            out.push(MusterAct::Commit);
            return;
        }
        if self.left(seat) >= 3 {
            out.push(MusterAct::Buy(Unit::Regular));
        }
        if self.left(seat) >= 1 && o.militia < MILITIA_PER_ROUND {
            out.push(MusterAct::Buy(Unit::Militia));
        }
        out.push(MusterAct::Commit);
    }
    fn perform(&mut self, seat: Seat, a: MusterAct) {
        let name = INFO.seats[seat as usize];
        let unit = match a {
            MusterAct::Buy(u) => u,
            MusterAct::Commit => {
                self.core.log.say("3", || format!("{name} commits"));
                if self.orders.commit(seat, &mut self.core.dice) {
                    self.resolve();
                }
                return;
            }
        };
        let order = self.orders.draft_mut(seat);
        let count = match unit {
            Unit::Regular => &mut order.regulars,
            Unit::Militia => &mut order.militia,
        };
        *count += 1;
        let o = *order;
        let text = || format!("order: {} regulars, {} militia", o.regulars, o.militia);
        if self.tattle {
            self.core.log.say("3", text);
        } else {
            self.core.log.tell(seat, "3", text);
        }
    }
}

impl Describe for Muster {
    fn describe(&self, _seat: Seat, a: &MusterAct) -> ActionInfo {
        let unit = |u| match u {
            Unit::Regular => "regular",
            Unit::Militia => "militia",
        };
        let id = match a {
            MusterAct::Buy(u) => format!("buy-{}", unit(*u)),
            MusterAct::Commit => "commit".into(),
        };
        ActionInfo {
            label: id.replace('-', " "),
            id,
            target: None,
            warning: None,
            irreversible: false,
            group: None,
        }
    }
}

impl Views for Muster {
    fn view(&self, viewer: Viewer) -> serde_json::Value {
        let stage = self.stage();
        json!({
            "round": self.round,
            "pounds": self.pounds,
            "points": self.points,
            "orders": self.orders.view(viewer),
            "left": viewer.map(|v| self.left(v)),
            "facts": [stage.turn, stage.phase],
            "board": Board::default(),
        })
    }
    /// A round is a turn; its one phase the secret orders.
    fn stage(&self) -> Stage {
        Stage {
            turn: Fact::new("Round", self.round.to_string(), ""),
            phase: Fact::new("Phase", "Orders", ""),
        }
    }
    fn determinize(&self, observer: Seat, rng: &mut ChaCha8Rng) -> Self {
        let mut g = self.clone();
        // Any order the other seat could afford.
        g.orders.resample(observer, |s| {
            let pounds = self.pounds[s as usize];
            let militia = rng.gen_range(0..=pounds.min(MILITIA_PER_ROUND));
            Order {
                regulars: rng.gen_range(0..=(pounds - militia) / 3),
                militia,
            }
        });
        g.core.dice.reseed(rng);
        g.core.log.keep_visible(Some(observer));
        g
    }
}

impl Game for Muster {
    fn new(setup: &Setup) -> Self {
        let mut g = Muster {
            round: 1,
            pounds: [0, 0],
            points: [0, 0],
            orders: Drafts::new(BOTH),
            tattle: setup.flag("tattle"),
            hasty: setup.flag("hasty"),
            core: Core::new(setup),
        };
        g.begin_round();
        g
    }
    fn core(&self) -> &Core {
        &self.core
    }
    fn core_mut(&mut self) -> &mut Core {
        &mut self.core
    }
    fn evaluate(&self, seat: Seat) -> f64 {
        super::share(self.points, seat)
    }
    fn check(&self) -> Result<(), String> {
        for s in 0..2 {
            let o = self.orders.draft(s);
            if o.cost() > self.pounds[s as usize] || o.militia > MILITIA_PER_ROUND {
                return Err(format!("{} cannot pay for {o:?}", INFO.seats[s as usize]));
            }
        }
        Ok(())
    }
}
