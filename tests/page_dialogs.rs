//! The dialogs' state is plain data (`page::dialog`), which the controller
//! holds and the scene carries as it is: for every dialog, built with what
//! the controller puts in it, the scene holds that very dialog, and nothing
//! else of the table changes with it; each dialog's `<dialog>` id names it
//! back (how a dialog the browser closed comes back as an action); the
//! settings a Settings panel's fields choose are the panel's.

use duck_soup::ai::Level;
use duck_soup::engine::{Game, GameKind, GameRecord};
use duck_soup::net::invite::{Invite, TableRef};
use duck_soup::net::sdp::{Connection, DtlsRole};
use duck_soup::page::dialog::{
    Author, DialogKind, Dialogs, Invited, InvitesShown, JoinShown, NewGameDialog, OnlineDialog,
    OnlineShown, OpenDialog, RecordsDialog, RecordsShown, ServersNotes,
};
use duck_soup::page::i18n::Lang;
use duck_soup::page::link::{AuthorLink, ViewerOptions};
use duck_soup::page::model::{
    chosen_settings, CardSize, Closed, Pace, Player, Settings, SettingsForm, Setup, Sort, Theme, Ui,
};
use duck_soup::page::online::{GuestState, LinkState, SeatStatus, Stun};
use duck_soup::page::scene::{self, Context, PageFacts, SheetRows};
use std::rc::Rc;

fn context(lang: Lang) -> Context {
    Context {
        lang,
        sort_by_rank: false,
        muted: false,
        may_share: true,
        invites: false,
        guest: false,
        joining: false,
        may_practise: false,
        practising: false,
        page: PageFacts::default(),
    }
}

/// A game some way into its first deal.
fn game_under_way(kind: GameKind) -> Game {
    let setup = Setup::default_for(kind);
    let mut game = Game::new(setup.rules, 0);
    let deck = duck_soup::engine::rng::shuffled_deck(kind, "dialogs");
    game.start_deal(deck, Some("dialogs".into())).unwrap();
    for _ in 0..5 {
        let mv = game.legal_moves().as_slice()[0];
        game.play(mv).unwrap();
    }
    game
}

fn servers() -> Stun {
    Stun {
        same_network_only: false,
        servers: vec!["stun:stun.example.org:3478".into()],
        relay: None,
    }
}

/// One of each dialog, filled in as the controller fills it.
fn every_dialog(game: &Game) -> Vec<OpenDialog> {
    let kind = game.kind();
    let mut setup = Setup::default_for(kind);
    setup.players[1] = Player::Computer(Level::Hard);
    setup.seed = Some("a seed".into());
    let mut new_game = NewGameDialog::new(setup.clone());
    let invite = Invite {
        to: TableRef {
            table: [1, 2, 3, 4, 5, 6],
            nonce: 7,
            seat: 1,
        },
        game: kind,
        rules: "parlett".into(),
        host_name: "Aiko".into(),
        connection: Connection {
            ufrag: "Xq3v".into(),
            pwd: "l2bV9kqR1t7Zx0yW4sH8nJ6m".into(),
            fingerprint: [7; 32],
            role: DtlsRole::ActPass,
            mid: "0".into(),
            candidates: Vec::new(),
        },
    };
    let record = GameRecord::of(game);
    let author = AuthorLink::new(&record, ViewerOptions::default(), Lang::En).unwrap();
    let mut dialogs = vec![
        OpenDialog::NewGame(new_game.clone()),
        OpenDialog::Settings {
            settings: Settings::default(),
            sound_on: true,
        },
        OpenDialog::Help(kind),
        OpenDialog::Records(RecordsDialog::new(RecordsShown {
            share_link: Some("https://example.org/?s=a".into()),
            daily_result: None,
            record: Some("{}".into()),
            withheld: None,
            author: Author::Tool(author),
        })),
        OpenDialog::Online(
            OnlineDialog::new(OnlineShown::Invites(InvitesShown {
                kind,
                seats: vec![SeatStatus {
                    seat: 1,
                    state: LinkState::Invited("payload".into()),
                    name: String::new(),
                    code: None,
                    new_device: false,
                }],
                handed: Vec::new(),
                error: Some("a reply from another table".into()),
                servers: servers(),
            })),
            ServersNotes::default(),
        ),
        OpenDialog::Online(
            OnlineDialog::new(OnlineShown::Join(JoinShown {
                invite: Invited::of(&invite),
                state: GuestState::Replied("reply".into()),
                name: "Ben".into(),
                servers: servers(),
            })),
            ServersNotes {
                same_network_only: true,
                stun_error: "a bad list".into(),
                relay_error: String::new(),
            },
        ),
    ];
    // The new game's dialog as a person changes it: another game, a preset.
    new_game.game = GameKind::Partnership;
    new_game.preset = Some("family".into());
    dialogs.push(OpenDialog::NewGame(new_game));
    dialogs
}

