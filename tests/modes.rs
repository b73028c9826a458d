//! The page's modes (`page::modes`), natively: each mode owns its table or
//! keeps aside the one it was entered from, so that entering and leaving a
//! practice, the viewer or a practice from the review puts back the game as
//! it was left, never overwritten nor reloaded; and a move made on the
//! table goes where the mode says.

mod common;

use duck_soup::ai::judge::{Judgement, MoveValue};
use duck_soup::ai::Level;
use duck_soup::engine::playout::random_game;
use duck_soup::engine::rng::Rng;
use duck_soup::engine::{GameKind, GameRecord, Move};
use duck_soup::page::i18n::Lang;
use duck_soup::page::link::ViewerOptions;
use duck_soup::page::model::{Player, Setup};
use duck_soup::page::modes::{Back, Left, Mode, Practice, Practised};
use duck_soup::page::replay::{Aside, Replay, ViewerMsg};
use duck_soup::page::table::{MovesGoTo, Table};

type PageMode = Mode<Box<Replay>, ()>;

/// A game against the computers with its first deal played out, and the
/// person's score sheet open (a mark of the table that was on show).
fn game_after_a_deal(kind: GameKind, seed: u64) -> Table {
    let mut table = a_new_game(kind, seed);
    let mut rng = Rng::new(seed);
    while table.game.in_deal() {
        let moves = table.game.legal_moves();
        let mv = moves.as_slice()[rng.below(moves.len() as u32) as usize];
        table.game.play(mv).expect("a legal move");
    }
    table.ui.scores_open = true;
    table
}

/// A game against the computers, its first deal dealt.
fn a_new_game(kind: GameKind, seed: u64) -> Table {
    let mut players = vec![Player::Computer(Level::Normal); kind.seats()];
    players[0] = Player::Human;
    let setup = Setup {
        rules: duck_soup::engine::Rules::parlett(kind),
        players,
        seed: Some(format!("modes{seed}")),
    };
    common::tables::dealt_table(setup, seed)
}

/// What tells one table from another here: its game and the set-up.
fn state(table: &Table) -> String {
    format!(
        "{:?} {:?} {}",
        table.game.log(),
        table.setup,
        table.practice
    )
}

fn viewer(record: GameRecord) -> Box<Replay> {
    Box::new(Replay::open(
        record,
        ViewerOptions::default(),
        Aside::SavedGame,
        Lang::En,
    ))
}

#[test]
fn a_practice_of_the_deal_leaves_the_game_aside_and_gives_it_back_as_it_was() {
    for kind in GameKind::ALL {
        let mut table = game_after_a_deal(kind, 3);
        let game = state(&table);
        let mut mode = PageMode::Playing;
        assert_eq!(mode.practise(&mut table, Lang::En), Practised::Started);
        assert!(table.practice, "{kind:?}: the practice table on show");
        assert!(table.ui.scores_open, "the sheet stays as it was");
        let Mode::Practice(p) = &mode else {
            panic!("{kind:?}: not practising")
        };
        let Practice::Deal { game_table, deal } = &**p else {
            panic!("{kind:?}: not the deal's practice")
        };
        assert_eq!((state(game_table), *deal), (game.clone(), 0));
        // The practice's cards are the deal's.
        assert_eq!(table.game.log()[0].deck, game_table.game.log()[0].deck);
        assert_eq!(mode.moves_go_to(), MovesGoTo::ThisTable);

        // Played on, then dealt again: the game still aside, unchanged.
        let mv = table.game.legal_moves().as_slice()[0];
        table.game.play(mv).unwrap();
        assert_eq!(mode.practise(&mut table, Lang::En), Practised::Started);
        assert!(table.game.log()[0].moves.is_empty(), "dealt again");
        assert_eq!(mode.end_practice(&mut table), Some(Back::Game));
        assert_eq!(state(&table), game, "{kind:?}: the game as it was left");
        assert!(matches!(mode, Mode::Playing));
        // Nothing to end now.
        assert_eq!(mode.end_practice(&mut table), None);
        assert_eq!(state(&table), game);
    }
}

