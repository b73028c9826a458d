//! The Duck Soup command line: replay and review records, play games and
//! run tournaments between computer players, and measure the engine's speed.
//! Arguments are read by clap (`args.rs`); their values are checked by
//! `values.rs`; `review.rs` has the review and play commands.

#[path = "duck-soup/args.rs"]
mod args;
#[path = "duck-soup/progress.rs"]
mod progress;
#[path = "duck-soup/review.rs"]
mod review;
#[path = "duck-soup/values.rs"]
mod values;

use args::{BenchArgs, Command, Refusal, TournamentArgs, USAGE};
use duck_soup::ai::tournament::{self, Lineup};
use duck_soup::ai::{choose_with, expert, history, Level, SeatView};
use duck_soup::engine::record::replay_text;
use duck_soup::engine::rng::Rng;
use duck_soup::engine::text::quoted;
use duck_soup::engine::{playout, GameKind, Rules};
use progress::Progress;
use std::ffi::{OsStr, OsString};
use std::io::Read;
use std::ops::RangeInclusive;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use values::whole;

/// Tournament deals. A million already narrows the 95% interval of the win
/// rate to under ±0.15 points, and Hard against Hard takes days of one core
/// for it: more is a typo, not a wish.
const DEALS: RangeInclusive<usize> = 1..=1_000_000;
/// Tournament threads. More threads than cores only adds switching; this
/// covers the largest machines and bounds how many threads one typo starts.
const THREADS: RangeInclusive<usize> = 1..=256;
/// Hard decisions the bench times. Every position is built before the
/// timing, and each decision takes milliseconds: 10,000 is a few minutes
/// (the benchmarks use 100).
const HARD: RangeInclusive<usize> = 0..=10_000;

/// Expert play-outs per decision: a million is minutes a decision.
pub const PLAYOUTS: RangeInclusive<u32> = 1..=1_000_000;

/// Why a command did not run.
pub enum Failure {
    /// A bad argument: the line, then the usage.
    Usage(String),
    /// Anything else (a file unreadable, a record refused): the line alone.
    Plain(String),
}

impl From<String> for Failure {
    fn from(message: String) -> Failure {
        Failure::Usage(message)
    }
}

fn main() -> ExitCode {
    // Arguments as the system gives them: a file name need not be UTF-8.
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let cli = match args::parse(&args) {
        Ok(cli) => cli,
        Err(Refusal::Asked(shown)) => {
            let _ = shown.print();
            return ExitCode::SUCCESS;
        }
        Err(Refusal::Bad(message)) => return refuse(Failure::Usage(message)),
    };
    let result = match cli.command {
        Command::Replay { files } => match files.as_slice() {
            [path] => return replay(path),
            _ => Err(Failure::Usage(format!(
                "replay: takes exactly one argument, FILE or - (standard input), got {} arguments",
                files.len()
            ))),
        },
        Command::Tournament(a) => tournament_cmd(&a).map_err(Failure::Usage),
        Command::Bench(a) => bench_cmd(&a).map_err(Failure::Usage),
        Command::Review(a) => review::review_cmd(&a),
        Command::Play(a) => review::play_cmd(&a),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => refuse(failure),
    }
}

/// Status 2, the message in one line (and the usage after a bad argument).
fn refuse(failure: Failure) -> ExitCode {
    match failure {
        Failure::Usage(message) => {
            eprintln!("{message}");
            eprintln!("{USAGE}");
        }
        Failure::Plain(message) => eprintln!("{message}"),
    }
    ExitCode::from(2)
}

/// A record's text from a file, or standard input for `-`.
pub fn read_record(path: &OsStr) -> Result<String, String> {
    let text = if path == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).map(|_| s)
    } else {
        std::fs::read_to_string(path)
    };
    text.map_err(|e| format!("cannot read {}: {e}", quoted(&path.to_string_lossy())))
}

