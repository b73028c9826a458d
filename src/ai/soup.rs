//! An exact solver of the two-player Soup course: once the stock is empty,
//! both hands are known to both seats, and the rest of the deal is a game
//! of perfect information. [`SoupSolver`] gives the exact value of every
//! legal move there, in the value the Expert player maximises
//! ([`super::search::outcome`], which rises with the deal's margin), from
//! the first Soup trick (13 cards a hand) to the last.
//!
//! **What is searched.** The deal's margin at its end is its margin now
//! plus what the rest of the Soup course adds: each seat's Soup points
//! weighed by what a Soup point is worth to it (its Duck points under the
//! default scoring, `multiply`; 1 under `add`). That sum depends only on
//! the two hands and who leads, so a position's value is the same whatever
//! was played before: the solver stores it in a table kept for the whole
//! course (the caller holds the solver between decisions).
//!
//! **How.** The techniques of double-dummy bridge solvers:
//! - alpha-beta with null windows (MTD(f)): each search only asks whether a
//!   value is above a guess, which prunes far more than a wide window; the
//!   values asked about are values the course can still end with (its
//!   points weighed by their worth), not every integer between two bounds;
//!   the first Soup decision's first guess is the course solved after the
//!   Normal player's first trick (the others', a play-out's);
//! - the root's moves searched together, each null window over all of
//!   them, the first move in order to pass the test point ending it;
//! - a table of lower and upper bounds of positions at a trick's start,
//!   keyed by the two hands compactly (each hand as a subset of the cards
//!   that seat held when the table was started: 13 bits a hand), with the
//!   best lead found, tried first when the position comes again; the key
//!   is that of the position's [`pattern`], so that positions that differ
//!   only in the ranks of cards that can never quack (the relative ranks
//!   of bridge solvers) share an entry; before the follower's first replies
//!   are searched, the table is asked whether one of them leads to a next
//!   trick already bounded low enough to refute the lead (the enhanced
//!   transposition cutoff of chess programs);
//! - moves ordered by simple rules (sure winners and cheap wins first);
//! - cards that are interchangeable searched once: two cards of one suit in
//!   one hand with no card left between them in that suit, each of a rank
//!   that can no longer quack (the other seat holds no card of the rank, and
//!   it is not the rank led). Swapping them swaps nothing else in the game:
//!   a card of a rank both hands hold is never treated as equivalent,
//!   since a quack looks at ranks across suits.
//!
//! **Budget.** A search may be asked to stop (a node limit, or a question
//! asked every few thousand nodes, which the page answers by its clock):
//! it then returns None, and what it stored in its table stays valid, so
//! the next search of the same course goes on from there.
//!
//! **Who uses it.** Each thread has one solver ([`with_thread_solver`]),
//! shared by the Expert player, the hint and the review (a position's value
//! does not depend on who asks). Whether a decision is solved reads the
//! position alone ([`worth_solving`]: the cards in hand against the budget),
//! so that the same decision is made the same way whatever the table holds;
//! the page's worker may instead wait for the solver until its clock says
//! stop ([`super::expert::choose_solving`]) and solve ahead of its
//! decisions ([`ponder`]).

use super::heuristic;
use super::search::margin;
use crate::engine::deal::ace_high;
use crate::engine::rules::{Combine, ConcededSecond, Facing};
use crate::engine::{Card, Deal, GameKind, Move, Stage};

/// One bit per card: suit `s` in bits `16 s ..`, a card's bit within its
/// suit its Soup order (Two 0, ..., King 11, Ace 12), so that a higher bit
/// in a suit is a higher card.
type Cards = u64;

/// The four cards of one order, one per suit (shifted by the order).
const SAME_ORDER: Cards = 0x0001_0001_0001_0001;
const SUIT_BITS: Cards = 0x1fff;

#[inline(always)]
fn bit_of(card: Card) -> u32 {
    card.suit() as u32 * 16 + (ace_high(card.rank()) as u32 - 2)
}

#[inline(always)]
fn suit_of(bit: u32) -> Cards {
    SUIT_BITS << (bit & !15)
}

#[inline(always)]
fn rank_of(bit: u32) -> Cards {
    SAME_ORDER << (bit & 15)
}

/// The cards of `bit`'s suit above it.
#[inline(always)]
fn above(bit: u32) -> Cards {
    suit_of(bit) & !((2u64 << bit) - 1)
}

/// The orders (bit per order, 13 bits) of which `cards` hold at least one card.
#[inline(always)]
fn orders(cards: Cards) -> u64 {
    (cards | cards >> 16 | cards >> 32 | cards >> 48) & SUIT_BITS
}

fn set_of(hand: crate::engine::CardSet) -> Cards {
    hand.iter().fold(0, |m, c| m | 1 << bit_of(c))
}

/// Values below every value and above every value.
const LOW: i32 = -30_000;
const HIGH: i32 = 30_000;

/// Table entries by default: 2^22 entries of 8 bytes, 32 MB.
pub const DEFAULT_TABLE_BITS: u32 = 22;

/// Entries per bucket (a bucket is 32 bytes).
const WAYS: usize = 4;

/// Cards in the mover's hand from which a decision's first guess solves
/// the course from the next trick ([`SoupSolver::guess`]): the first Soup
/// decision only. Over the bench's 20 courses it takes 5% fewer nodes there
/// (the 95th percentile 28.9 M to 27.7 M); from 9 cards (each guess's solve
/// guessing the same way) 6% fewer at 13 cards but more at 12 and 11
/// (BENCHMARKS.md).
const GUESS_AHEAD_FROM: usize = 13;

/// Nodes between two questions whether to go on.
const ASK_EVERY: u64 = 1 << 13;

/// What a position of the course is judged by, beyond its two hands: fixed
/// for a deal's Soup course.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Terms {
    /// What one Soup point of each seat adds to that seat's deal score.
    worth: [i32; 2],
    /// Points of the trick a leader concedes after a quack.
    single: i32,
    /// The conceded second trick is face down when its two cards share a suit.
    by_suit: bool,
}

impl Terms {
    fn of(d: &Deal) -> Terms {
        let rules = d.rules();
        let points = d.points()[crate::engine::Course::Duck];
        let worth = std::array::from_fn(|s| {
            let duck = points[s as u8];
            (rules.combine.apply(duck, 1) - rules.combine.apply(duck, 0)) as i32
        });
        debug_assert!(matches!(rules.combine, Combine::Multiply | Combine::Add));
        Terms {
            worth,
            single: if rules.single_quack_trick == Facing::Up {
                2
            } else {
                1
            },
            by_suit: rules.conceded_second_trick == ConcededSecond::BySuit,
        }
    }
}

