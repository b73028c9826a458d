//! The steps of a fair deal on each side, driven by messages
//! (docs/protocol.md, "Fair deals"): plain Rust with no browser, so that the
//! host's page and the guest's only carry out what these return, and the
//! whole exchange can be played natively (`tests/fair_wire.rs`).
//!
//! The host ([`HostDeal`]): commit to a fresh secret and send the commitment
//! to every connected friend; wait for each one's randomness, until the
//! wait's end ([`WAIT_MS`]: a silent or lost guest is then absent); deal the
//! deck of the secret and the parts it has ([`fair_words`]); once the deal
//! is over, reveal the secret and the parts used.
//!
//! A guest ([`GuestFair`]): on a commitment, send fresh randomness of its
//! own; record every table of the deal it is shown (its hand, every card
//! played or drawn: [`DealSeen`]); on the reveal, once the deal is over,
//! check it ([`check_deal`]) and keep the verdict: the table shows "Deal
//! checked", or the alarm, which stays for the rest of the game.

use super::fair::{
    check_deal, fair_words, Commitment, Contribution, DealId, DealSeen, Random, Reveal, Unfair,
};
use super::protocol::{GuestTable, ToGuest, ToHost};
use crate::engine::rng::SECRET_WORDS;
use crate::engine::Game;
use std::fmt;

/// The words of a deck's shuffle (`engine::rng::secret_deck`).
pub type Words = [u64; SECRET_WORDS];

/// How long the host waits for the guests' randomness before it deals
/// without the parts still missing, in milliseconds.
pub const WAIT_MS: u32 = 8_000;

/// A friend seat's part of a deal, as the host holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Part {
    /// Its guest was sent the commitment; its randomness has not come.
    Awaited,
    Sent(Random),
    /// Not connected when the deal began, lost, or silent until the wait's end.
    Absent,
}

/// Where the host's deal stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HostStage {
    /// Committed: waiting for the guests' randomness.
    Awaiting,
    /// The deck is made and dealt.
    Dealt,
    /// The deal is over and its secret sent.
    Revealed,
}

/// Why a message of the fair deal changed nothing (the host's console and
/// the guest's count of dropped messages say it, in one line).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ignored {
    /// For another deal than the one in hand (an older one, or none).
    OtherDeal,
    /// From a seat the host did not wait for (not a friend's, or not
    /// connected when the deal began).
    NotAwaited,
    /// The same part, commitment or reveal again: the first one stands.
    Again,
    /// After the wait's end: the deck was made without it.
    Late,
    /// A commitment for a deal already begun: a commitment counts only
    /// before the deal.
    AfterTheDeal,
}

impl fmt::Display for Ignored {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ignored::OtherDeal => "a fair deal's message for another deal",
            Ignored::NotAwaited => "randomness from a seat not waited for",
            Ignored::Again => "a fair deal's message again (the first one stands)",
            Ignored::Late => "randomness after the wait's end (the deal was made without it)",
            Ignored::AfterTheDeal => "a commitment after its deal began",
        })
    }
}

/// The host's fair deal: its secret, every friend seat's part, its stage.
#[derive(Clone, Debug)]
pub struct HostDeal {
    table: [u8; 6],
    deal: u32,
    secret: Random,
    /// Every friend's seat in seat order, and its part.
    parts: Vec<(u8, Part)>,
    stage: HostStage,
}

impl HostDeal {
    /// Begins deal number `deal` (counted from 0 in the game) of `table`
    /// with the host's fresh `secret`. `friends`: every friend's seat in
    /// seat order, and whether its guest is connected (its hello heard).
    /// Returns the deal, the commitment to send each connected guest, and
    /// the deck's words at once if no guest is connected (nothing to wait
    /// for).
    pub fn begin(
        table: [u8; 6],
        deal: u32,
        secret: Random,
        friends: &[(u8, bool)],
    ) -> (HostDeal, Vec<(u8, ToGuest)>, Option<Words>) {
        let parts = friends
            .iter()
            .map(|&(seat, connected)| {
                (
                    seat,
                    if connected {
                        Part::Awaited
                    } else {
                        Part::Absent
                    },
                )
            })
            .collect();
        let mut host = HostDeal {
            table,
            deal,
            secret,
            parts,
            stage: HostStage::Awaiting,
        };
        let commitment = Commitment::to(&secret, host.id());
        let sends = friends
            .iter()
            .filter(|(_, connected)| *connected)
            .map(|&(seat, _)| (seat, ToGuest::Commit { deal, commitment }))
            .collect();
        let words = host.deal_if_whole();
        (host, sends, words)
    }

