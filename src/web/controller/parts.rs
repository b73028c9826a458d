//! The page's builds, told apart in one place. What the full page adds
//! reaches the rest of the page only through traits, two for each of its
//! two parts: the replay viewer (with the rules-site links, the deal review,
//! which opens in the viewer, and its worker's judge) through [`Viewer`] and
//! [`ViewerInput`], and online play through [`OnlinePlay`] and
//! [`OnlineInput`] (the controller's side, and what its own elements and
//! the address say). A build is a [`Page`] that has each part or not: with
//! it, the real thing (`replay.rs`, `online.rs`, `events.rs`); without it,
//! stand-ins that hand the tab over to the page that has it
//! (`table_alone.rs`, `events.rs`, `web::full_page`). [`Parts`] is the one
//! this build uses, chosen by the Cargo features `viewer` and `online`: the
//! only features named in `src/web` (`tests/architecture.rs` keeps it so).
//! The three builds are the table alone (neither part), which every visit
//! loads first, the viewer's page and online play's page: no visit needs
//! both parts, so each page carries one.
//!
//! Every build compiles everything, every implementation included, so the
//! compiler and clippy check every signature and every stand-in in each.
//! The shared code calls the parts' code only through `Parts`, whose
//! functions are resolved at compile time: a build without a part leaves
//! it out of its wasm.

use super::online::Online;
use super::seats::SeatPlayer;
use super::Controller;
use crate::engine::{GameRecord, Move};
use crate::net::invite::Invite;
use crate::net::protocol::LastMove;
use crate::page::dialog::Author;
use crate::page::model::{Action, AuthorForm, Closed, NetEvent, RecordsAction};
use crate::page::replay_bar::ReplayBarScene;
use crate::web::full_page::Then;
use crate::web::i18n::Lang;
use crate::web::records::link::{LinkParams, ViewerOptions};
use crate::web::view::{OnlineViews, ViewerViews};
use std::convert::Infallible;
use std::marker::PhantomData;
use std::ops::{Deref, DerefMut};
use web_sys::Element;

/// A record from the address (`?r=`) with the viewer's options.
pub type Linked = (GameRecord, ViewerOptions);

/// A build of the page: with the replay viewer (`VIEWER`) or its stand-ins,
/// with online play (`ONLINE`) or its stand-ins.
pub struct Page<const VIEWER: bool, const ONLINE: bool>;

/// This build's parts: the viewer with the Cargo feature `viewer`, online
/// play with `online`.
pub type Parts = Page<{ cfg!(feature = "viewer") }, { cfg!(feature = "online") }>;

/// Whether this build has the viewer, as a type that holds its values.
pub type WithViewer = Has<{ cfg!(feature = "viewer") }>;
/// Whether this build has online play, as a type that holds its values.
pub type WithOnline = Has<{ cfg!(feature = "online") }>;

/// A value only the viewer's page has (a record in the viewer, the deal
/// review's runs): see [`Holds`].
pub type ViewerOnly<T> = <WithViewer as Holds>::Only<T>;
/// A value only online play's page has (a guest's connection, the host's).
pub type OnlineOnly<T> = <WithOnline as Holds>::Only<T>;

/// Whether a build has a part (`HAS`), so holds the values only that part
/// has.
pub struct Has<const HAS: bool>;

/// How a build holds a value only one part has ([`ViewerOnly`],
/// [`OnlineOnly`]): the value itself where the build has the part; else a
/// type with no value at all, which holds nothing and drops nothing, so
/// that whatever handles one (a mode's state, its drop) is left out of the
/// wasm, while the code that handles it is compiled there all the same.
pub trait Holds {
    type Only<T>: Deref<Target = T> + DerefMut;
    /// The value held, or None where the build cannot hold one.
    fn hold<T>(value: T) -> Option<Self::Only<T>>;
}

/// The part's build holds the value.
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

impl Holds for Has<true> {
    type Only<T> = Held<T>;
    fn hold<T>(value: T) -> Option<Held<T>> {
        Some(Held(value))
    }
}

/// A build without the part holds none: there is no value of this type.
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

impl Holds for Has<false> {
    type Only<T> = NeverHeld<T>;
    fn hold<T>(_: T) -> Option<NeverHeld<T>> {
        None
    }
}

