//! The replay viewer's flow (`page::replay`), driven with no browser: where
//! each message puts the position on show, what the page is asked to say,
//! the table the position is put on (its seats, the seat shown, no hidden
//! card), a puzzle that stops the viewer until its answer is judged, and
//! the deal review's marks opened. The web controller only carries these
//! out (`web/controller/replay.rs`).

mod common;

use common::scenes::{assert_shows_only, context, visible};
use duck_soup::ai::judge::{Judgement, MoveValue};
use duck_soup::ai::Level;
use duck_soup::engine::playout::random_game;
use duck_soup::engine::rng::Rng;
use duck_soup::engine::{Game, GameKind, GameRecord, Move};
use duck_soup::page::i18n::Lang;
use duck_soup::page::link::{self, ViewerOptions};
use duck_soup::page::model::{Player, Step};
use duck_soup::page::replay::{Aside, Replay, ViewerEffect, ViewerMsg, PLAY_MS};
use duck_soup::page::replay_bar::SPEEDS;
use duck_soup::page::scene::{self, Context, SheetRows};
use duck_soup::page::table::{MovesGoTo, Table};

fn viewer(record: GameRecord, o: ViewerOptions) -> (Replay, Table) {
    let r = Replay::open(record, o, Aside::SavedGame, Lang::En);
    let table = r.table();
    (r, table)
}

/// The record's move made from position `pos`, if one is.
fn move_from(r: &Replay, pos: usize) -> Option<Move> {
    let (deal, upto) = r.place(pos);
    r.record.deals[deal].moves.get(upto).copied()
}

/// What the update asked: the moves said, or `None` for the banner taken down.
fn said(effects: &[ViewerEffect]) -> Vec<Option<Move>> {
    effects
        .iter()
        .map(|e| match e {
            ViewerEffect::Replayed(r) => Some(r.mv),
            ViewerEffect::CallDown => None,
        })
        .collect()
}

#[test]
fn a_step_forward_says_the_move_made_and_any_other_change_takes_the_banner_down() {
    for game in GameKind::ALL {
        let (mut r, _) = viewer(random_game(game, 2, 3), ViewerOptions::default());
        let first = move_from(&r, 0).expect("a first move");
        let effects = r.update(ViewerMsg::Step(Step::Forward));
        assert_eq!(r.pos, 1, "{game:?}");
        assert_eq!(said(&effects), vec![Some(first)], "{game:?}");
        let ViewerEffect::Replayed(replayed) = &effects[0] else {
            unreachable!()
        };
        let start = r.at(0).expect("the start").game;
        assert_eq!(
            format!("{:?}", replayed.before),
            format!("{:?}", start.deal().expect("a deal")),
            "{game:?}: the deal before the move"
        );
        assert_eq!(replayed.seat, replayed.before.to_move(), "{game:?}");
        assert_eq!(
            said(&r.update(ViewerMsg::Step(Step::Back))),
            vec![None],
            "{game:?}"
        );
        assert_eq!(r.pos, 0);
        assert_eq!(said(&r.update(ViewerMsg::Jump(5))), vec![None]);
        assert_eq!(r.pos, link::position_after(&r.record, 5), "{game:?}");
        assert_eq!(said(&r.update(ViewerMsg::Step(Step::Last))), vec![None]);
        assert_eq!(r.pos, r.total - 1, "{game:?}");
        // (At the end: no further.)
        r.update(ViewerMsg::Step(Step::Forward));
        assert_eq!(r.pos, r.total - 1, "{game:?}");
        // From a deal's end to the next deal's start there is no move to say.
        let deal_end = r.record.deals[0].moves.len();
        r.go(deal_end);
        assert_eq!(said(&r.update(ViewerMsg::Step(Step::Forward))), vec![None]);
        assert_eq!(r.pos, deal_end + 1, "{game:?}");
    }
}

#[test]
fn playing_on_steps_at_the_speeds_pace_to_the_end_and_stops() {
    let (mut r, mut table) = viewer(
        random_game(GameKind::ThreePlayer, 1, 8),
        ViewerOptions::default(),
    );
    r.update(ViewerMsg::Speed(99));
    assert_eq!(
        r.speed,
        SPEEDS.len() - 1,
        "the speed stays among the speeds"
    );
    r.update(ViewerMsg::Speed(0));
    r.update(ViewerMsg::Play);
    assert!(r.playing);
    let mut ticks = 0;
    while let Some(ms) = r.show_on_table(&mut table) {
        assert_eq!(ms, PLAY_MS / SPEEDS[0].0);
        let pos = r.pos;
        let effects = r.update(ViewerMsg::Tick);
        assert_eq!(r.pos, pos + 1);
        assert_eq!(said(&effects), vec![move_from(&r, pos)]);
        ticks += 1;
        assert!(ticks <= r.total, "playing on never stops");
    }
    assert_eq!(r.pos, r.total - 1, "it plays to the end");
    assert!(!r.playing, "and stops there");
    assert_eq!(ticks, r.total - 1);
    // Play at the end does not start.
    r.update(ViewerMsg::Play);
    assert!(!r.playing);
}

