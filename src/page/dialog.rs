//! Which dialog is open over the table, and what it shows, as plain data:
//! the controller keeps it ([`Dialogs`]), the scene carries it
//! (`Scene::dialog`), and the view opens, rebuilds or closes the
//! `<dialog>` when it changes (`web/view/dialogs.rs`). A dialog the
//! browser closes (Esc, its Close button) comes back as
//! `Action::DialogClosed`, which clears it there too, so that the two never
//! disagree. What a person types stays in the form until an action
//! carries it; nothing here is read back from the page.

use super::i18n::Lang;
use super::link::AuthorLink;
use super::model::{AuthorForm, Closed, DialogAction, Settings, Setup};
use super::online::{GuestState, SeatStatus, Stun};
use crate::engine::GameKind;
use crate::net::invite::Invite;
use std::any::Any;
use std::rc::Rc;

/// The page's dialogs, each one `<dialog>` of its own id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DialogKind {
    NewGame,
    Settings,
    Help,
    /// Share and records.
    Records,
    /// Online play's invites (the host's).
    Invites,
    /// A guest's join page.
    Join,
}

impl DialogKind {
    pub const ALL: [DialogKind; 6] = [
        DialogKind::NewGame,
        DialogKind::Settings,
        DialogKind::Help,
        DialogKind::Records,
        DialogKind::Invites,
        DialogKind::Join,
    ];

    /// Its `<dialog>`'s id.
    pub fn id(self) -> &'static str {
        match self {
            DialogKind::NewGame => "new-game-dialog",
            DialogKind::Settings => "settings-dialog",
            DialogKind::Help => "help-dialog",
            DialogKind::Records => "share-dialog",
            DialogKind::Invites => "invite-dialog",
            DialogKind::Join => "join-dialog",
        }
    }

    /// The dialog of a `<dialog>`'s id (None: one the controller does not
    /// keep, such as online play's notices).
    pub fn of_id(id: &str) -> Option<DialogKind> {
        DialogKind::ALL.into_iter().find(|k| k.id() == id)
    }
}

/// The dialog open, with what it shows.
#[derive(Clone, Debug, PartialEq)]
pub enum OpenDialog {
    NewGame(NewGameDialog),
    /// The Settings panel, filled in with these (and the sound switch).
    Settings {
        settings: Settings,
        sound_on: bool,
    },
    /// The rules' help, on this game's tab.
    Help(GameKind),
    Records(RecordsDialog),
    /// Online play's invites or join page (made anew at each of the
    /// connections' news) and the servers' notes (written in place).
    Online(OnlineDialog, ServersNotes),
}

impl OpenDialog {
    pub fn kind(&self) -> DialogKind {
        match self {
            OpenDialog::NewGame(_) => DialogKind::NewGame,
            OpenDialog::Settings { .. } => DialogKind::Settings,
            OpenDialog::Help(_) => DialogKind::Help,
            OpenDialog::Records(_) => DialogKind::Records,
            OpenDialog::Online(d, _) => d.kind(),
        }
    }
}

/// The dialog open over the table, if any, and its one line of refusal
/// (a form refused, a record not read): the controller keeps one, the
/// scene carries both.
#[derive(Clone, Debug, Default)]
pub struct Dialogs {
    open: Option<Rc<OpenDialog>>,
    refusal: Option<String>,
}

/// What the new game's dialog's actions ask of the page.
#[derive(Debug, PartialEq)]
pub enum NewGameOutcome {
    /// Only what shows changed.
    Shown,
    /// Start this game (in a task of its own, after the click's frame).
    Start(Setup),
    /// A dialog the browser closed: online play may open its own again.
    Closed(Closed),
}

impl Dialogs {
    /// The dialog open, shared with the scene.
    pub fn open(&self) -> Option<Rc<OpenDialog>> {
        self.open.clone()
    }

    pub fn refusal(&self) -> Option<String> {
        self.refusal.clone()
    }

    pub fn shown(&self) -> Option<&OpenDialog> {
        self.open.as_deref()
    }

