//! One seat's view of a deal as a value that can travel: what that seat may
//! know and nothing else. It is what a host sends a guest's device (and what
//! a computer player in a worker receives), as bytes through
//! `codec::deal_view`: the seat's own hand, the public
//! table (the trick, the stored piles, the cards shown, the counts) and no
//! other hand, no stock order, no seed. Only its own hand's cards and cards
//! already shown appear in it, by construction.
//!
//! [`DealView::to_deal`] reads it back into a playable [`Deal`] with the
//! hidden cards removed (exactly [`Deal::hidden_from`] of the host's deal),
//! checking that the deal can hold it; [`DealView::to_reachable_deal`], for
//! a view from another device, also refuses every view that is not a
//! position the game can reach, so a damaged or forged view is refused
//! rather than shown.

use super::cards::{Card, CardSet, Suit};
use super::deal::{Course, Deal, Effect, Move, PerCourse, Pile, Stage, Trick, TrickOutcome};
use super::record::RulesFile;
use super::rules::{Counting, GameKind, Rules};
use super::seating::Roles;
use serde::{Deserialize, Serialize};
use std::fmt;

/// A deal as `seat` may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealView {
    pub seat: u8,
    pub game: GameKind,
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
    Rules(String),
    /// A seat number the game does not have.
    Seat(&'static str),
    /// The view contradicts itself (a card twice, counts that cannot be).
    Inconsistent(&'static str),
    /// Not a position the game can reach from the seat's view: `what` of it.
    Unreachable(&'static str),
}

impl fmt::Display for ViewError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ViewError::Rules(why) => f.write_str(why),
            ViewError::Seat(what) => write!(f, "{what}: not a seat of this game"),
            ViewError::Inconsistent(what) => write!(f, "the table is inconsistent: {what}"),
            ViewError::Unreachable(what) => {
                write!(f, "the table is not a position of the game: {what}")
            }
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
            game: deal.rules.game,
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
        let game = self.game;
        let rules: Rules = self
            .rules
            .to_rules(game)
            .map_err(|e| ViewError::Rules(e.to_string()))?;
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
            return Err(ViewError::Inconsistent(
                "a card the game is not played with",
            ));
        }
        if !hand.and(played).is_empty() {
            return Err(ViewError::Inconsistent("a card both in the hand and shown"));
        }
        if self.hand.len() > game.hand_size() {
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

impl DealView {
    /// [`DealView::to_deal`] for a view from another device (a host's table
    /// on a guest's): refused as well unless it is a position the game can
    /// reach, as far as the seat can tell. The trick in progress and the last
    /// trick are played again from their leads through the engine's own
    /// checks and must come out as shown; the cards are the game's, each in
    /// one place; the hands, the stock, the stored tricks, the courses, the
    /// kept quack cards and the voids shown add up; and the other hands can
    /// be filled in from the unseen cards (so that a computer can sample
    /// them). What reads it (the scene, the legal moves, the hint) then meets
    /// only positions the engine makes.
    pub fn to_reachable_deal(&self) -> Result<Deal, ViewError> {
        let deal = self.to_deal()?;
        reachable(self, &deal).map_err(ViewError::Unreachable)?;
        Ok(deal)
    }
}

/// A trick's cards played again from its lead, each move as the engine
/// lists it legal: each player holds only the cards it plays (the seat `me`
/// its `held` cards too, for the partnership game's duty to follow), the
/// stock is out of reach and nothing is stored yet. Returns the deal after
/// the plays (whose voids are the ones the trick showed) and what the last
/// play did; refused if a card is played out of turn, after the trick's
/// end, or against the rules.
fn replay_trick(
    base: &Deal,
    trick: &TrickView,
    course: Course,
    me: u8,
    held: CardSet,
) -> Result<(Deal, Effect), &'static str> {
    let mut d = *base;
    d.hands = [CardSet::EMPTY; 4];
    for &(seat, card) in &trick.plays {
        d.hands[seat as usize].insert(card);
    }
    d.hands[me as usize] = d.hands[me as usize].or(held);
    d.trick = Trick::new();
    d.stock_next = d.stock_end;
    d.course = course;
    d.leader = trick.plays.first().map_or(base.leader, |&(seat, _)| seat);
    d.to_move = d.leader;
    d.piles = PerCourse::default();
    d.kept_quacks = [CardSet::EMPTY; 4];
    d.played = CardSet::EMPTY;
    d.last_trick = None;
    d.voids = [0; 4];
    let mut effect = Effect::default();
    for (i, &(seat, card)) in trick.plays.iter().enumerate() {
        let mv = if i == 0 && card.is_joker() {
            Move::LeadDuck(card, trick.led_suit)
        } else {
            Move::Play(card)
        };
        if seat != d.to_move || effect.trick.is_some() || !d.legal_moves().contains(mv) {
            return Err("a card played out of turn or against the rules");
        }
        effect = d.apply(mv);
    }
    Ok((d, effect))
}

/// Whether the engine's trick is the one shown.
fn same_trick(t: &Trick, v: &TrickView) -> bool {
    t.len() == v.plays.len()
        && t.plays().zip(&v.plays).all(|(a, b)| a == *b)
        && (t.led_suit, t.led_rank, t.quacks, t.stage)
            == (v.led_suit, v.led_rank, v.quacks, v.stage)
}

/// The cards of a trick, each once.
fn trick_cards(trick: &TrickView) -> Result<CardSet, &'static str> {
    let mut cards = CardSet::EMPTY;
    for &(_, card) in &trick.plays {
        if cards.contains(card) {
            return Err("a card played twice");
        }
        cards.insert(card);
    }
    Ok(cards)
}

