//! RULES.md section 2: three players with two Ducks, one test per rule.
//!
//! Unless a test says otherwise seat 0 deals, so seat 1 leads the first
//! trick and play goes 1, 2, 0; hands are given as `[seat 0, seat 1, seat 2]`.

mod common;

use common::*;
use duck_soup::engine::rng::{random_deck, Rng};
use duck_soup::engine::rules::{GameEnd, OptionValue};
use duck_soup::engine::{Call, CardSet, Course, Deal, Game, GameKind, Roles, Rules, Stage};

const GAME: GameKind = GameKind::ThreePlayer;

fn parlett() -> Rules {
    Rules::parlett(GAME)
}

/// A first deal dealt by seat 0 from the hands `[seat 0, seat 1, seat 2]`.
fn three(options: &[(&str, &str)], hands: [&str; 3], stock: &str) -> Deal {
    deal(rules(GAME, options), 0, &hands, stock)
}

fn calls(effects: &[duck_soup::engine::Effect]) -> Vec<Option<Call>> {
    effects.iter().map(|e| e.call).collect()
}

// ---- the deal ----

#[test]
fn deck_is_54_cards_with_two_ducks() {
    let deck = ordered_deck(GAME);
    assert_eq!(deck.len(), 54);
    assert!(deck.contains(&card("XB")) && deck.contains(&card("XR")));
    assert!(Deal::new(parlett(), 0, Roles::NONE, &deck).is_ok());
    assert_eq!(
        Deal::new(parlett(), 0, Roles::NONE, &deck[..52])
            .unwrap_err()
            .to_string(),
        "deck has 52 cards, the three-player game needs 54"
    );
}

#[test]
fn deal_nine_each_one_at_a_time_starting_left_of_dealer() {
    let deck = ordered_deck(GAME);
    for dealer in 0..3u8 {
        let d = first_deal(parlett(), dealer, deck.clone());
        for k in 0..3u8 {
            let seat = (dealer + 1 + k) % 3;
            let dealt: CardSet = deck[..27]
                .iter()
                .skip(k as usize)
                .step_by(3)
                .copied()
                .collect();
            assert_eq!(d.hand(seat), dealt, "dealer {dealer}, seat {seat}");
            assert_eq!(d.hand_len(seat), 9);
        }
    }
}

#[test]
fn other_27_cards_form_the_stock() {
    let deck = ordered_deck(GAME);
    let d = first_deal(parlett(), 1, deck.clone());
    assert_eq!(d.stock(), &deck[27..]);
    assert_eq!(d.stock_len(), 27);
}

#[test]
fn left_of_dealer_leads_and_play_passes_to_the_left() {
    let mut d = deal(parlett(), 2, &["5H", "9H", "3H"], "");
    assert_eq!((d.leader(), d.to_move()), (0, 0));
    play(&mut d, "5H");
    assert_eq!(d.to_move(), 1);
    play(&mut d, "9H");
    assert_eq!(d.to_move(), 2);
    assert_eq!(trick(&mut d, "3H").winner, 2);
    assert_eq!(
        (d.leader(), d.to_move()),
        (2, 2),
        "the trick winner leads next"
    );
}

#[test]
fn following_suit_is_never_required() {
    let hands = [
        "2S 3S 4S 5S 6S 7S 8S 9S TS",
        "2H 3H 4H 5H 6H 7H 8H 9H TH",
        "JH QH KH AH 2C 3C 4C 5C XB",
    ];
    let mut d = three(&[], hands, "");
    play(&mut d, "2H");
    assert_eq!(
        legal(&d),
        hand_codes(set(hands[2])),
        "hearts are held, yet anything may be played"
    );
    play(&mut d, "2C");
    assert_eq!(legal(&d), hand_codes(set(hands[0])));
}

// ---- winning a trick ----

