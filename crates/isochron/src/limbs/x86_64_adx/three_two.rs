//! `(3t ± 2z) mod m` in one MULX/ADCX/ADOX pass, for N ∈ {4, 6} and moduli with `5m <
//! 2^(64N)` (BN254, BLS12-381): the six combinations of every cyclotomic squaring (Granger–Scott,
//! eprint 2009/565 §3.2, and Karabina's compressed form), instead of three modular operations
//! (a subtraction or addition, a doubling and an addition) each.
//!
//! **Algorithm.** `r = 3t + 2z`, or `r = 3t + 2m − 2z` for the difference, is formed with plain
//! carry chains (`r < 5m < 2^(64N)`, no reduction on the way). The quotient `q = ⌊r/m⌋ ≤ 4` is
//! estimated from the top word alone: `q̂ = ⌊r_top·μ / 2^(64+e)⌋` with `μ = ⌊2^(64+e)/(m_top +
//! 1)⌋` and `e = ⌊log₂(m_top + 1)⌋` (Barrett's estimate, Menezes, van Oorschot, Vanstone,
//! *Handbook of Applied Cryptography*, §14.3.3, with a one-word quotient). `q̂ ≤ q`, since
//! `r_top/(m_top + 1) ≤ r/m`, and `q̂ ≥ q − 1`, since the two ratios differ by less than
//! `(r_top + m_top + 1)/m_top² + r_top/2^(64+e) ≪ 1`; so `r − q̂·m` is in `[0, 2m)`. It is
//! computed as `r + q̂·(2^(64N) − m) mod 2^(64N)`, an addition, so that the low words of the
//! products go on the `ADCX` chain and the high words on the `ADOX` chain, interleaved. One
//! subtraction of `m` ends; where it borrows, `m` is added back as the low words of the products
//! `b·m_i` with the borrow `b ∈ {0, 1}` in `RDX` (`MULX` leaves the flags alone, so no mask
//! has to be formed between the chains).
//!
//! **Constant time.** Straight-line code; the estimate and the borrow go only through `MULX`,
//! memory is read at fixed offsets. Callers check [`super::available`].

use core::arch::asm;

/// The constants of the kernel for one modulus: `μ`, `e` and the words of `2^(64N) − m` (the
/// array's tail unused for `N = 4`).
#[derive(Clone, Copy, Debug)]
pub struct Constants {
    words: [u64; 8],
}

impl Constants {
    /// The constants for `m`, or `None` when `5m ≥ 2^(64N)` or `N ∉ {4, 6}`.
    pub const fn new<const N: usize>(m: &[u64; N]) -> Option<Self> {
        if N != 4 && N != 6 {
            return None;
        }
        let top = m[N - 1];
        if top >= u64::MAX / 5 - 1 {
            return None;
        }
        let [mu, e] = quotient_estimate(top);
        let mut words = [mu, e, 0, 0, 0, 0, 0, 0];
        let neg = negated(m);
        let mut i = 0;
        while i < N {
            words[2 + i] = neg[i];
            i += 1;
        }
        Some(Constants { words })
    }
}

/// `[μ, e]` of the one-word quotient estimate `⌊t·μ / 2^(64+e)⌋ ≤ ⌊t/(top + 1)⌋` for a divisor
/// whose leading 64-bit word (at the scale of `t`) is `top ≥ 1`: `e = ⌊log₂(top + 1)⌋`, `μ =
/// ⌊2^(64+e)/(top + 1)⌋` (so `μ < 2^64`).
pub(super) const fn quotient_estimate(top: u64) -> [u64; 2] {
    let e = 63 - (top + 1).leading_zeros();
    [((1u128 << (64 + e)) / (top as u128 + 1)) as u64, e as u64]
}

/// The words of `2^(64N) − m` (`(!m) + 1`), which turn a subtraction of `q·m` into an addition.
pub(super) const fn negated<const N: usize>(m: &[u64; N]) -> [u64; N] {
    let mut out = [0u64; N];
    let mut carry = 1u64;
    let mut i = 0;
    while i < N {
        let (s, c) = (!m[i]).overflowing_add(carry);
        out[i] = s;
        carry = c as u64;
        i += 1;
    }
    out
}

