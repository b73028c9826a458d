//! What a WebRTC data-channel connection needs of a session description, and
//! the description rebuilt from it.
//!
//! Browsers describe a connection in SDP: a kilobyte of text, most of it the
//! same for every data channel. Only a few values differ between two offers:
//! the ICE user fragment and password, the DTLS certificate's fingerprint,
//! the DTLS role, the media id and the candidates (addresses to try). This
//! module reads those from an SDP and writes an SDP back from them that
//! Chromium, Firefox and WebKit accept, so an invite can carry the values
//! alone. Reading looks only at the lines it needs (`a=ice-ufrag:`,
//! `a=ice-pwd:`, `a=fingerprint:`, `a=setup:`, `a=mid:`, `a=candidate:`), so
//! it is a few line matches rather than an SDP parser.

use std::fmt::{self, Write};

/// The values of an SDP that a data-channel connection depends on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connection {
    /// ICE user fragment and password (RFC 8839: 4-256 and 22-256 ice-chars).
    pub ufrag: String,
    pub pwd: String,
    /// SHA-256 fingerprint of the DTLS certificate (the hash every browser uses).
    pub fingerprint: [u8; 32],
    pub role: DtlsRole,
    /// The media id of the data channel's m-section (browsers use "0").
    pub mid: String,
    pub candidates: Vec<Candidate>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DtlsRole {
    ActPass,
    Active,
    Passive,
}

/// One ICE candidate: where the peer may be reached.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub protocol: Protocol,
    pub kind: CandidateKind,
    pub address: Address,
    pub port: u16,
    /// For TCP candidates: active, passive or simultaneous-open.
    pub tcp_type: Option<TcpType>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Udp,
    Tcp,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CandidateKind {
    Host,
    ServerReflexive,
    PeerReflexive,
    Relay,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TcpType {
    Active,
    Passive,
    SimultaneousOpen,
}

/// A candidate's address: an IP address, or the mDNS name browsers give
/// local addresses to hide them (`<uuid>.local`), or another host name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Address {
    V4([u8; 4]),
    V6([u8; 16]),
    /// `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx.local`, kept as its 16 bytes.
    Mdns([u8; 16]),
    Name(String),
}

/// Why an SDP could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SdpError {
    /// A line the connection needs is absent.
    Missing(&'static str),
    /// A line is there but its value is not of the form expected.
    Malformed(&'static str),
}

impl fmt::Display for SdpError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SdpError::Missing(what) => write!(f, "the connection offer has no {what}"),
            SdpError::Malformed(what) => write!(f, "the connection offer's {what} is malformed"),
        }
    }
}

impl std::error::Error for SdpError {}

/// The longest ICE user fragment or password a link carries: its length is
/// one byte. (RFC 8839 allows 256; browsers make 4 and 24 characters, and
/// one of 256 is refused here rather than written with a length of 0.)
pub const MAX_ICE_CHARS: usize = 255;

/// ICE's characters (RFC 8839 ice-char): letters, digits, `+` and `/`.
pub fn is_ice_text(s: &str, min: usize) -> bool {
    (min..=MAX_ICE_CHARS).contains(&s.len())
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'+' || b == b'/')
}

