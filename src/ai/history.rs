//! What one seat has seen of the deal in progress: its own view of the deal
//! before each move, and the move. Every move is public (cards are shown,
//! quacks and concessions spoken), and each view is the deal with every card
//! the seat could not see removed, so a player reading the history learns
//! nothing hidden from it. The Expert player reads it to infer hidden cards
//! from how the others played.

use super::view::SeatView;
use crate::engine::{Deal, Move};

#[derive(Clone, Debug)]
pub struct SeatHistory {
    seat: u8,
    steps: Vec<(Deal, Move)>,
}

impl SeatHistory {
    /// Nothing seen yet: the deal has just been dealt.
    pub fn new(seat: u8) -> SeatHistory {
        SeatHistory {
            seat,
            steps: Vec::new(),
        }
    }

    /// The history of `seat` after `moves` were played from the start of
    /// the real deal `start`. The moves must be legal.
    pub fn replay(start: &Deal, moves: &[Move], seat: u8) -> SeatHistory {
        let mut history = SeatHistory::new(seat);
        let mut d = *start;
        for &mv in moves {
            history.record(&d, mv);
            d.apply(mv);
        }
        history
    }

    /// Adds the move `mv`, about to be made in the real deal `before`.
    pub fn record(&mut self, before: &Deal, mv: Move) {
        self.steps.push((before.hidden_from(self.seat), mv));
    }

    pub fn seat(&self) -> u8 {
        self.seat
    }

    /// Each move so far with the seat's view of the deal just before it.
    pub fn steps(&self) -> impl Iterator<Item = (SeatView, Move)> + '_ {
        self.steps.iter().map(move |&(deal, mv)| {
            (
                SeatView {
                    seat: self.seat,
                    deal,
                },
                mv,
            )
        })
    }

    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }
}
