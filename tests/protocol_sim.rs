//! Whole online games, simulated: a host and one to three guests, each side
//! the real plain-Rust protocol (`net::host_link`, `net::guest_link`, the
//! fair deals of `net::fair_flow`) over a simulated network that delays,
//! loses and duplicates messages, reorders a guest's (the host's keep their
//! order, as on the page's ordered data channel) and drops connections, with
//! hostile bytes, stale and forged moves, floods, reloads of either side, a
//! stranger answering an invite first, seats handed to the computer and
//! back, and a host that cheats at some deals (deals other cards than it
//! committed to, or reveals another secret). Deterministic: one seed is one
//! game. A failing game prints its seed; `PROTOCOL_SIM_SEED=n cargo test
//! --test protocol_sim` plays that game alone (`PROTOCOL_SIM_GAMES=n` sets
//! how many games the default run plays).
//!
//! Invariants, checked as the game goes:
//! - no table sent to a guest holds a card its seat may not see (each is
//!   its seat's view of the host's game, `DealView::of`);
//! - the host's game only ever takes a guest's move when that seat is asked
//!   (the request's ticket), and the engine accepts it;
//! - a guest's shown table is always one the host sent its seat, and never
//!   goes back to an older one;
//! - once the network is quiet, every connected guest whose latest table
//!   arrived shows it;
//! - an honest deal is "checked" on every guest that saw the whole deal
//!   over a clean connection; a cheating deal raises the alarm on every
//!   guest that saw both its end and its reveal;
//! - no hostile bytes make either side panic, and every game ends.

use duck_soup::ai::seat_view::SeatView;
use duck_soup::ai::{self, Level};
use duck_soup::engine::deal_view::DealView;
use duck_soup::engine::rng::{random_deck, secret_deck, Rng};
use duck_soup::engine::{Game, GameKind, Move, Rules};
use duck_soup::net::fair::{Random, Unfair};
use duck_soup::net::fair_flow::{Verdict, Words, WAIT_MS};
use duck_soup::net::guest_link::{GuestLink, GuestNews, HELLO_AGAIN_MS};
use duck_soup::net::host_link::{HostLinks, LinkEffect, LinkState, News, SavedSeats};
use duck_soup::net::invite::{Reply, TableRef};
use duck_soup::net::protocol::{Dropped, GuestTable, LastMove, ToGuest, ToHost};
use duck_soup::net::sdp::{Connection, DtlsRole};
use std::collections::{BTreeMap, BinaryHeap, HashMap, HashSet};

/// How long a connection may take to open (the controller's `CONNECT_MS`).
const CONNECT_MS: u64 = 20_000;
/// How long the simulated host person waits on a silent friend's seat
/// before handing it to the computer.
const PATIENCE_MS: u64 = 25_000;
/// Every game ends within this many events.
const MAX_EVENTS: usize = 400_000;

/// What the network does to messages in one game.
#[derive(Clone, Copy, Debug)]
struct Faults {
    /// Each message's delay: at least `min_ms`, up to `min_ms + jitter_ms`.
    min_ms: u64,
    jitter_ms: u64,
    /// A guest's messages may overtake each other (else they keep their
    /// order; the host's always do).
    reorder: bool,
    /// Chances per message, in thousandths.
    lose: u32,
    duplicate: u32,
    /// Chance per second of a fault event (a connection dropped, a reload,
    /// a hostile burst, a seat handed to the computer), in thousandths.
    chaos: u32,
    /// Chance that a stranger answers an invite first, in thousandths.
    stranger: u32,
    /// Chance that a deal is dealt unfairly, in thousandths.
    cheat: u32,
}

impl Faults {
    fn of(rng: &mut Rng) -> Faults {
        // Some games on a clean network, some on a bad one, some on a hostile one.
        match rng.below(4) {
            0 => Faults {
                min_ms: 5,
                jitter_ms: 30,
                reorder: false,
                lose: 0,
                duplicate: 0,
                chaos: 0,
                stranger: 0,
                cheat: 200,
            },
            1 => Faults {
                min_ms: 10,
                jitter_ms: 400,
                reorder: false,
                lose: 0,
                duplicate: 0,
                chaos: 60,
                stranger: 200,
                cheat: 250,
            },
            _ => Faults {
                min_ms: 1,
                jitter_ms: 800,
                reorder: rng.below(2) == 0,
                lose: rng.below(60),
                duplicate: rng.below(60),
                chaos: 40 + rng.below(120),
                stranger: 300,
                cheat: 300,
            },
        }
    }
}

/// How a deal is dealt.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Cheat {
    Honest,
    /// The deck of other words than the fair deal's.
    OtherDeck,
    /// The reveal carries another secret than the one committed to.
    OtherSecret,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Player {
    /// The host's own seat (played here by the computer's cheapest level).
    Host,
    Friend,
    Computer,
}

#[derive(Clone, Debug)]
enum Event {
    /// Bytes (or a message too large to copy) reach one end of a connection.
    Deliver {
        conn: u64,
        to_host: bool,
        bytes: Result<Vec<u8>, usize>,
    },
    Open(u64),
    /// The connection breaks: both ends hear of it.
    Break(u64),
    /// The connection for `seat` did not open in time (the controller's timeout).
    ConnectTimeout {
        seat: u8,
        conn: u64,
    },
    /// A guest device's reply to an invite reaches the host.
    Reply {
        device: usize,
        seat: u8,
        table: [u8; 6],
        nonce: u32,
    },
    HostAsk,
    ComputerMove {
        ticket: u64,
    },
    HandSoon {
        seat: u8,
        ticket: u64,
    },
    FairTimeout {
        deal: u32,
        /// The host's page that set it (its timers go with a reload).
        page: u64,
    },
    NextDeal,
    GuestThink {
        guest: usize,
        turn: u32,
    },
    GuestHeld {
        guest: usize,
    },
    /// The host person looks at the table: reinvites, hands seats over.
    Person,
    Chaos,
}

/// One connection between the host's seat and a guest.
#[derive(Clone, Debug)]
struct Conn {
    seat: u8,
    guest: usize,
    open: bool,
    broken: bool,
    /// When each direction's latest message arrives (kept in order unless
    /// the game's network reorders).
    last_to_host: u64,
    last_to_guest: u64,
    /// Every message to the guest arrived, in order.
    clean: bool,
    /// The latest table sent to the guest, and whether it arrived.
    last_table: Option<Vec<u8>>,
    last_table_arrived: bool,
}

/// A device that plays a seat: the seat's friend, or a stranger.
#[derive(Clone, Debug)]
struct Device {
    seat: u8,
    stranger: bool,
    /// Its secret for each table it joined (kept across reloads).
    secrets: HashMap<[u8; 6], [u8; 8]>,
}

/// One page of a guest: its link, its connection, what it shows.
struct Guest {
    device: usize,
    link: GuestLink,
    conn: Option<u64>,
    /// The game its latest table makes, and that table's turn.
    game: Option<Game>,
    shown_turn: Option<u32>,
    /// A move was sent on this turn (no second one until an answer).
    moved_on: Option<u32>,
    /// This page is gone (reloaded, or left for a newer invite).
    gone: bool,
    /// Every deal's verdict seen so far.
    verdicts: Vec<Verdict>,
    /// Hostile bytes went over its channel to the host: a flood of its
    /// own may have cost it its randomness (then its deal rightly says its
    /// part was left out).
    hostile: bool,
}

/// What a guest saw of one deal (for the fair invariant).
#[derive(Clone, Debug, Default)]
struct DealWatch {
    /// The commitment came (and was answered).
    committed: bool,
    /// Connected when the commitment went out, and every table of the deal
    /// arrived in order on one clean connection.
    clean: bool,
    saw_end: bool,
    saw_reveal: bool,
}

