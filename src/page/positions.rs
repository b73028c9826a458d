//! Every position of a game record (each deal's start and each move after
//! it), for the replay viewer, reached at the same cost anywhere in the
//! record: a step replays at most the moves of the deal on show, from a copy
//! of the game at that deal's start, kept while the deal is on show.
//! Another deal is reached from a copy of the game kept every
//! [`CHECKPOINT_DEALS`] deals (once, on entering that deal).

use crate::engine::{Game, GameRecord, TrickOutcome};
use std::cell::RefCell;

/// A copy of the game is kept every this many deals. Entering a deal replays
/// at most this many deals from the nearest copy; the copies of a 1,000-deal
/// record take about 3.5 MB.
pub const CHECKPOINT_DEALS: usize = 64;

/// The table at one position of the record.
pub struct Position {
    pub game: Game,
    /// Moves made since the game began.
    pub moves: usize,
    /// The trick the last move finished, on show.
    pub held: Option<TrickOutcome>,
}

/// The game before one deal was dealt, and how many moves were made before it.
#[derive(Clone)]
struct DealStart {
    game: Game,
    moves: usize,
}

/// Where each deal and each trick starts in a record, and the copies of the
/// game that make any position quick to reach.
pub struct Positions {
    /// The position of each deal's start (position 0 is the first deal's);
    /// the positions between are its moves, one by one.
    deal_starts: Vec<usize>,
    /// How many positions there are.
    total: usize,
    /// Where a trick or a deal ended, and each deal's start, in order: the
    /// stops of a step by trick.
    stops: Vec<usize>,
    /// The game before deal `i * CHECKPOINT_DEALS` was dealt.
    checkpoints: Vec<DealStart>,
    /// The deal last reached and the game before it was dealt: steps within
    /// that deal start from here (one copy of the game, whatever its length;
    /// boxed, as a game is a large value to hold inline).
    on_show: RefCell<Option<Box<(usize, DealStart)>>>,
}

impl Positions {
    /// Reads a record that the engine has already checked (nothing here fails).
    pub fn new(record: &GameRecord) -> Positions {
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
        for (i, d) in record.deals.iter().enumerate() {
            if i % CHECKPOINT_DEALS == 0 {
                checkpoints.push(DealStart {
                    game: game.clone(),
                    moves,
                });
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
        Positions {
            deal_starts,
            total,
            stops,
            checkpoints,
            on_show: RefCell::new(None),
        }
    }

    /// How many positions there are.
    pub fn total(&self) -> usize {
        self.total
    }

    /// The stops of a step by trick: each deal's start and where each trick
    /// or deal ended, in order.
    pub fn stops(&self) -> &[usize] {
        &self.stops
    }

    /// The deal (from 0) and the moves played in it at position `pos`.
    pub fn place(&self, pos: usize) -> (usize, usize) {
        let deal = self.deal_starts.partition_point(|&s| s <= pos) - 1;
        (deal, pos - self.deal_starts[deal])
    }

    /// The table at position `pos` of `record` (the record these positions
    /// were read from).
    pub fn at(&self, record: &GameRecord, pos: usize) -> Option<Position> {
        let (deal, upto) = self.place(pos);
        let start = self.deal_start(record, deal)?;
        let DealStart {
            mut game,
            mut moves,
        } = start;
        let log = record.deals.get(deal)?;
        game.start_deal(log.deck.clone(), log.seed.clone()).ok()?;
        let mut held = None;
        for &mv in log.moves.get(..upto)? {
            held = game.play(mv).ok()?.trick;
            moves += 1;
        }
        Some(Position { game, moves, held })
    }

    /// The game before deal `deal` was dealt: the copy kept for the deal on
    /// show, else replayed from the nearest checkpoint and kept.
    fn deal_start(&self, record: &GameRecord, deal: usize) -> Option<DealStart> {
        if let Some((d, start)) = self.on_show.borrow().as_deref() {
            if *d == deal {
                return Some(start.clone());
            }
        }
        let first = deal / CHECKPOINT_DEALS * CHECKPOINT_DEALS;
        let mut start = self.checkpoints.get(deal / CHECKPOINT_DEALS)?.clone();
        for log in record.deals.get(first..deal)? {
            start
                .game
                .start_deal(log.deck.clone(), log.seed.clone())
                .ok()?;
            for &mv in &log.moves {
                start.game.play(mv).ok()?;
            }
            start.moves += log.moves.len();
        }
        *self.on_show.borrow_mut() = Some(Box::new((deal, start.clone())));
        Some(start)
    }
}
