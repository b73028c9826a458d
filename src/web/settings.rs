//! Comfort settings, remembered in localStorage and changed in the Settings
//! panel (a modal `<dialog>`): language, four-colour deck, trick pace, how
//! the hand is sorted, the cards' size, the table's colours (system, light,
//! dark), sound. Reduced motion follows the system setting
//! (`prefers-reduced-motion`: the CSS and the `no-anim` class).
//!
//! The panel's own settings are one typed value under the key `settings`:
//! `{"four_colour":false,"pace":"normal","sort":"suit","auto_play":true,`
//! `"card_size":"normal","theme":"system"}` (a missing member
//! takes its default). The language (`lang`, see `i18n`) and the sound
//! switch (`muted`, also in the header) keep their own one-word keys.
//! Settings saved before, one key each (`four-colour`, `pace`, `sort`), are
//! read once and moved into `settings`.

use super::dom::{
    append, by_id, dialog_footer, dialog_form, el, set_data, text_el, Does, FooterButton,
};
use super::i18n::{Lang, K};
use super::{serial, storage};
use crate::page::input::{ChangedField, Command};
use crate::page::model::SettingsForm;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlDialogElement, HtmlInputElement, HtmlSelectElement};

pub use crate::page::model::{CardSize, Pace, Settings, Sort, Theme, DEFAULT_SETTINGS};

const KEY: &str = "settings";
/// The keys of the settings saved before they were one value.
const OLD_KEYS: [&str; 3] = ["four-colour", "pace", "sort"];

/// The remembered settings: `settings`, else the old one-word keys (moved
/// into `settings`), else the defaults. Unreadable settings give the
/// defaults: each is a click to choose again.
fn load() -> Settings {
    if let Some(text) = storage::get(KEY) {
        return serial::from_text(&text).unwrap_or_default();
    }
    let [four_colour, pace, sort] = OLD_KEYS.map(storage::get);
    if four_colour.is_none() && pace.is_none() && sort.is_none() {
        return DEFAULT_SETTINGS;
    }
    let s = Settings {
        four_colour: four_colour.as_deref() == Some("1"),
        pace: Pace::from_name(pace.as_deref().unwrap_or("")),
        sort: Sort::from_name(sort.as_deref().unwrap_or("")),
        ..DEFAULT_SETTINGS
    };
    if save(s) {
        for k in OLD_KEYS {
            storage::remove(k);
        }
    }
    s
}

/// Remembers the settings; if storage refuses, they still apply to this visit.
fn save(s: Settings) -> bool {
    serial::to_text(&s).is_ok_and(|text| storage::set(KEY, &text).is_ok())
}

/// Loads the settings (the controller owns them from then on; the view
/// shows what lives on the page, the four-colour deck's class, from the scene).
pub fn init() -> Settings {
    load()
}

/// Whether the browser asks for reduced motion: then no animations at all
/// (`body.no-anim`, from the scene; the CSS also honours the query).
pub fn reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

fn dialog() -> HtmlDialogElement {
    super::dom::dialog("settings-dialog", "newgame settings")
}

fn select(id: &str, choices: &[(&str, &str)], chosen: &str) -> Element {
    let s = el("select", "");
    s.set_id(id);
    set_data(&s, ChangedField::Setting);
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
    set_data(&i, ChangedField::Setting);
    if on {
        let _ = i.set_attribute("checked", "");
    }
    append(&l, &i);
    append(&l, &text_el("span", "", label));
    l
}

/// Opens the Settings panel (rebuilt each time, in the page's language)
/// showing the settings `s` and the sound switch.
pub fn open(lang: Lang, s: Settings, muted: bool) {
    let d = dialog();
    let form = dialog_form(&d, lang.t(K::SettingsTitle));
    let langs: Vec<(&str, &str)> = Lang::ALL.iter().map(|l| (l.tag(), l.own_name())).collect();
    append(
        &form,
        &field(lang.t(K::Language), &select("set-lang", &langs, lang.tag())),
    );
    append(
        &form,
        &checkbox("set-four-colour", lang.t(K::SetFourColour), s.four_colour),
    );
    append(
        &form,
        &field(
            lang.t(K::SetPace),
            &select(
                "set-pace",
                &[
                    (Pace::Slow.name(), lang.t(K::PaceSlow)),
                    (Pace::Normal.name(), lang.t(K::PaceNormal)),
                    (Pace::Fast.name(), lang.t(K::PaceFast)),
                ],
                s.pace.name(),
            ),
        ),
    );
    append(
        &form,
        &field(
            lang.t(K::SetSort),
            &select(
                "set-sort",
                &[
                    (Sort::Suit.name(), lang.t(K::SortSuit)),
                    (Sort::Rank.name(), lang.t(K::SortRank)),
                ],
                s.sort.name(),
            ),
        ),
    );
    append(
        &form,
        &field(
            lang.t(K::SetCardSize),
            &select(
                "set-card-size",
                &[
                    (CardSize::Normal.name(), lang.t(K::CardSizeNormal)),
                    (CardSize::Large.name(), lang.t(K::CardSizeLarge)),
                ],
                s.card_size.name(),
            ),
        ),
    );
    append(
        &form,
        &field(
            lang.t(K::SetTheme),
            &select(
                "set-theme",
                &[
                    (Theme::System.name(), lang.t(K::ThemeSystem)),
                    (Theme::Light.name(), lang.t(K::ThemeLight)),
                    (Theme::Dark.name(), lang.t(K::ThemeDark)),
                ],
                s.theme.name(),
            ),
        ),
    );
    append(
        &form,
        &checkbox("set-auto-play", lang.t(K::AutoPlaySetting), s.auto_play),
    );
    append(&form, &checkbox("set-sound", lang.t(K::SetSound), !muted));
    dialog_footer(
        &form,
        &[FooterButton {
            id: Some("settings-close"),
            label: lang.t(K::Close),
            primary: true,
            does: Does::Action(Command::CloseDialog),
        }],
    );
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

/// What the Settings panel holds (read by the listeners at each change).
pub fn form() -> SettingsForm {
    SettingsForm {
        four_colour: checked("set-four-colour"),
        auto_play: checked("set-auto-play"),
        pace: value("set-pace"),
        sort: value("set-sort"),
        card_size: value("set-card-size"),
        theme: value("set-theme"),
        sound_on: checked("set-sound"),
        lang: value("set-lang"),
    }
}

/// Stores the settings (the page shows them from the next render).
pub fn keep(s: Settings) {
    save(s);
}
