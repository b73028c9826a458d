//! Hidden cards never enter a scene, and a host's table never breaks one.
//!
//! - For random games of all three games (random legal moves, several
//!   deals, the seats' players, the pass-and-play screen, the hint, the
//!   chooser, the panels and the settings varied) and every seat, the scene
//!   built for that seat names no card the seat cannot see: every card the
//!   scene holds in any field, and every card's name in any of its words,
//!   is in the engine's view of the deal for that seat (`DealView::of`) at
//!   that moment. Other hands are counts only. The same for a guest's
//!   table: the table a host sends a seat, read as the guest's page reads it
//!   (`page::guest::read_table`), shows only what the host's seat view holds.
//! - Whatever bytes arrive as a host's table, the guest's decoding and
//!   checks refuse them or give a table from which every scene the page
//!   builds is built without a panic.
//!
//! CI runs a bounded number of cases. To fuzz longer, raise `FUZZ_CASES`,
//! e.g. `FUZZ_CASES=20000 cargo test --release --test page_scenes`.

mod common;

use common::scenes::{assert_shows_only, visible};
use common::tables::{damage, random_position, rule_sets};
use common::*;
use duck_soup::ai::Level;
use duck_soup::engine::rng::{random_deck, Rng};
use duck_soup::engine::{Call, Card, CardSet, Game, GameKind, Move, Rules, TrickOutcome};
use duck_soup::net::protocol::{guest_table, turn_of, GuestTable, LastMove, ToGuest};
use duck_soup::page::guest::{friend_seat, named, read_table, Absence};
use duck_soup::page::hint;
use duck_soup::page::i18n::{Lang, K};
use duck_soup::page::model::{Chooser, Player, Setup, Ui};
use duck_soup::page::scene::{self, Context, HandScene, PageFacts, Scene, SheetRows};
use proptest::prelude::*;

/// Who plays each seat: at random, with the person at `person`.
fn random_players(kind: GameKind, person: u8, rng: &mut Rng) -> Vec<Player> {
    let levels = [Level::Random, Level::Easy, Level::Normal, Level::Hard];
    (0..kind.seats() as u8)
        .map(|s| match rng.below(4) {
            _ if s == person => Player::Human,
            0 => Player::Human,
            1 => Player::Friend,
            _ => Player::Computer(levels[rng.below(4) as usize]),
        })
        .collect()
}

/// The settings and modes a scene depends on, at random (never a guest's).
fn random_context(rng: &mut Rng) -> Context {
    let mut flip = || rng.below(2) == 0;
    Context {
        lang: if flip() { Lang::En } else { Lang::Ja },
        sort_by_rank: flip(),
        muted: flip(),
        may_share: flip(),
        invites: flip(),
        guest: false,
        joining: false,
        may_practise: false,
        practising: false,
        page: PageFacts::default(),
    }
}

/// What the table on a seat's device holds besides the game, as the
/// controller fills it in after `last` (the latest move and what it did):
/// the trick on show, the call's banner, the panels, and on the seat's turn
/// the hint, the chooser and a refusal's words.
struct Moment {
    moves: usize,
    last: Option<Played>,
}

/// A move just played, and what it did.
#[derive(Clone, Copy)]
struct Played {
    seat: u8,
    mv: Move,
    trick: Option<TrickOutcome>,
    call: Option<Call>,
}

