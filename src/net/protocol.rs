//! The messages of online play, version [`VERSION`] (docs/protocol.md).
//!
//! The host's page runs the game; a guest's device sends only its choices
//! and receives only what its seat may know ([`DealView`]). Every message
//! travels as bytes with its version and type first (`net::wire`), checked
//! on arrival: its size, its version, its type and every field, and for a
//! move the sender's seat, the turn and the rules.
//! What fails is dropped and counted, never a panic; a peer that floods is
//! slowed down by [`Flood`] so it cannot stall the table.

use super::fair::{Commitment, Random, Reveal};
use crate::codec;
use crate::engine::deal_view::{DealView, ViewError};
use crate::engine::rules::GameEnd;
use crate::engine::{
    Call, Course, Deal, DealResult, Game, IllegalMove, Move, Roles, Rules, ScorerSeats, Scores,
};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The protocol's version: a message of another version is refused by name.
/// (2: a hello carries the guest's secret instead of a name; 3: fair deals,
/// whose host waits for its guests' randomness before a deal.)
pub const VERSION: u8 = 3;

/// The largest message either side accepts, in bytes. A table message with
/// a seat's view is a few hundred bytes; anything far larger is not ours.
pub const MAX_MESSAGE_BYTES: usize = 16 * 1024;

/// The longest display name, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// Guest to host (its bytes: `net::wire`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToHost {
    /// First on a channel: the token the guest's reply carried (which binds
    /// the channel to that reply), and the guest's secret for this table,
    /// which never travels in a link: only over the encrypted channel, so
    /// only the device that held a seat can prove it is back.
    Hello {
        token: [u8; 8],
        secret: [u8; 8],
    },
    /// A move for the guest's seat, made on the table the host sent as `turn`.
    Move {
        seat: u8,
        turn: u32,
        mv: Move,
    },
    Ping {
        n: u32,
    },
    /// The guest's fresh randomness for deal `deal`, answering the host's
    /// commitment to it (`net::fair_flow`).
    Randomness {
        deal: u32,
        random: Random,
    },
}

/// Host to guest (its bytes: `net::wire`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToGuest {
    /// The table as the guest's seat sees it, after every change. `turn`
    /// counts the moves of the game; a move names the turn it was made on.
    Table(Box<GuestTable>),
    /// A move of the guest's was refused, and why (the guest words an
    /// illegal move itself, from its own check of the same move).
    Refused {
        turn: u32,
        reason: Reason,
    },
    Pong {
        n: u32,
    },
    /// The host's commitment to its secret for deal `deal` (counted from 0
    /// in the game), before the deal.
    Commit {
        deal: u32,
        commitment: Commitment,
    },
    /// Deal `deal` is over: the host's secret and the parts it used.
    Reveal {
        deal: u32,
        reveal: Reveal,
    },
}

/// What a guest's seat may know of the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GuestTable {
    pub turn: u32,
    /// The seats' display names and whether each is connected.
    pub names: Vec<String>,
    pub connected: Vec<bool>,
    /// Finished deals' scores and the running totals, by scorer.
    pub scores: Vec<Vec<u32>>,
    pub totals: Vec<u32>,
    pub over: bool,
    /// The deal in progress (or just finished) from the guest's seat.
    pub deal: Option<DealView>,
    /// The first deal's dealer and the deals begun (the score sheet's rows).
    #[serde(default)]
    pub first_dealer: u8,
    #[serde(default)]
    pub deals: u32,
    /// Finished deals' points by course, then seat ([`DealResult::course_points`]).
    #[serde(default)]
    pub points: Vec<Vec<Vec<u32>>>,
    /// How many cards each seat holds (public: the backs on the table).
    #[serde(default)]
    pub hand_lens: Vec<u8>,
    /// Who plays each seat: `host`, `friend`, or a computer's level name.
    #[serde(default)]
    pub who: Vec<String>,
    /// The move that made this table (public: it was played face up).
    #[serde(default)]
    pub last: Option<LastMove>,
}

