//! A fixed amount of random play-outs, for instruction-count profiling
//! (`valgrind --tool=callgrind target/release/examples/playouts two-player 20000`),
//! which is repeatable where wall-clock timing on a busy machine is not.

use duck_soup::engine::playout::{random_playouts, start_deal};
use duck_soup::engine::rng::Rng;
use duck_soup::engine::GameKind;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let game = args
        .first()
        .and_then(|g| GameKind::from_name(g))
        .unwrap_or(GameKind::TwoPlayer);
    let deals: u32 = args.get(1).and_then(|n| n.parse().ok()).unwrap_or(20_000);
    let start = start_deal(game, 7);
    let moves = random_playouts(&start, deals, &mut Rng::new(7));
    println!("{game}: {deals} deals, {moves} moves");
}
