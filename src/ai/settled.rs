//! Whether a deal's scores are settled: every way the rest of it may be
//! played gives every seat the same score, so that *Play out the rest* may
//! finish it at once. Decided on the real deal (every hand and the stock),
//! exactly or not at all: every line within a budget of positions. The page
//! searches so on its own thread with a small budget ([`scores_settled`],
//! `page::table`), and where that cannot tell, the computers' worker with a
//! larger one ([`scores_settled_probing`], `ai::question::SettledQuestion`),
//! which first tries a few play-outs, since two that score apart settle the
//! question at once. (The page's build leaves them out: they would cost
//! more bytes than the few positions they spare it.)

use crate::engine::rng::Rng;
use crate::engine::{Deal, Scores};

/// The positions the page's own thread searches, a few milliseconds at most.
pub const PAGE_NODES: u32 = 5_000;

/// The positions the computers' worker searches when the page could not
/// tell: bounded, so that a question it cannot settle costs the worker
/// little more than a computer's decision and delays nothing for long.
pub const WORKER_NODES: u32 = 200_000;

/// Random play-outs tried before the exhaustive search: most deals not
/// settled are shown so by two of them.
const PROBES: u32 = 8;

/// Whether every way the rest of `deal` may be played gives every seat the
/// same score: `Some(true)` or `Some(false)` when decided within `nodes`
/// positions, `None` when more were needed.
pub fn scores_settled(deal: &Deal, nodes: u32) -> Option<bool> {
    Search {
        budget: nodes,
        first: None,
    }
    .settled_below(deal)
}

/// [`scores_settled`], a few random play-outs tried first (their moves
/// counted in `nodes`).
pub fn scores_settled_probing(deal: &Deal, nodes: u32) -> Option<bool> {
    if deal.is_over() {
        return Some(true);
    }
    let mut budget = nodes;
    let mut first = None;
    // (Seeded from the position: the same deal is always answered alike.)
    let mut rng = Rng::new(crate::ai::position_hash(deal));
    for _ in 0..PROBES {
        let mut d = *deal;
        while !d.is_over() {
            let moves = d.legal_moves();
            let Some(&mv) = moves.as_slice().get(rng.below(moves.len() as u32) as usize) else {
                break;
            };
            if budget == 0 || d.play(mv).is_err() {
                return None;
            }
            budget -= 1;
        }
        let scores = d.scores();
        if *first.get_or_insert(scores) != scores {
            return Some(false);
        }
    }
    let mut search = Search { budget, first };
    search.settled_below(deal)
}

struct Search {
    budget: u32,
    /// The score every line must give (the first line's).
    first: Option<Scores>,
}

impl Search {
    fn settled_below(&mut self, deal: &Deal) -> Option<bool> {
        if deal.is_over() {
            let scores = deal.scores();
            return Some(*self.first.get_or_insert(scores) == scores);
        }
        for &mv in deal.legal_moves().as_slice() {
            if self.budget == 0 {
                return None;
            }
            self.budget -= 1;
            let mut next = *deal;
            if next.play(mv).is_err() {
                return None;
            }
            if !self.settled_below(&next)? {
                return Some(false);
            }
        }
        Some(true)
    }
}
