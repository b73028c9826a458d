//! The page's address, read once. [`PageParams::read`] is the only reader of
//! `location.search`: the browser's `URLSearchParams` splits and decodes it,
//! and start-up hands each part to whoever needs it (the language to
//! `i18n`, `embed` to `embed`, the share-link parameters to `share`, the
//! whole to the controller's start and the error panel). The parameters
//! themselves are described in the module documentation of `web`.

use super::i18n::Lang;
use crate::links::{self, LinkParams, Param};
use web_sys::UrlSearchParams;

pub struct PageParams {
    /// `?pace=N`: scales every delay; 0 makes the computers answer at once
    /// and turns animations off (1 when absent or not a number ≥ 0).
    pub pace: f64,
    /// `?panic`: panics once the table is up, to check the error panel.
    pub panic: bool,
    /// `?worker=0`: the computers think on the page's main thread, as where
    /// no worker can start (tests and measurements).
    pub worker: bool,
    /// `?settle=worker`: the page's own thread searches no position to
    /// tell whether a deal's scores are settled, so that the computers'
    /// worker answers every such question (tests).
    pub settle_in_worker: bool,
    /// `?playouts=N`: the Expert player's play-outs per decision (tests and
    /// measurements; each game's `ai::expert::page_playouts` when absent).
    pub playouts: Option<u32>,
    /// `?ice=relay`: online play's connections use only relays (TURN), as
    /// `iceTransportPolicy: "relay"` (tests: a relay is really used).
    pub ice_relay_only: bool,
    /// `?lang=en|ja`; None when absent or not a language the page has.
    pub lang: Option<Lang>,
    /// `?embed` (any value but `0` or `false`): the table for an iframe.
    pub embed: bool,
    /// The share-link parameters present ([`links::GAME_PARAMS`]), each as
    /// [`links::decode`] takes it.
    pub link: Vec<Param>,
    /// `?r=` (a game record packed for a link) with the viewer's `at`,
    /// `show`, `puzzle` and every `c` (see `records::link`).
    pub record: Option<LinkParams>,
    /// The whole query, to write the address back without some parameters.
    all: UrlSearchParams,
}

impl PageParams {
    /// Reads the address's query string.
    pub fn read() -> PageParams {
        let search = web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default();
        // (It never refuses a string: broken escapes come back as written or as U+FFFD.)
        let all = UrlSearchParams::new_with_str(&search)
            .unwrap_or_else(|_| panic!("URLSearchParams refused the address"));
        let pace = all
            .get("pace")
            // JS parseFloat, not str::parse::<f64>: Rust's float parser and
            // its tables cost ~15 KB of gzipped wasm (BENCHMARKS.md).
            .map(|v| js_sys::Number::parse_float(&v))
            .filter(|x| x.is_finite() && *x >= 0.0)
            .unwrap_or(1.0);
        PageParams {
            pace,
            panic: all.has("panic"),
            worker: all.get("worker").as_deref() != Some("0"),
            settle_in_worker: all.get("settle").as_deref() == Some("worker"),
            playouts: all
                .get("playouts")
                .map(|v| js_sys::Number::parse_float(&v))
                .filter(|x| *x >= 1.0 && *x <= 1e9)
                .map(|x| x as u32),
            ice_relay_only: all.get("ice").as_deref() == Some("relay"),
            lang: all.get("lang").as_deref().and_then(Lang::from_tag),
            embed: all.get("embed").is_some_and(|v| v != "0" && v != "false"),
            link: links::GAME_PARAMS
                .iter()
                .filter_map(|key| Some(Param::decoded(key, all.get(key)?)))
                .collect(),
            record: all.get("r").map(|r| LinkParams {
                r,
                at: all.get("at"),
                show: all.get("show"),
                puzzle: all.get("puzzle"),
                review: all.get("review"),
                captions: all
                    .get_all("c")
                    .iter()
                    .filter_map(|v| v.as_string())
                    .collect(),
            }),
            all,
        }
    }

    /// The query string (`?…`, or empty) without the parameters named in `dropped`.
    pub fn query_without(&self, dropped: &[&str]) -> String {
        let Ok(kept) = UrlSearchParams::new_with_str(&String::from(self.all.to_string())) else {
            return String::new();
        };
        for key in dropped {
            kept.delete(key);
        }
        let query = String::from(kept.to_string());
        if query.is_empty() {
            query
        } else {
            format!("?{query}")
        }
    }

    /// The address the error panel's New game link opens: this one without
    /// `?panic`, and without the game parameters `share::clean_address` takes
    /// away once used (an embed keeps them: its game is its address).
    pub fn restart_address(&self) -> String {
        let mut dropped = vec!["panic"];
        if !self.embed {
            dropped.extend(links::GAME_PARAMS);
        }
        let path = web_sys::window()
            .and_then(|w| w.location().pathname().ok())
            .unwrap_or_else(|| "./".into());
        format!("{path}{}", self.query_without(&dropped))
    }
}
