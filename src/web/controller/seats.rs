//! Who decides each seat's moves. The controller asks the seat's player
//! when it is that seat's turn and applies whatever move comes back; it
//! never asks what kind of player it is. A person at this device answers
//! through clicks and keys; a computer answers after a pause, so a person can
//! follow the play. A friend's device or a computer in a worker is one more
//! [`SeatPlayer`]: it answers later, through the same `answer`.

use crate::ai::{self, Level, SeatView};
use crate::engine::Move;
use crate::web::model::{Action, Dispatch, Player};
use gloo::timers::callback::Timeout;

/// A request for one seat's move.
pub struct Turn {
    pub seat: u8,
    /// What the seat may know: the deal with every hidden card removed.
    pub view: SeatView,
    /// Seeds the computers' randomness, so that a seeded game plays the same.
    pub seed: u64,
    /// How long a computer takes, so that a person can follow the play.
    pub delay_ms: u32,
    /// Names this request: an answer to an older one is dropped.
    pub ticket: u64,
}

/// What decides a seat's moves.
pub trait SeatPlayer {
    /// It is this seat's turn. The answer, now or later, is
    /// `Action::SeatMoved` through `answer`; a person at this device does not
    /// answer here (their clicks are the seat's moves).
    fn your_turn(&mut self, turn: Turn, answer: Dispatch);

    /// Whether the person at this device plays this seat.
    fn is_person_here(&self) -> bool {
        false
    }

    /// Drops a pending answer: the table moved on, or a new game began.
    fn cancel(&mut self) {}
}

/// The person at this device.
struct PersonHere;

impl SeatPlayer for PersonHere {
    fn your_turn(&mut self, _: Turn, _: Dispatch) {}

    fn is_person_here(&self) -> bool {
        true
    }
}

/// A computer player at a level, deciding from its seat's view only.
struct Computer {
    level: Level,
    pending: Option<Timeout>,
}

impl SeatPlayer for Computer {
    fn your_turn(&mut self, turn: Turn, answer: Dispatch) {
        let level = self.level;
        // Replacing the timeout cancels an earlier request's.
        self.pending = Some(Timeout::new(turn.delay_ms, move || {
            let mv: Move = ai::choose(level, &turn.view, turn.seed);
            answer(Action::SeatMoved {
                ticket: turn.ticket,
                seat: turn.seat,
                mv,
            });
        }));
    }

    fn cancel(&mut self) {
        self.pending = None;
    }
}

/// The player for a seat as the game's set-up describes it; `friend` makes
/// the player of a seat on a friend's device (`web/net/remote_seat.rs`).
pub fn seat_player(player: Player, friend: impl FnOnce() -> Box<dyn SeatPlayer>) -> Box<dyn SeatPlayer> {
    match player {
        Player::Friend => friend(),
        Player::Human => Box::new(PersonHere),
        Player::Computer(level) => Box::new(Computer {
            level,
            pending: None,
        }),
    }
}
