//! The Montgomery sum of two products `(x0·y0 + x1·y1)·2^(-64N) mod m` in one MULX/ADCX/ADOX
//! kernel, for N ∈ {4, 6} and moduli with two spare bits (BN254, BLS12-381): the `a·b + c·d`
//! of the group formulas ([`crate::field::Field::sum_of_products`]) with one reduction and
//! nothing between the products but registers (the interleaved "sum of products" of
//! Constantine and gnark-crypto; the lazy reduction of eprint 2010/526 §3 without the
//! double-width memory pass). Measured: 0.80× the time of two products and an addition. Two of
//! these as the Fp2 product (`c0 = a0·b0 + a1·(−b1)`, `c1 = a0·b1 + a1·b0`) measured 1.03× the
//! Karatsuba form, which stays.
//!
//! **Algorithm.** The parent's CIOS with a third row per iteration: row `i` adds `x0[i]·y0`,
//! then `x1[i]·y1`, then the reduction row `k·m` (`k = T[0]·(−m⁻¹) mod 2⁶⁴`), and the window
//! rotates. Four multiplications of `N²` words each but no stored double-width value and no
//! modular addition between them.
//!
//! **Bounds.** With `y_j < m` and `4m < 2^(64N)`: if `T_i < 4m` then `T_{i+1} ≤ (T_i +
//! 3·(2⁶⁴ − 1)·m)/2⁶⁴ < 4m` whatever the words `x_j[i]`, so the accumulator fits the parent's
//! `N + 1` registers (the sum before the shift is below `2^(64(N+1))`). With `x_j < 2m` the
//! result `(x0·y0 + x1·y1 + K·m)/2^(64N) < m·(1 + 4m/2^(64N)) < 2m` is brought to `[0, m)` by
//! one conditional subtraction: the `x` operands may be unreduced sums of two elements.
//!
//! Same conventions as the parent: straight-line code, memory read at fixed offsets, the final
//! subtraction selected with `CMOV`; callers check [`super::available`].

/// `(x[0]·y[0] + x[1]·y[1])·2^(-64N) mod m` for `m` odd with `4m < 2^(64N)` (two spare bits),
/// `inv = −m⁻¹ mod 2⁶⁴`, `x[j] < 2m` and `y[j] < m`. `None` when
/// there is no kernel for `N` or `m` (the caller computes it otherwise). Constant time in
/// `x` and `y`.
///
/// # Safety
/// The CPU must support BMI2 and ADX: the caller has seen [`super::available`] return `true`.
#[inline(always)]
pub unsafe fn mul_sum2<const N: usize>(
    x: &[[u64; N]; 2],
    y: &[[u64; N]; 2],
    m: &[u64; N],
    inv: u64,
) -> Option<[u64; N]> {
    if !supports(m) {
        return None;
    }
    let (x, y, m) = (x.as_ptr() as *const u64, y.as_ptr() as *const u64, m.as_ptr());
    // SAFETY: `x` and `y` hold 2N words each and `m` N (N checked by `supports`); BMI2/ADX
    // are present (this function's contract).
    Some(unsafe {
        if N == 4 {
            super::unfit(&sum2_4(x, y, m, inv))
        } else {
            super::unfit(&sum2_6(x, y, m, inv))
        }
    })
}

/// Whether [`mul_sum2`] has a kernel for `m`: N ∈ {4, 6} and `m < 2^(64N−2)`. A compile-time
/// constant for a field's modulus.
#[inline(always)]
pub const fn supports<const N: usize>(m: &[u64; N]) -> bool {
    (N == 4 || N == 6) && m[N - 1] >> 62 == 0
}

/// Iterations `i ≥ 1`: `T += x0[i]·y0`, `T += x1[i]·y1`, the reduction row, and the rotation
/// that makes the zeroed `T[0]` the next top word. Takes the operands of `x0[1..N]`,
/// `x1[1..N]`, `y0`, `y1`, `m` and the `N + 1` accumulator registers.
macro_rules! sum2_rows {
    ([$a:literal $($as:literal)*]; [$b:literal $($bs:literal)*]; $y0:tt; $y1:tt; $m:tt; [$t0:ident $($t:ident)*]) => {
        concat!(
            "mov rdx, ", $a, "\n",
            "xor {lo:e}, {lo:e}\n",
            mac_row!($y0; [$t0 $($t)*]),
            "mov rdx, ", $b, "\n",
            "xor {lo:e}, {lo:e}\n",
            mac_row!($y1; [$t0 $($t)*]),
            reduce_row!($m; [$t0 $($t)*]),
            sum2_rows!([$($as)*]; [$($bs)*]; $y0; $y1; $m; [$($t)* $t0]),
        )
    };
    ([]; []; $y0:tt; $y1:tt; $m:tt; [$($t:ident)*]) => {
        ""
    };
}

