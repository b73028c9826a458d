//! The servers online play gives a new connection (WebRTC's ICE servers):
//! the STUN servers it asks for a device's public address (a list the player
//! may edit in the online dialogs, a well-known public server by default, or
//! none: "same network only", only local addresses are offered), and a relay
//! (TURN) server with its user name and password, for networks where no
//! direct connection opens. Read strictly, so that a typo is named rather
//! than sent to the browser; a relay's password never appears in a message.

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
/// lines; empty text is the default server. (Relays have fields of their
/// own, for their user name and password: [`parse_relay`].)
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
    server.len() <= MAX_CHARS && host_and_port(rest)
}

/// `host`, `host:port`, `[IPv6]` or `[IPv6]:port`, the port from 1 to 65535.
fn host_and_port(rest: &str) -> bool {
    let (host, port) = match rest.rsplit_once(':') {
        // (An IPv6 address in brackets keeps its colons.)
        Some((h, p)) if !rest.ends_with(']') => (h, Some(p)),
        _ => (rest, None),
    };
    let host_ok = !host.is_empty()
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

/// The most addresses a relay may have (e.g. its UDP, TCP and TLS ports).
pub const MAX_RELAY_URLS: usize = 4;
/// The longest user name or password a relay may take.
pub const MAX_SECRET_CHARS: usize = 256;

/// A relay (TURN) server, as `RTCIceServer` takes one: its addresses
/// (`turn:host[:port]` or `turns:host[:port]`, with `?transport=udp` or
/// `tcp` if needed) and the user name and password they all take. It
/// carries the data of a connection that cannot open directly, encrypted
/// end to end (it sees addresses and sizes, never the game).
#[derive(Clone, PartialEq, Eq)]
pub struct Relay {
    pub urls: Vec<String>,
    pub username: String,
    pub credential: String,
}

impl fmt::Debug for Relay {
    // (Never the password, wherever a relay is printed.)
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.debug_struct("Relay")
            .field("urls", &self.urls)
            .field("username", &self.username)
            .field("credential", &"…")
            .finish()
    }
}

/// A relay's field that a refusal is about (its address's are named by the text).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RelayField {
    UserName,
    Password,
}

impl fmt::Display for RelayField {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            RelayField::UserName => "user name",
            RelayField::Password => "password",
        })
    }
}

/// Why a relay was refused. None of them holds the password.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RelayError {
    /// Not `turn:host[:port]` or `turns:host[:port]`, with `?transport=udp`
    /// or `tcp` at most (the text, quoted and cut short).
    NotARelay(String),
    /// An address with `user:password@` in it: not quoted, since it may hold
    /// the password; they go in their own fields.
    SecretInAddress,
    TooMany(usize),
    /// An address without this field.
    Missing(RelayField),
    /// A user name or password without an address.
    NoAddress,
    TooLong(RelayField),
    /// A line break or another control character (the saved form is one a line).
    ControlCharacter(RelayField),
}

impl fmt::Display for RelayError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            RelayError::NotARelay(s) => write!(
                f,
                "{} is not a relay server (turn:host:port or turns:host:port)",
                quoted(s)
            ),
            RelayError::SecretInAddress => {
                f.write_str("the user name and password go in their own fields, not in the address")
            }
            RelayError::TooMany(n) => write!(f, "{n} addresses (at most {MAX_RELAY_URLS})"),
            RelayError::Missing(field) => write!(f, "a relay needs a {field}"),
            RelayError::NoAddress => f.write_str("a user name or password needs a relay address"),
            RelayError::TooLong(field) => {
                write!(
                    f,
                    "the {field} is too long (at most {MAX_SECRET_CHARS} characters)"
                )
            }
            RelayError::ControlCharacter(field) => {
                write!(
                    f,
                    "the {field} holds a line break or another control character"
                )
            }
        }
    }
}

/// A relay as typed in the online dialogs: its addresses (commas, spaces or
/// lines between), a user name (its ends trimmed) and a password (exactly as
/// typed). All three empty: no relay.
pub fn parse_relay(
    urls: &str,
    username: &str,
    credential: &str,
) -> Result<Option<Relay>, RelayError> {
    let urls: Vec<&str> = urls
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .collect();
    let username = username.trim();
    if urls.is_empty() {
        return if username.is_empty() && credential.is_empty() {
            Ok(None)
        } else {
            Err(RelayError::NoAddress)
        };
    }
    if urls.len() > MAX_RELAY_URLS {
        return Err(RelayError::TooMany(urls.len()));
    }
    for url in &urls {
        if url.contains('@') {
            return Err(RelayError::SecretInAddress);
        }
        if !relay_url(url) {
            return Err(RelayError::NotARelay(url.chars().take(MAX_CHARS).collect()));
        }
    }
    for (text, field) in [
        (username, RelayField::UserName),
        (credential, RelayField::Password),
    ] {
        if text.is_empty() {
            return Err(RelayError::Missing(field));
        }
        if text.chars().count() > MAX_SECRET_CHARS {
            return Err(RelayError::TooLong(field));
        }
        if text
            .chars()
            .any(|c| c.is_control() || c == '\u{2028}' || c == '\u{2029}')
        {
            return Err(RelayError::ControlCharacter(field));
        }
    }
    Ok(Some(Relay {
        urls: urls.into_iter().map(str::to_string).collect(),
        username: username.to_string(),
        credential: credential.to_string(),
    }))
}

fn relay_url(url: &str) -> bool {
    let Some(rest) = url
        .strip_prefix("turn:")
        .or_else(|| url.strip_prefix("turns:"))
    else {
        return false;
    };
    let address = match rest.split_once('?') {
        Some((address, "transport=udp" | "transport=tcp")) => address,
        Some(_) => return false,
        None => rest,
    };
    url.len() <= MAX_CHARS && host_and_port(address)
}

