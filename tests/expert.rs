//! The Expert player makes legal moves in every game and decides the same
//! way from the same view, history and seed. (Its strength is measured by
//! tournaments, in BENCHMARKS.md; its fairness in tests/fairness.rs.)

use duck_soup::ai::{choose_with, Level, SeatHistory, SeatView};
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

/// The page's Expert stops at a deadline: told to stop at once it still
/// makes a legal move in every position of a deal, and never told to stop
/// it decides exactly as `choose_with` at the same budget.
#[test]
fn expert_stopped_early_still_plays_legally_and_unstopped_it_is_unchanged() {
    use duck_soup::ai::choose_until;
    let mut asked = 0;
    for game in GameKind::ALL {
        let mut rng = Rng::new(11);
        let deck = random_deck(game, &mut rng);
        let mut deal = Deal::new(Rules::parlett(game), 0, Roles::of_game(game, 0), &deck).unwrap();
        let mut history = SeatHistory::new(1);
        while !deal.is_over() {
            let seat = deal.to_move();
            let mv = if seat == 1 {
                let view = SeatView::of(&deal, seat);
                let seed = rng.next_u64();
                let stopped = choose_until(
                    Level::Expert,
                    &view,
                    Some(&history),
                    seed,
                    PLAYOUTS,
                    &mut || {
                        asked += 1;
                        false
                    },
                );
                assert!(
                    deal.legal_moves().contains(stopped),
                    "{game}: {stopped} is illegal"
                );
                let full = choose_until(
                    Level::Expert,
                    &view,
                    Some(&history),
                    seed,
                    PLAYOUTS,
                    &mut || true,
                );
                let same = choose_with(Level::Expert, &view, Some(&history), seed, PLAYOUTS);
                assert_eq!(full, same, "{game}: never stopped, another move");
                stopped
            } else {
                SeatView::of(&deal, seat).deal.legal_moves().as_slice()[0]
            };
            history.record(&deal, mv);
            deal.play(mv).unwrap();
        }
    }
    assert!(asked > 0, "the search never asked whether to go on");
}
