//! The replay viewer, decided in plain Rust: a record's every position
//! (each deal's start and each move after it, reached at the same cost at
//! any record length: `page::positions`), the position on show and how it
//! moves (steps, jumps, playing on by itself, a puzzle that stops it, a
//! reviewed move opened), and how it is put on a table of the viewer's own
//! ([`Replay::table`], [`Replay::show_on_table`]). The game the viewer was
//! entered from waits aside, unchanged, and comes back as it was ([`Aside`]).
//!
//! The web controller holds one while the viewer shows (`Mode::Viewing`),
//! turns the viewer's buttons and keys into [`ViewerMsg`]s, and carries out
//! what [`Replay::update`] returns (announce a move, take the banner down);
//! `tests/viewer_flow.rs` drives the same with no browser. The bar is the
//! scene's (`page::replay_bar`), written by the view (`view/replaybar.rs`).

use super::i18n::{Lang, K};
use super::link::{self, ViewerOptions};
use super::model::{Player, Setup, Step, Ui};
use super::puzzle::{Puzzle, Verdict};
use super::replay_bar::{BarFacts, ReplayBarScene, SPEEDS};
use super::review::{self, Review, ReviewPanel, ReviewShows};
use super::table::{MovesGoTo, Table};
use crate::ai::judge::{moves_to_judge, Judgement};
use crate::ai::question::JudgeQuestion;
use crate::ai::{Level, SeatView};
use crate::engine::rng::Rng;
use crate::engine::{Deal, Effect, Game, GameRecord, Move};
pub use crate::page::positions::Position;
use crate::page::positions::Positions;

/// The seed the review draws from (with each position's own hash), so that
/// a deal always gets the same figures (as `duck-soup review --seed`).
pub const REVIEW_SEED: u64 = 0x7265_7669_6577;

/// One move every this many milliseconds at normal speed and pace.
pub const PLAY_MS: f64 = 1600.0;

pub struct Replay {
    pub record: GameRecord,
    /// Where each deal and trick starts, and the copies of the game that
    /// make any position quick to reach.
    positions: Positions,
    /// How many positions there are.
    pub total: usize,
    pub pos: usize,
    pub reveal: bool,
    /// The seat shown at the bottom of the table.
    pub seat: u8,
    /// Playing on by itself, one move every so often (see `page::replay_bar::SPEEDS`).
    pub playing: bool,
    /// An index into `page::replay_bar::SPEEDS`.
    pub speed: usize,
    /// Captions by move number (`records::link`).
    pub captions: Vec<(usize, String)>,
    /// A puzzle (`&puzzle=N`), asked when the viewer reaches it.
    pub puzzle: Option<Puzzle>,
    /// A one-line notice about the link (e.g. a puzzle's move that is not there).
    pub notice: Option<String>,
    /// The review of one of its deals (`page::review`), once asked.
    pub review: Option<Review>,
    /// What leaving the viewer puts back.
    pub aside: Aside,
}

/// What the viewer was entered from, which leaving it puts back.
#[derive(Debug)]
pub enum Aside {
    /// The game on this page's table, as it was left (not reloaded).
    Game(Box<Table>),
    /// The page opened on the record (a link): the saved game, if any, is
    /// loaded on leaving.
    SavedGame,
}

pub use super::model::ViewerMsg;

/// What the browser side carries out after the viewer's update.
#[derive(Clone, Debug)]
pub enum ViewerEffect {
    /// The position moved on by one move: say it as in play (the
    /// announcer's line, the call's banner and its sound).
    Replayed(Box<Replayed>),
    /// The position moved elsewhere: the call's banner comes down.
    CallDown,
}

/// One move replayed: the deal before it, who moved, the move, and what
/// the engine said of it.
#[derive(Clone, Debug)]
pub struct Replayed {
    pub before: Deal,
    pub seat: u8,
    pub mv: Move,
    pub effect: Effect,
}

