//! A whole game record packed small enough for a link (`?r=…`).
//!
//! The record's JSON spells every card and move; a link needs far less,
//! because the engine knows what was possible at each point. Every choice is
//! a digit whose base is the number of possibilities: each card of a deck is
//! its index among the cards not yet placed (base 52, 51, …), each move its
//! index among the legal moves of its position (a forced move costs nothing).
//! All the digits of the record make one mixed-radix number, least
//! significant first, so reading it back replays the game: the position says
//! the next digit's base. A two-player deal packs into about 60 bytes.
//!
//! ```text
//! version · game (2 bits) and first dealer (2 bits) · rules text · deal count
//! · moves in the last deal · seeded deals (index, seed text) · the number
//! (its bytes, little-endian) · check (2 bytes)
//! ```
//!
//! Counts are the codec's varints, texts its texts (at most 255 bytes), the
//! game its game code. Every deal but the last is played to its end (the
//! record format requires it), so only the last deal's move count is
//! written. A seeded deal keeps its seed
//! instead of its deck, as in the record. The rules are written as a share
//! link writes them (`parlett`, or `preset,option:value,…`) with the
//! record's option names, which never change within a major version. The
//! check (FNV-1a, folded to 16 bits) matters: without it a changed digit
//! would still decode, to another game.
//!
//! The arithmetic is multiplication and division of a big number by a small
//! one; that is a few lines here rather than a big-number crate in the page.

use super::{b64, check, game_code, game_of_code, Error, Reader, Writer};
use crate::engine::game::{DealLog, Game};
use crate::engine::record::{GameRecord, OptionFile, RecordError, RecordProblem, RulesFile};
use crate::engine::rng::shuffled_deck;
use crate::engine::{Card, Move};
use std::fmt;

/// The packing's version, first in every link: a link of another version is
/// refused by name, never misread.
pub const VERSION: u8 = 1;

/// The most deals a link may hold; a longer game is shared as a record file.
pub const MAX_DEALS: usize = 200;

/// The longest text a link holds (the rules, a seed), in bytes.
const MAX_TEXT: usize = 255;

/// Why a link could not be read back into a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordLinkError {
    NotALink,
    /// A character changed on the way: the check does not match.
    Damaged,
    /// Made by another version of the game.
    Version(u8),
    /// Cut short, or a value is impossible (e.g. too many deals).
    Bytes(Error),
    /// The record inside is refused by the engine, naming the deal and move.
    Record(RecordError),
}

impl From<Error> for RecordLinkError {
    fn from(e: Error) -> RecordLinkError {
        RecordLinkError::Bytes(e)
    }
}

impl fmt::Display for RecordLinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordLinkError::NotALink => f.write_str("not a game link"),
            RecordLinkError::Bytes(Error::Short(_)) => {
                f.write_str("the game link is cut short: copy all of it")
            }
            RecordLinkError::Damaged => f.write_str("the game link was changed on the way: copy it again"),
            RecordLinkError::Version(v) => write!(
                f,
                "the game link was made by another version of the game ({v}; this one reads {VERSION})"
            ),
            RecordLinkError::Bytes(Error::Invalid(what)) => {
                write!(f, "the game link's {what} is not valid")
            }
            RecordLinkError::Bytes(Error::Trailing) => f.write_str("the game link's length is not valid"),
            RecordLinkError::Record(e) => write!(f, "the game link's record: {e}"),
        }
    }
}

impl std::error::Error for RecordLinkError {}