impl Connection {
    /// Reads the values a connection needs from an SDP (an offer or answer
    /// with every candidate gathered). Session-level and media-level
    /// attributes are read alike: browsers put them in the one m-section.
    pub fn from_sdp(sdp: &str) -> Result<Connection, SdpError> {
        let attribute = |name: &str| {
            sdp.lines()
                .find_map(|l| l.trim_end().strip_prefix("a=")?.strip_prefix(name))
        };
        let ufrag = attribute("ice-ufrag:").ok_or(SdpError::Missing("ICE user fragment"))?;
        let pwd = attribute("ice-pwd:").ok_or(SdpError::Missing("ICE password"))?;
        if !is_ice_text(ufrag, 4) {
            return Err(SdpError::Malformed("ICE user fragment"));
        }
        if !is_ice_text(pwd, 22) {
            return Err(SdpError::Malformed("ICE password"));
        }
        let fingerprint = fingerprint_of(sdp)?;
        let role = match attribute("setup:").ok_or(SdpError::Missing("DTLS role"))? {
            "actpass" => DtlsRole::ActPass,
            "active" => DtlsRole::Active,
            "passive" => DtlsRole::Passive,
            _ => return Err(SdpError::Malformed("DTLS role")),
        };
        let mid = attribute("mid:").unwrap_or("0");
        if mid.is_empty() || mid.len() > 16 || !mid.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(SdpError::Malformed("media id"));
        }
        let candidates = sdp
            .lines()
            .filter_map(|l| l.trim_end().strip_prefix("a=candidate:"))
            .filter_map(Candidate::parse)
            .collect();
        Ok(Connection {
            ufrag: ufrag.to_string(),
            pwd: pwd.to_string(),
            fingerprint,
            role,
            mid: mid.to_string(),
            candidates,
        })
    }

    /// An SDP for a data channel with these values. `session_id` is the
    /// `o=` line's session id (any number; it only has to stay the same for
    /// one connection).
    pub fn to_sdp(&self, session_id: u64) -> String {
        let mut s = String::with_capacity(600);
        let _ = write!(
            s,
            "v=0\r\no=- {session_id} 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n\
             a=group:BUNDLE {mid}\r\na=msid-semantic: WMS\r\n\
             m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n",
            mid = self.mid
        );
        for (i, c) in self.candidates.iter().enumerate() {
            let _ = write!(s, "a=candidate:{}\r\n", c.to_attribute(i));
        }
        let _ = write!(
            s,
            "a=ice-ufrag:{}\r\na=ice-pwd:{}\r\na=ice-options:trickle\r\n\
             a=fingerprint:sha-256 {}\r\na=setup:{}\r\na=mid:{}\r\n\
             a=sctp-port:5000\r\na=max-message-size:262144\r\n",
            self.ufrag,
            self.pwd,
            fingerprint_text(&self.fingerprint),
            match self.role {
                DtlsRole::ActPass => "actpass",
                DtlsRole::Active => "active",
                DtlsRole::Passive => "passive",
            },
            self.mid
        );
        s
    }
}

/// The SHA-256 fingerprint of an SDP's DTLS certificate (`a=fingerprint:`),
/// or why there is none: what a connection's verification code
/// (`net::verify`) is made of, and what the browser checks the peer's
/// certificate against.
pub fn fingerprint_of(sdp: &str) -> Result<[u8; 32], SdpError> {
    let value = sdp
        .lines()
        .find_map(|l| l.trim_end().strip_prefix("a=fingerprint:"))
        .ok_or(SdpError::Missing("certificate fingerprint"))?;
    parse_fingerprint(value).ok_or(SdpError::Malformed(
        "certificate fingerprint (SHA-256 expected)",
    ))
}

fn parse_fingerprint(value: &str) -> Option<[u8; 32]> {
    let (hash, hex) = value.split_once(' ')?;
    if !hash.eq_ignore_ascii_case("sha-256") {
        return None;
    }
    let mut out = [0u8; 32];
    let mut parts = hex.trim().split(':');
    for byte in out.iter_mut() {
        let part = parts.next()?;
        if part.len() != 2 {
            return None;
        }
        *byte = u8::from_str_radix(part, 16).ok()?;
    }
    parts.next().is_none().then_some(out)
}

fn fingerprint_text(bytes: &[u8; 32]) -> String {
    let mut s = String::with_capacity(95);
    for (i, b) in bytes.iter().enumerate() {
        if i > 0 {
            s.push(':');
        }
        let _ = write!(s, "{b:02X}");
    }
    s
}

impl Candidate {
    /// Reads `foundation component protocol priority address port typ TYPE
    /// [raddr …] [tcptype …] …` (RFC 8839). Only component 1 is used by a
    /// bundled data channel; anything unreadable is skipped, as a browser
    /// skips a candidate it cannot use.
    fn parse(value: &str) -> Option<Candidate> {
        let fields: Vec<&str> = value.split_ascii_whitespace().collect();
        if fields.len() < 8 || fields[1] != "1" || fields[6] != "typ" {
            return None;
        }
        let protocol = match fields[2].to_ascii_lowercase().as_str() {
            "udp" => Protocol::Udp,
            "tcp" => Protocol::Tcp,
            _ => return None,
        };
        let address = Address::parse(fields[4])?;
        let port = fields[5].parse().ok()?;
        let kind = match fields[7] {
            "host" => CandidateKind::Host,
            "srflx" => CandidateKind::ServerReflexive,
            "prflx" => CandidateKind::PeerReflexive,
            "relay" => CandidateKind::Relay,
            _ => return None,
        };
        let tcp_type = match protocol {
            Protocol::Udp => None,
            Protocol::Tcp => {
                let at = fields.iter().position(|f| *f == "tcptype")?;
                Some(match *fields.get(at + 1)? {
                    "active" => TcpType::Active,
                    "passive" => TcpType::Passive,
                    "so" => TcpType::SimultaneousOpen,
                    _ => return None,
                })
            }
        };
        Some(Candidate {
            protocol,
            kind,
            address,
            port,
            tcp_type,
        })
    }

