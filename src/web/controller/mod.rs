//! The controller: owns the engine's [`Game`] and the seat set-up, runs the
//! computer players on a timer so that a person can follow, turns clicks into
//! moves, deals the next deal and starts new games. After every change it
//! builds a [`scene`](crate::page::scene) and hands it to the [`View`].
//!
//! - [`saving`]: starting the table (a link, the saved game or a new one)
//!   and saving after every change, through the `persist` service.
//! - [`records`]: the Share and records dialog's actions.
//! - [`replay`]: the replay viewer, a mode of the controller (in the
//!   viewer's page; the other builds hand a record over to it).
//! - [`online`]: play with friends on other devices (in online play's
//!   page; the other builds hand a game with friends over to it).
//! - [`review`]: the deal review, in the viewer (in the viewer's page; the
//!   other builds hand the deal over to it).
//! - [`parts`]: the builds' parts, chosen once: the controller reaches the
//!   viewer and online play only through `Parts`; the stand-ins of a build
//!   without them are [`table_alone`].
//! - [`seats`]: who decides each seat's moves (a person here, a computer).
//! - [`assist`]: help, hints, settings, languages, the walkthrough and
//!   screen-reader announcements.
//! - [`thinker`]: the worker the computer players (and the hint) think in.

mod assist;
mod judging;
mod online;
pub(in crate::web) mod parts;
mod records;
mod replay;
mod saving;
pub(in crate::web) mod seats;
mod table_alone;
mod thinker;
pub use parts::Parts;
pub use saving::start;

use super::i18n::Lang;
use super::persist::Saver;
use super::settings::Settings;
use super::sound::Sound;
use super::view::View;
use crate::ai::Level;
use crate::engine::rng::Rng;
use crate::engine::{Call, Game, Rules};
use crate::page::announce::Said;
use crate::page::assist::Assist;
use crate::page::dialog::{DialogKind, Dialogs, NewGameOutcome};
use crate::page::model::{Action, DialogAction, Dispatch, Player, Setup, TableAction};
use crate::page::modes::{self, Back, Practised, Surroundings};
use crate::page::scene;
use crate::page::table::{Delay, Effect, Env, MovesGoTo, Msg, Table, Words};
use gloo::timers::callback::Timeout;
use online::Guest;
use parts::{OnlineOnly, OnlinePlay, Viewer, ViewerOnly};
use replay::Replay;
use seats::{seat_player, SeatPlayer};
use std::cell::RefCell;
use std::rc::{Rc, Weak};
use thinker::Thinker;
pub use thinker::WorkerFiles;

/// The address's `?pace=`: scales every delay (computer "thinking", a
/// finished trick on show, the call banner). (Not the comfort setting,
/// `settings::Pace`, which scales them again.)
#[derive(Clone, Copy, Debug)]
pub struct PaceScale(pub f64);

impl PaceScale {
    fn ms(self, base: f64, settings: Settings) -> u32 {
        (base * self.0 * settings.pace_factor()).round().max(0.0) as u32
    }
}

/// What the page starts with besides the game: the language, the comfort
/// settings, the sound, and what the address asked for. The controller owns
/// all of it from then on and hands it to the scene, the view and the services.
pub struct Page {
    pub lang: Lang,
    pub settings: Settings,
    pub sound: Sound,
    /// `?embed`: the table sits in another site's page.
    pub embedded: bool,
    /// No animations: `?pace=0`, or the browser asks for reduced motion.
    pub no_anim: bool,
    /// The address's `?lang=`, carried by the share links made here.
    pub address_lang: Option<Lang>,
    /// `?ice=relay`: online play connects through relays only (tests).
    pub ice_relay_only: bool,
    /// The computers' worker's files, or why there can be no worker.
    pub worker_files: Result<WorkerFiles, String>,
}

pub type Shared = Rc<RefCell<Controller>>;

/// How the computer players think: the computers' build, in a worker or
/// (`?worker=0`) on the page's thread, and the Expert player's play-outs per
/// decision (`?playouts=`; else each game's own page budget,
/// `ai::expert::page_playouts`).
#[derive(Clone, Debug)]
pub struct Thinking {
    /// The computers' build and its worker's files, or why there are none.
    pub files: Result<WorkerFiles, String>,
    /// In a worker (`?worker=0`: on the page's thread).
    pub in_worker: bool,
    /// The positions the page's thread searches to tell whether a deal's
    /// scores are settled before asking the worker (`page::table::Env`).
    pub settle_nodes: u32,
    pub expert_playouts: Option<u32>,
}

