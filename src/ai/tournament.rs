//! Duplicate-deal tournaments between two levels: every deck is replayed
//! with the levels in every seating, so the luck of the cards cancels out.

use super::{choose_playing, expert, Level, SeatHistory, SeatView, SoupPlay};
use crate::engine::rng::{random_deck, Rng};
use crate::engine::{Card, Deal, Game, GameKind, Roles, Rules};

/// Who plays: level A against level B. In partnerships a `partner` level
/// makes each side one `partner` player (a stand-in for a person) and one
/// computer partner at A or B, so that what is measured is how well each
/// level partners that player.
#[derive(Clone, Copy, Debug)]
pub struct Lineup {
    pub a: Level,
    pub b: Level,
    pub partner: Option<Level>,
    /// The Expert player's play-outs per decision; `None`: the game's
    /// [`expert::page_playouts`].
    pub expert_playouts: Option<u32>,
    /// How A's and B's Expert players play the two-player Soup course.
    pub soup: [SoupPlay; 2],
}

impl Lineup {
    pub fn new(a: Level, b: Level) -> Lineup {
        Lineup {
            a,
            b,
            partner: None,
            expert_playouts: None,
            soup: [SoupPlay::Budget; 2],
        }
    }
}

/// One seating: the level at each seat, and a seat of side A.
#[derive(Clone, Copy, Debug)]
pub struct Seating {
    pub levels: [Level; 4],
    pub a_seat: u8,
    /// How each seat's Expert player plays the two-player Soup course.
    pub soups: [SoupPlay; 4],
}

/// Every seating of a deck: A and B swap seats, so each level holds every
/// seat's cards once. With a partner level, the partner players sit either
/// at seats 0 and 1 or at 2 and 3 (so each side's partner player is once
/// High and once Low) and the two computers take the other seat of each side.
fn seatings(game: GameKind, lineup: Lineup) -> Vec<Seating> {
    let Lineup {
        a,
        b,
        partner,
        soup,
        ..
    } = lineup;
    let with_a = |a_seats: [bool; 4]| Seating {
        levels: a_seats.map(|x| if x { a } else { b }),
        a_seat: a_seats.iter().position(|&x| x).expect("A has a seat") as u8,
        soups: a_seats.map(|x| if x { soup[0] } else { soup[1] }),
    };
    match (game, partner) {
        (GameKind::TwoPlayer, _) => vec![
            with_a([true, false, false, false]),
            with_a([false, true, false, false]),
        ],
        (GameKind::ThreePlayer, _) => (0..3)
            .map(|a| with_a(std::array::from_fn(|s| s == a)))
            .collect(),
        (GameKind::Partnership, None) => vec![
            with_a([true, false, true, false]),
            with_a([false, true, false, true]),
        ],
        (GameKind::Partnership, Some(person)) => {
            let mut out = Vec::new();
            for people in [[0u8, 1], [2, 3]] {
                for a_side in [0u8, 1] {
                    let levels = std::array::from_fn(|s| {
                        let s = s as u8;
                        if people.contains(&s) {
                            person
                        } else if s % 2 == a_side {
                            a
                        } else {
                            b
                        }
                    });
                    out.push(Seating {
                        levels,
                        a_seat: a_side,
                        // The two-player Soup course is not in this game.
                        soups: [SoupPlay::Budget; 4],
                    });
                }
            }
            out
        }
    }
}

/// The result of one deal for A: 1 win, 0.5 tie, 0 loss, and A's margin.
#[derive(Clone, Copy, Debug)]
pub struct DealOutcome {
    pub result: f64,
    pub margin: f64,
    /// A against each B scorer in turn (1 above it, 0.5 level, 0 below),
    /// averaged: the head-to-head rate, even at 50% in every game (the
    /// result is even at 33% in the three-player game).
    pub pairwise: f64,
}

