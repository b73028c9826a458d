//! The replay viewer's bar, as data (the full page's): where the viewer
//! stands, its step buttons, play or pause, the speed, the seat shown,
//! reveal, exit and the note under it (a caption, a puzzle's words, a
//! notice about the link). The controller builds it from its replay state
//! ([`BarFacts`], `web/controller/replay.rs`); the scene carries it and the
//! view writes it (`web/view/replaybar.rs`), making the bar's frame again
//! only when [`BarFrame`] changes and otherwise touching only what changed.
//! No browser in it: its tests run natively.

use super::i18n::{FullKey, Lang, K};
use super::input::RecordsButton;

/// How fast the viewer plays on by itself: moves per 1.6 s at normal
/// pace, and the speed's label.
pub const SPEEDS: [(f64, &str); 3] = [(0.5, "½×"), (1.0, "1×"), (2.0, "2×")];

/// The step buttons, in order, as they are made: the step's name (the
/// button's `replay-NAME` id and its `data-rec`) and its keys.
pub const STEP_BUTTONS: [StepButton; 7] = [
    StepButton::new(RecordsButton::First, "Home"),
    StepButton::new(RecordsButton::TrickBack, "Shift+ArrowLeft PageUp"),
    StepButton::new(RecordsButton::Back, "ArrowLeft"),
    StepButton::new(RecordsButton::Play, "Space"),
    StepButton::new(RecordsButton::Forward, "ArrowRight"),
    StepButton::new(RecordsButton::TrickForward, "Shift+ArrowRight PageDown"),
    StepButton::new(RecordsButton::Last, "End"),
];

/// Each step button's label and glyph, in the same order (Play's while paused).
const STEP_WORDS: [(FullKey, &str); 7] = [
    (K::ReplayStart, "«"),
    (K::ReplayTrickBack, "⇤"),
    (K::ReplayBack, "‹"),
    (K::ReplayPlay, "▶"),
    (K::ReplayForward, "›"),
    (K::ReplayTrickForward, "⇥"),
    (K::ReplayEnd, "»"),
];

/// The index of Play (or Pause) in [`STEP_BUTTONS`]; those before it step back.
const PLAY: usize = 3;

/// What the controller knows of the viewer at the position on show.
#[derive(Clone, Debug, PartialEq)]
pub struct BarFacts {
    /// The position on show (from 0) and how many positions there are.
    pub pos: usize,
    pub total: usize,
    /// The deal on show (from 0), the moves made in it, and its moves in all.
    pub deal: usize,
    pub deal_moves_made: usize,
    pub deal_moves: usize,
    /// Moves made in the game at this position (a link's `at`), and in all.
    pub move_no: usize,
    pub moves: usize,
    pub reveal: bool,
    pub playing: bool,
    /// An index into [`SPEEDS`].
    pub speed: usize,
    /// The seat at the bottom, and how many seats the game has.
    pub seat: u8,
    pub seats: u8,
    /// A step forward is possible (not at the end, nor at an unanswered puzzle).
    pub can_forward: bool,
    /// The caption, puzzle or notice lines at this position.
    pub note: String,
    /// A puzzle waits for the person's answer here.
    pub puzzling: bool,
    /// An embedded viewer has no game of the person's to go back to.
    pub embedded: bool,
}

/// The viewer's bar as the view writes it.
#[derive(Clone, Debug, PartialEq)]
pub struct ReplayBarScene {
    /// What the bar is made of: the view makes it again when this changes.
    pub frame: BarFrame,
    /// "Deal 1 · move 3 of 40".
    pub where_text: String,
    /// The position on show and the last one (`data-pos`, `data-total`).
    pub pos: usize,
    pub last: usize,
    /// Each of [`STEP_BUTTONS`] now, in the same order.
    pub steps: [StepState; 7],
    pub jump: JumpScene,
    /// The speed chosen (an index into [`BarFrame::speeds`]).
    pub speed: usize,
    /// The seat shown (an index into [`BarFrame::seats`]); not to be
    /// changed while a puzzle waits for its mover's answer.
    pub seat: u8,
    pub seat_locked: bool,
    /// Whether every hand shows, and the button's words for it.
    pub reveal: bool,
    pub reveal_label: &'static str,
    /// The lines under the controls (hidden when empty), read out when they change.
    pub note: String,
    /// A puzzle waits for the person's answer (`body.puzzling`).
    pub puzzling: bool,
}

