//! A guest's side of online play as plain Rust (docs/protocol.md): its
//! hello (said again while the host's table shows its seat not connected,
//! or when the host says it never heard it), the host's messages read and
//! checked (size, form, version, flood), tables taken (a newer one
//! answers the move sent), its moves sent and their refusals, and the fair deals'
//! check. The page's `web::net::guest` carries out what this decides over
//! its WebRTC channel; `tests/protocol_sim.rs` over a simulated network.
//!
//! Sending is the one effect whose outcome matters here (a hello the
//! channel did not take is said again later), so the caller passes its
//! channel's `send`, which says whether the bytes were taken.

use super::fair::Random;
use super::fair_flow::{GuestFair, Ignored};
use super::protocol::{self, Dropped, Flood, GuestTable, LastMove, Reason, ToGuest, ToHost};
use super::verify::Code;
use crate::engine::{Game, Move};

/// The host's messages the guest reads at most: a burst, then per second.
/// (A host sends one table per move; a faster stream is not a game's.)
pub const FLOOD_BURST: u32 = 40;
pub const FLOOD_PER_SECOND: u32 = 20;

/// Where a guest's connection to its host stands.
#[derive(Clone, Debug, PartialEq)]
pub enum GuestState {
    /// The join page: the invite's seat and rules, a name, "Join".
    Joining,
    /// Making the reply (gathering candidates).
    Answering,
    /// The reply link is ready: waiting for the host to open it.
    Replied(String),
    Connected,
    /// The connection to the host is gone.
    Lost,
    Failed,
}

/// How often a guest says its hello again while no table has come
/// ([`GuestLink::hello_while_no_table`]), in milliseconds.
pub const HELLO_AGAIN_MS: u32 = 2_000;

/// The guest's channel to the host: sends bytes, and says whether the
/// channel took them (not open, or refused: nothing is on its way).
pub type Send<'a> = &'a mut dyn FnMut(&[u8]) -> bool;

/// A table from the host, read and taken: the game it makes, and how it
/// came.
#[derive(Clone, Debug)]
pub struct TableTaken {
    /// The game as the guest's seat knows it (`GuestTable::to_game`).
    pub game: Game,
    pub how: Taken,
}

/// How a table taken came.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Taken {
    /// The first table of this connection: the join page closes.
    pub first: bool,
    /// Newer than the one shown: it answers any move sent.
    pub newer: bool,
    /// The move that made it, for its call and its sound (a newer table's,
    /// not the first's).
    pub last: Option<LastMove>,
    /// A refused message's word on the table is out of date.
    pub refusal_out_of_date: bool,
}

/// What a message from the host means for the guest's page.
#[derive(Clone, Debug)]
pub enum GuestNews {
    /// Nothing to show.
    Nothing,
    /// A message refused (damaged, forged, too large, another version, an
    /// unreadable table): counted, and said on the table in one line.
    Refused(String),
    /// Over the flood limit and held: `held_due` in this many milliseconds.
    HoldFor(u32),
    /// A table, taken.
    Table(Box<TableTaken>),
    /// A fair deal's message, taken (the mark may change); a line for the
    /// console if it changed nothing (counted) or its answer was not sent.
    Fair(Option<String>),
    /// The latest move sent was refused, and why.
    MoveRefused { reason: Reason, sent: Option<Move> },
}

/// A guest's side of one table.
#[derive(Clone, Debug)]
pub struct GuestLink {
    pub seat: u8,
    pub state: GuestState,
    pub name: String,
    /// The latest table from the host.
    pub table: Option<GuestTable>,
    /// Messages from the host refused.
    pub dropped: u64,
    /// Whether the table says a message was refused (until a table is read).
    pub refusal_shown: bool,
    /// The verification code of the connection (`net::verify`), from the
    /// reply on: shown once the host's table is in over it.
    pub code: Option<Code>,
    /// The latest move sent (to word the host's refusal of it).
    pub sent: Option<Move>,
    /// The fair deals: the commitment held, the randomness sent, what the
    /// seat was shown, and every deal's verdict (`net::fair_flow`).
    pub fair: GuestFair,
    /// The latest move was sent again after the host said it had not read
    /// this guest's hello (once only: a second such refusal is shown).
    resent: bool,
    /// The token of this guest's reply (public: it names the reply's channel).
    pub token: [u8; 8],
    /// The guest's secret for this table (kept by the page across reloads).
    secret: [u8; 8],
    /// The hello was sent on this connection's channel.
    said_hello: bool,
    flood: Flood,
    /// The latest table over the flood limit, read again once the limit
    /// allows: each table is whole, so only the latest one counts, and it
    /// is never lost (a host that floods costs the guest one read per
    /// refill, never a render per message).
    held: Option<Vec<u8>>,
    /// The invite's table id.
    table_id: [u8; 6],
}

