//! Duck Soup: David Parlett's trick-taking card game.
//!
//! - [`engine`]: the pure rules engine (cards, the three games, records, replay reports).
//! - [`ai`]: computer players, deciding only from what their seat may know.
//! - [`codec`]: the one reader and writer of bytes: record links, invites,
//!   online messages and the worker's questions are made of its values.
//! - [`links`]: share links decoded and encoded (the page's, without the browser).
//! - [`net`]: what devices exchange to play together (invites, replies).
//! - [`page`]: the page's core, with no browser in it: its state as data, the
//!   scene (what the table shows), its words in both languages, hints,
//!   puzzles and the viewer's links; tested natively.
//! - `web` (wasm only): the card table in the browser, built on [`page`].

pub mod ai;
pub mod codec;
pub mod engine;
pub mod links;
pub mod net;
// The page's core is public natively, where the tests use it. In the page's
// wasm it is the crate's own, as `web` is: a public module's functions are
// the library's to other crates, and the compiler no longer inlined them
// into the page as it did when they were part of `web` (the table alone's
// wasm grew by 388 B gzipped, measured).
#[cfg(not(target_arch = "wasm32"))]
pub mod page;
#[cfg(all(target_arch = "wasm32", not(feature = "thinker")))]
pub(crate) mod page;

// The page (three builds: the table alone, the viewer's, online play's), or
// the computers' worker (`thinker`: the players' search and nothing else).
#[cfg(all(target_arch = "wasm32", feature = "thinker"))]
mod thinker;
#[cfg(all(target_arch = "wasm32", not(feature = "thinker")))]
mod web;

// Decision timings for scripts/bench-wasm.mjs (Cargo feature `bench`, off in the page).
#[cfg(all(target_arch = "wasm32", feature = "bench"))]
mod bench_wasm;
