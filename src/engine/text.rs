//! User text inside messages.

/// `'text'` with the text escaped (`\n`, `\r`, `\u{2028}`, quotes…), so a
/// message that quotes what a user wrote is always one line and shows
/// exactly what was written.
pub fn quoted(text: &str) -> String {
    format!("'{}'", text.escape_debug())
}
