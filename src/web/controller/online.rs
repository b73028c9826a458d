//! Online play, the controller's side. On the host's device the game runs
//! as always and the seats played on friends' devices are remote seat
//! players (`net::remote_seat`): every change is sent to each guest as its
//! seat's table. On a guest's device the controller is in guest mode: its
//! game is the host's table as its seat sees it (`Game::seen`), nothing is
//! saved or dealt here, and a move is sent to the host instead of played.

use super::parts::{Holds, OnlineOnly, OnlinePlay, Page, WithOnline};
use super::seats::SeatPlayer;
use super::{Controller, Mode};
use crate::engine::Move;
use crate::net::host_link::DealAsked;
use crate::net::invite::Invite;
use crate::net::protocol::{Dropped, LastMove};
use crate::net::stun::Ice;
use crate::page::dialog::{
    DialogKind, Invited, InvitesShown, JoinShown, OnlineDialog, OnlineShown, OpenDialog,
    ServersNotes,
};
use crate::page::guest;
use crate::page::guest_flow::GuestEffect;
use crate::page::model::{Action, Closed, NetInput, Player, ServersForm, TableAction};
use crate::page::online::reply_words;
use crate::page::online::FairMark;
use crate::page::table::Delay;
use crate::page::table::Msg;
use crate::web::i18n::K;
pub use crate::web::net::guest::Guest;
use crate::web::net::guest::GuestState;
use crate::web::net::handoff::{self, Listener};
use crate::web::net::remote_seat::{Host, News};
use crate::web::net::rtc::PeerEvent;
use crate::web::net::{self, ui, NetEvent};
use crate::web::view::full::OnlineWriters;
use gloo::timers::callback::Timeout;

/// How long a connection may take to open once the reply is in.
const CONNECT_MS: u32 = 20_000;

/// How long the host waits for its guests' randomness before a deal.
const FAIR_WAIT_MS: u32 = crate::net::fair_flow::WAIT_MS;

#[derive(Default)]
pub struct Online {
    host: Host,
    /// The latest move played here (guests are told it, for its call and sound).
    last: Option<LastMove>,
    /// Replies handed over by other tabs of this browser: listened to only
    /// while a seat waits for one (`Controller::listen_for_replies`).
    handoff: Option<Listener>,
    /// The reply box's one-line message.
    reply_error: Option<String>,
    /// The STUN servers and the relay, or "same network only" (`web::net::Stun`).
    stun: net::Stun,
    /// Seats handed from a friend to the computer this game (they may be handed back).
    handed: [bool; 4],
    /// The servers' fields as last typed, for the online dialogs.
    notes: ServersNotes,
    /// Whether the seats kept beside the saved game were read back.
    seats_read: bool,
}

impl Online {
    /// The online state when first needed: "same network only" as remembered.
    fn new() -> Online {
        let stun = net::Stun::saved();
        Online {
            notes: ServersNotes {
                same_network_only: stun.same_network_only,
                ..ServersNotes::default()
            },
            stun,
            ..Online::default()
        }
    }
}

/// The host's side of online play, made when first needed. (Always there
/// in online play's page, which holds it; the other builds never get here.)
fn hosting(online: &mut Option<OnlineOnly<Online>>) -> &mut Online {
    online.get_or_insert_with(|| {
        WithOnline::hold(Online::new()).expect("online play's page holds it")
    })
}

impl<const VIEWER: bool> OnlinePlay for Page<VIEWER, true> {
    type Views = OnlineWriters;

    fn online_setup(c: &mut Controller) {
        c.online_setup();
    }

    fn friend_seat(online: &mut Option<OnlineOnly<Online>>, seat: u8) -> Box<dyn SeatPlayer> {
        hosting(online).host.seat_player(seat)
    }

    fn handed_any(c: &Controller) -> bool {
        c.online.as_ref().is_some_and(|o| o.handed.contains(&true))
    }

    fn new_game(c: &mut Controller) {
        let online = hosting(&mut c.online);
        online.handed = [false; 4];
        // (A new game's seats are its own: none are read back.)
        online.seats_read = true;
        online.host.fair_forget();
    }

