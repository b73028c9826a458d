//! The score sheet in a scene (its rows of finished deals built once each,
//! `SheetRows`), and the panels at a deal's and a game's end.

use super::*;

/// Generations are numbered across every [`SheetRows`], so two never share one.
static GENERATIONS: AtomicU64 = AtomicU64::new(1);

#[derive(Clone, Debug, PartialEq, Default)]
pub struct ScoreSheet {
    pub caption: String,
    pub heads: Vec<String>,
    /// The finished deals' rows shown (the latest [`SHEET_LATEST`], or all).
    pub finished: DealRows,
    /// In a game of more deals than that: the switch that shows every deal
    /// (its label, and whether every deal shows).
    pub all_deals: Option<(String, bool)>,
    /// The deal in play, with the points stored so far in each course.
    pub live: Option<ScoreRow>,
    pub totals: Vec<u32>,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ScoreRow {
    /// The deal's number, from 1 (the row's key).
    pub deal: usize,
    pub label: String,
    /// Each scorer's working ("7 × 5") and score.
    pub cells: Vec<(String, u32)>,
}

/// The score sheet shows the latest deals only, unless asked for all: every
/// row on the page costs the browser's layout and paint a little at every
/// move (thousands of them, most of a second). Thirty is a screenful and
/// more than a game of the default length has.
pub const SHEET_LATEST: usize = 30;

/// The finished deals' rows as one scene shows them: rows `from..to` of a
/// list that [`SheetRows`] only ever adds to within one `generation`. So a
/// view that wrote rows of this generation need write only the new ones,
/// and a scene costs the same at deal 1 and at deal 6,000.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DealRows {
    rows: Rc<Vec<ScoreRow>>,
    from: usize,
    to: usize,
    generation: u64,
}

impl DealRows {
    /// The rows shown, the first being deal `from() + 1`.
    pub fn rows(&self) -> &[ScoreRow] {
        &self.rows[self.from..self.to]
    }

    pub fn from(&self) -> usize {
        self.from
    }

    /// Rows of one generation are the same rows: a longer list only adds rows.
    pub fn generation(&self) -> u64 {
        self.generation
    }
}

/// The score sheet's rows of finished deals, each built once: a finished
/// deal's row never changes, so a render builds only the rows of the deals
/// finished since the last one. The controller keeps one and hands it to
/// [`build`]. A row depends on the language, the game, its way of combining
/// the courses and the deal's result; all are checked at each build (the
/// results by value), so another game, or a step back in the replay
/// viewer, is shown exactly: rows that no longer match start a new
/// generation.
#[derive(Default)]
pub struct SheetRows {
    made_for: Option<(Lang, GameKind, Combine)>,
    results: Vec<DealResult>,
    rows: Rc<Vec<ScoreRow>>,
    generation: u64,
}

impl SheetRows {
    /// The rows of `game`'s finished deals shown (the latest, or `all`),
    /// built for those not built yet.
    fn rows_of(&mut self, lang: Lang, game: &Game, all: bool) -> DealRows {
        let made_for = Some((lang, game.kind(), game.rules().combine));
        let results = game.results();
        // How many of the rows built are this game's (results are cheap to
        // compare, unlike the rows' words).
        let fresh = self.made_for != made_for || self.generation == 0;
        let same = if fresh {
            0
        } else {
            self.results
                .iter()
                .zip(results)
                .take_while(|(a, b)| a == b)
                .count()
        };
        // Rows are added in place, unless a scene still holds them (none
        // does after its render): then they are built again.
        if fresh
            || same < self.results.len().min(results.len())
            || (results.len() > self.results.len() && Rc::get_mut(&mut self.rows).is_none())
        {
            self.made_for = made_for;
            self.results.clear();
            self.rows = Rc::default();
            self.generation = GENERATIONS.fetch_add(1, Ordering::Relaxed);
        }
        if let Some(rows) = Rc::get_mut(&mut self.rows) {
            for (k, r) in results.iter().enumerate().skip(self.results.len()) {
                rows.push(ScoreRow {
                    deal: k + 1,
                    label: lang.tf(K::Deal, &[&(k + 1).to_string()]),
                    cells: deal_cells(lang, game, &r.points, &r.scores),
                });
                self.results.push(*r);
            }
        }
        let to = results.len();
        let latest = to.saturating_sub(SHEET_LATEST);
        DealRows {
            rows: Rc::clone(&self.rows),
            from: if all { 0 } else { latest },
            to,
            generation: self.generation,
        }
    }
}

