//! The final exponentiation `f^((p¹² − 1)/r)`, split as the easy part `(p⁶ − 1)(p² + 1)` and
//! the hard part `(p⁴ − p² + 1)/r`, which works in the cyclotomic subgroup (inverse =
//! conjugate, Granger–Scott squarings).

use alloc::vec::Vec;

use super::{Family, MillerLoopOutput, PairingParams};
use crate::field::fp12::Fp12;

/// `f^((p¹² − 1)/r)`.
pub(super) fn final_exponentiation<E: PairingParams<N>, const N: usize>(
    f: &MillerLoopOutput<E, N>,
) -> MillerLoopOutput<E, N> {
    // Easy part: f^(p⁶ − 1) = f̄ · f⁻¹, then ^(p² + 1). A Miller loop value is never zero;
    // zero (impossible input) maps to zero·… = the identity is not claimed, it stays zero.
    let f_inv = f.invert().unwrap_or(MillerLoopOutput::<E, N>::ZERO);
    let t = f.conjugate() * f_inv;
    let t = t.frobenius_map(2) * t;
    match E::FAMILY {
        Family::Bls12 => hard_part_bls12::<E, N>(&t),
        Family::Bn => hard_part_bn::<E, N>(&t),
    }
}

/// How `f ↦ f^PARAM` (signed) runs for `f` in the cyclotomic subgroup, worked out once per final
/// exponentiation from the public parameter alone: its signed digits with the fewest
/// multiplications ([`param_digits`]), binary for the sparse BLS12-381 parameter (six ones, one
/// squaring fewer than its NAF), computed mostly right to left ([`pow_sparse_split`], with the
/// positions of its nonzero digits and the split [`sparse_split`] chooses), the width-4 NAF for
/// BN254's dense `u` (16 products instead of 23), left to right ([`pow_wnaf`]). The digits and
/// the table indices depend on the public parameter only.
struct ParamPower {
    digits: Vec<i16>,
    w: u32,
    /// For `w ≤ 2`: the positions of the nonzero digits, ascending, and the split.
    js: Vec<u32>,
    split: usize,
}

impl ParamPower {
    /// The plan for `E`'s family parameter.
    fn of<E: PairingParams<N>, const N: usize>() -> Self {
        let (digits, w) = param_digits(E::PARAM);
        let (js, split) = if w <= 2 {
            let js: Vec<u32> = (0..digits.len() as u32).filter(|&j| digits[j as usize] != 0).collect();
            let split = sparse_split(&js, Fp12::<E::Tower, N>::karabina_on_lanes());
            (js, split)
        } else {
            (Vec::new(), 0)
        };
        ParamPower { digits, w, js, split }
    }

    /// `f^PARAM`, conjugated when the parameter is negative.
    fn pow<E: PairingParams<N>, const N: usize>(&self, f: &MillerLoopOutput<E, N>) -> MillerLoopOutput<E, N> {
        let r = if self.w <= 2 {
            pow_sparse_split::<E, N>(f, &self.digits, &self.js, self.split)
        } else {
            pow_wnaf::<E, N>(f, &self.digits, self.w)
        };
        if E::PARAM_IS_NEGATIVE {
            r.conjugate()
        } else {
            r
        }
    }
}

