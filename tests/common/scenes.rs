//! What a scene may show a seat: the cards its view of the deal holds, and
//! no other (the page's scenes, and the table's flow, are checked with it).

use duck_soup::engine::deal_view::{DealView, TrickView};
use duck_soup::engine::{Card, CardSet, Deal};
use duck_soup::page::i18n::Lang;
use duck_soup::page::scene::{Context, HandScene, PageFacts, Scene};

/// The scene's context of a table on this device with the sound off: a
/// test changes what it needs (`Context { may_share: false, ..context(lang) }`).
pub fn context(lang: Lang) -> Context {
    Context {
        lang,
        sort_by_rank: false,
        muted: true,
        may_share: true,
        invites: false,
        guest: false,
        joining: false,
        may_practise: false,
        practising: false,
        page: PageFacts::default(),
    }
}

/// Every card `seat` may see now: every card of the engine's view of the
/// deal for that seat (its hand, the trick, the last trick, the cards shown,
/// the quack cards kept face up).
pub fn visible(deal: &Deal, seat: u8) -> CardSet {
    let v = DealView::of(deal, seat);
    let plays = |t: &TrickView| t.plays.iter().map(|&(_, c)| c).collect::<Vec<_>>();
    let mut seen = CardSet::EMPTY;
    let cards = v
        .hand
        .iter()
        .chain(&v.played)
        .chain(v.kept_quacks.iter().flatten())
        .copied()
        .chain(plays(&v.trick))
        .chain(v.last_trick.iter().flat_map(|o| plays(&o.trick)));
    for c in cards {
        seen.insert(c);
    }
    seen
}

/// Fails if `scene` (built for `seat`) names a card outside `seen`: as a
/// value in any field (read from its `Debug` form, which prints every
/// field, so that a field added later is checked too) or by its name in any
/// of its words. Returns how many cards it holds as values.
pub fn assert_shows_only(scene: &Scene, seat: u8, seen: CardSet, deck: CardSet, at: &str) -> usize {
    let text = format!("{scene:?}");
    let mut held = 0;
    for (i, _) in text.match_indices("Card(") {
        // `HandCard(…)`, `TrickCard { … }`: a longer name, not a card.
        if text[..i]
            .chars()
            .next_back()
            .is_some_and(|c| c.is_alphanumeric())
        {
            continue;
        }
        let digits: String = text[i + 5..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        let card = Card::from_index(digits.parse().expect("a card's index"));
        assert!(
            seen.contains(card),
            "{at}: the scene for seat {seat} holds {card}, which that seat cannot see:\n{text}"
        );
        held += 1;
    }
    for card in deck.iter().filter(|&c| !seen.contains(c)) {
        let name = scene.lang.card_name(card);
        assert!(
            !text.contains(&name),
            "{at}: the scene for seat {seat} says \"{name}\", a card that seat cannot see:\n{text}"
        );
    }
    for s in &scene.seats {
        if s.seat != seat {
            assert!(
                matches!(s.hand, HandScene::Down(_)),
                "{at}: seat {}'s hand is face up on seat {seat}'s table",
                s.seat
            );
        }
    }
    held
}
