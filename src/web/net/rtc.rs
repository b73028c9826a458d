//! The WebRTC glue: one peer connection with one data channel, described
//! by the few values of `net::sdp::Connection` (what an invite or a reply
//! carries) rather than by an SDP. The host makes an offer ([`Peer::offer`])
//! and later accepts the guest's answer ([`Peer::accept`]); a guest answers
//! an offer ([`Peer::answer`]). Candidates are gathered in full before the
//! description is handed out (no trickle: the link is the only signal).
//!
//! Everything that happens later (the description ready, the channel open,
//! a message, the connection lost) is reported through `on`, a plain
//! callback the owner turns into an `Action` for the controller.
//!
//! A closed peer is freed: its listeners are gloo `EventListener`s it owns
//! (removed when it is dropped), and every other callback the browser holds
//! (a promise's, the gathering's polls) refers to it through a `Weak` only,
//! so nothing keeps a dropped peer or its `RTCPeerConnection` alive.

use crate::net::protocol::MAX_MESSAGE_BYTES;
use crate::net::sdp::Connection;
use crate::net::stun::Ice;
use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::{Rc, Weak};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Event, MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelEvent, RtcDataChannelInit,
    RtcDataChannelState, RtcIceGatheringState, RtcIceServer, RtcIceTransportPolicy,
    RtcPeerConnection, RtcPeerConnectionState, RtcSdpType, RtcSessionDescriptionInit,
};

/// How long candidates are gathered at most: with a STUN server a browser
/// may wait for an answer that never comes; what is gathered by then is used.
const GATHER_MS: f64 = 4000.0;
const POLL_MS: u32 = 50;

pub use crate::page::model::PeerEvent;

pub type OnEvent = Rc<dyn Fn(PeerEvent)>;

/// One connection and its data channel. Dropping it closes both and frees
/// them (the callbacks the browser may still call hold only a `Weak`).
pub struct Peer(Rc<Shared>);

/// What a peer's callbacks reach through their `Weak`.
struct Shared {
    pc: RtcPeerConnection,
    channel: RefCell<Option<RtcDataChannel>>,
    /// The connection's and the channel's listeners, removed when dropped.
    listeners: RefCell<Vec<EventListener>>,
    on: OnEvent,
}

impl Drop for Shared {
    fn drop(&mut self) {
        // The listeners go first, so that closing reports nothing.
        self.listeners.get_mut().clear();
        if let Some(c) = self.channel.get_mut().take() {
            c.close();
        }
        self.pc.close();
    }
}

/// `RTCConfiguration` for `ice`: each STUN server, each relay with its
/// user name and password, and the relay-only policy if asked for.
fn configuration(ice: &Ice) -> RtcConfiguration {
    let config = RtcConfiguration::new();
    let servers = js_sys::Array::new();
    for url in &ice.stun {
        let server = RtcIceServer::new();
        server.set_urls_str(url);
        servers.push(&server);
    }
    for relay in &ice.relays {
        let server = RtcIceServer::new();
        let urls: js_sys::Array = relay.urls.iter().map(|u| JsValue::from_str(u)).collect();
        server.set_urls(&urls);
        server.set_username(&relay.username);
        server.set_credential(&relay.credential);
        servers.push(&server);
    }
    config.set_ice_servers(&servers);
    if ice.relay_only {
        config.set_ice_transport_policy(RtcIceTransportPolicy::Relay);
    }
    config
}

fn err_text(e: &JsValue) -> String {
    e.as_string()
        .or_else(|| js_sys::Reflect::get(e, &"message".into()).ok()?.as_string())
        .unwrap_or_else(|| "WebRTC error".to_string())
}

