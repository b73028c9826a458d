//! The view: renders a [`Scene`] into the DOM and holds no game logic. The
//! page skeleton is built once; each render updates it in place — hand and
//! trick cards are keyed by card code, other hands keep one back per card,
//! and small panels are rebuilt only when their content changed. Looks are
//! all in www/style.css (classes and CSS custom properties).

use super::dom::{
    append, button, clear, doc, el, icon, opt_attr, remove_attr, restart_animation, set_attr,
    set_hidden, set_text, set_var, text_el, toggle_class,
};
use super::i18n::{self, t, tf, K};
use super::scene::{
    ChooserScene, EndPanel, HandCard, HandScene, PileScene, Pos, ReviewScene, Scene, ScoreSheet,
    SeatScene, TrickCard,
};
use crate::engine::{Card, GameKind, Suit};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

/// Suits, the Duck and a few icons, drawn once and used by reference.
const SPRITE: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" class="sprite" aria-hidden="true" focusable="false"><defs>
<symbol id="suit-H" viewBox="0 0 100 100"><path d="M50 90C46 86 8 61 8 34 8 18 20 8 32 8c9 0 15 5 18 12 3-7 9-12 18-12 12 0 24 10 24 26 0 27-38 52-42 56z"/></symbol>
<symbol id="suit-D" viewBox="0 0 100 100"><path d="M50 4c10 18 22 32 38 46-16 14-28 28-38 46C40 78 28 64 12 50 28 36 40 22 50 4z"/></symbol>
<symbol id="suit-S" viewBox="0 0 100 100"><path d="M50 6c8 16 40 32 40 54 0 14-10 22-21 22-7 0-13-3-16-8 1 10 5 16 13 20H34c8-4 12-10 13-20-3 5-9 8-16 8-11 0-21-8-21-22C10 38 42 22 50 6z"/></symbol>
<symbol id="suit-C" viewBox="0 0 100 100"><path d="M31 30a19 19 0 1 0 38 0 19 19 0 1 0-38 0zM9 60a19 19 0 1 0 38 0 19 19 0 1 0-38 0zm44 0a19 19 0 1 0 38 0 19 19 0 1 0-38 0zM45 52c1 22-3 34-11 42h32c-8-8-12-20-11-42z"/></symbol>
<symbol id="duck-figure" viewBox="0 0 100 100"><path d="M30 56c2-6 10-9 19-7 12 2 22 4 36-7 4 8 6 18 2 26-6 14-22 20-38 20-14 0-25-8-27-18-1-6 2-11 8-14z"/><circle cx="38" cy="36" r="15"/><path d="M25 33c-8-1-15 2-19 7 6 3 13 3 20 1z"/><circle cx="35" cy="32" r="3" fill="#fff"/><path d="M47 62c10-6 24-4 30 2-8 10-22 10-30-2z" fill="#fff" fill-opacity=".3"/></symbol>
<symbol id="i-sound" viewBox="0 0 100 100"><path d="M14 38h18l22-18v60L32 62H14z"/><path d="M64 36c8 8 8 20 0 28M73 26c14 14 14 34 0 48" fill="none" stroke="currentColor" stroke-width="7" stroke-linecap="round"/></symbol>
<symbol id="i-mute" viewBox="0 0 100 100"><path d="M14 38h18l22-18v60L32 62H14z"/><path d="M66 38l22 24m0-24L66 62" fill="none" stroke="currentColor" stroke-width="7" stroke-linecap="round"/></symbol>
<symbol id="i-trick" viewBox="0 0 100 100"><g fill="none" stroke="currentColor" stroke-width="7" stroke-linejoin="round"><path d="M18 30l30-10 12 40-30 10z"/><path d="M52 24l32 4-6 46-18-2"/></g></symbol>
<symbol id="i-scores" viewBox="0 0 100 100"><g fill="none" stroke="currentColor" stroke-width="7" stroke-linecap="round"><path d="M22 26h56M22 50h56M22 74h56M44 16v68"/></g></symbol>
<symbol id="i-new" viewBox="0 0 100 100"><path d="M50 18v64M18 50h64" fill="none" stroke="currentColor" stroke-width="9" stroke-linecap="round"/></symbol>
</defs></svg>"##;

