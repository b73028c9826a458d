//! The replay viewer's positions (`page::positions`): every position of a
//! long record, reached in any order (steps within a deal, jumps across the
//! copies kept every `CHECKPOINT_DEALS` deals, back and forth), is the game
//! replayed from its start to there.

use duck_soup::engine::playout::random_game;
use duck_soup::engine::rng::Rng;
use duck_soup::engine::{Game, GameKind, GameRecord};
use duck_soup::page::positions::{Positions, CHECKPOINT_DEALS};

/// The game at `pos` replayed from the record's start, move by move.
fn replayed(record: &GameRecord, mut pos: usize) -> (String, usize) {
    let mut g = Game::new(record.rules, record.first_dealer);
    let mut moves = 0;
    for d in &record.deals {
        g.start_deal(d.deck.clone(), d.seed.clone())
            .expect("a deal starts");
        let upto = pos.min(d.moves.len());
        for &mv in &d.moves[..upto] {
            g.play(mv).expect("a recorded move");
        }
        moves += upto;
        if pos <= d.moves.len() {
            return (format!("{g:?}"), moves);
        }
        pos -= d.moves.len() + 1;
    }
    panic!("no such position");
}

#[test]
fn every_position_is_the_game_replayed_to_it_in_any_order() {
    for game in GameKind::ALL {
        let deals = CHECKPOINT_DEALS as u32 * 2 + 3;
        let record = random_game(game, deals, 5);
        let positions = Positions::new(&record);
        let total = positions.total();
        let sizes: usize = record.deals.iter().map(|d| d.moves.len() + 1).sum();
        assert_eq!(total, sizes, "{game:?}");
        // Forward through a deal, back through it, then jumps across checkpoints.
        let second = record.deals[0].moves.len() + 1;
        let mut order: Vec<usize> = (0..second + 3).collect();
        order.extend((0..second).rev());
        let mut rng = Rng::new(9);
        order.extend((0..60).map(|_| rng.below(total as u32) as usize));
        order.push(total - 1);
        for pos in order {
            let p = positions.at(&record, pos).expect("a position");
            let (game_there, moves) = replayed(&record, pos);
            assert_eq!(format!("{:?}", p.game), game_there, "{game:?} at {pos}");
            assert_eq!(p.moves, moves, "{game:?} at {pos}");
        }
    }
}

#[test]
fn a_step_by_trick_stops_at_each_deals_start_and_end() {
    let record = random_game(GameKind::TwoPlayer, 3, 7);
    let positions = Positions::new(&record);
    let stops = positions.stops();
    let mut start = 0;
    for d in &record.deals {
        assert!(stops.contains(&start));
        start += d.moves.len();
        assert!(stops.contains(&start), "the deal's end, {start}");
        start += 1;
    }
    assert!(stops.windows(2).all(|w| w[0] < w[1]));
}
