//! Online play's place in the table alone (the build without the Cargo
//! feature `online`): a game with a seat on a friend's device is handed
//! over to the full page (`web::full_page`), which connects the devices.
//! The game is saved first, as at every change, and comes back there with
//! an invite for each friend's seat. Should the hand-over fail (the full
//! page's files could not be loaded), the computer plays the friends' seats.
//! Until then a friend's seat waits.

use super::seats::{SeatPlayer, Turn};
use super::{with, Controller};
use crate::engine::Move;
use crate::net::protocol::LastMove;
use crate::web::full_page::{self, Then};
use crate::web::i18n::K;
use crate::web::model::{Closed, Dispatch, Player};
use gloo::timers::callback::Timeout;

#[derive(Default)]
pub struct Online;

/// There is no guest here: an invite opens the full page.
pub enum Guest {}

/// A friend's seat in the table alone: it waits for the hand-over.
struct Waiting;

impl SeatPlayer for Waiting {
    fn your_turn(&mut self, _: Turn, _: Dispatch) {}
}

impl Online {
    pub(super) fn new() -> Online {
        Online
    }

    pub(super) fn handed_any(&self) -> bool {
        false
    }

    pub(super) fn new_game(&mut self) {}

    pub(super) fn played(&mut self, _: LastMove) {}

    pub(super) fn friend_seat(&mut self, _: u8) -> Box<dyn SeatPlayer> {
        Box::new(Waiting)
    }
}

impl Controller {
    /// A set-up with a friend's seat: hand over once the new game is saved
    /// (after the rest of this change, hence the timer).
    pub(super) fn online_setup(&mut self) {
        if !self.setup.players.contains(&Player::Friend) {
            return;
        }
        let me = self.me.clone();
        Timeout::new(0, move || {
            with(&me, |c| {
                if full_page::hand_over(c.page.lang, Then::Table).is_err() {
                    c.computer_takes(|_, p| p == Player::Friend);
                    c.ui.message = Some(c.page.lang.t(K::FriendsToComputer).to_string());
                    c.advance();
                }
            })
        })
        .forget();
    }

    pub(super) fn online_broadcast(&mut self) {}

    pub(super) fn record_withheld(&self) -> Option<&'static str> {
        None
    }

    pub(super) fn online_dialog_closed(&mut self, _: Closed) {}

    pub(super) fn guest_move(&mut self, _: Move) {}

    pub(super) fn leave_guest(&mut self) {}

    pub(super) fn joining(&self) -> bool {
        false
    }
}
