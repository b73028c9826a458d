//! RULES.md section 3: four players in partnerships, one test per rule.
//!
//! Unless a test says otherwise seat 0 is the first dealer, so seats 1 and 2
//! are High, seats 0 and 3 Low; sides are seats 0 + 2 and 1 + 3, and seat 1
//! leads the first trick. Most tests deal [`LAYOUT`], whose hands are chosen
//! so that every card a test plays is legal.

mod common;

use common::*;
use duck_soup::engine::rng::{random_deck, Rng};
use duck_soup::engine::rules::GameEnd;
use duck_soup::engine::{Call, CardSet, Course, Deal, Game, GameKind, Roles, Rules};

const GAME: GameKind = GameKind::Partnership;

/// Hands by seat: 0 (Low), 1 (High, leads), 2 (High), 3 (Low).
const LAYOUT: [&str; 4] = [
    "JH 9S TS JS QS 5C 6C 7C 8C TC JC QC KC",
    "AH 9H 8H 5H AS KS 2D 3D 4D 5D 6D 7D 8D",
    "KH TH 3H 7H 9C 2S 3S 4S TD JD QD KD AD",
    "2H 4H 6H QH 9D 5S 6S 7S 8S AC 2C 3C 4C",
];

/// [`LAYOUT`] with the Ace and Two of hearts exchanged: the Low seat 3 holds the Ace.
const LOW_ACE_LAYOUT: [&str; 4] = [
    LAYOUT[0],
    "2H 9H 8H 5H AS KS 2D 3D 4D 5D 6D 7D 8D",
    LAYOUT[2],
    "AH 4H 6H QH 9D 5S 6S 7S 8S AC 2C 3C 4C",
];

fn parlett() -> Rules {
    Rules::parlett(GAME)
}

fn layout_deal(hands: [&str; 4]) -> Deal {
    deal(parlett(), 0, &hands, "")
}

// ---- the deal and the roles ----

#[test]
fn deal_thirteen_each_one_at_a_time_starting_left_of_dealer_with_no_stock() {
    let deck = ordered_deck(GAME);
    for dealer in 0..4u8 {
        let d = first_deal(parlett(), dealer, deck.clone());
        for k in 0..4u8 {
            let seat = (dealer + 1 + k) % 4;
            let dealt: CardSet = deck.iter().skip(k as usize).step_by(4).copied().collect();
            assert_eq!(d.hand(seat), dealt, "dealer {dealer}, seat {seat}");
        }
        assert_eq!(d.stock_len(), 0);
        assert_eq!(
            (d.leader(), d.to_move()),
            ((dealer + 1) % 4, (dealer + 1) % 4)
        );
    }
}

#[test]
fn deck_is_the_52_standard_cards() {
    let mut deck = ordered_deck(GAME);
    deck.push(card("XB"));
    assert_eq!(
        Deal::new(parlett(), 0, Roles::NONE, &deck)
            .unwrap_err()
            .to_string(),
        "deck: 'XB' is not a card of the partnership game"
    );
}

#[test]
fn no_courses_points_are_counted_once_at_the_end_of_the_deal() {
    let mut d = first_deal(parlett(), 0, random_deck(GAME, &mut Rng::new(1)));
    let mut rng = Rng::new(2);
    let mut referee = Referee::default();
    while !d.is_over() {
        assert_eq!(
            d.course(),
            Course::Duck,
            "partnership tricks are stored as one course"
        );
        assert!(d.course_points().is_empty());
        let m = random_move(&d.legal_moves(), &mut rng);
        referee.play(&mut d, m);
    }
    let counts: Vec<u32> = (0..4).map(|s| d.pile(Course::Duck, s).points()).collect();
    assert_eq!(d.course_points(), vec![counts]);
    assert_eq!(d.course_points(), referee.course_points(&d));
}

#[test]
fn first_dealers_left_hand_neighbour_and_partner_are_high() {
    for first in 0..4u8 {
        let game = Game::new(parlett(), first);
        let seat = |k: u8| (first + k) % 4;
        assert!(
            game.is_high(seat(1)) && game.is_high(seat(2)),
            "first dealer {first}"
        );
        assert!(
            !game.is_high(seat(0)) && !game.is_high(seat(3)),
            "first dealer {first}"
        );
        for side in 0..2 {
            assert_ne!(
                game.is_high(side),
                game.is_high(side + 2),
                "one High, one Low per side"
            );
        }
    }
}

#[test]
fn roles_stay_fixed_for_the_game() {
    let mut game = Game::new(parlett(), 2);
    let roles: Vec<bool> = (0..4).map(|s| game.is_high(s)).collect();
    assert_eq!(roles, [true, false, false, true]);
    let mut rng = Rng::new(9);
    for k in 0..4u8 {
        play_random_deal(&mut game, &mut rng);
        let d = game.deal().unwrap();
        assert_eq!(d.dealer(), (2 + k) % 4);
        let now: Vec<bool> = (0..4).map(|s| d.is_high(s)).collect();
        assert_eq!(now, roles, "deal {}", k + 1);
    }
}

