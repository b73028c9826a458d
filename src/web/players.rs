//! The interface of a seat's player: what the controller asks when it is a
//! seat's turn, whoever plays it (a person at this device and the computers,
//! `controller/seats.rs`; a friend's device, `net/remote_seat.rs`). Here, and
//! not in the controller, so that a player elsewhere needs only this.

use crate::ai::{SeatHistory, SeatView};
use crate::web::model::Dispatch;

/// A request for one seat's move.
pub struct MoveRequest {
    pub seat: u8,
    /// What the seat may know: the deal with every hidden card removed.
    pub view: SeatView,
    /// What the seat saw of the deal so far: its view before each move.
    pub history: SeatHistory,
    /// Seeds the computers' randomness, so that a seeded game plays the same.
    pub seed: u64,
    /// How long a computer takes, so that a person can follow the play
    /// (0: at once, and with a fixed budget so that a seed replays the same).
    pub delay_ms: u32,
    /// Names this request: an answer to an older one is dropped.
    pub ticket: u64,
}

/// What decides a seat's moves.
pub trait SeatPlayer {
    /// It is this seat's turn. The answer, now or later, is
    /// `Action::SeatMoved` through `answer`; a person at this device does not
    /// answer here (their clicks are the seat's moves).
    fn your_turn(&mut self, turn: MoveRequest, answer: Dispatch);

    /// Whether the person at this device plays this seat.
    fn is_person_here(&self) -> bool {
        false
    }

    /// Drops a pending answer: the table moved on, or a new game began.
    fn cancel(&mut self) {}
}