/// Packs a record into link text (base64url). The record must replay; the
/// error is the engine's, naming the deal and the move.
pub fn pack(record: &GameRecord) -> Result<String, RecordError> {
    if record.deals.len() > MAX_DEALS {
        return Err(RecordError::record(RecordProblem::TooLongForALink {
            max: MAX_DEALS,
        }));
    }
    let mut seeds = record.deals.iter().filter_map(|d| d.seed.as_deref());
    if seeds.any(|seed| seed.len() > MAX_TEXT) {
        return Err(RecordError::record(RecordProblem::SeedTooLongForALink {
            max: MAX_TEXT,
        }));
    }
    record.replay()?;
    let game_kind = record.rules.game;
    let mut out = Writer::new();
    out.byte(VERSION);
    out.byte(game_code(game_kind) | record.first_dealer << 2);
    out.text(&rules_text(&RulesFile::of(&record.rules)), MAX_TEXT);
    out.count(record.deals.len());
    out.count(record.deals.last().map_or(0, |d| d.moves.len()));
    let seeded: Vec<(usize, &str)> = record
        .deals
        .iter()
        .enumerate()
        .filter_map(|(i, d)| Some((i, d.seed.as_deref()?)))
        .collect();
    out.count(seeded.len());
    for &(i, seed) in &seeded {
        out.count(i);
        out.text(seed, MAX_TEXT);
    }
    // The digits, in the order they are read back.
    let mut digits: Vec<(u32, u32)> = Vec::new();
    let mut game = Game::new(record.rules, record.first_dealer);
    for deal in &record.deals {
        if deal.seed.is_none() {
            let mut left: Vec<Card> = game_kind.deck().iter().collect();
            for card in &deal.deck {
                let at = left.iter().position(|c| c == card).unwrap_or(0);
                digits.push((at as u32, left.len() as u32));
                left.remove(at);
            }
        }
        // The record replayed above, so neither this nor a move can fail.
        let _ = game.start_deal(deal.deck.clone(), deal.seed.clone());
        for &mv in &deal.moves {
            let legal = game.legal_moves();
            let at = legal.as_slice().iter().position(|&m| m == mv).unwrap_or(0);
            digits.push((at as u32, legal.len() as u32));
            let _ = game.play(mv);
        }
    }
    let mut number = BigNumber::zero();
    for &(digit, base) in digits.iter().rev() {
        number.mul_add(base, digit);
    }
    let bytes = number.to_bytes();
    out.count(bytes.len());
    out.bytes(&bytes);
    let sum = check(out.as_bytes());
    out.bytes(&sum);
    Ok(b64::encode(out.as_bytes()))
}

/// Reads link text back into a record, replaying it through the engine.
pub fn unpack(link: &str) -> Result<GameRecord, RecordLinkError> {
    let bytes = b64::decode(link.trim()).ok_or(RecordLinkError::NotALink)?;
    if bytes.len() < 4 {
        return Err(Error::Short("the game").into());
    }
    if bytes[0] != VERSION {
        return Err(RecordLinkError::Version(bytes[0]));
    }
    let body = bytes.len() - 2;
    if check(&bytes[..body]) != bytes[body..] {
        return Err(RecordLinkError::Damaged);
    }
    let mut r = Reader::new(&bytes[1..body]);
    let head = r.byte("the game")?;
    let game_kind = game_of_code(head & 3).ok_or(Error::Invalid("game"))?;
    let first_dealer = head >> 2;
    if first_dealer as usize >= game_kind.seats() {
        return Err(Error::Invalid("first dealer").into());
    }
    let rules = parse_rules_text(&r.text(MAX_TEXT, "text")?)
        .to_rules(game_kind)
        .map_err(|problem| RecordLinkError::Record(RecordError::record(problem)))?;
    let deal_count = r.count(MAX_DEALS, "count")?;
    let last_moves = r.count(10_000, "count")?;
    let seeded_count = r.count(deal_count, "count")?;
    let mut seeds: Vec<Option<String>> = vec![None; deal_count];
    for _ in 0..seeded_count {
        let i = r.count(deal_count.saturating_sub(1), "count")?;
        seeds[i] = Some(r.text(MAX_TEXT, "text")?);
    }
    let len = r.count(r.left(), "count")?;
    let mut number = BigNumber::from_bytes(r.take(len, "the moves")?);
    r.end()?;
    let mut game = Game::new(rules, first_dealer);
    let mut deals = Vec::with_capacity(deal_count);
    for (i, seed) in seeds.into_iter().enumerate() {
        let deck = match &seed {
            Some(seed) => shuffled_deck(game_kind, seed),
            None => {
                let mut left: Vec<Card> = game_kind.deck().iter().collect();
                let mut deck = Vec::with_capacity(left.len());
                while !left.is_empty() {
                    let at = number.div_rem(left.len() as u32) as usize;
                    deck.push(left.remove(at));
                }
                deck
            }
        };
        game.start_deal(deck.clone(), seed.clone())
            .map_err(|e| record_error(i, None, RecordProblem::StartDeal(e)))?;
        let last = i + 1 == deal_count;
        let mut moves: Vec<Move> = Vec::new();
        while if last {
            moves.len() < last_moves
        } else {
            game.in_deal()
        } {
            if !game.in_deal() {
                // The last deal's count runs past its end.
                return Err(Error::Invalid("move count").into());
            }
            let legal = game.legal_moves();
            let mv = legal.as_slice()[number.div_rem(legal.len() as u32) as usize];
            game.play(mv)
                .map_err(|e| record_error(i, Some(moves.len()), RecordProblem::Illegal(e)))?;
            moves.push(mv);
        }
        deals.push(DealLog { deck, seed, moves });
    }
    if !number.is_zero() {
        // Digits left over: the counts and the number disagree.
        return Err(Error::Invalid("moves").into());
    }
    Ok(GameRecord {
        rules,
        first_dealer,
        deals,
    })
}

