//! The host's side of online play as plain Rust (docs/protocol.md): one
//! [`HostLink`] per seat played on a friend's device, and [`HostLinks`]
//! over them with the table's id and its fair deal. Every decision is made
//! here: events in (a channel opened, bytes received, the seat asked, the
//! table changed, a reply taken, ...), [`LinkEffect`]s out (send these
//! bytes, hand this move to the game, say this on the console, ...). The
//! page's `web::net::remote_seat` only carries them out over its WebRTC
//! channels and timers; `tests/protocol_sim.rs` over a simulated network.

use super::fair::Random;
use super::fair_flow::{HostDeal, HostStage, Words};
use super::invite::{clean_name, Reply};
use super::protocol::{
    self, Dropped, Flood, GuestTable, Judged, LastMove, Refusal, SeatAwaits, ToGuest, ToHost,
};
use super::verify::Code;
use crate::codec::{self, b64, Reader, Writer};
use crate::engine::{Deal, Game, Move};

/// Where a remote seat's connection stands.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkState {
    /// Making the invite (gathering candidates).
    Inviting,
    /// The invite is ready: waiting for the guest's reply.
    Invited(String),
    /// The reply is in: the connection is opening.
    Connecting,
    Connected,
    /// Was connected, is no longer: the seat waits for a new reply.
    Lost,
    /// The connection could not be made (no route without a relay server).
    Failed,
}

/// What the host's page does for a link.
#[derive(Clone, Debug, PartialEq)]
pub enum LinkEffect {
    /// Sends these bytes to the seat's guest (if its channel is there).
    Send(Vec<u8>),
    /// Hands the guest's move to the game: the answer to the request `ticket`.
    Play { ticket: u64, mv: Move },
    /// Calls [`HostLink::handing_due`] with `ticket` once the asking call
    /// has returned (the controller that asks is busy until then).
    HandSoon { ticket: u64 },
    /// The guest is greeted: the tables and the invites show it.
    Greeted,
    /// A guest's randomness for the fair deal (`HostLinks::fair_part`).
    FairPart { deal: u32, random: Random },
    /// A line for the console (a message dropped, so a lost move can be traced).
    Say(String),
}

/// The seat's request for a move, as the host asked it.
#[derive(Clone, Debug)]
struct Asked {
    ticket: u64,
    /// The deal as the seat sees it.
    deal: Deal,
}

/// One remote seat's connection and what the host knows of its guest.
#[derive(Clone, Debug)]
pub struct HostLink {
    pub seat: u8,
    pub state: LinkState,
    pub name: String,
    /// Messages dropped from this guest (malformed, oversized, flood).
    pub dropped: u64,
    /// Messages that reached this link on its latest connection, and how
    /// many of them were dropped (what the console is told is per
    /// connection).
    heard_here: u32,
    dropped_here: u32,
    /// The latest invite's nonce: a reply to an older invite is stale.
    pub nonce: u32,
    /// The token of the reply taken (public, in the reply link): only a
    /// channel whose hello carries it is heard.
    token: Option<[u8; 8]>,
    /// The secret of the guest greeted on this seat's channel (it came in
    /// the hello, over the encrypted channel, never in a link).
    secret: Option<[u8; 8]>,
    /// The guest who held the seat before the latest reply, and its name:
    /// a hello with that secret is that guest back, and keeps the name.
    held_by: Option<([u8; 8], String)>,
    /// The channel's first words carried that token: only then are its
    /// moves heard (a channel that cannot name the reply plays nothing).
    pub greeted: bool,
    /// The certificate fingerprint of the latest invite's offer, and the
    /// verification code it makes with the reply taken (`net::verify`).
    offered: Option<[u8; 32]>,
    pub code: Option<Code>,
    /// The device greeted did not carry the secret of the seat's earlier
    /// guest: it has not played this seat before.
    pub new_device: bool,
    flood: Flood,
    turn: u32,
    asked: Option<Asked>,
    /// A move the guest made on the latest table before the host asked its
    /// seat (the host shows a finished trick a moment before asking the
    /// next player, and the guest's table already says whose turn it is):
    /// checked and played when the seat is asked, refused as stale if the
    /// table changes first.
    early: Option<Move>,
    /// The early move handed to the game once the seat was asked (it is
    /// played after the asking call returns), with the request it answers:
    /// put back as early if the seat's turn is cancelled before it is
    /// played, and then handed only with the next request, so it is never
    /// lost.
    handing: Option<(u64, Move)>,
    /// The last table sent (sent again when the channel opens).
    table: Option<Vec<u8>>,
}

