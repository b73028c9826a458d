//! The online-play messages (`net::protocol`): a guest sends only its
//! choices and is refused anything beyond its seat; every message is checked
//! on arrival; a flood is cut; a guest's table holds nothing it may not see.

mod common;

use common::*;
use duck_soup::ai::SeatView;
use duck_soup::codec::Error;
use duck_soup::engine::rng::{shuffled_deck, Rng};
use duck_soup::engine::{Call, Card, CardSet, Game, GameKind, IllegalMove, Move, Rules};
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
fn messages_round_trip_as_bytes() {
    let messages = [
        ToHost::Hello {
            token: [1, 0x23, 0x45, 0x67, 0x89, 0xab, 0xcd, 0xef],
            secret: [9, 8, 7, 6, 5, 4, 3, 2],
        },
        ToHost::Hello {
            token: [0; 8],
            secret: [0xff; 8],
        },
        ToHost::Move {
            seat: 1,
            turn: 7,
            mv: "XB=S".parse().unwrap(),
        },
        ToHost::Move {
            seat: 1,
            turn: 300_000,
            mv: Move::Concede,
        },
        ToHost::Move {
            seat: 0,
            turn: 0,
            mv: "7H".parse().unwrap(),
        },
        ToHost::Ping { n: u32::MAX },
    ];
    for m in messages {
        let bytes = m.encode();
        assert_eq!(bytes[0], VERSION);
        assert_eq!(ToHost::decode(&bytes), Ok(m));
    }
    let game = game_in_progress();
    let mut table = guest_table(&game, 1, 5, &["Aiko".into(), "Ben".into()], &[true, false]);
    table.who = vec!["host".into(), "friend".into()];
    table.last = Some(LastMove {
        seat: 0,
        mv: "7H".parse().unwrap(),
        call: Some(Call::Quack),
    });
    let table = ToGuest::Table(Box::new(table));
    let bytes = table.encode();
    assert!(
        bytes.len() < 400,
        "a table is a few hundred bytes: {}",
        bytes.len()
    );
    assert_eq!(ToGuest::decode(&bytes), Ok(table));
    // A guest over its flood limit holds tables only, told by two bytes.
    assert!(ToGuest::is_table(&bytes));
    assert!(!ToGuest::is_table(&ToGuest::Pong { n: 9 }.encode()));
    assert!(!ToGuest::is_table(&bytes[..1]));
    let mut other_version = bytes.clone();
    other_version[0] ^= 0x40;
    assert!(!ToGuest::is_table(&other_version));
    for reason in [
        Reason::NotYourSeat,
        Reason::NotYourTurn,
        Reason::Stale,
        Reason::Illegal,
        Reason::NoHello,
    ] {
        let refused = ToGuest::Refused { turn: 5, reason };
        assert_eq!(ToGuest::decode(&refused.encode()), Ok(refused));
    }
    // A reason no host writes (the last byte: the one after the last reason).
    let mut unknown = ToGuest::Refused {
        turn: 5,
        reason: Reason::NoHello,
    }
    .encode();
    *unknown.last_mut().unwrap() += 1;
    assert_eq!(
        ToGuest::decode(&unknown),
        Err(Dropped::Malformed(Error::Invalid("the refusal's reason")))
    );
    let pong = ToGuest::Pong { n: 9 };
    assert_eq!(ToGuest::decode(&pong.encode()), Ok(pong.clone()));
    // Each side reads only the other side's messages.
    assert_eq!(
        ToHost::decode(&pong.encode()),
        Err(Dropped::Malformed(Error::Invalid("message type")))
    );
    assert_eq!(
        ToGuest::decode(&ToHost::Ping { n: 1 }.encode()),
        Err(Dropped::Malformed(Error::Invalid("message type")))
    );
}

