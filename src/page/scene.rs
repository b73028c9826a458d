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

/// Where a seat sits on the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pos {
    Bottom,
    Left,
    Top,
    Right,
}

impl Pos {
    pub fn name(self) -> &'static str {
        match self {
            Pos::Bottom => "bottom",
            Pos::Left => "left",
            Pos::Top => "top",
            Pos::Right => "right",
        }
    }
}

/// The screen position of `seat` when `bottom` sits at the bottom: play
/// goes clockwise, bottom → left → top → right.
pub fn position(seats: u8, bottom: u8, seat: u8) -> Pos {
    let k = (seat + seats - bottom) % seats;
    match (seats, k) {
        (_, 0) => Pos::Bottom,
        (2, _) => Pos::Top,
        (3, 1) => Pos::Left,
        (3, _) => Pos::Right,
        (_, 1) => Pos::Left,
        (_, 2) => Pos::Top,
        _ => Pos::Right,
    }
}

/// Where the game on the table stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Playing,
    DealOver,
    GameOver,
}

/// Whom the table waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waiting {
    /// A person here may act now.
    Human,
    /// A person here is to move, behind the pass-and-play screen.
    Privacy,
    /// A guest's move is on its way to the host, whose next table answers it.
    Host,
    /// A person here has one legal move, and it plays itself in a moment.
    OnlyMove,
    /// A computer, or a friend on another device.
    Computer,
    /// Nobody: between deals, or the game is over.
    None,
}

/// The course the table shows (in partnerships, which have none, the
/// trick's lead once it has one), for its styles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CourseMark {
    Duck,
    Soup,
    Partnership,
    HighLead,
    LowLead,
}

impl Phase {
    /// Its name in the page (`data-phase`).
    pub fn name(self) -> &'static str {
        match self {
            Phase::Playing => "playing",
            Phase::DealOver => "deal-over",
            Phase::GameOver => "game-over",
        }
    }
}

impl Waiting {
    /// Its name in the page (`data-waiting`).
    pub fn name(self) -> &'static str {
        match self {
            Waiting::Human => "human",
            Waiting::Privacy => "privacy",
            Waiting::Host => "host",
            Waiting::OnlyMove => "only-move",
            Waiting::Computer => "computer",
            Waiting::None => "none",
        }
    }
}

impl CourseMark {
    /// Its name in the page (`data-course`).
    pub fn name(self) -> &'static str {
        match self {
            CourseMark::Duck => "duck",
            CourseMark::Soup => "soup",
            CourseMark::Partnership => "partnership",
            CourseMark::HighLead => "high-lead",
            CourseMark::LowLead => "low-lead",
        }
    }
}

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

/// The one thing a hint highlights on the table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Hinted {
    /// A card of the hand at the bottom.
    HandCard(Card),
    /// A suit in the chooser (a led Duck's).
    Suit(Suit),
    /// A card in the chooser (which to quack with).
    Choice(Card),
    Quack,
    Duck,
}

