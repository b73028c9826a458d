//! A guest's device takes anything a host sends without a panic (the page's
//! build aborts on one, and shows its error panel): whatever table arrives
//! is refused, or is a position the game can reach, on which everything the
//! guest does with it works: reading it into the game, the legal moves, the
//! hint (the Hard player's decision from the guest's view, through the
//! worker's reading of it), and everything the scene asks of the game.
//!
//! Every table a host sends in real games of all three games, for every
//! seat, is accepted (no false refusal), at every move, at a deal's end,
//! between deals and at the game's end. Forged tables are made from real
//! ones changed field by field and byte by byte through `net::wire`, and at
//! random.
//!
//! CI runs a bounded number of cases (a few seconds). To fuzz longer, raise
//! `FUZZ_CASES`, e.g. `FUZZ_CASES=100000 cargo test --release --test guest_tables`.

mod common;

use common::tables::{damage, play_at_random, random_position, rule_sets};
use common::*;
use duck_soup::ai::{heuristic, search, SeatView};
use duck_soup::codec::{Reader, Writer};
use duck_soup::engine::deal_view::{DealView, OutcomeView, TrickView, ViewError};
use duck_soup::engine::partnership_rules::is_high_lead;
use duck_soup::engine::record::RulesFile;
use duck_soup::engine::rng::{random_deck, Rng};
use duck_soup::engine::{
    Card, CardSet, Course, Game, GameKind, Move, Pile, Rules, Stage, Suit, Turn,
};
use duck_soup::net::protocol::{
    guest_table, turn_of, Dropped, GuestTable, LastMove, TableError, ToGuest, VERSION,
};
use proptest::prelude::*;

const KINDS: [GameKind; 3] = [
    GameKind::TwoPlayer,
    GameKind::ThreePlayer,
    GameKind::Partnership,
];

/// The table a host sends `seat`: names, connections, who plays each seat
/// and the move that made it, as the page fills them in.
fn host_table(game: &Game, seat: u8, last: Option<LastMove>) -> GuestTable {
    let n = game.kind().seats();
    let names: Vec<String> = (0..n).map(|s| format!("Seat {s}")).collect();
    let mut table = guest_table(game, seat, turn_of(game), &names, &vec![true; n]);
    table.who = (0..n)
        .map(|s| ["host", "friend", "normal"][s.min(2)].to_string())
        .collect();
    table.last = last;
    table
}

/// Plays a random game of `rules` and calls `at` with every table the host
/// sends (for every seat): before each move, and after the last one of
/// each deal (the deal's end, between deals, the game's end).
fn each_real_table(rules: Rules, rng: &mut Rng, mut at: impl FnMut(&Game, u8, GuestTable)) {
    let kind = rules.game;
    let mut game = Game::new(rules, rng.below(kind.seats() as u32) as u8);
    let mut last = None;
    while !game.is_over() {
        game.start_deal(random_deck(kind, rng), None).unwrap();
        loop {
            for seat in 0..kind.seats() as u8 {
                at(&game, seat, host_table(&game, seat, last));
            }
            if !game.in_deal() {
                break;
            }
            last = Some(play_at_random(&mut game, rng));
        }
    }
}

/// A table through the wire and back, as the guest's device reads it.
fn through_wire(table: &GuestTable) -> GuestTable {
    let bytes = ToGuest::Table(Box::new(table.clone())).encode();
    match ToGuest::decode(&bytes) {
        Ok(ToGuest::Table(t)) => *t,
        other => panic!("a table the host wrote reads back: {other:?}"),
    }
}

/// How hard to try the hint: the Hard player's search (slow in a debug
/// build) or only its parts (sampling the other hands, one play-out).
#[derive(Clone, Copy, PartialEq)]
enum Hint {
    Search,
    Parts,
}

/// What a guest's device does with a table: read it, and if it is taken,
/// everything the page asks of the game it gives. Returns whether it was
/// taken. Any panic fails the test; so does an accepted table on which the
/// page would meet what the engine never makes.
fn survive(table: &GuestTable, hint: Hint, rng: &mut Rng) -> bool {
    let game = match table.to_game() {
        Ok(game) => game,
        Err(e) => {
            let line = e.to_string();
            assert!(!line.is_empty() && !line.contains('\n'), "{line:?}");
            return false;
        }
    };
    let view = table.deal.as_ref().expect("a table with a deal");
    exercise(&game, view.seat, table, hint, rng);
    true
}

