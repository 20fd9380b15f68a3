//! Every decision a Liberty player can take, with stable ids and labels.

use crate::blocks::{self, Block};
use crate::cards::Card;
use crate::map::Hex;
use crate::state::Liberty;
use engine::ActionInfo;
use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// 3.1 play a card face down.
    PlayCard(Card),
    /// 11.5 offer to give back `give` (an enemy prisoner) for `get` (an own prisoner).
    Offer {
        give: Block,
        get: Block,
    },
    Accept,
    Decline,
    /// 3.1 British Initiative Option.
    GoFirst,
    GoSecond,
    /// 3.3 add one step to a block.
    SupplyStep(Block),
    SupplyDone,
    /// 5.1 start a Group Move from a space.
    Group(Hex),
    /// 6.0 draw a replacement.
    Replace,
    EndActions,
    /// 5.1 choose the next block of the group to move.
    Pick(Block),
    /// 5.1 / 5.5 move the current block one hex.
    Step(Hex),
    /// 5.6 river move of the current block to a hex 1-2 hexes along a river.
    River(Hex),
    /// 5.7 / 8.1 / 8.4 / 9.1 sea move, warship move or sea attack to a space.
    Sail(Hex),
    /// The current block stops here.
    Stop,
    EndGroup,
    /// 5.4 pin this defending block.
    Pin(Block),
    /// 7.22 declare the Main Attack hexside (or BY_SEA) for the battle at `hex`.
    Main {
        hex: Hex,
        side: u16,
    },
    /// 6.1 / 6.2 deploy the drawn replacement here.
    Deploy(Hex),
    /// 7.1 fight the battle at this hex next.
    Battle(Hex),
    /// Optional rule: defending militia fire C2 in round 1 (true) or normally.
    MilitiaC2(bool),
    /// 7.31 fire.
    Fire(Block),
    /// Optional rule: bayonet charge in round 2.
    Charge(Block),
    /// 8.4 a block that cannot fire (sea attack not yet landed) stays put.
    Hold(Block),
    /// 7.4 / 8.5 retreat to this space.
    Retreat(Block, Hex),
    /// 7.32 the owner picks which of the tied strongest blocks takes the hit.
    Hit(Block),
    /// 7.5 regroup a block.
    Regroup(Block, Hex),
    RegroupDone,
    /// 11.3 disband a block to the pool.
    Disband(Block),
    DisbandDone,
    /// 11.4 eliminate a block beyond winter supply.
    Eliminate(Block),
    /// 11.5 make no (more) exchange offers now.
    NoOffer,
}

fn bid(b: Block) -> &'static str {
    &blocks::info(b).id
}

