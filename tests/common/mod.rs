//! Helpers shared by the integration tests: card notation, hand-made decks,
//! scripted play, steering a deal to a chosen position, random play, an
//! independent reference ("oracle") for how a finished trick is won and
//! stored, and access to the conformance records.
//!
//! Every test crate includes this module and uses only part of it.
#![allow(dead_code)]

pub mod cli;
pub mod scenes;
pub mod tables;

use duck_soup::engine::record::GameRecord;
use duck_soup::engine::rng::{random_deck, Rng};
use duck_soup::engine::rules::{
    Combine, ConcededSecond, Counting, DuckWinner, Facing, OptionValue,
};
use duck_soup::engine::{
    Card, CardSet, Course, Deal, Effect, Game, GameKind, IllegalMove, Move, MoveList, Pile, Rules,
    Suit, TrickOutcome,
};
use serde_json::Value;
use std::path::{Path, PathBuf};

// ---- notation ----

/// One card from its code (`"TH"`, `"XB"`).
pub fn card(code: &str) -> Card {
    code.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// Cards from codes separated by spaces, in order.
pub fn cards(codes: &str) -> Vec<Card> {
    codes.split_whitespace().map(card).collect()
}

/// A set of cards from codes separated by spaces.
pub fn set(codes: &str) -> CardSet {
    cards(codes).into_iter().collect()
}

/// One move from its record notation (`"7H"`, `"XB=S"`, `"duck"`).
pub fn mv(code: &str) -> Move {
    code.parse()
        .unwrap_or_else(|e| panic!("{code:?} is not a move: {e}"))
}

pub fn pile(down: u16, up: u16) -> Pile {
    Pile { down, up }
}

/// Move or card codes, sorted, for comparing lists as sets.
pub fn sorted(codes: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = codes.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The legal moves of a position as sorted codes.
pub fn legal(deal: &Deal) -> Vec<String> {
    codes(&deal.legal_moves())
}

pub fn codes(moves: &MoveList) -> Vec<String> {
    let mut v: Vec<String> = moves.as_slice().iter().map(Move::to_string).collect();
    v.sort();
    v
}

/// A hand (or any card set) as sorted codes.
pub fn hand_codes(cards: CardSet) -> Vec<String> {
    let mut v: Vec<String> = cards.iter().map(|c| c.to_string()).collect();
    v.sort();
    v
}

// ---- rules ----

/// The `parlett` rules of a game with options set as a record names them.
pub fn rules(game: GameKind, options: &[(&str, &str)]) -> Rules {
    let mut r = Rules::parlett(game);
    set_options(&mut r, options);
    r
}

/// Sets options as a record names them; a value that reads as a number is given as a number.
pub fn set_options(rules: &mut Rules, options: &[(&str, &str)]) {
    for &(key, value) in options {
        let v = value
            .parse()
            .map_or(OptionValue::Word(value), OptionValue::Number);
        rules
            .set(key, v)
            .unwrap_or_else(|e| panic!("option {key}={value}: {e}"));
    }
}

// ---- hand-made decks ----

/// A deck (top card first) that deals `hands` (indexed by seat) when `dealer`
/// deals it, one card at a time starting with the seat left of the dealer
/// (the non-dealer in the two-player game), and whose stock starts with
/// `stock` (next card to be drawn first). Hands given with fewer cards than
/// the game deals, and the rest of the stock, are filled with the unnamed
/// cards in index order (clubs Ace to King, diamonds, hearts, spades, Ducks).
pub fn deck(game: GameKind, dealer: u8, hands: &[&str], stock: &str) -> Vec<Card> {
    let n = game.seats();
    let size = game.hand_size();
    assert_eq!(hands.len(), n, "one hand per seat");
    let hands: Vec<Vec<Card>> = hands.iter().map(|h| cards(h)).collect();
    let stock = cards(stock);
    let mut named = CardSet::EMPTY;
    for &c in hands.iter().flatten().chain(&stock) {
        assert!(
            game.deck().contains(c),
            "{c} is not a card of the {game} game"
        );
        assert!(!named.contains(c), "{c} is named twice");
        named.insert(c);
    }
    let mut spare = game.deck().minus(named).iter();
    let mut deck = vec![None; game.deck_size()];
    for (seat, hand) in hands.into_iter().enumerate() {
        assert!(
            hand.len() <= size,
            "seat {seat} is given more than {size} cards"
        );
        // The seat dealt to first is the dealer's left; seat s gets every n-th card from there.
        let first = (seat + 2 * n - dealer as usize - 1) % n;
        let missing = size - hand.len();
        for (j, c) in hand
            .into_iter()
            .chain(spare.by_ref().take(missing))
            .enumerate()
        {
            deck[first + j * n] = Some(c);
        }
    }
    let dealt = n * size;
    for (slot, c) in deck[dealt..].iter_mut().zip(stock.into_iter().chain(spare)) {
        *slot = Some(c);
    }
    deck.into_iter()
        .map(|c| c.expect("every card placed"))
        .collect()
}

/// The first deal of a game with these rules and first dealer, dealt from
/// `deck` (so partnership roles are the game's own).
pub fn first_deal(rules: Rules, dealer: u8, deck: Vec<Card>) -> Deal {
    let mut game = Game::new(rules, dealer);
    game.start_deal(deck, None)
        .unwrap_or_else(|e| panic!("deck refused: {e}"));
    *game.deal().expect("a deal was started")
}

/// The first deal dealt from a hand-made deck (see [`deck`]), checked to
/// have dealt the named cards where they were asked for.
pub fn deal(rules: Rules, dealer: u8, hands: &[&str], stock: &str) -> Deal {
    let d = first_deal(rules, dealer, deck(rules.game, dealer, hands, stock));
    for (seat, hand) in hands.iter().enumerate() {
        let named = set(hand);
        assert_eq!(d.hand(seat as u8).and(named), named, "seat {seat}'s hand");
    }
    assert!(
        d.stock().starts_with(&cards(stock)),
        "the stock's top cards"
    );
    d
}

// ---- scripted play ----

/// Plays moves given in record notation; panics naming a refused move.
pub fn play_each(deal: &mut Deal, moves: &str) -> Vec<Effect> {
    moves
        .split_whitespace()
        .map(|m| {
            deal.play(mv(m))
                .unwrap_or_else(|e| panic!("move {m} refused: {e}"))
        })
        .collect()
}

/// Plays moves and returns the last one's effect.
pub fn play(deal: &mut Deal, moves: &str) -> Effect {
    *play_each(deal, moves).last().expect("at least one move")
}

/// Plays moves that finish a trick and returns how it ended.
pub fn trick(deal: &mut Deal, moves: &str) -> TrickOutcome {
    play(deal, moves)
        .trick
        .unwrap_or_else(|| panic!("'{moves}' does not finish a trick"))
}

/// Why a move is refused, in the engine's English (the command line's words).
pub fn refusal(deal: &Deal, m: &str) -> String {
    illegal(deal, m).to_string()
}

/// Why a move is refused: `check` and `play` must both refuse it, with the
/// same reason, and leave the position untouched.
pub fn illegal(deal: &Deal, m: &str) -> IllegalMove {
    let reason = deal
        .check(mv(m))
        .expect_err(&format!("{m} should be refused"));
    let mut copy = *deal;
    let played = copy
        .play(mv(m))
        .expect_err(&format!("{m} should be refused by play"));
    assert_eq!(played, reason, "check and play give the same reason");
    assert_eq!(copy.to_move(), deal.to_move());
    assert_eq!(copy.played(), deal.played());
    for s in 0..deal.seats() {
        assert_eq!(copy.hand(s), deal.hand(s));
    }
    reason
}

// ---- steering a deal to a position ----

/// Plays whole tricks, never playing a card of `keep`, each won by `winner`,
/// until `done` holds between tricks. Returns the tricks played.
pub fn play_tricks_won_by(
    deal: &mut Deal,
    winner: u8,
    keep: CardSet,
    done: impl Fn(&Deal) -> bool,
) -> Vec<TrickOutcome> {
    let mut tricks = Vec::new();
    while !done(deal) {
        let effect = play_trick_won_by(deal, winner, keep);
        tricks.push(effect.trick.expect("the trick is finished"));
    }
    tricks
}

/// Plays one whole trick, never playing a card of `keep`, won by `winner`;
/// returns the effect of its last move.
pub fn play_trick_won_by(deal: &mut Deal, winner: u8, keep: CardSet) -> Effect {
    assert!(deal.trick().is_empty() && !deal.is_over());
    let moves = moves_for_trick_won_by(deal, winner, keep)
        .unwrap_or_else(|| panic!("no trick seat {winner} can win without {keep} from here"));
    let mut effect = Effect::default();
    for m in moves {
        effect = deal.play(m).expect("a legal move");
    }
    effect
}

/// Steers the Duck course so that `leader` wins its last trick and leads the first Soup trick.
pub fn reach_soup(deal: &mut Deal, leader: u8, keep: CardSet) -> Vec<TrickOutcome> {
    play_tricks_won_by(deal, leader, keep, |d| d.course() == Course::Soup)
}

/// A sequence of moves (depth first search) finishing the current trick with `winner` winning.
fn moves_for_trick_won_by(deal: &Deal, winner: u8, keep: CardSet) -> Option<Vec<Move>> {
    for &m in deal.legal_moves().as_slice() {
        if m.card().is_some_and(|c| keep.contains(c)) {
            continue;
        }
        let mut next = *deal;
        let effect = next.play(m).expect("a legal move");
        let rest = match effect.trick {
            Some(t) if t.winner == winner => Some(Vec::new()),
            Some(_) => None,
            None => moves_for_trick_won_by(&next, winner, keep),
        };
        if let Some(mut rest) = rest {
            rest.insert(0, m);
            return Some(rest);
        }
    }
    None
}

// ---- random play ----

pub fn random_move(moves: &MoveList, rng: &mut Rng) -> Move {
    assert!(!moves.is_empty(), "no legal move");
    moves.as_slice()[rng.below(moves.len() as u32) as usize]
}

/// Deals a random deck and plays it to the end with random legal moves.
pub fn play_random_deal(game: &mut Game, rng: &mut Rng) {
    game.start_deal(random_deck(game.kind(), rng), None)
        .expect("a new deal");
    finish_random_deal(game, rng);
}

/// Plays the deal in progress to its end with random legal moves.
pub fn finish_random_deal(game: &mut Game, rng: &mut Rng) {
    while game.in_deal() {
        let m = random_move(&game.legal_moves(), rng);
        game.play(m).expect("a legal move");
    }
}

/// Plays a deal of `deal` to its end with random moves, each trick checked by a referee.
pub fn finish_refereed(deal: &mut Deal, rng: &mut Rng) -> Referee {
    let mut referee = Referee::default();
    while !deal.is_over() {
        let m = random_move(&deal.legal_moves(), rng);
        referee.play(deal, m);
    }
    referee
}

/// Plays random games of these rules from seed 0 up until one, after its
/// first deal, satisfies `wanted`; returns that game.
pub fn first_deal_where(rules: Rules, wanted: impl Fn(&Game) -> bool) -> Game {
    (0..5000)
        .map(|seed| {
            let mut game = Game::new(rules, 0);
            play_random_deal(&mut game, &mut Rng::new(seed));
            game
        })
        .find(|g| wanted(g))
        .expect("some seed gives the wanted deal")
}

// ---- the reference ----

/// Follows a deal trick by trick and checks each finished trick against
/// the [`oracle`], keeping its own tally of what each seat stored.
#[derive(Clone, Debug, Default)]
pub struct Referee {
    plays: Vec<(u8, Move)>,
    /// Units stored by course and seat, as the oracle says.
    pub piles: [[Pile; 4]; 2],
    pub tricks: usize,
}

impl Referee {
    /// Plays a legal move in `deal` and checks it.
    pub fn play(&mut self, deal: &mut Deal, m: Move) -> Effect {
        let before = *deal;
        let effect = deal
            .play(m)
            .unwrap_or_else(|e| panic!("legal move {m} refused: {e}"));
        self.observe(&before, m, &effect);
        effect
    }

    /// Records a move played from position `before` with its effect.
    pub fn observe(&mut self, before: &Deal, m: Move, effect: &Effect) {
        self.plays.push((before.to_move(), m));
        let Some(t) = effect.trick else { return };
        let want = oracle::outcome(before, &self.plays);
        let got = (t.winner, t.keeper, t.stored, t.course);
        assert_eq!(
            got,
            (want.winner, want.keeper, want.stored, before.course()),
            "trick {} ({:?} rules): (winner, keeper, stored, course)",
            self.plays
                .iter()
                .map(|(s, m)| format!("{s}:{m}"))
                .collect::<Vec<_>>()
                .join(" "),
            before.rules()
        );
        let p = &mut self.piles[t.course as usize][t.keeper as usize];
        p.down += t.stored.down;
        p.up += t.stored.up;
        self.tricks += 1;
        self.plays.clear();
    }

    pub fn points(&self, course: Course, seat: u8) -> u32 {
        let p = self.piles[course as usize][seat as usize];
        p.down as u32 + 2 * p.up as u32
    }

    /// The finished courses' points as a report gives them.
    pub fn course_points(&self, deal: &Deal) -> Vec<Vec<u32>> {
        let row = |c| (0..deal.seats()).map(|s| self.points(c, s)).collect();
        if deal.game() == GameKind::Partnership {
            return if deal.is_over() {
                vec![row(Course::Duck)]
            } else {
                vec![]
            };
        }
        let mut out = Vec::new();
        if deal.stock_len() == 0 {
            out.push(row(Course::Duck));
        }
        if deal.is_over() {
            out.push(row(Course::Soup));
        }
        out
    }

    /// The deal's score: each seat's courses multiplied (or added), or each
    /// side's members' counts multiplied.
    pub fn scores(&self, rules: &Rules) -> Vec<u32> {
        use Course::{Duck, Soup};
        match rules.game {
            GameKind::Partnership => (0..2)
                .map(|side| self.points(Duck, side) * self.points(Duck, side + 2))
                .collect(),
            game => (0..game.seats() as u8)
                .map(|s| match rules.combine {
                    Combine::Multiply => self.points(Duck, s) * self.points(Soup, s),
                    Combine::Add => self.points(Duck, s) + self.points(Soup, s),
                })
                .collect(),
        }
    }
}

/// An independent statement of RULES.md: who wins a finished trick, who
/// keeps it and how it is stored, from the moves played in it.
pub mod oracle {
    use super::*;

    pub struct Outcome {
        pub winner: u8,
        pub keeper: u8,
        pub stored: Pile,
    }

    const DOWN: Pile = Pile { down: 1, up: 0 };
    const UP: Pile = Pile { down: 0, up: 1 };
    const TWO_UP: Pile = Pile { down: 0, up: 2 };

    /// `deal` is any position of the trick before its last move; `plays`
    /// are the trick's moves with the seat that made each.
    pub fn outcome(deal: &Deal, plays: &[(u8, Move)]) -> Outcome {
        let outcome = match deal.game() {
            GameKind::TwoPlayer => two_player(deal.rules(), deal.course(), plays),
            GameKind::ThreePlayer => three_player(deal.rules(), deal.course(), plays),
            GameKind::Partnership => return partnership(deal, plays),
        };
        Outcome {
            keeper: outcome.winner,
            ..outcome
        }
    }

    fn card_of(m: Move) -> Card {
        m.card().expect("a card move")
    }

    /// Ace high in Soup; in Duck the lower card wins with Ace lowest,
    /// unless the two-player option says the higher wins (Ace still low).
    fn beats(course: Course, higher_in_duck: bool, a: Card, b: Card) -> bool {
        let ace_high = |c: Card| if c.rank() == 1 { 14 } else { c.rank() };
        match course {
            Course::Soup => ace_high(a) > ace_high(b),
            Course::Duck if higher_in_duck => a.rank() > b.rank(),
            Course::Duck => a.rank() < b.rank(),
        }
    }

    fn two_player(rules: &Rules, course: Course, plays: &[(u8, Move)]) -> Outcome {
        let (leader, lead) = (plays[0].0, card_of(plays[0].1));
        let follower = plays[1].0;
        let follow = card_of(plays[1].1);
        let (winner, stored) = match plays.len() {
            2 if follow.suit() == lead.suit() => {
                let higher = rules.duck_winner == DuckWinner::Higher;
                let w = if beats(course, higher, follow, lead) {
                    follower
                } else {
                    leader
                };
                (w, DOWN)
            }
            2 => (leader, UP),
            3 => {
                assert_eq!(plays[2].1, Move::Concede);
                let stored = match rules.single_quack_trick {
                    Facing::Up => UP,
                    Facing::Down => DOWN,
                };
                (follower, stored)
            }
            4 => {
                let (third, last) = (card_of(plays[2].1), card_of(plays[3].1));
                if last.rank() == lead.rank() {
                    (follower, TWO_UP)
                } else if rules.conceded_second_trick == ConcededSecond::BySuit
                    && third.suit() == last.suit()
                {
                    (leader, pile(1, 1))
                } else {
                    (leader, TWO_UP)
                }
            }
            n => panic!("a two-player trick of {n} moves"),
        };
        Outcome {
            winner,
            keeper: winner,
            stored,
        }
    }

    fn three_player(rules: &Rules, course: Course, plays: &[(u8, Move)]) -> Outcome {
        let leader = plays[0].0;
        let (suit, rank) = match plays[0].1 {
            Move::LeadDuck(_, s) => (s, None),
            Move::Play(c) => {
                assert!(!c.is_joker(), "a led Duck names a suit");
                (c.suit(), Some(c.rank()))
            }
            Move::Concede => panic!("a trick led by duck"),
        };
        let cards: Vec<Card> = plays.iter().filter_map(|(_, m)| m.card()).collect();
        let quacks = |i: usize| rank.is_some_and(|r| !cards[i].is_joker() && cards[i].rank() == r);
        let winner = match plays.len() {
            3 if rank.is_none() => leader,
            3 if quacks(2) => plays[2].0,
            3 if quacks(1) => plays[1].0,
            3 => {
                let mut best = 0;
                for i in 1..3 {
                    let c = cards[i];
                    if !c.is_joker() && c.suit() == suit && beats(course, false, c, cards[best]) {
                        best = i;
                    }
                }
                plays[best].0
            }
            4 => {
                assert!(quacks(1) && quacks(2) && plays[3].1 == Move::Concede);
                plays[2].0
            }
            6 => {
                assert!(quacks(1) && quacks(2) && quacks(3));
                leader
            }
            n => panic!("a three-player trick of {n} moves"),
        };
        // A Duck follows a suit of its colour: the red one hearts and diamonds.
        let red_suit = matches!(suit, Suit::Diamonds | Suit::Hearts);
        let follows = |c: &Card| match c.to_string().as_str() {
            "XR" => red_suit,
            "XB" => !red_suit,
            _ => c.suit() == suit,
        };
        let following = cards.iter().filter(|c| follows(c)).count() as u16;
        let stored = match rules.counting {
            Counting::Cards => pile(following, cards.len() as u16 - following),
            Counting::Tricks if cards.len() == 6 => TWO_UP,
            Counting::Tricks if following == 3 => DOWN,
            Counting::Tricks => UP,
        };
        Outcome {
            winner,
            keeper: winner,
            stored,
        }
    }

    fn partnership(deal: &Deal, plays: &[(u8, Move)]) -> Outcome {
        assert_eq!(plays.len(), 4);
        let value = |(seat, m): (u8, Move)| {
            let c = card_of(m);
            if c.rank() == 1 && deal.is_high(seat) {
                14
            } else {
                c.rank()
            }
        };
        let lead = card_of(plays[0].1);
        let high_lead = value(plays[0]) >= 8;
        let quackers: Vec<u8> = plays[1..]
            .iter()
            .filter(|(_, m)| card_of(*m).rank() == lead.rank())
            .map(|(s, _)| *s)
            .collect();
        let winner = match quackers.last() {
            Some(&s) => s,
            None => {
                let following = plays
                    .iter()
                    .filter(|(_, m)| card_of(*m).suit() == lead.suit());
                let best = if high_lead {
                    following.max_by_key(|&&p| value(p))
                } else {
                    following.min_by_key(|&&p| value(p))
                };
                best.expect("the lead follows itself").0
            }
        };
        // Partners sit opposite; the member whose role matches the trick keeps it.
        let keeper = if deal.is_high(winner) == high_lead {
            winner
        } else {
            (winner + 2) % 4
        };
        let up = quackers.len() as u16;
        Outcome {
            winner,
            keeper,
            stored: pile(4 - up, up),
        }
    }
}

// ---- conformance records ----

/// The directories holding conformance records: the vendored copy, and the
/// shared one beside the project if it exists.
pub fn conformance_dirs() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs = vec![root.join("tests/conformance")];
    let shared = root.join("../shared/conformance");
    if shared.is_dir() {
        dirs.push(shared);
    }
    dirs
}

/// The cases of one conformance file: (line number, parsed line).
pub fn conformance_cases(path: &Path) -> Vec<(usize, Value)> {
    let text = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            let v = serde_json::from_str(l)
                .unwrap_or_else(|e| panic!("{}:{}: not JSON: {e}", path.display(), i + 1));
            (i + 1, v)
        })
        .collect()
}

