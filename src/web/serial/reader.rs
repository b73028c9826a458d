//! A serde deserializer over the values `JSON.parse` makes in the browser
//! (null, booleans, numbers, strings, arrays, plain objects): how saved
//! games, statistics, settings and records are read into their types.
//!
//! Why its own and not serde-wasm-bindgen's (which still writes them,
//! `serial::to_js`): every error of that one names the value found through
//! serde's `Unexpected`, whose `Display` prints a float with Rust's float
//! printer, and that printer alone is about 10 KB of every page load
//! (BENCHMARKS.md, "Room on the first page"). Here the errors have serde's
//! wording, and a float found is printed by the browser (`Number#toString`).

use crate::engine::text::quoted;
use js_sys::{Array, Object, Reflect};
use serde::de::{self, DeserializeSeed, Expected, IntoDeserializer, Unexpected, Visitor};
use std::fmt;
use wasm_bindgen::{JsCast, JsValue};

/// The largest integer a JS number holds exactly (`Number.MAX_SAFE_INTEGER`).
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_991.0;

/// A number as an integer if it is a whole one that JS holds exactly.
fn whole(x: f64) -> Option<i64> {
    (x.fract() == 0.0 && x.abs() <= MAX_SAFE_INTEGER).then_some(x as i64)
}

/// Why a value does not fit its type, in serde's words.
#[derive(Debug)]
pub struct ReadError(pub String);

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ReadError {}

impl de::Error for ReadError {
    fn custom<T: fmt::Display>(message: T) -> Self {
        ReadError(message.to_string())
    }

    fn invalid_type(found: Unexpected, expected: &dyn Expected) -> Self {
        ReadError(format!(
            "invalid type: {}, expected {expected}",
            Found(found)
        ))
    }

    fn invalid_value(found: Unexpected, expected: &dyn Expected) -> Self {
        ReadError(format!(
            "invalid value: {}, expected {expected}",
            Found(found)
        ))
    }
}

/// What was found, worded as serde's `Unexpected` is, except that a string
/// is quoted as the page quotes outside text and a float is printed by the
/// browser.
struct Found<'a>(Unexpected<'a>);

impl fmt::Display for Found<'_> {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.0 {
            Unexpected::Bool(b) => write!(f, "boolean `{b}`"),
            Unexpected::Unsigned(n) => write!(f, "integer `{n}`"),
            Unexpected::Signed(n) => write!(f, "integer `{n}`"),
            Unexpected::Float(x) => {
                let shown = js_sys::Number::from(x)
                    .to_string_with_radix(10)
                    .map(String::from);
                write!(f, "floating point `{}`", shown.unwrap_or_default())
            }
            Unexpected::Char(c) => write!(f, "character `{c}`"),
            Unexpected::Str(s) => write!(f, "string {}", quoted(s)),
            Unexpected::Bytes(_) => f.write_str("byte array"),
            Unexpected::Unit => f.write_str("unit value"),
            Unexpected::Option => f.write_str("Option value"),
            Unexpected::NewtypeStruct => f.write_str("newtype struct"),
            Unexpected::Seq => f.write_str("sequence"),
            Unexpected::Map => f.write_str("map"),
            Unexpected::Enum => f.write_str("enum"),
            Unexpected::UnitVariant => f.write_str("unit variant"),
            Unexpected::NewtypeVariant => f.write_str("newtype variant"),
            Unexpected::TupleVariant => f.write_str("tuple variant"),
            Unexpected::StructVariant => f.write_str("struct variant"),
            Unexpected::Other(other) => f.write_str(other),
        }
    }
}

/// A JS value to read a typed value from.
pub struct Reader(pub JsValue);

impl Reader {
    fn is_nullish(&self) -> bool {
        self.0.is_null() || self.0.is_undefined()
    }

    /// A plain object's members (not an array's).
    fn members(&self) -> Option<Members> {
        if !self.0.is_object() || Array::is_array(&self.0) {
            return None;
        }
        let object: &Object = self.0.unchecked_ref();
        Some(Members {
            keys: Object::keys(object),
            object: self.0.clone(),
            next: 0,
        })
    }

    /// The refusal of this value where `expected` was wanted.
    fn invalid_type(&self, expected: &dyn Expected) -> ReadError {
        let text;
        let found = if self.is_nullish() {
            Unexpected::Unit
        } else if let Some(b) = self.0.as_bool() {
            Unexpected::Bool(b)
        } else if let Some(x) = self.0.as_f64() {
            whole(x).map_or(Unexpected::Float(x), Unexpected::Signed)
        } else if let Some(s) = self.0.as_string() {
            text = s;
            Unexpected::Str(&text)
        } else if Array::is_array(&self.0) {
            Unexpected::Seq
        } else {
            Unexpected::Map
        };
        de::Error::invalid_type(found, expected)
    }
}

