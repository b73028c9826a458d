//! Share links, decoded and encoded: the pure half of the page's `share`
//! module, with no browser in it, so that it is fuzzed natively
//! (`tests/fuzz_links.rs`) with whatever an address may hold.
//!
//! A link starts a game: `?g=2&o=parlett&s=hn&seed=TEXT` (the format is in
//! the page's `share` module and the README). [`parse_query`] splits and
//! %-decodes a query string; [`decode`] turns its parameters into a
//! [`LinkedGame`] or a [`GameLinkError`], whose text is one line that quotes what
//! the address held escaped and cut short ([`shown`]); [`encode`] writes a
//! link back, and decoding what it writes gives the same game.
//!
//! Also here, being pure: the figures of the daily result ([`deal_figures`]),
//! which must be the score sheet's.

use crate::ai::Level;
use crate::engine::rules::{Combine, OptionValue};
use crate::engine::seating::ScorerSeats;
use crate::engine::{Course, DealResult, GameKind, Rules, RulesError, Scorer};
use std::fmt;

/// Parameters that describe a game (removed from the address once used).
pub const GAME_PARAMS: [&str; 5] = ["g", "o", "s", "seed", "daily"];

/// The longest seed a link may carry, in characters.
pub const MAX_SEED_CHARS: usize = 100;

/// How much of a bad parameter a message repeats, in characters: enough to
/// recognise it, never a whole hostile address.
const SHOWN_CHARS: usize = 40;

/// One `key=value` pair of a query string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Param {
    /// The key, %-decoded (as written if its escapes are broken).
    pub key: String,
    /// The value, %-decoded; None when its %-escapes or its UTF-8 are broken.
    pub value: Option<String>,
    /// The value as written.
    pub raw: String,
}

impl Param {
    /// A pair as the browser's `URLSearchParams` decodes it (the page's way of
    /// reading its address). The browser never refuses a broken escape: bytes
    /// that are not UTF-8 come back as U+FFFD, so a value holding one is taken
    /// as broken, as [`parse_query`] takes it, and a link that needs it is
    /// refused naming it. (A `%` without two hex digits the browser keeps as
    /// written: a character like any other here.)
    pub fn decoded(key: &str, value: String) -> Param {
        // (Compared char by char: `str::contains` of a non-ASCII char
        // brings in core's two-way substring search, 1.5 KB of wasm.)
        let broken = value.chars().any(|c| c == char::REPLACEMENT_CHARACTER);
        Param {
            key: key.to_string(),
            raw: value.clone(),
            value: (!broken).then_some(value),
        }
    }
}

/// The pairs of a query string (`?a=1&b=2`, with or without the `?`), in
/// order; `+` stands for a space, as in a submitted form. (The page reads its
/// address with the browser's `URLSearchParams` and [`Param::decoded`]; this
/// is the same reading without a browser, for tests and the command line.)
pub fn parse_query(search: &str) -> Vec<Param> {
    let search = search.strip_prefix('?').unwrap_or(search);
    search
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (key, raw) = pair.split_once('=').unwrap_or((pair, ""));
            Param {
                key: decode_component(key).unwrap_or_else(|| key.to_string()),
                value: decode_component(raw),
                raw: raw.to_string(),
            }
        })
        .collect()
}

/// The first parameter named `key`.
pub fn find<'a>(params: &'a [Param], key: &str) -> Option<&'a Param> {
    params.iter().find(|p| p.key == key)
}

/// `%XX` escapes and `+` decoded, strictly as the browser's
/// `decodeURIComponent` does: a `%` without two hex digits, or bytes that
/// are not UTF-8, give None.
pub fn decode_component(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = bytes.get(i + 1..i + 3)?;
                let hex = std::str::from_utf8(hex).ok()?;
                // from_str_radix takes a sign; an escape never has one.
                if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
                    return None;
                }
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

