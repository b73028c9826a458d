//! The view: renders a [`Scene`] into the DOM and holds no game logic; it
//! is the only writer of the table's DOM. The page skeleton is built once;
//! each render updates it in place — hand and trick cards are keyed by card
//! code, other hands keep one back per card, and small panels are rebuilt
//! only when their content changed. Looks are all in www/style.css (classes
//! and CSS custom properties).
//!
//! By part of the table: [`toolbar`] (the header), [`seats`] (name plates,
//! hands, piles) with [`cards`] (card elements), [`trick`] (stock, trick,
//! call banner), [`actionbar`] (prompt, Quack!/Duck/Hint, chooser),
//! [`panels`] (end of deal and game, last trick, pass the device) with
//! [`sheet`] (the score sheet, written row by row as deals end).
//! After a render, [`focus`] moves the keyboard focus as the scene asks and
//! [`readout`] tells the announcer what happened and what newly shows;
//! [`coach`] writes the walkthrough's coach panel. The page's marks
//! outside the table (`<body>`'s classes, `<html lang>`, the title) are
//! written here too, from the scene's `flags`, and nowhere else after start.
//! [`dialogs`] opens, writes and closes the dialog over the table from the
//! scene's `dialog`. What only the full page shows (the replay viewer's bar,
//! [`replaybar`], the deal review's panel, [`review`], the author's tool,
//! online play's dialogs) is written through [`ViewerViews`] and
//! [`OnlineViews`] ([`full`]), which a build without that part leaves out.

mod actionbar;
mod cards;
mod coach;
mod dialogs;
mod focus;
pub mod full;
mod panels;
mod readout;
mod replaybar;
pub mod review_panel;
mod seats;
mod sheet;
mod toolbar;
mod trick;

use super::dom::{append, clear, doc, el, set_attr, set_hidden, toggle_class};
use super::i18n::{Lang, K};
use crate::engine::GameKind;
use crate::page::model::Theme;
use crate::page::replay_bar::ReplayBarScene;
use crate::page::scene::{Hinted, PageFlags, Pos, Scene, Waiting};
use actionbar::ActionBar;
use coach::Coach;
use dialogs::Dialogs;
pub use dialogs::{OnlineViews, ViewerViews};
use panels::Panels;
use readout::Readout;
use replaybar::ReplayBar;
use seats::SeatEls;
use toolbar::Toolbar;
use trick::Centre;
use web_sys::Element;

/// The Duck and a few icons, drawn once and used by reference (a card's
/// suit and Duck are the stylesheet's images, `--pip`; the suit buttons'
/// are drawn in place: `cards::suit_icon`).
const SPRITE: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" class="sprite" aria-hidden="true" focusable="false"><defs>
<symbol id="duck-figure" viewBox="0 0 100 100"><path d="M30 56c2-6 10-9 19-7 12 2 22 4 36-7 4 8 6 18 2 26-6 14-22 20-38 20-14 0-25-8-27-18-1-6 2-11 8-14z"/><circle cx="38" cy="36" r="15"/><path d="M25 33c-8-1-15 2-19 7 6 3 13 3 20 1z"/><circle cx="35" cy="32" r="3" fill="#fff"/><path d="M47 62c10-6 24-4 30 2-8 10-22 10-30-2z" fill="#fff" fill-opacity=".3"/></symbol>
<symbol id="i-sound" viewBox="0 0 100 100"><path d="M14 38h18l22-18v60L32 62H14z"/><path d="M64 36c8 8 8 20 0 28M73 26c14 14 14 34 0 48" fill="none" stroke="currentColor" stroke-width="7" stroke-linecap="round"/></symbol>
<symbol id="i-mute" viewBox="0 0 100 100"><path d="M14 38h18l22-18v60L32 62H14z"/><path d="M66 38l22 24m0-24L66 62" fill="none" stroke="currentColor" stroke-width="7" stroke-linecap="round"/></symbol>
<symbol id="i-trick" viewBox="0 0 100 100"><g fill="none" stroke="currentColor" stroke-width="7" stroke-linejoin="round"><path d="M18 30l30-10 12 40-30 10z"/><path d="M52 24l32 4-6 46-18-2"/></g></symbol>
<symbol id="i-scores" viewBox="0 0 100 100"><g fill="none" stroke="currentColor" stroke-width="7" stroke-linecap="round"><path d="M22 26h56M22 50h56M22 74h56M44 16v68"/></g></symbol>
<symbol id="i-share" viewBox="0 0 100 100"><g fill="none" stroke="currentColor" stroke-width="8" stroke-linecap="round"><circle cx="72" cy="24" r="11"/><circle cx="28" cy="50" r="11"/><circle cx="72" cy="76" r="11"/><path d="M38 44l24-14M38 56l24 14"/></g></symbol>
<symbol id="i-new" viewBox="0 0 100 100"><path d="M50 18v64M18 50h64" fill="none" stroke="currentColor" stroke-width="9" stroke-linecap="round"/></symbol>
</defs></svg>"##;

