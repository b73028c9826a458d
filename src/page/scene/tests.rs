//! The scene's own tests: what a seat is shown and told, in both
//! languages (more in `tests/page_scenes.rs`).

use super::*;
use crate::ai::Level;
use crate::engine::rng::shuffled_deck;
use crate::engine::rules::OptionValue;
use crate::engine::Move;
use crate::page::model::MoveSent;

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

/// A game of `kind` with its first deal dealt from `seed`, South the
/// one person against Normal computers.
fn dealt(kind: GameKind, seed: &str) -> (Game, Setup) {
    let setup = Setup {
        seed: Some(seed.to_string()),
        ..Setup::default_for(kind)
    };
    let mut game = Game::new(setup.rules, 0);
    game.start_deal(shuffled_deck(kind, seed), None).unwrap();
    (game, setup)
}

fn ui_for(seat: u8) -> Ui {
    Ui {
        bottom: seat,
        viewer: Some(seat),
        ..Ui::default()
    }
}

/// Plays the first legal move until `stop` says so or the deal ends.
fn play_until(game: &mut Game, stop: impl Fn(&Game) -> bool) {
    while game.in_deal() && !stop(game) {
        let mv = game.legal_moves().as_slice()[0];
        game.play(mv).unwrap();
    }
}

#[test]
fn seats_sit_clockwise_from_the_bottom() {
    assert_eq!(position(2, 1, 1), Pos::Bottom);
    assert_eq!(position(2, 1, 0), Pos::Top);
    let three: Vec<Pos> = (0..3).map(|s| position(3, 2, s)).collect();
    assert_eq!(three, [Pos::Left, Pos::Right, Pos::Bottom]);
    let four: Vec<Pos> = (0..4).map(|s| position(4, 3, s)).collect();
    assert_eq!(four, [Pos::Left, Pos::Top, Pos::Right, Pos::Bottom]);
}

#[test]
fn a_hand_is_sorted_by_suit_with_the_ace_by_course_and_ducks_last() {
    let (game, _) = dealt(GameKind::ThreePlayer, "sorted");
    let d = game.deal().unwrap();
    for seat in 0..3 {
        let by_suit = sorted_hand(d, seat, false);
        assert_eq!(by_suit.len(), d.hand_len(seat));
        let suit_of =
            |c: Card| (!c.is_joker()).then(|| SUIT_ORDER.iter().position(|&s| s == c.suit()));
        for pair in by_suit.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            match (suit_of(a), suit_of(b)) {
                // The Duck course: the Ace is the lowest of its suit.
                (Some(x), Some(y)) if x == y => assert!(a.rank() < b.rank(), "{a} {b}"),
                (Some(x), Some(y)) => assert!(x < y, "{a} {b}"),
                (None, Some(_)) => panic!("a Duck before {b}"),
                _ => {}
            }
        }
        let by_rank = sorted_hand(d, seat, true);
        let ranks: Vec<u8> = by_rank
            .iter()
            .filter(|c| !c.is_joker())
            .map(|c| c.rank())
            .collect();
        assert!(ranks.windows(2).all(|r| r[0] <= r[1]), "{ranks:?}");
    }
}