impl Replay {
    /// The viewer on `record` (already checked by the engine), not yet
    /// positioned: [`Replay::open`] is the viewer as a link or an import
    /// opens it.
    pub fn new(record: GameRecord, aside: Aside) -> Replay {
        // (Already replayed once by the engine's check: nothing here fails.)
        let positions = Positions::new(&record);
        Replay {
            aside,
            total: positions.total(),
            record,
            positions,
            pos: 0,
            reveal: false,
            seat: 0,
            playing: false,
            speed: 1,
            captions: Vec::new(),
            puzzle: None,
            notice: None,
            review: None,
        }
    }

    /// A table of the viewer's own for its record, its position not yet
    /// on it ([`Replay::show_on_table`]): the table's own game waits aside.
    pub fn table(&self) -> Table {
        let rules = self.record.rules;
        let setup = Setup {
            rules,
            players: vec![Player::Computer(Level::Normal); rules.game.seats()],
            seed: None,
        };
        let mut table = Table::new(setup, Game::new(rules, 0), 0, Rng::new(0));
        // (A move made on it is a puzzle's answer, judged, not played.)
        table.moves_go_to = MovesGoTo::Judge;
        table
    }

    /// The viewer on `record` with a link's options (none for an imported
    /// record): every hand shown or not, the captions, the puzzle (its
    /// mover's seat at the bottom; a puzzle's move that is not there is a
    /// notice), at the link's move, else at the puzzle's question, else at
    /// the start.
    pub fn open(record: GameRecord, o: ViewerOptions, aside: Aside, lang: Lang) -> Replay {
        let mut r = Replay::new(record, aside);
        r.reveal = o.show_all;
        r.captions = o.captions;
        if let Some(n) = o.puzzle {
            match link::position_before(&r.record, n) {
                Some(pos) => {
                    let seat = r
                        .at(pos)
                        .and_then(|p| p.game.deal().map(|d| d.to_move()))
                        .unwrap_or(0);
                    r.puzzle = Some(Puzzle {
                        pos,
                        seat,
                        judging: None,
                        verdict: None,
                    });
                    r.seat = seat;
                }
                None => {
                    let (_, total) = link::move_counts(&r.record);
                    let why = lang.tf(K::LinkNoMove, &[&n.to_string(), &total.to_string()]);
                    r.notice = Some(lang.tf(K::BadRecordLink, &[&why]));
                }
            }
        }
        let to = match (o.at, &r.puzzle) {
            (Some(n), _) => link::position_after(&r.record, n),
            (None, Some(p)) => p.pos,
            (None, None) => 0,
        };
        r.go(to);
        r
    }

    /// The deal (from 0) and the moves played in it at position `pos`.
    pub fn place(&self, pos: usize) -> (usize, usize) {
        self.positions.place(pos)
    }

    /// The table at position `pos`.
    pub fn at(&self, pos: usize) -> Option<Position> {
        self.positions.at(&self.record, pos)
    }
}

impl Replay {
    /// The puzzle, while it waits for the person's answer at this position.
    pub fn asking(&self) -> Option<&Puzzle> {
        self.puzzle
            .as_ref()
            .filter(|p| p.verdict.is_none() && p.pos == self.pos)
    }

    /// The puzzle asked at the position on show, answered or not.
    pub fn puzzle_here(&mut self) -> Option<&mut Puzzle> {
        let pos = self.pos;
        self.puzzle.as_mut().filter(|p| p.pos == pos)
    }

    /// The furthest position a step may reach: an unanswered puzzle stops
    /// the viewer.
    fn limit(&self) -> usize {
        match &self.puzzle {
            Some(p) if p.verdict.is_none() && self.pos <= p.pos => p.pos,
            _ => self.total - 1,
        }
    }

    /// Whether a step forward is possible.
    pub fn can_forward(&self) -> bool {
        self.pos < self.limit()
    }

    /// Moves to another position (never past either end, nor past an
    /// unanswered puzzle).
    pub fn step(&mut self, step: Step) {
        let end = self.limit();
        let pos = self.pos;
        self.pos = match step {
            Step::First => 0,
            Step::Back => pos.saturating_sub(1),
            Step::Forward => pos + 1,
            Step::Last => end,
            Step::TrickBack => self
                .positions
                .stops()
                .iter()
                .rev()
                .find(|&&s| s < pos)
                .copied()
                .unwrap_or(0),
            Step::TrickForward => self
                .positions
                .stops()
                .iter()
                .find(|&&s| s > pos)
                .copied()
                .unwrap_or(end),
        }
        .min(end);
    }