impl HostLink {
    pub fn new(seat: u8) -> HostLink {
        HostLink {
            seat,
            state: LinkState::Inviting,
            name: String::new(),
            dropped: 0,
            heard_here: 0,
            dropped_here: 0,
            nonce: 0,
            token: None,
            secret: None,
            held_by: None,
            greeted: false,
            offered: None,
            code: None,
            new_device: false,
            flood: Flood::new(20, 10),
            turn: 0,
            asked: None,
            early: None,
            handing: None,
            table: None,
        }
    }

    /// Whether the guest is connected and its hello heard.
    pub fn connected(&self) -> bool {
        self.state == LinkState::Connected && self.greeted
    }

    /// Whether the seat needs an invite: no connection, or a broken one.
    pub fn needs_invite(&self, has_connection: bool) -> bool {
        !has_connection || matches!(self.state, LinkState::Lost | LinkState::Failed)
    }

    fn refused(&self, why: &Refusal) -> LinkEffect {
        LinkEffect::Send(
            ToGuest::Refused {
                turn: self.turn,
                reason: why.reason(),
            }
            .encode(),
        )
    }

    fn dropped_line(&self, why: &str) -> LinkEffect {
        LinkEffect::Say(format!(
            "seat {}: a guest's message dropped: {why}",
            self.seat
        ))
    }

    /// A new invite for the seat: a new connection, with the fresh
    /// `nonce` (never the last one: a reply to an older invite is told
    /// from the latest's).
    pub fn new_invite(&mut self, fresh: u32) {
        // (The old connection's code goes with it.)
        (self.offered, self.code) = (None, None);
        (self.heard_here, self.dropped_here) = (0, 0);
        self.nonce = if fresh == self.nonce {
            fresh ^ 1
        } else {
            fresh
        };
        self.state = LinkState::Inviting;
    }

    /// The invite could not be made (no connection, no randomness).
    pub fn invite_failed(&mut self) {
        self.state = LinkState::Failed;
    }

    /// The invite's offer is ready: `packed`, its link's fragment, made
    /// with the certificate `fingerprint`.
    pub fn offered(&mut self, fingerprint: [u8; 32], packed: String) {
        self.offered = Some(fingerprint);
        self.state = LinkState::Invited(packed);
    }

    /// The channel opened: the last table is sent again.
    pub fn opened(&mut self) -> Vec<LinkEffect> {
        self.state = LinkState::Connected;
        match &self.table {
            Some(t) => vec![LinkEffect::Send(t.clone())],
            None => Vec::new(),
        }
    }

    /// The connection is gone (or never opened).
    pub fn lost(&mut self) {
        // (A lost or failed connection is kept until the seat's next invite
        // or the computer takes the seat: "disconnected" can be passing, and
        // a connection still opening may yet open.)
        if self.state == LinkState::Connected {
            self.state = LinkState::Lost;
        } else if self.state == LinkState::Connecting {
            self.state = LinkState::Failed;
        }
    }

    pub fn failed(&mut self) {
        self.state = LinkState::Failed;
    }

    /// A guest's message (or one dropped unread for its size, which counts
    /// against the flood limit like any other) arriving at `now_ms`:
    /// checked, and either answered here or turned into effects.
    pub fn receive(&mut self, message: Result<&[u8], Dropped>, now_ms: f64) -> Vec<LinkEffect> {
        self.heard_here += 1;
        let read = self
            .flood
            .admit(now_ms)
            .and(message)
            .and_then(ToHost::decode);
        let message = match read {
            Ok(m) => m,
            Err(why) => {
                self.dropped += 1;
                self.dropped_here += 1;
                // Said once per connection: a flood costs no more than a counter.
                if self.dropped_here == 1 {
                    return vec![self.dropped_line(&why.to_string())];
                }
                return Vec::new();
            }
        };
        match message {
            ToHost::Hello { token, secret } => self.hello(token, secret),
            ToHost::Ping { n, .. } => vec![LinkEffect::Send(ToGuest::Pong { n }.encode())],
            ToHost::Move { seat, turn, mv } => self.guest_move(seat, turn, mv),
            ToHost::Randomness { deal, random } => {
                // (Only a channel whose hello named the reply speaks for the seat.)
                if self.greeted {
                    vec![LinkEffect::FairPart { deal, random }]
                } else {
                    self.dropped += 1;
                    vec![self.dropped_line("randomness before the guest's hello")]
                }
            }
        }
    }

