//! The replay viewer as a mode of the controller: while it views a record
//! (`Mode::Viewing`), the table shows its positions instead of the game, nothing is
//! saved, and leaving puts the saved game back. A record comes from the
//! records dialog (a file or pasted text) or from the address (`?r=…`, see
//! `records::link` for the parameters and how moves are counted).
//!
//! Each step forward by one move is announced as in play (the announcer's
//! words, the calls' banner and the quack sound); Play steps forward on a
//! timer at the chosen speed. A puzzle (`records::puzzle`) stops the viewer
//! and turns the mover's seat into the person's: their move comes back
//! through the usual actions (a card, Quack!, Duck) to [`Controller::apply`],
//! which hands it here to be judged instead of played.

use super::parts::{Holds, Linked, Page, Viewer, WithViewer};
use super::{Controller, Mode};
use crate::ai::question::JudgeQuestion;
use crate::ai::review::Judgement;
use crate::ai::Level;
use crate::ai::SeatView;
use crate::codec::{self, record_link};
use crate::engine::{GameRecord, Move};
use crate::page::dialog::{Author, DialogKind};
use crate::page::replay_bar::{BarFacts, ReplayBarScene, SPEEDS};
use crate::page::review::ReviewShows;
use crate::web::full_page::Then;
use crate::web::i18n::{Lang, K};
use crate::web::model::{Player, RecordsAction, Setup, Step, Ui};
use crate::web::records::author;
use crate::web::records::dialog;
use crate::web::records::link::{self, LinkParams, ViewerOptions};
use crate::web::records::puzzle::{self, Puzzle, Verdict};
use crate::web::records::replay::Position;
pub use crate::web::records::replay::Replay;
use crate::web::view::full::ViewerWriters;

/// One move every this many milliseconds at normal speed and pace.
const PLAY_MS: f64 = 1600.0;

impl<const ONLINE: bool> Viewer for Page<true, ONLINE> {
    type Linked = Linked;
    type Views = ViewerWriters;

    fn read_link(lang: Lang, p: &LinkParams) -> Result<Linked, String> {
        let record = record_link::unpack(&p.r).map_err(|e| lang.link_error(&e))?;
        if record.deals.is_empty() {
            // (The viewer shows positions of deals: a game not dealt has none.)
            let none = codec::Error::Invalid("deal count");
            return Err(lang.link_error(&record_link::LinkError::Bytes(none)));
        }
        Ok((record, ViewerOptions::read(p)))
    }

