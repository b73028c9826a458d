//! The computers' worker's own build (Cargo feature `thinker`): the whole
//! of its wasm is these three exports and what they reach, the engine and the
//! computer players. `www/worker.js` loads it in a module worker; where no
//! worker can start, the page loads it on its own thread
//! (`web/controller/thinker.rs`). The page's builds leave the players' search
//! out of their wasm, so that the first table comes sooner.
//!
//! Both answer with empty bytes when a question does not hold together,
//! and say why in the console.

use crate::ai::question::{answer_judge, answer_ponder, answer_think};
use wasm_bindgen::prelude::*;

/// The page's allocator (`web/mod.rs`), so that the players search alike
/// wherever they run.
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// A computer's decision: a [`Question`](crate::ai::question::Question)'s
/// bytes and its deadline (`Date.now()` in milliseconds, 0: none) in, the
/// move's bytes out.
#[wasm_bindgen]
pub fn think(question: &[u8], deadline: f64) -> Vec<u8> {
    refused_as_empty(answer_think(question, deadline, js_sys::Date::now))
}

/// Between questions: solves ahead after the computer's answer `played`
/// to `question` (asked with `deadline`) until `until` (`Date.now()`, in
/// milliseconds), where there is something to solve
/// ([`answer_ponder`]). True when nothing is left to do; the worker calls
/// it again, a slice at a time, while no question waits.
#[wasm_bindgen]
pub fn ponder(question: &[u8], deadline: f64, played: &[u8], until: f64) -> bool {
    answer_ponder(question, deadline, played, until, js_sys::Date::now).unwrap_or_else(|why| {
        web_sys::console::warn_1(&JsValue::from_str(&format!("nothing to ponder: {why}")));
        true
    })
}

/// One move of the deal review: a
/// [`JudgeQuestion`](crate::ai::question::JudgeQuestion)'s bytes in, the
/// judgement's bytes out.
#[wasm_bindgen]
pub fn judge(question: &[u8]) -> Vec<u8> {
    refused_as_empty(answer_judge(question))
}

fn refused_as_empty(answer: Result<Vec<u8>, String>) -> Vec<u8> {
    answer.unwrap_or_else(|why| {
        web_sys::console::warn_1(&JsValue::from_str(&format!("a question refused: {why}")));
        Vec::new()
    })
}