/// Everything the guest's page (its controller, the scene, the hint, the
/// announcer) asks of the game it made from a table.
fn exercise(game: &Game, seat: u8, table: &GuestTable, hint: Hint, rng: &mut Rng) {
    let kind = game.kind();
    let n = kind.seats() as u8;
    let d = game.deal().expect("the table's deal");
    // The game and its score sheet.
    let _ = (
        game.in_deal(),
        game.is_over(),
        game.to_move(),
        game.outcome(),
    );
    let _ = (game.first_dealer(), game.log().len(), game.rules().end());
    let _ = game.totals().winner();
    for (k, r) in game.results().iter().enumerate() {
        let _ = (r.course_points(), r.scores.winner(), game.dealer_of(k));
    }
    if !game.in_deal() && !game.is_over() {
        let _ = game.next_leader();
    }
    // Every seat as the table shows it.
    for s in 0..n {
        let _ = (
            game.role(s),
            d.role(s),
            d.is_high(s),
            d.hand(s),
            d.hand_len(s),
        );
        let _ = (d.kept_quacks(s), table.hand_len(s));
        for c in Course::ALL {
            let _ = d.pile(c, s).points();
        }
        for suit in Suit::ALL {
            let _ = d.shown_void(s, suit);
        }
    }
    let _ = (d.points(), d.scores(), d.course_points(), d.stock_len());
    let _ = (
        d.duck_course_over(),
        d.is_over(),
        d.course(),
        d.dealer(),
        d.leader(),
    );
    let _ = (
        d.winning_seat(),
        d.call_if_quacked(),
        d.quack_cards(),
        d.played(),
    );
    // The trick on the table, and the last one (held on show, reviewed):
    // each has its lead, which the partnership table's header reads.
    let trick = d.trick();
    if !trick.is_empty() {
        let (leader, led) = trick
            .plays()
            .next()
            .expect("a trick on the table has a lead");
        let _ = (
            is_high_lead(d, leader, led),
            trick.led_suit(),
            trick.led_rank(),
        );
        assert!(trick.led_rank().is_none_or(|r| (1..=13).contains(&r)));
    }
    if let Some(o) = d.last_trick() {
        let (leader, led) = o.trick.plays().next().expect("the last trick has a lead");
        let _ = is_high_lead(d, leader, led);
        assert!(o.winner < n && o.keeper < n);
        for (i, _) in o.trick.plays().enumerate() {
            let _ = o.trick.is_quack(i);
        }
    }
    // The turn, worded with its rank.
    match d.turn() {
        Some(Turn::AnswerQuacks { rank, .. } | Turn::AnswerQuackQuack { rank }) => {
            assert!((1..=13).contains(&rank), "a rank to answer: {rank}")
        }
        Some(Turn::Follow {
            rank: Some(rank), ..
        }) => assert!((1..=13).contains(&rank)),
        _ => {}
    }
    // Every card the person may tap, every move, and what each would do.
    for i in 0..54 {
        let card = Card::from_index(i);
        let _ = (d.may_play(card), d.check(Move::Play(card)));
        for suit in Suit::ALL {
            let _ = d.check(Move::LeadDuck(card, suit));
        }
    }
    let _ = d.check(Move::Concede);
    let legal = game.legal_moves();
    let set = d.legal_set();
    if game.in_deal() && d.to_move() == seat {
        // The list holds every legal move (none left out).
        let ducks = if set.duck_lead {
            set.cards.and(CardSet::JOKERS).len()
        } else {
            0
        };
        let count = set.cards.len() + ducks + set.concede as u32;
        assert_eq!(legal.len() as u32, count, "every legal move listed");
        assert!(!legal.is_empty(), "a move to make on the guest's turn");
    }
    for &mv in legal.as_slice() {
        assert!(d.check(mv).is_ok());
        let mut after = *d;
        let effect = after.apply(mv);
        if let Some(o) = effect.trick {
            let _ = (o.winner, o.keeper, o.stored.points());
        }
    }
    // The hint: the guest's view as the worker reads it, then the Hard player.
    if !(game.in_deal() && d.to_move() == seat) {
        return;
    }
    let mut w = Writer::new();
    w.deal_view(&DealView::of(d, seat));
    let bytes = w.into_bytes();
    let mut r = Reader::new(&bytes);
    let read = r.deal_view().expect("the worker reads the view");
    assert_eq!(r.end(), Ok(()));
    let worker = read.to_deal().expect("the worker takes the guest's view");
    assert_eq!(worker.to_move(), seat);
    let view = SeatView { seat, deal: worker };
    let sample = view.sample(rng);
    let mut seen = sample.played();
    for s in 0..n {
        assert_eq!(
            sample.hand_len(s),
            table.hand_len(s),
            "seat {s}'s hand sampled"
        );
        assert!(seen.and(sample.hand(s)).is_empty());
        seen = seen.or(sample.hand(s));
    }
    for &c in sample.stock() {
        assert!(!seen.contains(c), "the sampled stock");
        seen.insert(c);
    }
    assert_eq!(seen, kind.deck(), "a sampled deal holds the game's cards");
    let _ = heuristic::choose(&worker);
    match hint {
        Hint::Search => {
            let mv = search::choose(&view, rng, 1);
            assert!(legal.contains(mv));
        }
        Hint::Parts => {
            let mut world = sample;
            search::play_out(&mut world);
            let _ = search::outcome(&world, seat);
        }
    }
}

