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
//! Games started without a seed get a random one beginning with `~`, so every
//! game can be shared; "New game" and "Play again" do not reuse such a seed.
//! Other parameters (`pace`, `embed`, `lang`) are left alone. Once a linked
//! game has started, the game parameters are removed from the address (with
//! `history.replaceState`) so that a reload resumes the saved game instead of
//! dealing again.

use super::controller::{Player, Setup};
use super::i18n::{t, tf, K};
use crate::ai::Level;
use crate::engine::rng::Rng;
use crate::engine::rules::OptionValue;
use crate::engine::{Course, Game, GameKind, Rules, Scorer};
use wasm_bindgen::{JsCast, JsValue};

/// Parameters that describe a game (removed from the address once used).
const GAME_PARAMS: [&str; 5] = ["g", "o", "s", "seed", "daily"];

/// The query string's pairs, decoded.
pub fn params() -> Vec<(String, String)> {
    let search = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default();
    search
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            let dec = |s: &str| {
                js_sys::decode_uri_component(&s.replace('+', " "))
                    .ok()
                    .and_then(|s| s.as_string())
                    .unwrap_or_default()
            };
            (dec(k), dec(v))
        })
        .collect()
}

pub fn param(name: &str) -> Option<String> {
    params()
        .into_iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v)
}

fn encode(s: &str) -> String {
    js_sys::encode_uri_component(s).into()
}

pub fn player_letter(p: Player) -> char {
    match p {
        Player::Human => 'h',
        Player::Computer(Level::Easy | Level::Random) => 'e',
        Player::Computer(Level::Normal) => 'n',
        Player::Computer(Level::Hard | Level::Expert) => 'x',
    }
}

fn game_code(kind: GameKind) -> &'static str {
    match kind {
        GameKind::TwoPlayer => "2",
        GameKind::ThreePlayer => "3",
        GameKind::Partnership => "4",
    }
}

/// The `o` parameter: the preset, then every option that differs from it.
pub fn rules_param(rules: &Rules) -> String {
    let name = rules.preset.name();
    let mut out = name.to_string();
    let base = Rules::preset(rules.game, name).unwrap_or(*rules);
    for spec in Rules::option_specs(rules.game) {
        let v = rules.get(spec.key);
        if v != base.get(spec.key) {
            match v {
                Some(OptionValue::Word(w)) => out.push_str(&format!(",{}:{w}", spec.key)),
                Some(OptionValue::Number(n)) => out.push_str(&format!(",{}:{n}", spec.key)),
                None => {}
            }
        }
    }
    out
}

/// Parses the `o` parameter (errors are the engine's, prefixed with the parameter).
pub fn parse_rules(game: GameKind, text: &str) -> Result<Rules, String> {
    let mut parts = text.split(',');
    let preset = parts.next().filter(|p| !p.is_empty()).unwrap_or("parlett");
    let mut rules = Rules::preset(game, preset).map_err(|e| e.to_string())?;
    for part in parts.filter(|p| !p.is_empty()) {
        let (k, v) = part
            .split_once(':')
            .ok_or_else(|| format!("rules: '{part}' is not option:value"))?;
        let value = match v.parse::<u32>() {
            Ok(n) => OptionValue::Number(n),
            Err(_) => OptionValue::Word(v),
        };
        rules.set(k, value).map_err(|e| e.to_string())?;
    }
    Ok(rules)
}

/// The query string that starts this set-up's game (without `?`).
pub fn query(setup: &Setup) -> String {
    let mut q = format!("g={}", game_code(setup.rules.game));
    let o = rules_param(&setup.rules);
    if o != "parlett" {
        q.push_str(&format!("&o={}", encode(&o)));
    }
    let s: String = setup.players.iter().map(|p| player_letter(*p)).collect();
    q.push_str(&format!("&s={s}"));
    if let Some(seed) = &setup.seed {
        q.push_str(&format!("&seed={}", encode(seed)));
    }
    q
}

