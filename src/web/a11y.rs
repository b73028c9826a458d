//! Keyboard and screen-reader support, added around the view after each
//! render (the view itself stays a plain renderer):
//!
//! - the player's hand is one tab stop (roving tabindex), moved through
//!   with the arrow keys, Home and End; Enter or Space plays;
//! - focus goes back into the hand when it is your turn and nothing has it,
//!   into the Duck-suit chooser when it opens, and into an overlay panel
//!   (last trick, game over, pass-the-device) while it is up: Tab is kept
//!   inside it, and focus returns where it was when it closes;
//! - a polite live region (`#announcer`) reads out plays, calls, trick
//!   winners, the change of course and the scores;
//! - the hint: which card or button to press, highlighted on the table;
//! - the extra tool buttons (Help, Settings, language) and the Hint button.

use super::dom::{self, append, by_id, doc, el, set_attr, set_hidden, toggle_class};
use super::i18n::{self, t, tf, Lang, K};
use super::scene::{self, Scene};
use crate::engine::{Call, Card, Deal, Effect, GameKind, Move, Turn};
use gloo::events::{EventListener, EventListenerOptions};
use std::cell::RefCell;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, KeyboardEvent};

/// What a hint points at.
#[derive(Clone, Debug, PartialEq)]
pub enum HintTarget {
    Card(Card),
    /// A Duck to lead, then the suit it stands for.
    LeadDuck(Card, char),
    /// Quack! (with this card, if asked which).
    Quack(Card),
    Duck,
}

#[derive(Default)]
struct State {
    /// The card of the hand that holds the tab stop.
    roving: Option<String>,
    /// Overlays open at the last render, and where focus was before each opened.
    open_overlays: Vec<(&'static str, Option<HtmlElement>)>,
    chooser_open: bool,
    /// A hint for the position after this many moves.
    hint: Option<(usize, HintTarget)>,
    /// Panels already read out (deal over, game over), by content.
    announced_end: String,
    last_note: String,
    /// Moves at the last render; fewer means a new game: focus the new hand.
    last_moves: usize,
    focus_hand: bool,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::default());
}

const OVERLAYS: [&str; 3] = ["review", "game-over", "privacy"];

fn html(e: &Element) -> Option<HtmlElement> {
    e.clone().dyn_into::<HtmlElement>().ok()
}

fn focus_el(e: &Element) {
    if let Some(h) = html(e) {
        let _ = h.focus();
    }
}

fn active() -> Option<Element> {
    doc().active_element()
}

fn nothing_focused() -> bool {
    match active() {
        None => true,
        Some(a) => a.tag_name() == "BODY" || !a.is_connected(),
    }
}

fn all(root: &Element, selector: &str) -> Vec<Element> {
    let mut out = Vec::new();
    if let Ok(list) = root.query_selector_all(selector) {
        for i in 0..list.length() {
            if let Some(n) = list.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                out.push(n);
            }
        }
    }
    out
}

fn visible(e: &Element) -> bool {
    html(e).is_some_and(|h| !h.hidden())
}

// ---- the live region ----

/// The live region (made at start-up: screen readers watch regions that
/// exist before their content changes).
fn announcer() -> Element {
    by_id("announcer").unwrap_or_else(|| {
        let r = el("div", "sr-only");
        r.set_id("announcer");
        let _ = r.set_attribute("aria-live", "polite");
        let _ = r.set_attribute("role", "log");
        if let Some(b) = doc().body() {
            append(&b, &r);
        }
        r
    })
}

/// Reads `text` out politely (screen readers), keeping the last few lines.
pub fn announce(text: &str) {
    if text.is_empty() {
        return;
    }
    let region = announcer();
    append(&region, &dom::text_el("p", "", text));
    while region.child_element_count() > 6 {
        if let Some(first) = region.first_element_child() {
            first.remove();
        }
    }
}

/// One move in words: "West: ten of hearts. Quack!"
pub fn describe(deal_before: &Deal, mv: Move, seat: u8, effect: &Effect) -> String {
    let n = deal_before.seats();
    let who = i18n::seat_name(n, seat);
    let mut s = match mv {
        Move::Play(c) => tf(K::AnnPlays, &[who, &i18n::card_name(c)]),
        Move::LeadDuck(c, suit) => tf(
            K::AnnLedDuck,
            &[who, &i18n::card_name(c), i18n::suit_plural(suit)],
        ),
        Move::Concede => tf(K::AnnSaysDuck, &[who]),
    };
    if let Some(call) = effect.call.filter(|_| mv != Move::Concede) {
        s.push(' ');
        s.push_str(scene::call_text(call).1);
    }
    s
}

