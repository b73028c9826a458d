//! The dialogs over the table, written from the scene's `dialog`
//! (`page::dialog::OpenDialog`): a dialog is opened (built in the page's
//! language) when the scene first has it, closed when the scene no longer
//! has it, and otherwise only its parts that changed are written (the new
//! game's fields for another game or preset, the help's tab, a refusal,
//! online play's dialogs rebuilt with their typed fields moved into the new
//! form), so that what a person typed, and the focus, stay. A dialog the
//! browser closed while the scene still has it (a guest's join page, which
//! stays until the host's table comes) is opened again.
//!
//! The dialogs' own files build their DOM (`web::dialog`, `settings`,
//! `help`, `records::dialog`, `net::ui`): the view is their one caller.
//! Those only the full page shows (online play's, the author's tool) are
//! written through [`FullViews`], so that the table alone leaves them out.

use crate::page::dialog::{DialogKind, NewGameDialog, OpenDialog, RecordsDialog};
use crate::web::dom::by_id;
use crate::web::i18n::Lang;
use crate::web::{dialog, help, records, settings};
use wasm_bindgen::JsCast;
use web_sys::HtmlDialogElement;

/// The full page's writers, which the view calls in its pass (the viewer's
/// bar, the deal review's panel, online play's dialogs, the author's
/// tool): the table alone's write nothing, as it never shows them, so that
/// its wasm leaves them out. The controller's parts choose one
/// (`controller::parts::Viewer::Views`).
pub trait FullViews {
    /// The viewer's bar and the deal review's panel.
    fn render_viewer(view: &mut super::View, s: &super::Scene);
    /// Online play's dialog `now` (`before`: the same dialog as last
    /// written, in the same language, still open).
    fn net_dialog(lang: Lang, now: &OpenDialog, before: Option<&OpenDialog>);
    /// The records dialog's author's tool, changed from `before`.
    fn author_tool(lang: Lang, now: &RecordsDialog, before: &RecordsDialog);
}

/// What the dialogs last wrote: the dialog, in which language.
#[derive(Default)]
pub struct Dialogs {
    shown: Option<(Lang, OpenDialog)>,
}

/// Whether the page's `<dialog>` of `kind` is open.
fn is_open(kind: DialogKind) -> bool {
    by_id(kind.id()).is_some_and(|d| d.unchecked_into::<HtmlDialogElement>().open())
}

/// Closes the `<dialog>` of `kind`; a guest's join page is taken out of the
/// page (its fields share their ids with the invites', which must then be
/// the only ones).
fn close(kind: DialogKind) {
    if let Some(d) = by_id(kind.id()) {
        d.clone().unchecked_into::<HtmlDialogElement>().close();
        if kind == DialogKind::Join {
            d.remove();
        }
    }
}

impl Dialogs {
    /// Writes the dialog `now` (None: none open) in `lang`.
    pub fn render<F: FullViews>(&mut self, lang: Lang, now: Option<&OpenDialog>) {
        let now_kind = now.map(OpenDialog::kind);
        let before = self.shown.take().filter(|(_, b)| {
            let same = Some(b.kind()) == now_kind;
            if !same {
                close(b.kind());
            }
            same
        });
        if let Some(d) = now {
            // (What was written, if it still shows, in this language.)
            let before = before
                .as_ref()
                .filter(|(l, b)| *l == lang && is_open(b.kind()))
                .map(|(_, b)| b);
            write::<F>(lang, d, before);
        }
        self.shown = now.map(|d| (lang, d.clone()));
    }
}

/// Opens `d`, or writes what changed since `before`.
fn write<F: FullViews>(lang: Lang, d: &OpenDialog, before: Option<&OpenDialog>) {
    match (d, before) {
        (OpenDialog::NewGame(n), Some(OpenDialog::NewGame(b))) if n.from == b.from => {
            new_game_changes(lang, n, b)
        }
        (OpenDialog::NewGame(n), _) => {
            dialog::open(lang, &n.from);
            new_game_changes(lang, n, &NewGameDialog::new(n.from.clone()));
        }
        // (Its fields show what the person chose: built again only in
        // another language.)
        (OpenDialog::Settings { .. }, Some(_)) => {}
        (OpenDialog::Settings { settings, sound_on }, None) => {
            settings::open(lang, *settings, !sound_on)
        }
        (OpenDialog::Help(game), Some(OpenDialog::Help(shown))) => {
            if game != shown {
                help::show_game(lang, *game);
            }
        }
        (OpenDialog::Help(game), _) => help::open(lang, *game),
        (OpenDialog::Records(r), Some(OpenDialog::Records(b))) if r.shows == b.shows => {
            records_changes::<F>(lang, r, b)
        }
        (OpenDialog::Records(r), _) => {
            records::dialog::open(lang, &r.shows);
            let fresh = RecordsDialog {
                error: None,
                author: None,
                previews: 0,
                shows: r.shows.clone(),
            };
            records_changes::<F>(lang, r, &fresh);
        }
        (OpenDialog::Invites(..) | OpenDialog::Join(..), _) => F::net_dialog(lang, d, before),
    }
}

/// The new game's dialog: the fields of another game or preset, a refusal.
fn new_game_changes(lang: Lang, n: &NewGameDialog, b: &NewGameDialog) {
    if n.game != b.game {
        dialog::game_changed(lang, n.game);
    }
    if n.preset != b.preset {
        if let Some(preset) = &n.preset {
            dialog::preset_changed(n.game, preset);
        }
    }
    if n.error != b.error {
        dialog::show_error(n.error.as_deref().unwrap_or(""));
    }
}

fn records_changes<F: FullViews>(lang: Lang, r: &RecordsDialog, b: &RecordsDialog) {
    if r.error != b.error {
        records::dialog::show_error(r.error.as_deref().unwrap_or(""));
    }
    if r.author != b.author || r.previews != b.previews {
        F::author_tool(lang, r, b);
    }
}