#[test]
fn the_table_shows_the_position_from_the_seat_chosen_and_no_card_it_cannot_see() {
    let mut rng = Rng::new(41);
    for game in GameKind::ALL {
        let (mut r, mut table) = viewer(random_game(game, 2, 11), ViewerOptions::default());
        let seats = game.seats() as u8;
        r.update(ViewerMsg::Seat(9));
        assert_eq!(
            r.seat,
            seats - 1,
            "{game:?}: the seat stays among the seats"
        );
        for _ in 0..40 {
            r.update(ViewerMsg::Seat(rng.below(seats as u32) as u8));
            r.update(ViewerMsg::Jump(rng.below(200) as usize));
            r.show_on_table(&mut table);
            let at = r.at(r.pos).expect("a position");
            assert_eq!(format!("{:?}", table.game), format!("{:?}", at.game));
            assert_eq!(table.ui.bottom, r.seat);
            assert_eq!(table.ui.viewer, Some(r.seat));
            assert_eq!(
                table.moves_go_to,
                MovesGoTo::Judge,
                "a move there is judged"
            );
            assert!(
                table
                    .setup
                    .players
                    .iter()
                    .all(|p| *p == Player::Computer(Level::Normal)),
                "{game:?}: no seat is the person's outside a puzzle"
            );
            let Some(deal) = table.game.deal().filter(|_| table.game.in_deal()) else {
                continue;
            };
            let ctx = Context {
                may_share: false,
                ..context(Lang::En)
            };
            let sc = scene::build(
                &table.game,
                &table.setup,
                &table.ui,
                &ctx,
                &mut SheetRows::default(),
            );
            let seen = visible(deal, r.seat);
            assert_shows_only(
                &sc,
                r.seat,
                seen,
                game.deck(),
                &format!("{game:?} at {}", r.pos),
            );
        }
        // Every hand shown, at the person's asking (a record is public).
        r.update(ViewerMsg::Reveal);
        r.show_on_table(&mut table);
        assert!(table.ui.reveal);
    }
}

/// The puzzle's judge's verdict on `played`: `best` the best move.
fn judgement(game: GameKind, seat: u8, played: Move, best: Move) -> Judgement {
    Judgement {
        game,
        seat,
        played,
        values: vec![
            MoveValue {
                mv: best,
                value: 10.0,
                spread: 0.0,
            },
            MoveValue {
                mv: played,
                value: if played == best { 10.0 } else { 2.0 },
                spread: 0.0,
            },
        ],
        best,
        loss: if played == best { 0.0 } else { 8.0 },
        exact: true,
        deals: 1,
    }
}

#[test]
fn a_puzzle_stops_the_viewer_until_its_answer_is_judged_once() {
    let record = random_game(GameKind::TwoPlayer, 1, 5);
    let n = 7;
    let options = ViewerOptions {
        puzzle: Some(n),
        ..ViewerOptions::default()
    };
    let (mut r, mut table) = viewer(record, options);
    let pos = link::position_before(&r.record, n).expect("move 7 is there");
    assert_eq!(r.pos, pos, "the viewer opens on the question");
    let mover = r
        .at(pos)
        .and_then(|p| p.game.deal().map(|d| d.to_move()))
        .unwrap();
    assert_eq!(r.seat, mover);
    // Nothing passes an unanswered puzzle: steps, the end, playing on.
    r.go(0);
    r.update(ViewerMsg::Step(Step::Last));
    assert_eq!(r.pos, pos);
    r.update(ViewerMsg::Jump(30));
    assert_eq!(r.pos, pos);
    r.update(ViewerMsg::Play);
    assert!(!r.playing, "no playing on at the question");
    // The mover's seat is the person's, shown at the bottom.
    r.update(ViewerMsg::Seat((mover + 1) % 2));
    assert_eq!(r.show_on_table(&mut table), None);
    assert_eq!(table.ui.bottom, mover, "the puzzle's mover is shown");
    assert_eq!(table.setup.players[mover as usize], Player::Human);
    assert_eq!(table.acting(), Some(mover), "the person may answer");
    let bar = r.bar(Lang::En, false);
    assert_eq!(bar.pos, pos);
    // The answer, once; again while the judge thinks: refused.
    let recorded = move_from(&r, pos).expect("the record's move");
    let deal = *table.game.deal().expect("a deal");
    let legal = deal.legal_moves();
    let answer = legal
        .as_slice()
        .iter()
        .copied()
        .find(|&m| m != recorded)
        .unwrap_or(recorded);
    // The question that values it: the mover's own view and history, the
    // answer, the page's budget and the puzzles' fixed seed.
    let question = r
        .puzzle_question(&table, answer, None)
        .expect("the answer's question");
    assert_eq!(question.played, answer);
    assert_eq!(question.view.seat, mover);
    assert_eq!(question.view.deal.hand(mover), deal.hand(mover));
    assert!(
        question.view.deal.hand(1 - mover).is_empty(),
        "no hidden card"
    );
    assert_eq!(question.history.len(), table.history(mover).len());
    assert_eq!(question.seed, duck_soup::page::puzzle::SEED);
    assert_eq!(
        question.playouts,
        duck_soup::ai::expert::page_playouts(GameKind::TwoPlayer)
    );
    assert!(r.puzzle_question(&table, answer, Some(9)).is_none());
    assert!(!r.puzzle_answer(answer), "one answer judged at a time");
    // A verdict on another move is not this answer's.
    let other = judgement(GameKind::TwoPlayer, mover, recorded, recorded);
    if answer != recorded {
        assert!(r.puzzle_valued(deal, other).is_empty());
        assert_eq!(r.pos, pos);
    }
    // The verdict: kept, and the record's own move is played and said.
    let effects = r.puzzle_valued(
        deal,
        judgement(GameKind::TwoPlayer, mover, answer, recorded),
    );
    assert_eq!(said(&effects), vec![Some(recorded)]);
    assert_eq!(r.pos, pos + 1);
    assert!(r.puzzle.as_ref().and_then(|p| p.verdict.as_ref()).is_some());
    assert!(!r.puzzle_answer(answer), "answered: not asked again");
    // Answered, the viewer goes on past it.
    r.update(ViewerMsg::Step(Step::Last));
    assert_eq!(r.pos, r.total - 1);
}