const POSITIONS: [Pos; 4] = [Pos::Bottom, Pos::Left, Pos::Top, Pos::Right];

pub struct View {
    body: Element,
    root: Element,
    table: Element,
    toolbar: Toolbar,
    seats: Vec<SeatEls>,
    centre: Centre,
    bar: ActionBar,
    panels: Panels,
    focus: focus::Focus,
    readout: Readout,
    coach: Coach,
    replay_bar: ReplayBar,
    dialogs: Dialogs,
    /// The page's marks last written (None: not yet).
    flags: Option<PageFlags>,
    /// In another site's page: no Share tool (see `Toolbar::build`).
    embedded: bool,
}

/// Whether a panel's content differs from what it shows (and remembers the new one).
/// Compared with `==`: formatting scenes into signatures would link `Debug`
/// and its Unicode tables into the page.
fn changed<T: PartialEq>(shown: &mut Option<T>, now: T) -> bool {
    if shown.as_ref() == Some(&now) {
        return false;
    }
    *shown = Some(now);
    true
}

/// For a panel rebuilt whole when its content changes: None if it stays as
/// it is; else it is emptied, shown only if there is something to show, and
/// that content is returned to fill it with.
fn rebuild<'a, T: PartialEq + Clone>(
    shown: &mut Option<Option<T>>,
    panel: &Element,
    now: Option<&'a T>,
) -> Option<&'a T> {
    if !changed(shown, now.cloned()) {
        return None;
    }
    clear(panel);
    set_hidden(panel, now.is_none());
    now
}

fn with_id(e: Element, id: &str) -> Element {
    e.set_id(id);
    e
}

impl View {
    /// Builds the page skeleton inside `#app`.
    /// `embedded`: the table sits in another site's page (no Share tool).
    pub fn new(lang: Lang, embedded: bool) -> View {
        let d = doc();
        let body = d.body().expect("a body");
        // Once per page: a language switch builds the view again.
        if d.query_selector("svg.sprite").ok().flatten().is_none() {
            let _ = body.insert_adjacent_html("afterbegin", SPRITE);
        }
        let root = d.get_element_by_id("app").unwrap_or_else(|| {
            let a = with_id(el("div", ""), "app");
            append(&body, &a);
            a
        });
        clear(&root);

        // In page order: the header, the table (its centre, the action bar,
        // then the seats from set_table), the score sheet, the overlays.
        let toolbar = Toolbar::build(lang, &root, !embedded);
        let layout = el("div", "layout");
        append(&root, &layout);
        let table = with_id(el("main", "table"), "table");
        append(&layout, &table);
        let center = el("div", "center");
        append(&table, &center);
        let centre = Centre::build(lang, &center);
        let panels = Panels::build(lang, &center, &layout, &root);
        let bar = ActionBar::build(lang, &table);

        View {
            body: body.into(),
            root,
            table,
            toolbar,
            seats: Vec::new(),
            centre,
            bar,
            panels,
            focus: focus::Focus::default(),
            readout: Readout::default(),
            coach: Coach::default(),
            replay_bar: ReplayBar::default(),
            dialogs: Dialogs::default(),
            flags: None,
            embedded,
        }
    }

    /// The skeleton built again (a language switch), keeping what has
    /// already been read out so that it is not read twice.
    pub fn rebuild(&mut self, lang: Lang) {
        let readout = std::mem::take(&mut self.readout);
        // (The coach's panel, outside `#app`, is written again in place.)
        let coach = std::mem::take(&mut self.coach);
        // (The dialog open is written again in the new language.)
        let dialogs = std::mem::take(&mut self.dialogs);
        // The focus stays on what had it (the language button, say), built again.
        let focused = doc()
            .active_element()
            .map(|e| e.id())
            .filter(|id| !id.is_empty());
        *self = View::new(lang, self.embedded);
        self.readout = readout;
        self.coach = coach;
        self.dialogs = dialogs;
        if let Some(e) = focused.and_then(|id| doc().get_element_by_id(&id)) {
            super::dom::focus(&e);
        }
    }

