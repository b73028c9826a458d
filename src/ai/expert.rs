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
//! - The two-player Soup course hides nothing: one deal, solved exactly
//!   ([`super::soup`], its table kept through the course) where the solver
//!   finishes within the budget, else searched trick by trick deeper until
//!   the budget is spent (exact near the end).
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
use super::seat_view::SeatView;
use super::solve::{play_out, Solver, TO_THE_END};
use super::soup;
use crate::engine::rng::Rng;
use crate::engine::{Deal, GameKind, Move};

/// Play-outs per decision by default, in every game (see [`page_playouts`]).
pub const DEFAULT_PLAYOUTS: u32 = 10_000;

/// The Expert player's play-outs per decision in `game`: the budget of the
/// command line and tournaments (unless `--playouts` says otherwise), of
/// the page at `pace=0`, and the most the page spends at the normal pace,
/// where it may stop sooner at its deadline ([`choose_while`]). Chosen so
/// that a decision fits the ~600 ms a computer turn leaves for thinking at
/// the normal pace on a phone about four times slower than the machine of
/// BENCHMARKS.md. Measured there in wasm (Chromium, the page's build), the
/// 95th percentile of a decision is 122 ms (two-player), 148 ms
/// (three-player) and 168 ms (partnership): 490, 590 and 671 ms on such a
/// phone, so at the normal pace the page's deadline ([`choose_while`]) cuts
/// short only the slowest few partnership decisions. The same budget in
/// every game: Expert's strength against Hard was measured at it.
pub fn page_playouts(game: GameKind) -> u32 {
    match game {
        GameKind::TwoPlayer | GameKind::ThreePlayer | GameKind::Partnership => DEFAULT_PLAYOUTS,
    }
}

/// Sampled deals are searched to their end once the stock is empty and the
/// mover holds at most this many cards. A search to the end costs about 800
/// moves per deal with three cards each (a play-out about 10 for each move
/// judged), about 7,000 with four in partnerships and 19,000 in the
/// three-player game: at four the budget would judge only a score of deals.
/// (The two-player game hides nothing once the stock is empty: see
/// [`deepening`].)
const EXACT_CARDS: u32 = 3;

/// Whether each sampled deal is searched to its end rather than played out
/// (few cards left: see [`EXACT_CARDS`]).
pub(crate) fn searched_to_the_end(view: &SeatView) -> bool {
    view.deal.stock_len() == 0 && view.hand().len() <= EXACT_CARDS
}

/// The fewest samples a round judges its moves on.
const MIN_SAMPLES: u64 = 8;

/// The Expert player's move with a budget of `playouts` play-outs.
/// Deterministic: the same view, history and random numbers give the same move.
pub fn choose(view: &SeatView, seen: Option<&SeatHistory>, rng: &mut Rng, playouts: u32) -> Move {
    choose_while(view, seen, rng, playouts, &mut |_| true)
}

/// [`choose`] that may stop before its budget: between batches of work
/// (a sampled deal judged for every move still in contention, or a trick
/// more of search in the two-player Soup course) it asks `keep_going`,
/// giving the play-outs' worth spent so far, and stops when told `false`,
/// deciding on what it has judged by then. It judges a few samples before
/// it first asks. The move depends only on the view, the history, the
/// random numbers and the answers, so a caller that answers by a clock
/// (the page, at the normal pace) stops at a deadline, and one that always
/// answers `true` is [`choose`].
pub fn choose_while(
    view: &SeatView,
    seen: Option<&SeatHistory>,
    rng: &mut Rng,
    max_playouts: u32,
    keep_going: &mut dyn FnMut(u32) -> bool,
) -> Move {
    choose_playing(view, seen, rng, max_playouts, keep_going, SoupPlay::Budget)
}

/// How the Expert player plays the two-player Soup course.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SoupPlay {
    /// Its search alone, as before the solver (for measuring against it).
    Searched,
    /// The exact solver where the budget allows it ([`soup::worth_solving`]),
    /// its search elsewhere: [`choose_while`], the default.
    Budget,
    /// The exact solver until `keep_going` says stop, however many cards
    /// are left, then its search: [`choose_solving`].
    Solved,
}

impl SoupPlay {
    pub const ALL: [SoupPlay; 3] = [SoupPlay::Searched, SoupPlay::Budget, SoupPlay::Solved];

    pub fn name(self) -> &'static str {
        match self {
            SoupPlay::Searched => "searched",
            SoupPlay::Budget => "budget",
            SoupPlay::Solved => "solved",
        }
    }

    pub fn from_name(s: &str) -> Option<SoupPlay> {
        SoupPlay::ALL.into_iter().find(|p| p.name() == s)
    }
}

