//! The page's one event scheme: a delegated listener per event type on the
//! document turns DOM events into [`Action`]s for the controller. Elements
//! say what they do with `data-action` (clicks) and `data-change` (form
//! controls); keys are shortcuts or keyboard navigation ([`keyboard`]), and
//! the focus entering a card of the hand moves its tab stop there.
//! The Share and records dialog, the replay viewer's bar and the deal
//! review say theirs with `data-rec`, online play's dialogs with `data-net`,
//! the help's tabs with `data-help-game`. Every attribute's text is read
//! here, in one place ([`data`]), into its typed value (`page::input`);
//! text that names none is said on the console, never silently ignored.
//!
//! [`keyboard`]: super::keyboard

use super::controller::parts::{OnlineInput, Page, Parts, ViewerInput};
use super::controller::{self, Shared};
use super::dom::doc;
use super::i18n::Lang;
use super::keyboard;
use crate::net::invite::Invite;
use crate::page::dialog::DialogKind;
use crate::page::input::{
    one_line, selector, CardChoice, CardShown, ChangedField, Command, CopyField, DataAttribute,
    HelpTab, NetCommand, RecordsButton, RecordsCommand, SeatOf, SuitChoice,
};
use crate::page::model::{
    Action, AssistAction, AuthorForm, Closed, DialogAction, Dispatch, NetEvent, NetInput,
    PanelAction, RecordsAction, ReviewAction, Step, TableAction,
};
use crate::page::replay::ViewerMsg;
use gloo::events::{EventListener, EventListenerOptions};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use web_sys::{
    Element, Event, HtmlDialogElement, HtmlInputElement, HtmlSelectElement, KeyboardEvent,
};

/// Listens on the document for as long as the page lives.
pub fn listen(controller: &Shared) {
    let d = doc();
    let weak = Rc::downgrade(controller);
    EventListener::new(&d, "click", move |e| {
        let action = clicked(e);
        controller::with(&weak, move |c| {
            // Browsers let sound start only after a gesture.
            c.unlock_sound();
            if let Some(action) = action {
                c.act(action);
            }
        });
    })
    .forget();

    let weak = Rc::downgrade(controller);
    EventListener::new(&d, "change", move |e| {
        let weak = weak.clone();
        let dispatch: Dispatch = Rc::new(move |a| controller::with(&weak, move |c| c.act(a)));
        if let Some(action) = changed(e, &dispatch) {
            dispatch(action);
        }
    })
    .forget();

    // The hand's tab stop stays on the card the focus is on, however it got
    // there (Tab, a click, the arrow keys), as cards come and go around it.
    let weak = Rc::downgrade(controller);
    EventListener::new(&d, "focusin", move |e| {
        let Some(card) = target(e).and_then(|t| keyboard::hand_card(&t)) else {
            return;
        };
        // A render's own focus call is answered once that render is done (the
        // controller is busy meanwhile); by then the focus may have moved on.
        controller::with(&weak, move |c| {
            if keyboard::focused_hand_card() == Some(card) {
                c.act(Action::Assist(AssistAction::FocusCard(card)));
            }
        });
    })
    .forget();

    // A dialog the browser closed (its Close button, Esc) is no longer
    // open in the controller's state either (one the view closed is gone
    // from it already); when the focus has nowhere to go back to (a dialog
    // that opened by itself), a render's focus step puts it in the hand.
    // (`close` does not bubble: heard while it goes down.)
    let weak = Rc::downgrade(controller);
    let capture = EventListenerOptions::run_in_capture_phase();
    EventListener::new_with_options(&d, "close", capture, move |e| {
        let Some(d) = target(e) else {
            return;
        };
        let closed = match DialogKind::of_id(&d.id()) {
            Some(DialogKind::Join) => Parts::join_closed(),
            Some(kind) => Closed::Dialog(kind),
            None => Closed::Other,
        };
        controller::with(&weak, |c| {
            c.act(Action::Dialog(DialogAction::Closed(closed)))
        });
    })
    .forget();

    // Not passive: arrow keys and Tab are taken over (preventDefault).
    let weak = Rc::downgrade(controller);
    let opts = EventListenerOptions::enable_prevent_default();
    EventListener::new_with_options(&d, "keydown", opts, move |e| {
        let Some(k) = e.dyn_ref::<KeyboardEvent>() else {
            return;
        };
        // (The browser's own shortcuts stay the browser's, but for Ctrl+Z
        // or ⌘Z: take back, outside a dialog's text fields.)
        let undo = !k.alt_key() && !k.shift_key() && k.key().eq_ignore_ascii_case("z");
        if (k.ctrl_key() || k.meta_key() || k.alt_key()) && !undo {
            return;
        }
        let (action, handled) = key_pressed(k);
        if handled {
            e.prevent_default();
        }
        if let Some(action) = action {
            controller::with(&weak, move |c| {
                // (A key is a gesture too: without this, a keyboard's first
                // sound would make the audio context inside its own task.)
                c.unlock_sound();
                c.act(action)
            });
        }
    })
    .forget();
}

