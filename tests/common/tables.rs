//! Random games and damaged bytes for the tests of what a host sends a
//! guest (tests/guest_tables.rs, tests/page_scenes.rs).

use super::random_move;
use duck_soup::engine::rng::{random_deck, Rng};
use duck_soup::engine::{Game, GameKind, Rules};
use duck_soup::net::protocol::LastMove;

/// Plays one random legal move; returns it as the host's table names it.
pub fn play_at_random(game: &mut Game, rng: &mut Rng) -> LastMove {
    let seat = game.to_move().unwrap();
    let mv = random_move(&game.legal_moves(), rng);
    let call = game.play(mv).unwrap().call;
    LastMove { seat, mv, call }
}

/// A game of one of `sets` some random way in: mid-deal, at a deal's end,
/// between deals or over, always with a deal on the table; and its last move.
pub fn random_position(sets: &[Rules], rng: &mut Rng) -> (Game, Option<LastMove>) {
    let rules = sets[rng.below(sets.len() as u32) as usize];
    let kind = rules.game;
    let mut game = Game::new(rules, rng.below(kind.seats() as u32) as u8);
    let mut last = None;
    let stop = rng.below(3 * kind.deck_size() as u32);
    for _ in 0..=stop {
        if game.is_over() {
            break;
        }
        if !game.in_deal() {
            if rng.below(4) == 0 && game.deal().is_some() {
                break;
            }
            game.start_deal(random_deck(kind, rng), None).unwrap();
            continue;
        }
        last = Some(play_at_random(&mut game, rng));
    }
    if game.deal().is_none() {
        game.start_deal(random_deck(kind, rng), None).unwrap();
    }
    (game, last)
}

/// `bytes` damaged as they might be on their way: `changes` times a bit
/// flipped, a byte moved up or down by one, removed, inserted or replaced
/// (stopping short of fewer than 3 bytes, which any reader refuses).
pub fn damage(bytes: &mut Vec<u8>, changes: u32, rng: &mut Rng) {
    for _ in 0..changes {
        let i = rng.below(bytes.len() as u32) as usize;
        match rng.below(8) {
            0 => bytes[i] ^= 1 << rng.below(8),
            1 => bytes[i] = bytes[i].wrapping_add(1),
            2 => bytes[i] = bytes[i].wrapping_sub(1),
            3 => {
                bytes.remove(i);
            }
            4 => bytes.insert(i, rng.next_u64() as u8),
            _ => bytes[i] = rng.next_u64() as u8,
        }
        if bytes.len() < 3 {
            break;
        }
    }
}

/// Short games under every rule that changes how a trick is won, stored or
/// scored, and games played to a target.
pub fn rule_sets() -> Vec<Rules> {
    use GameKind::*;
    vec![
        super::rules(TwoPlayer, &[("deals", "2")]),
        super::rules(
            TwoPlayer,
            &[
                ("duck_winner", "higher"),
                ("single_quack_trick", "down"),
                ("conceded_second_trick", "by_suit"),
                ("scoring", "add"),
                ("deals", "2"),
            ],
        ),
        super::rules(TwoPlayer, &[("target", "60")]),
        super::rules(ThreePlayer, &[("deals", "2")]),
        super::rules(
            ThreePlayer,
            &[("scoring", "cards"), ("combine", "add"), ("deals", "2")],
        ),
        super::rules(ThreePlayer, &[("target", "30")]),
        super::rules(Partnership, &[("deals", "2")]),
        super::rules(Partnership, &[("target", "300")]),
    ]
}

/// A game of `setup` on a page's table, its first deal dealt (with no
/// fresh randomness: the set-up's seed deals it).
pub fn dealt_table(
    setup: duck_soup::page::model::Setup,
    seed: u64,
) -> duck_soup::page::table::Table {
    use duck_soup::page::table::{Env, Table, Words};
    let mut table = Table::new(setup.clone(), Game::new(setup.rules, 0), 0, Rng::new(seed));
    table.new_game(setup, 0, seed);
    let mut fresh = || -> Option<Words> { None };
    let mut env = Env {
        lang: duck_soup::page::i18n::Lang::En,
        sort_by_rank: false,
        auto_play: false,
        paced: true,
        settle_nodes: duck_soup::ai::settled::PAGE_NODES,
        fresh: &mut fresh,
    };
    table.start_deal(&mut env);
    table
}
