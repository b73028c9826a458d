//! The online dialogs, built from plain values: the host's invites (a link,
//! Copy, Share where the browser has it, a QR code, the reply paste box),
//! the guest's join page and the reply tab's notice. Their buttons carry
//! `data-action="net"` and a `data-net` (`input::NetCommand`), which become
//! `NetEvent::Input`.
//! Every text from outside (names, rules) is set as text, never as markup.

use super::guest::GuestState;
use super::remote_seat::{LinkState, SeatStatus};
use crate::engine::GameKind;
use crate::page::dialog::Invited;
use crate::page::input::{selector, ChangedField, Command, DataAttribute, NetCommand, SeatOf};
use crate::page::model::{ServersForm, Typed};
use crate::page::online::DeviceWords;
use crate::web::dom::{
    append, by_id, dialog_form, el, get_data, labelled_input, set_data, text_el,
};
use crate::web::full_page::{self, Document};
use crate::web::i18n::{FullKey, Lang, K};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlDialogElement, HtmlInputElement, HtmlTextAreaElement};

/// An invite or a reply link: online play's page's address with `#key=payload`
/// and nothing else. None of this page's query goes with it (a seed, the
/// embed flag, the pace, a game link, the language: each device shows the
/// game in its own), so a link tells a friend nothing about the host's
/// page and joining needs only the fragment.
pub fn link(key: &str, payload: &str) -> String {
    format!("{}#{key}={payload}", full_page::address(Document::Online))
}

/// The id of a seat's invite link field (the host), or (`None`) of the
/// reply link's (a guest).
pub fn link_field(seat: Option<u8>) -> String {
    match seat {
        Some(s) => format!("invite-link-{s}"),
        None => "reply-link".to_string(),
    }
}

fn net_button(class: &str, what: NetCommand, seat: Option<u8>, label: &str) -> Element {
    let b = crate::web::dom::action_button(class, Command::Net);
    set_data(&b, what);
    if let Some(s) = seat {
        set_data(&b, SeatOf(s));
    }
    b.set_text_content(Some(label));
    b
}

fn can_share() -> bool {
    web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w.navigator(), &"share".into()).ok())
        .is_some_and(|f| f.is_function())
}

/// A read-only link with Copy (and Share) buttons, under its label; the
/// field's id names it.
fn link_row(lang: Lang, parent: &Element, label: &str, id: &str, value: &str, seat: Option<u8>) {
    let name = text_el("label", "link-label", label);
    let _ = name.set_attribute("for", id);
    append(parent, &name);
    let row = el("div", "copy-row");
    let i = el("input", "");
    i.set_id(id);
    for (k, v) in [
        ("type", "text"),
        ("readonly", ""),
        ("spellcheck", "false"),
        ("value", value),
    ] {
        let _ = i.set_attribute(k, v);
    }
    append(&row, &i);
    let copy = net_button("secondary", NetCommand::Copy, seat, lang.t(K::Copy));
    copy.set_id(&format!("{id}-copy"));
    append(&row, &copy);
    if can_share() {
        let share = net_button("secondary", NetCommand::Share, seat, lang.t(K::ShareTool));
        append(&row, &share);
    }
    append(parent, &row);
}

fn game_name(lang: Lang, g: GameKind) -> &'static str {
    lang.t(match g {
        GameKind::TwoPlayer => K::GameTwo,
        GameKind::ThreePlayer => K::GameThree,
        GameKind::Partnership => K::GamePartnership,
    })
}

