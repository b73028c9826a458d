//! Never losing a game: the game in progress is saved to localStorage after
//! every change and resumed on the next visit, and statistics are kept.
//!
//! # Keys
//!
//! All prefixed `duck-soup.` by [`storage`]:
//!
//! - `game`: the game in progress, format version 2 (`page::saved`, the
//!   format and its check, tested natively by `tests/saved_games.rs`):
//!   `{"v":2,"id":"5f0c3e9a1b2d4c6e","players":["human","normal"],"seed":"TEXT",
//!   "ai_seed":"12345","bottom":0,"earlier":41,"record":{"game":"two-player",
//!   "rules":"parlett","first_dealer":1,"deals":[{"seed":"TEXT/42","moves":"7H 2H …"}]}}`.
//!   `record` is a RULES.md section 4 record of the deals after the first
//!   `earlier` ones: usually just the deal in progress.
//! - `deal.ID.K` (K from 1): each finished deal of the game `ID`, written once
//!   when the deal ends, as a record writes a deal: `{"seed":"TEXT/3","moves":"…"}`
//!   (or `"deck"` for a deal not dealt from a seed).
//!
//!   So a move rewrites only `game`, whose size does not depend on how many
//!   deals were played: saving costs the same at move 10 and at move 10,000.
//!   Resuming reads `deal.ID.1` to `deal.ID.{earlier}`, puts them before
//!   `record`'s deals, and checks and replays that whole record through the
//!   engine (`GameRecord::try_from`, then a replay), exactly as an imported
//!   record; the same hands, trick, scores and turn come back.
//!
//!   Never half written: each write is one `setItem`, which stores all of its
//!   value or none. A finished deal's key is written before the `game` that
//!   counts it in `earlier`, and a replaced game's deal keys are removed only
//!   after the new `game` is written, so when storage refuses a write (full),
//!   the last complete save stays readable; the page says the game could not
//!   be saved. `ID` is a random token (getrandom), new for each game.
//! - `stats`: `{"v":1,"games":{"two-player/normal":{"played":3,"won":1,"best":42}}}`,
//!   per game and opponents' level (games with exactly one person at the table;
//!   `best` is the person's best deal score), in the order first played.
//! - `game.seats`: online play's host keeps its friends' seats there, beside
//!   the game and under its token (`net::host_link::SavedSeats`: the seats
//!   handed to the computer, each seat's known guest), so that its page's
//!   reload forgets neither; another game's seats are never taken.
//! - `game.set-aside`: saved data that could not be used (an unknown format
//!   version or corrupt data) is moved here, never silently dropped; the page
//!   says so and starts a playable default game. Its deal keys stay.
//!   Statistics are never touched (unreadable statistics go to `stats.set-aside`).
//! - `game.loading`: set while a saved game is being resumed; if the page died
//!   doing so, the next visit sets that saved game aside instead of trying again.
//!
//! Deal keys that belong to neither `game` nor `game.set-aside` (a game
//! replaced before its keys could be removed) are removed when the page starts.
//!
//! # Older formats
//!
//! - Version 1 (saves made before this format, still in players' browsers):
//!   the same object without `id` and `earlier`, `record` holding every deal.
//!   It is read as it is; the first save after it writes version 2 (the
//!   finished deals to their keys first, then `game`).
//! - Version 0 (a bare record object without `v`): South human and the other
//!   seats Normal computers.

use super::i18n::{Lang, K};
use super::{serial, share, storage};
use crate::engine::record::DealFile;
use crate::engine::Game;
use crate::page::input::one_line;
use crate::page::model::{Player, Setup};
use serde::de::{MapAccess, Visitor};
use serde::ser::SerializeMap;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use wasm_bindgen::JsValue;

use crate::page::saved::{id_ok, Problem, Saved, SavedGame, TableState, VERSION};
const GAME_KEY: &str = "game";
const STATS_KEY: &str = "stats";
const ASIDE_KEY: &str = "game.set-aside";
const STATS_ASIDE_KEY: &str = "stats.set-aside";
const LOADING_KEY: &str = "game.loading";
const DEAL_KEYS: &str = "deal.";

fn deal_key(id: &str, k: usize) -> String {
    format!("{DEAL_KEYS}{id}.{k}")
}

/// Saving the game on the table: what has been written for it. The
/// controller owns one and calls [`Saver::save`] after every change.
#[derive(Default)]
pub struct Saver {
    /// The game's token (names its deal keys).
    id: String,
    /// Its first `stored` deals are in their keys.
    stored: usize,
    /// The moves made when it was last saved: fewer now means a new game.
    moves: usize,
    /// A game this one replaced, and how many deal keys it had: removed once
    /// this game's first save is written.
    replaced: Option<(String, usize)>,
    /// Saved data could not be set aside: it stays in `game`, and nothing
    /// overwrites it on this visit.
    blocked: bool,
    /// Not saving: an embedded table, the replay viewer, or while a saved
    /// game is being put back on the table.
    paused: bool,
}

impl Saver {
    /// A saver; `paused` for a table that is never saved (embedded).
    pub fn new(paused: bool) -> Saver {
        Saver {
            paused,
            ..Saver::default()
        }
    }

