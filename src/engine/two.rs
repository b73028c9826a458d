//! The two-player original: no need to follow suit; a quack lets the leader
//! concede or answer with the third card; the follower may then play the
//! fourth (Duck soup) or concede with a discard.

use super::deal::{Call, Deal, Effect, Move, Pile, Stage};
use super::error::IllegalMove;
use super::rules::{ConcededSecond, Facing};

const DOWN: Pile = Pile { down: 1, up: 0 };
const UP: Pile = Pile { down: 0, up: 1 };

pub(super) fn why_illegal(d: &Deal, mv: Move) -> Option<IllegalMove> {
    match (d.trick.stage, mv) {
        (Stage::LeaderAnswer, Move::Play(card)) if d.hand(d.to_move).contains(card) => {
            Some(IllegalMove::OnlyRankOrDuck {
                card,
                rank: d.trick.led_rank,
                quacks: 1,
            })
        }
        (_, Move::Concede) => Some(IllegalMove::DuckOnlyAfterQuacks { quacks: 1 }),
        _ => None,
    }
}

/// The call a card of the rank led makes now: the follower's quack, the
/// leader's third card, the follower's fourth.
#[inline(always)]
pub(super) fn quack_call(d: &Deal) -> Option<Call> {
    match d.trick.stage {
        Stage::Follow => Some(Call::Quack),
        Stage::LeaderAnswer => Some(Call::QuackQuack),
        Stage::FollowerAnswer => Some(Call::DuckSoup),
        Stage::Lead | Stage::Discard => None,
    }
}

/// Who takes the trick as it stands: after one quack the follower (if the
/// leader says Duck), after Quack-quack the leader (if the follower
/// discards), else the better card of the suit led.
pub(super) fn winner_so_far(d: &Deal) -> u8 {
    let t = &d.trick;
    match t.stage {
        Stage::LeaderAnswer => t.seats[1],
        Stage::FollowerAnswer => t.seats[0],
        _ => d.best_of_suit_led(),
    }
}

#[cfg_attr(target_arch = "wasm32", inline(always))]
pub(super) fn apply(d: &mut Deal, mv: Move) -> Effect {
    let seat = d.to_move;
    let other = 1 - seat;
    match (d.trick.stage, mv) {
        (Stage::Lead, Move::Play(c)) => {
            d.lead(c, None);
            Effect::default()
        }
        (Stage::Follow, Move::Play(c)) => {
            let i = d.put(c);
            let led = d.trick.cards[0];
            if c.rank() == led.rank() {
                d.trick.quacks |= 1 << i;
                let call = quack_call(d);
                d.pass_to(other, Stage::LeaderAnswer, call)
            } else if c.suit() == led.suit() {
                let winner = d.best_of_suit_led();
                d.finish_trick(winner, winner, DOWN, 1, None)
            } else {
                d.finish_trick(other, other, UP, 1, None)
            }
        }
        (Stage::LeaderAnswer, Move::Concede) => {
            let stored = if d.rules.single_quack_trick == Facing::Up {
                UP
            } else {
                DOWN
            };
            d.finish_trick(other, other, stored, 1, Some(Call::Duck))
        }
        (Stage::LeaderAnswer, Move::Play(c)) => {
            let i = d.put(c);
            d.trick.quacks |= 1 << i;
            let call = quack_call(d);
            d.pass_to(other, Stage::FollowerAnswer, call)
        }
        (Stage::FollowerAnswer, Move::Play(c)) => {
            let i = d.put(c);
            if c.rank() == d.trick.led_rank {
                d.trick.quacks |= 1 << i;
                let call = quack_call(d);
                return d.finish_trick(seat, seat, Pile { down: 0, up: 2 }, 2, call);
            }
            // The follower concedes with a discard: the leader takes both tricks.
            let third = d.trick.cards[2];
            let second_down =
                d.rules.conceded_second_trick == ConcededSecond::BySuit && third.suit() == c.suit();
            let stored = if second_down {
                Pile { down: 1, up: 1 }
            } else {
                Pile { down: 0, up: 2 }
            };
            d.finish_trick(other, other, stored, 2, None)
        }
        _ => unreachable!("checked by legal_moves"),
    }
}
