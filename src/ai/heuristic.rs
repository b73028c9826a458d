//! The Normal player: course-aware card values, when to quack, when to
//! concede, when to lead a Duck, High/Low play in partnerships. It reads only
//! the mover's hand and public facts, so it is safe on a [`SeatView`]'s deal
//! and fast enough to be the rollout policy of search.
//!
//! [`SeatView`]: super::seat_view::SeatView

use super::seat_view::{hand_len_of, unknown_to};
use crate::engine::deal::ace_high;
use crate::engine::partnership_rules::{is_high_lead, value, winner};
use crate::engine::rules::DuckWinner;
use crate::engine::{Card, CardSet, Course, Deal, GameKind, Move, Stage, Trick};
use std::cell::Cell;

/// Expected trick points are weighed against how much a card is worth keeping.
const POINT: f32 = 10.0;
const KEEP: f32 = 0.6;
/// Partnership: how much a lead's kind of trick (high or low) counts for
/// the member of the side who keeps it, and what taking over a partner's
/// winning card costs (in tricks). Measured against the earlier Normal
/// player, which weighed neither (and took a partner's winning card as
/// safe), over 8000 duplicate partnership deals: 54.9% (95% CI 54.0-55.8%).
const LEAD_BALANCE: f32 = 4.0;
const OVERTAKE: f32 = 0.5;

struct Ctx<'a> {
    d: &'a Deal,
    me: u8,
    unknown: CardSet,
    /// How many unknown cards there are (other hands and the stock).
    unknown_len: u32,
    /// Where [`Ctx::best`] writes each move's score, when asked for them.
    scores: Option<&'a Cell<[f32; 16]>>,
}

impl Ctx<'_> {
    /// Chance that a seat holding `h` of the unknown cards has at least one of `m` particular ones.
    #[inline(always)]
    fn p_holds(&self, m: u32, h: u32) -> f32 {
        let u = self.unknown_len;
        if m == 0 || h == 0 || u == 0 {
            return 0.0;
        }
        if u < m + h {
            return 1.0;
        }
        let mut none = 1.0f32;
        for i in 0..h {
            none *= (u - m - i) as f32 / (u - i) as f32;
        }
        1.0 - none
    }

    fn hand_len(&self, seat: u8) -> u32 {
        hand_len_of(self.d, self.me, seat)
    }

    /// How much a card is worth keeping for later tricks (higher: keep it).
    #[inline(always)]
    fn keep(&self, c: Card) -> f32 {
        if c.is_joker() {
            return 9.0;
        }
        let d = self.d;
        if d.game() == GameKind::Partnership {
            // Extremes win: high cards take high leads, low cards low leads.
            let v = value(d, self.me, c) as f32;
            return (v - 7.5).abs() * 1.4;
        }
        let duck = match d.rules().duck_winner {
            DuckWinner::Lower => 14 - c.rank(),
            DuckWinner::Higher => c.rank(),
        } as f32;
        let soup = (ace_high(c.rank()) - 1) as f32;
        // Weight by how much of the Duck course is left.
        let total_stock = (d.game().deck_size() - d.game().seats() * d.game().hand_size()) as f32;
        let w = if d.course() == Course::Duck {
            d.stock_len() as f32 / total_stock
        } else {
            0.0
        };
        w * duck + (1.0 - w) * soup
    }

    /// Whether `a` beats `b` in the suit led, in this course (the engine's rule).
    #[inline(always)]
    fn beats(&self, a: Card, b: Card) -> bool {
        self.d.beats(a, b)
    }

    /// Unknown cards of `c`'s suit that beat it.
    #[inline(always)]
    fn beaters(&self, c: Card) -> u32 {
        self.unknown
            .and(CardSet::suit(c.suit()))
            .iter()
            .filter(|&u| self.beats(u, c))
            .count() as u32
    }

    #[inline(always)]
    fn unknown_of_rank(&self, rank: u8) -> u32 {
        self.unknown.and(CardSet::rank(rank)).len()
    }

    fn unknown_of_suit(&self, c: Card) -> u32 {
        self.unknown.and(CardSet::suit(c.suit())).len()
    }

    /// Picks the move with the best score; ties go to the first.
    fn best(&self, moves: &[Move], mut score: impl FnMut(Move) -> f32) -> Move {
        let mut best = moves[0];
        let mut best_score = f32::NEG_INFINITY;
        for (i, &mv) in moves.iter().enumerate() {
            let s = score(mv);
            if let Some(scores) = self.scores {
                let mut all = scores.get();
                all[i] = s;
                scores.set(all);
            }
            if s > best_score {
                best = mv;
                best_score = s;
            }
        }
        best
    }

    fn cheapest(&self, moves: &[Move]) -> Move {
        self.best(moves, |mv| mv.card().map_or(0.0, |c| -self.keep(c)))
    }
}

