//! A whole game: deals in turn, the dealer passing, running totals and the end.

use super::cards::Card;
use super::deal::{Course, Deal, Effect, Move, MoveList, PerCourse};
use super::error::{IllegalMove, StartDealError};
use super::rules::{GameEnd, GameKind, Rules};
use super::seating::{PerSeat, Role, Roles, Scorer, Scores};

/// One deal as played: the deck (top first), the seed it came from if any,
/// and the moves in order. This is what records store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealLog {
    pub deck: Vec<Card>,
    pub seed: Option<String>,
    pub moves: Vec<Move>,
}

/// A finished deal's figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealResult {
    pub game: GameKind,
    /// Each seat's points by course (partnership: each member's count,
    /// under `Course::Duck`; the game has no courses).
    pub points: PerCourse<PerSeat<u32>>,
    /// The deal's score by scorer; `scores.winner()` is who won the deal.
    pub scores: Scores,
}

impl DealResult {
    /// A finished deal's figures from their public form ([`DealResult::course_points`]
    /// and the scores by scorer); None if they do not fit the game.
    pub fn from_points(game: GameKind, points: &[Vec<u32>], scores: &[u32]) -> Option<DealResult> {
        let seats = game.seats();
        if scores.len() != game.scorers() || points.is_empty() || points.len() > 2 {
            return None;
        }
        if points.iter().any(|p| p.len() != seats) {
            return None;
        }
        let course =
            |c: usize| PerSeat::from_fn(seats, |s| points.get(c).map_or(0, |p| p[s as usize]));
        Some(DealResult {
            game,
            points: PerCourse([course(0), course(1)]),
            scores: Scores::from_fn(game.scorers(), |k| scores[k.index()]),
        })
    }

    /// The points as a replay reports them: `[duck, soup]` by seat, or one
    /// entry (the members' counts) in partnerships.
    pub fn course_points(&self) -> Vec<Vec<u32>> {
        let courses = if self.game.has_courses() { 2 } else { 1 };
        Course::ALL[..courses]
            .iter()
            .map(|&c| self.points[c].to_vec())
            .collect()
    }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOutcome {
    pub totals: Scores,
    /// The scorer alone in the lead; None for a tie (a game of a fixed number of deals).
    pub winner: Option<Scorer>,
}

#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    first_dealer: u8,
    roles: Roles,
    log: Vec<DealLog>,
    results: Vec<DealResult>,
    totals: Scores,
    /// The latest deal, in progress or just finished.
    deal: Option<Deal>,
}

impl Game {
    pub fn new(rules: Rules, first_dealer: u8) -> Game {
        let game = rules.game;
        let first_dealer = first_dealer % game.seats() as u8;
        Game {
            rules,
            first_dealer,
            roles: Roles::of_game(game, first_dealer),
            log: Vec::new(),
            results: Vec::new(),
            totals: Scores::from_fn(game.scorers(), |_| 0),
            deal: None,
        }
    }

    /// A game as a guest's device knows it (online play): the past deals by
    /// their results alone (`deals` deals begun, their logs empty) and the
    /// latest deal as the guest's seat sees it. It shows the table and
    /// checks the guest's own moves; the host's page plays the real game.
    pub fn seen(
        rules: Rules,
        first_dealer: u8,
        deals: usize,
        results: Vec<DealResult>,
        deal: Option<Deal>,
    ) -> Game {
        let mut game = Game::new(rules, first_dealer);
        for r in &results {
            for (scorer, score) in r.scores.iter() {
                game.totals[scorer] += score;
            }
        }
        game.log = (0..deals.max(results.len()))
            .map(|_| DealLog {
                deck: Vec::new(),
                seed: None,
                moves: Vec::new(),
            })
            .collect();
        game.results = results;
        game.deal = deal;
        game
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }
    pub fn kind(&self) -> GameKind {
        self.rules.game
    }
    pub fn first_dealer(&self) -> u8 {
        self.first_dealer
    }
    pub fn log(&self) -> &[DealLog] {
        &self.log
    }
    pub fn results(&self) -> &[DealResult] {
        &self.results
    }
    /// The running totals by scorer.
    pub fn totals(&self) -> &Scores {
        &self.totals
    }
    pub fn deal(&self) -> Option<&Deal> {
        self.deal.as_ref()
    }
    pub fn is_high(&self, seat: u8) -> bool {
        self.roles.is_high(seat)
    }
    /// A partnership member's role for the whole game (None in the other games).
    pub fn role(&self, seat: u8) -> Option<Role> {
        (self.kind() == GameKind::Partnership).then(|| self.roles.role(seat))
    }

    /// The dealer of deal number `k` (from 0): the deal passes to the left.
    pub fn dealer_of(&self, k: usize) -> u8 {
        let n = self.kind().seats();
        ((self.first_dealer as usize + k) % n) as u8
    }

    /// Whether a deal is in progress (started, not finished).
    pub fn in_deal(&self) -> bool {
        self.deal.as_ref().is_some_and(|d| !d.is_over())
    }

