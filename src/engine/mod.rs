//! The rules engine: pure Rust, no web dependencies.
//!
//! Shared concepts live once ([`cards`], [`deal`], [`game`], [`record`]);
//! how a trick unfolds differs per game and is one small module each
//! (`two`, `three`, `partnership`). What a front end would otherwise work
//! out itself the engine answers in types: why a move is refused
//! ([`error`]), the mover's [`Turn`], the call a quack would make, who
//! scores and who won ([`seating`], [`GameOutcome`]).
//!
//! The small functions of the move loop are `#[inline(always)]`: the page's
//! wasm is built for size (`opt-level = "z"`), where LLVM inlines almost
//! nothing, and every call left in the loop costs the browser a real call.
//! A native build at `opt-level = 3` inlines them anyway.

pub mod cards;
pub mod deal;
pub mod deal_view;
pub mod error;
pub mod game;
mod partnership;
pub mod playout;
pub mod record;
pub mod rng;
pub mod rules;
pub mod seating;
pub mod text;
mod three;
mod two;

pub use cards::{Card, CardSet, Suit};
pub use deal::{
    Call, Course, Deal, Effect, Move, MoveList, PerCourse, Pile, Stage, Trick, TrickOutcome, Turn,
};
pub use error::{
    CardParseError, DeckError, IllegalMove, MoveParseError, RulesError, StartDealError,
};
pub use game::{DealLog, DealResult, Game, GameOutcome, RewindError};
pub use record::{GameRecord, RecordError, RecordFile, RecordProblem, Report};
pub use rules::{GameKind, Rules};
pub use seating::{PerScorer, PerSeat, Role, Roles, Scorer, ScorerSeats, Scores};

/// Partnership helpers the table and the computer players need.
pub mod partnership_rules {
    pub use super::partnership::{allowed, is_high_lead, value, winner};
}
