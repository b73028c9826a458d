//! A game record as a link for rules sites: `?r=…` and the viewer's options
//! read from the address, and written back by the author's tool.
//!
//! | Parameter | Meaning |
//! |---|---|
//! | `r` | the whole game record, packed ([`crate::codec::record_link`]) |
//! | `at=N` | open at move N: the table just after the N-th move of the game |
//! | `show=all` | every hand face up |
//! | `puzzle=N` | stop before move N and ask the viewer to make it |
//! | `c=N:text` | a caption shown at move N (repeat `c` for more) |
//! | `review=1` | the deal on show reviewed from the seat shown (`page::review`) |
//!
//! **Moves are counted across the whole game, from 1**: move N is the N-th
//! move made since the first deal began, deals' boundaries included (a
//! game whose first deal took 58 moves has its second deal's first move at
//! 59). A move is one card or Duck played, or one Duck said. `at=0` (or no
//! `at`) is the first deal's start; `at=N` shows the table with move N just
//! made (its trick still on show if it finished one). When move N ended a
//! deal, `at=N` shows that deal's end, not the next deal's start. A number
//! past the last move means the last move.
//!
//! `puzzle=N` stops the viewer on the table of `at=N-1` (the last deal's end
//! excepted: the position from which move N is made) and asks for move N.
//!
//! Captions: `c=N:text`, N as for `at` (0: the start). Text only: shown with
//! `textContent`, never as markup. At most [`MAX_CAPTIONS`] captions of at
//! most [`MAX_CAPTION_CHARS`] characters each (longer ones are cut, with
//! "…"); control characters become spaces. A `c` without a number and a
//! colon is ignored, as are captions past the limit.

use super::i18n::Lang;
use crate::codec::record_link;
use crate::engine::GameRecord;

/// The address's parameters of a game link (left out once the viewer is left).
pub const PARAMS: [&str; 6] = ["r", "at", "show", "puzzle", "c", "review"];

/// The most captions a link may carry.
pub const MAX_CAPTIONS: usize = 40;
/// The most characters of one caption.
pub const MAX_CAPTION_CHARS: usize = 280;

pub use crate::links::LinkParams;

/// What the viewer opens with, besides the record.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ViewerOptions {
    /// Move number (see the module's documentation).
    pub at: Option<usize>,
    pub show_all: bool,
    pub puzzle: Option<usize>,
    /// (move number, text), in the order given.
    pub captions: Vec<(usize, String)>,
    /// `review=1`: the deal on show reviewed, from the seat shown.
    pub review: bool,
}

/// A move number: digits only (a missing or bad one is None).
fn number(text: Option<&str>) -> Option<usize> {
    let t = text?.trim();
    if t.is_empty() || t.len() > 9 || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

/// One caption, `N:text`, cleaned; None if it has no number.
pub fn caption(raw: &str) -> Option<(usize, String)> {
    let (n, text) = raw.split_once(':')?;
    let n = number(Some(n))?;
    let clean: String = text
        .trim()
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let text = if clean.chars().count() > MAX_CAPTION_CHARS {
        let cut: String = clean.chars().take(MAX_CAPTION_CHARS - 1).collect();
        format!("{}…", cut.trim_end())
    } else {
        clean
    };
    (!text.is_empty()).then_some((n, text))
}

impl ViewerOptions {
    pub fn read(p: &LinkParams) -> ViewerOptions {
        ViewerOptions {
            at: number(p.at.as_deref()),
            show_all: p.show.as_deref() == Some("all"),
            puzzle: number(p.puzzle.as_deref()).filter(|&n| n > 0),
            captions: p
                .captions
                .iter()
                .filter_map(|c| caption(c))
                .take(MAX_CAPTIONS)
                .collect(),
            review: p.review.as_deref() == Some("1"),
        }
    }
}

/// The query (without `?`) of a viewer link: `r=…` then the options, in the
/// order a person reads them. `packed` is [`crate::codec::record_link::pack`]'s text.
pub fn query(packed: &str, o: &ViewerOptions) -> String {
    let mut q = format!("r={packed}");
    if let Some(at) = o.at.filter(|&a| a > 0) {
        q.push_str(&format!("&at={at}"));
    }
    if o.show_all {
        q.push_str("&show=all");
    }
    if let Some(p) = o.puzzle {
        q.push_str(&format!("&puzzle={p}"));
    }
    for (n, text) in &o.captions {
        q.push_str(&caption_param(*n, text));
    }
    if o.review {
        q.push_str("&review=1");
    }
    q
}

/// One caption as a query parameter (`&c=N:text`).
pub fn caption_param(n: usize, text: &str) -> String {
    format!("&c={n}:{}", escape(text))
}

/// Percent-encodes a caption for a query (as `encodeURIComponent`, with
/// spaces as `+`).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for b in text.bytes() {
        match b {
            b'A'..=b'Z'
            | b'a'..=b'z'
            | b'0'..=b'9'
            | b'-'
            | b'_'
            | b'.'
            | b'~'
            | b'!'
            | b'\''
            | b'('
            | b')'
            | b'*'
            | b','
            | b':' => out.push(b as char),
            b' ' => out.push('+'),
            _ => {
                const HEX: &[u8; 16] = b"0123456789ABCDEF";
                out.push('%');
                out.push(HEX[usize::from(b >> 4)] as char);
                out.push(HEX[usize::from(b & 15)] as char);
            }
        }
    }
    out
}