/// A report as JSON with `next.legal` sorted, so that legal lists compare as sets.
pub fn normalized_report(mut report: Value) -> Value {
    if let Some(Value::Array(legal)) = report.pointer_mut("/next/legal") {
        legal.sort_by_key(|v| v.to_string());
    }
    report
}

/// The game's cards in index order (clubs Ace to King, diamonds, hearts, spades, then any Ducks).
pub fn ordered_deck(game: GameKind) -> Vec<Card> {
    game.deck().iter().collect()
}

/// Whether a game played to `target` is over with these totals: one scorer alone in the lead at or past it.
pub fn over_at_target(totals: &[u32], target: u32) -> bool {
    let max = *totals.iter().max().unwrap();
    max >= target && totals.iter().filter(|&&t| t == max).count() == 1
}

/// The same deals and moves replayed under other rules.
pub fn replayed_with(game: &Game, rules: Rules) -> Game {
    GameRecord {
        rules,
        ..GameRecord::of(game)
    }
    .replay()
    .expect("the same deals replay")
}

// ---- fuzzing ----

/// A proptest configuration of `cases`, or as many as the environment
/// variable `var` says (e.g. `FUZZ_CASES=200000` to fuzz longer).
pub fn cases_from_env(var: &str, cases: u32) -> proptest::prelude::ProptestConfig {
    let cases = std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(cases);
    proptest::prelude::ProptestConfig {
        cases,
        failure_persistence: None,
        ..proptest::prelude::ProptestConfig::default()
    }
}

/// One damage to a text: insert, remove or replace a character, or cut the
/// text short there (`how`: 0, 1, 2, else), at the place `at` picks.
pub type Edit = (proptest::sample::Index, u8, char);

/// `text` after its `edits`, as a chat or a careless hand might leave it.
pub fn damaged(text: &str, edits: Vec<Edit>) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    for (at, how, c) in edits {
        let i = at.index(chars.len() + 1);
        match how {
            0 => chars.insert(i, c),
            1 if i < chars.len() => {
                chars.remove(i);
            }
            2 if i < chars.len() => chars[i] = c,
            _ => chars.truncate(i),
        }
    }
    chars.into_iter().collect()
}
