//! The questions the computers' worker answers (`ai::question`): a
//! computer's decision and one move of the deal review, as the page sends
//! them to the computers' own build and reads the answers back. Every
//! request reads back as asked; whatever else arrives is refused in one
//! line, never a panic; the answers are legal moves and whole judgements.

use duck_soup::ai::history::random_positions;
use duck_soup::ai::question::{
    answer_judge, answer_think, judgement_bytes, move_bytes, read_judgement, read_move,
    JudgeQuestion, Question,
};
use duck_soup::ai::{Level, SeatView};
use duck_soup::engine::rng::Rng;
use duck_soup::engine::GameKind;

/// Questions part-way through random deals of every game, at every level.
fn questions(count: usize, seed: u64) -> Vec<Question> {
    let mut out = Vec::new();
    for (g, game) in GameKind::ALL.into_iter().enumerate() {
        for (i, (deal, history)) in random_positions(game, count, seed + g as u64)
            .into_iter()
            .enumerate()
        {
            out.push(Question {
                level: Level::ALL[i % Level::ALL.len()],
                view: SeatView::of(&deal, deal.to_move()),
                history: (!history.is_empty()).then_some(history),
                seed: seed ^ i as u64,
                playouts: 40 + i as u32,
                deadline: None,
            });
        }
    }
    out
}

#[test]
fn a_question_reads_back_as_asked() {
    for q in questions(30, 1) {
        let back = Question::read(&q.request(), 0.0).expect("a request reads back");
        assert_eq!(back.level, q.level);
        assert_eq!(back.seed, q.seed);
        assert_eq!(back.playouts, q.playouts);
        assert_eq!(back.view.seat, q.view.seat);
        // The views (now and at each step seen) in their one encoding: the
        // same bytes again.
        assert_eq!(back.request(), q.request());
        assert_eq!(
            back.history.map(|h| h.len()),
            q.history.as_ref().map(|h| h.len())
        );
        assert_eq!(back.deadline, None, "0 is no deadline");
        assert_eq!(
            Question::read(&q.request(), 5.0).unwrap().deadline,
            Some(5.0)
        );
    }
}

#[test]
fn the_answer_to_a_question_is_a_legal_move_of_the_seat() {
    for q in questions(4, 2) {
        let bytes = answer_think(&q.request(), 0.0, || 0.0).expect("answered");
        let mv = read_move(&bytes).expect("a move comes back");
        assert!(q.view.deal.legal_moves().contains(mv), "{mv:?} is legal");
        assert_eq!(read_move(&move_bytes(mv)), Some(mv));
    }
}

/// Bytes that are not a question, and questions cut or changed anywhere,
/// are refused or read as a question that holds together: the seat read is
/// the one to move, never a panic.
#[test]
fn anything_else_is_refused_without_a_panic() {
    let mut rng = Rng::new(3);
    let mut read_past_the_header = 0;
    for q in questions(10, 3) {
        let good = q.request();
        for _ in 0..60 {
            let mut bytes = good.clone();
            match rng.below(3) {
                0 => bytes.truncate(rng.below(bytes.len() as u32) as usize),
                1 => {
                    let i = rng.below(bytes.len() as u32) as usize;
                    bytes[i] ^= 1 << rng.below(8);
                }
                _ => bytes = (0..rng.below(64)).map(|_| rng.below(256) as u8).collect(),
            }
            match Question::read(&bytes, 0.0) {
                Ok(read) => {
                    assert_eq!(read.view.deal.to_move(), read.view.seat);
                    assert!(!read.view.deal.is_over());
                }
                Err(why) => {
                    assert!(!why.is_empty() && !why.contains('\n'), "one line: {why}");
                    // (A refusal beyond the level byte: the case reached the view.)
                    read_past_the_header += usize::from(bytes.len() > 1 && bytes[0] < 5);
                }
            }
            assert!(read_move(&bytes).is_none_or(|_| bytes.len() <= 3));
        }
    }
    assert!(
        read_past_the_header > 100,
        "the cases reach past the first byte"
    );
}

#[test]
fn a_judge_question_and_its_judgement_read_back() {
    for q in questions(3, 4)
        .into_iter()
        .filter(|q| q.level == Level::Expert || q.history.is_some())
    {
        let played = q.view.deal.legal_moves().as_slice()[0];
        let judge = JudgeQuestion {
            view: q.view,
            history: q
                .history
                .clone()
                .unwrap_or_else(|| duck_soup::ai::SeatHistory::new(q.view.seat)),
            played,
            playouts: 30,
            seed: 9,
        };
        let read = JudgeQuestion::read(&judge.request()).expect("reads back");
        assert_eq!(read.played, played);
        assert_eq!(read.playouts, 30);
        let bytes = answer_judge(&judge.request()).expect("judged");
        let judgement = read_judgement(&judge, &bytes).expect("a judgement comes back");
        assert_eq!(judgement.played, played);
        assert!(judgement.values.iter().any(|v| v.mv == judgement.best));
        assert_eq!(judgement_bytes(&judgement), bytes, "one encoding");
        // A judgement cut short is refused.
        assert!(read_judgement(&judge, &bytes[..bytes.len() - 1]).is_none());
    }
}

#[test]
fn a_judge_question_of_a_move_not_legal_there_is_refused() {
    let q = &questions(1, 5)[0];
    let legal = q.view.deal.legal_moves();
    let other = questions(20, 6)
        .into_iter()
        .flat_map(|o| o.view.deal.legal_moves().as_slice().to_vec())
        .find(|mv| !legal.contains(*mv))
        .expect("some move is not legal here");
    let judge = JudgeQuestion {
        view: q.view,
        history: duck_soup::ai::SeatHistory::new(q.view.seat),
        played: other,
        playouts: 10,
        seed: 1,
    };
    let why = answer_judge(&judge.request()).expect_err("refused");
    assert_eq!(why, "the move played is not legal there");
}

