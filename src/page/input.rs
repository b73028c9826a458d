//! What comes into the page. The names its own elements carry in their
//! data attributes (`data-action`, `data-rec`, `data-change`, `data-net`,
//! `data-help-game`, and the values they act on: `data-card`,
//! `data-choice`, `data-suit`, `data-seat`, `data-option`): each
//! attribute's values are a type named once here,
//! which the view and the dialogs write and the listeners (`web/events.rs`)
//! read back, refusing a name no part of the page writes. And limits on text
//! from outside the page (a record to import, saved data), checked before
//! any of it is parsed, and messages made one line. Plain Rust with no
//! browser in it, so its tests run natively too.

use crate::engine::{Card, GameKind, Rules, Suit};
use std::borrow::Cow;

// ---- the names the page's elements carry ----

/// A value of one of the page's data attributes: the view and the dialogs
/// write it (`web::dom::set_data`), the listeners read it back
/// (`web/events.rs`), and say on the console any text that names none.
pub trait DataAttribute: Sized {
    /// The attribute, e.g. `data-rec`.
    const ATTRIBUTE: &'static str;
    /// The value as the attribute holds it.
    fn attribute_text(&self) -> Cow<'static, str>;
    /// The value that the attribute's text names, if any.
    fn read(text: &str) -> Option<Self>;
}

/// A CSS selector for the elements that carry `value`.
pub fn selector<A: DataAttribute>(value: &A) -> String {
    format!("[{}=\"{}\"]", A::ATTRIBUTE, &*value.attribute_text())
}

/// An enum of plain values named in one table: the enum, its `name` and
/// its `parse` are all made from the table, so no value lacks a name and
/// the two cannot disagree (a name given twice fails the tests: its second
/// value does not read back). `in "data-…"` makes the enum that
/// attribute's values.
macro_rules! named {
    (
        $(#[$meta:meta])*
        pub enum $ty:ident $(in $attribute:literal)? {
            $($(#[$value_meta:meta])* $value:ident = $name:literal,)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $ty {
            $($(#[$value_meta])* $value,)+
        }

        impl $ty {
            /// Every value, in the table's order.
            pub const ALL: &'static [$ty] = &[$($ty::$value,)+];
            const NAMES: &'static [&'static str] = &[$($name,)+];

            /// Its name in the page.
            pub fn name(self) -> &'static str {
                $ty::NAMES[self as usize]
            }

            /// The value `name` names, if any.
            pub fn parse(name: &str) -> Option<$ty> {
                $ty::ALL.get(position(&$ty::NAMES, name)?).copied()
            }
        }

        $(
            impl DataAttribute for $ty {
                const ATTRIBUTE: &'static str = $attribute;

                fn attribute_text(&self) -> Cow<'static, str> {
                    Cow::Borrowed(self.name())
                }

                fn read(text: &str) -> Option<$ty> {
                    $ty::parse(text)
                }
            }
        )?
    };
}

/// Where `name` is in `names` (one loop for every table, not one each).
fn position(names: &[&str], name: &str) -> Option<usize> {
    names.iter().position(|n| *n == name)
}

named! {
    /// What a button of the page asks for: its `data-action`, written by
    /// the view and the dialogs and read back by the listeners
    /// (`events.rs`), which turn it into an [`Action`](super::model::Action)
    /// with what it carries.
    pub enum Command in "data-action" {
        Play = "play",
        Choice = "choice",
        Quack = "quack",
        Duck = "duck",
        DuckSuit = "duck-suit",
        Privacy = "privacy",
        NextDeal = "next-deal",
        TakeBack = "take-back",
        PlayOut = "play-out",
        PractiseDeal = "practise",
        PracticeEnd = "practice-end",
        NewGame = "new-game",
        StartGame = "start-game",
        CancelDialog = "cancel-dialog",
        CloseDialog = "close-dialog",
        PlayAgain = "play-again",
        Mute = "mute",
        Scores = "scores",
        ScoresAll = "scores-all",
        Review = "review",
        Hint = "hint",
        Help = "help",
        Settings = "settings",
        Lang = "lang",
        Tutorial = "tutorial",
        TutorialNext = "tutorial-next",
        TutorialEnd = "tutorial-end",
        /// A button of online play's dialogs (what it does: its `data-net`).
        Net = "net",
    }
}

/// What a button of the Share and records dialog, the replay viewer's bar
/// or the deal review asks for: its `data-rec`, read back into a
/// [`RecordsAction`](super::model::RecordsAction).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordsCommand {
    /// A button that carries nothing more.
    Button(RecordsButton),
    /// A Copy button, with the field it copies (`copy-` and the field's id).
    Copy(CopyField),
    /// A review's mark: show its move (its index in the deal) with its
    /// values (`review-open:N`).
    ReviewOpen(usize),
    /// A review's puzzle idea: that move in the author's tool
    /// (`review-idea:N`).
    ReviewIdea(usize),
}

impl RecordsCommand {
    const COPY: &'static str = "copy-";
    const REVIEW_OPEN: &'static str = "review-open:";
    const REVIEW_IDEA: &'static str = "review-idea:";

    /// Its name in the page: a button's own, else a prefix and its data
    /// (`copy-share-link`, `review-open:7`).
    pub fn name(self) -> Cow<'static, str> {
        match self {
            RecordsCommand::Button(b) => Cow::Borrowed(b.name()),
            RecordsCommand::Copy(f) => Cow::Owned([Self::COPY, f.name()].concat()),
            RecordsCommand::ReviewOpen(i) => Cow::Owned(indexed(Self::REVIEW_OPEN, i)),
            RecordsCommand::ReviewIdea(i) => Cow::Owned(indexed(Self::REVIEW_IDEA, i)),
        }
    }

    /// The command `name` names, if any.
    pub fn parse(name: &str) -> Option<RecordsCommand> {
        let index = |prefix: &str| name.strip_prefix(prefix)?.parse().ok();
        if let Some(b) = RecordsButton::parse(name) {
            Some(RecordsCommand::Button(b))
        } else if let Some(field) = name.strip_prefix(Self::COPY) {
            CopyField::parse(field).map(RecordsCommand::Copy)
        } else if let Some(i) = index(Self::REVIEW_OPEN) {
            Some(RecordsCommand::ReviewOpen(i))
        } else {
            index(Self::REVIEW_IDEA).map(RecordsCommand::ReviewIdea)
        }
    }
}

