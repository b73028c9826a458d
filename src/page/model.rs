//! The page's own state, as plain data: who plays each seat ([`Player`]),
//! a game's set-up ([`Setup`]), what the table shows beyond the engine
//! ([`Ui`]) and everything a person can ask for ([`Action`]). The controller
//! owns these values; services (saving, links, records, the dialogs) and the
//! scene read and return them, so none of them needs the controller itself.

use super::i18n::{self, Lang, K};
use super::input::{CopyField, NetCommand};
use crate::ai::Level;
use crate::engine::rules::OptionValue;
use crate::engine::{Call, Card, Game, GameKind, Move, Rules, Suit, TrickOutcome};
use crate::links;
use serde::{Deserialize, Serialize};

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Human,
    Computer(Level),
    /// A friend on another device (online play: `web/net`).
    Friend,
}

/// A game's set-up: rules, players by seat, and an optional deal seed.
#[derive(Clone, Debug, PartialEq)]
pub struct Setup {
    pub rules: Rules,
    pub players: Vec<Player>,
    /// Deals come from this text seed (the first deal from the seed itself,
    /// deal k from "seed/k"), and the first dealer and computer players'
    /// choices are derived from it: the same seed plays the same game.
    pub seed: Option<String>,
}

impl Setup {
    /// The set-up as the new game's dialog and *Play again* see it: a
    /// random seed (`Table::begin`'s) forgotten, a chosen one kept.
    pub fn shown(&self) -> Setup {
        let mut s = self.clone();
        if s.seed.as_deref().is_some_and(|x| x.starts_with('~')) {
            s.seed = None;
        }
        s
    }

    /// Whether a new game is dealt as it starts. A game with friends is
    /// not, on either page: its first deal waits until every friend is
    /// seated, and online play's page deals it fairly then (decision 18).
    /// (The table alone, which hands such a game over, once dealt it, and
    /// a computer's lead could make that deal one already played, which
    /// the host then kept.)
    pub fn dealt_at_once(&self) -> bool {
        !self.players.contains(&Player::Friend)
    }

    /// The game on first load: two players, you against one Normal computer.
    pub fn default_for(kind: GameKind) -> Setup {
        let players = (0..kind.seats())
            .map(|s| match s {
                0 => Player::Human,
                _ => Player::Computer(Level::Normal),
            })
            .collect();
        Setup {
            rules: Rules::parlett(kind),
            players,
            seed: None,
        }
    }

    pub fn humans(&self) -> usize {
        self.players.iter().filter(|p| **p == Player::Human).count()
    }

    /// The seats a person here plays.
    pub fn person_seats(&self) -> Vec<u8> {
        (0..self.players.len() as u8)
            .filter(|&s| self.players[s as usize] == Player::Human)
            .collect()
    }

    /// The same set-up with the computer (Normal) playing the seats
    /// `which` picks: a friend's seat whose device is gone, or could not
    /// be reached.
    pub fn computer_takes(&self, which: impl Fn(usize, Player) -> bool) -> Setup {
        let mut setup = self.clone();
        for (s, p) in setup.players.iter_mut().enumerate() {
            if which(s, *p) {
                *p = Player::Computer(crate::ai::Level::Normal);
            }
        }
        setup
    }

    /// Whether a person at this device plays `seat` (in online play, a
    /// guest's own seat; never a friend's, nor a computer's).
    pub fn plays_here(&self, seat: u8) -> bool {
        self.players.get(seat as usize) == Some(&Player::Human)
    }

    /// The Expert computer's seat (the first, if both are) for which the
    /// computers' worker solves a two-player Soup course ahead from its
    /// start (`table::Effect::SoupBegins`); None in the other games and
    /// without an Expert.
    pub fn expert_solving_soup(&self) -> Option<u8> {
        let expert = Player::Computer(Level::Expert);
        let seat = self.players.iter().position(|p| *p == expert)?;
        (self.rules.game == GameKind::TwoPlayer).then_some(seat as u8)
    }

    pub fn first_human(&self) -> Option<u8> {
        self.players
            .iter()
            .position(|p| *p == Player::Human)
            .map(|s| s as u8)
    }

