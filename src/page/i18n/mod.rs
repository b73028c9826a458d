//! Every string the table shows, by language behind a typed key:
//! [`Lang::t`] looks a [`K`] up in that language's table and [`Lang::tf`]
//! fills in `{0}`, `{1}`, … placeholders. The language is a value the
//! controller owns and hands to the scene, the view and the dialogs; there
//! is no "current language" global. View and controller code hold no
//! user-visible literals.
//!
//! - `keys.rs`: [`K`], one key per string.
//! - `en.rs`, `ja.rs`: one exhaustive match each from key to text, and the
//!   language's [`CardWords`]: a key or a word missing in one language fails
//!   to compile instead of showing nothing.
//! - `names.rs`: seats, sides, suits, ranks, cards, levels and why a move may
//!   not be played, put together from those.
//! - `options.rs`: the new-game dialog's rules options, by their record names.
//! - `full_words.rs`: the full page's words (the viewer's, online play's),
//!   under keys of their own ([`Key`]), which only the full page's code
//!   names: the table alone, which never shows them, leaves them out.
//!
//! To add a language: a `Lang` variant, a file like `en.rs`, and its arms in
//! [`Lang::t`] and `Lang::card_words`.
//!
//! No browser in it: picking the language from the browser's and writing it
//! on the document are the page's (`web/i18n.rs`).

mod en;
mod full_words;
mod ja;
mod keys;
mod names;
mod options;

pub use full_words::FullKey;
pub use keys::K;
pub use options::{option_label, option_value_label};

/// A key of the page's words: the table's ([`K`]) or the full page's
/// (`full_words::FullKey`, each also a constant of `K`, so that callers
/// write `K::JoinTitle` as for any other key). The full page's words are
/// reached only through their own keys, which only the full page's code
/// names: the table alone's wasm leaves them out.
pub trait Key: Copy {
    fn text(self, lang: Lang) -> &'static str;
}

impl Key for K {
    fn text(self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => en::text(self),
            Lang::Ja => ja::text(self),
        }
    }
}

impl Key for full_words::FullKey {
    fn text(self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => full_words::en(self),
            Lang::Ja => full_words::ja(self),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
    Ja,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::En, Lang::Ja];

    pub fn from_tag(tag: &str) -> Option<Lang> {
        let tag = tag.trim().to_ascii_lowercase();
        match tag.split(['-', '_']).next().unwrap_or("") {
            "en" => Some(Lang::En),
            "ja" | "jp" => Some(Lang::Ja),
            _ => None,
        }
    }

    /// The language's own name ("English", "日本語").
    pub fn own_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Ja => "日本語",
        }
    }
}

impl Lang {
    /// The BCP 47 tag of a language (for `<html lang>`).
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Ja => "ja",
        }
    }

    /// The other language (the toolbar's language button).
    pub fn other(self) -> Lang {
        match self {
            Lang::En => Lang::Ja,
            Lang::Ja => Lang::En,
        }
    }

    /// The string for a key in this language.
    pub fn t(self, key: impl Key) -> &'static str {
        key.text(self)
    }

    /// A string with `{0}`, `{1}`, … replaced by `args`.
    pub fn tf(self, key: impl Key, args: &[&str]) -> String {
        fill(self.t(key), args)
    }
}

fn fill(template: &str, args: &[&str]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    // (Split, never sliced by index: no slice of a text can panic here.)
    while let Some((before, after)) = rest.split_once('{') {
        out.push_str(before);
        match after
            .split_once('}')
            .and_then(|(n, tail)| n.parse::<usize>().ok().map(|n| (n, tail)))
        {
            Some((n, tail)) => {
                out.push_str(args.get(n).copied().unwrap_or(""));
                rest = tail;
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// The words a card's name is made of, in one language: a struct, so that a
/// language without one of them does not compile. Suits are in the engine's
/// order (clubs, diamonds, hearts, spades), ranks from Ace to King.
struct CardWords {
    /// A suit in a sentence ("clubs").
    suits: [&'static str; 4],
    /// A suit as a heading or button ("Clubs").
    suit_titles: [&'static str; 4],
    /// A rank in a sentence ("Ace", "7", "Queen").
    rank_words: [&'static str; 13],
    /// A rank with its indefinite article ("an Ace", "a 7").
    ranks_with_article: [&'static str; 13],
    /// A rank in a card's spoken name ("ace" of spades).
    rank_names: [&'static str; 13],
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled() {
        assert_eq!(fill("{0} of {1}", &["ace", "spades"]), "ace of spades");
        assert_eq!(fill("a {x} b", &[]), "a {x} b");
        assert_eq!(fill("{1}の{0}", &["7", "ハート"]), "ハートの7");
        assert_eq!(fill("{0} {9} {", &["a"]), "a  {");
    }

    #[test]
    fn a_bad_game_link_is_one_line_naming_the_deal_and_move() {
        use crate::codec::{record_link::RecordLinkError, Error};
        use crate::engine::{Card, IllegalMove, RecordError, RecordProblem};
        let card: Card = "7H".parse().unwrap();
        let illegal = RecordProblem::Illegal(IllegalMove::NotInHand {
            mv: crate::engine::Move::Play(card),
            card,
            seat: 1,
        });
        let errors = [
            RecordLinkError::NotALink,
            RecordLinkError::Bytes(Error::Short("the moves")),
            RecordLinkError::Damaged,
            RecordLinkError::Version(9),
            RecordLinkError::Bytes(Error::Invalid("moves")),
            RecordLinkError::Record(RecordError::position(2, 4, illegal)),
            RecordLinkError::Record(RecordError::deal(0, RecordProblem::NoDeck)),
            RecordLinkError::Bytes(Error::Trailing),
        ];
        for lang in Lang::ALL {
            for e in &errors {
                let text = lang.link_error(e);
                assert!(!text.contains('\n') && !text.contains('{'), "{text}");
            }
        }
        let en = Lang::En.link_error(&errors[5]);
        assert!(
            en.starts_with("This game link cannot be shown: deal 3, move 5: "),
            "{en}"
        );
        assert!(en.contains("seven of hearts"), "{en}");
        let ja = Lang::Ja.link_error(&errors[5]);
        assert!(ja.contains("第3ディール5手目"), "{ja}");
        assert!(Lang::En
            .link_error(&errors[3])
            .contains("version 9; this one reads 1"));
    }
}