#[test]
fn the_roving_hand_keeps_its_tab_stop_unless_it_cannot_be_played_now() {
    let card = |i: u8, playable: bool| HandCard {
        card: Card::from_index(i),
        playable,
        quack: false,
        ace: None,
        tab_stop: false,
        sent: false,
    };
    let hand = [card(0, false), card(1, true), card(2, true)];
    let at = |i: u8, moves: usize| Some((Card::from_index(i), moves));
    // Remembered and playable, or not the person's turn: kept.
    assert_eq!(
        tab_stop(&hand, at(2, 1), 5, true),
        Some(Card::from_index(2))
    );
    assert_eq!(
        tab_stop(&hand, at(0, 1), 5, false),
        Some(Card::from_index(0))
    );
    // Not playable at a new position on the person's turn: the first playable.
    assert_eq!(
        tab_stop(&hand, at(0, 1), 5, true),
        Some(Card::from_index(1))
    );
    // Still the position it was chosen at: kept.
    assert_eq!(
        tab_stop(&hand, at(0, 5), 5, true),
        Some(Card::from_index(0))
    );
    // No longer in the hand, or none remembered: the first playable.
    assert_eq!(
        tab_stop(&hand, at(9, 1), 5, false),
        Some(Card::from_index(1))
    );
    let none_playable = [card(3, false), card(4, false)];
    assert_eq!(
        tab_stop(&none_playable, None, 0, true),
        Some(Card::from_index(3))
    );
    assert_eq!(tab_stop(&[], None, 0, true), None);
}

#[test]
fn a_hint_shows_on_the_hand_then_in_the_chooser() {
    let (c, suit) = (Card::RED_DUCK, Suit::Hearts);
    assert_eq!(
        hinted(HintTarget::LeadDuck(c, suit), false),
        Hinted::HandCard(c)
    );
    assert_eq!(
        hinted(HintTarget::LeadDuck(c, suit), true),
        Hinted::Suit(suit)
    );
    let seven = Card::from_index(6);
    assert_eq!(hinted(HintTarget::Quack(seven), false), Hinted::Quack);
    assert_eq!(
        hinted(HintTarget::Quack(seven), true),
        Hinted::Choice(seven)
    );
    assert_eq!(hinted(HintTarget::Duck, true), Hinted::Duck);
}

#[test]
fn who_the_table_waits_for() {
    let (mut game, mut setup) = dealt(GameKind::TwoPlayer, "waiting");
    let mut rows = SheetRows::default();
    let ctx = context(Lang::En);
    let human = setup.first_human().unwrap();
    // The person's turn, shown from their seat: they may act.
    play_until(&mut game, |g| g.to_move() == Some(human));
    let scene = build(&game, &setup, &ui_for(human), &ctx, &mut rows);
    assert_eq!(scene.waiting, Waiting::Human);
    assert_eq!(scene.phase, Phase::Playing);
    assert!(scene.seats[human as usize].to_move);
    // Behind the pass-and-play screen.
    let mut covered = ui_for(human);
    covered.privacy = Some(human);
    let scene = build(&game, &setup, &covered, &ctx, &mut rows);
    assert_eq!(scene.waiting, Waiting::Privacy);
    assert_eq!(
        scene.privacy.as_deref(),
        Some(
            Lang::En
                .tf(K::PassTo, &[name(Lang::En, &setup, human)])
                .as_str()
        )
    );
    // A computer to move: "thinking".
    setup.players[human as usize] = Player::Computer(Level::Easy);
    let scene = build(&game, &setup, &ui_for(human), &ctx, &mut rows);
    assert_eq!(scene.waiting, Waiting::Computer);
    assert!(scene.status.contains("is thinking"), "{}", scene.status);
    // The deal over.
    play_until(&mut game, |_| false);
    let scene = build(&game, &setup, &ui_for(human), &ctx, &mut rows);
    assert_eq!(scene.waiting, Waiting::None);
    assert_ne!(scene.phase, Phase::Playing);
}

/// Whether the scene offers `seat` a move: a card of its hand it may play.
fn offers_a_move(scene: &Scene, seat: u8) -> bool {
    matches!(&scene.seats[seat as usize].hand,
        HandScene::Up(cards) if cards.iter().any(|c| c.playable))
}

/// `acting_seat` says `want`, and the scene offers a move to that seat
/// alone.
fn acts(game: &Game, setup: &Setup, ui: &Ui, want: Option<u8>, case: &str) {
    assert_eq!(acting_seat(game, setup, ui), want, "{case}");
    let ctx = context(Lang::En);
    let scene = build(game, setup, ui, &ctx, &mut SheetRows::default());
    for s in 0..game.kind().seats() as u8 {
        assert_eq!(
            offers_a_move(&scene, s),
            want == Some(s),
            "{case}: seat {s}"
        );
    }
}

