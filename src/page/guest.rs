//! Online play as the table shows it: how a person on another device is
//! named and said to be away, and the table a host sends a guest
//! (`net::protocol::GuestTable`) read into what the guest's page shows: its
//! game, who plays each seat, their names and the other hands' counts. The
//! connections and the messages are the page's (`web/net`); the controller
//! holds what this gives.

use super::i18n::{Lang, K};
use super::model::{Away, FriendSeat, Player, Ui};
use super::online::{LinkState, SeatStatus};
use crate::ai::Level;
use crate::engine::{Call, Game, IllegalMove};
use crate::net::guest_link::Taken;
use crate::net::protocol::{GuestTable, Reason};
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

/// Whether a game had a friend at its table: a seat played on a friend's
/// device now, or one handed from a friend to the computer this game (it
/// may be handed back, and its friend is still at the table). The host's
/// record of such a game, which holds every hand, is withheld until the
/// game is over; the handed seats are kept with the saved game
/// (`net::host_link::SavedSeats`), so a reload changes nothing of it.
pub fn had_friends(players: &[Player], handed: &[bool; 4]) -> bool {
    players.contains(&Player::Friend) || handed.contains(&true)
}

/// The seats of a game of `seats` played on friends' devices, in order.
pub fn friend_seats(players: &[Player], seats: usize) -> Vec<u8> {
    (0..seats as u8)
        .filter(|&s| players.get(s as usize) == Some(&Player::Friend))
        .collect()
}

/// The seats handed from a friend to the computer that the computer still
/// plays (the invite dialog offers each back to its friend).
pub fn handed_seats(players: &[Player], handed: &[bool; 4]) -> Vec<u8> {
    (0..4u8)
        .filter(|&s| {
            handed[s as usize] && matches!(players.get(s as usize), Some(Player::Computer(_)))
        })
        .collect()
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

/// Who plays each seat, as every guest is told: `host`, `friend`, or a
/// computer's level name.
pub fn who(players: &[Player]) -> Vec<String> {
    players
        .iter()
        .map(|p| match p {
            Player::Human => "host".to_string(),
            Player::Friend => "friend".to_string(),
            Player::Computer(l) => l.name().to_string(),
        })
        .collect()
}

/// The friends' seats on the host's table, from their links' `statuses`:
/// each named, and away while its device is not connected (waiting for a
/// reply, or reconnecting once it was).
pub fn friends_of(
    lang: Lang,
    statuses: &[SeatStatus],
    players: &[Player],
) -> [Option<FriendSeat>; 4] {
    let mut friends: [Option<FriendSeat>; 4] = Default::default();
    for s in statuses {
        if players.get(s.seat as usize) != Some(&Player::Friend) {
            continue;
        }
        let name = named(lang, false, &s.name);
        let away = match s.state {
            LinkState::Connected => None,
            LinkState::Lost => Some(Absence::Reconnecting),
            _ => Some(Absence::Waiting),
        };
        friends[s.seat as usize & 3] = Some(friend_seat(lang, name, away));
    }
    friends
}

/// What the guest's table does beyond its new state, once the host's
/// table is taken: the call of the move that made it, and whether the
/// finished trick is held a moment before it is cleared.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Shown {
    pub call: Option<(Call, u8)>,
    pub hold_trick: bool,
}

/// The guest's table (`ui`) once the host's table is taken (`taken`, read
/// as `seen`, for the guest at `seat`; its game is handed back): a newer table answers any move
/// sent, a good one puts a refused message's word out of date, and between
/// deals the table says it waits for the host. The first table begins the
/// table afresh from the guest's seat.
pub fn show_taken(
    lang: Lang,
    ui: &mut Ui,
    taken: Taken,
    seen: GuestView,
    seat: u8,
) -> (Shown, Game) {
    if taken.first {
        *ui = Ui {
            bottom: seat,
            viewer: Some(seat),
            scores_open: ui.scores_open,
            ..Ui::default()
        };
    }
    ui.friends = seen.friends;
    ui.hand_lens = Some(seen.hand_lens);
    if taken.newer {
        ui.moves += 1;
        ui.chooser = None;
        ui.message = None;
        // A newer table answers any move sent (played, or overtaken).
        ui.move_sent = None;
    }
    if taken.refusal_out_of_date {
        // A good table is in: the word of a refused one is out of date.
        ui.message = None;
    }
    let game = &seen.game;
    let mut shown = Shown::default();
    if let Some(last) = taken.last {
        shown.call = last.call.map(|c| (c, last.seat));
        let trick_done = game.deal().is_some_and(|d| d.trick().is_empty());
        let held = game.deal().and_then(|d| d.last_trick().copied());
        if trick_done && held.is_some() {
            ui.held = held;
            shown.hold_trick = true;
        }
    }
    if !game.in_deal() && !game.is_over() {
        ui.message = Some(lang.t(K::WaitHost).to_string());
    }
    (shown, seen.game)
}

/// The host refused the guest's move (`reason`): in words, an illegal move
/// from this device's own check of it (`own`).
pub fn refusal_words(lang: Lang, reason: Reason, own: Option<IllegalMove>) -> String {
    let words = match own {
        Some(why) if reason == Reason::Illegal => lang.illegal_move(&why),
        _ => lang.t(K::WaitHost).to_string(),
    };
    lang.tf(K::MoveRefused, &[&words])
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
    fn the_hosts_table_names_each_friend_and_says_which_are_away() {
        let lang = Lang::En;
        let status = |seat, state| SeatStatus {
            seat,
            state,
            name: "Ann".into(),
            code: None,
            new_device: false,
        };
        let statuses = [
            status(1, LinkState::Connected),
            status(2, LinkState::Lost),
            status(3, LinkState::Invited("link".into())),
        ];
        let friends = [Player::Human, Player::Friend, Player::Friend];
        let seats = friends_of(lang, &statuses, &friends);
        assert!(
            seats[0].is_none() && seats[3].is_none(),
            "only friends' seats"
        );
        let one = seats[1].as_ref().expect("seat 1");
        assert_eq!(
            (one.name.as_str(), one.away.is_none()),
            ("Friend · Ann", true)
        );
        let away = |s: usize| {
            seats[s]
                .as_ref()
                .and_then(|f| f.away.clone())
                .map(|a| a.badge)
        };
        assert_eq!(away(2), Some(lang.t(K::AwayOffline).to_string()));
        assert_eq!(who(&friends), ["host", "friend", "friend"]);
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
