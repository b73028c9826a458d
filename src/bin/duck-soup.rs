//! The Duck Soup command line: replay records, run tournaments between
//! computer players, and measure the engine's speed.

use duck_soup::ai::tournament::{self, Lineup};
use duck_soup::ai::{choose_with, expert, Level, SeatHistory, SeatView};
use duck_soup::engine::record::replay_text;
use duck_soup::engine::rng::Rng;
use duck_soup::engine::{playout, Deal, GameKind, Rules};
use std::io::Read;
use std::process::ExitCode;
use std::time::{Duration, Instant};

const USAGE: &str = "usage:
  duck-soup replay FILE|-
  duck-soup tournament --game GAME --a LEVEL --b LEVEL [--partner LEVEL] [--deals N] [--seed N] [--threads N] [--playouts N] [--json]
  duck-soup bench --game GAME [--seconds S] [--normal N] [--hard N] [--expert N] [--playouts N] [--json]
games: two-player, three-player, partnership; levels: random, easy, normal, hard, expert
--partner (partnership only): each side is a LEVEL player with an A or B partner
--playouts: the Expert player's play-outs per decision (default 10000)";

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

    /// The Expert player's play-outs per decision.
    fn playouts(&self) -> Result<u32, String> {
        match self.number("playouts", expert::DEFAULT_PLAYOUTS)? {
            0 => Err("--playouts: must be at least 1".to_string()),
            n => Ok(n),
        }
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
        expert_playouts: f.playouts()?,
        ..Lineup::new(a, b)
    };
    let deals = f.number("deals", 2000usize)?;
    let seed = f.number("seed", 1u64)?;
    let threads = f.number(
        "threads",
        std::thread::available_parallelism().map_or(1, |n| n.get()),
    )?;
    let s = tournament::run(Rules::parlett(game), lineup, deals, seed, threads);
    if f.has("json") {
        println!(
            "{{\"deals\": {}, \"a_win_rate\": {:.4}, \"ci95\": [{:.4}, {:.4}], \"mean_margin\": {:.2}, \"pairwise\": {:.4}, \"pairwise_ci95\": [{:.4}, {:.4}]}}",
            s.deals, s.a_win_rate, s.ci95.0, s.ci95.1, s.mean_margin, s.pairwise, s.pairwise_ci95.0, s.pairwise_ci95.1
        );
    } else {
        let sides = match partner {
            Some(p) => format!(
                "{p} player with {a} (A) against {p} player with {b} (B)",
                p = p.name(),
                a = a.name(),
                b = b.name()
            ),
            None => format!("{} (A) against {} (B)", a.name(), b.name()),
        };
        println!("{game}: {sides}, {} duplicate deals", s.deals);
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
/// `--normal N`, `--hard N` or `--expert N`, also the time of N decisions
/// of that level from random positions, each knowing the moves that led there.
fn bench_cmd(f: &Flags) -> Result<(), String> {
    let game = f.game()?;
    let seconds = f.number("seconds", 2.0f64)?;
    let timed = [
        (Level::Normal, f.number("normal", 0usize)?),
        (Level::Hard, f.number("hard", 0usize)?),
        (Level::Expert, f.number("expert", 0usize)?),
    ];
    let playouts = f.playouts()?;
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
    let mut json = format!("{{\"deals_per_second\": {rate:.0}");
    if !f.has("json") {
        println!(
            "{game}: {rate:.0} random deals per second ({:.1} moves per deal)",
            moves as f64 / deals as f64
        );
    }
    for (level, count) in timed.into_iter().filter(|&(_, n)| n > 0) {
        let mut times: Vec<f64> = positions_with_history(game, count, 11)
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
                "{} decision: {:.3} ms median, {:.3} ms at the 95th percentile, {:.3} ms at most",
                name,
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

/// The positions of [`playout::random_positions`], each with the history of
/// the seat to move (the same random moves, recorded).
fn positions_with_history(game: GameKind, count: usize, seed: u64) -> Vec<(Deal, SeatHistory)> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let start = playout::start_deal(game, rng.next_u64());
        let mut d = start;
        let mut moves = Vec::new();
        for _ in 0..rng.below(40) {
            let mv = d.random_move(&mut rng);
            d.apply(mv);
            moves.push(mv);
        }
        if !d.is_over() {
            out.push((d, SeatHistory::replay(&start, &moves, d.to_move())));
        }
    }
    out
}
