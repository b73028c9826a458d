//! The questions the computers' worker answers (`ai::question`): a
//! computer's decision, one move of the deal review, and whether a deal's
//! scores are settled, as the page sends
//! them to the computers' own build and reads the answers back. Every
//! request reads back as asked; whatever else arrives is refused in one
//! line, never a panic; the answers are legal moves and whole judgements.

use duck_soup::ai::history::random_positions;
use duck_soup::ai::question::{
    answer_judge, answer_settled, judgement_bytes, move_bytes, read_judgement, read_move,
    read_settled, soup_begins_request, JudgeQuestion, Pondering, Question, SettledQuestion,
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
        let bytes = Pondering::default()
            .think(&q.request(), 0.0, || 0.0)
            .expect("answered");
        let mv = read_move(&bytes).expect("a move comes back");
        assert!(q.view.deal.legal_moves().contains(mv), "{mv:?} is legal");
        assert_eq!(read_move(&move_bytes(mv)), Some(mv));
    }
}

/// Bytes that are not a question, and questions cut or changed anywhere,
/// are refused or read as a question that holds together: the seat read is
/// the one to move, never a panic.
/// `good` cut short, a bit of it flipped, or random bytes instead.
fn damaged(good: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut bytes = good.to_vec();
    match rng.below(3) {
        0 => bytes.truncate(rng.below(bytes.len() as u32) as usize),
        1 => {
            let i = rng.below(bytes.len() as u32) as usize;
            bytes[i] ^= 1 << rng.below(8);
        }
        _ => bytes = (0..rng.below(64)).map(|_| rng.below(256) as u8).collect(),
    }
    bytes
}

