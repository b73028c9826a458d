//! The engine's other refusals are typed too: decks, rules, move and card
//! codes, starting a deal. Each carries its data; its English words stay
//! the command line's, on one line whatever text was given.

mod common;

use common::*;
use duck_soup::engine::rng::Rng;
use duck_soup::engine::rules::{OptionValue, Preset};
use duck_soup::engine::{
    Card, CardParseError, Deal, DeckError, Game, GameKind, MoveParseError, Roles, Rules,
    RulesError, StartDealError,
};

#[test]
fn a_deck_that_is_not_the_games_cards() {
    let game = GameKind::TwoPlayer;
    let full = ordered_deck(game);
    let new = |deck: &[Card]| Deal::new(Rules::parlett(game), 0, Roles::NONE, deck).err();
    assert_eq!(
        new(&full[1..]),
        Some(DeckError::WrongSize { len: 51, game })
    );
    let mut twice = full.clone();
    twice[0] = card("KC");
    assert_eq!(new(&twice), Some(DeckError::Duplicate { card: card("KC") }));
    let mut with_duck = full.clone();
    with_duck[51] = Card::RED_DUCK;
    assert_eq!(
        new(&with_duck),
        Some(DeckError::NotInGame {
            card: Card::RED_DUCK,
            game
        })
    );
    let words = DeckError::NotACard {
        token: "1\nC".into(),
        game,
    }
    .to_string();
    assert_eq!(words, r"deck: '1\nC' is not a card of the two-player game");
}

#[test]
fn presets_and_options_refused_with_their_data() {
    let game = GameKind::Partnership;
    assert_eq!(
        Rules::preset(game, "house"),
        Err(RulesError::UnknownPreset {
            name: "house".into()
        })
    );
    assert_eq!(
        Rules::preset(game, "family"),
        Err(RulesError::PresetNotForGame {
            preset: Preset::Family,
            game
        })
    );
    let mut r = Rules::parlett(game);
    assert_eq!(
        r.set("duck_winner", OptionValue::Word("lower")),
        Err(RulesError::UnknownOption {
            key: "duck_winner".into(),
            game
        })
    );
    for bad in [OptionValue::Number(0), OptionValue::Word("250")] {
        assert_eq!(
            r.set("target", bad),
            Err(RulesError::NotAPositiveInteger { key: "target" })
        );
    }
    let mut r = Rules::parlett(GameKind::TwoPlayer);
    assert_eq!(
        r.set("duck_winner", OptionValue::Word("lowest")),
        Err(RulesError::NotOneOf {
            key: "duck_winner",
            values: &["lower", "higher"]
        })
    );
    assert_eq!(r, Rules::parlett(GameKind::TwoPlayer), "nothing was set");
}

#[test]
fn typed_names_are_quoted_on_one_line() {
    let e = Rules::preset(GameKind::TwoPlayer, "it's\nmine").unwrap_err();
    assert_eq!(e.to_string(), r"rules: unknown preset 'it\'s\nmine'");
    let e = Rules::parlett(GameKind::TwoPlayer)
        .set("tar\tget", OptionValue::Number(3))
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        r"rules: unknown option 'tar\tget' for the two-player game"
    );
    let e = "7\u{1b}X".parse::<duck_soup::engine::Move>().unwrap_err();
    assert_eq!(
        e,
        MoveParseError {
            token: "7\u{1b}X".into()
        }
    );
    assert_eq!(
        e.to_string(),
        r"'7\u{1b}X': not a move (neither a card code, a led Duck nor 'duck')"
    );
    for words in [
        e.to_string(),
        Rules::preset(GameKind::TwoPlayer, "a\r\nb")
            .unwrap_err()
            .to_string(),
    ] {
        assert_eq!(words.lines().count(), 1, "{words}");
    }
}

#[test]
fn card_and_move_codes_refused_with_the_text_given() {
    for text in ["10H", "ah", "XG", ""] {
        assert_eq!(
            text.parse::<Card>(),
            Err(CardParseError { token: text.into() })
        );
    }
    for text in ["Duck", "AC=S", "XB=H=S", "XB=", "null"] {
        assert_eq!(
            text.parse::<duck_soup::engine::Move>(),
            Err(MoveParseError { token: text.into() }),
            "{text}"
        );
    }
}

#[test]
fn a_deal_starts_only_between_deals_of_a_game_in_play() {
    let game = GameKind::TwoPlayer;
    let mut g = Game::new(rules(game, &[("deals", "1")]), 0);
    assert_eq!(
        g.start_deal(ordered_deck(game)[1..].to_vec(), None),
        Err(StartDealError::Deck(DeckError::WrongSize { len: 51, game }))
    );
    g.start_deal(ordered_deck(game), None).unwrap();
    assert_eq!(
        g.start_deal(ordered_deck(game), None),
        Err(StartDealError::DealInProgress)
    );
    finish_random_deal(&mut g, &mut Rng::new(1));
    assert_eq!(
        g.start_deal(ordered_deck(game), None),
        Err(StartDealError::GameOver)
    );
}