#[test]
fn who_may_act_is_one_answer_for_the_scene_and_the_controller() {
    let (mut game, mut setup) = dealt(GameKind::ThreePlayer, "who acts");
    let me = setup.first_human().unwrap();
    play_until(&mut game, |g| g.to_move() == Some(me));
    acts(&game, &setup, &ui_for(me), Some(me), "the person's turn");
    let mut all_up = ui_for(me);
    all_up.reveal = true;
    acts(&game, &setup, &all_up, Some(me), "every hand shown");

    // Pass-and-play: behind the screen nobody acts, then the mover does;
    // another person's seat shown is not the mover's.
    let other = (me + 1) % 3;
    setup.players[other as usize] = Player::Human;
    let covered = Ui {
        privacy: Some(me),
        viewer: None,
        ..ui_for(me)
    };
    acts(&game, &setup, &covered, None, "the privacy screen");
    acts(&game, &setup, &ui_for(me), Some(me), "after the tap");
    acts(
        &game,
        &setup,
        &ui_for(other),
        None,
        "another person's seat shown",
    );

    // A computer's turn, from the person's seat or the computer's own.
    setup.players[other as usize] = Player::Computer(Level::Normal);
    play_until(&mut game, |g| g.to_move() != Some(me));
    let computer = game.to_move().expect("in the deal");
    acts(&game, &setup, &ui_for(me), None, "a computer's turn");
    acts(
        &game,
        &setup,
        &ui_for(computer),
        None,
        "the computer's seat shown",
    );

    // Between deals nobody acts.
    play_until(&mut game, |_| false);
    acts(&game, &setup, &ui_for(me), None, "the deal over");
}

#[test]
fn a_guest_acts_on_its_own_seat_only() {
    use crate::net::protocol::{guest_table, turn_of};
    let (mut host, _) = dealt(GameKind::TwoPlayer, "guest acts");
    let guest = 1;
    let mut cases = Vec::new();
    for _ in 0..2 {
        let table = guest_table(&host, guest, turn_of(&host), &[], &[]);
        let seen = super::super::guest::read_table(Lang::En, &table, guest).unwrap();
        let setup = Setup {
            rules: *seen.game.rules(),
            players: seen.players,
            seed: None,
        };
        let ui = Ui {
            hand_lens: Some(seen.hand_lens),
            ..ui_for(guest)
        };
        let want = (seen.game.to_move() == Some(guest)).then_some(guest);
        acts(&seen.game, &setup, &ui, want, "a guest's table");
        cases.push(want);
        if want.is_some() {
            // Its move sent, nothing is offered until the host answers,
            // and the card sent is marked in its hand.
            let card = seen.game.deal().unwrap().hand(guest).iter().next();
            let sent = Ui {
                move_sent: Some(MoveSent {
                    words: Lang::En.t(K::MoveSent),
                    card,
                }),
                ..ui.clone()
            };
            acts(&seen.game, &setup, &sent, None, "a guest's move sent");
            let ctx = context(Lang::En);
            let scene = build(&seen.game, &setup, &sent, &ctx, &mut SheetRows::default());
            assert_eq!(scene.waiting, Waiting::Host);
            assert_eq!(scene.status, Lang::En.t(K::MoveSent));
            assert!(scene.quack.is_none() && !scene.duck);
            let HandScene::Up(hand) = &scene.seats[guest as usize].hand else {
                panic!("the guest's hand is face down");
            };
            let marked: Vec<Card> = hand.iter().filter(|c| c.sent).map(|c| c.card).collect();
            assert_eq!(marked, Vec::from_iter(card), "only the card sent is marked");
            assert!(hand.iter().all(|c| !c.playable), "nothing is playable");
        }
        // The other seat's turn next.
        let mover = host.to_move().unwrap();
        play_until(&mut host, |g| g.to_move() != Some(mover));
    }
    assert_eq!(cases, [Some(guest), None], "its turn, then the host's");
}

