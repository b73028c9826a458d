//! Invites and replies: packing a browser's offer or answer into a short
//! link and back, and refusing damaged, foreign or stale-looking links.

use duck_soup::codec::Error;
use duck_soup::engine::GameKind;
use duck_soup::net::invite::{clean_name, Invite, Kind, PackError, Reply, TableRef};
use duck_soup::net::sdp::{
    Address, CandidateKind, Connection, DtlsRole, Protocol, SdpError, TcpType,
};

include!("common/offers.rs");

fn invite(connection: Connection) -> Invite {
    Invite {
        to: TableRef {
            table: [1, 2, 3, 4, 5, 6],
            nonce: 0xdead_beef,
            seat: 1,
        },
        game: GameKind::TwoPlayer,
        rules: "parlett".into(),
        host_name: "Aiko".into(),
        connection,
    }
}

#[test]
fn a_chromium_offer_keeps_what_a_connection_needs() {
    let c = Connection::from_sdp(CHROMIUM_OFFER_MDNS).unwrap();
    assert_eq!(c.ufrag, "Xq3v");
    assert_eq!(c.pwd, "l2bV9kqR1t7Zx0yW4sH8nJ6m");
    assert_eq!(c.fingerprint[..3], [0x6b, 0x8b, 0x5d]);
    assert_eq!(c.role, DtlsRole::ActPass);
    assert_eq!(c.mid, "0");
    assert_eq!(c.candidates.len(), 2);
    assert_eq!(c.candidates[0].kind, CandidateKind::Host);
    assert_eq!(c.candidates[0].port, 54321);
    assert_eq!(
        c.candidates[0].address.to_string(),
        "3f9c2e1a-7b4d-4c8e-9a21-0d5e6f7a8b9c.local"
    );
    assert!(matches!(c.candidates[0].address, Address::Mdns(_)));
}

#[test]
fn plain_addresses_reflexive_and_tcp_candidates_are_kept() {
    let c = Connection::from_sdp(CHROMIUM_OFFER_IP).unwrap();
    let addresses: Vec<String> = c.candidates.iter().map(|c| c.address.to_string()).collect();
    assert_eq!(addresses, ["127.0.0.1", "::1", "203.0.113.7", "127.0.0.1"]);
    assert_eq!(c.candidates[2].kind, CandidateKind::ServerReflexive);
    assert_eq!(c.candidates[3].protocol, Protocol::Tcp);
    assert_eq!(c.candidates[3].tcp_type, Some(TcpType::Active));
}

#[test]
fn a_firefox_answer_is_read_with_its_own_syntax() {
    let c = Connection::from_sdp(FIREFOX_ANSWER).unwrap();
    assert_eq!((c.ufrag.as_str(), c.pwd.len()), ("9f8e7d6c", 32));
    assert_eq!(c.role, DtlsRole::Active);
    assert_eq!(c.candidates.len(), 2);
    assert_eq!(c.candidates[1].port, 9);
    assert_eq!(c.candidates[1].protocol, Protocol::Tcp);
}

#[test]
fn the_rebuilt_description_reads_back_the_same() {
    for sdp in [CHROMIUM_OFFER_MDNS, CHROMIUM_OFFER_IP, FIREFOX_ANSWER] {
        let c = Connection::from_sdp(sdp).unwrap();
        let rebuilt = c.to_sdp(42);
        assert_eq!(Connection::from_sdp(&rebuilt).unwrap(), c);
        assert!(rebuilt.starts_with("v=0\r\n"));
        assert!(rebuilt.contains("m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\n"));
        assert!(rebuilt.ends_with("\r\n"));
    }
}

#[test]
fn invites_and_replies_round_trip() {
    for sdp in [CHROMIUM_OFFER_MDNS, CHROMIUM_OFFER_IP, FIREFOX_ANSWER] {
        let inv = invite(Connection::from_sdp(sdp).unwrap());
        assert_eq!(Invite::unpack(&inv.pack()).unwrap(), inv);
        let reply = Reply {
            to: inv.to,
            token: [9, 8, 7, 6, 5, 4, 3, 2],
            guest_name: "Ben 🦆".into(),
            connection: inv.connection.clone(),
        };
        assert_eq!(Reply::unpack(&reply.pack()).unwrap(), reply);
    }
    let mut three = invite(Connection::from_sdp(CHROMIUM_OFFER_MDNS).unwrap());
    three.game = GameKind::Partnership;
    three.to.seat = 3;
    three.rules = "parlett,scoring:cards".into();
    assert_eq!(Invite::unpack(&three.pack()).unwrap(), three);
}

