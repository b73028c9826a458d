//! The deal review in the replay viewer, as plain data: which deal and
//! seats are reviewed, the judgements come back so far (`ai::judge`, one
//! move at a time from the computers' worker: `controller/judging.rs`), and
//! the scene the view writes (`view/review_panel.rs`): the strip of the deal's
//! moves with their marks, the progress or the summary, and the values of
//! every move at the position on show. No browser in it: its tests run
//! natively.

use super::i18n::{FullKey, Lang, K};
use super::model::{Player, Setup};
use super::table::Table;
use crate::ai::judge::{clear_best, Judgement, Mark, MoveValue};
use crate::ai::Level;
use crate::engine::rng::Rng;
use crate::engine::{Game, GameKind, Move};

/// One deal's review, while it runs and once it is done.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    pub game: GameKind,
    /// The deal reviewed (from 0) and the viewer's position of its start.
    pub deal: usize,
    pub start_pos: usize,
    /// The seats whose moves are judged.
    pub seats: Vec<u8>,
    /// Every move of the deal, with its mover.
    pub moves: Vec<(u8, Move)>,
    /// The moves judged, by index in the deal, in order.
    pub to_judge: Vec<usize>,
    /// Their judgements so far, in the same order.
    pub judged: Vec<Judgement>,
    /// Stopped by the person before the end.
    pub cancelled: bool,
}

/// The deal review's panel in the viewer: the review of the deal on show
/// (None: a button that starts one, if `offer`), and a puzzle's values
/// once answered.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewPanel {
    pub review: Option<ReviewScene>,
    pub puzzle: Option<DetailScene>,
    /// A button that starts a review (none in a rules page's embed).
    pub offer: bool,
}

/// The review as the view writes it.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewScene {
    pub heading: String,
    /// While it runs: moves judged, moves to judge, and the words.
    pub progress: Option<(usize, usize, String)>,
    /// Once done (or stopped): "2 mistakes, about 18 points lost".
    pub summary: Option<String>,
    pub marks: Vec<MarkScene>,
    /// The values of the move made from the position on show, if judged.
    pub detail: Option<DetailScene>,
    /// Positions worth a puzzle: (move's index in the deal, its button's words).
    pub ideas: Vec<(usize, String)>,
    pub ideas_label: String,
    /// The label of the button that stops the review (while it runs).
    pub cancel: Option<String>,
    /// *Play from here* at the move on show, if it is a marked move:
    /// the button's words and its whole sentence (what, as whom, against
    /// whom, and its key).
    pub from_here: Option<(String, String)>,
}

/// Where *Play from here* starts a practice: the position before a marked
/// move of the review, with that move's mover played by the person.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FromHere {
    /// The deal reviewed (from 0).
    pub deal: usize,
    /// The moves of the deal made before the move (its index in the deal).
    pub moves: usize,
    /// The move's mover: the person's seat in the practice.
    pub seat: u8,
}

/// Every seat but the person's in a practice from the review: the player
/// whose judgement the review shows, so that the better line it valued is
/// played against the same reading of the cards.
pub const FROM_HERE_LEVEL: Level = Level::Expert;

/// The computers' draws in a practice from the review, mixed with the
/// position's: the same position is practised against the same answers
/// (until the person plays something else).
const FROM_HERE_SEED: u64 = 0x6672_6f6d_6865_7265;

/// One move of the strip.
#[derive(Clone, Debug, PartialEq)]
pub struct MarkScene {
    /// The move's index in the deal (a click opens the viewer before it).
    pub index: usize,
    /// What is printed on it: the move ("7♥", "Duck").
    pub text: String,
    /// `good`, `inaccuracy`, `mistake`, or `pending` (not judged yet).
    pub mark: &'static str,
    /// Its whole sentence for screen readers and the tooltip.
    pub label: String,
    /// It is the move made from the position on show.
    pub current: bool,
}

/// Every legal move's value at one position, best first.
#[derive(Clone, Debug, PartialEq)]
pub struct DetailScene {
    pub heading: String,
    pub rows: Vec<ValueRow>,
    pub note: String,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ValueRow {
    pub mv: String,
    /// "about +12 ± 3", or "+12 (exact)".
    pub value: String,
    pub played: bool,
    pub best: bool,
}

impl Review {
    /// A review of deal `deal` (its moves with their movers, its start at
    /// viewer position `start_pos`), judging the moves of `seats`.
    pub fn new(
        game: GameKind,
        deal: usize,
        start_pos: usize,
        seats: Vec<u8>,
        moves: Vec<(u8, Move)>,
    ) -> Review {
        let to_judge = (0..moves.len())
            .filter(|&i| seats.contains(&moves[i].0))
            .collect();
        Review {
            game,
            deal,
            start_pos,
            seats,
            moves,
            to_judge,
            judged: Vec::new(),
            cancelled: false,
        }
    }