/// How long a collected trick's cards take to slide away (see `.collect` in the CSS).
const COLLECT_MS: u32 = 450;

const POSITIONS: [Pos; 4] = [Pos::Bottom, Pos::Left, Pos::Top, Pos::Right];

struct SeatEls {
    root: Element,
    name: Element,
    player: Element,
    badges: Element,
    count: Element,
    hand: Element,
    piles: Element,
    summary: Element,
    face_up: Option<bool>,
    badges_shown: Option<Vec<(String, &'static str)>>,
    piles_shown: Option<Vec<PileScene>>,
}

pub struct View {
    root: Element,
    course: Element,
    seats: Vec<SeatEls>,
    stock: Element,
    stock_count: Element,
    trick: Element,
    slots: Vec<Element>,
    trick_note: Element,
    call: Element,
    call_text: Element,
    call_who: Element,
    call_generation: u32,
    last_winner: Option<Pos>,
    status: Element,
    message: Element,
    quack: Element,
    duck: Element,
    chooser: Element,
    deal_end: Element,
    game_over: Element,
    review: Element,
    privacy: Element,
    privacy_text: Element,
    scores: Element,
    mute: Element,
    review_btn: Element,
    table: Element,
    shown: Shown,
}

/// What the panels rebuilt only on change show now (None: not rendered yet).
/// Compared with `==`: formatting scenes into signatures would link `Debug`
/// and its Unicode tables into the page.
#[derive(Default)]
struct Shown {
    muted: Option<bool>,
    scores: Option<ScoreSheet>,
    chooser: Option<Option<ChooserScene>>,
    deal_end: Option<Option<EndPanel>>,
    game_over: Option<Option<EndPanel>>,
    review: Option<Option<ReviewScene>>,
}

/// Whether a panel's content differs from what it shows (and remembers the new one).
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

fn tool_button(id: &str, action: &str, icon_id: &str, label: &str) -> Element {
    let b = with_id(button("tool", action), id);
    b.set_inner_html(&format!(
        "{}<span class=\"label\"></span>",
        icon(icon_id, "icon")
    ));
    if let Some(l) = b.query_selector(".label").ok().flatten() {
        l.set_text_content(Some(label));
    }
    let _ = b.set_attribute("title", label);
    let _ = b.set_attribute("aria-label", label);
    b
}

impl View {
    /// Builds the page skeleton inside `#app`.
    pub fn new() -> View {
        let d = doc();
        let body = d.body().expect("a body");
        // Once per page: a language switch builds the view again.
        if d.query_selector("svg.sprite").ok().flatten().is_none() {
            let _ = body.insert_adjacent_html("afterbegin", SPRITE);
        }
        if let Some(html) = d.document_element() {
            let _ = html.set_attribute("lang", i18n::lang_tag(i18n::lang()));
        }
        d.set_title(t(K::AppTitle));
        let root = d.get_element_by_id("app").unwrap_or_else(|| {
            let a = with_id(el("div", ""), "app");
            append(&body, &a);
            a
        });
        clear(&root);

        // Header: brand, the course, tools.
        let header = el("header", "topbar");
        let brand = el("h1", "brand");
        brand.set_inner_html(&icon("duck-figure", "brand-duck"));
        append(&brand, &text_el("span", "", t(K::AppTitle)));
        append(&header, &brand);
        let course = with_id(el("div", "course"), "course");
        // (The course, the trick's winner and the calls are read out by a11y.rs's log.)
        append(&header, &course);
        let tools = el("nav", "tools");
        let review_btn = tool_button("last-trick", "review", "i-trick", t(K::LastTrick));
        let scores_btn = tool_button("scores-toggle", "scores", "i-scores", t(K::Scores));
        let mute = tool_button("mute", "mute", "i-sound", t(K::SoundOn));
        let new_game = tool_button("new-game", "new-game", "i-new", t(K::NewGame));
        for b in [&review_btn, &scores_btn, &mute, &new_game] {
            append(&tools, b);
        }
        append(&header, &tools);
        append(&root, &header);

        let layout = el("div", "layout");
        let table = with_id(el("main", "table"), "table");

        // The centre: stock, trick, call banner.
        let center = el("div", "center");
        let stock = el("div", "stock");
        let _ = stock.set_attribute("aria-label", t(K::DuckHouse));
        let stack = el("div", "stack");
        for _ in 0..3 {
            append(&stack, &back_card());
        }
        append(&stock, &stack);
        append(&stock, &text_el("span", "stock-label", t(K::DuckHouse)));
        let stock_count = el("span", "stock-count");
        append(&stock, &stock_count);
        append(&center, &stock);
        let trick = with_id(el("div", "trick"), "trick");
        let slots: Vec<Element> = POSITIONS
            .iter()
            .map(|p| {
                let s = el("div", &format!("slot slot-{}", p.name()));
                append(&trick, &s);
                s
            })
            .collect();
        append(&center, &trick);
        let trick_note = el("div", "trick-note");
        append(&center, &trick_note);
        let call = with_id(el("div", "call"), "call");
        let call_text = el("span", "call-text");
        let call_who = el("span", "call-who");
        append(&call, &call_text);
        append(&call, &call_who);
        append(&center, &call);
        let deal_end = with_id(el("div", "panel deal-end"), "deal-end");
        set_hidden(&deal_end, true);
        append(&center, &deal_end);
        append(&table, &center);

        // The action bar: prompt, messages, Quack!/Duck, the chooser.
        let bar = el("div", "actionbar");
        let status = with_id(el("p", "status"), "status");
        let _ = status.set_attribute("role", "status");
        append(&bar, &status);
        let buttons = el("div", "calls");
        let quack = with_id(button("quack-btn", "quack"), "quack");
        let duck = with_id(button("duck-btn", "duck"), "duck");
        duck.set_text_content(Some(t(K::DuckButton)));
        let _ = duck.set_attribute("title", t(K::DuckButtonHint));
        set_hidden(&quack, true);
        set_hidden(&duck, true);
        append(&buttons, &quack);
        append(&buttons, &duck);
        append(&bar, &buttons);
        let chooser = with_id(el("div", "chooser"), "chooser");
        set_hidden(&chooser, true);
        append(&bar, &chooser);
        let message = with_id(el("p", "message"), "message");
        let _ = message.set_attribute("aria-live", "polite");
        append(&bar, &message);
        append(&table, &bar);
        append(&layout, &table);

        let scores = with_id(el("aside", "scores"), "scores");
        append(&layout, &scores);
        append(&root, &layout);

        let review = with_id(el("div", "overlay review"), "review");
        let _ = review.set_attribute("data-action", "review");
        set_hidden(&review, true);
        append(&root, &review);
        let game_over = with_id(el("div", "overlay game-over"), "game-over");
        set_hidden(&game_over, true);
        append(&root, &game_over);
        let privacy = with_id(el("div", "overlay privacy"), "privacy");
        let _ = privacy.set_attribute("data-action", "privacy");
        let panel = el("div", "panel");
        panel.set_inner_html(&icon("duck-figure", "privacy-duck"));
        let privacy_text = el("h2", "");
        append(&panel, &privacy_text);
        let cont = with_id(button("primary", "privacy"), "privacy-continue");
        cont.set_text_content(Some(t(K::TapToContinue)));
        append(&panel, &cont);
        append(&privacy, &panel);
        set_hidden(&privacy, true);
        append(&root, &privacy);

        View {
            root,
            course,
            seats: Vec::new(),
            stock,
            stock_count,
            trick,
            slots,
            trick_note,
            call,
            call_text,
            call_who,
            call_generation: 0,
            last_winner: None,
            status,
            message,
            quack,
            duck,
            chooser,
            deal_end,
            game_over,
            review,
            privacy,
            privacy_text,
            scores,
            mute,
            review_btn,
            table,
            shown: Shown::default(),
        }
    }