#[test]
fn every_table_of_real_games_is_taken_for_every_seat() {
    let mut rng = Rng::new(2027);
    let mut hint_rng = Rng::new(5);
    let mut tables = 0;
    for rules in rule_sets() {
        for _ in 0..3 {
            each_real_table(rules, &mut rng, |game, seat, table| {
                let read = through_wire(&table);
                let seen = read
                    .to_game()
                    .unwrap_or_else(|e| panic!("a real table refused ({rules:?}): {e}"));
                // The game as the seat sees it: the host's, with the hidden cards removed.
                let (mine, host) = (seen.deal().unwrap(), game.deal().unwrap());
                assert_eq!(
                    DealView::of(mine, seat),
                    DealView::of(&host.hidden_from(seat), seat)
                );
                assert_eq!(seen.results(), game.results());
                assert_eq!(seen.totals(), game.totals());
                assert_eq!(seen.is_over(), game.is_over());
                assert_eq!(seen.log().len(), game.log().len());
                if game.in_deal() && host.to_move() == seat {
                    assert_eq!(seen.legal_moves().as_slice(), host.legal_moves().as_slice());
                }
                tables += 1;
                let hint = if tables % 97 == 0 {
                    Hint::Search
                } else {
                    Hint::Parts
                };
                exercise(&seen, seat, &read, hint, &mut hint_rng);
            });
        }
    }
    assert!(tables > 2000, "{tables} tables");
}

/// A real table from `rng`: a random game of random rules, some way in,
/// for a random seat.
fn real_table(rng: &mut Rng) -> GuestTable {
    let (game, last) = random_position(&rule_sets(), rng);
    let seat = rng.below(game.kind().seats() as u32) as u8;
    host_table(&game, seat, last)
}

fn any_card(rng: &mut Rng) -> Card {
    Card::from_index(rng.below(54) as u8)
}

/// A small number, often just out of range.
fn small(rng: &mut Rng) -> u8 {
    [0, 1, 2, 3, 4, 5, 13, 14, 255][rng.below(9) as usize]
}

fn any_stage(rng: &mut Rng) -> Stage {
    [
        Stage::Lead,
        Stage::Follow,
        Stage::LeaderAnswer,
        Stage::FollowerAnswer,
        Stage::Discard,
    ][rng.below(5) as usize]
}

fn any_pile(rng: &mut Rng) -> Pile {
    let mut half = || [0, 1, 2, 7, 30, u16::MAX][rng.below(6) as usize];
    Pile {
        down: half(),
        up: half(),
    }
}

/// One field of a trick changed.
fn mutate_trick(t: &mut TrickView, rng: &mut Rng) {
    let at = |rng: &mut Rng, len: usize| rng.below(len.max(1) as u32) as usize;
    match rng.below(9) {
        0 => {
            t.plays.pop();
        }
        1 => t.plays.push((rng.below(4) as u8, any_card(rng))),
        2 if !t.plays.is_empty() => {
            let i = at(rng, t.plays.len());
            t.plays[i].1 = any_card(rng);
        }
        3 if !t.plays.is_empty() => {
            let i = at(rng, t.plays.len());
            t.plays[i].0 = rng.below(4) as u8;
        }
        4 if t.plays.len() > 1 => {
            let (i, j) = (at(rng, t.plays.len()), at(rng, t.plays.len()));
            t.plays.swap(i, j);
        }
        5 => t.led_suit = Suit::from_index(rng.below(4) as u8),
        6 => t.led_rank = rng.below(14) as u8,
        7 => t.quacks = rng.below(64) as u8,
        _ => t.stage = any_stage(rng),
    }
}

