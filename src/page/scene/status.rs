//! The header and the status line in a scene: the phase and course, whose
//! turn it is and what the table waits for.

use super::*;

/// Where the game on the table stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Playing,
    DealOver,
    GameOver,
}

/// Whom the table waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waiting {
    /// A person here may act now.
    Human,
    /// A person here is to move, behind the pass-and-play screen.
    Privacy,
    /// A guest's move is on its way to the host, whose next table answers it.
    Host,
    /// A person here has one legal move, and it plays itself in a moment.
    OnlyMove,
    /// A computer, or a friend on another device.
    Computer,
    /// Nobody: between deals, or the game is over.
    None,
}

/// The course the table shows (in partnerships, which have none, the
/// trick's lead once it has one), for its styles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CourseMark {
    Duck,
    Soup,
    Partnership,
    HighLead,
    LowLead,
}

impl Phase {
    /// Its name in the page (`data-phase`).
    pub fn name(self) -> &'static str {
        match self {
            Phase::Playing => "playing",
            Phase::DealOver => "deal-over",
            Phase::GameOver => "game-over",
        }
    }
}

impl Waiting {
    /// Its name in the page (`data-waiting`).
    pub fn name(self) -> &'static str {
        match self {
            Waiting::Human => "human",
            Waiting::Privacy => "privacy",
            Waiting::Host => "host",
            Waiting::OnlyMove => "only-move",
            Waiting::Computer => "computer",
            Waiting::None => "none",
        }
    }
}

impl CourseMark {
    /// Its name in the page (`data-course`).
    pub fn name(self) -> &'static str {
        match self {
            CourseMark::Duck => "duck",
            CourseMark::Soup => "soup",
            CourseMark::Partnership => "partnership",
            CourseMark::HighLead => "high-lead",
            CourseMark::LowLead => "low-lead",
        }
    }
}

/// The header: the course's class and line, and in partnerships the lead's
/// line, which then also names the header's class and line (how the trick on
/// the table is won).
pub(super) fn header(
    f: &Facts,
    shown_trick: Option<&(Trick, Option<u8>)>,
) -> (CourseMark, String, Option<String>) {
    let lang = f.lang;
    let (course, course_line) = match f.deal {
        Some(d) if f.kind.has_courses() => match d.course() {
            Course::Duck
                if f.kind == GameKind::TwoPlayer && d.rules().duck_winner == DuckWinner::Higher =>
            {
                (CourseMark::Duck, lang.t(K::DuckCourseHigher).to_string())
            }
            Course::Duck => (CourseMark::Duck, lang.t(K::DuckCourseLower).to_string()),
            Course::Soup => (CourseMark::Soup, lang.t(K::SoupCourse).to_string()),
        },
        // Before the first deal: the course that comes first.
        None if f.kind.has_courses() => {
            let higher =
                f.kind == GameKind::TwoPlayer && f.setup.rules.duck_winner == DuckWinner::Higher;
            let line = if higher {
                K::DuckCourseHigher
            } else {
                K::DuckCourseLower
            };
            (CourseMark::Duck, lang.t(line).to_string())
        }
        _ => (
            CourseMark::Partnership,
            lang.t(K::PartnershipLine).to_string(),
        ),
    };
    // (A shown trick always has its lead; a table without one shows no line.)
    let high = match (f.kind, f.deal, shown_trick) {
        (GameKind::Partnership, Some(d), Some((tr, _))) => high_lead(d, tr),
        _ => None,
    };
    match high {
        Some(high) => {
            let line = lang
                .t(if high { K::HighLead } else { K::LowLead })
                .to_string();
            let mark = if high {
                CourseMark::HighLead
            } else {
                CourseMark::LowLead
            };
            (mark, line.clone(), Some(line))
        }
        None => (course, course_line, None),
    }
}

