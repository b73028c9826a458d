//! The controller's side of help, hints, settings, languages, the
//! walkthrough and screen-reader announcements: `page::assist` decides,
//! this carries its effects out (the hint's player, the settings' and the
//! language's storage, the sound, the view built again in a language).

use super::{with, Controller};
use crate::engine::{Deal, Effect, Move};
use crate::page::assist::{Around, AssistEffect};
use crate::page::model::{Action, Answer, AssistAction, Dispatch};
use crate::page::table::MoveRequest;
use crate::page::walkthrough::CoachScene;
use crate::web::{i18n, settings};
use std::rc::Rc;

impl Controller {
    /// The actions of help, hints, settings and the walkthrough.
    pub(super) fn assist(&mut self, action: AssistAction) {
        let around = Around {
            table: &mut self.table,
            dialog: &mut self.dialog,
            lang: self.page.lang,
            settings: self.page.settings,
            sound_on: !self.page.sound.muted(),
            viewing: matches!(self.mode, super::Mode::Viewing(_)),
        };
        for effect in self.assist.update(action, around) {
            match effect {
                AssistEffect::AskHint(request) => self.ask_hint(*request),
                AssistEffect::KeepSettings(s) => {
                    settings::keep(s);
                    self.page.settings = s;
                }
                AssistEffect::Sound(on) => self.page.sound.set_muted(!on),
                AssistEffect::Language(lang) => {
                    self.page.lang = lang;
                    i18n::choose_lang(lang);
                    // (The dialog open, the Settings panel, and the coach's
                    // panel are written again in the new language from the scene.)
                    self.view.rebuild(lang);
                    self.view.set_table(self.table.game.kind());
                    self.render();
                }
                AssistEffect::NewGame(setup) => self.new_game(setup),
                AssistEffect::Render => self.render(),
            }
        }
    }

    /// Asks the hint's player (Hard, thinking where the computers do);
    /// its answer comes back to `page::assist`.
    fn ask_hint(&mut self, request: MoveRequest) {
        let me = self.me.clone();
        let answer: Dispatch = Rc::new(move |action| {
            if let Action::Answered(Answer { ticket, mv, .. }) = action {
                with(&me, move |c| c.hinted(ticket, mv))
            }
        });
        self.players.hinter.your_turn(request, answer);
    }

    fn hinted(&mut self, ticket: u64, mv: Move) {
        if self
            .assist
            .hinted(&mut self.table, self.page.lang, ticket, mv)
        {
            self.render();
        }
    }

    pub(super) fn cancel_hint(&mut self) {
        self.players.hinter.cancel();
        self.assist.hint_cancelled();
    }

    /// Before every scene is built: the walkthrough's hint, if it wants one.
    pub(super) fn before_render(&mut self) {
        if let Some(request) = self.assist.before_render(&self.table) {
            self.ask_hint(request);
        }
    }

    /// The walkthrough's coach panel, while it runs (the scene carries it).
    pub(super) fn coach(&self) -> Option<CoachScene> {
        self.assist.coach(self.page.lang, &self.table)
    }

    /// Called on every move the engine took.
    pub(super) fn announce_move(&mut self, before: &Deal, mv: Move, seat: u8, effect: &Effect) {
        self.said
            .move_made(self.page.lang, before, mv, seat, effect);
        let by_person = self.seat_is_person_here(seat);
        let trick = effect.trick.is_some();
        self.assist.moved(&mut self.table, by_person, trick);
    }
}
