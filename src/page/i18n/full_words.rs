//! The full page's words (`web::full_page`): the replay viewer's, the deal
//! review's, the rules-site links' and online play's, left out of the table
//! alone, which never shows them. Each key is also a constant of [`K`], so that callers
//! write `K::JoinTitle` as for any other key; both languages' matches are
//! exhaustive, as in `en.rs` and `ja.rs`.

#![allow(non_upper_case_globals)]

use super::keys::K;

/// The keys of the full page's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FullKey {
    StunServers,
    StunBad,
    RelayBad,
    RelayTitle,
    RelaySet,
    RelayHint,
    RelayUrls,
    RelayUser,
    RelayPassword,
    RelayNotAServer,
    RelaySecretInAddress,
    RelayTooMany,
    RelayMissing,
    RelayNoAddress,
    RelayTooLong,
    RelayControl,
    SeatFailedLocal,
    SeatFailedRelay,
    ConnTimeoutLocal,
    ConnTimeoutRelay,
    AuthorCaption,
    ReplayTitle,
    ReplayPos,
    ReplayStart,
    ReplayBack,
    ReplayForward,
    ReplayEnd,
    RevealHands,
    HideHands,
    ExitReplay,
    BadRecordLink,
    LinkNotALink,
    LinkTruncated,
    LinkDamaged,
    LinkVersion,
    LinkInvalid,
    LinkDeal,
    LinkDealMove,
    LinkNoMove,
    ReplayTrickBack,
    ReplayTrickForward,
    ReplayPlay,
    ReplayPause,
    ReplayJump,
    ReplaySpeed,
    ReplaySeat,
    ReplayMoveOf,
    PuzzleAsk,
    PuzzleRight,
    PuzzleWrong,
    AuthorPuzzle,
    AuthorCopyLink,
    AuthorCopyEmbed,
    AuthorPreview,
    HostSeat,
    InviteHint,
    InviteMaking,
    InviteQr,
    InviteLink,
    ReplyLink,
    SeatConnected,
    SeatConnecting,
    SeatLost,
    SeatFailed,
    NewInvite,
    UseComputer,
    ComputerSeat,
    FriendAgain,
    ReplyPaste,
    ReplyConnect,
    ReplyOtherTable,
    ReplyStale,
    ReplyAnswered,
    ReplyAgain,
    NoSecureRandom,
    ReplyBad,
    InviteBad,
    SameNetwork,
    JoinTitle,
    JoinSeat,
    JoinRules,
    JoinHost,
    YourName,
    Join,
    JoinMaking,
    JoinReply,
    JoinSeated,
    ReplyHanded,
    ReplyNoTable,
    WaitingFor,
    AwayWaiting,
    AwayOffline,
    ConnectionCode,
    ConnectionCodeName,
    CodeHint,
    NewDevice,
    HostLost,
    MoveRefused,
    HostMessageRefused,
    WaitHost,
    MoveSent,
    MoveNotSent,
    FairWaiting,
    FairChecked,
    FairNotChecked,
    FairFirstDealWaits,
    FairAlarm,
    FairWhySecret,
    FairWhyOwnLeftOut,
    FairWhyCards,
    FairWhyIncomplete,
    FairWhyNotRevealed,
    Reconnecting,
    ConnTimeout,
    RecordAfterFriends,
    DealtFresh,
    ReplyAskAgain,
    InviteAskAgain,
    OpenGame,
    HostNamed,
    FriendNamed,
    ReviewTitle,
    ReviewProgress,
    ReviewCancel,
    ReviewStopped,
    ReviewSummary,
    ReviewOneMistake,
    ReviewMistakes,
    ReviewOneInaccuracy,
    ReviewInaccuracies,
    ReviewGood,
    ReviewInaccuracy,
    ReviewMistake,
    ReviewPending,
    ReviewLost,
    ReviewMarkLabel,
    ReviewDetail,
    ReviewPuzzleValues,
    ReviewAbout,
    ReviewExactValue,
    ReviewPlayed,
    ReviewBest,
    ReviewAboutNote,
    ReviewExactNote,
    ReviewIdeas,
    ReviewIdea,
    ReviewStrip,
    ReviewThisSeat,
    AuthorSuggested,
    PracticeStarted,
    ReviewFromHere,
    ReviewFromHereLabel,
    PracticeFromHere,
    PracticeAgainFromHere,
    PracticeBackToReview,
    PracticeBackSaid,
}

