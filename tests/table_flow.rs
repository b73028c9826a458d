//! The table's flow (`page::table`), driven natively with no browser: each
//! decision on its own (whose turn, a trick held and cleared, the next deal,
//! pass-and-play's cover, a seat's answer taken or turned away, a timer up
//! or stale, take-backs, a person's one move playing itself, a move made on
//! a guest's page or as a puzzle's answer), and any sequence of messages
//! (clicks, answers arriving late or after a cancel, timers, take-backs)
//! keeping a game the engine accepts, never asking a seat out of turn, and
//! leading only to scenes that show no hidden card.
//!
//! CI runs a bounded number of cases; `FUZZ_CASES=5000 cargo test --release
//! --test table_flow` runs more.

mod common;

use common::scenes::{assert_shows_only, context, visible};
use duck_soup::ai::question::{answer_settled, read_settled, SettledQuestion};
use duck_soup::ai::{Level, SeatView};
use duck_soup::engine::rng::Rng;
use duck_soup::engine::{Card, Game, GameKind, Move, Rules, Suit};
use duck_soup::page::i18n::Lang;
use duck_soup::page::model::{Answer, Chooser, Player, Setup, TableAction};
use duck_soup::page::scene::{self, SheetRows};
use duck_soup::page::table::{Delay, Effect, Env, MovesGoTo, Msg, Table, Words};
use proptest::prelude::*;

/// A table and the browser side's part, played by the test: the latest
/// question to a seat and the latest timer, as the page would hold them.
struct Page {
    table: Table,
    auto_play: bool,
    /// The computers take their time (`?pace=0`: false).
    paced: bool,
    /// The positions the page's thread searches for settled scores.
    settle_nodes: u32,
    /// The latest question to the worker whether the scores are settled.
    settle_asked: Option<(SettledQuestion, u64)>,
    /// The views the computers' worker was told as a Soup course began.
    soup_begins: Vec<SeatView>,
    lang: Lang,
    /// The latest seat asked, and its ticket.
    asked: Option<(u8, u64)>,
    /// Questions asked before the latest (their answers come late).
    older: Vec<(u8, u64)>,
    /// The latest timer's step number.
    timer: Option<u64>,
    /// Every step number ever scheduled.
    timers: Vec<u64>,
}

fn fresh() -> Option<Words> {
    None
}

impl Page {
    fn new(setup: Setup, auto_play: bool) -> Page {
        let kind = setup.rules.game;
        let mut table = Table::new(setup.clone(), Game::new(setup.rules, 0), 0, Rng::new(7));
        table.new_game(setup, 1 % kind.seats() as u8, 99);
        let mut page = Page {
            table,
            auto_play,
            paced: true,
            settle_nodes: duck_soup::ai::settled::PAGE_NODES,
            settle_asked: None,
            soup_begins: Vec::new(),
            lang: Lang::En,
            asked: None,
            older: Vec::new(),
            timer: None,
            timers: Vec::new(),
        };
        let mut f = fresh;
        let mut env = page.env(&mut f);
        page.table.start_deal(&mut env);
        let effects = page.table.advance(&env);
        page.took(&effects, "the first deal");
        page
    }