    fn id(&self) -> DealId<'_> {
        DealId {
            game: &self.table,
            deal: self.deal,
        }
    }

    pub fn deal(&self) -> u32 {
        self.deal
    }

    pub fn stage(&self) -> HostStage {
        self.stage
    }

    /// Every friend seat's part, in seat order.
    pub fn parts(&self) -> &[(u8, Part)] {
        &self.parts
    }

    /// The parts as the deck is made of them (the missing ones absent).
    fn contributions(&self) -> Vec<Contribution> {
        self.parts
            .iter()
            .map(|(_, p)| match p {
                Part::Sent(r) => Contribution::Sent(*r),
                Part::Awaited | Part::Absent => Contribution::Absent,
            })
            .collect()
    }

    /// The deck's words once nothing is awaited: the deal is made.
    fn deal_if_whole(&mut self) -> Option<Words> {
        let awaited = self.parts.iter().any(|(_, p)| *p == Part::Awaited);
        if self.stage != HostStage::Awaiting || awaited {
            return None;
        }
        self.stage = HostStage::Dealt;
        Some(fair_words(self.id(), &self.secret, &self.contributions()))
    }

    /// A guest's randomness for `deal`, from `seat`'s channel: kept if the
    /// seat is awaited; the deck's words once it was the last awaited.
    pub fn randomness(
        &mut self,
        seat: u8,
        deal: u32,
        random: Random,
    ) -> Result<Option<Words>, Ignored> {
        if deal != self.deal {
            return Err(Ignored::OtherDeal);
        }
        let stage = self.stage;
        let Some((_, part)) = self.parts.iter_mut().find(|(s, _)| *s == seat) else {
            return Err(Ignored::NotAwaited);
        };
        match *part {
            Part::Sent(_) => return Err(Ignored::Again),
            Part::Absent if stage == HostStage::Awaiting => return Err(Ignored::NotAwaited),
            Part::Absent => return Err(Ignored::Late),
            Part::Awaited => *part = Part::Sent(random),
        }
        Ok(self.deal_if_whole())
    }

    /// `seat`'s guest is gone (its connection lost, or its seat handed to the
    /// computer): nothing more is awaited from it.
    pub fn lost(&mut self, seat: u8) -> Option<Words> {
        for (s, part) in &mut self.parts {
            if *s == seat && *part == Part::Awaited {
                *part = Part::Absent;
            }
        }
        self.deal_if_whole()
    }

    /// The wait for `deal`'s randomness is over: what has not come is
    /// absent, and the deck is made.
    pub fn timeout(&mut self, deal: u32) -> Option<Words> {
        if deal != self.deal || self.stage != HostStage::Awaiting {
            return None;
        }
        for (_, part) in &mut self.parts {
            if *part == Part::Awaited {
                *part = Part::Absent;
            }
        }
        self.deal_if_whole()
    }

    /// The deal is over: the reveal, once, for every guest.
    pub fn over(&mut self) -> Option<ToGuest> {
        if self.stage != HostStage::Dealt {
            return None;
        }
        self.stage = HostStage::Revealed;
        Some(ToGuest::Reveal {
            deal: self.deal,
            reveal: Reveal {
                secret: self.secret,
                guests: self.contributions(),
            },
        })
    }
}