#[test]
fn a_puzzles_move_that_is_not_there_is_a_notice_and_no_puzzle() {
    let record = random_game(GameKind::TwoPlayer, 1, 5);
    let options = ViewerOptions {
        puzzle: Some(10_000),
        ..ViewerOptions::default()
    };
    let (r, _) = viewer(record, options);
    assert!(r.puzzle.is_none());
    let notice = r.notice.clone().expect("a notice");
    assert!(notice.contains("10000"), "{notice}");
    assert!(r.bar(Lang::Ja, false).note.contains("10000"));
}

#[test]
fn a_reviewed_move_opens_from_its_movers_seat_and_play_from_here_needs_its_judgement() {
    let record = random_game(GameKind::ThreePlayer, 1, 2);
    let (mut r, mut table) = viewer(record, ViewerOptions::default());
    r.update(ViewerMsg::Step(Step::Last));
    let (start, moves) = r.start_review(vec![1]).expect("the deal on show");
    assert_eq!(moves, r.record.deals[0].moves);
    assert_eq!(
        start.to_move(),
        r.at(0).unwrap().game.deal().unwrap().to_move()
    );
    let review = r.review.as_ref().expect("a review");
    let index = review
        .moves
        .iter()
        .position(|&(s, _)| s == 1)
        .expect("a move of seat 1");
    r.update(ViewerMsg::Play);
    let effects = r.update(ViewerMsg::ShowReviewed(index));
    assert_eq!(said(&effects), vec![None]);
    assert_eq!((r.pos, r.seat, r.playing), (index, 1, false));
    // Not judged yet: no practice from it.
    assert!(r.practice_here(Lang::En).is_none());
    let mv = r.review.as_ref().unwrap().moves[index].1;
    let judged = judgement(GameKind::ThreePlayer, 1, mv, mv);
    // The review judges seat 1's moves in order: judged up to this one.
    let review = r.review.as_mut().unwrap();
    let mine = review.moves[..=index]
        .iter()
        .filter(|&&(s, _)| s == 1)
        .count();
    review.judged = vec![judged; mine];
    let practice = r
        .practice_here(Lang::En)
        .expect("a practice from the marked move");
    assert_eq!(practice.game.deal().map(|d| d.to_move()), Some(1));
    assert!(practice.practice);
    // A move index beyond the deal's: nothing moves.
    let pos = r.pos;
    assert!(r.update(ViewerMsg::ShowReviewed(10_000)).is_empty());
    assert_eq!(r.pos, pos);
    r.show_on_table(&mut table);
    assert_eq!(table.ui.bottom, 1);
}

#[test]
fn the_game_left_aside_comes_back_as_it_was() {
    let rules = random_game(GameKind::TwoPlayer, 1, 1).rules;
    let game_table = Table::new(
        duck_soup::page::model::Setup::default_for(GameKind::TwoPlayer),
        Game::new(rules, 1),
        77,
        Rng::new(3),
    );
    let before = format!("{game_table:?}");
    let mut r = Replay::open(
        random_game(GameKind::Partnership, 1, 4),
        ViewerOptions::default(),
        Aside::Game(Box::new(game_table)),
        Lang::En,
    );
    let mut table = r.table();
    for step in [Step::Forward, Step::Last, Step::First] {
        r.update(ViewerMsg::Step(step));
        r.show_on_table(&mut table);
    }
    let Aside::Game(back) = r.aside else {
        panic!("the game is aside")
    };
    assert_eq!(format!("{back:?}"), before, "the viewer never touched it");
}
