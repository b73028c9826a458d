//! The three games and every named option of the rules, with the presets.

use super::error::RulesError;
use std::fmt;

/// Which of the three Duck Soup games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    TwoPlayer,
    ThreePlayer,
    Partnership,
}

impl GameKind {
    pub const ALL: [GameKind; 3] = [
        GameKind::TwoPlayer,
        GameKind::ThreePlayer,
        GameKind::Partnership,
    ];

    pub fn name(self) -> &'static str {
        match self {
            GameKind::TwoPlayer => "two-player",
            GameKind::ThreePlayer => "three-player",
            GameKind::Partnership => "partnership",
        }
    }

    pub fn from_name(s: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| g.name() == s)
    }

    pub fn seats(self) -> usize {
        match self {
            GameKind::TwoPlayer => 2,
            GameKind::ThreePlayer => 3,
            GameKind::Partnership => 4,
        }
    }

    pub fn deck_size(self) -> usize {
        match self {
            GameKind::ThreePlayer => 54,
            _ => 52,
        }
    }

    pub fn hand_size(self) -> usize {
        match self {
            GameKind::ThreePlayer => 9,
            _ => 13,
        }
    }

    /// Who scores: one entry per seat, or per side in partnerships.
    pub fn scorers(self) -> usize {
        match self {
            GameKind::Partnership => 2,
            g => g.seats(),
        }
    }

    /// Whether the game has a stock and the two courses (Duck, then Soup).
    pub fn has_courses(self) -> bool {
        self != GameKind::Partnership
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Two-player, same suit in the Duck course: which card wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DuckWinner {
    Lower,
    Higher,
}

/// How a trick is stored: face up (2) or face down (1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Facing {
    Up,
    Down,
}

/// Two-player: the leader's second trick after the follower concedes a Quack-quack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConcededSecond {
    Up,
    BySuit,
}

/// Three-player: count whole tricks or single cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counting {
    Tricks,
    Cards,
}

/// How the two courses' points make the deal score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combine {
    Multiply,
    Add,
}

impl Combine {
    pub fn apply(self, a: u32, b: u32) -> u32 {
        match self {
            Combine::Multiply => a * b,
            Combine::Add => a + b,
        }
    }
}

/// When the game ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    /// After the deal in which a total reaches this (a tie for the lead plays on).
    Target(u32),
    /// After exactly this many deals (a tie stands).
    Deals(u32),
}

/// The complete rules of one game: which game, and every option's value.
/// Options that belong to another game keep their defaults and are ignored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    pub game: GameKind,
    pub preset: Preset,
    pub duck_winner: DuckWinner,
    pub single_quack_trick: Facing,
    pub conceded_second_trick: ConcededSecond,
    /// Three-player `scoring`.
    pub counting: Counting,
    /// Two-player `scoring`, three-player `combine`.
    pub combine: Combine,
    pub target: Option<u32>,
    pub deals: Option<u32>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Preset {
    Parlett,
    Family,
}

impl Preset {
    pub fn name(self) -> &'static str {
        match self {
            Preset::Parlett => "parlett",
            Preset::Family => "family",
        }
    }
}

/// A rules option as it is named in records: the key and its allowed words.
pub struct OptionSpec {
    pub key: &'static str,
    /// The words it takes; empty for a positive integer.
    pub values: &'static [&'static str],
}

const TWO_PLAYER_OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "duck_winner",
        values: &["lower", "higher"],
    },
    OptionSpec {
        key: "single_quack_trick",
        values: &["up", "down"],
    },
    OptionSpec {
        key: "conceded_second_trick",
        values: &["up", "by_suit"],
    },
    OptionSpec {
        key: "scoring",
        values: &["multiply", "add"],
    },
    OptionSpec {
        key: "target",
        values: &[],
    },
    OptionSpec {
        key: "deals",
        values: &[],
    },
];
const THREE_PLAYER_OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "scoring",
        values: &["tricks", "cards"],
    },
    OptionSpec {
        key: "combine",
        values: &["multiply", "add"],
    },
    OptionSpec {
        key: "target",
        values: &[],
    },
    OptionSpec {
        key: "deals",
        values: &[],
    },
];
const PARTNERSHIP_OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "target",
        values: &[],
    },
    OptionSpec {
        key: "deals",
        values: &[],
    },
];

/// A value given for an option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionValue<'a> {
    Word(&'a str),
    Number(u32),
}

impl Rules {
    /// The `parlett` preset: every default.
    pub fn parlett(game: GameKind) -> Rules {
        Rules {
            game,
            preset: Preset::Parlett,
            duck_winner: DuckWinner::Lower,
            single_quack_trick: Facing::Up,
            conceded_second_trick: ConcededSecond::Up,
            counting: Counting::Tricks,
            combine: Combine::Multiply,
            target: None,
            deals: None,
        }
    }

