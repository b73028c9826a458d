//! The controller's side of saving: it asks the `persist` service to save
//! after every change and to record statistics when a deal ends, and puts a
//! saved game back on the table. The service never calls back.

use super::parts::{Parts, Viewer};
use super::{Controller, PaceScale, Page, Shared, Thinking};
use crate::engine::{Effect, GameKind};
use crate::page::model::Setup;
use crate::page::saved::Saved;
use crate::web::i18n::K;
use crate::web::params::PageParams;
use crate::web::persist::{self, Saver};
use crate::web::view::View;
use crate::web::{embed, share};

impl Controller {
    /// Saves the game (called on every change). When storage refuses, the
    /// previous save stays as it was and the action bar says so.
    pub(in crate::web) fn persist(&mut self) {
        let state = self.table.saved_state();
        if self.saver.save(&self.table.game, &state).is_err() {
            self.table.ui.message = Some(self.page.lang.t(K::SaveFailed).to_string());
        }
    }

    /// After each move: statistics and embed events when a deal or the game ends.
    pub(in crate::web) fn after_move(&mut self, effect: &Effect) {
        let lang = self.page.lang;
        if !effect.deal_over {
            return;
        }
        let (game, setup) = (&self.table.game, &self.table.setup);
        if self
            .saver
            .deal_finished(game, setup, self.table.take_backs)
            .is_err()
        {
            self.table.ui.message = Some(lang.t(K::SaveFailed).to_string());
        }
        embed::deal_finished(&self.table.game);
    }

    /// Puts a saved game on the table and carries on from there.
    pub(in crate::web) fn restore(&mut self, s: Saved) {
        self.saver.resumed(&s);
        let setup = self.table.restore(s);
        self.set_setup(setup);
        self.view.set_table(self.table.game.kind());
        self.advance();
    }

    /// The saved game back on the table, or a new default game.
    pub(in crate::web) fn resume_or_default(&mut self) {
        match persist::load(self.page.lang, &mut self.saver).0 {
            Some(s) => self.restore(s),
            None => self.new_game(Setup::default_for(GameKind::TwoPlayer)),
        }
    }

    /// Shows a notice in the action bar.
    pub(in crate::web) fn notice(&mut self, text: String) {
        self.table.ui.message = Some(text);
        self.render();
    }
}

/// Starts the table: a game named by the address (a share link, the daily
/// deal, or an embed's parameters), else the saved game, else `default`.
/// A bad link or unusable saved data leaves a notice on a playable game.
pub fn start(
    view: View,
    default: Setup,
    pace: PaceScale,
    entropy: u64,
    address: &PageParams,
    page: Page,
) -> Shared {
    let embedded = page.embedded;
    let lang = page.lang;
    // `?r=`: a record for the viewer, which saves nothing and leaves the
    // saved game alone; a bad one is a notice over the usual table.
    let viewer = address.record.as_ref().map(|p| Parts::read_link(lang, p));
    let viewing = matches!(viewer, Some(Ok(_)));
    let link = share::from_address(lang, address);
    let mut notice = None;
    // Nothing is saved until the saved game (if any) is back on the table.
    let mut saver = Saver::new(true);
    let (setup, saved, linked) = match link {
        Ok(Some(s)) if !viewing => (s, None, true),
        other => {
            let mut default = default;
            if let Err(e) = other {
                notice = Some(lang.tf(K::BadLink, &[&e]));
                default.seed = None;
            }
            if let Some(Err(e)) = &viewer {
                notice = Some(e.clone());
            }
            if embedded || viewing {
                (default, None, false)
            } else {
                let (saved, n) = persist::load(lang, &mut saver);
                notice = notice.or(n);
                (default, saved, notice.is_some())
            }
        }
    };
    let thinking = Thinking {
        files: page.worker_files.clone(),
        in_worker: address.worker,
        settle_nodes: if address.settle_in_worker {
            0
        } else {
            crate::ai::settled::PAGE_NODES
        },
        expert_playouts: address.playouts,
    };
    let c = Controller::new(view, setup.rules, pace, thinking, entropy, saver, page);
    {
        let mut c = c.borrow_mut();
        c.saver.pause(embedded || viewing);
        // One table built at load: the saved game's, or the new game's
        // (never a default game first, built and then replaced).
        if let Some(s) = saved {
            persist::loading(true);
            c.restore(s);
            persist::loading(false);
        } else if let Some(Ok(linked)) = viewer {
            c.new_game(setup);
            Parts::view_link(&mut c, linked);
        } else {
            c.new_game(setup);
            c.persist();
            if c.table.ui.message.is_some() {
                c.render();
            }
        }
    }
    if linked && !embedded {
        share::clean_address(address);
    }
    if let Some(n) = notice {
        c.borrow_mut().notice(n);
    }
    c
}
