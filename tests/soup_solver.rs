//! The exact solver of the two-player Soup course (`ai::soup`) against
//! plain references: its value of every legal move equals a plain minimax
//! over the engine's own moves (no pruning, no table: obviously right) on
//! small positions, and the alpha-beta search of `ai::solve` searched to
//! the end on larger ones; under every rule option that changes the Soup
//! course, from every stage of a trick (lead, follow, the answers to a
//! quack), with quacks common in the positions searched.

use duck_soup::ai::search::outcome;
use duck_soup::ai::solve::{Solver, TO_THE_END};
use duck_soup::ai::soup::{applies, SoupSolver};
use duck_soup::engine::rng::{random_deck, Rng};
use duck_soup::engine::rules::{Combine, ConcededSecond, Facing};
use duck_soup::engine::{Deal, GameKind, Move, Roles, Rules, Stage};

/// Plain minimax of the mover's `outcome` to the deal's end.
fn minimax(d: &Deal, me: u8) -> f32 {
    if d.is_over() {
        return outcome(d, me);
    }
    let legal = d.legal_moves();
    let values = legal.as_slice().iter().map(|&mv| {
        let mut c = *d;
        c.apply(mv);
        minimax(&c, me)
    });
    if d.to_move() == me {
        values.fold(f32::NEG_INFINITY, f32::max)
    } else {
        values.fold(f32::INFINITY, f32::min)
    }
}

/// The rule variants that change the Soup course (the default first).
fn variants() -> Vec<Rules> {
    let mut out = vec![Rules::parlett(GameKind::TwoPlayer)];
    let mut r = Rules::parlett(GameKind::TwoPlayer);
    r.single_quack_trick = Facing::Down;
    out.push(r);
    let mut r = Rules::parlett(GameKind::TwoPlayer);
    r.conceded_second_trick = ConcededSecond::BySuit;
    out.push(r);
    let mut r = Rules::parlett(GameKind::TwoPlayer);
    r.combine = Combine::Add;
    r.single_quack_trick = Facing::Down;
    r.conceded_second_trick = ConcededSecond::BySuit;
    out.push(r);
    out
}

/// A random move, a quack (or the answer that keeps a quack sequence
/// going) most of the time when there is one, so that positions with
/// quacks in them are common.
fn quacky_move(d: &Deal, rng: &mut Rng) -> Move {
    let legal = d.legal_moves();
    let quacks: Vec<Move> = legal
        .as_slice()
        .iter()
        .copied()
        .filter(|m| m.card().is_some_and(|c| d.quack_cards().contains(c)))
        .collect();
    if !quacks.is_empty() && rng.unit() < 0.7 {
        return quacks[rng.below(quacks.len() as u32) as usize];
    }
    d.random_move(rng)
}

/// Random positions of the Soup course with at most `cards` cards in the
/// mover's hand (and at least `least`), at every stage of a trick.
fn soup_positions(rules: Rules, count: usize, least: u32, cards: u32, seed: u64) -> Vec<Deal> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let deck = random_deck(GameKind::TwoPlayer, &mut rng);
        let mut d = Deal::new(rules, 0, Roles::of_game(GameKind::TwoPlayer, 0), &deck).unwrap();
        while !d.is_over() && (d.stock_len() > 0 || d.hand(d.to_move()).len() > cards) {
            let mv = quacky_move(&d, &mut rng);
            d.apply(mv);
        }
        // Then a few moves more, to stop inside a trick as often as at its start.
        for _ in 0..rng.below(3) {
            if d.is_over() {
                break;
            }
            let mv = quacky_move(&d, &mut rng);
            d.apply(mv);
        }
        if applies(&d) && d.hand(d.to_move()).len() >= least {
            out.push(d);
        }
    }
    out
}

fn stage_name(d: &Deal) -> &'static str {
    match d.trick().stage() {
        Stage::Lead => "lead",
        Stage::Follow => "follow",
        Stage::LeaderAnswer => "leader's answer",
        Stage::FollowerAnswer => "follower's answer",
        Stage::Discard => "discard",
    }
}

