//! A seat's view of a deal ([`DealView`]) as bytes: its one encoding, which
//! a host's table to a guest (`net::wire`) and a question to the computer
//! players' worker share.
//!
//! ```text
//! seat · game · rules · dealer · High seats (a bit each) · hand · stock
//! (next, end) · leader · seat to move · trick · course · stored tricks
//! (course, then seat: face down, face up) · kept quack cards (per seat) ·
//! cards shown · last trick (0 none, 1: trick · winner · keeper · stored ·
//! course) · voids (a bit per suit, per seat)
//! ```
//!
//! A trick is its plays (seat and card each), the suit and rank led, its
//! quacks (a bit per play) and its stage. The rules are absent (0), a
//! preset's name (1) or options (2: key and value each, a value a word (0),
//! a number (1) or another value (2)); their names and words are ASCII. Reading checks each field's range
//! only; whether the view is a position of the game is
//! [`DealView::to_deal`]'s and [`DealView::to_reachable_deal`]'s to say.

use super::{Error, Reader, Writer};
use crate::engine::deal_view::{DealView, OutcomeView, TrickView};
use crate::engine::record::{OptionFile, RulesFile};
use crate::engine::{Course, Pile, Stage};

/// The longest text in a view (a rules preset, an option's key or word).
pub const MAX_TEXT: usize = 96;

const STAGES: [Stage; 5] = [
    Stage::Lead,
    Stage::Follow,
    Stage::LeaderAnswer,
    Stage::FollowerAnswer,
    Stage::Discard,
];

impl Writer {
    pub fn deal_view(&mut self, d: &DealView) {
        self.byte(d.seat);
        self.game(d.game);
        self.rules_file(&d.rules);
        self.byte(d.dealer);
        self.byte(
            d.high
                .iter()
                .enumerate()
                .fold(0, |b, (i, &h)| b | (h as u8) << i),
        );
        self.cards(&d.hand);
        self.byte(d.stock_next);
        self.byte(d.stock_end);
        self.byte(d.leader);
        self.byte(d.to_move);
        self.trick(&d.trick);
        self.byte(d.course as u8);
        for p in d.piles.iter().flatten() {
            self.pile(*p);
        }
        for k in &d.kept_quacks {
            self.cards(k);
        }
        self.cards(&d.played);
        match &d.last_trick {
            None => self.byte(0),
            Some(o) => {
                self.byte(1);
                self.trick(&o.trick);
                self.byte(o.winner);
                self.byte(o.keeper);
                self.pile(o.stored);
                self.byte(o.course as u8);
            }
        }
        for v in d.voids {
            self.byte(v);
        }
    }

    pub fn rules_file(&mut self, r: &RulesFile) {
        match r {
            RulesFile::Absent => self.byte(0),
            RulesFile::Preset(name) => {
                self.byte(1);
                self.text(name, MAX_TEXT);
            }
            RulesFile::Options(options) => {
                self.byte(2);
                self.count(options.len());
                for (key, value) in options {
                    self.text(key, MAX_TEXT);
                    match value {
                        OptionFile::Word(w) => {
                            self.byte(0);
                            self.text(w, MAX_TEXT);
                        }
                        // Option values are small: a larger one is sent as "other".
                        OptionFile::Number(n) => match u32::try_from(*n) {
                            Ok(n) => {
                                self.byte(1);
                                self.varint(n.into());
                            }
                            Err(_) => self.byte(2),
                        },
                        OptionFile::Other => self.byte(2),
                    }
                }
            }
        }
    }

    fn pile(&mut self, p: Pile) {
        self.varint(p.down.into());
        self.varint(p.up.into());
    }

    fn trick(&mut self, t: &TrickView) {
        self.count(t.plays.len());
        for &(seat, card) in &t.plays {
            self.byte(seat);
            self.card(card);
        }
        self.byte(t.led_suit as u8);
        self.byte(t.led_rank);
        self.byte(t.quacks);
        self.byte(STAGES.iter().position(|&x| x == t.stage).unwrap_or(0) as u8);
    }
}

impl Reader<'_> {
    pub fn deal_view(&mut self) -> Result<DealView, Error> {
        let seat = self.seat("the seat")?;
        let game = self.game("the game")?;
        let rules = self.rules_file()?;
        let dealer = self.seat("the dealer")?;
        let high_bits = self.below(16, "the High seats")?;
        let hand = self.cards("the hand")?;
        let stock_next = self.byte("the stock")?;
        let stock_end = self.byte("the stock")?;
        let leader = self.seat("the leader")?;
        let to_move = self.seat("the seat to move")?;
        let trick = self.trick()?;
        let course = self.course()?;
        let mut piles = [[Pile::default(); 4]; 2];
        for p in piles.iter_mut().flatten() {
            *p = self.pile()?;
        }
        let mut kept_quacks: [Vec<_>; 4] = Default::default();
        for k in &mut kept_quacks {
            *k = self.cards("the kept quack cards")?;
        }
        let played = self.cards("the cards shown")?;
        let last_trick = match self.bool("the last trick")? {
            false => None,
            true => Some(OutcomeView {
                trick: self.trick()?,
                winner: self.seat("the last trick's winner")?,
                keeper: self.seat("the last trick's keeper")?,
                stored: self.pile()?,
                course: self.course()?,
            }),
        };
        let mut voids = [0u8; 4];
        for v in &mut voids {
            *v = self.below(16, "the voids")?;
        }
        Ok(DealView {
            seat,
            game,
            rules,
            dealer,
            high: [0, 1, 2, 3].map(|i| high_bits >> i & 1 == 1),
            hand,
            stock_next,
            stock_end,
            leader,
            to_move,
            trick,
            course,
            piles,
            kept_quacks,
            played,
            last_trick,
            voids,
        })
    }

    pub fn rules_file(&mut self) -> Result<RulesFile, Error> {
        Ok(match self.below(3, "the rules")? {
            0 => RulesFile::Absent,
            1 => RulesFile::Preset(self.ascii_text(MAX_TEXT, "the rules' preset")?),
            _ => RulesFile::Options(self.list(32, "the rules' options", |r| {
                let key = r.ascii_text(MAX_TEXT, "a rules option")?;
                let value = match r.below(3, "a rules option's value")? {
                    0 => OptionFile::Word(r.ascii_text(MAX_TEXT, "a rules option's value")?),
                    1 => OptionFile::Number(r.u32("a rules option's value")?.into()),
                    _ => OptionFile::Other,
                };
                Ok((key, value))
            })?),
        })
    }

    /// A seat number (below four).
    pub fn seat(&mut self, what: &'static str) -> Result<u8, Error> {
        self.below(4, what)
    }

    fn course(&mut self) -> Result<Course, Error> {
        Ok(Course::ALL[self.below(2, "a course")? as usize])
    }

    fn pile(&mut self) -> Result<Pile, Error> {
        let mut half =
            || u16::try_from(self.varint("a pile")?).map_err(|_| Error::Invalid("a pile"));
        Ok(Pile {
            down: half()?,
            up: half()?,
        })
    }

    fn trick(&mut self) -> Result<TrickView, Error> {
        Ok(TrickView {
            plays: self.list(6, "a trick", |r| {
                Ok((r.seat("a trick's player")?, r.card("a trick's card")?))
            })?,
            led_suit: self.suit("the suit led")?,
            led_rank: self.below(14, "the rank led")?,
            quacks: self.byte("the quacks")?,
            stage: STAGES[self.below(5, "the trick's stage")? as usize],
        })
    }
}
