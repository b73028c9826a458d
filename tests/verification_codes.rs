//! A connection's verification code (`net::verify`, docs/decisions.md 15):
//! the host's page and the guest's make the same code from what each has
//! (its own description and the link the other sent), any other
//! certificate on either side makes another, and a description without a
//! certificate's fingerprint makes none.

use duck_soup::engine::GameKind;
use duck_soup::net::invite::{Invite, Reply, TableRef};
use duck_soup::net::sdp::{Connection, SdpError};
use duck_soup::net::verify::Code;

include!("common/offers.rs");

const TO: TableRef = TableRef {
    table: [1, 2, 3, 4, 5, 6],
    nonce: 0xdead_beef,
    seat: 1,
};

/// The invite link the host sends for its `offer`, and the reply link a
/// guest sends back with its `answer`.
fn links(offer: &Connection, answer: &Connection) -> (String, String) {
    let invite = Invite {
        to: TO,
        game: GameKind::TwoPlayer,
        rules: "parlett".into(),
        host_name: "Aiko".into(),
        connection: offer.clone(),
    };
    let reply = Reply {
        to: TO,
        token: [9; 8],
        guest_name: "Ben".into(),
        connection: answer.clone(),
    };
    (invite.pack(), reply.pack())
}

#[test]
fn both_sides_make_the_same_code_from_what_each_has() {
    let offer = Connection::from_sdp(CHROMIUM_OFFER_MDNS).unwrap();
    let answer = Connection::from_sdp(FIREFOX_ANSWER).unwrap();
    let (invite, reply) = links(&offer, &answer);
    // The host: its own offer, and the guest's answer as the reply carried it.
    let on_host = Code::of(&offer, &Reply::unpack(&reply).unwrap().connection);
    // The guest: the host's offer as the invite carried it, and its own answer.
    let on_guest = Code::of(&Invite::unpack(&invite).unwrap().connection, &answer);
    assert_eq!(on_host, on_guest);
    // And read straight from the descriptions, as the browsers hold them.
    assert_eq!(
        Code::of_descriptions(CHROMIUM_OFFER_MDNS, FIREFOX_ANSWER),
        Ok(on_host)
    );
    // Only the fingerprints count: the addresses and ICE values may differ
    // (candidates trimmed, another route), the code does not.
    let mut moved = answer.clone();
    moved.candidates.clear();
    moved.ufrag = "other".into();
    assert_eq!(Code::of(&offer, &moved), on_host);
}

#[test]
fn another_certificate_on_either_side_makes_another_code() {
    let offer = Connection::from_sdp(CHROMIUM_OFFER_MDNS).unwrap();
    let answer = Connection::from_sdp(FIREFOX_ANSWER).unwrap();
    let code = Code::of(&offer, &answer);
    // Every single bit of either fingerprint changed: a stranger's answer,
    // or a description swapped in the middle, shows another code.
    for byte in 0..32 {
        for bit in 0..8 {
            let mut host = offer.fingerprint;
            host[byte] ^= 1 << bit;
            assert_ne!(
                Code::between(&host, &answer.fingerprint),
                code,
                "host {byte}.{bit}"
            );
            let mut guest = answer.fingerprint;
            guest[byte] ^= 1 << bit;
            assert_ne!(
                Code::between(&offer.fingerprint, &guest),
                code,
                "guest {byte}.{bit}"
            );
        }
    }
    // The order counts: the host's certificate first.
    assert_ne!(Code::of(&answer, &offer), code);
    // Another host's offer with the same answer: another code.
    assert_ne!(
        Code::of_descriptions(CHROMIUM_OFFER_IP, FIREFOX_ANSWER),
        Ok(code)
    );
    // A stranger and the friend answering the same invite: two codes.
    let stranger = Code::between(&offer.fingerprint, &[0x5a; 32]);
    assert_ne!(stranger, code);
}

#[test]
fn a_description_without_a_fingerprint_makes_no_code() {
    let without: String = CHROMIUM_OFFER_MDNS
        .lines()
        .filter(|l| !l.starts_with("a=fingerprint:"))
        .map(|l| format!("{l}\n"))
        .collect();
    let sha1 = FIREFOX_ANSWER.replace("a=fingerprint:sha-256 ", "a=fingerprint:sha-1 ");
    for (offer, answer, why) in [
        (
            without.as_str(),
            FIREFOX_ANSWER,
            SdpError::Missing("certificate fingerprint"),
        ),
        (
            CHROMIUM_OFFER_MDNS,
            without.as_str(),
            SdpError::Missing("certificate fingerprint"),
        ),
        (
            CHROMIUM_OFFER_MDNS,
            sha1.as_str(),
            SdpError::Malformed("certificate fingerprint (SHA-256 expected)"),
        ),
    ] {
        let refused = Code::of_descriptions(offer, answer);
        assert_eq!(refused, Err(why));
        let line = refused.unwrap_err().to_string();
        assert!(!line.is_empty() && !line.contains('\n'), "{line}");
        assert!(line.contains("fingerprint"), "{line}");
    }
}

