//! The "Share and records" dialog, game records (export and import) and the
//! replay viewer.
//!
//! - Share: the link to this game ([`super::share::link`]), copied with
//!   `navigator.clipboard` where the browser allows it, else left selected in
//!   a text field; the daily deal and its result text.
//! - Export: the game so far as a RULES.md section 4 record (`RecordFile`
//!   through serde-wasm-bindgen and the browser's `JSON.stringify`),
//!   downloaded through a Blob object URL and shown in a text box to copy.
//! - Import: a record from a file or pasted text: refused at once above
//!   1 MB or 1,000 deals (the limits and why: [`super::input`]), else parsed
//!   by the browser's `JSON.parse`, read into a `RecordFile` and checked by
//!   the engine (`GameRecord::try_from`, then `replay`; a bad record shows the
//!   engine's one-line `RecordError`), then replayed in the viewer.
//! - Replay viewer: the table from South's seat at any position of the record
//!   (every deal's start and each move after it), with start/back/forward/end,
//!   and a switch that shows every hand (a record is public). A step costs the
//!   same at any record length: it starts from a copy of the game kept every
//!   [`CHECKPOINT_DEALS`] deals and replays at most that many. Nothing is
//!   saved while viewing; leaving the viewer puts the saved game back.
//! - Statistics ([`super::persist::stats_rows`]).
//!
//! Elements carry `data-rec="…"` for their action; one delegated listener handles them.

use super::controller::{self, Controller, Shared};
use super::model::{Player, Setup, Ui};
use super::dom::{append, button, by_id, clear, dialog_form, doc, el, text_el};
use super::i18n::{t, tf, K};
use super::input::{size_text, thousands, MAX_RECORD_BYTES, MAX_RECORD_DEALS};
use super::{persist, serial, share};
use crate::ai::Level;
use crate::engine::{Game, GameKind, GameRecord, RecordFile, TrickOutcome};
use gloo::events::EventListener;
use std::cell::RefCell;
use std::rc::{Rc, Weak};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlDialogElement, HtmlElement, HtmlInputElement};

/// The viewer keeps a copy of the game every this many deals. A step replays
/// at most this many deals from the nearest copy; the copies of a 1,000-deal
/// record take about 3.5 MB.
const CHECKPOINT_DEALS: usize = 64;

struct Replay {
    record: GameRecord,
    /// The position of each deal's start (position 0 is the first deal's);
    /// the positions between are its moves, one by one.
    deal_starts: Vec<usize>,
    /// How many positions there are.
    total: usize,
    pos: usize,
    reveal: bool,
    /// The game before deal `i * CHECKPOINT_DEALS` was dealt, and how many
    /// moves were made before it.
    checkpoints: Vec<(Game, usize)>,
}

impl Replay {
    fn new(record: GameRecord) -> Replay {
        let mut deal_starts = Vec::with_capacity(record.deals.len());
        let mut total = 0;
        for d in &record.deals {
            deal_starts.push(total);
            total += d.moves.len() + 1;
        }
        let mut checkpoints = Vec::new();
        let mut game = Game::new(record.rules, record.first_dealer);
        let mut moves = 0;
        // Already replayed once by the engine's check: nothing here fails.
        for (i, d) in record.deals.iter().enumerate() {
            if i % CHECKPOINT_DEALS == 0 {
                checkpoints.push((game.clone(), moves));
            }
            let _ = game.start_deal(d.deck.clone(), d.seed.clone());
            for &mv in &d.moves {
                let _ = game.play(mv);
            }
            moves += d.moves.len();
        }
        Replay {
            record,
            deal_starts,
            total,
            pos: 0,
            reveal: false,
            checkpoints,
        }
    }

    /// The deal (from 0) and the moves played in it at position `pos`.
    fn place(&self, pos: usize) -> (usize, usize) {
        let deal = self.deal_starts.partition_point(|&s| s <= pos) - 1;
        (deal, pos - self.deal_starts[deal])
    }

    /// The table at position `pos`.
    fn at(&self, pos: usize) -> Option<Position> {
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
        Some(Position {
            game,
            moves,
            held,
        })
    }
}

