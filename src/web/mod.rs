//! The browser front end: a card table for the three Duck Soup games, on the
//! page's core (`crate::page`: the model, the scene, the words, the hint, the
//! limits on outside text, with no browser in them), used here under the
//! same names.
//!
//! - [`controller`]: the game and its seats, computer turns, input.
//! - [`scene`]: what the table shows, as data, for the seat being shown.
//! - [`view`]: renders a scene into the DOM (no game logic), the only
//!   writer of the table's DOM.
//! - [`events`]: the delegated listeners turning clicks, changes and keys
//!   into actions; [`keyboard`]: navigation in the hand, the chooser and
//!   overlays; [`announcer`]: the screen readers' live log; [`hint`]: a
//!   hint's words and target.
//! - [`dialog`]: the new-game dialog; [`sound`]: the synthesized quack;
//!   [`i18n`]: every user-visible string; [`storage`]: localStorage.
//! - [`persist`]: saving and resuming the game, statistics; [`share`]: share
//!   links and the daily deal; [`records`]: the Share and records dialog,
//!   export/import and the replay viewer; [`embed`]: `?embed=1` and its
//!   events to the host page.
//! - [`thinker_here`]: the computers' own build (`src/thinker.rs`) loaded on
//!   the page's thread where no worker can start; `controller/thinker.rs`
//!   asks the worker (`www/worker.js`) that runs it, and the questions and
//!   answers are `ai::question`'s.
//! - [`serial`]: typed values to and from JS values and JSON text (written
//!   by serde-wasm-bindgen, read by its own `reader` of JS values, and the
//!   browser's own `JSON`); [`input`]: limits on
//!   text from outside (records, saved data).
//!
//! URL parameters (for links and tests), read once into
//! [`params::PageParams`] and handed to those who need them:
//! - `?seed=TEXT`: deal from this seed (`engine::rng::shuffled_deck`; deal k
//!   of the game uses "TEXT/k"), with the first dealer and the computer
//!   players' choices derived from it too: the same seed plays the same game.
//!   It also pre-fills the seed field of the new-game dialog. With `g`, `o`,
//!   `s` and `daily` it is a share link (format in [`share`]); once used,
//!   these leave the address so that a reload resumes the saved game.
//! - `?embed=1`: the table for an iframe (see [`embed`]).
//! - `?r=PACKED`: the replay viewer on a game record, with `at`, `show`,
//!   `puzzle` and `c` (see `records::link`).
//! - `?pace=N`: scales every delay (computer thinking, a finished trick on
//!   show); `pace=0` makes the computers answer at once and turns animations off.
//! - `?panic`: panics once the table is up, to check the error panel (tests).
//! - `?worker=0`: the computer players think on the page's main thread, as
//!   where no worker can start; `?playouts=N`: the Expert player's play-outs
//!   per decision (both for tests and measurements); `?settle=worker`: the
//!   computers' worker, not the page's thread, tells whether a deal's
//!   scores are settled (*Play out the rest*; tests).
//! - `?lang=en|ja`: the language (else the one chosen before, else the
//!   browser's; see `i18n::detect`).
//! - `?ice=relay`: online play's connections use relay (TURN) servers only
//!   (tests: the relay really carries the game).

/// The page's allocator: talc, a drop-in replacement for Rust's default
/// (dlmalloc) in WebAssembly, smaller (BENCHMARKS.md, "The allocator"). The
/// page is single-threaded.
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

mod announcer;
#[cfg(feature = "bench")]
mod bench;
mod controller;
mod dialog;
mod dom;
mod embed;
mod events;
mod frame;
mod full_page;
mod help;
mod i18n;
mod keyboard;
mod net;
mod params;
mod persist;
mod players;
mod records;
mod serial;
mod settings;
mod share;
mod sound;
mod storage;
mod thinker_here;
mod view;

use crate::page::model::Setup;
use controller::parts::{OnlineInput, OnlinePlay, Parts};
use controller::{PaceScale, Shared};
use engine::GameKind;
use i18n::{Lang, K};
use params::PageParams;
use wasm_bindgen::prelude::*;

use crate::engine;

