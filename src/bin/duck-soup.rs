//! The Duck Soup command line: replay records, run tournaments between
//! computer players, and measure the engine's speed.

use duck_soup::ai::{choose, tournament, Level, SeatView};
use duck_soup::engine::record::replay_text;
use duck_soup::engine::rng::Rng;
use duck_soup::engine::{playout, GameKind, Rules};
use std::io::Read;
use std::process::ExitCode;
use std::time::{Duration, Instant};

const USAGE: &str = "usage:
  duck-soup replay FILE|-
  duck-soup tournament --game GAME --a LEVEL --b LEVEL [--deals N] [--seed N] [--threads N] [--json]
  duck-soup bench --game GAME [--seconds S] [--hard N] [--json]
games: two-player, three-player, partnership; levels: random, easy, normal, hard";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("replay") if args.len() == 2 => return replay(&args[1]),
        Some("tournament") => Flags::parse(&args[1..]).and_then(|f| tournament_cmd(&f)),
        Some("bench") => Flags::parse(&args[1..]).and_then(|f| bench_cmd(&f)),
        _ => Err(String::new()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("{e}");
            }
            eprintln!("{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn replay(path: &str) -> ExitCode {
    let text = if path == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).map(|_| s)
    } else {
        std::fs::read_to_string(path)
    };
    let text = match text {
        Ok(t) => t,
        Err(e) => {
            eprintln!("cannot read {path}: {e}");
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

/// `--name value` pairs and bare `--json`.
struct Flags(Vec<(String, Option<String>)>);

impl Flags {
    fn parse(args: &[String]) -> Result<Flags, String> {
        let mut out = Vec::new();
        let mut it = args.iter().peekable();
        while let Some(a) = it.next() {
            let name = a
                .strip_prefix("--")
                .ok_or_else(|| format!("unexpected argument '{a}'"))?;
            let value = if name == "json" {
                None
            } else {
                Some(it.next().ok_or(format!("--{name} needs a value"))?.clone())
            };
            out.push((name.to_string(), value));
        }
        Ok(Flags(out))
    }
    fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .and_then(|(_, v)| v.as_deref())
    }
    fn has(&self, name: &str) -> bool {
        self.0.iter().any(|(n, _)| n == name)
    }
    fn number<T: std::str::FromStr>(&self, name: &str, default: T) -> Result<T, String> {
        self.get(name).map_or(Ok(default), |v| {
            v.parse()
                .map_err(|_| format!("--{name}: not a number: {v}"))
        })
    }
    fn game(&self) -> Result<GameKind, String> {
        let g = self.get("game").ok_or("--game is required")?;
        GameKind::from_name(g).ok_or_else(|| format!("--game: unknown game '{g}'"))
    }
    fn level(&self, name: &str) -> Result<Level, String> {
        let l = self.get(name).ok_or(format!("--{name} is required"))?;
        Level::from_name(l).ok_or_else(|| format!("--{name}: unknown level '{l}'"))
    }
}

fn tournament_cmd(f: &Flags) -> Result<(), String> {
    let game = f.game()?;
    let (a, b) = (f.level("a")?, f.level("b")?);
    let deals = f.number("deals", 2000usize)?;
    let seed = f.number("seed", 1u64)?;
    let threads = f.number(
        "threads",
        std::thread::available_parallelism().map_or(1, |n| n.get()),
    )?;
    let s = tournament::run(Rules::parlett(game), a, b, deals, seed, threads);
    if f.has("json") {
        println!(
            "{{\"deals\": {}, \"a_win_rate\": {:.4}, \"ci95\": [{:.4}, {:.4}], \"mean_margin\": {:.2}}}",
            s.deals, s.a_win_rate, s.ci95.0, s.ci95.1, s.mean_margin
        );
    } else {
        println!(
            "{game}: {} (A) against {} (B), {} duplicate deals",
            a.name(),
            b.name(),
            s.deals
        );
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
    }
    Ok(())
}

/// Uniformly random legal play-outs of whole deals on one thread; with
/// `--hard N`, also the time of N Hard decisions from random positions.
fn bench_cmd(f: &Flags) -> Result<(), String> {
    let game = f.game()?;
    let seconds = f.number("seconds", 2.0f64)?;
    let hard = f.number("hard", 0usize)?;
    let start_deal = playout::start_deal(game, 7);
    let mut rng = Rng::new(7);
    let (mut deals, mut moves) = (0u64, 0u64);
    let start = Instant::now();
    let limit = Duration::from_secs_f64(seconds);
    while start.elapsed() < limit {
        moves += playout::random_playouts(&start_deal, 256, &mut rng);
        deals += 256;
    }
    let rate = deals as f64 / start.elapsed().as_secs_f64();
    let mut times: Vec<f64> = playout::random_positions(game, hard, 11)
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let view = SeatView::of(d, d.to_move());
            let t = Instant::now();
            std::hint::black_box(choose(Level::Hard, &view, i as u64));
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    let pct = |p: f64| {
        times
            .get(((times.len() as f64 * p).ceil() as usize).saturating_sub(1))
            .copied()
            .unwrap_or(0.0)
    };
    if f.has("json") {
        if hard > 0 {
            println!(
                "{{\"deals_per_second\": {rate:.0}, \"hard_ms_p50\": {:.2}, \"hard_ms_p95\": {:.2}}}",
                pct(0.5),
                pct(0.95)
            );
        } else {
            println!("{{\"deals_per_second\": {rate:.0}}}");
        }
    } else {
        println!(
            "{game}: {rate:.0} random deals per second ({:.1} moves per deal)",
            moves as f64 / deals as f64
        );
        if hard > 0 {
            println!(
                "Hard decision: {:.2} ms median, {:.2} ms at the 95th percentile",
                pct(0.5),
                pct(0.95)
            );
        }
    }
    Ok(())
}
