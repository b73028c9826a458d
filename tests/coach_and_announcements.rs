//! What the page says besides the table, decided in the page's core: the
//! walkthrough's coach panel (`page::walkthrough`) and the lines the screen
//! reader is told of what happened (`page::announce`). The scene carries
//! both; the view only writes them (`web/view/coach.rs`, `view/readout.rs`).

mod common;

use common::scenes::context;
use duck_soup::ai::Level;
use duck_soup::engine::rng::Rng;
use duck_soup::engine::{Deal, Game, GameKind, Move, Rules};
use duck_soup::page::announce::{describe, Said, KEPT_LINES};
use duck_soup::page::i18n::{Lang, K};
use duck_soup::page::model::{Player, Setup};
use duck_soup::page::scene::{self, SheetRows};
use duck_soup::page::table::{Env, Table, Words};
use duck_soup::page::walkthrough::{self, Situation, Walkthrough, SEED};

/// The walkthrough's table: its seeded two-player deal, the person South
/// against a Normal computer, dealt.
fn walkthrough_table() -> Table {
    let setup = Setup {
        rules: Rules::parlett(GameKind::TwoPlayer),
        players: vec![Player::Human, Player::Computer(Level::Normal)],
        seed: Some(SEED.to_string()),
    };
    let mut table = Table::new(setup.clone(), Game::new(setup.rules, 0), 0, Rng::new(1));
    table.new_game(setup, 0, 5);
    let mut fresh = || -> Option<Words> { None };
    let mut env = Env {
        lang: Lang::En,
        sort_by_rank: false,
        auto_play: false,
        paced: true,
        fresh: &mut fresh,
    };
    table.start_deal(&mut env);
    table
}

#[test]
fn the_coach_says_what_to_do_at_each_step_and_only_while_the_walkthrough_runs() {
    let lang = Lang::En;
    let mut w = Walkthrough::default();
    assert_eq!(w.coach(lang, Situation::Lead), None, "off: no panel");
    w.start();
    let intro = w.coach(lang, Situation::Lead).expect("the intro");
    assert_eq!(intro.text, lang.t(K::TutIntro), "the intro waits for Next");
    assert_eq!(intro.next, Some(lang.t(K::TutNext)));
    assert!(!intro.end_primary);
    w.set_reason(Some("Low cards win the Duck course.".into()));
    assert_eq!(
        w.coach(lang, Situation::Lead).unwrap().reason,
        None,
        "no reason in the intro"
    );
    w.next();
    let lead = w.coach(lang, Situation::Lead).unwrap();
    assert_eq!(lead.text, lang.t(K::TutLead));
    assert_eq!(lead.next, None, "Next only in the intro");
    assert_eq!(
        lead.reason.as_deref(),
        Some("Low cards win the Duck course.")
    );
    let waiting = w.coach(lang, Situation::Wait).unwrap();
    assert_eq!(waiting.reason, None, "no reason while the person waits");
    for (situation, key) in [
        (Situation::Follow, K::TutFollow),
        (Situation::Quack, K::TutQuack),
        (Situation::Answer, K::TutAnswer),
        (Situation::AfterQuackQuack, K::TutSoup),
    ] {
        assert_eq!(w.coach(lang, situation).unwrap().text, lang.t(key));
    }
    // After a trick the waiting words change; after four moves of the
    // person's and a trick, it is done.
    w.human_moved();
    w.trick_done();
    assert_eq!(
        w.coach(lang, Situation::Wait).unwrap().text,
        lang.t(K::TutAfterTrick)
    );
    for _ in 0..3 {
        w.human_moved();
    }
    assert!(!w.done());
    w.trick_done();
    let done = w.coach(Lang::Ja, Situation::Lead).expect("the last panel");
    assert_eq!(done.text, Lang::Ja.t(K::TutDone), "in the page's language");
    assert!(done.end_primary && done.next.is_none() && done.reason.is_none());
    w.end();
    assert_eq!(
        w.coach(lang, Situation::Lead),
        None,
        "ended: the panel goes"
    );
}

#[test]
fn the_coachs_situation_is_the_persons_turn_on_the_table() {
    let mut table = walkthrough_table();
    let deal = *table.game.deal().expect("dealt");
    let expected = match table.acting() {
        Some(_) if deal.to_move() == 0 => Situation::Lead,
        _ => Situation::Wait,
    };
    assert_eq!(
        walkthrough::situation(&table.game, &table.setup, &table.ui),
        expected
    );
    // Whoever leads, the person's first decision is a lead or a follow.
    if expected == Situation::Wait {
        let first = deal.legal_moves().as_slice()[0];
        table.game.play(first).expect("the computer's lead");
        let now = walkthrough::situation(&table.game, &table.setup, &table.ui);
        assert!(
            matches!(now, Situation::Follow | Situation::Quack),
            "{now:?}"
        );
    }
    // Nobody's hand face up (pass-and-play's cover): the person waits.
    table.ui.viewer = None;
    assert_eq!(
        walkthrough::situation(&table.game, &table.setup, &table.ui),
        Situation::Wait
    );
}

