//! One deal of any of the three games: hands, stock, the trick in progress,
//! the two courses and the stored tricks. What is shared lives here; how a
//! trick unfolds and who wins it is one small module per game.

use super::cards::{Card, CardSet, Suit};
use super::error::{DeckError, IllegalMove, MoveParseError};
use super::rules::{GameKind, Rules};
use super::seating::{PerSeat, Role, Roles, ScorerSeats, Scores};
use super::{partnership, three, two};
use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

/// A move: play a card, lead a Duck naming a suit, or concede ("duck").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    Play(Card),
    LeadDuck(Card, Suit),
    /// The leader says "Duck" after being quacked (or, three-player, after two quacks).
    Concede,
}

impl Move {
    /// The card this move puts on the table, if any.
    #[inline(always)]
    pub fn card(self) -> Option<Card> {
        match self {
            Move::Play(c) | Move::LeadDuck(c, _) => Some(c),
            Move::Concede => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Play(c) => write!(f, "{c}"),
            Move::LeadDuck(c, s) => write!(f, "{c}={}", s.letter()),
            Move::Concede => f.write_str("duck"),
        }
    }
}

impl FromStr for Move {
    type Err = MoveParseError;
    fn from_str(s: &str) -> Result<Move, MoveParseError> {
        let bad = || MoveParseError {
            token: s.to_string(),
        };
        if s == "duck" {
            return Ok(Move::Concede);
        }
        if let Some((card, suit)) = s.split_once('=') {
            let card: Card = card.parse().map_err(|_| bad())?;
            let mut letters = suit.chars();
            let suit = match (letters.next().and_then(Suit::from_letter), letters.next()) {
                (Some(suit), None) if card.is_joker() => suit,
                _ => return Err(bad()),
            };
            return Ok(Move::LeadDuck(card, suit));
        }
        s.parse().map(Move::Play).map_err(|_| bad())
    }
}

/// The legal moves of a position, without allocating.
#[derive(Clone, Copy)]
pub struct MoveList {
    moves: [Move; 16],
    len: u8,
}

impl MoveList {
    #[inline(always)]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::Concede; 16],
            len: 0,
        }
    }
    /// Adds a move; a position never has more than the list holds (a hand
    /// has at most 13 cards), and a 17th would be left out rather than fail.
    #[inline(always)]
    pub fn push(&mut self, mv: Move) {
        if let Some(slot) = self.moves.get_mut(self.len as usize) {
            *slot = mv;
            self.len += 1;
        }
    }
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }
    pub fn len(&self) -> usize {
        self.len as usize
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn contains(&self, mv: Move) -> bool {
        self.as_slice().contains(&mv)
    }
    /// Every card of a set as a plain play; a Duck at the lead once per suit it may name.
    pub(crate) fn push_cards(&mut self, cards: CardSet, leading: bool) {
        for c in cards.iter() {
            if leading && c.is_joker() {
                for s in c.joker_suits() {
                    self.push(Move::LeadDuck(c, s));
                }
            } else {
                self.push(Move::Play(c));
            }
        }
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

/// The legal moves of a position as sets (see [`Deal::legal_set`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LegalSet {
    pub cards: CardSet,
    pub concede: bool,
    pub duck_lead: bool,
}

/// The two courses of the two- and three-player games. The partnership game
/// has none; its tricks all count as `Duck` for storage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Course {
    Duck = 0,
    Soup = 1,
}

impl Course {
    pub const ALL: [Course; 2] = [Course::Duck, Course::Soup];
}

/// One value per course, indexed only by [`Course`] (never by a seat).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PerCourse<T>(pub [T; 2]);

impl<T> Index<Course> for PerCourse<T> {
    type Output = T;
    #[inline(always)]
    fn index(&self, course: Course) -> &T {
        &self.0[course as usize]
    }
}

impl<T> IndexMut<Course> for PerCourse<T> {
    #[inline(always)]
    fn index_mut(&mut self, course: Course) -> &mut T {
        &mut self.0[course as usize]
    }
}

/// Where the trick in progress stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// The leader is to lead.
    Lead,
    /// A follower is to play.
    Follow,
    /// The leader answers quacks: concede, or play another card of the rank.
    LeaderAnswer,
    /// Two-player, after Quack-quack: the fourth card, or a discard.
    FollowerAnswer,
    /// Three-player, after Quack-quack-quack: each follower adds one card.
    Discard,
}

