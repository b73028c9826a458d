//! What online play's dialogs show, as plain data: where each remote
//! seat's connection stands (the host's invites), where a guest's stands
//! (its join page), and the servers a connection may use. The connections
//! themselves are the browser's (`web::net`); these are their states, which
//! the controller keeps and the dialogs' scenes carry (`page::dialog`).

use super::dialog::ServersNotes;
use super::i18n::{Lang, K};
use super::model::ServersForm;
use crate::net::fair::Unfair;
use crate::net::fair_flow::Verdict;
use crate::net::host_link::ReplyError;
use crate::net::stun::{Relay, RelayError, RelayField};
use crate::net::verify::Code;

/// The servers setting of the online dialogs (`crate::net::stun`): a list of
/// STUN servers (a well-known public one by default), a relay (TURN) server
/// if the player has one, or "same network only": none of them, so that only
/// local addresses are offered. Remembered in this browser's localStorage
/// (never put in a link): `stun` holds `none` or the list one a line,
/// `relay` the relay (`Relay::saved_text`).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Stun {
    pub same_network_only: bool,
    pub servers: Vec<String>,
    pub relay: Option<Relay>,
}

impl Stun {
    /// The online dialogs' servers as typed: each part that reads (the
    /// STUN list, the relay) is taken; one that does not is named on its
    /// own line, in `lang`, and the setting keeps what it had.
    pub fn typed(&mut self, lang: Lang, form: &ServersForm) -> ServersNotes {
        self.same_network_only = form.same_network_only;
        let mut notes = ServersNotes {
            same_network_only: form.same_network_only,
            ..ServersNotes::default()
        };
        match crate::net::stun::parse(&form.stun) {
            Ok(servers) => self.servers = servers,
            Err(e) => notes.stun_error = lang.tf(K::StunBad, &[&e.to_string()]),
        }
        let relay =
            crate::net::stun::parse_relay(&form.relay_urls, &form.relay_user, &form.relay_password);
        match relay {
            Ok(relay) => self.relay = relay,
            Err(e) => notes.relay_error = lang.tf(K::RelayBad, &[&relay_words(lang, &e)]),
        }
        notes
    }
}

/// Why a relay was refused, in the page's language (never its password).
fn relay_words(lang: Lang, e: &RelayError) -> String {
    use crate::net::stun::{MAX_RELAY_URLS, MAX_SECRET_CHARS};
    let field = |f: &RelayField| {
        lang.t(match f {
            RelayField::UserName => K::RelayUser,
            RelayField::Password => K::RelayPassword,
        })
        .to_string()
    };
    // The words, what they are about ({0}) and a limit ({1}).
    let (key, what, limit) = match e {
        RelayError::NotARelay(text) => (K::RelayNotAServer, crate::engine::text::quoted(text), 0),
        RelayError::SecretInAddress => (K::RelaySecretInAddress, String::new(), 0),
        RelayError::TooMany(n) => (K::RelayTooMany, n.to_string(), MAX_RELAY_URLS),
        RelayError::Missing(f) => (K::RelayMissing, field(f), 0),
        RelayError::NoAddress => (K::RelayNoAddress, String::new(), 0),
        RelayError::TooLong(f) => (K::RelayTooLong, field(f), MAX_SECRET_CHARS),
        RelayError::ControlCharacter(f) => (K::RelayControl, field(f), 0),
    };
    lang.tf(key, &[&what, &limit.to_string()])
}

/// Why a reply was not taken, in `lang`: the reply box's one line.
pub fn reply_words(lang: Lang, e: &ReplyError) -> String {
    match e {
        ReplyError::Pack(e) => lang.tf(K::ReplyBad, &[&e.to_string()]),
        ReplyError::OtherTable | ReplyError::NoSuchSeat => lang.t(K::ReplyOtherTable).into(),
        ReplyError::Stale => lang.t(K::ReplyStale).into(),
        ReplyError::Answered => lang.t(K::ReplyAnswered).into(),
        ReplyError::Again => lang.t(K::ReplyAgain).into(),
    }
}

pub use crate::net::host_link::LinkState;

/// What the host's table says of one remote seat (for the scene).
#[derive(Clone, Debug, PartialEq)]
pub struct SeatStatus {
    pub seat: u8,
    pub state: LinkState,
    pub name: String,
    /// The verification code of the seat's latest connection (from its
    /// reply on): `net::verify`.
    pub code: Option<Code>,
    /// The device that answered has not played this seat before: its hello
    /// did not carry the secret of the guest who held it.
    pub new_device: bool,
}

/// What the host's panel says of a seat's connected device: the
/// connection's code as shown and as named to screen readers, and whether
/// the device is new to the seat.
#[derive(Clone, Debug, PartialEq)]
pub struct DeviceWords {
    pub code: String,
    pub code_name: String,
    pub new_device: Option<&'static str>,
}

impl SeatStatus {
    /// The words for the seat's device, once it is connected (a code is
    /// only worth comparing over an open connection).
    pub fn device_words(&self, lang: Lang) -> Option<DeviceWords> {
        let code = self.code.filter(|_| self.state == LinkState::Connected)?;
        let (shown, name) = code_words(lang, code);
        Some(DeviceWords {
            code: shown,
            code_name: name,
            new_device: self.new_device.then(|| lang.t(K::NewDevice)),
        })
    }
}

/// A connection's code in words, as shown ("Code 482 019") and as named
/// to screen readers; the same on the host's panel and the guest's table.
pub fn code_words(lang: Lang, code: Code) -> (String, String) {
    let digits = code.to_string();
    (
        lang.tf(K::ConnectionCode, &[&digits]),
        lang.tf(K::ConnectionCodeName, &[&digits]),
    )
}

pub use crate::net::guest_link::GuestState;

/// The fair deals' mark on a guest's table (`net::fair_flow::Verdict`):
/// "Deal checked" after a deal that checked, "Deal N is not checked" for a
/// deal whose commitment this page never had, or the alarm, kept for the
/// rest of the game, naming the deal and why.
#[derive(Clone, Debug, PartialEq)]
pub struct FairMark {
    pub alarm: bool,
    /// The deal checked (else not checked, or the alarm).
    pub checked: bool,
    pub words: String,
}

impl FairMark {
    /// The mark for `verdict` in `lang`.
    pub fn of(lang: Lang, verdict: &Verdict) -> FairMark {
        match verdict {
            Verdict::Checked { .. } => FairMark {
                alarm: false,
                checked: true,
                words: lang.t(K::FairChecked).to_string(),
            },
            Verdict::NotChecked { deal } => FairMark {
                alarm: false,
                checked: false,
                words: lang.tf(K::FairNotChecked, &[&(deal + 1).to_string()]),
            },
            Verdict::Unfair { deal, why } => {
                let why = lang.t(match why {
                    Unfair::NotCommitted => K::FairWhySecret,
                    Unfair::OwnRandomnessLeftOut => K::FairWhyOwnLeftOut,
                    Unfair::NoDeal(_) | Unfair::OtherCards { .. } | Unfair::IllegalMove { .. } => {
                        K::FairWhyCards
                    }
                    Unfair::Incomplete => K::FairWhyIncomplete,
                    Unfair::NotRevealed => K::FairWhyNotRevealed,
                });
                FairMark {
                    alarm: true,
                    checked: false,
                    words: lang.tf(K::FairAlarm, &[&(deal + 1).to_string(), why]),
                }
            }
        }
    }
}
