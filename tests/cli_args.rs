//! The command line's arguments: whatever is given, a bad argument exits with
//! status 2, prints nothing on standard output and one line on standard error
//! naming it (any text from the arguments quoted and escaped, so a line break
//! in it cannot make a second line), then the usage; never a panic. Good
//! arguments still run.

mod common;

use common::cli::{run_command, Run};
use std::ffi::OsStr;

fn run<S: AsRef<OsStr>>(args: &[S]) -> Run {
    run_command(args, "")
}

/// Characters a terminal or a log reader may take as the end of a line.
fn breaks_a_line(c: char) -> bool {
    c.is_control() || c == '\u{2028}' || c == '\u{2029}'
}

/// Runs `args`, checks the refusal (status 2, nothing on standard output, no
/// panic, one message line then the usage) and returns the message line.
fn refused<S: AsRef<OsStr> + std::fmt::Debug>(args: &[S]) -> String {
    let out = run(args);
    assert_eq!(out.status, Some(2), "{args:?}: {}", out.stderr);
    assert_eq!(out.stdout, "", "{args:?}: nothing on standard output");
    assert!(!out.stderr.contains("panicked"), "{args:?}: {}", out.stderr);
    let (message, usage) = out
        .stderr
        .split_once('\n')
        .unwrap_or_else(|| panic!("{args:?}: a message, then the usage: {:?}", out.stderr));
    assert!(
        usage.starts_with("usage:\n  duck-soup replay FILE|-\n"),
        "{args:?}: the usage follows one message line: {:?}",
        out.stderr
    );
    assert!(
        !message.is_empty() && !message.chars().any(breaks_a_line),
        "{args:?}: one plain line: {message:?}"
    );
    message.to_string()
}

/// Like [`refused`], and the message contains each of `parts` (the flag, the
/// value as given, ...).
fn refused_saying(args: &[&str], parts: &[&str]) {
    let message = refused(args);
    for part in parts {
        assert!(
            message.contains(part),
            "{args:?}: {message:?} lacks {part:?}"
        );
    }
}

fn tournament_with(extra: &[&str]) -> Vec<String> {
    let base = [
        "tournament",
        "--game",
        "two-player",
        "--a",
        "easy",
        "--b",
        "random",
    ];
    base.iter().chain(extra).map(|s| s.to_string()).collect()
}

fn bench_with(extra: &[&str]) -> Vec<String> {
    let base = ["bench", "--game", "two-player"];
    base.iter().chain(extra).map(|s| s.to_string()).collect()
}

fn strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

#[test]
fn bench_seconds_must_be_positive_finite_and_at_most_an_hour() {
    for bad in [
        "-1", "0", "-0", "NaN", "inf", "-inf", "1e30", "3600.5", "", "2s", "0x10",
    ] {
        let args = bench_with(&["--seconds", bad]);
        refused_saying(
            &strs(&args),
            &["--seconds", "above 0", "3600", &format!("got '{bad}'")],
        );
    }
}

#[test]
fn bench_hard_count_is_bounded() {
    for bad in ["18446744073709551615", "10001", "-1", "1.5", "", "many"] {
        let args = bench_with(&["--hard", bad]);
        refused_saying(
            &strs(&args),
            &["--hard", "from 0 to 10000", &format!("got '{bad}'")],
        );
    }
}

#[test]
fn tournament_deals_are_bounded_and_never_zero() {
    for bad in [
        "0",
        "18446744073709551615",
        "10000000000000",
        "1000001",
        "-2",
        "2.0",
        "two",
    ] {
        let args = tournament_with(&["--deals", bad]);
        refused_saying(
            &strs(&args),
            &[&format!(
                "--deals: must be a whole number from 1 to 1000000, got '{bad}'"
            )],
        );
    }
}

#[test]
fn tournament_threads_are_bounded() {
    for bad in ["0", "257", "18446744073709551615", "-1", "auto"] {
        let args = tournament_with(&["--threads", bad]);
        refused_saying(
            &strs(&args),
            &["--threads", "from 1 to 256", &format!("got '{bad}'")],
        );
    }
}

#[test]
fn tournament_seed_is_any_64_bit_number() {
    for bad in ["-1", "18446744073709551616", "1.5", "abc", ""] {
        let args = tournament_with(&["--seed", bad]);
        refused_saying(
            &strs(&args),
            &["--seed", "18446744073709551615", &format!("got '{bad}'")],
        );
    }
}

