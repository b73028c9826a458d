//! Game records (one JSON object replays a whole game, RULES.md section 4)
//! and the replay report (section 5), as typed values with serde derives.
//!
//! Reading is in two steps: serde turns the text (or, in the page, a JS
//! value) into a [`RecordFile`], the record's shape with no rule checked;
//! then [`GameRecord::try_from`] checks it against the rules, naming the deal
//! and the move of the first problem. `GameRecord` itself (de)serializes
//! through `RecordFile`, so any serde format reads and writes the one format.

use super::cards::Card;
use super::deal::Move;
use super::error::{DeckError, IllegalMove, MoveParseError, RulesError, StartDealError};
use super::game::{DealLog, Game};
use super::rng::shuffled_deck;
use super::rules::{GameKind, OptionValue, Rules};
use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A record: the game, its rules, the first dealer and each deal's deck and moves.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "RecordFile", into = "RecordFile")]
pub struct GameRecord {
    pub rules: Rules,
    pub first_dealer: u8,
    pub deals: Vec<DealLog>,
}

/// A record as its JSON holds it, before any rule is checked.
/// Unknown members are ignored, as other implementations may add their own.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RecordFile {
    pub game: String,
    #[serde(default)]
    pub rules: RulesFile,
    #[serde(default)]
    pub first_dealer: Option<u64>,
    pub deals: Vec<DealFile>,
}

/// One deal as written: a deck or a seed, and the moves separated by spaces.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DealFile {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    #[serde(default)]
    pub moves: String,
}

/// `rules` as written: absent (or null) for `parlett`, a preset name, or an
/// object of options (`preset` among them, in the order written).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum RulesFile {
    #[default]
    Absent,
    Preset(String),
    Options(Vec<(String, OptionFile)>),
}

/// An option's value as written; the rules decide whether it is one they take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionFile {
    Word(String),
    Number(u64),
    /// A negative or fractional number, `true`, a list…: never an option's value.
    Other,
}

/// Why a record was refused: where (deal and move, counted from 1), and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// Deal number from 1, if the problem is inside a deal.
    pub deal: Option<usize>,
    /// Move number from 1 within the deal, if the problem is a move.
    pub position: Option<usize>,
    pub problem: RecordProblem,
}

/// What is wrong with a record, with its data, so the page can word it in
/// any language; `Display` is the command line's English, one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordProblem {
    /// Not JSON at all: the reader's message (serde_json's, or the browser's).
    NotJson(String),
    /// JSON, but not of a record's shape (a missing field, a wrong type): the reader's message.
    NotARecord(String),
    UnknownGame {
        name: String,
    },
    Rules(RulesError),
    /// `rules.preset` is not a word.
    PresetNotAName,
    FirstDealer {
        seats: usize,
    },
    DeckAndSeed,
    NoDeck,
    Deck(DeckError),
    Move(MoveParseError),
    StartDeal(StartDealError),
    Illegal(IllegalMove),
    /// A move after the deal's last trick.
    AfterTheEnd {
        mv: Move,
    },
    /// A deal not played to its end, followed by another.
    Unfinished,
    /// More deals than a link holds (see `codec::record_link`).
    TooLongForALink {
        max: usize,
    },
    /// A seed longer than a link holds, in bytes.
    SeedTooLongForALink {
        max: usize,
    },
}

impl fmt::Display for RecordProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordProblem::NotJson(why) => write!(f, "not valid JSON: {}", one_line(why)),
            RecordProblem::NotARecord(why) => write!(f, "not a record: {}", one_line(why)),
            RecordProblem::UnknownGame { name } => write!(
                f,
                "game: unknown game {} (two-player, three-player or partnership)",
                super::text::quoted(name)
            ),
            RecordProblem::Rules(e) => e.fmt(f),
            RecordProblem::PresetNotAName => f.write_str("rules: 'preset' must be a preset name"),
            RecordProblem::FirstDealer { seats } => write!(
                f,
                "first_dealer: must be a seat number from 0 to {}",
                seats - 1
            ),
            RecordProblem::DeckAndSeed => f.write_str("give either a deck or a seed, not both"),
            RecordProblem::NoDeck => f.write_str("deck: missing"),
            RecordProblem::Deck(e) => e.fmt(f),
            RecordProblem::Move(e) => e.fmt(f),
            RecordProblem::StartDeal(e) => e.fmt(f),
            RecordProblem::Illegal(e) => e.fmt(f),
            RecordProblem::AfterTheEnd { mv } => write!(f, "'{mv}': the deal is already over"),
            RecordProblem::Unfinished => {
                f.write_str("the deal is not played to its end, but another deal follows")
            }
            RecordProblem::TooLongForALink { max } => {
                write!(f, "a game link holds at most {max} deals")
            }
            RecordProblem::SeedTooLongForALink { max } => {
                write!(f, "a game link holds seeds of at most {max} bytes")
            }
        }
    }
}

