//! The centre of the table: the duck-house (stock), the trick in play (one
//! slot per position; a finished trick slides to its winner) and the call
//! banner ("Quack!").

use super::super::dom::{
    append, clear, el, remove_attr, set_attr, set_hidden, set_text, text_el, toggle_class,
};
use super::super::i18n::{Lang, K};
use super::cards::{back_card, card_el, set_ace_mark, set_card_name};
use super::{with_id, POSITIONS};
use crate::page::input::{selector, CardShown, DataAttribute};
use crate::page::scene::{Pos, Scene, TrickCard};
use crate::web::dom::get_data;
use web_sys::Element;

/// How long a collected trick's cards take to slide away (see `.collect` in the CSS).
const COLLECT_MS: u32 = 450;

pub struct Centre {
    stock: Element,
    stock_count: Element,
    trick: Element,
    slots: Vec<Element>,
    trick_note: Element,
    call: Element,
    call_text: Element,
    call_who: Element,
    call_generation: u32,
    /// Which of the banner's two pop classes shows the current call.
    call_again: bool,
    last_winner: Option<Pos>,
}

impl Centre {
    /// The stock, the trick, its note and the call banner, in `center`.
    pub fn build(lang: Lang, center: &Element) -> Centre {
        let stock = el("div", "stock");
        let _ = stock.set_attribute("role", "group");
        let _ = stock.set_attribute("aria-label", lang.t(K::DuckHouse));
        let stack = el("div", "stack");
        // Each back's offset is a class of its own, not `:nth-child`: a
        // positional rule's class joins the browser's sibling invalidation,
        // and every hand's cards were restyled whenever a card left a hand.
        for offset in ["", "stack-2", "stack-3"] {
            let back = back_card();
            if !offset.is_empty() {
                toggle_class(&back, offset, true);
            }
            append(&stack, &back);
        }
        append(&stock, &stack);
        append(
            &stock,
            &text_el("span", "stock-label", lang.t(K::DuckHouse)),
        );
        let stock_count = el("span", "stock-count");
        append(&stock, &stock_count);
        append(center, &stock);
        let trick = with_id(el("div", "trick"), "trick");
        let _ = trick.set_attribute("role", "group");
        let _ = trick.set_attribute("aria-label", lang.t(K::TrickArea));
        let slots: Vec<Element> = POSITIONS
            .iter()
            .map(|p| {
                let s = el("div", &format!("slot slot-{}", p.name()));
                append(&trick, &s);
                s
            })
            .collect();
        append(center, &trick);
        let trick_note = el("div", "trick-note");
        append(center, &trick_note);
        let call = with_id(el("div", "call"), "call");
        let call_text = el("span", "call-text");
        let call_who = el("span", "call-who");
        append(&call, &call_text);
        append(&call, &call_who);
        append(center, &call);
        Centre {
            stock,
            stock_count,
            trick,
            slots,
            trick_note,
            call,
            call_text,
            call_who,
            call_generation: 0,
            call_again: false,
            last_winner: None,
        }
    }

    /// A new table: no trick on it.
    pub fn clear(&mut self) {
        for slot in &self.slots {
            clear(slot);
        }
    }

    pub fn render(&mut self, s: &Scene) {
        let lang = s.lang;
        self.render_stock(lang, s.stock);
        self.render_trick(s);
        self.render_call(s);
    }

    fn render_stock(&self, lang: Lang, stock: Option<usize>) {
        let Some(n) = stock else {
            return set_hidden(&self.stock, true);
        };
        set_hidden(&self.stock, false);
        let count = if n == 0 {
            lang.t(K::DuckHouseEmpty).to_string()
        } else {
            lang.tf(K::Cards, &[&n.to_string()])
        };
        set_text(&self.stock_count, &count);
        toggle_class(&self.stock, "empty", n == 0);
        set_attr(&self.stock, "data-count", &n.to_string());
    }

