//! The "Share and records" dialog: the link, the daily deal and its result,
//! export and import of records, statistics. It builds its own DOM and
//! sends what needs the game to the controller as actions.

use crate::ai::Level;
use crate::engine::{Game, GameKind, GameRecord, RecordFile};
use crate::page::dialog::{Author, RecordsShown};
use crate::page::input::{
    size_text, thousands, ChangedField, CopyField, RecordsButton, RecordsCommand, MAX_RECORD_BYTES,
    MAX_RECORD_DEALS,
};
use crate::page::link::AuthorLink;
use crate::page::model::{Action, Dispatch, RecordsAction, Setup};
use crate::web::dom::{
    append, button, by_id, dialog_footer, dialog_form, el, set_data, text_el, Does, FooterButton,
};
use crate::web::i18n::{Lang, K};
use crate::web::{persist, serial, share};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{
    Blob, BlobPropertyBag, Element, HtmlDialogElement, HtmlElement, HtmlInputElement,
    HtmlTextAreaElement, Url,
};

/// The record pasted, to import: its text, or its size if it is over
/// [`MAX_RECORD_BYTES`] (read by the listeners when Import is pressed).
pub fn pasted() -> RecordsAction {
    match pasted_text() {
        Ok(text) => RecordsAction::Import(text),
        Err(size) => RecordsAction::TooLarge(size),
    }
}

/// The pasted record, or its size if it is over [`MAX_RECORD_BYTES`]
/// (measured before the text is copied into the wasm's memory, which never shrinks).
fn pasted_text() -> Result<String, f64> {
    let Some(area) = by_id("record-paste").and_then(|e| e.dyn_into::<HtmlTextAreaElement>().ok())
    else {
        return Ok(String::new());
    };
    // The value's length in UTF-16 units, as the JS string's `length` counts.
    let length = f64::from(area.text_length());
    if length > MAX_RECORD_BYTES as f64 {
        return Err(length);
    }
    Ok(area.value())
}

/// The refusal of a record over the size limit.
pub fn too_large(lang: Lang, bytes: f64) -> String {
    lang.tf(
        K::RecordTooLarge,
        &[&size_text(bytes), &size_text(MAX_RECORD_BYTES as f64)],
    )
}

/// The text of a copy row's field: an `<input>`, or a `<textarea>` for
/// many lines (read by the listeners when its button is pressed).
pub fn field_text(id: &str) -> String {
    let Some(e) = by_id(id) else {
        return String::new();
    };
    if let Some(i) = e.dyn_ref::<HtmlInputElement>() {
        return i.value();
    }
    e.dyn_ref::<HtmlTextAreaElement>()
        .map(HtmlTextAreaElement::value)
        .unwrap_or_default()
}

/// Selects a copy row's field, for copying by hand if the clipboard refuses.
fn select_field(e: &Element) {
    if let Some(i) = e.dyn_ref::<HtmlInputElement>() {
        i.select();
    } else if let Some(a) = e.dyn_ref::<HtmlTextAreaElement>() {
        a.select();
    }
}

fn dialog() -> HtmlDialogElement {
    crate::web::dom::dialog("share-dialog", "newgame sharebox")
}

fn section(lang: Lang, form: &Element, legend: K, hint: Option<&str>) -> Element {
    let f = el("fieldset", "");
    append(&f, &text_el("legend", "", lang.t(legend)));
    if let Some(h) = hint {
        append(&f, &text_el("p", "hint", h));
    }
    append(form, &f);
    f
}

/// A read-only text field (or box) with a Copy button.
fn copy_row(lang: Lang, parent: &Element, copied: CopyField, value: &str, multiline: bool) {
    let id = copied.name();
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
    let b = button("secondary");
    set_data(&b, RecordsCommand::Copy(copied));
    b.set_id(&format!("{id}-copy"));
    b.set_text_content(Some(lang.t(K::Copy)));
    append(&row, &b);
    append(parent, &row);
}

/// What the dialog shows of the game on the table (`viewing`: a record in
/// the replay viewer, which has no link of its own to share; `withheld`:
/// why the game's record is not shown yet, for a game with friends in
/// progress, whose record would show every hand): made when it opens.
pub fn shown(
    lang: Lang,
    address_lang: Option<Lang>,
    setup: &Setup,
    game: &Game,
    viewing: bool,
    author: Author,
    withheld: Option<&'static str>,
) -> RecordsShown {
    let record = (!viewing && withheld.is_none())
        .then(|| serial::to_text(&RecordFile::of(&GameRecord::of(game))).unwrap_or_default());
    RecordsShown {
        share_link: (!viewing).then(|| share::link(setup, address_lang)),
        daily_result: share::daily_result(lang, game, setup),
        record,
        withheld,
        author,
    }
}

