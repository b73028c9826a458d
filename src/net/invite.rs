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
//! Each field is one of the codec's values (`codec`): the game its game
//! code, texts its texts (at most [`MAX_TEXT`] bytes, so their length is
//! one byte). The check catches a link damaged in a chat (cut short, a
//! character changed) before anything is tried with it.

use super::sdp::{Address, Candidate, CandidateKind, Connection, DtlsRole, Protocol, TcpType};
use crate::codec::{b64, check, Error, Reader, Writer};
use crate::engine::GameKind;
use std::fmt;

/// The packing's version: a link of another version is refused by name.
pub const VERSION: u8 = 1;

/// The most a name or rules text may hold, in bytes (more than a display
/// name needs; below 128, so a text's length is one byte).
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
    /// A character changed on the way: the check does not match.
    Damaged,
    /// Made by another version of the game.
    Version(u8),
    /// A reply where an invite was expected, or the other way round.
    WrongKind { expected: Kind },
    /// Cut short (e.g. a chat broke the link across lines), or a field
    /// holds a value no version writes.
    Bytes(Error),
}

impl From<Error> for PackError {
    fn from(e: Error) -> PackError {
        PackError::Bytes(e)
    }
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
            PackError::Bytes(Error::Short(_)) => {
                f.write_str("the link is cut short: copy all of it")
            }
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
            PackError::Bytes(Error::Invalid(what)) => write!(f, "the link's {what} is not valid"),
            PackError::Bytes(Error::Trailing) => f.write_str("the link's length is not valid"),
        }
    }
}

impl std::error::Error for PackError {}

impl Invite {
    pub fn pack(&self) -> String {
        let mut w = header(Kind::Invite, &self.to);
        w.game(self.game);
        w.text(&self.rules, MAX_TEXT);
        w.text(&self.host_name, MAX_TEXT);
        write_connection(&mut w, &self.connection);
        finish(w)
    }

    pub fn unpack(link: &str) -> Result<Invite, PackError> {
        let bytes = open(link, Kind::Invite)?;
        let (mut r, to) = read_header(&bytes)?;
        let game = r.game("game")?;
        if to.seat as usize >= game.seats() {
            return Err(Error::Invalid("seat").into());
        }
        let rules = read_text(&mut r, "rules")?;
        let host_name = read_text(&mut r, "host name")?;
        let connection = read_connection(&mut r)?;
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
        let mut w = header(Kind::Reply, &self.to);
        w.bytes(&self.token);
        w.text(&self.guest_name, MAX_TEXT);
        write_connection(&mut w, &self.connection);
        finish(w)
    }

