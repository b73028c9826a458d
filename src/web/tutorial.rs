//! The walkthrough for newcomers: a two-player game on a fixed deal (seed
//! [`SEED`]) against a Normal computer, with a coach panel that says what to
//! do and why at each of your first decisions. The suggested card or button
//! is highlighted (the Hard player's choice, as for a hint); the player
//! completes it by clicking. The real engine plays every move.

use super::dom::{append, by_id, clear, doc, el, set_text, text_el};
use super::i18n::{Lang, K};
use crate::web::input::Command;

pub const SEED: &str = "walkthrough";
/// Your decisions the walkthrough explains before it lets go.
const STEPS: u32 = 4;

/// What the person is asked to do now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Situation {
    Lead,
    Follow,
    Quack,
    /// The leader answers a quack.
    Answer,
    /// The follower after the leader's Quack-quack (two-player).
    AfterQuackQuack,
    Wait,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Step {
    #[default]
    Off,
    Intro,
    Play,
    Done,
}

/// Where the walkthrough stands. The controller owns one; it is off
/// unless the person starts the walkthrough.
#[derive(Debug, Default)]
pub struct Walkthrough {
    step: Step,
    /// The person's moves so far, and the tricks finished.
    moves: u32,
    tricks: u32,
    /// The hint's own reason for the highlighted move.
    reason: Option<String>,
    /// The coach's Next takes the focus when it next shows (once started).
    take_focus: bool,
}

impl Walkthrough {
    pub fn set_reason(&mut self, reason: Option<String>) {
        self.reason = reason;
    }

    pub fn start(&mut self) {
        *self = Walkthrough {
            step: Step::Intro,
            take_focus: true,
            ..Walkthrough::default()
        };
    }

    pub fn active(&self) -> bool {
        self.step != Step::Off
    }

    pub fn next(&mut self) {
        if self.step == Step::Intro {
            self.step = Step::Play;
        }
    }

    pub fn end(&mut self) {
        self.step = Step::Off;
        if let Some(c) = by_id("coach") {
            c.remove();
        }
    }

    /// A move of the person's was played.
    pub fn human_moved(&mut self) {
        self.moves += 1;
    }

    pub fn trick_done(&mut self) {
        self.tricks += 1;
        if self.moves >= STEPS && self.step == Step::Play {
            self.step = Step::Done;
        }
    }

    /// Whether the intro is on show (the table waits for "Next").
    pub fn in_intro(&self) -> bool {
        self.step == Step::Intro
    }

    /// The walkthrough is over and waiting for its last click.
    pub fn done(&self) -> bool {
        self.step == Step::Done
    }

    /// Updates the coach panel after a render.
    pub fn after_render(&mut self, lang: Lang, situation: Situation) {
        if self.step == Step::Off {
            return;
        }
        coach(
            lang,
            self.step,
            self.tricks,
            self.reason.as_deref(),
            situation,
        );
        if std::mem::take(&mut self.take_focus) {
            if let Some(next) = by_id("coach-next") {
                super::dom::focus(&next);
            }
        }
    }
}

fn panel(lang: Lang) -> web_sys::Element {
    if let Some(c) = by_id("coach") {
        return c;
    }
    let c = el("aside", "coach");
    c.set_id("coach");
    let _ = c.set_attribute("aria-labelledby", "coach-title");
    let h = text_el("h2", "", lang.t(K::TutTitle));
    h.set_id("coach-title");
    append(&c, &h);
    let p = el("p", "coach-text");
    p.set_id("coach-text");
    let _ = p.set_attribute("aria-live", "polite");
    append(&c, &p);
    let r = el("p", "coach-reason");
    r.set_id("coach-reason");
    append(&c, &r);
    let b = el("div", "buttons");
    b.set_id("coach-buttons");
    append(&c, &b);
    if let Some(body) = doc().body() {
        append(&body, &c);
    }
    c
}

/// The coach panel for this step and situation.
fn coach(lang: Lang, step: Step, tricks: u32, reason: Option<&str>, situation: Situation) {
    let c = panel(lang);
    if let Some(h) = c.query_selector("h2").ok().flatten() {
        set_text(&h, lang.t(K::TutTitle));
    }
    let text = match (step, situation) {
        (Step::Intro, _) => K::TutIntro,
        (Step::Done, _) => K::TutDone,
        (_, Situation::Lead) => K::TutLead,
        (_, Situation::Follow) => K::TutFollow,
        (_, Situation::Quack) => K::TutQuack,
        (_, Situation::Answer) => K::TutAnswer,
        (_, Situation::AfterQuackQuack) => K::TutSoup,
        (_, Situation::Wait) if tricks > 0 => K::TutAfterTrick,
        (_, Situation::Wait) => K::TutIntro,
    };
    if let Some(p) = by_id("coach-text") {
        set_text(&p, lang.t(text));
    }
    if let Some(r) = by_id("coach-reason") {
        let reason = reason.filter(|_| step == Step::Play && situation != Situation::Wait);
        set_text(&r, reason.unwrap_or(""));
        super::dom::set_hidden(&r, reason.is_none());
    }
    let Some(buttons) = by_id("coach-buttons") else {
        return;
    };
    let want = (step as u8).to_string();
    if buttons.get_attribute("data-step").as_deref() != Some(want.as_str()) {
        clear(&buttons);
        if step == Step::Intro {
            let next = super::dom::action_button("primary", Command::TutorialNext);
            next.set_id("coach-next");
            next.set_text_content(Some(lang.t(K::TutNext)));
            append(&buttons, &next);
        }
        let end = super::dom::action_button(
            if step == Step::Done {
                "primary"
            } else {
                "secondary"
            },
            Command::TutorialEnd,
        );
        end.set_id("coach-end");
        end.set_text_content(Some(lang.t(K::TutEnd)));
        append(&buttons, &end);
        let _ = buttons.set_attribute("data-step", &want);
    }
}

/// Rebuilt in the new language on the next render.
pub fn relabel() {
    if let Some(c) = by_id("coach") {
        c.remove();
    }
}
