//! The live announcer: a polite log (`#announcer`, made at start-up: screen
//! readers watch regions that exist before their content changes) that reads
//! out plays, calls, trick winners, the change of course and the scores. A
//! service: the controller says what happened, the view what newly shows.

use super::dom::{append, by_id, doc, el, text_el};
use super::i18n::{Lang, K};
use super::scene;
use crate::engine::{Deal, Effect, Move};
use web_sys::Element;

/// Lines kept in the log (older ones are dropped; they have been read).
const KEPT_LINES: u32 = 6;

/// The live region, made if it is not there yet.
pub fn region() -> Element {
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

/// Reads `text` out politely, keeping the last few lines.
pub fn announce(text: &str) {
    if text.is_empty() {
        return;
    }
    let region = region();
    append(&region, &text_el("p", "", text));
    while region.child_element_count() > KEPT_LINES {
        if let Some(first) = region.first_element_child() {
            first.remove();
        }
    }
}

/// One move in words: "West: ten of hearts. Quack!"
pub fn describe(lang: Lang, deal_before: &Deal, mv: Move, seat: u8, effect: &Effect) -> String {
    let n = deal_before.seats();
    let who = lang.seat_name(n, seat);
    let mut s = match mv {
        Move::Play(c) => lang.tf(K::AnnPlays, &[who, &lang.card_name(c)]),
        Move::LeadDuck(c, suit) => lang.tf(
            K::AnnLedDuck,
            &[who, &lang.card_name(c), lang.suit_plural(suit)],
        ),
        Move::Concede => lang.tf(K::AnnSaysDuck, &[who]),
    };
    if let Some(call) = effect.call.filter(|_| mv != Move::Concede) {
        s.push(' ');
        s.push_str(scene::call_text(lang, call).1);
    }
    s
}
