//! The rules help: each game's rules in our own words (from the rules text
//! and docs/decisions.md), in English and Japanese, with the keyboard
//! shortcuts and the walkthrough button. A modal `<dialog>`, open at any
//! moment (Help button or `?`). Each paragraph is one line of the texts
//! below; a line starting with "# " is a heading.

use super::dom::{
    append, by_id, clear, dialog_footer, doc, el, set_attr, text_el, Does, FooterButton,
};
use super::i18n::{Lang, K};
use crate::engine::GameKind;
use crate::web::input::{Command, DataAttribute, HelpTab};
use wasm_bindgen::JsCast;
use web_sys::HtmlDialogElement;

const TWO_EN: &str = "Two players, 52 cards, 13 each; the other 26 are the duck-house (stock). Nobody ever has to follow suit: play any card.
# Winning a trick
Same suit as the lead: in the Duck course (while the duck-house has cards) the LOWER card wins and an Ace is lowest; in the Soup course (once it is empty) the HIGHER card wins and an Ace is highest. Stored face down: 1 point.
Another suit: the leader wins, face up: 2 points.
# Quacks
Play a card of the rank led: Quack! The leader then says Duck and gives up the trick (face up, 2), or plays a third card of that rank: Quack-quack. Then you play the fourth for Duck soup (both tricks, face up, 4 points) or discard any card and the leader takes both tricks (face up, 4 points).
# Drawing and scoring
After each trick the winner draws first, then the other, while cards remain (twice after a four-card trick). Each course scores 1 per face-down and 2 per face-up trick; the deal scores Duck points × Soup points. Game to 250; a tie plays another deal.";

const THREE_EN: &str = "Three players, 52 cards plus two Jokers, the Ducks; 9 cards each, 27 in the duck-house. Play goes left. Following suit is never required.
# Winning a trick
Duck course: lowest card of the suit led wins, Ace low. Soup course: highest wins, Ace high. Other suits never win unless they quack. Three cards of the suit led (a Duck of that suit's colour counts as one): face down, 1 point; otherwise face up, 2.
# Quacks
A follower playing the rank led quacks and wins, unless the next player quacks too (Quack-quack) and wins instead. After two quacks the leader may play the fourth card: Quack-quack-quack. Each follower adds a card and the leader wins all six cards, 4 points.
# Ducks
A led Duck names a suit of its colour and wins the trick. Played later it never wins. Nobody can quack a Duck.
# Scoring
Duck points × Soup points each. Three deals.";

const FOUR_EN: &str = "Four players in two partnerships, partners opposite; 13 cards each, no duck-house and no courses.
# High and Low
Each side has a High and a Low member, fixed for the game. An Ace is above the King for a High player and below the Two for a Low player.
# Playing
You must follow suit if you can, but you may always quack instead: play a card of the rank led. If you can do neither, play any card. Up to three quacks may fall; the last quack wins.
# Winning without a quack
A high lead (K Q J 10 9 8, or an Ace from a High player) is won by the highest card of the suit led; a low lead (7 to 2, or an Ace from a Low player) by the lowest.
# Scoring
The winning side's High member keeps high tricks, the Low member low ones. Quack cards count 2, others 1. A side scores the product of its members' counts. Four deals.";

const TWO_JA: &str = "2人で52枚、13枚ずつ配り、残り26枚が山札です。マークを合わせる必要はなく、どのカードも出せます。
# トリックの勝ち負け
リードと同じマーク:ダックステージ(山札がある間)は「低い」カードの勝ちでAが最弱。スープステージ(山札がなくなってから)は「高い」カードの勝ちでAが最強。裏向きで1点。
違うマーク:リードした人の勝ち、表向きで2点。
# クワック
リードと同じ数字を出すとクワック!リードした人は「ダック」と言って降りる(相手が表向き2点)か、3枚目を出してクワッククワック。続いて4枚目を出せばダックスープ(2トリック表向き、4点)、出さなければ好きなカードを捨て、リードした人が2トリックを取ります(表向き、4点)。
# 補充と得点
毎トリック後、勝った人から山札を1枚ずつ引きます(4枚のトリックの後は2回ずつ)。各ステージは裏1点・表2点で数え、ディールの得点はダック点×スープ点。250点で終了、同点ならもう1ディール。";

const THREE_JA: &str = "3人で52枚+ジョーカー2枚(ダック)。9枚ずつ、残り27枚が山札。左回りで、マークを合わせる必要はありません。
# トリックの勝ち負け
ダックステージはリードのマークで一番低いカード(Aは最弱)、スープステージは一番高いカード(Aは最強)の勝ち。違うマークはクワック以外では勝てません。3枚ともリードのマーク(同じ色のダックも含む)なら裏向き1点、それ以外は表向き2点。
# クワック
リードと同じ数字を出すとクワックで勝ち。次の人もクワックすればクワッククワックでその人の勝ち。クワックが2回のあと、リードした人が4枚目を出せばクワッククワッククワック:ほかの2人が1枚ずつ加え、リードした人が6枚すべて(4点)を取ります。
# ダック(ジョーカー)
リードしたダックは同じ色のマークを宣言して必ず勝ちます。2番目以降に出したダックは勝てません。ダックにはクワックできません。
# 得点
各自ダック点×スープ点。3ディールで終了。";

const FOUR_JA: &str = "4人で2人ずつのペア戦。パートナーは向かい合わせ。13枚ずつで、山札もステージもありません。
# ハイとロー
各チームにハイとローが1人ずつ(ゲーム中は固定)。Aはハイの人が出すとKより上、ローの人が出すと2より下です。
# プレイ
出せるならリードのマークを出さなければなりませんが、代わりにいつでもクワック(リードと同じ数字)できます。どちらもできなければ好きなカードを。クワックは最大3回、最後のクワックが勝ちます。
# クワックがないとき
ハイのリード(K Q J 10 9 8、ハイの人のA)はリードのマークで一番高いカード、ローのリード(7〜2、ローの人のA)は一番低いカードの勝ち。
# 得点
勝ったチームのハイがハイのトリックを、ローがローのトリックを取ります。クワックのカードは2点、ほかは1点。チームの得点は2人の点数の積。4ディールで終了。";

fn text(lang: Lang, game: GameKind) -> &'static str {
    match (lang, game) {
        (Lang::En, GameKind::TwoPlayer) => TWO_EN,
        (Lang::En, GameKind::ThreePlayer) => THREE_EN,
        (Lang::En, GameKind::Partnership) => FOUR_EN,
        (Lang::Ja, GameKind::TwoPlayer) => TWO_JA,
        (Lang::Ja, GameKind::ThreePlayer) => THREE_JA,
        (Lang::Ja, GameKind::Partnership) => FOUR_JA,
    }
}

