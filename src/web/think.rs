//! A computer's decision as a message. The seats' computer players and the
//! hint ask a [`Question`]; the controller's thinker (`controller/thinker.rs`)
//! sends it to the worker (`www/worker.js`, which runs this same wasm module
//! and calls [`think`]) and reads the move back. Where no worker can start,
//! the thinker answers the same question on the page's main thread with
//! [`Question::decide`].
//!
//! The request carries what the seat may know and nothing else: its view of
//! the deal (`engine::deal_view::DealView`, checked again when read back) and,
//! for the Expert player, its views before each move seen. It travels as
//! bytes (a `Uint8Array`) made of the codec's values, the views in their one
//! encoding (`codec::deal_view`, as a host's table to a guest), and the
//! move comes back as the codec's move: a few hundred bytes of code, where
//! serde-wasm-bindgen's typed objects cost the page about 20 KB gzipped.

use crate::ai::{self, Level, SeatHistory, SeatView};
use crate::codec::{Reader, Writer};
use crate::engine::deal_view::DealView;
use crate::engine::Move;
use wasm_bindgen::prelude::*;

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
    /// the play-out budget).
    pub fn decide(&self) -> Move {
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
        let mut keep_going = |_| deadline.is_none_or(|d| js_sys::Date::now() < d);
        ai::choose_expert_while(
            &self.view,
            self.history.as_ref(),
            self.seed,
            self.playouts,
            &mut keep_going,
        )
    }
}

/// The worker's entry point: a question's bytes ([`Question::request`])
/// and its deadline (0: none) in; the move's bytes out ([`move_bytes`]),
/// empty when the question does not hold together. Called by
/// `www/worker.js` only.
#[wasm_bindgen]
pub fn think(question: &[u8], deadline: f64) -> Vec<u8> {
    match Question::read(question, deadline) {
        Ok(q) => move_bytes(q.decide()),
        Err(e) => {
            web_sys::console::warn_1(&JsValue::from_str(&format!("a question refused: {e}")));
            Vec::new()
        }
    }
}
