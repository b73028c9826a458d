//! The questions the computers' worker answers, as bytes: a computer's
//! decision ([`Question`]: the seat's view and what it saw, answered by a
//! move) and one move of the deal review ([`JudgeQuestion`]: answered by a
//! [`Judgement`]). The page asks them (`web/controller/thinker.rs`,
//! `judging.rs`); the worker's own build of this crate (`thinker.rs`, Cargo
//! feature `thinker`) reads them and answers. Plain Rust, so that `cargo
//! test` reads every format and refuses what does not hold together.
//!
//! A request carries what the seat may know and nothing else: its view of
//! the deal (`engine::deal_view::DealView`, checked again when read back)
//! and, for the Expert player, its views before each move seen. It travels
//! as the codec's values, the views in their one encoding
//! (`codec::deal_view`, as a host's table to a guest), and the move comes
//! back as the codec's move: a few hundred bytes of code, where
//! serde-wasm-bindgen's typed objects cost the page about 20 KB gzipped.
//! The deal review's request is `the move played · the question's bytes`;
//! its answer `count · (move · value · spread)… · best · loss · exact ·
//! deals`, each number a float's eight bytes.

use crate::ai::judge::{self, Judgement, MoveValue};
use crate::ai::{self, Level, SeatHistory, SeatView};
use crate::codec::{Reader, Writer};
use crate::engine::deal_view::DealView;
use crate::engine::Move;

/// One decision to make.
#[derive(Clone, Debug)]
pub struct Question {
    pub level: Level,
    pub view: SeatView,
    /// What the seat saw of the deal so far (only the Expert player reads it).
    pub history: Option<SeatHistory>,
    pub seed: u64,
    /// The Expert player's play-outs per decision (its whole budget).
    pub playouts: u32,
    /// Stop searching at this time (`Date.now()`, in milliseconds) and play
    /// the best move found; `None` spends the whole budget, so that the
    /// same seed plays the same game (`pace=0`).
    pub deadline: Option<f64>,
}

/// The share of an Expert's time (to its deadline) the exact solver of the
/// two-player Soup course may take before today's search takes the rest.
const SOLVER_SHARE: f64 = 0.5;

/// The most steps a question's history holds (a deal has far fewer moves).
const MAX_STEPS: usize = 1000;

/// A move as it comes back from the worker: the codec's move.
pub fn move_bytes(mv: Move) -> Vec<u8> {
    let mut w = Writer::new();
    w.game_move(mv);
    w.into_bytes()
}

/// The move of [`move_bytes`]; `None` for anything else (the worker's
/// answer when a question does not hold together is empty).
pub fn read_move(bytes: &[u8]) -> Option<Move> {
    let mut r = Reader::new(bytes);
    let mv = r.game_move("the move").ok()?;
    r.end().ok().map(|()| mv)
}

/// Why a question was refused, in one line.
fn why(e: impl std::fmt::Display) -> String {
    e.to_string()
}

impl Question {
    /// The question as bytes: `level · seed · play-outs · the seat's view ·
    /// steps seen, then each step's move and the view before it`. The
    /// deadline travels apart, as a number.
    pub fn request(&self) -> Vec<u8> {
        let d = &self.view.deal;
        let level = Level::ALL.iter().position(|&l| l == self.level);
        let mut w = Writer::new();
        w.byte(level.unwrap_or(0) as u8);
        w.varint(self.seed);
        w.varint(self.playouts.into());
        w.deal_view(&DealView::of(d, self.view.seat));
        w.count(self.history.as_ref().map_or(0, |h| h.len()));
        for (v, mv) in self.history.iter().flat_map(|h| h.steps()) {
            w.game_move(mv);
            w.deal_view(&DealView::of(&v.deal, v.seat));
        }
        w.into_bytes()
    }