    /// Stops saving (the replay viewer) or starts again.
    pub fn pause(&mut self, paused: bool) {
        self.paused = paused;
    }

    /// Saves the game; refused when storage refuses a write (the previous
    /// complete save then stays readable). A game is saved from its first
    /// deal, but a game with friends from its start: its first deal waits
    /// for them (decision 18), and the host's page may be reloaded, or
    /// handed the game by the table alone, meanwhile.
    pub fn save(&mut self, game: &Game, table: &TableState) -> Result<(), storage::Refused> {
        if self.paused || (game.log().is_empty() && table.setup.dealt_at_once()) {
            return Ok(());
        }
        save(self, game, table)
    }

    /// After a deal ends: the statistics (never while paused).
    pub fn deal_finished(
        &self,
        game: &Game,
        setup: &Setup,
        take_backs: usize,
    ) -> Result<(), storage::Refused> {
        if self.paused {
            return Ok(());
        }
        update_stats(game, setup, take_backs)
    }

    /// The saved game's token (online play keeps its seats under it,
    /// `web::net::keep_seats`).
    pub fn id(&self) -> &str {
        &self.id
    }

    /// A saved game is back on the table: carry on with its token and keys.
    pub fn resumed(&mut self, s: &Saved) {
        // Version 1 and 0 saves get a token; their deals are stored by the next save.
        self.id = s.id.clone().unwrap_or_else(new_id);
        self.stored = s.earlier;
        self.moves = s.moves;
        self.replaced = None;
    }
}

/// A fresh game token: 16 hex digits from the browser's crypto randomness.
fn new_id() -> String {
    format!("{:016x}", super::entropy())
}

/// Reads saved text (any version this code knows) into a resumable game;
/// a version 2 game's earlier deals come from their keys. The format and
/// its check are the page core's (`page::saved`); here the browser's JSON
/// reads it.
pub fn parse(text: &str) -> Result<Saved, Problem> {
    let value = serial::parse(text).map_err(Problem::Corrupt)?;
    if !value.is_object() || js_sys::Array::is_array(&value) {
        return Err(Problem::Corrupt("not a JSON object".into()));
    }
    let v = js_sys::Reflect::get(&value, &"v".into()).unwrap_or(JsValue::UNDEFINED);
    let saved: SavedGame = if v.is_undefined() {
        if !js_sys::Reflect::has(&value, &"deals".into()).unwrap_or(false) {
            return Err(Problem::Corrupt("no format version".into()));
        }
        // Version 0: a bare record.
        SavedGame::bare(serial::from_js(value).map_err(Problem::Corrupt)?)
    } else if v.as_f64() == Some(1.0) || v.as_f64() == Some(f64::from(VERSION)) {
        serial::from_js(value).map_err(Problem::Corrupt)?
    } else {
        let shown = serial::stringify(&v).unwrap_or_default();
        return Err(Problem::Version(one_line(&shown)));
    };
    let id = saved.id.clone();
    saved.check(&mut |k| {
        let text = storage::get(&deal_key(id.as_deref()?, k))?;
        Some(serial::from_text(&text))
    })
}

/// What the page starts with: the saved game (if any, and usable), or a
/// notice saying why it was set aside.
pub fn load(lang: Lang, saver: &mut Saver) -> (Option<Saved>, Option<String>) {
    let crashed = storage::get(LOADING_KEY).is_some();
    storage::remove(LOADING_KEY);
    let Some(text) = storage::get(GAME_KEY) else {
        remove_stray_deals();
        return (None, None);
    };
    let result = if crashed {
        Err(Problem::Corrupt(lang.t(K::SavedCrashed).to_string()))
    } else {
        parse(&text)
    };
    let (saved, notice) = match result {
        Ok(s) => (Some(s), None),
        Err(Problem::Version(v)) => {
            set_aside(saver, &text);
            (None, Some(lang.tf(K::SavedOtherVersion, &[&v])))
        }
        Err(Problem::Corrupt(why)) => {
            set_aside(saver, &text);
            (None, Some(lang.tf(K::SavedCorrupt, &[&why])))
        }
    };
    remove_stray_deals();
    (saved, notice)
}

/// Moves unusable saved data to `game.set-aside`. If storage refuses that
/// too, the data stays in `game` and nothing overwrites it on this visit.
fn set_aside(saver: &mut Saver, text: &str) {
    if storage::set(ASIDE_KEY, text).is_ok() {
        storage::remove(GAME_KEY);
    } else {
        saver.blocked = true;
    }
}

/// The token in saved text, if it has a usable one.
fn id_in(text: &str) -> Option<String> {
    #[derive(Deserialize)]
    struct WithId {
        id: Option<String>,
    }
    serial::from_text::<WithId>(text)
        .ok()?
        .id
        .filter(|id| id_ok(id))
}

