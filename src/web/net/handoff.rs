//! A reply link opened on the host's device, in a new tab: that tab hands
//! it to the open table over a `BroadcastChannel` (same origin, no server)
//! and shows what the table answered. The table listens only while one of
//! its seats waits for a reply, and takes a few replies a second at most:
//! any page of the same origin may post on the channel.

use super::NetEvent;
use crate::net::protocol::Flood;
use crate::page::model::{Action, Dispatch};
use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{BroadcastChannel, Event, MessageEvent};

const CHANNEL: &str = "duck-soup-replies";
const REPLY: &str = "reply:";
/// The longest reply taken (a reply link's fragment is under 300 characters).
const MAX_REPLY: usize = 2048;
/// Replies taken at once, then each second: each costs the table a redraw
/// of its invite dialog.
const REPLY_BURST: u32 = 3;
const REPLIES_PER_SECOND: u32 = 2;
/// How long the reply tab waits for a table's answer.
const ANSWER_MS: u32 = 2500;

/// The table's end of the channel. Dropping it closes the channel and
/// removes its listener.
pub struct Listener {
    channel: BroadcastChannel,
    _message: EventListener,
}

impl Drop for Listener {
    fn drop(&mut self) {
        self.channel.close();
    }
}

/// The text of a message on the channel, if it is text of at most `max`
/// characters (its length is checked before it is copied).
fn text_of(e: &Event, max: usize) -> Option<String> {
    let data = e.dyn_ref::<MessageEvent>()?.data();
    let text = data.dyn_ref::<js_sys::JsString>()?;
    (text.length() as usize <= max).then(|| String::from(text))
}

/// The table listens for replies handed over by other tabs (while the
/// `Listener` lives).
pub fn listen(dispatch: Dispatch) -> Option<Listener> {
    let channel = BroadcastChannel::new(CHANNEL).ok()?;
    let mut flood = Flood::new(REPLY_BURST, REPLIES_PER_SECOND);
    let message = EventListener::new(&channel, "message", move |e| {
        let Some(text) = text_of(e, REPLY.len() + MAX_REPLY) else {
            return;
        };
        // Only replies: the tables' own answers (`ok:`/`no:`) go the other way.
        let Some(reply) = text.strip_prefix(REPLY) else {
            return;
        };
        if flood.admit(js_sys::Date::now()).is_ok() {
            dispatch(Action::Net(Box::new(NetEvent::Reply(reply.to_string()))));
        }
    });
    Some(Listener {
        channel,
        _message: message,
    })
}

impl Listener {
    /// The table's answer to the tab that handed a reply over.
    pub fn answer(&self, ok: bool, text: &str) {
        let tag = if ok { "ok:" } else { "no:" };
        let _ = self
            .channel
            .post_message(&JsValue::from_str(&format!("{tag}{text}")));
    }
}

/// The reply tab: hands `reply` over and calls `done` once, with the
/// table's answer (`Some((taken, words))`), or with None if no table
/// answered in time. The channel and its listener are closed then.
pub fn hand_over(reply: &str, done: impl Fn(Option<(bool, String)>) + 'static) {
    let Ok(channel) = BroadcastChannel::new(CHANNEL) else {
        return done(None);
    };
    let done = Rc::new(done);
    let answered = Rc::new(Cell::new(false));
    let (d, a) = (done.clone(), answered.clone());
    let listener = EventListener::new(&channel, "message", move |e| {
        let Some(text) = text_of(e, MAX_REPLY) else {
            return;
        };
        let answer = if let Some(t) = text.strip_prefix("ok:") {
            (true, t.to_string())
        } else if let Some(t) = text.strip_prefix("no:") {
            (false, t.to_string())
        } else {
            return;
        };
        if !a.replace(true) {
            d(Some(answer));
        }
    });
    let _ = channel.post_message(&JsValue::from_str(&format!("{REPLY}{reply}")));
    Timeout::new(ANSWER_MS, move || {
        drop(listener);
        channel.close();
        if !answered.replace(true) {
            done(None);
        }
    })
    .forget();
}
