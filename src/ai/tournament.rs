//! Duplicate-deal tournaments between two levels: every deck is replayed
//! with the levels in every seating, so the luck of the cards cancels out.

use super::{choose, Level, SeatView};
use crate::engine::rng::{random_deck, Rng};
use crate::engine::{Deal, GameKind, Roles, Rules};

/// One seating: which seats level A holds (the rest are B's).
fn seatings(game: GameKind) -> Vec<[bool; 4]> {
    match game {
        GameKind::TwoPlayer => vec![[true, false, false, false], [false, true, false, false]],
        GameKind::ThreePlayer => (0..3).map(|a| std::array::from_fn(|s| s == a)).collect(),
        GameKind::Partnership => vec![[true, false, true, false], [false, true, false, true]],
    }
}

/// The result of one deal for A: 1 win, 0.5 tie, 0 loss, and A's margin.
#[derive(Clone, Copy, Debug)]
pub struct DealOutcome {
    pub result: f64,
    pub margin: f64,
}

/// Plays one deal from `deck` with A in the seats `a_seats`.
pub fn play_deal(
    rules: Rules,
    deck: &[crate::engine::Card],
    a_seats: [bool; 4],
    a: Level,
    b: Level,
    seed: u64,
) -> DealOutcome {
    let roles = Roles::of_game(rules.game, 0);
    let mut deal = Deal::new(rules, 0, roles, deck).expect("a generated deck is valid");
    let mut rng = Rng::new(seed);
    while !deal.is_over() {
        let seat = deal.to_move();
        let level = if a_seats[seat as usize] { a } else { b };
        let mv = choose(level, &SeatView::of(&deal, seat), rng.next_u64());
        deal.apply(mv);
    }
    let scores = deal.scores();
    let a_seat = a_seats.iter().position(|&x| x).expect("A has a seat") as u8;
    let a_scorer = rules.game.scorer_of(a_seat);
    let best_b = scores
        .iter()
        .filter(|&(s, _)| s != a_scorer)
        .map(|(_, &v)| v)
        .max()
        .unwrap_or(0);
    let (mine, theirs) = (scores[a_scorer] as f64, best_b as f64);
    let result = if mine > theirs {
        1.0
    } else if mine == theirs {
        0.5
    } else {
        0.0
    };
    DealOutcome {
        result,
        margin: mine - theirs,
    }
}

/// A tournament's figures. Confidence intervals treat each deck (all its
/// seatings together) as one independent sample.
#[derive(Clone, Debug)]
pub struct Summary {
    pub deals: usize,
    pub a_win_rate: f64,
    pub ci95: (f64, f64),
    pub mean_margin: f64,
    pub margin_ci95: (f64, f64),
}

fn mean_ci(xs: &[f64]) -> (f64, f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = if xs.len() > 1 {
        xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    let half = 1.96 * (var / n).sqrt();
    (mean, mean - half, mean + half)
}

/// Plays at least `deals` deals (whole decks, every seating) on `threads` threads.
pub fn run(rules: Rules, a: Level, b: Level, deals: usize, seed: u64, threads: usize) -> Summary {
    let seats = seatings(rules.game);
    let decks = deals.div_ceil(seats.len()).max(1);
    let threads = threads.clamp(1, decks);
    let per_deck: Vec<(f64, f64)> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let seats = &seats;
                scope.spawn(move || {
                    (t..decks)
                        .step_by(threads)
                        .map(|k| {
                            let mut rng = Rng::new(
                                seed.wrapping_add(k as u64)
                                    .wrapping_mul(0x2545_f491_4f6c_dd1d),
                            );
                            let deck = random_deck(rules.game, &mut rng);
                            let play_seed = rng.next_u64();
                            let outs: Vec<DealOutcome> = seats
                                .iter()
                                .map(|&s| play_deal(rules, &deck, s, a, b, play_seed))
                                .collect();
                            let n = outs.len() as f64;
                            (
                                outs.iter().map(|o| o.result).sum::<f64>() / n,
                                outs.iter().map(|o| o.margin).sum::<f64>() / n,
                            )
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("a tournament thread panicked"))
            .collect()
    });
    let results: Vec<f64> = per_deck.iter().map(|p| p.0).collect();
    let margins: Vec<f64> = per_deck.iter().map(|p| p.1).collect();
    let (rate, lo, hi) = mean_ci(&results);
    let (margin, mlo, mhi) = mean_ci(&margins);
    Summary {
        deals: decks * seats.len(),
        a_win_rate: rate,
        ci95: (lo.max(0.0), hi.min(1.0)),
        mean_margin: margin,
        margin_ci95: (mlo, mhi),
    }
}
