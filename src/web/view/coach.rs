//! The walkthrough's coach panel (`#coach`, an aside of `<body>`), written
//! from the scene's `coach` (`page::walkthrough::CoachScene`): made as the
//! walkthrough starts, its words changed in place, its buttons made again
//! when they change, removed as it ends. The intro's *Next* takes the focus
//! as the panel first shows.

use super::super::dom::{action_button, append, clear, doc, el, focus, set_hidden, set_text};
use crate::page::input::Command;
use crate::page::walkthrough::CoachScene;
use web_sys::Element;

/// The panel's elements.
struct Panel {
    aside: Element,
    title: Element,
    text: Element,
    reason: Element,
    buttons: Element,
}

#[derive(Default)]
pub struct Coach {
    panel: Option<Panel>,
    /// The panel as last written.
    shown: Option<CoachScene>,
}

impl Coach {
    pub fn render(&mut self, coach: Option<&CoachScene>) {
        let Some(now) = coach else {
            if let Some(p) = self.panel.take() {
                p.aside.remove();
            }
            self.shown = None;
            return;
        };
        if self.shown.as_ref() == Some(now) {
            return;
        }
        let first = self.panel.is_none();
        let p = self.panel.get_or_insert_with(Panel::build);
        set_text(&p.title, now.title);
        set_text(&p.text, now.text);
        set_text(&p.reason, now.reason.as_deref().unwrap_or(""));
        set_hidden(&p.reason, now.reason.is_none());
        let before = self.shown.as_ref();
        let same_buttons = before.is_some_and(|b| {
            (b.next, b.end, b.end_primary) == (now.next, now.end, now.end_primary)
        });
        if !same_buttons {
            clear(&p.buttons);
            if let Some(label) = now.next {
                let next = action_button("primary", Command::TutorialNext);
                next.set_id("coach-next");
                set_text(&next, label);
                append(&p.buttons, &next);
                if first {
                    focus(&next);
                }
            }
            let class = if now.end_primary {
                "primary"
            } else {
                "secondary"
            };
            let end = action_button(class, Command::TutorialEnd);
            end.set_id("coach-end");
            set_text(&end, now.end);
            append(&p.buttons, &end);
        }
        self.shown = Some(now.clone());
    }
}

impl Panel {
    fn build() -> Panel {
        let aside = el("aside", "coach");
        aside.set_id("coach");
        let _ = aside.set_attribute("aria-labelledby", "coach-title");
        let title = el("h2", "");
        title.set_id("coach-title");
        let text = el("p", "coach-text");
        text.set_id("coach-text");
        let _ = text.set_attribute("aria-live", "polite");
        let reason = el("p", "coach-reason");
        reason.set_id("coach-reason");
        let buttons = el("div", "buttons");
        buttons.set_id("coach-buttons");
        for part in [&title, &text, &reason, &buttons] {
            append(&aside, part);
        }
        if let Some(body) = doc().body() {
            append(&body, &aside);
        }
        Panel {
            aside,
            title,
            text,
            reason,
            buttons,
        }
    }
}