/// One field of a table changed, as a damaged or forged message might.
/// Removes a random card of `cards`, if any.
fn remove_random(cards: &mut Vec<Card>, rng: &mut Rng) {
    if !cards.is_empty() {
        let i = rng.below(cards.len() as u32) as usize;
        cards.remove(i);
    }
}

fn mutate(t: &mut GuestTable, rng: &mut Rng) {
    let seats = 4;
    let Some(v) = t.deal.as_mut() else { return };
    match rng.below(40) {
        0 => v.seat = rng.below(seats) as u8,
        1 => v.dealer = rng.below(seats) as u8,
        2 => v.leader = rng.below(seats) as u8,
        3 => v.to_move = rng.below(seats) as u8,
        4 => v.stock_next = small(rng),
        5 => v.stock_end = [0, 26, 27, 28, 255][rng.below(5) as usize],
        6 => {
            v.course = match v.course {
                Course::Duck => Course::Soup,
                Course::Soup => Course::Duck,
            }
        }
        7..=10 => mutate_trick(&mut v.trick, rng),
        11 => {
            let c = any_card(rng);
            v.hand.push(c);
        }
        12 => remove_random(&mut v.hand, rng),
        13 => {
            // A card moves between the hand and the cards shown.
            if rng.below(2) == 0 && !v.hand.is_empty() {
                let c = v.hand.remove(0);
                v.played.push(c);
            } else if !v.played.is_empty() {
                let c = v.played.remove(0);
                v.hand.push(c);
            }
        }
        14 => {
            let c = any_card(rng);
            v.played.push(c);
        }
        15 => remove_random(&mut v.played, rng),
        16 | 17 => {
            let (c, s) = (rng.below(2) as usize, rng.below(4) as usize);
            v.piles[c][s] = any_pile(rng);
        }
        18 => {
            let s = rng.below(4) as usize;
            if rng.below(2) == 0 {
                v.kept_quacks[s].push(any_card(rng));
            } else {
                v.kept_quacks[s].pop();
            }
        }
        19 => v.last_trick = None,
        20 => {
            // A last trick with no plays (or the trick in progress as the last).
            let trick = if rng.below(2) == 0 {
                TrickView {
                    plays: Vec::new(),
                    ..v.trick.clone()
                }
            } else {
                v.trick.clone()
            };
            v.last_trick = Some(OutcomeView {
                trick,
                winner: rng.below(seats) as u8,
                keeper: rng.below(seats) as u8,
                stored: any_pile(rng),
                course: v.course,
            });
        }
        21..=23 => {
            if let Some(o) = v.last_trick.as_mut() {
                match rng.below(6) {
                    0 => o.winner = rng.below(seats) as u8,
                    1 => o.keeper = rng.below(seats) as u8,
                    2 => o.stored = any_pile(rng),
                    3 => o.course = Course::ALL[rng.below(2) as usize],
                    _ => mutate_trick(&mut o.trick, rng),
                }
            }
        }
        24 => v.voids[rng.below(4) as usize] = rng.below(16) as u8,
        25 => v.high[rng.below(4) as usize] ^= true,
        26 => {
            // Other rules, or another game's name.
            let sets = rule_sets();
            let other = sets[rng.below(sets.len() as u32) as usize];
            if rng.below(2) == 0 {
                v.rules = RulesFile::of(&other);
            } else {
                v.game = other.game;
            }
        }
        27 => {
            // The trick in progress swapped with the last trick.
            if let Some(o) = v.last_trick.as_mut() {
                std::mem::swap(&mut o.trick, &mut v.trick);
            }
        }
        28 => {
            // A big hand: up to 26 cards (the second table).
            for c in v.game.deck().iter() {
                if v.hand.len() >= 13 + rng.below(14) as usize {
                    break;
                }
                if !v.hand.contains(&c) && !v.played.contains(&c) {
                    v.hand.push(c);
                }
            }
        }
        29 => {
            if let Some(n) = t.hand_lens.get_mut(rng.below(4) as usize) {
                *n = small(rng);
            } else {
                t.hand_lens.push(small(rng));
            }
        }
        30 => {
            if let Some(s) = t.scores.last_mut().and_then(|s| s.first_mut()) {
                *s = [0, 1, 99, u32::MAX][rng.below(4) as usize];
            }
        }
        31 => {
            if let Some(p) = t.points.last_mut().and_then(|p| p.last_mut()) {
                if let Some(x) = p.first_mut() {
                    *x = [0, 1, 99, 5000, u32::MAX][rng.below(5) as usize];
                }
            }
        }
        32 => {
            // A deal's result forged, or dropped.
            if rng.below(2) == 0 {
                t.scores.pop();
                t.points.pop();
            } else {
                let n = t.totals.len();
                t.scores.push(vec![u32::MAX / 2; n]);
                t.points.push(vec![vec![1; 4]; 2]);
            }
        }
        33 => t.totals.iter_mut().for_each(|x| *x = x.wrapping_add(1)),
        34 => t.deals = [0, 1, 2, 3, 1000, u32::MAX][rng.below(6) as usize],
        35 => t.first_dealer = rng.below(seats) as u8,
        36 => t.over ^= true,
        37 => {
            t.last = Some(LastMove {
                seat: rng.below(seats) as u8,
                mv: Move::Play(any_card(rng)),
                call: None,
            })
        }
        38 => t.turn = rng.next_u64() as u32,
        _ => {
            t.names.push("<b>x</b>".into());
            t.who.push("expert".into());
        }
    }
}