    /// Goes to a position (as far as a step may go).
    pub fn go(&mut self, pos: usize) {
        self.pos = pos.min(self.limit());
    }
}

impl Replay {
    /// The viewer's one update: the position after `msg`, and what to
    /// carry out (then the position is put on the table again:
    /// [`Replay::show_on_table`]).
    pub fn update(&mut self, msg: ViewerMsg) -> Vec<ViewerEffect> {
        match msg {
            ViewerMsg::Step(step) => return self.step_said(step),
            ViewerMsg::Jump(n) => {
                let to = link::position_after(&self.record, n);
                self.go(to);
            }
            ViewerMsg::Play => self.playing = !self.playing && self.can_forward(),
            ViewerMsg::Speed(i) => self.speed = i.min(SPEEDS.len() - 1),
            ViewerMsg::Seat(s) => self.seat = s.min(self.record.rules.game.seats() as u8 - 1),
            ViewerMsg::Reveal => self.reveal = !self.reveal,
            ViewerMsg::Tick if self.can_forward() => return self.step_said(Step::Forward),
            ViewerMsg::Tick => {
                self.playing = false;
                return Vec::new();
            }
            ViewerMsg::ShowReviewed(index) => {
                let Some(&(seat, _)) = self.review.as_ref().and_then(|r| r.moves.get(index)) else {
                    return Vec::new();
                };
                let start = self.review.as_ref().map_or(0, |r| r.start_pos);
                self.playing = false;
                self.seat = seat;
                self.go(start + index);
            }
        }
        match msg {
            ViewerMsg::Jump(_) | ViewerMsg::ShowReviewed(_) => vec![ViewerEffect::CallDown],
            _ => Vec::new(),
        }
    }

    /// A step; one forward by one move is said as in play.
    fn step_said(&mut self, step: Step) -> Vec<ViewerEffect> {
        let from = self.pos;
        self.step(step);
        if self.pos != from + 1 {
            return vec![ViewerEffect::CallDown];
        }
        match self.replayed(from) {
            Some(r) => vec![ViewerEffect::Replayed(Box::new(r))],
            // (From a deal's end to the next deal's start there is no move.)
            None => vec![ViewerEffect::CallDown],
        }
    }

    /// The move made from position `from`, replayed.
    pub fn replayed(&self, from: usize) -> Option<Replayed> {
        let (deal, upto) = self.place(from);
        let mv = *self.record.deals[deal].moves.get(upto)?;
        let Position { mut game, .. } = self.at(from)?;
        let before = *game.deal()?;
        let seat = before.to_move();
        let effect = game.play(mv).ok()?;
        Some(Replayed {
            before,
            seat,
            mv,
            effect,
        })
    }

    /// Puts the position on show on the viewer's table `t`: the record's game
    /// there, seen from the seat shown (a puzzle's mover while it asks),
    /// every seat a computer but a puzzle's mover, who is the person's.
    /// Playing on stops at the end and at a puzzle. The delay before the
    /// next step at normal pace, while it plays on.
    pub fn show_on_table(&mut self, t: &mut Table) -> Option<f64> {
        self.playing &= self.can_forward();
        let asking = self.asking().map(|p| p.seat);
        let seat = asking.unwrap_or(self.seat);
        let Position { game, moves, held } = self.at(self.pos)?;
        let seats = game.kind().seats();
        let mut players = vec![Player::Computer(Level::Normal); seats];
        if let Some(s) = asking {
            players[s as usize] = Player::Human;
        }
        t.setup = Setup {
            rules: self.record.rules,
            players,
            seed: None,
        };
        t.game = game;
        t.ui = Ui {
            bottom: seat,
            viewer: Some(seat),
            reveal: self.reveal,
            held,
            moves,
            call: t.ui.call,
            chooser: t.ui.chooser.take().filter(|_| asking.is_some()),
            scores_open: t.ui.scores_open,
            scores_all: t.ui.scores_all,
            ..Ui::default()
        };
        self.playing.then(|| PLAY_MS / SPEEDS[self.speed].0)
    }