struct Sim {
    rng: Rng,
    faults: Faults,
    now: u64,
    queue: BinaryHeap<std::cmp::Reverse<(u64, u64, usize)>>,
    events: Vec<Option<Event>>,
    seq: u64,
    // The host.
    game: Game,
    players: Vec<Player>,
    links: HostLinks,
    table: [u8; 6],
    /// Each seat's current connection (its peer on the host's page).
    peers: [Option<u64>; 4],
    ticket: u64,
    asked: Option<(u64, u8)>,
    asked_at: u64,
    last: Option<LastMove>,
    /// How each deal of each table was dealt, and the guests' parts used.
    cheats: HashMap<([u8; 6], u32), Cheat>,
    /// Every table sent to each seat, by table id.
    sent: HashMap<([u8; 6], u8), HashSet<Vec<u8>>>,
    /// A seat's latest invite, and when it was made.
    invited_at: [u64; 4],
    connecting_since: [Option<u64>; 4],
    // The network and the guests.
    conns: BTreeMap<u64, Conn>,
    next_conn: u64,
    devices: Vec<Device>,
    guests: Vec<Guest>,
    watches: HashMap<(usize, [u8; 6], u32), DealWatch>,
    fresh_table: u64,
    handed: [bool; 4],
    /// The host's page's loads (each reload a new page, its timers gone).
    host_page: u64,
    /// The device whose hello each seat heard last (until the seat is
    /// handed to the computer): a device greeted is new unless it is that one.
    seat_holder: [Option<usize>; 4],
    /// What happened, for a failing game's report.
    log: Vec<String>,
}

type Fail = String;

impl Sim {
    fn new(seed: u64) -> Sim {
        let mut rng = Rng::new(seed ^ 0x005e_ed0f_0a11);
        let kind = [
            GameKind::TwoPlayer,
            GameKind::ThreePlayer,
            GameKind::Partnership,
        ][rng.below(3) as usize];
        let mut rules = Rules::parlett(kind);
        rules.deals = Some(1 + rng.below(3));
        let n = kind.seats();
        let dealer = rng.below(n as u32) as u8;
        let faults = Faults::of(&mut rng);
        // Seat 0 is the host's; at least one friend among the others.
        let mut players = vec![Player::Host];
        for _ in 1..n {
            players.push(if rng.below(3) == 0 {
                Player::Computer
            } else {
                Player::Friend
            });
        }
        if !players.contains(&Player::Friend) {
            players[1 + rng.below(n as u32 - 1) as usize] = Player::Friend;
        }
        let devices = (0..n as u8)
            .flat_map(|seat| {
                [false, true].map(|stranger| Device {
                    seat,
                    stranger,
                    secrets: HashMap::new(),
                })
            })
            .collect();
        let mut sim = Sim {
            rng,
            faults,
            now: 0,
            queue: BinaryHeap::new(),
            events: Vec::new(),
            seq: 0,
            game: Game::new(rules, dealer),
            players,
            links: HostLinks::default(),
            table: [0; 6],
            peers: [None; 4],
            ticket: 0,
            asked: None,
            asked_at: 0,
            last: None,
            cheats: HashMap::new(),
            sent: HashMap::new(),
            invited_at: [0; 4],
            connecting_since: [None; 4],
            conns: BTreeMap::new(),
            next_conn: 1,
            devices,
            guests: Vec::new(),
            watches: HashMap::new(),
            fresh_table: 0,
            handed: [false; 4],
            host_page: 0,
            seat_holder: [None; 4],
            log: Vec::new(),
        };
        sim.table = sim.new_table_id();
        sim
    }

    fn new_table_id(&mut self) -> [u8; 6] {
        self.fresh_table += 1;
        let r = (self.rng.next_u64() ^ self.fresh_table).to_le_bytes();
        [r[0], r[1], r[2], r[3], r[4], r[5]]
    }

    fn chance(&mut self, thousandths: u32) -> bool {
        self.rng.below(1000) < thousandths
    }

    fn random(&mut self) -> Random {
        std::array::from_fn(|_| self.rng.below(256) as u8)
    }

    fn at(&mut self, delay: u64, event: Event) {
        self.seq += 1;
        self.events.push(Some(event));
        let id = self.events.len() - 1;
        self.queue
            .push(std::cmp::Reverse((self.now + delay, self.seq, id)));
    }

    fn note(&mut self, what: String) {
        if self.log.len() > 4000 {
            self.log.remove(0);
        }
        self.log.push(format!("{:>8} ms: {what}", self.now));
    }

    // ---- the network ----

    /// Sends `bytes` over `conn` toward one end, with the game's faults.
    fn transmit(&mut self, conn: u64, to_host: bool, bytes: Result<Vec<u8>, usize>) {
        let Some(c) = self.conns.get(&conn) else {
            return;
        };
        if !c.open || c.broken {
            return;
        }
        let f = self.faults;
        if self.chance(f.lose) {
            let c = self.conns.get_mut(&conn).expect("conn");
            if !to_host {
                c.clean = false;
            }
            return;
        }
        let copies = if self.chance(f.duplicate) { 2 } else { 1 };
        for _ in 0..copies {
            let delay = f.min_ms + u64::from(self.rng.below(f.jitter_ms as u32 + 1));
            let mut when = self.now + delay;
            let c = self.conns.get_mut(&conn).expect("conn");
            // The host's messages keep their order, as on the page's ordered
            // data channel, which the protocol relies on (a forged table of
            // a later turn must not stop the host's next ones, so a guest
            // cannot drop a table for its turn); a guest's may overtake
            // each other where the game's network reorders.
            if !f.reorder || !to_host {
                let last = if to_host {
                    &mut c.last_to_host
                } else {
                    &mut c.last_to_guest
                };
                when = when.max(*last);
                *last = when;
            }
            let delay = when - self.now;
            self.at(
                delay,
                Event::Deliver {
                    conn,
                    to_host,
                    bytes: bytes.clone(),
                },
            );
        }
    }

    fn break_conn(&mut self, conn: u64) {
        let delay = u64::from(self.rng.below(3000));
        self.at(delay, Event::Break(conn));
    }

    // ---- the host ----

    fn who(&self) -> Vec<String> {
        self.players
            .iter()
            .map(|p| match p {
                Player::Host => "host".to_string(),
                Player::Friend => "friend".to_string(),
                Player::Computer => Level::Random.name().to_string(),
            })
            .collect()
    }

    fn broadcast(&mut self) -> Result<(), Fail> {
        let who = self.who();
        let news = News {
            game: &self.game,
            who,
            last: self.last,
        };
        let effects = self.links.broadcast(&news);
        self.carry_out(effects)
    }

    /// Carries out the links' effects as the host's page does.
    fn carry_out(&mut self, effects: Vec<(u8, LinkEffect)>) -> Result<(), Fail> {
        for (seat, effect) in effects {
            match effect {
                LinkEffect::Send(bytes) => self.host_send(seat, bytes)?,
                LinkEffect::Play { ticket, mv } => {
                    if self.asked != Some((ticket, seat)) {
                        return Err(format!(
                            "seat {seat}'s move {mv:?} handed to the game for request {ticket}, \
                             but the host asked {:?}",
                            self.asked
                        ));
                    }
                    if self.players[seat as usize] != Player::Friend {
                        return Err(format!("a guest's move for seat {seat}, not a friend's"));
                    }
                    self.play(seat, mv, true)?;
                }
                LinkEffect::HandSoon { ticket } => self.at(0, Event::HandSoon { seat, ticket }),
                LinkEffect::Greeted => {
                    self.note(format!("seat {seat} greeted"));
                    // New device: the seat's mark, host reloads or not.
                    let device = self.peers[seat as usize]
                        .and_then(|c| self.conns.get(&c))
                        .map(|c| self.guests[c.guest].device);
                    let marked = self.links.get(seat).is_some_and(|l| l.new_device);
                    let was = self.seat_holder[seat as usize];
                    if device.is_some() && marked != (was != device) {
                        return Err(format!(
                            "seat {seat}'s device {device:?} greeted as new: {marked}, \
                             though the seat's last guest was device {was:?}"
                        ));
                    }
                    self.seat_holder[seat as usize] = device;
                    self.broadcast()?;
                    self.first_deal_if_due()?;
                }
                LinkEffect::FairPart { deal, random } => {
                    match self.links.fair_part(seat, deal, random) {
                        Ok(words) => self.deal_fairly(words)?,
                        Err(line) => self.note(line),
                    }
                }
                LinkEffect::Say(line) => self.note(line),
            }
        }
        Ok(())
    }