#[test]
fn the_scene_carries_the_dialog_the_model_holds_and_nothing_else_changes() {
    for kind in GameKind::ALL {
        let game = game_under_way(kind);
        let setup = Setup::default_for(kind);
        for lang in Lang::ALL {
            let ctx = context(lang);
            let ui = Ui {
                viewer: Some(0),
                moves: 5,
                ..Ui::default()
            };
            // (One sheet's rows for every scene: their generation is the sheet's.)
            let rows = &mut SheetRows::default();
            let bare = scene::build(&game, &setup, &ui, &ctx, rows);
            assert_eq!(bare.dialog, None);
            for dialog in every_dialog(&game) {
                // As the controller holds it: shared with the scene, not copied.
                let held = Rc::new(dialog.clone());
                let refusal = Some("Deals: a whole number".to_string());
                let mut shown = scene::build(&game, &setup, &ui, &ctx, rows)
                    .with_dialog(Some(Rc::clone(&held)), refusal.clone());
                let carried = shown.dialog.as_ref().expect("the dialog");
                assert!(Rc::ptr_eq(carried, &held), "{kind:?} {lang:?}");
                assert_eq!(**carried, dialog);
                assert_eq!(shown.dialog_error, refusal);
                shown.dialog = None;
                shown.dialog_error = None;
                assert!(shown == bare, "{:?} changed the table", dialog.kind());
            }
        }
    }
}

#[test]
fn each_dialogs_element_names_it_back() {
    let game = game_under_way(GameKind::TwoPlayer);
    let kinds: Vec<DialogKind> = every_dialog(&game).iter().map(OpenDialog::kind).collect();
    for kind in DialogKind::ALL {
        assert!(kinds.contains(&kind), "{kind:?} has no example");
        assert_eq!(DialogKind::of_id(kind.id()), Some(kind));
        assert_eq!(Closed::Dialog(kind).kind(), Some(kind));
    }
    assert_eq!(Closed::Join("Ben".into()).kind(), Some(DialogKind::Join));
    // A dialog the controller does not keep (online play's notices).
    assert_eq!(DialogKind::of_id("net-notice-dialog"), None);
    assert_eq!(Closed::Other.kind(), None);
}

#[test]
fn the_settings_panels_fields_choose_the_settings() {
    let current = Settings::default();
    let form = SettingsForm {
        four_colour: Some(true),
        auto_play: Some(false),
        pace: Some("fast".into()),
        sort: Some("rank".into()),
        card_size: Some("large".into()),
        theme: Some("dark".into()),
        sound_on: Some(false),
        lang: Some("ja".into()),
    };
    let chosen = chosen_settings(&form, current, Lang::En);
    assert_eq!(
        chosen.settings,
        Settings {
            four_colour: true,
            pace: Pace::Fast,
            sort: Sort::Rank,
            auto_play: false,
            card_size: CardSize::Large,
            theme: Theme::Dark,
        }
    );
    assert_eq!(chosen.sound_on, Some(false));
    assert_eq!(chosen.lang, Some(Lang::Ja));
    // The page's own language is no change; a field the panel lacks keeps
    // what the page has.
    let same = chosen_settings(&SettingsForm::default(), chosen.settings, Lang::Ja);
    assert_eq!(same.settings, chosen.settings);
    assert_eq!(same.lang, None);
}

/// A new game's form as the dialog would hand it: `seats` one player's word
/// a seat, the preset's rules.
fn form(game: GameKind, seats: &[&str]) -> duck_soup::page::model::NewGameForm {
    duck_soup::page::model::NewGameForm {
        game,
        preset: "parlett".to_string(),
        options: Vec::new(),
        seats: seats.iter().map(|s| s.to_string()).collect(),
        seed: String::new(),
    }
}