/// Plays one deal from `deck` in `seating`. Every seat decides from its
/// view and the history of the deal as it saw it.
pub fn play_deal(
    rules: Rules,
    deck: &[Card],
    seating: Seating,
    expert_playouts: u32,
    seed: u64,
) -> DealOutcome {
    let roles = Roles::of_game(rules.game, 0);
    let mut deal = Deal::new(rules, 0, roles, deck).expect("a generated deck is valid");
    let mut histories: Vec<SeatHistory> = (0..deal.seats()).map(SeatHistory::new).collect();
    let mut rng = Rng::new(seed);
    while !deal.is_over() {
        let seat = deal.to_move();
        let level = seating.levels[seat as usize];
        let view = SeatView::of(&deal, seat);
        let seen = &histories[seat as usize];
        let soup = seating.soups[seat as usize];
        let mv = choose_playing(
            level,
            &view,
            Some(seen),
            rng.next_u64(),
            expert_playouts,
            soup,
        );
        for h in &mut histories {
            h.record(&deal, mv);
        }
        deal.apply(mv);
    }
    let scores = deal.scores();
    let a_scorer = rules.game.scorer_of(seating.a_seat);
    let best_b = scores
        .iter()
        .filter(|&(s, _)| s != a_scorer)
        .map(|(_, &v)| v)
        .max()
        .unwrap_or(0);
    let against = |theirs: u32| match scores[a_scorer].cmp(&theirs) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Less => 0.0,
    };
    let others: Vec<f64> = scores
        .iter()
        .filter(|&(s, _)| s != a_scorer)
        .map(|(_, &v)| against(v))
        .collect();
    DealOutcome {
        result: against(best_b),
        margin: scores[a_scorer] as f64 - best_b as f64,
        pairwise: others.iter().sum::<f64>() / others.len() as f64,
    }
}

/// A whole game (or `rules`' fixed number of deals) played by the computer
/// levels at each seat (`levels[s]` at seat `s`), from decks shuffled by the
/// random numbers of `seed`, with seat 0 the first dealer. Every seat
/// decides from its view and the history of the deal as it saw it.
/// `on_move` is called after each move (for a progress bar). Deterministic.
pub fn play_game(
    rules: Rules,
    levels: &[Level],
    seed: u64,
    expert_playouts: u32,
    on_move: &mut dyn FnMut(&Game),
) -> Game {
    play_game_with(
        rules,
        levels,
        seed,
        expert_playouts,
        SoupPlay::Budget,
        on_move,
    )
}