/// What the guest's table shows of the fair deals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The latest deal checked (shown until the next deal's commitment).
    Checked { deal: u32 },
    /// A deal did not check (kept for the rest of the game): its number and why.
    Unfair { deal: u32, why: Unfair },
    /// The latest deal's tables came with no commitment of it (this page
    /// joined after it began, the host's page reloaded, or the host sent
    /// none): it cannot be checked, and the table says so, without alarm.
    NotChecked { deal: u32 },
}

/// What a guest records of a deal.
#[derive(Clone, Debug)]
enum Record {
    /// The commitment is in; the deal's first table is not.
    NotBegun,
    /// Every table of the deal so far, from its first.
    Seen {
        seen: DealSeen,
        /// The latest table's turn (`protocol::turn_of`).
        turn: u32,
        over: bool,
    },
    /// A table was missing or out of order: the record cannot be checked.
    Broken,
}

/// One deal on a guest's page: the commitment, the randomness sent, what
/// was shown, and a reveal that came before the deal's end.
#[derive(Clone, Debug)]
struct GuestDeal {
    deal: u32,
    commitment: Commitment,
    sent: Random,
    record: Record,
    early: Option<Reveal>,
    checked: bool,
}

/// A guest's side of the fair deals of one table.
#[derive(Clone, Debug)]
pub struct GuestFair {
    table: [u8; 6],
    seat: u8,
    deal: Option<GuestDeal>,
    /// The deals begun, as the latest table says.
    deals_seen: u32,
    /// The latest deal that checked.
    checked: Option<u32>,
    /// The latest deal, if its tables came with no commitment of it.
    unchecked: Option<u32>,
    /// Every deal that did not check, and why.
    failed: Vec<(u32, Unfair)>,
}

impl GuestFair {
    /// The fair deals of `table` (the invite's table id) for `seat`.
    pub fn new(table: [u8; 6], seat: u8) -> GuestFair {
        GuestFair {
            table,
            seat,
            deal: None,
            deals_seen: 0,
            checked: None,
            unchecked: None,
            failed: Vec::new(),
        }
    }