/// The table at one position of the record.
struct Position {
    game: Game,
    /// Moves made since the game began.
    moves: usize,
    /// The trick the last move finished, on show.
    held: Option<TrickOutcome>,
}

thread_local! {
    static REPLAY: RefCell<Option<Replay>> = const { RefCell::new(None) };
}

/// Whether the replay viewer is showing.
pub fn viewing() -> bool {
    REPLAY.with(|r| r.borrow().is_some())
}

/// Adds the Share tool to the header and wires the dialog's buttons.
pub fn init(controller: &Shared) {
    if !super::embed::active() {
        if let Some(tools) = doc().query_selector(".topbar .tools").ok().flatten() {
            let b = button("tool", "");
            b.set_id("share-tool");
            let _ = b.set_attribute("data-rec", "open");
            let _ = b.set_attribute("title", t(K::ShareTool));
            let _ = b.set_attribute("aria-label", t(K::ShareTool));
            b.set_inner_html(
                "<svg class=\"icon\" viewBox=\"0 0 100 100\" aria-hidden=\"true\" focusable=\"false\"><g fill=\"none\" stroke=\"currentColor\" stroke-width=\"8\" stroke-linecap=\"round\"><circle cx=\"72\" cy=\"24\" r=\"11\"/><circle cx=\"28\" cy=\"50\" r=\"11\"/><circle cx=\"72\" cy=\"76\" r=\"11\"/><path d=\"M38 44l24-14M38 56l24 14\"/></g></svg><span class=\"label\"></span>",
            );
            if let Some(l) = b.query_selector(".label").ok().flatten() {
                l.set_text_content(Some(t(K::ShareTool)));
            }
            let new_game = by_id("new-game");
            let _ = tools.insert_before(&b, new_game.as_ref().map(|n| n.as_ref()));
        }
    }
    let weak = Rc::downgrade(controller);
    EventListener::new(&doc(), "click", move |e| {
        let Some(target) = e.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
            return;
        };
        let Some(el) = target.closest("[data-rec]").ok().flatten() else {
            return;
        };
        let what = el.get_attribute("data-rec").unwrap_or_default();
        clicked(&weak, &what);
    })
    .forget();
    let weak = Rc::downgrade(controller);
    EventListener::new(&doc(), "change", move |e| {
        let Some(input) = e
            .target()
            .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
        else {
            return;
        };
        if input.id() == "record-file" {
            read_file(&weak, &input);
        }
    })
    .forget();
}

fn clicked(weak: &Weak<RefCell<Controller>>, what: &str) {
    match what {
        "close" => return close(),
        "copy-link" => return copy_from("share-link"),
        "copy-record" => return copy_from("record-text"),
        "copy-result" => return copy_from("daily-text"),
        "download" => return download(),
        "daily" => close(),
        _ => {}
    }
    let what = what.to_string();
    // Read before the controller runs (it may run later, if busy).
    let text = if what == "import" {
        match pasted_text() {
            Ok(text) => text,
            Err(size) => return show_error(&too_large(size)),
        }
    } else {
        String::new()
    };
    controller::with(weak, move |c| act(c, &what, &text));
}

/// The dialog's and the viewer's actions that need the game.
fn act(c: &mut Controller, what: &str, text: &str) {
    match what {
        "open" => open(c),
        "daily" => {
            stop_viewing(c);
            c.new_game(share::daily_setup());
        }
        "import" => import(c, text),
        "first" | "back" | "forward" | "last" | "reveal" => {
            REPLAY.with(|r| {
                if let Some(r) = r.borrow_mut().as_mut() {
                    let end = r.total - 1;
                    match what {
                        "first" => r.pos = 0,
                        "back" => r.pos = r.pos.saturating_sub(1),
                        "forward" => r.pos = (r.pos + 1).min(end),
                        "last" => r.pos = end,
                        _ => r.reveal = !r.reveal,
                    }
                }
            });
            c.advance();
        }
        "exit" => {
            stop_viewing(c);
            c.resume_or_default();
        }
        _ => {}
    }
}