impl Peer {
    fn new(ice: &Ice, on: OnEvent) -> Result<Peer, String> {
        let pc = RtcPeerConnection::new_with_configuration(&configuration(ice))
            .map_err(|e| err_text(&e))?;
        let shared = Rc::new(Shared {
            pc,
            channel: RefCell::new(None),
            listeners: RefCell::new(Vec::new()),
            on,
        });
        let weak = Rc::downgrade(&shared);
        listen(&shared, &shared.pc, "connectionstatechange", move |_| {
            let Some(peer) = weak.upgrade() else { return };
            if matches!(
                peer.pc.connection_state(),
                RtcPeerConnectionState::Failed
                    | RtcPeerConnectionState::Closed
                    | RtcPeerConnectionState::Disconnected
            ) {
                (peer.on)(PeerEvent::Lost);
            }
        });
        Ok(Peer(shared))
    }

    /// The host's side: a new connection with its data channel, and an
    /// offer, reported as `Described` once its candidates are gathered.
    pub fn offer(ice: &Ice, on: OnEvent) -> Result<Peer, String> {
        let peer = Peer::new(ice, on)?;
        let init = RtcDataChannelInit::new();
        init.set_ordered(true);
        let channel = peer
            .0
            .pc
            .create_data_channel_with_data_channel_dict("duck-soup", &init);
        wire_channel(&peer.0, channel);
        let weak = Rc::downgrade(&peer.0);
        then(&peer.0, peer.0.pc.create_offer(), move |offer| {
            let Some(p) = weak.upgrade() else { return };
            let _ = p.pc.set_local_description(offer.unchecked_ref());
            gather(weak.clone(), js_sys::Date::now());
        });
        Ok(peer)
    }

    /// A guest's side: takes the host's offer and answers it, reported as
    /// `Described` once its candidates are gathered.
    pub fn answer(ice: &Ice, offer: &Connection, on: OnEvent) -> Result<Peer, String> {
        let peer = Peer::new(ice, on)?;
        let weak = Rc::downgrade(&peer.0);
        listen(&peer.0, &peer.0.pc, "datachannel", move |e| {
            let (Some(p), Some(e)) = (weak.upgrade(), e.dyn_ref::<RtcDataChannelEvent>()) else {
                return;
            };
            wire_channel(&p, e.channel());
        });

        let desc = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
        desc.set_sdp(&offer.to_sdp(session_id()));
        let weak = Rc::downgrade(&peer.0);
        then(
            &peer.0,
            peer.0.pc.set_remote_description(&desc),
            move |_| {
                let Some(p) = weak.upgrade() else { return };
                let weak = weak.clone();
                then(&p, p.pc.create_answer(), move |answer| {
                    let Some(p) = weak.upgrade() else { return };
                    let _ = p.pc.set_local_description(answer.unchecked_ref());
                    gather(weak.clone(), js_sys::Date::now());
                });
            },
        );
        Ok(peer)
    }

    /// The host takes the guest's answer: the connection opens from here.
    pub fn accept(&self, answer: &Connection) {
        let desc = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
        desc.set_sdp(&answer.to_sdp(session_id()));
        then(&self.0, self.0.pc.set_remote_description(&desc), |_| {});
    }

    /// Sends a message if the channel is open (else it is dropped: the
    /// table is sent in full after every change, so nothing is lost).
    pub fn send(&self, bytes: &[u8]) -> bool {
        let why = match &*self.0.channel.borrow() {
            Some(c) if c.ready_state() == RtcDataChannelState::Open => {
                match c.send_with_u8_array(bytes) {
                    Ok(()) => return true,
                    Err(e) => err_text(&e),
                }
            }
            Some(c) if c.ready_state() != RtcDataChannelState::Connecting => {
                format!("the channel is {:?}", c.ready_state())
            }
            // Not open yet: a host's tables go out again once it opens.
            _ => return false,
        };
        // (Said on the console: a message lost here can be traced.)
        let text = format!("a message not sent: {why}");
        web_sys::console::warn_1(&text.as_str().into());
        false
    }
}

/// Listens to `event` on `target` for as long as `peer` lives.
fn listen(peer: &Shared, target: &JsValue, event: &'static str, f: impl FnMut(&Event) + 'static) {
    let listener = EventListener::new(target.unchecked_ref(), event, f);
    peer.listeners.borrow_mut().push(listener);
}

