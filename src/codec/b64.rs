//! base64url without padding (RFC 4648 §5), the form of the game's links:
//! record links (`record_link`) and the invites and replies of online play
//! (`net::invite`). A few lines of our own rather than a crate: the page
//! needs only this one alphabet, strictly read.

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// The bytes as base64url text, without padding.
pub fn encode(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

fn value(c: u8) -> Option<u32> {
    Some(match c {
        b'A'..=b'Z' => c - b'A',
        b'a'..=b'z' => c - b'a' + 26,
        b'0'..=b'9' => c - b'0' + 52,
        b'-' => 62,
        b'_' => 63,
        _ => return None,
    } as u32)
}

/// The bytes of base64url text; `None` for any other character (padding
/// included), a length no encoding has, or unused bits that are not zero
/// (so each byte string has exactly one text).
pub fn decode(text: &str) -> Option<Vec<u8>> {
    let text = text.as_bytes();
    if text.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    for chunk in text.chunks(4) {
        let mut n = 0u32;
        for (i, &c) in chunk.iter().enumerate() {
            n |= value(c)? << (18 - 6 * i);
        }
        let bytes = chunk.len() - 1;
        if n << (8 * bytes) & 0x00ff_ffff != 0 {
            return None;
        }
        for i in 0..bytes {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rfc_4648_vectors_both_ways() {
        for (bytes, text) in [
            ("", ""),
            ("f", "Zg"),
            ("fo", "Zm8"),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg"),
            ("fooba", "Zm9vYmE"),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(encode(bytes.as_bytes()), text);
            assert_eq!(decode(text).as_deref(), Some(bytes.as_bytes()));
        }
        assert_eq!(encode(&[0xfb, 0xff, 0xbf]), "-_-_");
        assert_eq!(decode("-_-_"), Some(vec![0xfb, 0xff, 0xbf]));
    }

    #[test]
    fn every_length_and_byte_round_trips() {
        let bytes: Vec<u8> = (0..=255u8).collect();
        for n in 0..bytes.len() {
            assert_eq!(decode(&encode(&bytes[..n])).as_deref(), Some(&bytes[..n]));
        }
    }

    #[test]
    fn other_text_is_refused() {
        // Padding, the standard alphabet's + and /, spaces, a length no
        // encoding has, and unused bits that are not zero ("Zh" would be
        // "f" with a stray bit) are all refused.
        for bad in [
            "Z", "Zg==", "Zm9v=", "Zm+v", "Zm/v", "Zm9 v", "Zh", "Zm9", "Zm-", "\u{e9}",
        ] {
            assert_eq!(decode(bad), None, "{bad}");
        }
    }
}
