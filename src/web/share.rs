//! Share links and the daily deal.
//!
//! # Link format
//!
//! A link starts a game: `?g=2&o=parlett&s=hn&seed=TEXT` (every parameter
//! but one of `seed` or `daily` may be left out).
//!
//! - `g`: the game: `2` two-player (default), `3` three-player, `4` partnership
//!   (the engine's names `two-player`, `three-player`, `partnership` work too).
//! - `o`: the rules: a preset name (`parlett`, the default, or `family`),
//!   optionally followed by `,option:value` pairs using the record's option
//!   names and words (RULES.md section 4), e.g. `o=parlett,target:300,duck_winner:higher`.
//! - `s`: who plays each seat, one letter per seat from South clockwise:
//!   `h` human, `e` easy, `n` normal, `x` hard (default: South human, the others normal).
//! - `seed`: the deal seed (deal 1 is dealt from the seed, deal k from "seed/k";
//!   the first dealer and the computers' choices come from it too), so the
//!   same link deals the same cards (`engine::rng::shuffled_deck` never changes
//!   within a major version).
//! - `daily`: today's deal: seed `daily-YYYY-MM-DD` (UTC date), one deal,
//!   two-player against Normal unless `g`/`s`/`o` say otherwise.
//!
//! Decoding and encoding are pure and live in [`crate::links`] (fuzzed
//! natively): a bad parameter is refused with a one-line message that quotes
//! what the address held, escaped and cut short. This module adds the
//! browser: the address, today's date, the player's language.
//!
//! Games started without a seed get a random one beginning with `~` (from
//! the browser's `crypto.getRandomValues`), so every game can be shared;
//! "New game" and "Play again" do not reuse such a seed.
//! Other parameters (`pace`, `embed`, `lang`) are left alone. Once a linked
//! game has started, the game parameters are removed from the address (with
//! `history.replaceState`) so that a reload resumes the saved game instead of
//! dealing again.

use super::i18n::{Lang, K};
use super::params::PageParams;
use crate::engine::rules::{Combine, OptionValue};
use crate::engine::{Game, GameKind, Scorer};
use crate::links::{self, GameLinkError, LinkedGame, Seat};
use crate::page::model::{Player, Setup};
use wasm_bindgen::JsValue;

fn player(seat: Seat) -> Player {
    match seat {
        Seat::Person => Player::Human,
        Seat::Computer(level) => Player::Computer(level),
    }
}

fn seat(player: Player) -> Seat {
    match player {
        Player::Human | Player::Friend => Seat::Person,
        Player::Computer(level) => Seat::Computer(level),
    }
}

/// The query string that starts this set-up's game (without `?`).
pub fn query(setup: &Setup) -> String {
    links::encode(&LinkedGame {
        rules: setup.rules,
        seats: setup.players.iter().map(|p| seat(*p)).collect(),
        seed: setup.seed.clone(),
    })
}

/// The full link to this set-up's game. The address's `?lang=` (`address_lang`)
/// goes with it: an embedded game's link opens the full page in the same language.
pub fn link(setup: &Setup, address_lang: Option<Lang>) -> String {
    let base = web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default();
    let lang = address_lang
        .map(|l| format!("&lang={}", l.tag()))
        .unwrap_or_default();
    format!("{base}?{}{lang}", query(setup))
}

/// Today's date (UTC) as YYYY-MM-DD.
pub fn today() -> String {
    let iso: String = js_sys::Date::new_0().to_iso_string().into();
    iso.chars().take(10).collect()
}

pub fn daily_seed() -> String {
    links::daily_seed(&today())
}

/// Today's deal: two-player, you against Normal, one deal.
pub fn daily_setup() -> Setup {
    let mut s = Setup::default_for(GameKind::TwoPlayer);
    let _ = s.rules.set("deals", OptionValue::Number(1));
    s.seed = Some(daily_seed());
    s
}

/// The game the address asks for: `Ok(None)` when it names none, a one-line
/// error in the player's language when a parameter is wrong.
pub fn from_address(lang: Lang, params: &PageParams) -> Result<Option<Setup>, String> {
    let game = links::decode(&params.link, &today()).map_err(|e| match e {
        GameLinkError::Game(g) => lang.tf(K::BadGameParam, &[&g]),
        GameLinkError::Rules(why) => lang.tf(K::BadRulesParam, &[&why]),
        GameLinkError::Seats(s, n) => lang.tf(K::BadSeatsParam, &[&s, &n.to_string()]),
        GameLinkError::Seed => lang.t(K::BadSeedParam).to_string(),
    })?;
    Ok(game.map(|g| Setup {
        rules: g.rules,
        players: g.seats.into_iter().map(player).collect(),
        seed: g.seed,
    }))
}

/// Removes the game parameters from the address (keeps `pace`, `lang`, …).
pub fn clean_address(params: &PageParams) {
    let Some(w) = web_sys::window() else { return };
    let l = w.location();
    let url = format!(
        "{}{}{}",
        l.pathname().unwrap_or_default(),
        params.query_without(&links::GAME_PARAMS),
        l.hash().unwrap_or_default()
    );
    if let Ok(history) = w.history() {
        let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
    }
}

/// The scorer (seat, or side in partnerships) of the one person at the table.
pub fn my_scorer(game: &Game, setup: &Setup) -> Option<Scorer> {
    if setup.humans() != 1 {
        return None;
    }
    let seat = setup.players.iter().position(|p| *p == Player::Human)?;
    Some(game.kind().scorer_of(seat as u8))
}

/// The daily result to share: no cards, just the figures, as the score
/// sheet shows them ([`links::deal_figures`]).
/// "Duck Soup daily 2026-11-22 · two-player · 7 × 6 = 42 vs 30 · won 🦆"
pub fn daily_result(lang: Lang, game: &Game, setup: &Setup) -> Option<String> {
    let date = setup.daily_date()?;
    if !game.is_over() {
        return None;
    }
    let me = my_scorer(game, setup)?;
    let result = game.results().last()?;
    let kind = game.kind();
    let figures = links::deal_figures(kind, game.rules().combine, result, me);
    let (a, b, combine) = figures.working;
    let k = match combine {
        Combine::Multiply => K::Product,
        Combine::Add => K::Sum,
    };
    let mine = format!(
        "{} = {}",
        lang.tf(k, &[&a.to_string(), &b.to_string()]),
        figures.score
    );
    let others: Vec<String> = kind
        .each_scorer()
        .filter(|&s| s != me)
        .map(|s| result.scores[s].to_string())
        .collect();
    let totals = game.totals();
    let outcome = if totals.winner() == Some(me) {
        lang.t(K::DailyWon)
    } else if totals.leaders().any(|s| s == me) {
        lang.t(K::DailyTied)
    } else {
        lang.t(K::DailyLost)
    };
    Some(lang.tf(
        K::DailyResult,
        &[date, kind.name(), &mine, &others.join(" / "), outcome],
    ))
}
