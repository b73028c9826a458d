//! `review`: every move of a record's deals judged from the mover's view,
//! or on the real deal seen whole (`duck_soup::ai::judge`), as JSON or a table; `play`: a game between
//! computer levels, printed as its record.

use crate::args::{utf8, PlayArgs, ReviewArgs};
use crate::progress::Progress;
use crate::values::{self, whole};
use crate::{read_record, Failure, PLAYOUTS};
use duck_soup::ai::judge::{self, DealReview, Judgement, Mark, Reviewed, Sight};
use duck_soup::ai::{expert, tournament};
use duck_soup::engine::record::GameRecord;
use duck_soup::engine::text::quoted;
use duck_soup::engine::{Course, Deal, Game, GameKind, Move, Roles, Rules};
use serde::Serialize;

/// One move reviewed, as `review --json` prints it.
#[derive(Serialize)]
struct MoveOut {
    /// The deal, from 1 (as the replay's errors count).
    deal: usize,
    /// The move's place among the deal's moves, from 1.
    move_number: usize,
    /// The course the move was made in, "duck" or "soup" (the games with
    /// courses only), so that a review's losses can be split by course.
    #[serde(skip_serializing_if = "Option::is_none")]
    course: Option<&'static str>,
    seat: u8,
    /// The move played, as the record writes it.
    #[serde(rename = "move")]
    played: String,
    best: String,
    /// Every legal move's expected points (the seat's margin over the best
    /// other score of the deal) and their standard error.
    values: Vec<ValueOut>,
    /// The values are the exact solver's.
    exact: bool,
    /// The complete deals the values were judged on.
    deals: u32,
    /// Points the move lost against the best (0 when it is the best).
    loss: f64,
    mark: &'static str,
}

#[derive(Serialize)]
struct ValueOut {
    #[serde(rename = "move")]
    mv: String,
    value: f64,
    spread: f64,
    /// The same for every value of a move (as the move's `exact`), so that
    /// a reader of one value knows whether it is an estimate.
    exact: bool,
}

#[derive(Serialize)]
struct ReviewOut {
    /// What the judge saw: "seat" (the mover's view) or "omniscient" (every card).
    judge: &'static str,
    moves: Vec<MoveOut>,
}

impl MoveOut {
    fn of(deal: usize, reviewed: &Reviewed, course: Option<Course>) -> MoveOut {
        let j = &reviewed.judgement;
        MoveOut {
            deal: deal + 1,
            move_number: reviewed.index + 1,
            course: course.map(|c| match c {
                Course::Duck => "duck",
                Course::Soup => "soup",
            }),
            seat: j.seat,
            played: j.played.to_string(),
            best: j.best.to_string(),
            values: j
                .values
                .iter()
                .map(|v| ValueOut {
                    mv: v.mv.to_string(),
                    value: v.value,
                    spread: v.spread,
                    exact: j.exact,
                })
                .collect(),
            exact: j.exact,
            deals: j.deals,
            loss: j.loss,
            mark: j.mark().name(),
        }
    }
}

/// The review's settings from the flags (before the record is read).
struct Settings {
    seat: Option<(u8, String)>,
    sight: Sight,
    playouts: u32,
    seed: u64,
}

fn settings(a: &ReviewArgs) -> Result<Settings, String> {
    let seat = match &a.seat {
        Some(given) => Some((
            whole("seat", &a.seat, 0..=3u8, 0)?,
            utf8("--seat", given)?.to_string(),
        )),
        None => None,
    };
    Ok(Settings {
        seat,
        sight: if a.omniscient {
            Sight::Omniscient
        } else {
            Sight::Seat
        },
        playouts: whole("playouts", &a.playouts, PLAYOUTS, judge::DEFAULT_PLAYOUTS)?,
        seed: whole("seed", &a.seed, 0..=u64::MAX, 1)?,
    })
}

pub fn review_cmd(a: &ReviewArgs) -> Result<(), Failure> {
    let path = a
        .record
        .as_deref()
        .ok_or_else(|| "review: takes a RECORD, a file or - (standard input)".to_string())?;
    let settings = settings(a)?;
    let text = read_record(path).map_err(Failure::Plain)?;
    let record = GameRecord::parse(&text).map_err(|e| Failure::Plain(e.to_string()))?;
    let game = record.replay().map_err(|e| Failure::Plain(e.to_string()))?;
    let kind = game.kind();
    let seats: Vec<u8> = match &settings.seat {
        Some((seat, given)) if *seat as usize >= kind.seats() => {
            return Err(Failure::Usage(format!(
                "--seat: must be a whole number from 0 to {} in the {kind} game, got {}",
                kind.seats() - 1,
                quoted(given)
            )))
        }
        Some((seat, _)) => vec![*seat],
        None => Vec::new(),
    };
    let mut reviews = Vec::new();
    // Each move's course, by deal (the games with courses only).
    let mut courses = Vec::new();
    for (k, log) in record.deals.iter().enumerate() {
        let start = start_of(&game, k, &log.deck);
        courses.push(courses_of(&start, &log.moves));
        let review = DealReview::new(
            &start,
            &log.moves,
            &seats,
            settings.sight,
            settings.playouts,
            settings.seed,
        )
        .map_err(|(m, e)| Failure::Plain(format!("deal {}, move {}: {e}", k + 1, m + 1)))?;
        reviews.push(review);
    }
    let total: usize = reviews.iter().map(DealReview::total).sum();
    let progress = Progress::new(Some(total as u64), "moves reviewed", a.json);
    let mut out = Vec::new();
    for (k, review) in reviews.into_iter().enumerate() {
        for reviewed in review {
            progress.inc(1);
            out.push((k, reviewed));
        }
    }
    progress.finish();
    if a.json {
        let course = |k: usize, r: &Reviewed| courses[k].get(r.index).copied().flatten();
        let moves = out
            .iter()
            .map(|(k, r)| MoveOut::of(*k, r, course(*k, r)))
            .collect();
        let judge = settings.sight.name();
        let json = serde_json::to_string(&ReviewOut { judge, moves }).expect("numbers and text");
        emit(&format!("{json}\n"));
    } else {
        emit(&table(kind, settings.sight, &out));
    }
    Ok(())
}

