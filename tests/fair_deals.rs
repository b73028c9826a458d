//! Fair deals with friends (`net::fair`): an honest host's deal checks on
//! every guest's page, in every game and seat; a host that reveals another
//! secret, deals other cards than it committed to, or leaves a guest's
//! randomness out is caught by that guest's check in every case tried.

use duck_soup::engine::deal_view::DealView;
use duck_soup::engine::rng::Rng;
use duck_soup::engine::{Card, Deal, GameKind, Move, Roles, Rules};
use duck_soup::net::fair::{
    check_deal, fair_deck, Commitment, Contribution, DealId, DealSeen, Random, Reveal, Unfair,
};

const GAME: &[u8] = b"a game's token";

fn random(rng: &mut Rng) -> Random {
    std::array::from_fn(|_| rng.below(256) as u8)
}

/// One deal of `game` as the host runs it: its secret, every guest seat's
/// randomness (seat 0 is the host's), the deck, the moves played.
struct HostDeal {
    game: GameKind,
    id_deal: u32,
    dealer: u8,
    secret: Random,
    guests: Vec<Contribution>,
    deck: Vec<Card>,
    moves: Vec<Move>,
}

impl HostDeal {
    fn id(&self) -> DealId<'static> {
        DealId {
            game: GAME,
            deal: self.id_deal,
        }
    }

    /// Deals `deck` and plays random legal moves to the deal's end.
    fn play(game: GameKind, dealer: u8, deck: &[Card], rng: &mut Rng) -> (Deal, Vec<Move>) {
        let start = Deal::new(
            Rules::parlett(game),
            dealer,
            Roles::of_game(game, dealer),
            deck,
        )
        .expect("a whole deck");
        let mut d = start;
        let mut moves = Vec::new();
        while !d.is_over() {
            let mv = d.random_move(rng);
            d.apply(mv);
            moves.push(mv);
        }
        (start, moves)
    }

    fn honest(game: GameKind, seed: u64) -> HostDeal {
        let mut rng = Rng::new(seed);
        let secret = random(&mut rng);
        let guests: Vec<Contribution> = (1..game.seats())
            .map(|_| Contribution::Sent(random(&mut rng)))
            .collect();
        let id_deal = rng.below(20);
        let dealer = rng.below(game.seats() as u32) as u8;
        let deck = fair_deck(
            game,
            DealId {
                game: GAME,
                deal: id_deal,
            },
            &secret,
            &guests,
        );
        let (_, moves) = HostDeal::play(game, dealer, &deck, &mut rng);
        HostDeal {
            game,
            id_deal,
            dealer,
            secret,
            guests,
            deck,
            moves,
        }
    }

    /// What the guest at `seat` kept: the commitment to `committed`, its own
    /// randomness, and every view of the deal the host actually dealt.
    fn seen_by(&self, seat: u8, committed: &Random) -> DealSeen {
        let rules = Rules::parlett(self.game);
        let roles = Roles::of_game(self.game, self.dealer);
        let mut d = Deal::new(rules, self.dealer, roles, &self.deck).expect("a whole deck");
        let mut views = vec![DealView::of(&d, seat)];
        for &mv in &self.moves {
            d.apply(mv);
            views.push(DealView::of(&d, seat));
        }
        let Contribution::Sent(sent) = self.guests[seat as usize - 1] else {
            panic!("seat {seat} sent its randomness")
        };
        DealSeen {
            rules,
            dealer: self.dealer,
            roles,
            seat,
            commitment: Commitment::to(committed, self.id()),
            sent,
            moves: self.moves.clone(),
            views,
        }
    }

    fn reveal(&self) -> Reveal {
        Reveal {
            secret: self.secret,
            guests: self.guests.clone(),
        }
    }
}

fn guest_seats(game: GameKind) -> impl Iterator<Item = u8> {
    1..game.seats() as u8
}