/// `prefix` then `index`.
fn indexed(prefix: &str, index: usize) -> String {
    format!("{prefix}{index}")
}

impl DataAttribute for RecordsCommand {
    const ATTRIBUTE: &'static str = "data-rec";

    fn attribute_text(&self) -> Cow<'static, str> {
        self.name()
    }

    fn read(text: &str) -> Option<RecordsCommand> {
        RecordsCommand::parse(text)
    }
}

named! {
    /// The records' buttons that carry nothing more
    /// ([`RecordsCommand::Button`]): written as they are (`data-rec`), read
    /// back as a [`RecordsCommand`], with the rest.
    pub enum RecordsButton in "data-rec" {
        /// Open the Share and records dialog.
        Open = "open",
        Close = "close",
        /// Download the record shown.
        Download = "download",
        /// Play today's deal.
        Daily = "daily",
        /// Open the record pasted.
        Import = "import",
        /// The viewer's steps: to the start, back a trick, back a move, on
        /// a move, on a trick, to the end.
        First = "first",
        TrickBack = "trick-back",
        Back = "back",
        Forward = "forward",
        TrickForward = "trick-forward",
        Last = "last",
        /// The viewer plays on by itself, or pauses.
        Play = "play",
        /// The viewer shows every hand, or not.
        Reveal = "reveal",
        /// Leave the viewer.
        Exit = "exit",
        /// The author's tool: show the link in an iframe.
        Preview = "preview",
        /// A build without the viewer: the author's tool is in the viewer's page.
        FullPage = "full-page",
        /// Review a deal.
        Review = "review",
        /// Stop the review running.
        ReviewCancel = "review-cancel",
        /// Practise from the position before the reviewed move on show,
        /// the person in its mover's seat against the Expert (also its
        /// key, P, in the viewer).
        PlayFromHere = "play-from-here",
    }
}

named! {
    /// A field whose text a Copy button copies, named by its element's id.
    pub enum CopyField {
        /// The Share link.
        ShareLink = "share-link",
        /// The game's record.
        RecordText = "record-text",
        /// The daily deal's result.
        DailyText = "daily-text",
        /// The author's tool: the link to the position, and its embed code.
        AuthorLink = "author-link",
        AuthorEmbed = "author-embed",
    }
}

