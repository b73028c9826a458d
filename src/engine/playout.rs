//! Uniformly random play-outs: the engine's speed benchmark (native and wasm
//! run this same loop) and a source of random positions.

use super::rng::{random_deck, Rng};
use super::{Deal, Game, GameKind, GameRecord, Roles, Rules};

/// A fresh deal of `game` from a fixed seed (dealt by seat 0, as a game's first deal).
pub fn start_deal(game: GameKind, seed: u64) -> Deal {
    let mut rng = Rng::new(seed);
    let deck = random_deck(game, &mut rng);
    Deal::new(Rules::parlett(game), 0, Roles::of_game(game, 0), &deck)
        .expect("a shuffled deck is valid")
}

/// Plays `count` whole deals from `start` with uniformly random legal moves;
/// returns how many moves were made.
pub fn random_playouts(start: &Deal, count: u32, rng: &mut Rng) -> u64 {
    let mut moves = 0;
    for _ in 0..count {
        let mut d = *start;
        while !d.is_over() {
            let mv = d.random_move(rng);
            d.apply_inlined(mv);
            moves += 1;
        }
    }
    moves
}

/// `count` positions part-way through random deals, each with a move to make.
pub fn random_positions(game: GameKind, count: usize, seed: u64) -> Vec<Deal> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut d = start_deal(game, rng.next_u64());
        let stop = rng.below(40);
        for _ in 0..stop {
            let mv = d.random_move(&mut rng);
            d.apply(mv);
        }
        if !d.is_over() {
            out.push(d);
        }
    }
    out
}

/// The record of a game of `deals` deals of `game` (Parlett's rules) played
/// with uniformly random legal moves: records of any length for the replay
/// viewer's tests and benchmarks.
pub fn random_game(game: GameKind, deals: u32, seed: u64) -> GameRecord {
    let mut rng = Rng::new(seed);
    let mut rules = Rules::parlett(game);
    rules.deals = Some(deals);
    let mut g = Game::new(rules, 0);
    while !g.is_over() {
        g.start_deal(random_deck(game, &mut rng), None)
            .expect("a deal starts");
        while g.deal().is_some_and(|d| !d.is_over()) {
            let legal = g.legal_moves();
            let mv = legal.as_slice()[rng.below(legal.len() as u32) as usize];
            g.play(mv).expect("a legal move");
        }
    }
    GameRecord::of(&g)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The play-outs are the speed benchmark, native against wasm, across
    /// versions: an optimisation must not change which deals they play.
    #[test]
    fn random_playouts_are_pinned() {
        let mut got = Vec::new();
        for game in GameKind::ALL {
            let mut rng = Rng::new(7);
            let moves = random_playouts(&start_deal(game, 7), 1000, &mut rng);
            got.push((moves, rng.next_u64()));
        }
        let pinned = vec![
            (53_217, 1_577_743_432_849_239_770),
            (54_044, 3_042_741_435_853_332_823),
            (52_000, 17_932_351_773_643_086_768),
        ];
        assert_eq!(got, pinned);
    }
}
