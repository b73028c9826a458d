//! Game records (one JSON object replays a whole game) and the replay report.

use super::cards::Card;
use super::deal::Move;
use super::error::DeckError;
use super::game::{DealLog, Game};
use super::json::Value;
use super::rng::shuffled_deck;
use super::rules::{GameKind, OptionValue, Rules};

/// A record: the game, its rules, the first dealer and each deal's deck and moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub rules: Rules,
    pub first_dealer: u8,
    pub deals: Vec<DealLog>,
}

/// Why a record was refused: where, and the reason, as one line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// Deal number from 1, if the problem is inside a deal.
    pub deal: Option<usize>,
    /// Move number from 1 within the deal, if the problem is a move.
    pub position: Option<usize>,
    pub reason: String,
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.deal, self.position) {
            (Some(d), Some(m)) => write!(f, "deal {d}, move {m}: {}", self.reason),
            (Some(d), None) => write!(f, "deal {d}: {}", self.reason),
            _ => f.write_str(&self.reason),
        }
    }
}

impl std::error::Error for RecordError {}

fn bad(reason: impl Into<String>) -> RecordError {
    RecordError {
        deal: None,
        position: None,
        reason: reason.into(),
    }
}

fn in_deal(d: usize, reason: impl Into<String>) -> RecordError {
    RecordError {
        deal: Some(d + 1),
        position: None,
        reason: reason.into(),
    }
}

impl GameRecord {
    /// Parses a record's JSON text, checking every field (moves are checked by [`GameRecord::replay`]).
    pub fn parse(text: &str) -> Result<GameRecord, RecordError> {
        let value = Value::parse(text).map_err(|e| bad(format!("not valid JSON: {e}")))?;
        GameRecord::from_value(&value)
    }

    pub fn from_value(value: &Value) -> Result<GameRecord, RecordError> {
        if !value.is_object() {
            return Err(bad("a record must be a JSON object"));
        }
        let obj = value;
        let game = match obj.get("game") {
            Some(Value::String(s)) => GameKind::from_name(s).ok_or_else(|| {
                bad(format!(
                    "game: unknown game '{s}' (two-player, three-player or partnership)"
                ))
            })?,
            Some(_) => return Err(bad("game: must be a string")),
            None => return Err(bad("game: missing")),
        };
        let rules = parse_rules(game, obj.get("rules")).map_err(bad)?;
        let seats = game.seats() as u64;
        let first_dealer = match obj.get("first_dealer") {
            None => 0,
            Some(v) => match v.as_u64() {
                Some(n) if n < seats => n as u8,
                _ => {
                    return Err(bad(format!(
                        "first_dealer: must be a seat number from 0 to {}",
                        seats - 1
                    )))
                }
            },
        };
        let deals = match obj.get("deals") {
            Some(Value::Array(a)) => a,
            Some(_) => return Err(bad("deals: must be a list")),
            None => return Err(bad("deals: missing")),
        };
        let deals = deals
            .iter()
            .enumerate()
            .map(|(i, d)| parse_deal(game, i, d))
            .collect::<Result<_, _>>()?;
        Ok(GameRecord {
            rules,
            first_dealer,
            deals,
        })
    }