/// What the controller is doing: one mode at a time (`page::modes`), the
/// viewer's and a guest's state held only where the build has the part.
pub(super) type Mode = modes::Mode<ViewerOnly<Replay>, OnlineOnly<Guest>>;

/// The controller: the game on the table and what it shows, grouped by
/// concern.
pub struct Controller {
    // The table: the game, who plays each seat, what the table shows
    // besides the game (the scene's input), and its flow (`page::table`:
    // the one update, which decides and says what to carry out); and what
    // the controller is doing.
    pub(super) table: Table,
    /// The dialog open over the table, and what it shows (the scene
    /// carries it; the view writes it).
    pub(super) dialog: Dialogs,
    mode: Mode,
    /// Who decides each seat's moves, and the hint's and puzzles' players.
    players: Players,
    /// The flow's timers.
    clock: Clock,
    // Services the controller calls (none calls back).
    pub(super) view: View,
    /// The score sheet's rows of finished deals, built once each.
    sheet_rows: scene::SheetRows,
    /// Saving the game on the table.
    pub(super) saver: Saver,
    /// Online play: this table's remote seats, the servers set, replies
    /// handed over by other tabs (a guest's connection is its mode's).
    /// Made when online play first needs it, and only in online play's
    /// page (`OnlineOnly`): the other builds never hold one.
    pub(super) online: Option<OnlineOnly<online::Online>>,
    /// Help, hints and the walkthrough (`page::assist`).
    assist: Assist,
    /// What the screen reader is told of what happened (the scene carries
    /// it; the view writes each line once).
    pub(super) said: Said,
    /// The language, settings, sound and address facts (see [`Page`]).
    pub(super) page: Page,
    /// A new game chosen in the dialog, and the timer that starts it.
    starting: Option<(Setup, Timeout)>,
    me: Weak<RefCell<Controller>>,
}

/// Who decides each seat's moves, and the players the page asks besides.
struct Players {
    /// Each seat's player, made from `setup.players`.
    seats: Vec<Box<dyn SeatPlayer>>,
    /// Where the computer players think (a worker, when the browser has one).
    thinker: Thinker,
    /// The hint's own player (Hard), asked like a seat's.
    hinter: Box<dyn SeatPlayer>,
    /// The Expert player's play-outs per decision, if the address set them.
    expert_playouts: Option<u32>,
    /// As [`Thinking::settle_nodes`].
    settle_nodes: u32,
    /// The deal review's work, while one runs (`judging.rs`): made when a
    /// review or a puzzle first asks, and only in the viewer's page
    /// (`ViewerOnly`).
    reviewer: Option<ViewerOnly<judging::Reviewer>>,
}

/// The flow's timers and pace.
impl Players {
    /// No seat's player yet (the set-up makes them), the hint's, and where
    /// they think.
    fn new(thinking: Thinking) -> Players {
        let thinker = Thinker::new(thinking.files, thinking.in_worker);
        Players {
            seats: Vec::new(),
            hinter: seats::computer(Level::Hard, &thinker, 0),
            expert_playouts: thinking.expert_playouts,
            settle_nodes: thinking.settle_nodes,
            reviewer: None,
            thinker,
        }
    }
}

struct Clock {
    pace: PaceScale,
    /// The flow's next step (a computer's turn, a finished trick on show,
    /// the next deal, the viewer's next move): one at a time.
    step: Option<Timeout>,
    /// The call's banner, taken down after a while.
    banner: Option<Timeout>,
}

const BANNER_MS: u32 = 1800;
/// A frame's time (60 Hz): a new game chosen in the dialog waits that long,
/// so that the frame after the click, where it changed what shows, is
/// drawn before the new table's script runs. With no
/// wait the timer often came first, and the click's next paint waited for
/// the whole new table; where the click changes nothing that shows, the
/// next paint is the new table's either way (BENCHMARKS.md).
const START_AFTER_MS: u32 = 17;