/// The latest move, so that every device shows the call and plays its sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LastMove {
    pub seat: u8,
    pub mv: Move,
    pub call: Option<Call>,
}

/// Why a table could not be shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    NoDeal,
    View(ViewError),
    /// Scores or counts that do not fit the game.
    Inconsistent(&'static str),
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::NoDeal => f.write_str("no deal on the table yet"),
            TableError::View(e) => e.fmt(f),
            TableError::Inconsistent(what) => write!(f, "the table is inconsistent: {what}"),
        }
    }
}

/// The most points a seat can store in one course of a deal (every card
/// face up), so that no forged score sheet can overflow a total.
const MAX_COURSE_POINTS: u32 = 2 * 54;

impl GuestTable {
    /// The game as the guest's seat knows it ([`Game::seen`]): checked, so a
    /// damaged or forged table is refused rather than shown. The deal must
    /// be a position the game can reach ([`DealView::to_reachable_deal`]),
    /// and the rest must fit it: the first dealer and the High and Low
    /// members, the deals begun and finished, each finished deal's points
    /// and the scores they make (the last one's the deal's own once it is
    /// over), no deal begun after the game's end, the totals, the game's
    /// end, and every seat's count of cards.
    pub fn to_game(&self) -> Result<Game, TableError> {
        let view = self.deal.as_ref().ok_or(TableError::NoDeal)?;
        let deal = view.to_reachable_deal().map_err(TableError::View)?;
        let rules = *deal.rules();
        let kind = rules.game;
        let seats = kind.seats();
        let bad = |what| Err(TableError::Inconsistent(what));
        if self.first_dealer as usize >= seats {
            return bad("the first dealer");
        }
        if deal.roles() != Roles::of_game(kind, self.first_dealer) {
            return bad("the High and Low members");
        }
        // Deals begun: the finished ones and the one on the table, if it goes on.
        let deals = self.deals as usize;
        let finished = self.scores.len();
        if self.points.len() != finished
            || deals == 0
            || deals != finished + usize::from(!deal.is_over())
        {
            return bad("the deals");
        }
        if deal.dealer() as usize != (self.first_dealer as usize + deals - 1) % seats {
            return bad("the dealer");
        }
        let courses = if kind.has_courses() { 2 } else { 1 };
        let mut results = Vec::with_capacity(finished);
        for (points, scores) in self.points.iter().zip(&self.scores) {
            let fits =
                points.len() == courses && points.iter().flatten().all(|&p| p <= MAX_COURSE_POINTS);
            let result = DealResult::from_points(kind, points, scores)
                .filter(|r| fits && r.scores == scores_of(&rules, r));
            results.push(result.ok_or(TableError::Inconsistent("the scores"))?);
        }
        if deal.is_over() {
            let last = results.last();
            if last.is_none_or(|r| r.points != deal.points() || r.scores != deal.scores()) {
                return bad("the scores");
            }
        }
        // No deal is begun once the game is over.
        let mut totals = vec![0u32; kind.scorers()];
        for k in 0..deals {
            let sheet = Scores::from_fn(totals.len(), |s| totals[s.index()]);
            let ended = match rules.end() {
                GameEnd::Deals(n) => k >= n as usize,
                GameEnd::Target(t) => sheet.winner().is_some() && sheet.top() >= t,
            };
            if ended {
                return bad("a deal after the game's end");
            }
            if let Some(r) = results.get(k) {
                for (total, score) in totals.iter_mut().zip(r.scores.as_slice()) {
                    *total += score;
                }
            }
        }
        let game = Game::seen(rules, self.first_dealer, deals, results, Some(deal));
        if self.totals != game.totals().as_slice() || self.over != game.is_over() {
            return bad("the totals");
        }
        // Each seat's cards: its hand when the trick was led, less what it played since.
        let played = |s: u8| view.trick.plays.iter().filter(|&&(p, _)| p == s).count();
        let size = deal.hand_len(view.seat) + played(view.seat);
        let counted = self.hand_lens.len() == seats
            && (0..seats as u8).all(|s| size.checked_sub(played(s)) == Some(self.hand_len(s)));
        if !counted {
            return bad("the hands' counts");
        }
        let most = |list: usize| list <= seats;
        if !most(self.names.len()) || !most(self.connected.len()) || !most(self.who.len()) {
            return bad("the seats' names");
        }
        if self.last.is_some_and(|l| l.seat as usize >= seats) {
            return bad("the last move");
        }
        Ok(game)
    }

