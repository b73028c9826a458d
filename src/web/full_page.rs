//! The full page, which the table alone hands over to, comes as two pages
//! (Cargo features `viewer` and `online`; see `controller::parts`), each in
//! a document of its own beside the table's: the viewer's, `viewer.html`
//! (the replay viewer with the rules-site links and the deal review), and
//! online play's, `online.html`. No visit needs both. `www/boot.js` loads
//! the viewer's page for a rules-site link (`?r=`) and online play's for an
//! invite or a reply (`#j=`, `#r=`); the links each is for point to its
//! document. The table hands over when a player wants one of those things:
//! it notes in sessionStorage what to open there first and goes to that
//! document (Back returns to the table). The game on the table is saved at
//! every move, so nothing is lost. (`full.html`, the one document of the
//! full page before it was split, is kept as the viewer's, for the links
//! and embeds that rules sites already have.)

use crate::web::i18n::{Lang, K};
use web_sys::Storage;

/// One of the full page's two documents, beside the table's
/// (`scripts/full-page.mjs` writes them: the page's files preloaded, the
/// loader told to start it).
#[derive(Clone, Copy)]
pub enum Document {
    /// The replay viewer's: rules-site links and embeds, imported records,
    /// the author's tool, the deal review.
    Viewer,
    /// Online play's: invites, replies, a game with friends.
    Online,
}

impl Document {
    /// The page's name, as the build names everything of it (its Cargo
    /// feature, `NAME.html`, the loader's `data-NAME-js` and
    /// `data-page=NAME`), and `www/boot.js` reads them.
    fn name(self) -> &'static str {
        match self {
            Document::Viewer => "viewer",
            Document::Online => "online",
        }
    }
}

/// What the full page opens first after a hand-over.
const THEN_KEY: &str = "duck-soup.then";

/// What the full page opens first after the table handed over to it.
#[derive(Debug, PartialEq)]
pub enum Then {
    /// The table (the saved game; a game with friends makes its invites).
    Table,
    /// The Share and records dialog, with the author's tool.
    Records,
    /// A record the player imported, in the viewer.
    Import(String),
    /// The review of the deal just finished (the saved game's last).
    Review,
    /// The deal just finished (the saved game's last), played again for practice.
    Practice,
}

fn session() -> Option<Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

/// This page's folder (origin and path to the last `/`), where the table is.
fn folder() -> Option<String> {
    let l = web_sys::window()?.location();
    let path = l.pathname().ok()?;
    let dir = &path[..path.rfind('/').map_or(0, |i| i + 1)];
    Some(format!("{}{dir}", l.origin().ok()?))
}

/// The address of one of the full page's documents in this folder
/// (rules-site links point to the viewer's; invites and replies to online
/// play's).
pub fn address(document: Document) -> String {
    format!("{}{}.html", folder().unwrap_or_default(), document.name())
}

fn selected(selector: &str) -> bool {
    crate::web::dom::doc()
        .query_selector(selector)
        .ok()
        .flatten()
        .is_some()
}

impl Then {
    /// Which of the full page's documents opens it.
    fn document(&self) -> Document {
        match self {
            Then::Table => Document::Online,
            Then::Records | Then::Import(_) | Then::Review | Then::Practice => Document::Viewer,
        }
    }
}

/// Hands this tab over to the full page's document that opens `then`
/// first: a note in sessionStorage, and that document with this address's
/// query (never a game link's for online play's: the viewer takes its
/// parameters out of the address as it stops). The error
/// is the player's one line: this copy of the page has no such build, or
/// this is already its document and the table runs in it (its files could
/// not be loaded, e.g. offline before they were cached).
pub fn hand_over(lang: Lang, then: Then) -> Result<(), String> {
    let missing = || lang.t(K::FullPageMissing).to_string();
    let document = then.document();
    let name = document.name();
    // (This copy of the site has no such build, or the table runs in its
    // document already.)
    if !selected(&format!("script[data-{name}-js]"))
        || selected(&format!("script[data-page={name}]"))
    {
        return Err(missing());
    }
    let s = session().ok_or_else(missing)?;
    let note = match then {
        Then::Table => String::new(),
        Then::Records => "records".to_string(),
        Then::Review => "review".to_string(),
        Then::Practice => "practice".to_string(),
        Then::Import(text) => format!("import:{text}"),
    };
    s.set_item(THEN_KEY, &note).map_err(|_| missing())?;
    let w = web_sys::window().ok_or_else(missing)?;
    let query = w.location().search().unwrap_or_default();
    w.location()
        .assign(&format!("{}{query}", address(document)))
        .map_err(|_| missing())
}

/// What the table asked the full page to open first, once (the note is
/// removed as it is read).
pub fn take_then() -> Option<Then> {
    let s = session()?;
    let note = s.get_item(THEN_KEY).ok().flatten()?;
    let _ = s.remove_item(THEN_KEY);
    Some(match note.as_str() {
        "records" => Then::Records,
        "review" => Then::Review,
        "practice" => Then::Practice,
        _ => match note.strip_prefix("import:") {
            Some(text) => Then::Import(text.to_string()),
            None => Then::Table,
        },
    })
}
