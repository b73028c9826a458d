//! Small localStorage helpers. Storage may be missing or refuse (private
//! modes, sandboxed frames): every helper then quietly does nothing.

const PREFIX: &str = "duck-soup.";

fn local() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

pub fn get(key: &str) -> Option<String> {
    local()?.get_item(&format!("{PREFIX}{key}")).ok().flatten()
}

pub fn set(key: &str, value: &str) {
    if let Some(s) = local() {
        let _ = s.set_item(&format!("{PREFIX}{key}"), value);
    }
}

pub fn muted() -> bool {
    get("muted").as_deref() == Some("1")
}

pub fn set_muted(muted: bool) {
    set("muted", if muted { "1" } else { "0" });
}

pub fn remove(key: &str) {
    if let Some(s) = local() {
        let _ = s.remove_item(&format!("{PREFIX}{key}"));
    }
}