/// A question for a seat whose turn it is not is refused: the worker never
/// searches for a seat out of turn.
#[test]
fn a_question_for_a_seat_out_of_turn_is_refused() {
    for q in questions(5, 7) {
        let deal = q.view.deal;
        let other = (deal.to_move() + 1) % deal.seats();
        let asked = Question {
            view: SeatView::of(&deal, other),
            history: None,
            ..q
        };
        assert_eq!(
            Question::read(&asked.request(), 0.0).map(|_| ()),
            Err("not the seat's turn".to_string())
        );
    }
}

/// An Expert's question at the normal pace in the two-player Soup course,
/// `cards` a hand, its move, and the deal: the Duck course played by the
/// Normal player, then the Soup course down to `cards` at a trick's start.
fn soup_question(
    seed: u64,
    cards: u32,
) -> (Question, duck_soup::engine::Move, duck_soup::engine::Deal) {
    use duck_soup::ai::heuristic;
    let mut d = duck_soup::engine::playout::start_deal(GameKind::TwoPlayer, seed);
    while d.stock_len() > 0 || d.hand(d.to_move()).len() > cards || !d.trick().is_empty() {
        d.apply(heuristic::choose(&d));
    }
    let view = SeatView::of(&d, d.to_move());
    let mv = heuristic::choose(&view.deal);
    let q = Question {
        level: Level::Expert,
        view,
        history: None,
        seed,
        playouts: 10_000,
        deadline: Some(1.0),
    };
    (q, mv, d)
}

/// After an Expert's Soup-course answer, the worker solves the position
/// after its move ahead, in slices (here a clock that moves a millisecond
/// each time it is read: a slice is a few thousand nodes), until it says
/// nothing is left; the Expert's next decision of the course, asked with
/// no time left at all, is then the solver's best move, found in the table
/// (fewer nodes than a slice), not today's search's.
#[test]
fn between_questions_the_worker_solves_the_soup_course_ahead() {
    use duck_soup::ai::heuristic;
    use duck_soup::ai::question::answer_ponder;
    use duck_soup::ai::soup::{self, SoupSolver};
    use std::cell::Cell;
    for seed in [11, 12] {
        let (q, mv, mut d) = soup_question(seed, 10);
        let clock = Cell::new(0.0);
        let now = || {
            clock.set(clock.get() + 1.0);
            clock.get()
        };
        let mut slices = 0;
        while !answer_ponder(&q.request(), 1.0, &move_bytes(mv), now() + 1.0, now)
            .expect("a question that holds together")
        {
            slices += 1;
            assert!(slices < 100_000, "pondering ends");
        }
        assert!(slices > 1, "pondered in slices ({slices})");
        // The person's reply, then the Expert's turn again.
        let seat = q.view.seat;
        d.apply(mv);
        while d.to_move() != seat {
            d.apply(heuristic::choose(&d));
        }
        let view = SeatView::of(&d, seat);
        let legal = d.legal_moves();
        let (best, _) = SoupSolver::new()
            .best_move(
                &d,
                legal.as_slice(),
                heuristic::choose(&view.deal),
                &mut || true,
            )
            .expect("solved");
        let next = Question {
            view,
            deadline: Some(10.0),
            ..q
        };
        let before = soup::with_thread_solver(|s| s.nodes);
        let decided = next.decide(|| 20.0);
        let spent = soup::with_thread_solver(|s| s.nodes) - before;
        assert_eq!(decided, best, "the solver's move, seed {seed}");
        assert!(spent < 8_192, "from the table: {spent} nodes");
    }
}

/// Pondering refuses what does not hold together, and does nothing where
/// there is nothing to solve: the Duck course, a level but the Expert, no
/// deadline (`pace=0`).
#[test]
fn pondering_refuses_bad_bytes_and_leaves_the_rest_alone() {
    use duck_soup::ai::question::answer_ponder;
    let (q, mv, d) = soup_question(13, 8);
    let played = move_bytes(mv);
    assert!(answer_ponder(b"junk", 1.0, &played, 0.0, || 0.0).is_err());
    assert!(answer_ponder(&q.request(), 1.0, b"junk", 0.0, || 0.0).is_err());
    let illegal = d
        .hand(1 - q.view.seat)
        .iter()
        .next()
        .map(duck_soup::engine::Move::Play)
        .expect("the other seat holds cards");
    let err = answer_ponder(&q.request(), 1.0, &move_bytes(illegal), 0.0, || 0.0);
    assert!(err.is_err(), "{err:?}");
    let never = |q: &Question| answer_ponder(&q.request(), 1.0, &played, 0.0, || 1.0);
    let normal = Question {
        level: Level::Normal,
        ..q.clone()
    };
    assert_eq!(never(&normal), Ok(true));
    assert_eq!(
        answer_ponder(&q.request(), 0.0, &played, 0.0, || 1.0),
        Ok(true),
        "no deadline"
    );
    for duck in questions(6, 4)
        .into_iter()
        .filter(|q| q.view.deal.stock_len() > 0)
    {
        let duck = Question {
            level: Level::Expert,
            ..duck
        };
        let mv = duck.view.deal.legal_moves().as_slice()[0];
        assert_eq!(
            answer_ponder(&duck.request(), 1.0, &move_bytes(mv), 0.0, || 1.0),
            Ok(true)
        );
    }
}
