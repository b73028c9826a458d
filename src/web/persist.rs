//! Never losing a game: the game in progress is saved to localStorage after
//! every change and resumed on the next visit, and statistics are kept.
//!
//! Keys (all prefixed `duck-soup.` by [`storage`]):
//! - `game`: the game in progress, format version [`VERSION`]:
//!   `{"v":1,"record":{…RULES.md section 4 record…},"players":["human","normal"],
//!   "seed":"TEXT","ai_seed":"12345","bottom":0}`. The record is the engine's
//!   own (`GameRecord::of(&game)`); resuming replays it through the engine,
//!   so the same hands, trick, scores and turn come back.
//! - `stats`: `{"v":1,"games":{"two-player/normal":{"played":3,"won":1,"best":42}}}`,
//!   per game and opponents' level (games with exactly one person at the table;
//!   `best` is the person's best deal score).
//! - `game.set-aside`: saved data that could not be used (an unknown format
//!   version or corrupt data) is moved here, never silently dropped; the page
//!   says so and starts a playable default game. Statistics are never touched.
//! - `game.loading`: set while a saved game is being resumed; if the page died
//!   doing so, the next visit sets that saved game aside instead of trying again.
//!
//! Migration: version 0 (a bare record object without `v`) becomes version 1
//! with South human and the other seats Normal computers.

use super::controller::{Controller, Player, Setup, Ui};
use super::i18n::{t, tf, K};
use super::json::{self, get, obj, set, uint};
use super::{share, storage};
use crate::ai::Level;
use crate::engine::{Effect, Game, GameKind, GameRecord};
use js_sys::{Array, Object};
use std::cell::Cell;
use wasm_bindgen::{JsCast, JsValue};

pub const VERSION: u64 = 1;
const GAME_KEY: &str = "game";
const STATS_KEY: &str = "stats";
const ASIDE_KEY: &str = "game.set-aside";
const LOADING_KEY: &str = "game.loading";

thread_local! {
    static ENABLED: Cell<bool> = const { Cell::new(true) };
}

/// Stops saving (embedded games, the replay viewer) or starts again.
pub fn set_enabled(on: bool) {
    ENABLED.with(|e| e.set(on));
}

fn enabled() -> bool {
    ENABLED.with(|e| e.get())
}

/// A saved game, checked and replayed.
pub struct Saved {
    pub setup: Setup,
    pub game: Game,
    pub ai_seed: u64,
    pub bottom: u8,
    pub moves: usize,
}

fn player_name(p: Player) -> &'static str {
    match p {
        Player::Human => "human",
        Player::Computer(l) => l.name(),
    }
}

/// The saved form of the controller's game.
pub fn to_json(game: &Game, setup: &Setup, ai_seed: u64, bottom: u8) -> String {
    let o = obj();
    set(&o, "v", VERSION as u32);
    set(&o, "record", json::record_value(&GameRecord::of(game)));
    set(
        &o,
        "players",
        json::array(setup.players.iter().map(|p| player_name(*p))),
    );
    set(
        &o,
        "seed",
        setup.seed.as_deref().map_or(JsValue::NULL, JsValue::from),
    );
    set(&o, "ai_seed", ai_seed.to_string());
    set(&o, "bottom", bottom as u32);
    json::stringify(&o)
}

/// Replays a record through the engine (its error is the engine's one
/// line); also counts the moves made.
pub fn replay(record: &GameRecord) -> Result<(Game, usize), String> {
    let game = record.replay().map_err(|e| e.to_string())?;
    let moves = record.deals.iter().map(|d| d.moves.len()).sum();
    Ok((game, moves))
}

/// Why saved data could not be used.
pub enum Problem {
    /// A format this version does not know (set aside, kept).
    Version(String),
    /// Unreadable or inconsistent data (set aside, kept).
    Corrupt(String),
}

