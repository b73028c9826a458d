//! The replay viewer's record: every position of a game record (each
//! deal's start and each move after it), reached at the same cost at any
//! record length, and the viewer's keys. The controller holds one while
//! the viewer is showing (`Mode::Viewing`) and puts its positions on the
//! table; its bar is the scene's (`page::replay_bar`), written by the view
//! (`view/replaybar.rs`).

use super::puzzle::Puzzle;
use crate::engine::{Game, GameRecord, TrickOutcome};
use crate::web::dom::by_id;
use crate::web::model::{RecordsAction, Step};
use web_sys::Element;

/// The viewer keeps a copy of the game every this many deals. A step replays
/// at most this many deals from the nearest copy; the copies of a 1,000-deal
/// record take about 3.5 MB.
pub const CHECKPOINT_DEALS: usize = 64;

pub struct Replay {
    pub record: GameRecord,
    /// The position of each deal's start (position 0 is the first deal's);
    /// the positions between are its moves, one by one.
    deal_starts: Vec<usize>,
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
    pub review: Option<crate::page::review::Review>,
    /// Where a trick or a deal ended, and each deal's start, in order: the
    /// stops of a step by trick.
    stops: Vec<usize>,
    /// The game before deal `i * CHECKPOINT_DEALS` was dealt, and how many
    /// moves were made before it.
    checkpoints: Vec<(Game, usize)>,
}

impl Replay {
    pub fn new(record: GameRecord) -> Replay {
        let mut deal_starts = Vec::with_capacity(record.deals.len());
        let mut total = 0;
        for d in &record.deals {
            deal_starts.push(total);
            total += d.moves.len() + 1;
        }
        let mut checkpoints = Vec::new();
        let mut stops = Vec::new();
        let mut game = Game::new(record.rules, record.first_dealer);
        let mut moves = 0;
        // Already replayed once by the engine's check: nothing here fails.
        for (i, d) in record.deals.iter().enumerate() {
            if i % CHECKPOINT_DEALS == 0 {
                checkpoints.push((game.clone(), moves));
            }
            stops.push(deal_starts[i]);
            let _ = game.start_deal(d.deck.clone(), d.seed.clone());
            for (j, &mv) in d.moves.iter().enumerate() {
                if game
                    .play(mv)
                    .is_ok_and(|e| e.trick.is_some() || e.deal_over)
                {
                    stops.push(deal_starts[i] + j + 1);
                }
            }
            moves += d.moves.len();
        }
        Replay {
            record,
            deal_starts,
            total,
            pos: 0,
            reveal: false,
            seat: 0,
            playing: false,
            speed: 1,
            captions: Vec::new(),
            puzzle: None,
            notice: None,
            review: None,
            stops,
            checkpoints,
        }
    }

    /// The deal (from 0) and the moves played in it at position `pos`.
    pub fn place(&self, pos: usize) -> (usize, usize) {
        let deal = self.deal_starts.partition_point(|&s| s <= pos) - 1;
        (deal, pos - self.deal_starts[deal])
    }

    /// The table at position `pos`.
    pub fn at(&self, pos: usize) -> Option<Position> {
        let (deal, upto) = self.place(pos);
        let first = deal / CHECKPOINT_DEALS * CHECKPOINT_DEALS;
        let (mut game, mut moves) = self.checkpoints.get(deal / CHECKPOINT_DEALS)?.clone();
        let mut held = None;
        for (d, log) in self.record.deals[first..=deal].iter().enumerate() {
            game.start_deal(log.deck.clone(), log.seed.clone()).ok()?;
            held = None;
            let count = if first + d == deal {
                upto
            } else {
                log.moves.len()
            };
            for &mv in &log.moves[..count] {
                held = game.play(mv).ok()?.trick;
                moves += 1;
            }
        }
        Some(Position { game, moves, held })
    }
}

/// The table at one position of the record.
pub struct Position {
    pub game: Game,
    /// Moves made since the game began.
    pub moves: usize,
    /// The trick the last move finished, on show.
    pub held: Option<TrickOutcome>,
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
                .stops
                .iter()
                .rev()
                .find(|&&s| s < pos)
                .copied()
                .unwrap_or(0),
            Step::TrickForward => self
                .stops
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

/// The viewer's keys, while its bar is up: ← → a move, Shift+← → or
/// Page Up / Page Down a trick, Home and End the ends, Space plays or
/// pauses. Not while typing in a field, and Space not on a button (which
/// it presses).
pub fn key(target: &Element, key: &str, shift: bool) -> Option<RecordsAction> {
    by_id("replay-bar")?;
    let tag = target.tag_name().to_ascii_lowercase();
    if matches!(tag.as_str(), "input" | "select" | "textarea") {
        return None;
    }
    let step = match key {
        "ArrowLeft" if shift => Step::TrickBack,
        "ArrowRight" if shift => Step::TrickForward,
        "ArrowLeft" => Step::Back,
        "ArrowRight" => Step::Forward,
        "PageUp" => Step::TrickBack,
        "PageDown" => Step::TrickForward,
        "Home" => Step::First,
        "End" => Step::Last,
        " " if tag != "button" => return Some(RecordsAction::Play),
        _ => return None,
    };
    Some(RecordsAction::Step(step))
}