/// The servers: "same network only", the STUN list, and a relay (TURN)
/// server's address, user name and password, folded away unless a relay is
/// wanted (`relay_wanted`: a connection did not open) or was being edited.
/// `kept_relay`: the relay's fields of the dialog before its rebuild
/// ([`kept_relay`]), which go on as they are (what was typed, whether they
/// are open, the refusal on show): a connection's news loses nothing.
fn stun_choice(
    lang: Lang,
    form: &Element,
    stun: &super::Stun,
    kept_relay: Option<Element>,
    relay_wanted: bool,
) {
    let (label, input) = labelled_input(
        "field check",
        lang.t(K::SameNetwork),
        "same-network",
        "checkbox",
    );
    set_data(&input, ChangedField::Servers);
    if stun.same_network_only {
        let _ = input.set_attribute("checked", "");
    }
    append(form, &label);
    // The servers, when not "same network only" (commas or lines between).
    let (label, list) =
        labelled_input("field stun", lang.t(K::StunServers), "stun-servers", "text");
    let _ = list.set_attribute("spellcheck", "false");
    set_data(&list, ChangedField::Servers);
    let _ = list.set_attribute("value", &stun.servers.join(", "));
    if stun.same_network_only {
        let _ = list.set_attribute("disabled", "");
    }
    append(form, &label);
    let err = text_el("p", "error", "");
    err.set_id("stun-error");
    let _ = err.set_attribute("role", "alert");
    append(form, &err);

    let summary = match &stun.relay {
        Some(relay) => lang.tf(K::RelaySet, &[&relay.urls.join(", ")]),
        None => lang.t(K::RelayTitle).to_string(),
    };
    let details = match kept_relay {
        Some(details) => {
            // (The relay remembered may have changed since.)
            if let Ok(Some(words)) = details.query_selector("summary") {
                words.set_text_content(Some(&summary));
            }
            details
        }
        None => relay_details(lang, stun, &summary),
    };
    if relay_wanted {
        let _ = details.set_attribute("open", "");
    }
    append(form, &details);
}

/// The relay's fields of the dialog about to be rebuilt, taken out of it
/// whole, to go into its new form (None when it had none).
fn kept_relay() -> Option<Element> {
    by_id("relay-details")
}

/// The relay's fields, folded away, filled with the relay remembered.
fn relay_details(lang: Lang, stun: &super::Stun, summary: &str) -> Element {
    let details = el("details", "relay");
    details.set_id("relay-details");
    append(&details, &text_el("summary", "", summary));
    append(&details, &text_el("p", "hint", lang.t(K::RelayHint)));
    let values = match &stun.relay {
        Some(r) => [r.urls.join(", "), r.username.clone(), r.credential.clone()],
        None => Default::default(),
    };
    let fields = [
        (K::RelayUrls, "relay-urls", "text"),
        (K::RelayUser, "relay-user", "text"),
        (K::RelayPassword, "relay-password", "password"),
    ];
    for ((words, id, kind), value) in fields.into_iter().zip(values) {
        let (label, input) = labelled_input("field stun", lang.t(words), id, kind);
        for (k, v) in [
            ("spellcheck", "false"),
            ("autocomplete", "off"),
            ("autocapitalize", "off"),
        ] {
            let _ = input.set_attribute(k, v);
        }
        set_data(&input, ChangedField::Servers);
        if id == "relay-urls" {
            let _ = input.set_attribute("placeholder", "turn:relay.example.org:3478");
        }
        if stun.same_network_only {
            let _ = input.set_attribute("disabled", "");
        }
        // (A property, not the attribute: the password stays out of the markup.)
        if let Some(i) = input.dyn_ref::<HtmlInputElement>() {
            i.set_value(&value);
        }
        append(&details, &label);
    }
    let err = text_el("p", "error", "");
    err.set_id("relay-error");
    let _ = err.set_attribute("role", "alert");
    append(&details, &err);
    details
}

/// The servers' fields of the open dialog as typed (read by the listeners
/// at each change).
pub fn servers_typed() -> ServersForm {
    let field = |id: &str| {
        by_id(id)
            .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
            .map(|i| i.value())
            .unwrap_or_default()
    };
    ServersForm {
        same_network_only: by_id("same-network")
            .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
            .is_some_and(|i| i.checked()),
        stun: field("stun-servers"),
        relay_urls: field("relay-urls"),
        relay_user: field("relay-user"),
        relay_password: field("relay-password"),
    }
}

