//! Puzzle mode (`&puzzle=N`): the viewer stops before move N and asks the
//! person, from the mover's seat, to make it as in play (a card, Quack!,
//! Duck). The answer is judged by the strongest computer player, Expert,
//! from what that seat may know (`SeatView`), and its reason is worded as
//! the hint words it (`hint::advice`); then the replay goes on with the
//! record's own move.
//!
//! The judgement runs on the page's main thread with a small, fixed budget
//! of [`PLAYOUTS`] play-outs (a tenth of a computer seat's, whose decisions
//! take at most about 130 ms natively): the answer is judged and the table
//! drawn in 20 to 90 ms in Chromium on a busy test machine
//! (`tests/e2e/viewer.test.mjs` prints it), with or without a worker. It is
//! deterministic (a fixed seed per position), so a puzzle always has the
//! same answer; `tests/example_links.rs` checks the
//! example page's puzzle with the same budget.

use crate::ai::{self, Level, SeatView};
use crate::engine::{Deal, Move};
use crate::web::hint;
use crate::web::i18n::{Lang, K};

/// The Expert player's play-outs for judging a puzzle's answer.
pub const PLAYOUTS: u32 = 1_000;

/// The seed the judge draws from (with the position's own hash).
pub const SEED: u64 = 0x7075_7a7a_6c65;

/// A puzzle of the record in the viewer.
pub struct Puzzle {
    /// The viewer's position that asks the question.
    pub pos: usize,
    /// Whose move it is.
    pub seat: u8,
    pub verdict: Option<Verdict>,
}

/// The person's answer and the Expert player's.
pub struct Verdict {
    pub chosen: Move,
    pub best: Move,
    /// The position judged.
    pub deal: Deal,
}

/// The Expert player's move for the mover of `deal`.
pub fn judge(deal: &Deal) -> Move {
    let view = SeatView::of(deal, deal.to_move());
    ai::choose_with(Level::Expert, &view, None, SEED, PLAYOUTS)
}

impl Verdict {
    pub fn right(&self) -> bool {
        self.chosen == self.best
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