    /// The first deal, waiting for the friends to be seated, begins once
    /// the last one is (the controller's `net`, after every network event).
    fn first_deal_if_due(&mut self) -> Result<(), Fail> {
        let friends = self.friends();
        if self.links.first_deal_due(self.game.log().len(), &friends) {
            self.next_deal()?;
        }
        Ok(())
    }

    /// The host's bytes to `seat`: checked (a table holds the seat's view
    /// only), and sent if its channel is open.
    fn host_send(&mut self, seat: u8, mut bytes: Vec<u8>) -> Result<(), Fail> {
        match ToGuest::decode(&bytes) {
            Ok(ToGuest::Table(t)) => {
                let view = self.game.deal().map(|d| DealView::of(d, seat));
                if t.deal != view {
                    return Err(format!(
                        "seat {seat} was sent a table that is not its seat's view: {:?}",
                        t.deal
                    ));
                }
                let sent = self.sent.entry((self.table, seat)).or_default();
                sent.insert(bytes.clone());
            }
            Ok(ToGuest::Reveal { deal, mut reveal }) => {
                if self.cheats.get(&(self.table, deal)) == Some(&Cheat::OtherSecret) {
                    reveal.secret[0] ^= 1;
                    bytes = ToGuest::Reveal { deal, reveal }.encode();
                }
            }
            Ok(_) => {}
            Err(why) => return Err(format!("the host sent bytes it cannot read: {why}")),
        }
        let Some(conn) = self.peers[seat as usize] else {
            return Ok(());
        };
        if let Some(c) = self.conns.get_mut(&conn) {
            if c.open && !c.broken && ToGuest::is_table(&bytes) {
                c.last_table = Some(bytes.clone());
                c.last_table_arrived = false;
            }
        }
        self.transmit(conn, false, Ok(bytes));
        Ok(())
    }

    fn play(&mut self, seat: u8, mv: Move, guest: bool) -> Result<(), Fail> {
        if self.game.to_move() != Some(seat) {
            return Err(format!("seat {seat} played out of turn"));
        }
        if let Err(why) = self.game.play(mv) {
            return Err(format!(
                "the host's game refused seat {seat}'s move {mv:?} (a guest's: {guest}): {why:?}"
            ));
        }
        self.note(format!("seat {seat} played {mv:?} (guest: {guest})"));
        self.asked = None;
        self.last = Some(LastMove {
            seat,
            mv,
            call: None,
        });
        self.broadcast()?;
        if self.game.in_deal() {
            let trick_done = self.game.deal().is_some_and(|d| d.trick().is_empty());
            let pause = if trick_done {
                600
            } else {
                u64::from(self.rng.below(60))
            };
            self.at(pause, Event::HostAsk);
        } else if !self.game.is_over() {
            self.at(400, Event::NextDeal);
        }
        Ok(())
    }

    fn host_ask(&mut self) -> Result<(), Fail> {
        if self.asked.is_some() || !self.game.in_deal() {
            return Ok(());
        }
        let Some(seat) = self.game.to_move() else {
            return Ok(());
        };
        self.ticket += 1;
        let ticket = self.ticket;
        self.asked = Some((ticket, seat));
        self.asked_at = self.now;
        if self.players[seat as usize] == Player::Friend {
            let view = SeatView::of(self.game.deal().expect("a deal"), seat);
            let effects = self.links.link(seat).asked(ticket, view.deal);
            let effects = effects.into_iter().map(|e| (seat, e)).collect();
            self.carry_out(effects)
        } else {
            // The computers answer fast, sometimes faster than a guest reads.
            let delay = u64::from(self.rng.below(250));
            self.at(delay, Event::ComputerMove { ticket });
            Ok(())
        }
    }

    fn computer_move(&mut self, ticket: u64) -> Result<(), Fail> {
        let Some((t, seat)) = self.asked else {
            return Ok(());
        };
        if t != ticket || self.players[seat as usize] == Player::Friend {
            return Ok(());
        }
        let deal = self.game.deal().expect("a deal");
        let view = SeatView::of(deal, seat);
        let mv = if self.rng.below(4) == 0 {
            ai::choose(Level::Easy, &view, self.rng.next_u64())
        } else {
            deal.random_move(&mut self.rng)
        };
        self.play(seat, mv, false)
    }

    fn friends(&self) -> Vec<u8> {
        (0..self.game.kind().seats() as u8)
            .filter(|&s| self.players[s as usize] == Player::Friend)
            .collect()
    }

    /// The next deal: dealt fairly when friends play (the controller's
    /// `fair_next_deal`), else at once.
    fn next_deal(&mut self) -> Result<(), Fail> {
        if self.game.in_deal() || self.game.is_over() {
            return Ok(());
        }
        let friends = self.friends();
        if friends.is_empty() {
            let words: Words = std::array::from_fn(|_| self.rng.next_u64());
            return self.start_deal(words, Cheat::Honest);
        }
        if self.links.fair_awaiting() {
            return Ok(());
        }
        if !self.links.may_deal(self.game.log().len(), &friends) {
            self.note("the first deal waits for every friend to be seated".into());
            return Ok(());
        }
        let deal = self.game.log().len() as u32;
        if deal == 0 {
            // Every friend's seat has a connection whose hello the host heard.
            for &seat in &friends {
                let seated = self.peers[seat as usize].is_some()
                    && self.links.get(seat).is_some_and(|l| l.connected());
                if !seated {
                    return Err(format!(
                        "the first deal began with seat {seat}'s friend away"
                    ));
                }
            }
        }
        let cheat = if self.chance(self.faults.cheat) {
            [Cheat::OtherDeck, Cheat::OtherSecret][self.rng.below(2) as usize]
        } else {
            Cheat::Honest
        };
        self.cheats.insert((self.table, deal), cheat);
        self.note(format!("deal {deal} begins ({cheat:?})"));
        // Who is connected as the commitment goes out (for the fair invariant).
        for g in 0..self.guests.len() {
            let connected = self.guest_connected(g);
            self.watch(g, deal).clean = connected;
        }
        let secret = self.random();
        let (words, effects) = self.links.begin_fair(deal, secret, &friends);
        self.carry_out(effects)?;
        if words.is_some() {
            return self.deal_fairly(words);
        }
        let page = self.host_page;
        self.at(u64::from(WAIT_MS), Event::FairTimeout { deal, page });
        Ok(())
    }

    fn deal_fairly(&mut self, words: Option<Words>) -> Result<(), Fail> {
        let Some(words) = words else { return Ok(()) };
        if self.game.in_deal() || self.game.is_over() {
            return Ok(());
        }
        let deal = self.game.log().len() as u32;
        let cheat = *self
            .cheats
            .get(&(self.table, deal))
            .unwrap_or(&Cheat::Honest);
        self.start_deal(words, cheat)
    }

    fn start_deal(&mut self, words: Words, cheat: Cheat) -> Result<(), Fail> {
        let deal = self.game.log().len() as u32;
        if !self.friends().is_empty() && !self.cheats.contains_key(&(self.table, deal)) {
            return Err(format!(
                "deal {deal} of a game with friends dealt with no commitment"
            ));
        }
        let kind = self.game.kind();
        let deck = if cheat == Cheat::OtherDeck {
            let other: Words = std::array::from_fn(|_| self.rng.next_u64());
            secret_deck(kind, &other)
        } else {
            secret_deck(kind, &words)
        };
        self.game
            .start_deal(deck, None)
            .map_err(|e| format!("the deck was refused: {e:?}"))?;
        self.last = None;
        self.broadcast()?;
        self.at(0, Event::HostAsk);
        Ok(())
    }