/// The full link to this set-up's game.
pub fn link(setup: &Setup) -> String {
    let base = web_sys::window()
        .and_then(|w| {
            let l = w.location();
            Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
        })
        .unwrap_or_default();
    let mut extra = String::new();
    // An embedded game's link opens the full page, in the same language.
    if let Some(lang) = param("lang") {
        extra = format!("&lang={}", encode(&lang));
    }
    format!("{base}?{}{extra}", query(setup))
}

/// Today's date (UTC) as YYYY-MM-DD.
pub fn today() -> String {
    let iso: String = js_sys::Date::new_0().to_iso_string().into();
    iso.chars().take(10).collect()
}

pub fn daily_seed() -> String {
    format!("daily-{}", today())
}

/// The date of a daily game, if it is one.
pub fn daily_date(setup: &Setup) -> Option<&str> {
    setup.seed.as_deref()?.strip_prefix("daily-")
}

/// Today's deal: two-player, you against Normal, one deal.
pub fn daily_setup() -> Setup {
    let mut s = Setup::default_for(GameKind::TwoPlayer);
    let _ = s.rules.set("deals", OptionValue::Number(1));
    s.seed = Some(daily_seed());
    s
}

/// The game the address asks for: `Ok(None)` when it names none, an error
/// line when a parameter is wrong.
pub fn from_location() -> Result<Option<Setup>, String> {
    let ps = params();
    let get = |name: &str| ps.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
    let daily = ps.iter().any(|(k, _)| k == "daily");
    let seed = get("seed");
    let g = get("g");
    if !daily && seed.is_none() && g.is_none() && get("o").is_none() && get("s").is_none() {
        return Ok(None);
    }
    let kind = match g.as_deref() {
        None | Some("") | Some("2") => GameKind::TwoPlayer,
        Some("3") => GameKind::ThreePlayer,
        Some("4") => GameKind::Partnership,
        Some(name) => GameKind::from_name(name).ok_or_else(|| tf(K::BadGameParam, &[name]))?,
    };
    let mut setup = if daily && kind == GameKind::TwoPlayer {
        daily_setup()
    } else {
        Setup::default_for(kind)
    };
    if let Some(o) = get("o") {
        setup.rules = parse_rules(kind, &o).map_err(|e| tf(K::BadRulesParam, &[&e]))?;
        if daily {
            let _ = setup.rules.set("deals", OptionValue::Number(1));
        }
    } else if daily {
        let _ = setup.rules.set("deals", OptionValue::Number(1));
    }
    if let Some(s) = get("s") {
        let players: Option<Vec<Player>> = s
            .chars()
            .map(|c| match c {
                'h' => Some(Player::Human),
                'e' => Some(Player::Computer(Level::Easy)),
                'n' => Some(Player::Computer(Level::Normal)),
                'x' => Some(Player::Computer(Level::Hard)),
                _ => None,
            })
            .collect();
        match players {
            Some(p) if p.len() == kind.seats() => setup.players = p,
            _ => return Err(tf(K::BadSeatsParam, &[&s, &kind.seats().to_string()])),
        }
    }
    if daily {
        setup.seed = Some(daily_seed());
    } else if let Some(seed) = seed {
        let ok = !seed.trim().is_empty()
            && seed.chars().count() <= 100
            && !seed.chars().any(|c| c.is_control());
        if !ok {
            return Err(t(K::BadSeedParam).to_string());
        }
        setup.seed = Some(seed);
    }
    Ok(Some(setup))
}

