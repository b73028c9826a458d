//! The page's two builds, told apart in one place. What the full page adds
//! (the replay viewer with the rules-site links, and online play) reaches
//! the rest of the page only through three traits: [`Viewer`] (with the
//! deal review, which opens in the viewer, and its worker's judge) and
//! [`OnlinePlay`], the controller's side, and [`Input`], what the full
//! page's own elements and address say. [`FullPage`] implements them with
//! the real thing (`replay.rs`, `online.rs`, `events.rs`); [`TableAlone`]
//! with stand-ins that hand the tab over to the full page
//! (`table_alone.rs`, `events.rs`). [`Parts`] is the one this build uses,
//! chosen by the Cargo feature `full`: the only feature named in `src/web`
//! (`tests/architecture.rs` keeps it so).
//!
//! Both builds compile everything, both implementations included, so the
//! compiler and clippy check every signature and every stand-in in both.
//! The shared code calls the full page's code only through `Parts`, whose
//! functions are resolved at compile time: in the table alone nothing
//! reaches the viewer or online play, and they are left out of its wasm.

use super::online::Online;
use super::seats::SeatPlayer;
use super::Controller;
use crate::engine::{GameRecord, Move};
use crate::net::invite::Invite;
use crate::net::protocol::LastMove;
use crate::page::dialog::Author;
use crate::page::replay_bar::ReplayBarScene;
use crate::web::full_page::Then;
use crate::web::i18n::Lang;
use crate::web::model::{Action, AuthorForm, Closed, NetEvent, RecordsAction};
use crate::web::records::link::{LinkParams, ViewerOptions};
use crate::web::view::FullViews;
use std::convert::Infallible;
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};
use web_sys::Element;

/// A record from the address (`?r=`) with the viewer's options.
pub type Linked = (GameRecord, ViewerOptions);

/// The full page: the replay viewer and online play.
pub enum FullPage {}

/// The table alone, which every visit loads first: its stand-ins hand the
/// tab over to the full page (`web::full_page`).
pub enum TableAlone {}

/// This build's parts: [`FullPage`] with the Cargo feature `full`, else
/// [`TableAlone`].
pub type Parts = <Build<{ cfg!(feature = "full") }> as Choose>::Parts;

/// The choice of parts, by whether the build is the full page (a type, so
/// that both implementations are compiled, and so checked, in both builds).
pub struct Build<const FULL: bool>;

pub trait Choose {
    type Parts: Viewer + OnlinePlay + Input + Holds;
}

/// A value only the full page has (a record in the viewer, a guest's
/// connection): the value itself in the full page; in the table alone a
/// type with no value at all, which holds nothing and drops nothing, so
/// that whatever handles one (a mode's state, its drop) is left out of its
/// wasm, while the code that handles it is compiled there all the same.
pub type FullOnly<T> = <Parts as Holds>::Only<T>;

/// How a build holds a value only the full page has ([`FullOnly`]).
pub trait Holds {
    type Only<T>: Deref<Target = T> + DerefMut;
    /// The value held, or None where the build cannot hold one.
    fn hold<T>(value: T) -> Option<Self::Only<T>>;
}

/// The full page holds the value.
pub struct Held<T>(T);

impl<T> Deref for Held<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> DerefMut for Held<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

impl Holds for FullPage {
    type Only<T> = Held<T>;
    fn hold<T>(value: T) -> Option<Held<T>> {
        Some(Held(value))
    }
}

/// The table alone holds none: there is no value of this type.
pub enum NeverHeld<T> {
    _None(Infallible, PhantomData<T>),
}

impl<T> Deref for NeverHeld<T> {
    type Target = T;
    fn deref(&self) -> &T {
        match *self {
            NeverHeld::_None(never, _) => match never {},
        }
    }
}

impl<T> DerefMut for NeverHeld<T> {
    fn deref_mut(&mut self) -> &mut T {
        match *self {
            NeverHeld::_None(never, _) => match never {},
        }
    }
}

impl Holds for TableAlone {
    type Only<T> = NeverHeld<T>;
    fn hold<T>(_: T) -> Option<NeverHeld<T>> {
        None
    }
}

impl Choose for Build<true> {
    type Parts = FullPage;
}

impl Choose for Build<false> {
    type Parts = TableAlone;
}