    fn played(c: &mut Controller, last: LastMove) {
        hosting(&mut c.online).last = Some(last);
    }

    fn online_broadcast(c: &mut Controller) {
        c.online_broadcast();
    }

    fn record_withheld(c: &Controller) -> Option<&'static str> {
        c.record_withheld()
    }

    fn online_dialog_closed(c: &mut Controller, closed: Closed) {
        c.online_dialog_closed(closed);
    }

    fn guest_move(c: &mut Controller, mv: Move) {
        c.guest_move(mv);
    }

    fn answer_turned_away(c: &Controller, seat: u8) {
        // A computer's late answer is routine; a friend's move turned away
        // is a move its guest waits on.
        if c.table.setup.players.get(seat as usize) == Some(&Player::Friend) {
            let text = format!("seat {seat}: a friend's move answered an older question");
            web_sys::console::warn_1(&text.as_str().into());
        }
    }

    fn leave_guest(c: &mut Controller) {
        c.leave_guest();
    }

    fn joining(c: &Controller) -> bool {
        c.joining()
    }

    fn net(c: &mut Controller, event: NetEvent) {
        c.net(event);
    }

    fn enter_guest(c: &mut Controller, invite: Invite) {
        c.enter_guest(invite);
    }

    fn next_deal(c: &mut Controller) {
        c.fair_next_deal();
    }

    fn first_deal(c: &mut Controller) {
        if c.table.setup.dealt_at_once() || !matches!(c.mode, Mode::Playing) {
            c.start_deal();
            return c.advance();
        }
        // (Saved undealt: a reload while it waits for the friends finds it.)
        c.persist();
        c.fair_next_deal();
    }

    fn fair_mark(c: &Controller) -> Option<FairMark> {
        let Mode::Guest(g) = &c.mode else {
            return None;
        };
        let verdict = g.fair.shown()?;
        Some(FairMark::of(c.page.lang, &verdict))
    }

    /// The saved game came back with its friends' seats, which connect as
    /// it does. A game the table alone handed over is not dealt yet: its
    /// first deal is dealt fairly once the friends are seated (decision 18).
    fn take_table(c: &mut Controller) {
        let undealt = crate::net::host_link::first_deal_to_deal_fairly(&c.table.game);
        if let Some(undealt) = undealt.filter(|_| !c.table.setup.dealt_at_once()) {
            c.stop_thinking();
            c.table.game = undealt;
            c.fair_next_deal();
        }
    }
}

impl Controller {
    /// What a new connection is given: the servers set in the dialogs, and
    /// relays only if the address asked for it (`?ice=relay`).
    fn ice(&mut self) -> Ice {
        hosting(&mut self.online).stun.ice(self.page.ice_relay_only)
    }

    /// After a new set-up: links for the seats played on friends' devices,
    /// and an invite for each that has no guest yet.
    fn online_setup(&mut self) {
        let remote: Vec<bool> = self
            .table
            .setup
            .players
            .iter()
            .map(|p| *p == Player::Friend)
            .collect();
        hosting(&mut self.online).host.keep_only(&remote);
        if self.is_guest() || !remote.contains(&true) {
            self.listen_for_replies();
            return;
        }
        if net::secure_random().is_none() {
            // No friend's seat without the browser's crypto randomness: the
            // computer takes them, and the table says why.
            self.computer_takes(|_, p| p == Player::Friend);
            return self.notice(self.page.lang.t(K::NoSecureRandom).to_string());
        }
        self.resume_seats(&remote);
        let (dispatch, ice) = (self.dispatch(), self.ice());
        for s in hosting(&mut self.online).host.needing_invites() {
            hosting(&mut self.online).host.invite(s, &ice, &dispatch);
        }
        self.listen_for_replies();
        self.show_invites();
    }

    /// The saved game is back (the host's page reloaded): its friends'
    /// seats too, if kept under its token (`SavedSeats`): the table's id,
    /// the seats handed to the computer, and each seat's known guest.
    fn resume_seats(&mut self, remote: &[bool]) {
        let (online, begun) = (hosting(&mut self.online), !self.table.game.log().is_empty());
        if !std::mem::replace(&mut online.seats_read, true) && begun {
            online.handed = online
                .host
                .resume_seats(self.saver.id(), remote)
                .unwrap_or_default();
        }
    }

