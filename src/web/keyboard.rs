//! Keyboard navigation that the browser does not give: the arrow keys,
//! Home and End through the hand (one tab stop, moved as an action so that
//! the scene says which card holds it), the arrow keys along the chooser's
//! buttons, and Tab kept inside an open overlay panel. Reads the DOM and
//! moves the focus; never changes the table.

use super::dom::{by_id, doc, focus, get_data};
use crate::engine::Card;
use crate::page::input::CardShown;
use crate::page::model::{Action, AssistAction, RecordsAction, ReviewAction, Step};
use crate::page::replay::ViewerMsg;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, KeyboardEvent};

/// The overlay panels (not native dialogs) that keep Tab inside while up.
const OVERLAYS: [&str; 3] = ["review", "game-over", "privacy"];

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

/// The step an arrow key (or Home, End) makes from `i` among `n` items, if any.
fn step(key: &str, i: usize, n: usize, ends: bool) -> Option<usize> {
    match key {
        "ArrowLeft" | "ArrowUp" => Some((i + n - 1) % n),
        "ArrowRight" | "ArrowDown" => Some((i + 1) % n),
        "Home" if ends => Some(0),
        "End" if ends => Some(n - 1),
        _ => None,
    }
}

/// The roving hand (face up, at the bottom) that `e` is in.
fn roving_hand(e: &Element) -> Option<Element> {
    e.closest(".seat.pos-bottom .hand.up").ok().flatten()
}

/// The card `e` is, if it is a card of the roving hand.
pub fn hand_card(e: &Element) -> Option<Card> {
    roving_hand(e)?;
    get_data::<CardShown>(e).map(|CardShown(c)| c)
}

/// The card of the roving hand that has the focus, if any.
pub fn focused_hand_card() -> Option<Card> {
    hand_card(&doc().active_element()?)
}

/// A key on a card of the hand at the bottom: the card it moves to.
pub fn move_in_hand(target: &Element, key: &str) -> Option<Action> {
    let hand = roving_hand(target)?;
    let cards = all(&hand, "button.card");
    let i = cards.iter().position(|c| c == target)?;
    let j = step(key, i, cards.len(), true)?;
    let CardShown(card) = get_data(&cards[j])?;
    Some(Action::Assist(AssistAction::FocusCard(card)))
}

/// Moves between the buttons of the chooser with the arrow keys.
pub fn move_in_row(target: &Element, key: &str) -> bool {
    let Some(row) = target.closest("#chooser").ok().flatten() else {
        return false;
    };
    let buttons = all(&row, "button");
    let Some(i) = buttons.iter().position(|b| b == target) else {
        return false;
    };
    match step(key, i, buttons.len(), false) {
        Some(j) => {
            focus(&buttons[j]);
            true
        }
        None => false,
    }
}

fn open_overlay() -> Option<Element> {
    let d = doc();
    OVERLAYS
        .iter()
        .filter_map(|id| d.get_element_by_id(id))
        .find(|o| o.dyn_ref::<HtmlElement>().is_some_and(|h| !h.hidden()))
}

/// Keeps Tab inside an open overlay panel; whether it was taken over.
pub fn trap_tab(k: &KeyboardEvent) -> bool {
    let d = doc();
    if d.query_selector("dialog[open]").ok().flatten().is_some() {
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
    let active = d.active_element();
    let inside = active.as_ref().is_some_and(|a| o.contains(Some(a)));
    let to = if !inside {
        Some(first)
    } else if k.shift_key() && active.as_ref() == Some(first) {
        Some(last)
    } else if !k.shift_key() && active.as_ref() == Some(last) {
        Some(first)
    } else {
        None
    };
    to.inspect(|e| focus(e)).is_some()
}

/// The viewer's keys, while its bar is up: ← → a move, Shift+← → or
/// Page Up / Page Down a trick, Home and End the ends, Space plays or
/// pauses, P plays from here (a reviewed move on show: the controller
/// decides whether there is one). Not while typing in a field, and Space
/// not on a button (which it presses).
pub fn viewer_key(target: &Element, key: &str, shift: bool) -> Option<RecordsAction> {
    by_id("replay-bar")?;
    let tag = target.tag_name().to_ascii_lowercase();
    if matches!(tag.as_str(), "input" | "select" | "textarea") {
        return None;
    }
    let step = match key {
        "ArrowLeft" if shift => Step::TrickBack,
        "ArrowRight" if shift => Step::TrickForward,
        "ArrowLeft" => Step::Back,
        "ArrowRight" => Step::Forward,
        "PageUp" => Step::TrickBack,
        "PageDown" => Step::TrickForward,
        "Home" => Step::First,
        "End" => Step::Last,
        " " if tag != "button" => return Some(RecordsAction::Viewer(ViewerMsg::Play)),
        "p" | "P" => return Some(RecordsAction::Review(ReviewAction::PlayFromHere)),
        _ => return None,
    };
    Some(RecordsAction::Viewer(ViewerMsg::Step(step)))
}
