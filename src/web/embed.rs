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

use super::params::PageParams;
use super::serial;
use crate::engine::Game;
use serde::Serialize;
use std::cell::Cell;

thread_local! {
    /// `?embed`, as the page's address gave it at start-up ([`init`]).
    static EMBED: Cell<bool> = const { Cell::new(false) };
}

/// A message to the host page (see the module's documentation).
#[derive(Serialize)]
#[serde(tag = "type", rename_all = "kebab-case")]
enum Event<'a> {
    DealFinished {
        source: &'static str,
        game: &'static str,
        deal: usize,
        scores: &'a [u32],
        totals: &'a [u32],
    },
    GameFinished {
        source: &'static str,
        game: &'static str,
        totals: &'a [u32],
        /// The winning scorer, None (`null`) for a tie.
        winner: Option<usize>,
    },
}

const SOURCE: &str = "duck-soup";

/// Whether the page runs embedded (`?embed=1`, `?embed=true` or bare `?embed`).
pub fn active() -> bool {
    EMBED.with(Cell::get)
}

/// Takes `?embed` from the page's address, and marks the page as embedded
/// (styles: `body.embed`).
pub fn init(params: &PageParams) {
    EMBED.with(|e| e.set(params.embed));
    if params.embed {
        if let Some(b) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.body())
        {
            let _ = b.class_list().add_1("embed");
        }
    }
}

fn post(event: &Event) {
    let Some(w) = web_sys::window() else { return };
    let Ok(Some(parent)) = w.parent() else { return };
    if let Ok(message) = serial::to_js(event) {
        let _ = parent.post_message(&message, "*");
    }
}

/// Called when a deal ends: posts deal-finished, and game-finished if the game is over.
pub fn deal_finished(game: &Game) {
    if !active() {
        return;
    }
    let Some(result) = game.results().last() else {
        return;
    };
    let name = game.kind().name();
    post(&Event::DealFinished {
        source: SOURCE,
        game: name,
        deal: game.results().len(),
        scores: result.scores.as_slice(),
        totals: game.totals().as_slice(),
    });
    if let Some(outcome) = game.outcome() {
        post(&Event::GameFinished {
            source: SOURCE,
            game: name,
            totals: game.totals().as_slice(),
            winner: outcome.winner.map(|w| w.index()),
        });
    }
}
