//! The page's language in the browser: picked at start from the address,
//! the remembered choice or the browser's languages, remembered when chosen,
//! and written on the document. The words themselves, with no browser in
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

/// The page's language at start-up (see [`detect`]), applied to the document.
pub fn init(url_lang: Option<Lang>) -> Lang {
    let lang = detect(url_lang);
    apply_document_lang(lang);
    lang
}

/// Chooses a language for this page and remembers it for the next visit.
pub fn choose_lang(lang: Lang) {
    // If storage refuses, the language still applies to this visit.
    let _ = super::storage::set("lang", lang.tag());
    apply_document_lang(lang);
}

/// `<html lang>` and the page title follow the language.
pub fn apply_document_lang(lang: Lang) {
    if let Some(d) = web_sys::window().and_then(|w| w.document()) {
        if let Some(html) = d.document_element() {
            let _ = html.set_attribute("lang", lang.tag());
        }
        d.set_title(lang.t(K::AppTitle));
    }
}
