//! The panels over and beside the table: the end of a deal, the end of the
//! game (with its Share button), the last trick, the pass-the-device cover
//! and the score sheet (written row by row by [`super::sheet`]). Each other
//! panel is rebuilt only when its content changes. The overlays are modal
//! dialogs named by their heading.

use super::super::dom::{append, button, el, icon, set_hidden, set_text, text_el};
use super::super::i18n::{Lang, K};
use super::cards::card_el;
use super::sheet::Sheet;
use super::{rebuild, with_id};
use crate::page::input::{Command, RecordsButton};
use crate::page::scene::{EndPanel, LastTrickScene, Scene};
use crate::web::dom::{action_button, set_command, set_data};
use web_sys::Element;

pub struct Panels {
    pub deal_end: Element,
    pub game_over: Element,
    pub last_trick: Element,
    pub privacy: Element,
    privacy_text: Element,
    scores: Sheet,
    deal_end_shown: Option<Option<EndPanel>>,
    game_over_shown: Option<Option<EndPanel>>,
    last_trick_shown: Option<Option<LastTrickScene>>,
}

/// A modal panel inside an overlay, labelled by its `<h2>` (`{id}-title`).
fn modal_panel(overlay_id: &str) -> Element {
    let panel = el("div", "panel");
    let _ = panel.set_attribute("role", "dialog");
    let _ = panel.set_attribute("aria-modal", "true");
    let _ = panel.set_attribute("aria-labelledby", &format!("{overlay_id}-title"));
    panel
}

fn title(overlay_id: &str, text: &str) -> Element {
    with_id(text_el("h2", "", text), &format!("{overlay_id}-title"))
}

impl Panels {
    /// The deal's end goes in the table's centre; the score sheet beside the
    /// table (`layout`); the overlays over everything (`root`).
    pub fn build(lang: Lang, center: &Element, layout: &Element, root: &Element) -> Panels {
        let deal_end = with_id(el("div", "panel deal-end"), "deal-end");
        let _ = deal_end.set_attribute("role", "region");
        let _ = deal_end.set_attribute("aria-labelledby", "deal-end-title");
        set_hidden(&deal_end, true);
        append(center, &deal_end);
        let scores = with_id(el("aside", "scores"), "scores");
        append(layout, &scores);

        let review = with_id(el("div", "overlay review"), "review");
        set_command(&review, Command::Review);
        set_hidden(&review, true);
        append(root, &review);
        let game_over = with_id(el("div", "overlay game-over"), "game-over");
        set_hidden(&game_over, true);
        append(root, &game_over);
        let privacy = with_id(el("div", "overlay privacy"), "privacy");
        set_command(&privacy, Command::Privacy);
        let panel = modal_panel("privacy");
        panel.set_inner_html(&icon("duck-figure", "privacy-duck"));
        let privacy_text = title("privacy", "");
        append(&panel, &privacy_text);
        let cont = with_id(
            action_button("primary", Command::Privacy),
            "privacy-continue",
        );
        cont.set_text_content(Some(lang.t(K::TapToContinue)));
        append(&panel, &cont);
        append(&privacy, &panel);
        set_hidden(&privacy, true);
        append(root, &privacy);
        Panels {
            deal_end,
            game_over,
            last_trick: review,
            privacy,
            privacy_text,
            scores: Sheet::new(scores),
            deal_end_shown: None,
            game_over_shown: None,
            last_trick_shown: None,
        }
    }

    /// A new table: every panel is drawn afresh.
    pub fn clear(&mut self) {
        self.scores.clear();
        self.deal_end_shown = None;
        self.game_over_shown = None;
        self.last_trick_shown = None;
    }

    pub fn render(&mut self, s: &Scene) {
        let lang = s.lang;
        self.scores.render(lang, &s.scores);
        self.render_deal_end(lang, s.deal_end.as_ref());
        self.render_game_over(lang, s.game_over.as_ref());
        self.render_last_trick(lang, s.last_trick.as_ref());
        if let Some(text) = &s.privacy {
            set_text(&self.privacy_text, text);
        }
        set_hidden(&self.privacy, s.privacy.is_none());
    }

