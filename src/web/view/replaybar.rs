//! The replay viewer's bar (the full page's), in the action bar in place of
//! the prompts (see `www/full.css`): written from its scene
//! (`page::replay_bar::ReplayBarScene`). Its frame (the buttons, fields and
//! their labels) is made when the bar first shows and again only when the
//! scene's `frame` changes (the language, the game's seats, an embed);
//! otherwise only the parts that changed are written, so that the focus
//! stays on the control that was used. It is taken away when the scene has
//! no bar.

use crate::page::input::{ChangedField, RecordsButton};
use crate::page::replay_bar::{
    BarFrame, JumpScene, ReplayBarScene, StepState, SPEEDS, STEP_BUTTONS,
};
use crate::web::dom::{
    append, button, doc, el, opt_attr, set_attr, set_data, set_hidden, set_text, text_el,
};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, HtmlSelectElement};

/// The bar while it shows: its elements and the scene they show.
#[derive(Default)]
pub struct ReplayBar {
    shown: Option<(BarEls, ReplayBarScene)>,
    /// The move number last written into the jump field (not while the
    /// person types in it).
    jump_written: Option<usize>,
}

struct BarEls {
    root: Element,
    place: Element,
    /// The step buttons, in the frame's order.
    steps: Vec<Element>,
    jump: HtmlInputElement,
    speed: HtmlSelectElement,
    seat: HtmlSelectElement,
    reveal: Element,
    note: Element,
}

impl ReplayBar {
    /// Writes the bar `s` into `home` (the action bar), or takes it away.
    pub fn render(&mut self, home: &Element, s: Option<ReplayBarScene>) {
        let Some(s) = s else {
            if let Some((els, _)) = self.shown.take() {
                els.root.remove();
            }
            self.jump_written = None;
            return;
        };
        let (els, before) = match self.shown.take() {
            Some((els, before)) if before.frame == s.frame => (els, Some(before)),
            old => {
                if let Some((els, _)) = old {
                    els.root.remove();
                }
                self.jump_written = None;
                (build(home, &s.frame), None)
            }
        };
        self.write(&els, before.as_ref(), &s);
        self.shown = Some((els, s));
    }

    /// Writes the parts of `s` that differ from `before` (all of them on a
    /// new frame).
    fn write(&mut self, els: &BarEls, before: Option<&ReplayBarScene>, s: &ReplayBarScene) {
        if before.is_none_or(|b| b.where_text != s.where_text || b.pos != s.pos || b.last != s.last)
        {
            set_text(&els.place, &s.where_text);
            set_attr(&els.place, "data-pos", &s.pos.to_string());
            set_attr(&els.place, "data-total", &s.last.to_string());
        }
        for (i, (x, now)) in els.steps.iter().zip(&s.steps).enumerate() {
            write_step(x, before.map(|b| &b.steps[i]), now);
        }
        self.write_jump(&els.jump, before.map(|b| &b.jump), &s.jump);
        if before.is_none_or(|b| b.speed != s.speed) {
            els.speed.set_value(&s.speed.to_string());
        }
        if before.is_none_or(|b| b.seat != s.seat || b.seat_locked != s.seat_locked) {
            els.seat.set_value(&s.seat.to_string());
            els.seat.set_disabled(s.seat_locked);
        }
        if before.is_none_or(|b| b.reveal != s.reveal || b.reveal_label != s.reveal_label) {
            set_attr(&els.reveal, "aria-pressed", pressed(s.reveal));
            set_text(&els.reveal, s.reveal_label);
        }
        if before.is_none_or(|b| b.note != s.note) {
            set_text(&els.note, &s.note);
            set_hidden(&els.note, s.note.is_empty());
        }
    }

    /// The jump field: its bounds and words, and the move on show, which
    /// is not written while the person types in the field.
    fn write_jump(&mut self, j: &HtmlInputElement, before: Option<&JumpScene>, now: &JumpScene) {
        if before.is_none_or(|b| b.max != now.max || b.value_text != now.value_text) {
            set_attr(j, "max", &now.max.to_string());
            set_attr(j, "aria-valuetext", &now.value_text);
        }
        let typing = doc().active_element().as_ref() == Some(j.as_ref());
        if self.jump_written != Some(now.value) && !typing {
            j.set_value(&now.value.to_string());
            self.jump_written = Some(now.value);
        }
    }
}

