//! Why the engine refuses something, as typed values. Each error carries
//! the data of its reason, so a front end can word it in any language;
//! `Display` gives the engine's own one-line English (the command line's
//! messages). Text a person typed is quoted escaped, so a message is always
//! one line whatever was typed.

use super::cards::{Card, Suit};
use super::deal::Move;
use super::rules::{GameKind, Preset};
use std::fmt;

use super::text::quoted;

/// Why a move may not be played now.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum IllegalMove {
    /// Every card of the deal has been played.
    DealOver { mv: Move },
    /// The game is between deals or over: there is no deal to move in.
    NoDealInProgress { mv: Move },
    /// A Duck (Joker) in a game played without them.
    NoDucksInGame { mv: Move, game: GameKind },
    /// The mover does not hold the card.
    NotInHand { mv: Move, card: Card, seat: u8 },
    /// Partnership: a follower holding the suit led must follow it, or quack with the rank led.
    MustFollowOrQuack { card: Card, suit: Suit, rank: u8 },
    /// A leader whose card was quacked (`quacks` times: once in the
    /// two-player game, twice in the three-player game) may only say Duck
    /// or play another card of the rank led.
    OnlyRankOrDuck { card: Card, rank: u8, quacks: u8 },
    /// Saying Duck is only for a leader answering quacks (`quacks` of them in this game).
    DuckOnlyAfterQuacks { quacks: u8 },
    /// A game without the Duck move (the partnership game).
    NoDuckMove { game: GameKind },
    /// Three-player: a Duck led as a plain card; it must name a suit of its colour.
    DuckMustNameSuit { duck: Card },
    /// Three-player: a led Duck naming a suit of the other colour.
    DuckSuitNotItsColour { duck: Card, named: Suit },
    /// Three-player: a Duck naming a suit when it is not led.
    OnlyLedDuckNamesSuit { duck: Card, named: Suit },
}

impl IllegalMove {
    /// The move refused.
    pub fn mv(&self) -> Move {
        match *self {
            IllegalMove::DealOver { mv }
            | IllegalMove::NoDealInProgress { mv }
            | IllegalMove::NoDucksInGame { mv, .. }
            | IllegalMove::NotInHand { mv, .. } => mv,
            IllegalMove::MustFollowOrQuack { card, .. }
            | IllegalMove::OnlyRankOrDuck { card, .. } => Move::Play(card),
            IllegalMove::DuckOnlyAfterQuacks { .. } | IllegalMove::NoDuckMove { .. } => {
                Move::Concede
            }
            IllegalMove::DuckMustNameSuit { duck } => Move::Play(duck),
            IllegalMove::DuckSuitNotItsColour { duck, named }
            | IllegalMove::OnlyLedDuckNamesSuit { duck, named } => Move::LeadDuck(duck, named),
        }
    }
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "'{}': ", self.mv())?;
        match *self {
            IllegalMove::DealOver { .. } => f.write_str("the deal is over"),
            IllegalMove::NoDealInProgress { .. } => f.write_str("no deal is in progress"),
            IllegalMove::NoDucksInGame { mv, game } => {
                let duck = mv.card().map(|c| c.to_string()).unwrap_or_default();
                write!(f, "there is no Duck ({duck}) in the {game} game")
            }
            IllegalMove::NotInHand { card, seat, .. } => {
                write!(f, "{card} is not in seat {seat}'s hand")
            }
            IllegalMove::MustFollowOrQuack { .. } => {
                f.write_str("must follow suit or play a card of the rank led (quack)")
            }
            IllegalMove::OnlyRankOrDuck { quacks: 1, .. } => f.write_str(
                "after a quack the leader may only say duck or play a third card of the rank led",
            ),
            IllegalMove::OnlyRankOrDuck { .. } => f.write_str(
                "after two quacks the leader may only say duck or play the fourth card of the rank led",
            ),
            IllegalMove::DuckOnlyAfterQuacks { quacks: 1 } => {
                f.write_str("duck is only a move for a leader whose card was quacked")
            }
            IllegalMove::DuckOnlyAfterQuacks { .. } => {
                f.write_str("duck is only a move for a leader after two quacks")
            }
            IllegalMove::NoDuckMove { game } => {
                write!(f, "there is no duck move in the {game} game")
            }
            IllegalMove::DuckMustNameSuit { .. } => {
                f.write_str("a led Duck must name a suit of its colour, e.g. XB=S")
            }
            IllegalMove::DuckSuitNotItsColour { duck, .. } => {
                let [a, b] = duck.joker_suits();
                write!(f, "{duck} may only name {} or {}", a.letter(), b.letter())
            }
            IllegalMove::OnlyLedDuckNamesSuit { duck, .. } => write!(
                f,
                "only a led Duck names a suit; play it as {duck} when not leading"
            ),
        }
    }
}

