//! Every string the table shows, keyed so that other languages can be added:
//! [`t`] looks a [`K`] up in the current [`Lang`]'s table, and [`tf`] fills
//! in `{0}`, `{1}`, … placeholders. View and controller code hold no
//! user-visible literals. To add a language: a `Lang` variant, a table
//! function like [`en`], and its arm in [`t`]. English ([`en`]) and Japanese
//! ([`ja`]) are here; [`detect`] picks one from `?lang=`, the remembered
//! choice, or the browser's languages.
//!
//! Other modules adding keys: add the key to [`K`] and its text to BOTH
//! [`en`] and [`ja`] (the compiler insists: the matches are exhaustive).

use crate::engine::{Card, Suit};
use std::cell::Cell;

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

/// The language to start in: `?lang=` in the address, else the one chosen
/// before (localStorage), else the first of the browser's languages we have.
pub fn detect(url_lang: Option<&str>) -> Lang {
    if let Some(l) = url_lang.and_then(Lang::from_tag) {
        return l;
    }
    if let Some(l) = super::storage::get("lang")
        .as_deref()
        .and_then(Lang::from_tag)
    {
        return l;
    }
    // navigator.languages, then navigator.language (read through Reflect:
    // no extra web-sys features).
    let get = |o: &wasm_bindgen::JsValue, k: &str| {
        js_sys::Reflect::get(o, &wasm_bindgen::JsValue::from_str(k)).ok()
    };
    if let Some(nav) = web_sys::window().and_then(|w| get(&w.into(), "navigator")) {
        if let Some(list) = get(&nav, "languages").filter(js_sys::Array::is_array) {
            for v in js_sys::Array::from(&list).iter() {
                if let Some(l) = v.as_string().as_deref().and_then(Lang::from_tag) {
                    return l;
                }
            }
        }
        if let Some(l) = get(&nav, "language")
            .and_then(|v| v.as_string())
            .as_deref()
            .and_then(Lang::from_tag)
        {
            return l;
        }
    }
    Lang::En
}

/// Sets the page's language at start-up (see [`detect`]).
pub fn init() {
    let url_lang = web_sys::window()
        .and_then(|w| w.location().search().ok())
        .and_then(|q| {
            q.trim_start_matches('?')
                .split('&')
                .find_map(|p| p.strip_prefix("lang=").map(str::to_string))
        });
    set_lang(detect(url_lang.as_deref()));
    apply_document_lang();
}

/// Chooses a language for this page and remembers it for the next visit.
pub fn choose_lang(lang: Lang) {
    set_lang(lang);
    super::storage::set("lang", lang_tag(lang));
    apply_document_lang();
}

/// `<html lang>` and the page title follow the language.
pub fn apply_document_lang() {
    if let Some(d) = web_sys::window().and_then(|w| w.document()) {
        if let Some(html) = d.document_element() {
            let _ = html.set_attribute("lang", lang_tag(lang()));
        }
        d.set_title(t(K::AppTitle));
    }
}

