//! Links already in people's hands read and write the same bytes forever:
//! record links (`?r=…`, from rules pages such as `www/embed-example.html`
//! and from conformance records) and the invites and replies of online play,
//! each pinned here character for character. Both ways: the value packs to
//! the pinned text, and the pinned text reads back to the value.

mod common;

use common::*;
use duck_soup::codec::record_link as packed;
use duck_soup::engine::{GameKind, GameRecord};
use duck_soup::net::invite::{Invite, Reply, TableRef};
use duck_soup::net::sdp::Connection;

/// Record links packed from conformance records: (file, line, link).
const CONFORMANCE_LINKS: [(&str, usize, &str); 6] = [
    (
        "two-player.jsonl",
        3,
        "AQQHcGFybGV0dAE5ADBxRlCH45-mWugq2woMS9ZPykAu5Mhmty9TuaX6tdIxacTR_si8-WRNRz-5bDSl2abfiQ",
    ),
    (
        "two-player.jsonl",
        29,
        "AQAGZmFtaWx5ATQAMKvFOlOntK3pv3WLUFMU7iHbMYA6mER_HOYB5ekY0JS9V233vqom623BzOmzixCFG7yO",
    ),
    (
        "three-player.jsonl",
        9,
        "AQkHcGFybGV0dAECAB-bP0DWiNaDyj46TPBt_iegnqsbd8Fi5HlddTRPFlAEeUE",
    ),
    (
        "three-player.jsonl",
        29,
        "AQErcGFybGV0dCxzY29yaW5nOmNhcmRzLGNvbWJpbmU6YWRkLHRhcmdldDozMAE2AC_Lyj_0mbputKVAfazNuHvnFfcfgtbV8wpDGniWhVRzJ0zpaS3a92rZ_Yo8hnSlRFa7",
    ),
    (
        "partnership.jsonl",
        9,
        "AQoHcGFybGV0dAEnACf_bXw80jufmI4sdjP5wdjyptSsf9y47CXYnPMlQANHoo2_Ji1P5zwxjQ",
    ),
    (
        "partnership.jsonl",
        30,
        "AQoScGFybGV0dCx0YXJnZXQ6MzAwAjQATebizqdGB2Gaq9ruAOoV0OJ3yXHwinwo7vCaWg_0YO1XYriexOWOQTHxLUtFHN6_F8ym_ZxChtIuTE4elw8nue-eC5JrNkSo4HFrXaCY29c",
    ),
];

/// The record links of `www/embed-example.html` (seeded deals: the seed
/// travels, not the deck): (link, seed, moves).
const EXAMPLE_PAGE_LINKS: [(&str, &str, usize); 3] = [
    (
        "AQAHcGFybGV0dAE4AQAHcnVsZXMtORTqf4V7sTAX_qSAL2rFVH4cg3WSHeZJ",
        "rules-9",
        56,
    ),
    (
        "AQAHcGFybGV0dAE6AQAHcnVsZXMtMBWR1LaDCDkm0Ie5wXATVeO1MsNBRwF2ag",
        "rules-0",
        58,
    ),
    (
        "AQAHcGFybGV0dAE8AQAHcnVsZXMtNRVEXq0EXGQ25_4Vxj70MtdBPVoMagEWYQ",
        "rules-5",
        60,
    ),
];

fn conformance_record(file: &str, line: usize) -> GameRecord {
    let path = conformance_dirs()[0].join(file);
    let (_, case) = conformance_cases(&path)
        .into_iter()
        .find(|(l, _)| *l == line)
        .unwrap_or_else(|| panic!("{file}:{line} is gone"));
    GameRecord::parse(&case["record"].to_string()).expect("a conformance record")
}

#[test]
fn conformance_records_pack_to_the_same_links_and_back() {
    for (file, line, link) in CONFORMANCE_LINKS {
        let record = conformance_record(file, line);
        assert_eq!(packed::pack(&record).as_deref(), Ok(link), "{file}:{line}");
        assert_eq!(packed::unpack(link).as_ref(), Ok(&record), "{file}:{line}");
    }
}

#[test]
fn the_example_pages_links_still_read_and_write_the_same() {
    assert!(std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/www/embed-example.html"
    ))
    .is_ok_and(|page| EXAMPLE_PAGE_LINKS
        .iter()
        .all(|(link, ..)| page.contains(link))));
    for (link, seed, moves) in EXAMPLE_PAGE_LINKS {
        let record = packed::unpack(link).unwrap_or_else(|e| panic!("{link}: {e}"));
        assert_eq!(record.rules.game, GameKind::TwoPlayer);
        assert_eq!(record.deals.len(), 1);
        assert_eq!(record.deals[0].seed.as_deref(), Some(seed));
        assert_eq!(record.deals[0].moves.len(), moves, "{link}");
        assert_eq!(packed::pack(&record).as_deref(), Ok(link));
    }
}