    /// A hello proves the channel is the reply's (its token) and who sent
    /// the reply (its secret); it renames nobody but a guest proven to be
    /// back, who gets its name again.
    fn hello(&mut self, token: [u8; 8], secret: [u8; 8]) -> Vec<LinkEffect> {
        if self.greeted && self.token == Some(token) && self.secret == Some(secret) {
            // Said again before its table showed the seat connected: heard
            // already, and harmless.
            return Vec::new();
        }
        if self.token != Some(token) || self.greeted {
            self.dropped += 1;
            return vec![self.dropped_line(if self.greeted {
                "a second hello, not the first's"
            } else {
                "a hello with another reply's token"
            })];
        }
        self.greeted = true;
        self.secret = Some(secret);
        let back = self.held_by.take().filter(|(s, _)| *s == secret);
        self.new_device = back.is_none();
        if let Some((_, name)) = back {
            self.name = name;
        }
        // The tables show it (and, back, named as before). Only then: any
        // other message, dropped or not, costs the host no render, so a
        // flood cannot stall the table.
        vec![LinkEffect::Greeted]
    }

    /// A guest's move, made on its table of move count `turn`: judged
    /// (`protocol::judge_move`), and either the answer to the seat's
    /// request, kept for it (early), or refused with its reason.
    fn guest_move(&mut self, seat: u8, turn: u32, mv: Move) -> Vec<LinkEffect> {
        let at = SeatAwaits {
            seat: self.seat,
            greeted: self.greeted,
            turn: self.turn,
            asked: self.asked.as_ref().map(|a| &a.deal),
            kept: self.early.is_some(),
        };
        match protocol::judge_move(&at, seat, turn, mv) {
            Judged::Play(mv) => match self.asked.take() {
                Some(a) => vec![LinkEffect::Play {
                    ticket: a.ticket,
                    mv,
                }],
                None => Vec::new(),
            },
            Judged::Keep(mv) => {
                // Kept for when the seat is asked (`asked`).
                self.early = Some(mv);
                Vec::new()
            }
            Judged::Refuse(why) => {
                let mut out = Vec::new();
                if why == Refusal::NoHello {
                    // Not played, but answered: a guest whose hello was lost
                    // says it again and sends the move once more, rather
                    // than wait for ever on a move the host never heard.
                    self.dropped += 1;
                    let heard = self.heard_here;
                    out.push(self.dropped_line(&format!(
                        "a move before the guest's hello (message {heard} on this connection)"
                    )));
                }
                out.push(self.refused(&why));
                out
            }
        }
    }

    /// The host asks the seat for its move (request `ticket`, `deal` as
    /// the seat sees it): a move kept early is checked and handed soon, or
    /// refused; else the guest's next move answers.
    pub fn asked(&mut self, ticket: u64, deal: Deal) -> Vec<LinkEffect> {
        let mut out = Vec::new();
        if let Some(mv) = self.early.take() {
            match protocol::check_asked(&deal, mv) {
                Ok(()) => {
                    self.handing = Some((ticket, mv));
                    return vec![LinkEffect::HandSoon { ticket }];
                }
                Err(why) => out.push(self.refused(&why)),
            }
        }
        self.asked = Some(Asked { ticket, deal });
        out
    }

    /// The early move handed with request `ticket` is due: played, unless
    /// it was put back meanwhile (and handed again with a newer request:
    /// that one's).
    pub fn handing_due(&mut self, ticket: u64) -> Vec<LinkEffect> {
        match self.handing {
            Some((t, mv)) if t == ticket => {
                self.handing = None;
                vec![LinkEffect::Play { ticket, mv }]
            }
            _ => Vec::new(),
        }
    }

    /// The seat's turn is cancelled (its move came, or the game moved on).
    pub fn cancel(&mut self) {
        self.asked = None;
        if let Some((_, mv)) = self.handing.take() {
            self.early = Some(mv);
        }
    }

