//! The two-player original: no need to follow suit; a quack lets the leader
//! concede or answer with the third card; the follower may then play the
//! fourth (Duck soup) or concede with a discard.

use super::deal::{Call, Deal, Effect, Move, Pile, Stage};
use super::rules::{ConcededSecond, Facing};

const DOWN: Pile = Pile { down: 1, up: 0 };
const UP: Pile = Pile { down: 0, up: 1 };

pub(super) fn why_illegal(d: &Deal, mv: Move) -> Option<String> {
    match (d.trick.stage, mv) {
        (Stage::LeaderAnswer, Move::Play(c)) if d.hand(d.to_move).contains(c) => {
            Some(format!("'{mv}': after a quack the leader may only say duck or play a third card of the rank led"))
        }
        (_, Move::Concede) => Some(format!("'{mv}': duck is only a move for a leader whose card was quacked")),
        _ => None,
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
                d.pass_to(other, Stage::LeaderAnswer, Some(Call::Quack))
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
            d.pass_to(other, Stage::FollowerAnswer, Some(Call::QuackQuack))
        }
        (Stage::FollowerAnswer, Move::Play(c)) => {
            let i = d.put(c);
            if c.rank() == d.trick.led_rank {
                d.trick.quacks |= 1 << i;
                return d.finish_trick(
                    seat,
                    seat,
                    Pile { down: 0, up: 2 },
                    2,
                    Some(Call::DuckSoup),
                );
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