/// A reader's message on one line, whatever it quotes.
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
                ' '
            } else {
                c
            }
        })
        .collect()
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.deal, self.position) {
            (Some(d), Some(m)) => write!(f, "deal {d}, move {m}: {}", self.problem),
            (Some(d), None) => write!(f, "deal {d}: {}", self.problem),
            _ => self.problem.fmt(f),
        }
    }
}

impl std::error::Error for RecordError {}

impl RecordError {
    pub fn record(problem: RecordProblem) -> RecordError {
        RecordError {
            deal: None,
            position: None,
            problem,
        }
    }

    /// `deal` counts from 0.
    pub fn deal(deal: usize, problem: RecordProblem) -> RecordError {
        RecordError {
            deal: Some(deal + 1),
            position: None,
            problem,
        }
    }

    /// `deal` and `position` count from 0.
    pub fn position(deal: usize, position: usize, problem: RecordProblem) -> RecordError {
        RecordError {
            deal: Some(deal + 1),
            position: Some(position + 1),
            problem,
        }
    }
}

/// Moves and decks are tokens separated by ASCII white space (spaces, tabs,
/// line breaks). Any other character, a no-break or ideographic space
/// included, belongs to a token and so makes it a bad one: the format is
/// strict, so that two implementations never read one record differently
/// (docs/decisions.md).
fn tokens(text: &str) -> impl Iterator<Item = &str> {
    text.split_ascii_whitespace()
}

impl TryFrom<RecordFile> for GameRecord {
    type Error = RecordError;

    /// Checks a record's fields (moves are checked by [`GameRecord::replay`]).
    fn try_from(file: RecordFile) -> Result<GameRecord, RecordError> {
        let game = GameKind::from_name(&file.game).ok_or_else(|| {
            RecordError::record(RecordProblem::UnknownGame {
                name: file.game.clone(),
            })
        })?;
        let rules = file.rules.to_rules(game).map_err(RecordError::record)?;
        let seats = game.seats() as u64;
        let first_dealer = match file.first_dealer {
            None => 0,
            Some(n) if n < seats => n as u8,
            Some(_) => {
                return Err(RecordError::record(RecordProblem::FirstDealer {
                    seats: game.seats(),
                }))
            }
        };
        let deals = file
            .deals
            .into_iter()
            .enumerate()
            .map(|(i, d)| d.into_log(game, i))
            .collect::<Result<_, _>>()?;
        Ok(GameRecord {
            rules,
            first_dealer,
            deals,
        })
    }
}

impl DealFile {
    fn into_log(self, game: GameKind, i: usize) -> Result<DealLog, RecordError> {
        let (deck, seed) = match (self.deck, self.seed) {
            (Some(deck), None) => (
                parse_deck(game, &deck)
                    .map_err(|e| RecordError::deal(i, RecordProblem::Deck(e)))?,
                None,
            ),
            (None, Some(seed)) => (shuffled_deck(game, &seed), Some(seed)),
            (Some(_), Some(_)) => return Err(RecordError::deal(i, RecordProblem::DeckAndSeed)),
            (None, None) => return Err(RecordError::deal(i, RecordProblem::NoDeck)),
        };
        let moves = tokens(&self.moves)
            .enumerate()
            .map(|(m, token)| {
                token
                    .parse::<Move>()
                    .map_err(|e| RecordError::position(i, m, RecordProblem::Move(e)))
            })
            .collect::<Result<_, _>>()?;
        Ok(DealLog { deck, seed, moves })
    }
}

impl From<GameRecord> for RecordFile {
    fn from(record: GameRecord) -> RecordFile {
        RecordFile::of(&record)
    }
}

impl RecordFile {
    /// The record as written; a seeded deal keeps its seed instead of the deck.
    pub fn of(record: &GameRecord) -> RecordFile {
        RecordFile {
            game: record.rules.game.name().to_string(),
            rules: RulesFile::of(&record.rules),
            first_dealer: Some(u64::from(record.first_dealer)),
            deals: record.deals.iter().map(DealFile::of).collect(),
        }
    }
}

impl DealFile {
    /// One deal as written; a seeded deal keeps its seed instead of the deck.
    pub fn of(deal: &DealLog) -> DealFile {
        DealFile {
            deck: deal.seed.is_none().then(|| join(&deal.deck)),
            seed: deal.seed.clone(),
            moves: join(&deal.moves),
        }
    }
}