impl Controller {
    pub fn new(
        view: View,
        rules: Rules,
        pace: PaceScale,
        thinking: Thinking,
        entropy: u64,
        saver: Saver,
        page: Page,
    ) -> Shared {
        let kind = rules.game;
        let c = Rc::new(RefCell::new(Controller {
            table: Table::new(
                Setup::default_for(kind),
                Game::new(rules, 0),
                0,
                Rng::new(entropy),
            ),
            dialog: Dialogs::default(),
            mode: Mode::Playing,
            players: Players::new(thinking),
            clock: Clock {
                pace,
                step: None,
                banner: None,
            },
            view,
            sheet_rows: scene::SheetRows::default(),
            saver,
            online: None,
            assist: Assist::default(),
            said: Said::default(),
            page,
            starting: None,
            me: Weak::new(),
        }));
        c.borrow_mut().me = Rc::downgrade(&c);
        // (No game on the table yet: `saving::start` puts the one the page
        // opens with there, a saved game or a new one, and renders it once.)
        c
    }

    // ---- game flow ----

    pub fn new_game(&mut self, setup: Setup) {
        self.clock.step = None;
        // (A practice gives way to the new game; one from the review
        // leaves the viewer too, as its Exit.)
        if self.mode.practice_gives_way() {
            Parts::stop_viewing(self);
        }
        let setup = self.table.begin(setup, super::entropy());
        self.set_setup(setup);
        self.view.set_table(self.table.game.kind());
        // (A game with friends is dealt fairly once they are seated.)
        Parts::first_deal(self);
    }

    /// The deal just finished played again for practice, or a position
    /// of the review (`page::modes`): neither saved nor counted.
    pub(super) fn practise(&mut self, from_here: bool) {
        let lang = self.page.lang;
        let practised = match from_here {
            true => self.mode.play_from_here(&mut self.table, lang),
            false => self.mode.practise(&mut self.table, lang),
        };
        if practised == Practised::Started {
            self.stop_thinking();
            self.set_setup(self.table.setup.clone());
            self.advance();
        }
    }

    /// Back from practice: the game's table as it was left, or the deal
    /// review at the move practised from (docs/decisions.md, 14).
    fn end_practice(&mut self) {
        let Some(back) = self.mode.end_practice(&mut self.table) else {
            return;
        };
        self.stop_thinking();
        self.table_put_back();
        if back == Back::Review {
            Parts::back_to_review(self);
        }
        self.advance();
    }

    /// A table that waited aside (the game, under the viewer or a
    /// practice) is back on show: its players and its view.
    pub(super) fn table_put_back(&mut self) {
        self.set_setup(self.table.setup.clone());
        self.view.set_table(self.table.game.kind());
    }

    /// The game chosen in the new-game dialog (see `Action::StartGame`).
    fn start_chosen(&mut self) {
        if let Some((setup, _)) = self.starting.take() {
            Parts::leave_guest(self);
            Parts::new_game(self);
            self.new_game(setup);
            self.close_new_game_after_next_frame();
        }
    }

    /// Closes the new-game dialog at the start of the frame after next,
    /// once the new table has been drawn in the frame between: closing a
    /// modal dialog restyles the whole page (it is no longer inert), and
    /// the focus it gives back would force the new table's style and
    /// layout into the task that built it. The render of its close moves
    /// the focus into the hand.
    fn close_new_game_after_next_frame(&self) {
        let me = self.me.clone();
        crate::web::frame::next_frame(move || {
            crate::web::frame::next_frame(move || {
                with(&me, |c| {
                    c.dialog.close(DialogKind::NewGame);
                    c.render();
                })
            })
        });
    }

    pub(super) fn start_deal(&mut self) {
        let mut fresh = super::secret_words;
        let mut env = self.env(&mut fresh);
        self.table.start_deal(&mut env);
    }