    /// A new invite for `seat` (the old connection goes with it).
    fn invite(&mut self, seat: u8) {
        if let Some(old) = self.peers[seat as usize].take() {
            self.break_conn(old);
        }
        let fresh = self.rng.next_u64() as u32;
        let table = self.table;
        self.links.new_invite(seat, fresh, table);
        let link = self.links.link(seat);
        link.offered([seat; 32], format!("invite-{seat}"));
        let nonce = link.nonce;
        self.invited_at[seat as usize] = self.now;
        self.connecting_since[seat as usize] = None;
        self.note(format!("seat {seat} invited (nonce {nonce})"));
        // The friend answers; a stranger who saw the link may answer first.
        let friend = self.device_of(seat, false);
        let delay = 300 + u64::from(self.rng.below(4000));
        self.at(
            delay,
            Event::Reply {
                device: friend,
                seat,
                table,
                nonce,
            },
        );
        if self.chance(self.faults.stranger) {
            let stranger = self.device_of(seat, true);
            let delay = 100 + u64::from(self.rng.below(200));
            self.at(
                delay,
                Event::Reply {
                    device: stranger,
                    seat,
                    table,
                    nonce,
                },
            );
        }
    }

    fn device_of(&self, seat: u8, stranger: bool) -> usize {
        self.devices
            .iter()
            .position(|d| d.seat == seat && d.stranger == stranger)
            .expect("a device")
    }

    /// A device answers an invite: a new guest page with a new token (and
    /// the device's kept secret for the table), its reply taken or not.
    fn reply(&mut self, device: usize, seat: u8, table: [u8; 6], nonce: u32) -> Result<(), Fail> {
        // The device's older page for this seat is left for the new one.
        for g in 0..self.guests.len() {
            if self.guests[g].device == device && !self.guests[g].gone {
                self.leave(g);
            }
        }
        let fresh: [u8; 8] = self.rng.next_u64().to_le_bytes();
        let d = &mut self.devices[device];
        let secret = *d.secrets.entry(table).or_insert(fresh);
        let token: [u8; 8] = self.rng.next_u64().to_le_bytes();
        let mut link = GuestLink::new(table, seat, token, secret);
        link.join(if d.stranger { "Stranger" } else { "Friend" });
        let reply = Reply {
            to: TableRef { table, nonce, seat },
            token,
            guest_name: link.name.clone(),
            connection: connection(device as u8),
        };
        self.guests.push(Guest {
            device,
            link,
            conn: None,
            game: None,
            shown_turn: None,
            moved_on: None,
            gone: false,
            verdicts: Vec::new(),
            hostile: false,
        });
        let g = self.guests.len() - 1;
        let taken = self.links.take_reply(&reply);
        self.note(format!(
            "device {device} (stranger: {}) replies for seat {seat}: {taken:?}",
            self.devices[device].stranger
        ));
        if taken.is_err() {
            // (The page waits for a newer invite.)
            return Ok(());
        }
        if self.players[seat as usize] != Player::Friend {
            return Err(format!("a reply taken for seat {seat}, not a friend's"));
        }
        let conn = self.next_conn;
        self.next_conn += 1;
        self.conns.insert(
            conn,
            Conn {
                seat,
                guest: g,
                open: false,
                broken: false,
                last_to_host: 0,
                last_to_guest: 0,
                clean: true,
                last_table: None,
                last_table_arrived: false,
            },
        );
        if let Some(old) = self.peers[seat as usize].replace(conn) {
            self.break_conn(old);
        }
        self.guests[g].conn = Some(conn);
        self.connecting_since[seat as usize] = Some(self.now);
        // Most connections open; some never do (no route).
        if self.rng.below(20) != 0 {
            let delay = 50 + u64::from(self.rng.below(1500));
            self.at(delay, Event::Open(conn));
        }
        self.at(CONNECT_MS, Event::ConnectTimeout { seat, conn });
        Ok(())
    }

    fn host_conn(&self, conn: u64) -> Option<u8> {
        let c = self.conns.get(&conn)?;
        (self.peers[c.seat as usize] == Some(conn)).then_some(c.seat)
    }

    fn open(&mut self, conn: u64) -> Result<(), Fail> {
        let Some(c) = self.conns.get_mut(&conn) else {
            return Ok(());
        };
        if c.broken {
            return Ok(());
        }
        c.open = true;
        let g = c.guest;
        if let Some(seat) = self.host_conn(conn) {
            self.connecting_since[seat as usize] = None;
            let effects = self.links.link(seat).opened();
            self.carry_out(effects.into_iter().map(|e| (seat, e)).collect())?;
        }
        if !self.guests[g].gone && self.guests[g].conn == Some(conn) {
            let mut out = Vec::new();
            self.guests[g].link.opened(&mut |b| {
                out.push(b.to_vec());
                true
            });
            for b in out {
                self.transmit(conn, true, Ok(b));
            }
            // (The guest's timer: its hello again until the first table.)
            self.at(u64::from(HELLO_AGAIN_MS), Event::GuestHeld { guest: g });
        }
        Ok(())
    }

    fn broke(&mut self, conn: u64) -> Result<(), Fail> {
        let Some(c) = self.conns.get_mut(&conn) else {
            return Ok(());
        };
        if c.broken {
            return Ok(());
        }
        c.broken = true;
        c.clean = false;
        let g = c.guest;
        if let Some(seat) = self.host_conn(conn) {
            self.note(format!("seat {seat}'s connection {conn} lost"));
            if self.links.get(seat).is_some() {
                self.links.link(seat).lost();
                let words = self.links.fair_lost(seat);
                self.deal_fairly(words)?;
                self.broadcast()?;
            }
        }
        if self.guests[g].conn == Some(conn) {
            self.guests[g].link.lost();
        }
        Ok(())
    }

    /// Bytes reach the host's link for `conn`'s seat.
    fn host_receives(&mut self, conn: u64, bytes: Result<Vec<u8>, usize>) -> Result<(), Fail> {
        let Some(seat) = self.host_conn(conn) else {
            return Ok(());
        };
        if self.links.get(seat).is_none() {
            return Ok(());
        }
        let message = match &bytes {
            Ok(b) => Ok(b.as_slice()),
            Err(size) => Err(Dropped::Uncopied(*size)),
        };
        let effects = self.links.link(seat).receive(message, self.now as f64);
        self.carry_out(effects.into_iter().map(|e| (seat, e)).collect())
    }

    // ---- the guests ----

    fn guest_connected(&self, g: usize) -> bool {
        let guest = &self.guests[g];
        let Some(conn) = guest.conn.filter(|_| !guest.gone) else {
            return false;
        };
        let Some(seat) = self.host_conn(conn) else {
            return false;
        };
        let c = &self.conns[&conn];
        c.open && !c.broken && self.links.get(seat).is_some_and(|l| l.connected())
    }

    fn watch(&mut self, g: usize, deal: u32) -> &mut DealWatch {
        let table = self.guests[g].link.table_id();
        self.watches.entry((g, table, deal)).or_default()
    }

    /// The page leaves (a reload, or a newer invite opened): its connection closes.
    fn leave(&mut self, g: usize) {
        self.guests[g].gone = true;
        if let Some(conn) = self.guests[g].conn {
            self.break_conn(conn);
        }
    }

    fn guest_receives(&mut self, conn: u64, bytes: Result<Vec<u8>, usize>) -> Result<(), Fail> {
        let Some(c) = self.conns.get(&conn) else {
            return Ok(());
        };
        let g = c.guest;
        if self.guests[g].gone || self.guests[g].conn != Some(conn) {
            return Ok(());
        }
        if let (Ok(b), Some(c)) = (&bytes, self.conns.get_mut(&conn)) {
            if c.last_table.as_ref() == Some(b) {
                c.last_table_arrived = true;
            }
        }
        let message = match &bytes {
            Ok(b) => Ok(b.as_slice()),
            Err(size) => Err(Dropped::Uncopied(*size)),
        };
        let mut out = Vec::new();
        let mut fresh = Vec::new();
        for _ in 0..2 {
            fresh.push(self.random());
        }
        let now = self.now as f64;
        let news = self.guests[g]
            .link
            .receive(message, now, &mut || fresh.pop(), &mut |b| {
                out.push(b.to_vec());
                true
            });
        for b in out {
            self.transmit(conn, true, Ok(b));
        }
        self.guest_news(g, news, &bytes)
    }

