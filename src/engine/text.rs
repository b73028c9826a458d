//! Quoting text that came from outside (an argument, a file name, a record's
//! field) inside a message.

/// `text` between single quotes, each character as [`push_escaped`] writes
/// it, so the message stays one line and shows exactly what was given.
pub fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('\'');
    for c in text.chars() {
        push_escaped(&mut out, c);
    }
    out.push('\'');
    out
}

/// `c` onto `out` as Rust's `escape_debug` writes it for the characters
/// that hide or break a line: `\0 \t \r \n`, quotes and backslash escaped,
/// and as `\u{..}` control characters, the line and paragraph separators,
/// format characters (bidirectional overrides, zero-width ones, the soft
/// hyphen), spaces other than U+0020 and private-use characters. (Written
/// here rather than with `escape_debug`, whose Unicode tables and
/// formatter weigh about 3 KB in the page's wasm; unlike it, a combining
/// mark or an unassigned code point is shown as it is.)
pub fn push_escaped(out: &mut String, c: char) {
    let escape = match c {
        '\0' => '0',
        '\t' => 't',
        '\r' => 'r',
        '\n' => 'n',
        '\\' | '\'' | '"' => c,
        _ if hidden(c) => {
            out.push_str("\\u{");
            let code = c as u32;
            let digits = (32 - (code | 1).leading_zeros()).div_ceil(4);
            for i in (0..digits).rev() {
                let nibble = (code >> (4 * i)) & 15;
                out.push(char::from_digit(nibble, 16).unwrap_or('0'));
            }
            out.push('}');
            return;
        }
        _ => {
            out.push(c);
            return;
        }
    };
    out.push('\\');
    out.push(escape);
}

/// Characters that a message would not show as themselves (see [`push_escaped`]).
fn hidden(c: char) -> bool {
    /// Unicode's format characters (Cf), separators other than the space
    /// (Zs, Zl, Zp) and private-use planes (Co), as inclusive ranges.
    const HIDDEN: [(u32, u32); 30] = [
        (0xA0, 0xA0),
        (0xAD, 0xAD),
        (0x600, 0x605),
        (0x61C, 0x61C),
        (0x6DD, 0x6DD),
        (0x70F, 0x70F),
        (0x890, 0x891),
        (0x8E2, 0x8E2),
        (0x1680, 0x1680),
        (0x180E, 0x180E),
        (0x2000, 0x200F),
        (0x2028, 0x202F),
        (0x205F, 0x2064),
        (0x2066, 0x206F),
        (0x3000, 0x3000),
        (0xE000, 0xF8FF),
        (0xFEFF, 0xFEFF),
        (0xFFF9, 0xFFFB),
        (0x110BD, 0x110BD),
        (0x110CD, 0x110CD),
        (0x13430, 0x1343F),
        (0x1BCA0, 0x1BCA3),
        (0x1D173, 0x1D17A),
        (0xE0001, 0xE0001),
        (0xE0020, 0xE007F),
        (0xF0000, 0x10FFFF),
        (0xFFFE, 0xFFFF),
        (0xD800, 0xDFFF),
        (0x1FFFE, 0x1FFFF),
        (0xFDD0, 0xFDEF),
    ];
    let code = c as u32;
    c.is_control()
        || HIDDEN
            .iter()
            .any(|&(low, high)| (low..=high).contains(&code))
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

    #[test]
    fn what_is_escaped_is_what_escape_debug_escapes() {
        // Every character escaped here is escaped by `escape_debug` the same
        // way; the ones it escapes and this does not are combining marks and
        // unassigned code points (printed, never a line break).
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let mut mine = String::new();
            super::push_escaped(&mut mine, c);
            let theirs: String = format!("a{c}").escape_debug().skip(1).collect();
            if mine != theirs {
                assert_eq!(mine, c.to_string(), "{c:?}: {mine} vs {theirs}");
                assert!(!c.is_control() && !c.is_whitespace(), "{c:?}");
            }
        }
        // Latin-1 (names typed in Western languages) agrees throughout.
        for c in (0..0x100).filter_map(char::from_u32) {
            let mut mine = String::new();
            super::push_escaped(&mut mine, c);
            assert_eq!(mine, c.escape_debug().to_string(), "{c:?}");
        }
    }
}