impl GuestLink {
    /// A guest of `table` (the invite's id) at `seat`, with its reply's
    /// `token` and its `secret` for the table.
    pub fn new(table: [u8; 6], seat: u8, token: [u8; 8], secret: [u8; 8]) -> GuestLink {
        GuestLink {
            seat,
            state: GuestState::Joining,
            name: String::new(),
            table: None,
            dropped: 0,
            refusal_shown: false,
            code: None,
            sent: None,
            fair: GuestFair::new(table, seat),
            resent: false,
            token,
            secret,
            said_hello: false,
            flood: Flood::new(FLOOD_BURST, FLOOD_PER_SECOND),
            held: None,
            table_id: table,
        }
    }

    /// The id of the host's table this guest joined (the invite's).
    pub fn table_id(&self) -> [u8; 6] {
        self.table_id
    }

    /// "Join" as `name`: a new connection (its hello not said yet).
    pub fn join(&mut self, name: &str) {
        self.name = super::invite::clean_name(name)
            .chars()
            .take(protocol::MAX_NAME_CHARS)
            .collect();
        self.said_hello = false;
    }

    /// The first words on the channel (once): the host hears no move before
    /// them. Said when the channel opens, or before the first move if that
    /// comes first (the open's event may be deferred behind the host's
    /// first table while the page is busy). False if the channel did not
    /// take it (said again before the next move).
    pub fn hello(&mut self, send: Send) -> bool {
        if self.said_hello {
            return true;
        }
        let hello = ToHost::Hello {
            token: self.token,
            secret: self.secret,
        };
        // (Said only once the channel took it: a hello lost would leave
        // every later move unheard.)
        self.said_hello = send(&hello.encode());
        self.said_hello
    }

    /// The channel opened: the hello.
    pub fn opened(&mut self, send: Send) -> bool {
        self.state = GuestState::Connected;
        self.hello(send)
    }

    /// Before the host's first table (the first deal waits for every
    /// friend to be seated, and no table is sent before it): the hello said
    /// again, as a hello lost as the channel opened would leave this seat
    /// empty and the deal waiting (the host takes the same hello as
    /// nothing). True while it should be said again in [`HELLO_AGAIN_MS`].
    pub fn hello_while_no_table(&mut self, send: Send) -> bool {
        if self.state != GuestState::Connected || self.table.is_some() {
            return false;
        }
        self.say_hello_again(send);
        true
    }

    /// The connection is gone: true if it was open (the table says so).
    pub fn lost(&mut self) -> bool {
        let was = self.state == GuestState::Connected;
        self.state = if was {
            GuestState::Lost
        } else {
            GuestState::Failed
        };
        was
    }

    /// The hello said once more, though the channel took it before.
    fn say_hello_again(&mut self, send: Send) {
        self.said_hello = false;
        self.hello(send);
    }

    /// Sends a move to the host, made on the table shown; false if the
    /// channel could not take it (then nothing is on its way, and the move
    /// may be made again).
    pub fn send_move(&mut self, mv: Move, send: Send) -> bool {
        self.resent = false;
        self.send_move_once(mv, send)
    }

    fn send_move_once(&mut self, mv: Move, send: Send) -> bool {
        self.hello(send);
        self.sent = Some(mv);
        let turn = self.table.as_ref().map_or(0, |t| t.turn);
        let message = ToHost::Move {
            seat: self.seat,
            turn,
            mv,
        };
        send(&message.encode())
    }

    /// The host refused the latest move as made before this guest's hello
    /// (`Reason::NoHello`: the hello was lost on its way). The hello is
    /// said again and the move sent once more, if it was made on the table
    /// the host still has (`turn`, the refusal's) and was not already sent
    /// again; true if it is on its way again.
    fn hello_again(&mut self, turn: u32, send: Send) -> bool {
        self.say_hello_again(send);
        let current = self.table.as_ref().is_some_and(|t| t.turn == turn);
        match self.sent.filter(|_| current && !self.resent) {
            Some(mv) => {
                self.resent = true;
                self.send_move_once(mv, send)
            }
            None => false,
        }
    }