impl Liberty {
    pub fn hex_id(&self, h: Hex) -> &'static str {
        &self.map().spaces[h as usize].id
    }

    pub fn describe_action(&self, a: &Action) -> ActionInfo {
        let name = |b: Block| Liberty::name(b).to_string();
        let hn = |h: Hex| self.hex_name(h);
        let (id, label, target): (String, String, Option<String>) = match *a {
            Action::PlayCard(c) => (format!("card-{}", c.key()), format!("Play {}", c.label()), None),
            Action::Offer { give, get } => (
                format!("offer-{}-for-{}", bid(give), bid(get)),
                format!("Offer to exchange prisoner {} for your {}", name(give), name(get)),
                None,
            ),
            Action::Accept => ("accept".into(), "Accept the exchange".into(), None),
            Action::Decline => ("decline".into(), "Decline the exchange".into(), None),
            Action::NoOffer => ("no-offer".into(), "Make no exchange offer".into(), None),
            Action::GoFirst => ("go-first".into(), "Be Player 1 (go first)".into(), None),
            Action::GoSecond => ("go-second".into(), "Be Player 2 (go second)".into(), None),
            Action::SupplyStep(b) => (
                format!("supply-{}", bid(b)),
                format!("Add a step to {} in {}", name(b), hn(self.loc[b as usize])),
                Some(bid(b).into()),
            ),
            Action::SupplyDone => ("supply-done".into(), "Finish adding supply steps".into(), None),
            Action::Group(h) => (
                format!("group-{}", self.hex_id(h)),
                format!("Move a group from {}", hn(h)),
                Some(self.hex_id(h).into()),
            ),
            Action::Replace => ("replace".into(), "Draw a replacement block".into(), None),
            Action::EndActions => ("end-actions".into(), "End your actions".into(), None),
            Action::Pick(b) => (
                format!("pick-{}", bid(b)),
                format!("Move {}", name(b)),
                Some(bid(b).into()),
            ),
            Action::Step(h) => (
                format!("step-{}", self.hex_id(h)),
                format!("Step to {}", hn(h)),
                Some(self.hex_id(h).into()),
            ),
            Action::River(h) => (
                format!("river-{}", self.hex_id(h)),
                format!("Move by river to {}", hn(h)),
                Some(self.hex_id(h).into()),
            ),
            Action::Sail(h) => (
                format!("sail-{}", self.hex_id(h)),
                format!("Go by sea to {}", hn(h)),
                Some(self.hex_id(h).into()),
            ),
            Action::Stop => ("stop".into(), "Stop this block here".into(), None),
            Action::EndGroup => ("end-group".into(), "End this group move".into(), None),
            Action::Pin(b) => (
                format!("pin-{}", bid(b)),
                format!("Pin {}", name(b)),
                Some(bid(b).into()),
            ),
            Action::Main { hex, side } => {
                let from = if side == crate::state::BY_SEA {
                    "the sea".to_string()
                } else {
                    let s = &self.map().sides[side as usize];
                    hn(if s.a == hex { s.b } else { s.a })
                };
                (
                    format!("main-{}-{}", self.hex_id(hex), side),
                    format!("Main Attack on {} from {}", hn(hex), from),
                    Some(self.hex_id(hex).into()),
                )
            }
            Action::Deploy(h) => (
                format!("deploy-{}", self.hex_id(h)),
                format!("Deploy in {}", hn(h)),
                Some(self.hex_id(h).into()),
            ),
            Action::Battle(h) => (
                format!("battle-{}", self.hex_id(h)),
                format!("Fight the battle in {} next", hn(h)),
                Some(self.hex_id(h).into()),
            ),
            Action::MilitiaC2(true) => (
                "militia-c2".into(),
                "Militia fire C2 this battle, then withdraw".into(),
                None,
            ),
            Action::MilitiaC2(false) => ("militia-c1".into(), "Militia fight normally (C1)".into(), None),
            Action::Fire(b) => (
                format!("fire-{}", bid(b)),
                format!("{} fires", name(b)),
                Some(bid(b).into()),
            ),
            Action::Charge(b) => (
                format!("charge-{}", bid(b)),
                format!("{} charges with the bayonet", name(b)),
                Some(bid(b).into()),
            ),
            Action::Hold(b) => (
                format!("hold-{}", bid(b)),
                format!("{} holds its ground (it cannot fire)", name(b)),
                Some(bid(b).into()),
            ),
            Action::Retreat(b, h) => (
                format!("retreat-{}-{}", bid(b), self.hex_id(h)),
                format!("{} retreats to {}", name(b), hn(h)),
                Some(self.hex_id(h).into()),
            ),
            Action::Hit(b) => (
                format!("hit-{}", bid(b)),
                format!("{} takes the hit", name(b)),
                Some(bid(b).into()),
            ),
            Action::Regroup(b, h) => (
                format!("regroup-{}-{}", bid(b), self.hex_id(h)),
                format!("{} regroups to {}", name(b), hn(h)),
                Some(self.hex_id(h).into()),
            ),
            Action::RegroupDone => ("regroup-done".into(), "Finish regrouping".into(), None),
            Action::Disband(b) => (
                format!("disband-{}", bid(b)),
                format!("Disband {} in {}", name(b), hn(self.loc[b as usize])),
                Some(bid(b).into()),
            ),
            Action::DisbandDone => ("disband-done".into(), "Finish disbanding".into(), None),
            Action::Eliminate(b) => (
                format!("eliminate-{}", bid(b)),
                format!("{} is lost to winter attrition", name(b)),
                Some(bid(b).into()),
            ),
        };
        ActionInfo { id, label, target }
    }
}
