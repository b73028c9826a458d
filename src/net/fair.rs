//! Fair deals for a game with friends: no one, the host included, can
//! choose or change a deal.
//!
//! For every deal the host draws a secret and sends its [`Commitment`]
//! first; each guest then answers with fresh randomness of its own; the
//! deck is the engine's shuffle ([`secret_deck`]) of words drawn from a hash
//! of the host's secret and every guest's randomness ([`fair_deck`]). When
//! the deal is over the host reveals its secret, and each guest checks
//! ([`check_deal`]) that it is the one committed to, that its own randomness
//! was used, and that the deck it makes, dealt by the engine and played
//! with the deal's moves, shows at every step exactly what the guest was
//! shown: its hand, every card played or drawn.
//!
//! So the host cannot choose the deck (it committed before seeing the
//! guests' randomness) and cannot change it (the revealed secret must match
//! the commitment, and the deck must match every card seen). What it still
//! sees: every card, as the page that runs the game. A guest that sent no
//! randomness (lost before it could) has the host's secret and the other
//! guests' randomness only: the deal still cannot be changed once
//! committed, but for that guest it could have been chosen; its slot says
//! so ([`Contribution::Absent`]).
//!
//! Plain Rust with SHA-256 from the `sha2` crate, the same code in the host's
//! page, the guest's and the native tests.

use crate::engine::deal_view::DealView;
use crate::engine::rng::{secret_deck, SECRET_WORDS};
use crate::engine::{Card, Deal, GameKind, Move, Roles, Rules};
use sha2::{Digest, Sha256};

/// Bytes of a secret or of a guest's randomness.
pub const RANDOM_LEN: usize = 32;

/// A host's secret for one deal, or a guest's randomness for it.
pub type Random = [u8; RANDOM_LEN];

/// What makes every hash here this game's and this deal's alone, so that
/// a secret or a commitment of another game or deal is worth nothing here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealId<'a> {
    /// The game's token (the host's, from its invites).
    pub game: &'a [u8],
    /// The deal's number in the game, from 0.
    pub deal: u32,
}

/// The hash of the host's secret for a deal, sent before the deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Commitment(pub [u8; 32]);

/// One guest seat's part of a deal's randomness.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contribution {
    /// The guest's randomness, as it sent it.
    Sent(Random),
    /// None came in time (the guest was lost): the deal is made without it.
    Absent,
}

const COMMIT_TAG: &[u8] = b"duck-soup/fair-deal/commit/1";
const DECK_TAG: &[u8] = b"duck-soup/fair-deal/deck/1";

/// The hash of `parts`, each with its length first, so that no two
/// different lists of parts hash the same bytes.
fn hash(parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    for part in parts {
        h.update((part.len() as u64).to_le_bytes());
        h.update(part);
    }
    h.finalize().into()
}

impl Commitment {
    /// The commitment to `secret` for deal `id`.
    pub fn to(secret: &Random, id: DealId) -> Commitment {
        Commitment(hash(&[COMMIT_TAG, id.game, &id.deal.to_le_bytes(), secret]))
    }
}

/// The deck of deal `id` in `game`: the engine's shuffle of words drawn from
/// the host's secret and every guest seat's contribution, in seat order.
pub fn fair_deck(
    game: GameKind,
    id: DealId,
    secret: &Random,
    guests: &[Contribution],
) -> Vec<Card> {
    secret_deck(game, &fair_words(id, secret, guests))
}

/// The words of deal `id`'s shuffle ([`fair_deck`]): what the host's page
/// deals through the engine (`engine::rng::secret_deck`), as every guest's
/// page does again to check it.
pub fn fair_words(id: DealId, secret: &Random, guests: &[Contribution]) -> [u64; SECRET_WORDS] {
    let mut parts: Vec<&[u8]> = vec![DECK_TAG, id.game];
    let deal = id.deal.to_le_bytes();
    parts.push(&deal);
    parts.push(secret);
    for c in guests {
        match c {
            Contribution::Sent(r) => parts.extend([&[1u8][..], &r[..]]),
            Contribution::Absent => parts.push(&[0u8]),
        }
    }
    let key = hash(&parts);
    // One word a swap of the shuffle, each the first eight bytes of a hash
    // of the key and its index: the key stretched as a counter-mode stream.
    let mut words = [0u64; SECRET_WORDS];
    for (i, w) in words.iter_mut().enumerate() {
        let block = hash(&[&key, &(i as u32).to_le_bytes()]);
        *w = u64::from_le_bytes(block[..8].try_into().expect("eight bytes"));
    }
    words
}