/// The pasted record, or its size if it is over [`MAX_RECORD_BYTES`]
/// (measured before the text is copied into the wasm's memory, which never shrinks).
fn pasted_text() -> Result<String, f64> {
    let value = by_id("record-paste")
        .and_then(|e| js_sys::Reflect::get(&e, &"value".into()).ok())
        .unwrap_or(JsValue::UNDEFINED);
    let Some(text) = value.dyn_ref::<js_sys::JsString>() else {
        return Ok(String::new());
    };
    let length = f64::from(text.length());
    if length > MAX_RECORD_BYTES as f64 {
        return Err(length);
    }
    Ok(String::from(text))
}

/// The refusal of a record over the size limit.
fn too_large(bytes: f64) -> String {
    tf(
        K::RecordTooLarge,
        &[&size_text(bytes), &size_text(MAX_RECORD_BYTES as f64)],
    )
}

fn input_value(id: &str) -> String {
    by_id(id)
        .and_then(|e| {
            if let Some(i) = e.dyn_ref::<HtmlInputElement>() {
                return Some(i.value());
            }
            js_sys::Reflect::get(&e, &"value".into())
                .ok()
                .and_then(|v| v.as_string())
        })
        .unwrap_or_default()
}

fn dialog() -> HtmlDialogElement {
    super::dom::dialog("share-dialog", "newgame sharebox")
}

fn close() {
    if let Some(d) = by_id("share-dialog") {
        d.unchecked_into::<HtmlDialogElement>().close();
    }
}

fn section(form: &Element, legend: K, hint: Option<&str>) -> Element {
    let f = el("fieldset", "");
    append(&f, &text_el("legend", "", t(legend)));
    if let Some(h) = hint {
        append(&f, &text_el("p", "hint", h));
    }
    append(form, &f);
    f
}

/// A read-only text field (or box) with a Copy button.
fn copy_row(parent: &Element, id: &str, value: &str, multiline: bool, action: &str) {
    let row = el("div", "copy-row");
    let field = if multiline {
        let a = el("textarea", "");
        let rows = if value.len() < 90 { "2" } else { "4" };
        let _ = a.set_attribute("rows", rows);
        a.set_text_content(Some(value));
        a
    } else {
        let i = el("input", "");
        let _ = i.set_attribute("type", "text");
        let _ = i.set_attribute("value", value);
        i
    };
    field.set_id(id);
    let _ = field.set_attribute("readonly", "");
    let _ = field.set_attribute("spellcheck", "false");
    append(&row, &field);
    let b = button("secondary", "");
    let _ = b.set_attribute("data-rec", action);
    b.set_id(&format!("{id}-copy"));
    b.set_text_content(Some(t(K::Copy)));
    append(&row, &b);
    append(parent, &row);
}

