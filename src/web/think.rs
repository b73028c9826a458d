//! A computer's decision as a message. The seats' computer players and the
//! hint ask a [`Question`]; the controller's thinker (`controller/thinker.rs`)
//! sends it to the worker (`www/worker.js`, which runs this same wasm module
//! and calls [`think`]) and reads the move back. Where no worker can start,
//! the thinker answers the same question on the page's main thread with
//! [`Question::decide`].
//!
//! The request carries what the seat may know and nothing else: its view of
//! the deal (`engine::view::DealView`, checked again when read back) and,
//! for the Expert player, its views before each move seen. It travels as
//! 32-bit numbers (a `Uint32Array`), the rules as their link text: a few
//! hundred bytes of code, where serde-wasm-bindgen's typed objects cost the
//! page about 20 KB gzipped.

use crate::ai::{self, Level, SeatHistory, SeatView};
use crate::engine::record::RulesFile;
use crate::engine::view::DealView;
use crate::engine::{Card, GameKind, Move, Suit};
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

/// A request as it travels: its numbers, the rules' text, the deadline (0: none).
pub struct Request {
    pub words: Vec<u32>,
    pub rules: String,
    pub deadline: f64,
}

/// The reply's second number when there is no move.
pub const NO_MOVE: u32 = u32::MAX;

/// A move as one number: a card's index, a led Duck's with the suit named,
/// or Duck.
pub fn move_word(mv: Move) -> u32 {
    match mv {
        Move::Play(c) => c.index() as u32,
        Move::LeadDuck(c, s) => 64 + c.index() as u32 * 4 + s as u32,
        Move::Concede => 1000,
    }
}

pub fn word_move(w: u32) -> Option<Move> {
    let card = |i: u32| (i < 54).then(|| Card::from_index(i as u8));
    match w {
        0..=63 => card(w).map(Move::Play),
        1000 => Some(Move::Concede),
        64..=999 => card((w - 64) / 4).map(|c| Move::LeadDuck(c, Suit::from_index((w % 4) as u8))),
        _ => None,
    }
}

impl Question {
    /// The request `ticket`: `[ticket, level, seed (high, low), play-outs,
    /// game, the view's words, steps seen, then each step's move and view]`.
    pub fn request(&self, ticket: u32) -> Request {
        let d = &self.view.deal;
        let level = Level::ALL
            .iter()
            .position(|&l| l == self.level)
            .unwrap_or(0);
        let game = GameKind::ALL
            .iter()
            .position(|&g| g == d.game())
            .unwrap_or(0);
        let mut words = vec![
            ticket,
            level as u32,
            (self.seed >> 32) as u32,
            self.seed as u32,
        ];
        words.extend([self.playouts, game as u32]);
        words.extend(DealView::of(d, self.view.seat).to_words());
        let steps = self.history.as_ref().map_or(0, |h| h.len());
        words.push(steps as u32);
        for (v, mv) in self.history.iter().flat_map(|h| h.steps()) {
            words.push(move_word(mv));
            words.extend(DealView::of(&v.deal, v.seat).to_words());
        }
        Request {
            words,
            rules: crate::links::rules_param(d.rules()),
            deadline: self.deadline.unwrap_or(0.0),
        }
    }

    /// The question a request asks, refused if it does not hold together.
    pub fn read(r: &Request) -> Result<Question, String> {
        let short = || "cut short".to_string();
        let w = &r.words;
        let [_, level, high, low, playouts, game] = *w.get(..6).ok_or_else(short)? else {
            return Err(short());
        };
        let level = *Level::ALL.get(level as usize).ok_or("a level")?;
        let game = *GameKind::ALL.get(game as usize).ok_or("a game")?;
        let rules = RulesFile::of(&crate::links::parse_rules(game, &r.rules)?);
        let deal = |words| -> Result<_, String> {
            let (v, rest) = DealView::from_words(words, &rules).map_err(|e| e.to_string())?;
            Ok((v.seat, v.to_deal().map_err(|e| e.to_string())?, rest))
        };
        let (seat, now, rest) = deal(&w[6..])?;
        if now.is_over() || now.to_move() != seat {
            return Err("not the seat's turn".into());
        }
        let (&steps, mut rest) = rest.split_first().ok_or_else(short)?;
        let mut history = SeatHistory::new(seat);
        for _ in 0..steps {
            let (&mv, more) = rest.split_first().ok_or_else(short)?;
            let (s, before, more) = deal(more)?;
            let mv = word_move(mv).filter(|_| s == seat).ok_or("a step seen")?;
            history.record(&before, mv);
            rest = more;
        }
        Ok(Question {
            level,
            view: SeatView { seat, deal: now },
            history: (steps > 0).then_some(history),
            seed: (high as u64) << 32 | low as u64,
            playouts,
            deadline: (r.deadline > 0.0).then_some(r.deadline),
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

/// The worker's entry point: a request's numbers, its rules' text and its
/// deadline (0: none) in; the move's number out ([`NO_MOVE`] when the
/// request does not hold together). Called by `www/worker.js` only.
#[wasm_bindgen]
pub fn think(words: &[u32], rules: String, deadline: f64) -> u32 {
    let request = Request {
        words: words.to_vec(),
        rules,
        deadline,
    };
    match Question::read(&request) {
        Ok(q) => move_word(q.decide()),
        Err(e) => {
            web_sys::console::warn_1(&JsValue::from_str(&format!("a question refused: {e}")));
            NO_MOVE
        }
    }
}
