//! The controller's side of help, hints, settings, languages, the
//! walkthrough and screen-reader announcements (kept out of controller.rs,
//! which only calls in here).

use super::a11y;
use super::controller::Controller;
use super::model::{Action, Setup};
use super::i18n::{self, t, K};
use super::scene::Scene;
use super::tutorial::{self, Situation};
use super::view::View;
use crate::ai::{self, Level, SeatView};
use crate::engine::{Deal, Effect, GameKind, Move, Turn};

impl Controller {
    /// The seat of the person who may act now (as the controller's own check).
    fn acting_seat(&self) -> Option<u8> {
        let m = self.game.deal().filter(|_| self.game.in_deal())?.to_move();
        (self.seat_is_person_here(m)
            && self.ui.viewer == Some(m)
            && self.ui.privacy.is_none())
        .then_some(m)
    }

    fn hint_seed(&self) -> u64 {
        self.ai_seed.rotate_left(17) ^ (self.ui.moves as u64).wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Asks the Hard player what the person should do; returns its words.
    fn compute_hint(&mut self) -> Option<String> {
        let me = self.acting_seat()?;
        let deal = *self.game.deal()?;
        let mv = ai::choose(Level::Hard, &SeatView::of(&deal, me), self.hint_seed());
        Some(a11y::set_hint(self.ui.moves, &deal, mv))
    }

    fn situation(&self) -> Situation {
        let (Some(_), Some(d)) = (self.acting_seat(), self.game.deal()) else {
            return Situation::Wait;
        };
        match d.turn() {
            Some(Turn::Lead) => Situation::Lead,
            Some(Turn::Follow { .. }) if !d.quack_cards().is_empty() => Situation::Quack,
            Some(Turn::Follow { .. }) => Situation::Follow,
            Some(Turn::AnswerQuacks { .. }) => Situation::Answer,
            Some(Turn::AnswerQuackQuack { .. } | Turn::AddCard) => Situation::AfterQuackQuack,
            None => Situation::Wait,
        }
    }

    /// After every render: keyboard, screen reader and walkthrough upkeep.
    pub(super) fn after_render(&mut self, scene: &Scene) {
        if tutorial::active() {
            if self.setup.seed.as_deref() != Some(tutorial::SEED)
                || self.setup.rules.game != GameKind::TwoPlayer
            {
                tutorial::end();
            } else if !tutorial::in_intro()
                && !tutorial::done()
                && scene.waiting == "human"
                && !a11y::has_hint(self.ui.moves)
            {
                let why = self.compute_hint();
                tutorial::set_reason(why);
            }
        }
        a11y::after_render(scene);
        if tutorial::active() {
            tutorial::after_render(if tutorial::in_intro() {
                Situation::Wait
            } else {
                self.situation()
            });
        }
    }

    /// Called on every move the engine took.
    pub(super) fn announce_move(
        &mut self,
        before: Option<Deal>,
        mv: Move,
        seat: u8,
        effect: &Effect,
    ) {
        a11y::clear_hint();
        if let Some(d) = before {
            a11y::announce(&a11y::describe(&d, mv, seat, effect));
        }
        if effect.duck_course_ended {
            a11y::announce(t(K::SoupBegins));
        }
        if tutorial::active() {
            if self.seat_is_person_here(seat) {
                tutorial::human_moved();
            }
            if effect.trick.is_some() {
                tutorial::trick_done();
            }
        }
    }

    fn rebuild_view(&mut self) {
        super::dialog::close();
        super::help::close();
        a11y::reset_view_state();
        tutorial::relabel();
        self.view = View::new();
        self.view.set_table(self.game.kind());
        self.render();
    }

    /// The actions of this module's features.
    pub(super) fn assist(&mut self, action: Action) {
        match action {
            Action::Hint => {
                let text = self
                    .compute_hint()
                    .unwrap_or_else(|| t(K::HintNone).to_string());
                self.ui.message = Some(text);
                self.render();
            }
            Action::Help => super::help::open(self.game.kind()),
            Action::Settings => super::settings::open(),
            Action::SettingChanged => {
                if let Some(lang) = super::settings::changed() {
                    i18n::choose_lang(lang);
                    self.rebuild_view();
                    super::settings::open();
                } else {
                    self.render();
                }
            }
            Action::SwitchLang => {
                let other = match i18n::lang() {
                    i18n::Lang::En => i18n::Lang::Ja,
                    i18n::Lang::Ja => i18n::Lang::En,
                };
                i18n::choose_lang(other);
                self.rebuild_view();
                if let Some(b) = super::dom::by_id("lang-btn")
                    .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
                {
                    let _ = b.focus();
                }
            }
            Action::Tutorial => {
                super::help::close();
                let mut setup = Setup::default_for(GameKind::TwoPlayer);
                setup.seed = Some(tutorial::SEED.to_string());
                self.new_game(setup);
                tutorial::start();
                self.render();
                if let Some(b) = super::dom::by_id("coach-next")
                    .and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok())
                {
                    let _ = b.focus();
                }
            }
            Action::TutorialNext => {
                tutorial::next();
                self.render();
            }
            Action::TutorialEnd => {
                tutorial::end();
                a11y::clear_hint();
                self.render();
            }
            _ => {}
        }
    }
}