#[test]
fn an_honest_deal_checks_on_every_guests_page() {
    for game in GameKind::ALL {
        for seed in 0..40 {
            let host = HostDeal::honest(game, seed);
            for seat in guest_seats(game) {
                let seen = host.seen_by(seat, &host.secret);
                assert_eq!(
                    check_deal(&seen, host.id(), &host.reveal()),
                    Ok(()),
                    "{game} seed {seed} seat {seat}"
                );
            }
        }
    }
}

#[test]
fn another_secret_revealed_is_caught() {
    for game in GameKind::ALL {
        for seed in 0..40 {
            let host = HostDeal::honest(game, seed);
            let mut reveal = host.reveal();
            reveal.secret[(seed % 32) as usize] ^= 1 << (seed % 8);
            for seat in guest_seats(game) {
                let seen = host.seen_by(seat, &host.secret);
                assert_eq!(
                    check_deal(&seen, host.id(), &reveal),
                    Err(Unfair::NotCommitted)
                );
            }
        }
    }
}

/// The host commits to one secret, deals the deck of another (chosen after
/// the guests answered), and reveals the one committed to.
#[test]
fn a_deck_other_than_the_committed_one_is_caught() {
    for game in GameKind::ALL {
        for seed in 0..40 {
            let honest = HostDeal::honest(game, seed);
            let mut rng = Rng::new(seed + 1000);
            let chosen = random(&mut rng);
            let deck = fair_deck(game, honest.id(), &chosen, &honest.guests);
            let (_, moves) = HostDeal::play(game, honest.dealer, &deck, &mut rng);
            let cheat = HostDeal {
                deck,
                moves,
                ..honest
            };
            for seat in guest_seats(game) {
                let seen = cheat.seen_by(seat, &cheat.secret);
                let verdict = check_deal(&seen, cheat.id(), &cheat.reveal());
                assert_eq!(
                    verdict,
                    Err(Unfair::OtherCards { at: 0 }),
                    "{game} seed {seed} seat {seat}"
                );
            }
        }
    }
}

/// The committed deck with one card of the guest's hand swapped for any
/// card dealt elsewhere (another hand or the stock): caught at the deal.
#[test]
fn a_card_of_the_guests_hand_swapped_is_caught() {
    for game in GameKind::ALL {
        for seed in 0..30 {
            let honest = HostDeal::honest(game, seed);
            let rules = Rules::parlett(game);
            let roles = Roles::of_game(game, honest.dealer);
            let dealt = Deal::new(rules, honest.dealer, roles, &honest.deck).expect("a whole deck");
            let mut rng = Rng::new(seed + 2000);
            for seat in guest_seats(game) {
                let hand = dealt.hand(seat);
                let (mine, elsewhere): (Vec<usize>, Vec<usize>) =
                    (0..honest.deck.len()).partition(|&i| hand.contains(honest.deck[i]));
                let i = mine[rng.below(mine.len() as u32) as usize];
                let j = elsewhere[rng.below(elsewhere.len() as u32) as usize];
                let mut deck = honest.deck.clone();
                deck.swap(i, j);
                let (_, moves) = HostDeal::play(game, honest.dealer, &deck, &mut rng);
                let cheat = HostDeal {
                    deck,
                    moves,
                    guests: honest.guests.clone(),
                    ..honest
                };
                let seen = cheat.seen_by(seat, &cheat.secret);
                assert_eq!(
                    check_deal(&seen, cheat.id(), &cheat.reveal()),
                    Err(Unfair::OtherCards { at: 0 }),
                    "{game} seed {seed} seat {seat}"
                );
            }
        }
    }
}

#[test]
fn a_guests_randomness_left_out_is_caught() {
    for game in GameKind::ALL {
        for seed in 0..20 {
            let honest = HostDeal::honest(game, seed);
            for seat in guest_seats(game) {
                let seen = honest.seen_by(seat, &honest.secret);
                // Said absent, or replaced by the host's own.
                let mut rng = Rng::new(seed);
                for other in [Contribution::Absent, Contribution::Sent(random(&mut rng))] {
                    let mut reveal = honest.reveal();
                    reveal.guests[seat as usize - 1] = other;
                    assert_eq!(
                        check_deal(&seen, honest.id(), &reveal),
                        Err(Unfair::OwnRandomnessLeftOut)
                    );
                }
            }
        }
    }
}

