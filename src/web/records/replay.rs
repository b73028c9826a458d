//! The replay viewer's record: every position of a game record (each
//! deal's start and each move after it), reached at the same cost at any
//! record length, and the viewer's controls. The controller holds one while
//! the viewer is showing (`Controller::replay`) and puts its positions on
//! the table.

use crate::engine::{Game, GameRecord, TrickOutcome};
use crate::web::dom::{append, button, by_id, clear, doc, el, text_el};
use crate::web::i18n::{Lang, K};
use crate::web::model::Step;

/// The viewer keeps a copy of the game every this many deals. A step replays
/// at most this many deals from the nearest copy; the copies of a 1,000-deal
/// record take about 3.5 MB.
pub const CHECKPOINT_DEALS: usize = 64;

pub struct Replay {
    pub record: GameRecord,
    /// The position of each deal's start (position 0 is the first deal's);
    /// the positions between are its moves, one by one.
    deal_starts: Vec<usize>,
    /// How many positions there are.
    pub total: usize,
    pub pos: usize,
    pub reveal: bool,
    /// The game before deal `i * CHECKPOINT_DEALS` was dealt, and how many
    /// moves were made before it.
    checkpoints: Vec<(Game, usize)>,
}

impl Replay {
    pub fn new(record: GameRecord) -> Replay {
        let mut deal_starts = Vec::with_capacity(record.deals.len());
        let mut total = 0;
        for d in &record.deals {
            deal_starts.push(total);
            total += d.moves.len() + 1;
        }
        let mut checkpoints = Vec::new();
        let mut game = Game::new(record.rules, record.first_dealer);
        let mut moves = 0;
        // Already replayed once by the engine's check: nothing here fails.
        for (i, d) in record.deals.iter().enumerate() {
            if i % CHECKPOINT_DEALS == 0 {
                checkpoints.push((game.clone(), moves));
            }
            let _ = game.start_deal(d.deck.clone(), d.seed.clone());
            for &mv in &d.moves {
                let _ = game.play(mv);
            }
            moves += d.moves.len();
        }
        Replay {
            record,
            deal_starts,
            total,
            pos: 0,
            reveal: false,
            checkpoints,
        }
    }

    /// The deal (from 0) and the moves played in it at position `pos`.
    pub fn place(&self, pos: usize) -> (usize, usize) {
        let deal = self.deal_starts.partition_point(|&s| s <= pos) - 1;
        (deal, pos - self.deal_starts[deal])
    }

    /// The table at position `pos`.
    pub fn at(&self, pos: usize) -> Option<Position> {
        let (deal, upto) = self.place(pos);
        let first = deal / CHECKPOINT_DEALS * CHECKPOINT_DEALS;
        let (mut game, mut moves) = self.checkpoints.get(deal / CHECKPOINT_DEALS)?.clone();
        let mut held = None;
        for (d, log) in self.record.deals[first..=deal].iter().enumerate() {
            game.start_deal(log.deck.clone(), log.seed.clone()).ok()?;
            held = None;
            let count = if first + d == deal {
                upto
            } else {
                log.moves.len()
            };
            for &mv in &log.moves[..count] {
                held = game.play(mv).ok()?.trick;
                moves += 1;
            }
        }
        Some(Position { game, moves, held })
    }
}

/// The table at one position of the record.
pub struct Position {
    pub game: Game,
    /// Moves made since the game began.
    pub moves: usize,
    /// The trick the last move finished, on show.
    pub held: Option<TrickOutcome>,
}

impl Replay {
    /// Moves to another position (never past either end).
    pub fn step(&mut self, step: Step) {
        let end = self.total - 1;
        self.pos = match step {
            Step::First => 0,
            Step::Back => self.pos.saturating_sub(1),
            Step::Forward => (self.pos + 1).min(end),
            Step::Last => end,
        };
    }
}

/// The viewer's controls, fixed at the foot of the page.
pub fn bar(lang: Lang, pos: usize, total: usize, reveal: bool, where_text: &str) {
    let body = doc().body().expect("a body");
    let _ = body.class_list().add_1("replaying");
    let b = match by_id("replay-bar") {
        Some(b) => b,
        None => {
            let b = el("div", "replay-bar");
            b.set_id("replay-bar");
            let _ = b.set_attribute("role", "toolbar");
            let _ = b.set_attribute("aria-label", lang.t(K::ReplayTitle));
            // In the action bar, in place of the prompts (see the CSS).
            let bar = doc().query_selector(".actionbar").ok().flatten();
            append(bar.as_ref().unwrap_or(&body), &b);
            b
        }
    };
    clear(&b);
    append(
        &b,
        &text_el("strong", "replay-title", lang.t(K::ReplayTitle)),
    );
    let place = text_el("span", "replay-pos", where_text);
    place.set_id("replay-pos");
    let _ = place.set_attribute("data-pos", &pos.to_string());
    let _ = place.set_attribute("data-total", &(total - 1).to_string());
    append(&b, &place);
    let group = el("span", "replay-steps");
    for (id, label, text, off) in [
        ("first", K::ReplayStart, "«", pos == 0),
        ("back", K::ReplayBack, "‹", pos == 0),
        ("forward", K::ReplayForward, "›", pos + 1 >= total),
        ("last", K::ReplayEnd, "»", pos + 1 >= total),
    ] {
        let x = button("secondary step", "");
        x.set_id(&format!("replay-{id}"));
        let _ = x.set_attribute("data-rec", id);
        let _ = x.set_attribute("aria-label", lang.t(label));
        let _ = x.set_attribute("title", lang.t(label));
        x.set_text_content(Some(text));
        if off {
            let _ = x.set_attribute("disabled", "");
        }
        append(&group, &x);
    }
    append(&b, &group);
    let r = button("secondary", "");
    r.set_id("replay-reveal");
    let _ = r.set_attribute("data-rec", "reveal");
    let _ = r.set_attribute("aria-pressed", if reveal { "true" } else { "false" });
    r.set_text_content(Some(lang.t(if reveal {
        K::HideHands
    } else {
        K::RevealHands
    })));
    append(&b, &r);
    let x = button("primary", "");
    x.set_id("replay-exit");
    let _ = x.set_attribute("data-rec", "exit");
    x.set_text_content(Some(lang.t(K::ExitReplay)));
    append(&b, &x);
}

/// Takes the viewer's controls away.
pub fn remove_bar() {
    if let Some(bar) = by_id("replay-bar") {
        bar.remove();
    }
    if let Some(b) = doc().body() {
        let _ = b.class_list().remove_1("replaying");
    }
}