    fn env<'a>(&self, f: &'a mut dyn FnMut() -> Option<Words>) -> Env<'a> {
        Env {
            lang: self.lang,
            sort_by_rank: false,
            auto_play: self.auto_play,
            paced: self.paced,
            settle_nodes: self.settle_nodes,
            fresh: f,
        }
    }

    fn send(&mut self, msg: Msg) -> Vec<Effect> {
        let at = format!("after {msg:?}");
        let mut f = fresh;
        let mut env = self.env(&mut f);
        let effects = self.table.update(msg, &mut env);
        self.took(&effects, &at);
        if effects.iter().any(|e| matches!(e, Effect::NextDeal)) {
            // The page deals it as it deals the person's next deal.
            return self.send(Msg::Person(TableAction::NextDeal));
        }
        effects
    }

    /// Checks what the update asked, and keeps the questions and timers.
    fn took(&mut self, effects: &[Effect], at: &str) {
        for e in effects {
            match e {
                Effect::Ask { seat, ticket, .. } => {
                    let game = &self.table.game;
                    assert!(game.in_deal(), "{at}: a seat asked between deals");
                    assert_eq!(
                        game.to_move(),
                        Some(*seat),
                        "{at}: a seat asked out of turn"
                    );
                    assert!(
                        !self.table.setup.plays_here(*seat),
                        "{at}: the person's own seat asked as a computer"
                    );
                    // What the seat is sent: its own view and history only.
                    let request = self
                        .table
                        .request(*seat, *ticket, 0)
                        .unwrap_or_else(|| panic!("{at}: no request for seat {seat}"));
                    let deal = game.deal().expect("in a deal");
                    assert_eq!((request.seat, request.ticket), (*seat, *ticket));
                    assert_eq!(request.view.seat, *seat);
                    assert_eq!(request.view.deal.hand(*seat), deal.hand(*seat), "{at}");
                    assert_eq!(
                        format!("{:?}", request.view.deal),
                        format!("{:?}", deal.hidden_from(*seat)),
                        "{at}: the seat's view"
                    );
                    for other in (0..game.kind().seats() as u8).filter(|s| s != seat) {
                        assert!(
                            request.view.deal.hand(other).is_empty(),
                            "{at}: seat {other}'s hand sent to seat {seat}"
                        );
                    }
                    let made = game.log().last().map_or(0, |log| log.moves.len());
                    assert_eq!(request.history.len(), made, "{at}: the seat's history");
                    assert!(request.history.steps().all(|(v, _)| v.seat == *seat));
                    if let Some(old) = self.asked.replace((*seat, *ticket)) {
                        self.older.push(old);
                    }
                }
                Effect::Schedule { n, .. } => {
                    self.timer = Some(*n);
                    self.timers.push(*n);
                }
                Effect::SoupBegins(view) => {
                    // The Expert seat's view as the Soup course begins: its
                    // own hand only, yet every card known to it (the other
                    // hand is every card not seen).
                    let deal = self.table.game.deal().expect("in a deal");
                    let (seat, other) = (view.seat, 1 - view.seat);
                    let player = self.table.setup.players[seat as usize];
                    assert_eq!(player, Player::Computer(Level::Expert), "{at}");
                    assert_eq!(deal.stock_len(), 0, "{at}: the stock is empty");
                    assert_eq!(deal.hand(seat).len(), 13, "{at}: the course's start");
                    assert_eq!(
                        format!("{:?}", view.deal),
                        format!("{:?}", deal.hidden_from(seat)),
                        "{at}: the seat's view"
                    );
                    assert!(view.deal.hand(other).is_empty(), "{at}: a hidden hand sent");
                    let known = duck_soup::ai::known_deal(view).expect("every card known");
                    assert_eq!(known.hand(other), deal.hand(other), "{at}");
                    self.soup_begins.push(**view);
                }
                Effect::AskSettled { question, ticket } => {
                    // The whole deal, as the worker replays it, and only
                    // where the person may act and the page could not tell.
                    let deal = self.table.game.deal().expect("in a deal");
                    let bytes = question.request();
                    let replayed = SettledQuestion::read(&bytes)
                        .unwrap_or_else(|e| panic!("{at}: the question refused: {e}"));
                    assert_eq!(format!("{replayed:?}"), format!("{deal:?}"), "{at}");
                    assert!(
                        self.table.acting().is_some(),
                        "{at}: asked with nobody to act"
                    );
                    assert_eq!(
                        duck_soup::ai::settled::scores_settled(deal, self.settle_nodes),
                        None,
                        "{at}: asked what the page could tell"
                    );
                    self.settle_asked = Some(((**question).clone(), *ticket));
                }
                Effect::CancelThinking => {
                    if let Some(old) = self.asked.take() {
                        self.older.push(old);
                    }
                    self.timer = None;
                }
                _ => {}
            }
        }
        self.check(at);
    }

    /// The game is one the engine accepts (the same as its log played
    /// again), and every seat's scene shows only what that seat may see.
    fn check(&self, at: &str) {
        let game = &self.table.game;
        let mut again = Game::new(*game.rules(), game.first_dealer());
        for log in game.log() {
            again
                .start_deal(log.deck.clone(), log.seed.clone())
                .unwrap_or_else(|e| panic!("{at}: the log's deal refused: {e}"));
            for &mv in &log.moves {
                again
                    .play(mv)
                    .unwrap_or_else(|e| panic!("{at}: the log's move {mv:?} refused: {e}"));
            }
        }
        assert_eq!(again.totals(), game.totals(), "{at}: the totals");
        assert_eq!(again.results(), game.results(), "{at}: the results");
        assert_eq!(again.to_move(), game.to_move(), "{at}: the seat to move");
        if let (Some(a), Some(b)) = (again.deal(), game.deal()) {
            for s in 0..game.kind().seats() as u8 {
                assert_eq!(a.hand(s), b.hand(s), "{at}: seat {s}'s hand");
            }
        }
        let Some(deal) = game.deal() else {
            return;
        };
        let ui = &self.table.ui;
        let seat = ui.viewer.unwrap_or(ui.bottom);
        let ctx = context(self.lang);
        let sc = scene::build(game, &self.table.setup, ui, &ctx, &mut SheetRows::default());
        let seen = match ui.viewer {
            Some(v) => visible(deal, v),
            // Nobody's hand face up: what every seat sees of the table.
            None => visible(deal, seat).minus(deal.hand(seat)),
        };
        assert_shows_only(&sc, seat, seen, game.kind().deck(), at);
    }

    /// The latest seat asked answers with a move of its own (its first
    /// legal one, or a random one).
    fn answer(&mut self, rng: &mut Rng) -> Vec<Effect> {
        let Some((seat, ticket)) = self.asked else {
            return Vec::new();
        };
        let moves = self.table.game.legal_moves();
        let mv = moves.as_slice()[rng.below(moves.len() as u32) as usize];
        self.send(Msg::Answered(Answer { ticket, seat, mv }))
    }

    /// One step of play: the person here plays their first legal move,
    /// else the seat asked answers, else the timer goes off. False when
    /// nothing is awaited.
    fn step_on(&mut self, rng: &mut Rng) -> bool {
        if self.table.acting().is_some() {
            let mv = self.table.game.legal_moves().as_slice()[0];
            self.person_plays(mv);
        } else if self.asked.is_some() {
            self.answer(rng);
        } else if self.timer.is_some() {
            self.ring();
        } else {
            return false;
        }
        true
    }

    /// The worker answers the latest question whether the scores are
    /// settled, as its build does (`answer_settled`, through the bytes).
    fn worker_settles(&mut self) -> Vec<Effect> {
        let Some((question, ticket)) = self.settle_asked.take() else {
            return Vec::new();
        };
        let answer = answer_settled(&question.request()).expect("a question of the page's");
        match read_settled(&answer) {
            Some(settled) => self.send(Msg::Settled { ticket, settled }),
            None => Vec::new(),
        }
    }

    /// The latest timer goes off.
    fn ring(&mut self) -> Vec<Effect> {
        match self.timer.take() {
            Some(n) => self.send(Msg::Timer(n)),
            None => Vec::new(),
        }
    }

    /// Plays on (answers and timers, the person's first legal move) until
    /// `until` holds; at most `steps` steps.
    fn play_until(&mut self, rng: &mut Rng, steps: usize, until: impl Fn(&Table) -> bool) {
        assert!(self.reaches(rng, steps, until), "the table never got there");
    }

    /// Plays on as [`Page::play_until`] does; whether `until` came to hold.
    fn reaches(&mut self, rng: &mut Rng, steps: usize, until: impl Fn(&Table) -> bool) -> bool {
        for _ in 0..steps {
            if until(&self.table) {
                return true;
            }
            if self.step_on(rng) {
                continue;
            }
            if self.table.ui.privacy.is_some() {
                self.send(Msg::Person(TableAction::PrivacyContinue));
            } else if !self.table.game.in_deal() && !self.table.game.is_over() {
                self.send(Msg::Person(TableAction::NextDeal));
            } else {
                break;
            }
        }
        until(&self.table)
    }

    /// The person here makes `mv` by the clicks that make it.
    fn person_plays(&mut self, mv: Move) -> Vec<Effect> {
        match mv {
            Move::Play(c) => self.send(Msg::Person(TableAction::Play(c))),
            Move::Concede => self.send(Msg::Person(TableAction::Duck)),
            Move::LeadDuck(c, s) => {
                self.send(Msg::Person(TableAction::Play(c)));
                self.send(Msg::Person(TableAction::DuckSuit(s)))
            }
        }
    }
}