/// Generates one kernel: `$first` forms `r = 3t ± …` in the registers `r0..`, the rest is shared.
macro_rules! three_two_kernel {
    ($name:ident, $n:literal, [$($r:ident)*], $stage2:expr, $quotient:expr, $fold:expr, $final:expr) => {
        #[inline(always)]
        unsafe fn $name(t: *const u64, z: *const u64, m: *const u64, k: *const u64) -> [u64; $n] {
            let out: [u64; $n];
            let [$($r),*]: [u64; $n];
            // SAFETY: the caller's pointers hold N words (`k` the 8 of `Constants`); the block
            // reads only those, writes only its register operands and does not touch the stack.
            unsafe {
                asm!(
                    $stage2,
                    $quotient,
                    $fold,
                    $final,
                    t = inout(reg) t => _,
                    z = inout(reg) z => _,
                    m = in(reg) m,
                    k = in(reg) k,
                    lo = out(reg) _,
                    inout("rdx") 0u64 => _,
                    $($r = out(reg) $r,)*
                    options(pure, readonly, nostack),
                );
            }
            out = [$($r),*];
            out
        }
    };
}

/// `r = 3t` into `r0..r3`, then `+ 2m − 2z` or `+ 2z`.
macro_rules! stage_4 {
    (sub) => {
        concat!(
            stage_4!(three_t),
            "add {r0}, [{m}]\n adc {r1}, [{m} + 8]\n adc {r2}, [{m} + 16]\n adc {r3}, [{m} + 24]\n",
            "add {r0}, [{m}]\n adc {r1}, [{m} + 8]\n adc {r2}, [{m} + 16]\n adc {r3}, [{m} + 24]\n",
            "sub {r0}, [{z}]\n sbb {r1}, [{z} + 8]\n sbb {r2}, [{z} + 16]\n sbb {r3}, [{z} + 24]\n",
            "sub {r0}, [{z}]\n sbb {r1}, [{z} + 8]\n sbb {r2}, [{z} + 16]\n sbb {r3}, [{z} + 24]\n",
        )
    };
    (add) => {
        concat!(
            stage_4!(three_t),
            "add {r0}, [{z}]\n adc {r1}, [{z} + 8]\n adc {r2}, [{z} + 16]\n adc {r3}, [{z} + 24]\n",
            "add {r0}, [{z}]\n adc {r1}, [{z} + 8]\n adc {r2}, [{z} + 16]\n adc {r3}, [{z} + 24]\n",
        )
    };
    (three_t) => {
        concat!(
            "mov {r0}, [{t}]\n mov {r1}, [{t} + 8]\n mov {r2}, [{t} + 16]\n mov {r3}, [{t} + 24]\n",
            "add {r0}, {r0}\n adc {r1}, {r1}\n adc {r2}, {r2}\n adc {r3}, {r3}\n",
            "add {r0}, [{t}]\n adc {r1}, [{t} + 8]\n adc {r2}, [{t} + 16]\n adc {r3}, [{t} + 24]\n",
        )
    };
}

/// `r = 3t` into `r0..r5`, then `+ 2m − 2z` or `+ 2z`.
macro_rules! stage_6 {
    (sub) => {
        concat!(
            stage_6!(three_t),
            stage_6!(chain "add", "adc", "m"),
            stage_6!(chain "add", "adc", "m"),
            stage_6!(chain "sub", "sbb", "z"),
            stage_6!(chain "sub", "sbb", "z"),
        )
    };
    (add) => {
        concat!(stage_6!(three_t), stage_6!(chain "add", "adc", "z"), stage_6!(chain "add", "adc", "z"))
    };
    (three_t) => {
        concat!(
            "mov {r0}, [{t}]\n mov {r1}, [{t} + 8]\n mov {r2}, [{t} + 16]\n",
            "mov {r3}, [{t} + 24]\n mov {r4}, [{t} + 32]\n mov {r5}, [{t} + 40]\n",
            "add {r0}, {r0}\n adc {r1}, {r1}\n adc {r2}, {r2}\n adc {r3}, {r3}\n adc {r4}, {r4}\n adc {r5}, {r5}\n",
            stage_6!(chain "add", "adc", "t"),
        )
    };
    (chain $first:literal, $rest:literal, $p:literal) => {
        concat!(
            $first, " {r0}, [{", $p, "}]\n",
            $rest, " {r1}, [{", $p, "} + 8]\n",
            $rest, " {r2}, [{", $p, "} + 16]\n",
            $rest, " {r3}, [{", $p, "} + 24]\n",
            $rest, " {r4}, [{", $p, "} + 32]\n",
            $rest, " {r5}, [{", $p, "} + 40]\n",
        )
    };
}