#[test]
fn duck_course_lowest_card_of_suit_led_wins_ace_low() {
    let mut d = three(&[], ["3H", "5H", "AH"], "");
    let t = trick(&mut d, "5H AH 3H");
    assert_eq!(
        (t.winner, t.stored, t.course),
        (2, pile(1, 0), Course::Duck)
    );
}

#[test]
fn soup_course_highest_card_of_suit_led_wins_ace_high() {
    let hands = ["KH 6S", "5H 4S", "AH 9S"];
    let mut d = three(&[], hands, "");
    reach_soup(&mut d, 1, set(&hands.join(" ")));
    let t = trick(&mut d, "5H AH KH");
    assert_eq!(
        (t.winner, t.stored, t.course),
        (2, pile(1, 0), Course::Soup),
        "Ace high"
    );
    let t = trick(&mut d, "9S 6S 4S");
    assert_eq!((t.winner, t.stored), (2, pile(1, 0)), "highest wins");
}

#[test]
fn cards_of_other_suits_never_win_unless_they_quack() {
    let mut d = three(&[], ["AC", "9H", "2S"], "");
    let t = trick(&mut d, "9H 2S AC");
    assert_eq!((t.winner, t.stored), (1, pile(0, 1)));
}

#[test]
fn trick_of_three_cards_of_the_suit_led_is_face_down_otherwise_face_up() {
    let mut all_hearts = three(&[], ["3H", "5H", "AH"], "");
    assert_eq!(trick(&mut all_hearts, "5H AH 3H").stored, pile(1, 0));
    let mut one_spade = three(&[], ["4H", "9H", "2S"], "");
    let t = trick(&mut one_spade, "9H 2S 4H");
    assert_eq!((t.winner, t.stored), (0, pile(0, 1)));
    assert_eq!(one_spade.pile(Course::Duck, 0).points(), 2);
}

// ---- quacks ----

#[test]
fn single_quack_wins() {
    let mut second = three(&[], ["2H", "7H", "7C"], "");
    let effects = play_each(&mut second, "7H 7C 2H");
    assert_eq!(calls(&effects), [None, Some(Call::Quack), None]);
    let t = effects[2].trick.unwrap();
    assert_eq!((t.winner, t.stored), (2, pile(0, 1)));

    let mut third = three(&[], ["7C", "7H", "2H"], "");
    let effects = play_each(&mut third, "7H 2H 7C");
    assert_eq!(calls(&effects), [None, None, Some(Call::Quack)]);
    assert_eq!(effects[2].trick.unwrap().winner, 0);
}

#[test]
fn quack_quack_wins_when_the_leader_ducks() {
    let mut d = three(&[], ["7D", "7H 7S", "7C"], "");
    let effects = play_each(&mut d, "7H 7C 7D");
    assert_eq!(
        calls(&effects),
        [None, Some(Call::Quack), Some(Call::QuackQuack)]
    );
    assert!(effects[2].trick.is_none(), "the leader answers first");
    assert_eq!((d.to_move(), d.trick().stage()), (1, Stage::LeaderAnswer));
    assert_eq!(legal(&d), sorted(&["7S", "duck"]));
    let effect = play(&mut d, "duck");
    assert_eq!(effect.call, Some(Call::Duck));
    let t = effect.trick.unwrap();
    assert_eq!((t.winner, t.stored), (0, pile(0, 1)));
    assert_eq!(d.to_move(), 0);
}

#[test]
fn leader_without_the_fourth_card_may_only_duck_after_two_quacks() {
    let mut d = three(&[], ["7D", "7H", "7C 7S"], "");
    play(&mut d, "7H 7C 7D");
    assert_eq!(legal(&d), sorted(&["duck"]));
}

