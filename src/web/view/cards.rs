//! Card elements: a face-up card (named by its label, its face drawn by the
//! stylesheet from a few attributes), a face-down back that says nothing
//! about its card, and the face-up hand kept in order by card code.

use super::super::dom::{append, el, opt_attr, set_attr, text_el, toggle_class};
use super::super::i18n::{Lang, K};
use crate::engine::{Card, Suit};
use crate::page::input::{selector, CardShown, Command};
use crate::page::scene::HandCard;
use crate::web::dom::{get_data, set_command, set_data};
use web_sys::Element;

/// A face-down card: one element, nothing about its identity, ever.
pub fn back_card() -> Element {
    let b = el("span", "card back");
    let _ = b.set_attribute("aria-hidden", "true");
    b
}

/// A suit's shape, drawn in place (the suit buttons): an `<svg>` with one
/// path and no `<use>`. A card's suits are the stylesheet's (`--pip`).
pub fn suit_icon(s: Suit, class: &str) -> String {
    let path = match s {
        Suit::Hearts => "M50 90C46 86 8 61 8 34 8 18 20 8 32 8c9 0 15 5 18 12 3-7 9-12 18-12 12 0 24 10 24 26 0 27-38 52-42 56z",
        Suit::Diamonds => "M50 4c10 18 22 32 38 46-16 14-28 28-38 46C40 78 28 64 12 50 28 36 40 22 50 4z",
        Suit::Spades => "M50 6c8 16 40 32 40 54 0 14-10 22-21 22-7 0-13-3-16-8 1 10 5 16 13 20H34c8-4 12-10 13-20-3 5-9 8-16 8-11 0-21-8-21-22C10 38 42 22 50 6z",
        Suit::Clubs => "M31 30a19 19 0 1 0 38 0 19 19 0 1 0-38 0zM9 60a19 19 0 1 0 38 0 19 19 0 1 0-38 0zm44 0a19 19 0 1 0 38 0 19 19 0 1 0-38 0zM45 52c1 22-3 34-11 42h32c-8-8-12-20-11-42z",
    };
    format!(
        r#"<svg class="{class}" viewBox="0 0 100 100" aria-hidden="true"><path d="{path}"/></svg>"#
    )
}

/// A face-up card (`tag` is "button" for a hand, "div" elsewhere): the card,
/// its face, and for a court card the centre's letter; at most one more
/// element later, a partnership Ace's mark. A page shows up to 50 faces, and
/// each is styled and laid out on every change near it, so the corners are
/// the face's pseudo-elements (`data-rank`) and the suit's shape the
/// stylesheet's image (`--pip`, from the class suit-X or joker), drawn as
/// the corners' and the face's own backgrounds.
pub fn card_el(lang: Lang, card: Card, tag: &str, extra: &str) -> Element {
    let colour = if card.is_joker() {
        if card.joker_is_red() {
            "red joker"
        } else {
            "black joker"
        }
    } else if card.suit().is_red() {
        "red"
    } else {
        "black"
    };
    // suit-X: the suit's shape, and the four-colour deck's colours (settings.rs).
    let suit = if card.is_joker() {
        String::new()
    } else {
        format!(" suit-{}", card.suit().letter())
    };
    let e = el(tag, format!("card {colour}{suit} {extra}").trim());
    set_data(&e, CardShown(card));
    // Its name is its label: a button's own, else an image's.
    if tag != "button" {
        let _ = e.set_attribute("role", "img");
    }
    let _ = e.set_attribute("aria-label", &lang.card_name(card));
    let court = !card.is_joker() && card.rank() > 10;
    let face = el("span", if court { "face court" } else { "face" });
    let _ = face.set_attribute("aria-hidden", "true");
    if !card.is_joker() {
        let rank = lang.rank_index(card.rank());
        let _ = face.set_attribute("data-rank", rank);
        if court {
            append(&face, &text_el("span", "mid", rank));
        }
    }
    append(&e, &face);
    e
}

