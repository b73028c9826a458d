//! A fixed number of one level's decisions on the positions `duck-soup
//! bench` times, for instruction-count profiling
//! (`valgrind --tool=callgrind target/release/examples/decisions expert three-player 20`),
//! which is repeatable where wall-clock timing on a busy machine is not;
//! built with `--profile web` it shows what the page's size-optimised code
//! costs against the native build.

use duck_soup::ai::{choose_with, expert, history, Level, SeatView};
use duck_soup::engine::GameKind;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let level = args
        .first()
        .and_then(|l| Level::from_name(l))
        .unwrap_or(Level::Expert);
    let game = args
        .get(1)
        .and_then(|g| GameKind::from_name(g))
        .unwrap_or(GameKind::TwoPlayer);
    let count: usize = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(20);
    let playouts = args
        .get(3)
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| expert::page_playouts(game));
    let mut moves = Vec::new();
    for (i, (d, seen)) in history::random_positions(game, count, 11)
        .iter()
        .enumerate()
    {
        let view = SeatView::of(d, d.to_move());
        moves.push(choose_with(level, &view, Some(seen), i as u64, playouts));
    }
    println!(
        "{game}: {count} {} decisions, last {:?}",
        level.name(),
        moves.last()
    );
}