/// %-encodes as the browser's `encodeURIComponent`: letters, digits and
/// `-_.!~*'()` stay, every other byte of the UTF-8 becomes `%XX`.
pub fn encode_component(text: &str) -> String {
    const HEX: &[u8; 16] = b"0123456789ABCDEF";
    let mut out = String::with_capacity(text.len());
    for &b in text.as_bytes() {
        if b.is_ascii_alphanumeric() || b"-_.!~*'()".contains(&b) {
            out.push(b as char);
        } else {
            out.push('%');
            out.push(HEX[(b >> 4) as usize] as char);
            out.push(HEX[(b & 15) as usize] as char);
        }
    }
    out
}

/// User text inside a message: escaped (line breaks, quotes, invisible
/// characters) so the message stays one line and shows what was written, and
/// cut after [`SHOWN_CHARS`] characters of the escaped text (never inside an escape).
pub fn shown(text: &str) -> String {
    let mut out = String::new();
    let mut length = 0;
    for c in text.chars() {
        let start = out.len();
        crate::engine::text::push_escaped(&mut out, c);
        let escaped = out[start..].chars().count();
        if length + escaped > SHOWN_CHARS {
            out.truncate(start);
            out.push('…');
            break;
        }
        length += escaped;
    }
    out
}

/// Who plays a seat, as a link says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    Person,
    Computer(Level),
}

impl Seat {
    /// The letter of `s`: `h` human, `e` easy (the random level too), `n`
    /// normal, `x` hard, `p` expert.
    pub fn letter(self) -> char {
        match self {
            Seat::Person => 'h',
            Seat::Computer(Level::Easy | Level::Random) => 'e',
            Seat::Computer(Level::Normal) => 'n',
            Seat::Computer(Level::Hard) => 'x',
            Seat::Computer(Level::Expert) => 'p',
        }
    }

    pub fn from_letter(c: char) -> Option<Seat> {
        Some(match c {
            'h' => Seat::Person,
            'e' => Seat::Computer(Level::Easy),
            'n' => Seat::Computer(Level::Normal),
            'x' => Seat::Computer(Level::Hard),
            'p' => Seat::Computer(Level::Expert),
            _ => return None,
        })
    }

    /// South a person, every other seat a Normal computer: the default.
    pub fn default_for(kind: GameKind) -> Vec<Seat> {
        let mut seats = vec![Seat::Computer(Level::Normal); kind.seats()];
        seats[0] = Seat::Person;
        seats
    }
}

/// The game a link asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkedGame {
    pub rules: Rules,
    /// One per seat, from South clockwise.
    pub seats: Vec<Seat>,
    /// The deal seed; None: the link gave none (the page draws one).
    pub seed: Option<String>,
}

/// Why a link could not be used. Its text is one line; what the address
/// held is quoted through [`shown`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameLinkError {
    /// `g` names no game: the value, as [`shown`].
    Game(String),
    /// `o`: the reason (the engine's, or a broken %-escape), one line.
    Rules(String),
    /// `s` is not one letter per seat: the value as [`shown`], and the number of seats.
    Seats(String, usize),
    /// `seed` is empty, too long, holds control characters or broken %-escapes.
    Seed,
}

impl fmt::Display for GameLinkError {
    /// The English text (the page says it in the player's language).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameLinkError::Game(g) => write!(f, "unknown game '{g}': use g=2, 3 or 4"),
            GameLinkError::Rules(why) => f.write_str(why),
            GameLinkError::Seats(s, n) => {
                write!(f, "players '{s}' must be {n} letters, each h, e, n, x or p")
            }
            GameLinkError::Seed => write!(f, "the seed must be 1 to {MAX_SEED_CHARS} characters"),
        }
    }
}

impl std::error::Error for GameLinkError {}

fn game_code(kind: GameKind) -> &'static str {
    match kind {
        GameKind::TwoPlayer => "2",
        GameKind::ThreePlayer => "3",
        GameKind::Partnership => "4",
    }
}

/// The daily deal's seed on a date (`YYYY-MM-DD`, UTC).
pub fn daily_seed(today: &str) -> String {
    format!("daily-{today}")
}