#[test]
fn an_invite_link_is_short() {
    // Two mDNS candidates, as a phone or default Chromium gives.
    let packed = invite(Connection::from_sdp(CHROMIUM_OFFER_MDNS).unwrap()).pack();
    let link = format!("https://example.org/games/duck-soup/#j={packed}");
    assert!(link.len() < 300, "{} characters: {link}", link.len());
    // Packed in base64url: safe in a fragment, no escaping needed.
    assert!(packed
        .bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
}

#[test]
fn damaged_links_are_refused_by_name() {
    let packed = invite(Connection::from_sdp(CHROMIUM_OFFER_MDNS).unwrap()).pack();
    assert_eq!(Invite::unpack("not a link!"), Err(PackError::NotALink));
    assert_eq!(
        Invite::unpack(""),
        Err(PackError::Bytes(Error::Short("the table")))
    );
    // Cut short: the check no longer matches what is left.
    let cut = &packed[..packed.len() - 10];
    assert!(matches!(
        Invite::unpack(cut),
        Err(PackError::Damaged | PackError::NotALink)
    ));
    // One character changed anywhere after the version.
    let mut changed_everywhere_refused = true;
    for i in 2..packed.len() {
        let mut bytes = packed.clone().into_bytes();
        bytes[i] = if bytes[i] == b'A' { b'B' } else { b'A' };
        let text = String::from_utf8(bytes).unwrap();
        if Invite::unpack(&text).is_ok() {
            changed_everywhere_refused = false;
        }
    }
    assert!(changed_everywhere_refused);
}

#[test]
fn a_reply_is_not_an_invite_and_another_version_is_named() {
    let inv = invite(Connection::from_sdp(CHROMIUM_OFFER_MDNS).unwrap());
    let reply = Reply {
        to: inv.to,
        token: [0; 8],
        guest_name: String::new(),
        connection: inv.connection.clone(),
    };
    assert_eq!(
        Invite::unpack(&reply.pack()),
        Err(PackError::WrongKind {
            expected: Kind::Invite
        })
    );
    assert_eq!(
        Reply::unpack(&inv.pack()),
        Err(PackError::WrongKind {
            expected: Kind::Reply
        })
    );
    // A version-2 link: named as such, not as damaged.
    use duck_soup::codec::b64;
    let mut bytes = b64::decode(&inv.pack()).unwrap();
    bytes[0] = 2;
    let relinked = b64::encode(&bytes);
    assert_eq!(Invite::unpack(&relinked), Err(PackError::Version(2)));
    assert!(PackError::Version(2)
        .to_string()
        .contains("another version"));
}

#[test]
fn an_invite_for_a_seat_the_game_has_not_is_refused() {
    let mut inv = invite(Connection::from_sdp(CHROMIUM_OFFER_MDNS).unwrap());
    inv.to.seat = 2; // two-player: seats 0 and 1
    assert_eq!(
        Invite::unpack(&inv.pack()),
        Err(PackError::Bytes(Error::Invalid("seat")))
    );
}

#[test]
fn descriptions_missing_what_a_connection_needs_are_refused() {
    let without = |line: &str| {
        CHROMIUM_OFFER_MDNS
            .split("\r\n")
            .filter(|l| !l.starts_with(line))
            .collect::<Vec<_>>()
            .join("\r\n")
    };
    assert_eq!(
        Connection::from_sdp(&without("a=ice-ufrag")),
        Err(SdpError::Missing("ICE user fragment"))
    );
    assert_eq!(
        Connection::from_sdp(&without("a=fingerprint")),
        Err(SdpError::Missing("certificate fingerprint"))
    );
    let sha1 = CHROMIUM_OFFER_MDNS.replace("sha-256 6B:8B", "sha-1 6B:8B");
    assert!(matches!(
        Connection::from_sdp(&sha1),
        Err(SdpError::Malformed(_))
    ));
    let bad_pwd = CHROMIUM_OFFER_MDNS.replace("l2bV9kqR1t7Zx0yW4sH8nJ6m", "short");
    assert_eq!(
        Connection::from_sdp(&bad_pwd),
        Err(SdpError::Malformed("ICE password"))
    );
    // Unreadable candidates are skipped, as a browser skips them.
    let odd = CHROMIUM_OFFER_MDNS.replace(
        "typ host generation 0 network-cost 999\r\na=candidate:1193713207",
        "typ weird\r\na=candidate:1193713207",
    );
    assert_eq!(Connection::from_sdp(&odd).unwrap().candidates.len(), 1);
}

#[test]
fn names_are_cleaned_and_bounded() {
    assert_eq!(clean_name("  Aiko\n\u{7}  "), "Aiko");
    let long = "ダック".repeat(20);
    let cleaned = clean_name(&long);
    assert!(cleaned.len() <= 64 && long.starts_with(&cleaned));
}

#[test]
fn ice_texts_of_every_length_a_link_can_carry_round_trip_and_longer_are_refused() {
    // The length travels in one byte: 255 characters round-trip, 256 (which
    // RFC 8839 allows, and no browser makes) is refused when the description
    // is read, never written with a length of 0.
    let ufrag_line = "a=ice-ufrag:Xq3v\r\n";
    for len in [4, 200, 255] {
        let ufrag: String = "ab+/".chars().cycle().take(len).collect();
        let sdp = CHROMIUM_OFFER_MDNS.replace(ufrag_line, &format!("a=ice-ufrag:{ufrag}\r\n"));
        let inv = invite(Connection::from_sdp(&sdp).unwrap());
        let back = Invite::unpack(&inv.pack()).unwrap();
        assert_eq!(back.connection.ufrag, ufrag, "{len} characters");
    }
    let long: String = "x".repeat(256);
    let sdp = CHROMIUM_OFFER_MDNS.replace(ufrag_line, &format!("a=ice-ufrag:{long}\r\n"));
    assert!(Connection::from_sdp(&sdp).is_err());
    let pwd_line = "a=ice-pwd:l2bV9kqR1t7Zx0yW4sH8nJ6m\r\n";
    let sdp = CHROMIUM_OFFER_MDNS.replace(pwd_line, &format!("a=ice-pwd:{long}\r\n"));
    assert!(Connection::from_sdp(&sdp).is_err());
}