/// Parses saved text (any version this code knows) into a resumable game.
pub fn parse(text: &str) -> Result<Saved, Problem> {
    let value = json::parse(text).map_err(Problem::Corrupt)?;
    if !json::is_plain_object(&value) {
        return Err(Problem::Corrupt("not a JSON object".into()));
    }
    let v = get(&value, "v");
    let value = if v.is_undefined() {
        if !json::has(&value, "deals") {
            return Err(Problem::Corrupt("no format version".into()));
        }
        // Version 0: a bare record. Migrate.
        migrate_v0(&value)
    } else if uint(&v) == Some(VERSION) {
        value
    } else {
        return Err(Problem::Version(json::stringify(&v)));
    };
    let record = get(&value, "record");
    if record.is_undefined() {
        return Err(Problem::Corrupt("record: missing".into()));
    }
    let record = json::record_from(&record).map_err(|e| Problem::Corrupt(e.to_string()))?;
    let kind = record.rules.game;
    let players = get(&value, "players");
    let players: Option<Vec<Player>> = if Array::is_array(&players) {
        players
            .unchecked_into::<Array>()
            .iter()
            .map(|p| match p.as_string()?.as_str() {
                "human" => Some(Player::Human),
                name => Level::from_name(name).map(Player::Computer),
            })
            .collect::<Option<Vec<_>>>()
            .filter(|p| p.len() == kind.seats())
    } else {
        None
    };
    let players = players.ok_or_else(|| Problem::Corrupt("players: not one per seat".into()))?;
    let seed = get(&value, "seed");
    let seed = if seed.is_null() || seed.is_undefined() {
        None
    } else {
        Some(
            seed.as_string()
                .ok_or_else(|| Problem::Corrupt("seed: must be text".into()))?,
        )
    };
    let ai_seed = get(&value, "ai_seed")
        .as_string()
        .and_then(|s| s.parse::<u64>().ok())
        .ok_or_else(|| Problem::Corrupt("ai_seed: missing".into()))?;
    let bottom = uint(&get(&value, "bottom"))
        .filter(|b| *b < kind.seats() as u64)
        .unwrap_or(0) as u8;
    let (game, moves) = replay(&record).map_err(Problem::Corrupt)?;
    if game.log().is_empty() {
        return Err(Problem::Corrupt("no deal".into()));
    }
    Ok(Saved {
        setup: Setup {
            rules: record.rules,
            players,
            seed,
        },
        game,
        ai_seed,
        bottom,
        moves,
    })
}

fn migrate_v0(record: &JsValue) -> JsValue {
    let kind = get(record, "game")
        .as_string()
        .and_then(|g| GameKind::from_name(&g))
        .unwrap_or(GameKind::TwoPlayer);
    let mut players = vec!["normal"; kind.seats()];
    players[0] = "human";
    let o = obj();
    set(&o, "v", VERSION as u32);
    set(&o, "record", record.clone());
    set(&o, "players", json::array(players));
    set(&o, "ai_seed", "1");
    set(&o, "bottom", 0u32);
    o.into()
}

/// What the page starts with: the saved game (if any, and usable), or a
/// notice saying why it was set aside.
pub fn load() -> (Option<Saved>, Option<String>) {
    let crashed = storage::get(LOADING_KEY).is_some();
    storage::remove(LOADING_KEY);
    let Some(text) = storage::get(GAME_KEY) else {
        return (None, None);
    };
    if crashed {
        set_aside(&text);
        return (None, Some(tf(K::SavedCorrupt, &[t(K::SavedCrashed)])));
    }
    match parse(&text) {
        Ok(s) => (Some(s), None),
        Err(Problem::Version(v)) => {
            set_aside(&text);
            (None, Some(tf(K::SavedOtherVersion, &[&v])))
        }
        Err(Problem::Corrupt(why)) => {
            set_aside(&text);
            (None, Some(tf(K::SavedCorrupt, &[&why])))
        }
    }
}

fn set_aside(text: &str) {
    storage::set(ASIDE_KEY, text);
    storage::remove(GAME_KEY);
    storage::remove(LOADING_KEY);
}

pub fn loading(on: bool) {
    if on {
        storage::set(LOADING_KEY, "1");
    } else {
        storage::remove(LOADING_KEY);
    }
}

// ---- statistics ----

/// The statistics' `games` object (unreadable statistics are set aside, not thrown away).
fn stats_games() -> Object {
    let text = storage::get(STATS_KEY);
    if let Some(text) = &text {
        if let Ok(v) = json::parse(text) {
            let games = get(&v, "games");
            if json::is_plain_object(&games) {
                return games.unchecked_into();
            }
        }
        storage::set("stats.set-aside", text);
    }
    obj()
}