#[test]
fn decision_16_a_code_is_six_digits_in_two_groups_made_by_sha_256() {
    // Pinned (both also computed apart from this code, from the definition
    // in docs/protocol.md, with another SHA-256): a code shown today must be the code every later version shows
    // for the same two certificates (two devices of different versions
    // compare them over a call).
    assert_eq!(
        Code::of_descriptions(CHROMIUM_OFFER_MDNS, FIREFOX_ANSWER)
            .unwrap()
            .to_string(),
        "471 388"
    );
    assert_eq!(Code::between(&[0; 32], &[1; 32]).to_string(), "097 207");
    // Two groups of three digits, zeros kept, for every code.
    let mut small = 0;
    for i in 0..20_000u32 {
        let mut host = [0u8; 32];
        host[..4].copy_from_slice(&i.to_le_bytes());
        let code = Code::between(&host, &[7; 32]);
        let text = code.to_string();
        let (a, b) = text.split_once(' ').expect(&text);
        assert!(
            a.len() == 3 && b.len() == 3 && (a.to_owned() + b).bytes().all(|c| c.is_ascii_digit()),
            "{text}"
        );
        assert_eq!(format!("{a}{b}").parse::<u32>(), Ok(code.number()));
        assert!(code.number() < 1_000_000);
        small += (code.number() < 100_000) as u32;
    }
    // About a tenth start with a zero, which stays shown.
    assert!((1_500..2_500).contains(&small), "{small}");
}

/// The host's panel: a connected seat's code, and "New device" for a
/// device that has not played the seat before; nothing before the
/// connection opens or once it is gone.
#[test]
fn the_hosts_panel_words_a_connected_seats_code_and_a_new_device() {
    use duck_soup::page::i18n::Lang;
    use duck_soup::page::online::{LinkState, SeatStatus};
    let code = Code::of_descriptions(CHROMIUM_OFFER_MDNS, FIREFOX_ANSWER).unwrap();
    let seat = |state: LinkState, new_device: bool| SeatStatus {
        seat: 1,
        state,
        name: "Ann".into(),
        code: Some(code),
        new_device,
    };
    for (lang, shown, new) in [
        (Lang::En, "Code 471 388", "New device"),
        (Lang::Ja, "確認コード 471 388", "初めての端末"),
    ] {
        let words = seat(LinkState::Connected, true)
            .device_words(lang)
            .expect("a connected seat's words");
        assert_eq!(words.code, shown);
        assert!(words.code_name.contains("471 388"), "{}", words.code_name);
        assert_ne!(words.code_name, words.code);
        assert_eq!(words.new_device, Some(new));
        // A device back with its secret: its code, no mark.
        let back = seat(LinkState::Connected, false)
            .device_words(lang)
            .unwrap();
        assert_eq!((back.code.as_str(), back.new_device), (shown, None));
        for state in [LinkState::Connecting, LinkState::Lost, LinkState::Failed] {
            assert_eq!(seat(state, true).device_words(lang), None);
        }
        let no_code = SeatStatus {
            code: None,
            ..seat(LinkState::Connected, true)
        };
        assert_eq!(no_code.device_words(lang), None);
    }
}

/// The guest's table: its connection's code on the host's name plate, in
/// the words of the host's panel, and on no other seat's.
#[test]
fn a_guests_table_shows_its_code_on_the_hosts_plate() {
    use duck_soup::engine::rng::shuffled_deck;
    use duck_soup::engine::{Game, Rules};
    use duck_soup::net::protocol::{guest_table, turn_of};
    use duck_soup::page::guest::{read_table, show_code};
    use duck_soup::page::i18n::Lang;
    use duck_soup::page::model::{Setup, Ui};
    use duck_soup::page::online::code_words;
    use duck_soup::page::scene::{self, Context, PageFacts, SheetRows};
    let code = Code::of_descriptions(CHROMIUM_OFFER_MDNS, FIREFOX_ANSWER).unwrap();
    let kind = GameKind::ThreePlayer;
    let mut game = Game::new(Rules::parlett(kind), 0);
    game.start_deal(shuffled_deck(kind, "code"), None).unwrap();
    for (host, guest) in [(0u8, 1u8), (2, 0)] {
        let mut table = guest_table(&game, guest, turn_of(&game), &[], &[]);
        table.who = (0..3)
            .map(|s| if s == host { "host" } else { "friend" }.to_string())
            .collect();
        for lang in [Lang::En, Lang::Ja] {
            let mut seen = read_table(lang, &table, guest).unwrap();
            show_code(&mut seen.friends, &table, lang, code);
            let ui = Ui {
                bottom: guest,
                viewer: Some(guest),
                friends: seen.friends,
                hand_lens: Some(seen.hand_lens),
                ..Ui::default()
            };
            let setup = Setup {
                rules: *seen.game.rules(),
                players: seen.players,
                seed: None,
            };
            let ctx = Context {
                lang,
                sort_by_rank: false,
                muted: false,
                may_share: false,
                invites: false,
                guest: true,
                joining: false,
                may_practise: false,
                practising: false,
                page: PageFacts::default(),
            };
            let scene = scene::build(&seen.game, &setup, &ui, &ctx, &mut SheetRows::default());
            let shown = code_words(lang, code).0;
            for seat in &scene.seats {
                let has = seat.badges.contains(&(shown.clone(), "code"));
                assert_eq!(has, seat.seat == host, "seat {} ({lang:?})", seat.seat);
            }
        }
    }
}
