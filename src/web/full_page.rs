//! The page's two builds (Cargo features `links` and `online`): the table
//! alone, which a visit loads first, and the full page, which adds the
//! replay viewer with the rules-site links and online play. `www/boot.js`
//! loads the full page for a rules-site link (`?r=`), an invite or a reply
//! (`#j=`, `#r=`), and in a tab that has asked for it: the table hands over
//! when a player wants one of those things. It notes in sessionStorage that
//! this tab uses the full page and what to open there first, then reloads.
//! The game on the table is saved at every move, so nothing is lost.

use crate::web::i18n::{Lang, K};
use web_sys::Storage;

/// The tab's build ("full"); www/boot.js reads the same key.
#[cfg_attr(all(feature = "links", feature = "online"), allow(dead_code))]
const PAGE_KEY: &str = "duck-soup.page";
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
}

fn session() -> Option<Storage> {
    web_sys::window()?.session_storage().ok().flatten()
}

/// Hands this tab over to the full page, which opens `then` first. The
/// error is the player's one line: this copy of the page has no full
/// build, or the tab asked for it already and still got the table (its
/// files could not be loaded, e.g. offline before they were cached).
#[cfg_attr(all(feature = "links", feature = "online"), allow(dead_code))]
pub fn hand_over(lang: Lang, then: Then) -> Result<(), String> {
    let missing = || lang.t(K::FullPageMissing).to_string();
    let has_full_build = crate::web::dom::doc()
        .query_selector("script[data-full-js]")
        .ok()
        .flatten()
        .is_some();
    let s = session().filter(|_| has_full_build).ok_or_else(missing)?;
    if s.get_item(PAGE_KEY).ok().flatten().as_deref() == Some("full") {
        return Err(missing());
    }
    let note = match then {
        Then::Table => String::new(),
        Then::Records => "records".to_string(),
        Then::Import(text) => format!("import:{text}"),
    };
    s.set_item(THEN_KEY, &note).map_err(|_| missing())?;
    s.set_item(PAGE_KEY, "full").map_err(|_| missing())?;
    web_sys::window()
        .and_then(|w| w.location().reload().ok())
        .ok_or_else(missing)
}

/// What the table asked the full page to open first, once (the note is
/// removed as it is read).
pub fn take_then() -> Option<Then> {
    let s = session()?;
    let note = s.get_item(THEN_KEY).ok().flatten()?;
    let _ = s.remove_item(THEN_KEY);
    Some(match note.as_str() {
        "records" => Then::Records,
        _ => match note.strip_prefix("import:") {
            Some(text) => Then::Import(text.to_string()),
            None => Then::Table,
        },
    })
}
