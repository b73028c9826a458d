//! The questions the computers' worker answers, as bytes: a computer's
//! decision ([`Question`]: the seat's view and what it saw, answered by a
//! move) and one move of the deal review ([`JudgeQuestion`]: answered by a
//! [`Judgement`]), and whether a deal's scores are settled
//! ([`SettledQuestion`]: answered yes, no, or not within the budget). The
//! page asks them (`web/controller/thinker.rs`,
//! `judging.rs`); the worker's own build of this crate (`thinker.rs`, Cargo
//! feature `thinker`) reads them and answers. Plain Rust, so that `cargo
//! test` reads every format and refuses what does not hold together.
//!
//! A request carries what the seat may know and nothing else: its view of
//! the deal (`engine::deal_view::DealView`, checked again when read back)
//! and, for the Expert player, its views before each move seen. It travels
//! as the codec's values, the views in their one encoding
//! (`codec::deal_view`, as a host's table to a guest), and the move comes
//! back as the codec's move: a few hundred bytes of code, where
//! serde-wasm-bindgen's typed objects cost the page about 20 KB gzipped.
//! The deal review's request is `the move played · the question's bytes`;
//! its answer `count · (move · value · spread)… · best · loss · exact ·
//! deals`, each number a float's eight bytes.

use crate::ai::judge::{self, Judgement, MoveValue};
use crate::ai::settled::{scores_settled_probing, WORKER_NODES};
use crate::ai::soup;
use crate::ai::{self, Level, SeatHistory, SeatView};
use crate::codec::{Reader, Writer};
use crate::engine::deal_view::DealView;
use crate::engine::record::RulesFile;
use crate::engine::{Card, Deal, Game, GameKind, Move, Roles};

/// One decision to make.
#[derive(Clone, Debug)]
pub struct Question {
    pub level: Level,
    pub view: SeatView,
    /// What the seat saw of the deal so far (only the Expert player reads it).
    pub history: Option<SeatHistory>,
    pub seed: u64,
    /// The Expert player's play-outs per decision (its whole budget).
    pub playouts: u32,
    /// Stop searching at this time (`Date.now()`, in milliseconds) and play
    /// the best move found; `None` spends the whole budget, so that the
    /// same seed plays the same game (`pace=0`).
    pub deadline: Option<f64>,
}

/// The share of an Expert's time (to its deadline) the exact solver of the
/// two-player Soup course may take before today's search takes the rest.
const SOLVER_SHARE: f64 = 0.5;

/// The most steps a question's history holds (a deal has far fewer moves).
const MAX_STEPS: usize = 1000;

/// A move as it comes back from the worker: the codec's move.
pub fn move_bytes(mv: Move) -> Vec<u8> {
    let mut w = Writer::new();
    w.game_move(mv);
    w.into_bytes()
}

/// The move of [`move_bytes`]; `None` for anything else (the worker's
/// answer when a question does not hold together is empty).
pub fn read_move(bytes: &[u8]) -> Option<Move> {
    let mut r = Reader::new(bytes);
    let mv = r.game_move("the move").ok()?;
    r.end().ok().map(|()| mv)
}

/// Why a question was refused, in one line.
fn why(e: impl std::fmt::Display) -> String {
    e.to_string()
}

/// A seat's view read back into the deal the seat saw.
fn read_view(r: &mut Reader) -> Result<(u8, Deal), String> {
    let view = r.deal_view().map_err(why)?;
    Ok((view.seat, view.to_deal().map_err(why)?))
}

impl Question {
    /// The question as bytes: `level · seed · play-outs · the seat's view ·
    /// steps seen, then each step's move and the view before it`. The
    /// deadline travels apart, as a number.
    pub fn request(&self) -> Vec<u8> {
        let d = &self.view.deal;
        let level = Level::ALL.iter().position(|&l| l == self.level);
        let mut w = Writer::new();
        w.byte(level.unwrap_or(0) as u8);
        w.varint(self.seed);
        w.varint(self.playouts.into());
        w.deal_view(&DealView::of(d, self.view.seat));
        w.count(self.history.as_ref().map_or(0, |h| h.len()));
        for (v, mv) in self.history.iter().flat_map(|h| h.steps()) {
            w.game_move(mv);
            w.deal_view(&DealView::of(&v.deal, v.seat));
        }
        w.into_bytes()
    }

