//! The Expert player: the Hard player's determinized search, made stronger
//! where it pays.
//!
//! - Play-outs that see the sampled deal: each seat plays by the Normal
//!   player's rules but fears only the cards its opponents really hold
//!   there ([`super::solve::play_out`]), where the Hard player's play-outs
//!   guess as if nothing were known.
//! - Successive halving: the budget is spent in rounds, each on fresh
//!   samples of the hidden cards, and after each round the worse half of the
//!   moves is dropped, so the close contenders are compared on many samples.
//! - Exact search near the end: when few cards are left, each sampled deal
//!   is searched to its end ([`super::solve`]) instead of played out.
//! - The two-player Soup course hides nothing: one deal, searched trick by
//!   trick deeper until the budget is spent (exact near the end).
//! - Inference: each sample is the likelier of several, judged by the
//!   moves the other seats were seen to make ([`super::infer`]).
//!
//! The budget counts play-outs, as the Hard player's does, but is spent as
//! moves (a play-out is worth as many moves as are left in the deal), so a
//! decision takes about the same time whether it plays out or searches.

use super::heuristic;
use super::history::SeatHistory;
use super::infer::Inference;
use super::search::outcome;
use super::solve::{play_out, Solver, TO_THE_END};
use super::view::SeatView;
use crate::engine::rng::Rng;
use crate::engine::{Deal, GameKind, Move};

/// Play-outs per decision by default: natively, single-threaded, at most
/// about 130 ms a decision (see BENCHMARKS.md), which leaves room for the
/// page's wasm (0.9 times native speed) on a phone four times slower than
/// the machine measured within the 600 ms a worker has per computer turn.
pub const DEFAULT_PLAYOUTS: u32 = 10_000;

/// The page's budget: at `pace=0` every decision spends exactly this many
/// play-outs (so a seeded game replays the same); at the normal pace it
/// caps a search that otherwise stops when the table's thinking delay is
/// up (see [`choose_until`]).
pub const PAGE_PLAYOUTS: u32 = DEFAULT_PLAYOUTS;

/// Sampled deals are searched to their end once the stock is empty and the
/// mover holds at most this many cards. A search to the end costs about 800
/// moves per deal with three cards each (a play-out about 10 for each move
/// judged), about 7,000 with four in partnerships and 19,000 in the
/// three-player game: at four the budget would judge only a score of deals.
/// (The two-player game hides nothing once the stock is empty: see
/// [`deepening`].)
const EXACT_CARDS: u32 = 3;

/// The fewest samples a round judges its moves on.
const MIN_SAMPLES: u64 = 8;

pub fn choose(view: &SeatView, seen: Option<&SeatHistory>, rng: &mut Rng, playouts: u32) -> Move {
    choose_until(view, seen, rng, playouts, &mut || true)
}

/// [`choose`] that also stops early once `keep_going` says no (a deadline):
/// it is asked between samples (and between depths of the two-player Soup
/// course's search), never before every move was judged on
/// [`MIN_SAMPLES`] samples. With `|| true` it is exactly [`choose`].
pub fn choose_until(
    view: &SeatView,
    seen: Option<&SeatHistory>,
    rng: &mut Rng,
    playouts: u32,
    keep_going: &mut dyn FnMut() -> bool,
) -> Move {
    let legal = view.deal.legal_moves();
    let moves = legal.as_slice();
    if moves.len() == 1 {
        return moves[0];
    }
    let budget = playouts as u64 * moves_left(&view.deal);
    if single_world(view) {
        return deepening(view, moves, budget, keep_going);
    }
    // Which cards a two-player opponent drew when is too uncertain for its
    // moves to tell much (see `infer::TEMPERATURE`).
    let inference = seen
        .filter(|_| view.deal.game() != GameKind::TwoPlayer)
        .map(|h| Inference::new(view, h));
    let mut worlds = Worlds {
        view,
        inference: inference.as_ref().filter(|i| i.decisions() > 0),
        spent: 0,
    };
    halving(&mut worlds, moves, rng, budget, keep_going)
}

/// Candidate deals drawn for each one searched, the one kept chosen by its
/// likelihood given the moves seen.
const CANDIDATES: usize = 8;

/// The sampled deals of a decision.
struct Worlds<'a> {
    view: &'a SeatView,
    inference: Option<&'a Inference>,
    /// Moves' worth of work spent weighing candidates.
    spent: u64,
}

impl Worlds<'_> {
    /// A deal consistent with the seat's view; with inference, one of
    /// [`CANDIDATES`] such deals drawn in proportion to its likelihood
    /// (sampling-importance-resampling).
    fn next(&mut self, rng: &mut Rng) -> Deal {
        let Some(inference) = self.inference else {
            return self.view.sample(rng);
        };
        let mut pool = [self.view.deal; CANDIDATES];
        let mut weights = [0f64; CANDIDATES];
        for i in 0..CANDIDATES {
            pool[i] = self.view.sample(rng);
            weights[i] = inference.weight(&pool[i], rng);
        }
        // Weighing a candidate runs the Normal player once per decision read.
        self.spent += (CANDIDATES * inference.decisions()) as u64;
        let mut x = rng.unit() * weights.iter().sum::<f64>();
        for i in 0..CANDIDATES {
            x -= weights[i];
            if x < 0.0 {
                return pool[i];
            }
        }
        pool[CANDIDATES - 1]
    }
}

