//! The replay viewer's record: every position of a game record (each
//! deal's start and each move after it), reached at the same cost at any
//! record length (`page::positions`), and the viewer's controls. The
//! controller holds one while the viewer is showing (`Controller::replay`)
//! and puts its positions on the table.

use super::puzzle::Puzzle;
use crate::engine::GameRecord;
pub use crate::page::positions::Position;
use crate::page::positions::Positions;
use crate::web::dom::{
    append, button, by_id, doc, el, opt_attr, set_attr, set_hidden, set_text, text_el, toggle_class,
};
use crate::web::i18n::{FullKey, Lang, K};
use crate::web::model::{RecordsAction, Step};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, HtmlSelectElement};

pub struct Replay {
    pub record: GameRecord,
    /// Where each deal and trick starts, and the copies of the game that
    /// make any position quick to reach.
    positions: Positions,
    /// How many positions there are.
    pub total: usize,
    pub pos: usize,
    pub reveal: bool,
    /// The seat shown at the bottom of the table.
    pub seat: u8,
    /// Playing on by itself, one move every so often (see [`SPEEDS`]).
    pub playing: bool,
    /// An index into [`SPEEDS`].
    pub speed: usize,
    /// Captions by move number (`records::link`).
    pub captions: Vec<(usize, String)>,
    /// A puzzle (`&puzzle=N`), asked when the viewer reaches it.
    pub puzzle: Option<Puzzle>,
    /// A one-line notice about the link (e.g. a puzzle's move that is not there).
    pub notice: Option<String>,
    /// The review of one of its deals (`page::review`), once asked.
    pub review: Option<crate::page::review::Review>,
}

impl Replay {
    pub fn new(record: GameRecord) -> Replay {
        // (Already replayed once by the engine's check: nothing here fails.)
        let positions = Positions::new(&record);
        Replay {
            total: positions.total(),
            record,
            positions,
            pos: 0,
            reveal: false,
            seat: 0,
            playing: false,
            speed: 1,
            captions: Vec::new(),
            puzzle: None,
            notice: None,
            review: None,
        }
    }

    /// The deal (from 0) and the moves played in it at position `pos`.
    pub fn place(&self, pos: usize) -> (usize, usize) {
        self.positions.place(pos)
    }

    /// The table at position `pos`.
    pub fn at(&self, pos: usize) -> Option<Position> {
        self.positions.at(&self.record, pos)
    }
}

impl Replay {
    /// The puzzle, while it waits for the person's answer at this position.
    pub fn asking(&self) -> Option<&Puzzle> {
        self.puzzle
            .as_ref()
            .filter(|p| p.verdict.is_none() && p.pos == self.pos)
    }

    /// The puzzle asked at the position on show, answered or not.
    pub fn puzzle_here(&mut self) -> Option<&mut Puzzle> {
        let pos = self.pos;
        self.puzzle.as_mut().filter(|p| p.pos == pos)
    }

    /// The furthest position a step may reach: an unanswered puzzle stops
    /// the viewer.
    fn limit(&self) -> usize {
        match &self.puzzle {
            Some(p) if p.verdict.is_none() && self.pos <= p.pos => p.pos,
            _ => self.total - 1,
        }
    }

    /// Whether a step forward is possible.
    pub fn can_forward(&self) -> bool {
        self.pos < self.limit()
    }

    /// Moves to another position (never past either end, nor past an
    /// unanswered puzzle).
    pub fn step(&mut self, step: Step) {
        let end = self.limit();
        let pos = self.pos;
        self.pos = match step {
            Step::First => 0,
            Step::Back => pos.saturating_sub(1),
            Step::Forward => pos + 1,
            Step::Last => end,
            Step::TrickBack => self
                .positions
                .stops()
                .iter()
                .rev()
                .find(|&&s| s < pos)
                .copied()
                .unwrap_or(0),
            Step::TrickForward => self
                .positions
                .stops()
                .iter()
                .find(|&&s| s > pos)
                .copied()
                .unwrap_or(end),
        }
        .min(end);
    }

    /// Goes to a position (as far as a step may go).
    pub fn go(&mut self, pos: usize) {
        self.pos = pos.min(self.limit());
    }
}

/// How fast the viewer plays on by itself: moves per 1.6 s at normal pace.
pub const SPEEDS: [(f64, &str); 3] = [(0.5, "½×"), (1.0, "1×"), (2.0, "2×")];