    /// The date of a daily game, if it is one.
    pub fn daily_date(&self) -> Option<&str> {
        links::daily_date(self.seed.as_deref()?)
    }
}

/// A small question asked in the action bar.
#[derive(Clone, Debug, PartialEq)]
pub enum Chooser {
    /// Which suit a led Duck stands for.
    DuckSuit(Card),
    /// Which card to quack with, when more than one would.
    QuackCard(Vec<Card>),
}

/// What a hint points at: the move the Hard player would make.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum HintTarget {
    Card(Card),
    /// A Duck to lead, then the suit it stands for.
    LeadDuck(Card, Suit),
    /// Quack! (with this card, if asked which).
    Quack(Card),
    Duck,
}

/// A seat played on another device (online play), as the controller words it.
#[derive(Clone, Debug, PartialEq)]
pub struct FriendSeat {
    /// Who plays it: the friend's name (or "Friend"), or "Host" on a guest's table.
    pub name: String,
    /// While its device is not connected (None when it is).
    pub away: Option<Away>,
    /// On a guest's table, the host's seat: the code of this device's
    /// connection to the host ("Code 482 019"), to compare with the host's.
    pub code: Option<String>,
}

/// A seat's device not connected, in words: a short one for its name plate,
/// and the status line while it is the seat's turn, which says the turn and
/// the wait in sentences of their own.
#[derive(Clone, Debug, PartialEq)]
pub struct Away {
    pub badge: String,
    pub status: String,
}

/// Table state beyond the engine's: what is shown and to whom.
#[derive(Clone, Debug, Default)]
pub struct Ui {
    /// The seat at the bottom of the screen.
    pub bottom: u8,
    /// The seat whose hand is face up (None: every hand face down).
    pub viewer: Option<u8>,
    /// Pass-and-play: the table is covered until this seat's player taps.
    pub privacy: Option<u8>,
    /// The finished trick still on show.
    pub held: Option<TrickOutcome>,
    pub message: Option<String>,
    pub chooser: Option<Chooser>,
    /// The call on the banner: which, by whom, and a counter to restart its animation.
    pub call: Option<(Call, u8, u32)>,
    /// The last trick shown again (its overlay), at the person's asking.
    pub last_trick_open: bool,
    pub scores_open: bool,
    /// The score sheet shows every deal, not only the latest (a long game).
    pub scores_all: bool,
    /// Moves made in this game (tests wait on it).
    pub moves: usize,
    /// Every hand face up (the replay viewer's "show all hands").
    pub reveal: bool,
    /// A hint for the position after this many moves.
    pub hint: Option<(usize, HintTarget)>,
    /// The hand's card the focus last moved to, and the moves made then:
    /// the hand's one tab stop (see `scene::tab_stop`).
    pub tab_stop: Option<(Card, usize)>,
    /// Online play: who plays each seat played on another device, and its
    /// connection's state, worded by the controller.
    pub friends: [Option<FriendSeat>; 4],
    /// A guest's table: the other hands' counts (its deal holds its own hand only).
    pub hand_lens: Option<[u8; 4]>,
    /// A guest's move is on its way to the host: no move is offered again
    /// until the host's next table (or its refusal) answers it.
    pub move_sent: Option<MoveSent>,
    /// The person's one legal move plays itself in a moment: none is
    /// offered meanwhile.
    pub only_move: bool,
}

impl Ui {
    /// The score sheet (on a phone), every deal on it, or the last trick
    /// shown or hidden; Escape closes the overlays and the chooser.
    pub fn toggle(&mut self, panel: PanelAction) {
        match panel {
            PanelAction::Scores => self.scores_open = !self.scores_open,
            PanelAction::AllScores => self.scores_all = !self.scores_all,
            PanelAction::LastTrick => self.last_trick_open = !self.last_trick_open,
            PanelAction::Escape => {
                self.last_trick_open = false;
                self.scores_open = false;
                self.chooser = None;
            }
        }
    }
}

/// A guest's move on its way to the host, as its table shows it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MoveSent {
    /// The words that say so (worded by online play's controller, as the
    /// friends' seats are: the table alone has no online words).
    pub words: &'static str,
    /// The card it plays, marked in the hand until the host answers.
    pub card: Option<Card>,
}

