//! A guest's side of online play: the invite it opened, its connection to
//! the host, and the host's messages read and checked (size, form,
//! version, flood) before the controller shows them. A guest sends only
//! its choices; the table it shows is always the host's latest.

use super::rtc::{OnEvent, Peer};
use super::NetEvent;
use crate::engine::Move;
use crate::net::fair_flow::GuestFair;
use crate::net::invite::{clean_name, Invite, Reply};
use crate::net::protocol::{self, Dropped, Flood, GuestTable, ToGuest, ToHost};
use crate::net::stun::Ice;
use crate::net::verify::Code;
use crate::web::model::{Action, Dispatch, PeerEvent};
use gloo::timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::Rc;

pub use crate::page::online::GuestState;

/// The host's messages the guest reads at most: a burst, then per second.
/// (A host sends one table per move; a faster stream is not a game's.)
const FLOOD_BURST: u32 = 40;
const FLOOD_PER_SECOND: u32 = 20;

pub struct Guest {
    pub invite: Invite,
    pub state: GuestState,
    pub name: String,
    /// The latest table from the host.
    pub table: Option<GuestTable>,
    /// Messages from the host refused (counted by the controller).
    pub dropped: u64,
    /// Whether the table says a message was refused (until a table is read).
    pub refusal_shown: bool,
    /// The verification code of the connection (`net::verify`), from the
    /// reply on: shown once the host's table is in over it.
    pub code: Option<Code>,
    /// The latest move sent (to word the host's refusal of it).
    pub sent: Option<Move>,
    /// The fair deals: the commitment held, the randomness sent, what the
    /// seat was shown, and every deal's verdict (`net::fair_flow`).
    pub fair: GuestFair,
    /// The latest move was sent again after the host said it had not read
    /// this guest's hello (once only: a second such refusal is shown).
    resent: bool,
    /// The token of this guest's reply (public: it names the reply's channel).
    token: [u8; 8],
    /// The guest's secret for this table (`table_secret`).
    secret: [u8; 8],
    peer: Option<Peer>,
    /// The hello was sent on this peer's channel.
    said_hello: bool,
    flood: Flood,
    /// The latest message over the flood limit, read again once the limit
    /// allows: each table is whole, so only the latest one counts, and it
    /// is never lost (a host that floods costs the guest one read per
    /// refill, never a render per message).
    held: Rc<RefCell<Option<Vec<u8>>>>,
    dispatch: Option<Dispatch>,
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
        let fair = GuestFair::new(invite.to.table, invite.to.seat);
        Some(Guest {
            invite,
            state: GuestState::Joining,
            name: String::new(),
            table: None,
            dropped: 0,
            refusal_shown: false,
            code: None,
            sent: None,
            fair,
            resent: false,
            token,
            secret,
            peer: None,
            said_hello: false,
            flood: Flood::new(FLOOD_BURST, FLOOD_PER_SECOND),
            held: Rc::default(),
            dispatch: None,
        })
    }

    pub fn seat(&self) -> u8 {
        self.invite.to.seat
    }

    /// "Join": answers the host's offer; the reply link follows as
    /// `NetEvent::Guest(Described)`.
    pub fn join(&mut self, name: &str, ice: &Ice, dispatch: &Dispatch) {
        self.name = clean_name(name)
            .chars()
            .take(protocol::MAX_NAME_CHARS)
            .collect();
        self.dispatch = Some(dispatch.clone());
        let d = dispatch.clone();
        let on: OnEvent = Rc::new(move |ev| d(Action::Net(Box::new(NetEvent::Guest(ev)))));
        self.peer = None;
        self.said_hello = false;
        match Peer::answer(ice, &self.invite.connection, on) {
            Ok(p) => {
                self.peer = Some(p);
                self.state = GuestState::Answering;
            }
            Err(_) => self.state = GuestState::Failed,
        }
    }

    /// The reply link's fragment for this guest's answer (whose
    /// certificate makes the connection's code with the invite's).
    pub fn reply(&mut self, connection: crate::net::sdp::Connection) -> String {
        self.code = Some(Code::of(&self.invite.connection, &connection));
        Reply {
            to: self.invite.to,
            token: self.token,
            guest_name: self.name.clone(),
            connection: super::remote_seat::trimmed(connection),
        }
        .pack()
    }

    /// The first words on the channel (once): the host hears no move before
    /// them. Said when the channel opens, or before the first move if that
    /// comes first (the open's action may be deferred behind the host's
    /// first table while the page is busy).
    pub fn hello(&mut self) {
        if self.said_hello {
            return;
        }
        // (Said only once the channel took it: a hello lost would leave
        // every later move unheard.)
        self.said_hello = self.send(&ToHost::Hello {
            token: self.token,
            secret: self.secret,
        });
        if !self.said_hello {
            web_sys::console::warn_1(
                &"the hello not sent: the channel to the host did not take it".into(),
            );
        }
    }

    /// A table from the host: while it shows this guest's seat not
    /// connected, the host has not heard the hello (a channel's first
    /// message can be lost as it opens), and it is said again, once per
    /// such table. The host's first hello heard sends every guest a table
    /// showing the seat connected, and a hello heard again changes nothing.
    pub fn table_came(&mut self, table: &GuestTable) {
        if table.connected.get(self.seat() as usize) == Some(&false) {
            self.say_hello_again();
        }
    }

    /// The hello said once more, though the channel took it before.
    fn say_hello_again(&mut self) {
        self.said_hello = false;
        self.hello();
    }

    /// Sends a move to the host; false if the channel could not take it
    /// (not open, or it refused the bytes: then nothing is on its way, and
    /// the move may be made again).
    pub fn send_move(&mut self, mv: Move) -> bool {
        self.resent = false;
        self.send_move_once(mv)
    }

    fn send_move_once(&mut self, mv: Move) -> bool {
        self.hello();
        self.sent = Some(mv);
        let turn = self.table.as_ref().map_or(0, |t| t.turn);
        let sent = self.send(&ToHost::Move {
            seat: self.seat(),
            turn,
            mv,
        });
        if !sent {
            web_sys::console::warn_1(
                &"a move not sent: the channel to the host did not take it".into(),
            );
        }
        sent
    }

    /// The host refused the latest move as made before this guest's hello
    /// (`Reason::NoHello`: the hello was lost on its way). The hello is
    /// said again and the move sent once more, if it was made on the table
    /// the host still has (`turn`, the refusal's) and was not already sent
    /// again; true if it is on its way again.
    pub fn hello_again(&mut self, turn: u32) -> bool {
        self.say_hello_again();
        let current = self.table.as_ref().is_some_and(|t| t.turn == turn);
        match self.sent.filter(|_| current && !self.resent) {
            Some(mv) => {
                self.resent = true;
                self.send_move_once(mv)
            }
            None => false,
        }
    }

    /// Sends the guest's part of a fair deal (`GuestFair::commit`'s answer).
    pub fn send_fair(&self, message: &ToHost) -> bool {
        self.send(message)
    }

    fn send(&self, message: &ToHost) -> bool {
        self.peer
            .as_ref()
            .is_some_and(|p| p.send(&message.encode()))
    }

    /// A message from the host (or one dropped unread for its size, which
    /// counts against the flood limit like any other), checked. A table
    /// over the flood limit is held, the latest in place of any earlier
    /// one, and read again when the limit allows; any other message over it
    /// (an answer to a ping, a refusal) is dropped, and never in place of a
    /// held table: only a later table makes one out of date.
    pub fn read(&mut self, message: Result<&[u8], Dropped>) -> Result<ToGuest, Dropped> {
        let admitted = self.flood.admit(js_sys::Date::now());
        if let Ok(bytes) = message {
            if ToGuest::is_table(bytes) {
                match admitted {
                    Err(Dropped::Flood) => self.hold(bytes.to_vec()),
                    _ => drop(self.held.borrow_mut().take()),
                }
            }
        }
        admitted.and(message).and_then(ToGuest::decode)
    }

    /// Keeps `bytes` as the latest message over the flood limit; the first
    /// one held starts the wait for the limit's next refill.
    fn hold(&self, bytes: Vec<u8>) {
        let waiting = self.held.borrow_mut().replace(bytes).is_some();
        let Some(d) = self.dispatch.clone().filter(|_| !waiting) else {
            return;
        };
        let held = self.held.clone();
        Timeout::new(1000 / FLOOD_PER_SECOND, move || {
            let latest = held.borrow_mut().take();
            if let Some(bytes) = latest {
                d(Action::Net(Box::new(NetEvent::Guest(PeerEvent::Message(
                    bytes,
                )))));
            }
        })
        .forget();
    }
}
