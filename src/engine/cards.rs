//! Cards, suits, ranks and card sets (a set is one 64-bit mask, so the
//! engine's move loop never allocates).

use super::error::CardParseError;
use std::fmt;
use std::str::FromStr;

/// The four suits, in the order used for sorting and card indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Clubs = 0,
    Diamonds = 1,
    Hearts = 2,
    Spades = 3,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    #[inline(always)]
    pub fn from_index(i: u8) -> Suit {
        Suit::ALL[i as usize & 3]
    }

    pub fn letter(self) -> char {
        ['C', 'D', 'H', 'S'][self as usize]
    }

    pub fn from_letter(c: char) -> Option<Suit> {
        match c {
            'C' => Some(Suit::Clubs),
            'D' => Some(Suit::Diamonds),
            'H' => Some(Suit::Hearts),
            'S' => Some(Suit::Spades),
            _ => None,
        }
    }

    #[inline(always)]
    pub fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    /// English name, plural ("hearts").
    pub fn name(self) -> &'static str {
        ["clubs", "diamonds", "hearts", "spades"][self as usize]
    }
}

/// A card: `suit * 13 + (rank - 1)` for the 52 ordinary cards (rank 1 = Ace,
/// 13 = King), 52 for the black Duck (`XB`) and 53 for the red Duck (`XR`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Card(u8);

impl Card {
    pub const BLACK_DUCK: Card = Card(52);
    pub const RED_DUCK: Card = Card(53);

    /// `rank` is 1 (Ace) to 13 (King).
    pub fn new(suit: Suit, rank: u8) -> Card {
        debug_assert!((1..=13).contains(&rank));
        Card(suit as u8 * 13 + rank - 1)
    }

    #[inline(always)]
    pub fn from_index(i: u8) -> Card {
        debug_assert!(i < 54);
        Card(i)
    }

    #[inline(always)]
    pub fn index(self) -> u8 {
        self.0
    }

    /// A Duck (Joker): no rank, no suit of its own.
    #[inline(always)]
    pub fn is_joker(self) -> bool {
        self.0 >= 52
    }

    /// The suit; meaningless for a Duck (use [`Card::joker_is_red`]).
    #[inline(always)]
    pub fn suit(self) -> Suit {
        // A table, not a division: this runs several times per move in play-outs.
        // The mask (a no-op for the 54 cards) lets the compiler drop the bounds check.
        SUITS[self.0 as usize & 63]
    }

    /// 1 (Ace) to 13 (King); 0 for a Duck, which has no rank.
    #[inline(always)]
    pub fn rank(self) -> u8 {
        RANKS[self.0 as usize & 63]
    }

    #[inline(always)]
    pub fn joker_is_red(self) -> bool {
        self.0 == 53
    }

    /// Whether this card counts as the given suit for following: a card of
    /// that suit, or a Duck of that suit's colour.
    #[inline(always)]
    pub fn matches_suit(self, suit: Suit) -> bool {
        if self.is_joker() {
            self.joker_is_red() == suit.is_red()
        } else {
            self.suit() == suit
        }
    }

    /// The two suits a Duck may stand for when led.
    pub fn joker_suits(self) -> [Suit; 2] {
        if self.joker_is_red() {
            [Suit::Diamonds, Suit::Hearts]
        } else {
            [Suit::Clubs, Suit::Spades]
        }
    }

    /// English name: "ten of hearts", "black Duck".
    pub fn name(self) -> String {
        if self.is_joker() {
            return if self.joker_is_red() {
                "red Duck"
            } else {
                "black Duck"
            }
            .to_string();
        }
        const RANKS: [&str; 13] = [
            "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
            "queen", "king",
        ];
        format!(
            "{} of {}",
            RANKS[self.rank() as usize - 1],
            self.suit().name()
        )
    }
}

