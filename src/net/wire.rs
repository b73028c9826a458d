//! The messages of online play as bytes (docs/protocol.md): a hand-written
//! writer and reader of a compact binary form, sent as binary over the data
//! channel. Like the record links (`engine::packed`) it is pure Rust with no
//! serde, so the page carries a few kilobytes of code for it rather than a
//! reader and writer per type through JS objects (see BENCHMARKS.md).
//!
//! Every message is `version · type · body`. Numbers are LEB128 varints
//! (at most 32 bits), texts a varint length and UTF-8, lists a varint count
//! and their items, an option a byte (0 none, 1 some). Every read is
//! bounded: a short, overlong or impossible input is refused with a typed
//! [`WireError`] naming what was wrong, never a panic, and nothing may
//! follow the message's last field.

use super::protocol::{
    Dropped, GuestTable, LastMove, Reason, ToGuest, ToHost, MAX_MESSAGE_BYTES, VERSION,
};
use crate::engine::record::{OptionFile, RulesFile};
use crate::engine::view::{DealView, OutcomeView, TrickView};
use crate::engine::{Call, Card, Course, Move, Pile, Stage, Suit};
use std::fmt;

/// Why bytes are not a message of ours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WireError {
    /// The message ends before `what`.
    Short(&'static str),
    /// `what` holds a value it cannot have (a card beyond the deck, a seat
    /// beyond four, a list longer than any table has, text not UTF-8…).
    Bad(&'static str),
    /// An unknown message type.
    Type(u8),
    /// Bytes after the message's last field.
    Trailing,
}

impl fmt::Display for WireError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WireError::Short(what) => write!(f, "cut short before {what}"),
            WireError::Bad(what) => write!(f, "an impossible {what}"),
            WireError::Type(t) => write!(f, "an unknown message type {t}"),
            WireError::Trailing => f.write_str("bytes after the message"),
        }
    }
}

impl std::error::Error for WireError {}

// Message types: guest to host below 0x10, host to guest from 0x10.
const HELLO: u8 = 1;
const MOVE: u8 = 2;
const PING: u8 = 3;
const TABLE: u8 = 0x11;
const REFUSED: u8 = 0x12;
const PONG: u8 = 0x13;

/// The longest text a message carries, in bytes (a name of 24 characters
/// in any script, a level's name, a rules option).
const MAX_TEXT: usize = 96;
/// The most finished deals a table carries (a game is far shorter).
const MAX_DEALS: usize = 1000;

struct Writer(Vec<u8>);