/// The Normal player's move for whoever is to move in `d`.
pub fn choose(d: &Deal) -> Move {
    let legal = d.legal_moves();
    let moves = legal.as_slice();
    if moves.len() == 1 {
        return moves[0];
    }
    decide(d, moves, None, unknown_to(d, d.to_move()))
}

/// The Normal player's rules with every card's place known (a complete
/// sampled deal): the cards it fears are only those its opponents hold, so
/// that it judges the threats of the deal it is in. The play-out policy of
/// the Expert player's search.
pub fn choose_seeing(d: &Deal) -> Move {
    let legal = d.legal_moves();
    let moves = legal.as_slice();
    if moves.len() == 1 {
        return moves[0];
    }
    let me = d.game().scorer_of(d.to_move());
    let mut threats = CardSet::EMPTY;
    for s in 0..d.seats() {
        if d.game().scorer_of(s) != me {
            threats = threats.or(d.hand(s));
        }
    }
    decide(d, moves, None, threats)
}

/// The Normal player's view of a decision: its choice, and how it scored
/// each legal move (in [`Deal::legal_moves`] order) where it weighs them;
/// None where a rule decides (a single legal move, answering quacks).
pub struct Scored {
    pub chosen: Move,
    pub scores: Option<[f32; 16]>,
}

/// [`choose`] with the scores behind the choice (for inference: how much
/// the Normal player would have preferred each move).
pub fn scored(d: &Deal) -> Scored {
    let legal = d.legal_moves();
    let moves = legal.as_slice();
    if moves.len() == 1 {
        return Scored {
            chosen: moves[0],
            scores: None,
        };
    }
    const UNSET: f32 = f32::NAN;
    let scores = Cell::new([UNSET; 16]);
    let chosen = decide(d, moves, Some(&scores), unknown_to(d, d.to_move()));
    let scores = scores.get();
    Scored {
        chosen,
        scores: (!scores[0].is_nan()).then_some(scores),
    }
}

fn decide(d: &Deal, moves: &[Move], scores: Option<&Cell<[f32; 16]>>, unknown: CardSet) -> Move {
    let me = d.to_move();
    let ctx = Ctx {
        d,
        me,
        unknown,
        unknown_len: unknown.len(),
        scores,
    };
    match d.game() {
        GameKind::TwoPlayer => two_player(&ctx, moves),
        GameKind::ThreePlayer => three_player(&ctx, moves),
        GameKind::Partnership => partnership(&ctx, moves),
    }
}

fn two_player(x: &Ctx, moves: &[Move]) -> Move {
    let d = x.d;
    let t = d.trick();
    let other = 1 - x.me;
    let h = x.hand_len(other);
    match t.stage() {
        Stage::Lead => x.best(moves, |mv| {
            let c = mv.card().expect("a lead is a card");
            let pb = x.p_holds(x.beaters(c), h);
            let pq = x.p_holds(x.unknown_of_rank(c.rank()), h);
            let ps = x.p_holds(x.unknown_of_suit(c), h);
            let ev = -pb + (1.0 - pb) * (pq * -1.5 + (1.0 - pq) * (ps + (1.0 - ps) * 2.0));
            ev * POINT - x.keep(c) * KEEP
        }),
        Stage::Follow => {
            let led = t.plays().next().expect("a card was led").1;
            let mine_of_rank = d.hand(x.me).and(CardSet::rank(led.rank())).len();
            let p_third = x.p_holds(x.unknown_of_rank(led.rank()), h);
            x.best(moves, |mv| {
                let c = mv.card().expect("a follow is a card");
                let ev = if c.rank() == led.rank() {
                    let answer = if mine_of_rank >= 2 { 4.0 } else { -4.0 };
                    (1.0 - p_third) * 2.0 + p_third * answer
                } else if c.suit() == led.suit() {
                    if x.beats(c, led) {
                        1.0
                    } else {
                        -1.0
                    }
                } else {
                    -2.0
                };
                ev * POINT - x.keep(c) * KEEP
            })
        }
        Stage::LeaderAnswer => {
            // Play the third card when the follower is unlikely to hold the fourth.
            let rank = t.led_rank().expect("a quacked trick has a rank");
            let p_fourth = x.p_holds(x.unknown_of_rank(rank), h);
            match moves.iter().find(|m| m.card().is_some()) {
                Some(&third) if p_fourth < 0.4 => third,
                _ => Move::Concede,
            }
        }
        _ => {
            // After Quack-quack: the fourth card if held, else the cheapest discard
            // (of another suit than the third card when that keeps the trick face up).
            let rank = t.led_rank().expect("a quacked trick has a rank");
            if let Some(&soup) = moves
                .iter()
                .find(|m| m.card().is_some_and(|c| c.rank() == rank))
            {
                return soup;
            }
            let third = t.plays().nth(2).expect("three cards are down").1;
            x.best(moves, |mv| {
                let c = mv.card().expect("a discard is a card");
                -x.keep(c) - if c.suit() == third.suit() { 3.0 } else { 0.0 }
            })
        }
    }
}

