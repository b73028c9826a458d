//! The online-play messages (`net::protocol`): a guest sends only its
//! choices and is refused anything beyond its seat; every message is checked
//! on arrival; a flood is cut; a guest's table holds nothing it may not see.

mod common;

use common::*;
use duck_soup::engine::rng::{shuffled_deck, Rng};
use duck_soup::engine::{Card, CardSet, Game, GameKind, IllegalMove, Move, Rules};
use duck_soup::net::protocol::*;

/// A two-player game from a seed, a few moves in.
fn game_in_progress() -> Game {
    let mut game = Game::new(Rules::parlett(GameKind::TwoPlayer), 0);
    let deck = shuffled_deck(GameKind::TwoPlayer, "protocol");
    game.start_deal(deck, Some("protocol".into())).unwrap();
    let mut rng = Rng::new(4);
    for _ in 0..5 {
        let mv = random_move(&game.legal_moves(), &mut rng);
        game.play(mv).unwrap();
    }
    game
}

#[test]
fn messages_round_trip_as_json() {
    let messages = [
        ToHost::Hello { v: VERSION, token: "0123456789abcdef".into(), name: "Ben".into() },
        ToHost::Move { v: VERSION, seat: 1, turn: 7, mv: "XB=S".parse().unwrap() },
        ToHost::Move { v: VERSION, seat: 1, turn: 8, mv: Move::Concede },
        ToHost::Ping { v: VERSION, n: 3 },
    ];
    for m in messages {
        let text = serde_json::to_string(&m).unwrap();
        assert!(text.contains("\"v\":1") && text.contains("\"t\":"), "{text}");
        assert_eq!(ToHost::read(&text), Ok(m));
    }
    let game = game_in_progress();
    let table = ToGuest::Table(Box::new(guest_table(&game, 1, 5, &["Aiko".into(), "Ben".into()], &[true, true])));
    let text = serde_json::to_string(&table).unwrap();
    assert_eq!(ToGuest::read(&text), Ok(table));
    let refused = ToGuest::Refused {
        v: VERSION,
        turn: 5,
        why: Refusal::Illegal { why: IllegalMove::DuckOnlyAfterQuacks { quacks: 1 } },
    };
    let text = serde_json::to_string(&refused).unwrap();
    assert_eq!(ToGuest::read(&text), Ok(refused));
}