impl Writer {
    fn new(kind: u8) -> Writer {
        Writer(vec![VERSION, kind])
    }
    fn byte(&mut self, b: u8) {
        self.0.push(b);
    }
    fn num(&mut self, mut n: u32) {
        while n >= 0x80 {
            self.0.push(n as u8 | 0x80);
            n >>= 7;
        }
        self.0.push(n as u8);
    }
    fn len(&mut self, n: usize) {
        self.num(n as u32);
    }
    fn text(&mut self, s: &str) {
        // Cut at a character boundary rather than send what cannot be read.
        let mut end = s.len().min(MAX_TEXT);
        while !s.is_char_boundary(end) {
            end -= 1;
        }
        self.len(end);
        self.0.extend_from_slice(&s.as_bytes()[..end]);
    }
    fn bool(&mut self, b: bool) {
        self.byte(b as u8);
    }
    fn nums(&mut self, list: &[u32]) {
        self.len(list.len());
        for &n in list {
            self.num(n);
        }
    }
    fn cards(&mut self, cards: &[Card]) {
        self.len(cards.len());
        for c in cards {
            self.byte(c.index());
        }
    }
    fn mv(&mut self, mv: Move) {
        match mv {
            Move::Concede => self.byte(0),
            Move::Play(c) => {
                self.byte(1);
                self.byte(c.index());
            }
            Move::LeadDuck(c, s) => {
                self.byte(2);
                self.byte(c.index());
                self.byte(s as u8);
            }
        }
    }
    fn pile(&mut self, p: Pile) {
        self.num(p.down.into());
        self.num(p.up.into());
    }
    fn trick(&mut self, t: &TrickView) {
        self.len(t.plays.len());
        for &(seat, card) in &t.plays {
            self.byte(seat);
            self.byte(card.index());
        }
        self.byte(t.led_suit as u8);
        self.byte(t.led_rank);
        self.byte(t.quacks);
        self.byte(stage_code(t.stage));
    }
    fn rules(&mut self, r: &RulesFile) {
        match r {
            RulesFile::Absent => self.byte(0),
            RulesFile::Preset(name) => {
                self.byte(1);
                self.text(name);
            }
            RulesFile::Options(options) => {
                self.byte(2);
                self.len(options.len());
                for (key, value) in options {
                    self.text(key);
                    match value {
                        OptionFile::Word(w) => {
                            self.byte(0);
                            self.text(w);
                        }
                        // Option values are small: a larger one is sent as "other".
                        OptionFile::Number(n) => match u32::try_from(*n) {
                            Ok(n) => {
                                self.byte(1);
                                self.num(n);
                            }
                            Err(_) => self.byte(2),
                        },
                        OptionFile::Other => self.byte(2),
                    }
                }
            }
        }
    }
    fn deal(&mut self, d: &DealView) {
        self.byte(d.seat);
        self.byte(game_code(&d.game));
        self.rules(&d.rules);
        self.byte(d.dealer);
        self.byte(
            d.high
                .iter()
                .enumerate()
                .fold(0, |b, (i, &h)| b | (h as u8) << i),
        );
        self.cards(&d.hand);
        self.byte(d.stock_next);
        self.byte(d.stock_end);
        self.byte(d.leader);
        self.byte(d.to_move);
        self.trick(&d.trick);
        self.byte(d.course as u8);
        for p in d.piles.iter().flatten() {
            self.pile(*p);
        }
        for k in &d.kept_quacks {
            self.cards(k);
        }
        self.cards(&d.played);
        match &d.last_trick {
            None => self.byte(0),
            Some(o) => {
                self.byte(1);
                self.trick(&o.trick);
                self.byte(o.winner);
                self.byte(o.keeper);
                self.pile(o.stored);
                self.byte(o.course as u8);
            }
        }
        for v in d.voids {
            self.byte(v);
        }
    }
    fn table(&mut self, t: &GuestTable) {
        self.num(t.turn);
        self.len(t.names.len());
        for n in &t.names {
            self.text(n);
        }
        self.len(t.connected.len());
        for &c in &t.connected {
            self.bool(c);
        }
        self.len(t.scores.len());
        for s in &t.scores {
            self.nums(s);
        }
        self.nums(&t.totals);
        self.bool(t.over);
        match &t.deal {
            None => self.byte(0),
            Some(d) => {
                self.byte(1);
                self.deal(d);
            }
        }
        self.byte(t.first_dealer);
        self.num(t.deals);
        self.len(t.points.len());
        for deal in &t.points {
            self.len(deal.len());
            for course in deal {
                self.nums(course);
            }
        }
        self.len(t.hand_lens.len());
        for &n in &t.hand_lens {
            self.byte(n);
        }
        self.len(t.who.len());
        for w in &t.who {
            self.text(w);
        }
        match t.last {
            None => self.byte(0),
            Some(l) => {
                self.byte(1);
                self.byte(l.seat);
                self.mv(l.mv);
                self.byte(l.call.map_or(0, |c| call_code(c) + 1));
            }
        }
    }
}

fn game_code(name: &str) -> u8 {
    match name {
        "two-player" => 0,
        "three-player" => 1,
        "partnership" => 2,
        _ => 0xff,
    }
}

