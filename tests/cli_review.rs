//! The command line's `play` and `review`, `--help` and `--version`: a game
//! played by computer levels comes out as a record `replay` reads, its review
//! as JSON with every field, both reproducible from their seeds; bad
//! arguments are refused in one line (status 2, nothing on standard output).

mod common;

use common::cli::{run_command, Run};
use serde_json::Value;

fn run_with(args: &[&str], stdin: &str) -> Run {
    run_command(args, stdin)
}

fn run(args: &[&str]) -> Run {
    run_with(args, "")
}

/// Runs `args` successfully: status 0, nothing on standard error (no
/// progress bar outside a terminal); returns standard output.
fn ran(args: &[&str], stdin: &str) -> String {
    let out = run_with(args, stdin);
    assert_eq!(out.status, Some(0), "{args:?}: {}", out.stderr);
    assert_eq!(out.stderr, "", "{args:?}");
    out.stdout
}

/// Refused: status 2, nothing on standard output, the first line of
/// standard error names each of `parts`, and the usage follows when `usage`.
fn refused(args: &[&str], stdin: &str, parts: &[&str], usage: bool) {
    let out = run_with(args, stdin);
    assert_eq!(out.status, Some(2), "{args:?}: {}", out.stderr);
    assert_eq!(out.stdout, "", "{args:?}");
    assert!(!out.stderr.contains("panicked"), "{args:?}: {}", out.stderr);
    let (line, rest) = out.stderr.split_once('\n').expect("a line");
    for part in parts {
        assert!(line.contains(part), "{args:?}: {line:?} lacks {part:?}");
    }
    assert_eq!(rest.starts_with("usage:\n"), usage, "{args:?}: {rest:?}");
    if !usage {
        assert_eq!(rest, "", "{args:?}: one line");
    }
}

/// A game of one deal of `game`, Expert against Random at a small budget.
fn one_deal(game: &str, seed: &str) -> String {
    let seats = "expert,random";
    ran(
        &[
            "play",
            "--game",
            game,
            "--seats",
            seats,
            "--deals",
            "1",
            "--seed",
            seed,
            "--playouts",
            "100",
        ],
        "",
    )
}

#[test]
fn play_prints_a_record_that_replay_reads_the_same_from_the_seed() {
    for game in ["two-player", "three-player", "partnership"] {
        let record = one_deal(game, "3");
        let parsed: Value = serde_json::from_str(&record).expect("JSON");
        assert_eq!(parsed["game"], game);
        assert_eq!(parsed["deals"].as_array().map(Vec::len), Some(1));
        let report: Value =
            serde_json::from_str(&ran(&["replay", "-"], &record)).expect("a report");
        assert_eq!(
            report["over"], true,
            "{game}: the game is played to its end"
        );
        assert_eq!(
            one_deal(game, "3"),
            record,
            "{game}: the same seed, the same game"
        );
        assert_ne!(
            one_deal(game, "4"),
            record,
            "{game}: another seed, another game"
        );
    }
}