/// The date of a daily deal's seed (`daily-YYYY-MM-DD`), if it is one.
pub fn daily_date(seed: &str) -> Option<&str> {
    let date = seed.strip_prefix("daily-")?;
    let shape = date.len() == 10
        && date.bytes().enumerate().all(|(i, b)| match i {
            4 | 7 => b == b'-',
            _ => b.is_ascii_digit(),
        });
    shape.then_some(date)
}

/// Whether a seed is one a link may carry: 1 to [`MAX_SEED_CHARS`]
/// characters, not only spaces, no control characters.
pub fn seed_ok(seed: &str) -> bool {
    !seed.trim().is_empty()
        && seed.chars().count() <= MAX_SEED_CHARS
        && !seed.chars().any(char::is_control)
}

/// The game the parameters ask for: `Ok(None)` when they name none. `today`
/// (`YYYY-MM-DD`, UTC) dates the daily deal.
pub fn decode(params: &[Param], today: &str) -> Result<Option<LinkedGame>, GameLinkError> {
    let get = |key: &str| find(params, key);
    let daily = get("daily").is_some();
    let (g, o, s, seed) = (get("g"), get("o"), get("s"), get("seed"));
    if !daily && g.is_none() && o.is_none() && s.is_none() && seed.is_none() {
        return Ok(None);
    }
    let kind = match g {
        None => GameKind::TwoPlayer,
        Some(p) => match p.value.as_deref() {
            Some("" | "2") => GameKind::TwoPlayer,
            Some("3") => GameKind::ThreePlayer,
            Some("4") => GameKind::Partnership,
            Some(name) => {
                GameKind::from_name(name).ok_or_else(|| GameLinkError::Game(shown(name)))?
            }
            None => return Err(GameLinkError::Game(shown(&p.raw))),
        },
    };
    let mut rules = match o {
        None => Rules::parlett(kind),
        Some(p) => {
            let text = p.value.as_deref().ok_or_else(|| {
                GameLinkError::Rules(format!("rules: '{}' has a broken %-escape", shown(&p.raw)))
            })?;
            parse_rules(kind, text).map_err(GameLinkError::Rules)?
        }
    };
    if daily {
        // The daily deal is one deal, whatever the rest of the link says.
        rules
            .set("deals", OptionValue::Number(1))
            .unwrap_or_else(|_| unreachable!("every game takes 'deals'"));
    }
    let seats = match s {
        None => Seat::default_for(kind),
        Some(p) => {
            let letters = p.value.as_deref().unwrap_or(&p.raw);
            let seats: Option<Vec<Seat>> = letters.chars().map(Seat::from_letter).collect();
            match seats {
                Some(seats) if p.value.is_some() && seats.len() == kind.seats() => seats,
                _ => return Err(GameLinkError::Seats(shown(letters), kind.seats())),
            }
        }
    };
    let seed = if daily {
        Some(daily_seed(today))
    } else {
        match seed {
            None => None,
            Some(p) => match &p.value {
                Some(v) if seed_ok(v) => Some(v.clone()),
                _ => return Err(GameLinkError::Seed),
            },
        }
    };
    Ok(Some(LinkedGame { rules, seats, seed }))
}

/// The query string (without `?`) that starts this game: `decode` gives it back.
pub fn encode(game: &LinkedGame) -> String {
    let mut q = format!("g={}", game_code(game.rules.game));
    let o = rules_param(&game.rules);
    if o != "parlett" {
        q.push_str("&o=");
        q.push_str(&encode_component(&o));
    }
    q.push_str("&s=");
    q.extend(game.seats.iter().map(|s| s.letter()));
    if let Some(seed) = &game.seed {
        q.push_str("&seed=");
        q.push_str(&encode_component(seed));
    }
    q
}