#[test]
fn every_move_valued_as_plain_minimax_values_it() {
    let mut stages = std::collections::HashSet::new();
    for (v, rules) in variants().into_iter().enumerate() {
        // One solver for all: it must start its table afresh for each deal.
        let mut solver = SoupSolver::with_table_bits(12);
        for d in soup_positions(rules, 40, 1, 4, 100 + v as u64) {
            stages.insert(stage_name(&d));
            let me = d.to_move();
            let legal = d.legal_moves();
            let values = solver
                .move_values(&d, legal.as_slice(), &mut || true)
                .expect("no limit");
            for (i, &mv) in legal.as_slice().iter().enumerate() {
                let mut c = d;
                c.apply(mv);
                assert_eq!(
                    values[i],
                    minimax(&c, me),
                    "rules {v}, {} stage, value of {mv}",
                    stage_name(&d)
                );
            }
        }
    }
    assert_eq!(
        stages.len(),
        4,
        "every stage of a two-player trick: {stages:?}"
    );
}

#[test]
fn every_move_valued_as_the_full_alpha_beta_values_it() {
    for (v, rules) in variants().into_iter().enumerate() {
        let mut solver = SoupSolver::with_table_bits(16);
        for d in soup_positions(rules, 12, 5, 7, 200 + v as u64) {
            let me = d.to_move();
            let legal = d.legal_moves();
            let values = solver
                .move_values(&d, legal.as_slice(), &mut || true)
                .expect("no limit");
            let reference = Solver::new(me)
                .root_values(&d, legal.as_slice(), TO_THE_END)
                .expect("no limit");
            for (i, &mv) in legal.as_slice().iter().enumerate() {
                assert_eq!(
                    values[i],
                    reference[i],
                    "rules {v}, {} stage, value of {mv}",
                    stage_name(&d)
                );
            }
        }
    }
}

/// A table kept through a course (and small enough to be overwritten)
/// gives the same values as a fresh one at each decision.
#[test]
fn a_table_kept_through_the_course_gives_the_same_values() {
    let rules = Rules::parlett(GameKind::TwoPlayer);
    for (i, start) in soup_positions(rules, 3, 8, 9, 300).into_iter().enumerate() {
        let mut kept = SoupSolver::with_table_bits(10);
        let mut d = start;
        let mut rng = Rng::new(i as u64);
        while !d.is_over() {
            let legal = d.legal_moves();
            let fresh = SoupSolver::with_table_bits(16)
                .move_values(&d, legal.as_slice(), &mut || true)
                .unwrap();
            let again = kept
                .move_values(&d, legal.as_slice(), &mut || true)
                .unwrap();
            assert_eq!(fresh, again, "{}", stage_name(&d));
            // The best move is one of the best values, the preferred among equals.
            let top = fresh.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            let preferred = legal.as_slice()[rng.below(legal.len() as u32) as usize];
            let (best, value) = kept
                .best_move(&d, legal.as_slice(), preferred, &mut || true)
                .unwrap();
            assert_eq!(value, top);
            let at = legal.as_slice().iter().position(|&m| m == best).unwrap();
            assert_eq!(fresh[at], top, "{best} is not among the best");
            let preferred_at = legal
                .as_slice()
                .iter()
                .position(|&m| m == preferred)
                .unwrap();
            if fresh[preferred_at] == top {
                assert_eq!(best, preferred, "the preferred move among equals");
            } else {
                let first_best = fresh.iter().position(|&v| v == top).unwrap();
                assert_eq!(at, first_best, "the first best move in order");
            }
            let mv = quacky_move(&d, &mut rng);
            d.apply(mv);
        }
    }
}