/// The servers' fields are used only when "same network only" is not ticked.
pub fn servers_enabled(same_network_only: bool) {
    for id in ["stun-servers", "relay-urls", "relay-user", "relay-password"] {
        if let Some(i) = by_id(id).and_then(|e| e.dyn_into::<HtmlInputElement>().ok()) {
            i.set_disabled(same_network_only);
        }
    }
}

/// Says why the typed list was not taken (or nothing).
pub fn stun_error(text: &str) {
    if let Some(e) = by_id("stun-error") {
        e.set_text_content(Some(text));
    }
}

/// Says why the typed relay was not taken (or nothing).
pub fn relay_error(text: &str) {
    if let Some(e) = by_id("relay-error") {
        e.set_text_content(Some(text));
    }
}

/// Why a connection did not open, and what may help: a relay (where to
/// enter it), or a look at the one set, or leaving "same network only".
fn no_connection_words(stun: &super::Stun, host: bool) -> FullKey {
    match (stun.same_network_only, stun.relay.is_some(), host) {
        (true, _, true) => K::SeatFailedLocal,
        (true, _, false) => K::ConnTimeoutLocal,
        (false, true, true) => K::SeatFailedRelay,
        (false, true, false) => K::ConnTimeoutRelay,
        (false, false, true) => K::SeatFailed,
        (false, false, false) => K::ConnTimeout,
    }
}

/// The element of dialog `d` that has the focus, as a selector that finds
/// it again once the dialog is rebuilt: its id, or its button's `data-net`
/// and seat (None when the focus is elsewhere).
fn focused_in(d: &Element) -> Option<String> {
    let a = crate::web::dom::doc().active_element()?;
    if !d.contains(Some(&a)) {
        return None;
    }
    if !a.id().is_empty() {
        return Some(format!("#{}", a.id()));
    }
    let what = a
        .get_attribute(NetCommand::ATTRIBUTE)
        .map(|n| format!("[{}=\"{n}\"]", NetCommand::ATTRIBUTE))
        .or_else(|| {
            let action = a.get_attribute(Command::ATTRIBUTE)?;
            Some(format!("[{}=\"{action}\"]", Command::ATTRIBUTE))
        })?;
    Some(match get_data::<SeatOf>(&a) {
        Some(seat) => format!("{what}{}", selector(&seat)),
        None => what,
    })
}

/// Opens dialog `d` (if it is not open), and puts the focus back where it
/// was before the dialog was rebuilt (`was`: [`focused_in`]); when that is
/// gone, or the focus went with an element the rebuild removed, on the
/// dialog's first field or button, so that the keyboard never loses its place.
fn show(d: &HtmlDialogElement, was: Option<String>) {
    if !d.open() {
        let _ = d.show_modal();
    }
    let again = was.and_then(|sel| d.query_selector(&sel).ok().flatten());
    let lost = crate::web::dom::doc()
        .active_element()
        .is_none_or(|a| !d.contains(Some(&a)));
    let to = again.or_else(|| {
        lost.then(|| {
            d.query_selector("input:not([disabled]), textarea, button")
                .ok()
                .flatten()
        })
        .flatten()
    });
    if let Some(e) = to {
        crate::web::dom::focus(&e);
        // Typing goes on at the end of what was typed (a position past
        // the end is taken as the end).
        if let Some(area) = e.dyn_ref::<HtmlTextAreaElement>() {
            let _ = area.set_selection_range(u32::MAX, u32::MAX);
        }
    }
}