// 64 entries, not 54: indexed by a card masked to 6 bits (see `Card::suit`).
const SUITS: [Suit; 64] = {
    let mut t = [Suit::Clubs; 64];
    let mut i = 0;
    while i < 52 {
        t[i] = Suit::ALL[i / 13];
        i += 1;
    }
    t
};

const RANKS: [u8; 64] = {
    let mut t = [0; 64];
    let mut i = 0;
    while i < 52 {
        t[i] = (i % 13) as u8 + 1;
        i += 1;
    }
    t
};

/// `SELECT_IN_BYTE[b][k]`: the position of the `k`th set bit of the byte `b`
/// (a table, so the last step of [`CardSet::nth`] has no loop to mispredict).
const SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut t = [[0; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut k, mut bit) = (0, 0);
        while bit < 8 {
            if b >> bit & 1 == 1 {
                t[b][k] = bit as u8;
                k += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    t
};

const RANK_LETTERS: [char; 13] = [
    'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K',
];

pub fn rank_letter(rank: u8) -> char {
    RANK_LETTERS[rank as usize - 1]
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            52 => f.write_str("XB"),
            53 => f.write_str("XR"),
            _ => write!(f, "{}{}", rank_letter(self.rank()), self.suit().letter()),
        }
    }
}

impl FromStr for Card {
    type Err = CardParseError;
    /// Exactly the notation of the rules: `TH`, `AS`, `XB`, `XR` (upper case).
    fn from_str(s: &str) -> Result<Card, CardParseError> {
        let bad = || CardParseError {
            token: s.to_string(),
        };
        let b = s.as_bytes();
        if b.len() != 2 {
            return Err(bad());
        }
        match s {
            "XB" => return Ok(Card::BLACK_DUCK),
            "XR" => return Ok(Card::RED_DUCK),
            _ => {}
        }
        let rank = RANK_LETTERS
            .iter()
            .position(|&c| c == b[0] as char)
            .ok_or_else(bad)? as u8
            + 1;
        let suit = Suit::from_letter(b[1] as char).ok_or_else(bad)?;
        Ok(Card::new(suit, rank))
    }
}

/// A set of cards as a bit mask.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CardSet(pub u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);
    /// The 52 ordinary cards.
    pub const STANDARD: CardSet = CardSet((1 << 52) - 1);
    pub const JOKERS: CardSet = CardSet(0b11 << 52);

    #[inline(always)]
    pub fn suit(suit: Suit) -> CardSet {
        CardSet(0x1FFF << (suit as u8 * 13))
    }

    /// All four cards of a rank (1 = Ace .. 13 = King).
    #[inline(always)]
    pub fn rank(rank: u8) -> CardSet {
        let r = rank as u64 - 1;
        CardSet((1 << r) | (1 << (r + 13)) | (1 << (r + 26)) | (1 << (r + 39)))
    }

    #[inline(always)]
    pub fn single(card: Card) -> CardSet {
        CardSet(1 << card.0)
    }

    #[inline(always)]
    pub fn contains(self, card: Card) -> bool {
        self.0 >> card.0 & 1 != 0
    }

    #[inline(always)]
    pub fn insert(&mut self, card: Card) {
        self.0 |= 1 << card.0;
    }

    #[inline(always)]
    pub fn remove(&mut self, card: Card) {
        self.0 &= !(1 << card.0);
    }

    #[inline(always)]
    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    pub fn and(self, other: CardSet) -> CardSet {
        CardSet(self.0 & other.0)
    }

    #[inline(always)]
    pub fn or(self, other: CardSet) -> CardSet {
        CardSet(self.0 | other.0)
    }

    #[inline(always)]
    pub fn minus(self, other: CardSet) -> CardSet {
        CardSet(self.0 & !other.0)
    }

    /// The lowest-indexed card, if any.
    #[inline(always)]
    pub fn first(self) -> Option<Card> {
        (self.0 != 0).then(|| Card(self.0.trailing_zeros() as u8))
    }

    /// The `n`th card in index order (for uniform sampling). Narrows down by
    /// halves with popcounts to one byte, then looks the bit up in a table.
    #[inline(always)]
    pub fn nth(self, mut n: u32) -> Option<Card> {
        if n >= self.len() {
            return None;
        }
        let (mut bits, mut base) = (self.0, 0u32);
        // Three halvings, written out and without branches (the card picked
        // is random, so a branch here would be mispredicted half the time).
        macro_rules! halve {
            ($width:expr) => {
                let low = bits & ((1u64 << $width) - 1);
                let count = low.count_ones();
                let high = (n >= count) as u32;
                n -= count * high;
                base += $width * high;
                bits = if high == 1 { bits >> $width } else { low };
            };
        }
        halve!(32);
        halve!(16);
        halve!(8);
        Some(Card(
            // Both indices are in range already; the masks say so to the compiler.
            (base + SELECT_IN_BYTE[bits as usize & 255][n as usize & 7] as u32) as u8,
        ))
    }

    #[inline(always)]
    pub fn iter(self) -> CardSetIter {
        CardSetIter(self.0)
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for c in iter {
            set.insert(c);
        }
        set
    }
}

