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
