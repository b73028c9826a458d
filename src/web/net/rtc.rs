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

use crate::net::sdp::Connection;
use crate::net::stun::Ice;
use gloo::timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelEvent, RtcDataChannelInit,
    RtcDataChannelState, RtcIceGatheringState, RtcIceServer, RtcIceTransportPolicy,
    RtcPeerConnection, RtcPeerConnectionState, RtcSdpType, RtcSessionDescriptionInit,
};

/// How long candidates are gathered at most: with a STUN server a browser
/// may wait for an answer that never comes; what is gathered by then is used.
const GATHER_MS: f64 = 4000.0;
const POLL_MS: u32 = 50;

pub use crate::web::model::PeerEvent;

pub type OnEvent = Rc<dyn Fn(PeerEvent)>;

/// One connection and its data channel. Dropping it closes both.
pub struct Peer {
    pc: RtcPeerConnection,
    channel: Rc<RefCell<Option<RtcDataChannel>>>,
    /// The callbacks the browser holds: kept for as long as the peer lives.
    _keep: Rc<RefCell<Vec<Closure<dyn FnMut(JsValue)>>>>,
    on: OnEvent,
}

impl Drop for Peer {
    fn drop(&mut self) {
        if let Some(c) = self.channel.borrow_mut().take() {
            c.set_onopen(None);
            c.set_onmessage(None);
            c.set_onclose(None);
            c.close();
        }
        self.pc.set_ondatachannel(None);
        self.pc.set_onconnectionstatechange(None);
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
        let peer = Peer {
            pc,
            channel: Rc::new(RefCell::new(None)),
            _keep: Rc::new(RefCell::new(Vec::new())),
            on,
        };
        let (pc, on) = (peer.pc.clone(), peer.on.clone());
        peer.keep(&peer.pc, "connectionstatechange", move |_| {
            if matches!(
                pc.connection_state(),
                RtcPeerConnectionState::Failed
                    | RtcPeerConnectionState::Closed
                    | RtcPeerConnectionState::Disconnected
            ) {
                on(PeerEvent::Lost);
            }
        });
        Ok(peer)
    }

    fn keep(&self, target: &JsValue, event: &str, f: impl FnMut(JsValue) + 'static) {
        let c = Closure::<dyn FnMut(JsValue)>::new(f);
        let _ = js_sys::Reflect::set(target, &format!("on{event}").into(), c.as_ref());
        self._keep.borrow_mut().push(c);
    }

    /// The host's side: a new connection with its data channel, and an
    /// offer, reported as `Described` once its candidates are gathered.
    pub fn offer(ice: &Ice, on: OnEvent) -> Result<Peer, String> {
        let peer = Peer::new(ice, on)?;
        let init = RtcDataChannelInit::new();
        init.set_ordered(true);
        let channel = peer
            .pc
            .create_data_channel_with_data_channel_dict("duck-soup", &init);
        peer.wire(channel);
        let pc = peer.pc.clone();
        let on = peer.on.clone();
        peer.then(peer.pc.create_offer(), move |offer| {
            let offer: RtcSessionDescriptionInit = offer.unchecked_into();
            let _ = pc.set_local_description(&offer);
            gather(pc.clone(), on.clone(), js_sys::Date::now());
        });
        Ok(peer)
    }