    pub fn done(&self) -> bool {
        self.judged.len() >= self.to_judge.len()
    }

    /// Still judging: neither done nor stopped.
    pub fn running(&self) -> bool {
        !self.done() && !self.cancelled
    }

    /// The judgement of the deal's move `index`, once it has come.
    pub fn judgement(&self, index: usize) -> Option<&Judgement> {
        let i = self.to_judge.iter().position(|&m| m == index)?;
        self.judged.get(i)
    }

    /// Mistakes, inaccuracies and the points lost in all, so far.
    pub fn figures(&self) -> (usize, usize, f64) {
        let count = |m| self.judged.iter().filter(|j| j.mark() == m).count();
        let lost = self.judged.iter().map(|j| j.loss).sum();
        (count(Mark::Mistake), count(Mark::Inaccuracy), lost)
    }

    /// *Play from here* at viewer position `pos`: the position before
    /// the move made from it, if that move is marked (judged), its mover
    /// the person's seat.
    pub fn practice_at(&self, pos: usize) -> Option<FromHere> {
        let index = pos.checked_sub(self.start_pos)?;
        self.judgement(index)?;
        let &(seat, _) = self.moves.get(index)?;
        Some(FromHere {
            deal: self.deal,
            moves: index,
            seat,
        })
    }

    /// The deal's moves worth a puzzle: one move clearly better than the
    /// others (`ai::judge::clear_best`), in the deal's order.
    pub fn puzzle_ideas(&self) -> Vec<usize> {
        self.to_judge
            .iter()
            .zip(&self.judged)
            .filter(|(_, j)| clear_best(j))
            .map(|(&i, _)| i)
            .collect()
    }

    /// The scene at viewer position `pos` (a move's index in the deal is
    /// `pos - start_pos` before it is made).
    pub fn scene(&self, lang: Lang, pos: usize) -> ReviewScene {
        let n = self.game.seats() as u8;
        let seats: Vec<&str> = self.seats.iter().map(|&s| lang.seat_name(n, s)).collect();
        let heading = lang.tf(
            K::ReviewTitle,
            &[&(self.deal + 1).to_string(), &seats.join(", ")],
        );
        let here = pos.checked_sub(self.start_pos);
        let marks = self
            .to_judge
            .iter()
            .map(|&i| self.mark_scene(lang, i, here == Some(i)))
            .collect();
        let (judged, total) = (self.judged.len(), self.to_judge.len());
        let progress = self.running().then(|| {
            let words = lang.tf(
                K::ReviewProgress,
                &[&(judged + 1).to_string(), &total.to_string()],
            );
            (judged, total, words)
        });
        let summary = (!self.running()).then(|| self.summary(lang));
        let detail = here
            .and_then(|i| Some((i, self.judgement(i)?)))
            .map(|(i, j)| detail_scene(lang, j, Some(i + 1)));
        let ideas = self
            .puzzle_ideas()
            .into_iter()
            .map(|i| (i, lang.tf(K::ReviewIdea, &[&(i + 1).to_string()])))
            .collect();
        ReviewScene {
            heading,
            progress,
            summary,
            marks,
            detail,
            ideas,
            ideas_label: lang.t(K::ReviewIdeas).to_string(),
            cancel: self.running().then(|| lang.t(K::ReviewCancel).to_string()),
            from_here: self.practice_at(pos).map(|f| {
                let label = lang.tf(
                    K::ReviewFromHereLabel,
                    &[
                        &(f.moves + 1).to_string(),
                        lang.seat_name(n, f.seat),
                        lang.level_name(FROM_HERE_LEVEL),
                    ],
                );
                (lang.t(K::ReviewFromHere).to_string(), label)
            }),
        }
    }

    /// "2 mistakes, 1 inaccuracy: about 18 points lost", and how far a
    /// stopped review went.
    fn summary(&self, lang: Lang) -> String {
        let (mistakes, inaccuracies, lost) = self.figures();
        let count = |n: usize, one: FullKey, many: FullKey| {
            if n == 1 {
                lang.t(one).to_string()
            } else {
                lang.tf(many, &[&n.to_string()])
            }
        };
        let text = lang.tf(
            K::ReviewSummary,
            &[
                &count(mistakes, K::ReviewOneMistake, K::ReviewMistakes),
                &count(inaccuracies, K::ReviewOneInaccuracy, K::ReviewInaccuracies),
                &points(lost),
            ],
        );
        if self.cancelled && !self.done() {
            let far = lang.tf(
                K::ReviewStopped,
                &[
                    &self.judged.len().to_string(),
                    &self.to_judge.len().to_string(),
                ],
            );
            format!("{far} {text}")
        } else {
            text
        }
    }