#[test]
fn review_prints_every_move_of_the_seat_asked_with_its_values() {
    let record = one_deal("three-player", "5");
    let parsed: Value = serde_json::from_str(&record).unwrap();
    let moves: Vec<&str> = parsed["deals"][0]["moves"]
        .as_str()
        .unwrap()
        .split(' ')
        .collect();
    let args = [
        "review",
        "-",
        "--seat",
        "1",
        "--playouts",
        "50",
        "--seed",
        "9",
        "--json",
    ];
    let text = ran(&args, &record);
    assert_eq!(text.lines().count(), 1, "one JSON line");
    let review: Value = serde_json::from_str(&text).expect("JSON");
    let reviewed = review["moves"].as_array().expect("moves");
    assert_eq!(
        reviewed.len(),
        moves.len() / 3,
        "seat 1's moves, one in three"
    );
    for m in reviewed {
        assert_eq!(m["deal"], 1);
        assert_eq!(m["seat"], 1);
        let number = m["move_number"].as_u64().unwrap() as usize;
        assert_eq!(
            m["move"],
            moves[number - 1],
            "the move as the record writes it"
        );
        let values = m["values"].as_array().unwrap();
        let value_of = |mv: &Value| {
            values.iter().find(|v| v["move"] == *mv).expect("judged")["value"]
                .as_f64()
                .unwrap()
        };
        let top = values
            .iter()
            .map(|v| v["value"].as_f64().unwrap())
            .fold(f64::MIN, f64::max);
        assert!(values.iter().all(|v| v["spread"].as_f64().unwrap() >= 0.0));
        assert_eq!(value_of(&m["best"]), top, "the best move has the top value");
        let loss = m["loss"].as_f64().unwrap();
        assert!(loss >= 0.0);
        assert_eq!(loss, top - value_of(&m["move"]));
        assert!(m["exact"].is_boolean() && m["deals"].as_u64().unwrap() >= 1);
        assert!(values.iter().all(|v| v["exact"] == m["exact"]));
        assert!(["good", "inaccuracy", "mistake"].contains(&m["mark"].as_str().unwrap()));
    }
    // Each move's course: the Duck course first, then the Soup course.
    let courses: Vec<&str> = reviewed
        .iter()
        .map(|m| m["course"].as_str().expect("a course"))
        .collect();
    assert_eq!(courses[0], "duck", "{courses:?}");
    assert!(courses.contains(&"soup"), "{courses:?}");
    assert!(
        courses.windows(2).all(|w| w != ["soup", "duck"]),
        "{courses:?}"
    );
    assert_eq!(ran(&args, &record), text, "the same seed, the same figures");
    let reseeded = [
        "review",
        "-",
        "--seat",
        "1",
        "--playouts",
        "50",
        "--seed",
        "10",
        "--json",
    ];
    assert_ne!(ran(&reseeded, &record), text, "another seed, other samples");
    assert_eq!(review["judge"], "seat", "the mover's view by default");
}

/// `--omniscient` judges on the real deal: said in the JSON and the table,
/// one deal a move, no spread, and the same figures whatever the seed.
#[test]
fn review_omniscient_judges_on_the_real_deal_whatever_the_seed() {
    let record = one_deal("partnership", "3");
    // The omniscient review of seat 2, then `extra`.
    let review = |extra: &[&str]| {
        let base = [
            "review",
            "-",
            "--seat",
            "2",
            "--playouts",
            "30",
            "--omniscient",
        ];
        ran(&[&base[..], extra].concat(), &record)
    };
    let text = review(&["--seed", "1", "--json"]);
    let json: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(json["judge"], "omniscient");
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 13, "seat 2's thirteen cards");
    for m in moves {
        assert_eq!(m["deals"], 1, "the one real deal");
        let values = m["values"].as_array().unwrap();
        assert!(values.iter().all(|v| v["spread"] == 0.0));
    }
    assert_eq!(
        review(&["--seed", "2", "--json"]),
        text,
        "no deal drawn by the seed"
    );
    let table = review(&[]);
    assert!(
        table.contains("judged seeing every card (omniscient)"),
        "{table}"
    );
}

#[test]
fn review_without_a_seat_judges_every_move_and_prints_a_table() {
    let record = one_deal("two-player", "2");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("review-two-player.json");
    std::fs::write(&path, &record).unwrap();
    let path = path.to_str().unwrap();
    let json: Value =
        serde_json::from_str(&ran(&["review", path, "--playouts", "20", "--json"], "")).unwrap();
    let parsed: Value = serde_json::from_str(&record).unwrap();
    let count = parsed["deals"][0]["moves"]
        .as_str()
        .unwrap()
        .split(' ')
        .count();
    assert_eq!(
        json["moves"].as_array().unwrap().len(),
        count,
        "every seat's moves"
    );
    let table = ran(&["review", path, "--playouts", "20"], "");
    let mut lines = table.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("deal  move  seat  played  best"),
        "{table}"
    );
    assert!(
        table.contains("seat 0: ") && table.contains("seat 1: "),
        "{table}"
    );
    assert!(
        table.contains("(exact)"),
        "the last tricks are exact: {table}"
    );
}

