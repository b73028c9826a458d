//! The deal review: every move a seat made in a deal, judged from that
//! seat's view at that moment with the history it had seen (what the Expert
//! player decides from: no hidden card is read), by the Expert player's
//! machinery: its sampled deals weighed by the moves seen
//! ([`super::expert::Worlds`]), its play-outs that see the sampled deal
//! ([`super::solve::play_out`]) and its exact search ([`super::solve`]).
//!
//! **Points.** A move's value is the seat's expected *margin*: its scorer's
//! deal score (its side's in partnerships), as the rules score it, minus
//! the best other scorer's ([`super::search::margin`]). The Expert's search
//! maximises [`super::search::outcome`], which is made of that margin alone
//! and rises with it (winning the deal first, then by how much): the review
//! values the same deals by the points themselves, so that a loss reads as
//! points given away. The exact search maximises the outcome, as the Expert's
//! does; as the outcome rises with the margin, its values are the margins'
//! (turned back into points by [`margin_of_outcome`]).
//!
//! **Fair comparison.** Every legal move is judged on the same sampled
//! deals, so that the luck of the sample cancels out of their differences;
//! each value comes with its spread (the standard error of the mean over
//! those deals).
//!
//! **Exact values.** In the two-player Soup course every card's place is
//! known, and the exact solver of that course ([`super::soup`]) values
//! every legal move where the mover's cards are few enough for the budget
//! ([`soup::REVIEW_NODES_PER_PLAYOUT`] nodes per play-out: from 12 cards a
//! hand at the default budget, the whole course, 13 cards, at four times
//! it), with the table kept through the course (a review judges a deal's
//! moves in order). Where it does not, and in the last
//! tricks of the other games (the stock empty, the mover holding few
//! cards), every deal consistent with the view is searched to its end, if
//! there are few enough (at most 128) and the search fits the Expert
//! player's budget for the decision: a move's value is then the mean of the
//! exact solver's values over those deals, each as likely as any other (the
//! moves seen are not weighed there), with no sampling error, and marked
//! exact. Otherwise, in the two-player Soup course, the values are those of
//! the Expert player's deepest search that fits the budget, finished by
//! play-outs: one deal, not exact.
//!
//! **The omniscient judge.** To tell what the hidden cards cost a player
//! (not what the page shows: hidden cards stay hidden there), a review may
//! judge instead on the one real deal, every hand and the stock as they are
//! ([`Sight::Omniscient`], [`judge_omniscient`]): valued as the seat's judge
//! values the one deal of the two-player Soup course, by the exact solver
//! of that course where the budget allows it, else by the Expert player's
//! search a trick deeper each time while the budget lasts, finished by
//! play-outs, exact where it reaches the deal's end. No deal is sampled.
//!
//! A review runs in slices (each `next` of a [`DealReview`] judges one move), so a
//! caller can show progress and stop between moves. No clock and no thread:
//! it runs in the page's worker as it does natively. Deterministic: the same
//! deal, moves and settings give the same judgements, however sliced.

use super::expert::{self, Worlds};
use super::search::{margin, margin_of_outcome};
use super::solve::{play_out, Solver, TO_THE_END};
use super::soup;
use super::{position_hash, SeatHistory, SeatView};
use crate::engine::rng::Rng;
use crate::engine::{Card, CardSet, Deal, GameKind, IllegalMove, Move};

/// Play-outs per judged move by default: the Expert player's budget for a
/// decision ([`expert::DEFAULT_PLAYOUTS`]), spent as it spends it (a
/// play-out is worth as many moves as are left in the deal).
pub const DEFAULT_PLAYOUTS: u32 = expert::DEFAULT_PLAYOUTS;

/// The points lost from which a move is marked an inaccuracy, then a
/// mistake, in each game (see [`Mark`]). Deal scores differ in size from
/// game to game (two-player: Duck points times Soup points, margins of a
/// hundred points and more; three-player: small counts, three deals to a
/// game; partnerships: the product of the partners' counts), so each game
/// has its own. The lower is above twice the spread of a value at the
/// default budget in most positions (about 2.5 points two-player, 1 in the
/// three-player game, 6 to 9 in partnerships), so that sampling noise alone
/// rarely marks a good move; the higher is about what a trick won or lost
/// early in a deal is worth there.
pub const fn thresholds(game: GameKind) -> (f64, f64) {
    match game {
        GameKind::TwoPlayer => (5.0, 20.0),
        GameKind::ThreePlayer => (2.0, 8.0),
        GameKind::Partnership => (15.0, 50.0),
    }
}