/// [`choose_while`] playing the two-player Soup course as `soup` says.
pub fn choose_playing(
    view: &SeatView,
    seen: Option<&SeatHistory>,
    rng: &mut Rng,
    max_playouts: u32,
    keep_going: &mut dyn FnMut(u32) -> bool,
    soup: SoupPlay,
) -> Move {
    let legal = view.deal.legal_moves();
    let moves = legal.as_slice();
    if moves.len() == 1 {
        return moves[0];
    }
    if single_world(view) {
        let solved = match soup {
            SoupPlay::Searched => None,
            SoupPlay::Budget => solved(view, moves, max_playouts),
            SoupPlay::Solved => solved_waiting(view, moves, &mut || keep_going(0)),
        };
        if let Some(mv) = solved {
            return mv;
        }
    }
    let per_playout = moves_left(&view.deal);
    let budget = max_playouts as u64 * per_playout;
    let mut ask = |spent: u64| keep_going((spent / per_playout).min(u32::MAX as u64) as u32);
    if single_world(view) {
        return deepening(view, moves, budget, &mut ask);
    }
    let inference = inference(view, seen);
    let mut worlds = Worlds::new(view, inference.as_ref());
    halving(&mut worlds, moves, rng, budget, &mut ask)
}

/// What `seen` tells of the hidden cards, where the Expert player reads it:
/// not in the two-player game, where which cards the opponent drew when is
/// too uncertain for its moves to tell much (see `infer::TEMPERATURE`).
pub(crate) fn inference(view: &SeatView, seen: Option<&SeatHistory>) -> Option<Inference> {
    seen.filter(|_| view.deal.game() != GameKind::TwoPlayer)
        .map(|h| Inference::new(view, h))
}

/// Candidate deals drawn for each one searched, the one kept chosen by its
/// likelihood given the moves seen.
const CANDIDATES: usize = 8;

/// The sampled deals of a decision (the Expert player's and the review's).
pub(crate) struct Worlds<'a> {
    view: &'a SeatView,
    inference: Option<&'a Inference>,
    /// Moves' worth of work spent weighing candidates.
    pub(crate) spent: u64,
}