    /// The candidate attribute's value. The foundation is the candidate's
    /// index and the priority is recomputed as RFC 8445 recommends (type
    /// preference, then the order written), since neither is packed.
    pub fn to_attribute(&self, index: usize) -> String {
        let type_preference: u32 = match self.kind {
            CandidateKind::Host => 126,
            CandidateKind::PeerReflexive => 110,
            CandidateKind::ServerReflexive => 100,
            CandidateKind::Relay => 0,
        };
        // UDP before TCP, then the order the browser listed them in.
        let local_preference = 65535
            - (index as u32).min(255)
            - if self.protocol == Protocol::Tcp {
                1024
            } else {
                0
            };
        let priority = (type_preference << 24) | (local_preference << 8) | 255;
        let mut s = format!(
            "{index} 1 {} {priority} {} {} typ {}",
            match self.protocol {
                Protocol::Udp => "udp",
                Protocol::Tcp => "tcp",
            },
            self.address,
            self.port,
            match self.kind {
                CandidateKind::Host => "host",
                CandidateKind::ServerReflexive => "srflx",
                CandidateKind::PeerReflexive => "prflx",
                CandidateKind::Relay => "relay",
            }
        );
        if self.kind != CandidateKind::Host {
            // Reflexive and relay candidates name a related address; its
            // value only informs diagnostics, so a placeholder is enough.
            s.push_str(" raddr 0.0.0.0 rport 0");
        }
        if let Some(t) = self.tcp_type {
            s.push_str(match t {
                TcpType::Active => " tcptype active",
                TcpType::Passive => " tcptype passive",
                TcpType::SimultaneousOpen => " tcptype so",
            });
        }
        s
    }
}

impl Address {
    fn parse(text: &str) -> Option<Address> {
        if let Some(ip) = parse_v4(text) {
            return Some(Address::V4(ip));
        }
        if let Some(ip) = parse_v6(text) {
            return Some(Address::V6(ip));
        }
        if let Some(uuid) = text.strip_suffix(".local").and_then(parse_uuid) {
            return Some(Address::Mdns(uuid));
        }
        let name_ok = !text.is_empty()
            && text.len() <= 253
            && text
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
        name_ok.then(|| Address::Name(text.to_string()))
    }
}

impl fmt::Display for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Address::V4(b) => write!(f, "{}.{}.{}.{}", b[0], b[1], b[2], b[3]),
            Address::V6(b) => write_v6(f, b),
            Address::Mdns(b) => {
                for (i, byte) in b.iter().enumerate() {
                    if matches!(i, 4 | 6 | 8 | 10) {
                        f.write_char('-')?;
                    }
                    write!(f, "{byte:02x}")?;
                }
                f.write_str(".local")
            }
            Address::Name(n) => f.write_str(n),
        }
    }
}

/// A dotted IPv4 address (`192.168.1.20`): four decimal numbers below 256,
/// without leading zeros. (Our own few lines rather than `std::net`'s
/// parser, which would cost the page several kilobytes.)
fn parse_v4(text: &str) -> Option<[u8; 4]> {
    let mut out = [0u8; 4];
    let mut parts = text.split('.');
    for byte in &mut out {
        let part = parts.next()?;
        let ok = (1..=3).contains(&part.len())
            && part.bytes().all(|b| b.is_ascii_digit())
            && !(part.len() > 1 && part.starts_with('0'));
        *byte = if ok { part.parse().ok()? } else { return None };
    }
    parts.next().is_none().then_some(out)
}

/// An IPv6 address in hex groups, with at most one `::` (`fe80::1`,
/// `2001:db8:0:0:0:0:0:7`). The forms with a dotted IPv4 tail are not taken
/// (browsers do not give them); such a candidate is kept as a name.
fn parse_v6(text: &str) -> Option<[u8; 16]> {
    fn groups(part: &str, out: &mut Vec<u16>) -> Option<()> {
        if part.is_empty() {
            return Some(());
        }
        for g in part.split(':') {
            let ok = (1..=4).contains(&g.len()) && g.bytes().all(|b| b.is_ascii_hexdigit());
            out.push(if ok {
                u16::from_str_radix(g, 16).ok()?
            } else {
                return None;
            });
        }
        Some(())
    }
    let (mut head, mut tail) = (Vec::new(), Vec::new());
    // (Found byte by byte: a `&str` pattern brings in core's two-way
    // substring search, 1.5 KB of wasm that nothing else here needs.)
    let gap = text.as_bytes().windows(2).position(|pair| pair == b"::");
    match gap.map(|at| (&text[..at], &text[at + 2..])) {
        Some((a, b)) => {
            groups(a, &mut head)?;
            groups(b, &mut tail)?;
            if head.len() + tail.len() > 7 {
                return None;
            }
        }
        None => {
            groups(text, &mut head)?;
            if head.len() != 8 {
                return None;
            }
        }
    }
    let mut out = [0u8; 16];
    let at = 8 - tail.len();
    for (i, g) in head
        .iter()
        .enumerate()
        .chain(tail.iter().enumerate().map(|(i, g)| (at + i, g)))
    {
        out[2 * i..2 * i + 2].copy_from_slice(&g.to_be_bytes());
    }
    Some(out)
}

