//! Fuzzing the codec (`codec`), the one reader and writer of bytes under
//! record links, invites, online messages and the worker's questions.
//!
//! - Write then read is identity: any values written (numbers, texts,
//!   cards, game kinds, moves, a seat's view of a deal) read back the same,
//!   and nothing is left over.
//! - Any bytes read give a value or an error, never a panic; an error is
//!   one line; and a value read writes back to exactly the bytes it was
//!   read from (each value has one encoding, so nothing else reads as it).
//! - Any text given as a record link, an invite or a reply (made to pass
//!   the link's version and check, so that the reading goes deep) is read
//!   or refused in one line.
//!
//! CI runs a bounded number of cases (a few seconds). To fuzz longer, raise
//! `FUZZ_CASES`, e.g. `FUZZ_CASES=100000 cargo test --release --test fuzz_codec`.

mod common;

use common::*;
use duck_soup::codec::{self, b64, record_link, Error, Reader, Writer};
use duck_soup::engine::deal_view::{DealView, OutcomeView, TrickView};
use duck_soup::engine::record::{OptionFile, RulesFile};
use duck_soup::engine::{Card, Course, GameKind, Move, Pile, Stage, Suit};
use duck_soup::net::invite::{self, Invite, Reply};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;

fn config(cases: u32) -> ProptestConfig {
    cases_from_env("FUZZ_CASES", cases)
}

/// The longest text the values here hold, in bytes.
const MAX_TEXT: usize = 40;

/// One value of the codec's.
#[derive(Clone, Debug, PartialEq)]
enum Value {
    Byte(u8),
    Bool(bool),
    Varint(u64),
    U32(u32),
    Text(String),
    Card(Card),
    Cards(Vec<Card>),
    Game(GameKind),
    Move(Move),
}

/// What to read next.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Byte,
    Bool,
    Varint,
    U32,
    Text,
    Card,
    Cards,
    Game,
    Move,
}

const KINDS: [Kind; 9] = [
    Kind::Byte,
    Kind::Bool,
    Kind::Varint,
    Kind::U32,
    Kind::Text,
    Kind::Card,
    Kind::Cards,
    Kind::Game,
    Kind::Move,
];

fn kind_of(v: &Value) -> Kind {
    match v {
        Value::Byte(_) => Kind::Byte,
        Value::Bool(_) => Kind::Bool,
        Value::Varint(_) => Kind::Varint,
        Value::U32(_) => Kind::U32,
        Value::Text(_) => Kind::Text,
        Value::Card(_) => Kind::Card,
        Value::Cards(_) => Kind::Cards,
        Value::Game(_) => Kind::Game,
        Value::Move(_) => Kind::Move,
    }
}

fn write(w: &mut Writer, v: &Value) {
    match v {
        Value::Byte(b) => w.byte(*b),
        Value::Bool(b) => w.bool(*b),
        Value::Varint(n) => w.varint(*n),
        Value::U32(n) => w.varint((*n).into()),
        Value::Text(t) => w.text(t, MAX_TEXT),
        Value::Card(c) => w.card(*c),
        Value::Cards(c) => w.cards(c),
        Value::Game(g) => w.game(*g),
        Value::Move(m) => w.game_move(*m),
    }
}

fn read(r: &mut Reader, kind: Kind) -> Result<Value, Error> {
    Ok(match kind {
        Kind::Byte => Value::Byte(r.byte("a byte")?),
        Kind::Bool => Value::Bool(r.bool("a bool")?),
        Kind::Varint => Value::Varint(r.varint("a number")?),
        Kind::U32 => Value::U32(r.u32("a number")?),
        Kind::Text => Value::Text(r.text(MAX_TEXT, "a text")?),
        Kind::Card => Value::Card(r.card("a card")?),
        Kind::Cards => Value::Cards(r.cards("cards")?),
        Kind::Game => Value::Game(r.game("a game")?),
        Kind::Move => Value::Move(r.game_move("a move")?),
    })
}

