//! One reader and one writer of bytes for every format the game sends or
//! shares: record links ([`record_link`]), the invites and replies of online
//! play (`net::invite`), online messages (`net::wire`) and the questions the
//! page asks its computer players' worker (`ai::question`). Each
//! format is a sequence of the values here; none has its own varints,
//! texts, cards or game codes (only packings no other format uses stay
//! with their format: an invite's ICE texts at 6 bits a character, a
//! record link's mixed-radix number).
//!
//! - A number is an unsigned LEB128 varint, least significant 7 bits
//!   first, in its shortest form (a longer one is refused, so that each
//!   value has one encoding).
//! - A text is a varint length and that many bytes of UTF-8, bounded by
//!   the field (the writer cuts a longer text at a character boundary,
//!   rather than send what the reader refuses). A field of words that are
//!   always ASCII (a rules option's name or word) is read as ASCII only.
//! - A card is its index (0-51, the Ducks 52 and 53); cards are a varint
//!   count and their indices.
//! - A game kind is one byte: 0 two-player, 1 three-player, 2 partnership.
//! - A move is a byte (0 Duck said, 1 a card played, 2 a Duck led) and
//!   its card, and a led Duck's suit.
//!
//! A [`DealView`](crate::engine::deal_view::DealView) has one encoding
//! ([`deal_view`]), which online messages and the worker's questions share.
//! Every read is bounded and checked: short, overlong or impossible input
//! is refused with an [`Error`] naming the field, never a panic.
//!
//! The codec knows the engine's types and nothing else: the engine knows
//! nothing of bytes.

pub mod b64;
pub mod deal_view;
pub mod record_link;

use crate::engine::{Card, GameKind, Move, Suit};
use std::fmt;

/// Why bytes could not be read: the one error of every reader here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Error {
    /// The bytes end before `what`.
    Short(&'static str),
    /// `what` holds a value no writer writes (a card beyond the deck, a
    /// count beyond its bound, text that is not UTF-8, an overlong number).
    Invalid(&'static str),
    /// Bytes after the last field.
    Trailing,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Short(what) => write!(f, "cut short before {what}"),
            Error::Invalid(what) => write!(f, "an impossible value for {what}"),
            Error::Trailing => f.write_str("bytes after the end"),
        }
    }
}

impl std::error::Error for Error {}

/// The code of a game kind, wherever one travels.
pub fn game_code(game: GameKind) -> u8 {
    match game {
        GameKind::TwoPlayer => 0,
        GameKind::ThreePlayer => 1,
        GameKind::Partnership => 2,
    }
}

/// The game kind of a code, if it is one.
pub fn game_of_code(code: u8) -> Option<GameKind> {
    match code {
        0 => Some(GameKind::TwoPlayer),
        1 => Some(GameKind::ThreePlayer),
        2 => Some(GameKind::Partnership),
        _ => None,
    }
}

/// The check the game's links end with (record links, invites and
/// replies): 16 bits of FNV-1a, folded. It catches a changed or dropped
/// character before anything is read from the link.
pub fn check(bytes: &[u8]) -> [u8; 2] {
    let mut h: u32 = 0x811c_9dc5;
    for &b in bytes {
        h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
    }
    let folded = (h >> 16) ^ (h & 0xffff);
    [(folded >> 8) as u8, folded as u8]
}

/// Writes values in order.
#[derive(Clone, Debug, Default)]
pub struct Writer(Vec<u8>);

impl Writer {
    pub fn new() -> Writer {
        Writer::default()
    }

    /// The bytes written.
    pub fn into_bytes(self) -> Vec<u8> {
        self.0
    }

    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    pub fn byte(&mut self, b: u8) {
        self.0.push(b);
    }

    pub fn bytes(&mut self, b: &[u8]) {
        self.0.extend_from_slice(b);
    }

    pub fn bool(&mut self, b: bool) {
        self.byte(b as u8);
    }

    pub fn varint(&mut self, mut n: u64) {
        while n >= 0x80 {
            self.byte(n as u8 | 0x80);
            n >>= 7;
        }
        self.byte(n as u8);
    }

    /// A count or length (a varint).
    pub fn count(&mut self, n: usize) {
        self.varint(n as u64);
    }

    /// A text of at most `max` bytes: a longer one is cut at a character
    /// boundary.
    pub fn text(&mut self, s: &str, max: usize) {
        let mut end = s.len().min(max);
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        self.count(end);
        self.bytes(&s.as_bytes()[..end]);
    }

    pub fn card(&mut self, card: Card) {
        self.byte(card.index());
    }

    pub fn cards(&mut self, cards: &[Card]) {
        self.count(cards.len());
        for &c in cards {
            self.card(c);
        }
    }

    pub fn game(&mut self, game: GameKind) {
        self.byte(game_code(game));
    }

    pub fn game_move(&mut self, mv: Move) {
        match mv {
            Move::Concede => self.byte(0),
            Move::Play(c) => {
                self.byte(1);
                self.card(c);
            }
            Move::LeadDuck(c, s) => {
                self.byte(2);
                self.card(c);
                self.byte(s as u8);
            }
        }
    }
}

