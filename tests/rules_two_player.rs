//! RULES.md section 1: the two-player original, one test per rule.
//!
//! Unless a test says otherwise seat 0 deals, so seat 1 (the non-dealer)
//! leads the first trick; hands are given as `[seat 0, seat 1]`.

mod common;

use common::*;
use duck_soup::engine::rng::{random_deck, Rng};
use duck_soup::engine::rules::{Combine, GameEnd, OptionValue};
use duck_soup::engine::{Call, Card, CardSet, Course, Deal, Game, GameKind, Roles, Rules, Stage};

const GAME: GameKind = GameKind::TwoPlayer;
const NO_ROLES: Roles = Roles::NONE;

fn parlett() -> Rules {
    Rules::parlett(GAME)
}

/// A first deal dealt by seat 0 from the hands `[seat 0, seat 1]`.
fn two(options: &[(&str, &str)], hands: [&str; 2], stock: &str) -> Deal {
    deal(rules(GAME, options), 0, &hands, stock)
}

fn max_is_unique(totals: &[u32]) -> bool {
    let max = totals.iter().max();
    totals.iter().filter(|t| Some(*t) == max).count() == 1
}

// ---- the deal ----

#[test]
fn deck_is_the_52_standard_cards() {
    let full = ordered_deck(GAME);
    assert_eq!(full.len(), 52);
    assert!(Deal::new(parlett(), 0, NO_ROLES, &full).is_ok());
    assert_eq!(
        Deal::new(parlett(), 0, NO_ROLES, &full[1..])
            .unwrap_err()
            .to_string(),
        "deck has 51 cards, the two-player game needs 52"
    );
    let mut twice = full.clone();
    twice[0] = card("KC");
    assert_eq!(
        Deal::new(parlett(), 0, NO_ROLES, &twice)
            .unwrap_err()
            .to_string(),
        "deck: KC appears twice"
    );
    let mut with_duck = full.clone();
    with_duck[51] = Card::BLACK_DUCK;
    assert_eq!(
        Deal::new(parlett(), 0, NO_ROLES, &with_duck)
            .unwrap_err()
            .to_string(),
        "deck: 'XB' is not a card of the two-player game"
    );
}

#[test]
fn dealer_deals_thirteen_each_one_at_a_time_non_dealer_first() {
    let deck = ordered_deck(GAME);
    let every_other =
        |from: usize| -> CardSet { deck[..26].iter().skip(from).step_by(2).copied().collect() };
    for dealer in 0..2 {
        let d = first_deal(parlett(), dealer, deck.clone());
        assert_eq!(d.hand(1 - dealer), every_other(0), "dealer {dealer}");
        assert_eq!(d.hand(dealer), every_other(1), "dealer {dealer}");
        assert_eq!((d.hand_len(0), d.hand_len(1)), (13, 13));
    }
}

#[test]
fn other_26_cards_form_the_stock_in_deck_order() {
    let deck = ordered_deck(GAME);
    let d = first_deal(parlett(), 0, deck.clone());
    assert_eq!(d.stock(), &deck[26..]);
    assert_eq!(d.stock_len(), 26);
}

#[test]
fn non_dealer_leads_the_first_trick() {
    for dealer in 0..2 {
        let d = first_deal(parlett(), dealer, ordered_deck(GAME));
        assert_eq!(d.leader(), 1 - dealer);
        assert_eq!(d.to_move(), 1 - dealer);
        assert_eq!(d.trick().stage(), Stage::Lead);
    }
}

#[test]
fn trick_winner_leads_the_next_trick() {
    let mut d = two(&[], ["2H 4C 8D", "5H 9S 3D"], "");
    assert_eq!(trick(&mut d, "5H 2H").winner, 0);
    assert_eq!((d.leader(), d.to_move()), (0, 0));
    assert_eq!(trick(&mut d, "4C 9S").winner, 0);
    assert_eq!(trick(&mut d, "8D 3D").winner, 1);
    assert_eq!((d.leader(), d.to_move()), (1, 1));
}

