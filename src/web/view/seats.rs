//! The seats around the table: each one's name plate (name, player, badges,
//! card count), hand (face up, or one back per card) and piles of stored
//! tricks.

use super::super::dom::{append, clear, el, set_attr, set_hidden, set_text, text_el, toggle_class};
use super::super::i18n::{Lang, K};
use super::super::scene::{HandScene, PileScene, Pos, SeatScene};
use super::cards::{back_card, card_el, render_hand_up};
use super::{changed, POSITIONS};
use crate::engine::Card;
use crate::web::dom::set_data;
use crate::web::input::SeatOf;
use web_sys::Element;

pub struct SeatEls {
    root: Element,
    name: Element,
    player: Element,
    badges: Element,
    count: Element,
    pub hand: Element,
    piles: Element,
    summary: Element,
    face_up: Option<bool>,
    badges_shown: Option<Vec<(String, &'static str)>>,
    piles_shown: Option<Vec<PileScene>>,
}

impl SeatEls {
    /// One seat's section, appended to the table.
    pub fn build(table: &Element, seat: usize) -> SeatEls {
        let root = el("section", "seat");
        set_data(&root, SeatOf(seat as u8));
        let plate = el("div", "plate");
        append(&plate, &el("span", "turn-dot"));
        let name = el("span", "name");
        let player = el("span", "player");
        let badges = el("span", "badges");
        let count = el("span", "count");
        for e in [&name, &player, &badges, &count] {
            append(&plate, e);
        }
        let hand = el("div", "hand");
        let piles = el("div", "piles");
        let summary = el("div", "summary");
        append(&root, &plate);
        append(&root, &hand);
        append(&root, &piles);
        append(&root, &summary);
        append(table, &root);
        SeatEls {
            root,
            name,
            player,
            badges,
            count,
            hand,
            piles,
            summary,
            face_up: None,
            badges_shown: None,
            piles_shown: None,
        }
    }

    pub fn remove(&self) {
        self.root.remove();
    }

    /// `acting`: the person may act now; `hinted`: the hand card a hint points at.
    pub fn render(&mut self, lang: Lang, s: &SeatScene, acting: bool, hinted: Option<Card>) {
        for p in POSITIONS {
            toggle_class(&self.root, &format!("pos-{}", p.name()), p == s.pos);
        }
        toggle_class(&self.root, "to-move", s.to_move);
        set_text(&self.name, &s.name);
        set_text(&self.player, &s.player);
        if changed(&mut self.badges_shown, s.badges.clone()) {
            clear(&self.badges);
            for (text, class) in &s.badges {
                append(
                    &self.badges,
                    &text_el("span", &format!("badge badge-{class}"), text),
                );
            }
        }
        set_attr(&self.hand, "aria-label", &s.hand_label);
        match &s.hand {
            HandScene::Up(cards) => {
                self.show_face(true);
                set_text(&self.count, "");
                set_hidden(&self.count, true);
                let hinted = hinted.filter(|_| s.pos == Pos::Bottom);
                render_hand_up(lang, &self.hand, cards, acting, s.roving, hinted);
            }
            HandScene::Down(n) => {
                self.show_face(false);
                set_hidden(&self.count, false);
                set_text(&self.count, &n.to_string());
                self.keep_backs(*n);
            }
        }
        if changed(&mut self.piles_shown, s.piles.clone()) {
            render_piles(lang, &self.piles, &s.piles);
        }
        set_text(&self.summary, s.summary.as_deref().unwrap_or(""));
        set_hidden(&self.summary, s.summary.is_none());
    }

    /// Turns the hand face up or down: a face-up hand is a group of named
    /// cards, a face-down one a single picture with a count.
    fn show_face(&mut self, up: bool) {
        if self.face_up != Some(up) {
            clear(&self.hand);
            self.face_up = Some(up);
        }
        toggle_class(&self.hand, "up", up);
        toggle_class(&self.hand, "down", !up);
        set_attr(&self.hand, "role", if up { "group" } else { "img" });
    }

    /// One back per card held.
    fn keep_backs(&self, n: usize) {
        let mut have = self.hand.child_element_count() as usize;
        while have < n {
            append(&self.hand, &back_card());
            have += 1;
        }
        while have > n {
            if let Some(last) = self.hand.last_element_child() {
                last.remove();
            }
            have -= 1;
        }
    }
}

fn render_piles(lang: Lang, target: &Element, piles: &[PileScene]) {
    clear(target);
    for p in piles {
        let pile = el("div", if p.current { "pile current" } else { "pile" });
        append(&pile, &text_el("span", "pile-label", &p.label));
        let down = el("span", "stack-mini down");
        let _ = down.set_attribute("title", lang.t(K::FaceDown));
        append(&down, &el("span", "mini back"));
        append(&down, &text_el("b", "", &p.down.to_string()));
        append(&pile, &down);
        let up = el("span", "stack-mini up");
        let _ = up.set_attribute("title", lang.t(K::FaceUp));
        append(&up, &el("span", "mini front"));
        append(&up, &text_el("b", "", &p.up.to_string()));
        append(&pile, &up);
        append(
            &pile,
            &text_el("span", "pts", &lang.tf(K::Points, &[&p.points.to_string()])),
        );
        if !p.up_cards.is_empty() {
            let cards = el("span", "kept-quacks");
            for &c in &p.up_cards {
                append(&cards, &card_el(lang, c, "span", "tiny"));
            }
            append(&pile, &cards);
        }
        append(target, &pile);
    }
}
