//! The deals of a game with friends on other devices come from fresh
//! randomness alone (`engine::rng::secret_deck`): every card once, every
//! word of randomness counts, and no seed reproduces them.

use duck_soup::engine::rng::{secret_deck, shuffled_deck, Rng, SECRET_WORDS};
use duck_soup::engine::GameKind;
use std::collections::HashSet;

fn words(rng: &mut Rng) -> [u64; SECRET_WORDS] {
    std::array::from_fn(|_| rng.next_u64())
}

#[test]
fn a_secret_deck_is_the_whole_deck_once() {
    let mut rng = Rng::new(7);
    for game in GameKind::ALL {
        for _ in 0..200 {
            let deck = secret_deck(game, &words(&mut rng));
            assert_eq!(deck.len(), game.deck_size());
            let cards: HashSet<_> = deck.iter().copied().collect();
            assert_eq!(cards.len(), deck.len(), "{game:?}: a card twice");
            assert!(deck.iter().all(|&c| game.deck().contains(c)));
        }
    }
}

#[test]
fn every_word_of_randomness_changes_the_deal() {
    // A deck of n cards takes n - 1 swaps, each from its own word: changing
    // any one of them (to a value that picks another card) changes the deck.
    let mut rng = Rng::new(11);
    for game in GameKind::ALL {
        let base = words(&mut rng);
        let deck = secret_deck(game, &base);
        for i in 1..game.deck_size() {
            let mut other = base;
            // Half the range away: another position for any i.
            other[i] = base[i].wrapping_add(1 << 63);
            assert_ne!(
                secret_deck(game, &other),
                deck,
                "{game:?}: word {i} was ignored"
            );
        }
    }
}

#[test]
fn secret_decks_are_uniform_enough_and_unlike_any_seed() {
    // Where the first card lands: each position about equally often.
    let game = GameKind::TwoPlayer;
    let n = game.deck_size();
    let first = game.deck().iter().next().unwrap();
    let mut rng = Rng::new(3);
    let rounds = 40_000;
    let mut at = vec![0u32; n];
    let mut seen = HashSet::new();
    for _ in 0..rounds {
        let deck = secret_deck(game, &words(&mut rng));
        at[deck.iter().position(|&c| c == first).unwrap()] += 1;
        seen.insert(deck);
    }
    let expected = rounds as f64 / n as f64;
    let chi2: f64 = at
        .iter()
        .map(|&o| (o as f64 - expected).powi(2) / expected)
        .sum();
    // n - 1 degrees of freedom; 99.9th percentile for 39 is about 73.
    assert!(
        chi2 < 80.0,
        "chi-square {chi2:.1} over {n} positions: {at:?}"
    );
    assert_eq!(seen.len(), rounds, "two deals alike in {rounds}");
    // No well-known seed deals one of them.
    for seed in ["", "daily-2026-11-24", "online-2", "~abcdefghij"] {
        assert!(!seen.contains(&shuffled_deck(game, seed)));
    }
}
