//! The deal review in the page (the full page's: `page::review` holds
//! its state and scene). A review opens the replay viewer on the deal and
//! asks the Expert player to judge each move of the chosen seats, one move
//! a message, in a worker of its own running the computers' worker script
//! and their own build (`www/worker.js`, `src/thinker.rs`'s `judge`): the table
//! stays responsive, the strip fills move by move, and stopping the review
//! stops that worker at once. The seats' computers keep their own worker
//! (`thinker.rs`), so a review never delays a computer's move.
//!
//! Where no worker can start, each move is judged on the page's main
//! thread by that build loaded there (`web/thinker_here.rs`), one move a
//! step, as the computers then think.

use super::parts::{Holds, WithViewer};
use super::{with, Controller, Mode};
use crate::ai::judge::Judgement;
use crate::ai::question::JudgeQuestion;
use crate::engine::GameRecord;
use crate::page::judging::{JudgeEffect, JudgeMsg, Judging, Slot};
use crate::page::model::{RecordsAction, ReviewAction, Step};
use crate::page::replay::ViewerMsg;
use crate::page::review::ReviewShows;
use crate::web::records::link::ViewerOptions;
use crate::web::thinker_here;
use gloo::timers::callback::Timeout;
use std::cell::RefCell;
use std::rc::Weak;
use wasm_bindgen::prelude::*;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};

/// The review's work (`page::judging` decides it) and what carries it out:
/// each run's worker, and its step on this thread where it has none.
#[derive(Default)]
pub struct Reviewer {
    judging: Judging,
    workers: [Option<ReviewWorker>; 2],
    here: [Option<Timeout>; 2],
}

fn index(slot: Slot) -> usize {
    match slot {
        Slot::Review => 0,
        Slot::Puzzle => 1,
    }
}

/// What carrying out one of the judging's effects gave back.
enum Carried {
    Done,
    /// Tell the judging this (a worker would not take a question).
    Again(JudgeMsg),
    Judged(Slot, Judgement),
}

impl Reviewer {
    /// Carries out what the judging asks of the workers and this thread;
    /// their answers come back to the controller as messages.
    fn carry_out(
        &mut self,
        effect: JudgeEffect,
        files: &Result<super::WorkerFiles, String>,
        me: &Weak<RefCell<Controller>>,
    ) -> Carried {
        let me = me.clone();
        match effect {
            JudgeEffect::Post {
                slot,
                ticket,
                request,
            } => {
                let posted = self.workers[index(slot)].as_ref().is_some_and(|w| {
                    let message = js_sys::Array::of4(
                        &ticket.into(),
                        &js_sys::Uint8Array::from(&request[..]),
                        &0.into(),
                        &"judge".into(),
                    );
                    w.worker.post_message(&message).is_ok()
                });
                if !posted {
                    return Carried::Again(JudgeMsg::NotPosted { slot, ticket });
                }
            }
            JudgeEffect::StepHere { slot, ticket } => {
                self.here[index(slot)] = Some(Timeout::new(0, move || {
                    with(&me, move |c| c.judge(JudgeMsg::HereStep { slot, ticket }))
                }));
            }
            JudgeEffect::JudgeHere {
                slot,
                ticket,
                request,
            } => {
                // (The computers' build loaded on this thread.)
                let args = js_sys::Array::of1(&js_sys::Uint8Array::from(&request[..]));
                thinker_here::call(files, "judge", args, move |bytes| {
                    let answered = JudgeMsg::HereAnswered {
                        slot,
                        ticket,
                        bytes,
                    };
                    with(&me, move |c| c.judge(answered));
                });
            }
            JudgeEffect::StopWorker(slot) => self.workers[index(slot)] = None,
            JudgeEffect::WorkerFailed(_) => web_sys::console::warn_1(&JsValue::from_str(
                "the review's worker gave no judgement: the page judges the rest",
            )),
            JudgeEffect::Judged { slot, judgement } => return Carried::Judged(slot, judgement),
        }
        Carried::Done
    }
}

/// The review's worker and its listener (the worker stops when dropped).
struct ReviewWorker {
    worker: Worker,
    _listener: Closure<dyn FnMut(MessageEvent)>,
}

impl Drop for ReviewWorker {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.terminate();
    }
}

/// A worker judging the review's questions, its answers handed to the
/// controller; None if it cannot start (then the main thread judges).
fn start_worker(
    page: &super::Page,
    me: &Weak<RefCell<Controller>>,
    slot: Slot,
) -> Option<ReviewWorker> {
    let files = page.worker_files.as_ref().ok()?;
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let worker = Worker::new_with_options(&files.worker, &options).ok()?;
    worker.post_message(&files.start_message()?.into()).ok()?;
    let me = me.clone();
    let listener = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        // `[ticket, the judgement's bytes]`, or the text of why it could not start.
        let data = e.data();
        if thinker_here::remember_compiled(&data) {
            return;
        }
        let reply = data.dyn_ref::<js_sys::Array>().filter(|a| a.length() == 2);
        let ticket = reply.and_then(|a| a.get(0).as_f64()).map(|t| t as u32);
        let bytes = reply
            .and_then(|a| a.get(1).dyn_into::<js_sys::Uint8Array>().ok())
            .map(|b| b.to_vec());
        with(&me, move |c| {
            c.judge(JudgeMsg::WorkerAnswered {
                slot,
                ticket,
                bytes,
            })
        });
    });
    worker.set_onmessage(Some(listener.as_ref().unchecked_ref()));
    Some(ReviewWorker {
        worker,
        _listener: listener,
    })
}

