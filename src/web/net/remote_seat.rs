//! The host's side of online play in the browser: the WebRTC peer of each
//! seat played on a friend's device, its timers, and the seat player that
//! answers for it ([`RemoteSeat`]). Every decision is
//! `net::host_link`'s (plain Rust, simulated in tests/protocol_sim.rs):
//! this file hands it the channels' events and carries out its effects.

use super::rtc::{Peer, PeerEvent};
use super::NetEvent;
use crate::engine::Game;
use crate::net::fair::Random;
use crate::net::fair_flow::Words;
use crate::net::host_link::{DealAsked, HostLinks, LinkEffect, SeatEffects};
use crate::net::invite::{clean_name, Invite, Reply, TableRef};
use crate::net::protocol::Dropped;
use crate::net::sdp::Connection;
use crate::net::stun::Ice;
use crate::page::model::{Action, Answer, Dispatch};
use crate::web::players::{MoveRequest, SeatPlayer};
use gloo::timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::{Rc, Weak};

pub use crate::net::host_link::{News, ReplyError};
pub use crate::page::online::{LinkState, SeatStatus};

/// The links' decisions and what carries them out: each seat's peer, the
/// id of its latest (events of an older one are ignored), and the answer
/// to the seat's latest request.
#[derive(Default)]
struct Shared {
    links: HostLinks,
    peers: [Option<Peer>; 4],
    peer_ids: [u32; 4],
    answers: [Option<(u64, Dispatch)>; 4],
    dispatch: Option<Dispatch>,
}

/// Carries out the links' effects (once nothing is borrowed: an answer
/// dispatched may come back here).
fn carry_out(shared: &Rc<RefCell<Shared>>, effects: SeatEffects) {
    for (seat, effect) in effects {
        carry_one(shared, seat, effect);
    }
}

/// Carries out one seat's link's effects.
fn carry_out_for(shared: &Rc<RefCell<Shared>>, seat: u8, effects: Vec<LinkEffect>) {
    for effect in effects {
        carry_one(shared, seat, effect);
    }
}

fn carry_one(shared: &Rc<RefCell<Shared>>, seat: u8, effect: LinkEffect) {
    let s = seat as usize & 3;
    match effect {
        LinkEffect::Send(bytes) => {
            if let Some(p) = &shared.borrow().peers[s] {
                p.send(&bytes);
            }
        }
        LinkEffect::Play { ticket, mv } => {
            let answer = shared.borrow_mut().answers[s]
                .take_if(|(t, _)| *t == ticket)
                .map(|(_, a)| a);
            if let Some(answer) = answer {
                answer(Action::Answered(Answer { ticket, seat, mv }));
            }
        }
        LinkEffect::HandSoon { ticket } => {
            // (After this call: the controller that asks is busy now.)
            let weak = Rc::downgrade(shared);
            Timeout::new(0, move || {
                let Some(shared) = weak.upgrade() else { return };
                let due = shared.borrow_mut().links.link(seat).handing_due(ticket);
                carry_out_for(&shared, seat, due);
            })
            .forget();
        }
        LinkEffect::Greeted => dispatch(shared, NetEvent::Status),
        LinkEffect::FairPart { deal, random } => {
            dispatch(shared, NetEvent::FairPart(seat, deal, random))
        }
        LinkEffect::Say(line) => web_sys::console::warn_1(&line.as_str().into()),
    }
}

fn dispatch(shared: &Rc<RefCell<Shared>>, event: NetEvent) {
    let d = shared.borrow().dispatch.clone();
    if let Some(d) = d {
        d(Action::Net(Box::new(event)));
    }
}

/// A message on a connection the host no longer listens to, said on the
/// console so that a lost move can be traced.
fn say_unheard(seat: u8, why: &str) {
    let text = format!("seat {seat}: a guest's message not read: {why}");
    web_sys::console::warn_1(&text.as_str().into());
}

/// The player of a seat on a friend's device: the controller asks it like
/// any seat; the guest's checked move is its answer.
pub struct RemoteSeat(Rc<RefCell<Shared>>, u8);

impl SeatPlayer for RemoteSeat {
    fn your_turn(&mut self, turn: MoveRequest, answer: Dispatch) {
        let seat = self.1;
        let effects = {
            let mut shared = self.0.borrow_mut();
            shared.answers[seat as usize & 3] = Some((turn.ticket, answer));
            shared.links.link(seat).asked(turn.ticket, turn.view.deal)
        };
        carry_out_for(&self.0, seat, effects);
    }

    fn cancel(&mut self) {
        let mut shared = self.0.borrow_mut();
        shared.answers[self.1 as usize & 3] = None;
        shared.links.link(self.1).cancel();
    }
}