fn setup(kind: GameKind, players: Vec<Player>, seed: &str) -> Setup {
    Setup {
        rules: Rules::parlett(kind),
        players,
        seed: Some(seed.to_string()),
    }
}

fn against_computers(kind: GameKind, seed: &str) -> Setup {
    let players = (0..kind.seats())
        .map(|s| match s {
            0 => Player::Human,
            _ => Player::Computer(Level::Normal),
        })
        .collect();
    setup(kind, players, seed)
}

fn asked(effects: &[Effect]) -> Option<u8> {
    effects.iter().find_map(|e| match e {
        Effect::Ask { seat, .. } => Some(*seat),
        _ => None,
    })
}

fn scheduled(effects: &[Effect]) -> Option<Delay> {
    effects.iter().find_map(|e| match e {
        Effect::Schedule { delay, .. } => Some(*delay),
        _ => None,
    })
}

fn moved(effects: &[Effect]) -> Option<(u8, Move)> {
    effects.iter().find_map(|e| match e {
        Effect::Moved { seat, mv, .. } => Some((*seat, *mv)),
        _ => None,
    })
}

// ---- one decision at a time ----

#[test]
fn the_seat_to_move_is_asked_and_its_answer_played() {
    let mut rng = Rng::new(1);
    let mut p = Page::new(against_computers(GameKind::ThreePlayer, "ask"), false);
    p.play_until(&mut rng, 50, |t| {
        t.game.to_move().is_some_and(|m| m != 0) && t.ui.held.is_none()
    });
    let (seat, ticket) = p.asked.expect("the computer's seat asked");
    assert_eq!(p.table.game.to_move(), Some(seat));
    let mv = p.table.game.legal_moves().as_slice()[0];
    let effects = p.send(Msg::Answered(Answer { ticket, seat, mv }));
    assert_eq!(moved(&effects), Some((seat, mv)));
    assert!(matches!(effects.last(), Some(Effect::Render)));
}

#[test]
fn an_answer_to_an_older_question_or_from_a_seat_not_to_move_is_turned_away() {
    let mut rng = Rng::new(2);
    let mut p = Page::new(against_computers(GameKind::TwoPlayer, "stale"), false);
    p.play_until(&mut rng, 50, |t| {
        t.game.to_move() == Some(1) && t.ui.held.is_none()
    });
    let (seat, ticket) = p.asked.expect("asked");
    let mv = p.table.game.legal_moves().as_slice()[0];
    let before = p.table.game.log().last().unwrap().moves.len();
    for wrong in [
        Msg::Answered(Answer {
            ticket: ticket - 1,
            seat,
            mv,
        }),
        Msg::Answered(Answer {
            ticket,
            seat: 0,
            mv,
        }),
    ] {
        let effects = p.send(wrong);
        assert!(matches!(effects.as_slice(), [Effect::TurnedAway(_)]));
        assert_eq!(p.table.game.log().last().unwrap().moves.len(), before);
    }
}

#[test]
fn a_finished_trick_is_held_then_cleared_and_a_stale_timer_does_nothing() {
    let mut rng = Rng::new(3);
    let mut p = Page::new(against_computers(GameKind::TwoPlayer, "hold"), false);
    p.play_until(&mut rng, 80, |t| t.ui.held.is_some());
    let n = p.timer.expect("the trick's timer");
    let stale = p.send(Msg::Timer(n - 1));
    assert!(stale.is_empty(), "a stale timer changed the table");
    assert!(p.table.ui.held.is_some());
    let effects = p.send(Msg::Timer(n));
    assert!(p.table.ui.held.is_none(), "the trick is cleared");
    // The winner leads: asked, or the person's turn.
    let leader = p.table.game.to_move().unwrap();
    assert_eq!(asked(&effects), (leader != 0).then_some(leader));
    // The same timer twice: nothing.
    assert!(p.send(Msg::Timer(n)).is_empty());
}

#[test]
fn the_next_deal_waits_for_the_person_and_comes_by_itself_with_nobody_here() {
    let mut rng = Rng::new(4);
    let mut p = Page::new(against_computers(GameKind::TwoPlayer, "next"), true);
    p.play_until(&mut rng, 200, |t| {
        !t.game.in_deal() && t.ui.held.is_none() && t.game.log().len() == 1
    });
    assert!(
        p.timer.is_none(),
        "a person's next deal is theirs to ask for"
    );
    p.send(Msg::Person(TableAction::NextDeal));
    assert_eq!(p.table.game.log().len(), 2);
    assert!(p.table.game.in_deal());

    let computers = setup(
        GameKind::TwoPlayer,
        vec![Player::Computer(Level::Normal); 2],
        "watch",
    );
    let mut w = Page::new(computers, true);
    w.play_until(&mut rng, 200, |t| !t.game.in_deal() && t.ui.held.is_none());
    // The person asking changes nothing while nobody plays here... and the
    // timer asks the page for the next deal, which the page deals as it
    // deals every deal (fairly in a game with friends): the table never
    // deals it by itself.
    let n = w.timer.expect("the next deal's timer");
    let mut f = fresh;
    let mut env = w.env(&mut f);
    let asked = w.table.update(Msg::Timer(n), &mut env);
    assert!(matches!(asked.as_slice(), [Effect::NextDeal]), "{asked:?}");
    assert_eq!(w.table.game.log().len(), 1, "not dealt by the timer itself");
    w.send(Msg::Person(TableAction::NextDeal));
    assert_eq!(w.table.game.log().len(), 2);
}

