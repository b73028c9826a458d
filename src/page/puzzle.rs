//! Puzzle mode (`&puzzle=N`): the viewer stops before move N and asks the
//! person, from the mover's seat, to make it as in play (a card, Quack!,
//! Duck). The answer is judged by the strongest computer player, Expert,
//! from what that seat may know (`SeatView`), and its reason is worded as
//! the hint words it (`hint::advice`); then the replay goes on with the
//! record's own move, and the viewer shows every move's value there.
//!
//! The judge is the deal review's (`ai::judge::judge`: the Expert player's
//! machinery at its full budget in the page, the game's
//! `ai::expert::page_playouts` or `?playouts=`), every legal move valued on
//! the same sampled deals, in a worker running the computers' worker
//! script (the page's main thread where no worker starts), from the mover's
//! view and what it saw of the deal (`controller/replay.rs`,
//! `controller/judging.rs`). An answer is right when its value is within
//! the game's margin of the best move's (decision 11: the values are
//! estimates, and two moves that close are not told apart). It draws from
//! a fixed seed ([`SEED`]), so a puzzle always has the same verdict;
//! `tests/example_links.rs` checks the example page's puzzle the same way.

use super::hint;
use super::i18n::{Lang, K};
use crate::ai::judge::{answer_is_right, Judgement};
use crate::engine::{Deal, Move};

/// The seed the judge draws from (with the position's own hash).
pub const SEED: u64 = 0x7075_7a7a_6c65;

/// A puzzle of the record in the viewer.
pub struct Puzzle {
    /// The viewer's position that asks the question.
    pub pos: usize,
    /// Whose move it is.
    pub seat: u8,
    /// The person's answer while the judge thinks.
    pub judging: Option<Move>,
    pub verdict: Option<Verdict>,
}

/// The person's answer and the Expert player's judgement of the position.
pub struct Verdict {
    pub chosen: Move,
    /// The move of highest value (the answer itself when it is among them).
    pub best: Move,
    /// The position judged.
    pub deal: Deal,
    /// Every legal move's value there (`ai::judge::judge`), shown once answered.
    pub judgement: Judgement,
}

impl Verdict {
    /// Right when within the game's margin of the best move's value
    /// (`ai::judge::answer_is_right`, decision 11), not only the best itself.
    pub fn right(&self) -> bool {
        answer_is_right(&self.judgement, self.chosen)
    }

    /// "Right! The Expert player would also play …" or "You chose the …. The
    /// Expert player would rather …", the reason as a hint gives it.
    pub fn words(&self, lang: Lang) -> String {
        let (_, advice) = hint::advice(lang, &self.deal, self.best);
        // The hint's words without their "Hint:" label.
        let label = lang.t(K::Hint);
        let reason = advice
            .strip_prefix(label)
            .map(|r| r.trim_start_matches([':', '：', ' ']))
            .unwrap_or(&advice);
        if self.right() {
            lang.tf(K::PuzzleRight, &[reason])
        } else {
            lang.tf(K::PuzzleWrong, &[reason, &move_name(lang, self.chosen)])
        }
    }
}

/// A move as the person made it: a card's name, or Duck.
fn move_name(lang: Lang, mv: Move) -> String {
    match mv {
        Move::Play(c) | Move::LeadDuck(c, _) => lang.card_name(c),
        Move::Concede => lang.t(K::CallDuck).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::judge::MoveValue;
    use crate::engine::rng::shuffled_deck;
    use crate::engine::{Game, GameKind, Rules};

    #[test]
    fn a_verdict_gives_the_experts_reason_without_the_hints_label() {
        let kind = GameKind::TwoPlayer;
        let mut game = Game::new(Rules::parlett(kind), 0);
        game.start_deal(shuffled_deck(kind, "puzzle"), None)
            .unwrap();
        let deal = *game.deal().unwrap();
        let moves = deal.legal_moves();
        let (best, other) = (moves.as_slice()[0], moves.as_slice()[1]);
        // The other move far below the best, beyond the game's margin.
        let judgement = Judgement {
            game: kind,
            seat: deal.to_move(),
            played: other,
            values: vec![
                MoveValue {
                    mv: best,
                    value: 10.0,
                    spread: 1.0,
                },
                MoveValue {
                    mv: other,
                    value: -20.0,
                    spread: 1.0,
                },
            ],
            best,
            loss: 30.0,
            exact: false,
            deals: 8,
        };
        for lang in Lang::ALL {
            let right = Verdict {
                chosen: best,
                best,
                deal,
                judgement: judgement.clone(),
            };
            let words = right.words(lang);
            assert!(right.right());
            assert!(!words.contains(lang.t(K::Hint)), "{words}");
            let Move::Play(card) = best else {
                panic!("a lead")
            };
            assert!(words.contains(&lang.card_name(card)), "{words}");
            let wrong = Verdict {
                chosen: other,
                best,
                deal,
                judgement: judgement.clone(),
            };
            let Move::Play(chosen) = other else {
                panic!("a lead")
            };
            assert!(!wrong.right());
            assert!(wrong.words(lang).contains(&lang.card_name(chosen)));
        }
    }
}