#[test]
fn a_friends_seat_is_named_as_its_table_names_it_and_says_when_it_is_away() {
    let (game, mut setup) = dealt(GameKind::TwoPlayer, "friend");
    let mover = game.to_move().unwrap();
    let other = 1 - mover;
    setup.players = vec![Player::Friend; 2];
    setup.players[other as usize] = Player::Human;
    let mut ui = ui_for(other);
    ui.friends[mover as usize] = Some(FriendSeat {
        name: "Friend · Ann".into(),
        away: Some(super::super::model::Away {
            badge: "offline".into(),
            status: "Waiting for Ann to reconnect".into(),
        }),
        code: None,
    });
    let scene = build(
        &game,
        &setup,
        &ui,
        &context(Lang::En),
        &mut SheetRows::default(),
    );
    let seat = &scene.seats[mover as usize];
    assert_eq!(seat.player, "Friend · Ann");
    assert!(seat.badges.contains(&("offline".to_string(), "away")));
    assert_eq!(scene.status, "Waiting for Ann to reconnect");
}

#[test]
fn the_one_person_against_computers_is_you() {
    let (_, mut setup) = dealt(GameKind::ThreePlayer, "you");
    let me = setup.first_human().unwrap();
    assert_eq!(seat_label(Lang::En, &setup, me), "South (you)");
    assert_eq!(seat_label(Lang::En, &setup, 1), "West");
    // Pass-and-play: every person by their seat's name.
    setup.players[1] = Player::Human;
    assert_eq!(seat_label(Lang::En, &setup, me), "South");
}

#[test]
fn the_game_over_panel_offers_to_share_the_daily_result_or_the_game() {
    let mut rows = SheetRows::default();
    for (seed, key) in [("daily-2026-01-02", K::DailyShare), ("~x", K::ShareTool)] {
        let mut setup = Setup {
            seed: Some(seed.to_string()),
            ..Setup::default_for(GameKind::TwoPlayer)
        };
        setup.rules.set("deals", OptionValue::Number(1)).unwrap();
        let mut game = Game::new(setup.rules, 0);
        game.start_deal(shuffled_deck(GameKind::TwoPlayer, seed), None)
            .unwrap();
        play_until(&mut game, |_| false);
        assert!(game.is_over());
        let scene = build(&game, &setup, &ui_for(0), &context(Lang::En), &mut rows);
        let panel = scene.game_over.expect("the game-over panel");
        assert_eq!(panel.share.as_deref(), Some(Lang::En.t(key)));
        assert!(panel.next);
        // Not in an embed or the viewer; a guest's has no next step.
        let quiet = Context {
            may_share: false,
            guest: true,
            ..context(Lang::En)
        };
        let panel = build(&game, &setup, &ui_for(0), &quiet, &mut rows)
            .game_over
            .unwrap();
        assert_eq!((panel.share, panel.next), (None, false));
    }
}