    fn mark_scene(&self, lang: Lang, index: usize, current: bool) -> MarkScene {
        let (seat, mv) = self.moves[index];
        let n = self.game.seats() as u8;
        let judged = self.judgement(index);
        let (mark, verdict) = match judged {
            Some(j) => {
                let m = j.mark();
                let word = lang.t(mark_key(m));
                let lost = lang.tf(K::ReviewLost, &[&points(j.loss)]);
                (m.name(), format!("{word}, {lost}"))
            }
            None => ("pending", lang.t(K::ReviewPending).to_string()),
        };
        // (It begins with the text printed on the mark: its name says what is seen.)
        let text = move_text(lang, mv);
        let label = lang.tf(
            K::ReviewMarkLabel,
            &[
                &(index + 1).to_string(),
                lang.seat_name(n, seat),
                &move_name(lang, mv),
                &verdict,
                &text,
            ],
        );
        MarkScene {
            index,
            text,
            mark,
            label,
            current,
        }
    }
}

impl FromHere {
    /// The practice table from this position of `game` (a game holding
    /// the reviewed deal, as far as this position at least): the deal
    /// dealt again with its first `moves` moves played, the person in the
    /// mover's seat at the bottom with its hand face up, every other seat
    /// [`FROM_HERE_LEVEL`]; neither saved nor counted, take-backs allowed
    /// (as far as the deal's start, as in any practice); its message says
    /// so. None if `game` has no such position.
    pub fn table(self, game: &Game, lang: Lang) -> Option<Table> {
        let practice = game.practice(self.deal, self.moves)?;
        let rules = *game.rules();
        let n = rules.game.seats();
        if self.seat as usize >= n || practice.to_move() != Some(self.seat) {
            return None;
        }
        let players = (0..n as u8)
            .map(|s| {
                if s == self.seat {
                    Player::Human
                } else {
                    Player::Computer(FROM_HERE_LEVEL)
                }
            })
            .collect();
        let setup = Setup {
            rules,
            players,
            seed: None,
        };
        let ai_seed = FROM_HERE_SEED ^ ((self.deal as u64) << 32) ^ self.moves as u64;
        let mut table = Table::new(setup, practice, ai_seed, Rng::new(ai_seed));
        table.ui.bottom = self.seat;
        table.ui.viewer = Some(self.seat);
        table.practice = true;
        table.ui.message = Some(lang.tf(
            K::PracticeFromHere,
            &[
                &(self.moves + 1).to_string(),
                &(self.deal + 1).to_string(),
                lang.seat_name(n as u8, self.seat),
                lang.level_name(FROM_HERE_LEVEL),
            ],
        ));
        Some(table)
    }
}

/// The words of a practice's buttons: the practice dealt again, and the
/// way back (*Play this deal again*, *Back to the game*; from the review,
/// *Again from here*, *Back to the review*).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PracticeWords {
    pub again: &'static str,
    pub back: &'static str,
}

/// What the viewer's page writes of the deal review besides the table:
/// its panel while the viewer shows; while a position of it is practised,
/// the practice's buttons' words (the table's scene, shared with the table
/// alone, which never practises from a review, has only the deal's).
// (Made for each render and handed to the view, never kept: a box would
// only add an allocation.)
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug, PartialEq)]
pub enum ReviewShows {
    Panel(ReviewPanel),
    Practice(PracticeWords),
    Nothing,
}

impl PracticeWords {
    /// A deal of the game played again.
    pub fn of_deal(lang: Lang) -> PracticeWords {
        PracticeWords {
            again: lang.t(K::PractiseDeal),
            back: lang.t(K::PracticeEnd),
        }
    }

    /// A practice from the review: dealt again from its position, and
    /// back to the review (docs/decisions.md, 14).
    pub fn from_review(lang: Lang) -> PracticeWords {
        PracticeWords {
            again: lang.t(K::PracticeAgainFromHere),
            back: lang.t(K::PracticeBackToReview),
        }
    }
}

fn mark_key(m: Mark) -> FullKey {
    match m {
        Mark::Good => K::ReviewGood,
        Mark::Inaccuracy => K::ReviewInaccuracy,
        Mark::Mistake => K::ReviewMistake,
    }
}