    fn view_link(c: &mut Controller, (record, options): Linked) {
        c.view_record(record, options);
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
        match c.author_link() {
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
        c.practise();
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
            Then::Review => c.records(RecordsAction::ReviewDeal),
            Then::Practice => c.practise(),
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
        match action {
            RecordsAction::Step(step) => {
                self.replay_step(step);
                self.advance();
            }
            RecordsAction::Jump(n) => {
                if let Mode::Viewing(r) = &mut self.mode {
                    let to = link::position_after(&r.record, n);
                    r.go(to);
                    self.table.ui.call = None;
                }
                self.advance();
            }
            RecordsAction::Play => {
                if let Mode::Viewing(r) = &mut self.mode {
                    r.playing = !r.playing && r.can_forward();
                }
                self.advance();
            }
            RecordsAction::Speed(i) => {
                if let Mode::Viewing(r) = &mut self.mode {
                    r.speed = i.min(SPEEDS.len() - 1);
                }
                self.advance();
            }
            RecordsAction::Seat(s) => {
                if let Mode::Viewing(r) = &mut self.mode {
                    r.seat = s.min(r.record.rules.game.seats() as u8 - 1);
                }
                self.advance();
            }
            RecordsAction::Reveal => {
                if let Mode::Viewing(r) = &mut self.mode {
                    r.reveal = !r.reveal;
                }
                self.advance();
            }
            RecordsAction::ReviewDeal
            | RecordsAction::ReviewCancel
            | RecordsAction::ReviewOpen(_)
            | RecordsAction::ReviewIdea(_)
            | RecordsAction::PlayFromHere => self.review_action(action),
            RecordsAction::AuthorChanged(form) => {
                self.change_records(|r| r.author = Some(form));
                self.render();
            }
            RecordsAction::Preview(form) => {
                self.change_records(|r| {
                    r.author = Some(form);
                    r.previews += 1;
                });
                self.render();
            }
            RecordsAction::Exit => {
                self.stop_viewing();
                self.resume_or_default();
            }
            // (The dialog's own actions: `records.rs`.)
            _ => {}
        }
    }

    /// Checks a record and opens it in the viewer.
    fn import(&mut self, text: &str) {
        let record = match dialog::read_record(self.page.lang, text.trim()) {
            Ok(r) => r,
            Err(e) => return self.records_refused(e),
        };
        self.close_dialog(DialogKind::Records);
        self.view_record(record, ViewerOptions::default());
    }

    /// Opens a record in the viewer with the link's options (from the
    /// address, or none for an imported record).
    pub(super) fn view_record(&mut self, record: GameRecord, o: ViewerOptions) {
        let mut r = Replay::new(record);
        r.reveal = o.show_all;
        r.captions = o.captions;
        if let Some(n) = o.puzzle {
            match link::position_before(&r.record, n) {
                Some(pos) => {
                    let seat = r
                        .at(pos)
                        .and_then(|p| p.game.deal().map(|d| d.to_move()))
                        .unwrap_or(0);
                    r.puzzle = Some(Puzzle {
                        pos,
                        seat,
                        judging: None,
                        verdict: None,
                    });
                    r.seat = seat;
                }
                None => {
                    let (_, total) = link::move_counts(&r.record);
                    let lang = self.page.lang;
                    let why = lang.tf(K::LinkNoMove, &[&n.to_string(), &total.to_string()]);
                    r.notice = Some(lang.tf(K::BadRecordLink, &[&why]));
                }
            }
        }
        // Without `at`, a puzzle opens on its question.
        let to = match (o.at, &r.puzzle) {
            (Some(n), _) => link::position_after(&r.record, n),
            (None, Some(p)) => p.pos,
            (None, None) => 0,
        };
        r.go(to);
        // (A guest who opens a record leaves the friend's table.)
        self.leave_guest();
        self.stop_review();
        self.saver.pause(true);
        self.table.ui.call = None;
        let seat = r.seat;
        let Some(r) = WithViewer::hold(r) else {
            return;
        };
        self.mode = Mode::Viewing(r);
        self.view.set_table(self.table.game.kind());
        // `&review=1`: the deal on show reviewed from the seat shown.
        if o.review {
            self.review_deal_on_show(vec![seat]);
        }
        self.advance();
    }

    pub(super) fn stop_viewing(&mut self) {
        self.stop_review();
        if self.is_viewing() {
            self.mode = Mode::Playing;
            self.saver.pause(self.page.embedded);
            self.table.ui.reveal = false;
            if !self.page.embedded {
                // A reload then shows the game, not the link's record
                // again, and a hand-over to online play takes no record.
                leave_link_address();
            }
        }
    }

    /// A step of the viewer; a step forward by one move is announced as in play.
    fn replay_step(&mut self, step: Step) {
        let Mode::Viewing(r) = &mut self.mode else {
            return;
        };
        let from = r.pos;
        r.step(step);
        if r.pos == from + 1 {
            self.announce_replayed(from);
        } else {
            self.table.ui.call = None;
        }
    }

    /// Says the move made from position `from`: the announcer's line, the
    /// call's banner and its sound, as in play.
    fn announce_replayed(&mut self, from: usize) {
        let Mode::Viewing(r) = &self.mode else {
            return;
        };
        let (deal, upto) = r.place(from);
        // (From a deal's end to the next deal's start there is no move.)
        let Some(&mv) = r.record.deals[deal].moves.get(upto) else {
            return;
        };
        let Some(Position { mut game, .. }) = r.at(from) else {
            return;
        };
        let Some(before) = game.deal().copied() else {
            return;
        };
        let seat = before.to_move();
        let Ok(effect) = game.play(mv) else {
            return;
        };
        self.announce_move(Some(before), mv, seat, &effect);
        match effect.call {
            Some(call) => self.show_call(call, seat),
            None => self.table.ui.call = None,
        }
    }

    /// The viewer's timer: one step forward, until the end or a puzzle.
    fn replay_tick(&mut self) {
        let Mode::Viewing(r) = &mut self.mode else {
            return;
        };
        if r.can_forward() {
            self.replay_step(Step::Forward);
        } else {
            r.playing = false;
        }
        self.advance();
    }

    /// The person's answer to the puzzle on the table (from `apply`): every
    /// legal move there is valued by the review's judge, in a worker
    /// (`review.rs`); the verdict comes to `puzzle_valued`.
    fn puzzle_answered(&mut self, mv: Move) {
        let Some(deal) = self.table.game.deal().copied() else {
            return;
        };
        let seat = deal.to_move();
        let history = self.history(seat);
        let playouts = self
            .players
            .expert_playouts
            .unwrap_or_else(|| crate::ai::expert::page_playouts(deal.game()));
        let Mode::Viewing(r) = &mut self.mode else {
            return;
        };
        // (Once: not again while the judge thinks, nor after the verdict.)
        let Some(p) = r
            .puzzle_here()
            .filter(|p| p.verdict.is_none() && p.judging.is_none())
        else {
            return;
        };
        p.judging = Some(mv);
        self.table.ui.chooser = None;
        self.judge_puzzle(JudgeQuestion {
            view: SeatView::of(&deal, seat),
            history,
            played: mv,
            playouts,
            // (The whole budget and a fixed seed: the same verdict always.)
            seed: puzzle::SEED,
        });
        self.render();
    }

    /// The judgement of the puzzle's answer: the verdict, then the
    /// record's own move is played.
    pub(super) fn puzzle_valued(&mut self, judgement: Judgement) {
        let Some(deal) = self.table.game.deal().copied() else {
            return;
        };
        let Mode::Viewing(r) = &mut self.mode else {
            return;
        };
        let Some(p) = r.puzzle_here() else {
            return;
        };
        let Some(chosen) = p.judging.take().filter(|&c| c == judgement.played) else {
            return;
        };
        let best = judgement.best;
        p.verdict = Some(Verdict {
            chosen,
            best,
            deal,
            judgement,
        });
        self.replay_step(Step::Forward);
        self.advance();
    }

    /// The author's tool's link: the record in the viewer at its position,
    /// else the game on the table as far as it has gone.
    fn author_link(&self) -> Option<author::AuthorLink> {
        // A position the review suggests as a puzzle: the move made from it.
        let suggested = match &self.mode {
            Mode::Viewing(r) => r.review.as_ref().is_some_and(|review| {
                r.pos
                    .checked_sub(review.start_pos)
                    .is_some_and(|i| review.puzzle_ideas().contains(&i))
            }),
            _ => false,
        };
        let (record, options) = match &self.mode {
            Mode::Viewing(r) => (
                &r.record,
                ViewerOptions {
                    at: Some(link::moves_at(&r.record, r.pos)),
                    show_all: r.reveal,
                    puzzle: None,
                    captions: r.captions.clone(),
                    review: false,
                },
            ),
            Mode::Playing | Mode::Practice(_) | Mode::Guest(_) => {
                let record = GameRecord::of(&self.table.game);
                let at = link::move_counts(&record).1;
                let options = ViewerOptions {
                    at: Some(at),
                    ..ViewerOptions::default()
                };
                return author::AuthorLink::new(&record, options, self.page.lang);
            }
        };
        author::AuthorLink::new(record, options, self.page.lang).map(|a| a.suggesting(suggested))
    }

    /// Puts the viewer's position on the table (instead of the game flow).
    fn show_replay(&mut self) {
        if let Mode::Viewing(r) = &mut self.mode {
            // Playing stops at the end, and at a puzzle.
            r.playing &= r.can_forward();
        }
        let Mode::Viewing(r) = &self.mode else {
            return;
        };
        let asking = r.asking().map(|p| p.seat);
        let seat = asking.unwrap_or(r.seat);
        let (rules, reveal, playing) = (r.record.rules, r.reveal, r.playing);
        let speed = r.speed;
        let Some(Position { game, moves, held }) = r.at(r.pos) else {
            return;
        };
        let kind = game.kind();
        let seats = kind.seats();
        if self.table.game.kind() != kind || self.table.setup.players.len() != seats {
            self.view.set_table(kind);
        }
        // A record's players are unknown: every seat is shown as a computer,
        // but a puzzle's mover is the person's to play.
        let mut players = vec![Player::Computer(Level::Normal); seats];
        if let Some(s) = asking {
            players[s as usize] = Player::Human;
        }
        self.set_setup(Setup {
            rules,
            players,
            seed: None,
        });
        self.table.game = game;
        self.table.ui = Ui {
            bottom: seat,
            viewer: Some(seat),
            reveal,
            held,
            moves,
            call: self.table.ui.call,
            chooser: self.table.ui.chooser.take().filter(|_| asking.is_some()),
            scores_open: self.table.ui.scores_open,
            scores_all: self.table.ui.scores_all,
            ..Ui::default()
        };
        // (The viewer's bar comes with the scene: `replay_bar`.)
        self.render();
        if playing {
            let ms = self.pace_ms(PLAY_MS / SPEEDS[speed].0);
            self.schedule(ms, Controller::replay_tick);
        }
    }

    /// The viewer's bar at the position on show (the scene carries it,
    /// the view writes it).
    fn replay_bar(&self) -> Option<ReplayBarScene> {
        let Mode::Viewing(r) = &self.mode else {
            return None;
        };
        let (deal, upto) = r.place(r.pos);
        let move_no = link::moves_at(&r.record, r.pos);
        let asking = r.asking().map(|p| p.seat);
        let facts = BarFacts {
            pos: r.pos,
            total: r.total,
            deal,
            deal_moves_made: upto,
            deal_moves: r.record.deals[deal].moves.len(),
            move_no,
            moves: link::move_counts(&r.record).1,
            reveal: r.reveal,
            playing: r.playing,
            speed: r.speed,
            seat: asking.unwrap_or(r.seat),
            seats: r.record.rules.game.seats() as u8,
            can_forward: r.can_forward(),
            note: self.replay_note(r, move_no),
            puzzling: asking.is_some(),
            embedded: self.page.embedded,
        };
        Some(ReplayBarScene::of(self.page.lang, &facts))
    }

    /// The lines under the viewer's controls at this position: a notice
    /// about the link, the puzzle's question or verdict, the caption.
    fn replay_note(&self, r: &Replay, moves: usize) -> String {
        let lang = self.page.lang;
        let mut lines: Vec<String> = Vec::new();
        lines.extend(r.notice.clone());
        if let Some(p) = &r.puzzle {
            let n = r.record.rules.game.seats() as u8;
            match &p.verdict {
                None if p.pos == r.pos => {
                    lines.push(lang.tf(K::PuzzleAsk, &[lang.seat_name(n, p.seat)]))
                }
                Some(v) if r.pos == p.pos || r.pos == p.pos + 1 => lines.push(v.words(lang)),
                _ => {}
            }
        }
        lines.extend(
            r.captions
                .iter()
                .filter(|(n, _)| *n == moves)
                .map(|(_, text)| text.clone()),
        );
        lines.join("\n")
    }
}
