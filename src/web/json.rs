//! JSON in the page through the browser's own `JSON` (js_sys), not serde_json:
//! the records, saved games and statistics would otherwise pull ~20 KB
//! (gzipped) of parser and printer into the wasm.
//!
//! Game records are read and written here exactly as the engine's
//! `GameRecord::parse` / `to_json` do (RULES.md section 4); the moves are
//! checked by the engine itself (`GameRecord::replay`), whose one-line
//! `RecordError` is what a bad record shows.

use crate::engine::game::DealLog;
use crate::engine::record::parse_deck;
use crate::engine::rng::shuffled_deck;
use crate::engine::rules::OptionValue;
use crate::engine::{GameKind, GameRecord, Move, RecordError, Rules};
use js_sys::{Array, Object, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};

pub fn obj() -> Object {
    Object::new()
}

pub fn set(o: &Object, key: &str, value: impl Into<JsValue>) {
    let _ = Reflect::set(o, &key.into(), &value.into());
}

pub fn get(v: &JsValue, key: &str) -> JsValue {
    if !v.is_object() {
        return JsValue::UNDEFINED;
    }
    Reflect::get(v, &key.into()).unwrap_or(JsValue::UNDEFINED)
}

pub fn has(v: &JsValue, key: &str) -> bool {
    v.is_object() && Reflect::has(v, &key.into()).unwrap_or(false)
}

/// A whole number ≥ 0, if the value is one.
pub fn uint(v: &JsValue) -> Option<u64> {
    v.as_f64()
        .filter(|x| x.fract() == 0.0 && *x >= 0.0 && *x < 9e15)
        .map(|x| x as u64)
}

pub fn is_plain_object(v: &JsValue) -> bool {
    v.is_object() && !Array::is_array(v)
}

pub fn stringify(v: &JsValue) -> String {
    JSON::stringify(v)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_default()
}

/// Parses JSON text; the error is the browser's message.
pub fn parse(text: &str) -> Result<JsValue, String> {
    JSON::parse(text).map_err(|e| {
        let m = get(&e, "message").as_string().unwrap_or_default();
        format!("not valid JSON: {m}")
    })
}

pub fn array<T: Into<JsValue>>(items: impl IntoIterator<Item = T>) -> Array {
    items.into_iter().map(Into::into).collect()
}

fn join<T: ToString>(items: &[T]) -> String {
    items.iter().map(T::to_string).collect::<Vec<_>>().join(" ")
}

/// A record as a JS object, as `GameRecord::to_value` writes it.
pub fn record_value(r: &GameRecord) -> Object {
    let o = obj();
    set(&o, "game", r.rules.game.name());
    set(&o, "rules", rules_value(&r.rules));
    set(&o, "first_dealer", r.first_dealer as u32);
    let deals = Array::new();
    for d in &r.deals {
        let x = obj();
        match &d.seed {
            Some(seed) => set(&x, "seed", seed.as_str()),
            None => set(&x, "deck", join(&d.deck)),
        }
        set(&x, "moves", join(&d.moves));
        deals.push(&x);
    }
    set(&o, "deals", deals);
    o
}

pub fn record_json(r: &GameRecord) -> String {
    stringify(&record_value(r))
}

fn rules_value(rules: &Rules) -> JsValue {
    let name = rules.preset.name();
    let base = Rules::preset(rules.game, name).unwrap_or(*rules);
    if base == *rules {
        return name.into();
    }
    let o = obj();
    set(&o, "preset", name);
    for spec in Rules::option_specs(rules.game) {
        match rules.get(spec.key) {
            v if v == base.get(spec.key) => {}
            Some(OptionValue::Word(w)) => set(&o, spec.key, w),
            Some(OptionValue::Number(n)) => set(&o, spec.key, n),
            None => {}
        }
    }
    o.into()
}

fn bad(reason: impl Into<String>) -> RecordError {
    RecordError {
        deal: None,
        position: None,
        reason: reason.into(),
    }
}

fn in_deal(d: usize, reason: impl Into<String>) -> RecordError {
    RecordError {
        deal: Some(d + 1),
        position: None,
        reason: reason.into(),
    }
}

/// Parses a record's text, with the engine's wording for what is wrong.
pub fn parse_record(text: &str) -> Result<GameRecord, RecordError> {
    record_from(&parse(text).map_err(bad)?)
}

