//! The new-game dialog. Data-driven: the rules section is built from
//! `Rules::option_specs(game)` and read back through `Rules::set`, so a new
//! option in the engine appears here without code for it.

use super::dom::{
    append, by_id, clear, dialog_footer, dialog_form, doc, el, get_data, set_data, text_el, Does,
    FooterButton,
};
use super::i18n::{self, Lang, K};
use crate::ai::Level;
use crate::engine::rules::{GameEnd, OptionValue};
use crate::engine::{GameKind, Rules};
use crate::page::input::{selector, ChangedField, Command, DataAttribute, RuleOption, SeatOf};
use crate::page::model::{NewGameForm, OptionField, Player, Setup};
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlDialogElement, HtmlInputElement, HtmlSelectElement};

const PRESETS: [&str; 2] = ["parlett", "family"];
const PLAYER_CHOICES: [&str; 6] = ["human", "friend", "easy", "normal", "hard", "expert"];

fn dialog() -> HtmlDialogElement {
    super::dom::dialog("new-game-dialog", "newgame")
}

fn game_label(lang: Lang, g: GameKind) -> &'static str {
    lang.t(match g {
        GameKind::TwoPlayer => K::GameTwo,
        GameKind::ThreePlayer => K::GameThree,
        GameKind::Partnership => K::GamePartnership,
    })
}

fn player_label(lang: Lang, choice: &str) -> String {
    match choice {
        "human" => lang.t(K::Human).to_string(),
        "friend" => lang.t(K::Friend).to_string(),
        _ => format!(
            "{} · {}",
            lang.t(K::Computer),
            lang.level_name(Level::from_name(choice).unwrap_or(Level::Normal))
        ),
    }
}

fn player_choice(p: Player) -> &'static str {
    match p {
        Player::Human => "human",
        Player::Friend => "friend",
        Player::Computer(Level::Easy | Level::Random) => "easy",
        Player::Computer(Level::Normal) => "normal",
        Player::Computer(Level::Hard) => "hard",
        Player::Computer(Level::Expert) => "expert",
    }
}

/// Opens the dialog, filled in from the current set-up.
pub fn open(lang: Lang, setup: &Setup) {
    let d = dialog();
    let form = dialog_form(&d, lang.t(K::DialogTitle));

    let games = el("fieldset", "games");
    append(&games, &text_el("legend", "", lang.t(K::DialogGame)));
    for g in GameKind::ALL {
        let label = el("label", "game-choice");
        let input = el("input", "");
        let _ = input.set_attribute("type", "radio");
        let _ = input.set_attribute("name", "game");
        let _ = input.set_attribute("value", g.name());
        set_data(&input, ChangedField::Game);
        if g == setup.rules.game {
            let _ = input.set_attribute("checked", "");
        }
        append(&label, &input);
        append(&label, &text_el("span", "", game_label(lang, g)));
        append(&games, &label);
    }
    append(&form, &games);

    let body = el("div", "game-body");
    body.set_id("dialog-game-body");
    append(&form, &body);

    let seed_label = el("label", "field seed");
    append(&seed_label, &text_el("span", "", lang.t(K::DialogSeed)));
    let seed = el("input", "");
    seed.set_id("seed");
    let _ = seed.set_attribute("type", "text");
    let _ = seed.set_attribute("autocomplete", "off");
    let _ = seed.set_attribute("placeholder", lang.t(K::DialogSeedHint));
    if let Some(s) = &setup.seed {
        let _ = seed.set_attribute("value", s);
    }
    append(&seed_label, &seed);
    append(&form, &seed_label);
    append(&form, &text_el("p", "hint", lang.t(K::DialogDealer)));
    let error = el("p", "error");
    error.set_id("dialog-error");
    let _ = error.set_attribute("role", "alert");
    append(&form, &error);

    dialog_footer(
        &form,
        &[
            FooterButton {
                id: None,
                label: lang.t(K::Cancel),
                primary: false,
                does: Does::Action(Command::CancelDialog),
            },
            FooterButton {
                id: Some("start-game"),
                label: lang.t(K::StartGame),
                primary: true,
                does: Does::Action(Command::StartGame),
            },
        ],
    );
    append(&d, &form);

    fill_game_body(lang, setup.rules.game, Some(setup));
    if !d.open() {
        let _ = d.show_modal();
    }
}

pub fn show_error(message: &str) {
    if let Some(e) = by_id("dialog-error") {
        e.set_text_content(Some(message));
    }
}

/// The game chosen in the dialog (read by the listeners when it changes).
pub fn chosen_game() -> GameKind {
    doc()
        .query_selector("#new-game-dialog input[name=game]:checked")
        .ok()
        .flatten()
        .and_then(|e| e.get_attribute("value"))
        .and_then(|v| GameKind::from_name(&v))
        .unwrap_or(GameKind::TwoPlayer)
}

/// The rules' preset chosen in the dialog (read by the listeners when it
/// changes).
pub fn chosen_preset() -> String {
    select_value("#preset").unwrap_or_else(|| "parlett".into())
}

/// The game changed to `game`: rebuild the players and rules for it.
pub fn game_changed(lang: Lang, game: GameKind) {
    fill_game_body(lang, game, None);
}

/// The preset changed to `preset` (of `game`): show its option values.
pub fn preset_changed(game: GameKind, preset: &str) {
    if let Ok(rules) = Rules::preset(game, preset) {
        fill_options(&rules);
    }
}

fn select<A: DataAttribute>(
    class: &str,
    data: A,
    choices: &[(String, String)],
    chosen: &str,
) -> Element {
    let s = el("select", class);
    set_data(&s, data);
    for (value, label) in choices {
        let o = text_el("option", "", label);
        let _ = o.set_attribute("value", value);
        if value == chosen {
            let _ = o.set_attribute("selected", "");
        }
        append(&s, &o);
    }
    s
}

