//! A seat's view of a deal (`engine::deal_view::DealView`), the value a host
//! sends a guest: at every move of random games of all three games, for
//! every seat, it carries no card of another hand and nothing of the stock,
//! and it reads back into exactly the deal with the hidden cards removed,
//! on which the seat's legal moves are the same as on the real deal (also
//! when read as a view from another device, which must be a position the
//! game reaches).

mod common;

use common::*;
use duck_soup::codec::{Error, Reader, Writer};
use duck_soup::engine::deal_view::{DealView, ViewError};
use duck_soup::engine::rng::{random_deck, Rng};
use duck_soup::engine::{Card, CardSet, Deal, Game, GameKind, Rules};

/// Every card code that appears anywhere in a JSON text.
fn cards_named(json: &str) -> CardSet {
    let mut set = CardSet::EMPTY;
    for token in json.split(|c: char| !c.is_ascii_alphanumeric()) {
        if let Ok(card) = token.parse::<Card>() {
            set.insert(card);
        }
    }
    set
}

fn check_every_seat(deal: &Deal) {
    for seat in 0..deal.seats() {
        let view = DealView::of(deal, seat);
        let json = serde_json::to_string(&view).unwrap();
        // What the seat may know: its own hand and the cards shown.
        let allowed = deal.hand(seat).or(deal.played());
        let named = cards_named(&json);
        assert!(
            named.minus(allowed).is_empty(),
            "seat {seat}'s view names {} it may not see: {json}",
            named.minus(allowed)
        );
        let back: DealView = serde_json::from_str(&json).unwrap();
        assert_eq!(back, view);
        // Its bytes (what a guest's device and the page's worker receive)
        // read back the same, with whatever follows them left over.
        let mut w = Writer::new();
        w.deal_view(&view);
        w.byte(77);
        let bytes = w.into_bytes();
        let mut r = Reader::new(&bytes);
        assert_eq!(r.deal_view(), Ok(view.clone()));
        assert_eq!((r.byte("after"), r.end()), (Ok(77), Ok(())));
        for cut in [0, bytes.len() / 2, bytes.len() - 2] {
            assert!(Reader::new(&bytes[..cut]).deal_view().is_err());
        }
        let rebuilt = back.to_deal().expect("a real view reads back");
        // Read as a view from another device, it is a position the game reaches.
        let strict = back
            .to_reachable_deal()
            .unwrap_or_else(|e| panic!("a real view refused: {e}"));
        assert_eq!(DealView::of(&strict, seat), DealView::of(&rebuilt, seat));
        let hidden = deal.hidden_from(seat);
        // The same deal but for slots past the trick's end, which hold
        // nothing anyone reads.
        assert_eq!(DealView::of(&rebuilt, seat), DealView::of(&hidden, seat));
        for s in 0..deal.seats() {
            assert_eq!(rebuilt.hand(s), hidden.hand(s));
        }
        assert_eq!(rebuilt.stock_len(), deal.stock_len());
        assert_eq!(rebuilt.scores(), deal.scores());
        if deal.to_move() == seat && !deal.is_over() {
            assert_eq!(
                rebuilt.legal_moves().as_slice(),
                deal.legal_moves().as_slice(),
                "the seat's moves on its view"
            );
        }
    }
}

#[test]
fn views_hide_every_other_hand_and_read_back() {
    let mut rng = Rng::new(2026);
    for kind in [
        GameKind::TwoPlayer,
        GameKind::ThreePlayer,
        GameKind::Partnership,
    ] {
        for _ in 0..12 {
            let mut game = Game::new(Rules::parlett(kind), rng.below(kind.seats() as u32) as u8);
            game.start_deal(random_deck(kind, &mut rng), None).unwrap();
            while game.in_deal() {
                check_every_seat(game.deal().unwrap());
                let mv = random_move(&game.legal_moves(), &mut rng);
                game.play(mv).unwrap();
            }
            check_every_seat(game.deal().unwrap());
        }
    }
}

#[test]
fn forged_views_are_refused() {
    let mut rng = Rng::new(7);
    let mut game = Game::new(Rules::parlett(GameKind::TwoPlayer), 0);
    game.start_deal(random_deck(GameKind::TwoPlayer, &mut rng), None)
        .unwrap();
    for _ in 0..6 {
        let mv = random_move(&game.legal_moves(), &mut rng);
        game.play(mv).unwrap();
    }
    let view = DealView::of(game.deal().unwrap(), 0);

    let mut twice = view.clone();
    twice.hand.push(twice.hand[0]);
    assert_eq!(
        twice.to_deal().unwrap_err(),
        ViewError::Inconsistent("a card given twice")
    );

    let mut shown_and_held = view.clone();
    shown_and_held.played.push(shown_and_held.hand[0]);
    assert!(matches!(
        shown_and_held.to_deal(),
        Err(ViewError::Inconsistent(_))
    ));

    let mut duck = view.clone();
    duck.hand.push(Card::BLACK_DUCK);
    assert!(matches!(duck.to_deal(), Err(ViewError::Inconsistent(_))));

    let mut seat = view.clone();
    seat.to_move = 2;
    assert_eq!(
        seat.to_deal().unwrap_err(),
        ViewError::Seat("the seat to move")
    );

    let mut stock = view.clone();
    stock.stock_next = stock.stock_end + 1;
    assert!(matches!(stock.to_deal(), Err(ViewError::Inconsistent(_))));

    // In bytes too: an unknown game, a seat past four, a card past the
    // deck's, a seventh play.
    let mut w = Writer::new();
    w.deal_view(&view);
    let bytes = w.into_bytes();
    let refused = |at: usize, value: u8| {
        let mut bad = bytes.clone();
        bad[at] = value;
        Reader::new(&bad).deal_view().unwrap_err()
    };
    assert_eq!(refused(1, 7), Error::Invalid("the game"));
    assert_eq!(refused(0, 4), Error::Invalid("the seat"));
    let mut head = Writer::new();
    head.byte(view.seat);
    head.game(view.game);
    head.rules_file(&view.rules);
    head.bytes(&[view.dealer, 0]);
    head.count(view.hand.len());
    assert_eq!(
        refused(head.as_bytes().len(), 54),
        Error::Invalid("the hand")
    );
    let mut seven = view.clone();
    seven.trick.plays = vec![(0, view.hand[0]); 7];
    let mut w = Writer::new();
    w.deal_view(&seven);
    assert_eq!(
        Reader::new(w.as_bytes()).deal_view(),
        Err(Error::Invalid("a trick"))
    );

    // Unknown fields and games are not silently taken, and refused in one line.
    let json = serde_json::to_string(&DealView::of(game.deal().unwrap(), 1)).unwrap();
    let extra = json.replacen('{', "{\"hands\":[],", 1);
    assert!(serde_json::from_str::<DealView>(&extra).is_err());
    let poker = json.replacen("\"two-player\"", "\"poker\\n\"", 1);
    let err = serde_json::from_str::<DealView>(&poker).unwrap_err();
    assert!(!err.to_string().contains('\n'), "{err}");
}
