//! Playing across devices without a server: what two browsers exchange to
//! connect (pure Rust, tested natively; the page's WebRTC calls use it).
//!
//! - [`sdp`]: the few values of a session description a data channel needs,
//!   and the description rebuilt from them.
//! - [`invite`]: invites and replies packed into a link's fragment.
//! - [`protocol`]: the typed messages of online play and their checks.
//! - [`wire`]: those messages as bytes, written and read.

pub mod invite;
pub mod protocol;
pub mod sdp;
pub mod stun;
pub mod wire;