#[test]
fn any_card_may_be_played_nobody_has_to_follow_suit() {
    let hands = [
        "2H 3H KS QS JS TS 9S 8S 7S 6S 5S 4S 3S",
        "5H 6H 7H 8H 9H TH JH QH KH AH 2S AS 4D",
    ];
    let mut d = two(&[], hands, "");
    assert_eq!(legal(&d), hand_codes(set(hands[1])));
    play(&mut d, "5H");
    assert_eq!(d.to_move(), 0);
    assert_eq!(
        legal(&d),
        hand_codes(set(hands[0])),
        "hearts are held, yet spades may be played"
    );
    assert_eq!(trick(&mut d, "KS").winner, 1);
}

// ---- courses ----

#[test]
fn trick_led_while_the_stock_has_cards_belongs_to_the_duck_course() {
    let mut d = two(&[], ["2H", "5H"], "");
    assert_eq!(d.course(), Course::Duck);
    assert_eq!(trick(&mut d, "5H 2H").course, Course::Duck);
    play_tricks_won_by(&mut d, 1, CardSet::EMPTY, |d| d.stock_len() == 2);
    assert_eq!(d.course(), Course::Duck);
    assert_eq!(
        play_trick_won_by(&mut d, 1, CardSet::EMPTY)
            .trick
            .unwrap()
            .course,
        Course::Duck
    );
}

#[test]
fn duck_course_ends_at_refill_that_empties_stock() {
    let mut d = two(&[], ["", ""], "");
    play_tricks_won_by(&mut d, 1, CardSet::EMPTY, |d| d.stock_len() == 2);
    assert_eq!(d.course(), Course::Duck);
    assert!(d.course_points().is_empty(), "no course is finished yet");
    let effect = play_trick_won_by(&mut d, 0, CardSet::EMPTY);
    assert!(effect.duck_course_ended);
    assert_eq!(effect.trick.unwrap().course, Course::Duck);
    assert_eq!(d.stock_len(), 0);
    assert_eq!(d.course(), Course::Soup);
    let duck: Vec<u32> = (0..2).map(|s| d.pile(Course::Duck, s).points()).collect();
    assert_eq!(d.course_points(), vec![duck]);
    let next = play_trick_won_by(&mut d, 0, CardSet::EMPTY);
    assert!(!next.duck_course_ended);
    assert_eq!(
        next.trick.unwrap().course,
        Course::Soup,
        "a trick led with the stock empty is Soup"
    );
}

#[test]
fn winner_of_the_last_duck_trick_leads_the_first_soup_trick() {
    for last_winner in 0..2 {
        let mut d = two(&[], ["", ""], "");
        play_tricks_won_by(&mut d, 1 - last_winner, CardSet::EMPTY, |d| {
            d.stock_len() == 2
        });
        play_trick_won_by(&mut d, last_winner, CardSet::EMPTY);
        assert_eq!(d.course(), Course::Soup);
        assert_eq!((d.leader(), d.to_move()), (last_winner, last_winner));
    }
}

// ---- winning a two-card trick ----

#[test]
fn duck_course_lower_card_of_suit_led_wins_ace_low() {
    let mut d = two(&[], ["2H KS", "5H AS"], "");
    let t = trick(&mut d, "5H 2H");
    assert_eq!(
        (t.winner, t.stored, t.course),
        (0, pile(1, 0), Course::Duck)
    );
    let t = trick(&mut d, "KS AS");
    assert_eq!(
        (t.winner, t.stored),
        (1, pile(1, 0)),
        "the Ace is the lowest card"
    );
    assert_eq!(d.pile(Course::Duck, 0), pile(1, 0));
    assert_eq!(d.pile(Course::Duck, 1), pile(1, 0));
}