    /// The reply `reply` to this seat's invite: taken if it answers the
    /// latest invite and no other reply did first. The page then accepts
    /// its connection.
    pub fn take_reply(&mut self, reply: &Reply) -> Result<(), ReplyError> {
        if reply.to.nonce != self.nonce {
            return Err(ReplyError::Stale);
        }
        match self.state {
            LinkState::Invited(_) => {}
            // (Still making the invite: no reply can answer it yet.)
            LinkState::Inviting => return Err(ReplyError::Stale),
            // The latest invite, answered already: by this reply, or by
            // another device's (whoever answers first takes the seat).
            _ if self.token == Some(reply.token) => return Err(ReplyError::Again),
            _ => return Err(ReplyError::Answered),
        }
        self.code = self
            .offered
            .map(|host| Code::between(&host, &reply.connection.fingerprint));
        self.new_device = false;
        // Named as the reply says until its hello proves whether it is the
        // guest who held the seat before (then named as before).
        if let Some(secret) = self.secret.take() {
            self.held_by = Some((secret, std::mem::take(&mut self.name)));
        }
        self.name = clean_name(&reply.guest_name)
            .chars()
            .take(protocol::MAX_NAME_CHARS)
            .collect();
        self.token = Some(reply.token);
        self.greeted = false;
        self.state = LinkState::Connecting;
        Ok(())
    }

    /// The guest the seat knows (the one greeted, else the one who held
    /// it before the latest reply): its secret and name, kept with the
    /// saved game ([`SavedSeats`]).
    pub fn known_guest(&self) -> Option<([u8; 8], String)> {
        match self.secret {
            Some(secret) => Some((secret, self.name.clone())),
            None => self.held_by.clone(),
        }
    }

    /// The guest the seat knew before the host's page reloaded, back from
    /// the saved game: a hello with its secret is that guest back (named
    /// as before, not a new device); any other device is new.
    pub fn resume_guest(&mut self, secret: [u8; 8], name: String) {
        if self.secret.is_none() && self.held_by.is_none() {
            self.held_by = Some((secret, name));
        }
    }

    /// The game changed (now at move count `turn`): the seat's table,
    /// `table`, is sent; a move kept early was made on a table that is gone.
    pub fn table_changed(&mut self, turn: u32, table: GuestTable) -> Vec<LinkEffect> {
        let mut out = Vec::new();
        if self.turn != turn && self.early.take().is_some() {
            out.push(self.refused(&Refusal::Stale));
        }
        self.turn = turn;
        let bytes = ToGuest::Table(Box::new(table)).encode();
        out.push(LinkEffect::Send(bytes.clone()));
        self.table = Some(bytes);
        out
    }
}

/// What the host's page keeps of its friends' seats beside its saved game
/// (the browser's storage, the host's own: it holds every card already),
/// so that a reload forgets nothing: the seats handed from a friend to the
/// computer (the game's record stays withheld for the whole game), and
/// each seat's known guest (its secret and name), by which a device that
/// comes back is named as before and any other marked *New device*.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SavedSeats {
    /// The saved game's token: another game's seats are never taken.
    pub game: String,
    /// The table's id (its invites' and its fair deals'): kept, so that a
    /// guest's device, which keeps its secret per table, is known again.
    pub table: [u8; 6],
    pub handed: [bool; 4],
    pub guests: [Option<([u8; 8], String)>; 4],
}

const SAVED_SEATS_VERSION: u8 = 1;

impl SavedSeats {
    /// As stored: base64url of the version, the game's token, the handed
    /// seats (a bit each) and each seat's guest (an option: its secret and
    /// name), written by the codec.
    pub fn to_text(&self) -> String {
        let mut w = Writer::new();
        w.byte(SAVED_SEATS_VERSION);
        w.text(&self.game, 32);
        w.bytes(&self.table);
        let handed = (0..4).fold(0u8, |bits, s| bits | u8::from(self.handed[s]) << s);
        w.byte(handed);
        for guest in &self.guests {
            w.bool(guest.is_some());
            if let Some((secret, name)) = guest {
                w.bytes(secret);
                w.text(name, 4 * protocol::MAX_NAME_CHARS);
            }
        }
        b64::encode(w.as_bytes())
    }

