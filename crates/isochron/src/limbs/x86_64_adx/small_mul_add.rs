//! `(k·a ± b) mod m` in one MULX/ADCX/ADOX pass for a small `k ≤ 15` and a four-word modulus
//! below `2^254` (BN254): the multiplication by BN254's `ξ = 9 + u` in Fp2, `(9·a0 − a1) + (9·a1
//! + a0)·u`, instead of three doublings and two additions per coefficient.
//!
//! **Algorithm.** As [`super::three_two`]: `r = k·a + b`, or `k·a + m − b`, without reduction
//! (`r < 16m < 2^258`: five words), the quotient `q = ⌊r/m⌋ ≤ 15` estimated from the 64 bits
//! `⌊r/2^194⌋` as `q̂ = ⌊⌊r/2^194⌋·μ / 2^(64+e)⌋`, `μ = ⌊2^(64+e)/(⌊m/2^194⌋ + 1)⌋`, `e =
//! ⌊log₂(⌊m/2^194⌋ + 1)⌋`, so that `q − 1 ≤ q̂ ≤ q` (HAC §14.3.3; `⌊m/2^194⌋ ≥ 2^59`, so the
//! estimate's error is far below one); then `r + q̂·(2^256 − m) mod 2^256 < 2m` and one
//! subtraction of `m`, added back as the low words of `b·m_i` for the borrow `b` in `RDX`.
//!
//! **Constant time.** Straight-line code; the estimate and the borrow go only through `MULX`,
//! memory is read at fixed offsets. Callers check [`super::available`].

use core::arch::asm;

use super::three_two::{final_4, fold_4};

/// The constants of the kernel for one modulus: `μ`, `e` and the words of `2^256 − m`.
#[derive(Clone, Copy, Debug)]
pub struct Constants {
    words: [u64; 6],
}

impl Constants {
    /// The constants for `m`, or `None` unless `N = 4` and `m < 2^254`.
    pub const fn new<const N: usize>(m: &[u64; N]) -> Option<Self> {
        if N != 4 || m[3] >> 62 != 0 {
            return None;
        }
        let top = m[3] >> 2; // ⌊m/2^194⌋, at least 2^59 for the moduli of interest
        if top < 1 << 59 {
            return None;
        }
        let [mu, e] = super::three_two::quotient_estimate(top);
        let neg = super::three_two::negated(m);
        let words = [mu, e, neg[0], neg[1], neg[2], neg[3]];
        Some(Constants { words })
    }
}

/// `r = k·a` into `r0..r3, w` (`RDX` = the factor `k`), then `$sum` adds `b` or `m − b` into the five words;
/// then the shared estimate, fold and final subtraction.
macro_rules! small_mul_add_kernel {
    ($name:ident, $sum:expr) => {
        #[inline(always)]
        unsafe fn $name(a: *const u64, b: *const u64, factor: u64, m: *const u64, c: *const u64) -> [u64; 4] {
            let (r0, r1, r2, r3): (u64, u64, u64, u64);
            // SAFETY: the caller's pointers hold 4 words (`c` the 6 of `Constants`); the block
            // reads only those, writes only its register operands and does not touch the stack.
            unsafe {
                asm!(
                    "mulx {lo}, {r0}, [{a}]",
                    "mulx {t}, {r1}, [{a} + 8]",
                    "mulx {z}, {r2}, [{a} + 16]",
                    "mulx {w}, {r3}, [{a} + 24]",
                    "add {r1}, {lo}",
                    "adc {r2}, {t}",
                    "adc {r3}, {z}",
                    "adc {w}, 0",
                    $sum,
                    // q̂ = ⌊⌊r/2^194⌋·μ / 2^(64+e)⌋.
                    "mov {lo}, {r3}",
                    "shrd {lo}, {w}, 2",
                    "mov rdx, {lo}",
                    "mulx {t}, {z}, [{k}]",
                    "mov {z}, [{k} + 8]",
                    "shrx rdx, {t}, {z}",
                    "xor {lo}, {lo}",
                    // r += q̂·(2^256 − m) mod 2^256; r −= m, and m back where that borrows.
                    fold_4!(),
                    final_4!(),
                    a = in(reg) a,
                    b = in(reg) b,
                    m = in(reg) m,
                    k = in(reg) c,
                    inout("rdx") factor => _,
                    w = out(reg) _,
                    lo = out(reg) _,
                    t = out(reg) _,
                    z = out(reg) _,
                    r0 = out(reg) r0,
                    r1 = out(reg) r1,
                    r2 = out(reg) r2,
                    r3 = out(reg) r3,
                    options(pure, readonly, nostack),
                );
            }
            [r0, r1, r2, r3]
        }
    };
}

