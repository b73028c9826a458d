//! Every string the table shows, keyed so that other languages can be added:
//! [`t`] looks a [`K`] up in the current [`Lang`]'s table, and [`tf`] fills
//! in `{0}`, `{1}`, … placeholders. View and controller code hold no
//! user-visible literals. To add a language: a `Lang` variant, a table
//! function like [`en`], and its arm in [`t`].

use crate::engine::{Card, Suit};
use std::cell::Cell;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lang {
    En,
}

thread_local! {
    static LANG: Cell<Lang> = const { Cell::new(Lang::En) };
}

#[allow(dead_code)]
pub fn set_lang(lang: Lang) {
    LANG.with(|l| l.set(lang));
}

pub fn lang() -> Lang {
    LANG.with(|l| l.get())
}

/// The BCP 47 tag of a language (for `<html lang>`).
pub fn lang_tag(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "en",
    }
}

/// The keys of every user-visible string.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum K {
    AppTitle,
    NewGame,
    StartGame,
    Cancel,
    NextDeal,
    PlayAgain,
    LastTrick,
    NoTrickYet,
    Scores,
    Close,
    SoundOn,
    SoundOff,
    // Seats and players
    South,
    West,
    North,
    East,
    SeatYou,
    Human,
    Computer,
    Easy,
    Normal,
    Hard,
    SideNorthSouth,
    SideEastWest,
    High,
    Low,
    Dealer,
    Cards,
    // Games
    GameTwo,
    GameThree,
    GamePartnership,
    // Courses and leads
    DuckCourseLower,
    DuckCourseHigher,
    SoupCourse,
    PartnershipLine,
    HighLead,
    LowLead,
    AceHigh,
    AceLow,
    DuckHouse,
    DuckHouseEmpty,
    // Status lines
    YourLead,
    YourLeadDucks,
    YourFollow,
    YourFollowCanQuack,
    YourFollowMust,
    YourFollowSuit,
    YourFollowVoid,
    LeaderAnswerCan,
    LeaderAnswerCannot,
    LeaderAnswerThreeCan,
    LeaderAnswerThreeCannot,
    FollowerAnswerCan,
    FollowerAnswerCannot,
    AddCard,
    Thinking,
    SeatToPlay,
    TrickWonBy,
    StoredUp,
    StoredDown,
    StoredMixed,
    DealOverStatus,
    GameOverStatus,
    SoupBegins,
    // Explanations for cards that may not be played
    MustFollow,
    OnlyRankOrDuck,
    OnlyRankOrDuckThree,
    NotYourTurn,
    NotLegal,
    ChooseDuckSuit,
    ChooseQuackCard,
    DuckNamed,
    // Calls
    CallQuack,
    CallQuackQuack,
    CallDuckSoup,
    CallQuackQuackQuack,
    CallDuck,
    DuckButton,
    DuckButtonHint,
    // Piles and scores
    CourseDuck,
    CourseSoup,
    Kept,
    Points,
    FaceDown,
    FaceUp,
    ScoreSheet,
    Deal,
    Total,
    Product,
    Sum,
    InProgress,
    DealOverTitle,
    DealWinner,
    DealTie,
    GameWinner,
    GameWinnerSide,
    GameTie,
    FinalScore,
    Target,
    DealsLeft,
    // Privacy screen
    PassTo,
    TapToContinue,
    // New-game dialog
    DialogTitle,
    DialogGame,
    DialogPlayers,
    DialogRules,
    DialogPreset,
    PresetParlett,
    PresetFamily,
    DialogSeed,
    DialogSeedHint,
    DialogDealer,
    OptionDefault,
    DefaultTarget,
    DefaultDeals,
    // Error panel
    ErrorTitle,
    ErrorText,
    // Card names (for screen readers)
    CardName,
    BlackDuck,
    RedDuck,
    Hand,
}

/// The string for a key in the current language.
pub fn t(key: K) -> &'static str {
    match lang() {
        Lang::En => en(key),
    }
}

/// A string with `{0}`, `{1}`, … replaced by `args`.
pub fn tf(key: K, args: &[&str]) -> String {
    fill(t(key), args)
}

