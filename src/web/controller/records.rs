//! The Share and records dialog's actions, in each of the page's builds.
//! What opens a record (an import) and the viewer's own actions are the
//! viewer's (`replay.rs`), which a build without it hands to the viewer's
//! page (`table_alone.rs`).

use super::parts::{OnlinePlay, Parts, Viewer};
use super::Controller;
use crate::page::dialog::{Author, DialogKind, OpenDialog, RecordsDialog};
use crate::page::model::RecordsAction;
use crate::web::full_page::Then;
use crate::web::records::dialog;
use crate::web::share;

impl Controller {
    /// The dialog's and the viewer's actions that need the game.
    pub(in crate::web) fn records(&mut self, action: RecordsAction) {
        match action {
            RecordsAction::Open => {
                let withheld = Parts::record_withheld(self);
                let author = match withheld {
                    Some(_) => Author::None,
                    None => Parts::author(self),
                };
                let shows = dialog::shown(
                    self.page.lang,
                    self.page.address_lang,
                    &self.table.setup,
                    &self.table.game,
                    self.is_viewing(),
                    author,
                    withheld,
                );
                self.dialog
                    .show(OpenDialog::Records(RecordsDialog::new(shows)));
                self.render();
            }
            RecordsAction::Daily => {
                self.dialog.close(DialogKind::Records);
                Parts::stop_viewing(self);
                self.new_game(share::daily_setup());
            }
            RecordsAction::Import(text) => Parts::import(self, &text),
            RecordsAction::TooLarge(size) => {
                self.records_refused(dialog::too_large(self.page.lang, size))
            }
            RecordsAction::Close => {
                self.dialog.close(DialogKind::Records);
                self.render();
            }
            RecordsAction::Copy(field, text) => {
                dialog::copy_from(self.page.lang, field.name(), &text)
            }
            RecordsAction::Download(text) => dialog::download(&text),
            other => Parts::viewer_action(self, other),
        }
    }
}

impl Controller {
    /// A record refused, said in the records dialog.
    pub(super) fn records_refused(&mut self, why: String) {
        self.dialog_refuses(DialogKind::Records, why);
    }

    /// What the table asked the full page to open first (`web::full_page`):
    /// a game with friends is online play's, the rest the viewer's; in a
    /// build without that part, a hand-over that did not happen (its files
    /// could not be loaded).
    pub(in crate::web) fn take_over(&mut self, then: Then) {
        match then {
            Then::Table => Parts::take_table(self),
            then => Parts::take_over(self, then),
        }
    }
}