// ---- hints ----

/// Remembers a hint for the position after `moves` moves and returns its words.
pub fn set_hint(moves: usize, deal: &Deal, mv: Move) -> String {
    let me = deal.to_move();
    let turn = deal.turn();
    let quackers = deal.quack_cards();
    let (target, text) = match mv {
        Move::Concede => (HintTarget::Duck, t(K::HintDuck).to_string()),
        Move::LeadDuck(c, s) => (
            HintTarget::LeadDuck(c, s.letter()),
            tf(
                K::HintLeadDuck,
                &[&i18n::card_name(c), i18n::suit_plural(s)],
            ),
        ),
        Move::Play(c) => {
            let name = i18n::card_name(c);
            if quackers.contains(c) {
                // A first quack can still be overtaken; later ones answer it.
                let key = if deal.call_if_quacked() == Some(Call::Quack) {
                    K::HintQuack
                } else {
                    K::HintQuackAgain
                };
                (HintTarget::Quack(c), tf(key, &[&name]))
            } else if turn == Some(Turn::Lead) {
                (HintTarget::Card(c), tf(K::HintLead, &[&name]))
            } else if matches!(turn, Some(Turn::AddCard | Turn::AnswerQuackQuack { .. })) {
                (HintTarget::Card(c), tf(K::HintDiscard, &[&name]))
            } else {
                // Whether the card takes the trick for the mover (or its side).
                let mut d = *deal;
                let game = d.game();
                let won = d
                    .apply(mv)
                    .trick
                    .map(|o| game.scorer_of(o.winner) == game.scorer_of(me));
                let key = match won {
                    Some(true) if game == GameKind::Partnership => K::HintWinSide,
                    Some(true) => K::HintWin,
                    Some(false) => K::HintLose,
                    None => K::HintPlay,
                };
                (HintTarget::Card(c), tf(key, &[&name]))
            }
        }
    };
    STATE.with(|s| s.borrow_mut().hint = Some((moves, target)));
    text
}

pub fn clear_hint() {
    STATE.with(|s| s.borrow_mut().hint = None);
}

/// Whether a hint is held for this position.
pub fn has_hint(moves: usize) -> bool {
    STATE.with(|s| s.borrow().hint.as_ref().is_some_and(|(m, _)| *m == moves))
}

fn show_hint(scene: &Scene) {
    let hint = STATE.with(|s| s.borrow().hint.clone());
    let app = by_id("app").expect("#app");
    for e in all(&app, ".hinted") {
        toggle_class(&e, "hinted", false);
    }
    let Some((_, target)) = hint.filter(|(m, _)| *m == scene.moves) else {
        return;
    };
    if scene.waiting != "human" {
        return;
    }
    let chooser_up = by_id("chooser").is_some_and(|c| visible(&c));
    let selector = match (&target, chooser_up) {
        // The Duck is chosen: now its suit.
        (HintTarget::LeadDuck(_, s), true) => format!("#chooser button[data-suit=\"{s}\"]"),
        (HintTarget::Card(c) | HintTarget::LeadDuck(c, _), _) => {
            format!("#app .seat.pos-bottom .hand [data-card=\"{c}\"]")
        }
        (HintTarget::Quack(c), true) => format!("#chooser [data-choice=\"{c}\"]"),
        (HintTarget::Quack(_), false) => "#quack".into(),
        (HintTarget::Duck, _) => "#duck".into(),
    };
    if let Some(e) = doc().query_selector(&selector).ok().flatten() {
        toggle_class(&e, "hinted", true);
    }
}

// ---- after each render ----