pub struct CardSetIter(u64);

impl Iterator for CardSetIter {
    type Item = Card;
    #[inline(always)]
    fn next(&mut self) -> Option<Card> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Card(i as u8))
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

/// Cards travel as their codes (`TH`, `XB`), as in records.
impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        let code = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        code.parse().map_err(serde::de::Error::custom)
    }
}

/// Suits travel as their letters (`C`, `D`, `H`, `S`).
impl serde::Serialize for Suit {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut buf = [0u8; 4];
        s.serialize_str(self.letter().encode_utf8(&mut buf))
    }
}

impl<'de> serde::Deserialize<'de> for Suit {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Suit, D::Error> {
        let letter = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        let mut chars = letter.chars();
        match (chars.next().and_then(Suit::from_letter), chars.next()) {
            (Some(suit), None) => Ok(suit),
            _ => Err(serde::de::Error::custom("not a suit letter (C, D, H or S)")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn card_codes_round_trip() {
        for i in 0..54 {
            let c = Card::from_index(i);
            assert_eq!(c.to_string().parse::<Card>(), Ok(c));
        }
        assert!("10H".parse::<Card>().is_err());
        assert!("ah".parse::<Card>().is_err());
        assert_eq!("TH".parse::<Card>().unwrap().name(), "ten of hearts");
    }

    #[test]
    fn nth_walks_a_set_in_index_order() {
        let set: CardSet = ["AC", "9D", "KH", "2S", "XR"]
            .iter()
            .map(|c| c.parse::<Card>().unwrap())
            .collect();
        let listed: Vec<Card> = set.iter().collect();
        for (i, &c) in listed.iter().enumerate() {
            assert_eq!(set.nth(i as u32), Some(c));
        }
        assert_eq!(set.nth(5), None);
        let full = CardSet::STANDARD.or(CardSet::JOKERS);
        assert!((0..54).all(|i| full.nth(i) == Some(Card::from_index(i as u8))));
        let mut rng = crate::engine::rng::Rng::new(3);
        for _ in 0..2000 {
            let set = CardSet(rng.next_u64() & full.0 & rng.next_u64());
            let listed: Vec<Card> = set.iter().collect();
            for (i, &c) in listed.iter().enumerate() {
                assert_eq!(set.nth(i as u32), Some(c), "{set}");
            }
        }
    }

    #[test]
    fn rank_and_suit_masks() {
        assert_eq!(CardSet::rank(7).len(), 4);
        assert!(CardSet::rank(7).iter().all(|c| c.rank() == 7));
        assert!(CardSet::suit(Suit::Hearts)
            .iter()
            .all(|c| c.suit() == Suit::Hearts));
        assert_eq!(CardSet::STANDARD.len(), 52);
    }
}
