//! X25519 Diffie–Hellman (RFC 7748 §5 and §6.1): 32-byte secret keys (clamped when used),
//! public keys `X25519(k, 9)`, and shared secrets `X25519(k, peer)`, with the all-zero output of
//! a low-order peer key reported as an error (RFC 7748 §6.1: "check … is not the all-zero
//! value and abort if so"). Constant time in the secret key.
//!
//! Public keys are computed on Edwards25519 with the base point's precomputed table and mapped
//! to the Montgomery `u` (RFC 7748 §4.1); this equals the ladder on `u = 9` and is several
//! times faster. The field backend is chosen at run time as for Ed25519 (`field::fiat`).

use subtle::ConstantTimeEq;
use zeroize::Zeroize;

use crate::curves::curve25519::edwards::{EdwardsField, EdwardsPoint};
use crate::curves::curve25519::montgomery;
use crate::curves::curve25519::scalar;
use crate::curves::curve25519::with_backend;
use crate::error::Error;

/// The base point's `u` coordinate, 9 (RFC 7748 §4.1).
pub const BASEPOINT: [u8; 32] = {
    let mut b = [0u8; 32];
    b[0] = 9;
    b
};

/// `X25519(k, u)` (RFC 7748 §5), the raw function: any `u` (its top bit masked), the scalar
/// clamped; no check of the output.
pub fn x25519(k: &[u8; 32], u: &[u8; 32]) -> [u8; 32] {
    with_backend!(ladder(k, u))
}

fn ladder<F: EdwardsField>(k: &[u8; 32], u: &[u8; 32]) -> [u8; 32] {
    montgomery::x25519::<F>(k, u)
}

/// The public key `X25519(k, 9)` of the secret key `k` (RFC 7748 §6.1).
pub fn public_key(secret: &[u8; 32]) -> [u8; 32] {
    with_backend!(base_u(secret))
}

/// `u([clamp(k)]·B)` through the Edwards base point table.
fn base_u<F: EdwardsField>(k: &[u8; 32]) -> [u8; 32] {
    let mut c = montgomery::clamp(k);
    // The clamped k is below 2^255; B has order ℓ, so [k]B = [k mod ℓ]B.
    let mut s = scalar::from_bytes_mod_order(&c);
    let u = EdwardsPoint::<F>::mul_base(&s).to_montgomery_u();
    c.zeroize();
    s.zeroize();
    u
}

/// The shared secret `X25519(k, peer)` (RFC 7748 §6.1); [`Error::Zero`] when it is all zeros
/// (the peer's key has small order).
pub fn shared_secret(secret: &[u8; 32], peer: &[u8; 32]) -> Result<[u8; 32], Error> {
    let out = x25519(secret, peer);
    let zero = out.ct_eq(&[0u8; 32]);
    super::verdict::zero_verdict(out, zero)
}