/// A position of the course inside a trick (or at its start), as the
/// solver sees it: the two hands, the trick's leader, the cards on the table.
#[derive(Clone, Copy, Debug)]
struct Node {
    hands: [Cards; 2],
    leader: usize,
    stage: Stage,
    /// The bits of the trick's cards, in order (led, quack, third).
    table: [u32; 3],
}

impl Node {
    fn of(d: &Deal) -> Node {
        let t = d.trick();
        let mut table = [0; 3];
        for (i, (_, c)) in t.plays().enumerate().take(3) {
            table[i] = bit_of(c);
        }
        Node {
            hands: [set_of(d.hand(0)), set_of(d.hand(1))],
            leader: d.leader() as usize,
            stage: t.stage(),
            table,
        }
    }
}

/// The table of bounds: positions at a trick's start, each as one `u64`:
/// bits 0-12 the first seat's hand and 13-25 the second's (each as a
/// subset of the cards that seat held when the table was started), bit 26
/// the leader, bit 27 set in a used entry, bits 28-31 the best lead (its
/// place among the leader's cards in hand), bits 32-47 the lower bound and 48-63
/// the upper bound (the leader's values, see [`SoupSolver`]).
struct Table {
    entries: Vec<u64>,
    bits: u32,
    /// Entries used.
    used: usize,
}

const USED: u64 = 1 << 27;
const KEY_BITS: u64 = (1 << 28) - 1;
const NO_BEST: u64 = 15;

impl Table {
    fn new(bits: u32) -> Table {
        Table {
            entries: vec![0; 1 << bits],
            bits,
            used: 0,
        }
    }

    fn clear(&mut self) {
        self.entries.fill(0);
        self.used = 0;
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> usize {
        let h = key.wrapping_mul(0x9e37_79b9_7f4a_7c15);
        ((h >> (64 - self.bits)) as usize) & !(WAYS - 1)
    }

    /// The lower bound, upper bound and best lead's place stored for `key`.
    #[inline(always)]
    fn get(&self, key: u64) -> Option<(i32, i32, u64)> {
        let b = self.bucket(key);
        for &e in &self.entries[b..b + WAYS] {
            if e & KEY_BITS == key | USED {
                return Some((
                    (e >> 32) as u16 as i16 as i32,
                    (e >> 48) as u16 as i16 as i32,
                    e >> 28 & 15,
                ));
            }
        }
        None
    }

    /// Stores bounds for `key`: in its own entry, else an empty one, else
    /// over the entry of fewest cards (the cheapest to search again).
    #[inline(always)]
    fn put(&mut self, key: u64, lo: i32, hi: i32, best: u64) {
        let b = self.bucket(key);
        let entry = key
            | USED
            | best << 28
            | (lo as i16 as u16 as u64) << 32
            | (hi as i16 as u16 as u64) << 48;
        let mut victim = b;
        let mut fewest = u32::MAX;
        for i in b..b + WAYS {
            let e = self.entries[i];
            if e & KEY_BITS == key | USED {
                self.entries[i] = entry;
                return;
            }
            let cards = if e & USED == 0 {
                0
            } else {
                (e & ((1 << 26) - 1)).count_ones()
            };
            if cards < fewest {
                fewest = cards;
                victim = i;
            }
        }
        if self.entries[victim] & USED == 0 {
            self.used += 1;
        }
        self.entries[victim] = entry;
    }
}

/// Turns a seat's hand (a subset of the cards it held when the table was
/// started) into 13 bits, one per card held then, low card bits first.
struct Compress {
    /// `per_suit[seat][suit][the suit's 13 bits]`.
    per_suit: Vec<u16>,
}

impl Compress {
    fn new(base: [Cards; 2]) -> Compress {
        let mut per_suit = vec![0u16; 2 * 4 * 8192];
        for (seat, &cards) in base.iter().enumerate() {
            let mut below = 0;
            for suit in 0..4 {
                let own = (cards >> (16 * suit)) & SUIT_BITS;
                for chunk in 0..8192u64 {
                    let mut out = 0u16;
                    let mut k = 0;
                    let mut rest = own;
                    while rest != 0 {
                        let b = rest.trailing_zeros();
                        if chunk >> b & 1 != 0 {
                            out |= 1 << k;
                        }
                        k += 1;
                        rest &= rest - 1;
                    }
                    per_suit[(seat * 4 + suit) * 8192 + chunk as usize] = out << below;
                }
                below += own.count_ones();
            }
        }
        Compress { per_suit }
    }

    #[inline(always)]
    fn hand(&self, seat: usize, h: Cards) -> u64 {
        let t = &self.per_suit[seat * 4 * 8192..];
        (t[(h & SUIT_BITS) as usize]
            | t[8192 + (h >> 16 & SUIT_BITS) as usize]
            | t[2 * 8192 + (h >> 32 & SUIT_BITS) as usize]
            | t[3 * 8192 + (h >> 48 & SUIT_BITS) as usize]) as u64
    }
}

/// The exact solver of a two-player Soup course, with its table, kept
/// between the decisions of one course (a new course starts it afresh).
///
/// Inside, a value is what the rest of the course adds to the margin of the
/// *leader of the trick in progress*: its Soup points times their worth to
/// it, less the other seat's.
pub struct SoupSolver {
    terms: Option<Terms>,
    /// Each seat's cards (hand and table) when the table was started.
    base: [Cards; 2],
    compress: Option<Compress>,
    table: Table,
    /// Nodes (cards played, concessions made) searched so far, in all.
    pub nodes: u64,
    /// The search stops past this many nodes (counted in [`nodes`](Self::nodes)).
    pub node_limit: u64,
    /// Cards in the mover's hand from which a decision's first guess is the
    /// course solved after the Normal player's trick ([`GUESS_AHEAD_FROM`]).
    pub guess_ahead_from: usize,
}

/// One search: the solver's table and terms borrowed, and the question
/// whether to go on.
struct Search<'a> {
    table: &'a mut Table,
    compress: &'a Compress,
    terms: Terms,
    base: [Cards; 2],
    nodes: u64,
    node_limit: u64,
    next_ask: u64,
    stopped: bool,
    keep_going: &'a mut dyn FnMut() -> bool,
    /// The values the course can still end with, for the root's leader,
    /// ascending ([`ends`]).
    ends: Vec<i32>,
}

impl Default for SoupSolver {
    fn default() -> Self {
        SoupSolver::new()
    }
}

/// Whether the solver applies to `d`: the two-player game, the stock empty,
/// the deal not over.
pub fn applies(d: &Deal) -> bool {
    d.game() == GameKind::TwoPlayer && d.stock_len() == 0 && !d.is_over()
}

impl SoupSolver {
    pub fn new() -> SoupSolver {
        SoupSolver::with_table_bits(DEFAULT_TABLE_BITS)
    }

