//! The flow of a game played on this device, decided in plain Rust: the
//! Elm architecture's state and one update. A [`Msg`] (a person's click, a
//! seat's answer, a timer) goes in; the table changes; the [`Effect`]s the
//! browser side must carry out come back (ask a seat, cancel the thinking,
//! wait, save, render). Nothing here calls anything: the web controller
//! (`web/controller/`) turns browser events into messages and carries the
//! effects out, and `cargo test` drives the same update with no browser
//! (`tests/table_flow.rs`).
//!
//! It decides whose turn it is and asks that seat, holds a finished trick
//! on show and clears it, deals the next deal, covers the table between the
//! people of pass-and-play, plays a person's one legal move for them (a
//! comfort setting), and takes a person's moves back against the computers.

use super::i18n::{Lang, K};
use super::model::{acting_seat, Answer, Chooser, Player, Setup, TableAction, Ui};
use super::saved::{Saved, TableState};
use crate::ai::question::SettledQuestion;
use crate::ai::settled::scores_settled;
use crate::ai::{SeatHistory, SeatView};
use crate::engine::rng::{random_deck, secret_deck, shuffled_deck, Rng, SECRET_WORDS};
use crate::engine::{Call, Card, Deal, Game, IllegalMove, Move, Roles};

/// Fresh randomness for a deal of a game with no seed (a game with friends).
pub type Words = [u64; SECRET_WORDS];

/// A game on this device's table, with what the table shows beyond the engine.
#[derive(Debug)]
pub struct Table {
    pub setup: Setup,
    pub game: Game,
    pub ui: Ui,
    /// The latest request for a move: an answer to any other is turned away.
    pub asked: u64,
    /// The computers' random numbers come from it (and the game's seed).
    pub ai_seed: u64,
    /// Moves taken back in this game (its statistics say so).
    pub take_backs: usize,
    /// A practice deal (`Game::practice`): played apart from the game,
    /// neither saved nor counted.
    pub practice: bool,
    /// Deals the games with no seed when the browser has no crypto
    /// randomness, and draws their dealer.
    pub rng: Rng,
    /// Where a move made here goes: into this table's game, or (a guest's
    /// page, a puzzle in the viewer) to whoever judges it.
    pub moves_go_to: MovesGoTo,
    /// Calls shown so far: the banner's counter, which restarts its animation.
    pub calls: u32,
    /// The deal's scores are settled whatever anyone plays: worked out
    /// once as the person's turn comes (`advance`), not at every render,
    /// on the page's thread or, where that could not tell within a few
    /// milliseconds, by the computers' worker ([`Effect::AskSettled`]).
    settled: bool,
    /// The step awaited on a timer, and its number: a timer of any other
    /// number is stale and does nothing.
    step: Option<(u64, Step)>,
    steps: u64,
}

/// What the update needs of its surroundings besides the table: the
/// page's language and comfort settings, and fresh randomness for a deal.
pub struct Env<'a> {
    pub lang: Lang,
    /// The hand sorted by rank (the order in which Quack!'s chooser lists its cards).
    pub sort_by_rank: bool,
    /// The comfort setting: a person's one legal move plays itself.
    pub auto_play: bool,
    /// The computers take their time (not `?pace=0`): the worker may solve ahead.
    pub paced: bool,
    /// The positions the page's own thread searches to tell whether a
    /// deal's scores are settled (`ai::settled::PAGE_NODES`; 0 with
    /// `?settle=worker`, where the worker answers every such question).
    pub settle_nodes: u32,
    /// Fresh randomness (the browser's crypto), for a game with no seed.
    pub fresh: &'a mut dyn FnMut() -> Option<Words>,
}

/// Everything that changes the flow of a game on this table.
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// The person here: a move, a step (`model::TableAction`).
    Person(TableAction),
    /// A seat's player answers a request.
    Answered(Answer),
    /// The timer of step number `n` is up.
    Timer(u64),
    /// The worker's answer to [`Effect::AskSettled`] of `ticket`: whether
    /// the deal's scores are settled (no answer where it could not tell).
    Settled { ticket: u64, settled: bool },
}

/// Where a move made at this table goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MovesGoTo {
    /// This device plays the game: the move is played here.
    ThisTable,
    /// A guest's page: the host plays it (or refuses it).
    Host,
    /// The viewer's puzzle: the move is an answer, judged, not played.
    Judge,
}