impl Controller {
    /// The review's buttons: start, stop, a mark, a puzzle idea.
    pub(super) fn review_action(&mut self, action: ReviewAction) {
        match action {
            ReviewAction::Deal => self.start_review(),
            ReviewAction::Cancel => {
                self.judge(JudgeMsg::Stop(Slot::Review));
                if let Mode::Viewing(r) = &mut self.mode {
                    if let Some(review) = &mut r.review {
                        review.cancelled = true;
                    }
                }
                self.advance();
            }
            ReviewAction::Open(index) => {
                self.viewer_update(ViewerMsg::ShowReviewed(index));
                self.advance();
            }
            ReviewAction::Idea(index) => {
                self.viewer_update(ViewerMsg::ShowReviewed(index));
                self.advance();
                // The author's tool at that position: its puzzle box asks the move.
                self.records(RecordsAction::Open);
            }
            ReviewAction::PlayFromHere => self.practise(true),
        }
    }

    /// Back in the viewer from a practice: where, said to screen readers
    /// (the panel comes back with the scene, its *Play from here* focused).
    pub(super) fn back_to_review(&mut self) {
        if let Mode::Viewing(r) = &self.mode {
            if let Some(words) = r.back_from_practice_said(self.page.lang) {
                self.said.say(words);
            }
        }
    }

    /// Reviews the deal just finished (opening it in the viewer, the
    /// moves of every seat a person plays here), or in the viewer the deal
    /// on show, from the seat it is shown from.
    fn start_review(&mut self) {
        if !self.is_viewing() {
            let humans = self.table.setup.person_seats();
            let record = GameRecord::of(&self.table.game);
            if record.deals.is_empty() {
                return;
            }
            self.view_record(record, ViewerOptions::default(), None);
            if let Mode::Viewing(r) = &mut self.mode {
                r.step(Step::Last);
                r.seat = humans.first().copied().unwrap_or(0);
            }
            self.review_deal_on_show(if humans.is_empty() { vec![0] } else { humans });
        } else if let Mode::Viewing(r) = &self.mode {
            let seat = r.seat;
            self.review_deal_on_show(vec![seat]);
        }
        self.advance();
    }

    /// Starts the review of the viewer's deal on show, judging `seats`.
    pub(super) fn review_deal_on_show(&mut self, seats: Vec<u8>) {
        let playouts = self.players.expert_playouts;
        let Mode::Viewing(r) = &mut self.mode else {
            return;
        };
        if let Some(queue) = r.review_questions(seats, playouts) {
            self.start_run(Slot::Review, queue);
        }
    }

    /// Starts judging `queue` for `slot` (whatever it was judging stops).
    fn start_run(&mut self, slot: Slot, queue: Vec<JudgeQuestion>) {
        let worker = start_worker(&self.page, &self.me, slot);
        let in_worker = worker.is_some();
        // (Made when first needed, and only where the build holds one.)
        if self.players.reviewer.is_none() {
            self.players.reviewer = WithViewer::hold(Reviewer::default());
        }
        if let Some(reviewer) = self.players.reviewer.as_deref_mut() {
            reviewer.workers[index(slot)] = worker;
        }
        self.judge(JudgeMsg::Start {
            slot,
            queue,
            in_worker,
        });
    }

    /// Judges a puzzle's answer (`replay.rs`): every move's value there;
    /// the judgement comes to `puzzle_valued`.
    pub(super) fn judge_puzzle(&mut self, question: JudgeQuestion) {
        self.start_run(Slot::Puzzle, vec![question]);
    }

    /// The judging's update with `msg`: its effects carried out, a move
    /// judged taken into the review or the puzzle.
    fn judge(&mut self, msg: JudgeMsg) {
        let mut messages = vec![msg];
        while let Some(msg) = messages.pop() {
            let Some(reviewer) = self.players.reviewer.as_deref_mut() else {
                return;
            };
            let mut judged = Vec::new();
            for effect in reviewer.judging.update(msg) {
                match reviewer.carry_out(effect, &self.page.worker_files, &self.me) {
                    Carried::Done => {}
                    Carried::Again(msg) => messages.push(msg),
                    Carried::Judged(slot, judgement) => judged.push((slot, judgement)),
                }
            }
            for (slot, judgement) in judged {
                match slot {
                    Slot::Puzzle => self.puzzle_valued(judgement),
                    Slot::Review => {
                        // (A review goes on while a position of it is practised.)
                        if let Some(review) =
                            self.mode.reviewed_mut().and_then(|r| r.review.as_mut())
                        {
                            review.judged.push(judgement);
                        }
                        // (The review's panel comes with the scene.)
                        self.render();
                    }
                }
            }
        }
    }

    /// Stops the review's and the puzzle's work (leaving the viewer, another record).
    pub(super) fn stop_review(&mut self) {
        self.players.reviewer = None;
    }

    /// The review's panel (the scene carries it: `page::modes`).
    pub(super) fn review_panel(&self) -> ReviewShows {
        self.mode.review_panel(self.page.lang, self.page.embedded)
    }
}
