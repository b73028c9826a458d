//! The author's tool, in the Share and records dialog: the game in the
//! viewer (at its position) or on the table (as far as it has gone) as a
//! link (`?r=…&at=N`, see [`super::link`]) and as the HTML of an iframe
//! (`embed=1`) for a rules page, each with a Copy button, the next move as
//! a puzzle at the flick of a checkbox, and a preview: the embed itself,
//! shown in the dialog.

use super::link;
use crate::page::input::{ChangedField, CopyField, RecordsButton, RecordsCommand};
use crate::page::model::AuthorForm;
use crate::web::dom::{append, button, by_id, el, labelled_input, set_data};
use crate::web::full_page::{self, Document};
use crate::web::i18n::{FullKey, Lang, K};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, HtmlTextAreaElement};

pub use crate::page::link::AuthorLink;

/// A link to the viewer's page (`web::full_page`) with `query`.
fn link_of(query: &str) -> String {
    format!("{}?{query}", full_page::address(Document::Viewer))
}

/// The iframe's HTML for a rules page.
fn embed_of(lang: Lang, query: &str) -> String {
    let src = link_of(&format!("embed=1&{query}")).replace('&', "&amp;");
    let title = lang.t(K::AppTitle).replace('"', "&quot;");
    format!("<iframe src=\"{src}\" title=\"{title}\" width=\"100%\" height=\"760\"></iframe>")
}

/// A read-only field with a Copy button (`data-rec="copy-{id}"`).
fn row(
    lang: Lang,
    parent: &Element,
    copied: CopyField,
    value: &str,
    label: FullKey,
    multiline: bool,
) {
    let id = copied.name();
    let r = el("div", "copy-row");
    let field = el(if multiline { "textarea" } else { "input" }, "");
    field.set_id(id);
    if multiline {
        let _ = field.set_attribute("rows", "3");
        field.set_text_content(Some(value));
    } else {
        let _ = field.set_attribute("type", "text");
        let _ = field.set_attribute("value", value);
    }
    let _ = field.set_attribute("readonly", "");
    let _ = field.set_attribute("spellcheck", "false");
    let _ = field.set_attribute("aria-label", lang.t(label));
    append(&r, &field);
    let b = button("secondary");
    set_data(&b, RecordsCommand::Copy(copied));
    b.set_id(&format!("{id}-copy"));
    b.set_text_content(Some(lang.t(label)));
    append(&r, &b);
    append(parent, &r);
}

/// The dialog's section (into the fieldset `f`).
pub fn section(lang: Lang, f: &Element, a: &AuthorLink) {
    let _ = f.set_attribute("data-link", &a.query);
    if let Some(q) = &a.puzzle_query {
        let _ = f.set_attribute("data-puzzle", q);
        let (l, c) = labelled_input(
            "author-puzzle",
            lang.t(K::AuthorPuzzle),
            "author-puzzle",
            "checkbox",
        );
        set_data(&c, ChangedField::AuthorPuzzle);
        append(f, &l);
        if a.suggested {
            let _ = c.set_attribute("checked", "");
            let note = el("p", "author-suggested");
            note.set_id("author-suggested");
            note.set_text_content(Some(lang.t(K::AuthorSuggested)));
            append(f, &note);
        }
    }
    // (The link shown asks the puzzle when its box comes ticked.)
    let shown = match (&a.puzzle_query, a.suggested) {
        (Some(q), true) => q,
        _ => &a.query,
    };
    // A caption at this move, typed here (text only, cut as the viewer cuts it).
    let (l, c) = labelled_input(
        "author-caption",
        lang.t(K::AuthorCaption),
        "author-caption",
        "text",
    );
    let _ = c.set_attribute("maxlength", &link::MAX_CAPTION_CHARS.to_string());
    set_data(&c, ChangedField::AuthorCaption);
    append(f, &l);
    f.set_id("author");
    let _ = f.set_attribute("data-lang", lang.tag());
    let _ = f.set_attribute("data-at", &a.at.to_string());
    row(
        lang,
        f,
        CopyField::AuthorLink,
        &link_of(shown),
        K::AuthorCopyLink,
        false,
    );
    row(
        lang,
        f,
        CopyField::AuthorEmbed,
        &embed_of(lang, shown),
        K::AuthorCopyEmbed,
        true,
    );
    let b = button("secondary");
    b.set_id("author-preview-button");
    set_data(&b, RecordsButton::Preview);
    b.set_text_content(Some(lang.t(K::AuthorPreview)));
    append(f, &b);
}

/// What the section holds now (read by the listeners when it changes):
/// None without the section.
pub fn form() -> Option<AuthorForm> {
    let f = by_id("author")?;
    let field = |id: &str| by_id(id).and_then(|c| c.dyn_into::<HtmlInputElement>().ok());
    Some(AuthorForm {
        query: f.get_attribute("data-link")?,
        puzzle_query: f.get_attribute("data-puzzle"),
        at: f.get_attribute("data-at").and_then(|n| n.parse().ok()),
        puzzle: field("author-puzzle").is_some_and(|c| c.checked()),
        caption: field("author-caption")
            .map(|c| c.value())
            .unwrap_or_default(),
    })
}

/// The query the section shows for `form` (with the puzzle if its box is
/// ticked, and the caption typed, at the move the link opens at: the
/// puzzle's question is asked there too).
fn shown_query(form: &AuthorForm) -> Option<String> {
    let mut q = if form.puzzle {
        form.puzzle_query.clone()?
    } else {
        form.query.clone()
    };
    let typed = &form.caption;
    if let Some((n, text)) = form.at.and_then(|n| link::caption(&format!("{n}:{typed}"))) {
        q.push_str(&link::caption_param(n, &text));
    }
    Some(q)
}

/// The puzzle box or the caption changed (to `form`): the link and the code follow.
pub fn changed(lang: Lang, form: &AuthorForm) {
    let Some(q) = shown_query(form) else { return };
    if let Some(i) =
        by_id(CopyField::AuthorLink.name()).and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
    {
        i.set_value(&link_of(&q));
    }
    if let Some(t) =
        by_id(CopyField::AuthorEmbed.name()).and_then(|e| e.dyn_into::<HtmlTextAreaElement>().ok())
    {
        t.set_value(&embed_of(lang, &q));
    }
    if by_id("author-preview").is_some() {
        preview(lang, form);
    }
}

/// Shows the embed of `form`'s link in the dialog (or loads it again with
/// the link shown).
pub fn preview(lang: Lang, form: &AuthorForm) {
    let (Some(f), Some(q)) = (by_id("author"), shown_query(form)) else {
        return;
    };
    let frame = by_id("author-preview").unwrap_or_else(|| {
        let i = el("iframe", "author-preview");
        i.set_id("author-preview");
        let _ = i.set_attribute("title", lang.t(K::AuthorPreview));
        append(&f, &i);
        i
    });
    let _ = frame.set_attribute("src", &link_of(&format!("embed=1&{q}")));
}