    pub fn unpack(link: &str) -> Result<Reply, PackError> {
        let bytes = open(link, Kind::Reply)?;
        let (mut r, to) = read_header(&bytes)?;
        if to.seat > 3 {
            return Err(Error::Invalid("seat").into());
        }
        let token = r.array("token")?;
        let guest_name = read_text(&mut r, "guest name")?;
        let connection = read_connection(&mut r)?;
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

/// Version, kind and the table reference.
fn header(kind: Kind, to: &TableRef) -> Writer {
    let mut w = Writer::new();
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

/// The check after everything, then base64url.
fn finish(mut w: Writer) -> String {
    let sum = check(w.as_bytes());
    w.bytes(&sum);
    b64::encode(w.as_bytes())
}

/// A length byte, then the characters 6 bits each.
fn write_ice_text(w: &mut Writer, s: &str) {
    w.byte(s.len() as u8);
    let mut acc: u32 = 0;
    let mut bits = 0;
    for c in s.bytes() {
        let v = ICE_ALPHABET.iter().position(|&a| a == c).unwrap_or(0) as u32;
        acc = (acc << 6) | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            w.byte((acc >> bits) as u8);
        }
    }
    if bits > 0 {
        w.byte((acc << (8 - bits)) as u8);
    }
}

fn write_connection(w: &mut Writer, c: &Connection) {
    write_ice_text(w, &c.ufrag);
    write_ice_text(w, &c.pwd);
    w.bytes(&c.fingerprint);
    w.byte(match c.role {
        DtlsRole::ActPass => 0,
        DtlsRole::Active => 1,
        DtlsRole::Passive => 2,
    });
    w.text(&c.mid, MAX_TEXT);
    let candidates = &c.candidates[..c.candidates.len().min(MAX_CANDIDATES)];
    w.byte(candidates.len() as u8);
    for cand in candidates {
        write_candidate(w, cand);
    }
}

/// Flags (address form: 2 bits, protocol: 1, kind: 2, TCP type: 2), the
/// address (a host name: a length byte and its characters) and the port.
fn write_candidate(w: &mut Writer, c: &Candidate) {
    let form = match &c.address {
        Address::V4(_) => 0,
        Address::V6(_) => 1,
        Address::Mdns(_) => 2,
        Address::Name(_) => 3,
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
    w.byte(form | protocol << 2 | kind << 3 | tcp << 5);
    match &c.address {
        Address::V4(b) => w.bytes(b),
        Address::V6(b) | Address::Mdns(b) => w.bytes(b),
        Address::Name(n) => {
            let n = &n.as_bytes()[..n.len().min(255)];
            w.byte(n.len() as u8);
            w.bytes(n);
        }
    }
    w.bytes(&c.port.to_be_bytes());
}

/// Decodes the link and checks, in this order, that it is base64url, that
/// it is long enough, its version (so an old or new link is named as
/// such, not as damaged), its check bytes and its kind. Returns the bytes
/// before the check.
fn open(link: &str, expected: Kind) -> Result<Vec<u8>, PackError> {
    let mut bytes = b64::decode(link.trim()).ok_or(PackError::NotALink)?;
    // Version, kind, table, nonce, seat, check.
    if bytes.len() < 1 + 1 + 6 + 4 + 1 + 2 {
        return Err(Error::Short("the table").into());
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
        _ => return Err(Error::Invalid("kind").into()),
    };
    if kind != expected {
        return Err(PackError::WrongKind { expected });
    }
    Ok(bytes)
}

/// The table reference after the version and kind, and a reader after it.
fn read_header(bytes: &[u8]) -> Result<(Reader<'_>, TableRef), Error> {
    let mut r = Reader::new(bytes);
    r.take(2, "the kind")?;
    let table = r.array("table")?;
    let nonce = u32::from_be_bytes(r.array("nonce")?);
    let seat = r.byte("seat")?;
    Ok((r, TableRef { table, nonce, seat }))
}

/// A name or rules text: no control characters.
fn read_text(r: &mut Reader, what: &'static str) -> Result<String, Error> {
    let text = r.text(MAX_TEXT, what)?;
    if text.chars().any(char::is_control) {
        return Err(Error::Invalid(what));
    }
    Ok(text)
}

fn read_ice_text(r: &mut Reader, what: &'static str, min: usize) -> Result<String, Error> {
    let len = r.byte(what)? as usize;
    if len < min {
        return Err(Error::Invalid(what));
    }
    let packed = r.take((len * 6).div_ceil(8), what)?;
    let mut out = String::with_capacity(len);
    let (mut acc, mut bits, mut bytes) = (0u32, 0, packed.iter());
    while out.len() < len {
        if bits < 6 {
            acc = (acc << 8) | u32::from(*bytes.next().ok_or(Error::Short(what))?);
            bits += 8;
        }
        bits -= 6;
        out.push(ICE_ALPHABET[((acc >> bits) & 63) as usize] as char);
    }
    Ok(out)
}

fn read_connection(r: &mut Reader) -> Result<Connection, Error> {
    let ufrag = read_ice_text(r, "ICE user fragment", 4)?;
    let pwd = read_ice_text(r, "ICE password", 22)?;
    let fingerprint = r.array("fingerprint")?;
    let role = match r.below(3, "DTLS role")? {
        0 => DtlsRole::ActPass,
        1 => DtlsRole::Active,
        _ => DtlsRole::Passive,
    };
    let mid = read_text(r, "media id")?;
    if mid.is_empty() || mid.len() > 16 || !mid.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(Error::Invalid("media id"));
    }
    let count = r.byte("candidate count")? as usize;
    if count > MAX_CANDIDATES {
        return Err(Error::Invalid("candidate count"));
    }
    let candidates = (0..count)
        .map(|_| read_candidate(r))
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

fn read_candidate(r: &mut Reader) -> Result<Candidate, Error> {
    let flags = r.byte("candidate")?;
    let address = match flags & 3 {
        0 => Address::V4(r.array("candidate address")?),
        1 => Address::V6(r.array("candidate address")?),
        2 => Address::Mdns(r.array("candidate address")?),
        _ => {
            let len = r.byte("candidate address")? as usize;
            let name = std::str::from_utf8(r.take(len, "candidate address")?)
                .ok()
                .filter(|n| {
                    !n.is_empty()
                        && n.bytes()
                            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.')
                })
                .ok_or(Error::Invalid("candidate address"))?;
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
        _ => return Err(Error::Invalid("candidate")),
    };
    if flags >> 7 != 0 {
        return Err(Error::Invalid("candidate"));
    }
    let port = u16::from_be_bytes(r.array("candidate port")?);
    Ok(Candidate {
        protocol,
        kind,
        address,
        port,
        tcp_type,
    })
}
