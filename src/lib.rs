//! Duck Soup: David Parlett's trick-taking card game.
//!
//! - [`engine`]: the pure rules engine (cards, the three games, records, replay reports).
//! - [`ai`]: computer players, deciding only from what their seat may know.
//! - [`codec`]: the one reader and writer of bytes: record links, invites,
//!   online messages and the worker's questions are made of its values.
//! - [`links`]: share links decoded and encoded (the page's, without the browser).
//! - [`net`]: what devices exchange to play together (invites, replies).
//! - `web` (wasm only): the card table in the browser.

pub mod ai;
pub mod codec;
pub mod engine;
pub mod links;
pub mod net;

#[cfg(target_arch = "wasm32")]
mod web;

// Decision timings for scripts/bench-wasm.mjs (Cargo feature `bench`, off in the page).
#[cfg(all(target_arch = "wasm32", feature = "bench"))]
mod bench_wasm;

// The page's words (the browser-reading parts are wasm-only), so that their
// tests, such as the wording of every refused move, run natively too.
#[cfg(all(test, not(target_arch = "wasm32")))]
#[path = "web/i18n/mod.rs"]
#[allow(dead_code, unused_imports)]
mod page_i18n;

// The page's limits on outside text; plain Rust, so its tests run natively
// too (natively only the tests use it).
#[cfg(all(test, not(target_arch = "wasm32")))]
#[allow(dead_code)]
#[path = "web/input.rs"]
mod page_input;

// The deal review's state and scene (records/review.rs) with the page's
// words: plain Rust, tested natively too, at their paths in the page.
#[cfg(all(test, feature = "review", not(target_arch = "wasm32")))]
#[allow(dead_code, unused_imports)]
mod web {
    // (The words are compiled once, as `page_i18n` above.)
    pub(crate) use super::page_i18n as i18n;
    pub mod records {
        pub mod review;
    }
}

// The viewer links' parameters (records/link.rs): plain Rust, tested natively too.
#[cfg(all(test, not(target_arch = "wasm32")))]
#[allow(dead_code)]
#[path = "web/records/link.rs"]
mod page_record_link;