/// What the viewer's bar shows (plain values from the controller).
pub struct BarState<'a> {
    pub pos: usize,
    pub total: usize,
    /// "Deal 1 · move 3 of 40".
    pub where_text: &'a str,
    /// Moves made in the game at this position, and in all.
    pub move_no: usize,
    pub moves: usize,
    pub reveal: bool,
    pub playing: bool,
    pub speed: usize,
    /// The seat at the bottom, and how many seats.
    pub seat: u8,
    pub seats: u8,
    pub can_back: bool,
    pub can_forward: bool,
    /// The caption, puzzle or notice lines at this position.
    pub note: &'a str,
    pub puzzling: bool,
    /// An embedded viewer has no game of the person's to go back to.
    pub embedded: bool,
}

const STEPS: [(&str, FullKey, &str, &str); 7] = [
    ("first", K::ReplayStart, "«", "Home"),
    (
        "trick-back",
        K::ReplayTrickBack,
        "⇤",
        "Shift+ArrowLeft PageUp",
    ),
    ("back", K::ReplayBack, "‹", "ArrowLeft"),
    ("play", K::ReplayPlay, "▶", "Space"),
    ("forward", K::ReplayForward, "›", "ArrowRight"),
    (
        "trick-forward",
        K::ReplayTrickForward,
        "⇥",
        "Shift+ArrowRight PageDown",
    ),
    ("last", K::ReplayEnd, "»", "End"),
];

fn field(label: &str, control: &Element) -> Element {
    let l = el("label", "replay-field");
    append(&l, &text_el("span", "", label));
    append(&l, control);
    l
}

/// Builds the viewer's controls (once per language).
fn build(lang: Lang, s: &BarState) -> Element {
    let body = doc().body().expect("a body");
    let b = el("div", "replay-bar");
    b.set_id("replay-bar");
    let _ = b.set_attribute("role", "group");
    let _ = b.set_attribute("aria-label", lang.t(K::ReplayTitle));
    let _ = b.set_attribute("data-lang", lang.tag());
    append(
        &b,
        &text_el("strong", "replay-title", lang.t(K::ReplayTitle)),
    );
    let place = el("span", "replay-pos");
    place.set_id("replay-pos");
    append(&b, &place);
    let group = el("span", "replay-steps");
    for (id, label, text, keys) in STEPS {
        let x = button("secondary step");
        x.set_id(&format!("replay-{id}"));
        let _ = x.set_attribute("data-rec", id);
        let _ = x.set_attribute("aria-label", lang.t(label));
        let _ = x.set_attribute("title", lang.t(label));
        let _ = x.set_attribute("aria-keyshortcuts", keys);
        x.set_text_content(Some(text));
        append(&group, &x);
    }
    append(&b, &group);
    let jump = el("input", "");
    jump.set_id("replay-jump");
    let _ = jump.set_attribute("type", "number");
    let _ = jump.set_attribute("min", "0");
    let _ = jump.set_attribute("inputmode", "numeric");
    let _ = jump.set_attribute("data-change", "replay-jump");
    append(&b, &field(lang.t(K::ReplayJump), &jump));
    let speed = el("select", "");
    speed.set_id("replay-speed");
    let _ = speed.set_attribute("data-change", "replay-speed");
    for (i, (_, label)) in SPEEDS.iter().enumerate() {
        let o = text_el("option", "", label);
        let _ = o.set_attribute("value", &i.to_string());
        append(&speed, &o);
    }
    append(&b, &field(lang.t(K::ReplaySpeed), &speed));
    let seat = el("select", "");
    seat.set_id("replay-seat");
    let _ = seat.set_attribute("data-change", "replay-seat");
    for i in 0..s.seats {
        let o = text_el("option", "", lang.seat_name(s.seats, i));
        let _ = o.set_attribute("value", &i.to_string());
        append(&seat, &o);
    }
    append(&b, &field(lang.t(K::ReplaySeat), &seat));
    let r = button("secondary");
    r.set_id("replay-reveal");
    let _ = r.set_attribute("data-rec", "reveal");
    append(&b, &r);
    if !s.embedded {
        let x = button("primary");
        x.set_id("replay-exit");
        let _ = x.set_attribute("data-rec", "exit");
        x.set_text_content(Some(lang.t(K::ExitReplay)));
        append(&b, &x);
    }
    // Captions and the puzzle's words: text only, read out when they change.
    let note = el("p", "replay-note");
    note.set_id("replay-note");
    let _ = note.set_attribute("role", "status");
    append(&b, &note);
    // In the action bar, in place of the prompts (see the CSS).
    let bar = doc().query_selector(".actionbar").ok().flatten();
    append(bar.as_ref().unwrap_or(&body), &b);
    b
}