fn config(cases: u32) -> ProptestConfig {
    cases_from_env("FUZZ_CASES", cases)
}

proptest! {
    #![proptest_config(config(1500))]

    /// Real tables changed field by field: refused, or survived.
    #[test]
    fn tables_changed_field_by_field_are_refused_or_survive(seed in any::<u64>(), changes in 1u32..4) {
        let mut rng = Rng::new(seed);
        let mut table = real_table(&mut rng);
        // Unchanged, it is taken.
        if let Err(e) = table.to_game() {
            panic!("a real table refused: {e}");
        }
        for _ in 0..changes {
            mutate(&mut table, &mut rng);
        }
        // As the wire carries it (what it cannot carry is refused there).
        let bytes = ToGuest::Table(Box::new(table)).encode();
        if let Ok(ToGuest::Table(t)) = ToGuest::decode(&bytes) {
            survive(&t, Hint::Parts, &mut rng);
        }
    }

    /// Real tables changed byte by byte as they travel: refused, or survived.
    #[test]
    fn tables_changed_byte_by_byte_are_refused_or_survive(seed in any::<u64>(), changes in 1u32..4) {
        let mut rng = Rng::new(seed);
        let mut bytes = ToGuest::Table(Box::new(real_table(&mut rng))).encode();
        damage(&mut bytes, changes, &mut rng);
        if let Ok(ToGuest::Table(t)) = ToGuest::decode(&bytes) {
            survive(&t, Hint::Parts, &mut rng);
        }
    }

    /// Random bytes after a table's header: refused, or survived.
    #[test]
    fn random_tables_are_refused_or_survive(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let bytes = random_table_bytes(&mut rng);
        if let Ok(ToGuest::Table(t)) = ToGuest::decode(&bytes) {
            survive(&t, Hint::Parts, &mut rng);
        }
    }
}

/// A table's header in the protocol's version, then random bytes.
fn random_table_bytes(rng: &mut Rng) -> Vec<u8> {
    let len = rng.below(400) as usize;
    let mut bytes: Vec<u8> = vec![VERSION, 0x11];
    bytes.extend((0..len).map(|_| rng.next_u64() as u8));
    bytes
}

/// The random tables are read past their header: none is refused for its
/// version or type, and the refusals name many of the table's fields (a
/// header the protocol does not speak would stop every case at the first).
#[test]
fn random_tables_reach_past_the_header() {
    let mut rng = Rng::new(12);
    let mut fields = std::collections::BTreeSet::new();
    for _ in 0..5000 {
        match ToGuest::decode(&random_table_bytes(&mut rng)) {
            Err(Dropped::Version(v)) => panic!("refused for its version {v}"),
            Err(Dropped::Malformed(e)) => {
                let why = e.to_string();
                assert!(!why.contains("message type"), "{why}");
                fields.insert(why);
            }
            Err(other) => panic!("refused before reading: {other}"),
            Ok(_) => {}
        }
    }
    assert!(fields.len() >= 8, "refused at only {fields:?}");
}

