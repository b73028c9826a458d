//! What the engine tells a front end so it need not work the rules out
//! itself: the mover's turn, the call a quack would make and the cards
//! that make it, who takes the trick so far, the quack cards each
//! partnership member keeps, the roles, and the outcome of deals and games.

mod common;

use common::*;
use duck_soup::engine::rng::Rng;
use duck_soup::engine::{
    Call, CardSet, Course, Deal, Game, GameKind, Move, Role, Roles, Rules, Turn,
};

/// Every position of a few random deals of `game`, each with its mover's legal moves.
fn positions(game: GameKind, deals: u64) -> Vec<Deal> {
    let mut out = Vec::new();
    for seed in 0..deals {
        let mut rng = Rng::new(seed);
        let mut d = first_deal(
            Rules::parlett(game),
            0,
            duck_soup::engine::rng::random_deck(game, &mut rng),
        );
        while !d.is_over() {
            out.push(d);
            let m = random_move(&d.legal_moves(), &mut rng);
            d.play(m).unwrap();
        }
        out.push(d);
    }
    out
}

fn legal_cards(d: &Deal) -> CardSet {
    d.legal_moves()
        .as_slice()
        .iter()
        .filter_map(|m| m.card())
        .collect()
}

#[test]
fn the_turn_says_what_the_legal_moves_allow() {
    for game in GameKind::ALL {
        for d in positions(game, 30) {
            let t = d.trick();
            let hand = d.hand(d.to_move());
            let legal = d.legal_moves();
            match d.turn() {
                None => assert!(d.is_over()),
                Some(Turn::Lead) => {
                    assert!(t.is_empty());
                    assert_eq!(legal_cards(&d), hand);
                }
                Some(Turn::Follow {
                    suit,
                    rank,
                    must_follow,
                }) => {
                    assert_eq!((Some(suit), rank), (t.led_suit(), t.led_rank()));
                    assert!(!legal.contains(Move::Concede));
                    let allowed =
                        CardSet::suit(suit).or(rank.map_or(CardSet::EMPTY, CardSet::rank));
                    if must_follow {
                        assert_eq!(game, GameKind::Partnership);
                        assert_eq!(legal_cards(&d), hand.and(allowed));
                    } else {
                        assert_eq!(legal_cards(&d), hand);
                    }
                }
                Some(Turn::AnswerQuacks { quacks, rank }) => {
                    let expected = if game == GameKind::TwoPlayer { 1 } else { 2 };
                    assert_eq!(quacks, expected, "{game}");
                    assert_eq!(d.to_move(), d.leader());
                    assert!(legal.contains(Move::Concede));
                    assert_eq!(legal_cards(&d), hand.and(CardSet::rank(rank)));
                }
                Some(Turn::AnswerQuackQuack { rank }) => {
                    assert_eq!(game, GameKind::TwoPlayer);
                    assert_eq!(t.led_rank(), Some(rank));
                    assert_eq!(legal_cards(&d), hand);
                }
                Some(Turn::AddCard) => {
                    assert_eq!(game, GameKind::ThreePlayer);
                    assert_eq!(legal_cards(&d), hand);
                }
            }
        }
    }
}

#[test]
fn the_call_if_quacked_is_the_call_a_quack_makes() {
    let mut quacks = 0;
    for game in GameKind::ALL {
        for d in positions(game, 30) {
            let call = d.call_if_quacked();
            let quackers = d.quack_cards();
            match (call, d.trick().led_rank()) {
                (Some(_), Some(rank)) => {
                    assert_eq!(quackers, legal_cards(&d).and(CardSet::rank(rank)))
                }
                _ => assert!(quackers.is_empty(), "{game}: {quackers} without a call"),
            }
            for c in quackers.iter() {
                let mut after = d;
                let effect = after.play(Move::Play(c)).unwrap();
                assert_eq!(effect.call, call, "{game}: {c}");
                quacks += 1;
            }
            // Any other card makes no call (a leader's Duck is not a quack).
            for c in legal_cards(&d).minus(quackers).iter() {
                let mut after = d;
                if !d.trick().is_empty() {
                    assert_eq!(after.play(Move::Play(c)).unwrap().call, None, "{game}: {c}");
                }
            }
        }
    }
    assert!(quacks > 100, "only {quacks} quacks tried");
}