    /// The question a request asks, refused if it does not hold together.
    pub fn read(bytes: &[u8], deadline: f64) -> Result<Question, String> {
        let mut r = Reader::new(bytes);
        let level = r.below(Level::ALL.len() as u8, "the level").map_err(why)?;
        let seed = r.varint("the seed").map_err(why)?;
        let playouts = r.u32("the play-outs").map_err(why)?;
        // A view read back into the deal the seat saw.
        let deal = |r: &mut Reader| -> Result<_, String> {
            let view = r.deal_view().map_err(why)?;
            Ok((view.seat, view.to_deal().map_err(why)?))
        };
        let (seat, now) = deal(&mut r)?;
        if now.is_over() || now.to_move() != seat {
            return Err("not the seat's turn".into());
        }
        let steps = r.count(MAX_STEPS, "the steps seen").map_err(why)?;
        let mut history = SeatHistory::new(seat);
        for _ in 0..steps {
            let mv = r.game_move("a step's move").map_err(why)?;
            let (s, before) = deal(&mut r)?;
            if s != seat {
                return Err("a step seen from another seat".into());
            }
            history.record(&before, mv);
        }
        r.end().map_err(why)?;
        Ok(Question {
            level: Level::ALL[level as usize],
            view: SeatView { seat, deal: now },
            history: (steps > 0).then_some(history),
            seed,
            playouts,
            deadline: (deadline > 0.0).then_some(deadline),
        })
    }

    /// The move, searched until the deadline if there is one (never past
    /// the play-out budget); `now` is the clock the deadline is read on
    /// (`Date.now()` in a browser).
    pub fn decide(&self, now: impl Fn() -> f64) -> Move {
        let deadline = self.deadline;
        if self.level != ai::Level::Expert {
            return ai::choose_with(
                self.level,
                &self.view,
                self.history.as_ref(),
                self.seed,
                self.playouts,
            );
        }
        if let Some(due) = deadline {
            // The two-player Soup course: the exact solver first (its table
            // kept, and filled by [`answer_ponder`] between questions), for
            // a share of the time; if it has not finished, today's search
            // with the rest.
            let start = now();
            let solver_until = start + (due - start) * SOLVER_SHARE;
            if let Some(mv) = ai::solved_until(&self.view, &mut || now() < solver_until) {
                return mv;
            }
        }
        let mut keep_going = |_| deadline.is_none_or(|d| now() < d);
        ai::choose_expert_while(
            &self.view,
            self.history.as_ref(),
            self.seed,
            self.playouts,
            &mut keep_going,
        )
    }
}

/// One move to judge, from its seat's view and history.
#[derive(Clone, Debug)]
pub struct JudgeQuestion {
    pub view: SeatView,
    pub history: SeatHistory,
    pub played: Move,
    pub playouts: u32,
    pub seed: u64,
}

/// The most legal moves a position has (a hand's cards, with a led
/// Duck's suits; far fewer in practice).
const MOST_MOVES: usize = 128;

impl JudgeQuestion {
    pub fn request(&self) -> Vec<u8> {
        let mut w = Writer::new();
        w.game_move(self.played);
        let question = Question {
            level: Level::Expert,
            view: self.view,
            history: Some(self.history.clone()),
            seed: self.seed,
            playouts: self.playouts,
            deadline: None,
        };
        w.bytes(&question.request());
        w.into_bytes()
    }

    /// The question a request asks, refused if it does not hold together
    /// (a move not legal in the view among them).
    pub fn read(bytes: &[u8]) -> Result<JudgeQuestion, String> {
        let mut r = Reader::new(bytes);
        let played = r.game_move("the move played").map_err(|e| e.to_string())?;
        let rest = r
            .take(r.left(), "the question")
            .map_err(|e| e.to_string())?;
        let q = Question::read(rest, 0.0)?;
        if !q.view.deal.legal_moves().contains(played) {
            return Err("the move played is not legal there".into());
        }
        let seat = q.view.seat;
        Ok(JudgeQuestion {
            view: q.view,
            history: q.history.unwrap_or_else(|| SeatHistory::new(seat)),
            played,
            playouts: q.playouts,
            seed: q.seed,
        })
    }

