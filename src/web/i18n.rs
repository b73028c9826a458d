//! The page's language in the browser: picked at start from the address,
//! the remembered choice or the browser's languages, and remembered when
//! chosen. The view writes it on the document (`<html lang>`, the title). The words themselves, with no browser in
//! them, are the page's core (`crate::page::i18n`), re-exported here under
//! the name the page's files use.

pub use crate::page::i18n::*;

/// The language to start in: `?lang=` in the address (read by the page's
/// `PageParams`), else the one chosen before (localStorage), else the first of
/// the browser's languages we have.
pub fn detect(url_lang: Option<Lang>) -> Lang {
    if let Some(l) = url_lang {
        return l;
    }
    if let Some(l) = super::storage::get("lang")
        .as_deref()
        .and_then(Lang::from_tag)
    {
        return l;
    }
    let Some(nav) = web_sys::window().map(|w| w.navigator()) else {
        return Lang::En;
    };
    nav.languages()
        .iter()
        .filter_map(|tag| tag.as_string())
        .chain(nav.language())
        .find_map(|tag| Lang::from_tag(&tag))
        .unwrap_or(Lang::En)
}

/// Chooses a language for this page and remembers it for the next visit
/// (the view writes it on the document at the next render).
pub fn choose_lang(lang: Lang) {
    // If storage refuses, the language still applies to this visit.
    let _ = super::storage::set("lang", lang.tag());
}