#[test]
fn quack_quack_quack_leader_wins_the_two_discards_and_six_cards_face_up() {
    let hands = ["7D XR", "7H 7S", "7C 2C"];
    let mut d = three(&[], hands, "");
    play(&mut d, "7H 7C 7D");
    let effect = play(&mut d, "7S");
    assert_eq!(effect.call, Some(Call::QuackQuackQuack));
    assert_eq!((d.to_move(), d.trick().stage()), (2, Stage::Discard));
    assert_eq!(legal(&d), hand_codes(d.hand(2)), "any one card");
    play(&mut d, "2C");
    assert_eq!(d.to_move(), 0, "the followers discard in turn to the left");
    let t = trick(&mut d, "XR");
    assert_eq!((t.winner, t.stored, t.trick.len()), (1, pile(0, 2), 6));
    assert_eq!(d.pile(Course::Duck, 1).points(), 4);
    assert_eq!(d.to_move(), 1);
}

// ---- refill ----

#[test]
fn refill_winner_draws_first_then_the_others_in_turn_to_the_left() {
    let mut d = three(&[], ["3H", "5H", "9H"], "QS QD QC KS");
    assert_eq!(trick(&mut d, "5H 9H 3H").winner, 0);
    assert!(d.hand(0).contains(card("QS")));
    assert!(d.hand(1).contains(card("QD")));
    assert!(d.hand(2).contains(card("QC")));
    assert_eq!(
        (d.hand_len(0), d.hand_len(1), d.hand_len(2), d.stock_len()),
        (9, 9, 9, 24)
    );
}

#[test]
fn refill_goes_twice_around_after_a_six_card_trick() {
    let mut d = three(&[], ["7D 3C", "7H 7S", "7C 2C"], "QS QD QC KS KD KC 2S");
    trick(&mut d, "7H 7C 7D 7S 2C 3C");
    assert_eq!(d.hand(1).and(set("QS KS QD QC KD KC")), set("QS KS"));
    assert_eq!(d.hand(2).and(set("QS KS QD QC KD KC")), set("QD KD"));
    assert_eq!(d.hand(0).and(set("QS KS QD QC KD KC")), set("QC KC"));
    assert_eq!(
        (d.hand_len(0), d.hand_len(1), d.hand_len(2), d.stock_len()),
        (9, 9, 9, 21)
    );
    assert_eq!(d.stock()[0], card("2S"));
}

#[test]
fn six_card_trick_refill_stops_when_the_stock_runs_out() {
    let hands = ["7D 3C", "7H 7S", "7C 2C"];
    let mut d = three(&[], hands, "");
    play_tricks_won_by(&mut d, 1, set(&hands.join(" ")), |d| d.stock_len() <= 3);
    assert_eq!((d.stock_len(), d.to_move()), (3, 1));
    let effect = play(&mut d, "7H 7C 7D 7S 2C 3C");
    assert!(effect.duck_course_ended);
    assert_eq!((d.hand_len(0), d.hand_len(1), d.hand_len(2)), (8, 8, 8));
    assert_eq!(d.course(), Course::Soup);
}

// ---- Ducks ----

#[test]
fn led_duck_names_a_suit_of_its_colour() {
    let hands = ["", "XB XR 2H 3H 4H 5H 6H 8H 9H", ""];
    let d = three(&[], hands, "");
    assert_eq!(
        legal(&d),
        sorted(&["XB=C", "XB=S", "XR=D", "XR=H", "2H", "3H", "4H", "5H", "6H", "8H", "9H"])
    );
    assert_eq!(refusal(&d, "XB=H"), "'XB=H': XB may only name C or S");
    assert_eq!(refusal(&d, "XR=S"), "'XR=S': XR may only name D or H");
    assert_eq!(
        refusal(&d, "XB"),
        "'XB': a led Duck must name a suit of its colour, e.g. XB=S"
    );
}

#[test]
fn duck_played_second_or_third_is_played_plain() {
    let mut d = three(&[], ["", "9H", "XB"], "");
    play(&mut d, "9H");
    assert!(legal(&d).contains(&"XB".to_string()));
    assert_eq!(
        refusal(&d, "XB=S"),
        "'XB=S': only a led Duck names a suit; play it as XB when not leading"
    );
}

