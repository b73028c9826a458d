//! Help, hints, the settings, the language and the walkthrough, decided in
//! the page's core (`page::assist`), natively: what each action changes and
//! which effects it asks of the browser side, and the hint's answer taken
//! only for the question it answers.

mod common;

use common::tables::dealt_table;
use duck_soup::ai::Level;
use duck_soup::engine::{GameKind, Rules};
use duck_soup::page::assist::{Around, Assist, AssistEffect};
use duck_soup::page::dialog::{DialogKind, Dialogs, OpenDialog};
use duck_soup::page::i18n::{Lang, K};
use duck_soup::page::model::{
    AssistAction, Player, Settings, SettingsForm, Setup, DEFAULT_SETTINGS,
};
use duck_soup::page::table::Table;
use duck_soup::page::walkthrough::SEED;

/// The person's seat: the dealer's opponent, who leads the first trick.
const PERSON: u8 = 1;

/// A two-player game, the person against a Normal computer, dealt: the
/// person leads the first trick.
fn person_to_lead() -> Table {
    let setup = Setup {
        rules: Rules::parlett(GameKind::TwoPlayer),
        players: vec![Player::Computer(Level::Normal), Player::Human],
        seed: Some("assist".into()),
    };
    let table = dealt_table(setup, 3);
    assert_eq!(
        table.acting(),
        Some(PERSON),
        "the test's deal: the person to act"
    );
    table
}

/// The page the actions act on, besides the table and its dialogs.
struct Page {
    lang: Lang,
    settings: Settings,
    sound_on: bool,
    viewing: bool,
}

const PAGE: Page = Page {
    lang: Lang::En,
    settings: DEFAULT_SETTINGS,
    sound_on: true,
    viewing: false,
};

/// What the actions act on: the help's state, the table, its dialogs and
/// the page around them.
struct Desk {
    assist: Assist,
    table: Table,
    dialog: Dialogs,
    page: Page,
}

impl Desk {
    fn new(table: Table) -> Desk {
        Desk {
            assist: Assist::default(),
            table,
            dialog: Dialogs::default(),
            page: PAGE,
        }
    }

    /// One action, through `Assist::update`: the effects it asks for.
    fn act(&mut self, action: AssistAction) -> Vec<AssistEffect> {
        let around = Around {
            table: &mut self.table,
            dialog: &mut self.dialog,
            lang: self.page.lang,
            settings: self.page.settings,
            sound_on: self.page.sound_on,
            viewing: self.page.viewing,
        };
        self.assist.update(action, around)
    }
}

/// The ticket of the one hint question in `effects`.
fn asked(effects: &[AssistEffect]) -> u64 {
    match effects {
        [AssistEffect::AskHint(request)] => request.ticket,
        other => panic!("one question for the hint's player, not {other:?}"),
    }
}

#[test]
fn a_hint_asks_the_hints_player_for_the_persons_seat_and_its_answer_is_said() {
    let mut at = Desk::new(person_to_lead());
    let effects = at.act(AssistAction::Hint);
    let [AssistEffect::AskHint(request)] = &effects[..] else {
        panic!("a question, not {effects:?}");
    };
    assert_eq!(request.seat, PERSON, "the person's own seat");
    assert_eq!(request.view.seat, PERSON, "from that seat's view alone");
    let mv = at.table.game.legal_moves().as_slice()[0];
    assert!(at
        .assist
        .hinted(&mut at.table, Lang::En, request.ticket, mv));
    let words = at
        .table
        .ui
        .message
        .clone()
        .expect("the hint said in the action bar");
    assert!(words.starts_with("Hint"), "{words}");
    assert!(
        matches!(at.table.ui.hint, Some((0, _))),
        "the move marked for the scene"
    );
    assert!(
        !at.assist
            .hinted(&mut at.table, Lang::En, request.ticket, mv),
        "an answer is taken once"
    );
}

#[test]
fn a_hint_with_nobody_here_to_act_says_so_and_asks_nothing() {
    let mut at = Desk::new(person_to_lead());
    at.table.setup.players[PERSON as usize] = Player::Computer(Level::Easy);
    let effects = at.act(AssistAction::Hint);
    assert!(matches!(effects[..], [AssistEffect::Render]), "{effects:?}");
    assert_eq!(
        at.table.ui.message.as_deref(),
        Some(Lang::En.t(K::HintNone))
    );
}

#[test]
fn no_hint_in_the_viewer_a_puzzles_answer_is_the_persons_own() {
    let mut at = Desk::new(person_to_lead());
    at.page.viewing = true;
    let effects = at.act(AssistAction::Hint);
    assert!(effects.is_empty(), "{effects:?}");
    assert_eq!(at.table.ui.message, None);
}

#[test]
fn a_stale_hint_is_dropped_after_a_move_or_a_newer_question() {
    let mut at = Desk::new(person_to_lead());
    let ticket = asked(&at.act(AssistAction::Hint));
    let mv = at.table.game.legal_moves().as_slice()[0];
    // The person moves before the answer comes.
    at.table.ui.moves += 1;
    assert!(
        !at.assist.hinted(&mut at.table, Lang::En, ticket, mv),
        "answers a position gone"
    );
    assert_eq!(at.table.ui.hint, None);
    at.table.ui.moves -= 1;
    // A question dropped (its player cancelled) takes no answer.
    let ticket = asked(&at.act(AssistAction::Hint));
    at.assist.hint_cancelled();
    assert!(!at.assist.hinted(&mut at.table, Lang::En, ticket, mv));
    assert_eq!(at.table.ui.message, None, "nothing said");
}