    /// Whether the dialog open is the one of `kind`.
    pub fn is(&self, kind: DialogKind) -> bool {
        self.open.as_deref().map(OpenDialog::kind) == Some(kind)
    }

    /// Opens `d` (or shows it changed: its refusal stays while the same
    /// dialog is open).
    pub fn show(&mut self, d: OpenDialog) {
        if !self.is(d.kind()) {
            self.refusal = None;
        }
        self.open = Some(Rc::new(d));
    }

    /// Closes the dialog of `kind`, if it is the one open.
    pub fn close(&mut self, kind: DialogKind) {
        if self.is(kind) {
            self.open = None;
            self.refusal = None;
        }
    }

    /// Changes the records dialog by `f`, if it is the one open.
    pub fn change_records(&mut self, f: impl FnOnce(&mut RecordsDialog)) {
        if let Some(OpenDialog::Records(r)) = self.shown() {
            let mut r = r.clone();
            f(&mut r);
            self.show(OpenDialog::Records(r));
        }
    }

    /// Says `why` on the refusal line of the dialog of `kind`, if it is open.
    pub fn refuse(&mut self, kind: DialogKind, why: String) {
        if self.is(kind) {
            self.refusal = Some(why);
        }
    }

    /// The new game's dialog and a dialog the browser closed: `from` is
    /// the set-up the dialog opens with (the game on the table, as shared).
    pub fn update(&mut self, action: DialogAction, from: Setup, lang: Lang) -> NewGameOutcome {
        match action {
            DialogAction::Open => self.show(OpenDialog::NewGame(NewGameDialog::new(from))),
            DialogAction::Cancel => self.close(DialogKind::NewGame),
            DialogAction::Closed(closed) => {
                if let Some(kind) = closed.kind() {
                    self.close(kind);
                }
                return NewGameOutcome::Closed(closed);
            }
            DialogAction::GameChanged(game) => self.change_new_game(|n| {
                n.game = game;
                n.preset = None;
            }),
            DialogAction::PresetChanged(game, preset) => self.change_new_game(|n| {
                n.game = game;
                n.preset = Some(preset);
            }),
            DialogAction::Start(form) => match form.setup(lang) {
                Ok(setup) => return NewGameOutcome::Start(setup),
                Err(why) => self.refuse(DialogKind::NewGame, why),
            },
        }
        NewGameOutcome::Shown
    }

    /// Changes the new game's dialog by `f`, if it is open.
    fn change_new_game(&mut self, f: impl FnOnce(&mut NewGameDialog)) {
        if let Some(OpenDialog::NewGame(n)) = self.open.as_deref() {
            let mut n = n.clone();
            f(&mut n);
            self.show(OpenDialog::NewGame(n));
        }
    }
}

/// The new game's dialog: filled in from `from`; the game and the rules'
/// preset chosen in it since (each choice fills the fields below it
/// afresh; what was typed elsewhere stays). (The refusal of its form is the
/// dialog's refusal, `Scene::dialog_error`.)
#[derive(Clone, Debug, PartialEq)]
pub struct NewGameDialog {
    pub from: Setup,
    pub game: GameKind,
    pub preset: Option<String>,
}

impl NewGameDialog {
    pub fn new(from: Setup) -> NewGameDialog {
        NewGameDialog {
            game: from.rules.game,
            from,
            preset: None,
        }
    }
}

/// The Share and records dialog: what it shows, made once when it opens
/// (shared, not copied, by every scene while it is open), and the author's
/// tool as last changed. (The refusal of a record imported is the
/// dialog's refusal, `Scene::dialog_error`.)
#[derive(Clone, Debug, PartialEq)]
pub struct RecordsDialog {
    pub shows: Rc<RecordsShown>,
    /// The author's tool's box and caption as last changed (its links
    /// follow), and how many times its preview was asked for.
    pub author: Option<AuthorForm>,
    pub previews: u32,
}