thread_local! {
    static LANG: Cell<Lang> = const { Cell::new(Lang::En) };
}

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
        Lang::Ja => "ja",
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
    /// A target score or number of deals that is not a whole number ≥ 1.
    OptionWholeNumber,
    DefaultDeals,
    // Saving, sharing, records, embedding
    ShareTool,
    ShareTitle,
    ShareLinkLegend,
    ShareLinkHint,
    Copy,
    Copied,
    CopyByHand,
    DailyLegend,
    DailyHint,
    PlayDaily,
    DailyResult,
    DailyWon,
    DailyLost,
    DailyTied,
    DailyShare,
    RecordLegend,
    RecordHint,
    Download,
    ImportLegend,
    ImportHint,
    PastePlaceholder,
    ReplayButton,
    StatsLegend,
    StatsGame,
    StatsPlayed,
    StatsWon,
    StatsBest,
    StatsNone,
    StatsMixed,
    ReplayTitle,
    ReplayPos,
    ReplayStart,
    ReplayBack,
    ReplayForward,
    ReplayEnd,
    RevealHands,
    HideHands,
    ExitReplay,
    BadRecord,
    BadLink,
    BadGameParam,
    BadRulesParam,
    BadSeatsParam,
    BadSeedParam,
    SavedCorrupt,
    SavedCrashed,
    SavedOtherVersion,
    // Error panel
    ErrorTitle,
    ErrorText,
    // Card names (for screen readers)
    CardName,
    BlackDuck,
    RedDuck,
    Hand,
    // Added for languages, help, settings, hints and screen readers
    HandDown,
    Help,
    HelpTitle,
    Settings,
    Hint,
    Language,
    HelpRulesFor,
    HelpKeys,
    KeyCards,
    KeyPlay,
    KeyQuack,
    KeyDuck,
    KeyHint,
    KeyHelp,
    KeyEscape,
    KeyTab,
    HelpWalkthrough,
    SettingsTitle,
    SetFourColour,
    SetPace,
    PaceSlow,
    PaceNormal,
    PaceFast,
    SetSort,
    SortSuit,
    SortRank,
    SetSound,
    HintLead,
    HintWin,
    /// Partnership: the move wins the trick for the mover's side (maybe by the partner's card).
    HintWinSide,
    HintLose,
    HintQuack,
    /// A quack that answers quacks (Quack-quack by the leader, Duck soup, Quack-quack-quack).
    HintQuackAgain,
    HintDuck,
    HintLeadDuck,
    HintDiscard,
    HintPlay,
    HintNone,
    AnnPlays,
    AnnLedDuck,
    AnnSaysDuck,
    AnnDealOver,
    AnnGameOver,
    TutTitle,
    TutNext,
    TutEnd,
    TutIntro,
    TutLead,
    TutFollow,
    TutQuack,
    TutAnswer,
    TutSoup,
    TutAfterTrick,
    TutDone,
    TrickArea,
}