/// How a move is marked by the points it lost ([`thresholds`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// Lost less than the game's lower threshold.
    Good,
    /// Lost at least the lower threshold, less than the higher.
    Inaccuracy,
    /// Lost at least the higher threshold.
    Mistake,
}

impl Mark {
    pub fn of(game: GameKind, loss: f64) -> Mark {
        let (inaccuracy, mistake) = thresholds(game);
        if loss >= mistake {
            Mark::Mistake
        } else if loss >= inaccuracy {
            Mark::Inaccuracy
        } else {
            Mark::Good
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Mark::Good => "good",
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
        }
    }
}

/// One legal move's value: the seat's expected margin in points after it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveValue {
    pub mv: Move,
    pub value: f64,
    /// The standard error of `value` over the deals judged (0 when exact).
    pub spread: f64,
}

/// A move judged: every legal move's value, the best and what the move
/// played cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Judgement {
    pub game: GameKind,
    pub seat: u8,
    pub played: Move,
    /// Every legal move, in the engine's order of legal moves.
    pub values: Vec<MoveValue>,
    /// The move of highest value (the move played when it is among the highest).
    pub best: Move,
    /// Points the move played gave away against the best: at least 0, and 0
    /// when it is the best.
    pub loss: f64,
    /// The values are the exact solver's (see the module's doc).
    pub exact: bool,
    /// The complete deals the values were judged on.
    pub deals: u32,
}

impl Judgement {
    pub fn mark(&self) -> Mark {
        Mark::of(self.game, self.loss)
    }

    pub fn value_of(&self, mv: Move) -> Option<&MoveValue> {
        self.values.iter().find(|v| v.mv == mv)
    }
}

/// The fewest sampled deals a move is judged on.
const MIN_SAMPLES: u32 = 8;

/// The sampled deals a forced move (the only legal one) is judged on.
const FORCED_SAMPLES: u32 = 32;

/// The most deals consistent with a view that are searched one by one for
/// exact values (the last two tricks of the partnership game have 90, the
/// last four of the three-player game 70).
const MOST_EXACT_DEALS: usize = 128;

/// What a judge sees of the deal it judges a move in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sight {
    /// The mover's view and history: deals sampled consistent with them
    /// ([`judge`]), as the page's review judges.
    Seat,
    /// Every card where it really is: the one real deal ([`judge_omniscient`]),
    /// to tell what the hidden cards cost a player.
    Omniscient,
}

impl Sight {
    pub fn name(self) -> &'static str {
        match self {
            Sight::Seat => "seat",
            Sight::Omniscient => "omniscient",
        }
    }
}

/// Judges `played`, made by `view`'s seat in `view` having seen `seen`,
/// with a budget of `playouts` play-outs (at least 1) and the random
/// numbers of `seed`. `played` must be legal in the view.
pub fn judge(
    view: &SeatView,
    seen: &SeatHistory,
    played: Move,
    playouts: u32,
    seed: u64,
) -> Judgement {
    debug_assert_eq!(seen.seat(), view.seat, "another seat's history");
    let legal = view.deal.legal_moves();
    let moves = legal.as_slice();
    debug_assert!(legal.contains(played), "{played} is not legal here");
    let budget = playouts.max(1) as u64 * expert::moves_left(&view.deal);
    let (values, exact, deals) = match searched_values(view, moves, budget) {
        Some(found) => found,
        None => {
            let mut rng = Rng::new(seed ^ position_hash(&view.deal));
            // A forced move loses nothing whatever its value: a few deals
            // tell the value, at no cost to the review's time.
            let (budget, least) = if moves.len() == 1 {
                (0, FORCED_SAMPLES)
            } else {
                (budget, MIN_SAMPLES)
            };
            estimated_values(view, seen, moves, &mut rng, budget, least)
        }
    };
    judgement(view.deal.game(), view.seat, played, values, exact, deals)
}