named! {
    /// What a form control reports when it changes: its `data-change`.
    pub enum ChangedField in "data-change" {
        /// The new game's form: the game, or the rules' preset.
        Game = "game",
        Preset = "preset",
        /// A field of the Settings panel.
        Setting = "setting",
        /// The online dialogs' servers (STUN and relay).
        Servers = "stun",
        /// A record file chosen to import.
        RecordFile = "record-file",
        /// The replay viewer's move number, speed and seat.
        ReplayJump = "replay-jump",
        ReplaySpeed = "replay-speed",
        ReplaySeat = "replay-seat",
        /// The author's tool: the puzzle box, the caption.
        AuthorPuzzle = "author-puzzle",
        AuthorCaption = "author-caption",
    }
}

named! {
    /// What a button of online play's dialogs does: its `data-net` (a
    /// seat's own buttons name the seat in `data-seat`), read back into a
    /// [`NetInput`](super::model::NetInput) with what was typed.
    pub enum NetCommand in "data-net" {
        /// Copy or share an invite (the host's, a seat's) or the reply (a
        /// guest's).
        Copy = "copy",
        Share = "share",
        /// The host takes the reply pasted.
        TakeReply = "take-reply",
        /// The host opens the invites again.
        Invites = "invites",
        /// A seat's: a new invite, the computer takes it, its friend again.
        Reinvite = "reinvite",
        Computer = "computer",
        Friend = "friend",
        /// A guest joins with the name typed.
        Join = "join",
    }
}

/// The help's tab for one game: its `data-help-game`, the game's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HelpTab(pub GameKind);

impl DataAttribute for HelpTab {
    const ATTRIBUTE: &'static str = "data-help-game";

    fn attribute_text(&self) -> Cow<'static, str> {
        Cow::Borrowed(self.0.name())
    }

    fn read(text: &str) -> Option<HelpTab> {
        GameKind::from_name(text).map(HelpTab)
    }
}

/// A value that is a card, written as its code (`Card`'s text) in one
/// attribute.
macro_rules! card_attribute {
    ($(#[$meta:meta])* $ty:ident in $attribute:literal) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct $ty(pub Card);

        impl DataAttribute for $ty {
            const ATTRIBUTE: &'static str = $attribute;

            fn attribute_text(&self) -> Cow<'static, str> {
                Cow::Owned(self.0.to_string())
            }

            fn read(text: &str) -> Option<$ty> {
                text.parse().ok().map($ty)
            }
        }
    };
}

card_attribute!(
    /// The card an element shows face up (`data-card`): a card of a hand,
    /// which plays it, or one on the table. The view keys its cards by it.
    CardShown in "data-card"
);

card_attribute!(
    /// A card offered by the chooser (`data-choice`): a card to pass, say.
    CardChoice in "data-choice"
);

/// A suit offered by the chooser (`data-suit`, its letter): Duck's suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SuitChoice(pub Suit);

impl DataAttribute for SuitChoice {
    const ATTRIBUTE: &'static str = "data-suit";

    fn attribute_text(&self) -> Cow<'static, str> {
        Cow::Owned(self.0.letter().to_string())
    }

    fn read(text: &str) -> Option<SuitChoice> {
        let mut letters = text.chars();
        match (letters.next(), letters.next()) {
            (Some(letter), None) => Suit::from_letter(letter).map(SuitChoice),
            _ => None,
        }
    }
}

/// The seat an element is for (`data-seat`, 0 to 3): a seat of the table,
/// its player in the new game's form, its invite in online play's dialogs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatOf(pub u8);

impl DataAttribute for SeatOf {
    const ATTRIBUTE: &'static str = "data-seat";

    fn attribute_text(&self) -> Cow<'static, str> {
        Cow::Owned(self.0.to_string())
    }

    fn read(text: &str) -> Option<SeatOf> {
        text.parse().ok().filter(|&s| s < 4).map(SeatOf)
    }
}

/// A rules option's control in the new game's form (`data-option`, the
/// option's record name, as `Rules::option_specs` lists it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleOption(pub &'static str);