    /// The question a request asks, refused if it does not hold together.
    pub fn read(bytes: &[u8], deadline: f64) -> Result<Question, String> {
        let mut r = Reader::new(bytes);
        let level = r.below(Level::ALL.len() as u8, "the level").map_err(why)?;
        let seed = r.varint("the seed").map_err(why)?;
        let playouts = r.u32("the play-outs").map_err(why)?;
        let (seat, now) = read_view(&mut r)?;
        if now.is_over() || now.to_move() != seat {
            return Err("not the seat's turn".into());
        }
        let steps = r.count(MAX_STEPS, "the steps seen").map_err(why)?;
        let mut history = SeatHistory::new(seat);
        for _ in 0..steps {
            let mv = r.game_move("a step's move").map_err(why)?;
            let (s, before) = read_view(&mut r)?;
            if s != seat {
                return Err("a step seen from another seat".into());
            }
            history.record(&before, mv);
        }
        r.end().map_err(why)?;
        Ok(Question {
            level: Level::ALL[level as usize],
            view: SeatView { seat, deal: now },
            history: (steps > 0).then_some(history),
            seed,
            playouts,
            deadline: (deadline > 0.0).then_some(deadline),
        })
    }

    /// The move, searched until the deadline if there is one (never past
    /// the play-out budget); `now` is the clock the deadline is read on
    /// (`Date.now()` in a browser).
    pub fn decide(&self, now: impl Fn() -> f64) -> Move {
        let deadline = self.deadline;
        if self.level != ai::Level::Expert {
            return ai::choose_with(
                self.level,
                &self.view,
                self.history.as_ref(),
                self.seed,
                self.playouts,
            );
        }
        if let Some(due) = deadline {
            // The two-player Soup course: the exact solver first (its table
            // kept, and filled by [`Pondering`] between questions), for
            // a share of the time; if it has not finished, today's search
            // with the rest.
            let start = now();
            let solver_until = start + (due - start) * SOLVER_SHARE;
            if let Some(mv) = ai::solved_until(&self.view, &mut || now() < solver_until) {
                return mv;
            }
        }
        let mut keep_going = |_| deadline.is_none_or(|d| now() < d);
        ai::choose_expert_while(
            &self.view,
            self.history.as_ref(),
            self.seed,
            self.playouts,
            &mut keep_going,
        )
    }
}

/// One move to judge, from its seat's view and history.
#[derive(Clone, Debug)]
pub struct JudgeQuestion {
    pub view: SeatView,
    pub history: SeatHistory,
    pub played: Move,
    pub playouts: u32,
    pub seed: u64,
}

/// The most legal moves a position has (a hand's cards, with a led
/// Duck's suits; far fewer in practice).
const MOST_MOVES: usize = 128;

impl JudgeQuestion {
    pub fn request(&self) -> Vec<u8> {
        let mut w = Writer::new();
        w.game_move(self.played);
        let question = Question {
            level: Level::Expert,
            view: self.view,
            history: Some(self.history.clone()),
            seed: self.seed,
            playouts: self.playouts,
            deadline: None,
        };
        w.bytes(&question.request());
        w.into_bytes()
    }

    /// The question a request asks, refused if it does not hold together
    /// (a move not legal in the view among them).
    pub fn read(bytes: &[u8]) -> Result<JudgeQuestion, String> {
        let mut r = Reader::new(bytes);
        let played = r.game_move("the move played").map_err(|e| e.to_string())?;
        let rest = r
            .take(r.left(), "the question")
            .map_err(|e| e.to_string())?;
        let q = Question::read(rest, 0.0)?;
        if !q.view.deal.legal_moves().contains(played) {
            return Err("the move played is not legal there".into());
        }
        let seat = q.view.seat;
        Ok(JudgeQuestion {
            view: q.view,
            history: q.history.unwrap_or_else(|| SeatHistory::new(seat)),
            played,
            playouts: q.playouts,
            seed: q.seed,
        })
    }

    pub fn judge(&self) -> Judgement {
        judge::judge(
            &self.view,
            &self.history,
            self.played,
            self.playouts,
            self.seed,
        )
    }
}

fn number(w: &mut Writer, x: f64) {
    w.bytes(&x.to_le_bytes());
}

fn read_number(r: &mut Reader, what: &'static str) -> Result<f64, crate::codec::Error> {
    let x = f64::from_le_bytes(r.array(what)?);
    if x.is_finite() {
        Ok(x)
    } else {
        Err(crate::codec::Error::Invalid(what))
    }
}