#[test]
fn every_byte_of_real_tables_changed_to_every_value_is_refused_or_survives() {
    let mut rng = Rng::new(31);
    let (mut read, mut taken) = (0, 0);
    for kind in KINDS {
        // A table some way into a deal, its trick begun.
        let mut table = real_table(&mut rng);
        while table
            .deal
            .as_ref()
            .is_none_or(|d| d.game != kind || d.trick.plays.is_empty() || d.last_trick.is_none())
        {
            table = real_table(&mut rng);
        }
        let bytes = ToGuest::Table(Box::new(table)).encode();
        for i in 0..bytes.len() {
            for value in 0..=255u8 {
                let mut b = bytes.clone();
                b[i] = value;
                if let Ok(ToGuest::Table(t)) = ToGuest::decode(&b) {
                    read += 1;
                    taken += survive(&t, Hint::Parts, &mut rng) as u32;
                }
            }
        }
    }
    // Most changes that still read are refused; some (a name, the turn) are harmless.
    assert!(
        read > 1000 && taken > 0 && taken < read,
        "{taken} of {read} taken"
    );
}

/// The tables of the issue, each of which crashed a guest's page.
#[test]
fn the_tables_that_crashed_a_guests_page_are_refused() {
    let mut rng = Rng::new(8);
    let refused = |t: &GuestTable| -> ViewError {
        match t.to_game() {
            Err(TableError::View(e)) => e,
            other => panic!("not refused as a position: {:?}", other.map(|_| ())),
        }
    };
    // (a) Two players: the guest to answer a lead with rank 0 and no plays.
    let mut game = Game::new(Rules::parlett(GameKind::TwoPlayer), 0);
    game.start_deal(random_deck(GameKind::TwoPlayer, &mut rng), None)
        .unwrap();
    let mut a = host_table(&game, 0, None);
    for stage in [Stage::LeaderAnswer, Stage::Follow] {
        let v = a.deal.as_mut().unwrap();
        v.trick.stage = stage;
        v.trick.led_rank = 0;
        assert!(matches!(refused(&a), ViewError::Unreachable(_)));
    }
    // (b) A hand of 17 to 26 cards: one more than the game deals is refused.
    for extra in [1, 4, 13] {
        let mut b = host_table(&game, 0, None);
        let v = b.deal.as_mut().unwrap();
        let more: Vec<Card> = GameKind::TwoPlayer
            .deck()
            .iter()
            .filter(|c| !v.hand.contains(c))
            .take(extra)
            .collect();
        v.hand.extend(more);
        let len = v.hand.len();
        assert!(b.to_game().is_err(), "a hand of {len}");
    }
    // (c) Partnership: `last` set, no trick on the table, a last trick with no plays.
    let mut game = Game::new(Rules::parlett(GameKind::Partnership), 0);
    game.start_deal(random_deck(GameKind::Partnership, &mut rng), None)
        .unwrap();
    for _ in 0..4 {
        let mv = random_move(&game.legal_moves(), &mut rng);
        game.play(mv).unwrap();
    }
    let last = LastMove {
        seat: 0,
        mv: Move::Play(game.deal().unwrap().played().first().unwrap()),
        call: None,
    };
    let mut c = host_table(&game, 1, Some(last));
    assert!(c.to_game().is_ok(), "the real table is taken");
    let o = c.deal.as_mut().unwrap().last_trick.as_mut().unwrap();
    o.trick.plays.clear();
    o.trick.quacks = 0;
    let why = refused(&c);
    assert!(matches!(why, ViewError::Unreachable(_)), "{why}");
    for t in [&a, &c] {
        survive(t, Hint::Search, &mut rng);
    }
}

