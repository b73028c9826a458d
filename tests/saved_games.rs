//! The saved game's format (`page::saved`), natively: a game saved at any
//! point comes back the same (the deals in keys of their own too), older
//! formats are still read, and saved text that was cut, changed or made up
//! is refused in one line, never a panic.

use duck_soup::ai::Level;
use duck_soup::engine::playout::random_game;
use duck_soup::engine::record::DealFile;
use duck_soup::engine::rng::Rng;
use duck_soup::engine::{Game, GameKind, GameRecord, RecordFile};
use duck_soup::page::model::{Player, Setup};
use duck_soup::page::saved::{Problem, Saved, SavedGame, TableState, VERSION};

/// A played game: its record and the game replayed to its end.
fn played(game: GameKind, deals: u32, seed: u64) -> (GameRecord, Game) {
    let record = random_game(game, deals, seed);
    let replayed = record.replay().expect("a random game replays");
    (record, replayed)
}

fn setup_of(game: &Game) -> Setup {
    let mut players = vec![Player::Computer(Level::Hard); game.kind().seats()];
    players[0] = Player::Human;
    Setup {
        rules: *game.rules(),
        players,
        seed: Some("saved".into()),
    }
}

/// What a page's save writes: `game` with its first `earlier` deals in
/// keys of their own (their text), and the `game` key's text.
fn save(game: &Game, earlier: usize) -> (Vec<String>, String) {
    let setup = setup_of(game);
    let table = TableState {
        setup: &setup,
        ai_seed: u64::MAX - 7,
        bottom: 1,
        moves: 0,
        take_backs: 3,
    };
    let keys = game.log()[..earlier]
        .iter()
        .map(|d| serde_json::to_string(&DealFile::of(d)).unwrap())
        .collect();
    let head = SavedGame::of(game, &table, "5f0c3e9a1b2d4c6e", earlier);
    (keys, serde_json::to_string(&head).unwrap())
}

/// Reads saved text back as the page does: the `game` key's text, its
/// deals' keys from `keys`.
fn load(text: &str, keys: &[String]) -> Result<Saved, Problem> {
    let saved: SavedGame =
        serde_json::from_str(text).map_err(|e| Problem::Corrupt(e.to_string()))?;
    saved.check(&mut |k| {
        let text = keys.get(k.checked_sub(1)?)?;
        Some(serde_json::from_str(text).map_err(|e| e.to_string()))
    })
}

#[test]
fn a_game_saved_at_any_deal_comes_back_the_same() {
    for game in GameKind::ALL {
        let (_, g) = played(game, 4, 3);
        for earlier in 0..=g.log().len() {
            let (keys, text) = save(&g, earlier);
            let s = load(&text, &keys).unwrap_or_else(|e| panic!("{game:?}/{earlier}: {e:?}"));
            assert_eq!(
                format!("{:?}", s.game),
                format!("{g:?}"),
                "{game:?}/{earlier}"
            );
            assert_eq!(s.setup, setup_of(&g));
            assert_eq!((s.ai_seed, s.bottom, s.take_backs), (u64::MAX - 7, 1, 3));
            assert_eq!(s.earlier, earlier);
            assert_eq!(s.id.as_deref(), Some("5f0c3e9a1b2d4c6e"));
            let moves: usize = g.log().iter().map(|d| d.moves.len()).sum();
            assert_eq!(s.moves, moves);
        }
    }
}

#[test]
fn a_deal_key_missing_or_unreadable_is_named() {
    let (_, g) = played(GameKind::TwoPlayer, 3, 8);
    let (mut keys, text) = save(&g, 2);
    keys.pop();
    assert_eq!(
        load(&text, &keys).unwrap_err(),
        Problem::Corrupt("deal 2: missing".into())
    );
    keys.push("{\"moves\": 7}".into());
    let Problem::Corrupt(why) = load(&text, &keys).unwrap_err() else {
        panic!("corrupt")
    };
    assert!(why.starts_with("deal 2: "), "{why}");
}