/// The replay viewer, a mode of the controller (`Mode::Viewing`).
pub trait Viewer {
    /// A record from the address, checked: [`Linked`] in the full page;
    /// in the table alone a type with no value (it never has one).
    type Linked;
    /// The view's writers of what only the full page shows (the viewer's
    /// bar, the review's panel, online play's dialogs, the author's tool):
    /// the table alone's write nothing, and its wasm leaves them out.
    type Views: FullViews;
    /// Reads `?r=` and the viewer's options; the error is the page's one
    /// line naming what is wrong (which deal, which move).
    fn read_link(lang: Lang, p: &LinkParams) -> Result<Self::Linked, String>;
    /// Opens the address's record in the viewer.
    fn view_link(c: &mut Controller, linked: Self::Linked);
    /// A record the player imported (a file or pasted text).
    fn import(c: &mut Controller, text: &str);
    /// The viewer's own actions (its bar, its keys, the author's tool's).
    fn viewer_action(c: &mut Controller, action: RecordsAction);
    /// Leaves the viewer, if it shows (the saved game is not put back).
    fn stop_viewing(c: &mut Controller);
    /// The records dialog's section for rules sites.
    fn author(c: &Controller) -> Author;
    /// Puts the viewer's position on the table (instead of the game flow).
    fn show_replay(c: &mut Controller);
    /// The viewer's bar at the position on show, while the viewer shows
    /// (the scene carries it).
    fn replay_bar(c: &Controller) -> Option<ReplayBarScene>;
    /// The person's answer to the puzzle on the table, to be judged.
    fn puzzle_answered(c: &mut Controller, mv: Move);
    /// The deal review's panel while the viewer shows, a scene of its own
    /// that the view writes with the table's: the review of the viewer's
    /// deal, or its offer (the table alone's: nothing).
    fn review_panel(c: &Controller) -> <Self::Views as FullViews>::Review;
    /// The worker's side of the deal review: a question's bytes in, the
    /// judgement's bytes out (`web::judge`, the worker's `judge` export).
    fn judge(question: &[u8]) -> Vec<u8>;
    /// What the table asked this page to open first (`full_page::take_then`).
    fn take_over(c: &mut Controller, then: Then);
}

/// Online play: the host's remote seats and a guest's table (`Mode::Guest`).
pub trait OnlinePlay {
    /// After a new set-up: the seats played on friends' devices connect.
    fn online_setup(c: &mut Controller);
    /// The player of a seat on a friend's device.
    fn friend_seat(online: &mut Option<FullOnly<Online>>, seat: u8) -> Box<dyn SeatPlayer>;
    /// Whether a seat of this game was handed from a friend to the computer.
    fn handed_any(c: &Controller) -> bool;
    /// A new game of one's own: no seat is handed to the computer.
    fn new_game(c: &mut Controller);
    /// The move just played here, which the guests are told next.
    fn played(c: &mut Controller, last: LastMove);
    /// Sends every guest its table (after every change of the game).
    fn online_broadcast(c: &mut Controller);
    /// Why the game's record is not offered yet, if it is not.
    fn record_withheld(c: &Controller) -> Option<&'static str>;
    /// A dialog closed (the invites, a guest's join page).
    fn online_dialog_closed(c: &mut Controller, closed: Closed);
    /// A guest's move, sent to the host instead of played.
    fn guest_move(c: &mut Controller, mv: Move);
    /// A seat's answer turned away as answering an older question: a
    /// friend's is a move its guest waits on, said to be traced.
    fn answer_turned_away(c: &Controller, seat: u8);
    /// Leaves guest mode, if in it (a new game of one's own).
    fn leave_guest(c: &mut Controller);
    /// A guest's device before the host's first table.
    fn joining(c: &Controller) -> bool;
    /// What the connections and the online dialogs report.
    fn net(c: &mut Controller, event: NetEvent);
    /// The page was opened from an invite: join the friend's table.
    fn enter_guest(c: &mut Controller, invite: Invite);
}

/// What the full page's own elements and address say, read by the input
/// layer (`events.rs`, which implements it) and the page's root.
pub trait Input {
    /// A click on an online dialog's button (`data-action="net"`).
    fn net_click(button: &Element) -> Option<Action>;
    /// The servers' fields of an online dialog changed.
    fn servers_changed() -> Option<Action>;
    /// The guest's join page closed, with the name typed.
    fn join_closed() -> Closed;
    /// The viewer's keys, while its bar is up.
    fn viewer_key(target: &Element, key: &str, shift: bool) -> Option<RecordsAction>;
    /// The author's tool as it is now (the records dialog's section for
    /// rules sites), if it shows.
    fn author_form() -> Option<AuthorForm>;
    /// A reply link opened on the host's device is handed to the open
    /// table: whether this tab was such a link (and is done).
    fn reply_tab(lang: Lang) -> bool;
    /// An invite in the address.
    fn invite_in_address(lang: Lang) -> Option<Invite>;
}