    /// The viewer's bar at the position on show (the scene carries it).
    pub fn bar(&self, lang: Lang, embedded: bool) -> ReplayBarScene {
        let (deal, upto) = self.place(self.pos);
        let move_no = link::moves_at(&self.record, self.pos);
        let asking = self.asking().map(|p| p.seat);
        let facts = BarFacts {
            pos: self.pos,
            total: self.total,
            deal,
            deal_moves_made: upto,
            deal_moves: self.record.deals[deal].moves.len(),
            move_no,
            moves: link::move_counts(&self.record).1,
            reveal: self.reveal,
            playing: self.playing,
            speed: self.speed,
            seat: asking.unwrap_or(self.seat),
            seats: self.record.rules.game.seats() as u8,
            can_forward: self.can_forward(),
            note: self.note(lang, move_no),
            puzzling: asking.is_some(),
            embedded,
        };
        ReplayBarScene::of(lang, &facts)
    }

    /// The lines under the viewer's controls at this position (after
    /// `moves` moves of the game): a notice about the link, the puzzle's
    /// question or verdict, the caption.
    fn note(&self, lang: Lang, moves: usize) -> String {
        let mut lines: Vec<String> = Vec::new();
        lines.extend(self.notice.clone());
        if let Some(p) = &self.puzzle {
            let n = self.record.rules.game.seats() as u8;
            match &p.verdict {
                None if p.pos == self.pos => {
                    lines.push(lang.tf(K::PuzzleAsk, &[lang.seat_name(n, p.seat)]))
                }
                Some(v) if self.pos == p.pos || self.pos == p.pos + 1 => lines.push(v.words(lang)),
                _ => {}
            }
        }
        lines.extend(
            self.captions
                .iter()
                .filter(|(n, _)| *n == moves)
                .map(|(_, text)| text.clone()),
        );
        lines.join("\n")
    }

    /// The author's tool's options for the position on show, and whether
    /// the review suggests it as a puzzle (a clearly best move is made from it).
    pub fn author_options(&self) -> (ViewerOptions, bool) {
        let suggested = self.review.as_ref().is_some_and(|review| {
            self.pos
                .checked_sub(review.start_pos)
                .is_some_and(|i| review.puzzle_ideas().contains(&i))
        });
        let options = ViewerOptions {
            at: Some(link::moves_at(&self.record, self.pos)),
            show_all: self.reveal,
            puzzle: None,
            captions: self.captions.clone(),
            review: false,
        };
        (options, suggested)
    }

    /// The person's answer to the puzzle asked here, to be judged: whether
    /// it is taken (a puzzle asks here and was not answered: once, not
    /// again while the judge thinks).
    pub fn puzzle_answer(&mut self, mv: Move) -> bool {
        let Some(p) = self
            .puzzle_here()
            .filter(|p| p.verdict.is_none() && p.judging.is_none())
        else {
            return false;
        };
        p.judging = Some(mv);
        true
    }

    /// The question that values every legal move of the puzzle's position
    /// on `table`, the person's answer `mv` among them, at the Expert's
    /// whole budget (`playouts`, else the page's) and the puzzles' fixed
    /// seed, so that an answer gets the same verdict always; None if no
    /// puzzle waits for an answer here ([`Replay::puzzle_answer`]).
    pub fn puzzle_question(
        &mut self,
        table: &Table,
        mv: Move,
        playouts: Option<u32>,
    ) -> Option<JudgeQuestion> {
        let deal = table.game.deal()?;
        let seat = deal.to_move();
        if !self.puzzle_answer(mv) {
            return None;
        }
        Some(JudgeQuestion {
            view: SeatView::of(deal, seat),
            history: table.history(seat),
            played: mv,
            playouts: playouts.unwrap_or_else(|| crate::ai::expert::page_playouts(deal.game())),
            seed: super::puzzle::SEED,
        })
    }