#[test]
fn led_duck_wins_the_trick_in_the_duck_course() {
    let mut d = three(&[], ["AS", "XB", "2S"], "");
    let t = trick(&mut d, "XB=S 2S AS");
    assert_eq!(
        (t.winner, t.stored, t.course),
        (1, pile(1, 0), Course::Duck)
    );
}

#[test]
fn led_duck_wins_the_trick_in_the_soup_course() {
    let hands = ["2H", "XB", "AS"];
    let mut d = three(&[], hands, "");
    reach_soup(&mut d, 1, set(&hands.join(" ")));
    let t = trick(&mut d, "XB=S AS 2H");
    assert_eq!(
        (t.winner, t.stored, t.course),
        (1, pile(0, 1), Course::Soup)
    );
}

#[test]
fn led_duck_is_face_down_only_if_both_others_follow_the_named_suit() {
    let mut d = three(&[], ["9H 5D", "XR XB", "3H 2C"], "");
    assert_eq!(trick(&mut d, "XR=H 3H 9H").stored, pile(1, 0));
    assert_eq!(trick(&mut d, "XB=C 2C 5D").stored, pile(0, 1));
    let mut other_duck = three(&[], ["4D", "XR", "XB"], "");
    let t = trick(&mut other_duck, "XR=D XB 4D");
    assert_eq!(
        (t.winner, t.stored),
        (1, pile(0, 1)),
        "the black Duck does not follow diamonds"
    );
}

#[test]
fn duck_played_second_or_third_never_wins() {
    let mut second = three(&[], ["KS", "9H", "XR"], "");
    assert_eq!(trick(&mut second, "9H XR KS").winner, 1);
    let mut third = three(&[], ["XR", "9H", "8C"], "");
    assert_eq!(trick(&mut third, "9H 8C XR").winner, 1);
    let hands = ["XB", "2H", "KH"];
    let mut in_soup = three(&[], hands, "");
    reach_soup(&mut in_soup, 1, set(&hands.join(" ")));
    assert_eq!(trick(&mut in_soup, "2H KH XB").winner, 2);
}

#[test]
fn duck_of_the_colour_led_counts_as_following_suit_for_storing() {
    let mut red = three(&[], ["4H", "9H", "XR"], "");
    let t = trick(&mut red, "9H XR 4H");
    assert_eq!((t.winner, t.stored), (0, pile(1, 0)));
    let mut black = three(&[], ["XB", "9H", "4H"], "");
    let t = trick(&mut black, "9H 4H XB");
    assert_eq!((t.winner, t.stored), (2, pile(0, 1)));
}

#[test]
fn nobody_can_quack_a_duck_and_a_duck_cannot_quack() {
    let mut led = three(&[], ["7C", "XB", "7H"], "");
    let effects = play_each(&mut led, "XB=S 7H 7C");
    assert_eq!(calls(&effects), [None, None, None]);
    assert_eq!(effects[2].trick.unwrap().winner, 1);
    let mut ducks = three(&[], ["XB", "XR", "7H"], "");
    let effects = play_each(&mut ducks, "XR=H 7H XB");
    assert_eq!(
        calls(&effects),
        [None, None, None],
        "the two Ducks share no rank"
    );
    let mut followed = three(&[], ["XB", "7H", "XR"], "");
    let effects = play_each(&mut followed, "7H XR XB");
    assert_eq!(calls(&effects), [None, None, None]);
    assert_eq!(effects[2].trick.unwrap().winner, 1);
}

// ---- scoring ----

#[test]
fn deal_score_multiplies_courses_counting_tricks() {
    let mut d = first_deal(parlett(), 0, random_deck(GAME, &mut Rng::new(5)));
    let referee = finish_refereed(&mut d, &mut Rng::new(6));
    let points = d.course_points();
    assert_eq!(points, referee.course_points(&d));
    let products: Vec<u32> = (0..3).map(|s| points[0][s] * points[1][s]).collect();
    assert!((0..3).any(|s| products[s] != points[0][s] + points[1][s]));
    assert_eq!(d.scores().to_vec(), products);
    assert_eq!(d.scores().to_vec(), referee.scores(&parlett()));
}

