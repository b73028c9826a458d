//! The replay viewer as a mode of the controller: while `replay` holds a
//! record, the table shows its positions instead of the game, nothing is
//! saved, and leaving puts the saved game back.

use super::Controller;
use crate::ai::Level;
use crate::web::i18n::K;
use crate::web::model::{Player, RecordsAction, Setup, Ui};
use crate::web::records::dialog;
use crate::web::records::replay::{self, Position, Replay};
use crate::web::share;

impl Controller {
    /// The dialog's and the viewer's actions that need the game.
    pub(in crate::web) fn records(&mut self, action: RecordsAction) {
        match action {
            RecordsAction::Open => dialog::open(
                self.page.lang,
                self.page.address_lang,
                &self.setup,
                &self.game,
                self.replay.is_some(),
            ),
            RecordsAction::Daily => {
                dialog::close();
                self.stop_viewing();
                self.new_game(share::daily_setup());
            }
            RecordsAction::Import(text) => self.import(&text),
            RecordsAction::ImportPasted => {
                if let Some(text) = dialog::pasted(self.page.lang) {
                    self.import(&text);
                }
            }
            RecordsAction::FileChosen => dialog::read_file(self.page.lang, self.dispatch()),
            RecordsAction::Close => dialog::close(),
            RecordsAction::Copy(field) => dialog::copy_from(self.page.lang, field),
            RecordsAction::Download => dialog::download(),
            RecordsAction::Step(step) => {
                if let Some(r) = self.replay.as_mut() {
                    r.step(step);
                }
                self.advance();
            }
            RecordsAction::Reveal => {
                if let Some(r) = self.replay.as_mut() {
                    r.reveal = !r.reveal;
                }
                self.advance();
            }
            RecordsAction::Exit => {
                self.stop_viewing();
                self.resume_or_default();
            }
        }
    }

    /// Checks a record and opens it in the viewer.
    fn import(&mut self, text: &str) {
        let record = match dialog::read_record(self.page.lang, text.trim()) {
            Ok(r) => r,
            Err(e) => return dialog::show_error(&e),
        };
        dialog::close();
        self.saver.pause(true);
        self.replay = Some(Replay::new(record));
        self.view.set_table(self.game.kind());
        self.advance();
    }

    fn stop_viewing(&mut self) {
        if self.replay.take().is_some() {
            self.saver.pause(self.page.embedded);
            self.ui.reveal = false;
            replay::remove_bar();
        }
    }

    /// Puts the viewer's position on the table (instead of the game flow).
    pub(super) fn show_replay(&mut self) {
        let lang = self.page.lang;
        let Some(r) = self.replay.as_ref() else {
            return;
        };
        let (deal, upto) = r.place(r.pos);
        let (rules, deal_moves, pos, total, reveal) = (
            r.record.rules,
            r.record.deals[deal].moves.len(),
            r.pos,
            r.total,
            r.reveal,
        );
        let Some(Position { game, moves, held }) = r.at(pos) else {
            return;
        };
        let kind = game.kind();
        if self.game.kind() != kind || self.setup.players.len() != kind.seats() {
            self.view.set_table(kind);
        }
        // A record's players are unknown: every seat is shown as a computer.
        self.set_setup(Setup {
            rules,
            players: vec![Player::Computer(Level::Normal); kind.seats()],
            seed: None,
        });
        self.game = game;
        self.ui = Ui {
            bottom: 0,
            viewer: Some(0),
            reveal,
            held,
            moves,
            scores_open: self.ui.scores_open,
            ..Ui::default()
        };
        self.render();
        let where_text = lang.tf(
            K::ReplayPos,
            &[
                &(deal + 1).to_string(),
                &upto.to_string(),
                &deal_moves.to_string(),
            ],
        );
        replay::bar(lang, pos, total, reveal, &where_text);
    }
}
