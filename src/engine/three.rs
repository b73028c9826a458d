//! Three players with two Ducks (Jokers): a quack wins unless the next player
//! quacks too; after two quacks the leader may play the fourth card
//! (Quack-quack-quack) and take six cards. A led Duck names a suit and wins.

use super::deal::{Call, Deal, Effect, Move, Pile, Stage};
use super::rules::Counting;

pub(super) fn why_illegal(d: &Deal, mv: Move) -> Option<String> {
    let leading = d.trick.stage == Stage::Lead;
    match (d.trick.stage, mv) {
        (_, Move::LeadDuck(c, s)) if !c.joker_suits().contains(&s) => {
            let [a, b] = c.joker_suits();
            Some(format!("'{mv}': {c} may only name {} or {}", a.letter(), b.letter()))
        }
        (_, Move::LeadDuck(c, _)) if !leading => {
            Some(format!("'{mv}': only a led Duck names a suit; play it as {c} when not leading"))
        }
        (Stage::Lead, Move::Play(c)) if c.is_joker() && d.hand(d.to_move).contains(c) => {
            Some(format!("'{mv}': a led Duck must name a suit of its colour, e.g. XB=S"))
        }
        (Stage::LeaderAnswer, Move::Play(c)) if d.hand(d.to_move).contains(c) => Some(format!(
            "'{mv}': after two quacks the leader may only say duck or play the fourth card of the rank led"
        )),
        (_, Move::Concede) => Some(format!("'{mv}': duck is only a move for a leader after two quacks")),
        _ => None,
    }
}

#[cfg_attr(target_arch = "wasm32", inline(always))]
pub(super) fn apply(d: &mut Deal, mv: Move) -> Effect {
    let seat = d.to_move;
    let leader = d.leader;
    let next = d.next_seat(seat);
    match (d.trick.stage, mv) {
        (Stage::Lead, Move::Play(c)) => {
            d.lead(c, None);
            Effect::default()
        }
        (Stage::Lead, Move::LeadDuck(c, suit)) => {
            d.lead(c, Some(suit));
            Effect::default()
        }
        (Stage::Follow, Move::Play(c)) => {
            let i = d.put(c);
            let mut call = None;
            if d.trick.led_rank != 0 && c.rank() == d.trick.led_rank {
                call = Some(if d.trick.quacks != 0 {
                    Call::QuackQuack
                } else {
                    Call::Quack
                });
                d.trick.quacks |= 1 << i;
            }
            if i == 1 {
                return d.pass_to(next, Stage::Follow, call);
            }
            if d.trick.quacks == 0b110 {
                return d.pass_to(leader, Stage::LeaderAnswer, call);
            }
            let winner = if d.trick.led_rank == 0 {
                leader
            } else if d.trick.quacks & 0b100 != 0 {
                d.trick.seats[2]
            } else if d.trick.quacks & 0b010 != 0 {
                d.trick.seats[1]
            } else {
                d.best_of_suit_led()
            };
            let stored = storage(d);
            d.finish_trick(winner, winner, stored, 1, call)
        }
        (Stage::LeaderAnswer, Move::Concede) => {
            let winner = d.trick.seats[2];
            let stored = storage(d);
            d.finish_trick(winner, winner, stored, 1, Some(Call::Duck))
        }
        (Stage::LeaderAnswer, Move::Play(c)) => {
            let i = d.put(c);
            d.trick.quacks |= 1 << i;
            d.pass_to(
                d.next_seat(leader),
                Stage::Discard,
                Some(Call::QuackQuackQuack),
            )
        }
        (Stage::Discard, Move::Play(c)) => {
            if d.put(c) == 4 {
                return d.pass_to(next, Stage::Discard, None);
            }
            let stored = storage(d);
            d.finish_trick(leader, leader, stored, 2, None)
        }
        _ => unreachable!("checked by legal_moves"),
    }
}

/// How the trick on the table is stored. Tricks: face down only when every
/// card follows the suit led (a Duck of its colour counts); six cards are two
/// face-up tricks. Cards: each card down if it follows, up if not.
#[inline(always)]
fn storage(d: &Deal) -> Pile {
    let t = &d.trick;
    // Indices into the whole array rather than an iterator over a slice of it:
    // the page's size-optimised build would call out for the slice and the count.
    let mut following = 0;
    for i in 0..t.cards.len() {
        if i < t.len as usize && t.cards[i].matches_suit(t.led_suit) {
            following += 1;
        }
    }
    match d.rules.counting {
        Counting::Cards => Pile {
            down: following,
            up: t.len as u16 - following,
        },
        Counting::Tricks if t.len == 6 => Pile { down: 0, up: 2 },
        Counting::Tricks if following == 3 => Pile { down: 1, up: 0 },
        Counting::Tricks => Pile { down: 0, up: 1 },
    }
}
