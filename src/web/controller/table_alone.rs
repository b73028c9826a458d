//! The stand-ins for the full page's two parts (see `parts.rs`), in a build
//! without that part: a record to view, the author's tool and the deal
//! review are handed over to the viewer's page, and a game with a friend's
//! seat to online play's (`web::full_page`). (`www/boot.js` opens a
//! rules-site link, `?r=`, in the viewer's page itself, and an invite and
//! a reply in online play's.) The game is saved first, as at every change,
//! and comes back there. Should the hand-over fail (that page's files
//! could not be loaded), the player is told in one line, and the computer
//! plays the friends' seats; until then a friend's seat waits. Without the
//! viewer there is never a record in it; without online play, never a
//! guest's table.

use super::online::Online;
use super::parts::{OnlineOnly, OnlinePlay, Page, Viewer};
use super::seats::{MoveRequest, SeatPlayer};
use super::{with, Controller};
use crate::engine::Move;
use crate::net::invite::Invite;
use crate::net::protocol::LastMove;
use crate::page::dialog::Author;
use crate::page::model::{
    Closed, Dispatch, NetEvent, Player, RecordsAction, ReviewAction, TableAction,
};
use crate::page::replay_bar::ReplayBarScene;
use crate::page::table::Msg;
use crate::web::full_page::{self, Then};
use crate::web::i18n::{Lang, K};
use crate::web::records::link::LinkParams;
use crate::web::view::full::{NoMark, NoReview, NoWriters};
use gloo::timers::callback::Timeout;
use std::convert::Infallible;

/// A friend's seat in the table alone: it waits for the hand-over.
struct Waiting;

impl SeatPlayer for Waiting {
    fn your_turn(&mut self, _: MoveRequest, _: Dispatch) {}
}

impl<const ONLINE: bool> Viewer for Page<false, ONLINE> {
    type Linked = Infallible;
    type Views = NoWriters;

    fn read_link(lang: Lang, _: &LinkParams) -> Result<Infallible, String> {
        Err(lang.t(K::FullPageMissing).to_string())
    }

    fn view_link(_: &mut Controller, linked: Infallible) {
        match linked {}
    }

    /// A record to view: the viewer's page checks it and opens it, or says
    /// in its dialog what is wrong. (Checking it here too would cost the
    /// table 711 bytes of its first load.)
    fn import(c: &mut Controller, text: &str) {
        let then = Then::Import(text.trim().to_string());
        if let Err(e) = full_page::hand_over(c.page.lang, then) {
            c.records_refused(e);
        }
    }

    /// The only viewer actions here: the dialog's way to the author's
    /// tool, and the deal review, which the viewer's page does.
    fn viewer_action(c: &mut Controller, action: RecordsAction) {
        let then = match action {
            RecordsAction::FullPage => Then::Records,
            // (The viewer's page reviews the deal just finished.)
            RecordsAction::Review(ReviewAction::Deal) => Then::Review,
            // (Nothing else of the viewer's shows here.)
            RecordsAction::Review(_)
            | RecordsAction::Open
            | RecordsAction::Close
            | RecordsAction::Copy(..)
            | RecordsAction::Download(_)
            | RecordsAction::TooLarge(_)
            | RecordsAction::Daily
            | RecordsAction::Import(_)
            | RecordsAction::Viewer(_)
            | RecordsAction::Exit
            | RecordsAction::AuthorChanged(_)
            | RecordsAction::Preview(_) => return,
        };
        if let Err(e) = full_page::hand_over(c.page.lang, then) {
            c.records_refused(e);
        }
    }

    fn stop_viewing(_: &mut Controller) {}

    /// Practice is the viewer's page's: the game (saved at every move)
    /// goes over to it, which deals the deal just finished again.
    fn practise(c: &mut Controller) {
        if !c.table.may_practise() {
            return;
        }
        if let Err(e) = full_page::hand_over(c.page.lang, Then::Practice) {
            c.notice(e);
        }
    }

    fn back_to_review(_: &mut Controller) {}