    /// Stored text read back; refused in one line if it is not what
    /// [`SavedSeats::to_text`] writes.
    pub fn from_text(text: &str) -> Result<SavedSeats, codec::Error> {
        let bytes = b64::decode(text).ok_or(codec::Error::Invalid("base64url"))?;
        let mut r = Reader::new(&bytes);
        if r.byte("the version")? != SAVED_SEATS_VERSION {
            return Err(codec::Error::Invalid("the version"));
        }
        let game = r.text(32, "the game's token")?;
        let table = r.array::<6>("the table's id")?;
        let bits = r.byte("the handed seats")?;
        if bits > 0xf {
            return Err(codec::Error::Invalid("the handed seats"));
        }
        let mut saved = SavedSeats {
            game,
            table,
            handed: std::array::from_fn(|s| bits >> s & 1 == 1),
            guests: Default::default(),
        };
        for guest in &mut saved.guests {
            if r.bool("a seat's guest")? {
                let secret = r.array::<8>("a guest's secret")?;
                *guest = Some((
                    secret,
                    r.text(4 * protocol::MAX_NAME_CHARS, "a guest's name")?,
                ));
            }
        }
        r.end()?;
        Ok(saved)
    }
}

/// What the host does when a deal is asked for ([`HostLinks::ask_deal`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealAsked {
    /// The table deals it at once, from its own randomness: no friend plays,
    /// the host's page is not playing its game (a guest's, a practice), or
    /// no deal is due (one in progress, the game over), or the browser has
    /// no crypto randomness for a secret.
    Plain,
    /// Nothing: the guests' parts of the deal begun are still coming.
    Awaiting,
    /// The first deal waits for every friend to be seated.
    NotSeated,
    /// Committed: the guests' parts are awaited until the wait's end.
    Committed { deal: u32 },
    /// Committed with no guest connected to wait for: deal these words.
    Dealt(Box<Words>),
}

/// A game with friends whose first deal is still to be dealt fairly (a
/// game the table alone handed to online play's page, or one saved before
/// its first card): the game before that deal. A first deal dealt already
/// from one device's randomness alone (as older pages did) and not yet
/// played is taken back; one with a card played is kept.
pub fn first_deal_to_deal_fairly(game: &Game) -> Option<Game> {
    let begun = game.log().len();
    let untouched = begun == 1 && game.log()[0].moves.is_empty() && game.in_deal();
    if begun == 0 && !game.is_over() {
        Some(game.clone())
    } else {
        untouched.then(|| Game::new(*game.rules(), game.first_dealer()))
    }
}

/// Why a reply was not taken.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplyError {
    Pack(super::invite::PackError),
    /// A reply to another table (another host, or this host before a new game).
    OtherTable,
    NoSuchSeat,
    /// A reply to an older invite for the seat.
    Stale,
    /// A reply to the seat's latest invite, which another reply answered first.
    Answered,
    /// The reply taken already, again.
    Again,
}

/// What every guest is told after a change.
pub struct News<'a> {
    pub game: &'a Game,
    /// Who plays each seat (`host`, `friend`, a level's name).
    pub who: Vec<String>,
    pub last: Option<LastMove>,
}

/// The host's remote seats, by seat, with the table's id and its fair deal.
#[derive(Clone, Debug, Default)]
pub struct HostLinks {
    /// The table's random id, made with its first invite.
    pub table: Option<[u8; 6]>,
    pub links: [Option<HostLink>; 4],
    /// The fair deal in hand (`net::fair_flow`): committed, dealt or revealed.
    fair: Option<HostDeal>,
    /// The move count the guests are told only grows: a new game's (or a
    /// game taken back's) counts on from the last one sent, so that a guest
    /// tells an older table from a newer one in every game.
    turn_base: u32,
    last_count: u32,
}

/// Effects for the seats' links: (seat, effect).
pub type SeatEffects = Vec<(u8, LinkEffect)>;

/// `effects` of `seat`'s link added to `out`. (A loop, not an iterator's
/// adapters: their code would cost the page more.)
fn add_for(out: &mut SeatEffects, seat: u8, effects: Vec<LinkEffect>) {
    for e in effects {
        out.push((seat, e));
    }
}

impl HostLinks {
    /// `seat`'s link, made when first needed.
    pub fn link(&mut self, seat: u8) -> &mut HostLink {
        self.links[seat as usize & 3].get_or_insert_with(|| HostLink::new(seat))
    }