fn game_label(lang: Lang, g: GameKind) -> &'static str {
    lang.t(match g {
        GameKind::TwoPlayer => K::GameTwo,
        GameKind::ThreePlayer => K::GameThree,
        GameKind::Partnership => K::GamePartnership,
    })
}

fn dialog() -> HtmlDialogElement {
    super::dom::dialog("help-dialog", "newgame help")
}

/// Opens the help on the rules of `game` (rebuilt each time, in the current language).
pub fn open(lang: Lang, game: GameKind) {
    let d = dialog();
    clear(&d);
    let form = el("div", "form");
    let head = el("div", "help-head");
    let title = text_el("h2", "", lang.t(K::HelpTitle));
    title.set_id("help-title");
    append(&head, &title);
    let close_x = super::dom::action_button("secondary", Command::CloseDialog);
    close_x.set_text_content(Some(lang.t(K::Close)));
    append(&head, &close_x);
    append(&form, &head);

    let tabs = el("div", "help-games");
    let _ = tabs.set_attribute("role", "group");
    let _ = tabs.set_attribute("aria-label", lang.t(K::HelpRulesFor));
    for g in GameKind::ALL {
        let b = super::dom::button("game-tab");
        super::dom::set_data(&b, HelpTab(g));
        b.set_text_content(Some(game_label(lang, g)));
        append(&tabs, &b);
    }
    append(&form, &tabs);
    let rules = el("section", "help-rules");
    rules.set_id("help-rules");
    let _ = rules.set_attribute("aria-live", "polite");
    append(&form, &rules);

    let keys = el("section", "help-keys");
    append(&keys, &text_el("h3", "", lang.t(K::HelpKeys)));
    let list = el("ul", "");
    for k in [
        K::KeyCards,
        K::KeyPlay,
        K::KeyQuack,
        K::KeyDuck,
        K::KeyHint,
        K::KeyHelp,
        K::KeyEscape,
        K::KeyTab,
        K::KeyReplay,
    ] {
        append(&list, &text_el("li", "", lang.t(k)));
    }
    append(&keys, &list);
    append(&form, &keys);

    dialog_footer(
        &form,
        &[
            FooterButton {
                id: Some("start-tutorial"),
                label: lang.t(K::HelpWalkthrough),
                primary: false,
                does: Does::Action(Command::Tutorial),
            },
            FooterButton {
                id: Some("help-close"),
                label: lang.t(K::Close),
                primary: true,
                does: Does::Action(Command::CloseDialog),
            },
        ],
    );
    append(&d, &form);
    show_game(lang, game);
    if !d.open() {
        let _ = d.show_modal();
    }
    // Focus on the shown game's tab: the top of the help stays in view.
    if let Some(h) = doc()
        .query_selector("#help-dialog [aria-pressed=\"true\"]")
        .ok()
        .flatten()
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = h.focus();
    }
}

/// Shows one game's rules in the open help.
pub fn show_game(lang: Lang, game: GameKind) {
    let Some(rules) = by_id("help-rules") else {
        return;
    };
    clear(&rules);
    append(&rules, &text_el("h3", "", game_label(lang, game)));
    for line in text(lang, game).lines() {
        match line.strip_prefix("# ") {
            Some(h) => append(&rules, &text_el("h4", "", h)),
            None => append(&rules, &text_el("p", "", line)),
        }
    }
    if let Ok(list) = doc().query_selector_all(&format!("#help-dialog [{}]", HelpTab::ATTRIBUTE)) {
        for i in 0..list.length() {
            if let Some(b) = list
                .item(i)
                .and_then(|n| n.dyn_into::<web_sys::Element>().ok())
            {
                // (A tab's value is its game's name.)
                let on = b.get_attribute(HelpTab::ATTRIBUTE).as_deref() == Some(game.name());
                set_attr(&b, "aria-pressed", if on { "true" } else { "false" });
            }
        }
    }
}