/// Judges `played`, made by the mover of the real deal `real`, seeing every
/// card where it is (every hand and the stock in its order), with a budget
/// of `playouts` play-outs (at least 1): the values of the one deal the
/// seat's judge ([`judge`]) finds where the seat can know every card, the
/// two-player Soup course, found here in every position ([`known_deal_values`]).
/// Samples no deal: no random numbers. `played` must be legal in `real`.
pub fn judge_omniscient(real: &Deal, played: Move, playouts: u32) -> Judgement {
    let legal = real.legal_moves();
    let moves = legal.as_slice();
    debug_assert!(legal.contains(played), "{played} is not legal here");
    let seat = real.to_move();
    let budget = playouts.max(1) as u64 * expert::moves_left(real);
    let (values, exact) = known_deal_values(real, seat, moves, budget)
        .unwrap_or_else(|| (played_out_values(real, seat, moves), false));
    judgement(real.game(), seat, played, values, exact, 1)
}

/// The judgement of `played` by `seat` from every legal move's `values`.
fn judgement(
    game: GameKind,
    seat: u8,
    played: Move,
    values: Vec<MoveValue>,
    exact: bool,
    deals: u32,
) -> Judgement {
    let top = values
        .iter()
        .map(|v| v.value)
        .fold(f64::NEG_INFINITY, f64::max);
    let played_value = values
        .iter()
        .find(|v| v.mv == played)
        .map_or(top, |v| v.value);
    let best = if played_value >= top {
        played
    } else {
        values
            .iter()
            .find(|v| v.value >= top)
            .expect("a legal move")
            .mv
    };
    Judgement {
        game,
        seat,
        played,
        values,
        best,
        loss: (top - played_value).max(0.0),
        exact,
        deals,
    }
}

/// Mean and spread of one move's values over the deals judged.
#[derive(Clone, Copy, Default)]
struct Tally {
    count: u32,
    sum: f64,
    squares: f64,
}

impl Tally {
    fn add(&mut self, x: f64) {
        self.count += 1;
        self.sum += x;
        self.squares += x * x;
    }

    fn mean(&self) -> f64 {
        self.sum / self.count.max(1) as f64
    }

    /// The standard error of the mean (0 with fewer than two values).
    fn spread(&self) -> f64 {
        if self.count < 2 {
            return 0.0;
        }
        let n = self.count as f64;
        let variance = ((self.squares - self.sum * self.sum / n) / (n - 1.0)).max(0.0);
        (variance / n).sqrt()
    }
}

/// The values of `moves` found by search alone, where the seat knows the
/// deal or few deals are consistent with its view (see the module's doc),
/// within `budget` moves of search: the values, whether they are exact,
/// and how many deals they are the mean of. In the one deal of the
/// two-player Soup course a search too deep for the budget gives the
/// Expert player's values (the deepest search finished, then play-outs),
/// not exact. None where sampling is needed.
fn searched_values(
    view: &SeatView,
    moves: &[Move],
    budget: u64,
) -> Option<(Vec<MoveValue>, bool, u32)> {
    let d = &view.deal;
    if d.stock_len() > 0 {
        return None;
    }
    if expert::single_world(view) {
        let world = view.sample(&mut Rng::new(0));
        let (values, exact) = known_deal_values(&world, view.seat, moves, budget)?;
        return Some((values, exact, 1));
    }
    if !expert::searched_to_the_end(view) {
        return None;
    }
    let mut solver = Solver::new(view.seat);
    solver.node_limit = budget;
    let deals = every_deal(view, MOST_EXACT_DEALS)?;
    let mut tallies = vec![Tally::default(); moves.len()];
    for deal in &deals {
        let values = solver.root_values(deal, moves, TO_THE_END).ok()?;
        for (tally, &v) in tallies.iter_mut().zip(&values) {
            tally.add(margin_of_outcome(v));
        }
    }
    let values = moves.iter().zip(&tallies).map(|(&mv, t)| MoveValue {
        mv,
        value: t.mean(),
        spread: 0.0,
    });
    Some((values.collect(), true, deals.len() as u32))
}