/// Runs `f` when `promise` resolves; a refusal is reported as `Failed`.
/// The browser holds both callbacks until the promise settles (then the
/// garbage collector frees them); they reach the peer through a `Weak`, so
/// a peer dropped meanwhile is freed and they do nothing.
fn then(peer: &Rc<Shared>, promise: js_sys::Promise, f: impl FnMut(JsValue) + 'static) {
    let ok = Closure::<dyn FnMut(JsValue)>::new(f);
    let weak = Rc::downgrade(peer);
    let fail = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
        if let Some(p) = weak.upgrade() {
            (p.on)(PeerEvent::Failed(err_text(&e)));
        }
    });
    let _ = promise.then2(&ok, &fail);
    let _ = (ok.into_js_value(), fail.into_js_value());
}

/// Takes the peer's one data channel (a second one, which only a hostile
/// host would open, is closed unheard).
fn wire_channel(peer: &Shared, channel: RtcDataChannel) {
    if peer.channel.borrow().is_some() {
        channel.close();
        return;
    }
    // Messages arrive as ArrayBuffers (Firefox's default would be a Blob).
    let _ = js_sys::Reflect::set(&channel, &"binaryType".into(), &"arraybuffer".into());
    let o = peer.on.clone();
    let open = EventListener::new(&channel, "open", move |_| o(PeerEvent::Open));
    let o = peer.on.clone();
    let message = EventListener::new(&channel, "message", move |e| {
        if let Some(m) = e.dyn_ref::<MessageEvent>() {
            o(message_of(&m.data()));
        }
    });
    let o = peer.on.clone();
    let close = EventListener::new(&channel, "close", move |_| o(PeerEvent::Lost));
    peer.listeners.borrow_mut().extend([open, message, close]);
    let already_open = channel.ready_state() == RtcDataChannelState::Open;
    *peer.channel.borrow_mut() = Some(channel);
    if already_open {
        (peer.on)(PeerEvent::Open);
    }
}

/// A message's bytes, its size checked before they are copied into the
/// page's memory: one over the limit is reported unread, to be counted.
fn message_of(data: &JsValue) -> PeerEvent {
    if let Some(buffer) = data.dyn_ref::<js_sys::ArrayBuffer>() {
        let size = buffer.byte_length() as usize;
        if size > MAX_MESSAGE_BYTES {
            return PeerEvent::TooLarge(size);
        }
        return PeerEvent::Message(js_sys::Uint8Array::new(buffer).to_vec());
    }
    if let Some(text) = data.dyn_ref::<js_sys::JsString>() {
        // Its UTF-16 length is at most its UTF-8 length: over the limit in
        // one is over it in the other. A text within it is passed on as its
        // UTF-8 (at most three times the limit) and refused by the reader
        // like any other bytes that are not a message.
        let size = text.length() as usize;
        if size > MAX_MESSAGE_BYTES {
            return PeerEvent::TooLarge(size);
        }
        return PeerEvent::Message(String::from(text).into_bytes());
    }
    PeerEvent::Message(Vec::new())
}

/// Waits for the candidates (polling: the gathering may be complete before
/// a listener could be set), then reports the description. Each poll holds
/// the peer by a `Weak`: a peer dropped meanwhile stops the polling.
fn gather(peer: Weak<Shared>, started: f64) {
    let Some(p) = peer.upgrade() else { return };
    let done = p.pc.ice_gathering_state() == RtcIceGatheringState::Complete;
    let late = js_sys::Date::now() - started > GATHER_MS;
    if done || late {
        if let Some(desc) = p.pc.local_description() {
            match Connection::from_sdp(&desc.sdp()) {
                Ok(c) => (p.on)(PeerEvent::Described(c)),
                Err(e) => (p.on)(PeerEvent::Failed(e.to_string())),
            }
            return;
        }
    }
    drop(p);
    Timeout::new(POLL_MS, move || gather(peer, started)).forget();
}

fn session_id() -> u64 {
    crate::web::entropy() >> 2
}
