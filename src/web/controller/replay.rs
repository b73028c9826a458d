//! The replay viewer as a mode of the controller (`Mode::Viewing`): the
//! viewer's state and decisions are the page core's (`page::replay`); here
//! its messages come in and its effects are carried out. While it views a
//! record the table on show is the viewer's own, the game's table waits
//! aside unchanged, nothing is saved, and leaving puts the game back. A
//! record comes from the records dialog (a file or pasted text) or from the
//! address (`?r=…`, see `records::link` for the parameters and how moves
//! are counted).
//!
//! Each step forward by one move is announced as in play (the announcer's
//! words, the calls' banner and the quack sound); Play steps forward on a
//! timer at the chosen speed. A puzzle (`records::puzzle`) stops the viewer
//! and turns the mover's seat into the person's: their move comes back
//! through the table's update as a move to judge (`Effect::Submit`), here
//! to be judged instead of played.

use super::parts::{Holds, Linked, Page, Viewer, WithViewer};
use super::{Controller, Mode};
use crate::ai::judge::Judgement;
use crate::codec::{self, record_link};
use crate::engine::{GameRecord, Move};
use crate::page::dialog::{Author, DialogKind};
use crate::page::model::{RecordsAction, ReviewAction};
use crate::page::modes::Left;
pub use crate::page::replay::Replay;
use crate::page::replay::{Aside, ViewerEffect, ViewerMsg};
use crate::page::replay_bar::ReplayBarScene;
use crate::page::review::ReviewShows;
use crate::web::full_page::Then;
use crate::web::i18n::Lang;
use crate::web::records::dialog;
use crate::web::records::link::{self, LinkParams, ViewerOptions};
use crate::web::view::full::ViewerWriters;

impl<const ONLINE: bool> Viewer for Page<true, ONLINE> {
    type Linked = Linked;
    type Views = ViewerWriters;

    fn read_link(lang: Lang, p: &LinkParams) -> Result<Linked, String> {
        let record = record_link::unpack(&p.r).map_err(|e| lang.link_error(&e))?;
        if record.deals.is_empty() {
            // (The viewer shows positions of deals: a game not dealt has none.)
            let none = codec::Error::Invalid("deal count");
            return Err(lang.link_error(&record_link::RecordLinkError::Bytes(none)));
        }
        Ok((record, ViewerOptions::read(p)))
    }

    fn view_link(c: &mut Controller, (record, options): Linked) {
        // (The page opened on the record: no game of the person's is on
        // the table yet, and leaving the viewer loads the saved one.)
        c.view_record(record, options, Some(Aside::SavedGame));
    }

    fn import(c: &mut Controller, text: &str) {
        c.import(text);
    }

    fn viewer_action(c: &mut Controller, action: RecordsAction) {
        c.viewer_action(action);
    }

    fn stop_viewing(c: &mut Controller) {
        c.stop_viewing();
    }

    fn author(c: &Controller) -> Author {
        match c.mode.author_link(&c.table, c.page.lang) {
            Some(a) => Author::Tool(a),
            None => Author::None,
        }
    }

    fn show_replay(c: &mut Controller) {
        c.show_replay();
    }

    fn replay_bar(c: &Controller) -> Option<ReplayBarScene> {
        c.replay_bar()
    }

    fn practise(c: &mut Controller) {
        c.practise(false);
    }

    fn back_to_review(c: &mut Controller) {
        c.back_to_review();
    }

    fn puzzle_answered(c: &mut Controller, mv: Move) {
        c.puzzle_answered(mv);
    }

    fn review_panel(c: &Controller) -> ReviewShows {
        c.review_panel()
    }

    fn take_over(c: &mut Controller, then: Then) {
        match then {
            // (Online play's: `OnlinePlay::take_table`.)
            Then::Table => {}
            Then::Records => c.records(RecordsAction::Open),
            Then::Review => c.records(RecordsAction::Review(ReviewAction::Deal)),
            Then::Practice => c.practise(false),
            // (In the dialog, where an import's refusal is shown.)
            Then::Import(text) => {
                c.records(RecordsAction::Open);
                c.records(RecordsAction::Import(text));
            }
        }
    }
}

/// Takes the game link's parameters out of the address (keeps the others).
fn leave_link_address() {
    let Some(w) = web_sys::window() else { return };
    let l = w.location();
    let Ok(params) = web_sys::UrlSearchParams::new_with_str(&l.search().unwrap_or_default()) else {
        return;
    };
    for key in link::PARAMS {
        params.delete(key);
    }
    let query = String::from(params.to_string());
    let url = format!(
        "{}{}{query}",
        l.pathname().unwrap_or_default(),
        if query.is_empty() { "" } else { "?" }
    );
    if let Ok(history) = w.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url));
    }
}

impl Controller {
    /// The viewer's own actions (its bar, its keys, the author's tool's).
    fn viewer_action(&mut self, action: RecordsAction) {
        let msg = match action {
            RecordsAction::Viewer(msg) => msg,
            RecordsAction::Review(a) => return self.review_action(a),
            RecordsAction::AuthorChanged(form) => {
                self.dialog.change_records(|r| r.author = Some(form));
                return self.render();
            }
            RecordsAction::Preview(form) => {
                self.dialog.change_records(|r| {
                    r.author = Some(form);
                    r.previews += 1;
                });
                return self.render();
            }
            RecordsAction::Exit => {
                if !self.stop_viewing() {
                    self.resume_or_default();
                }
                return self.advance();
            }
            // (The dialog's own actions: `records.rs`.)
            RecordsAction::Open
            | RecordsAction::Close
            | RecordsAction::Copy(..)
            | RecordsAction::Download(_)
            | RecordsAction::TooLarge(_)
            | RecordsAction::Daily
            | RecordsAction::Import(_)
            | RecordsAction::FullPage => return,
        };
        self.viewer_update(msg);
        self.advance();
    }

