//! The view's writers for what only the full page shows, chosen by the
//! controller's parts (`controller::parts::Viewer::Views`,
//! `OnlinePlay::Views`): the replay viewer's bar, the deal review's panel
//! and the author's tool, written by the viewer's; online play's dialogs,
//! by online play's. A build without the part has the stand-in, which
//! writes nothing, so that its wasm leaves them out.

use super::dialogs::{OnlineViews, ViewerViews};
use super::{review_panel, Scene, View};
use crate::page::dialog::{DialogKind, OnlineShown, OpenDialog, RecordsDialog};
use crate::page::link::AuthorLink;
use crate::page::online::FairMark;
use crate::page::review::{PracticeWords, ReviewShows};
use crate::web::dom::{self, by_id};
use crate::web::i18n::Lang;
use crate::web::net::ui;
use crate::web::records::author;
use web_sys::Element;

/// The fair deals' mark on a guest's table.
const FAIR_MARK: &str = "fair-mark";

/// The viewer's writers.
pub enum ViewerWriters {}

/// Online play's writer.
pub enum OnlineWriters {}

/// A build without the part: it never shows these.
pub enum NoWriters {}

/// A build without the viewer has no deal review.
pub struct NoReview;

/// A build without online play shows no fair deal's mark.
pub struct NoMark;

impl ViewerViews for ViewerWriters {
    type Review = ReviewShows;

    fn render_viewer(view: &mut View, s: &mut Scene, review: ReviewShows) {
        view.render_replay_bar(s.replay_bar.take());
        match &review {
            ReviewShows::Panel(p) => {
                review_panel::render(s.lang, p.review.as_ref(), p.puzzle.as_ref(), p.offer)
            }
            _ => review_panel::remove(),
        }
        // A practice's buttons say where they lead: the table's own words
        // are the deal's (the table alone, which shares them, never
        // practises from a review), so this page writes them each time.
        if s.practising {
            let words = match review {
                ReviewShows::Practice(w) => w,
                _ => PracticeWords::of_deal(s.lang),
            };
            review_panel::practice_words(&words);
        }
    }

    fn author_section(lang: Lang, f: &Element, link: &AuthorLink) {
        author::section(lang, f, link);
    }

    fn author_tool(lang: Lang, now: &RecordsDialog, before: &RecordsDialog) {
        let Some(form) = &now.author else { return };
        if before.author != now.author {
            author::changed(lang, form);
        }
        if now.previews != before.previews {
            author::preview(lang, form);
        }
    }
}

impl OnlineViews for OnlineWriters {
    type Mark = Option<FairMark>;

    /// Written where it changed only: `#fair-mark` in the action bar,
    /// after its message, an alarm as an alert (`data-fair`: `checked`,
    /// `unchecked` or `alarm`, for the styles and the tests).
    fn fair_mark(home: &Element, mark: Option<FairMark>) {
        let shown = by_id(FAIR_MARK);
        let Some(mark) = mark else {
            if let Some(e) = shown {
                e.remove();
            }
            return;
        };
        let e = shown.unwrap_or_else(|| {
            let e = dom::el("p", "fair-mark");
            dom::set_attr(&e, "id", FAIR_MARK);
            dom::append(home, &e);
            e
        });
        let kind = match (mark.alarm, mark.checked) {
            (true, _) => "alarm",
            (false, true) => "checked",
            (false, false) => "unchecked",
        };
        if e.get_attribute("data-fair").as_deref() != Some(kind) {
            dom::set_attr(&e, "data-fair", kind);
            dom::set_attr(&e, "role", if mark.alarm { "alert" } else { "status" });
        }
        if e.text_content().as_deref() != Some(&mark.words) {
            dom::set_text(&e, &mark.words);
        }
    }

    fn net_dialog(lang: Lang, now: &OpenDialog, before: Option<&OpenDialog>) {
        let OpenDialog::Online(d, notes) = now else {
            return;
        };
        let written = match before {
            Some(OpenDialog::Online(b, notes)) if d.is(b) => Some(notes),
            _ => {
                match d.shows() {
                    Some(OnlineShown::Invites(s)) => {
                        // (A join page left behind shares its fields' ids
                        // with the invites': they must be the only ones.)
                        if let Some(join) = by_id(DialogKind::Join.id()) {
                            join.remove();
                        }
                        let error = s.error.as_deref();
                        ui::invites(lang, s.kind, &s.seats, &s.handed, error, &s.servers);
                    }
                    Some(OnlineShown::Join(s)) => {
                        ui::join(lang, &s.invite, &s.state, &s.name, &s.servers)
                    }
                    None => {}
                }
                None
            }
        };
        // (Written in place, over a dialog made afresh too.)
        if written != Some(notes) {
            ui::servers_enabled(notes.same_network_only);
            ui::stun_error(&notes.stun_error);
            ui::relay_error(&notes.relay_error);
        }
    }
}

impl ViewerViews for NoWriters {
    type Review = NoReview;

    fn render_viewer(_: &mut View, _: &mut Scene, _: NoReview) {}
    fn author_section(_: Lang, _: &Element, _: &AuthorLink) {}
    fn author_tool(_: Lang, _: &RecordsDialog, _: &RecordsDialog) {}
}

impl OnlineViews for NoWriters {
    type Mark = NoMark;

    fn net_dialog(_: Lang, _: &OpenDialog, _: Option<&OpenDialog>) {}
    fn fair_mark(_: &Element, _: NoMark) {}
}
