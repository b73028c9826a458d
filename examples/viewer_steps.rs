//! The replay viewer's step, natively: the time to reach a position
//! (`page::positions::Positions::at`) at the start and the end of a deal,
//! early and late in a long record. "step" is a step within the deal on
//! show (what the viewer does now); "entering" reaches the same position
//! from another deal, which replays from the nearest copy of the game kept
//! every `CHECKPOINT_DEALS` deals: what every step cost before the deal on
//! show was kept. Medians of many calls, in microseconds.
//!
//! `cargo run --release --example viewer_steps [-- DEALS]` (default 1,000).

use duck_soup::engine::playout::random_game;
use duck_soup::engine::{GameKind, GameRecord};
use duck_soup::page::positions::Positions;
use std::hint::black_box;
use std::time::Instant;

/// The median time of `at(pos)`, in µs, each call after `before` (untimed).
fn median_us(p: &Positions, r: &GameRecord, before: usize, pos: usize) -> f64 {
    let mut times: Vec<f64> = (0..201)
        .map(|_| {
            black_box(p.at(r, before));
            let t = Instant::now();
            black_box(p.at(r, pos));
            t.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn main() {
    let deals: u32 = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000);
    println!("game          deal   move       step   entering   (µs, median of 201)");
    for game in GameKind::ALL {
        let record = random_game(game, deals, 1);
        let p = Positions::new(&record);
        let n = record.deals.len();
        let mut start = 0;
        let starts: Vec<usize> = record
            .deals
            .iter()
            .map(|d| {
                let s = start;
                start += d.moves.len() + 1;
                s
            })
            .collect();
        // The first deal, the last of the first copy's block, the last deal.
        for deal in [0, 63.min(n - 1), n - 1] {
            let len = record.deals[deal].moves.len();
            let other = if deal == 0 {
                starts[1]
            } else {
                starts[deal - 1]
            };
            for upto in [1, len] {
                let pos = starts[deal] + upto;
                let step = median_us(&p, &record, pos - 1, pos);
                let entering = median_us(&p, &record, other, pos);
                println!(
                    "{:<12} {:>5} {:>3}/{:<3} {:>8.1} {:>10.1}",
                    game.name(),
                    deal + 1,
                    upto,
                    len,
                    step,
                    entering
                );
            }
        }
    }
}