/// The string for a key in the current language.
pub fn t(key: K) -> &'static str {
    match lang() {
        Lang::En => en(key),
        Lang::Ja => ja(key),
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
        YourLeadDucks => "Your lead: play any card. A led Duck names a suit of its colour and wins.",
        YourFollow => "Your turn: play any card.",
        YourFollowCanQuack => "Your turn: play any card, or {1} with your {0}.",
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
        OptionWholeNumber => "{0}: enter a whole number of 1 or more (or leave it empty for the default).",
        DefaultDeals => "default: {0}",
        ShareTool => "Share",
        ShareTitle => "Share and records",
        ShareLinkLegend => "Link to this game",
        ShareLinkHint => "Whoever opens this link gets the same cards, rules and players.",
        Copy => "Copy",
        Copied => "Copied",
        CopyByHand => "Selected: copy it by hand",
        DailyLegend => "Daily deal",
        DailyHint => "Everyone gets the same deal today ({0}, UTC).",
        PlayDaily => "Play today's deal",
        DailyResult => "Duck Soup daily {0} · {1} · {2} vs {3} · {4}",
        DailyWon => "won 🦆",
        DailyLost => "lost",
        DailyTied => "tied",
        DailyShare => "Share result",
        RecordLegend => "Game record",
        RecordHint => "The game so far as a record (JSON, as in the rules).",
        Download => "Download",
        ImportLegend => "Replay a record",
        ImportHint => "Choose a record file, or paste a record below.",
        PastePlaceholder => "Paste a game record here",
        ReplayButton => "Replay",
        StatsLegend => "Statistics",
        StatsGame => "Game",
        StatsPlayed => "Played",
        StatsWon => "Won",
        StatsBest => "Best deal",
        StatsNone => "No finished games yet.",
        StatsMixed => "mixed",
        ReplayTitle => "Replay",
        ReplayPos => "Deal {0} · move {1} of {2}",
        ReplayStart => "To the start",
        ReplayBack => "Back one move",
        ReplayForward => "Forward one move",
        ReplayEnd => "To the end",
        RevealHands => "Show all hands",
        HideHands => "Hide other hands",
        ExitReplay => "Back to my game",
        BadRecord => "This record cannot be replayed: {0}",
        BadLink => "This link could not be used ({0}). A new game has started instead.",
        BadGameParam => "unknown game '{0}': use g=2, 3 or 4",
        BadRulesParam => "{0}",
        BadSeatsParam => "players '{0}' must be {1} letters, each h, e, n or x",
        BadSeedParam => "the seed must be 1 to 100 characters",
        SavedCorrupt => "The saved game could not be read ({0}). It was set aside and a new game has started; your statistics are kept.",
        SavedCrashed => "the page stopped while loading it",
        SavedOtherVersion => "The saved game is in a format this version does not know (version {0}). It was set aside and a new game has started; your statistics are kept.",
        ErrorTitle => "Something went wrong",
        ErrorText => "The table hit an internal error. Start a new game to carry on.",
        CardName => "{0} of {1}",
        BlackDuck => "black Duck",
        RedDuck => "red Duck",
        Hand => "{0}'s hand",
        HandDown => "{0}'s hand: {1} cards, face down",
        Help => "Help",
        HelpTitle => "How to play",
        Settings => "Settings",
        Hint => "Hint",
        Language => "Language",
        HelpRulesFor => "Rules for",
        HelpKeys => "Keyboard",
        KeyCards => "← → Home End: move between your cards",
        KeyPlay => "Enter or Space: play the card (a dimmed card says why not)",
        KeyQuack => "Q: Quack!",
        KeyDuck => "D: say Duck",
        KeyHint => "H: hint",
        KeyHelp => "? : this help",
        KeyEscape => "Esc: close a panel",
        KeyTab => "Tab: the buttons and panels",
        HelpWalkthrough => "Walkthrough for newcomers",
        SettingsTitle => "Settings",
        SetFourColour => "Four-colour deck (clubs green, diamonds blue)",
        SetPace => "Trick pace",
        PaceSlow => "slow",
        PaceNormal => "normal",
        PaceFast => "fast",
        SetSort => "Sort my hand",
        SortSuit => "by suit, colours alternating",
        SortRank => "by rank",
        SetSound => "Sound",
        HintLead => "Hint: lead the {0}.",
        HintWin => "Hint: play the {0}; it wins the trick.",
        HintWinSide => "Hint: play the {0}; your side wins the trick.",
        HintLose => "Hint: play the {0}; you cannot win this one cheaply, so give away a card you need least.",
        HintQuack => "Hint: quack with the {0}: a card of the rank led wins the trick unless another quack follows.",
        HintQuackAgain => "Hint: play the {0}, the next card of the rank led.",
        HintDuck => "Hint: say Duck and give up this trick.",
        HintLeadDuck => "Hint: lead the {0} as {1}: a led Duck wins the trick.",
        HintDiscard => "Hint: add the {0}, the card you need least.",
        HintPlay => "Hint: play the {0}.",
        HintNone => "No hint now: it is not your turn.",
        AnnPlays => "{0}: {1}.",
        AnnLedDuck => "{0}: {1}, as {2}.",
        AnnSaysDuck => "{0} says Duck.",
        AnnDealOver => "Deal over. {0}",
        AnnGameOver => "Game over. {0}",
        TutTitle => "Walkthrough",
        TutNext => "Next",
        TutEnd => "End walkthrough",
        TutIntro => "Welcome! You are South, at the bottom, against one computer player. Each of you holds 13 cards; the other 26 wait face down in the duck-house. Nobody has to follow suit. Win tricks in both courses: your deal score is your Duck points times your Soup points.",
        TutLead => "Your lead. In the Duck course the LOWER card of the suit led wins, and an Ace is lowest. A low card is a good lead. Play the highlighted card.",
        TutFollow => "Your turn: any card may be played. A LOWER card of the suit led wins (Duck course); a higher one loses the trick face down (1 point), another suit face up (2). Play the highlighted card.",
        TutQuack => "You hold a card of the same rank as the card led: that is a quack! It wins the trick face up for 2 points unless the leader quacks back. Press Quack!",
        TutAnswer => "You were quacked. Play another card of that rank for Quack-quack, or say Duck to give the trick up. Follow the highlight.",
        TutSoup => "Quack-quack! Play the last card of that rank for Duck soup (both tricks, face up, 4 points), or discard any card and your opponent takes both tricks. Follow the highlight.",
        TutAfterTrick => "Well played. After each trick both players draw from the duck-house (winner first). When it is empty, the Soup course begins: higher card wins, Ace high.",
        TutDone => "That is the game! Keep playing this deal, or open Help (?) at any time. H asks the computer for a hint.",
        TrickArea => "Cards on the table",
    }
}