/// The host's invites, one section a remote seat, and the reply box.
/// `error` is the reply box's one-line message.
/// `handed`: seats handed from a friend to the computer, which may be handed back.
pub fn invites(
    lang: Lang,
    kind: GameKind,
    seats: &[SeatStatus],
    handed: &[u8],
    error: Option<&str>,
    stun: &super::Stun,
) {
    let d = crate::web::dom::dialog("invite-dialog", "newgame invites");
    let was = focused_in(&d);
    // The fields typed in go on into the rebuilt dialog as they are.
    let (kept_paste, kept_relay) = (by_id("reply-paste"), kept_relay());
    let form = dialog_form(&d, lang.t(K::InviteTitle));
    append(&form, &text_el("p", "hint", lang.t(K::InviteHint)));
    let fresh = text_el("p", "hint", lang.t(K::DealtFresh));
    fresh.set_id("dealt-fresh");
    append(&form, &fresh);
    let n = kind.seats() as u8;
    for s in seats.iter().filter(|s| s.seat < n) {
        let f = el("fieldset", "invite");
        set_data(&f, SeatOf(s.seat));
        let _ = f.set_attribute("data-state", state_name(&s.state));
        let seat = lang.seat_name(n, s.seat);
        append(&f, &text_el("legend", "", seat));
        let who = if s.name.is_empty() {
            lang.t(K::FriendShort).to_string()
        } else {
            s.name.clone()
        };
        match &s.state {
            LinkState::Inviting => append(&f, &text_el("p", "hint", lang.t(K::InviteMaking))),
            LinkState::Invited(payload) => {
                let url = link("j", payload);
                link_row(
                    lang,
                    &f,
                    lang.t(K::InviteLink),
                    &link_field(Some(s.seat)),
                    &url,
                    Some(s.seat),
                );
                if let Some(qr) = super::qr::svg(&url, &lang.tf(K::InviteQr, &[seat])) {
                    append(&f, &qr);
                }
            }
            LinkState::Connecting => append(&f, &text_el("p", "hint", lang.t(K::SeatConnecting))),
            LinkState::Connected => {
                append(&f, &text_el("p", "ok", &lang.tf(K::SeatConnected, &[&who])));
                if let Some(words) = s.device_words(lang) {
                    device_marks(&f, s.seat, &words);
                }
            }
            LinkState::Lost => append(&f, &text_el("p", "warn", lang.t(K::SeatLost))),
            LinkState::Failed => append(
                &f,
                &text_el("p", "warn", lang.t(no_connection_words(stun, true))),
            ),
        }
        // Whatever its state, the seat may have a new invite or the
        // computer: a device that answered the invite first (not the
        // friend, perhaps) is closed out by either.
        let row = el("div", "buttons");
        for (what, words) in [
            (NetCommand::Reinvite, K::NewInvite),
            (NetCommand::Computer, K::UseComputer),
        ] {
            append(
                &row,
                &net_button("secondary", what, Some(s.seat), lang.t(words)),
            );
        }
        append(&f, &row);
        append(&form, &f);
    }
    for &s in handed.iter().filter(|&&s| s < n) {
        let f = el("fieldset", "invite");
        set_data(&f, SeatOf(s));
        let _ = f.set_attribute("data-state", "computer");
        append(&f, &text_el("legend", "", lang.seat_name(n, s)));
        append(&f, &text_el("p", "hint", lang.t(K::ComputerSeat)));
        let row = el("div", "buttons");
        append(
            &row,
            &net_button(
                "secondary",
                NetCommand::Friend,
                Some(s),
                lang.t(K::FriendAgain),
            ),
        );
        append(&f, &row);
        append(&form, &f);
    }
    if seats.iter().any(|s| s.device_words(lang).is_some()) {
        let hint = text_el("p", "hint", lang.t(K::CodeHint));
        hint.set_id("code-hint");
        append(&form, &hint);
    }
    let paste = el("label", "field reply");
    append(&paste, &text_el("span", "", lang.t(K::ReplyPaste)));
    let area = kept_paste.unwrap_or_else(|| {
        let area = el("textarea", "");
        area.set_id("reply-paste");
        let _ = area.set_attribute("rows", "2");
        let _ = area.set_attribute("spellcheck", "false");
        area
    });
    append(&paste, &area);
    append(&form, &paste);
    let err = text_el("p", "error", error.unwrap_or(""));
    err.set_id("reply-error");
    let _ = err.set_attribute("role", "alert");
    append(&form, &err);
    let failed = seats
        .iter()
        .any(|s| s.seat < n && s.state == LinkState::Failed);
    stun_choice(lang, &form, stun, kept_relay, failed);
    let row = el("div", "buttons");
    append(
        &row,
        &net_button(
            "primary",
            NetCommand::TakeReply,
            None,
            lang.t(K::ReplyConnect),
        ),
    );
    let close = crate::web::dom::action_button("secondary", Command::CloseDialog);
    close.set_text_content(Some(lang.t(K::Close)));
    append(&row, &close);
    append(&form, &row);
    append(&d, &form);
    show(&d, was);
}

