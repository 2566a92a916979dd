//! x86-64 Montgomery multiplication and squaring with MULX/ADCX/ADOX (BMI2 + ADX), for N = 4
//! and N = 6 limbs and spare-bit moduli. Selected at run time by [`available`].
//!
//! STUB: to be replaced by the assembly kernels; falls back to the portable code.

use super::mont;

/// Whether the CPU has BMI2 and ADX (checked once and cached).
#[inline(always)]
pub fn available() -> bool {
    false
}

/// Montgomery product for N ∈ {4, 6}; callers check [`available`] first.
#[inline(always)]
pub fn mul<const N: usize>(a: &[u64; N], b: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    mont::mul(a, b, m, inv)
}

/// Montgomery square for N ∈ {4, 6}; callers check [`available`] first.
#[inline(always)]
pub fn sqr<const N: usize>(a: &[u64; N], m: &[u64; N], inv: u64) -> [u64; N] {
    mont::sqr(a, m, inv)
}