#[test]
fn the_first_quack_calls_quack_and_later_ones_answer_it() {
    let mut d = deal(
        Rules::parlett(GameKind::TwoPlayer),
        0,
        &["7C 7S", "7H 7D"],
        "",
    );
    assert_eq!(d.call_if_quacked(), None, "nothing is led");
    play(&mut d, "7H");
    assert_eq!(d.call_if_quacked(), Some(Call::Quack));
    play(&mut d, "7C");
    assert_eq!(d.call_if_quacked(), Some(Call::QuackQuack));
    play(&mut d, "7D");
    assert_eq!(d.call_if_quacked(), Some(Call::DuckSoup));

    let mut d = deal(
        Rules::parlett(GameKind::ThreePlayer),
        0,
        &["7D", "7H 7S XB", "7C"],
        "",
    );
    play(&mut d, "7H");
    assert_eq!(d.call_if_quacked(), Some(Call::Quack));
    play(&mut d, "7C");
    assert_eq!(d.call_if_quacked(), Some(Call::QuackQuack));
    play(&mut d, "7D");
    assert_eq!(d.call_if_quacked(), Some(Call::QuackQuackQuack));
    assert_eq!(d.quack_cards(), set("7S"));
}

#[test]
fn who_takes_the_trick_so_far() {
    // Two players, dealer 0: seat 1 leads.
    let mut d = deal(
        Rules::parlett(GameKind::TwoPlayer),
        0,
        &["7C 7S", "7H 7D"],
        "",
    );
    assert_eq!(d.winning_seat(), None);
    play(&mut d, "7H");
    assert_eq!(d.winning_seat(), Some(1), "the lead");
    play(&mut d, "7C");
    assert_eq!(
        d.winning_seat(),
        Some(0),
        "the quack, if the leader says Duck"
    );
    play(&mut d, "7D");
    assert_eq!(
        d.winning_seat(),
        Some(1),
        "Quack-quack, if the follower discards"
    );

    // Three players: a led Duck wins; otherwise a quack or the best card of the suit.
    let mut d = deal(
        Rules::parlett(GameKind::ThreePlayer),
        0,
        &["5H", "XR 9H", "2H"],
        "",
    );
    play(&mut d, "XR=H 2H");
    assert_eq!(d.winning_seat(), Some(1), "the led Duck");
    let mut d = deal(
        Rules::parlett(GameKind::ThreePlayer),
        0,
        &["5H", "9H", "2H"],
        "",
    );
    play(&mut d, "9H 2H");
    assert_eq!(d.winning_seat(), Some(2), "Duck course: the lower card");

    // Partnership, dealer 0: seats 1 and 2 are High, seats 0 and 3 Low.
    let mut d = deal(
        Rules::parlett(GameKind::Partnership),
        0,
        &["9D", "3H", "5H", "AH"],
        "",
    );
    play(&mut d, "3H 5H");
    assert_eq!(d.winning_seat(), Some(1), "a low lead: the lowest card");
    play(&mut d, "AH");
    assert_eq!(d.winning_seat(), Some(3), "a Low member's Ace is lowest");
}

#[test]
fn a_conceded_trick_goes_to_who_was_taking_it() {
    let mut conceded = 0;
    for game in [GameKind::TwoPlayer, GameKind::ThreePlayer] {
        for d in positions(game, 60) {
            if d.legal_moves().contains(Move::Concede) {
                let mut after = d;
                let o = after.play(Move::Concede).unwrap().trick.unwrap();
                assert_eq!(Some(o.winner), d.winning_seat(), "{game}");
                conceded += 1;
            }
        }
    }
    assert!(conceded > 10, "only {conceded} concessions");
}

#[test]
fn partnership_members_keep_their_quack_cards_face_up() {
    let mut some_kept = false;
    for d in positions(GameKind::Partnership, 30) {
        let mut all = CardSet::EMPTY;
        for s in 0..4 {
            let kept = d.kept_quacks(s);
            assert_eq!(kept.len(), d.pile(Course::Duck, s).up as u32, "seat {s}");
            assert!(all.and(kept).is_empty(), "a card kept twice");
            assert_eq!(d.played().and(kept), kept, "kept cards were played");
            all = all.or(kept);
            some_kept |= !kept.is_empty();
        }
    }
    assert!(some_kept);
    for game in [GameKind::TwoPlayer, GameKind::ThreePlayer] {
        for d in positions(game, 5) {
            assert!((0..d.seats()).all(|s| d.kept_quacks(s).is_empty()));
        }
    }
}

