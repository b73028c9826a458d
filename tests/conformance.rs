//! The conformance records (RULES.md sections 4 and 5): every record in
//! `tests/conformance/*.jsonl`, and in `../shared/conformance/` when that
//! directory exists, replays through the library to exactly its report
//! (`legal` compared as a set), and every bad record is refused. All failures
//! are listed at once, by file and line.

mod common;

use common::{conformance_cases, conformance_dirs, normalized_report};
use duck_soup::engine::record::replay_text;
use serde_json::Value;
use std::path::PathBuf;

/// The `.jsonl` files of a directory, sorted.
fn jsonl_files(dir: &std::path::Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
        .collect();
    files.sort();
    files
}

/// Replays one case; the error says how it differs.
fn check(case: &Value) -> Result<(), String> {
    let record = case.get("record").ok_or("no 'record' in the case")?;
    let replayed = replay_text(&record.to_string());
    match (case.get("report"), case.get("error"), replayed) {
        (Some(want), None, Ok(report)) => {
            let got = normalized_report(
                serde_json::from_str(&report.to_json()).expect("a report is JSON"),
            );
            let want = normalized_report(want.clone());
            if got == want {
                Ok(())
            } else {
                Err(format!(
                    "report differs\n    expected {want}\n    got      {got}"
                ))
            }
        }
        (Some(_), None, Err(e)) => Err(format!("refused a good record: {e}")),
        (None, Some(_), Err(_)) => Ok(()),
        (None, Some(reason), Ok(report)) => Err(format!(
            "replayed a bad record ({reason}) to {}",
            report.to_json()
        )),
        _ => Err("a case needs either a 'report' or an 'error'".into()),
    }
}

#[test]
fn every_conformance_record_replays_to_its_report() {
    let mut failures = Vec::new();
    let mut count = 0;
    for dir in conformance_dirs() {
        for path in jsonl_files(&dir) {
            for (line, case) in conformance_cases(&path) {
                count += 1;
                if let Err(e) = check(&case) {
                    failures.push(format!("{}:{line}: {e}", path.display()));
                }
            }
        }
    }
    assert!(count >= 196, "only {count} records found");
    assert!(
        failures.is_empty(),
        "{} of {count} conformance records fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// The vendored copy covers every game. (The shared records may grow apart
/// from it; both sets are replayed above, so a newer shared set is checked too.)
#[test]
fn vendored_records_cover_every_game() {
    let dirs = conformance_dirs();
    let names: Vec<String> = jsonl_files(&dirs[0])
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for game in ["two-player", "three-player", "partnership"] {
        assert!(
            names.contains(&format!("{game}.jsonl")),
            "no {game} records vendored"
        );
    }
}