#[wasm_bindgen(start)]
pub fn start() {
    // The address, read once; its parts go to those below that need them.
    let params = PageParams::read();
    let restart = params.restart_address();
    std::panic::set_hook(Box::new(move |info| {
        let text = info.to_string();
        web_sys::console::error_1(&JsValue::from_str(&text));
        show_error_panel(&text, &restart);
    }));

    let body = dom::doc().body().expect("a body");
    // Language (?lang=, remembered, or the browser's), comfort settings and
    // sound: the controller owns them from here on, and the view shows them
    // (`<body>`'s classes, `<html lang>`) from the first render, which comes
    // before the first paint. Then the live log (screen readers watch
    // regions that exist before their content changes).
    let page = controller::Page {
        lang: i18n::detect(params.lang),
        settings: settings::init(),
        sound: sound::Sound::new(),
        embedded: params.embed,
        no_anim: params.pace == 0.0 || settings::reduced_motion(),
        address_lang: params.lang,
        ice_relay_only: params.ice_relay_only,
        worker_files: worker_files(),
    };
    announcer::region();
    // The document's language once before any render: a reply tab shows a
    // notice and no table, and the error panel after an early panic reads
    // it. From the first render on, the view alone writes it.
    view::write_document_lang(page.lang);

    // A reply link opened on the host's device: hand it to the open table.
    if Parts::reply_tab(page.lang) {
        let _ = body.set_attribute("data-ready", "1");
        return;
    }
    let lang = page.lang;
    let view = view::View::new(page.lang, page.embedded);
    let setup = Setup::default_for(GameKind::TwoPlayer);
    // The saved game, a share link, the daily deal or an embed (persist.rs).
    let controller = controller::start(
        view,
        setup,
        PaceScale(params.pace),
        entropy(),
        &params,
        page,
    );
    // The first table is in the DOM (scripts/bench-page.mjs reads the mark).
    performance_mark("table-rendered");
    // Input reaches the controller only through these listeners.
    events::listen(&controller);
    // An invite link: this device joins a friend's table as a guest.
    if let Some(invite) = Parts::invite_in_address(lang) {
        Parts::enter_guest(&mut controller.borrow_mut(), invite);
    }
    // The table handed this tab over to the full page: what it asked for.
    if let Some(then) = full_page::take_then() {
        controller.borrow_mut().take_over(then);
    }
    // The page owns the controller for as long as it lives; listeners and
    // timers hold only weak references to it.
    APP.with(|a| *a.borrow_mut() = Some(controller));
    let _ = body.set_attribute("data-ready", "1");
    if params.panic {
        gloo::timers::callback::Timeout::new(0, || panic!("a test panic (?panic in the address)"))
            .forget();
    }
}

#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(js_namespace = performance, js_name = mark)]
    fn performance_mark(name: &str);
}

thread_local! {
    static APP: std::cell::RefCell<Option<Shared>> = const { std::cell::RefCell::new(None) };
}

/// 64 random bits from the browser's `crypto.getRandomValues` (getrandom):
/// fresh deal seeds, game tokens, the computers' choices in unseeded play.
/// Every browser that runs this wasm has it; should it fail all the same,
/// the clock still varies the deals.
pub(crate) fn entropy() -> u64 {
    getrandom::u64().unwrap_or_else(|_| js_sys::Date::now().to_bits())
}

/// Fresh words from the browser's crypto randomness for one secret deal
/// (`engine::rng::secret_deck`); None where the browser has none.
pub(crate) fn secret_words() -> Option<[u64; crate::engine::rng::SECRET_WORDS]> {
    let mut words = [0u64; crate::engine::rng::SECRET_WORDS];
    for w in &mut words {
        *w = getrandom::u64().ok()?;
    }
    Some(words)
}

/// A visible error panel instead of a blank or frozen page. Built with
/// plain DOM calls (no Rust state) and a link that reloads the page at
/// `restart` (`PageParams::restart_address`), so it works even though the
/// program cannot go on after a panic.
fn show_error_panel(detail: &str, restart: &str) {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(body) = doc.body() else {
        return;
    };
    if doc.get_element_by_id("error-panel").is_some() {
        return;
    }
    let make = |tag: &str, class: &str, text: &str| {
        let e = doc.create_element(tag).ok()?;
        e.set_class_name(class);
        if !text.is_empty() {
            e.set_text_content(Some(text));
        }
        Some(e)
    };
    // The page's language as the view last set it on `<html lang>`.
    let lang = doc
        .document_element()
        .and_then(|h| h.get_attribute("lang"))
        .and_then(|tag| Lang::from_tag(&tag))
        .unwrap_or(Lang::En);
    let (Some(overlay), Some(panel)) = (
        make("div", "overlay error-panel", ""),
        make("div", "panel", ""),
    ) else {
        return;
    };
    overlay.set_id("error-panel");
    let _ = overlay.set_attribute("role", "alert");
    for e in [
        make("h2", "", lang.t(K::ErrorTitle)),
        make("p", "", lang.t(K::ErrorText)),
        make("pre", "detail", detail),
    ]
    .into_iter()
    .flatten()
    {
        let _ = panel.append_child(&e);
    }
    if let Some(a) = make("a", "button primary", lang.t(K::NewGame)) {
        let _ = a.set_attribute("href", restart);
        let _ = panel.append_child(&a);
    }
    let _ = overlay.append_child(&panel);
    let _ = body.append_child(&overlay);
}

/// The computers' worker's files, from the page's folder and its loader's
/// script tag (the computers' build's names change with every build), or
/// why there can be none.
fn worker_files() -> Result<controller::WorkerFiles, String> {
    let doc = dom::doc();
    let base = doc.base_uri().ok().flatten().ok_or("no base address")?;
    if !base.starts_with("http") {
        return Err(format!(
            "a page at {}",
            base.split(':').next().unwrap_or("?")
        ));
    }
    let loader = doc
        .query_selector("script[data-js]")
        .ok()
        .flatten()
        .ok_or("no loader")?;
    // The computers' own build (scripts/full-page.mjs names it on the loader).
    let named = |attribute: &str| {
        loader
            .get_attribute(attribute)
            .ok_or_else(|| format!("the loader names no {attribute}"))
    };
    let url = |path: &str| {
        web_sys::Url::new_with_base(path, &base)
            .map(|u| u.href())
            .map_err(|_| format!("a bad address: {path}"))
    };
    Ok(controller::WorkerFiles {
        worker: url("worker.js")?,
        glue: url(&named("data-thinker-js")?)?,
        wasm: url(&named("data-thinker-wasm")?)?,
    })
}
