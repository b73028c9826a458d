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
//! - [`positions`]: every position of a record, for the replay viewer.
//! - [`replay`]: the replay viewer's state and its update (the position on
//!   show, playing on, a puzzle, the review's marks), on a table of its own.
//! - [`modes`]: what the page is doing, one mode at a time, and the moves
//!   between them (the viewer, a practice, a guest's table), each table kept.
//! - [`input`]: the values of the page's data attributes (an enum each,
//!   named once), and limits on text from outside (records, saved data).
//! - [`judging`]: the deal review's and a puzzle's judging: which move is
//!   asked, where, and which answer is taken.
//! - [`review`]: the deal review's state and scene (the strip of marks, the
//!   summary, the values at the position on show).
//! - [`replay_bar`]: the replay viewer's bar as the view writes it.
//! - [`guest`]: the table a host sends a guest, as the guest's page shows it.
//! - [`dialog`]: which dialog is open and what it shows (the scene carries it).
//! - [`online`]: online play's connections' states and servers, as its dialogs show them.
//! - [`saved`]: the saved game's format and its check.
//! - [`announce`]: what the screen reader is told of what happened, a move in words.
//! - [`walkthrough`]: the walkthrough for newcomers and its coach panel.
//! - [`assist`]: help, hints, the settings, the language and the
//!   walkthrough's actions, and the hint's answer.

// Every build compiles all of it: what only the full page uses (a guest's
// table, the viewer links and positions, puzzles, the review, their words) is reached
// only from the full page's parts (`web::controller::parts`), and left out
// of the table alone's wasm.
pub mod announce;
pub mod assist;
pub mod dialog;
pub mod guest;
pub mod guest_flow;
pub mod hint;
pub mod i18n;
pub mod input;
pub mod judging;
pub mod link;
pub mod model;
pub mod modes;
pub mod online;
pub mod positions;
pub mod puzzle;
pub mod replay;
pub mod replay_bar;
pub mod review;
pub mod saved;
pub mod scene;
pub mod table;
pub mod walkthrough;