fn replay(path: &OsStr) -> ExitCode {
    let text = match read_record(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{e}");
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

fn tournament_cmd(f: &TournamentArgs) -> Result<(), String> {
    let game = values::game(&f.game)?;
    let (a, b) = (values::level("a", &f.a)?, values::level("b", &f.b)?);
    let partner = if f.partner.is_some() {
        if game != GameKind::Partnership {
            return Err(format!(
                "--partner: only in the partnership game, not {game}"
            ));
        }
        Some(values::level("partner", &f.partner)?)
    } else {
        None
    };
    let lineup = Lineup {
        partner,
        expert_playouts: match f.playouts {
            Some(_) => Some(whole("playouts", &f.playouts, PLAYOUTS, 0)?),
            None => None,
        },
        soup: [
            values::soup_play("a-soup", &f.a_soup)?,
            values::soup_play("b-soup", &f.b_soup)?,
        ],
        ..Lineup::new(a, b)
    };
    let deals = whole("deals", &f.deals, DEALS, 2000)?;
    let seed = whole("seed", &f.seed, 0..=u64::MAX, 1)?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = whole("threads", &f.threads, THREADS, cores.min(*THREADS.end()))?;
    let played = tournament::deals_played(game, lineup, deals);
    let progress = Progress::new(Some(played as u64), "deals", f.json);
    let report = |n: usize| progress.inc(n as u64);
    let s =
        tournament::run_with_progress(Rules::parlett(game), lineup, deals, seed, threads, &report);
    progress.finish();
    let playouts = lineup
        .expert_playouts
        .unwrap_or_else(|| expert::page_playouts(game));
    // Every deck is played in every seating (2 or 3), so the count played is
    // rounded up to whole decks; the output says so rather than hide it.
    if f.json {
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
fn bench_cmd(f: &BenchArgs) -> Result<(), String> {
    let game = values::game(&f.game)?;
    let seconds = values::seconds(&f.seconds, 2.0)?;
    let timed = [
        (Level::Normal, whole("normal", &f.normal, HARD, 0)?),
        (Level::Hard, whole("hard", &f.hard, HARD, 0)?),
        (Level::Expert, whole("expert", &f.expert, HARD, 0)?),
    ];
    let soup = whole("soup", &f.soup, HARD, 0)?;
    let settled = whole("settled", &f.settled, HARD, 0)?;
    if soup > 0 && game != GameKind::TwoPlayer {
        return Err(format!("--soup: only in the two-player game, not {game}"));
    }
    let playouts = whole(
        "playouts",
        &f.playouts,
        PLAYOUTS,
        expert::page_playouts(game),
    )?;
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
    if !f.json {
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
        if !f.json {
            println!(
                "{name} decision: {:.3} ms median, {:.3} ms at the 95th percentile, {:.3} ms at most",
                pct(0.5),
                pct(0.95),
                pct(1.0)
            );
        }
    }
    if soup > 0 {
        json += &soup_bench(soup, f.json);
    }
    if settled > 0 {
        json += &settled_bench(game, settled, f.json);
    }
    if f.json {
        println!("{json}}}");
    }
    Ok(())
}

/// The median, 95th percentile and most of `figures` (sorted here):
/// printed as `what` (unless `json`) and returned as JSON fields `name_p50`...
fn percentiles(name: &str, what: &str, figures: &mut [f64], json: bool) -> String {
    figures.sort_by(f64::total_cmp);
    let pct = |p: f64| figures[((figures.len() as f64 * p).ceil() as usize).saturating_sub(1)];
    if !json {
        println!(
            "{what}: {:.3} median, {:.3} at the 95th percentile, {:.3} at most",
            pct(0.5),
            pct(0.95),
            pct(1.0)
        );
    }
    format!(
        ", \"{name}_p50\": {:.3}, \"{name}_p95\": {:.3}, \"{name}_max\": {:.3}",
        pct(0.5),
        pct(0.95),
        pct(1.0)
    )
}

/// Whether the scores are settled (`ai::settled`), asked at every position
/// of `count` deals played at random: the time of the page's search, how
/// often it could not tell, and of those how often the worker's larger
/// search could not either, and how long it took. Prints them (unless
/// `json`) and returns them as JSON fields.
fn settled_bench(game: GameKind, count: usize, json: bool) -> String {
    use duck_soup::ai::settled::{
        scores_settled, scores_settled_probing, PAGE_NODES, WORKER_NODES,
    };
    let (mut page_ms, mut worker_ms) = (vec![], vec![]);
    let (mut settled, mut page_unsure, mut worker_unsure) = (0, 0, 0);
    let mut rng = Rng::new(17);
    for k in 0..count {
        let mut d = playout::start_deal(game, 1000 + k as u64);
        while !d.is_over() {
            let t = Instant::now();
            let mut answer = scores_settled(&d, PAGE_NODES);
            page_ms.push(t.elapsed().as_secs_f64() * 1000.0);
            if answer.is_none() {
                page_unsure += 1;
                let t = Instant::now();
                answer = scores_settled_probing(&d, WORKER_NODES);
                worker_ms.push(t.elapsed().as_secs_f64() * 1000.0);
                worker_unsure += answer.is_none() as usize;
            }
            settled += (answer == Some(true)) as usize;
            let moves = d.legal_moves();
            let mv = moves.as_slice()[rng.below(moves.len() as u32) as usize];
            if d.play(mv).is_err() {
                break;
            }
        }
    }
    let positions = page_ms.len();
    if !json {
        println!(
            "settled scores: {positions} positions, {settled} settled; the page could not tell at {page_unsure}, the worker at {worker_unsure}"
        );
    }
    let mut fields = format!(
        ", \"settled_positions\": {positions}, \"settled\": {settled}, \"settled_page_unsure\": {page_unsure}, \"settled_worker_unsure\": {worker_unsure}"
    );
    fields += &percentiles(
        "settled_page_ms",
        "the page's search (ms)",
        &mut page_ms,
        json,
    );
    if !worker_ms.is_empty() {
        fields += &percentiles(
            "settled_worker_ms",
            "the worker's search (ms)",
            &mut worker_ms,
            json,
        );
    }
    fields
}

/// The exact solver of the Soup course on `count` two-player deals, their
/// Duck course played by the Normal player: the time of its first decision
/// (13 cards each, the table empty: the Expert's decision, and every move's
/// value as the review asks), of each later decision of the course (the
/// table kept, both seats playing the solver's moves), and the positions
/// its table held at the course's end. Prints them (unless `json`) and
/// returns them as JSON fields.
fn soup_bench(count: usize, json: bool) -> String {
    use duck_soup::ai::heuristic;
    use duck_soup::ai::soup::SoupSolver;
    let (mut first, mut first_all, mut later, mut stored) = (vec![], vec![], vec![], vec![]);
    // Nodes of a decision at a trick's start with an empty table, by cards in hand.
    let mut cold_nodes: Vec<Vec<f64>> = vec![vec![]; 14];
    let mut bytes = 0;
    let ms = |t: Instant| t.elapsed().as_secs_f64() * 1000.0;
    for i in 0..count {
        let mut d = playout::start_deal(GameKind::TwoPlayer, 1000 + i as u64);
        while d.stock_len() > 0 {
            d.apply(heuristic::choose(&d));
        }
        let legal = d.legal_moves();
        let normal = heuristic::choose(&d);
        let mut solver = SoupSolver::new();
        let t = Instant::now();
        std::hint::black_box(solver.move_values(&d, legal.as_slice(), &mut || true));
        first_all.push(ms(t));
        let mut solver = SoupSolver::new();
        bytes = solver.table_bytes();
        let mut decision = 0;
        while !d.is_over() {
            let legal = d.legal_moves();
            let normal = if decision == 0 {
                normal
            } else {
                heuristic::choose(&d)
            };
            let cards = d.hand(d.to_move()).len() as usize;
            if decision > 0 && d.trick().is_empty() && cards >= 4 {
                // The same decision with an empty table.
                let mut cold = SoupSolver::new();
                cold.best_move(&d, legal.as_slice(), normal, &mut || true);
                cold_nodes[cards].push(cold.nodes as f64);
            }
            let t = Instant::now();
            let before = solver.nodes;
            let (mv, _) = solver
                .best_move(&d, legal.as_slice(), normal, &mut || true)
                .expect("no limit");
            if decision == 0 {
                first.push(ms(t));
                cold_nodes[cards].push((solver.nodes - before) as f64);
            } else if legal.len() > 1 {
                later.push(ms(t));
            }
            decision += 1;
            d.apply(mv);
        }
        stored.push(solver.stored() as f64);
    }
    let mut out = String::new();
    for (name, what, figures) in [
        (
            "soup_first_ms",
            "Soup solver, first decision (13 cards each), ms".to_string(),
            &mut first,
        ),
        (
            "soup_first_all_ms",
            "Soup solver, every move's value at the first decision, ms".into(),
            &mut first_all,
        ),
        (
            "soup_later_ms",
            "Soup solver, later decisions (table kept), ms".into(),
            &mut later,
        ),
        (
            "soup_stored",
            "Soup solver, positions stored at the course's end".into(),
            &mut stored,
        ),
    ] {
        out += &percentiles(name, &what, figures, json);
    }
    for (cards, nodes) in cold_nodes.iter_mut().enumerate().rev() {
        if !nodes.is_empty() {
            let what = format!(
                "Soup solver, nodes of a decision at a trick's start with {cards} cards each, the table empty ({} decisions)",
                nodes.len()
            );
            out += &percentiles(&format!("soup_cold_nodes_{cards}"), &what, nodes, json);
        }
    }
    if !json {
        println!("Soup solver, table: {} MB", bytes >> 20);
    }
    out + &format!(", \"soup_table_bytes\": {bytes}")
}