impl std::error::Error for IllegalMove {}

/// Text that is not a card code (`TH`, `AS`, `XB`: upper case, as in the rules).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CardParseError {
    pub token: String,
}

impl fmt::Display for CardParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: not a card code", quoted(&self.token))
    }
}

impl std::error::Error for CardParseError {}

/// Text that is not a move: neither a card code, a led Duck (`XB=S`) nor `duck`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveParseError {
    pub token: String,
}

impl fmt::Display for MoveParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: not a move (neither a card code, a led Duck nor 'duck')",
            quoted(&self.token)
        )
    }
}

impl std::error::Error for MoveParseError {}

/// Why a deck is not exactly the game's cards, once each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeckError {
    /// Text in a deck that is not a card code.
    NotACard {
        token: String,
        game: GameKind,
    },
    /// A card the game is not played with (a Duck outside the three-player game).
    NotInGame {
        card: Card,
        game: GameKind,
    },
    Duplicate {
        card: Card,
    },
    WrongSize {
        len: usize,
        game: GameKind,
    },
}

impl fmt::Display for DeckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DeckError::NotACard { token, game } => {
                write!(
                    f,
                    "deck: {} is not a card of the {game} game",
                    quoted(token)
                )
            }
            DeckError::NotInGame { card, game } => {
                write!(f, "deck: '{card}' is not a card of the {game} game")
            }
            DeckError::Duplicate { card } => write!(f, "deck: {card} appears twice"),
            DeckError::WrongSize { len, game } => write!(
                f,
                "deck has {len} cards, the {game} game needs {}",
                game.deck_size()
            ),
        }
    }
}

impl std::error::Error for DeckError {}

/// Why a preset or an option of the rules is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    UnknownPreset {
        name: String,
    },
    /// A preset of another game (`family` is two-player only).
    PresetNotForGame {
        preset: Preset,
        game: GameKind,
    },
    UnknownOption {
        key: String,
        game: GameKind,
    },
    /// `target` and `deals` take a whole number of 1 or more.
    NotAPositiveInteger {
        key: &'static str,
    },
    /// The option takes one of these words.
    NotOneOf {
        key: &'static str,
        values: &'static [&'static str],
    },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::UnknownPreset { name } => {
                write!(f, "rules: unknown preset {}", quoted(name))
            }
            RulesError::PresetNotForGame { preset, game } => write!(
                f,
                "rules: preset '{}' is for the two-player game only, not the {game} game",
                preset.name()
            ),
            RulesError::UnknownOption { key, game } => {
                write!(
                    f,
                    "rules: unknown option {} for the {game} game",
                    quoted(key)
                )
            }
            RulesError::NotAPositiveInteger { key } => {
                write!(f, "rules: option '{key}' must be a positive integer")
            }
            RulesError::NotOneOf { key, values } => write!(
                f,
                "rules: option '{key}' must be one of {}",
                values.join(", ")
            ),
        }
    }
}

impl std::error::Error for RulesError {}

/// Why a game refuses to start a deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartDealError {
    GameOver,
    DealInProgress,
    Deck(DeckError),
}

impl fmt::Display for StartDealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartDealError::GameOver => f.write_str("the game was already over before this deal"),
            StartDealError::DealInProgress => f.write_str("the deal in progress is not finished"),
            StartDealError::Deck(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for StartDealError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            StartDealError::Deck(e) => Some(e),
            _ => None,
        }
    }
}

impl From<DeckError> for StartDealError {
    fn from(e: DeckError) -> Self {
        StartDealError::Deck(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn typed_text_is_quoted_escaped_on_one_line() {
        let e = RulesError::UnknownPreset {
            name: "a'b\nc".into(),
        };
        assert_eq!(e.to_string(), r"rules: unknown preset 'a\'b\nc'");
        let e = MoveParseError {
            token: "7\u{7}X".into(),
        };
        assert_eq!(
            e.to_string(),
            r"'7\u{7}X': not a move (neither a card code, a led Duck nor 'duck')"
        );
        let e = DeckError::NotACard {
            token: "\r".into(),
            game: GameKind::TwoPlayer,
        };
        assert_eq!(
            e.to_string(),
            r"deck: '\r' is not a card of the two-player game"
        );
    }
}
