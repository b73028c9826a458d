//! The page's core: what the table shows and says, with no browser in it,
//! so that it compiles on every target and is tested natively (`cargo test`).
//! The page (`web`, wasm only) holds the state these describe and renders
//! what they build; whatever they need of the browser is passed in as a value.
//!
//! - [`model`]: the page's own state as plain data (who plays each seat, the
//!   set-up, the table's UI state, the actions).
//! - [`scene`]: what the table shows, as data, for one seat's eyes.
//! - [`i18n`]: every string a person sees, in both languages.
//! - [`hint`]: a hint's words and what it points at.
//! - [`puzzle`]: a puzzle's question and the Expert player's verdict in words.
//! - [`link`]: the viewer links' parameters, and how moves are counted.
//! - [`input`]: limits on text from outside (records, saved data).
//! - [`review`]: the deal review's state and scene (the strip of marks, the
//!   summary, the values at the position on show).
//! - [`guest`]: the table a host sends a guest, as the guest's page shows it.

// Online play's and the puzzles' parts are the full page's: the table
// alone's wasm leaves them out, with their words (`i18n::K::Full`); natively
// they are always in, and tested.
#[cfg(any(not(target_arch = "wasm32"), feature = "online"))]
pub mod guest;
pub mod hint;
pub mod i18n;
pub mod input;
// The viewer links: the full page's viewer and author's tool use them; the
// table alone only hands the address's parameters (`LinkParams`) over.
#[cfg_attr(not(feature = "links"), allow(dead_code))]
pub mod link;
pub mod model;
#[cfg(any(not(target_arch = "wasm32"), feature = "links"))]
pub mod puzzle;
#[cfg(any(not(target_arch = "wasm32"), feature = "links"))]
pub mod review;
pub mod scene;
