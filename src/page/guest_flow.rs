//! A guest's table, decided in the page's core: what the table becomes when
//! the guest's link (`net::guest_link`) has made something of a message from
//! the host, when the person's move was or was not sent, and when the
//! connection to the host is lost. The connection itself, the seats'
//! players and the timers are the page's (`web/controller/online.rs`),
//! which carries out the effects returned here.

use super::guest::{self, show_code};
use super::i18n::{Lang, K};
use super::model::{MoveSent, Setup};
use super::table::Table;
use crate::engine::{Call, GameKind, Move};
use crate::net::guest_link::{GuestLink, GuestNews, TableTaken};

/// What a guest's page does beyond its table's new state.
#[derive(Clone, Debug, PartialEq)]
pub enum GuestEffect {
    /// The host's first table on this connection: the table is drawn for
    /// its game, and the join page closes.
    FirstTable(GameKind),
    /// Who plays each seat is the table's set-up's again (the players of
    /// the seats are made from it: the guest's own by clicks, the others
    /// the host's).
    SeatPlayers,
    /// The call of the move that made the table, on the banner.
    Call(Call, u8),
    /// The finished trick is held on the table, and cleared after the
    /// pace's while.
    HoldTrick,
    /// A line for the console (a fair deal's message that changed nothing).
    Warn(String),
    Render,
}

impl Table {
    /// The guest's table once its link (`link`) made `news` of a message
    /// from the host.
    pub fn guest_news(
        &mut self,
        lang: Lang,
        link: &GuestLink,
        news: GuestNews,
    ) -> Vec<GuestEffect> {
        match news {
            GuestNews::Nothing | GuestNews::HoldFor(_) => Vec::new(),
            GuestNews::Refused(why) => {
                // (Said once while it stays the same: a host sending such
                // messages in a stream costs no render each.)
                let words = lang.tf(K::HostMessageRefused, &[&why]);
                if self.ui.message.as_ref() == Some(&words) {
                    return Vec::new();
                }
                self.ui.message = Some(words);
                vec![GuestEffect::Render]
            }
            GuestNews::Table(taken) => self.host_table(lang, link, *taken),
            GuestNews::Fair(said) => {
                let mut effects: Vec<_> = said.into_iter().map(GuestEffect::Warn).collect();
                effects.push(GuestEffect::Render);
                effects
            }
            GuestNews::MoveRefused { reason, sent } => {
                // An illegal move is worded from this device's own check of it.
                let own = sent.and_then(|mv| self.game.deal()?.check(mv).err());
                self.ui.message = Some(guest::refusal_words(lang, reason, own));
                // Refused: the person moves again on the table shown.
                self.ui.move_sent = None;
                vec![GuestEffect::Render]
            }
        }
    }

    /// The host's table, taken by the guest's link: shown from the guest's
    /// seat (`guest::show_taken`), with the call of the move that made it.
    fn host_table(&mut self, lang: Lang, link: &GuestLink, taken: TableTaken) -> Vec<GuestEffect> {
        let Some(table) = &link.table else {
            return Vec::new();
        };
        let TableTaken { game, how } = taken;
        let mut seen = guest::view(lang, table, game, link.seat);
        if let Some(code) = link.code {
            show_code(&mut seen.friends, table, lang, code);
        }
        let mut effects = Vec::new();
        if how.first {
            effects.push(GuestEffect::FirstTable(seen.game.kind()));
        }
        self.setup = Setup {
            rules: *seen.game.rules(),
            players: std::mem::take(&mut seen.players),
            seed: None,
        };
        effects.push(GuestEffect::SeatPlayers);
        let (shown, game) = guest::show_taken(lang, &mut self.ui, how, seen, link.seat);
        self.game = game;
        if let Some((call, seat)) = shown.call {
            effects.push(GuestEffect::Call(call, seat));
        }
        if shown.hold_trick {
            effects.push(GuestEffect::HoldTrick);
        }
        effects.push(GuestEffect::Render);
        effects
    }

    /// The person's move on a guest's table, `sent` to the host or not.
    /// Sent, nothing more is offered until the host answers (a second click
    /// on the same table would only be refused); not sent, it is said, and
    /// the person may make it again (the channel's loss, if that is why, is
    /// said when its event comes).
    pub fn guest_moved(&mut self, lang: Lang, mv: Move, sent: bool) {
        if !sent {
            self.ui.message = Some(lang.t(K::MoveNotSent).to_string());
            return;
        }
        self.ui.move_sent = Some(MoveSent {
            words: lang.t(K::MoveSent),
            card: mv.card(),
        });
        self.ui.chooser = None;
        self.ui.message = None;
    }

    /// The guest's connection to the host is gone (`said`: its link says
    /// so on the table): no connection's code is worth comparing any more.
    pub fn host_lost(&mut self, lang: Lang, said: bool) {
        if said {
            self.ui.message = Some(lang.t(K::HostLost).to_string());
        }
        for friend in self.ui.friends.iter_mut().flatten() {
            friend.code = None;
        }
    }
}
