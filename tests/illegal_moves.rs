//! Every reason a move can be refused, in every game where it can arise:
//! `check` and `play` refuse it with the exact typed reason and its data
//! (see `common::illegal`), and its English words stay the command line's.

mod common;

use common::*;
use duck_soup::engine::rng::Rng;
use duck_soup::engine::{Card, Deal, Game, GameKind, IllegalMove, Move, Suit};

fn two_player(hands: [&str; 2]) -> Deal {
    deal(rules(GameKind::TwoPlayer, &[]), 0, &hands, "")
}

fn three_player(hands: [&str; 3]) -> Deal {
    deal(rules(GameKind::ThreePlayer, &[]), 0, &hands, "")
}

/// Dealer 0: seats 1 and 2 are High, seat 1 leads.
fn partnership(hands: [&str; 4]) -> Deal {
    deal(rules(GameKind::Partnership, &[]), 0, &hands, "")
}

/// A deal of `game` played to its end with random moves.
fn finished(game: GameKind) -> Deal {
    let mut d = first_deal(rules(game, &[]), 0, ordered_deck(game));
    finish_refereed(&mut d, &mut Rng::new(11));
    assert!(d.is_over());
    d
}

// ---- every game ----

#[test]
fn no_move_once_the_deal_is_over() {
    for game in GameKind::ALL {
        let d = finished(game);
        for m in ["AC", "duck"] {
            assert_eq!(
                illegal(&d, m),
                IllegalMove::DealOver { mv: mv(m) },
                "{game}"
            );
        }
    }
    assert_eq!(
        illegal(&finished(GameKind::TwoPlayer), "AC").to_string(),
        "'AC': the deal is over"
    );
}

#[test]
fn no_move_between_deals_or_after_the_game() {
    for game in GameKind::ALL {
        let mut g = Game::new(rules(game, &[]), 0);
        assert_eq!(
            g.play(mv("AC")).err(),
            Some(IllegalMove::NoDealInProgress { mv: mv("AC") }),
            "{game}: before the first deal"
        );
        play_random_deal(&mut g, &mut Rng::new(5));
        assert_eq!(
            g.play(mv("duck")).err(),
            Some(IllegalMove::NoDealInProgress { mv: Move::Concede }),
            "{game}: between deals"
        );
    }
}

#[test]
fn a_card_not_in_the_movers_hand() {
    let d = two_player(["", "5H"]);
    assert_eq!(
        illegal(&d, "2H"),
        IllegalMove::NotInHand {
            mv: mv("2H"),
            card: card("2H"),
            seat: 1
        }
    );
    let d = three_player(["", "5H", "XR"]);
    assert_eq!(
        illegal(&d, "XR=H"),
        IllegalMove::NotInHand {
            mv: mv("XR=H"),
            card: Card::RED_DUCK,
            seat: 1
        }
    );
    let mut d = partnership(["", "9H", "2H", ""]);
    play(&mut d, "9H");
    assert_eq!(
        illegal(&d, "9H"),
        IllegalMove::NotInHand {
            mv: mv("9H"),
            card: card("9H"),
            seat: 2
        },
        "the card is on the table, not in the hand"
    );
}

// ---- games without Ducks ----

#[test]
fn no_ducks_in_the_two_player_and_partnership_games() {
    for game in [GameKind::TwoPlayer, GameKind::Partnership] {
        let d = first_deal(rules(game, &[]), 0, ordered_deck(game));
        for m in ["XB", "XR=H"] {
            assert_eq!(
                illegal(&d, m),
                IllegalMove::NoDucksInGame { mv: mv(m), game },
                "{game}"
            );
        }
    }
}

// ---- saying Duck ----

#[test]
fn two_player_duck_only_for_a_quacked_leader() {
    let why = IllegalMove::DuckOnlyAfterQuacks { quacks: 1 };
    let mut d = two_player(["7C 7S 5H", "7H 7D 2C"]);
    assert_eq!(illegal(&d, "duck"), why, "at the lead");
    play(&mut d, "7H");
    assert_eq!(illegal(&d, "duck"), why, "the follower");
    play(&mut d, "7C 7D");
    assert_eq!(illegal(&d, "duck"), why, "the follower after Quack-quack");
    assert_eq!(
        why.to_string(),
        "'duck': duck is only a move for a leader whose card was quacked"
    );
}