/// The values of `moves` for `seat` in the complete deal `world`, every
/// card's place known, within `budget` moves of search: in the two-player
/// Soup course by its exact solver where the budget allows it
/// ([`soup_values`]), else by the Expert player's search a trick deeper each
/// time while the budget lasts, finished by play-outs
/// ([`expert::deepening_values`]); and whether they are exact (the search
/// reached the deal's end). None when even one trick is too deep.
fn known_deal_values(
    world: &Deal,
    seat: u8,
    moves: &[Move],
    budget: u64,
) -> Option<(Vec<MoveValue>, bool)> {
    if let Some(values) = soup_values(world, moves, budget) {
        return Some((values, true));
    }
    let mut solver = Solver::new(seat);
    solver.node_limit = budget;
    let (values, to_the_end) = expert::deepening_values(world, moves, &mut solver, &mut |_| true)?;
    let values = moves.iter().enumerate().map(|(i, &mv)| MoveValue {
        mv,
        value: margin_of_outcome(values[i]),
        spread: 0.0,
    });
    Some((values.collect(), to_the_end))
}

/// The values of `moves` for `seat` in the complete deal `world`, each move
/// played out once (a play-out seeing every card decides alike each time):
/// where even one trick of search is too deep for the budget.
fn played_out_values(world: &Deal, seat: u8, moves: &[Move]) -> Vec<MoveValue> {
    let values = moves.iter().map(|&mv| {
        let mut w = *world;
        w.apply(mv);
        play_out(&mut w);
        MoveValue {
            mv,
            value: margin(&w, seat) as f64,
            spread: 0.0,
        }
    });
    values.collect()
}

/// The exact values of `moves` in the two-player Soup course of the
/// complete deal `world` by its solver ([`soup`]), where the mover's cards
/// are few enough for [`soup::REVIEW_NODES_PER_PLAYOUT`] nodes per play-out
/// of `budget` (given in moves: see [`soup::worth_solving`]); the table this
/// thread kept through the course (a review judges a deal's moves in order)
/// only makes it faster.
fn soup_values(world: &Deal, moves: &[Move], budget: u64) -> Option<Vec<MoveValue>> {
    if !soup::applies(world) {
        return None;
    }
    let playouts = budget / expert::moves_left(world);
    if !soup::worth_solving(world, playouts.max(1) * soup::REVIEW_NODES_PER_PLAYOUT) {
        return None;
    }
    let margins = soup::with_thread_solver(|s| s.move_margins(world, moves, &mut || true))?;
    let values = moves.iter().zip(margins).map(|(&mv, m)| MoveValue {
        mv,
        value: m as f64,
        spread: 0.0,
    });
    Some(values.collect())
}

/// Every complete deal consistent with `view` once the stock is empty: the
/// unknown cards dealt to the other seats in every way their hand sizes and
/// shown voids allow; None when there are more than `most`.
fn every_deal(view: &SeatView, most: usize) -> Option<Vec<Deal>> {
    let d = &view.deal;
    let cards: Vec<_> = view.unknown().iter().collect();
    let mut need = [0u32; 4];
    for s in (0..d.seats()).filter(|&s| s != view.seat) {
        need[s as usize] = view.hand_len(s);
    }
    let mut hands = [CardSet::EMPTY; 4];
    hands[view.seat as usize] = view.hand();
    let mut out = Vec::new();
    deal_each(view, &cards, &mut need, &mut hands, most, &mut out).then_some(out)
}

/// Deals `cards` in every allowed way into `hands` (which still `need`
/// cards), pushing each complete deal to `out`; false past `most` deals.
fn deal_each(
    view: &SeatView,
    cards: &[Card],
    need: &mut [u32; 4],
    hands: &mut [CardSet; 4],
    most: usize,
    out: &mut Vec<Deal>,
) -> bool {
    let Some((&card, rest)) = cards.split_first() else {
        out.push(view.deal.with_hidden(*hands, &[]));
        return out.len() <= most;
    };
    for s in 0..view.deal.seats() {
        let may_hold = card.is_joker() || !view.deal.shown_void(s, card.suit());
        if s == view.seat || need[s as usize] == 0 || !may_hold {
            continue;
        }
        need[s as usize] -= 1;
        hands[s as usize].insert(card);
        let within = deal_each(view, rest, need, hands, most, out);
        hands[s as usize].remove(card);
        need[s as usize] += 1;
        if !within {
            return false;
        }
    }
    true
}