    /// The judge's verdict on the answer judged: kept, then the record's
    /// own move is played (a step forward, said as in play). Nothing if
    /// it judges another move than the one being judged. (`deal`: the
    /// puzzle's position, on the viewer's table.)
    pub fn puzzle_valued(&mut self, deal: Deal, judgement: Judgement) -> Vec<ViewerEffect> {
        let Some(p) = self.puzzle_here() else {
            return Vec::new();
        };
        // (A judgement of another move leaves the answer waiting for its own.)
        let Some(chosen) = p.judging.filter(|&c| c == judgement.played) else {
            return Vec::new();
        };
        p.judging = None;
        p.verdict = Some(Verdict {
            chosen,
            best: judgement.best,
            deal,
            judgement,
        });
        self.update(ViewerMsg::Step(Step::Forward))
    }

    /// The review of the deal on show, judging the moves of `seats`: the
    /// deal's start and its moves, for the questions the judge is asked.
    pub fn start_review(&mut self, seats: Vec<u8>) -> Option<(Deal, Vec<Move>)> {
        let (deal, upto) = self.place(self.pos);
        let start_pos = self.pos - upto;
        let start = *self.at(start_pos)?.game.deal()?;
        let moves = self.record.deals[deal].moves.clone();
        let movers = movers(&start, &moves);
        self.review = Some(Review::new(start.game(), deal, start_pos, seats, movers));
        Some((start, moves))
    }

    /// Starts the review of the deal on show, judging the moves of
    /// `seats`: the judge's questions, one a move of theirs, each at the
    /// Expert's `playouts` (else the game's page budget) and the review's
    /// seed; None where the deal has no move to judge.
    pub fn review_questions(
        &mut self,
        seats: Vec<u8>,
        playouts: Option<u32>,
    ) -> Option<Vec<JudgeQuestion>> {
        let (start, moves) = self.start_review(seats.clone())?;
        let Ok(questions) = moves_to_judge(&start, &moves, &seats) else {
            self.review = None;
            return None;
        };
        let game = start.game();
        let playouts = playouts.unwrap_or_else(|| crate::ai::expert::page_playouts(game));
        let queue = questions.into_iter().map(|t| JudgeQuestion {
            view: t.view,
            history: t.history,
            played: t.played,
            playouts,
            seed: REVIEW_SEED,
        });
        Some(queue.collect())
    }

    /// Back from practising a position of the review: where, in words for
    /// screen readers.
    pub fn back_from_practice_said(&self, lang: Lang) -> Option<String> {
        let from = self.review.as_ref()?.practice_at(self.pos)?;
        let (deal, moves) = ((from.deal + 1).to_string(), (from.moves + 1).to_string());
        Some(lang.tf(K::PracticeBackSaid, &[&deal, &moves]))
    }

    /// The review's panel for the position on show (the scene carries
    /// it); without a review, its offer (not in a rules page's embed,
    /// whose author asks with `&review=1`). A puzzle answered shows each
    /// move's value there, and after its move.
    pub fn review_panel(&self, lang: Lang, embedded: bool) -> ReviewShows {
        let scene = self.review.as_ref().map(|r| r.scene(lang, self.pos));
        let puzzle = self
            .puzzle
            .as_ref()
            .filter(|p| self.pos == p.pos || self.pos == p.pos + 1)
            .and_then(|p| p.verdict.as_ref())
            .map(|v| review::detail_scene(lang, &v.judgement, None));
        ReviewShows::Panel(ReviewPanel {
            review: scene,
            puzzle,
            offer: !embedded,
        })
    }

    /// *Play from here*: a practice table at the position before the
    /// reviewed move on show (`page::review::FromHere` decides it); None
    /// where no marked move is on show.
    pub fn practice_here(&self, lang: Lang) -> Option<Table> {
        let from = self.review.as_ref()?.practice_at(self.pos)?;
        from.table(&self.at(self.pos)?.game, lang)
    }
}

/// Each move's mover, the deal replayed from `start`.
fn movers(start: &Deal, moves: &[Move]) -> Vec<(u8, Move)> {
    let mut d = *start;
    moves
        .iter()
        .map(|&mv| {
            let seat = d.to_move();
            d.apply(mv);
            (seat, mv)
        })
        .collect()
}