#[test]
fn scoring_cards_option_counts_one_per_card_of_the_suit_led_two_per_other_card() {
    let mut d = three(
        &[("scoring", "cards")],
        ["KS 4D 5D", "9H XB 9D", "4H 3C XR"],
        "",
    );
    let t = trick(&mut d, "9H 4H KS");
    assert_eq!((t.winner, t.stored), (2, pile(2, 1)));
    let t = trick(&mut d, "3C 4D XB");
    assert_eq!(
        (t.winner, t.stored),
        (2, pile(2, 1)),
        "a Duck of the matching colour counts 1"
    );
    let t = trick(&mut d, "XR=D 5D 9D");
    assert_eq!(
        (t.winner, t.stored),
        (2, pile(3, 0)),
        "the led Duck counts 1"
    );
    assert_eq!(d.pile(Course::Duck, 2).points(), 11);
}

#[test]
fn scoring_cards_option_judges_all_six_cards_against_the_first_cards_suit() {
    let mut d = three(&[("scoring", "cards")], ["7D XR", "7H 7S", "7C 2H"], "");
    let t = trick(&mut d, "7H 7C 7D 7S 2H XR");
    assert_eq!((t.winner, t.stored), (1, pile(3, 3)));
    assert_eq!(d.pile(Course::Duck, 1).points(), 9);
}

#[test]
fn scoring_cards_option_multiplies_courses() {
    let cards = rules(GAME, &[("scoring", "cards")]);
    let mut d = first_deal(cards, 0, random_deck(GAME, &mut Rng::new(5)));
    let referee = finish_refereed(&mut d, &mut Rng::new(6));
    let points = d.course_points();
    assert_eq!(points, referee.course_points(&d));
    let units: u32 = (0..3)
        .flat_map(|s| [Course::Duck, Course::Soup].map(|c| d.pile(c, s)))
        .map(|p| (p.down + p.up) as u32)
        .sum();
    assert_eq!(units, 54, "every card is counted once");
    let products: Vec<u32> = (0..3).map(|s| points[0][s] * points[1][s]).collect();
    assert_eq!(d.scores().to_vec(), products);
}

#[test]
fn combine_add_option_with_either_scoring() {
    for scoring in ["tricks", "cards"] {
        let add = rules(GAME, &[("scoring", scoring), ("combine", "add")]);
        let mut d = first_deal(add, 0, random_deck(GAME, &mut Rng::new(5)));
        let referee = finish_refereed(&mut d, &mut Rng::new(6));
        let points = d.course_points();
        let sums: Vec<u32> = (0..3).map(|s| points[0][s] + points[1][s]).collect();
        assert!((0..3).any(|s| sums[s] != points[0][s] * points[1][s]));
        assert_eq!(d.scores().to_vec(), sums, "{scoring}");
        assert_eq!(d.scores().to_vec(), referee.scores(&add));
    }
}

// ---- the game ----

#[test]
fn game_is_three_deals_passing_left_dealt_from_the_dealers_left() {
    assert_eq!(parlett().end(), GameEnd::Deals(3));
    let deck = ordered_deck(GAME);
    let mut game = Game::new(parlett(), 1);
    let mut rng = Rng::new(3);
    for k in 0..3 {
        let dealer = (1 + k as u8) % 3;
        assert_eq!(game.dealer_of(k), dealer);
        assert!(!game.is_over());
        game.start_deal(deck.clone(), None).unwrap();
        let d = game.deal().unwrap();
        assert_eq!((d.dealer(), d.leader()), (dealer, (dealer + 1) % 3));
        assert!(
            d.hand((dealer + 1) % 3).contains(deck[0]),
            "the first card goes left of the dealer"
        );
        assert!(d.hand((dealer + 2) % 3).contains(deck[1]));
        assert!(d.hand(dealer).contains(deck[2]));
        finish_random_deal(&mut game, &mut rng);
    }
    assert!(game.is_over(), "after three deals, whatever the totals");
    assert_eq!(game.results().len(), 3);
    assert!(game.start_deal(deck, None).is_err());
}