/// What the browser side carries out for the update, in order.
#[derive(Clone, Debug)]
pub enum Effect {
    /// Cancel every seat's pending thought and the hint: the table changed.
    CancelThinking,
    /// Send [`Msg::Timer`]`(n)` after the delay (replacing any step waiting).
    Schedule { n: u64, delay: Delay },
    /// Ask `seat`'s player for its move, answering with `ticket`, after the
    /// delay (a computer thinks meanwhile).
    Ask { seat: u8, ticket: u64, delay: Delay },
    /// A move was played: the deal before it, who moved, and what the
    /// engine said of it (announce it, sound its call, tell the friends'
    /// devices, and a deal's end's statistics).
    Moved {
        before: Box<Deal>,
        seat: u8,
        mv: Move,
        effect: crate::engine::Effect,
    },
    /// A move made here, for the host or the puzzle's judge
    /// ([`MovesGoTo`]): not played on this table.
    Submit(Move),
    /// A seat's answer turned away: it answers an older question, or a
    /// seat not to move.
    TurnedAway(u8),
    /// Save the game.
    Save,
    /// Send the table to the friends' devices.
    Broadcast,
    /// The two-player Soup course begins: tell the computers' worker what
    /// the Expert's seat sees (`Setup::expert_solving_soup`), to solve ahead.
    SoupBegins(Box<SeatView>),
    /// Deal the next deal, as the person's button asks (the timer's step
    /// with nobody here): the page deals every deal one way, fairly in a
    /// game with friends.
    NextDeal,
    /// Ask the computers' worker whether the deal's scores are settled,
    /// answering [`Msg::Settled`] with `ticket`: the page's own search
    /// could not tell within its few milliseconds. (Nowhere to ask where
    /// the computers think on the page: *Play out the rest* is then
    /// offered only where the page could tell.)
    AskSettled {
        question: Box<SettledQuestion>,
        ticket: u64,
    },
    /// Build the scene and draw it.
    Render,
}

/// The flow's pauses, so that a person can follow the play; the page
/// scales each by its pace.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delay {
    /// A computer's move.
    Think,
    /// A computer's move after a call was shown.
    ThinkAfterCall,
    /// A finished trick on show.
    TrickShown,
    /// Between deals with nobody here to ask for the next.
    NextDeal,
    /// A person's one legal move, before it plays itself.
    OnlyMove,
}

impl Delay {
    /// The delay at the normal pace, in milliseconds.
    pub fn base_ms(self) -> f64 {
        match self {
            Delay::Think => 750.0,
            Delay::ThinkAfterCall => 750.0 + 450.0,
            Delay::TrickShown => 1300.0,
            Delay::NextDeal => 3000.0,
            Delay::OnlyMove => 600.0,
        }
    }
}

/// What a timer's step does when it is up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    ClearTrick,
    NextDeal,
    OnlyMove,
}

/// A request for one seat's move, whoever plays it (a computer here, a
/// friend's device, the hint's player).
#[derive(Clone, Debug)]
pub struct MoveRequest {
    pub seat: u8,
    /// What the seat may know: the deal with every hidden card removed.
    pub view: SeatView,
    /// What the seat saw of the deal so far: its view before each move.
    pub history: SeatHistory,
    /// Seeds the computers' randomness, so that a seeded game plays the same.
    pub seed: u64,
    /// How long a computer takes, so that a person can follow the play
    /// (0: at once, and with a fixed budget so that a seed replays the same).
    pub delay_ms: u32,
    /// Names this request: an answer to an older one is dropped.
    pub ticket: u64,
}

impl Table {
    /// A table with a game of `setup` not yet dealt.
    pub fn new(setup: Setup, game: Game, ai_seed: u64, rng: Rng) -> Table {
        Table {
            setup,
            game,
            ui: Ui::default(),
            asked: 0,
            ai_seed,
            take_backs: 0,
            practice: false,
            rng,
            calls: 0,
            settled: false,
            moves_go_to: MovesGoTo::ThisTable,
            step: None,
            steps: 0,
        }
    }

