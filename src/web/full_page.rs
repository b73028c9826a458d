//! The page's two builds (Cargo feature `full`; see `controller::parts`): the table
//! alone, which a visit loads first, and the full page, which adds the
//! replay viewer with the rules-site links and online play. `www/boot.js`
//! loads the full page for a rules-site link (`?r=`), an invite or a reply
//! (`#j=`, `#r=`), and always in the full page's own document, `full.html`,
//! which the links it is for point to. The table hands over when a player
//! wants one of those things: it notes in sessionStorage what to open there
//! first and goes to `full.html` (Back returns to the table). The game on
//! the table is saved at every move, so nothing is lost.

use crate::web::i18n::{Lang, K};
use web_sys::Storage;

/// The full page's own document, beside the table's (`scripts/full-page.mjs`
/// writes it: the full page's files preloaded, the loader told to start it).
pub const DOCUMENT: &str = "full.html";
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

/// The full page's address in this folder (rules-site links, invites and
/// replies point there).
pub fn address() -> String {
    folder().unwrap_or_default() + DOCUMENT
}

/// Whether this page is the full page's document (the table runs in it only
/// when the full page's files could not be loaded).
fn on_full_document() -> bool {
    crate::web::dom::doc()
        .query_selector("script[data-page=full]")
        .ok()
        .flatten()
        .is_some()
}

/// Hands this tab over to the full page, which opens `then` first: a note in
/// sessionStorage, and the full page's document with this address's query.
/// The error is the player's one line: this copy of the page has no full
/// build, or this is already its document and the table runs in it (its
/// files could not be loaded, e.g. offline before they were cached).
pub fn hand_over(lang: Lang, then: Then) -> Result<(), String> {
    let missing = || lang.t(K::FullPageMissing).to_string();
    let has_full_build = crate::web::dom::doc()
        .query_selector("script[data-full-js]")
        .ok()
        .flatten()
        .is_some();
    if !has_full_build || on_full_document() {
        return Err(missing());
    }
    let s = session().ok_or_else(missing)?;
    let note = match then {
        Then::Table => String::new(),
        Then::Records => "records".to_string(),
        Then::Review => "review".to_string(),
        Then::Import(text) => format!("import:{text}"),
    };
    s.set_item(THEN_KEY, &note).map_err(|_| missing())?;
    let w = web_sys::window().ok_or_else(missing)?;
    let search = w.location().search().unwrap_or_default();
    w.location()
        .assign(&format!("{}{search}", address()))
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
        _ => match note.strip_prefix("import:") {
            Some(text) => Then::Import(text.to_string()),
            None => Then::Table,
        },
    })
}
