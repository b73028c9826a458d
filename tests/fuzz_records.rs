//! Fuzzing the record reader: hostile text, and valid records damaged byte by
//! byte, token by token and field by field. Whatever comes in, reading and
//! replaying never panics, a refusal is one line that names where it is, and
//! whatever is accepted replays and writes back to the same record.
//!
//! CI runs a bounded number of cases (a few seconds). To fuzz longer, raise
//! `FUZZ_CASES`, e.g. `FUZZ_CASES=200000 cargo test --release --test fuzz_records`;
//! a failure prints the input that caused it (proptest shrinks it first).

mod common;

use common::*;
use duck_soup::engine::record::{replay_text, GameRecord};
use duck_soup::engine::rng::Rng;
use duck_soup::engine::{Game, GameKind, Rules};
use proptest::prelude::*;
use proptest::sample::select;

fn config(cases: u32) -> ProptestConfig {
    cases_from_env("FUZZ_CASES", cases)
}

/// One finished or part-played game's record text, from a seed.
fn valid_record(kind: GameKind, seed: u64, moves_cut: usize) -> String {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(Rules::parlett(kind), (seed % kind.seats() as u64) as u8);
    play_random_deal(&mut game, &mut rng);
    let mut record = GameRecord::of(&game);
    let moves = &mut record.deals[0].moves;
    moves.truncate(moves.len().saturating_sub(moves_cut));
    record.to_json()
}

fn kinds() -> impl Strategy<Value = GameKind> {
    select(vec![
        GameKind::TwoPlayer,
        GameKind::ThreePlayer,
        GameKind::Partnership,
    ])
}

/// What every input must satisfy.
fn check(text: &str) {
    match replay_text(text) {
        Ok(report) => {
            // Accepted: the record writes back to itself and replays the same.
            let record = GameRecord::parse(text).expect("accepted once, accepted again");
            let again = replay_text(&record.to_json()).expect("a written record replays");
            assert_eq!(again, report);
        }
        Err(e) => {
            let line = e.to_string();
            assert!(!line.is_empty());
            assert!(
                !line.contains(['\n', '\r', '\u{2028}', '\u{2029}', '\u{85}']),
                "a refusal is one line: {line:?}"
            );
            if let Some(position) = e.position {
                assert!(e.deal.is_some() && position >= 1, "{line}");
            }
        }
    }
}

/// Characters that break naive readers: JSON syntax, escapes, line breaks,
/// Unicode spaces and separators, and card-like letters.
fn hostile_char() -> impl Strategy<Value = char> {
    prop_oneof![
        select(vec![
            '{', '}', '[', ']', '"', ':', ',', '\\', 'u', '+', '0', '7', 'H', 'X', 'B', '=', 'S',
            ' ', '\n', '\r', '\t', '\u{0}', '\u{a0}', '\u{3000}', '\u{2028}', '\u{feff}', '-', 'e',
            '.',
        ]),
        any::<char>(),
    ]
}

proptest! {
    #![proptest_config(config(3000))]

    #[test]
    fn arbitrary_text_is_read_or_refused_in_one_line(
        text in proptest::collection::vec(hostile_char(), 0..80)
    ) {
        check(&text.into_iter().collect::<String>());
    }

    #[test]
    fn damaged_records_are_read_or_refused_in_one_line(
        kind in kinds(),
        seed in any::<u64>(),
        cut in 0usize..30,
        edits in proptest::collection::vec((any::<proptest::sample::Index>(), 0u8..4, hostile_char()), 1..6),
    ) {
        check(&damaged(&valid_record(kind, seed, cut), edits));
    }

    #[test]
    fn records_with_swapped_moves_and_fields_are_read_or_refused(
        kind in kinds(),
        seed in any::<u64>(),
        swap in any::<(proptest::sample::Index, proptest::sample::Index)>(),
        field in select(vec!["game", "rules", "first_dealer", "deals", "deck", "moves", "seed"]),
        value in select(vec![
            "null", "true", "-1", "1.5", "1e400", "\"\"", "[]", "{}", "\"parlett\"",
            "18446744073709551616", "\"two-player\"", "{\"target\": 0}", "[{}]",
        ]),
    ) {
        let record: serde_json::Value = serde_json::from_str(&valid_record(kind, seed, 0)).unwrap();
        // Two moves swapped: usually illegal, named by deal and move.
        let mut swapped = record.clone();
        let moves: Vec<String> = record["deals"][0]["moves"]
            .as_str()
            .unwrap()
            .split(' ')
            .map(String::from)
            .collect();
        let mut moves = moves;
        let (a, b) = (swap.0.index(moves.len()), swap.1.index(moves.len()));
        moves.swap(a, b);
        swapped["deals"][0]["moves"] = moves.join(" ").into();
        check(&swapped.to_string());
        // One field replaced by a value of another type or range.
        let mut changed = record;
        let value: serde_json::Value = serde_json::from_str(value).unwrap_or(serde_json::Value::Null);
        match field {
            "deck" | "moves" | "seed" => changed["deals"][0][field] = value,
            _ => changed[field] = value,
        }
        check(&changed.to_string());
    }
}