    /// A message from the host (or one dropped unread for its size, which
    /// counts against the flood limit like any other) arriving at
    /// `now_ms`, checked and carried out. A table over the flood limit is
    /// held, the latest in place of any earlier one, and read again when
    /// the limit allows ([`GuestLink::held_due`]); any other message over
    /// it is dropped, and never in place of a held table: only a later
    /// table makes one out of date. `fresh`: this device's randomness for
    /// a fair deal's commitment.
    pub fn receive(
        &mut self,
        message: Result<&[u8], Dropped>,
        now_ms: f64,
        fresh: &mut dyn FnMut() -> Option<Random>,
        send: Send,
    ) -> GuestNews {
        let admitted = self.flood.admit(now_ms);
        let mut hold = None;
        if let Ok(bytes) = message {
            if ToGuest::is_table(bytes) {
                match admitted {
                    Err(Dropped::Flood) => {
                        let waiting = self.held.replace(bytes.to_vec()).is_some();
                        // The first one held starts the wait for the next refill.
                        hold = (!waiting).then_some(1000 / FLOOD_PER_SECOND);
                    }
                    _ => self.held = None,
                }
            }
        }
        let read = admitted.and(message).and_then(ToGuest::decode);
        match read {
            // Held, to be read once the flood limit allows: not refused.
            Err(Dropped::Flood) => hold.map_or(GuestNews::Nothing, GuestNews::HoldFor),
            Err(why) => self.refused(why.to_string()),
            Ok(ToGuest::Table(table)) => {
                if table.connected.get(self.seat as usize) == Some(&false) {
                    // While the host's table shows this seat not connected,
                    // the host has not heard the hello (a channel's first
                    // message can be lost as it opens): said again, once
                    // per such table.
                    self.say_hello_again(send);
                }
                self.take_table(*table)
            }
            Ok(ToGuest::Commit { deal, commitment }) => {
                // This device's part of the deal, fresh from its crypto randomness.
                let Some(fresh) = fresh() else {
                    return GuestNews::Nothing;
                };
                match self.fair.commit(deal, commitment, fresh) {
                    Ok(answer) => GuestNews::Fair((!send(&answer.encode())).then(|| {
                        "this device's randomness not sent: the channel did not take it".into()
                    })),
                    Err(why) => self.fair_ignored(why),
                }
            }
            Ok(ToGuest::Reveal { deal, reveal }) => match self.fair.reveal(deal, reveal) {
                Ok(_) => GuestNews::Fair(None),
                Err(why) => self.fair_ignored(why),
            },
            // The host had not read this guest's hello: said again, and
            // the move with it; still on its way, nothing to show.
            Ok(ToGuest::Refused { turn, reason })
                if reason == Reason::NoHello && self.hello_again(turn, send) =>
            {
                GuestNews::Nothing
            }
            Ok(ToGuest::Refused { reason, .. }) => GuestNews::MoveRefused {
                reason,
                sent: self.sent,
            },
            Ok(ToGuest::Pong { .. }) => GuestNews::Nothing,
        }
    }

    /// The table held over the flood limit, due to be read again.
    pub fn held_due(&mut self) -> Option<Vec<u8>> {
        self.held.take()
    }

    fn refused(&mut self, why: String) -> GuestNews {
        self.dropped += 1;
        self.refusal_shown = true;
        GuestNews::Refused(why)
    }

    fn fair_ignored(&mut self, why: Ignored) -> GuestNews {
        self.dropped += 1;
        GuestNews::Fair(Some(format!(
            "a message from the host changed nothing: {why}"
        )))
    }

    /// A table from the host: checked (`GuestTable::to_game`, and of this
    /// guest's seat), recorded for the fair deal's check, and taken: the
    /// channel is ordered, so the latest to come is the host's latest. (A
    /// forged one of a later turn must not stop the host's next tables:
    /// the turn only says whether the table answers a move sent.)
    fn take_table(&mut self, table: GuestTable) -> GuestNews {
        let game = match table.to_game() {
            Ok(game) if table.deal.as_ref().is_some_and(|d| d.seat == self.seat) => game,
            Ok(_) => return self.refused("a table of another seat".into()),
            Err(why) => return self.refused(why.to_string()),
        };
        // Recorded for the fair deal's check (its verdict shows at once).
        self.fair.table(&table, &game);
        let first = self.table.is_none();
        let newer = self.table.as_ref().is_none_or(|old| table.turn > old.turn);
        let last = table.last.filter(|_| newer && !first);
        self.state = GuestState::Connected;
        self.table = Some(table);
        let refusal_out_of_date = std::mem::take(&mut self.refusal_shown);
        GuestNews::Table(Box::new(TableTaken {
            game,
            how: Taken {
                first,
                newer,
                last,
                refusal_out_of_date,
            },
        }))
    }
}
