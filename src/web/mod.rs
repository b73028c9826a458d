//! The browser front end (placeholder until the table lands).
use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
pub fn start() {
    let document = web_sys::window().unwrap().document().unwrap();
    if let Some(root) = document.get_element_by_id("app") {
        root.set_text_content(Some("Duck Soup"));
    }
}