impl RecordsDialog {
    pub fn new(shows: RecordsShown) -> RecordsDialog {
        RecordsDialog {
            shows: Rc::new(shows),
            author: None,
            previews: 0,
        }
    }
}

/// What the Share and records dialog shows of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordsShown {
    /// The game's link (None in the replay viewer, which has none of its own).
    pub share_link: Option<String>,
    /// Today's daily deal's result, to share, once played.
    pub daily_result: Option<String>,
    /// The game's record as text (None in the viewer, or while withheld).
    pub record: Option<String>,
    /// Why the record is not shown yet (a game with friends in progress).
    pub withheld: Option<&'static str>,
    pub author: Author,
}

/// The records dialog's section for rules sites.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Author {
    /// The author's tool on this position (the full page).
    Tool(AuthorLink),
    /// A button to the full page, which has the tool (the table alone).
    InFullPage,
    /// None: the game cannot be packed into a link, or its record is
    /// withheld (a game with friends in progress).
    None,
}

/// Online play's dialogs (the full page's), held as any value: the table
/// alone, which never makes one, then has none of their code, not even
/// their drop. Shared, not copied, by the notes' changes.
#[derive(Clone)]
pub struct OnlineDialog {
    kind: DialogKind,
    shows: Rc<dyn Any>,
}

/// What online play's dialogs show.
#[derive(Clone, Debug, PartialEq)]
pub enum OnlineShown {
    Invites(InvitesShown),
    Join(JoinShown),
}

impl OnlineDialog {
    pub fn new(shows: OnlineShown) -> OnlineDialog {
        let kind = match shows {
            OnlineShown::Invites(_) => DialogKind::Invites,
            OnlineShown::Join(_) => DialogKind::Join,
        };
        OnlineDialog {
            kind,
            shows: Rc::new(shows),
        }
    }

    pub fn shows(&self) -> Option<&OnlineShown> {
        self.shows.downcast_ref()
    }

    pub fn kind(&self) -> DialogKind {
        self.kind
    }

    /// Whether `other` is this very one (not made anew since).
    pub fn is(&self, other: &OnlineDialog) -> bool {
        Rc::ptr_eq(&self.shows, &other.shows)
    }
}

impl PartialEq for OnlineDialog {
    fn eq(&self, other: &OnlineDialog) -> bool {
        self.shows() == other.shows()
    }
}

impl std::fmt::Debug for OnlineDialog {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        self.shows().fmt(f)
    }
}

/// The host's invites: one section a remote seat (`seats`), the seats
/// handed to the computer (which may be handed back), the reply box's
/// refusal, and the servers as the dialog is made with them.
#[derive(Clone, Debug, PartialEq)]
pub struct InvitesShown {
    pub kind: GameKind,
    pub seats: Vec<SeatStatus>,
    pub handed: Vec<u8>,
    pub error: Option<String>,
    pub servers: Stun,
}

/// A guest's join page: the invite, the connection's state, the name
/// (as joined with, or as typed when the page closed), the servers.
#[derive(Clone, Debug, PartialEq)]
pub struct JoinShown {
    pub invite: Invited,
    pub state: GuestState,
    pub name: String,
    pub servers: Stun,
}

/// What a guest's join page says of its invite.
#[derive(Clone, Debug, PartialEq)]
pub struct Invited {
    pub game: GameKind,
    pub seat: u8,
    /// The rules in a share link's `o` form.
    pub rules: String,
    pub host_name: String,
}

impl Invited {
    pub fn of(invite: &Invite) -> Invited {
        Invited {
            game: invite.game,
            seat: invite.to.seat,
            rules: invite.rules.clone(),
            host_name: invite.host_name.clone(),
        }
    }
}

/// The servers' fields' state as last typed in an online dialog: written
/// in place, so that the fields keep what was typed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ServersNotes {
    /// "Same network only" ticked: the servers' fields are off.
    pub same_network_only: bool,
    /// Why the STUN list typed, or the relay, was not taken (empty: taken).
    pub stun_error: String,
    pub relay_error: String,
}