/// The end-of-deal or end-of-game panel.
#[derive(Clone, Debug, PartialEq)]
pub struct EndPanel {
    pub title: String,
    pub lines: Vec<(String, String)>,
    pub verdict: String,
    /// The label of the panel's Share button, if it offers one.
    pub share: Option<String>,
    /// Offers its next step (Next deal, Play again): not on a guest's
    /// device, where the host deals and starts games.
    pub next: bool,
    /// The label of its button that reviews the deal just finished, if it
    /// offers one (as the Share button, and not at a table with friends).
    pub review: Option<String>,
    /// Offers *Play this deal again* (practice).
    pub practise: bool,
    /// A practice deal's end: offers the way back to the game.
    pub back_to_game: bool,
}

/// A rank in words; a rank no card has (a led Duck's 0) says nothing
/// rather than fail.
pub(super) fn rank_word(lang: Lang, rank: u8) -> &'static str {
    if (1..=13).contains(&rank) {
        lang.rank_word(rank)
    } else {
        ""
    }
}

pub(super) fn stored_text(lang: Lang, p: Pile) -> String {
    let pts = p.points().to_string();
    match (p.down, p.up) {
        (0, _) => lang.tf(K::StoredUp, &[&pts]),
        (_, 0) if p.down == 1 => lang.tf(K::StoredDown, &[&pts]),
        _ => lang.tf(K::StoredMixed, &[&pts]),
    }
}

pub(super) fn combine_text(lang: Lang, rules_combine: Combine, a: u32, b: u32) -> String {
    let (a, b) = (a.to_string(), b.to_string());
    match rules_combine {
        Combine::Multiply => lang.tf(K::Product, &[&a, &b]),
        Combine::Add => lang.tf(K::Sum, &[&a, &b]),
    }
}

/// The scorers' names: seats, or partnership sides.
pub(super) fn scorer_names(lang: Lang, game: &Game, setup: &Setup) -> Vec<String> {
    let kind = game.kind();
    kind.each_scorer()
        .map(|scorer| match kind.seats_of(scorer) {
            ScorerSeats::Seat(seat) => seat_label(lang, setup, seat),
            ScorerSeats::Side(_) => lang.side_name(scorer.index()).to_string(),
        })
        .collect()
}

/// Each scorer's figures for one deal: the working ("7 × 5": a seat's Duck
/// and Soup points, or a side's two members' counts) and the score.
pub(super) fn deal_cells(
    lang: Lang,
    game: &Game,
    points: &PerCourse<PerSeat<u32>>,
    scores: &Scores,
) -> Vec<(String, u32)> {
    let kind = game.kind();
    scores
        .iter()
        .map(|(scorer, &score)| {
            let detail = match kind.seats_of(scorer) {
                ScorerSeats::Seat(seat) => {
                    let (duck, soup) = (points[Course::Duck][seat], points[Course::Soup][seat]);
                    combine_text(lang, game.rules().combine, duck, soup)
                }
                // A side's members' counts (the game has no courses).
                ScorerSeats::Side([a, b]) => combine_text(
                    lang,
                    Combine::Multiply,
                    points[Course::Duck][a],
                    points[Course::Duck][b],
                ),
            };
            (detail, score)
        })
        .collect()
}