/// Adds the tool buttons the view does not make (Help, Settings, language,
/// Hint), once per view.
fn ensure_buttons() {
    if by_id("help-btn").is_some() {
        return;
    }
    let Some(tools) = doc().query_selector("#app .tools").ok().flatten() else {
        return;
    };
    let glyph_button = |id: &str, action: &str, glyph: &str, label: &str| {
        let b = dom::button("tool", action);
        b.set_id(id);
        let g = dom::text_el("span", "icon glyph", glyph);
        let _ = g.set_attribute("aria-hidden", "true");
        append(&b, &g);
        append(&b, &dom::text_el("span", "label", label));
        let _ = b.set_attribute("title", label);
        let _ = b.set_attribute("aria-label", label);
        b
    };
    let help = glyph_button("help-btn", "help", "?", t(K::Help));
    let settings = glyph_button("settings-btn", "settings", "⚙", t(K::Settings));
    let other = match i18n::lang() {
        Lang::En => Lang::Ja,
        Lang::Ja => Lang::En,
    };
    let lang = dom::button("tool lang-btn", "lang");
    lang.set_id("lang-btn");
    let _ = lang.set_attribute("lang", i18n::lang_tag(other));
    lang.set_text_content(Some(other.own_name()));
    let _ = lang.set_attribute("title", t(K::Language));
    let first = tools.first_element_child();
    for b in [&lang, &help, &settings] {
        let _ = tools.insert_before(b, first.as_ref().map(|f| f.as_ref()));
    }
    if let Some(calls) = doc().query_selector("#app .calls").ok().flatten() {
        let hint = dom::button("hint-btn", "hint");
        hint.set_id("hint");
        hint.set_text_content(Some(t(K::Hint)));
        let _ = hint.set_attribute("aria-keyshortcuts", "H");
        append(&calls, &hint);
    }
    if let Some(q) = by_id("quack") {
        let _ = q.set_attribute("aria-keyshortcuts", "Q");
    }
    if let Some(d) = by_id("duck") {
        let _ = d.set_attribute("aria-keyshortcuts", "D");
    }
    if let Some(t_el) = by_id("trick") {
        let _ = t_el.set_attribute("role", "group");
        let _ = t_el.set_attribute("aria-label", t(K::TrickArea));
    }
    if let Some(s) = doc().query_selector("#app .stock").ok().flatten() {
        let _ = s.set_attribute("role", "group");
    }
}

/// Names and roles the view leaves out: overlays are modal dialogs named by
/// their heading; hands are groups.
fn decorate() {
    for id in OVERLAYS {
        let Some(o) = by_id(id) else { continue };
        let Some(panel) = o.query_selector(".panel").ok().flatten() else {
            continue;
        };
        set_attr(&panel, "role", "dialog");
        set_attr(&panel, "aria-modal", "true");
        if let Some(h) = panel.query_selector("h2").ok().flatten() {
            let hid = format!("{id}-title");
            set_attr(&h, "id", &hid);
            set_attr(&panel, "aria-labelledby", &hid);
        }
    }
    if let Some(p) = by_id("deal-end") {
        if let Some(h) = p.query_selector("h2").ok().flatten() {
            set_attr(&h, "id", "deal-end-title");
            set_attr(&p, "role", "region");
            set_attr(&p, "aria-labelledby", "deal-end-title");
        }
    }
    if let Some(app) = by_id("app") {
        for hand in all(&app, ".seat .hand.up") {
            set_attr(&hand, "role", "group");
            let name = hand
                .parent_element()
                .and_then(|s| s.query_selector(".name").ok().flatten())
                .and_then(|n| n.text_content())
                .unwrap_or_default();
            set_attr(&hand, "aria-label", &tf(K::Hand, &[&name]));
        }
        for hand in all(&app, ".seat .hand.down") {
            set_attr(&hand, "role", "img");
        }
        // Partnership Aces: "high" or "low" is on the (aria-hidden) face; say it too.
        for mark in all(&app, ".card .ace-mark") {
            let (Some(card), Some(text)) =
                (mark.closest(".card").ok().flatten(), mark.text_content())
            else {
                continue;
            };
            if let Some(sr) = card.query_selector(".sr-only").ok().flatten() {
                let name = sr.text_content().unwrap_or_default();
                let tail = format!(" ({text})");
                if !name.ends_with(&tail) {
                    sr.set_text_content(Some(&format!("{name}{tail}")));
                }
            }
        }
    }
}

fn hand_cards() -> Vec<Element> {
    by_id("app")
        .map(|a| all(&a, ".seat.pos-bottom .hand.up button.card"))
        .unwrap_or_default()
}

/// One tab stop for the hand: the card last moved to, else the first playable.
fn roving(scene: &Scene) {
    let cards = hand_cards();
    if cards.is_empty() {
        return;
    }
    let act = active();
    let mut current = act
        .as_ref()
        .and_then(|a| cards.iter().position(|c| c == a))
        .or_else(|| {
            let key = STATE.with(|s| s.borrow().roving.clone())?;
            cards
                .iter()
                .position(|c| c.get_attribute("data-card").as_deref() == Some(key.as_str()))
        });
    if current.is_none()
        || scene.waiting == "human"
            && current.is_some_and(|i| !is_playable(&cards[i]))
            && act.as_ref() != current.map(|i| &cards[i])
    {
        current = cards.iter().position(is_playable).or(current).or(Some(0));
    }
    let current = current.unwrap_or(0);
    for (i, c) in cards.iter().enumerate() {
        set_attr(c, "tabindex", if i == current { "0" } else { "-1" });
    }
    STATE.with(|s| s.borrow_mut().roving = cards[current].get_attribute("data-card"));
}