/// What the player to move is asked to do, in the rules' terms (see [`Deal::turn`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// Lead any card (three-player: a led Duck names a suit of its colour).
    Lead,
    /// Follow the card led: `suit` (a led Duck's named suit) and `rank`
    /// (None for a led Duck). `must_follow`: partnership, the mover holds
    /// the suit led, so must follow it or quack; otherwise any card goes.
    Follow {
        suit: Suit,
        rank: Option<u8>,
        must_follow: bool,
    },
    /// The leader answers `quacks` quacks on its card (two-player: one,
    /// three-player: two): say Duck, or play another card of `rank`.
    AnswerQuacks { quacks: u8, rank: u8 },
    /// Two-player, after Quack-quack: the fourth card of `rank` (Duck soup),
    /// or any other card to concede both tricks.
    AnswerQuackQuack { rank: u8 },
    /// Three-player, after Quack-quack-quack: any card, to the leader's six.
    AddCard,
}

/// The spoken calls that go with quacks and concessions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Call {
    Quack,
    QuackQuack,
    /// Two-player: the fourth card; partnership: a third quack may be called either way.
    DuckSoup,
    QuackQuackQuack,
    /// The leader concedes.
    Duck,
}

/// A stored pile of one seat in one course: face-down and face-up units
/// (tricks, or cards where the game counts cards). Points = down + 2 × up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Pile {
    pub down: u16,
    pub up: u16,
}

impl Pile {
    pub fn points(self) -> u32 {
        self.down as u32 + 2 * self.up as u32
    }
}

/// The trick in progress.
#[derive(Clone, Copy, Debug)]
pub struct Trick {
    pub(crate) cards: [Card; 6],
    pub(crate) seats: [u8; 6],
    pub(crate) len: u8,
    /// The suit led (for a led Duck, the suit it names).
    pub(crate) led_suit: Suit,
    /// The rank led; 0 for a led Duck.
    pub(crate) led_rank: u8,
    /// Bit i set: the card at position i is a quack.
    pub(crate) quacks: u8,
    pub(crate) stage: Stage,
}

impl Trick {
    pub(crate) fn new() -> Trick {
        Trick {
            cards: [Card::BLACK_DUCK; 6],
            seats: [0; 6],
            len: 0,
            led_suit: Suit::Clubs,
            led_rank: 0,
            quacks: 0,
            stage: Stage::Lead,
        }
    }
    /// The cards played so far with who played them.
    pub fn plays(&self) -> impl Iterator<Item = (u8, Card)> + '_ {
        self.seats[..self.len as usize]
            .iter()
            .copied()
            .zip(self.cards[..self.len as usize].iter().copied())
    }
    pub fn len(&self) -> usize {
        self.len as usize
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn led_suit(&self) -> Option<Suit> {
        (self.len > 0).then_some(self.led_suit)
    }
    /// The rank led (1..13), or None before the lead or for a led Duck.
    pub fn led_rank(&self) -> Option<u8> {
        (self.len > 0 && self.led_rank != 0).then_some(self.led_rank)
    }
    pub fn stage(&self) -> Stage {
        self.stage
    }
    #[inline(always)]
    pub fn is_quack(&self, position: usize) -> bool {
        self.quacks >> position & 1 != 0
    }
    #[inline(always)]
    pub(crate) fn quack_count(&self) -> u32 {
        self.quacks.count_ones()
    }
    /// This trick with a follower's `card` added (a quack if it has the
    /// rank led): what it would be, for judging a card before playing it.
    #[inline(always)]
    pub(crate) fn with_play(&self, seat: u8, card: Card) -> Trick {
        let mut t = *self;
        let i = t.len as usize;
        t.cards[i] = card;
        t.seats[i] = seat;
        if t.led_rank != 0 && card.rank() == t.led_rank {
            t.quacks |= 1 << i;
        }
        t.len += 1;
        t
    }
}

/// A finished trick, for the table to show and the log to tell.
#[derive(Clone, Copy, Debug)]
pub struct TrickOutcome {
    pub trick: Trick,
    pub winner: u8,
    /// Who stores it (the winner, or in partnerships the winning side's High or Low member).
    pub keeper: u8,
    pub stored: Pile,
    pub course: Course,
}

