//! The computers' worker's own build (Cargo feature `thinker`): the whole
//! of its wasm is these exports and what they reach, the engine and the
//! computer players. `www/worker.js` loads it in a module worker; where no
//! worker can start, the page loads it on its own thread
//! (`web/controller/thinker.rs`). The page's builds leave the players' search
//! out of their wasm, so that the first table comes sooner.
//!
//! `think` and `judge` answer with empty bytes when a question does not hold together,
//! and say why in the console.

use crate::ai::question::{answer_judge, answer_settled, Pondering};
use std::cell::RefCell;
use wasm_bindgen::prelude::*;

/// The page's allocator (`web/mod.rs`), so that the players search alike
/// wherever they run.
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

thread_local! {
    /// What the worker solves ahead between questions, kept across them.
    static PONDERING: RefCell<Pondering> = RefCell::default();
}

/// A computer's decision: a [`Question`](crate::ai::question::Question)'s
/// bytes and its deadline (`Date.now()` in milliseconds, 0: none) in, the
/// move's bytes out ([`Pondering::think`], which also sets what to solve
/// ahead after it).
#[wasm_bindgen]
pub fn think(question: &[u8], deadline: f64) -> Vec<u8> {
    refused_as_empty(PONDERING.with_borrow_mut(|p| p.think(question, deadline, js_sys::Date::now)))
}

/// The page's word that the two-player Soup course begins, as the Expert
/// seat sees it ([`Pondering::soup_begins`]): solved ahead from then on.
#[wasm_bindgen]
pub fn soup_begins(view: &[u8]) {
    if let Err(why) = PONDERING.with_borrow_mut(|p| p.soup_begins(view)) {
        web_sys::console::warn_1(&JsValue::from_str(&format!("nothing to ponder: {why}")));
    }
}

/// Between questions: solves ahead ([`Pondering::slice`]) until `until`
/// (`Date.now()`, in milliseconds). True when nothing is left to do; the
/// worker calls it again, a slice at a time, while no question waits.
#[wasm_bindgen]
pub fn ponder(until: f64) -> bool {
    PONDERING.with_borrow_mut(|p| p.slice(until, js_sys::Date::now))
}

/// One move of the deal review: a
/// [`JudgeQuestion`](crate::ai::question::JudgeQuestion)'s bytes in, the
/// judgement's bytes out.
#[wasm_bindgen]
pub fn judge(question: &[u8]) -> Vec<u8> {
    refused_as_empty(answer_judge(question))
}

/// Whether a deal's scores are settled: a
/// [`SettledQuestion`](crate::ai::question::SettledQuestion)'s bytes in, one
/// byte out ([`answer_settled`]). What it is told of the deal is kept
/// nowhere: pondering goes on as before.
#[wasm_bindgen]
pub fn settled(question: &[u8]) -> Vec<u8> {
    refused_as_empty(answer_settled(question))
}

fn refused_as_empty(answer: Result<Vec<u8>, String>) -> Vec<u8> {
    answer.unwrap_or_else(|why| {
        web_sys::console::warn_1(&JsValue::from_str(&format!("a question refused: {why}")));
        Vec::new()
    })
}
