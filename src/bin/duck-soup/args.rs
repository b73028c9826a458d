//! The command line's arguments, as clap reads them (derive), and its
//! refusals in the tool's own words: a bad argument is one line naming it
//! (any text from the arguments quoted and escaped), then the usage, status 2.
//!
//! Clap reads the commands and their flags; the values are kept as given
//! (`OsString`) and checked by the commands with the ranges and messages of
//! `values.rs`, so that each refusal names the flag and the value in one line.
//! A few forms clap would take are refused as before: `--flag=value`, a bare
//! `--`, and a value-less flag given twice.

use clap::{Args, CommandFactory, Parser, Subcommand};
use duck_soup::engine::text::quoted;
use std::ffi::{OsStr, OsString};

/// The usage printed after every refusal (clap's `--help` says more).
pub const USAGE: &str = "usage:
  duck-soup replay FILE|-
  duck-soup tournament --game GAME --a LEVEL --b LEVEL [--partner LEVEL] [--deals N] [--seed N] [--threads N] [--playouts N] [--a-soup PLAY] [--b-soup PLAY] [--json]
  duck-soup bench --game GAME [--seconds S] [--normal N] [--hard N] [--expert N] [--soup N] [--playouts N] [--json]
  duck-soup review RECORD|- [--seat N] [--playouts N] [--seed N] [--json]
  duck-soup play --game GAME --seats LEVELS [--seed N] [--deals N] [--playouts N] [--soup PLAY]
  duck-soup --help, duck-soup COMMAND --help, duck-soup --version
games: two-player, three-player, partnership; levels: random, easy, normal, hard, expert
--partner (partnership only): each side is a LEVEL player with an A or B partner
--playouts 1 to 1000000: the Expert player's play-outs per decision, or per move reviewed (default: the page's budget for the game)
--deals 1 to 1000000 (default 2000; rounded up to whole decks, each played in every seating); play: 1 to 1000 (default: to the game's end)
--seed 0 to 18446744073709551615 (default 1); --threads 1 to 256 (default: one per core)
--seconds above 0, at most 3600 (default 2); --normal, --hard, --expert 0 to 10000 decisions to time (default 0); --soup 0 to 10000 two-player Soup courses to solve (default 0)
--soup (play), --a-soup, --b-soup: how an Expert plays the two-player Soup course: searched, budget (the default) or solved
--seats: a level for each seat, separated by commas, repeated around the table when shorter (expert,random)
--seat: a seat of the record's game, from 0 (default: every seat)";

/// The command names, as a refusal lists them.
const COMMANDS: &str = "replay, tournament, bench, review or play";

/// Duck Soup's command line: replay records, review deals, play and measure
/// the computer players.
#[derive(Parser, Debug)]
#[command(
    name = "duck-soup",
    version,
    propagate_version = true,
    disable_help_subcommand = true,
    subcommand_required = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Replays a record (RULES.md section 4) and prints its report as one
    /// JSON line (section 5).
    Replay {
        /// The record's file, or - for standard input.
        #[arg(value_name = "FILE", num_args = 0.., allow_hyphen_values = true, trailing_var_arg = true)]
        files: Vec<OsString>,
    },
    /// Plays duplicate deals between two computer levels and prints how A fared.
    Tournament(TournamentArgs),
    /// Times random play-outs, and optionally the computer players' decisions.
    Bench(BenchArgs),
    /// Judges every move of a record's deals from the mover's view: each legal
    /// move's expected points, the best move and the points each move lost.
    Review(ReviewArgs),
    /// Plays a game between computer levels and prints its record (JSON, as
    /// `replay` reads it).
    Play(PlayArgs),
}

/// A flag's value, as given (checked by the command). (The fields spell
/// the type out: clap's derive knows an `Option` only by its name.)
pub type Value = Option<OsString>;

