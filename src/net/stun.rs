//! The STUN servers online play asks for a device's public address: a list
//! the player may edit (the online dialogs), a well-known public server by
//! default, or none ("same network only": only local addresses are offered).
//! Read strictly, so that a typo is named rather than sent to the browser.

use crate::engine::text::quoted;
use std::fmt;

/// The default: a well-known public STUN server.
pub const DEFAULT: &str = "stun:stun.l.google.com:19302";
/// The most servers a list may name.
pub const MAX_SERVERS: usize = 8;
/// The longest server address.
pub const MAX_CHARS: usize = 200;

/// Why a list of STUN servers was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StunError {
    /// Not `stun:host[:port]` or `stuns:host[:port]` (the text, quoted).
    NotAServer(String),
    TooMany(usize),
}

impl fmt::Display for StunError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            StunError::NotAServer(s) => write!(
                f,
                "{} is not a STUN server (stun:host or stun:host:port)",
                quoted(s)
            ),
            StunError::TooMany(n) => write!(f, "{n} servers (at most {MAX_SERVERS})"),
        }
    }
}

/// The servers of a list typed by a player: separated by commas, spaces or
/// lines; empty text is the default server. (No TURN: a relay needs
/// credentials and a server of its own, which this game does not have.)
pub fn parse(text: &str) -> Result<Vec<String>, StunError> {
    let servers: Vec<&str> = text
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .collect();
    if servers.is_empty() {
        return Ok(vec![DEFAULT.to_string()]);
    }
    if servers.len() > MAX_SERVERS {
        return Err(StunError::TooMany(servers.len()));
    }
    servers
        .into_iter()
        .map(|s| {
            valid(s)
                .then(|| s.to_string())
                .ok_or_else(|| StunError::NotAServer(s.chars().take(MAX_CHARS).collect()))
        })
        .collect()
}

fn valid(server: &str) -> bool {
    let Some(rest) = server
        .strip_prefix("stun:")
        .or_else(|| server.strip_prefix("stuns:"))
    else {
        return false;
    };
    let (host, port) = match rest.rsplit_once(':') {
        // (An IPv6 address in brackets keeps its colons.)
        Some((h, p)) if !rest.ends_with(']') => (h, Some(p)),
        _ => (rest, None),
    };
    let host_ok = !host.is_empty()
        && server.len() <= MAX_CHARS
        && (host.starts_with('[') && host.ends_with(']') && host.len() > 2
            || host
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-'));
    let port_ok = port.is_none_or(|p| p.parse::<u16>().is_ok_and(|n| n > 0));
    host_ok && port_ok
}

/// The list as it is remembered: one server a line.
pub fn join(servers: &[String]) -> String {
    servers.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_are_read_strictly() {
        assert_eq!(parse("").unwrap(), [DEFAULT]);
        assert_eq!(parse("  \n ").unwrap(), [DEFAULT]);
        assert_eq!(
            parse("stun:a.example.org, stuns:b.example.org:5349\nstun:[2001:db8::1]:3478").unwrap(),
            [
                "stun:a.example.org",
                "stuns:b.example.org:5349",
                "stun:[2001:db8::1]:3478"
            ]
        );
        for bad in [
            "turn:relay.example.org",
            "stun:",
            "stun:host:0",
            "stun:host:99999",
            "stun:ho st",
            "http://stun.example.org",
            "stun:a_b.example",
            "stun:<b>x</b>",
        ] {
            let e = parse(bad).unwrap_err();
            assert!(matches!(e, StunError::NotAServer(_)), "{bad}: {e:?}");
            assert!(!e.to_string().contains('\n'));
        }
        let many = vec!["stun:a.example"; MAX_SERVERS + 1].join(",");
        assert_eq!(parse(&many), Err(StunError::TooMany(MAX_SERVERS + 1)));
        let long = format!("stun:{}", "a".repeat(500));
        assert!(parse(&long).is_err());
        let text = "stun:x.example\u{2028}y";
        assert!(!parse(text).unwrap_err().to_string().contains('\u{2028}'));
        assert_eq!(
            join(&parse("stun:a.example stun:b.example").unwrap()),
            "stun:a.example\nstun:b.example"
        );
    }
}