/// The status line, the call a quack would make now (for the Quack
/// button), and whether the Duck button shows.
pub(super) fn status_line(f: &Facts) -> (String, Option<String>, bool) {
    let lang = f.lang;
    match (f.deal, f.mover) {
        _ if f.over => (lang.t(K::GameOverStatus).to_string(), None, false),
        (Some(_), None) => (lang.t(K::DealOverStatus).to_string(), None, false),
        (Some(d), Some(m)) if f.can_act => your_turn(f, d, m),
        (Some(_), Some(_)) if f.waiting == Waiting::OnlyMove => {
            (lang.t(K::OnlyMovePlays).to_string(), None, false)
        }
        (Some(_), Some(_)) if f.waiting == Waiting::Host => (
            f.ui.move_sent.map_or("", |m| m.words).to_string(),
            None,
            false,
        ),
        (Some(_), Some(m)) if f.human_turn => (lang.tf(K::SeatToPlay, &[f.name(m)]), None, false),
        // A seat played on another device (a friend's, or the host's seen
        // from a guest's): named as its table names it, never "thinking".
        // While its device is not connected, the status line says so too.
        (Some(_), Some(m)) if f.setup.players[m as usize] == Player::Friend => {
            let status = match &f.ui.friends[m as usize & 3] {
                Some(FriendSeat {
                    away: Some(away), ..
                }) => away.status.clone(),
                Some(friend) => lang.tf(K::SeatToPlay, &[&friend.name]),
                None => lang.tf(K::SeatToPlay, &[f.name(m)]),
            };
            (status, None, false)
        }
        (Some(_), Some(m)) => (lang.tf(K::Thinking, &[f.name(m)]), None, false),
        (None, _) => (String::new(), None, false),
    }
}

/// The status line when the person shown is to move (`m`), as
/// [`status_line`] gives it.
pub(super) fn your_turn(f: &Facts, d: &Deal, m: u8) -> (String, Option<String>, bool) {
    let (lang, kind) = (f.lang, f.kind);
    // The call a quack would make now (the third player after a
    // quack calls Quack-quack), if the mover holds a card to make it.
    let call = d
        .call_if_quacked()
        .filter(|_| !d.quack_cards().is_empty())
        .map(|c| call_text(lang, c).1);
    let quack = call.map(str::to_string);
    let leader = f.name(d.leader());
    let mut duck = false;
    let status = match d.turn() {
        Some(Turn::Lead) if !d.hand(m).and(CardSet::JOKERS).is_empty() => {
            lang.t(K::YourLeadDucks).to_string()
        }
        Some(Turn::Lead) => lang.t(K::YourLead).to_string(),
        Some(Turn::Follow {
            suit,
            rank,
            must_follow,
        }) => {
            let suit = lang.suit_plural(suit);
            match (kind, must_follow, call, rank) {
                (GameKind::Partnership, false, _, _) => lang.tf(K::YourFollowVoid, &[suit]),
                (GameKind::Partnership, true, Some(_), Some(r)) => {
                    lang.tf(K::YourFollowMust, &[suit, lang.rank_a(r)])
                }
                (GameKind::Partnership, true, _, _) => lang.tf(K::YourFollowSuit, &[suit]),
                (_, _, Some(call), Some(r)) => {
                    lang.tf(K::YourFollowCanQuack, &[rank_word(lang, r), call])
                }
                _ => lang.t(K::YourFollow).to_string(),
            }
        }
        Some(Turn::AnswerQuacks { quacks, rank }) => {
            duck = true;
            let rank = rank_word(lang, rank);
            let quacker = d.trick().plays().last().map(|(s, _)| f.name(s));
            let quacker = quacker.unwrap_or("");
            match (quacks, call) {
                (1, Some(_)) => lang.tf(K::LeaderAnswerCan, &[quacker, rank]),
                (1, None) => lang.tf(K::LeaderAnswerCannot, &[quacker, rank]),
                (_, Some(_)) => lang.tf(K::LeaderAnswerThreeCan, &[rank]),
                (_, None) => lang.tf(K::LeaderAnswerThreeCannot, &[rank]),
            }
        }
        Some(Turn::AnswerQuackQuack { rank }) if call.is_some() => {
            lang.tf(K::FollowerAnswerCan, &[rank_word(lang, rank), leader])
        }
        Some(Turn::AnswerQuackQuack { .. }) => lang.tf(K::FollowerAnswerCannot, &[leader]),
        Some(Turn::AddCard) => lang.tf(K::AddCard, &[leader]),
        None => lang.t(K::DealOverStatus).to_string(),
    };
    (status, quack, duck)
}
