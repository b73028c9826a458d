//! The host's side of online play: one [`Link`] per seat played on a
//! friend's device, and the seat player that answers for it
//! ([`RemoteSeat`]). After every change the host sends each guest its
//! seat's table (`protocol::guest_table`, nothing more); a guest's move is
//! checked (its seat, the turn, the rules) and becomes `Action::SeatMoved`,
//! or is refused with a message to that guest only.

use super::rtc::{Peer, PeerEvent};
use super::NetEvent;
use crate::engine::{Game, Move};
use crate::net::fair::Random;
use crate::net::fair_flow::{HostDeal, HostStage, Words};
use crate::net::invite::{clean_name, Invite, PackError, Reply, TableRef};
use crate::net::protocol::{
    self, Dropped, Flood, Judged, LastMove, Refusal, SeatAwaits, ToGuest, ToHost,
};
use crate::net::sdp::Connection;
use crate::net::stun::Ice;
use crate::net::verify::Code;
use crate::web::model::{Action, Dispatch};
use crate::web::players::{MoveRequest, SeatPlayer};
use gloo::timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::Rc;

pub use crate::page::online::{LinkState, SeatStatus};

/// One remote seat's connection and what the host knows of its guest.
pub struct Link {
    pub seat: u8,
    pub state: LinkState,
    pub name: String,
    /// Messages dropped from this guest (malformed, oversized, flood).
    pub dropped: u64,
    /// Messages that reached this link on its latest connection, and how
    /// many of them were dropped (what the console is told is per
    /// connection).
    heard_here: u32,
    dropped_here: u32,
    peer: Option<Peer>,
    /// Names the peer: events of an older one are ignored.
    peer_id: u32,
    nonce: u32,
    /// The token of the reply taken (public, in the reply link): only a
    /// channel whose hello carries it is heard.
    token: Option<[u8; 8]>,
    /// The secret of the guest greeted on this seat's channel (it came in
    /// the hello, over the encrypted channel, never in a link).
    secret: Option<[u8; 8]>,
    /// The guest who held the seat before the latest reply, and its name:
    /// a hello with that secret is that guest back, and keeps the name.
    held_by: Option<([u8; 8], String)>,
    /// The channel's first words carried that token: only then are its
    /// moves heard (a channel that cannot name the reply plays nothing).
    greeted: bool,
    /// The certificate fingerprint of the latest invite's offer, and the
    /// verification code it makes with the reply taken (`net::verify`).
    offered: Option<[u8; 32]>,
    code: Option<Code>,
    /// The device greeted did not carry the secret of the seat's earlier
    /// guest: it has not played this seat before.
    new_device: bool,
    flood: Flood,
    turn: u32,
    pending: Option<(MoveRequest, Dispatch)>,
    /// A move the guest made on the latest table before the host asked its
    /// seat (the host shows a finished trick a moment before asking the
    /// next player, and the guest's table already says whose turn it is):
    /// checked and played when the seat is asked, refused as stale if the
    /// table changes first.
    early: Option<Move>,
    /// The early move handed to the controller once the seat was asked (it
    /// arrives after the asking call returns), with the request it answers:
    /// put back as early if the seat's turn is cancelled before it arrives,
    /// and then handed only with the next request, so it is never lost.
    handing: Option<(u64, Move)>,
    /// The last table sent (sent again when the channel opens).
    table: Option<Vec<u8>>,
    /// A fair deal's randomness read from the guest, for the host's
    /// `HostDeal` (handed to the controller once this link is not borrowed).
    fair_part: Option<(u32, Random)>,
}

impl Link {
    fn new(seat: u8) -> Link {
        Link {
            seat,
            state: LinkState::Inviting,
            name: String::new(),
            dropped: 0,
            heard_here: 0,
            dropped_here: 0,
            peer: None,
            peer_id: 0,
            nonce: 0,
            token: None,
            secret: None,
            held_by: None,
            greeted: false,
            offered: None,
            code: None,
            new_device: false,
            flood: Flood::new(20, 10),
            turn: 0,
            pending: None,
            early: None,
            handing: None,
            table: None,
            fair_part: None,
        }
    }