    /// Keeps the friends' seats beside the saved game when they change
    /// (once the game is saved under its own token: from its first deal).
    fn keep_seats(&mut self) {
        let online = hosting(&mut self.online);
        let friends = guest::had_friends(&self.table.setup.players, &online.handed);
        if friends && !self.table.game.log().is_empty() {
            online.host.keep_seats(self.saver.id(), online.handed);
        }
    }

    /// The hand-off of replies from other tabs listens while some seat
    /// waits for a reply (its invite is out), and only then: a seat starts
    /// waiting when its invite is made, and stops when a reply is taken,
    /// its connection is lost or fails, a new invite is being made, or the
    /// seat is no longer a friend's.
    fn listen_for_replies(&mut self) {
        let waiting = !self.is_guest() && hosting(&mut self.online).host.waiting_for_reply();
        if !waiting {
            hosting(&mut self.online).handoff = None;
        } else if hosting(&mut self.online).handoff.is_none() {
            hosting(&mut self.online).handoff = handoff::listen(self.dispatch());
        }
    }

    /// Opens the invites dialog, or brings it up to date (the view
    /// writes it from the scene).
    fn show_invites(&mut self) {
        let online = hosting(&mut self.online);
        let handed = guest::handed_seats(&self.table.setup.players, &online.handed);
        let shows = InvitesShown {
            kind: self.table.game.kind(),
            seats: online.host.statuses(),
            handed,
            error: online.reply_error.clone(),
            servers: online.stun.clone(),
        };
        let notes = online.notes.clone();
        let shows = OnlineDialog::new(OnlineShown::Invites(shows));
        self.dialog.show(OpenDialog::Online(shows, notes));
    }

    fn invites_open(&self) -> bool {
        self.dialog.is(DialogKind::Invites)
    }

    /// Opens a guest's join page, or brings it up to date, showing `name`.
    fn show_join(&mut self, name: String) {
        let online = hosting(&mut self.online);
        let (stun, notes) = (online.stun.clone(), online.notes.clone());
        let Mode::Guest(g) = &self.mode else {
            return;
        };
        let shows = JoinShown {
            invite: Invited::of(&g.invite),
            state: g.state.clone(),
            name,
            servers: stun,
        };
        let shows = OnlineDialog::new(OnlineShown::Join(shows));
        self.dialog.show(OpenDialog::Online(shows, notes));
    }

