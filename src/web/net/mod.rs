//! Online play in the page: the WebRTC glue ([`rtc`]), the host's remote
//! seats ([`remote_seat`]), a guest's connection ([`guest`]), their dialogs
//! ([`ui`]), the invite's QR code ([`qr`]) and the reply's hand-off from
//! another tab ([`handoff`]). The pure parts (invites, replies, messages and
//! their checks) are `crate::net`; see docs/protocol.md.
//!
//! Nothing here calls the controller: connections report through a
//! `Dispatch` as `Action::Net`, like the other seat players.

pub mod guest;
pub mod handoff;
pub mod qr;
pub mod remote_seat;
pub mod rtc;
pub mod ui;

pub use crate::page::model::NetEvent;
pub use crate::page::online::Stun;

use crate::net::host_link::SavedSeats;
use crate::net::stun::{Ice, Relay};

/// 64 bits of the browser's crypto randomness, or None where it has none.
/// Online play's table ids, invite nonces, reply tokens and guests' secrets
/// come only from here (never from the clock: anyone could guess those), and
/// without it the page hosts and joins nothing, saying why
/// (`K::NoSecureRandom`).
pub fn secure_random() -> Option<u64> {
    getrandom::u64().ok()
}

/// 32 bytes of the browser's crypto randomness ([`secure_random`]): a
/// host's secret for a fair deal, a guest's part of it (`net::fair_flow`).
pub fn secure_random_bytes() -> Option<crate::net::fair::Random> {
    let mut out = [0u8; crate::net::fair::RANDOM_LEN];
    for chunk in out.chunks_mut(8) {
        chunk.copy_from_slice(&secure_random()?.to_le_bytes());
    }
    Some(out)
}

const STUN_KEY: &str = "stun";
const SEATS_KEY: &str = "game.seats";

/// The friends' seats kept beside the saved game (`web::persist`,
/// `game.seats`), if they read.
pub fn saved_seats() -> Option<SavedSeats> {
    SavedSeats::from_text(&crate::web::storage::get(SEATS_KEY)?).ok()
}

/// Keeps the friends' seats beside the saved game (`text`:
/// `SavedSeats::to_text`). (Storage refusing it loses only the marks a
/// reload would keep: the game itself is saved apart.)
pub fn keep_seats(text: &str) {
    let _ = crate::web::storage::set(SEATS_KEY, text);
}
const RELAY_KEY: &str = "relay";

impl Stun {
    /// The remembered setting, read once at start (a list that no longer
    /// reads is the default; a relay that no longer reads, none).
    pub fn saved() -> Stun {
        let text = crate::web::storage::get(STUN_KEY).unwrap_or_default();
        Stun {
            same_network_only: text == "none",
            servers: crate::net::stun::parse(if text == "none" { "" } else { &text })
                .unwrap_or_else(|_| vec![crate::net::stun::DEFAULT.to_string()]),
            relay: crate::web::storage::get(RELAY_KEY)
                .and_then(|text| Relay::from_saved_text(&text)),
        }
    }

    pub fn save(&self) {
        let default = [crate::net::stun::DEFAULT.to_string()];
        if self.same_network_only {
            let _ = crate::web::storage::set(STUN_KEY, "none");
        } else if self.servers == default {
            crate::web::storage::remove(STUN_KEY);
        } else {
            let _ = crate::web::storage::set(STUN_KEY, &crate::net::stun::join(&self.servers));
        }
        match &self.relay {
            Some(relay) => {
                let _ = crate::web::storage::set(RELAY_KEY, &relay.saved_text());
            }
            None => crate::web::storage::remove(RELAY_KEY),
        }
    }

    /// What a new connection is given; `relay_only` (the address's
    /// `?ice=relay`, for tests) lets it use nothing but the relay.
    pub fn ice(&self, relay_only: bool) -> Ice {
        if self.same_network_only {
            return Ice {
                relay_only,
                ..Ice::default()
            };
        }
        Ice {
            stun: self.servers.clone(),
            relays: self.relay.iter().cloned().collect(),
            relay_only,
        }
    }
}

fn address_fragment() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// An invite in the address (`#j=…`), read once; the address keeps it, so
/// that a guest who reloads comes back to the join page. A damaged one is
/// refused in one line and the page goes on as it was.
pub fn invite_in_address(lang: crate::web::i18n::Lang) -> Option<crate::net::invite::Invite> {
    let hash = address_fragment();
    let payload = hash.strip_prefix("#j=")?;
    match crate::net::invite::Invite::unpack(payload) {
        Ok(invite) => Some(invite),
        Err(e) => {
            use crate::web::i18n::K;
            let why = lang.tf(K::InviteBad, &[&e.to_string()]);
            ui::notice(lang, &format!("{why} {}", lang.t(K::InviteAskAgain)));
            None
        }
    }
}

/// A reply link (`#r=…`) opened on the host's device: hands it to the open
/// table and says what the table answered. True if this page is such a tab
/// (it then shows no table of its own, so it saves nothing). Every answer
/// says what is wrong and the way on; none is a dead end (a page cannot
/// close a tab the person opened, so there is no Close to press).
pub fn reply_tab(lang: crate::web::i18n::Lang) -> bool {
    use crate::web::i18n::K;
    let hash = address_fragment();
    let Some(payload) = hash.strip_prefix("#r=") else {
        return false;
    };
    // A damaged reply is named at once: no table could take it.
    if let Err(e) = crate::net::invite::Reply::unpack(payload) {
        let why = lang.tf(K::ReplyBad, &[&e.to_string()]);
        ui::reply_notice(lang, &format!("{why} {}", lang.t(K::ReplyAskAgain)), true);
        return true;
    }
    handoff::hand_over(payload, move |answer| match answer {
        Some((true, _)) => ui::reply_notice(lang, lang.t(K::ReplyHanded), false),
        Some((false, why)) if !why.is_empty() => ui::reply_notice(lang, &why, true),
        _ => ui::reply_notice(lang, lang.t(K::ReplyNoTable), true),
    });
    true
}
