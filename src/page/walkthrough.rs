//! The walkthrough for newcomers: a two-player game on a fixed deal (seed
//! [`SEED`]) against a Normal computer, with a coach panel that says what to
//! do and why at each of your first decisions. The suggested card or button
//! is highlighted (the Hard player's choice, as for a hint); the player
//! completes it by clicking. The real engine plays every move.
//!
//! Where it stands and what its coach panel says are decided here
//! ([`Walkthrough::coach`], a [`CoachScene`] the scene carries); the view
//! writes the panel (`web/view/coach.rs`).

use super::i18n::{Lang, K};
use super::model::{acting_seat, Setup, Ui};
use super::table::Table;
use crate::engine::{Game, GameKind, Turn};

pub const SEED: &str = "walkthrough";
/// Your decisions the walkthrough explains before it lets go.
const STEPS: u32 = 4;

/// What the person is asked to do now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Situation {
    Lead,
    Follow,
    Quack,
    /// The leader answers a quack.
    Answer,
    /// The follower after the leader's Quack-quack (two-player).
    AfterQuackQuack,
    Wait,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Step {
    #[default]
    Off,
    Intro,
    Play,
    Done,
}

/// Where the walkthrough stands. The controller owns one; it is off
/// unless the person starts the walkthrough.
#[derive(Debug, Default)]
pub struct Walkthrough {
    step: Step,
    /// The person's moves so far, and the tricks finished.
    moves: u32,
    tricks: u32,
    /// The hint's own reason for the highlighted move.
    reason: Option<String>,
}

/// The coach panel as it shows: its words and buttons.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoachScene {
    pub title: &'static str,
    /// What to do now (read out politely as it changes).
    pub text: &'static str,
    /// Why the highlighted move (the hint's reason), while one is asked for.
    pub reason: Option<String>,
    /// The intro's *Next* (it takes the focus as the panel first shows).
    pub next: Option<&'static str>,
    pub end: &'static str,
    /// *End walkthrough* is the main button (the walkthrough is done).
    pub end_primary: bool,
}

impl Walkthrough {
    pub fn set_reason(&mut self, reason: Option<String>) {
        self.reason = reason;
    }

    pub fn start(&mut self) {
        *self = Walkthrough {
            step: Step::Intro,
            ..Walkthrough::default()
        };
    }

    pub fn active(&self) -> bool {
        self.step != Step::Off
    }

    pub fn next(&mut self) {
        if self.step == Step::Intro {
            self.step = Step::Play;
        }
    }

    pub fn end(&mut self) {
        self.step = Step::Off;
    }

    /// A move of the person's was played.
    pub fn human_moved(&mut self) {
        self.moves += 1;
    }

    pub fn trick_done(&mut self) {
        self.tricks += 1;
        if self.moves >= STEPS && self.step == Step::Play {
            self.step = Step::Done;
        }
    }

    /// Whether the intro is on show (the table waits for "Next").
    pub fn in_intro(&self) -> bool {
        self.step == Step::Intro
    }

    /// The walkthrough is over and waiting for its last click.
    pub fn done(&self) -> bool {
        self.step == Step::Done
    }
}

impl Walkthrough {
    /// Before each scene: the walkthrough ends once its game is no longer
    /// on the table; true when the coach wants the move it suggests
    /// highlighted (the person may act, the intro is past, no hint is held
    /// for the position): the page then asks the hint's player, and its
    /// answer is the coach's reason.
    pub fn wants_hint(&mut self, table: &Table) -> bool {
        if !self.active() {
            return false;
        }
        if table.setup.seed.as_deref() != Some(SEED)
            || table.setup.rules.game != GameKind::TwoPlayer
        {
            self.end();
            return false;
        }
        let held = table.ui.hint.is_some_and(|(at, _)| at == table.ui.moves);
        let wants = !self.in_intro() && !self.done() && table.acting().is_some() && !held;
        if wants {
            self.set_reason(None);
        }
        wants
    }

    /// A move was made: `by_person` if a person here made it, `trick` if
    /// it finished a trick.
    pub fn moved(&mut self, by_person: bool, trick: bool) {
        if self.active() {
            if by_person {
                self.human_moved();
            }
            if trick {
                self.trick_done();
            }
        }
    }

    /// The coach panel while the walkthrough runs, for what the person
    /// is asked to do now.
    pub fn coach(&self, lang: Lang, situation: Situation) -> Option<CoachScene> {
        if self.step == Step::Off {
            return None;
        }
        // (The intro waits for its Next, whatever the table asks.)
        let situation = if self.in_intro() {
            Situation::Wait
        } else {
            situation
        };
        let text = match (self.step, situation) {
            (Step::Intro, _) => K::TutIntro,
            (Step::Done, _) => K::TutDone,
            (_, Situation::Lead) => K::TutLead,
            (_, Situation::Follow) => K::TutFollow,
            (_, Situation::Quack) => K::TutQuack,
            (_, Situation::Answer) => K::TutAnswer,
            (_, Situation::AfterQuackQuack) => K::TutSoup,
            (_, Situation::Wait) if self.tricks > 0 => K::TutAfterTrick,
            (_, Situation::Wait) => K::TutIntro,
        };
        let reason = self
            .reason
            .clone()
            .filter(|_| self.step == Step::Play && situation != Situation::Wait);
        Some(CoachScene {
            title: lang.t(K::TutTitle),
            text: lang.t(text),
            reason,
            next: (self.step == Step::Intro).then(|| lang.t(K::TutNext)),
            end: lang.t(K::TutEnd),
            end_primary: self.step == Step::Done,
        })
    }
}

/// What the person at this table is asked to do now.
pub fn situation(game: &Game, setup: &Setup, ui: &Ui) -> Situation {
    let (Some(_), Some(d)) = (acting_seat(game, setup, ui), game.deal()) else {
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