    /// Lays the table out for a game: one section per seat.
    pub fn set_table(&mut self, kind: GameKind) {
        for s in self.seats.drain(..) {
            s.root.remove();
        }
        for slot in &self.slots {
            clear(slot);
        }
        self.shown = Shown::default();
        set_attr(&self.root, "data-game", kind.name());
        set_attr(&self.root, "data-seats", &kind.seats().to_string());
        for seat in 0..kind.seats() {
            let root = el("section", "seat");
            let _ = root.set_attribute("data-seat", &seat.to_string());
            let plate = el("div", "plate");
            append(&plate, &el("span", "turn-dot"));
            let name = el("span", "name");
            let player = el("span", "player");
            let badges = el("span", "badges");
            let count = el("span", "count");
            for e in [&name, &player, &badges, &count] {
                append(&plate, e);
            }
            let hand = el("div", "hand");
            let piles = el("div", "piles");
            let summary = el("div", "summary");
            append(&root, &plate);
            append(&root, &hand);
            append(&root, &piles);
            append(&root, &summary);
            append(&self.table, &root);
            self.seats.push(SeatEls {
                root,
                name,
                player,
                badges,
                count,
                hand,
                piles,
                summary,
                face_up: None,
                badges_shown: None,
                piles_shown: None,
            });
        }
    }

