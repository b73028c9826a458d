//! Fair deals on the wire (`net::fair_flow`, `net::wire`): the host's and
//! the guests' steps played natively over the messages' bytes. An honest
//! host's deal checks on every guest's page in every game; messages in any
//! order, again, late or for another deal change nothing they should not;
//! hostile bytes are refused in one line; a host that deals other cards
//! than it committed to, or reveals another secret, is caught every time.

use duck_soup::engine::rng::{secret_deck, Rng};
use duck_soup::engine::{Card, Game, GameKind, Rules};
use duck_soup::net::fair::{Commitment, Contribution, Random, Reveal, Unfair};
use duck_soup::net::fair_flow::{GuestFair, HostDeal, HostStage, Ignored, Part, Verdict, Words};
use duck_soup::net::protocol::{guest_table, turn_of, LastMove, ToGuest, ToHost};

const TABLE: [u8; 6] = *b"tbl-01";

fn random(rng: &mut Rng) -> Random {
    std::array::from_fn(|_| rng.below(256) as u8)
}

/// A message through its bytes, as it crosses the channel.
fn to_guest(m: &ToGuest) -> ToGuest {
    ToGuest::decode(&m.encode()).expect("the host's message reads back")
}

fn to_host(m: &ToHost) -> ToHost {
    ToHost::decode(&m.encode()).expect("the guest's message reads back")
}

/// How the host cheats, if it does.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Cheat {
    None,
    /// Deals the deck of another secret than the one committed to.
    OtherDeck,
    /// Reveals another secret than the one committed to.
    OtherSecret,
    /// Reveals the guests' parts in another order.
    PartsReordered,
}

/// A game with friends played natively: the host's game and fair deal, and
/// each friend seat's guest with what it was sent.
struct Sim {
    game: Game,
    friends: Vec<u8>,
    guests: Vec<(u8, GuestFair)>,
    rng: Rng,
    verdicts: Vec<(u8, Verdict)>,
}

impl Sim {
    fn new(kind: GameKind, friends: &[u8], seed: u64) -> Sim {
        let mut rng = Rng::new(seed);
        let dealer = rng.below(kind.seats() as u32) as u8;
        let game = Game::new(Rules::parlett(kind), dealer);
        let guests = friends
            .iter()
            .map(|&s| (s, GuestFair::new(TABLE, s)))
            .collect();
        let mut sim = Sim {
            game,
            friends: friends.to_vec(),
            guests,
            rng,
            verdicts: Vec::new(),
        };
        // The game's first deals, made before any guest connected: as
        // today (none ends the game, so that a fair deal follows).
        loop {
            let mut before = sim.game.clone();
            let words: Words = std::array::from_fn(|_| sim.rng.next_u64());
            sim.deal(secret_deck(kind, &words));
            if !sim.game.is_over() {
                return sim;
            }
            // (A game that ended: its deal is dealt again from other words.)
            std::mem::swap(&mut before, &mut sim.game);
        }
    }

    /// Every guest is sent its table (through the bytes) and records it.
    fn broadcast(&mut self, last: Option<LastMove>) {
        let turn = turn_of(&self.game);
        let n = self.game.kind().seats();
        for (seat, guest) in &mut self.guests {
            let mut t = guest_table(
                &self.game,
                *seat,
                turn,
                &vec![String::new(); n],
                &vec![true; n],
            );
            t.last = last;
            let ToGuest::Table(t) = to_guest(&ToGuest::Table(Box::new(t))) else {
                panic!("a table")
            };
            let game = t.to_game().expect("an honest table reads");
            if let Some(v) = guest.table(&t, &game) {
                self.verdicts.push((*seat, v));
            }
        }
    }

    fn play_to_end(&mut self) {
        while self.game.in_deal() {
            let d = self.game.deal().expect("a deal");
            let seat = d.to_move();
            let mv = d.random_move(&mut self.rng);
            self.game.play(mv).expect("a legal move");
            self.broadcast(Some(LastMove {
                seat,
                mv,
                call: None,
            }));
        }
    }

    fn deal_number(&self) -> u32 {
        self.game.log().len() as u32
    }

