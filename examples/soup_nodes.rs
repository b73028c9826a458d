//! The Soup solver's nodes at a trick's start with an empty table, at 13,
//! 12 and 11 cards a hand, on the courses of `duck-soup bench --soup N`
//! (deals 1000.., the Duck course by the Normal player, the Soup course by
//! the solver), with each first decision's move and value, so that two
//! versions of the solver can be compared: `cargo run --release --example
//! soup_nodes -- N [least cards]`.

use duck_soup::ai::heuristic;
use duck_soup::ai::soup::SoupSolver;
use duck_soup::engine::{playout, GameKind};

fn main() {
    let mut args = std::env::args().skip(1);
    let count: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let least: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(11);
    let mut cold: Vec<Vec<u64>> = vec![vec![]; 14];
    for i in 0..count {
        let mut d = playout::start_deal(GameKind::TwoPlayer, 1000 + i);
        while d.stock_len() > 0 {
            d.apply(heuristic::choose(&d));
        }
        let mut solver = SoupSolver::new();
        let mut line = format!("deal {}", 1000 + i);
        while !d.is_over() {
            let cards = d.hand(d.to_move()).len() as usize;
            if cards < least {
                break;
            }
            let legal = d.legal_moves();
            let normal = heuristic::choose(&d);
            if d.trick().is_empty() && cards < 13 {
                let mut fresh = SoupSolver::new();
                let (mv, v) = fresh
                    .best_move(&d, legal.as_slice(), normal, &mut || true)
                    .expect("no limit");
                cold[cards].push(fresh.nodes);
                line += &format!("  {cards}: {} nodes {mv} {v:.3}", fresh.nodes);
            }
            let before = solver.nodes;
            let (mv, v) = solver
                .best_move(&d, legal.as_slice(), normal, &mut || true)
                .expect("no limit");
            if cards == 13 && d.trick().is_empty() {
                cold[13].push(solver.nodes - before);
                line += &format!("  13: {} nodes {mv} {v:.3}", solver.nodes - before);
            }
            d.apply(mv);
        }
        println!("{line}");
    }
    for (cards, nodes) in cold.iter_mut().enumerate().rev() {
        if nodes.is_empty() {
            continue;
        }
        nodes.sort_unstable();
        let pct = |p: f64| nodes[((nodes.len() as f64 * p).ceil() as usize).saturating_sub(1)];
        println!(
            "{cards} cards ({} decisions): median {}, p95 {}, most {}, sum {}",
            nodes.len(),
            pct(0.5),
            pct(0.95),
            pct(1.0),
            nodes.iter().sum::<u64>()
        );
    }
}
