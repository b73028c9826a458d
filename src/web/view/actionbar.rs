//! The action bar under the table: the prompt, messages, the Quack!, Duck
//! and Hint buttons, and the chooser (a led Duck's suit, or which card to
//! quack with).

use super::super::dom::{append, el, set_hidden, set_text, text_el, toggle_class};
use super::super::i18n::{Lang, K};
use super::cards::{card_el, suit_icon};
use super::{rebuild, with_id};
use crate::engine::{Card, Suit};
use crate::page::input::{CardChoice, CardShown, Command, DataAttribute, SuitChoice};
use crate::page::scene::{ChooserScene, Hinted, Scene, Waiting};
use crate::web::dom::{action_button, get_data, set_command, set_data};
use web_sys::Element;

pub struct ActionBar {
    /// The bar itself (the replay viewer's bar goes at its end).
    pub home: Element,
    status: Element,
    message: Element,
    quack: Element,
    duck: Element,
    hint: Element,
    take_back: Element,
    play_out: Element,
    practice_end: Element,
    pub chooser: Element,
    chooser_shown: Option<Option<ChooserScene>>,
}

impl ActionBar {
    pub fn build(lang: Lang, table: &Element) -> ActionBar {
        let bar = el("div", "actionbar");
        let status = with_id(el("p", "status"), "status");
        let _ = status.set_attribute("role", "status");
        append(&bar, &status);
        let buttons = el("div", "calls");
        let quack = with_id(action_button("quack-btn", Command::Quack), "quack");
        let _ = quack.set_attribute("aria-keyshortcuts", "Q");
        let duck = with_id(action_button("duck-btn", Command::Duck), "duck");
        duck.set_text_content(Some(lang.t(K::DuckButton)));
        let _ = duck.set_attribute("title", lang.t(K::DuckButtonHint));
        let _ = duck.set_attribute("aria-keyshortcuts", "D");
        let hint = with_id(action_button("hint-btn", Command::Hint), "hint");
        hint.set_text_content(Some(lang.t(K::Hint)));
        let _ = hint.set_attribute("aria-keyshortcuts", "H");
        let take_back = with_id(
            action_button("take-back-btn", Command::TakeBack),
            "take-back",
        );
        take_back.set_text_content(Some(lang.t(K::TakeBack)));
        let _ = take_back.set_attribute("aria-keyshortcuts", "Control+Z Meta+Z");
        let play_out = with_id(action_button("take-back-btn", Command::PlayOut), "play-out");
        play_out.set_text_content(Some(lang.t(K::PlayOut)));
        let practice_end = with_id(
            action_button("take-back-btn", Command::PracticeEnd),
            "practice-end",
        );
        practice_end.set_text_content(Some(lang.t(K::PracticeEnd)));
        for b in [&quack, &duck, &hint, &take_back, &play_out, &practice_end] {
            set_hidden(b, true);
            append(&buttons, b);
        }
        append(&bar, &buttons);
        let chooser = with_id(el("div", "chooser"), "chooser");
        set_hidden(&chooser, true);
        append(&bar, &chooser);
        let message = with_id(el("p", "message"), "message");
        let _ = message.set_attribute("aria-live", "polite");
        append(&bar, &message);
        append(table, &bar);
        ActionBar {
            home: bar,
            status,
            message,
            quack,
            duck,
            hint,
            take_back,
            play_out,
            practice_end,
            chooser,
            chooser_shown: None,
        }
    }

    /// A new table: the chooser is drawn afresh.
    pub fn clear(&mut self) {
        self.chooser_shown = None;
    }

    pub fn render(&mut self, s: &Scene) {
        let lang = s.lang;
        let your_turn = s.waiting == Waiting::Human;
        set_text(&self.status, &s.status);
        toggle_class(&self.status, "your-turn", your_turn);
        set_text(&self.message, s.message.as_deref().unwrap_or(""));
        set_hidden(&self.message, s.message.is_none());
        if let Some(label) = &s.quack {
            set_text(&self.quack, label);
        }
        set_hidden(&self.quack, s.quack.is_none());
        set_hidden(&self.duck, !s.duck);
        set_hidden(&self.hint, !your_turn);
        set_hidden(&self.take_back, !s.take_back);
        set_hidden(&self.practice_end, !s.practising);
        set_hidden(&self.play_out, !s.play_out);
        toggle_class(&self.quack, "hinted", s.hint == Some(Hinted::Quack));
        toggle_class(&self.duck, "hinted", s.hint == Some(Hinted::Duck));
        self.render_chooser(lang, s.chooser.as_ref());
        self.mark_hinted_choice(s.hint);
    }

    fn render_chooser(&mut self, lang: Lang, c: Option<&ChooserScene>) {
        let Some(c) = rebuild(&mut self.chooser_shown, &self.chooser, c) else {
            return;
        };
        append(&self.chooser, &text_el("span", "prompt", &c.prompt));
        for &suit in &c.suits {
            let colour = if suit.is_red() { "red" } else { "black" };
            let b = action_button(&format!("suit-choice {colour}"), Command::DuckSuit);
            set_data(&b, SuitChoice(suit));
            b.set_inner_html(&suit_icon(suit, "pip"));
            append(&b, &text_el("span", "", lang.suit_title(suit)));
            append(&self.chooser, &b);
        }
        for &card in &c.cards {
            let b = card_el(lang, card, "button", "choice");
            let _ = b.set_attribute("type", "button");
            set_command(&b, Command::Choice);
            set_data(&b, CardChoice(card));
            b.remove_attribute(CardShown::ATTRIBUTE).ok();
            append(&self.chooser, &b);
        }
    }

    /// The chooser's button a hint points at (its other buttons unmarked).
    fn mark_hinted_choice(&self, hint: Option<Hinted>) {
        let (suit, card): (Option<Suit>, Option<Card>) = match hint {
            Some(Hinted::Suit(s)) => (Some(s), None),
            Some(Hinted::Choice(c)) => (None, Some(c)),
            _ => (None, None),
        };
        let mut b = self.chooser.first_element_child();
        while let Some(x) = b {
            b = x.next_element_sibling();
            let is_suit = get_data::<SuitChoice>(&x).map(|SuitChoice(s)| s) == suit;
            let is_card = get_data::<CardChoice>(&x).map(|CardChoice(c)| c) == card;
            let hinted = (suit.is_some() && is_suit) || (card.is_some() && is_card);
            toggle_class(&x, "hinted", hinted);
        }
    }
}
