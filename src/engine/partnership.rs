//! Four players in partnerships: follow suit or quack; up to three quacks, the
//! last one wins; High and Low members, Aces high or low by who plays them;
//! each side's High member keeps its high tricks and the Low member its low ones.

use super::cards::{Card, CardSet};
use super::deal::{Call, Deal, Effect, Move, Pile, Stage, Trick};
use super::error::IllegalMove;

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

pub(super) fn why_illegal(d: &Deal, mv: Move) -> Option<IllegalMove> {
    match mv {
        Move::Concede => Some(IllegalMove::NoDuckMove { game: d.game() }),
        Move::Play(card) if d.hand(d.to_move).contains(card) => {
            Some(IllegalMove::MustFollowOrQuack {
                card,
                suit: d.trick.led_suit,
                rank: d.trick.led_rank,
            })
        }
        _ => None,
    }
}

/// The call a follower's card of the rank led makes: the first, second or third quack.
#[inline(always)]
pub(super) fn quack_call(d: &Deal) -> Option<Call> {
    if d.trick.stage != Stage::Follow {
        return None;
    }
    Some(match d.trick.quack_count() {
        0 => Call::Quack,
        1 => Call::QuackQuack,
        _ => Call::QuackQuackQuack,
    })
}

/// Who takes `trick` (led, of any length up to four) as it stands: the
/// last quack; else on a high lead the highest card of the suit led, on a
/// low lead the lowest (Aces by their player's role).
#[inline(always)]
pub fn winner(d: &Deal, t: &Trick) -> u8 {
    let high = is_high_lead(d, t.seats[0], t.cards[0]);
    winner_of(d, t, high, t.len as usize)
}

/// [`winner`] of the first `len` cards of a trick whose lead is `high`
/// (the move loop passes a constant length, which it unrolls).
#[inline(always)]
fn winner_of(d: &Deal, t: &Trick, high: bool, len: usize) -> u8 {
    if t.quacks != 0 {
        return t.seats[7 - t.quacks.leading_zeros() as usize];
    }
    let mut best = 0;
    for k in 1..len {
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
        call = quack_call(d);
        d.trick.quacks |= 1 << i;
    }
    if i < 3 {
        let next = d.next_seat(d.to_move);
        return d.pass_to(next, Stage::Follow, call);
    }
    let t = d.trick;
    let high = is_high_lead(d, t.seats[0], t.cards[0]);
    let winner = winner_of(d, &t, high, 4);
    // The winning side's member whose role (High/Low) matches the trick keeps it.
    let keeper = if d.is_high(winner) == high {
        winner
    } else {
        (winner + 2) % 4
    };
    // Its quack cards stay face up in front of the keeper.
    if t.quacks != 0 {
        for k in 1..4 {
            if t.is_quack(k) {
                d.kept_quacks[keeper as usize].insert(t.cards[k]);
            }
        }
    }
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
