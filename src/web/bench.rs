//! Benchmarks of the engine inside the browser, for `scripts/bench-wasm.mjs`.
//! They run the same loops as the native `duck-soup bench` (same seeds, same
//! positions), so the two rates compare wasm with native code directly.
//! Built only with the Cargo feature `bench`, which the page's build leaves
//! off; `scripts/bench-wasm.mjs` builds such a wasm and loads it in a page of
//! its own, whose console can run `wasmBindings.bench_playouts("two-player", 2000)`.

use crate::ai::{choose, Level, SeatView};
use crate::engine::rng::Rng;
use crate::engine::{playout, GameKind};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// `performance.now()`: milliseconds, sub-millisecond resolution.
    #[wasm_bindgen(js_namespace = performance, js_name = now)]
    fn perf_now() -> f64;
}

/// Random deals of `game` played out per second, over about `ms` milliseconds
/// (0 for an unknown game).
#[wasm_bindgen]
pub fn bench_playouts(game: &str, ms: f64) -> f64 {
    let Some(game) = GameKind::from_name(game) else {
        return 0.0;
    };
    let start_deal = playout::start_deal(game, 7);
    let mut rng = Rng::new(7);
    let mut deals = 0u32;
    let t0 = perf_now();
    let mut elapsed = 0.0;
    while elapsed < ms {
        playout::random_playouts(&start_deal, 256, &mut rng);
        deals += 256;
        elapsed = perf_now() - t0;
    }
    deals as f64 * 1000.0 / elapsed
}

/// Milliseconds taken by each of `count` Hard decisions, on the positions the
/// native `duck-soup bench --hard N` times (seed 11, decision i seeded with i).
#[wasm_bindgen]
pub fn bench_hard_ms(game: &str, count: u32) -> Vec<f64> {
    let Some(game) = GameKind::from_name(game) else {
        return Vec::new();
    };
    playout::random_positions(game, count as usize, 11)
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let view = SeatView::of(d, d.to_move());
            let t = perf_now();
            core::hint::black_box(choose(Level::Hard, &view, i as u64));
            perf_now() - t
        })
        .collect()
}