/// Values estimated on sampled deals (the Expert player's, weighed by the
/// moves seen), every move on each: played out, or searched to the end when
/// few cards are left. Returns the values, false (not exact) and the deals.
fn estimated_values(
    view: &SeatView,
    seen: &SeatHistory,
    moves: &[Move],
    rng: &mut Rng,
    budget: u64,
    least: u32,
) -> (Vec<MoveValue>, bool, u32) {
    let inference = expert::inference(view, Some(seen));
    let mut worlds = Worlds::new(view, inference.as_ref());
    let to_the_end = expert::searched_to_the_end(view);
    let per_move = expert::moves_left(&view.deal);
    let mut solver = Solver::new(view.seat);
    let mut tallies = vec![Tally::default(); moves.len()];
    let (mut spent, mut samples) = (0u64, 0u32);
    while samples < least || spent < budget {
        let before = worlds.spent;
        let world = worlds.next(rng);
        spent += worlds.spent - before;
        if to_the_end {
            solver.nodes = 0;
            let values = solver
                .root_values(&world, moves, TO_THE_END)
                .expect("no node limit");
            spent += solver.nodes.max(per_move);
            for (tally, &v) in tallies.iter_mut().zip(&values) {
                tally.add(margin_of_outcome(v));
            }
        } else {
            for (tally, &mv) in tallies.iter_mut().zip(moves) {
                let mut w = world;
                w.apply(mv);
                play_out(&mut w);
                tally.add(margin(&w, view.seat) as f64);
                spent += per_move;
            }
        }
        samples += 1;
    }
    let values = moves.iter().zip(&tallies).map(|(&mv, t)| MoveValue {
        mv,
        value: t.mean(),
        spread: t.spread(),
    });
    (values.collect(), false, samples)
}

/// The review of one deal's moves by the chosen seats, one move at a time.
#[derive(Clone, Debug)]
pub struct DealReview {
    /// The real deal before the next move.
    deal: Deal,
    moves: Vec<Move>,
    /// The index in `moves` of the next move.
    next: usize,
    /// Each seat's history so far (every seat's, so that each is right
    /// whichever seat is judged).
    histories: Vec<SeatHistory>,
    seats: [bool; 4],
    sight: Sight,
    playouts: u32,
    seed: u64,
    judged: usize,
}

/// A move of the deal judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Reviewed {
    /// The move's index among the deal's moves (from 0).
    pub index: usize,
    pub judgement: Judgement,
}

impl DealReview {
    /// A review of `moves`, played from the start of the real deal `start`,
    /// judging the moves of the seats in `seats` (all when it is empty) by
    /// the judge of `sight` with `playouts` play-outs a move (see [`judge`]
    /// and [`judge_omniscient`]) and the random numbers of `seed` (which
    /// the omniscient judge does not draw). Refuses a move that is not legal
    /// where it is made (its index and why).
    pub fn new(
        start: &Deal,
        moves: &[Move],
        seats: &[u8],
        sight: Sight,
        playouts: u32,
        seed: u64,
    ) -> Result<DealReview, (usize, IllegalMove)> {
        let mut d = *start;
        for (i, &mv) in moves.iter().enumerate() {
            d.play(mv).map_err(|e| (i, e))?;
        }
        let chosen: [bool; 4] =
            std::array::from_fn(|s| seats.is_empty() || seats.contains(&(s as u8)));
        Ok(DealReview {
            deal: *start,
            moves: moves.to_vec(),
            next: 0,
            histories: (0..start.seats()).map(SeatHistory::new).collect(),
            seats: chosen,
            sight,
            playouts,
            seed,
            judged: 0,
        })
    }

    /// How many moves the review judges in all.
    pub fn total(&self) -> usize {
        let mut d = self.deal;
        let mut count = 0;
        for &mv in &self.moves[self.next..] {
            count += self.seats[d.to_move() as usize] as usize;
            d.apply(mv);
        }
        self.judged + count
    }

    /// How many moves have been judged so far.
    pub fn judged(&self) -> usize {
        self.judged
    }
}

/// Each call of `next` judges the next move of a chosen seat: one slice of
/// work, so a caller may stop between calls.
impl Iterator for DealReview {
    type Item = Reviewed;