    /// The host begins the next deal: commits, the guests answer (all but
    /// `silent`), and the deck is made.
    fn begin(&mut self, connected: &[u8], silent: &[u8]) -> (HostDeal, Random, Words) {
        let secret = random(&mut self.rng);
        let friends: Vec<(u8, bool)> = self
            .friends
            .iter()
            .map(|&s| (s, connected.contains(&s)))
            .collect();
        let deal = self.deal_number();
        let (mut host, sends, mut words) = HostDeal::begin(TABLE, deal, secret, &friends);
        let mut answers = Vec::new();
        for (seat, commit) in sends {
            let ToGuest::Commit { deal, commitment } = to_guest(&commit) else {
                panic!("a commitment")
            };
            let fresh = random(&mut self.rng);
            let guest = self.guest(seat);
            let answer = guest.commit(deal, commitment, fresh).expect("answered");
            if !silent.contains(&seat) {
                answers.push((seat, to_host(&answer)));
            }
        }
        for (seat, answer) in answers {
            let ToHost::Randomness { deal, random } = answer else {
                panic!("randomness")
            };
            let dealt = host.randomness(seat, deal, random).expect("awaited");
            assert!(words.is_none() || dealt.is_none(), "dealt twice");
            words = words.or(dealt);
        }
        if words.is_none() {
            assert_eq!(host.stage(), HostStage::Awaiting);
            words = host.timeout(deal);
        }
        (host, secret, words.expect("the deck is made"))
    }

    fn guest(&mut self, seat: u8) -> &mut GuestFair {
        &mut self
            .guests
            .iter_mut()
            .find(|(s, _)| *s == seat)
            .expect("a guest")
            .1
    }

    /// Deals `deck` and plays it to its end, every table to every guest.
    fn deal(&mut self, deck: Vec<Card>) {
        self.game.start_deal(deck, None).expect("a deck");
        self.broadcast(None);
        self.play_to_end();
    }

    /// The reveal sent to every guest (through the bytes).
    fn reveal(&mut self, message: ToGuest) {
        let ToGuest::Reveal { deal, reveal } = to_guest(&message) else {
            panic!("a reveal")
        };
        for i in 0..self.guests.len() {
            let (seat, guest) = &mut self.guests[i];
            if let Ok(Some(v)) = guest.reveal(deal, reveal.clone()) {
                self.verdicts.push((*seat, v));
            }
        }
    }

    /// One whole fair deal with the host cheating as `cheat`.
    fn fair_deal(&mut self, cheat: Cheat) {
        let kind = self.game.kind();
        let friends = self.friends.clone();
        let (mut host, _, words) = self.begin(&friends, &[]);
        let mut deck = secret_deck(kind, &words);
        if cheat == Cheat::OtherDeck {
            let other: Words = std::array::from_fn(|_| self.rng.next_u64());
            deck = secret_deck(kind, &other);
        }
        self.deal(deck);
        let mut reveal = host.over().expect("revealed once the deal is over");
        assert!(host.over().is_none(), "revealed once");
        if let ToGuest::Reveal { reveal: r, .. } = &mut reveal {
            match cheat {
                Cheat::OtherSecret => r.secret[0] ^= 1,
                Cheat::PartsReordered => r.guests.reverse(),
                _ => {}
            }
        }
        self.reveal(reveal);
    }
}

fn friends_of(kind: GameKind) -> Vec<Vec<u8>> {
    match kind {
        GameKind::TwoPlayer => vec![vec![1]],
        GameKind::ThreePlayer => vec![vec![1], vec![1, 2]],
        GameKind::Partnership => vec![vec![2], vec![1, 3], vec![1, 2, 3]],
    }
}

