//! Game records packed for links (`codec::record_link`): every conformance
//! record and random games of all three games round-trip; a two-player deal
//! fits a short link; damaged, truncated and other-version links are refused
//! by name.

mod common;

use common::*;
use duck_soup::codec::record_link::{self as packed, RecordLinkError, VERSION};
use duck_soup::codec::Error;
use duck_soup::engine::rng::{random_deck, Rng};
use duck_soup::engine::{Game, GameKind, GameRecord, Rules};
use proptest::prelude::*;
use proptest::sample::select;

fn round_trip(record: &GameRecord) -> String {
    let link = packed::pack(record).expect("a record that replays packs");
    assert_eq!(packed::unpack(&link).as_ref(), Ok(record), "{link}");
    link
}

#[test]
fn every_conformance_record_round_trips() {
    let mut count = 0;
    for dir in conformance_dirs() {
        for path in std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.path()) {
            if path.extension().is_none_or(|e| e != "jsonl") {
                continue;
            }
            for (line, case) in conformance_cases(&path) {
                let Ok(record) = GameRecord::parse(&case["record"].to_string()) else {
                    continue;
                };
                if record.replay().is_err() {
                    // Bad records are conformance cases too: they never pack.
                    assert!(packed::pack(&record).is_err(), "{}:{line}", path.display());
                    continue;
                }
                round_trip(&record);
                count += 1;
            }
        }
    }
    assert!(count >= 100, "only {count} records");
}

#[test]
fn a_two_player_deal_fits_a_short_link() {
    let mut rng = Rng::new(3);
    let mut longest = 0;
    for _ in 0..50 {
        let mut game = Game::new(Rules::parlett(GameKind::TwoPlayer), 0);
        play_random_deal(&mut game, &mut rng);
        longest = longest.max(round_trip(&GameRecord::of(&game)).len());
    }
    assert!(longest < 400, "a two-player deal took {longest} characters");
    // Far under in practice: a deck is ~29 bytes, the moves ~20 to 40.
    assert!(longest < 160, "{longest}");
}

#[test]
fn seeded_deals_keep_their_seed() {
    let mut game = Game::new(Rules::parlett(GameKind::ThreePlayer), 2);
    let deck = duck_soup::engine::rng::shuffled_deck(GameKind::ThreePlayer, "daily-2026-11-23");
    game.start_deal(deck, Some("daily-2026-11-23".into()))
        .unwrap();
    let mut rng = Rng::new(1);
    finish_random_deal(&mut game, &mut rng);
    let record = GameRecord::of(&game);
    round_trip(&record);
    let back = packed::unpack(&packed::pack(&record).unwrap()).unwrap();
    assert_eq!(back.deals[0].seed.as_deref(), Some("daily-2026-11-23"));
}

#[test]
fn part_played_games_and_other_rules_round_trip() {
    let mut rng = Rng::new(11);
    let rules = GameRecord::parse(
        r#"{"game": "two-player", "rules": {"preset": "family", "duck_winner": "higher", "target": 99}, "deals": []}"#,
    )
    .unwrap()
    .rules;
    let mut game = Game::new(rules, 1);
    play_random_deal(&mut game, &mut rng);
    game.start_deal(random_deck(GameKind::TwoPlayer, &mut rng), None)
        .ok();
    for _ in 0..7 {
        if game.in_deal() {
            let mv = game.legal_moves().as_slice()[0];
            game.play(mv).unwrap();
        }
    }
    round_trip(&GameRecord::of(&game));
    // No deal at all.
    round_trip(&GameRecord::of(&Game::new(
        Rules::parlett(GameKind::Partnership),
        3,
    )));
}

#[test]
fn damaged_links_are_refused_by_name() {
    let mut rng = Rng::new(5);
    let mut game = Game::new(Rules::parlett(GameKind::TwoPlayer), 0);
    play_random_deal(&mut game, &mut rng);
    let link = packed::pack(&GameRecord::of(&game)).unwrap();
    assert_eq!(
        packed::unpack("{not a link}"),
        Err(RecordLinkError::NotALink)
    );
    assert_eq!(
        packed::unpack("AQ"),
        Err(RecordLinkError::Bytes(Error::Short("the game")))
    );
    for cut in [1, 5, 20, link.len() / 2] {
        assert!(
            packed::unpack(&link[..link.len() - cut]).is_err(),
            "cut {cut}"
        );
    }
    for i in 2..link.len() {
        let mut bytes = link.clone().into_bytes();
        bytes[i] = if bytes[i] == b'x' { b'y' } else { b'x' };
        let changed = String::from_utf8(bytes).unwrap();
        assert!(
            packed::unpack(&changed).is_err(),
            "a change at {i} went unnoticed"
        );
    }
    let err = packed::unpack(&link[..link.len() - 3]).unwrap_err();
    assert!(!err.to_string().is_empty() && !err.to_string().contains('\n'));
}

#[test]
fn a_seed_longer_than_a_link_holds_is_refused_when_packing() {
    use duck_soup::engine::rng::shuffled_deck;
    use duck_soup::engine::RecordProblem;
    let record = |seed: &str| {
        let mut game = Game::new(Rules::parlett(GameKind::TwoPlayer), 0);
        let deck = shuffled_deck(GameKind::TwoPlayer, seed);
        game.start_deal(deck, Some(seed.to_string())).unwrap();
        GameRecord::of(&game)
    };
    round_trip(&record(&"s".repeat(255)));
    let err = packed::pack(&record(&"s".repeat(256))).unwrap_err();
    assert_eq!(err.problem, RecordProblem::SeedTooLongForALink { max: 255 });
}

#[test]
fn a_link_of_another_version_is_named() {
    use duck_soup::codec::b64;
    let link = packed::pack(&GameRecord::of(&Game::new(
        Rules::parlett(GameKind::TwoPlayer),
        0,
    )))
    .unwrap();
    let mut bytes = b64::decode(&link).unwrap();
    assert_eq!(bytes[0], VERSION);
    bytes[0] = VERSION + 1;
    let err = packed::unpack(&b64::encode(&bytes)).unwrap_err();
    assert_eq!(err, RecordLinkError::Version(VERSION + 1));
    assert!(err.to_string().contains("another version"), "{err}");
}

fn kinds() -> impl Strategy<Value = GameKind> {
    select(vec![
        GameKind::TwoPlayer,
        GameKind::ThreePlayer,
        GameKind::Partnership,
    ])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_games_round_trip(kind in kinds(), seed in any::<u64>(), deals in 1usize..4, cut in 0usize..40) {
        let mut rng = Rng::new(seed);
        let mut game = Game::new(Rules::parlett(kind), (seed % kind.seats() as u64) as u8);
        for _ in 0..deals {
            if game.is_over() { break; }
            play_random_deal(&mut game, &mut rng);
        }
        let mut record = GameRecord::of(&game);
        if let Some(last) = record.deals.last_mut() {
            last.moves.truncate(last.moves.len().saturating_sub(cut));
        }
        round_trip(&record);
    }

    #[test]
    fn arbitrary_link_text_never_panics(text in "[A-Za-z0-9_-]{0,120}") {
        if let Err(e) = packed::unpack(&text) {
            prop_assert!(!e.to_string().contains('\n'));
        }
    }
}