// ---- play ----

#[test]
fn left_of_dealer_leads_and_the_trick_winner_leads_next() {
    let mut d = layout_deal(LAYOUT);
    assert_eq!(d.to_move(), 1);
    play(&mut d, "9H");
    assert_eq!(d.to_move(), 2, "play passes to the left");
    assert_eq!(trick(&mut d, "KH 2H JH").winner, 2);
    assert_eq!((d.leader(), d.to_move()), (2, 2));
}

#[test]
fn follower_must_follow_suit_or_quack() {
    let mut d = layout_deal(LAYOUT);
    play(&mut d, "9H");
    assert_eq!(legal(&d), sorted(&["KH", "TH", "3H", "7H", "9C"]));
    assert_eq!(
        refusal(&d, "2S"),
        "'2S': must follow suit or play a card of the rank led (quack)"
    );
    play(&mut d, "9C");
    assert_eq!(
        d.to_move(),
        3,
        "a quack is allowed while holding the suit led"
    );
}

#[test]
fn follower_void_in_the_suit_led_may_play_any_card() {
    let mut d = layout_deal(LAYOUT);
    play(&mut d, "5D TD 9D");
    assert_eq!(legal(&d), hand_codes(set(LAYOUT[0])));
    assert_eq!(trick(&mut d, "KC").winner, 1);
}

#[test]
fn high_lead_is_won_by_the_highest_card_of_the_suit_led() {
    let mut d = layout_deal(LAYOUT);
    let t = trick(&mut d, "9H KH 2H JH");
    assert_eq!((t.winner, t.keeper, t.stored), (2, 2, pile(4, 0)));
}

#[test]
fn low_lead_is_won_by_the_lowest_card_of_the_suit_led() {
    let mut d = layout_deal(LAYOUT);
    let t = trick(&mut d, "5H 3H 2H JH");
    assert_eq!((t.winner, t.keeper, t.stored), (3, 3, pile(4, 0)));
    assert_eq!(d.pile(Course::Duck, 3), pile(4, 0));
}

#[test]
fn ace_ranks_above_the_king_for_a_high_member() {
    let mut d = layout_deal(LAYOUT);
    let t = trick(&mut d, "8D AD 9D KC");
    assert_eq!((t.winner, t.keeper), (2, 2));
}

#[test]
fn ace_ranks_below_the_two_for_a_low_member() {
    let mut low_lead = layout_deal(LOW_ACE_LAYOUT);
    assert_eq!(
        trick(&mut low_lead, "5H 3H AH JH").winner,
        3,
        "the lowest card"
    );
    let mut high_lead = layout_deal(LOW_ACE_LAYOUT);
    assert_eq!(
        trick(&mut high_lead, "9H 3H AH JH").winner,
        0,
        "never the highest"
    );
}

#[test]
fn ace_led_by_a_high_member_is_a_high_lead() {
    let mut d = layout_deal(LAYOUT);
    let t = trick(&mut d, "AH KH 2H JH");
    assert_eq!((t.winner, t.keeper), (1, 1));
    assert_eq!(d.pile(Course::Duck, 1), pile(4, 0));
}

#[test]
fn ace_led_by_a_low_member_is_a_low_lead() {
    let mut d = layout_deal(LAYOUT);
    assert_eq!(trick(&mut d, "5H 3H 2H JH").winner, 3);
    let t = trick(&mut d, "AC 5C 2D 9C");
    assert_eq!(
        (t.winner, t.keeper),
        (3, 3),
        "the lowest club wins; the Low member keeps it"
    );
    assert_eq!(d.pile(Course::Duck, 1), pile(0, 0));
    assert_eq!(d.pile(Course::Duck, 3), pile(8, 0));
}

#[test]
fn quack_may_be_played_while_able_to_follow_and_wins() {
    let mut d = layout_deal(LAYOUT);
    let effects = play_each(&mut d, "9H 9C 2H JH");
    assert_eq!(effects[1].call, Some(Call::Quack));
    let t = effects[3].trick.unwrap();
    assert_eq!((t.winner, t.keeper, t.stored), (2, 2, pile(3, 1)));
}

#[test]
fn up_to_three_quacks_the_last_quack_wins() {
    let mut three = layout_deal(LAYOUT);
    let effects = play_each(&mut three, "9H 9C 9D 9S");
    assert_eq!(effects[0].call, None);
    assert_eq!(effects[1].call, Some(Call::Quack));
    assert_eq!(effects[2].call, Some(Call::QuackQuack));
    assert!(effects[3].call.is_some(), "the third quack is called");
    let t = effects[3].trick.unwrap();
    assert_eq!((t.winner, t.keeper, t.stored), (0, 2, pile(1, 3)));
    assert_eq!(three.to_move(), 0);

    let mut two = layout_deal(LAYOUT);
    let t = trick(&mut two, "9H 9C 4H 9S");
    assert_eq!((t.winner, t.stored), (0, pile(2, 2)));
}