    pub fn judge(&self) -> Judgement {
        judge::judge(
            &self.view,
            &self.history,
            self.played,
            self.playouts,
            self.seed,
        )
    }
}

fn number(w: &mut Writer, x: f64) {
    w.bytes(&x.to_le_bytes());
}

fn read_number(r: &mut Reader, what: &'static str) -> Result<f64, crate::codec::Error> {
    let x = f64::from_le_bytes(r.array(what)?);
    if x.is_finite() {
        Ok(x)
    } else {
        Err(crate::codec::Error::Invalid(what))
    }
}

/// A judgement as the worker sends it back.
pub fn judgement_bytes(j: &Judgement) -> Vec<u8> {
    let mut w = Writer::new();
    w.count(j.values.len());
    for v in &j.values {
        w.game_move(v.mv);
        number(&mut w, v.value);
        number(&mut w, v.spread);
    }
    w.game_move(j.best);
    number(&mut w, j.loss);
    w.bool(j.exact);
    w.varint(j.deals.into());
    w.into_bytes()
}

/// The judgement of `q` from the worker's bytes; `None` for anything else
/// (the worker's answer when a question does not hold together is empty).
pub fn read_judgement(q: &JudgeQuestion, bytes: &[u8]) -> Option<Judgement> {
    let mut r = Reader::new(bytes);
    let count = r.count(MOST_MOVES, "the values").ok()?;
    let mut values = Vec::with_capacity(count);
    for _ in 0..count {
        values.push(MoveValue {
            mv: r.game_move("a move").ok()?,
            value: read_number(&mut r, "a value").ok()?,
            spread: read_number(&mut r, "a spread").ok()?,
        });
    }
    let best = r.game_move("the best move").ok()?;
    let loss = read_number(&mut r, "the loss").ok()?;
    let exact = r.bool("exact").ok()?;
    let deals = r.u32("the deals").ok()?;
    r.end().ok()?;
    Some(Judgement {
        game: q.view.deal.game(),
        seat: q.view.seat,
        played: q.played,
        values,
        best,
        loss,
        exact,
        deals,
    })
}

/// The worker's answer to a computer's [`Question`] (its `think` export): the
/// move's bytes ([`move_bytes`]), or why the request was refused.
pub fn answer_think(
    request: &[u8],
    deadline: f64,
    now: impl Fn() -> f64,
) -> Result<Vec<u8>, String> {
    Question::read(request, deadline).map(|q| move_bytes(q.decide(now)))
}

/// What the worker does after answering a computer's [`Question`] with the
/// move `played` (its `ponder` export, called in slices until it answers
/// true): where the Expert player, at the normal pace (a deadline), knows
/// every card of the two-player Soup course, it solves the position after
/// its move ahead ([`ai::ponder_after`]) until `now()` reaches `until`.
/// True when nothing is left to do; why, when the request or the move does
/// not hold together.
pub fn answer_ponder(
    request: &[u8],
    deadline: f64,
    played: &[u8],
    until: f64,
    now: impl Fn() -> f64,
) -> Result<bool, String> {
    let q = Question::read(request, deadline)?;
    let mv = read_move(played).ok_or("the move played does not read")?;
    if !q.view.deal.legal_moves().contains(mv) {
        return Err("the move played is not legal there".into());
    }
    if q.level != Level::Expert || q.deadline.is_none() {
        return Ok(true);
    }
    Ok(ai::ponder_after(&q.view, mv, &mut || now() < until))
}

/// The worker's answer to a [`JudgeQuestion`] (its `judge` export): the
/// judgement's bytes ([`judgement_bytes`]), or why the request was refused.
pub fn answer_judge(request: &[u8]) -> Result<Vec<u8>, String> {
    JudgeQuestion::read(request).map(|q| judgement_bytes(&q.judge()))
}