    /// A solver whose table holds `2^bits` positions (8 bytes each).
    pub fn with_table_bits(bits: u32) -> SoupSolver {
        SoupSolver {
            terms: None,
            base: [0; 2],
            compress: None,
            table: Table::new(bits.max(4)),
            nodes: 0,
            node_limit: u64::MAX,
            guess_ahead_from: GUESS_AHEAD_FROM,
        }
    }

    /// Positions stored in the table.
    pub fn stored(&self) -> usize {
        self.table.used
    }

    /// The table's size in bytes.
    pub fn table_bytes(&self) -> usize {
        self.table.entries.len() * 8
    }

    /// Makes the table fit `d`: kept if `d`'s hands are within the cards
    /// the table was started with and its values are counted alike (the
    /// same course, or any position of it), else started afresh.
    fn prepare(&mut self, d: &Deal) -> Node {
        assert!(applies(d), "the solver is for the two-player Soup course");
        let node = Node::of(d);
        let terms = Terms::of(d);
        let mut now = node.hands;
        let t = d.trick();
        for (seat, c) in t.plays() {
            now[seat as usize] |= 1 << bit_of(c);
        }
        let fits =
            self.terms == Some(terms) && now[0] & !self.base[0] == 0 && now[1] & !self.base[1] == 0;
        if !fits {
            self.terms = Some(terms);
            self.base = now;
            self.compress = Some(Compress::new(now));
            if self.table.used > 0 {
                self.table.clear();
            }
        }
        node
    }