#[test]
fn malformed_oversized_unknown_and_foreign_messages_are_dropped() {
    let cases = [
        "",
        "not json",
        "[]",
        r#"{"v":1}"#,
        r#"{"v":1,"t":"shout"}"#,
        r#"{"v":1,"t":"move","seat":1,"turn":0,"mv":"7X"}"#,
        r#"{"v":1,"t":"move","seat":1,"turn":0,"mv":"7H","extra":true}"#,
        r#"{"v":1,"t":"move","seat":-1,"turn":0,"mv":"7H"}"#,
        r#"{"v":1,"t":"move","seat":1,"turn":4294967296,"mv":"7H"}"#,
        r#"{"v":1,"t":"hello","token":"x","name":{"$":1}}"#,
    ];
    for text in cases {
        assert!(matches!(ToHost::read(text), Err(Dropped::Malformed(_))), "{text}");
    }
    let big = format!(r#"{{"v":1,"t":"ping","n":1,"pad":"{}"}}"#, "x".repeat(MAX_MESSAGE_BYTES));
    assert!(matches!(ToHost::read(&big), Err(Dropped::TooLarge(_))));
    assert_eq!(ToHost::read(r#"{"v":2,"t":"ping","n":1}"#), Err(Dropped::Version(2)));
    // A dropped message's description is one line whatever was sent.
    let e = ToHost::read("{\"v\":1,\"t\":\"x\u{2028}y\"}").unwrap_err();
    assert!(!e.to_string().contains(['\n', '\u{2028}']), "{e}");
}

#[test]
fn a_guest_can_move_only_its_own_seat_on_its_turn_by_the_rules() {
    let game = game_in_progress();
    let before = format!("{:?}", game.deal());
    let turn = 5;
    let mover = game.to_move().unwrap();
    let other = 1 - mover;
    let legal = game.legal_moves().as_slice()[0];
    // For another seat.
    assert_eq!(check_move(&game, other, turn, mover, turn, legal), Err(Refusal::NotYourSeat));
    // Its own seat, not its turn.
    assert_eq!(check_move(&game, other, turn, other, turn, legal), Err(Refusal::NotYourTurn));
    // Made on an older table.
    assert_eq!(check_move(&game, mover, turn, mover, turn - 1, legal), Err(Refusal::Stale));
    // A card it does not hold: the engine's reason.
    let not_held = game.deal().unwrap().hand(other).first().unwrap();
    assert!(matches!(
        check_move(&game, mover, turn, mover, turn, Move::Play(not_held)),
        Err(Refusal::Illegal { why: IllegalMove::NotInHand { .. } })
    ));
    assert_eq!(check_move(&game, mover, turn, mover, turn, legal), Ok(legal));
    // Checking changes nothing.
    assert_eq!(format!("{:?}", game.deal()), before);
}

#[test]
fn a_flood_is_cut_and_the_peer_heard_again_later() {
    let mut flood = Flood::new(20, 10);
    let admitted = (0..1000).filter(|i| flood.admit(f64::from(*i)).is_ok()).count();
    // One second of a thousand messages: the burst and the second's refill.
    assert!(admitted <= 31, "{admitted} admitted");
    assert_eq!(flood.dropped as usize, 1000 - admitted);
    assert!(flood.admit(5_000.0).is_ok(), "heard again once it stops");
}

#[test]
fn a_guest_table_holds_only_its_seat_and_the_public_table() {
    let game = game_in_progress();
    for seat in 0..2u8 {
        let table = guest_table(&game, seat, 5, &["A".into(), "B".into()], &[true, false]);
        let text = serde_json::to_string(&ToGuest::Table(Box::new(table))).unwrap();
        let deal = game.deal().unwrap();
        let mut named = CardSet::EMPTY;
        for token in text.split(|c: char| !c.is_ascii_alphanumeric()) {
            if let Ok(c) = token.parse::<Card>() {
                named.insert(c);
            }
        }
        assert!(named.minus(deal.hand(seat).or(deal.played())).is_empty(), "{text}");
        assert!(!text.contains("protocol"), "the deal's seed never travels: {text}");
    }
}

#[test]
fn a_guest_table_reads_back_into_the_game_its_seat_sees() {
    let mut game = Game::new(Rules::parlett(GameKind::TwoPlayer), 1);
    let mut rng = Rng::new(9);
    // A first deal played out, a second one begun.
    for k in 0..2 {
        let deck = shuffled_deck(GameKind::TwoPlayer, &format!("seen/{k}"));
        game.start_deal(deck, None).unwrap();
        let moves = if k == 0 { 10_000 } else { 7 };
        for _ in 0..moves {
            if !game.in_deal() {
                break;
            }
            let mv = random_move(&game.legal_moves(), &mut rng);
            game.play(mv).unwrap();
        }
    }
    for seat in 0..2u8 {
        let table = guest_table(&game, seat, turn_of(&game), &["A".into(), "B".into()], &[true, true]);
        let seen = table.to_game().expect("a table the host made reads back");
        assert_eq!(seen.results(), game.results());
        assert_eq!(seen.totals(), game.totals());
        assert_eq!(seen.log().len(), game.log().len());
        assert_eq!(seen.first_dealer(), game.first_dealer());
        if game.to_move() == Some(seat) {
            assert_eq!(seen.legal_moves().as_slice(), game.legal_moves().as_slice());
        }
        let (a, b) = (seen.deal().unwrap(), game.deal().unwrap());
        assert_eq!(a.hand(seat), b.hand(seat));
        assert_eq!(table.hand_len(1 - seat), b.hand_len(1 - seat));
    }
    // A forged table (another hand's count beyond the game, bad scores) is refused.
    let mut bad = guest_table(&game, 0, 1, &[], &[]);
    bad.scores.push(vec![1, 2, 3]);
    assert!(bad.to_game().is_err());
    assert!(turn_of(&game) > 0);
}