fn fill_game_body(lang: Lang, game: GameKind, setup: Option<&Setup>) {
    let Some(body) = by_id("dialog-game-body") else {
        return;
    };
    clear(&body);
    let setup = setup
        .filter(|s| s.rules.game == game)
        .cloned()
        .unwrap_or_else(|| Setup::default_for(game));
    let n = game.seats() as u8;

    let players = el("fieldset", "players");
    append(&players, &text_el("legend", "", lang.t(K::DialogPlayers)));
    let choices: Vec<(String, String)> = PLAYER_CHOICES
        .iter()
        .map(|c| (c.to_string(), player_label(lang, c)))
        .collect();
    for s in 0..n {
        let label = el("label", "field");
        append(&label, &text_el("span", "", lang.seat_name(n, s)));
        let sel = select(
            "",
            SeatOf(s),
            &choices,
            player_choice(setup.players[s as usize]),
        );
        append(&label, &sel);
        append(&players, &label);
    }
    append(&body, &players);

    let rules = el("fieldset", "rules");
    append(&rules, &text_el("legend", "", lang.t(K::DialogRules)));
    let presets: Vec<(String, String)> = PRESETS
        .iter()
        .filter(|p| Rules::preset(game, p).is_ok())
        .map(|p| {
            let label = if *p == "family" {
                K::PresetFamily
            } else {
                K::PresetParlett
            };
            (p.to_string(), lang.t(label).to_string())
        })
        .collect();
    let label = el("label", "field");
    append(&label, &text_el("span", "", lang.t(K::DialogPreset)));
    let sel = select(
        "",
        ChangedField::Preset,
        &presets,
        setup.rules.preset.name(),
    );
    sel.set_id("preset");
    append(&label, &sel);
    append(&rules, &label);

    let defaults = Rules::parlett(game).end();
    for spec in Rules::option_specs(game) {
        let label = el("label", "field");
        // An option the page has no words for shows its record name.
        let name = i18n::option_label(lang, spec.key).unwrap_or(spec.key);
        append(&label, &text_el("span", "", name));
        let control = if spec.values.is_empty() {
            let input = el("input", "");
            let _ = input.set_attribute("type", "number");
            let _ = input.set_attribute("min", "1");
            let _ = input.set_attribute("inputmode", "numeric");
            set_data(&input, RuleOption(spec.key));
            let hint = match (spec.key, defaults) {
                ("target", GameEnd::Target(v)) => lang.tf(K::DefaultTarget, &[&v.to_string()]),
                ("deals", GameEnd::Deals(v)) => lang.tf(K::DefaultDeals, &[&v.to_string()]),
                _ => lang.t(K::OptionDefault).to_string(),
            };
            let _ = input.set_attribute("placeholder", &hint);
            input
        } else {
            let choices: Vec<(String, String)> = spec
                .values
                .iter()
                .map(|v| {
                    let label = i18n::option_value_label(lang, spec.key, v).unwrap_or(v);
                    (v.to_string(), label.to_string())
                })
                .collect();
            select("", RuleOption(spec.key), &choices, "")
        };
        append(&label, &control);
        append(&rules, &label);
    }
    append(&body, &rules);
    fill_options(&setup.rules);
}

/// The new game's rules option controls, each with its option.
fn option_controls() -> Vec<(&'static str, Element)> {
    let selector = format!("#new-game-dialog [{}]", RuleOption::ATTRIBUTE);
    let Ok(list) = doc().query_selector_all(&selector) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|node| {
            let e: Element = node.unchecked_into();
            get_data(&e).map(|RuleOption(key)| (key, e))
        })
        .collect()
}

/// Shows a rules value in each option control.
fn fill_options(rules: &Rules) {
    for (key, e) in option_controls() {
        match (
            rules.get(key),
            e.dyn_ref::<HtmlSelectElement>(),
            e.dyn_ref::<HtmlInputElement>(),
        ) {
            (Some(OptionValue::Word(w)), Some(s), _) => s.set_value(w),
            (Some(OptionValue::Number(n)), _, Some(input)) => input.set_value(&n.to_string()),
            (None, _, Some(input)) => input.set_value(""),
            _ => {}
        }
    }
}

fn select_value(selector: &str) -> Option<String> {
    let e = doc().query_selector(selector).ok().flatten()?;
    e.dyn_ref::<HtmlSelectElement>().map(|s| s.value())
}

/// What the new game's form holds (read by the listeners when Start is
/// pressed; [`NewGameForm::setup`] checks it).
pub fn form() -> NewGameForm {
    let game = chosen_game();
    let mut options = Vec::new();
    for (key, e) in option_controls() {
        let key = key.to_string();
        if let Some(s) = e.dyn_ref::<HtmlSelectElement>() {
            options.push((key, OptionField::Word(s.value())));
        } else if let Some(input) = e.dyn_ref::<HtmlInputElement>() {
            options.push((key, OptionField::Number(input.value())));
        }
    }
    let seats = (0..game.seats())
        .map(|s| {
            select_value(&format!(
                "#new-game-dialog select{}",
                selector(&SeatOf(s as u8))
            ))
            .unwrap_or_default()
        })
        .collect();
    let seed = doc()
        .get_element_by_id("seed")
        .and_then(|e| e.dyn_into::<HtmlInputElement>().ok())
        .map(|i| i.value())
        .unwrap_or_default();
    NewGameForm {
        game,
        preset: select_value("#preset").unwrap_or_else(|| "parlett".into()),
        options,
        seats,
        seed,
    }
}
