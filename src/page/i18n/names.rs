//! Names of seats, sides, suits, ranks, cards and levels, and why a move may
//! not be played, in the page's language: sentences are the keys' templates
//! (`K`), the words inside them each language's [`CardWords`].

use super::{CardWords, Lang, K};
use crate::codec::{
    record_link::{self, RecordLinkError},
    Error,
};
use crate::engine::RecordProblem;
use crate::engine::{Card, IllegalMove, Suit};

impl Lang {
    /// The current language's card words.
    fn card_words(self) -> &'static CardWords {
        match self {
            Lang::En => &super::en::CARD_WORDS,
            Lang::Ja => &super::ja::CARD_WORDS,
        }
    }

    /// A seat's compass name: seats are 0, 1, 2, 3 clockwise from South.
    pub fn seat_name(self, seats: u8, seat: u8) -> &'static str {
        let key = match (seats, seat) {
            (_, 0) => K::South,
            (2, _) => K::North,
            (3, 1) | (4, 1) => K::West,
            (3, _) => K::East,
            (_, 2) => K::North,
            _ => K::East,
        };
        self.t(key)
    }

    /// A partnership side's name (side 0 = seats 0 and 2).
    pub fn side_name(self, side: usize) -> &'static str {
        self.t(if side == 0 {
            K::SideNorthSouth
        } else {
            K::SideEastWest
        })
    }

    /// A suit in a sentence ("clubs").
    pub fn suit_plural(self, suit: Suit) -> &'static str {
        self.card_words().suits[suit as usize]
    }

    /// A suit as a heading or button ("Clubs").
    pub fn suit_title(self, suit: Suit) -> &'static str {
        self.card_words().suit_titles[suit as usize]
    }

    /// The rank as shown on a card's corner (the same in every language).
    pub fn rank_index(self, rank: u8) -> &'static str {
        [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ][rank as usize - 1]
    }

    /// The rank as a word in a sentence ("a 7", "another Queen").
    pub fn rank_word(self, rank: u8) -> &'static str {
        self.card_words().rank_words[rank as usize - 1]
    }

    /// The rank with its indefinite article ("an Ace", "a 7", "an 8").
    pub fn rank_a(self, rank: u8) -> &'static str {
        self.card_words().ranks_with_article[rank as usize - 1]
    }

    /// The rank in a card's spoken name ("ten" of hearts).
    fn rank_name(self, rank: u8) -> &'static str {
        self.card_words().rank_names[rank as usize - 1]
    }

    /// A card's full name, for screen readers.
    pub fn card_name(self, card: Card) -> String {
        if card.is_joker() {
            return self
                .t(if card.joker_is_red() {
                    K::RedDuck
                } else {
                    K::BlackDuck
                })
                .to_string();
        }
        self.tf(
            K::CardName,
            &[self.rank_name(card.rank()), self.suit_plural(card.suit())],
        )
    }

    /// Why a move may not be played, in the page's language.
    pub fn illegal_move(self, why: &IllegalMove) -> String {
        match *why {
            IllegalMove::DealOver { .. } => self.t(K::IllegalDealOver).to_string(),
            IllegalMove::NoDealInProgress { .. } => self.t(K::IllegalNoDeal).to_string(),
            IllegalMove::NoDucksInGame { .. } => self.t(K::IllegalNoDucks).to_string(),
            IllegalMove::NotInHand { card, .. } => {
                self.tf(K::IllegalNotInHand, &[&self.card_name(card)])
            }
            IllegalMove::MustFollowOrQuack { suit, rank, .. } => {
                self.tf(K::MustFollow, &[self.suit_plural(suit), self.rank_a(rank)])
            }
            IllegalMove::OnlyRankOrDuck {
                rank, quacks: 1, ..
            } => self.tf(K::OnlyRankOrDuck, &[self.rank_word(rank)]),
            IllegalMove::OnlyRankOrDuck { rank, .. } => {
                self.tf(K::OnlyRankOrDuckThree, &[self.rank_word(rank)])
            }
            IllegalMove::DuckOnlyAfterQuacks { quacks: 1 } => {
                self.t(K::IllegalDuckAfterQuack).to_string()
            }
            IllegalMove::DuckOnlyAfterQuacks { .. } => {
                self.t(K::IllegalDuckAfterTwoQuacks).to_string()
            }
            IllegalMove::NoDuckMove { .. } => self.t(K::IllegalNoDuckMove).to_string(),
            IllegalMove::DuckMustNameSuit { duck } => {
                let [a, b] = duck.joker_suits();
                self.tf(
                    K::IllegalDuckNamesSuit,
                    &[self.suit_plural(a), self.suit_plural(b)],
                )
            }
            IllegalMove::DuckSuitNotItsColour { duck, .. } => {
                let [a, b] = duck.joker_suits();
                self.tf(
                    K::IllegalDuckSuitColour,
                    &[
                        &self.card_name(duck),
                        self.suit_plural(a),
                        self.suit_plural(b),
                    ],
                )
            }
            IllegalMove::OnlyLedDuckNamesSuit { duck, .. } => {
                self.tf(K::IllegalOnlyLedDuckNames, &[&self.card_name(duck)])
            }
        }
    }

    /// Why a game link (`?r=`) cannot be shown, naming the deal and the
    /// move when the record inside is at fault.
    pub fn link_error(self, why: &RecordLinkError) -> String {
        let reason = match why {
            RecordLinkError::NotALink => self.t(K::LinkNotALink).to_string(),
            RecordLinkError::Bytes(Error::Short(_)) => self.t(K::LinkTruncated).to_string(),
            RecordLinkError::Damaged => self.t(K::LinkDamaged).to_string(),
            RecordLinkError::Version(v) => self.tf(
                K::LinkVersion,
                &[&v.to_string(), &record_link::VERSION.to_string()],
            ),
            RecordLinkError::Bytes(Error::Invalid(what)) => self.tf(K::LinkInvalid, &[what]),
            RecordLinkError::Bytes(Error::Trailing) => self.tf(K::LinkInvalid, &["length"]),
            RecordLinkError::Record(e) => {
                // An illegal move in the page's words; other problems in the engine's.
                let problem = match &e.problem {
                    RecordProblem::Illegal(m) => self.illegal_move(m),
                    other => other.to_string(),
                };
                match (e.deal, e.position) {
                    (Some(d), Some(m)) => {
                        self.tf(K::LinkDealMove, &[&d.to_string(), &m.to_string(), &problem])
                    }
                    (Some(d), None) => self.tf(K::LinkDeal, &[&d.to_string(), &problem]),
                    _ => problem,
                }
            }
        };
        self.tf(K::BadRecordLink, &[&reason])
    }

    /// A computer level's name.
    pub fn level_name(self, level: crate::ai::Level) -> &'static str {
        use crate::ai::Level;
        self.t(match level {
            Level::Easy | Level::Random => K::Easy,
            Level::Normal => K::Normal,
            Level::Hard => K::Hard,
            Level::Expert => K::Expert,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One refusal of every kind (each `quacks` count separately: they are worded apart).
    fn every_illegal_move() -> Vec<IllegalMove> {
        use crate::engine::{GameKind, Move};
        let card = |code: &str| code.parse::<Card>().expect("a card code");
        let all = vec![
            IllegalMove::DealOver {
                mv: Move::Play(card("AC")),
            },
            IllegalMove::NoDealInProgress {
                mv: Move::Play(card("AC")),
            },
            IllegalMove::NoDucksInGame {
                mv: Move::Play(Card::BLACK_DUCK),
                game: GameKind::TwoPlayer,
            },
            IllegalMove::NotInHand {
                mv: Move::Play(card("TH")),
                card: card("TH"),
                seat: 1,
            },
            IllegalMove::MustFollowOrQuack {
                card: card("2S"),
                suit: Suit::Clubs,
                rank: 7,
            },
            IllegalMove::OnlyRankOrDuck {
                card: card("2C"),
                rank: 7,
                quacks: 1,
            },
            IllegalMove::OnlyRankOrDuck {
                card: card("2C"),
                rank: 7,
                quacks: 2,
            },
            IllegalMove::DuckOnlyAfterQuacks { quacks: 1 },
            IllegalMove::DuckOnlyAfterQuacks { quacks: 2 },
            IllegalMove::NoDuckMove {
                game: GameKind::Partnership,
            },
            IllegalMove::DuckMustNameSuit {
                duck: Card::RED_DUCK,
            },
            IllegalMove::DuckSuitNotItsColour {
                duck: Card::BLACK_DUCK,
                named: Suit::Hearts,
            },
            IllegalMove::OnlyLedDuckNamesSuit {
                duck: Card::BLACK_DUCK,
                named: Suit::Spades,
            },
        ];
        // A new kind of refusal fails to compile here until it has a sample above.
        for why in &all {
            match why {
                IllegalMove::DealOver { .. }
                | IllegalMove::NoDealInProgress { .. }
                | IllegalMove::NoDucksInGame { .. }
                | IllegalMove::NotInHand { .. }
                | IllegalMove::MustFollowOrQuack { .. }
                | IllegalMove::OnlyRankOrDuck { .. }
                | IllegalMove::DuckOnlyAfterQuacks { .. }
                | IllegalMove::NoDuckMove { .. }
                | IllegalMove::DuckMustNameSuit { .. }
                | IllegalMove::DuckSuitNotItsColour { .. }
                | IllegalMove::OnlyLedDuckNamesSuit { .. } => {}
            }
        }
        all
    }

    #[test]
    fn every_illegal_move_is_worded_apart_in_both_languages() {
        let mut by_lang = Vec::new();
        for lang in Lang::ALL {
            let words: Vec<String> = every_illegal_move()
                .iter()
                .map(|why| lang.illegal_move(why))
                .collect();
            for (why, text) in every_illegal_move().iter().zip(&words) {
                assert!(!text.trim().is_empty(), "{lang:?}: {why:?} has no words");
                assert!(!text.contains('{'), "{lang:?}: {why:?}: {text}");
            }
            for (i, a) in words.iter().enumerate() {
                for b in &words[i + 1..] {
                    assert_ne!(a, b, "{lang:?}: two reasons share their words");
                }
            }
            by_lang.push(words);
        }
        for (en, ja) in by_lang[0].iter().zip(&by_lang[1]) {
            assert_ne!(en, ja, "the Japanese is not the English");
        }
    }

    #[test]
    fn illegal_moves_are_worded_with_their_data() {
        use crate::engine::Move;
        let must_follow = IllegalMove::MustFollowOrQuack {
            card: "2S".parse().unwrap(),
            suit: Suit::Clubs,
            rank: 8,
        };
        let led_duck = IllegalMove::DuckMustNameSuit {
            duck: Card::RED_DUCK,
        };
        let not_held = IllegalMove::NotInHand {
            mv: Move::Play(Card::BLACK_DUCK),
            card: Card::BLACK_DUCK,
            seat: 2,
        };
        let lang = Lang::En;
        assert_eq!(
            lang.illegal_move(&must_follow),
            "You must follow clubs or quack with an 8."
        );
        assert_eq!(
            lang.illegal_move(&led_duck),
            "A led Duck names a suit: diamonds or hearts."
        );
        assert_eq!(
            lang.illegal_move(&not_held),
            "The black Duck is not in your hand."
        );
        let lang = Lang::Ja;
        assert_eq!(
            lang.illegal_move(&must_follow),
            "クラブを出すか、8でクワックしなければなりません。"
        );
        assert_eq!(
            lang.illegal_move(&led_duck),
            "リードしたダックはマークを宣言します:ダイヤかハート。"
        );
    }
}
