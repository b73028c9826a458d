//! Embedding in another page: `?embed=1`.
//!
//! The table without the site chrome (no brand, no share menu), sized for an
//! iframe. The game comes from the same parameters as a share link (`g`, `o`,
//! `s`, `seed`, `daily`; see [`super::share`]) plus `lang=en|ja` and `pace`.
//! An embedded game is never saved and never resumes the visitor's own game.
//! Whether the table is embedded is the controller's to know
//! (`PageParams::embed`); the view marks the page for its styles
//! (`body.embed`, from the scene's flags).
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

use super::serial;
use crate::engine::Game;
use serde::Serialize;

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

fn post(event: &Event) {
    let Some(w) = web_sys::window() else { return };
    let Ok(Some(parent)) = w.parent() else { return };
    if let Ok(message) = serial::to_js(event) {
        let _ = parent.post_message(&message, "*");
    }
}

/// Called when a deal of an embedded table ends: posts deal-finished, and
/// game-finished if the game is over.
pub fn deal_finished(game: &Game) {
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
