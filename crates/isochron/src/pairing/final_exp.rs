//! The final exponentiation `f^((p¹² − 1)/r)`, split as the easy part `(p⁶ − 1)(p² + 1)` and
//! the hard part `(p⁴ − p² + 1)/r`, which works in the cyclotomic subgroup (inverse =
//! conjugate, Granger–Scott squarings).

use super::{Family, MillerLoopOutput, PairingParams};

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

/// `f^PARAM` (signed) for `f` in the cyclotomic subgroup: left-to-right over the non-adjacent
/// form of the public `|PARAM|` (a digit −1 multiplies by the conjugate, the inverse in the
/// subgroup), each run of squarings as one
/// [`cyclotomic_square_n`](crate::field::fp12::Fp12::cyclotomic_square_n) (compressed squarings
/// for the long runs of BLS12 parameters), conjugated when the parameter is negative.
fn exp_by_param<E: PairingParams<N>, const N: usize>(f: &MillerLoopOutput<E, N>) -> MillerLoopOutput<E, N> {
    // The NAF of |PARAM|, least significant digit first.
    let mut naf = [0i8; 65];
    let mut k = E::PARAM as u128;
    let mut len = 0;
    while k != 0 {
        if k & 1 == 1 {
            let d = 2 - (k & 3) as i8;
            naf[len] = d;
            k = (k as i128 - d as i128) as u128;
        }
        k >>= 1;
        len += 1;
    }
    let f_inv = f.conjugate();
    let mut r = *f; // the leading digit is 1
    let mut run = 0;
    for &d in naf[..len - 1].iter().rev() {
        run += 1;
        if d != 0 {
            r = r.cyclotomic_square_n(run);
            run = 0;
            r *= if d > 0 { *f } else { f_inv };
        }
    }
    r = r.cyclotomic_square_n(run);
    if E::PARAM_IS_NEGATIVE {
        r.conjugate()
    } else {
        r
    }
}

/// BLS12 hard part, Hayashida–Hayasaka–Teruya (eprint 2020/875, §4): with the family
/// parameter `x`, `3·(p⁴ − p² + 1)/r = (x − 1)²·(x + p)·(x² + p² − 1) + 3`. Computes the pairing
/// raised to the fixed power 3 (coprime to `r`, so still a non-degenerate bilinear pairing) in
/// 4 exponentiations by `x`.
fn hard_part_bls12<E: PairingParams<N>, const N: usize>(f: &MillerLoopOutput<E, N>) -> MillerLoopOutput<E, N> {
    let a = exp_by_param::<E, N>(f) * f.conjugate(); // f^(x−1)
    let a = exp_by_param::<E, N>(&a) * a.conjugate(); // f^((x−1)²)
    let b = exp_by_param::<E, N>(&a) * a.frobenius_map(1); // a^(x+p)
    let c = exp_by_param::<E, N>(&exp_by_param::<E, N>(&b)) * b.frobenius_map(2) * b.conjugate(); // b^(x²+p²−1)
    c * f.cyclotomic_square() * f
}

/// BN hard part, Scott et al., "On the final exponentiation for calculating pairings on
/// ordinary elliptic curves" (eprint 2008/490, §5): `(p⁴ − p² + 1)/r = λ₀ + λ₁p + λ₂p² + λ₃p³`
/// with `λ₃ = 1`, `λ₂ = 6u² + 1`, `λ₁ = −36u³ − 18u² − 12u + 1`, `λ₀ = −36u³ − 30u² − 18u − 2`,
/// evaluated with three exponentiations by `u` and a short vectorial addition chain.
fn hard_part_bn<E: PairingParams<N>, const N: usize>(f: &MillerLoopOutput<E, N>) -> MillerLoopOutput<E, N> {
    let fu = exp_by_param::<E, N>(f);
    let fu2 = exp_by_param::<E, N>(&fu);
    let fu3 = exp_by_param::<E, N>(&fu2);
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