/// The seat whose person may act now, if any: the seat to move is played
/// by a person at this device, it is the seat shown face up, no
/// pass-and-play screen covers the table, and no move of that seat is
/// already on its way to the host. The one answer to "who may act":
/// the scene offers that seat's moves, and the controller takes moves from
/// it alone.
pub fn acting_seat(game: &Game, setup: &Setup, ui: &Ui) -> Option<u8> {
    let mover = game.deal().filter(|_| game.in_deal())?.to_move();
    let free = ui.privacy.is_none() && ui.move_sent.is_none() && !ui.only_move;
    (setup.plays_here(mover) && ui.viewer == Some(mover) && free).then_some(mover)
}

/// Everything a click or a key can ask for, grouped by concern: each
/// group is handled by one match of its own, every case named.
#[derive(Clone, Debug)]
pub enum Action {
    /// The person here at the table: the table's own update takes it
    /// (`page::table::Msg::Person`).
    Table(TableAction),
    /// Play the deal just finished again, for practice (or, practising, again).
    PractiseDeal,
    /// Leave the practice deal: back to the game.
    PracticeEnd,
    /// The new game's dialog, and a dialog the browser closed.
    Dialog(DialogAction),
    PlayAgain,
    ToggleMute,
    /// A panel over or beside the table shown or hidden.
    Panel(PanelAction),
    /// Help, hints, settings, languages, the walkthrough (see assist.rs).
    Assist(AssistAction),
    /// The Share and records dialog and the replay viewer.
    Records(RecordsAction),
    /// A seat's player answers a request for its move.
    Answered(Answer),
    /// Online play: the connections and their dialogs. (Boxed: its events
    /// are the largest of the actions, and every action is moved about.)
    Net(Box<NetEvent>),
}

/// A seat's player's answer to the request `ticket`: its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    pub ticket: u64,
    pub seat: u8,
    pub mv: Move,
}

/// What the person here does at the table (the table's update decides
/// whether it may: `page::table::Table::update`).
#[derive(Clone, Debug, PartialEq)]
pub enum TableAction {
    /// A card of the hand.
    Play(Card),
    /// Quack! (the one card, or the chooser of which).
    Quack,
    /// Duck (concede the trick).
    Duck,
    /// The suit a led Duck stands for.
    DuckSuit(Suit),
    /// A card chosen in the chooser.
    Choice(Card),
    /// Pass-and-play: the next player took the device.
    PrivacyContinue,
    /// The next deal.
    NextDeal,
    /// Take back the person's last move and the computers' after it.
    TakeBack,
    /// Play out the rest of a deal no one's choice can change.
    PlayOut,
}

/// The new game's dialog, and a dialog the browser closed.
#[derive(Clone, Debug)]
pub enum DialogAction {
    Open,
    /// Start, with what the new game's form holds.
    Start(NewGameForm),
    Cancel,
    /// A native dialog closed (the table may take the focus back): which.
    Closed(Closed),
    /// The new game's dialog: the game chosen in it.
    GameChanged(GameKind),
    /// The new game's dialog: the game and the rules' preset chosen in it.
    PresetChanged(GameKind, String),
}

/// A panel shown or hidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PanelAction {
    /// The score sheet (on a phone).
    Scores,
    /// Every deal on the score sheet, not only the latest.
    AllScores,
    /// The last trick again.
    LastTrick,
    /// Escape: the overlays and the chooser closed.
    Escape,
}

/// Help, hints, settings, languages, the walkthrough (see assist.rs).
#[derive(Clone, Debug)]
pub enum AssistAction {
    /// The focus moved to this card of the hand (arrow keys, Home, End, Tab, a click).
    FocusCard(Card),
    Hint,
    Help,
    /// The help's tab for one game.
    HelpGame(GameKind),
    Settings,
    /// A field of the Settings panel changed: what the panel holds now.
    SettingChanged(SettingsForm),
    SwitchLang,
    Tutorial,
    TutorialNext,
    TutorialEnd,
}