impl GameRecord {
    /// Replays every deal; the last may stop part-way.
    pub fn replay(&self) -> Result<Game, RecordError> {
        let mut game = Game::new(self.rules, self.first_dealer);
        let count = self.deals.len();
        for (i, deal) in self.deals.iter().enumerate() {
            game.start_deal(deal.deck.clone(), deal.seed.clone())
                .map_err(|e| RecordError::deal(i, RecordProblem::StartDeal(e)))?;
            for (m, &mv) in deal.moves.iter().enumerate() {
                if !game.in_deal() {
                    return Err(RecordError::position(
                        i,
                        m,
                        RecordProblem::AfterTheEnd { mv },
                    ));
                }
                game.play(mv)
                    .map_err(|e| RecordError::position(i, m, RecordProblem::Illegal(e)))?;
            }
            if i + 1 < count && game.in_deal() {
                return Err(RecordError::deal(i, RecordProblem::Unfinished));
            }
        }
        Ok(game)
    }

    /// The record of a game as played so far.
    pub fn of(game: &Game) -> GameRecord {
        GameRecord {
            rules: *game.rules(),
            first_dealer: game.first_dealer(),
            deals: game.log().to_vec(),
        }
    }
}

fn join<T: ToString>(items: &[T]) -> String {
    items.iter().map(T::to_string).collect::<Vec<_>>().join(" ")
}

impl RulesFile {
    /// The rules as a record writes them: the preset name alone when nothing
    /// differs, else the preset and the options that differ from it.
    pub fn of(rules: &Rules) -> RulesFile {
        // Not `expect`: it would format the error with `Debug`, more code in the page.
        let base = Rules::preset(rules.game, rules.preset.name())
            .unwrap_or_else(|_| unreachable!("a rules value has a valid preset"));
        let preset = rules.preset.name().to_string();
        if base == *rules {
            return RulesFile::Preset(preset);
        }
        let mut options = vec![("preset".to_string(), OptionFile::Word(preset))];
        for spec in Rules::option_specs(rules.game) {
            if rules.get(spec.key) != base.get(spec.key) {
                let value = match rules.get(spec.key) {
                    Some(OptionValue::Word(w)) => OptionFile::Word(w.to_string()),
                    Some(OptionValue::Number(n)) => OptionFile::Number(n.into()),
                    None => continue,
                };
                options.push((spec.key.to_string(), value));
            }
        }
        RulesFile::Options(options)
    }

    /// The rules these words name, for `game`.
    pub fn to_rules(&self, game: GameKind) -> Result<Rules, RecordProblem> {
        let options = match self {
            RulesFile::Absent => return Ok(Rules::parlett(game)),
            RulesFile::Preset(name) => {
                return Rules::preset(game, name).map_err(RecordProblem::Rules)
            }
            RulesFile::Options(options) => options,
        };
        let mut rules = match options.iter().rev().find(|(k, _)| k == "preset") {
            None => Rules::parlett(game),
            Some((_, OptionFile::Word(name))) => {
                Rules::preset(game, name).map_err(RecordProblem::Rules)?
            }
            Some(_) => return Err(RecordProblem::PresetNotAName),
        };
        for (key, value) in options.iter().filter(|(k, _)| k != "preset") {
            let value = match value {
                OptionFile::Word(w) => OptionValue::Word(w),
                OptionFile::Number(n) => match u32::try_from(*n) {
                    Ok(n) => OptionValue::Number(n),
                    Err(_) => OptionValue::Word(""),
                },
                OptionFile::Other => OptionValue::Word(""),
            };
            rules.set(key, value).map_err(RecordProblem::Rules)?;
        }
        Ok(rules)
    }
}

impl Serialize for RulesFile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            RulesFile::Absent => s.serialize_none(),
            RulesFile::Preset(name) => s.serialize_str(name),
            RulesFile::Options(options) => {
                let mut map = s.serialize_map(Some(options.len()))?;
                for (key, value) in options {
                    match value {
                        OptionFile::Word(w) => map.serialize_entry(key, w)?,
                        OptionFile::Number(n) => map.serialize_entry(key, n)?,
                        OptionFile::Other => map.serialize_entry(key, &())?,
                    }
                }
                map.end()
            }
        }
    }
}