/// The author's tool's writer (`author::section`, the full page's; the
/// table alone's writes nothing, so that its wasm leaves the tool out).
pub type AuthorSection = fn(Lang, &Element, &AuthorLink);

/// Opens the dialog showing `shown`, the author's tool written by `tool`.
pub fn open(lang: Lang, shown: &RecordsShown, tool: AuthorSection) {
    let d = dialog();
    let form = dialog_form(&d, lang.t(K::ShareTitle));

    // The author's tool: this position as a link and an embed; the table
    // alone has a button to the full page instead (`web::full_page`).
    match &shown.author {
        Author::Tool(a) => {
            let f = section(lang, &form, K::AuthorLegend, Some(lang.t(K::AuthorHint)));
            tool(lang, &f, a);
        }
        Author::InFullPage => {
            let f = section(lang, &form, K::AuthorLegend, Some(lang.t(K::AuthorHint)));
            let b = button("");
            b.set_id("author-full-page");
            b.set_text_content(Some(lang.t(K::AuthorInFullPage)));
            set_data(&b, RecordsButton::FullPage);
            append(&f, &b);
        }
        Author::None => {}
    }

    if let Some(link) = &shown.share_link {
        let f = section(
            lang,
            &form,
            K::ShareLinkLegend,
            Some(lang.t(K::ShareLinkHint)),
        );
        copy_row(lang, &f, CopyField::ShareLink, link, false);
    }

    let f = section(
        lang,
        &form,
        K::DailyLegend,
        Some(&lang.tf(K::DailyHint, &[&share::today()])),
    );
    if let Some(result) = &shown.daily_result {
        copy_row(lang, &f, CopyField::DailyText, result, true);
    }
    let b = button("primary");
    b.set_id("play-daily");
    set_data(&b, RecordsButton::Daily);
    b.set_text_content(Some(lang.t(K::PlayDaily)));
    append(&f, &b);

    if let Some(why) = shown.withheld {
        section(lang, &form, K::RecordLegend, Some(why));
    } else if let Some(record) = &shown.record {
        let f = section(lang, &form, K::RecordLegend, Some(lang.t(K::RecordHint)));
        copy_row(lang, &f, CopyField::RecordText, record, true);
        let b = button("secondary");
        b.set_id("record-download");
        set_data(&b, RecordsButton::Download);
        b.set_text_content(Some(lang.t(K::Download)));
        append(&f, &b);
    }

    let f = section(lang, &form, K::ImportLegend, Some(lang.t(K::ImportHint)));
    let file = el("input", "");
    file.set_id("record-file");
    set_data(&file, ChangedField::RecordFile);
    let _ = file.set_attribute("type", "file");
    let _ = file.set_attribute("accept", ".json,application/json,text/plain");
    let _ = file.set_attribute("aria-label", lang.t(K::ImportLegend));
    append(&f, &file);
    let paste = el("textarea", "");
    paste.set_id("record-paste");
    let _ = paste.set_attribute("rows", "3");
    let _ = paste.set_attribute("spellcheck", "false");
    let _ = paste.set_attribute("placeholder", lang.t(K::PastePlaceholder));
    let _ = paste.set_attribute("aria-label", lang.t(K::PastePlaceholder));
    append(&f, &paste);
    let err = el("p", "error");
    err.set_id("record-error");
    let _ = err.set_attribute("role", "alert");
    append(&f, &err);
    let b = button("primary");
    b.set_id("record-import");
    set_data(&b, RecordsButton::Import);
    b.set_text_content(Some(lang.t(K::ReplayButton)));
    append(&f, &b);

    let f = section(lang, &form, K::StatsLegend, None);
    let rows = persist::stats_rows();
    if rows.is_empty() {
        append(&f, &text_el("p", "hint", lang.t(K::StatsNone)));
    } else {
        let table = el("table", "stats");
        table.set_id("stats");
        let head = el("tr", "");
        for k in [
            K::StatsGame,
            K::StatsPlayed,
            K::StatsWon,
            K::StatsBest,
            K::StatsTakenBack,
        ] {
            append(&head, &text_el("th", "", lang.t(k)));
        }
        append(&table, &head);
        for (key, row) in rows {
            let tr = el("tr", "");
            let _ = tr.set_attribute("data-key", &key);
            append(&tr, &text_el("td", "", &stats_label(lang, &key)));
            for n in [row.played, row.won, row.best, row.taken_back] {
                append(&tr, &text_el("td", "num", &n.to_string()));
            }
            append(&table, &tr);
        }
        append(&f, &table);
    }

    dialog_footer(
        &form,
        &[FooterButton {
            id: Some("share-close"),
            label: lang.t(K::Close),
            primary: false,
            does: Does::Records(RecordsButton::Close),
        }],
    );
    append(&d, &form);
    if !d.open() {
        let _ = d.show_modal();
    }
}