/// Moves made before each deal of `record` (its start), and in all.
pub fn move_counts(record: &GameRecord) -> (Vec<usize>, usize) {
    let mut before = Vec::with_capacity(record.deals.len());
    let mut total = 0;
    for d in &record.deals {
        before.push(total);
        total += d.moves.len();
    }
    (before, total)
}

/// The viewer's position (each deal's start and each move after it, as
/// `replay::Replay` counts them) of the table just after move `n` of the
/// game (see the module's documentation); past the end, the last position.
pub fn position_after(record: &GameRecord, n: usize) -> usize {
    let (before, total) = move_counts(record);
    let n = n.min(total);
    if n == 0 {
        return 0;
    }
    // The deal that holds move n: the last one started before it.
    let deal = before.partition_point(|&b| b < n) - 1;
    deal + n
}

/// The position from which move `n` (from 1) is made, and its deal; None
/// past the last move.
pub fn position_before(record: &GameRecord, n: usize) -> Option<usize> {
    let (before, total) = move_counts(record);
    if n == 0 || n > total {
        return None;
    }
    let deal = before.partition_point(|&b| b < n) - 1;
    Some(deal + n - 1)
}

/// Moves made in the game at `pos` (the inverse of [`position_after`]).
pub fn moves_at(record: &GameRecord, pos: usize) -> usize {
    let mut start = 0;
    let mut made = 0;
    for d in &record.deals {
        let len = d.moves.len();
        if pos <= start + len {
            return made + (pos - start);
        }
        start += len + 1;
        made += len;
    }
    made
}

/// The queries of the author's links, with and without the puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AuthorLink {
    /// The move the link opens at (a caption typed in the tool is shown there).
    pub at: usize,
    pub query: String,
    /// The same game asking the next move, if there is one.
    pub puzzle_query: Option<String>,
    /// The deal review suggests asking the next move as a puzzle (one move
    /// clearly best there: `page::review`): the box comes ticked.
    pub suggested: bool,
}

impl AuthorLink {
    /// None when the record cannot be packed (a game over a link's
    /// [`record_link::MAX_DEALS`] deals).
    pub fn new(record: &GameRecord, options: ViewerOptions, lang: Lang) -> Option<AuthorLink> {
        let packed = record_link::pack(record).ok()?;
        let tail = format!("&lang={}", lang.tag());
        let at = options.at.unwrap_or(0);
        let (_, total) = move_counts(record);
        let puzzle_query = (at < total).then(|| {
            let o = ViewerOptions {
                at: None,
                puzzle: Some(at + 1),
                ..options.clone()
            };
            query(&packed, &o) + &tail
        });
        Some(AuthorLink {
            at,
            query: query(&packed, &options) + &tail,
            puzzle_query,
            suggested: false,
        })
    }

    /// The same, the next move suggested as a puzzle (when there is one).
    pub fn suggesting(self, puzzle: bool) -> AuthorLink {
        AuthorLink {
            suggested: puzzle && self.puzzle_query.is_some(),
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captions_are_cleaned_and_limited() {
        assert_eq!(caption("3:<b>Quack</b>"), Some((3, "<b>Quack</b>".into())));
        assert_eq!(caption("x:text"), None);
        assert_eq!(caption("4"), None);
        assert_eq!(caption("5:  "), None);
        assert_eq!(caption("6:a\nb"), Some((6, "a b".into())));
        let long = format!("1:{}", "é".repeat(500));
        assert_eq!(caption(&long).unwrap().1.chars().count(), MAX_CAPTION_CHARS);
    }

    #[test]
    fn options_read_and_write_back() {
        let p = LinkParams {
            r: "x".into(),
            at: Some("12".into()),
            show: Some("all".into()),
            puzzle: Some("0".into()),
            captions: (0..50).map(|i| format!("{i}:caption {i} & more")).collect(),
            review: None,
        };
        let o = ViewerOptions::read(&p);
        assert_eq!(o.at, Some(12));
        assert!(o.show_all);
        assert_eq!(o.puzzle, None);
        assert_eq!(o.captions.len(), MAX_CAPTIONS);
        let q = query("PACKED", &o);
        assert!(q.starts_with("r=PACKED&at=12&show=all&c=0:caption+0+%26+more&c=1:"));
        assert!(
            !q.contains("review"),
            "a link without a review says nothing of it"
        );
    }

    #[test]
    fn review_is_read_and_written_last() {
        let read = |v: &str| {
            ViewerOptions::read(&LinkParams {
                r: "x".into(),
                review: Some(v.into()),
                ..LinkParams::default()
            })
        };
        assert!(read("1").review);
        assert!(!read("yes").review && !read("0").review);
        let o = ViewerOptions {
            at: Some(5),
            review: true,
            captions: vec![(5, "a".into())],
            ..ViewerOptions::default()
        };
        assert_eq!(query("P", &o), "r=P&at=5&c=5:a&review=1");
    }
}