impl K {
    pub const StunServers: FullKey = FullKey::StunServers;
    pub const StunBad: FullKey = FullKey::StunBad;
    pub const RelayBad: FullKey = FullKey::RelayBad;
    pub const RelayTitle: FullKey = FullKey::RelayTitle;
    pub const RelaySet: FullKey = FullKey::RelaySet;
    pub const RelayHint: FullKey = FullKey::RelayHint;
    pub const RelayUrls: FullKey = FullKey::RelayUrls;
    pub const RelayUser: FullKey = FullKey::RelayUser;
    pub const RelayPassword: FullKey = FullKey::RelayPassword;
    pub const RelayNotAServer: FullKey = FullKey::RelayNotAServer;
    pub const RelaySecretInAddress: FullKey = FullKey::RelaySecretInAddress;
    pub const RelayTooMany: FullKey = FullKey::RelayTooMany;
    pub const RelayMissing: FullKey = FullKey::RelayMissing;
    pub const RelayNoAddress: FullKey = FullKey::RelayNoAddress;
    pub const RelayTooLong: FullKey = FullKey::RelayTooLong;
    pub const RelayControl: FullKey = FullKey::RelayControl;
    pub const SeatFailedLocal: FullKey = FullKey::SeatFailedLocal;
    pub const SeatFailedRelay: FullKey = FullKey::SeatFailedRelay;
    pub const ConnTimeoutLocal: FullKey = FullKey::ConnTimeoutLocal;
    pub const ConnTimeoutRelay: FullKey = FullKey::ConnTimeoutRelay;
    pub const AuthorCaption: FullKey = FullKey::AuthorCaption;
    pub const ReplayTitle: FullKey = FullKey::ReplayTitle;
    pub const ReplayPos: FullKey = FullKey::ReplayPos;
    pub const ReplayStart: FullKey = FullKey::ReplayStart;
    pub const ReplayBack: FullKey = FullKey::ReplayBack;
    pub const ReplayForward: FullKey = FullKey::ReplayForward;
    pub const ReplayEnd: FullKey = FullKey::ReplayEnd;
    pub const RevealHands: FullKey = FullKey::RevealHands;
    pub const HideHands: FullKey = FullKey::HideHands;
    pub const ExitReplay: FullKey = FullKey::ExitReplay;
    pub const BadRecordLink: FullKey = FullKey::BadRecordLink;
    pub const LinkNotALink: FullKey = FullKey::LinkNotALink;
    pub const LinkTruncated: FullKey = FullKey::LinkTruncated;
    pub const LinkDamaged: FullKey = FullKey::LinkDamaged;
    pub const LinkVersion: FullKey = FullKey::LinkVersion;
    pub const LinkInvalid: FullKey = FullKey::LinkInvalid;
    pub const LinkDeal: FullKey = FullKey::LinkDeal;
    pub const LinkDealMove: FullKey = FullKey::LinkDealMove;
    pub const LinkNoMove: FullKey = FullKey::LinkNoMove;
    pub const ReplayTrickBack: FullKey = FullKey::ReplayTrickBack;
    pub const ReplayTrickForward: FullKey = FullKey::ReplayTrickForward;
    pub const ReplayPlay: FullKey = FullKey::ReplayPlay;
    pub const ReplayPause: FullKey = FullKey::ReplayPause;
    pub const ReplayJump: FullKey = FullKey::ReplayJump;
    pub const ReplaySpeed: FullKey = FullKey::ReplaySpeed;
    pub const ReplaySeat: FullKey = FullKey::ReplaySeat;
    pub const ReplayMoveOf: FullKey = FullKey::ReplayMoveOf;
    pub const PuzzleAsk: FullKey = FullKey::PuzzleAsk;
    pub const PuzzleRight: FullKey = FullKey::PuzzleRight;
    pub const PuzzleWrong: FullKey = FullKey::PuzzleWrong;
    pub const AuthorPuzzle: FullKey = FullKey::AuthorPuzzle;
    pub const AuthorCopyLink: FullKey = FullKey::AuthorCopyLink;
    pub const AuthorCopyEmbed: FullKey = FullKey::AuthorCopyEmbed;
    pub const AuthorPreview: FullKey = FullKey::AuthorPreview;
    pub const HostSeat: FullKey = FullKey::HostSeat;
    pub const InviteHint: FullKey = FullKey::InviteHint;
    pub const InviteMaking: FullKey = FullKey::InviteMaking;
    pub const InviteQr: FullKey = FullKey::InviteQr;
    pub const InviteLink: FullKey = FullKey::InviteLink;
    pub const ReplyLink: FullKey = FullKey::ReplyLink;
    pub const SeatConnected: FullKey = FullKey::SeatConnected;
    pub const SeatConnecting: FullKey = FullKey::SeatConnecting;
    pub const SeatLost: FullKey = FullKey::SeatLost;
    pub const SeatFailed: FullKey = FullKey::SeatFailed;
    pub const NewInvite: FullKey = FullKey::NewInvite;
    pub const UseComputer: FullKey = FullKey::UseComputer;
    pub const ComputerSeat: FullKey = FullKey::ComputerSeat;
    pub const FriendAgain: FullKey = FullKey::FriendAgain;
    pub const ReplyPaste: FullKey = FullKey::ReplyPaste;
    pub const ReplyConnect: FullKey = FullKey::ReplyConnect;
    pub const ReplyOtherTable: FullKey = FullKey::ReplyOtherTable;
    pub const ReplyStale: FullKey = FullKey::ReplyStale;
    pub const ReplyAnswered: FullKey = FullKey::ReplyAnswered;
    pub const ReplyAgain: FullKey = FullKey::ReplyAgain;
    pub const NoSecureRandom: FullKey = FullKey::NoSecureRandom;
    pub const ReplyBad: FullKey = FullKey::ReplyBad;
    pub const InviteBad: FullKey = FullKey::InviteBad;
    pub const SameNetwork: FullKey = FullKey::SameNetwork;
    pub const JoinTitle: FullKey = FullKey::JoinTitle;
    pub const JoinSeat: FullKey = FullKey::JoinSeat;
    pub const JoinRules: FullKey = FullKey::JoinRules;
    pub const JoinHost: FullKey = FullKey::JoinHost;
    pub const YourName: FullKey = FullKey::YourName;
    pub const Join: FullKey = FullKey::Join;
    pub const JoinMaking: FullKey = FullKey::JoinMaking;
    pub const JoinReply: FullKey = FullKey::JoinReply;
    pub const JoinSeated: FullKey = FullKey::JoinSeated;
    pub const ReplyHanded: FullKey = FullKey::ReplyHanded;
    pub const ReplyNoTable: FullKey = FullKey::ReplyNoTable;
    pub const WaitingFor: FullKey = FullKey::WaitingFor;
    pub const AwayWaiting: FullKey = FullKey::AwayWaiting;
    pub const AwayOffline: FullKey = FullKey::AwayOffline;
    pub const ConnectionCode: FullKey = FullKey::ConnectionCode;
    pub const ConnectionCodeName: FullKey = FullKey::ConnectionCodeName;
    pub const CodeHint: FullKey = FullKey::CodeHint;
    pub const NewDevice: FullKey = FullKey::NewDevice;
    pub const HostLost: FullKey = FullKey::HostLost;
    pub const MoveRefused: FullKey = FullKey::MoveRefused;
    pub const HostMessageRefused: FullKey = FullKey::HostMessageRefused;
    pub const WaitHost: FullKey = FullKey::WaitHost;
    pub const MoveSent: FullKey = FullKey::MoveSent;
    pub const MoveNotSent: FullKey = FullKey::MoveNotSent;
    pub const FairWaiting: FullKey = FullKey::FairWaiting;
    pub const FairChecked: FullKey = FullKey::FairChecked;
    pub const FairNotChecked: FullKey = FullKey::FairNotChecked;
    pub const FairFirstDealWaits: FullKey = FullKey::FairFirstDealWaits;
    pub const FairAlarm: FullKey = FullKey::FairAlarm;
    pub const FairWhySecret: FullKey = FullKey::FairWhySecret;
    pub const FairWhyOwnLeftOut: FullKey = FullKey::FairWhyOwnLeftOut;
    pub const FairWhyCards: FullKey = FullKey::FairWhyCards;
    pub const FairWhyIncomplete: FullKey = FullKey::FairWhyIncomplete;
    pub const FairWhyNotRevealed: FullKey = FullKey::FairWhyNotRevealed;
    pub const Reconnecting: FullKey = FullKey::Reconnecting;
    pub const ConnTimeout: FullKey = FullKey::ConnTimeout;
    pub const RecordAfterFriends: FullKey = FullKey::RecordAfterFriends;
    pub const DealtFresh: FullKey = FullKey::DealtFresh;
    pub const ReplyAskAgain: FullKey = FullKey::ReplyAskAgain;
    pub const InviteAskAgain: FullKey = FullKey::InviteAskAgain;
    pub const OpenGame: FullKey = FullKey::OpenGame;
    pub const HostNamed: FullKey = FullKey::HostNamed;
    pub const FriendNamed: FullKey = FullKey::FriendNamed;
    pub const ReviewTitle: FullKey = FullKey::ReviewTitle;
    pub const ReviewProgress: FullKey = FullKey::ReviewProgress;
    pub const ReviewCancel: FullKey = FullKey::ReviewCancel;
    pub const ReviewStopped: FullKey = FullKey::ReviewStopped;
    pub const ReviewSummary: FullKey = FullKey::ReviewSummary;
    pub const ReviewOneMistake: FullKey = FullKey::ReviewOneMistake;
    pub const ReviewMistakes: FullKey = FullKey::ReviewMistakes;
    pub const ReviewOneInaccuracy: FullKey = FullKey::ReviewOneInaccuracy;
    pub const ReviewInaccuracies: FullKey = FullKey::ReviewInaccuracies;
    pub const ReviewGood: FullKey = FullKey::ReviewGood;
    pub const ReviewInaccuracy: FullKey = FullKey::ReviewInaccuracy;
    pub const ReviewMistake: FullKey = FullKey::ReviewMistake;
    pub const ReviewPending: FullKey = FullKey::ReviewPending;
    pub const ReviewLost: FullKey = FullKey::ReviewLost;
    pub const ReviewMarkLabel: FullKey = FullKey::ReviewMarkLabel;
    pub const ReviewDetail: FullKey = FullKey::ReviewDetail;
    pub const ReviewPuzzleValues: FullKey = FullKey::ReviewPuzzleValues;
    pub const ReviewAbout: FullKey = FullKey::ReviewAbout;
    pub const ReviewExactValue: FullKey = FullKey::ReviewExactValue;
    pub const ReviewPlayed: FullKey = FullKey::ReviewPlayed;
    pub const ReviewBest: FullKey = FullKey::ReviewBest;
    pub const ReviewAboutNote: FullKey = FullKey::ReviewAboutNote;
    pub const ReviewExactNote: FullKey = FullKey::ReviewExactNote;
    pub const ReviewIdeas: FullKey = FullKey::ReviewIdeas;
    pub const ReviewIdea: FullKey = FullKey::ReviewIdea;
    pub const ReviewStrip: FullKey = FullKey::ReviewStrip;
    pub const ReviewThisSeat: FullKey = FullKey::ReviewThisSeat;
    pub const AuthorSuggested: FullKey = FullKey::AuthorSuggested;
    pub const PracticeStarted: FullKey = FullKey::PracticeStarted;
    pub const ReviewFromHere: FullKey = FullKey::ReviewFromHere;
    pub const ReviewFromHereLabel: FullKey = FullKey::ReviewFromHereLabel;
    pub const PracticeFromHere: FullKey = FullKey::PracticeFromHere;
    pub const PracticeAgainFromHere: FullKey = FullKey::PracticeAgainFromHere;
    pub const PracticeBackToReview: FullKey = FullKey::PracticeBackToReview;
    pub const PracticeBackSaid: FullKey = FullKey::PracticeBackSaid;
}

