//! What the table shows, as plain data: the controller's state turned into a
//! [`Scene`] for one seat's eyes. The view renders a scene and knows nothing
//! of the rules; this module knows the rules only through the engine's public
//! accessors. Hidden cards never enter a scene: another seat's hand is a count.

use super::announce::Said;
use super::dialog::OpenDialog;
use super::i18n::{Lang, K};
use super::model::{acting_seat, Chooser, FriendSeat, HintTarget, Player, Setup, Theme, Ui};
use super::replay_bar::ReplayBarScene;
use super::walkthrough::CoachScene;
use crate::engine::partnership_rules::is_high_lead;
use crate::engine::rules::{Combine, DuckWinner, GameEnd};
use crate::engine::{
    Call, Card, CardSet, Course, Deal, DealResult, Game, GameKind, PerCourse, PerSeat, Pile, Role,
    Scorer, ScorerSeats, Scores, Suit, Trick, TrickOutcome, Turn,
};
use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};

mod seats;
mod sheet;
mod status;
mod trick;

pub use seats::*;
pub use sheet::*;
pub use status::*;
pub use trick::*;

#[derive(Clone, Debug, PartialEq)]
pub struct Scene {
    /// The language the scene's words are in (the view words its own labels in it too).
    pub lang: Lang,
    pub kind: GameKind,
    pub phase: Phase,
    pub waiting: Waiting,
    pub moves: usize,
    pub course: CourseMark,
    pub course_line: String,
    pub lead_line: Option<String>,
    pub seats: Vec<SeatScene>,
    pub stock: Option<usize>,
    pub trick: TrickScene,
    pub status: String,
    pub message: Option<String>,
    pub quack: Option<String>,
    pub duck: bool,
    pub chooser: Option<ChooserScene>,
    pub call: Option<CallScene>,
    pub scores: ScoreSheet,
    pub deal_end: Option<EndPanel>,
    pub game_over: Option<EndPanel>,
    pub privacy: Option<String>,
    pub last_trick: Option<LastTrickScene>,
    pub review_available: bool,
    /// *Take back* is offered (`page::table::Table::may_take_back`).
    pub take_back: bool,
    /// *Play out the rest* is offered (`page::table::Table::may_play_out`).
    pub play_out: bool,
    /// A practice deal: the way back to the game is offered.
    pub practising: bool,
    pub muted: bool,
    /// The host of an online table: the toolbar offers the invite dialog again.
    pub invites: bool,
    pub scores_open: bool,
    /// What the hint highlights now (only while the person may act).
    pub hint: Option<Hinted>,
    /// The replay viewer's bar, while the viewer shows (the full page's).
    pub replay_bar: Option<ReplayBarScene>,
    /// The dialog open over the table, and what it shows (the controller's).
    pub dialog: Option<Rc<OpenDialog>>,
    /// What the dialog open refuses, in its one line (a new game's form, a
    /// record imported).
    pub dialog_error: Option<String>,
    /// The page's marks on `<body>` and `<html>`.
    pub flags: PageFlags,
    /// What the screen reader is told of what happened, numbered
    /// (`page::announce::Said`): the view writes each line once.
    pub said: Vec<(u64, String)>,
    /// The walkthrough's coach panel, while it runs.
    pub coach: Option<CoachScene>,
}

/// The page's marks outside the table, which its styles and the browser
/// tests read: `<html lang>` (and the document's title), and `<body>`'s
/// classes and counter. The view is their only writer.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PageFlags {
    pub lang: Lang,
    /// `body.embed`: the table sits in another site's page.
    pub embed: bool,
    /// `body.no-anim`: no animations (`?pace=0`, or reduced motion asked for).
    pub no_anim: bool,
    /// `body.four-colour`: the four-colour deck (a comfort setting).
    pub four_colour: bool,
    /// `body.large-cards`: your hand and the trick larger (a comfort setting).
    pub large_cards: bool,
    /// `body.theme-light` or `body.theme-dark` where one is chosen; the
    /// system's choice otherwise (a comfort setting).
    pub theme: Theme,
    /// `body.replaying`: the replay viewer shows a record.
    pub replaying: bool,
    /// `body.puzzling`: a puzzle waits for the person's answer.
    pub puzzling: bool,
    /// `body.net-joining`: a guest's device before the host's first table,
    /// whose own table stays hidden behind the join page.
    pub joining: bool,
    /// `body[data-sounds-played]`: how many sounds have started (for tests).
    pub sounds_played: u32,
}

/// What the page is, beyond the table, that the scene's [`PageFlags`] show:
/// facts of its start (embedded, no animations), a setting and the sound's
/// count, from the controller.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PageFacts {
    pub embed: bool,
    pub no_anim: bool,
    pub four_colour: bool,
    pub large_cards: bool,
    pub theme: Theme,
    pub sounds_played: u32,
}

