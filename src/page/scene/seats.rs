//! The seats in a scene: where each sits, its plate, its hand (sorted as the
//! person chose, with the moves it may make), its piles, and the hint's and
//! the hand's tab stop's marks.

use super::*;

/// Where a seat sits on the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pos {
    Bottom,
    Left,
    Top,
    Right,
}

impl Pos {
    pub fn name(self) -> &'static str {
        match self {
            Pos::Bottom => "bottom",
            Pos::Left => "left",
            Pos::Top => "top",
            Pos::Right => "right",
        }
    }
}

/// The screen position of `seat` when `bottom` sits at the bottom: play
/// goes clockwise, bottom → left → top → right.
pub fn position(seats: u8, bottom: u8, seat: u8) -> Pos {
    let k = (seat + seats - bottom) % seats;
    match (seats, k) {
        (_, 0) => Pos::Bottom,
        (2, _) => Pos::Top,
        (3, 1) => Pos::Left,
        (3, _) => Pos::Right,
        (_, 1) => Pos::Left,
        (_, 2) => Pos::Top,
        _ => Pos::Right,
    }
}

/// The one thing a hint highlights on the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Hinted {
    /// A card of the hand at the bottom.
    HandCard(Card),
    /// A suit in the chooser (a led Duck's).
    Suit(Suit),
    /// A card in the chooser (which to quack with).
    Choice(Card),
    Quack,
    Duck,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SeatScene {
    pub seat: u8,
    pub pos: Pos,
    pub name: String,
    pub player: String,
    pub badges: Vec<(String, &'static str)>,
    pub to_move: bool,
    pub hand: HandScene,
    /// The hand's name for screen readers ("South's hand", or its count).
    pub hand_label: String,
    /// The hand is one tab stop moved through with the arrow keys (the
    /// face-up hand at the bottom); its cards say which holds the stop.
    pub roving: bool,
    pub piles: Vec<PileScene>,
    pub summary: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum HandScene {
    Up(Vec<HandCard>),
    Down(usize),
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HandCard {
    pub card: Card,
    /// May be played now (false: dimmed, tapping explains why).
    pub playable: bool,
    /// Would quack (same rank as the card led).
    pub quack: bool,
    /// Partnership: "high" or "low" for an Ace.
    pub ace: Option<&'static str>,
    /// Holds the hand's tab stop (in a roving hand).
    pub tab_stop: bool,
    /// On its way to the host (a guest's move sent, not yet answered).
    pub sent: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PileScene {
    pub label: String,
    pub down: u16,
    pub up: u16,
    pub points: u32,
    pub current: bool,
    /// Face-up cards shown on the pile (partnership: the quack cards kept).
    pub up_cards: Vec<Card>,
}

/// Suits in the order a hand is laid out: colours alternate.
pub(super) const SUIT_ORDER: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds];

/// A card's place in the hand's order within its suit: the engine's order
/// (the Ace high or low as it counts for its holder now); Ducks after every
/// rank.
pub(super) fn order_value(d: &Deal, holder: u8, c: Card) -> u8 {
    if c.is_joker() {
        return 20 + c.index();
    }
    d.order_in_suit(holder, c)
}

/// A hand sorted by suit, then rank in the current course's order; Ducks last.
pub fn sorted_hand(d: &Deal, seat: u8, by_rank: bool) -> Vec<Card> {
    let key = |c: Card| {
        let suit = if c.is_joker() {
            9
        } else {
            SUIT_ORDER.iter().position(|&s| s == c.suit()).unwrap_or(0)
        };
        if by_rank {
            // By rank (ranks together, then suits); Ducks last.
            (order_value(d, seat, c) as usize * 10 + suit, 0)
        } else {
            (suit, order_value(d, seat, c))
        }
    };
    // Insertion in order: a hand has at most 18 cards, and the library's
    // generic sort would add 3 KB to the page.
    let mut cards: Vec<Card> = Vec::with_capacity(18);
    for c in d.hand(seat).iter() {
        let k = key(c);
        let at = cards
            .iter()
            .position(|&o| key(o) > k)
            .unwrap_or(cards.len());
        cards.insert(at, c);
    }
    cards
}

/// A partnership Ace's mark: "high" or "low" by its holder's role.
pub(super) fn ace_mark(d: &Deal, seat: u8, c: Card) -> Option<&'static str> {
    match d.role(seat) {
        Some(Role::High) if c.rank() == 1 => Some("high"),
        Some(Role::Low) if c.rank() == 1 => Some("low"),
        _ => None,
    }
}

/// The cards of the mover's hand that would quack now, in hand order.
pub fn quack_cards(d: &Deal, by_rank: bool) -> Vec<Card> {
    let quackers = d.quack_cards();
    if quackers.is_empty() {
        return Vec::new();
    }
    sorted_hand(d, d.to_move(), by_rank)
        .into_iter()
        .filter(|&c| quackers.contains(c))
        .collect()
}

/// One seat: its name, player, badges, hand and piles.
pub(super) fn seat_scene(f: &Facts, s: u8) -> SeatScene {
    let (lang, setup, ui) = (f.lang, f.setup, f.ui);
    let pos = position(f.n, ui.bottom, s);
    let friend = match setup.players[s as usize] {
        Player::Friend => ui.friends[s as usize & 3].as_ref(),
        _ => None,
    };
    let player = match setup.players[s as usize] {
        Player::Human => lang.t(K::Human).to_string(),
        Player::Computer(l) => format!("{} · {}", lang.t(K::Computer), lang.level_name(l)),
        Player::Friend => {
            friend.map_or_else(|| lang.t(K::FriendShort).to_string(), |f| f.name.clone())
        }
    };
    let mut badges = Vec::new();
    if let Some(d) = f.deal {
        if d.dealer() == s {
            badges.push((lang.t(K::Dealer).to_string(), "dealer"));
        }
    }
    match f.game.role(s) {
        Some(Role::High) => badges.push((lang.t(K::High).to_string(), "high")),
        Some(Role::Low) => badges.push((lang.t(K::Low).to_string(), "low")),
        None => {}
    }
    // A friend's device not connected: a short word (the status line says more).
    if let Some(away) = friend.and_then(|f| f.away.as_ref()) {
        badges.push((away.badge.clone(), "away"));
    }
    // (A guest's table: its connection's code, on the host's plate.)
    if let Some(code) = friend.and_then(|f| f.code.as_ref()) {
        badges.push((code.clone(), "code"));
    }
    let mut hand = hand_scene(f, s);
    let roving = pos == Pos::Bottom && matches!(hand, HandScene::Up(_));
    if let (true, HandScene::Up(cards)) = (roving, &mut hand) {
        let stop = tab_stop(cards, ui.tab_stop, ui.moves, f.waiting == Waiting::Human);
        for c in cards.iter_mut() {
            c.tab_stop = Some(c.card) == stop;
        }
    }
    let hand_label = match &hand {
        HandScene::Up(_) => lang.tf(K::Hand, &[&seat_label(lang, setup, s)]),
        HandScene::Down(n) => lang.tf(K::HandDown, &[&seat_label(lang, setup, s), &n.to_string()]),
    };
    SeatScene {
        seat: s,
        pos,
        name: seat_label(lang, setup, s),
        player,
        badges,
        to_move: f.mover == Some(s),
        hand,
        hand_label,
        roving,
        piles: pile_scenes(f, s),
        summary: None,
    }
}

/// A seat's hand: face up for the seat shown (or all when revealed), with
/// what may be played; else its size.
pub(super) fn hand_scene(f: &Facts, s: u8) -> HandScene {
    let ui = f.ui;
    match f.deal {
        Some(d) if ui.viewer == Some(s) || ui.reveal => {
            let acting = f.can_act && f.mover == Some(s);
            let quackers = if acting {
                d.quack_cards()
            } else {
                CardSet::EMPTY
            };
            HandScene::Up(
                sorted_hand(d, s, f.ctx.sort_by_rank)
                    .into_iter()
                    .map(|c| HandCard {
                        card: c,
                        playable: acting && d.may_play(c),
                        quack: quackers.contains(c),
                        ace: ace_mark(d, s, c),
                        tab_stop: false,
                        sent: ui.move_sent.is_some_and(|m| m.card == Some(c)),
                    })
                    .collect(),
            )
        }
        Some(d) => HandScene::Down(
            ui.hand_lens
                .map_or(d.hand_len(s), |n| n[s as usize & 3] as usize),
        ),
        None => HandScene::Down(0),
    }
}

/// A seat's piles: one per course, or in partnerships the tricks kept.
pub(super) fn pile_scenes(f: &Facts, s: u8) -> Vec<PileScene> {
    let lang = f.lang;
    match f.deal {
        Some(d) if f.kind.has_courses() => {
            [(Course::Duck, K::CourseDuck), (Course::Soup, K::CourseSoup)]
                .into_iter()
                .map(|(c, k)| {
                    let p = d.pile(c, s);
                    PileScene {
                        label: lang.t(k).to_string(),
                        down: p.down,
                        up: p.up,
                        points: p.points(),
                        current: f.in_deal && d.course() == c,
                        up_cards: Vec::new(),
                    }
                })
                .collect()
        }
        Some(d) => {
            let p = d.pile(Course::Duck, s);
            vec![PileScene {
                label: lang.t(K::Kept).to_string(),
                down: p.down,
                up: p.up,
                points: p.points(),
                current: f.in_deal,
                up_cards: d.kept_quacks(s).iter().collect(),
            }]
        }
        None => Vec::new(),
    }
}

/// Where a hint shows: on the hand, or in the chooser once it is open.
pub(super) fn hinted(target: HintTarget, chooser_open: bool) -> Hinted {
    match (target, chooser_open) {
        // The Duck is chosen: now its suit.
        (HintTarget::LeadDuck(_, suit), true) => Hinted::Suit(suit),
        (HintTarget::Card(c) | HintTarget::LeadDuck(c, _), _) => Hinted::HandCard(c),
        (HintTarget::Quack(c), true) => Hinted::Choice(c),
        (HintTarget::Quack(_), false) => Hinted::Quack,
        (HintTarget::Duck, _) => Hinted::Duck,
    }
}

/// The card of a roving hand that holds its one tab stop: the card the
/// person last moved to while it is in the hand, unless the position has
/// changed since, it is their turn and it may not be played; else the first
/// playable card; else the first.
pub fn tab_stop(
    cards: &[HandCard],
    chosen: Option<(Card, usize)>,
    moves: usize,
    your_turn: bool,
) -> Option<Card> {
    let held = |card: Card| cards.iter().find(|c| c.card == card);
    let remembered = chosen.filter(|(card, _)| held(*card).is_some());
    let kept = remembered
        .filter(|(card, at)| !your_turn || *at == moves || held(*card).is_some_and(|c| c.playable));
    kept.map(|(card, _)| card)
        .or_else(|| cards.iter().find(|c| c.playable).map(|c| c.card))
        .or(remembered.map(|(card, _)| card))
        .or_else(|| cards.first().map(|c| c.card))
}