#[test]
fn lines_said_are_numbered_once_each_and_the_latest_kept() {
    let mut said = Said::default();
    said.say(String::new());
    assert!(said.lines().is_empty(), "nothing said for an empty line");
    for i in 0..KEPT_LINES + 3 {
        said.say(format!("line {i}"));
    }
    let lines = said.lines();
    assert_eq!(lines.len(), KEPT_LINES);
    assert_eq!(lines[0], (3, "line 3".to_string()), "the oldest dropped");
    let numbers: Vec<u64> = lines.iter().map(|(n, _)| *n).collect();
    assert!(numbers.windows(2).all(|w| w[1] == w[0] + 1), "{numbers:?}");
}

#[test]
fn a_move_is_said_with_its_seat_card_and_call_in_both_languages() {
    let table = walkthrough_table();
    let mut game = table.game.clone();
    let before: Deal = *game.deal().unwrap();
    let seat = before.to_move();
    let mv = before.legal_moves().as_slice()[0];
    let effect = game.play(mv).unwrap();
    let Move::Play(card) = mv else {
        panic!("a two-player deal opens with a card")
    };
    for lang in [Lang::En, Lang::Ja] {
        let line = describe(lang, &before, mv, seat, &effect);
        assert!(line.contains(&lang.card_name(card)), "{line}");
        assert!(line.contains(lang.seat_name(2, seat)), "{line}");
    }
}

#[test]
fn the_scene_carries_what_was_said_and_the_coach() {
    let table = walkthrough_table();
    let ctx = context(Lang::En);
    let mut said = Said::default();
    said.say("South: two of clubs.".into());
    let mut w = Walkthrough::default();
    w.start();
    let situation = walkthrough::situation(&table.game, &table.setup, &table.ui);
    let sc = scene::build(
        &table.game,
        &table.setup,
        &table.ui,
        &ctx,
        &mut SheetRows::default(),
    )
    .with_said(&said, w.coach(Lang::En, situation));
    assert_eq!(sc.said, vec![(0, "South: two of clubs.".to_string())]);
    assert_eq!(sc.coach.map(|c| c.text), Some(Lang::En.t(K::TutIntro)));
}

/// The coach's highlight is asked for only while the walkthrough runs past
/// its intro, the person may act and no hint is held for the position;
/// another game on the table ends the walkthrough; a move counts once the
/// person made it, a trick once it is won.
#[test]
fn the_coach_asks_for_its_highlight_only_when_the_person_may_act() {
    let mut table = walkthrough_table();
    // The computer's moves until the person's turn.
    while table.acting().is_none() {
        let mv = table.game.legal_moves().as_slice()[0];
        table.game.play(mv).unwrap();
    }
    let mut w = Walkthrough::default();
    assert!(!w.wants_hint(&table), "not running");
    w.start();
    assert!(!w.wants_hint(&table), "the intro waits for Next");
    w.next();
    w.set_reason(Some("an old reason".into()));
    assert!(w.wants_hint(&table));
    let coach = w.coach(
        Lang::En,
        walkthrough::situation(&table.game, &table.setup, &table.ui),
    );
    assert_eq!(coach.and_then(|c| c.reason), None, "the old reason goes");
    // A hint held for this position: nothing more to ask.
    let mv = table.game.legal_moves().as_slice()[0];
    let Move::Play(card) = mv else {
        panic!("a card to play")
    };
    table.ui.hint = Some((
        table.ui.moves,
        duck_soup::page::model::HintTarget::Card(card),
    ));
    assert!(!w.wants_hint(&table));
    // Moves counted only while it runs.
    w.moved(true, false);
    w.moved(false, true);
    assert!(w.active());
    // Another game on the table ends it.
    table.setup.seed = Some("another".into());
    assert!(!w.wants_hint(&table));
    assert!(!w.active(), "ended with its game");
}

/// A move made is said, and the Soup course's start after the move that
/// began it.
#[test]
fn the_move_that_ends_the_duck_course_says_the_soup_begins() {
    let mut rng = Rng::new(3);
    let mut game = Game::new(Rules::parlett(GameKind::TwoPlayer), 0);
    common::play_random_deal(&mut game, &mut rng);
    let log = &game.log()[0];
    let mut deal = Deal::new(
        *game.rules(),
        0,
        duck_soup::engine::Roles::of_game(GameKind::TwoPlayer, 0),
        &log.deck,
    )
    .unwrap();
    let mut said = Said::default();
    let mut soup_at = None;
    let number = |said: &Said| said.lines().last().map(|(n, _)| n + 1).unwrap_or(0);
    for (k, &mv) in log.moves.iter().enumerate() {
        let before = deal;
        let seat = deal.to_move();
        let effect = deal.apply(mv);
        let was = number(&said);
        said.move_made(Lang::En, &before, mv, seat, &effect);
        let lines: Vec<&String> = said.lines().iter().map(|(_, l)| l).collect();
        if effect.duck_course_ended {
            soup_at = Some(k);
            assert_eq!(number(&said), was + 2, "the move and the Soup's start");
            assert_eq!(lines[lines.len() - 1], Lang::En.t(K::SoupBegins));
            assert_eq!(
                lines[lines.len() - 2],
                &describe(Lang::En, &before, mv, seat, &effect)
            );
        } else {
            assert_eq!(number(&said), was + 1, "one line for move {k}");
        }
    }
    assert!(soup_at.is_some(), "the Soup course began");
}