    fn id(&self, deal: u32) -> DealId<'_> {
        DealId {
            game: &self.table,
            deal,
        }
    }

    /// The host's commitment to deal `deal`: the guest's answer is `fresh`,
    /// randomness of its own (the browser's crypto randomness). A deal
    /// recorded to its end whose secret never came is kept as unfair.
    pub fn commit(
        &mut self,
        deal: u32,
        commitment: Commitment,
        fresh: Random,
    ) -> Result<ToHost, Ignored> {
        if self.deals_seen > deal {
            return Err(Ignored::AfterTheDeal);
        }
        // One commitment a deal: a second, answered too, would let the host
        // choose between two decks. (The same number once the record has
        // begun is a new game's deal: its tables began again.)
        if let Some(d) = &self.deal {
            if d.deal == deal && matches!(d.record, Record::NotBegun) {
                return Err(Ignored::Again);
            }
        }
        if let Some(d) = self.deal.take() {
            if !d.checked && matches!(d.record, Record::Seen { over: true, .. }) {
                self.failed.push((d.deal, Unfair::NotRevealed));
            }
        }
        (self.checked, self.unchecked) = (None, None);
        self.deal = Some(GuestDeal {
            deal,
            commitment,
            sent: fresh,
            record: Record::NotBegun,
            early: None,
            checked: false,
        });
        Ok(ToHost::Randomness {
            deal,
            random: fresh,
        })
    }

    /// A table from the host, read (`game`: `GuestTable::to_game`): recorded
    /// if it is of the deal committed to. Returns the verdict if it ended
    /// the deal and the reveal was in already.
    pub fn table(&mut self, table: &GuestTable, game: &Game) -> Option<Verdict> {
        self.deals_seen = table.deals;
        if let (Some(k), Some(_)) = (table.deals.checked_sub(1), &table.deal) {
            // A deal shown with no commitment of it: not checked, said in
            // place of an earlier deal's mark (which is not this deal's).
            if self.deal.as_ref().is_none_or(|d| d.deal != k) {
                (self.checked, self.unchecked) = (None, Some(k));
            }
        }
        let seat = self.seat;
        let d = self.deal.as_mut()?;
        let (Some(view), Some(deal)) = (&table.deal, game.deal()) else {
            return None;
        };
        let of_this_deal = table.deals == d.deal + 1;
        match &mut d.record {
            Record::NotBegun if of_this_deal => {
                // The deal's first table: nothing shown yet on the table.
                let at_start = view.played.is_empty() && view.trick.plays.is_empty();
                d.record = if at_start && view.seat == seat {
                    Record::Seen {
                        seen: DealSeen {
                            rules: *deal.rules(),
                            dealer: deal.dealer(),
                            roles: deal.roles(),
                            seat,
                            commitment: d.commitment,
                            sent: d.sent,
                            moves: Vec::new(),
                            views: vec![view.clone()],
                        },
                        turn: table.turn,
                        over: deal.is_over(),
                    }
                } else {
                    Record::Broken
                };
            }
            Record::NotBegun | Record::Broken => return None,
            Record::Seen { seen, turn, over } => {
                let last = seen.views.last();
                let next = turn.checked_add(1) == Some(table.turn);
                match table.last {
                    // The same table again (shown again, a seat's status).
                    _ if table.turn == *turn && of_this_deal && last == Some(view) => {}
                    Some(l) if next && of_this_deal && !*over => {
                        seen.moves.push(l.mv);
                        seen.views.push(view.clone());
                        *turn = table.turn;
                        *over = deal.is_over();
                    }
                    // A new deal or game once this one is over: the record stands.
                    _ if *over => {}
                    _ => d.record = Record::Broken,
                }
            }
        }
        self.check_if_ready()
    }

    /// The host's reveal of deal `deal`: checked once the deal is over
    /// (held until then). Returns the verdict.
    pub fn reveal(&mut self, deal: u32, reveal: Reveal) -> Result<Option<Verdict>, Ignored> {
        let d = match &mut self.deal {
            Some(d) if d.deal == deal => d,
            _ => return Err(Ignored::OtherDeal),
        };
        if d.checked || d.early.is_some() {
            return Err(Ignored::Again);
        }
        d.early = Some(reveal);
        Ok(self.check_if_ready())
    }

    /// Checks the deal once its record is over (or broken) and its reveal is in.
    fn check_if_ready(&mut self) -> Option<Verdict> {
        let d = self.deal.as_ref()?;
        let result = match &d.record {
            _ if d.checked || d.early.is_none() => return None,
            Record::NotBegun | Record::Seen { over: false, .. } => return None,
            Record::Broken => Err(Unfair::Incomplete),
            Record::Seen { seen, .. } => {
                check_deal(seen, self.id(d.deal), d.early.as_ref().expect("held"))
            }
        };
        let deal = d.deal;
        if let Some(d) = &mut self.deal {
            d.checked = true;
        }
        Some(match result {
            Ok(()) => {
                self.checked = Some(deal);
                Verdict::Checked { deal }
            }
            Err(why) => {
                self.failed.push((deal, why.clone()));
                Verdict::Unfair { deal, why }
            }
        })
    }

    /// What the table shows: the first deal that did not check (kept for the
    /// rest of the game), else the latest that checked, until the next
    /// deal's commitment or a later deal's first table; else the latest
    /// deal shown with no commitment of it, as not checked.
    pub fn shown(&self) -> Option<Verdict> {
        match (self.failed.first(), self.checked, self.unchecked) {
            (Some((deal, why)), ..) => Some(Verdict::Unfair {
                deal: *deal,
                why: why.clone(),
            }),
            (None, Some(deal), _) => Some(Verdict::Checked { deal }),
            (None, None, Some(deal)) => Some(Verdict::NotChecked { deal }),
            (None, None, None) => None,
        }
    }

    /// Every deal that did not check, and why.
    pub fn failed(&self) -> &[(u32, Unfair)] {
        &self.failed
    }
}
