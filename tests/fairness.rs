//! Computer players cannot cheat: their move depends only on what their seat
//! may know. Replacing the hidden cards with any other arrangement consistent
//! with the seat's information set (other hands, stock order, shown voids)
//! never changes the move. The Expert player also reads the moves seen so
//! far: for it the hidden cards are rearranged in the deck the deal was
//! dealt from, so that the same moves lead to the same views.

use duck_soup::ai::{choose, choose_with, Level, SeatHistory, SeatView};
use duck_soup::engine::rng::{random_deck, Rng};
use duck_soup::engine::{Card, CardSet, Deal, GameKind, Move, Roles, Rules, Suit};
use std::collections::HashMap;

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
            // Expert has its own test below, with the moves it reads.
            for level in Level::ALL.into_iter().filter(|&l| l != Level::Expert) {
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
            let expert = |seed| choose_with(Level::Expert, &view, None, seed, EXPERT_PLAYOUTS);
            assert_eq!(expert(i as u64), expert(i as u64));
        }
    }
}

/// The Expert player's budget in these tests: small, for debug builds; every
/// part of its search still runs (sampling, inference, halving, exact search).
const EXPERT_PLAYOUTS: u32 = 60;

/// A deal's deck and the moves played from it: a position and how it came about.
struct Played {
    rules: Rules,
    deck: Vec<Card>,
    moves: Vec<Move>,
}

impl Played {
    fn start(&self) -> Deal {
        Deal::new(
            self.rules,
            0,
            Roles::of_game(self.rules.game, 0),
            &self.deck,
        )
        .unwrap()
    }

    fn now(&self) -> Deal {
        let mut d = self.start();
        for &mv in &self.moves {
            d.play(mv).expect("the moves are legal in this deck");
        }
        d
    }

    fn history(&self, seat: u8) -> SeatHistory {
        SeatHistory::replay(&self.start(), &self.moves, seat)
    }

    /// The same moves from another deck: the cards `seat` cannot see now
    /// (other hands, the stock) dealt as in `world`, a resample of its view.
    /// Each hidden card takes the deck place of the card whose place it takes
    /// now; no other card moves, so every view of `seat` stays the same.
    fn rearranged(&self, seat: u8, world: &Deal) -> Played {
        let real = self.now();
        let mut to: HashMap<Card, Card> = HashMap::new();
        for s in (0..real.seats()).filter(|&s| s != seat) {
            for (a, b) in real.hand(s).iter().zip(world.hand(s).iter()) {
                to.insert(a, b);
            }
        }
        for (&a, &b) in real.stock().iter().zip(world.stock()) {
            to.insert(a, b);
        }
        Played {
            rules: self.rules,
            deck: self.deck.iter().map(|c| *to.get(c).unwrap_or(c)).collect(),
            moves: self.moves.clone(),
        }
    }
}

/// Random positions with the random moves that led there.
fn played_positions(game: GameKind, count: usize, seed: u64) -> Vec<Played> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let rules = Rules::parlett(game);
        let deck = random_deck(game, &mut rng);
        let mut p = Played {
            rules,
            deck,
            moves: Vec::new(),
        };
        let mut d = p.start();
        for _ in 0..5 + rng.below(36) {
            let mv = d.random_move(&mut rng);
            d.apply(mv);
            p.moves.push(mv);
            if d.is_over() {
                break;
            }
        }
        if !d.is_over() {
            out.push(p);
        }
    }
    out
}

#[test]
fn expert_does_not_change_its_move_when_hidden_cards_are_rearranged() {
    for game in GameKind::ALL {
        let mut rng = Rng::new(17);
        let mut rearranged = 0;
        for (i, played) in played_positions(game, 4, 40 + game as u64)
            .iter()
            .enumerate()
        {
            let real = played.now();
            let seat = real.to_move();
            let seen = played.history(seat);
            let seed = 99 + i as u64;
            let mv = choose_with(
                Level::Expert,
                &SeatView::of(&real, seat),
                Some(&seen),
                seed,
                EXPERT_PLAYOUTS,
            );
            for _ in 0..2 {
                let world = SeatView::of(&real, seat).sample(&mut rng);
                let other = played.rearranged(seat, &world);
                let other_now = other.now();
                assert_consistent(&real, &other_now, seat);
                let hands = |d: &Deal| (0..d.seats()).map(|s| d.hand(s)).collect::<Vec<_>>();
                if hands(&real) != hands(&other_now) {
                    rearranged += 1;
                }
                let again = choose_with(
                    Level::Expert,
                    &SeatView::of(&other_now, seat),
                    Some(&other.history(seat)),
                    seed,
                    EXPERT_PLAYOUTS,
                );
                assert_eq!(
                    mv, again,
                    "{game}: Expert changed its move when hidden cards moved"
                );
            }
        }
        assert!(
            rearranged >= 3,
            "{game}: only {rearranged} deals were really rearranged"
        );
    }
}