#[test]
fn the_pages_flags_follow_the_context_and_the_viewers_bar() {
    use crate::page::replay_bar::{BarFacts, ReplayBarScene};
    let (game, setup) = dealt(GameKind::TwoPlayer, "flags");
    let mut rows = SheetRows::default();
    let plain = build(&game, &setup, &ui_for(0), &context(Lang::Ja), &mut rows);
    assert_eq!(
        plain.flags,
        PageFlags {
            lang: Lang::Ja,
            embed: false,
            no_anim: false,
            four_colour: false,
            large_cards: false,
            theme: Theme::System,
            replaying: false,
            puzzling: false,
            joining: false,
            sounds_played: 0,
        }
    );
    assert_eq!(plain.replay_bar, None);
    let page = PageFacts {
        embed: true,
        no_anim: true,
        four_colour: true,
        large_cards: true,
        theme: Theme::Dark,
        sounds_played: 3,
    };
    let bar = |puzzling: bool| {
        ReplayBarScene::of(
            Lang::En,
            &BarFacts {
                pos: 0,
                total: 41,
                deal: 0,
                deal_moves_made: 0,
                deal_moves: 40,
                move_no: 0,
                moves: 40,
                reveal: false,
                playing: false,
                speed: 1,
                seat: 0,
                seats: 2,
                can_forward: true,
                note: String::new(),
                puzzling,
                embedded: true,
            },
        )
    };
    for puzzling in [false, true] {
        let ctx = Context {
            page,
            joining: true,
            ..context(Lang::En)
        };
        let viewing =
            build(&game, &setup, &ui_for(0), &ctx, &mut rows).with_replay_bar(Some(bar(puzzling)));
        let f = viewing.flags;
        assert!(f.embed && f.no_anim && f.four_colour && f.joining && f.replaying);
        assert!(f.large_cards && f.theme == Theme::Dark);
        assert_eq!(
            (f.lang, f.sounds_played, f.puzzling),
            (Lang::En, 3, puzzling)
        );
        assert_eq!(viewing.replay_bar, Some(bar(puzzling)));
    }
}

#[test]
fn the_score_sheet_builds_each_finished_deals_row_once() {
    let kind = GameKind::TwoPlayer;
    let mut setup = Setup::default_for(kind);
    setup.rules.set("deals", OptionValue::Number(40)).unwrap();
    let mut game = Game::new(setup.rules, 0);
    let mut rows = SheetRows::default();
    let ctx = context(Lang::En);
    let mut generation = None;
    for k in 0..(SHEET_LATEST + 2) {
        game.start_deal(shuffled_deck(kind, &format!("rows/{k}")), None)
            .unwrap();
        play_until(&mut game, |_| false);
        let sheet = build(&game, &setup, &ui_for(0), &ctx, &mut rows).scores;
        // Rows are only added within one generation.
        let g = sheet.finished.generation();
        assert_eq!(*generation.get_or_insert(g), g);
        let shown = sheet.finished.rows();
        assert_eq!(shown.len(), (k + 1).min(SHEET_LATEST));
        assert_eq!(shown.last().map(|r| r.deal), Some(k + 1));
        assert_eq!(sheet.all_deals.is_some(), k + 1 > SHEET_LATEST);
    }
    // Every deal when asked; another language is another generation.
    let mut all = ui_for(0);
    all.scores_all = true;
    let sheet = build(&game, &setup, &all, &ctx, &mut rows).scores;
    assert_eq!(sheet.finished.rows().len(), SHEET_LATEST + 2);
    assert_eq!(sheet.finished.rows()[0].label, "Deal 1");
    let ja = build(&game, &setup, &all, &context(Lang::Ja), &mut rows).scores;
    assert_ne!(Some(ja.finished.generation()), generation);
    assert_ne!(ja.finished.rows()[0].label, "Deal 1");
}

#[test]
fn the_quack_cards_are_the_movers_in_hand_order() {
    let kind = GameKind::TwoPlayer;
    let mut quacks = 0;
    for k in 0..40 {
        let (mut game, _) = dealt(kind, &format!("quack/{k}"));
        // The first card led; then the follower's quack cards, if any.
        let lead = game.legal_moves().as_slice()[0];
        game.play(lead).unwrap();
        let d = game.deal().unwrap();
        let cards = quack_cards(d, false);
        let Move::Play(led) = lead else { continue };
        assert!(cards.iter().all(|c| c.rank() == led.rank()));
        let in_hand: Vec<Card> = sorted_hand(d, d.to_move(), false)
            .into_iter()
            .filter(|c| cards.contains(c))
            .collect();
        assert_eq!(cards, in_hand);
        quacks += cards.len();
    }
    assert!(quacks > 0, "no deal offered a quack");
}