fn seat_ui(game: &Game, setup: &Setup, ctx: &Context, seat: u8, m: &Moment, rng: &mut Rng) -> Ui {
    let lang = ctx.lang;
    let n = game.kind().seats();
    let mut ui = Ui {
        bottom: if rng.below(3) == 0 {
            rng.below(n as u32) as u8
        } else {
            seat
        },
        viewer: Some(seat),
        moves: m.moves,
        last_trick_open: rng.below(2) == 0,
        scores_open: rng.below(2) == 0,
        scores_all: rng.below(2) == 0,
        ..Ui::default()
    };
    if let Some(last) = m.last {
        ui.held = last.trick.filter(|_| rng.below(2) == 0);
        ui.call = last.call.map(|c| (c, last.seat, m.moves as u32));
    }
    for (s, friend) in ui.friends.iter_mut().enumerate().take(n) {
        if setup.players[s] == Player::Friend {
            let away = [None, Some(Absence::Waiting), Some(Absence::Reconnecting)];
            let name = named(lang, false, ["", "Ann"][rng.below(2) as usize]);
            *friend = Some(friend_seat(lang, name, away[rng.below(3) as usize]));
        }
    }
    let Some(d) = game.deal().filter(|_| game.in_deal()) else {
        return ui;
    };
    let mover = d.to_move();
    if setup.players[mover as usize] == Player::Human && mover != seat && rng.below(2) == 0 {
        // Pass-and-play: the screen before another person's turn.
        ui.privacy = Some(mover);
    }
    let own: Vec<Card> = d.hand(seat).iter().collect();
    if let Some(&c) = own.get(rng.below(own.len().max(1) as u32) as usize) {
        ui.tab_stop = Some((c, m.moves.saturating_sub(rng.below(2) as usize)));
    }
    if mover != seat || setup.players[seat as usize] != Player::Human {
        return ui;
    }
    // The person's turn: a hint asked for, a chooser open, a move refused.
    let legal = game.legal_moves();
    let advised = random_move(&legal, rng);
    let (target, words) = hint::advice(lang, d, advised);
    ui.hint = Some((m.moves, target));
    ui.message = Some(words);
    let ducks: Vec<Card> = d.hand(seat).and(CardSet::JOKERS).iter().collect();
    ui.chooser = match rng.below(3) {
        0 if !ducks.is_empty() => Some(Chooser::DuckSuit(ducks[0])),
        1 => Some(Chooser::QuackCard(scene::quack_cards(d, ctx.sort_by_rank))),
        _ => None,
    };
    if let Some(&c) = own.iter().find(|&&c| d.check(Move::Play(c)).is_err()) {
        if let Err(why) = d.check(Move::Play(c)) {
            ui.message = Some(lang.illegal_move(&why));
        }
    }
    ui
}

/// Plays a random game of `rules` and calls `at` at every position (before
/// each move, and after each deal's last one) with the moment's facts.
fn each_position(rules: Rules, rng: &mut Rng, mut at: impl FnMut(&Game, &Moment, &mut Rng)) {
    let kind = rules.game;
    let mut game = Game::new(rules, rng.below(kind.seats() as u32) as u8);
    let mut moment = Moment {
        moves: 0,
        last: None,
    };
    while !game.is_over() {
        game.start_deal(random_deck(kind, rng), None).unwrap();
        // A new deal clears the trick on show and the banner.
        moment.last = None;
        loop {
            at(&game, &moment, rng);
            if !game.in_deal() {
                break;
            }
            let seat = game.to_move().unwrap();
            let mv = random_move(&game.legal_moves(), rng);
            let effect = game.play(mv).unwrap();
            moment.moves += 1;
            moment.last = Some(Played {
                seat,
                mv,
                trick: effect.trick,
                call: effect.call,
            });
        }
    }
}

#[test]
fn no_scene_names_a_card_its_seat_cannot_see() {
    let mut rng = Rng::new(2031);
    let (mut scenes, mut cards) = (0, 0);
    for rules in rule_sets() {
        for _ in 0..2 {
            let kind = rules.game;
            let person = rng.below(kind.seats() as u32) as u8;
            let setup = Setup {
                rules,
                players: random_players(kind, person, &mut rng),
                seed: None,
            };
            let mut rows = SheetRows::default();
            each_position(rules, &mut rng, |game, moment, rng| {
                let deal = game.deal().expect("a deal");
                let ctx = random_context(rng);
                for seat in 0..kind.seats() as u8 {
                    let ui = seat_ui(game, &setup, &ctx, seat, moment, rng);
                    let scene = scene::build(game, &setup, &ui, &ctx, &mut rows);
                    let at = format!("{rules:?}, move {}", moment.moves);
                    cards += assert_shows_only(&scene, seat, visible(deal, seat), kind.deck(), &at);
                    scenes += 1;
                }
            });
        }
    }
    assert!(
        scenes > 1000 && cards > 10 * scenes,
        "{scenes} scenes, {cards} cards"
    );
}

