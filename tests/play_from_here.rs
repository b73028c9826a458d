//! *Play from here* in the deal review (`page::review::FromHere`), decided
//! natively: which positions offer it (a marked move of a reviewed seat),
//! and what its practice table is (the deal dealt again with the moves
//! before that move played, the mover's seat the person's, face up at the
//! bottom, every other seat the Expert, neither saved nor counted), in all
//! three games; its words in both languages; and where the practice goes
//! back to (decision 14: the review; the browser's side is
//! `tests/e2e/review.test.mjs`).

use duck_soup::ai::judge::{Judgement, MoveValue};
use duck_soup::ai::Level;
use duck_soup::engine::playout::random_game;
use duck_soup::engine::{Deal, Game, GameKind, GameRecord, Move};
use duck_soup::page::i18n::Lang;
use duck_soup::page::model::Player;
use duck_soup::page::positions::Positions;
use duck_soup::page::review::{FromHere, PracticeWords, Review, FROM_HERE_LEVEL};
use duck_soup::page::scene::{self, Context, PageFacts, SheetRows};
use duck_soup::page::table::{Effect, Env, Words};

/// A judgement of `played` by `seat`, `loss` points behind the best.
fn judged(game: GameKind, seat: u8, played: Move, loss: f64) -> Judgement {
    Judgement {
        game,
        seat,
        played,
        values: vec![MoveValue {
            mv: played,
            value: -loss,
            spread: 1.0,
        }],
        best: played,
        loss,
        exact: false,
        deals: 10,
    }
}

/// The review of deal `deal` of `record` judging `seats`, as the viewer
/// makes it (its start's viewer position, each move's mover).
fn review(record: &GameRecord, positions: &Positions, deal: usize, seats: Vec<u8>) -> Review {
    let start_pos: usize = record.deals[..deal].iter().map(|d| d.moves.len() + 1).sum();
    let start = positions.at(record, start_pos).expect("the deal's start");
    let mut d: Deal = *start.game.deal().expect("dealt");
    let moves = record.deals[deal]
        .moves
        .iter()
        .map(|&mv| {
            let seat = d.to_move();
            d.apply(mv);
            (seat, mv)
        })
        .collect();
    Review::new(record.rules.game, deal, start_pos, seats, moves)
}

/// The deal in progress, all but its rules (a practice is a game of one deal).
fn deal_state(game: &Game) -> String {
    let text = format!("{:?}", game.deal().expect("a deal in progress"));
    let start = text.find("rules: Rules {").expect("its rules");
    let end = start + text[start..].find("}, ").expect("their end") + 3;
    format!("{}{}", &text[..start], &text[end..])
}

fn no_words() -> Option<Words> {
    None
}

#[test]
fn offered_only_before_a_marked_move_of_a_reviewed_seat() {
    let record = random_game(GameKind::TwoPlayer, 2, 11);
    let positions = Positions::new(&record);
    let mut r = review(&record, &positions, 1, vec![0]);
    let game = r.game;
    // The first two of South's moves judged, the rest pending.
    for &i in &r.to_judge.clone()[..2] {
        let (seat, mv) = r.moves[i];
        r.judged.push(judged(game, seat, mv, 30.0));
    }
    let [first, second, third] = [r.to_judge[0], r.to_judge[1], r.to_judge[2]];
    let at = |i: usize| r.start_pos + i;
    assert_eq!(
        r.practice_at(at(second)),
        Some(FromHere {
            deal: 1,
            moves: second,
            seat: 0
        })
    );
    assert!(r.practice_at(at(first)).is_some());
    assert_eq!(r.practice_at(at(third)), None, "not judged yet");
    let north = (0..r.moves.len()).find(|&i| r.moves[i].0 == 1).unwrap();
    assert_eq!(
        r.practice_at(at(north)),
        None,
        "North's moves are not reviewed"
    );
    assert_eq!(r.practice_at(r.start_pos - 1), None, "the deal before");
    assert_eq!(r.practice_at(at(r.moves.len())), None, "the deal's end");

    // The scene offers it at those positions only, said in full.
    let s = r.scene(Lang::En, at(second));
    let (words, label) = s.from_here.expect("offered");
    assert_eq!(words, "Play from here");
    assert_eq!(
        label,
        format!(
            "Play from here: move {} of the deal as South, every other seat Expert (P)",
            second + 1
        )
    );
    let (words, label) = r.scene(Lang::Ja, at(second)).from_here.expect("offered");
    assert_eq!(words, "ここからプレイ");
    assert!(label.contains("南") && label.contains("達人"), "{label}");
    assert!(r.scene(Lang::En, at(third)).from_here.is_none());
}