#[test]
fn every_table_of_whole_games_round_trips_for_every_seat() {
    for (i, kind) in [
        GameKind::TwoPlayer,
        GameKind::ThreePlayer,
        GameKind::Partnership,
    ]
    .into_iter()
    .enumerate()
    {
        // Rules that differ from their preset travel as options.
        let o = if kind == GameKind::ThreePlayer {
            "parlett,target:150"
        } else {
            "parlett,scoring:cards"
        };
        let rules = duck_soup::links::parse_rules(kind, o).unwrap_or_else(|_| Rules::parlett(kind));
        let mut game = Game::new(rules, 0);
        let mut rng = Rng::new(i as u64 + 11);
        for k in 0..2 {
            game.start_deal(shuffled_deck(kind, &format!("wire/{k}")), None)
                .unwrap();
            while game.in_deal() {
                for seat in 0..kind.seats() as u8 {
                    let mut table = guest_table(&game, seat, turn_of(&game), &[], &[]);
                    table.hand_lens.truncate(kind.seats());
                    let m = ToGuest::Table(Box::new(table));
                    assert_eq!(ToGuest::decode(&m.encode()).as_ref(), Ok(&m));
                }
                let mv = random_move(&game.legal_moves(), &mut rng);
                game.play(mv).unwrap();
            }
        }
    }
}

#[test]
fn cut_changed_and_random_bytes_are_refused_never_a_panic() {
    let game = game_in_progress();
    let mut table = guest_table(&game, 0, 5, &["A".into(), "B".into()], &[true, true]);
    table.who = vec!["host".into(), "normal".into()];
    let samples = [
        ToGuest::Table(Box::new(table)).encode(),
        ToHost::Move {
            seat: 1,
            turn: 7,
            mv: "XB=S".parse().unwrap(),
        }
        .encode(),
        ToHost::Hello {
            token: [7; 8],
            secret: [3; 8],
        }
        .encode(),
    ];
    for bytes in &samples {
        // Every cut is refused (a message is read to its last byte).
        for n in 0..bytes.len() {
            assert!(
                ToGuest::decode(&bytes[..n]).is_err() && ToHost::decode(&bytes[..n]).is_err(),
                "cut at {n}"
            );
        }
        // A byte more is refused.
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(ToGuest::decode(&longer).is_err() && ToHost::decode(&longer).is_err());
        // Every single byte changed to every value: read or refused, never a panic.
        for i in 0..bytes.len() {
            for v in 0..=255u8 {
                let mut b = bytes.clone();
                b[i] = v;
                if let Ok(ToGuest::Table(t)) = ToGuest::decode(&b) {
                    let _ = t.to_game();
                }
                let _ = ToHost::decode(&b);
            }
        }
    }
    // Random bytes, and random bytes after a valid header.
    let mut rng = Rng::new(77);
    for i in 0..20_000 {
        let len = (rng.next_u64() % 300) as usize;
        let mut b: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        if i % 2 == 0 && len >= 2 {
            b[0] = VERSION;
            b[1] = [1, 2, 3, 4, 0x11, 0x12, 0x13, 0x14, 0x15][i % 9];
        }
        let _ = ToGuest::decode(&b);
        let _ = ToHost::decode(&b);
    }
    // Each refusal is typed.
    assert_eq!(
        ToHost::decode(&[]),
        Err(Dropped::Malformed(Error::Short("the version")))
    );
    assert_eq!(ToHost::decode(&[9, 3, 0]), Err(Dropped::Version(9)));
    assert_eq!(
        ToHost::decode(&[VERSION, 9]),
        Err(Dropped::Malformed(Error::Invalid("message type")))
    );
    assert_eq!(
        ToHost::decode(&[VERSION, 2, 1, 7, 1, 54]),
        Err(Dropped::Malformed(Error::Invalid("a move's card")))
    );
    assert_eq!(
        ToHost::decode(&[VERSION, 2, 4, 7, 0]),
        Err(Dropped::Malformed(Error::Invalid("the move's seat")))
    );
    assert_eq!(
        ToHost::decode(&[VERSION, 3, 0xff, 0xff, 0xff, 0xff, 0x7f]),
        Err(Dropped::Malformed(Error::Invalid("the ping")))
    );
    assert_eq!(
        ToHost::decode(&[VERSION, 3, 1, 0]),
        Err(Dropped::Malformed(Error::Trailing))
    );
    // A hello cut short in its secret, and one with a byte after it.
    let mut hello = vec![VERSION, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3];
    assert_eq!(
        ToHost::decode(&hello),
        Err(Dropped::Malformed(Error::Short("the secret")))
    );
    hello.extend([4, 5, 6, 7, 8, 9]);
    assert_eq!(
        ToHost::decode(&hello),
        Err(Dropped::Malformed(Error::Trailing))
    );
    // Over the size limit: refused before anything is read.
    let big = vec![VERSION; MAX_MESSAGE_BYTES + 1];
    assert_eq!(
        ToGuest::decode(&big),
        Err(Dropped::TooLarge(MAX_MESSAGE_BYTES + 1))
    );
    // A dropped message's description is one line.
    let e = ToHost::decode(&[VERSION, 2, 1]).unwrap_err();
    assert!(!e.to_string().contains('\n'), "{e}");
}