/// Opens the dialog, filled in from the game on the table.
fn open(c: &mut Controller) {
    let d = dialog();
    let form = dialog_form(&d, t(K::ShareTitle));

    let viewing = viewing();
    if !viewing {
        let f = section(&form, K::ShareLinkLegend, Some(t(K::ShareLinkHint)));
        copy_row(&f, "share-link", &share::link(&c.setup), false, "copy-link");
    }

    let f = section(
        &form,
        K::DailyLegend,
        Some(&tf(K::DailyHint, &[&share::today()])),
    );
    if let Some(result) = share::daily_result(&c.game, &c.setup) {
        copy_row(&f, "daily-text", &result, true, "copy-result");
    }
    let b = button("primary", "");
    b.set_id("play-daily");
    let _ = b.set_attribute("data-rec", "daily");
    b.set_text_content(Some(t(K::PlayDaily)));
    append(&f, &b);

    if !viewing {
        let f = section(&form, K::RecordLegend, Some(t(K::RecordHint)));
        let record = RecordFile::of(&GameRecord::of(&c.game));
        copy_row(
            &f,
            "record-text",
            &serial::to_text(&record).unwrap_or_default(),
            true,
            "copy-record",
        );
        let b = button("secondary", "");
        b.set_id("record-download");
        let _ = b.set_attribute("data-rec", "download");
        b.set_text_content(Some(t(K::Download)));
        append(&f, &b);
    }

    let f = section(&form, K::ImportLegend, Some(t(K::ImportHint)));
    let file = el("input", "");
    file.set_id("record-file");
    let _ = file.set_attribute("type", "file");
    let _ = file.set_attribute("accept", ".json,application/json,text/plain");
    let _ = file.set_attribute("aria-label", t(K::ImportLegend));
    append(&f, &file);
    let paste = el("textarea", "");
    paste.set_id("record-paste");
    let _ = paste.set_attribute("rows", "3");
    let _ = paste.set_attribute("spellcheck", "false");
    let _ = paste.set_attribute("placeholder", t(K::PastePlaceholder));
    let _ = paste.set_attribute("aria-label", t(K::PastePlaceholder));
    append(&f, &paste);
    let err = el("p", "error");
    err.set_id("record-error");
    let _ = err.set_attribute("role", "alert");
    append(&f, &err);
    let b = button("primary", "");
    b.set_id("record-import");
    let _ = b.set_attribute("data-rec", "import");
    b.set_text_content(Some(t(K::ReplayButton)));
    append(&f, &b);

    let f = section(&form, K::StatsLegend, None);
    let rows = persist::stats_rows();
    if rows.is_empty() {
        append(&f, &text_el("p", "hint", t(K::StatsNone)));
    } else {
        let table = el("table", "stats");
        table.set_id("stats");
        let head = el("tr", "");
        for k in [K::StatsGame, K::StatsPlayed, K::StatsWon, K::StatsBest] {
            append(&head, &text_el("th", "", t(k)));
        }
        append(&table, &head);
        for (key, row) in rows {
            let tr = el("tr", "");
            let _ = tr.set_attribute("data-key", &key);
            append(&tr, &text_el("td", "", &stats_label(&key)));
            for n in [row.played, row.won, row.best] {
                append(&tr, &text_el("td", "num", &n.to_string()));
            }
            append(&table, &tr);
        }
        append(&f, &table);
    }

    let buttons = el("div", "buttons");
    let close = button("secondary", "");
    close.set_id("share-close");
    let _ = close.set_attribute("data-rec", "close");
    close.set_text_content(Some(t(K::Close)));
    append(&buttons, &close);
    append(&form, &buttons);
    append(&d, &form);
    if !d.open() {
        let _ = d.show_modal();
    }
}

/// "two-player/normal" as the table says it: "Two players · Normal".
fn stats_label(key: &str) -> String {
    let (game, level) = key.split_once('/').unwrap_or((key, ""));
    let g = match GameKind::from_name(game) {
        Some(GameKind::TwoPlayer) => t(K::GameTwo),
        Some(GameKind::ThreePlayer) => t(K::GameThree),
        Some(GameKind::Partnership) => t(K::GamePartnership),
        None => game,
    };
    let l = Level::from_name(level)
        .map(super::i18n::level_name)
        .unwrap_or(t(K::StatsMixed));
    format!("{g} · {l}")
}

/// Copies a field's text: the clipboard if allowed, else it stays selected to copy by hand.
fn copy_from(id: &str) {
    let Some(field) = by_id(id) else { return };
    let text = input_value(id);
    let _ = js_sys::Reflect::get(&field, &"select".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .map(|f| f.call0(&field));
    let button = by_id(&format!("{id}-copy"));
    let say = move |k: K| {
        if let Some(b) = &button {
            b.set_text_content(Some(t(k)));
        }
    };
    let clipboard = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"navigator".into()).ok())
        .and_then(|n| js_sys::Reflect::get(&n, &"clipboard".into()).ok())
        .filter(|c| !c.is_undefined() && !c.is_null());
    let Some(clipboard) = clipboard else {
        return say(K::CopyByHand);
    };
    match share::call(&clipboard, "writeText", &[text.into()]) {
        Ok(p) => {
            let ok = say.clone();
            let done = Closure::once_into_js(move |_: JsValue| ok(K::Copied));
            let fail = Closure::once_into_js(move |_: JsValue| say(K::CopyByHand));
            let _ = share::call(&p, "then", &[done, fail]);
        }
        Err(_) => say(K::CopyByHand),
    }
}

