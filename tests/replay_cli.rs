//! The command line (RULES.md section 5): `duck-soup replay FILE` and
//! `duck-soup replay -` print one JSON line and exit 0 for a good record; for
//! a bad one they exit with status 2, print nothing on standard output and
//! exactly one line on standard error, naming the deal and the move where
//! there is one.

mod common;

use common::cli::{run_command, Run};
use common::{conformance_cases, conformance_dirs, normalized_report, play_random_deal};
use duck_soup::engine::record::{replay_text, GameRecord};
use duck_soup::engine::rng::Rng;
use duck_soup::engine::{Game, GameKind, Rules};
use serde_json::{json, Value};
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};

impl Run {
    /// A good record's report: exit 0, one JSON line, nothing on standard error.
    fn report(&self) -> Value {
        assert_eq!(self.status, Some(0), "stderr: {}", self.stderr);
        assert_eq!(self.stderr, "");
        assert_eq!(
            self.stdout.lines().count(),
            1,
            "one line: {:?}",
            self.stdout
        );
        assert!(self.stdout.ends_with('\n'));
        serde_json::from_str(&self.stdout).expect("the report is JSON")
    }

    /// A bad record's one line on standard error (exit 2, nothing on standard output).
    fn refusal(&self) -> &str {
        assert_eq!(self.status, Some(2), "stdout: {}", self.stdout);
        assert_eq!(self.stdout, "", "nothing on standard output");
        assert_eq!(
            self.stderr.lines().count(),
            1,
            "one line: {:?}",
            self.stderr
        );
        assert!(self.stderr.ends_with('\n'));
        self.stderr.trim_end()
    }
}

fn run(args: &[&str], stdin: &str) -> Run {
    run_command(args, stdin)
}

fn replay_stdin(text: &str) -> Run {
    run(&["replay", "-"], text)
}

/// Writes the record to a fresh file and replays that file.
fn replay_file(text: &str) -> Run {
    static COUNT: AtomicUsize = AtomicUsize::new(0);
    let name = format!(
        "record-{}-{}.json",
        std::process::id(),
        COUNT.fetch_add(1, Ordering::Relaxed)
    );
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    std::fs::write(&path, text).expect("a temporary file");
    let out = run(&["replay", path.to_str().expect("a UTF-8 path")], "");
    let _ = std::fs::remove_file(&path);
    out
}

/// The first good and the first bad case of a vendored conformance file.
fn first_cases(file: &str) -> (Value, Value) {
    let cases = conformance_cases(&conformance_dirs()[0].join(file));
    let find = |key: &str| {
        cases
            .iter()
            .map(|(_, c)| c)
            .find(|c| c.get(key).is_some())
            .cloned()
            .unwrap_or_else(|| panic!("{file} has a case with '{key}'"))
    };
    (find("report"), find("error"))
}

/// A whole two-player game of one deal (the `family` preset), as a record.
fn finished_game_record() -> Value {
    let mut game = Game::new(Rules::preset(GameKind::TwoPlayer, "family").unwrap(), 0);
    play_random_deal(&mut game, &mut Rng::new(21));
    assert!(game.is_over());
    serde_json::from_str(&GameRecord::of(&game).to_json()).expect("a record is JSON")
}

/// A two-player record of one deal with the moves given.
fn one_deal(moves: &str) -> Value {
    let mut record = finished_game_record();
    record["rules"] = json!("parlett");
    record["deals"][0]["moves"] = json!(moves);
    record
}

fn first_moves(record: &Value, n: usize) -> String {
    let moves = record["deals"][0]["moves"].as_str().unwrap();
    moves
        .split_whitespace()
        .take(n)
        .collect::<Vec<_>>()
        .join(" ")
}

// ---- good records ----

#[test]
fn replay_file_prints_the_report_as_one_json_line() {
    let (good, _) = first_cases("two-player.jsonl");
    let report = replay_file(&good["record"].to_string()).report();
    assert_eq!(
        normalized_report(report),
        normalized_report(good["report"].clone())
    );
}

#[test]
fn replay_dash_reads_standard_input() {
    for file in ["three-player.jsonl", "partnership.jsonl"] {
        let (good, _) = first_cases(file);
        let report = replay_stdin(&good["record"].to_string()).report();
        assert_eq!(
            normalized_report(report),
            normalized_report(good["report"].clone()),
            "{file}"
        );
    }
}

