//! What the screen reader is told of what happened (a move, the change of
//! course, where a practice came back to): lines said in order, each
//! numbered, which the scene carries and the view writes once each into the
//! live log (`web/announcer.rs`, through `view/readout.rs`). What newly
//! shows on the table (a trick's winner, a deal's end) the view reads off
//! the scene itself.

use super::i18n::{Lang, K};
use super::scene;
use crate::engine::{Deal, Effect, Move};

/// Lines kept to be written (the live log keeps as many; older ones have
/// been read out).
pub const KEPT_LINES: usize = 6;

/// The lines said lately, each with its number (counted from 0 over the
/// page's life, so that the view writes each line once, whichever table
/// is on show).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Said {
    lines: Vec<(u64, String)>,
    next: u64,
}

impl Said {
    /// Says `line` (nothing for an empty one).
    pub fn say(&mut self, line: String) {
        if line.is_empty() {
            return;
        }
        self.lines.push((self.next, line));
        self.next += 1;
        if self.lines.len() > KEPT_LINES {
            self.lines.remove(0);
        }
    }

    /// A move the engine took, said: who made it and what it was (with
    /// the deal before it), and the Soup course's start when it began.
    pub fn move_made(&mut self, lang: Lang, before: &Deal, mv: Move, seat: u8, effect: &Effect) {
        self.say(describe(lang, before, mv, seat, effect));
        if effect.duck_course_ended {
            self.say(lang.t(K::SoupBegins).to_string());
        }
    }

    /// The lines kept, oldest first, with their numbers.
    pub fn lines(&self) -> &[(u64, String)] {
        &self.lines
    }
}

/// One move in words: "West: ten of hearts. Quack!"
pub fn describe(lang: Lang, deal_before: &Deal, mv: Move, seat: u8, effect: &Effect) -> String {
    let n = deal_before.seats();
    let who = lang.seat_name(n, seat);
    let mut s = match mv {
        Move::Play(c) => lang.tf(K::AnnPlays, &[who, &lang.card_name(c)]),
        Move::LeadDuck(c, suit) => lang.tf(
            K::AnnLedDuck,
            &[who, &lang.card_name(c), lang.suit_plural(suit)],
        ),
        Move::Concede => lang.tf(K::AnnSaysDuck, &[who]),
    };
    if let Some(call) = effect.call.filter(|_| mv != Move::Concede) {
        s.push(' ');
        s.push_str(scene::call_text(lang, call).1);
    }
    s
}