pub(super) fn en(key: FullKey) -> &'static str {
    use FullKey::*;
    match key {
        AuthorCaption => "Caption at this move (optional)",
        StunServers => "STUN servers (commas between)",
        StunBad => "The STUN servers were not changed: {0}.",
        RelayBad => "The relay was not changed: {0}.",
        RelayTitle => "Relay (TURN) server",
        RelaySet => "Relay (TURN) server: {0}",
        RelayHint => "For networks that let no direct connection through (strict firewalls, some mobile carriers). A club or a family can run one, such as coturn; it sees only encrypted data. Kept in this browser, never in a link.",
        RelayUrls => "Relay address",
        RelayUser => "User name",
        RelayPassword => "Password",
        RelayNotAServer => "{0} is not a relay address (turn:host:port or turns:host:port)",
        RelaySecretInAddress => "the user name and password go in their own fields, not in the address",
        RelayTooMany => "{0} addresses (at most {1})",
        RelayMissing => "the “{0}” field is empty",
        RelayNoAddress => "a user name or password needs a relay address",
        RelayTooLong => "the “{0}” field is too long (at most {1} characters)",
        RelayControl => "the “{0}” field holds a line break or another control character",
        SeatFailedLocal => "No connection opened: untick “Same network only” below (a relay (TURN) server may be needed too) and send a new invite, or let the computer play this seat.",
        SeatFailedRelay => "No connection opened, even through the relay: check it below and send a new invite, or let the computer play this seat.",
        ConnTimeoutLocal => "The connection did not open: untick “Same network only” below (a relay (TURN) server may be needed too) and ask the host for a new invite.",
        ConnTimeoutRelay => "The connection did not open, even through the relay: check it below and ask the host for a new invite.",
        ReplayTitle => "Replay",
        ReplayPos => "Deal {0} · move {1} of {2}",
        ReplayStart => "To the start",
        ReplayBack => "Back one move",
        ReplayForward => "Forward one move",
        ReplayEnd => "To the end",
        RevealHands => "Show all hands",
        HideHands => "Hide other hands",
        ExitReplay => "Back to my game",
        BadRecordLink => "This game link cannot be shown: {0}",
        LinkNotALink => "it is not a game link",
        LinkTruncated => "it is cut short: copy all of it",
        LinkDamaged => "it was changed on the way: copy it again",
        LinkVersion => "it was made by another version of the game (version {0}; this one reads {1})",
        LinkInvalid => "its {0} is not valid",
        LinkDeal => "deal {0}: {1}",
        LinkDealMove => "deal {0}, move {1}: {2}",
        LinkNoMove => "there is no move {0} to ask (the game has {1})",
        ReplayTrickBack => "Back one trick",
        ReplayTrickForward => "Forward one trick",
        ReplayPlay => "Play",
        ReplayPause => "Pause",
        ReplayJump => "Go to move",
        ReplaySpeed => "Speed",
        ReplaySeat => "View from",
        ReplayMoveOf => "Move {0} of {1}",
        PuzzleAsk => "Puzzle: you are {0}. What would you play?",
        PuzzleRight => "Right! The Expert player would also {0}",
        PuzzleWrong => "You chose: {1}. The Expert player would rather {0}",
        AuthorPuzzle => "Ask the next move as a puzzle",
        AuthorCopyLink => "Copy as link",
        AuthorCopyEmbed => "Copy embed code",
        AuthorPreview => "Preview",
        HostSeat => "Host",
        InviteHint => "Send each friend their link, or let them scan the code. When a friend sends a reply link back, open it on this device or paste it below.",
        InviteMaking => "Making the invite…",
        InviteQr => "QR code of the invite for {0}",
        InviteLink => "Invite link",
        ReplyLink => "Your reply link",
        SeatConnected => "{0} is connected",
        SeatConnecting => "The reply is in: connecting…",
        SeatLost => "Connection lost: the seat waits. Send a new invite, or let the computer play.",
        SeatFailed => "No connection opened: some networks need a relay (TURN) server. Enter one below under “Relay (TURN) server” and send a new invite, or let the computer play this seat.",
        NewInvite => "New invite",
        UseComputer => "Computer plays this seat",
        ComputerSeat => "The computer plays this seat for now.",
        FriendAgain => "Invite the friend again",
        ReplyPaste => "Reply link from a friend",
        ReplyConnect => "Connect",
        ReplyOtherTable => "This reply is for another table.",
        ReplyStale => "This reply answers an older invite: send the friend the new one.",
        ReplyAnswered => "This invite was answered already, by another device, which holds the seat now. Friend: ask the host for a new invite. Host: “New invite” for the seat closes the other device's connection.",
        ReplyAgain => "This reply is taken already: its seat is connecting or connected.",
        NoSecureRandom => "Online play needs this browser's secure randomness (for the deals, the invites and each device's secret), and it gave none: this page cannot host or join a game with friends.",
        ReplyBad => "This reply link cannot be used: {0}.",
        InviteBad => "This invite link cannot be used: {0}.",
        SameNetwork => "Same network only (no STUN or relay server)",
        JoinTitle => "Join a game",
        JoinSeat => "You are invited to play {0} in {1}.",
        JoinRules => "Rules: {0}",
        JoinHost => "Host: {0}",
        YourName => "Your name (optional)",
        Join => "Join",
        JoinMaking => "Making your reply…",
        JoinReply => "Send this reply link back to the host. The table appears here once they open it.",
        JoinSeated => "Connected. The host deals the first deal once every friend has taken their seat.",
        ReplyHanded => "The reply is with your table: you can close this tab.",
        ReplyNoTable => "No table open in this browser took this reply. If the game is open in another browser or device, open the link there or paste it into its Invite friends dialog. If the game was closed, its invites are gone: open the game and send your friend a new invite.",
        HostLost => "The connection to the host is lost. Open the invite again to rejoin.",
        MoveRefused => "The host refused the move: {0}",
        HostMessageRefused => "A message from the host could not be read ({0}); the table is the host's latest one read.",
        WaitHost => "Waiting for the host",
        MoveSent => "Your move is on its way to the host.",
        MoveNotSent => "Your move could not be sent to the host. Play it again.",
        FairWaiting => "Waiting for the friends' devices to add their randomness to the deal…",
        FairChecked => "Deal checked",
        FairNotChecked => "Deal {0} is not checked: this device was not sent its commitment.",
        FairFirstDealWaits => "The first deal is dealt once every friend has taken their seat.",
        FairAlarm => "Alarm: deal {0} was not dealt fairly: {1}. The host could have chosen or changed the cards.",
        FairWhySecret => "the host revealed another secret than the one it committed to before the deal",
        FairWhyOwnLeftOut => "the deck was not made with this device's randomness",
        FairWhyCards => "the cards you were shown are not those of the deck the host committed to",
        FairWhyIncomplete => "a table of the deal was missing, so it could not be checked",
        FairWhyNotRevealed => "the host never revealed the deal's secret",
        ConnTimeout => "The connection did not open: some networks need a relay (TURN) server. Enter one below under “Relay (TURN) server” and ask the host for a new invite.",
        RecordAfterFriends => "The record of a game with friends can be exported once the game is over: until then it would show every hand.",
        DealtFresh => "Every deal of a game with friends is shuffled from this device's randomness and each friend's, the first once every friend is seated: no seed or link can tell anyone the cards.",
        ReplyAskAgain => "Ask your friend to send the whole link again.",
        InviteAskAgain => "Ask the host to send the whole link again, or a new invite.",
        OpenGame => "Open the game",
        HostNamed => "Host · {0}",
        FriendNamed => "Friend · {0}",
        ReviewTitle => "Review of deal {0} · {1}",
        ReviewProgress => "The Expert player is judging move {0} of {1}…",
        ReviewCancel => "Stop the review",
        ReviewStopped => "Stopped after {0} of {1} moves.",
        ReviewSummary => "{0}, {1}: about {2} points lost in all.",
        ReviewOneMistake => "1 mistake",
        ReviewMistakes => "{0} mistakes",
        ReviewOneInaccuracy => "1 inaccuracy",
        ReviewInaccuracies => "{0} inaccuracies",
        ReviewGood => "good",
        ReviewInaccuracy => "inaccuracy",
        ReviewMistake => "mistake",
        ReviewPending => "not judged yet",
        ReviewLost => "{0} points lost",
        ReviewMarkLabel => "{4} · Move {0}, {1}: {2}. {3}",
        ReviewDetail => "Move {0} of the deal ({1}): each move's value",
        ReviewPuzzleValues => "Each move's value",
        ReviewAbout => "about {0} ± {1}",
        ReviewExactValue => "{0} (exact)",
        ReviewPlayed => "played",
        ReviewBest => "best",
        ReviewAboutNote => "A value is the points the player can expect after the move: their deal score less the best other score, averaged over {0} deals that fit what they had seen (± its spread).",
        ReviewExactNote => "Exact values: every deal that fits what the player had seen was played out to its end.",
        ReviewIdeas => "Puzzle ideas (one move clearly best)",
        ReviewIdea => "Move {0}",
        ReviewStrip => "The deal's moves, marked",
        ReviewThisSeat => "Review this deal from this seat",
        AuthorSuggested => "Suggested by the deal review: here one move is clearly better than the others.",
        PracticeStarted => "Practice: the same cards again, not counted in the game.",
        ReviewFromHere => "Play from here",
        ReviewFromHereLabel => "Play from here: move {0} of the deal as {1}, every other seat {2} (P)",
        PracticeFromHere => "Practice from move {0} of deal {1}: you play {2}, every other seat is {3}. Not counted.",
        PracticeAgainFromHere => "Again from here",
        PracticeBackToReview => "Back to the review",
        PracticeBackSaid => "Back to the review of deal {0}, before move {1}.",
        WaitingFor => "{0} to play. Waiting for the connection.",
        AwayWaiting => "Waiting",
        AwayOffline => "Offline",
        ConnectionCode => "Code {0}",
        ConnectionCodeName => "Verification code of this connection: {0}",
        CodeHint => "Read your codes to each other (on a call, or side by side): the same code on both devices means nobody sits between them. A new device has not played this seat before.",
        NewDevice => "New device",
        Reconnecting => "{0} to play. Waiting for the device to reconnect.",
    }
}