/// The host's remote seats, by seat.
#[derive(Default)]
pub struct Host {
    shared: Rc<RefCell<Shared>>,
    /// The latest peer's id (the first is 1: 0 names no peer).
    last_peer: u32,
    /// The seats as last kept beside the saved game (`SavedSeats::to_text`).
    kept: String,
}

impl Host {
    /// The seat player for `seat`, played on a friend's device.
    pub fn seat_player(&mut self, seat: u8) -> Box<dyn SeatPlayer> {
        self.shared.borrow_mut().links.link(seat);
        Box::new(RemoteSeat(self.shared.clone(), seat))
    }

    /// Forgets the seats no longer played remotely (a new game's set-up).
    pub fn keep_only(&mut self, remote: &[bool]) {
        let mut shared = self.shared.borrow_mut();
        shared.links.keep_only(remote);
        for s in 0..4 {
            if shared.links.get(s as u8).is_none() {
                // (Its connection goes with it; events of that peer are not heard.)
                shared.peers[s] = None;
                shared.peer_ids[s] = 0;
                shared.answers[s] = None;
            }
        }
    }

    /// Seats whose guest is not connected and has no invite being made.
    pub fn needing_invites(&self) -> Vec<u8> {
        let shared = self.shared.borrow();
        let peers = &shared.peers;
        shared
            .links
            .links
            .iter()
            .flatten()
            .filter(|l| l.needs_invite(peers[l.seat as usize & 3].is_some()))
            .map(|l| l.seat)
            .collect()
    }

    /// Whether a seat's invite is out, waiting for its guest's reply.
    pub fn waiting_for_reply(&self) -> bool {
        let shared = self.shared.borrow();
        let links = &shared.links.links;
        links
            .iter()
            .flatten()
            .any(|l| matches!(l.state, LinkState::Invited(_)))
    }

