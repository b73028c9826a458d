//! Invites and replies: what two devices exchange, through any chat, to
//! connect directly with no server of ours.
//!
//! The host's invite carries its connection offer, the table, the seat and
//! the rules; the guest's reply carries its answer for the same table and
//! seat, and a token naming the reply. Both travel in a link's fragment (`#…`, which
//! browsers never send to a web server) as base64url of a small binary form:
//!
//! ```text
//! version 1 · kind (0 invite, 1 reply) · table id (6 bytes) · invite nonce (4)
//! · seat · then per kind:
//!   invite: game (0 two-player, 1 three-player, 2 partnership) · rules text · host name
//!   reply:  token (8 bytes, names the reply's channel) · guest name
//! · connection: ICE ufrag, ICE password (6 bits a character) · SHA-256
//!   fingerprint (32) · DTLS role · media id · candidates (flags, address, port)
//! · check (2 bytes: FNV-1a of all before, folded)
//! ```
//!
//! Texts are a length byte and UTF-8. The check catches a link damaged in a
//! chat (cut short, a character changed) before anything is tried with it.

use super::sdp::{Address, Candidate, CandidateKind, Connection, DtlsRole, Protocol, TcpType};
use crate::engine::packed::check;
use crate::engine::GameKind;
use std::fmt;

/// The packing's version: a link of another version is refused by name.
pub const VERSION: u8 = 1;

/// The most a name or rules text may hold, in bytes (what one length byte
/// counts, and more than a display name needs).
pub const MAX_TEXT: usize = 64;

/// Candidates packed at most: browsers offer a handful; more only lengthens the link.
pub const MAX_CANDIDATES: usize = 8;

/// Which table an invite belongs to and which invite it is: a reply is only
/// taken by the table and the latest invite it answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableRef {
    pub table: [u8; 6],
    /// Changes with every invite the host makes for a seat.
    pub nonce: u32,
    pub seat: u8,
}

/// The host's invite for one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invite {
    pub to: TableRef,
    pub game: GameKind,
    /// The rules in a share link's `o` form (e.g. `parlett,scoring:cards`).
    pub rules: String,
    pub host_name: String,
    pub connection: Connection,
}

/// The guest's reply to an invite.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub to: TableRef,
    /// Lets the guest take the same seat again after a reload or a drop.
    pub token: [u8; 8],
    pub guest_name: String,
    pub connection: Connection,
}

/// Why an invite or reply link could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PackError {
    /// Not base64url text at all.
    NotALink,
    /// Cut short (e.g. a chat broke the link across lines).
    Truncated,
    /// A character changed on the way: the check does not match.
    Damaged,
    /// Made by another version of the game.
    Version(u8),
    /// A reply where an invite was expected, or the other way round.
    WrongKind { expected: Kind },
    /// A field holds a value no version writes.
    Invalid(&'static str),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Invite,
    Reply,
}

impl fmt::Display for PackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PackError::NotALink => f.write_str("this is not an invite or reply link"),
            PackError::Truncated => f.write_str("the link is cut short: copy all of it"),
            PackError::Damaged => f.write_str("the link was changed on the way: copy it again"),
            PackError::Version(v) => write!(
                f,
                "the link was made by another version of the game ({v}; this one reads {VERSION})"
            ),
            PackError::WrongKind {
                expected: Kind::Invite,
            } => f.write_str("this is a reply link: open it on the host's device"),
            PackError::WrongKind {
                expected: Kind::Reply,
            } => f.write_str("this is an invite link: send it to the friend who joins"),
            PackError::Invalid(what) => write!(f, "the link's {what} is not valid"),
        }
    }
}

impl std::error::Error for PackError {}

impl Invite {
    pub fn pack(&self) -> String {
        let mut w = Writer::header(Kind::Invite, &self.to);
        w.byte(match self.game {
            GameKind::TwoPlayer => 0,
            GameKind::ThreePlayer => 1,
            GameKind::Partnership => 2,
        });
        w.text(&self.rules);
        w.text(&self.host_name);
        w.connection(&self.connection);
        w.finish()
    }

