//! One seat's view of a deal as a value that can travel: what that seat may
//! know and nothing else. It is what a host sends a guest's device (and what
//! a computer player in a worker receives): the seat's own hand, the public
//! table (the trick, the stored piles, the cards shown, the counts) and no
//! other hand, no stock order, no seed. Only its own hand's cards and cards
//! already shown appear in it, by construction.
//!
//! [`DealView::to_deal`] reads it back into a playable [`Deal`] with the
//! hidden cards removed (exactly [`Deal::hidden_from`] of the host's deal),
//! checking that it is consistent, so a damaged or forged view is refused
//! rather than shown.

use super::cards::{Card, CardSet, Suit};
use super::deal::{Course, Deal, Pile, Stage, Trick, TrickOutcome};
use super::rules::{GameKind, Rules};
use super::seating::Roles;
use super::record::RulesFile;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A deal as `seat` may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealView {
    pub seat: u8,
    pub game: String,
    pub rules: RulesFile,
    pub dealer: u8,
    /// Partnership: which seats are High members (public, fixed for the game).
    pub high: [bool; 4],
    /// The seat's own cards.
    pub hand: Vec<Card>,
    /// Where the stock stands: the next card to draw and the end (counts only).
    pub stock_next: u8,
    pub stock_end: u8,
    pub leader: u8,
    pub to_move: u8,
    pub trick: TrickView,
    pub course: Course,
    /// Stored tricks by course, then seat.
    pub piles: [[Pile; 4]; 2],
    /// Partnership: the quack cards each member keeps face up.
    pub kept_quacks: [Vec<Card>; 4],
    /// Every card shown on the table this deal.
    pub played: Vec<Card>,
    pub last_trick: Option<OutcomeView>,
    /// Suits each seat has shown it no longer holds (a bit per suit).
    pub voids: [u8; 4],
}

/// The trick in progress: who played what, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrickView {
    pub plays: Vec<(u8, Card)>,
    pub led_suit: Suit,
    /// The rank led; 0 for a led Duck.
    pub led_rank: u8,
    /// Bit i: the card at position i is a quack.
    pub quacks: u8,
    pub stage: Stage,
}

/// A finished trick (the last one, on show).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OutcomeView {
    pub trick: TrickView,
    pub winner: u8,
    pub keeper: u8,
    pub stored: Pile,
    pub course: Course,
}

/// Why a view could not be read back into a deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ViewError {
    UnknownGame(String),
    Rules(String),
    /// A seat number the game does not have.
    Seat(&'static str),
    /// The view contradicts itself (a card twice, counts that cannot be).
    Inconsistent(&'static str),
}

impl fmt::Display for ViewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ViewError::UnknownGame(g) => write!(f, "unknown game {}", super::text::quoted(g)),
            ViewError::Rules(why) => f.write_str(why),
            ViewError::Seat(what) => write!(f, "{what}: not a seat of this game"),
            ViewError::Inconsistent(what) => write!(f, "the table is inconsistent: {what}"),
        }
    }
}

impl std::error::Error for ViewError {}

impl TrickView {
    fn of(t: &Trick) -> TrickView {
        TrickView {
            plays: t.plays().collect(),
            led_suit: t.led_suit,
            led_rank: t.led_rank,
            quacks: t.quacks,
            stage: t.stage,
        }
    }

    fn to_trick(&self, seats: u8) -> Result<Trick, ViewError> {
        if self.plays.len() > 6 {
            return Err(ViewError::Inconsistent("a trick of more than six cards"));
        }
        if self.led_rank > 13 || u32::from(self.quacks) >> self.plays.len() != 0 {
            return Err(ViewError::Inconsistent("the trick's rank or quacks"));
        }
        let mut t = Trick::new();
        for (i, &(seat, card)) in self.plays.iter().enumerate() {
            if seat >= seats {
                return Err(ViewError::Seat("a trick's player"));
            }
            t.cards[i] = card;
            t.seats[i] = seat;
        }
        t.len = self.plays.len() as u8;
        t.led_suit = self.led_suit;
        t.led_rank = self.led_rank;
        t.quacks = self.quacks;
        t.stage = self.stage;
        Ok(t)
    }
}