#[test]
fn unknown_games_and_levels_are_refused() {
    refused_saying(
        &["bench", "--game", "solitaire"],
        &["--game", "two-player", "'solitaire'"],
    );
    let cases: [(&[&str], &str); 3] = [
        (
            &["--game", "Two-Player", "--a", "easy", "--b", "easy"],
            "--game",
        ),
        (
            &["--game", "two-player", "--a", "HARD", "--b", "easy"],
            "--a",
        ),
        (
            &["--game", "two-player", "--a", "easy", "--b", "grandmaster"],
            "--b",
        ),
    ];
    for (flags, flag) in cases {
        let args: Vec<&str> = ["tournament"].iter().chain(flags).copied().collect();
        refused_saying(&args, &[flag, "got '"]);
    }
}

#[test]
fn missing_required_flags_are_refused() {
    refused_saying(&["bench"], &["--game", "required"]);
    refused_saying(&["bench", "--seconds", "1"], &["--game", "required"]);
    refused_saying(&["tournament", "--a", "easy", "--b", "easy"], &["--game"]);
    refused_saying(
        &["tournament", "--game", "two-player", "--b", "easy"],
        &["--a", "required", "random, easy, normal, hard"],
    );
    refused_saying(
        &["tournament", "--game", "two-player", "--a", "easy"],
        &["--b", "required"],
    );
}

#[test]
fn a_flag_without_its_value_is_refused() {
    refused_saying(&["bench", "--game"], &["--game: needs a value"]);
    let args = tournament_with(&["--deals"]);
    refused_saying(&strs(&args), &["--deals: needs a value"]);
}

#[test]
fn unknown_flags_and_flags_of_the_other_command_are_refused() {
    let cases: [(Vec<String>, &str); 8] = [
        (tournament_with(&["--frobnicate", "1"]), "'--frobnicate'"),
        (tournament_with(&["--seconds", "1"]), "'--seconds'"),
        (tournament_with(&["--hard", "1"]), "'--hard'"),
        (tournament_with(&["--deals=4"]), "'--deals=4'"),
        (tournament_with(&["--"]), "'--'"),
        (bench_with(&["--a", "hard"]), "'--a'"),
        (bench_with(&["--deals", "10"]), "'--deals'"),
        (bench_with(&["--JSON"]), "'--JSON'"),
    ];
    for (args, flag) in cases {
        refused_saying(&strs(&args), &["unknown flag", flag]);
    }
}

#[test]
fn a_flag_given_twice_is_refused() {
    let cases: [(Vec<String>, &str); 4] = [
        (
            tournament_with(&["--deals", "2", "--deals", "4"]),
            "--deals",
        ),
        (tournament_with(&["--json", "--json"]), "--json"),
        (tournament_with(&["--a", "easy"]), "--a"),
        (bench_with(&["--game", "two-player"]), "--game"),
    ];
    for (args, flag) in cases {
        refused_saying(&strs(&args), &[&format!("{flag}: given more than once")]);
    }
}

#[test]
fn stray_arguments_are_refused() {
    let args = tournament_with(&["extra"]);
    refused_saying(&strs(&args), &["tournament", "unexpected argument 'extra'"]);
    refused_saying(&["bench", "two-player"], &["bench", "'two-player'"]);
    refused_saying(&["bench", "-json", "--game", "two-player"], &["'-json'"]);
}

#[test]
fn replay_takes_exactly_one_argument() {
    refused_saying(&["replay"], &["replay", "exactly one argument", "got 0"]);
    refused_saying(&["replay", "a.json", "b.json"], &["replay", "got 2"]);
    refused_saying(&["replay", "--json", "a.json"], &["replay", "got 2"]);
}

#[test]
fn a_missing_or_unknown_command_is_refused() {
    refused_saying(&[] as &[&str], &["missing command"]);
    // (`play` is a command now: a misspelling of it stands in.)
    refused_saying(&["plya"], &["unknown command 'plya'"]);
    refused_saying(&["Bench", "--game", "two-player"], &["'Bench'"]);
}

/// Line breaks and other control characters in any argument come out
/// escaped: the message stays one line.
#[test]
fn line_breaks_in_arguments_leave_one_line() {
    for (raw, escaped) in [
        ("\n", "\\n"),
        ("\r", "\\r"),
        ("\r\n", "\\r\\n"),
        ("\u{2028}", "\\u{2028}"),
        ("\u{2029}", "\\u{2029}"),
        ("\u{85}", "\\u{85}"),
        ("\u{b}\u{c}", "\\u{b}\\u{c}"),
        ("\u{1b}[2J", "\\u{1b}[2J"),
    ] {
        let text = format!("a{raw}b");
        // The end of the quoted text (a flag's quote opens before its `--`).
        let shown = format!("a{escaped}b'");
        let flag = format!("--{text}");
        let cases: Vec<Vec<String>> = vec![
            vec![text.clone()],
            tournament_with(&[&text]),
            tournament_with(&[&flag, "1"]),
            tournament_with(&["--deals", &text]),
            tournament_with(&["--seed", &text]),
            bench_with(&["--seconds", &text]),
            vec!["bench".into(), "--game".into(), text.clone()],
        ];
        for args in cases {
            let message = refused(&args);
            assert!(
                message.contains(&shown),
                "{args:?}: {message:?} lacks {shown:?}"
            );
        }
    }
}