    fn next(&mut self) -> Option<Reviewed> {
        while self.next < self.moves.len() {
            let index = self.next;
            let mv = self.moves[index];
            let seat = self.deal.to_move();
            let judgement = self.seats[seat as usize].then(|| match self.sight {
                Sight::Seat => judge(
                    &SeatView::of(&self.deal, seat),
                    &self.histories[seat as usize],
                    mv,
                    self.playouts,
                    self.seed,
                ),
                Sight::Omniscient => judge_omniscient(&self.deal, mv, self.playouts),
            });
            for h in &mut self.histories {
                h.record(&self.deal, mv);
            }
            self.deal.apply(mv);
            self.next += 1;
            if let Some(judgement) = judgement {
                self.judged += 1;
                return Some(Reviewed { index, judgement });
            }
        }
        None
    }
}

/// A move of a deal to judge: its index among the deal's moves, the
/// mover's view and history before it, and the move made.
#[derive(Clone, Debug)]
pub struct ToJudge {
    pub index: usize,
    pub view: SeatView,
    pub history: SeatHistory,
    pub played: Move,
}

impl ToJudge {
    /// Its judgement ([`judge`]), as [`DealReview`] gives it.
    pub fn judge(&self, playouts: u32, seed: u64) -> Judgement {
        judge(&self.view, &self.history, self.played, playouts, seed)
    }
}

/// The moves of `seats` (all when empty) among `moves`, played from the
/// real deal `start`, each with what its seat knew: the questions a review
/// asks one by one where it cannot keep a [`DealReview`] (the page's
/// worker, asked one move a message). Refuses a move that is not legal
/// where it is made (its index and why).
pub fn moves_to_judge(
    start: &Deal,
    moves: &[Move],
    seats: &[u8],
) -> Result<Vec<ToJudge>, (usize, IllegalMove)> {
    let mut d = *start;
    let mut histories: Vec<SeatHistory> = (0..start.seats()).map(SeatHistory::new).collect();
    let mut out = Vec::new();
    for (index, &mv) in moves.iter().enumerate() {
        let seat = d.to_move();
        d.check(mv).map_err(|e| (index, e))?;
        if seats.is_empty() || seats.contains(&seat) {
            out.push(ToJudge {
                index,
                view: SeatView::of(&d, seat),
                history: histories[seat as usize].clone(),
                played: mv,
            });
        }
        for h in &mut histories {
            h.record(&d, mv);
        }
        d.apply(mv);
    }
    Ok(out)
}

/// How far below the best move's value a puzzle's answer may be and still
/// count as right: the game's lower threshold ([`thresholds`]), so that an
/// answer the review would mark good is right (decision 11). Values are
/// estimates: two moves within it are not told apart reliably.
pub const fn puzzle_margin(game: GameKind) -> f64 {
    thresholds(game).0
}

/// Whether `answer` is a right answer to the puzzle judged by `j`: a legal
/// move within [`puzzle_margin`] of the best move's value.
pub fn answer_is_right(j: &Judgement, answer: Move) -> bool {
    let top = j
        .values
        .iter()
        .map(|v| v.value)
        .fold(f64::NEG_INFINITY, f64::max);
    j.value_of(answer)
        .is_some_and(|v| v.value >= top - puzzle_margin(j.game))
}

/// Whether the position judged by `j` makes a fair puzzle: one move clearly
/// better than every other, by at least the game's mistake threshold
/// ([`thresholds`]) and by more than twice the two values' spreads, so that
/// every other answer is a mistake whatever the sampling noise.
pub fn clear_best(j: &Judgement) -> bool {
    // The best and the second best in one pass (no sort: this runs in the page).
    let mut top: [Option<&MoveValue>; 2] = [None, None];
    for v in &j.values {
        if top[0].is_none_or(|t| v.value > t.value) {
            top = [Some(v), top[0]];
        } else if top[1].is_none_or(|t| v.value > t.value) {
            top[1] = Some(v);
        }
    }
    let [Some(best), Some(second)] = top else {
        return false;
    };
    let gap = best.value - second.value;
    gap >= thresholds(j.game).1 && gap > 2.0 * (best.spread + second.spread)
}