#[test]
fn soup_course_higher_card_wins_ace_high() {
    let mut d = two(&[], ["3H AS", "9H KS"], "");
    reach_soup(&mut d, 1, set("3H AS 9H KS"));
    assert_eq!(d.pile(Course::Soup, 0), pile(0, 0));
    let t = trick(&mut d, "9H 3H");
    assert_eq!(
        (t.winner, t.stored, t.course),
        (1, pile(1, 0), Course::Soup)
    );
    let t = trick(&mut d, "KS AS");
    assert_eq!(
        (t.winner, t.stored),
        (0, pile(1, 0)),
        "the Ace is the highest card"
    );
    assert_eq!(d.pile(Course::Soup, 0), pile(1, 0));
    assert_eq!(d.pile(Course::Soup, 1), pile(1, 0));
}

#[test]
fn duck_winner_higher_option_higher_card_wins_duck_course_ace_low() {
    let mut d = two(&[("duck_winner", "higher")], ["2H KS", "5H AS"], "");
    let t = trick(&mut d, "5H 2H");
    assert_eq!((t.winner, t.stored), (1, pile(1, 0)));
    let t = trick(&mut d, "AS KS");
    assert_eq!(
        (t.winner, t.stored),
        (0, pile(1, 0)),
        "the Ace is still low in Duck"
    );
}

#[test]
fn duck_winner_higher_option_leaves_soup_higher_ace_high() {
    let mut d = two(&[("duck_winner", "higher")], ["3H AS", "9H KS"], "");
    reach_soup(&mut d, 1, set("3H AS 9H KS"));
    assert_eq!(trick(&mut d, "9H 3H").winner, 1);
    assert_eq!(trick(&mut d, "KS AS").winner, 0);
}

#[test]
fn different_suit_leader_wins_face_up() {
    let mut d = two(&[], ["2S AD", "5H 3C"], "");
    let t = trick(&mut d, "5H 2S");
    assert_eq!((t.winner, t.stored), (1, pile(0, 1)));
    assert_eq!(d.pile(Course::Duck, 1).points(), 2);
    reach_soup(&mut d, 1, set("AD 3C"));
    let t = trick(&mut d, "3C AD");
    assert_eq!(
        (t.winner, t.stored, t.course),
        (1, pile(0, 1), Course::Soup)
    );
}

// ---- the quack sequence ----

#[test]
fn quack_leader_may_say_duck_or_play_a_third_card_of_the_rank() {
    let mut d = two(&[], ["7C 7S 3D", "7H 7D 2C"], "");
    assert_eq!(play(&mut d, "7H").call, None);
    let effect = play(&mut d, "7C");
    assert_eq!(effect.call, Some(Call::Quack));
    assert!(effect.trick.is_none());
    assert_eq!(d.to_move(), 1);
    assert_eq!(d.trick().stage(), Stage::LeaderAnswer);
    assert_eq!(legal(&d), sorted(&["duck", "7D"]));
    assert_eq!(
        refusal(&d, "2C"),
        "'2C': after a quack the leader may only say duck or play a third card of the rank led"
    );
}

#[test]
fn quacked_leader_without_a_third_card_may_only_say_duck() {
    let mut d = two(&[], ["7C 7D 7S", "7H"], "");
    play(&mut d, "7H 7C");
    assert_eq!(legal(&d), sorted(&["duck"]));
}

#[test]
fn quack_then_duck_concession_follower_wins_face_up() {
    let mut d = two(&[], ["7C", "7H"], "");
    play(&mut d, "7H 7C");
    let effect = play(&mut d, "duck");
    assert_eq!(effect.call, Some(Call::Duck));
    let t = effect.trick.expect("the concession ends the trick");
    assert_eq!((t.winner, t.stored), (0, pile(0, 1)));
    assert_eq!(d.pile(Course::Duck, 0).points(), 2);
    assert_eq!(d.pile(Course::Duck, 1).points(), 0);
    assert_eq!(d.to_move(), 0);
}