/// Deal number `k` (from 0) of a replayed game as dealt, before any move.
fn start_of(game: &Game, k: usize, deck: &[duck_soup::engine::Card]) -> Deal {
    let roles = Roles::of_game(game.kind(), game.first_dealer());
    Deal::new(*game.rules(), game.dealer_of(k), roles, deck).expect("a replayed deal's deck")
}

/// The course each of `moves` is made in from `start` (None in a game
/// without courses). (The moves were checked legal by the replay.)
fn courses_of(start: &Deal, moves: &[Move]) -> Vec<Option<Course>> {
    let has_courses = start.game().has_courses();
    let mut deal = *start;
    moves
        .iter()
        .map(|&mv| {
            let course = has_courses.then(|| deal.course());
            deal.apply(mv);
            course
        })
        .collect()
}

/// Writes `text` to standard output; a reader that has gone (`| head`)
/// ends the output quietly rather than with a panic.
fn emit(text: &str) {
    use std::io::Write;
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
}

/// The review as a table, each move's values best first, then the judge's
/// sight and each seat's summary.
fn table(game: GameKind, sight: Sight, moves: &[(usize, Reviewed)]) -> String {
    use std::fmt::Write;
    let mut out = String::new();
    let _ = writeln!(
        out,"deal  move  seat  played  best    loss  mark        values (expected points ± spread; exact: no spread)");
    for (k, r) in moves {
        let j = &r.judgement;
        let _ = writeln!(
            out,
            "{:>4}  {:>4}  {:>4}  {:<6}  {:<6}  {:>5.1}  {:<10}  {}",
            k + 1,
            r.index + 1,
            j.seat,
            j.played.to_string(),
            j.best.to_string(),
            j.loss,
            j.mark().name(),
            values_text(j)
        );
    }
    let (inaccuracy, mistake) = judge::thresholds(game);
    let seen = match sight {
        Sight::Seat => "the mover's view",
        Sight::Omniscient => "every card (omniscient)",
    };
    let _ = writeln!(out, "judged seeing {seen}");
    let _ = writeln!(out, "marks: good below {inaccuracy} points lost, inaccuracy below {mistake}, mistake from {mistake}");
    for seat in 0..game.seats() as u8 {
        let mine: Vec<&Judgement> = moves
            .iter()
            .map(|(_, r)| &r.judgement)
            .filter(|j| j.seat == seat)
            .collect();
        if mine.is_empty() {
            continue;
        }
        let lost: f64 = mine.iter().map(|j| j.loss).sum();
        let count = |mark| mine.iter().filter(|j| j.mark() == mark).count();
        let _ = writeln!(
            out,
            "seat {seat}: {} moves, about {lost:.0} points lost ({:.2} a move), {} inaccuracies, {} mistakes",
            mine.len(),
            lost / mine.len() as f64,
            count(Mark::Inaccuracy),
            count(Mark::Mistake)
        );
    }
    out
}

fn values_text(j: &Judgement) -> String {
    let mut values = j.values.clone();
    values.sort_by(|a, b| b.value.total_cmp(&a.value));
    let shown: Vec<String> = values
        .iter()
        .map(|v| {
            if j.exact {
                format!("{} {:.1}", v.mv, v.value)
            } else {
                format!("{} {:.1}±{:.1}", v.mv, v.value, v.spread)
            }
        })
        .collect();
    let exact = if j.exact { " (exact)" } else { "" };
    format!("{}{exact}", shown.join(", "))
}

/// Deals `play` may be asked for: each takes a second or so with Expert
/// seats at the page's budget; a thousand is a long evening.
const PLAY_DEALS: std::ops::RangeInclusive<u32> = 1..=1000;

pub fn play_cmd(a: &PlayArgs) -> Result<(), Failure> {
    let game = values::game(&a.game)?;
    let levels = values::seat_levels(&a.seats, game)?;
    let seed = whole("seed", &a.seed, 0..=u64::MAX, 1)?;
    let mut rules = Rules::parlett(game);
    if a.deals.is_some() {
        rules.deals = Some(whole("deals", &a.deals, PLAY_DEALS, 1)?);
    }
    let playouts = whole(
        "playouts",
        &a.playouts,
        PLAYOUTS,
        expert::page_playouts(game),
    )?;
    let soup = values::soup_play("soup", &a.soup)?;
    let progress = Progress::new(rules.deals.map(u64::from), "deals played", false);
    let mut finished = 0;
    let played = tournament::play_game_with(rules, &levels, seed, playouts, soup, &mut |g| {
        if g.results().len() > finished {
            finished = g.results().len();
            progress.inc(1);
        }
    });
    progress.finish();
    emit(&format!("{}\n", GameRecord::of(&played).to_json()));
    Ok(())
}