fn three_player(x: &Ctx, moves: &[Move]) -> Move {
    let d = x.d;
    let t = d.trick();
    let me = x.me;
    match t.stage() {
        Stage::Lead => {
            let h = x.hand_len((me + 1) % 3) + x.hand_len((me + 2) % 3);
            x.best(moves, |mv| match mv {
                Move::LeadDuck(c, s) => {
                    // A led Duck wins; name the suit the others hold least of.
                    let others = x.unknown.and(CardSet::suit(s)).len() as f32;
                    1.5 * POINT - x.keep(c) * KEEP - others * 0.1
                }
                _ => {
                    let c = mv.card().expect("a lead is a card");
                    let pb = x.p_holds(x.beaters(c), h);
                    let pq = x.p_holds(x.unknown_of_rank(c.rank()), h);
                    let ev = (1.0 - pb) * (1.0 - pq) * 1.5 - pb - pq * 2.0;
                    ev * POINT - x.keep(c) * KEEP
                }
            })
        }
        Stage::Follow => {
            let (buf, n) = plays_of(t);
            let plays = &buf[..n];
            let led = plays[0].1;
            let led_suit = t.led_suit().expect("a card was led");
            let last = plays.len() == 2;
            let quacked = t.is_quack(1);
            let next_h = x.hand_len((me + 1) % 3);
            let rank_left = if led.is_joker() {
                0
            } else {
                x.unknown_of_rank(led.rank())
            };
            // The best plain card of the suit led so far.
            let best = plays
                .iter()
                .map(|p| p.1)
                .filter(|c| !c.is_joker() && c.suit() == led_suit)
                .fold(None, |b: Option<Card>, c| match b {
                    Some(b) if !x.beats(c, b) => Some(b),
                    _ => Some(c),
                });
            x.best(moves, |mv| {
                let c = mv.card().expect("a follow is a card");
                let ev = if led.is_joker() {
                    // A led Duck wins: follow its suit to keep the trick at 1.
                    if c.matches_suit(led_suit) {
                        -1.0
                    } else {
                        -2.0
                    }
                } else if !c.is_joker() && c.rank() == led.rank() {
                    // A quack wins unless someone answers it.
                    let p = if last && quacked {
                        x.p_holds(rank_left, x.hand_len(plays[0].0))
                    } else if last {
                        0.0
                    } else {
                        x.p_holds(rank_left, next_h)
                    };
                    (1.0 - p) * 2.0 - p
                } else if !quacked
                    && !c.is_joker()
                    && c.suit() == led_suit
                    && best.is_some_and(|b| x.beats(c, b))
                {
                    let p = if last {
                        0.0
                    } else {
                        x.p_holds(x.beaters(c) + rank_left, next_h)
                    };
                    (1.0 - p) * 1.2 - p
                } else if c.matches_suit(led_suit) {
                    -0.8
                } else {
                    -1.2
                };
                ev * POINT - x.keep(c) * KEEP
            })
        }
        // The fourth card after two quacks always takes six cards.
        Stage::LeaderAnswer => *moves
            .iter()
            .find(|m| m.card().is_some())
            .unwrap_or(&Move::Concede),
        _ => x.cheapest(moves),
    }
}

/// A member's count so far: 1 per face-down card, 2 per face-up one it keeps.
#[inline(always)]
fn count(d: &Deal, seat: u8) -> f32 {
    d.pile(Course::Duck, seat).points() as f32
}

