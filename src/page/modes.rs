//! What the page is doing, one mode at a time, and the moves between them
//! as plain Rust: each mode owns its table or keeps aside the one it was
//! entered from, so that entering and leaving the viewer, the review or a
//! practice puts back the game as it was left, never reloaded nor
//! overwritten. The page's controller holds the table on show and the
//! mode, and carries out what each move says (new players for the seats,
//! the view's table, the next step); `tests/modes.rs` drives them natively.
//!
//! The viewer's state is a `V` (a [`Replay`] where the build has the
//! viewer) and a guest's a `G` (its connection to the host), so that a
//! build without a part holds no value of it.

use super::i18n::{Lang, K};
use super::link::{self, AuthorLink, ViewerOptions};
use super::model::{CardSize, Player, Settings};
use super::replay::{Aside, Replay};
use super::review::{PracticeWords, ReviewShows};
use super::scene::{Context, PageFacts};
use super::table::{MovesGoTo, Table};
use crate::engine::GameRecord;
use std::ops::DerefMut;

/// What the page is doing.
// (One at a time, made once as the page enters it: a box would only add an
// allocation.)
#[allow(clippy::large_enum_variant)]
pub enum Mode<V, G> {
    /// A game of this device's: against computers, between people passing
    /// the device, and with friends' devices, whose host this device is.
    Playing,
    /// The replay viewer shows a record on a table of its own; what it was
    /// entered from waits in its `aside`.
    Viewing(V),
    /// A guest at a friend's table: the host runs the game; this device
    /// shows its seat's table, saves and deals nothing, and sends its moves.
    Guest(G),
    /// A deal played again for practice, on a table of its own
    /// (`Table::practice_of`): what it was entered from waits here.
    Practice(Box<Practice<V>>),
}

/// What a practice left aside, which its end puts back.
// (Boxed in its mode already, and one at a time.)
#[allow(clippy::large_enum_variant)]
pub enum Practice<V> {
    /// *Play this deal again*: the game's table, and which deal of it.
    Deal { game_table: Table, deal: usize },
    /// *Play from here* in the deal review: the viewer with its review, at
    /// the move practised (its table is made again from the record).
    FromReview(V),
}

/// A practice that began: the table on show is its own.
#[derive(Debug, PartialEq, Eq)]
pub enum Practised {
    /// Nothing to practise here.
    Not,
    /// A practice table is on show, with its own seats to set.
    Started,
}

/// Where the end of a practice went back to.
#[derive(Debug, PartialEq, Eq)]
pub enum Back {
    /// The game's table, as it was left.
    Game,
    /// The viewer, at the review's move practised.
    Review,
}

/// What leaving the viewer put on show.
#[derive(Debug, PartialEq, Eq)]
pub enum Left {
    /// It was not showing.
    NotViewing,
    /// The game it was entered from, as it was left.
    Game,
    /// Nothing was aside (the page opened on the record): the viewer's
    /// table stays until the saved game, or a new one, is put there.
    SavedGame,
}

impl<V: DerefMut<Target = Replay>, G> Mode<V, G> {
    /// Where a move made on the table goes.
    pub fn moves_go_to(&self) -> MovesGoTo {
        match self {
            Mode::Playing | Mode::Practice(_) => MovesGoTo::ThisTable,
            Mode::Viewing(_) => MovesGoTo::Judge,
            Mode::Guest(_) => MovesGoTo::Host,
        }
    }

    /// The viewer with the deal review: on show, or aside while a
    /// position of it is practised.
    pub fn reviewed(&self) -> Option<&Replay> {
        match self {
            Mode::Viewing(r) => Some(r),
            Mode::Practice(p) => match &**p {
                Practice::FromReview(r) => Some(r),
                Practice::Deal { .. } => None,
            },
            Mode::Playing | Mode::Guest(_) => None,
        }
    }

    pub fn reviewed_mut(&mut self) -> Option<&mut Replay> {
        match self {
            Mode::Viewing(r) => Some(r),
            Mode::Practice(p) => match &mut **p {
                Practice::FromReview(r) => Some(r),
                Practice::Deal { .. } => None,
            },
            Mode::Playing | Mode::Guest(_) => None,
        }
    }