#[test]
fn single_quack_trick_down_option() {
    let mut d = two(&[("single_quack_trick", "down")], ["7C", "7H"], "");
    let t = trick(&mut d, "7H 7C duck");
    assert_eq!((t.winner, t.stored), (0, pile(1, 0)));
    assert_eq!(d.pile(Course::Duck, 0).points(), 1);
}

#[test]
fn quack_quack_then_duck_soup_four_cards_two_face_up_tricks() {
    let mut d = two(&[], ["7C 7S", "7H 7D"], "");
    let calls: Vec<_> = play_each(&mut d, "7H 7C 7D")
        .iter()
        .map(|e| e.call)
        .collect();
    assert_eq!(calls, [None, Some(Call::Quack), Some(Call::QuackQuack)]);
    assert_eq!(d.to_move(), 0);
    assert_eq!(d.trick().stage(), Stage::FollowerAnswer);
    let effect = play(&mut d, "7S");
    assert_eq!(effect.call, Some(Call::DuckSoup));
    let t = effect.trick.unwrap();
    assert_eq!((t.winner, t.stored), (0, pile(0, 2)));
    assert_eq!(t.trick.len(), 4);
    assert_eq!(d.pile(Course::Duck, 0).points(), 4);
    assert_eq!(d.to_move(), 0);
}

#[test]
fn quack_quack_follower_may_discard_any_card_and_the_fourth_is_always_duck_soup() {
    let hands = [
        "7C 7S 2D 3D 4D 5D 6D 8D 9D TD JD QD KD",
        "7H 7D 2S 3S 4S 5S 6S 8S 9S TS JS QS KS",
    ];
    let mut d = two(&[], hands, "");
    play(&mut d, "7H 7C 7D");
    let mut rest = set(hands[0]);
    rest.remove(card("7C"));
    assert_eq!(legal(&d), hand_codes(rest));
    assert_eq!(
        refusal(&d, "duck"),
        "'duck': duck is only a move for a leader whose card was quacked"
    );
    assert_eq!(trick(&mut d, "7S").winner, 0);
}

#[test]
fn quack_quack_conceded_leader_wins_both_tricks() {
    // The discard shares the third card's suit: still face up by default.
    let mut d = two(&[], ["7C 2D", "7H 7D"], "");
    let t = trick(&mut d, "7H 7C 7D 2D");
    assert_eq!((t.winner, t.stored), (1, pile(0, 2)));
    assert_eq!(d.pile(Course::Duck, 1).points(), 4);
    assert_eq!(d.pile(Course::Duck, 0).points(), 0);
    assert_eq!(d.to_move(), 1);
}

#[test]
fn conceded_second_trick_by_suit_option() {
    let by_suit = [("conceded_second_trick", "by_suit")];
    let mut same_suit = two(&by_suit, ["7C 2D", "7H 7D"], "");
    let t = trick(&mut same_suit, "7H 7C 7D 2D");
    assert_eq!((t.winner, t.stored), (1, pile(1, 1)));
    assert_eq!(same_suit.pile(Course::Duck, 1).points(), 3);
    let mut other_suit = two(&by_suit, ["7C 2S", "7H 7D"], "");
    let t = trick(&mut other_suit, "7H 7C 7D 2S");
    assert_eq!((t.winner, t.stored), (1, pile(0, 2)));
}

// ---- refill ----

#[test]
fn refill_winner_draws_first() {
    let mut d = two(&[], ["2H 3S", "5H 4D"], "QS QD KS KD");
    assert_eq!(trick(&mut d, "5H 2H").winner, 0, "the follower wins");
    assert!(d.hand(0).contains(card("QS")) && d.hand(1).contains(card("QD")));
    assert_eq!(trick(&mut d, "3S 4D").winner, 0, "the leader wins");
    assert!(d.hand(0).contains(card("KS")) && d.hand(1).contains(card("KD")));
    assert_eq!((d.hand_len(0), d.hand_len(1), d.stock_len()), (13, 13, 22));
}

