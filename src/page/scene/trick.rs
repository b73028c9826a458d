//! The trick in a scene: its cards, the chooser of a led Duck's suit or of
//! the card to quack with, the call's banner, and the last trick shown again.

use super::*;

#[derive(Clone, Debug, PartialEq, Default)]
pub struct TrickScene {
    pub plays: Vec<TrickCard>,
    /// The finished trick on show: its winner's position.
    pub winner: Option<Pos>,
    pub note: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrickCard {
    pub pos: Pos,
    pub card: Card,
    pub quack: bool,
    /// A led Duck's named suit.
    pub named: Option<Suit>,
    pub ace: Option<&'static str>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ChooserScene {
    pub prompt: String,
    pub suits: Vec<Suit>,
    pub cards: Vec<Card>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CallScene {
    pub id: &'static str,
    pub text: &'static str,
    pub who: String,
    pub generation: u32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct LastTrickScene {
    pub plays: Vec<(String, Card, bool)>,
    pub verdict: String,
}

pub fn call_text(lang: Lang, call: Call) -> (&'static str, &'static str) {
    match call {
        Call::Quack => ("quack", lang.t(K::CallQuack)),
        Call::QuackQuack => ("quack-quack", lang.t(K::CallQuackQuack)),
        Call::DuckSoup => ("duck-soup", lang.t(K::CallDuckSoup)),
        Call::QuackQuackQuack => ("quack-quack-quack", lang.t(K::CallQuackQuackQuack)),
        Call::Duck => ("duck", lang.t(K::CallDuck)),
    }
}

/// Whether a trick's lead is high (partnerships); `None` before its lead.
pub(super) fn high_lead(d: &Deal, trick: &Trick) -> Option<bool> {
    trick.plays().next().map(|(s, c)| is_high_lead(d, s, c))
}

/// The trick on the table, and who won it while it is held.
pub(super) fn trick_scene(f: &Facts, shown_trick: Option<&(Trick, Option<u8>)>) -> TrickScene {
    let (lang, bottom) = (f.lang, f.ui.bottom);
    let mut trick = TrickScene::default();
    if let (Some(d), Some((tr, winner))) = (f.deal, shown_trick) {
        for (i, (seat, card)) in tr.plays().enumerate() {
            trick.plays.push(TrickCard {
                pos: position(f.n, bottom, seat),
                card,
                quack: tr.is_quack(i),
                named: (i == 0 && card.is_joker()).then(|| tr.led_suit()).flatten(),
                ace: ace_mark(d, seat, card),
            });
        }
        if let (Some(w), Some(o)) = (winner, f.ui.held) {
            trick.winner = Some(position(f.n, bottom, *w));
            let who = f.name(if f.kind == GameKind::Partnership {
                *w
            } else {
                o.keeper
            });
            trick.note = Some(lang.tf(K::TrickWonBy, &[who, &stored_text(lang, o.stored)]));
        }
    }
    trick
}

/// The chooser of a Duck's suit or of the card to quack with, when open.
pub(super) fn chooser_scene(lang: Lang, ui: &Ui) -> Option<ChooserScene> {
    match &ui.chooser {
        Some(Chooser::DuckSuit(c)) => Some(ChooserScene {
            prompt: lang.t(K::ChooseDuckSuit).to_string(),
            suits: c.joker_suits().to_vec(),
            cards: Vec::new(),
        }),
        Some(Chooser::QuackCard(cards)) => Some(ChooserScene {
            prompt: lang.t(K::ChooseQuackCard).to_string(),
            suits: Vec::new(),
            cards: cards.clone(),
        }),
        None => None,
    }
}

/// The last trick's review, opened by the person.
pub(super) fn last_trick_scene(f: &Facts, last: Option<TrickOutcome>) -> LastTrickScene {
    let lang = f.lang;
    match last {
        Some(o) => LastTrickScene {
            plays: o
                .trick
                .plays()
                .enumerate()
                .map(|(i, (s, c))| (f.name(s).to_string(), c, o.trick.is_quack(i)))
                .collect(),
            verdict: lang.tf(
                K::TrickWonBy,
                &[f.name(o.winner), &stored_text(lang, o.stored)],
            ),
        },
        None => LastTrickScene {
            plays: Vec::new(),
            verdict: lang.t(K::NoTrickYet).to_string(),
        },
    }
}
