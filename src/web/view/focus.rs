//! Where the keyboard focus goes after a render, from what the scene shows:
//! into the hand when it is your turn and nothing has it (or a new game has
//! begun), along with the hand's tab stop when the arrow keys move it, into
//! the chooser when it opens, to Next deal when a deal ends, and into an
//! overlay panel while it is up (given back where it was when it closes).
//! The attributes themselves are rendered with the rest; this only focuses.

use super::super::dom::{doc, focus, get_data};
use super::View;
use crate::engine::Card;
use crate::page::input::{selector, CardShown};
use crate::page::scene::{HandScene, Scene, Waiting};
use crate::web::frame::next_frame;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};

/// The buttons whose click starts a new game: its first hand takes the focus from them.
const STARTERS: [&str; 3] = ["new-game", "play-again", "start-game"];

#[derive(Default)]
pub struct Focus {
    /// The overlays open at the last render (review, game over, privacy) and
    /// where the focus was before each opened.
    overlays: [Option<Option<HtmlElement>>; 3],
    chooser_open: bool,
    deal_end_open: bool,
    /// Moves at the last render; fewer means a new game.
    last_moves: usize,
    /// The hand takes the focus at the person's next turn (a new game).
    focus_hand: bool,
    /// The card holding the hand's tab stop at the last render.
    last_stop: Option<Card>,
    /// The page's first table has been rendered.
    rendered: bool,
}

fn active() -> Option<Element> {
    doc().active_element()
}

/// No element has the focus: the page's body, an element removed, or one in
/// a dialog just closed (which the browser leaves focused until it next
/// draws the page).
fn nothing_focused() -> bool {
    active().is_none_or(|a| {
        a.tag_name() == "BODY"
            || !a.is_connected()
            || a.closest("dialog:not([open])").ok().flatten().is_some()
    })
}

fn any_dialog_open() -> bool {
    doc()
        .query_selector("dialog[open]")
        .ok()
        .flatten()
        .is_some()
}

/// Puts the focus on `card`, the hand's tab stop, at your turn: at once,
/// or for the page's first table at the start of the next frame, whose
/// style and layout it then joins, rather than forcing the whole new
/// table's inside the page's start (one task of twice the length on a
/// slow phone). Later turns focus at once: a key pressed as a turn shows
/// must reach the hand.
fn focus_your_card(card: &Element, first_table: bool) {
    if !first_table {
        return focus(card);
    }
    let card = card.clone();
    next_frame(move || {
        if card.is_connected() && nothing_focused() && !any_dialog_open() {
            focus(&card);
        }
    });
}

fn first_button(within: &Element) -> Option<Element> {
    within.query_selector("button").ok().flatten()
}

/// The roving hand's seat and the card that holds its tab stop.
fn tab_stop(s: &Scene) -> Option<(u8, Card)> {
    s.seats
        .iter()
        .filter(|seat| seat.roving)
        .find_map(|seat| match &seat.hand {
            HandScene::Up(cards) => cards
                .iter()
                .find(|c| c.tab_stop)
                .map(|c| (seat.seat, c.card)),
            HandScene::Down(_) => None,
        })
}

impl View {
    /// Moves the focus as the newly rendered scene asks.
    pub(super) fn move_focus(&mut self, s: &Scene) {
        let f = &mut self.focus;
        let from_starter =
            s.moves == 0 && active().is_some_and(|a| STARTERS.contains(&a.id().as_str()));
        if s.moves < f.last_moves || from_starter {
            f.focus_hand = true;
        }
        f.last_moves = s.moves;

        let deal_end_open = s.deal_end.is_some();
        if deal_end_open && !f.deal_end_open {
            // (A guest's panel has no Next deal: the host deals, and the
            // focus stays where it was.)
            let next = self.panels.deal_end.query_selector("#next-deal");
            if let Some(next) = next.ok().flatten() {
                focus(&next);
            }
        }
        f.deal_end_open = deal_end_open;

        let overlays = [
            (&self.panels.last_trick, s.last_trick.is_some()),
            (&self.panels.game_over, s.game_over.is_some()),
            (&self.panels.privacy, s.privacy.is_some()),
        ];
        for (k, (overlay, open)) in overlays.iter().enumerate() {
            match (f.overlays[k].take(), open) {
                // Closed since: give the focus back.
                (Some(back), false) => {
                    let inside = active().is_some_and(|a| overlay.contains(Some(&a)));
                    if nothing_focused() || inside {
                        if let Some(b) = back.filter(|b| b.is_connected()) {
                            let _ = b.focus();
                        }
                    }
                }
                // Opened since: remember where the focus was, move it in.
                (None, true) => {
                    let before = active().and_then(|a| a.dyn_into::<HtmlElement>().ok());
                    f.overlays[k] = Some(before);
                    let inside = active().is_some_and(|a| overlay.contains(Some(&a)));
                    if let Some(b) = first_button(overlay).filter(|_| !inside) {
                        focus(&b);
                    }
                }
                (still, _) => f.overlays[k] = still,
            }
        }
        let overlay_open = overlays.iter().any(|(_, open)| *open);
        let first_table = !f.rendered;
        f.rendered = true;

        let stop = tab_stop(s);
        let stop_el = stop.and_then(|(seat, card)| {
            let hand = &self.seats.get(seat as usize)?.hand;
            hand.query_selector(&selector(&CardShown(card)))
                .ok()
                .flatten()
        });
        let stop = stop.map(|(_, card)| card);
        let chooser_open = s.chooser.is_some();
        let chooser_opened = chooser_open && !f.chooser_open;
        f.chooser_open = chooser_open;
        // The arrow keys moved the stop: the focus on its old card follows it.
        let following = stop != f.last_stop
            && active().is_some_and(|a| {
                get_data::<CardShown>(&a).map(|CardShown(c)| c) == f.last_stop
                    && stop_el
                        .as_ref()
                        .is_some_and(|e| e.parent_element() == a.parent_element())
            });
        f.last_stop = stop;
        if chooser_opened {
            let hinted = self
                .bar
                .chooser
                .query_selector("button.hinted")
                .ok()
                .flatten();
            if let Some(b) = hinted.or_else(|| first_button(&self.bar.chooser)) {
                focus(&b);
            }
        } else if following {
            if let Some(e) = &stop_el {
                focus(e);
            }
        } else if s.waiting == Waiting::Human
            && (nothing_focused() || f.focus_hand)
            && !any_dialog_open()
            && !overlay_open
        {
            if let Some(e) = &stop_el {
                focus_your_card(e, first_table);
                f.focus_hand = false;
            }
        }
    }
}
