//! Thin DOM helpers. Elements are made with `document.createElement`; styles
//! are only ever classes and CSS custom properties set through the CSSOM, so
//! the page runs under a CSP without 'unsafe-inline'.

use crate::page::input::{Command, DataAttribute, RecordsButton};
use std::borrow::Cow;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement};

/// The page's document. Not cached (no state outside its owner): a lookup
/// is two calls into JS, a few hundred per table built, which is tens of
/// microseconds against the table's ~10 ms of wasm work.
pub fn doc() -> Document {
    web_sys::window()
        .and_then(|w| w.document())
        .unwrap_or_else(|| panic!("a document"))
}

/// A new element with a class list (space separated, may be empty).
pub fn el(tag: &str, class: &str) -> Element {
    // Not `.expect()`: on a `Result<_, JsValue>` it links JsValue's Debug and
    // wasm-bindgen's 2 KB `debugString` into the JS glue.
    let e = doc()
        .create_element(tag)
        .unwrap_or_else(|_| panic!("createElement"));
    if !class.is_empty() {
        e.set_class_name(class);
    }
    e
}

/// A `<button type="button">`.
pub fn button(class: &str) -> Element {
    let b = el("button", class);
    let _ = b.set_attribute("type", "button");
    b
}

/// A `<button type="button">` asking for `command` (its `data-action`).
pub fn action_button(class: &str, command: Command) -> Element {
    let b = button(class);
    set_command(&b, command);
    b
}

/// Marks `e` as asking for `command` when clicked (its `data-action`).
pub fn set_command(e: &Element, command: Command) {
    set_attribute(e, Command::ATTRIBUTE, command.name());
}

/// Gives `e` a value of one of the page's data attributes (`page::input`),
/// which the listeners read back.
pub fn set_data<A: DataAttribute>(e: &Element, value: A) {
    // (Matched, not dereferenced: a name that is borrowed then costs no
    // string's drop.)
    match value.attribute_text() {
        Cow::Borrowed(text) => set_attribute(e, A::ATTRIBUTE, text),
        Cow::Owned(text) => set_attribute(e, A::ATTRIBUTE, &text),
    }
}

/// The value of `A`'s attribute on `e`, as the page wrote it (the view
/// reading back its own elements; the listeners read through
/// `events::data`, which also says a name no part of the page writes).
pub fn get_data<A: DataAttribute>(e: &Element) -> Option<A> {
    A::read(&e.get_attribute(A::ATTRIBUTE)?)
}

/// Sets an attribute: one copy of the call for every type of [`set_data`].
#[inline(never)]
fn set_attribute(e: &Element, name: &str, value: &str) {
    let _ = e.set_attribute(name, value);
}

pub fn by_id(id: &str) -> Option<Element> {
    doc().get_element_by_id(id)
}

/// Gives an element the keyboard focus (if it can take it).
pub fn focus(e: &Element) {
    if let Some(h) = e.dyn_ref::<HtmlElement>() {
        let _ = h.focus();
    }
}

/// Sets the text if it differs (no needless layout work).
pub fn set_text(e: &Element, text: &str) {
    if e.text_content().as_deref() != Some(text) {
        e.set_text_content(Some(text));
    }
}

pub fn set_attr(e: &Element, name: &str, value: &str) {
    if e.get_attribute(name).as_deref() != Some(value) {
        let _ = e.set_attribute(name, value);
    }
}

pub fn remove_attr(e: &Element, name: &str) {
    if e.has_attribute(name) {
        let _ = e.remove_attribute(name);
    }
}

/// Sets or removes an attribute.
pub fn opt_attr(e: &Element, name: &str, value: Option<&str>) {
    match value {
        Some(v) => set_attr(e, name, v),
        None => remove_attr(e, name),
    }
}

pub fn toggle_class(e: &Element, class: &str, on: bool) {
    let list = e.class_list();
    if list.contains(class) != on {
        let _ = list.toggle_with_force(class, on);
    }
}

pub fn set_hidden(e: &Element, hidden: bool) {
    if let Some(h) = e.dyn_ref::<HtmlElement>() {
        if h.hidden() != hidden {
            h.set_hidden(hidden);
        }
    }
}

pub fn clear(e: &Element) {
    while let Some(c) = e.last_child() {
        let _ = e.remove_child(&c);
    }
}

pub fn append(parent: &Element, child: &Element) {
    let _ = parent.append_child(child);
}

/// An element with text.
pub fn text_el(tag: &str, class: &str, text: &str) -> Element {
    let e = el(tag, class);
    e.set_text_content(Some(text));
    e
}

/// Markup for an icon from the page's SVG sprite (see `view::SPRITE`).
/// An input of `kind` with `id` inside a label of `class` worded `text`: a
/// checkbox before its words, any other input after them.
pub fn labelled_input(class: &str, text: &str, id: &str, kind: &str) -> (Element, Element) {
    let label = el("label", class);
    let input = el("input", "");
    input.set_id(id);
    let _ = input.set_attribute("type", kind);
    let words = text_el("span", "", text);
    if kind == "checkbox" {
        append(&label, &input);
        append(&label, &words);
    } else {
        append(&label, &words);
        append(&label, &input);
    }
    (label, input)
}

pub fn icon(id: &str, class: &str) -> String {
    format!(
        r##"<svg class="{class}" viewBox="0 0 100 100" aria-hidden="true" focusable="false"><use href="#{id}"></use></svg>"##
    )
}

/// Empties a dialog to build it afresh and returns its form, headed by the
/// `<h2>` the dialog is labelled by (see [`dialog`]).
pub fn dialog_form(d: &Element, title: &str) -> Element {
    clear(d);
    let form = el("div", "form");
    let head = text_el("h2", "", title);
    if let Some(id) = d.get_attribute("aria-labelledby") {
        head.set_id(&id);
    }
    append(&form, &head);
    form
}

/// The page's `<dialog id=…>`, made once and labelled by its title element.
pub fn dialog(id: &str, class: &str) -> web_sys::HtmlDialogElement {
    if let Some(d) = by_id(id) {
        return d.unchecked_into();
    }
    let d = el("dialog", class);
    d.set_id(id);
    let title = format!("{}-title", id.strip_suffix("-dialog").unwrap_or(id));
    let _ = d.set_attribute("aria-labelledby", &title);
    append(&doc().body().expect("a body"), &d);
    d.unchecked_into()
}

/// What a dialog's footer button does when clicked.
pub enum Does {
    /// A command for the controller's click listener.
    Action(Command),
    /// One of the records' buttons (its `data-rec`).
    Records(RecordsButton),
}

/// One button of a dialog's footer.
pub struct FooterButton<'a> {
    pub id: Option<&'a str>,
    pub label: &'a str,
    /// The dialog's main button (class `primary`), else `secondary`.
    pub primary: bool,
    pub does: Does,
}

/// The row of buttons that ends every dialog (`div.buttons`), appended to
/// its form: one place, so that the dialogs' footers look and behave alike.
pub fn dialog_footer(form: &Element, buttons: &[FooterButton]) {
    let row = el("div", "buttons");
    for b in buttons {
        let class = if b.primary { "primary" } else { "secondary" };
        let e = match b.does {
            Does::Action(command) => action_button(class, command),
            Does::Records(what) => {
                let e = button(class);
                set_data(&e, what);
                e
            }
        };
        if let Some(id) = b.id {
            e.set_id(id);
        }
        e.set_text_content(Some(b.label));
        append(&row, &e);
    }
    append(form, &row);
}