/// The bar's parts that never change while it shows, in its language.
#[derive(Clone, Debug, PartialEq)]
pub struct BarFrame {
    pub lang: Lang,
    pub title: &'static str,
    pub jump_label: &'static str,
    pub speed_label: &'static str,
    pub seat_label: &'static str,
    /// The seats' names, from South.
    pub seats: Vec<&'static str>,
    /// The button that leaves the viewer, with its words (none when embedded).
    pub exit: Option<&'static str>,
}

/// A step button as it is made.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepButton {
    /// First, Back, Play, ...: its id is `replay-NAME`, its `data-rec` NAME.
    pub button: RecordsButton,
    /// Its keyboard shortcuts (`aria-keyshortcuts`).
    pub keys: &'static str,
}

impl StepButton {
    const fn new(button: RecordsButton, keys: &'static str) -> StepButton {
        StepButton { button, keys }
    }
}

/// A step button now.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StepState {
    /// Its label and tooltip.
    pub label: &'static str,
    /// What is printed on it.
    pub glyph: &'static str,
    pub disabled: bool,
    /// Play or pause is a toggle (`aria-pressed`); the others are not.
    pub pressed: Option<bool>,
}

/// The field that jumps to a move.
#[derive(Clone, Debug, PartialEq)]
pub struct JumpScene {
    /// Moves made at this position, and the last move number.
    pub value: usize,
    pub max: usize,
    /// "Move 3 of 40" (`aria-valuetext`).
    pub value_text: String,
}

impl ReplayBarScene {
    /// The bar for the viewer's position `f`, in `lang`.
    pub fn of(lang: Lang, f: &BarFacts) -> ReplayBarScene {
        let can_back = f.pos > 0;
        let steps = std::array::from_fn(|i| {
            let (label, glyph) = STEP_WORDS[i];
            if i == PLAY {
                // Pausing stays possible at the end of what may be played.
                let (label, glyph) = if f.playing {
                    (K::ReplayPause, "❚❚")
                } else {
                    (label, glyph)
                };
                StepState {
                    label: lang.t(label),
                    glyph,
                    disabled: !f.can_forward && !f.playing,
                    pressed: Some(f.playing),
                }
            } else {
                StepState {
                    label: lang.t(label),
                    glyph,
                    disabled: if i < PLAY { !can_back } else { !f.can_forward },
                    pressed: None,
                }
            }
        });
        ReplayBarScene {
            frame: BarFrame::of(lang, f.seats, f.embedded),
            where_text: lang.tf(
                K::ReplayPos,
                &[
                    &(f.deal + 1).to_string(),
                    &f.deal_moves_made.to_string(),
                    &f.deal_moves.to_string(),
                ],
            ),
            pos: f.pos,
            last: f.total.saturating_sub(1),
            steps,
            jump: JumpScene {
                value: f.move_no,
                max: f.moves,
                value_text: lang.tf(
                    K::ReplayMoveOf,
                    &[&f.move_no.to_string(), &f.moves.to_string()],
                ),
            },
            speed: f.speed.min(SPEEDS.len() - 1),
            seat: f.seat,
            seat_locked: f.puzzling,
            reveal: f.reveal,
            reveal_label: lang.t(if f.reveal {
                K::HideHands
            } else {
                K::RevealHands
            }),
            note: f.note.clone(),
            puzzling: f.puzzling,
        }
    }
}