    /// What the table's update needs of the page: its language and
    /// settings, and fresh randomness from `fresh`.
    fn env<'a>(&self, fresh: &'a mut dyn FnMut() -> Option<Words>) -> Env<'a> {
        Env {
            lang: self.page.lang,
            sort_by_rank: self.page.settings.sort_by_rank(),
            auto_play: self.page.settings.auto_play,
            paced: self.pace_ms(Delay::Think.base_ms()) > 0,
            settle_nodes: self.players.settle_nodes,
            fresh,
        }
    }

    /// The table's one update with `msg`, and what it asks carried out.
    pub(super) fn flow(&mut self, msg: Msg) {
        self.table.moves_go_to = self.mode.moves_go_to();
        let mut fresh = super::secret_words;
        let mut env = self.env(&mut fresh);
        let effects = self.table.update(msg, &mut env);
        self.carry_out(effects);
    }

    /// Carries out the table's effects, in order.
    fn carry_out(&mut self, effects: Vec<Effect>) {
        for effect in effects {
            match effect {
                Effect::CancelThinking => self.stop_thinking(),
                Effect::Schedule { n, delay } => {
                    let me = self.me.clone();
                    let ms = self.pace_ms(delay.base_ms());
                    self.clock.step = Some(Timeout::new(ms, move || {
                        with(&me, move |c| c.flow(Msg::Timer(n)))
                    }));
                }
                Effect::Ask {
                    seat,
                    ticket,
                    delay,
                } => self.ask(seat, ticket, delay),
                Effect::Moved {
                    before,
                    seat,
                    mv,
                    effect,
                } => {
                    if !self.table.practice {
                        self.after_move(&effect);
                    }
                    self.announce_move(&before, mv, seat, &effect);
                    Parts::played(
                        self,
                        crate::net::protocol::LastMove {
                            seat,
                            mv,
                            call: effect.call,
                        },
                    );
                    if let Some(call) = effect.call {
                        self.call_banner(call);
                    }
                }
                Effect::Submit(mv) => match self.mode {
                    Mode::Playing | Mode::Practice(_) => {}
                    // The viewer's puzzle: the move is an answer, judged, not played.
                    Mode::Viewing(_) => Parts::puzzle_answered(self, mv),
                    // A guest's move goes to the host, which plays it.
                    Mode::Guest(_) => Parts::guest_move(self, mv),
                },
                Effect::TurnedAway(seat) => Parts::answer_turned_away(self, seat),
                Effect::Save => self.persist(),
                Effect::Broadcast => Parts::online_broadcast(self),
                Effect::NextDeal => Parts::next_deal(self),
                Effect::Render => self.render(),
                Effect::SoupBegins(view) => self.players.thinker.soup_begins(&view),
                Effect::AskSettled { question, ticket } => {
                    let me = self.me.clone();
                    self.players.thinker.settled(&question, move |settled| {
                        with(&me, move |c| c.flow(Msg::Settled { ticket, settled }))
                    });
                }
            }
        }
    }

    /// No step waits, and no seat or hint thinks on.
    fn stop_thinking(&mut self) {
        self.clock.step = None;
        for seat in &mut self.players.seats {
            seat.cancel();
        }
        self.cancel_hint();
    }

    /// Decides what happens next after any change, schedules it, and
    /// renders: the table's flow (`page::table`) in a game of this device's.
    pub(super) fn advance(&mut self) {
        match self.mode {
            Mode::Playing | Mode::Practice(_) => {
                self.table.moves_go_to = MovesGoTo::ThisTable;
                let mut fresh = super::secret_words;
                let env = self.env(&mut fresh);
                let effects = self.table.advance(&env);
                self.carry_out(effects);
            }
            Mode::Viewing(_) => {
                self.stop_thinking();
                Parts::show_replay(self)
            }
            // A guest's device shows the host's table; the host runs the game.
            Mode::Guest(_) => {
                self.stop_thinking();
                self.render()
            }
        }
    }

    pub(super) fn render(&mut self) {
        // (What the table offers, take-backs and practice, follows the mode.)
        self.table.moves_go_to = self.mode.moves_go_to();
        self.before_render();
        let ctx = self.scene_context();
        let rows = &mut self.sheet_rows;
        let mut scene = scene::build(
            &self.table.game,
            &self.table.setup,
            &self.table.ui,
            &ctx,
            rows,
        )
        .with_replay_bar(Parts::replay_bar(self))
        .with_dialog(self.dialog.open(), self.dialog.refusal())
        .with_said(&self.said, self.coach())
        .with_offers(self.table.may_take_back(), self.table.may_play_out());
        // (The full page's parts are written through its views: the
        // viewer's bar, the review's panel, online play's dialogs.)
        self.view
            .render::<<Parts as Viewer>::Views, <Parts as OnlinePlay>::Views>(
                &mut scene,
                Parts::review_panel(self),
                Parts::fair_mark(self),
            );
    }

    /// Says `why` on the refusal line of the dialog of `kind`, if it is open.
    pub(super) fn dialog_refuses(&mut self, kind: DialogKind, why: String) {
        self.dialog.refuse(kind, why);
        self.render();
    }

    /// A delay of the table's pace, in milliseconds.
    fn pace_ms(&self, base: f64) -> u32 {
        self.clock.pace.ms(base, self.page.settings)
    }

    /// The scene's context: the language, settings and modes it depends on.
    pub(super) fn scene_context(&self) -> scene::Context {
        let around = Surroundings {
            lang: self.page.lang,
            settings: self.page.settings,
            muted: self.page.sound.muted(),
            sounds_played: self.page.sound.played(),
            embedded: self.page.embedded,
            no_anim: self.page.no_anim,
            handed_any: Parts::handed_any(self),
            joining: Parts::joining(self),
        };
        self.mode.scene_context(&self.table, around)
    }

    pub(super) fn is_viewing(&self) -> bool {
        matches!(self.mode, Mode::Viewing(_))
    }

    /// Whether this device is a guest at a friend's table.
    pub(super) fn is_guest(&self) -> bool {
        matches!(self.mode, Mode::Guest(_))
    }

    /// A way back into the controller for answers that come later (a seat's
    /// player, a file being read): it holds only a weak reference.
    pub(super) fn dispatch(&self) -> Dispatch {
        let me = self.me.clone();
        Rc::new(move |action| with(&me, move |c| c.act(action)))
    }

    /// Lets sound start (called on every click: browsers require a gesture).
    pub(in crate::web) fn unlock_sound(&self) {
        self.page.sound.unlock();
    }

    /// Runs `f` on the controller after `ms` milliseconds (replacing any pending step).
    pub(super) fn schedule(&mut self, ms: u32, f: fn(&mut Controller)) {
        self.clock.step = Some(self.later(ms, f));
    }

    /// A timer that runs `f` on the controller after `ms` milliseconds,
    /// until it is dropped.
    fn later(&self, ms: u32, f: fn(&mut Controller)) -> Timeout {
        let me = self.me.clone();
        Timeout::new(ms, move || with(&me, f))
    }

    /// The computer (Normal) plays the seats `which` picks from now on: a
    /// friend's seat whose device is gone, or could not be reached.
    pub(super) fn computer_takes(&mut self, which: impl Fn(usize, Player) -> bool) {
        self.set_setup(self.table.setup.computer_takes(which));
    }

    /// The set-up of the game on the table, and a player for each seat.
    pub(super) fn set_setup(&mut self, setup: Setup) {
        let playouts = self
            .players
            .expert_playouts
            .unwrap_or_else(|| crate::ai::expert::page_playouts(setup.rules.game));
        // A seat's answer already on its way (a computer's move queued behind
        // this change) answers a question the new players were not asked:
        // a new ticket turns it away, as a seat handed back to its friend
        // must not be played by the computer that held it.
        self.table.asked += 1;
        let (online, thinker) = (&mut self.online, &self.players.thinker);
        self.players.seats = (0..setup.players.len())
            .map(|s| {
                seat_player(setup.players[s], thinker, playouts, || {
                    Parts::friend_seat(online, s as u8)
                })
            })
            .collect();
        self.table.setup = setup;
        Parts::online_setup(self);
    }

    /// Whether the person at this device plays `seat`.
    pub(in crate::web) fn seat_is_person_here(&self, seat: u8) -> bool {
        self.players
            .seats
            .get(seat as usize)
            .is_some_and(|s| s.is_person_here())
    }

    /// Asks seat `m`'s player for its move, answering `ticket`, after `delay`.
    fn ask(&mut self, m: u8, ticket: u64, delay: Delay) {
        let delay_ms = self.pace_ms(delay.base_ms());
        if let Some(turn) = self.table.request(m, ticket, delay_ms) {
            let answer = self.dispatch();
            self.players.seats[m as usize].your_turn(turn, answer);
        }
    }

    /// Puts `seat`'s call on the banner (online play: the host's table's
    /// last move; the viewer's step).
    pub(super) fn show_call(&mut self, call: Call, seat: u8) {
        self.table.show_call(call, seat);
        self.call_banner(call);
    }

    /// The call on the banner sounds, and is taken down after a while.
    fn call_banner(&mut self, call: Call) {
        self.page.sound.call(call);
        let n = self.table.calls;
        let me = self.me.clone();
        self.clock.banner = Some(Timeout::new(BANNER_MS, move || {
            with(&me, move |c| {
                if c.table.ui.call.is_some_and(|(_, _, k)| k == n) {
                    c.table.ui.call = None;
                    c.render();
                }
            })
        }));
    }

    // ---- people ----

    /// The new game's dialog's actions, and a dialog the browser closed.
    fn dialog_action(&mut self, action: DialogAction) {
        let from = self.table.setup.shown();
        match self.dialog.update(action, from, self.page.lang) {
            NewGameOutcome::Shown => {}
            NewGameOutcome::Closed(closed) => Parts::online_dialog_closed(self, closed),
            NewGameOutcome::Start(setup) => {
                // In a task of its own, after the click's and most
                // likely after the frame that answers it: the new
                // table's script, then its style and layout in the next
                // frame, then the dialog's close (BENCHMARKS.md, "A new
                // game's first table").
                // (Its own timer: the game on the table may still take
                // a step meanwhile, which replaces the pending step.)
                let timer = self.later(START_AFTER_MS, Controller::start_chosen);
                self.starting = Some((setup, timer));
            }
        }
        self.render();
    }

    pub fn act(&mut self, action: Action) {
        match action {
            // (A game with friends deals fairly: online play's page waits
            // for their randomness first.)
            Action::Table(TableAction::NextDeal) => Parts::next_deal(self),
            Action::Table(a) => self.flow(Msg::Person(a)),
            Action::PractiseDeal => Parts::practise(self),
            Action::PracticeEnd => self.end_practice(),
            Action::Dialog(a) => self.dialog_action(a),
            Action::PlayAgain => {
                let setup = self.table.setup.shown();
                self.new_game(setup);
            }
            Action::ToggleMute => {
                let sound = &mut self.page.sound;
                sound.set_muted(!sound.muted());
                sound.unlock();
                self.render();
            }
            Action::Panel(a) => {
                self.table.ui.toggle(a);
                self.render();
            }
            Action::Assist(a) => self.assist(a),
            Action::Records(a) => self.records(a),
            Action::Answered(answer) => self.flow(Msg::Answered(answer)),
            Action::Net(event) => Parts::net(self, *event),
        }
    }
}

