//! `hash_to_field` (RFC 9380 §5.2): `count` field elements from `expand_message` output, each
//! coefficient the reduction mod `p` of an `L`-byte big-endian integer.

use alloc::vec;

use super::{ExpandMessage, MapField};
use crate::error::Error;

/// `L = ⌈(⌈log2 p⌉ + k) / 8⌉`, the bytes per coefficient for a `modulus_bits`-bit prime and
/// security level `k` bits (RFC 9380 §5.1): 64 for BLS12-381 and 48 for BN254 at `k = 128`.
pub const fn coefficient_len(modulus_bits: u32, k: u32) -> usize {
    (modulus_bits + k).div_ceil(8) as usize
}

/// `hash_to_field(msg, count)` with `count = out.len()` and `L = l` (RFC 9380 §5.2): expands
/// `msg` under `dst` to `count·m·L` bytes with `X` and reduces each `L`-byte chunk mod `p`.
/// Constant time in `msg` (its length aside).
pub fn hash_to_field<F: MapField, X: ExpandMessage>(
    msg: &[u8],
    dst: &[u8],
    l: usize,
    out: &mut [F],
) -> Result<(), Error> {
    let per = F::DEGREE * l;
    let mut bytes = vec![0u8; out.len() * per];
    X::expand_message(msg, dst, &mut bytes)?;
    for (e, chunk) in out.iter_mut().zip(bytes.chunks_exact(per)) {
        *e = F::from_uniform_bytes(chunk, l);
    }
    Ok(())
}