    /// The review's panel (the scene carries it): the viewer's, while it
    /// shows; a practice's words while a position of the review is
    /// practised.
    pub fn review_panel(&self, lang: Lang, embedded: bool) -> ReviewShows {
        match self {
            Mode::Viewing(r) => r.review_panel(lang, embedded),
            Mode::Practice(p) if matches!(**p, Practice::FromReview(_)) => {
                ReviewShows::Practice(PracticeWords::from_review(lang))
            }
            Mode::Practice(_) | Mode::Playing | Mode::Guest(_) => ReviewShows::Nothing,
        }
    }

    /// The author's tool's link: the record in the viewer at its
    /// position, else the game on `table` as far as it has gone.
    pub fn author_link(&self, table: &Table, lang: Lang) -> Option<AuthorLink> {
        if let Mode::Viewing(r) = self {
            let (options, suggested) = r.author_options();
            return AuthorLink::new(&r.record, options, lang).map(|a| a.suggesting(suggested));
        }
        let record = GameRecord::of(&table.game);
        let options = ViewerOptions {
            at: Some(link::move_counts(&record).1),
            ..ViewerOptions::default()
        };
        AuthorLink::new(&record, options, lang)
    }

    /// *Play this deal again* at a deal's end (practising, the practice
    /// deal dealt again; practising from the review, its position again):
    /// the same cards, seats and levels on a table of its own, the game's
    /// waiting aside.
    pub fn practise(&mut self, on_show: &mut Table, lang: Lang) -> Practised {
        let practice = match self {
            Mode::Practice(p) => match &**p {
                Practice::Deal { game_table, deal } => game_table.practice_of(*deal),
                Practice::FromReview(_) => return self.play_from_here(on_show, lang),
            },
            Mode::Playing if on_show.may_practise() => {
                on_show.practice_of(on_show.game.log().len() - 1)
            }
            Mode::Playing | Mode::Viewing(_) | Mode::Guest(_) => None,
        };
        let Some(mut practice) = practice else {
            return Practised::Not;
        };
        practice.ui.message = Some(lang.t(K::PracticeStarted).to_string());
        let game_table = put_on_show(on_show, practice);
        if let Mode::Playing = self {
            let deal = game_table.game.log().len() - 1;
            *self = Mode::Practice(Box::new(Practice::Deal { game_table, deal }));
        }
        Practised::Started
    }

    /// *Play from here*: a practice table at the position before the
    /// reviewed move on show (the person in its mover's seat, every other
    /// seat the Expert), the viewer with its review waiting aside;
    /// practising, the same position dealt again.
    pub fn play_from_here(&mut self, on_show: &mut Table, lang: Lang) -> Practised {
        let Some(practice) = self.reviewed().and_then(|r| r.practice_here(lang)) else {
            return Practised::Not;
        };
        put_on_show(on_show, practice);
        if let Mode::Viewing(_) = self {
            if let Mode::Viewing(mut r) = std::mem::replace(self, Mode::Playing) {
                r.playing = false;
                *self = Mode::Practice(Box::new(Practice::FromReview(r)));
            }
        }
        Practised::Started
    }

    /// Back from practice: the game's table as it was left, or the deal
    /// review at the move practised from. None when not practising.
    pub fn end_practice(&mut self, on_show: &mut Table) -> Option<Back> {
        let Mode::Practice(p) = std::mem::replace(self, Mode::Playing) else {
            return None;
        };
        Some(match *p {
            Practice::Deal { game_table, .. } => {
                put_on_show(on_show, game_table);
                Back::Game
            }
            Practice::FromReview(r) => {
                put_on_show(on_show, r.table());
                *self = Mode::Viewing(r);
                Back::Review
            }
        })
    }