/// The replay viewer, a mode of the controller (`Mode::Viewing`).
pub trait Viewer {
    /// A record from the address, checked: [`Linked`] with the viewer;
    /// else a type with no value (there is never one).
    type Linked;
    /// The view's writers of what only the viewer shows (its bar, the
    /// review's panel, the author's tool): the stand-ins' write nothing,
    /// and their wasm leaves them out.
    type Views: ViewerViews;
    /// Reads `?r=` and the viewer's options; the error is the page's one
    /// line naming what is wrong (which deal, which move), or that this
    /// build has no viewer.
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
    /// The deal just finished played again for practice (`Mode::Practice`,
    /// the viewer's page's, beside the deal review; the stand-ins hand the
    /// game over to it).
    fn practise(c: &mut Controller);
    /// Back from a practice from the deal review (`Mode::Viewing` again):
    /// said to screen readers (the stand-ins are never there).
    fn back_to_review(c: &mut Controller);
    /// The deal review's panel while the viewer shows, a scene of its own
    /// that the view writes with the table's: the review of the viewer's
    /// deal, or its offer; while a position of it is practised, the
    /// practice's words (the stand-ins': nothing).
    fn review_panel(c: &Controller) -> <Self::Views as ViewerViews>::Review;
    /// What the table asked this page to open first (`full_page::take_then`),
    /// of the viewer's (a game with friends is online play's,
    /// [`OnlinePlay::take_table`]); the stand-ins': the hand-over did not
    /// happen (the viewer's files could not be loaded), said in one line.
    fn take_over(c: &mut Controller, then: Then);
}

/// Online play: the host's remote seats and a guest's table (`Mode::Guest`).
pub trait OnlinePlay {
    /// The view's writers of online play's dialogs: the stand-ins' write
    /// nothing, and their wasm leaves them out.
    type Views: OnlineViews;
    /// After a new set-up: the seats played on friends' devices connect.
    fn online_setup(c: &mut Controller);
    /// The player of a seat on a friend's device.
    fn friend_seat(online: &mut Option<OnlineOnly<Online>>, seat: u8) -> Box<dyn SeatPlayer>;
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
    /// The person asks for the next deal: a game with friends deals it
    /// fairly once its guests' randomness is in (`net::fair_flow`); the
    /// stand-ins' (no friends there) deal it at once.
    fn next_deal(c: &mut Controller);
    /// A new game's first deal: a game with friends waits until they are
    /// seated, then deals fairly; the stand-ins' deal at once.
    fn first_deal(c: &mut Controller);
    /// The fair deals' mark on a guest's table ("Deal checked", or the
    /// alarm), which online play's view writes (the stand-ins': nothing).
    fn fair_mark(c: &Controller) -> <Self::Views as OnlineViews>::Mark;
    /// The table handed this tab over for its game with friends
    /// (`Then::Table`): online play's page connects the friends' seats as
    /// the saved game comes back; the stand-ins say in one line that the
    /// hand-over did not happen (online play's files could not be loaded).
    fn take_table(c: &mut Controller);
}

/// What the viewer's own elements say, read by the input layer
/// (`events.rs`, which implements it).
pub trait ViewerInput {
    /// The viewer's keys, while its bar is up.
    fn viewer_key(target: &Element, key: &str, shift: bool) -> Option<RecordsAction>;
    /// The author's tool as it is now (the records dialog's section for
    /// rules sites), if it shows.
    fn author_form() -> Option<AuthorForm>;
}

/// What online play's own elements and the address say, read by the input
/// layer (`events.rs`, which implements it) and the page's root.
pub trait OnlineInput {
    /// A click on an online dialog's button (`data-action="net"`).
    fn net_click(button: &Element) -> Option<Action>;
    /// The servers' fields of an online dialog changed.
    fn servers_changed() -> Option<Action>;
    /// The guest's join page closed, with the name typed.
    fn join_closed() -> Closed;
    /// A reply link opened on the host's device is handed to the open
    /// table: whether this tab was such a link (and is done).
    fn reply_tab(lang: Lang) -> bool;
    /// An invite in the address.
    fn invite_in_address(lang: Lang) -> Option<Invite>;
}