/// The host's table for `seat`, as the host's page fills it in.
fn host_table(game: &Game, seat: u8, last: Option<LastMove>, rng: &mut Rng) -> GuestTable {
    let n = game.kind().seats();
    let names: Vec<String> = (0..n)
        .map(|s| ["", "Ann", "Ben"][(s + rng.below(3) as usize) % 3].to_string())
        .collect();
    let connected: Vec<bool> = (0..n).map(|_| rng.below(4) != 0).collect();
    let mut table = guest_table(game, seat, turn_of(game), &names, &connected);
    table.who = (0..n)
        .map(|s| ["host", "friend", "normal", "expert"][(s + seat as usize) % 4].to_string())
        .collect();
    table.last = last;
    table
}

/// The scenes a guest's page builds from a table it took, for its seat:
/// the table as it comes, with the last trick on show and the call's
/// banner, with the panels open, and on its turn with the hint and the
/// chooser. Each is passed to `check`.
fn guest_scenes(table: &GuestTable, seat: u8, lang: Lang, mut check: impl FnMut(&Scene)) -> bool {
    let Ok(seen) = read_table(lang, table, seat) else {
        return false;
    };
    let game = seen.game;
    let setup = Setup {
        rules: *game.rules(),
        players: seen.players,
        seed: None,
    };
    let base = Ui {
        bottom: seat,
        viewer: Some(seat),
        friends: seen.friends,
        hand_lens: Some(seen.hand_lens),
        moves: table.turn as usize,
        ..Ui::default()
    };
    let deal = game.deal().expect("a table's deal");
    let mut shown = base.clone();
    shown.held = deal.last_trick().copied();
    shown.call = table.last.and_then(|l| l.call.map(|c| (c, l.seat, 1)));
    shown.last_trick_open = true;
    shown.scores_open = true;
    shown.scores_all = true;
    let mut uis = vec![base, shown];
    if game.in_deal() && deal.to_move() == seat {
        let mut turn = uis[0].clone();
        let legal = game.legal_moves();
        if let Some(&mv) = legal.as_slice().first() {
            let (target, words) = hint::advice(lang, deal, mv);
            turn.hint = Some((turn.moves, target));
            turn.message = Some(words);
        }
        turn.chooser = Some(Chooser::QuackCard(scene::quack_cards(deal, false)));
        uis.push(turn);
    }
    let ctx = Context {
        lang,
        sort_by_rank: table.turn.is_multiple_of(2),
        muted: false,
        may_share: false,
        invites: false,
        guest: true,
        joining: false,
        may_practise: false,
        practising: false,
        page: PageFacts::default(),
    };
    let mut rows = SheetRows::default();
    for ui in &uis {
        check(&scene::build(&game, &setup, ui, &ctx, &mut rows));
    }
    true
}

