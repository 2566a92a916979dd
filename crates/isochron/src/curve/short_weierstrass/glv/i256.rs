//! 256-bit two's-complement integers for the `const` lattice arithmetic of [`super::Lattice::new`]
//! (GLV 2001 §4), exposed to users as `isochron::hazmat::glv`. Constant time (fixed-width
//! wrapping arithmetic); no overflow checks.

use crate::limbs;

/// A 256-bit two's-complement integer as little-endian limbs, for the `const` lattice
/// arithmetic (all operations wrap modulo `2^256`).
pub type I256 = [u64; 4];

/// `v` as an [`I256`].
pub const fn int(v: i128) -> I256 {
    let ext = if v < 0 { u64::MAX } else { 0 };
    [v as u64, (v >> 64) as u64, ext, ext]
}

/// `a + b mod 2^256`.
pub const fn add(a: &I256, b: &I256) -> I256 {
    limbs::add(a, b).0
}

/// `a − b mod 2^256`.
pub const fn sub(a: &I256, b: &I256) -> I256 {
    limbs::sub(a, b).0
}

/// `a·b mod 2^256`.
pub const fn mul(a: &I256, b: &I256) -> I256 {
    let mut out = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let mut carry = 0;
        let mut j = 0;
        while i + j < 4 {
            let (lo, hi) = limbs::mac(out[i + j], a[i], b[j], carry);
            out[i + j] = lo;
            carry = hi;
            j += 1;
        }
        i += 1;
    }
    out
}