/// A judgement as the worker sends it back.
pub fn judgement_bytes(j: &Judgement) -> Vec<u8> {
    let mut w = Writer::new();
    w.count(j.values.len());
    for v in &j.values {
        w.game_move(v.mv);
        number(&mut w, v.value);
        number(&mut w, v.spread);
    }
    w.game_move(j.best);
    number(&mut w, j.loss);
    w.bool(j.exact);
    w.varint(j.deals.into());
    w.into_bytes()
}

/// The judgement of `q` from the worker's bytes; `None` for anything else
/// (the worker's answer when a question does not hold together is empty).
pub fn read_judgement(q: &JudgeQuestion, bytes: &[u8]) -> Option<Judgement> {
    let mut r = Reader::new(bytes);
    let count = r.count(MOST_MOVES, "the values").ok()?;
    let mut values = Vec::with_capacity(count);
    for _ in 0..count {
        values.push(MoveValue {
            mv: r.game_move("a move").ok()?,
            value: read_number(&mut r, "a value").ok()?,
            spread: read_number(&mut r, "a spread").ok()?,
        });
    }
    let best = r.game_move("the best move").ok()?;
    let loss = read_number(&mut r, "the loss").ok()?;
    let exact = r.bool("exact").ok()?;
    let deals = r.u32("the deals").ok()?;
    r.end().ok()?;
    Some(Judgement {
        game: q.view.deal.game(),
        seat: q.view.seat,
        played: q.played,
        values,
        best,
        loss,
        exact,
        deals,
    })
}

/// What the computers' worker solves ahead between its questions, a slice
/// at a time (its `ponder` export): the two-player Soup course where the
/// Expert player, at the normal pace (a deadline), knows every card, from
/// the course's start when the page says it begins ([`soup_begins_request`])
/// and from the position after each of the Expert's answers, so that its
/// next decisions find their positions in the solver's table. Only the
/// Expert's questions and the page's word change it: a question of another
/// level (the hint's, the Hard player's) leaves it, so that a pondering it
/// interrupts goes on after it.
#[derive(Debug, Default)]
pub struct Pondering {
    /// The position to solve ahead, every card known; None: nothing left.
    ahead: Option<Deal>,
}

impl Pondering {
    /// The worker's answer to a computer's [`Question`] (its `think`
    /// export): the move's bytes ([`move_bytes`]), or why the request was
    /// refused. An Expert's answer sets what to solve ahead next: the
    /// position after its move where it knows every card of the two-player
    /// Soup course at the normal pace, else nothing (`pace=0`, where the
    /// same seed plays the same game, has nothing solved ahead).
    pub fn think(
        &mut self,
        request: &[u8],
        deadline: f64,
        now: impl Fn() -> f64,
    ) -> Result<Vec<u8>, String> {
        let q = Question::read(request, deadline)?;
        let mv = q.decide(now);
        if q.level == Level::Expert {
            let after = ai::known_deal(&q.view).map(|mut d| {
                d.apply(mv);
                d
            });
            self.ahead = after.filter(|d| q.deadline.is_some() && soup::applies(d));
        }
        Ok(move_bytes(mv))
    }

    /// The page's word that the two-player Soup course begins, as the
    /// Expert seat sees it ([`soup_begins_request`]): solve it ahead from
    /// its start. Refused (what was to be solved left as it was) where the
    /// bytes do not hold together or the seat cannot know every card.
    pub fn soup_begins(&mut self, request: &[u8]) -> Result<(), String> {
        let mut r = Reader::new(request);
        let (seat, deal) = read_view(&mut r)?;
        r.end().map_err(why)?;
        let known = ai::known_deal(&SeatView { seat, deal }).filter(soup::applies);
        self.ahead = Some(known.ok_or("not the two-player Soup course")?);
        Ok(())
    }

    /// Solves ahead until `now()` reaches `until`; true when nothing is
    /// left to solve.
    pub fn slice(&mut self, until: f64, now: impl Fn() -> f64) -> bool {
        let Some(d) = self.ahead else {
            return true;
        };
        let done = soup::ponder(&d, &mut || now() < until);
        if done {
            self.ahead = None;
        }
        done
    }
}

