//! The messages of online play as bytes (docs/protocol.md), sent as binary
//! over the data channel: each a sequence of the codec's values (`codec`),
//! with no serde, so the page carries a few kilobytes of code for it rather
//! than a reader and writer per type through JS objects (see
//! BENCHMARKS.md). The seat's view of the deal is the codec's one encoding
//! of a `DealView` (`codec::deal_view`).
//!
//! Every message is `version · type · body`. Numbers are varints of at
//! most 32 bits, texts at most [`MAX_TEXT`] bytes, lists a count and their
//! items, an option a byte (0 none, 1 some). Every read is bounded: a
//! short, overlong or impossible input is refused with the codec's
//! [`Error`] naming what was wrong, never a panic, and nothing may follow
//! the message's last field.

use super::fair::{Contribution, Reveal, RANDOM_LEN};
use super::protocol::{
    Dropped, GuestTable, LastMove, Reason, ToGuest, ToHost, MAX_MESSAGE_BYTES, VERSION,
};
use crate::codec::{Error, Reader, Writer};
use crate::engine::Call;

// Message types: guest to host below 0x10, host to guest from 0x10.
const HELLO: u8 = 1;
const MOVE: u8 = 2;
const PING: u8 = 3;
const RANDOMNESS: u8 = 4;
const TABLE: u8 = 0x11;
const REFUSED: u8 = 0x12;
const PONG: u8 = 0x13;
const COMMIT: u8 = 0x14;
const REVEAL: u8 = 0x15;

/// The most parts a reveal names: a table's friend seats.
const MAX_PARTS: usize = 3;

/// The longest text a message carries, in bytes (a name of 24 characters
/// in any script, a level's name).
pub const MAX_TEXT: usize = 96;
/// The most finished deals a table carries (a game is far shorter).
const MAX_DEALS: usize = 1000;

const CALLS: [Call; 5] = [
    Call::Quack,
    Call::QuackQuack,
    Call::DuckSoup,
    Call::QuackQuackQuack,
    Call::Duck,
];
const REASONS: [Reason; 5] = [
    Reason::NotYourSeat,
    Reason::NotYourTurn,
    Reason::Stale,
    Reason::Illegal,
    Reason::NoHello,
];

fn message(kind: u8) -> Writer {
    let mut w = Writer::new();
    w.byte(VERSION);
    w.byte(kind);
    w
}

fn write_nums(w: &mut Writer, list: &[u32]) {
    w.count(list.len());
    for &n in list {
        w.varint(n.into());
    }
}

fn write_table(w: &mut Writer, t: &GuestTable) {
    w.varint(t.turn.into());
    w.count(t.names.len());
    for n in &t.names {
        w.text(n, MAX_TEXT);
    }
    w.count(t.connected.len());
    for &c in &t.connected {
        w.bool(c);
    }
    w.count(t.scores.len());
    for s in &t.scores {
        write_nums(w, s);
    }
    write_nums(w, &t.totals);
    w.bool(t.over);
    match &t.deal {
        None => w.byte(0),
        Some(d) => {
            w.byte(1);
            w.deal_view(d);
        }
    }
    w.byte(t.first_dealer);
    w.varint(t.deals.into());
    w.count(t.points.len());
    for deal in &t.points {
        w.count(deal.len());
        for course in deal {
            write_nums(w, course);
        }
    }
    w.count(t.hand_lens.len());
    for &n in &t.hand_lens {
        w.byte(n);
    }
    w.count(t.who.len());
    for who in &t.who {
        w.text(who, MAX_TEXT);
    }
    match t.last {
        None => w.byte(0),
        Some(l) => {
            w.byte(1);
            w.byte(l.seat);
            w.game_move(l.mv);
            let call = l.call.and_then(|c| CALLS.iter().position(|&x| x == c));
            w.byte(call.map_or(0, |c| c as u8 + 1));
        }
    }
}

fn read_nums(r: &mut Reader, max: usize, what: &'static str) -> Result<Vec<u32>, Error> {
    r.list(max, what, |r| r.u32(what))
}

fn read_table(r: &mut Reader) -> Result<GuestTable, Error> {
    let turn = r.u32("the turn")?;
    let names = r.list(4, "the names", |r| r.text(MAX_TEXT, "a name"))?;
    let connected = r.list(4, "the connections", |r| r.bool("a connection"))?;
    let scores = r.list(MAX_DEALS, "the scores", |r| {
        read_nums(r, 4, "a deal's scores")
    })?;
    let totals = read_nums(r, 4, "the totals")?;
    let over = r.bool("the game's end")?;
    let deal = match r.bool("the deal")? {
        false => None,
        true => Some(r.deal_view()?),
    };
    let first_dealer = r.seat("the first dealer")?;
    let deals = r.u32("the deals")?;
    let points = r.list(MAX_DEALS, "the points", |r| {
        r.list(2, "a deal's points", |r| {
            read_nums(r, 4, "a course's points")
        })
    })?;
    let hand_lens = r.list(4, "the hand counts", |r| r.below(55, "a hand count"))?;
    let who = r.list(4, "the players", |r| r.text(MAX_TEXT, "a player"))?;
    let last = match r.bool("the last move")? {
        false => None,
        true => Some(LastMove {
            seat: r.seat("the last move's seat")?,
            mv: r.game_move("a move")?,
            call: match r.below(6, "the last move's call")? {
                0 => None,
                c => Some(CALLS[c as usize - 1]),
            },
        }),
    };
    Ok(GuestTable {
        turn,
        names,
        connected,
        scores,
        totals,
        over,
        deal,
        first_dealer,
        deals,
        points,
        hand_lens,
        who,
        last,
    })
}

