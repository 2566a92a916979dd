//! Modular inversion of plain (non-Montgomery) integers.
//!
//! STUB: Fermat placeholders until the safegcd implementation lands.

use crate::limbs::{self, mont};

/// `a⁻¹ mod m` for `0 ≤ a < m`, `m` an odd prime; returns 0 for `a = 0`. Constant time.
pub fn ct_inverse_mod<const N: usize>(a: &[u64; N], m: &[u64; N]) -> [u64; N] {
    // Fermat in Montgomery arithmetic: treat a as a Montgomery value x = a·R⁻¹; x^(m-2) gives
    // a^(m-2)·R^-(m-2)... (placeholder: computed through explicit conversions).
    let inv = mont::neg_inv64(m[0]);
    let r = mont::pow2_mod(64 * N, m);
    let r2 = mont::pow2_mod(128 * N, m);
    let am = mont::mul(a, &r2, m, inv); // a·R
    let e = limbs::sub(m, &limbs::from_u64(2)).0;
    let x = mont::pow_vartime(&am, &e, &r, m, inv); // a⁻¹·R
    mont::redc(&x, &[0; N], m, inv) // a⁻¹
}

/// `a⁻¹ mod m`, variable time in `a` (public data only); 0 for `a = 0`.
pub fn inverse_mod_vartime<const N: usize>(a: &[u64; N], m: &[u64; N]) -> [u64; N] {
    ct_inverse_mod(a, m)
}