    pub fn render(&mut self, s: &Scene) {
        let r = &self.root;
        set_attr(r, "data-phase", s.phase);
        set_attr(r, "data-waiting", s.waiting);
        set_attr(r, "data-moves", &s.moves.to_string());
        set_attr(r, "data-course", s.course);
        toggle_class(r, "scores-open", s.scores_open);
        set_text(&self.course, &s.course_line);
        set_attr(&self.course, "data-course", s.course);

        let (icon_id, label) = if s.muted {
            ("i-mute", K::SoundOff)
        } else {
            ("i-sound", K::SoundOn)
        };
        if changed(&mut self.shown.muted, s.muted) {
            self.mute.set_inner_html(&format!(
                "{}<span class=\"label\"></span>",
                icon(icon_id, "icon")
            ));
            if let Some(l) = self.mute.query_selector(".label").ok().flatten() {
                l.set_text_content(Some(t(label)));
            }
            let _ = self.mute.set_attribute("title", t(label));
            let _ = self.mute.set_attribute("aria-label", t(label));
            set_attr(
                &self.mute,
                "aria-pressed",
                if s.muted { "true" } else { "false" },
            );
        }
        toggle_class(&self.review_btn, "disabled", !s.review_available);

        for seat in &s.seats {
            self.render_seat(seat, s.waiting == "human");
        }
        match s.stock {
            Some(n) => {
                set_hidden(&self.stock, false);
                set_text(
                    &self.stock_count,
                    &if n == 0 {
                        t(K::DuckHouseEmpty).to_string()
                    } else {
                        tf(K::Cards, &[&n.to_string()])
                    },
                );
                toggle_class(&self.stock, "empty", n == 0);
                set_attr(&self.stock, "data-count", &n.to_string());
            }
            None => set_hidden(&self.stock, true),
        }
        self.render_trick(s);
        self.render_call(s);

        set_text(&self.status, &s.status);
        toggle_class(&self.status, "your-turn", s.waiting == "human");
        set_text(&self.message, s.message.as_deref().unwrap_or(""));
        set_hidden(&self.message, s.message.is_none());
        match &s.quack {
            Some(label) => {
                set_text(&self.quack, label);
                set_hidden(&self.quack, false);
            }
            None => set_hidden(&self.quack, true),
        }
        set_hidden(&self.duck, !s.duck);
        self.render_chooser(s.chooser.as_ref());

        if changed(&mut self.shown.scores, s.scores.clone()) {
            render_scores(&self.scores, &s.scores);
        }
        self.render_deal_end(s.deal_end.as_ref());
        self.render_game_over(s.game_over.as_ref());
        self.render_review(s.review.as_ref());
        match &s.privacy {
            Some(text) => {
                set_text(&self.privacy_text, text);
                let was_hidden = self
                    .privacy
                    .dyn_ref::<HtmlElement>()
                    .is_some_and(|h| h.hidden());
                set_hidden(&self.privacy, false);
                if was_hidden {
                    focus("privacy-continue");
                }
            }
            None => set_hidden(&self.privacy, true),
        }
    }

