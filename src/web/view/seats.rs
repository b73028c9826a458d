//! The seats around the table: each one's name plate (name, player, badges,
//! card count), hand (face up, or one back per card) and piles of stored
//! tricks.

use super::super::dom::{append, clear, el, set_attr, set_hidden, set_text, text_el, toggle_class};
use super::super::i18n::{Lang, K};
use super::cards::{back_card, card_el, render_hand_up};
use super::{changed, POSITIONS};
use crate::engine::Card;
use crate::page::input::SeatOf;
use crate::page::scene::{HandScene, PileScene, Pos, SeatScene};
use crate::web::dom::set_data;
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
    /// The piles' elements as written, one per pile shown.
    pile_els: Vec<PileEls>,
}

/// One pile's elements, kept to write its figures in place: a trick won
/// changes a count or two, not the pile (a pile built again is a dozen new
/// elements to style and lay out, at every trick).
struct PileEls {
    root: Element,
    label: Element,
    down: Element,
    up: Element,
    points: Element,
    /// The face-up cards kept (partnership), if any are shown.
    kept: Option<Element>,
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
            pile_els: Vec::new(),
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
        let before = self.piles_shown.take();
        if before.as_ref() != Some(&s.piles) {
            self.render_piles(lang, before.as_deref(), &s.piles);
        }
        self.piles_shown = Some(s.piles.clone());
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

/// A pile's elements, appended to `target`.
fn build_pile(lang: Lang, target: &Element) -> PileEls {
    let root = el("div", "pile");
    let label = el("span", "pile-label");
    append(&root, &label);
    let stack = |class: &str, mini: &str, title: K| {
        let s = el("span", class);
        let _ = s.set_attribute("title", lang.t(title));
        append(&s, &el("span", mini));
        let n = el("b", "");
        append(&s, &n);
        append(&root, &s);
        n
    };
    let down = stack("stack-mini down", "mini back", K::FaceDown);
    let up = stack("stack-mini up", "mini front", K::FaceUp);
    let points = el("span", "pts");
    append(&root, &points);
    append(target, &root);
    PileEls {
        root,
        label,
        down,
        up,
        points,
        kept: None,
    }
}

impl SeatEls {
    /// The piles as the scene has them, written in place: each pile's
    /// figures where they changed (`before`: what was shown), and piles
    /// built or removed only when their number changes.
    fn render_piles(&mut self, lang: Lang, before: Option<&[PileScene]>, piles: &[PileScene]) {
        while self.pile_els.len() > piles.len() {
            if let Some(p) = self.pile_els.pop() {
                p.root.remove();
            }
        }
        while self.pile_els.len() < piles.len() {
            self.pile_els.push(build_pile(lang, &self.piles));
        }
        for (i, (p, e)) in piles.iter().zip(&mut self.pile_els).enumerate() {
            let was = before.and_then(|b| b.get(i));
            set_text(&e.label, &p.label);
            toggle_class(&e.root, "current", p.current);
            set_text(&e.down, &p.down.to_string());
            set_text(&e.up, &p.up.to_string());
            set_text(&e.points, &lang.tf(K::Points, &[&p.points.to_string()]));
            // (The kept cards are few and change rarely: written again whole.)
            let kept_as_wanted = e.kept.is_some() != p.up_cards.is_empty();
            if !kept_as_wanted || was.map(|w| &w.up_cards) != Some(&p.up_cards) {
                if let Some(k) = e.kept.take() {
                    k.remove();
                }
                if !p.up_cards.is_empty() {
                    let cards = el("span", "kept-quacks");
                    for &c in &p.up_cards {
                        append(&cards, &card_el(lang, c, "span", "tiny"));
                    }
                    append(&e.root, &cards);
                    e.kept = Some(cards);
                }
            }
        }
    }
}