/// A guest's link takes every table the host sends that reads (its
/// channel keeps their order), and the table the page shows follows
/// (`page::guest::show_taken`): a newer table answers the move sent and is
/// counted; the same turn again (a seat's status), or a table of a turn
/// passed (a forged turn before it), answers nothing.
#[test]
fn a_guests_table_answers_its_move_only_when_newer() {
    use duck_soup::net::guest_link::{GuestLink, GuestNews};
    use duck_soup::page::guest::{show_taken, view};
    use duck_soup::page::i18n::Lang;
    use duck_soup::page::model::{MoveSent, Ui};
    let mut rng = Rng::new(37);
    let mut game = Game::new(Rules::parlett(GameKind::ThreePlayer), 0);
    game.start_deal(random_deck(GameKind::ThreePlayer, &mut rng), None)
        .unwrap();
    let seat = 1;
    let mut tables = vec![host_table(&game, seat, None)];
    for _ in 0..3 {
        let mover = game.to_move().unwrap();
        let mv = game.deal().unwrap().random_move(&mut rng);
        game.play(mv).unwrap();
        let last = LastMove {
            seat: mover,
            mv,
            call: None,
        };
        tables.push(host_table(&game, seat, Some(last)));
    }
    let mut link = GuestLink::new(*b"table1", seat, [1; 8], [2; 8]);
    let mut ui = Ui::default();
    let mut now = 0.0;
    let mut take = |link: &mut GuestLink, ui: &mut Ui, t: &GuestTable| {
        now += 1000.0;
        let bytes = ToGuest::Table(Box::new(t.clone())).encode();
        let news = link.receive(Ok(&bytes), now, &mut || None, &mut |_| true);
        let GuestNews::Table(taken) = news else {
            panic!("a real table is taken")
        };
        let shown = link.table.clone().unwrap();
        let seen = view(Lang::En, &shown, taken.game, seat);
        show_taken(Lang::En, ui, taken.how, seen, seat);
    };
    take(&mut link, &mut ui, &tables[0]);
    assert_eq!(
        ui.bottom, seat,
        "the first table shows the guest's seat at the bottom"
    );
    take(&mut link, &mut ui, &tables[2]);
    let moves = ui.moves;
    let sent = || {
        Some(MoveSent {
            words: "",
            card: None,
        })
    };
    ui.move_sent = sent();
    // The same turn again (a seat's status): taken, answering nothing.
    take(&mut link, &mut ui, &tables[2]);
    assert!(ui.move_sent.is_some() && ui.moves == moves);
    // A newer table answers the move sent.
    take(&mut link, &mut ui, &tables[3]);
    assert!(ui.move_sent.is_none() && ui.moves == moves + 1);
    // After a forged table of a far turn, the host's next table still shows.
    let mut forged = tables[3].clone();
    forged.turn = 1 << 30;
    take(&mut link, &mut ui, &forged);
    ui.move_sent = sent();
    take(&mut link, &mut ui, &tables[3]);
    assert_eq!(link.table.as_ref(), Some(&tables[3]));
    assert!(
        ui.move_sent.is_some(),
        "a table of a passed turn answers nothing"
    );
}

/// A guest at seat 2 of a three-player deal, its device's own table on
/// show until the host's comes (`page::guest_flow`).
struct GuestAt {
    game: Game,
    link: duck_soup::net::guest_link::GuestLink,
    table: duck_soup::page::table::Table,
    now: f64,
    rng: Rng,
}

impl GuestAt {
    const SEAT: u8 = 2;

    fn new() -> GuestAt {
        use duck_soup::page::model::Setup;
        let mut rng = Rng::new(41);
        let mut game = Game::new(Rules::parlett(GameKind::ThreePlayer), 0);
        game.start_deal(random_deck(GameKind::ThreePlayer, &mut rng), None)
            .unwrap();
        let own = Setup::default_for(GameKind::TwoPlayer);
        let table = duck_soup::page::table::Table::new(
            own.clone(),
            Game::new(own.rules, 0),
            0,
            Rng::new(1),
        );
        let link =
            duck_soup::net::guest_link::GuestLink::new(*b"table1", Self::SEAT, [1; 8], [2; 8]);
        GuestAt {
            game,
            link,
            table,
            now: 0.0,
            rng,
        }
    }

    /// The host's table of its game now, with `last`, through the guest's
    /// link and into the guest's table: what the page is asked to do.
    fn host_sends(
        &mut self,
        last: Option<LastMove>,
    ) -> Vec<duck_soup::page::guest_flow::GuestEffect> {
        self.now += 1000.0;
        let t = host_table(&self.game, Self::SEAT, last);
        let bytes = ToGuest::Table(Box::new(t)).encode();
        let news = self
            .link
            .receive(Ok(&bytes), self.now, &mut || None, &mut |_| true);
        self.table
            .guest_news(duck_soup::page::i18n::Lang::En, &self.link, news)
    }
}