impl<'de> Deserialize<'de> for RulesFile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RulesFile, D::Error> {
        struct RulesVisitor;
        impl<'de> Visitor<'de> for RulesVisitor {
            type Value = RulesFile;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("rules: a preset name or an object of options")
            }
            fn visit_unit<E: de::Error>(self) -> Result<RulesFile, E> {
                Ok(RulesFile::Absent)
            }
            fn visit_none<E: de::Error>(self) -> Result<RulesFile, E> {
                Ok(RulesFile::Absent)
            }
            fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<RulesFile, D::Error> {
                d.deserialize_any(self)
            }
            fn visit_str<E: de::Error>(self, name: &str) -> Result<RulesFile, E> {
                Ok(RulesFile::Preset(name.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RulesFile, A::Error> {
                let mut options = Vec::new();
                while let Some((key, value)) = map.next_entry::<String, OptionFile>()? {
                    options.push((key, value));
                }
                Ok(RulesFile::Options(options))
            }
        }
        d.deserialize_any(RulesVisitor)
    }
}

impl<'de> Deserialize<'de> for OptionFile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<OptionFile, D::Error> {
        struct OptionVisitor;
        impl<'de> Visitor<'de> for OptionVisitor {
            type Value = OptionFile;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an option's value")
            }
            fn visit_str<E: de::Error>(self, w: &str) -> Result<OptionFile, E> {
                Ok(OptionFile::Word(w.to_string()))
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<OptionFile, E> {
                Ok(OptionFile::Number(n))
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<OptionFile, E> {
                Ok(u64::try_from(n).map_or(OptionFile::Other, OptionFile::Number))
            }
            // The page's JS numbers arrive as floats; a whole one is a number.
            fn visit_f64<E: de::Error>(self, x: f64) -> Result<OptionFile, E> {
                Ok(if x.fract() == 0.0 && (0.0..9e15).contains(&x) {
                    OptionFile::Number(x as u64)
                } else {
                    OptionFile::Other
                })
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<OptionFile, E> {
                Ok(OptionFile::Other)
            }
            fn visit_unit<E: de::Error>(self) -> Result<OptionFile, E> {
                Ok(OptionFile::Other)
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<OptionFile, A::Error> {
                while seq.next_element::<de::IgnoredAny>()?.is_some() {}
                Ok(OptionFile::Other)
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<OptionFile, A::Error> {
                while map
                    .next_entry::<de::IgnoredAny, de::IgnoredAny>()?
                    .is_some()
                {}
                Ok(OptionFile::Other)
            }
        }
        d.deserialize_any(OptionVisitor)
    }
}

/// Parses a deck of card codes separated by spaces and checks it is the game's deck.
pub fn parse_deck(game: GameKind, text: &str) -> Result<Vec<Card>, DeckError> {
    let deck = tokens(text)
        .map(|t| {
            t.parse::<Card>().map_err(|_| DeckError::NotACard {
                token: t.to_string(),
                game,
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    super::deal::check_deck(game, &deck)?;
    Ok(deck)
}

/// What a replay reports (RULES.md section 5).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Report {
    pub deals: Vec<DealReport>,
    pub totals: Vec<u32>,
    pub over: bool,
    /// Who moves and every legal move there; `null` once the game is over.
    pub next: Option<NextMove>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DealReport {
    pub course_points: Vec<Vec<u32>>,
    /// Present once the deal is finished.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<u32>>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct NextMove {
    pub seat: u8,
    pub legal: Vec<String>,
}

impl Report {
    pub fn of(game: &Game) -> Report {
        let mut deals: Vec<DealReport> = game
            .results()
            .iter()
            .map(|r| DealReport {
                course_points: r.course_points(),
                scores: Some(r.scores.to_vec()),
            })
            .collect();
        if let Some(d) = game.deal().filter(|_| game.in_deal()) {
            deals.push(DealReport {
                course_points: d.course_points(),
                scores: None,
            });
        }
        let next = game.to_move().map(|seat| NextMove {
            seat,
            legal: game
                .legal_moves()
                .as_slice()
                .iter()
                .map(Move::to_string)
                .collect(),
        });
        Report {
            deals,
            totals: game.totals().to_vec(),
            over: game.is_over(),
            next,
        }
    }
}

/// JSON text, for the command line and native tools (the page uses the
/// browser's own JSON through serde-wasm-bindgen instead).
#[cfg(feature = "json")]
mod text {
    use super::*;

    impl GameRecord {
        /// Parses a record's JSON text, checking every field (moves are
        /// checked by [`GameRecord::replay`]). A record that is not JSON, or
        /// whose fields have the wrong types, is refused with serde_json's
        /// one-line message (with its line and column).
        pub fn parse(text: &str) -> Result<GameRecord, RecordError> {
            let file: RecordFile = serde_json::from_str(text).map_err(|e| {
                RecordError::record(if e.is_syntax() || e.is_eof() {
                    RecordProblem::NotJson(e.to_string())
                } else {
                    RecordProblem::NotARecord(e.to_string())
                })
            })?;
            GameRecord::try_from(file)
        }

        pub fn to_json(&self) -> String {
            serde_json::to_string(&RecordFile::of(self)).unwrap_or_else(|_| unreachable!())
        }
    }

    impl Report {
        pub fn to_json(&self) -> String {
            serde_json::to_string(self).unwrap_or_else(|_| unreachable!())
        }
    }

    /// Replays a record's text into its report, or the one-line error.
    pub fn replay_text(text: &str) -> Result<Report, RecordError> {
        let game = GameRecord::parse(text)?.replay()?;
        Ok(Report::of(&game))
    }
}
#[cfg(feature = "json")]
pub use text::replay_text;