/// `RDX = q̂ = ⌊r_top·μ / 2^(64+e)⌋` from the top word `$top`.
macro_rules! quotient {
    ($top:literal) => {
        concat!(
            "mov rdx, {",
            $top,
            "}\n",
            "mulx {t}, {lo}, [{k}]\n",
            "mov {lo}, [{k} + 8]\n",
            "shrx rdx, {t}, {lo}\n",
            "xor {lo}, {lo}\n",
        )
    };
}

/// `r += q̂·(2^256 − m) mod 2^256` with `RDX = q̂`: low words on `ADCX`, high words on `ADOX`
/// (`{t}` and `{z}` hold the high words, alternating).
macro_rules! fold_4 {
    () => {
        concat!(
            "mulx {t}, {lo}, [{k} + 16]\n adcx {r0}, {lo}\n",
            "mulx {z}, {lo}, [{k} + 24]\n adcx {r1}, {lo}\n adox {r1}, {t}\n",
            "mulx {t}, {lo}, [{k} + 32]\n adcx {r2}, {lo}\n adox {r2}, {z}\n",
            "mulx {z}, {lo}, [{k} + 40]\n adcx {r3}, {lo}\n adox {r3}, {t}\n",
        )
    };
}

/// As `fold_4!` for six words.
macro_rules! fold_6 {
    () => {
        concat!(
            fold_4!(),
            "mulx {t}, {lo}, [{k} + 48]\n adcx {r4}, {lo}\n adox {r4}, {z}\n",
            "mulx {z}, {lo}, [{k} + 56]\n adcx {r5}, {lo}\n adox {r5}, {t}\n",
        )
    };
}

/// `r −= m`, then `+ b·m` with the borrow `b` in `RDX`.
macro_rules! final_4 {
    () => {
        concat!(
            "sub {r0}, [{m}]\n sbb {r1}, [{m} + 8]\n sbb {r2}, [{m} + 16]\n sbb {r3}, [{m} + 24]\n",
            "sbb rdx, rdx\n neg rdx\n xor {lo}, {lo}\n",
            "mulx {t}, {lo}, [{m}]\n adcx {r0}, {lo}\n",
            "mulx {t}, {lo}, [{m} + 8]\n adcx {r1}, {lo}\n",
            "mulx {t}, {lo}, [{m} + 16]\n adcx {r2}, {lo}\n",
            "mulx {t}, {lo}, [{m} + 24]\n adcx {r3}, {lo}\n",
        )
    };
}

/// As `final_4!` for six words.
macro_rules! final_6 {
    () => {
        concat!(
            "sub {r0}, [{m}]\n sbb {r1}, [{m} + 8]\n sbb {r2}, [{m} + 16]\n",
            "sbb {r3}, [{m} + 24]\n sbb {r4}, [{m} + 32]\n sbb {r5}, [{m} + 40]\n",
            "sbb rdx, rdx\n neg rdx\n xor {lo}, {lo}\n",
            "mulx {t}, {lo}, [{m}]\n adcx {r0}, {lo}\n",
            "mulx {t}, {lo}, [{m} + 8]\n adcx {r1}, {lo}\n",
            "mulx {t}, {lo}, [{m} + 16]\n adcx {r2}, {lo}\n",
            "mulx {t}, {lo}, [{m} + 24]\n adcx {r3}, {lo}\n",
            "mulx {t}, {lo}, [{m} + 32]\n adcx {r4}, {lo}\n",
            "mulx {t}, {lo}, [{m} + 40]\n adcx {r5}, {lo}\n",
        )
    };
}