#[test]
fn nothing_is_practised_mid_deal_nor_from_the_viewer_without_a_review() {
    let mut table = a_new_game(GameKind::TwoPlayer, 4);
    let mv = table.game.legal_moves().as_slice()[0];
    table.game.play(mv).unwrap();
    assert!(table.game.in_deal());
    let before = state(&table);
    let mut mode = PageMode::Playing;
    assert_eq!(mode.practise(&mut table, Lang::En), Practised::Not);
    assert_eq!(mode.play_from_here(&mut table, Lang::En), Practised::Not);
    assert!(matches!(mode, Mode::Playing));
    assert_eq!(state(&table), before);
    let mut viewing = PageMode::Viewing(viewer(random_game(GameKind::TwoPlayer, 1, 5)));
    assert_eq!(viewing.play_from_here(&mut table, Lang::En), Practised::Not);
    assert!(matches!(viewing, Mode::Viewing(_)));
}

#[test]
fn the_viewer_entered_from_the_game_or_a_practice_gives_back_the_game() {
    let mut table = game_after_a_deal(GameKind::ThreePlayer, 5);
    let game = state(&table);
    let record = random_game(GameKind::TwoPlayer, 1, 6);

    // From the game.
    let mut mode = PageMode::Playing;
    mode.enter_viewer(&mut table, viewer(record.clone()), None);
    assert_eq!(
        table.game.kind(),
        GameKind::TwoPlayer,
        "the viewer's own table"
    );
    assert_eq!(table.moves_go_to, MovesGoTo::Judge);
    assert_eq!(mode.moves_go_to(), MovesGoTo::Judge);
    // Another record opened from the viewer keeps the game aside.
    mode.enter_viewer(&mut table, viewer(record.clone()), None);
    assert_eq!(mode.leave_viewer(&mut table), Left::Game);
    assert_eq!(state(&table), game, "the game as it was left");
    assert!(table.ui.scores_open);
    assert_eq!(mode.leave_viewer(&mut table), Left::NotViewing);

    // From a practice: the game, not the practice, waits aside.
    assert_eq!(mode.practise(&mut table, Lang::En), Practised::Started);
    mode.enter_viewer(&mut table, viewer(record.clone()), None);
    assert_eq!(mode.leave_viewer(&mut table), Left::Game);
    assert_eq!(state(&table), game);

    // Opened on a record link: nothing aside; leaving leaves the viewer's
    // table until the saved game is loaded.
    let mut linked = PageMode::Playing;
    linked.enter_viewer(&mut table, viewer(record), Some(Aside::SavedGame));
    assert_eq!(linked.leave_viewer(&mut table), Left::SavedGame);
    assert_eq!(table.game.kind(), GameKind::TwoPlayer);
}

#[test]
fn leaving_the_viewer_when_it_does_not_show_changes_no_mode() {
    let mut table = game_after_a_deal(GameKind::TwoPlayer, 6);
    let mut mode = PageMode::Playing;
    mode.practise(&mut table, Lang::En);
    let practice = state(&table);
    assert_eq!(mode.leave_viewer(&mut table), Left::NotViewing);
    assert!(matches!(mode, Mode::Practice(_)), "still practising");
    assert_eq!(state(&table), practice);
    let mut guest: PageMode = Mode::Guest(());
    assert_eq!(guest.leave_viewer(&mut table), Left::NotViewing);
    assert!(matches!(guest, Mode::Guest(())));
    assert_eq!(guest.moves_go_to(), MovesGoTo::Host);
}

/// The viewer on a record, its deal reviewed for seat 0 with a mark on
/// seat 0's first move, on show.
fn viewer_at_a_mark(seed: u64) -> Box<Replay> {
    let record = random_game(GameKind::TwoPlayer, 1, seed);
    let mut r = viewer(record);
    let (_, moves) = r.start_review(vec![0]).expect("a deal to review");
    let review = r.review.as_mut().expect("a review");
    let first = review.to_judge[0];
    let played: Move = moves[first];
    review.judged.push(Judgement {
        game: GameKind::TwoPlayer,
        seat: 0,
        played,
        values: vec![MoveValue {
            mv: played,
            value: -40.0,
            spread: 1.0,
        }],
        best: played,
        loss: 40.0,
        exact: false,
        deals: 10,
    });
    r.update(ViewerMsg::ShowReviewed(first));
    r
}