/// The statistics' key for a game: the game and the opponents' level.
fn stats_key(setup: &Setup) -> String {
    let mut levels: Vec<&str> = setup
        .players
        .iter()
        .filter_map(|p| match p {
            Player::Computer(l) => Some(l.name()),
            Player::Human => None,
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

fn field(row: &JsValue, f: &str) -> u64 {
    uint(&get(row, f)).unwrap_or(0)
}

/// One row of statistics: (game/level, played, won, best).
pub fn stats_rows() -> Vec<(String, u64, u64, u64)> {
    let games = stats_games();
    let rows: Vec<_> = Object::keys(&games)
        .iter()
        .filter_map(|k| {
            let k = k.as_string()?;
            let row = get(&games, &k);
            Some((
                k,
                field(&row, "played"),
                field(&row, "won"),
                field(&row, "best"),
            ))
        })
        .collect();
    // (In the order first played: JSON objects keep it.)
    rows
}

fn update_stats(game: &Game, setup: &Setup) {
    let Some(me) = share::my_scorer(game, setup) else {
        return;
    };
    let Some(result) = game.results().last() else {
        return;
    };
    let games = stats_games();
    let key = stats_key(setup);
    let row = get(&games, &key);
    let best = field(&row, "best").max(result.scores[me] as u64);
    let (mut played, mut won) = (field(&row, "played"), field(&row, "won"));
    if game.is_over() {
        played += 1;
        if game.outcome().is_some_and(|o| o.winner == Some(me)) {
            won += 1;
        }
    }
    let r = obj();
    set(&r, "played", played as f64);
    set(&r, "won", won as f64);
    set(&r, "best", best as f64);
    set(&games, &key, r);
    let all = obj();
    set(&all, "v", VERSION as u32);
    set(&all, "games", games);
    storage::set(STATS_KEY, &json::stringify(&all));
}

// ---- the controller's side ----

impl Controller {
    /// Saves the game (called on every change).
    pub(super) fn persist(&self) {
        if !enabled() || self.game.log().is_empty() {
            return;
        }
        let text = to_json(&self.game, &self.setup, self.ai_seed, self.ui.bottom);
        storage::set(GAME_KEY, &text);
    }

    /// After each move: statistics and embed events when a deal or the game ends.
    pub(super) fn after_move(&mut self, effect: &Effect) {
        if !effect.deal_over {
            return;
        }
        if enabled() {
            update_stats(&self.game, &self.setup);
        }
        super::embed::deal_finished(&self.game);
    }

    /// Puts a saved game on the table and carries on from there.
    pub(super) fn restore(&mut self, s: Saved) {
        let kind = s.setup.rules.game;
        let bottom = s.bottom;
        self.ui = Ui {
            bottom,
            viewer: (s.setup.humans() == 1).then_some(bottom),
            scores_open: self.ui.scores_open,
            moves: s.moves,
            ..Ui::default()
        };
        self.game = s.game;
        self.ai_seed = s.ai_seed;
        self.setup = s.setup;
        self.view.set_table(kind);
        self.advance();
    }

    /// Shows a notice in the action bar.
    pub(super) fn notice(&mut self, text: String) {
        self.ui.message = Some(text);
        self.render();
    }
}

/// Starts the table: a game named by the address (a share link, the daily
/// deal, or an embed's parameters), else the saved game, else `default`.
/// A bad link or unusable saved data leaves a notice on a playable game.
pub fn start(
    view: super::view::View,
    default: Setup,
    pace: super::controller::Pace,
    entropy: u64,
) -> super::controller::Shared {
    let embedded = super::embed::active();
    let link = share::from_location();
    let mut notice = None;
    let (setup, saved, linked) = match link {
        Ok(Some(s)) => (s, None, true),
        other => {
            let mut default = default;
            if let Err(e) = other {
                notice = Some(tf(K::BadLink, &[&e]));
                default.seed = None;
            }
            if embedded {
                (default, None, false)
            } else {
                let (saved, n) = load();
                notice = notice.or(n);
                (default, saved, notice.is_some())
            }
        }
    };
    // Nothing is saved until the saved game (if any) is back on the table.
    set_enabled(false);
    let c = Controller::new(view, setup, pace, entropy);
    set_enabled(!embedded);
    if let Some(s) = saved {
        loading(true);
        c.borrow_mut().restore(s);
        loading(false);
    } else {
        c.borrow().persist();
    }
    if linked && !embedded {
        share::clean_address();
    }
    if let Some(n) = notice {
        c.borrow_mut().notice(n);
    }
    c
}