/// The author's tool (the records dialog's section for rules sites) as the
/// listeners read it when it changes: the links it was opened with, and
/// what is ticked and typed in it.
#[derive(Clone, Debug, PartialEq)]
pub struct AuthorForm {
    /// The link's query, and the same asking the next move as a puzzle.
    pub query: String,
    pub puzzle_query: Option<String>,
    /// The move the link opens at (a caption typed goes there).
    pub at: Option<usize>,
    /// The puzzle box ticked, and the caption typed.
    pub puzzle: bool,
    pub caption: String,
}

/// What the new game's form holds when Start is pressed, as typed and
/// chosen: checked by [`NewGameForm::setup`].
#[derive(Clone, Debug, PartialEq)]
pub struct NewGameForm {
    pub game: GameKind,
    /// The rules' preset (`Rules::preset`).
    pub preset: String,
    /// Each rule's field, by its option key.
    pub options: Vec<(String, OptionField)>,
    /// Each seat's player (`human`, `friend` or a level's name).
    pub seats: Vec<String>,
    pub seed: String,
}

/// A rule's field in the new game's form.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionField {
    /// A choice among the option's words.
    Word(String),
    /// A whole number as typed (empty: the preset's).
    Number(String),
}

impl NewGameForm {
    /// The set-up the form describes, or the one line that says what is
    /// wrong (a field named by its label in `lang`).
    pub fn setup(&self, lang: Lang) -> Result<Setup, String> {
        let mut rules = Rules::preset(self.game, &self.preset).map_err(|e| e.to_string())?;
        for (key, field) in &self.options {
            match field {
                OptionField::Word(v) => rules
                    .set(key, OptionValue::Word(v))
                    .map_err(|e| e.to_string())?,
                OptionField::Number(v) if v.trim().is_empty() => {}
                OptionField::Number(v) => {
                    // The engine's own error names the record's option key (in
                    // English): the person gets the field's label instead.
                    let name = i18n::option_label(lang, key).unwrap_or(key);
                    let bad = || lang.tf(K::OptionWholeNumber, &[name]);
                    let n = v
                        .trim()
                        .parse::<u32>()
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or_else(bad)?;
                    rules.set(key, OptionValue::Number(n)).map_err(|_| bad())?;
                }
            }
        }
        let players = (0..self.game.seats())
            .map(|s| match self.seats.get(s).map(String::as_str) {
                Some("human") => Player::Human,
                Some("friend") => Player::Friend,
                other => {
                    Player::Computer(other.and_then(Level::from_name).unwrap_or(Level::Normal))
                }
            })
            .collect();
        let seed = Some(self.seed.trim().to_string()).filter(|s| !s.is_empty());
        Ok(Setup {
            rules,
            players,
            seed,
        })
    }
}

/// A dialog that the browser closed (Esc, its Close button).
#[derive(Clone, Debug, PartialEq)]
pub enum Closed {
    /// A guest's join page, with the name typed in it.
    Join(String),
    /// One of the others the controller keeps.
    Dialog(super::dialog::DialogKind),
    /// One it does not keep (online play's notices).
    Other,
}

impl Closed {
    /// Which of the controller's dialogs it is.
    pub fn kind(&self) -> Option<super::dialog::DialogKind> {
        match self {
            Closed::Join(_) => Some(super::dialog::DialogKind::Join),
            Closed::Dialog(k) => Some(*k),
            Closed::Other => None,
        }
    }
}

/// What the Settings panel's fields hold (each if the panel has it).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct SettingsForm {
    pub four_colour: Option<bool>,
    pub auto_play: Option<bool>,
    pub pace: Option<String>,
    pub sort: Option<String>,
    pub card_size: Option<String>,
    pub theme: Option<String>,
    pub sound_on: Option<bool>,
    /// A language's tag.
    pub lang: Option<String>,
}

// ---- the comfort settings (`web::settings` remembers them and words their panel) ----

/// The trick pace, a comfort setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Pace {
    Slow,
    Normal,
    Fast,
}

impl Pace {
    pub fn name(self) -> &'static str {
        match self {
            Pace::Slow => "slow",
            Pace::Normal => "normal",
            Pace::Fast => "fast",
        }
    }

    pub fn from_name(name: &str) -> Pace {
        match name {
            "slow" => Pace::Slow,
            "fast" => Pace::Fast,
            _ => Pace::Normal,
        }
    }
}