/// The host's page judges every guest's move with `judge_move` (its
/// `Link::guest_move`), on the deal as the asked seat sees it.
#[test]
fn a_guest_can_move_only_its_own_seat_on_its_turn_by_the_rules() {
    let game = game_in_progress();
    let before = format!("{:?}", game.deal());
    let turn = 5;
    let mover = game.to_move().unwrap();
    let other = 1 - mover;
    let legal = game.legal_moves().as_slice()[0];
    let view = SeatView::of(game.deal().unwrap(), mover);
    let asked = SeatAwaits {
        seat: mover,
        greeted: true,
        turn,
        asked: Some(&view.deal),
        kept: false,
    };
    let refused = Judged::Refuse;
    // Before the channel's hello: nothing is played, whatever the move.
    let unheard = SeatAwaits {
        greeted: false,
        ..asked
    };
    assert_eq!(
        judge_move(&unheard, mover, turn, legal),
        refused(Refusal::NoHello)
    );
    // For another seat.
    assert_eq!(
        judge_move(&asked, other, turn, legal),
        refused(Refusal::NotYourSeat)
    );
    // Made on an older table, or a newer one the host never sent.
    for made_on in [turn - 1, turn + 1] {
        assert_eq!(
            judge_move(&asked, mover, made_on, legal),
            refused(Refusal::Stale)
        );
    }
    // A card it does not hold: the engine's reason.
    let not_held = game.deal().unwrap().hand(other).first().unwrap();
    assert!(matches!(
        judge_move(&asked, mover, turn, Move::Play(not_held)),
        Judged::Refuse(Refusal::Illegal {
            why: IllegalMove::NotInHand { .. }
        })
    ));
    assert_eq!(judge_move(&asked, mover, turn, legal), Judged::Play(legal));
    // Not asked yet (its turn comes once the host has shown the trick):
    // the first move is kept, a second refused as not its turn.
    let early = SeatAwaits {
        asked: None,
        ..asked
    };
    assert_eq!(judge_move(&early, mover, turn, legal), Judged::Keep(legal));
    let kept = SeatAwaits {
        kept: true,
        ..early
    };
    assert_eq!(
        judge_move(&kept, mover, turn, legal),
        refused(Refusal::NotYourTurn)
    );
    // A kept move is checked by the engine when the seat is asked.
    assert_eq!(check_asked(&view.deal, legal), Ok(()));
    assert!(matches!(
        check_asked(&view.deal, Move::Play(not_held)),
        Err(Refusal::Illegal { .. })
    ));
    // The seat asked for another seat's turn: the engine refuses it.
    let elsewhere = SeatView::of(game.deal().unwrap(), other);
    let wrong = SeatAwaits {
        seat: other,
        asked: Some(&elsewhere.deal),
        ..asked
    };
    let other_card = elsewhere.deal.hand(other).first().unwrap();
    assert!(matches!(
        judge_move(&wrong, other, turn, Move::Play(other_card)),
        Judged::Refuse(Refusal::Illegal { .. })
    ));
    // Judging changes nothing.
    assert_eq!(format!("{:?}", game.deal()), before);
}