fn is_playable(c: &Element) -> bool {
    c.class_list().contains("playable")
}

fn any_dialog_open() -> bool {
    doc()
        .query_selector("dialog[open]")
        .ok()
        .flatten()
        .is_some()
}

fn open_overlay() -> Option<Element> {
    OVERLAYS.iter().filter_map(|id| by_id(id)).find(visible)
}

fn overlay_focus() {
    let now: Vec<&'static str> = OVERLAYS
        .iter()
        .copied()
        .filter(|id| by_id(id).is_some_and(|o| visible(&o)))
        .collect();
    let before: Vec<&'static str> =
        STATE.with(|s| s.borrow().open_overlays.iter().map(|(i, _)| *i).collect());
    // Closed since: give focus back.
    for id in before.iter().filter(|i| !now.contains(i)) {
        let back = STATE.with(|s| {
            let mut s = s.borrow_mut();
            let k = s.open_overlays.iter().position(|(i, _)| i == id)?;
            s.open_overlays.remove(k).1
        });
        if nothing_focused()
            || active().is_some_and(|a| by_id(id).is_some_and(|o| o.contains(Some(&a))))
        {
            if let Some(b) = back.filter(|b| b.is_connected()) {
                let _ = b.focus();
            }
        }
    }
    // Opened since: remember where focus was, move it in.
    for id in now.iter().filter(|i| !before.contains(i)) {
        let prev = active().and_then(|a| a.dyn_into::<HtmlElement>().ok());
        STATE.with(|s| s.borrow_mut().open_overlays.push((id, prev)));
        if let Some(o) = by_id(id) {
            let inside = active().is_some_and(|a| o.contains(Some(&a)));
            if !inside {
                if let Some(b) = o.query_selector("button").ok().flatten() {
                    focus_el(&b);
                }
            }
        }
    }
}

fn read_panels(scene: &Scene) {
    let mut text = String::new();
    if let Some(p) = scene.game_over.as_ref().or(scene.deal_end.as_ref()) {
        let lines: Vec<String> = p.lines.iter().map(|(a, b)| format!("{a}: {b}")).collect();
        let body = format!("{} {}. {}", p.title, lines.join(", "), p.verdict);
        text = if scene.game_over.is_some() {
            tf(K::AnnGameOver, &[&body])
        } else {
            tf(K::AnnDealOver, &[&body])
        };
    }
    let note = scene.trick.note.clone().unwrap_or_default();
    let (say_note, say_end) = STATE.with(|s| {
        let mut s = s.borrow_mut();
        let a = !note.is_empty() && s.last_note != note;
        s.last_note = note.clone();
        let b = !text.is_empty() && s.announced_end != text;
        if !text.is_empty() || scene.phase == "playing" {
            s.announced_end = text.clone();
        }
        (a, b)
    });
    if say_note {
        announce(&note);
    }
    if say_end {
        announce(&text);
    }
}

/// Called by the controller after every render.
pub fn after_render(scene: &Scene) {
    ensure_buttons();
    decorate();
    if let Some(h) = by_id("hint") {
        set_hidden(&h, scene.waiting != "human");
    }
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        // A new game: its first hand takes the focus from the button that started it.
        let from_starter = scene.moves == 0
            && active().is_some_and(|a| {
                ["new-game", "play-again", "start-game"].contains(&a.id().as_str())
            });
        if scene.moves < s.last_moves || from_starter {
            s.focus_hand = true;
        }
        s.last_moves = scene.moves;
    });
    roving(scene);
    read_panels(scene);
    overlay_focus();
    let chooser_up = by_id("chooser").is_some_and(|c| visible(&c));
    let was_up = STATE.with(|s| std::mem::replace(&mut s.borrow_mut().chooser_open, chooser_up));
    show_hint(scene);
    if chooser_up && !was_up {
        let first = doc()
            .query_selector("#chooser button.hinted")
            .ok()
            .flatten()
            .or_else(|| doc().query_selector("#chooser button").ok().flatten());
        if let Some(b) = first {
            focus_el(&b);
        }
    } else if scene.waiting == "human"
        && (nothing_focused() || STATE.with(|s| s.borrow().focus_hand))
        && !any_dialog_open()
        && open_overlay().is_none()
    {
        if let Some(c) = hand_cards()
            .into_iter()
            .find(|c| c.get_attribute("tabindex").as_deref() == Some("0"))
        {
            focus_el(&c);
            STATE.with(|s| s.borrow_mut().focus_hand = false);
        }
    }
}

