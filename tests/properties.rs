//! Random whole games under random option sets, checked at every move:
//! every card is somewhere exactly once, hand sizes follow the rules, the
//! stored piles match an independent reference trick by trick, legal move
//! lists agree with `check`, deals and games end, scores and totals add up,
//! and the game's record replays to the same report.
//!
//! The case counts (10 000 games in all) keep this file to about 20 s of CPU
//! in a debug build; set `PROPTEST_CASES` to run more per game, e.g.
//! `PROPTEST_CASES=60000 cargo test --release --test properties`. A failure
//! prints the rules, first dealer and seed that reproduce it.

mod common;

use common::*;
use duck_soup::engine::record::{replay_text, GameRecord, Report};
use duck_soup::engine::rng::{random_deck, Rng};
use duck_soup::engine::rules::Counting;
use duck_soup::engine::{Card, CardSet, Course, Deal, Game, GameKind, Move, Rules, Suit};
use proptest::prelude::*;
use proptest::sample::select;

/// No game under the option sets below comes near this many deals.
const MAX_DEALS: usize = 150;

fn config(cases: u32) -> ProptestConfig {
    cases_from_env("PROPTEST_CASES", cases)
}

// ---- option sets ----

/// How a game ends: its default, a target, or a fixed number of deals.
fn end(targets: &'static [u32]) -> impl Strategy<Value = Vec<(&'static str, String)>> {
    prop_oneof![
        Just(vec![]),
        select(targets).prop_map(|t| vec![("target", t.to_string())]),
        (1u32..=4).prop_map(|n| vec![("deals", n.to_string())]),
    ]
}