#[test]
fn an_honest_hosts_deals_check_on_every_guests_page_in_every_game() {
    for kind in GameKind::ALL {
        for friends in friends_of(kind) {
            for seed in 0..6 {
                let mut sim = Sim::new(kind, &friends, seed);
                sim.verdicts.clear();
                sim.fair_deal(Cheat::None);
                let deal = sim.deal_number() - 1;
                let mut said: Vec<u8> = sim.verdicts.iter().map(|(s, _)| *s).collect();
                said.sort();
                assert_eq!(said, friends, "{kind} {friends:?} seed {seed}");
                for (seat, v) in sim.verdicts.clone() {
                    assert_eq!(
                        v,
                        Verdict::Checked { deal },
                        "{kind} seat {seat} seed {seed}"
                    );
                    assert_eq!(sim.guest(seat).shown(), Some(Verdict::Checked { deal }));
                }
            }
        }
    }
}

/// A deal begun before the guest connected (or while its page was away, or
/// on a host page that reloaded) holds no commitment on its page: it is
/// shown as not checked, never as an alarm.
#[test]
fn a_deal_begun_before_the_guest_connected_is_shown_not_checked() {
    let mut sim = Sim::new(GameKind::TwoPlayer, &[1], 3);
    assert!(sim.verdicts.is_empty());
    let deal = sim.deal_number() - 1;
    assert_eq!(sim.guest(1).shown(), Some(Verdict::NotChecked { deal }));
    assert!(sim.guest(1).failed().is_empty());
}

/// "Deal checked" names the latest deal: a later deal whose first table
/// comes with no commitment takes the mark down and is shown not checked;
/// the next commitment clears that too, and its deal checks.
#[test]
fn a_later_deal_without_its_commitment_takes_the_checked_mark_down() {
    for kind in GameKind::ALL {
        for friends in friends_of(kind) {
            let mut sim = Sim::new(kind, &friends, 11);
            sim.fair_deal(Cheat::None);
            let checked = sim.deal_number() - 1;
            for &seat in &friends {
                assert_eq!(
                    sim.guest(seat).shown(),
                    Some(Verdict::Checked { deal: checked })
                );
            }
            if sim.game.is_over() {
                continue;
            }
            // The host deals the next deal with no commitment sent.
            let words: Words = std::array::from_fn(|_| sim.rng.next_u64());
            sim.game
                .start_deal(secret_deck(kind, &words), None)
                .expect("a deck");
            sim.broadcast(None);
            for &seat in &friends {
                assert_eq!(
                    sim.guest(seat).shown(),
                    Some(Verdict::NotChecked { deal: checked + 1 }),
                    "{kind} seat {seat}"
                );
            }
            sim.play_to_end();
            if sim.game.is_over() {
                continue;
            }
            sim.verdicts.clear();
            sim.fair_deal(Cheat::None);
            let deal = sim.deal_number() - 1;
            for &seat in &friends {
                assert_eq!(sim.guest(seat).shown(), Some(Verdict::Checked { deal }));
                assert!(sim.guest(seat).failed().is_empty());
            }
        }
    }
}

#[test]
fn a_host_that_deals_other_cards_or_reveals_another_secret_is_caught_every_time() {
    for kind in GameKind::ALL {
        for friends in friends_of(kind) {
            for seed in 0..8 {
                let mut cheats = vec![Cheat::OtherDeck, Cheat::OtherSecret];
                if friends.len() > 1 {
                    cheats.push(Cheat::PartsReordered);
                }
                for cheat in cheats {
                    let mut sim = Sim::new(kind, &friends, seed + 100);
                    sim.verdicts.clear();
                    sim.fair_deal(cheat);
                    let deal = sim.deal_number() - 1;
                    for (seat, v) in &sim.verdicts {
                        let caught = matches!(v, Verdict::Unfair { deal: d, .. } if *d == deal);
                        assert!(
                            caught,
                            "{kind} {friends:?} seed {seed} {cheat:?} seat {seat}: {v:?}"
                        );
                    }
                    if cheat == Cheat::OtherSecret {
                        for (_, v) in &sim.verdicts {
                            assert_eq!(
                                *v,
                                Verdict::Unfair {
                                    deal,
                                    why: Unfair::NotCommitted
                                }
                            );
                        }
                    }
                    assert_eq!(sim.verdicts.len(), friends.len());
                }
            }
        }
    }
}