fn pressed(on: bool) -> &'static str {
    if on {
        "true"
    } else {
        "false"
    }
}

/// A step button's label, glyph, state and toggle, where they changed.
fn write_step(x: &Element, before: Option<&StepState>, now: &StepState) {
    if before.is_none_or(|b| b.label != now.label) {
        set_attr(x, "aria-label", now.label);
        set_attr(x, "title", now.label);
    }
    if before.is_none_or(|b| b.glyph != now.glyph) {
        set_text(x, now.glyph);
    }
    if before.is_none_or(|b| b.disabled != now.disabled) {
        opt_attr(x, "disabled", now.disabled.then_some(""));
    }
    if before.is_none_or(|b| b.pressed != now.pressed) {
        opt_attr(x, "aria-pressed", now.pressed.map(pressed));
    }
}

/// A labelled field of the bar.
fn field(label: &str, control: &Element) -> Element {
    let l = el("label", "replay-field");
    append(&l, &text_el("span", "", label));
    append(&l, control);
    l
}

/// A `<select>` of the bar with its options (values from 0).
fn select<'a>(field: ChangedField, options: impl Iterator<Item = &'a str>) -> Element {
    let s = el("select", "");
    s.set_id(field.name());
    set_data(&s, field);
    for (i, label) in options.enumerate() {
        let o = text_el("option", "", label);
        set_attr(&o, "value", &i.to_string());
        append(&s, &o);
    }
    s
}

/// Makes the bar's frame at the end of `home`; its changing parts are
/// written by [`ReplayBar::render`].
fn build(home: &Element, f: &BarFrame) -> BarEls {
    let b = el("div", "replay-bar");
    b.set_id("replay-bar");
    set_attr(&b, "role", "group");
    set_attr(&b, "aria-label", f.title);
    set_attr(&b, "data-lang", f.lang.tag());
    append(&b, &text_el("strong", "replay-title", f.title));
    let place = el("span", "replay-pos");
    place.set_id("replay-pos");
    append(&b, &place);
    let group = el("span", "replay-steps");
    let steps = STEP_BUTTONS
        .iter()
        .map(|step| {
            let x = button("secondary step");
            x.set_id(&format!("replay-{}", step.button.name()));
            set_data(&x, step.button);
            set_attr(&x, "aria-keyshortcuts", step.keys);
            append(&group, &x);
            x
        })
        .collect();
    append(&b, &group);
    let jump = el("input", "");
    jump.set_id("replay-jump");
    set_attr(&jump, "type", "number");
    set_attr(&jump, "min", "0");
    set_attr(&jump, "inputmode", "numeric");
    set_data(&jump, ChangedField::ReplayJump);
    append(&b, &field(f.jump_label, &jump));
    let speed = select(
        ChangedField::ReplaySpeed,
        SPEEDS.iter().map(|&(_, label)| label),
    );
    append(&b, &field(f.speed_label, &speed));
    let seat = select(ChangedField::ReplaySeat, f.seats.iter().copied());
    append(&b, &field(f.seat_label, &seat));
    let reveal = button("secondary");
    reveal.set_id("replay-reveal");
    set_data(&reveal, RecordsButton::Reveal);
    append(&b, &reveal);
    if let Some(words) = f.exit {
        let x = button("primary");
        x.set_id("replay-exit");
        set_data(&x, RecordsButton::Exit);
        set_text(&x, words);
        append(&b, &x);
    }
    // Captions and the puzzle's words: text only, read out when they change.
    let note = el("p", "replay-note");
    note.set_id("replay-note");
    set_attr(&note, "role", "status");
    append(&b, &note);
    append(home, &b);
    BarEls {
        root: b,
        place,
        steps,
        jump: jump.unchecked_into(),
        speed: speed.unchecked_into(),
        seat: seat.unchecked_into(),
        reveal,
        note,
    }
}
