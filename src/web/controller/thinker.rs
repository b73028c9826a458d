//! Where the computer players think: a module Web Worker (`www/worker.js`)
//! running the computers' own build of this crate (`src/thinker.rs`, the
//! loader's `data-thinker-js` and `data-thinker-wasm`), so that no search
//! ever blocks a click or a frame, and the page's own wasm carries no
//! search. The worker starts with the page, so that its files are fetched
//! and compiled while the first table shows.
//!
//! Besides a computer's decision, the worker is asked whether a deal's
//! scores are settled (`ai::question::SettledQuestion`), where the page's
//! own search could not tell within its few milliseconds: one such
//! question at a time, a newer one replacing it, and lost with the worker
//! if that is stopped (the position it asked about has changed by then).
//! Never on the main thread, which such a search would block.
//!
//! Questions are answered in the order asked, one at a time. Cancelling one
//! the worker may be searching stops the worker (`terminate`) and starts a
//! fresh one for the questions still waiting, so a moot search never delays
//! the next. Where no worker can start (an old browser without module
//! workers, a worker that fails to load) or none is wanted (`?worker=0`),
//! each question is answered on the page's main thread instead, by the same
//! build loaded there (`web/thinker_here.rs`): the game goes on, and only the
//! page's smoothness suffers.

use crate::ai::question::{
    read_move, read_settled, soup_begins_request, Question, SettledQuestion,
};
use crate::ai::SeatView;
use crate::engine::Move;
use crate::web::thinker_here;
pub use crate::web::thinker_here::WorkerFiles;
use gloo::timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::{Rc, Weak};
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};

/// The page's thinker: cheap to clone, one worker for every seat and the hint.
#[derive(Clone)]
pub struct Thinker(Rc<RefCell<Inner>>);

struct Inner {
    worker: Option<Running>,
    /// The computers' build and its worker's files, or why there are none.
    files: Result<WorkerFiles, String>,
    /// No worker could start: answer on the main thread from now on.
    unavailable: bool,
    last_ticket: u32,
    /// Questions asked and not yet answered, oldest first.
    waiting: Vec<Waiting>,
    /// The question whether a deal's scores are settled, sent to the
    /// worker and not yet answered: its ticket, and who gets the answer.
    settling: Option<(u32, SettledAnswer)>,
}

/// Who gets the worker's answer whether a deal's scores are settled.
type SettledAnswer = Box<dyn FnOnce(bool)>;

struct Running {
    worker: Worker,
    /// Its listeners, kept alive as long as the worker.
    listeners: Option<Listeners>,
}

type Listeners = (
    Closure<dyn FnMut(MessageEvent)>,
    Closure<dyn FnMut(JsValue)>,
);

impl Drop for Running {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
        // A worker may be stopped from inside its own listener (a reply that
        // ends a turn): its closures are freed once that call is over.
        if let Some(listeners) = self.listeners.take() {
            Timeout::new(0, move || drop(listeners)).forget();
        }
    }
}

struct Waiting {
    ticket: u32,
    question: Question,
    answer: Box<dyn FnOnce(Move)>,
    /// Sent to the worker (else waiting for it to start, or for the main thread).
    posted: bool,
    /// Main thread only: the step that answers it.
    here: Option<Timeout>,
}

impl Thinker {
    /// A thinker, its worker starting at once (so that it is ready, its
    /// files fetched while the page loads, by the first computer turn);
    /// without a worker (`in_worker` false: `?worker=0`), one that thinks
    /// on the main thread.
    pub fn new(files: Result<WorkerFiles, String>, in_worker: bool) -> Thinker {
        let thinker = Thinker(Rc::new(RefCell::new(Inner {
            worker: None,
            files,
            unavailable: !in_worker,
            last_ticket: 0,
            waiting: Vec::new(),
            settling: None,
        })));
        thinker.ensure_worker();
        thinker
    }

    /// Asks `question`; `answer` gets the move later (never during this
    /// call), unless the returned ticket is cancelled first.
    pub fn ask(&self, question: Question, answer: impl FnOnce(Move) + 'static) -> u32 {
        let ticket = {
            let mut inner = self.0.borrow_mut();
            inner.last_ticket = inner.last_ticket.wrapping_add(1).max(1);
            let ticket = inner.last_ticket;
            inner.waiting.push(Waiting {
                ticket,
                question,
                answer: Box::new(answer),
                posted: false,
                here: None,
            });
            ticket
        };
        self.ensure_worker();
        self.dispatch();
        ticket
    }