/// Points, rounded to whole ones (the estimates are no finer).
fn points(x: f64) -> String {
    format!("{}", x.round() as i64)
}

/// A value with its sign: "+12", "−3", "0".
fn signed(x: f64) -> String {
    let r = x.round() as i64;
    match r {
        0 => "0".to_string(),
        r if r > 0 => format!("+{r}"),
        r => format!("\u{2212}{}", -r),
    }
}

/// Every legal move's value in `j`, best first, the played and the best
/// marked; `move_no` is the move's number in the deal (none for a puzzle).
pub fn detail_scene(lang: Lang, j: &Judgement, move_no: Option<usize>) -> DetailScene {
    let rows = best_first(&j.values)
        .into_iter()
        .map(|v| ValueRow {
            mv: move_name(lang, v.mv),
            value: if j.exact {
                lang.tf(K::ReviewExactValue, &[&signed(v.value)])
            } else {
                // (A spread below half a point reads as 0: say at least 1.)
                let spread = (v.spread.round() as i64).max(1).to_string();
                lang.tf(K::ReviewAbout, &[&signed(v.value), &spread])
            },
            played: v.mv == j.played,
            best: v.mv == j.best,
        })
        .collect();
    let n = j.game.seats() as u8;
    let heading = match move_no {
        Some(m) => lang.tf(
            K::ReviewDetail,
            &[&m.to_string(), lang.seat_name(n, j.seat)],
        ),
        None => lang.t(K::ReviewPuzzleValues).to_string(),
    };
    let note = if j.exact {
        lang.t(K::ReviewExactNote).to_string()
    } else {
        lang.tf(K::ReviewAboutNote, &[&j.deals.to_string()])
    };
    DetailScene {
        heading,
        rows,
        note,
    }
}

/// The values, highest first, ties in the engine's order of moves. (An
/// insertion sort: a position has a few dozen moves at most, and the page's
/// wasm is spared a general sort's code.)
fn best_first(values: &[MoveValue]) -> Vec<&MoveValue> {
    let mut out: Vec<&MoveValue> = Vec::with_capacity(values.len());
    for v in values {
        let at = out
            .iter()
            .position(|o| o.value < v.value)
            .unwrap_or(out.len());
        out.insert(at, v);
    }
    out
}

/// A move in a sentence: the card's name, the led Duck's suit, or Duck.
pub fn move_name(lang: Lang, mv: Move) -> String {
    match mv {
        Move::Play(c) => lang.card_name(c),
        Move::LeadDuck(c, s) => format!("{} ({})", lang.card_name(c), lang.suit_plural(s)),
        Move::Concede => lang.t(K::CallDuck).to_string(),
    }
}

