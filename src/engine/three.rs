//! Three players with two Ducks (Jokers): a quack wins unless the next player
//! quacks too; after two quacks the leader may play the fourth card
//! (Quack-quack-quack) and take six cards. A led Duck names a suit and wins.

use super::deal::{Call, Deal, Effect, Move, Pile, Stage};
use super::error::IllegalMove;
use super::rules::Counting;

pub(super) fn why_illegal(d: &Deal, mv: Move) -> Option<IllegalMove> {
    let leading = d.trick.stage == Stage::Lead;
    match (d.trick.stage, mv) {
        (_, Move::LeadDuck(duck, named)) if !duck.joker_suits().contains(&named) => {
            Some(IllegalMove::DuckSuitNotItsColour { duck, named })
        }
        (_, Move::LeadDuck(duck, named)) if !leading => {
            Some(IllegalMove::OnlyLedDuckNamesSuit { duck, named })
        }
        (Stage::Lead, Move::Play(duck)) if duck.is_joker() && d.hand(d.to_move).contains(duck) => {
            Some(IllegalMove::DuckMustNameSuit { duck })
        }
        (Stage::LeaderAnswer, Move::Play(card)) if d.hand(d.to_move).contains(card) => {
            Some(IllegalMove::OnlyRankOrDuck {
                card,
                rank: d.trick.led_rank,
                quacks: 2,
            })
        }
        (_, Move::Concede) => Some(IllegalMove::DuckOnlyAfterQuacks { quacks: 2 }),
        _ => None,
    }
}

/// The call a card of the rank led makes now: a follower's quack, or
/// Quack-quack after another; the leader's fourth card. A led Duck has no
/// rank to quack.
#[inline(always)]
pub(super) fn quack_call(d: &Deal) -> Option<Call> {
    match d.trick.stage {
        Stage::Follow if d.trick.led_rank == 0 => None,
        Stage::Follow if d.trick.quacks != 0 => Some(Call::QuackQuack),
        Stage::Follow => Some(Call::Quack),
        Stage::LeaderAnswer => Some(Call::QuackQuackQuack),
        Stage::Lead | Stage::Discard | Stage::FollowerAnswer => None,
    }
}

/// Who takes the trick as it stands: a led Duck's leader; else the last
/// quack (after two, if the leader says Duck); else the best card of the
/// suit led. After Quack-quack-quack the leader takes all six.
pub(super) fn winner_so_far(d: &Deal) -> u8 {
    if d.trick.len > 3 {
        d.leader
    } else {
        winner_of_three(d)
    }
}

/// [`winner_so_far`] of a trick of at most three cards (the move loop's case).
#[inline(always)]
fn winner_of_three(d: &Deal) -> u8 {
    let t = &d.trick;
    if t.led_rank == 0 {
        d.leader
    } else if t.quacks & 0b100 != 0 {
        t.seats[2]
    } else if t.quacks & 0b010 != 0 {
        t.seats[1]
    } else {
        d.best_of_suit_led()
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
                call = quack_call(d);
                d.trick.quacks |= 1 << i;
            }
            if i == 1 {
                return d.pass_to(next, Stage::Follow, call);
            }
            if d.trick.quacks == 0b110 {
                return d.pass_to(leader, Stage::LeaderAnswer, call);
            }
            let winner = winner_of_three(d);
            let stored = storage(d);
            d.finish_trick(winner, winner, stored, 1, call)
        }
        (Stage::LeaderAnswer, Move::Concede) => {
            let winner = d.trick.seats[2];
            let stored = storage(d);
            d.finish_trick(winner, winner, stored, 1, Some(Call::Duck))
        }
        (Stage::LeaderAnswer, Move::Play(c)) => {
            let call = quack_call(d);
            let i = d.put(c);
            d.trick.quacks |= 1 << i;
            d.pass_to(d.next_seat(leader), Stage::Discard, call)
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