    /// A guest's message the host did not read, said on the console (the
    /// guest is not told: it may be hostile), so that a lost move can be
    /// traced.
    fn say_dropped(&self, why: &str) {
        let text = format!("seat {}: a guest's message dropped: {why}", self.seat);
        web_sys::console::warn_1(&text.as_str().into());
    }

    fn send(&self, message: &ToGuest) {
        if let Some(p) = &self.peer {
            p.send(&message.encode());
        }
    }

    /// A guest's message (or one dropped unread for its size, which counts
    /// against the flood limit like any other): checked, and either
    /// answered here or turned into an action for the controller (returned,
    /// so that it is dispatched once this link is no longer borrowed).
    fn receive(&mut self, message: Result<&[u8], Dropped>) -> Option<(Dispatch, Action)> {
        self.heard_here += 1;
        let read = self
            .flood
            .admit(js_sys::Date::now())
            .and(message)
            .and_then(ToHost::decode);
        let message = match read {
            Ok(m) => m,
            Err(why) => {
                self.dropped += 1;
                self.dropped_here += 1;
                // Said once per connection: a flood costs no more than a counter.
                if self.dropped_here == 1 {
                    self.say_dropped(&why.to_string());
                }
                return None;
            }
        };
        match message {
            ToHost::Hello { token, secret } => {
                self.hello(token, secret);
                None
            }
            ToHost::Ping { n, .. } => {
                self.send(&ToGuest::Pong { n });
                None
            }
            ToHost::Move { seat, turn, mv } => self.guest_move(seat, turn, mv),
            ToHost::Randomness { deal, random } => {
                // (Only a channel whose hello named the reply speaks for the seat.)
                if self.greeted {
                    self.fair_part = Some((deal, random));
                } else {
                    self.dropped += 1;
                    self.say_dropped("randomness before the guest's hello");
                }
                None
            }
        }
    }

    /// A hello proves the channel is the reply's (its token) and who sent
    /// the reply (its secret); it renames nobody but a guest proven to be
    /// back, who gets its name again.
    fn hello(&mut self, token: [u8; 8], secret: [u8; 8]) {
        if self.greeted && self.token == Some(token) && self.secret == Some(secret) {
            // Said again before its table showed the seat connected: heard
            // already, and harmless.
            return;
        }
        if self.token != Some(token) || self.greeted {
            self.dropped += 1;
            self.say_dropped(if self.greeted {
                "a second hello, not the first's"
            } else {
                "a hello with another reply's token"
            });
            return;
        }
        self.greeted = true;
        self.secret = Some(secret);
        let back = self.held_by.take().filter(|(s, _)| *s == secret);
        self.new_device = back.is_none();
        if let Some((_, name)) = back {
            self.name = name;
        }
    }

    /// A guest's move, made on its table of move count `turn`: judged
    /// (`protocol::judge_move`), and either the answer to the seat's
    /// request, kept for it (early), or refused with its reason.
    fn guest_move(&mut self, seat: u8, turn: u32, mv: Move) -> Option<(Dispatch, Action)> {
        let at = SeatAwaits {
            seat: self.seat,
            greeted: self.greeted,
            turn: self.turn,
            asked: self.pending.as_ref().map(|(t, _)| &t.view.deal),
            kept: self.early.is_some(),
        };
        match protocol::judge_move(&at, seat, turn, mv) {
            Judged::Play(mv) => {
                let (t, answer) = self.pending.take()?;
                Some((
                    answer,
                    Action::SeatMoved {
                        ticket: t.ticket,
                        seat: t.seat,
                        mv,
                    },
                ))
            }
            Judged::Keep(mv) => {
                // Kept for when the seat is asked (`your_turn`).
                self.early = Some(mv);
                None
            }
            Judged::Refuse(why) => {
                if why == Refusal::NoHello {
                    // Not played, but answered: a guest whose hello was lost
                    // says it again and sends the move once more, rather
                    // than wait for ever on a move the host never heard.
                    self.dropped += 1;
                    let heard = self.heard_here;
                    self.say_dropped(&format!(
                        "a move before the guest's hello (message {heard} on this connection)"
                    ));
                }
                self.send(&ToGuest::Refused {
                    turn: self.turn,
                    reason: why.reason(),
                });
                None
            }
        }
    }
}

