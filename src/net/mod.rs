//! Playing across devices without a server: what two browsers exchange to
//! connect (pure Rust, tested natively; the page's WebRTC calls use it).
//!
//! - [`sdp`]: the few values of a session description a data channel needs,
//!   and the description rebuilt from them.
//! - [`fair`]: fair deals with friends: the host's commitment, the deck
//!   made of every device's randomness, and the guest's check of a deal.
//! - [`fair_flow`]: the steps of a fair deal on the host and on a guest,
//!   driven by the messages.
//! - [`host_link`]: the host's side of online play, one link per friend's
//!   seat: events in, effects out (the page only carries them out).
//! - [`guest_link`]: a guest's side: its hello, the host's messages read
//!   and checked, its moves, the fair deals' check.
//! - [`invite`]: invites and replies packed into a link's fragment.
//! - [`protocol`]: the typed messages of online play and their checks.
//! - [`wire`]: those messages as bytes, written and read.
//! - [`verify`]: a connection's verification code, read aloud over a call.

pub mod fair;
pub mod fair_flow;
pub mod guest_link;
pub mod host_link;
pub mod invite;
pub mod protocol;
pub mod sdp;
pub mod stun;
pub mod verify;
pub mod wire;