/// A connected seat's verification code (to compare with the friend's
/// table) and, for a device new to the seat, its mark.
fn device_marks(f: &Element, seat: u8, words: &DeviceWords) {
    let code = text_el("p", "code", &words.code);
    code.set_id(&format!("seat-code-{seat}"));
    let _ = code.set_attribute("role", "note");
    let _ = code.set_attribute("aria-label", &words.code_name);
    append(f, &code);
    if let Some(new) = words.new_device {
        let mark = text_el("p", "new-device", new);
        mark.set_id(&format!("seat-new-{seat}"));
        append(f, &mark);
    }
}

fn state_name(s: &LinkState) -> &'static str {
    match s {
        LinkState::Inviting => "inviting",
        LinkState::Invited(_) => "invited",
        LinkState::Connecting => "connecting",
        LinkState::Connected => "connected",
        LinkState::Lost => "lost",
        LinkState::Failed => "failed",
    }
}

/// The guest's join page: what it is invited to, a name, Join; then the reply link.
pub fn join(lang: Lang, invite: &Invited, state: &GuestState, name: &str, stun: &super::Stun) {
    let d = crate::web::dom::dialog("join-dialog", "newgame join");
    // The relay's fields go on into the rebuilt dialog as typed.
    let kept_relay = kept_relay();
    let was = focused_in(&d);
    let form = dialog_form(&d, lang.t(K::JoinTitle));
    let kind = invite.game;
    let seat = lang.seat_name(kind.seats() as u8, invite.seat);
    let p = text_el(
        "p",
        "join-seat",
        &lang.tf(K::JoinSeat, &[seat, game_name(lang, kind)]),
    );
    p.set_id("join-seat");
    append(&form, &p);
    append(
        &form,
        &text_el(
            "p",
            "hint",
            &lang.tf(K::JoinRules, &[&rules_words(lang, &invite.rules)]),
        ),
    );
    if !invite.host_name.is_empty() {
        append(
            &form,
            &text_el("p", "hint", &lang.tf(K::JoinHost, &[&invite.host_name])),
        );
    }
    match state {
        GuestState::Joining | GuestState::Failed | GuestState::Lost => {
            let (label, input) = labelled_input("field", lang.t(K::YourName), "guest-name", "text");
            let _ = input.set_attribute("maxlength", "24");
            let _ = input.set_attribute("autocomplete", "nickname");
            let _ = input.set_attribute("value", name);
            append(&form, &label);
            if matches!(state, GuestState::Lost) {
                append(&form, &text_el("p", "warn", lang.t(K::HostLost)));
            }
            if matches!(state, GuestState::Failed) {
                let words = lang.t(no_connection_words(stun, false));
                append(&form, &text_el("p", "warn", words));
            }
            let failed = matches!(state, GuestState::Failed);
            stun_choice(lang, &form, stun, kept_relay, failed);
            let row = el("div", "buttons");
            let join = net_button("primary", NetCommand::Join, None, lang.t(K::Join));
            join.set_id("join");
            append(&row, &join);
            append(&form, &row);
        }
        GuestState::Answering => append(&form, &text_el("p", "hint", lang.t(K::JoinMaking))),
        GuestState::Replied(payload) => {
            append(&form, &text_el("p", "hint", lang.t(K::JoinReply)));
            let (url, field) = (link("r", payload), link_field(None));
            link_row(lang, &form, lang.t(K::ReplyLink), &field, &url, None);
        }
        // (Until the host's first table: the first deal waits for every friend.)
        GuestState::Connected => append(&form, &text_el("p", "hint", lang.t(K::JoinSeated))),
    }
    append(&d, &form);
    show(&d, was);
}

