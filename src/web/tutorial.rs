//! The walkthrough for newcomers: a two-player game on a fixed deal (seed
//! [`SEED`]) against a Normal computer, with a coach panel that says what to
//! do and why at each of your first decisions. The suggested card or button
//! is highlighted (the Hard player's choice, as for a hint); the player
//! completes it by clicking. The real engine plays every move.

use super::dom::{append, by_id, clear, doc, el, set_text, text_el};
use super::i18n::{t, K};
use std::cell::Cell;

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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Off,
    Intro,
    Play,
    Done,
}

thread_local! {
    static STEP: Cell<Step> = const { Cell::new(Step::Off) };
    static MOVES: Cell<u32> = const { Cell::new(0) };
    static TRICKS: Cell<u32> = const { Cell::new(0) };
    /// The hint's own reason for the highlighted move.
    static REASON: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

pub fn set_reason(reason: Option<String>) {
    REASON.with(|r| *r.borrow_mut() = reason);
}

pub fn start() {
    STEP.with(|s| s.set(Step::Intro));
    MOVES.with(|m| m.set(0));
    TRICKS.with(|m| m.set(0));
}

pub fn active() -> bool {
    STEP.with(|s| s.get()) != Step::Off
}

pub fn next() {
    if STEP.with(|s| s.get()) == Step::Intro {
        STEP.with(|s| s.set(Step::Play));
    }
}

pub fn end() {
    STEP.with(|s| s.set(Step::Off));
    if let Some(c) = by_id("coach") {
        c.remove();
    }
}

/// A move of yours was played.
pub fn human_moved() {
    MOVES.with(|m| m.set(m.get() + 1));
}

pub fn trick_done() {
    TRICKS.with(|m| m.set(m.get() + 1));
    if MOVES.with(|m| m.get()) >= STEPS && STEP.with(|s| s.get()) == Step::Play {
        STEP.with(|s| s.set(Step::Done));
    }
}

fn panel() -> web_sys::Element {
    if let Some(c) = by_id("coach") {
        return c;
    }
    let c = el("aside", "coach");
    c.set_id("coach");
    let _ = c.set_attribute("aria-labelledby", "coach-title");
    let h = text_el("h2", "", t(K::TutTitle));
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

/// Updates the coach panel after a render.
pub fn after_render(situation: Situation) {
    let step = STEP.with(|s| s.get());
    if step == Step::Off {
        return;
    }
    let c = panel();
    if let Some(h) = c.query_selector("h2").ok().flatten() {
        set_text(&h, t(K::TutTitle));
    }
    let tricks = TRICKS.with(|m| m.get());
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
        set_text(&p, t(text));
    }
    if let Some(r) = by_id("coach-reason") {
        let reason = REASON
            .with(|r| r.borrow().clone())
            .filter(|_| step == Step::Play && situation != Situation::Wait);
        set_text(&r, reason.as_deref().unwrap_or(""));
        super::dom::set_hidden(&r, reason.is_none());
    }
    let Some(buttons) = by_id("coach-buttons") else {
        return;
    };
    let want = (step as u8).to_string();
    if buttons.get_attribute("data-step").as_deref() != Some(want.as_str()) {
        clear(&buttons);
        if step == Step::Intro {
            let next = super::dom::button("primary", "tutorial-next");
            next.set_id("coach-next");
            next.set_text_content(Some(t(K::TutNext)));
            append(&buttons, &next);
        }
        let end = super::dom::button(
            if step == Step::Done {
                "primary"
            } else {
                "secondary"
            },
            "tutorial-end",
        );
        end.set_id("coach-end");
        end.set_text_content(Some(t(K::TutEnd)));
        append(&buttons, &end);
        let _ = buttons.set_attribute("data-step", &want);
    }
}

/// Whether the intro is on show (the table waits for "Next").
pub fn in_intro() -> bool {
    STEP.with(|s| s.get()) == Step::Intro
}

/// The walkthrough is over and waiting for its last click.
pub fn done() -> bool {
    STEP.with(|s| s.get()) == Step::Done
}

/// Rebuilt in the new language on the next render.
pub fn relabel() {
    if let Some(c) = by_id("coach") {
        c.remove();
    }
}