#[test]
fn a_flood_is_cut_and_the_peer_heard_again_later() {
    let mut flood = Flood::new(20, 10);
    let admitted = (0..1000)
        .filter(|i| flood.admit(f64::from(*i)).is_ok())
        .count();
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
        let text = serde_json::to_string(&table).unwrap();
        let deal = game.deal().unwrap();
        let mut named = CardSet::EMPTY;
        for token in text.split(|c: char| !c.is_ascii_alphanumeric()) {
            if let Ok(c) = token.parse::<Card>() {
                named.insert(c);
            }
        }
        assert!(
            named.minus(deal.hand(seat).or(deal.played())).is_empty(),
            "{text}"
        );
        assert!(
            !text.contains("protocol"),
            "the deal's seed never travels: {text}"
        );
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
        let table = guest_table(
            &game,
            seat,
            turn_of(&game),
            &["A".into(), "B".into()],
            &[true, true],
        );
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

/// What the host keeps of its friends' seats beside the saved game reads
/// back as it was written; stored text that was changed, cut or is not
/// base64url is refused in one line, never a panic.
#[test]
fn the_seats_kept_with_a_saved_game_read_back_and_damaged_ones_are_refused() {
    use duck_soup::codec::b64;
    use duck_soup::net::host_link::SavedSeats;
    let mut rng = Rng::new(77);
    for _ in 0..50 {
        let saved = SavedSeats {
            game: format!("{:016x}", rng.next_u64()),
            table: std::array::from_fn(|_| rng.below(256) as u8),
            handed: std::array::from_fn(|_| rng.below(2) == 0),
            guests: std::array::from_fn(|_| {
                (rng.below(2) == 0).then(|| (rng.next_u64().to_le_bytes(), "Ada ü <b>".to_string()))
            }),
        };
        let text = saved.to_text();
        assert_eq!(SavedSeats::from_text(&text), Ok(saved.clone()));
        let bytes = b64::decode(&text).expect("base64url");
        for cut in 0..bytes.len() {
            assert!(SavedSeats::from_text(&b64::encode(&bytes[..cut])).is_err());
        }
        for i in 0..bytes.len() {
            for v in [0u8, 1, 0x7f, 0xff] {
                let mut changed = bytes.clone();
                changed[i] = v;
                let _ = SavedSeats::from_text(&b64::encode(&changed));
            }
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert_eq!(
            SavedSeats::from_text(&b64::encode(&longer)),
            Err(Error::Trailing)
        );
    }
    assert!(SavedSeats::from_text("not base64!").is_err());
    assert!(SavedSeats::from_text("").is_err());
}

/// A game that had a friend (a friend's seat now, or one handed to the
/// computer) withholds the host's record until it is over; the handed
/// seats come back with the saved game, so a reload changes nothing.
#[test]
fn a_game_had_friends_while_any_seat_is_or_was_a_friends() {
    use duck_soup::ai::Level;
    use duck_soup::page::guest::had_friends;
    use duck_soup::page::model::Player;
    let computer = Player::Computer(Level::Normal);
    let alone = [Player::Human, computer];
    assert!(!had_friends(&alone, &[false; 4]));
    assert!(had_friends(&[Player::Human, Player::Friend], &[false; 4]));
    assert!(had_friends(&alone, &[false, true, false, false]));
}

/// No table comes before a game's first deal (it waits for every friend's
/// hello): until the first table, a connected guest says its hello again
/// each time its timer is due, the same hello (the host takes it as
/// nothing); once a table is in, or the channel is gone, it stops.
#[test]
fn a_guest_says_its_hello_again_until_the_first_table_comes() {
    use duck_soup::net::guest_link::GuestLink;
    let mut link = GuestLink::new(*b"table1", 1, [1; 8], [2; 8]);
    let mut said = Vec::new();
    // Not yet connected: nothing to say.
    assert!(!link.hello_while_no_table(&mut |b| {
        said.push(b.to_vec());
        true
    }));
    assert!(link.opened(&mut |b| {
        said.push(b.to_vec());
        true
    }));
    for _ in 0..3 {
        assert!(link.hello_while_no_table(&mut |b| {
            said.push(b.to_vec());
            true
        }));
    }
    let hello = ToHost::Hello {
        token: [1; 8],
        secret: [2; 8],
    }
    .encode();
    assert_eq!(said, vec![hello; 4], "the same hello each time");
    // The first table: no more.
    let game = game_in_progress();
    let table = guest_table(&game, 1, 1, &[String::new(), String::new()], &[true, true]);
    let bytes = ToGuest::Table(Box::new(table)).encode();
    link.receive(Ok(&bytes), 0.0, &mut || None, &mut |_| true);
    assert!(link.table.is_some());
    assert!(!link.hello_while_no_table(&mut |_| panic!("no hello once a table came")));
}