    /// A preset by name; `family` exists for the two-player game only.
    pub fn preset(game: GameKind, name: &str) -> Result<Rules, RulesError> {
        match name {
            "parlett" => Ok(Rules::parlett(game)),
            "family" if game == GameKind::TwoPlayer => Ok(Rules {
                preset: Preset::Family,
                combine: Combine::Add,
                deals: Some(1),
                ..Rules::parlett(game)
            }),
            "family" => Err(RulesError::PresetNotForGame {
                preset: Preset::Family,
                game,
            }),
            _ => Err(RulesError::UnknownPreset {
                name: name.to_string(),
            }),
        }
    }

    /// The options this game takes.
    pub fn option_specs(game: GameKind) -> &'static [OptionSpec] {
        match game {
            GameKind::TwoPlayer => TWO_PLAYER_OPTIONS,
            GameKind::ThreePlayer => THREE_PLAYER_OPTIONS,
            GameKind::Partnership => PARTNERSHIP_OPTIONS,
        }
    }

    /// Sets one option by its record name, checking the key and value.
    pub fn set(&mut self, key: &str, value: OptionValue<'_>) -> Result<(), RulesError> {
        let spec = Rules::option_specs(self.game)
            .iter()
            .find(|s| s.key == key)
            .ok_or_else(|| RulesError::UnknownOption {
                key: key.to_string(),
                game: self.game,
            })?;
        if spec.values.is_empty() {
            let n = match value {
                OptionValue::Number(n) if n > 0 => n,
                _ => return Err(RulesError::NotAPositiveInteger { key: spec.key }),
            };
            match key {
                "target" => self.target = Some(n),
                _ => self.deals = Some(n),
            }
            return Ok(());
        }
        let word = match value {
            OptionValue::Word(w) if spec.values.contains(&w) => w,
            _ => {
                return Err(RulesError::NotOneOf {
                    key: spec.key,
                    values: spec.values,
                });
            }
        };
        match (self.game, key, word) {
            (_, "duck_winner", w) => {
                self.duck_winner = if w == "lower" {
                    DuckWinner::Lower
                } else {
                    DuckWinner::Higher
                }
            }
            (_, "single_quack_trick", w) => {
                self.single_quack_trick = if w == "up" { Facing::Up } else { Facing::Down }
            }
            (_, "conceded_second_trick", w) => {
                self.conceded_second_trick = if w == "up" {
                    ConcededSecond::Up
                } else {
                    ConcededSecond::BySuit
                }
            }
            (GameKind::ThreePlayer, "scoring", w) => {
                self.counting = if w == "tricks" {
                    Counting::Tricks
                } else {
                    Counting::Cards
                }
            }
            (_, "scoring" | "combine", w) => {
                self.combine = if w == "multiply" {
                    Combine::Multiply
                } else {
                    Combine::Add
                }
            }
            _ => unreachable!("every listed option is handled"),
        }
        Ok(())
    }

    /// The value of an option as its record word or number (`None`: unset number).
    pub fn get(&self, key: &str) -> Option<OptionValue<'static>> {
        Some(match key {
            "duck_winner" => OptionValue::Word(match self.duck_winner {
                DuckWinner::Lower => "lower",
                DuckWinner::Higher => "higher",
            }),
            "single_quack_trick" => OptionValue::Word(match self.single_quack_trick {
                Facing::Up => "up",
                Facing::Down => "down",
            }),
            "conceded_second_trick" => OptionValue::Word(match self.conceded_second_trick {
                ConcededSecond::Up => "up",
                ConcededSecond::BySuit => "by_suit",
            }),
            "scoring" if self.game == GameKind::ThreePlayer => {
                OptionValue::Word(match self.counting {
                    Counting::Tricks => "tricks",
                    Counting::Cards => "cards",
                })
            }
            "scoring" | "combine" => OptionValue::Word(match self.combine {
                Combine::Multiply => "multiply",
                Combine::Add => "add",
            }),
            "target" => OptionValue::Number(self.target?),
            "deals" => OptionValue::Number(self.deals?),
            _ => return None,
        })
    }

    /// When the game ends: a fixed number of deals wins over a target; with
    /// neither, the game's own default (250 points; three deals; four deals).
    pub fn end(&self) -> GameEnd {
        match (self.deals, self.target) {
            (Some(n), _) => GameEnd::Deals(n),
            (None, Some(t)) => GameEnd::Target(t),
            (None, None) => match self.game {
                GameKind::TwoPlayer => GameEnd::Target(250),
                GameKind::ThreePlayer => GameEnd::Deals(3),
                GameKind::Partnership => GameEnd::Deals(4),
            },
        }
    }
}

/// Games travel by their record names (`two-player`, …).
impl serde::Serialize for GameKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl<'de> serde::Deserialize<'de> for GameKind {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<GameKind, D::Error> {
        let name = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        GameKind::from_name(&name).ok_or_else(|| {
            serde::de::Error::custom("not a game (two-player, three-player or partnership)")
        })
    }
}