    pub fn unpack(link: &str) -> Result<Invite, PackError> {
        let (mut r, to) = Reader::open(link, Kind::Invite)?;
        let game = match r.byte()? {
            0 => GameKind::TwoPlayer,
            1 => GameKind::ThreePlayer,
            2 => GameKind::Partnership,
            _ => return Err(PackError::Invalid("game")),
        };
        if to.seat as usize >= game.seats() {
            return Err(PackError::Invalid("seat"));
        }
        let rules = r.text("rules")?;
        let host_name = r.text("host name")?;
        let connection = r.connection()?;
        r.end()?;
        Ok(Invite {
            to,
            game,
            rules,
            host_name,
            connection,
        })
    }
}

impl Reply {
    pub fn pack(&self) -> String {
        let mut w = Writer::header(Kind::Reply, &self.to);
        w.bytes(&self.token);
        w.text(&self.guest_name);
        w.connection(&self.connection);
        w.finish()
    }

    pub fn unpack(link: &str) -> Result<Reply, PackError> {
        let (mut r, to) = Reader::open(link, Kind::Reply)?;
        if to.seat > 3 {
            return Err(PackError::Invalid("seat"));
        }
        let token = r.array::<8>()?;
        let guest_name = r.text("guest name")?;
        let connection = r.connection()?;
        r.end()?;
        Ok(Reply {
            to,
            token,
            guest_name,
            connection,
        })
    }
}

/// A name as it may be shown: trimmed, control characters dropped, at most
/// [`MAX_TEXT`] bytes cut at a character boundary.
pub fn clean_name(name: &str) -> String {
    let mut out = String::new();
    for c in name.trim().chars().filter(|c| !c.is_control()) {
        if out.len() + c.len_utf8() > MAX_TEXT {
            break;
        }
        out.push(c);
    }
    out
}

/// ICE characters (`A-Z a-z 0-9 + /`) in 6 bits each: the standard base64
/// alphabet's order, so a string packs as its base64 decoding.
const ICE_ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

struct Writer(Vec<u8>);

impl Writer {
    fn header(kind: Kind, to: &TableRef) -> Writer {
        let mut w = Writer(Vec::with_capacity(160));
        w.byte(VERSION);
        w.byte(match kind {
            Kind::Invite => 0,
            Kind::Reply => 1,
        });
        w.bytes(&to.table);
        w.bytes(&to.nonce.to_be_bytes());
        w.byte(to.seat);
        w
    }

    fn byte(&mut self, b: u8) {
        self.0.push(b);
    }

    fn bytes(&mut self, b: &[u8]) {
        self.0.extend_from_slice(b);
    }

    /// A length byte and UTF-8, cut to [`MAX_TEXT`] bytes at a character boundary.
    fn text(&mut self, s: &str) {
        let mut end = s.len().min(MAX_TEXT);
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        self.byte(end as u8);
        self.bytes(&s.as_bytes()[..end]);
    }

    /// A length byte, then the characters 6 bits each.
    fn ice_text(&mut self, s: &str) {
        self.byte(s.len() as u8);
        let mut acc: u32 = 0;
        let mut bits = 0;
        for c in s.bytes() {
            let v = ICE_ALPHABET.iter().position(|&a| a == c).unwrap_or(0) as u32;
            acc = (acc << 6) | v;
            bits += 6;
            if bits >= 8 {
                bits -= 8;
                self.byte((acc >> bits) as u8);
            }
        }
        if bits > 0 {
            self.byte((acc << (8 - bits)) as u8);
        }
    }