#[test]
fn pass_and_play_covers_the_table_until_the_next_player_taps() {
    let mut rng = Rng::new(5);
    let people = setup(
        GameKind::TwoPlayer,
        vec![Player::Human, Player::Human],
        "pass",
    );
    let mut p = Page::new(people, false);
    let first = p.table.game.to_move().unwrap();
    if p.table.ui.privacy.is_some() {
        p.send(Msg::Person(TableAction::PrivacyContinue));
    }
    assert_eq!(p.table.acting(), Some(first));
    let mv = p.table.game.legal_moves().as_slice()[0];
    p.person_plays(mv);
    p.play_until(&mut rng, 10, |t| t.ui.held.is_none());
    let next = p.table.game.to_move().unwrap();
    assert_ne!(next, first);
    assert_eq!(
        p.table.ui.privacy,
        Some(next),
        "the cover names the next player"
    );
    assert_eq!(p.table.ui.viewer, None, "no hand face up under the cover");
    assert_eq!(p.table.acting(), None);
    p.send(Msg::Person(TableAction::PrivacyContinue));
    assert_eq!(p.table.ui.viewer, Some(next));
    assert_eq!(p.table.acting(), Some(next));
    assert!(!p.table.may_take_back(), "pass-and-play takes nothing back");
}

#[test]
fn take_back_returns_the_hand_the_trick_and_the_score_to_before_the_persons_move() {
    let mut rng = Rng::new(6);
    let mut p = Page::new(against_computers(GameKind::ThreePlayer, "undo"), false);
    // Play into the deal, then note the table as the person's turn shows.
    p.play_until(&mut rng, 60, |t| {
        t.game.log()[0].moves.len() >= 7 && t.acting() == Some(0)
    });
    let hand = p.table.game.deal().unwrap().hand(0);
    let trick = format!("{:?}", p.table.game.deal().unwrap().trick());
    let moves = p.table.game.log()[0].moves.len();
    let totals = *p.table.game.totals();
    assert!(!p.table.may_take_back() || moves > 0);
    // The person moves, and a computer is asked.
    let mv = p.table.game.legal_moves().as_slice()[0];
    p.person_plays(mv);
    p.play_until(&mut rng, 10, |t| {
        t.acting().is_none() && t.ui.held.is_none()
    });
    // One computer answers; the next is thinking.
    p.answer(&mut rng);
    let thinking = p.asked;
    assert!(p.table.may_take_back());
    let effects = p.send(Msg::Person(TableAction::TakeBack));
    assert!(matches!(effects.first(), Some(Effect::CancelThinking)));
    let deal = p.table.game.deal().unwrap();
    assert_eq!(deal.hand(0), hand, "the hand as before");
    assert_eq!(format!("{:?}", deal.trick()), trick, "the trick as before");
    assert_eq!(
        p.table.game.log()[0].moves.len(),
        moves,
        "the moves as before"
    );
    assert_eq!(*p.table.game.totals(), totals);
    assert_eq!(p.table.acting(), Some(0), "the person's turn again");
    assert_eq!(p.table.take_backs, 1);
    // The question asked before the take-back answers a position gone.
    if let Some((seat, ticket)) = thinking {
        let mv = Move::Play(Card::from_index(0));
        let late = p.send(Msg::Answered(Answer { ticket, seat, mv }));
        assert!(matches!(late.as_slice(), [Effect::TurnedAway(_)]));
    }
    // As many times as the person likes, back to the deal's start.
    let mut times = 1;
    while p.table.may_take_back() {
        p.send(Msg::Person(TableAction::TakeBack));
        times += 1;
        assert!(times < 40);
    }
    let left = &p.table.game.log()[0].moves;
    let movers = duck_soup::page::table::movers_of_latest_deal(&p.table.game);
    assert!(
        !movers.contains(&0),
        "the person has no move left to take back"
    );
    assert!(left.len() <= 2, "only the computers' opening moves stay");
    assert!(p.send(Msg::Person(TableAction::TakeBack)).is_empty());
}

#[test]
fn decision_12_take_back_only_against_the_computers_and_never_in_the_daily_deal() {
    let mut rng = Rng::new(7);
    let two = |players: Vec<Player>, seed: &str| setup(GameKind::TwoPlayer, players, seed);
    let cases = [
        two(vec![Player::Human, Player::Friend], "friend"),
        two(vec![Player::Human, Player::Human], "people"),
        two(
            vec![Player::Human, Player::Computer(Level::Hard)],
            "daily-2026-11-28",
        ),
    ];
    for case in cases {
        let mut p = Page::new(case.clone(), false);
        p.play_until(&mut rng, 60, |t| {
            t.game.log()[0].moves.len() >= 3 && t.ui.held.is_none()
        });
        let before = p.table.game.log()[0].moves.clone();
        assert!(!p.table.may_take_back(), "{:?}", case.players);
        assert!(p.send(Msg::Person(TableAction::TakeBack)).is_empty());
        assert_eq!(p.table.game.log()[0].moves, before);
    }
    // Against the computers, any level: offered once the person has moved.
    let mut p = Page::new(
        two(vec![Player::Human, Player::Computer(Level::Expert)], "any"),
        false,
    );
    p.play_until(&mut rng, 60, |t| {
        t.game.log()[0].moves.len() >= 3 && t.acting() == Some(0)
    });
    assert!(p.table.may_take_back());
    // Not on a guest's page, nor for the viewer's puzzle.
    for goes in [MovesGoTo::Host, MovesGoTo::Judge] {
        p.table.moves_go_to = goes;
        assert!(!p.table.may_take_back());
    }
}