const GAMES: [&str; 3] = ["two-player", "three-player", "partnership"];
const STAGES: [Stage; 5] = [
    Stage::Lead,
    Stage::Follow,
    Stage::LeaderAnswer,
    Stage::FollowerAnswer,
    Stage::Discard,
];
const CALLS: [Call; 5] = [
    Call::Quack,
    Call::QuackQuack,
    Call::DuckSoup,
    Call::QuackQuackQuack,
    Call::Duck,
];
const REASONS: [Reason; 4] = [
    Reason::NotYourSeat,
    Reason::NotYourTurn,
    Reason::Stale,
    Reason::Illegal,
];

fn stage_code(s: Stage) -> u8 {
    STAGES.iter().position(|&x| x == s).unwrap_or(0) as u8
}

fn call_code(c: Call) -> u8 {
    CALLS.iter().position(|&x| x == c).unwrap_or(0) as u8
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn byte(&mut self, what: &'static str) -> Result<u8, WireError> {
        let b = *self.bytes.get(self.at).ok_or(WireError::Short(what))?;
        self.at += 1;
        Ok(b)
    }
    /// A byte below `limit`.
    fn small(&mut self, what: &'static str, limit: u8) -> Result<u8, WireError> {
        let b = self.byte(what)?;
        if b < limit {
            Ok(b)
        } else {
            Err(WireError::Bad(what))
        }
    }
    fn seat(&mut self, what: &'static str) -> Result<u8, WireError> {
        self.small(what, 4)
    }
    fn bool(&mut self, what: &'static str) -> Result<bool, WireError> {
        Ok(self.small(what, 2)? == 1)
    }
    fn num(&mut self, what: &'static str) -> Result<u32, WireError> {
        let mut n: u64 = 0;
        for i in 0..5 {
            let b = self.byte(what)?;
            n |= u64::from(b & 0x7f) << (7 * i);
            if b & 0x80 == 0 {
                return u32::try_from(n).map_err(|_| WireError::Bad(what));
            }
        }
        Err(WireError::Bad(what))
    }
    /// A count of at most `max` items, each taking at least a byte (so a
    /// count cannot ask for more than the message holds).
    fn len(&mut self, what: &'static str, max: usize) -> Result<usize, WireError> {
        let n = self.num(what)? as usize;
        if n > max || n > self.bytes.len() - self.at {
            return Err(WireError::Bad(what));
        }
        Ok(n)
    }
    fn text(&mut self, what: &'static str) -> Result<String, WireError> {
        let n = self.len(what, MAX_TEXT)?;
        let bytes = &self.bytes[self.at..self.at + n];
        self.at += n;
        std::str::from_utf8(bytes)
            .map(String::from)
            .map_err(|_| WireError::Bad(what))
    }
    fn list<T>(
        &mut self,
        what: &'static str,
        max: usize,
        mut item: impl FnMut(&mut Self) -> Result<T, WireError>,
    ) -> Result<Vec<T>, WireError> {
        let n = self.len(what, max)?;
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            out.push(item(self)?);
        }
        Ok(out)
    }
    fn nums(&mut self, what: &'static str, max: usize) -> Result<Vec<u32>, WireError> {
        self.list(what, max, |r| r.num(what))
    }
    fn card(&mut self, what: &'static str) -> Result<Card, WireError> {
        Ok(Card::from_index(self.small(what, 54)?))
    }
    fn cards(&mut self, what: &'static str) -> Result<Vec<Card>, WireError> {
        self.list(what, 54, |r| r.card(what))
    }
    fn suit(&mut self, what: &'static str) -> Result<Suit, WireError> {
        Ok(Suit::from_index(self.small(what, 4)?))
    }
    fn course(&mut self) -> Result<Course, WireError> {
        Ok(Course::ALL[self.small("a course", 2)? as usize])
    }
    fn mv(&mut self) -> Result<Move, WireError> {
        Ok(match self.small("a move", 3)? {
            0 => Move::Concede,
            1 => Move::Play(self.card("a move's card")?),
            _ => Move::LeadDuck(self.card("a move's card")?, self.suit("a led Duck's suit")?),
        })
    }
    fn pile(&mut self) -> Result<Pile, WireError> {
        let mut half = || u16::try_from(self.num("a pile")?).map_err(|_| WireError::Bad("a pile"));
        Ok(Pile {
            down: half()?,
            up: half()?,
        })
    }
    fn trick(&mut self) -> Result<TrickView, WireError> {
        Ok(TrickView {
            plays: self.list("a trick", 6, |r| {
                Ok((r.seat("a trick's player")?, r.card("a trick's card")?))
            })?,
            led_suit: self.suit("the suit led")?,
            led_rank: self.small("the rank led", 14)?,
            quacks: self.byte("the quacks")?,
            stage: STAGES[self.small("the trick's stage", 5)? as usize],
        })
    }
    fn rules(&mut self) -> Result<RulesFile, WireError> {
        Ok(match self.small("the rules", 3)? {
            0 => RulesFile::Absent,
            1 => RulesFile::Preset(self.text("the rules' preset")?),
            _ => RulesFile::Options(self.list("the rules' options", 32, |r| {
                let key = r.text("a rules option")?;
                let value = match r.small("a rules option's value", 3)? {
                    0 => OptionFile::Word(r.text("a rules option's value")?),
                    1 => OptionFile::Number(r.num("a rules option's value")?.into()),
                    _ => OptionFile::Other,
                };
                Ok((key, value))
            })?),
        })
    }
    fn deal(&mut self) -> Result<DealView, WireError> {
        let seat = self.seat("the seat")?;
        let game = GAMES[self.small("the game", 3)? as usize].to_string();
        let rules = self.rules()?;
        let dealer = self.seat("the dealer")?;
        let high_bits = self.small("the High seats", 16)?;
        let hand = self.cards("the hand")?;
        let stock_next = self.byte("the stock")?;
        let stock_end = self.byte("the stock")?;
        let leader = self.seat("the leader")?;
        let to_move = self.seat("the seat to move")?;
        let trick = self.trick()?;
        let course = self.course()?;
        let mut piles = [[Pile::default(); 4]; 2];
        for p in piles.iter_mut().flatten() {
            *p = self.pile()?;
        }
        let mut kept_quacks: [Vec<Card>; 4] = Default::default();
        for k in &mut kept_quacks {
            *k = self.cards("the kept quack cards")?;
        }
        let played = self.cards("the cards shown")?;
        let last_trick = match self.bool("the last trick")? {
            false => None,
            true => Some(OutcomeView {
                trick: self.trick()?,
                winner: self.seat("the last trick's winner")?,
                keeper: self.seat("the last trick's keeper")?,
                stored: self.pile()?,
                course: self.course()?,
            }),
        };
        let mut voids = [0u8; 4];
        for v in &mut voids {
            *v = self.small("the voids", 16)?;
        }
        Ok(DealView {
            seat,
            game,
            rules,
            dealer,
            high: [0, 1, 2, 3].map(|i| high_bits >> i & 1 == 1),
            hand,
            stock_next,
            stock_end,
            leader,
            to_move,
            trick,
            course,
            piles,
            kept_quacks,
            played,
            last_trick,
            voids,
        })
    }
    fn table(&mut self) -> Result<GuestTable, WireError> {
        let turn = self.num("the turn")?;
        let names = self.list("the names", 4, |r| r.text("a name"))?;
        let connected = self.list("the connections", 4, |r| r.bool("a connection"))?;
        let scores = self.list("the scores", MAX_DEALS, |r| r.nums("a deal's scores", 4))?;
        let totals = self.nums("the totals", 4)?;
        let over = self.bool("the game's end")?;
        let deal = match self.bool("the deal")? {
            false => None,
            true => Some(self.deal()?),
        };
        let first_dealer = self.seat("the first dealer")?;
        let deals = self.num("the deals")?;
        let points = self.list("the points", MAX_DEALS, |r| {
            r.list("a deal's points", 2, |r| r.nums("a course's points", 4))
        })?;
        let hand_lens = self.list("the hand counts", 4, |r| r.small("a hand count", 55))?;
        let who = self.list("the players", 4, |r| r.text("a player"))?;
        let last = match self.bool("the last move")? {
            false => None,
            true => Some(LastMove {
                seat: self.seat("the last move's seat")?,
                mv: self.mv()?,
                call: match self.small("the last move's call", 6)? {
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
}

/// Opens a message: its size (before anything is read), its version, its type.
fn open(bytes: &[u8]) -> Result<(u8, Reader<'_>), Dropped> {
    if bytes.len() > MAX_MESSAGE_BYTES {
        return Err(Dropped::TooLarge(bytes.len()));
    }
    let mut r = Reader { bytes, at: 0 };
    let v = r.byte("the version")?;
    if v != VERSION {
        return Err(Dropped::Version(v));
    }
    let kind = r.byte("the message type")?;
    Ok((kind, r))
}

fn close<T>(r: Reader<'_>, value: T) -> Result<T, Dropped> {
    if r.at != r.bytes.len() {
        return Err(WireError::Trailing.into());
    }
    Ok(value)
}

impl ToHost {
    pub fn encode(&self) -> Vec<u8> {
        match self {
            ToHost::Hello { token, secret } => {
                let mut w = Writer::new(HELLO);
                w.0.extend_from_slice(token);
                w.0.extend_from_slice(secret);
                w.0
            }
            ToHost::Move { seat, turn, mv } => {
                let mut w = Writer::new(MOVE);
                w.byte(*seat);
                w.num(*turn);
                w.mv(*mv);
                w.0
            }
            ToHost::Ping { n } => {
                let mut w = Writer::new(PING);
                w.num(*n);
                w.0
            }
        }
    }

    /// Reads a guest's message: its size first, then its version, its type
    /// and every field.
    pub fn decode(bytes: &[u8]) -> Result<ToHost, Dropped> {
        let (kind, mut r) = open(bytes)?;
        let message = match kind {
            HELLO => {
                let mut token = [0u8; 8];
                for b in &mut token {
                    *b = r.byte("the token")?;
                }
                let mut secret = [0u8; 8];
                for b in &mut secret {
                    *b = r.byte("the secret")?;
                }
                ToHost::Hello { token, secret }
            }
            MOVE => ToHost::Move {
                seat: r.seat("the move's seat")?,
                turn: r.num("the move's turn")?,
                mv: r.mv()?,
            },
            PING => ToHost::Ping {
                n: r.num("the ping")?,
            },
            t => return Err(WireError::Type(t).into()),
        };
        close(r, message)
    }
}

impl ToGuest {
    pub fn encode(&self) -> Vec<u8> {
        match self {
            ToGuest::Table(t) => {
                let mut w = Writer::new(TABLE);
                w.table(t);
                w.0
            }
            ToGuest::Refused { turn, reason } => {
                let mut w = Writer::new(REFUSED);
                w.num(*turn);
                w.byte(REASONS.iter().position(|r| r == reason).unwrap_or(0) as u8);
                w.0
            }
            ToGuest::Pong { n } => {
                let mut w = Writer::new(PONG);
                w.num(*n);
                w.0
            }
        }
    }

    /// Reads the host's message on a guest's device, checked as strictly.
    pub fn decode(bytes: &[u8]) -> Result<ToGuest, Dropped> {
        let (kind, mut r) = open(bytes)?;
        let message = match kind {
            TABLE => ToGuest::Table(Box::new(r.table()?)),
            REFUSED => ToGuest::Refused {
                turn: r.num("the refusal's turn")?,
                reason: REASONS[r.small("the refusal's reason", 4)? as usize],
            },
            PONG => ToGuest::Pong {
                n: r.num("the pong")?,
            },
            t => return Err(WireError::Type(t).into()),
        };
        close(r, message)
    }
}