    fn guest_news(
        &mut self,
        g: usize,
        news: GuestNews,
        bytes: &Result<Vec<u8>, usize>,
    ) -> Result<(), Fail> {
        let seat = self.guests[g].link.seat;
        let table_id = self.guests[g].link.table_id();
        match news {
            GuestNews::HoldFor(ms) => self.at(u64::from(ms), Event::GuestHeld { guest: g }),
            GuestNews::Table(taken) => {
                let table = self.guests[g].link.table.clone().expect("taken");
                let sent = self.sent.get(&(table_id, seat));
                let came = bytes.as_ref().ok();
                if !came.is_some_and(|b| sent.is_some_and(|s| s.contains(b))) {
                    return Err(format!(
                        "guest {g} (seat {seat}) shows a table its host never sent its seat"
                    ));
                }
                let guest = &mut self.guests[g];
                if guest.shown_turn.is_some_and(|t| table.turn < t) {
                    return Err(format!(
                        "guest {g}'s table went back from turn {:?} to {}",
                        guest.shown_turn, table.turn
                    ));
                }
                guest.shown_turn = Some(table.turn);
                if taken.how.newer {
                    guest.moved_on = None;
                }
                let game = taken.game;
                let deal_no = table.deals.saturating_sub(1);
                let over = game.deal().is_some_and(|d| d.is_over());
                let my_turn = game.in_deal() && game.to_move() == Some(seat);
                guest.game = Some(game);
                // "Deal checked" names the latest deal shown, never an
                // earlier one under a later deal's table.
                if let Some(Verdict::Checked { deal }) = guest.link.fair.shown() {
                    if table.deals > deal + 1 {
                        return Err(format!(
                            "guest {g} shows deal {deal} checked on deal {}'s table",
                            table.deals - 1
                        ));
                    }
                }
                self.collect_verdicts(g);
                let clean = self.guests[g]
                    .conn
                    .and_then(|c| self.conns.get(&c))
                    .is_some_and(|c| c.clean);
                let w = self.watch(g, deal_no);
                if !clean {
                    w.clean = false;
                }
                if over {
                    w.saw_end = true;
                }
                if my_turn {
                    let delay = 30 + u64::from(self.rng.below(1200));
                    let turn = table.turn;
                    self.at(delay, Event::GuestThink { guest: g, turn });
                }
            }
            GuestNews::MoveRefused { reason, .. } => {
                self.note(format!("guest {g}'s move refused: {reason:?}"));
                self.guests[g].moved_on = None;
                if let Some(turn) = self.guests[g].shown_turn {
                    let delay = 30 + u64::from(self.rng.below(600));
                    self.at(delay, Event::GuestThink { guest: g, turn });
                }
            }
            GuestNews::Fair(said) => {
                let ignored = said.as_ref().is_some_and(|l| l.contains("changed nothing"));
                if let Some(line) = said {
                    self.note(format!("guest {g}: {line}"));
                }
                // (A message the guest's fair deal did not take: its deal is
                // not one this guest can check.)
                let taken = bytes.as_ref().ok().filter(|_| !ignored);
                match taken.map(|b| ToGuest::decode(b)) {
                    Some(Ok(ToGuest::Reveal { deal, .. })) => self.watch(g, deal).saw_reveal = true,
                    Some(Ok(ToGuest::Commit { deal, .. })) => self.watch(g, deal).committed = true,
                    _ => {}
                }
                self.collect_verdicts(g);
            }
            GuestNews::Refused(why) => self.note(format!("guest {g} refused a message: {why}")),
            GuestNews::Nothing => {}
        }
        Ok(())
    }

    fn collect_verdicts(&mut self, g: usize) {
        let guest = &mut self.guests[g];
        let shown = guest.link.fair.shown();
        for (deal, why) in guest.link.fair.failed() {
            let v = Verdict::Unfair {
                deal: *deal,
                why: why.clone(),
            };
            if !guest.verdicts.contains(&v) {
                guest.verdicts.push(v);
            }
        }
        if let Some(v @ (Verdict::Checked { .. } | Verdict::NotChecked { .. })) = shown {
            if !guest.verdicts.contains(&v) {
                guest.verdicts.push(v);
            }
        }
    }

    /// The guest moves on its table of `turn`, if that is still the table
    /// shown, its seat's turn, and no move of its is on its way.
    fn guest_think(&mut self, g: usize, turn: u32) -> Result<(), Fail> {
        let guest = &self.guests[g];
        if guest.gone || guest.shown_turn != Some(turn) || guest.moved_on == Some(turn) {
            return Ok(());
        }
        let seat = guest.link.seat;
        let Some(game) = &guest.game else {
            return Ok(());
        };
        if !game.in_deal() || game.to_move() != Some(seat) {
            return Ok(());
        }
        let Some(conn) = guest.conn else {
            return Ok(());
        };
        let deal = game.deal().expect("in a deal");
        let mv = deal.random_move(&mut self.rng);
        let stranger = self.devices[guest.device].stranger;
        // Now and then, a forged or stale move straight onto the channel.
        if stranger || self.chance(80) {
            let forged = match self.rng.below(4) {
                0 => ToHost::Move {
                    seat,
                    turn: turn.saturating_sub(1 + self.rng.below(3)),
                    mv,
                },
                1 => ToHost::Move {
                    seat: (seat + 1) % 4,
                    turn,
                    mv,
                },
                2 => ToHost::Move {
                    seat,
                    turn,
                    mv: Move::Play(random_deck(self.game.kind(), &mut self.rng)[0]),
                },
                _ => ToHost::Hello {
                    token: self.rng.next_u64().to_le_bytes(),
                    secret: self.rng.next_u64().to_le_bytes(),
                },
            };
            self.transmit(conn, true, Ok(forged.encode()));
        }
        let mut out = Vec::new();
        let open = self.conns.get(&conn).is_some_and(|c| c.open && !c.broken);
        let guest = &mut self.guests[g];
        let sent = guest.link.send_move(mv, &mut |b| {
            if open {
                out.push(b.to_vec());
            }
            open
        });
        if sent {
            guest.moved_on = Some(turn);
        }
        let again = self.chance(50);
        for b in out {
            if again {
                // The same move twice (a double click that got through).
                self.transmit(conn, true, Ok(b.clone()));
            }
            self.transmit(conn, true, Ok(b));
        }
        Ok(())
    }

    fn guest_held(&mut self, g: usize) -> Result<(), Fail> {
        if self.guests[g].gone {
            return Ok(());
        }
        // As the page's `Guest::held_due`: the hello again while no table came.
        if let Some(conn) = self.guests[g].conn {
            let mut out = Vec::new();
            let again = self.guests[g].link.hello_while_no_table(&mut |b| {
                out.push(b.to_vec());
                true
            });
            for b in out {
                self.transmit(conn, true, Ok(b));
            }
            if again {
                self.at(u64::from(HELLO_AGAIN_MS), Event::GuestHeld { guest: g });
            }
        }
        let Some(bytes) = self.guests[g].link.held_due() else {
            return Ok(());
        };
        let Some(conn) = self.guests[g].conn else {
            return Ok(());
        };
        self.guest_receives(conn, Ok(bytes))
    }

    // ---- the host person and the faults ----

    fn person(&mut self) -> Result<(), Fail> {
        let n = self.game.kind().seats() as u8;
        for seat in 1..n {
            let s = seat as usize;
            let player = self.players[s];
            match player {
                Player::Friend => {
                    let Some(link) = self.links.get(seat) else {
                        continue;
                    };
                    let state = link.state.clone();
                    let stranger_in = self.peers[s].is_some_and(|c| {
                        let g = self.conns[&c].guest;
                        self.devices[self.guests[g].device].stranger
                    });
                    let stuck_invite = matches!(state, LinkState::Invited(_))
                        && self.now - self.invited_at[s] > 15_000;
                    let needs = link.needs_invite(self.peers[s].is_some());
                    // A stranger's device on the seat (its code differs from
                    // the friend's, read over a call): invited again.
                    if needs || stuck_invite || (stranger_in && self.chance(300)) {
                        self.invite(seat);
                    }
                    let waited = self.asked.is_some_and(|(_, a)| a == seat)
                        && self.now - self.asked_at > PATIENCE_MS;
                    // (The first deal waits for it: a friend that does not
                    // come has its seat handed on.)
                    let never_seated = self.game.log().is_empty()
                        && self.now > PATIENCE_MS
                        && !self.links.get(seat).is_some_and(|l| l.connected());
                    let waited = waited || never_seated;
                    if waited || (self.faults.chaos > 0 && self.chance(15)) {
                        self.hand_to_computer(seat)?;
                    }
                }
                Player::Computer if self.handed[s] && self.chance(300) => {
                    self.hand_back(seat)?;
                }
                _ => {}
            }
        }
        if !self.game.is_over() {
            self.at(2_000, Event::Person);
        }
        Ok(())
    }