pub(super) fn score_sheet(
    lang: Lang,
    game: &Game,
    setup: &Setup,
    ui: &Ui,
    rows: &mut SheetRows,
) -> ScoreSheet {
    let caption = match game.rules().end() {
        GameEnd::Target(t) => lang.tf(K::Target, &[&t.to_string()]),
        GameEnd::Deals(n) => {
            let k = game.log().len().max(1).min(n as usize);
            lang.tf(K::DealsLeft, &[&k.to_string(), &n.to_string()])
        }
    };
    let finished = game.results().len();
    let live = game.deal().filter(|_| game.in_deal()).map(|d| {
        let deal = game.log().len();
        ScoreRow {
            deal,
            label: lang.tf(K::Deal, &[&deal.to_string()]),
            cells: deal_cells(lang, game, &d.points(), &d.scores()),
        }
    });
    ScoreSheet {
        caption,
        heads: scorer_names(lang, game, setup),
        finished: rows.rows_of(lang, game, ui.scores_all),
        all_deals: (finished > SHEET_LATEST).then(|| {
            (
                lang.tf(K::AllDeals, &[&finished.to_string()]),
                ui.scores_all,
            )
        }),
        live,
        totals: game.totals().to_vec(),
    }
}

pub(super) fn result_lines(
    lang: Lang,
    game: &Game,
    setup: &Setup,
    cells: &[(String, u32)],
) -> Vec<(String, String)> {
    scorer_names(lang, game, setup)
        .into_iter()
        .zip(cells)
        .map(|(name, (detail, score))| (name, format!("{detail} = {score}")))
        .collect()
}

/// Who won a deal (`deal`) or the game, or that it is a tie.
pub(super) fn winner_text(
    lang: Lang,
    game: &Game,
    setup: &Setup,
    winner: Option<Scorer>,
    deal: bool,
) -> String {
    let names = scorer_names(lang, game, setup);
    match (winner, deal, game.kind()) {
        (Some(w), true, _) => lang.tf(K::DealWinner, &[&names[w.index()]]),
        (Some(w), false, GameKind::Partnership) => lang.tf(K::GameWinnerSide, &[&names[w.index()]]),
        (Some(w), false, _) => lang.tf(K::GameWinner, &[&names[w.index()]]),
        (None, true, _) => lang.t(K::DealTie).to_string(),
        (None, false, _) => lang.t(K::GameTie).to_string(),
    }
}

/// The deal review's button on the end panels: where the game may be
/// shared, and not at a table with friends (whose game the viewer would
/// take off the table).
pub(super) fn review_offer(lang: Lang, ctx: &Context) -> Option<String> {
    (ctx.may_share && !ctx.invites).then(|| lang.t(K::ReviewDeal).to_string())
}

pub(super) fn deal_panel(lang: Lang, game: &Game, setup: &Setup, ctx: &Context) -> EndPanel {
    let k = game.results().len();
    let r = game.results().last();
    let cells = r
        .map(|r| deal_cells(lang, game, &r.points, &r.scores))
        .unwrap_or_default();
    // A practice deal's end: again, or back to the game; nothing shared.
    let practice = ctx.practising;
    EndPanel {
        // The finished deal as a link or an embed (the records dialog's author's tool).
        share: (ctx.may_share && !practice).then(|| lang.t(K::AuthorLegend).to_string()),
        review: review_offer(lang, ctx).filter(|_| !practice),
        next: !ctx.guest && !practice,
        practise: ctx.may_practise || practice,
        back_to_game: practice,
        title: if practice {
            lang.t(K::PracticeOver).to_string()
        } else {
            lang.tf(K::DealOverTitle, &[&k.to_string()])
        },
        lines: result_lines(lang, game, setup, &cells),
        verdict: r
            .map(|r| winner_text(lang, game, setup, r.scores.winner(), true))
            .unwrap_or_default(),
    }
}

pub(super) fn game_panel(lang: Lang, game: &Game, setup: &Setup, ctx: &Context) -> EndPanel {
    let winner = game.outcome().and_then(|o| o.winner);
    let share = ctx.may_share.then(|| {
        let daily = setup.daily_date().is_some();
        lang.t(if daily { K::DailyShare } else { K::ShareTool })
            .to_string()
    });
    EndPanel {
        share,
        review: review_offer(lang, ctx),
        next: !ctx.guest,
        practise: ctx.may_practise,
        back_to_game: false,
        title: winner_text(lang, game, setup, winner, false),
        lines: scorer_names(lang, game, setup)
            .into_iter()
            .zip(game.totals().as_slice())
            .map(|(n, t)| (n, t.to_string()))
            .collect(),
        verdict: lang.t(K::FinalScore).to_string(),
    }
}
