//! What one seat may know of a deal, and sampling the hidden cards
//! consistently with it (the information set of search).

use crate::engine::rng::Rng;
use crate::engine::{Card, CardSet, Deal};

/// A deal as one seat sees it. It is built from the real deal with every
/// hidden card removed, so nothing that decides from it can cheat.
#[derive(Clone, Copy, Debug)]
pub struct SeatView {
    pub seat: u8,
    /// The deal with the other hands emptied and the stock blanked.
    pub deal: Deal,
}

impl SeatView {
    pub fn of(deal: &Deal, seat: u8) -> SeatView {
        SeatView {
            seat,
            deal: deal.hidden_from(seat),
        }
    }

    pub fn hand(&self) -> CardSet {
        self.deal.hand(self.seat)
    }

    /// Cards this seat cannot see: in other hands or in the stock.
    pub fn unknown(&self) -> CardSet {
        unknown_to(&self.deal, self.seat)
    }

    /// How many cards `seat` holds, derived from public facts: every hand
    /// has the same size when a trick starts.
    pub fn hand_len(&self, seat: u8) -> u32 {
        hand_len_of(&self.deal, self.seat, seat)
    }

    /// A complete deal consistent with everything this seat knows: the
    /// unknown cards dealt at random to the other hands (respecting shown
    /// voids) and the rest in random order as the stock.
    pub fn sample(&self, rng: &mut Rng) -> Deal {
        let d = &self.deal;
        let n = d.seats();
        let mut cards: [Card; 54] = [Card::BLACK_DUCK; 54];
        let mut count = 0;
        for c in self.unknown().iter() {
            cards[count] = c;
            count += 1;
        }
        let cards = &mut cards[..count];
        let mut need = [0u32; 4];
        for s in 0..n {
            if s != self.seat {
                need[s as usize] = self.hand_len(s);
            }
        }
        // Retry a few shuffles that respect the voids; fall back to ignoring them.
        for attempt in 0..64 {
            rng.shuffle(cards);
            if let Some(hands) = deal_out(d, self.seat, cards, need, attempt < 63) {
                let dealt: u32 = need.iter().sum();
                return d.with_hidden(hands, &cards[dealt as usize..]);
            }
        }
        unreachable!("the last attempt ignores voids and always succeeds")
    }
}

/// Deals `cards` (already shuffled) to the seats' needs; the rest is the stock.
fn deal_out(
    d: &Deal,
    me: u8,
    cards: &mut [Card],
    need: [u32; 4],
    respect_voids: bool,
) -> Option<[CardSet; 4]> {
    let mut hands = [CardSet::EMPTY; 4];
    hands[me as usize] = d.hand(me);
    let mut left = need;
    let dealt: u32 = need.iter().sum();
    let mut next = 0usize;
    // Place each card with a seat that may hold it; swap placed cards to the front.
    for i in 0..cards.len() {
        if next as u32 == dealt {
            break;
        }
        let c = cards[i];
        let mut placed = false;
        for k in 0..4u8 {
            let s = ((i as u8) + k) % 4;
            if left[s as usize] > 0
                && (!respect_voids || c.is_joker() || !d.shown_void(s, c.suit()))
            {
                hands[s as usize].insert(c);
                left[s as usize] -= 1;
                cards.swap(i, next);
                next += 1;
                placed = true;
                break;
            }
        }
        if !placed && d.stock_len() == 0 {
            return None;
        }
    }
    (next as u32 == dealt).then_some(hands)
}

pub(crate) fn unknown_to(d: &Deal, seat: u8) -> CardSet {
    d.game().deck().minus(d.hand(seat)).minus(d.played())
}

pub(crate) fn hand_len_of(d: &Deal, me: u8, seat: u8) -> u32 {
    // A plain loop rather than iterator adapters, which the page's
    // size-optimised build calls out of line (this runs in every Normal
    // decision of a play-out).
    let trick = d.trick();
    let (mut mine, mut theirs) = (0, 0);
    for &p in &trick.seats[..trick.len()] {
        mine += (p == me) as u32;
        theirs += (p == seat) as u32;
    }
    d.hand(me).len() + mine - theirs
}