    /// How many cards `seat` holds.
    pub fn hand_len(&self, seat: u8) -> usize {
        self.hand_lens.get(seat as usize).map_or(0, |&n| n as usize)
    }
}

/// A finished deal's scores as the rules make them from its points.
fn scores_of(rules: &Rules, r: &DealResult) -> Scores {
    let game = rules.game;
    let p = |c: Course, s: u8| r.points[c][s];
    Scores::from_fn(game.scorers(), |scorer| match game.seats_of(scorer) {
        ScorerSeats::Seat(s) => rules.combine.apply(p(Course::Duck, s), p(Course::Soup, s)),
        ScorerSeats::Side([a, b]) => p(Course::Duck, a) * p(Course::Duck, b),
    })
}

/// Why the host refused a guest's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// A move for a seat that is not the sender's.
    NotYourSeat,
    /// Not the sender's turn (or the deal is between deals).
    NotYourTurn,
    /// Made on an older table: the game has moved on since.
    Stale,
    /// The engine refuses it, and says why.
    Illegal { why: IllegalMove },
    /// Made on a channel whose hello the host has not read (lost on the
    /// way, or never said): the guest says it again, then the move.
    NoHello,
}

/// A refusal as it travels: its reason alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    NotYourSeat,
    NotYourTurn,
    Stale,
    Illegal,
    NoHello,
}

impl Refusal {
    pub fn reason(&self) -> Reason {
        match self {
            Refusal::NotYourSeat => Reason::NotYourSeat,
            Refusal::NotYourTurn => Reason::NotYourTurn,
            Refusal::Stale => Reason::Stale,
            Refusal::Illegal { .. } => Reason::Illegal,
            Refusal::NoHello => Reason::NoHello,
        }
    }
}

/// Why a message was dropped on arrival (counted, never shown as a crash).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dropped {
    /// Read, and found over [`MAX_MESSAGE_BYTES`].
    TooLarge(usize),
    /// Over [`MAX_MESSAGE_BYTES`] by the length the browser gives: dropped
    /// before the page copied it (`web::net::rtc`).
    Uncopied(usize),
    /// Not a message of ours: cut short, an unknown type, an impossible value.
    Malformed(codec::Error),
    /// Another version of the game.
    Version(u8),
    /// Over the flood limit.
    Flood,
}

impl From<codec::Error> for Dropped {
    fn from(e: codec::Error) -> Dropped {
        Dropped::Malformed(e)
    }
}

impl fmt::Display for Dropped {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Dropped::TooLarge(n) => {
                write!(f, "a message of {n} bytes (at most {MAX_MESSAGE_BYTES})")
            }
            Dropped::Uncopied(n) => write!(
                f,
                "a message of {n} bytes (at most {MAX_MESSAGE_BYTES}), dropped before it was copied"
            ),
            Dropped::Malformed(why) => write!(f, "not a message of this game: {why}"),
            Dropped::Version(v) => write!(
                f,
                "a message of another version ({v}; this one speaks {VERSION})"
            ),
            Dropped::Flood => f.write_str("too many messages"),
        }
    }
}

/// Where a friend's seat stands on the host when its guest's move comes
/// (the host's `Link`, read for [`judge_move`]).
#[derive(Clone, Copy, Debug)]
pub struct SeatAwaits<'a> {
    /// The seat the guest's channel plays.
    pub seat: u8,
    /// The host has heard the channel's hello, with the reply's token.
    pub greeted: bool,
    /// The host's move count: the table the guest was last sent.
    pub turn: u32,
    /// The deal as the seat sees it, once the host has asked the seat for
    /// its move (None before).
    pub asked: Option<&'a Deal>,
    /// A move already kept for when the seat is asked.
    pub kept: bool,
}