/// A move as the strip prints it: rank and suit sign ("7♥"), or a word.
fn move_text(lang: Lang, mv: Move) -> String {
    const SIGNS: [&str; 4] = ["♣", "♦", "♥", "♠"];
    match mv {
        Move::Play(c) if !c.is_joker() => {
            format!("{}{}", lang.rank_index(c.rank()), SIGNS[c.suit() as usize])
        }
        Move::Play(c) => lang.card_name(c),
        Move::LeadDuck(c, s) => format!("{}{}", lang.card_name(c), SIGNS[s as usize]),
        Move::Concede => lang.t(K::CallDuck).to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::judge::Mark;
    use crate::engine::Card;

    fn card(code: &str) -> Card {
        code.parse().expect("a card code")
    }

    /// A judgement of `played` among `values` (move, value, spread).
    fn judgement(played: Move, values: &[(Move, f64, f64)], exact: bool) -> Judgement {
        let values: Vec<MoveValue> = values
            .iter()
            .map(|&(mv, value, spread)| MoveValue { mv, value, spread })
            .collect();
        let top = values.iter().map(|v| v.value).fold(f64::MIN, f64::max);
        let mine = values.iter().find(|v| v.mv == played).unwrap().value;
        let best = values.iter().find(|v| v.value == top).unwrap().mv;
        Judgement {
            game: GameKind::TwoPlayer,
            seat: 0,
            played,
            values,
            best: if mine >= top { played } else { best },
            loss: top - mine,
            exact,
            deals: 40,
        }
    }

    /// South's moves 0, 2, 4 of a two-player deal of six moves, starting
    /// at viewer position 10.
    fn review() -> Review {
        let moves = ["7H", "8H", "2C", "3C", "KS", "QS"]
            .iter()
            .enumerate()
            .map(|(i, c)| ((i % 2) as u8, Move::Play(card(c))))
            .collect();
        Review::new(GameKind::TwoPlayer, 1, 10, vec![0], moves)
    }

    #[test]
    fn the_strip_fills_as_moves_are_judged() {
        let mut r = review();
        assert_eq!(r.to_judge, vec![0, 2, 4]);
        let s = r.scene(Lang::En, 10);
        assert_eq!(s.heading, "Review of deal 2 · South");
        let (judged, total, words) = s.progress.clone().unwrap();
        assert_eq!((judged, total), (0, 3));
        assert!(words.contains("move 1 of 3"), "{words}");
        assert!(s.summary.is_none() && s.cancel.is_some());
        assert_eq!(s.marks.len(), 3);
        assert!(s.marks.iter().all(|m| m.mark == "pending"));
        assert_eq!(s.marks[0].text, "7♥");
        assert!(s.marks[0].current && !s.marks[1].current);
        assert!(s.detail.is_none(), "not judged yet");

        let seven = Move::Play(card("7H"));
        let ace = Move::Play(card("AH"));
        r.judged.push(judgement(
            seven,
            &[(seven, -4.0, 2.2), (ace, 21.0, 3.0)],
            false,
        ));
        let s = r.scene(Lang::En, 10);
        assert_eq!(s.marks[0].mark, "mistake");
        assert_eq!(
            s.marks[0].label,
            "7♥ · Move 1, South: seven of hearts. mistake, 25 points lost"
        );
        assert_eq!(s.marks[1].mark, "pending");
        let d = s.detail.expect("the values of the move on show");
        assert_eq!(d.heading, "Move 1 of the deal (South): each move's value");
        assert_eq!(d.rows[0].mv, "ace of hearts");
        assert_eq!(d.rows[0].value, "about +21 ± 3");
        assert!(d.rows[0].best && !d.rows[0].played);
        assert_eq!(d.rows[1].value, "about \u{2212}4 ± 2");
        assert!(d.rows[1].played && !d.rows[1].best);
        assert!(d.note.contains("40 deals"), "{}", d.note);
        // Elsewhere in the deal, no values.
        assert!(r.scene(Lang::En, 11).detail.is_none());
    }

    #[test]
    fn the_summary_counts_marks_and_points_in_both_languages() {
        let mut r = review();
        let [a, b, c] = [
            Move::Play(card("2D")),
            Move::Play(card("3D")),
            Move::Play(card("4D")),
        ];
        r.judged
            .push(judgement(a, &[(a, 0.0, 1.0), (b, 30.0, 1.0)], false));
        r.judged
            .push(judgement(a, &[(a, 0.0, 1.0), (b, 7.0, 1.0)], false));
        r.judged
            .push(judgement(c, &[(c, 3.0, 0.0), (a, 1.0, 0.0)], true));
        assert!(r.done() && !r.running());
        assert_eq!(r.figures(), (1, 1, 37.0));
        assert_eq!(r.judged[2].mark(), Mark::Good);
        let s = r.scene(Lang::En, 14);
        assert!(s.progress.is_none() && s.cancel.is_none());
        assert_eq!(
            s.summary.as_deref(),
            Some("1 mistake, 1 inaccuracy: about 37 points lost in all.")
        );
        let exact = s.detail.expect("move 5 on show");
        assert_eq!(exact.rows[0].value, "+3 (exact)");
        assert!(exact.note.starts_with("Exact values"));
        let ja = r.scene(Lang::Ja, 14);
        assert_eq!(
            ja.summary.as_deref(),
            Some("ミス1回、不正確1回：合計で約37点の損。")
        );
        assert_eq!(ja.detail.unwrap().rows[0].value, "+3（確定）");
        // The first move (30 points ahead, within no noise) is a puzzle idea.
        assert_eq!(r.puzzle_ideas(), vec![0]);
        assert_eq!(s.ideas, vec![(0, "Move 1".to_string())]);
    }

    #[test]
    fn a_stopped_review_says_how_far_it_went() {
        let mut r = review();
        let a = Move::Play(card("2D"));
        r.judged.push(judgement(a, &[(a, 0.0, 1.0)], false));
        r.cancelled = true;
        let s = r.scene(Lang::En, 10);
        assert!(s.progress.is_none() && s.cancel.is_none());
        assert_eq!(
            s.summary.as_deref(),
            Some("Stopped after 1 of 3 moves. 0 mistakes, 0 inaccuracies: about 0 points lost in all.")
        );
        assert_eq!(s.marks[1].mark, "pending");
    }
}