#[test]
fn older_formats_are_read() {
    let (record, g) = played(GameKind::Partnership, 2, 4);
    // Version 0: a bare record; South a person, the others Normal.
    let bare = SavedGame::bare(RecordFile::of(&record));
    let s = bare.check(&mut |_| None).expect("version 0");
    assert_eq!(format!("{:?}", s.game), format!("{g:?}"));
    assert_eq!(s.setup.players[0], Player::Human);
    assert!(s.setup.players[1..]
        .iter()
        .all(|&p| p == Player::Computer(Level::Normal)));
    // Version 1: no token, every deal in the record.
    let (_, text) = save(&g, 0);
    let mut v1: serde_json::Value = serde_json::from_str(&text).unwrap();
    v1["v"] = 1.into();
    v1.as_object_mut().unwrap().remove("id");
    let s = load(&v1.to_string(), &[]).expect("version 1");
    assert_eq!(format!("{:?}", s.game), format!("{g:?}"));
    assert_eq!(s.id, None);
    assert_eq!(VERSION, 2);
}

#[test]
fn each_inconsistency_is_said_in_one_line() {
    let (_, g) = played(GameKind::ThreePlayer, 2, 6);
    let (keys, text) = save(&g, 1);
    let base: serde_json::Value = serde_json::from_str(&text).unwrap();
    let cases: Vec<(&str, serde_json::Value, &str)> = vec![
        ("id", "not hex!".into(), "id: not a game token"),
        (
            "players",
            serde_json::json!(["human", "hard"]),
            "players: not one per seat",
        ),
        ("ai_seed", "seven".into(), "ai_seed: not a number"),
        ("earlier", 1_000_000_000_000u64.into(), "deal 2: missing"),
    ];
    for (field, value, why) in cases {
        let mut v = base.clone();
        v[field] = value;
        assert_eq!(
            load(&v.to_string(), &keys).unwrap_err(),
            Problem::Corrupt(why.into()),
            "{field}"
        );
    }
    // A token missing where deals are in keys.
    let mut v = base.clone();
    v.as_object_mut().unwrap().remove("id");
    assert_eq!(
        load(&v.to_string(), &keys).unwrap_err(),
        Problem::Corrupt("id: missing".into())
    );
    // A seat out of the table: South at the bottom.
    let mut v = base.clone();
    v["bottom"] = 9.into();
    assert_eq!(load(&v.to_string(), &keys).unwrap().bottom, 0);
}

#[test]
fn changed_cut_and_random_saves_are_refused_in_one_line_never_a_panic() {
    let mut rng = Rng::new(2024);
    let mut refused = 0;
    let mut checked = 0;
    for game in GameKind::ALL {
        let (_, g) = played(game, 2, 9);
        let (keys, text) = save(&g, 1);
        let bytes = text.as_bytes();
        for case in 0..400 {
            let mut b = bytes.to_vec();
            match case % 4 {
                // A byte changed.
                0 => {
                    let i = rng.below(b.len() as u32) as usize;
                    b[i] = rng.below(128) as u8;
                }
                // Cut short.
                1 => b.truncate(rng.below(b.len() as u32) as usize),
                // A stretch deleted.
                2 => {
                    let i = rng.below(b.len() as u32) as usize;
                    let n = (rng.below(12) as usize).min(b.len() - i);
                    b.drain(i..i + n);
                }
                // A digit changed (moves, seats, counts stay well formed).
                _ => {
                    let digits: Vec<usize> =
                        (0..b.len()).filter(|&i| b[i].is_ascii_digit()).collect();
                    let i = digits[rng.below(digits.len() as u32) as usize];
                    b[i] = b'0' + rng.below(10) as u8;
                }
            }
            let Ok(text) = String::from_utf8(b) else {
                continue;
            };
            checked += 1;
            match load(&text, &keys) {
                Ok(s) => assert!(!s.game.log().is_empty()),
                Err(Problem::Corrupt(why) | Problem::Version(why)) => {
                    refused += 1;
                    assert!(!why.is_empty() && !why.contains('\n'), "{why:?}");
                }
            }
        }
        // Made-up text.
        for _ in 0..200 {
            let n = rng.below(80) as usize;
            let junk: String = (0..n)
                .map(|_| (b' ' + rng.below(95) as u8) as char)
                .collect();
            checked += 1;
            if let Err(Problem::Corrupt(why) | Problem::Version(why)) = load(&junk, &keys) {
                refused += 1;
                assert!(!why.contains('\n'), "{why:?}");
            }
        }
    }
    assert!(
        refused * 2 > checked,
        "most changed saves are refused: {refused} of {checked}"
    );
}

