//! Decision timings in the browser, for `scripts/bench-wasm.mjs`: every
//! level's decisions on the positions the native `duck-soup bench --normal
//! N`, `--hard N` and `--expert N` time (seed 11, decision i seeded with i,
//! each with the mover's history). Pure Rust over the library's own API,
//! built only with the Cargo feature `bench` (off in the page), beside the
//! play-out benchmarks of the page's `bench` module.

use crate::ai::{choose_with, expert, history, Level, SeatView};
use crate::engine::GameKind;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`: milliseconds, sub-millisecond resolution.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn perf_now() -> f64;
}

/// Milliseconds taken by each of `count` decisions of `level` (a level's
/// name) in `game`; the Expert player with `playouts` play-outs (0: the
/// game's page budget). Empty for an unknown game or level.
#[wasm_bindgen]
pub fn bench_decision_ms(game: &str, level: &str, count: u32, playouts: u32) -> Vec<f64> {
    let (Some(game), Some(level)) = (GameKind::from_name(game), Level::from_name(level)) else {
        return Vec::new();
    };
    let playouts = if playouts == 0 {
        expert::page_playouts(game)
    } else {
        playouts
    };
    history::random_positions(game, count as usize, 11)
        .iter()
        .enumerate()
        .map(|(i, (d, seen))| {
            let view = SeatView::of(d, d.to_move());
            let t = perf_now();
            core::hint::black_box(choose_with(level, &view, Some(seen), i as u64, playouts));
            perf_now() - t
        })
        .collect()
}