/// A message on a connection the host no longer listens to, said on the
/// console (as [`Link::say_dropped`]) so that a lost move can be traced.
fn say_unheard(seat: u8, why: &str) {
    let text = format!("seat {seat}: a guest's message not read: {why}");
    web_sys::console::warn_1(&text.as_str().into());
}

/// The player of a seat on a friend's device: the controller asks it like
/// any seat; the guest's checked move is its answer.
pub struct RemoteSeat(Rc<RefCell<Link>>);

impl SeatPlayer for RemoteSeat {
    fn your_turn(&mut self, turn: MoveRequest, answer: Dispatch) {
        let mut link = self.0.borrow_mut();
        if let Some(mv) = link.early.take() {
            match protocol::check_asked(&turn.view.deal, mv) {
                Ok(()) => {
                    let (ticket, seat) = (turn.ticket, turn.seat);
                    link.handing = Some((ticket, mv));
                    // (After this call: the controller that asks is busy now.)
                    let weak = Rc::downgrade(&self.0);
                    Timeout::new(0, move || {
                        let Some(link) = weak.upgrade() else { return };
                        let mut link = link.borrow_mut();
                        // (Put back and handed again with a newer request meanwhile: that one's.)
                        if link.handing.is_some_and(|(t, _)| t == ticket) {
                            link.handing = None;
                            drop(link);
                            answer(Action::SeatMoved { ticket, seat, mv });
                        }
                    })
                    .forget();
                    return;
                }
                Err(why) => link.send(&ToGuest::Refused {
                    turn: link.turn,
                    reason: why.reason(),
                }),
            }
        }
        link.pending = Some((turn, answer));
    }

    fn cancel(&mut self) {
        let mut link = self.0.borrow_mut();
        link.pending = None;
        if let Some((_, mv)) = link.handing.take() {
            link.early = Some(mv);
        }
    }
}

/// What every guest is told after a change.
pub struct News<'a> {
    pub game: &'a Game,
    /// Who plays each seat (`host`, `friend`, a level's name).
    pub who: Vec<String>,
    pub last: Option<LastMove>,
}

/// The host's remote seats, by seat.
pub struct Host {
    /// The table's random id, made with its first invite (`secure_random`).
    table: Option<[u8; 6]>,
    links: Vec<Option<Rc<RefCell<Link>>>>,
    next_peer: u32,
    /// The fair deal in hand (`net::fair_flow`): committed, dealt or revealed.
    fair: Option<HostDeal>,
}

impl Default for Host {
    fn default() -> Self {
        Host {
            table: None,
            links: vec![None, None, None, None],
            next_peer: 1,
            fair: None,
        }
    }
}

impl Host {
    fn link(&mut self, seat: u8) -> Rc<RefCell<Link>> {
        self.links[seat as usize & 3]
            .get_or_insert_with(|| Rc::new(RefCell::new(Link::new(seat))))
            .clone()
    }

    /// The seat player for `seat`, played on a friend's device.
    pub fn seat_player(&mut self, seat: u8) -> Box<dyn SeatPlayer> {
        Box::new(RemoteSeat(self.link(seat)))
    }

    /// Forgets the seats no longer played remotely (a new game's set-up).
    pub fn keep_only(&mut self, remote: &[bool]) {
        for (s, l) in self.links.iter_mut().enumerate() {
            if !remote.get(s).copied().unwrap_or(false) {
                *l = None;
            }
        }
    }

    /// Seats whose guest is not connected and has no invite being made.
    pub fn needing_invites(&self) -> Vec<u8> {
        self.links
            .iter()
            .flatten()
            .filter(|l| {
                let l = l.borrow();
                l.peer.is_none() || matches!(l.state, LinkState::Lost | LinkState::Failed)
            })
            .map(|l| l.borrow().seat)
            .collect()
    }