fn record_error(deal: usize, position: Option<usize>, problem: RecordProblem) -> RecordLinkError {
    RecordLinkError::Record(match position {
        Some(p) => RecordError::position(deal, p, problem),
        None => RecordError::deal(deal, problem),
    })
}

/// `parlett`, or `preset,option:value,…` (the share link's `o` form).
fn rules_text(rules: &RulesFile) -> String {
    match rules {
        RulesFile::Absent => "parlett".into(),
        RulesFile::Preset(name) => name.clone(),
        RulesFile::Options(options) => {
            let preset = options.iter().find(|(k, _)| k == "preset");
            let mut parts = vec![match preset {
                Some((_, OptionFile::Word(w))) => w.clone(),
                _ => "parlett".into(),
            }];
            for (key, value) in options.iter().filter(|(k, _)| k != "preset") {
                match value {
                    OptionFile::Word(w) => parts.push(format!("{key}:{w}")),
                    OptionFile::Number(n) => parts.push(format!("{key}:{n}")),
                    OptionFile::Other => {}
                }
            }
            parts.join(",")
        }
    }
}

fn parse_rules_text(text: &str) -> RulesFile {
    let mut parts = text.split(',');
    let preset = parts.next().unwrap_or_default().to_string();
    let mut options = vec![("preset".to_string(), OptionFile::Word(preset))];
    for part in parts {
        let (key, value) = part.split_once(':').unwrap_or((part, ""));
        let value = match value.parse::<u64>() {
            Ok(n) if value.bytes().all(|b| b.is_ascii_digit()) => OptionFile::Number(n),
            _ => OptionFile::Word(value.to_string()),
        };
        options.push((key.to_string(), value));
    }
    RulesFile::Options(options)
}

/// A non-negative whole number of any size, as 32-bit limbs, least
/// significant first; only what mixed-radix digits need.
struct BigNumber(Vec<u32>);

impl BigNumber {
    fn zero() -> BigNumber {
        BigNumber(Vec::new())
    }

    fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }

    /// self = self × base + digit.
    fn mul_add(&mut self, base: u32, digit: u32) {
        let mut carry = u64::from(digit);
        for limb in self.0.iter_mut() {
            let v = u64::from(*limb) * u64::from(base) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    /// self = self ÷ base; returns the remainder. A base of 0 or 1 (a forced
    /// choice) takes nothing.
    fn div_rem(&mut self, base: u32) -> u32 {
        if base <= 1 {
            return 0;
        }
        let mut rem: u64 = 0;
        for limb in self.0.iter_mut().rev() {
            let v = (rem << 32) | u64::from(*limb);
            *limb = (v / u64::from(base)) as u32;
            rem = v % u64::from(base);
        }
        while self.0.last() == Some(&0) {
            self.0.pop();
        }
        rem as u32
    }

    /// Little-endian bytes without trailing zeros.
    fn to_bytes(&self) -> Vec<u8> {
        let mut out: Vec<u8> = self.0.iter().flat_map(|l| l.to_le_bytes()).collect();
        while out.last() == Some(&0) {
            out.pop();
        }
        out
    }

    fn from_bytes(bytes: &[u8]) -> BigNumber {
        let mut limbs: Vec<u32> = bytes
            .chunks(4)
            .map(|c| {
                let mut b = [0u8; 4];
                b[..c.len()].copy_from_slice(c);
                u32::from_le_bytes(b)
            })
            .collect();
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        BigNumber(limbs)
    }
}