type Deferred = Box<dyn FnOnce(&mut Controller)>;

thread_local! {
    /// Actions waiting for the controller, oldest first.
    static WAITING: RefCell<std::collections::VecDeque<Deferred>> = RefCell::default();
}

/// Runs `f` on the controller if it still exists, after every action that
/// reached it before `f`. A busy controller means we are inside one of its
/// own calls (a callback fired while it works): `f` waits in line, and the
/// call that holds the controller runs the line before it lets go, so
/// actions are handled in the order they came (a retry by timer would let a
/// later action overtake an earlier one: a guest's move before its hello).
pub fn with(me: &Weak<RefCell<Controller>>, f: impl FnOnce(&mut Controller) + 'static) {
    WAITING.with(|line| line.borrow_mut().push_back(Box::new(f)));
    run_waiting(me);
}

fn run_waiting(me: &Weak<RefCell<Controller>>) {
    let Some(rc) = me.upgrade() else {
        WAITING.with(|line| line.borrow_mut().clear());
        return;
    };
    let Ok(mut c) = rc.try_borrow_mut() else {
        // Busy: its holder runs the line before it lets go, unless that is
        // not `with` (the page's start), hence one more try once it is done.
        let me = me.clone();
        Timeout::new(0, move || run_waiting(&me)).forget();
        return;
    };
    while let Some(next) = WAITING.with(|line| line.borrow_mut().pop_front()) {
        next(&mut c);
    }
}