impl DataAttribute for RuleOption {
    const ATTRIBUTE: &'static str = "data-option";

    fn attribute_text(&self) -> Cow<'static, str> {
        Cow::Borrowed(self.0)
    }

    fn read(text: &str) -> Option<RuleOption> {
        GameKind::ALL
            .iter()
            .flat_map(|&game| Rules::option_specs(game))
            .find(|spec| spec.key == text)
            .map(|spec| RuleOption(spec.key))
    }
}

// ---- text from outside ----

/// The largest record the page imports: 1 MB of text (as a file's size, or
/// a pasted text's length).
///
/// Generous for real games: a record takes about 230 bytes per two-player
/// deal written from its seed and 340 bytes per partnership deal written out
/// card by card (`{"deck":"…","moves":"…"}`: 52 cards, 52 moves), so 1 MB
/// holds about 3,000 of the largest deals, while a game played to the default
/// target lasts well under 20. Beyond it, reading alone blocked the page for
/// seconds (13 s for 20 MB), and the copy of the text into the wasm grows its
/// memory for good.
pub const MAX_RECORD_BYTES: usize = 1_000_000;

/// The most deals a record may have to be imported: 50 times the longest real
/// games, and a replay of all of them takes a fraction of a second.
pub const MAX_RECORD_DEALS: usize = 1_000;

/// How deeply JSON text may nest objects and arrays. Records and saved data
/// nest 3 deep; serde reads nesting by recursion, so text nested thousands
/// deep (which fits in a few KB) would overflow the wasm stack and kill the page.
pub const MAX_NESTING: usize = 32;

/// The longest message made from outside text, in characters.
const MAX_MESSAGE_CHARS: usize = 300;