#[test]
fn a_practice_from_the_review_goes_back_to_the_review_and_a_new_game_leaves_it() {
    let mut table = game_after_a_deal(GameKind::TwoPlayer, 7);
    let game = state(&table);
    let mut mode = PageMode::Playing;
    mode.enter_viewer(&mut table, viewer_at_a_mark(8), None);
    if let Mode::Viewing(r) = &mut mode {
        r.playing = true;
    }
    let pos = mode.reviewed().expect("the review").pos;
    assert_eq!(
        mode.play_from_here(&mut table, Lang::En),
        Practised::Started
    );
    assert!(table.practice);
    assert_eq!(mode.moves_go_to(), MovesGoTo::ThisTable);
    let reviewed = mode.reviewed().expect("the review aside");
    assert_eq!(reviewed.pos, pos, "at the move practised");
    assert!(!reviewed.playing, "the viewer stops playing on");
    // The review goes on while practising (its judgements come in).
    assert!(mode
        .reviewed_mut()
        .and_then(|r| r.review.as_mut())
        .is_some());
    // Again from here: still from the review.
    assert_eq!(mode.practise(&mut table, Lang::En), Practised::Started);
    assert!(matches!(&mode, Mode::Practice(p) if matches!(**p, Practice::FromReview(_))));

    assert_eq!(mode.end_practice(&mut table), Some(Back::Review));
    assert!(matches!(mode, Mode::Viewing(_)));
    assert_eq!(
        table.moves_go_to,
        MovesGoTo::Judge,
        "the viewer's table again"
    );
    assert_eq!(mode.reviewed().unwrap().pos, pos);
    // Leaving the viewer then gives back the game it was entered from.
    assert_eq!(mode.leave_viewer(&mut table), Left::Game);
    assert_eq!(state(&table), game);

    // A new game while practising from the review: back in the viewer, to
    // be left (true); a deal's practice just ends (false).
    let mut mode = PageMode::Playing;
    mode.enter_viewer(&mut table, viewer_at_a_mark(9), None);
    mode.play_from_here(&mut table, Lang::En);
    assert!(mode.practice_gives_way());
    assert!(matches!(mode, Mode::Viewing(_)));
    assert_eq!(mode.leave_viewer(&mut table), Left::Game);
    assert_eq!(state(&table), game);
    mode.practise(&mut table, Lang::En);
    assert!(!mode.practice_gives_way());
    assert!(matches!(mode, Mode::Playing));
    assert!(!PageMode::Playing.practice_gives_way());
}

fn around() -> duck_soup::page::modes::Surroundings {
    duck_soup::page::modes::Surroundings {
        lang: Lang::En,
        settings: duck_soup::page::model::DEFAULT_SETTINGS,
        muted: false,
        sounds_played: 0,
        embedded: false,
        no_anim: false,
        handed_any: false,
        joining: false,
    }
}

/// What the scene is told of the mode: only a game of this device's is
/// shared (never from an embedded table), invites friends, or offers its
/// deal again; a guest's table says so; a practice says it is one.
#[test]
fn the_scene_is_told_what_the_mode_offers() {
    let mut table = game_after_a_deal(GameKind::TwoPlayer, 10);
    let mut mode = PageMode::Playing;
    let ctx = mode.scene_context(&table, around());
    assert!(ctx.may_share && ctx.may_practise && !ctx.invites && !ctx.guest && !ctx.practising);
    let embedded = mode.scene_context(
        &table,
        duck_soup::page::modes::Surroundings {
            embedded: true,
            ..around()
        },
    );
    assert!(!embedded.may_share && embedded.page.embed);
    let handed = mode.scene_context(
        &table,
        duck_soup::page::modes::Surroundings {
            handed_any: true,
            ..around()
        },
    );
    assert!(
        handed.invites,
        "a seat handed to the computer may be invited again"
    );

    mode.practise(&mut table, Lang::En);
    let ctx = mode.scene_context(&table, around());
    assert!(ctx.practising && !ctx.may_practise && !ctx.may_share);

    let mut viewing = PageMode::Playing;
    let mut other = game_after_a_deal(GameKind::TwoPlayer, 11);
    viewing.enter_viewer(
        &mut other,
        viewer(random_game(GameKind::TwoPlayer, 1, 3)),
        None,
    );
    let ctx = viewing.scene_context(&other, around());
    assert!(!ctx.may_share && !ctx.may_practise && !ctx.invites && !ctx.guest);

    let guest: PageMode = Mode::Guest(());
    let mut with_friend = game_after_a_deal(GameKind::TwoPlayer, 12);
    with_friend.setup.players[1] = Player::Friend;
    let ctx = guest.scene_context(&with_friend, around());
    assert!(
        ctx.guest && !ctx.invites && !ctx.may_share,
        "the host invites, not a guest"
    );
    let host = PageMode::Playing.scene_context(&with_friend, around());
    assert!(
        host.invites && !host.may_practise,
        "no practice with a friend's device"
    );
}

