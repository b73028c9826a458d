//! Help, hints, the comfort settings, the language and the walkthrough,
//! decided in plain Rust: an [`AssistAction`] and the page it acts on go
//! in, they change, and the [`AssistEffect`]s the browser side carries out
//! come back (ask the hint's player, keep the settings, switch the sound or
//! the language, start the walkthrough's game). The hint's answer comes
//! back to [`Assist::hinted`]. Tested natively (`tests/assist.rs`).

use super::dialog::{DialogKind, Dialogs, OpenDialog};
use super::i18n::{Lang, K};
use super::model::{chosen_settings, AssistAction, Settings, Setup};
use super::table::{MoveRequest, Table};
use super::walkthrough::{self, CoachScene, Walkthrough};
use crate::engine::{GameKind, Move};

/// What help, hints and the walkthrough remember between actions.
#[derive(Debug, Default)]
pub struct Assist {
    pub walkthrough: Walkthrough,
    /// The hint's question on its way: the position (moves made) it was
    /// asked at, and whether its answer is said in the action bar.
    hint_asked: Option<(usize, bool)>,
}

/// The rest of the page that help and settings read and change.
pub struct Around<'a> {
    pub table: &'a mut Table,
    pub dialog: &'a mut Dialogs,
    pub lang: Lang,
    pub settings: Settings,
    pub sound_on: bool,
    /// The viewer shows: a puzzle's answer is the person's own, no hint.
    pub viewing: bool,
}

/// What the browser side carries out for help and settings, in order.
#[derive(Debug)]
pub enum AssistEffect {
    /// Ask the hint's player this; its answer goes to [`Assist::hinted`].
    AskHint(Box<MoveRequest>),
    /// Keep these settings (remembered for the next visit, applied now).
    KeepSettings(Settings),
    /// The sound on (true) or off.
    Sound(bool),
    /// The page in this language from now on (remembered; the view built
    /// again in it, which renders).
    Language(Lang),
    /// A new game with this set-up on the table (the walkthrough's).
    NewGame(Setup),
    Render,
}

impl Assist {
    /// The update with one of help's, the hint's, the settings' or the
    /// walkthrough's actions.
    pub fn update(&mut self, action: AssistAction, around: Around) -> Vec<AssistEffect> {
        use AssistEffect::{KeepSettings, Language, NewGame, Render, Sound};
        let Around {
            table,
            dialog,
            lang,
            settings,
            sound_on,
            viewing,
        } = around;
        match action {
            AssistAction::Hint if viewing => vec![],
            // The words come with the answer (`hinted`).
            AssistAction::Hint => match self.ask_hint(table, true) {
                Hinting::Ask(request) => vec![AssistEffect::AskHint(request)],
                Hinting::Pending => vec![],
                Hinting::Nobody => {
                    table.ui.message = Some(lang.t(K::HintNone).to_string());
                    vec![Render]
                }
            },
            AssistAction::Help => {
                dialog.show(OpenDialog::Help(table.game.kind()));
                vec![Render]
            }
            AssistAction::HelpGame(game) => {
                if let Some(OpenDialog::Help(_)) = dialog.shown() {
                    dialog.show(OpenDialog::Help(game));
                }
                vec![Render]
            }
            // (Already the stop: nothing to draw again.)
            AssistAction::FocusCard(card)
                if table.ui.tab_stop.map(|(held, _)| held) == Some(card) =>
            {
                vec![]
            }
            AssistAction::FocusCard(card) => {
                table.ui.tab_stop = Some((card, table.ui.moves));
                vec![Render]
            }
            AssistAction::Settings => {
                dialog.show(OpenDialog::Settings { settings, sound_on });
                vec![Render]
            }
            AssistAction::SettingChanged(form) => {
                let chosen = chosen_settings(&form, settings, lang);
                let mut effects = Vec::new();
                if chosen.settings != settings {
                    effects.push(KeepSettings(chosen.settings));
                }
                let sound_on = match chosen.sound_on {
                    Some(on) if on != sound_on => {
                        effects.push(Sound(on));
                        on
                    }
                    _ => sound_on,
                };
                if let Some(OpenDialog::Settings { .. }) = dialog.shown() {
                    let settings = chosen.settings;
                    dialog.show(OpenDialog::Settings { settings, sound_on });
                }
                effects.push(match chosen.lang {
                    Some(lang) => Language(lang),
                    None => Render,
                });
                effects
            }
            // (The view keeps the focus on the language button.)
            AssistAction::SwitchLang => vec![Language(lang.other())],
            AssistAction::Tutorial => {
                dialog.close(DialogKind::Help);
                let mut setup = Setup::default_for(GameKind::TwoPlayer);
                setup.seed = Some(walkthrough::SEED.to_string());
                // (Its Next takes the focus when the coach first shows.)
                self.walkthrough.start();
                vec![NewGame(setup), Render]
            }
            AssistAction::TutorialNext => {
                self.walkthrough.next();
                vec![Render]
            }
            AssistAction::TutorialEnd => {
                self.walkthrough.end();
                table.ui.hint = None;
                vec![Render]
            }
        }
    }