/// The `o` parameter: the preset, then every option that differs from it.
pub fn rules_param(rules: &Rules) -> String {
    let name = rules.preset.name();
    let mut out = name.to_string();
    let base = Rules::preset(rules.game, name).unwrap_or(*rules);
    for spec in Rules::option_specs(rules.game) {
        let value = rules.get(spec.key);
        if value != base.get(spec.key) {
            match value {
                Some(OptionValue::Word(w)) => out.push_str(&format!(",{}:{w}", spec.key)),
                Some(OptionValue::Number(n)) => out.push_str(&format!(",{}:{n}", spec.key)),
                None => {}
            }
        }
    }
    out
}

/// Reads the `o` parameter: a preset (empty: `parlett`), then `,option:value`
/// pairs. The error is one line (the engine's reasons quote user text escaped).
pub fn parse_rules(game: GameKind, text: &str) -> Result<Rules, String> {
    let mut parts = text.split(',');
    let preset = parts.next().filter(|p| !p.is_empty()).unwrap_or("parlett");
    let mut rules = Rules::preset(game, preset).map_err(refusal)?;
    for part in parts.filter(|p| !p.is_empty()) {
        let (key, value) = part
            .split_once(':')
            .ok_or_else(|| format!("rules: '{}' is not option:value", shown(part)))?;
        let value = match value.parse::<u32>() {
            Ok(n) => OptionValue::Number(n),
            Err(_) => OptionValue::Word(value),
        };
        rules.set(key, value).map_err(refusal)?;
    }
    Ok(rules)
}

/// The engine's refusal in one line, with the address's text cut short as
/// [`shown`] cuts it (the engine quotes a name whole, however long).
fn refusal(e: RulesError) -> String {
    match e {
        RulesError::UnknownPreset { name } => format!("rules: unknown preset '{}'", shown(&name)),
        RulesError::UnknownOption { key, game } => {
            format!(
                "rules: unknown option '{}' for the {game} game",
                shown(&key)
            )
        }
        other => other.to_string(),
    }
}

/// A scorer's figures for a finished deal, as the score sheet shows them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealFigures {
    /// The two numbers the score combines, and how: the Duck and Soup
    /// courses' points (two and three players), or the two partners' points.
    pub working: (u32, u32, Combine),
    pub score: u32,
}

/// The figures of `scorer` (a seat, or a side in partnerships) in a deal:
/// its Duck and Soup points (a partnership side: its two members' points).
pub fn deal_figures(
    kind: GameKind,
    combine: Combine,
    result: &DealResult,
    scorer: Scorer,
) -> DealFigures {
    let working = match kind.seats_of(scorer) {
        ScorerSeats::Side([a, b]) => (
            result.points[Course::Duck][a],
            result.points[Course::Duck][b],
            Combine::Multiply,
        ),
        ScorerSeats::Seat(seat) => (
            result.points[Course::Duck][seat],
            result.points[Course::Soup][seat],
            combine,
        ),
    };
    DealFigures {
        working,
        score: result.scores[scorer],
    }
}

/// A game link's parameters as the address gives them (the page's
/// `params.rs` reads them; its `records::link` reads the viewer's options
/// from them).
#[derive(Clone, Debug, Default)]
pub struct LinkParams {
    pub r: String,
    pub at: Option<String>,
    pub show: Option<String>,
    pub puzzle: Option<String>,
    pub captions: Vec<String>,
    /// `review=1`: the deal on show reviewed.
    pub review: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(q: &str) -> Vec<Param> {
        parse_query(q)
    }

    #[test]
    fn a_link_decodes_to_its_game() {
        let game = decode(
            &params("?g=3&o=parlett,scoring:cards,combine:add&s=hnx&seed=share%20test"),
            "2026-01-02",
        )
        .unwrap()
        .unwrap();
        assert_eq!(game.rules.game, GameKind::ThreePlayer);
        assert_eq!(game.rules.combine, Combine::Add);
        assert_eq!(
            game.seats,
            vec![
                Seat::Person,
                Seat::Computer(Level::Normal),
                Seat::Computer(Level::Hard)
            ]
        );
        assert_eq!(game.seed.as_deref(), Some("share test"));
        assert_eq!(
            encode(&game),
            "g=3&o=parlett%2Cscoring%3Acards%2Ccombine%3Aadd&s=hnx&seed=share%20test"
        );
    }

