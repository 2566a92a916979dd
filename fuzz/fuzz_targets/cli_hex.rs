//! The `isochron` command's hex arguments (`isochron_cli::hex::decode`: optional `0x`/`0X`,
//! digits in either case) against the `hex` crate after the same prefix rule; the error kinds
//! (odd length, bad digit) and the lower-case re-encoding must agree too. Input: any bytes,
//! read as UTF-8 (invalid sequences replaced).
#![no_main]

use isochron_cli::hex::{self, HexError};
use isochron_fuzz::agree;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let s = String::from_utf8_lossy(data);
    let ours = hex::decode(&s);
    let theirs = peer::decode(&s);
    match (&ours, &theirs) {
        (Err(HexError::OddLength), Err(::hex::FromHexError::OddLength))
        | (Err(HexError::InvalidDigit), Err(::hex::FromHexError::InvalidHexCharacter { .. })) => {}
        (Ok(_), Ok(_)) => {
            let o = ours.as_ref().map(|v| hex::encode(v)).ok();
            let p = theirs.as_ref().map(::hex::encode).ok();
            assert_eq!(o, p, "{s:?}: different re-encodings");
            let stripped = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")).unwrap_or(&s);
            agree("cli hex", data, ours.ok(), theirs.ok(), false);
            assert_eq!(o.unwrap(), stripped.to_ascii_lowercase(), "{s:?}: the re-encoding is not the input");
        }
        _ => panic!("cli hex: isochron {ours:?}, the hex crate {theirs:?} for {s:?}"),
    }
});

/// The `hex` crate, the peer, after the CLI's documented prefix rule.
mod peer {
    pub fn decode(s: &str) -> Result<Vec<u8>, ::hex::FromHexError> {
        ::hex::decode(s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")).unwrap_or(s))
    }
}
