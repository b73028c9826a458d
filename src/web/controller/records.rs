//! The Share and records dialog's actions, in both of the page's builds.
//! What opens a record (an import) and the viewer's own actions are the
//! viewer's (`replay.rs`), which in the table alone hands them to the full
//! page (`replay_lite.rs`).

use super::Controller;
use crate::web::full_page::Then;
use crate::web::i18n::K;
use crate::web::model::RecordsAction;
use crate::web::records::dialog;
use crate::web::share;

impl Controller {
    /// The dialog's and the viewer's actions that need the game.
    pub(in crate::web) fn records(&mut self, action: RecordsAction) {
        match action {
            RecordsAction::Open => {
                let withheld = self.record_withheld();
                let author = self.author_link().filter(|_| withheld.is_none());
                dialog::open(
                    self.page.lang,
                    self.page.address_lang,
                    &self.setup,
                    &self.game,
                    self.is_viewing(),
                    author.as_ref(),
                    withheld,
                )
            }
            RecordsAction::Daily => {
                dialog::close();
                self.stop_viewing();
                self.new_game(share::daily_setup());
            }
            RecordsAction::Import(text) => self.import(&text),
            RecordsAction::TooLarge(size) => {
                dialog::show_error(&dialog::too_large(self.page.lang, size))
            }
            RecordsAction::Close => dialog::close(),
            RecordsAction::Copy(field) => dialog::copy_from(self.page.lang, field),
            RecordsAction::Download => dialog::download(),
            other => self.viewer_action(other),
        }
    }
}

impl Controller {
    /// What the table asked the full page to open first (`web::full_page`);
    /// in the table alone, a hand-over that did not happen: its files
    /// could not be loaded.
    pub(in crate::web) fn take_over(&mut self, then: Then) {
        if cfg!(not(all(feature = "links", feature = "online"))) {
            let text = self.page.lang.t(K::FullPageMissing).to_string();
            return self.notice(text);
        }
        match then {
            Then::Table => {}
            Then::Records => self.records(RecordsAction::Open),
            Then::Review => self.records(RecordsAction::ReviewDeal),
            // (In the dialog, where an import's refusal is shown.)
            Then::Import(text) => {
                self.records(RecordsAction::Open);
                self.records(RecordsAction::Import(text));
            }
        }
    }
}