    fn render_seat(&mut self, s: &SeatScene, acting: bool) {
        let Some(e) = self.seats.get_mut(s.seat as usize) else {
            return;
        };
        for p in POSITIONS {
            toggle_class(&e.root, &format!("pos-{}", p.name()), p == s.pos);
        }
        toggle_class(&e.root, "to-move", s.to_move);
        set_text(&e.name, &s.name);
        set_text(&e.player, &s.player);
        if changed(&mut e.badges_shown, s.badges.clone()) {
            clear(&e.badges);
            for (text, class) in &s.badges {
                append(
                    &e.badges,
                    &text_el("span", &format!("badge badge-{class}"), text),
                );
            }
        }
        match &s.hand {
            HandScene::Up(cards) => {
                if e.face_up != Some(true) {
                    clear(&e.hand);
                    e.face_up = Some(true);
                }
                toggle_class(&e.hand, "up", true);
                toggle_class(&e.hand, "down", false);
                set_text(&e.count, "");
                set_hidden(&e.count, true);
                render_hand_up(&e.hand, cards, acting);
                set_var(&e.hand, "--n", &cards.len().max(1).to_string());
            }
            HandScene::Down(n) => {
                if e.face_up != Some(false) {
                    clear(&e.hand);
                    e.face_up = Some(false);
                }
                toggle_class(&e.hand, "up", false);
                toggle_class(&e.hand, "down", true);
                set_hidden(&e.count, false);
                set_text(&e.count, &n.to_string());
                set_attr(
                    &e.hand,
                    "aria-label",
                    &tf(K::HandDown, &[&s.name, &n.to_string()]),
                );
                let mut have = 0;
                let mut c = e.hand.first_element_child();
                while let Some(x) = c {
                    have += 1;
                    c = x.next_element_sibling();
                }
                while have < *n {
                    append(&e.hand, &back_card());
                    have += 1;
                }
                while have > *n {
                    if let Some(last) = e.hand.last_element_child() {
                        last.remove();
                    }
                    have -= 1;
                }
                set_var(&e.hand, "--n", &n.max(&1).to_string());
            }
        }
        if changed(&mut e.piles_shown, s.piles.clone()) {
            render_piles(&e.piles, s);
        }
        set_text(&e.summary, s.summary.as_deref().unwrap_or(""));
        set_hidden(&e.summary, s.summary.is_none());
    }

    fn render_trick(&mut self, s: &Scene) {
        // A finished trick leaving the table slides to its winner.
        let collect = self.last_winner.filter(|_| s.trick.plays.is_empty());
        for (i, slot) in self.slots.iter().enumerate() {
            let pos = POSITIONS[i];
            let wanted: Vec<&TrickCard> = s.trick.plays.iter().filter(|p| p.pos == pos).collect();
            // Drop cards no longer on the table.
            let mut c = slot.first_element_child();
            while let Some(x) = c {
                c = x.next_element_sibling();
                if x.class_list().contains("collect") {
                    continue;
                }
                let key = x.get_attribute("data-card").unwrap_or_default();
                if !wanted.iter().any(|w| w.card.to_string() == key) {
                    match collect {
                        Some(to) => {
                            let _ = x.remove_attribute("data-card");
                            let _ = x
                                .class_list()
                                .add_2("collect", &format!("collect-{}", to.name()));
                            let ghost = x.clone();
                            gloo::timers::callback::Timeout::new(COLLECT_MS, move || {
                                ghost.remove()
                            })
                            .forget();
                        }
                        None => x.remove(),
                    }
                }
            }
            for (k, tc) in wanted.iter().enumerate() {
                let key = tc.card.to_string();
                let existing = slot
                    .query_selector(&format!("[data-card=\"{key}\"]"))
                    .ok()
                    .flatten();
                let card = match existing {
                    Some(x) => x,
                    None => {
                        let x = card_el(tc.card, "div", &format!("enter enter-{}", pos.name()));
                        append(slot, &x);
                        x
                    }
                };
                toggle_class(&card, "quack", tc.quack);
                set_var(&card, "--k", &k.to_string());
                set_ace_mark(&card, tc.ace);
                let named = card.query_selector(".named").ok().flatten();
                match (tc.named, named) {
                    (Some(suit), None) => {
                        let chip = el(
                            "span",
                            &format!("named {}", if suit.is_red() { "red" } else { "black" }),
                        );
                        chip.set_inner_html(&icon(&format!("suit-{}", suit.letter()), "pip"));
                        append(&chip, &text_el("span", "", i18n::suit_title(suit)));
                        let _ = chip
                            .set_attribute("title", &tf(K::DuckNamed, &[i18n::suit_title(suit)]));
                        let _ = chip.set_attribute("data-named", &suit.letter().to_string());
                        append(&card, &chip);
                    }
                    (None, Some(chip)) => chip.remove(),
                    _ => {}
                }
            }
            toggle_class(slot, "winner", s.trick.winner == Some(pos));
            toggle_class(slot, "filled", !wanted.is_empty());
        }
        self.last_winner = s.trick.winner;
        toggle_class(&self.trick, "done", s.trick.winner.is_some());
        set_text(&self.trick_note, s.trick.note.as_deref().unwrap_or(""));
        toggle_class(&self.trick_note, "shown", s.trick.note.is_some());
    }