#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// The game: two-player, three-player or partnership (required).
    #[arg(long, value_name = "GAME", allow_hyphen_values = true)]
    pub game: Option<OsString>,
    /// Level A: random, easy, normal, hard or expert (required).
    #[arg(long, value_name = "LEVEL", allow_hyphen_values = true)]
    pub a: Option<OsString>,
    /// Level B (required).
    #[arg(long, value_name = "LEVEL", allow_hyphen_values = true)]
    pub b: Option<OsString>,
    /// Partnership only: each side is a player of this level with an A or B partner.
    #[arg(long, value_name = "LEVEL", allow_hyphen_values = true)]
    pub partner: Option<OsString>,
    /// Deals, 1 to 1000000 (default 2000), rounded up to whole decks, each played in every seating.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub deals: Option<OsString>,
    /// The random numbers' seed, 0 to 18446744073709551615 (default 1). Deck k
    /// (from 0) is shuffled from seed + k: a run split into slices of D decks
    /// each takes seeds D apart, or the slices share their deals.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub seed: Option<OsString>,
    /// Threads, 1 to 256 (default: one per core).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub threads: Option<OsString>,
    /// The Expert player's play-outs per decision, 1 to 1000000 (default: the page's budget).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub playouts: Option<OsString>,
    /// How A's Expert player plays the two-player Soup course: searched (its search alone, as
    /// before the exact solver), budget (the solver where the budget allows it; the default)
    /// or solved (the solver always, as the page's worker does when it has time).
    #[arg(long, value_name = "PLAY", allow_hyphen_values = true)]
    pub a_soup: Option<OsString>,
    /// The same for B's Expert player.
    #[arg(long, value_name = "PLAY", allow_hyphen_values = true)]
    pub b_soup: Option<OsString>,
    /// Print one JSON line.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The game: two-player, three-player or partnership (required).
    #[arg(long, value_name = "GAME", allow_hyphen_values = true)]
    pub game: Option<OsString>,
    /// Seconds of random play-outs, above 0 and at most 3600 (default 2).
    #[arg(long, value_name = "S", allow_hyphen_values = true)]
    pub seconds: Option<OsString>,
    /// Normal decisions to time, 0 to 10000 (default 0).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub normal: Option<OsString>,
    /// Hard decisions to time, 0 to 10000 (default 0).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub hard: Option<OsString>,
    /// Expert decisions to time, 0 to 10000 (default 0).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub expert: Option<OsString>,
    /// Two-player only: Soup courses to solve exactly, 0 to 10000 (default 0),
    /// timing the first decision (13 cards each) and the later ones.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub soup: Option<OsString>,
    /// The Expert player's play-outs per decision, 1 to 1000000 (default: the page's budget).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub playouts: Option<OsString>,
    /// Deals, played at random, at each of whose positions to time whether
    /// the scores are settled (Play out the rest), 0 to 10000 (default 0):
    /// the page's search and, where it cannot tell, the worker's.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub settled: Option<OsString>,
    /// Print one JSON line.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct ReviewArgs {
    /// The record's file, or - for standard input.
    #[arg(value_name = "RECORD", allow_hyphen_values = true)]
    pub record: Option<OsString>,
    /// Review only this seat's moves (from 0; default: every seat's).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub seat: Option<OsString>,
    /// Play-outs per move reviewed, 1 to 1000000 (default: the Expert player's budget for a decision).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub playouts: Option<OsString>,
    /// The random numbers' seed, 0 to 18446744073709551615 (default 1): the same seed, the same figures.
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub seed: Option<OsString>,
    /// Judge each move on the real deal, every hand and the stock seen, rather than on deals
    /// sampled from the mover's view: what the hidden cards cost (samples nothing: no seed used).
    #[arg(long)]
    pub omniscient: bool,
    /// Print {"judge": "seat" or "omniscient", "moves": [...]} as one JSON line instead of a table.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game: two-player, three-player or partnership (required).
    #[arg(long, value_name = "GAME", allow_hyphen_values = true)]
    pub game: Option<OsString>,
    /// A level for each seat from seat 0, separated by commas, repeated around the table when shorter (required).
    #[arg(long, value_name = "LEVELS", allow_hyphen_values = true)]
    pub seats: Option<OsString>,
    /// The random numbers' seed (decks and decisions), 0 to 18446744073709551615 (default 1).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub seed: Option<OsString>,
    /// Play this many deals, 1 to 1000 (default: the game to its end).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub deals: Option<OsString>,
    /// The Expert player's play-outs per decision, 1 to 1000000 (default: the page's budget).
    #[arg(long, value_name = "N", allow_hyphen_values = true)]
    pub playouts: Option<OsString>,
    /// How the Expert players plays the two-player Soup course: searched (its search alone, as
    /// before the exact solver), budget (the solver where the budget allows it; the default)
    /// or solved (the solver always, as the page's worker does when it has time).
    #[arg(long, value_name = "PLAY", allow_hyphen_values = true)]
    pub soup: Option<OsString>,
}

/// Why the arguments were not taken.
pub enum Refusal {
    /// A bad argument: this line, then the usage; status 2.
    Bad(String),
    /// `--help` or `--version`: clap's text on standard output; status 0.
    Asked(clap::Error),
}