fn fill(template: &str, args: &[&str]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(i) = rest.find('{') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        match after
            .find('}')
            .and_then(|j| after[..j].parse::<usize>().ok().map(|n| (j, n)))
        {
            Some((j, n)) => {
                out.push_str(args.get(n).copied().unwrap_or(""));
                rest = &after[j + 1..];
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

fn en(key: K) -> &'static str {
    use K::*;
    match key {
        AppTitle => "Duck Soup",
        NewGame => "New game",
        StartGame => "Start game",
        Cancel => "Cancel",
        NextDeal => "Next deal",
        PlayAgain => "Play again",
        LastTrick => "Last trick",
        NoTrickYet => "No trick has been played yet this deal.",
        Scores => "Scores",
        Close => "Close",
        SoundOn => "Sound on",
        SoundOff => "Sound off",
        South => "South",
        West => "West",
        North => "North",
        East => "East",
        SeatYou => "{0} (you)",
        Human => "Human",
        Computer => "Computer",
        Easy => "Easy",
        Normal => "Normal",
        Hard => "Hard",
        SideNorthSouth => "North–South",
        SideEastWest => "East–West",
        High => "High",
        Low => "Low",
        Dealer => "Dealer",
        Cards => "{0} cards",
        GameTwo => "Two players",
        GameThree => "Three players (with two Ducks)",
        GamePartnership => "Four players in partnerships",
        DuckCourseLower => "Duck course: lower card wins, Ace low",
        DuckCourseHigher => "Duck course: higher card wins, Ace low",
        SoupCourse => "Soup course: higher card wins, Ace high",
        PartnershipLine => "Follow suit or quack; the last quack wins",
        HighLead => "High lead: highest card of the suit led wins",
        LowLead => "Low lead: lowest card of the suit led wins",
        AceHigh => "high",
        AceLow => "low",
        DuckHouse => "Duck-house",
        DuckHouseEmpty => "empty",
        YourLead => "Your lead: play any card.",
        YourLeadDucks => "Your lead: play any card. A led Duck names a suit and wins.",
        YourFollow => "Your turn: play any card.",
        YourFollowCanQuack => "Your turn: play any card, or Quack! with your {0}.",
        YourFollowMust => "Your turn: follow {0} or quack with {1}.",
        YourFollowSuit => "Your turn: follow {0}.",
        YourFollowVoid => "Your turn: no {0} in your hand, so play any card.",
        LeaderAnswerCan => "{0} quacked! Say Duck to give up the trick, or play your other {1} for Quack-quack.",
        LeaderAnswerCannot => "{0} quacked! You have no other {1}: say Duck.",
        LeaderAnswerThreeCan => "Two quacks! Say Duck, or play the fourth {0} for Quack-quack-quack and win six cards.",
        LeaderAnswerThreeCannot => "Two quacks! You have no other {0}: say Duck.",
        FollowerAnswerCan => "Quack-quack! Play the last {0} for Duck soup, or discard any card to give {1} both tricks.",
        FollowerAnswerCannot => "Quack-quack! Discard any card: {0} takes both tricks.",
        AddCard => "Quack-quack-quack! Add any one card to {0}'s trick.",
        Thinking => "{0} is thinking…",
        SeatToPlay => "{0} to play.",
        TrickWonBy => "{0} wins the trick: {1}.",
        StoredUp => "face up, {0} points",
        StoredDown => "face down, {0} point",
        StoredMixed => "{0} points",
        DealOverStatus => "Deal over.",
        GameOverStatus => "Game over.",
        SoupBegins => "The duck-house is empty: the Soup course begins. Higher card wins, Ace high.",
        MustFollow => "You must follow {0} or quack with {1}.",
        OnlyRankOrDuck => "After a quack you may only say Duck or play another {0}.",
        OnlyRankOrDuckThree => "After two quacks you may only say Duck or play the fourth {0}.",
        NotYourTurn => "Wait: it is {0}'s turn.",
        NotLegal => "That card may not be played now.",
        ChooseDuckSuit => "Your Duck stands for which suit?",
        ChooseQuackCard => "Quack with which card?",
        DuckNamed => "Duck as {0}",
        CallQuack => "Quack!",
        CallQuackQuack => "Quack-quack!",
        CallDuckSoup => "Duck soup!",
        CallQuackQuackQuack => "Quack-quack-quack!",
        CallDuck => "Duck!",
        DuckButton => "Duck",
        DuckButtonHint => "Concede the trick",
        CourseDuck => "Duck",
        CourseSoup => "Soup",
        Kept => "Kept",
        Points => "{0} pts",
        FaceDown => "face down",
        FaceUp => "face up",
        ScoreSheet => "Score sheet",
        Deal => "Deal {0}",
        Total => "Total",
        Product => "{0} × {1}",
        Sum => "{0} + {1}",
        InProgress => "in play",
        DealOverTitle => "Deal {0} is over",
        DealWinner => "{0} wins the deal.",
        DealTie => "The deal is tied.",
        GameWinner => "{0} wins the game!",
        GameWinnerSide => "{0} win the game!",
        GameTie => "The game is a tie.",
        FinalScore => "Final score",
        Target => "Playing to {0} points",
        DealsLeft => "Deal {0} of {1}",
        PassTo => "Pass to {0}",
        TapToContinue => "Tap to continue",
        DialogTitle => "New game",
        DialogGame => "Game",
        DialogPlayers => "Players",
        DialogRules => "Rules",
        DialogPreset => "Preset",
        PresetParlett => "Parlett (standard)",
        PresetFamily => "Family (add the courses, one deal)",
        DialogSeed => "Deal seed",
        DialogSeedHint => "random",
        DialogDealer => "A seed is optional: the same seed deals the same cards. The first dealer is chosen at random.",
        OptionDefault => "default",
        DefaultTarget => "default: {0}",
        DefaultDeals => "default: {0}",
        ErrorTitle => "Something went wrong",
        ErrorText => "The table hit an internal error. Start a new game to carry on.",
        CardName => "{0} of {1}",
        BlackDuck => "black Duck",
        RedDuck => "red Duck",
        Hand => "{0}'s hand",
    }
}

/// A seat's compass name: seats are 0, 1, 2, 3 clockwise from South.
pub fn seat_name(seats: u8, seat: u8) -> &'static str {
    let key = match (seats, seat) {
        (_, 0) => K::South,
        (2, _) => K::North,
        (3, 1) | (4, 1) => K::West,
        (3, _) => K::East,
        (_, 2) => K::North,
        _ => K::East,
    };
    t(key)
}

/// A partnership side's name (side 0 = seats 0 and 2).
pub fn side_name(side: usize) -> &'static str {
    t(if side == 0 {
        K::SideNorthSouth
    } else {
        K::SideEastWest
    })
}

