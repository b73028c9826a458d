//! The interface of a seat's player: what the controller asks when it is a
//! seat's turn, whoever plays it (a person at this device and the computers,
//! `controller/seats.rs`; a friend's device, `net/remote_seat.rs`). Here, and
//! not in the controller, so that a player elsewhere needs only this.

use crate::page::model::Dispatch;

pub use crate::page::table::MoveRequest;

/// What decides a seat's moves.
pub trait SeatPlayer {
    /// It is this seat's turn. The answer, now or later, is
    /// `Action::Answered` through `answer`; a person at this device does not
    /// answer here (their clicks are the seat's moves).
    fn your_turn(&mut self, turn: MoveRequest, answer: Dispatch);

    /// Whether the person at this device plays this seat.
    fn is_person_here(&self) -> bool {
        false
    }

    /// Drops a pending answer: the table moved on, or a new game began.
    fn cancel(&mut self) {}
}