#[test]
fn three_player_duck_only_for_a_leader_after_two_quacks() {
    let why = IllegalMove::DuckOnlyAfterQuacks { quacks: 2 };
    let mut d = three_player(["7D 2C", "7H 7S 2S", "7C 3C"]);
    assert_eq!(illegal(&d, "duck"), why, "at the lead");
    play(&mut d, "7H 7C");
    assert_eq!(illegal(&d, "duck"), why, "after one quack");
    play(&mut d, "7D 7S");
    assert_eq!(
        illegal(&d, "duck"),
        why,
        "adding a card after Quack-quack-quack"
    );
}

#[test]
fn partnership_has_no_duck_move() {
    let mut d = partnership(["", "9H", "9C", ""]);
    let why = IllegalMove::NoDuckMove {
        game: GameKind::Partnership,
    };
    assert_eq!(illegal(&d, "duck"), why, "at the lead");
    play(&mut d, "9H 9C");
    assert_eq!(illegal(&d, "duck"), why, "after a quack");
}

// ---- answering quacks ----

#[test]
fn two_player_quacked_leader_only_says_duck_or_plays_the_rank() {
    let mut d = two_player(["7C 3D", "7H 7D 2C"]);
    play(&mut d, "7H 7C");
    assert_eq!(
        illegal(&d, "2C"),
        IllegalMove::OnlyRankOrDuck {
            card: card("2C"),
            rank: 7,
            quacks: 1
        }
    );
}

#[test]
fn three_player_leader_after_two_quacks_only_says_duck_or_plays_the_rank() {
    let mut d = three_player(["7D", "7H 2S 7S", "7C"]);
    play(&mut d, "7H 7C 7D");
    assert_eq!(
        illegal(&d, "2S"),
        IllegalMove::OnlyRankOrDuck {
            card: card("2S"),
            rank: 7,
            quacks: 2
        }
    );
}

// ---- following ----

#[test]
fn partnership_follower_holding_the_suit_follows_or_quacks() {
    let mut d = partnership(["", "9H", "KH 2S 9C", ""]);
    play(&mut d, "9H");
    assert_eq!(
        illegal(&d, "2S"),
        IllegalMove::MustFollowOrQuack {
            card: card("2S"),
            suit: Suit::Hearts,
            rank: 9
        }
    );
}

// ---- led Ducks (three players) ----

#[test]
fn a_led_duck_must_name_a_suit() {
    let d = three_player(["", "XB XR 2H", ""]);
    for duck in [Card::BLACK_DUCK, Card::RED_DUCK] {
        assert_eq!(
            illegal(&d, &duck.to_string()),
            IllegalMove::DuckMustNameSuit { duck }
        );
    }
}

#[test]
fn a_led_duck_names_a_suit_of_its_colour() {
    let d = three_player(["", "XB XR 2H", ""]);
    assert_eq!(
        illegal(&d, "XB=H"),
        IllegalMove::DuckSuitNotItsColour {
            duck: Card::BLACK_DUCK,
            named: Suit::Hearts
        }
    );
    assert_eq!(
        illegal(&d, "XR=C"),
        IllegalMove::DuckSuitNotItsColour {
            duck: Card::RED_DUCK,
            named: Suit::Clubs
        }
    );
}

#[test]
fn only_a_led_duck_names_a_suit() {
    let mut d = three_player(["", "9H", "XB"]);
    play(&mut d, "9H");
    assert_eq!(
        illegal(&d, "XB=S"),
        IllegalMove::OnlyLedDuckNamesSuit {
            duck: Card::BLACK_DUCK,
            named: Suit::Spades
        }
    );
}

// ---- the refused move ----

#[test]
fn a_refusal_names_its_move() {
    let mut d = three_player(["7D", "7H 2S XB", "7C"]);
    for m in ["XB", "XB=H"] {
        assert_eq!(illegal(&d, m).mv(), mv(m));
    }
    play(&mut d, "7H 7C 7D");
    for m in ["2S", "XB=S", "AS"] {
        let why = illegal(&d, m);
        assert_eq!(why.mv(), mv(m), "{why:?}");
        assert!(why.to_string().starts_with(&format!("'{m}': ")), "{why}");
    }
}