#[test]
fn the_walkthrough_asks_once_a_position_and_says_its_reason_to_the_coach_only() {
    let setup = Setup {
        rules: Rules::parlett(GameKind::TwoPlayer),
        players: vec![Player::Human, Player::Computer(Level::Normal)],
        seed: Some(SEED.into()),
    };
    let mut at = Desk::new(dealt_table(setup, 5));
    assert!(
        at.assist.before_render(&at.table).is_none(),
        "no walkthrough, no hint"
    );
    let effects = at.act(AssistAction::TutorialNext);
    assert!(matches!(effects[..], [AssistEffect::Render]));
    // (The computer leads the walkthrough's first trick.)
    while at.table.acting().is_none() {
        let lead = at.table.game.legal_moves().as_slice()[0];
        at.table.game.play(lead).unwrap();
        at.table.ui.moves += 1;
    }
    at.assist.walkthrough.start();
    assert!(
        at.assist.before_render(&at.table).is_none(),
        "the intro waits for Next"
    );
    at.assist.walkthrough.next();
    let request = at
        .assist
        .before_render(&at.table)
        .expect("asked as the person may act");
    assert!(
        at.assist.before_render(&at.table).is_none(),
        "asked once for the position"
    );
    let mv = at.table.game.legal_moves().as_slice()[0];
    assert!(at
        .assist
        .hinted(&mut at.table, Lang::En, request.ticket, mv));
    assert_eq!(
        at.table.ui.message, None,
        "the walkthrough's hint is the coach's"
    );
    let coach = at
        .assist
        .coach(Lang::En, &at.table)
        .expect("the coach's panel");
    assert!(coach.reason.is_some_and(|r| r.starts_with("Hint")));
    assert!(
        at.assist.before_render(&at.table).is_none(),
        "a hint held for the position"
    );
    // A move spends the hint; the person's moves are counted.
    at.assist.moved(&mut at.table, true, false);
    assert_eq!(at.table.ui.hint, None);
    at.act(AssistAction::TutorialEnd);
    assert!(
        at.assist.coach(Lang::En, &at.table).is_none(),
        "ended: no panel"
    );
}

#[test]
fn the_walkthrough_starts_its_own_game_and_closes_the_help() {
    let mut at = Desk::new(person_to_lead());
    at.act(AssistAction::Help);
    assert!(at.dialog.is(DialogKind::Help));
    let effects = at.act(AssistAction::Tutorial);
    match &effects[..] {
        [AssistEffect::NewGame(setup), AssistEffect::Render] => {
            assert_eq!(setup.seed.as_deref(), Some(SEED));
            assert_eq!(setup.rules.game, GameKind::TwoPlayer);
        }
        other => panic!("the walkthrough's game, not {other:?}"),
    }
    assert!(at.assist.walkthrough.active());
    assert_eq!(at.dialog.shown(), None, "the help closed");
}

#[test]
fn help_opens_on_the_game_on_the_table_and_its_tabs_change_only_an_open_help() {
    let mut at = Desk::new(person_to_lead());
    at.act(AssistAction::HelpGame(GameKind::Partnership));
    assert_eq!(
        at.dialog.shown(),
        None,
        "no help open: the tab opens nothing"
    );
    at.act(AssistAction::Help);
    assert_eq!(
        at.dialog.shown(),
        Some(&OpenDialog::Help(GameKind::TwoPlayer))
    );
    at.act(AssistAction::HelpGame(GameKind::Partnership));
    assert_eq!(
        at.dialog.shown(),
        Some(&OpenDialog::Help(GameKind::Partnership))
    );
}

#[test]
fn a_setting_changed_is_kept_only_when_it_changed_and_the_panel_shows_it() {
    let mut at = Desk::new(person_to_lead());
    at.act(AssistAction::Settings);
    let same = SettingsForm {
        four_colour: Some(false),
        sound_on: Some(true),
        ..SettingsForm::default()
    };
    let effects = at.act(AssistAction::SettingChanged(same));
    assert!(
        matches!(effects[..], [AssistEffect::Render]),
        "nothing changed: {effects:?}"
    );
    let changed = SettingsForm {
        four_colour: Some(true),
        sound_on: Some(false),
        ..SettingsForm::default()
    };
    let effects = at.act(AssistAction::SettingChanged(changed));
    let [AssistEffect::KeepSettings(kept), AssistEffect::Sound(false), AssistEffect::Render] =
        &effects[..]
    else {
        panic!("kept, the sound off, drawn: not {effects:?}");
    };
    assert!(kept.four_colour);
    assert_eq!(
        at.dialog.shown(),
        Some(&OpenDialog::Settings {
            settings: *kept,
            sound_on: false
        }),
        "the panel shows what was chosen"
    );
    let japanese = SettingsForm {
        lang: Some("ja".into()),
        ..SettingsForm::default()
    };
    let effects = at.act(AssistAction::SettingChanged(japanese));
    assert!(
        matches!(effects[..], [AssistEffect::Language(Lang::Ja)]),
        "{effects:?}"
    );
    let effects = at.act(AssistAction::SwitchLang);
    assert!(
        matches!(effects[..], [AssistEffect::Language(Lang::Ja)]),
        "{effects:?}"
    );
}

#[test]
fn a_card_focused_again_draws_nothing() {
    let mut at = Desk::new(person_to_lead());
    let card = at
        .table
        .game
        .deal()
        .unwrap()
        .hand(PERSON)
        .iter()
        .next()
        .unwrap();
    let effects = at.act(AssistAction::FocusCard(card));
    assert!(matches!(effects[..], [AssistEffect::Render]));
    assert_eq!(at.table.ui.tab_stop, Some((card, at.table.ui.moves)));
    let effects = at.act(AssistAction::FocusCard(card));
    assert!(effects.is_empty(), "already the tab stop: {effects:?}");
}
