//! The browser's frames as a clock: a callback at the start of a later
//! frame (`requestAnimationFrame`), as gloo's `Timeout` runs one after a
//! delay. It touches no element, so the controller may use it.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// Runs `f` at the start of the next frame, before its style and layout.
pub fn next_frame(f: impl FnOnce() + 'static) {
    if let Some(w) = web_sys::window() {
        let f = Closure::once(f);
        let _ = w.request_animation_frame(f.as_ref().unchecked_ref());
        f.forget();
    }
}