#[test]
fn decision_13_a_persons_one_legal_move_plays_itself_after_a_pause_when_the_setting_is_on() {
    let mut rng = Rng::new(8);
    for auto_play in [true, false] {
        let mut p = Page::new(against_computers(GameKind::TwoPlayer, "only"), auto_play);
        // The last trick: one card each.
        p.play_until(&mut rng, 400, |t| {
            t.game.in_deal()
                && t.game.to_move() == Some(0)
                && t.game.legal_moves().len() == 1
                && t.ui.held.is_none()
        });
        let waiting = p.timer;
        assert_eq!(waiting.is_some(), auto_play);
        // Meanwhile the move is offered to nobody: a click cannot race it.
        assert_eq!(p.table.ui.only_move, auto_play);
        assert_eq!(p.table.acting(), (!auto_play).then_some(0));
        if let Some(n) = waiting {
            let only = p.table.game.legal_moves().as_slice()[0];
            let effects = p.send(Msg::Timer(n));
            assert_eq!(moved(&effects), Some((0, only)));
        }
    }
    // With more than one move, nothing plays by itself.
    let mut p = Page::new(against_computers(GameKind::TwoPlayer, "choice"), true);
    p.play_until(&mut rng, 40, |t| t.acting() == Some(0));
    assert!(p.table.game.legal_moves().len() > 1);
    assert_ne!(
        scheduled(&p.table.advance(&Env {
            lang: Lang::En,
            sort_by_rank: false,
            auto_play: true,
            paced: true,
            settle_nodes: duck_soup::ai::settled::PAGE_NODES,
            fresh: &mut fresh,
        })),
        Some(Delay::OnlyMove)
    );
}

/// The views the computers' worker is told in one deal of `players`
/// (checked in `Page::took`).
fn soup_told(kind: GameKind, players: Vec<Player>, paced: bool, rng: &mut Rng) -> Vec<SeatView> {
    let mut p = Page::new(setup(kind, players, "soup-ahead"), false);
    p.paced = paced;
    p.play_until(rng, 3000, |t| !t.game.in_deal());
    p.soup_begins
}

/// As the stock's last card is drawn in a two-player game with an Expert
/// computer, the computers' worker is told once what the Expert's seat sees
/// (`Page::took` checks it: that seat's view at the course's start, no
/// hidden card, yet every card known to it), so that it solves the Soup
/// course ahead; not in the other games, at the other levels, at pace 0,
/// nor on a guest's page (where the host plays the moves).
#[test]
fn decision_17_the_worker_is_told_once_as_the_two_player_soup_course_begins_with_an_expert() {
    use GameKind::{Partnership, ThreePlayer, TwoPlayer};
    use Player::{Computer, Human};
    let mut rng = Rng::new(12);
    let expert = Computer(Level::Expert);
    for (players, seat) in [
        (vec![Human, expert], 1),
        (vec![expert, Human], 0),
        (vec![expert, expert], 0),
        (vec![Computer(Level::Normal), expert], 1),
    ] {
        let told = soup_told(TwoPlayer, players.clone(), true, &mut rng);
        let seats: Vec<u8> = told.iter().map(|v| v.seat).collect();
        assert_eq!(seats, [seat], "{players:?}");
    }
    let never = [
        (TwoPlayer, vec![Human, expert], false),
        (TwoPlayer, vec![Human, Computer(Level::Hard)], true),
        (TwoPlayer, vec![Human, Computer(Level::Normal)], true),
        (TwoPlayer, vec![Human, Human], true),
        (ThreePlayer, vec![Human, expert, expert], true),
        (Partnership, vec![Human, expert, expert, expert], true),
    ];
    for (kind, players, paced) in never {
        let told = soup_told(kind, players.clone(), paced, &mut rng);
        assert!(told.is_empty(), "{kind:?} {players:?} paced {paced}");
    }
    // A guest's page: the person's move that ends the Duck course (on this
    // device's table, it tells the worker) is only submitted to the host.
    let last_follow = |t: &Table| {
        t.acting() == Some(0)
            && t.game
                .deal()
                .is_some_and(|d| d.stock_len() == 2 && d.trick().len() == 1)
    };
    let mut seen = false;
    for k in 0..20 {
        let (name, players) = (format!("soup-guest-{k}"), vec![Human, expert]);
        let mut here = Page::new(setup(TwoPlayer, players.clone(), &name), false);
        let mut guest = Page::new(setup(TwoPlayer, players, &name), false);
        if !here.reaches(&mut Rng::new(k), 400, last_follow) {
            continue;
        }
        guest.play_until(&mut Rng::new(k), 400, last_follow);
        guest.table.moves_go_to = MovesGoTo::Host;
        let deal = *here.table.game.deal().expect("in a deal");
        // A card that takes the trick at once (no quack).
        let ends = deal.legal_moves().as_slice().iter().copied().find(|&mv| {
            let mut after = deal;
            after.apply(mv).duck_course_ended
        });
        let Some(mv) = ends else { continue };
        // (An earlier deal may have told it already.)
        let before = here.soup_begins.len();
        here.person_plays(mv);
        assert_eq!(here.soup_begins.len(), before + 1, "on this device's table");
        let effects = guest.person_plays(mv);
        assert!(
            matches!(effects[..], [Effect::Submit(m)] if m == mv),
            "{effects:?}"
        );
        assert_eq!(guest.soup_begins.len(), before, "on a guest's page");
        seen = true;
        break;
    }
    assert!(seen, "no deal where the person ends the Duck course");
}

#[test]
fn a_move_on_a_guests_page_or_a_puzzles_answer_is_submitted_not_played() {
    let mut rng = Rng::new(9);
    for goes in [MovesGoTo::Host, MovesGoTo::Judge] {
        let mut p = Page::new(against_computers(GameKind::TwoPlayer, "submit"), false);
        p.play_until(&mut rng, 40, |t| t.acting() == Some(0));
        p.table.moves_go_to = goes;
        let before = p.table.game.log()[0].moves.len();
        let mv = p.table.game.legal_moves().as_slice()[0];
        let effects = p.person_plays(mv);
        let submitted = effects
            .iter()
            .any(|e| matches!(e, Effect::Submit(m) if *m == mv));
        assert!(submitted, "{goes:?}: {effects:?}");
        assert_eq!(p.table.game.log()[0].moves.len(), before);
        assert!(p.send(Msg::Person(TableAction::NextDeal)).is_empty());
    }
}

