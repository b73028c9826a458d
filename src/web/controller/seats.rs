//! Who decides each seat's moves. The controller asks the seat's player
//! when it is that seat's turn and applies whatever move comes back; it
//! never asks what kind of player it is. A person at this device answers
//! through clicks and keys; a computer answers after a pause, so a person can
//! follow the play, and thinks in the computer players' worker
//! ([`Thinker`]) meanwhile, so the page never waits for it. A friend's
//! device is one more [`SeatPlayer`]: it answers later, through the same
//! `answer`.

use super::thinker::Thinker;
use crate::ai::question::Question;
use crate::ai::Level;
use crate::page::model::{Action, Answer, Dispatch, Player};
pub use crate::web::players::{MoveRequest, SeatPlayer};
use gloo::timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::Rc;

/// The person at this device.
struct PersonHere;

impl SeatPlayer for PersonHere {
    fn your_turn(&mut self, _: MoveRequest, _: Dispatch) {}

    fn is_person_here(&self) -> bool {
        true
    }
}

/// A computer player at a level, deciding from its seat's view only, in
/// the worker: it thinks during the pace's delay and answers once both the
/// move and the delay are there. The Expert player searches until the delay
/// is nearly up, at most its play-outs (the game's `ai::expert::page_playouts` unless
/// `?playouts=`); with no delay (`pace=0`) it spends exactly that budget.
struct Computer {
    level: Level,
    /// The Expert player's play-outs per decision.
    playouts: u32,
    thinker: Thinker,
    pending: Option<Pending>,
}

/// A question in the worker, and then the wait for the rest of the delay.
struct Pending {
    ticket: u32,
    wait: Rc<RefCell<Option<Timeout>>>,
}

/// What the Expert player leaves of the delay for the answer to travel
/// back and be played.
const ANSWER_MARGIN_MS: f64 = 60.0;

impl SeatPlayer for Computer {
    fn your_turn(&mut self, turn: MoveRequest, answer: Dispatch) {
        self.cancel();
        let due = js_sys::Date::now() + turn.delay_ms as f64;
        let question = Question {
            level: self.level,
            view: turn.view,
            history: (self.level == Level::Expert).then_some(turn.history),
            seed: turn.seed,
            playouts: self.playouts,
            deadline: (turn.delay_ms > 0).then_some(due - ANSWER_MARGIN_MS),
        };
        let wait = Rc::new(RefCell::new(None));
        let slot = wait.clone();
        let (ticket, seat) = (turn.ticket, turn.seat);
        let asked = self.thinker.ask(question, move |mv| {
            let play = move || answer(Action::Answered(Answer { ticket, seat, mv }));
            let left = due - js_sys::Date::now();
            if left < 1.0 {
                play();
            } else {
                *slot.borrow_mut() = Some(Timeout::new(left as u32, play));
            }
        });
        self.pending = Some(Pending {
            ticket: asked,
            wait,
        });
    }

    fn cancel(&mut self) {
        if let Some(p) = self.pending.take() {
            self.thinker.cancel(p.ticket);
            p.wait.borrow_mut().take();
        }
    }
}

impl Drop for Computer {
    fn drop(&mut self) {
        self.cancel();
    }
}

/// The player for a seat as the game's set-up describes it; computers
/// think in `thinker`, the Expert player with `playouts` per decision;
/// `friend` makes the player of a seat on a friend's device
/// (`web/net/remote_seat.rs`).
pub fn seat_player(
    player: Player,
    thinker: &Thinker,
    playouts: u32,
    friend: impl FnOnce() -> Box<dyn SeatPlayer>,
) -> Box<dyn SeatPlayer> {
    match player {
        Player::Friend => friend(),
        Player::Human => Box::new(PersonHere),
        Player::Computer(level) => computer(level, thinker, playouts),
    }
}

/// A computer player at `level`, thinking in `thinker` (also the hint's).
pub fn computer(level: Level, thinker: &Thinker, playouts: u32) -> Box<dyn SeatPlayer> {
    Box::new(Computer {
        level,
        playouts,
        thinker: thinker.clone(),
        pending: None,
    })
}
