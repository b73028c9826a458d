//! The "Share and records" dialog, game records (export and import) and the
//! replay viewer.
//!
//! - Share: the link to this game ([`super::share::link`]), copied with
//!   `navigator.clipboard` where the browser allows it, else left selected in
//!   a text field; the daily deal and its result text.
//! - Export: the game so far as a RULES.md section 4 record (`RecordFile`
//!   through serde-wasm-bindgen and the browser's `JSON.stringify`),
//!   downloaded through a Blob object URL and shown in a text box to copy.
//! - Import: a record from a file or pasted text: refused at once above
//!   1 MB or 1,000 deals (the limits and why: [`crate::page::input`]), else parsed
//!   by the browser's `JSON.parse`, read into a `RecordFile` and checked by
//!   the engine (`GameRecord::try_from`, then `replay`; a bad record shows the
//!   engine's one-line `RecordError`), then replayed in the viewer.
//! - Replay viewer: the table from South's seat at any position of the record
//!   (every deal's start and each move after it), with start/back/forward/end,
//!   and a switch that shows every hand (a record is public). A step costs the
//!   same at any record length and anywhere in it: it replays at most the
//!   deal on show, from a copy of the game at that deal's start
//!   (`page::positions`; entering another deal replays at most
//!   `CHECKPOINT_DEALS` deals, from a copy kept every that many). Nothing is
//!   saved while viewing; leaving the viewer puts the game back as it was left.
//! - Statistics ([`super::persist::stats_rows`]).
//!
//! Elements carry a `data-rec` for their action (`input::RecordsCommand`,
//! written with `dom::set_data`); the page's delegated listeners
//! (`events.rs`) turn them into `Action::Records`.
//!
//! - Game links for rules sites: `?r=…` opens the viewer on a packed record,
//!   with `at`, `show=all`, captions and a puzzle ([`link`]); the author's
//!   tool in the dialog copies the position as a link or an embed ([`author`]).
//!
//! - [`dialog`]: the dialog, export, import, statistics.
//! - The viewer itself: its state and update are the page core's
//!   (`page::replay`), its keys `keyboard::viewer_key`.
//! - [`link`]: the viewer's link parameters, and how moves are counted.
//! - [`puzzle`]: a puzzle's question and the Expert player's verdict.
//! - [`author`]: the author's tool (link, embed code, preview).

// The viewer, puzzles and the author's tool are the viewer's page's
// (`controller::parts`); every build compiles them.
pub mod author;
pub mod dialog;
// The viewer links' parameters are the page's core (`crate::page`, tested
// natively).
pub use crate::page::link;