/// A card of a guest's own hand swapped for any card dealt elsewhere: that
/// guest's alarm, every time.
#[test]
fn a_card_of_the_guests_hand_swapped_is_caught_on_its_page() {
    for kind in GameKind::ALL {
        for seed in 0..10 {
            let mut sim = Sim::new(kind, &[1], seed + 300);
            let (mut host, _, words) = sim.begin(&[1], &[]);
            let mut deck = secret_deck(kind, &words);
            // A card seat 1 is dealt, swapped with one it is not.
            let dealer = sim.game.first_dealer();
            let _ = dealer;
            let mut probe = sim.game.clone();
            probe.start_deal(deck.clone(), None).expect("a deck");
            let hand = probe.deal().expect("dealt").hand(1);
            let mine: Vec<usize> = (0..deck.len())
                .filter(|&i| hand.contains(deck[i]))
                .collect();
            let others: Vec<usize> = (0..deck.len())
                .filter(|&i| !hand.contains(deck[i]))
                .collect();
            let i = mine[seed as usize % mine.len()];
            let j = others[(seed as usize * 5) % others.len()];
            deck.swap(i, j);
            sim.verdicts.clear();
            sim.deal(deck);
            let reveal = host.over().expect("over");
            sim.reveal(reveal);
            let deal = sim.deal_number() - 1;
            assert_eq!(
                sim.verdicts,
                vec![(
                    1,
                    Verdict::Unfair {
                        deal,
                        why: Unfair::OtherCards { at: 0 }
                    }
                )],
                "{kind} seed {seed}"
            );
            // Kept: the next deal's commitment does not clear the alarm.
            let next = Commitment([9; 32]);
            sim.guest(1)
                .commit(deal + 1, next, [1; 32])
                .expect("answered");
            assert!(matches!(sim.guest(1).shown(), Some(Verdict::Unfair { .. })));
        }
    }
}

#[test]
fn a_reveal_before_the_deals_end_is_held_and_checked_at_the_end() {
    let mut sim = Sim::new(GameKind::ThreePlayer, &[1, 2], 5);
    let (host, secret, words) = sim.begin(&[1, 2], &[]);
    let kind = sim.game.kind();
    sim.game
        .start_deal(secret_deck(kind, &words), None)
        .expect("a deck");
    sim.broadcast(None);
    // The secret, sent after the first card: held, nothing shown yet.
    let d = sim.game.deal().expect("a deal");
    let (seat, mv) = (d.to_move(), d.random_move(&mut sim.rng));
    sim.game.play(mv).unwrap();
    sim.broadcast(Some(LastMove {
        seat,
        mv,
        call: None,
    }));
    let reveal = Reveal {
        secret,
        guests: host
            .parts()
            .iter()
            .map(|(_, p)| match p {
                Part::Sent(r) => Contribution::Sent(*r),
                _ => Contribution::Absent,
            })
            .collect(),
    };
    sim.verdicts.clear();
    let deal = host.deal();
    sim.reveal(ToGuest::Reveal {
        deal,
        reveal: reveal.clone(),
    });
    assert!(sim.verdicts.is_empty(), "nothing checked before the end");
    assert_eq!(sim.guest(1).shown(), None);
    // A second reveal meanwhile changes nothing.
    assert_eq!(sim.guest(1).reveal(deal, reveal), Err(Ignored::Again));
    sim.play_to_end();
    assert_eq!(sim.verdicts.len(), 2);
    assert!(sim
        .verdicts
        .iter()
        .all(|(_, v)| *v == Verdict::Checked { deal }));
}