/// The seat name a person sees: "South (you)" for the one human of a game against computers.
pub fn seat_label(lang: Lang, setup: &Setup, seat: u8) -> String {
    let n = setup.rules.game.seats() as u8;
    let name = lang.seat_name(n, seat);
    if setup.humans() == 1 && setup.players[seat as usize] == Player::Human {
        lang.tf(K::SeatYou, &[name])
    } else {
        name.to_string()
    }
}

fn name(lang: Lang, setup: &Setup, seat: u8) -> &'static str {
    lang.seat_name(setup.rules.game.seats() as u8, seat)
}

/// What a scene depends on besides the game: the language, comfort settings
/// and modes, all owned by the controller.
#[derive(Clone, Copy, Debug)]
pub struct Context {
    pub lang: Lang,
    /// Hands sorted by rank before suit (a comfort setting).
    pub sort_by_rank: bool,
    pub muted: bool,
    /// The game-over panel offers to share the game: not while the replay
    /// viewer shows a record, nor in an embedded table, which never leads
    /// away from its host page.
    pub may_share: bool,
    /// This table has seats played on friends' devices, and runs here.
    pub invites: bool,
    /// This device is a guest at a friend's table (the host runs the game).
    pub guest: bool,
    /// A guest that has no table from the host yet.
    pub joining: bool,
    /// The deal just finished may be played again for practice
    /// (`table::Table::may_practise`).
    pub may_practise: bool,
    /// The table is a practice deal (`table::Table::practice`).
    pub practising: bool,
    /// The page beyond the table (its marks on `<body>`).
    pub page: PageFacts,
}

/// What every part of a scene is built from: the inputs of [`build`] and
/// what they say about the moment (who moves, whether the person may act).
struct Facts<'a> {
    game: &'a Game,
    setup: &'a Setup,
    ui: &'a Ui,
    ctx: &'a Context,
    lang: Lang,
    kind: GameKind,
    /// The number of seats.
    n: u8,
    deal: Option<&'a Deal>,
    in_deal: bool,
    over: bool,
    mover: Option<u8>,
    /// A person's seat is to move (on this device, maybe not the one shown).
    human_turn: bool,
    /// The seat shown is to move, and its person may act now.
    can_act: bool,
    phase: Phase,
    waiting: Waiting,
}

impl<'a> Facts<'a> {
    fn of(game: &'a Game, setup: &'a Setup, ui: &'a Ui, ctx: &'a Context) -> Self {
        let kind = game.kind();
        let deal = game.deal();
        let in_deal = game.in_deal();
        let over = game.is_over();
        let mover = deal.filter(|_| in_deal).map(|d| d.to_move());
        let human_turn = mover.is_some_and(|m| setup.plays_here(m));
        let can_act = acting_seat(game, setup, ui).is_some();
        let phase = if over {
            Phase::GameOver
        } else if !in_deal {
            Phase::DealOver
        } else {
            Phase::Playing
        };
        let waiting = match (phase, human_turn, can_act) {
            (Phase::Playing, true, true) => Waiting::Human,
            (Phase::Playing, true, false) if ui.move_sent.is_some() => Waiting::Host,
            (Phase::Playing, true, false) if ui.only_move => Waiting::OnlyMove,
            (Phase::Playing, true, false) => Waiting::Privacy,
            (Phase::Playing, false, _) => Waiting::Computer,
            _ => Waiting::None,
        };
        Facts {
            game,
            setup,
            ui,
            ctx,
            lang: ctx.lang,
            kind,
            n: kind.seats() as u8,
            deal,
            in_deal,
            over,
            mover,
            human_turn,
            can_act,
            phase,
            waiting,
        }
    }

    /// A seat's name (or a friend's), as [`name`] gives it.
    fn name(&self, seat: u8) -> &'static str {
        name(self.lang, self.setup, seat)
    }
}

/// What the host's table says while a game with friends waits for them
/// before its first deal (decision 18), when no notice says more.
fn first_deal_waits(game: &Game, setup: &Setup, ctx: &Context) -> Option<String> {
    let waits = ctx.invites && !setup.dealt_at_once() && game.log().is_empty();
    waits.then(|| ctx.lang.t(K::FairFirstDealWaits).to_string())
}

