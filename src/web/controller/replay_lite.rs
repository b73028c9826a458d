//! The replay viewer's place in the table alone (the build without the
//! Cargo feature `links`): a record to view and the author's tool are
//! handed over to the full page (`web::full_page`), which has the viewer.
//! (`www/boot.js` opens a rules-site link, `?r=`, in the full page itself.)

use super::Controller;
use crate::engine::Move;
use crate::web::full_page::{self, Then};
use crate::web::i18n::{Lang, K};
use crate::web::model::RecordsAction;
use crate::web::records::author::AuthorLink;
use crate::web::records::dialog;
use crate::web::records::link::LinkParams;

/// There is no viewer here, so never a record in it.
pub enum Replay {}

/// Nor a record from the address.
pub enum Linked {}

/// Nor a deal review (the full page's: `controller/review.rs`).
#[derive(Default)]
pub struct Reviewer;

pub fn read_link(lang: Lang, _: &LinkParams) -> Result<Linked, String> {
    Err(lang.t(K::FullPageMissing).to_string())
}

impl Controller {
    /// The only viewer action here: the dialog's way to the author's tool.
    pub(super) fn viewer_action(&mut self, action: RecordsAction) {
        let then = match action {
            RecordsAction::FullPage => Then::Records,
            // (The full page reviews the deal just finished.)
            RecordsAction::ReviewDeal => Then::Review,
            _ => return,
        };
        if let Err(e) = full_page::hand_over(self.page.lang, then) {
            dialog::show_error(&e);
        }
    }

    /// A record to view: the full page checks it and opens it, or says in
    /// its dialog what is wrong. (Checking it here too would cost the table
    /// 711 bytes of its first load.)
    pub(super) fn import(&mut self, text: &str) {
        let then = Then::Import(text.trim().to_string());
        if let Err(e) = full_page::hand_over(self.page.lang, then) {
            dialog::show_error(&e);
        }
    }

    pub(super) fn view_link(&mut self, linked: Linked) {
        match linked {}
    }

    pub(super) fn stop_viewing(&mut self) {}

    pub(super) fn author_link(&self) -> Option<AuthorLink> {
        None
    }

    pub(super) fn show_replay(&mut self) {}

    pub(super) fn replay_bar(&self) {}

    pub(super) fn review_panel(&self) {}

    pub(super) fn puzzle_answered(&mut self, _: Move) {}
}