#[test]
fn duplicates_strays_and_late_randomness_change_nothing() {
    let mut sim = Sim::new(GameKind::Partnership, &[1, 3], 9);
    let deal = sim.deal_number();
    let secret = [4u8; 32];
    let (mut host, sends, words) = HostDeal::begin(TABLE, deal, secret, &[(1, true), (3, true)]);
    assert!(words.is_none(), "waits for two guests");
    assert_eq!(sends.len(), 2);
    let ToGuest::Commit { commitment, .. } = sends[0].1 else {
        panic!("a commitment")
    };
    // The guest answers one commitment a deal: the same or another again is refused.
    let answer = sim.guest(1).commit(deal, commitment, [1; 32]).unwrap();
    assert_eq!(
        sim.guest(1).commit(deal, commitment, [2; 32]),
        Err(Ignored::Again)
    );
    assert_eq!(
        sim.guest(1).commit(deal, Commitment([0; 32]), [2; 32]),
        Err(Ignored::Again)
    );
    // A commitment for a deal already begun is refused.
    assert_eq!(
        sim.guest(3).commit(deal - 1, commitment, [2; 32]),
        Err(Ignored::AfterTheDeal)
    );
    let ToHost::Randomness { random, .. } = answer else {
        panic!("randomness")
    };
    // Randomness for another deal, from a seat not a friend's, then seat 1's
    // twice: only the first of seat 1's counts.
    assert_eq!(
        host.randomness(1, deal + 1, random),
        Err(Ignored::OtherDeal)
    );
    assert_eq!(host.randomness(2, deal, random), Err(Ignored::NotAwaited));
    assert_eq!(host.randomness(1, deal, random), Ok(None));
    assert_eq!(host.randomness(1, deal, [7; 32]), Err(Ignored::Again));
    assert_eq!(host.stage(), HostStage::Awaiting);
    // Seat 3 stays silent: the wait ends, and the deck is made without it.
    assert_eq!(host.timeout(deal + 1), None, "another deal's timeout");
    let words = host.timeout(deal).expect("dealt at the wait's end");
    assert_eq!(host.timeout(deal), None, "dealt once");
    assert_eq!(host.randomness(3, deal, [8; 32]), Err(Ignored::Late));
    assert_eq!(host.stage(), HostStage::Dealt);
    // The deck is the one of the secret, seat 1's part and seat 3 absent.
    let expected = duck_soup::net::fair::fair_words(
        duck_soup::net::fair::DealId { game: &TABLE, deal },
        &secret,
        &[Contribution::Sent(random), Contribution::Absent],
    );
    assert_eq!(words, expected);
    // A guest lost while awaited is absent at once.
    let (mut host2, _, none) = HostDeal::begin(TABLE, deal, secret, &[(1, true), (3, true)]);
    assert!(none.is_none());
    assert_eq!(host2.lost(3), None);
    assert!(host2.randomness(1, deal, random).unwrap().is_some());
}

/// Decision 15 (docs/decisions.md): a guest silent until the wait's end is
/// absent, its randomness coming later changes nothing, and it sees the
/// alarm at the reveal (it cannot tell its part left out from one that
/// came late); the others' checks hold.
#[test]
fn decision_15_a_silent_guest_is_absent_and_the_others_deal_checks() {
    let mut sim = Sim::new(GameKind::Partnership, &[1, 2, 3], 11);
    let (mut host, _, words) = sim.begin(&[1, 2, 3], &[2]);
    assert_eq!(host.parts()[1], (2, Part::Absent));
    assert_eq!(host.randomness(2, host.deal(), [1; 32]), Err(Ignored::Late));
    let kind = sim.game.kind();
    sim.verdicts.clear();
    sim.deal(secret_deck(kind, &words));
    let reveal = host.over().unwrap();
    sim.reveal(reveal);
    let deal = sim.deal_number() - 1;
    for (seat, v) in &sim.verdicts {
        match seat {
            2 => assert_eq!(
                *v,
                Verdict::Unfair {
                    deal,
                    why: Unfair::OwnRandomnessLeftOut
                }
            ),
            _ => assert_eq!(*v, Verdict::Checked { deal }),
        }
    }
    assert_eq!(sim.verdicts.len(), 3);
}

/// A guest not connected when the deal began is absent: nothing is awaited
/// from it, and with no guest connected the deck is made at once.
#[test]
fn with_no_guest_connected_the_deal_is_made_at_once() {
    let (host, sends, words) = HostDeal::begin(TABLE, 1, [3; 32], &[(1, false)]);
    assert!(sends.is_empty());
    assert!(words.is_some());
    assert_eq!(host.stage(), HostStage::Dealt);
    let (_, sends, words) = HostDeal::begin(TABLE, 1, [3; 32], &[]);
    assert!(sends.is_empty() && words.is_some());
}

