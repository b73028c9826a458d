//! The saved game's format (the `game` key of `web/persist.rs`, whose
//! documentation shows it whole): what a save writes, and the check that
//! turns what was read back into a game to resume, or one line saying why
//! it cannot be used. Plain serde values with no browser in them, so that
//! `cargo test` round-trips games through them and feeds them mutated and
//! random text (`tests/saved_games.rs`); the page reads and writes their
//! text through the browser's JSON and keeps them in localStorage.

use super::model::{Player, Setup};
use crate::ai::Level;
use crate::engine::record::{DealFile, RulesFile};
use crate::engine::{Game, GameKind, GameRecord, RecordFile};
use serde::{Deserialize, Serialize};

/// The format written today (1 and 0 are still read).
pub const VERSION: u32 = 2;

/// Who plays a seat, as saved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SavedPlayer {
    Human,
    Random,
    Easy,
    Normal,
    Hard,
    Expert,
    /// A friend on another device: the host's reload makes new invites.
    Friend,
}

impl From<Player> for SavedPlayer {
    fn from(p: Player) -> SavedPlayer {
        match p {
            Player::Human => SavedPlayer::Human,
            Player::Friend => SavedPlayer::Friend,
            Player::Computer(Level::Random) => SavedPlayer::Random,
            Player::Computer(Level::Easy) => SavedPlayer::Easy,
            Player::Computer(Level::Normal) => SavedPlayer::Normal,
            Player::Computer(Level::Hard) => SavedPlayer::Hard,
            Player::Computer(Level::Expert) => SavedPlayer::Expert,
        }
    }
}

impl From<SavedPlayer> for Player {
    fn from(p: SavedPlayer) -> Player {
        match p {
            SavedPlayer::Human => Player::Human,
            SavedPlayer::Friend => Player::Friend,
            SavedPlayer::Random => Player::Computer(Level::Random),
            SavedPlayer::Easy => Player::Computer(Level::Easy),
            SavedPlayer::Normal => Player::Computer(Level::Normal),
            SavedPlayer::Hard => Player::Computer(Level::Hard),
            SavedPlayer::Expert => Player::Computer(Level::Expert),
        }
    }
}

/// The `game` key (versions 1 and 2).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SavedGame {
    pub v: u32,
    /// Version 2: the game's token.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    pub players: Vec<SavedPlayer>,
    #[serde(default)]
    pub seed: Option<String>,
    /// A u64 as text: JS numbers hold only 53 bits.
    pub ai_seed: String,
    #[serde(default)]
    pub bottom: u64,
    /// Version 2: how many deals come before `record`'s, each in its own key.
    #[serde(default)]
    pub earlier: usize,
    /// Moves taken back in this game (none in a save from before take-backs).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub take_backs: usize,
    pub record: RecordFile,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// What a save keeps of the table besides the game.
pub struct TableState<'a> {
    pub setup: &'a Setup,
    pub ai_seed: u64,
    pub bottom: u8,
    /// Moves made in this game.
    pub moves: usize,
    /// Moves taken back in this game.
    pub take_backs: usize,
}

/// A saved game, checked and replayed.
#[derive(Debug)]
pub struct Saved {
    pub setup: Setup,
    pub game: Game,
    pub ai_seed: u64,
    pub bottom: u8,
    pub moves: usize,
    pub take_backs: usize,
    /// Its token, if it has one (version 2), and how many deals are in their keys.
    pub id: Option<String>,
    pub earlier: usize,
}

/// Why saved data could not be used.
#[derive(Debug, PartialEq, Eq)]
pub enum Problem {
    /// A format this version does not know (set aside, kept).
    Version(String),
    /// Unreadable or inconsistent data (set aside, kept).
    Corrupt(String),
}