    /// A new game on the table ends a practice: one from the review goes
    /// back to the viewer, to be left as its Exit leaves it (true).
    pub fn practice_gives_way(&mut self) -> bool {
        if !matches!(self, Mode::Practice(_)) {
            return false;
        }
        match std::mem::replace(self, Mode::Playing) {
            Mode::Practice(p) => match *p {
                Practice::FromReview(r) => {
                    *self = Mode::Viewing(r);
                    true
                }
                Practice::Deal { .. } => false,
            },
            _ => false,
        }
    }

    /// The viewer `r` on a table of its own: what it was entered from
    /// waits in its aside (`aside` if given, else the game on show, or
    /// what an earlier viewer or practice kept aside).
    pub fn enter_viewer(&mut self, on_show: &mut Table, mut r: V, aside: Option<Aside>) {
        let left = put_on_show(on_show, r.table());
        r.aside = match (aside, std::mem::replace(self, Mode::Playing)) {
            (Some(aside), _) => aside,
            (None, Mode::Viewing(mut before)) => {
                std::mem::replace(&mut before.aside, Aside::SavedGame)
            }
            (None, Mode::Practice(p)) => match *p {
                Practice::Deal { game_table, .. } => Aside::Game(Box::new(game_table)),
                Practice::FromReview(mut before) => {
                    std::mem::replace(&mut before.aside, Aside::SavedGame)
                }
            },
            (None, Mode::Playing | Mode::Guest(_)) => Aside::Game(Box::new(left)),
        };
        *self = Mode::Viewing(r);
    }

    /// Leaves the viewer, if it shows: the game it was entered from comes
    /// back as it was left.
    pub fn leave_viewer(&mut self, on_show: &mut Table) -> Left {
        if !matches!(self, Mode::Viewing(_)) {
            return Left::NotViewing;
        }
        let Mode::Viewing(mut r) = std::mem::replace(self, Mode::Playing) else {
            return Left::NotViewing;
        };
        match std::mem::replace(&mut r.aside, Aside::SavedGame) {
            Aside::Game(table) => {
                put_on_show(on_show, *table);
                Left::Game
            }
            Aside::SavedGame => {
                on_show.ui.reveal = false;
                Left::SavedGame
            }
        }
    }
}

/// What a scene depends on beyond the table and the mode: the page's
/// language, settings, sound and address facts, and online play's.
#[derive(Clone, Copy, Debug)]
pub struct Surroundings {
    pub lang: Lang,
    pub settings: Settings,
    pub muted: bool,
    pub sounds_played: u32,
    /// `?embed`: the table sits in another site's page.
    pub embedded: bool,
    pub no_anim: bool,
    /// A friend's seat was handed to the computer in this game.
    pub handed_any: bool,
    /// A guest with no table from its host yet.
    pub joining: bool,
}

impl<V, G> Mode<V, G> {
    /// The scene's context for `table` in this mode: only a game of this
    /// device's is shared (an embedded table never leads away), invites
    /// friends, or is practised.
    pub fn scene_context(&self, table: &Table, s: Surroundings) -> Context {
        let playing = matches!(self, Mode::Playing);
        let friends = table.setup.players.contains(&Player::Friend);
        Context {
            lang: s.lang,
            sort_by_rank: s.settings.sort_by_rank(),
            muted: s.muted,
            may_share: playing && !s.embedded,
            invites: playing && (friends || s.handed_any),
            guest: matches!(self, Mode::Guest(_)),
            joining: s.joining,
            may_practise: playing && table.may_practise(),
            practising: table.practice,
            page: PageFacts {
                embed: s.embedded,
                no_anim: s.no_anim,
                four_colour: s.settings.four_colour,
                large_cards: s.settings.card_size == CardSize::Large,
                theme: s.settings.theme,
                sounds_played: s.sounds_played,
            },
        }
    }
}

/// Puts `table` on show in place of `on_show`, which is returned; the
/// score sheet stays open or closed as it was.
pub fn put_on_show(on_show: &mut Table, mut table: Table) -> Table {
    table.ui.scores_open = on_show.ui.scores_open;
    std::mem::replace(on_show, table)
}