#[test]
fn a_deal_never_revealed_is_kept_as_unfair_at_the_next_commitment() {
    let mut sim = Sim::new(GameKind::TwoPlayer, &[1], 13);
    let (_, _, words) = sim.begin(&[1], &[]);
    let kind = sim.game.kind();
    sim.deal(secret_deck(kind, &words));
    let deal = sim.deal_number() - 1;
    assert_eq!(sim.guest(1).shown(), None, "nothing before the reveal");
    sim.begin(&[1], &[]);
    assert_eq!(
        sim.guest(1).failed(),
        &[(deal, Unfair::NotRevealed)],
        "the deal before was never revealed"
    );
}

#[test]
fn a_table_missed_leaves_the_deal_unchecked_and_says_so() {
    let mut sim = Sim::new(GameKind::TwoPlayer, &[1], 17);
    let (mut host, _, words) = sim.begin(&[1], &[]);
    let kind = sim.game.kind();
    sim.game
        .start_deal(secret_deck(kind, &words), None)
        .expect("a deck");
    sim.broadcast(None);
    // Two moves, and the table between them never sent.
    for _ in 0..2 {
        let d = sim.game.deal().unwrap();
        let mv = d.random_move(&mut sim.rng);
        sim.game.play(mv).unwrap();
    }
    let d = sim.game.deal().unwrap();
    let (seat, mv) = (d.to_move(), d.random_move(&mut sim.rng));
    sim.game.play(mv).unwrap();
    sim.broadcast(Some(LastMove {
        seat,
        mv,
        call: None,
    }));
    sim.play_to_end();
    sim.verdicts.clear();
    let reveal = host.over().unwrap();
    sim.reveal(reveal);
    let deal = sim.deal_number() - 1;
    assert_eq!(
        sim.verdicts,
        vec![(
            1,
            Verdict::Unfair {
                deal,
                why: Unfair::Incomplete
            }
        )]
    );
}

/// The same table id, a new game: its deals are numbered from the start
/// again, and a guest answers and checks them.
#[test]
fn a_new_games_deals_check_too() {
    let mut sim = Sim::new(GameKind::TwoPlayer, &[1], 19);
    sim.fair_deal(Cheat::None);
    let kind = sim.game.kind();
    loop {
        sim.game = Game::new(Rules::parlett(kind), 0);
        let words: Words = std::array::from_fn(|_| sim.rng.next_u64());
        sim.deal(secret_deck(kind, &words));
        if !sim.game.is_over() {
            break;
        }
    }
    sim.verdicts.clear();
    sim.fair_deal(Cheat::None);
    assert_eq!(sim.verdicts, vec![(1, Verdict::Checked { deal: 1 })]);
}