    /// Drops the question `ticket`: its answer never comes. A search in
    /// flight for it is stopped with the worker, which starts afresh.
    pub fn cancel(&self, ticket: u32) {
        let mut inner = self.0.borrow_mut();
        let Some(i) = inner.waiting.iter().position(|w| w.ticket == ticket) else {
            return;
        };
        let gone = inner.waiting.remove(i);
        if gone.posted && inner.worker.is_some() {
            inner.worker = None;
            inner.settling = None;
            for w in &mut inner.waiting {
                w.posted = false;
            }
            drop(inner);
            drop(gone);
            self.ensure_worker();
            self.dispatch();
        }
    }

    /// Tells the worker that the two-player Soup course begins, as `view`
    /// (the Expert seat's) shows it, so that it solves the course ahead
    /// from now on (`www/worker.js`). Nothing where the computers think on
    /// the page: solving ahead there would block it.
    pub fn soup_begins(&self, view: &SeatView) {
        self.ensure_worker();
        let inner = self.0.borrow();
        let Some(running) = &inner.worker else {
            return;
        };
        let message = js_sys::Array::of4(
            &0.into(),
            &js_sys::Uint8Array::from(&soup_begins_request(view)[..]),
            &0.into(),
            &"soup".into(),
        );
        if running.worker.post_message(&message).is_err() {
            warn("the Soup course could not be sent to the worker");
        }
    }

    /// Asks the worker whether the scores of `question`'s deal are
    /// settled; `answer` gets it later, if the worker could tell. Nothing
    /// where the computers think on the page.
    pub fn settled(&self, question: &SettledQuestion, answer: impl FnOnce(bool) + 'static) {
        self.ensure_worker();
        let mut inner = self.0.borrow_mut();
        inner.last_ticket = inner.last_ticket.wrapping_add(1).max(1);
        let ticket = inner.last_ticket;
        let Some(running) = &inner.worker else {
            return;
        };
        let message = js_sys::Array::of4(
            &ticket.into(),
            &js_sys::Uint8Array::from(&question.request()[..]),
            &0.into(),
            &"settled".into(),
        );
        if running.worker.post_message(&message).is_ok() {
            inner.settling = Some((ticket, Box::new(answer)));
        }
    }

    /// Starts the worker if none runs and one may.
    fn ensure_worker(&self) {
        let mut inner = self.0.borrow_mut();
        if inner.worker.is_some() || inner.unavailable {
            return;
        }
        let started = match &inner.files {
            Ok(files) => start_worker(files, Rc::downgrade(&self.0)),
            Err(why) => Err(why.clone()),
        };
        match started {
            Ok(running) => inner.worker = Some(running),
            Err(why) => {
                warn(&format!(
                    "the computer players think on the page (no worker: {why})"
                ));
                inner.unavailable = true;
            }
        }
    }

    /// Sends every waiting question to the worker, or schedules it here.
    fn dispatch(&self) {
        let mut inner = self.0.borrow_mut();
        let inner = &mut *inner;
        if let Some(running) = &inner.worker {
            for w in inner
                .waiting
                .iter_mut()
                .filter(|w| !w.posted && w.here.is_none())
            {
                let message = js_sys::Array::of3(
                    &w.ticket.into(),
                    &js_sys::Uint8Array::from(&w.question.request()[..]),
                    &w.question.deadline.unwrap_or(0.0).into(),
                );
                match running.worker.post_message(&message) {
                    Ok(()) => w.posted = true,
                    Err(_) => warn("a question could not be sent to the worker"),
                }
            }
        }
        let weak = Rc::downgrade(&self.0);
        for w in inner.waiting.iter_mut() {
            if !w.posted && w.here.is_none() && (inner.unavailable || inner.worker.is_none()) {
                let (weak, ticket) = (weak.clone(), w.ticket);
                w.here = Some(Timeout::new(0, move || answer_here(&weak, ticket)));
            }
        }
    }
}

/// Answers `ticket` on the main thread (no worker), with the whole budget:
/// stopping at a deadline would only block the page for longer. A question
/// cancelled meanwhile is never answered.
fn answer_here(inner: &Weak<RefCell<Inner>>, ticket: u32) {
    let Some(rc) = inner.upgrade() else { return };
    let (request, files) = {
        let inner = rc.borrow();
        let Some(w) = inner.waiting.iter().find(|w| w.ticket == ticket) else {
            return;
        };
        (w.question.request(), inner.files.clone())
    };
    let args = js_sys::Array::of2(&js_sys::Uint8Array::from(&request[..]), &0.into());
    let weak = inner.clone();
    thinker_here::call(&files, "think", args, move |bytes| {
        let Some(rc) = weak.upgrade() else { return };
        let taken = {
            let mut inner = rc.borrow_mut();
            let i = inner.waiting.iter().position(|w| w.ticket == ticket);
            i.map(|i| inner.waiting.remove(i))
        };
        match (taken, bytes.as_deref().and_then(read_move)) {
            (Some(w), Some(mv)) => (w.answer)(mv),
            (Some(_), None) => warn("the computer players gave no move"),
            (None, _) => {}
        }
    });
}

