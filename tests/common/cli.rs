//! The command line run as a person runs it: the built binary, its
//! arguments, what it is given on standard input, and what it printed.

use std::ffi::OsStr;
use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_duck-soup");

/// What one run of the command printed.
pub struct Run {
    pub status: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

/// Runs the command with `args`, `stdin` on its standard input.
pub fn run_command<S: AsRef<OsStr>>(args: &[S], stdin: &str) -> Run {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A refusal may come before standard input is read: a closed pipe then.
    let _ = child
        .stdin
        .take()
        .expect("a pipe")
        .write_all(stdin.as_bytes());
    let out = child.wait_with_output().expect("the binary ends");
    Run {
        status: out.status.code(),
        stdout: String::from_utf8(out.stdout).expect("UTF-8 output"),
        stderr: String::from_utf8(out.stderr).expect("UTF-8 errors"),
    }
}