/// Whether JSON text nests objects and arrays at most `limit` deep (brackets
/// inside strings do not count). Text that is not JSON may pass: the JSON
/// parser refuses it afterwards with its own reason.
pub fn nesting_within(text: &str, limit: usize) -> bool {
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    for b in text.bytes() {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
            continue;
        }
        match b {
            b'"' => in_string = true,
            b'[' | b'{' => {
                depth += 1;
                if depth > limit {
                    return false;
                }
            }
            b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    true
}

/// A message on one line: line breaks, tabs and every other control or
/// separator character escaped (`\n`, `\u{2028}`…), cut to 300 characters.
/// For messages that repeat outside text (the browser's JSON errors quote the
/// text they could not read).
pub fn one_line(text: &str) -> String {
    let mut out = String::new();
    for (i, c) in text.chars().enumerate() {
        if i == MAX_MESSAGE_CHARS {
            out.push('…');
            break;
        }
        if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}') {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// A size in bytes as a message says it: "20.5 MB", "1 MB", "640 KB".
/// (Integer arithmetic: formatting an f64 would link Rust's float printing,
/// ~15 KB of wasm.)
pub fn size_text(bytes: f64) -> String {
    let bytes = bytes as u64;
    if bytes >= 1_000_000 {
        let tenths = (bytes + 50_000) / 100_000;
        match tenths % 10 {
            0 => format!("{} MB", tenths / 10),
            d => format!("{}.{d} MB", tenths / 10),
        }
    } else {
        format!("{} KB", bytes.div_ceil(1000))
    }
}

/// A count with thousands separated: "3,000".
pub fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every value of `A` given reads back from the text written for it
    /// (so no two values share a name); the texts written.
    fn read_back<A: DataAttribute + PartialEq + std::fmt::Debug>(
        values: impl IntoIterator<Item = A>,
    ) -> Vec<String> {
        values
            .into_iter()
            .map(|v| {
                let text = v.attribute_text().into_owned();
                assert_eq!(A::read(&text), Some(v), "{} {text:?}", A::ATTRIBUTE);
                text
            })
            .collect()
    }

    #[test]
    fn every_value_the_page_writes_reads_back_from_its_name() {
        assert_eq!(read_back(Command::ALL.iter().copied()).len(), 28);
        assert_eq!(read_back(ChangedField::ALL.iter().copied()).len(), 10);
        assert_eq!(read_back(NetCommand::ALL.iter().copied()).len(), 8);
        assert_eq!(
            read_back(GameKind::ALL.map(HelpTab)),
            GameKind::ALL.map(GameKind::name)
        );
        // A records' button reads back the same as itself or as a command.
        let buttons = read_back(RecordsButton::ALL.iter().copied());
        assert_eq!(buttons.len(), 19);
        assert!(
            buttons.contains(&"play-from-here".to_string()),
            "{buttons:?}"
        );
        let records = RecordsButton::ALL
            .iter()
            .map(|&b| RecordsCommand::Button(b));
        let records: Vec<RecordsCommand> = records
            .chain(CopyField::ALL.iter().map(|&f| RecordsCommand::Copy(f)))
            .chain([0, 7, 51].map(RecordsCommand::ReviewOpen))
            .chain([0, 7, 51].map(RecordsCommand::ReviewIdea))
            .collect();
        let texts = read_back(records);
        assert_eq!(texts[..buttons.len()], buttons);
        assert!(texts.contains(&"copy-author-link".to_string()), "{texts:?}");
        assert!(texts.contains(&"review-open:7".to_string()), "{texts:?}");
        // The values acted on: every card, suit, seat and rules option.
        let deck = (0..54).map(Card::from_index);
        assert_eq!(read_back(deck.clone().map(CardShown)).len(), 54);
        assert_eq!(read_back(deck.map(CardChoice)).len(), 54);
        assert_eq!(read_back(Suit::ALL.map(SuitChoice)), ["C", "D", "H", "S"]);
        assert_eq!(read_back((0..4).map(SeatOf)), ["0", "1", "2", "3"]);
        let options = GameKind::ALL
            .iter()
            .flat_map(|&g| Rules::option_specs(g))
            .map(|spec| RuleOption(spec.key));
        assert!(read_back(options).contains(&"duck_winner".to_string()));
    }

    #[test]
    fn a_name_no_part_of_the_page_writes_reads_as_nothing() {
        for text in [
            "",
            "no-such-name",
            "Play",
            "play ",
            "copy-",
            "copy-nothing",
            "review-open:",
            "review-open:x",
            "review-idea:-1",
            "review-mark:3",
        ] {
            assert_eq!(Command::read(text), None, "{text:?}");
            assert_eq!(RecordsCommand::read(text), None, "{text:?}");
            assert_eq!(ChangedField::read(text), None, "{text:?}");
            assert_eq!(NetCommand::read(text), None, "{text:?}");
            assert_eq!(HelpTab::read(text), None, "{text:?}");
            assert_eq!(RuleOption::read(text), None, "{text:?}");
        }
        for text in ["", "4", "-1", "01x", "seat", "1 "] {
            assert_eq!(SeatOf::read(text), None, "{text:?}");
        }
        for text in ["", "X", "CC", "c ", "AS"] {
            assert_eq!(SuitChoice::read(text), None, "{text:?}");
        }
        for text in ["", "1S", "AS ", "ZZ", "AX"] {
            assert_eq!(CardShown::read(text), None, "{text:?}");
            assert_eq!(CardChoice::read(text), None, "{text:?}");
        }
        assert_eq!(
            selector(&Command::CloseDialog),
            "[data-action=\"close-dialog\"]"
        );
    }

    #[test]
    fn nesting_counts_brackets_outside_strings() {
        assert!(nesting_within(r#"{"deals":[{"moves":"[[[[["}]}"#, 3));
        assert!(!nesting_within(r#"{"deals":[{"x":[]}]}"#, 3));
        assert!(nesting_within(r#"{"a":"\"[[[["}"#, 1));
        assert!(!nesting_within(&"[".repeat(100_000), MAX_NESTING));
        assert!(nesting_within("not json at all ]]]", 0));
    }

    #[test]
    fn messages_become_one_line_and_short() {
        assert_eq!(one_line("a\nb\r\u{2028}c\td"), "a\\nb\\r\\u{2028}c\\td");
        let long = one_line(&"x".repeat(1000));
        assert_eq!(long.chars().count(), MAX_MESSAGE_CHARS + 1);
        assert!(long.ends_with('…'));
    }

    #[test]
    fn sizes_read_as_people_say_them() {
        assert_eq!(size_text(20_500_000.0), "20.5 MB");
        assert_eq!(size_text(1_000_000.0), "1 MB");
        assert_eq!(size_text(640_000.0), "640 KB");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(3_000), "3,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
    }
}
