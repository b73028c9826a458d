//! localStorage, every key prefixed `duck-soup.`. Storage may be missing
//! (private modes, sandboxed frames) or refuse a write (full): reading then
//! finds nothing, and a write says so ([`Refused`]) so that the caller can
//! tell the player and keep what it had.

const PREFIX: &str = "duck-soup.";

/// A write the browser did not store: storage is missing, full, or refused it.
/// The key's previous value, if any, is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refused;

fn local() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

pub fn get(key: &str) -> Option<String> {
    local()?.get_item(&format!("{PREFIX}{key}")).ok().flatten()
}

/// Stores a value (one write: the key holds either its old or its new value).
pub fn set(key: &str, value: &str) -> Result<(), Refused> {
    local()
        .ok_or(Refused)?
        .set_item(&format!("{PREFIX}{key}"), value)
        .map_err(|_| Refused)
}

pub fn remove(key: &str) {
    if let Some(s) = local() {
        let _ = s.remove_item(&format!("{PREFIX}{key}"));
    }
}

/// Every key of ours that starts with `start` (without the prefix).
pub fn keys_starting(start: &str) -> Vec<String> {
    let Some(s) = local() else {
        return Vec::new();
    };
    let whole = format!("{PREFIX}{start}");
    (0..s.length().unwrap_or(0))
        .filter_map(|i| s.key(i).ok().flatten())
        .filter(|k| k.starts_with(&whole))
        .map(|k| k[PREFIX.len()..].to_string())
        .collect()
}

pub fn muted() -> bool {
    get("muted").as_deref() == Some("1")
}

/// Remembers the sound switch; if storage refuses, it still applies to this visit.
pub fn set_muted(muted: bool) {
    let _ = set("muted", if muted { "1" } else { "0" });
}
