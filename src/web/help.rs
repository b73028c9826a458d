//! The rules help: each game's rules in our own words (from the rules text
//! and docs/decisions.md), in English and Japanese, with the keyboard
//! shortcuts and the walkthrough button. A modal `<dialog>`, open at any
//! moment (Help button or `?`). Each game's rules are a text file of the
//! site, `help/GAME.LANG.txt` (`www/help/`), fetched as its tab opens (the
//! service worker holds them for offline play), so that the first table's
//! load does not carry them; each paragraph is one line, and a line
//! starting with "# " is a heading.

use super::dom::{
    append, by_id, clear, dialog_footer, doc, el, set_attr, text_el, Does, FooterButton,
};
use super::i18n::{Lang, K};
use crate::engine::GameKind;
use crate::page::input::{Command, DataAttribute, HelpTab};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::HtmlDialogElement;

thread_local! {
    /// Which tab's rules were asked for last.
    static SHOWING: Cell<u32> = const { Cell::new(0) };
}

/// What a fetch's answer goes to: the text, or None.
type Answer = Rc<dyn Fn(Option<String>)>;

/// Fetches a text file of the site (relative to the page), then calls
/// `done` once with its text, or None if it could not be had (offline
/// before the service worker held it, or the server said no).
fn fetch_text(path: &str, done: impl FnOnce(Option<String>) + 'static) {
    let done = RefCell::new(Some(done));
    let answer: Answer = Rc::new(move |text| {
        if let Some(done) = done.borrow_mut().take() {
            done(text);
        }
    });
    let Some(w) = web_sys::window() else {
        return answer(None);
    };
    let a = answer.clone();
    let response = move |r: JsValue| match r.dyn_into::<web_sys::Response>() {
        Ok(r) if r.ok() => match r.text() {
            Ok(text) => {
                let to = a.clone();
                settle(text, move |t: JsValue| to(t.as_string()), a.clone());
            }
            Err(_) => a(None),
        },
        _ => a(None),
    };
    settle(w.fetch_with_str(path), response, answer);
}

/// Runs `ok` with what `promise` resolves to, or answers None if it is
/// refused. The browser holds both callbacks until it settles.
fn settle(promise: js_sys::Promise, ok: impl FnMut(JsValue) + 'static, answer: Answer) {
    let ok = Closure::<dyn FnMut(JsValue)>::new(ok);
    let fail = Closure::<dyn FnMut(JsValue)>::new(move |_: JsValue| answer(None));
    let _ = promise.then2(&ok, &fail);
    let _ = (ok.into_js_value(), fail.into_js_value());
}

fn game_label(lang: Lang, g: GameKind) -> &'static str {
    lang.t(match g {
        GameKind::TwoPlayer => K::GameTwo,
        GameKind::ThreePlayer => K::GameThree,
        GameKind::Partnership => K::GamePartnership,
    })
}

fn dialog() -> HtmlDialogElement {
    super::dom::dialog("help-dialog", "newgame help")
}

/// Opens the help on the rules of `game` (rebuilt each time, in the current language).
pub fn open(lang: Lang, game: GameKind) {
    let d = dialog();
    clear(&d);
    let form = el("div", "form");
    let head = el("div", "help-head");
    let title = text_el("h2", "", lang.t(K::HelpTitle));
    title.set_id("help-title");
    append(&head, &title);
    let close_x = super::dom::action_button("secondary", Command::CloseDialog);
    close_x.set_text_content(Some(lang.t(K::Close)));
    append(&head, &close_x);
    append(&form, &head);

    let tabs = el("div", "help-games");
    let _ = tabs.set_attribute("role", "group");
    let _ = tabs.set_attribute("aria-label", lang.t(K::HelpRulesFor));
    for g in GameKind::ALL {
        let b = super::dom::button("game-tab");
        super::dom::set_data(&b, HelpTab(g));
        b.set_text_content(Some(game_label(lang, g)));
        append(&tabs, &b);
    }
    append(&form, &tabs);
    let rules = el("section", "help-rules");
    rules.set_id("help-rules");
    let _ = rules.set_attribute("aria-live", "polite");
    append(&form, &rules);

    let keys = el("section", "help-keys");
    append(&keys, &text_el("h3", "", lang.t(K::HelpKeys)));
    let list = el("ul", "");
    for k in [
        K::KeyCards,
        K::KeyPlay,
        K::KeyQuack,
        K::KeyDuck,
        K::KeyHint,
        K::KeyHelp,
        K::KeyEscape,
        K::KeyTab,
        K::KeyTakeBack,
        K::KeyReplay,
    ] {
        append(&list, &text_el("li", "", lang.t(k)));
    }
    append(&keys, &list);
    append(&form, &keys);

    dialog_footer(
        &form,
        &[
            FooterButton {
                id: Some("start-tutorial"),
                label: lang.t(K::HelpWalkthrough),
                primary: false,
                does: Does::Action(Command::Tutorial),
            },
            FooterButton {
                id: Some("help-close"),
                label: lang.t(K::Close),
                primary: true,
                does: Does::Action(Command::CloseDialog),
            },
        ],
    );
    append(&d, &form);
    show_game(lang, game);
    if !d.open() {
        let _ = d.show_modal();
    }
    // Focus on the shown game's tab: the top of the help stays in view.
    if let Some(h) = doc()
        .query_selector("#help-dialog [aria-pressed=\"true\"]")
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = h.focus();
    }
}

/// Shows one game's rules in the open help.
pub fn show_game(lang: Lang, game: GameKind) {
    let Some(rules) = by_id("help-rules") else {
        return;
    };
    clear(&rules);
    append(&rules, &text_el("h3", "", game_label(lang, game)));
    let asked = SHOWING.with(|n| {
        n.set(n.get() + 1);
        n.get()
    });
    fetch_text(
        &format!("help/{}.{}.txt", game.name(), lang.tag()),
        move |text| {
            // (Only the tab shown last: an answer to an earlier tab is dropped.)
            if SHOWING.with(Cell::get) != asked {
                return;
            }
            let Some(rules) = by_id("help-rules") else {
                return;
            };
            match text {
                Some(text) => {
                    for line in text.lines().filter(|l| !l.is_empty()) {
                        match line.strip_prefix("# ") {
                            Some(h) => append(&rules, &text_el("h4", "", h)),
                            None => append(&rules, &text_el("p", "", line)),
                        }
                    }
                }
                None => append(&rules, &text_el("p", "", lang.t(K::HelpUnavailable))),
            }
        },
    );
    if let Ok(list) = doc().query_selector_all(&format!("#help-dialog [{}]", HelpTab::ATTRIBUTE)) {
        for i in 0..list.length() {
            if let Some(b) = list
                .item(i)
                .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
            {
                // (A tab's value is its game's name.)
                let on = b.get_attribute(HelpTab::ATTRIBUTE).as_deref() == Some(game.name());
                set_attr(&b, "aria-pressed", if on { "true" } else { "false" });
            }
        }
    }
}