/// Removes deal keys that belong to neither the saved game nor the one set aside.
fn remove_stray_deals() {
    let keep: Vec<String> = [GAME_KEY, ASIDE_KEY]
        .iter()
        .filter_map(|k| storage::get(k))
        .filter_map(|text| id_in(&text))
        .collect();
    for key in storage::keys_starting(DEAL_KEYS) {
        let id = key[DEAL_KEYS.len()..].split('.').next().unwrap_or("");
        if !keep.iter().any(|k| k == id) {
            storage::remove(&key);
        }
    }
}

pub fn loading(on: bool) {
    if on {
        let _ = storage::set(LOADING_KEY, "1");
    } else {
        storage::remove(LOADING_KEY);
    }
}

// ---- statistics ----

/// One row of statistics.
#[derive(Clone, Copy, Debug, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct StatsRow {
    pub played: u32,
    pub won: u32,
    pub best: u32,
    /// Games played in which moves were taken back.
    pub taken_back: u32,
}

/// Rows by "game/level", in the order first played (a JSON object keeps it).
#[derive(Default)]
struct Rows(Vec<(String, StatsRow)>);

impl Serialize for Rows {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(self.0.len()))?;
        for (key, row) in &self.0 {
            map.serialize_entry(key, row)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Rows {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Rows, D::Error> {
        struct RowsVisitor;
        impl<'de> Visitor<'de> for RowsVisitor {
            type Value = Rows;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("statistics by game and level")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Rows, A::Error> {
                let mut rows = Vec::new();
                while let Some(entry) = map.next_entry()? {
                    rows.push(entry);
                }
                Ok(Rows(rows))
            }
        }
        d.deserialize_map(RowsVisitor)
    }
}

/// The `stats` key.
#[derive(Serialize, Deserialize)]
struct Stats {
    v: u32,
    games: Rows,
}

/// The statistics (unreadable statistics are set aside, not thrown away).
fn read_stats() -> Rows {
    let Some(text) = storage::get(STATS_KEY) else {
        return Rows::default();
    };
    match serial::from_text::<Stats>(&text) {
        Ok(stats) => stats.games,
        Err(_) => {
            let _ = storage::set(STATS_ASIDE_KEY, &text);
            Rows::default()
        }
    }
}

/// The statistics' key for a game: the game and the opponents' level.
fn stats_key(setup: &Setup) -> String {
    let mut levels: Vec<&str> = setup
        .players
        .iter()
        .filter_map(|p| match p {
            Player::Computer(l) => Some(l.name()),
            Player::Human | Player::Friend => None,
        })
        .collect();
    levels.dedup();
    let level = if levels.len() == 1 {
        levels[0]
    } else {
        "mixed"
    };
    format!("{}/{level}", setup.rules.game.name())
}

/// The statistics: (game/level, row), in the order first played.
pub fn stats_rows() -> Vec<(String, StatsRow)> {
    read_stats().0
}

fn update_stats(game: &Game, setup: &Setup, take_backs: usize) -> Result<(), storage::Refused> {
    let Some(me) = share::my_scorer(game, setup) else {
        return Ok(());
    };
    let Some(result) = game.results().last() else {
        return Ok(());
    };
    let mut rows = read_stats();
    let key = stats_key(setup);
    let at = match rows.0.iter().position(|(k, _)| *k == key) {
        Some(i) => i,
        None => {
            rows.0.push((key, StatsRow::default()));
            rows.0.len() - 1
        }
    };
    let row = &mut rows.0[at].1;
    row.best = row.best.max(result.scores[me]);
    if game.is_over() {
        row.played += 1;
        if game.outcome().is_some_and(|o| o.winner == Some(me)) {
            row.won += 1;
        }
        if take_backs > 0 {
            row.taken_back += 1;
        }
    }
    let text = serial::to_text(&Stats { v: 1, games: rows }).map_err(|_| storage::Refused)?;
    storage::set(STATS_KEY, &text)
}

/// Writes what changed since the last save: the deals finished since (one
/// key each), then `game`. Stops at the first write storage refuses.
fn save(saving: &mut Saver, game: &Game, c: &TableState) -> Result<(), storage::Refused> {
    if saving.blocked {
        return Err(storage::Refused);
    }
    let log = game.log();
    if saving.id.is_empty() || c.moves < saving.moves || log.len() < saving.stored {
        // A new game on the table: a new token; the old one's keys go once it is saved.
        let old = std::mem::take(&mut saving.id);
        if !old.is_empty() {
            saving.replaced = Some((old, saving.stored));
        }
        saving.id = new_id();
        saving.stored = 0;
    }
    saving.moves = c.moves;
    let finished = if game.in_deal() {
        log.len() - 1
    } else {
        log.len()
    };
    while saving.stored < finished {
        let deal =
            serial::to_text(&DealFile::of(&log[saving.stored])).map_err(|_| storage::Refused)?;
        storage::set(&deal_key(&saving.id, saving.stored + 1), &deal)?;
        saving.stored += 1;
    }
    let head = SavedGame::of(game, c, &saving.id, saving.stored);
    let text = serial::to_text(&head).map_err(|_| storage::Refused)?;
    storage::set(GAME_KEY, &text)?;
    if let Some((old, count)) = saving.replaced.take() {
        for k in 1..=count {
            storage::remove(&deal_key(&old, k));
        }
    }
    Ok(())
}
