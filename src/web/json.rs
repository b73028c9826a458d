//! Saved games and statistics as JS objects through the browser's own `JSON`
//! (js_sys). Game records inside them are the engine's own text
//! (`GameRecord::to_json` / `GameRecord::parse`), so a saved record is
//! checked exactly as an imported one.

use crate::engine::{GameRecord, RecordError};
use js_sys::{Array, Object, Reflect, JSON};
use wasm_bindgen::JsValue;

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

/// A game record as a JS value (the engine writes it; see `GameRecord::to_json`).
pub fn record_value(r: &GameRecord) -> JsValue {
    parse(&r.to_json()).unwrap_or(JsValue::NULL)
}

/// A record read back from a JS value, checked by the engine as from text.
pub fn record_from(v: &JsValue) -> Result<GameRecord, RecordError> {
    GameRecord::parse(&stringify(v))
}