/// Downloads the record shown in the dialog as a .json file (a Blob object URL).
fn download() {
    let text = input_value("record-text");
    let Some(w) = web_sys::window() else { return };
    let global: JsValue = w.clone().into();
    let parts: js_sys::Array = std::iter::once(JsValue::from(text)).collect();
    let opts = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&opts, &"type".into(), &"application/json".into());
    let blob = js_sys::Reflect::get(&global, &"Blob".into())
        .ok()
        .and_then(|c| c.dyn_into::<js_sys::Function>().ok())
        .and_then(|c| js_sys::Reflect::construct(&c, &js_sys::Array::of2(&parts, &opts)).ok());
    let Some(blob) = blob else { return };
    let Ok(url_api) = js_sys::Reflect::get(&global, &"URL".into()) else {
        return;
    };
    let Some(url) = share::call(&url_api, "createObjectURL", &[blob])
        .ok()
        .and_then(|u| u.as_string())
    else {
        return;
    };
    let a = el("a", "");
    let _ = a.set_attribute("href", &url);
    let _ = a.set_attribute("download", &format!("duck-soup-{}.json", share::today()));
    if let Some(d) = by_id("share-dialog") {
        append(&d, &a);
    }
    // Clicked after this click's listeners are done (the click bubbles to them).
    gloo::timers::callback::Timeout::new(0, move || {
        if let Some(h) = a.dyn_ref::<HtmlElement>() {
            h.click();
        }
        a.remove();
        gloo::timers::callback::Timeout::new(1000, move || {
            let _ = share::call(&url_api, "revokeObjectURL", &[url.into()]);
        })
        .forget();
    })
    .forget();
}

fn read_file(weak: &Weak<RefCell<Controller>>, input: &HtmlInputElement) {
    let file = js_sys::Reflect::get(input, &"files".into())
        .ok()
        .and_then(|f| js_sys::Reflect::get(&f, &0.into()).ok())
        .filter(|f| !f.is_undefined() && !f.is_null());
    let Some(file) = file else {
        return;
    };
    // Refused before reading: reading 20 MB alone blocks the page for seconds.
    let size = js_sys::Reflect::get(&file, &"size".into())
        .ok()
        .and_then(|s| s.as_f64())
        .unwrap_or(0.0);
    if size > MAX_RECORD_BYTES as f64 {
        input.set_value("");
        return show_error(&too_large(size));
    }
    let Ok(p) = share::call(&file, "text", &[]) else {
        return;
    };
    let weak = weak.clone();
    let done = Closure::once_into_js(move |text: JsValue| {
        let text = text.as_string().unwrap_or_default();
        if let Some(e) = by_id("record-paste") {
            let _ = js_sys::Reflect::set(&e, &"value".into(), &text.clone().into());
        }
        controller::with(&weak, move |c| act(c, "import", &text));
    });
    let _ = share::call(&p, "then", &[done]);
}

fn show_error(text: &str) {
    if let Some(e) = by_id("record-error") {
        e.set_text_content(Some(text));
    }
}

/// A record's text read and checked: the browser's JSON, then serde into a
/// `RecordFile`, then the engine (`GameRecord::try_from` and a replay). The
/// error is the page's one-line message.
fn read_record(text: &str) -> Result<GameRecord, String> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(too_large(text.len() as f64));
    }
    let bad = |why: &str| tf(K::BadRecord, &[why]);
    let value = serial::parse(text).map_err(|e| bad(&e))?;
    let file: RecordFile =
        serial::from_js(value).map_err(|e| bad(&format!("not a record: {e}")))?;
    if file.deals.len() > MAX_RECORD_DEALS {
        return Err(tf(
            K::RecordTooLong,
            &[&thousands(file.deals.len()), &thousands(MAX_RECORD_DEALS)],
        ));
    }
    let record = GameRecord::try_from(file).map_err(|e| bad(&e.to_string()))?;
    record.replay().map_err(|e| bad(&e.to_string()))?;
    if record.deals.is_empty() {
        return Err(bad("deals: empty"));
    }
    Ok(record)
}

/// Checks a record and opens it in the viewer.
fn import(c: &mut Controller, text: &str) {
    let record = match read_record(text.trim()) {
        Ok(r) => r,
        Err(e) => return show_error(&e),
    };
    close();
    c.saver.pause(true);
    let replay = Replay::new(record);
    REPLAY.with(|r| *r.borrow_mut() = Some(replay));
    c.view.set_table(c.game.kind());
    c.advance();
}