    fn hand_to_computer(&mut self, seat: u8) -> Result<(), Fail> {
        self.note(format!("seat {seat} handed to the computer"));
        // (Its link goes: whoever is greeted on it next is new.)
        self.seat_holder[seat as usize] = None;
        self.players[seat as usize] = Player::Computer;
        self.handed[seat as usize] = true;
        let remote: Vec<bool> = self.players.iter().map(|p| *p == Player::Friend).collect();
        self.links.keep_only(&remote);
        if let Some(conn) = self.peers[seat as usize].take() {
            self.break_conn(conn);
        }
        self.connecting_since[seat as usize] = None;
        let words = self.links.fair_lost(seat);
        self.deal_fairly(words)?;
        if self.asked.is_some_and(|(_, s)| s == seat) {
            self.asked = None;
            self.at(0, Event::HostAsk);
        }
        self.broadcast()?;
        self.first_deal_if_due()
    }

    fn hand_back(&mut self, seat: u8) -> Result<(), Fail> {
        self.note(format!("seat {seat} handed back to its friend"));
        self.players[seat as usize] = Player::Friend;
        self.handed[seat as usize] = false;
        self.links.link(seat);
        self.invite(seat);
        if self.asked.is_some_and(|(_, s)| s == seat) {
            self.asked = None;
            self.at(0, Event::HostAsk);
        }
        self.broadcast()
    }

    /// The host's page reloads: the saved game comes back with its seats
    /// (the controller's `resume_seats`: the table's id, the seats handed,
    /// each seat's known guest, read back from their stored text), with new
    /// links and new invites; every guest's connection is gone.
    fn host_reload(&mut self) -> Result<(), Fail> {
        self.note("the host's page reloads".into());
        let kept = self.links.saved("game", self.handed).map(|s| s.to_text());
        for seat in 0..4 {
            if let Some(conn) = self.peers[seat].take() {
                self.break_conn(conn);
            }
        }
        self.links = HostLinks::default();
        self.host_page += 1;
        match kept.map(|text| SavedSeats::from_text(&text)) {
            Some(Ok(saved)) => {
                if saved.handed != self.handed {
                    return Err("the handed seats did not come back".into());
                }
                let remote: Vec<bool> = self.players.iter().map(|p| *p == Player::Friend).collect();
                self.links.resume(&saved, &remote);
                self.table = saved.table;
            }
            Some(Err(why)) => return Err(format!("the kept seats do not read: {why}")),
            // (No invite made yet: nothing kept, a table of its own.)
            None => self.table = self.new_table_id(),
        }
        self.asked = None;
        self.connecting_since = [None; 4];
        for seat in self.friends() {
            self.links.link(seat);
            self.invite(seat);
        }
        self.broadcast()?;
        if self.game.in_deal() {
            self.at(500, Event::HostAsk);
        } else {
            self.at(500, Event::NextDeal);
        }
        Ok(())
    }

    fn chaos(&mut self) -> Result<(), Fail> {
        if self.game.is_over() {
            return Ok(());
        }
        if self.chance(self.faults.chaos) {
            let live: Vec<usize> = (0..self.guests.len())
                .filter(|&g| !self.guests[g].gone && self.guests[g].conn.is_some())
                .collect();
            match self.rng.below(10) {
                0 if self.rng.below(4) == 0 => self.host_reload()?,
                1 | 2 if !live.is_empty() => {
                    // A guest's page reloads.
                    let g = live[self.rng.below(live.len() as u32) as usize];
                    self.note(format!("guest {g}'s page reloads"));
                    self.leave(g);
                }
                3 | 4 => {
                    if let Some(&conn) = self.conns.keys().last() {
                        let pick = 1 + u64::from(self.rng.below(conn as u32));
                        self.note(format!("connection {pick} breaks"));
                        self.at(0, Event::Break(pick));
                    }
                }
                8 | 9 => self.host_pauses(),
                5..=7 if !live.is_empty() => {
                    let g = live[self.rng.below(live.len() as u32) as usize];
                    self.hostile(g);
                }
                _ => {}
            }
        }
        self.at(1_000, Event::Chaos);
        Ok(())
    }

    /// The host's table stops every seat's thinking (a pause, a dialog, a
    /// change of pace) and asks again a moment later.
    fn host_pauses(&mut self) {
        self.note("the host pauses".into());
        for seat in 0..self.game.kind().seats() as u8 {
            if self.links.get(seat).is_some() {
                self.links.link(seat).cancel();
            }
        }
        self.asked = None;
        let delay = u64::from(self.rng.below(1500));
        self.at(delay, Event::HostAsk);
    }

    /// Hostile bytes both ways over guest `g`'s connection: garbage, cut
    /// and flipped messages, oversized ones, a flood.
    fn hostile(&mut self, g: usize) {
        let Some(conn) = self.guests[g].conn else {
            return;
        };
        self.note(format!("hostile bytes over connection {conn}"));
        self.guests[g].hostile = true;
        let seat = self.guests[g].link.seat;
        let sample = ToHost::Move {
            seat,
            turn: self.guests[g].shown_turn.unwrap_or(0),
            mv: Move::Play(random_deck(self.game.kind(), &mut self.rng)[0]),
        }
        .encode();
        let count = if self.rng.below(3) == 0 { 60 } else { 4 };
        for _ in 0..count {
            let bytes = self.garbage(&sample);
            self.transmit(conn, true, bytes);
        }
        // Toward the guest: only bytes that read as no message (a forged
        // table that reads is a hostile host, which the guest cannot tell).
        let table = self.conns[&conn].last_table.clone().unwrap_or_default();
        for _ in 0..count.min(8) {
            let bytes = self.garbage(&table);
            let reads = bytes.as_ref().is_ok_and(|b| ToGuest::decode(b).is_ok());
            if !reads {
                self.transmit(conn, false, bytes);
            }
        }
    }

    fn garbage(&mut self, sample: &[u8]) -> Result<Vec<u8>, usize> {
        match self.rng.below(5) {
            0 => Err(70_000 + self.rng.below(1 << 20) as usize),
            1 => Ok((0..self.rng.below(64))
                .map(|_| self.rng.below(256) as u8)
                .collect()),
            2 if !sample.is_empty() => {
                let cut = self.rng.below(sample.len() as u32) as usize;
                Ok(sample[..cut].to_vec())
            }
            3 if !sample.is_empty() => {
                let mut b = sample.to_vec();
                let i = self.rng.below(b.len() as u32) as usize;
                b[i] ^= 1 << self.rng.below(8);
                Ok(b)
            }
            _ => Ok(vec![0u8; 17_000]),
        }
    }

    // ---- the run ----

    fn run(&mut self) -> Result<(), Fail> {
        for seat in self.friends() {
            self.links.link(seat);
            self.invite(seat);
        }
        // (The host deals once its friends have had time to answer.)
        self.at(6_000, Event::NextDeal);
        self.at(2_000, Event::Person);
        self.at(1_000, Event::Chaos);
        let mut steps = 0;
        while let Some(std::cmp::Reverse((when, _, id))) = self.queue.pop() {
            steps += 1;
            if steps > MAX_EVENTS {
                return Err(format!("the game did not end in {MAX_EVENTS} events"));
            }
            self.now = when;
            let event = self.events[id].take().expect("each event once");
            self.step(event)?;
        }
        if !self.game.is_over() {
            return Err("the network went quiet before the game ended".into());
        }
        self.quiet()?;
        self.fair_verdicts()
    }

