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
/// Constant time in `msg` (its length aside). [`Error::ExpandLength`] for `L = 0` or more than
/// the 65535 bytes `expand_message` can produce (§5.3), checked before anything is allocated.
pub fn hash_to_field<F: MapField, X: ExpandMessage>(
    msg: &[u8],
    dst: &[u8],
    l: usize,
    out: &mut [F],
) -> Result<(), Error> {
    let max = super::expand_message::MAX_LEN;
    let per = F::DEGREE.saturating_mul(l);
    let total = out.len().saturating_mul(per);
    if per == 0 || total > max {
        return Err(Error::ExpandLength { max, got: total });
    }
    let mut bytes = vec![0u8; total];
    X::expand_message(msg, dst, &mut bytes)?;
    for (e, chunk) in out.iter_mut().zip(bytes.chunks_exact(per)) {
        *e = F::from_uniform_bytes(chunk, l);
    }
    Ok(())
}