pub(super) fn ja(key: FullKey) -> &'static str {
    use FullKey::*;
    match key {
        AuthorCaption => "この手に付ける説明（任意）",
        StunServers => "STUNサーバー（カンマ区切り）",
        StunBad => "STUNサーバーは変更されていません：{0}。",
        RelayBad => "中継サーバーは変更されていません：{0}。",
        RelayTitle => "中継（TURN）サーバー",
        RelaySet => "中継（TURN）サーバー：{0}",
        RelayHint => "直接つながらないネットワーク（厳しいファイアウォール、一部のモバイル回線）向けです。クラブや家族で運用できます（coturn など）。中継サーバーに見えるのは暗号化されたデータだけです。このブラウザーに保存され、リンクには入りません。",
        RelayUrls => "中継サーバーのアドレス",
        RelayUser => "ユーザー名",
        RelayPassword => "パスワード",
        RelayNotAServer => "{0} は中継サーバーのアドレスではありません（turn:ホスト:ポート または turns:ホスト:ポート）",
        RelaySecretInAddress => "ユーザー名とパスワードはアドレスではなく専用の欄に入力してください",
        RelayTooMany => "アドレスが{0}個あります（最大{1}個）",
        RelayMissing => "「{0}」が空です",
        RelayNoAddress => "ユーザー名やパスワードには中継サーバーのアドレスが必要です",
        RelayTooLong => "「{0}」が長すぎます（最大{1}文字）",
        RelayControl => "「{0}」に改行などの制御文字が含まれています",
        SeatFailedLocal => "接続できませんでした。下の「同じネットワークのみ」を外して（中継（TURN）サーバーも必要なことがあります）新しい招待を送るか、この席をコンピューターに任せてください。",
        SeatFailedRelay => "中継サーバーを使っても接続できませんでした。下の設定を確かめて新しい招待を送るか、この席をコンピューターに任せてください。",
        ConnTimeoutLocal => "接続できませんでした。下の「同じネットワークのみ」を外して（中継（TURN）サーバーも必要なことがあります）、ホストに新しい招待を頼んでください。",
        ConnTimeoutRelay => "中継サーバーを使っても接続できませんでした。下の設定を確かめて、ホストに新しい招待を頼んでください。",
        ReplayTitle => "再生",
        ReplayPos => "第{0}ディール · {2}手中{1}手目",
        ReplayStart => "最初へ",
        ReplayBack => "一手戻る",
        ReplayForward => "一手進む",
        ReplayEnd => "最後へ",
        RevealHands => "全員の手札を表示",
        HideHands => "他の手札を隠す",
        ExitReplay => "自分のゲームに戻る",
        BadRecordLink => "このゲームリンクは表示できません：{0}",
        LinkNotALink => "ゲームのリンクではありません",
        LinkTruncated => "途中で切れています。全体をコピーしてください",
        LinkDamaged => "途中で書き換わっています。もう一度コピーしてください",
        LinkVersion => "別のバージョンのゲームで作られました（バージョン{0}。このページは{1}を読みます）",
        LinkInvalid => "{0}が正しくありません",
        LinkDeal => "第{0}ディール：{1}",
        LinkDealMove => "第{0}ディール{1}手目：{2}",
        LinkNoMove => "{0}手目はありません（このゲームは{1}手）",
        ReplayTrickBack => "1トリック戻る",
        ReplayTrickForward => "1トリック進む",
        ReplayPlay => "自動再生",
        ReplayPause => "一時停止",
        ReplayJump => "手数へ移動",
        ReplaySpeed => "速さ",
        ReplaySeat => "視点",
        ReplayMoveOf => "{1}手中{0}手目",
        PuzzleAsk => "問題：あなたは{0}です。どう打ちますか？",
        PuzzleRight => "正解！エキスパートも同じ手です：{0}",
        PuzzleWrong => "あなたの手は{1}。エキスパートならこうします：{0}",
        AuthorPuzzle => "次の一手を問題にする",
        AuthorCopyLink => "リンクをコピー",
        AuthorCopyEmbed => "埋め込みコードをコピー",
        AuthorPreview => "プレビュー",
        HostSeat => "ホスト",
        InviteHint => "友だちにそれぞれのリンクを送るか、コードを読み取ってもらいます。友だちから返信リンクが届いたら、この端末で開くか下に貼り付けてください。",
        InviteMaking => "招待を作成中…",
        InviteQr => "{0}への招待のQRコード",
        InviteLink => "招待リンク",
        ReplyLink => "あなたの返信リンク",
        SeatConnected => "{0}が接続しました",
        SeatConnecting => "返信を受け取りました。接続中…",
        SeatLost => "接続が切れました。席は待機中です。新しい招待を送るか、コンピューターに任せてください。",
        SeatFailed => "接続できませんでした。中継（TURN）サーバーが必要なネットワークもあります。下の「中継（TURN）サーバー」に入力して新しい招待を送るか、この席をコンピューターに任せてください。",
        NewInvite => "新しい招待",
        UseComputer => "コンピューターに任せる",
        ComputerSeat => "今はコンピューターがこの席を担当しています。",
        FriendAgain => "友だちをもう一度招待",
        ReplyPaste => "友だちからの返信リンク",
        ReplyConnect => "接続",
        ReplyOtherTable => "この返信は別のテーブルへのものです。",
        ReplyStale => "この返信は古い招待への返信です。新しい招待を送ってください。",
        ReplyAnswered => "この招待には別の端末がすでに返信し、その端末が席に着いています。友だちの方はホストに新しい招待を頼んでください。ホストの方はその席の「新しい招待」を押すと、別の端末の接続が閉じられます。",
        ReplyAgain => "この返信はすでに受け付けています。席は接続中か接続済みです。",
        NoSecureRandom => "オンライン対戦にはブラウザーの安全な乱数（配り札・招待・各端末の秘密に使います）が必要ですが、得られませんでした。このページでは友だちとのゲームを主催も参加もできません。",
        ReplyBad => "この返信リンクは使えません: {0}。",
        InviteBad => "この招待リンクは使えません: {0}。",
        SameNetwork => "同じネットワークのみ (STUN・中継サーバーなし)",
        JoinTitle => "ゲームに参加",
        JoinSeat => "{1}で{0}の席に招待されています。",
        JoinRules => "ルール: {0}",
        JoinHost => "ホスト: {0}",
        YourName => "名前 (任意)",
        Join => "参加",
        JoinMaking => "返信を作成中…",
        JoinReply => "この返信リンクをホストに送り返してください。ホストが開くと、ここにテーブルが表示されます。",
        JoinSeated => "接続しました。友だち全員が席に着くと、ホストが最初のディールを配ります。",
        ReplyHanded => "返信はテーブルに渡されました。このタブは閉じてかまいません。",
        ReplyNoTable => "このブラウザーで開いているテーブルはこの返信を受け取りませんでした。別のブラウザーや端末でゲームを開いているなら、そこでこのリンクを開くか、「友だちを招待」の画面に貼り付けてください。ゲームを閉じた場合、その招待は無効です。ゲームを開いて、友だちに新しい招待を送ってください。",
        HostLost => "ホストとの接続が切れました。招待をもう一度開くと再参加できます。",
        MoveRefused => "ホストがその手を認めませんでした: {0}",
        HostMessageRefused => "ホストからのメッセージを読めませんでした（{0}）。表示中の卓は読めた最新のものです。",
        WaitHost => "ホストを待っています",
        MoveSent => "手をホストに送りました。",
        MoveNotSent => "手をホストに送れませんでした。もう一度出してください。",
        FairWaiting => "友だちの端末の乱数を待っています…",
        FairChecked => "配り札を確認済み",
        FairNotChecked => "第{0}ディールは確認できません：この端末にはコミットメントが届いていません。",
        FairFirstDealWaits => "友だち全員が席に着いてから最初のディールを配ります。",
        FairAlarm => "警告: 第{0}ディールは公正に配られていません（{1}）。ホストが札を選んだか変えた可能性があります。",
        FairWhySecret => "ホストが明かした秘密が、ディール前に約束したものと違います",
        FairWhyOwnLeftOut => "この端末の乱数が使われていません",
        FairWhyCards => "表示された札が、ホストが約束したデッキのものと違います",
        FairWhyIncomplete => "ディールの途中の卓が届かず、確認できませんでした",
        FairWhyNotRevealed => "ホストがディールの秘密を明かしませんでした",
        ConnTimeout => "接続できませんでした。中継（TURN）サーバーが必要なネットワークもあります。下の「中継（TURN）サーバー」に入力して、ホストに新しい招待を頼んでください。",
        RecordAfterFriends => "友だちとのゲームの記録は、ゲームが終わってから書き出せます。それまでは全員の手札が見えてしまうためです。",
        DealtFresh => "友だちとのゲームは、毎回この端末と友だちの端末の乱数から配られます（最初のディールは全員が席に着いてから）。シードやリンクから札を知ることはできません。",
        ReplyAskAgain => "友だちにリンク全体をもう一度送ってもらってください。",
        InviteAskAgain => "ホストにリンク全体をもう一度送ってもらうか、新しい招待をもらってください。",
        OpenGame => "ゲームを開く",
        HostNamed => "ホスト · {0}",
        FriendNamed => "友だち · {0}",
        ReviewTitle => "ディール{0}の検討 · {1}",
        ReviewProgress => "エキスパートが{1}手中{0}手目を検討中…",
        ReviewCancel => "検討を中止",
        ReviewStopped => "{1}手中{0}手で中止しました。",
        ReviewSummary => "{0}、{1}：合計で約{2}点の損。",
        ReviewOneMistake => "ミス1回",
        ReviewMistakes => "ミス{0}回",
        ReviewOneInaccuracy => "不正確1回",
        ReviewInaccuracies => "不正確{0}回",
        ReviewGood => "好手",
        ReviewInaccuracy => "不正確",
        ReviewMistake => "ミス",
        ReviewPending => "未検討",
        ReviewLost => "{0}点の損",
        ReviewMarkLabel => "{4} · {0}手目・{1}：{2}。{3}",
        ReviewDetail => "このディールの{0}手目（{1}）：各手の価値",
        ReviewPuzzleValues => "各手の価値",
        ReviewAbout => "約{0} ± {1}",
        ReviewExactValue => "{0}（確定）",
        ReviewPlayed => "実際の手",
        ReviewBest => "最善",
        ReviewAboutNote => "価値は、その手の後に見込める点数（自分のディールの得点から他の最高得点を引いたもの）を、その時点で見えていた情報に合う{0}通りの配り方で平均したものです（±はそのばらつき）。",
        ReviewExactNote => "確定値：その時点で見えていた情報に合うすべての配り方を最後まで読み切りました。",
        ReviewIdeas => "問題の候補（最善手がはっきりしている局面）",
        ReviewIdea => "{0}手目",
        ReviewStrip => "このディールの手と評価",
        ReviewThisSeat => "この席でこのディールを検討",
        AuthorSuggested => "ディールの検討による提案：この局面では一つの手がはっきり優れています。",
        PracticeStarted => "練習:同じカードでもう一度。ゲームの得点には数えません。",
        ReviewFromHere => "ここからプレイ",
        ReviewFromHereLabel => "ここからプレイ：このディールの{0}手目から{1}として、他の席はすべて{2}（P）",
        PracticeFromHere => "練習：ディール{1}の{0}手目から。あなたは{2}、他の席はすべて{3}。得点には数えません。",
        PracticeAgainFromHere => "ここからもう一度",
        PracticeBackToReview => "検討に戻る",
        PracticeBackSaid => "ディール{0}の検討に戻りました（{1}手目の前）。",
        WaitingFor => "{0}の番です。接続を待っています。",
        AwayWaiting => "待機中",
        AwayOffline => "切断中",
        ConnectionCode => "確認コード {0}",
        ConnectionCodeName => "この接続の確認コード：{0}",
        CodeHint => "確認コードを電話や対面で読み合わせてください。両方の端末で同じなら、間に入った人はいません。「初めての端末」は、この席で遊んだことのない端末です。",
        NewDevice => "初めての端末",
        Reconnecting => "{0}の番です。再接続を待っています。",
    }
}
