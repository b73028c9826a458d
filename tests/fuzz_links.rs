//! Fuzzing the share-link reader (`duck_soup::links`): hostile query
//! strings, and valid links damaged character by character. Whatever the
//! address holds, decoding never panics, a refusal is one short line that
//! quotes what the address held escaped, and whatever a link encodes decodes
//! back to the same game.
//!
//! CI runs a bounded number of cases (a few seconds). To fuzz longer, raise
//! `FUZZ_CASES`, e.g. `FUZZ_CASES=200000 cargo test --release --test fuzz_links`;
//! a failure prints the input that caused it (proptest shrinks it first).

mod common;

use common::{cases_from_env, damaged, play_random_deal};
use duck_soup::ai::Level;
use duck_soup::engine::rng::Rng;
use duck_soup::engine::rules::{Combine, OptionValue};
use duck_soup::engine::{Game, GameKind, Rules};
use duck_soup::links::{
    deal_figures, decode, encode, parse_query, GameLinkError, LinkedGame, Param, Seat, GAME_PARAMS,
    MAX_SEED_CHARS,
};
use proptest::prelude::*;
use proptest::sample::select;

const TODAY: &str = "2026-11-22";

fn config(cases: u32) -> ProptestConfig {
    cases_from_env("FUZZ_CASES", cases)
}

/// What every query string must satisfy.
fn check(search: &str) {
    check_params(&parse_query(search));
}

/// What every set of parameters must satisfy, however it was read.
fn check_params(params: &[Param]) {
    match decode(params, TODAY) {
        Ok(None) => {}
        Ok(Some(game)) => {
            // Accepted: a playable game, and its own link gives it back.
            assert_eq!(game.seats.len(), game.rules.game.seats());
            if let Some(seed) = &game.seed {
                assert!(!seed.trim().is_empty() && seed.chars().count() <= MAX_SEED_CHARS);
                assert!(!seed.chars().any(char::is_control), "{seed:?}");
            }
            let again = decode(&parse_query(&encode(&game)), TODAY);
            assert_eq!(again, Ok(Some(game)));
        }
        Err(e) => {
            let line = e.to_string();
            assert!(!line.is_empty());
            assert!(
                !line
                    .chars()
                    .any(|c| c.is_control() || matches!(c, '\u{2028}' | '\u{2029}')),
                "a refusal is one line without control characters: {line:?}"
            );
            // The address's text is quoted cut short, never whole.
            assert!(
                line.chars().count() <= 200,
                "{} characters: {line:?}",
                line.chars().count()
            );
            if let GameLinkError::Game(g) | GameLinkError::Seats(g, _) = &e {
                assert!(g.chars().count() <= 41, "{g:?}");
            }
        }
    }
}

/// Characters that break naive readers: the query string's own syntax,
/// broken escapes, line breaks, invisible and wide characters, and the letters
/// the parameters use.
fn hostile_char() -> impl Strategy<Value = char> {
    prop_oneof![
        select(vec![
            '?', '&', '=', '+', '%', '#', ',', ':', '~', 'g', 'o', 's', 'h', 'n', 'x', 'e', '2',
            '3', '4', '0', 'F', 'E', 'A', '\n', '\r', '\t', '\u{0}', '\u{7f}', '\u{85}', '\u{a0}',
            '\u{2028}', '\u{202e}', '\u{3000}', '\u{feff}', 'ア', '🦆', '\\', '\'', '"',
        ]),
        any::<char>(),
    ]
}

/// Fragments of real parameters, so that arbitrary sequences of them reach
/// deep into the decoding.
fn fragment() -> impl Strategy<Value = String> {
    prop_oneof![
        select(vec![
            "g=",
            "g=2",
            "g=3",
            "g=4",
            "g=partnership",
            "o=",
            "o=parlett",
            "o=family",
            ",target:",
            ",deals:",
            ",scoring:",
            ":cards",
            ":add",
            ",combine:multiply",
            "s=",
            "s=hn",
            "s=hnx",
            "s=hnnn",
            "seed=",
            "seed=abc",
            "daily",
            "daily=1",
            "&",
            "=",
            "%",
            "%2",
            "%2C",
            "%3A",
            "%E3%82%A2",
            "%E3%82",
            "%ED%A0%80",
            "%FF",
            "%0A",
            "%00",
            "+",
            "4294967296",
            "0",
            "pace=0",
            "lang=ja",
            "embed=1",
        ])
        .prop_map(String::from),
        proptest::collection::vec(hostile_char(), 1..4).prop_map(|cs| cs.into_iter().collect()),
    ]
}

fn kinds() -> impl Strategy<Value = GameKind> {
    select(GameKind::ALL.to_vec())
}

/// A valid game as a link carries it: any options the game takes, any
/// players, and a seed of any characters a seed may have.
fn linked_game() -> impl Strategy<Value = LinkedGame> {
    (
        kinds(),
        any::<bool>(),
        proptest::collection::vec((any::<proptest::sample::Index>(), 1u32..100_000), 0..6),
        proptest::collection::vec(select(vec!['h', 'e', 'n', 'x', 'p']), 4),
        proptest::option::of(proptest::collection::vec(hostile_char(), 1..MAX_SEED_CHARS)),
    )
        .prop_map(|(kind, family, options, letters, seed)| {
            let mut rules = if family && kind == GameKind::TwoPlayer {
                Rules::preset(kind, "family").unwrap()
            } else {
                Rules::parlett(kind)
            };
            for (pick, n) in options {
                let spec = &Rules::option_specs(kind)[pick.index(Rules::option_specs(kind).len())];
                let value = if spec.values.is_empty() {
                    OptionValue::Number(n)
                } else {
                    OptionValue::Word(spec.values[n as usize % spec.values.len()])
                };
                rules.set(spec.key, value).unwrap();
            }
            let seats = letters[..kind.seats()]
                .iter()
                .map(|c| Seat::from_letter(*c).unwrap())
                .collect();
            let seed = seed
                .map(|cs| {
                    cs.into_iter()
                        .filter(|c| !c.is_control())
                        .collect::<String>()
                })
                .filter(|s| !s.trim().is_empty());
            LinkedGame { rules, seats, seed }
        })
}