impl<'a> Worlds<'a> {
    /// Deals sampled from `view`, weighed by `inference` once another seat
    /// has decided anything.
    pub(crate) fn new(view: &'a SeatView, inference: Option<&'a Inference>) -> Worlds<'a> {
        Worlds {
            view,
            inference: inference.filter(|i| i.decisions() > 0),
            spent: 0,
        }
    }

    /// A deal consistent with the seat's view; with inference, one of
    /// [`CANDIDATES`] such deals drawn in proportion to its likelihood
    /// (sampling-importance-resampling).
    pub(crate) fn next(&mut self, rng: &mut Rng) -> Deal {
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
pub(crate) fn moves_left(d: &Deal) -> u64 {
    (d.game().deck_size() as u64)
        .saturating_sub(d.played().len() as u64)
        .max(1)
}

/// Whether the seat can know every card: the stock is empty and at most one
/// other seat holds cards (the two-player Soup course).
pub(crate) fn single_world(view: &SeatView) -> bool {
    let d = &view.deal;
    d.stock_len() == 0
        && (0..d.seats())
            .filter(|&s| s != view.seat && view.hand_len(s) > 0)
            .count()
            <= 1
}

/// The two-player Soup course's best move by the exact solver
/// ([`super::soup`]), Normal's among equals (as [`deepening`] chooses),
/// where the mover's cards are few enough for the budget
/// ([`soup::worth_solving`] with [`soup::EXPERT_NODES_PER_PLAYOUT`] nodes
/// per play-out); None elsewhere. The table this thread kept through the
/// course only makes it faster.
fn solved(view: &SeatView, moves: &[Move], max_playouts: u32) -> Option<Move> {
    let world = view.sample(&mut Rng::new(0));
    let allowance = max_playouts as u64 * soup::EXPERT_NODES_PER_PLAYOUT;
    if !soup::worth_solving(&world, allowance) {
        return None;
    }
    let normal = heuristic::choose(&view.deal);
    soup::with_thread_solver(|s| s.best_move(&world, moves, normal, &mut || true)).map(|(mv, _)| mv)
}

/// [`choose_while`] for a caller that can wait for the exact solver of the
/// two-player Soup course however many cards are left, until `keep_going`
/// says stop (the page's worker, by its clock): there the solver's best
/// move (with this thread's table, which [`soup::ponder`] may have filled
/// beforehand) if it finishes in time, else [`choose_while`]'s move, asked
/// the same `keep_going`. Elsewhere [`choose_while`]. Deterministic when
/// `keep_going` always answers true (then every Soup move is solved).
pub fn choose_solving(
    view: &SeatView,
    seen: Option<&SeatHistory>,
    rng: &mut Rng,
    max_playouts: u32,
    keep_going: &mut dyn FnMut(u32) -> bool,
) -> Move {
    choose_playing(view, seen, rng, max_playouts, keep_going, SoupPlay::Solved)
}

/// The solver's best move (Normal's among equals) in the two-player Soup
/// course, searched until `keep_going` says stop; None when stopped first.
pub(crate) fn solved_waiting(
    view: &SeatView,
    moves: &[Move],
    keep_going: &mut dyn FnMut() -> bool,
) -> Option<Move> {
    let world = view.sample(&mut Rng::new(0));
    if !soup::applies(&world) {
        return None;
    }
    let normal = heuristic::choose(&view.deal);
    soup::with_thread_solver(|s| s.best_move(&world, moves, normal, keep_going)).map(|(mv, _)| mv)
}

/// One known deal: searched a trick deeper each time while the budget lasts.
fn deepening(
    view: &SeatView,
    moves: &[Move],
    budget: u64,
    keep_going: &mut dyn FnMut(u64) -> bool,
) -> Move {
    let mut solver = Solver::new(view.seat);
    solver.node_limit = budget;
    let normal = heuristic::choose(&view.deal);
    // Should even one trick be too deep for the budget, Normal's choice.
    let world = view.sample(&mut Rng::new(0));
    let Some((values, _)) = deepening_values(&world, moves, &mut solver, keep_going) else {
        return normal;
    };
    let values = &values[..moves.len()];
    let top = values.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    // Among equally valued moves, Normal's (see the end of `halving`).
    match moves.iter().position(|&m| m == normal) {
        Some(i) if values[i] >= top => normal,
        _ => moves[values.iter().position(|&v| v >= top).expect("a best move")],
    }
}

/// The values of `moves` in the complete deal `world` (the one deal the
/// seat can know, see [`single_world`], or the real deal seen whole by the
/// review's omniscient judge), searched a trick deeper each time while
/// `solver`'s node limit lasts and `keep_going` (asked before each deeper
/// search) says so: those of the deepest search finished, and whether it
/// reached the deal's end (then they are exact). None when even one trick
/// is too deep.
pub(crate) fn deepening_values(
    world: &Deal,
    moves: &[Move],
    solver: &mut Solver,
    keep_going: &mut dyn FnMut(u64) -> bool,
) -> Option<([f32; 16], bool)> {
    // No more tricks than the mover's cards and its share of the stock
    // (rounded up: a search a trick too deep ends at the deal's end).
    let seats = world.seats() as usize;
    let drawn = world.stock_len().div_ceil(seats);
    let tricks_left =
        (world.hand(world.to_move()).len() as usize + drawn).min(u8::MAX as usize) as u8;
    let mut deepest = None;
    for depth in 1..=tricks_left {
        if depth > 1 && !keep_going(solver.nodes) {
            break;
        }
        let Ok(values) = solver.root_values(world, moves, depth) else {
            break;
        };
        deepest = Some((values, depth == tricks_left));
    }
    deepest
}

/// Sampled deals, the moves judged on each by play-out (or exact search
/// near the end); the worse half dropped after each round.
fn halving(
    worlds: &mut Worlds,
    moves: &[Move],
    rng: &mut Rng,
    budget: u64,
    keep_going: &mut dyn FnMut(u64) -> bool,
) -> Move {
    let view = worlds.view;
    let d = &view.deal;
    let exact = searched_to_the_end(view);
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
            // Every move still in contention has been judged on the same
            // samples: a good place to stop (after a few in the first round).
            if (round > 0 || samples >= MIN_SAMPLES) && !keep_going(spent) {
                stopped = true;
                break;
            }
        }
        let m = |i| mean(&totals, &counts, i);
        best_first(&mut alive, |a, b| m(b).total_cmp(&m(a)).then(a.cmp(&b)));
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

/// Sorts the moves still in contention by `order` (a total order: ties
/// broken by index, so any sort gives the same result). An insertion sort:
/// there are at most 16, and the standard library's stable sort would add
/// about 4 KB to the page.
fn best_first(alive: &mut [usize], order: impl Fn(usize, usize) -> std::cmp::Ordering) {
    for k in 1..alive.len() {
        let mut j = k;
        while j > 0 && order(alive[j], alive[j - 1]).is_lt() {
            alive.swap(j, j - 1);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::best_first;
    use crate::engine::rng::Rng;

    #[test]
    fn best_first_orders_as_the_standard_sort_does() {
        let mut rng = Rng::new(7);
        for len in 0..=16 {
            for _ in 0..50 {
                // Few distinct means, so that ties are common.
                let means: Vec<f64> = (0..16).map(|_| (rng.next_u64() % 4) as f64 / 2.0).collect();
                let order = |a: usize, b: usize| means[b].total_cmp(&means[a]).then(a.cmp(&b));
                let mut alive: Vec<usize> = (0..len).collect();
                rng.shuffle(&mut alive);
                let mut expected = alive.clone();
                expected.sort_by(|&a, &b| order(a, b));
                best_first(&mut alive, order);
                assert_eq!(alive, expected);
            }
        }
    }
}