#[test]
fn target_option_plays_to_100() {
    let mut longest = 0;
    for target in [100, 1000] {
        let to_target = rules(GAME, &[("target", &target.to_string())]);
        assert_eq!(to_target.end(), GameEnd::Target(target));
        for seed in 0..10 {
            let mut game = Game::new(to_target, 0);
            let mut rng = Rng::new(seed);
            while !game.is_over() {
                assert!(game.results().len() < 100, "the game ends");
                play_random_deal(&mut game, &mut rng);
                let t = game.totals().as_slice();
                assert_eq!(
                    game.is_over(),
                    over_at_target(t, target),
                    "target {target}, {t:?}"
                );
            }
            longest = longest.max(game.results().len());
        }
    }
    assert!(longest > 3, "a target game is not limited to three deals");
}

#[test]
fn target_is_reached_at_exactly_the_target() {
    let game = first_deal_where(parlett(), |g| over_at_target(g.totals().as_slice(), 1));
    let top = *game.totals().as_slice().iter().max().unwrap();
    assert!(replayed_with(&game, rules(GAME, &[("target", &top.to_string())])).is_over());
    assert!(!replayed_with(&game, rules(GAME, &[("target", &(top + 1).to_string())])).is_over());
}

#[test]
fn tie_for_the_lead_at_the_target_plays_another_deal() {
    let tied_lead = |g: &Game| {
        let t = g.totals().as_slice();
        let max = *t.iter().max().unwrap();
        max > 0 && t.iter().filter(|&&x| x == max).count() == 2
    };
    let game = first_deal_where(parlett(), tied_lead);
    let tie = *game.totals().as_slice().iter().max().unwrap();
    let mut game = replayed_with(&game, rules(GAME, &[("target", &tie.to_string())]));
    assert!(
        !game.is_over(),
        "{:?} at target {tie} plays on",
        game.totals().as_slice()
    );
    assert_eq!(game.to_move(), Some(2), "seat 1 deals next, seat 2 leads");
    let mut rng = Rng::new(1);
    while !game.is_over() {
        play_random_deal(&mut game, &mut rng);
    }
    assert!(over_at_target(game.totals().as_slice(), tie));
}

#[test]
fn deals_option_fixed_number_of_deals() {
    let two_deals = rules(GAME, &[("deals", "2")]);
    assert_eq!(two_deals.get("deals"), Some(OptionValue::Number(2)));
    let mut game = Game::new(two_deals, 0);
    let mut rng = Rng::new(4);
    play_random_deal(&mut game, &mut rng);
    assert!(!game.is_over());
    play_random_deal(&mut game, &mut rng);
    assert!(game.is_over());
}

// ---- refused moves ----

#[test]
fn duck_is_only_a_move_for_a_leader_after_two_quacks() {
    let mut d = three(&[], ["7D", "7H 2S", "7C"], "");
    let reason = "'duck': duck is only a move for a leader after two quacks";
    assert_eq!(refusal(&d, "duck"), reason);
    play(&mut d, "7H 7C");
    assert_eq!(refusal(&d, "duck"), reason, "one quack: the trick goes on");
    play(&mut d, "7D");
    assert_eq!(
        refusal(&d, "2S"),
        "'2S': after two quacks the leader may only say duck or play the fourth card of the rank led"
    );
}

#[test]
fn a_card_not_in_hand_is_refused() {
    let d = three(&[], ["2H", "5H", "XR"], "");
    assert_eq!(refusal(&d, "2H"), "'2H': 2H is not in seat 1's hand");
    assert_eq!(refusal(&d, "XR=H"), "'XR=H': XR is not in seat 1's hand");
}