/// The new game's dialog decided natively (`Dialogs::update`): it opens
/// from the game on the table; a game chosen clears the preset, a preset
/// chosen keeps it; a form refused says why on its one line, which stays
/// while the dialog is open and goes with it; a good form is a game to
/// start; a dialog the browser closed is closed here and handed on.
#[test]
fn the_new_games_dialog_opens_changes_refuses_and_starts() {
    use duck_soup::page::dialog::{Dialogs, NewGameOutcome};
    use duck_soup::page::model::DialogAction;
    let from = Setup::default_for(GameKind::ThreePlayer);
    let mut d = Dialogs::default();
    assert_eq!(
        d.update(DialogAction::Open, from.clone(), Lang::En),
        NewGameOutcome::Shown
    );
    assert!(d.is(DialogKind::NewGame));
    let new_game = |d: &Dialogs| match d.shown() {
        Some(OpenDialog::NewGame(n)) => n.clone(),
        other => panic!("not the new game's dialog: {other:?}"),
    };
    assert_eq!(new_game(&d), NewGameDialog::new(from.clone()));
    d.update(
        DialogAction::PresetChanged(GameKind::TwoPlayer, "parlett".into()),
        from.clone(),
        Lang::En,
    );
    assert_eq!(new_game(&d).preset.as_deref(), Some("parlett"));
    d.update(
        DialogAction::GameChanged(GameKind::Partnership),
        from.clone(),
        Lang::En,
    );
    let n = new_game(&d);
    assert_eq!((n.game, n.preset), (GameKind::Partnership, None));
    assert_eq!(n.from, from, "filled in from the game on the table");

    // Refused: the one line, kept while the dialog changes.
    for lang in [Lang::En, Lang::Ja] {
        let mut bad = form(
            GameKind::Partnership,
            &["human", "normal", "normal", "normal"],
        );
        bad.options = vec![(
            "target".to_string(),
            duck_soup::page::model::OptionField::Number("-3".to_string()),
        )];
        assert_eq!(
            d.update(DialogAction::Start(bad), from.clone(), lang),
            NewGameOutcome::Shown
        );
        let why = d.refusal().expect("the form's refusal");
        assert!(!why.is_empty() && !why.contains('\n'), "{why}");
    }
    d.update(
        DialogAction::GameChanged(GameKind::TwoPlayer),
        from.clone(),
        Lang::En,
    );
    assert!(d.refusal().is_some(), "kept while the same dialog is open");
    // Another dialog: no refusal of the new game's.
    let mut other = d.clone();
    other.show(OpenDialog::Help(GameKind::TwoPlayer));
    assert_eq!(other.refusal(), None);

    // A good form: a game to start (the dialog closes once it is drawn).
    let good = form(GameKind::TwoPlayer, &["human", "expert"]);
    let NewGameOutcome::Start(setup) = d.update(DialogAction::Start(good), from.clone(), Lang::En)
    else {
        panic!("not started")
    };
    assert_eq!(setup.rules.game, GameKind::TwoPlayer);
    assert_eq!(
        setup.players,
        vec![Player::Human, Player::Computer(Level::Expert)]
    );
    assert!(d.is(DialogKind::NewGame));

    // Closed by the browser: closed here too, and handed on.
    let closed = Closed::Dialog(DialogKind::NewGame);
    assert_eq!(
        d.update(DialogAction::Closed(closed.clone()), from.clone(), Lang::En),
        NewGameOutcome::Closed(closed)
    );
    assert!(d.shown().is_none() && d.refusal().is_none());
    // Cancel closes; closing another kind leaves the open one.
    d.update(DialogAction::Open, from.clone(), Lang::En);
    d.close(DialogKind::Settings);
    assert!(d.is(DialogKind::NewGame));
    d.update(DialogAction::Cancel, from, Lang::En);
    assert!(d.shown().is_none());
}

/// The author's tool's changes reach the records dialog only while it is
/// open, and keep its refusal line.
#[test]
fn the_records_dialog_changes_only_while_it_is_open() {
    let shows = RecordsShown {
        share_link: None,
        daily_result: None,
        record: None,
        withheld: None,
        author: Author::None,
    };
    let mut d = Dialogs::default();
    d.change_records(|r| r.previews += 1);
    assert_eq!(d.shown(), None, "no dialog opened by a change");
    d.show(OpenDialog::Records(RecordsDialog::new(shows)));
    d.refuse(DialogKind::Records, "refused".into());
    d.change_records(|r| r.previews += 1);
    let Some(OpenDialog::Records(r)) = d.shown() else {
        panic!("the records dialog");
    };
    assert_eq!(r.previews, 1);
    assert_eq!(
        d.refusal().as_deref(),
        Some("refused"),
        "its refusal line kept"
    );
    d.show(OpenDialog::Help(GameKind::TwoPlayer));
    d.change_records(|r| r.previews += 1);
    assert_eq!(
        d.shown(),
        Some(&OpenDialog::Help(GameKind::TwoPlayer)),
        "another dialog untouched"
    );
}
