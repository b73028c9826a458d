//! The deal review's panel in the replay viewer (the full page's): written
//! from its scene (`page::review::ReviewScene`), under the viewer's bar
//! in the action bar. Its frame is made once, so that the summary's live
//! region is there before its words come; its parts are rewritten only
//! when they change, and a mark that had the focus keeps it. Without a
//! review, the panel is one button that starts one.

use crate::page::input::{RecordsButton, RecordsCommand};
use crate::page::review::{DetailScene, PracticeWords, ReviewScene};
use crate::web::dom::{
    append, button, by_id, clear, doc, el, focus, opt_attr, set_attr, set_data, set_hidden,
    set_text, text_el,
};
use crate::web::i18n::{Lang, K};

/// What the panel shows: the review (None: the button that starts one),
/// and a puzzle's values once answered.
type Shown = (Lang, Option<ReviewScene>, Option<DetailScene>, bool);
use std::cell::RefCell;
use web_sys::Element;

thread_local! {
    /// What was last written (None: the offer), and in which language.
    static SHOWN: RefCell<Option<Shown>> = const { RefCell::new(None) };
}

/// Takes the panel away (leaving the viewer).
pub fn remove() {
    if let Some(p) = by_id("deal-review") {
        p.remove();
    }
    SHOWN.with(|s| *s.borrow_mut() = None);
}

/// Writes the review `s` (None: the button that starts one, if `offer`)
/// and a puzzle's values.
pub fn render(lang: Lang, s: Option<&ReviewScene>, puzzle: Option<&DetailScene>, offer: bool) {
    let now = (lang, s.cloned(), puzzle.cloned(), offer);
    let unchanged =
        SHOWN.with(|shown| shown.borrow().as_ref() == Some(&now)) && by_id("deal-review").is_some();
    if unchanged {
        return;
    }
    let focused = doc().active_element().map(|e| e.id());
    let fresh = by_id("deal-review").is_none();
    let panel = frame(lang, s.is_some());
    match s {
        Some(s) => {
            set_hidden(&panel, false);
            fill(lang, &panel, s)
        }
        None => {
            if let Some(b) = by_id("review-start") {
                set_text(&b, lang.t(K::ReviewThisSeat));
                set_hidden(&b, !offer);
            }
            // (Nothing to show: no room taken.)
            set_hidden(&panel, !offer && puzzle.is_none());
        }
    }
    if let Some(values) = by_id("puzzle-values") {
        clear(&values);
        if let Some(d) = puzzle {
            write_detail(lang, &values, d);
        }
        set_hidden(&values, puzzle.is_none());
    }
    // (A rewritten mark or button gives the focus back to its new self; a
    // panel made again while nothing has the focus, back from a practice,
    // gives it to *Play from here*, where the person left.)
    let focused = match focused.filter(|id| !id.is_empty()) {
        None if fresh && s.is_some_and(|s| s.from_here.is_some()) => {
            Some("review-from-here".to_string())
        }
        id => id,
    };
    if let Some(e) = focused.and_then(|id| by_id(&id)) {
        if doc().active_element().as_ref() != Some(&e) {
            focus(&e);
        }
    }
    SHOWN.with(|shown| *shown.borrow_mut() = Some(now));
}

/// The words of a practice's buttons (the action bar's way back, and the
/// deal's end's again and way back), where they show.
pub fn practice_words(words: &PracticeWords) {
    for (id, text) in [
        ("practice-end", words.back),
        ("practice-back", words.back),
        ("deal-end-practise", words.again),
    ] {
        if let Some(b) = by_id(id) {
            set_text(&b, text);
        }
    }
}