#[test]
fn a_guests_table_shows_no_card_its_seat_cannot_see() {
    let mut rng = Rng::new(2032);
    let (mut tables, mut cards) = (0, 0);
    for rules in rule_sets() {
        let kind = rules.game;
        let mut last = None;
        each_position(rules, &mut rng, |game, moment, rng| {
            if let Some(p) = moment.last {
                last = Some(LastMove {
                    seat: p.seat,
                    mv: p.mv,
                    call: p.call,
                });
            }
            let host = game.deal().expect("a deal");
            for seat in 0..kind.seats() as u8 {
                let table = host_table(game, seat, last, rng);
                // As the wire carries it.
                let bytes = ToGuest::Table(Box::new(table)).encode();
                let Ok(ToGuest::Table(table)) = ToGuest::decode(&bytes) else {
                    panic!("a real table reads back");
                };
                let lang = [Lang::En, Lang::Ja][rng.below(2) as usize];
                let at = format!("{rules:?}, move {}", moment.moves);
                let taken = guest_scenes(&table, seat, lang, |scene| {
                    cards += assert_shows_only(scene, seat, visible(host, seat), kind.deck(), &at);
                    // The other hands' counts are the host's.
                    for s in &scene.seats {
                        if let HandScene::Down(count) = s.hand {
                            assert_eq!(count, host.hand_len(s.seat), "{at}: seat {}", s.seat);
                        }
                    }
                });
                assert!(taken, "{at}: a real table refused");
                tables += 1;
            }
        });
    }
    assert!(
        tables > 500 && cards > 5 * tables,
        "{tables} tables, {cards} cards"
    );
}

/// A seat the host's table shows not connected is away on a guest's table,
/// but never the guest's own: its table says so until the host has heard its
/// hello, and the person is right here.
#[test]
fn a_guest_sees_other_seats_away_never_its_own() {
    let mut rng = Rng::new(2033);
    for _ in 0..30 {
        let (game, _) = random_position(&rule_sets(), &mut rng);
        let kind = game.kind();
        let n = kind.seats();
        let names = vec!["Ann".to_string(); n];
        for seat in 0..n as u8 {
            // No seat connected, as a table sent before the host heard the hello.
            let table = guest_table(&game, seat, turn_of(&game), &names, &vec![false; n]);
            let lang = [Lang::En, Lang::Ja][rng.below(2) as usize];
            let seen = read_table(lang, &table, seat).expect("a real table");
            for s in 0..n {
                let away = seen.friends[s].as_ref().and_then(|f| f.away.as_ref());
                assert_eq!(
                    away.is_some(),
                    s != seat as usize,
                    "{kind:?}, seat {seat} sees seat {s}"
                );
            }
        }
    }
}

/// A real table: a random game some way in, for a random seat.
fn real_table(rng: &mut Rng) -> GuestTable {
    let (game, last) = random_position(&rule_sets(), rng);
    let seat = rng.below(game.kind().seats() as u32) as u8;
    host_table(&game, seat, last, rng)
}

/// What a guest's page does with bytes from the host: decode them, check
/// the table, and build its scenes (from the table's own seat, and from
/// another). Any panic fails the test.
fn guest_takes(bytes: &[u8], rng: &mut Rng) -> bool {
    let Ok(ToGuest::Table(table)) = ToGuest::decode(bytes) else {
        return false;
    };
    let own = table.deal.as_ref().map_or(0, |d| d.seat);
    let lang = [Lang::En, Lang::Ja][rng.below(2) as usize];
    let mut built = 0;
    let taken = guest_scenes(&table, own, lang, |scene| {
        built += scene.seats.len();
    });
    // A table for another seat than the guest's is refused.
    let other = (own + 1 + rng.below(3) as u8) % 4;
    assert!(!guest_scenes(&table, other, lang, |_| {}));
    assert!(!taken || built > 0);
    taken
}

fn config(cases: u32) -> ProptestConfig {
    cases_from_env("FUZZ_CASES", cases)
}

proptest! {
    #![proptest_config(config(600))]

    /// Any bytes after a table's header: refused, or scenes built.
    #[test]
    fn any_bytes_as_a_hosts_table_are_refused_or_shown(
        body in proptest::collection::vec(any::<u8>(), 0..400),
        seed in any::<u64>(),
    ) {
        let mut bytes = vec![1, 0x11];
        bytes.extend(body);
        guest_takes(&bytes, &mut Rng::new(seed));
    }

    /// Real tables changed byte by byte as they travel: refused, or shown.
    #[test]
    fn real_tables_changed_byte_by_byte_are_refused_or_shown(seed in any::<u64>(), changes in 1u32..4) {
        let mut rng = Rng::new(seed);
        let mut bytes = ToGuest::Table(Box::new(real_table(&mut rng))).encode();
        damage(&mut bytes, changes, &mut rng);
        guest_takes(&bytes, &mut rng);
    }
}