/// The viewer's controls, in the action bar: made once (again when the
/// language or the table changes), then only brought up to date, so that
/// the focus stays on the control that was used.
pub fn bar(lang: Lang, s: &BarState) {
    let body = doc().body().expect("a body");
    let _ = body.class_list().add_1("replaying");
    toggle_class(&body, "puzzling", s.puzzling);
    let fresh = by_id("replay-bar").filter(|b| {
        b.get_attribute("data-lang").as_deref() == Some(lang.tag())
            && b.query_selector_all("#replay-seat option")
                .map_or(0, |l| l.length())
                == u32::from(s.seats)
            && by_id("replay-exit").is_none() == s.embedded
            && b.parent_element()
                .is_some_and(|p| p.class_list().contains("actionbar"))
    });
    if fresh.is_none() {
        remove_bar();
        let _ = body.class_list().add_1("replaying");
        toggle_class(&body, "puzzling", s.puzzling);
        build(lang, s);
    }
    let Some(place) = by_id("replay-pos") else {
        return;
    };
    set_text(&place, s.where_text);
    set_attr(&place, "data-pos", &s.pos.to_string());
    set_attr(&place, "data-total", &(s.total - 1).to_string());
    for (id, _, _, _) in STEPS {
        let Some(x) = by_id(&format!("replay-{id}")) else {
            continue;
        };
        let off = match id {
            "first" | "trick-back" | "back" => !s.can_back,
            _ => !s.can_forward,
        };
        opt_attr(&x, "disabled", off.then_some(""));
    }
    if let Some(x) = by_id("replay-play") {
        let label = lang.t(if s.playing {
            K::ReplayPause
        } else {
            K::ReplayPlay
        });
        set_attr(&x, "aria-label", label);
        set_attr(&x, "title", label);
        set_attr(&x, "aria-pressed", if s.playing { "true" } else { "false" });
        set_text(&x, if s.playing { "❚❚" } else { "▶" });
        // Pausing stays possible at the end of what may be played.
        if s.playing {
            remove_attr_disabled(&x);
        }
    }
    if let Some(j) = by_id("replay-jump").and_then(|e| e.dyn_into::<HtmlInputElement>().ok()) {
        set_attr(&j, "max", &s.moves.to_string());
        if doc().active_element().as_ref() != Some(j.as_ref()) {
            j.set_value(&s.move_no.to_string());
        }
        set_attr(
            &j,
            "aria-valuetext",
            &lang.tf(
                K::ReplayMoveOf,
                &[&s.move_no.to_string(), &s.moves.to_string()],
            ),
        );
    }
    for (id, value) in [("replay-speed", s.speed), ("replay-seat", s.seat as usize)] {
        if let Some(x) = by_id(id).and_then(|e| e.dyn_into::<HtmlSelectElement>().ok()) {
            x.set_value(&value.to_string());
            if id == "replay-seat" {
                x.set_disabled(s.puzzling);
            }
        }
    }
    if let Some(r) = by_id("replay-reveal") {
        set_attr(&r, "aria-pressed", if s.reveal { "true" } else { "false" });
        set_text(
            &r,
            lang.t(if s.reveal {
                K::HideHands
            } else {
                K::RevealHands
            }),
        );
    }
    if let Some(n) = by_id("replay-note") {
        set_text(&n, s.note);
        set_hidden(&n, s.note.is_empty());
    }
}

fn remove_attr_disabled(e: &Element) {
    opt_attr(e, "disabled", None);
}

/// The viewer's keys, while its bar is up: ← → a move, Shift+← → or
/// Page Up / Page Down a trick, Home and End the ends, Space plays or
/// pauses. Not while typing in a field, and Space not on a button (which
/// it presses).
pub fn key(target: &Element, key: &str, shift: bool) -> Option<RecordsAction> {
    by_id("replay-bar")?;
    let tag = target.tag_name().to_ascii_lowercase();
    if matches!(tag.as_str(), "input" | "select" | "textarea") {
        return None;
    }
    let step = match key {
        "ArrowLeft" if shift => Step::TrickBack,
        "ArrowRight" if shift => Step::TrickForward,
        "ArrowLeft" => Step::Back,
        "ArrowRight" => Step::Forward,
        "PageUp" => Step::TrickBack,
        "PageDown" => Step::TrickForward,
        "Home" => Step::First,
        "End" => Step::Last,
        " " if tag != "button" => return Some(RecordsAction::Play),
        _ => return None,
    };
    Some(RecordsAction::Step(step))
}

/// Takes the viewer's controls away.
pub fn remove_bar() {
    if let Some(bar) = by_id("replay-bar") {
        bar.remove();
    }
    if let Some(b) = doc().body() {
        let _ = b.class_list().remove_1("replaying");
        let _ = b.class_list().remove_1("puzzling");
    }
}