#[test]
fn a_led_duck_asks_its_suit_and_quack_asks_which_card_when_more_than_one_would() {
    // Whatever the deal, the chooser's answers are checked against it.
    let mut rng = Rng::new(10);
    for seed in 0..40 {
        let mut p = Page::new(
            against_computers(GameKind::ThreePlayer, &format!("chooser{seed}")),
            false,
        );
        p.play_until(&mut rng, 30, |t| t.acting() == Some(0));
        let deal = *p.table.game.deal().unwrap();
        for card in deal.hand(0).iter() {
            if let Err(duck_soup::engine::IllegalMove::DuckMustNameSuit { .. }) =
                deal.check(Move::Play(card))
            {
                let effects = p.send(Msg::Person(TableAction::Play(card)));
                assert!(matches!(effects.as_slice(), [Effect::Render]));
                assert_eq!(p.table.ui.chooser, Some(Chooser::DuckSuit(card)));
                let suit = Suit::ALL
                    .into_iter()
                    .find(|&s| deal.check(Move::LeadDuck(card, s)).is_ok())
                    .expect("a suit for the Duck");
                let effects = p.send(Msg::Person(TableAction::DuckSuit(suit)));
                assert_eq!(moved(&effects), Some((0, Move::LeadDuck(card, suit))));
                return;
            }
        }
    }
}

// ---- any sequence of messages ----

/// One thing that may happen next, as a property test draws it.
#[derive(Clone, Debug)]
enum Step {
    /// A card of the hand at this index (any, legal or not), clicked.
    Click(u8),
    Quack,
    Duck,
    DuckSuit(u8),
    Choice(u8),
    Privacy,
    NextDeal,
    TakeBack,
    /// The seat asked answers (a random legal move of the position).
    Answer,
    /// An older question's answer, arriving late (or after a cancel).
    LateAnswer,
    /// The timer goes off; or a stale one.
    Timer,
    StaleTimer,
    /// Play on until the person may act (answers and timers).
    PlayOn,
    /// The worker answers whether the deal's scores are settled.
    WorkerSettles,
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        4 => any::<u8>().prop_map(Step::Click),
        1 => Just(Step::Quack),
        1 => Just(Step::Duck),
        1 => any::<u8>().prop_map(Step::DuckSuit),
        1 => any::<u8>().prop_map(Step::Choice),
        1 => Just(Step::Privacy),
        1 => Just(Step::NextDeal),
        2 => Just(Step::TakeBack),
        4 => Just(Step::Answer),
        1 => Just(Step::LateAnswer),
        2 => Just(Step::Timer),
        1 => Just(Step::StaleTimer),
        2 => Just(Step::PlayOn),
        2 => Just(Step::WorkerSettles),
    ]
}

fn cases() -> u32 {
    std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(64)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn any_sequence_of_messages_keeps_a_game_the_engine_accepts(
        kind in 0..3u8,
        seats in 0..4u8,
        auto_play in any::<bool>(),
        settle_here in any::<bool>(),
        seed in any::<u32>(),
        steps in proptest::collection::vec(step(), 1..120),
    ) {
        let kind = GameKind::ALL[kind as usize];
        let n = kind.seats();
        let players: Vec<Player> = (0..n)
            .map(|s| match (seats, s) {
                (_, 0) => Player::Human,
                // Pass and play.
                (1, 1) => Player::Human,
                // A friend's device (answers as a computer would here).
                (2, _) => Player::Friend,
                (3, _) => Player::Computer(Level::Random),
                _ => Player::Computer(Level::Normal),
            })
            .collect();
        let mut p = Page::new(setup(kind, players, &format!("any{seed}")), auto_play);
        if !settle_here {
            // Every question whether the scores are settled goes to the worker.
            p.settle_nodes = 0;
        }
        let mut rng = Rng::new(seed as u64);
        for s in steps {
            take_step(&mut p, s, &mut rng)?;
            // Nobody is asked while the person here may act.
            if p.table.acting().is_some() {
                prop_assert!(p.asked.is_none());
            }
            // *Play out the rest* only where no line can change a score.
            if p.table.may_play_out() {
                let deal = p.table.game.deal().expect("offered in a deal");
                prop_assert_eq!(duck_soup::ai::settled::scores_settled(deal, u32::MAX), Some(true));
            }
        }
    }
}

#[test]
fn a_practice_deal_is_the_same_cards_again_neither_saved_nor_counted() {
    let mut rng = Rng::new(11);
    // The daily deal, against the computers: no take-backs in the game.
    let daily = setup(
        GameKind::Partnership,
        vec![
            Player::Human,
            Player::Computer(Level::Normal),
            Player::Computer(Level::Hard),
            Player::Computer(Level::Normal),
        ],
        "daily-2026-11-28",
    );
    let mut p = Page::new(daily, false);
    p.play_until(&mut rng, 400, |t| !t.game.in_deal() && t.ui.held.is_none());
    assert!(p.table.may_practise());
    let game = p.table.game.clone();
    let practice = game.practice(0, 0).expect("the deal again");
    let first = practice.deal().unwrap();
    let original = duck_soup::engine::Deal::new(
        *game.rules(),
        game.dealer_of(0),
        duck_soup::engine::Roles::of_game(game.kind(), game.first_dealer()),
        &game.log()[0].deck,
    )
    .unwrap();
    for s in 0..4 {
        assert_eq!(first.hand(s), original.hand(s), "seat {s}'s cards again");
        assert_eq!(
            practice.is_high(s),
            game.is_high(s),
            "seat {s}'s role again"
        );
    }
    assert_eq!(first.to_move(), original.to_move(), "the same leader");
    let mut table = p.table.practice_of(0).expect("a practice table");
    assert_eq!(
        table.game.log(),
        practice.log(),
        "the practice table's deal"
    );
    assert!(table.practice);
    std::mem::swap(&mut p.table, &mut table);
    assert!(!p.table.may_practise(), "practice is offered from the game");
    let mut f = fresh;
    let env = p.env(&mut f);
    let effects = p.table.advance(&env);
    assert!(
        !effects
            .iter()
            .any(|e| matches!(e, Effect::Save | Effect::Broadcast)),
        "a practice deal is not saved: {effects:?}"
    );
    p.took(&effects, "practice");
    // Take-backs are allowed in practice, even of the daily deal.
    p.play_until(&mut rng, 60, |t| {
        t.game.log()[0].moves.len() >= 6 && t.acting() == Some(0) && t.ui.held.is_none()
    });
    assert!(p.table.may_take_back());
    // Its one deal ends the practice game.
    p.play_until(&mut rng, 400, |t| t.game.is_over());
    assert_eq!(p.table.game.results().len(), 1);
    assert_eq!(game.results().len(), 1, "the game itself unchanged");
}