/// A guest's table decided in the page's core (`page::guest_flow`): the
/// host's first table draws the table for its game from the guest's seat,
/// the guest's own seat played here and the others the host's; a move that
/// finishes a trick holds it, and a call goes on the banner.
#[test]
fn a_guests_table_follows_the_hosts_tables() {
    use duck_soup::engine::Call;
    use duck_soup::page::guest_flow::GuestEffect;
    use duck_soup::page::model::Player;
    let mut at = GuestAt::new();
    assert_eq!(
        at.host_sends(None),
        [
            GuestEffect::FirstTable(GameKind::ThreePlayer),
            GuestEffect::SeatPlayers,
            GuestEffect::Render
        ]
    );
    assert_eq!(at.table.ui.bottom, GuestAt::SEAT);
    assert_eq!(
        at.table.setup.players,
        [Player::Friend, Player::Friend, Player::Human],
        "the guest's own seat is played here; the host's and its computers' are not"
    );
    assert_eq!(at.table.game.kind(), GameKind::ThreePlayer);
    // Moves until one finishes a trick: held on the guest's table, its call on the banner.
    let effects = loop {
        let mover = at.game.to_move().unwrap();
        let mv = at.game.deal().unwrap().random_move(&mut at.rng);
        at.game.play(mv).unwrap();
        let last = LastMove {
            seat: mover,
            mv,
            call: Some(Call::Quack),
        };
        let effects = at.host_sends(Some(last));
        if at.game.deal().unwrap().trick().is_empty() {
            break effects;
        }
        assert!(!effects.contains(&GuestEffect::HoldTrick), "{effects:?}");
    };
    assert!(
        effects.contains(&GuestEffect::HoldTrick) && at.table.ui.held.is_some(),
        "{effects:?}"
    );
    assert!(
        effects
            .iter()
            .any(|e| matches!(e, GuestEffect::Call(Call::Quack, _))),
        "{effects:?}"
    );
    assert!(!effects
        .iter()
        .any(|e| matches!(e, GuestEffect::FirstTable(_))));
}

/// A guest's table decided in the page's core: a refusal is said once
/// while it stays the same; the host's refusal of a move gives the move
/// back; a move sent waits, one not sent is said; a fair deal's message
/// that changed nothing is a line for the console; a lost host is said and
/// no code is left to compare.
#[test]
fn a_guests_table_says_refusals_moves_and_a_lost_host() {
    use duck_soup::net::guest_link::GuestNews;
    use duck_soup::net::protocol::Reason;
    use duck_soup::page::guest_flow::GuestEffect;
    use duck_soup::page::i18n::{Lang, K};
    let lang = Lang::En;
    let mut at = GuestAt::new();
    at.host_sends(None);
    let (table, link) = (&mut at.table, &at.link);
    let refused = || GuestNews::Refused("a damaged message".into());
    assert_eq!(
        table.guest_news(lang, link, refused()),
        [GuestEffect::Render]
    );
    assert!(table
        .ui
        .message
        .as_deref()
        .unwrap()
        .contains("a damaged message"));
    assert_eq!(table.guest_news(lang, link, refused()), []);

    let mv = at.game.deal().unwrap().random_move(&mut at.rng);
    table.guest_moved(lang, mv, true);
    assert!(table.ui.move_sent.is_some() && table.ui.message.is_none());
    let refusal = GuestNews::MoveRefused {
        reason: Reason::Illegal,
        sent: Some(mv),
    };
    assert_eq!(table.guest_news(lang, link, refusal), [GuestEffect::Render]);
    assert!(table.ui.move_sent.is_none() && table.ui.message.is_some());
    table.guest_moved(lang, mv, false);
    assert_eq!(table.ui.message.as_deref(), Some(lang.t(K::MoveNotSent)));
    assert!(table.ui.move_sent.is_none());

    let fair = GuestNews::Fair(Some("seat 2: nothing".into()));
    assert_eq!(
        table.guest_news(lang, link, fair),
        [
            GuestEffect::Warn("seat 2: nothing".into()),
            GuestEffect::Render
        ]
    );

    for friend in table.ui.friends.iter_mut().flatten() {
        friend.code = Some("123 456".into());
    }
    table.host_lost(lang, true);
    assert_eq!(table.ui.message.as_deref(), Some(lang.t(K::HostLost)));
    assert!(table.ui.friends.iter().flatten().count() == 3);
    assert!(table.ui.friends.iter().flatten().all(|f| f.code.is_none()));
}