    /// A new game of `setup` on the table, not yet dealt, and the set-up
    /// it is played with. A game with friends is never seeded: a seed
    /// anyone knows (the daily one, a link's, the last game's) would tell
    /// them every hand, so each deal is shuffled from fresh randomness
    /// instead. Every other game is seeded, so that it can be shared: a
    /// random seed drawn from `entropy` if none was given (marked by a
    /// leading `~`, which `Setup::shown` forgets). The first dealer and
    /// the computers' seed come from the seed, or from the table's own
    /// generator.
    pub fn begin(&mut self, mut setup: Setup, entropy: u64) -> Setup {
        if setup.players.contains(&Player::Friend) {
            setup.seed = None;
        } else if setup.seed.is_none() {
            const ABC: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
            let mut x = entropy;
            let mut seed = String::from("~");
            for _ in 0..10 {
                seed.push(ABC[(x % 32) as usize] as char);
                x /= 32;
            }
            setup.seed = Some(seed);
        }
        let n = setup.rules.game.seats() as u32;
        let (dealer, ai_seed) = match &setup.seed {
            Some(s) => {
                let mut r = Rng::from_text(&format!("{s}/table"));
                (r.below(n) as u8, r.next_u64())
            }
            None => (self.rng.below(n) as u8, self.rng.next_u64()),
        };
        self.new_game(setup.clone(), dealer, ai_seed);
        setup
    }

    /// A new game of `setup` on the table, not yet dealt: `dealer` deals
    /// first, the computers draw from `ai_seed`. The person here (the first,
    /// in pass-and-play) sits at the bottom, face up when alone.
    pub fn new_game(&mut self, setup: Setup, dealer: u8, ai_seed: u64) {
        let bottom = setup.first_human().unwrap_or(0);
        self.game = Game::new(setup.rules, dealer);
        self.ai_seed = ai_seed;
        self.take_backs = 0;
        self.practice = false;
        self.step = None;
        self.ui = Ui {
            bottom,
            viewer: (setup.humans() == 1).then_some(bottom),
            scores_open: self.ui.scores_open,
            ..Ui::default()
        };
        self.setup = setup;
    }

    /// A practice table for deal `deal` of the game (`Game::practice`),
    /// played by the same players, the person here at the bottom: not
    /// saved, not counted, take-backs allowed.
    /// (Made from the game's table, which is left as it is.)
    pub fn practice_of(&self, deal: usize) -> Option<Table> {
        let game = self.game.practice(deal, 0)?;
        let mut practice = Table::new(
            self.setup.clone(),
            game,
            self.ai_seed,
            Rng::new(self.ai_seed),
        );
        practice.ui.scores_open = self.ui.scores_open;
        practice.ui.bottom = self.ui.bottom;
        practice.ui.viewer = (self.setup.humans() == 1).then_some(self.ui.bottom);
        practice.practice = true;
        Some(practice)
    }

