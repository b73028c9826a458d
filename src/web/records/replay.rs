//! The replay viewer's record: every position of a game record (each
//! deal's start and each move after it), reached at the same cost at any
//! record length (`page::positions`), and the viewer's keys. The
//! controller holds one while the viewer is showing (`Mode::Viewing`) and
//! puts its positions on the table; its bar is the scene's
//! (`page::replay_bar`), written by the view (`view/replaybar.rs`).

use super::puzzle::Puzzle;
use crate::engine::GameRecord;
pub use crate::page::positions::Position;
use crate::page::positions::Positions;
use crate::web::dom::by_id;
use crate::web::model::{RecordsAction, Step};
use web_sys::Element;

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
    pub review: Option<crate::page::review::Review>,
}

impl Replay {
    pub fn new(record: GameRecord) -> Replay {
        // (Already replayed once by the engine's check: nothing here fails.)
        let positions = Positions::new(&record);
        Replay {
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

/// The viewer's keys, while its bar is up: ← → a move, Shift+← → or
/// Page Up / Page Down a trick, Home and End the ends, Space plays or
/// pauses, P plays from here (a reviewed move on show: the controller
/// decides whether there is one). Not while typing in a field, and Space
/// not on a button (which it presses).
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
        "p" | "P" => return Some(RecordsAction::PlayFromHere),
        _ => return None,
    };
    Some(RecordsAction::Step(step))
}