    fn step(&mut self, event: Event) -> Result<(), Fail> {
        match event {
            Event::Deliver {
                conn,
                to_host,
                bytes,
            } => {
                let live = self.conns.get(&conn).is_some_and(|c| c.open && !c.broken);
                if !live {
                    return Ok(());
                }
                if to_host {
                    self.host_receives(conn, bytes)
                } else {
                    self.guest_receives(conn, bytes)
                }
            }
            Event::Open(conn) => self.open(conn),
            Event::Break(conn) => self.broke(conn),
            Event::ConnectTimeout { seat, conn } => {
                if self.peers[seat as usize] == Some(conn)
                    && self
                        .links
                        .get(seat)
                        .is_some_and(|l| l.state == LinkState::Connecting)
                {
                    self.links.link(seat).failed();
                    self.broadcast()?;
                }
                Ok(())
            }
            Event::Reply {
                device,
                seat,
                table,
                nonce,
            } => {
                if self.game.is_over() {
                    return Ok(());
                }
                self.reply(device, seat, table, nonce)
            }
            Event::HostAsk => self.host_ask(),
            Event::ComputerMove { ticket } => self.computer_move(ticket),
            Event::HandSoon { seat, ticket } => {
                if self.links.get(seat).is_none() {
                    return Ok(());
                }
                let effects = self.links.link(seat).handing_due(ticket);
                self.carry_out(effects.into_iter().map(|e| (seat, e)).collect())
            }
            Event::FairTimeout { deal, page } => {
                if page != self.host_page {
                    return Ok(());
                }
                let words = self.links.fair_timeout(deal);
                self.deal_fairly(words)
            }
            Event::NextDeal => self.next_deal(),
            Event::GuestThink { guest, turn } => self.guest_think(guest, turn),
            Event::GuestHeld { guest } => self.guest_held(guest),
            Event::Person => self.person(),
            Event::Chaos => self.chaos(),
        }
    }

    /// The network is quiet: every connected guest whose latest table
    /// arrived shows it.
    fn quiet(&mut self) -> Result<(), Fail> {
        for g in 0..self.guests.len() {
            if !self.guest_connected(g) {
                continue;
            }
            let conn = self.guests[g].conn.expect("connected");
            let c = &self.conns[&conn];
            let Some(last) = c.last_table.clone().filter(|_| c.last_table_arrived) else {
                continue;
            };
            let Ok(ToGuest::Table(t)) = ToGuest::decode(&last) else {
                return Err("the latest table does not read".into());
            };
            let shown: Option<&GuestTable> = self.guests[g].link.table.as_ref();
            let same = shown == Some(&t);
            if !same {
                return Err(format!(
                    "guest {g} (seat {}) shows turn {:?}, not the host's latest (turn {})",
                    c.seat,
                    shown.map(|s| s.turn),
                    t.turn
                ));
            }
            let seat = c.seat;
            let view = self.game.deal().map(|d| DealView::of(d, seat));
            if t.deal != view {
                return Err(format!("guest {g}'s quiet table is not its seat's view"));
            }
        }
        Ok(())
    }

    /// Honest deals checked where they were seen whole; cheating ones caught.
    fn fair_verdicts(&mut self) -> Result<(), Fail> {
        for g in 0..self.guests.len() {
            self.collect_verdicts(g);
        }
        for (&(g, table, deal), w) in &self.watches {
            let Some(&cheat) = self.cheats.get(&(table, deal)) else {
                continue;
            };
            let verdicts = &self.guests[g].verdicts;
            let unfair = verdicts
                .iter()
                .find(|v| matches!(v, Verdict::Unfair { deal: d, .. } if *d == deal));
            let checked = verdicts.contains(&Verdict::Checked { deal });
            let stranger = self.devices[self.guests[g].device].stranger || self.guests[g].hostile;
            match cheat {
                Cheat::Honest => {
                    let whole = w.committed && w.clean && w.saw_end && w.saw_reveal;
                    // (An alarm is kept for the rest of the game: a later
                    // deal's check is not shown over it.)
                    let alarmed_before = verdicts
                        .iter()
                        .any(|v| matches!(v, Verdict::Unfair { deal: d, .. } if *d < deal));
                    if whole && !stranger && !checked && !alarmed_before {
                        return Err(format!(
                            "guest {g} saw honest deal {deal} whole and did not check it \
                             ({unfair:?})"
                        ));
                    }
                    // (An honest host's reload, or a guest's, never reads as a
                    // secret withheld: the deal is not checked, and says so.)
                    if let Some(
                        v @ Verdict::Unfair {
                            why: Unfair::NotRevealed,
                            ..
                        },
                    ) = unfair
                    {
                        return Err(format!("guest {g} raised {v:?} on honest deal {deal}"));
                    }
                }
                Cheat::OtherDeck | Cheat::OtherSecret => {
                    if w.saw_end && w.saw_reveal && w.committed && unfair.is_none() {
                        return Err(format!(
                            "guest {g} saw cheating deal {deal} ({cheat:?}) end and its \
                             reveal, and raised no alarm (verdicts {verdicts:?})"
                        ));
                    }
                    if checked {
                        return Err(format!(
                            "guest {g} checked cheating deal {deal} ({cheat:?})"
                        ));
                    }
                }
            }
        }
        Ok(())
    }
}

/// A connection's description: only its fingerprint matters here.
fn connection(device: u8) -> Connection {
    Connection {
        ufrag: "sim1".into(),
        pwd: "simulated-password-0123".into(),
        fingerprint: [device; 32],
        role: DtlsRole::Active,
        mid: "0".into(),
        candidates: Vec::new(),
    }
}

/// Plays game `seed`; its failure, with the seed and the game's last events.
fn play(seed: u64) -> Result<Sim, String> {
    let outcome = std::panic::catch_unwind(|| {
        let mut sim = Sim::new(seed);
        let result = sim.run();
        (sim, result)
    });
    match outcome {
        Ok((sim, Ok(()))) => Ok(sim),
        Ok((sim, Err(why))) => {
            // (PROTOCOL_SIM_LOG=1: the whole log, else its end.)
            let keep = if env("PROTOCOL_SIM_LOG").is_some() {
                sim.log.len()
            } else {
                40
            };
            let tail = sim.log[sim.log.len().saturating_sub(keep)..].join("\n");
            Err(format!(
                "game {seed} ({:?}, {:?}) failed at {} ms: {why}\n{tail}\n\
                 replay: PROTOCOL_SIM_SEED={seed} cargo test --test protocol_sim",
                sim.game.kind(),
                sim.faults,
                sim.now
            ))
        }
        Err(_) => Err(format!(
            "game {seed} panicked\nreplay: PROTOCOL_SIM_SEED={seed} cargo test --test protocol_sim"
        )),
    }
}

fn env(name: &str) -> Option<u64> {
    std::env::var(name).ok()?.parse().ok()
}

#[test]
fn whole_online_games_keep_every_invariant_under_faults() {
    if let Some(seed) = env("PROTOCOL_SIM_SEED") {
        if let Err(why) = play(seed) {
            panic!("{why}");
        }
        return;
    }
    let games = env("PROTOCOL_SIM_GAMES").unwrap_or(2_000);
    // The games on every core (each is its own seed: the same games in any order).
    let next = std::sync::atomic::AtomicU64::new(0);
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let results: Vec<(Totals, Vec<(u64, String)>)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut totals = Totals::default();
                    let mut failed = Vec::new();
                    loop {
                        let seed = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if seed >= games {
                            break;
                        }
                        match play(seed) {
                            Ok(sim) => totals.add(&sim),
                            Err(why) => failed.push((seed, why)),
                        }
                    }
                    (totals, failed)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a worker"))
            .collect()
    });
    let mut totals = Totals::default();
    let mut failed = Vec::new();
    for (t, f) in results {
        totals.merge(&t);
        failed.extend(f);
    }
    failed.sort();
    if let Some((_, why)) = failed.first() {
        let seeds: Vec<u64> = failed.iter().map(|(s, _)| *s).collect();
        panic!(
            "{} of {games} games failed (seeds {seeds:?}); the first:\n{why}",
            failed.len()
        );
    }
    println!("{games} games: {totals:?}");
    // The faults happened (a simulation that never reaches them proves nothing).
    assert!(totals.cheats > 0 && totals.alarms > 0, "{totals:?}");
    assert!(totals.checked > 0 && totals.strangers > 0, "{totals:?}");
    assert!(
        totals.first_checked > 0 && totals.unchecked > 0,
        "{totals:?}"
    );
    assert!(totals.reloads > 0 && totals.handed > 0, "{totals:?}");
}