/// An IPv6 address as RFC 5952 writes it: lower-case hex groups, the
/// longest run of two or more zero groups (the first of equals) as `::`.
fn write_v6(f: &mut fmt::Formatter<'_>, b: &[u8; 16]) -> fmt::Result {
    let g: [u16; 8] = std::array::from_fn(|i| u16::from_be_bytes([b[2 * i], b[2 * i + 1]]));
    let (mut best, mut best_len, mut run) = (8, 1, 0);
    for (i, &group) in g.iter().enumerate() {
        run = if group == 0 { run + 1 } else { 0 };
        if run > best_len {
            best = i + 1 - run;
            best_len = run;
        }
    }
    let mut i = 0;
    while i < 8 {
        if i == best {
            f.write_str("::")?;
            i += best_len;
            continue;
        }
        if i > 0 && i != best + best_len {
            f.write_char(':')?;
        }
        write!(f, "{:x}", g[i])?;
        i += 1;
    }
    Ok(())
}

/// `8-4-4-4-12` hex digits, lower or upper case.
fn parse_uuid(text: &str) -> Option<[u8; 16]> {
    let groups: Vec<&str> = text.split('-').collect();
    let lengths: Vec<usize> = groups.iter().map(|g| g.len()).collect();
    if lengths != [8, 4, 4, 4, 12] {
        return None;
    }
    let hex: String = groups.concat();
    let mut out = [0u8; 16];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    // Kept as bytes, written back in lower case: only the lower-case form
    // round-trips, so an upper-case name is kept as a plain name instead.
    (hex.bytes().all(|b| !b.is_ascii_uppercase())).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_read_and_write_as_std_does() {
        let mut rng = crate::engine::rng::Rng::new(5);
        for i in 0..20_000u32 {
            let mut b = [0u8; 16];
            for x in &mut b {
                *x = rng.next_u64() as u8;
            }
            // Runs of zero groups of every length and place.
            let (start, len) = (i as usize % 8, (i as usize / 8) % 9);
            for k in start..(start + len).min(8) {
                b[2 * k] = 0;
                b[2 * k + 1] = 0;
            }
            let ip = std::net::Ipv6Addr::from(b);
            // std writes some forms with a dotted IPv4 tail; ours never does.
            let text = Address::V6(b).to_string();
            assert_eq!(parse_v6(&text), Some(b), "{text}");
            if !ip.to_string().contains('.') {
                assert_eq!(text, ip.to_string());
            }
            assert_eq!(
                parse_v6(&ip.to_string()).is_some(),
                !ip.to_string().contains('.')
            );
            let v4 = [b[0], b[1], b[2], b[3]];
            let text = Address::V4(v4).to_string();
            assert_eq!(text, std::net::Ipv4Addr::from(v4).to_string());
            assert_eq!(parse_v4(&text), Some(v4));
        }
        for bad in [
            "",
            "1.2.3",
            "1.2.3.4.5",
            "1.2.3.256",
            "01.2.3.4",
            "1..2.3",
            "a.b.c.d",
            "1.2.3.4 ",
        ] {
            assert_eq!(parse_v4(bad), None, "{bad}");
            assert_eq!(bad.parse::<std::net::Ipv4Addr>().ok(), None, "{bad}");
        }
        for bad in [
            ":",
            ":::",
            "1:2:3:4:5:6:7",
            "1:2:3:4:5:6:7:8:9",
            "1::2::3",
            "12345::",
            "g::",
            "1:2:3:4:5:6:7::8",
            "::1:2:3:4:5:6:7:8",
        ] {
            assert_eq!(parse_v6(bad), None, "{bad}");
        }
        assert_eq!(parse_v6("::"), Some([0; 16]));
        assert_eq!(
            Address::parse("FE80::1"),
            Some(Address::V6(parse_v6("fe80::1").unwrap()))
        );
    }
}