impl<'de> de::Deserializer<'de> for Reader {
    type Error = ReadError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        if self.is_nullish() {
            visitor.visit_unit()
        } else if let Some(b) = self.0.as_bool() {
            visitor.visit_bool(b)
        } else if let Some(x) = self.0.as_f64() {
            match whole(x) {
                Some(n) => visitor.visit_i64(n),
                None => visitor.visit_f64(x),
            }
        } else if let Some(s) = self.0.as_string() {
            visitor.visit_string(s)
        } else if Array::is_array(&self.0) {
            visitor.visit_seq(Items {
                array: self.0.unchecked_into(),
                next: 0,
            })
        } else if let Some(members) = self.members() {
            visitor.visit_map(members)
        } else {
            Err(self.invalid_type(&visitor))
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        if self.is_nullish() {
            visitor.visit_none()
        } else {
            visitor.visit_some(self)
        }
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        visitor.visit_newtype_struct(self)
    }

    /// A struct is a plain object (unknown members are skipped).
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        match self.members() {
            Some(members) => visitor.visit_map(members),
            None => Err(self.invalid_type(&visitor)),
        }
    }

    /// A unit variant is its name; any other variant an object of one
    /// member, its name, holding its content (as serde_json writes them).
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        if let Some(name) = self.0.as_string() {
            return visitor.visit_enum(Variant {
                name,
                content: None,
            });
        }
        match self.members() {
            Some(members) if members.keys.length() == 1 => {
                let key = members.keys.get(0);
                visitor.visit_enum(Variant {
                    name: key.as_string().unwrap_or_default(),
                    content: Some(Reflect::get(&self.0, &key).unwrap_or(JsValue::UNDEFINED)),
                })
            }
            Some(members) => Err(de::Error::invalid_length(
                members.keys.length() as usize,
                &"an object of one member",
            )),
            None => Err(self.invalid_type(&visitor)),
        }
    }

    /// Skipped without being read.
    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        visitor.visit_unit()
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf unit unit_struct seq tuple tuple_struct map identifier
    }
}

/// An array's items, in order.
struct Items {
    array: Array,
    next: u32,
}

impl<'de> de::SeqAccess<'de> for Items {
    type Error = ReadError;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, ReadError> {
        if self.next >= self.array.length() {
            return Ok(None);
        }
        let item = self.array.get(self.next);
        self.next += 1;
        seed.deserialize(Reader(item)).map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some((self.array.length() - self.next) as usize)
    }
}

/// An object's members, in the object's order (`Object.keys`).
struct Members {
    object: JsValue,
    keys: Array,
    next: u32,
}

impl<'de> de::MapAccess<'de> for Members {
    type Error = ReadError;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, ReadError> {
        if self.next >= self.keys.length() {
            return Ok(None);
        }
        let key = self.keys.get(self.next).as_string().unwrap_or_default();
        seed.deserialize(key.into_deserializer()).map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, ReadError> {
        let value =
            Reflect::get(&self.object, &self.keys.get(self.next)).unwrap_or(JsValue::UNDEFINED);
        self.next += 1;
        seed.deserialize(Reader(value))
    }

    fn size_hint(&self) -> Option<usize> {
        Some((self.keys.length() - self.next) as usize)
    }
}

/// An enum's variant: its name, and its content unless it is a unit variant
/// written as its name alone.
struct Variant {
    name: String,
    content: Option<JsValue>,
}

impl<'de> de::EnumAccess<'de> for Variant {
    type Error = ReadError;
    type Variant = Content;

    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Content), ReadError> {
        let name = seed.deserialize(self.name.into_deserializer())?;
        Ok((name, Content(self.content)))
    }
}

/// A variant's content (`None`: a unit variant written as its name).
struct Content(Option<JsValue>);

impl Content {
    fn reader(self, expected: &dyn Expected) -> Result<Reader, ReadError> {
        self.0
            .map(Reader)
            .ok_or_else(|| de::Error::invalid_type(Unexpected::UnitVariant, expected))
    }
}

impl<'de> de::VariantAccess<'de> for Content {
    type Error = ReadError;

    fn unit_variant(self) -> Result<(), ReadError> {
        match self.0.map(Reader) {
            Some(content) if !content.is_nullish() => Err(content.invalid_type(&"unit variant")),
            _ => Ok(()),
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, ReadError> {
        seed.deserialize(self.reader(&"newtype variant")?)
    }

    fn tuple_variant<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        de::Deserializer::deserialize_any(self.reader(&"tuple variant")?, visitor)
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        de::Deserializer::deserialize_struct(self.reader(&"struct variant")?, "", fields, visitor)
    }
}