#[test]
fn play_out_the_rest_is_offered_only_when_no_choice_can_change_a_score() {
    let mut rng = Rng::new(12);
    let mut offered = 0;
    for seed in 0..30 {
        let kind = GameKind::ALL[seed % 3];
        let mut p = Page::new(against_computers(kind, &format!("out{seed}")), true);
        p.play_until(&mut rng, 30, |t| t.acting() == Some(0));
        assert!(!p.table.may_play_out(), "never at a deal's start");
        // Play on, the person's first legal move each time, until offered.
        let found = (0..400).any(|_| {
            if p.table.may_play_out() || !p.table.game.in_deal() {
                return true;
            }
            p.step_on(&mut rng);
            false
        });
        if !found || !p.table.may_play_out() {
            continue;
        }
        offered += 1;
        let deal = *p.table.game.deal().unwrap();
        // Any line from here gives every seat the same score.
        let mut lines = Rng::new(seed as u64);
        let mut scores = Vec::new();
        for _ in 0..20 {
            let mut d = deal;
            while !d.is_over() {
                let moves = d.legal_moves();
                d.play(moves.as_slice()[lines.below(moves.len() as u32) as usize])
                    .unwrap();
            }
            scores.push(d.scores());
        }
        assert!(
            scores.windows(2).all(|w| w[0] == w[1]),
            "a settled deal's scores differ"
        );
        let effects = p.send(Msg::Person(TableAction::PlayOut));
        assert!(moved(&effects).is_some());
        assert!(!p.table.game.in_deal(), "the deal played out at once");
        assert_eq!(p.table.game.results().last().unwrap().scores, scores[0]);
    }
    assert!(offered >= 5, "offered in {offered} deals of 30");
}

#[test]
fn decision_20_where_the_page_cannot_tell_whether_the_scores_are_settled_the_worker_does() {
    let mut rng = Rng::new(13);
    let (mut offered, mut late, mut flipped) = (0, 0, 0);
    for seed in 0..24 {
        let kind = GameKind::ALL[seed % 3];
        let mut p = Page::new(against_computers(kind, &format!("worker{seed}")), true);
        // The page's thread searches nothing: every question goes to the worker.
        p.settle_nodes = 0;
        let found = (0..400).any(|_| {
            if p.table.may_play_out() || !p.table.game.in_deal() {
                return true;
            }
            if p.settle_asked.is_some() {
                if rng.below(2) == 0 {
                    // The person moves before the answer comes, and the
                    // game goes on to the person's next question: the old
                    // answer, come late, changes nothing.
                    let (question, ticket) = p.settle_asked.take().unwrap();
                    let mv = p.table.game.legal_moves().as_slice()[0];
                    p.person_plays(mv);
                    while p.table.game.in_deal() && p.settle_asked.is_none() && p.step_on(&mut rng)
                    {
                    }
                    p.worker_settles();
                    let offered_before = p.table.may_play_out();
                    let answer = answer_settled(&question.request()).unwrap();
                    if let Some(settled) = read_settled(&answer) {
                        let effects = p.send(Msg::Settled { ticket, settled });
                        assert!(effects.is_empty(), "a late answer taken: {effects:?}");
                        assert_eq!(
                            p.table.may_play_out(),
                            offered_before,
                            "a late answer taken"
                        );
                        late += 1;
                        flipped += (settled != offered_before) as u32;
                    }
                } else {
                    p.worker_settles();
                }
            } else {
                p.step_on(&mut rng);
            }
            false
        });
        if !found || !p.table.may_play_out() {
            continue;
        }
        offered += 1;
        let deal = *p.table.game.deal().unwrap();
        assert_eq!(
            duck_soup::ai::settled::scores_settled(&deal, u32::MAX),
            Some(true),
            "offered where the scores are not settled"
        );
        let effects = p.send(Msg::Person(TableAction::PlayOut));
        assert!(moved(&effects).is_some());
        assert!(!p.table.game.in_deal(), "the deal played out at once");
    }
    assert!(
        offered >= 5,
        "offered through the worker in {offered} deals of 24"
    );
    assert!(late >= 3, "{late} late answers");
    // (Some late answer says otherwise than the answer taken since.)
    assert!(
        flipped >= 1,
        "no late answer differed from the latest: {late} late"
    );
}