/// How the hand is sorted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Sort {
    /// By suit, colours alternating.
    Suit,
    Rank,
}

impl Sort {
    pub fn name(self) -> &'static str {
        match self {
            Sort::Suit => "suit",
            Sort::Rank => "rank",
        }
    }

    pub fn from_name(name: &str) -> Sort {
        if name == "rank" {
            Sort::Rank
        } else {
            Sort::Suit
        }
    }
}

/// How large your hand's and the trick's cards are, a comfort setting.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CardSize {
    Normal,
    Large,
}

impl CardSize {
    pub fn name(self) -> &'static str {
        match self {
            CardSize::Normal => "normal",
            CardSize::Large => "large",
        }
    }

    pub fn from_name(name: &str) -> CardSize {
        match name {
            "large" => CardSize::Large,
            _ => CardSize::Normal,
        }
    }
}

/// The table's colours: as the system asks (`prefers-color-scheme`), or
/// always light or always dark. Either follows `prefers-contrast: more`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Theme {
    #[default]
    System,
    Light,
    Dark,
}

impl Theme {
    pub fn name(self) -> &'static str {
        match self {
            Theme::System => "system",
            Theme::Light => "light",
            Theme::Dark => "dark",
        }
    }

    pub fn from_name(name: &str) -> Theme {
        match name {
            "light" => Theme::Light,
            "dark" => Theme::Dark,
            _ => Theme::System,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub four_colour: bool,
    pub pace: Pace,
    pub sort: Sort,
    /// A person's one legal move plays itself after a short pause.
    pub auto_play: bool,
    pub card_size: CardSize,
    pub theme: Theme,
}

pub const DEFAULT_SETTINGS: Settings = Settings {
    four_colour: false,
    pace: Pace::Normal,
    sort: Sort::Suit,
    auto_play: true,
    card_size: CardSize::Normal,
    theme: Theme::System,
};

impl Default for Settings {
    fn default() -> Settings {
        DEFAULT_SETTINGS
    }
}

impl Settings {
    /// How much the trick pace stretches every delay.
    pub fn pace_factor(self) -> f64 {
        match self.pace {
            Pace::Slow => 1.8,
            Pace::Normal => 1.0,
            Pace::Fast => 0.45,
        }
    }

    pub fn sort_by_rank(self) -> bool {
        self.sort == Sort::Rank
    }
}

/// What the Settings panel says after a change.
pub struct Chosen {
    pub settings: Settings,
    /// The sound switch, if the panel has one.
    pub sound_on: Option<bool>,
    /// A language other than the page's, if one was chosen.
    pub lang: Option<Lang>,
}

/// What the panel's fields choose, from `current` (the controller keeps it;
/// `web::settings::keep` stores and applies changed settings).
pub fn chosen_settings(form: &SettingsForm, current: Settings, lang: Lang) -> Chosen {
    let mut s = current;
    if let Some(on) = form.four_colour {
        s.four_colour = on;
    }
    if let Some(on) = form.auto_play {
        s.auto_play = on;
    }
    if let Some(p) = &form.pace {
        s.pace = Pace::from_name(p);
    }
    if let Some(v) = &form.sort {
        s.sort = Sort::from_name(v);
    }
    if let Some(v) = &form.card_size {
        s.card_size = CardSize::from_name(v);
    }
    if let Some(v) = &form.theme {
        s.theme = Theme::from_name(v);
    }
    Chosen {
        settings: s,
        sound_on: form.sound_on,
        lang: form
            .lang
            .as_deref()
            .and_then(Lang::from_tag)
            .filter(|l| *l != lang),
    }
}

/// What the Share and records dialog and the replay viewer ask of the game.
#[derive(Clone, Debug)]
pub enum RecordsAction {
    Open,
    Close,
    /// Copy the text of one of the dialog's fields: which, and the text it
    /// held (read by the listeners).
    Copy(CopyField, String),
    /// Download the record shown as a file: its text.
    Download(String),
    /// A record over the size limit, pasted or chosen as a file: refused
    /// unread (its size, in bytes or UTF-16 units).
    TooLarge(f64),
    /// Play today's deal.
    Daily,
    /// A record's text to check and open in the viewer.
    Import(String),
    /// The viewer's bar and keys: a step, a jump, play or pause, its
    /// speed, the seat shown, every hand shown (`page::replay`'s update).
    Viewer(ViewerMsg),
    /// Leave the viewer: the saved game comes back.
    Exit,
    /// The author's tool: the puzzle box or the caption changed, to this.
    AuthorChanged(AuthorForm),
    /// The table alone: go to the full page for the author's tool (`web::full_page`).
    FullPage,
    /// The author's tool, as it is: show its link in an iframe.
    Preview(AuthorForm),
    /// The deal review's.
    Review(ReviewAction),
}

/// What changes the viewer (its bar, its keys, its timer, the review's marks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewerMsg {
    Step(Step),
    /// To the table just after move `n` of the game (the bar's field).
    Jump(usize),
    /// Play on by itself, or pause.
    Play,
    /// The speed: an index into `page::replay::SPEEDS`.
    Speed(usize),
    /// The seat shown at the bottom.
    Seat(u8),
    /// Every hand shown, or only the seat's.
    Reveal,
    /// Playing on: the timer's step.
    Tick,
    /// The reviewed deal's move `index`, from its mover's seat.
    ShowReviewed(usize),
}

