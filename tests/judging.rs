//! The deal review's judging in the page (`page::judging`), natively: one
//! question at a time, in order; a stale answer dropped; a worker that
//! fails or will not take a question hands the rest to the page's own
//! thread, said once; the page's own failure stops the run; a puzzle is one
//! question; a stopped run takes no answer.
use duck_soup::ai::judge::moves_to_judge;
use duck_soup::ai::question::{answer_judge, read_judgement, JudgeQuestion};
use duck_soup::ai::tournament::play_game;
use duck_soup::ai::Level;
use duck_soup::engine::{Deal, GameKind, Roles, Rules};
use duck_soup::page::judging::{JudgeEffect, JudgeMsg, Judging, Slot};

/// The first `n` questions a review of seat 0 of a deal asks.
fn questions(n: usize) -> Vec<JudgeQuestion> {
    let game = GameKind::TwoPlayer;
    let mut rules = Rules::parlett(game);
    rules.deals = Some(1);
    let played = play_game(rules, &[Level::Normal, Level::Normal], 7, 1, &mut |_| {});
    let log = &played.log()[0];
    let start = Deal::new(rules, 0, Roles::of_game(game, 0), &log.deck).unwrap();
    let asked = moves_to_judge(&start, &log.moves, &[0]).unwrap();
    assert!(asked.len() >= n);
    asked
        .into_iter()
        .take(n)
        .map(|t| JudgeQuestion {
            view: t.view,
            history: t.history,
            played: t.played,
            playouts: 4,
            seed: 1,
        })
        .collect()
}

/// The bytes a worker answers `request` with.
fn answer(request: &[u8]) -> Vec<u8> {
    answer_judge(request).expect("a judgement")
}

fn start(judging: &mut Judging, slot: Slot, n: usize, in_worker: bool) -> Vec<JudgeEffect> {
    judging.update(JudgeMsg::Start {
        slot,
        queue: questions(n),
        in_worker,
    })
}

