//! secp256k1 and P-256 points in SEC1 form (SEC 1 v2 §2.3.3–2.3.4): compressed (33 bytes,
//! `0x02`/`0x03`) and uncompressed (65 bytes, `0x04`), against RustCrypto's `k256` and `p256`.
//! isochron accepts the SEC1 prefixes `0x02`, `0x03`, `0x04` only; for any other first byte
//! only its rejection is checked, because the peers also decode the identity (`0x00`) and the
//! `sec1` crate's non-SEC1 "compact" form (`0x05`, x alone). Input: a selector byte (bit 0:
//! P-256), then the encoding (any length).
#![no_main]

use isochron::curves::{p256 as iso_p256, secp256k1 as iso_k256};
use isochron_fuzz::agree;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, bytes)) = data.split_first() else { return };
    let compressed = bytes.first() != Some(&4);
    if sel & 1 == 1 {
        let ours = iso_p256::PointAffine::from_sec1_bytes(bytes).ok().map(|p| {
            if compressed {
                p.to_sec1_compressed().to_vec()
            } else {
                p.to_sec1_uncompressed().to_vec()
            }
        });
        if !matches!(bytes.first(), Some(2..=4)) {
            assert!(ours.is_none(), "isochron accepts a prefix other than 02, 03, 04");
            return;
        }
        agree("p256 SEC1", bytes, ours, peer::p256(bytes, compressed), true);
    } else {
        let ours = iso_k256::PointAffine::from_sec1_bytes(bytes).ok().map(|p| {
            if compressed {
                p.to_sec1_compressed().to_vec()
            } else {
                p.to_sec1_uncompressed().to_vec()
            }
        });
        if !matches!(bytes.first(), Some(2..=4)) {
            assert!(ours.is_none(), "isochron accepts a prefix other than 02, 03, 04");
            return;
        }
        agree("secp256k1 SEC1", bytes, ours, peer::k256(bytes, compressed), true);
    }
});

/// The peers: `FromSec1Point::from_sec1_bytes`, re-encoded in the input's form.
mod peer {
    use k256::elliptic_curve::sec1::{FromSec1Point, ToSec1Point};

    pub fn k256(b: &[u8], compressed: bool) -> Option<Vec<u8>> {
        let p = k256::AffinePoint::from_sec1_bytes(b).ok()?;
        Some(p.to_sec1_point(compressed).as_bytes().to_vec())
    }

    pub fn p256(b: &[u8], compressed: bool) -> Option<Vec<u8>> {
        let p = p256::AffinePoint::from_sec1_bytes(b).ok()?;
        Some(p.to_sec1_point(compressed).as_bytes().to_vec())
    }
}