    /// Whether a seat's invite is out, waiting for its guest's reply.
    pub fn waiting_for_reply(&self) -> bool {
        self.links
            .iter()
            .flatten()
            .any(|l| matches!(l.borrow().state, LinkState::Invited(_)))
    }

    /// Starts a new invite for `seat`: a new connection and offer, reported
    /// as `NetEvent::Peer` through `dispatch`.
    pub fn invite(&mut self, seat: u8, ice: &Ice, dispatch: &Dispatch) {
        let link = self.link(seat);
        let id = self.next_peer;
        self.next_peer += 1;
        let weak = Rc::downgrade(&link);
        let d = dispatch.clone();
        let on: super::rtc::OnEvent = Rc::new(move |ev| {
            let is_message = matches!(ev, PeerEvent::Message(_) | PeerEvent::TooLarge(_));
            let Some(link) = weak.upgrade() else {
                if is_message {
                    say_unheard(seat, "its seat is no longer a friend's");
                }
                return;
            };
            if link.borrow().peer_id != id {
                if is_message {
                    say_unheard(seat, "it came over an older invite's connection");
                }
                return;
            }
            let message = match &ev {
                PeerEvent::Message(bytes) => Ok(bytes.as_slice()),
                PeerEvent::TooLarge(size) => Err(Dropped::Uncopied(*size)),
                _ => return d(Action::Net(Box::new(NetEvent::Host(seat, ev)))),
            };
            let greeted = link.borrow().greeted;
            let out = link.borrow_mut().receive(message);
            if let Some((answer, action)) = out {
                answer(action);
            }
            let part = link.borrow_mut().fair_part.take();
            if let Some((deal, random)) = part {
                d(Action::Net(Box::new(NetEvent::FairPart(
                    seat, deal, random,
                ))));
            }
            if !greeted && link.borrow().greeted {
                // The guest is greeted (and, back, named as before): the
                // tables show it. (Only then: any other message, dropped or
                // not, costs the host no render, so a flood cannot stall
                // the table.)
                d(Action::Net(Box::new(NetEvent::Status)));
            }
        });
        let mut l = link.borrow_mut();
        l.peer = None;
        l.peer_id = id;
        // (The old connection's code goes with it.)
        (l.offered, l.code) = (None, None);
        (l.heard_here, l.dropped_here) = (0, 0);
        // A fresh random nonce for every invite (never the last one), so a
        // reply to an older invite for the seat is told from the latest; and
        // the table's id with its first invite. (Without the browser's
        // randomness no invite is made: the controller refuses to host then.)
        let (Some(fresh), Some(id)) = (super::secure_random(), super::secure_random()) else {
            l.peer = None;
            l.state = LinkState::Failed;
            return;
        };
        if self.table.is_none() {
            let r = id.to_le_bytes();
            self.table = Some([r[0], r[1], r[2], r[3], r[4], r[5]]);
        }
        let last = l.nonce;
        let fresh = fresh as u32;
        l.nonce = if fresh == last { fresh ^ 1 } else { fresh };
        l.state = LinkState::Inviting;
        match Peer::offer(ice, on) {
            Ok(p) => l.peer = Some(p),
            Err(_) => l.state = LinkState::Failed,
        }
    }

    /// A peer's event on the host's side; returns the invite link's
    /// fragment when an offer is ready.
    pub fn event(&mut self, seat: u8, ev: PeerEvent, game: &Game, host_name: &str) -> bool {
        let link = self.link(seat);
        let mut l = link.borrow_mut();
        match ev {
            PeerEvent::Described(connection) => {
                let Some(table) = self.table else {
                    return true;
                };
                let invite = Invite {
                    to: TableRef {
                        table,
                        nonce: l.nonce,
                        seat,
                    },
                    game: game.kind(),
                    rules: crate::links::rules_param(game.rules()),
                    host_name: clean_name(host_name),
                    connection: trimmed(connection),
                };
                l.offered = Some(invite.connection.fingerprint);
                l.state = LinkState::Invited(invite.pack());
            }
            PeerEvent::Open => {
                l.state = LinkState::Connected;
                if let Some(t) = l.table.clone() {
                    if let Some(p) = &l.peer {
                        p.send(&t);
                    }
                }
            }
            PeerEvent::Lost => {
                if l.state == LinkState::Connected {
                    l.state = LinkState::Lost;
                } else if l.state == LinkState::Connecting {
                    l.state = LinkState::Failed;
                }
            }
            PeerEvent::Failed(_) => l.state = LinkState::Failed,
            PeerEvent::Message(_) | PeerEvent::TooLarge(_) => {}
        }
        // (A lost or failed connection is kept until the seat's next invite
        // or the computer takes the seat: "disconnected" can be passing, and
        // a connection still opening may yet open.)
        true
    }

