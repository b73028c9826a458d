//! A connection's verification code: six digits that the host's page and
//! the guest's both show, made from the two DTLS certificate fingerprints
//! of the connection (the host's, in its offer, which the invite carries;
//! the guest's, in its answer, which the reply carries). Each browser
//! checks the other's certificate against the fingerprint it was given, so
//! the same code on both devices, compared over a call, shows that the
//! descriptions each side used are the ones the other side made: nobody
//! who carried the links swapped one for their own and sits in the middle.
//! A device that answered an invite first (a stranger in a group chat)
//! shows the host a code that the friend's page does not.
//!
//! The code is SHA-256 of a tag and both fingerprints, host's first, each
//! with its length first (as `net::fair` hashes its parts), its first eight
//! bytes read as a little-endian number, modulo a million, shown as two
//! groups of three digits ("482 019"): digits read aloud alike in English
//! and Japanese, and short enough to say.

use super::sdp::{fingerprint_of, Connection, SdpError};
use sha2::{Digest, Sha256};
use std::fmt;

const TAG: &[u8] = b"duck-soup/verification-code/1";

/// A connection's verification code: a number below a million, shown as
/// "482 019".
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Code(u32);

impl Code {
    /// The code of a connection between the host's certificate `host` and
    /// the guest's `guest` (SHA-256 fingerprints; the order matters).
    pub fn between(host: &[u8; 32], guest: &[u8; 32]) -> Code {
        let mut h = Sha256::new();
        for part in [TAG, host, guest] {
            h.update((part.len() as u64).to_le_bytes());
            h.update(part);
        }
        let digest: [u8; 32] = h.finalize().into();
        let mut first = [0u8; 8];
        first.copy_from_slice(&digest[..8]);
        // (2^64 is no multiple of a million: the first 551,616 codes come
        // up once in 18 trillion more often, which no one can use.)
        Code((u64::from_le_bytes(first) % 1_000_000) as u32)
    }

    /// The code of the connection the host's `offer` (as its invite
    /// carries it) and the guest's `answer` (as its reply carries it) make.
    pub fn of(offer: &Connection, answer: &Connection) -> Code {
        Code::between(&offer.fingerprint, &answer.fingerprint)
    }

    /// The code of the connection an offer's and an answer's SDP make, or
    /// why either cannot have one (no fingerprint, or not SHA-256).
    pub fn of_descriptions(offer: &str, answer: &str) -> Result<Code, SdpError> {
        Ok(Code::between(
            &fingerprint_of(offer)?,
            &fingerprint_of(answer)?,
        ))
    }

    /// The code as a number below a million.
    pub fn number(self) -> u32 {
        self.0
    }
}

/// Two groups of three digits, zeros kept: "482 019", "000 705".
impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:03} {:03}", self.0 / 1000, self.0 % 1000)
    }
}
