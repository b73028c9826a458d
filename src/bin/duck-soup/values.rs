//! The flags' values, checked strictly: whole numbers in their ranges, names
//! from their lists, each refusal one line naming the flag and the value.

use crate::args::{text, Value};
use duck_soup::ai::{Level, SoupPlay};
use duck_soup::engine::text::quoted;
use duck_soup::engine::GameKind;
use std::fmt::Display;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// Bench seconds: the benchmarks take bursts of a second or two; an hour is
/// far beyond any use and keeps a typo such as `1e30` from running for ever.
pub const MAX_SECONDS: f64 = 3600.0;

/// A whole number in `range`, or `default` when the flag is absent.
pub fn whole<T>(
    name: &str,
    value: &Value,
    range: RangeInclusive<T>,
    default: T,
) -> Result<T, String>
where
    T: FromStr + PartialOrd + Display,
{
    let Some(text) = text(name, value)? else {
        return Ok(default);
    };
    text.parse()
        .ok()
        .filter(|n| range.contains(n))
        .ok_or_else(|| {
            format!(
                "--{name}: must be a whole number from {} to {}, got {}",
                range.start(),
                range.end(),
                quoted(text)
            )
        })
}

/// One of `choices` by name; the flag is required.
pub fn choice<T: Copy>(name: &str, value: &Value, choices: &[(&str, T)]) -> Result<T, String> {
    let names: Vec<&str> = choices.iter().map(|&(n, _)| n).collect();
    let names = names.join(", ");
    let given = text(name, value)?.ok_or_else(|| format!("--{name}: required, one of {names}"))?;
    choices
        .iter()
        .find(|&&(n, _)| n == given)
        .map(|&(_, choice)| choice)
        .ok_or_else(|| format!("--{name}: must be one of {names}, got {}", quoted(given)))
}

pub fn game(value: &Value) -> Result<GameKind, String> {
    choice("game", value, &GameKind::ALL.map(|g| (g.name(), g)))
}

pub fn level(name: &str, value: &Value) -> Result<Level, String> {
    choice(name, value, &Level::ALL.map(|l| (l.name(), l)))
}

/// How the Expert player plays the two-player Soup course (default: within its budget).
pub fn soup_play(name: &str, value: &Value) -> Result<SoupPlay, String> {
    if value.is_none() {
        return Ok(SoupPlay::Budget);
    }
    choice(name, value, &SoupPlay::ALL.map(|p| (p.name(), p)))
}

/// A level for each of `game`'s seats from a list separated by commas,
/// repeated around the table when shorter (`expert,random` in a game of
/// four: expert, random, expert, random); required.
pub fn seat_levels(value: &Value, game: GameKind) -> Result<Vec<Level>, String> {
    let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
    let names = names.join(", ");
    let given = text("seats", value)?.ok_or_else(|| {
        format!("--seats: required, a level for each seat ({names}) separated by commas")
    })?;
    let levels: Vec<Level> = given
        .split(',')
        .map(|name| {
            Level::from_name(name).ok_or_else(|| {
                format!(
                    "--seats: each level must be one of {names}, got {} in {}",
                    quoted(name),
                    quoted(given)
                )
            })
        })
        .collect::<Result<_, _>>()?;
    let seats = game.seats();
    if levels.len() > seats {
        return Err(format!(
            "--seats: at most {seats} levels in the {game} game, got {} in {}",
            levels.len(),
            quoted(given)
        ));
    }
    Ok((0..seats).map(|s| levels[s % levels.len()]).collect())
}

/// Seconds: finite and above 0 (a `Duration` cannot be negative, NaN or
/// unbounded), at most [`MAX_SECONDS`].
pub fn seconds(value: &Value, default: f64) -> Result<f64, String> {
    let Some(text) = text("seconds", value)? else {
        return Ok(default);
    };
    text.parse()
        .ok()
        .filter(|&s: &f64| s > 0.0 && s <= MAX_SECONDS)
        .ok_or_else(|| {
            format!(
                "--seconds: must be a number above 0 and at most {MAX_SECONDS}, got {}",
                quoted(text)
            )
        })
}
