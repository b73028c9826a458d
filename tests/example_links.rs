//! The example rules page's game links (`www/embed-example.html`): real
//! records, found by playing seeded two-player deals with the engine and the
//! computer players, showing each thing the page illustrates.
//!
//! - `the_example_page_links_show_what_they_say` reads the page and unpacks
//!   every `r=` in it: each iframe's `data-shows` names what its position
//!   must show, and the position is checked to show it (the move at `at` is
//!   a quack that wins face up, Duck soup answering Quack-quack, the change
//!   of course; the puzzle's move is the one the Expert player makes there,
//!   judged as the page judges it).
//! - `find_example_positions` searches seeded deals for such positions and
//!   prints their links (`cargo test --test example_links -- --nocapture`),
//!   which is how the page's links were made.
//!
//! Moves are counted across the whole game from 1, as the viewer counts
//! them (`src/page/link.rs`).

use duck_soup::ai::{self, Level, SeatHistory, SeatView};
use duck_soup::codec::record_link as packed;
use duck_soup::engine::rng::shuffled_deck;
use duck_soup::engine::{Call, Deal, Effect, Game, GameKind, GameRecord, Move, Rules};

/// The page's puzzle judge (`src/page/puzzle.rs` and
/// `controller/replay.rs`): the deal review's judgement at the page's
/// budget with the judge's seed, from the mover's view and what it saw of
/// the deal, as the review's worker runs it (`web::judge`).
const PUZZLE_SEED: u64 = duck_soup::page::puzzle::SEED;

/// Move `n`'s position (from 1), its mover, and what the mover saw of the
/// deal before it (the moves of this deal before move `n`).
fn before_move(moves: &[(Deal, Move, Effect)], n: usize) -> (&Deal, u8, SeatHistory) {
    let deal = &moves[n - 1].0;
    let seat = deal.to_move();
    let start = (0..n - 1)
        .rev()
        .find(|&i| moves[i].2.deal_over)
        .map_or(0, |i| i + 1);
    let mut seen = SeatHistory::new(seat);
    for (before, mv, _) in &moves[start..n - 1] {
        seen.record(before, *mv);
    }
    (deal, seat, seen)
}

/// The judge's verdict on answering move `n` of the game (from 1) with
/// `answer`: right (within the game's margin of the best move's value,
/// decision 11) or not.
fn judged_right(moves: &[(Deal, Move, Effect)], n: usize, answer: Move) -> bool {
    let (deal, seat, seen) = before_move(moves, n);
    let playouts = ai::expert::page_playouts(deal.game());
    let j = ai::judge::judge(
        &SeatView::of(deal, seat),
        &seen,
        answer,
        playouts,
        PUZZLE_SEED,
    );
    ai::judge::answer_is_right(&j, answer)
}

/// The Expert player's move for move `n` of the game (from 1).
fn judge(moves: &[(Deal, Move, Effect)], n: usize) -> Move {
    let (deal, seat, seen) = before_move(moves, n);
    let view = SeatView::of(deal, seat);
    let playouts = ai::expert::page_playouts(deal.game());
    let seen = (!seen.is_empty()).then_some(seen);
    ai::choose_expert_while(&view, seen.as_ref(), PUZZLE_SEED, playouts, &mut |_| true)
}

/// Every move of a record with the deal before it and what it did, in order
/// (element i is move i + 1 of the game).
fn moves_of(record: &GameRecord) -> Vec<(Deal, Move, Effect)> {
    let mut game = Game::new(record.rules, record.first_dealer);
    let mut out = Vec::new();
    for d in &record.deals {
        game.start_deal(d.deck.clone(), d.seed.clone()).unwrap();
        for &mv in &d.moves {
            let before = *game.deal().unwrap();
            let effect = game.play(mv).unwrap();
            out.push((before, mv, effect));
        }
    }
    out
}

/// A quack that wins its trick face up: the move (from 1) that finished it.
fn quack_wins_face_up(moves: &[(Deal, Move, Effect)], at: usize) -> bool {
    let (_, _, effect) = &moves[at - 1];
    let Some(t) = effect.trick else { return false };
    // A single quack in the trick, and its player took it, face up.
    let start = (0..at)
        .rev()
        .find(|&i| moves[i].0.trick().is_empty())
        .unwrap();
    let calls: Vec<(u8, Call)> = moves[start..at]
        .iter()
        .filter_map(|(d, _, e)| Some((d.to_move(), e.call?)))
        .collect();
    matches!(calls.as_slice(), [(q, Call::Quack), ..] if *q == t.winner)
        && !calls.iter().any(|(_, c)| *c == Call::QuackQuack)
        && t.stored.up > 0
}

fn duck_soup(moves: &[(Deal, Move, Effect)], at: usize) -> bool {
    let start = (0..at)
        .rev()
        .find(|&i| moves[i].0.trick().is_empty())
        .unwrap();
    let calls: Vec<Call> = moves[start..at]
        .iter()
        .filter_map(|(_, _, e)| e.call)
        .collect();
    calls.ends_with(&[Call::QuackQuack, Call::DuckSoup])
}

fn course_changes(moves: &[(Deal, Move, Effect)], at: usize) -> bool {
    moves[at - 1].2.duck_course_ended
}