    fn render_call(&mut self, s: &Scene) {
        match &s.call {
            Some(c) => {
                set_text(&self.call_text, c.text);
                set_text(&self.call_who, &c.who);
                set_attr(&self.call, "data-call", c.id);
                if c.generation != self.call_generation {
                    self.call_generation = c.generation;
                    set_attr(&self.call, "data-call-n", &c.generation.to_string());
                    restart_animation(&self.call, "show");
                }
            }
            None => {
                remove_attr(&self.call, "data-call");
                toggle_class(&self.call, "show", false);
            }
        }
    }

    fn render_chooser(&mut self, c: Option<&ChooserScene>) {
        let Some(c) = rebuild(&mut self.shown.chooser, &self.chooser, c) else {
            return;
        };
        append(&self.chooser, &text_el("span", "prompt", &c.prompt));
        for &suit in &c.suits {
            let b = button(
                &format!(
                    "suit-choice {}",
                    if suit.is_red() { "red" } else { "black" }
                ),
                "duck-suit",
            );
            let _ = b.set_attribute("data-suit", &suit.letter().to_string());
            b.set_inner_html(&icon(&format!("suit-{}", suit.letter()), "pip"));
            append(&b, &text_el("span", "", i18n::suit_title(suit)));
            append(&self.chooser, &b);
        }
        for &card in &c.cards {
            let b = card_el(card, "button", "choice");
            let _ = b.set_attribute("type", "button");
            let _ = b.set_attribute("data-action", "choice");
            let _ = b.set_attribute("data-choice", &card.to_string());
            b.remove_attribute("data-card").ok();
            append(&self.chooser, &b);
        }
    }

    fn render_deal_end(&mut self, p: Option<&EndPanel>) {
        let Some(p) = rebuild(&mut self.shown.deal_end, &self.deal_end, p) else {
            return;
        };
        fill_panel(&self.deal_end, p, "deal-result");
        let next = with_id(button("primary", "next-deal"), "next-deal");
        next.set_text_content(Some(t(K::NextDeal)));
        append(&self.deal_end, &next);
        focus("next-deal");
    }

    fn render_game_over(&mut self, p: Option<&EndPanel>) {
        let Some(p) = rebuild(&mut self.shown.game_over, &self.game_over, p) else {
            return;
        };
        let panel = el("div", "panel");
        panel.set_inner_html(&icon("duck-figure", "trophy-duck"));
        fill_panel(&panel, p, "final");
        let buttons = el("div", "buttons");
        let again = with_id(button("primary", "play-again"), "play-again");
        again.set_text_content(Some(t(K::PlayAgain)));
        let new_game = button("secondary", "new-game");
        new_game.set_text_content(Some(t(K::NewGame)));
        append(&buttons, &again);
        append(&buttons, &new_game);
        append(&panel, &buttons);
        append(&self.game_over, &panel);
        focus("play-again");
    }