    /// Before every scene: the hint's question the walkthrough wants asked
    /// (it highlights the move it suggests whenever the person may act).
    pub fn before_render(&mut self, table: &Table) -> Option<MoveRequest> {
        if !self.walkthrough.wants_hint(table) {
            return None;
        }
        match self.ask_hint(table, false) {
            Hinting::Ask(request) => Some(*request),
            Hinting::Pending | Hinting::Nobody => None,
        }
    }

    /// The hint's question for the person who may act, unless one for
    /// this position is already on its way (its words are then wanted too
    /// when `say`).
    fn ask_hint(&mut self, table: &Table, say: bool) -> Hinting {
        let Some(request) = table.hint_request() else {
            return Hinting::Nobody;
        };
        let at = table.ui.moves;
        if matches!(self.hint_asked, Some((k, _)) if k == at && !say) {
            return Hinting::Pending;
        }
        self.hint_asked = Some((at, say));
        Hinting::Ask(Box::new(request))
    }

    /// The hint's player answered `ticket` (the position it was asked at)
    /// with `mv`: what it points at kept for the scene, and why said (in
    /// the action bar when the person asked, to the coach in the
    /// walkthrough). False for an answer no longer wanted (another
    /// question since, or a move made): nothing changed.
    pub fn hinted(&mut self, table: &mut Table, lang: Lang, ticket: u64, mv: Move) -> bool {
        let Some((at, say)) = self.hint_asked.filter(|&(at, _)| at as u64 == ticket) else {
            return false;
        };
        self.hint_asked = None;
        if table.ui.moves != at || table.acting().is_none() {
            return false;
        }
        let Some(deal) = table.game.deal().copied() else {
            return false;
        };
        let (target, words) = super::hint::advice(lang, &deal, mv);
        table.ui.hint = Some((at, target));
        if self.walkthrough.active() {
            self.walkthrough.set_reason(Some(words.clone()));
        }
        if say {
            table.ui.message = Some(words);
        }
        true
    }

    /// The hint's question is dropped (its player cancelled).
    pub fn hint_cancelled(&mut self) {
        self.hint_asked = None;
    }

    /// A move was made on the table (`by_person` if a person here made
    /// it, `trick` if it finished one): the hint is spent, the walkthrough
    /// counts it.
    pub fn moved(&mut self, table: &mut Table, by_person: bool, trick: bool) {
        table.ui.hint = None;
        self.walkthrough.moved(by_person, trick);
    }

    /// The walkthrough's coach panel, while it runs (the scene carries it).
    pub fn coach(&self, lang: Lang, table: &Table) -> Option<CoachScene> {
        let situation = walkthrough::situation(&table.game, &table.setup, &table.ui);
        self.walkthrough.coach(lang, situation)
    }
}

/// Whether the hint's player is to be asked.
enum Hinting {
    /// Nobody here may act.
    Nobody,
    /// Already asked at this position.
    Pending,
    Ask(Box<MoveRequest>),
}