    /// A guest's side: takes the host's offer and answers it, reported as
    /// `Described` once its candidates are gathered.
    pub fn answer(ice: &Ice, offer: &Connection, on: OnEvent) -> Result<Peer, String> {
        let peer = Peer::new(ice, on)?;
        let channel = peer.channel.clone();
        let keep = peer._keep.clone();
        let on = peer.on.clone();
        let weak_keep = Rc::downgrade(&keep);
        let c = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
            let Some(e) = e.dyn_ref::<RtcDataChannelEvent>() else {
                return;
            };
            if let Some(keep) = weak_keep.upgrade() {
                wire_channel(&channel, &keep, &on, e.channel());
            }
        });
        peer.pc.set_ondatachannel(Some(c.as_ref().unchecked_ref()));
        keep.borrow_mut().push(c);

        let desc = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
        desc.set_sdp(&offer.to_sdp(session_id()));
        let pc = peer.pc.clone();
        let on = peer.on.clone();
        let keep2 = peer._keep.clone();
        peer.then(peer.pc.set_remote_description(&desc), move |_| {
            let pc2 = pc.clone();
            let on2 = on.clone();
            let c = Closure::<dyn FnMut(JsValue)>::new(move |answer: JsValue| {
                let answer: RtcSessionDescriptionInit = answer.unchecked_into();
                let _ = pc2.set_local_description(&answer);
                gather(pc2.clone(), on2.clone(), js_sys::Date::now());
            });
            let fail = failure(on.clone());
            let _ = pc.create_answer().then2(&c, &fail);
            keep2.borrow_mut().push(c);
            keep2.borrow_mut().push(fail);
        });
        Ok(peer)
    }

    /// The host takes the guest's answer: the connection opens from here.
    pub fn accept(&self, answer: &Connection) {
        let desc = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
        desc.set_sdp(&answer.to_sdp(session_id()));
        self.then(self.pc.set_remote_description(&desc), |_| {});
    }

    /// Sends a message if the channel is open (else it is dropped: the
    /// table is sent in full after every change, so nothing is lost).
    pub fn send(&self, bytes: &[u8]) -> bool {
        match &*self.channel.borrow() {
            Some(c) if c.ready_state() == RtcDataChannelState::Open => {
                c.send_with_u8_array(bytes).is_ok()
            }
            _ => false,
        }
    }

    fn wire(&self, channel: RtcDataChannel) {
        wire_channel(&self.channel, &self._keep, &self.on, channel);
    }

    /// Runs `f` when `promise` resolves; a refusal is reported as `Failed`.
    fn then(&self, promise: js_sys::Promise, f: impl FnMut(JsValue) + 'static) {
        let ok = Closure::<dyn FnMut(JsValue)>::new(f);
        let fail = failure(self.on.clone());
        let _ = promise.then2(&ok, &fail);
        let mut keep = self._keep.borrow_mut();
        keep.push(ok);
        keep.push(fail);
    }
}

fn failure(on: OnEvent) -> Closure<dyn FnMut(JsValue)> {
    Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| on(PeerEvent::Failed(err_text(&e))))
}

fn wire_channel(
    slot: &Rc<RefCell<Option<RtcDataChannel>>>,
    keep: &Rc<RefCell<Vec<Closure<dyn FnMut(JsValue)>>>>,
    on: &OnEvent,
    channel: RtcDataChannel,
) {
    let mut keep = keep.borrow_mut();
    // Messages arrive as ArrayBuffers (Firefox's default would be a Blob).
    let _ = js_sys::Reflect::set(&channel, &"binaryType".into(), &"arraybuffer".into());
    let o = on.clone();
    let open = Closure::<dyn FnMut(JsValue)>::new(move |_| o(PeerEvent::Open));
    let o = on.clone();
    let message = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
        // Binary (an ArrayBuffer); a text message is passed on as its bytes
        // and refused by the reader like any other that is not ours.
        let bytes = match e.dyn_ref::<MessageEvent>().map(|m| m.data()) {
            Some(d) if d.is_string() => d.as_string().unwrap_or_default().into_bytes(),
            Some(d) if d.is_instance_of::<js_sys::ArrayBuffer>() => {
                js_sys::Uint8Array::new(&d).to_vec()
            }
            _ => Vec::new(),
        };
        o(PeerEvent::Message(bytes));
    });
    let o = on.clone();
    let close = Closure::<dyn FnMut(JsValue)>::new(move |_| o(PeerEvent::Lost));
    channel.set_onopen(Some(open.as_ref().unchecked_ref()));
    channel.set_onmessage(Some(message.as_ref().unchecked_ref()));
    channel.set_onclose(Some(close.as_ref().unchecked_ref()));
    keep.extend([open, message, close]);
    let already_open = channel.ready_state() == RtcDataChannelState::Open;
    *slot.borrow_mut() = Some(channel);
    if already_open {
        on(PeerEvent::Open);
    }
}

/// Waits for the candidates (polling: the gathering may be complete before
/// a listener could be set), then reports the description.
fn gather(pc: RtcPeerConnection, on: OnEvent, started: f64) {
    let done = pc.ice_gathering_state() == RtcIceGatheringState::Complete;
    let late = js_sys::Date::now() - started > GATHER_MS;
    if done || late {
        if let Some(desc) = pc.local_description() {
            match Connection::from_sdp(&desc.sdp()) {
                Ok(c) => on(PeerEvent::Described(c)),
                Err(e) => on(PeerEvent::Failed(e.to_string())),
            }
            return;
        }
    }
    Timeout::new(POLL_MS, move || gather(pc, on, started)).forget();
}

fn session_id() -> u64 {
    crate::web::entropy() >> 2
}