// The shared tail of the one-pass kernels (also `small_mul_add`'s).
pub(super) use {final_4, fold_4};

three_two_kernel!(sub4, 4, [r0 r1 r2 r3], stage_4!(sub), quotient!("r3"), fold_4!(), final_4!());
three_two_kernel!(add4, 4, [r0 r1 r2 r3], stage_4!(add), quotient!("r3"), fold_4!(), final_4!());
three_two_kernel!(sub6, 6, [r0 r1 r2 r3 r4 r5], stage_6!(sub), quotient!("r5"), fold_6!(), final_6!());
three_two_kernel!(add6, 6, [r0 r1 r2 r3 r4 r5], stage_6!(add), quotient!("r5"), fold_6!(), final_6!());

/// `(3t − 2z) mod m` (`subtract`) or `(3t + 2z) mod m` for `t, z < m`, with `k` the
/// [`Constants`] of `m` (which exist only for `N ∈ {4, 6}`).
///
/// # Safety
/// The CPU must support BMI2 and ADX: the caller has seen [`super::available`] return `true`.
#[inline(always)]
pub unsafe fn three_two<const N: usize>(
    t: &[u64; N],
    z: &[u64; N],
    subtract: bool,
    m: &[u64; N],
    k: &Constants,
) -> [u64; N] {
    let (t, z, m, k) = (t.as_ptr(), z.as_ptr(), m.as_ptr(), k.words.as_ptr());
    let mut out = [0u64; N];
    // SAFETY: N words behind `t`, `z`, `m` (N is the kernel's limb count), 8 behind `k`; the
    // caller vouches for BMI2 and ADX.
    unsafe {
        match (N, subtract) {
            (4, true) => out.copy_from_slice(&sub4(t, z, m, k)),
            (4, false) => out.copy_from_slice(&add4(t, z, m, k)),
            (_, true) => out.copy_from_slice(&sub6(t, z, m, k)),
            (_, false) => out.copy_from_slice(&add6(t, z, m, k)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use num_bigint::BigUint;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::curves::{bls12_381, bn254};
    use crate::field::FieldParams;
    use crate::test_util::{big, limbs_of};

    /// Against num-bigint on every pair of the extremes (0, 1, 2, m − 2, m − 1, m/2 and the
    /// values just below the estimate's boundaries `j·m/5`) and on random pairs.
    fn check<const N: usize>(m: [u64; N]) {
        if !super::super::available() {
            return;
        }
        let k = Constants::new(&m).expect("5m < 2^(64N)");
        let bm = big(&m);
        let mut values: Vec<BigUint> = vec![0u8.into(), 1u8.into(), 2u8.into(), &bm - 2u8, &bm - 1u8, &bm >> 1];
        for j in 1..5u8 {
            let b = &bm * j / 5u8;
            values.extend([&b - 1u8, b.clone(), &b + 1u8]);
        }
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x32);
        for _ in 0..2000 {
            let x: [u64; N] = core::array::from_fn(|_| rng.gen());
            values.push(big(&x) % &bm);
        }
        let edges = 21;
        let pairs = (0..edges).flat_map(|i| (0..edges).map(move |j| (i, j)));
        let random = (edges..values.len()).map(|i| (i, edges + (i * 7 + 3) % (values.len() - edges)));
        for (i, j) in pairs.chain(random) {
            let (t, z) = (&values[i], &values[j]);
            let (tl, zl) = (limbs_of::<N>(t), limbs_of::<N>(z));
            // SAFETY: `available()` returned true above.
            let (minus, plus) = unsafe { (three_two(&tl, &zl, true, &m, &k), three_two(&tl, &zl, false, &m, &k)) };
            assert_eq!(big(&minus), (t * 3u8 + &bm * 2u8 - z * 2u8) % &bm, "3t − 2z: {t:x} {z:x}");
            assert_eq!(big(&plus), (t * 3u8 + z * 2u8) % &bm, "3t + 2z: {t:x} {z:x}");
        }
    }

    #[test]
    fn matches_bigint() {
        check(bn254::FpParams::MODULUS);
        check(bls12_381::FpParams::MODULUS);
    }
}
