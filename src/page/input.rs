//! Limits on text from outside the page (a record to import, saved data),
//! checked before any of it is parsed, and messages made one line. Plain
//! Rust with no browser in it, so its tests run natively too.

/// The largest record the page imports: 1 MB of text (as a file's size, or
/// a pasted text's length).
///
/// Generous for real games: a record takes about 230 bytes per two-player
/// deal written from its seed and 340 bytes per partnership deal written out
/// card by card (`{"deck":"…","moves":"…"}`: 52 cards, 52 moves), so 1 MB
/// holds about 3,000 of the largest deals, while a game played to the default
/// target lasts well under 20. Beyond it, reading alone blocked the page for
/// seconds (13 s for 20 MB), and the copy of the text into the wasm grows its
/// memory for good.
pub const MAX_RECORD_BYTES: usize = 1_000_000;

/// The most deals a record may have to be imported: 50 times the longest real
/// games, and a replay of all of them takes a fraction of a second.
pub const MAX_RECORD_DEALS: usize = 1_000;

/// How deeply JSON text may nest objects and arrays. Records and saved data
/// nest 3 deep; serde reads nesting by recursion, so text nested thousands
/// deep (which fits in a few KB) would overflow the wasm stack and kill the page.
pub const MAX_NESTING: usize = 32;

/// The longest message made from outside text, in characters.
const MAX_MESSAGE_CHARS: usize = 300;

/// Whether JSON text nests objects and arrays at most `limit` deep (brackets
/// inside strings do not count). Text that is not JSON may pass: the JSON
/// parser refuses it afterwards with its own reason.
pub fn nesting_within(text: &str, limit: usize) -> bool {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for b in text.bytes() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > limit {
                    return false;
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    true
}

/// A message on one line: line breaks, tabs and every other control or
/// separator character escaped (`\n`, `\u{2028}`…), cut to 300 characters.
/// For messages that repeat outside text (the browser's JSON errors quote the
/// text they could not read).
pub fn one_line(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == MAX_MESSAGE_CHARS {
            out.push('…');
            break;
        }
        if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// A size in bytes as a message says it: "20.5 MB", "1 MB", "640 KB".
/// (Integer arithmetic: formatting an f64 would link Rust's float printing,
/// ~15 KB of wasm.)
pub fn size_text(bytes: f64) -> String {
    let bytes = bytes as u64;
    if bytes >= 1_000_000 {
        let tenths = (bytes + 50_000) / 100_000;
        match tenths % 10 {
            0 => format!("{} MB", tenths / 10),
            d => format!("{}.{d} MB", tenths / 10),
        }
    } else {
        format!("{} KB", bytes.div_ceil(1000))
    }
}

/// A count with thousands separated: "3,000".
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nesting_counts_brackets_outside_strings() {
        assert!(nesting_within(r#"{"deals":[{"moves":"[[[[["}]}"#, 3));
        assert!(!nesting_within(r#"{"deals":[{"x":[]}]}"#, 3));
        assert!(nesting_within(r#"{"a":"\"[[[["}"#, 1));
        assert!(!nesting_within(&"[".repeat(100_000), MAX_NESTING));
        assert!(nesting_within("not json at all ]]]", 0));
    }

    #[test]
    fn messages_become_one_line_and_short() {
        assert_eq!(one_line("a\nb\r\u{2028}c\td"), "a\\nb\\r\\u{2028}c\\td");
        let long = one_line(&"x".repeat(1000));
        assert_eq!(long.chars().count(), MAX_MESSAGE_CHARS + 1);
        assert!(long.ends_with('…'));
    }

    #[test]
    fn sizes_read_as_people_say_them() {
        assert_eq!(size_text(20_500_000.0), "20.5 MB");
        assert_eq!(size_text(1_000_000.0), "1 MB");
        assert_eq!(size_text(640_000.0), "640 KB");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(3_000), "3,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