/// The one post among `effects`: its ticket and request.
fn posted(effects: &[JudgeEffect]) -> (u32, Vec<u8>) {
    let posts: Vec<_> = effects
        .iter()
        .filter_map(|e| match e {
            JudgeEffect::Post {
                ticket, request, ..
            } => Some((*ticket, request.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(posts.len(), 1, "one question asked at a time: {effects:?}");
    posts[0].clone()
}

fn judged(effects: &[JudgeEffect]) -> usize {
    effects
        .iter()
        .filter(|e| matches!(e, JudgeEffect::Judged { .. }))
        .count()
}

#[test]
fn a_review_asks_its_questions_one_at_a_time_in_order_then_stops_its_worker() {
    let asked = questions(3);
    let mut judging = Judging::default();
    let mut effects = start(&mut judging, Slot::Review, 3, true);
    for (k, q) in asked.iter().enumerate() {
        let (ticket, request) = posted(&effects);
        assert_eq!(request, q.request(), "question {k} asked in order");
        effects = judging.update(JudgeMsg::WorkerAnswered {
            slot: Slot::Review,
            ticket: Some(ticket),
            bytes: Some(answer(&request)),
        });
        let want = read_judgement(q, &answer(&request)).unwrap();
        assert!(
            effects.contains(&JudgeEffect::Judged {
                slot: Slot::Review,
                judgement: want
            }),
            "{effects:?}"
        );
    }
    assert_eq!(effects.last(), Some(&JudgeEffect::StopWorker(Slot::Review)));
    // Done: a late answer changes nothing.
    let late = judging.update(JudgeMsg::WorkerAnswered {
        slot: Slot::Review,
        ticket: None,
        bytes: Some(answer(&asked[0].request())),
    });
    assert!(late.is_empty(), "{late:?}");
}

#[test]
fn an_answer_to_another_question_is_dropped() {
    let mut judging = Judging::default();
    let effects = start(&mut judging, Slot::Review, 2, true);
    let (ticket, request) = posted(&effects);
    let stale = judging.update(JudgeMsg::WorkerAnswered {
        slot: Slot::Review,
        ticket: Some(ticket + 1),
        bytes: Some(answer(&request)),
    });
    assert!(stale.is_empty(), "{stale:?}");
    // Nor does the puzzle's run take the review's answer.
    let other = judging.update(JudgeMsg::WorkerAnswered {
        slot: Slot::Puzzle,
        ticket: Some(ticket),
        bytes: Some(answer(&request)),
    });
    assert!(other.is_empty(), "{other:?}");
    // The right one is taken.
    let right = judging.update(JudgeMsg::WorkerAnswered {
        slot: Slot::Review,
        ticket: Some(ticket),
        bytes: Some(answer(&request)),
    });
    assert_eq!(judged(&right), 1);
}

#[test]
fn a_failed_worker_hands_the_rest_to_this_thread_said_once() {
    let asked = questions(3);
    let mut judging = Judging::default();
    let effects = start(&mut judging, Slot::Review, 3, true);
    let (ticket, _) = posted(&effects);
    let failed = judging.update(JudgeMsg::WorkerAnswered {
        slot: Slot::Review,
        ticket: Some(ticket),
        bytes: None,
    });
    assert_eq!(
        failed,
        vec![
            JudgeEffect::StopWorker(Slot::Review),
            JudgeEffect::WorkerFailed(Slot::Review),
            JudgeEffect::StepHere {
                slot: Slot::Review,
                ticket: ticket + 1
            },
        ]
    );
    // The same question, on this thread, in a step of its own.
    for (k, (ticket, q)) in (ticket + 1..).zip(&asked).enumerate() {
        let step = judging.update(JudgeMsg::HereStep {
            slot: Slot::Review,
            ticket,
        });
        let [JudgeEffect::JudgeHere { request, .. }] = &step[..] else {
            panic!("question {k}: {step:?}");
        };
        assert_eq!(request, &q.request());
        let done = judging.update(JudgeMsg::HereAnswered {
            slot: Slot::Review,
            ticket,
            bytes: Some(answer(request)),
        });
        assert_eq!(judged(&done), 1, "{done:?}");
        assert!(
            !done
                .iter()
                .any(|e| matches!(e, JudgeEffect::WorkerFailed(_) | JudgeEffect::Post { .. })),
            "said once, and no worker asked again: {done:?}"
        );
    }
}

#[test]
fn a_worker_that_will_not_take_a_question_hands_it_to_this_thread() {
    let mut judging = Judging::default();
    let effects = start(&mut judging, Slot::Review, 2, true);
    let (ticket, _) = posted(&effects);
    let refused = judging.update(JudgeMsg::NotPosted {
        slot: Slot::Review,
        ticket,
    });
    assert_eq!(
        refused,
        vec![
            JudgeEffect::StopWorker(Slot::Review),
            JudgeEffect::StepHere {
                slot: Slot::Review,
                ticket
            },
        ]
    );
    // With no worker at all, this thread from the start.
    let mut here = Judging::default();
    let effects = start(&mut here, Slot::Review, 2, false);
    assert_eq!(
        effects,
        vec![JudgeEffect::StepHere {
            slot: Slot::Review,
            ticket: 1
        }]
    );
}

#[test]
fn this_threads_failure_stops_the_run() {
    let mut judging = Judging::default();
    start(&mut judging, Slot::Review, 2, false);
    let step = judging.update(JudgeMsg::HereStep {
        slot: Slot::Review,
        ticket: 1,
    });
    assert_eq!(step.len(), 1);
    let failed = judging.update(JudgeMsg::HereAnswered {
        slot: Slot::Review,
        ticket: 1,
        bytes: None,
    });
    assert_eq!(failed, vec![JudgeEffect::StopWorker(Slot::Review)]);
    // Nothing is asked again.
    let later = judging.update(JudgeMsg::HereStep {
        slot: Slot::Review,
        ticket: 2,
    });
    assert!(later.is_empty(), "{later:?}");
}

#[test]
fn a_puzzle_is_one_question_and_a_review_goes_on_beside_it() {
    let mut judging = Judging::default();
    let review = start(&mut judging, Slot::Review, 2, true);
    let puzzle = start(&mut judging, Slot::Puzzle, 1, true);
    let (p_ticket, p_request) = posted(&puzzle);
    let done = judging.update(JudgeMsg::WorkerAnswered {
        slot: Slot::Puzzle,
        ticket: Some(p_ticket),
        bytes: Some(answer(&p_request)),
    });
    assert!(matches!(
        &done[..],
        [
            JudgeEffect::Judged {
                slot: Slot::Puzzle,
                ..
            },
            JudgeEffect::StopWorker(Slot::Puzzle)
        ]
    ));
    // The review's question is still awaited.
    let (r_ticket, r_request) = posted(&review);
    let next = judging.update(JudgeMsg::WorkerAnswered {
        slot: Slot::Review,
        ticket: Some(r_ticket),
        bytes: Some(answer(&r_request)),
    });
    assert_eq!(judged(&next), 1);
}

#[test]
fn a_stopped_run_takes_no_answer() {
    let mut judging = Judging::default();
    let effects = start(&mut judging, Slot::Review, 2, true);
    let (ticket, request) = posted(&effects);
    assert_eq!(
        judging.update(JudgeMsg::Stop(Slot::Review)),
        vec![JudgeEffect::StopWorker(Slot::Review)]
    );
    let late = judging.update(JudgeMsg::WorkerAnswered {
        slot: Slot::Review,
        ticket: Some(ticket),
        bytes: Some(answer(&request)),
    });
    assert!(late.is_empty(), "{late:?}");
    // Stopped twice: nothing to stop.
    assert!(judging.update(JudgeMsg::Stop(Slot::Review)).is_empty());
}