small_mul_add_kernel!(
    mul_sub4,
    concat!(
        "add {r0}, [{m}]\n adc {r1}, [{m} + 8]\n adc {r2}, [{m} + 16]\n adc {r3}, [{m} + 24]\n adc {w}, 0\n",
        "sub {r0}, [{b}]\n sbb {r1}, [{b} + 8]\n sbb {r2}, [{b} + 16]\n sbb {r3}, [{b} + 24]\n sbb {w}, 0\n",
    )
);
small_mul_add_kernel!(
    mul_add4,
    "add {r0}, [{b}]\n adc {r1}, [{b} + 8]\n adc {r2}, [{b} + 16]\n adc {r3}, [{b} + 24]\n adc {w}, 0\n"
);

/// `(k·a − b) mod m` (`subtract`) or `(k·a + b) mod m` for `a, b < m`, `1 ≤ k ≤ 15` and `c` the
/// [`Constants`] of `m`.
///
/// # Safety
/// The CPU must support BMI2 and ADX: the caller has seen [`super::available`] return `true`.
#[inline(always)]
pub unsafe fn small_mul_add(
    a: &[u64; 4],
    k: u64,
    b: &[u64; 4],
    subtract: bool,
    m: &[u64; 4],
    c: &Constants,
) -> [u64; 4] {
    debug_assert!((1..=15).contains(&k));
    let (a, b, m, c) = (a.as_ptr(), b.as_ptr(), m.as_ptr(), c.words.as_ptr());
    // SAFETY: 4 words behind `a`, `b`, `m`, 6 behind `c`; the caller vouches for BMI2 and ADX.
    unsafe {
        if subtract {
            mul_sub4(a, b, k, m, c)
        } else {
            mul_add4(a, b, k, m, c)
        }
    }
}

#[cfg(test)]
mod tests {
    use num_bigint::BigUint;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::curves::bn254;
    use crate::field::FieldParams;
    use crate::test_util::{big, limbs_of};

    /// Against num-bigint for every `k` on the extremes (0, 1, m − 1, m/2 and the values around
    /// `j·m/16`) and random pairs.
    #[test]
    fn matches_bigint() {
        if !super::super::available() {
            return;
        }
        let m = bn254::FpParams::MODULUS;
        let c = Constants::new(&m).expect("BN254's modulus is below 2^254");
        let bm = big(&m);
        let mut values: Vec<BigUint> = vec![0u8.into(), 1u8.into(), &bm - 1u8, &bm - 2u8, &bm >> 1];
        for j in 1..16u8 {
            let b = &bm * j / 16u8;
            values.extend([&b - 1u8, b.clone(), &b + 1u8]);
        }
        let edges = values.len();
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x9e);
        for _ in 0..1000 {
            let x: [u64; 4] = core::array::from_fn(|_| rng.gen());
            values.push(big(&x) % &bm);
        }
        let pairs = (0..edges).flat_map(|i| (0..edges).map(move |j| (i, j)));
        let random = (edges..values.len()).map(|i| (i, edges + (i * 7 + 3) % (values.len() - edges)));
        for (i, j) in pairs.chain(random) {
            let (a, b) = (&values[i], &values[j]);
            let (al, bl) = (limbs_of::<4>(a), limbs_of::<4>(b));
            for k in 1..=15u64 {
                // SAFETY: `available()` returned true above.
                let (minus, plus) =
                    unsafe { (small_mul_add(&al, k, &bl, true, &m, &c), small_mul_add(&al, k, &bl, false, &m, &c)) };
                assert_eq!(big(&minus), (a * k + &bm - b) % &bm, "{k}·a − b: {a:x} {b:x}");
                assert_eq!(big(&plus), (a * k + b) % &bm, "{k}·a + b: {a:x} {b:x}");
            }
        }
    }
}