fn card() -> impl Strategy<Value = Card> {
    (0u8..54).prop_map(Card::from_index)
}

fn game_move() -> impl Strategy<Value = Move> {
    prop_oneof![
        Just(Move::Concede),
        card().prop_map(Move::Play),
        (card(), 0u8..4).prop_map(|(c, s)| Move::LeadDuck(c, Suit::from_index(s))),
    ]
}

/// Any number, small ones (one or two bytes) as often as large ones.
fn number() -> impl Strategy<Value = u64> {
    prop_oneof![0u64..300, any::<u64>()]
}

/// Texts of up to 10 characters (so at most [`MAX_TEXT`] bytes), in any script.
fn text() -> impl Strategy<Value = String> {
    "\\PC{0,10}"
}

fn value() -> impl Strategy<Value = Value> {
    prop_oneof![
        any::<u8>().prop_map(Value::Byte),
        any::<bool>().prop_map(Value::Bool),
        number().prop_map(Value::Varint),
        any::<u32>().prop_map(Value::U32),
        text().prop_map(Value::Text),
        card().prop_map(Value::Card),
        vec(card(), 0..20).prop_map(Value::Cards),
        select(GameKind::ALL.to_vec()).prop_map(Value::Game),
        game_move().prop_map(Value::Move),
    ]
}

fn seat() -> impl Strategy<Value = u8> {
    0u8..4
}

fn pile() -> impl Strategy<Value = Pile> {
    (any::<u16>(), any::<u16>()).prop_map(|(down, up)| Pile { down, up })
}

fn course() -> impl Strategy<Value = Course> {
    select(Course::ALL.to_vec())
}

fn trick() -> impl Strategy<Value = TrickView> {
    let stages = vec![
        Stage::Lead,
        Stage::Follow,
        Stage::LeaderAnswer,
        Stage::FollowerAnswer,
        Stage::Discard,
    ];
    (
        vec((seat(), card()), 0..=6),
        0u8..4,
        0u8..14,
        any::<u8>(),
        select(stages),
    )
        .prop_map(|(plays, suit, led_rank, quacks, stage)| TrickView {
            plays,
            led_suit: Suit::from_index(suit),
            led_rank,
            quacks,
            stage,
        })
}

/// Rules as a view carries them (ASCII words; the reader takes 96 bytes).
fn rules_file() -> impl Strategy<Value = RulesFile> {
    let words = "[\\x00-\\x7f]{0,24}";
    let value = prop_oneof![
        words.prop_map(OptionFile::Word),
        any::<u32>().prop_map(|n| OptionFile::Number(n.into())),
        Just(OptionFile::Other),
    ];
    prop_oneof![
        Just(RulesFile::Absent),
        words.prop_map(RulesFile::Preset),
        vec((words, value), 0..6).prop_map(RulesFile::Options),
    ]
}

/// Any view the bytes can carry: each field within the range its reader
/// takes, whether or not it is a position of the game.
fn deal_view() -> impl Strategy<Value = DealView> {
    let seats = (seat(), seat(), seat(), seat(), any::<[bool; 4]>());
    let stock = (any::<u8>(), any::<u8>());
    let cards = (
        vec(card(), 0..27),
        vec(card(), 0..54),
        [
            vec(card(), 0..4),
            vec(card(), 0..4),
            vec(card(), 0..4),
            vec(card(), 0..4),
        ],
    );
    let last = proptest::option::of((trick(), seat(), seat(), pile(), course()).prop_map(
        |(trick, winner, keeper, stored, course)| OutcomeView {
            trick,
            winner,
            keeper,
            stored,
            course,
        },
    ));
    let table = (
        trick(),
        course(),
        [
            [pile(), pile(), pile(), pile()],
            [pile(), pile(), pile(), pile()],
        ],
        last,
        [0u8..16, 0u8..16, 0u8..16, 0u8..16],
    );
    (
        select(GameKind::ALL.to_vec()),
        rules_file(),
        seats,
        stock,
        cards,
        table,
    )
        .prop_map(
            |(game, rules, (seat, dealer, leader, to_move, high), stock, cards, table)| {
                let (hand, played, kept_quacks) = cards;
                let (trick, course, piles, last_trick, voids) = table;
                DealView {
                    seat,
                    game,
                    rules,
                    dealer,
                    high,
                    hand,
                    stock_next: stock.0,
                    stock_end: stock.1,
                    leader,
                    to_move,
                    trick,
                    course,
                    piles,
                    kept_quacks,
                    played,
                    last_trick,
                    voids,
                }
            },
        )
}