proptest! {
    #![proptest_config(config(3000))]

    #[test]
    fn arbitrary_text_is_decoded_or_refused_in_one_line(
        text in proptest::collection::vec(hostile_char(), 0..80)
    ) {
        check(&text.into_iter().collect::<String>());
    }

    #[test]
    fn sequences_of_parameter_fragments_are_decoded_or_refused_in_one_line(
        parts in proptest::collection::vec(fragment(), 0..12)
    ) {
        let search = parts.concat();
        check(&search);
        check(&format!("?{search}"));
    }

    /// The page reads its address with the browser's URLSearchParams, which
    /// decodes everything (U+FFFD for bytes that are not UTF-8): any values.
    #[test]
    fn pairs_as_the_browser_decodes_them_are_decoded_or_refused_in_one_line(
        pairs in proptest::collection::vec(
            (select(GAME_PARAMS.to_vec()), proptest::collection::vec(hostile_char(), 0..40)),
            0..6,
        )
    ) {
        let params: Vec<Param> = pairs
            .into_iter()
            .map(|(key, value)| Param::decoded(key, value.into_iter().collect()))
            .collect();
        check_params(&params);
    }

    #[test]
    fn every_game_a_link_encodes_decodes_back(game in linked_game()) {
        let search = encode(&game);
        prop_assert_eq!(decode(&parse_query(&search), TODAY), Ok(Some(game.clone())));
        prop_assert_eq!(decode(&parse_query(&format!("?{search}&pace=0&lang=ja")), TODAY), Ok(Some(game)));
    }

    #[test]
    fn damaged_links_are_decoded_or_refused_in_one_line(
        game in linked_game(),
        edits in proptest::collection::vec((any::<proptest::sample::Index>(), 0u8..4, hostile_char()), 1..6),
    ) {
        check(&damaged(&encode(&game), edits));
    }
}

#[test]
fn a_huge_parameter_is_refused_quoting_only_its_start() {
    for search in [
        format!("g={}", "9".repeat(1_000_000)),
        format!("s={}", "%0A".repeat(100_000)),
        format!("o=parlett,{}", "x".repeat(1_000_000)),
        format!("seed={}", "a".repeat(MAX_SEED_CHARS + 1)),
    ] {
        check(&search);
        assert!(decode(&parse_query(&search), TODAY).is_err());
    }
}

#[test]
fn the_daily_deal_wins_over_a_seed_and_is_one_deal() {
    let game = decode(&parse_query("?daily&seed=mine&g=4&s=hnnx"), TODAY)
        .unwrap()
        .unwrap();
    assert_eq!(game.seed.as_deref(), Some("daily-2026-11-22"));
    assert_eq!(game.rules.get("deals"), Some(OptionValue::Number(1)));
    assert_eq!(game.seats[3], Seat::Computer(Level::Hard));
}

/// The daily result's figures are the score sheet's: for every scorer, the
/// two numbers are that scorer's own (its Duck and Soup points, or the two
/// partners' points), and they combine into its score. (The result once
/// showed another seat's points: "5 × 15 = 40" where the sheet said 5 × 8.)
#[test]
fn the_daily_figures_are_each_scorers_own() {
    let mut rng = Rng::new(2026);
    for kind in GameKind::ALL {
        for combine in ["multiply", "add"] {
            let mut rules = Rules::parlett(kind);
            let key = if kind == GameKind::ThreePlayer {
                "combine"
            } else {
                "scoring"
            };
            if kind == GameKind::Partnership && combine == "add" {
                continue;
            }
            if kind != GameKind::Partnership {
                rules.set(key, OptionValue::Word(combine)).unwrap();
            }
            for _ in 0..50 {
                let mut game = Game::new(rules, rng.below(kind.seats() as u32) as u8);
                play_random_deal(&mut game, &mut rng);
                let result = &game.results()[0];
                let course_points = result.course_points();
                for scorer in kind.each_scorer() {
                    let f = deal_figures(kind, rules.combine, result, scorer);
                    let (a, b, how) = f.working;
                    // The report's course points (RULES.md section 5), by seat.
                    let i = scorer.index();
                    let (pa, pb) = match kind {
                        GameKind::Partnership => (course_points[0][i], course_points[0][i + 2]),
                        _ => (course_points[0][i], course_points[1][i]),
                    };
                    assert_eq!((a, b), (pa, pb), "{kind:?}, scorer {i}");
                    assert_eq!(f.score, result.scores[scorer]);
                    let combined = match how {
                        Combine::Multiply => a * b,
                        Combine::Add => a + b,
                    };
                    assert_eq!(
                        combined, f.score,
                        "{kind:?} {how:?}: {a}, {b} give {}",
                        f.score
                    );
                }
            }
        }
    }
}