#[test]
fn four_card_trick_refills_twice() {
    let mut d = two(&[], ["7C 7S", "7H 7D"], "QS QD KS KD 2C");
    assert_eq!(trick(&mut d, "7H 7C 7D 7S").winner, 0);
    assert!(d.hand(0).contains(card("QS")) && d.hand(0).contains(card("KS")));
    assert!(d.hand(1).contains(card("QD")) && d.hand(1).contains(card("KD")));
    assert_eq!((d.hand_len(0), d.hand_len(1), d.stock_len()), (13, 13, 22));
    assert_eq!(d.stock()[0], card("2C"));
}

#[test]
fn four_card_trick_refill_stops_when_the_stock_runs_out() {
    let sevens = set("7C 7S 7H 7D");
    let mut d = two(&[], ["7C 7S", "7H 7D"], "");
    play_tricks_won_by(&mut d, 1, sevens, |d| d.stock_len() <= 2);
    assert_eq!((d.stock_len(), d.to_move()), (2, 1));
    let effect = play(&mut d, "7H 7C 7D 7S");
    assert!(effect.duck_course_ended);
    assert_eq!((d.hand_len(0), d.hand_len(1), d.stock_len()), (12, 12, 0));
    assert_eq!(d.course(), Course::Soup);
}

#[test]
fn both_hands_are_always_the_same_size() {
    let mut rng = Rng::new(11);
    for _ in 0..20 {
        let mut d = first_deal(parlett(), 0, random_deck(GAME, &mut rng));
        while !d.is_over() {
            if d.trick().is_empty() {
                assert_eq!(d.hand_len(0), d.hand_len(1));
                if d.course() == Course::Duck {
                    assert_eq!(d.hand_len(0), 13);
                }
            }
            d.play(random_move(&d.legal_moves(), &mut rng)).unwrap();
        }
    }
}

// ---- scoring ----

#[test]
fn course_points_count_one_per_face_down_and_two_per_face_up_trick() {
    let mut d = first_deal(parlett(), 0, random_deck(GAME, &mut Rng::new(3)));
    let mut rng = Rng::new(4);
    let mut referee = Referee::default();
    while d.course() == Course::Duck {
        let m = random_move(&d.legal_moves(), &mut rng);
        referee.play(&mut d, m);
    }
    let piles: Vec<_> = (0..2).map(|s| d.pile(Course::Duck, s)).collect();
    assert!(piles.iter().any(|p| p.down > 0) && piles.iter().any(|p| p.up > 0));
    let duck: Vec<u32> = piles
        .iter()
        .map(|p| p.down as u32 + 2 * p.up as u32)
        .collect();
    assert_eq!(d.course_points(), vec![duck.clone()]);
    assert_eq!(referee.course_points(&d), vec![duck]);
}

#[test]
fn deal_score_multiplies_courses() {
    let mut d = first_deal(parlett(), 0, random_deck(GAME, &mut Rng::new(5)));
    let referee = finish_refereed(&mut d, &mut Rng::new(6));
    let points = d.course_points();
    assert_eq!(points, referee.course_points(&d));
    let (duck, soup) = (&points[0], &points[1]);
    assert!((0..2).any(|s| duck[s] * soup[s] != duck[s] + soup[s]));
    assert_eq!(
        d.scores().to_vec(),
        vec![duck[0] * soup[0], duck[1] * soup[1]]
    );
    assert_eq!(d.scores().to_vec(), referee.scores(&parlett()));
}

#[test]
fn scoring_add_option() {
    let add = rules(GAME, &[("scoring", "add")]);
    let mut d = first_deal(add, 0, random_deck(GAME, &mut Rng::new(5)));
    let referee = finish_refereed(&mut d, &mut Rng::new(6));
    let points = d.course_points();
    let (duck, soup) = (&points[0], &points[1]);
    assert!((0..2).any(|s| duck[s] * soup[s] != duck[s] + soup[s]));
    assert_eq!(
        d.scores().to_vec(),
        vec![duck[0] + soup[0], duck[1] + soup[1]]
    );
    assert_eq!(d.scores().to_vec(), referee.scores(&add));
}