/// `f^k` for the width-`w` NAF `digits` of `k > 0`, left to right with the odd powers `f, f³,
/// …, f^(2^(w−1)−1)` precomputed (a negative digit multiplies by a conjugate, the inverse in
/// the subgroup), each run of squarings as one
/// [`cyclotomic_square_n`](crate::field::fp12::Fp12::cyclotomic_square_n).
fn pow_wnaf<E: PairingParams<N>, const N: usize>(
    f: &MillerLoopOutput<E, N>,
    digits: &[i16],
    w: u32,
) -> MillerLoopOutput<E, N> {
    // table[i] = f^(2i + 1).
    let mut table = [*f; 1 << (MAX_WINDOW - 2)];
    let f2 = f.cyclotomic_square();
    for i in 1..1 << (w - 2) {
        table[i] = table[i - 1] * f2;
    }
    let odd_power = |d: i16| {
        let t = table[(d.unsigned_abs() as usize - 1) / 2];
        if d > 0 {
            t
        } else {
            t.conjugate()
        }
    };
    let (&top, rest) = digits.split_last().expect("the parameter is nonzero");
    let mut r = odd_power(top); // the leading digit is positive
    let mut run = 0;
    for &d in rest.iter().rev() {
        run += 1;
        if d != 0 {
            r = r.cyclotomic_square_n(run);
            run = 0;
            r *= odd_power(d);
        }
    }
    r.cyclotomic_square_n(run)
}

/// `f^k` for digits of `k > 0` in `{−1, 0, 1}` with few nonzero ones and long runs of zeros
/// (BLS12-381's `x` has six), in two parts split at a nonzero digit `t` ([`sparse_split`]): below
/// and at `t`, right to left, `f^(2^j)` for every nonzero digit's position `j ≤ t` from one run
/// of compressed squarings with one shared inversion
/// ([`Fp12::cyclotomic_powers_of_two`](crate::field::fp12::Fp12::cyclotomic_powers_of_two));
/// above `t`, left to right from `y = f^(2^t)`, `y^(Σ_{j ≥ t} d_j·2^(j−t))` by Granger–Scott
/// squarings, where the digits crowd (BLS12-381: at 57, 60, 62 and 63) and a decompression
/// per digit would cost more than the dearer squarings. The parts are multiplied together
/// (a digit `−1` by a conjugate). The compressed run takes the nonzero digits `js[..split]`
/// (`js` their ascending positions), Granger–Scott squarings the rest from `js[split − 1]`
/// (all of them from `f` when `split = 0`).
fn pow_sparse_split<E: PairingParams<N>, const N: usize>(
    f: &MillerLoopOutput<E, N>,
    digits: &[i16],
    js: &[u32],
    split: usize,
) -> MillerLoopOutput<E, N> {
    let signed = |j: u32, p: &MillerLoopOutput<E, N>| if digits[j as usize] > 0 { *p } else { p.conjugate() };
    let powers = if split > 0 { f.cyclotomic_powers_of_two(&js[..split]) } else { Vec::new() };
    // Left to right over the digits from `t` up, base `y = f^(2^t)`.
    let (t, y) = match split {
        0 => (0, *f),
        _ => (js[split - 1], powers[split - 1]),
    };
    let top = js[js.len() - 1];
    let mut high = signed(top, &y);
    for j in (t..top).rev() {
        high = high.cyclotomic_square();
        if digits[j as usize] != 0 {
            high *= signed(j, &y);
        }
    }
    let low = split.saturating_sub(1);
    js[..low].iter().zip(&powers).fold(high, |acc, (&j, p)| acc * signed(j, p))
}

/// Relative costs of the steps of [`pow_sparse_split`] on the scalar path (about nanoseconds for
/// BLS12-381 on the Intel Xeon, 2026-12-07): a Granger–Scott squaring, a compressed squaring
/// (scalar, and on the AVX-512 IFMA lanes), a compressed power's recovery (its fraction,
/// three products of the shared inversion, the product by the inverse, the decompression), the
/// shared inversion.
const GS_SQUARE: u32 = 625;
const KARABINA_SQUARE: u32 = 475;
const KARABINA_SQUARE_LANES: u32 = 220;
const DECOMPRESSION: u32 = 1000;
const INVERSION: u32 = 2800;