impl BarFrame {
    fn of(lang: Lang, seats: u8, embedded: bool) -> BarFrame {
        BarFrame {
            lang,
            title: lang.t(K::ReplayTitle),
            jump_label: lang.t(K::ReplayJump),
            speed_label: lang.t(K::ReplaySpeed),
            seat_label: lang.t(K::ReplaySeat),
            seats: (0..seats).map(|s| lang.seat_name(seats, s)).collect(),
            exit: (!embedded).then(|| lang.t(K::ExitReplay)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A two-player record of 2 deals of 40 moves, at deal 1's move 3.
    fn facts() -> BarFacts {
        BarFacts {
            pos: 3,
            total: 83,
            deal: 0,
            deal_moves_made: 3,
            deal_moves: 40,
            move_no: 3,
            moves: 80,
            reveal: false,
            playing: false,
            speed: 1,
            seat: 0,
            seats: 2,
            can_forward: true,
            note: String::new(),
            puzzling: false,
            embedded: false,
        }
    }

    fn step<'a>(s: &'a ReplayBarScene, name: &str) -> &'a StepState {
        let i = STEP_BUTTONS
            .iter()
            .position(|b| b.button.name() == name)
            .expect("a step button of that name");
        &s.steps[i]
    }

    #[test]
    fn the_bar_says_where_the_viewer_stands() {
        let s = ReplayBarScene::of(Lang::En, &facts());
        assert_eq!(s.where_text, "Deal 1 · move 3 of 40");
        assert_eq!((s.pos, s.last), (3, 82));
        assert_eq!(s.jump.value, 3);
        assert_eq!(s.jump.max, 80);
        assert_eq!(s.jump.value_text, "Move 3 of 80");
        let names: Vec<&str> = STEP_BUTTONS.iter().map(|b| b.button.name()).collect();
        assert_eq!(
            names,
            [
                "first",
                "trick-back",
                "back",
                "play",
                "forward",
                "trick-forward",
                "last"
            ]
        );
        assert_eq!(s.steps.len(), names.len());
        assert_eq!(s.frame.seats, ["South", "North"]);
        assert_eq!(s.frame.exit, Some("Back to my game"));
        assert!(s.steps.iter().all(|b| !b.disabled));
        assert_eq!(step(&s, "back").pressed, None);
    }

    #[test]
    fn steps_that_cannot_go_are_disabled_and_pause_stays_possible() {
        let at_start = ReplayBarScene::of(Lang::En, &BarFacts { pos: 0, ..facts() });
        for name in ["first", "trick-back", "back"] {
            assert!(step(&at_start, name).disabled, "{name} at the start");
        }
        assert!(!step(&at_start, "forward").disabled);
        let at_end = BarFacts {
            can_forward: false,
            ..facts()
        };
        let s = ReplayBarScene::of(Lang::En, &at_end);
        for name in ["play", "forward", "trick-forward", "last"] {
            assert!(step(&s, name).disabled, "{name} at the end");
        }
        assert!(!step(&s, "back").disabled);
        // Playing: the button pauses, pressed, and may be pressed at the end.
        let playing = ReplayBarScene::of(
            Lang::En,
            &BarFacts {
                playing: true,
                ..at_end
            },
        );
        let play = step(&playing, "play");
        assert_eq!(
            (play.glyph, play.pressed, play.disabled),
            ("❚❚", Some(true), false)
        );
        assert_eq!(play.label, Lang::En.t(K::ReplayPause));
        let paused = step(&s, "play");
        assert_eq!((paused.glyph, paused.pressed), ("▶", Some(false)));
        assert_eq!(paused.label, Lang::En.t(K::ReplayPlay));
    }

    #[test]
    fn a_puzzle_locks_the_seat_and_an_embed_has_no_exit() {
        let f = BarFacts {
            puzzling: true,
            seat: 1,
            embedded: true,
            note: "Puzzle: what should North play?".to_string(),
            ..facts()
        };
        let s = ReplayBarScene::of(Lang::En, &f);
        assert!(s.puzzling && s.seat_locked);
        assert_eq!(s.seat, 1);
        assert_eq!(s.frame.exit, None);
        assert_eq!(s.note, f.note);
        let free = ReplayBarScene::of(Lang::En, &facts());
        assert!(!free.puzzling && !free.seat_locked);
    }

    #[test]
    fn reveal_and_the_frame_follow_the_language_and_the_game() {
        let en = ReplayBarScene::of(Lang::En, &facts());
        let shown = ReplayBarScene::of(
            Lang::En,
            &BarFacts {
                reveal: true,
                ..facts()
            },
        );
        assert!(!en.reveal && shown.reveal);
        assert_eq!(en.reveal_label, Lang::En.t(K::RevealHands));
        assert_eq!(shown.reveal_label, Lang::En.t(K::HideHands));
        // The frame stays as it is from one position to the next...
        let next = ReplayBarScene::of(Lang::En, &BarFacts { pos: 4, ..facts() });
        assert_eq!(en.frame, next.frame);
        // ...and changes with the language or the number of seats.
        let ja = ReplayBarScene::of(Lang::Ja, &facts());
        assert_ne!(en.frame, ja.frame);
        assert_eq!(ja.frame.lang, Lang::Ja);
        assert_ne!(ja.where_text, en.where_text);
        let four = ReplayBarScene::of(
            Lang::En,
            &BarFacts {
                seats: 4,
                ..facts()
            },
        );
        assert_eq!(four.frame.seats.len(), 4);
        assert_ne!(four.frame, en.frame);
    }
}