/// What one move did, beyond the move itself.
#[derive(Clone, Copy, Debug, Default)]
pub struct Effect {
    pub call: Option<Call>,
    pub trick: Option<TrickOutcome>,
    /// The refill after this move emptied the stock: the Duck course is over.
    pub duck_course_ended: bool,
    pub deal_over: bool,
}

/// One deal in progress.
#[derive(Clone, Copy, Debug)]
pub struct Deal {
    pub(crate) rules: Rules,
    /// The game's seat count and deck size, kept at hand for the move loop.
    pub(crate) seat_count: u8,
    pub(crate) deck_len: u8,
    pub(crate) dealer: u8,
    pub(crate) roles: Roles,
    pub(crate) hands: [CardSet; 4],
    pub(crate) stock: [Card; 27],
    pub(crate) stock_next: u8,
    pub(crate) stock_end: u8,
    pub(crate) leader: u8,
    pub(crate) to_move: u8,
    pub(crate) trick: Trick,
    pub(crate) course: Course,
    pub(crate) piles: PerCourse<[Pile; 4]>,
    /// Partnership: the quack cards each member keeps face up.
    pub(crate) kept_quacks: [CardSet; 4],
    /// Every card that has been shown on the table this deal.
    pub(crate) played: CardSet,
    pub(crate) last_trick: Option<TrickOutcome>,
    /// Suits (bit per suit) each seat has shown it no longer holds: public knowledge.
    pub(crate) voids: [u8; 4],
}

