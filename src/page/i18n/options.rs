//! The rules options of the new-game dialog in words. The engine names its
//! options and their values by the record's words (`Rules::option_specs`);
//! here each of those names a key in [`K`], so both languages must give its
//! text to compile. A name the page does not know is `None`: the dialog then
//! shows the record's own word rather than nothing, and the test below fails
//! until the engine's new option has its keys here.

use super::{Lang, K};

/// The label of a rules option, by its record name (e.g. `duck_winner`).
pub fn option_label(lang: Lang, option: &str) -> Option<&'static str> {
    option_key(option).map(|k| lang.t(k))
}

/// The label of one value of a rules option, by the option's and the value's
/// record words (e.g. `duck_winner`, `lower`).
pub fn option_value_label(lang: Lang, option: &str, word: &str) -> Option<&'static str> {
    value_key(option, word).map(|k| lang.t(k))
}

fn option_key(option: &str) -> Option<K> {
    Some(match option {
        "duck_winner" => K::OptDuckWinner,
        "single_quack_trick" => K::OptSingleQuackTrick,
        "conceded_second_trick" => K::OptConcededSecondTrick,
        "scoring" => K::OptScoring,
        "combine" => K::OptCombine,
        "target" => K::OptTarget,
        "deals" => K::OptDeals,
        _ => return None,
    })
}

/// Two-player `scoring` combines the courses (multiply, add); three-player
/// `scoring` counts (tricks, cards): their words differ, so one table serves both.
fn value_key(option: &str, word: &str) -> Option<K> {
    Some(match (option, word) {
        ("duck_winner", "lower") => K::DuckWinnerLower,
        ("duck_winner", "higher") => K::DuckWinnerHigher,
        ("single_quack_trick", "up") => K::SingleQuackUp,
        ("single_quack_trick", "down") => K::SingleQuackDown,
        ("conceded_second_trick", "up") => K::ConcededUp,
        ("conceded_second_trick", "by_suit") => K::ConcededBySuit,
        ("scoring", "multiply") => K::ScoringMultiply,
        ("scoring", "add") => K::ScoringAdd,
        ("scoring", "tricks") => K::ScoringTricks,
        ("scoring", "cards") => K::ScoringCards,
        ("combine", "multiply") => K::CombineMultiply,
        ("combine", "add") => K::CombineAdd,
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{GameKind, Rules};

    #[test]
    fn every_option_of_every_game_has_words() {
        for game in GameKind::ALL {
            for spec in Rules::option_specs(game) {
                assert!(
                    option_key(spec.key).is_some(),
                    "{game}: {} has no label",
                    spec.key
                );
                for word in spec.values {
                    assert!(
                        value_key(spec.key, word).is_some(),
                        "{game}: {}:{word} has no label",
                        spec.key
                    );
                }
            }
        }
        assert_eq!(option_label(Lang::En, "bogus"), None);
    }
}
