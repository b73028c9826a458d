//! What the screen reader hears of a render: what happened, as the scene
//! says it (each line once, by its number), then a trick's winner when its
//! note appears, and the end of a deal or the game once, with its scores.

use super::super::announcer::announce;
use super::super::i18n::K;
use crate::page::scene::{Phase, Scene};

#[derive(Default)]
pub struct Readout {
    /// The number of the next line said to write (`Scene::said`).
    next_said: u64,
    last_note: String,
    /// The end panel last read out, by its words.
    announced_end: String,
}

impl Readout {
    pub fn read(&mut self, scene: &Scene) {
        for (n, line) in &scene.said {
            if *n >= self.next_said {
                announce(line);
                self.next_said = n + 1;
            }
        }
        let mut end = String::new();
        if let Some(p) = scene.game_over.as_ref().or(scene.deal_end.as_ref()) {
            let lines: Vec<String> = p.lines.iter().map(|(a, b)| format!("{a}: {b}")).collect();
            let body = format!("{} {}. {}", p.title, lines.join(", "), p.verdict);
            let key = if scene.game_over.is_some() {
                K::AnnGameOver
            } else {
                K::AnnDealOver
            };
            end = scene.lang.tf(key, &[&body]);
        }
        let note = scene.trick.note.clone().unwrap_or_default();
        if !note.is_empty() && self.last_note != note {
            announce(&note);
        }
        self.last_note = note;
        if !end.is_empty() && self.announced_end != end {
            announce(&end);
        }
        if !end.is_empty() || scene.phase == Phase::Playing {
            self.announced_end = end;
        }
    }
}