#[test]
fn the_practice_table_is_the_position_with_the_person_in_the_movers_seat_against_the_expert() {
    for (kind, seed) in [
        (GameKind::TwoPlayer, 3),
        (GameKind::ThreePlayer, 4),
        (GameKind::Partnership, 5),
    ] {
        let record = random_game(kind, 2, seed);
        let positions = Positions::new(&record);
        let n = kind.seats();
        let mut r = review(&record, &positions, 1, (0..n as u8).collect());
        for i in 0..r.moves.len() {
            let (seat, mv) = r.moves[i];
            r.judged.push(judged(kind, seat, mv, 0.0));
        }
        for i in 0..r.moves.len() {
            let pos = r.start_pos + i;
            let from = r.practice_at(pos).expect("every move is marked");
            let there = positions.at(&record, pos).expect("a position");
            let table = from.table(&there.game, Lang::En).expect("a practice table");
            let at = format!("{kind:?}, move {i}");
            // The seats: the mover is the person's, the others the Expert's.
            assert_eq!(FROM_HERE_LEVEL, Level::Expert);
            for s in 0..n {
                let expected = if s as u8 == from.seat {
                    Player::Human
                } else {
                    Player::Computer(Level::Expert)
                };
                assert_eq!(table.setup.players[s], expected, "{at}: seat {s}");
            }
            assert_eq!(table.setup.rules, record.rules, "{at}");
            assert_eq!(table.setup.seed, None, "{at}: nothing to share");
            // The position: the same deal, the same moves made, the mover to play.
            // (Its rules are the record's, as a game of one deal.)
            assert_eq!(deal_state(&table.game), deal_state(&there.game), "{at}");
            assert_eq!(table.game.rules().deals, Some(1), "{at}");
            assert_eq!(table.game.to_move(), Some(from.seat), "{at}");
            assert_eq!(table.game.log().len(), 1, "{at}: a game of one deal");
            assert_eq!(
                table.game.log()[0].moves,
                record.deals[1].moves[..i],
                "{at}"
            );
            // Shown from the mover's seat, face up; a practice, not counted.
            assert_eq!(table.ui.bottom, from.seat, "{at}");
            assert_eq!(table.ui.viewer, Some(from.seat), "{at}");
            assert!(table.practice && !table.may_practise(), "{at}");
            assert_eq!(
                table.ui.message.as_deref(),
                Some(
                    format!(
                        "Practice from move {} of deal 2: you play {}, every other seat is Expert. Not counted.",
                        i + 1,
                        Lang::En.seat_name(n as u8, from.seat)
                    )
                    .as_str()
                ),
                "{at}"
            );
            // Its flow: the person's turn (no seat asked), nothing saved.
            let mut table = table;
            let mut fresh = no_words;
            let env = Env {
                lang: Lang::En,
                sort_by_rank: false,
                auto_play: false,
                paced: true,
                settle_nodes: duck_soup::ai::settled::PAGE_NODES,
                fresh: &mut fresh,
            };
            let effects = table.advance(&env);
            assert!(
                !effects
                    .iter()
                    .any(|e| matches!(e, Effect::Save | Effect::Broadcast | Effect::Ask { .. })),
                "{at}: {effects:?}"
            );
            assert_eq!(table.acting(), Some(from.seat), "{at}");
        }
    }
}

#[test]
fn a_position_that_is_not_there_gives_no_table() {
    let record = random_game(GameKind::TwoPlayer, 2, 6);
    let positions = Positions::new(&record);
    let there = positions.at(&record, 3).expect("a position");
    let mover = there.game.to_move().unwrap();
    // Deal 0 with 3 moves made: its mover, yes; another seat, a deal or a
    // move the game does not hold, no.
    let ok = FromHere {
        deal: 0,
        moves: 3,
        seat: mover,
    };
    assert!(ok.table(&there.game, Lang::En).is_some());
    for bad in [
        FromHere {
            seat: 1 - mover,
            ..ok
        },
        FromHere { seat: 7, ..ok },
        FromHere { deal: 1, ..ok },
        FromHere { moves: 4, ..ok },
    ] {
        assert!(bad.table(&there.game, Lang::En).is_none(), "{bad:?}");
    }
}

/// Decision 14: a practice from the review goes back to the review (the
/// controller puts the viewer back at the move practised, with its
/// review); its end offers the same position again and the way back,
/// in words that say so, in both languages, and nothing of the game's.
#[test]
fn decision_14_a_practice_from_the_review_goes_back_to_the_review() {
    let record = random_game(GameKind::TwoPlayer, 1, 8);
    let positions = Positions::new(&record);
    let there = positions.at(&record, 5).expect("a position");
    let from = FromHere {
        deal: 0,
        moves: 5,
        seat: there.game.to_move().unwrap(),
    };
    for (lang, again, back) in [
        (Lang::En, "Again from here", "Back to the review"),
        (Lang::Ja, "ここからもう一度", "検討に戻る"),
    ] {
        let words = PracticeWords::from_review(lang);
        assert_eq!((words.again, words.back), (again, back));
        assert_ne!(words, PracticeWords::of_deal(lang));
        let mut table = from.table(&there.game, lang).expect("a practice table");
        // Played to its end (first legal moves): the deal's end panel.
        while table.game.in_deal() {
            let mv = table.game.legal_moves().as_slice()[0];
            table.game.play(mv).expect("a legal move");
        }
        let ctx = Context {
            lang,
            sort_by_rank: false,
            muted: true,
            may_share: false,
            invites: false,
            guest: false,
            joining: false,
            may_practise: false,
            practising: true,
            page: PageFacts::default(),
        };
        let s = scene::build(
            &table.game,
            &table.setup,
            &table.ui,
            &ctx,
            &mut SheetRows::default(),
        );
        // (The viewer's page writes the words on the table's buttons.)
        assert!(s.practising);
        let end = s.deal_end.expect("a practice ends as a deal");
        assert!(s.game_over.is_none());
        assert!(end.back_to_game && end.practise);
        assert!(!end.next && end.share.is_none() && end.review.is_none());
    }
    // (The deal's own practice keeps its words.)
    let deal = PracticeWords::of_deal(Lang::En);
    assert_eq!(
        (deal.again, deal.back),
        ("Play this deal again", "Back to the game")
    );
}
