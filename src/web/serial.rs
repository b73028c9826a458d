//! Typed Rust values to JS values (serde-wasm-bindgen) and back (`reader`,
//! our own deserializer: see there why), and to and from JSON text (the
//! browser's own `JSON`, so no JSON parser is compiled into the wasm). Saved
//! games, statistics, settings, embed messages and records all pass through
//! here; every error is one line.

mod reader;

use crate::page::input::{nesting_within, one_line, MAX_NESTING};
use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::JsValue;

/// Maps become plain objects (a JS `Map` would stringify as `{}`) and `None`
/// becomes `null`, as JSON text has it.
const SERIALIZER: serde_wasm_bindgen::Serializer = serde_wasm_bindgen::Serializer::new()
    .serialize_maps_as_objects(true)
    .serialize_missing_as_null(true);

/// A Rust value as a plain JS value.
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, String> {
    value
        .serialize(&SERIALIZER)
        .map_err(|e| error_text(&e.into()))
}

/// A Rust value as JSON text.
pub fn to_text<T: Serialize + ?Sized>(value: &T) -> Result<String, String> {
    stringify(&to_js(value)?)
}

pub fn stringify(value: &JsValue) -> Result<String, String> {
    js_sys::JSON::stringify(value)
        .map_err(|e| error_text(&e))?
        .as_string()
        .ok_or_else(|| "nothing to write".to_string())
}

/// JSON text as a JS value. Text nested deeper than [`MAX_NESTING`] is refused
/// before parsing (reading it would overflow the stack).
pub fn parse(text: &str) -> Result<JsValue, String> {
    if !nesting_within(text, MAX_NESTING) {
        return Err(format!("nested more than {MAX_NESTING} deep"));
    }
    js_sys::JSON::parse(text).map_err(|e| format!("not valid JSON: {}", error_text(&e)))
}

/// A typed value read from a JS value; the error names what does not fit.
pub fn from_js<T: DeserializeOwned>(value: JsValue) -> Result<T, String> {
    T::deserialize(reader::Reader(value)).map_err(|e| one_line(&e.0))
}

/// A typed value read from JSON text.
pub fn from_text<T: DeserializeOwned>(text: &str) -> Result<T, String> {
    from_js(parse(text)?)
}

/// A JS error's message (without the "Error: " its name adds), on one line.
fn error_text(error: &JsValue) -> String {
    let message = js_sys::Reflect::get(error, &"message".into())
        .ok()
        .and_then(|m| m.as_string())
        .or_else(|| error.as_string())
        .unwrap_or_default();
    one_line(&message)
}