/// Reads values in order from bytes; every read checks what is left.
#[derive(Clone, Debug)]
pub struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes, at: 0 }
    }

    /// How many bytes are left.
    pub fn left(&self) -> usize {
        self.bytes.len() - self.at
    }

    /// Everything was read: bytes left over are refused.
    pub fn end(&self) -> Result<(), Error> {
        if self.left() == 0 {
            Ok(())
        } else {
            Err(Error::Trailing)
        }
    }

    pub fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], Error> {
        if n > self.left() {
            return Err(Error::Short(what));
        }
        let out = &self.bytes[self.at..self.at + n];
        self.at += n;
        Ok(out)
    }

    pub fn array<const N: usize>(&mut self, what: &'static str) -> Result<[u8; N], Error> {
        let mut out = [0u8; N];
        out.copy_from_slice(self.take(N, what)?);
        Ok(out)
    }

    pub fn byte(&mut self, what: &'static str) -> Result<u8, Error> {
        Ok(self.take(1, what)?[0])
    }

    /// A byte below `limit`.
    pub fn below(&mut self, limit: u8, what: &'static str) -> Result<u8, Error> {
        let b = self.byte(what)?;
        if b < limit {
            Ok(b)
        } else {
            Err(Error::Invalid(what))
        }
    }

    pub fn bool(&mut self, what: &'static str) -> Result<bool, Error> {
        Ok(self.below(2, what)? == 1)
    }

    /// A varint of at most 64 bits, in its shortest form.
    pub fn varint(&mut self, what: &'static str) -> Result<u64, Error> {
        let mut n: u64 = 0;
        for shift in (0..64).step_by(7) {
            let b = self.byte(what)?;
            let bits = u64::from(b & 0x7f);
            if shift == 63 && bits > 1 {
                return Err(Error::Invalid(what));
            }
            n |= bits << shift;
            if b & 0x80 == 0 {
                // A last byte of 0 after others: a longer form than needed.
                if b == 0 && shift > 0 {
                    return Err(Error::Invalid(what));
                }
                return Ok(n);
            }
        }
        Err(Error::Invalid(what))
    }

    /// A varint of at most 32 bits.
    pub fn u32(&mut self, what: &'static str) -> Result<u32, Error> {
        u32::try_from(self.varint(what)?).map_err(|_| Error::Invalid(what))
    }

    /// A count of at most `max`.
    pub fn count(&mut self, max: usize, what: &'static str) -> Result<usize, Error> {
        usize::try_from(self.varint(what)?)
            .ok()
            .filter(|&n| n <= max)
            .ok_or(Error::Invalid(what))
    }

    /// The length of a list of at most `max` items, each of at least a byte.
    fn list_len(&mut self, max: usize, what: &'static str) -> Result<usize, Error> {
        let n = self.count(max, what)?;
        if n > self.left() {
            return Err(Error::Short(what));
        }
        Ok(n)
    }

    /// A list of at most `max` items, each read by `item`. Every item takes
    /// at least a byte, so a count cannot ask for more than the bytes hold.
    pub fn list<T>(
        &mut self,
        max: usize,
        what: &'static str,
        mut item: impl FnMut(&mut Self) -> Result<T, Error>,
    ) -> Result<Vec<T>, Error> {
        let n = self.list_len(max, what)?;
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            out.push(item(self)?);
        }
        Ok(out)
    }

    /// A text of at most `max` bytes of UTF-8.
    pub fn text(&mut self, max: usize, what: &'static str) -> Result<String, Error> {
        let n = self.count(max, what)?;
        let bytes = self.take(n, what)?;
        std::str::from_utf8(bytes)
            .map(String::from)
            .map_err(|_| Error::Invalid(what))
    }

    /// A text of at most `max` bytes that must be ASCII (a rules option's
    /// name or word): the same bytes as any text, checked more strictly.
    pub fn ascii_text(&mut self, max: usize, what: &'static str) -> Result<String, Error> {
        let n = self.count(max, what)?;
        let bytes = self.take(n, what)?;
        if !bytes.is_ascii() {
            return Err(Error::Invalid(what));
        }
        Ok(bytes.iter().map(|&b| char::from(b)).collect())
    }

    pub fn card(&mut self, what: &'static str) -> Result<Card, Error> {
        Ok(Card::from_index(self.below(54, what)?))
    }

    /// Cards, at most a deck's.
    pub fn cards(&mut self, what: &'static str) -> Result<Vec<Card>, Error> {
        let n = self.list_len(54, what)?;
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            out.push(self.card(what)?);
        }
        Ok(out)
    }

    pub fn suit(&mut self, what: &'static str) -> Result<Suit, Error> {
        Ok(Suit::from_index(self.below(4, what)?))
    }

    pub fn game(&mut self, what: &'static str) -> Result<GameKind, Error> {
        game_of_code(self.byte(what)?).ok_or(Error::Invalid(what))
    }

    pub fn game_move(&mut self, what: &'static str) -> Result<Move, Error> {
        Ok(match self.below(3, what)? {
            0 => Move::Concede,
            1 => Move::Play(self.card("a move's card")?),
            _ => Move::LeadDuck(self.card("a move's card")?, self.suit("a led Duck's suit")?),
        })
    }
}