/// The whole sum before the final subtraction: iteration 0 (`T = x0[0]·y0 + x1[0]·y1`,
/// reduced), then [`sum2_rows`]. Takes the operands of `x0`, `x1`, `y0`, `y1`, `m` and the
/// accumulator registers.
macro_rules! mont_sum2 {
    ([$a0:literal $($a:literal)*]; [$b0:literal $($b:literal)*]; [$y0:literal $($y:literal)*]; $y1:tt; $m:tt;
     [$r0:ident $r1:ident $($r:ident)*]) => {
        concat!(
            "mov rdx, ", $a0, "\n",
            "xor {lo:e}, {lo:e}\n",
            "mulx {", stringify!($r1), "}, {", stringify!($r0), "}, ", $y0, "\n",
            first_row!([$($y)*]; [$r1 $($r)*]),
            "mov rdx, ", $b0, "\n",
            "xor {lo:e}, {lo:e}\n",
            mac_row!($y1; [$r0 $r1 $($r)*]),
            reduce_row!($m; [$r0 $r1 $($r)*]),
            sum2_rows!([$($a)*]; [$($b)*]; [$y0 $($y)*]; $y1; $m; [$r1 $($r)* $r0]),
        )
    };
}

/// [`mul_sum2`] for 4 limbs; the result lands in `r4, r0, r1, r2` as in the parent's `mul4`.
///
/// # Safety
/// `x` and `y` point to 8 readable words, `m` to 4, and the CPU supports BMI2 and ADX.
#[inline(always)]
unsafe fn sum2_4(x: *const u64, y: *const u64, m: *const u64, inv: u64) -> [u64; 4] {
    let (t0, t1, t2, t3);
    // SAFETY: the assembly reads the 8 words behind `x` and `y` and the 4 behind `m` (the
    // caller's guarantee), writes only the declared registers, does not touch the stack and
    // uses only BMI2/ADX instructions beyond x86-64, which the caller guarantees.
    unsafe {
        core::arch::asm!(
            mont_sum2!(
                ["qword ptr [{x}]" "qword ptr [{x} + 8]" "qword ptr [{x} + 16]" "qword ptr [{x} + 24]"];
                ["qword ptr [{x} + 32]" "qword ptr [{x} + 40]" "qword ptr [{x} + 48]" "qword ptr [{x} + 56]"];
                ["qword ptr [{y}]" "qword ptr [{y} + 8]" "qword ptr [{y} + 16]" "qword ptr [{y} + 24]"];
                ["qword ptr [{y} + 32]" "qword ptr [{y} + 40]" "qword ptr [{y} + 48]" "qword ptr [{y} + 56]"];
                ["qword ptr [{m}]" "qword ptr [{m} + 8]" "qword ptr [{m} + 16]" "qword ptr [{m} + 24]"];
                [r0 r1 r2 r3 r4]
            ),
            final_sub!(
                ["qword ptr [{m}]" "qword ptr [{m} + 8]" "qword ptr [{m} + 16]" "qword ptr [{m} + 24]"];
                [r4 r0 r1 r2];
                ["{lo}" "{hi}" "rdx" "{r3}"]
            ),
            x = in(reg) x,
            y = in(reg) y,
            m = in(reg) m,
            inv = in(xmm_reg) inv,
            lo = out(reg) _,
            hi = out(reg) _,
            r0 = out(reg) t1,
            r1 = out(reg) t2,
            r2 = out(reg) t3,
            r3 = out(reg) _,
            r4 = out(reg) t0,
            out("rdx") _,
            options(pure, readonly, nostack),
        );
    }
    [t0, t1, t2, t3]
}