/// A file that cannot be read is named, escaped, in one line (no usage:
/// the arguments were right).
#[test]
fn an_unreadable_file_name_is_quoted_escaped() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"));
    let path = dir.join("no such\nrecord\u{2028}.json");
    let out = run(&[OsStr::new("replay"), path.as_os_str()]);
    assert_eq!(out.status, Some(2));
    assert_eq!(out.stdout, "");
    assert!(!out.stderr.contains("panicked"), "{}", out.stderr);
    let message = out.stderr.strip_suffix('\n').expect("a whole line");
    assert!(!message.chars().any(breaks_a_line), "{message:?}");
    assert!(message.starts_with("cannot read '"), "{message:?}");
    assert!(
        message.contains("no such\\nrecord\\u{2028}.json'"),
        "{message:?}"
    );
}

/// Arguments that are not UTF-8 (possible on Unix) are refused, not a panic.
#[cfg(unix)]
#[test]
fn arguments_that_are_not_utf8_are_refused() {
    use std::ffi::OsString;
    use std::os::unix::ffi::OsStringExt;
    let bad = || OsString::from_vec(b"two\xffplayer".to_vec());
    let cases: [Vec<OsString>; 3] = [
        vec!["bench".into(), "--game".into(), bad()],
        vec!["bench".into(), bad()],
        vec![bad()],
    ];
    for args in cases {
        let message = refused(&args);
        assert!(
            message.contains("'two\u{fffd}player'"),
            "{args:?}: {message:?}"
        );
    }
    // A file name need not be UTF-8: it is looked for, and named when missing.
    let out = run(&[OsString::from("replay"), bad()]);
    assert_eq!(out.status, Some(2));
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);
    assert!(out.stderr.starts_with("cannot read 'two\u{fffd}player': "));
}

#[test]
fn a_small_tournament_runs() {
    let args = tournament_with(&["--deals", "2"]);
    let out = run(&args);
    assert_eq!(out.status, Some(0), "{}", out.stderr);
    assert_eq!(out.stderr, "");
    let first = out.stdout.lines().next().expect("a line");
    assert_eq!(
        first,
        "two-player: easy (A) against random (B), 2 duplicate deals"
    );
}

/// A count of deals that is not a whole number of decks is played rounded
/// up, and the output says so.
#[test]
fn a_tournament_says_when_it_rounds_the_deals_up() {
    let out = run(&[
        "tournament",
        "--game",
        "three-player",
        "--a",
        "random",
        "--b",
        "random",
        "--deals",
        "2",
    ]);
    assert_eq!(out.status, Some(0), "{}", out.stderr);
    assert!(
        out.stdout.starts_with(
            "three-player: random (A) against random (B), 3 duplicate deals (2 asked, rounded up"
        ),
        "{}",
        out.stdout
    );
    // The edges of every range are accepted.
    let args = tournament_with(&[
        "--deals",
        "1",
        "--seed",
        "18446744073709551615",
        "--threads",
        "256",
        "--json",
    ]);
    let out = run(&args);
    assert_eq!(out.status, Some(0), "{}", out.stderr);
    let json: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
    assert_eq!(json["deals"], 2);
    assert_eq!(json["deals_asked"], 1);
}

#[test]
fn a_short_bench_runs() {
    let out = run(&bench_with(&["--seconds", "0.2"]));
    assert_eq!(out.status, Some(0), "{}", out.stderr);
    assert_eq!(out.stderr, "");
    assert!(
        out.stdout.contains("random deals per second"),
        "{}",
        out.stdout
    );
    // The shortest time still measures one batch: a number, not NaN.
    let out = run(&bench_with(&[
        "--seconds",
        "1e-300",
        "--hard",
        "1",
        "--json",
    ]));
    assert_eq!(out.status, Some(0), "{}", out.stderr);
    let json: serde_json::Value = serde_json::from_str(&out.stdout).expect("JSON");
    assert!(json["deals_per_second"].as_f64().unwrap() > 0.0, "{json}");
    assert!(json["hard_ms_p50"].as_f64().unwrap() > 0.0, "{json}");
}