/// A seeded two-player deal played by two computer players.
fn played(seed: &str, level: Level) -> GameRecord {
    let kind = GameKind::TwoPlayer;
    let mut game = Game::new(Rules::parlett(kind), 0);
    game.start_deal(shuffled_deck(kind, seed), Some(seed.to_string()))
        .unwrap();
    let mut k = 0u64;
    while game.in_deal() {
        let d = *game.deal().unwrap();
        let mv = ai::choose(level, &SeatView::of(&d, d.to_move()), k);
        game.play(mv).unwrap();
        k += 1;
    }
    GameRecord::of(&game)
}

/// The query parameters of a link (`&amp;` as the page writes it).
fn params(src: &str) -> Vec<(String, String)> {
    let query = src.split_once('?').map_or(src, |(_, q)| q);
    query
        .replace("&amp;", "&")
        .split('&')
        .filter_map(|p| p.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

#[test]
fn the_example_page_links_show_what_they_say() {
    let page = std::fs::read_to_string("www/embed-example.html").unwrap();
    let mut shown = Vec::new();
    for tag in page.split("<iframe").skip(1) {
        let tag = &tag[..tag.find('>').unwrap()];
        let attr = |name: &str| {
            let at = tag.find(&format!("{name}=\""))? + name.len() + 2;
            Some(tag[at..at + tag[at..].find('"')?].to_string())
        };
        let Some(src) = attr("data-src").or_else(|| attr("src")) else {
            continue;
        };
        let p = params(&src);
        let get = |k: &str| p.iter().find(|(key, _)| key == k).map(|(_, v)| v.clone());
        let Some(r) = get("r") else { continue };
        let record = packed::unpack(&r).unwrap_or_else(|e| panic!("{src}: {e}"));
        let moves = moves_of(&record);
        let shows = attr("data-shows").expect("each game link says what it shows");
        let number = |k: &str| get(k).map(|v| v.parse::<usize>().unwrap());
        match shows.as_str() {
            "puzzle" => {
                let n = number("puzzle").expect("a puzzle's move");
                let (_, recorded, _) = &moves[n - 1];
                assert_eq!(
                    judge(&moves, n),
                    *recorded,
                    "{src}: the Expert player makes the record's move"
                );
                assert!(
                    judged_right(&moves, n, *recorded),
                    "{src}: the page's judge counts the record's move right"
                );
            }
            what => {
                let at = number("at").expect("an illustration's move");
                let ok = match what {
                    "quack-face-up" => quack_wins_face_up(&moves, at),
                    "duck-soup" => duck_soup(&moves, at),
                    "course-change" => course_changes(&moves, at),
                    other => panic!("unknown data-shows {other:?}"),
                };
                assert!(ok, "{src}: move {at} does not show {what}");
                // A caption is shown at that move.
                assert!(
                    p.iter()
                        .any(|(k, v)| k == "c" && v.starts_with(&format!("{at}:"))),
                    "{src}: a caption at move {at}"
                );
            }
        }
        assert!(r.len() < 200, "a short link: {} characters", r.len());
        shown.push(shows);
    }
    shown.sort();
    assert_eq!(
        shown,
        ["course-change", "duck-soup", "puzzle", "quack-face-up"]
    );
}

#[test]
fn find_example_positions() {
    let mut found = [false; 4];
    for i in 0..400 {
        if found.iter().all(|&f| f) {
            break;
        }
        let seed = format!("rules-{i}");
        let record = played(&seed, Level::Normal);
        let moves = moves_of(&record);
        let link = packed::pack(&record).unwrap();
        for at in 1..=moves.len() {
            let checks = [
                ("quack-face-up", quack_wins_face_up(&moves, at)),
                ("duck-soup", duck_soup(&moves, at)),
                ("course-change", course_changes(&moves, at) && at > 20),
            ];
            for (k, (name, ok)) in checks.into_iter().enumerate() {
                if ok && !found[k] {
                    found[k] = true;
                    let (d, mv, _) = &moves[at - 1];
                    println!(
                        "{name}: seed {seed} at={at} ({:?} by seat {}) r={link}",
                        mv,
                        d.to_move()
                    );
                }
            }
            // A puzzle: a quack to be found, the Expert's move is the
            // record's, for any seed (the answer is clear).
            let (d, mv, _) = &moves[at - 1];
            if !found[3]
                && i >= 5
                && at > 6
                && !d.quack_cards().is_empty()
                && d.quack_cards().contains_move(*mv)
            {
                let sure = (0..4).all(|s| {
                    let view = SeatView::of(d, d.to_move());
                    ai::choose_with(Level::Expert, &view, None, s, 1_000) == *mv
                });
                if sure && judge(&moves, at) == *mv {
                    found[3] = true;
                    println!(
                        "puzzle: seed {seed} puzzle={at} ({mv:?} by seat {}) r={link}",
                        d.to_move()
                    );
                }
            }
        }
    }
    assert!(found.iter().all(|&f| f), "{found:?}");
}

trait ContainsMove {
    fn contains_move(&self, mv: Move) -> bool;
}

impl ContainsMove for duck_soup::engine::CardSet {
    fn contains_move(&self, mv: Move) -> bool {
        matches!(mv, Move::Play(c) if self.contains(c))
    }
}