/// The action of a change in a form control (`data-change`), with what it
/// now holds; a record file chosen is read here, and its text dispatched.
fn changed(e: &Event, dispatch: &Dispatch) -> Option<Action> {
    let control = target(e)?;
    let action = match data::<ChangedField>(&control)? {
        ChangedField::Game => {
            Action::Dialog(DialogAction::GameChanged(super::dialog::chosen_game()))
        }
        ChangedField::Preset => Action::Dialog(DialogAction::PresetChanged(
            super::dialog::chosen_game(),
            super::dialog::chosen_preset(),
        )),
        ChangedField::Setting => {
            Action::Assist(AssistAction::SettingChanged(super::settings::form()))
        }
        ChangedField::Servers => return Parts::servers_changed(),
        ChangedField::RecordFile => {
            // Read here (a file is read in the background), then imported.
            super::records::dialog::read_file(dispatch.clone());
            return None;
        }
        // The replay viewer's fields: a move number, a speed, a seat.
        field @ (ChangedField::ReplayJump
        | ChangedField::ReplaySpeed
        | ChangedField::ReplaySeat) => {
            let n = value_of(&control).trim().parse::<usize>().ok()?;
            Action::Records(match field {
                ChangedField::ReplayJump => RecordsAction::Viewer(ViewerMsg::Jump(n)),
                ChangedField::ReplaySpeed => RecordsAction::Viewer(ViewerMsg::Speed(n)),
                _ => RecordsAction::Viewer(ViewerMsg::Seat(n.min(3) as u8)),
            })
        }
        ChangedField::AuthorPuzzle | ChangedField::AuthorCaption => {
            Action::Records(RecordsAction::AuthorChanged(Parts::author_form()?))
        }
    };
    Some(action)
}

/// The value of an `<input>` or `<select>`.
fn value_of(e: &Element) -> String {
    if let Some(i) = e.dyn_ref::<HtmlInputElement>() {
        return i.value();
    }
    e.dyn_ref::<HtmlSelectElement>()
        .map(HtmlSelectElement::value)
        .unwrap_or_default()
}

fn target(e: &Event) -> Option<Element> {
    e.target().and_then(|t| t.dyn_into::<Element>().ok())
}

/// The action of a click, if it asks for one.
fn clicked(e: &Event) -> Option<Action> {
    let target = target(e)?;
    // A dialog's own Close button: the dialog holds no game state.
    if let Some(b) = target
        .closest(&selector(&Command::CloseDialog))
        .ok()
        .flatten()
    {
        if let Some(d) = b.closest("dialog").ok().flatten() {
            d.unchecked_into::<HtmlDialogElement>().close();
        }
        return None;
    }
    if let Some(tab) = closest::<HelpTab>(&target) {
        return data::<HelpTab>(&tab)
            .map(|HelpTab(game)| Action::Assist(AssistAction::HelpGame(game)));
    }
    if let Some(rec) = closest::<RecordsCommand>(&target) {
        return data(&rec).and_then(records_action).map(Action::Records);
    }
    action_of(&closest::<Command>(&target)?)
}

/// The nearest element from `target` up that carries `A`'s attribute.
fn closest<A: DataAttribute>(target: &Element) -> Option<Element> {
    target
        .closest(&format!("[{}]", A::ATTRIBUTE))
        .ok()
        .flatten()
}

/// The value of `A`'s attribute on `el`, read in one place for every
/// attribute. Text that names no value is a name no part of the page
/// writes (a bug): said on the console (and a failed assertion in a debug
/// build) rather than ignored; nothing is done.
fn data<A: DataAttribute>(el: &Element) -> Option<A> {
    let text = el.get_attribute(A::ATTRIBUTE)?;
    let value = A::read(&text);
    if value.is_none() {
        unknown(A::ATTRIBUTE, &text);
    }
    value
}