fn stop_viewing(c: &mut Controller) {
    if REPLAY.with(|r| r.borrow_mut().take()).is_some() {
        c.saver.pause(super::embed::active());
        c.ui.reveal = false;
        if let Some(bar) = by_id("replay-bar") {
            bar.remove();
        }
        if let Some(b) = doc().body() {
            let _ = b.class_list().remove_1("replaying");
        }
    }
}

/// Puts the viewer's position on the table (called instead of the game flow while viewing).
pub fn show(c: &mut Controller) {
    let Some((rules, (deal, upto), deal_moves, pos, total, reveal, at)) = REPLAY.with(|r| {
        r.borrow().as_ref().map(|r| {
            let (deal, upto) = r.place(r.pos);
            (
                r.record.rules,
                (deal, upto),
                r.record.deals[deal].moves.len(),
                r.pos,
                r.total,
                r.reveal,
                r.at(r.pos),
            )
        })
    }) else {
        return;
    };
    let Some(Position {
        game,
        moves,
        held,
    }) = at
    else {
        return;
    };
    let kind = game.kind();
    if c.game.kind() != kind || c.setup.players.len() != kind.seats() {
        c.view.set_table(kind);
    }
    c.setup = Setup {
        rules,
        players: vec![Player::Computer(Level::Normal); kind.seats()],
        seed: None,
    };
    c.game = game;
    c.ui = Ui {
        bottom: 0,
        viewer: Some(0),
        reveal,
        held,
        moves,
        scores_open: c.ui.scores_open,
        ..Ui::default()
    };
    c.render();
    let where_text = tf(
        K::ReplayPos,
        &[
            &(deal + 1).to_string(),
            &upto.to_string(),
            &deal_moves.to_string(),
        ],
    );
    bar(pos, total, reveal, &where_text);
}

/// The viewer's controls, fixed at the foot of the page.
fn bar(pos: usize, total: usize, reveal: bool, where_text: &str) {
    let body = doc().body().expect("a body");
    let _ = body.class_list().add_1("replaying");
    let b = match by_id("replay-bar") {
        Some(b) => b,
        None => {
            let b = el("div", "replay-bar");
            b.set_id("replay-bar");
            let _ = b.set_attribute("role", "toolbar");
            let _ = b.set_attribute("aria-label", t(K::ReplayTitle));
            // In the action bar, in place of the prompts (see the CSS).
            let bar = doc().query_selector(".actionbar").ok().flatten();
            append(bar.as_ref().unwrap_or(&body), &b);
            b
        }
    };
    clear(&b);
    append(&b, &text_el("strong", "replay-title", t(K::ReplayTitle)));
    let place = text_el("span", "replay-pos", where_text);
    place.set_id("replay-pos");
    let _ = place.set_attribute("data-pos", &pos.to_string());
    let _ = place.set_attribute("data-total", &(total - 1).to_string());
    append(&b, &place);
    let group = el("span", "replay-steps");
    for (id, label, text, off) in [
        ("first", K::ReplayStart, "«", pos == 0),
        ("back", K::ReplayBack, "‹", pos == 0),
        ("forward", K::ReplayForward, "›", pos + 1 >= total),
        ("last", K::ReplayEnd, "»", pos + 1 >= total),
    ] {
        let x = button("secondary step", "");
        x.set_id(&format!("replay-{id}"));
        let _ = x.set_attribute("data-rec", id);
        let _ = x.set_attribute("aria-label", t(label));
        let _ = x.set_attribute("title", t(label));
        x.set_text_content(Some(text));
        if off {
            let _ = x.set_attribute("disabled", "");
        }
        append(&group, &x);
    }
    append(&b, &group);
    let r = button("secondary", "");
    r.set_id("replay-reveal");
    let _ = r.set_attribute("data-rec", "reveal");
    let _ = r.set_attribute("aria-pressed", if reveal { "true" } else { "false" });
    r.set_text_content(Some(t(if reveal { K::HideHands } else { K::RevealHands })));
    append(&b, &r);
    let x = button("primary", "");
    x.set_id("replay-exit");
    let _ = x.set_attribute("data-rec", "exit");
    x.set_text_content(Some(t(K::ExitReplay)));
    append(&b, &x);
}