fn ja(key: K) -> &'static str {
    use K::*;
    match key {
        AppTitle => "ダックスープ",
        NewGame => "新しいゲーム",
        StartGame => "ゲーム開始",
        Cancel => "キャンセル",
        NextDeal => "次のディール",
        PlayAgain => "もう一度遊ぶ",
        LastTrick => "直前のトリック",
        NoTrickYet => "このディールではまだトリックがありません。",
        Scores => "得点",
        Close => "閉じる",
        SoundOn => "音あり",
        SoundOff => "音なし",
        South => "南",
        West => "西",
        North => "北",
        East => "東",
        SeatYou => "{0}(あなた)",
        Human => "人間",
        Computer => "コンピューター",
        Easy => "やさしい",
        Normal => "ふつう",
        Hard => "強い",
        SideNorthSouth => "南北チーム",
        SideEastWest => "東西チーム",
        High => "ハイ",
        Low => "ロー",
        Dealer => "親",
        Cards => "{0}枚",
        GameTwo => "2人用",
        GameThree => "3人用(ダック2枚入り)",
        GamePartnership => "4人用(ペア戦)",
        DuckCourseLower => "ダックステージ:低いカードの勝ち、Aは最弱",
        DuckCourseHigher => "ダックステージ:高いカードの勝ち、Aは最弱",
        SoupCourse => "スープステージ:高いカードの勝ち、Aは最強",
        PartnershipLine => "マークを合わせるかクワック。最後のクワックが勝ち",
        HighLead => "ハイのリード:リードのマークで一番高いカードの勝ち",
        LowLead => "ローのリード:リードのマークで一番低いカードの勝ち",
        AceHigh => "高",
        AceLow => "低",
        DuckHouse => "山札",
        DuckHouseEmpty => "空",
        YourLead => "あなたのリード:好きなカードを出してください。",
        YourLeadDucks => "あなたのリード:好きなカードを。リードしたダックは同じ色のマークを宣言して勝ちます。",
        YourFollow => "あなたの番:好きなカードを出してください。",
        YourFollowCanQuack => "あなたの番:好きなカードを出すか、{0}で{1}",
        YourFollowMust => "あなたの番:{0}を出すか、{1}でクワック。",
        YourFollowSuit => "あなたの番:{0}を出してください。",
        YourFollowVoid => "あなたの番:{0}がないので好きなカードを。",
        LeaderAnswerCan => "{0}がクワック!ダックと言って降りるか、もう1枚の{1}でクワッククワック。",
        LeaderAnswerCannot => "{0}がクワック!ほかの{1}はないので、ダックと言ってください。",
        LeaderAnswerThreeCan => "クワックが2回!ダックと言うか、4枚目の{0}でクワッククワッククワック(6枚獲得)。",
        LeaderAnswerThreeCannot => "クワックが2回!ほかの{0}はないので、ダックと言ってください。",
        FollowerAnswerCan => "クワッククワック!最後の{0}でダックスープ、または好きなカードを捨てて{1}に2トリックを渡します。",
        FollowerAnswerCannot => "クワッククワック!好きなカードを1枚捨ててください:{0}が2トリックを取ります。",
        AddCard => "クワッククワッククワック!{0}のトリックに好きなカードを1枚加えてください。",
        Thinking => "{0}が考えています…",
        SeatToPlay => "{0}の番です。",
        TrickWonBy => "{0}がトリックを獲得:{1}。",
        StoredUp => "表向き、{0}点",
        StoredDown => "裏向き、{0}点",
        StoredMixed => "{0}点",
        DealOverStatus => "ディール終了。",
        GameOverStatus => "ゲーム終了。",
        SoupBegins => "山札がなくなりました:スープステージの始まりです。高いカードの勝ち、Aは最強。",
        MustFollow => "{0}を出すか、{1}でクワックしなければなりません。",
        OnlyRankOrDuck => "クワックされたら、ダックと言うか、もう1枚の{0}を出すしかありません。",
        OnlyRankOrDuckThree => "クワックが2回のあとは、ダックと言うか、4枚目の{0}を出すしかありません。",
        NotYourTurn => "お待ちください:{0}の番です。",
        NotLegal => "そのカードは今は出せません。",
        ChooseDuckSuit => "このダックはどのマークとして出しますか?",
        ChooseQuackCard => "どのカードでクワックしますか?",
        DuckNamed => "{0}としてのダック",
        CallQuack => "クワック!",
        CallQuackQuack => "クワッククワック!",
        CallDuckSoup => "ダックスープ!",
        CallQuackQuackQuack => "クワッククワッククワック!",
        CallDuck => "ダック!",
        DuckButton => "ダック",
        DuckButtonHint => "トリックを降りる",
        CourseDuck => "ダック",
        CourseSoup => "スープ",
        Kept => "獲得",
        Points => "{0}点",
        FaceDown => "裏向き",
        FaceUp => "表向き",
        ScoreSheet => "得点表",
        Deal => "第{0}ディール",
        Total => "合計",
        Product => "{0} × {1}",
        Sum => "{0} + {1}",
        InProgress => "プレイ中",
        DealOverTitle => "第{0}ディール終了",
        DealWinner => "{0}がこのディールの勝ち。",
        DealTie => "このディールは引き分け。",
        GameWinner => "{0}の勝ち!",
        GameWinnerSide => "{0}の勝ち!",
        GameTie => "引き分けです。",
        FinalScore => "最終得点",
        Target => "{0}点先取",
        DealsLeft => "第{0}ディール / 全{1}ディール",
        PassTo => "{0}に渡してください",
        TapToContinue => "タップして続ける",
        DialogTitle => "新しいゲーム",
        DialogGame => "ゲーム",
        DialogPlayers => "プレイヤー",
        DialogRules => "ルール",
        DialogPreset => "プリセット",
        PresetParlett => "パーレット(標準)",
        PresetFamily => "ファミリー(2ステージの合計、1ディール)",
        DialogSeed => "配りのシード",
        DialogSeedHint => "ランダム",
        DialogDealer => "シードは任意です:同じシードなら同じカードが配られます。最初の親はランダムに決まります。",
        OptionDefault => "既定",
        DefaultTarget => "既定:{0}",
        OptionWholeNumber => "{0}:1以上の整数を入力してください(空欄なら既定の値)。",
        DefaultDeals => "既定:{0}",
        ShareTool => "共有",
        ShareTitle => "共有と記録",
        ShareLinkLegend => "このゲームへのリンク",
        ShareLinkHint => "このリンクを開くと、同じ札・ルール・プレイヤーで遊べます。",
        Copy => "コピー",
        Copied => "コピーしました",
        CopyByHand => "選択しました。手動でコピーしてください",
        DailyLegend => "今日の一局",
        DailyHint => "今日（{0}、UTC）は全員が同じ配札です。",
        PlayDaily => "今日の一局を遊ぶ",
        DailyResult => "ダックスープ 今日の一局 {0} · {1} · {2} 対 {3} · {4}",
        DailyWon => "勝ち 🦆",
        DailyLost => "負け",
        DailyTied => "引き分け",
        DailyShare => "結果を共有",
        RecordLegend => "棋譜",
        RecordHint => "ここまでのゲームの記録（ルール記載のJSON形式）。",
        Download => "ダウンロード",
        ImportLegend => "記録を再生",
        ImportHint => "記録ファイルを選ぶか、下に貼り付けてください。",
        PastePlaceholder => "ここに記録を貼り付け",
        ReplayButton => "再生",
        StatsLegend => "成績",
        StatsGame => "ゲーム",
        StatsPlayed => "対局",
        StatsWon => "勝ち",
        StatsBest => "最高得点",
        StatsNone => "まだ終わったゲームはありません。",
        StatsMixed => "混合",
        ReplayTitle => "再生",
        ReplayPos => "第{0}ディール · {2}手中{1}手目",
        ReplayStart => "最初へ",
        ReplayBack => "一手戻る",
        ReplayForward => "一手進む",
        ReplayEnd => "最後へ",
        RevealHands => "全員の手札を表示",
        HideHands => "他の手札を隠す",
        ExitReplay => "自分のゲームに戻る",
        BadRecord => "この記録は再生できません：{0}",
        BadLink => "このリンクは使えませんでした（{0}）。代わりに新しいゲームを始めました。",
        BadGameParam => "不明なゲーム「{0}」：g=2、3、4 のいずれか",
        BadRulesParam => "{0}",
        BadSeatsParam => "プレイヤー「{0}」は h・e・n・x の{1}文字で指定します",
        BadSeedParam => "シードは1〜100文字です",
        SavedCorrupt => "保存されたゲームを読み込めませんでした（{0}）。別に保管し、新しいゲームを始めました。成績はそのままです。",
        SavedCrashed => "読み込み中にページが停止しました",
        SavedOtherVersion => "保存されたゲームはこの版が知らない形式です（バージョン {0}）。別に保管し、新しいゲームを始めました。成績はそのままです。",
        ErrorTitle => "問題が発生しました",
        ErrorText => "内部エラーが起きました。新しいゲームを始めてください。",
        CardName => "{1}の{0}",
        BlackDuck => "黒のダック",
        RedDuck => "赤のダック",
        Hand => "{0}の手札",
        HandDown => "{0}の手札:{1}枚、裏向き",
        Help => "ヘルプ",
        HelpTitle => "遊び方",
        Settings => "設定",
        Hint => "ヒント",
        Language => "言語",
        HelpRulesFor => "ルール:",
        HelpKeys => "キーボード",
        KeyCards => "← → Home End:手札のカードを移動",
        KeyPlay => "Enter / スペース:カードを出す(出せないカードは理由を表示)",
        KeyQuack => "Q:クワック!",
        KeyDuck => "D:ダック",
        KeyHint => "H:ヒント",
        KeyHelp => "?:このヘルプ",
        KeyEscape => "Esc:パネルを閉じる",
        KeyTab => "Tab:ボタンとパネル",
        HelpWalkthrough => "初心者向けチュートリアル",
        SettingsTitle => "設定",
        SetFourColour => "4色デッキ(クラブは緑、ダイヤは青)",
        SetPace => "トリックの速さ",
        PaceSlow => "ゆっくり",
        PaceNormal => "ふつう",
        PaceFast => "速い",
        SetSort => "手札の並べ方",
        SortSuit => "マーク順(赤黒交互)",
        SortRank => "数字順",
        SetSound => "音",
        HintLead => "ヒント:{0}をリードしましょう。",
        HintWin => "ヒント:{0}を出しましょう。このトリックに勝てます。",
        HintWinSide => "ヒント:{0}を出しましょう。あなたのチームがこのトリックに勝てます。",
        HintLose => "ヒント:{0}を出しましょう。安く勝てないので、いちばん要らないカードを捨てます。",
        HintQuack => "ヒント:{0}でクワック!リードと同じ数字のカードは、後からクワックされなければトリックに勝ちます。",
        HintQuackAgain => "ヒント:{0}を出しましょう(リードと同じ数字の次の1枚)。",
        HintDuck => "ヒント:ダックと言ってこのトリックを降りましょう。",
        HintLeadDuck => "ヒント:{0}を{1}としてリード。リードしたダックは勝ちます。",
        HintDiscard => "ヒント:いちばん要らない{0}を加えましょう。",
        HintPlay => "ヒント:{0}を出しましょう。",
        HintNone => "今はヒントはありません:あなたの番ではありません。",
        AnnPlays => "{0}:{1}。",
        AnnLedDuck => "{0}:{1}、{2}として。",
        AnnSaysDuck => "{0}:ダック。",
        AnnDealOver => "ディール終了。{0}",
        AnnGameOver => "ゲーム終了。{0}",
        TutTitle => "チュートリアル",
        TutNext => "次へ",
        TutEnd => "チュートリアルを終える",
        TutIntro => "ようこそ!あなたは下の南の席で、コンピューター1人と対戦します。手札は13枚ずつ、残り26枚は裏向きの山札です。マークを合わせる必要はありません。両方のステージでトリックを取りましょう:ディールの得点はダック点×スープ点です。",
        TutLead => "あなたのリードです。ダックステージではリードのマークの「低い」カードが勝ち、Aが最弱です。低いカードのリードが有利。光っているカードを出してください。",
        TutFollow => "あなたの番です。どのカードでも出せます。リードのマークの「低い」カードなら勝ち(ダックステージ)。同じマークの高いカードなら裏向き(1点)、別のマークなら表向き(2点)で相手のトリックです。光っているカードを出してください。",
        TutQuack => "リードと同じ数字のカードがあります:クワックです!相手がクワックし返さなければ、表向き2点でトリックに勝ちます。「クワック!」を押してください。",
        TutAnswer => "クワックされました。同じ数字のカードでクワッククワックするか、ダックと言って降ります。光っている方を選んでください。",
        TutSoup => "クワッククワック!同じ数字の最後の1枚を出せばダックスープ(2トリックとも表向きで4点)。ほかのカードを捨てると相手が2トリックとも取ります。光っている方を選んでください。",
        TutAfterTrick => "お見事。毎トリックのあと、勝った人から山札を1枚ずつ引きます。山札がなくなるとスープステージ:高いカードの勝ち、Aが最強です。",
        TutDone => "これで遊び方は分かりました!このディールを続けるか、いつでもヘルプ(?)を開いてください。Hでヒントが出ます。",
        TrickArea => "場のカード",
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
        Lang::Ja => ["クラブ", "ダイヤ", "ハート", "スペード"][suit as usize],
    }
}