/// A bit per suit.
fn suit_bit(card: Card) -> u8 {
    1 << card.suit() as u8
}

/// Why the view `v`, read as `d`, is not a position the game can reach.
fn reachable(v: &DealView, d: &Deal) -> Result<(), &'static str> {
    let game = d.game();
    let n = d.seats();
    let me = v.seat;
    let partnership = game == GameKind::Partnership;
    // Nothing belongs to a seat the game does not have.
    for s in n as usize..4 {
        let piles = v.piles.iter().any(|course| course[s] != Pile::default());
        if v.high[s] || v.voids[s] != 0 || !v.kept_quacks[s].is_empty() || piles {
            return Err("a seat the game does not have");
        }
    }
    // Partnership: the first dealer's left and partner are High (two
    // neighbours); nobody is in the other games.
    let highs = v.high.iter().filter(|&&h| h).count();
    let roles = match game {
        GameKind::Partnership => highs == 2 && (0..4).any(|k| v.high[k] && v.high[(k + 1) % 4]),
        _ => highs == 0,
    };
    if !roles {
        return Err("the High and Low members");
    }
    if v.voids.iter().any(|&bits| bits > 0b1111) || (!partnership && v.voids != [0; 4]) {
        return Err("the voids");
    }
    if !partnership && v.kept_quacks.iter().any(|k| !k.is_empty()) {
        return Err("the kept quack cards");
    }

    // Each card in one place: the hand, the trick, the last trick and the
    // kept quack cards among the cards shown, the trick apart from the last.
    let hand = d.hand(me);
    let played = d.played();
    let in_trick = trick_cards(&v.trick)?;
    let in_last = match &v.last_trick {
        Some(o) => trick_cards(&o.trick)?,
        None => CardSet::EMPTY,
    };
    if !in_trick.minus(played).is_empty()
        || !in_last.minus(played).is_empty()
        || !in_trick.and(in_last).is_empty()
    {
        return Err("a card on the table never shown, or shown twice");
    }
    let mut kept = CardSet::EMPTY;
    for (s, cards) in d.kept_quacks.iter().enumerate() {
        if !kept.and(*cards).is_empty()
            || !cards.and(in_trick).is_empty()
            || (partnership && cards.len() != u32::from(v.piles[0][s].up))
        {
            return Err("the kept quack cards");
        }
        kept = kept.or(*cards);
    }

    // The trick in progress, played again from its lead by the seat shown
    // leading: the same trick, the same seat to move. Between tricks the
    // trick keeps the last one's suit and rank led.
    let mut mine = hand;
    for &(s, card) in &v.trick.plays {
        if s == me {
            mine.insert(card);
        }
    }
    let (now, effect) = replay_trick(d, &v.trick, d.course, me, mine)?;
    let last = v.last_trick.as_ref().map(|o| &o.trick);
    let between = (
        last.map_or(Suit::Clubs, |t| t.led_suit),
        last.map_or(0, |t| t.led_rank),
    );
    let trick_ok = if v.trick.plays.is_empty() {
        (
            v.trick.led_suit,
            v.trick.led_rank,
            v.trick.quacks,
            v.trick.stage,
        ) == (between.0, between.1, 0, Stage::Lead)
    } else {
        same_trick(&now.trick, &v.trick)
    };
    if effect.trick.is_some() || !trick_ok || now.to_move != v.to_move {
        return Err("the trick in progress");
    }

    // The last trick, played again: finished as shown, by its leader, who
    // leads now (the deal's first trick is led by the dealer's left).
    let mut shown_voids = now.voids;
    match &v.last_trick {
        None => {
            if v.leader != (v.dealer + 1) % n || played != in_trick {
                return Err("the last trick");
            }
        }
        Some(o) => {
            // Partnership: the seat held then what it holds and has played since.
            let held = if partnership { mine } else { CardSet::EMPTY };
            let (mut last, mut effect) = replay_trick(d, &o.trick, o.course, me, held)?;
            if effect.trick.is_none() && last.legal_moves().contains(Move::Concede) {
                // The leader said Duck.
                effect = last.apply(Move::Concede);
            }
            let pile = v.piles[o.course as usize][o.keeper as usize];
            let same = effect.trick.is_some_and(|t| {
                same_trick(&t.trick, &o.trick)
                    && (t.winner, t.keeper, t.stored, t.course)
                        == (o.winner, o.keeper, o.stored, o.course)
            });
            if !same
                || v.leader != o.winner
                || pile.down < o.stored.down
                || pile.up < o.stored.up
                || (o.course == Course::Soup && d.course == Course::Duck)
            {
                return Err("the last trick");
            }
            for (i, &(s, card)) in o.trick.plays.iter().enumerate() {
                // Its quack cards lie before its keeper (partnership).
                if partnership
                    && o.trick.quacks >> i & 1 != 0
                    && !d.kept_quacks[o.keeper as usize].contains(card)
                {
                    return Err("the kept quack cards");
                }
                // A suit played in it can have been shown void since only
                // in the trick in progress.
                if v.voids[s as usize] & suit_bit(card) & !now.voids[s as usize] != 0 {
                    return Err("the voids");
                }
            }
            for (shown, bits) in shown_voids.iter_mut().zip(last.voids) {
                *shown |= bits;
            }
        }
    }

    // The stored tricks add up to the cards played in finished tricks; the
    // Duck course lasts as long as the stock, and the stock refills the
    // hands to their size while it lasts.
    let per_unit = match (game, d.rules.counting) {
        (GameKind::TwoPlayer, _) => 2,
        (GameKind::ThreePlayer, Counting::Tricks) => 3,
        _ => 1,
    };
    let mut units = [0usize; 2];
    for (course, piles) in units.iter_mut().zip(&v.piles) {
        for p in piles {
            *course += usize::from(p.down) + usize::from(p.up);
        }
    }
    let [duck_units, soup_units] = units;
    let finished = played.len() as usize - v.trick.plays.len();
    if (duck_units + soup_units) * per_unit != finished {
        return Err("the stored tricks");
    }
    let seats = n as usize;
    let room = game.deck_size() - seats * game.hand_size();
    let drawn = usize::from(v.stock_next);
    let soup = d.course == Course::Soup;
    let courses = if game.has_courses() {
        usize::from(v.stock_end) == room
            && soup == (v.stock_next == v.stock_end)
            && if soup {
                // The last Duck trick emptied the stock, perhaps refilling
                // only part of a round (a four- or six-card trick).
                (room..=room + seats).contains(&(duck_units * per_unit))
                    && (soup_units > 0)
                        == v.last_trick
                            .as_ref()
                            .is_some_and(|o| o.course == Course::Soup)
            } else {
                finished == drawn && soup_units == 0
            }
    } else {
        !soup && soup_units == 0
    };
    if !courses {
        return Err("the courses and the stock");
    }
    // Every hand had `size` cards at the trick's lead.
    let gone = finished.checked_sub(drawn).ok_or("the hands' sizes")?;
    if gone % seats != 0 || gone / seats > game.hand_size() {
        return Err("the hands' sizes");
    }
    let size = game.hand_size() - gone / seats;
    let mut plays = [0usize; 4];
    for &(s, _) in &v.trick.plays {
        plays[s as usize] += 1;
    }
    if plays.iter().any(|&k| k > size) || mine.len() as usize != size {
        return Err("the hands' sizes");
    }

    // Partnership: a seat shown void in a suit held none since, and the
    // other hands can be dealt the unseen cards around the voids (every
    // group of seats needs no more cards than the suits open to it hold).
    if partnership {
        let mut in_hand = 0;
        for card in hand.iter() {
            in_hand |= suit_bit(card);
        }
        if in_hand & v.voids[me as usize] != 0
            || shown_voids
                .iter()
                .zip(v.voids)
                .any(|(&shown, bits)| shown & !bits != 0)
            || v.trick
                .plays
                .iter()
                .any(|&(s, c)| v.voids[s as usize] & suit_bit(c) != 0)
        {
            return Err("the voids");
        }
        let unseen = game.deck().minus(hand).minus(played);
        for group in 1..16usize {
            if group >> me & 1 != 0 {
                continue;
            }
            let (mut need, mut open) = (0, 0);
            for (s, (&count, &void)) in plays.iter().zip(&v.voids).enumerate() {
                if group >> s & 1 != 0 {
                    need += size - count;
                    open |= !void & 0b1111;
                }
            }
            let supply: u32 = Suit::ALL
                .iter()
                .filter(|&&suit| open >> suit as u8 & 1 != 0)
                .map(|&suit| unseen.and(CardSet::suit(suit)).len())
                .sum();
            if need > supply as usize {
                return Err("the voids");
            }
        }
    }
    Ok(())
}