/// A partnership Ace's "high" or "low", marked on its face; returns the
/// mark's word, which its name says too ([`set_card_name`]).
pub fn set_ace_mark(lang: Lang, card: &Element, ace: Option<&'static str>) -> Option<&'static str> {
    let mark = card.query_selector(".ace-mark").ok().flatten();
    let text = ace.map(|a| lang.t(if a == "high" { K::AceHigh } else { K::AceLow }));
    match (ace, text, mark) {
        (Some(a), Some(text), None) => {
            let face = card
                .query_selector(".face")
                .ok()
                .flatten()
                .unwrap_or_else(|| card.clone());
            append(&face, &text_el("span", &format!("ace-mark ace-{a}"), text));
            toggle_class(card, "ace-marked", true);
        }
        (None, _, Some(m)) => {
            m.remove();
            toggle_class(card, "ace-marked", false);
        }
        _ => {}
    }
    text
}

/// A card's name, with what its face shows besides rank and suit (an Ace's
/// "high" or "low", the suit a led Duck stands for) after a comma: the word
/// a person sees must be a word of the name (for speech input, and axe's
/// label-content-name-mismatch), which "(low)" is not.
pub fn set_card_name(lang: Lang, card: &Element, code: Card, note: Option<&str>) {
    let plain = lang.card_name(code);
    let comma = if lang == Lang::Ja { "、" } else { ", " };
    match note {
        Some(note) => set_attr(card, "aria-label", &format!("{plain}{comma}{note}")),
        None => set_attr(card, "aria-label", &plain),
    }
}

/// The fewest cards of a hand marked `long` (two rows on an upright phone).
const LONG_HAND: usize = 8;

/// The face-up hand, updated in place: cards keyed by code, new ones dealt
/// or drawn in, the order the scene's. A roving hand is one tab stop.
pub fn render_hand_up(
    lang: Lang,
    hand: &Element,
    cards: &[HandCard],
    acting: bool,
    roving: bool,
    hinted: Option<Card>,
) {
    let fresh = hand.first_element_child().is_none();
    let mut c = hand.first_element_child();
    while let Some(x) = c {
        c = x.next_element_sibling();
        let shown = get_data::<CardShown>(&x);
        if !cards.iter().any(|hc| Some(CardShown(hc.card)) == shown) {
            x.remove();
        }
    }
    // A long hand (eight cards or more) takes two rows on an upright phone.
    toggle_class(hand, "long", cards.len() >= LONG_HAND);
    let mut cursor = hand.first_element_child();
    for hc in cards {
        let node = match hand
            .query_selector(&selector(&CardShown(hc.card)))
            .ok()
            .flatten()
        {
            Some(x) => x,
            None => {
                let x = card_el(
                    lang,
                    hc.card,
                    "button",
                    if fresh { "dealt" } else { "drawn" },
                );
                let _ = x.set_attribute("type", "button");
                set_command(&x, Command::Play);
                x
            }
        };
        if cursor.as_ref() == Some(&node) {
            cursor = node.next_element_sibling();
        } else {
            let _ = hand.insert_before(&node, cursor.as_ref().map(|c| c.as_ref()));
        }
        let dimmed = acting && !hc.playable;
        toggle_class(&node, "playable", hc.playable);
        toggle_class(&node, "dimmed", dimmed);
        toggle_class(&node, "quack", hc.quack);
        toggle_class(&node, "hinted", hinted == Some(hc.card));
        toggle_class(&node, "sent", hc.sent);
        // Not actionable now (another seat's turn, or a card that may not be
        // played): tapping it still explains why.
        opt_attr(&node, "aria-disabled", (!hc.playable).then_some("true"));
        let tabindex = roving.then_some(if hc.tab_stop { "0" } else { "-1" });
        opt_attr(&node, "tabindex", tabindex);
        let note = set_ace_mark(lang, &node, hc.ace);
        set_card_name(lang, &node, hc.card, note);
    }
}