    /// The exact value for the mover ([`super::search::outcome`]: the value the Expert
    /// player maximises, rising with the deal's margin) of each of `moves`
    /// (legal moves of `d`, which [`applies`]). None when stopped first:
    /// by the node limit, or by `keep_going` answering false (it is asked
    /// every few thousand nodes).
    pub fn move_values(
        &mut self,
        d: &Deal,
        moves: &[Move],
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Option<Vec<f32>> {
        let margins = self.move_margins(d, moves, keep_going)?;
        Some(margins.into_iter().map(outcome_of_margin).collect())
    }

    /// The mover's margin at the deal's end after each of `moves`, with
    /// best play from there (see [`move_values`](Self::move_values)).
    pub fn move_margins(
        &mut self,
        d: &Deal,
        moves: &[Move],
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Option<Vec<i32>> {
        let node = self.prepare(d);
        let mover = d.to_move();
        let now = margin(d, mover) as i32;
        let sign = if mover as usize == node.leader { 1 } else { -1 };
        let mut guess = moves
            .first()
            .map_or(0, |&mv| sign * (played_out(d, mv) - now));
        self.run(&node, keep_going, |s| {
            let mut out = Vec::with_capacity(moves.len());
            for &mv in moves {
                let v = s.exact(guess, |s, a, b| s.after(&node, mv, a, b))?;
                guess = v;
                out.push(now + sign * v);
            }
            Some(out)
        })
    }

    /// The best of `moves` for the mover with its exact value ([`super::search::outcome`]),
    /// `preferred` chosen among equals (if it is one of them), else the
    /// first best in `moves`' order. Cheaper than every move's value: the
    /// position's value is bracketed by null windows over all the moves at
    /// once (the first move in order past a test point ends each), rather
    /// than one move's value found and the others shown not to be better
    /// (11% fewer nodes at 11 cards a hand over 8 courses). None when
    /// stopped first.
    pub fn best_move(
        &mut self,
        d: &Deal,
        moves: &[Move],
        preferred: Move,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Option<(Move, f32)> {
        let (mv, margin) = self.best_margin(d, moves, preferred, keep_going)?;
        Some((mv, outcome_of_margin(margin)))
    }

    /// [`best_move`](Self::best_move), with the mover's margin at the
    /// deal's end.
    fn best_margin(
        &mut self,
        d: &Deal,
        moves: &[Move],
        preferred: Move,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Option<(Move, i32)> {
        self.prepare(d);
        // The preferred move first: the others must beat it strictly.
        let first = if moves.contains(&preferred) {
            preferred
        } else {
            moves[0]
        };
        let guessed = self.guess(d, first, keep_going)?;
        let node = self.prepare(d);
        let mover = d.to_move();
        let now = margin(d, mover) as i32;
        let sign = if mover as usize == node.leader { 1 } else { -1 };
        let guess = sign * (guessed - now);
        // The moves in the order that breaks ties: the preferred first.
        let mut order = Vec::with_capacity(moves.len());
        order.push(first);
        order.extend(moves.iter().copied().filter(|&mv| mv != first));
        self.run(&node, keep_going, |s| {
            // The root's value for its leader (the mover's best) by null
            // windows over all the moves at once; each window's cutoff
            // noted with its move.
            let mut cutoffs: Vec<(i32, Move)> = Vec::new();
            let value = s.exact(guess, |s, alpha, beta| {
                let mut best = if sign > 0 { LOW } else { HIGH };
                for &mv in &order {
                    let v = s.after(&node, mv, alpha, beta);
                    if s.stopped {
                        return 0;
                    }
                    if sign > 0 {
                        best = best.max(v);
                        if v >= beta {
                            cutoffs.push((v, mv));
                            break;
                        }
                    } else {
                        best = best.min(v);
                        if v <= alpha {
                            cutoffs.push((v, mv));
                            break;
                        }
                    }
                }
                best
            })?;
            // The cutoff that closed the bracket at the value: the first
            // move in `order` that reaches it (each window's cutoff is the
            // first move past its test point, and none is past the value).
            let best = cutoffs
                .iter()
                .find(|&&(v, _)| v == value)
                .map_or(first, |&(_, mv)| mv);
            Some((best, now + sign * value))
        })
    }

    /// A first guess of the mover's margin at the deal's end after `first`:
    /// the trick in progress played out by the Normal player (every card
    /// seen), then the rest solved exactly, in this table, when it is worth
    /// it ([`guess_ahead_from`](Self::guess_ahead_from) cards a hand), else
    /// played out too. None
    /// when stopped first.
    fn guess(
        &mut self,
        d: &Deal,
        first: Move,
        keep_going: &mut dyn FnMut() -> bool,
    ) -> Option<i32> {
        let mover = d.to_move();
        let mut next = *d;
        next.apply(first);
        while !next.is_over() && !next.trick().is_empty() {
            next.apply(heuristic::choose_seeing(&next));
        }
        if next.is_over() || (d.hand(mover).len() as usize) < self.guess_ahead_from {
            super::solve::play_out(&mut next);
            return Some(margin(&next, mover) as i32);
        }
        let legal = next.legal_moves();
        let normal = heuristic::choose_seeing(&next);
        let (_, m) = self.best_margin(&next, legal.as_slice(), normal, keep_going)?;
        Some(if next.to_move() == mover { m } else { -m })
    }

    /// Runs `search` with `keep_going` asked between batches of nodes.
    fn run<T>(
        &mut self,
        node: &Node,
        keep_going: &mut dyn FnMut() -> bool,
        search: impl FnOnce(&mut Search) -> Option<T>,
    ) -> Option<T> {
        let mut s = Search {
            table: &mut self.table,
            compress: self.compress.as_ref().expect("prepared"),
            terms: self.terms.expect("prepared"),
            base: self.base,
            nodes: self.nodes,
            node_limit: self.node_limit,
            next_ask: self.nodes + ASK_EVERY,
            stopped: false,
            keep_going,
            ends: ends(self.terms.expect("prepared"), node),
        };
        let result = search(&mut s);
        self.nodes = s.nodes;
        if s.stopped {
            None
        } else {
            result
        }
    }
}

impl Search<'_> {
    /// Counts a node; true when the search must stop.
    #[inline(always)]
    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.next_ask {
            self.next_ask = self.nodes + ASK_EVERY;
            if !(self.keep_going)() {
                self.stopped = true;
            }
        }
        if self.nodes > self.node_limit {
            self.stopped = true;
        }
        self.stopped
    }

    /// The exact value of `f` (a fail-soft alpha-beta search of a window)
    /// by null-window searches from `guess`: each asks whether the value
    /// reaches a test point. The test points are values the course can
    /// still end with ([`Search::ends`]): they move away from the guess in
    /// growing steps until the value is bracketed, then halve the values
    /// left between the two bounds (plain MTD(f) steps by the least amount
    /// each time, and values here are fine-grained: it took tens of
    /// searches; halving the integers between the bounds wastes searches
    /// on values no play reaches). The answer does not depend on that list:
    /// were it wrong, the bounds would still close in on the value, by
    /// halving the integers between them. None when stopped.
    fn exact(&mut self, guess: i32, mut f: impl FnMut(&mut Self, i32, i32) -> i32) -> Option<i32> {
        // The value lies in lo..=hi.
        let (mut lo, mut hi) = (LOW, HIGH);
        let mut step = self.terms.worth[0].max(self.terms.worth[1]).max(1);
        let ends = std::mem::take(&mut self.ends);
        let first = ends
            .partition_point(|&v| v < guess)
            .min(ends.len().saturating_sub(1));
        let mut test = ends.get(first).copied().unwrap_or(guess);
        let value = loop {
            let g = f(self, test - 1, test);
            if self.stopped {
                break None;
            }
            if g >= test {
                lo = g;
            } else {
                hi = g;
            }
            if lo >= hi {
                break Some(lo);
            }
            // The values still possible, ends[from..to]: above lo, at most hi.
            let from = ends.partition_point(|&v| v <= lo);
            let to = ends.partition_point(|&v| v <= hi);
            // The next point to test, in lo + 1 ..= hi.
            test = if hi == HIGH {
                let t = lo + step;
                step *= 2;
                snap(&ends[from..to], t)
            } else if lo == LOW {
                let t = hi - step + 1;
                step *= 2;
                snap(&ends[from..to], t)
            } else if from < to {
                // The value is at least ends[mid] or below it: halves.
                ends[from + (to - from) / 2]
            } else {
                lo + (hi - lo + 1) / 2
            };
            test = test.clamp(lo + 1, hi);
        };
        self.ends = ends;
        value
    }

    #[inline(always)]
    fn terms(&self) -> Terms {
        self.terms
    }

    /// The value (for `node`'s leader) after `mv` is made in `node`, searched
    /// in the window `alpha`..`beta`.
    fn after(&mut self, node: &Node, mv: Move, alpha: i32, beta: i32) -> i32 {
        let h = node.hands;
        let l = node.leader;
        let [led, quack, third] = node.table;
        let bit = mv.card().map(bit_of);
        match (node.stage, bit) {
            (Stage::Lead, Some(c)) => {
                if self.tick() {
                    return 0;
                }
                let mut h = h;
                h[l] &= !(1 << c);
                self.follow(h, l, c, alpha, beta)
            }
            (Stage::Follow, Some(x)) => self.follow_with(h, l, led, x, alpha, beta),
            (Stage::LeaderAnswer, None) => self.concede(h, l, alpha, beta),
            (Stage::LeaderAnswer, Some(t)) => self.quack_quack(h, l, led, quack, t, alpha, beta),
            (Stage::FollowerAnswer, Some(x)) => self.answer_with(h, l, third, x, alpha, beta),
            _ => unreachable!("a move not legal in the two-player Soup course: {mv}"),
        }
    }

    /// The value of the position at a trick's start, `l` to lead.
    fn lead(&mut self, h: [Cards; 2], l: usize, mut alpha: i32, mut beta: i32) -> i32 {
        let n = h[l].count_ones();
        if n <= 1 {
            return if n == 0 { 0 } else { self.last_trick(h, l) };
        }
        let f = 1 - l;
        let terms = self.terms();
        let key = self.key(h, l);
        let (mut lo, mut hi, mut best_place) = (LOW, HIGH, NO_BEST);
        if let Some((l0, h0, b)) = self.table.get(key) {
            (lo, hi, best_place) = (l0, h0, b);
            if lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            if lo == hi {
                return lo;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
        }
        // What no play can go beyond: every trick left won face up.
        let most = 2 * n as i32;
        if terms.worth[l] * most <= alpha {
            return terms.worth[l] * most;
        }
        if -terms.worth[f] * most >= beta {
            return -terms.worth[f] * most;
        }
        // The leader's sure tricks: cards above all the follower's in their
        // suit, of ranks it cannot quack, cashed one after another (face
        // down only as often as the follower can follow suit); the follower
        // takes at most every trick after them, face up.
        let theirs_ranks = orders(h[f]) * SAME_ORDER;
        let (mut sure, mut sure_points) = (0, 0);
        for suit in 0..4 {
            let mine = h[l] >> (16 * suit) & SUIT_BITS;
            let theirs = h[f] >> (16 * suit) & SUIT_BITS;
            let over = if theirs == 0 {
                SUIT_BITS
            } else {
                SUIT_BITS & !((2u64 << (63 - theirs.leading_zeros())) - 1)
            };
            let t = (mine & over & !(theirs_ranks >> (16 * suit))).count_ones() as i32;
            sure += t;
            sure_points += 2 * t - t.min(theirs.count_ones() as i32);
        }
        let least = terms.worth[l] * sure_points - 2 * terms.worth[f] * (n as i32 - sure);
        if least >= beta {
            return least;
        }
        let mut moves = [0u32; 13];
        let count = self.leads(h, l, &mut moves);
        // The stored best lead first.
        if best_place != NO_BEST {
            let card = nth_bit(h[l], best_place as u32);
            if let Some(i) = moves[..count].iter().position(|&m| m == card) {
                moves[..=i].rotate_right(1);
            }
        }
        let mut best = LOW;
        let mut best_card = moves[0];
        for &c in &moves[..count] {
            if self.tick() {
                return 0;
            }
            let mut hc = h;
            hc[l] &= !(1 << c);
            let v = self.follow(hc, l, c, alpha.max(best), beta);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_card = c;
                if v >= beta {
                    break;
                }
            }
        }
        if best <= alpha {
            hi = hi.min(best);
        } else if best >= beta {
            lo = lo.max(best);
        } else {
            (lo, hi) = (best, best);
        }
        let place = (h[l] & ((1u64 << best_card) - 1)).count_ones() as u64;
        self.table.put(key, lo, hi, place);
        best
    }

    /// The last trick: one card each, nothing to choose.
    fn last_trick(&mut self, h: [Cards; 2], l: usize) -> i32 {
        let f = 1 - l;
        let t = self.terms();
        let (c, x) = (h[l].trailing_zeros(), h[f].trailing_zeros());
        self.nodes += 2;
        if rank_of(c) & 1 << x != 0 {
            // A quack: the leader has no third card and concedes.
            -t.worth[f] * t.single
        } else if suit_of(c) & 1 << x != 0 {
            if x > c {
                -t.worth[f]
            } else {
                t.worth[l]
            }
        } else {
            2 * t.worth[l]
        }
    }

    /// The leader's leads worth searching, the most promising first.
    fn leads(&self, h: [Cards; 2], l: usize, out: &mut [u32; 13]) -> usize {
        let f = 1 - l;
        let mine = h[l];
        let theirs = h[f];
        let all = mine | theirs;
        // Ranks both hands hold can quack; the others cannot.
        let live = orders(mine) & orders(theirs);
        let live_cards = live * SAME_ORDER;
        let mut scored = [(0i32, 0u32); 13];
        let mut count = 0;
        let mut rest = mine;
        let mut prev: Option<u32> = None;
        while rest != 0 {
            let c = rest.trailing_zeros();
            rest &= rest - 1;
            let dead = live_cards & 1 << c == 0;
            // Equivalent to the card below it: same suit, nothing left
            // between them, neither of a rank that can quack.
            if let Some(p) = prev {
                let between = ((1u64 << c) - 1) & !((2u64 << p) - 1);
                if dead && p / 16 == c / 16 && all & between == 0 {
                    prev = Some(c);
                    continue;
                }
            }
            prev = dead.then_some(c);
            let order = (c % 16) as i32;
            let beaten = theirs & above(c) != 0;
            let quacked = theirs & rank_of(c) != 0;
            let score = if !beaten && !quacked {
                // A sure trick: the higher, the more sure it stays.
                100 + order
            } else if !quacked {
                // Lost to a higher card: lose a low one.
                50 - order
            } else {
                20 - order
            };
            scored[count] = (score, c);
            count += 1;
        }
        sort_desc(&mut scored[..count]);
        for i in 0..count {
            out[i] = scored[i].1;
        }
        count
    }

    /// The follower's reply to `led` (the leader's card, already off its
    /// hand): the lowest value for the leader.
    fn follow(&mut self, h: [Cards; 2], l: usize, led: u32, alpha: i32, beta: i32) -> i32 {
        let f = 1 - l;
        let theirs = h[f];
        let all = h[0] | h[1] | 1 << led;
        let live = (orders(h[l]) & orders(theirs)) | 1 << (led % 16);
        let live_cards = live * SAME_ORDER;
        let same_suit = suit_of(led);
        let mut scored = [(0i32, 0u32); 13];
        let mut count = 0;
        let mut rest = theirs;
        let mut prev: Option<u32> = None;
        while rest != 0 {
            let x = rest.trailing_zeros();
            rest &= rest - 1;
            let dead = live_cards & 1 << x == 0;
            if let Some(p) = prev {
                let between = ((1u64 << x) - 1) & !((2u64 << p) - 1);
                if dead && p / 16 == x / 16 && all & between == 0 {
                    prev = Some(x);
                    continue;
                }
            }
            prev = dead.then_some(x);
            let order = (x % 16) as i32;
            // A quack first: measured over 20 courses at 10 cards a hand, it
            // saves a tenth of the nodes against a cheap winner first, and
            // half against quacks after every follow in the suit.
            let score = if rank_of(led) & 1 << x != 0 {
                120
            } else if same_suit & 1 << x != 0 {
                if x > led {
                    // Wins: the cheapest winner first.
                    100 - order
                } else {
                    60 - order
                }
            } else {
                40 - order
            };
            scored[count] = (score, x);
            count += 1;
        }
        sort_desc(&mut scored[..count]);
        if let Some(v) = self.refuted_by_table(h, l, led, &scored[..count], alpha) {
            return v;
        }
        let mut best = HIGH;
        for &(_, x) in &scored[..count] {
            let v = self.follow_with(h, l, led, x, alpha, beta.min(best));
            if self.stopped {
                return 0;
            }
            if v < best {
                best = v;
                if v <= alpha {
                    break;
                }
            }
        }
        best
    }

    /// Enhanced transposition cutoff: a reply to `led` whose next trick's
    /// position the table already bounds at or below `alpha` (for the
    /// leader) refutes the lead without a search; returns that bound.
    fn refuted_by_table(
        &mut self,
        h: [Cards; 2],
        l: usize,
        led: u32,
        replies: &[(i32, u32)],
        alpha: i32,
    ) -> Option<i32> {
        let f = 1 - l;
        if h[f].count_ones() < 3 {
            return None;
        }
        let t = self.terms();
        // The first replies only: each asks the table for a position
        // whose key costs a [`pattern`], and the first are the likeliest
        // refutations (over 8 courses at 11 cards, all the replies saved
        // 5% more nodes than the first three, and took 20% more time).
        for &(_, x) in replies.iter().take(3) {
            if rank_of(led) & 1 << x != 0 {
                continue;
            }
            let mut hx = h;
            hx[f] &= !(1 << x);
            let wins = suit_of(led) & 1 << x != 0 && x > led;
            let next = if wins { f } else { l };
            let key = self.key(hx, next);
            let Some((lo, hi, _)) = self.table.get(key) else {
                continue;
            };
            let v = if wins {
                -t.worth[f] - lo
            } else if suit_of(led) & 1 << x != 0 {
                t.worth[l] + hi
            } else {
                2 * t.worth[l] + hi
            };
            if v <= alpha {
                return Some(v);
            }
        }
        None
    }

    /// The table's key of the position at a trick's start, `l` to lead:
    /// that of its [`pattern`] representative, so that positions equal up
    /// to the ranks of cards that can never quack share an entry.
    #[inline(always)]
    fn key(&self, h: [Cards; 2], l: usize) -> u64 {
        let p = pattern(h, self.base);
        self.compress.hand(0, p[0]) | self.compress.hand(1, p[1]) << 13 | (l as u64) << 26
    }

    /// The value after the follower plays `x` on `led`.
    fn follow_with(
        &mut self,
        h: [Cards; 2],
        l: usize,
        led: u32,
        x: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        let f = 1 - l;
        let t = self.terms();
        let mut h = h;
        h[f] &= !(1 << x);
        if rank_of(led) & 1 << x != 0 {
            return self.answer(h, l, led, x, alpha, beta);
        }
        if suit_of(led) & 1 << x != 0 {
            if x > led {
                // The follower takes it face down and leads.
                let g = -t.worth[f];
                g - self.lead(h, f, g - beta, g - alpha)
            } else {
                let g = t.worth[l];
                g + self.lead(h, l, alpha - g, beta - g)
            }
        } else {
            let g = 2 * t.worth[l];
            g + self.lead(h, l, alpha - g, beta - g)
        }
    }

    /// The leader answers the quack `quack` on `led`: concede, or a third
    /// card of the rank.
    fn answer(
        &mut self,
        h: [Cards; 2],
        l: usize,
        led: u32,
        quack: u32,
        mut alpha: i32,
        beta: i32,
    ) -> i32 {
        let mut best = LOW;
        let mut thirds = h[l] & rank_of(led);
        // Quack-quack first (when the follower has no fourth card it wins
        // two tricks), then the concession.
        while thirds != 0 {
            let t = thirds.trailing_zeros();
            thirds &= thirds - 1;
            let v = self.quack_quack(h, l, led, quack, t, alpha, beta);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v >= beta {
                    return best;
                }
                alpha = alpha.max(v);
            }
        }
        let v = self.concede(h, l, alpha, beta);
        best.max(v)
    }

    /// The leader says Duck: the follower takes the trick and leads.
    fn concede(&mut self, h: [Cards; 2], l: usize, alpha: i32, beta: i32) -> i32 {
        if self.tick() {
            return 0;
        }
        let f = 1 - l;
        let t = self.terms();
        let g = -t.worth[f] * t.single;
        g - self.lead(h, f, g - beta, g - alpha)
    }

    /// The leader plays `third` after the quack: the follower answers with
    /// the fourth card or a discard.
    #[allow(clippy::too_many_arguments)]
    fn quack_quack(
        &mut self,
        h: [Cards; 2],
        l: usize,
        led: u32,
        _quack: u32,
        third: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        let f = 1 - l;
        let mut h = h;
        h[l] &= !(1 << third);
        let theirs = h[f];
        let fourth = theirs & rank_of(led);
        let mut best = HIGH;
        if fourth != 0 {
            let v = self.answer_with(h, l, third, fourth.trailing_zeros(), alpha, beta);
            if self.stopped {
                return 0;
            }
            if v <= alpha {
                return v;
            }
            best = v;
        }
        // Discards: every other card, equivalent ones once.
        let all = h[0] | h[1];
        let live = orders(h[l]) & orders(theirs);
        let live_cards = live * SAME_ORDER;
        let mut rest = theirs & !fourth;
        let mut prev: Option<u32> = None;
        let mut scored = [(0i32, 0u32); 13];
        let mut count = 0;
        while rest != 0 {
            let x = rest.trailing_zeros();
            rest &= rest - 1;
            let dead = live_cards & 1 << x == 0;
            if let Some(p) = prev {
                let between = ((1u64 << x) - 1) & !((2u64 << p) - 1);
                if dead && p / 16 == x / 16 && all & between == 0 {
                    prev = Some(x);
                    continue;
                }
            }
            prev = dead.then_some(x);
            scored[count] = (-((x % 16) as i32), x);
            count += 1;
        }
        sort_desc(&mut scored[..count]);
        for &(_, x) in &scored[..count] {
            let v = self.answer_with(h, l, third, x, alpha, beta.min(best));
            if self.stopped {
                return 0;
            }
            if v < best {
                best = v;
                if v <= alpha {
                    break;
                }
            }
        }
        best
    }

    /// The value after the follower answers Quack-quack (`third`) with `x`:
    /// the fourth card of the rank (Duck soup), or a discard.
    fn answer_with(
        &mut self,
        h: [Cards; 2],
        l: usize,
        third: u32,
        x: u32,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if self.tick() {
            return 0;
        }
        let f = 1 - l;
        let t = self.terms();
        let mut h = h;
        h[f] &= !(1 << x);
        if rank_of(third) & 1 << x != 0 {
            let g = -4 * t.worth[f];
            g - self.lead(h, f, g - beta, g - alpha)
        } else {
            let points = if t.by_suit && suit_of(third) & 1 << x != 0 {
                3
            } else {
                4
            };
            let g = points * t.worth[l];
            g + self.lead(h, l, alpha - g, beta - g)
        }
    }
}

/// The nodes a decision at a trick's start takes with an empty table, by
/// cards in the mover's hand (index): about the 95th percentile measured by
/// `duck-soup bench --soup 20` (BENCHMARKS.md), rounded up. Each card more
/// costs about four times as much.
const EXPECTED_NODES: [u64; 14] = [
    10, 10, 40, 100, 300, 1_000, 4_000, 12_000, 40_000, 150_000, 600_000, 3_000_000, 12_000_000,
    40_000_000,
];

/// Whether a decision of `d`'s mover is worth solving within `allowance`
/// nodes: the solver [`applies`] and a decision with the mover's cards
/// takes at most that many nodes with an empty table, nearly always
/// ([`EXPECTED_NODES`]). The test reads the position alone, not what the
/// table holds, so that the same decision is made the same way whatever was
/// solved before; the search it allows runs to its end.
pub fn worth_solving(d: &Deal, allowance: u64) -> bool {
    if !applies(d) {
        return false;
    }
    let cards = d.hand(0).len().max(d.hand(1).len()) as usize;
    EXPECTED_NODES[cards.min(13)] <= allowance
}

/// Nodes the Expert player allows per play-out of its budget
/// ([`super::expert::choose_while`]): at the default budget (10,000
/// play-outs) 1.5 million, so that it solves from 10 cards a hand (about
/// a tenth of a second natively at most), with 40,000 from 11.
pub const EXPERT_NODES_PER_PLAYOUT: u64 = 150;

/// Nodes the deal review allows per play-out of its budget: at the default
/// budget from 12 cards a hand, and at four times the Expert's budget
/// (40,000 play-outs) the whole Soup course, 13 cards a hand.
pub const REVIEW_NODES_PER_PLAYOUT: u64 = 2_000;

/// The table's size in the page (16 MB): a phone's memory is scarcer.
#[cfg(target_arch = "wasm32")]
const THREAD_TABLE_BITS: u32 = 21;
#[cfg(not(target_arch = "wasm32"))]
const THREAD_TABLE_BITS: u32 = DEFAULT_TABLE_BITS;

thread_local! {
    /// This thread's solver, its table kept through a course: the Expert
    /// player, the hint and the review of this thread share it (its values
    /// depend only on the position, not on who asks). In the page, the
    /// worker's one thread.
    static SOLVER: std::cell::RefCell<Option<SoupSolver>> = const { std::cell::RefCell::new(None) };
}

/// Runs `f` with this thread's solver (made on first use).
pub fn with_thread_solver<T>(f: impl FnOnce(&mut SoupSolver) -> T) -> T {
    SOLVER.with(|cell| {
        let mut slot = cell.borrow_mut();
        f(slot.get_or_insert_with(|| SoupSolver::with_table_bits(THREAD_TABLE_BITS)))
    })
}

/// Solves `d` (where the solver [`applies`]) ahead of its decisions, in
/// this thread's solver, until `keep_going` answers false or it is solved:
/// what the page's worker can do while the table animates and the person
/// thinks, so that the decisions after find their positions in the table.
/// Solved: the best move of `d`, then that of the position after each of
/// `d`'s moves (the Normal player's first: the likeliest), where the next
/// decision is made; a position solved already costs little more than a
/// look in the table, so a call stopped part-way and made again goes on
/// where it stopped. True when solved.
pub fn ponder(d: &Deal, keep_going: &mut dyn FnMut() -> bool) -> bool {
    if !applies(d) {
        return false;
    }
    let legal = d.legal_moves();
    let normal = heuristic::choose_seeing(d);
    let mut order = vec![normal];
    order.extend(legal.as_slice().iter().copied().filter(|&mv| mv != normal));
    with_thread_solver(|s| {
        if s.best_move(d, legal.as_slice(), normal, keep_going)
            .is_none()
        {
            return false;
        }
        for mv in order {
            let mut next = *d;
            next.apply(mv);
            if !applies(&next) {
                continue;
            }
            let moves = next.legal_moves();
            let preferred = heuristic::choose_seeing(&next);
            if s.best_move(&next, moves.as_slice(), preferred, keep_going)
                .is_none()
            {
                return false;
            }
        }
        true
    })
}

/// The mover's margin at the end of a play-out of `d` after `mv` by the
/// Normal player's rules, every card seen: a first guess of its value.
fn played_out(d: &Deal, mv: Move) -> i32 {
    let mut end = *d;
    let mover = d.to_move();
    end.apply(mv);
    super::solve::play_out(&mut end);
    margin(&end, mover) as i32
}

/// Every value the rest of the course can add to the margin of `node`'s
/// leader, ascending: its Soup points `a` times their worth to it less the
/// other seat's `b` times theirs, where each card still in play (in hand or
/// on the table) makes at most one point (a face-up trick is two cards, a
/// face-down one two cards and one point), so `a + b` is at most their count.
fn ends(terms: Terms, node: &Node) -> Vec<i32> {
    let on_table = match node.stage {
        Stage::Lead => 0,
        Stage::Follow => 1,
        Stage::LeaderAnswer => 2,
        _ => 3,
    };
    let cards = (node.hands[0] | node.hands[1]).count_ones() as i32 + on_table;
    let (mine, theirs) = (terms.worth[node.leader], terms.worth[1 - node.leader]);
    let mut out = Vec::with_capacity(((cards + 1) * (cards + 2) / 2) as usize);
    for a in 0..=cards {
        for b in 0..=cards - a {
            out.push(mine * a - theirs * b);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The first of `values` (ascending) at or above `t`, else the last, else `t`.
fn snap(values: &[i32], t: i32) -> i32 {
    let at = values.partition_point(|&v| v < t);
    values.get(at).or(values.last()).copied().unwrap_or(t)
}

/// The representative of the position `h` (hands within `base`, the cards
/// each seat held when the table was started) among the positions of the
/// same value that it can be told from only by the ranks of dead cards.
///
/// A card is *dead* when the other seat holds no card of its rank: it can
/// never quack nor be quacked (cards only leave the hands), so all that
/// matters of it is its owner, its suit and its place among the cards of
/// its suit still held. Each dead card is moved down, suit by suit from the
/// lowest card up, to the lowest card of its owner's `base` above the card
/// placed before it (so that the suit's order stays) whose rank keeps it
/// dead: a rank its owner alone holds, or one nobody holds that is given to
/// one seat only (to seat 0 if seat 1's `base` has no card of it or its
/// order is even, else to seat 1), so that no two dead cards of different
/// seats come to share a rank. Live cards (both seats hold their rank)
/// stay. The representative has the same live cards, the same dead ranks
/// and each suit's cards in the same order of owners: every play in one
/// is a play in the other with the same tricks won, under every rule.
#[inline(always)]
fn pattern(h: [Cards; 2], base: [Cards; 2]) -> [Cards; 2] {
    let held = [orders(h[0]), orders(h[1])];
    let alone = [held[0] & !held[1], held[1] & !held[0]];
    let dead = [
        h[0] & !(held[1] * SAME_ORDER),
        h[1] & !(held[0] * SAME_ORDER),
    ];
    let all_dead = dead[0] | dead[1];
    if all_dead == 0 {
        return h;
    }
    const EVEN: u64 = 0x1555;
    let empty = SUIT_BITS & !(held[0] | held[1]);
    let empty0 = empty & (EVEN | !orders(base[1]));
    let slots = [
        base[0] & ((alone[0] | empty0) * SAME_ORDER),
        base[1] & ((alone[1] | (empty & !empty0)) * SAME_ORDER),
    ];
    let mut out = [h[0] & !dead[0], h[1] & !dead[1]];
    let present = h[0] | h[1];
    for suit in 0..4 {
        let mask = SUIT_BITS << (16 * suit);
        let mut rest = all_dead & mask;
        // The last dead card moved, and where to.
        let (mut last, mut last_to) = (64, 0);
        while rest != 0 {
            let c = rest.trailing_zeros();
            rest &= rest - 1;
            let below = present & mask & ((1u64 << c) - 1);
            // The cards above the card placed before `c`.
            let open = if below == 0 {
                mask
            } else {
                let p = 63 - below.leading_zeros();
                let floor = if p == last { last_to } else { p };
                mask & !((2u64 << floor) - 1)
            };
            let s = (dead[1] >> c & 1) as usize;
            // Never empty: `c` itself is one.
            let to = (slots[s] & open & ((2u64 << c) - 1)).trailing_zeros();
            out[s] |= 1 << to;
            (last, last_to) = (c, to);
        }
    }
    out
}

/// The `n`th set bit (from 0) of `set`.
fn nth_bit(mut set: u64, n: u32) -> u32 {
    for _ in 0..n {
        set &= set.wrapping_sub(1);
    }
    set.trailing_zeros()
}

/// Sorts by score, highest first (at most 13: an insertion sort).
#[inline(always)]
fn sort_desc(items: &mut [(i32, u32)]) {
    for k in 1..items.len() {
        let mut j = k;
        while j > 0 && items[j].0 > items[j - 1].0 {
            items.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// [`super::search::outcome`] of a deal ending with `margin` for the seat.
pub fn outcome_of_margin(margin: i32) -> f32 {
    let m = margin as f32;
    m.signum() + m / 200.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::playout;
    use crate::engine::rng::Rng;

    /// Positions of the Soup course with at most `cards` cards a hand, at
    /// every stage of a trick: the Duck course by the Normal player, then
    /// random moves.
    fn positions(count: u64, cards: u32) -> Vec<Deal> {
        let mut rng = Rng::new(cards as u64);
        (0..count)
            .map(|seed| {
                let mut d = playout::start_deal(GameKind::TwoPlayer, seed);
                while d.stock_len() > 0 {
                    d.apply(super::super::heuristic::choose(&d));
                }
                let stop = rng.below(3);
                while d.hand(d.to_move()).len() > cards
                    || (d.trick().plays().count() as u32) < stop && !d.is_over()
                {
                    let mv = d.random_move(&mut rng);
                    d.apply(mv);
                }
                d
            })
            .filter(applies)
            .collect()
    }

    /// The test points of the exact search are the values the course can
    /// end with: every move's exact value is one of them.
    #[test]
    fn every_value_is_one_the_course_can_end_with() {
        for d in positions(30, 6) {
            let mut solver = SoupSolver::with_table_bits(14);
            let node = solver.prepare(&d);
            let terms = solver.terms.unwrap();
            let legal = d.legal_moves();
            let margins = solver
                .move_margins(&d, legal.as_slice(), &mut || true)
                .unwrap();
            let mover = d.to_move();
            let now = margin(&d, mover) as i32;
            let sign = if mover as usize == node.leader { 1 } else { -1 };
            let values = ends(terms, &node);
            for m in margins {
                let v = sign * (m - now);
                assert!(
                    values.binary_search(&v).is_ok(),
                    "{v} not among {} values",
                    values.len()
                );
            }
        }
    }

    /// The exact search finds the value whatever its list of test points
    /// says, against a search that answers each window fail-soft.
    #[test]
    fn the_exact_value_does_not_depend_on_the_test_points() {
        let mut table = Table::new(4);
        let compress = Compress::new([0, 0]);
        let terms = Terms {
            worth: [7, 11],
            single: 2,
            by_suit: false,
        };
        let mut go = || true;
        let lists: [Vec<i32>; 4] = [
            vec![],
            vec![-50, 0, 50],
            (-300..300).step_by(7).collect(),
            (-300..300).collect(),
        ];
        for ends in lists {
            for value in [-290, -77, -1, 0, 1, 13, 99, 290] {
                for guess in [-200, 0, value, 200] {
                    let mut s = Search {
                        table: &mut table,
                        compress: &compress,
                        terms,
                        base: [0, 0],
                        nodes: 0,
                        node_limit: u64::MAX,
                        next_ask: u64::MAX,
                        stopped: false,
                        keep_going: &mut go,
                        ends: ends.clone(),
                    };
                    // Fail-soft: a bound between the window's edge and the value.
                    let found = s.exact(guess, |_, alpha, beta| {
                        if value >= beta {
                            value - (value - beta) / 2
                        } else {
                            value + (alpha - value) / 2
                        }
                    });
                    assert_eq!(found, Some(value), "{ends:?}, guess {guess}");
                }
            }
        }
    }

    /// The value of the position `h` at a trick's start, `l` to lead,
    /// searched with a table of its own (`base`: the cards the table was
    /// started with).
    fn value_of(h: [Cards; 2], l: usize, base: [Cards; 2], terms: Terms) -> i32 {
        let mut table = Table::new(16);
        let compress = Compress::new(base);
        let mut go = || true;
        let mut s = Search {
            table: &mut table,
            compress: &compress,
            terms,
            base,
            nodes: 0,
            node_limit: u64::MAX,
            next_ask: u64::MAX,
            stopped: false,
            keep_going: &mut go,
            ends: vec![],
        };
        s.lead(h, l, LOW, HIGH)
    }

    /// The pattern's representative of a position has the value of the
    /// position itself under every rule that changes the Soup course, the
    /// same cards in each suit and hand, within the cards the table was
    /// started with; and it merges positions (it is not the position
    /// itself) often enough to matter.
    #[test]
    fn a_positions_pattern_has_its_value() {
        let mut rng = Rng::new(5);
        let all_terms = [
            Terms {
                worth: [7, 3],
                single: 2,
                by_suit: false,
            },
            Terms {
                worth: [2, 9],
                single: 1,
                by_suit: true,
            },
            Terms {
                worth: [1, 1],
                single: 2,
                by_suit: true,
            },
        ];
        let (mut merged, mut tried) = (0, 0);
        for seed in 0..400 {
            let mut d = playout::start_deal(GameKind::TwoPlayer, seed);
            while d.stock_len() > 0 {
                d.apply(super::super::heuristic::choose(&d));
            }
            let base = [set_of(d.hand(0)), set_of(d.hand(1))];
            let cards = 3 + rng.below(4);
            while !d.is_over() && (d.hand(0).len() > cards || !d.trick().is_empty()) {
                let mv = d.random_move(&mut rng);
                d.apply(mv);
            }
            if d.is_over() {
                continue;
            }
            let h = [set_of(d.hand(0)), set_of(d.hand(1))];
            let l = d.leader() as usize;
            let p = pattern(h, base);
            for seat in 0..2 {
                assert_eq!(p[seat] & !base[seat], 0, "within the table's cards");
                for suit in 0..4 {
                    let m = SUIT_BITS << (16 * suit);
                    assert_eq!((p[seat] & m).count_ones(), (h[seat] & m).count_ones());
                }
            }
            tried += 1;
            if p != h {
                merged += 1;
            }
            for terms in all_terms {
                assert_eq!(
                    value_of(h, l, base, terms),
                    value_of(p, l, base, terms),
                    "{h:x?} and its pattern {p:x?}, {terms:?}"
                );
            }
        }
        assert!(merged * 4 > tried, "{merged} of {tried} moved");
    }
}