/// The split of [`pow_sparse_split`] with the lowest cost ([`GS_SQUARE`]…): `split` compressed
/// powers cost `js[split − 1]` compressed squarings, `split` decompressions and an inversion,
/// and leave `top − js[split − 1]` Granger–Scott squarings (`top` without compression for
/// `split = 0`); the products are the same for every split.
fn sparse_split(js: &[u32], lanes: bool) -> usize {
    let karabina = if lanes { KARABINA_SQUARE_LANES } else { KARABINA_SQUARE };
    let top = js[js.len() - 1];
    let cost = |split: usize| match split {
        0 => GS_SQUARE * top,
        _ => {
            let t = js[split - 1];
            karabina * t + DECOMPRESSION * split as u32 + INVERSION + GS_SQUARE * (top - t)
        }
    };
    (0..=js.len()).min_by_key(|&split| cost(split)).unwrap_or(0)
}

/// The widest window [`param_digits`] tries.
const MAX_WINDOW: u32 = 5;

/// The digits of `k > 0` (least significant first) and their width `w`: binary for `w = 1`, the
/// width-`w` NAF ([`crate::curve::wnaf`]) for `w` in `2..=MAX_WINDOW`, whichever exponentiation
/// costs the fewest Fp12 multiplications (the table's `2^(w−2) − 1` plus one per nonzero digit
/// after the first; a squaring counted as half a multiplication).
fn param_digits(k: u64) -> (Vec<i16>, u32) {
    let cost = |digits: &[i16], w: u32| {
        let nonzero = digits.iter().filter(|&&d| d != 0).count() as u32;
        let (table_muls, table_squares) = if w > 2 { ((1 << (w - 2)) - 1, 1) } else { (0, 0) };
        2 * (table_muls + nonzero - 1) + table_squares + digits.len() as u32 - 1
    };
    let binary = (0..64 - k.leading_zeros()).map(|j| ((k >> j) & 1) as i16).collect();
    core::iter::once((binary, 1))
        .chain((2..=MAX_WINDOW).map(|w| (crate::curve::wnaf(&[k], w), w)))
        .min_by_key(|(digits, w)| cost(digits, *w))
        .expect("a nonempty range of widths")
}

/// BLS12 hard part, Hayashida–Hayasaka–Teruya (eprint 2020/875, §4): with the family
/// parameter `x`, `3·(p⁴ − p² + 1)/r = (x − 1)²·(x + p)·(x² + p² − 1) + 3`. Computes the pairing
/// raised to the fixed power 3 (coprime to `r`, so still a non-degenerate bilinear pairing) in
/// 5 exponentiations by `x` (two for `(x − 1)²`, one for `x + p`, two for `x² + p² − 1`).
fn hard_part_bls12<E: PairingParams<N>, const N: usize>(f: &MillerLoopOutput<E, N>) -> MillerLoopOutput<E, N> {
    let x = ParamPower::of::<E, N>();
    let a = x.pow::<E, N>(f) * f.conjugate(); // f^(x−1)
    let a = x.pow::<E, N>(&a) * a.conjugate(); // f^((x−1)²)
    let b = x.pow::<E, N>(&a) * a.frobenius_map(1); // a^(x+p)
    let c = x.pow::<E, N>(&x.pow::<E, N>(&b)) * b.frobenius_map(2) * b.conjugate(); // b^(x²+p²−1)
    c * f.cyclotomic_square() * f
}