impl Deal {
    /// Deals `deck` (top card first) as the rules say. The deck must be
    /// exactly the game's cards.
    pub fn new(rules: Rules, dealer: u8, roles: Roles, deck: &[Card]) -> Result<Deal, DeckError> {
        let game = rules.game;
        check_deck(game, deck)?;
        let n = game.seats() as u8;
        let mut hands = [CardSet::EMPTY; 4];
        let dealt = n as usize * game.hand_size();
        // Two-player: non-dealer first; otherwise from the dealer's left: both are dealer + 1.
        for (i, &c) in deck[..dealt].iter().enumerate() {
            hands[(dealer as usize + 1 + i) % n as usize].insert(c);
        }
        let mut stock = [Card::BLACK_DUCK; 27];
        let rest = &deck[dealt..];
        stock[..rest.len()].copy_from_slice(rest);
        let leader = (dealer + 1) % n;
        Ok(Deal {
            rules,
            seat_count: n,
            deck_len: deck.len() as u8,
            dealer,
            roles,
            hands,
            stock,
            stock_next: 0,
            stock_end: rest.len() as u8,
            leader,
            to_move: leader,
            trick: Trick::new(),
            course: Course::Duck,
            piles: PerCourse::default(),
            kept_quacks: [CardSet::EMPTY; 4],
            played: CardSet::EMPTY,
            last_trick: None,
            voids: [0; 4],
        })
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    pub fn game(&self) -> GameKind {
        self.rules.game
    }
    #[inline(always)]
    pub fn seats(&self) -> u8 {
        self.seat_count
    }
    pub fn dealer(&self) -> u8 {
        self.dealer
    }
    #[inline(always)]
    pub fn hand(&self, seat: u8) -> CardSet {
        self.hands[seat as usize]
    }
    pub fn hand_len(&self, seat: u8) -> usize {
        self.hands[seat as usize].len() as usize
    }
    pub fn stock_len(&self) -> usize {
        (self.stock_end - self.stock_next) as usize
    }
    /// The stock's cards, next to be drawn first (hidden information).
    pub fn stock(&self) -> &[Card] {
        &self.stock[self.stock_next as usize..self.stock_end as usize]
    }
    pub fn leader(&self) -> u8 {
        self.leader
    }
    pub fn to_move(&self) -> u8 {
        self.to_move
    }
    pub fn trick(&self) -> &Trick {
        &self.trick
    }
    pub fn last_trick(&self) -> Option<&TrickOutcome> {
        self.last_trick.as_ref()
    }
    /// The course of the trick in progress (or about to be led).
    pub fn course(&self) -> Course {
        self.course
    }
    #[inline(always)]
    pub fn is_high(&self, seat: u8) -> bool {
        self.roles.is_high(seat)
    }
    /// Where `card` stands in its suit for `holder` now, low to high, as
    /// tricks are won (`beats`, `partnership::value`): Two to King
    /// are 2 to 13, and the Ace is 14 where it counts high (the Soup
    /// course; in partnerships, a High member's) and 1 where it counts low.
    /// A Duck, which has no rank, is 0.
    pub fn order_in_suit(&self, holder: u8, card: Card) -> u8 {
        match (self.rules.game, self.course) {
            (GameKind::Partnership, _) => partnership::value(self, holder, card),
            (_, Course::Soup) => ace_high(card.rank()),
            (_, Course::Duck) => card.rank(),
        }
    }
    /// A partnership member's role (None in the other games).
    pub fn role(&self, seat: u8) -> Option<Role> {
        (self.rules.game == GameKind::Partnership).then(|| self.roles.role(seat))
    }
    pub fn roles(&self) -> Roles {
        self.roles
    }
    pub fn pile(&self, course: Course, seat: u8) -> Pile {
        self.piles[course][seat as usize]
    }
    /// Partnership: the quack cards `seat` keeps face up (empty in the other games).
    pub fn kept_quacks(&self, seat: u8) -> CardSet {
        self.kept_quacks[seat as usize]
    }
    /// Every card shown on the table so far this deal.
    pub fn played(&self) -> CardSet {
        self.played
    }
    /// Whether `seat` has shown it holds no card of `suit` (partnership: it
    /// neither followed nor quacked). Public knowledge.
    pub fn shown_void(&self, seat: u8, suit: Suit) -> bool {
        self.voids[seat as usize] >> suit as u8 & 1 != 0
    }
    /// Every card has been played and the last trick is complete. (Counting
    /// the played cards, not the hands, keeps this true in a seat's view too.)
    #[inline(always)]
    pub fn is_over(&self) -> bool {
        self.trick.len == 0 && self.played.len() == self.deck_len as u32
    }
    /// Whether the Duck course is over (always true in the partnership game).
    pub fn duck_course_over(&self) -> bool {
        !self.rules.game.has_courses() || self.course == Course::Soup
    }

    /// Each seat's points stored so far, by course (partnership: each
    /// member's count, under `Course::Duck`; the game has no courses).
    pub fn points(&self) -> PerCourse<PerSeat<u32>> {
        let n = self.seats() as usize;
        PerCourse(Course::ALL.map(|c| PerSeat::from_fn(n, |s| self.pile(c, s).points())))
    }

    /// Points by seat per finished course, as a replay reports them:
    /// `[duck, soup]` as far as finished; in partnerships one entry, each
    /// member's count, once the deal is over.
    pub fn course_points(&self) -> Vec<Vec<u32>> {
        let finished = if !self.rules.game.has_courses() {
            self.is_over() as usize
        } else {
            self.duck_course_over() as usize + self.is_over() as usize
        };
        let points = self.points();
        Course::ALL[..finished]
            .iter()
            .map(|&c| points[c].to_vec())
            .collect()
    }

    /// The deal's score by scorer: by seat (two-, three-player) or by side
    /// (partnership: the product of its members' counts), counting what is
    /// stored so far.
    pub fn scores(&self) -> Scores {
        let game = self.rules.game;
        let p = |c: Course, s: u8| self.pile(c, s).points();
        Scores::from_fn(game.scorers(), |scorer| match game.seats_of(scorer) {
            ScorerSeats::Seat(s) => self
                .rules
                .combine
                .apply(p(Course::Duck, s), p(Course::Soup, s)),
            ScorerSeats::Side([a, b]) => p(Course::Duck, a) * p(Course::Duck, b),
        })
    }

    /// The legal moves as sets: the cards that may be played, whether the
    /// leader may concede, and whether a Duck among them is led (one move per suit it may name).
    #[inline(always)]
    pub fn legal_set(&self) -> LegalSet {
        let hand = self.hands[self.to_move as usize];
        let none = LegalSet {
            cards: CardSet::EMPTY,
            concede: false,
            duck_lead: false,
        };
        if self.is_over() {
            return none;
        }
        match (self.rules.game, self.trick.stage) {
            (GameKind::Partnership, _) => LegalSet {
                cards: partnership::allowed(self),
                ..none
            },
            // With courses: free play, but after quacks the leader answers with the rank or concedes.
            (_, Stage::LeaderAnswer) => LegalSet {
                cards: hand.and(CardSet::rank(self.trick.led_rank)),
                concede: true,
                ..none
            },
            (_, Stage::Lead) => LegalSet {
                cards: hand,
                duck_lead: true,
                ..none
            },
            _ => LegalSet {
                cards: hand,
                ..none
            },
        }
    }

    pub fn legal_moves(&self) -> MoveList {
        let legal = self.legal_set();
        let mut out = MoveList::new();
        if legal.concede {
            out.push(Move::Concede);
        }
        out.push_cards(legal.cards, legal.duck_lead);
        out
    }

    /// A uniformly random legal move, without listing them (the play-out fast path).
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    pub fn random_move(&self, rng: &mut super::rng::Rng) -> Move {
        let legal = self.legal_set();
        if !legal.concede && (!legal.duck_lead || legal.cards.and(CardSet::JOKERS).is_empty()) {
            // The common case: every legal move is a plain card.
            let i = rng.below(legal.cards.len());
            return Move::Play(legal.cards.nth(i).expect("i < len"));
        }
        // A led Duck is two moves (one per suit it may name): one more than its card.
        let jokers = if legal.duck_lead {
            legal.cards.and(CardSet::JOKERS).len()
        } else {
            0
        };
        let n = legal.cards.len() + jokers + legal.concede as u32;
        let mut i = rng.below(n);
        if legal.concede {
            if i == 0 {
                return Move::Concede;
            }
            i -= 1;
        }
        let plain = if legal.duck_lead {
            legal.cards.minus(CardSet::JOKERS)
        } else {
            legal.cards
        };
        if i < plain.len() {
            return Move::Play(plain.nth(i).expect("i < len"));
        }
        // Past the plain cards: each led Duck twice, once per suit it may name.
        let i = i - plain.len();
        let joker = legal
            .cards
            .and(CardSet::JOKERS)
            .nth(i / 2)
            .expect("a Duck to lead");
        // Not `joker_suits()[i % 2]`: indexing the array would put it in memory.
        let [first, second] = joker.joker_suits();
        Move::LeadDuck(joker, if i.is_multiple_of(2) { first } else { second })
    }

    /// Why a move is not legal now, or Ok.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::DealOver { mv });
        }
        if self.legal_moves().contains(mv) {
            return Ok(());
        }
        if let Some(c) = mv.card() {
            if !self.rules.game.deck_contains(c) {
                return Err(IllegalMove::NoDucksInGame {
                    mv,
                    game: self.rules.game,
                });
            }
        }
        let why = match self.rules.game {
            GameKind::TwoPlayer => two::why_illegal(self, mv),
            GameKind::ThreePlayer => three::why_illegal(self, mv),
            GameKind::Partnership => partnership::why_illegal(self, mv),
        };
        Err(why.unwrap_or_else(|| match mv.card() {
            Some(card) => IllegalMove::NotInHand {
                mv,
                card,
                seat: self.to_move,
            },
            None => unreachable!("every game says why it refuses duck"),
        }))
    }

    /// Whether the mover may put `card` on the table now (a led Duck then
    /// names a suit: see [`Deal::legal_moves`]).
    pub fn may_play(&self, card: Card) -> bool {
        self.legal_set().cards.contains(card)
    }

    /// What the player to move is asked to do; None once the deal is over.
    pub fn turn(&self) -> Option<Turn> {
        if self.is_over() {
            return None;
        }
        let t = &self.trick;
        Some(match t.stage {
            Stage::Lead => Turn::Lead,
            Stage::Follow => Turn::Follow {
                suit: t.led_suit,
                rank: t.led_rank(),
                must_follow: self.rules.game == GameKind::Partnership
                    && !self
                        .hand(self.to_move)
                        .and(CardSet::suit(t.led_suit))
                        .is_empty(),
            },
            Stage::LeaderAnswer => Turn::AnswerQuacks {
                quacks: t.quack_count() as u8,
                rank: t.led_rank,
            },
            Stage::FollowerAnswer => Turn::AnswerQuackQuack { rank: t.led_rank },
            Stage::Discard => Turn::AddCard,
        })
    }

    /// The call a quack by the mover would make now (Quack, Quack-quack,
    /// Duck soup, Quack-quack-quack), or None where no card can quack.
    pub fn call_if_quacked(&self) -> Option<Call> {
        if self.is_over() {
            return None;
        }
        match self.rules.game {
            GameKind::TwoPlayer => two::quack_call(self),
            GameKind::ThreePlayer => three::quack_call(self),
            GameKind::Partnership => partnership::quack_call(self),
        }
    }

    /// The cards the mover may play now that quack (have the rank led).
    pub fn quack_cards(&self) -> CardSet {
        match self.call_if_quacked() {
            Some(_) => self
                .legal_set()
                .cards
                .and(CardSet::rank(self.trick.led_rank)),
            None => CardSet::EMPTY,
        }
    }

    /// Who takes the trick on the table as it stands (if the leader
    /// concedes where it may); None before the lead.
    pub fn winning_seat(&self) -> Option<u8> {
        if self.trick.len == 0 {
            return None;
        }
        Some(match self.rules.game {
            GameKind::TwoPlayer => two::winner_so_far(self),
            GameKind::ThreePlayer => three::winner_so_far(self),
            GameKind::Partnership => partnership::winner(self, &self.trick),
        })
    }

    /// Plays a move after checking it.
    pub fn play(&mut self, mv: Move) -> Result<Effect, IllegalMove> {
        self.check(mv)?;
        Ok(self.apply(mv))
    }

    /// Plays a move known to be legal (the search loop's fast path).
    pub fn apply(&mut self, mv: Move) -> Effect {
        self.apply_inlined(mv)
    }

    /// [`Deal::apply`] for a caller's move loop (the random play-outs): in
    /// wasm it is inlined there whole, as a native build inlines it anyway;
    /// the page's size-optimised build would otherwise pay a call or two on
    /// every move. Everywhere else, one out-of-line copy ([`Deal::apply`]).
    #[cfg_attr(target_arch = "wasm32", inline(always))]
    pub(crate) fn apply_inlined(&mut self, mv: Move) -> Effect {
        debug_assert!(self.legal_moves().contains(mv), "illegal {mv}");
        match self.rules.game {
            GameKind::TwoPlayer => two::apply(self, mv),
            GameKind::ThreePlayer => three::apply(self, mv),
            GameKind::Partnership => partnership::apply(self, mv),
        }
    }

    // ---- shared mechanics, used by the per-game modules ----

    #[inline(always)]
    pub(crate) fn next_seat(&self, seat: u8) -> u8 {
        // A comparison, not a division: this runs on every move of every play-out.
        if seat + 1 == self.seats() {
            0
        } else {
            seat + 1
        }
    }

    /// Puts a card from the mover's hand on the trick.
    #[inline(always)]
    pub(crate) fn put(&mut self, card: Card) -> usize {
        let seat = self.to_move;
        self.hands[seat as usize].remove(card);
        self.played.insert(card);
        let i = self.trick.len as usize;
        self.trick.cards[i] = card;
        self.trick.seats[i] = seat;
        self.trick.len += 1;
        i
    }

    /// Starts a trick with the leader's card; `named` is a led Duck's suit.
    #[inline(always)]
    pub(crate) fn lead(&mut self, card: Card, named: Option<Suit>) {
        self.put(card);
        self.trick.led_suit = named.unwrap_or_else(|| card.suit());
        self.trick.led_rank = card.rank();
        self.trick.stage = Stage::Follow;
        self.to_move = self.next_seat(self.to_move);
    }

    /// Whether `a` beats `b`, both of the suit led, in the current course:
    /// in Duck the lower wins (Ace low) unless the two-player option says
    /// higher; in Soup the higher wins (Ace high).
    #[inline(always)]
    pub(crate) fn beats(&self, a: Card, b: Card) -> bool {
        match self.course {
            Course::Soup => ace_high(a.rank()) > ace_high(b.rank()),
            Course::Duck if self.rules.duck_winner == super::rules::DuckWinner::Higher => {
                a.rank() > b.rank()
            }
            Course::Duck => a.rank() < b.rank(),
        }
    }

    /// The best card of the suit led among the trick's plain cards.
    #[inline(always)]
    pub(crate) fn best_of_suit_led(&self) -> u8 {
        let t = &self.trick;
        let mut best = 0;
        for i in 1..t.len as usize {
            let c = t.cards[i];
            if !c.is_joker() && c.suit() == t.led_suit && self.beats(c, t.cards[best]) {
                best = i;
            }
        }
        t.seats[best]
    }

    /// Ends the trick: `keeper` stores it, `winner` leads next; the stock
    /// refills the hands `rounds` times around (stopping when it runs out).
    pub(crate) fn finish_trick(
        &mut self,
        winner: u8,
        keeper: u8,
        stored: Pile,
        rounds: u8,
        call: Option<Call>,
    ) -> Effect {
        let course = self.course;
        let pile = &mut self.piles[course][keeper as usize];
        pile.down += stored.down;
        pile.up += stored.up;
        let outcome = TrickOutcome {
            trick: self.trick,
            winner,
            keeper,
            stored,
            course,
        };
        self.last_trick = Some(outcome);
        // Only what marks an empty trick is reset; cards past `len` are never read.
        self.trick.len = 0;
        self.trick.quacks = 0;
        self.trick.stage = Stage::Lead;
        self.leader = winner;
        self.to_move = winner;
        let mut duck_course_ended = false;
        if self.stock_next < self.stock_end {
            let n = self.seats();
            'refill: for _ in 0..rounds {
                let mut seat = winner;
                for _ in 0..n {
                    if self.stock_next == self.stock_end {
                        break 'refill;
                    }
                    let card = self.stock[self.stock_next as usize];
                    self.stock_next += 1;
                    self.hands[seat as usize].insert(card);
                    seat = self.next_seat(seat);
                }
            }
            if self.stock_next == self.stock_end {
                self.course = Course::Soup;
                duck_course_ended = true;
            }
        }
        Effect {
            call,
            trick: Some(outcome),
            duck_course_ended,
            deal_over: self.is_over(),
        }
    }

    /// Returns control to `seat` in the middle of a trick at a new stage.
    #[inline(always)]
    pub(crate) fn pass_to(&mut self, seat: u8, stage: Stage, call: Option<Call>) -> Effect {
        self.to_move = seat;
        self.trick.stage = stage;
        Effect {
            call,
            ..Effect::default()
        }
    }

    /// This deal as `seat` may know it: the other hands emptied and the
    /// stock's cards blanked (their counts stay, as [`Deal::hand_lens`] and
    /// [`Deal::stock_len`] of the original). Computer players get only this.
    pub fn hidden_from(&self, seat: u8) -> Deal {
        let mut d = *self;
        for s in 0..4u8 {
            if s != seat {
                d.hands[s as usize] = CardSet::EMPTY;
            }
        }
        d.stock = [Card::BLACK_DUCK; 27];
        d
    }

    pub fn hand_lens(&self) -> [u8; 4] {
        self.hands.map(|h| h.len() as u8)
    }

    /// Fills in hidden cards: the other seats' hands and the stock's order
    /// (next to be drawn first). Used to sample positions for search.
    pub fn with_hidden(&self, hands: [CardSet; 4], stock: &[Card]) -> Deal {
        let mut d = *self;
        d.hands = hands;
        let start = d.stock_next as usize;
        d.stock[start..start + stock.len()].copy_from_slice(stock);
        d
    }
}

/// A card's rank with the Ace above the King.
#[inline(always)]
pub(crate) fn ace_high(rank: u8) -> u8 {
    if rank == 1 {
        14
    } else {
        rank
    }
}

impl GameKind {
    /// The game's full deck, in index order.
    pub fn deck(self) -> CardSet {
        match self {
            GameKind::ThreePlayer => CardSet::STANDARD.or(CardSet::JOKERS),
            _ => CardSet::STANDARD,
        }
    }
    pub fn deck_contains(self, card: Card) -> bool {
        self.deck().contains(card)
    }
}

/// The deck must hold exactly the game's cards, once each.
pub fn check_deck(game: GameKind, deck: &[Card]) -> Result<(), DeckError> {
    let mut seen = CardSet::EMPTY;
    for &c in deck {
        if !game.deck_contains(c) {
            return Err(DeckError::NotInGame { card: c, game });
        }
        if seen.contains(c) {
            return Err(DeckError::Duplicate { card: c });
        }
        seen.insert(c);
    }
    if deck.len() != game.deck_size() {
        return Err(DeckError::WrongSize {
            len: deck.len(),
            game,
        });
    }
    Ok(())
}

/// Moves travel as the records write them (`7H`, `XB=S`, `duck`).
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