#[derive(Clone, Debug, PartialEq)]
pub struct SeatScene {
    pub seat: u8,
    pub pos: Pos,
    pub name: String,
    pub player: String,
    pub badges: Vec<(String, &'static str)>,
    pub to_move: bool,
    pub hand: HandScene,
    /// The hand's name for screen readers ("South's hand", or its count).
    pub hand_label: String,
    /// The hand is one tab stop moved through with the arrow keys (the
    /// face-up hand at the bottom); its cards say which holds the stop.
    pub roving: bool,
    pub piles: Vec<PileScene>,
    pub summary: Option<String>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum HandScene {
    Up(Vec<HandCard>),
    Down(usize),
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct HandCard {
    pub card: Card,
    /// May be played now (false: dimmed, tapping explains why).
    pub playable: bool,
    /// Would quack (same rank as the card led).
    pub quack: bool,
    /// Partnership: "high" or "low" for an Ace.
    pub ace: Option<&'static str>,
    /// Holds the hand's tab stop (in a roving hand).
    pub tab_stop: bool,
    /// On its way to the host (a guest's move sent, not yet answered).
    pub sent: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct PileScene {
    pub label: String,
    pub down: u16,
    pub up: u16,
    pub points: u32,
    pub current: bool,
    /// Face-up cards shown on the pile (partnership: the quack cards kept).
    pub up_cards: Vec<Card>,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct TrickScene {
    pub plays: Vec<TrickCard>,
    /// The finished trick on show: its winner's position.
    pub winner: Option<Pos>,
    pub note: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrickCard {
    pub pos: Pos,
    pub card: Card,
    pub quack: bool,
    /// A led Duck's named suit.
    pub named: Option<Suit>,
    pub ace: Option<&'static str>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ChooserScene {
    pub prompt: String,
    pub suits: Vec<Suit>,
    pub cards: Vec<Card>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct CallScene {
    pub id: &'static str,
    pub text: &'static str,
    pub who: String,
    pub generation: u32,
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct ScoreSheet {
    pub caption: String,
    pub heads: Vec<String>,
    /// The finished deals' rows shown (the latest [`SHEET_LATEST`], or all).
    pub finished: DealRows,
    /// In a game of more deals than that: the switch that shows every deal
    /// (its label, and whether every deal shows).
    pub all_deals: Option<(String, bool)>,
    /// The deal in play, with the points stored so far in each course.
    pub live: Option<ScoreRow>,
    pub totals: Vec<u32>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ScoreRow {
    /// The deal's number, from 1 (the row's key).
    pub deal: usize,
    pub label: String,
    /// Each scorer's working ("7 × 5") and score.
    pub cells: Vec<(String, u32)>,
}

/// The score sheet shows the latest deals only, unless asked for all: every
/// row on the page costs the browser's layout and paint a little at every
/// move (thousands of them, most of a second). Thirty is a screenful and
/// more than a game of the default length has.
pub const SHEET_LATEST: usize = 30;

/// The finished deals' rows as one scene shows them: rows `from..to` of a
/// list that [`SheetRows`] only ever adds to within one `generation`. So a
/// view that wrote rows of this generation need write only the new ones,
/// and a scene costs the same at deal 1 and at deal 6,000.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DealRows {
    rows: Rc<Vec<ScoreRow>>,
    from: usize,
    to: usize,
    generation: u64,
}

impl DealRows {
    /// The rows shown, the first being deal `from() + 1`.
    pub fn rows(&self) -> &[ScoreRow] {
        &self.rows[self.from..self.to]
    }

    pub fn from(&self) -> usize {
        self.from
    }

    /// Rows of one generation are the same rows: a longer list only adds rows.
    pub fn generation(&self) -> u64 {
        self.generation
    }
}

/// The score sheet's rows of finished deals, each built once: a finished
/// deal's row never changes, so a render builds only the rows of the deals
/// finished since the last one. The controller keeps one and hands it to
/// [`build`]. A row depends on the language, the game, its way of combining
/// the courses and the deal's result; all are checked at each build (the
/// results by value), so another game, or a step back in the replay
/// viewer, is shown exactly: rows that no longer match start a new
/// generation.
#[derive(Default)]
pub struct SheetRows {
    made_for: Option<(Lang, GameKind, Combine)>,
    results: Vec<DealResult>,
    rows: Rc<Vec<ScoreRow>>,
    generation: u64,
}

/// Generations are numbered across every [`SheetRows`], so two never share one.
static GENERATIONS: AtomicU64 = AtomicU64::new(1);

impl SheetRows {
    /// The rows of `game`'s finished deals shown (the latest, or `all`),
    /// built for those not built yet.
    fn rows_of(&mut self, lang: Lang, game: &Game, all: bool) -> DealRows {
        let made_for = Some((lang, game.kind(), game.rules().combine));
        let results = game.results();
        // How many of the rows built are this game's (results are cheap to
        // compare, unlike the rows' words).
        let fresh = self.made_for != made_for || self.generation == 0;
        let same = if fresh {
            0
        } else {
            self.results
                .iter()
                .zip(results)
                .take_while(|(a, b)| a == b)
                .count()
        };
        // Rows are added in place, unless a scene still holds them (none
        // does after its render): then they are built again.
        if fresh
            || same < self.results.len().min(results.len())
            || (results.len() > self.results.len() && Rc::get_mut(&mut self.rows).is_none())
        {
            self.made_for = made_for;
            self.results.clear();
            self.rows = Rc::default();
            self.generation = GENERATIONS.fetch_add(1, Ordering::Relaxed);
        }
        if let Some(rows) = Rc::get_mut(&mut self.rows) {
            for (k, r) in results.iter().enumerate().skip(self.results.len()) {
                rows.push(ScoreRow {
                    deal: k + 1,
                    label: lang.tf(K::Deal, &[&(k + 1).to_string()]),
                    cells: deal_cells(lang, game, &r.points, &r.scores),
                });
                self.results.push(*r);
            }
        }
        let to = results.len();
        let latest = to.saturating_sub(SHEET_LATEST);
        DealRows {
            rows: Rc::clone(&self.rows),
            from: if all { 0 } else { latest },
            to,
            generation: self.generation,
        }
    }
}

/// The end-of-deal or end-of-game panel.
#[derive(Clone, Debug, PartialEq)]
pub struct EndPanel {
    pub title: String,
    pub lines: Vec<(String, String)>,
    pub verdict: String,
    /// The label of the panel's Share button, if it offers one.
    pub share: Option<String>,
    /// Offers its next step (Next deal, Play again): not on a guest's
    /// device, where the host deals and starts games.
    pub next: bool,
    /// The label of its button that reviews the deal just finished, if it
    /// offers one (as the Share button, and not at a table with friends).
    pub review: Option<String>,
    /// Offers *Play this deal again* (practice).
    pub practise: bool,
    /// A practice deal's end: offers the way back to the game.
    pub back_to_game: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct LastTrickScene {
    pub plays: Vec<(String, Card, bool)>,
    pub verdict: String,
}

pub fn call_text(lang: Lang, call: Call) -> (&'static str, &'static str) {
    match call {
        Call::Quack => ("quack", lang.t(K::CallQuack)),
        Call::QuackQuack => ("quack-quack", lang.t(K::CallQuackQuack)),
        Call::DuckSoup => ("duck-soup", lang.t(K::CallDuckSoup)),
        Call::QuackQuackQuack => ("quack-quack-quack", lang.t(K::CallQuackQuackQuack)),
        Call::Duck => ("duck", lang.t(K::CallDuck)),
    }
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

/// Suits in the order a hand is laid out: colours alternate.
const SUIT_ORDER: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds];

/// A card's place in the hand's order within its suit: the engine's order
/// (the Ace high or low as it counts for its holder now); Ducks after every
/// rank.
fn order_value(d: &Deal, holder: u8, c: Card) -> u8 {
    if c.is_joker() {
        return 20 + c.index();
    }
    d.order_in_suit(holder, c)
}

/// A hand sorted by suit, then rank in the current course's order; Ducks last.
pub fn sorted_hand(d: &Deal, seat: u8, by_rank: bool) -> Vec<Card> {
    let key = |c: Card| {
        let suit = if c.is_joker() {
            9
        } else {
            SUIT_ORDER.iter().position(|&s| s == c.suit()).unwrap_or(0)
        };
        if by_rank {
            // By rank (ranks together, then suits); Ducks last.
            (order_value(d, seat, c) as usize * 10 + suit, 0)
        } else {
            (suit, order_value(d, seat, c))
        }
    };
    // Insertion in order: a hand has at most 18 cards, and the library's
    // generic sort would add 3 KB to the page.
    let mut cards: Vec<Card> = Vec::with_capacity(18);
    for c in d.hand(seat).iter() {
        let k = key(c);
        let at = cards
            .iter()
            .position(|&o| key(o) > k)
            .unwrap_or(cards.len());
        cards.insert(at, c);
    }
    cards
}

/// A partnership Ace's mark: "high" or "low" by its holder's role.
fn ace_mark(d: &Deal, seat: u8, c: Card) -> Option<&'static str> {
    match d.role(seat) {
        Some(Role::High) if c.rank() == 1 => Some("high"),
        Some(Role::Low) if c.rank() == 1 => Some("low"),
        _ => None,
    }
}

/// The cards of the mover's hand that would quack now, in hand order.
pub fn quack_cards(d: &Deal, by_rank: bool) -> Vec<Card> {
    let quackers = d.quack_cards();
    if quackers.is_empty() {
        return Vec::new();
    }
    sorted_hand(d, d.to_move(), by_rank)
        .into_iter()
        .filter(|&c| quackers.contains(c))
        .collect()
}

/// A rank in words; a rank no card has (a led Duck's 0) says nothing
/// rather than fail.
fn rank_word(lang: Lang, rank: u8) -> &'static str {
    if (1..=13).contains(&rank) {
        lang.rank_word(rank)
    } else {
        ""
    }
}

fn stored_text(lang: Lang, p: Pile) -> String {
    let pts = p.points().to_string();
    match (p.down, p.up) {
        (0, _) => lang.tf(K::StoredUp, &[&pts]),
        (_, 0) if p.down == 1 => lang.tf(K::StoredDown, &[&pts]),
        _ => lang.tf(K::StoredMixed, &[&pts]),
    }
}

fn combine_text(lang: Lang, rules_combine: Combine, a: u32, b: u32) -> String {
    let (a, b) = (a.to_string(), b.to_string());
    match rules_combine {
        Combine::Multiply => lang.tf(K::Product, &[&a, &b]),
        Combine::Add => lang.tf(K::Sum, &[&a, &b]),
    }
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
        message: ui.message.clone(),
        quack,
        duck,
        chooser: chooser_scene(lang, ui),
        call,
        scores: score_sheet(lang, game, setup, ui, rows),
        // (A practice deal is a game of one deal: its end is a deal's.)
        deal_end: ((f.phase == Phase::DealOver || f.over && ctx.practising) && ui.held.is_none())
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

/// Whether a trick's lead is high (partnerships); `None` before its lead.
fn high_lead(d: &Deal, trick: &Trick) -> Option<bool> {
    trick.plays().next().map(|(s, c)| is_high_lead(d, s, c))
}

/// The header: the course's class and line, and in partnerships the lead's
/// line, which then also names the header's class and line (how the trick on
/// the table is won).
fn header(
    f: &Facts,
    shown_trick: Option<&(Trick, Option<u8>)>,
) -> (CourseMark, String, Option<String>) {
    let lang = f.lang;
    let (course, course_line) = match f.deal {
        Some(d) if f.kind.has_courses() => match d.course() {
            Course::Duck
                if f.kind == GameKind::TwoPlayer && d.rules().duck_winner == DuckWinner::Higher =>
            {
                (CourseMark::Duck, lang.t(K::DuckCourseHigher).to_string())
            }
            Course::Duck => (CourseMark::Duck, lang.t(K::DuckCourseLower).to_string()),
            Course::Soup => (CourseMark::Soup, lang.t(K::SoupCourse).to_string()),
        },
        _ => (
            CourseMark::Partnership,
            lang.t(K::PartnershipLine).to_string(),
        ),
    };
    // (A shown trick always has its lead; a table without one shows no line.)
    let high = match (f.kind, f.deal, shown_trick) {
        (GameKind::Partnership, Some(d), Some((tr, _))) => high_lead(d, tr),
        _ => None,
    };
    match high {
        Some(high) => {
            let line = lang
                .t(if high { K::HighLead } else { K::LowLead })
                .to_string();
            let mark = if high {
                CourseMark::HighLead
            } else {
                CourseMark::LowLead
            };
            (mark, line.clone(), Some(line))
        }
        None => (course, course_line, None),
    }
}

/// One seat: its name, player, badges, hand and piles.
fn seat_scene(f: &Facts, s: u8) -> SeatScene {
    let (lang, setup, ui) = (f.lang, f.setup, f.ui);
    let pos = position(f.n, ui.bottom, s);
    let friend = match setup.players[s as usize] {
        Player::Friend => ui.friends[s as usize & 3].as_ref(),
        _ => None,
    };
    let player = match setup.players[s as usize] {
        Player::Human => lang.t(K::Human).to_string(),
        Player::Computer(l) => format!("{} · {}", lang.t(K::Computer), lang.level_name(l)),
        Player::Friend => {
            friend.map_or_else(|| lang.t(K::FriendShort).to_string(), |f| f.name.clone())
        }
    };
    let mut badges = Vec::new();
    if let Some(d) = f.deal {
        if d.dealer() == s {
            badges.push((lang.t(K::Dealer).to_string(), "dealer"));
        }
    }
    match f.game.role(s) {
        Some(Role::High) => badges.push((lang.t(K::High).to_string(), "high")),
        Some(Role::Low) => badges.push((lang.t(K::Low).to_string(), "low")),
        None => {}
    }
    // A friend's device not connected: a short word (the status line says more).
    if let Some(away) = friend.and_then(|f| f.away.as_ref()) {
        badges.push((away.badge.clone(), "away"));
    }
    // (A guest's table: its connection's code, on the host's plate.)
    if let Some(code) = friend.and_then(|f| f.code.as_ref()) {
        badges.push((code.clone(), "code"));
    }
    let mut hand = hand_scene(f, s);
    let roving = pos == Pos::Bottom && matches!(hand, HandScene::Up(_));
    if let (true, HandScene::Up(cards)) = (roving, &mut hand) {
        let stop = tab_stop(cards, ui.tab_stop, ui.moves, f.waiting == Waiting::Human);
        for c in cards.iter_mut() {
            c.tab_stop = Some(c.card) == stop;
        }
    }
    let hand_label = match &hand {
        HandScene::Up(_) => lang.tf(K::Hand, &[&seat_label(lang, setup, s)]),
        HandScene::Down(n) => lang.tf(K::HandDown, &[&seat_label(lang, setup, s), &n.to_string()]),
    };
    SeatScene {
        seat: s,
        pos,
        name: seat_label(lang, setup, s),
        player,
        badges,
        to_move: f.mover == Some(s),
        hand,
        hand_label,
        roving,
        piles: pile_scenes(f, s),
        summary: None,
    }
}

/// A seat's hand: face up for the seat shown (or all when revealed), with
/// what may be played; else its size.
fn hand_scene(f: &Facts, s: u8) -> HandScene {
    let ui = f.ui;
    match f.deal {
        Some(d) if ui.viewer == Some(s) || ui.reveal => {
            let acting = f.can_act && f.mover == Some(s);
            let quackers = if acting {
                d.quack_cards()
            } else {
                CardSet::EMPTY
            };
            HandScene::Up(
                sorted_hand(d, s, f.ctx.sort_by_rank)
                    .into_iter()
                    .map(|c| HandCard {
                        card: c,
                        playable: acting && d.may_play(c),
                        quack: quackers.contains(c),
                        ace: ace_mark(d, s, c),
                        tab_stop: false,
                        sent: ui.move_sent.is_some_and(|m| m.card == Some(c)),
                    })
                    .collect(),
            )
        }
        Some(d) => HandScene::Down(
            ui.hand_lens
                .map_or(d.hand_len(s), |n| n[s as usize & 3] as usize),
        ),
        None => HandScene::Down(0),
    }
}

/// A seat's piles: one per course, or in partnerships the tricks kept.
fn pile_scenes(f: &Facts, s: u8) -> Vec<PileScene> {
    let lang = f.lang;
    match f.deal {
        Some(d) if f.kind.has_courses() => {
            [(Course::Duck, K::CourseDuck), (Course::Soup, K::CourseSoup)]
                .into_iter()
                .map(|(c, k)| {
                    let p = d.pile(c, s);
                    PileScene {
                        label: lang.t(k).to_string(),
                        down: p.down,
                        up: p.up,
                        points: p.points(),
                        current: f.in_deal && d.course() == c,
                        up_cards: Vec::new(),
                    }
                })
                .collect()
        }
        Some(d) => {
            let p = d.pile(Course::Duck, s);
            vec![PileScene {
                label: lang.t(K::Kept).to_string(),
                down: p.down,
                up: p.up,
                points: p.points(),
                current: f.in_deal,
                up_cards: d.kept_quacks(s).iter().collect(),
            }]
        }
        None => Vec::new(),
    }
}

/// The trick on the table, and who won it while it is held.
fn trick_scene(f: &Facts, shown_trick: Option<&(Trick, Option<u8>)>) -> TrickScene {
    let (lang, bottom) = (f.lang, f.ui.bottom);
    let mut trick = TrickScene::default();
    if let (Some(d), Some((tr, winner))) = (f.deal, shown_trick) {
        for (i, (seat, card)) in tr.plays().enumerate() {
            trick.plays.push(TrickCard {
                pos: position(f.n, bottom, seat),
                card,
                quack: tr.is_quack(i),
                named: (i == 0 && card.is_joker()).then(|| tr.led_suit()).flatten(),
                ace: ace_mark(d, seat, card),
            });
        }
        if let (Some(w), Some(o)) = (winner, f.ui.held) {
            trick.winner = Some(position(f.n, bottom, *w));
            let who = f.name(if f.kind == GameKind::Partnership {
                *w
            } else {
                o.keeper
            });
            trick.note = Some(lang.tf(K::TrickWonBy, &[who, &stored_text(lang, o.stored)]));
        }
    }
    trick
}

/// The status line, the call a quack would make now (for the Quack
/// button), and whether the Duck button shows.
fn status_line(f: &Facts) -> (String, Option<String>, bool) {
    let lang = f.lang;
    match (f.deal, f.mover) {
        _ if f.over => (lang.t(K::GameOverStatus).to_string(), None, false),
        (Some(_), None) => (lang.t(K::DealOverStatus).to_string(), None, false),
        (Some(d), Some(m)) if f.can_act => your_turn(f, d, m),
        (Some(_), Some(_)) if f.waiting == Waiting::OnlyMove => {
            (lang.t(K::OnlyMovePlays).to_string(), None, false)
        }
        (Some(_), Some(_)) if f.waiting == Waiting::Host => (
            f.ui.move_sent.map_or("", |m| m.words).to_string(),
            None,
            false,
        ),
        (Some(_), Some(m)) if f.human_turn => (lang.tf(K::SeatToPlay, &[f.name(m)]), None, false),
        // A seat played on another device (a friend's, or the host's seen
        // from a guest's): named as its table names it, never "thinking".
        // While its device is not connected, the status line says so too.
        (Some(_), Some(m)) if f.setup.players[m as usize] == Player::Friend => {
            let status = match &f.ui.friends[m as usize & 3] {
                Some(FriendSeat {
                    away: Some(away), ..
                }) => away.status.clone(),
                Some(friend) => lang.tf(K::SeatToPlay, &[&friend.name]),
                None => lang.tf(K::SeatToPlay, &[f.name(m)]),
            };
            (status, None, false)
        }
        (Some(_), Some(m)) => (lang.tf(K::Thinking, &[f.name(m)]), None, false),
        (None, _) => (String::new(), None, false),
    }
}

/// The status line when the person shown is to move (`m`), as
/// [`status_line`] gives it.
fn your_turn(f: &Facts, d: &Deal, m: u8) -> (String, Option<String>, bool) {
    let (lang, kind) = (f.lang, f.kind);
    // The call a quack would make now (the third player after a
    // quack calls Quack-quack), if the mover holds a card to make it.
    let call = d
        .call_if_quacked()
        .filter(|_| !d.quack_cards().is_empty())
        .map(|c| call_text(lang, c).1);
    let quack = call.map(str::to_string);
    let leader = f.name(d.leader());
    let mut duck = false;
    let status = match d.turn() {
        Some(Turn::Lead) if !d.hand(m).and(CardSet::JOKERS).is_empty() => {
            lang.t(K::YourLeadDucks).to_string()
        }
        Some(Turn::Lead) => lang.t(K::YourLead).to_string(),
        Some(Turn::Follow {
            suit,
            rank,
            must_follow,
        }) => {
            let suit = lang.suit_plural(suit);
            match (kind, must_follow, call, rank) {
                (GameKind::Partnership, false, _, _) => lang.tf(K::YourFollowVoid, &[suit]),
                (GameKind::Partnership, true, Some(_), Some(r)) => {
                    lang.tf(K::YourFollowMust, &[suit, lang.rank_a(r)])
                }
                (GameKind::Partnership, true, _, _) => lang.tf(K::YourFollowSuit, &[suit]),
                (_, _, Some(call), Some(r)) => {
                    lang.tf(K::YourFollowCanQuack, &[rank_word(lang, r), call])
                }
                _ => lang.t(K::YourFollow).to_string(),
            }
        }
        Some(Turn::AnswerQuacks { quacks, rank }) => {
            duck = true;
            let rank = rank_word(lang, rank);
            let quacker = d.trick().plays().last().map(|(s, _)| f.name(s));
            let quacker = quacker.unwrap_or("");
            match (quacks, call) {
                (1, Some(_)) => lang.tf(K::LeaderAnswerCan, &[quacker, rank]),
                (1, None) => lang.tf(K::LeaderAnswerCannot, &[quacker, rank]),
                (_, Some(_)) => lang.tf(K::LeaderAnswerThreeCan, &[rank]),
                (_, None) => lang.tf(K::LeaderAnswerThreeCannot, &[rank]),
            }
        }
        Some(Turn::AnswerQuackQuack { rank }) if call.is_some() => {
            lang.tf(K::FollowerAnswerCan, &[rank_word(lang, rank), leader])
        }
        Some(Turn::AnswerQuackQuack { .. }) => lang.tf(K::FollowerAnswerCannot, &[leader]),
        Some(Turn::AddCard) => lang.tf(K::AddCard, &[leader]),
        None => lang.t(K::DealOverStatus).to_string(),
    };
    (status, quack, duck)
}

/// The chooser of a Duck's suit or of the card to quack with, when open.
fn chooser_scene(lang: Lang, ui: &Ui) -> Option<ChooserScene> {
    match &ui.chooser {
        Some(Chooser::DuckSuit(c)) => Some(ChooserScene {
            prompt: lang.t(K::ChooseDuckSuit).to_string(),
            suits: c.joker_suits().to_vec(),
            cards: Vec::new(),
        }),
        Some(Chooser::QuackCard(cards)) => Some(ChooserScene {
            prompt: lang.t(K::ChooseQuackCard).to_string(),
            suits: Vec::new(),
            cards: cards.clone(),
        }),
        None => None,
    }
}

/// The last trick's review, opened by the person.
fn last_trick_scene(f: &Facts, last: Option<TrickOutcome>) -> LastTrickScene {
    let lang = f.lang;
    match last {
        Some(o) => LastTrickScene {
            plays: o
                .trick
                .plays()
                .enumerate()
                .map(|(i, (s, c))| (f.name(s).to_string(), c, o.trick.is_quack(i)))
                .collect(),
            verdict: lang.tf(
                K::TrickWonBy,
                &[f.name(o.winner), &stored_text(lang, o.stored)],
            ),
        },
        None => LastTrickScene {
            plays: Vec::new(),
            verdict: lang.t(K::NoTrickYet).to_string(),
        },
    }
}

/// Where a hint shows: on the hand, or in the chooser once it is open.
fn hinted(target: HintTarget, chooser_open: bool) -> Hinted {
    match (target, chooser_open) {
        // The Duck is chosen: now its suit.
        (HintTarget::LeadDuck(_, suit), true) => Hinted::Suit(suit),
        (HintTarget::Card(c) | HintTarget::LeadDuck(c, _), _) => Hinted::HandCard(c),
        (HintTarget::Quack(c), true) => Hinted::Choice(c),
        (HintTarget::Quack(_), false) => Hinted::Quack,
        (HintTarget::Duck, _) => Hinted::Duck,
    }
}

/// The card of a roving hand that holds its one tab stop: the card the
/// person last moved to while it is in the hand, unless the position has
/// changed since, it is their turn and it may not be played; else the first
/// playable card; else the first.
pub fn tab_stop(
    cards: &[HandCard],
    chosen: Option<(Card, usize)>,
    moves: usize,
    your_turn: bool,
) -> Option<Card> {
    let held = |card: Card| cards.iter().find(|c| c.card == card);
    let remembered = chosen.filter(|(card, _)| held(*card).is_some());
    let kept = remembered
        .filter(|(card, at)| !your_turn || *at == moves || held(*card).is_some_and(|c| c.playable));
    kept.map(|(card, _)| card)
        .or_else(|| cards.iter().find(|c| c.playable).map(|c| c.card))
        .or(remembered.map(|(card, _)| card))
        .or_else(|| cards.first().map(|c| c.card))
}

/// The scorers' names: seats, or partnership sides.
fn scorer_names(lang: Lang, game: &Game, setup: &Setup) -> Vec<String> {
    let kind = game.kind();
    kind.each_scorer()
        .map(|scorer| match kind.seats_of(scorer) {
            ScorerSeats::Seat(seat) => seat_label(lang, setup, seat),
            ScorerSeats::Side(_) => lang.side_name(scorer.index()).to_string(),
        })
        .collect()
}

/// Each scorer's figures for one deal: the working ("7 × 5": a seat's Duck
/// and Soup points, or a side's two members' counts) and the score.
fn deal_cells(
    lang: Lang,
    game: &Game,
    points: &PerCourse<PerSeat<u32>>,
    scores: &Scores,
) -> Vec<(String, u32)> {
    let kind = game.kind();
    scores
        .iter()
        .map(|(scorer, &score)| {
            let detail = match kind.seats_of(scorer) {
                ScorerSeats::Seat(seat) => {
                    let (duck, soup) = (points[Course::Duck][seat], points[Course::Soup][seat]);
                    combine_text(lang, game.rules().combine, duck, soup)
                }
                // A side's members' counts (the game has no courses).
                ScorerSeats::Side([a, b]) => combine_text(
                    lang,
                    Combine::Multiply,
                    points[Course::Duck][a],
                    points[Course::Duck][b],
                ),
            };
            (detail, score)
        })
        .collect()
}

fn score_sheet(
    lang: Lang,
    game: &Game,
    setup: &Setup,
    ui: &Ui,
    rows: &mut SheetRows,
) -> ScoreSheet {
    let caption = match game.rules().end() {
        GameEnd::Target(t) => lang.tf(K::Target, &[&t.to_string()]),
        GameEnd::Deals(n) => {
            let k = game.log().len().max(1).min(n as usize);
            lang.tf(K::DealsLeft, &[&k.to_string(), &n.to_string()])
        }
    };
    let finished = game.results().len();
    let live = game.deal().filter(|_| game.in_deal()).map(|d| {
        let deal = game.log().len();
        ScoreRow {
            deal,
            label: lang.tf(K::Deal, &[&deal.to_string()]),
            cells: deal_cells(lang, game, &d.points(), &d.scores()),
        }
    });
    ScoreSheet {
        caption,
        heads: scorer_names(lang, game, setup),
        finished: rows.rows_of(lang, game, ui.scores_all),
        all_deals: (finished > SHEET_LATEST).then(|| {
            (
                lang.tf(K::AllDeals, &[&finished.to_string()]),
                ui.scores_all,
            )
        }),
        live,
        totals: game.totals().to_vec(),
    }
}

fn result_lines(
    lang: Lang,
    game: &Game,
    setup: &Setup,
    cells: &[(String, u32)],
) -> Vec<(String, String)> {
    scorer_names(lang, game, setup)
        .into_iter()
        .zip(cells)
        .map(|(name, (detail, score))| (name, format!("{detail} = {score}")))
        .collect()
}

/// Who won a deal (`deal`) or the game, or that it is a tie.
fn winner_text(
    lang: Lang,
    game: &Game,
    setup: &Setup,
    winner: Option<Scorer>,
    deal: bool,
) -> String {
    let names = scorer_names(lang, game, setup);
    match (winner, deal, game.kind()) {
        (Some(w), true, _) => lang.tf(K::DealWinner, &[&names[w.index()]]),
        (Some(w), false, GameKind::Partnership) => lang.tf(K::GameWinnerSide, &[&names[w.index()]]),
        (Some(w), false, _) => lang.tf(K::GameWinner, &[&names[w.index()]]),
        (None, true, _) => lang.t(K::DealTie).to_string(),
        (None, false, _) => lang.t(K::GameTie).to_string(),
    }
}

/// The deal review's button on the end panels: where the game may be
/// shared, and not at a table with friends (whose game the viewer would
/// take off the table).
fn review_offer(lang: Lang, ctx: &Context) -> Option<String> {
    (ctx.may_share && !ctx.invites).then(|| lang.t(K::ReviewDeal).to_string())
}

fn deal_panel(lang: Lang, game: &Game, setup: &Setup, ctx: &Context) -> EndPanel {
    let k = game.results().len();
    let r = game.results().last();
    let cells = r
        .map(|r| deal_cells(lang, game, &r.points, &r.scores))
        .unwrap_or_default();
    // A practice deal's end: again, or back to the game; nothing shared.
    let practice = ctx.practising;
    EndPanel {
        // The finished deal as a link or an embed (the records dialog's author's tool).
        share: (ctx.may_share && !practice).then(|| lang.t(K::AuthorLegend).to_string()),
        review: review_offer(lang, ctx).filter(|_| !practice),
        next: !ctx.guest && !practice,
        practise: ctx.may_practise || practice,
        back_to_game: practice,
        title: if practice {
            lang.t(K::PracticeOver).to_string()
        } else {
            lang.tf(K::DealOverTitle, &[&k.to_string()])
        },
        lines: result_lines(lang, game, setup, &cells),
        verdict: r
            .map(|r| winner_text(lang, game, setup, r.scores.winner(), true))
            .unwrap_or_default(),
    }
}

fn game_panel(lang: Lang, game: &Game, setup: &Setup, ctx: &Context) -> EndPanel {
    let winner = game.outcome().and_then(|o| o.winner);
    let share = ctx.may_share.then(|| {
        let daily = setup.daily_date().is_some();
        lang.t(if daily { K::DailyShare } else { K::ShareTool })
            .to_string()
    });
    EndPanel {
        share,
        review: review_offer(lang, ctx),
        next: !ctx.guest,
        practise: ctx.may_practise,
        back_to_game: false,
        title: winner_text(lang, game, setup, winner, false),
        lines: scorer_names(lang, game, setup)
            .into_iter()
            .zip(game.totals().as_slice())
            .map(|(n, t)| (n, t.to_string()))
            .collect(),
        verdict: lang.t(K::FinalScore).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;
    use crate::engine::rng::shuffled_deck;
    use crate::engine::rules::OptionValue;
    use crate::engine::Move;
    use crate::page::model::MoveSent;

    fn context(lang: Lang) -> Context {
        Context {
            lang,
            sort_by_rank: false,
            muted: false,
            may_share: true,
            invites: false,
            guest: false,
            joining: false,
            may_practise: false,
            practising: false,
            page: PageFacts::default(),
        }
    }

    /// A game of `kind` with its first deal dealt from `seed`, South the
    /// one person against Normal computers.
    fn dealt(kind: GameKind, seed: &str) -> (Game, Setup) {
        let setup = Setup {
            seed: Some(seed.to_string()),
            ..Setup::default_for(kind)
        };
        let mut game = Game::new(setup.rules, 0);
        game.start_deal(shuffled_deck(kind, seed), None).unwrap();
        (game, setup)
    }

    fn ui_for(seat: u8) -> Ui {
        Ui {
            bottom: seat,
            viewer: Some(seat),
            ..Ui::default()
        }
    }

    /// Plays the first legal move until `stop` says so or the deal ends.
    fn play_until(game: &mut Game, stop: impl Fn(&Game) -> bool) {
        while game.in_deal() && !stop(game) {
            let mv = game.legal_moves().as_slice()[0];
            game.play(mv).unwrap();
        }
    }

    #[test]
    fn seats_sit_clockwise_from_the_bottom() {
        assert_eq!(position(2, 1, 1), Pos::Bottom);
        assert_eq!(position(2, 1, 0), Pos::Top);
        let three: Vec<Pos> = (0..3).map(|s| position(3, 2, s)).collect();
        assert_eq!(three, [Pos::Left, Pos::Right, Pos::Bottom]);
        let four: Vec<Pos> = (0..4).map(|s| position(4, 3, s)).collect();
        assert_eq!(four, [Pos::Left, Pos::Top, Pos::Right, Pos::Bottom]);
    }

    #[test]
    fn a_hand_is_sorted_by_suit_with_the_ace_by_course_and_ducks_last() {
        let (game, _) = dealt(GameKind::ThreePlayer, "sorted");
        let d = game.deal().unwrap();
        for seat in 0..3 {
            let by_suit = sorted_hand(d, seat, false);
            assert_eq!(by_suit.len(), d.hand_len(seat));
            let suit_of =
                |c: Card| (!c.is_joker()).then(|| SUIT_ORDER.iter().position(|&s| s == c.suit()));
            for pair in by_suit.windows(2) {
                let (a, b) = (pair[0], pair[1]);
                match (suit_of(a), suit_of(b)) {
                    // The Duck course: the Ace is the lowest of its suit.
                    (Some(x), Some(y)) if x == y => assert!(a.rank() < b.rank(), "{a} {b}"),
                    (Some(x), Some(y)) => assert!(x < y, "{a} {b}"),
                    (None, Some(_)) => panic!("a Duck before {b}"),
                    _ => {}
                }
            }
            let by_rank = sorted_hand(d, seat, true);
            let ranks: Vec<u8> = by_rank
                .iter()
                .filter(|c| !c.is_joker())
                .map(|c| c.rank())
                .collect();
            assert!(ranks.windows(2).all(|r| r[0] <= r[1]), "{ranks:?}");
        }
    }

    #[test]
    fn the_roving_hand_keeps_its_tab_stop_unless_it_cannot_be_played_now() {
        let card = |i: u8, playable: bool| HandCard {
            card: Card::from_index(i),
            playable,
            quack: false,
            ace: None,
            tab_stop: false,
            sent: false,
        };
        let hand = [card(0, false), card(1, true), card(2, true)];
        let at = |i: u8, moves: usize| Some((Card::from_index(i), moves));
        // Remembered and playable, or not the person's turn: kept.
        assert_eq!(
            tab_stop(&hand, at(2, 1), 5, true),
            Some(Card::from_index(2))
        );
        assert_eq!(
            tab_stop(&hand, at(0, 1), 5, false),
            Some(Card::from_index(0))
        );
        // Not playable at a new position on the person's turn: the first playable.
        assert_eq!(
            tab_stop(&hand, at(0, 1), 5, true),
            Some(Card::from_index(1))
        );
        // Still the position it was chosen at: kept.
        assert_eq!(
            tab_stop(&hand, at(0, 5), 5, true),
            Some(Card::from_index(0))
        );
        // No longer in the hand, or none remembered: the first playable.
        assert_eq!(
            tab_stop(&hand, at(9, 1), 5, false),
            Some(Card::from_index(1))
        );
        let none_playable = [card(3, false), card(4, false)];
        assert_eq!(
            tab_stop(&none_playable, None, 0, true),
            Some(Card::from_index(3))
        );
        assert_eq!(tab_stop(&[], None, 0, true), None);
    }

    #[test]
    fn a_hint_shows_on_the_hand_then_in_the_chooser() {
        let (c, suit) = (Card::RED_DUCK, Suit::Hearts);
        assert_eq!(
            hinted(HintTarget::LeadDuck(c, suit), false),
            Hinted::HandCard(c)
        );
        assert_eq!(
            hinted(HintTarget::LeadDuck(c, suit), true),
            Hinted::Suit(suit)
        );
        let seven = Card::from_index(6);
        assert_eq!(hinted(HintTarget::Quack(seven), false), Hinted::Quack);
        assert_eq!(
            hinted(HintTarget::Quack(seven), true),
            Hinted::Choice(seven)
        );
        assert_eq!(hinted(HintTarget::Duck, true), Hinted::Duck);
    }

    #[test]
    fn who_the_table_waits_for() {
        let (mut game, mut setup) = dealt(GameKind::TwoPlayer, "waiting");
        let mut rows = SheetRows::default();
        let ctx = context(Lang::En);
        let human = setup.first_human().unwrap();
        // The person's turn, shown from their seat: they may act.
        play_until(&mut game, |g| g.to_move() == Some(human));
        let scene = build(&game, &setup, &ui_for(human), &ctx, &mut rows);
        assert_eq!(scene.waiting, Waiting::Human);
        assert_eq!(scene.phase, Phase::Playing);
        assert!(scene.seats[human as usize].to_move);
        // Behind the pass-and-play screen.
        let mut covered = ui_for(human);
        covered.privacy = Some(human);
        let scene = build(&game, &setup, &covered, &ctx, &mut rows);
        assert_eq!(scene.waiting, Waiting::Privacy);
        assert_eq!(
            scene.privacy.as_deref(),
            Some(
                Lang::En
                    .tf(K::PassTo, &[name(Lang::En, &setup, human)])
                    .as_str()
            )
        );
        // A computer to move: "thinking".
        setup.players[human as usize] = Player::Computer(Level::Easy);
        let scene = build(&game, &setup, &ui_for(human), &ctx, &mut rows);
        assert_eq!(scene.waiting, Waiting::Computer);
        assert!(scene.status.contains("is thinking"), "{}", scene.status);
        // The deal over.
        play_until(&mut game, |_| false);
        let scene = build(&game, &setup, &ui_for(human), &ctx, &mut rows);
        assert_eq!(scene.waiting, Waiting::None);
        assert_ne!(scene.phase, Phase::Playing);
    }

    /// Whether the scene offers `seat` a move: a card of its hand it may play.
    fn offers_a_move(scene: &Scene, seat: u8) -> bool {
        matches!(&scene.seats[seat as usize].hand,
            HandScene::Up(cards) if cards.iter().any(|c| c.playable))
    }

    /// `acting_seat` says `want`, and the scene offers a move to that seat
    /// alone.
    fn acts(game: &Game, setup: &Setup, ui: &Ui, want: Option<u8>, case: &str) {
        assert_eq!(acting_seat(game, setup, ui), want, "{case}");
        let ctx = context(Lang::En);
        let scene = build(game, setup, ui, &ctx, &mut SheetRows::default());
        for s in 0..game.kind().seats() as u8 {
            assert_eq!(
                offers_a_move(&scene, s),
                want == Some(s),
                "{case}: seat {s}"
            );
        }
    }

    #[test]
    fn who_may_act_is_one_answer_for_the_scene_and_the_controller() {
        let (mut game, mut setup) = dealt(GameKind::ThreePlayer, "who acts");
        let me = setup.first_human().unwrap();
        play_until(&mut game, |g| g.to_move() == Some(me));
        acts(&game, &setup, &ui_for(me), Some(me), "the person's turn");
        let mut all_up = ui_for(me);
        all_up.reveal = true;
        acts(&game, &setup, &all_up, Some(me), "every hand shown");

        // Pass-and-play: behind the screen nobody acts, then the mover does;
        // another person's seat shown is not the mover's.
        let other = (me + 1) % 3;
        setup.players[other as usize] = Player::Human;
        let covered = Ui {
            privacy: Some(me),
            viewer: None,
            ..ui_for(me)
        };
        acts(&game, &setup, &covered, None, "the privacy screen");
        acts(&game, &setup, &ui_for(me), Some(me), "after the tap");
        acts(
            &game,
            &setup,
            &ui_for(other),
            None,
            "another person's seat shown",
        );

        // A computer's turn, from the person's seat or the computer's own.
        setup.players[other as usize] = Player::Computer(Level::Normal);
        play_until(&mut game, |g| g.to_move() != Some(me));
        let computer = game.to_move().expect("in the deal");
        acts(&game, &setup, &ui_for(me), None, "a computer's turn");
        acts(
            &game,
            &setup,
            &ui_for(computer),
            None,
            "the computer's seat shown",
        );

        // Between deals nobody acts.
        play_until(&mut game, |_| false);
        acts(&game, &setup, &ui_for(me), None, "the deal over");
    }

    #[test]
    fn a_guest_acts_on_its_own_seat_only() {
        use crate::net::protocol::{guest_table, turn_of};
        let (mut host, _) = dealt(GameKind::TwoPlayer, "guest acts");
        let guest = 1;
        let mut cases = Vec::new();
        for _ in 0..2 {
            let table = guest_table(&host, guest, turn_of(&host), &[], &[]);
            let seen = super::super::guest::read_table(Lang::En, &table, guest).unwrap();
            let setup = Setup {
                rules: *seen.game.rules(),
                players: seen.players,
                seed: None,
            };
            let ui = Ui {
                hand_lens: Some(seen.hand_lens),
                ..ui_for(guest)
            };
            let want = (seen.game.to_move() == Some(guest)).then_some(guest);
            acts(&seen.game, &setup, &ui, want, "a guest's table");
            cases.push(want);
            if want.is_some() {
                // Its move sent, nothing is offered until the host answers,
                // and the card sent is marked in its hand.
                let card = seen.game.deal().unwrap().hand(guest).iter().next();
                let sent = Ui {
                    move_sent: Some(MoveSent {
                        words: Lang::En.t(K::MoveSent),
                        card,
                    }),
                    ..ui.clone()
                };
                acts(&seen.game, &setup, &sent, None, "a guest's move sent");
                let ctx = context(Lang::En);
                let scene = build(&seen.game, &setup, &sent, &ctx, &mut SheetRows::default());
                assert_eq!(scene.waiting, Waiting::Host);
                assert_eq!(scene.status, Lang::En.t(K::MoveSent));
                assert!(scene.quack.is_none() && !scene.duck);
                let HandScene::Up(hand) = &scene.seats[guest as usize].hand else {
                    panic!("the guest's hand is face down");
                };
                let marked: Vec<Card> = hand.iter().filter(|c| c.sent).map(|c| c.card).collect();
                assert_eq!(marked, Vec::from_iter(card), "only the card sent is marked");
                assert!(hand.iter().all(|c| !c.playable), "nothing is playable");
            }
            // The other seat's turn next.
            let mover = host.to_move().unwrap();
            play_until(&mut host, |g| g.to_move() != Some(mover));
        }
        assert_eq!(cases, [Some(guest), None], "its turn, then the host's");
    }

    #[test]
    fn a_friends_seat_is_named_as_its_table_names_it_and_says_when_it_is_away() {
        let (game, mut setup) = dealt(GameKind::TwoPlayer, "friend");
        let mover = game.to_move().unwrap();
        let other = 1 - mover;
        setup.players = vec![Player::Friend; 2];
        setup.players[other as usize] = Player::Human;
        let mut ui = ui_for(other);
        ui.friends[mover as usize] = Some(FriendSeat {
            name: "Friend · Ann".into(),
            away: Some(super::super::model::Away {
                badge: "offline".into(),
                status: "Waiting for Ann to reconnect".into(),
            }),
            code: None,
        });
        let scene = build(
            &game,
            &setup,
            &ui,
            &context(Lang::En),
            &mut SheetRows::default(),
        );
        let seat = &scene.seats[mover as usize];
        assert_eq!(seat.player, "Friend · Ann");
        assert!(seat.badges.contains(&("offline".to_string(), "away")));
        assert_eq!(scene.status, "Waiting for Ann to reconnect");
    }

    #[test]
    fn the_one_person_against_computers_is_you() {
        let (_, mut setup) = dealt(GameKind::ThreePlayer, "you");
        let me = setup.first_human().unwrap();
        assert_eq!(seat_label(Lang::En, &setup, me), "South (you)");
        assert_eq!(seat_label(Lang::En, &setup, 1), "West");
        // Pass-and-play: every person by their seat's name.
        setup.players[1] = Player::Human;
        assert_eq!(seat_label(Lang::En, &setup, me), "South");
    }

    #[test]
    fn the_game_over_panel_offers_to_share_the_daily_result_or_the_game() {
        let mut rows = SheetRows::default();
        for (seed, key) in [("daily-2026-01-02", K::DailyShare), ("~x", K::ShareTool)] {
            let mut setup = Setup {
                seed: Some(seed.to_string()),
                ..Setup::default_for(GameKind::TwoPlayer)
            };
            setup.rules.set("deals", OptionValue::Number(1)).unwrap();
            let mut game = Game::new(setup.rules, 0);
            game.start_deal(shuffled_deck(GameKind::TwoPlayer, seed), None)
                .unwrap();
            play_until(&mut game, |_| false);
            assert!(game.is_over());
            let scene = build(&game, &setup, &ui_for(0), &context(Lang::En), &mut rows);
            let panel = scene.game_over.expect("the game-over panel");
            assert_eq!(panel.share.as_deref(), Some(Lang::En.t(key)));
            assert!(panel.next);
            // Not in an embed or the viewer; a guest's has no next step.
            let quiet = Context {
                may_share: false,
                guest: true,
                ..context(Lang::En)
            };
            let panel = build(&game, &setup, &ui_for(0), &quiet, &mut rows)
                .game_over
                .unwrap();
            assert_eq!((panel.share, panel.next), (None, false));
        }
    }

    #[test]
    fn the_pages_flags_follow_the_context_and_the_viewers_bar() {
        use crate::page::replay_bar::{BarFacts, ReplayBarScene};
        let (game, setup) = dealt(GameKind::TwoPlayer, "flags");
        let mut rows = SheetRows::default();
        let plain = build(&game, &setup, &ui_for(0), &context(Lang::Ja), &mut rows);
        assert_eq!(
            plain.flags,
            PageFlags {
                lang: Lang::Ja,
                embed: false,
                no_anim: false,
                four_colour: false,
                large_cards: false,
                theme: Theme::System,
                replaying: false,
                puzzling: false,
                joining: false,
                sounds_played: 0,
            }
        );
        assert_eq!(plain.replay_bar, None);
        let page = PageFacts {
            embed: true,
            no_anim: true,
            four_colour: true,
            large_cards: true,
            theme: Theme::Dark,
            sounds_played: 3,
        };
        let bar = |puzzling: bool| {
            ReplayBarScene::of(
                Lang::En,
                &BarFacts {
                    pos: 0,
                    total: 41,
                    deal: 0,
                    deal_moves_made: 0,
                    deal_moves: 40,
                    move_no: 0,
                    moves: 40,
                    reveal: false,
                    playing: false,
                    speed: 1,
                    seat: 0,
                    seats: 2,
                    can_forward: true,
                    note: String::new(),
                    puzzling,
                    embedded: true,
                },
            )
        };
        for puzzling in [false, true] {
            let ctx = Context {
                page,
                joining: true,
                ..context(Lang::En)
            };
            let viewing = build(&game, &setup, &ui_for(0), &ctx, &mut rows)
                .with_replay_bar(Some(bar(puzzling)));
            let f = viewing.flags;
            assert!(f.embed && f.no_anim && f.four_colour && f.joining && f.replaying);
            assert!(f.large_cards && f.theme == Theme::Dark);
            assert_eq!(
                (f.lang, f.sounds_played, f.puzzling),
                (Lang::En, 3, puzzling)
            );
            assert_eq!(viewing.replay_bar, Some(bar(puzzling)));
        }
    }

    #[test]
    fn the_score_sheet_builds_each_finished_deals_row_once() {
        let kind = GameKind::TwoPlayer;
        let mut setup = Setup::default_for(kind);
        setup.rules.set("deals", OptionValue::Number(40)).unwrap();
        let mut game = Game::new(setup.rules, 0);
        let mut rows = SheetRows::default();
        let ctx = context(Lang::En);
        let mut generation = None;
        for k in 0..(SHEET_LATEST + 2) {
            game.start_deal(shuffled_deck(kind, &format!("rows/{k}")), None)
                .unwrap();
            play_until(&mut game, |_| false);
            let sheet = build(&game, &setup, &ui_for(0), &ctx, &mut rows).scores;
            // Rows are only added within one generation.
            let g = sheet.finished.generation();
            assert_eq!(*generation.get_or_insert(g), g);
            let shown = sheet.finished.rows();
            assert_eq!(shown.len(), (k + 1).min(SHEET_LATEST));
            assert_eq!(shown.last().map(|r| r.deal), Some(k + 1));
            assert_eq!(sheet.all_deals.is_some(), k + 1 > SHEET_LATEST);
        }
        // Every deal when asked; another language is another generation.
        let mut all = ui_for(0);
        all.scores_all = true;
        let sheet = build(&game, &setup, &all, &ctx, &mut rows).scores;
        assert_eq!(sheet.finished.rows().len(), SHEET_LATEST + 2);
        assert_eq!(sheet.finished.rows()[0].label, "Deal 1");
        let ja = build(&game, &setup, &all, &context(Lang::Ja), &mut rows).scores;
        assert_ne!(Some(ja.finished.generation()), generation);
        assert_ne!(ja.finished.rows()[0].label, "Deal 1");
    }

    #[test]
    fn the_quack_cards_are_the_movers_in_hand_order() {
        let kind = GameKind::TwoPlayer;
        let mut quacks = 0;
        for k in 0..40 {
            let (mut game, _) = dealt(kind, &format!("quack/{k}"));
            // The first card led; then the follower's quack cards, if any.
            let lead = game.legal_moves().as_slice()[0];
            game.play(lead).unwrap();
            let d = game.deal().unwrap();
            let cards = quack_cards(d, false);
            let Move::Play(led) = lead else { continue };
            assert!(cards.iter().all(|c| c.rank() == led.rank()));
            let in_hand: Vec<Card> = sorted_hand(d, d.to_move(), false)
                .into_iter()
                .filter(|c| cards.contains(c))
                .collect();
            assert_eq!(cards, in_hand);
            quacks += cards.len();
        }
        assert!(quacks > 0, "no deal offered a quack");
    }
}
