//! Curve25519's decoders and verifiers against the dalek crates and ed25519-zebra. Input: a
//! selector byte, then the bytes:
//! - 0: a 32-byte Edwards25519 encoding: `decompress_zip215` against curve25519-dalek's
//!   `decompress` (which also accepts non-canonical `y`), and `decompress` accepting exactly
//!   dalek's canonical ones;
//! - 1: a 32-byte Ristretto255 encoding against curve25519-dalek's `CompressedRistretto`;
//! - 2: Ed25519 `pk (32) ‖ sig (64) ‖ msg`: RFC 8032 verification against ed25519-dalek's
//!   `verify`, strict against its `verify_strict`, ZIP 215 against ed25519-zebra;
//! - 3: X25519 `k (32) ‖ u (32)` against x25519-dalek.
//!
//! Short inputs are zero-padded to the length the selector needs.
#![no_main]

use isochron::curves::curve25519::{EdwardsPoint, RistrettoPoint};
use isochron::protocols::{ed25519, x25519};
use isochron_fuzz::agree;
use libfuzzer_sys::fuzz_target;

fn padded<const N: usize>(b: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    let n = b.len().min(N);
    out[..n].copy_from_slice(&b[..n]);
    out
}

fuzz_target!(|data: &[u8]| {
    let Some((&sel, bytes)) = data.split_first() else { return };
    match sel % 4 {
        0 => {
            let b: [u8; 32] = padded(bytes);
            let theirs = curve25519_dalek::edwards::CompressedEdwardsY(b).decompress();
            let peer = theirs.map(|p| p.compress().to_bytes().to_vec());
            let ours = EdwardsPoint::<isochron::curves::curve25519::Fe>::decompress_zip215(&b)
                .ok()
                .map(|p| p.compress().to_vec());
            agree("edwards25519 (ZIP 215)", &b, ours, peer.clone(), false);
            let strict =
                EdwardsPoint::<isochron::curves::curve25519::Fe>::decompress(&b).ok().map(|p| p.compress().to_vec());
            agree("edwards25519 (canonical)", &b, strict, peer.filter(|e| e[..] == b[..]), true);
        }
        1 => {
            let b: [u8; 32] = padded(bytes);
            let peer = curve25519_dalek::ristretto::CompressedRistretto(b)
                .decompress()
                .map(|p| p.compress().to_bytes().to_vec());
            let ours = RistrettoPoint::<isochron::curves::curve25519::Fe>::decode(&b).ok().map(|p| p.encode().to_vec());
            agree("ristretto255", &b, ours, peer, true);
        }
        2 => {
            let pk: [u8; 32] = padded(bytes);
            let sig: [u8; 64] = padded(bytes.get(32..).unwrap_or(&[]));
            let msg = bytes.get(96..).unwrap_or(&[]);
            let dalek_key = ed25519_dalek::VerifyingKey::from_bytes(&pk);
            let dalek_sig = ed25519_dalek::Signature::from_bytes(&sig);
            let dalek = dalek_key.as_ref().is_ok_and(|k| ed25519_dalek::Verifier::verify(k, msg, &dalek_sig).is_ok());
            let dalek_strict = dalek_key.as_ref().is_ok_and(|k| k.verify_strict(msg, &dalek_sig).is_ok());
            let zebra = ed25519_zebra::VerificationKey::try_from(pk)
                .is_ok_and(|k| k.verify(&ed25519_zebra::Signature::from(sig), msg).is_ok());
            // ed25519-dalek's `verify` accepts a non-canonical key encoding (it reduces y, and
            // keeps and hashes the bytes as given); RFC 8032 mode rejects it, so the comparison
            // holds for canonical keys (those that re-encode to themselves).
            let canonical_key = curve25519_dalek::edwards::CompressedEdwardsY(pk)
                .decompress()
                .is_some_and(|p| p.compress().to_bytes() == pk);
            if canonical_key {
                assert_eq!(ed25519::verify(&pk, msg, &sig), dalek, "rfc8032");
            }
            assert_eq!(ed25519::verify_strict(&pk, msg, &sig), dalek_strict, "strict");
            assert_eq!(ed25519::verify_zip215(&pk, msg, &sig), zebra, "zip215");
        }
        _ => {
            let k: [u8; 32] = padded(bytes);
            let u: [u8; 32] = padded(bytes.get(32..).unwrap_or(&[]));
            assert_eq!(x25519::x25519(&k, &u), x25519_dalek::x25519(k, u), "x25519");
        }
    }
});