fn unknown(attribute: &str, text: &str) {
    let why = format!("an unknown {attribute}: {}", one_line(text));
    web_sys::console::warn_1(&why.as_str().into());
    debug_assert!(false, "{why}");
}

/// What the Share and records dialog's, the replay viewer's and the deal
/// review's buttons ask for, with what the fields concerned hold.
fn records_action(command: RecordsCommand) -> Option<RecordsAction> {
    let text = super::records::dialog::field_text;
    Some(match command {
        RecordsCommand::Button(b) => match b {
            RecordsButton::Open => RecordsAction::Open,
            RecordsButton::Close => RecordsAction::Close,
            RecordsButton::Download => RecordsAction::Download(text(CopyField::RecordText.name())),
            RecordsButton::Daily => RecordsAction::Daily,
            RecordsButton::Import => super::records::dialog::pasted(),
            RecordsButton::First => RecordsAction::Viewer(ViewerMsg::Step(Step::First)),
            RecordsButton::TrickBack => RecordsAction::Viewer(ViewerMsg::Step(Step::TrickBack)),
            RecordsButton::Back => RecordsAction::Viewer(ViewerMsg::Step(Step::Back)),
            RecordsButton::Forward => RecordsAction::Viewer(ViewerMsg::Step(Step::Forward)),
            RecordsButton::TrickForward => {
                RecordsAction::Viewer(ViewerMsg::Step(Step::TrickForward))
            }
            RecordsButton::Last => RecordsAction::Viewer(ViewerMsg::Step(Step::Last)),
            RecordsButton::Play => RecordsAction::Viewer(ViewerMsg::Play),
            RecordsButton::Preview => RecordsAction::Preview(Parts::author_form()?),
            RecordsButton::FullPage => RecordsAction::FullPage,
            RecordsButton::Reveal => RecordsAction::Viewer(ViewerMsg::Reveal),
            RecordsButton::Exit => RecordsAction::Exit,
            RecordsButton::Review => RecordsAction::Review(ReviewAction::Deal),
            RecordsButton::ReviewCancel => RecordsAction::Review(ReviewAction::Cancel),
            RecordsButton::PlayFromHere => RecordsAction::Review(ReviewAction::PlayFromHere),
        },
        RecordsCommand::Copy(field) => RecordsAction::Copy(field, text(field.name())),
        RecordsCommand::ReviewOpen(index) => RecordsAction::Review(ReviewAction::Open(index)),
        RecordsCommand::ReviewIdea(index) => RecordsAction::Review(ReviewAction::Idea(index)),
    })
}

fn action_of(el: &Element) -> Option<Action> {
    Some(match data::<Command>(el)? {
        Command::Play => Action::Table(TableAction::Play(data::<CardShown>(el)?.0)),
        Command::Choice => Action::Table(TableAction::Choice(data::<CardChoice>(el)?.0)),
        Command::Quack => Action::Table(TableAction::Quack),
        Command::Duck => Action::Table(TableAction::Duck),
        Command::DuckSuit => Action::Table(TableAction::DuckSuit(data::<SuitChoice>(el)?.0)),
        Command::Privacy => Action::Table(TableAction::PrivacyContinue),
        Command::NextDeal => Action::Table(TableAction::NextDeal),
        Command::TakeBack => Action::Table(TableAction::TakeBack),
        Command::PlayOut => Action::Table(TableAction::PlayOut),
        Command::PractiseDeal => Action::PractiseDeal,
        Command::PracticeEnd => Action::PracticeEnd,
        Command::NewGame => Action::Dialog(DialogAction::Open),
        Command::StartGame => Action::Dialog(DialogAction::Start(super::dialog::form())),
        Command::CancelDialog => Action::Dialog(DialogAction::Cancel),
        // (A dialog's own Close: handled before, in `clicked`.)
        Command::CloseDialog => return None,
        Command::PlayAgain => Action::PlayAgain,
        Command::Mute => Action::ToggleMute,
        Command::Scores => Action::Panel(PanelAction::Scores),
        Command::ScoresAll => Action::Panel(PanelAction::AllScores),
        Command::Review => Action::Panel(PanelAction::LastTrick),
        Command::Hint => Action::Assist(AssistAction::Hint),
        Command::Help => Action::Assist(AssistAction::Help),
        Command::Settings => Action::Assist(AssistAction::Settings),
        Command::Lang => Action::Assist(AssistAction::SwitchLang),
        Command::Tutorial => Action::Assist(AssistAction::Tutorial),
        Command::TutorialNext => Action::Assist(AssistAction::TutorialNext),
        Command::TutorialEnd => Action::Assist(AssistAction::TutorialEnd),
        // Online play's dialogs: what, and for which seat.
        Command::Net => return Parts::net_click(el),
    })
}