/// The page's word to the worker that the two-player Soup course begins:
/// the Expert seat's view as it begins (its own hand; the other hand is
/// every card not yet seen, which the view does not hold but the seat
/// knows), in the views' one encoding.
pub fn soup_begins_request(view: &SeatView) -> Vec<u8> {
    let mut w = Writer::new();
    w.deal_view(&DealView::of(&view.deal, view.seat));
    w.into_bytes()
}

/// The worker's answer to a [`JudgeQuestion`] (its `judge` export): the
/// judgement's bytes ([`judgement_bytes`]), or why the request was refused.
pub fn answer_judge(request: &[u8]) -> Result<Vec<u8>, String> {
    JudgeQuestion::read(request).map(|q| judgement_bytes(&q.judge()))
}

/// Whether the scores of the deal in progress are settled
/// (`ai::settled`), asked of the worker where the page's own few
/// milliseconds could not tell. Unlike a computer's question it carries the
/// whole deal, every hand and the stock: it decides no seat's move, only
/// whether *Play out the rest* may be offered, and the worker keeps nothing
/// of it. It travels as the deal's start and its moves, `game · rules ·
/// first dealer · dealer · deck · moves`, so that reading it back replays
/// every move through the engine's own checks.
#[derive(Clone, Debug, PartialEq)]
pub struct SettledQuestion {
    pub game: GameKind,
    pub rules: RulesFile,
    pub first_dealer: u8,
    pub dealer: u8,
    pub deck: Vec<Card>,
    pub moves: Vec<Move>,
}

impl SettledQuestion {
    /// The question for `game`'s deal in progress; None between deals.
    pub fn of_game(game: &Game) -> Option<SettledQuestion> {
        let log = game.log().last().filter(|_| game.in_deal())?;
        Some(SettledQuestion {
            game: game.kind(),
            rules: RulesFile::of(game.rules()),
            first_dealer: game.first_dealer(),
            dealer: game.dealer_of(game.log().len() - 1),
            deck: log.deck.clone(),
            moves: log.moves.clone(),
        })
    }

    pub fn request(&self) -> Vec<u8> {
        let mut w = Writer::new();
        w.game(self.game);
        w.rules_file(&self.rules);
        w.byte(self.first_dealer);
        w.byte(self.dealer);
        w.cards(&self.deck);
        w.count(self.moves.len());
        for &mv in &self.moves {
            w.game_move(mv);
        }
        w.into_bytes()
    }

    /// The deal the request describes, every move replayed; refused if
    /// the bytes do not hold together, a move is not legal, or the deal
    /// is over.
    pub fn read(bytes: &[u8]) -> Result<Deal, String> {
        let mut r = Reader::new(bytes);
        let game = r.game("the game").map_err(why)?;
        let rules = r.rules_file().map_err(why)?.to_rules(game).map_err(why)?;
        let seats = game.seats() as u8;
        let first_dealer = r.below(seats, "the first dealer").map_err(why)?;
        let dealer = r.below(seats, "the dealer").map_err(why)?;
        let deck = r.cards("the deck").map_err(why)?;
        let moves = r.count(MAX_STEPS, "the moves").map_err(why)?;
        let roles = Roles::of_game(game, first_dealer);
        // (Fixed words, not the engine's: its every refusal's text would
        // weigh on the worker's build.)
        let mut deal = Deal::new(rules, dealer, roles, &deck).map_err(|_| "not the game's deck")?;
        for _ in 0..moves {
            let mv = r.game_move("a move").map_err(why)?;
            if deal.is_over() {
                return Err("a move after the deal's end".into());
            }
            deal.play(mv).map_err(|_| "a move not legal there")?;
        }
        r.end().map_err(why)?;
        if deal.is_over() {
            return Err("the deal is over".into());
        }
        Ok(deal)
    }
}

/// The worker's answer to a [`SettledQuestion`] (its `settled` export):
/// one byte, 1 settled, 0 not, 2 not decided within [`WORKER_NODES`]
/// positions; or why the request was refused.
pub fn answer_settled(request: &[u8]) -> Result<Vec<u8>, String> {
    let deal = SettledQuestion::read(request)?;
    Ok(vec![match scores_settled_probing(&deal, WORKER_NODES) {
        Some(false) => 0,
        Some(true) => 1,
        None => 2,
    }])
}

/// The answer of [`answer_settled`]: `Some(settled)` when decided, None
/// when not (or for anything else).
pub fn read_settled(bytes: &[u8]) -> Option<bool> {
    match bytes {
        [0] => Some(false),
        [1] => Some(true),
        _ => None,
    }
}