/// The deal review's actions (`page::review`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewAction {
    /// Review a deal: the deal just finished, or the one on show in the
    /// viewer from its seat (the table alone hands over).
    Deal,
    /// Stop the review running.
    Cancel,
    /// Show the reviewed deal's move (its index in the deal) in the viewer,
    /// with its values.
    Open(usize),
    /// Show that move's position in the viewer with the author's tool, to
    /// ask it as a puzzle.
    Idea(usize),
    /// *Play from here*: practise from the position before the reviewed
    /// move on show (`page::review::FromHere`).
    PlayFromHere,
}

/// How input reaches the controller: the page's root makes this from its
/// handle on the controller; listeners call it with the action.
pub type Dispatch = std::rc::Rc<dyn Fn(Action)>;

/// A step the replay viewer's controls ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    First,
    Back,
    Forward,
    Last,
    /// To the end of the trick before (or the deal's start).
    TrickBack,
    /// To the end of the trick under way (or the next one).
    TrickForward,
}

// ---- online play's events (`web/net`) ----

/// What the network and the online dialogs report to the controller.
#[derive(Clone, Debug)]
pub enum NetEvent {
    /// A remote seat's connection, on the host's side.
    Host(u8, PeerEvent),
    /// The guest's connection to the host.
    Guest(PeerEvent),
    /// A guest's name or state changed: the tables are sent again.
    Status,
    /// A reply handed over by another tab of this browser.
    Reply(String),
    /// A click or a change in an online dialog, with what was typed.
    Input(NetInput),
    /// The connection for a seat did not open in time.
    Timeout(u8),
    /// A guest's randomness for a fair deal: its seat, the deal, the bytes
    /// (`net::fair_flow`).
    FairPart(u8, u32, crate::net::fair::Random),
    /// The host's wait for a fair deal's randomness is over.
    FairTimeout(u32),
    /// A guest's table held over the flood limit is due to be read.
    GuestHeld,
}

/// What a person does in online play's dialogs (a `data-net`, read by the
/// listeners with what was typed). A seat's own buttons name the seat.
#[derive(Clone, Debug, PartialEq)]
pub enum NetInput {
    /// Copy or share a seat's invite link (the host), or (`None`) the
    /// reply link (a guest), with the link's text.
    Copy(Option<u8>, String),
    Share(Option<u8>, String),
    /// The servers' fields changed.
    Servers(ServersForm),
    /// The host takes the reply pasted.
    TakeReply(String),
    /// The host opens the invites again.
    Invites,
    /// A new invite for the seat.
    Reinvite(u8),
    /// The computer takes the seat (its friend is gone).
    Computer(u8),
    /// The seat goes back to its friend.
    Friend(u8),
    /// A guest joins with the name typed.
    Join(String),
}

