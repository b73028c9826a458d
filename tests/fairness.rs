//! Computer players cannot cheat: their move depends only on what their seat
//! may know. Replacing the hidden cards with any other arrangement consistent
//! with the seat's information set (other hands, stock order, shown voids)
//! never changes the move.

use duck_soup::ai::{choose, Level, SeatView};
use duck_soup::engine::rng::{random_deck, Rng};
use duck_soup::engine::{Card, CardSet, Deal, GameKind, Roles, Rules, Suit};

/// Random positions from random deals, stopping at a random point.
fn positions(game: GameKind, count: usize, seed: u64) -> Vec<Deal> {
    let mut rng = Rng::new(seed);
    (0..count)
        .map(|_| {
            let deck = random_deck(game, &mut rng);
            let mut d = Deal::new(Rules::parlett(game), 0, Roles::of_game(game, 0), &deck).unwrap();
            let stop = rng.below(50);
            for _ in 0..stop {
                if d.is_over() {
                    break;
                }
                let legal = d.legal_moves();
                d.apply(legal.as_slice()[rng.below(legal.len() as u32) as usize]);
            }
            d
        })
        .filter(|d| !d.is_over())
        .collect()
}

/// A resampled deal agrees with every public fact and the mover's hand.
fn assert_consistent(real: &Deal, other: &Deal, seat: u8) {
    assert_eq!(real.hand(seat), other.hand(seat));
    assert_eq!(real.played(), other.played());
    assert_eq!(real.hand_lens(), other.hand_lens());
    assert_eq!(real.stock_len(), other.stock_len());
    let mut all = CardSet::EMPTY;
    for s in 0..real.seats() {
        all = all.or(other.hand(s));
        for suit in Suit::ALL {
            if real.shown_void(s, suit) {
                assert!(
                    other.hand(s).and(CardSet::suit(suit)).is_empty(),
                    "seat {s} shown void in {suit:?}"
                );
            }
        }
    }
    let stock: CardSet = other.stock().iter().copied().collect();
    assert_eq!(all.or(stock).or(other.played()), real.game().deck());
}

#[test]
fn no_level_changes_its_move_when_hidden_cards_are_rearranged() {
    for game in GameKind::ALL {
        let mut rng = Rng::new(99);
        for (i, real) in positions(game, 40, 5 + game as u64).iter().enumerate() {
            let seat = real.to_move();
            for level in Level::ALL {
                // Hard is slow in debug builds: check it on fewer positions.
                if level == Level::Hard && i % 8 != 0 {
                    continue;
                }
                let seed = 1234 + i as u64;
                let mv = choose(level, &SeatView::of(real, seat), seed);
                for _ in 0..3 {
                    let other = SeatView::of(real, seat).sample(&mut rng);
                    assert_consistent(real, &other, seat);
                    let again = choose(level, &SeatView::of(&other, seat), seed);
                    assert_eq!(
                        mv, again,
                        "{game} {level:?} changed its move when hidden cards moved"
                    );
                }
            }
        }
    }
}

#[test]
fn a_seat_view_holds_no_hidden_card() {
    for game in GameKind::ALL {
        for real in positions(game, 30, 77) {
            let seat = real.to_move();
            let view = SeatView::of(&real, seat);
            for s in 0..real.seats() {
                if s != seat {
                    assert!(view.deal.hand(s).is_empty());
                }
            }
            // The stock keeps its count but no card identity: every entry is the same placeholder.
            assert!(view.deal.stock().iter().all(|&c| c == Card::BLACK_DUCK));
            assert_eq!(
                view.unknown().len() as usize,
                real.hand_lens().iter().map(|&n| n as usize).sum::<usize>()
                    - real.hand(seat).len() as usize
                    + real.stock_len()
            );
            for s in 0..real.seats() {
                assert_eq!(
                    view.hand_len(s),
                    real.hand(s).len(),
                    "{game}: derived hand size of seat {s}"
                );
            }
        }
    }
}

#[test]
fn same_seed_same_position_same_move() {
    for game in GameKind::ALL {
        for (i, d) in positions(game, 10, 3).iter().enumerate() {
            let view = SeatView::of(d, d.to_move());
            for level in [Level::Easy, Level::Normal, Level::Hard] {
                assert_eq!(
                    choose(level, &view, i as u64),
                    choose(level, &view, i as u64)
                );
            }
        }
    }
}
