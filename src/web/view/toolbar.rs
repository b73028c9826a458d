//! The header: the brand, the course (or how the trick on the table is won)
//! and the tools: language, Help, Settings, last trick, scores, sound, new
//! game. (The Share tool is added by records.rs, before New game.)

use super::super::dom::{append, button, el, icon, set_attr, set_text, text_el, toggle_class};
use super::super::i18n::{Lang, K};
use super::{changed, with_id};
use crate::page::input::{Command, NetCommand, RecordsButton};
use crate::page::scene::Scene;
use crate::web::dom::{action_button, set_data};
use web_sys::Element;

pub struct Toolbar {
    course: Element,
    mute: Element,
    /// Online play: the host reopens the invite dialog (hidden otherwise).
    invites: Element,
    review_btn: Element,
    muted_shown: Option<bool>,
}

/// A tool with an icon from the sprite and a label (hidden on narrow screens).
fn tool_button(id: &str, command: Command, icon_id: &str, label: &str) -> Element {
    let b = with_id(action_button("tool", command), id);
    set_icon_label(&b, icon_id, label);
    b
}

fn set_icon_label(b: &Element, icon_id: &str, label: &str) {
    b.set_inner_html(&format!(
        "{}<span class=\"label\"></span>",
        icon(icon_id, "icon")
    ));
    if let Some(l) = b.query_selector(".label").ok().flatten() {
        l.set_text_content(Some(label));
    }
    let _ = b.set_attribute("title", label);
    let _ = b.set_attribute("aria-label", label);
}

/// A tool whose icon is a character ("?", "⚙").
fn glyph_button(id: &str, command: Command, glyph: &str, label: &str) -> Element {
    let b = with_id(action_button("tool", command), id);
    let g = text_el("span", "icon glyph", glyph);
    let _ = g.set_attribute("aria-hidden", "true");
    append(&b, &g);
    append(&b, &text_el("span", "label", label));
    let _ = b.set_attribute("title", label);
    let _ = b.set_attribute("aria-label", label);
    b
}

/// The other language's button, named in that language.
fn lang_button(lang: Lang) -> Element {
    let other = lang.other();
    let b = with_id(action_button("tool lang-btn", Command::Lang), "lang-btn");
    let _ = b.set_attribute("lang", other.tag());
    b.set_text_content(Some(other.own_name()));
    let _ = b.set_attribute("title", lang.t(K::Language));
    b
}

impl Toolbar {
    /// The header; `with_share`: the Share and records tool (not in an
    /// embedded table, which never leads away from its host page).
    pub fn build(lang: Lang, root: &Element, with_share: bool) -> Toolbar {
        let header = el("header", "topbar");
        let brand = el("h1", "brand");
        brand.set_inner_html(&icon("duck-figure", "brand-duck"));
        append(&brand, &text_el("span", "", lang.t(K::AppTitle)));
        append(&header, &brand);
        // (The course, the trick's winner and the calls are read out by the announcer.)
        let course = with_id(el("div", "course"), "course");
        append(&header, &course);
        let tools = el("nav", "tools");
        let review_btn = tool_button(
            "last-trick",
            Command::Review,
            "i-trick",
            lang.t(K::LastTrick),
        );
        let mute = tool_button("mute", Command::Mute, "i-sound", lang.t(K::SoundOn));
        let invites = glyph_button("invites-btn", Command::Net, "⇄", lang.t(K::InviteTitle));
        set_data(&invites, NetCommand::Invites);
        let _ = invites.set_attribute("hidden", "");
        for b in [
            &lang_button(lang),
            &glyph_button("help-btn", Command::Help, "?", lang.t(K::Help)),
            &glyph_button("settings-btn", Command::Settings, "⚙", lang.t(K::Settings)),
            &review_btn,
            &tool_button(
                "scores-toggle",
                Command::Scores,
                "i-scores",
                lang.t(K::Scores),
            ),
            &mute,
            &invites,
        ] {
            append(&tools, b);
        }
        if with_share {
            let share = with_id(button("tool"), "share-tool");
            set_data(&share, RecordsButton::Open);
            set_icon_label(&share, "i-share", lang.t(K::ShareTool));
            append(&tools, &share);
        }
        append(
            &tools,
            &tool_button("new-game", Command::NewGame, "i-new", lang.t(K::NewGame)),
        );
        append(&header, &tools);
        append(root, &header);
        Toolbar {
            course,
            mute,
            invites,
            review_btn,
            muted_shown: None,
        }
    }

    pub fn render(&mut self, s: &Scene) {
        set_text(&self.course, &s.course_line);
        set_attr(&self.course, "data-course", s.course.name());
        if changed(&mut self.muted_shown, s.muted) {
            let (icon_id, label) = if s.muted {
                ("i-mute", K::SoundOff)
            } else {
                ("i-sound", K::SoundOn)
            };
            set_icon_label(&self.mute, icon_id, s.lang.t(label));
            set_attr(
                &self.mute,
                "aria-pressed",
                if s.muted { "true" } else { "false" },
            );
        }
        toggle_class(&self.review_btn, "disabled", !s.review_available);
        if s.invites == self.invites.has_attribute("hidden") {
            let _ = self
                .invites
                .toggle_attribute_with_force("hidden", !s.invites);
        }
    }
}
