//! The Duck Soup command line: replay records, run tournaments between
//! computer players, and measure the engine's speed.

use duck_soup::ai::tournament::{self, Lineup};
use duck_soup::ai::{choose_with, expert, history, Level, SeatView};
use duck_soup::engine::record::replay_text;
use duck_soup::engine::rng::Rng;
use duck_soup::engine::text::quoted;
use duck_soup::engine::{playout, GameKind, Rules};
use std::ffi::{OsStr, OsString};
use std::fmt::Display;
use std::io::Read;
use std::ops::RangeInclusive;
use std::process::ExitCode;
use std::str::FromStr;
use std::time::{Duration, Instant};

const USAGE: &str = "usage:
  duck-soup replay FILE|-
  duck-soup tournament --game GAME --a LEVEL --b LEVEL [--partner LEVEL] [--deals N] [--seed N] [--threads N] [--playouts N] [--json]
  duck-soup bench --game GAME [--seconds S] [--normal N] [--hard N] [--expert N] [--playouts N] [--json]
games: two-player, three-player, partnership; levels: random, easy, normal, hard, expert
--partner (partnership only): each side is a LEVEL player with an A or B partner
--playouts 1 to 1000000: the Expert player's play-outs per decision (default: the page's budget for the game)
--deals 1 to 1000000 (default 2000; rounded up to whole decks, each played in every seating)
--seed 0 to 18446744073709551615 (default 1); --threads 1 to 256 (default: one per core)
--seconds above 0, at most 3600 (default 2); --normal, --hard, --expert 0 to 10000 decisions to time (default 0)";

/// Tournament deals. A million already narrows the 95% interval of the win
/// rate to under ±0.15 points, and Hard against Hard takes days of one core
/// for it: more is a typo, not a wish.
const DEALS: RangeInclusive<usize> = 1..=1_000_000;
/// Tournament threads. More threads than cores only adds switching; this
/// covers the largest machines and bounds how many threads one typo starts.
const THREADS: RangeInclusive<usize> = 1..=256;
/// Bench seconds: the benchmarks take bursts of a second or two; an hour is
/// far beyond any use and keeps a typo such as `1e30` from running for ever.
const MAX_SECONDS: f64 = 3600.0;
/// Hard decisions the bench times. Every position is built before the
/// timing, and each decision takes milliseconds: 10,000 is a few minutes
/// (the benchmarks use 100).
const HARD: RangeInclusive<usize> = 0..=10_000;

/// Expert play-outs per decision: a million is minutes a decision.
const PLAYOUTS: RangeInclusive<u32> = 1..=1_000_000;

const TOURNAMENT_FLAGS: &[&str] = &[
    "game", "a", "b", "partner", "deals", "seed", "threads", "playouts", "json",
];
const BENCH_FLAGS: &[&str] = &[
    "game", "seconds", "normal", "hard", "expert", "playouts", "json",
];

fn main() -> ExitCode {
    // Arguments as the system gives them: a file name need not be UTF-8.
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let result = match args.split_first() {
        None => Err("missing command: replay, tournament or bench".to_string()),
        Some((command, rest)) => match command.to_str() {
            Some("replay") => match rest {
                [path] => return replay(path),
                _ => Err(format!(
                    "replay: takes exactly one argument, FILE or - (standard input), got {} arguments",
                    rest.len()
                )),
            },
            Some("tournament") => {
                Flags::parse("tournament", TOURNAMENT_FLAGS, rest).and_then(|f| tournament_cmd(&f))
            }
            Some("bench") => Flags::parse("bench", BENCH_FLAGS, rest).and_then(|f| bench_cmd(&f)),
            _ => Err(format!(
                "unknown command {} (replay, tournament or bench)",
                quoted(&command.to_string_lossy())
            )),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn replay(path: &OsStr) -> ExitCode {
    let text = if path == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).map(|_| s)
    } else {
        std::fs::read_to_string(path)
    };
    let text = match text {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {}: {e}", quoted(&path.to_string_lossy()));
            return ExitCode::from(2);
        }
    };
    match replay_text(&text) {
        Ok(report) => {
            println!("{}", report.to_json());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}

/// An argument as text, or a message saying it is not.
fn utf8<'a>(context: &str, arg: &'a OsStr) -> Result<&'a str, String> {
    arg.to_str().ok_or_else(|| {
        format!(
            "{context}: not valid UTF-8: {}",
            quoted(&arg.to_string_lossy())
        )
    })
}