/// BN hard part, Scott et al., "On the final exponentiation for calculating pairings on
/// ordinary elliptic curves" (eprint 2008/490, §5): `(p⁴ − p² + 1)/r = λ₀ + λ₁p + λ₂p² + λ₃p³`
/// with `λ₃ = 1`, `λ₂ = 6u² + 1`, `λ₁ = −36u³ − 18u² − 12u + 1`, `λ₀ = −36u³ − 30u² − 18u − 2`,
/// evaluated with three exponentiations by `u` and a short vectorial addition chain.
fn hard_part_bn<E: PairingParams<N>, const N: usize>(f: &MillerLoopOutput<E, N>) -> MillerLoopOutput<E, N> {
    let u = ParamPower::of::<E, N>();
    let fu = u.pow::<E, N>(f);
    let fu2 = u.pow::<E, N>(&fu);
    let fu3 = u.pow::<E, N>(&fu2);
    let y0 = f.frobenius_map(1) * f.frobenius_map(2) * f.frobenius_map(3);
    let y1 = f.conjugate();
    let y2 = fu2.frobenius_map(2);
    let y3 = fu.frobenius_map(1).conjugate();
    let y4 = (fu * fu2.frobenius_map(1)).conjugate();
    let y5 = fu2.conjugate();
    let y6 = (fu3 * fu3.frobenius_map(1)).conjugate();
    let t0 = y6.cyclotomic_square() * y4 * y5;
    let t1 = y3 * y5 * t0;
    let t0 = t0 * y2;
    let t1 = (t1.cyclotomic_square() * t0).cyclotomic_square();
    let t0 = t1 * y1;
    let t1 = t1 * y0;
    t0.cyclotomic_square() * t1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The digits spell the parameter back, follow the wNAF shape, and the widths chosen for the
    /// two families' parameters are the ones stated on [`ParamPower`].
    #[test]
    fn param_digits_are_a_wnaf() {
        // 2^64 − 1 has the NAF 2^64 − 1: two digits, so the plain NAF is cheapest; BLS12-381's
        // six ones are six NAF digits too, one position longer.
        for (k, want_w) in [(0x44E9_92B4_4A69_09F1u64, 4), (0xd201_0000_0001_0000, 1), (1, 1), (u64::MAX, 2)] {
            let (digits, w) = param_digits(k);
            let value = digits.iter().rev().fold(0i128, |acc, &d| 2 * acc + d as i128);
            assert_eq!(value, k as i128, "{k:#x}");
            assert!(digits[digits.len() - 1] > 0);
            let mut last = None;
            for (i, &d) in digits.iter().enumerate() {
                if d != 0 {
                    let in_range = if w == 1 { d == 1 } else { d % 2 != 0 && d.unsigned_abs() < 1 << (w - 1) };
                    assert!(in_range, "{k:#x}: digit {d}");
                    if let Some(j) = last {
                        assert!(i - j >= w as usize, "{k:#x}: digits {j} and {i}");
                    }
                    last = Some(i);
                }
            }
            assert_eq!(w, want_w, "{k:#x}");
        }
    }

    /// Every split of the sparse exponentiation gives `f^x`, as the left-to-right width-4 NAF
    /// exponentiation does, for BLS12-381's parameter and a crowded one; the cost model keeps
    /// a compressed part for BLS12-381 on both paths.
    #[test]
    fn sparse_splits_agree() {
        use crate::curves::bls12_381::{Bls12_381, G1Projective, G2Projective};
        use crate::pairing::PairingEngine;
        let gt = Bls12_381::pairing(&G1Projective::generator().to_affine(), &G2Projective::generator().to_affine());
        let f = *gt.as_fp12();
        for k in [0xd201_0000_0001_0000u64, 0b1011_0111, 1 << 40 | 0b101] {
            let want = pow_wnaf::<Bls12_381, 6>(&f, &crate::curve::wnaf(&[k], 4), 4);
            for w in [1, 2] {
                let digits = if w == 1 {
                    (0..64 - k.leading_zeros()).map(|j| ((k >> j) & 1) as i16).collect()
                } else {
                    crate::curve::wnaf(&[k], 2)
                };
                let js: Vec<u32> = (0..digits.len() as u32).filter(|&j| digits[j as usize] != 0).collect();
                for split in 0..=js.len() {
                    assert_eq!(
                        pow_sparse_split::<Bls12_381, 6>(&f, &digits, &js, split),
                        want,
                        "{k:#x}, w {w}, split {split}"
                    );
                }
            }
        }
        let js = [16, 48, 57, 60, 62, 63];
        assert_eq!(sparse_split(&js, false), 3);
        assert!(sparse_split(&js, true) > 0);
    }
}
