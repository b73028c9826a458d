//! Computer players. Each decides from a [`SeatView`]: the deal with every
//! card its seat cannot see removed, so no level can cheat.

pub mod expert;
pub mod heuristic;
pub mod history;
pub mod infer;
pub mod judge;
pub mod question;
pub mod search;
pub mod seat_view;
pub mod settled;
pub mod solve;
pub mod soup;
#[cfg(not(target_arch = "wasm32"))]
pub mod tournament;

use crate::engine::rng::Rng;
use crate::engine::{Deal, Move};
pub use expert::SoupPlay;
pub use history::SeatHistory;
pub use seat_view::SeatView;

/// How strong a computer player is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// Uniformly random legal moves (a baseline for tournaments).
    Random,
    /// The Normal heuristic with frequent human-like slips.
    Easy,
    Normal,
    /// Search over sampled hidden cards.
    Hard,
    /// Deeper search over more samples, exact near the end, reading the
    /// other players' moves.
    Expert,
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Random,
        Level::Easy,
        Level::Normal,
        Level::Hard,
        Level::Expert,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    pub fn from_name(s: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == s)
    }
}

/// How often Easy slips into a random legal move.
const EASY_SLIP: f64 = 0.6;

/// The move a computer player at `level` makes in `view`. Deterministic:
/// the same view and seed give the same move.
pub fn choose(level: Level, view: &SeatView, seed: u64) -> Move {
    let playouts = expert::page_playouts(view.deal.game());
    choose_with(level, view, None, seed, playouts)
}

/// [`choose`] for a player that has seen the deal's moves so far (`seen`,
/// recorded for the same seat): the Expert player infers hidden cards from
/// them; the other levels do not read them.
pub fn choose_with_history(level: Level, view: &SeatView, seen: &SeatHistory, seed: u64) -> Move {
    let playouts = expert::page_playouts(view.deal.game());
    choose_with(level, view, Some(seen), seed, playouts)
}

/// [`choose_with_history`] with the Expert player's budget given:
/// `expert_playouts` play-outs per decision (the other levels ignore it).
pub fn choose_with(
    level: Level,
    view: &SeatView,
    seen: Option<&SeatHistory>,
    seed: u64,
    expert_playouts: u32,
) -> Move {
    choose_playing(level, view, seen, seed, expert_playouts, SoupPlay::Budget)
}

/// [`choose_with`] with the Expert player playing the two-player Soup
/// course as `soup` says (the other levels ignore it); the solver is never
/// told to stop.
pub fn choose_playing(
    level: Level,
    view: &SeatView,
    seen: Option<&SeatHistory>,
    seed: u64,
    expert_playouts: u32,
    soup: SoupPlay,
) -> Move {
    debug_assert!(
        seen.is_none_or(|h| h.seat() == view.seat),
        "another seat's history"
    );
    let mut rng = Rng::new(seed ^ position_hash(&view.deal));
    let legal = view.deal.legal_moves();
    let moves = legal.as_slice();
    assert!(!moves.is_empty(), "choose called with no move to make");
    match level {
        Level::Random => view.deal.random_move(&mut rng),
        Level::Easy if rng.unit() < EASY_SLIP => view.deal.random_move(&mut rng),
        Level::Easy | Level::Normal => heuristic::choose(&view.deal),
        Level::Hard => search::choose(view, &mut rng, search::playouts(view.deal.game())),
        Level::Expert => {
            expert::choose_playing(view, seen, &mut rng, expert_playouts, &mut |_| true, soup)
        }
    }
}

/// The Expert player's move, as [`choose_with`] decides it with
/// `max_playouts`, but asking `keep_going` between batches of work whether
/// to go on (see [`expert::choose_while`]): the page answers by a clock, so
/// that at the normal pace the search stops at its deadline, and at most
/// spends `max_playouts` (the game's [`expert::page_playouts`]). With every
/// answer `true` the move is [`choose_with`]'s, seed for seed.
pub fn choose_expert_while(
    view: &SeatView,
    seen: Option<&SeatHistory>,
    seed: u64,
    max_playouts: u32,
    keep_going: &mut dyn FnMut(u32) -> bool,
) -> Move {
    debug_assert!(
        seen.is_none_or(|h| h.seat() == view.seat),
        "another seat's history"
    );
    let mut rng = Rng::new(seed ^ position_hash(&view.deal));
    expert::choose_while(view, seen, &mut rng, max_playouts, keep_going)
}

/// The hint's move for `view`'s seat: in the two-player Soup course, the
/// exact solver's best move ([`soup`], Normal's among equals) where the
/// mover's cards are few enough for the Expert player's allowance for
/// `expert_playouts` ([`soup::worth_solving`]); elsewhere the Hard
/// player's (what the page's hint asks today).
pub fn hint(view: &SeatView, seed: u64, expert_playouts: u32) -> Move {
    let world = view.sample(&mut Rng::new(0));
    let allowance = expert_playouts as u64 * soup::EXPERT_NODES_PER_PLAYOUT;
    if expert::single_world(view) && soup::worth_solving(&world, allowance) {
        let legal = view.deal.legal_moves();
        let normal = heuristic::choose(&view.deal);
        let best = soup::with_thread_solver(|s| {
            s.best_move(&world, legal.as_slice(), normal, &mut || true)
        });
        if let Some((mv, _)) = best {
            return mv;
        }
    }
    choose_with(Level::Hard, view, None, seed, expert_playouts)
}

/// The exact solver's move (Normal's among equals) where `view`'s seat
/// knows every card of the two-player Soup course, searched until
/// `keep_going` says stop (with this thread's table, which the worker's
/// pondering may have filled); None elsewhere or when stopped first.
pub fn solved_until(view: &SeatView, keep_going: &mut dyn FnMut() -> bool) -> Option<Move> {
    if !expert::single_world(view) {
        return None;
    }
    let legal = view.deal.legal_moves();
    expert::solved_waiting(view, legal.as_slice(), keep_going)
}

/// The deal as `view`'s seat knows it where it knows every card (the
/// two-player Soup course: the other hand is every card not yet seen, which
/// the view does not hold); None elsewhere. What the page's worker solves
/// ahead from (`question::Pondering`).
pub fn known_deal(view: &SeatView) -> Option<Deal> {
    expert::single_world(view).then(|| view.sample(&mut Rng::new(0)))
}

/// A hash of the public position and the mover's hand, so that different
/// positions draw different random numbers from the same seed.
pub(crate) fn position_hash(d: &Deal) -> u64 {
    let mut h = d.hand(d.to_move()).0 ^ d.played().0.rotate_left(17);
    h ^= (d.to_move() as u64) << 58 | (d.trick().len() as u64) << 54 | d.stock_len() as u64;
    h.wrapping_mul(0x9e37_79b9_7f4a_7c15)
}