/// Builds the scene for the current state.
/// `rows`: the score sheet's rows built so far (kept by the caller).
pub fn build(game: &Game, setup: &Setup, ui: &Ui, ctx: &Context, rows: &mut SheetRows) -> Scene {
    let f = Facts::of(game, setup, ui, ctx);
    let lang = f.lang;
    let hint = ui
        .hint
        .filter(|(at, _)| *at == ui.moves && f.waiting == Waiting::Human)
        .map(|(_, target)| hinted(target, ui.chooser.is_some()));
    let shown_trick: Option<(Trick, Option<u8>)> = match (ui.held, f.deal) {
        (Some(o), _) => Some((o.trick, Some(o.winner))),
        (None, Some(d)) if !d.trick().is_empty() => Some((*d.trick(), None)),
        _ => None,
    };
    let (course, course_line, lead_line) = header(&f, shown_trick.as_ref());
    let seats = (0..f.n).map(|s| seat_scene(&f, s)).collect();
    let trick = trick_scene(&f, shown_trick.as_ref());
    let (status, quack, duck) = status_line(&f);
    let call = ui
        .call
        .filter(|_| f.phase == Phase::Playing || ui.held.is_some())
        .map(|(c, seat, generation)| {
            let (id, text) = call_text(lang, c);
            CallScene {
                id,
                text,
                who: f.name(seat).to_string(),
                generation,
            }
        });
    let last = f.deal.and_then(|d| d.last_trick().copied());
    Scene {
        kind: f.kind,
        phase: f.phase,
        waiting: f.waiting,
        moves: ui.moves,
        course,
        course_line,
        lead_line,
        seats,
        stock: f
            .deal
            .filter(|_| f.kind.has_courses())
            .map(|d| d.stock_len()),
        trick,
        status,
        message: ui
            .message
            .clone()
            .or_else(|| first_deal_waits(game, setup, ctx)),
        quack,
        duck,
        chooser: chooser_scene(lang, ui),
        call,
        scores: score_sheet(lang, game, setup, ui, rows),
        // (A practice deal is a game of one deal: its end is a deal's. A
        // game with friends waiting for its first deal has no deal's end.)
        deal_end: ((f.phase == Phase::DealOver && f.deal.is_some() || f.over && ctx.practising)
            && ui.held.is_none())
        .then(|| deal_panel(lang, game, setup, ctx)),
        game_over: (f.over && !ctx.practising && ui.held.is_none())
            .then(|| game_panel(lang, game, setup, ctx)),
        privacy: ui.privacy.map(|s| lang.tf(K::PassTo, &[f.name(s)])),
        last_trick: ui.last_trick_open.then(|| last_trick_scene(&f, last)),
        review_available: last.is_some(),
        take_back: false,
        play_out: false,
        practising: ctx.practising,
        muted: ctx.muted,
        invites: ctx.invites,
        lang,
        scores_open: ui.scores_open,
        hint,
        replay_bar: None,
        dialog: None,
        dialog_error: None,
        flags: page_flags(ctx),
        said: Vec::new(),
        coach: None,
    }
}

/// The page's marks for the context `ctx` (no viewer's bar: see
/// [`Scene::with_replay_bar`]).
fn page_flags(ctx: &Context) -> PageFlags {
    let page = ctx.page;
    PageFlags {
        lang: ctx.lang,
        embed: page.embed,
        no_anim: page.no_anim,
        four_colour: page.four_colour,
        large_cards: page.large_cards,
        theme: page.theme,
        replaying: false,
        puzzling: false,
        joining: ctx.joining,
        sounds_played: page.sounds_played,
    }
}

impl Scene {
    /// The scene with *Take back* and *Play out the rest* offered or not
    /// (the table's flow knows).
    pub fn with_offers(mut self, take_back: bool, play_out: bool) -> Scene {
        self.take_back = take_back;
        self.play_out = play_out;
        self
    }

    /// The scene with the replay viewer's bar, which the controller builds
    /// from its replay state while the viewer shows (`page::replay_bar`),
    /// and the page's marks that go with it.
    pub fn with_replay_bar(mut self, bar: Option<ReplayBarScene>) -> Scene {
        self.flags.replaying = bar.is_some();
        self.flags.puzzling = bar.as_ref().is_some_and(|b| b.puzzling);
        self.replay_bar = bar;
        self
    }

    /// The scene with the dialog open over the table (`page::dialog`),
    /// which the controller keeps (shared with the scene, not copied), and
    /// what it refuses.
    /// What the screen reader is told, and the walkthrough's coach panel.
    pub fn with_said(mut self, said: &Said, coach: Option<CoachScene>) -> Scene {
        self.said = said.lines().to_vec();
        self.coach = coach;
        self
    }

    pub fn with_dialog(mut self, dialog: Option<Rc<OpenDialog>>, error: Option<String>) -> Scene {
        self.dialog = dialog;
        self.dialog_error = error;
        self
    }
}

#[cfg(test)]
mod tests;
