//! The deal review's judging and a puzzle's, as plain Rust: which move is
//! asked next, where it is judged (the run's worker, or this thread once no
//! worker answers), which answer is taken and which is stale. The page
//! carries out its effects: it posts a question to a worker, judges one on
//! its own thread in a step of its own, stops a worker, and takes the
//! judgements (`web::controller::judging`).
//!
//! A review and a puzzle's answer each have a run of their own ([`Slot`]),
//! so a puzzle judged while a review fills its strip waits for neither.

use crate::ai::judge::Judgement;
use crate::ai::question::{read_judgement, JudgeQuestion};

/// Which of the two runs a message is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    Review,
    Puzzle,
}

/// The review's and the puzzle's runs.
#[derive(Default)]
pub struct Judging {
    review: Option<Run>,
    puzzle: Option<Run>,
}

/// One run: the moves still to judge, the one asked first.
struct Run {
    queue: Vec<JudgeQuestion>,
    /// Counts the questions asked: an answer to another is stale.
    ticket: u32,
    /// Its questions go to its worker; once the worker failed, or where
    /// none started, this thread judges them.
    in_worker: bool,
}

/// What the page is told about a run.
#[derive(Debug)]
pub enum JudgeMsg {
    /// Judge `queue`, in the run's own worker if `in_worker` (one started
    /// for it); whatever the slot was judging stops.
    Start {
        slot: Slot,
        queue: Vec<JudgeQuestion>,
        in_worker: bool,
    },
    /// The worker would not take question `ticket`.
    NotPosted { slot: Slot, ticket: u32 },
    /// The worker's answer: to `ticket` (none if it could not say which),
    /// with the judgement's bytes (none if it failed).
    WorkerAnswered {
        slot: Slot,
        ticket: Option<u32>,
        bytes: Option<Vec<u8>>,
    },
    /// This thread's step for question `ticket` came.
    HereStep { slot: Slot, ticket: u32 },
    /// This thread's judgement of `ticket` (none if it failed).
    HereAnswered {
        slot: Slot,
        ticket: u32,
        bytes: Option<Vec<u8>>,
    },
    /// Stop the run of `slot`.
    Stop(Slot),
}

/// What the page carries out, in order.
#[derive(Debug, PartialEq)]
pub enum JudgeEffect {
    /// Post question `ticket`'s request to the worker of `slot` (if it will
    /// not take it: [`JudgeMsg::NotPosted`]).
    Post {
        slot: Slot,
        ticket: u32,
        request: Vec<u8>,
    },
    /// Judge question `ticket` on this thread in a step of its own: a step
    /// soon ([`JudgeMsg::HereStep`]), where the request is made.
    StepHere { slot: Slot, ticket: u32 },
    /// Judge `request` on this thread now ([`JudgeMsg::HereAnswered`]).
    JudgeHere {
        slot: Slot,
        ticket: u32,
        request: Vec<u8>,
    },
    /// The worker of `slot` stops (the run is over, or it failed).
    StopWorker(Slot),
    /// The worker gave no judgement: the page judges the rest (said once).
    WorkerFailed(Slot),
    /// A move judged: the review's next mark, or the puzzle's verdict.
    Judged { slot: Slot, judgement: Judgement },
}

impl Judging {
    fn run_mut(&mut self, slot: Slot) -> &mut Option<Run> {
        match slot {
            Slot::Review => &mut self.review,
            Slot::Puzzle => &mut self.puzzle,
        }
    }

    pub fn update(&mut self, msg: JudgeMsg) -> Vec<JudgeEffect> {
        let mut effects = Vec::new();
        match msg {
            JudgeMsg::Start {
                slot,
                queue,
                in_worker,
            } => {
                *self.run_mut(slot) = Some(Run {
                    queue,
                    ticket: 0,
                    in_worker,
                });
                self.ask_next(slot, &mut effects);
            }
            JudgeMsg::NotPosted { slot, ticket } => {
                if let Some(run) = self.current(slot, Some(ticket)) {
                    run.in_worker = false;
                    effects.push(JudgeEffect::StopWorker(slot));
                    effects.push(JudgeEffect::StepHere { slot, ticket });
                }
            }
            JudgeMsg::WorkerAnswered {
                slot,
                ticket,
                bytes,
            } => {
                let Some(run) = self.current(slot, ticket) else {
                    return effects;
                };
                match run.judgement(bytes.as_deref()) {
                    Some(judgement) => self.judged(slot, judgement, &mut effects),
                    None => {
                        if std::mem::take(&mut run.in_worker) {
                            effects.push(JudgeEffect::StopWorker(slot));
                            effects.push(JudgeEffect::WorkerFailed(slot));
                        }
                        self.ask_next(slot, &mut effects);
                    }
                }
            }
            JudgeMsg::HereStep { slot, ticket } => {
                if let Some(run) = self.current(slot, Some(ticket)) {
                    let request = run.queue[0].request();
                    effects.push(JudgeEffect::JudgeHere {
                        slot,
                        ticket,
                        request,
                    });
                }
            }
            JudgeMsg::HereAnswered {
                slot,
                ticket,
                bytes,
            } => {
                let Some(run) = self.current(slot, Some(ticket)) else {
                    return effects;
                };
                match run.judgement(bytes.as_deref()) {
                    Some(judgement) => self.judged(slot, judgement, &mut effects),
                    // This thread failed (the question refused, or no
                    // computers' build): asking again would fail again.
                    None => self.stop(slot, &mut effects),
                }
            }
            JudgeMsg::Stop(slot) => self.stop(slot, &mut effects),
        }
        effects
    }

    /// The run of `slot` if it is waiting for the answer to `ticket` (any
    /// answer where the worker could not say which question it answers).
    fn current(&mut self, slot: Slot, ticket: Option<u32>) -> Option<&mut Run> {
        self.run_mut(slot)
            .as_mut()
            .filter(|run| !run.queue.is_empty() && ticket.is_none_or(|t| t == run.ticket))
    }

    /// Asks the next question of `slot` (none left: the run is over).
    fn ask_next(&mut self, slot: Slot, effects: &mut Vec<JudgeEffect>) {
        let Some(run) = self.run_mut(slot).as_mut() else {
            return;
        };
        let Some(question) = run.queue.first() else {
            return self.stop(slot, effects);
        };
        run.ticket += 1;
        let ticket = run.ticket;
        effects.push(if run.in_worker {
            JudgeEffect::Post {
                slot,
                ticket,
                request: question.request(),
            }
        } else {
            JudgeEffect::StepHere { slot, ticket }
        });
    }

    fn judged(&mut self, slot: Slot, judgement: Judgement, effects: &mut Vec<JudgeEffect>) {
        if let Some(run) = self.run_mut(slot).as_mut() {
            run.queue.remove(0);
        }
        effects.push(JudgeEffect::Judged { slot, judgement });
        match slot {
            // A puzzle's answer is one question.
            Slot::Puzzle => self.stop(slot, effects),
            Slot::Review => self.ask_next(slot, effects),
        }
    }

    fn stop(&mut self, slot: Slot, effects: &mut Vec<JudgeEffect>) {
        if self.run_mut(slot).take().is_some() {
            effects.push(JudgeEffect::StopWorker(slot));
        }
    }
}

impl Run {
    /// The judgement of the question asked, read from an answer's bytes.
    fn judgement(&self, bytes: Option<&[u8]>) -> Option<Judgement> {
        self.queue
            .first()
            .zip(bytes)
            .and_then(|(q, b)| read_judgement(q, b))
    }
}
