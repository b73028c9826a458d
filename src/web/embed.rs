//! Embedding in another page: `?embed=1`.
//!
//! The table without the site chrome (no brand, no share menu), sized for an
//! iframe. The game comes from the same parameters as a share link (`g`, `o`,
//! `s`, `seed`, `daily`; see [`super::share`]) plus `lang=en|ja` and `pace`.
//! An embedded game is never saved and never resumes the visitor's own game.
//!
//! # Events to the host page
//!
//! The table posts these messages to `window.parent` with targetOrigin `"*"`
//! (they carry no secrets: only public scores):
//!
//! - `{source: "duck-soup", type: "deal-finished", game, deal, scores, totals}`
//!   after each deal: `deal` is its number from 1, `scores` the deal's score per
//!   scorer (seat, or side in partnerships: 0 North–South, 1 East–West) and
//!   `totals` the running totals.
//! - `{source: "duck-soup", type: "game-finished", game, totals, winner}` when
//!   the game is over: `winner` is the winning scorer's index, or `null` for a tie.
//!
//! The table listens to no messages: nothing from outside can alter a game.

use super::json::{array, obj, set};
use crate::engine::Game;
use js_sys::Object;
use std::cell::Cell;
use wasm_bindgen::JsValue;

thread_local! {
    static EMBED: Cell<Option<bool>> = const { Cell::new(None) };
}

/// Whether the page runs embedded (`?embed=1`, `?embed=true` or bare `?embed`).
pub fn active() -> bool {
    EMBED.with(|e| {
        if let Some(v) = e.get() {
            return v;
        }
        let on = super::share::param("embed").is_some_and(|v| v != "0" && v != "false");
        e.set(Some(on));
        on
    })
}

/// Marks the page as embedded (styles: `body.embed`).
pub fn init() {
    if active() {
        if let Some(b) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.body())
        {
            let _ = b.class_list().add_1("embed");
        }
    }
}

fn post(message: &Object) {
    let Some(w) = web_sys::window() else { return };
    let Ok(Some(parent)) = w.parent() else { return };
    let _ = parent.post_message(message, "*");
}

fn event(kind: &str, game: &Game) -> Object {
    let o = obj();
    set(&o, "source", "duck-soup");
    set(&o, "type", kind);
    set(&o, "game", game.kind().name());
    set(
        &o,
        "totals",
        array(game.totals().as_slice().iter().copied()),
    );
    o
}

/// Called when a deal ends: posts deal-finished, and game-finished if the game is over.
pub fn deal_finished(game: &Game) {
    if !active() {
        return;
    }
    let Some(result) = game.results().last() else {
        return;
    };
    let e = event("deal-finished", game);
    set(&e, "deal", game.results().len() as u32);
    set(
        &e,
        "scores",
        array(result.scores.as_slice().iter().copied()),
    );
    post(&e);
    if let Some(outcome) = game.outcome() {
        let e = event("game-finished", game);
        let winner = match outcome.winner {
            Some(w) => JsValue::from(w.index() as u32),
            None => JsValue::NULL,
        };
        set(&e, "winner", winner);
        post(&e);
    }
}