/// Rules from a preset and options, as a record would give them.
fn build(game: GameKind, preset: &str, options: Vec<(&'static str, String)>) -> Rules {
    let mut rules = Rules::preset(game, preset).expect("a preset");
    let pairs: Vec<(&str, &str)> = options.iter().map(|(k, v)| (*k, v.as_str())).collect();
    set_options(&mut rules, &pairs);
    rules
}

fn two_player_rules() -> impl Strategy<Value = Rules> {
    (
        select(&["parlett", "family"][..]),
        select(&["lower", "higher"][..]),
        select(&["up", "down"][..]),
        select(&["up", "by_suit"][..]),
        select(&["multiply", "add"][..]),
        end(&[1, 50, 250]),
    )
        .prop_map(|(preset, duck, single, conceded, scoring, mut end)| {
            end.extend([
                ("duck_winner", duck.to_string()),
                ("single_quack_trick", single.to_string()),
                ("conceded_second_trick", conceded.to_string()),
            ]);
            if preset == "parlett" {
                end.push(("scoring", scoring.to_string()));
            }
            build(GameKind::TwoPlayer, preset, end)
        })
}

fn three_player_rules() -> impl Strategy<Value = Rules> {
    (
        select(&["tricks", "cards"][..]),
        select(&["multiply", "add"][..]),
        end(&[1, 100, 300]),
    )
        .prop_map(|(scoring, combine, mut end)| {
            end.extend([
                ("scoring", scoring.to_string()),
                ("combine", combine.to_string()),
            ]);
            build(GameKind::ThreePlayer, "parlett", end)
        })
}

fn partnership_rules() -> impl Strategy<Value = Rules> {
    end(&[1, 500, 1000]).prop_map(|end| build(GameKind::Partnership, "parlett", end))
}

// ---- the properties ----

proptest! {
    #![proptest_config(config(4000))]
    #[test]
    fn two_player_games_keep_every_invariant(rules in two_player_rules(), dealer in 0u8..2, seed: u64) {
        check_game(rules, dealer, seed);
    }
}

proptest! {
    #![proptest_config(config(3000))]
    #[test]
    fn three_player_games_keep_every_invariant(rules in three_player_rules(), dealer in 0u8..3, seed: u64) {
        check_game(rules, dealer, seed);
    }
}

proptest! {
    #![proptest_config(config(3000))]
    #[test]
    fn partnership_games_keep_every_invariant(rules in partnership_rules(), dealer in 0u8..4, seed: u64) {
        check_game(rules, dealer, seed);
    }
}

/// Plays a whole game with random decks and random legal moves, checking everything on the way.
fn check_game(rules: Rules, first_dealer: u8, seed: u64) {
    let game_kind = rules.game;
    let n = game_kind.seats() as u8;
    let mut rng = Rng::new(seed);
    let mut game = Game::new(rules, first_dealer);
    // One check of the record part-way through the first deal.
    let replay_at = 1 + rng.below(game_kind.deck_size() as u32) as usize;
    let mut totals = vec![0; game_kind.scorers()];
    while !game.is_over() {
        let k = game.results().len();
        assert!(
            k < MAX_DEALS,
            "the game should have ended: totals {totals:?}"
        );
        let dealer = (first_dealer + k as u8) % n;
        assert_eq!(
            game.to_move(),
            Some((dealer + 1) % n),
            "the next deal's leader"
        );
        game.start_deal(random_deck(game_kind, &mut rng), None)
            .expect("a deal starts while the game is on");
        assert_eq!(game.deal().unwrap().dealer(), dealer);

        let mut referee = Referee::default();
        let mut moves = 0;
        while game.in_deal() {
            let deal = *game.deal().unwrap();
            check_position(&deal, &referee, &mut rng);
            assert_eq!(codes(&game.legal_moves()), codes(&deal.legal_moves()));
            assert_eq!(game.to_move(), Some(deal.to_move()));
            let m = random_move(&deal.legal_moves(), &mut rng);
            let effect = game.play(m).expect("a legal move is accepted");
            referee.observe(&deal, m, &effect);
            assert_eq!(effect.deal_over, game.deal().unwrap().is_over());
            moves += 1;
            assert!(
                moves <= 2 * game_kind.deck_size(),
                "the deal should have ended"
            );
            if k == 0 && moves == replay_at {
                assert_record_replays(&game);
            }
        }

        let deal = game.deal().unwrap();
        check_position(deal, &referee, &mut rng);
        let scores = referee.scores(&rules);
        let result = game.results().last().expect("the finished deal's result");
        assert_eq!(result.course_points(), referee.course_points(deal));
        assert_eq!(deal.course_points(), referee.course_points(deal));
        assert_eq!(result.scores.to_vec(), scores);
        for (t, s) in totals.iter_mut().zip(&scores) {
            *t += s;
        }
        assert_eq!(game.totals().as_slice(), &totals[..]);
        assert_eq!(
            game.is_over(),
            should_be_over(&rules, &totals, k + 1),
            "totals {totals:?}"
        );
    }
    assert_eq!(game.to_move(), None);
    assert!(game.legal_moves().is_empty());
    assert!(game
        .start_deal(random_deck(game_kind, &mut rng), None)
        .is_err());
    assert_record_replays(&game);
}

/// When a game is over, as RULES.md says: a fixed number of deals (the
/// `deals` option, or three and four deals by default in the three-player
/// and partnership games), else a target (250 by default) reached with one
/// scorer alone in the lead.
fn should_be_over(rules: &Rules, totals: &[u32], deals: usize) -> bool {
    let fixed = match (rules.deals, rules.target, rules.game) {
        (Some(n), _, _) => Some(n),
        (None, None, GameKind::ThreePlayer) => Some(3),
        (None, None, GameKind::Partnership) => Some(4),
        _ => None,
    };
    if let Some(n) = fixed {
        return deals >= n as usize;
    }
    let target = rules.target.unwrap_or(250);
    let max = *totals.iter().max().unwrap();
    max >= target && totals.iter().filter(|&&t| t == max).count() == 1
}

/// The record of the game so far replays to the same report.
fn assert_record_replays(game: &Game) {
    let record = GameRecord::of(game);
    let json = record.to_json();
    assert_eq!(GameRecord::parse(&json).expect("the record parses"), record);
    let report = replay_text(&json).unwrap_or_else(|e| panic!("the record replays: {e}\n{json}"));
    assert_eq!(report, Report::of(game), "{json}");
}

/// Everything that must hold in any position of a deal.
fn check_position(deal: &Deal, referee: &Referee, rng: &mut Rng) {
    let game = deal.game();
    let n = deal.seats();
    let trick = deal.trick();

    // Every card is in exactly one place: a hand, the stock, or on the table.
    let mut seen = CardSet::EMPTY;
    let mut count = 0;
    let places = (0..n)
        .map(|s| deal.hand(s))
        .chain([deal.stock().iter().copied().collect(), deal.played()]);
    for cards in places {
        assert!(
            seen.and(cards).is_empty(),
            "{} is in two places",
            seen.and(cards)
        );
        seen = seen.or(cards);
        count += cards.len() as usize;
    }
    assert_eq!(deal.stock().len(), deal.stock_len());
    assert_eq!(count, game.deck_size(), "a card is duplicated in the stock");
    assert_eq!(seen, game.deck(), "every card of the game is somewhere");
    assert!(trick.plays().all(|(_, c)| deal.played().contains(c)));

    // Stored units: one per trick of two (two-player) or three cards, or one per card.
    let finished = deal.played().len() as usize - trick.len();
    let units: usize = [Course::Duck, Course::Soup]
        .iter()
        .flat_map(|&c| (0..n).map(move |s| deal.pile(c, s)))
        .map(|p| (p.down + p.up) as usize)
        .sum();
    let cards_per_unit = match game {
        GameKind::TwoPlayer => 2,
        GameKind::ThreePlayer if deal.rules().counting == Counting::Tricks => 3,
        _ => 1,
    };
    assert_eq!(
        units * cards_per_unit,
        finished,
        "stored units against cards in tricks"
    );
    for (c, course) in [Course::Duck, Course::Soup].into_iter().enumerate() {
        for s in 0..n {
            assert_eq!(
                deal.pile(course, s),
                referee.piles[c][s as usize],
                "{course:?} pile of seat {s}"
            );
        }
    }

    // Courses: Duck exactly while the stock has cards; no stock in partnerships.
    if game.has_courses() {
        assert_eq!(deal.course() == Course::Duck, deal.stock_len() > 0);
    } else {
        assert_eq!((deal.stock_len(), deal.course()), (0, Course::Duck));
    }

    // Hand sizes: equal before each trick (counting the cards each put on
    // the table since), full while the stock lasts.
    let played_in_trick = |s: u8| trick.plays().filter(|&(p, _)| p == s).count();
    let sizes: Vec<usize> = (0..n)
        .map(|s| deal.hand_len(s) + played_in_trick(s))
        .collect();
    assert!(sizes.iter().all(|&x| x == sizes[0]), "hand sizes {sizes:?}");
    match game {
        GameKind::Partnership => assert_eq!(sizes[0], 13 - finished / 4),
        _ if deal.course() == Course::Duck => assert_eq!(sizes[0], game.hand_size()),
        _ => assert!(sizes[0] <= game.hand_size()),
    }

    // Whose move.
    match trick.plays().next() {
        None => assert_eq!(deal.to_move(), deal.leader()),
        Some((first, _)) => assert_eq!(first, deal.leader()),
    }

    // Legal moves: none once over; otherwise some, all distinct, each accepted
    // by `check`, and a move not in the list refused.
    let legal = deal.legal_moves();
    if deal.is_over() {
        assert!(legal.is_empty());
        return;
    }
    assert!(!legal.is_empty(), "no legal move in a deal that is on");
    let moves = legal.as_slice();
    for (i, &m) in moves.iter().enumerate() {
        assert!(!moves[..i].contains(&m), "{m} listed twice");
        assert_eq!(deal.check(m), Ok(()), "{m} is listed as legal");
        assert!(m
            .card()
            .is_none_or(|c| deal.hand(deal.to_move()).contains(c)));
    }
    assert!(
        legal.contains(deal.random_move(rng)),
        "the fast random move is a legal one"
    );
    let other = random_other_move(rng);
    if !legal.contains(other) {
        assert!(
            deal.check(other).is_err(),
            "{other} is not listed, yet accepted"
        );
    }
}

/// Any move of the notation: a card of the 54, a led Duck naming any suit, or duck.
fn random_other_move(rng: &mut Rng) -> Move {
    match rng.below(60) {
        r @ 0..=53 => Move::Play(Card::from_index(r as u8)),
        r @ 54..=57 => {
            let duck = Card::from_index(52 + (r as u8 & 1));
            Move::LeadDuck(duck, Suit::ALL[rng.below(4) as usize])
        }
        _ => Move::Concede,
    }
}
