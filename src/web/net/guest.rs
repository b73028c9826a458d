//! A guest's side of online play in the browser: the invite it opened, its
//! WebRTC connection to the host and its timers. Every decision is
//! `net::guest_link`'s (plain Rust, simulated in tests/protocol_sim.rs):
//! this file hands it the channel's events and carries out what it says.

use super::rtc::{OnEvent, Peer};
use super::NetEvent;
use crate::engine::Move;
use crate::net::guest_link::{GuestLink, GuestNews, HELLO_AGAIN_MS};
use crate::net::invite::{Invite, Reply};
use crate::net::protocol::Dropped;
use crate::net::stun::Ice;
use crate::net::verify::Code;
use crate::page::model::{Action, Dispatch};
use gloo::timers::callback::Timeout;
use std::ops::{Deref, DerefMut};
use std::rc::Rc;

pub use crate::page::online::GuestState;

pub struct Guest {
    pub invite: Invite,
    /// What the guest knows and decides (`net::guest_link`).
    link: GuestLink,
    peer: Option<Peer>,
    dispatch: Option<Dispatch>,
}

impl Deref for Guest {
    type Target = GuestLink;
    fn deref(&self) -> &GuestLink {
        &self.link
    }
}

impl DerefMut for Guest {
    fn deref_mut(&mut self) -> &mut GuestLink {
        &mut self.link
    }
}

/// The key of what a guest's device keeps of a table: its secret for the
/// latest table it joined (`TABLE-SECRET`, both in hex).
const SECRET_KEY: &str = "guest-secret";

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// This device's secret for `table`: the one kept from an earlier join of
/// the same table (with it the host knows the guest who rejoins), else a
/// new random one, kept in its place. It travels only in the hello, over
/// the encrypted channel, never in a link.
fn table_secret(table: &[u8; 6]) -> Option<[u8; 8]> {
    let table = hex(table);
    let kept = crate::web::storage::get(SECRET_KEY).and_then(|v| {
        let (t, secret) = v.split_once('-')?;
        let secret = u64::from_str_radix(secret, 16).ok()?;
        (t == table).then(|| secret.to_le_bytes())
    });
    if kept.is_some() {
        return kept;
    }
    let secret = super::secure_random()?.to_le_bytes();
    let value = format!("{table}-{:016x}", u64::from_le_bytes(secret));
    // Without storage the guest is simply new each time it joins.
    let _ = crate::web::storage::set(SECRET_KEY, &value);
    Some(secret)
}

impl Guest {
    /// A guest of `invite`'s table, or None where the browser has no crypto
    /// randomness for its token and secret (`secure_random`).
    pub fn new(invite: Invite) -> Option<Guest> {
        let secret = table_secret(&invite.to.table)?;
        let token = super::secure_random()?.to_le_bytes();
        let link = GuestLink::new(invite.to.table, invite.to.seat, token, secret);
        Some(Guest {
            invite,
            link,
            peer: None,
            dispatch: None,
        })
    }

    /// "Join": answers the host's offer; the reply link follows as
    /// `NetEvent::Guest(Described)`.
    pub fn join(&mut self, name: &str, ice: &Ice, dispatch: &Dispatch) {
        self.link.join(name);
        self.dispatch = Some(dispatch.clone());
        let d = dispatch.clone();
        let on: OnEvent = Rc::new(move |ev| d(Action::Net(Box::new(NetEvent::Guest(ev)))));
        self.peer = None;
        match Peer::answer(ice, &self.invite.connection, on) {
            Ok(p) => {
                self.peer = Some(p);
                self.link.state = GuestState::Answering;
            }
            Err(_) => self.link.state = GuestState::Failed,
        }
    }

    /// The reply link's fragment for this guest's answer (whose
    /// certificate makes the connection's code with the invite's).
    pub fn reply(&mut self, connection: crate::net::sdp::Connection) -> String {
        self.link.code = Some(Code::of(&self.invite.connection, &connection));
        Reply {
            to: self.invite.to,
            token: self.link.token,
            guest_name: self.link.name.clone(),
            connection: super::remote_seat::trimmed(connection),
        }
        .pack()
    }

    /// The channel opened: the hello.
    pub fn opened(&mut self) {
        let peer = &self.peer;
        let mut send = |b: &[u8]| peer.as_ref().is_some_and(|p| p.send(b));
        if !self.link.opened(&mut send) {
            web_sys::console::warn_1(
                &"the hello not sent: the channel to the host did not take it".into(),
            );
        }
        // (Said again until the host's first table comes: `held_due`.)
        self.due_in(HELLO_AGAIN_MS);
    }

    /// Sends a move to the host; false if the channel could not take it
    /// (not open, or it refused the bytes: then nothing is on its way, and
    /// the move may be made again).
    pub fn send_move(&mut self, mv: Move) -> bool {
        let peer = &self.peer;
        let mut send = |b: &[u8]| peer.as_ref().is_some_and(|p| p.send(b));
        let sent = self.link.send_move(mv, &mut send);
        if !sent {
            web_sys::console::warn_1(
                &"a move not sent: the channel to the host did not take it".into(),
            );
        }
        sent
    }

    /// The guest's timer is due (`NetEvent::GuestHeld`): the table held
    /// over the flood limit, to be read now; and while no table has come,
    /// the hello said again (`GuestLink::hello_while_no_table`), and the
    /// timer set again.
    pub fn held_due(&mut self) -> Option<Vec<u8>> {
        let peer = &self.peer;
        let mut send = |b: &[u8]| peer.as_ref().is_some_and(|p| p.send(b));
        if self.link.hello_while_no_table(&mut send) {
            self.due_in(HELLO_AGAIN_MS);
        }
        self.link.held_due()
    }

    /// Sets the guest's timer (`NetEvent::GuestHeld`) for `ms` from now.
    fn due_in(&self, ms: u32) {
        if let Some(d) = self.dispatch.clone() {
            Timeout::new(ms, move || d(Action::Net(Box::new(NetEvent::GuestHeld)))).forget();
        }
    }

    /// A message from the host (or one dropped unread for its size),
    /// read by the link; a table held over the flood limit is read again
    /// when the limit allows (`NetEvent::GuestHeld`).
    pub fn receive(&mut self, message: Result<&[u8], Dropped>) -> GuestNews {
        let peer = &self.peer;
        let mut send = |b: &[u8]| peer.as_ref().is_some_and(|p| p.send(b));
        let mut fresh = super::secure_random_bytes;
        let news = self
            .link
            .receive(message, js_sys::Date::now(), &mut fresh, &mut send);
        if let GuestNews::HoldFor(ms) = news {
            self.due_in(ms);
        }
        news
    }
}