    /// The way to the viewer's page, whose author's tool makes a link of
    /// the game saved here. A guest's game is not saved (it is the host's
    /// table as its seat sees it), and going there would leave the table:
    /// a guest's records dialog offers the game's record alone.
    fn author(c: &Controller) -> Author {
        if c.is_guest() {
            Author::None
        } else {
            Author::InFullPage
        }
    }

    fn show_replay(_: &mut Controller) {}

    fn replay_bar(_: &Controller) -> Option<ReplayBarScene> {
        None
    }

    fn puzzle_answered(_: &mut Controller, _: Move) {}

    fn review_panel(_: &Controller) -> NoReview {
        NoReview
    }

    /// A hand-over that did not happen: the viewer's files could not be
    /// loaded, and the table runs in its document.
    fn take_over(c: &mut Controller, _: Then) {
        not_handed_over(c);
    }
}

impl<const VIEWER: bool> OnlinePlay for Page<VIEWER, false> {
    type Views = NoWriters;

    /// A set-up with a friend's seat: hand over once the new game is saved
    /// (after the rest of this change, hence the timer).
    fn online_setup(c: &mut Controller) {
        if !c.table.setup.players.contains(&Player::Friend) {
            return;
        }
        let me = c.me.clone();
        Timeout::new(0, move || {
            with(&me, |c| {
                if full_page::hand_over(c.page.lang, Then::Table).is_err() {
                    c.computer_takes(|_, p| p == Player::Friend);
                    // (Now dealt at once, no friend's seat left; a game
                    // saved dealt by an older page goes on as it was.)
                    if c.table.game.log().is_empty() {
                        Self::first_deal(c);
                    } else {
                        c.advance();
                    }
                    // (Said once it is dealt: a new deal clears the line.)
                    c.notice(c.page.lang.t(K::FriendsToComputer).to_string());
                }
            })
        })
        .forget();
    }

    fn friend_seat(_: &mut Option<OnlineOnly<Online>>, _: u8) -> Box<dyn SeatPlayer> {
        Box::new(Waiting)
    }

    fn handed_any(_: &Controller) -> bool {
        false
    }

    fn new_game(_: &mut Controller) {}

    fn played(_: &mut Controller, _: LastMove) {}

    fn online_broadcast(_: &mut Controller) {}

    fn record_withheld(_: &Controller) -> Option<&'static str> {
        None
    }

    fn online_dialog_closed(_: &mut Controller, _: Closed) {}

    fn guest_move(_: &mut Controller, _: Move) {}

    fn answer_turned_away(_: &Controller, _: u8) {}

    fn leave_guest(_: &mut Controller) {}

    fn joining(_: &Controller) -> bool {
        false
    }

    /// (Never called: nothing here makes a `NetEvent`. Forgotten rather
    /// than dropped, so that its drop, which only online play needs, is
    /// not brought into this build's wasm.)
    fn net(_: &mut Controller, event: NetEvent) {
        std::mem::forget(event);
    }

    fn enter_guest(_: &mut Controller, _: Invite) {}

    fn next_deal(c: &mut Controller) {
        c.flow(Msg::Person(TableAction::NextDeal));
    }

    /// A game with friends is not dealt here: it is saved undealt, and
    /// online play's page, which it is handed to, deals it fairly
    /// (`Setup::dealt_at_once`).
    fn first_deal(c: &mut Controller) {
        if c.table.setup.dealt_at_once() {
            c.start_deal();
            c.advance();
        } else {
            c.persist();
        }
    }

    fn fair_mark(_: &Controller) -> NoMark {
        NoMark
    }

    /// A hand-over that did not happen: online play's files could not be
    /// loaded, and the table runs in its document.
    fn take_table(c: &mut Controller) {
        not_handed_over(c);
    }
}

/// The table says in one line that the page it was handed over to could
/// not be loaded here.
fn not_handed_over(c: &mut Controller) {
    let text = c.page.lang.t(K::FullPageMissing).to_string();
    c.notice(text);
}
