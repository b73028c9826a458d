//! A reply link opened on the host's device, in a new tab: that tab hands
//! it to the open table over a `BroadcastChannel` (same origin, no server)
//! and shows what the table answered. The table listens while it is open.

use super::NetEvent;
use crate::web::model::{Action, Dispatch};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{BroadcastChannel, MessageEvent};

const CHANNEL: &str = "duck-soup-replies";

/// The table's end of the channel (its owner keeps it while the table is open).
pub struct Listener(
    BroadcastChannel,
    #[allow(dead_code)] Closure<dyn FnMut(JsValue)>,
);

/// The table listens for replies handed over by other tabs.
pub fn listen(dispatch: Dispatch) -> Option<Listener> {
    let channel = BroadcastChannel::new(CHANNEL).ok()?;
    let c = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
        let text = e
            .dyn_ref::<MessageEvent>()
            .and_then(|m| m.data().as_string())
            .unwrap_or_default();
        // Only replies: the table's own answers (`ok:`/`no:`) go the other way.
        if let Some(reply) = text.strip_prefix("reply:") {
            if reply.len() <= 2048 {
                dispatch(Action::Net(NetEvent::Reply(reply.to_string())));
            }
        }
    });
    channel.set_onmessage(Some(c.as_ref().unchecked_ref()));
    Some(Listener(channel, c))
}

impl Listener {
    /// The table's answer to the tab that handed a reply over.
    pub fn answer(&self, ok: bool, text: &str) {
        let tag = if ok { "ok:" } else { "no:" };
        let _ = self
            .0
            .post_message(&JsValue::from_str(&format!("{tag}{text}")));
    }
}

/// The reply tab: hands `reply` over and calls `done` with the table's
/// answer (`Some((taken, words))`), or with None if no table answered.
pub fn hand_over(reply: &str, done: impl Fn(Option<(bool, String)>) + 'static) {
    let Ok(channel) = BroadcastChannel::new(CHANNEL) else {
        return done(None);
    };
    let done = std::rc::Rc::new(done);
    let answered = std::rc::Rc::new(std::cell::Cell::new(false));
    let (d, a) = (done.clone(), answered.clone());
    let c = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
        let text = e
            .dyn_ref::<MessageEvent>()
            .and_then(|m| m.data().as_string())
            .unwrap_or_default();
        let answer = if let Some(t) = text.strip_prefix("ok:") {
            (true, t.to_string())
        } else if let Some(t) = text.strip_prefix("no:") {
            (false, t.to_string())
        } else {
            return;
        };
        a.set(true);
        d(Some(answer));
    });
    channel.set_onmessage(Some(c.as_ref().unchecked_ref()));
    c.forget();
    let _ = channel.post_message(&JsValue::from_str(&format!("reply:{reply}")));
    gloo::timers::callback::Timeout::new(2500, move || {
        if !answered.get() {
            done(None);
        }
        let _ = &channel;
    })
    .forget();
}