/// Opens a message: its size (before anything is read), its version, its type.
fn open(bytes: &[u8]) -> Result<(u8, Reader<'_>), Dropped> {
    if bytes.len() > MAX_MESSAGE_BYTES {
        return Err(Dropped::TooLarge(bytes.len()));
    }
    let mut r = Reader::new(bytes);
    let v = r.byte("the version")?;
    if v != VERSION {
        return Err(Dropped::Version(v));
    }
    let kind = r.byte("the message type")?;
    Ok((kind, r))
}

fn close<T>(r: Reader<'_>, value: T) -> Result<T, Dropped> {
    r.end()?;
    Ok(value)
}

impl ToHost {
    pub fn encode(&self) -> Vec<u8> {
        match self {
            ToHost::Hello { token, secret } => {
                let mut w = message(HELLO);
                w.bytes(token);
                w.bytes(secret);
                w.into_bytes()
            }
            ToHost::Move { seat, turn, mv } => {
                let mut w = message(MOVE);
                w.byte(*seat);
                w.varint((*turn).into());
                w.game_move(*mv);
                w.into_bytes()
            }
            ToHost::Ping { n } => {
                let mut w = message(PING);
                w.varint((*n).into());
                w.into_bytes()
            }
            ToHost::Randomness { deal, random } => {
                let mut w = message(RANDOMNESS);
                w.varint((*deal).into());
                w.bytes(random);
                w.into_bytes()
            }
        }
    }

    /// Reads a guest's message: its size first, then its version, its type
    /// and every field.
    pub fn decode(bytes: &[u8]) -> Result<ToHost, Dropped> {
        let (kind, mut r) = open(bytes)?;
        let message = match kind {
            HELLO => ToHost::Hello {
                token: r.array("the token")?,
                secret: r.array("the secret")?,
            },
            MOVE => ToHost::Move {
                seat: r.seat("the move's seat")?,
                turn: r.u32("the move's turn")?,
                mv: r.game_move("a move")?,
            },
            PING => ToHost::Ping {
                n: r.u32("the ping")?,
            },
            RANDOMNESS => ToHost::Randomness {
                deal: r.u32("the randomness's deal")?,
                random: r.array::<RANDOM_LEN>("the randomness")?,
            },
            _ => return Err(Error::Invalid("message type").into()),
        };
        close(r, message)
    }
}

impl ToGuest {
    pub fn encode(&self) -> Vec<u8> {
        match self {
            ToGuest::Table(t) => {
                let mut w = message(TABLE);
                write_table(&mut w, t);
                w.into_bytes()
            }
            ToGuest::Refused { turn, reason } => {
                let mut w = message(REFUSED);
                w.varint((*turn).into());
                w.byte(REASONS.iter().position(|r| r == reason).unwrap_or(0) as u8);
                w.into_bytes()
            }
            ToGuest::Pong { n } => {
                let mut w = message(PONG);
                w.varint((*n).into());
                w.into_bytes()
            }
            ToGuest::Commit { deal, commitment } => {
                let mut w = message(COMMIT);
                w.varint((*deal).into());
                w.bytes(&commitment.0);
                w.into_bytes()
            }
            ToGuest::Reveal { deal, reveal } => {
                let mut w = message(REVEAL);
                w.varint((*deal).into());
                w.bytes(&reveal.secret);
                w.count(reveal.guests.len());
                for part in &reveal.guests {
                    match part {
                        Contribution::Absent => w.byte(0),
                        Contribution::Sent(r) => {
                            w.byte(1);
                            w.bytes(r);
                        }
                    }
                }
                w.into_bytes()
            }
        }
    }

    /// Whether `bytes` say they are a table (their version and type only,
    /// nothing else read: for a message held back unread over the flood
    /// limit, where only the latest table matters).
    pub fn is_table(bytes: &[u8]) -> bool {
        matches!(bytes, [VERSION, TABLE, ..])
    }

    /// Reads the host's message on a guest's device, checked as strictly.
    pub fn decode(bytes: &[u8]) -> Result<ToGuest, Dropped> {
        let (kind, mut r) = open(bytes)?;
        let message = match kind {
            TABLE => ToGuest::Table(Box::new(read_table(&mut r)?)),
            REFUSED => ToGuest::Refused {
                turn: r.u32("the refusal's turn")?,
                reason: REASONS[r.below(REASONS.len() as u8, "the refusal's reason")? as usize],
            },
            PONG => ToGuest::Pong {
                n: r.u32("the pong")?,
            },
            COMMIT => ToGuest::Commit {
                deal: r.u32("the commitment's deal")?,
                commitment: super::fair::Commitment(r.array("the commitment")?),
            },
            REVEAL => ToGuest::Reveal {
                deal: r.u32("the reveal's deal")?,
                reveal: Reveal {
                    secret: r.array("the secret")?,
                    guests: r.list(MAX_PARTS, "the parts", |r| {
                        Ok(match r.bool("a part's mark")? {
                            false => Contribution::Absent,
                            true => Contribution::Sent(r.array("a part")?),
                        })
                    })?,
                },
            },
            _ => return Err(Error::Invalid("message type").into()),
        };
        close(r, message)
    }
}