/// The invite's rules (the share link's `o` form, `preset,option:value,…`)
/// in the page's words, as the new-game dialog names them; a word the page
/// does not know is shown as it came.
fn rules_words(lang: Lang, text: &str) -> String {
    use crate::web::i18n::{option_label, option_value_label};
    let mut parts = text.split(',');
    let mut out = match parts.next() {
        Some("family") => lang.t(K::PresetFamily).to_string(),
        Some("parlett" | "") | None => lang.t(K::PresetParlett).to_string(),
        Some(other) => other.to_string(),
    };
    for part in parts {
        let (key, value) = part.split_once(':').unwrap_or((part, ""));
        let value = option_value_label(lang, key, value).unwrap_or(value);
        out.push_str(&format!(
            ", {}: {value}",
            option_label(lang, key).unwrap_or(key)
        ));
    }
    out
}

/// What was typed in a field of the online dialogs (read by the listeners:
/// a click carries it).
pub fn typed(field: Typed) -> String {
    let text = |id: &str| {
        let e = by_id(id)?;
        if let Some(a) = e.dyn_ref::<HtmlTextAreaElement>() {
            return Some(a.value());
        }
        e.dyn_ref::<HtmlInputElement>().map(|i| i.value())
    };
    match field {
        Typed::Reply => text("reply-paste"),
        Typed::Name => text("guest-name"),
        Typed::Link(seat) => text(&link_field(seat)),
    }
    .unwrap_or_default()
}

/// A one-line notice in its own dialog (a bad invite, the reply tab's answer).
pub fn notice(lang: Lang, text: &str) {
    let d = crate::web::dom::dialog("net-notice-dialog", "newgame notice");
    let was = focused_in(&d);
    let form = dialog_form(&d, lang.t(K::AppTitle));
    let p = text_el("p", "", text);
    p.set_id("net-notice");
    let _ = p.set_attribute("role", "status");
    append(&form, &p);
    let row = el("div", "buttons");
    let close = crate::web::dom::action_button("primary", Command::CloseDialog);
    close.set_text_content(Some(lang.t(K::Close)));
    append(&row, &close);
    append(&form, &row);
    append(&d, &form);
    show(&d, was);
}

/// The reply tab's one dialog: what became of the reply and, unless it
/// was taken (`way_on`), a link that opens the game in this tab. The tab
/// runs no table, so the dialog has no buttons that need one.
pub fn reply_notice(lang: Lang, text: &str, way_on: bool) {
    let d = crate::web::dom::dialog("net-notice-dialog", "newgame notice");
    let form = dialog_form(&d, lang.t(K::AppTitle));
    let p = text_el("p", "", text);
    p.set_id("net-notice");
    let _ = p.set_attribute("role", "status");
    append(&form, &p);
    if way_on {
        let row = el("div", "buttons");
        let open = text_el("a", "button primary", lang.t(K::OpenGame));
        open.set_id("open-game");
        let _ = open.set_attribute("href", &full_page::address(Document::Online));
        append(&row, &open);
        append(&form, &row);
    }
    append(&d, &form);
    // Esc would close it over an empty tab (no table runs here to open it
    // again): the dialog stays, as the tab's whole page.
    gloo::events::EventListener::new(&d, "cancel", |e| e.prevent_default()).forget();
    show(&d, None);
}

/// Copies a link field's text, `link` (the clipboard, else the field
/// selected to copy by hand).
pub fn copy(lang: Lang, field: &str, link: &str) {
    crate::web::records::dialog::copy_from(lang, field, link);
}

/// Shares a link through the system's share sheet.
pub fn share(lang: Lang, link: &str) {
    let data = web_sys::ShareData::new();
    data.set_url(link);
    data.set_title(lang.t(K::AppTitle));
    if let Some(w) = web_sys::window() {
        let _ = w.navigator().share_with_data(&data);
    }
}
