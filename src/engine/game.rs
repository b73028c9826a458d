//! A whole game: deals in turn, the dealer passing, running totals and the end.

use super::cards::Card;
use super::deal::{Deal, Effect, Move, MoveList};
use super::rules::{GameEnd, GameKind, Rules};

/// One deal as played: the deck (top first), the seed it came from if any,
/// and the moves in order. This is what records store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealLog {
    pub deck: Vec<Card>,
    pub seed: Option<String>,
    pub moves: Vec<Move>,
}

/// A finished deal's figures.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealResult {
    pub course_points: Vec<Vec<u32>>,
    pub scores: Vec<u32>,
}

#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    first_dealer: u8,
    high: [bool; 4],
    log: Vec<DealLog>,
    results: Vec<DealResult>,
    totals: Vec<u32>,
    /// The latest deal, in progress or just finished.
    deal: Option<Deal>,
}

impl Game {
    pub fn new(rules: Rules, first_dealer: u8) -> Game {
        let game = rules.game;
        let n = game.seats() as u8;
        let first_dealer = first_dealer % n;
        let mut high = [false; 4];
        if game == GameKind::Partnership {
            // The first dealer's left-hand neighbour and partner are High, for the whole game.
            high[((first_dealer + 1) % 4) as usize] = true;
            high[((first_dealer + 2) % 4) as usize] = true;
        }
        Game {
            rules,
            first_dealer,
            high,
            log: Vec::new(),
            results: Vec::new(),
            totals: vec![0; game.scorers()],
            deal: None,
        }
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
    pub fn totals(&self) -> &[u32] {
        &self.totals
    }
    pub fn deal(&self) -> Option<&Deal> {
        self.deal.as_ref()
    }
    pub fn is_high(&self, seat: u8) -> bool {
        self.high[seat as usize]
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
            GameEnd::Target(t) => {
                let max = self.totals.iter().copied().max().unwrap_or(0);
                max >= t && self.totals.iter().filter(|&&x| x == max).count() == 1
            }
        }
    }

    /// The scorers (seats, or sides in partnerships) with the highest total.
    pub fn leaders(&self) -> Vec<usize> {
        let max = self.totals.iter().copied().max().unwrap_or(0);
        (0..self.totals.len())
            .filter(|&i| self.totals[i] == max)
            .collect()
    }

    /// Deals the next deal from `deck` (top first).
    pub fn start_deal(&mut self, deck: Vec<Card>, seed: Option<String>) -> Result<(), String> {
        if self.is_over() {
            return Err("the game was already over before this deal".into());
        }
        if self.in_deal() {
            return Err("the deal in progress is not finished".into());
        }
        let dealer = self.dealer_of(self.log.len());
        let deal = Deal::new(self.rules, dealer, self.high, &deck)?;
        self.deal = Some(deal);
        self.log.push(DealLog {
            deck,
            seed,
            moves: Vec::new(),
        });
        Ok(())
    }

    /// Plays a move in the deal in progress.
    pub fn play(&mut self, mv: Move) -> Result<Effect, String> {
        let deal = match self.deal.as_mut() {
            Some(d) if !d.is_over() => d,
            _ => return Err(format!("'{mv}': no deal is in progress")),
        };
        let effect = deal.play(mv)?;
        self.log
            .last_mut()
            .expect("a deal has a log")
            .moves
            .push(mv);
        if effect.deal_over {
            let scores = deal.scores();
            for (t, s) in self.totals.iter_mut().zip(&scores) {
                *t += s;
            }
            self.results.push(DealResult {
                course_points: deal.course_points(),
                scores,
            });
        }
        Ok(effect)
    }
}