/// A table saved and put back: the game, the seat it was seen from, the
/// moves and take-backs counted, the computers' seed, and the set-up; the
/// score sheet stays as the person left it.
#[test]
fn a_table_saved_and_restored_is_the_table_it_was() {
    use duck_soup::page::table::Table;
    let (_, g) = played(GameKind::ThreePlayer, 2, 9);
    let setup = setup_of(&g);
    let mut before = Table::new(setup.clone(), g, 0, Rng::new(1));
    before.ai_seed = 0xfeed;
    before.ui.bottom = 2;
    before.ui.moves = before.game.log().iter().map(|d| d.moves.len()).sum();
    before.take_backs = 4;
    let head = SavedGame::of(&before.game, &before.saved_state(), "5f0c3e9a1b2d4c6e", 0);
    let saved = load(&serde_json::to_string(&head).unwrap(), &[]).expect("it reads back");
    let other = Setup::default_for(GameKind::TwoPlayer);
    let mut after = Table::new(other.clone(), Game::new(other.rules, 0), 0, Rng::new(2));
    after.ui.scores_open = true;
    let restored = after.restore(saved);
    assert_eq!(restored, setup, "the set-up comes back to seat the players");
    assert_eq!(format!("{:?}", after.game), format!("{:?}", before.game));
    assert_eq!((after.ai_seed, after.take_backs), (0xfeed, 4));
    assert_eq!((after.ui.bottom, after.ui.moves), (2, before.ui.moves));
    assert_eq!(after.ui.viewer, Some(2), "one person: seen from their seat");
    assert!(after.ui.scores_open, "the sheet as the person left it");
}

#[test]
fn the_computer_takes_only_the_seats_picked() {
    let mut setup = Setup::default_for(GameKind::Partnership);
    setup.players = vec![
        Player::Human,
        Player::Friend,
        Player::Computer(Level::Expert),
        Player::Friend,
    ];
    assert_eq!(setup.person_seats(), vec![0]);
    let taken = setup.computer_takes(|s, p| p == Player::Friend && s == 3);
    assert_eq!(
        taken.players,
        vec![
            Player::Human,
            Player::Friend,
            Player::Computer(Level::Expert),
            Player::Computer(Level::Normal)
        ]
    );
    assert_eq!((taken.rules, taken.seed), (setup.rules, setup.seed));
}

/// Decision 18: a game with friends is saved from its start, before its
/// first deal (which waits for them), and comes back not begun, with its
/// first dealer; any other game is saved only once dealt, and a save of one
/// with no deal is refused.
#[test]
fn decision_18_a_game_with_friends_comes_back_before_its_first_deal() {
    use duck_soup::engine::Rules;
    for kind in GameKind::ALL {
        let not_begun = Game::new(Rules::parlett(kind), kind.seats() as u8 - 1);
        let mut setup = setup_of(&not_begun);
        setup.seed = None;
        let write = |setup: &Setup| {
            let table = TableState {
                setup,
                ai_seed: 11,
                bottom: 0,
                moves: 0,
                take_backs: 0,
            };
            serde_json::to_string(&SavedGame::of(&not_begun, &table, "5f0c3e9a1b2d4c6e", 0))
                .unwrap()
        };
        assert!(setup.dealt_at_once());
        match load(&write(&setup), &[]) {
            Err(Problem::Corrupt(why)) => assert_eq!(why, "no deal", "{kind:?}"),
            other => panic!("{kind:?}: a game without friends and no deal: {other:?}"),
        }
        setup.players[1] = Player::Friend;
        let back = load(&write(&setup), &[]).unwrap_or_else(|e| panic!("{kind:?}: {e:?}"));
        assert_eq!(
            format!("{:?}", back.game),
            format!("{not_begun:?}"),
            "{kind:?}"
        );
        assert_eq!(back.setup, setup);
        assert!(!back.game.in_deal() && back.game.log().is_empty());
    }
}