/// What the games went through, summed.
#[derive(Debug, Default)]
struct Totals {
    moves: usize,
    guests: usize,
    strangers: usize,
    cheats: usize,
    alarms: usize,
    checked: usize,
    /// Deals a guest's page was shown with no commitment of them.
    unchecked: usize,
    /// First deals of a game that checked on a guest's page.
    first_checked: usize,
    reloads: usize,
    handed: usize,
    hostile: usize,
}

impl Totals {
    fn merge(&mut self, o: &Totals) {
        self.moves += o.moves;
        self.guests += o.guests;
        self.strangers += o.strangers;
        self.cheats += o.cheats;
        self.alarms += o.alarms;
        self.checked += o.checked;
        self.unchecked += o.unchecked;
        self.first_checked += o.first_checked;
        self.reloads += o.reloads;
        self.handed += o.handed;
        self.hostile += o.hostile;
    }

    fn add(&mut self, sim: &Sim) {
        self.moves += sim.game.log().iter().map(|l| l.moves.len()).sum::<usize>();
        self.guests += sim.guests.len();
        self.strangers += sim
            .guests
            .iter()
            .filter(|g| sim.devices[g.device].stranger)
            .count();
        self.cheats += sim.cheats.values().filter(|c| **c != Cheat::Honest).count();
        for g in &sim.guests {
            for v in &g.verdicts {
                match v {
                    Verdict::Checked { .. } => self.checked += 1,
                    Verdict::Unfair { .. } => self.alarms += 1,
                    Verdict::NotChecked { .. } => self.unchecked += 1,
                }
            }
        }
        self.first_checked += sim
            .guests
            .iter()
            .filter(|g| g.verdicts.contains(&Verdict::Checked { deal: 0 }))
            .count();
        let said = |what: &str| sim.log.iter().filter(|l| l.contains(what)).count();
        self.reloads += said("reloads");
        self.handed += said("handed to the computer");
        self.hostile += said("hostile bytes");
    }
}

/// Seats `seat` of `links` with the device whose secret is `secret`: a
/// new invite, its reply taken, the channel open and the hello heard. The
/// seat's link, for its marks.
fn seat_device(links: &mut HostLinks, seat: u8, device: u8, secret: [u8; 8]) {
    let table = links.table.unwrap_or([7; 6]);
    links.new_invite(seat, 1000 + u32::from(device) + 10 * u32::from(seat), table);
    let link = links.link(seat);
    link.offered([0xaa; 32], "invite".into());
    let nonce = link.nonce;
    let token = [device, seat, 1, 2, 3, 4, 5, 6];
    let reply = Reply {
        to: TableRef { table, nonce, seat },
        token,
        guest_name: format!("Device {device}"),
        connection: connection(device),
    };
    assert_eq!(links.take_reply(&reply), Ok(seat));
    let link = links.link(seat);
    link.opened();
    let hello = ToHost::Hello { token, secret }.encode();
    assert_eq!(link.receive(Ok(&hello), 0.0), vec![LinkEffect::Greeted]);
}

/// Decision 18: the first deal of a game with friends waits until every
/// friend's seat is connected (or handed to the computer: no longer a
/// friend's), so that each friend adds its randomness to it; a later deal
/// is dealt when asked, whoever is away.
#[test]
fn decision_18_the_first_deal_waits_until_every_friend_is_seated() {
    let mut links = HostLinks::default();
    let friends = [1u8, 3];
    for &seat in &friends {
        links.new_invite(seat, 5, [7; 6]);
    }
    assert!(!links.may_deal(0, &friends) && !links.first_deal_due(0, &friends));
    seat_device(&mut links, 1, 1, [1; 8]);
    assert!(!links.may_deal(0, &friends), "seat 3 is not seated yet");
    // Seat 3 handed to the computer: the first deal is due with seat 1's.
    assert!(links.may_deal(0, &[1]) && links.first_deal_due(0, &[1]));
    seat_device(&mut links, 3, 3, [3; 8]);
    assert!(links.may_deal(0, &friends) && links.first_deal_due(0, &friends));
    // Once begun, it is not begun again; a later deal does not wait.
    let (words, sends) = links.begin_fair(0, [9; 32], &friends);
    assert!(
        words.is_none() && sends.len() == 2,
        "both committed to, both awaited"
    );
    assert!(!links.first_deal_due(0, &friends));
    links.link(3).lost();
    assert!(
        links.may_deal(1, &friends),
        "a later deal: the lost guest is absent"
    );
}

/// Decision 18, as a game starts: a game with friends is dealt on neither
/// page as it is set up (the table alone hands it over undealt, so that no
/// computer's lead can make its deal one already played), and online play's
/// page deals fairly the first deal of a game not begun, or one dealt and
/// untouched, never one with a card played.
#[test]
fn decision_18_a_game_with_friends_is_not_dealt_as_it_starts() {
    use duck_soup::net::host_link::first_deal_to_deal_fairly;
    use duck_soup::page::model::{Player, Setup};
    let mut setup = Setup::default_for(GameKind::Partnership);
    assert!(
        setup.dealt_at_once(),
        "against the computers: dealt at once"
    );
    setup.players[1] = Player::Friend;
    assert!(
        !setup.dealt_at_once(),
        "a friend's seat: not dealt as it starts"
    );

    let rules = Rules::parlett(GameKind::Partnership);
    let fresh = Game::new(rules, 2);
    let again = first_deal_to_deal_fairly(&fresh).expect("not begun: dealt fairly");
    assert_eq!(format!("{again:?}"), format!("{fresh:?}"));

    let mut dealt = fresh.clone();
    dealt
        .start_deal(random_deck(GameKind::Partnership, &mut Rng::new(4)), None)
        .unwrap();
    let undealt = first_deal_to_deal_fairly(&dealt).expect("untouched: taken back");
    assert_eq!(format!("{undealt:?}"), format!("{fresh:?}"));

    let lead = dealt.legal_moves().as_slice()[0];
    dealt.play(lead).unwrap();
    assert!(
        first_deal_to_deal_fairly(&dealt).is_none(),
        "a card played: the deal is kept"
    );
}

/// Decision 19: the host's page reloads: the table's id, the seats handed
/// to the computer and each seat's known guest come back from beside the
/// saved game, so the friend who comes back is named as before and not a
/// new device, and another device on the seat is.
#[test]
fn decision_19_a_hosts_reload_forgets_neither_who_held_a_seat_nor_the_seats_handed() {
    let mut before = HostLinks::default();
    before.new_invite(1, 5, [4; 6]);
    before.new_invite(2, 6, [4; 6]);
    seat_device(&mut before, 1, 1, [1; 8]);
    seat_device(&mut before, 2, 2, [2; 8]);
    let handed = [false, false, false, true];
    let text = before
        .saved("game-token", handed)
        .expect("a table")
        .to_text();

    // The page reloads: new links, the saved seats read back.
    let saved = SavedSeats::from_text(&text).expect("reads back");
    assert_eq!(
        (saved.game.as_str(), saved.table, saved.handed),
        ("game-token", [4; 6], handed)
    );
    let mut after = HostLinks::default();
    after.resume(&saved, &[false, true, true, false]);
    assert_eq!(
        after.table,
        Some([4; 6]),
        "the same table: guests keep their secrets for it"
    );
    seat_device(&mut after, 1, 1, [1; 8]);
    let friend = after.get(1).expect("seat 1");
    assert!(!friend.new_device, "the friend back is not a new device");
    assert_eq!(friend.name, "Device 1", "named as before");
    // Another device on seat 2 (not the one that held it) is new.
    seat_device(&mut after, 2, 9, [9; 8]);
    assert!(after.get(2).expect("seat 2").new_device);
    // Without the kept seats every device would be new: the mark means
    // "has not played this seat of this game before", reload or not.
    let mut forgot = HostLinks::default();
    forgot.new_invite(1, 5, [4; 6]);
    seat_device(&mut forgot, 1, 1, [1; 8]);
    assert!(forgot.get(1).expect("seat 1").new_device);
}