/// "two-player/normal" as the table says it: "Two players · Normal".
fn stats_label(lang: Lang, key: &str) -> String {
    let (game, level) = key.split_once('/').unwrap_or((key, ""));
    let g = match GameKind::from_name(game) {
        Some(GameKind::TwoPlayer) => lang.t(K::GameTwo),
        Some(GameKind::ThreePlayer) => lang.t(K::GameThree),
        Some(GameKind::Partnership) => lang.t(K::GamePartnership),
        None => game,
    };
    let l = Level::from_name(level)
        .map(|l| lang.level_name(l))
        .unwrap_or(lang.t(K::StatsMixed));
    format!("{g} · {l}")
}

/// Copies a field's text: the clipboard if allowed, else it stays selected to copy by hand.
pub(in crate::web) fn copy_from(lang: Lang, id: &str, text: &str) {
    let Some(field) = by_id(id) else { return };
    select_field(&field);
    let button = by_id(&format!("{id}-copy"));
    let say = move |k: K| {
        if let Some(b) = &button {
            b.set_text_content(Some(lang.t(k)));
        }
    };
    // navigator.clipboard is undefined outside a secure context (http://).
    let clipboard = web_sys::window()
        .map(|w| w.navigator().clipboard())
        .filter(|c| !c.is_undefined());
    let Some(clipboard) = clipboard else {
        return say(K::CopyByHand);
    };
    let ok = say.clone();
    let done = Closure::once_into_js(move |_: JsValue| ok(K::Copied));
    let fail = Closure::once_into_js(move |_: JsValue| say(K::CopyByHand));
    then_once(clipboard.write_text(text), &done, &fail);
}

#[wasm_bindgen]
extern "C" {
    /// A promise whose `then` takes the callbacks `Closure::once_into_js`
    /// makes (freed once called), which js-sys's `Promise::then` does not.
    #[wasm_bindgen(extends = js_sys::Promise)]
    type OncePromise;
    #[wasm_bindgen(method, js_name = then)]
    fn then_once(this: &OncePromise, done: &JsValue, failed: &JsValue);
}

/// `promise.then(done, failed)` with one-shot callbacks.
fn then_once(promise: js_sys::Promise, done: &JsValue, failed: &JsValue) {
    promise
        .unchecked_into::<OncePromise>()
        .then_once(done, failed);
}

/// Downloads the record shown in the dialog as a .json file (a Blob object URL).
pub fn download(text: &str) {
    let parts: js_sys::Array = std::iter::once(JsValue::from(text)).collect();
    let options = BlobPropertyBag::new();
    options.set_type("application/json");
    let Ok(blob) = Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return;
    };
    let Ok(url) = Url::create_object_url_with_blob(&blob) else {
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
            let _ = Url::revoke_object_url(&url);
        })
        .forget();
    })
    .forget();
}

/// Reads the record file chosen in the dialog (started by the listeners
/// when one is chosen), then asks `dispatch` to import it, or to refuse it
/// unread when it is over [`MAX_RECORD_BYTES`].
pub fn read_file(dispatch: Dispatch) {
    let Some(input) = by_id("record-file").and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
    else {
        return;
    };
    let Some(file) = input.files().and_then(|files| files.get(0)) else {
        return;
    };
    // Refused before reading: reading 20 MB alone blocks the page for seconds.
    let size = file.size();
    if size > MAX_RECORD_BYTES as f64 {
        input.set_value("");
        return dispatch(Action::Records(RecordsAction::TooLarge(size)));
    }
    let done = Closure::once_into_js(move |text: JsValue| {
        let text = text.as_string().unwrap_or_default();
        if let Some(area) =
            by_id("record-paste").and_then(|e| e.dyn_into::<HtmlTextAreaElement>().ok())
        {
            area.set_value(&text);
        }
        dispatch(Action::Records(RecordsAction::Import(text)));
    });
    then_once(file.text(), &done, &JsValue::UNDEFINED);
}

pub fn show_error(text: &str) {
    if let Some(e) = by_id("record-error") {
        e.set_text_content(Some(text));
    }
}

/// A record's text read and checked: the browser's JSON, then serde into a
/// `RecordFile`, then the engine (`GameRecord::try_from` and a replay). The
/// error is the page's one-line message.
pub fn read_record(lang: Lang, text: &str) -> Result<GameRecord, String> {
    if text.len() > MAX_RECORD_BYTES {
        return Err(too_large(lang, text.len() as f64));
    }
    let bad = |why: &str| lang.tf(K::BadRecord, &[why]);
    let value = serial::parse(text).map_err(|e| bad(&e))?;
    let file: RecordFile =
        serial::from_js(value).map_err(|e| bad(&format!("not a record: {e}")))?;
    if file.deals.len() > MAX_RECORD_DEALS {
        return Err(lang.tf(
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