    fn render_review(&mut self, r: Option<&ReviewScene>) {
        let Some(r) = rebuild(&mut self.shown.review, &self.review, r) else {
            return;
        };
        let panel = el("div", "panel");
        let _ = panel.set_attribute("role", "dialog");
        append(&panel, &text_el("h2", "", t(K::LastTrick)));
        let row = el("div", "review-cards");
        for (who, card, quack) in &r.plays {
            let fig = el("figure", "");
            let c = card_el(*card, "div", if *quack { "quack" } else { "" });
            append(&fig, &c);
            append(&fig, &text_el("figcaption", "", who));
            append(&row, &fig);
        }
        append(&panel, &row);
        append(&panel, &text_el("p", "verdict", &r.verdict));
        let close = button("primary", "review");
        close.set_text_content(Some(t(K::Close)));
        append(&panel, &close);
        append(&self.review, &panel);
    }
}

fn focus(id: &str) {
    if let Some(e) = super::dom::by_id(id).and_then(|e| e.dyn_into::<HtmlElement>().ok()) {
        let _ = e.focus();
    }
}

fn fill_panel(target: &Element, p: &EndPanel, class: &str) {
    append(target, &text_el("h2", "", &p.title));
    let list = el("dl", class);
    for (name, value) in &p.lines {
        append(&list, &text_el("dt", "", name));
        append(&list, &text_el("dd", "", value));
    }
    if class == "final" {
        append(target, &text_el("p", "verdict", &p.verdict));
        append(target, &list);
    } else {
        append(target, &list);
        append(target, &text_el("p", "verdict", &p.verdict));
    }
}

/// A face-down card: nothing about its identity, ever.
fn back_card() -> Element {
    let b = el("span", "card back");
    let _ = b.set_attribute("aria-hidden", "true");
    append(&b, &el("span", "face"));
    b
}

fn suit_icon(s: Suit, class: &str) -> String {
    icon(&format!("suit-{}", s.letter()), class)
}

/// A face-up card (`tag` is "button" for a hand, "div" elsewhere).
pub fn card_el(card: Card, tag: &str, extra: &str) -> Element {
    let colour = if card.is_joker() {
        if card.joker_is_red() {
            "red joker"
        } else {
            "black joker"
        }
    } else if card.suit().is_red() {
        "red"
    } else {
        "black"
    };
    // suit-X: the four-colour deck (settings.rs) recolours clubs and diamonds.
    let suit = if card.is_joker() {
        String::new()
    } else {
        format!(" suit-{}", card.suit().letter())
    };
    let e = el(tag, format!("card {colour}{suit} {extra}").trim());
    let _ = e.set_attribute("data-card", &card.to_string());
    let html = if card.is_joker() {
        let d = icon("duck-figure", "pip");
        format!(
            "<span class=\"face\" aria-hidden=\"true\"><span class=\"idx\">{d}</span><span class=\"mid duck-mid\">{}</span><span class=\"idx idx-b\">{d}</span></span>",
            icon("duck-figure", "big")
        )
    } else {
        let r = i18n::rank_index(card.rank());
        let pip = suit_icon(card.suit(), "pip");
        let mid = if card.rank() > 10 {
            format!(
                "<span class=\"mid court\"><span class=\"court-letter\">{r}</span>{}</span>",
                suit_icon(card.suit(), "court-pip")
            )
        } else {
            format!(
                "<span class=\"mid\">{}</span>",
                suit_icon(card.suit(), "big")
            )
        };
        format!(
            "<span class=\"face\" aria-hidden=\"true\"><span class=\"idx\"><span class=\"r\">{r}</span>{pip}</span>{mid}<span class=\"idx idx-b\"><span class=\"r\">{r}</span>{pip}</span></span>"
        )
    };
    e.set_inner_html(&html);
    // The card's name for screen readers, as text (the face is aria-hidden).
    let _ = e.insert_adjacent_element(
        "afterbegin",
        &text_el("span", "sr-only", &i18n::card_name(card)),
    );
    e
}

fn set_ace_mark(card: &Element, ace: Option<&'static str>) {
    let mark = card.query_selector(".ace-mark").ok().flatten();
    match (ace, mark) {
        (Some(a), None) => {
            let text = t(if a == "high" { K::AceHigh } else { K::AceLow });
            let face = card
                .query_selector(".face")
                .ok()
                .flatten()
                .unwrap_or_else(|| card.clone());
            append(&face, &text_el("span", &format!("ace-mark ace-{a}"), text));
        }
        (None, Some(m)) => m.remove(),
        _ => {}
    }
}

fn render_hand_up(hand: &Element, cards: &[HandCard], acting: bool) {
    let fresh = hand.first_element_child().is_none();
    let keys: Vec<String> = cards.iter().map(|c| c.card.to_string()).collect();
    let mut c = hand.first_element_child();
    while let Some(x) = c {
        c = x.next_element_sibling();
        let key = x.get_attribute("data-card").unwrap_or_default();
        if !keys.contains(&key) {
            x.remove();
        }
    }
    let mut cursor = hand.first_element_child();
    for (hc, key) in cards.iter().zip(&keys) {
        let node = match hand
            .query_selector(&format!("[data-card=\"{key}\"]"))
            .ok()
            .flatten()
        {
            Some(x) => x,
            None => {
                let x = card_el(hc.card, "button", if fresh { "dealt" } else { "drawn" });
                let _ = x.set_attribute("type", "button");
                let _ = x.set_attribute("data-action", "play");
                x
            }
        };
        if cursor.as_ref() == Some(&node) {
            cursor = node.next_element_sibling();
        } else {
            let _ = hand.insert_before(&node, cursor.as_ref().map(|c| c.as_ref()));
        }
        let dimmed = acting && !hc.playable;
        toggle_class(&node, "playable", hc.playable);
        toggle_class(&node, "dimmed", dimmed);
        toggle_class(&node, "quack", hc.quack);
        // Not actionable now (another seat's turn, or a card that may not be
        // played): tapping it still explains why.
        opt_attr(&node, "aria-disabled", (!hc.playable).then_some("true"));
        set_ace_mark(&node, hc.ace);
    }
}

fn render_piles(target: &Element, s: &SeatScene) {
    clear(target);
    for p in &s.piles {
        let pile = el("div", if p.current { "pile current" } else { "pile" });
        append(&pile, &text_el("span", "pile-label", &p.label));
        let down = el("span", "stack-mini down");
        let _ = down.set_attribute("title", t(K::FaceDown));
        append(&down, &el("span", "mini back"));
        append(&down, &text_el("b", "", &p.down.to_string()));
        append(&pile, &down);
        let up = el("span", "stack-mini up");
        let _ = up.set_attribute("title", t(K::FaceUp));
        append(&up, &el("span", "mini front"));
        append(&up, &text_el("b", "", &p.up.to_string()));
        append(&pile, &up);
        append(
            &pile,
            &text_el("span", "pts", &tf(K::Points, &[&p.points.to_string()])),
        );
        if !p.up_cards.is_empty() {
            let cards = el("span", "kept-quacks");
            for &c in &p.up_cards {
                append(&cards, &card_el(c, "span", "tiny"));
            }
            append(&pile, &cards);
        }
        append(target, &pile);
    }
}

fn render_scores(target: &Element, s: &ScoreSheet) {
    clear(target);
    let head = el("div", "scores-head");
    append(&head, &text_el("h2", "", t(K::ScoreSheet)));
    let close = button("tool close-scores", "scores");
    close.set_text_content(Some(t(K::Close)));
    append(&head, &close);
    append(target, &head);
    append(target, &text_el("p", "caption", &s.caption));
    let table = el("table", "");
    let thead = el("thead", "");
    let tr = el("tr", "");
    append(&tr, &el("th", ""));
    for h in &s.heads {
        append(&tr, &text_el("th", "", h));
    }
    append(&thead, &tr);
    append(&table, &thead);
    let tbody = el("tbody", "");
    for (k, row) in s.rows.iter().enumerate() {
        let tr = el("tr", if row.live { "live" } else { "" });
        let _ = tr.set_attribute("data-deal", &(k + 1).to_string());
        append(&tr, &text_el("th", "", &row.label));
        for (i, (detail, score)) in row.cells.iter().enumerate() {
            let td = el("td", "");
            let _ = td.set_attribute("data-scorer", &i.to_string());
            append(&td, &text_el("span", "work", detail));
            let sc = match score {
                Some(v) => v.to_string(),
                None => t(K::InProgress).to_string(),
            };
            append(&td, &text_el("span", "deal-score", &sc));
            append(&tr, &td);
        }
        append(&tbody, &tr);
    }
    append(&table, &tbody);
    let tfoot = el("tfoot", "");
    let tr = el("tr", "");
    append(&tr, &text_el("th", "", t(K::Total)));
    for (i, v) in s.totals.iter().enumerate() {
        let td = text_el("td", "", &v.to_string());
        let _ = td.set_attribute("data-total", &i.to_string());
        append(&tr, &td);
    }
    append(&tfoot, &tr);
    append(&table, &tfoot);
    append(target, &table);
}