    /// `seat`'s link, if the seat is a friend's.
    pub fn get(&self, seat: u8) -> Option<&HostLink> {
        self.links.get(seat as usize)?.as_ref()
    }

    /// Forgets the seats no longer played remotely (a new game's set-up).
    pub fn keep_only(&mut self, remote: &[bool]) {
        for (s, l) in self.links.iter_mut().enumerate() {
            if !remote.get(s).copied().unwrap_or(false) {
                *l = None;
            }
        }
    }

    /// A new invite for `seat` with fresh randomness (`fresh` for its
    /// nonce; `table_id` names the table from its first invite on).
    pub fn new_invite(&mut self, seat: u8, fresh: u32, table_id: [u8; 6]) {
        self.table.get_or_insert(table_id);
        self.link(seat).new_invite(fresh);
    }

    /// A reply (unpacked) for this table: taken by the seat whose latest
    /// invite it answers. The seat, for the page to accept its connection.
    pub fn take_reply(&mut self, reply: &Reply) -> Result<u8, ReplyError> {
        if Some(reply.to.table) != self.table {
            return Err(ReplyError::OtherTable);
        }
        let Some(link) = self
            .links
            .get_mut(reply.to.seat as usize)
            .and_then(Option::as_mut)
        else {
            return Err(ReplyError::NoSuchSeat);
        };
        link.take_reply(reply)?;
        Ok(reply.to.seat)
    }

    /// Every connected guest's seat table after a change (and the fair
    /// deal's reveal once the deal is over).
    pub fn broadcast(&mut self, news: &News) -> SeatEffects {
        let count = protocol::turn_of(news.game);
        if count < self.last_count {
            self.turn_base += self.last_count + 1;
        }
        self.last_count = count;
        if news.game.log().is_empty() {
            // No table before the first deal (it waits for the friends to
            // be seated): a guest's table shows a deal. Nor is a table of
            // the game before it sent again as a channel opens.
            for l in self.links.iter_mut().flatten() {
                l.table = None;
            }
            return Vec::new();
        }
        let n = news.game.kind().seats();
        let turn = self.turn_base + count;
        let mut names = vec![String::new(); n];
        let mut connected = vec![true; n];
        for l in self.links.iter().flatten() {
            if (l.seat as usize) < n {
                names[l.seat as usize] = l.name.clone();
                // Connected once its hello is heard: a guest whose table
                // says its own seat is not says its hello again.
                connected[l.seat as usize] = l.connected();
            }
        }
        let mut out = Vec::new();
        for l in self.links.iter_mut().flatten() {
            if l.seat as usize >= n {
                continue;
            }
            let mut table = protocol::guest_table(news.game, l.seat, turn, &names, &connected);
            table.who = news.who.clone();
            table.last = news.last;
            let effects = l.table_changed(turn, table);
            add_for(&mut out, l.seat, effects);
        }
        self.reveal_if_over(news.game, &mut out);
        out
    }

    /// Begins deal number `deal` fairly (`net::fair_flow::HostDeal`): the
    /// commitment to `secret` goes to every connected friend of `friends`
    /// (their seats, in order). The deck's words if nothing is awaited.
    pub fn begin_fair(
        &mut self,
        deal: u32,
        secret: Random,
        friends: &[u8],
    ) -> (Option<Words>, SeatEffects) {
        let seats: Vec<(u8, bool)> = friends
            .iter()
            .map(|&s| (s, self.get(s).is_some_and(HostLink::connected)))
            .collect();
        let (fair, sends, words) =
            HostDeal::begin(self.table.unwrap_or_default(), deal, secret, &seats);
        let mut out = Vec::new();
        for (seat, message) in sends {
            out.push((seat, LinkEffect::Send(message.encode())));
        }
        self.fair = Some(fair);
        (words, out)
    }

    /// What the host keeps beside the saved game `game` (its token), but
    /// the handed seats, which the controller holds.
    pub fn saved(&self, game: &str, handed: [bool; 4]) -> Option<SavedSeats> {
        Some(SavedSeats {
            game: game.to_string(),
            table: self.table?,
            handed,
            guests: std::array::from_fn(|s| self.links[s].as_ref()?.known_guest()),
        })
    }