#[test]
fn help_and_version_for_the_tool_and_each_command() {
    let version = format!("{}\n", env!("CARGO_PKG_VERSION"));
    for command in [
        None,
        Some("replay"),
        Some("tournament"),
        Some("bench"),
        Some("review"),
        Some("play"),
    ] {
        let mut args: Vec<&str> = command.into_iter().collect();
        args.push("--help");
        let help = ran(&args, "");
        assert!(help.contains("Usage: duck-soup"), "{args:?}: {help}");
        args.pop();
        args.push("--version");
        let shown = ran(&args, "");
        assert!(
            shown.starts_with("duck-soup") && shown.ends_with(&version),
            "{args:?}: {shown}"
        );
    }
    assert!(
        ran(&["-h"], "").contains("review"),
        "the commands are listed"
    );
}

#[test]
fn bad_review_arguments_are_refused_in_one_line() {
    let record = one_deal("two-player", "1");
    refused(&["review"], "", &["review", "RECORD"], true);
    refused(
        &["review", "-", "--seat", "2"],
        &record,
        &["--seat", "from 0 to 1", "two-player", "got '2'"],
        true,
    );
    refused(
        &["review", "-", "--seat", "-1"],
        &record,
        &["--seat", "got '-1'"],
        true,
    );
    refused(
        &["review", "-", "--playouts", "0"],
        &record,
        &["--playouts", "from 1 to 1000000", "got '0'"],
        true,
    );
    refused(
        &["review", "-", "--seed", "x\ny"],
        &record,
        &["--seed", "got 'x\\ny'"],
        true,
    );
    refused(
        &["review", "-", "-", "--json"],
        &record,
        &["unexpected argument '-'"],
        true,
    );
    refused(
        &["review", "-", "--json", "--json"],
        &record,
        &["--json: given more than once"],
        true,
    );
    refused(
        &["review", "-", "--seat=1"],
        &record,
        &["unknown flag '--seat=1'"],
        true,
    );
    // The arguments are right, the record is not: its error alone.
    refused(&["review", "-"], "{", &["JSON"], false);
    refused(
        &["review", "-"],
        r#"{"game": "two-player", "deals": [{"seed": "1", "moves": "ZZ"}]}"#,
        &["deal 1, move 1"],
        false,
    );
}

#[test]
fn bad_play_arguments_are_refused_in_one_line() {
    refused(
        &["play", "--seats", "expert"],
        "",
        &["--game", "required"],
        true,
    );
    refused(
        &["play", "--game", "two-player"],
        "",
        &["--seats", "required"],
        true,
    );
    refused(
        &[
            "play",
            "--game",
            "partnership",
            "--seats",
            "expert,grandmaster",
        ],
        "",
        &["--seats", "'grandmaster'"],
        true,
    );
    refused(
        &[
            "play",
            "--game",
            "two-player",
            "--seats",
            "expert,random,random",
        ],
        "",
        &["--seats", "at most 2"],
        true,
    );
    refused(
        &[
            "play",
            "--game",
            "two-player",
            "--seats",
            "random",
            "--deals",
            "0",
        ],
        "",
        &["--deals", "from 1 to 1000", "got '0'"],
        true,
    );
    refused(
        &[
            "play",
            "--game",
            "two-player",
            "--seats",
            "random",
            "--json",
        ],
        "",
        &["unknown flag '--json'"],
        true,
    );
}

/// The seats' levels repeat around the table: `random` alone plays every seat.
#[test]
fn one_level_plays_every_seat() {
    let out = ran(
        &[
            "play",
            "--game",
            "partnership",
            "--seats",
            "random",
            "--seed",
            "8",
        ],
        "",
    );
    let report: Value = serde_json::from_str(&ran(&["replay", "-"], &out)).unwrap();
    assert_eq!(report["over"], true);
    assert!(run(&[
        "play",
        "--game",
        "partnership",
        "--seats",
        "random",
        "--deals",
        "2"
    ])
    .stdout
    .contains("\"deals\":2"));
}

/// A game without courses (partnership): no move's course is printed.
#[test]
fn review_prints_no_course_in_partnership() {
    let record = one_deal("partnership", "3");
    let args = ["review", "-", "--seat", "0", "--playouts", "20", "--json"];
    let review: Value = serde_json::from_str(&ran(&args, &record)).expect("JSON");
    let reviewed = review["moves"].as_array().expect("moves");
    assert!(!reviewed.is_empty());
    assert!(reviewed.iter().all(|m| m.get("course").is_none()));
}