/// A command's flags as given: only the ones it accepts, each at most once,
/// `--json` alone and every other one followed by its value.
struct Flags(Vec<(&'static str, Option<String>)>);

impl Flags {
    fn parse(command: &str, accepted: &[&'static str], args: &[OsString]) -> Result<Flags, String> {
        let mut given: Vec<(&'static str, Option<String>)> = Vec::new();
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            let arg = utf8(command, arg)?;
            let Some(name) = arg.strip_prefix("--") else {
                return Err(format!(
                    "{command}: unexpected argument {} (flags start with --)",
                    quoted(arg)
                ));
            };
            let Some(&name) = accepted.iter().find(|&&known| known == name) else {
                let known: Vec<String> = accepted.iter().map(|n| format!("--{n}")).collect();
                return Err(format!(
                    "{command}: unknown flag {} (it takes {})",
                    quoted(arg),
                    known.join(", ")
                ));
            };
            if given.iter().any(|&(seen, _)| seen == name) {
                return Err(format!("--{name}: given more than once"));
            }
            let value = if name == "json" {
                None
            } else {
                let value = args.next().ok_or(format!("--{name}: needs a value"))?;
                Some(utf8(&format!("--{name}"), value)?.to_string())
            };
            given.push((name, value));
        }
        Ok(Flags(given))
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| *n == name)
            .and_then(|(_, v)| v.as_deref())
    }

    fn has(&self, name: &str) -> bool {
        self.0.iter().any(|(n, _)| *n == name)
    }

    /// A whole number in `range`, or `default` when the flag is absent.
    fn whole<T>(&self, name: &str, range: RangeInclusive<T>, default: T) -> Result<T, String>
    where
        T: FromStr + PartialOrd + Display,
    {
        let Some(text) = self.get(name) else {
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
    fn choice<T: Copy>(&self, name: &str, choices: &[(&str, T)]) -> Result<T, String> {
        let names: Vec<&str> = choices.iter().map(|&(n, _)| n).collect();
        let names = names.join(", ");
        let given = self
            .get(name)
            .ok_or_else(|| format!("--{name}: required, one of {names}"))?;
        choices
            .iter()
            .find(|&&(n, _)| n == given)
            .map(|&(_, choice)| choice)
            .ok_or_else(|| format!("--{name}: must be one of {names}, got {}", quoted(given)))
    }

    fn game(&self) -> Result<GameKind, String> {
        self.choice("game", &GameKind::ALL.map(|g| (g.name(), g)))
    }

    fn level(&self, name: &str) -> Result<Level, String> {
        self.choice(name, &Level::ALL.map(|l| (l.name(), l)))
    }

    /// Seconds: finite and above 0 (a `Duration` cannot be negative, NaN or
    /// unbounded), at most [`MAX_SECONDS`].
    fn seconds(&self, default: f64) -> Result<f64, String> {
        let Some(text) = self.get("seconds") else {
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
}

fn tournament_cmd(f: &Flags) -> Result<(), String> {
    let game = f.game()?;
    let (a, b) = (f.level("a")?, f.level("b")?);
    let partner = if f.has("partner") {
        if game != GameKind::Partnership {
            return Err(format!(
                "--partner: only in the partnership game, not {game}"
            ));
        }
        Some(f.level("partner")?)
    } else {
        None
    };
    let lineup = Lineup {
        partner,
        expert_playouts: match f.get("playouts") {
            Some(_) => Some(f.whole("playouts", PLAYOUTS, 0)?),
            None => None,
        },
        ..Lineup::new(a, b)
    };
    let deals = f.whole("deals", DEALS, 2000)?;
    let seed = f.whole("seed", 0..=u64::MAX, 1)?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = f.whole("threads", THREADS, cores.min(*THREADS.end()))?;
    let s = tournament::run(Rules::parlett(game), lineup, deals, seed, threads);
    let playouts = lineup
        .expert_playouts
        .unwrap_or_else(|| expert::page_playouts(game));
    // Every deck is played in every seating (2 or 3), so the count played is
    // rounded up to whole decks; the output says so rather than hide it.
    if f.has("json") {
        println!(
            "{{\"deals\": {}, \"deals_asked\": {deals}, \"expert_playouts\": {playouts}, \"a_win_rate\": {:.4}, \"ci95\": [{:.4}, {:.4}], \"mean_margin\": {:.2}, \"pairwise\": {:.4}, \"pairwise_ci95\": [{:.4}, {:.4}]}}",
            s.deals, s.a_win_rate, s.ci95.0, s.ci95.1, s.mean_margin, s.pairwise, s.pairwise_ci95.0, s.pairwise_ci95.1
        );
    } else {
        let rounding = if s.deals == deals {
            String::new()
        } else {
            format!(" ({deals} asked, rounded up to whole decks, each played in every seating)")
        };
        let sides = match partner {
            Some(p) => format!(
                "{p} player with {a} (A) against {p} player with {b} (B)",
                p = p.name(),
                a = a.name(),
                b = b.name()
            ),
            None => format!("{} (A) against {} (B)", a.name(), b.name()),
        };
        println!("{game}: {sides}, {} duplicate deals{rounding}", s.deals);
        if [a, b].contains(&Level::Expert) || partner == Some(Level::Expert) {
            println!("Expert: {playouts} play-outs per decision");
        }
        println!(
            "A wins {:.1}% (95% CI {:.1}% to {:.1}%)",
            s.a_win_rate * 100.0,
            s.ci95.0 * 100.0,
            s.ci95.1 * 100.0
        );
        println!(
            "mean margin {:+.1} points (95% CI {:+.1} to {:+.1})",
            s.mean_margin, s.margin_ci95.0, s.margin_ci95.1
        );
        if game == GameKind::ThreePlayer {
            println!(
                "A above each B seat {:.1}% (95% CI {:.1}% to {:.1}%; even: 50%, and 33.3% for A wins)",
                s.pairwise * 100.0,
                s.pairwise_ci95.0 * 100.0,
                s.pairwise_ci95.1 * 100.0
            );
        }
    }
    Ok(())
}

/// Uniformly random legal play-outs of whole deals on one thread; with
/// `--hard N`, also the time of N Hard decisions from random positions.
fn bench_cmd(f: &Flags) -> Result<(), String> {
    let game = f.game()?;
    let seconds = f.seconds(2.0)?;
    let timed = [
        (Level::Normal, f.whole("normal", HARD, 0)?),
        (Level::Hard, f.whole("hard", HARD, 0)?),
        (Level::Expert, f.whole("expert", HARD, 0)?),
    ];
    let playouts = f.whole("playouts", PLAYOUTS, expert::page_playouts(game))?;
    let start_deal = playout::start_deal(game, 7);
    let mut rng = Rng::new(7);
    let (mut deals, mut moves) = (0u64, 0u64);
    let start = Instant::now();
    let limit = Duration::from_secs_f64(seconds);
    // At least one batch, so that even the shortest time measures something.
    loop {
        moves += playout::random_playouts(&start_deal, 256, &mut rng);
        deals += 256;
        if start.elapsed() >= limit {
            break;
        }
    }
    let rate = deals as f64 / start.elapsed().as_secs_f64();
    let mut json = format!("{{\"deals_per_second\": {rate:.0}");
    if !f.has("json") {
        println!(
            "{game}: {rate:.0} random deals per second ({:.1} moves per deal)",
            moves as f64 / deals as f64
        );
    }
    for (level, count) in timed.into_iter().filter(|&(_, n)| n > 0) {
        let mut times: Vec<f64> = history::random_positions(game, count, 11)
            .iter()
            .enumerate()
            .map(|(i, (d, seen))| {
                let view = SeatView::of(d, d.to_move());
                let t = Instant::now();
                std::hint::black_box(choose_with(level, &view, Some(seen), i as u64, playouts));
                t.elapsed().as_secs_f64() * 1000.0
            })
            .collect();
        times.sort_by(f64::total_cmp);
        let pct = |p: f64| times[((times.len() as f64 * p).ceil() as usize).saturating_sub(1)];
        let name = level.name();
        json += &format!(
            ", \"{name}_ms_p50\": {:.3}, \"{name}_ms_p95\": {:.3}, \"{name}_ms_max\": {:.3}",
            pct(0.5),
            pct(0.95),
            pct(1.0)
        );
        if !f.has("json") {
            println!(
                "{name} decision: {:.3} ms median, {:.3} ms at the 95th percentile, {:.3} ms at most",
                pct(0.5),
                pct(0.95),
                pct(1.0)
            );
        }
    }
    if f.has("json") {
        println!("{json}}}");
    }
    Ok(())
}
