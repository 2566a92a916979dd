//! Helpers shared by the unit tests: limbs to and from `num-bigint` integers.

use num_bigint::BigUint;

/// The integer whose little-endian 64-bit limbs are `a`.
pub(crate) fn big<const N: usize>(a: &[u64; N]) -> BigUint {
    a.iter().rev().fold(BigUint::default(), |v, &l| (v << 64) + l)
}

/// The little-endian 64-bit limbs of `v < 2^(64N)`.
pub(crate) fn limbs_of<const N: usize>(v: &BigUint) -> [u64; N] {
    let mut r = [0u64; N];
    for (i, d) in v.to_u64_digits().into_iter().enumerate() {
        r[i] = d;
    }
    r
}
