//! The dialogs over the table, written from the scene's `dialog`
//! (`page::dialog::OpenDialog`): a dialog is opened (built in the page's
//! language) when the scene first has it, closed when the scene no longer
//! has it, and otherwise only its parts that changed are written (the new
//! game's fields for another game or preset, the help's tab, a refusal,
//! online play's dialogs rebuilt with their typed fields moved into the new
//! form), so that what a person typed, and the focus, stay.
//!
//! The dialogs' own files build their DOM (`web::dialog`, `settings`,
//! `help`, `records::dialog`, `net::ui`): the view is their one caller.
//! Those only the full page shows (online play's, the author's tool) are
//! written through [`ViewerViews`] and [`OnlineViews`], so that a build
//! without that part leaves them out.

use crate::page::dialog::{DialogKind, NewGameDialog, OpenDialog, RecordsDialog};
use crate::page::link::AuthorLink;
use crate::web::dom::by_id;
use crate::web::i18n::Lang;
use crate::web::{dialog, help, records, settings};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlDialogElement};

/// The viewer's writers, which the view calls in its pass (the viewer's
/// bar, the deal review's panel, the author's tool): a build without the
/// viewer writes nothing, as it never shows them, so that its wasm leaves
/// them out. The controller's parts choose one
/// (`controller::parts::Viewer::Views`).
pub trait ViewerViews {
    /// The deal review's panel, a scene of its own (the viewer's, while it
    /// shows, and a practice's words from it; a build without the viewer's
    /// is nothing at all).
    type Review;
    /// The viewer's bar (taken out of the scene, to be kept), the deal
    /// review's panel and a practice's words.
    fn render_viewer(view: &mut super::View, s: &mut super::Scene, review: Self::Review);
    /// The records dialog's author's tool, into its section `f`.
    fn author_section(lang: Lang, f: &Element, link: &AuthorLink);
    /// The records dialog's author's tool, changed since `before`.
    fn author_tool(lang: Lang, now: &RecordsDialog, before: &RecordsDialog);
}

/// Online play's writer of its dialogs (the invites, a guest's join page):
/// a build without online play writes nothing, as it never shows them
/// (`controller::parts::OnlinePlay::Views`).
pub trait OnlineViews {
    /// What online play shows on the table itself: the fair deals' mark.
    type Mark;
    /// Online play's dialog `now` (`before`: the same dialog as last
    /// written, in the same language, still open).
    fn net_dialog(lang: Lang, now: &OpenDialog, before: Option<&OpenDialog>);
    /// The fair deals' mark on a guest's table, after the action bar's
    /// message (`home`: the bar).
    fn fair_mark(home: &web_sys::Element, mark: Self::Mark);
}

/// What the dialogs last wrote: the dialog, in which language, and its
/// refusal.
#[derive(Default)]
pub struct Dialogs {
    shown: Option<(Lang, Rc<OpenDialog>)>,
    error: Option<String>,
}

fn close(kind: DialogKind) {
    if let Some(d) = by_id(kind.id()) {
        d.unchecked_into::<HtmlDialogElement>().close();
    }
}

impl Dialogs {
    /// Writes the dialog `now` (None: none open) in `lang`, with its
    /// refusal `error`.
    pub fn render<V: ViewerViews, O: OnlineViews>(
        &mut self,
        lang: Lang,
        now: Option<&Rc<OpenDialog>>,
        error: Option<&str>,
    ) {
        let now_kind = now.map(|d| d.kind());
        let before = self.shown.take().filter(|(_, b)| {
            let same = Some(b.kind()) == now_kind;
            if !same {
                close(b.kind());
            }
            same
        });
        let Some(d) = now else {
            self.error = None;
            return;
        };
        // (What was written, in this language. A dialog the browser
        // closes is closed in the scene too, `Action::DialogClosed`,
        // before it may open again.)
        let before = before.as_ref().filter(|(l, _)| *l == lang).map(|(_, b)| b);
        // (The same dialog, unchanged: nothing to write.)
        if !before.is_some_and(|b| Rc::ptr_eq(b, d)) && write::<V, O>(lang, d, before.map(|b| &**b))
        {
            self.error = None;
        }
        if self.error.as_deref() != error {
            let text = error.unwrap_or("");
            match d.kind() {
                DialogKind::NewGame => dialog::show_error(text),
                DialogKind::Records => records::dialog::show_error(text),
                _ => {}
            }
            self.error = error.map(str::to_string);
        }
        self.shown = Some((lang, Rc::clone(d)));
    }
}

/// Opens `d`, or writes what changed since `before`: whether it was made
/// anew.
fn write<V: ViewerViews, O: OnlineViews>(
    lang: Lang,
    d: &OpenDialog,
    before: Option<&OpenDialog>,
) -> bool {
    match (d, before) {
        // (A dialog is made anew only when it opens: `from` stays while it is open.)
        (OpenDialog::NewGame(n), Some(OpenDialog::NewGame(b))) => {
            new_game_changes(lang, n, b);
            return false;
        }
        // (A dialog is written as it opens, before any change to it.)
        (OpenDialog::NewGame(n), _) => dialog::open(lang, &n.from),
        // (Its fields show what the person chose: built again only in
        // another language.)
        (OpenDialog::Settings { .. }, Some(_)) => return false,
        (OpenDialog::Settings { settings, sound_on }, None) => {
            settings::open(lang, *settings, !sound_on)
        }
        (OpenDialog::Help(game), Some(OpenDialog::Help(shown))) => {
            if game != shown {
                help::show_game(lang, *game);
            }
            return false;
        }
        (OpenDialog::Help(game), _) => help::open(lang, *game),
        (OpenDialog::Records(r), Some(OpenDialog::Records(b)))
            if Rc::ptr_eq(&r.shows, &b.shows) =>
        {
            V::author_tool(lang, r, b);
            return false;
        }
        (OpenDialog::Records(r), _) => records::dialog::open(lang, &r.shows, V::author_section),
        (OpenDialog::Online(..), _) => {
            O::net_dialog(lang, d, before);
            return false;
        }
    }
    true
}

/// The new game's dialog: the fields of another game or preset, since `before`.
fn new_game_changes(lang: Lang, n: &NewGameDialog, before: &NewGameDialog) {
    if n.game != before.game {
        dialog::game_changed(lang, n.game);
    }
    if n.preset != before.preset {
        if let Some(preset) = &n.preset {
            dialog::preset_changed(n.game, preset);
        }
    }
}