    /// Starts a new invite for `seat`: a new connection and offer, reported
    /// as `NetEvent::Peer` through `dispatch`.
    pub fn invite(&mut self, seat: u8, ice: &Ice, dispatch: &Dispatch) {
        self.last_peer += 1;
        let id = self.last_peer;
        let weak: Weak<RefCell<Shared>> = Rc::downgrade(&self.shared);
        let d = dispatch.clone();
        let on: super::rtc::OnEvent = Rc::new(move |ev| {
            let is_message = matches!(ev, PeerEvent::Message(_) | PeerEvent::TooLarge(_));
            let Some(shared) = weak.upgrade() else { return };
            if shared.borrow().links.get(seat).is_none() {
                if is_message {
                    say_unheard(seat, "its seat is no longer a friend's");
                }
                return;
            }
            if shared.borrow().peer_ids[seat as usize & 3] != id {
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
            let effects = shared
                .borrow_mut()
                .links
                .link(seat)
                .receive(message, js_sys::Date::now());
            carry_out_for(&shared, seat, effects);
        });
        let mut shared = self.shared.borrow_mut();
        let s = seat as usize & 3;
        shared.dispatch = Some(dispatch.clone());
        shared.peers[s] = None;
        shared.peer_ids[s] = id;
        // A fresh random nonce for every invite (never the last one), so a
        // reply to an older invite for the seat is told from the latest; and
        // the table's id with its first invite. (Without the browser's
        // randomness no invite is made: the controller refuses to host then.)
        let (Some(fresh), Some(table)) = (super::secure_random(), super::secure_random()) else {
            shared.links.link(seat).invite_failed();
            return;
        };
        let t = table.to_le_bytes();
        let table = [t[0], t[1], t[2], t[3], t[4], t[5]];
        shared.links.new_invite(seat, fresh as u32, table);
        match Peer::offer(ice, on) {
            Ok(p) => shared.peers[s] = Some(p),
            Err(_) => shared.links.link(seat).invite_failed(),
        }
    }

    /// A peer's event on the host's side.
    pub fn event(&mut self, seat: u8, ev: PeerEvent, game: &Game, host_name: &str) {
        let effects = {
            let mut shared = self.shared.borrow_mut();
            let table = shared.links.table;
            let link = shared.links.link(seat);
            match ev {
                PeerEvent::Described(connection) => {
                    let Some(table) = table else { return };
                    let invite = Invite {
                        to: TableRef {
                            table,
                            nonce: link.nonce,
                            seat,
                        },
                        game: game.kind(),
                        rules: crate::links::rules_param(game.rules()),
                        host_name: clean_name(host_name),
                        connection: trimmed(connection),
                    };
                    link.offered(invite.connection.fingerprint, invite.pack());
                    Vec::new()
                }
                PeerEvent::Open => link.opened(),
                PeerEvent::Lost => {
                    link.lost();
                    Vec::new()
                }
                PeerEvent::Failed(_) => {
                    link.failed();
                    Vec::new()
                }
                PeerEvent::Message(_) | PeerEvent::TooLarge(_) => Vec::new(),
            }
        };
        carry_out_for(&self.shared, seat, effects);
    }

    /// A reply link (or its fragment) pasted or handed over: taken by the
    /// seat whose latest invite it answers.
    pub fn take_reply(&mut self, text: &str) -> Result<u8, ReplyError> {
        let payload = fragment(text, "r=");
        let reply = Reply::unpack(payload).map_err(ReplyError::Pack)?;
        let mut shared = self.shared.borrow_mut();
        let s = reply.to.seat as usize;
        let no_peer =
            s < 4 && shared.links.get(reply.to.seat).is_some() && shared.peers[s].is_none();
        if Some(reply.to.table) == shared.links.table && no_peer {
            return Err(ReplyError::Stale);
        }
        let seat = shared.links.take_reply(&reply)?;
        if let Some(peer) = &shared.peers[seat as usize & 3] {
            peer.accept(&reply.connection);
        }
        Ok(seat)
    }

    /// Sends every connected guest its seat's table.
    pub fn broadcast(&mut self, news: &News) {
        let effects = self.shared.borrow_mut().links.broadcast(news);
        carry_out(&self.shared, effects);
    }

    /// Keeps the seats beside the saved game `game` (its token), if they
    /// changed since last kept (`HostLinks::saved`, `web::net::keep_seats`).
    pub fn keep_seats(&mut self, game: &str, handed: [bool; 4]) {
        let Some(text) = self.shared.borrow().links.saved(game, handed) else {
            return;
        };
        let text = text.to_text();
        if text != self.kept {
            super::keep_seats(&text);
            self.kept = text;
        }
    }

    /// The seats kept beside the saved game `game` back, if they are its
    /// (`HostLinks::resume`): the seats handed to the computer.
    pub fn resume_seats(&mut self, game: &str, remote: &[bool]) -> Option<[bool; 4]> {
        let saved = super::saved_seats().filter(|s| s.game == game)?;
        self.shared.borrow_mut().links.resume(&saved, remote);
        self.kept = saved.to_text();
        Some(saved.handed)
    }

    /// A deal is asked for (`HostLinks::ask_deal`): the commitments sent.
    pub fn ask_deal(
        &mut self,
        game: &Game,
        friends: &[u8],
        playing: bool,
        secret: Option<Random>,
    ) -> DealAsked {
        let (asked, effects) = self
            .shared
            .borrow_mut()
            .links
            .ask_deal(game, friends, playing, secret);
        carry_out(&self.shared, effects);
        asked
    }

    /// The connection of `seat` did not open in time: failed, if it was
    /// still opening (true then).
    pub fn connect_timed_out(&mut self, seat: u8, game: &Game) -> bool {
        let connecting = self
            .statuses()
            .iter()
            .any(|s| s.seat == seat && s.state == LinkState::Connecting);
        if connecting {
            self.event(seat, PeerEvent::Failed(String::new()), game, "");
        }
        connecting
    }

    /// Whether the first deal may begin now (`HostLinks::first_deal_due`).
    pub fn first_deal_due(&self, deals_begun: usize, friends: &[u8]) -> bool {
        self.shared
            .borrow()
            .links
            .first_deal_due(deals_begun, friends)
    }

    /// A guest's randomness: the deck's words once the last one awaited is in.
    pub fn fair_part(&mut self, seat: u8, deal: u32, random: Random) -> Option<Words> {
        let part = self.shared.borrow_mut().links.fair_part(seat, deal, random);
        part.unwrap_or_else(|line| {
            web_sys::console::warn_1(&line.as_str().into());
            None
        })
    }

    /// The wait for deal `deal`'s randomness is over: the deck's words.
    pub fn fair_timeout(&mut self, deal: u32) -> Option<Words> {
        self.shared.borrow_mut().links.fair_timeout(deal)
    }

    /// `seat`'s guest is gone: the deck's words if it was the last awaited.
    pub fn fair_lost(&mut self, seat: u8) -> Option<Words> {
        self.shared.borrow_mut().links.fair_lost(seat)
    }

    /// A new game: no fair deal in hand.
    pub fn fair_forget(&mut self) {
        self.shared.borrow_mut().links.fair_forget();
    }

    pub fn statuses(&self) -> Vec<SeatStatus> {
        let shared = self.shared.borrow();
        let links = &shared.links.links;
        links
            .iter()
            .flatten()
            .map(|l| SeatStatus {
                seat: l.seat,
                state: l.state.clone(),
                name: l.name.clone(),
                code: l.code,
                new_device: l.new_device && l.greeted,
            })
            .collect()
    }
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