    /// What is saved of the table besides its game.
    pub fn saved_state(&self) -> TableState<'_> {
        TableState {
            setup: &self.setup,
            ai_seed: self.ai_seed,
            bottom: self.ui.bottom,
            moves: self.ui.moves,
            take_backs: self.take_backs,
        }
    }

    /// A saved game put on the table (the score sheet left open or shut
    /// as it was), seen from the seat it was left at; its set-up comes
    /// back for the page to seat its players.
    pub fn restore(&mut self, saved: Saved) -> Setup {
        let bottom = saved.bottom;
        self.ui = Ui {
            bottom,
            viewer: (saved.setup.humans() == 1).then_some(bottom),
            scores_open: self.ui.scores_open,
            moves: saved.moves,
            ..Ui::default()
        };
        self.game = saved.game;
        self.ai_seed = saved.ai_seed;
        self.take_backs = saved.take_backs;
        saved.setup
    }

    /// Whether the deal just finished may be played again for practice:
    /// between deals of a game of this device's with no friend's device.
    pub fn may_practise(&self) -> bool {
        self.moves_go_to == MovesGoTo::ThisTable
            && !self.practice
            && !self.game.in_deal()
            && !self.game.log().is_empty()
            && !self.setup.players.contains(&Player::Friend)
            && self.setup.humans() > 0
    }

    /// The one update: the table after `msg`, and what to carry out.
    pub fn update(&mut self, msg: Msg, env: &mut Env) -> Vec<Effect> {
        match msg {
            Msg::Person(action) => self.person(action, env),
            Msg::Answered(Answer { ticket, seat, mv }) => {
                if ticket == self.asked
                    && self.moves_go_to == MovesGoTo::ThisTable
                    && self.game.in_deal()
                    && self.game.to_move() == Some(seat)
                    && !self.setup.plays_here(seat)
                {
                    self.apply(mv, seat, env)
                } else {
                    vec![Effect::TurnedAway(seat)]
                }
            }
            Msg::Timer(n) => match self.step {
                Some((awaited, step)) if awaited == n => {
                    self.step = None;
                    self.take_step(step, env)
                }
                _ => Vec::new(),
            },
            Msg::Settled { ticket, settled } => {
                if ticket != self.asked || self.acting().is_none() || self.settled == settled {
                    return Vec::new();
                }
                self.settled = settled;
                vec![Effect::Render]
            }
        }
    }

    /// What the person here does at the table, if they may.
    fn person(&mut self, action: TableAction, env: &mut Env) -> Vec<Effect> {
        match action {
            TableAction::Play(card) => self.play_card(card, env),
            TableAction::Quack => self.quack(env),
            TableAction::Duck => match self.acting() {
                Some(me) if self.game.legal_moves().contains(Move::Concede) => {
                    self.ui.message = None;
                    self.apply(Move::Concede, me, env)
                }
                _ => Vec::new(),
            },
            TableAction::DuckSuit(suit) => match (self.acting(), self.ui.chooser.clone()) {
                (Some(me), Some(Chooser::DuckSuit(duck))) => {
                    self.apply(Move::LeadDuck(duck, suit), me, env)
                }
                _ => Vec::new(),
            },
            TableAction::Choice(card) => match (self.acting(), self.ui.chooser.clone()) {
                (Some(me), Some(Chooser::QuackCard(cards))) if cards.contains(&card) => {
                    self.ui.message = None;
                    self.apply(Move::Play(card), me, env)
                }
                _ => Vec::new(),
            },
            TableAction::PrivacyContinue => match self.ui.privacy.take() {
                Some(seat) => {
                    self.ui.viewer = Some(seat);
                    self.ui.bottom = seat;
                    self.ui.message = None;
                    // (The one legal move of the player now shown may play itself.)
                    self.advance(env)
                }
                None => Vec::new(),
            },
            TableAction::NextDeal => self.next_deal(env),
            TableAction::TakeBack => self.take_back(env),
            TableAction::PlayOut => self.play_out(env),
        }
    }

    /// Decides what happens next after any change, and asks for it: the
    /// finished trick on show for a moment, the next deal, the cover of
    /// pass-and-play, a seat asked for its move, a person's one move played.
    pub fn advance(&mut self, env: &Env) -> Vec<Effect> {
        self.step = None;
        self.ui.only_move = false;
        self.settled = false;
        // Every question asked before is cancelled: no answer to one is
        // taken now (not even one on its way, or a second from the same seat).
        self.asked += 1;
        let mut effects = vec![Effect::CancelThinking];
        if !self.practice {
            effects.extend([Effect::Save, Effect::Broadcast]);
        }
        if self.ui.held.is_some() {
            effects.push(self.schedule(Step::ClearTrick, Delay::TrickShown));
        } else if self.game.is_over() {
        } else if !self.game.in_deal() {
            if self.setup.humans() == 0 {
                effects.push(self.schedule(Step::NextDeal, Delay::NextDeal));
            }
        } else if let Some(m) = self.game.to_move() {
            if self.setup.plays_here(m) {
                if self.setup.humans() > 1 && self.ui.viewer != Some(m) {
                    // Pass and play: cover the table until the next player taps.
                    self.ui.privacy = Some(m);
                    self.ui.viewer = None;
                    self.ui.chooser = None;
                } else if self.acting() == Some(m) && self.game.legal_moves().len() > 1 {
                    effects.extend(self.settle(env));
                } else if env.auto_play
                    && self.acting() == Some(m)
                    && self.game.legal_moves().len() == 1
                {
                    // (Offered to nobody meanwhile: a click cannot race it.)
                    self.ui.only_move = true;
                    effects.push(self.schedule(Step::OnlyMove, Delay::OnlyMove));
                }
            } else {
                let delay = if self.ui.call.is_some() {
                    Delay::ThinkAfterCall
                } else {
                    Delay::Think
                };
                effects.push(Effect::Ask {
                    seat: m,
                    ticket: self.asked,
                    delay,
                });
            }
        }
        effects.push(Effect::Render);
        effects
    }

    /// Deals the next deal: from the game's seed, or from fresh randomness.
    pub fn start_deal(&mut self, env: &mut Env) {
        let kind = self.game.kind();
        let k = self.game.log().len();
        let (deck, seed) = match &self.setup.seed {
            Some(s) => {
                let seed = if k == 0 {
                    s.clone()
                } else {
                    format!("{s}/{}", k + 1)
                };
                (shuffled_deck(kind, &seed), Some(seed))
            }
            // A game with friends: fresh randomness for every deal, held only
            // here and in this page's saved game. (A browser without crypto
            // randomness cannot play online at all; the table's own
            // generator is the fallback for form's sake.)
            None => match (env.fresh)() {
                Some(words) => (secret_deck(kind, &words), None),
                None => (random_deck(kind, &mut self.rng), None),
            },
        };
        self.ui.message = None;
        if let Err(e) = self.game.start_deal(deck, seed) {
            // A deck of ours is always whole: this would be a bug, shown rather than hidden.
            self.ui.message = Some(e.to_string());
        }
        self.ui.held = None;
        self.ui.chooser = None;
        self.ui.last_trick_open = false;
    }

    /// Puts `seat`'s call on the banner (the page takes it down after a while).
    pub fn show_call(&mut self, call: Call, seat: u8) {
        self.calls += 1;
        self.ui.call = Some((call, seat, self.calls));
    }

    /// The seat of the person who may act now, if any (`model::acting_seat`).
    pub fn acting(&self) -> Option<u8> {
        acting_seat(&self.game, &self.setup, &self.ui)
    }

    /// The request for `seat`'s move (the seat to move), answering
    /// `ticket`, after `delay_ms`: its own view and history only, and a
    /// seed of the game's, the moves made and the deal (so that a seeded
    /// game plays the same). None between deals.
    pub fn request(&self, seat: u8, ticket: u64, delay_ms: u32) -> Option<MoveRequest> {
        let deal = self.game.deal()?;
        Some(MoveRequest {
            seat,
            view: SeatView::of(deal, seat),
            history: self.history(seat),
            seed: self.ai_seed
                ^ (self.ui.moves as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)
                ^ (self.game.log().len() as u64) << 56,
            delay_ms,
            ticket,
        })
    }

    /// The hint's request for the person who may act, named by the
    /// position (the moves made); None when nobody here may act.
    pub fn hint_request(&self) -> Option<MoveRequest> {
        let seat = self.acting()?;
        let deal = self.game.deal()?;
        Some(MoveRequest {
            seat,
            view: SeatView::of(deal, seat),
            history: SeatHistory::new(seat),
            seed: self.ai_seed.rotate_left(17)
                ^ (self.ui.moves as u64).wrapping_mul(0x2545_f491_4f6c_dd1d),
            delay_ms: 0,
            ticket: self.ui.moves as u64,
        })
    }

    /// What `seat` saw of the deal in progress: its view before each move.
    pub fn history(&self, seat: u8) -> SeatHistory {
        let game = &self.game;
        let start = game.log().last().and_then(|log| {
            let k = game.log().len() - 1;
            let roles = Roles::of_game(game.kind(), game.first_dealer());
            let start = Deal::new(*game.rules(), game.dealer_of(k), roles, &log.deck).ok()?;
            Some(SeatHistory::replay(&start, &log.moves, seat))
        });
        start.unwrap_or_else(|| SeatHistory::new(seat))
    }

    /// Whether *Take back* is offered now: a game against the computers
    /// alone (one person here, no friend's seat; not the daily deal), in a
    /// deal where that person has moved.
    pub fn may_take_back(&self) -> bool {
        self.moves_go_to == MovesGoTo::ThisTable
            && take_back_allowed(&self.setup)
            && (self.practice || self.setup.daily_date().is_none())
            && self.take_back_point().is_some()
    }

    /// The move of the deal in progress to rewind to: the person's last.
    fn take_back_point(&self) -> Option<usize> {
        let me = self.setup.first_human()?;
        if !self.game.in_deal() {
            return None;
        }
        movers_of_latest_deal(&self.game)
            .iter()
            .rposition(|&seat| seat == me)
    }

    fn take_back(&mut self, env: &Env) -> Vec<Effect> {
        let at = match self.take_back_point() {
            Some(at) if self.may_take_back() => at,
            _ => return Vec::new(),
        };
        if self.game.rewind_deal(at).is_err() {
            return Vec::new();
        }
        self.take_backs += 1;
        self.ui.moves += 1;
        self.ui.held = None;
        self.ui.chooser = None;
        self.ui.call = None;
        self.ui.hint = None;
        self.ui.message = Some(env.lang.t(K::TakenBack).to_string());
        self.advance(env)
    }

    /// Whether *Play out the rest* is offered: the person here may act, no
    /// friend's device plays, and no one's choice can change any seat's
    /// score for the rest of the deal (searched exactly, `ai::settled`: a
    /// few milliseconds on the page's thread, then in the worker with a
    /// larger budget; a deal too large even for that is not offered).
    pub fn may_play_out(&self) -> bool {
        self.moves_go_to == MovesGoTo::ThisTable && self.acting().is_some() && self.settled
    }

    /// Decides whether the deal's scores are settled, on the page's
    /// thread within `env.settle_nodes` positions, else by asking the worker
    /// (none in a game with friends, where it is never offered).
    fn settle(&mut self, env: &Env) -> Option<Effect> {
        let deal = self
            .game
            .deal()
            .filter(|_| !self.setup.players.contains(&Player::Friend))?;
        match scores_settled(deal, env.settle_nodes) {
            Some(settled) => {
                self.settled = settled;
                None
            }
            None => Some(Effect::AskSettled {
                question: Box::new(SettledQuestion::of_game(&self.game)?),
                ticket: self.asked,
            }),
        }
    }

    /// Plays the rest of a settled deal at once, each seat's first legal
    /// move in turn (any line gives the same scores), as if played.
    fn play_out(&mut self, env: &Env) -> Vec<Effect> {
        if !self.may_play_out() {
            return Vec::new();
        }
        let mut effects = Vec::new();
        while let (true, Some(seat)) = (self.game.in_deal(), self.game.to_move()) {
            let (Some(&mv), Some(before)) = (
                self.game.legal_moves().as_slice().first(),
                self.game.deal().copied(),
            ) else {
                break;
            };
            let Ok(effect) = self.game.play(mv) else {
                break;
            };
            self.ui.moves += 1;
            effects.push(Effect::Moved {
                before: Box::new(before),
                seat,
                mv,
                effect,
            });
        }
        self.ui.chooser = None;
        self.ui.hint = None;
        self.ui.held = None;
        self.ui.call = None;
        self.ui.message = None;
        effects.extend(self.advance(env));
        effects
    }

    fn take_step(&mut self, step: Step, env: &mut Env) -> Vec<Effect> {
        match step {
            Step::ClearTrick => {
                self.ui.held = None;
                self.advance(env)
            }
            Step::NextDeal => vec![Effect::NextDeal],
            Step::OnlyMove => {
                self.ui.only_move = false;
                match (self.acting(), self.game.legal_moves().as_slice()) {
                    (Some(me), [only]) => {
                        let only = *only;
                        self.ui.message = None;
                        self.apply(only, me, env)
                    }
                    _ => self.advance(env),
                }
            }
        }
    }

    fn schedule(&mut self, step: Step, delay: Delay) -> Effect {
        self.steps += 1;
        self.step = Some((self.steps, step));
        Effect::Schedule {
            n: self.steps,
            delay,
        }
    }

    fn next_deal(&mut self, env: &mut Env) -> Vec<Effect> {
        if self.game.in_deal() || self.game.is_over() || self.moves_go_to != MovesGoTo::ThisTable {
            return Vec::new();
        }
        self.start_deal(env);
        self.advance(env)
    }

    /// Plays `mv` for `seat`: the engine checks it like any other.
    fn apply(&mut self, mv: Move, seat: u8, env: &Env) -> Vec<Effect> {
        if self.moves_go_to != MovesGoTo::ThisTable {
            return vec![Effect::Submit(mv)];
        }
        let Some(before) = self.game.deal().copied() else {
            return Vec::new();
        };
        match self.game.play(mv) {
            Err(why) => {
                self.ui.message = Some(env.lang.illegal_move(&why));
                vec![Effect::Render]
            }
            Ok(effect) => {
                self.ui.hint = None;
                self.ui.moves += 1;
                self.ui.chooser = None;
                self.ui.held = effect.trick;
                if let Some(call) = effect.call {
                    self.show_call(call, seat);
                }
                if effect.duck_course_ended {
                    self.ui.message = Some(env.lang.t(K::SoupBegins).to_string());
                }
                let soup = match (self.setup.expert_solving_soup(), self.game.deal()) {
                    (Some(s), Some(d)) if effect.duck_course_ended && env.paced => {
                        Some(Effect::SoupBegins(Box::new(SeatView::of(d, s))))
                    }
                    _ => None,
                };
                let mut effects = vec![Effect::Moved {
                    before: Box::new(before),
                    seat,
                    mv,
                    effect,
                }];
                effects.extend(self.advance(env));
                effects.extend(soup);
                effects
            }
        }
    }

    fn play_card(&mut self, card: Card, env: &Env) -> Vec<Effect> {
        let lang = env.lang;
        let Some(me) = self.acting() else {
            if !self.ui.only_move {
                self.wait_message(lang);
            }
            return vec![Effect::Render];
        };
        let Some(deal) = self.game.deal() else {
            return Vec::new();
        };
        if !deal.hand(me).contains(card) {
            return Vec::new();
        }
        let mv = Move::Play(card);
        match deal.check(mv) {
            Ok(()) => {
                self.ui.message = None;
                self.apply(mv, me, env)
            }
            // A led Duck names a suit of its colour: ask which.
            Err(IllegalMove::DuckMustNameSuit { duck }) => {
                self.ui.chooser = Some(Chooser::DuckSuit(duck));
                self.ui.message = None;
                vec![Effect::Render]
            }
            Err(why) => {
                self.ui.message = Some(lang.illegal_move(&why));
                vec![Effect::Render]
            }
        }
    }

    fn quack(&mut self, env: &Env) -> Vec<Effect> {
        let (Some(me), Some(deal)) = (self.acting(), self.game.deal()) else {
            return Vec::new();
        };
        let cards = super::scene::quack_cards(deal, env.sort_by_rank);
        match cards.as_slice() {
            [] => Vec::new(),
            [one] => {
                let one = *one;
                self.ui.message = None;
                self.apply(Move::Play(one), me, env)
            }
            _ => {
                self.ui.chooser = Some(Chooser::QuackCard(cards));
                vec![Effect::Render]
            }
        }
    }

    /// A click while nobody here may act: the status line says whose turn it is.
    fn wait_message(&mut self, lang: Lang) {
        // A guest's move already on its way: the status line says so.
        if self.ui.move_sent.is_some() {
            return;
        }
        if let Some(m) = self.game.to_move().filter(|_| self.game.in_deal()) {
            let n = self.game.kind().seats() as u8;
            self.ui.message = Some(lang.tf(K::NotYourTurn, &[lang.seat_name(n, m)]));
        }
    }
}

/// Whether take-backs are allowed in a game of `setup`: one person here
/// and every other seat a computer. (Nor in the daily deal, whose result
/// is shared and compared, unless practised.) Pass-and-play would show a
/// hand; a friend's device plays on.
pub fn take_back_allowed(setup: &Setup) -> bool {
    setup.humans() == 1
        && setup
            .players
            .iter()
            .all(|p| matches!(p, Player::Human | Player::Computer(_)))
}

/// Who made each move of the latest deal, in order.
pub fn movers_of_latest_deal(game: &Game) -> Vec<u8> {
    let Some(log) = game.log().last() else {
        return Vec::new();
    };
    let k = game.log().len() - 1;
    let roles = Roles::of_game(game.kind(), game.first_dealer());
    let Ok(mut deal) = Deal::new(*game.rules(), game.dealer_of(k), roles, &log.deck) else {
        return Vec::new();
    };
    let mut movers = Vec::with_capacity(log.moves.len());
    for &mv in &log.moves {
        movers.push(deal.to_move());
        if deal.play(mv).is_err() {
            break;
        }
    }
    movers
}
