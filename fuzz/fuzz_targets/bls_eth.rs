//! Ethereum BLS (`isochron::bls::eth`) key and signature decoding against blst's `min_pk`:
//! `PublicKey::from_bytes` (KeyValidate: on the curve, in G1, not the identity),
//! `PublicKey::from_bytes_unchecked` (no subgroup check), `PublicKey::from_uncompressed`,
//! `Signature::from_bytes` (in G2; the identity decodes) and `SecretKey::from_bytes`
//! (32 bytes, `0 < sk < r`). Input: a selector byte (its value mod 5 picks the decoder), then
//! the encoding (any length).
#![no_main]

use isochron::bls::eth::{PublicKey, SecretKey, Signature};
use isochron_fuzz::agree;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&sel, b)) = data.split_first() else { return };
    match sel % 5 {
        0 => agree(
            "PublicKey::from_bytes",
            b,
            PublicKey::from_bytes(b).ok().map(|k| k.to_bytes().to_vec()),
            peer::pk(b, true),
            true,
        ),
        1 => agree(
            "PublicKey::from_bytes_unchecked",
            b,
            PublicKey::from_bytes_unchecked(b).ok().map(|k| k.to_bytes().to_vec()),
            peer::pk(b, false),
            true,
        ),
        2 => {
            let ours = PublicKey::from_uncompressed(b).ok().map(|k| k.to_uncompressed().to_vec());
            agree("PublicKey::from_uncompressed", b, ours, peer::pk_uncompressed(b), true);
        }
        3 => agree(
            "Signature::from_bytes",
            b,
            Signature::from_bytes(b).ok().map(|s| s.to_bytes().to_vec()),
            peer::sig(b),
            true,
        ),
        _ => agree(
            "SecretKey::from_bytes",
            b,
            SecretKey::from_bytes(b).ok().map(|k| k.to_bytes().to_vec()),
            peer::sk(b),
            true,
        ),
    }
});

/// blst (`min_pk`: keys in G1, signatures in G2), the peer.
mod peer {
    use blst::min_pk::{PublicKey, SecretKey, Signature};
    use blst::BLST_ERROR;

    /// A compressed key; `validate` rejects the identity first, then points outside G1 (only
    /// the former when unchecked).
    pub fn pk(b: &[u8], checked: bool) -> Option<Vec<u8>> {
        let k = match PublicKey::uncompress(b) {
            Ok(k) => k,
            // blst's decoder itself rejects the two curve points with x = 0, (0, ±2), as "not in
            // group" (blst/src/e1.c, POINTonE1_Uncompress_Z): they are on the curve, so without
            // the subgroup check they are valid, and the canonical input is their encoding.
            Err(BLST_ERROR::BLST_POINT_NOT_IN_GROUP) if !checked => return Some(b.to_vec()),
            Err(_) => return None,
        };
        match k.validate() {
            Ok(()) => {}
            Err(BLST_ERROR::BLST_POINT_NOT_IN_GROUP) if !checked => {}
            Err(_) => return None,
        }
        Some(k.compress().to_vec())
    }

    /// An uncompressed key (96 bytes, compression flag clear), fully validated.
    pub fn pk_uncompressed(b: &[u8]) -> Option<Vec<u8>> {
        if b.len() != 96 {
            return None;
        }
        let k = PublicKey::deserialize(b).ok()?;
        k.validate().ok()?;
        Some(k.serialize().to_vec())
    }

    /// A compressed signature in G2; the identity is accepted (`sig_infcheck = false`).
    pub fn sig(b: &[u8]) -> Option<Vec<u8>> {
        let s = Signature::uncompress(b).ok()?;
        s.validate(false).ok()?;
        Some(s.compress().to_vec())
    }

    pub fn sk(b: &[u8]) -> Option<Vec<u8>> {
        SecretKey::from_bytes(b).ok().map(|k| k.to_bytes().to_vec())
    }
}