/// The worker answered `[ticket, move]`, sent its compiled module, or sent the text of why it
/// could not start.
fn on_reply(weak: &Weak<RefCell<Inner>>, data: JsValue) {
    if thinker_here::remember_compiled(&data) {
        return;
    }
    let Some(rc) = weak.upgrade() else { return };
    let thinker = Thinker(rc);
    // `[ticket, the move's bytes]` (empty bytes: no move).
    let reply = data.dyn_ref::<js_sys::Array>().filter(|a| a.length() == 2);
    // `[ticket, one byte]`: whether a deal's scores are settled.
    let settled = reply.and_then(|a| {
        let ticket = a.get(0).as_f64().map(|t| t as u32)?;
        let bytes = a.get(1).dyn_ref::<js_sys::Uint8Array>()?.to_vec();
        let mut inner = thinker.0.borrow_mut();
        let asked = inner
            .settling
            .take_if(|(t, _)| *t == ticket && bytes.len() == 1)?;
        Some((asked.1, read_settled(&bytes)))
    });
    if let Some((answer, settled)) = settled {
        if let Some(settled) = settled {
            answer(settled);
        }
        return;
    }
    let done = {
        let mut inner = thinker.0.borrow_mut();
        let (ticket, mv) = match reply {
            Some(a) => (
                a.get(0).as_f64().map(|t| t as u32),
                a.get(1)
                    .dyn_ref::<js_sys::Uint8Array>()
                    .and_then(|m| read_move(&m.to_vec())),
            ),
            None => (None, None),
        };
        let found = inner
            .waiting
            .iter()
            .position(|w| Some(w.ticket) == ticket && w.posted);
        match (found, mv) {
            (Some(i), Some(mv)) => Some((inner.waiting.remove(i), mv)),
            (None, Some(_)) => None,
            (_, None) => {
                // The worker failed a question (its wasm may be in no state
                // to go on: the questions it had are asked again, of a new
                // worker), or could not start at all (they are answered here
                // from now on).
                let why = data.as_string();
                warn(&format!(
                    "the computer players' worker: {}",
                    why.as_deref().unwrap_or("no move")
                ));
                inner.unavailable |= why.is_some();
                inner.worker = None;
                inner.settling = None;
                for w in &mut inner.waiting {
                    w.posted = false;
                }
                if let Some(i) = found {
                    // That one is answered here, lest it fail again.
                    let (weak, ticket) = (weak.clone(), inner.waiting[i].ticket);
                    inner.waiting[i].here =
                        Some(Timeout::new(0, move || answer_here(&weak, ticket)));
                }
                None
            }
        }
    };
    match done {
        Some((w, mv)) => (w.answer)(mv),
        None => {
            thinker.ensure_worker();
            thinker.dispatch();
        }
    }
}

/// The worker could not load (a module worker unsupported, a script refused).
fn on_error(weak: &Weak<RefCell<Inner>>) {
    let Some(rc) = weak.upgrade() else { return };
    warn("the computer players' worker did not start: they think on the page");
    {
        let mut inner = rc.borrow_mut();
        inner.unavailable = true;
        inner.worker = None;
        inner.settling = None;
        for w in &mut inner.waiting {
            w.posted = false;
        }
    }
    Thinker(rc).dispatch();
}

/// The worker, handed the computers' build to load.
fn start_worker(files: &WorkerFiles, weak: Weak<RefCell<Inner>>) -> Result<Running, String> {
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let worker = Worker::new_with_options(&files.worker, &options)
        .map_err(|_| "Worker refused".to_string())?;
    let start = files.start_message().ok_or("start message")?;
    worker
        .post_message(&start)
        .map_err(|_| "the module could not be sent".to_string())?;
    let w = weak.clone();
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        on_reply(&w, e.data());
    });
    let on_error = Closure::<dyn FnMut(JsValue)>::new(move |_| on_error(&weak));
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    Ok(Running {
        worker,
        listeners: Some((on_message, on_error)),
    })
}

fn warn(text: &str) {
    web_sys::console::warn_1(&JsValue::from_str(text));
}