/// Link text that passes the version and the check: `head`, then `body`,
/// then the check of both.
fn checked_link(head: &[u8], body: &[u8]) -> String {
    let mut bytes = head.to_vec();
    bytes.extend_from_slice(body);
    let sum = codec::check(&bytes);
    bytes.extend_from_slice(&sum);
    b64::encode(&bytes)
}

fn one_line(e: &impl std::fmt::Display) -> bool {
    let text = e.to_string();
    !text.is_empty() && !text.contains('\n')
}

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn values_written_read_back_the_same(values in vec(value(), 0..16)) {
        let mut w = Writer::new();
        for v in &values {
            write(&mut w, v);
        }
        let bytes = w.into_bytes();
        let mut r = Reader::new(&bytes);
        for v in &values {
            let back = read(&mut r, kind_of(v));
            prop_assert_eq!(back.as_ref(), Ok(v));
        }
        prop_assert_eq!(r.end(), Ok(()));
    }

    #[test]
    fn any_bytes_read_as_values_that_write_back_the_same_or_are_refused(
        bytes in vec(any::<u8>(), 0..80),
        kinds in vec(select(KINDS.to_vec()), 1..24),
    ) {
        let mut r = Reader::new(&bytes);
        for kind in kinds {
            let start = bytes.len() - r.left();
            match read(&mut r, kind) {
                Ok(v) => {
                    let end = bytes.len() - r.left();
                    let mut w = Writer::new();
                    write(&mut w, &v);
                    prop_assert_eq!(w.as_bytes(), &bytes[start..end], "{:?}", v);
                }
                Err(e) => {
                    prop_assert!(one_line(&e), "{}", e);
                    break;
                }
            }
        }
    }

    #[test]
    fn a_view_written_reads_back_the_same(view in deal_view()) {
        let mut w = Writer::new();
        w.deal_view(&view);
        let bytes = w.into_bytes();
        let mut r = Reader::new(&bytes);
        prop_assert_eq!(r.deal_view(), Ok(view));
        prop_assert_eq!(r.end(), Ok(()));
        // Cut anywhere, it is refused as cut short.
        for cut in 0..bytes.len() {
            let read = Reader::new(&bytes[..cut]).deal_view();
            prop_assert!(matches!(read, Err(Error::Short(_))), "cut at {}: {:?}", cut, read);
        }
    }

    #[test]
    fn any_bytes_read_as_a_view_that_writes_back_the_same_or_are_refused(
        view in deal_view(),
        changes in vec((any::<prop::sample::Index>(), any::<u8>()), 0..4),
        noise in vec(any::<u8>(), 0..300),
    ) {
        // A real encoding changed here and there, and bytes at random.
        let mut w = Writer::new();
        w.deal_view(&view);
        let mut changed = w.into_bytes();
        for (at, value) in changes {
            let i = at.index(changed.len());
            changed[i] = value;
        }
        for bytes in [changed, noise] {
            let mut r = Reader::new(&bytes);
            match r.deal_view() {
                Ok(v) => {
                    let mut w = Writer::new();
                    w.deal_view(&v);
                    let end = bytes.len() - r.left();
                    prop_assert_eq!(w.as_bytes(), &bytes[..end]);
                    // Reading it as a deal refuses it or makes one, never a panic.
                    if let Err(e) = v.to_reachable_deal() {
                        prop_assert!(one_line(&e), "{}", e);
                    }
                }
                Err(e) => prop_assert!(one_line(&e), "{}", e),
            }
        }
    }

    #[test]
    fn any_record_link_is_read_or_refused_in_one_line(
        head in vec(any::<u8>(), 0..3),
        body in vec(any::<u8>(), 0..120),
        text in "\\PC{0,40}",
    ) {
        let mut link_head = vec![record_link::VERSION];
        link_head.extend(head);
        for link in [checked_link(&link_head, &body), b64::encode(&body), text] {
            if let Err(e) = record_link::unpack(&link) {
                prop_assert!(one_line(&e), "{}", e);
            }
        }
    }

    #[test]
    fn any_invite_or_reply_is_read_or_refused_in_one_line(
        kind in 0u8..3,
        body in vec(any::<u8>(), 0..160),
        text in "\\PC{0,40}",
    ) {
        for link in [checked_link(&[invite::VERSION, kind], &body), b64::encode(&body), text] {
            if let Err(e) = Invite::unpack(&link) {
                prop_assert!(one_line(&e), "{}", e);
            }
            if let Err(e) = Reply::unpack(&link) {
                prop_assert!(one_line(&e), "{}", e);
            }
        }
    }
}