    fn render_deal_end(&mut self, lang: Lang, p: Option<&EndPanel>) {
        let Some(p) = rebuild(&mut self.deal_end_shown, &self.deal_end, p) else {
            return;
        };
        fill_panel(&self.deal_end, p, "deal-result", "deal-end");
        if p.next {
            let next = with_id(action_button("primary", Command::NextDeal), "next-deal");
            next.set_text_content(Some(lang.t(K::NextDeal)));
            append(&self.deal_end, &next);
        }
        if let Some(label) = &p.share {
            // The records dialog, with this deal as a link (`data-rec`).
            let share = with_id(button("secondary"), "deal-end-share");
            set_data(&share, RecordsButton::Open);
            share.set_text_content(Some(label));
            append(&self.deal_end, &share);
        }
        if let Some(label) = &p.review {
            append(&self.deal_end, &review_button(label, "deal-end-review"));
        }
        if p.practise {
            let again = with_id(
                action_button("secondary", Command::PractiseDeal),
                "deal-end-practise",
            );
            again.set_text_content(Some(lang.t(K::PractiseDeal)));
            append(&self.deal_end, &again);
        }
        if p.back_to_game {
            let back = with_id(
                action_button("primary", Command::PracticeEnd),
                "practice-back",
            );
            back.set_text_content(Some(lang.t(K::PracticeEnd)));
            append(&self.deal_end, &back);
        }
    }

    fn render_game_over(&mut self, lang: Lang, p: Option<&EndPanel>) {
        let Some(p) = rebuild(&mut self.game_over_shown, &self.game_over, p) else {
            return;
        };
        let panel = modal_panel("game-over");
        panel.set_inner_html(&icon("duck-figure", "trophy-duck"));
        fill_panel(&panel, p, "final", "game-over");
        let buttons = el("div", "buttons");
        if p.next {
            let again = with_id(action_button("primary", Command::PlayAgain), "play-again");
            again.set_text_content(Some(lang.t(K::PlayAgain)));
            append(&buttons, &again);
        }
        // (A guest's own new game: it leaves the friend's table.)
        let new_game = action_button(
            if p.next { "secondary" } else { "primary" },
            Command::NewGame,
        );
        new_game.set_text_content(Some(lang.t(K::NewGame)));
        append(&buttons, &new_game);
        if let Some(label) = &p.share {
            // Opens the Share and records dialog (a `data-rec`).
            let share = with_id(button("secondary"), "game-over-share");
            set_data(&share, RecordsButton::Open);
            share.set_text_content(Some(label));
            append(&buttons, &share);
        }
        if let Some(label) = &p.review {
            append(&buttons, &review_button(label, "game-over-review"));
        }
        if p.practise {
            let again = with_id(
                action_button("secondary", Command::PractiseDeal),
                "game-over-practise",
            );
            again.set_text_content(Some(lang.t(K::PractiseDeal)));
            append(&buttons, &again);
        }
        append(&panel, &buttons);
        append(&self.game_over, &panel);
    }

    fn render_last_trick(&mut self, lang: Lang, r: Option<&LastTrickScene>) {
        let Some(r) = rebuild(&mut self.last_trick_shown, &self.last_trick, r) else {
            return;
        };
        let panel = modal_panel("review");
        append(&panel, &title("review", lang.t(K::LastTrick)));
        let row = el("div", "review-cards");
        for (who, card, quack) in &r.plays {
            let fig = el("figure", "");
            let c = card_el(lang, *card, "div", if *quack { "quack" } else { "" });
            append(&fig, &c);
            append(&fig, &text_el("figcaption", "", who));
            append(&row, &fig);
        }
        append(&panel, &row);
        append(&panel, &text_el("p", "verdict", &r.verdict));
        let close = action_button("primary", Command::Review);
        close.set_text_content(Some(lang.t(K::Close)));
        append(&panel, &close);
        append(&self.last_trick, &panel);
    }
}

/// The deal review's button (`data-rec`: the records' actions; the table
/// alone hands over to the full page, which reviews).
fn review_button(label: &str, id: &str) -> Element {
    let b = with_id(button("secondary"), id);
    set_data(&b, RecordsButton::Review);
    b.set_text_content(Some(label));
    b
}

/// An end panel's heading (`{id}-title`), score lines and verdict.
fn fill_panel(target: &Element, p: &EndPanel, class: &str, id: &str) {
    append(target, &title(id, &p.title));
    let list = el("dl", class);
    for (name, value) in &p.lines {
        append(&list, &text_el("dt", "", name));
        append(&list, &text_el("dd", "", value));
    }
    if class == "final" {
        append(target, &text_el("p", "verdict", &p.verdict));
        append(target, &list);
    } else {
        append(target, &list);
        append(target, &text_el("p", "verdict", &p.verdict));
    }
}
