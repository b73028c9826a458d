//! Four players in partnerships: follow suit or quack; up to three quacks, the
//! last one wins; High and Low members, Aces high or low by who plays them;
//! each side's High member keeps its high tricks and the Low member its low ones.

use super::cards::{Card, CardSet};
use super::deal::{Call, Deal, Effect, Move, Pile, Stage};

/// The cards a follower may play: the suit led or the rank led when holding
/// the suit led; anything when void in it (a quack is then one choice among all).
#[inline(always)]
pub fn allowed(d: &Deal) -> CardSet {
    let hand = d.hand(d.to_move);
    if d.trick.stage == Stage::Lead {
        return hand;
    }
    let t = &d.trick;
    if hand.and(CardSet::suit(t.led_suit)).is_empty() {
        hand
    } else {
        hand.and(CardSet::suit(t.led_suit).or(CardSet::rank(t.led_rank)))
    }
}

pub(super) fn why_illegal(d: &Deal, mv: Move) -> Option<String> {
    match mv {
        Move::Concede => Some(format!(
            "'{mv}': there is no duck move in the partnership game"
        )),
        Move::Play(c) if d.hand(d.to_move).contains(c) => Some(format!(
            "'{mv}': must follow suit or play a card of the rank led (quack)"
        )),
        _ => None,
    }
}

/// A card's value for winning: Aces are high for a High member, low for a Low one.
#[inline(always)]
pub fn value(d: &Deal, seat: u8, card: Card) -> u8 {
    match card.rank() {
        1 if d.is_high(seat) => 14,
        r => r,
    }
}

/// Whether the card led makes a high trick (K..8, or an Ace led by a High member).
#[inline(always)]
pub fn is_high_lead(d: &Deal, leader: u8, led: Card) -> bool {
    value(d, leader, led) >= 8
}

#[cfg_attr(target_arch = "wasm32", inline(always))]
pub(super) fn apply(d: &mut Deal, mv: Move) -> Effect {
    let Move::Play(c) = mv else {
        unreachable!("checked by legal_moves")
    };
    if d.trick.stage == Stage::Lead {
        d.lead(c, None);
        return Effect::default();
    }
    if c.suit() != d.trick.led_suit && c.rank() != d.trick.led_rank {
        d.voids[d.to_move as usize] |= 1 << d.trick.led_suit as u8;
    }
    let i = d.put(c);
    let mut call = None;
    if c.rank() == d.trick.led_rank {
        d.trick.quacks |= 1 << i;
        call = Some(match d.trick.quack_count() {
            1 => Call::Quack,
            2 => Call::QuackQuack,
            _ => Call::QuackQuackQuack,
        });
    }
    if i < 3 {
        let next = d.next_seat(d.to_move);
        return d.pass_to(next, Stage::Follow, call);
    }
    let t = d.trick;
    let high = is_high_lead(d, t.seats[0], t.cards[0]);
    let winner = if t.quacks != 0 {
        t.seats[7 - t.quacks.leading_zeros() as usize]
    } else {
        let mut best = 0;
        for k in 1..4 {
            if t.cards[k].suit() != t.led_suit {
                continue;
            }
            let (v, b) = (
                value(d, t.seats[k], t.cards[k]),
                value(d, t.seats[best], t.cards[best]),
            );
            if (high && v > b) || (!high && v < b) {
                best = k;
            }
        }
        t.seats[best]
    };
    // The winning side's member whose role (High/Low) matches the trick keeps it.
    let keeper = if d.is_high(winner) == high {
        winner
    } else {
        (winner + 2) % 4
    };
    let quacks = t.quack_count() as u16;
    d.finish_trick(
        winner,
        keeper,
        Pile {
            down: 4 - quacks,
            up: quacks,
        },
        0,
        call,
    )
}