/// Removes the game parameters from the address (keeps `pace`, `lang`, …).
pub fn clean_address() {
    let Some(w) = web_sys::window() else { return };
    let l = w.location();
    let kept: Vec<String> = l
        .search()
        .unwrap_or_default()
        .trim_start_matches('?')
        .split('&')
        .filter(|p| {
            let k = p.split('=').next().unwrap_or("");
            !p.is_empty() && !GAME_PARAMS.contains(&k)
        })
        .map(str::to_string)
        .collect();
    let q = if kept.is_empty() {
        String::new()
    } else {
        format!("?{}", kept.join("&"))
    };
    let url = format!(
        "{}{q}{}",
        l.pathname().unwrap_or_default(),
        l.hash().unwrap_or_default()
    );
    if let Ok(h) = js_sys::Reflect::get(&w, &"history".into()) {
        let _ = call(&h, "replaceState", &[JsValue::NULL, "".into(), url.into()]);
    }
}

/// Calls `obj.name(...args)` (for the few browser APIs the crate's web-sys features lack).
pub fn call(obj: &JsValue, name: &str, args: &[JsValue]) -> Result<JsValue, JsValue> {
    let f: js_sys::Function = js_sys::Reflect::get(obj, &name.into())?.dyn_into()?;
    let list: js_sys::Array = args.iter().collect();
    f.apply(obj, &list)
}

/// Gives a set-up without a seed a random one (marked by a leading `~`).
pub fn ensure_seed(mut setup: Setup, rng: &mut Rng) -> Setup {
    if setup.seed.is_none() {
        const ABC: &[u8] = b"abcdefghijkmnpqrstuvwxyz23456789";
        let mut x = rng.next_u64();
        let mut s = String::from("~");
        for _ in 0..10 {
            s.push(ABC[(x % 32) as usize] as char);
            x /= 32;
        }
        setup.seed = Some(s);
    }
    setup
}

/// The set-up as the new-game dialog and "Play again" see it: a random seed forgotten.
pub fn shown(setup: &Setup) -> Setup {
    let mut s = setup.clone();
    if s.seed.as_deref().is_some_and(|x| x.starts_with('~')) {
        s.seed = None;
    }
    s
}

/// The seat of the one person at the table.
fn my_seat(setup: &Setup) -> Option<u8> {
    if setup.humans() != 1 {
        return None;
    }
    let seat = setup.players.iter().position(|p| *p == Player::Human)?;
    Some(seat as u8)
}

/// The scorer (seat, or side in partnerships) of the one person at the table.
pub fn my_scorer(game: &Game, setup: &Setup) -> Option<Scorer> {
    my_seat(setup).map(|seat| game.kind().scorer_of(seat))
}

/// The daily result to share: no cards, just the figures.
/// "Duck Soup daily 2026-11-22 · two-player · 7 × 6 = 42 vs 30 · won 🦆"
pub fn daily_result(game: &Game, setup: &Setup) -> Option<String> {
    let date = daily_date(setup)?;
    if !game.is_over() {
        return None;
    }
    let seat = my_seat(setup)?;
    let me = game.kind().scorer_of(seat);
    let result = game.results().last()?;
    let mine = result.scores[me];
    // My Duck points and Soup points (a partnership deal has no courses).
    let work = if game.kind().has_courses() {
        let k = match game.rules().combine {
            crate::engine::rules::Combine::Multiply => K::Product,
            crate::engine::rules::Combine::Add => K::Sum,
        };
        let course = |c: Course| result.points[c][seat].to_string();
        format!(
            "{} = ",
            tf(k, &[&course(Course::Duck), &course(Course::Soup)])
        )
    } else {
        String::new()
    };
    let others: Vec<String> = result
        .scores
        .iter()
        .filter(|&(s, _)| s != me)
        .map(|(_, v)| v.to_string())
        .collect();
    let totals = game.totals();
    let outcome = if totals.winner() == Some(me) {
        t(K::DailyWon)
    } else if totals.leaders().any(|s| s == me) {
        t(K::DailyTied)
    } else {
        t(K::DailyLost)
    };
    Some(tf(
        K::DailyResult,
        &[
            date,
            game.kind().name(),
            &format!("{work}{mine}"),
            &others.join(" / "),
            outcome,
        ],
    ))
}