#[test]
fn a_stopped_search_says_so_and_its_table_stays_right() {
    let rules = Rules::parlett(GameKind::TwoPlayer);
    let d = soup_positions(rules, 1, 9, 9, 400)[0];
    let legal = d.legal_moves();
    let mut solver = SoupSolver::with_table_bits(16);
    solver.node_limit = 2000;
    assert!(solver
        .move_values(&d, legal.as_slice(), &mut || true)
        .is_none());
    solver.node_limit = u64::MAX;
    let mut asked = 0;
    assert!(solver
        .move_values(&d, legal.as_slice(), &mut || {
            asked += 1;
            false
        })
        .is_none());
    assert!(asked > 0);
    let values = solver
        .move_values(&d, legal.as_slice(), &mut || true)
        .unwrap();
    let fresh = SoupSolver::with_table_bits(16)
        .move_values(&d, legal.as_slice(), &mut || true)
        .unwrap();
    assert_eq!(values, fresh);
}

/// The best moves of a position by a fresh solver.
fn best_moves(d: &Deal) -> Vec<Move> {
    let legal = d.legal_moves();
    let values = SoupSolver::with_table_bits(16)
        .move_values(d, legal.as_slice(), &mut || true)
        .unwrap();
    let top = values.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    legal
        .as_slice()
        .iter()
        .zip(&values)
        .filter(|&(_, &v)| v == top)
        .map(|(&mv, _)| mv)
        .collect()
}

/// Where its budget allows the solver (few cards), the Expert plays a best
/// move of the Soup course, as does the hint; the variant that waits for
/// the solver does so with any number of cards when never told to stop,
/// and falls back to the Expert's search when told at once.
#[test]
fn the_expert_and_the_hint_play_the_solvers_best_moves() {
    use duck_soup::ai::expert::choose_solving;
    use duck_soup::ai::{choose_with, hint, Level, SeatView};
    let rules = Rules::parlett(GameKind::TwoPlayer);
    // 40 play-outs allow 6,000 nodes: up to 6 cards a hand.
    for d in soup_positions(rules, 30, 2, 6, 500) {
        let view = SeatView::of(&d, d.to_move());
        let best = best_moves(&d);
        let expert = choose_with(Level::Expert, &view, None, 1, 40);
        assert!(best.contains(&expert), "Expert's {expert} not in {best:?}");
        let hinted = hint(&view, 1, 40);
        assert!(
            best.contains(&hinted),
            "the hint's {hinted} not in {best:?}"
        );
    }
    for d in soup_positions(rules, 6, 9, 10, 501) {
        let view = SeatView::of(&d, d.to_move());
        let best = best_moves(&d);
        // Told to stop first (the table does not hold the position yet).
        let mut asked = 0;
        let stopped = choose_solving(&view, None, &mut Rng::new(1), 40, &mut |_| {
            asked += 1;
            false
        });
        assert!(d.legal_moves().contains(stopped));
        assert!(asked > 0);
        let waited = choose_solving(&view, None, &mut Rng::new(1), 40, &mut |_| true);
        assert!(best.contains(&waited), "{waited} not in {best:?}");
    }
}

/// The review values every Soup move exactly where its budget allows the
/// solver: the solver's margins, marked exact.
#[test]
fn the_review_values_soup_moves_by_the_solver() {
    use duck_soup::ai::judge::judge;
    use duck_soup::ai::search::margin;
    use duck_soup::ai::{SeatHistory, SeatView};
    let rules = Rules::parlett(GameKind::TwoPlayer);
    // 20 play-outs a move's worth of the deal: 40,000 nodes, 7 cards.
    for d in soup_positions(rules, 12, 2, 7, 600) {
        let seat = d.to_move();
        let view = SeatView::of(&d, seat);
        let legal = d.legal_moves();
        let played = legal.as_slice()[0];
        let j = judge(&view, &SeatHistory::new(seat), played, 20, 1);
        assert!(j.exact, "{} cards", d.hand(seat).len());
        let margins = SoupSolver::with_table_bits(16)
            .move_margins(&d, legal.as_slice(), &mut || true)
            .unwrap();
        for (v, &m) in j.values.iter().zip(&margins) {
            assert_eq!(v.value, m as f64, "{}", v.mv);
            assert_eq!(v.spread, 0.0);
        }
        // A margin as the engine counts it, after the best play.
        let mut end = d;
        while !end.is_over() {
            let best = best_moves(&end)[0];
            end.apply(best);
        }
        let top = margins.iter().copied().max().unwrap();
        assert_eq!(margin(&end, seat) as i32, top);
    }
}