#[test]
fn every_byte_of_a_real_table_changed_is_refused_or_shown() {
    let mut rng = Rng::new(33);
    let (mut read, mut taken) = (0, 0);
    for _ in 0..3 {
        let bytes = ToGuest::Table(Box::new(real_table(&mut rng))).encode();
        for i in 0..bytes.len() {
            for value in [0u8, 1, 2, 3, 4, 5, 13, 52, 53, 54, 127, 128, 255] {
                let mut b = bytes.clone();
                b[i] = value;
                read += 1;
                taken += guest_takes(&b, &mut rng) as u32;
            }
        }
    }
    // Some changes are harmless (a name, the turn); most are refused.
    assert!(taken > 0 && taken < read, "{taken} of {read} taken");
}

/// A game with friends waits for them before its first deal: its table
/// shows no deal's end (no "Deal 0" panel, no next-deal button), its header
/// the course that comes first, and the
/// guests are sent no table until it is dealt (a table shows a deal).
#[test]
fn a_game_waiting_for_its_first_deal_shows_no_deals_end_and_sends_no_table() {
    use duck_soup::net::host_link::{HostLinks, News};
    let mut rng = Rng::new(5);
    for rules in rule_sets() {
        let kind = rules.game;
        let mut players = vec![Player::Human];
        players.resize(kind.seats(), Player::Friend);
        let setup = Setup {
            rules,
            players,
            seed: None,
        };
        let game = Game::new(rules, 0);
        let mut ctx = random_context(&mut rng);
        ctx.invites = true;
        let build = |game: &Game, ui: &Ui, ctx: &Context| {
            scene::build(game, &setup, ui, ctx, &mut SheetRows::default())
        };
        let scene = build(&game, &Ui::default(), &ctx);
        assert!(
            scene.deal_end.is_none() && scene.game_over.is_none(),
            "{rules:?}"
        );
        // The host's table says what it waits for (decision 18); a notice
        // says more, and a guest's table is the host's to word.
        assert_eq!(
            scene.message.as_deref(),
            Some(ctx.lang.t(K::FairFirstDealWaits)),
            "{rules:?}"
        );
        let notice = Ui {
            message: Some("a notice".into()),
            ..Ui::default()
        };
        let noticed = build(&game, &notice, &ctx);
        assert_eq!(noticed.message.as_deref(), Some("a notice"));
        ctx.invites = false;
        let elsewhere = build(&game, &Ui::default(), &ctx);
        assert_eq!(elsewhere.message, None, "not the host's table");
        ctx.invites = true;
        let mut links = HostLinks::default();
        for seat in 1..kind.seats() as u8 {
            links.link(seat);
        }
        // A game dealt from one device's randomness and then taken back to
        // be dealt fairly (as a game saved by an older page comes back):
        // its table is not sent again as a channel opens.
        let mut dealt = game.clone();
        dealt
            .start_deal(random_deck(kind, &mut rng), None)
            .expect("a deal");
        let news = |game| News {
            game,
            who: Vec::new(),
            last: None,
        };
        let dealt_scene = build(&dealt, &Ui::default(), &ctx);
        assert_eq!(dealt_scene.message, None, "dealt: nothing to wait for");
        // The header names the course that comes first, as once dealt.
        assert_eq!(
            (scene.course, &scene.course_line),
            (dealt_scene.course, &dealt_scene.course_line),
            "{rules:?}"
        );
        assert!(!links.broadcast(&news(&dealt)).is_empty());
        assert!(links.broadcast(&news(&game)).is_empty(), "{rules:?}");
        assert!(links.link(1).opened().is_empty(), "no stale table sent");
    }
}