impl SavedGame {
    /// The save of `game`: its token `id`, and the deals after the first
    /// `earlier` (which are kept in keys of their own).
    pub fn of(game: &Game, table: &TableState, id: &str, earlier: usize) -> SavedGame {
        SavedGame {
            v: VERSION,
            id: Some(id.to_string()),
            players: table.setup.players.iter().map(|&p| p.into()).collect(),
            seed: table.setup.seed.clone(),
            ai_seed: table.ai_seed.to_string(),
            bottom: table.bottom.into(),
            earlier,
            take_backs: table.take_backs,
            record: RecordFile {
                game: game.kind().name().to_string(),
                rules: RulesFile::of(game.rules()),
                first_dealer: Some(game.first_dealer().into()),
                deals: game.log()[earlier.min(game.log().len())..]
                    .iter()
                    .map(DealFile::of)
                    .collect(),
            },
        }
    }

    /// A version 0 save (a bare record): South a person, every other seat
    /// a Normal computer.
    pub fn bare(record: RecordFile) -> SavedGame {
        let seats = GameKind::from_name(&record.game).map_or(2, GameKind::seats);
        let mut players = vec![SavedPlayer::Normal; seats];
        players[0] = SavedPlayer::Human;
        SavedGame {
            v: 0,
            id: None,
            players,
            seed: None,
            ai_seed: "1".into(),
            bottom: 0,
            earlier: 0,
            take_backs: 0,
            record,
        }
    }

    /// Checks the save and replays it through the engine: a game to resume,
    /// or one line saying what is wrong. Its earlier deals (version 2) come
    /// from `earlier_deal(k)`, k from 1 (a missing one is `None`).
    pub fn check(
        self,
        earlier_deal: &mut dyn FnMut(usize) -> Option<Result<DealFile, String>>,
    ) -> Result<Saved, Problem> {
        let corrupt = |why: String| Problem::Corrupt(why);
        let id = match self.id {
            Some(id) if id_ok(&id) => Some(id),
            Some(_) => return Err(corrupt("id: not a game token".into())),
            None if self.earlier > 0 => return Err(corrupt("id: missing".into())),
            None => None,
        };
        let mut file = self.record;
        if id.is_some() {
            // (Each deal key is read once; a count no save writes is refused
            // by the first key missing.)
            let mut deals = Vec::new();
            for k in 1..=self.earlier {
                let deal = earlier_deal(k)
                    .ok_or_else(|| corrupt(format!("deal {k}: missing")))?
                    .map_err(|e| corrupt(format!("deal {k}: {e}")))?;
                deals.push(deal);
            }
            deals.append(&mut file.deals);
            file.deals = deals;
        }
        let record = GameRecord::try_from(file).map_err(|e| corrupt(e.to_string()))?;
        let kind = record.rules.game;
        if self.players.len() != kind.seats() {
            return Err(corrupt("players: not one per seat".into()));
        }
        let ai_seed = self
            .ai_seed
            .parse::<u64>()
            .map_err(|_| corrupt("ai_seed: not a number".into()))?;
        let bottom = if self.bottom < kind.seats() as u64 {
            self.bottom as u8
        } else {
            0
        };
        let (game, moves) = replay(&record).map_err(corrupt)?;
        let setup = Setup {
            rules: record.rules,
            players: self.players.into_iter().map(Player::from).collect(),
            seed: self.seed,
        };
        // (Only a game with friends is saved before its first deal.)
        if game.log().is_empty() && setup.dealt_at_once() {
            return Err(corrupt("no deal".into()));
        }
        Ok(Saved {
            setup,
            game,
            ai_seed,
            bottom,
            moves,
            take_backs: self.take_backs,
            id,
            earlier: self.earlier,
        })
    }
}

/// Whether a token is one a save writes (it becomes part of key names).
pub fn id_ok(id: &str) -> bool {
    (1..=32).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_hexdigit())
}

/// Replays a record through the engine (its error is the engine's one
/// line); also counts the moves made.
pub fn replay(record: &GameRecord) -> Result<(Game, usize), String> {
    let game = record.replay().map_err(|e| e.to_string())?;
    let moves = record.deals.iter().map(|d| d.moves.len()).sum();
    Ok((game, moves))
}
