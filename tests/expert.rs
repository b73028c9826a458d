//! The Expert player makes legal moves in every game and decides the same
//! way from the same view, history and seed. (Its strength is measured by
//! tournaments, in BENCHMARKS.md; its fairness in tests/fairness.rs.)

use duck_soup::ai::{choose_expert_while, choose_with, Level, SeatHistory, SeatView};
use duck_soup::engine::rng::{random_deck, Rng};
use duck_soup::engine::{Deal, GameKind, Move, Roles, Rules};

/// A small budget for debug builds; every part of the search still runs.
const PLAYOUTS: u32 = 40;

/// Plays one deal with Expert at `expert_seat` and Normal elsewhere, each
/// seat deciding from its view and history, for at most `most` moves;
/// every move is checked by the engine. Returns Expert's moves.
fn play_deal(game: GameKind, seed: u64, expert_seat: u8, most: usize) -> Vec<Move> {
    let mut rng = Rng::new(seed);
    let deck = random_deck(game, &mut rng);
    let mut deal = Deal::new(Rules::parlett(game), 0, Roles::of_game(game, 0), &deck).unwrap();
    let mut histories: Vec<SeatHistory> = (0..deal.seats()).map(SeatHistory::new).collect();
    let mut expert_moves = Vec::new();
    for _ in 0..most {
        if deal.is_over() {
            break;
        }
        let seat = deal.to_move();
        let level = if seat == expert_seat {
            Level::Expert
        } else {
            Level::Normal
        };
        let view = SeatView::of(&deal, seat);
        let mv = choose_with(
            level,
            &view,
            Some(&histories[seat as usize]),
            rng.next_u64(),
            PLAYOUTS,
        );
        if level == Level::Expert {
            expert_moves.push(mv);
        }
        for h in &mut histories {
            h.record(&deal, mv);
        }
        deal.play(mv)
            .unwrap_or_else(|e| panic!("{game}: Expert's game made an illegal move: {e}"));
    }
    expert_moves
}

#[test]
fn expert_plays_whole_deals_legally_in_every_game() {
    for game in GameKind::ALL {
        let moves = play_deal(game, 7, 1, usize::MAX);
        // Every seat plays about a share of the deck's cards.
        assert!(
            moves.len() >= game.deck_size() / game.seats() - 1,
            "{game}: Expert made only {} moves",
            moves.len()
        );
    }
}

#[test]
fn expert_plays_the_same_deal_the_same_way() {
    for game in GameKind::ALL {
        // The first two dozen moves: the slow, early part of a deal.
        assert_eq!(
            play_deal(game, 11, 0, 24),
            play_deal(game, 11, 0, 24),
            "{game}"
        );
    }
}

#[test]
fn expert_with_a_history_decides_from_it_deterministically() {
    for game in GameKind::ALL {
        let mut rng = Rng::new(3);
        let deck = random_deck(game, &mut rng);
        let start = Deal::new(Rules::parlett(game), 0, Roles::of_game(game, 0), &deck).unwrap();
        let mut d = start;
        let mut moves = Vec::new();
        for _ in 0..12 {
            let mv = d.random_move(&mut rng);
            d.apply(mv);
            moves.push(mv);
        }
        let seat = d.to_move();
        let seen = SeatHistory::replay(&start, &moves, seat);
        assert_eq!(seen.len(), moves.len());
        let view = SeatView::of(&d, seat);
        let decide = |seed| choose_with(Level::Expert, &view, Some(&seen), seed, PLAYOUTS);
        let mv = decide(5);
        assert!(d.legal_moves().contains(mv), "{game}: {mv} is not legal");
        assert_eq!(mv, decide(5), "{game}");
    }
}

/// Positions of each game a dozen random moves in, with the mover's history.
fn positions_with_history(game: GameKind, count: usize, seed: u64) -> Vec<(Deal, SeatHistory)> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let deck = random_deck(game, &mut rng);
        let start = Deal::new(Rules::parlett(game), 0, Roles::of_game(game, 0), &deck).unwrap();
        let mut d = start;
        let mut moves = Vec::new();
        for _ in 0..rng.below(30) {
            let mv = d.random_move(&mut rng);
            d.apply(mv);
            moves.push(mv);
        }
        if !d.is_over() && d.legal_moves().len() > 1 {
            let seen = SeatHistory::replay(&start, &moves, d.to_move());
            out.push((d, seen));
        }
    }
    out
}

#[test]
fn expert_told_to_go_on_decides_as_with_a_fixed_budget() {
    for game in GameKind::ALL {
        for (i, (d, seen)) in positions_with_history(game, 4, 21).iter().enumerate() {
            let view = SeatView::of(d, d.to_move());
            let seed = 40 + i as u64;
            let mut asked = Vec::new();
            let mv = choose_expert_while(&view, Some(seen), seed, PLAYOUTS, &mut |spent| {
                asked.push(spent);
                true
            });
            assert_eq!(
                mv,
                choose_with(Level::Expert, &view, Some(seen), seed, PLAYOUTS),
                "{game}"
            );
            // It reports the work done so far, which only grows.
            assert!(asked.windows(2).all(|w| w[0] <= w[1]), "{game}: {asked:?}");
        }
    }
}

#[test]
fn expert_stops_when_told_and_decides_from_the_answers() {
    for game in GameKind::ALL {
        let mut cut_short = 0;
        for (i, (d, seen)) in positions_with_history(game, 4, 22).iter().enumerate() {
            let view = SeatView::of(d, d.to_move());
            let seed = 50 + i as u64;
            let budget = 160;
            let mut full = Vec::new();
            choose_expert_while(&view, Some(seen), seed, budget, &mut |spent| {
                full.push(spent);
                true
            });
            // Told to stop at the first question, it asks no more.
            let stop_at_once = |asked: &mut Vec<u32>| {
                choose_expert_while(&view, Some(seen), seed, budget, &mut |spent| {
                    asked.push(spent);
                    false
                })
            };
            let mut asked = Vec::new();
            let mv = stop_at_once(&mut asked);
            assert!(d.legal_moves().contains(mv), "{game}: {mv} is not legal");
            assert_eq!(asked, full[..full.len().min(1)], "{game}");
            if full.len() > 1 {
                // Stopped with work left undone.
                assert!(
                    asked[0] < *full.last().unwrap(),
                    "{game}: {asked:?} {full:?}"
                );
                cut_short += 1;
            }
            // The same answers, the same move.
            assert_eq!(mv, stop_at_once(&mut Vec::new()), "{game}");
        }
        assert!(
            cut_short >= 2,
            "{game}: only {cut_short} searches were cut short"
        );
    }
}