/// The new messages' bytes: every one cut short, with a byte changed to
/// every value or with a byte more, is refused in one line or read as
/// another message of its type, never a panic; wrong lengths are named.
#[test]
fn hostile_fair_deal_bytes_are_refused_in_one_line() {
    let commit = ToGuest::Commit {
        deal: 3,
        commitment: Commitment([0xab; 32]),
    };
    let reveal = ToGuest::Reveal {
        deal: 3,
        reveal: Reveal {
            secret: [5; 32],
            guests: vec![Contribution::Sent([6; 32]), Contribution::Absent],
        },
    };
    let randomness = ToHost::Randomness {
        deal: 3,
        random: [7; 32],
    };
    for bytes in [commit.encode(), reveal.encode()] {
        assert_eq!(
            ToGuest::decode(&bytes).map(|m| m.encode()),
            Ok(bytes.clone())
        );
        for cut in 0..bytes.len() {
            let why = ToGuest::decode(&bytes[..cut]).expect_err("cut short");
            assert!(!why.to_string().contains('\n'));
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(ToGuest::decode(&longer).is_err(), "a byte more");
        for i in 0..bytes.len() {
            for v in 0..=255u8 {
                let mut b = bytes.clone();
                b[i] = v;
                if let Ok(m) = ToGuest::decode(&b) {
                    assert_eq!(m.encode(), b, "read back as written");
                }
            }
        }
    }
    let bytes = randomness.encode();
    assert_eq!(ToHost::decode(&bytes), Ok(randomness));
    for cut in 0..bytes.len() {
        assert!(ToHost::decode(&bytes[..cut]).is_err());
    }
    let mut longer = bytes.clone();
    longer.push(1);
    assert!(ToHost::decode(&longer).is_err());
    // 31 bytes of randomness: the field is named.
    let short = &bytes[..bytes.len() - 1];
    let why = ToHost::decode(short).unwrap_err().to_string();
    assert!(why.contains("randomness"), "{why}");
    // A reveal naming more parts than a table has friend seats (three), or a
    // part's mark that is neither absent nor sent.
    let four = ToGuest::Reveal {
        deal: 3,
        reveal: Reveal {
            secret: [5; 32],
            guests: vec![Contribution::Absent; 4],
        },
    };
    let why = ToGuest::decode(&four.encode()).unwrap_err().to_string();
    assert!(why.contains("parts"), "{why}");
    let at = 2 + 1 + 32; // version, type, deal, secret
    let mut mark = reveal.encode();
    mark[at + 1] = 2;
    let why = ToGuest::decode(&mark).unwrap_err().to_string();
    assert!(why.contains("part"), "{why}");
}

/// The guest's mark in both languages: "Deal checked", or the alarm naming
/// the deal (counted from 1) and why, in the page's own words.
#[test]
fn the_mark_and_the_alarm_are_worded_in_both_languages() {
    use duck_soup::page::i18n::Lang;
    use duck_soup::page::online::FairMark;
    let checked = |lang| FairMark::of(lang, &Verdict::Checked { deal: 1 });
    assert_eq!(checked(Lang::En).words, "Deal checked");
    assert_eq!(checked(Lang::Ja).words, "配り札を確認済み");
    let unchecked = |lang| FairMark::of(lang, &Verdict::NotChecked { deal: 2 });
    assert_eq!(
        unchecked(Lang::En).words,
        "Deal 3 is not checked: this device was not sent its commitment."
    );
    assert!(unchecked(Lang::Ja)
        .words
        .starts_with("第3ディールは確認できません"));
    for lang in [Lang::En, Lang::Ja] {
        assert!(!unchecked(lang).alarm && !unchecked(lang).checked);
        assert!(checked(lang).checked);
    }
    let reasons = [
        Unfair::NotCommitted,
        Unfair::OwnRandomnessLeftOut,
        Unfair::OtherCards { at: 3 },
        Unfair::IllegalMove { at: 2 },
        Unfair::NoDeal("a short deck".into()),
        Unfair::Incomplete,
        Unfair::NotRevealed,
    ];
    for lang in [Lang::En, Lang::Ja] {
        assert!(!checked(lang).alarm);
        let mut seen = std::collections::HashSet::new();
        for why in &reasons {
            let mark = FairMark::of(
                lang,
                &Verdict::Unfair {
                    deal: 4,
                    why: why.clone(),
                },
            );
            assert!(mark.alarm);
            assert!(
                mark.words.contains('5'),
                "the deal counted from 1: {}",
                mark.words
            );
            assert!(
                !mark.words.contains('{'),
                "every blank filled: {}",
                mark.words
            );
            seen.insert(mark.words);
        }
        // Secret, own part, cards (three reasons), a missing table, no reveal.
        assert_eq!(seen.len(), 5, "{lang:?}");
    }
    let en = FairMark::of(
        Lang::En,
        &Verdict::Unfair {
            deal: 1,
            why: Unfair::NotCommitted,
        },
    );
    assert!(en
        .words
        .starts_with("Alarm: deal 2 was not dealt fairly: the host revealed another secret"));
    let ja = FairMark::of(
        Lang::Ja,
        &Verdict::Unfair {
            deal: 1,
            why: Unfair::NotCommitted,
        },
    );
    assert!(ja.words.starts_with("警告"), "{}", ja.words);
}