/// Reads the arguments (without the program's name).
pub fn parse(args: &[OsString]) -> Result<Cli, Refusal> {
    let Some((command, rest)) = args.split_first() else {
        return Err(Refusal::Bad(format!("missing command: {COMMANDS}")));
    };
    let known = Cli::command();
    let sub = command
        .to_str()
        .and_then(|name| known.find_subcommand(name).map(|_| name));
    let asked = ["--help", "-h", "--version", "-V"];
    if sub.is_none() && !asked.iter().any(|a| command == *a) {
        return Err(Refusal::Bad(format!(
            "unknown command {} ({COMMANDS})",
            quoted(&command.to_string_lossy())
        )));
    }
    if let Some(name) = sub.filter(|&n| n != "replay") {
        forms_refused(&known, name, rest)?;
    }
    let all = std::iter::once(OsString::from("duck-soup")).chain(args.iter().cloned());
    Cli::try_parse_from(all).map_err(|e| refusal(e, sub.unwrap_or(""), rest))
}

/// Flags of `command` that take a value (the others are switches).
fn value_flags(known: &clap::Command, command: &str) -> Vec<String> {
    known
        .find_subcommand(command)
        .map(|c| {
            c.get_arguments()
                .filter(|a| a.get_action().takes_values())
                .filter_map(|a| a.get_long().map(|l| format!("--{l}")))
                .collect()
        })
        .unwrap_or_default()
}

/// The forms clap takes but the tool does not: `--flag=value` and a bare
/// `--` are unknown flags (a value is always the next argument).
fn forms_refused(known: &clap::Command, command: &str, rest: &[OsString]) -> Result<(), Refusal> {
    let takes_value = value_flags(known, command);
    let mut args = rest.iter();
    while let Some(arg) = args.next() {
        let text = arg.to_string_lossy();
        if takes_value.iter().any(|f| *f == text) {
            args.next();
        } else if text == "--" || (text.starts_with("--") && text.contains('=')) {
            return Err(Refusal::Bad(unknown_flag(known, command, &text)));
        }
    }
    Ok(())
}

fn unknown_flag(known: &clap::Command, command: &str, given: &str) -> String {
    let flags: Vec<String> = known
        .find_subcommand(command)
        .map(|c| {
            c.get_arguments()
                .filter(|a| !matches!(a.get_id().as_str(), "help" | "version"))
                .filter_map(|a| a.get_long().map(|l| format!("--{l}")))
                .collect()
        })
        .unwrap_or_default();
    format!(
        "{command}: unknown flag {} (it takes {})",
        quoted(given),
        flags.join(", ")
    )
}

/// Clap's error in the tool's words.
fn refusal(e: clap::Error, command: &str, rest: &[OsString]) -> Refusal {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let context = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => s.clone(),
        Some(ContextValue::Strings(s)) => s.join(" "),
        _ => String::new(),
    };
    // Clap names an argument with its value's name ("--deals <N>"): the flag alone.
    let arg = context(ContextKind::InvalidArg);
    let flag = arg.split_whitespace().next().unwrap_or("").to_string();
    let known = Cli::command();
    let message = match e.kind() {
        ErrorKind::DisplayHelp
        | ErrorKind::DisplayVersion
        | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => return Refusal::Asked(e),
        ErrorKind::MissingSubcommand => format!("missing command: {COMMANDS}"),
        ErrorKind::ArgumentConflict => format!("{flag}: given more than once"),
        ErrorKind::InvalidValue if context(ContextKind::InvalidValue).is_empty() => {
            format!("{flag}: needs a value")
        }
        ErrorKind::UnknownArgument => {
            let given = as_given(&arg, rest);
            if given.starts_with("--") {
                unknown_flag(&known, command, &given)
            } else {
                format!(
                    "{command}: unexpected argument {} (flags start with --)",
                    quoted(&given)
                )
            }
        }
        _ => {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("bad arguments");
            first.trim_start_matches("error: ").to_string()
        }
    };
    Refusal::Bad(message)
}

/// The argument as given for the one clap names: clap splits `-json` into
/// `-j`, `-s`, ... and names the first.
fn as_given(named: &str, rest: &[OsString]) -> String {
    let short = named.len() == 2 && named.starts_with('-') && named != "--";
    rest.iter()
        .map(|a| a.to_string_lossy().into_owned())
        .find(|a| a == named || (short && a.starts_with(named) && !a.starts_with("--")))
        .unwrap_or_else(|| named.to_string())
}

/// A flag's value as text, or the refusal naming it.
pub fn text<'a>(name: &str, value: &'a Value) -> Result<Option<&'a str>, String> {
    value
        .as_deref()
        .map(|v| utf8(&format!("--{name}"), v))
        .transpose()
}

/// An argument as text, or a message saying it is not.
pub fn utf8<'a>(context: &str, arg: &'a OsStr) -> Result<&'a str, String> {
    arg.to_str().ok_or_else(|| {
        format!(
            "{context}: not valid UTF-8: {}",
            quoted(&arg.to_string_lossy())
        )
    })
}