    /// A reply link (or its fragment) pasted or handed over: taken by the
    /// seat whose latest invite it answers.
    pub fn take_reply(&mut self, text: &str) -> Result<u8, ReplyError> {
        let payload = fragment(text, "r=");
        let reply = Reply::unpack(payload).map_err(ReplyError::Pack)?;
        if Some(reply.to.table) != self.table {
            return Err(ReplyError::OtherTable);
        }
        let Some(link) = self.links.get(reply.to.seat as usize).cloned().flatten() else {
            return Err(ReplyError::NoSuchSeat);
        };
        let mut l = link.borrow_mut();
        if reply.to.nonce != l.nonce {
            return Err(ReplyError::Stale);
        }
        match l.state {
            LinkState::Invited(_) => {}
            // (Still making the invite: no reply can answer it yet.)
            LinkState::Inviting => return Err(ReplyError::Stale),
            // The latest invite, answered already: by this reply, or by
            // another device's (whoever answers first takes the seat).
            _ if l.token == Some(reply.token) => return Err(ReplyError::Again),
            _ => return Err(ReplyError::Answered),
        }
        let Some(peer) = &l.peer else {
            return Err(ReplyError::Stale);
        };
        peer.accept(&reply.connection);
        l.code = l
            .offered
            .map(|host| Code::between(&host, &reply.connection.fingerprint));
        l.new_device = false;
        // Named as the reply says until its hello proves whether it is the
        // guest who held the seat before (then named as before).
        if let Some(secret) = l.secret.take() {
            l.held_by = Some((secret, std::mem::take(&mut l.name)));
        }
        l.name = clean_name(&reply.guest_name)
            .chars()
            .take(protocol::MAX_NAME_CHARS)
            .collect();
        l.token = Some(reply.token);
        l.greeted = false;
        l.state = LinkState::Connecting;
        Ok(reply.to.seat)
    }

    /// Sends every connected guest its seat's table.
    pub fn broadcast(&mut self, news: &News) {
        let n = news.game.kind().seats();
        let turn = protocol::turn_of(news.game);
        let mut names = vec![String::new(); n];
        let mut connected = vec![true; n];
        for l in self.links.iter().flatten() {
            let l = l.borrow();
            if (l.seat as usize) < n {
                names[l.seat as usize] = l.name.clone();
                // Connected once its hello is heard: a guest whose table
                // says its own seat is not says its hello again.
                connected[l.seat as usize] = l.state == LinkState::Connected && l.greeted;
            }
        }
        for link in self.links.iter().flatten() {
            let mut l = link.borrow_mut();
            if l.seat as usize >= n {
                continue;
            }
            if l.turn != turn && l.early.take().is_some() {
                // The table changed before the seat was asked: that move was
                // made on a table that is gone.
                l.send(&ToGuest::Refused {
                    turn: l.turn,
                    reason: Refusal::Stale.reason(),
                });
            }
            l.turn = turn;
            let mut table = protocol::guest_table(news.game, l.seat, turn, &names, &connected);
            table.who = news.who.clone();
            table.last = news.last;
            let bytes = ToGuest::Table(Box::new(table)).encode();
            if let Some(p) = &l.peer {
                p.send(&bytes);
            }
            l.table = Some(bytes);
        }
        self.reveal_if_over(news.game);
    }