fn set_of(cards: &[Card]) -> Result<CardSet, ViewError> {
    let mut set = CardSet::EMPTY;
    for &c in cards {
        if set.contains(c) {
            return Err(ViewError::Inconsistent("a card given twice"));
        }
        set.insert(c);
    }
    Ok(set)
}

impl DealView {
    /// What `seat` may see of `deal`.
    pub fn of(deal: &Deal, seat: u8) -> DealView {
        let outcome = |o: &TrickOutcome| OutcomeView {
            trick: TrickView::of(&o.trick),
            winner: o.winner,
            keeper: o.keeper,
            stored: o.stored,
            course: o.course,
        };
        DealView {
            seat,
            game: deal.rules.game.name().to_string(),
            rules: RulesFile::of(&deal.rules),
            dealer: deal.dealer,
            high: [0, 1, 2, 3].map(|s| deal.roles.is_high(s)),
            hand: deal.hands[seat as usize].iter().collect(),
            stock_next: deal.stock_next,
            stock_end: deal.stock_end,
            leader: deal.leader,
            to_move: deal.to_move,
            trick: TrickView::of(&deal.trick),
            course: deal.course,
            piles: deal.piles.0,
            kept_quacks: deal.kept_quacks.map(|k| k.iter().collect()),
            played: deal.played.iter().collect(),
            last_trick: deal.last_trick.as_ref().map(outcome),
            voids: deal.voids,
        }
    }

    /// The deal with every hidden card removed, as the seat's device plays
    /// and shows it; refused if the view cannot come from a real deal.
    pub fn to_deal(&self) -> Result<Deal, ViewError> {
        let game = GameKind::from_name(&self.game)
            .ok_or_else(|| ViewError::UnknownGame(self.game.clone()))?;
        let rules: Rules = self.rules.to_rules(game).map_err(|e| ViewError::Rules(e.to_string()))?;
        let seats = game.seats() as u8;
        for (what, seat) in [
            ("the seat", self.seat),
            ("the dealer", self.dealer),
            ("the leader", self.leader),
            ("the seat to move", self.to_move),
        ] {
            if seat >= seats {
                return Err(ViewError::Seat(what));
            }
        }
        let hand = set_of(&self.hand)?;
        let played = set_of(&self.played)?;
        let deck = game.deck();
        if !hand.minus(deck).is_empty() || !played.minus(deck).is_empty() {
            return Err(ViewError::Inconsistent("a card the game is not played with"));
        }
        if !hand.and(played).is_empty() {
            return Err(ViewError::Inconsistent("a card both in the hand and shown"));
        }
        if self.hand.len() > game.hand_size() * 2 {
            return Err(ViewError::Inconsistent("too many cards in the hand"));
        }
        let stock_room = game.deck_size() - game.seats() * game.hand_size();
        if self.stock_next > self.stock_end || self.stock_end as usize > stock_room {
            return Err(ViewError::Inconsistent("the stock's counts"));
        }
        let trick = self.trick.to_trick(seats)?;
        let mut kept_quacks = [CardSet::EMPTY; 4];
        for (seat, kept) in self.kept_quacks.iter().enumerate() {
            kept_quacks[seat] = set_of(kept)?;
            if !kept_quacks[seat].minus(played).is_empty() {
                return Err(ViewError::Inconsistent("a kept quack card never shown"));
            }
        }
        let last_trick = match &self.last_trick {
            None => None,
            Some(o) => {
                if o.winner >= seats || o.keeper >= seats {
                    return Err(ViewError::Seat("the last trick's winner"));
                }
                Some(TrickOutcome {
                    trick: o.trick.to_trick(seats)?,
                    winner: o.winner,
                    keeper: o.keeper,
                    stored: o.stored,
                    course: o.course,
                })
            }
        };
        let mut hands = [CardSet::EMPTY; 4];
        hands[self.seat as usize] = hand;
        Ok(Deal {
            rules,
            seat_count: seats,
            deck_len: game.deck_size() as u8,
            dealer: self.dealer,
            roles: Roles::from_high(self.high),
            hands,
            stock: [Card::BLACK_DUCK; 27],
            stock_next: self.stock_next,
            stock_end: self.stock_end,
            leader: self.leader,
            to_move: self.to_move,
            trick,
            course: self.course,
            piles: super::deal::PerCourse(self.piles),
            kept_quacks,
            played,
            last_trick,
            voids: self.voids.map(|v| v & 0b1111),
        })
    }
}