/// [`play_game`] with the Expert players playing the two-player Soup
/// course as `soup` says.
pub fn play_game_with(
    rules: Rules,
    levels: &[Level],
    seed: u64,
    expert_playouts: u32,
    soup: SoupPlay,
    on_move: &mut dyn FnMut(&Game),
) -> Game {
    assert_eq!(levels.len(), rules.game.seats(), "a level for each seat");
    let mut game = Game::new(rules, 0);
    let mut rng = Rng::new(seed);
    while !game.is_over() {
        game.start_deal(random_deck(rules.game, &mut rng), None)
            .expect("a generated deck is valid and the game goes on");
        let start = *game.deal().expect("a deal in progress");
        let mut histories: Vec<SeatHistory> = (0..start.seats()).map(SeatHistory::new).collect();
        while let Some(&deal) = game.deal().filter(|d| !d.is_over()) {
            let seat = deal.to_move();
            let view = SeatView::of(&deal, seat);
            let seen = &histories[seat as usize];
            let mv = choose_playing(
                levels[seat as usize],
                &view,
                Some(seen),
                rng.next_u64(),
                expert_playouts,
                soup,
            );
            for h in &mut histories {
                h.record(&deal, mv);
            }
            game.play(mv).expect("a computer plays a legal move");
            on_move(&game);
        }
    }
    game
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
    /// A's head-to-head rate against each B scorer (see [`DealOutcome`]).
    pub pairwise: f64,
    pub pairwise_ci95: (f64, f64),
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
pub fn run(rules: Rules, lineup: Lineup, deals: usize, seed: u64, threads: usize) -> Summary {
    run_with_progress(rules, lineup, deals, seed, threads, &|_| {})
}

/// The deals [`run`] plays for `deals` asked: whole decks, each in every seating.
pub fn deals_played(game: GameKind, lineup: Lineup, deals: usize) -> usize {
    let seatings = seatings(game, lineup).len();
    deals.div_ceil(seatings).max(1) * seatings
}

/// [`run`], calling `progress` (from any of the threads) with the number of
/// deals just played, after each deck.
pub fn run_with_progress(
    rules: Rules,
    lineup: Lineup,
    deals: usize,
    seed: u64,
    threads: usize,
    progress: &(dyn Fn(usize) + Sync),
) -> Summary {
    let seats = seatings(rules.game, lineup);
    let expert_playouts = lineup
        .expert_playouts
        .unwrap_or_else(|| expert::page_playouts(rules.game));
    let decks = deals.div_ceil(seats.len()).max(1);
    let threads = threads.clamp(1, decks);
    let per_deck: Vec<(f64, f64, f64)> = std::thread::scope(|scope| {
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
                                .map(|&s| play_deal(rules, &deck, s, expert_playouts, play_seed))
                                .collect();
                            progress(outs.len());
                            let n = outs.len() as f64;
                            (
                                outs.iter().map(|o| o.result).sum::<f64>() / n,
                                outs.iter().map(|o| o.margin).sum::<f64>() / n,
                                outs.iter().map(|o| o.pairwise).sum::<f64>() / n,
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
    let pairwise: Vec<f64> = per_deck.iter().map(|p| p.2).collect();
    let (pair, plo, phi) = mean_ci(&pairwise);
    Summary {
        deals: decks * seats.len(),
        a_win_rate: rate,
        ci95: (lo.max(0.0), hi.min(1.0)),
        mean_margin: margin,
        margin_ci95: (mlo, mhi),
        pairwise: pair,
        pairwise_ci95: (plo.max(0.0), phi.min(1.0)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn with_a_partner_level_each_side_is_one_such_player_and_one_computer() {
        let lineup = Lineup {
            partner: Some(Level::Normal),
            ..Lineup::new(Level::Expert, Level::Hard)
        };
        let all = seatings(GameKind::Partnership, lineup);
        assert_eq!(all.len(), 4);
        let roles = Roles::of_game(GameKind::Partnership, 0);
        for s in &all {
            let a_side = s.a_seat % 2;
            for side in 0..2u8 {
                let seats = [side, side + 2];
                let levels = seats.map(|x| s.levels[x as usize]);
                let computer = if side == a_side {
                    Level::Expert
                } else {
                    Level::Hard
                };
                assert!(levels.contains(&Level::Normal) && levels.contains(&computer));
            }
        }
        // Each level partners a High and a Low member, on either side.
        for high in [true, false] {
            for side in 0..2u8 {
                assert!(all.iter().any(|s| (0..4u8).any(|x| {
                    s.levels[x as usize] == Level::Expert
                        && x % 2 == side
                        && roles.is_high(x) == high
                })));
            }
        }
    }

    #[test]
    fn without_a_partner_level_a_and_b_swap_seats() {
        let lineup = Lineup::new(Level::Expert, Level::Hard);
        for game in GameKind::ALL {
            let all = seatings(game, lineup);
            // Three-player: A at each seat; otherwise A on each side.
            let expected = if game == GameKind::ThreePlayer { 3 } else { 2 };
            assert_eq!(all.len(), expected, "{game}");
            for seat in 0..game.seats() {
                assert!(all.iter().any(|s| s.levels[seat] == Level::Expert));
                assert!(all.iter().any(|s| s.levels[seat] == Level::Hard));
            }
        }
    }
}
