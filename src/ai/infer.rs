//! Inference of hidden cards from how the others played. A sampled deal is
//! judged by how likely it makes the moves the other seats were seen to
//! make: for each of their past decisions, the Normal player's scores of
//! the moves are worked out from the hand the seat held then in that deal,
//! and a deal in which a seat chose what Normal scores low is made less
//! likely (a seat that did not quack probably held no card of the rank; one
//! that conceded after a quack probably held no third card; one that
//! discarded a high card probably held no low one; and so on). Normal stands
//! for how people and the computer levels play: they often agree with it,
//! not always, so the chances are soft.
//!
//! Only public facts and the seat's own cards are read: the seat's history
//! (its own views and the public moves) and a sampled deal.

use super::heuristic;
use super::history::SeatHistory;
use super::seat_view::SeatView;
use crate::engine::rng::Rng;
use crate::engine::{Card, CardSet, Deal, Move};

/// Where a rule decides the Normal player's move (answering quacks), how
/// much less likely another move makes a deal.
const DISAGREE: f64 = 0.3;

/// Where the Normal player weighs its moves, the chance of each is taken as
/// exp(score / TEMPERATURE), scores being in tenths of a trick point: a move
/// Normal scores a trick point lower is e^-1 times as likely.
///
/// Measured on Hard players' moves (not Normal's) at 40 positions per
/// game: the real deal outweighs 86% of resampled deals in partnerships
/// and 81% in the three-player game, and its weight is 2.9 and 1.8 times
/// their mean; at 2 the weights were too sharp (the real deal weighing far
/// less than the mean), at 5 about as good. In the two-player game it
/// outweighs only 58% and weighs less than the mean: which of its cards the
/// other seat drew when is too uncertain, so the Expert player does not
/// infer there.
const TEMPERATURE: f32 = 10.0;

/// The most cards one seat acquires in a deal (dealt and drawn).
const MOST_CARDS: usize = 40;

/// A past decision of another seat with a choice to make.
#[derive(Clone, Copy)]
struct Decision {
    /// The seat's view at the time (its own hand removed: it is filled in
    /// from each sampled deal).
    before: Deal,
    seat: u8,
    mv: Move,
    /// Cards the seat had been dealt or had drawn by then.
    acquired: u8,
    /// Cards it had played by then.
    played: u8,
}

/// What the history says about the other seats, ready to weigh sampled deals.
pub struct Inference {
    decisions: Vec<Decision>,
    /// Each other seat's plays in order: the card, and how many cards the
    /// seat had acquired when it played it (it came from one of those).
    plays: [Vec<(Card, u8)>; 4],
    me: u8,
}

impl Inference {
    /// Reads `seen` (the history of `view`'s seat up to `view`).
    pub fn new(view: &SeatView, seen: &SeatHistory) -> Inference {
        let me = view.seat;
        let mut decisions = Vec::new();
        let mut plays: [Vec<(Card, u8)>; 4] = Default::default();
        for (before, mv) in seen.steps() {
            let d = &before.deal;
            let seat = d.to_move();
            if seat == me {
                continue;
            }
            let played = plays[seat as usize].len() as u8;
            let acquired = before.hand_len(seat) as u8 + played;
            decisions.push(Decision {
                before: *d,
                seat,
                mv,
                acquired,
                played,
            });
            if let Some(card) = mv.card() {
                plays[seat as usize].push((card, acquired));
            }
        }
        Inference {
            decisions,
            plays,
            me,
        }
    }

    /// Past decisions of other seats this inference reads.
    pub fn decisions(&self) -> usize {
        self.decisions.len()
    }

    /// How likely `world` (a complete deal consistent with the seat's view)
    /// makes the moves seen, relative to a deal in which every past choice
    /// agrees with the Normal player's. Which of a seat's cards it was dealt
    /// and which it drew later is not known: one consistent order is drawn
    /// from `rng`.
    pub fn weight(&self, world: &Deal, rng: &mut Rng) -> f64 {
        let mut order: [[Card; MOST_CARDS]; 4] = [[Card::BLACK_DUCK; MOST_CARDS]; 4];
        for seat in 0..world.seats() {
            if seat != self.me {
                acquisition_order(
                    &self.plays[seat as usize],
                    world.hand(seat),
                    &mut order[seat as usize],
                    rng,
                );
            }
        }
        let mut weight = 1.0;
        for dec in &self.decisions {
            let s = dec.seat as usize;
            let mut hand: CardSet = order[s][..dec.acquired as usize].iter().copied().collect();
            for &(card, _) in &self.plays[s][..dec.played as usize] {
                hand.remove(card);
            }
            let mut hands = [CardSet::EMPTY; 4];
            hands[s] = hand;
            hands[self.me as usize] = dec.before.hand(self.me);
            let then = dec.before.with_hidden(hands, &[]);
            weight *= likelihood(&then, dec.mv);
        }
        weight
    }
}

/// How likely the mover of `d` is to make `mv`: the Normal player's scores
/// turned into chances (a softmax), or, where a rule decides, mostly its choice.
fn likelihood(d: &Deal, mv: Move) -> f64 {
    let scored = heuristic::scored(d);
    let Some(scores) = scored.scores else {
        return if scored.chosen == mv { 1.0 } else { DISAGREE };
    };
    let legal = d.legal_moves();
    let t = TEMPERATURE;
    let top = scores[..legal.len()]
        .iter()
        .copied()
        .fold(f32::NEG_INFINITY, f32::max);
    let mut total = 0.0;
    let mut mine = 0.0;
    for (i, &m) in legal.as_slice().iter().enumerate() {
        let p = ((scores[i] - top) / t).exp();
        total += p;
        if m == mv {
            mine = p;
        }
    }
    (mine / total) as f64
}

/// One order in which a seat may have acquired its cards (dealt first, then
/// drawn) that lets it play each card it played when it did: each played
/// card, in the order played, goes to a random free place among the cards
/// it had by then; the cards it holds now fill the rest at random.
fn acquisition_order(
    plays: &[(Card, u8)],
    hand_now: CardSet,
    order: &mut [Card; MOST_CARDS],
    rng: &mut Rng,
) {
    let total = plays.len() + hand_now.len() as usize;
    let mut taken = [false; MOST_CARDS];
    // Plain loops rather than iterator adapters: the page's size-optimised
    // build calls those out of line, and this runs for every candidate deal.
    for &(card, acquired) in plays {
        let acquired = acquired as usize;
        let mut free = 0u32;
        for &t in &taken[..acquired] {
            free += !t as u32;
        }
        let mut pick = rng.below(free);
        let mut k = 0;
        loop {
            if !taken[k] {
                if pick == 0 {
                    break;
                }
                pick -= 1;
            }
            k += 1;
        }
        assert!(k < acquired, "a seat holds the cards it plays");
        taken[k] = true;
        order[k] = card;
    }
    let mut rest: [Card; MOST_CARDS] = [Card::BLACK_DUCK; MOST_CARDS];
    let mut n = 0;
    for c in hand_now.iter() {
        rest[n] = c;
        n += 1;
    }
    rng.shuffle(&mut rest[..n]);
    let mut next = 0;
    for k in 0..total {
        if !taken[k] {
            order[k] = rest[next];
            next += 1;
        }
    }
}
