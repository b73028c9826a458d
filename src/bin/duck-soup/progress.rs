//! Progress bars with the time left, on standard error, only when it is a
//! terminal (never in a pipe, a log or a test's capture, so `--json` output
//! and errors stay as they are).

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// A bar that may be hidden: every call does nothing then.
pub struct Progress(Option<ProgressBar>);

impl Progress {
    /// A bar of `len` steps (None: a count with no end known), labelled
    /// `what`; hidden when `quiet` or when standard error is not a terminal.
    pub fn new(len: Option<u64>, what: &str, quiet: bool) -> Progress {
        if quiet || !std::io::stderr().is_terminal() {
            return Progress(None);
        }
        let (bar, template) = match len {
            Some(len) => (
                ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr()),
                "{msg} [{bar:30}] {pos}/{len}, {elapsed} so far, about {eta} left",
            ),
            None => (
                ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr()),
                "{msg}: {pos}, {elapsed} so far",
            ),
        };
        let style = ProgressStyle::with_template(template)
            .expect("a valid template")
            .progress_chars("=> ");
        bar.set_style(style);
        bar.set_message(what.to_string());
        Progress(Some(bar))
    }

    pub fn inc(&self, steps: u64) {
        if let Some(bar) = &self.0 {
            bar.inc(steps);
        }
    }

    /// Removes the bar, so that what follows starts on a clean line.
    pub fn finish(&self) {
        if let Some(bar) = &self.0 {
            bar.finish_and_clear();
        }
    }
}