#[test]
fn every_vendored_conformance_record_through_the_command() {
    let mut failures = Vec::new();
    for path in [
        "two-player.jsonl",
        "three-player.jsonl",
        "partnership.jsonl",
    ] {
        for (line, case) in conformance_cases(&conformance_dirs()[0].join(path)) {
            let out = replay_stdin(&case["record"].to_string());
            let ok = match case.get("report") {
                Some(want) => {
                    out.status == Some(0)
                        && out.stderr.is_empty()
                        && out.stdout.lines().count() == 1
                        && serde_json::from_str(&out.stdout)
                            .map(normalized_report)
                            .ok()
                            == Some(normalized_report(want.clone()))
                }
                None => {
                    out.status == Some(2)
                        && out.stdout.is_empty()
                        && out.stderr.lines().count() == 1
                }
            };
            if !ok {
                failures.push(format!(
                    "{path}:{line}: exit {:?}, stdout {:?}, stderr {:?}",
                    out.status, out.stdout, out.stderr
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn seeded_record_replays_like_the_library() {
    let record = json!({"game": "three-player", "first_dealer": 2,
                        "deals": [{"seed": "quack", "moves": ""}]});
    let text = record.to_string();
    let report = replay_file(&text).report();
    let library = serde_json::from_str::<Value>(&replay_text(&text).unwrap().to_json()).unwrap();
    assert_eq!(report, library);
    assert_eq!(report["next"]["seat"], 0, "left of dealer 2 leads");
    assert_eq!(report["over"], false);
}

#[test]
fn record_without_deals_names_the_first_leader() {
    let report =
        replay_stdin(r#"{"game": "partnership", "first_dealer": 1, "deals": []}"#).report();
    assert_eq!(
        report,
        json!({"deals": [], "totals": [0, 0], "over": false, "next": {"seat": 2, "legal": []}})
    );
}

// ---- bad records ----

#[test]
fn invalid_json_is_refused() {
    let out = replay_file("{\"game\": \"two-player\", \"deals\": [");
    assert!(
        out.refusal().starts_with("not valid JSON"),
        "{}",
        out.stderr
    );
}

#[test]
fn illegal_move_is_refused_naming_the_deal_and_move() {
    // Move 5 plays a card the mover does not hold: one from the other hand.
    let prefix = first_moves(&finished_game_record(), 4);
    let game = GameRecord::parse(&one_deal(&prefix).to_string())
        .unwrap()
        .replay()
        .unwrap();
    let deal = game.deal().unwrap();
    let mover = deal.to_move();
    let not_held = deal.hand(1 - mover).first().unwrap();
    let out = replay_stdin(&one_deal(&format!("{prefix} {not_held}")).to_string());
    assert_eq!(
        out.refusal(),
        format!("deal 1, move 5: '{not_held}': {not_held} is not in seat {mover}'s hand")
    );
}

#[test]
fn unknown_move_is_refused_naming_the_deal_and_move() {
    let good = finished_game_record();
    let bad = one_deal(&format!("{} 7X", first_moves(&good, 2)));
    let out = replay_file(&bad.to_string());
    assert!(
        out.refusal().starts_with("deal 1, move 3: '7X'"),
        "{}",
        out.stderr
    );
}

#[test]
fn move_after_the_end_of_the_deal_is_refused_naming_the_deal_and_move() {
    let mut record = finished_game_record();
    let moves = record["deals"][0]["moves"].as_str().unwrap().to_string();
    let count = moves.split_whitespace().count();
    record["deals"][0]["moves"] = json!(format!("{moves} AC"));
    let out = replay_file(&record.to_string());
    assert_eq!(
        out.refusal(),
        format!("deal 1, move {}: 'AC': the deal is already over", count + 1)
    );
}

#[test]
fn bad_deck_is_refused_naming_the_deal() {
    let mut record = finished_game_record();
    let deck = record["deals"][0]["deck"].as_str().unwrap();
    let short = deck
        .split_whitespace()
        .skip(1)
        .collect::<Vec<_>>()
        .join(" ");
    record["deals"][0]["deck"] = json!(short);
    let out = replay_stdin(&record.to_string());
    assert_eq!(
        out.refusal(),
        "deal 1: deck has 51 cards, the two-player game needs 52"
    );
}

#[test]
fn unknown_preset_is_refused() {
    let out = replay_stdin(r#"{"game": "two-player", "rules": "house", "deals": []}"#);
    assert_eq!(out.refusal(), "rules: unknown preset 'house'");
    let out = replay_stdin(r#"{"game": "partnership", "rules": "family", "deals": []}"#);
    assert!(
        out.refusal().starts_with("rules: preset 'family'"),
        "{}",
        out.stderr
    );
}

#[test]
fn unknown_option_is_refused() {
    let out = replay_stdin(r#"{"game": "two-player", "rules": {"combine": "add"}, "deals": []}"#);
    assert_eq!(
        out.refusal(),
        "rules: unknown option 'combine' for the two-player game"
    );
}

#[test]
fn bad_option_value_is_refused() {
    for rules in [
        r#"{"duck_winner": "lowest"}"#,
        r#"{"preset": "parlett", "target": 0}"#,
        r#"{"target": "250"}"#,
        r#"{"deals": 1.5}"#,
    ] {
        let text = format!(r#"{{"game": "two-player", "rules": {rules}, "deals": []}}"#);
        let out = replay_stdin(&text);
        assert!(
            out.refusal().starts_with("rules: option '"),
            "{rules}: {}",
            out.stderr
        );
    }
}

#[test]
fn deal_after_the_game_is_over_is_refused() {
    let mut record = finished_game_record();
    let next = json!({"deck": record["deals"][0]["deck"], "moves": ""});
    record["deals"].as_array_mut().unwrap().push(next);
    let out = replay_file(&record.to_string());
    assert_eq!(
        out.refusal(),
        "deal 2: the game was already over before this deal"
    );
}

#[test]
fn unfinished_deal_followed_by_another_is_refused() {
    let good = finished_game_record();
    let mut record = one_deal(&first_moves(&good, 10));
    let next = json!({"seed": "next", "moves": ""});
    record["deals"].as_array_mut().unwrap().push(next);
    let out = replay_stdin(&record.to_string());
    assert_eq!(
        out.refusal(),
        "deal 1: the deal is not played to its end, but another deal follows"
    );
}

#[test]
fn missing_file_is_refused() {
    let path = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("no-such-record.json");
    let out = run(&["replay", path.to_str().unwrap()], "");
    assert!(
        out.refusal().contains("no-such-record.json"),
        "{}",
        out.stderr
    );
}

#[test]
fn wrong_arguments_print_the_usage() {
    for args in [
        &[][..],
        &["replay"][..],
        &["replay", "a", "b"][..],
        &["play", "-"][..],
    ] {
        let out = run(args, "");
        assert_eq!(out.status, Some(2), "{args:?}");
        assert_eq!(out.stdout, "");
        assert!(
            out.stderr.contains("duck-soup replay FILE|-"),
            "{args:?}: {}",
            out.stderr
        );
    }
}

// ---- hostile text ----

#[test]
fn user_text_in_a_refusal_is_quoted_escaped_on_one_line() {
    for hostile in [
        "x\ny",
        "x\ry",
        "x\u{2028}y",
        "x\u{2029}y",
        "x\u{0}y",
        "x'y\"z",
    ] {
        let records = [
            json!({"game": hostile, "deals": []}),
            json!({"game": "two-player", "rules": hostile, "deals": []}),
            json!({"game": "two-player", "rules": {hostile: "lower"}, "deals": []}),
            json!({"game": "two-player", "rules": {"duck_winner": hostile}, "deals": []}),
            json!({"game": "two-player", "deals": [{"seed": "s", "moves": hostile}]}),
            json!({"game": "two-player", "deals": [{"deck": hostile}]}),
        ];
        for (i, record) in records.iter().enumerate() {
            // refusal() checks: exit 2, nothing on stdout, exactly one line.
            let out = replay_stdin(&record.to_string());
            let line = out.refusal();
            // Line breaks separate moves and cards (decision 9): those two
            // records quote only the first token.
            let separated = i >= 4 && hostile.contains(|c: char| c.is_ascii_whitespace());
            // A bad option value is answered with the values allowed.
            let shown = match i {
                3 => "must be one of lower, higher".to_string(),
                _ if separated => "'x'".to_string(),
                _ => hostile.escape_debug().to_string(),
            };
            assert!(line.contains(&shown), "{record}: {line}");
            assert!(
                !line.contains(['\u{2028}', '\u{2029}', '\r', '\0']),
                "{line}"
            );
        }
    }
}

#[test]
fn json_escapes_are_strict() {
    // `\u+074` is not a JSON escape (four hex digits must follow `\u`).
    let out = replay_stdin(r#"{"game": "t\u+074o-player", "deals": []}"#);
    assert!(
        out.refusal().starts_with("not valid JSON"),
        "{}",
        out.stderr
    );
    let out = replay_stdin(r#"{"game": "\u0074wo-player", "deals": []}"#);
    assert_eq!(out.report()["next"]["seat"], 1);
}

#[test]
fn fields_of_the_wrong_type_are_refused_in_one_line() {
    for record in [
        r#"{"game": 2, "deals": []}"#,
        r#"{"game": "two-player", "deals": {}}"#,
        r#"{"game": "two-player", "first_dealer": -1, "deals": []}"#,
        r#"{"game": "two-player", "deals": [{"deck": 7}]}"#,
        r#"{"game": "two-player", "deals": [{"seed": "s", "moves": ["7H"]}]}"#,
        r#"{"game": "two-player"}"#,
        r#"[]"#,
    ] {
        let out = replay_stdin(record);
        assert!(
            out.refusal().starts_with("not a record: "),
            "{record}: {}",
            out.stderr
        );
    }
}

#[test]
fn a_record_is_one_serde_value_in_any_format() {
    // GameRecord (de)serializes through RecordFile: the value the page passes
    // through the browser's JSON is the same as the text the command line reads.
    let mut rng = Rng::new(7);
    for kind in [
        GameKind::TwoPlayer,
        GameKind::ThreePlayer,
        GameKind::Partnership,
    ] {
        let mut game = Game::new(Rules::parlett(kind), 1);
        play_random_deal(&mut game, &mut rng);
        let record = GameRecord::of(&game);
        let value = serde_json::to_value(&record).unwrap();
        assert_eq!(
            value,
            serde_json::from_str::<Value>(&record.to_json()).unwrap()
        );
        let back: GameRecord = serde_json::from_value(value).unwrap();
        assert_eq!(back, record);
    }
    let bad = json!({"game": "two-player", "deals": [{"deck": "7H"}]});
    let err = serde_json::from_value::<GameRecord>(bad).unwrap_err();
    assert!(
        err.to_string().starts_with("deal 1: deck has 1 cards"),
        "{err}"
    );
}