/// How much a trick of this kind (high or low) is worth to the side of
/// `seat` if it takes it, relative to an even split: the side scores the
/// product of its members' counts, so a trick for one member is worth the
/// other member's count.
#[inline(always)]
fn worth_to_side(d: &Deal, seat: u8, high: bool) -> f32 {
    let (a, b) = (count(d, seat), count(d, (seat + 2) % 4));
    let (h, l) = if d.is_high(seat) { (a, b) } else { (b, a) };
    let other = if high { l } else { h };
    // Early in the deal both counts are small: the even split weighs more.
    const EVEN: f32 = 6.0;
    (other + EVEN) / ((h + l) / 2.0 + EVEN)
}

/// Chance that a seat still to play after `me` takes the trick `t` (as it
/// stands after my card) from its winner: with a better card of the suit
/// led, or a quack. Only the opponents of the winner count.
fn p_taken(x: &Ctx, t: &Trick) -> f32 {
    let d = x.d;
    let high = is_high_lead(d, t.seats[0], t.cards[0]);
    let w = winner(d, t);
    let (buf, n) = plays_of(t);
    let led = buf[0].1;
    let w_card = buf[..n]
        .iter()
        .find(|p| p.0 == w)
        .expect("the winner played")
        .1;
    let wv = value(d, w, w_card);
    let quacked = t.quack_count() > 0;
    let quackers = x.unknown_of_rank(led.rank());
    let better = if quacked {
        0
    } else {
        x.unknown
            .and(CardSet::suit(led.suit()))
            .iter()
            .filter(|u| u.rank() == 1 || if high { u.rank() > wv } else { u.rank() < wv })
            .count() as u32
    };
    let mut keep = 1.0;
    let mut seat = (t.seats[n - 1] + 1) % 4;
    for _ in n..4 {
        if seat % 2 != w % 2 {
            keep *= 1.0 - x.p_holds(better + quackers, x.hand_len(seat));
        }
        seat = (seat + 1) % 4;
    }
    1.0 - keep
}

fn partnership(x: &Ctx, moves: &[Move]) -> Move {
    let d = x.d;
    let t = d.trick();
    let me = x.me;
    if t.stage() == Stage::Lead {
        return x.best(moves, |mv| {
            let c = mv.card().expect("a lead is a card");
            let high = is_high_lead(d, me, c);
            let v = value(d, me, c);
            let beaters = x
                .unknown
                .and(CardSet::suit(c.suit()))
                .iter()
                .filter(|u| {
                    let r = u.rank();
                    if r == 1 {
                        true
                    } else if high {
                        r > v
                    } else {
                        r < v
                    }
                })
                .count() as f32;
            let quackers = x.unknown_of_rank(c.rank()) as f32;
            // Lead the kind of trick the side's poorer member keeps.
            let balance = worth_to_side(d, me, high) - 1.0;
            -(beaters + 1.5 * quackers) * POINT * 0.3 - x.keep(c) * KEEP * 0.5
                + balance * LEAD_BALANCE
        });
    }
    let led = t.plays().next().expect("a card was led").1;
    let high = is_high_lead(d, t.seats[0], led);
    let partner = (me + 2) % 4;
    let current = winner(d, t);
    let ours = worth_to_side(d, me, high);
    let theirs = worth_to_side(d, (me + 1) % 4, high);
    x.best(moves, |mv| {
        let c = mv.card().expect("a follow is a card");
        let after = t.with_play(me, c);
        let w = winner(d, &after);
        let quack = c.rank() == led.rank();
        let ev = if w % 2 == me % 2 {
            let p = if after.len() == 4 {
                0.0
            } else {
                p_taken(x, &after)
            };
            let gain = if quack && w == me { 1.6 } else { 1.0 };
            // Taking over a partner's winning card spends a card for nothing.
            let spent = if current == partner && w == me {
                OVERTAKE
            } else {
                0.0
            };
            (1.0 - p) * gain * ours - p * theirs - spent
        } else {
            -theirs
        };
        ev * POINT - x.keep(c) * KEEP
    })
}

/// The trick's plays so far in a fixed buffer (no allocation: this runs in
/// every step of the Hard player's play-outs).
#[inline(always)]
fn plays_of(t: &Trick) -> ([(u8, Card); 6], usize) {
    let mut buf = [(0, Card::BLACK_DUCK); 6];
    for (i, slot) in buf.iter_mut().enumerate().take(t.len()) {
        *slot = (t.seats[i], t.cards[i]);
    }
    (buf, t.len())
}