/// [`mul_sum2`] for 6 limbs; the result lands in `r6, r0, …, r4` as in the parent's `mul6`.
///
/// # Safety
/// `x` and `y` point to 12 readable words, `m` to 6, and the CPU supports BMI2 and ADX.
#[inline(always)]
unsafe fn sum2_6(x: *const u64, y: *const u64, m: *const u64, inv: u64) -> [u64; 6] {
    let (t0, t1, t2, t3, t4, t5);
    // SAFETY: the assembly reads the 12 words behind `x` and `y` and the 6 behind `m` (the
    // caller's guarantee), writes only the declared registers, does not touch the stack and
    // uses only BMI2/ADX instructions beyond x86-64, which the caller guarantees.
    unsafe {
        core::arch::asm!(
            mont_sum2!(
                [
                    "qword ptr [{x}]" "qword ptr [{x} + 8]" "qword ptr [{x} + 16]"
                    "qword ptr [{x} + 24]" "qword ptr [{x} + 32]" "qword ptr [{x} + 40]"
                ];
                [
                    "qword ptr [{x} + 48]" "qword ptr [{x} + 56]" "qword ptr [{x} + 64]"
                    "qword ptr [{x} + 72]" "qword ptr [{x} + 80]" "qword ptr [{x} + 88]"
                ];
                [
                    "qword ptr [{y}]" "qword ptr [{y} + 8]" "qword ptr [{y} + 16]"
                    "qword ptr [{y} + 24]" "qword ptr [{y} + 32]" "qword ptr [{y} + 40]"
                ];
                [
                    "qword ptr [{y} + 48]" "qword ptr [{y} + 56]" "qword ptr [{y} + 64]"
                    "qword ptr [{y} + 72]" "qword ptr [{y} + 80]" "qword ptr [{y} + 88]"
                ];
                [
                    "qword ptr [{m}]" "qword ptr [{m} + 8]" "qword ptr [{m} + 16]"
                    "qword ptr [{m} + 24]" "qword ptr [{m} + 32]" "qword ptr [{m} + 40]"
                ];
                [r0 r1 r2 r3 r4 r5 r6]
            ),
            // T[0..6] = r6, r0, …, r4 and the zero top word is r5; the pointers to `x` and
            // `y` are no longer needed and hold part of `T − m`.
            final_sub!(
                [
                    "qword ptr [{m}]" "qword ptr [{m} + 8]" "qword ptr [{m} + 16]"
                    "qword ptr [{m} + 24]" "qword ptr [{m} + 32]" "qword ptr [{m} + 40]"
                ];
                [r6 r0 r1 r2 r3 r4];
                ["{lo}" "{hi}" "rdx" "{r5}" "{x}" "{y}"]
            ),
            x = inout(reg) x => _,
            y = inout(reg) y => _,
            m = in(reg) m,
            inv = in(xmm_reg) inv,
            lo = out(reg) _,
            hi = out(reg) _,
            r0 = out(reg) t1,
            r1 = out(reg) t2,
            r2 = out(reg) t3,
            r3 = out(reg) t4,
            r4 = out(reg) t5,
            r5 = out(reg) _,
            r6 = out(reg) t0,
            out("rdx") _,
            options(pure, readonly, nostack),
        );
    }
    [t0, t1, t2, t3, t4, t5]
}

#[cfg(test)]
mod tests {
    use num_bigint::BigUint;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::curves::{bls12_381, bn254};
    use crate::field::FieldParams;
    use crate::limbs::mont;
    use crate::test_util::{big, limbs_of};

    /// Against num-bigint on random operands, the extremes (0, 1, `m − 1`) and the widest
    /// allowed first operands (up to `2m − 1`).
    fn check<const N: usize>(m: [u64; N]) {
        if !super::super::available() {
            return;
        }
        let inv = mont::neg_inv64(m[0]);
        let bm = big(&m);
        let r_inv = (BigUint::from(1u8) << (64 * N)).modinv(&bm).expect("m odd");
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(0x5a);
        let edges: Vec<BigUint> = vec![0u8.into(), 1u8.into(), &bm - 1u8, &bm * 2u8 - 1u8, bm.clone()];
        for k in 0..4000 {
            let mut v = [BigUint::default(), BigUint::default(), BigUint::default(), BigUint::default()];
            for (j, x) in v.iter_mut().enumerate() {
                let mut w = [0u64; N];
                w.iter_mut().for_each(|w| *w = rng.gen());
                // x0, x1 below 2m; y0, y1 below m; every fourth case from the edges.
                let bound = if j < 2 { &bm * 2u8 } else { bm.clone() };
                *x = if k % 4 == 0 { edges[rng.gen_range(0..edges.len())].clone() % &bound } else { big(&w) % &bound };
            }
            let x = [limbs_of::<N>(&v[0]), limbs_of::<N>(&v[1])];
            let y = [limbs_of::<N>(&v[2]), limbs_of::<N>(&v[3])];
            // SAFETY: `available()` returned true above.
            let got = unsafe { mul_sum2(&x, &y, &m, inv) }.expect("kernel for this modulus");
            let want = (&v[0] * &v[2] + &v[1] * &v[3]) * &r_inv % &bm;
            assert_eq!(big(&got), want, "{x:x?} {y:x?}");
        }
    }

    #[test]
    fn bn254_and_bls12_381() {
        check(bn254::FpParams::MODULUS);
        check(bn254::FrParams::MODULUS);
        check(bls12_381::FpParams::MODULUS);
    }

    #[test]
    fn no_kernel_without_two_spare_bits() {
        let m = [u64::MAX; 6];
        // SAFETY: `supports` rejects this modulus before any assembly could run.
        assert!(unsafe { mul_sum2(&[[0; 6]; 2], &[[0; 6]; 2], &m, 1) }.is_none());
    }
}