impl NetInput {
    /// The input of a button that does `what`, for `seat`, with `typed`
    /// read only when it carries what was typed (None: a seat's button
    /// without its seat).
    pub fn of(
        what: NetCommand,
        seat: Option<u8>,
        typed: impl FnOnce(Typed) -> String,
    ) -> Option<NetInput> {
        Some(match (what, seat) {
            (NetCommand::Copy, _) => NetInput::Copy(seat, typed(Typed::Link(seat))),
            (NetCommand::Share, _) => NetInput::Share(seat, typed(Typed::Link(seat))),
            (NetCommand::TakeReply, _) => NetInput::TakeReply(typed(Typed::Reply)),
            (NetCommand::Invites, _) => NetInput::Invites,
            (NetCommand::Reinvite, Some(s)) => NetInput::Reinvite(s),
            (NetCommand::Computer, Some(s)) => NetInput::Computer(s),
            (NetCommand::Friend, Some(s)) => NetInput::Friend(s),
            (NetCommand::Join, _) => NetInput::Join(typed(Typed::Name)),
            (NetCommand::Reinvite | NetCommand::Computer | NetCommand::Friend, None) => {
                return None
            }
        })
    }
}

/// A field of the online dialogs whose text a click carries.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Typed {
    Reply,
    Name,
    /// A seat's invite link (the host), or (`None`) the reply link (a guest).
    Link(Option<u8>),
}

/// The servers' fields of the online dialogs, as typed.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ServersForm {
    pub same_network_only: bool,
    /// The STUN servers' list.
    pub stun: String,
    pub relay_urls: String,
    pub relay_user: String,
    pub relay_password: String,
}

/// What a peer reports.
#[derive(Clone, Debug)]
pub enum PeerEvent {
    /// This side's description, every candidate gathered: pack it into the link.
    Described(crate::net::sdp::Connection),
    /// The data channel is open.
    Open,
    /// A message's bytes (a text message is passed on as its UTF-8, and refused by the reader).
    Message(Vec<u8>),
    /// A message over the size limit, dropped unread (never copied into the
    /// page's memory): its size (a text's, in UTF-16 units).
    TooLarge(#[allow(dead_code)] usize),
    /// The connection is gone (closed, failed or disconnected).
    Lost,
    /// The browser refused to make or take a description (its words, for the log).
    Failed(#[allow(dead_code)] String),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(options: Vec<(&str, OptionField)>, seats: &[&str]) -> NewGameForm {
        NewGameForm {
            game: GameKind::ThreePlayer,
            preset: "parlett".into(),
            options: options
                .into_iter()
                .map(|(k, f)| (k.to_string(), f))
                .collect(),
            seats: seats.iter().map(|s| s.to_string()).collect(),
            seed: "  a seed ".into(),
        }
    }

    #[test]
    fn the_new_games_form_makes_its_setup() {
        let f = form(
            vec![
                ("deals", OptionField::Number(" 3 ".into())),
                ("target", OptionField::Number("".into())),
            ],
            &["human", "friend", "hard"],
        );
        let setup = f.setup(Lang::En).unwrap();
        assert_eq!(
            setup.players,
            [Player::Human, Player::Friend, Player::Computer(Level::Hard)]
        );
        assert_eq!(setup.seed.as_deref(), Some("a seed"));
        assert_eq!(setup.rules.deals, Some(3));
        // A seat missing or unknown: a Normal computer.
        let short = form(Vec::new(), &["human", "grandmaster"]).setup(Lang::En);
        assert_eq!(
            short.unwrap().players[1..],
            [Player::Computer(Level::Normal); 2]
        );
    }

    #[test]
    fn a_bad_number_is_refused_naming_its_field_in_the_pages_language() {
        for lang in Lang::ALL {
            for typed in ["0", "-2", "three", "99999999999"] {
                let f = form(
                    vec![("deals", OptionField::Number(typed.into()))],
                    &["human"],
                );
                let why = f.setup(lang).unwrap_err();
                let label = i18n::option_label(lang, "deals").unwrap();
                assert!(why.starts_with(label) && !why.contains('\n'), "{why}");
            }
        }
    }
}