    #[test]
    fn no_game_parameter_is_no_link() {
        assert_eq!(
            decode(&params("?pace=0&lang=ja&embed=1"), "2026-01-02"),
            Ok(None)
        );
    }

    #[test]
    fn the_daily_deal_is_one_deal_seeded_by_the_date() {
        let game = decode(&params("daily&o=family"), "2026-01-02")
            .unwrap()
            .unwrap();
        assert_eq!(game.seed.as_deref(), Some("daily-2026-01-02"));
        assert_eq!(game.rules.get("deals"), Some(OptionValue::Number(1)));
        assert_eq!(daily_date("daily-2026-01-02"), Some("2026-01-02"));
        assert_eq!(daily_date("daily-tomorrow"), None);
    }

    #[test]
    fn bad_parameters_are_named_escaped_and_cut_short() {
        let err = |q: &str| decode(&params(q), "2026-01-02").unwrap_err().to_string();
        assert_eq!(err("g=9"), "unknown game '9': use g=2, 3 or 4");
        assert_eq!(err("g=%0Aevil"), "unknown game '\\nevil': use g=2, 3 or 4");
        assert_eq!(
            err("g=%E0%A4%A"),
            "unknown game '%E0%A4%A': use g=2, 3 or 4"
        );
        assert_eq!(
            err("s=hq"),
            "players 'hq' must be 2 letters, each h, e, n, x or p"
        );
        assert_eq!(err("o=parlett,bogus"), "rules: 'bogus' is not option:value");
        // A long preset or option name is cut short like any other text.
        let long = "%E2%80%AE".repeat(60);
        for q in [format!("o={long}"), format!("o=parlett,{long}:1")] {
            let line = err(&q);
            assert!(line.ends_with("…'") || line.contains("…' for"), "{line}");
            assert!(line.chars().count() <= 200, "{line}");
        }
        assert_eq!(err("seed=%E0%A4%A"), "the seed must be 1 to 100 characters");
        assert_eq!(err("seed=%20%20"), "the seed must be 1 to 100 characters");
        let long = err(&format!("g={}", "x".repeat(5000)));
        assert!(long.len() < 100, "{long}");
    }

    #[test]
    fn the_browsers_pairs_decode_as_the_query_does() {
        let browser = |pairs: &[(&str, &str)]| -> Vec<Param> {
            pairs
                .iter()
                .map(|(k, v)| Param::decoded(k, v.to_string()))
                .collect()
        };
        let q = "g=3&o=parlett,scoring:cards&s=hnx&seed=share%20test";
        let from_browser = browser(&[
            ("g", "3"),
            ("o", "parlett,scoring:cards"),
            ("s", "hnx"),
            ("seed", "share test"),
        ]);
        assert_eq!(
            decode(&from_browser, "2026-01-02"),
            decode(&params(q), "2026-01-02")
        );
        // URLSearchParams reads "seed=%E0%A4%A" as U+FFFD then "%A": refused as broken.
        let err = decode(&browser(&[("seed", "\u{FFFD}%A")]), "2026-01-02");
        assert_eq!(err, Err(GameLinkError::Seed));
        let err = decode(&browser(&[("g", "\u{FFFD}")]), "2026-01-02").unwrap_err();
        assert_eq!(err.to_string(), "unknown game '\u{FFFD}': use g=2, 3 or 4");
    }

    #[test]
    fn components_decode_strictly_and_encode_as_the_browser_does() {
        assert_eq!(decode_component("a+b%20c%2B"), Some("a b c+".into()));
        assert_eq!(decode_component("%"), None);
        assert_eq!(decode_component("%+1"), None);
        assert_eq!(decode_component("%FF"), None);
        assert_eq!(decode_component("%E3%82%A2"), Some("ア".into()));
        assert_eq!(encode_component("~a b,c:ア!"), "~a%20b%2Cc%3A%E3%82%A2!");
    }
}