/// A language switch rebuilds the view: forget what belonged to the old one.
pub fn reset_view_state() {
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        s.open_overlays.clear();
        s.chooser_open = false;
    });
}

// ---- keys ----

fn move_in_hand(target: &Element, key: &str) -> bool {
    let cards = hand_cards();
    let Some(i) = cards.iter().position(|c| c == target) else {
        return false;
    };
    let n = cards.len();
    let j = match key {
        "ArrowLeft" | "ArrowUp" => (i + n - 1) % n,
        "ArrowRight" | "ArrowDown" => (i + 1) % n,
        "Home" => 0,
        "End" => n - 1,
        _ => return false,
    };
    for (k, c) in cards.iter().enumerate() {
        set_attr(c, "tabindex", if k == j { "0" } else { "-1" });
    }
    STATE.with(|s| s.borrow_mut().roving = cards[j].get_attribute("data-card"));
    focus_el(&cards[j]);
    true
}

/// Moves between the buttons of a row (the chooser) with the arrow keys.
fn move_in_row(target: &Element, key: &str) -> bool {
    let Some(row) = target.closest("#chooser").ok().flatten() else {
        return false;
    };
    let buttons = all(&row, "button");
    let Some(i) = buttons.iter().position(|b| b == target) else {
        return false;
    };
    let n = buttons.len();
    let j = match key {
        "ArrowLeft" | "ArrowUp" => (i + n - 1) % n,
        "ArrowRight" | "ArrowDown" => (i + 1) % n,
        _ => return false,
    };
    focus_el(&buttons[j]);
    true
}

/// Keeps Tab inside an open overlay panel.
fn trap_tab(k: &KeyboardEvent) -> bool {
    if any_dialog_open() {
        return false; // native modal dialogs trap focus themselves
    }
    let Some(o) = open_overlay() else {
        return false;
    };
    let focusables = all(
        &o,
        "button, [href], input, select, [tabindex]:not([tabindex=\"-1\"])",
    );
    let (Some(first), Some(last)) = (focusables.first(), focusables.last()) else {
        return false;
    };
    let act = active();
    let inside = act.as_ref().is_some_and(|a| o.contains(Some(a)));
    if !inside {
        focus_el(first);
        return true;
    }
    if k.shift_key() && act.as_ref() == Some(first) {
        focus_el(last);
        return true;
    }
    if !k.shift_key() && act.as_ref() == Some(last) {
        focus_el(first);
        return true;
    }
    false
}

/// The keys that need no controller: arrows in the hand and chooser, Tab in
/// overlays, and closing our own dialogs.
pub fn wire() {
    announcer();
    // Not passive: arrow keys and Tab are taken over (preventDefault).
    let active_opts = EventListenerOptions::enable_prevent_default();
    EventListener::new_with_options(&doc(), "keydown", active_opts, move |e| {
        let Some(k) = e.dyn_ref::<KeyboardEvent>() else {
            return;
        };
        if k.ctrl_key() || k.meta_key() || k.alt_key() {
            return;
        }
        let Some(target) = k.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        let key = k.key();
        let handled = match key.as_str() {
            "Tab" => trap_tab(k),
            _ => move_in_hand(&target, &key) || move_in_row(&target, &key),
        };
        if handled {
            e.prevent_default();
        }
    })
    .forget();

    EventListener::new(&doc(), "click", move |e| {
        let Some(target) = e.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        if target
            .closest("[data-action=\"close-dialog\"]")
            .ok()
            .flatten()
            .is_some()
        {
            if let Some(d) = target.closest("dialog").ok().flatten() {
                d.unchecked_into::<web_sys::HtmlDialogElement>().close();
            }
        }
        if let Some(tab) = target.closest("[data-help-game]").ok().flatten() {
            if let Some(g) = tab
                .get_attribute("data-help-game")
                .and_then(|g| GameKind::from_name(&g))
            {
                super::help::show_game(g);
            }
        }
    })
    .forget();
}