/// Reads a record from a parsed JSON value (every field checked; moves by `replay`).
pub fn record_from(v: &JsValue) -> Result<GameRecord, RecordError> {
    if !is_plain_object(v) {
        return Err(bad("a record must be a JSON object"));
    }
    let game = get(v, "game");
    let game = match game.as_string() {
        Some(s) => GameKind::from_name(&s).ok_or_else(|| {
            bad(format!(
                "game: unknown game '{s}' (two-player, three-player or partnership)"
            ))
        })?,
        None if game.is_undefined() => return Err(bad("game: missing")),
        None => return Err(bad("game: must be a string")),
    };
    let rules = rules_from(game, &get(v, "rules")).map_err(bad)?;
    let seats = game.seats() as u64;
    let fd = get(v, "first_dealer");
    let first_dealer = if fd.is_undefined() {
        0
    } else {
        match uint(&fd) {
            Some(n) if n < seats => n as u8,
            _ => {
                return Err(bad(format!(
                    "first_dealer: must be a seat number from 0 to {}",
                    seats - 1
                )))
            }
        }
    };
    let deals = get(v, "deals");
    if deals.is_undefined() {
        return Err(bad("deals: missing"));
    }
    if !Array::is_array(&deals) {
        return Err(bad("deals: must be a list"));
    }
    let deals: Array = deals.unchecked_into();
    let deals = deals
        .iter()
        .enumerate()
        .map(|(i, d)| deal_from(game, i, &d))
        .collect::<Result<_, _>>()?;
    Ok(GameRecord {
        rules,
        first_dealer,
        deals,
    })
}

fn rules_from(game: GameKind, v: &JsValue) -> Result<Rules, String> {
    if v.is_undefined() || v.is_null() {
        return Ok(Rules::parlett(game));
    }
    if let Some(name) = v.as_string() {
        return Rules::preset(game, &name);
    }
    if !is_plain_object(v) {
        return Err("rules: must be a preset name or an object of options".into());
    }
    let preset = get(v, "preset");
    let mut rules = if preset.is_undefined() {
        Rules::parlett(game)
    } else {
        match preset.as_string() {
            Some(name) => Rules::preset(game, &name)?,
            None => return Err("rules: 'preset' must be a preset name".into()),
        }
    };
    for key in Object::keys(v.unchecked_ref::<Object>()).iter() {
        let key = key.as_string().unwrap_or_default();
        if key == "preset" {
            continue;
        }
        let x = get(v, &key);
        let word = x.as_string();
        let value = match (&word, uint(&x).and_then(|n| u32::try_from(n).ok())) {
            (Some(w), _) => OptionValue::Word(w),
            (None, Some(n)) => OptionValue::Number(n),
            _ => OptionValue::Word(""),
        };
        rules.set(&key, value)?;
    }
    Ok(rules)
}

fn deal_from(game: GameKind, i: usize, v: &JsValue) -> Result<DealLog, RecordError> {
    if !is_plain_object(v) {
        return Err(in_deal(i, "a deal must be an object with a deck and moves"));
    }
    let (deck, seed) = match (has(v, "deck"), has(v, "seed")) {
        (true, true) => return Err(in_deal(i, "give either a deck or a seed, not both")),
        (false, false) => return Err(in_deal(i, "deck: missing")),
        (true, false) => match get(v, "deck").as_string() {
            Some(d) => (parse_deck(game, &d).map_err(|e| in_deal(i, e))?, None),
            None => return Err(in_deal(i, "deck and seed must be strings")),
        },
        (false, true) => match get(v, "seed").as_string() {
            Some(s) => (shuffled_deck(game, &s), Some(s)),
            None => return Err(in_deal(i, "deck and seed must be strings")),
        },
    };
    let moves = get(v, "moves");
    let moves = if moves.is_undefined() {
        Vec::new()
    } else {
        let Some(text) = moves.as_string() else {
            return Err(in_deal(
                i,
                "moves: must be a string of moves separated by spaces",
            ));
        };
        text.split_whitespace()
            .enumerate()
            .map(|(m, tok)| {
                tok.parse::<Move>().map_err(|reason| RecordError {
                    deal: Some(i + 1),
                    position: Some(m + 1),
                    reason,
                })
            })
            .collect::<Result<_, _>>()?
    };
    Ok(DealLog { deck, seed, moves })
}