// ---- the game ----

#[test]
fn dealer_alternates() {
    for first in 0..2u8 {
        let mut game = Game::new(rules(GAME, &[("deals", "4")]), first);
        let mut rng = Rng::new(first as u64);
        for k in 0..4 {
            let dealer = (first + k as u8) % 2;
            assert_eq!(game.dealer_of(k), dealer);
            assert_eq!(game.to_move(), Some(1 - dealer), "the next deal's leader");
            game.start_deal(random_deck(GAME, &mut rng), None).unwrap();
            let d = game.deal().unwrap();
            assert_eq!((d.dealer(), d.leader()), (dealer, 1 - dealer));
            finish_random_deal(&mut game, &mut rng);
        }
        assert!(game.is_over());
    }
}

#[test]
fn game_ends_at_target_250() {
    assert_eq!(parlett().end(), GameEnd::Target(250));
    let mut longest = 0;
    for seed in 0..20 {
        let mut game = Game::new(parlett(), 0);
        let mut rng = Rng::new(seed);
        while !game.is_over() {
            assert!(game.results().len() < 100, "the game ends");
            play_random_deal(&mut game, &mut rng);
            let t = game.totals().as_slice();
            assert_eq!(
                game.is_over(),
                t.iter().any(|&x| x >= 250) && t[0] != t[1],
                "totals {t:?}"
            );
        }
        longest = longest.max(game.results().len());
        assert_eq!(
            game.start_deal(random_deck(GAME, &mut rng), None)
                .unwrap_err()
                .to_string(),
            "the game was already over before this deal"
        );
        assert_eq!(game.to_move(), None);
        assert!(game.legal_moves().is_empty());
        assert_eq!(
            game.play(mv("AC")).unwrap_err().to_string(),
            "'AC': no deal is in progress"
        );
    }
    assert!(longest >= 2, "some game needs more than one deal");
}

#[test]
fn target_is_reached_at_exactly_the_target() {
    let game = first_deal_where(parlett(), |g| {
        g.totals().as_slice()[0] != g.totals().as_slice()[1]
    });
    let top = *game.totals().as_slice().iter().max().unwrap();
    let at = replayed_with(&game, rules(GAME, &[("target", &top.to_string())]));
    assert!(at.is_over());
    let above = replayed_with(&game, rules(GAME, &[("target", &(top + 1).to_string())]));
    assert!(!above.is_over());
    assert_eq!(above.to_move(), Some(0), "seat 1 deals next, seat 0 leads");
}

#[test]
fn tie_at_target_plays_another_deal() {
    let game = first_deal_where(parlett(), |g| {
        g.totals().as_slice()[0] == g.totals().as_slice()[1] && g.totals().as_slice()[0] > 0
    });
    let tie = game.totals().as_slice()[0];
    let mut game = replayed_with(&game, rules(GAME, &[("target", &tie.to_string())]));
    assert!(
        !game.is_over(),
        "{:?} at target {tie} plays on",
        game.totals().as_slice()
    );
    assert_eq!(game.to_move(), Some(0), "seat 1 deals next, seat 0 leads");
    let mut rng = Rng::new(99);
    while !game.is_over() {
        play_random_deal(&mut game, &mut rng);
    }
    assert!(max_is_unique(game.totals().as_slice()));
}