    fn render_trick(&mut self, s: &Scene) {
        let lang = s.lang;
        // A finished trick leaving the table slides to its winner.
        let collect = self.last_winner.filter(|_| s.trick.plays.is_empty());
        for (i, slot) in self.slots.iter().enumerate() {
            let pos = POSITIONS[i];
            let wanted: Vec<&TrickCard> = s.trick.plays.iter().filter(|p| p.pos == pos).collect();
            drop_gone(slot, &wanted, collect);
            for tc in &wanted {
                let existing = slot
                    .query_selector(&selector(&CardShown(tc.card)))
                    .ok()
                    .flatten();
                let card = match existing {
                    Some(x) => x,
                    None => {
                        let x =
                            card_el(lang, tc.card, "div", &format!("enter enter-{}", pos.name()));
                        append(slot, &x);
                        x
                    }
                };
                toggle_class(&card, "quack", tc.quack);
                let ace = set_ace_mark(lang, &card, tc.ace);
                let named = show_named_suit(lang, &card, tc);
                set_card_name(lang, &card, tc.card, ace.or(named.as_deref()));
            }
            toggle_class(slot, "winner", s.trick.winner == Some(pos));
            toggle_class(slot, "filled", !wanted.is_empty());
        }
        self.last_winner = s.trick.winner;
        toggle_class(&self.trick, "done", s.trick.winner.is_some());
        set_text(&self.trick_note, s.trick.note.as_deref().unwrap_or(""));
        toggle_class(&self.trick_note, "shown", s.trick.note.is_some());
    }

    fn render_call(&mut self, s: &Scene) {
        match &s.call {
            Some(c) => {
                set_text(&self.call_text, c.text);
                set_text(&self.call_who, &c.who);
                set_attr(&self.call, "data-call", c.id);
                if c.generation != self.call_generation {
                    self.call_generation = c.generation;
                    set_attr(&self.call, "data-call-n", &c.generation.to_string());
                    // A new call pops again by switching between two classes
                    // whose animations differ only in name: removing and
                    // re-adding one class would need a forced layout mid-render.
                    self.call_again = !self.call_again;
                    toggle_class(&self.call, "show", !self.call_again);
                    toggle_class(&self.call, "show-again", self.call_again);
                }
            }
            None => {
                remove_attr(&self.call, "data-call");
                toggle_class(&self.call, "show", false);
                toggle_class(&self.call, "show-again", false);
            }
        }
    }
}

/// Drops a slot's cards no longer on the table: slid to the trick's winner
/// (`collect`) and removed after, or removed at once.
fn drop_gone(slot: &Element, wanted: &[&TrickCard], collect: Option<Pos>) {
    let mut c = slot.first_element_child();
    while let Some(x) = c {
        c = x.next_element_sibling();
        if x.class_list().contains("collect") {
            continue;
        }
        let shown = get_data::<CardShown>(&x);
        if wanted.iter().any(|w| Some(CardShown(w.card)) == shown) {
            continue;
        }
        match collect {
            Some(to) => {
                let _ = x.remove_attribute(CardShown::ATTRIBUTE);
                let _ = x
                    .class_list()
                    .add_2("collect", &format!("collect-{}", to.name()));
                let ghost = x.clone();
                gloo::timers::callback::Timeout::new(COLLECT_MS, move || ghost.remove()).forget();
            }
            None => x.remove(),
        }
    }
}

/// A led Duck's chip naming the suit it stands for (its shape the chip's
/// `::before`, from the class suit-X); returns what the card's name adds.
fn show_named_suit(lang: Lang, card: &Element, tc: &TrickCard) -> Option<String> {
    let note = tc
        .named
        .map(|suit| lang.tf(K::DuckNamed, &[lang.suit_title(suit)]));
    let named = card.query_selector(".named").ok().flatten();
    match (tc.named, &note, named) {
        (Some(suit), Some(note), None) => {
            let colour = if suit.is_red() { "red" } else { "black" };
            let chip = text_el(
                "span",
                &format!("named {colour} suit-{}", suit.letter()),
                lang.suit_title(suit),
            );
            let _ = chip.set_attribute("title", note);
            let _ = chip.set_attribute("data-named", &suit.letter().to_string());
            append(card, &chip);
        }
        (None, _, Some(chip)) => chip.remove(),
        _ => {}
    }
    note
}