/// One step of a property test's sequence, on the page `p`, checked.
fn take_step(p: &mut Page, s: Step, rng: &mut Rng) -> Result<(), TestCaseError> {
    let hand: Vec<Card> = p
        .table
        .game
        .deal()
        .map(|d| d.hand(p.table.ui.viewer.unwrap_or(0)).iter().collect())
        .unwrap_or_default();
    let pick = |i: u8| hand.get(i as usize % hand.len().max(1)).copied();
    let (before_log, before_take_backs) = (p.table.game.log().to_vec(), p.table.take_backs);
    match s {
        Step::Click(i) => {
            if let Some(c) = pick(i) {
                p.send(Msg::Person(TableAction::Play(c)));
            }
        }
        Step::Quack => {
            p.send(Msg::Person(TableAction::Quack));
        }
        Step::Duck => {
            p.send(Msg::Person(TableAction::Duck));
        }
        Step::DuckSuit(i) => {
            let suit = Suit::ALL[i as usize % 4];
            p.send(Msg::Person(TableAction::DuckSuit(suit)));
        }
        Step::Choice(i) => {
            if let Some(c) = pick(i) {
                p.send(Msg::Person(TableAction::Choice(c)));
            }
        }
        Step::Privacy => {
            p.send(Msg::Person(TableAction::PrivacyContinue));
        }
        Step::NextDeal => {
            p.send(Msg::Person(TableAction::NextDeal));
        }
        Step::TakeBack => {
            let allowed = p.table.may_take_back();
            let effects = p.send(Msg::Person(TableAction::TakeBack));
            if !allowed {
                prop_assert!(effects.is_empty());
                prop_assert_eq!(p.table.game.log(), &before_log[..]);
            } else {
                prop_assert_eq!(p.table.game.to_move(), Some(0));
                prop_assert_eq!(p.table.take_backs, before_take_backs + 1);
            }
        }
        Step::Answer => {
            p.answer(rng);
        }
        Step::LateAnswer => {
            if let Some((seat, ticket)) = p.older.pop() {
                let moves = p.table.game.legal_moves();
                if let Some(&mv) = moves.as_slice().first() {
                    let effects = p.send(Msg::Answered(Answer { ticket, seat, mv }));
                    prop_assert!(
                        matches!(effects.as_slice(), [Effect::TurnedAway(_)]),
                        "a late answer ({seat}, {ticket}) taken at {}: {effects:?}",
                        p.table.asked
                    );
                    prop_assert_eq!(p.table.game.log(), &before_log[..]);
                }
            }
        }
        Step::Timer => {
            p.ring();
        }
        Step::WorkerSettles => {
            p.worker_settles();
        }
        Step::StaleTimer => {
            let current = p.timer;
            if let Some(&n) = p.timers.iter().find(|&&n| Some(n) != current) {
                let effects = p.send(Msg::Timer(n));
                prop_assert!(effects.is_empty());
            }
        }
        Step::PlayOn => {
            for _ in 0..40 {
                if p.table.acting().is_some() || p.table.game.is_over() {
                    break;
                }
                if p.asked.is_some() {
                    p.answer(rng);
                } else if p.timer.is_some() {
                    p.ring();
                } else if p.table.ui.privacy.is_some() {
                    p.send(Msg::Person(TableAction::PrivacyContinue));
                } else if !p.table.game.in_deal() {
                    p.send(Msg::Person(TableAction::NextDeal));
                } else {
                    break;
                }
            }
        }
    }
    Ok(())
}

/// The panels: each shown and hidden again by its own action; Escape
/// closes the overlays and the suit chooser, and leaves the sheet's
/// every-deal choice as it was.
#[test]
fn panels_toggle_and_escape_closes_the_overlays_and_the_chooser() {
    use duck_soup::page::model::{PanelAction, Ui};
    let mut ui = Ui::default();
    for (panel, shown) in [
        (
            PanelAction::Scores,
            (|u: &Ui| u.scores_open) as fn(&Ui) -> bool,
        ),
        (PanelAction::AllScores, |u: &Ui| u.scores_all),
        (PanelAction::LastTrick, |u: &Ui| u.last_trick_open),
    ] {
        ui.toggle(panel);
        assert!(shown(&ui), "{panel:?} shown");
        ui.toggle(panel);
        assert!(!shown(&ui), "{panel:?} hidden again");
        ui.toggle(panel);
    }
    ui.chooser = Some(Chooser::QuackCard(Vec::new()));
    ui.toggle(PanelAction::Escape);
    assert!(!ui.scores_open && !ui.last_trick_open && ui.chooser.is_none());
    assert!(ui.scores_all, "a choice, not an overlay");
}

/// A new game's seed (`Table::begin`): a game with friends is never seeded
/// (its deals come from fresh randomness); every other game is, with the
/// seed given, or a random one marked `~` that the dialog and *Play again*
/// forget; the same seed gives the same first dealer and computers.
#[test]
fn a_new_game_is_seeded_unless_a_friend_plays_and_the_same_seed_plays_the_same() {
    let kind = GameKind::ThreePlayer;
    let table = || {
        let setup = Setup::default_for(kind);
        Table::new(setup.clone(), Game::new(setup.rules, 0), 0, Rng::new(5))
    };
    // Seeded as given, the same twice.
    let given = setup(kind, against_computers(kind, "x").players, "tuesday");
    let (mut a, mut b) = (table(), table());
    let played = a.begin(given.clone(), 1);
    assert_eq!(played.seed.as_deref(), Some("tuesday"));
    b.begin(given.clone(), 999);
    assert_eq!(
        (a.game.first_dealer(), a.ai_seed),
        (b.game.first_dealer(), b.ai_seed)
    );
    assert_eq!(played.shown(), given, "a chosen seed is kept");
    // No seed: a random one, from the entropy given, forgotten when shown.
    let mut unseeded = given.clone();
    unseeded.seed = None;
    let random = table().begin(unseeded.clone(), 12_345);
    let seed = random.seed.clone().expect("seeded");
    assert!(seed.starts_with('~') && seed.len() == 11, "{seed}");
    assert_ne!(table().begin(unseeded.clone(), 54_321).seed, Some(seed));
    assert_eq!(random.shown(), unseeded);
    // A friend at the table: never seeded, even when a seed was given.
    let mut friends = given;
    friends.players[1] = Player::Friend;
    let mut t = table();
    assert_eq!(t.begin(friends, 7).seed, None);
    assert_eq!(t.setup.seed, None);
}