    /// Replays every deal; the last may stop part-way.
    pub fn replay(&self) -> Result<Game, RecordError> {
        let mut game = Game::new(self.rules, self.first_dealer);
        let count = self.deals.len();
        for (i, deal) in self.deals.iter().enumerate() {
            game.start_deal(deal.deck.clone(), deal.seed.clone())
                .map_err(|e| in_deal(i, e.to_string()))?;
            for (m, &mv) in deal.moves.iter().enumerate() {
                if !game.in_deal() {
                    return Err(RecordError {
                        deal: Some(i + 1),
                        position: Some(m + 1),
                        reason: format!("'{mv}': the deal is already over"),
                    });
                }
                game.play(mv).map_err(|reason| RecordError {
                    deal: Some(i + 1),
                    position: Some(m + 1),
                    reason: reason.to_string(),
                })?;
            }
            if i + 1 < count && game.in_deal() {
                return Err(in_deal(
                    i,
                    "the deal is not played to its end, but another deal follows",
                ));
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

    pub fn to_value(&self) -> Value {
        let deals = self
            .deals
            .iter()
            .map(|d| {
                let cards = match &d.seed {
                    Some(seed) => ("seed", Value::from(seed.as_str())),
                    None => ("deck", Value::from(join(&d.deck))),
                };
                Value::object(vec![cards, ("moves", join(&d.moves).into())])
            })
            .collect();
        Value::object(vec![
            ("game", self.rules.game.name().into()),
            ("rules", rules_value(&self.rules)),
            ("first_dealer", u32::from(self.first_dealer).into()),
            ("deals", Value::Array(deals)),
        ])
    }

    pub fn to_json(&self) -> String {
        self.to_value().to_string()
    }
}

fn join<T: ToString>(items: &[T]) -> String {
    items.iter().map(T::to_string).collect::<Vec<_>>().join(" ")
}

/// The rules as a record writes them: the preset name alone when nothing differs.
pub fn rules_value(rules: &Rules) -> Value {
    // Not `expect`: it would format the error with `Debug`, ~2 KB more in the page.
    let base = Rules::preset(rules.game, rules.preset.name())
        .unwrap_or_else(|_| unreachable!("a rules value has a valid preset"));
    if base == *rules {
        return rules.preset.name().into();
    }
    let mut members = vec![("preset", Value::from(rules.preset.name()))];
    for spec in Rules::option_specs(rules.game) {
        if rules.get(spec.key) != base.get(spec.key) {
            members.push((
                spec.key,
                match rules.get(spec.key) {
                    Some(OptionValue::Word(w)) => w.into(),
                    Some(OptionValue::Number(n)) => n.into(),
                    None => continue,
                },
            ));
        }
    }
    Value::object(members)
}

/// Parses `rules`: absent means `parlett`; a preset name; or an object of options.
pub fn parse_rules(game: GameKind, value: Option<&Value>) -> Result<Rules, String> {
    let (obj, members) = match value {
        None | Some(Value::Null) => return Ok(Rules::parlett(game)),
        Some(Value::String(name)) => return Rules::preset(game, name).map_err(|e| e.to_string()),
        Some(v @ Value::Object(members)) => (v, members),
        Some(_) => return Err("rules: must be a preset name or an object of options".into()),
    };
    let mut rules = match obj.get("preset") {
        None => Rules::parlett(game),
        Some(Value::String(name)) => Rules::preset(game, name).map_err(|e| e.to_string())?,
        Some(_) => return Err("rules: 'preset' must be a preset name".into()),
    };
    for (key, v) in members.iter().filter(|(k, _)| k.as_str() != "preset") {
        let value = match v {
            Value::String(s) => OptionValue::Word(s),
            Value::Number(_) => match v.as_u64().and_then(|n| u32::try_from(n).ok()) {
                Some(n) => OptionValue::Number(n),
                None => OptionValue::Word(""),
            },
            _ => OptionValue::Word(""),
        };
        rules.set(key, value).map_err(|e| e.to_string())?;
    }
    Ok(rules)
}

fn parse_deal(game: GameKind, i: usize, value: &Value) -> Result<DealLog, RecordError> {
    if !value.is_object() {
        return Err(in_deal(i, "a deal must be an object with a deck and moves"));
    }
    let obj = value;
    let (deck, seed) = match (obj.get("deck"), obj.get("seed")) {
        (Some(Value::String(deck)), None) => {
            (parse_deck(game, deck).map_err(|e| in_deal(i, e))?, None)
        }
        (None, Some(Value::String(seed))) => (shuffled_deck(game, seed), Some(seed.clone())),
        (Some(_), Some(_)) => return Err(in_deal(i, "give either a deck or a seed, not both")),
        (None, None) => return Err(in_deal(i, "deck: missing")),
        _ => return Err(in_deal(i, "deck and seed must be strings")),
    };
    let moves = match obj.get("moves") {
        None => Vec::new(),
        Some(Value::String(s)) => s
            .split_whitespace()
            .enumerate()
            .map(|(m, tok)| {
                tok.parse::<Move>().map_err(|reason| RecordError {
                    deal: Some(i + 1),
                    position: Some(m + 1),
                    reason: reason.to_string(),
                })
            })
            .collect::<Result<_, _>>()?,
        Some(_) => {
            return Err(in_deal(
                i,
                "moves: must be a string of moves separated by spaces",
            ))
        }
    };
    Ok(DealLog { deck, seed, moves })
}

/// Parses a deck of card codes separated by spaces and checks it is the game's deck.
pub fn parse_deck(game: GameKind, text: &str) -> Result<Vec<Card>, String> {
    let deck = text
        .split_whitespace()
        .map(|t| {
            t.parse::<Card>().map_err(|_| {
                DeckError::NotACard {
                    token: t.to_string(),
                    game,
                }
                .to_string()
            })
        })
        .collect::<Result<Vec<_>, _>>()?;
    super::deal::check_deck(game, &deck).map_err(|e| e.to_string())?;
    Ok(deck)
}

/// What a replay reports (RULES.md section 5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub deals: Vec<DealReport>,
    pub totals: Vec<u32>,
    pub over: bool,
    pub next: Option<NextMove>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealReport {
    pub course_points: Vec<Vec<u32>>,
    /// Present once the deal is finished.
    pub scores: Option<Vec<u32>>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
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

    pub fn to_value(&self) -> Value {
        let deals = self
            .deals
            .iter()
            .map(|d| {
                let mut members = vec![("course_points", Value::from(d.course_points.clone()))];
                if let Some(scores) = &d.scores {
                    members.push(("scores", scores.clone().into()));
                }
                Value::object(members)
            })
            .collect();
        let next = match &self.next {
            Some(n) => Value::object(vec![
                ("seat", u32::from(n.seat).into()),
                ("legal", n.legal.clone().into()),
            ]),
            None => Value::Null,
        };
        Value::object(vec![
            ("deals", Value::Array(deals)),
            ("totals", self.totals.clone().into()),
            ("over", self.over.into()),
            ("next", next),
        ])
    }

    pub fn to_json(&self) -> String {
        self.to_value().to_string()
    }
}

/// Replays a record's text into its report, or the one-line error.
pub fn replay_text(text: &str) -> Result<Report, RecordError> {
    let game = GameRecord::parse(text)?.replay()?;
    Ok(Report::of(&game))
}