// ---- storing and scoring ----

#[test]
fn keeper_is_the_high_member_of_the_winning_side_for_a_high_trick() {
    let mut d = layout_deal(LAYOUT);
    let t = trick(&mut d, "8H 3H 4H JH");
    assert_eq!(
        (t.winner, t.keeper),
        (0, 2),
        "Low seat 0 wins, High partner keeps"
    );
    assert_eq!(d.pile(Course::Duck, 2), pile(4, 0));
    assert_eq!(d.pile(Course::Duck, 0), pile(0, 0));
    assert_eq!(d.to_move(), 0, "the winner leads next");
}

#[test]
fn keeper_is_the_low_member_of_the_winning_side_for_a_low_trick() {
    let mut d = layout_deal(LAYOUT);
    let t = trick(&mut d, "5H 3H 4H JH");
    assert_eq!(
        (t.winner, t.keeper),
        (2, 0),
        "High seat 2 wins, Low partner keeps"
    );
    assert_eq!(d.pile(Course::Duck, 0), pile(4, 0));
    assert_eq!(d.to_move(), 2);
}

#[test]
fn quack_cards_are_kept_face_up_and_count_two() {
    let mut d = layout_deal(LAYOUT);
    trick(&mut d, "9H 9C 2H JH");
    assert_eq!(d.pile(Course::Duck, 2), pile(3, 1));
    assert_eq!(d.pile(Course::Duck, 2).points(), 5);
}

#[test]
fn side_score_is_the_product_of_its_members_counts() {
    let mut d = first_deal(parlett(), 0, random_deck(GAME, &mut Rng::new(5)));
    let referee = finish_refereed(&mut d, &mut Rng::new(6));
    let counts = &d.course_points()[0];
    assert_eq!(
        d.scores().to_vec(),
        vec![counts[0] * counts[2], counts[1] * counts[3]]
    );
    assert_eq!(d.scores().to_vec(), referee.scores(&parlett()));
    let cards: u32 = (0..4)
        .map(|s| d.pile(Course::Duck, s))
        .map(|p| (p.down + p.up) as u32)
        .sum();
    assert_eq!(cards, 52, "every card is kept by someone");
}

// ---- the game ----

#[test]
fn game_is_four_deals_passing_left() {
    assert_eq!(parlett().end(), GameEnd::Deals(4));
    let mut game = Game::new(parlett(), 3);
    let mut rng = Rng::new(1);
    for k in 0..4 {
        assert!(!game.is_over());
        let dealer = (3 + k as u8) % 4;
        assert_eq!(game.dealer_of(k), dealer);
        assert_eq!(game.to_move(), Some((dealer + 1) % 4));
        play_random_deal(&mut game, &mut rng);
        assert_eq!(game.deal().unwrap().dealer(), dealer);
    }
    assert!(game.is_over());
    let sums: Vec<u32> = (0..2)
        .map(|side| {
            game.results()
                .iter()
                .map(|r| r.scores.as_slice()[side])
                .sum()
        })
        .collect();
    assert_eq!(game.totals().as_slice(), &sums[..], "totals by side");
}

#[test]
fn target_option_plays_to_the_target() {
    let to_1000 = rules(GAME, &[("target", "1000")]);
    assert_eq!(to_1000.end(), GameEnd::Target(1000));
    let mut longest = 0;
    for seed in 0..5 {
        let mut game = Game::new(to_1000, 0);
        let mut rng = Rng::new(seed);
        while !game.is_over() {
            assert!(game.results().len() < 100, "the game ends");
            play_random_deal(&mut game, &mut rng);
            let t = game.totals().as_slice();
            assert_eq!(game.is_over(), over_at_target(t, 1000), "{t:?}");
        }
        longest = longest.max(game.results().len());
    }
    assert!(longest > 4, "a target game is not limited to four deals");
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
    let game = first_deal_where(parlett(), |g| {
        g.totals().as_slice()[0] == g.totals().as_slice()[1] && g.totals().as_slice()[0] > 0
    });
    let tie = game.totals().as_slice()[0];
    let mut game = replayed_with(&game, rules(GAME, &[("target", &tie.to_string())]));
    assert!(!game.is_over());
    let mut rng = Rng::new(3);
    while !game.is_over() {
        play_random_deal(&mut game, &mut rng);
    }
    assert!(over_at_target(game.totals().as_slice(), tie));
}

// ---- refused moves ----

#[test]
fn there_is_no_duck_move_and_no_duck_card() {
    let d = layout_deal(LAYOUT);
    assert_eq!(
        refusal(&d, "duck"),
        "'duck': there is no duck move in the partnership game"
    );
    assert_eq!(
        refusal(&d, "XB"),
        "'XB': there is no Duck (XB) in the partnership game"
    );
    assert_eq!(refusal(&d, "JH"), "'JH': JH is not in seat 1's hand");
}