/// What the host does with a guest's move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judged {
    /// The seat's answer: played.
    Play(Move),
    /// Made on the current table before the host asked the seat (the host
    /// shows a finished trick a moment before asking its winner): kept, and
    /// checked by [`check_asked`] when the seat is asked.
    Keep(Move),
    /// Refused, with the reason the guest is sent.
    Refuse(Refusal),
}

/// The host's check of a guest's move for `seat`, made on its table of
/// move count `made_on`: the hello first, then the seat is the sender's,
/// the table is the current one, it is the seat's turn (or the move is
/// kept until it is), and the engine takes it. What the host's page does
/// with every move a guest sends.
pub fn judge_move(at: &SeatAwaits, seat: u8, made_on: u32, mv: Move) -> Judged {
    if !at.greeted {
        return Judged::Refuse(Refusal::NoHello);
    }
    if seat != at.seat {
        return Judged::Refuse(Refusal::NotYourSeat);
    }
    if made_on != at.turn {
        return Judged::Refuse(Refusal::Stale);
    }
    match at.asked {
        None if !at.kept => Judged::Keep(mv),
        None => Judged::Refuse(Refusal::NotYourTurn),
        Some(deal) => match check_asked(deal, mv) {
            Ok(()) => Judged::Play(mv),
            Err(why) => Judged::Refuse(why),
        },
    }
}

/// The engine's check of a move for the seat the host has asked (`deal`,
/// as the seat sees it): a kept move is checked by this when the seat is asked.
pub fn check_asked(deal: &Deal, mv: Move) -> Result<(), Refusal> {
    deal.check(mv).map_err(|why| Refusal::Illegal { why })
}

/// The host's count of the game's moves and deals: a move names the table
/// it was made on by this number, so a move made on an older table is stale.
pub fn turn_of(game: &Game) -> u32 {
    game.log().iter().map(|l| l.moves.len() as u32 + 1).sum()
}

/// The table a guest's seat may see.
pub fn guest_table(
    game: &Game,
    seat: u8,
    turn: u32,
    names: &[String],
    connected: &[bool],
) -> GuestTable {
    GuestTable {
        turn,
        names: names.to_vec(),
        connected: connected.to_vec(),
        scores: game.results().iter().map(|r| r.scores.to_vec()).collect(),
        totals: game.totals().to_vec(),
        over: game.is_over(),
        deal: game.deal().map(|d| DealView::of(d, seat)),
        first_dealer: game.first_dealer(),
        deals: game.log().len() as u32,
        points: game.results().iter().map(|r| r.course_points()).collect(),
        hand_lens: game
            .deal()
            .map(|d| d.hand_lens()[..game.kind().seats()].to_vec())
            .unwrap_or_default(),
        who: Vec::new(),
        last: None,
    }
}

/// A flood limit per peer: at most `burst` messages at once, refilled at
/// `per_second`. Messages over it are dropped, so a peer sending a thousand
/// messages a second costs the host a counter, not the table.
#[derive(Clone, Debug)]
pub struct Flood {
    tokens: f64,
    burst: f64,
    per_second: f64,
    last_ms: f64,
    /// Messages dropped so far (for the table's connection status).
    pub dropped: u64,
}

impl Flood {
    pub fn new(burst: u32, per_second: u32) -> Flood {
        Flood {
            tokens: f64::from(burst),
            burst: f64::from(burst),
            per_second: f64::from(per_second),
            last_ms: 0.0,
            dropped: 0,
        }
    }

    /// Whether a message arriving at `now_ms` may be read.
    pub fn admit(&mut self, now_ms: f64) -> Result<(), Dropped> {
        let elapsed = (now_ms - self.last_ms).max(0.0);
        self.last_ms = self.last_ms.max(now_ms);
        self.tokens = (self.tokens + elapsed / 1000.0 * self.per_second).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            self.dropped += 1;
            Err(Dropped::Flood)
        }
    }
}