#[test]
fn each_game_kind_has_one_code_and_each_code_one_game_kind() {
    for (code, game) in GameKind::ALL.into_iter().enumerate() {
        assert_eq!(codec::game_code(game), code as u8);
        assert_eq!(codec::game_of_code(code as u8), Some(game));
    }
    for code in 3..=255 {
        assert_eq!(codec::game_of_code(code), None);
    }
}

#[test]
fn numbers_have_one_encoding_and_no_more_than_64_bits() {
    let read = |bytes: &[u8]| {
        let mut r = Reader::new(bytes);
        r.varint("n").and_then(|n| r.end().map(|()| n))
    };
    assert_eq!(read(&[0]), Ok(0));
    assert_eq!(read(&[0x7f]), Ok(127));
    assert_eq!(read(&[0x80, 0x01]), Ok(128));
    assert_eq!(
        read(&[0xff; 9].iter().chain(&[0x01]).copied().collect::<Vec<_>>()),
        Ok(u64::MAX)
    );
    // A longer form than needed, a 65th bit, an 11th byte, and no end.
    assert_eq!(read(&[0x80, 0x00]), Err(Error::Invalid("n")));
    assert_eq!(
        read(&[0xff; 9].iter().chain(&[0x02]).copied().collect::<Vec<_>>()),
        Err(Error::Invalid("n"))
    );
    assert_eq!(
        read(
            &[0x80; 10]
                .iter()
                .chain(&[0x01])
                .copied()
                .collect::<Vec<_>>()
        ),
        Err(Error::Invalid("n"))
    );
    assert_eq!(read(&[0x80]), Err(Error::Short("n")));
    // A count beyond its bound, a text cut at a character's boundary.
    let mut w = Writer::new();
    w.count(5);
    assert_eq!(
        Reader::new(w.as_bytes()).count(4, "count"),
        Err(Error::Invalid("count"))
    );
    let mut w = Writer::new();
    w.text("añb", 2);
    assert_eq!(
        Reader::new(w.as_bytes()).text(2, "text"),
        Ok("a".to_string())
    );
    // Text that is not UTF-8, and a rules word that is not ASCII.
    assert_eq!(
        Reader::new(&[2, 0xc3, 0x28]).text(9, "text"),
        Err(Error::Invalid("text"))
    );
    let mut w = Writer::new();
    w.rules_file(&RulesFile::Preset("familé".into()));
    assert_eq!(
        Reader::new(w.as_bytes()).rules_file(),
        Err(Error::Invalid("the rules' preset"))
    );
}