/// The saved form's first line: its version.
const RELAY_SAVED_V1: &str = "relay 1";

impl Relay {
    /// The relay as the browser keeps it: a version line, then the addresses,
    /// the user name and the password, one a line (none holds a line break).
    pub fn saved_text(&self) -> String {
        format!(
            "{RELAY_SAVED_V1}\n{}\n{}\n{}",
            self.urls.join(" "),
            self.username,
            self.credential
        )
    }

    /// The relay a saved text holds, read as strictly as typed ones (None
    /// if it does not read: another version, or damaged).
    pub fn from_saved_text(text: &str) -> Option<Relay> {
        let mut lines = text.split('\n');
        if lines.next() != Some(RELAY_SAVED_V1) {
            return None;
        }
        let (urls, username, credential) = (lines.next()?, lines.next()?, lines.next()?);
        if lines.next().is_some() {
            return None;
        }
        parse_relay(urls, username, credential).ok().flatten()
    }
}

/// What a new connection is given: `RTCConfiguration`'s `iceServers` (the
/// STUN servers and the relays) and whether it may use only relays
/// (`iceTransportPolicy: "relay"`, for tests).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ice {
    pub stun: Vec<String>,
    pub relays: Vec<Relay>,
    pub relay_only: bool,
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
        let many = ["stun:a.example"; MAX_SERVERS + 1].join(",");
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

    #[test]
    fn relays_are_read_strictly() {
        assert_eq!(parse_relay("", "", ""), Ok(None));
        assert_eq!(parse_relay(" \n ", "  ", ""), Ok(None));
        let relay = parse_relay(
            "turn:relay.example.org:3478?transport=udp, turns:relay.example.org:5349\nturn:[2001:db8::1]",
            "  club ",
            " pass word ",
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            relay.urls,
            [
                "turn:relay.example.org:3478?transport=udp",
                "turns:relay.example.org:5349",
                "turn:[2001:db8::1]"
            ]
        );
        assert_eq!(relay.username, "club");
        assert_eq!(relay.credential, " pass word ");
        assert!(parse_relay("turn:127.0.0.1:3478?transport=tcp", "a", "b").is_ok());

        for bad in [
            "stun:relay.example.org",
            "turn:",
            "turn:host:0",
            "turn:host:70000",
            "turn:ho_st",
            "turn:host?transport=sctp",
            "turn:host?transport=udp&x=1",
            "turn:host:3478?",
            "TURN:host",
            "https://relay.example.org",
        ] {
            let e = parse_relay(bad, "user", "secret").unwrap_err();
            assert!(matches!(e, RelayError::NotARelay(_)), "{bad}: {e:?}");
            assert!(!e.to_string().contains('\n'));
        }

        // A password never shows in a refusal, even typed into the address.
        let e = parse_relay("turn:club:s3cret@relay.example.org", "club", "s3cret").unwrap_err();
        assert_eq!(e, RelayError::SecretInAddress);
        assert!(!e.to_string().contains("s3cret"));
        let many = ["turn:a.example"; MAX_RELAY_URLS + 1].join(" ");
        assert_eq!(
            parse_relay(&many, "u", "p"),
            Err(RelayError::TooMany(MAX_RELAY_URLS + 1))
        );
        let url = "turn:relay.example.org";
        use RelayField::{Password, UserName};
        for (user, password, why) in [
            ("", "secret", RelayError::Missing(UserName)),
            ("user", "", RelayError::Missing(Password)),
            (
                "us\u{2028}er",
                "secret",
                RelayError::ControlCharacter(UserName),
            ),
            ("user", "sec\nret", RelayError::ControlCharacter(Password)),
            ("user", "sec\0ret", RelayError::ControlCharacter(Password)),
        ] {
            assert_eq!(parse_relay(url, user, password), Err(why));
        }
        let long = "x".repeat(MAX_SECRET_CHARS + 1);
        assert_eq!(
            parse_relay(url, &long, "p"),
            Err(RelayError::TooLong(UserName))
        );
        assert_eq!(
            parse_relay(url, "u", &long),
            Err(RelayError::TooLong(Password))
        );
        assert_eq!(
            parse_relay("", "user", "secret"),
            Err(RelayError::NoAddress)
        );
        for e in [
            RelayError::Missing(Password),
            RelayError::TooLong(Password),
            RelayError::ControlCharacter(Password),
            RelayError::NoAddress,
        ] {
            assert!(!e.to_string().is_empty() && !e.to_string().contains('\n'));
        }
        // (Nor where a relay is printed for debugging.)
        assert!(!format!("{relay:?}").contains("pass word"));
    }

    #[test]
    fn a_relay_is_kept_one_field_a_line_and_read_back_strictly() {
        let relay = parse_relay("turn:a.example turns:a.example:5349", " club ", " p w ")
            .unwrap()
            .unwrap();
        let text = relay.saved_text();
        assert_eq!(
            text,
            "relay 1\nturn:a.example turns:a.example:5349\nclub\n p w "
        );
        assert_eq!(Relay::from_saved_text(&text), Some(relay));
        for damaged in [
            "",
            "relay 2\nturn:a.example\nclub\npw",
            "relay 1\nturn:a.example\nclub",
            "relay 1\nturn:a.example\nclub\npw\nmore",
            "relay 1\nstun:a.example\nclub\npw",
            "relay 1\nturn:a.example\n\npw",
        ] {
            assert_eq!(Relay::from_saved_text(damaged), None, "{damaged:?}");
        }
    }
}