    /// Why the game's record is not offered yet: a game with friends in
    /// progress (the record holds every hand and the stock's order; it may
    /// be exported once the game is over). Withheld for the whole game once
    /// it had a friend: a seat handed to the computer may be handed back,
    /// and its friend is still at the table. A guest's own game is only
    /// what its seat saw, so it has nothing to withhold.
    fn record_withheld(&self) -> Option<&'static str> {
        let handed = self.online.as_ref().map_or([false; 4], |o| o.handed);
        let withheld = guest::had_friends(&self.table.setup.players, &handed);
        (withheld && !self.table.game.is_over()).then(|| self.page.lang.t(K::RecordAfterFriends))
    }

    /// Sends every guest its table, and words the remote seats' names.
    fn online_broadcast(&mut self) {
        let players = &self.table.setup.players;
        if !players.contains(&Player::Friend) {
            self.table.ui.friends = Default::default();
            // (Its seats handed to the computer are kept all the same.)
            return self.keep_seats();
        }
        let (who, last) = (guest::who(players), hosting(&mut self.online).last);
        hosting(&mut self.online).host.broadcast(&News {
            game: &self.table.game,
            who,
            last,
        });
        let statuses = hosting(&mut self.online).host.statuses();
        let players = &self.table.setup.players;
        self.table.ui.friends = guest::friends_of(self.page.lang, &statuses, players);
        self.keep_seats();
    }

    fn net(&mut self, event: NetEvent) {
        self.net_event(event);
        // Any of them may start or end a seat's wait for a reply.
        self.listen_for_replies();
        // Or seat the last friend the first deal waits for (or hand its
        // seat to the computer).
        let friends =
            guest::friend_seats(&self.table.setup.players, self.table.game.kind().seats());
        let due = hosting(&mut self.online)
            .host
            .first_deal_due(self.table.game.log().len(), &friends);
        if due && matches!(self.mode, Mode::Playing) {
            self.fair_next_deal();
        }
    }

    fn net_event(&mut self, event: NetEvent) {
        match event {
            NetEvent::Host(seat, ev) => {
                let lost = matches!(ev, PeerEvent::Lost | PeerEvent::Failed(_));
                hosting(&mut self.online)
                    .host
                    .event(seat, ev, &self.table.game, "");
                if lost {
                    // Nothing more is awaited from it for a fair deal.
                    let words = hosting(&mut self.online).host.fair_lost(seat);
                    self.deal_fairly(words);
                }
                self.online_broadcast();
                if lost || self.invites_open() {
                    self.show_invites();
                }
                self.render();
            }
            NetEvent::Status => {
                self.online_broadcast();
                // (A guest's hello heard: the invites dialog names it as
                // before, or marks its device new.)
                if self.invites_open() {
                    self.show_invites();
                }
                self.render();
            }
            NetEvent::Reply(text) => {
                let taken = self.take_reply(&text);
                let online = hosting(&mut self.online);
                if let Some(h) = &online.handoff {
                    let words = online.reply_error.clone().unwrap_or_default();
                    h.answer(taken, &words);
                }
            }
            NetEvent::Timeout(seat) => {
                let game = &self.table.game;
                if hosting(&mut self.online).host.connect_timed_out(seat, game) {
                    self.online_broadcast();
                    self.show_invites();
                    self.render();
                }
            }
            NetEvent::Guest(ev) => self.guest_event(ev),
            NetEvent::Input(input) => self.net_input(input),
            NetEvent::FairPart(seat, deal, random) => {
                let words = hosting(&mut self.online).host.fair_part(seat, deal, random);
                self.deal_fairly(words);
            }
            NetEvent::GuestHeld => {
                let Mode::Guest(g) = &mut self.mode else {
                    return;
                };
                if let Some(bytes) = g.held_due() {
                    self.guest_event(PeerEvent::Message(bytes));
                }
            }
            NetEvent::FairTimeout(deal) => {
                let words = hosting(&mut self.online).host.fair_timeout(deal);
                self.deal_fairly(words);
            }
        }
    }

    fn net_input(&mut self, input: NetInput) {
        match input {
            NetInput::Copy(seat, link) => ui::copy(self.page.lang, &ui::link_field(seat), &link),
            NetInput::Share(_, link) => ui::share(self.page.lang, &link),
            NetInput::Servers(form) => self.servers_typed(&form),
            NetInput::TakeReply(text) => {
                self.take_reply(&text);
            }
            NetInput::Invites => {
                self.show_invites();
                self.render();
            }
            NetInput::Reinvite(s) => {
                let (dispatch, ice) = (self.dispatch(), self.ice());
                hosting(&mut self.online).host.invite(s, &ice, &dispatch);
                self.show_invites();
                self.render();
            }
            NetInput::Computer(s) => {
                // The seat goes on with a computer; the game is not interrupted.
                hosting(&mut self.online).handed[s as usize & 3] = true;
                self.computer_takes(|seat, _| seat == s as usize);
                let words = hosting(&mut self.online).host.fair_lost(s);
                self.deal_fairly(words);
                self.show_invites();
                self.advance();
            }
            NetInput::Friend(s) => {
                // Handed back to the friend: a new invite for the seat, which
                // then waits for its friend's reply like any remote seat.
                let mut setup = self.table.setup.clone();
                if let Some(p) = setup.players.get_mut(s as usize) {
                    *p = Player::Friend;
                }
                self.set_setup(setup);
                self.show_invites();
                self.advance();
            }
            NetInput::Join(name) => self.join(&name),
        }
    }

    /// The dialog's servers changed: each part that reads (the STUN list,
    /// the relay) is taken and remembered; one that does not is named on its
    /// own line and the setting keeps what it had.
    fn servers_typed(&mut self, form: &ServersForm) {
        let online = hosting(&mut self.online);
        online.notes = online.stun.typed(self.page.lang, form);
        online.stun.save();
        // (Written in place: the fields keep what was typed.)
        if let Some(OpenDialog::Online(d, _)) = self.dialog.shown() {
            let d = OpenDialog::Online(d.clone(), online.notes.clone());
            self.dialog.show(d);
        }
        self.render();
    }

    /// A reply link pasted or handed over: the seat it answers connects.
    fn take_reply(&mut self, text: &str) -> bool {
        let result = hosting(&mut self.online).host.take_reply(text);
        let refused = result.as_ref().err();
        hosting(&mut self.online).reply_error = refused.map(|e| reply_words(self.page.lang, e));
        if let Ok(seat) = result {
            let dispatch = self.dispatch();
            Timeout::new(CONNECT_MS, move || {
                dispatch(Action::Net(Box::new(NetEvent::Timeout(seat))))
            })
            .forget();
            self.online_broadcast();
        }
        self.show_invites();
        self.render();
        result.is_ok()
    }

    /// The next deal of a game with friends, dealt fairly: the host
    /// commits to a fresh secret, each connected guest answers with its
    /// randomness, and the deck is made of them all once they are in or the
    /// wait is over (`net::fair_flow`). A game without friends deals at once.
    fn fair_next_deal(&mut self) {
        let friends =
            guest::friend_seats(&self.table.setup.players, self.table.game.kind().seats());
        let (game, playing) = (&self.table.game, matches!(self.mode, Mode::Playing));
        let secret = net::secure_random_bytes();
        let deal = match hosting(&mut self.online)
            .host
            .ask_deal(game, &friends, playing, secret)
        {
            DealAsked::Plain => return self.flow(Msg::Person(TableAction::NextDeal)),
            DealAsked::Awaiting => return,
            DealAsked::Dealt(words) => return self.deal_fairly(Some(*words)),
            DealAsked::Committed { deal } => deal,
            // The first deal waits for every friend to be seated (or its
            // seat handed to the computer): `net` deals it then. (The table
            // says so, and the friends' plates say who is still to come.)
            DealAsked::NotSeated => {
                self.online_broadcast();
                return self.render();
            }
        };
        let dispatch = self.dispatch();
        Timeout::new(FAIR_WAIT_MS, move || {
            dispatch(Action::Net(Box::new(NetEvent::FairTimeout(deal))))
        })
        .forget();
        self.table.ui.message = Some(self.page.lang.t(K::FairWaiting).to_string());
        self.render();
    }

    /// Deals the fair deal's deck (`words`, if the wait is over), through
    /// the table's own deal (`Table::start_deal`, the engine's shuffle).
    fn deal_fairly(&mut self, words: Option<crate::net::fair_flow::Words>) {
        let Some(words) = words else { return };
        if self.table.game.in_deal() || self.table.game.is_over() {
            return;
        }
        let mut fresh = move || Some(words);
        let mut env = self.env(&mut fresh);
        self.table.start_deal(&mut env);
        self.advance();
    }

    // ---- a guest's device ----

    /// The page was opened from an invite: the join page, over a table that
    /// waits (no game is saved while this device is a guest; only its secret
    /// for the table, and the servers chosen on the join page).
    fn enter_guest(&mut self, invite: Invite) {
        let Some(guest) = Guest::new(invite) else {
            // Not joined: the table goes on as this device's own, saying why.
            return self.notice(self.page.lang.t(K::NoSecureRandom).to_string());
        };
        self.stop_viewing();
        self.clock.step = None;
        for seat in &mut self.players.seats {
            seat.cancel();
        }
        self.saver.pause(true);
        hosting(&mut self.online).handoff = None;
        let Some(guest) = WithOnline::hold(guest) else {
            return;
        };
        self.mode = Mode::Guest(guest);
        // (The table behind the join page is this device's own: hidden
        // until the host's comes, `joining`.)
        self.show_join(String::new());
        self.render();
    }

    /// A guest's device before the host's first table: the table behind the
    /// join page is this device's own, hidden until the host's comes.
    fn joining(&self) -> bool {
        matches!(&self.mode, Mode::Guest(g) if g.table.is_none())
    }

    /// Leaves guest mode (a new game of one's own): saving resumes.
    pub(super) fn leave_guest(&mut self) {
        if self.is_guest() {
            self.mode = Mode::Playing;
            self.saver.pause(false);
            self.table.ui.hand_lens = None;
            self.table.ui.friends = Default::default();
            self.dialog.close(DialogKind::Join);
        }
    }

    /// A dialog closed: a guest's join page closed (Esc) before the host's
    /// table came opens again, as it is all this device shows until then.
    fn online_dialog_closed(&mut self, closed: Closed) {
        let Closed::Join(typed) = closed else {
            return;
        };
        let Mode::Guest(g) = &self.mode else {
            return;
        };
        if g.table.is_some() {
            return;
        }
        // (What was typed in the name field is kept.)
        let name = match g.state {
            GuestState::Joining => typed,
            _ => g.name.clone(),
        };
        // Closed in the scene as in the page, then opened again.
        self.render();
        self.show_join(name);
    }

    fn join(&mut self, name: &str) {
        let (ice, dispatch) = (self.ice(), self.dispatch());
        let Mode::Guest(g) = &mut self.mode else {
            return;
        };
        g.join(name, &ice, &dispatch);
        let name = g.name.clone();
        self.show_join(name);
        self.render();
    }

    /// On a guest's device, a move goes to the host (which checks it and
    /// answers with the next table).
    fn guest_move(&mut self, mv: Move) {
        let Mode::Guest(g) = &mut self.mode else {
            return;
        };
        let sent = g.send_move(mv);
        self.table.guest_moved(self.page.lang, mv, sent);
        self.render();
    }

    fn guest_event(&mut self, ev: PeerEvent) {
        let Mode::Guest(g) = &mut self.mode else {
            return;
        };
        let news = match ev {
            PeerEvent::Described(c) => {
                g.state = GuestState::Replied(g.reply(c));
                return self.join_page_again();
            }
            PeerEvent::Open => {
                g.opened();
                // (The join page says so until the host's first table comes.)
                if g.table.is_none() {
                    self.join_page_again();
                }
                return;
            }
            PeerEvent::TooLarge(size) => g.receive(Err(Dropped::Uncopied(size))),
            PeerEvent::Message(bytes) => g.receive(Ok(&bytes)),
            PeerEvent::Lost | PeerEvent::Failed(_) => {
                let said = g.lost();
                self.table.host_lost(self.page.lang, said);
                return self.join_page_again();
            }
        };
        let effects = self.table.guest_news(self.page.lang, g, news);
        self.carry_out_guest(effects);
    }

    /// The guest's join page brought up to date, and drawn.
    fn join_page_again(&mut self) {
        if let Mode::Guest(g) = &self.mode {
            let name = g.name.clone();
            self.show_join(name);
        }
        self.render();
    }

    /// Carries out what the guest's table asks (`page::guest_flow`).
    fn carry_out_guest(&mut self, effects: Vec<GuestEffect>) {
        for effect in effects {
            match effect {
                GuestEffect::FirstTable(kind) => {
                    self.view.set_table(kind);
                    self.dialog.close(DialogKind::Join);
                }
                GuestEffect::SeatPlayers => {
                    // The guest's own seat plays by clicks; the others are the host's.
                    let (thinker, online) = (&self.players.thinker, &mut self.online);
                    let players = &self.table.setup.players;
                    self.players.seats = (players.iter())
                        .map(|&p| {
                            super::seats::seat_player(p, thinker, 0, || {
                                hosting(online).host.seat_player(0)
                            })
                        })
                        .collect();
                }
                GuestEffect::Call(call, seat) => self.show_call(call, seat),
                GuestEffect::HoldTrick => {
                    self.schedule(self.pace_ms(Delay::TrickShown.base_ms()), |c| {
                        c.table.ui.held = None;
                        c.render();
                    });
                }
                GuestEffect::Warn(line) => web_sys::console::warn_1(&line.as_str().into()),
                GuestEffect::Render => self.render(),
            }
        }
    }
}