include!("common/offers.rs");

/// (offer, game, seat, rules, name, invite, reply), the table `[1, 2, 3, 4,
/// 5, 6 + i]`, the nonce `0xdeadbeef - i`, the token `[9, 8, 7, 6, 5, 4,
/// 3, i]` for the i-th.
type PinnedInvite = (
    &'static str,
    GameKind,
    u8,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

const INVITES: [PinnedInvite; 3] = [
    (
        CHROMIUM_OFFER_MDNS,
        GameKind::TwoPlayer,
        1,
        "parlett",
        "Aiko",
        "AQABAgMEBQberb7vAQAHcGFybGV0dARBaWtvBF6t7xiXZtX2SpHW3tnHTJbiwfycnqZri13qWQQgIynIhxzMhzK-3YxmpY5QVeqM07ZcCV7WvAABMAICP5wuGntNTI6aIQ1eb3qLnNQxAqGyw9Tl9kcRiJmqu8zd7v_UMmoQ",
        "AQEBAgMEBQberb7vAQkIBwYFBAMABEFpa28EXq3vGJdm1fZKkdbe2cdMluLB_JyepmuLXepZBCAjKciHHMyHMr7djGaljlBV6ozTtlwJXta8AAEwAgI_nC4ae01MjpohDV5veouc1DECobLD1OX2RxGImaq7zN3u_9QymRY",
    ),
    (
        CHROMIUM_OFFER_IP,
        GameKind::Partnership,
        3,
        "parlett,scoring:cards",
        "Ben 🦆",
        "AQABAgMEBQferb7uAwIVcGFybGV0dCxzY29yaW5nOmNhcmRzCEJlbiDwn6aGBAGwnRhptx15-CGKOSWaeimquy26_78AESIzRFVmd4iZqrvM3e7_ABEiM0RVZneImaq7zN3u_wABMAQAfwAAAZxBAQAAAAAAAAAAAAAAAAAAAAGcQgjLAHEHnEMkfwAAAQAJUQQ",
        "AQEBAgMEBQferb7uAwkIBwYFBAMBCEJlbiDwn6aGBAGwnRhptx15-CGKOSWaeimquy26_78AESIzRFVmd4iZqrvM3e7_ABEiM0RVZneImaq7zN3u_wABMAQAfwAAAZxBAQAAAAAAAAAAAAAAAAAAAAGcQgjLAHEHnEMkfwAAAQAJlUs",
    ),
    (
        FIREFOX_ANSWER,
        GameKind::ThreePlayer,
        2,
        "family",
        "あいこ",
        "AQABAgMEBQjerb7tAgEGZmFtaWx5CeOBguOBhOOBkwj1_x7t3pwg3a7d1c0f9e8b2a4c6d5e7f8091a2b3c4qrvM3e7_ABEiM0RVZneImaq7zN3u_wARIjNEVWZ3iJkBATACAl08O4gfLk49jHtqWUg3JhW05yZdPDuIHy5OPYx7allINyYVAAkCLA",
        "AQEBAgMEBQjerb7tAgkIBwYFBAMCCeOBguOBhOOBkwj1_x7t3pwg3a7d1c0f9e8b2a4c6d5e7f8091a2b3c4qrvM3e7_ABEiM0RVZneImaq7zN3u_wARIjNEVWZ3iJkBATACAl08O4gfLk49jHtqWUg3JhW05yZdPDuIHy5OPYx7allINyYVAAkxYA",
    ),
];

#[test]
fn invites_and_replies_pack_to_the_same_links_and_back() {
    for (i, (sdp, game, seat, rules, name, invite_link, reply_link)) in
        INVITES.into_iter().enumerate()
    {
        let i = i as u8;
        let to = TableRef {
            table: [1, 2, 3, 4, 5, 6 + i],
            nonce: 0xdead_beef - u32::from(i),
            seat,
        };
        let connection = Connection::from_sdp(sdp).unwrap();
        let invite = Invite {
            to,
            game,
            rules: rules.into(),
            host_name: name.into(),
            connection: connection.clone(),
        };
        assert_eq!(invite.pack(), invite_link, "invite {i}");
        assert_eq!(Invite::unpack(invite_link), Ok(invite), "invite {i}");
        let reply = Reply {
            to,
            token: [9, 8, 7, 6, 5, 4, 3, i],
            guest_name: name.into(),
            connection,
        };
        assert_eq!(reply.pack(), reply_link, "reply {i}");
        assert_eq!(Reply::unpack(reply_link), Ok(reply), "reply {i}");
    }
}
