//! The replay viewer's record: every position of a game record (each
//! deal's start and each move after it), reached at the same cost at any
//! record length, and the viewer's controls. The controller holds one while
//! the viewer is showing (`Controller::replay`) and puts its positions on
//! the table.

use super::puzzle::Puzzle;
use crate::engine::{Game, GameRecord, TrickOutcome};
use crate::web::dom::{
    append, button, by_id, doc, el, opt_attr, set_attr, set_data, set_hidden, set_text, text_el,
    toggle_class,
};
use crate::web::i18n::{FullKey, Lang, K};
use crate::web::input::{ChangedField, RecordsButton};
use crate::web::model::{RecordsAction, Step};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, HtmlSelectElement};

/// The viewer keeps a copy of the game every this many deals. A step replays
/// at most this many deals from the nearest copy; the copies of a 1,000-deal
/// record take about 3.5 MB.
pub const CHECKPOINT_DEALS: usize = 64;

pub struct Replay {
    pub record: GameRecord,
    /// The position of each deal's start (position 0 is the first deal's);
    /// the positions between are its moves, one by one.
    deal_starts: Vec<usize>,
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
    /// Where a trick or a deal ended, and each deal's start, in order: the
    /// stops of a step by trick.
    stops: Vec<usize>,
    /// The game before deal `i * CHECKPOINT_DEALS` was dealt, and how many
    /// moves were made before it.
    checkpoints: Vec<(Game, usize)>,
}

impl Replay {
    pub fn new(record: GameRecord) -> Replay {
        let mut deal_starts = Vec::with_capacity(record.deals.len());
        let mut total = 0;
        for d in &record.deals {
            deal_starts.push(total);
            total += d.moves.len() + 1;
        }
        let mut checkpoints = Vec::new();
        let mut stops = Vec::new();
        let mut game = Game::new(record.rules, record.first_dealer);
        let mut moves = 0;
        // Already replayed once by the engine's check: nothing here fails.
        for (i, d) in record.deals.iter().enumerate() {
            if i % CHECKPOINT_DEALS == 0 {
                checkpoints.push((game.clone(), moves));
            }
            stops.push(deal_starts[i]);
            let _ = game.start_deal(d.deck.clone(), d.seed.clone());
            for (j, &mv) in d.moves.iter().enumerate() {
                if game
                    .play(mv)
                    .is_ok_and(|e| e.trick.is_some() || e.deal_over)
                {
                    stops.push(deal_starts[i] + j + 1);
                }
            }
            moves += d.moves.len();
        }
        Replay {
            record,
            deal_starts,
            total,
            pos: 0,
            reveal: false,
            seat: 0,
            playing: false,
            speed: 1,
            captions: Vec::new(),
            puzzle: None,
            notice: None,
            review: None,
            stops,
            checkpoints,
        }
    }

    /// The deal (from 0) and the moves played in it at position `pos`.
    pub fn place(&self, pos: usize) -> (usize, usize) {
        let deal = self.deal_starts.partition_point(|&s| s <= pos) - 1;
        (deal, pos - self.deal_starts[deal])
    }

    /// The table at position `pos`.
    pub fn at(&self, pos: usize) -> Option<Position> {
        let (deal, upto) = self.place(pos);
        let first = deal / CHECKPOINT_DEALS * CHECKPOINT_DEALS;
        let (mut game, mut moves) = self.checkpoints.get(deal / CHECKPOINT_DEALS)?.clone();
        let mut held = None;
        for (d, log) in self.record.deals[first..=deal].iter().enumerate() {
            game.start_deal(log.deck.clone(), log.seed.clone()).ok()?;
            held = None;
            let count = if first + d == deal {
                upto
            } else {
                log.moves.len()
            };
            for &mv in &log.moves[..count] {
                held = game.play(mv).ok()?.trick;
                moves += 1;
            }
        }
        Some(Position { game, moves, held })
    }
}

/// The table at one position of the record.
pub struct Position {
    pub game: Game,
    /// Moves made since the game began.
    pub moves: usize,
    /// The trick the last move finished, on show.
    pub held: Option<TrickOutcome>,
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
                .stops
                .iter()
                .rev()
                .find(|&&s| s < pos)
                .copied()
                .unwrap_or(0),
            Step::TrickForward => self
                .stops
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

const STEPS: [(RecordsButton, FullKey, &str, &str); 7] = [
    (RecordsButton::First, K::ReplayStart, "«", "Home"),
    (
        RecordsButton::TrickBack,
        K::ReplayTrickBack,
        "⇤",
        "Shift+ArrowLeft PageUp",
    ),
    (RecordsButton::Back, K::ReplayBack, "‹", "ArrowLeft"),
    (RecordsButton::Play, K::ReplayPlay, "▶", "Space"),
    (RecordsButton::Forward, K::ReplayForward, "›", "ArrowRight"),
    (
        RecordsButton::TrickForward,
        K::ReplayTrickForward,
        "⇥",
        "Shift+ArrowRight PageDown",
    ),
    (RecordsButton::Last, K::ReplayEnd, "»", "End"),
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
    for (command, label, text, keys) in STEPS {
        let x = button("secondary step");
        x.set_id(&format!("replay-{}", command.name()));
        set_data(&x, command);
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
    set_data(&jump, ChangedField::ReplayJump);
    append(&b, &field(lang.t(K::ReplayJump), &jump));
    let speed = el("select", "");
    speed.set_id("replay-speed");
    set_data(&speed, ChangedField::ReplaySpeed);
    for (i, (_, label)) in SPEEDS.iter().enumerate() {
        let o = text_el("option", "", label);
        let _ = o.set_attribute("value", &i.to_string());
        append(&speed, &o);
    }
    append(&b, &field(lang.t(K::ReplaySpeed), &speed));
    let seat = el("select", "");
    seat.set_id("replay-seat");
    set_data(&seat, ChangedField::ReplaySeat);
    for i in 0..s.seats {
        let o = text_el("option", "", lang.seat_name(s.seats, i));
        let _ = o.set_attribute("value", &i.to_string());
        append(&seat, &o);
    }
    append(&b, &field(lang.t(K::ReplaySeat), &seat));
    let r = button("secondary");
    r.set_id("replay-reveal");
    set_data(&r, RecordsButton::Reveal);
    append(&b, &r);
    if !s.embedded {
        let x = button("primary");
        x.set_id("replay-exit");
        set_data(&x, RecordsButton::Exit);
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
    for (command, _, _, _) in STEPS {
        let Some(x) = by_id(&format!("replay-{}", command.name())) else {
            continue;
        };
        let off = match command {
            RecordsButton::First | RecordsButton::TrickBack | RecordsButton::Back => !s.can_back,
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