/// What a guest's page kept of a deal to check it once the secret comes.
#[derive(Clone, Debug)]
pub struct DealSeen {
    pub rules: Rules,
    pub dealer: u8,
    pub roles: Roles,
    /// The guest's seat.
    pub seat: u8,
    /// The commitment that came before the deal.
    pub commitment: Commitment,
    /// The randomness this guest sent for the deal.
    pub sent: Random,
    /// Every move of the deal, in order (each is shown to every seat).
    pub moves: Vec<Move>,
    /// What the seat was shown before each move and after the last:
    /// `moves.len() + 1` views.
    pub views: Vec<DealView>,
}

/// What the host reveals when the deal is over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reveal {
    pub secret: Random,
    /// Every guest seat's contribution, in seat order, as the host used them.
    pub guests: Vec<Contribution>,
}

/// Why a deal does not check: the guest's alarm, in one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unfair {
    /// The secret revealed is not the one committed to.
    NotCommitted,
    /// The guest's own randomness is not among those the deck was made of.
    OwnRandomnessLeftOut,
    /// The deck the secret makes is not a deal the engine accepts.
    NoDeal(String),
    /// The deck's cards differ from what the guest was shown, at move `at`
    /// (0: the deal as dealt).
    OtherCards { at: usize },
    /// A move the guest saw is not legal in the deck's deal: the deal it
    /// was shown cannot have come from this deck.
    IllegalMove { at: usize },
    /// The record of the deal is not whole (views and moves do not match,
    /// or a table of the deal was missing).
    Incomplete,
    /// The deal was played to its end and its secret never came.
    NotRevealed,
}

impl std::fmt::Display for Unfair {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unfair::NotCommitted => {
                write!(f, "the host revealed another secret than it committed to")
            }
            Unfair::OwnRandomnessLeftOut => {
                write!(f, "the deck was not made with this device's randomness")
            }
            Unfair::NoDeal(why) => write!(f, "the revealed deck deals no game: {why}"),
            Unfair::OtherCards { at: 0 } => {
                write!(f, "the cards dealt are not the revealed deck's")
            }
            Unfair::OtherCards { at } => write!(
                f,
                "the cards shown at move {at} are not the revealed deck's"
            ),
            Unfair::IllegalMove { at } => {
                write!(f, "move {at} is not legal with the revealed deck")
            }
            Unfair::Incomplete => write!(f, "the deal's record is not whole"),
            Unfair::NotRevealed => write!(f, "the host never revealed the deal's secret"),
        }
    }
}

/// The guest's check of a deal once the host reveals its secret: the
/// commitment, its own randomness, then every view it was shown against
/// the deal the deck makes.
pub fn check_deal(seen: &DealSeen, id: DealId, reveal: &Reveal) -> Result<(), Unfair> {
    if Commitment::to(&reveal.secret, id) != seen.commitment {
        return Err(Unfair::NotCommitted);
    }
    if !reveal.guests.contains(&Contribution::Sent(seen.sent)) {
        return Err(Unfair::OwnRandomnessLeftOut);
    }
    if seen.views.len() != seen.moves.len() + 1 {
        return Err(Unfair::Incomplete);
    }
    let game = seen.rules.game;
    let deck = fair_deck(game, id, &reveal.secret, &reveal.guests);
    let mut deal = Deal::new(seen.rules, seen.dealer, seen.roles, &deck)
        .map_err(|e| Unfair::NoDeal(e.to_string()))?;
    for (at, view) in seen.views.iter().enumerate() {
        if DealView::of(&deal, seen.seat) != *view {
            return Err(Unfair::OtherCards { at });
        }
        if let Some(&mv) = seen.moves.get(at) {
            if !deal.legal_moves().contains(mv) {
                return Err(Unfair::IllegalMove { at: at + 1 });
            }
            deal.apply(mv);
        }
    }
    Ok(())
}
