//! A small deterministic random number generator (SplitMix64) and the seeded
//! shuffle. What a seed deals is part of the record format: changing
//! `shuffled_deck` breaks old share links, so it must never change within a
//! major version (a test pins its output).

use super::cards::{Card, CardSet};
use super::rules::GameKind;

#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// A generator from a text seed (FNV-1a of its bytes).
    pub fn from_text(seed: &str) -> Rng {
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in seed.bytes() {
            h ^= b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        Rng(h)
    }

    #[inline(always)]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0), without modulo bias worth measuring.
    #[inline(always)]
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * n as u64) >> 32) as u32
    }

    /// A uniform float in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }
}

/// The deck a text seed deals: the game's cards in index order, shuffled.
pub fn shuffled_deck(game: GameKind, seed: &str) -> Vec<Card> {
    let mut deck: Vec<Card> = game.deck().iter().collect();
    Rng::from_text(seed).shuffle(&mut deck);
    deck
}

/// A random deck from a numeric seed (tests, tournaments, benchmarks).
pub fn random_deck(game: GameKind, rng: &mut Rng) -> Vec<Card> {
    let mut deck: Vec<Card> = game.deck().iter().collect();
    rng.shuffle(&mut deck);
    deck
}

/// How many random words [`secret_deck`] takes: one per card (54 at most).
pub const SECRET_WORDS: usize = 54;

/// A deck shuffled by fresh randomness alone (a game with friends on other
/// devices): `words` are drawn from the operating system's generator for
/// this deal only, one 64-bit word per swap of the shuffle, so the deal
/// carries at least log2(40!) > 150 bits that no seed, earlier deal or
/// other page can reproduce. Nothing is derived from them but the order.
pub fn secret_deck(game: GameKind, words: &[u64; SECRET_WORDS]) -> Vec<Card> {
    let mut deck: Vec<Card> = game.deck().iter().collect();
    for i in (1..deck.len()).rev() {
        // Multiply-shift onto 0..=i: a bias under 2^-57, nothing to measure.
        let j = ((u128::from(words[i]) * (i as u128 + 1)) >> 64) as usize;
        deck.swap(i, j);
    }
    deck
}

/// Picks a uniformly random card of a set, if any.
pub fn pick(set: CardSet, rng: &mut Rng) -> Option<Card> {
    let n = set.len();
    (n > 0).then(|| set.nth(rng.below(n)).expect("n < len"))
}
