//! The score sheet beside the table: a table with one row per deal shown
//! (the scene's: the latest, or all), keyed by the deal's number. A
//! finished deal's row never changes, so a render writes only the rows new
//! since the last one and removes those no longer shown (the oldest as new
//! ones come, later ones on a step back in the replay viewer), then the row
//! of the deal in play, the caption and the totals when they change: a move
//! writes as much at deal 6,000 as at deal 1. The sheet keeps what it wrote;
//! rows of another generation (another game, another language) are written
//! afresh, so the sheet always shows what a render from scratch would.

use super::super::dom::{append, clear, el, set_attr, set_hidden, set_text, text_el};
use super::super::i18n::{Lang, K};
use crate::page::input::Command;
use crate::page::scene::{DealRows, ScoreRow, ScoreSheet};
use crate::web::dom::action_button;
use web_sys::Element;

pub struct Sheet {
    target: Element,
    shown: Option<Shown>,
}

/// The sheet's elements and what they show.
struct Shown {
    lang: Lang,
    heads: Vec<String>,
    caption: Element,
    /// Shows every deal, or the latest only.
    all_deals: Element,
    body: Element,
    totals_row: Element,
    /// The generation of the finished rows written (see `DealRows`).
    generation: Option<u64>,
    /// The finished deals' rows written, the first being deal `from + 1`.
    finished: Vec<Element>,
    from: usize,
    live: Option<(ScoreRow, Element)>,
    totals: Option<Vec<u32>>,
}

impl Sheet {
    /// The sheet in `target` (the `aside` beside the table), empty until rendered.
    pub fn new(target: Element) -> Sheet {
        Sheet {
            target,
            shown: None,
        }
    }

    /// A new table: the next render writes the sheet afresh.
    pub fn clear(&mut self) {
        self.shown = None;
    }

    pub fn render(&mut self, lang: Lang, s: &ScoreSheet) {
        let fresh = !matches!(&self.shown, Some(w) if w.lang == lang && w.heads == s.heads);
        if fresh {
            self.shown = Some(Shown::build(lang, &self.target, s.heads.clone()));
        }
        let Some(w) = self.shown.as_mut() else {
            return;
        };
        set_text(&w.caption, &s.caption);
        set_hidden(&w.all_deals, s.all_deals.is_none());
        if let Some((label, all)) = &s.all_deals {
            set_text(&w.all_deals, label);
            set_attr(
                &w.all_deals,
                "aria-pressed",
                if *all { "true" } else { "false" },
            );
        }
        let rows_added = w.finished(&s.finished);
        let deal_started = w.live(s.live.as_ref());
        if w.totals.as_ref() != Some(&s.totals) {
            w.write_totals(lang, s.totals.clone());
        }
        // The sheet scrolls in its column: a new row brings the latest deals
        // in sight. Not for a sheet just written afresh with no finished row
        // (a new game's), which has nothing to scroll to: a scroll lays the
        // page out at once, inside the task that builds the new table.
        if rows_added || (deal_started && !fresh) {
            self.target.set_scroll_top(i32::MAX);
        }
    }
}

impl Shown {
    /// The sheet's frame: heading, caption, and a table with no rows yet.
    fn build(lang: Lang, target: &Element, heads: Vec<String>) -> Shown {
        clear(target);
        let head = el("div", "scores-head");
        append(&head, &text_el("h2", "", lang.t(K::ScoreSheet)));
        let close = action_button("tool close-scores", Command::Scores);
        close.set_text_content(Some(lang.t(K::Close)));
        append(&head, &close);
        append(target, &head);
        let caption = el("p", "caption");
        append(target, &caption);
        let all_deals = action_button("tool all-deals", Command::ScoresAll);
        append(target, &all_deals);
        let table = el("table", "");
        let thead = el("thead", "");
        let tr = el("tr", "");
        append(&tr, &el("th", ""));
        for h in &heads {
            append(&tr, &text_el("th", "", h));
        }
        append(&thead, &tr);
        append(&table, &thead);
        let body = el("tbody", "");
        append(&table, &body);
        let tfoot = el("tfoot", "");
        let totals_row = el("tr", "");
        append(&tfoot, &totals_row);
        append(&table, &tfoot);
        append(target, &table);
        Shown {
            lang,
            heads,
            caption,
            all_deals,
            body,
            totals_row,
            generation: None,
            finished: Vec::new(),
            from: 0,
            live: None,
            totals: None,
        }
    }

    /// The finished deals' rows: only those not written yet are written.
    /// True if it wrote any.
    fn finished(&mut self, rows: &DealRows) -> bool {
        let from = rows.from();
        let rows_of = Some(rows.generation());
        // Rows of another generation, or earlier rows to show (every deal):
        // all written again.
        let gone = if self.generation != rows_of || from < self.from {
            self.finished.len()
        } else {
            (from - self.from).min(self.finished.len())
        };
        let kept = self.finished.split_off(gone);
        for tr in std::mem::replace(&mut self.finished, kept) {
            tr.remove();
        }
        self.generation = rows_of;
        self.from = from;
        let rows = rows.rows();
        while self.finished.len() > rows.len() {
            if let Some(tr) = self.finished.pop() {
                tr.remove();
            }
        }
        let new = &rows[self.finished.len()..];
        for row in new {
            let tr = row_el(row, false);
            append(&self.body, &tr);
            self.finished.push(tr);
        }
        // The deal in play's row stays last.
        if let Some((_, live)) = self.live.as_ref().filter(|_| !new.is_empty()) {
            append(&self.body, live);
        }
        !new.is_empty()
    }

    /// The deal in play's row, written again when its figures change. True
    /// for a new deal's row.
    fn live(&mut self, row: Option<&ScoreRow>) -> bool {
        if self.live.as_ref().map(|(shown, _)| shown) == row {
            return false;
        }
        let old = self.live.take().map(|(_, tr)| tr);
        if let Some(tr) = &old {
            tr.remove();
        }
        if let Some(row) = row {
            let tr = row_el(row, true);
            append(&self.body, &tr);
            self.live = Some((row.clone(), tr));
        }
        old.is_none() && row.is_some()
    }

    fn write_totals(&mut self, lang: Lang, totals: Vec<u32>) {
        clear(&self.totals_row);
        append(&self.totals_row, &text_el("th", "", lang.t(K::Total)));
        for (i, v) in totals.iter().enumerate() {
            let td = text_el("td", "", &v.to_string());
            let _ = td.set_attribute("data-total", &i.to_string());
            append(&self.totals_row, &td);
        }
        self.totals = Some(totals);
    }
}

/// One deal's row: its label, then each scorer's working and score.
fn row_el(row: &ScoreRow, live: bool) -> Element {
    let tr = el("tr", if live { "live" } else { "" });
    let _ = tr.set_attribute("data-deal", &row.deal.to_string());
    append(&tr, &text_el("th", "", &row.label));
    for (i, (detail, score)) in row.cells.iter().enumerate() {
        let td = el("td", "");
        let _ = td.set_attribute("data-scorer", &i.to_string());
        append(&td, &text_el("span", "work", detail));
        append(&td, &text_el("span", "deal-score", &score.to_string()));
        append(&tr, &td);
    }
    tr
}