pub fn suit_title(suit: Suit) -> &'static str {
    match lang() {
        Lang::En => ["Clubs", "Diamonds", "Hearts", "Spades"][suit as usize],
        Lang::Ja => ["クラブ", "ダイヤ", "ハート", "スペード"][suit as usize],
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
        Lang::Ja => JA_RANKS[rank as usize - 1],
    }
}

/// The rank with its indefinite article ("an Ace", "a 7", "an 8").
pub fn rank_a(rank: u8) -> &'static str {
    match lang() {
        Lang::En => [
            "an Ace", "a 2", "a 3", "a 4", "a 5", "a 6", "a 7", "an 8", "a 9", "a 10", "a Jack",
            "a Queen", "a King",
        ][rank as usize - 1],
        Lang::Ja => JA_RANKS[rank as usize - 1],
    }
}

fn rank_name(rank: u8) -> &'static str {
    match lang() {
        Lang::En => [
            "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
            "queen", "king",
        ][rank as usize - 1],
        Lang::Ja => JA_RANKS[rank as usize - 1],
    }
}

const JA_RANKS: [&str; 13] = [
    "エース",
    "2",
    "3",
    "4",
    "5",
    "6",
    "7",
    "8",
    "9",
    "10",
    "ジャック",
    "クイーン",
    "キング",
];

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
        Level::Hard | Level::Expert => K::Hard,
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
        (Lang::Ja, "duck_winner") => "ダックステージで同じマークのとき",
        (Lang::Ja, "single_quack_trick") => "降りたクワックのトリック",
        (Lang::Ja, "conceded_second_trick") => "クワッククワックで降りたときの2トリック目",
        (Lang::Ja, "scoring") => "得点計算",
        (Lang::Ja, "combine") => "2つのステージの組み合わせ",
        (Lang::Ja, "target") => "目標点まで遊ぶ",
        (Lang::Ja, "deals") => "または決まった数のディール",
        (Lang::Ja, _) => "",
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
        (Lang::En, "scoring", "cards") => "count cards (1 per card of the suit led, 2 per other)",
        (Lang::En, "combine", "multiply") => "multiply",
        (Lang::En, "combine", "add") => "add",
        (Lang::En, _, _) => "",
        (Lang::Ja, "duck_winner", "lower") => "低いカードの勝ち(パーレット)",
        (Lang::Ja, "duck_winner", "higher") => "高いカードの勝ち",
        (Lang::Ja, "single_quack_trick", "up") => "表向き、2点",
        (Lang::Ja, "single_quack_trick", "down") => "裏向き、1点",
        (Lang::Ja, "conceded_second_trick", "up") => "表向き",
        (Lang::Ja, "conceded_second_trick", "by_suit") => "マークが同じなら裏向き",
        (Lang::Ja, "scoring", "multiply") => "ダック点 × スープ点",
        (Lang::Ja, "scoring", "add") => "ダック点 + スープ点",
        (Lang::Ja, "scoring", "tricks") => "トリックを数える(裏1、表2)",
        (Lang::Ja, "scoring", "cards") => "カードを数える(同じマーク1、ほか2)",
        (Lang::Ja, "combine", "multiply") => "かける",
        (Lang::Ja, "combine", "add") => "足す",
        (Lang::Ja, _, _) => "",
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
