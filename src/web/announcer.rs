//! The live announcer: a polite log (`#announcer`, made at start-up: screen
//! readers watch regions that exist before their content changes) that reads
//! out plays, calls, trick winners, the change of course and the scores.
//! Only the view writes to it (`view/readout.rs`): what happened comes with
//! the scene (`page::announce::Said`), what newly shows the view reads off
//! the scene itself.

use super::dom::{append, by_id, doc, el, text_el};
use web_sys::Element;

/// Lines kept in the log (older ones are dropped; they have been read).
const KEPT_LINES: u32 = 6;

/// The live region, made if it is not there yet.
pub fn region() -> Element {
    by_id("announcer").unwrap_or_else(|| {
        let r = el("div", "sr-only");
        r.set_id("announcer");
        let _ = r.set_attribute("aria-live", "polite");
        let _ = r.set_attribute("role", "log");
        if let Some(b) = doc().body() {
            append(&b, &r);
        }
        r
    })
}

/// Reads `text` out politely, keeping the last few lines.
pub fn announce(text: &str) {
    if text.is_empty() {
        return;
    }
    let region = region();
    append(&region, &text_el("p", "", text));
    while region.child_element_count() > KEPT_LINES {
        if let Some(first) = region.first_element_child() {
            first.remove();
        }
    }
}