    /// The viewer's update with `msg`, and what it asks carried out.
    pub(super) fn viewer_update(&mut self, msg: ViewerMsg) {
        let Mode::Viewing(r) = &mut self.mode else {
            return;
        };
        let effects = r.update(msg);
        self.carry_out_viewer(effects);
    }

    /// Carries out the viewer's effects: a move replayed is said as in
    /// play (the announcer's line, the call's banner and its sound).
    fn carry_out_viewer(&mut self, effects: Vec<ViewerEffect>) {
        for effect in effects {
            match effect {
                ViewerEffect::Replayed(r) => {
                    self.announce_move(&r.before, r.mv, r.seat, &r.effect);
                    match r.effect.call {
                        Some(call) => self.show_call(call, r.seat),
                        None => self.table.ui.call = None,
                    }
                }
                ViewerEffect::CallDown => self.table.ui.call = None,
            }
        }
    }

    /// Checks a record and opens it in the viewer.
    fn import(&mut self, text: &str) {
        let record = match dialog::read_record(self.page.lang, text.trim()) {
            Ok(r) => r,
            Err(e) => return self.records_refused(e),
        };
        self.dialog.close(DialogKind::Records);
        self.view_record(record, ViewerOptions::default(), None);
    }

    /// Opens a record in the viewer with the link's options (from the
    /// address, or none for an imported record), on a table of its own:
    /// what it was entered from waits aside (`aside`, else the game on
    /// the table, or what an earlier viewer or practice kept aside).
    pub(super) fn view_record(
        &mut self,
        record: GameRecord,
        o: ViewerOptions,
        aside: Option<Aside>,
    ) {
        let review = o.review;
        let r = Replay::open(record, o, Aside::SavedGame, self.page.lang);
        // (A guest's table is the host's game: the device's own is saved.)
        let aside = aside.or(self.is_guest().then_some(Aside::SavedGame));
        // (A guest who opens a record leaves the friend's table.)
        self.leave_guest();
        self.stop_review();
        self.stop_thinking();
        self.saver.pause(true);
        let Some(r) = WithViewer::hold(r) else {
            return;
        };
        let seat = r.seat;
        self.mode.enter_viewer(&mut self.table, r, aside);
        self.view.set_table(self.table.game.kind());
        // `&review=1`: the deal on show reviewed from the seat shown.
        if review {
            self.review_deal_on_show(vec![seat]);
        }
        self.advance();
    }

    /// Leaves the viewer, if it shows: the game it was entered from comes
    /// back as it was left. False if none was (the page opened on the
    /// record): then the viewer's table stays until a game is put there.
    pub(super) fn stop_viewing(&mut self) -> bool {
        self.stop_review();
        let left = self.mode.leave_viewer(&mut self.table);
        if left == Left::NotViewing {
            return false;
        }
        self.saver.pause(self.page.embedded);
        if !self.page.embedded {
            // A reload then shows the game, not the link's record
            // again, and a hand-over to online play takes no record.
            leave_link_address();
        }
        if left == Left::Game {
            self.table_put_back();
        }
        left == Left::Game
    }

    /// The viewer's timer: one step forward, until the end or a puzzle.
    fn replay_tick(&mut self) {
        self.viewer_update(ViewerMsg::Tick);
        self.advance();
    }

    /// The person's answer to the puzzle on the table (the table's
    /// update submits it): every legal move there is valued by the
    /// review's judge, in a worker (`judging.rs`); the verdict comes to
    /// `puzzle_valued`.
    fn puzzle_answered(&mut self, mv: Move) {
        let playouts = self.players.expert_playouts;
        let Mode::Viewing(r) = &mut self.mode else {
            return;
        };
        if let Some(question) = r.puzzle_question(&self.table, mv, playouts) {
            self.table.ui.chooser = None;
            self.judge_puzzle(question);
            self.render();
        }
    }

    /// The judgement of the puzzle's answer: the verdict, then the
    /// record's own move is played (nothing if it judges another move).
    pub(super) fn puzzle_valued(&mut self, judgement: Judgement) {
        let Some(deal) = self.table.game.deal().copied() else {
            return;
        };
        let Mode::Viewing(r) = &mut self.mode else {
            return;
        };
        let effects = r.puzzle_valued(deal, judgement);
        if !effects.is_empty() {
            self.carry_out_viewer(effects);
            self.advance();
        }
    }

    /// Puts the viewer's position on its table (instead of the game flow).
    fn show_replay(&mut self) {
        let Mode::Viewing(r) = &mut self.mode else {
            return;
        };
        let shown = (self.table.game.kind(), self.table.setup.players.len());
        let tick = r.show_on_table(&mut self.table);
        let kind = self.table.game.kind();
        if shown != (kind, self.table.setup.players.len()) {
            self.view.set_table(kind);
        }
        // (Every seat a computer but a puzzle's mover: the person's.)
        self.set_setup(self.table.setup.clone());
        // (The viewer's bar comes with the scene: `replay_bar`.)
        self.render();
        if let Some(ms) = tick {
            let ms = self.pace_ms(ms);
            self.schedule(ms, Controller::replay_tick);
        }
    }

    /// The viewer's bar at the position on show (the scene carries it,
    /// the view writes it).
    fn replay_bar(&self) -> Option<ReplayBarScene> {
        match &self.mode {
            Mode::Viewing(r) => Some(r.bar(self.page.lang, self.page.embedded)),
            _ => None,
        }
    }
}