/// The panel's frame, made afresh when it changes between a review and the offer.
fn frame(lang: Lang, reviewing: bool) -> Element {
    let kind = if reviewing { "review" } else { "offer" };
    if let Some(p) = by_id("deal-review") {
        if p.get_attribute("data-kind").as_deref() == Some(kind)
            && p.get_attribute("data-lang").as_deref() == Some(lang.tag())
        {
            return p;
        }
        p.remove();
    }
    let p = el("section", "deal-review");
    p.set_id("deal-review");
    set_attr(&p, "data-kind", kind);
    set_attr(&p, "data-lang", lang.tag());
    if reviewing {
        set_attr(&p, "aria-labelledby", "review-title");
        let title = text_el("h2", "review-title", "");
        title.set_id("review-title");
        append(&p, &title);
        let progress = el("div", "review-progress");
        progress.set_id("review-progress");
        let bar = el("progress", "");
        bar.set_id("review-bar");
        append(&progress, &bar);
        let words = text_el("span", "review-progress-words", "");
        words.set_id("review-progress-words");
        append(&progress, &words);
        let cancel = button("secondary");
        cancel.set_id("review-cancel");
        set_data(&cancel, RecordsButton::ReviewCancel);
        append(&progress, &cancel);
        append(&p, &progress);
        // Read out once, when the review is done.
        let summary = el("p", "review-summary");
        summary.set_id("review-summary");
        set_attr(&summary, "role", "status");
        append(&p, &summary);
        let strip = el("ol", "review-strip");
        strip.set_id("review-strip");
        set_attr(&strip, "aria-label", lang.t(K::ReviewStrip));
        append(&p, &strip);
        let from_here = button("primary review-from-here");
        from_here.set_id("review-from-here");
        set_data(&from_here, RecordsButton::PlayFromHere);
        set_attr(&from_here, "aria-keyshortcuts", "P");
        append(&p, &from_here);
        let detail = el("div", "review-detail");
        detail.set_id("review-detail");
        append(&p, &detail);
        let ideas = el("div", "review-ideas");
        ideas.set_id("review-ideas");
        append(&p, &ideas);
    } else {
        let start = button("secondary");
        start.set_id("review-start");
        set_data(&start, RecordsButton::Review);
        append(&p, &start);
    }
    let values = el("div", "review-detail puzzle-values");
    values.set_id("puzzle-values");
    append(&p, &values);
    // The offer sits in the viewer's bar, before its note, so that the
    // viewer keeps its height; a review under the bar.
    let bar = by_id("replay-bar");
    let note = by_id("replay-note").filter(|_| !reviewing);
    match (&bar, &note) {
        (Some(bar), Some(note)) => {
            let _ = bar.insert_before(&p, Some(note));
        }
        _ => {
            let home = bar
                .and_then(|b| b.parent_element())
                .or_else(|| doc().query_selector(".actionbar").ok().flatten())
                .or_else(|| doc().body().map(Into::into));
            if let Some(home) = home {
                append(&home, &p);
            }
        }
    }
    p
}

/// Brings the review's parts up to date with `s`.
fn fill(lang: Lang, panel: &Element, s: &ReviewScene) {
    let part = |id: &str| by_id(id).unwrap_or_else(|| panel.clone());
    set_text(&part("review-title"), &s.heading);
    set_hidden(&part("review-progress"), s.progress.is_none());
    if let Some((judged, total, words)) = &s.progress {
        let bar = part("review-bar");
        set_attr(&bar, "max", &total.to_string());
        set_attr(&bar, "value", &judged.to_string());
        set_attr(&bar, "aria-label", words);
        set_text(&part("review-progress-words"), words);
    }
    let cancel = part("review-cancel");
    set_text(&cancel, s.cancel.as_deref().unwrap_or(""));
    set_hidden(&cancel, s.cancel.is_none());
    set_text(&part("review-summary"), s.summary.as_deref().unwrap_or(""));
    let from_here = part("review-from-here");
    if let Some((words, label)) = &s.from_here {
        set_text(&from_here, words);
        set_attr(&from_here, "aria-label", label);
        set_attr(&from_here, "title", label);
    }
    set_hidden(&from_here, s.from_here.is_none());
    let strip = part("review-strip");
    clear(&strip);
    for m in &s.marks {
        let li = el("li", "");
        let b = button(&format!("review-mark {}", m.mark));
        b.set_id(&format!("review-mark-{}", m.index));
        set_data(&b, RecordsCommand::ReviewOpen(m.index));
        set_attr(&b, "data-mark", m.mark);
        set_attr(&b, "aria-label", &m.label);
        set_attr(&b, "title", &m.label);
        opt_attr(&b, "aria-current", m.current.then_some("step"));
        set_text(&b, &m.text);
        append(&li, &b);
        append(&strip, &li);
    }
    let detail = part("review-detail");
    clear(&detail);
    if let Some(d) = &s.detail {
        write_detail(lang, &detail, d);
    }
    set_hidden(&detail, s.detail.is_none());
    let ideas = part("review-ideas");
    clear(&ideas);
    if !s.ideas.is_empty() {
        append(&ideas, &text_el("span", "", &s.ideas_label));
        for (index, words) in &s.ideas {
            let b = button("secondary");
            b.set_id(&format!("review-idea-{index}"));
            set_data(&b, RecordsCommand::ReviewIdea(*index));
            set_text(&b, words);
            append(&ideas, &b);
        }
    }
    set_hidden(&ideas, s.ideas.is_empty());
}

/// Every move's value at one position, best first: a list (in columns
/// where there is room) with the played and the best move marked in words,
/// not by colour alone.
pub fn write_detail(lang: Lang, target: &Element, d: &DetailScene) {
    append(target, &text_el("h3", "", &d.heading));
    let list = el("ul", "review-values");
    for row in &d.rows {
        let li = el("li", "");
        opt_attr(&li, "data-played", row.played.then_some(""));
        opt_attr(&li, "data-best", row.best.then_some(""));
        append(&li, &text_el("span", "review-move", &row.mv));
        append(&li, &text_el("span", "review-value", &row.value));
        let mut tags = Vec::new();
        if row.best {
            tags.push(lang.t(K::ReviewBest));
        }
        if row.played {
            tags.push(lang.t(K::ReviewPlayed));
        }
        if !tags.is_empty() {
            append(&li, &text_el("span", "review-tags", &tags.join(" · ")));
        }
        append(&list, &li);
    }
    append(target, &list);
    append(target, &text_el("p", "review-note", &d.note));
}
