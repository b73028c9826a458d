//! Online play as the table shows it: how a person on another device is
//! named and said to be away, and the table a host sends a guest
//! (`net::protocol::GuestTable`) read into what the guest's page shows: its
//! game, who plays each seat, their names and the other hands' counts. The
//! connections and the messages are the page's (`web/net`); the controller
//! holds what this gives.

use super::i18n::{Lang, K};
use super::model::{Away, FriendSeat, Player};
use crate::ai::Level;
use crate::engine::Game;
use crate::net::protocol::GuestTable;
use crate::net::verify::Code;

/// How a person on another device is named on the table: a chosen name
/// always beside what that person is (the host, a friend), so that no
/// name can pass for the host or for another seat's player.
pub fn named(lang: Lang, host: bool, name: &str) -> String {
    match (host, name.is_empty()) {
        (true, true) => lang.t(K::HostSeat).to_string(),
        (false, true) => lang.t(K::FriendShort).to_string(),
        (true, false) => lang.tf(K::HostNamed, &[name]),
        (false, false) => lang.tf(K::FriendNamed, &[name]),
    }
}

/// Why a friend's seat waits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Absence {
    /// Its invite is out, or its reply is connecting.
    Waiting,
    /// Its device was connected and is no longer.
    Reconnecting,
}

/// A friend's seat in the table's words: its name, and while it waits, a
/// word for its plate and the status line of its turn.
pub fn friend_seat(lang: Lang, name: String, away: Option<Absence>) -> FriendSeat {
    let away = away.map(|a| {
        let (badge, status) = match a {
            Absence::Waiting => (K::AwayWaiting, K::WaitingFor),
            Absence::Reconnecting => (K::AwayOffline, K::Reconnecting),
        };
        Away {
            badge: lang.t(badge).to_string(),
            status: lang.tf(status, &[&name]),
        }
    });
    FriendSeat {
        name,
        away,
        code: None,
    }
}

/// The host's seat on a guest's table shows the code of the guest's
/// connection (`net::verify`), once the host's table is in over it.
pub fn show_code(
    friends: &mut [Option<FriendSeat>; 4],
    table: &GuestTable,
    lang: Lang,
    code: Code,
) {
    let host = table.who.iter().position(|w| w == "host");
    if let Some(seat) = host.and_then(|s| friends.get_mut(s)?.as_mut()) {
        seat.code = Some(super::online::code_words(lang, code).0);
    }
}

/// A host's table read for the guest at `seat`: what its page shows.
#[derive(Clone, Debug)]
pub struct GuestView {
    /// The game as the seat sees it (`GuestTable::to_game`).
    pub game: Game,
    /// Who plays each seat: the guest's own is the person here; the others
    /// are the host's computers or people on other devices.
    pub players: Vec<Player>,
    /// Every seat's name as the table words it, and whether it is away.
    pub friends: [Option<FriendSeat>; 4],
    /// Every hand's count (the guest's deal holds its own hand only).
    pub hand_lens: [u8; 4],
}

/// The host's `table` as the guest at `seat` shows it, or why it is
/// refused (one line, for the table's message). (The page takes its
/// tables through `net::guest_link`, which reads them once; this is the
/// same check for the native tests, hence unused in the page's build.)
#[allow(dead_code)]
pub fn read_table(lang: Lang, table: &GuestTable, seat: u8) -> Result<GuestView, String> {
    let game = match table.to_game() {
        Ok(game) if table.deal.as_ref().is_some_and(|d| d.seat == seat) => game,
        Ok(_) => return Err("a table of another seat".to_string()),
        Err(why) => return Err(why.to_string()),
    };
    Ok(view(lang, table, game, seat))
}

/// The host's `table`, read already as `game` (`GuestTable::to_game`),
/// as the guest at `seat` shows it.
pub fn view(lang: Lang, table: &GuestTable, game: Game, seat: u8) -> GuestView {
    let n = game.kind().seats();
    let players = (0..n)
        .map(|s| match table.who.get(s).map(String::as_str) {
            _ if s == seat as usize => Player::Human,
            Some(level) => Level::from_name(level).map_or(Player::Friend, Player::Computer),
            None => Player::Friend,
        })
        .collect();
    let mut friends: [Option<FriendSeat>; 4] = Default::default();
    for (s, friend) in friends.iter_mut().enumerate().take(n) {
        let name = table.names.get(s).map_or("", String::as_str);
        let host = table.who.get(s).is_some_and(|w| w == "host");
        let label = named(lang, host, name);
        // (The guest's own seat is never away on its own table: until the
        // host hears its hello, its table shows it not connected.)
        let connected = s == seat as usize || table.connected.get(s).copied().unwrap_or(true);
        let away = (!connected).then_some(Absence::Reconnecting);
        *friend = Some(friend_seat(lang, label, away));
    }
    let mut hand_lens = [0u8; 4];
    for (s, len) in hand_lens.iter_mut().enumerate().take(n) {
        *len = table.hand_len(s as u8) as u8;
    }
    GuestView {
        game,
        players,
        friends,
        hand_lens,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_always_beside_what_its_player_is() {
        for lang in Lang::ALL {
            assert_eq!(named(lang, true, ""), lang.t(K::HostSeat));
            assert_eq!(named(lang, false, ""), lang.t(K::FriendShort));
            assert!(named(lang, true, "Ann").contains("Ann"));
            assert_ne!(named(lang, true, "Ann"), named(lang, false, "Ann"));
        }
    }

    #[test]
    fn an_away_seat_says_so_on_its_plate_and_in_its_turn() {
        let lang = Lang::En;
        let here = friend_seat(lang, "Friend · Ann".into(), None);
        assert_eq!(here.away, None);
        let gone = friend_seat(lang, "Friend · Ann".into(), Some(Absence::Reconnecting));
        let away = gone.away.expect("away");
        assert_eq!(away.badge, lang.t(K::AwayOffline));
        assert!(away.status.contains("Friend · Ann"), "{}", away.status);
        let waiting = friend_seat(lang, "Ann".into(), Some(Absence::Waiting)).away;
        assert_eq!(
            waiting.map(|a| a.badge),
            Some(lang.t(K::AwayWaiting).into())
        );
    }
}