    /// Who leads the next deal, when between deals.
    pub fn next_leader(&self) -> u8 {
        (self.dealer_of(self.log.len()) + 1) % self.kind().seats() as u8
    }

    /// Who is to move: in a deal, its mover; between deals, the next leader; None when over.
    pub fn to_move(&self) -> Option<u8> {
        if self.is_over() {
            None
        } else if let Some(d) = self.deal.as_ref().filter(|d| !d.is_over()) {
            Some(d.to_move())
        } else {
            Some(self.next_leader())
        }
    }

    pub fn legal_moves(&self) -> MoveList {
        match &self.deal {
            Some(d) if !self.is_over() => d.legal_moves(),
            _ => MoveList::new(),
        }
    }

    /// The game is over: the fixed number of deals is played, or a total has
    /// reached the target with one scorer alone in the lead.
    pub fn is_over(&self) -> bool {
        if self.in_deal() {
            return false;
        }
        match self.rules.end() {
            GameEnd::Deals(n) => self.results.len() >= n as usize,
            GameEnd::Target(t) => self.totals.winner().is_some() && self.totals.top() >= t,
        }
    }

    /// How the game ended; None while it goes on.
    pub fn outcome(&self) -> Option<GameOutcome> {
        self.is_over().then(|| GameOutcome {
            totals: self.totals,
            winner: self.totals.winner(),
        })
    }

    /// Deals the next deal from `deck` (top first).
    pub fn start_deal(
        &mut self,
        deck: Vec<Card>,
        seed: Option<String>,
    ) -> Result<(), StartDealError> {
        if self.is_over() {
            return Err(StartDealError::GameOver);
        }
        if self.in_deal() {
            return Err(StartDealError::DealInProgress);
        }
        let dealer = self.dealer_of(self.log.len());
        let deal = Deal::new(self.rules, dealer, self.roles, &deck)?;
        self.deal = Some(deal);
        self.log.push(DealLog {
            deck,
            seed,
            moves: Vec::new(),
        });
        Ok(())
    }

    /// Plays a move in the deal in progress.
    pub fn play(&mut self, mv: Move) -> Result<Effect, IllegalMove> {
        let deal = match self.deal.as_mut() {
            Some(d) if !d.is_over() => d,
            _ => return Err(IllegalMove::NoDealInProgress { mv }),
        };
        let effect = deal.play(mv)?;
        self.log
            .last_mut()
            .expect("a deal has a log")
            .moves
            .push(mv);
        if effect.deal_over {
            let scores = deal.scores();
            for (scorer, score) in scores.iter() {
                self.totals[scorer] += score;
            }
            self.results.push(DealResult {
                game: self.rules.game,
                points: deal.points(),
                scores,
            });
        }
        Ok(effect)
    }

    /// Rewinds the latest deal to its first `moves` moves (a take-back): the
    /// deal is played again from its deck up to there, and a finished deal's
    /// scores come off the totals. Every earlier deal stays as it was.
    pub fn rewind_deal(&mut self, moves: usize) -> Result<(), RewindError> {
        let k = self.log.len().checked_sub(1).ok_or(RewindError::NoDeal)?;
        let log = &self.log[k];
        if moves > log.moves.len() {
            return Err(RewindError::TooFar);
        }
        let mut deal = Deal::new(self.rules, self.dealer_of(k), self.roles, &log.deck)
            .map_err(|_| RewindError::NoDeal)?;
        for &mv in &log.moves[..moves] {
            // The same moves in the same deal: the engine took them before.
            deal.play(mv).map_err(|_| RewindError::NoDeal)?;
        }
        if self.results.len() == self.log.len() {
            let finished = self.results.pop().expect("a result per finished deal");
            for (scorer, score) in finished.scores.iter() {
                self.totals[scorer] -= score;
            }
        }
        self.log[k].moves.truncate(moves);
        self.deal = Some(deal);
        Ok(())
    }
}

impl Game {
    /// Deal `k` of this game as a game of its own, dealt again from the same
    /// deck by the same dealer with the same roles, and its first `moves`
    /// moves played (practice: the deal played again, or from a position).
    /// None if there is no such deal or position.
    pub fn practice(&self, k: usize, moves: usize) -> Option<Game> {
        let log = self.log.get(k)?;
        let mut rules = self.rules;
        rules.deals = Some(1);
        let dealer = self.dealer_of(k);
        let mut game = Game {
            rules,
            first_dealer: dealer,
            roles: self.roles,
            log: Vec::new(),
            results: Vec::new(),
            totals: Scores::from_fn(rules.game.scorers(), |_| 0),
            deal: None,
        };
        game.start_deal(log.deck.clone(), log.seed.clone()).ok()?;
        for &mv in log.moves.get(..moves)? {
            game.play(mv).ok()?;
        }
        Some(game)
    }
}

/// Why a deal could not be rewound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RewindError {
    /// No deal has been dealt (or a guest's game, which holds no deck).
    NoDeal,
    /// Fewer moves were made than asked to keep.
    TooFar,
}
