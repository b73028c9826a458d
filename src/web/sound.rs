//! The quack, synthesized with the Web Audio API (no sound file): a short
//! nasal burst (sawtooth plus a detuned square) with a falling pitch through
//! a band-pass filter, one blip per "quack" of the call. Every sound started
//! is counted, and the view shows the count in `body[data-sounds-played]`
//! (the scene's flags) so that tests can see it.

use crate::engine::Call;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{AudioContext, BiquadFilterType, OscillatorType};

/// The page's sound, owned by the controller: whether it is muted, the
/// audio context once a gesture has allowed one, and how many sounds have
/// started (published for tests).
pub struct Sound {
    /// Shared with the idle callback that makes the context after a click.
    ctx: Rc<RefCell<Option<AudioContext>>>,
    /// The context's making is already asked for (once is enough).
    making: Cell<bool>,
    muted: bool,
    played: u32,
}

impl Sound {
    /// The remembered choice (muted or not), nothing played yet.
    pub fn new() -> Sound {
        Sound {
            ctx: Rc::new(RefCell::new(None)),
            making: Cell::new(false),
            muted: super::storage::muted(),
            played: 0,
        }
    }

    /// How many sounds have started.
    pub fn played(&self) -> u32 {
        self.played
    }

    pub fn muted(&self) -> bool {
        self.muted
    }

    /// Mutes or unmutes, and remembers the choice for the next visit.
    pub fn set_muted(&mut self, muted: bool) {
        self.muted = muted;
        super::storage::set_muted(muted);
    }

    /// Lets sound start; call from a user gesture, which browsers require
    /// first. Creating the AudioContext takes 10-15 ms in Chromium (a long
    /// task on a slow phone), so a click or key never waits for it: it is
    /// made when the page is next idle (the browser remembers that the person
    /// has interacted), or at the first sound, whichever comes first.
    pub fn unlock(&self) {
        if self.muted {
            return;
        }
        if self.ctx.borrow().is_some() {
            with_ctx(&self.ctx, |ctx| {
                let _ = ctx.resume();
            });
        } else if !self.making.replace(true) {
            let ctx = self.ctx.clone();
            when_idle(move || {
                with_ctx(&ctx, |ctx| {
                    let _ = ctx.resume();
                })
            });
        }
    }

    /// Plays the sound of a call: one quack per "quack" in it.
    pub fn call(&mut self, call: Call) {
        if self.muted {
            return;
        }
        let mut started = false;
        with_ctx(&self.ctx, |ctx| {
            let now = ctx.current_time() + 0.02;
            for &(at, from, to, len) in blips(call) {
                if quack(ctx, now + at, from, to, len).is_ok() {
                    started = true;
                }
            }
        });
        if started {
            self.played += 1;
        }
    }
}

/// Where the browser has no idle callbacks (Safari): long enough for the
/// click's frame to be painted first.
const UNLOCK_DELAY_MS: i32 = 100;

/// Runs `f` once the page is next idle, away from any click's or render's
/// task (should a sound come first, it makes the context itself).
fn when_idle(f: impl FnOnce() + 'static) {
    let Some(w) = web_sys::window() else {
        return;
    };
    // (The closure type gloo's timers use: its code is in the page already.)
    let f = Closure::once(f);
    let f_js = f.as_ref().unchecked_ref();
    if w.request_idle_callback(f_js).is_err() {
        let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(f_js, UNLOCK_DELAY_MS);
    }
    f.forget();
}

fn with_ctx(cell: &RefCell<Option<AudioContext>>, f: impl FnOnce(&AudioContext)) {
    let mut c = cell.borrow_mut();
    if c.is_none() {
        *c = AudioContext::new().ok();
    }
    if let Some(ctx) = c.as_ref() {
        f(ctx);
    }
}

/// A call's quacks: (start, pitch from, pitch to, length) of each.
fn blips(call: Call) -> &'static [(f64, f32, f32, f64)] {
    match call {
        // (start, pitch from, pitch to, length)
        Call::Quack => &[(0.0, 560.0, 330.0, 0.17)],
        Call::QuackQuack => &[(0.0, 560.0, 340.0, 0.15), (0.19, 600.0, 350.0, 0.16)],
        Call::QuackQuackQuack => &[
            (0.0, 560.0, 340.0, 0.14),
            (0.17, 600.0, 350.0, 0.14),
            (0.34, 640.0, 360.0, 0.17),
        ],
        Call::DuckSoup => &[
            (0.0, 520.0, 330.0, 0.13),
            (0.15, 580.0, 350.0, 0.13),
            (0.30, 660.0, 420.0, 0.13),
            (0.45, 760.0, 380.0, 0.24),
        ],
        // The leader gives up: one long, low, disappointed quack.
        Call::Duck => &[(0.0, 420.0, 210.0, 0.30)],
    }
}

fn quack(
    ctx: &AudioContext,
    t0: f64,
    from: f32,
    to: f32,
    len: f64,
) -> Result<(), wasm_bindgen::JsValue> {
    let end = t0 + len;
    let saw = ctx.create_oscillator()?;
    saw.set_type(OscillatorType::Sawtooth);
    let sq = ctx.create_oscillator()?;
    sq.set_type(OscillatorType::Square);
    for (osc, k) in [(&saw, 1.0f32), (&sq, 1.503)] {
        let f = osc.frequency();
        f.set_value_at_time(from * k, t0)?;
        f.linear_ramp_to_value_at_time(from * k * 1.06, t0 + 0.03)?;
        f.exponential_ramp_to_value_at_time(to * k, end)?;
    }
    // The nasal colour: a band around 1.2 kHz, then a gentler one higher up.
    let band = ctx.create_biquad_filter()?;
    band.set_type(BiquadFilterType::Bandpass);
    band.frequency().set_value_at_time(1250.0, t0)?;
    band.frequency()
        .exponential_ramp_to_value_at_time(900.0, end)?;
    band.q().set_value(3.5);
    let peak = ctx.create_biquad_filter()?;
    peak.set_type(BiquadFilterType::Peaking);
    peak.frequency().set_value(2600.0);
    peak.q().set_value(2.0);
    peak.gain().set_value(8.0);
    let sq_gain = ctx.create_gain()?;
    sq_gain.gain().set_value(0.35);
    let env = ctx.create_gain()?;
    let g = env.gain();
    g.set_value_at_time(0.0001, t0)?;
    g.exponential_ramp_to_value_at_time(0.5, t0 + 0.018)?;
    g.exponential_ramp_to_value_at_time(0.28, t0 + len * 0.55)?;
    g.exponential_ramp_to_value_at_time(0.0001, end)?;

    saw.connect_with_audio_node(&band)?;
    sq.connect_with_audio_node(&sq_gain)?;
    sq_gain.connect_with_audio_node(&band)?;
    band.connect_with_audio_node(&peak)?;
    peak.connect_with_audio_node(&env)?;
    env.connect_with_audio_node(&ctx.destination())?;
    for osc in [&saw, &sq] {
        osc.start_with_when(t0)?;
        osc.stop_with_when(end + 0.02)?;
    }
    Ok(())
}