/// The host names the guest's randomness in its reveal but made the deck
/// without it (another guest's slot changed, or the order of the seats).
#[test]
fn a_reveal_that_names_other_contributions_than_the_deck_was_made_of_is_caught() {
    let game = GameKind::Partnership;
    for seed in 0..20 {
        let honest = HostDeal::honest(game, seed);
        let mut reveal = honest.reveal();
        reveal.guests.swap(0, 1);
        for seat in guest_seats(game) {
            let seen = honest.seen_by(seat, &honest.secret);
            assert!(
                matches!(
                    check_deal(&seen, honest.id(), &reveal),
                    Err(Unfair::OtherCards { at: 0 })
                ),
                "seed {seed} seat {seat}"
            );
        }
    }
}

/// A secret and its commitment are the deal's: another deal's, or another
/// game's, do not check.
#[test]
fn a_commitment_is_one_deals_of_one_game() {
    let host = HostDeal::honest(GameKind::TwoPlayer, 7);
    let seen = host.seen_by(1, &host.secret);
    let next = DealId {
        game: GAME,
        deal: host.id_deal + 1,
    };
    assert_eq!(
        check_deal(&seen, next, &host.reveal()),
        Err(Unfair::NotCommitted)
    );
    let other = DealId {
        game: b"another game",
        deal: host.id_deal,
    };
    assert_eq!(
        check_deal(&seen, other, &host.reveal()),
        Err(Unfair::NotCommitted)
    );
}

/// A guest lost before it sent its randomness: the deal is made without it,
/// and the other guests' checks still hold.
#[test]
fn a_guest_that_sent_nothing_leaves_the_others_checks_whole() {
    let game = GameKind::Partnership;
    for seed in 0..10 {
        let mut host = HostDeal::honest(game, seed);
        host.guests[1] = Contribution::Absent;
        host.deck = fair_deck(game, host.id(), &host.secret, &host.guests);
        let (_, moves) = HostDeal::play(game, host.dealer, &host.deck, &mut Rng::new(seed));
        host.moves = moves;
        for seat in [1, 3] {
            let seen = host.seen_by(seat, &host.secret);
            assert_eq!(check_deal(&seen, host.id(), &host.reveal()), Ok(()));
        }
    }
}

#[test]
fn a_record_that_is_not_whole_is_refused() {
    let host = HostDeal::honest(GameKind::ThreePlayer, 3);
    let mut seen = host.seen_by(2, &host.secret);
    seen.views.pop();
    assert_eq!(
        check_deal(&seen, host.id(), &host.reveal()),
        Err(Unfair::Incomplete)
    );
}

/// The format pinned: the host's page and the guest's, of any version that
/// speaks this protocol, make the same commitment and the same deck.
#[test]
fn the_commitment_and_the_deck_are_pinned() {
    let id = DealId {
        game: b"pinned",
        deal: 3,
    };
    let secret = [7u8; 32];
    let hex: String = Commitment::to(&secret, id)
        .0
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let deck = fair_deck(
        GameKind::TwoPlayer,
        id,
        &secret,
        &[Contribution::Sent([9u8; 32])],
    );
    let first: Vec<String> = deck.iter().take(6).map(|c| format!("{c:?}")).collect();
    assert_eq!(hex, PINNED_COMMITMENT);
    assert_eq!(first.join(" "), PINNED_DECK);
}

const PINNED_COMMITMENT: &str = "b5b5954ff9c4bd4b0ce9395598816fb045c53aeb9ed86870972a4d55a3d82819";
const PINNED_DECK: &str = "Card(31) Card(18) Card(16) Card(34) Card(0) Card(12)";