    fn connection(&mut self, c: &Connection) {
        self.ice_text(&c.ufrag);
        self.ice_text(&c.pwd);
        self.bytes(&c.fingerprint);
        self.byte(match c.role {
            DtlsRole::ActPass => 0,
            DtlsRole::Active => 1,
            DtlsRole::Passive => 2,
        });
        self.text(&c.mid);
        let candidates = &c.candidates[..c.candidates.len().min(MAX_CANDIDATES)];
        self.byte(candidates.len() as u8);
        for cand in candidates {
            self.candidate(cand);
        }
    }

    /// Flags (address form: 2 bits, protocol: 1, kind: 2, TCP type: 2), the
    /// address and the port.
    fn candidate(&mut self, c: &Candidate) {
        let (form, address): (u8, Vec<u8>) = match &c.address {
            Address::V4(b) => (0, b.to_vec()),
            Address::V6(b) => (1, b.to_vec()),
            Address::Mdns(b) => (2, b.to_vec()),
            Address::Name(n) => {
                let mut v = vec![n.len().min(255) as u8];
                v.extend_from_slice(&n.as_bytes()[..n.len().min(255)]);
                (3, v)
            }
        };
        let protocol = match c.protocol {
            Protocol::Udp => 0,
            Protocol::Tcp => 1,
        };
        let kind = match c.kind {
            CandidateKind::Host => 0,
            CandidateKind::ServerReflexive => 1,
            CandidateKind::PeerReflexive => 2,
            CandidateKind::Relay => 3,
        };
        let tcp = match c.tcp_type {
            None => 0,
            Some(TcpType::Active) => 1,
            Some(TcpType::Passive) => 2,
            Some(TcpType::SimultaneousOpen) => 3,
        };
        self.byte(form | protocol << 2 | kind << 3 | tcp << 5);
        self.bytes(&address);
        self.bytes(&c.port.to_be_bytes());
    }

    fn finish(mut self) -> String {
        let sum = check(&self.0);
        self.bytes(&sum);
        crate::engine::b64::encode(&self.0)
    }
}

/// Reads a decoded link front to back; every read checks the length left.
struct Reader {
    bytes: Vec<u8>,
    at: usize,
}

impl Reader {
    /// Decodes the link and checks, in this order, that it is base64url, that
    /// it is long enough, its version (so an old or new link is named as
    /// such, not as damaged), its check bytes and its kind; then reads the
    /// table reference.
    fn open(link: &str, expected: Kind) -> Result<(Reader, TableRef), PackError> {
        let mut bytes = crate::engine::b64::decode(link.trim()).ok_or(PackError::NotALink)?;
        // Version, kind, table, nonce, seat, check.
        if bytes.len() < 1 + 1 + 6 + 4 + 1 + 2 {
            return Err(PackError::Truncated);
        }
        if bytes[0] != VERSION {
            return Err(PackError::Version(bytes[0]));
        }
        let body = bytes.len() - 2;
        if check(&bytes[..body]) != bytes[body..] {
            return Err(PackError::Damaged);
        }
        bytes.truncate(body);
        let kind = match bytes[1] {
            0 => Kind::Invite,
            1 => Kind::Reply,
            _ => return Err(PackError::Invalid("kind")),
        };
        if kind != expected {
            return Err(PackError::WrongKind { expected });
        }
        let mut r = Reader { bytes, at: 2 };
        let table = r.array()?;
        let nonce = u32::from_be_bytes(r.array()?);
        let seat = r.byte()?;
        Ok((r, TableRef { table, nonce, seat }))
    }

    fn take(&mut self, n: usize) -> Result<&[u8], PackError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let end = end.ok_or(PackError::Truncated)?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    /// Everything was read: trailing bytes mean a link this version did not write.
    fn end(&self) -> Result<(), PackError> {
        if self.at == self.bytes.len() {
            Ok(())
        } else {
            Err(PackError::Invalid("length"))
        }
    }

