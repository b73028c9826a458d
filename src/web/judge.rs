//! One move of the deal review as a message to the computers' worker: the
//! question is the mover's view and what it had seen (a [`Question`], as a
//! computer's decision travels) and the move it made; the answer is the
//! judgement (`ai::review::judge`): every legal move's value and spread,
//! the best, the points lost. One move a message, so that the page shows
//! progress between moves and a review can be stopped at any of them.
//!
//! Both travel as the codec's values: the request is `the move played ·
//! the question's bytes`; the answer `count · (move · value · spread)… ·
//! best · loss · exact · deals`, each number a float's eight bytes.

use super::think::Question;
use crate::ai::review::{self, Judgement, MoveValue};
use crate::ai::{Level, SeatHistory, SeatView};
use crate::codec::{Reader, Writer};
use crate::engine::Move;
use wasm_bindgen::prelude::*;

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
        review::judge(
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

/// The full page's answer to the worker's review question (its `judge`
/// export, `web::judge` in `web/mod.rs`): a [`JudgeQuestion`]'s bytes in,
/// the judgement's bytes out ([`judgement_bytes`]), empty when the question
/// does not hold together.
pub fn answer(question: &[u8]) -> Vec<u8> {
    match JudgeQuestion::read(question) {
        Ok(q) => judgement_bytes(&q.judge()),
        Err(e) => {
            web_sys::console::warn_1(&JsValue::from_str(&format!(
                "a review question refused: {e}"
            )));
            Vec::new()
        }
    }
}
