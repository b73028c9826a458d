//! Quoting text that came from outside (an argument, a file name, a record's
//! field) inside a message.

/// `text` between single quotes, escaped as Rust's `escape_debug` does: line
/// breaks (`\n`, `\r`, U+2028, U+2029), other control and invisible
/// characters and quotes come out as escapes, so the message stays one line
/// and shows exactly what was given.
pub fn quoted(text: &str) -> String {
    format!("'{}'", text.escape_debug())
}

#[cfg(test)]
mod tests {
    use super::quoted;

    #[test]
    fn plain_text_is_only_quoted() {
        assert_eq!(quoted("two-player"), "'two-player'");
        assert_eq!(quoted(""), "''");
        assert_eq!(quoted("canard à l'orange 鴨"), "'canard à l\\'orange 鴨'");
    }

    #[test]
    fn line_breaks_and_control_characters_are_escaped() {
        assert_eq!(quoted("a\nb"), "'a\\nb'");
        assert_eq!(quoted("a\r\nb"), "'a\\r\\nb'");
        assert_eq!(quoted("\u{2028}\u{2029}"), "'\\u{2028}\\u{2029}'");
        assert_eq!(quoted("\u{85}\u{b}\u{c}\u{0}"), "'\\u{85}\\u{b}\\u{c}\\0'");
        assert_eq!(quoted("\u{1b}[31m"), "'\\u{1b}[31m'");
        // A right-to-left override would reorder the rest of the line.
        assert_eq!(quoted("\u{202e}x"), "'\\u{202e}x'");
    }

    #[test]
    fn every_character_below_the_space_leaves_one_line() {
        let all: String = (0u8..0x20).map(char::from).chain(['\u{7f}']).collect();
        let q = quoted(&all);
        assert!(q.chars().all(|c| !c.is_control()), "{q}");
        assert_eq!(q.lines().count(), 1);
    }
}