    fn byte(&mut self) -> Result<u8, PackError> {
        Ok(self.take(1)?[0])
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], PackError> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.take(N)?);
        Ok(out)
    }

    fn text(&mut self, what: &'static str) -> Result<String, PackError> {
        let len = self.byte()? as usize;
        if len > MAX_TEXT {
            return Err(PackError::Invalid(what));
        }
        let bytes = self.take(len)?;
        let text = std::str::from_utf8(bytes).map_err(|_| PackError::Invalid(what))?;
        if text.chars().any(char::is_control) {
            return Err(PackError::Invalid(what));
        }
        Ok(text.to_string())
    }

    fn ice_text(&mut self, what: &'static str, min: usize) -> Result<String, PackError> {
        let len = self.byte()? as usize;
        if len < min {
            return Err(PackError::Invalid(what));
        }
        let packed = self.take((len * 6).div_ceil(8))?;
        let mut out = String::with_capacity(len);
        let (mut acc, mut bits, mut bytes) = (0u32, 0, packed.iter());
        while out.len() < len {
            if bits < 6 {
                acc = (acc << 8) | u32::from(*bytes.next().ok_or(PackError::Truncated)?);
                bits += 8;
            }
            bits -= 6;
            out.push(ICE_ALPHABET[((acc >> bits) & 63) as usize] as char);
        }
        Ok(out)
    }

    fn connection(&mut self) -> Result<Connection, PackError> {
        let ufrag = self.ice_text("ICE user fragment", 4)?;
        let pwd = self.ice_text("ICE password", 22)?;
        let fingerprint = self.array::<32>()?;
        let role = match self.byte()? {
            0 => DtlsRole::ActPass,
            1 => DtlsRole::Active,
            2 => DtlsRole::Passive,
            _ => return Err(PackError::Invalid("DTLS role")),
        };
        let mid = self.text("media id")?;
        if mid.is_empty() || mid.len() > 16 || !mid.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(PackError::Invalid("media id"));
        }
        let count = self.byte()? as usize;
        if count > MAX_CANDIDATES {
            return Err(PackError::Invalid("candidate count"));
        }
        let candidates = (0..count)
            .map(|_| self.candidate())
            .collect::<Result<_, _>>()?;
        Ok(Connection {
            ufrag,
            pwd,
            fingerprint,
            role,
            mid,
            candidates,
        })
    }

    fn candidate(&mut self) -> Result<Candidate, PackError> {
        let flags = self.byte()?;
        let address = match flags & 3 {
            0 => Address::V4(self.array()?),
            1 => Address::V6(self.array()?),
            2 => Address::Mdns(self.array()?),
            _ => {
                let len = self.byte()? as usize;
                let name = std::str::from_utf8(self.take(len)?)
                    .ok()
                    .filter(|n| {
                        !n.is_empty()
                            && n.bytes()
                                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
                    })
                    .ok_or(PackError::Invalid("candidate address"))?;
                Address::Name(name.to_string())
            }
        };
        let protocol = if flags >> 2 & 1 == 0 {
            Protocol::Udp
        } else {
            Protocol::Tcp
        };
        let kind = match flags >> 3 & 3 {
            0 => CandidateKind::Host,
            1 => CandidateKind::ServerReflexive,
            2 => CandidateKind::PeerReflexive,
            _ => CandidateKind::Relay,
        };
        let tcp_type = match (protocol, flags >> 5 & 3) {
            (Protocol::Udp, 0) => None,
            (Protocol::Tcp, 1) => Some(TcpType::Active),
            (Protocol::Tcp, 2) => Some(TcpType::Passive),
            (Protocol::Tcp, 3) => Some(TcpType::SimultaneousOpen),
            _ => return Err(PackError::Invalid("candidate")),
        };
        if flags >> 7 != 0 {
            return Err(PackError::Invalid("candidate"));
        }
        let port = u16::from_be_bytes(self.array()?);
        Ok(Candidate {
            protocol,
            kind,
            address,
            port,
            tcp_type,
        })
    }
}