#[test]
fn deals_option_fixed_number_tie_stands() {
    let tied = first_deal_where(parlett(), |g| {
        g.totals().as_slice()[0] == g.totals().as_slice()[1] && g.totals().as_slice()[0] > 0
    });
    let game = replayed_with(&tied, rules(GAME, &[("deals", "1")]));
    assert!(game.is_over(), "the tie stands");
    let outcome = game.outcome().expect("the game is over");
    assert_eq!(outcome.winner, None);
    assert_eq!(
        outcome.totals.leaders().collect::<Vec<_>>(),
        [GAME.scorer_of(0), GAME.scorer_of(1)]
    );

    let high = first_deal_where(parlett(), |g| {
        g.totals().as_slice().iter().any(|&t| t >= 250)
    });
    let mut game = replayed_with(&high, rules(GAME, &[("deals", "2")]));
    assert!(
        !game.is_over(),
        "a fixed number of deals ignores the target"
    );
    play_random_deal(&mut game, &mut Rng::new(8));
    assert!(game.is_over());
    assert_eq!(game.results().len(), 2);
}

#[test]
fn family_preset() {
    let family = Rules::preset(GAME, "family").unwrap();
    assert_eq!(family.combine, Combine::Add);
    assert_eq!(family.end(), GameEnd::Deals(1));
    assert_eq!(family.get("scoring"), Some(OptionValue::Word("add")));
    let others = Rules {
        preset: family.preset,
        ..rules(GAME, &[("scoring", "add"), ("deals", "1")])
    };
    assert_eq!(family, others, "family changes nothing else");
    let mut game = Game::new(family, 0);
    play_random_deal(&mut game, &mut Rng::new(2));
    assert!(game.is_over());
    let r = &game.results()[0];
    let sums: Vec<u32> = (0..2)
        .map(|s| r.points[Course::Duck][s] + r.points[Course::Soup][s])
        .collect();
    assert_eq!(r.scores.to_vec(), sums);
    assert_eq!(game.totals().as_slice(), &sums[..]);
    for other in [GameKind::ThreePlayer, GameKind::Partnership] {
        assert_eq!(
            Rules::preset(other, "family").unwrap_err().to_string(),
            format!("rules: preset 'family' is for the two-player game only, not the {other} game")
        );
    }
}

#[test]
fn parlett_preset_is_every_default() {
    let p = Rules::preset(GAME, "parlett").unwrap();
    assert_eq!(p, parlett());
    for (key, word) in [
        ("duck_winner", "lower"),
        ("single_quack_trick", "up"),
        ("conceded_second_trick", "up"),
        ("scoring", "multiply"),
    ] {
        assert_eq!(p.get(key), Some(OptionValue::Word(word)), "{key}");
    }
    assert_eq!((p.get("target"), p.get("deals")), (None, None));
    assert_eq!(
        Rules::preset(GAME, "house").unwrap_err().to_string(),
        "rules: unknown preset 'house'"
    );
}

// ---- refused moves ----

#[test]
fn duck_is_only_a_move_for_a_quacked_leader() {
    let mut d = two(&[], ["2H", "5H"], "");
    let reason = "'duck': duck is only a move for a leader whose card was quacked";
    assert_eq!(refusal(&d, "duck"), reason);
    play(&mut d, "5H");
    assert_eq!(refusal(&d, "duck"), reason);
}

#[test]
fn a_card_not_in_hand_is_refused() {
    let d = two(&[], ["2H", "5H"], "");
    assert_eq!(refusal(&d, "2H"), "'2H': 2H is not in seat 1's hand");
}

#[test]
fn there_are_no_ducks_in_the_two_player_game() {
    let d = two(&[], ["", ""], "");
    assert_eq!(
        refusal(&d, "XB"),
        "'XB': there is no Duck (XB) in the two-player game"
    );
    assert_eq!(
        refusal(&d, "XR=H"),
        "'XR=H': there is no Duck (XR) in the two-player game"
    );
}

#[test]
fn no_move_after_the_deal_is_over() {
    let mut d = first_deal(parlett(), 0, random_deck(GAME, &mut Rng::new(1)));
    finish_refereed(&mut d, &mut Rng::new(2));
    assert!(d.is_over() && d.legal_moves().is_empty());
    assert_eq!(refusal(&d, "AC"), "'AC': the deal is over");
}