/// In the other games the solver never applies, whoever moves: the last
/// tricks (where one other seat may hold cards, as in the Soup course) are
/// played by the Expert's search, and the hint is Hard's.
#[test]
fn the_other_games_last_tricks_are_not_the_solvers() {
    use duck_soup::ai::{choose_with, hint, Level, SeatView};
    for game in [GameKind::ThreePlayer, GameKind::Partnership] {
        let mut rng = Rng::new(7);
        let mut movers = std::collections::HashSet::new();
        for _ in 0..40 {
            let deck = random_deck(game, &mut rng);
            let rules = Rules::parlett(game);
            let mut d = Deal::new(rules, 0, Roles::of_game(game, 0), &deck).unwrap();
            while !d.is_over() && (d.stock_len() > 0 || d.hand(d.to_move()).len() > 1) {
                let mv = d.random_move(&mut rng);
                d.apply(mv);
            }
            // Every move to the end, whoever makes it.
            while !d.is_over() {
                assert!(!applies(&d));
                let view = SeatView::of(&d, d.to_move());
                movers.insert(d.to_move());
                let mv = choose_with(Level::Expert, &view, None, 1, 40);
                assert!(d.legal_moves().contains(mv));
                assert!(d.legal_moves().contains(hint(&view, 1, 40)));
                d.apply(mv);
            }
        }
        assert_eq!(movers.len(), game.seats(), "{game}: {movers:?}");
    }
}

/// A first guess solved ahead (the course after the Normal player's trick,
/// at every size here, each guess's solve guessing the same way) changes
/// no value and no best move, under every rule option; stopped inside a
/// guess's solve, the search says so and its table stays right.
#[test]
fn a_guess_solved_ahead_changes_no_best_move() {
    for (v, rules) in variants().into_iter().enumerate() {
        for d in soup_positions(rules, 12, 4, 7, 500 + v as u64) {
            let legal = d.legal_moves();
            let preferred = legal.as_slice()[legal.len() / 2];
            let mut ahead = SoupSolver::with_table_bits(16);
            ahead.guess_ahead_from = 2;
            let solved = ahead.best_move(&d, legal.as_slice(), preferred, &mut || true);
            let mut played_out = SoupSolver::with_table_bits(16);
            played_out.guess_ahead_from = 14;
            let reference = played_out.best_move(&d, legal.as_slice(), preferred, &mut || true);
            assert_eq!(solved, reference, "rules {v}, {}", stage_name(&d));
            let values = SoupSolver::with_table_bits(16)
                .move_values(&d, legal.as_slice(), &mut || true)
                .unwrap();
            let top = values.iter().copied().fold(f32::NEG_INFINITY, f32::max);
            assert_eq!(solved.map(|(_, value)| value), Some(top));
        }
    }
    let rules = Rules::parlett(GameKind::TwoPlayer);
    let d = soup_positions(rules, 1, 9, 9, 600)[0];
    let legal = d.legal_moves();
    let first = legal.as_slice()[0];
    let mut solver = SoupSolver::with_table_bits(16);
    solver.guess_ahead_from = 2;
    solver.node_limit = 300;
    assert!(solver
        .best_move(&d, legal.as_slice(), first, &mut || true)
        .is_none());
    solver.node_limit = u64::MAX;
    let fresh =
        SoupSolver::with_table_bits(16).best_move(&d, legal.as_slice(), first, &mut || true);
    assert_eq!(
        solver.best_move(&d, legal.as_slice(), first, &mut || true),
        fresh
    );
}
