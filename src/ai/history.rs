//! What one seat has seen of the deal in progress: its own view of the deal
//! before each move, and the move. Every move is public (cards are shown,
//! quacks and concessions spoken), and each view is the deal with every card
//! the seat could not see removed, so a player reading the history learns
//! nothing hidden from it. The Expert player reads it to infer hidden cards
//! from how the others played.

use super::seat_view::SeatView;
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

/// `count` positions part-way through random deals, each with the history
/// of the seat to move: the positions of [`crate::engine::playout::random_positions`]
/// (same seed, same deals, same random moves), for timing decisions natively
/// (`duck-soup bench`) and in wasm alike.
pub fn random_positions(
    game: crate::engine::GameKind,
    count: usize,
    seed: u64,
) -> Vec<(Deal, SeatHistory)> {
    use crate::engine::{playout, rng::Rng};
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let start = playout::start_deal(game, rng.next_u64());
        let mut d = start;
        let mut moves = Vec::new();
        for _ in 0..rng.below(40) {
            let mv = d.random_move(&mut rng);
            d.apply(mv);
            moves.push(mv);
        }
        if !d.is_over() {
            out.push((d, SeatHistory::replay(&start, &moves, d.to_move())));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{playout, GameKind};

    /// Native and wasm decision timings compare the same positions as the
    /// play-out benchmark's.
    #[test]
    fn random_positions_are_the_play_out_benchmarks_with_their_histories() {
        for game in GameKind::ALL {
            let with = random_positions(game, 20, 11);
            let without = playout::random_positions(game, 20, 11);
            for ((d, seen), plain) in with.iter().zip(&without) {
                assert_eq!(format!("{d:?}"), format!("{plain:?}"), "{game}");
                assert_eq!(seen.seat(), d.to_move());
                // The history's last move leads to the position. (A step is
                // the seat's view, without the mover's hand: the move is not
                // replayed on it, its card is looked for among those played.)
                if let Some((before, mv)) = seen.steps().last() {
                    let mut played = before.deal.played();
                    if let Move::Play(c) | Move::LeadDuck(c, _) = mv {
                        assert!(!played.contains(c), "{game}: {mv} played twice");
                        played.insert(c);
                    }
                    assert_eq!(played, d.played(), "{game}");
                }
            }
        }
    }
}