pub fn suit_plural(suit: Suit) -> &'static str {
    match lang() {
        Lang::En => ["clubs", "diamonds", "hearts", "spades"][suit as usize],
    }
}

pub fn suit_title(suit: Suit) -> &'static str {
    match lang() {
        Lang::En => ["Clubs", "Diamonds", "Hearts", "Spades"][suit as usize],
    }
}

/// The rank as shown on a card's corner.
pub fn rank_index(rank: u8) -> &'static str {
    [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
    ][rank as usize - 1]
}

/// The rank as a word in a sentence ("a 7", "another Queen").
pub fn rank_word(rank: u8) -> &'static str {
    match lang() {
        Lang::En => [
            "Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King",
        ][rank as usize - 1],
    }
}

/// The rank with its indefinite article ("an Ace", "a 7", "an 8").
pub fn rank_a(rank: u8) -> &'static str {
    match lang() {
        Lang::En => [
            "an Ace", "a 2", "a 3", "a 4", "a 5", "a 6", "a 7", "an 8", "a 9", "a 10", "a Jack",
            "a Queen", "a King",
        ][rank as usize - 1],
    }
}

fn rank_name(rank: u8) -> &'static str {
    match lang() {
        Lang::En => [
            "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
            "queen", "king",
        ][rank as usize - 1],
    }
}

/// A card's full name, for screen readers.
pub fn card_name(card: Card) -> String {
    if card.is_joker() {
        return t(if card.joker_is_red() {
            K::RedDuck
        } else {
            K::BlackDuck
        })
        .to_string();
    }
    tf(
        K::CardName,
        &[rank_name(card.rank()), suit_plural(card.suit())],
    )
}

/// A computer level's name.
pub fn level_name(level: crate::ai::Level) -> &'static str {
    use crate::ai::Level;
    t(match level {
        Level::Easy | Level::Random => K::Easy,
        Level::Normal => K::Normal,
        Level::Hard => K::Hard,
    })
}

/// The label of a rules option in the new-game dialog (keyed by its record name).
pub fn option_label(key: &str) -> &'static str {
    match (lang(), key) {
        (Lang::En, "duck_winner") => "Same suit in the Duck course",
        (Lang::En, "single_quack_trick") => "A conceded quack is stored",
        (Lang::En, "conceded_second_trick") => "Second trick after a conceded Quack-quack",
        (Lang::En, "scoring") => "Scoring",
        (Lang::En, "combine") => "Combine the two courses",
        (Lang::En, "target") => "Play to a target score",
        (Lang::En, "deals") => "Or play a fixed number of deals",
        (Lang::En, _) => "",
    }
}

/// The label of one value of a rules option (keyed by option and record word).
pub fn option_value_label(key: &str, word: &str) -> &'static str {
    match (lang(), key, word) {
        (Lang::En, "duck_winner", "lower") => "lower card wins (Parlett)",
        (Lang::En, "duck_winner", "higher") => "higher card wins",
        (Lang::En, "single_quack_trick", "up") => "face up, 2 points",
        (Lang::En, "single_quack_trick", "down") => "face down, 1 point",
        (Lang::En, "conceded_second_trick", "up") => "face up",
        (Lang::En, "conceded_second_trick", "by_suit") => "face down if the suits match",
        (Lang::En, "scoring", "multiply") => "Duck points × Soup points",
        (Lang::En, "scoring", "add") => "Duck points + Soup points",
        (Lang::En, "scoring", "tricks") => "count tricks (1 down, 2 up)",
        (Lang::En, "scoring", "cards") => "count cards (1 following, 2 other)",
        (Lang::En, "combine", "multiply") => "multiply",
        (Lang::En, "combine", "add") => "add",
        (Lang::En, _, _) => "",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_filled() {
        assert_eq!(fill("{0} of {1}", &["ace", "spades"]), "ace of spades");
        assert_eq!(fill("a {x} b", &[]), "a {x} b");
    }
}