/// Moves left in the deal, about: one per card not yet shown.
fn moves_left(d: &Deal) -> u64 {
    (d.game().deck_size() as u64)
        .saturating_sub(d.played().len() as u64)
        .max(1)
}

/// Whether the seat can know every card: the stock is empty and at most one
/// other seat holds cards (the two-player Soup course).
fn single_world(view: &SeatView) -> bool {
    let d = &view.deal;
    d.stock_len() == 0
        && (0..d.seats())
            .filter(|&s| s != view.seat && view.hand_len(s) > 0)
            .count()
            <= 1
}

/// One known deal: searched a trick deeper each time while the budget lasts.
fn deepening(
    view: &SeatView,
    moves: &[Move],
    budget: u64,
    keep_going: &mut dyn FnMut() -> bool,
) -> Move {
    let world = view.sample(&mut Rng::new(0));
    let mut solver = Solver::new(view.seat);
    solver.node_limit = budget;
    // The stock is empty: no more tricks than cards in the mover's hand.
    let tricks_left = view.hand().len() as u8;
    let normal = heuristic::choose(&view.deal);
    // Should even one trick be too deep for the budget, Normal's choice.
    let mut best = normal;
    for depth in 1..=tricks_left {
        if depth > 1 && !keep_going() {
            break;
        }
        let Ok(values) = solver.root_values(&world, moves, depth) else {
            break;
        };
        let values = &values[..moves.len()];
        let top = values.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        // Among equally valued moves, Normal's (see the end of `halving`).
        best = match moves.iter().position(|&m| m == normal) {
            Some(i) if values[i] >= top => normal,
            _ => moves[values.iter().position(|&v| v >= top).expect("a best move")],
        };
    }
    best
}

/// Sampled deals, the moves judged on each by play-out (or exact search
/// near the end); the worse half dropped after each round.
fn halving(
    worlds: &mut Worlds,
    moves: &[Move],
    rng: &mut Rng,
    budget: u64,
    keep_going: &mut dyn FnMut() -> bool,
) -> Move {
    let view = worlds.view;
    let d = &view.deal;
    let exact = d.stock_len() == 0 && view.hand().len() <= EXACT_CARDS;
    let per_move = moves_left(d);
    let mut alive: Vec<usize> = (0..moves.len()).collect();
    let mut totals = [0f64; 16];
    let mut counts = [0u32; 16];
    let rounds = usize::BITS - (moves.len() - 1).leading_zeros();
    let mut solver = Solver::new(view.seat);
    let mut spent = 0u64;
    let mean = |totals: &[f64; 16], counts: &[u32; 16], i: usize| totals[i] / counts[i] as f64;
    let mut stopped = false;
    for round in 0..rounds {
        let share = (budget - spent.min(budget)) / (rounds - round) as u64;
        let start = spent;
        let mut samples = 0u64;
        while samples < MIN_SAMPLES || spent - start < share {
            if samples >= MIN_SAMPLES && !keep_going() {
                stopped = true;
                break;
            }
            let before = worlds.spent;
            let world = worlds.next(rng);
            spent += worlds.spent - before;
            if exact {
                let chosen: Vec<Move> = alive.iter().map(|&i| moves[i]).collect();
                solver.nodes = 0;
                let values = solver
                    .root_values(&world, &chosen, TO_THE_END)
                    .expect("no node limit");
                spent += solver.nodes.max(per_move);
                for (k, &i) in alive.iter().enumerate() {
                    totals[i] += values[k] as f64;
                    counts[i] += 1;
                }
            } else {
                for &i in &alive {
                    let mut w = world;
                    w.apply(moves[i]);
                    play_out(&mut w);
                    totals[i] += outcome(&w, view.seat) as f64;
                    counts[i] += 1;
                    spent += per_move;
                }
            }
            samples += 1;
        }
        let m = |i| mean(&totals, &counts, i);
        alive.sort_by(|&a, &b| m(b).total_cmp(&m(a)).then(a.cmp(&b)));
        if stopped || alive.len() <= 2 || round + 1 == rounds {
            break;
        }
        alive.truncate(alive.len().div_ceil(2));
    }
    // Among moves the search values the same (common when it searches to
    // the end), the Normal player's choice: it keeps what the search sees no
    // reason to spend (it does not take over a partner's winning card, say).
    let normal = heuristic::choose(d);
    let best = alive[0];
    let m = |i| mean(&totals, &counts, i);
    match alive.iter().find(|&&i| moves[i] == normal) {
        Some(&i) if m(i) >= m(best) => normal,
        _ => moves[best],
    }
}