    /// Lays the table out for a game: one section per seat.
    pub fn set_table(&mut self, kind: GameKind) {
        for s in self.seats.drain(..) {
            s.remove();
        }
        self.centre.clear();
        self.bar.clear();
        self.panels.clear();
        set_attr(&self.root, "data-game", kind.name());
        set_attr(&self.root, "data-seats", &kind.seats().to_string());
        for seat in 0..kind.seats() {
            self.seats.push(SeatEls::build(&self.table, seat));
        }
    }

    /// Renders the scene `s`: the table, the page's marks, the viewer's
    /// parts through `V` (its bar and the review's panel), and the dialog
    /// open over the table (online play's through `O`).
    pub fn render<V: ViewerViews, O: OnlineViews>(
        &mut self,
        scene: &mut Scene,
        review: V::Review,
        mark: O::Mark,
    ) {
        let s = &*scene;
        let r = &self.root;
        set_attr(r, "data-phase", s.phase.name());
        set_attr(r, "data-waiting", s.waiting.name());
        set_attr(r, "data-moves", &s.moves.to_string());
        set_attr(r, "data-course", s.course.name());
        toggle_class(r, "scores-open", s.scores_open);
        self.render_flags(&s.flags);
        self.toolbar.render(s);
        let hinted = match s.hint {
            Some(Hinted::HandCard(c)) => Some(c),
            _ => None,
        };
        for seat in &s.seats {
            if let Some(e) = self.seats.get_mut(seat.seat as usize) {
                e.render(s.lang, seat, s.waiting == Waiting::Human, hinted);
            }
        }
        self.centre.render(s);
        self.bar.render(s);
        O::fair_mark(&self.bar.home, mark);
        self.panels.render(s);
        self.readout.read(s);
        self.move_focus(s);
        V::render_viewer(self, scene, review);
        let error = scene.dialog_error.as_deref();
        self.dialogs
            .render::<V, O>(scene.lang, scene.dialog.as_ref(), error);
        // (Last: the intro's Next takes the focus from a dialog closing.)
        self.coach.render(scene.coach.as_ref());
    }

    /// The replay viewer's bar (written through [`ViewerViews`], so that a
    /// build without the viewer, which never shows one, leaves the bar's
    /// writer out of its wasm).
    pub fn render_replay_bar(&mut self, bar: Option<ReplayBarScene>) {
        self.replay_bar.render(&self.bar.home, bar);
    }

    /// `<body>`'s classes and counter, `<html lang>` and the title, where
    /// they changed: the only writer of them after start.
    fn render_flags(&mut self, f: &PageFlags) {
        let before = self.flags.replace(*f);
        if before.as_ref() == Some(f) {
            return;
        }
        let body = &self.body;
        toggle_class(body, "embed", f.embed);
        toggle_class(body, "no-anim", f.no_anim);
        toggle_class(body, "four-colour", f.four_colour);
        toggle_class(body, "large-cards", f.large_cards);
        toggle_class(body, "theme-light", f.theme == Theme::Light);
        toggle_class(body, "theme-dark", f.theme == Theme::Dark);
        toggle_class(body, "replaying", f.replaying);
        toggle_class(body, "puzzling", f.puzzling);
        toggle_class(body, "net-joining", f.joining);
        set_attr(body, "data-sounds-played", &f.sounds_played.to_string());
        if before.is_none_or(|b| b.lang != f.lang) {
            write_document_lang(f.lang);
        }
    }
}

/// `<html lang>` and the page's title in `lang`. The view writes them with
/// the page's other marks ([`View::render`]); the page's root writes them
/// once at start, before any render (a reply tab shows no table, and the
/// error panel after an early panic reads the language there).
pub fn write_document_lang(lang: Lang) {
    let d = doc();
    if let Some(html) = d.document_element() {
        set_attr(&html, "lang", lang.tag());
    }
    d.set_title(lang.t(K::AppTitle));
}