#[test]
fn anything_else_is_refused_without_a_panic() {
    let mut rng = Rng::new(3);
    let mut read_past_the_header = 0;
    for q in questions(10, 3) {
        let good = q.request();
        for _ in 0..60 {
            let bytes = damaged(&good, &mut rng);
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

/// A clock that moves a millisecond each time it is read: a slice of
/// pondering until the next millisecond is a few thousand nodes.
fn ticking() -> impl Fn() -> f64 {
    let clock = std::cell::Cell::new(0.0);
    move || {
        clock.set(clock.get() + 1.0);
        clock.get()
    }
}

/// Ponders in one-millisecond slices until nothing is left; how many
/// slices that took (at least one: the last, which finds nothing left).
fn ponder_to_the_end(pondering: &mut Pondering) -> usize {
    let now = ticking();
    let mut slices = 1;
    while !pondering.slice(now() + 1.0, &now) {
        slices += 1;
        assert!(slices < 100_000, "pondering ends");
    }
    slices
}

/// The Expert's next decision in `d` (its turn again), asked with no time
/// left at all, is the solver's best move, found in the table that
/// pondering filled (fewer nodes than a slice), not today's search's.
fn next_decision_is_solved_from_the_table(q: &Question, d: &duck_soup::engine::Deal) {
    use duck_soup::ai::heuristic;
    use duck_soup::ai::soup::{self, SoupSolver};
    let seat = q.view.seat;
    assert_eq!(d.to_move(), seat);
    let view = SeatView::of(d, seat);
    let legal = d.legal_moves();
    let normal = heuristic::choose(&view.deal);
    let (best, _) = SoupSolver::new()
        .best_move(d, legal.as_slice(), normal, &mut || true)
        .expect("solved");
    let next = Question {
        view,
        deadline: Some(10.0),
        ..q.clone()
    };
    let before = soup::with_thread_solver(|s| s.nodes);
    let decided = next.decide(|| 20.0);
    let spent = soup::with_thread_solver(|s| s.nodes) - before;
    assert_eq!(decided, best, "the solver's move");
    assert!(spent < 8_192, "from the table: {spent} nodes");
}

/// The person's replies (the Normal player's) until the Expert's turn.
fn until_the_experts_turn(d: &mut duck_soup::engine::Deal, seat: u8) {
    while d.to_move() != seat {
        d.apply(duck_soup::ai::heuristic::choose(d));
    }
}

/// After an Expert's Soup-course answer at the normal pace, the worker
/// solves the position after its move ahead, in slices, until it says
/// nothing is left; the Expert's next decision of the course is then the
/// solver's, from the table.
#[test]
fn between_questions_the_worker_solves_the_soup_course_ahead() {
    for seed in [11, 12] {
        let (q, _, mut d) = soup_question(seed, 10);
        let mut pondering = Pondering::default();
        let now = ticking();
        let answer = pondering.think(&q.request(), 1.0, &now).expect("answered");
        let mv = read_move(&answer).expect("a move");
        let slices = ponder_to_the_end(&mut pondering);
        assert!(slices > 2, "pondered in slices ({slices}), seed {seed}");
        assert!(pondering.slice(f64::INFINITY, || 0.0), "nothing left");
        d.apply(mv);
        until_the_experts_turn(&mut d, q.view.seat);
        next_decision_is_solved_from_the_table(&q, &d);
    }
}

/// A pondering that the hint's question interrupts (the Hard player's, in
/// the same worker) goes on after it: the hint's answer leaves what the
/// Expert's answer set to solve ahead. (The deal review judges in a worker
/// of its own, `web/controller/judging.rs`, and never interrupts it; its
/// judgements change nothing here either.)
#[test]
fn a_pondering_the_hint_interrupts_goes_on_after_it() {
    for seed in [21, 22] {
        let (q, _, mut d) = soup_question(seed, 10);
        let mut pondering = Pondering::default();
        let now = ticking();
        let answer = pondering.think(&q.request(), 1.0, &now).expect("answered");
        let mv = read_move(&answer).expect("a move");
        assert!(!pondering.slice(now() + 1.0, &now), "a first slice");
        // The person's turn: the hint is asked, and the review judges a move.
        d.apply(mv);
        let person = d.to_move();
        let hint = Question {
            level: Level::Hard,
            view: SeatView::of(&d, person),
            history: None,
            seed,
            playouts: 0,
            deadline: None,
        };
        let hinted = pondering.think(&hint.request(), 0.0, &now).expect("hinted");
        assert!(d
            .legal_moves()
            .contains(read_move(&hinted).expect("a move")));
        let judged = JudgeQuestion {
            view: SeatView::of(&d, person),
            history: duck_soup::ai::SeatHistory::new(person),
            played: d.legal_moves().as_slice()[0],
            playouts: 4,
            seed: 1,
        };
        answer_judge(&judged.request()).expect("judged");
        let slices = ponder_to_the_end(&mut pondering);
        assert!(
            slices > 2,
            "pondering went on ({slices} slices), seed {seed}"
        );
        until_the_experts_turn(&mut d, q.view.seat);
        next_decision_is_solved_from_the_table(&q, &d);
    }
}

/// The page's word that the two-player Soup course begins (the Expert
/// seat's view, as `page::table` says it as the stock's last card is drawn)
/// sets the course to solve ahead, whoever is to move: where the person
/// leads, the Expert's first decision, after the person's lead, is the
/// solver's, from the table. (Fewer cards than a course's 13 a hand, for
/// the test's time.)
#[test]
fn the_soup_course_is_solved_ahead_from_the_pages_word() {
    for seed in [31, 32, 33] {
        let (q, _, d) = soup_question(seed, 8);
        // The Expert is the seat not to move: the person leads.
        let expert = 1 - d.to_move();
        let view = SeatView::of(&d, expert);
        assert!(
            view.deal.hand(d.to_move()).is_empty(),
            "no hidden card sent"
        );
        let mut pondering = Pondering::default();
        pondering
            .soup_begins(&soup_begins_request(&view))
            .expect("the Soup course");
        let slices = ponder_to_the_end(&mut pondering);
        assert!(slices > 2, "pondered in slices ({slices}), seed {seed}");
        let mut d = d;
        until_the_experts_turn(&mut d, expert);
        let q = Question { view, ..q };
        next_decision_is_solved_from_the_table(&q, &d);
    }
}

/// Pondering refuses what does not hold together, and does nothing where
/// there is nothing to solve: the Duck course, a level but the Expert, no
/// deadline (`pace=0`); a refused word leaves what was to be solved.
#[test]
fn pondering_refuses_bad_bytes_and_leaves_the_rest_alone() {
    // (Cards enough that a slice told to stop at once stops before the end.)
    let (q, _, _) = soup_question(13, 12);
    let nothing_left = |p: &mut Pondering| p.slice(0.0, || 1.0);
    let mut pondering = Pondering::default();
    assert!(nothing_left(&mut pondering));
    assert!(pondering.think(b"junk", 1.0, || 0.0).is_err());
    assert!(pondering.soup_begins(b"junk").is_err());
    let mut cut = soup_begins_request(&q.view);
    cut.pop();
    assert!(pondering.soup_begins(&cut).is_err());
    assert!(nothing_left(&mut pondering));
    // An Expert's answer at the normal pace sets something to solve...
    pondering
        .think(&q.request(), 1.0, || 2.0)
        .expect("answered");
    assert!(!nothing_left(&mut pondering));
    // ...which a refused word, another level's answer and a question's
    // refusal leave.
    assert!(pondering.soup_begins(b"junk").is_err());
    let normal = Question {
        level: Level::Normal,
        ..q.clone()
    };
    pondering
        .think(&normal.request(), 1.0, || 2.0)
        .expect("answered");
    assert!(pondering.think(b"junk", 1.0, || 0.0).is_err());
    assert!(!nothing_left(&mut pondering));
    // An Expert's answer with no deadline (`pace=0`) leaves nothing.
    pondering
        .think(&q.request(), 0.0, || 2.0)
        .expect("answered");
    assert!(nothing_left(&mut pondering));
    for duck in questions(6, 4)
        .into_iter()
        .filter(|q| q.view.deal.stock_len() > 0)
    {
        let duck = Question {
            level: Level::Expert,
            ..duck
        };
        let mut pondering = Pondering::default();
        pondering
            .think(&duck.request(), 1.0, || 2.0)
            .expect("answered");
        assert!(nothing_left(&mut pondering), "the Duck course");
        let err = pondering.soup_begins(&soup_begins_request(&duck.view));
        assert_eq!(err, Err("not the two-player Soup course".to_string()));
    }
}

/// Games part-way through a deal (the first, or a later one), each game's
/// rules and first dealer varied, with the questions whether their scores
/// are settled.
fn settled_questions(seed: u64) -> Vec<(duck_soup::engine::Game, SettledQuestion)> {
    use duck_soup::engine::rng::shuffled_deck;
    use duck_soup::engine::{Game, Rules};
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for i in 0..30u32 {
        let kind = GameKind::ALL[i as usize % 3];
        let rules = match i % 2 {
            0 => Rules::parlett(kind),
            _ => Rules::preset(kind, "family").unwrap_or(Rules::parlett(kind)),
        };
        let mut game = Game::new(rules, (i % kind.seats() as u32) as u8);
        for deal in 0..1 + i % 2 {
            // (The family game has one deal.)
            if game.is_over() {
                break;
            }
            game.start_deal(shuffled_deck(kind, &format!("settled{i}/{deal}")), None)
                .unwrap();
            let stop = if deal == i % 2 {
                rng.below(55)
            } else {
                u32::MAX
            };
            let mut made = 0;
            while game.in_deal() && made < stop {
                let moves = game.legal_moves();
                let mv = moves.as_slice()[rng.below(moves.len() as u32) as usize];
                game.play(mv).unwrap();
                made += 1;
            }
        }
        if let Some(q) = SettledQuestion::of_game(&game) {
            out.push((game, q));
        }
    }
    out
}

#[test]
fn a_settled_question_reads_back_as_the_deal_and_is_answered_exactly() {
    use duck_soup::ai::settled::{scores_settled_probing, WORKER_NODES};
    let (mut yes, mut no) = (0, 0);
    for (game, q) in settled_questions(5) {
        let deal = game.deal().unwrap();
        let read = SettledQuestion::read(&q.request()).expect("a question of the page's");
        assert_eq!(
            format!("{read:?}"),
            format!("{deal:?}"),
            "the deal replayed"
        );
        let answer = answer_settled(&q.request()).unwrap();
        assert_eq!(
            read_settled(&answer),
            scores_settled_probing(deal, WORKER_NODES)
        );
        match read_settled(&answer) {
            Some(true) => yes += 1,
            Some(false) => no += 1,
            None => assert_eq!(answer, [2], "unsure"),
        }
    }
    assert!(yes >= 1 && no >= 10, "{yes} settled, {no} not");
    // Between deals there is nothing to ask.
    let (mut game, _) = settled_questions(5).swap_remove(0);
    while game.in_deal() {
        let mv = game.legal_moves().as_slice()[0];
        game.play(mv).unwrap();
    }
    assert!(SettledQuestion::of_game(&game).is_none());
}

#[test]
fn a_settled_question_that_does_not_hold_together_is_refused_in_one_line() {
    let mut rng = Rng::new(8);
    let mut refused = 0;
    for (game, q) in settled_questions(9) {
        let good = q.request();
        // A move the engine refuses, and a deal played to its end.
        let mut illegal = q.clone();
        let deal = game.deal().unwrap();
        let other = (deal.to_move() + 1) % game.kind().seats() as u8;
        if let Some(card) = deal.hand(other).iter().next() {
            illegal.moves.push(duck_soup::engine::Move::Play(card));
            assert!(
                SettledQuestion::read(&illegal.request()).is_err(),
                "another seat's card"
            );
        }
        let mut over = *deal;
        let mut ended = q.clone();
        while !over.is_over() {
            let mv = over.legal_moves().as_slice()[0];
            over.play(mv).unwrap();
            ended.moves.push(mv);
        }
        assert_eq!(
            SettledQuestion::read(&ended.request()).unwrap_err(),
            "the deal is over"
        );
        for _ in 0..60 {
            let bytes = damaged(&good, &mut rng);
            match SettledQuestion::read(&bytes) {
                Ok(read) => assert!(!read.is_over()),
                Err(why) => {
                    assert!(!why.is_empty() && !why.contains('\n'), "one line: {why}");
                    assert!(answer_settled(&bytes).is_err());
                    refused += 1;
                }
            }
        }
    }
    assert!(refused > 500, "{refused} refused");
    for bytes in [&[][..], &[2], &[3], &[1, 1], &[0, 0]] {
        assert_eq!(read_settled(bytes), None, "{bytes:?}");
    }
}