    /// Begins deal number `deal` fairly (`net::fair_flow::HostDeal`): the
    /// commitment to `secret` goes to every connected friend of `friends`
    /// (their seats, in order). The deck's words if nothing is awaited.
    pub fn begin_fair(&mut self, deal: u32, secret: Random, friends: &[u8]) -> Option<Words> {
        let seats: Vec<(u8, bool)> = friends
            .iter()
            .map(|&s| {
                let connected = self.links[s as usize & 3].as_ref().is_some_and(|l| {
                    let l = l.borrow();
                    l.state == LinkState::Connected && l.greeted
                });
                (s, connected)
            })
            .collect();
        let (fair, sends, words) =
            HostDeal::begin(self.table.unwrap_or_default(), deal, secret, &seats);
        for (seat, message) in sends {
            if let Some(l) = &self.links[seat as usize & 3] {
                l.borrow().send(&message);
            }
        }
        self.fair = Some(fair);
        words
    }

    /// Whether the host waits for its guests' randomness.
    pub fn fair_awaiting(&self) -> bool {
        self.fair
            .as_ref()
            .is_some_and(|f| f.stage() == HostStage::Awaiting)
    }

    /// A guest's randomness: the deck's words once the last one awaited is in.
    pub fn fair_part(&mut self, seat: u8, deal: u32, random: Random) -> Option<Words> {
        let fair = self.fair.as_mut()?;
        match fair.randomness(seat, deal, random) {
            Ok(words) => words,
            Err(why) => {
                let text = format!("seat {seat}: a guest's message changed nothing: {why}");
                web_sys::console::warn_1(&text.as_str().into());
                None
            }
        }
    }

    /// The wait for deal `deal`'s randomness is over: the deck's words.
    pub fn fair_timeout(&mut self, deal: u32) -> Option<Words> {
        self.fair.as_mut()?.timeout(deal)
    }

    /// `seat`'s guest is gone: the deck's words if it was the last awaited.
    pub fn fair_lost(&mut self, seat: u8) -> Option<Words> {
        self.fair.as_mut()?.lost(seat)
    }

    /// A new game: no fair deal in hand.
    pub fn fair_forget(&mut self) {
        self.fair = None;
    }

    /// Once the fair deal is over, its reveal goes to every guest (after
    /// its last table: the channel keeps the order).
    fn reveal_if_over(&mut self, game: &Game) {
        let Some(fair) = &mut self.fair else { return };
        let over = game.log().len() == fair.deal() as usize + 1 && !game.in_deal();
        if !over {
            return;
        }
        if let Some(reveal) = fair.over() {
            for l in self.links.iter().flatten() {
                l.borrow().send(&reveal);
            }
        }
    }

    pub fn statuses(&self) -> Vec<SeatStatus> {
        self.links
            .iter()
            .flatten()
            .map(|l| {
                let l = l.borrow();
                SeatStatus {
                    seat: l.seat,
                    state: l.state.clone(),
                    name: l.name.clone(),
                    code: l.code,
                    new_device: l.new_device && l.greeted,
                }
            })
            .collect()
    }
}

/// Why a reply was not taken.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplyError {
    Pack(PackError),
    /// A reply to another table (another host, or this host before a new game).
    OtherTable,
    NoSuchSeat,
    /// A reply to an older invite for the seat.
    Stale,
    /// A reply to the seat's latest invite, which another reply answered first.
    Answered,
    /// The reply taken already, again.
    Again,
}

/// The part of a link after `#key`, or the text itself (a pasted payload).
pub fn fragment<'a>(text: &'a str, key: &str) -> &'a str {
    let text = text.trim();
    match text.split_once('#') {
        Some((_, f)) => f.strip_prefix(key).unwrap_or(f),
        None => text.strip_prefix(key).unwrap_or(text),
    }
}

/// Keeps the candidates a link can carry: at most eight, UDP first.
pub fn trimmed(mut c: Connection) -> Connection {
    use crate::net::sdp::Protocol;
    // UDP first, each kind in the browser's order (no library sort: its
    // code would cost the page more than this loop).
    let (udp, tcp): (Vec<_>, Vec<_>) = c
        .candidates
        .into_iter()
        .partition(|k| k.protocol != Protocol::Tcp);
    c.candidates = udp;
    c.candidates.extend(tcp);
    c.candidates.truncate(crate::net::invite::MAX_CANDIDATES);
    c
}