#[test]
fn roles_are_the_games_and_only_in_partnerships() {
    for first_dealer in 0..4u8 {
        let game = Game::new(Rules::parlett(GameKind::Partnership), first_dealer);
        let high: Vec<u8> = (0..4)
            .filter(|&s| game.role(s) == Some(Role::High))
            .collect();
        let mut want = vec![(first_dealer + 1) % 4, (first_dealer + 2) % 4];
        want.sort();
        assert_eq!(high, want);
        assert_eq!(
            Roles::of_game(GameKind::Partnership, first_dealer).role(first_dealer),
            Role::Low
        );
    }
    for kind in [GameKind::TwoPlayer, GameKind::ThreePlayer] {
        let mut game = Game::new(Rules::parlett(kind), 1);
        game.start_deal(ordered_deck(kind), None).unwrap();
        assert!((0..kind.seats() as u8).all(|s| game.role(s).is_none()));
        assert!((0..kind.seats() as u8).all(|s| game.deal().unwrap().role(s).is_none()));
    }
}

#[test]
fn a_game_tells_its_outcome_once_over() {
    for kind in GameKind::ALL {
        let mut game = Game::new(Rules::parlett(kind), 0);
        let mut rng = Rng::new(2);
        while !game.is_over() {
            assert_eq!(game.outcome(), None);
            play_random_deal(&mut game, &mut rng);
            let result = game.results().last().unwrap();
            let deal = game.deal().unwrap();
            assert_eq!(result.points, deal.points());
            assert_eq!(result.scores, deal.scores());
        }
        let outcome = game.outcome().expect("the game is over");
        assert_eq!(outcome.totals, *game.totals());
        assert_eq!(outcome.winner, game.totals().winner());
        let summed: Vec<u32> = kind
            .each_scorer()
            .map(|s| game.results().iter().map(|r| r.scores[s]).sum())
            .collect();
        assert_eq!(game.totals().to_vec(), summed);
    }
}

#[test]
fn a_cards_order_in_its_suit_is_the_order_tricks_are_won_by() {
    // The Ace by course in the games with courses, by role in partnerships.
    let d = deal(
        Rules::parlett(GameKind::TwoPlayer),
        0,
        &["AS 2S", "KS 3S"],
        "",
    );
    assert_eq!(d.course(), Course::Duck);
    assert_eq!(d.order_in_suit(0, card("AS")), 1);
    assert_eq!(d.order_in_suit(0, card("2S")), 2);
    assert_eq!(d.order_in_suit(1, card("KS")), 13);
    // Dealer 0: seats 1 and 2 are High, 0 and 3 Low.
    let p = deal(
        Rules::parlett(GameKind::Partnership),
        0,
        &["AH", "AS", "AD", "AC"],
        "",
    );
    let aces = ["AH", "AS", "AD", "AC"].map(card);
    let orders: Vec<u8> = (0..4)
        .map(|s| p.order_in_suit(s, aces[s as usize]))
        .collect();
    assert_eq!(orders, [1, 14, 14, 1]);
    let three = deal(
        Rules::parlett(GameKind::ThreePlayer),
        0,
        &["XR", "2H", "3H"],
        "",
    );
    assert_eq!(three.order_in_suit(0, card("XR")), 0, "a Duck has no rank");

    // Every card of the suit led that may follow takes the trick so far as
    // the order says: in Soup (and on partnerships' high leads) the higher,
    // in Duck (and on low leads) the lower. (No Duck and no quack here: the
    // same suit is never the rank led.)
    let mut compared = [0; 3];
    let mut soup_aces = 0;
    for (g, game) in GameKind::ALL.into_iter().enumerate() {
        for d in positions(game, 30) {
            let Some((leader, led)) = d.trick().plays().next() else {
                continue;
            };
            if d.trick().len() != 1 || led.is_joker() {
                continue;
            }
            let follower = d.to_move();
            for &mv in d.legal_moves().as_slice() {
                let Some(c) = mv
                    .card()
                    .filter(|c| !c.is_joker() && c.suit() == led.suit())
                else {
                    continue;
                };
                let (a, b) = (d.order_in_suit(leader, led), d.order_in_suit(follower, c));
                let higher_wins = match game {
                    GameKind::Partnership => a >= 8,
                    _ => d.course() == Course::Soup,
                };
                soup_aces += (higher_wins && game != GameKind::Partnership && c.rank() == 1) as u32;
                let mut after = d;
                let effect = after.play(mv).unwrap();
                let taken = effect.trick.map(|o| o.winner).or(after.winning_seat());
                let want = if (b > a) == higher_wins {
                    follower
                } else {
                    leader
                };
                assert_eq!(taken, Some(want), "{game}: {led} then {c}");
                compared[g] += 1;
            }
        }
    }
    assert!(compared.iter().all(|&n| n > 20), "{compared:?}");
    assert!(soup_aces > 0, "no Ace played in the Soup course");
}
