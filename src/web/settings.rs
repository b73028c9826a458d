//! Comfort settings, remembered in localStorage and changed in the Settings
//! panel (a modal `<dialog>`): language, four-colour deck, trick pace, how
//! the hand is sorted, sound. Reduced motion follows the system setting
//! (`prefers-reduced-motion`: the CSS and the `no-anim` class).

use super::dom::{append, by_id, dialog_form, doc, el, text_el};
use super::i18n::{self, t, Lang, K};
use super::{sound, storage};
use std::cell::Cell;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlDialogElement, HtmlInputElement, HtmlSelectElement};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pace {
    Slow,
    Normal,
    Fast,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    pub four_colour: bool,
    pub pace: Pace,
    pub sort_by_rank: bool,
}

const DEFAULT: Settings = Settings {
    four_colour: false,
    pace: Pace::Normal,
    sort_by_rank: false,
};

thread_local! {
    static S: Cell<Settings> = const { Cell::new(DEFAULT) };
}

pub fn get() -> Settings {
    S.with(|s| s.get())
}

/// Loads the settings and applies what lives on the page (classes).
pub fn init() {
    let pace = match storage::get("pace").as_deref() {
        Some("slow") => Pace::Slow,
        Some("fast") => Pace::Fast,
        _ => Pace::Normal,
    };
    S.with(|s| {
        s.set(Settings {
            four_colour: storage::get("four-colour").as_deref() == Some("1"),
            pace,
            sort_by_rank: storage::get("sort").as_deref() == Some("rank"),
        })
    });
    apply();
    // Reduced motion: no animations at all (the CSS also honours the query).
    // window.matchMedia through Reflect (no extra web-sys features).
    let reduced = (|| {
        let w: wasm_bindgen::JsValue = web_sys::window()?.into();
        let f: js_sys::Function = js_sys::Reflect::get(&w, &"matchMedia".into())
            .ok()?
            .dyn_into()
            .ok()?;
        let m = f
            .call1(&w, &"(prefers-reduced-motion: reduce)".into())
            .ok()?;
        js_sys::Reflect::get(&m, &"matches".into()).ok()?.as_bool()
    })()
    .unwrap_or(false);
    if reduced {
        if let Some(b) = doc().body() {
            let _ = b.class_list().add_1("no-anim");
        }
    }
}

fn apply() {
    if let Some(b) = doc().body() {
        let _ = b
            .class_list()
            .toggle_with_force("four-colour", get().four_colour);
    }
}

/// How much the trick pace stretches every delay.
pub fn pace_factor() -> f64 {
    match get().pace {
        Pace::Slow => 1.8,
        Pace::Normal => 1.0,
        Pace::Fast => 0.45,
    }
}

pub fn sort_by_rank() -> bool {
    get().sort_by_rank
}

fn dialog() -> HtmlDialogElement {
    super::dom::dialog("settings-dialog", "newgame settings")
}

fn select(id: &str, choices: &[(&str, &str)], chosen: &str) -> Element {
    let s = el("select", "");
    s.set_id(id);
    let _ = s.set_attribute("data-change", "setting");
    for (value, label) in choices {
        let o = text_el("option", "", label);
        let _ = o.set_attribute("value", value);
        if *value == chosen {
            let _ = o.set_attribute("selected", "");
        }
        append(&s, &o);
    }
    s
}

fn field(label: &str, control: &Element) -> Element {
    let l = el("label", "field");
    append(&l, &text_el("span", "", label));
    append(&l, control);
    l
}

fn checkbox(id: &str, label: &str, on: bool) -> Element {
    let l = el("label", "check");
    let i = el("input", "");
    i.set_id(id);
    let _ = i.set_attribute("type", "checkbox");
    let _ = i.set_attribute("data-change", "setting");
    if on {
        let _ = i.set_attribute("checked", "");
    }
    append(&l, &i);
    append(&l, &text_el("span", "", label));
    l
}

/// Opens the Settings panel (rebuilt each time, in the current language).
pub fn open() {
    let d = dialog();
    let form = dialog_form(&d, t(K::SettingsTitle));
    let s = get();
    let langs: Vec<(&str, &str)> = Lang::ALL
        .iter()
        .map(|l| (i18n::lang_tag(*l), l.own_name()))
        .collect();
    append(
        &form,
        &field(
            t(K::Language),
            &select("set-lang", &langs, i18n::lang_tag(i18n::lang())),
        ),
    );
    append(
        &form,
        &checkbox("set-four-colour", t(K::SetFourColour), s.four_colour),
    );
    let pace = match s.pace {
        Pace::Slow => "slow",
        Pace::Normal => "normal",
        Pace::Fast => "fast",
    };
    append(
        &form,
        &field(
            t(K::SetPace),
            &select(
                "set-pace",
                &[
                    ("slow", t(K::PaceSlow)),
                    ("normal", t(K::PaceNormal)),
                    ("fast", t(K::PaceFast)),
                ],
                pace,
            ),
        ),
    );
    append(
        &form,
        &field(
            t(K::SetSort),
            &select(
                "set-sort",
                &[("suit", t(K::SortSuit)), ("rank", t(K::SortRank))],
                if s.sort_by_rank { "rank" } else { "suit" },
            ),
        ),
    );
    append(
        &form,
        &checkbox("set-sound", t(K::SetSound), !sound::muted()),
    );
    let buttons = el("div", "buttons");
    let close = super::dom::button("primary", "close-dialog");
    close.set_id("settings-close");
    close.set_text_content(Some(t(K::Close)));
    append(&buttons, &close);
    append(&form, &buttons);
    append(&d, &form);
    if !d.open() {
        let _ = d.show_modal();
    }
}

fn checked(id: &str) -> Option<bool> {
    by_id(id)
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
        .map(|i| i.checked())
}

fn value(id: &str) -> Option<String> {
    by_id(id)
        .and_then(|e| e.dyn_into::<HtmlSelectElement>().ok())
        .map(|s| s.value())
}

/// Reads the panel, stores and applies it; returns a newly chosen language.
pub fn changed() -> Option<Lang> {
    let mut s = get();
    if let Some(on) = checked("set-four-colour") {
        s.four_colour = on;
        storage::set("four-colour", if on { "1" } else { "0" });
    }
    if let Some(p) = value("set-pace") {
        s.pace = match p.as_str() {
            "slow" => Pace::Slow,
            "fast" => Pace::Fast,
            _ => Pace::Normal,
        };
        storage::set("pace", &p);
    }
    if let Some(v) = value("set-sort") {
        s.sort_by_rank = v == "rank";
        storage::set("sort", &v);
    }
    if let Some(on) = checked("set-sound") {
        if sound::muted() == on {
            sound::set_muted(!on);
        }
    }
    S.with(|c| c.set(s));
    apply();
    value("set-lang")
        .and_then(|v| Lang::from_tag(&v))
        .filter(|l| *l != i18n::lang())
}