/// A key's action, if any, and whether the browser's own handling is taken
/// over (arrow keys that move, Tab kept in an overlay).
fn key_pressed(k: &KeyboardEvent) -> (Option<Action>, bool) {
    let Some(target) = k.target().and_then(|t| t.dyn_into::<Element>().ok()) else {
        return (None, false);
    };
    let key = k.key();
    if key == "Tab" {
        return (None, keyboard::trap_tab(k));
    }
    if let Some(action) = keyboard::move_in_hand(&target, &key) {
        return (Some(action), true);
    }
    if keyboard::move_in_row(&target, &key) {
        return (None, true);
    }
    // Typing in a dialog is not a shortcut.
    if target.closest("dialog").ok().flatten().is_some() {
        return (None, false);
    }
    // The replay viewer's keys, while it shows (in the viewer's page).
    if let Some(a) = Parts::viewer_key(&target, &key, k.shift_key()) {
        return (Some(Action::Records(a)), true);
    }
    // Ctrl+Z, or ⌘Z on a Mac: take back (the browser's own undo has
    // nothing to undo outside a text field).
    if k.ctrl_key() || k.meta_key() {
        // (Only Ctrl+Z or ⌘Z come this far with a modifier.)
        return (Some(Action::Table(TableAction::TakeBack)), true);
    }
    let action = match key.as_str() {
        "Escape" => Action::Panel(PanelAction::Escape),
        "q" | "Q" => Action::Table(TableAction::Quack),
        "d" | "D" => Action::Table(TableAction::Duck),
        "h" | "H" => Action::Assist(AssistAction::Hint),
        "?" => Action::Assist(AssistAction::Help),
        _ => return (None, false),
    };
    (Some(action), false)
}

/// What online play's own elements and the address say.
impl<const VIEWER: bool> OnlineInput for Page<VIEWER, true> {
    fn net_click(button: &Element) -> Option<Action> {
        let what = data::<NetCommand>(button)?;
        let seat = data::<SeatOf>(button).map(|SeatOf(s)| s);
        match NetInput::of(what, seat, super::net::ui::typed) {
            Some(input) => Some(Action::Net(Box::new(NetEvent::Input(input)))),
            None => {
                unknown(
                    NetCommand::ATTRIBUTE,
                    &format!("{} without its seat", what.name()),
                );
                None
            }
        }
    }

    fn servers_changed() -> Option<Action> {
        let servers = super::net::ui::servers_typed();
        Some(Action::Net(Box::new(NetEvent::Input(NetInput::Servers(
            servers,
        )))))
    }

    fn join_closed() -> Closed {
        Closed::Join(super::net::ui::typed(crate::page::model::Typed::Name))
    }

    fn reply_tab(lang: Lang) -> bool {
        super::net::reply_tab(lang)
    }

    fn invite_in_address(lang: Lang) -> Option<Invite> {
        super::net::invite_in_address(lang)
    }
}

/// A build without online play has no online dialogs (never written
/// there), and leaves invites and replies to online play's page
/// (`www/boot.js` opens them there).
impl<const VIEWER: bool> OnlineInput for Page<VIEWER, false> {
    fn net_click(_: &Element) -> Option<Action> {
        None
    }

    fn servers_changed() -> Option<Action> {
        None
    }

    fn join_closed() -> Closed {
        Closed::Join(String::new())
    }

    fn reply_tab(_: Lang) -> bool {
        false
    }

    fn invite_in_address(_: Lang) -> Option<Invite> {
        None
    }
}

/// What the viewer's own elements say.
impl<const ONLINE: bool> ViewerInput for Page<true, ONLINE> {
    fn viewer_key(target: &Element, key: &str, shift: bool) -> Option<RecordsAction> {
        super::keyboard::viewer_key(target, key, shift)
    }

    fn author_form() -> Option<AuthorForm> {
        super::records::author::form()
    }
}

/// A build without the viewer has neither its bar nor the author's tool
/// (never written there).
impl<const ONLINE: bool> ViewerInput for Page<false, ONLINE> {
    fn viewer_key(_: &Element, _: &str, _: bool) -> Option<RecordsAction> {
        None
    }

    fn author_form() -> Option<AuthorForm> {
        None
    }
}
