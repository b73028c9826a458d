//! The controller's side of help, hints, settings, languages, the
//! walkthrough and screen-reader announcements (kept out of `mod.rs`,
//! which only calls in here).

use super::Controller;
use crate::engine::{Deal, Effect, GameKind, Move};
use crate::page::dialog::{DialogKind, OpenDialog};
use crate::page::model::{AssistAction, Setup};
use crate::page::walkthrough::{self, CoachScene};
use crate::web::i18n::{self, Lang, K};
use crate::web::settings;

impl Controller {
    /// The hint's player answered for the position after `at` moves: keep
    /// what it points at for the scene, and say why (in the message when
    /// the person asked, to the coach in the walkthrough).
    pub(super) fn hinted(&mut self, at: usize, mv: Move, say: bool) {
        if self.table.ui.moves != at || self.acting_human().is_none() {
            return;
        }
        let Some(deal) = self.table.game.deal().copied() else {
            return;
        };
        let (target, words) = crate::page::hint::advice(self.page.lang, &deal, mv);
        self.table.ui.hint = Some((at, target));
        if self.walkthrough.active() {
            self.walkthrough.set_reason(Some(words.clone()));
        }
        if say {
            self.table.ui.message = Some(words);
        }
        self.render();
    }

    /// Before every scene is built: the walkthrough highlights the move it
    /// suggests whenever the person may act (a hint the scene marks).
    pub(super) fn before_render(&mut self) {
        if self.walkthrough.wants_hint(&self.table) {
            self.ask_hint(false);
        }
    }

    /// The walkthrough's coach panel, while it runs (the scene carries it).
    pub(super) fn coach(&self) -> Option<CoachScene> {
        let t = &self.table;
        let situation = walkthrough::situation(&t.game, &t.setup, &t.ui);
        self.walkthrough.coach(self.page.lang, situation)
    }

    /// Called on every move the engine took.
    pub(super) fn announce_move(&mut self, before: &Deal, mv: Move, seat: u8, effect: &Effect) {
        self.table.ui.hint = None;
        self.said
            .move_made(self.page.lang, before, mv, seat, effect);
        let by_person = self.seat_is_person_here(seat);
        self.walkthrough.moved(by_person, effect.trick.is_some());
    }

    fn rebuild_view(&mut self) {
        // (The dialog open, the Settings panel, and the coach's panel are
        // written again in the new language from the scene.)
        self.view.rebuild(self.page.lang);
        self.view.set_table(self.table.game.kind());
        self.render();
    }

    /// The Settings panel as the page's settings are.
    fn settings_dialog(&self) -> OpenDialog {
        OpenDialog::Settings {
            settings: self.page.settings,
            sound_on: !self.page.sound.muted(),
        }
    }

    /// Switches the page to another language: remembered for the next
    /// visit, and the table built again in it.
    fn choose_lang(&mut self, lang: Lang) {
        self.page.lang = lang;
        i18n::choose_lang(lang);
        self.rebuild_view();
    }

    /// The actions of this module's features.
    pub(super) fn assist(&mut self, action: AssistAction) {
        let lang = self.page.lang;
        match action {
            // The words come with the answer (see `hinted`).
            AssistAction::Hint if !self.ask_hint(true) => {
                self.table.ui.message = Some(lang.t(K::HintNone).to_string());
                self.render();
            }
            // (Asked: the answer renders.)
            AssistAction::Hint => {}
            AssistAction::Help => {
                self.dialog.show(OpenDialog::Help(self.table.game.kind()));
                self.render();
            }
            AssistAction::HelpGame(game) => {
                if let Some(OpenDialog::Help(_)) = self.dialog.shown() {
                    self.dialog.show(OpenDialog::Help(game));
                }
                self.render();
            }
            AssistAction::FocusCard(card)
                if self.table.ui.tab_stop.map(|(held, _)| held) != Some(card) =>
            {
                self.table.ui.tab_stop = Some((card, self.table.ui.moves));
                self.render();
            }
            // (Already the stop: nothing to draw again.)
            AssistAction::FocusCard(_) => {}
            AssistAction::Settings => {
                self.dialog.show(self.settings_dialog());
                self.render();
            }
            AssistAction::SettingChanged(form) => {
                let chosen =
                    crate::page::model::chosen_settings(&form, self.page.settings, self.page.lang);
                if chosen.settings != self.page.settings {
                    settings::keep(chosen.settings);
                }
                self.page.settings = chosen.settings;
                if let Some(on) = chosen.sound_on {
                    if self.page.sound.muted() == on {
                        self.page.sound.set_muted(!on);
                    }
                }
                if let Some(OpenDialog::Settings { .. }) = self.dialog.shown() {
                    self.dialog.show(self.settings_dialog());
                }
                if let Some(lang) = chosen.lang {
                    self.choose_lang(lang);
                } else {
                    self.render();
                }
            }
            AssistAction::SwitchLang => {
                // (The view keeps the focus on the language button.)
                self.choose_lang(self.page.lang.other());
            }
            AssistAction::Tutorial => {
                self.dialog.close(DialogKind::Help);
                let mut setup = Setup::default_for(GameKind::TwoPlayer);
                setup.seed = Some(walkthrough::SEED.to_string());
                self.new_game(setup);
                // (Its Next takes the focus when the coach first shows.)
                self.walkthrough.start();
                self.render();
            }
            AssistAction::TutorialNext => {
                self.walkthrough.next();
                self.render();
            }
            AssistAction::TutorialEnd => {
                self.walkthrough.end();
                self.table.ui.hint = None;
                self.render();
            }
        }
    }
}