/// The review's panel follows the mode: the viewer's own while it shows,
/// the practice's words while a position of the review is practised (and
/// where it goes back to, said), nothing over a game or a deal practised.
#[test]
fn the_reviews_panel_follows_the_mode_and_the_way_back_is_said() {
    use duck_soup::page::review::ReviewShows;
    let mut table = game_after_a_deal(GameKind::TwoPlayer, 11);
    let mut mode = PageMode::Playing;
    assert!(matches!(
        mode.review_panel(Lang::En, false),
        ReviewShows::Nothing
    ));
    mode.enter_viewer(&mut table, viewer_at_a_mark(12), None);
    let ReviewShows::Panel(panel) = mode.review_panel(Lang::En, false) else {
        panic!("the viewer's panel");
    };
    assert!(panel.review.is_some() && panel.offer);
    let ReviewShows::Panel(embedded) = mode.review_panel(Lang::En, true) else {
        panic!("the viewer's panel, embedded");
    };
    assert!(!embedded.offer, "a rules page's embed asks with its link");
    let reviewed = mode.reviewed().unwrap();
    let mark = reviewed.review.as_ref().unwrap().to_judge[0] + 1;
    assert_eq!(
        reviewed.back_from_practice_said(Lang::En).as_deref(),
        Some(&*format!(
            "Back to the review of deal 1, before move {mark}."
        )),
        "where the practice came from"
    );
    mode.play_from_here(&mut table, Lang::En);
    assert!(matches!(
        mode.review_panel(Lang::En, false),
        ReviewShows::Practice(_)
    ));
    mode.end_practice(&mut table);
    mode.leave_viewer(&mut table);
    mode.practise(&mut table, Lang::En);
    assert!(matches!(
        mode.review_panel(Lang::En, false),
        ReviewShows::Nothing
    ));
}

/// A review's questions: one for each move of the seats reviewed, each
/// from the mover's own view, at the page's budget and the review's seed.
#[test]
fn a_reviews_questions_are_the_reviewed_seats_moves_from_their_own_views() {
    use duck_soup::page::replay::REVIEW_SEED;
    let record = random_game(GameKind::TwoPlayer, 1, 13);
    let moves = &record.deals[0].moves;
    let mut r = viewer(record.clone());
    let questions = r.review_questions(vec![1], None).expect("a deal to review");
    let review = r.review.as_ref().expect("the review started");
    assert_eq!(questions.len(), review.to_judge.len());
    assert!(!questions.is_empty());
    let budget = duck_soup::ai::expert::page_playouts(GameKind::TwoPlayer);
    for (q, &index) in questions.iter().zip(&review.to_judge) {
        assert_eq!(q.view.seat, 1, "seat 1's own view");
        assert_eq!(q.played, moves[index]);
        assert_eq!((q.playouts, q.seed), (budget, REVIEW_SEED));
    }
    let both = viewer(record)
        .review_questions(vec![0, 1], Some(50))
        .unwrap();
    assert!(both.len() > questions.len() && both.iter().all(|q| q.playouts == 50));
}

/// The author's tool links the record on show in the viewer, at its
/// position; over a game, the game as far as it has gone.
#[test]
fn the_authors_link_is_the_viewers_position_or_the_games_end() {
    let mut table = game_after_a_deal(GameKind::TwoPlayer, 14);
    let mut mode = PageMode::Playing;
    let played: usize = table.game.log().iter().map(|d| d.moves.len()).sum();
    let game_link = mode.author_link(&table, Lang::En).expect("the game's link");
    assert_eq!(game_link.at, played, "at the game's last move");
    let record = random_game(GameKind::TwoPlayer, 1, 15);
    let mut r = viewer(record);
    r.update(ViewerMsg::Jump(3));
    mode.enter_viewer(&mut table, r, None);
    let viewer_link = mode
        .author_link(&table, Lang::En)
        .expect("the viewer's link");
    assert_eq!(viewer_link.at, 3, "at the viewer's position");
    assert_ne!(
        viewer_link.query, game_link.query,
        "the viewer's record, not the game"
    );
}