    /// The saved game's seats back, before any invite is made (the host's
    /// page reloaded): the table's id, and each seat's known guest for the
    /// seats `remote` (still played on friends' devices).
    pub fn resume(&mut self, saved: &SavedSeats, remote: &[bool]) {
        self.table = Some(saved.table);
        for (s, guest) in saved.guests.iter().enumerate() {
            if let (Some((secret, name)), true) = (guest, remote.get(s) == Some(&true)) {
                self.link(s as u8).resume_guest(*secret, name.clone());
            }
        }
    }

    /// A deal is asked for (the person's *Next deal*, the timer's with
    /// nobody at the table, or the friends seated for the first): how it is
    /// made. `friends`: the seats played on friends' devices; `playing`: the
    /// host's page plays its own game; `secret`: fresh randomness for a
    /// commitment, if the browser has any. The commitments to send, if any.
    pub fn ask_deal(
        &mut self,
        game: &Game,
        friends: &[u8],
        playing: bool,
        secret: Option<Random>,
    ) -> (DealAsked, SeatEffects) {
        let due = !game.in_deal() && !game.is_over();
        let deals = game.log().len();
        let Some(secret) = secret.filter(|_| !friends.is_empty() && playing && due) else {
            return (DealAsked::Plain, Vec::new());
        };
        if self.fair_awaiting() {
            // (Asked again while the guests' parts come: one deal at a time.)
            return (DealAsked::Awaiting, Vec::new());
        }
        if !self.may_deal(deals, friends) {
            return (DealAsked::NotSeated, Vec::new());
        }
        let deal = deals as u32;
        match self.begin_fair(deal, secret, friends) {
            (Some(words), effects) => (DealAsked::Dealt(Box::new(words)), effects),
            (None, effects) => (DealAsked::Committed { deal }, effects),
        }
    }

    /// Whether the next deal may begin: a game's first deal waits until
    /// every friend's seat is connected (its guest's hello heard), so that
    /// each friend adds its randomness to it, as a real table deals once
    /// everyone has sat down; a later deal begins when asked (a guest away
    /// then is absent from it, and its page shows the deal not checked).
    pub fn may_deal(&self, deals_begun: usize, friends: &[u8]) -> bool {
        deals_begun > 0
            || friends
                .iter()
                .all(|&s| self.get(s).is_some_and(HostLink::connected))
    }

    /// Whether the first deal, waiting for the friends to be seated, may
    /// begin now (none of it begun yet).
    pub fn first_deal_due(&self, deals_begun: usize, friends: &[u8]) -> bool {
        deals_begun == 0 && self.fair.is_none() && self.may_deal(0, friends)
    }

    /// Whether the host waits for its guests' randomness.
    pub fn fair_awaiting(&self) -> bool {
        self.fair
            .as_ref()
            .is_some_and(|f| f.stage() == HostStage::Awaiting)
    }

    /// A guest's randomness: the deck's words once the last one awaited is
    /// in; or the console's line if it changed nothing.
    pub fn fair_part(
        &mut self,
        seat: u8,
        deal: u32,
        random: Random,
    ) -> Result<Option<Words>, String> {
        let Some(fair) = self.fair.as_mut() else {
            return Ok(None);
        };
        fair.randomness(seat, deal, random)
            .map_err(|why| format!("seat {seat}: a guest's message changed nothing: {why}"))
    }

    /// The wait for deal `deal`'s randomness is over: the deck's words.
    pub fn fair_timeout(&mut self, deal: u32) -> Option<Words> {
        self.fair.as_mut()?.timeout(deal)
    }

    /// `seat`'s guest is gone: the deck's words if it was the last awaited.
    pub fn fair_lost(&mut self, seat: u8) -> Option<Words> {
        self.fair.as_mut()?.lost(seat)
    }

    /// A new game: no fair deal in hand.
    pub fn fair_forget(&mut self) {
        self.fair = None;
    }

    /// Once the fair deal is over, its reveal goes to every guest (after
    /// its last table: the channel keeps the order).
    fn reveal_if_over(&mut self, game: &Game, out: &mut SeatEffects) {
        let Some(fair) = &mut self.fair else { return };
        let over = game.log().len() == fair.deal() as usize + 1 && !game.in_deal();
        if !over {
            return;
        }
        let Some(reveal) = fair.over() else { return };
        let bytes = reveal.encode();
        for l in self.links.iter().flatten() {
            out.push((l.seat, LinkEffect::Send(bytes.clone())));
        }
    }
}
