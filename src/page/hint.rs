//! A hint in words and what it points at on the table: the Hard player's
//! move for the person to make, said as advice ("Hint: lead the ten of
//! hearts, …"). The controller keeps the target in its `Ui`; the scene marks
//! it and the view highlights it.

use super::i18n::{Lang, K};
use super::model::HintTarget;
use crate::engine::{Call, Deal, GameKind, Move, Turn};

/// What `mv` (the move advised in `deal`) points at, and its words.
pub fn advice(lang: Lang, deal: &Deal, mv: Move) -> (HintTarget, String) {
    let me = deal.to_move();
    let turn = deal.turn();
    match mv {
        Move::Concede => (HintTarget::Duck, lang.t(K::HintDuck).to_string()),
        Move::LeadDuck(c, s) => (
            HintTarget::LeadDuck(c, s),
            lang.tf(K::HintLeadDuck, &[&lang.card_name(c), lang.suit_plural(s)]),
        ),
        Move::Play(c) => {
            let name = lang.card_name(c);
            if deal.quack_cards().contains(c) {
                // A first quack can still be overtaken; later ones answer it.
                let key = if deal.call_if_quacked() == Some(Call::Quack) {
                    K::HintQuack
                } else {
                    K::HintQuackAgain
                };
                (HintTarget::Quack(c), lang.tf(key, &[&name]))
            } else if turn == Some(Turn::Lead) {
                (HintTarget::Card(c), lang.tf(K::HintLead, &[&name]))
            } else if matches!(turn, Some(Turn::AddCard | Turn::AnswerQuackQuack { .. })) {
                (HintTarget::Card(c), lang.tf(K::HintDiscard, &[&name]))
            } else {
                // Whether the card takes the trick for the mover (or its side).
                let mut d = *deal;
                let game = d.game();
                let won = d
                    .apply(mv)
                    .trick
                    .map(|o| game.scorer_of(o.winner) == game.scorer_of(me));
                let key = match won {
                    Some(true) if game == GameKind::Partnership => K::HintWinSide,
                    Some(true) => K::HintWin,
                    Some(false) => K::HintLose,
                    None => K::HintPlay,
                };
                (HintTarget::Card(c), lang.tf(key, &[&name]))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::shuffled_deck;
    use crate::engine::{Game, Rules};

    #[test]
    fn a_hint_points_at_the_move_and_says_it() {
        let kind = GameKind::TwoPlayer;
        let mut game = Game::new(Rules::parlett(kind), 0);
        game.start_deal(shuffled_deck(kind, "hint"), None).unwrap();
        let deal = *game.deal().unwrap();
        let lead = deal.legal_moves().as_slice()[0];
        let Move::Play(card) = lead else {
            panic!("a lead")
        };
        for lang in [Lang::En, Lang::Ja] {
            let (target, words) = advice(lang, &deal, lead);
            assert_eq!(target, HintTarget::Card(card));
            assert_eq!(words, lang.tf(K::HintLead, &[&lang.card_name(card)]));
            let (target, words) = advice(lang, &deal, Move::Concede);
            assert_eq!(
                (target, words.as_str()),
                (HintTarget::Duck, lang.t(K::HintDuck))
            );
        }
    }
}
